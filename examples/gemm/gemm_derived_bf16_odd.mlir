// The bf16 GEMM of gemm_derived_bf16.mlir with partial tiles (odd
// shapes): any M, N a multiple of 4 and K of 8 (TMA needs rows that are
// multiples of 16 bytes). As in gemm_derived_cluster_odd.mlir, the M, N and
// K divisions use `tail = guard` and `drop_bounds_guard`; the rest of the
// script is gemm_derived_bf16.mlir's, and the copies of partial tiles
// become TMA loads that zero-fill and a TMA store that clips.
//
// The schedule is the library sequence @gemm_cluster_tiles_odd followed by
// @gemm_cluster_kernel (examples/gemm/schedules/cluster.mlir, where the
// steps are commented), called below with the bf16 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_odd.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 4 == 0, K mod 8 == 0,
                                        M - 1 >= 0, N - 4 >= 0, K - 8 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !Ch
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_cluster_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_kernel(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %ab_mem: !transform.any_param {transform.readonly}, %c_mem: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly}, %store_c: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_odd" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.param.constant "256 * tn" -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem_swizzle<128>> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32, swizzle = 128, box = [128, 32]> -> !transform.any_param
    transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

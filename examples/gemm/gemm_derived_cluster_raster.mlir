// The rasterized variant of gemm_derived_cluster.mlir: the same
// derivation, with the column tiles of C split in groups of 8 (2048
// columns) and the task loops ordered group, row tile, column tile in the
// group. The persistent grid runs consecutive tasks at the same time, so
// the 66 clusters of one wave share about 8 column tiles of B and 8 row
// tiles of A instead of 2 of B and all of A: at 8192^3 (where A is 256 MiB
// and the L2 cache 50 MiB) that roughly halves the DRAM traffic per wave.
// It needs N to be a multiple of 2048.
//
// The schedule is the library sequence @gemm_cluster_tiles_raster followed by
// @gemm_cluster_kernel (examples/gemm/schedules/cluster.mlir, where the
// steps are commented), called below with the tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_cluster_raster.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 2048 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
                                        N - 256 >= 0, K - 32 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
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
  transform.named_sequence private @gemm_cluster_tiles_raster(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_kernel(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %ab_mem: !transform.any_param {transform.readonly}, %c_mem: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly}, %store_c: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_raster" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %tasks = transform.param.constant 3 : i64 -> !transform.any_param
    %n_at = transform.param.constant "2048 * tno + 256 * tni" -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem_swizzle<128>> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32, swizzle = 128, box = [128, 32]> -> !transform.any_param
    transform.include @gemm_cluster_tiles_raster failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

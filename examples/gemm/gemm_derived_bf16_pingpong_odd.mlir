// The persistent ping-pong bf16 GEMM for any M, N a multiple of 4 and K of 8
// (TMA needs rows of A and B that are multiples of 16 bytes): the derivation
// of gemm_derived_bf16_pingpong.mlir with partial tiles, as
// gemm_derived_pingpong_odd.mlir is gemm_derived_pingpong.mlir's. A tile's K
// loop has ceil(K / 64) steps.
//
// The script is the library sequences @gemm_pingpong_tiles_odd and
// @gemm_pingpong (examples/gemm/schedules/pingpong.mlir), called below with
// the bf16 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_pingpong_odd.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/pingpong.mlir \
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
  transform.named_sequence private @gemm_pingpong_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly}, %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_pingpong_odd" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "(K + {0} - 1) / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} >= K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_pingpong_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

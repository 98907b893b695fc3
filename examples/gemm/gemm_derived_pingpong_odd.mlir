// The persistent ping-pong tf32 GEMM for any M, N and K multiples of 4 (TMA
// needs rows of A and B that are multiples of 16 bytes): the derivation of
// gemm_derived_pingpong.mlir with partial tiles. The M, N and K divisions
// guard the last tile and drop_bounds_guard removes the guards: the
// accesses of the extra iterations become oob, which the TMA loads
// zero-fill and the accumulator store skips. A tile's K loop has
// ceil(K / 32) steps, so its last slot's release is at (K + 31) / 32 + 6 and
// the hand-offs happen at the last K slice, 32 * ko + 32 >= K.
//
// The script is the library sequences @gemm_pingpong_tiles_odd and
// @gemm_pingpong (examples/gemm/schedules/pingpong.mlir), called below with
// the tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_pingpong_odd.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/pingpong.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 4 == 0, K mod 4 == 0,
                                        M - 1 >= 0, N - 4 >= 0, K - 4 >= 0)> {
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
  transform.named_sequence private @gemm_pingpong_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly}, %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_pingpong_odd" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "(K + {0} - 1) / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} >= K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_pingpong_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

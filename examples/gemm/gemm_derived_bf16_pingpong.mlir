// The persistent ping-pong bf16 GEMM, derived from the naive specification
// (@gemm_bf16 below): gemm_derived_pingpong.mlir's schedule with bf16
// operands (C in f32), 64-wide K steps (one 128-byte swizzle span of bf16;
// a ring slot holds 32 KiB as for tf32, so the ring keeps its 7 slots) and
// wgmma.m64n128k16. 256 x 128 cluster tiles, one consumer warpgroup per
// tile, the two warpgroups taking turns so that one's stores overlap the
// other's K loop: the structure for the shapes where the 256 x 256
// cooperative tiles leave SMs idle or expose their epilogue. Whole tiles
// only: M a multiple of 256, N of 128, K of 64.
//
// The script is the library sequences @gemm_pingpong_tiles and @gemm_pingpong
// (examples/gemm/schedules/pingpong.mlir), called below with the bf16
// parameters; the comments there apply.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_pingpong.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/pingpong.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 128 == 0,
                                        K mod 64 == 0, M - 256 >= 0,
                                        N - 128 >= 0, K - 64 >= 0)> {
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
  transform.named_sequence private @gemm_pingpong_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly}, %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_pingpong" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} == K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// The persistent ping-pong tf32 GEMM, derived from the naive specification
// (@gemm_tf32 below) by the transform script at the end of this file: the
// kernel of the hand-written hopper_gemm_pingpong_persistent.mlir, produced
// by checked rewrites.
//
// The structure of cuBLAS's tf32 kernel where the cooperative kernels
// (gemm_derived_persistent_direct*.mlir) lose to it: 256 x 128 cluster
// tiles, one consumer warpgroup per tile (128 x 128 per CTA, two m64n128
// accumulators), the two consumer warpgroups taking turns so that one's
// stores overlap the other's K loop; one 7-slot ring (A 128 x 32 and B
// 128 x 32 per CTA, B multicast) for all tiles of a persistent task; a
// producer warp whose loop the lowering runs on lane 0 (seven slots run
// 1 % faster than six at 8192x8192x512 and 256x8192x8192 with loop-carried
// ring arithmetic: bench/analysis/ring-arithmetic.md).
// Whole tiles only: M
// a multiple of 256, N of 128, K of 32.
//
// The script: tiles and loop order (1-2), the kernel and its warp groups
// (3), accumulators (4), the epilogue and rings (5-6), the two halves of
// each K step as separate commit groups, the producer warp (7), persistence
// (8), the K loop's synchronization (9), rings chained across a task's
// tiles (10); then the ping-pong itself: the tile loop divided into pairs
// and each pair written out, the first tile's consumer statements on warps
// 0-3 of the "consumer" group and the second's on warps 4-7 (11), and the
// hand-off barriers that order the two warpgroups' waits on the shared ring
// (12). Every rewrite checks the sequential meaning; the synchronization
// inserted is checked by -exo-check-sync, which rejects the kernel without
// the hand-offs (a wait could pass on a stale phase).
//
// The script is the library sequences @gemm_pingpong_tiles and @gemm_pingpong
// (examples/gemm/schedules/pingpong.mlir), called below with the tf32
// parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_pingpong.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/pingpong.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 128 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
                                        N - 128 >= 0, K - 32 >= 0)> {
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
  transform.named_sequence private @gemm_pingpong_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly}, %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_pingpong" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} == K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

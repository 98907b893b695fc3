// The persistent tf32 GEMM of hopper_gemm_persistent.mlir, derived from the
// naive GEMM: gemm_derived_cluster.mlir's schedule (a 256 x 256 tile per
// cluster of two CTAs, a producer warp, two consumer warpgroups, 4-slot
// rings of A and B with B multicast), with two more rewrites and an
// epilogue in quarters:
//
//   - `persist_tasks` turns the task nest (tn, tm) into one task per cluster
//     (pc, over the new size NC marked exo.cluster_count) and a sequential
//     loop over its tiles (pi), after proving the tiles independent;
//   - `chain_rings` lifts the rings and their barriers out of the tile loop,
//     tile pi using ring elements pi * K/32 + ko, so the phases run on from
//     tile to tile and the producer loads the next tile's first slots while
//     the consumers store the last one; the other barriers are lifted by
//     `lift_alloc`;
//   - the epilogue stages C a quarter (256 x 64) at a time in a 128 x 64
//     swizzled buffer per CTA, which fits next to the rings: each consumer
//     warpgroup stores its quarter of the accumulators, and each of its
//     warps writes its 16 rows with a TMA store of its own and waits for it.
//
// Differences from the hand kernel: a warp waits for its quarter's store
// before the next quarter, not at the next quarter's start (so the last
// quarter's stores do not overlap the next tile's K loop), and the
// consumers release the previous tile's last slot at the next tile's first
// K step rather than right after the drain (insert_arrive's linear indices
// cannot name K / 32 + 3).
//
// The schedule is the library sequence @gemm_cluster_tiles
// (examples/gemm/schedules/cluster.mlir) followed by @gemm_persistent
// (examples/gemm/schedules/persistent.mlir), called below with the
// tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_persistent.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir,examples/gemm/schedules/persistent.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 256 == 0,
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
  transform.named_sequence private @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_persistent(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.param.constant "256 * tn" -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_persistent failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

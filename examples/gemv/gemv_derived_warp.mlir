// The fast GEMV derived from its specification: the
// transform script turns y[m] = sum_k A[m, k] x[k] into the hand-written
// kernel of gemv_warp_v4.mlir: one warp per row, each lane reading 16-byte
// vectors of the row and of x (128 columns per warp step), one partial sum
// per lane in a register, and a butterfly of five shuffles (lane masks 16,
// 8, 4, 2, 1) adding the 32 partial sums; lane 0 adds the total to y[m].
//
// The steps that make it fast, beyond gemv_derived.mlir's one row per
// thread:
//   - the lane's 5 bits get a loop each (divide_loop), moved outside the K
//     steps (reorder_loops: the reductions into y[m] commute);
//   - y[m] is staged per lane (stage_mem), the staged element expanded by
//     the lane bits and lifted out of their loops: the partial sums `part`,
//     distributed over the lanes;
//   - reduce_tree turns the sum of the 32 partial sums into a butterfly
//     whose levels are the shuffle instructions' bodies (replace); this
//     re-associates the sum (equal in real arithmetic);
//   - add_loop puts the zeroing of y[m] and the final add in lane 0.
// The result equals the hand-written kernel exactly on the CPU (the same
// order of additions) and the specification within rounding
// (test/Examples/gemv-derived.test).
//
// The lane-level steps are the library sequences of
// examples/gemv/schedules/gemv.mlir, called with the name of the loop over
// K steps. Run it:
//   exo-gpu-opt examples/gemv/gemv_derived_warp.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemv/schedules/gemv.mlir \
//     -transform-interpreter

!A = !exo.tensor<[M, K], f32, gmem>
!x = !exo.tensor<[K], f32, gmem>
!y = !exo.tensor<[M], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!Part = !exo.tensor<[2, 2, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>
!Vec = !exo.tensor<[2, 2, 2, 2, 2, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!xh = !exo.tensor<[K], f32, dram>
!yh = !exo.tensor<[M], f32, dram>

exo.proc @gemv(%M: index, %K: index, %A: !Ah, %x: !xh, %y: !yh)
    requires affine_set<()[M, K] : (M mod 8 == 0, K mod 128 == 0,
                                     M - 8 >= 0, K - 128 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !yh
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%m, %k] : !Ah
      %b = exo.read %x[%k] : !xh
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%m] += %p : !yh
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemv_lane_bits(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemv_lanes_outside(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemv_lane_sums(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly}) -> !transform.any_op
  transform.named_sequence private @gemv_lane_modes(%p: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived_warp" : (!transform.any_op) -> !transform.any_op

    // 1. A task is 8 rows, one per warp (t, w). A row's K is read in steps
    //    of 128 (kc), 4 floats per lane (i); the lane's 5 bits (b4 .. b0)
    //    each get a loop, so that a butterfly can exchange one of them.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %t, %w, %mt = transform.exo.divide_loop %m by 8 ["t", "w"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %kc, %kr, %kt = transform.exo.divide_loop %k by 128 ["kc", "kr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k_name = transform.param.constant "kc" -> !transform.any_param
    transform.include @gemv_lane_bits failures(propagate) (%p) : (!transform.any_op) -> ()

    // 2. The lanes outside the K steps: each lane sums its own columns
    //    (reordering reductions into y[m], which commute).
    transform.include @gemv_lanes_outside failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> ()

    // 3. The kernel: 8 warps per CTA, 4 CTAs per SM (64 registers per
    //    thread; at 8 CTAs per SM, 32 registers, ptxas spills 20 bytes and
    //    the kernel is 3-20 % slower: bench/RESULTS.md);
    //    a warp per row.
    %tl = transform.exo.match_loop "t" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tl tasks 1 block_dim 256 cluster_dim 1 blocks_per_sm 4 : (!transform.any_op) -> !transform.any_op

    // 4-5. Each lane sums its columns in a register: y[m] is staged per
    //    lane (zero, the lane's sum, added back), then the staged element
    //    gets a dimension per lane bit and leaves the lane loops (part,
    //    distributed over the lanes), which split in three: zero, sum, add
    //    back. The lanes' sums are added by a butterfly over the 5 lane bits
    //    (shuffles with lane masks 16 .. 1); lane 0 adds the total to y[m].
    %final = transform.include @gemv_lane_sums failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> !transform.any_op

    // 6. Each K step of a lane reads 4 floats of the row and of x into
    //    registers with one 16-byte load each.
    %iloop = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %av, %a_in, %a_out = transform.exo.stage_mem %iloop, "A" at ["8 * t + w", "128 * kc + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 4] as "av" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %xv, %x_in, %x_out = transform.exo.stage_mem %iloop, "x" at ["128 * kc + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [4] as "xv" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lda = transform.exo.replace %a_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %ldx = transform.exo.replace %x_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. Lane 0 zeroes y[m] and adds the total to it: each gets a loop per
    //    lane bit that runs it at 0.
    %init = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %ends = transform.merge_handles %init, %final : !transform.any_op
    %e0 = transform.exo.add_loop %ends "b0" to "2" : (!transform.any_op) -> !transform.any_op
    %e1 = transform.exo.add_loop %e0 "b1" to "2" : (!transform.any_op) -> !transform.any_op
    %e2 = transform.exo.add_loop %e1 "b2" to "2" : (!transform.any_op) -> !transform.any_op
    %e3 = transform.exo.add_loop %e2 "b3" to "2" : (!transform.any_op) -> !transform.any_op
    %e4 = transform.exo.add_loop %e3 "b4" to "2" : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 8. The loops run on the warps and lanes: w on the CTA's warps; a lane
    //    bit b on the lanes that differ in it (b4 on threads 16 apart, ...);
    //    a butterfly level's loops on the lane pairs its shuffle exchanges
    //    (the pair strided by the level's mask, the other bits as above).
    transform.include @gemv_lane_modes failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield
  }
}

// A schedule library: the lane-level steps of the warp-per-row GEMVs
// (gemv_derived_warp.mlir and its split-K form gemv_derived_splitk.mlir),
// which read a row's K in steps of 128 floats, 4 per lane, and add the
// lanes' sums by a butterfly of shuffles. Each sequence takes the proc to
// schedule, after its rows were divided into warps (t, w) and its K loop
// (named %k_name: `kc` for the GEMV, `kb` for the split-K one) into steps
// of 128 (%k_name) and their floats (kr):
//   @gemv_lane_bits     a step's floats 4 per lane (i), the lane's 5 bits
//                       b4 .. b0 a loop each, so that a butterfly can
//                       exchange one of them;
//   @gemv_lanes_outside the lanes outside the K steps: each lane sums its
//                       own columns (the reductions into y[m] commute);
//   @gemv_lane_sums     after the device function: each lane's sum in a
//                       register, distributed over the lanes, and the
//                       butterfly over the 5 lane bits (shuffles with lane
//                       masks 16 .. 1); returns the total's add to y[m];
//   @gemv_lane_modes    the loops on the warps and lanes: w on the CTA's
//                       warps; a lane bit on the lanes that differ in it;
//                       a butterfly level's loops on the lane pairs its
//                       shuffle exchanges.
//   @gemv_warp          the warp-per-row GEMV after its tiling (whole or
//                       partial tiles; the K steps named kc): the above
//                       and the device function; returns the total's add
//                       to y[m];
//   @gemv_vector_loads  then, where K is a multiple of 4: a lane's 4
//                       floats of A and of x by one 16-byte load each;
//   @gemv_warp_end      then: lane 0's writes of y, the loops' modes.
// Use them by declaring the sequences in the script that includes them and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemv/schedules/gemv.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence @gemv_lane_bits(%p: !transform.any_op {transform.readonly}) {
    %kr = transform.exo.match_loop "kr" in %p : (!transform.any_op) -> !transform.any_op
    %lane, %i, %it = transform.exo.divide_loop %kr by 4 ["lane", "i"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b4, %l4, %t4 = transform.exo.divide_loop %lane by 16 ["b4", "l4"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b3, %l3, %t3 = transform.exo.divide_loop %l4 by 8 ["b3", "l3"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b2, %l2, %t2 = transform.exo.divide_loop %l3 by 4 ["b2", "l2"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b1, %b0, %t1 = transform.exo.divide_loop %l2 by 2 ["b1", "b0"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  transform.named_sequence @gemv_lanes_outside(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly}) {
    %k_names = transform.merge_handles %k_name, %k_name, %k_name, %k_name, %k_name : !transform.any_param
    transform.foreach %k_names : !transform.any_param {
    ^bb0(%name: !transform.any_param):
      %kc = transform.exo.match_loop %name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
      %r, %s = transform.exo.reorder_loops %kc : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }

  transform.named_sequence @gemv_lane_sums(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly}) -> !transform.any_op {
    %kc6 = transform.exo.match_loop %k_name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %part, %pin, %pout = transform.exo.stage_mem %kc6, "y" at ["8 * t + w"] sizes [1] as "part" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %part size 2 index "b0" : !transform.any_op
    transform.exo.lift_alloc %part : !transform.any_op
    transform.exo.expand_dim %part size 2 index "b1" : !transform.any_op
    transform.exo.lift_alloc %part : !transform.any_op
    transform.exo.expand_dim %part size 2 index "b2" : !transform.any_op
    transform.exo.lift_alloc %part : !transform.any_op
    transform.exo.expand_dim %part size 2 index "b3" : !transform.any_op
    transform.exo.lift_alloc %part : !transform.any_op
    transform.exo.expand_dim %part size 2 index "b4" : !transform.any_op
    transform.exo.lift_alloc %part : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %zeros, %rest = transform.exo.fission %pin {depth = 5} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc7 = transform.exo.match_loop %k_name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %sums, %addback = transform.exo.fission %kc7 {depth = 5} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The lanes' sums are added by a butterfly over the 5 lane bits:
    //    each level is a shuffle with the lane (mask 16, 8, 4, 2, 1) and an
    //    add; lane 0 adds the total to y[m].
    %levels, %final = transform.exo.reduce_tree %addback as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %sh16 = transform.exo.match_loop "b4_pair" in %p : (!transform.any_op) -> !transform.any_op
    %c16 = transform.exo.replace %sh16 with (#exo.shfl_xor<combine = add, lane_mask = 16, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %sh8 = transform.exo.match_loop "b3_pair" in %p : (!transform.any_op) -> !transform.any_op
    %c8 = transform.exo.replace %sh8 with (#exo.shfl_xor<combine = add, lane_mask = 8, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %sh4 = transform.exo.match_loop "b2_pair" in %p : (!transform.any_op) -> !transform.any_op
    %c4 = transform.exo.replace %sh4 with (#exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %sh2 = transform.exo.match_loop "b1_pair" in %p : (!transform.any_op) -> !transform.any_op
    %c2 = transform.exo.replace %sh2 with (#exo.shfl_xor<combine = add, lane_mask = 2, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %sh1 = transform.exo.match_loop "b0_pair" in %p : (!transform.any_op) -> !transform.any_op
    %c1 = transform.exo.replace %sh1 with (#exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    transform.yield %final : !transform.any_op
  }

  transform.named_sequence @gemv_lane_modes(%p: !transform.any_op {transform.readonly}) {
    %l_w = transform.exo.match_loop "w" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_w cuda_threads<warp> : !transform.any_op
    // Bit Y's loops (bY; bX_bY of a level X below Y): the threads that differ in bit Y.
    %l_b4 = transform.exo.match_loop "b4" in %p : (!transform.any_op) -> !transform.any_op
    %l_b3_b4 = transform.exo.match_loop "b3_b4" in %p : (!transform.any_op) -> !transform.any_op
    %l_b2_b4 = transform.exo.match_loop "b2_b4" in %p : (!transform.any_op) -> !transform.any_op
    %l_b1_b4 = transform.exo.match_loop "b1_b4" in %p : (!transform.any_op) -> !transform.any_op
    %l_b0_b4 = transform.exo.match_loop "b0_b4" in %p : (!transform.any_op) -> !transform.any_op
    %bit4 = transform.merge_handles %l_b4, %l_b3_b4, %l_b2_b4, %l_b1_b4, %l_b0_b4 : !transform.any_op
    transform.exo.set_loop_mode %bit4 cuda_threads<16 * thread> : !transform.any_op
    %l_b3 = transform.exo.match_loop "b3" in %p : (!transform.any_op) -> !transform.any_op
    %l_b2_b3 = transform.exo.match_loop "b2_b3" in %p : (!transform.any_op) -> !transform.any_op
    %l_b1_b3 = transform.exo.match_loop "b1_b3" in %p : (!transform.any_op) -> !transform.any_op
    %l_b0_b3 = transform.exo.match_loop "b0_b3" in %p : (!transform.any_op) -> !transform.any_op
    %bit3 = transform.merge_handles %l_b3, %l_b2_b3, %l_b1_b3, %l_b0_b3 : !transform.any_op
    transform.exo.set_loop_mode %bit3 cuda_threads<8 * thread> : !transform.any_op
    %l_b2 = transform.exo.match_loop "b2" in %p : (!transform.any_op) -> !transform.any_op
    %l_b1_b2 = transform.exo.match_loop "b1_b2" in %p : (!transform.any_op) -> !transform.any_op
    %l_b0_b2 = transform.exo.match_loop "b0_b2" in %p : (!transform.any_op) -> !transform.any_op
    %bit2 = transform.merge_handles %l_b2, %l_b1_b2, %l_b0_b2 : !transform.any_op
    transform.exo.set_loop_mode %bit2 cuda_threads<4 * thread> : !transform.any_op
    %l_b1 = transform.exo.match_loop "b1" in %p : (!transform.any_op) -> !transform.any_op
    %l_b0_b1 = transform.exo.match_loop "b0_b1" in %p : (!transform.any_op) -> !transform.any_op
    %bit1 = transform.merge_handles %l_b1, %l_b0_b1 : !transform.any_op
    transform.exo.set_loop_mode %bit1 cuda_threads<2 * thread> : !transform.any_op
    %l_b0 = transform.exo.match_loop "b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0 cuda_threads<thread> : !transform.any_op
    // bX_bY of a level X above Y: the lane pairs strided by the level's mask.
    %l_b4_b3 = transform.exo.match_loop "b4_b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b3 cuda_threads<2 * threads_strided(8, 16)> : !transform.any_op
    %l_b4_b2 = transform.exo.match_loop "b4_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b2 cuda_threads<2 * threads_strided(4, 16)> : !transform.any_op
    %l_b4_b1 = transform.exo.match_loop "b4_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b1 cuda_threads<2 * threads_strided(2, 16)> : !transform.any_op
    %l_b4_b0 = transform.exo.match_loop "b4_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b0 cuda_threads<2 * threads_strided(1, 16)> : !transform.any_op
    %l_b3_b2 = transform.exo.match_loop "b3_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b2 cuda_threads<2 * threads_strided(4, 8)> : !transform.any_op
    %l_b3_b1 = transform.exo.match_loop "b3_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b1 cuda_threads<2 * threads_strided(2, 8)> : !transform.any_op
    %l_b3_b0 = transform.exo.match_loop "b3_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b0 cuda_threads<2 * threads_strided(1, 8)> : !transform.any_op
    %l_b2_b1 = transform.exo.match_loop "b2_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b1 cuda_threads<2 * threads_strided(2, 4)> : !transform.any_op
    %l_b2_b0 = transform.exo.match_loop "b2_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b0 cuda_threads<2 * threads_strided(1, 4)> : !transform.any_op
    %l_b1_b0 = transform.exo.match_loop "b1_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1_b0 cuda_threads<2 * threads_strided(1, 2)> : !transform.any_op
    transform.yield
  }

  // The warp-per-row GEMV after its tiling (the rows divided into warps t, w
  // by 8, K into steps kc of 128 and their floats kr; whole or partial
  // tiles): everything else of gemv_derived_warp.mlir, with
  // @gemv_vector_loads and @gemv_warp_end.
  transform.named_sequence @gemv_warp(%p: !transform.any_op {transform.readonly}) -> !transform.any_op {
    // 1 (end). The lane's 5 bits (b4 .. b0) each get a loop, so that a
    //    butterfly can exchange one of them.
    %k_name = transform.param.constant "kc" -> !transform.any_param
    transform.include @gemv_lane_bits failures(propagate) (%p) : (!transform.any_op) -> ()

    // 2. The lanes outside the K steps: each lane sums its own columns
    //    (reordering reductions into y[m], which commute).
    transform.include @gemv_lanes_outside failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> ()

    // 3. The kernel: 8 warps per CTA, 4 CTAs per SM (64 registers per
    //    thread; at 8 CTAs per SM, 32 registers, ptxas spills 20 bytes and
    //    the kernel is 3-20 % slower); a warp per row.
    %tl = transform.exo.match_loop "t" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tl tasks 1 block_dim 256 cluster_dim 1 blocks_per_sm 4 : (!transform.any_op) -> !transform.any_op

    // 4-5. Each lane sums its columns in a register: y[m] is staged per
    //    lane (zero, the lane's sum, added back), then the staged element
    //    gets a dimension per lane bit and leaves the lane loops (part,
    //    distributed over the lanes), which split in three: zero, sum, add
    //    back. The lanes' sums are added by a butterfly over the 5 lane bits
    //    (shuffles with lane masks 16 .. 1); lane 0 adds the total to y[m].
    %final = transform.include @gemv_lane_sums failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> !transform.any_op

    transform.yield %final : !transform.any_op
  }

  // The vector loads, between @gemv_warp and @gemv_warp_end (K a multiple
  // of 4, so that the rows start 16-byte aligned; without them a lane reads
  // its 4 floats one by one).
  transform.named_sequence @gemv_vector_loads(%p: !transform.any_op {transform.readonly}) {
    // 6. Each K step of a lane reads 4 floats of the row and of x into
    //    registers with one 16-byte load each.
    %iloop = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %av, %a_in, %a_out = transform.exo.stage_mem %iloop, "A" at ["8 * t + w", "128 * kc + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 4] as "av" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %xv, %x_in, %x_out = transform.exo.stage_mem %iloop, "x" at ["128 * kc + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [4] as "xv" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lda = transform.exo.replace %a_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %ldx = transform.exo.replace %x_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // The end of the warp-per-row GEMV: %final is what @gemv_warp returns.
  transform.named_sequence @gemv_warp_end(%p: !transform.any_op {transform.readonly},
      %final: !transform.any_op {transform.readonly}) {
    // 7. Lane 0 zeroes y[m] and adds the total to it: each gets a loop per
    //    lane bit that runs it at 0.
    %init = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %ends = transform.merge_handles %init, %final : !transform.any_op
    transform.include @gemv_lane0 failures(propagate) (%p, %ends) : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // The statements %ends run by lane 0 only (a loop per lane bit that runs
  // them at 0), then the loops on the warps and lanes.
  transform.named_sequence @gemv_lane0(%p: !transform.any_op {transform.readonly},
      %ends: !transform.any_op {transform.readonly}) {
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

// The split-K GEMV derived from its specification: the transform
// script turns y[m] = sum_{ks, kc} A[m, ks, kc] x[ks, kc] (K = KS x KC) into
// the hand-written kernel of gemv_splitk_v4.mlir, for short and wide
// matrices: the warp-per-row kernel of gemv_derived_warp.mlir with each
// row's K split into KS chunks that are separate tasks, so that a few long
// rows still give the GPU enough warps. The steps beyond the warp kernel's:
//   - the zeroing of y becomes a loop of its own, which the host runs as a
//     memset on the stream before the launch (wrap_device_function ...
//     host ... with #exo.memset0<rank = 1, dtype = f32>);
//   - the chunk loop ks moves outside the row's warp (the reductions into
//     y[m] commute) and becomes a task loop;
//   - lane 0's final add into y[m] becomes an atomic reduction
//     (red.global.add): the chunks of a row add into y[m] concurrently, and
//     the checker lets atomic adds commute.
// The result equals the hand-written kernel on the CPU up to the order of
// the chunks' additions, and the specification within rounding
// (test/Examples/gemv-derived.test).
//
// Run it:
//   exo-gpu-opt examples/gemv/gemv_derived_splitk.mlir -transform-interpreter

!y = !exo.tensor<[M], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!Y1 = !exo.window<[1], f32, gmem>
!R1 = !exo.window<[1], f32, regs>
!Part = !exo.tensor<[2, 2, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>
!Vec = !exo.tensor<[2, 2, 2, 2, 2, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, KS, KC], f32, dram>
!xh = !exo.tensor<[KS, KC], f32, dram>
!yh = !exo.tensor<[M], f32, dram>

exo.proc @gemv_splitk(%M: index, %KS: index, %KC: index, %A: !Ah, %x: !xh,
                      %y: !yh)
    requires affine_set<()[M, KS, KC] : (M mod 8 == 0, KC mod 128 == 0,
                                          M - 8 >= 0, KS - 1 >= 0,
                                          KC - 128 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !yh
    exo.for %ks = 0 to %KS seq {
      exo.for %kc = 0 to %KC seq {
        %a = exo.read %A[%m, %ks, %kc] : !Ah
        %b = exo.read %x[%ks, %kc] : !xh
        %p = arith.mulf %a, %b : f32
        exo.reduce %y[%m] += %p : !yh
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv_splitk in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived_splitk" : (!transform.any_op) -> !transform.any_op

    // 0. The zeroing of y gets a loop of its own (the host's memset).
    %init = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 1. A task is 8 rows, one per warp (t, w), and one chunk ks of K. A
    //    chunk is read in steps of 128 (kb), 4 floats per lane (i); the
    //    lane's 5 bits (b4 .. b0) each get a loop.
    %m = transform.exo.match_loop "m" in %update : (!transform.any_op) -> !transform.any_op
    %t, %w, %mt = transform.exo.divide_loop %m by 8 ["t", "w"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "kc" in %p : (!transform.any_op) -> !transform.any_op
    %kb, %kr, %kt = transform.exo.divide_loop %k by 128 ["kb", "kr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lane, %i, %it = transform.exo.divide_loop %kr by 4 ["lane", "i"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b4, %l4, %t4 = transform.exo.divide_loop %lane by 16 ["b4", "l4"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b3, %l3, %t3 = transform.exo.divide_loop %l4 by 8 ["b3", "l3"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b2, %l2, %t2 = transform.exo.divide_loop %l3 by 4 ["b2", "l2"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %b1, %b0, %t1 = transform.exo.divide_loop %l2 by 2 ["b1", "b0"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. The chunk loop outside the warp's row, the lanes outside the K
    //    steps (reordering reductions into y[m], which commute).
    %w1 = transform.exo.match_loop "w" in %p : (!transform.any_op) -> !transform.any_op
    %ks1, %w2 = transform.exo.reorder_loops %w1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc1 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %r1, %s1 = transform.exo.reorder_loops %kc1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc2 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %r2, %s2 = transform.exo.reorder_loops %kc2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc3 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %r3, %s3 = transform.exo.reorder_loops %kc3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc4 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %r4, %s4 = transform.exo.reorder_loops %kc4 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kc5 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %r5, %s5 = transform.exo.reorder_loops %kc5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: 8 warps per CTA, 4 CTAs per SM (64 registers, no
    //    spills, as for the warp kernel), tasks (t, ks); the
    //    zeroing of y becomes, in the same rewrite, a memset the host
    //    issues on the stream before the launch.
    %tl = transform.exo.match_loop "t" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tl tasks 2 block_dim 256 cluster_dim 1 blocks_per_sm 4 host %zeroing with (#exo.memset0<rank = 1, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op

    // 4. Each lane sums its columns of the chunk in a register (part,
    //    distributed over the lanes), as in gemv_derived_warp.mlir.
    %kc6 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
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
    %kc7 = transform.exo.match_loop "kb" in %p : (!transform.any_op) -> !transform.any_op
    %sums, %addback = transform.exo.fission %kc7 {depth = 5} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The butterfly, then lane 0's atomic add of the chunk's total.
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
    %red = transform.exo.replace %final with (#exo.global<kind = red_add, width = 1, dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 6. Each K step of a lane reads 4 floats of the row and of x into
    //    registers with one 16-byte load each.
    %iloop = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %av, %a_in, %a_out = transform.exo.stage_mem %iloop, "A" at ["8 * t + w", "ks", "128 * kb + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 1, 4] as "av" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %xv, %x_in, %x_out = transform.exo.stage_mem %iloop, "x" at ["ks", "128 * kb + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 4] as "xv" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lda = transform.exo.replace %a_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %ldx = transform.exo.replace %x_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. Lane 0 adds the total: a loop per lane bit that runs it at 0.
    %e0 = transform.exo.add_loop %red "b0" to "2" : (!transform.any_op) -> !transform.any_op
    %e1 = transform.exo.add_loop %e0 "b1" to "2" : (!transform.any_op) -> !transform.any_op
    %e2 = transform.exo.add_loop %e1 "b2" to "2" : (!transform.any_op) -> !transform.any_op
    %e3 = transform.exo.add_loop %e2 "b3" to "2" : (!transform.any_op) -> !transform.any_op
    %e4 = transform.exo.add_loop %e3 "b4" to "2" : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 8. The loops run on the warps and lanes: w on the CTA's warps; a lane
    //    bit b on the lanes that differ in it (b4 on threads 16 apart, ...);
    //    a butterfly level's loops on the lane pairs its shuffle exchanges
    //    (the pair strided by the level's mask, the other bits as above).
    %l_w = transform.exo.match_loop "w" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_w cuda_threads<warp> : !transform.any_op
    %l_b4 = transform.exo.match_loop "b4" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4 cuda_threads<16 * thread> : !transform.any_op
    %l_b3 = transform.exo.match_loop "b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3 cuda_threads<8 * thread> : !transform.any_op
    %l_b2 = transform.exo.match_loop "b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2 cuda_threads<4 * thread> : !transform.any_op
    %l_b1 = transform.exo.match_loop "b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1 cuda_threads<2 * thread> : !transform.any_op
    %l_b0 = transform.exo.match_loop "b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0 cuda_threads<thread> : !transform.any_op
    %l_b4_b3 = transform.exo.match_loop "b4_b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b3 cuda_threads<2 * threads_strided(8, 16)> : !transform.any_op
    %l_b4_b2 = transform.exo.match_loop "b4_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b2 cuda_threads<2 * threads_strided(4, 16)> : !transform.any_op
    %l_b4_b1 = transform.exo.match_loop "b4_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b1 cuda_threads<2 * threads_strided(2, 16)> : !transform.any_op
    %l_b4_b0 = transform.exo.match_loop "b4_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b4_b0 cuda_threads<2 * threads_strided(1, 16)> : !transform.any_op
    %l_b3_b4 = transform.exo.match_loop "b3_b4" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b4 cuda_threads<16 * thread> : !transform.any_op
    %l_b3_b2 = transform.exo.match_loop "b3_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b2 cuda_threads<2 * threads_strided(4, 8)> : !transform.any_op
    %l_b3_b1 = transform.exo.match_loop "b3_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b1 cuda_threads<2 * threads_strided(2, 8)> : !transform.any_op
    %l_b3_b0 = transform.exo.match_loop "b3_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b3_b0 cuda_threads<2 * threads_strided(1, 8)> : !transform.any_op
    %l_b2_b4 = transform.exo.match_loop "b2_b4" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b4 cuda_threads<16 * thread> : !transform.any_op
    %l_b2_b3 = transform.exo.match_loop "b2_b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b3 cuda_threads<8 * thread> : !transform.any_op
    %l_b2_b1 = transform.exo.match_loop "b2_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b1 cuda_threads<2 * threads_strided(2, 4)> : !transform.any_op
    %l_b2_b0 = transform.exo.match_loop "b2_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b2_b0 cuda_threads<2 * threads_strided(1, 4)> : !transform.any_op
    %l_b1_b4 = transform.exo.match_loop "b1_b4" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1_b4 cuda_threads<16 * thread> : !transform.any_op
    %l_b1_b3 = transform.exo.match_loop "b1_b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1_b3 cuda_threads<8 * thread> : !transform.any_op
    %l_b1_b2 = transform.exo.match_loop "b1_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1_b2 cuda_threads<4 * thread> : !transform.any_op
    %l_b1_b0 = transform.exo.match_loop "b1_b0" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b1_b0 cuda_threads<2 * threads_strided(1, 2)> : !transform.any_op
    %l_b0_b4 = transform.exo.match_loop "b0_b4" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0_b4 cuda_threads<16 * thread> : !transform.any_op
    %l_b0_b3 = transform.exo.match_loop "b0_b3" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0_b3 cuda_threads<8 * thread> : !transform.any_op
    %l_b0_b2 = transform.exo.match_loop "b0_b2" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0_b2 cuda_threads<4 * thread> : !transform.any_op
    %l_b0_b1 = transform.exo.match_loop "b0_b1" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l_b0_b1 cuda_threads<2 * thread> : !transform.any_op
    transform.yield
  }
}

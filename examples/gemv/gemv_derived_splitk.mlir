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
// The lane-level steps are the library sequences of
// examples/gemv/schedules/gemv.mlir, called with the name of the loop over
// K steps. Run it:
//   exo-gpu-opt examples/gemv/gemv_derived_splitk.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemv/schedules/gemv.mlir \
//     -transform-interpreter

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
  transform.named_sequence private @gemv_lane_bits(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemv_lanes_outside(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemv_lane_sums(%p: !transform.any_op {transform.readonly},
      %k_name: !transform.any_param {transform.readonly}) -> !transform.any_op
  transform.named_sequence private @gemv_lane0(%p: !transform.any_op {transform.readonly},
      %ends: !transform.any_op {transform.readonly})
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
    %k_name = transform.param.constant "kb" -> !transform.any_param
    transform.include @gemv_lane_bits failures(propagate) (%p) : (!transform.any_op) -> ()

    // 2. The chunk loop outside the warp's row, the lanes outside the K
    //    steps (reordering reductions into y[m], which commute).
    %w1 = transform.exo.match_loop "w" in %p : (!transform.any_op) -> !transform.any_op
    %ks1, %w2 = transform.exo.reorder_loops %w1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @gemv_lanes_outside failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> ()

    // 3. The kernel: 8 warps per CTA, 4 CTAs per SM (64 registers, no
    //    spills, as for the warp kernel), tasks (t, ks); the
    //    zeroing of y becomes, in the same rewrite, a memset the host
    //    issues on the stream before the launch.
    %tl = transform.exo.match_loop "t" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tl tasks 2 block_dim 256 cluster_dim 1 blocks_per_sm 4 host %zeroing with (#exo.memset0<rank = 1, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op

    // 4-5. Each lane sums its columns of the chunk in a register (part,
    //    distributed over the lanes) and the butterfly adds the lanes' sums,
    //    as in gemv_derived_warp.mlir; lane 0's add of the chunk's total
    //    becomes an atomic add.
    %final = transform.include @gemv_lane_sums failures(propagate) (%p, %k_name) : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %red = transform.exo.replace %final with (#exo.global<kind = red_add, width = 1, dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 6. Each K step of a lane reads 4 floats of the row and of x into
    //    registers with one 16-byte load each.
    %iloop = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %av, %a_in, %a_out = transform.exo.stage_mem %iloop, "A" at ["8 * t + w", "ks", "128 * kb + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 1, 4] as "av" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %xv, %x_in, %x_out = transform.exo.stage_mem %iloop, "x" at ["ks", "128 * kb + 64 * b4 + 32 * b3 + 16 * b2 + 8 * b1 + 4 * b0"] sizes [1, 4] as "xv" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lda = transform.exo.replace %a_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %ldx = transform.exo.replace %x_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7-8. Lane 0 adds the total (a loop per lane bit that runs it at 0),
    //    and the loops run on the warps and lanes, as in gemv_derived_warp.mlir.
    transform.include @gemv_lane0 failures(propagate) (%p, %red) : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }
}

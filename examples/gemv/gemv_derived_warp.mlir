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
// Everything after the tiling is the library sequence @gemv_warp of
// examples/gemv/schedules/gemv.mlir. The entry point @gemv_derived_warp_odd
// derives the same kernel for any M and K a multiple of 4 (partial tiles).
// Run them:
//   exo-gpu-opt examples/gemv/gemv_derived_warp.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemv/schedules/gemv.mlir \
//     -transform-interpreter[=entry-point=gemv_derived_warp_odd]

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

exo.proc @gemv(%M: index, %K: index, %A: !Ah, %x: !xh, %y: !yh) {
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
  transform.named_sequence private @gemv_warp(%p: !transform.any_op {transform.readonly}) -> !transform.any_op
  transform.named_sequence private @gemv_vector_loads(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemv_warp_end(%p: !transform.any_op {transform.readonly},
      %final: !transform.any_op {transform.readonly})

  // Whole tiles: M a multiple of 8 rows (a CTA's warps), K of 128 (a warp
  // step).
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived_warp" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 8 == 0, K mod 128 == 0, M - 8 >= 0, K - 128 >= 0" : !transform.any_op
    // 1. A task is 8 rows, one per warp (t, w). A row's K is read in steps
    //    of 128 (kc), 4 floats per lane.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %t, %w, %mt = transform.exo.divide_loop %m by 8 ["t", "w"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %kc, %kr, %kt = transform.exo.divide_loop %k by 128 ["kc", "kr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %final = transform.include @gemv_warp failures(propagate) (%p) : (!transform.any_op) -> !transform.any_op
    transform.include @gemv_vector_loads failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.include @gemv_warp_end failures(propagate) (%p, %final) : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // The tiling with partial tiles, for @gemv_derived_warp_odd and
  // @gemv_derived_warp_any: both divisions guard their last chunk
  // (ceil(M / 8) tasks, ceil(K / 128) steps) and drop_bounds_guard removes
  // the guards.
  transform.named_sequence @gemv_warp_tiles_odd(%p: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %t, %w, %mt = transform.exo.divide_loop %m by 8 ["t", "w"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %w : !transform.any_op
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %kc, %kr, %kt = transform.exo.divide_loop %k by 128 ["kc", "kr"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %kr : !transform.any_op
    transform.yield
  }

  // Partial tiles: any M, K a multiple of 4 (16-byte rows, for the vector
  // loads). Both divisions guard their last chunk (ceil(M / 8) tasks,
  // ceil(K / 128) steps), and drop_bounds_guard removes the guards after
  // proving that the extra iterations change nothing: their accesses become
  // oob (outside its tensor a read is 0 and a write does nothing). The
  // extra rows write y past its end; the extra columns add A[m, k] * x[k]
  // with both reads outside A and x, i.e. 0 * 0. The lowering then reads a
  // lane's 4 floats with one vector load where they lie inside A and x and
  // element by element (0 outside) at the end of a row, and skips the
  // zeroing and the add of y[m] for rows past M.
  transform.named_sequence @gemv_derived_warp_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived_warp_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "K mod 4 == 0, M - 1 >= 0, K - 4 >= 0" : !transform.any_op
    transform.include @gemv_warp_tiles_odd failures(propagate) (%p) : (!transform.any_op) -> ()
    %final = transform.include @gemv_warp failures(propagate) (%p) : (!transform.any_op) -> !transform.any_op
    transform.include @gemv_vector_loads failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.include @gemv_warp_end failures(propagate) (%p, %final) : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // Any K: the partial-tile kernel without the vector loads, each lane
  // reading its 4 floats one by one (rows of any length start anywhere).
  transform.named_sequence @gemv_derived_warp_any(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived_warp_any" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M - 1 >= 0, K - 1 >= 0" : !transform.any_op
    transform.include @gemv_warp_tiles_odd failures(propagate) (%p) : (!transform.any_op) -> ()
    %final = transform.include @gemv_warp failures(propagate) (%p) : (!transform.any_op) -> !transform.any_op
    transform.include @gemv_warp_end failures(propagate) (%p, %final) : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }
}

// A derivation: the naive GEMV y[m] = sum_k A[m, k] * x[k] is
// rewritten by the transform script at the end of this file into a kernel in
// which each thread computes one row, accumulating in a register and
// loading A and x four floats at a time (ld.global.v4). Every step is a
// checked rewrite; test/Examples/gemv-derived.test checks the result against
// the specification on the CPU, with the collective analysis and the sync
// checker, and lowers it to PTX.
//
// Run it:
//   exo-gpu-opt examples/gemv/gemv_derived.mlir -transform-interpreter
//
// One row per thread is the simplest schedule, not the fastest: the threads
// of a warp read rows K floats apart (examples/gemv/gemv_warp_v4.mlir, one
// warp per row with butterfly shuffles, is the fast one;
// gemv_derived_warp.mlir derives it with reduce_tree).

!V4 = !exo.window<[4], f32, gmem>
!R4 = !exo.window<[4], f32, regs>

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// The specification.
exo.proc @gemv(%M: index, %K: index, %A: !A, %x: !x, %y: !y)
    requires affine_set<()[M, K] : (M mod 128 == 0, K mod 4 == 0,
                                     M - 128 >= 0, K - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !y
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%m, %k] : !A
      %b = exo.read %x[%k] : !x
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%m] += %p : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemv in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemv_derived" : (!transform.any_op) -> !transform.any_op

    // 1. A task is 128 rows, one per thread; K is read 4 floats at a time.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %mo, %mi, %mt = transform.exo.divide_loop %m by 128 ["mo", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 4 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. The kernel: mo is the task loop of a CTA of 128 threads, mi gives
    //    each thread its row.
    %kernel = transform.exo.wrap_device_function %mo tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 8 : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %mi cuda_threads<thread> : !transform.any_op

    // 3. y[m] lives in a register while the row is summed: the zeroing
    //    overwrites it (no load of y), and it is stored once at the end.
    %init = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %row = transform.merge_handles %init, %ko : !transform.any_op
    %acc, %acc_in, %acc_out = transform.exo.stage_mem %row, "y" at ["128 * mo + mi"] sizes [1] as "acc" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 4. Each step of ko reads 4 floats of the row and of x into registers
    //    with one vector load each.
    %ki2 = transform.exo.match_loop "ki" in %p : (!transform.any_op) -> !transform.any_op
    %a4, %a_in, %a_out = transform.exo.stage_mem %ki2, "A" at ["128 * mo + mi", "4 * ko"] sizes [1, 4] as "a4" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %x4, %x_in, %x_out = transform.exo.stage_mem %ki2, "x" at ["4 * ko"] sizes [4] as "x4" in regs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %lda = transform.exo.replace %a_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    %ldx = transform.exo.replace %x_in with (#exo.global<kind = load, width = 4, dtype = f32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

// stage_mem, expand_dim, divide_dim, rearrange_dim, set_memory and
// bind_expr keep the sequential meaning: the rewritten procs compute what
// their untouched copies compute, on random inputs.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=gemv_ref --compare=gemv_sched --size=M=12 --size=K=7 | FileCheck %s --check-prefix=GEMV
// RUN: exo-gpu-run %t.mlir --entry=gemv_ref --compare=gemv_sched --size=M=4 --size=K=1 --seed=3 | FileCheck %s --check-prefix=GEMV
// RUN: exo-gpu-run %t.mlir --entry=blur_ref --compare=blur_sched --size=M=8 --size=N=10 | FileCheck %s --check-prefix=BLUR
// GEMV: EQUIVALENT @gemv_ref @gemv_sched
// BLUR: EQUIVALENT @blur_ref @blur_sched

// The schedule did run.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @gemv_sched(
// IR: %acc = exo.alloc : !exo.tensor<[4, 1], f32, dram>
// IR: exo.for %mi = 0 to 4 seq {
// IR: %a_reg = exo.alloc : !exo.tensor<[1], f32, dram>
// IR: exo.reduce %acc[%mi, 0] +=
// IR-LABEL: exo.proc @blur_ref(
// IR-LABEL: exo.proc @blur_sched(
// IR: %t = exo.alloc : !exo.tensor<[2, 4, 5], f32, dram>
// IR: exo.read %t[%{{.*}}, %{{.*}}, %i]

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

exo.proc @gemv_ref(%M: index, %K: index, %A: !A, %x: !x, %y: !y)
    requires affine_set<()[M, K] : (M mod 4 == 0)> {
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

// Divide m by 4, give each row its accumulator (stage_mem), make the
// accumulators of the 4 rows one tensor (expand_dim) outside the row loop
// (lift_alloc), and store each element of A in a temporary (bind_expr).
exo.proc @gemv_sched(%M: index, %K: index, %A: !A, %x: !x, %y: !y)
    requires affine_set<()[M, K] : (M mod 4 == 0)> {
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

!img = !exo.tensor<[M, N], f32, dram>

exo.proc @blur_ref(%M: index, %N: index, %x: !img, %y: !img)
    requires affine_set<()[M, N] : (M - 8 >= 0, N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 8 seq {
      %i1 = arith.addi %i, %c1 : index
      %a = exo.read %x[%i, %j] : !img
      %b = exo.read %x[%i1, %j] : !img
      %s = arith.addf %a, %b : f32
      exo.assign %y[%i, %j] = %s : !img
    }
  }
}

// Stage the 5 x 8 window of x the loops read, then reshape the copy:
// divide its columns into 2 x 4, and make the row the last dimension.
exo.proc @blur_sched(%M: index, %N: index, %x: !img, %y: !img)
    requires affine_set<()[M, N] : (M - 8 >= 0, N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 8 seq {
      %i1 = arith.addi %i, %c1 : index
      %a = exo.read %x[%i, %j] : !img
      %b = exo.read %x[%i1, %j] : !img
      %s = arith.addf %a, %b : f32
      exo.assign %y[%i, %j] = %s : !img
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_read(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.read"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %gemv = transform.exo.match_proc @gemv_sched in %root : (!transform.any_op) -> !transform.any_op
    %m = transform.exo.match_loop "m" in %gemv : (!transform.any_op) -> !transform.any_op
    %mo, %mi, %mt = transform.exo.divide_loop %m by 4 ["mo", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %gemv : (!transform.any_op) -> !transform.any_op
    %acc, %in, %out = transform.exo.stage_mem %k, "y" at ["4 * mo + mi"] sizes [1] as "acc" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %acc size 4 index "mi" : !transform.any_op
    transform.exo.lift_alloc %acc : !transform.any_op
    %areads = transform.exo.match_access "A" in %k : (!transform.any_op) -> !transform.any_op
    %areg = transform.exo.bind_expr %areads as "a_reg" in dram : (!transform.any_op) -> !transform.any_op

    %blur = transform.exo.match_proc @blur_sched in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %blur : (!transform.any_op) -> !transform.any_op
    %t, %tin, %tout = transform.exo.stage_mem %i, "x" at ["0", "0"] sizes [5, 8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.divide_dim %t dim 1 by 4 : !transform.any_op
    transform.exo.rearrange_dim %t order [1, 2, 0] : !transform.any_op
    transform.yield
  }
}

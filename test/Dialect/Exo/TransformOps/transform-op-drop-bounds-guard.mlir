// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.drop_bounds_guard: partial tiles run unguarded, their
// accesses oob; and the refusals.

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// The rows of a GEMV in tiles of 8: where 8 * io + ii >= M, y's element is
// outside y and so are A's: both become oob; x's are never outside.
// CHECK-LABEL: exo.proc @gemv_rows
//   CHECK-NOT:   exo.if
//       CHECK:   exo.for %io
//       CHECK:     exo.for %ii = 0 to 8 seq {
//       CHECK:       exo.assign oob %y[
//       CHECK:       exo.read oob %A[
//       CHECK:       exo.read %x[
//       CHECK:       exo.reduce oob %y[
exo.proc @gemv_rows(%M: index, %K: index, %A: !A, %x: !x, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    exo.assign %y[%i] = %zero : !y
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      %b = exo.read %x[%k] : !x
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%i] += %p : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 8 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// K in tiles of 4: y's element exists where 4 * ko + ki >= K, but the
// reduction adds A[i, k] * x[k] with both reads outside (0 * 0), through
// conversions. y's accesses stay in bounds.
// CHECK-LABEL: exo.proc @gemv_k
//       CHECK:     exo.for %ki = 0 to 4 seq {
//       CHECK:       exo.read oob %A[
//       CHECK:       exo.read oob %x[
//       CHECK:       exo.reduce %y[
exo.proc @gemv_k(%M: index, %K: index, %A: !A, %x: !x, %y: !y) {
  exo.for %i = 0 to %M seq {
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      %b = exo.read %x[%k] : !x
      %at = arith.truncf %a toward_zero : f32 to tf32
      %ae = arith.extf %at : tf32 to f32
      %p = arith.mulf %ae, %b : f32
      exo.reduce %y[%i] += %p : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %k by 4 ["ko", "ki"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// The guard stops one short of the end: where it is false, y[M - 1] exists.
exo.proc @short_guard(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %last = arith.subi %M, %c1 : index
  exo.for %i = 0 to %M seq {
    %c = arith.cmpi slt, %i, %last : index
    exo.if %c {
      // expected-note @below {{where the guard is false this write can touch an element inside its tensor (at i = 0, with M = 1)}}
      exo.assign %y[%i] = %zero : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'i': the guarded statements would change elements of the proc's tensors}}
    transform.exo.drop_bounds_guard %i : !transform.any_op
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// A sum that is not a product of reads: 1 + 0 is not 0.
exo.proc @not_a_product(%M: index, %K: index, %A: !A, %y: !y) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %M seq {
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      %s = arith.addf %a, %one : f32
      // expected-note @below {{where the guard is false this reduction can touch an element inside its tensor (at i = 0, ko = 0, ki = 1, with M = 2, K = 1); it does not add a product of reads that all fall outside their tensors there}}
      exo.reduce %y[%i] += %s : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %k by 2 ["ko", "ki"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot drop the bounds guard of loop 'ki': the guarded statements would change elements of the proc's tensors}}
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!s = !exo.tensor<[M], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// One factor outside is not enough (0 * inf is NaN): s[i] is inside.
exo.proc @one_factor(%M: index, %K: index, %A: !A, %s: !s, %y: !y) {
  exo.for %i = 0 to %M seq {
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      // expected-note @below {{where the guard is false this read can be inside its tensor, so the reduction can add a nonzero value}}
      %b = exo.read %s[%i] : !s
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%i] += %p : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %k by 2 ["ko", "ki"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{the guarded statements would change elements of the proc's tensors}}
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// A local array allocated outside the guard outlives it: a plain write of
// it in the extra iterations would change it.
exo.proc @local(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  %t = exo.alloc : !exo.tensor<[8], f32, dram>
  exo.for %i = 0 to %M seq {
    // expected-note @below {{where the guard is false this write can touch an element inside its tensor}}
    exo.assign %t[0] = %zero : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot drop the bounds guard of loop 'ii': the guarded statements would change elements of a local array that outlives them}}
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// A local array has no outside to fall into: an access that would reach
// past its end in the extra iterations is refused.
exo.proc @local_past_end(%M: index, %y: !y)
    requires affine_set<()[M] : (-M + 6 >= 0)> {
  %t = exo.alloc : !exo.tensor<[6], f32, dram>
  exo.for %i = 0 to %M seq {
    // expected-note @below {{where the guard is false this access of a local array can fall outside it}}
    %v = exo.read %t[%i] : !exo.tensor<[6], f32, dram>
    exo.assign %y[%i] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot drop the bounds guard of loop 'ii': a local array would be accessed past its end}}
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>
!w = !exo.window<[1], f32, dram>

// An access through a window: the proof reads element accesses of the
// proc's tensors and of local arrays only.
exo.proc @through_window(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %v = exo.window %y[%i :+ 1] : !y -> !w
    // expected-note @below {{this access is not of a dram or gmem argument of the proc or of a local array (through no window)}}
    exo.assign %v[0] = %zero : !w
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot drop the bounds guard of loop 'ii': only loops, guards, pure operations, local arrays and element accesses of the proc's dram or gmem tensors can run outside their guard}}
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// A per-element accumulator (a local array allocated outside the K loop's
// guard, as in the fused-epilogue specifications): the extra K iterations
// add A[i, k] * x[k] with both reads outside, 0, to it; its accesses stay
// in bounds, A's and x's become oob; device math in the guarded statements
// computes values only.
// CHECK-LABEL: exo.proc @local_accumulator
//       CHECK:   %acc = exo.alloc
//       CHECK:     exo.for %ki = 0 to 4 seq {
//       CHECK:       exo.read oob %A[
//       CHECK:       exo.read oob %x[
//       CHECK:       math.tanh
//       CHECK:       exo.reduce %acc[0] +=
exo.proc @local_accumulator(%M: index, %K: index, %A: !A, %x: !B, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %acc = exo.alloc : !exo.tensor<[1], f32, dram>
    exo.assign %acc[0] = %zero : !exo.tensor<[1], f32, dram>
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      %b = exo.read %x[%k] : !B
      %t = math.tanh %a : f32
      %p = arith.mulf %a, %b : f32
      exo.reduce %acc[0] += %p : !exo.tensor<[1], f32, dram>
    }
    %v = exo.read %acc[0] : !exo.tensor<[1], f32, dram>
    exo.assign %y[%i] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %k by 4 ["ko", "ki"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// A per-row accumulator allocated inside the rows' guard lives and dies
// there: the extra rows may write it; y's accesses become oob.
// CHECK-LABEL: exo.proc @local_inside_guard
//       CHECK:     exo.for %ii = 0 to 4 seq {
//       CHECK:       %acc = exo.alloc
//       CHECK:       exo.assign %acc[0] =
//       CHECK:       exo.assign oob %y[
exo.proc @local_inside_guard(%M: index, %K: index, %A: !A, %x: !B, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %acc = exo.alloc : !exo.tensor<[1], f32, dram>
    exo.assign %acc[0] = %zero : !exo.tensor<[1], f32, dram>
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !A
      %b = exo.read %x[%k] : !B
      %p = arith.mulf %a, %b : f32
      exo.reduce %acc[0] += %p : !exo.tensor<[1], f32, dram>
    }
    %v = exo.read %acc[0] : !exo.tensor<[1], f32, dram>
    exo.assign %y[%i] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// The body must be the guard: here a statement follows it; and a loop
// without a guard has none to drop.
exo.proc @not_a_guard(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %c = arith.cmpi slt, %i, %M : index
    exo.if %c {
      exo.assign %y[%i] = %zero : !y
    }
    // expected-note @below {{this statement}}
    exo.assign %y[%i] = %zero : !y
  }
  exo.for %j = 0 to %M seq {
    exo.assign %y[%j] = %zero : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'i': the body must be one guard (and the index arithmetic of its condition)}}
    transform.exo.drop_bounds_guard %i : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

exo.proc @no_guard(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %j = 0 to %M seq {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'j': its body has no guard}}
    transform.exo.drop_bounds_guard %j : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// An else branch runs where the guard is false: it cannot go.
exo.proc @with_else(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %c = arith.cmpi slt, %i, %M : index
    exo.if %c {
      exo.assign %y[%i] = %zero : !y
    } else {
      exo.assign %y[0] = %zero : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'i': the guard has an else branch}}
    transform.exo.drop_bounds_guard %i : !transform.any_op
    transform.yield
  }
}

// -----

!y = !exo.tensor<[M], f32, dram>

// Indices the Presburger reader cannot read (i * i) leave nothing to prove
// with.
exo.proc @nonaffine(%M: index, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    %c = arith.cmpi slt, %i, %M : index
    exo.if %c {
      %ii = arith.muli %i, %i : index
      // expected-note @below {{cannot analyze this access: its indices or extents are not quasi-affine in the loop iterators and sizes}}
      exo.assign %y[%ii] = %zero : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'i'}}
    transform.exo.drop_bounds_guard %i : !transform.any_op
    transform.yield
  }
}

// -----

// A loop outside any proc has no sizes or tensors to reason about.
exo.for %i = 0 to 4 seq {
  %c = arith.cmpi slt, %i, %i : index
  exo.if %c {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop the bounds guard of loop 'i': the guard is not inside an exo.proc}}
    transform.exo.drop_bounds_guard %i : !transform.any_op
    transform.yield
  }
}

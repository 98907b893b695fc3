// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.reorder_loops: swaps that keep every dependence, and the
// refusals (a reversed dependence, accesses that cannot be analyzed, nests
// that are not perfect or not rectangular).

!m = !exo.tensor<[N, N], f32, dram>

// Transposition: every iteration touches its own elements, so the loops
// swap; index arithmetic of the outer body moves into the new inner loop.
// CHECK-LABEL: exo.proc @transpose
//       CHECK:   exo.for %j = 0 to %N seq {
//  CHECK-NEXT:     exo.for %i = 0 to %N seq {
//  CHECK-NEXT:       %[[R:.*]] = arith.subi %{{.*}}, %i : index
//  CHECK-NEXT:       %[[V:.*]] = exo.read %a[%i, %j]
//  CHECK-NEXT:       exo.assign %b[%j, %[[R]]] = %[[V]]
exo.proc @transpose(%N: index, %a: !m, %b: !m) {
  %c1 = arith.constant 1 : index
  %n1 = arith.subi %N, %c1 : index
  exo.for %i = 0 to %N seq {
    %r = arith.subi %n1, %i : index
    exo.for %j = 0 to %N seq {
      %v = exo.read %a[%i, %j] : !m
      exo.assign %b[%j, %r] = %v : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!m = !exo.tensor<[N, N], f32, dram>

// A dependence carried by `i` only (distance (1, 0)): after the swap,
// a[i - 1, j] is still written before a[i, j] reads it.
// CHECK-LABEL: exo.proc @carried_by_outer
//       CHECK:   exo.for %j = 0 to %N seq {
//  CHECK-NEXT:     exo.for %i = 1 to %N seq {
exo.proc @carried_by_outer(%N: index, %a: !m) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    exo.for %j = 0 to %N seq {
      %im = arith.subi %i, %c1 : index
      %v = exo.read %a[%im, %j] : !m
      exo.assign %a[%i, %j] = %v : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// Reductions commute: every (m, k) adds to y[m], and x[k] is only read, so
// m and k swap although y[m] is updated in every k iteration.
// CHECK-LABEL: exo.proc @gemv_update
//       CHECK:   exo.for %k = 0 to %K seq {
//  CHECK-NEXT:     exo.for %m = 0 to %M seq {
//       CHECK:       exo.reduce %y[%m]
exo.proc @gemv_update(%M: index, %K: index, %A: !A, %x: !x, %y: !y) {
  exo.for %m = 0 to %M seq {
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
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %m : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// A buffer allocated inside the nest is new in every iteration: the write
// and read of tmp[0] in different iterations touch different buffers.
// Quasi-affine indices (i floordiv 2 via divui) are understood.
// CHECK-LABEL: exo.proc @private_buffer
//       CHECK:   exo.for %j = 0 to 4 seq {
//  CHECK-NEXT:     exo.for %i = 0 to %N seq {
//  CHECK-NEXT:       %tmp = exo.alloc
exo.proc @private_buffer(%N: index, %x: !v, %y: !exo.tensor<[N, 4], f32, dram>) {
  %c2 = arith.constant 2 : index
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to 4 seq {
      %tmp = exo.alloc : !exo.tensor<[1], f32, dram>
      %h = arith.divui %i, %c2 : index
      %v = exo.read %x[%h] : !v
      exo.assign %tmp[0] = %v : !exo.tensor<[1], f32, dram>
      %w = exo.read %tmp[0] : !exo.tensor<[1], f32, dram>
      exo.assign %y[%i, %j] = %w : !exo.tensor<[N, 4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!m = !exo.tensor<[N, N], f32, dram>

// Refused: a[i, j] = a[i - 1, j + 1] carries a dependence of distance
// (1, -1); swapping the loops would run the read of a[i - 1, j + 1] before
// the write that produces it. The error names both accesses and two
// iterations whose order would flip.
exo.proc @carried_diagonal(%N: index, %a: !m) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    exo.for %j = 0 to %N seq {
      %im = arith.subi %i, %c1 : index
      %jp = arith.addi %j, %c1 : index
      // expected-note-re @below {{the read of the same element of 'a' at (i = {{[0-9]+}}, j = {{[0-9]+}}), which must stay after it}}
      %v = exo.read %a[%im, %jp] : !m
      // expected-error-re @below {{cannot reorder loops 'i' and 'j': this write of 'a' at (i = {{[0-9]+}}, j = {{[0-9]+}}) would move after a dependent read at (i = {{[0-9]+}}, j = {{[0-9]+}}) (with N = {{[0-9]+}})}}
      exo.assign %a[%i, %j] = %v : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!m = !exo.tensor<[N, N], f32, dram>

// The same refusal with failures suppressed: the nest is printed unchanged.
// CHECK-LABEL: exo.proc @carried_diagonal_untouched
//       CHECK:   exo.for %i = 1 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
exo.proc @carried_diagonal_untouched(%N: index, %a: !m) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    exo.for %j = 0 to %N seq {
      %im = arith.subi %i, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %v = exo.read %a[%im, %jp] : !m
      exo.assign %a[%i, %j] = %v : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %i = transform.exo.match_loop "i" in %r : (!transform.any_op) -> !transform.any_op
      %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the writes of s[0] by different iterations must keep their
// order (output dependences); so must the write and the reduction of s[0],
// which do not commute.
exo.proc @write_then_reduce(%N: index, %x: !v, %s: !exo.tensor<[1], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to %N seq {
      // expected-error-re @below {{cannot reorder loops 'i' and 'j': this write of 's' at (i = {{[0-9]+}}, j = {{[0-9]+}}) would move after a dependent write at}}
      // expected-note-re @below {{the write of the same element of 's' at (i = {{[0-9]+}}, j = {{[0-9]+}}), which must stay after it}}
      exo.assign %s[0] = %z : !exo.tensor<[1], f32, dram>
      %v = exo.read %x[%j] : !v
      exo.reduce %s[0] += %v : !exo.tensor<[1], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: i * j is not quasi-affine, so the write cannot be analyzed.
exo.proc @nonaffine(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to %N seq {
      // expected-note @below {{this value cannot be read as a quasi-affine expression}}
      %ij = arith.muli %i, %j : index
      // expected-note @below {{cannot analyze this access: its indices are not quasi-affine in the loop iterators and sizes}}
      exo.assign %x[%ij] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loops 'i' and 'j'}}
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the outer body holds a statement besides the inner loop.
exo.proc @imperfect(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    // expected-note @below {{this statement is not index arithmetic}}
    exo.assign %x[%i] = %z : !v
    exo.for %j = 0 to %N seq {
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loop 'i': its body must hold one exo.for and index arithmetic only}}
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: a triangular nest (j runs to i) has no swapped form with the
// same bounds.
exo.proc @triangular(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    // expected-note @below {{the bounds of this loop depend on loop 'i'}}
    exo.for %j = 0 to %i seq {
      exo.assign %x[%j] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loops 'i' and 'j': the nest is not rectangular}}
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the accesses of a call are not analyzed.
exo.proc @callee(%N: index, %x: !v) {
}

exo.proc @calls(%N: index, %x: !v) {
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to %N seq {
      // expected-note @below {{cannot analyze the accesses of this call}}
      exo.call @callee(%N, %x) : (index, !v)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loops 'i' and 'j'}}
    %o, %in = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

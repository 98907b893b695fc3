// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.join_loops: two adjacent loops with equal bodies over
// touching ranges become one, and the refusals.

!v = !exo.tensor<[N], f32, dram>

// [0, 4) and [4, N) with N >= 4 join into [0, N); the bodies differ only in
// their iterators' names.
// CHECK-LABEL: exo.proc @basic
//       CHECK:   exo.for %i = 0 to %N seq attributes {joined} {
//  CHECK-NEXT:     exo.assign %x[%i]
//  CHECK-NEXT:   }
//   CHECK-NOT:   exo.for
exo.proc @basic(%N: index, %x: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !v
  }
  exo.for %k = 4 to %N seq {
    exo.assign %x[%k] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.join_loops %i, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.annotate %j "joined" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// cut_loop then join_loops gives the loop back.
// CHECK-LABEL: exo.proc @round_trip
//       CHECK:   exo.for %i = %c1 to %N seq {
//  CHECK-NEXT:     exo.read %x[%i]
//  CHECK-NEXT:     exo.assign %y[%i]
//  CHECK-NEXT:   }
//   CHECK-NOT:   exo.for
exo.proc @round_trip(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 3 >= 0)> {
  %c1 = arith.constant 1 : index
  exo.for %i = %c1 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.cut_loop %i at 3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %j = transform.exo.join_loops %a, %b : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the bodies differ (different tensors).
exo.proc @different(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !v
  }
  // expected-note @below {{the body of this loop differs from the first one's}}
  exo.for %k = 4 to %N seq {
    exo.assign %y[%k] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot join loops 'i' and 'k': the bodies differ}}
    %j = transform.exo.join_loops %i, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: without `requires`, N may be below 4, where [0, 4) runs
// iterations [0, N) does not.
exo.proc @not_touching(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !v
  }
  // expected-note-re @below {{with N = {{[0-3]}}, the loops run from 0 to 4 and from 4 to {{[0-3]}}}}
  exo.for %k = 4 to %N seq {
    exo.assign %x[%k] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot join loops 'i' and 'k': cannot prove that one loop over the joined range runs the same iterations}}
    %j = transform.exo.join_loops %i, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a gap between the ranges. Failures suppressed: both loops are
// printed unchanged.
// CHECK-LABEL: exo.proc @gap
//       CHECK:   exo.for %i = 0 to 4 seq {
//       CHECK:   exo.for %k = 5 to 8 seq {
exo.proc @gap(%x: !exo.tensor<[8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[8], f32, dram>
  }
  exo.for %k = 5 to 8 seq {
    exo.assign %x[%k] = %z : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %i = transform.exo.match_loop "i" in %r : (!transform.any_op) -> !transform.any_op
      %k = transform.exo.match_loop "k" in %r : (!transform.any_op) -> !transform.any_op
      %j = transform.exo.join_loops %i, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}

// -----

// Refused: a statement between the loops.
exo.proc @between(%x: !exo.tensor<[8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[8], f32, dram>
  }
  // expected-note @below {{this statement is between the loops}}
  exo.assign %x[0] = %z : !exo.tensor<[8], f32, dram>
  exo.for %k = 4 to 8 seq {
    exo.assign %x[%k] = %z : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot join loops 'i' and 'k': the loops are not adjacent}}
    %j = transform.exo.join_loops %i, %k : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

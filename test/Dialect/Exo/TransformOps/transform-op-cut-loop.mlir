// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.cut_loop: [lo, hi) becomes [lo, N) then [N, hi) when N is
// provably between the bounds; the refusals give a counterexample.

!v = !exo.tensor<[N], f32, dram>

// `requires` says N >= 4, so 4 is between 0 and N.
// CHECK-LABEL: exo.proc @basic
//       CHECK:   exo.for %i = 0 to 4 seq attributes {first} {
//  CHECK-NEXT:     exo.assign %x[%i]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %i = 4 to %N seq attributes {second} {
//  CHECK-NEXT:     exo.assign %x[%i]
//  CHECK-NEXT:   }
exo.proc @basic(%N: index, %x: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.cut_loop %i at 4 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %a "first" : !transform.any_op
    transform.annotate %b "second" : !transform.any_op
    transform.yield
  }
}

// -----

!m = !exo.tensor<[N, N], f32, dram>

// The enclosing loop counts: j runs from 0 to i + 2 and i >= 0, so 2 is
// always between its bounds.
// CHECK-LABEL: exo.proc @enclosing
//       CHECK:   exo.for %j = 0 to 2 seq {
//       CHECK:   exo.for %j = 2 to %{{.*}} seq {
exo.proc @enclosing(%N: index, %a: !m) {
  %z = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  exo.for %i = 0 to %N seq {
    %hi = arith.addi %i, %c2 : index
    exo.for %j = 0 to %hi seq {
      exo.assign %a[%i, %j] = %z : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.cut_loop %j at 2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: without `requires`, N may be smaller than 4 (the note gives
// such an N and the loop's range there).
exo.proc @unproved(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  // expected-note-re @below {{with N = {{[0-3]}}, the loop runs from 0 to {{[0-3]}}}}
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot cut loop 'i' at 4: cannot prove that the cut point lies between the bounds}}
    %a, %b = transform.exo.cut_loop %i at 4 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused with constant bounds: 12 is not in [0, 8]. Failures suppressed:
// the loop is printed unchanged.
// CHECK-LABEL: exo.proc @outside
//       CHECK:   exo.for %i = 0 to 8 seq {
//   CHECK-NOT:   exo.for
exo.proc @outside(%x: !exo.tensor<[8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %i = transform.exo.match_loop "i" in %r : (!transform.any_op) -> !transform.any_op
      %a, %b = transform.exo.cut_loop %i at 12 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

// Refused: only seq loops are cut.
exo.proc @threads(%x: !exo.tensor<[4], f32, dram>) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{this loop is cuda_threads<thread>}}
      exo.for %i = 0 to 32 cuda_threads<thread> {
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot cut loop 'i' at 2: only seq loops are cut}}
    %a, %b = transform.exo.cut_loop %i at 2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.unroll: full unrolling of constant loops, and the refusals.

!v = !exo.tensor<[8], f32, dram>

// Three copies of the body, with i = 2, 3, 4 in order.
// CHECK-LABEL: exo.proc @basic
//   CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
//   CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
//   CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
//   CHECK-NOT:   exo.for
//       CHECK:   exo.assign %x[%[[C2]]]
//  CHECK-NEXT:   exo.assign %x[%[[C3]]]
//  CHECK-NEXT:   exo.assign %x[%[[C4]]]
//  CHECK-NEXT: }
exo.proc @basic(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 2 to 5 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %i : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[8], f32, dram>

// An inner loop is copied as a whole; an empty loop disappears.
// CHECK-LABEL: exo.proc @nested
//   CHECK-NOT:   exo.for %i
//       CHECK:   exo.for %j = 0 to 8 seq {
//       CHECK:   exo.for %j = 0 to 8 seq {
//   CHECK-NOT:   exo.for
exo.proc @nested(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 8 seq {
      exo.reduce %x[%j] += %z : !v
    }
  }
  exo.for %e = 3 to 3 seq {
    exo.assign %x[%e] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %i : !transform.any_op
    %e = transform.exo.match_loop "e" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %e : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the bounds are not constants.
exo.proc @dynamic(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{this loop}}
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot unroll loop 'i': expected constant bounds}}
    transform.exo.unroll %i : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[128], f32, dram>

// Refused: 128 iterations are over the default limit of 64...
exo.proc @too_long(%x: !v) {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{this loop runs 128 times}}
  exo.for %i = 0 to 128 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot unroll loop 'i': expected at most 64 iterations (raise `max` to allow more)}}
    transform.exo.unroll %i : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[128], f32, dram>

// ... and allowed with max = 128.
// CHECK-LABEL: exo.proc @long
//   CHECK-NOT:   exo.for
//       CHECK:   exo.assign %x[%c127]
//  CHECK-NEXT: }
exo.proc @long(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 128 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %i {max = 128} : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a cuda_threads loop is not a sequence of iterations to unroll.
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
    // expected-error @below {{cannot unroll loop 'i': only seq loops are unrolled (the iterations of a parallel loop run on different units, not one after another)}}
    transform.exo.unroll %i : !transform.any_op
    transform.yield
  }
}

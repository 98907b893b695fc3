// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.shift_loop: the loop runs over [N, N + hi - lo) and the
// body sees i' - N + lo, and the refusals.

!v = !exo.tensor<[N], f32, dram>

// [2, N) shifted to start at 0: [0, N - 2), i = i' + 2.
// CHECK-LABEL: exo.proc @to_zero
//       CHECK:   %[[HI:.*]] = arith.subi %N, %{{.*}} : index
//       CHECK:   exo.for %i = 0 to %[[HI]] seq {
//  CHECK-NEXT:     %[[I:.*]] = arith.addi %i, %{{.*}} : index
//  CHECK-NEXT:     exo.assign %x[%[[I]]]
exo.proc @to_zero(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  exo.for %i = %c2 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.shift_loop %i to 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Constant bounds stay constant: [0, 4) shifted to 3 is [3, 7), i = i' - 3.
// CHECK-LABEL: exo.proc @constant
//       CHECK:   exo.for %i = 3 to 7 seq attributes {shifted} {
//  CHECK-NEXT:     %[[I:.*]] = arith.addi %i, %c-3 : index
//  CHECK-NEXT:     exo.assign %x[%[[I]]]
exo.proc @constant(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.shift_loop %i to 3 : (!transform.any_op) -> !transform.any_op
    transform.annotate %s "shifted" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: iterators stay non-negative.
exo.proc @negative(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a non-negative start, got -1}}
    %s = transform.exo.shift_loop %i to -1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: only seq loops are shifted (a cuda_threads loop starts at 0).
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
    // expected-error @below {{cannot shift loop 'i': only seq loops are shifted}}
    %s = transform.exo.shift_loop %i to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

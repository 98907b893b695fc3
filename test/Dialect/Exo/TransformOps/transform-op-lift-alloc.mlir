// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.lift_alloc: an allocation moves out of its loop when no
// iteration can read an element an earlier one stored; and the refusals.

!v = !exo.tensor<[N], f32, dram>

// Iteration i writes and reads t[i] only: no later iteration reads it.
// CHECK-LABEL: exo.proc @private_elements
//       CHECK:   %t = exo.alloc : !exo.tensor<[N], f32, dram>
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.read %x[%i]
exo.proc @private_elements(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !v
    %a = exo.read %x[%i] : !v
    exo.assign %t[%i] = %a : !v
    %b = exo.read %t[%i] : !v
    exo.assign %y[%i] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N, 4], f32, dram>
!t = !exo.tensor<[4], f32, dram>

// Refused: iteration i + 1 reads t[k], which iteration i wrote. (Iteration
// i + 1 writes it again first, but the analysis does not see that yet.)
exo.proc @staged(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t
    exo.for %j = 0 to 4 seq {
      %a = exo.read %x[%i, %j] : !v
      // expected-note @below {{by this write at i = 0}}
      exo.assign %t[%j] = %a : !t
    }
    exo.for %k = 0 to 4 seq {
      // expected-note @below {{this read of 't' at i = 2 can read the value stored at i = 0 (with N = 4)}}
      %b = exo.read %t[%k] : !t
      exo.assign %y[%i, %k] = %b : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot lift allocation 't': a value of 't' can be carried from one iteration of loop 'i' to a later one}}
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!t = !exo.tensor<[4], f32, dram>

// Refused: the allocation is not in a loop.
exo.proc @top(%x: !t) {
  // expected-note @below {{this allocation}}
  %t = exo.alloc : !t
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot lift allocation 't': it is not directly in the body of an exo.for}}
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

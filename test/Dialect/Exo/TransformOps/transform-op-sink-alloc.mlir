// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.sink_alloc: an allocation moves into the only loop that
// uses it when no iteration can read what an earlier one stored; and the
// refusals.

!v = !exo.tensor<[N], f32, dram>

// Only loop i uses t, and iteration i touches t[i] only.
// CHECK-LABEL: exo.proc @private_elements
//       CHECK:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     %t = exo.alloc : !exo.tensor<[N], f32, dram>
//  CHECK-NEXT:     exo.read %x[%i]
exo.proc @private_elements(%N: index, %x: !v, %y: !v) {
  %t = exo.alloc : !v
  exo.for %i = 0 to %N seq {
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
    transform.exo.sink_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!t = !exo.tensor<[1], f32, dram>
!v = !exo.tensor<[N], f32, dram>

// Refused: a running sum; iteration i reads what iteration i - 1 stored.
exo.proc @carried(%N: index, %x: !v, %y: !v) {
  %s = exo.alloc : !t
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    // expected-note @below {{this reduction of 's' at i = 2 can read the value stored at i = 0 (with N = 4)}}
    // expected-note @below {{by this reduction at i = 0}}
    exo.reduce %s[0] += %a : !t
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot sink allocation 's': a value of 's' can be carried from one iteration of loop 'i' to a later one}}
    transform.exo.sink_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: two loops use the allocation.
exo.proc @two_loops(%N: index, %x: !v) {
  %t = exo.alloc : !v
  %z = arith.constant 0.0 : f32
  // expected-note @below {{this loop uses it}}
  exo.for %i = 0 to %N seq {
    exo.assign %t[%i] = %z : !v
  }
  // expected-note @below {{and so does this one}}
  exo.for %j = 0 to %N seq {
    %a = exo.read %t[%j] : !v
    exo.assign %x[%j] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot sink allocation 't': it is not used by one loop only}}
    transform.exo.sink_alloc %a : !transform.any_op
    transform.yield
  }
}

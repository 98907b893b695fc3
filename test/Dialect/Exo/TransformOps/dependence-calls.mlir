// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// Dependence questions summarize an exo.call by its windows: each array
// argument stands for every element of its window, read and/or written as
// the callee's body does (joined with what it declares, which the verifier
// checks against the body).

// Refused: the call writes x[i] (its body assigns) and iteration i reads
// x[i + 1], which iteration i + 1's call writes later.
!v = !exo.tensor<[8], f32, dram>
!w = !exo.window<[1], f32, dram>
exo.proc @bump(%a: !w {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %one = arith.constant 1.0 : f32
  exo.assign %a[0] = %one : !w
}
exo.proc @p(%x: !v, %y: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to 7 seq {
    %w = exo.window %x[%i :+ 1] : !v -> !w
    // expected-note @below {{the write of the same element of 'x' at (i = 6), which must stay after it}}
    exo.call @bump(%w) : (!w)
    %i1 = arith.addi %i, %c1 : index
    // expected-error @below {{cannot split loop 'i': this read of 'x' at (i = 5) in the second part would move after a dependent write at (i = 6) in the first part}}
    %r = exo.read %x[%i1] : !v
    exo.assign %y[%i] = %r : !v
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.fission %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[8], f32, dram>
!w = !exo.window<[1], f32, dram>
exo.proc @bump(%a: !w {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %one = arith.constant 1.0 : f32
  exo.assign %a[0] = %one : !w
}

// Accepted: iteration i reads x[i], which its own call wrote; after the
// split every call still runs before the read of its element.
// CHECK-LABEL: exo.proc @p
//       CHECK:   exo.for %i = 0 to 8 seq {
//  CHECK-NEXT:     %[[W:.*]] = exo.window
//  CHECK-NEXT:     exo.call @bump(%[[W]])
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %i = 0 to 8 seq {
//  CHECK-NEXT:     exo.read %x[%i]
exo.proc @p(%x: !v, %y: !v) {
  exo.for %i = 0 to 8 seq {
    %w = exo.window %x[%i :+ 1] : !v -> !w
    exo.call @bump(%w) : (!w)
    %r = exo.read %x[%i] : !v
    exo.assign %y[%i] = %r : !v
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.fission %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

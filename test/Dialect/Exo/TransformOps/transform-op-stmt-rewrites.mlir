// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.fuse, add_loop, inline, specialize and set_precision; the
// refusals.

// fuse: y[i] is written before z[i] reads it in the same iteration.
// CHECK-LABEL: exo.proc @two
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.read %x[%i]
//  CHECK-NEXT:     exo.assign %y[%i]
//  CHECK-NEXT:     exo.read %y[%i]
//  CHECK-NEXT:     exo.assign %z[%i]
//  CHECK-NEXT:   }
//  CHECK-NEXT: }
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %b = exo.read %y[%j] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the second loop reads y[j + 1], which the first loop writes at a
// later iteration.
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    // expected-note @below {{the write of the same element of 'y' at (i = 1), which must stay before it}}
    exo.assign %y[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %c1 = arith.constant 1 : index
    %j1 = arith.addi %j, %c1 : index
    // expected-error @below {{cannot fuse loop 'i': this read of 'y' at (i = 0) in the second loop would move before a dependent write at (i = 1) in the first loop (with N = 3)}}
    %b = exo.read %y[%j1] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: different bounds.
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
  exo.for %j = 1 to %N seq {
    %b = exo.read %y[%j] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse loops 'i' and 'j': their bounds differ}}
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a statement between the loops.
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
  %q = arith.constant 0.0 : f32
  // expected-note @below {{this statement lies between the loops}}
  exo.assign %x[0] = %q : !v
  exo.for %j = 0 to %N seq {
    %b = exo.read %y[%j] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse loops 'i' and 'j': the loops are not adjacent}}
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the second loop comes first.
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %b = exo.read %y[%j] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse loops 'j' and 'i': the second loop does not follow the first in its block}}
    %l = transform.exo.fuse %j with %i : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: as many second loops as first loops.
!v = !exo.tensor<[N], f32, dram>
exo.proc @two(%N: index, %x: !v, %y: !v, %z: !v) {
  exo.for %k = 0 to %N seq {
  }
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %b = exo.read %y[%j] : !v
    exo.assign %z[%j] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ki = transform.merge_handles %k, %i : !transform.any_op
    // expected-error @below {{expected as many second loops as first loops, got 1 and 2}}
    %l = transform.exo.fuse %ki with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_loop moves the expressions only the statement uses (the read) into
// the guard with it; constants stay.
// CHECK-LABEL: exo.proc @once_read
//  CHECK-NEXT:   exo.for %k = 0 to %K seq {
//       CHECK:     exo.if
//  CHECK-NEXT:       %[[V:.*]] = exo.read %x[1]
//  CHECK-NEXT:       %[[W:.*]] = arith.addf %[[V]], %[[V]] : f32
//  CHECK-NEXT:       exo.assign %y[0] = %[[W]]
!v = !exo.tensor<[4], f32, dram>
exo.proc @once_read(%K: index, %x: !v, %y: !v)
    requires affine_set<()[K] : (K - 1 >= 0)> {
  %v = exo.read %x[1] : !v
  %w = arith.addf %v, %v : f32
  exo.assign %y[0] = %w : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.exo.match_access "y" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.add_loop %s "k" to "K" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A read with a write of its tensor between it and the statement stays
// where it is: in the guard it would read the new x[0] (add_loop moves only
// reads with no write between them and the statement).
// CHECK-LABEL: exo.proc @read_before_write
//  CHECK-NEXT:   %[[A:.*]] = exo.read %x[0]
//  CHECK-NEXT:   %[[B:.*]] = exo.read %x[1]
//  CHECK-NEXT:   exo.assign %x[0] = %[[B]]
//  CHECK-NEXT:   exo.for %k = 0 to %K seq {
//       CHECK:     exo.if
//  CHECK-NEXT:       exo.assign %y[0] = %[[A]]
!v = !exo.tensor<[4], f32, dram>
exo.proc @read_before_write(%K: index, %x: !v, %y: !v)
    requires affine_set<()[K] : (K - 1 >= 0)> {
  %a = exo.read %x[0] : !v
  %b = exo.read %x[1] : !v
  exo.assign %x[0] = %b : !v
  exo.assign %y[0] = %a : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.exo.match_access "y" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.add_loop %s "k" to "K" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_loop: the statement runs once, at k = 0.
// CHECK-LABEL: exo.proc @once
//       CHECK:   exo.for %k = 0 to %K seq {
//  CHECK-NEXT:     %[[Z:.*]] = arith.constant 0 : index
//  CHECK-NEXT:     %[[C:.*]] = arith.cmpi eq, %k, %[[Z]] : index
//  CHECK-NEXT:     exo.if %[[C]] {
//  CHECK-NEXT:       exo.assign %y[0]
!v = !exo.tensor<[4], f32, dram>
exo.proc @once(%K: index, %y: !v)
    requires affine_set<()[K] : (K - 1 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.assign %y[0] = %z : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.add_loop %s "k" to "K" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: K can be below 1 (no `requires`).
!v = !exo.tensor<[4], f32, dram>
exo.proc @maybe(%K: index, %y: !v) {
  %z = arith.constant 0.0 : f32
  exo.assign %y[0] = %z : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot add loop 'k': its extent 'K' can be -1, and the statement would not run (with K = -1)}}
    %l = transform.exo.add_loop %s "k" to "K" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an unknown name.
!v = !exo.tensor<[4], f32, dram>
exo.proc @unknown(%y: !v) {
  %z = arith.constant 0.0 : f32
  exo.assign %y[0] = %z : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot add loop 'k': 'Q' is neither an enclosing loop's iterator nor a size of the proc}}
    %l = transform.exo.add_loop %s "k" to "Q" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// inline: the callee's body with its parameters replaced by the arguments.
// CHECK-LABEL: exo.proc @caller
//       CHECK:   %[[W:.*]] = exo.window %x[2 :+ 4]
//  CHECK-NEXT:   exo.for %i = 0 to %c4 seq {
//  CHECK-NEXT:     exo.read %[[W]][%i]
//       CHECK:     exo.assign %[[W]][%i]
//   CHECK-NOT:   exo.call @
//       CHECK:   module
!v = !exo.tensor<[8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @double(%n: index, %a: !w) {
  exo.for %i = 0 to %n seq {
    %x = exo.read %a[%i] : !w
    %y = arith.addf %x, %x : f32
    exo.assign %a[%i] = %y : !w
  }
}
exo.proc @caller(%x: !v) {
  %c4 = arith.constant 4 : index
  %w = exo.window %x[2 :+ 4] : !v -> !w
  exo.call @double(%c4, %w) : (index, !w)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %calls = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.inline %calls : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an instruction is not inlined.
!w = !exo.window<[4], f32, regs>
exo.proc @zero4(%d: !w {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %z = arith.constant 0.0 : f32
  exo.assign %d[0] = %z : !w
}
exo.proc @k(%g: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !exo.tensor<[4], f32, regs>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %r[:] : !exo.tensor<[4], f32, regs> -> !w
        exo.call @zero4(%w) : (!w)
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %calls = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot inline the call of @zero4: it is an instruction (its body is its semantics, not code to inline)}}
    transform.exo.inline %calls : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a call.
!v = !exo.tensor<[8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @double(%n: index, %a: !w) {
  exo.for %i = 0 to %n seq {
    %x = exo.read %a[%i] : !w
    %y = arith.addf %x, %x : f32
    exo.assign %a[%i] = %y : !w
  }
}
exo.proc @caller(%x: !v) {
  %c4 = arith.constant 4 : index
  // expected-note @below {{this payload op}}
  %w = exo.window %x[2 :+ 4] : !v -> !w
  exo.call @double(%c4, %w) : (index, !w)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.collect_matching @match_window in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.call payload, got 'exo.window'}}
    transform.exo.inline %w : !transform.any_op
    transform.yield
  }
}

// -----

// A recursive proc is refused by the verifier, before any rewrite (inline
// would never end).
// expected-error @+1 {{'exo.proc' op calls itself (@rec -> @rec); a recursive proc has no meaning}}
exo.proc @rec(%n: index) {
  // expected-note @+1 {{the first call}}
  exo.call @rec(%n) : (index)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %calls = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.inline %calls : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a device function inside a device function.
exo.proc @kernel(%x: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
    }
  }
}
exo.proc @outer(%x: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.call @kernel(%x) : (!exo.tensor<[4], f32, gmem>)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %calls = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot inline the call of @kernel: its device function would nest in another}}
    transform.exo.inline %calls : !transform.any_op
    transform.yield
  }
}

// -----

// Refused (fuse): a loop over threads and a sequential loop.
!r = !exo.tensor<[32], f32, gmem>
exo.proc @modes(%x: !r) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.for %i = 0 to 32 cuda_threads<thread> {
        exo.assign %x[%i] = %z : !r
      }
      exo.for %j = 0 to 32 seq {
        exo.assign %x[%j] = %z : !r
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot fuse loops 'i' and 'j': their modes differ}}
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// specialize: the loop is copied under N >= 128 and its negation.
// CHECK-LABEL: exo.proc @spec
//       CHECK:   %[[C:.*]] = arith.cmpi sge, %N, %c128
//  CHECK-NEXT:   exo.if %[[C]] {
//  CHECK-NEXT:     exo.for %i = 0 to %N seq {
//       CHECK:   } else {
//  CHECK-NEXT:     exo.for %i = 0 to %N seq {
!v = !exo.tensor<[N], f32, dram>
exo.proc @spec(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.specialize %i if "N >= 128" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a comparison.
!v = !exo.tensor<[N], f32, dram>
exo.proc @spec(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot specialize the statement: the condition 'N + 1' is not a comparison (<, <=, >, >=, ==, !=)}}
    %s = transform.exo.specialize %i if "N + 1" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an unknown name.
!v = !exo.tensor<[N], f32, dram>
exo.proc @spec(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot specialize the statement: 'Q' is neither an enclosing loop's iterator nor a size of the proc}}
    %s = transform.exo.specialize %i if "Q < 4" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// set_precision: a bf16 temporary; writes round, reads widen.
// CHECK-LABEL: exo.proc @prec
//       CHECK:   %t = exo.alloc : !exo.tensor<[4], bf16, dram>
//       CHECK:   %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
//  CHECK-NEXT:   exo.assign %t[%i] = %[[T]] : !exo.tensor<[4], bf16, dram>
//  CHECK-NEXT:   %[[R:.*]] = exo.read %t[%i] : !exo.tensor<[4], bf16, dram>
//  CHECK-NEXT:   %[[E:.*]] = arith.extf %[[R]] : bf16 to f32
//  CHECK-NEXT:   exo.assign %y[%i] = %[[E]]
!v = !exo.tensor<[4], f32, dram>
exo.proc @prec(%x: !v, %y: !v) {
  %t = exo.alloc : !v
  exo.for %i = 0 to 4 seq {
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
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_precision %allocs to bf16 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a float type.
exo.proc @p1() {
  %t = exo.alloc : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot change the precision of 't': only float element types change precision}}
    transform.exo.set_precision %allocs to i32 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: tf32 is a rounding of f32, not a storage type.
exo.proc @p2() {
  %t = exo.alloc : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot change the precision of 't': the element type must be f64, f32, bf16 or f16}}
    transform.exo.set_precision %allocs to tf32 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a window of the tensor.
exo.proc @p3() {
  %t = exo.alloc : !exo.tensor<[4], f32, dram>
  // expected-note @below {{this use is not an element access}}
  %w = exo.window %t[0 :+ 2] : !exo.tensor<[4], f32, dram> -> !exo.window<[2], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot change the precision of 't': its uses must be element reads and writes}}
    transform.exo.set_precision %allocs to f16 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a barrier.
exo.proc @p4() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<cluster_sync>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot change the precision of 'b': it is not a tensor}}
    transform.exo.set_precision %allocs to f16 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the callee's local tensor is sized by its N, which the call binds
// to the caller's M while the caller has an N of its own; the inlined type
// would size it by the caller's N (a body cloned as it is would silently
// mean the caller's size).
!cv = !exo.tensor<[N], i32, dram>
exo.proc @sized_by_n(%N: index, %x: !cv) {
  %t = exo.alloc : !exo.tensor<[N], i32, dram>
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !cv
    exo.assign %t[%i] = %a : !exo.tensor<[N], i32, dram>
  }
}
exo.proc @caller_with_n(%M: index, %N: index, %x: !exo.tensor<[M], i32, dram>) {
  exo.call @sized_by_n(%M, %x) : (index, !exo.tensor<[M], i32, dram>)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %calls = transform.collect_matching @match_call in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot inline the call of @sized_by_n: its body's types name its size 'N', which the call does not bind to the caller's size of that name (the inlined types would mean another extent)}}
    transform.exo.inline %calls : !transform.any_op
    transform.yield
  }
}

// -----

// add_loop refuses a loop name that would not print as itself.
!v = !exo.tensor<[4], f32, dram>
exo.proc @bad_loop_name(%K: index, %x: !v, %y: !v)
    requires affine_set<()[K] : (K - 1 >= 0)> {
  %v = exo.read %x[1] : !v
  exo.assign %y[0] = %v : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.exo.match_access "y" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop's name 'k-1' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %l = transform.exo.add_loop %s "k-1" to "K" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

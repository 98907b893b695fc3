// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// Navigation: transform.exo.match_access, get_sibling_stmt and get_body.

// match_access finds reads, assignments and reductions of a tensor by name,
// optionally of one kind; get_sibling_stmt steps over expressions;
// get_body returns the statements of a loop.
// CHECK-LABEL: exo.proc @nav
//       CHECK:   exo.for %i = 0 to 8 seq attributes {body_i} {
//  CHECK-NEXT:     exo.read %x[%i] {read_x}
//  CHECK-NEXT:     exo.assign %y[%i] = %{{.*}} {body_stmt, y_access}
//  CHECK-NEXT:     exo.reduce %y[%i] += %{{.*}} {body_stmt, reduce_y, y_access}
//       CHECK:   exo.for %j = 0 to 8 seq attributes {after_i} {
!v = !exo.tensor<[8], f32, dram>
exo.proc @nav(%x: !v, %y: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    exo.reduce %y[%i] += %a : !v
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %z : !v
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.get_sibling_stmt %i offset 1 : (!transform.any_op) -> !transform.any_op
    transform.annotate %j "after_i" : !transform.any_op
    %back = transform.exo.get_sibling_stmt %j offset -1 : (!transform.any_op) -> !transform.any_op
    transform.annotate %back "body_i" : !transform.any_op
    %stmts = transform.exo.get_body %i : (!transform.any_op) -> !transform.any_op
    transform.annotate %stmts "body_stmt" : !transform.any_op
    %rx = transform.exo.match_access "x" kind "read" in %i : (!transform.any_op) -> !transform.any_op
    transform.annotate %rx "read_x" : !transform.any_op
    %ry = transform.exo.match_access "y" kind "reduce" in %i : (!transform.any_op) -> !transform.any_op
    transform.annotate %ry "reduce_y" : !transform.any_op
    %ay = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    transform.annotate %ay "y_access" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no access of that kind.
!v = !exo.tensor<[8], f32, dram>
exo.proc @nav(%x: !v, %y: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    exo.reduce %y[%i] += %a : !v
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %z : !v
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{no access of 'x' of kind 'reduce' in the target}}
    %r = transform.exo.match_access "x" kind "reduce" in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no statement after the last one.
!v = !exo.tensor<[8], f32, dram>
exo.proc @nav(%x: !v, %y: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    exo.reduce %y[%i] += %a : !v
  }
  // expected-note @below {{the target}}
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %z : !v
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{no statement 1 after the target in its block}}
    %n = transform.exo.get_sibling_stmt %j offset 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a body with no statement.
exo.proc @empty() {
  // expected-note @below {{the target}}
  exo.for %i = 0 to 8 seq {
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the body has no statement}}
    %b = transform.exo.get_body %i : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an allocation has no body.
exo.proc @nobody() {
  // expected-note @below {{this payload op}}
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.for, exo.warps or exo.device_function payload, got 'exo.alloc'}}
    %b = transform.exo.get_body %allocs : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An invalid kind is a verifier error.
!v = !exo.tensor<[8], f32, dram>
exo.proc @nav(%x: !v, %y: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    exo.reduce %y[%i] += %a : !v
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %z : !v
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.exo.match_access' op kind must be "read", "assign" or "reduce", not "write"}}
    %r = transform.exo.match_access "x" kind "write" in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

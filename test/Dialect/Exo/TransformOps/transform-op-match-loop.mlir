// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.match_loop, transform.exo.match_proc and
// transform.exo.get_parent_loop: navigation, checked by annotating what
// they return.

// match_loop finds both loops called "i" (in two procs); match_proc narrows
// the search to one proc.
// CHECK-LABEL: exo.proc @first
//       CHECK:   exo.for %i = 0 to 4 seq attributes {all, first_only} {
// CHECK-LABEL: exo.proc @second
//       CHECK:   exo.for %i = 0 to 4 seq attributes {all} {
exo.proc @first() {
  exo.for %i = 0 to 4 seq {
  }
}

exo.proc @second() {
  exo.for %i = 0 to 4 seq {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.annotate %all "all" : !transform.any_op
    %p = transform.exo.match_proc @first in %root : (!transform.any_op) -> !transform.any_op
    %one = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    transform.annotate %one "first_only" : !transform.any_op
    transform.yield
  }
}

// -----

// get_parent_loop returns the loop directly around its target.
// CHECK-LABEL: exo.proc @parent
//       CHECK:   exo.for %i = 0 to 4 seq attributes {parent} {
//  CHECK-NEXT:     exo.for %j = 0 to 4 seq {
exo.proc @parent(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 4 seq {
      exo.assign %x[%j] = %z : !exo.tensor<[4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @parent in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_loop "j" in %p : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.get_parent_loop %s : (!transform.any_op) -> !transform.any_op
    transform.annotate %l "parent" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no loop has the name.
// expected-note @below {{the target}}
module {
  exo.proc @none() {
    exo.for %i = 0 to 4 seq {
    }
  }

  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      // expected-error @below {{no exo.for with iterator 'k' in the target}}
      %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// -----

// Refused: no proc has the name.
exo.proc @some() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{no exo.proc named @other in the target}}
    %p = transform.exo.match_proc @other in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a proc is not inside a loop.
// expected-note @below {{the target}}
exo.proc @top() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @top in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the target is not inside an exo.for}}
    %l = transform.exo.get_parent_loop %p : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

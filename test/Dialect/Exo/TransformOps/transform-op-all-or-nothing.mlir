// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// A transform op with several targets either rewrites all of them or leaves
// the IR as it was: a refusal at a later target undoes the rewrites of the
// earlier ones (add_loop on two loops of the same name must not rewrite the
// first and then refuse the second).

// add_loop: "M" is at least 1 inside the loop over m (the first target),
// not at the top level (the second): nothing changes.
// CHECK-LABEL: exo.proc @two_targets
//  CHECK-NEXT:   exo.for %m = 0 to %M seq {
//  CHECK-NEXT:     exo.for %n = 0 to %N seq {
//  CHECK-NEXT:       arith.constant 1.0
//  CHECK-NEXT:       exo.assign %x[%n]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %n = 0 to %N seq {
//  CHECK-NEXT:       arith.constant 2.0
//  CHECK-NEXT:     exo.assign %x[%n]
//  CHECK-NEXT:   }
//   CHECK-NOT:   %a1
!v = !exo.tensor<[N], f32, dram>
exo.proc @two_targets(%M: index, %N: index, %x: !v) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %one = arith.constant 1.0 : f32
      exo.assign %x[%n] = %one : !v
    }
  }
  exo.for %n = 0 to %N seq {
    %two = arith.constant 2.0 : f32
    exo.assign %x[%n] = %two : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %p = transform.exo.match_proc @two_targets in %r : (!transform.any_op) -> !transform.any_op
      %l = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
      %a = transform.exo.add_loop %l "a1" to "M" : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}

// -----

// A single target that holds is rewritten.
// CHECK-LABEL: exo.proc @one_target
//       CHECK:   exo.for %m = 0 to %M seq {
//  CHECK-NEXT:     exo.for %a1 = 0 to %M seq {
!v = !exo.tensor<[N], f32, dram>
exo.proc @one_target(%M: index, %N: index, %x: !v) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %one = arith.constant 1.0 : f32
      exo.assign %x[%n] = %one : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @one_target in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %a = transform.exo.add_loop %l "a1" to "M" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Sizes that are extents of the proc's tensors are not negative, which
// proofs use: in the tail of a cut (0 <= i0 < M mod 2), M >= 1 holds only
// because M >= 0 (with M = -1, M mod 2 would be 1). Both targets (the main
// part's loop and the tail's) get their loop. Before sizes were known to be
// non-negative, the second was refused (the fuzzer's input).
// CHECK-LABEL: exo.proc @extent_sizes
//       CHECK:   exo.for %i0 = 0 to 2 seq {
//       CHECK:     exo.for %a1 = 0 to %M seq {
//       CHECK:   exo.for %i0 = 0 to %{{.*}} seq {
//       CHECK:     exo.for %a1 = 0 to %M seq {
!v = !exo.tensor<[M, N], f32, dram>
exo.proc @extent_sizes(%M: index, %N: index, %x: !v) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %one = arith.constant 1.0 : f32
      exo.assign %x[%m, %n] = %one : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @extent_sizes in %root : (!transform.any_op) -> !transform.any_op
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %o, %i, %t = transform.exo.divide_loop %m by 2 ["o0", "i0"] tail = cut : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %l = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %a = transform.exo.add_loop %l "a1" to "M" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The verifier is a safety net under every rewrite's preconditions: a
// rewrite whose result would not verify is refused with the verifier's
// message, and the IR is left as it was. Here specialize would put an
// allocation into the branches of a guard, away from its later use.
!v = !exo.tensor<[N], f32, dram>
!t4 = !exo.tensor<[4], f32, dram>
exo.proc @alloc_in_guard(%N: index, %x: !v) {
  %t = exo.alloc : !t4
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the verifier says: operand #0 does not dominate this use}}
  exo.assign %t[%c0] = %z : !t4
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the rewritten proc would not verify; the rewrite is refused}}
    %s = transform.exo.specialize %a if "N >= 4" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// The same, with the failure suppressed: the proc is untouched.
// CHECK-LABEL: exo.proc @alloc_in_guard_kept
//  CHECK-NEXT:   %t = exo.alloc
//   CHECK-NOT:   exo.if
!v = !exo.tensor<[N], f32, dram>
!t4 = !exo.tensor<[4], f32, dram>
exo.proc @alloc_in_guard_kept(%N: index, %x: !v) {
  %t = exo.alloc : !t4
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  exo.assign %t[%c0] = %z : !t4
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %a = transform.collect_matching @match_alloc in %r : (!transform.any_op) -> !transform.any_op
      %s = transform.exo.specialize %a if "N >= 4" : (!transform.any_op) -> !transform.any_op
    }
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// Truncating and unsigned divisions in indices are read exactly, not as
// floordiv: (i - 3) divsi 4 is 0 for i = 0, 1, 2 (floordiv would give -1), so
// the read y[(i - 3) / 4 + 1] at i = 0 reads y[1], which iteration 1 writes:
// fission would move that read after the write. Reading divsi as floordiv
// would see y[0] and accept.
!v = !exo.tensor<[N], i32, dram>
exo.proc @truncating(%N: index, %x: !v, %y: !v, %z: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    // expected-note @below {{the write of the same element of 'y' at (i = 1), which must stay after it}}
    exo.assign %y[%i] = %a : !v
    %t = arith.subi %i, %c3 : index
    %q = arith.divsi %t, %c4 : index
    %r = arith.addi %q, %c1 : index
    // expected-error @below {{cannot split loop 'i': this read of 'y' at (i = 0) in the second part would move after a dependent write at (i = 1) in the first part (with N = 8)}}
    %b = exo.read %y[%r] : !v
    exo.assign %z[%i] = %b : !v
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @truncating in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %f1, %s1 = transform.exo.fission %w : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same split where the divisions are exact on their domain: i divui 4
// and i remui 4 of a non-negative i read elements written in the same or an
// earlier iteration, so the split is accepted.
!v = !exo.tensor<[N], i32, dram>
// CHECK-LABEL: exo.proc @unsigned_nonnegative
// CHECK: exo.for %i = 0 to %N seq {
// CHECK-NEXT: exo.read %x[%i]
// CHECK-NEXT: exo.assign %y[%i]
// CHECK-NEXT: }
// CHECK: exo.for %i = 0 to %N seq {
// CHECK: arith.divui
// CHECK: arith.remui
exo.proc @unsigned_nonnegative(%N: index, %x: !v, %y: !v, %z: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c4 = arith.constant 4 : index
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    %q = arith.divui %i, %c4 : index
    %m = arith.remui %i, %c4 : index
    %b = exo.read %y[%q] : !v
    %c = exo.read %y[%m] : !v
    %s = arith.addi %b, %c : i32
    exo.assign %z[%i] = %s : !v
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @unsigned_nonnegative in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %f1, %s1 = transform.exo.fission %w : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Nine truncating divisions in one index: the sign cases are searched depth
// first, pruning cases that admit no point (0.1 s here; a single question
// with the cases switched by 2^62-scaled sign variables takes 21 s), and
// the example is found exactly.
!v = !exo.tensor<[N], i32, dram>
exo.proc @nine_divisions(%N: index, %x: !v, %y: !v, %z: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    // expected-note @below {{the write of the same element of 'y' at (i = 1), which must stay after it}}
    exo.assign %y[%i] = %a : !v
    %t = arith.subi %i, %c3 : index
    %q1 = arith.divsi %t, %c2 : index
    %q2 = arith.divsi %q1, %c2 : index
    %q3 = arith.divsi %q2, %c2 : index
    %q4 = arith.divsi %q3, %c2 : index
    %q5 = arith.divsi %q4, %c2 : index
    %q6 = arith.divsi %q5, %c2 : index
    %q7 = arith.divsi %q6, %c2 : index
    %q8 = arith.divsi %q7, %c2 : index
    %q9 = arith.divsi %q8, %c2 : index
    %r = arith.addi %q9, %c1 : index
    // expected-error @below {{cannot split loop 'i': this read of 'y' at (i = 0) in the second part would move after a dependent write at (i = 1) in the first part (with N = 8)}}
    %b = exo.read %y[%r] : !v
    exo.assign %z[%i] = %b : !v
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @nine_divisions in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %f1, %s1 = transform.exo.fission %w : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

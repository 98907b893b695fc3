// RUN: exo-gpu-opt %s -split-input-file -transform-interpreter -verify-diagnostics | FileCheck %s

// clone_proc: one specification, and each variant a copy of it that the
// schedule then rewrites; assume narrows the copy's requires so that a
// perfect divide_loop is provable. The specification stays as it was.

// CHECK-DAG:   #[[SPEC:.*]] = affine_set<()[s0] : (s0 - 1 >= 0)>
// CHECK-DAG:   #[[BY4:.*]] = affine_set<()[s0] : (s0 - 1 >= 0, s0 mod 4 == 0)>
// CHECK-DAG:   #[[BY8:.*]] = affine_set<()[s0] : (s0 - 64 >= 0, s0 mod 8 == 0)>
// CHECK-LABEL: exo.proc @scale(
// CHECK-SAME:  requires #[[SPEC]] {
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    exo.for %i = 0 to %N seq {
// CHECK-NOT:     exo.for
// CHECK-LABEL: exo.proc @scale_by4(
// CHECK-SAME:  requires #[[BY4]] {
// CHECK:         exo.for %io = 0 to
// CHECK:           exo.for %ii = 0 to 4 seq {
// CHECK-LABEL: exo.proc @scale_by8(
// CHECK-SAME:  requires #[[BY8]] {
// CHECK:           exo.for %ii = 0 to 8 seq {
exo.proc @scale(%N: index, %x: !exo.tensor<[N], f32, dram>)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %w = arith.mulf %v, %two : f32
    exo.assign %x[%i] = %w : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%p: !transform.any_op {transform.readonly},
                                 %q: !transform.param<i64> {transform.readonly}) {
    %c = transform.exo.expr "N mod {0} == 0" (%q) : (!transform.param<i64>) -> !transform.any_param
    transform.exo.assume %p %c : !transform.any_op, !transform.any_param
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %o:3 = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @scale in %root : (!transform.any_op) -> !transform.any_op
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %eight = transform.param.constant 8 : i64 -> !transform.param<i64>
    // Cloned in this order, each copy goes right after the spec.
    %k8 = transform.exo.clone_proc %spec "scale_by8" : (!transform.any_op) -> !transform.any_op
    %k4 = transform.exo.clone_proc %spec "scale_by4" : (!transform.any_op) -> !transform.any_op
    transform.include @tile failures(propagate) (%k4, %four) : (!transform.any_op, !transform.param<i64>) -> ()
    // A literal string. N >= 64 implies the spec's N >= 1, which goes; N mod
    // 8 is stated once, though written twice here and again by @tile.
    transform.exo.assume %k8 "N mod 8 == 0, N >= 64, N mod 8 == 0" : !transform.any_op
    transform.include @tile failures(propagate) (%k8, %eight) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

// Without the assumption the perfect division is refused, with sizes that
// show why: clone_proc gives no free requirements.

exo.proc @scale(%N: index, %x: !exo.tensor<[N], f32, dram>)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %two = arith.constant 2.0 : f32
  // The copy has the spec's locations.
  // expected-note @below {{the sizes N = 3 satisfy the proc's requires but not the divisibility}}
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %w = arith.mulf %v, %two : f32
    exo.assign %x[%i] = %w : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @scale in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.clone_proc %spec "scale_by4" : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %k : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prove that 4 divides the trip count}}
    %o:3 = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.divide_loop: the three tail strategies, and the refusals.

!v = !exo.tensor<[N], f32, dram>

// tail = perfect: `requires` says 4 divides N, so N / 4 chunks of 4 cover
// the loop exactly; i = 4 * io + ii.
// CHECK-LABEL: exo.proc @perfect
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[N4:.*]] = arith.divsi %N, %[[C4]] : index
//       CHECK:   exo.for %io = 0 to %[[N4]] seq {
//       CHECK:     exo.for %ii = 0 to 4 seq {
//       CHECK:       %[[IO4:.*]] = arith.muli %io, %{{.*}} : index
//       CHECK:       %[[I:.*]] = arith.addi %[[IO4]], %ii : index
//       CHECK:       exo.read %x[%[[I]]]
//       CHECK:       exo.assign %y[%[[I]]]
//   CHECK-NOT:   exo.for
exo.proc @perfect(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 4 == 0)> {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tail = perfect with constant bounds: 3 divides 12 - 0; no arithmetic for
// the outer bound.
// CHECK-LABEL: exo.proc @perfect_constant
//       CHECK:   exo.for %io = 0 to 4 seq {
//       CHECK:     exo.for %ii = 0 to 3 seq {
exo.proc @perfect_constant(%x: !exo.tensor<[12], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 12 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[12], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 3 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// tail = perfect needs more than N mod 4 == 0 when the loop starts at 2:
// the trip count N - 2 is a multiple of 4 when N mod 4 == 2.
// CHECK-LABEL: exo.proc @perfect_offset
//       CHECK:   %[[T:.*]] = arith.subi %N, %{{.*}} : index
//       CHECK:   %[[Q:.*]] = arith.divsi %[[T]], %{{.*}} : index
//       CHECK:   exo.for %io = 0 to %[[Q]] seq {
//       CHECK:     exo.for %ii = 0 to 4 seq {
//       CHECK:       %[[A:.*]] = arith.addi %{{.*}}, %ii : index
//       CHECK:       %[[I:.*]] = arith.addi %{{.*}}, %[[A]] : index
//       CHECK:       exo.assign %x[%[[I]]]
exo.proc @perfect_offset(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 4 - 2 == 0)> {
  %z = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  exo.for %i = %c2 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// tail = guard: ceil(N / 4) chunks; the body runs only where i < N.
// CHECK-LABEL: exo.proc @guard
//       CHECK:   %[[S:.*]] = arith.addi %N, %{{.*}} : index
//       CHECK:   %[[C:.*]] = arith.divsi %[[S]], %{{.*}} : index
//       CHECK:   exo.for %io = 0 to %[[C]] seq {
//       CHECK:     exo.for %ii = 0 to 4 seq {
//       CHECK:       %[[I:.*]] = arith.addi %{{.*}}, %ii : index
//       CHECK:       %[[IN:.*]] = arith.cmpi slt, %[[I]], %N : index
//       CHECK:       exo.if %[[IN]] {
//       CHECK:         exo.assign %x[%[[I]]]
exo.proc @guard(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// tail = cut: 2 full chunks of 4, then a tail loop over the last 2
// iterations, i = 8 + ii.
// CHECK-LABEL: exo.proc @cut_constant
//       CHECK:   exo.for %io = 0 to 2 seq {
//       CHECK:     exo.for %ii = 0 to 4 seq {
//       CHECK:       exo.assign
//       CHECK:   exo.for %ii = 0 to 2 seq attributes {tail} {
//       CHECK:     %[[I:.*]] = arith.addi %{{.*}}, %ii : index
//       CHECK:     exo.assign %x[%[[I]]]
exo.proc @cut_constant(%x: !exo.tensor<[10], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 10 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[10], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = cut
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // The tail handle holds the tail loop.
    transform.annotate %t "tail" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// tail = cut with a dynamic trip count: N / 4 chunks, then N mod 4
// iterations from 4 * (N / 4).
// CHECK-LABEL: exo.proc @cut
//       CHECK:   %[[Q:.*]] = arith.divsi %N, %{{.*}} : index
//       CHECK:   exo.for %io = 0 to %[[Q]] seq {
//       CHECK:   %[[START:.*]] = arith.muli %[[Q]], %{{.*}} : index
//       CHECK:   %[[R:.*]] = arith.remsi %N, %{{.*}} : index
//       CHECK:   exo.for %ii = 0 to %[[R]] seq attributes {tail} {
//       CHECK:     %[[I:.*]] = arith.addi %[[START]], %ii : index
//       CHECK:     exo.assign %x[%[[I]]]
exo.proc @cut(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = cut
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.annotate %t "tail" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: `requires` only says N is even, so 4 need not divide N; the note
// gives sizes that satisfy `requires` but not the divisibility.
exo.proc @not_divisible(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 2 == 0)> {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the sizes N = 2 satisfy the proc's requires but not the divisibility}}
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prove that 4 divides the trip count of loop 'i'}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// The same refusal with failures suppressed: the proc is printed unchanged.
// CHECK-LABEL: exo.proc @not_divisible_untouched
//       CHECK:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.assign %x[%i]
//   CHECK-NOT:   exo.for
exo.proc @not_divisible_untouched(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 2 == 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %i = transform.exo.match_loop "i" in %r : (!transform.any_op) -> !transform.any_op
      %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

// Refused: a constant trip count that is not a multiple of the factor.
exo.proc @constant_not_divisible(%x: !exo.tensor<[10], f32, dram>) {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{the loop}}
  exo.for %i = 0 to 10 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[10], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prove that 4 divides the trip count of loop 'i'}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the upper bound N * N is not quasi-affine in the sizes.
exo.proc @nonaffine_bound(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  %nn = arith.muli %N, %N : index
  // expected-note @below {{its bounds are not quasi-affine in the sizes}}
  exo.for %i = 0 to %nn seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prove that 4 divides the trip count of loop 'i'}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: only seq loops are divided.
exo.proc @threads(%x: !exo.tensor<[64], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{this loop is cuda_threads<thread>}}
      exo.for %i = 0 to 64 cuda_threads<thread> {
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot divide loop 'i': only seq loops are divided (set the mode after dividing)}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the two new iterators need different names.
exo.proc @same_names(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected two different, non-empty iterator names, got 'k' and 'k'}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["k", "k"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: a name must print as itself ("a b" would print as a_b).
exo.proc @bad_name(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the inner loop's name 'a b' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["io", "a b"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

exo.proc @digit_name(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the outer loop's name '1io' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["1io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the payload is not a loop.
// expected-note @below {{this payload op}}
exo.proc @not_a_loop(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.assign %x[0] = %z : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @not_a_loop in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.for payload, got 'exo.proc'}}
    %o, %in, %t = transform.exo.divide_loop %p by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.fission: splitting a loop (nest) after a statement, and the
// refusals. The statement is the first exo.assign of the chunk, found with
// transform.collect_matching.

!v = !exo.tensor<[N], f32, dram>

// y[i] = x[i] then z[i + 1] = y[i]: each iteration of the second loop reads
// what the same iteration of the first wrote, which still runs before it.
// The index arithmetic i + 1 is computed again in the second loop (and
// dropped from the first, which no longer uses it).
// CHECK-LABEL: exo.proc @basic
//       CHECK:   exo.for %i = 0 to %N seq attributes {first} {
//  CHECK-NEXT:     exo.read %x[%i]
//  CHECK-NEXT:     exo.assign %y[%i]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %i = 0 to %N seq attributes {second} {
//  CHECK-NEXT:     %[[IP:.*]] = arith.addi %i, %c1 : index
//  CHECK-NEXT:     %[[B:.*]] = exo.read %y[%i]
//  CHECK-NEXT:     exo.assign %z[%[[IP]]] = %[[B]]
//  CHECK-NEXT:   }
exo.proc @basic(%N: index, %x: !v, %y: !v, %z: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to %N seq {
    %ip = arith.addi %i, %c1 : index
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    %b = exo.read %y[%i] : !v
    exo.assign %z[%ip] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    %s0, %s1 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %first, %second = transform.exo.fission %s0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %first "first" : !transform.any_op
    transform.annotate %second "second" : !transform.any_op
    transform.yield
  }
}

// -----

!m = !exo.tensor<[N, N], f32, dram>

// depth = 2 splits both loops: the first nest keeps what precedes the
// statement at each level, the second what follows (the j loop's rest, then
// the i loop's). A forward dependence (b[i, j] written, then read at the
// same (i, j)) keeps its order.
// CHECK-LABEL: exo.proc @nest
//       CHECK:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.assign %c[%i, 0]
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
//  CHECK-NEXT:       exo.read %a[%i, %j]
//  CHECK-NEXT:       exo.assign %b[%i, %j]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
//  CHECK-NEXT:       exo.read %b[%i, %j]
//  CHECK-NEXT:       exo.reduce %c[%i, 0]
//  CHECK-NEXT:     }
//  CHECK-NEXT:     exo.read %c[%i, 0]
//  CHECK-NEXT:     exo.assign %a[%i, 0]
//  CHECK-NEXT:   }
exo.proc @nest(%N: index, %a: !m, %b: !m, %c: !m) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %c[%i, 0] = %z : !m
    exo.for %j = 0 to %N seq {
      %v = exo.read %a[%i, %j] : !m
      exo.assign %b[%i, %j] = %v : !m
      %w = exo.read %b[%i, %j] : !m
      exo.reduce %c[%i, 0] += %w : !m
    }
    %s = exo.read %c[%i, 0] : !m
    exo.assign %a[%i, 0] = %s : !m
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    %s0, %s1, %s2 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %first, %second = transform.exo.fission %s1 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: iteration i writes y[i] after the split point, and iteration
// i + 1 reads it before: after the split every read would run before every
// write. The error is at the access of the second part.
exo.proc @reversed(%N: index, %x: !v, %y: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    // expected-note @below {{the read of the same element of 'y' at (i = 2), which must stay after it}}
    %p = exo.read %y[%im] : !v
    exo.assign %x[%i] = %p : !v
    %a = exo.read %x[%i] : !v
    // expected-error @below {{cannot split loop 'i': this write of 'y' at (i = 1) in the second part would move after a dependent read at (i = 2) in the first part (with N = 4)}}
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    %s0, %s1 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %first, %second = transform.exo.fission %s0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// The same refusal with failures suppressed: the proc is printed unchanged.
// CHECK-LABEL: exo.proc @reversed_untouched
//       CHECK:   exo.for %i = 1 to %N seq {
//       CHECK:     exo.assign %x[%i]
//       CHECK:     exo.assign %y[%i]
//  CHECK-NEXT:   }
//   CHECK-NOT:   exo.for
exo.proc @reversed_untouched(%N: index, %x: !v, %y: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !v
    exo.assign %x[%i] = %p : !v
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %all = transform.collect_matching @match_assign in %r : (!transform.any_op) -> !transform.any_op
      %s0, %s1 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %first, %second = transform.exo.fission %s0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: the value read before the split is used after it; a read is not
// recomputed (the second loop would read after the first loop's writes).
exo.proc @value_across(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    // expected-note @below {{defined in the first part}}
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
    // expected-note @below {{used in the second part}}
    exo.assign %x[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    %s0, %s1 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot split loop 'i': value %0 is used across the split}}
    %first, %second = transform.exo.fission %s0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: nothing follows the statement, so there is nothing to split off.
exo.proc @last(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    // expected-note @below {{nothing follows this statement in the nest}}
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot split loop 'i': the second loop would be empty}}
    %first, %second = transform.exo.fission %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Refused: depth = 2 needs two loops around the statement.
exo.proc @shallow(%N: index, %x: !v) {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{this op is not directly in the body of an exo.for}}
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %all = transform.collect_matching @match_assign in %root : (!transform.any_op) -> !transform.any_op
    %s0, %s1 = transform.split_handle %all : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot split after the statement: it is not nested directly in 2 loops}}
    %first, %second = transform.exo.fission %s0 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s
// RUN: exo-gpu-opt %S/Inputs/reduce-tree-equivalence.mlir -transform-interpreter -o %t.eq.mlir
// RUN: exo-gpu-run %t.eq.mlir --entry=sum_ref --compare=sum_tree --size=N=3 --seed=2 | FileCheck %s --check-prefix=EQ
// EQ: EQUIVALENT @sum_ref @sum_tree
// RUN: exo-gpu-run %t.eq.mlir --entry=max_ref --compare=max_tree --size=N=5 --seed=3 | FileCheck %s --check-prefix=EXACT
// RUN: exo-gpu-run %t.eq.mlir --entry=min_ref --compare=min_tree --size=N=5 --seed=3 | FileCheck %s --check-prefix=EXACT
// EXACT: compare y: max |diff| 0.000e+00
// EXACT: EQUIVALENT

// transform.exo.reduce_tree: a sum, maximum or minimum over bits becomes a
// butterfly of pairwise sums, maxima or minima; the refusals.

// Two bits: level 0 pairs over b1 (t -> tmp), level 1 over b0 (tmp -> t),
// then y += t[0, 0, 3].
// CHECK-LABEL: exo.proc @two_bits
//       CHECK:   %tmp = exo.alloc : !exo.tensor<[2, 2, 4], f32, dram>
//  CHECK-NEXT:   exo.for %b1_b0 = 0 to 2 seq {
//  CHECK-NEXT:     exo.for %b1_pair = 0 to 2 seq {
//  CHECK-NEXT:       %[[A:.*]] = exo.read %t[0, %b1_b0, 3]
//  CHECK-NEXT:       %[[B:.*]] = exo.read %t[1, %b1_b0, 3]
//  CHECK-NEXT:       %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
//  CHECK-NEXT:       exo.assign %tmp[%b1_pair, %b1_b0, 3] = %[[S]]
//       CHECK:   exo.for %b0_b1 = 0 to 2 seq {
//  CHECK-NEXT:     exo.for %b0_pair = 0 to 2 seq {
//  CHECK-NEXT:       %[[C:.*]] = exo.read %tmp[%b0_b1, 0, 3]
//  CHECK-NEXT:       %[[D:.*]] = exo.read %tmp[%b0_b1, 1, 3]
//  CHECK-NEXT:       %[[E:.*]] = arith.addf %[[C]], %[[D]] : f32
//  CHECK-NEXT:       exo.assign %t[%b0_b1, %b0_pair, 3] = %[[E]]
//       CHECK:   %[[F:.*]] = exo.read %t[0, 0, 3]
//       CHECK:   exo.reduce %y[1] += %[[F]]
exo.proc @two_bits(%y: !exo.tensor<[4], f32, dram>) {
  %one = arith.constant 1.0 : f32
  %t = exo.alloc : !exo.tensor<[2, 2, 4], f32, dram>
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 2 seq {
      exo.assign %t[%i, %j, 3] = %one : !exo.tensor<[2, 2, 4], f32, dram>
    }
  }
  exo.for %b1 = 0 to 2 seq {
    exo.for %b0 = 0 to 2 seq {
      %v = exo.read %t[%b1, %b0, 3] : !exo.tensor<[2, 2, 4], f32, dram>
      exo.reduce %y[1] += %v : !exo.tensor<[4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b1 = transform.exo.match_loop "b1" in %root : (!transform.any_op) -> !transform.any_op
    %levels, %final = transform.exo.reduce_tree %b1 as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A maximum: the levels take pairwise maxima, and the final statement the
// maximum of y's element and the total.
// CHECK-LABEL: exo.proc @max_bits
//       CHECK:   %tmp = exo.alloc : !exo.tensor<[2, 2], f32, dram>
//       CHECK:     exo.for %b1_pair = 0 to 2 seq {
//  CHECK-NEXT:       %[[A:.*]] = exo.read %t[0, %b1_b0]
//  CHECK-NEXT:       %[[B:.*]] = exo.read %t[1, %b1_b0]
//  CHECK-NEXT:       %[[S:.*]] = arith.maximumf %[[A]], %[[B]] : f32
//  CHECK-NEXT:       exo.assign %tmp[%b1_pair, %b1_b0] = %[[S]]
//       CHECK:       arith.maximumf
//       CHECK:   %[[F:.*]] = exo.read %t[0, 0]
//  CHECK-NEXT:   %[[O:.*]] = exo.read %y[2]
//  CHECK-NEXT:   %[[M:.*]] = arith.maximumf %[[O]], %[[F]] : f32
//  CHECK-NEXT:   exo.assign %y[2] = %[[M]]
exo.proc @max_bits(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2, 2], f32, dram>
  exo.for %b1 = 0 to 2 seq {
    exo.for %b0 = 0 to 2 seq {
      %v = exo.read %t[%b1, %b0] : !exo.tensor<[2, 2], f32, dram>
      %o = exo.read %y[2] : !exo.tensor<[4], f32, dram>
      %m = arith.maximumf %o, %v : f32
      exo.assign %y[2] = %m : !exo.tensor<[4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b1 = transform.exo.match_loop "b1" in %root : (!transform.any_op) -> !transform.any_op
    %levels, %final = transform.exo.reduce_tree %b1 as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the maximum's other operand is not the element it writes.
exo.proc @max_other(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    %o = exo.read %y[1] : !exo.tensor<[4], f32, dram>
    %m = arith.maximumf %o, %v : f32
    // expected-note @below {{this is not 'y[...] += t[...]' or 'y[...] = max(y[...], t[...])' (or min)}}
    exo.assign %y[0] = %m : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the innermost statement must add a read element to another tensor, or take the maximum or minimum of it and that tensor's element}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: a maximum of arith.maxnumf (NaN-dropping, not the hardware's
// max.NaN of the shuffle family) is not a tree reduction this rewrite makes.
exo.proc @maxnum(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    %o = exo.read %y[0] : !exo.tensor<[4], f32, dram>
    %m = arith.maxnumf %o, %v : f32
    // expected-note @below {{this is not 'y[...] += t[...]' or 'y[...] = max(y[...], t[...])' (or min)}}
    exo.assign %y[0] = %m : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the innermost statement must add a read element to another tensor, or take the maximum or minimum of it and that tensor's element}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: a loop that is not over one bit.
exo.proc @three(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[3], f32, dram>
  // expected-note @below {{loop 'b' does not run from 0 to 2 (seq)}}
  exo.for %b = 0 to 3 seq {
    %v = exo.read %t[%b] : !exo.tensor<[3], f32, dram>
    exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the nest must be loops over bits}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: two statements in the loop.
exo.proc @two_stmts(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
    // expected-note @below {{this statement is not the only one}}
    exo.reduce %y[1] += %v : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the loops must hold one statement each}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: an empty loop.
exo.proc @empty(%y: !exo.tensor<[4], f32, dram>) {
  exo.for %b = 0 to 2 seq {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: loop 'b' is empty}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the innermost statement is not y += t[...].
exo.proc @scaled(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    %w = arith.addf %v, %v : f32
    // expected-note @below {{this is not 'y[...] += t[...]' or 'y[...] = max(y[...], t[...])' (or min)}}
    exo.reduce %y[0] += %w : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the innermost statement must add a read element to another tensor, or take the maximum or minimum of it and that tensor's element}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the summed tensor is an argument (the tree would overwrite it).
exo.proc @argument(%t: !exo.tensor<[2], f32, dram>, %y: !exo.tensor<[4], f32, dram>) {
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: 't' must be a local tensor of floats (its values are overwritten)}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the sum goes into the tensor it sums.
exo.proc @self(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %t[0] += %v : !exo.tensor<[2], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the sum is added to the tensor it sums}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the iterators index t out of order.
exo.proc @swapped(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2, 2], f32, dram>
  exo.for %b1 = 0 to 2 seq {
    exo.for %b0 = 0 to 2 seq {
      // expected-note @below {{this read}}
      %v = exo.read %t[%b0, %b1] : !exo.tensor<[2, 2], f32, dram>
      exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b1" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: 't' must be read at the loops' iterators, in order, in dimensions of extent 2, then at constants}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the destination depends on the loops.
exo.proc @scatter(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    // expected-note @below {{this index}}
    exo.reduce %y[%b] += %v : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the sum's destination must not depend on the loops}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: t is read after the sum.
exo.proc @later(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
  }
  // expected-note @below {{this use}}
  %w = exo.read %t[1] : !exo.tensor<[2], f32, dram>
  exo.assign %y[2] = %w : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: 't' is used after the sum, but the tree overwrites it}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: t is read after the sum through a window made before it (the
// check follows t's windows, not only its direct uses).
exo.proc @later_through_window(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  %u = exo.window %t[:] : !exo.tensor<[2], f32, dram> -> !exo.window<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %y[0] += %v : !exo.tensor<[4], f32, dram>
  }
  // expected-note @below {{this use}}
  %w = exo.read %u[1] : !exo.window<[2], f32, dram>
  exo.assign %y[2] = %w : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: 't' is used after the sum, but the tree overwrites it}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: the sum goes into a window of the tensor it sums.
exo.proc @self_through_window(%y: !exo.tensor<[4], f32, dram>) {
  %t = exo.alloc : !exo.tensor<[2], f32, dram>
  %u = exo.window %t[:] : !exo.tensor<[2], f32, dram> -> !exo.window<[2], f32, dram>
  exo.for %b = 0 to 2 seq {
    %v = exo.read %t[%b] : !exo.tensor<[2], f32, dram>
    exo.reduce %u[0] += %v : !exo.window<[2], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot turn the sum into a tree: the sum is added to the tensor it sums}}
    %levels, %final = transform.exo.reduce_tree %b as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

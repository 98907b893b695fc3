// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.stage_mem: accesses of a window of a tensor in some
// statements move to a new tensor, copied in before and back after; the
// refusals (window misses an access, window outside the tensor, other uses).

!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

// An accumulator: the statements only reduce into y[m], so the copy starts
// at zero and is added back; one element needs no loops.
// CHECK-LABEL: exo.proc @accumulate
//       CHECK:   exo.for %m = 0 to %M seq {
//  CHECK-NEXT:     exo.assign %y[%m] = %[[Z:.*]] :
//  CHECK-NEXT:     %acc = exo.alloc : !exo.tensor<[1], f32, dram>
//  CHECK-NEXT:     %[[Z2:.*]] = arith.constant 0.000000e+00 : f32
//  CHECK-NEXT:     exo.assign %acc[0] = %[[Z2]] : !exo.tensor<[1], f32, dram>
//  CHECK-NEXT:     exo.for %k = 0 to %K seq {
//       CHECK:       exo.reduce %acc[0] += %{{.*}} : !exo.tensor<[1], f32, dram>
//  CHECK-NEXT:     }
//  CHECK-NEXT:     %[[V:.*]] = exo.read %acc[0]
//  CHECK-NEXT:     exo.reduce %y[%m] += %[[V]] : !exo.tensor<[M], f32, dram>
//  CHECK-NEXT:   }
exo.proc @accumulate(%M: index, %K: index, %A: !A, %x: !x, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !y
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%m, %k] : !A
      %b = exo.read %x[%k] : !x
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%m] += %p : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %acc, %in, %out = transform.exo.stage_mem %k, "y" at ["m"] sizes [1] as "acc" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[M, N], f32, dram>

// A 4 x 8 tile read and written: copied in with a loop nest, accesses
// shifted by the tile's origin, copied back. The copy loops are returned.
// CHECK-LABEL: exo.proc @tile
//       CHECK:   exo.for %io = 0 to %{{.*}} seq {
//       CHECK:     %[[R0:.*]] = arith.muli %io, %c4
//       CHECK:     %t = exo.alloc : !exo.tensor<[4, 8], f32, dram>
//  CHECK-NEXT:     exo.for %t_in_0 = 0 to 4 seq attributes {copy_in} {
//  CHECK-NEXT:       exo.for %t_in_1 = 0 to 8 seq {
//  CHECK-NEXT:         %[[I:.*]] = arith.addi %[[R0]], %t_in_0
//  CHECK-NEXT:         %[[V:.*]] = exo.read %x[%[[I]], %t_in_1]
//  CHECK-NEXT:         exo.assign %t[%t_in_0, %t_in_1] = %[[V]]
//       CHECK:     exo.for %ii = 0 to 4 seq {
//  CHECK-NEXT:       exo.for %j = 0 to 8 seq {
//       CHECK:         exo.read %t[%ii, %j]
//       CHECK:         exo.assign %t[%ii, %j]
//       CHECK:     exo.for %t_out_0 = 0 to 4 seq attributes {copy_out} {
//  CHECK-NEXT:       exo.for %t_out_1 = 0 to 8 seq {
//  CHECK-NEXT:         %[[V2:.*]] = exo.read %t[%t_out_0, %t_out_1]
//       CHECK:         exo.assign %x[%{{.*}}, %{{.*}}] = %[[V2]]
exo.proc @tile(%M: index, %N: index, %x: !T)
    requires affine_set<()[M, N] : (M mod 4 == 0, N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %M4 = arith.divui %M, %c4 : index
  %two = arith.constant 2.0 : f32
  exo.for %io = 0 to %M4 seq {
    exo.for %ii = 0 to 4 seq {
      exo.for %j = 0 to 8 seq {
        %r0 = arith.muli %io, %c4 : index
        %r = arith.addi %r0, %ii : index
        %v = exo.read %x[%r, %j] : !T
        %w = arith.mulf %v, %two : f32
        exo.assign %x[%r, %j] = %w : !T
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    %t, %in, %out = transform.exo.stage_mem %ii, "x" at ["4 * io", "0"] sizes [4, 8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.annotate %in "copy_in" : !transform.any_op
    transform.annotate %out "copy_out" : !transform.any_op
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// The first statement assigns the whole window (an initialization): no
// copy-in; the copy goes back after.
// CHECK-LABEL: exo.proc @overwrite
//       CHECK:   %s = exo.alloc : !exo.tensor<[8], f32, dram>
//  CHECK-NEXT:   exo.for %i = 0 to 8 seq {
//  CHECK-NEXT:     exo.assign %s[%i] =
//       CHECK:   exo.for %s_out_0 = 0 to 8 seq {
//   CHECK-NOT:   s_in
exo.proc @overwrite(%N: index, %x: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    %v = exo.read %x[%j] : !T
    %w = arith.addf %v, %v : f32
    exo.assign %x[%j] = %w : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %ij = transform.merge_handles %i, %j : !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %ij, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// An initialization that reads the tensor it writes is not an overwrite:
// the copy-in stays.
// CHECK-LABEL: exo.proc @self_read
//       CHECK:   exo.for %s_in_0 = 0 to 8 seq {
exo.proc @self_read(%N: index, %x: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %x[%i] : !T
    exo.assign %x[%i] = %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// A tiled initialization: x[4 * i + j] with j < 4 and i < 2 assigns each of
// the window's 8 elements once (a mixed-radix index): no copy-in.
// CHECK-LABEL: exo.proc @overwrite_tiled
//       CHECK:   %s = exo.alloc : !exo.tensor<[8], f32, dram>
//   CHECK-NOT:   s_in
//       CHECK:   exo.for %i = 0 to 2 seq {
//       CHECK:   exo.for %s_out_0 = 0 to 8 seq {
exo.proc @overwrite_tiled(%N: index, %x: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %z = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 4 seq {
      %i4 = arith.muli %i, %c4 : index
      %ij = arith.addi %i4, %j : index
      exo.assign %x[%ij] = %z : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// Statements that only add to x, the first adding to each element of the
// window once: the staged copy starts as those values (the reduction
// becomes an assignment, 0 + v being v) and is added back after.
// CHECK-LABEL: exo.proc @add_once
//       CHECK:   %s = exo.alloc : !exo.tensor<[8], f32, dram>
//   CHECK-NOT:   s_in
//       CHECK:     exo.assign %s[%{{.*}}] = %{{.*}} : !exo.tensor<[8], f32, dram>
//       CHECK:     exo.reduce %s[%l] +=
//       CHECK:   exo.for %s_out_0 = 0 to 8 seq {
//       CHECK:     exo.reduce %x[%s_out_0] +=
exo.proc @add_once(%N: index, %x: !T, %y: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c4 = arith.constant 4 : index
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 4 seq {
      %i4 = arith.muli %i, %c4 : index
      %ij = arith.addi %i4, %j : index
      %v = exo.read %y[%ij] : !T
      exo.reduce %x[%ij] += %v : !T
    }
  }
  exo.for %l = 0 to 8 seq {
    %v = exo.read %y[%l] : !T
    exo.reduce %x[%l] += %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %il = transform.merge_handles %i, %l : !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %il, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// The first statement adds to element 0 twice: the copy starts at zero.
// CHECK-LABEL: exo.proc @add_twice
//       CHECK:   exo.for %s_in_0 = 0 to 2 seq {
//       CHECK:     exo.assign %s[%s_in_0] = %{{.*}} : !exo.tensor<[2], f32, dram>
//       CHECK:   exo.reduce %s[
exo.proc @add_twice(%N: index, %x: !T, %y: !T)
    requires affine_set<()[N] : (N - 2 >= 0)> {
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 2 seq {
      %v = exo.read %y[%i] : !T
      exo.reduce %x[%i] += %v : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [2] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// x[4 * i + j] with j < 2 and i < 2 leaves gaps (elements 2, 3, 6, 7): the
// copy-in stays, so that the copy back writes what x held there.
// CHECK-LABEL: exo.proc @overwrite_gaps
//       CHECK:   exo.for %s_in_0 = 0 to 8 seq {
exo.proc @overwrite_gaps(%N: index, %x: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %z = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 2 seq {
      %i4 = arith.muli %i, %c4 : index
      %ij = arith.addi %i4, %j : index
      exo.assign %x[%ij] = %z : !T
    }
  }
  exo.for %l = 0 to 8 seq {
    %v = exo.read %x[%l] : !T
    exo.assign %x[%l] = %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %il = transform.merge_handles %i, %l : !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %il, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// Read-only: no copy back, and the third handle is empty.
// CHECK-LABEL: exo.proc @read_only
//       CHECK:   %s = exo.alloc : !exo.tensor<[8], f32, dram>
//       CHECK:   exo.for %s_in_0 = 0 to 8 seq {
//       CHECK:   exo.for %i = 0 to 8 seq {
//  CHECK-NEXT:     exo.read %s[%i]
//  CHECK-NOT:    s_out
exo.proc @read_only(%N: index, %x: !T, %y: !T)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %x[%i] : !T
    exo.assign %y[%i] = %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "s" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// Refused: the window [4 * io, 4 * io + 4) misses x[4 * io + 4], and the
// note gives sizes where it happens.
exo.proc @misses(%N: index, %x: !T)
    requires affine_set<()[N] : (N mod 4 == 0, N - 8 >= 0)> {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f32
  %N4 = arith.divui %N, %c4 : index
  %n1 = arith.subi %N4, %c4 : index
  exo.for %io = 0 to %n1 seq {
    exo.for %ii = 0 to 5 seq {
      %r0 = arith.muli %io, %c4 : index
      %r = arith.addi %r0, %ii : index
      // expected-note @below {{this access of 'x' can touch index 8 of dimension 0, outside the window (with N = 24)}}
      exo.assign %x[%r] = %z : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': the window does not cover every access of 'x' in the statements}}
    %t, %in, %out = transform.exo.stage_mem %ii, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// Refused: the window x[i - 1 : i + 1] starts before x when i = 0.
exo.proc @outside(%N: index, %x: !T, %y: !T) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !T
    exo.assign %y[%i] = %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_read(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.read"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.collect_matching @match_read in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': the window does not lie within 'x': dimension 0 starts at -1 and ends at 1 of extent}}
    %t, %in, %out = transform.exo.stage_mem %r, "x" at ["i - 1"] sizes [2] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// The guards around the statements count: under i >= 1 the window
// x[i - 1 : i + 1] lies within x, and the copy runs under the guard.
// CHECK-LABEL: exo.proc @under_guard
// CHECK: exo.if
// CHECK: %[[T:.*]] = exo.alloc : !exo.tensor<[2], f32, dram>
// CHECK: exo.assign %[[T]]
// CHECK: exo.read %[[T]][1]
// CHECK-NEXT: exo.assign %y
exo.proc @under_guard(%N: index, %x: !T, %y: !T) {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to %N seq {
    %g = arith.cmpi sge, %i, %c1 : index
    exo.if %g {
      %v = exo.read %x[%i] : !T
      exo.assign %y[%i] = %v : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_read(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.read"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.collect_matching @match_read in %root : (!transform.any_op) -> !transform.any_op
    %t, %in, %out = transform.exo.stage_mem %r, "x" at ["i - 1"] sizes [2] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[N], f32, dram>

// Refused: under i < 1 the window starts before x (the guard's condition,
// not its presence, is what counts).
exo.proc @under_other_guard(%N: index, %x: !T, %y: !T) {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to %N seq {
    %g = arith.cmpi slt, %i, %c1 : index
    exo.if %g {
      %v = exo.read %x[%i] : !T
      exo.assign %y[%i] = %v : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_read(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.read"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.collect_matching @match_read in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': the window does not lie within 'x': dimension 0 starts at -1 and ends at 1 of extent}}
    %t, %in, %out = transform.exo.stage_mem %r, "x" at ["i - 1"] sizes [2] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[8], f32, dram>
!W = !exo.window<[4], f32, dram>

// Refused: a window of the tensor is taken inside the statements.
exo.proc @windowed(%x: !T, %y: !T) {
  exo.for %i = 0 to 2 seq {
    %c4 = arith.constant 4 : index
    %o = arith.muli %i, %c4 : index
    // expected-note @below {{this use is not a read or write of one element}}
    %w = exo.window %x[%o :+ 4] : !T -> !W
    %v = exo.read %w[0] : !W
    exo.assign %y[%i] = %v : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': only its element reads, writes and reductions can be redirected to the staged copy}}
    %t, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: statements that do not touch the tensor.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': the statements do not access it}}
    %a, %b, %c = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: an unknown tensor.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'nope': no tensor of that name is visible at the statements}}
    %a, %b, %c = transform.exo.stage_mem %k, "nope" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: an unknown name in an offset.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': 'q' is neither an enclosing loop's iterator nor a size of the proc}}
    %a, %b, %c = transform.exo.stage_mem %k, "x" at ["q"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: a wrong number of offsets.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': it has 1 dimensions, but the window gives 2 offsets and 1 sizes}}
    %a, %b, %c = transform.exo.stage_mem %k, "x" at ["0", "0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: a memory host code cannot allocate.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': 'smem' memory can only be allocated in device code}}
    %a, %b, %c = transform.exo.stage_mem %k, "x" at ["0"] sizes [8] as "t" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: an empty window.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': window sizes must be positive}}
    %a, %b, %c = transform.exo.stage_mem %k, "x" at ["0"] sizes [0] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: an offset that cannot be read.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': cannot read the index expression '2 * * k': expected an integer or a name at '* k'}}
    %a, %b, %c = transform.exo.stage_mem %k, "x" at ["2 * * k"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: statements that are not consecutive.
!T = !exo.tensor<[8], f32, dram>

exo.proc @misc(%x: !T, %y: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %y[%i] = %z : !T
  }
  // expected-note @below {{this statement lies between two of the statements}}
  exo.for %j = 0 to 8 seq {
    exo.assign %y[%j] = %z : !T
  }
  exo.for %k = 0 to 8 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': the statements must be consecutive statements of one block}}
    %a, %b, %c = transform.exo.stage_mem %ik, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: loop-invariant index arithmetic between the statements; the note
// points at it and names simplify, which hoists it out of the loop.
!T = !exo.tensor<[8], f32, dram>

exo.proc @arith_between(%x: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %o = 0 to 2 seq {
    exo.for %i = 0 to 8 seq {
      exo.assign %x[%i] = %z : !T
    }
    // expected-note @below {{this arithmetic lies between two of the statements; `transform.exo.simplify` on the proc moves it out of the way}}
    %c4 = arith.constant 4 : index
    exo.for %k = 0 to %c4 seq {
      exo.assign %x[%k] = %z : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': the statements must be consecutive statements of one block}}
    %a, %b, %c = transform.exo.stage_mem %ik, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refused: arithmetic at the top of the proc between the statements, used
// after it: simplify would not move it, and the note says so.
!T = !exo.tensor<[8], f32, dram>

exo.proc @arith_between_top(%x: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !T
  }
  // expected-note @below {{this arithmetic lies between two of the statements and is used after it; stage the statements on either side of it separately}}
  %c4 = arith.constant 4 : index
  exo.for %k = 0 to %c4 seq {
    exo.assign %x[%k] = %z : !T
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    // expected-error @below {{cannot stage 'x': the statements must be consecutive statements of one block}}
    %a, %b, %c = transform.exo.stage_mem %ik, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same program after simplify: the constant has left the loop and the
// statements are consecutive, so they are staged.
!T = !exo.tensor<[8], f32, dram>

// CHECK-LABEL: exo.proc @arith_between_simplified
// CHECK:         arith.constant 4 : index
// CHECK:         exo.for %o = 0 to 2 seq {
// CHECK:           exo.alloc
exo.proc @arith_between_simplified(%x: !T) {
  %z = arith.constant 0.0 : f32
  exo.for %o = 0 to 2 seq {
    exo.for %i = 0 to 8 seq {
      exo.assign %x[%i] = %z : !T
    }
    %c4 = arith.constant 4 : index
    exo.for %k = 0 to %c4 seq {
      exo.assign %x[%k] = %z : !T
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @arith_between_simplified in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %ik = transform.merge_handles %i, %k : !transform.any_op
    %a, %b, %c = transform.exo.stage_mem %ik, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!T = !exo.tensor<[8], f32, dram>

// Refused: no statements (the handle is empty).
exo.proc @none(%x: !T) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_for(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.for"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %none = transform.collect_matching @match_for in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': no statements to stage}}
    %a, %b, %c = transform.exo.stage_mem %none, "x" at ["0"] sizes [8] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

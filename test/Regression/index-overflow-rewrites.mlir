// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics -o /dev/null

// Index values are 64-bit, and the rewrites' proofs are over the unbounded
// integers. The proc verifier therefore proves that no index computation can
// leave int64 for sizes in [0, 2^31 - 1]; a rewrite whose result it refuses
// leaves the proc untouched. shift_loop to 2^63 - 1: the new upper bound
// 2^63 - 1 + 4 overflows.
!V = !exo.tensor<[4], f32, dram>
// expected-note @+2 {{the verifier says: 'arith.addi' op may overflow 64-bit index arithmetic: its value ranges over [9223372036854775811, 9223372036854775811] for sizes in [0, 2147483647]}}
exo.proc @copy(%x: !V, %y: !V) {
  exo.for %j = 0 to 4 seq {
    %v = exo.read %x[%j] : !V
    exo.assign %y[%j] = %v : !V
  }
}
exo.proc @copy_ref(%x: !V, %y: !V) {
  exo.for %j = 0 to 4 seq {
    %v = exo.read %x[%j] : !V
    exo.assign %y[%j] = %v : !V
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @copy in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "j" in %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the rewritten proc would not verify; the rewrite is refused}}
    %s = transform.exo.shift_loop %l to 9223372036854775807 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// add_loop with the extent 2^62 * N: the product overflows for N >= 2.
!V = !exo.tensor<[N], f32, dram>
exo.proc @init(%N: index, %y: !V) {
  %one = arith.constant 1.0 : f32
  // expected-note @+2 {{the verifier says: 'arith.muli' op may overflow 64-bit index arithmetic: its value ranges over [0, 9903520309671356180765605888]}}
  exo.for %i = 0 to %N seq {
    exo.assign %y[%i] = %one : !V
  }
}
exo.proc @init_ref(%N: index, %y: !V) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %y[%i] = %one : !V
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @init in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_access "y" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the rewritten proc would not verify; the rewrite is refused}}
    %a = transform.exo.add_loop %s "q" to "4611686018427387904 * N" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// divide_loop by 2^63 - 1 with a guarded tail: the trip count (N + Q - 1) / Q
// would overflow, and the inner loop would run up to 2^63 - 1 iterations
// around a loop of at most 2^31 - 1. A factor is a size: at most 2^31 - 1.
!T = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !T) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %one : !T
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a factor of at most 2147483647 (the largest size), got 9223372036854775807}}
    %o, %in, %t = transform.exo.divide_loop %l by 9223372036854775807 ["io", "ii"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same rewrites with ordinary constants are accepted.
!T = !exo.tensor<[N], f32, dram>
exo.proc @ok(%N: index, %x: !T) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %one : !T
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %l by 1024 ["io", "ii"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %s = transform.exo.shift_loop %in to 4096 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

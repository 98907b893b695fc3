// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// The names a rewrite gives to what it creates (tensors, barriers, loops)
// must be identifiers that print as themselves and read back the same, and
// must not be the name of a proc argument: a size or tensor keeps its one
// name in index expressions and in the handles that match names. Each
// refusal leaves the IR untouched.

!x = !exo.tensor<[8], f32, dram>
exo.proc @stage(%x: !x, %y: !x) {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %x[%i] : !x
    exo.assign %y[%i] = %v : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new tensor's name 'a b' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %s, %a, %b = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "a b" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!x = !exo.tensor<[8], f32, dram>
exo.proc @stage_arg(%x: !x, %y: !x) {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %x[%i] : !x
    exo.assign %y[%i] = %v : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new tensor's name 'y' is the name of argument 1 of @stage_arg (a size or tensor keeps its one name)}}
    %s, %a, %b = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "y" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
exo.proc @bind(%N: index, %x: !x, %y: !x) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !x
    exo.assign %y[%i] = %v : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.exo.match_access "x" kind "read" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new tensor's name 'N' is the name of argument 0 of @bind (a size or tensor keeps its one name)}}
    %t = transform.exo.bind_expr %r as "N" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
exo.proc @bind_empty(%N: index, %x: !x, %y: !x) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !x
    exo.assign %y[%i] = %v : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.exo.match_access "x" kind "read" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new tensor's name '' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %t = transform.exo.bind_expr %r as "" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @tree(%y: !exo.tensor<[4], f32, dram>) {
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
    // expected-error @below {{the temporary's name '1tmp' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %levels, %final = transform.exo.reduce_tree %b1 as "1tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!x = !exo.tensor<[8], f32, dram>
exo.proc @barrier(%x: !x) {
  exo.for %i = 0 to 8 seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%i] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the barrier's name 'full-0' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %b = transform.exo.insert_barrier_alloc %i "full-0" : !exo.barrier<mbarrier, [2]> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!x = !exo.tensor<[8], f32, dram>
exo.proc @barrier_arg(%x: !x) {
  exo.for %i = 0 to 8 seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%i] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the barrier's name 'x' is the name of argument 0 of @barrier_arg (a size or tensor keeps its one name)}}
    %b = transform.exo.insert_barrier_alloc %i "x" : !exo.barrier<mbarrier, [2]> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @persist(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the tile loop's name 'N' is the name of argument 0 of @persist (a size or tensor keeps its one name)}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "N"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @persist_space(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the cluster loop's name 'p c' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["p c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
exo.proc @divide(%N: index, %x: !x) {
  exo.for %i = 0 to %N seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%i] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the outer loop's name 'N' is the name of argument 0 of @divide (a size or tensor keeps its one name)}}
    %o, %in, %t = transform.exo.divide_loop %i by 4 ["N", "ii"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
exo.proc @add(%N: index, %x: !x) {
  exo.for %i = 0 to %N seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%i] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop's name 'x' is the name of argument 1 of @add (a size or tensor keeps its one name)}}
    %l = transform.exo.add_loop %i "x" to "2" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A loop named like a loop around it: the printer would print it %i_0 and
// it would read back as 'i_0'.
!x = !exo.tensor<[N], f32, dram>
exo.proc @shadow(%N: index, %x: !x) {
  // expected-note @below {{this loop is called 'i'}}
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to 4 seq {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%i] = %z : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the outer loop's name 'i' is taken in its scope (the printer would rename one of the two)}}
    %o, %in, %t = transform.exo.divide_loop %j by 2 ["i", "jj"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A new tensor named like a loop in its block.
!x = !exo.tensor<[8], f32, dram>
exo.proc @alloc_vs_loop(%x: !x, %y: !x) {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %x[%i] : !x
    exo.assign %y[%i] = %v : !x
  }
  // expected-note @below {{this loop is called 'k'}}
  exo.for %k = 0 to 8 seq {
    %z = arith.constant 0.0 : f32
    exo.assign %y[%k] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new tensor's name 'k' is taken in its scope (the printer would rename one of the two)}}
    %s, %a, %b = transform.exo.stage_mem %i, "x" at ["0"] sizes [8] as "k" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A new loop named like a loop it would hold.
!x = !exo.tensor<[8], f32, dram>
exo.proc @loop_vs_inner(%x: !x) {
  // expected-note @below {{this loop is called 'i'}}
  exo.for %i = 0 to 8 seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%i] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the loop's name 'i' is taken in its scope (the printer would rename one of the two)}}
    %l = transform.exo.add_loop %i "i" to "2" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Loops of one name in sibling nests are fine (each iterator is visible
// only in its loop): one divide_loop names both nests' loops alike, and a
// divided loop may keep its own name for the outer loop.
!x = !exo.tensor<[8], f32, dram>
// CHECK-LABEL: exo.proc @siblings
//       CHECK:   exo.for %ko = 0 to 4 seq {
//  CHECK-NEXT:     exo.for %ki = 0 to 2 seq {
//       CHECK:   exo.for %ko = 0 to 4 seq {
//  CHECK-NEXT:     exo.for %ki = 0 to 2 seq {
//       CHECK:   exo.for %m = 0 to 2 seq {
//  CHECK-NEXT:     exo.for %mi = 0 to 4 seq {
exo.proc @siblings(%x: !x, %y: !x) {
  exo.for %k = 0 to 8 seq {
    %z = arith.constant 0.0 : f32
    exo.assign %x[%k] = %z : !x
  }
  exo.for %k = 0 to 8 seq {
    %z = arith.constant 1.0 : f32
    exo.assign %y[%k] = %z : !x
  }
  exo.for %m = 0 to 8 seq {
    %z = arith.constant 2.0 : f32
    exo.assign %y[%m] = %z : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %k by 2 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    %mo, %mi, %mt = transform.exo.divide_loop %m by 4 ["m", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// fission keeps the sequential meaning: the split procs compute what their
// untouched copies compute, on random inputs.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=chain_ref --compare=chain --size=N=9 | FileCheck %s --check-prefix=CHAIN
// RUN: exo-gpu-run %t.mlir --entry=rows_ref --compare=rows --size=N=5 --seed=2 | FileCheck %s --check-prefix=ROWS
// CHAIN: EQUIVALENT @chain_ref @chain
// ROWS: EQUIVALENT @rows_ref @rows

// The schedule did run: each split proc has two top-level loops.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @chain(
// IR: exo.for %i = 1 to %N seq {
// IR: exo.for %i = 1 to %N seq {
// IR-LABEL: exo.proc @rows(
// IR: exo.for %i = 0 to %N seq {
// IR: exo.for %i = 0 to %N seq {

!v = !exo.tensor<[N], f32, dram>
!m = !exo.tensor<[N, N], f32, dram>

// t[i] = x[i] * x[i - 1]; y[i] = t[i] + y[i - 1]: the second statement
// carries a dependence on itself, the first part none the second reverses.
exo.proc @chain_ref(%N: index, %x: !v, %t: !v, %y: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %a = exo.read %x[%i] : !v
    %b = exo.read %x[%im] : !v
    %p = arith.mulf %a, %b : f32
    exo.assign %t[%i] = %p : !v
    %q = exo.read %t[%i] : !v
    %r = exo.read %y[%im] : !v
    %s = arith.addf %q, %r : f32
    exo.assign %y[%i] = %s : !v
  }
}

exo.proc @chain(%N: index, %x: !v, %t: !v, %y: !v) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %a = exo.read %x[%i] : !v
    %b = exo.read %x[%im] : !v
    %p = arith.mulf %a, %b : f32
    exo.assign %t[%i] = %p : !v
    %q = exo.read %t[%i] : !v
    %r = exo.read %y[%im] : !v
    %s = arith.addf %q, %r : f32
    exo.assign %y[%i] = %s : !v
  }
}

// Row sums of a product, split at depth 2 after the product.
exo.proc @rows_ref(%N: index, %a: !m, %b: !m, %s: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %s[%i] = %z : !v
    exo.for %j = 0 to %N seq {
      %x = exo.read %a[%i, %j] : !m
      %y = arith.mulf %x, %x : f32
      exo.assign %b[%i, %j] = %y : !m
      %w = exo.read %b[%i, %j] : !m
      exo.reduce %s[%i] += %w : !v
    }
    %t = exo.read %s[%i] : !v
    exo.assign %a[%i, 0] = %t : !m
  }
}

exo.proc @rows(%N: index, %a: !m, %b: !m, %s: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %s[%i] = %z : !v
    exo.for %j = 0 to %N seq {
      %x = exo.read %a[%i, %j] : !m
      %y = arith.mulf %x, %x : f32
      exo.assign %b[%i, %j] = %y : !m
      %w = exo.read %b[%i, %j] : !m
      exo.reduce %s[%i] += %w : !v
    }
    %t = exo.read %s[%i] : !v
    exo.assign %a[%i, 0] = %t : !m
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_assign(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.assign"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pc = transform.exo.match_proc @chain in %root : (!transform.any_op) -> !transform.any_op
    %ac = transform.collect_matching @match_assign in %pc : (!transform.any_op) -> !transform.any_op
    %c0, %c1 = transform.split_handle %ac : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f1, %s1 = transform.exo.fission %c0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %pr = transform.exo.match_proc @rows in %root : (!transform.any_op) -> !transform.any_op
    %ar = transform.collect_matching @match_assign in %pr : (!transform.any_op) -> !transform.any_op
    %r0, %r1, %r2 = transform.split_handle %ar : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f2, %s2 = transform.exo.fission %r1 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

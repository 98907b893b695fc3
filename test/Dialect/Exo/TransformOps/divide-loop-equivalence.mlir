// divide_loop keeps the sequential meaning: the divided procs compute what
// their untouched copies compute, on random inputs, for trip counts that are
// and are not multiples of the factor.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_cut --size=N=10 | FileCheck %s --check-prefix=CUT
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_cut --size=N=3 --seed=2 | FileCheck %s --check-prefix=CUT
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_guard --size=N=10 | FileCheck %s --check-prefix=GUARD
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_guard --size=N=13 --seed=3 | FileCheck %s --check-prefix=GUARD
// RUN: exo-gpu-run %t.mlir --entry=sum_ref --compare=sum_perfect --size=N=12 | FileCheck %s --check-prefix=PERFECT
// RUN: exo-gpu-run %t.mlir --entry=sum_ref --compare=sum_perfect --size=N=40 --seed=4 | FileCheck %s --check-prefix=PERFECT
// CUT: EQUIVALENT @scan_ref @scan_cut
// GUARD: EQUIVALENT @scan_ref @scan_guard
// PERFECT: EQUIVALENT @sum_ref @sum_perfect

// The schedule did run: the divided procs have an inner loop of 4.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @scan_cut
// IR: exo.for %ii = 0 to 4 seq
// IR-LABEL: exo.proc @scan_guard
// IR: exo.for %ii = 0 to 4 seq
// IR-LABEL: exo.proc @sum_perfect
// IR: exo.for %ii = 0 to 4 seq

!v = !exo.tensor<[N], f32, dram>

// A running sum (order matters: each step reads the previous one).
exo.proc @scan_ref(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c1 = arith.constant 1 : index
  %a0 = exo.read %x[0] : !v
  exo.assign %y[0] = %a0 : !v
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !v
    %a = exo.read %x[%i] : !v
    %s = arith.addf %p, %a : f32
    exo.assign %y[%i] = %s : !v
  }
}

exo.proc @scan_cut(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c1 = arith.constant 1 : index
  %a0 = exo.read %x[0] : !v
  exo.assign %y[0] = %a0 : !v
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !v
    %a = exo.read %x[%i] : !v
    %s = arith.addf %p, %a : f32
    exo.assign %y[%i] = %s : !v
  }
}

exo.proc @scan_guard(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c1 = arith.constant 1 : index
  %a0 = exo.read %x[0] : !v
  exo.assign %y[0] = %a0 : !v
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !v
    %a = exo.read %x[%i] : !v
    %s = arith.addf %p, %a : f32
    exo.assign %y[%i] = %s : !v
  }
}

// A sum; 4 divides the trip count N when `requires` holds.
exo.proc @sum_ref(%N: index, %x: !v, %s: !exo.tensor<[1], f32, dram>)
    requires affine_set<()[N] : (N mod 4 == 0)> {
  %z = arith.constant 0.0 : f32
  exo.assign %s[0] = %z : !exo.tensor<[1], f32, dram>
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !exo.tensor<[1], f32, dram>
  }
}

exo.proc @sum_perfect(%N: index, %x: !v, %s: !exo.tensor<[1], f32, dram>)
    requires affine_set<()[N] : (N mod 4 == 0)> {
  %z = arith.constant 0.0 : f32
  exo.assign %s[0] = %z : !exo.tensor<[1], f32, dram>
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !exo.tensor<[1], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pc = transform.exo.match_proc @scan_cut in %root : (!transform.any_op) -> !transform.any_op
    %ic = transform.exo.match_loop "i" in %pc : (!transform.any_op) -> !transform.any_op
    %o1, %n1, %t1 = transform.exo.divide_loop %ic by 4 ["io", "ii"] tail = cut
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pg = transform.exo.match_proc @scan_guard in %root : (!transform.any_op) -> !transform.any_op
    %ig = transform.exo.match_loop "i" in %pg : (!transform.any_op) -> !transform.any_op
    %o2, %n2, %t2 = transform.exo.divide_loop %ig by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pp = transform.exo.match_proc @sum_perfect in %root : (!transform.any_op) -> !transform.any_op
    %ip = transform.exo.match_loop "i" in %pp : (!transform.any_op) -> !transform.any_op
    %o3, %n3, %t3 = transform.exo.divide_loop %ip by 4 ["io", "ii"] tail = perfect
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

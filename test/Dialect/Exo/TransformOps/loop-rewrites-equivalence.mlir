// cut_loop, join_loops, shift_loop, unroll and lift_alloc keep the
// sequential meaning: the rewritten procs compute what their untouched
// copies compute, on random inputs.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_cut_shift --size=N=9 | FileCheck %s --check-prefix=CUT
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_cut_shift --size=N=4 --seed=2 | FileCheck %s --check-prefix=CUT
// RUN: exo-gpu-run %t.mlir --entry=scan_ref --compare=scan_join --size=N=7 | FileCheck %s --check-prefix=JOIN
// RUN: exo-gpu-run %t.mlir --entry=fixed_ref --compare=fixed_unroll | FileCheck %s --check-prefix=UNROLL
// RUN: exo-gpu-run %t.mlir --entry=copy_ref --compare=copy_lift --size=N=6 | FileCheck %s --check-prefix=LIFT
// CUT: EQUIVALENT @scan_ref @scan_cut_shift
// JOIN: EQUIVALENT @scan_ref @scan_join
// UNROLL: EQUIVALENT @fixed_ref @fixed_unroll
// LIFT: EQUIVALENT @copy_ref @copy_lift

// The schedule did run.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @scan_cut_shift(
// IR: exo.for %i = 1 to 4 seq {
// IR: exo.for %i = 0 to %{{.*}} seq {
// IR-LABEL: exo.proc @scan_join(
// IR: exo.for %i = 1 to %N seq {
// IR-NOT: exo.for
// IR-LABEL: exo.proc @fixed_ref(
// IR-LABEL: exo.proc @fixed_unroll(
// IR-NOT: exo.for
// IR-LABEL: exo.proc @copy_ref(
// IR-LABEL: exo.proc @copy_lift(
// IR: exo.alloc
// IR-NEXT: exo.for %i

!v = !exo.tensor<[N], f32, dram>
!f = !exo.tensor<[6], f32, dram>

// A running sum: order matters.
exo.proc @scan_ref(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
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

exo.proc @scan_cut_shift(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
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

// Written as two loops over [1, 3) and [3, N).
exo.proc @scan_join(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  %c1 = arith.constant 1 : index
  %a0 = exo.read %x[0] : !v
  exo.assign %y[0] = %a0 : !v
  exo.for %i = 1 to 3 seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !v
    %a = exo.read %x[%i] : !v
    %s = arith.addf %p, %a : f32
    exo.assign %y[%i] = %s : !v
  }
  exo.for %k = 3 to %N seq {
    %im = arith.subi %k, %c1 : index
    %p = exo.read %y[%im] : !v
    %a = exo.read %x[%k] : !v
    %s = arith.addf %p, %a : f32
    exo.assign %y[%k] = %s : !v
  }
}

// A fixed-size prefix product with a temporary per iteration.
exo.proc @fixed_ref(%x: !f, %y: !f) {
  %a0 = exo.read %x[0] : !f
  exo.assign %y[0] = %a0 : !f
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to 6 seq {
    %t = exo.alloc : !exo.tensor<[1], f32, dram>
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !f
    exo.assign %t[0] = %p : !exo.tensor<[1], f32, dram>
    %a = exo.read %x[%i] : !f
    exo.reduce %t[0] += %a : !exo.tensor<[1], f32, dram>
    %s = exo.read %t[0] : !exo.tensor<[1], f32, dram>
    exo.assign %y[%i] = %s : !f
  }
}

exo.proc @fixed_unroll(%x: !f, %y: !f) {
  %a0 = exo.read %x[0] : !f
  exo.assign %y[0] = %a0 : !f
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to 6 seq {
    %t = exo.alloc : !exo.tensor<[1], f32, dram>
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !f
    exo.assign %t[0] = %p : !exo.tensor<[1], f32, dram>
    %a = exo.read %x[%i] : !f
    exo.reduce %t[0] += %a : !exo.tensor<[1], f32, dram>
    %s = exo.read %t[0] : !exo.tensor<[1], f32, dram>
    exo.assign %y[%i] = %s : !f
  }
}

// A copy through a temporary, one element per iteration.
exo.proc @copy_ref(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !v
    %a = exo.read %x[%i] : !v
    exo.assign %t[%i] = %a : !v
    %b = exo.read %t[%i] : !v
    exo.assign %y[%i] = %b : !v
  }
}

exo.proc @copy_lift(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !v
    %a = exo.read %x[%i] : !v
    exo.assign %t[%i] = %a : !v
    %b = exo.read %t[%i] : !v
    exo.assign %y[%i] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pc = transform.exo.match_proc @scan_cut_shift in %root : (!transform.any_op) -> !transform.any_op
    %ic = transform.exo.match_loop "i" in %pc : (!transform.any_op) -> !transform.any_op
    %c1, %c2 = transform.exo.cut_loop %ic at 4 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %sh = transform.exo.shift_loop %c2 to 0 : (!transform.any_op) -> !transform.any_op
    %pj = transform.exo.match_proc @scan_join in %root : (!transform.any_op) -> !transform.any_op
    %j1 = transform.exo.match_loop "i" in %pj : (!transform.any_op) -> !transform.any_op
    %j2 = transform.exo.match_loop "k" in %pj : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.join_loops %j1, %j2 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %pu = transform.exo.match_proc @fixed_unroll in %root : (!transform.any_op) -> !transform.any_op
    %iu = transform.exo.match_loop "i" in %pu : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %iu : !transform.any_op
    %pl = transform.exo.match_proc @copy_lift in %root : (!transform.any_op) -> !transform.any_op
    %al = transform.collect_matching @match_alloc in %pl : (!transform.any_op) -> !transform.any_op
    transform.exo.lift_alloc %al : !transform.any_op
    transform.yield
  }
}

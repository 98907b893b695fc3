// fuse, inline, specialize, add_loop and (widening) set_precision keep the
// sequential meaning: each scheduled proc computes what its untouched copy
// computes, on random inputs.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=ref --compare=sched --size=N=37 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=ref --compare=sched --size=N=3 --seed=7 | FileCheck %s
// CHECK: EQUIVALENT @ref @sched
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @sched(
// IR: %t = exo.alloc : !exo.tensor<[N], f64, dram>
// IR: exo.if
// IR: exo.for %i = 0 to %N seq {
// IR: } else {
// IR: exo.for %i = 0 to %N seq {
// IR-NOT: exo.call
// IR: exo.for %k = 0 to 2 seq {

!v = !exo.tensor<[N], f32, dram>

exo.proc @scale(%N: index, %a: !v) {
  exo.for %i = 0 to %N seq {
    %x = exo.read %a[%i] : !v
    %y = arith.addf %x, %x : f32
    exo.assign %a[%i] = %y : !v
  }
}

exo.proc @ref(%N: index, %x: !v, %y: !v, %z: !v) {
  %t = exo.alloc : !v
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %t[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %b = exo.read %t[%j] : !v
    exo.assign %y[%j] = %b : !v
  }
  exo.call @scale(%N, %y) : (index, !v)
  %c = exo.read %x[0] : !v
  exo.assign %z[0] = %c : !v
}

// fuse the two loops, inline @scale, store t in f64 (exact for f32
// values), specialize the fused loop on N >= 8, and run the last write in a
// loop of 2 guarded to its first iteration.
exo.proc @sched(%N: index, %x: !v, %y: !v, %z: !v) {
  %t = exo.alloc : !v
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %t[%i] = %a : !v
  }
  exo.for %j = 0 to %N seq {
    %b = exo.read %t[%j] : !v
    exo.assign %y[%j] = %b : !v
  }
  exo.call @scale(%N, %y) : (index, !v)
  %c = exo.read %x[0] : !v
  exo.assign %z[0] = %c : !v
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %p : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %call = transform.collect_matching @match_call in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.inline %call : !transform.any_op
    %t = transform.collect_matching @match_alloc in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_precision %t to f64 : !transform.any_op
    %z = transform.exo.match_access "z" in %p : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.add_loop %z "k" to "2" : (!transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %l if "N >= 8" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

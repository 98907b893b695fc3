// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %S/Inputs/replace-recursive.mlir -transform-interpreter -verify-diagnostics -o /dev/null

// A proc that can call itself has no meaning (its CPU run would not end):
// the verifier refuses direct and mutual recursion, and so a rewrite whose
// result would recurse (Inputs/replace-recursive.mlir) is refused.

!V = !exo.tensor<[4], f32, dram>
// expected-error @+1 {{'exo.proc' op calls itself (@r -> @r); a recursive proc has no meaning}}
exo.proc @r(%x: !V) {
  // expected-note @+1 {{the first call}}
  exo.call @r(%x) : (!V)
}

// -----

!V = !exo.tensor<[4], f32, dram>
// expected-error @+1 {{'exo.proc' op calls itself (@a -> @b -> @a); a recursive proc has no meaning}}
exo.proc @a(%x: !V) {
  // expected-note @+1 {{the first call}}
  exo.call @b(%x) : (!V)
}
// expected-error @+1 {{'exo.proc' op calls itself (@b -> @a -> @b); a recursive proc has no meaning}}
exo.proc @b(%x: !V) {
  // expected-note @+1 {{the first call}}
  exo.call @a(%x) : (!V)
}

// -----

// Calls without a cycle (a diamond) are fine.
!V = !exo.tensor<[4], f32, dram>
exo.proc @leaf(%x: !V) {
}
exo.proc @left(%x: !V) {
  exo.call @leaf(%x) : (!V)
}
exo.proc @right(%x: !V) {
  exo.call @leaf(%x) : (!V)
}
exo.proc @top(%x: !V) {
  exo.call @left(%x) : (!V)
  exo.call @right(%x) : (!V)
}

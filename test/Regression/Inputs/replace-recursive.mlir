// replace of the loop in @copy4's own body by a call of @copy4 unifies (the loop is the body), but the result would call itself: refused, the IR untouched.
!W4 = !exo.window<[4], f32, dram>
!V = !exo.tensor<[4], f32, dram>
// expected-note @below {{the verifier says: 'exo.proc' op calls itself (@copy4 -> @copy4); a recursive proc has no meaning}}
exo.proc @copy4(%dst: !W4 {exo.access = #exo.access<write>}, %src: !W4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !W4
    exo.assign %dst[%i] = %v : !W4
  }
}
exo.proc @use(%x: !V, %y: !V) {
  %c0 = arith.constant 0 : index
  %d = exo.window %y[%c0 :+ 4] : !V -> !W4
  %s = exo.window %x[%c0 :+ 4] : !V -> !W4
  exo.call @copy4(%d, %s) : (!W4, !W4)
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @copy4 in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the rewritten proc would not verify; the rewrite is refused}}
    %c = transform.exo.replace %l with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

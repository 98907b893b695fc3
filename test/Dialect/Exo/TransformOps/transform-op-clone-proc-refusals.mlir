// RUN: exo-gpu-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// Every refusal of clone_proc and assume, each with the IR untouched.

!v = !exo.tensor<[N], f32, dram>
exo.proc @spec(%N: index, %x: !v) {
}
// expected-note @below {{the symbol @taken is here}}
exo.proc @taken(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @spec in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the module already has a symbol @taken}}
    %c = transform.exo.clone_proc %p "taken" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @a(%N: index, %x: !v) {
}
exo.proc @b(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_proc @a in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.match_proc @b in %root : (!transform.any_op) -> !transform.any_op
    %both = transform.merge_handles %a, %b : !transform.any_op
    // expected-error @below {{expected one exo.proc to copy, got 2 (one new name names one copy)}}
    %c = transform.exo.clone_proc %both "copy" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!S = !exo.tensor<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @copy4 in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{@copy4 is an instruction; clone_proc copies kernels and specifications}}
    %c = transform.exo.clone_proc %p "copy4_again" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!S = !exo.tensor<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @copy4 in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{@copy4 is an instruction; its requirements are the hardware's}}
    transform.exo.assume %p "1 >= 0" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @callee(%N: index, %x: !v) {
}
exo.proc @caller(%N: index, %x: !v) {
  // expected-note @below {{a call of @callee}}
  exo.call @callee(%N, %x) : (index, !v)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @callee in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{@callee is called, and a call site might break the new requirement; assume on a proc nothing calls (a clone_proc copy)}}
    transform.exo.assume %p "N mod 4 == 0" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot read "K mod 4 == 0" as constraints over the sizes (N): use of undeclared identifier}}
    transform.exo.assume %p "K mod 4 == 0" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{with "N <= 4" the requirements admit no sizes at all}}
    transform.exo.assume %p "N <= 4" : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{the conditions: the parameter holds 4 : i64, not a string}}
    transform.exo.assume %p %four : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the conditions as a string or as a parameter, not neither}}
    "transform.exo.assume"(%root) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.param.constant "N >= 1" -> !transform.any_param
    // expected-error @below {{takes the conditions as a string or as a parameter, not both}}
    "transform.exo.assume"(%root, %s) <{conditions = "N >= 1"}> : (!transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new name '' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %c = transform.exo.clone_proc %p "" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A name that would not print as itself ("a b" prints as a_b) is refused.
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v) {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the new name 'a b' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)}}
    %c = transform.exo.clone_proc %p "a b" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

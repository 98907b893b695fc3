// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics

// transform.exo.replace: more refusals (instruction-side mismatches).

// Refused: a parameter that is not a window, a tensor or a size.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%n: f32, %dst: !S {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: parameter 'n' is not a window, a tensor or a size; replace binds only those}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a constant that differs.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %dst[%i] = %one : !S
    %v = exo.read %src[%i] : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  // expected-note @below {{this constant differs from the instruction's}}
  %two = arith.constant 2.0 : f32
  exo.for %ii = 0 to 4 seq {
    exo.assign %y[%ii] = %two : !v
    %v = exo.read %x[%ii] : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: attributes that differ.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    %w = arith.addf %v, %v : f32
    exo.assign %dst[%i] = %w : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    // expected-note @below {{this operation's attributes differ from the instruction's}}
    %w = arith.addf %v, %v fastmath<fast> : f32
    exo.assign %y[%ii] = %w : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a value of another type.
!S = !exo.window<[4], f32, dram>
!B = !exo.window<[4], bf16, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !B {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !B
    %w = arith.extf %v : bf16 to f32
    exo.assign %dst[%i] = %w : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v, %h: !h) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    // expected-note @below {{this value's type differs from the instruction's}}
    %v = exo.read %h[%ii] : !h
    %w = arith.extf %v : f16 to f32
    exo.assign %y[%ii] = %w : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the instruction indexes with something other than its iterators.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %c1 = arith.constant 1 : index
  exo.for %i = 0 to 4 seq {
    %j = arith.remui %i, %c1 : index
    // expected-note @below {{the instruction indexes a parameter with something other than its loop iterators}}
    %v = exo.read %src[%j] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the instruction reads a window of its parameter.
!S = !exo.window<[4], f32, dram>
!T = !exo.window<[2], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %w = exo.window %src[0 :+ 2] : !S -> !T
    // expected-note @below {{the instruction accesses something other than a parameter here}}
    %v = exo.read %w[0] : !T
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the tensor is allocated inside the statement.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  // expected-note @below {{the instruction has 1 statements here, the program 2}}
  exo.for %ii = 0 to 4 seq {
    %t = exo.alloc : !v
    %v = exo.read %x[%ii] : !v
    exo.assign %t[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a parameter read at two windows.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    %u = exo.read %src[%i] : !S
    %w = arith.addf %v, %u : f32
    exo.assign %dst[%i] = %w : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    %i1 = arith.addi %ii, %c2 : index
    // expected-note @below {{'src' was bound to another window of 'x' before}}
    %u = exo.read %x[%i1] : !v
    %w = arith.addf %v, %u : f32
    exo.assign %y[%ii] = %w : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the same operand where the instruction has another.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    %u = arith.negf %v : f32
    %w = arith.addf %u, %v : f32
    exo.assign %dst[%i] = %w : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    %u = arith.negf %v : f32
    // expected-note @below {{this operand is not the value the instruction uses here}}
    %w = arith.addf %u, %u : f32
    exo.assign %y[%ii] = %w : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a parameter the body does not access.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>}, %unused: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: parameter 'unused' is not accessed by the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a parameter in another memory.
!S = !exo.window<[4], f32, dram>
!G = !exo.window<[4], f32, gmem>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !G {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !G
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: parameter 'src' is in 'gmem' memory, but 'x' is in 'dram' (move it first: stage_mem or set_memory)}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an allocation in the instruction's body.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %t = exo.alloc : !exo.tensor<[1], f32, dram>
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    // expected-note @below {{replace cannot unify 'exo.alloc' statements}}
    %t = exo.alloc : !v
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the program reads a window taken inside the statement.
!S = !exo.window<[4], f32, dram>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[8], f32, dram>
!h = !exo.tensor<[8], f16, dram>
exo.proc @p(%x: !v, %y: !v) {
  %c2 = arith.constant 2 : index
  exo.for %ii = 0 to 4 seq {
    %w = exo.window %x[0 :+ 4] : !v -> !S
    // expected-note @below {{the accessed tensor is defined inside the statement}}
    %v = exo.read %w[%ii] : !S
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a loop over threads is not the instruction's loop.
!S = !exo.window<[4], f32, regs>
exo.proc @f(%dst: !S {exo.access = #exo.access<write>}, %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!g = !exo.tensor<[8], f32, gmem>
exo.proc @p(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !exo.tensor<[4], f32, regs>
      %q = exo.alloc : !exo.tensor<[4], f32, regs>
      // expected-note @below {{loop 'ii' is not seq}}
      exo.for %ii = 0 to 4 cuda_threads<thread> {
        %v = exo.read %x[%ii] : !g
        exo.assign %r[%ii] = %v : !exo.tensor<[4], f32, regs>
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_cmpi(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.cmpi"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_mulf(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["arith.mulf"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @f: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @f : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// Refused: the window's element of the unbounded ring can be negative.
!S = !exo.window<[4], f32, smem>
!G = !exo.window<[4], f32, gmem>
exo.proc @load4(%dst: !S {exo.access = #exo.access<write>},
                %src: !G {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %e = 0 to 4 seq {
    %v = exo.read %src[%e] : !G
    exo.assign %dst[%e] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, gmem>
exo.proc @ring_slot(%N: index, %x: !v)
    requires affine_set<()[N] : (N - 16 >= 0)> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 4], f32, smem>, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to 4 seq {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %i = 0 to 4 seq {
            %b = arith.muli %k, %c4 : index
            %j = arith.addi %b, %i : index
            %km = arith.subi %k, %c1 : index
            %v = exo.read %x[%j] : !v
            exo.assign %s[%km, %i] = %v : !exo.tensor<[? ring 2, 4], f32, smem>
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @load4: the window does not lie within 's': its element of the ring dimension 0 can be -1}}
    %c = transform.exo.replace %i with @load4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the instruction's loop over r unifies with two elements of the
// unbounded ring; a window takes one.
!S2 = !exo.window<[2, 4], f32, smem>
!G2 = !exo.window<[2, 4], f32, gmem>
exo.proc @load2x4(%dst: !S2 {exo.access = #exo.access<write>},
                  %src: !G2 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %q = 0 to 2 seq {
    exo.for %e = 0 to 4 seq {
      %v = exo.read %src[%q, %e] : !G2
      exo.assign %dst[%q, %e] = %v : !S2
    }
  }
}
!m = !exo.tensor<[N, 4], f32, gmem>
exo.proc @ring_two(%N: index, %x: !m)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 4], f32, smem>, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to 4 seq {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %r = 0 to 2 seq {
            exo.for %i = 0 to 4 seq {
              %b = arith.muli %k, %c2 : index
              %j = arith.addi %b, %r : index
              %v = exo.read %x[%j, %i] : !m
              exo.assign %s[%j, %i] = %v : !exo.tensor<[? ring 2, 4], f32, smem>
            }
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.exo.match_loop "r" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @load2x4: dimension 0 of 's' is an unbounded ring; a window takes one element of it, not 2}}
    %c = transform.exo.replace %r with @load2x4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the loops cover only part of the tensor (its first dimension
// has extent M, the loop runs to 4).
exo.proc @fill0(%R: index, %S: index,
                %dst: !exo.tensor<[R, S], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.for %j = 0 to %S seq {
      exo.assign %dst[%i, %j] = %zero : !exo.tensor<[R, S], f32, dram>
    }
  }
}
!x = !exo.tensor<[M, N], f32, dram>
exo.proc @part(%M: index, %N: index, %x: !x)
    requires affine_set<()[M, N] : (M - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to 4 seq {
    exo.for %n = 0 to %N seq {
      exo.assign %x[%m, %n] = %zero : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill0: dimension 0 of 'x' is not the extent that tensor parameter 'dst' gets from the unified loops}}
    %c = transform.exo.replace %m with @fill0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a tensor parameter bound to a shifted part of a tensor.
exo.proc @fill0(%R: index, %S: index,
                %dst: !exo.tensor<[R, S], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.for %j = 0 to %S seq {
      exo.assign %dst[%i, %j] = %zero : !exo.tensor<[R, S], f32, dram>
    }
  }
}
!x = !exo.tensor<[M, N], f32, dram>
exo.proc @shifted(%M: index, %N: index, %x: !x)
    requires affine_set<()[M, N] : (M - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  exo.for %m = 0 to 3 seq {
    exo.for %n = 0 to %N seq {
      %m1 = arith.addi %m, %c1 : index
      exo.assign %x[%m1, %n] = %zero : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill0: tensor parameter 'dst' is not bound to the whole of 'x' (its accesses are not at the same indices)}}
    %c = transform.exo.replace %m with @fill0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: one size bound to two different loop bounds.
exo.proc @fill_sq(%R: index,
                  %dst: !exo.tensor<[R, R], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.for %j = 0 to %R seq {
      exo.assign %dst[%i, %j] = %zero : !exo.tensor<[R, R], f32, dram>
    }
  }
}
!x = !exo.tensor<[M, N], f32, dram>
exo.proc @rect(%M: index, %N: index, %x: !x) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    // expected-note @below {{loop 'n' runs to another bound than the one size 'R' was bound to}}
    exo.for %n = 0 to %N seq {
      exo.assign %x[%m, %n] = %zero : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill_sq: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %m with @fill_sq : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a size that bounds no loop of the body.
exo.proc @fill_row(%R: index, %S: index,
                   %dst: !exo.window<[4], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.assign %dst[%i] = %zero : !exo.window<[4], f32, dram>
  }
}
!x = !exo.tensor<[M], f32, dram>
exo.proc @row(%M: index, %x: !x) requires affine_set<()[M] : (M - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to 4 seq {
    exo.assign %x[%m] = %zero : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill_row: size 'S' bounds no loop of the instruction's body}}
    %c = transform.exo.replace %m with @fill_row : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a window parameter of a size-dependent shape.
exo.proc @fill_w(%R: index,
                 %dst: !exo.window<[R], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.assign %dst[%i] = %zero : !exo.window<[R], f32, dram>
  }
}
!x = !exo.tensor<[M], f32, dram>
exo.proc @row(%M: index, %x: !x) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %x[%m] = %zero : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill_w: window parameter 'dst' has a dimension that is not a constant}}
    %c = transform.exo.replace %m with @fill_w : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the instruction's loop bound is computed from a size.
exo.proc @fill_plus(%R: index,
                    %dst: !exo.tensor<[R], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %r1 = arith.subi %R, %c1 : index
  exo.for %i = 0 to %r1 seq {
    exo.assign %dst[%i] = %zero : !exo.tensor<[R], f32, dram>
  }
}
!x = !exo.tensor<[M], f32, dram>
exo.proc @row(%M: index, %x: !x) {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{the instruction's loop bound here is not one of its size parameters}}
  exo.for %m = 0 to %M seq {
    exo.assign %x[%m] = %zero : !x
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill_plus: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %m with @fill_plus : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the program loop's bound is computed inside the statement.
exo.proc @fill0(%R: index, %S: index,
                %dst: !exo.tensor<[R, S], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.for %j = 0 to %S seq {
      exo.assign %dst[%i, %j] = %zero : !exo.tensor<[R, S], f32, dram>
    }
  }
}
!x = !exo.tensor<[1, M], f32, dram>
exo.proc @inner(%M: index, %x: !x) requires affine_set<()[M] : (M - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  exo.for %o = 0 to 1 seq {
    %b = arith.addi %o, %c1 : index
    // expected-note @below {{the bound of loop 'm' is computed inside the statement}}
    exo.for %m = 0 to %b seq {
      exo.assign %x[%o, %m] = %zero : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %o = transform.exo.match_loop "o" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @fill0: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %o with @fill0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a family instance whose semantics the statement does not compute
// (a copy is not a zeroing); the diagnostic names the instance.
!v = !exo.tensor<[8], f32, dram>
exo.proc @p(%x: !v, %y: !v) {
  // expected-note @below {{loop 'ii' does not run from 0 to the instruction's 64}}
  exo.for %ii = 0 to 4 seq {
    %v = exo.read %x[%ii] : !v
    exo.assign %y[%ii] = %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by #exo.wgmma_zero<n = 128>}}
    %c = transform.exo.replace %ii with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Parenthesized callees are family instances.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an instruction family instance (#exo.<family><...>), got @f}}
    %c = transform.exo.replace %ii with (@f) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

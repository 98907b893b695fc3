// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.replace: a statement that unifies with an instruction's body
// becomes a call of it on windows; the refusals name the first op that does
// not unify.

// replace: a 4-element copy becomes a call of @copy4 on windows at 4 * io.
// CHECK-LABEL: exo.proc @p
//       CHECK:   exo.for %io = 0 to 2 seq {
//       CHECK:     %[[O1:.*]] = arith.muli %io, %[[C4:.*]] : index
//  CHECK-NEXT:     %[[W1:.*]] = exo.window %y[%[[O1]] :+ 4]
//  CHECK-NEXT:     %[[O2:.*]] = arith.muli %io, %[[C4]] : index
//  CHECK-NEXT:     %[[W2:.*]] = exo.window %x[%[[O2]] :+ 4]
//  CHECK-NEXT:     exo.call @copy4(%[[W1]], %[[W2]])
//  CHECK-NEXT:   }
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
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
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no such proc.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @nope: no exo.proc of that name}}
    %c = transform.exo.replace %ii with @nope : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a proc that is not an instruction.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @p: it is not an instruction (use inline to expand a proc)}}
    %c = transform.exo.replace %ii with @p : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a trip count that differs.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    // expected-note @below {{loop 'ii' does not run from 0 to the instruction's 4}}
    exo.for %ii = 0 to 3 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a reduction where the instruction assigns.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      // expected-note @below {{the instruction has 'exo.assign' here, not 'exo.reduce'}}
      exo.reduce %y[%i] += %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an extra statement.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    // expected-note @below {{the instruction has 1 statements here, the program 2}}
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
      exo.assign %x[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the written value is computed, not read.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      %w = arith.addf %v, %v : f32
      // expected-note @below {{this operand is not computed like the instruction's ('exo.read')}}
      exo.assign %y[%i] = %w : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the value is read before the loop.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    // expected-note @below {{this value is computed outside the statement}}
    %z = exo.read %x[%io] : !v
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %z : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the read is not at a fixed offset from the instruction's (a stride of 2).
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %i2 = arith.muli %i, %c2 : index
      // expected-note @below {{this access of 'x' is not at a fixed offset from the instruction's access of 'src'}}
      %v = exo.read %x[%i2] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an index computed in the statement from something other than its loops.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      // expected-note @below {{this index value is computed inside the statement from something other than its loops}}
      %q = arith.divui %i, %c2 : index
      %v = exo.read %x[%q] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: windows of one tensor for the written and the read parameter.
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 2 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %x[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: parameters 'dst' and 'src' would both be windows of 'x', and the instruction writes one of them}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the window can leave the tensor (N can be 8, the loops touch up to 12).
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @p(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.for %io = 0 to 3 seq {
    exo.for %ii = 0 to 4 seq {
      %b = arith.muli %io, %c4 : index
      %i = arith.addi %b, %ii : index
      %v = exo.read %x[%i] : !v
      exo.assign %y[%i] = %v : !v
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
    // expected-error @below {{cannot replace the statement by @copy4: the window does not lie within 'y': dimension 0 starts at 8 and ends at 12 of extent 8 (with N = 8)}}
    %c = transform.exo.replace %ii with @copy4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
// -----

// replace with a window of an unbounded ring (`? ring 2`): its element
// (the slot's logical index) must be >= 0; here it is k.
// CHECK-LABEL: exo.proc @ring_slot
//       CHECK:   %[[W:.*]] = exo.window %s[%k, 0 :+ 4]
//       CHECK:   exo.call @load4(%[[W]],
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
            %v = exo.read %x[%j] : !v
            exo.assign %s[%k, %i] = %v : !exo.tensor<[? ring 2, 4], f32, smem>
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %i with @load4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// replace with size and tensor parameters: the zeroing nest becomes a call
// of @fill0 on the whole tensor, its sizes bound to the loops' bounds.
// CHECK-LABEL: exo.proc @zero_all
//  CHECK-NEXT:   %[[Z:.*]] = arith.constant
//  CHECK-NEXT:   exo.call @fill0(%M, %N, %x) : (index, index, !exo.tensor<[M, N], f32, dram>)
//  CHECK-NEXT: }
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
exo.proc @zero_all(%M: index, %N: index, %x: !x) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %x[%m, %n] = %zero : !x
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %m with @fill0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A size bound to a constant: the call gets it as a constant.
// CHECK-LABEL: exo.proc @zero_rows
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   exo.call @fill0(%[[C4]], %N, %x)
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
!x = !exo.tensor<[4, N], f32, dram>
exo.proc @zero_rows(%N: index, %x: !x) {
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
    %c = transform.exo.replace %m with @fill0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// replace: a single reduction whose value is read just before it (only
// expressions in between, the value used only there): the instruction
// performs the read, which goes with the statement. The one-element window
// of the [2, 1] tensor is the innermost candidate (the last dimension).
// CHECK-LABEL: exo.proc @absorb
//       CHECK:   exo.for %m = 0 to 2 seq {
//   CHECK-NOT:     exo.read
//       CHECK:     %[[D:.*]] = exo.window %y[%m :+ 1]
//       CHECK:     %[[S:.*]] = exo.window %t[%m, 0 :+ 1]
//  CHECK-NEXT:     exo.call @add1(%[[D]], %[[S]])
!Y1 = !exo.window<[1], f32, dram>
exo.proc @add1(%dst: !Y1 {exo.access = #exo.access<read_write>},
               %src: !Y1 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %v = exo.read %src[0] : !Y1
  exo.reduce %dst[0] += %v : !Y1
}
!v = !exo.tensor<[2], f32, dram>
!t = !exo.tensor<[2, 1], f32, dram>
exo.proc @absorb(%y: !v, %t: !t) {
  %c0 = arith.constant 0 : index
  exo.for %m = 0 to 2 seq {
    %v = exo.read %t[%m, %c0] : !t
    %c1 = arith.constant 1 : index
    exo.reduce %y[%m] += %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_reduce(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.reduce"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @absorb in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.collect_matching @match_reduce in %p : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %r with @add1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a statement between the read and the reduction (it could write
// what was read), so the read stays outside and cannot be the instruction's.
!Y1 = !exo.window<[1], f32, dram>
exo.proc @add1(%dst: !Y1 {exo.access = #exo.access<read_write>},
               %src: !Y1 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %v = exo.read %src[0] : !Y1
  exo.reduce %dst[0] += %v : !Y1
}
!v = !exo.tensor<[2], f32, dram>
!t = !exo.tensor<[2, 1], f32, dram>
exo.proc @absorb_blocked(%y: !v, %t: !t) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  exo.for %m = 0 to 2 seq {
    // expected-note @below {{this value is computed outside the statement}}
    %v = exo.read %t[%m, %c0] : !t
    exo.assign %t[%m, %c0] = %one : !t
    exo.reduce %y[%m] += %v : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_reduce(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.reduce"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @absorb_blocked in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.collect_matching @match_reduce in %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot replace the statement by @add1: the statement does not unify with the instruction's body}}
    %c = transform.exo.replace %r with @add1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.simplify: loop-invariant index arithmetic leaves the loops,
// equal computations merge, unused ones go; the refusals.

!m = !exo.tensor<[N, N], f32, dram>

// CHECK-LABEL: exo.proc @hoist
//  CHECK-NEXT:   %[[C4:.*]] = arith.constant 4 : index
//  CHECK-NEXT:   %[[Q:.*]] = arith.divsi %N, %[[C4]] : index
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %[[Q]] seq {
//  CHECK-NEXT:       %[[R:.*]] = arith.muli %j, %[[C4]] : index
//  CHECK-NEXT:       exo.read %x[%i, %[[R]]]
//  CHECK-NEXT:       exo.assign %x[%i, %[[R]]]
exo.proc @hoist(%N: index, %x: !m) {
  exo.for %i = 0 to %N seq {
    %c4 = arith.constant 4 : index
    %q = arith.divsi %N, %c4 : index
    %unused = arith.addi %i, %i : index
    exo.for %j = 0 to %q seq {
      %c4b = arith.constant 4 : index
      %r1 = arith.muli %j, %c4b : index
      %r2 = arith.muli %j, %c4b : index
      %v = exo.read %x[%i, %r1] : !m
      exo.assign %x[%i, %r2] = %v : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @hoist in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an instruction's body is its semantics.
exo.proc @instr(%dst: !exo.window<[4], f32, regs> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %z = arith.constant 0.0 : f32
  exo.assign %dst[0] = %z : !exo.window<[4], f32, regs>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @instr in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot simplify @instr: an instruction's body is its semantics}}
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a proc.
exo.proc @notproc(%N: index) {
  // expected-note @below {{this payload op}}
  exo.for %i = 0 to %N seq {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.proc payload, got 'exo.for'}}
    transform.exo.simplify %i : !transform.any_op
    transform.yield
  }
}

// -----

// A size that `requires` pins (causal == 0, 2 D - 128 == 0) is its constant
// in index arithmetic, which folds: the bound causal (i + 1) + (1 - causal) N
// is N and D / 16 is 4. A size only bounded (N >= 16) stays.
// CHECK-LABEL: exo.proc @pinned
//  CHECK-NEXT:   %[[C4:.*]] = arith.constant 4 : index
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
//  CHECK-NEXT:       exo.for %k = 0 to %[[C4]] seq {
//  CHECK-NEXT:         exo.read %x[%i, %j]
//  CHECK-NEXT:         exo.assign %x[%i, %j]
!m = !exo.tensor<[N, N], f32, dram>
exo.proc @pinned(%N: index, %D: index, %causal: index, %x: !m)
    requires affine_set<()[N, D, causal] : (causal == 0, 2 * D - 128 == 0,
                                            N - 16 >= 0)> {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  exo.for %i = 0 to %N seq {
    %i1 = arith.addi %i, %c1 : index
    %ci = arith.muli %causal, %i1 : index
    %full = arith.subi %c1, %causal : index
    %fn = arith.muli %full, %N : index
    %n = arith.addi %ci, %fn : index
    exo.for %j = 0 to %n seq {
      %k4 = arith.divui %D, %c16 : index
      exo.for %k = 0 to %k4 seq {
        %v = exo.read %x[%i, %j] : !m
        exo.assign %x[%i, %j] = %v : !m
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @pinned in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.lift_alloc: an allocation moves out of its loop when no
// iteration can read an element an earlier one stored; and the refusals.

!v = !exo.tensor<[N], f32, dram>

// Iteration i writes and reads t[i] only: no later iteration reads it.
// CHECK-LABEL: exo.proc @private_elements
//       CHECK:   %t = exo.alloc : !exo.tensor<[N], f32, dram>
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.read %x[%i]
exo.proc @private_elements(%N: index, %x: !v, %y: !v) {
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
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N, 4], f32, dram>
!t = !exo.tensor<[4], f32, dram>

// Iteration i + 1 reads t[k], which iteration i wrote, but iteration i + 1
// has written all of t again first: the loop nest over j assigns t[j] for
// every j in [0, 4) before the nest over k reads (a write nest kills the
// older value, as a call writing a whole window does).
// CHECK-LABEL: exo.proc @staged
//       CHECK:   %t = exo.alloc : !exo.tensor<[4], f32, dram>
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
exo.proc @staged(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t
    exo.for %j = 0 to 4 seq {
      %a = exo.read %x[%i, %j] : !v
      exo.assign %t[%j] = %a : !t
    }
    exo.for %k = 0 to 4 seq {
      %b = exo.read %t[%k] : !t
      exo.assign %y[%i, %k] = %b : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N, 4], f32, dram>
!t = !exo.tensor<[4], f32, dram>

// Refused: the nest writes t[0..3) only, but the reads cover t[0..4), so
// the nest does not kill what an earlier iteration wrote (a read statement
// counts as killed only when one write covers all it reads).
exo.proc @staged_partly(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t
    exo.for %j = 0 to 3 seq {
      %a = exo.read %x[%i, %j] : !v
      // expected-note-re @below {{by this write at i = {{[0-9]+}}}}
      exo.assign %t[%j] = %a : !t
    }
    exo.for %k = 0 to 4 seq {
      // expected-note-re @below {{this read of 't' at i = {{[0-9]+}} can read the value stored at i = {{[0-9]+}} (with N = {{[0-9]+}})}}
      %b = exo.read %t[%k] : !t
      exo.assign %y[%i, %k] = %b : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot lift allocation 't': a value of 't' can be carried from one iteration of loop 'i' to a later one}}
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N, 4], f32, dram>
!t = !exo.tensor<[4], f32, dram>

// Refused: the nest that writes t whole runs only when i is even, so an
// odd iteration reads what the even one before it wrote.
exo.proc @staged_guarded(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %r = arith.remsi %i, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    exo.if %even {
      exo.for %j = 0 to 4 seq {
        %a = exo.read %x[%i, %j] : !v
        // expected-note-re @below {{by this write at i = {{[0-9]+}}}}
        exo.assign %t[%j] = %a : !t
      }
    }
    exo.for %k = 0 to 4 seq {
      // expected-note-re @below {{this read of 't' at i = {{[0-9]+}} can read the value stored at i = {{[0-9]+}} (with N = {{[0-9]+}})}}
      %b = exo.read %t[%k] : !t
      exo.assign %y[%i, %k] = %b : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot lift allocation 't': a value of 't' can be carried from one iteration of loop 'i' to a later one}}
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

!t = !exo.tensor<[4], f32, dram>

// Refused: the allocation is not in a loop.
exo.proc @top(%x: !t) {
  // expected-note @below {{this allocation}}
  %t = exo.alloc : !t
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot lift allocation 't': it is not directly in the body of an exo.for}}
    transform.exo.lift_alloc %a : !transform.any_op
    transform.yield
  }
}

// -----

// Every iteration first writes the whole of t with a call whose body
// assigns each element of its window, then reads it: the reads see that
// write, never an earlier iteration's (a whole-window write kills the
// value), so t moves out. The barrier array (no ring) moves as it is.
!row = !exo.tensor<[N, 4], f32, dram>
!t4 = !exo.tensor<[2, 4], f32, dram>
!w4 = !exo.window<[4], f32, dram>
// CHECK-LABEL: exo.proc @killed
//       CHECK:   %t = exo.alloc : !exo.tensor<[2, 4], f32, dram>
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
exo.proc @fill4(%dst: !w4 {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %one = arith.constant 1.0 : f32
  exo.for %j = 0 to 4 seq {
    exo.assign %dst[%j] = %one : !w4
  }
}

exo.proc @killed(%N: index, %y: !row) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t4
    exo.for %h = 0 to 2 seq {
      %w = exo.window %t[%h, 0 :+ 4] : !t4 -> !w4
      exo.call @fill4(%w) : (!w4)
      exo.for %j = 0 to 4 seq {
        %v = exo.read %t[%h, %j] : !t4
        exo.reduce %y[%i, %j] += %v : !row
      }
    }
  }
}

// CHECK-LABEL: exo.proc @barrier
//       CHECK:     %cg = exo.alloc : !exo.barrier<wgmma_group>
//  CHECK-NEXT:     exo.for %k = 0 to 2 seq {
exo.proc @barrier() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %k = 0 to 2 seq {
        %cg = exo.alloc : !exo.barrier<wgmma_group>
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @killed in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.get_body %i : (!transform.any_op) -> !transform.any_op
    %alloc, %rest = transform.split_handle %t : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.lift_alloc %alloc : !transform.any_op
    %q = transform.exo.match_proc @barrier in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %q : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.get_body %k : (!transform.any_op) -> !transform.any_op
    transform.exo.lift_alloc %cg : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the whole-window write covers row h, but the read takes row
// 1 - h, which the write of this iteration has not covered yet at h = 0
// (the value of the previous iteration's h = 1).
!row = !exo.tensor<[N, 4], f32, dram>
!t4 = !exo.tensor<[2, 4], f32, dram>
!w4 = !exo.window<[4], f32, dram>
exo.proc @fill4(%dst: !w4 {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %one = arith.constant 1.0 : f32
  exo.for %j = 0 to 4 seq {
    exo.assign %dst[%j] = %one : !w4
  }
}

exo.proc @not_covered(%N: index, %y: !row) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !t4
    exo.for %h = 0 to 2 seq {
      %w = exo.window %t[%h, 0 :+ 4] : !t4 -> !w4
      // expected-note-re @below {{by this write at i = {{[0-9]+}}}}
      exo.call @fill4(%w) : (!w4)
      %c1 = arith.constant 1 : index
      %o = arith.subi %c1, %h : index
      exo.for %j = 0 to 4 seq {
        // expected-note-re @below {{this read of 't' at i = {{[0-9]+}} can read the value stored at i = {{[0-9]+}} (with N = {{[0-9]+}})}}
        %v = exo.read %t[%o, %j] : !t4
        exo.reduce %y[%i, %j] += %v : !row
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.get_body %i : (!transform.any_op) -> !transform.any_op
    %alloc, %rest = transform.split_handle %t : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot lift allocation 't': a value of 't' can be carried from one iteration of loop 'i' to a later one}}
    transform.exo.lift_alloc %alloc : !transform.any_op
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.set_memory and bind_expr: memories change with their windows;
// values go through one-element tensors; the refusals.

// set_memory: a shared-memory tile moves to registers with its window.
// CHECK-LABEL: exo.proc @dev
//       CHECK:   %s = exo.alloc : !exo.tensor<[4], f32, regs>
//  CHECK-NEXT:   %[[W:.*]] = exo.window %s[1 :+ 2] : !exo.tensor<[4], f32, regs> -> !exo.window<[2], f32, regs>
//  CHECK-NEXT:   exo.read %[[W]][0] : !exo.window<[2], f32, regs>
exo.proc @dev(%x: !exo.tensor<[64], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1, blocksPerSM = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[4], f32, smem>
      %w = exo.window %s[1 :+ 2] : !exo.tensor<[4], f32, smem> -> !exo.window<[2], f32, smem>
      %v = exo.read %w[0] : !exo.window<[2], f32, smem>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_memory %allocs to regs : !transform.any_op
    transform.yield
  }
}

// -----

// set_memory with `arg`: a kernel's read-only argument becomes a grid constant.
// CHECK-LABEL: exo.proc @args(%x: !exo.tensor<[4], f32, grid_const>)
//       CHECK:   exo.read %x[0] : !exo.tensor<[4], f32, grid_const>
exo.proc @args(%x: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1, blocksPerSM = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %v = exo.read %x[0] : !exo.tensor<[4], f32, gmem>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @args in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_memory %p arg "x" to grid_const : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: host code cannot allocate registers.
exo.proc @host() {
  %s = exo.alloc : !exo.tensor<[4], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 's' to another memory: 'regs' memory can only be allocated in device code}}
    transform.exo.set_memory %allocs to regs : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a tensor map is a window.
exo.proc @host() {
  %s = exo.alloc : !exo.tensor<[4], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 's' to another memory: a tensor map is a window, not a tensor}}
    transform.exo.set_memory %allocs to tma_map<0, [4]> : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: host code reads the tensor, which can only read dram.
exo.proc @hostread(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  // expected-note @below {{this access}}
  %v = exo.read %x[0] : !exo.tensor<[N], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @hostread in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'x' to another memory: host code can only access 'dram' tensors, not 'gmem' (move the access into an exo.device_function)}}
    transform.exo.set_memory %p arg "x" to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a barrier is not a tensor.
exo.proc @dev(%x: !exo.tensor<[64], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1, blocksPerSM = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<cluster_sync>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'b' to another memory: it is not a tensor}}
    transform.exo.set_memory %allocs to regs : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the tensor is passed to a call, whose parameter fixes its memory.
exo.proc @callee(%a: !exo.tensor<[4], f32, dram>) {
}
exo.proc @caller() {
  %s = exo.alloc : !exo.tensor<[4], f32, dram>
  // expected-note @below {{this call passes it to a parameter in 'dram' memory}}
  exo.call @callee(%s) : (!exo.tensor<[4], f32, dram>)
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 's' to another memory: it is passed to a call}}
    transform.exo.set_memory %allocs to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a window of the tensor is a tensor map (in another memory).
exo.proc @maps() {
  %s = exo.alloc : !exo.tensor<[64, 64], f32, gmem>
  // expected-note @below {{this window changes its memory}}
  %m = exo.window %s[:, :] : !exo.tensor<[64, 64], f32, gmem> -> !exo.window<[64, 64], f32, tma_map<0, [8, 8]>>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 's' to another memory: a window of it is in another memory}}
    transform.exo.set_memory %allocs to dram : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the argument's proc is called.
exo.proc @callee(%a: !exo.tensor<[4], f32, dram>) {
}
exo.proc @caller(%a: !exo.tensor<[4], f32, dram>) {
  // expected-note @below {{this call passes it}}
  exo.call @callee(%a) : (!exo.tensor<[4], f32, dram>)
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @callee in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'a' to another memory: the proc is called}}
    transform.exo.set_memory %p arg "a" to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an argument cannot live in on-chip memory.
exo.proc @onchip(%a: !exo.tensor<[4], f32, dram>) {
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @onchip in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'a' to another memory: a proc argument cannot be in on-chip memory}}
    transform.exo.set_memory %p arg "a" to smem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an instruction's argument.
exo.proc @instr1(%dst: !exo.window<[4], f32, regs> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "mov"> {
  %z = arith.constant 0.0 : f32
  exo.assign %dst[0] = %z : !exo.window<[4], f32, regs>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @instr1 in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'dst' to another memory: it is not a tensor}}
    transform.exo.set_memory %p arg "dst" to smem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a ring buffer lives in shared memory.
exo.proc @ringmem() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 8], f32, smem>, guard !exo.barrier<mbarrier, [? ring 2]>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %s = transform.split_handle %b : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot move 's' to another memory: a ring buffer lives in shared memory}}
    transform.exo.set_memory %s to regs : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a tensor argument of an instruction (a user-defined one: the
// procs of instruction families live in the dialect, not in the module).
exo.proc @my_memset0_2d(%R: index, %S: index,
    %dst: !exo.tensor<[R, S], f32, gmem> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_cuda_stream, lowering = "my_memset0"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.for %j = 0 to %S seq {
      exo.assign %dst[%i, %j] = %zero : !exo.tensor<[R, S], f32, gmem>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @my_memset0_2d in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move 'dst' to another memory: it is an argument of an instruction}}
    transform.exo.set_memory %p arg "dst" to dram : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no argument of that name; `arg` on an alloc; an alloc expected.
// expected-note @below {{this payload op}}
exo.proc @named(%a: !exo.tensor<[4], f32, dram>) {
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @named in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{@named has no argument 'b'}}
    transform.exo.set_memory %p arg "b" to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: `arg` needs a proc.
exo.proc @host2() {
  // expected-note @below {{this payload op}}
  %s = exo.alloc : !exo.tensor<[4], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{with `arg`, expected an exo.proc payload, got 'exo.alloc'}}
    transform.exo.set_memory %allocs arg "s" to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: without `arg`, an allocation is expected.
// expected-note @below {{this payload op}}
exo.proc @host3() {
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.match_proc @host3 in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.alloc payload, got 'exo.proc'}}
    transform.exo.set_memory %p to gmem : !transform.any_op
    transform.yield
  }
}

// -----

// bind_expr: the product goes through a one-element tensor.
// CHECK-LABEL: exo.proc @bind
//       CHECK:   %[[P:.*]] = arith.mulf
//  CHECK-NEXT:   %p = exo.alloc : !exo.tensor<[1], f32, dram>
//  CHECK-NEXT:   exo.assign %p[0] = %[[P]]
//  CHECK-NEXT:   %[[R:.*]] = exo.read %p[0]
//  CHECK-NEXT:   exo.reduce %y[%i] += %[[R]]
!v = !exo.tensor<[8], f32, dram>
exo.proc @bind(%x: !v, %y: !v) {
  exo.for %i = 0 to 8 seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[%i] += %p : !v
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %m = transform.exo.match_access "x" kind "read" in %root : (!transform.any_op) -> !transform.any_op
    %mul = transform.exo.get_sibling_stmt %m offset 1 : (!transform.any_op) -> !transform.any_op
    %red = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    %prod = transform.get_producer_of_operand %red[2] : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.bind_expr %prod as "p" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an index value.
exo.proc @idx(%N: index) {
  %c1 = arith.constant 1 : index
  %n = arith.addi %N, %c1 : index
  exo.for %i = 0 to %n seq {
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %for = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %n = transform.get_producer_of_operand %for[0] : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot bind the expression: only scalar data values (not indices) can be stored in a tensor}}
    %t = transform.exo.bind_expr %n as "t" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a condition.
exo.proc @cond(%N: index) {
  %c1 = arith.constant 1 : index
  %b = arith.cmpi slt, %N, %c1 : index
  exo.if %b {
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %cmp = transform.collect_matching @match_cmpi in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot bind the expression: a condition cannot be stored in a tensor}}
    %t = transform.exo.bind_expr %cmp as "t" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an unused value.
exo.proc @unused(%x: !exo.tensor<[4], f32, dram>) {
  %a = exo.read %x[0] : !exo.tensor<[4], f32, dram>
  %p = arith.mulf %a, %a : f32
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %mul = transform.collect_matching @match_mulf in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot bind the expression: it is not used}}
    %t = transform.exo.bind_expr %mul as "t" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: host code cannot allocate shared memory.
exo.proc @hostmem(%x: !exo.tensor<[4], f32, dram>) {
  %a = exo.read %x[0] : !exo.tensor<[4], f32, dram>
  exo.assign %x[1] = %a : !exo.tensor<[4], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.exo.match_access "x" kind "read" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot bind the expression: 'smem' memory can only be allocated in device code}}
    %t = transform.exo.bind_expr %r as "t" in smem : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the body of an instruction is its semantics, not a schedule.
exo.proc @instr2(%dst: !exo.window<[4], f32, regs> {exo.access = #exo.access<write>},
                  %src: !exo.window<[4], f32, regs> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "mov"> {
  %v = exo.read %src[0] : !exo.window<[4], f32, regs>
  exo.assign %dst[0] = %v : !exo.window<[4], f32, regs>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %r = transform.exo.match_access "src" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot bind the expression: it is not in a scheduled proc}}
    %t = transform.exo.bind_expr %r as "t" in regs : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a statement has no result.
exo.proc @noresult(%x: !exo.tensor<[4], f32, dram>) {
  %a = exo.read %x[0] : !exo.tensor<[4], f32, dram>
  // expected-note @below {{this payload op}}
  exo.assign %x[1] = %a : !exo.tensor<[4], f32, dram>
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match_window(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.window"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %allocs = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_access "x" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an op with one result, got 'exo.assign'}}
    %t = transform.exo.bind_expr %w as "t" in dram : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.set_trailing_barrier and set_ring_buffer.

// set_trailing_barrier: the TMA reduction signals the bulk group.
// CHECK-LABEL: exo.proc @k
//       CHECK:   exo.call @tma_reduce(%{{.*}}, %{{.*}}) >> %bg :
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce(%map, %w) : (!G, !S)
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    transform.exo.set_trailing_barrier %body on "bg" at [] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the call already has a trailing barrier.
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce(%map, %w) >> %bg : (!G, !S) >> !exo.barrier<bulk_group>
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot give the call a trailing barrier 'bg': it already has one}}
    transform.exo.set_trailing_barrier %body on "bg" at [] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no barrier of that name.
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce(%map, %w) : (!G, !S)
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot give the call a trailing barrier 'nope': no barrier of that name is allocated before the call}}
    transform.exo.set_trailing_barrier %body on "nope" at [] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a coordinate that cannot be read.
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce(%map, %w) : (!G, !S)
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot give the call a trailing barrier 'bg': cannot read the index expression '+': expected an integer or a name at '+'}}
    transform.exo.set_trailing_barrier %body on "bg" at ["+"] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the result does not verify (a bulk group takes no coordinates).
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        // expected-note @below {{the verifier says:}}
        exo.call @tma_reduce(%map, %w) : (!G, !S)
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot give the call a trailing barrier 'bg': the result would not verify}}
    transform.exo.set_trailing_barrier %body on "bg" at ["0"] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a call.
exo.proc @notcall(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %l = 0 to 4 seq {
    // expected-note @below {{this payload op}}
    exo.assign %x[%l] = %z : !exo.tensor<[4], f32, dram>
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
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected an exo.call payload, got 'exo.assign'}}
    transform.exo.set_trailing_barrier %body on "bg" at [] : !transform.any_op
    transform.yield
  }
}

// -----

// set_ring_buffer: the mbarrier array (made unbounded: one element per
// iteration, however many) and the tensor it guards get rings of 4.
// CHECK-LABEL: exo.proc @ring
//       CHECK:   %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
//  CHECK-NEXT:   %buf = exo.alloc guarded_by %empty : !exo.tensor<[16 ring 4, 64], f32, smem>
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.set_ring_buffer %empty dim 0 depth 4 unbounded : !transform.any_op
    transform.exo.set_ring_buffer %buf dim 0 depth 4 guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a tensor's ring needs its guard.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: a tensor's ring needs a guarding barrier}}
    transform.exo.set_ring_buffer %buf dim 0 depth 4 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no such dimension.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: it has no dimension 2}}
    transform.exo.set_ring_buffer %buf dim 2 depth 4 guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a depth of 0.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: the depth must be positive}}
    transform.exo.set_ring_buffer %buf dim 0 depth 0 guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no barrier of the guard's name.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: no barrier 'full' is allocated before it}}
    transform.exo.set_ring_buffer %buf dim 0 depth 4 guarded_by "full" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a barrier array is not guarded.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'empty' a ring buffer: a barrier array is not guarded}}
    transform.exo.set_ring_buffer %empty dim 0 depth 4 guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the guard has no ring dimension, so the result does not verify.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      // expected-note @below {{the verifier says:}}
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: the result would not verify}}
    transform.exo.set_ring_buffer %buf dim 0 depth 4 guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: already a ring.
exo.proc @ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
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
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.set_ring_buffer %empty dim 0 depth 4 : !transform.any_op
    // expected-error @below {{cannot make 'empty' a ring buffer: it already has a ring dimension}}
    transform.exo.set_ring_buffer %empty dim 0 depth 2 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an unbounded ring would store the tensor's elements i and i + 4
// in one slot (rows 0 and 4 of buf would share storage).
exo.proc @unbounded_tensor_ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
      %buf = exo.alloc : !exo.tensor<[16, 64], f32, smem>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %stmts = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %empty, %buf = transform.split_handle %stmts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot make 'buf' a ring buffer: making dimension 0 of a tensor an unbounded ring would store its elements i and i + 4 in one slot, which changes what the program computes; expand_dim ... ring adds a ring dimension with that proof}}
    transform.exo.set_ring_buffer %buf dim 0 depth 4 unbounded guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: more slots than a ring dimension may have.
exo.proc @huge_ring() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [16]>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make 'empty' a ring buffer: a ring of 2097152 slots is past the 1048576 a ring dimension may have}}
    transform.exo.set_ring_buffer %empty dim 0 depth 2097152 unbounded : !transform.any_op
    transform.yield
  }
}

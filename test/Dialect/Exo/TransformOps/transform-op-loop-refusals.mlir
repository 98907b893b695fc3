// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics

// Refusals of reorder_loops, join_loops, lift_alloc and sink_alloc not covered
// by their own files.

// reorder_loops: no inner loop.
!v = !exo.tensor<[8], f32, dram>
exo.proc @p(%x: !v) {
  // expected-note @below {{this loop}}
  exo.for %i = 0 to 8 seq {
    %c = arith.constant 1 : index
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
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loop 'i': its body holds no exo.for}}
    %a, %b = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// reorder_loops: two inner loops.
!v = !exo.tensor<[8], f32, dram>
exo.proc @p(%x: !v) {
  exo.for %i = 0 to 8 seq {
    exo.for %j = 0 to 8 seq {
    }
    // expected-note @below {{a second loop in its body}}
    exo.for %k = 0 to 8 seq {
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
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot reorder loop 'i': its body holds more than one exo.for}}
    %a, %b = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// join_loops: loops over threads.
!g = !exo.tensor<[64], f32, gmem>
exo.proc @d(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %z = arith.constant 0.0 : f32
      // expected-note @below {{this loop is cuda_threads<thread>}}
      exo.for %i = 0 to 16 cuda_threads<thread> {
        exo.assign %x[%i] = %z : !g
      }
      exo.for %j = 0 to 16 cuda_threads<thread> {
        exo.assign %x[%j] = %z : !g
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
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot join loops 'i' and 'j': only seq loops are joined}}
    %k = transform.exo.join_loops %i, %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// lift_alloc: a ring barrier array (its phases would start again).
!g = !exo.tensor<[64], f32, gmem>
exo.proc @d(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %k = 0 to 2 seq {
        // expected-note @below {{this allocation}}
        %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
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
    // expected-error @below {{cannot lift allocation 'b': it is a ring barrier array (use transform.exo.chain_rings)}}
    transform.exo.lift_alloc %allocs : !transform.any_op
    transform.yield
  }
}

// -----

// lift_alloc: an allocation in a loop over threads.
!g = !exo.tensor<[64], f32, gmem>
exo.proc @d(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{this loop is cuda_threads<thread>}}
      exo.for %l = 0 to 32 cuda_threads<thread> {
        %r = exo.alloc : !exo.tensor<[4], f32, regs>
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
    // expected-error @below {{cannot lift allocation 'r': only allocations in seq loops are lifted}}
    transform.exo.lift_alloc %allocs : !transform.any_op
    transform.yield
  }
}

// -----

// sink_alloc: a barrier.
!g = !exo.tensor<[64], f32, gmem>
exo.proc @d(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{this allocation}}
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
    // expected-error @below {{cannot sink allocation 'b': only tensor allocations are sunk}}
    transform.exo.sink_alloc %allocs : !transform.any_op
    transform.yield
  }
}

// -----

// sink_alloc: the loop that uses it is over threads.
!g = !exo.tensor<[64], f32, gmem>
exo.proc @d(%x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[32], f32, smem>
      %z = arith.constant 0.0 : f32
      // expected-note @below {{this loop is cuda_threads<thread>}}
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.assign %s[%l] = %z : !exo.tensor<[32], f32, smem>
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
    // expected-error @below {{cannot sink allocation 's': only allocations used by seq loops are sunk}}
    transform.exo.sink_alloc %allocs : !transform.any_op
    transform.yield
  }
}

// -----

// specialize, add_loop and stage_mem refuse a cuda_tasks loop: the device
// function's body must stay a nest of task loops (the fuzz seed
// seed-specialize-task-loop of exo-gpu-fuzz-transforms reaches this case).
!g = !exo.tensor<[N], f32, gmem>
exo.proc @task_loop(%N: index, %x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    // expected-note @below {{this loop is cuda_tasks}}
    exo.for %t = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%t] = %z : !g
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot specialize the statement: the device function's task nest would not be a nest of task loops any more}}
    %s = transform.exo.specialize %t if "N >= 4" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!g = !exo.tensor<[N], f32, gmem>
exo.proc @task_loop(%N: index, %x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    // expected-note @below {{this loop is cuda_tasks}}
    exo.for %t = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%t] = %z : !g
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot add loop 'a': the device function's task nest would not be a nest of task loops any more}}
    %a = transform.exo.add_loop %t "a" to "2" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!g = !exo.tensor<[N], f32, gmem>
exo.proc @task_loop(%N: index, %x: !g) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    // expected-note @below {{this loop is cuda_tasks}}
    exo.for %t = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%t] = %z : !g
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot stage 'x': the device function's task nest would not be a nest of task loops any more}}
    %s, %i, %o = transform.exo.stage_mem %t, "x" at ["0"] sizes [4] as "s" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.wrap_device_function and wrap_with_warps.

// wrap_device_function: the outer loop becomes the task loop of a kernel and
// the arguments it uses move to global memory; the inner loop can then be
// given to threads, and wrap_with_warps narrows a statement to warp 0.
// CHECK-LABEL: exo.proc @scale(%N: index, %x: !exo.tensor<[N], f32, gmem>, %y: !exo.tensor<[N], f32, gmem>)
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1, blocksPerSM = 4) {
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:       exo.warps 0 to 4 {
//  CHECK-NEXT:         exo.for %ii = 0 to 128 cuda_threads<thread> {
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    %io, %ii, %t = transform.exo.divide_loop %i by 128 ["io", "ii"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 4 : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ii cuda_threads<thread> : !transform.any_op
    %w = transform.exo.wrap_with_warps %ii warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// launch_grid: the device function launches one cluster per task.
// CHECK-LABEL: exo.proc @scale_grid(
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1, launch = grid) {
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale_grid(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %io, %ii, %t = transform.exo.divide_loop %i by 128 ["io", "ii"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 launch_grid : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: host code after the loop still reads y.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
  }
  // expected-note @below {{this use stays in host code}}
  %last = exo.read %y[0] : !v
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
    // expected-error @below {{cannot wrap the statements in a device function: 'y' would move to global memory, but host code also uses it}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: two task loops asked of a single loop.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  // expected-note @below {{this loop nest}}
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{cannot wrap the statements in a device function: the nest has fewer than 2 loops to become cuda_tasks}}
    %k = transform.exo.wrap_device_function %i tasks 2 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no task loop.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{cannot wrap the statements in a device function: at least one loop must become cuda_tasks}}
    %k = transform.exo.wrap_device_function %i tasks 0 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a loop.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    %r = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: the body of a device function is one loop nest (of cuda_tasks loops)}}
    %k = transform.exo.wrap_device_function %r tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the result does not verify (32 is not a whole number of warps of
// threads... here: a block of 2000 threads).
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  // expected-note @below {{the verifier says:}}
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{cannot wrap the statements in a device function: the result would not verify}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 2000 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the proc is called with host tensors.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
  }
}
exo.proc @caller(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  // expected-note @below {{this call passes host tensors}}
  exo.call @scale(%N, %x, %y) : (index, !v, !v)
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
    %p = transform.exo.match_proc @scale in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: its arguments would move to global memory, but the proc is called}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: already in a device function.
!v = !exo.tensor<[8], f32, gmem>
exo.proc @nested(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[0] = %z : !v
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
    // expected-error @below {{cannot wrap the statements in a device function: they already run on the device}}
    %k = transform.exo.wrap_device_function %t tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a statement lies between the statements (expressions between
// them would move along).
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    // expected-note @below {{this op lies between two of the statements}}
    exo.assign %x[%i] = %b : !v
    exo.assign %y[%i] = %b : !v
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
    %r = transform.exo.match_access "x" kind "read" in %root : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_access "y" in %root : (!transform.any_op) -> !transform.any_op
    %rw = transform.merge_handles %r, %w : !transform.any_op
    // expected-error @below {{cannot wrap the statements in exo.warps: the statements are not consecutive}}
    %k = transform.exo.wrap_with_warps %rw warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a value defined inside would be used after.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    // expected-note @below {{this value is used after the statements}}
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    %r = transform.exo.match_access "x" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in exo.warps: a value defined by the statements is used after them}}
    %k = transform.exo.wrap_with_warps %r warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: warps in host code do not verify.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  // expected-note @below {{the verifier says:}}
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{cannot wrap the statements in exo.warps: the result would not verify}}
    %k = transform.exo.wrap_with_warps %i warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: warps around the inner loop of the task nest. The warps op itself
// verifies; the device function's rule (its body is one nest of cuda_tasks
// loops) does not, and the whole proc is verified.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @tasks(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 2 cuda_tasks {
      // expected-note @below {{the verifier says: 'exo.for' op cuda_tasks loops must form the outermost nest of the device function}}
      exo.for %u = 0 to 2 cuda_tasks {
        exo.for %l = 0 to 128 cuda_threads<thread> {
          exo.assign %x[%l] = %two : !v
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %u = transform.exo.match_loop "u" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in exo.warps: the result would not verify}}
    %w = transform.exo.wrap_with_warps %u warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: statements of two blocks.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    %r = transform.exo.match_access "x" in %root : (!transform.any_op) -> !transform.any_op
    %both = transform.merge_handles %i, %r : !transform.any_op
    // expected-error @below {{cannot wrap the statements in exo.warps: the statements are not in one block}}
    %k = transform.exo.wrap_with_warps %both warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an instruction's body is not scheduled.
!w = !exo.window<[4], f32, dram>
exo.proc @instr(%d: !w {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %d[%i] = %z : !w
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
    // expected-error @below {{cannot wrap the statements in a device function: they are not in a scheduled proc}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An empty warp range is a verifier error.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{'transform.exo.wrap_with_warps' op the warp range [1, 1) is empty}}
    %k = transform.exo.wrap_with_warps %i warps 1 to 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Neither a group nor a range is a verifier error.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{'transform.exo.wrap_with_warps' op needs a warp group or a warp range}}
    %k = transform.exo.wrap_with_warps %i : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Both block_dim and warps is a verifier error.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{'transform.exo.wrap_device_function' op needs exactly one of block_dim and warps}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 warps [#exo.warp_group<"all", 1>] cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Warps that are not warp groups is a verifier error.
!v = !exo.tensor<[N], f32, dram>
exo.proc @scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
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
    // expected-error @below {{'transform.exo.wrap_device_function' op warps must be #exo.warp_group attributes}}
    %k = transform.exo.wrap_device_function %i tasks 1 warps [1] cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// wrap_device_function with host statements: the zeroing of y becomes a
// memset on the stream in the same rewrite that moves y to global memory.
// CHECK-LABEL: exo.proc @zero_then_scale(%N: index, %x: !exo.tensor<[N], f32, gmem>, %y: !exo.tensor<[N], f32, gmem>)
//       CHECK:   exo.call #exo.memset0<rank = 1, dtype = f32>(%N, %y) : (index, !exo.tensor<[N], f32, gmem>)
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1) {
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
//       CHECK:       exo.reduce %y[
!v = !exo.tensor<[N], f32, dram>
exo.proc @zero_then_scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %zero = arith.constant 0.0 : f32
  %c128 = arith.constant 128 : index
  %no = arith.divui %N, %c128 : index
  exo.for %z = 0 to %N seq {
    exo.assign %y[%z] = %zero : !v
  }
  exo.for %io = 0 to %no seq {
    exo.for %ii = 0 to 128 seq {
      %b = arith.muli %io, %c128 : index
      %i = arith.addi %b, %ii : index
      %a = exo.read %x[%i] : !v
      exo.reduce %y[%i] += %a : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %z = transform.exo.match_loop "z" in %root : (!transform.any_op) -> !transform.any_op
    %io = transform.exo.match_loop "io" in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 host %z with (#exo.memset0<rank = 1, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ii cuda_threads<thread> : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the host statements' instruction does not run on the stream.
exo.proc @fill0_1d(%R: index,
    %dst: !exo.tensor<[R], f32, gmem> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %R seq {
    exo.assign %dst[%i] = %zero : !exo.tensor<[R], f32, gmem>
  }
}
!v = !exo.tensor<[N], f32, dram>
exo.proc @zero_then_scale(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %zero = arith.constant 0.0 : f32
  %c128 = arith.constant 128 : index
  %no = arith.divui %N, %c128 : index
  exo.for %z = 0 to %N seq {
    exo.assign %y[%z] = %zero : !v
  }
  exo.for %io = 0 to %no seq {
    exo.for %ii = 0 to 128 seq {
      %b = arith.muli %io, %c128 : index
      %i = arith.addi %b, %ii : index
      %a = exo.read %x[%i] : !v
      exo.reduce %y[%i] += %a : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %z = transform.exo.match_loop "z" in %root : (!transform.any_op) -> !transform.any_op
    %io = transform.exo.match_loop "io" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: @fill0_1d is not an instruction that the host issues on the CUDA stream (timeline cpu_cuda_stream)}}
    %d = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 host %z with @fill0_1d : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a host statement inside the nest.
!v = !exo.tensor<[N], f32, dram>
exo.proc @inside(%N: index, %y: !v) {
  %zero = arith.constant 0.0 : f32
  exo.for %io = 0 to 1 seq {
    exo.for %z = 0 to %N seq {
      exo.assign %y[%z] = %zero : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %z = transform.exo.match_loop "z" in %root : (!transform.any_op) -> !transform.any_op
    %io = transform.exo.match_loop "io" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: the host statements must be host code outside the nest}}
    %d = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 host %z with (#exo.memset0<rank = 1, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the host statement does not unify with the instruction (it
// stores 1, not 0); the IR is untouched.
!v = !exo.tensor<[N], f32, dram>
exo.proc @ones(%N: index, %x: !v, %y: !v) {
  // expected-note @below {{this constant differs from the instruction's}}
  %one = arith.constant 1.0 : f32
  exo.for %z = 0 to %N seq {
    exo.assign %y[%z] = %one : !v
  }
  exo.for %io = 0 to %N seq {
    %a = exo.read %x[%io] : !v
    exo.reduce %y[%io] += %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %z = transform.exo.match_loop "z" in %root : (!transform.any_op) -> !transform.any_op
    %io = transform.exo.match_loop "io" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: cannot replace the statement by #exo.memset0<rank = 1, dtype = f32>: the statement does not unify with the instruction's body}}
    %d = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 host %z with (#exo.memset0<rank = 1, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Host statements without the instruction that replaces them (only the
// generic form can say that): a verifier error.
exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.exo.wrap_device_function' op host statements need the instruction that replaces them (host %stmts with @instr)}}
    %d = "transform.exo.wrap_device_function"(%a, %b) <{block_dim = 128 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1, 0>}> : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Allocations without the memory they move to (only the generic form can
// say that): a verifier error.
exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.exo.wrap_device_function' op allocations need the memory they move to (allocs %a to MEMORY)}}
    %d = "transform.exo.wrap_device_function"(%a, %b) <{block_dim = 128 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 1>}> : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// allocs ... to: a dram temporary inside the nest moves to device memory in
// the same rewrite (alone, neither the wrap nor the move verifies), and its
// windows with it.
// CHECK-LABEL: exo.proc @temporary(
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1) {
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:       %t = exo.alloc : !exo.tensor<[128], f32, smem>
//       CHECK:       exo.window %t[0 :+ 4] : !exo.tensor<[128], f32, smem> -> !exo.window<[4], f32, smem>
!v = !exo.tensor<[N], f32, dram>
!T = !exo.tensor<[128], f32, dram>
!W = !exo.window<[4], f32, dram>
exo.proc @temporary(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %NB = arith.divui %N, %c128 : index
  exo.for %io = 0 to %NB seq {
    %t = exo.alloc : !T
    exo.for %ii = 0 to 128 seq {
      %o = arith.muli %io, %c128 : index
      %i = arith.addi %o, %ii : index
      %a = exo.read %x[%i] : !v
      exo.assign %t[%ii] = %a : !T
    }
    %w = exo.window %t[0 :+ 4] : !T -> !W
    exo.for %ii = 0 to 128 seq {
      %o = arith.muli %io, %c128 : index
      %i = arith.addi %o, %ii : index
      %a = exo.read %t[%ii] : !T
      exo.assign %y[%i] = %a : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %io = transform.exo.match_loop "io" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 allocs %t to smem : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: without allocs, device code would allocate dram.
!v = !exo.tensor<[N], f32, dram>
!T = !exo.tensor<[1], f32, dram>
exo.proc @temporary_left(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    // expected-note @below {{the verifier says: 'exo.alloc' op device code cannot allocate 'dram' memory; allocate it in host code}}
    %t = exo.alloc : !T
    %a = exo.read %x[%i] : !v
    exo.assign %t[0] = %a : !T
    %b = exo.read %t[0] : !T
    exo.assign %y[%i] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: the result would not verify}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the allocation is outside the nest.
!v = !exo.tensor<[N], f32, dram>
!T = !exo.tensor<[1], f32, dram>
exo.proc @outside(%N: index, %x: !v, %y: !v) {
  // expected-note @below {{this operation}}
  %t = exo.alloc : !T
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: only allocations inside the nest can move to device memory with it}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 allocs %t to smem : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the memory is not one device code may allocate (the move's own
// refusal, as set_memory gives it).
!v = !exo.tensor<[N], f32, dram>
!T = !exo.tensor<[1], f32, dram>
exo.proc @host_memory(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %t = exo.alloc : !T
    %a = exo.read %x[%i] : !v
    exo.assign %t[0] = %a : !T
    %b = exo.read %t[0] : !T
    exo.assign %y[%i] = %b : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot wrap the statements in a device function: cannot move 't' to another memory: device code cannot allocate 'gmem' memory; allocate it in host code}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 allocs %t to gmem : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

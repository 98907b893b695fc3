// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.insert_fence, insert_arrive, insert_await,
// insert_barrier_alloc and guard_sync: structural rewrites checked by the
// verifier.

// insert_barrier_alloc, insert_fence, insert_arrive and insert_await: the
// syncs land where asked, with coordinates built from the expressions.
// CHECK-LABEL: exo.proc @k
//       CHECK:   exo.for %t = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:     %bar = exo.alloc : !exo.barrier<cluster_sync>
//  CHECK-NEXT:     %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
//  CHECK-NEXT:     exo.fence(cuda_in_order, cuda_in_order)
//  CHECK-NEXT:     exo.for %i = 0 to 128 cuda_threads<thread> {
//       CHECK:     }
//  CHECK-NEXT:     exo.arrive(cuda_in_order) >> %bar
//  CHECK-NEXT:     exo.await(%bar, cuda_in_order, 0)
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    %bar = transform.exo.insert_barrier_alloc %i "bar" : !exo.barrier<cluster_sync> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %i "cg" : !exo.barrier<cp_async_group, [2]> : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.insert_fence %i ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.insert_await %i after on "bar" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %a = transform.exo.insert_arrive %i after timeline "cuda_in_order" on "bar" at [] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A misspelt fence timeline is a parse error.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{custom op 'transform.exo.insert_fence' invalid first attribute specification: "cuda_sync"}}
    %f = transform.exo.insert_fence %i ("cuda_sync", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no barrier of that name.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{cannot insert an arrive on 'nope': no barrier of that name is allocated before the statement}}
    %a = transform.exo.insert_arrive %i timeline "cuda_in_order" on "nope" at [] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A misspelt await timeline is a parse error: timelines are typed enum
// attributes, so no failure mode can suppress the typo.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{custom op 'transform.exo.insert_await' invalid timeline attribute specification: "x"}}
    %a = transform.exo.insert_await %i on "bar" at [] timeline "x" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A misspelt arrive timeline is a parse error, like the await one above.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{custom op 'transform.exo.insert_arrive' invalid timeline attribute specification: "y"}}
    %a = transform.exo.insert_arrive %i timeline "y" on "bar" at [] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an await has no multicast.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{cannot insert an await of 'cg': a multicast coordinate ':' is only allowed in arrives and trailing barriers}}
    %a = transform.exo.insert_await %i on "cg" at [":"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a bad coordinate expression.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{cannot insert an await of 'cg': 'zz' is neither an enclosing loop's iterator nor a size of the proc}}
    %a = transform.exo.insert_await %i on "cg" at ["zz"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an await without coordinates of a barrier array does not
// verify; the verifier's message is a note and the IR is restored.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      // expected-note @below {{the verifier says:}}
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{cannot insert an await of 'cg': the result would not verify}}
    %a = transform.exo.insert_await %i on "cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the type is not a barrier.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        exo.assign %x[%j] = %z : !v
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
    // expected-error @below {{cannot allocate barrier 'q': the type is not an !exo.barrier}}
    %q = transform.exo.insert_barrier_alloc %i "q" : f32 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// guard_sync: the arrive runs only when t >= 1.
// CHECK-LABEL: exo.proc @k
//       CHECK:   %[[C:.*]] = arith.cmpi sge, %t, %c1
//  CHECK-NEXT:   exo.if %[[C]] {
//  CHECK-NEXT:     exo.arrive(cuda_in_order) >> %bar
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      exo.arrive(cuda_in_order) >> %bar : !exo.barrier<cluster_sync>
      exo.await(%bar, cuda_in_order, 0) : !exo.barrier<cluster_sync>
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
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %alloc, %arrive, %await = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %g = transform.exo.guard_sync %arrive if "t >= 1" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: guarding a data statement would change the program.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %b = arith.muli %t, %c128 : index
        %j = arith.addi %b, %i : index
        // expected-note @below {{this statement}}
        exo.assign %x[%j] = %z : !v
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
    %w = transform.exo.match_access "x" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot guard the statement: only fences, arrives and awaits can be guarded (the guard would change what other statements compute)}}
    %g = transform.exo.guard_sync %w if "t >= 1" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a condition that is not a comparison.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @k(%N: index, %x: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
  %z = arith.constant 0.0 : f32
  %T = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      %bar = exo.alloc : !exo.barrier<cluster_sync>
      exo.arrive(cuda_in_order) >> %bar : !exo.barrier<cluster_sync>
      exo.await(%bar, cuda_in_order, 0) : !exo.barrier<cluster_sync>
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
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %alloc, %arrive, %await = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot guard the statement: the condition 't' is not a comparison (<, <=, >, >=, ==, !=)}}
    %g = transform.exo.guard_sync %arrive if "t" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

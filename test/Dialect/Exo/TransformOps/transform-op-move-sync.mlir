// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.move_sync: a statement made of synchronization only moves
// (or is copied) elsewhere; and barrier coordinates with quotients.

// The per-warp waits move ahead of the fence, and a copy of them follows
// the tile loop.
// CHECK-LABEL: exo.proc @waits
//       CHECK:     exo.for %pi = 0 to 2 seq {
//  CHECK-NEXT:       exo.for %w = 0 to 4 cuda_threads<warp> {
//  CHECK-NEXT:         exo.await(%bg[%w], cuda_in_order, 0)
//  CHECK-NEXT:       }
//  CHECK-NEXT:       exo.fence(cuda_in_order, cuda_in_order)
//  CHECK-NEXT:       exo.for %w = 0 to 4 cuda_threads<warp> {
//  CHECK-NEXT:         exo.arrive(tma_to_gmem_async) >> %bg[%w]
//  CHECK-NEXT:       }
//  CHECK-NEXT:     }
//  CHECK-NEXT:     exo.for %w = 0 to 4 cuda_threads<warp> {
//  CHECK-NEXT:       exo.await(%bg[%w], cuda_in_order, 0)
//  CHECK-NEXT:     }
exo.proc @waits() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %bg = exo.alloc : !exo.barrier<bulk_group, [4]>
      exo.for %pi = 0 to 2 seq {
        exo.fence(cuda_in_order, cuda_in_order)
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.arrive(tma_to_gmem_async) >> %bg[%w] : !exo.barrier<bulk_group, [4]>
        }
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.await(%bg[%w], cuda_in_order, 0) : !exo.barrier<bulk_group, [4]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %pi : (!transform.any_op) -> !transform.any_op
    %f, %a, %w = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %moved = transform.exo.move_sync %w before %f : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %copied = transform.exo.move_sync %moved copy after %pi : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the statement writes memory.
!v = !exo.tensor<[4], f32, gmem>
exo.proc @data(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %z = arith.constant 0.0 : f32
        %c0 = arith.constant 0 : index
        // expected-note @below {{this operation is not synchronization}}
        exo.assign %x[%c0] = %z : !v
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %f, %s = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot move the synchronization statement: it does more than synchronize}}
    %m = transform.exo.move_sync %s before %f : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the wait would move before the allocation of its barrier.
exo.proc @unavailable() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.fence(cuda_in_order, cuda_in_order)
      %bg = exo.alloc : !exo.barrier<bulk_group>
      // expected-note @below {{this operation uses a value that is not available there}}
      exo.await(%bg, cuda_in_order, 0) : !exo.barrier<bulk_group>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %f, %b, %w = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot copy the synchronization statement: it would use values defined after the place}}
    %m = transform.exo.move_sync %w copy before %f : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a statement cannot move into itself.
exo.proc @inside() {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %w = transform.exo.match_loop "w" in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.get_body %w : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move the synchronization statement: the place is inside the statement}}
    %m = transform.exo.move_sync %w before %f : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the place is not a statement of the proc's body (a fence of a
// device function's task moved to host code does not verify either).
exo.proc @host() {
  %c1 = arith.constant 1 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{the verifier says: 'exo.fence' op must be inside an exo.device_function (host code has nothing to fence)}}
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_device(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.device_function"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %d = transform.collect_matching @match_device in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move the synchronization statement: the result would not verify}}
    %m = transform.exo.move_sync %f before %d : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Barrier coordinates may divide a size, or a parenthesized linear
// expression, by a constant (they mean nothing sequentially): the release
// of the last slot of a K loop of K / 32 or ceil(K / 32) steps.
// CHECK-LABEL: exo.proc @quotient
//       CHECK:   exo.fence(cuda_in_order, cuda_in_order)
//  CHECK-NEXT:   %[[Q:.*]] = arith.divsi %K, %c32 : index
//  CHECK-NEXT:   %[[I:.*]] = arith.addi %c3, %[[Q]] : index
//       CHECK:   exo.arrive(cuda_in_order) >> %empty[%[[I]]]
//  CHECK-NEXT:   %[[K31:.*]] = arith.addi %c31, %K : index
//  CHECK-NEXT:   %[[Q2:.*]] = arith.divsi %[[K31]], %c32{{.*}} : index
//  CHECK-NEXT:   %[[Q3:.*]] = arith.muli %[[Q2]], %c-1 : index
//  CHECK-NEXT:   %[[I2:.*]] = arith.addi %c3{{.*}}, %[[Q3]] : index
//  CHECK-NEXT:   exo.arrive(cuda_in_order) >> %empty[%[[I2]]]
exo.proc @quotient(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [? ring 4]>
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %f = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a = transform.exo.insert_arrive %f after timeline "cuda_in_order" on "empty" at ["K / 32 + 3"] : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.insert_arrive %a after timeline "cuda_in_order" on "empty" at ["3 - (K + 31) / 32"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a quotient elsewhere (here an expanded dimension's index, which
// a Presburger question must read).
!v = !exo.tensor<[K], f32, dram>
exo.proc @quotient_index(%K: index, %x: !v) {
  %t = exo.alloc : !exo.tensor<[4], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot expand 't': a quotient (a division by 32) is only allowed in barrier coordinates (the index may use the iterators of loops around the allocation and sizes)}}
    transform.exo.expand_dim %a size 2 index "K / 32" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a quotient needs a positive integer divisor.
exo.proc @bad_quotient(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %f = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot insert an arrive on 'empty': cannot read the index expression 'K / 0': a quotient is a name divided by a positive integer}}
    %a = transform.exo.insert_arrive %f after timeline "cuda_in_order" on "empty" at ["K / 0"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a parenthesized expression must be divided.
exo.proc @bad_parens(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %f = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot insert an arrive on 'empty': cannot read the index expression '(K + 31) + 3': a parenthesized expression must be divided by a positive integer}}
    %a = transform.exo.insert_arrive %f after timeline "cuda_in_order" on "empty" at ["(K + 31) + 3"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an unclosed parenthesis.
exo.proc @unclosed(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %f = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot insert an arrive on 'empty': cannot read the index expression '(K + 31 / 32': expected ')'}}
    %a = transform.exo.insert_arrive %f after timeline "cuda_in_order" on "empty" at ["(K + 31 / 32"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: what the parentheses hold must be linear.
exo.proc @inner_bad(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %f = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot insert an arrive on 'empty': cannot read the index expression '(K * K) / 2': expected a linear expression in parentheses}}
    %a = transform.exo.insert_arrive %f after timeline "cuda_in_order" on "empty" at ["(K * K) / 2"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the place is in another proc.
exo.proc @from() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

exo.proc @to() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %u = 0 to 1 cuda_tasks {
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %u = transform.exo.match_loop "u" in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %g = transform.exo.get_body %u : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot move the synchronization statement: the place is not a statement of the same proc}}
    %m = transform.exo.move_sync %f before %g : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Refused: two statements, one place.
exo.proc @pairs() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.fence(cuda_in_order, cuda_in_order)
      exo.fence(cuda_in_order, cuda_in_order)
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected as many places as statements, got 1 and 2}}
    %m = transform.exo.move_sync %f before %t : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}

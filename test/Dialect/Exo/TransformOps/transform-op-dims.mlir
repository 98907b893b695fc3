// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.expand_dim, divide_dim and rearrange_dim: an allocation's
// shape changes and every access and window follows; the refusals.

// expand_dim: each iteration of io gets its own row of `part`, indexed by io;
// every access and window gains the index.
// CHECK-LABEL: exo.proc @expand
//       CHECK:   exo.for %io = 0 to 4 seq {
//  CHECK-NEXT:     %part = exo.alloc : !exo.tensor<[4, 8], f32, dram>
//       CHECK:       exo.assign %part[%io, %j] =
//       CHECK:     %{{.*}} = exo.window %part[%io, 0 :+ 4] : !exo.tensor<[4, 8], f32, dram> -> !exo.window<[4], f32, dram>
!v = !exo.tensor<[32], f32, dram>
!p = !exo.tensor<[8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @expand(%x: !v, %y: !v) {
  %c8 = arith.constant 8 : index
  exo.for %io = 0 to 4 seq {
    %part = exo.alloc : !p
    exo.for %j = 0 to 8 seq {
      %b = arith.muli %io, %c8 : index
      %i = arith.addi %b, %j : index
      %a = exo.read %x[%i] : !v
      exo.assign %part[%j] = %a : !p
    }
    %h = exo.window %part[0 :+ 4] : !p -> !w
    %v = exo.read %h[1] : !w
    exo.assign %y[%io] = %v : !v
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
    transform.exo.expand_dim %allocs size 4 index "io" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: io runs to N, which can be 4 or more.
!v = !exo.tensor<[N], f32, dram>
!p = !exo.tensor<[1], f32, dram>
exo.proc @too_small(%N: index, %x: !v) {
  exo.for %io = 0 to %N seq {
    %part = exo.alloc : !p
    %a = exo.read %x[%io] : !v
    exo.assign %part[0] = %a : !p
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
    // expected-error @below {{cannot expand 'part': the index 'io' can be 4, outside [0, 4) (with N = 6)}}
    transform.exo.expand_dim %allocs size 4 index "io" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the index names a loop inside the allocation's scope (it would
// change within one instance of the tensor); a bad expression; a barrier;
// an extent of 0; a use that takes the whole tensor.
!p = !exo.tensor<[4], f32, dram>
exo.proc @inner(%x: !p) {
  %part = exo.alloc : !p
  %z = arith.constant 0.0 : f32
  exo.for %j = 0 to 4 seq {
    exo.assign %part[%j] = %z : !p
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
    // expected-error @below {{cannot expand 'part': 'j' is neither an enclosing loop's iterator nor a size of the proc (the index may use the iterators of loops around the allocation and sizes)}}
    transform.exo.expand_dim %allocs size 4 index "j" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an expression that is not linear.
!p = !exo.tensor<[4], f32, dram>
exo.proc @nonlinear(%N: index, %x: !p) {
  exo.for %i = 0 to 2 seq {
    %part = exo.alloc : !p
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
    // expected-error @below {{cannot expand 'part': cannot read the index expression 'i * i': a product of two names is not linear (the index may use the iterators of loops around the allocation and sizes)}}
    transform.exo.expand_dim %allocs size 4 index "i * i" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: an extent of 0.
!p = !exo.tensor<[4], f32, dram>
exo.proc @zero(%x: !p) {
  %part = exo.alloc : !p
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
    // expected-error @below {{cannot expand 'part': the new dimension's extent must be positive}}
    transform.exo.expand_dim %allocs size 0 index "0" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a call takes the whole tensor.
!p = !exo.tensor<[4], f32, dram>
exo.proc @callee(%a: !p) {
}
exo.proc @whole() {
  %part = exo.alloc : !p
  // expected-note @below {{this use takes the whole tensor}}
  exo.call @callee(%part) : (!p)
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
    // expected-error @below {{cannot expand 'part': its uses must be element accesses and windows}}
    transform.exo.expand_dim %allocs size 2 index "0" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a barrier is not a tensor.
exo.proc @barrier() {
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
    // expected-error @below {{cannot expand 'b': it is a barrier, not a tensor}}
    transform.exo.expand_dim %allocs size 2 index "0" : !transform.any_op
    transform.yield
  }
}

// -----

// expand_dim into a ring: an unbounded dimension of 2 slots indexed by k,
// guarded by the mbarrier array empty.
// CHECK-LABEL: exo.proc @ring
//       CHECK:     %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 8], f32, smem>
//       CHECK:       exo.assign %s[%k, 0] =
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// A plain dimension in front of a ring buffer (one ring per CTA, say): the
// ring dimension moves to position 1 and keeps its guard.
// CHECK-LABEL: exo.proc @ring_copies
//       CHECK:     %s = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 2, 8], f32, smem>
//       CHECK:       exo.assign %s[%c, %k, 0] =
exo.proc @ring_copies(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        exo.for %c = 0 to 2 seq {
          %s = exo.alloc : !exo.tensor<[8], f32, smem>
          exo.for %l = 0 to 1 cuda_threads<thread> {
            exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.exo.match_loop "c" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %c : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k" : !transform.any_op
    transform.exo.expand_dim %sa size 2 index "c" : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no barrier of that name.
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot expand 's': no barrier 'full' is allocated before it}}
    transform.exo.expand_dim %sa ring 2 guarded_by "full" index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the guard has no ring dimension.
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot expand 's': its guard 'plain' must be an mbarrier array with a ring dimension}}
    transform.exo.expand_dim %sa ring 2 guarded_by "plain" index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a ring index must be non-negative.
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error @below {{cannot expand 's': the index 'k - 1' can be -1, outside [0, ?) (with K = 1)}}
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k - 1" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a second ring dimension.
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k" : !transform.any_op
    // expected-error @below {{cannot expand 's': it is a ring buffer already}}
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// Both size and ring, or a ring without its guard, are verifier errors.
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // Both (the custom syntax cannot write it; the generic form can).
    // expected-error @below {{'transform.exo.expand_dim' op needs exactly one of size and ring, as an integer or a parameter}}
    "transform.exo.expand_dim"(%t) <{size = 2 : i64, ring = 2 : i64, guard = "empty", index = "k", operandSegmentSizes = array<i32: 1, 0, 0>}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// A ring needs its guard (verifier).
exo.proc @ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %plain = exo.alloc : !exo.barrier<mbarrier, [4]>
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
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
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.exo.expand_dim' op a ring needs guarded_by, and only a ring takes it}}
    transform.exo.expand_dim %t ring 2 index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// divide_dim: index i of the 8-element dimension becomes (i / 4, i mod 4);
// a point of a window becomes two points.
// CHECK-LABEL: exo.proc @divide
//       CHECK:   %t = exo.alloc : !exo.tensor<[3, 2, 4], f32, dram>
//       CHECK:   %[[Q:.*]] = arith.divsi %j, %c4
//  CHECK-NEXT:   %[[R:.*]] = arith.remsi %j, %c4
//  CHECK-NEXT:   exo.assign %t[%i, %[[Q]], %[[R]]]
//       CHECK:   exo.window %t[:, 1, 3] : !exo.tensor<[3, 2, 4], f32, dram> -> !exo.window<[3], f32, dram>
!t = !exo.tensor<[3, 8], f32, dram>
!w = !exo.window<[3], f32, dram>
exo.proc @divide(%x: !t) {
  %t = exo.alloc : !t
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 3 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %t[%i, %j] = %z : !t
    }
  }
  %col = exo.window %t[:, 7] : !t -> !w
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
    transform.exo.divide_dim %allocs dim 1 by 4 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: 3 does not divide 8.
!t = !exo.tensor<[N, 8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @refused(%N: index) {
  %t = exo.alloc : !t
  %row = exo.window %t[0, 2 :+ 4] : !t -> !w
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
    // expected-error @below {{cannot divide 't': 3 does not divide the extent 8 of dimension 1}}
    transform.exo.divide_dim %allocs dim 1 by 3 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: no dimension 2.
!t = !exo.tensor<[N, 8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @refused(%N: index) {
  %t = exo.alloc : !t
  %row = exo.window %t[0, 2 :+ 4] : !t -> !w
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
    // expected-error @below {{cannot divide 't': it has no dimension 2}}
    transform.exo.divide_dim %allocs dim 2 by 2 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the dimension's extent is a size.
!t = !exo.tensor<[N, 8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @refused(%N: index) {
  %t = exo.alloc : !t
  %row = exo.window %t[0, 2 :+ 4] : !t -> !w
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
    // expected-error @below {{cannot divide 't': dimension 0 does not have a constant extent}}
    transform.exo.divide_dim %allocs dim 0 by 2 : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a window takes an interval of the dimension.
!t = !exo.tensor<[N, 8], f32, dram>
!w = !exo.window<[4], f32, dram>
exo.proc @refused(%N: index) {
  %t = exo.alloc : !t
  // expected-note @below {{this window takes an interval of it}}
  %row = exo.window %t[0, 2 :+ 4] : !t -> !w
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
    // expected-error @below {{cannot divide 't': a window takes an interval of dimension 1, which would become two dimensions}}
    transform.exo.divide_dim %allocs dim 1 by 2 : !transform.any_op
    transform.yield
  }
}

// -----

// rearrange_dim: dimensions (a, b, c) become (c, a, b); a window keeps the
// order of its intervals.
// CHECK-LABEL: exo.proc @rearrange
//       CHECK:   %t = exo.alloc : !exo.tensor<[4, 2, 3], f32, dram>
//       CHECK:   exo.assign %t[%k, %i, %j]
//       CHECK:   exo.window %t[1, :, :] : !exo.tensor<[4, 2, 3], f32, dram> -> !exo.window<[2, 3], f32, dram>
!t = !exo.tensor<[2, 3, 4], f32, dram>
!w = !exo.window<[2, 3], f32, dram>
exo.proc @rearrange() {
  %t = exo.alloc : !t
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 2 seq {
    exo.for %j = 0 to 3 seq {
      exo.for %k = 0 to 4 seq {
        exo.assign %t[%i, %j, %k] = %z : !t
      }
    }
  }
  %s = exo.window %t[:, :, 1] : !t -> !w
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
    transform.exo.rearrange_dim %allocs order [2, 0, 1] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the order swaps the two intervals of a window.
!t = !exo.tensor<[2, 3], f32, dram>
exo.proc @swap() {
  %t = exo.alloc : !t
  // expected-note @below {{this window takes intervals of dimensions whose order would change}}
  %s = exo.window %t[:, :] : !t -> !exo.window<[2, 3], f32, dram>
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
    // expected-error @below {{cannot rearrange 't': the permutation reorders the dimensions of a window of it}}
    transform.exo.rearrange_dim %allocs order [1, 0] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: not a permutation.
!t = !exo.tensor<[2, 3], f32, dram>
exo.proc @notperm() {
  %t = exo.alloc : !t
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
    // expected-error @below {{cannot rearrange 't': the order must be a permutation of its 2 dimensions}}
    transform.exo.rearrange_dim %allocs order [0, 0] : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a ring of more slots than a ring dimension may have (2^20).
exo.proc @huge_ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %k : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot expand 's': a ring of 2097152 slots is past the 1048576 a ring dimension may have}}
    transform.exo.expand_dim %s ring 2097152 guarded_by "empty" index "k" : !transform.any_op
    transform.yield
  }
}

// -----

// divide_dim and rearrange_dim of a ring buffer's plain dimension keep its
// ring dimension (dropping the ring depths would make the verifier refuse
// every such rewrite).
// CHECK-LABEL: exo.proc @ring_plain_dims
//       CHECK:     %s = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 2, 4], f32, smem>
//       CHECK:       exo.assign %s[%{{.*}}, %k, %{{.*}}] =
exo.proc @ring_plain_dims(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %z = arith.constant 0.0 : f32
      %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 8], f32, smem>, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to %K seq {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %i = 0 to 8 seq {
            exo.assign %s[%k, %i] = %z : !exo.tensor<[? ring 2, 8], f32, smem>
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %e, %s, %k = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.divide_dim %s dim 1 by 4 : !transform.any_op
    transform.exo.rearrange_dim %s order [1, 0, 2] : !transform.any_op
    transform.yield
  }
}

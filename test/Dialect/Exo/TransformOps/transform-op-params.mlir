// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// Parameters: divide_loop's factor, loop names and tail, cut_loop's point,
// shift_loop's start, add_loop's bound, specialize's condition,
// set_loop_mode's mode, fission's depth, clone_proc's name, stage_mem's
// offsets and extents, replace's instruction, expand_dim's size or ring
// depth and index, divide_dim's factor, insert_arrive's, insert_await's and
// set_trailing_barrier's coordinates, insert_await's pending count,
// set_ring_buffer's depth, wrap_device_function's cluster_dim,
// wrap_with_warps' group and warp range and chain_rings' loop name may
// come from !transform.param values (a named
// sequence's arguments), and transform.exo.expr builds index expressions
// from integer parameters.

!v = !exo.tensor<[N], f32, dram>

// A named sequence divides by its argument: the same rewrite as `by 4`.
// CHECK-LABEL: exo.proc @factor_param
//       CHECK:   exo.for %io = 0 to %{{.*}} seq {
//       CHECK:     exo.for %ii = 0 to 4 seq {
exo.proc @factor_param(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 4 == 0)> {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @divide(%root: !transform.any_op {transform.readonly},
                                   %q: !transform.param<i64> {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %t = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    transform.include @divide failures(propagate) (%root, %q) : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

// The parameter's value goes through the same proof as a literal: 3 does not
// divide N.
!v = !exo.tensor<[N], f32, dram>
exo.proc @factor_param_refused(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 4 == 0)> {
  // expected-note @below {{the sizes N = 8 satisfy the proc's requires but not the divisibility}}
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 3 : i64 -> !transform.param<i64>
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot prove that 3 divides the trip count of loop 'i'}}
    %o, %in, %t = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A factor parameter must hold one positive integer.
!v = !exo.tensor<[8], f32, dram>
exo.proc @factor_not_positive(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 0 : i64 -> !transform.param<i64>
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the factor: the parameter holds 0; expected a positive integer}}
    %o, %in, %t = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[8], f32, dram>
exo.proc @factor_two_values(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 2 : i64 -> !transform.param<i64>
    %b = transform.param.constant 4 : i64 -> !transform.param<i64>
    %q = transform.merge_handles %a, %b : !transform.param<i64>
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the factor: the parameter holds 2 values; expected one}}
    %o, %in, %t = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[8], f32, dram>
exo.proc @factor_not_integer(%x: !v) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant "four" -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the factor: the parameter holds "four", not an i64 integer}}
    %o, %in, %t = transform.exo.divide_loop %i by %q ["io", "ii"] tail = perfect
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// stage_mem with an offset built by transform.exo.expr ("{0} * ko" with 4)
// and an extent from a parameter: the same window as ["4 * ko"] sizes [4].
// CHECK-LABEL: exo.proc @stage_params
//       CHECK:   exo.for %ko = 0 to 4 seq {
//       CHECK:     %[[K:.*]] = arith.muli %ko, %{{.*}} : index
//       CHECK:     %x_tile = exo.alloc : !exo.tensor<[4], f32, dram>
//       CHECK:     exo.for %x_tile_in_0 = 0 to 4 seq {
//       CHECK:       %[[E:.*]] = arith.addi %[[K]], %x_tile_in_0 : index
//       CHECK:       exo.read %x[%[[E]]]
//       CHECK:       exo.assign %x_tile[%x_tile_in_0]
//       CHECK:     exo.for %ki = 0 to 4 seq {
//       CHECK:       exo.read %x_tile[%ki]
exo.proc @stage_params(%x: !exo.tensor<[16], f32, dram>, %y: !exo.tensor<[16], f32, dram>) {
  exo.for %ko = 0 to 4 seq {
    exo.for %ki = 0 to 4 seq {
      %c4 = arith.constant 4 : index
      %k4 = arith.muli %ko, %c4 : index
      %i = arith.addi %k4, %ki : index
      %a = exo.read %x[%i] : !exo.tensor<[16], f32, dram>
      exo.assign %y[%i] = %a : !exo.tensor<[16], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %kt = transform.param.constant 4 : i64 -> !transform.param<i64>
    %at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %ki = transform.exo.match_loop "ki" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %ki, "x" at [%at] sizes [%kt] as "x_tile" in dram
        : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An extent parameter must hold a positive integer; an offset parameter a
// string or an integer (an integer offset is a constant expression).
exo.proc @stage_bad_params(%x: !exo.tensor<[16], f32, dram>, %y: !exo.tensor<[16], f32, dram>) {
  exo.for %i = 0 to 16 seq {
    %a = exo.read %x[%i] : !exo.tensor<[16], f32, dram>
    exo.assign %y[%i] = %a : !exo.tensor<[16], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{extent 0: the parameter holds 0; expected a positive integer}}
    %s, %in, %out = transform.exo.stage_mem %i, "x" at [%zero] sizes [%zero] as "x_tile" in dram
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

exo.proc @stage_bad_offset(%x: !exo.tensor<[16], f32, dram>, %y: !exo.tensor<[16], f32, dram>) {
  exo.for %i = 0 to 16 seq {
    %a = exo.read %x[%i] : !exo.tensor<[16], f32, dram>
    exo.assign %y[%i] = %a : !exo.tensor<[16], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.param.constant 1.5 : f32 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{offset 0: the parameter holds 1.500000e+00 : f32, not a string or an i64 integer}}
    %s, %in, %out = transform.exo.stage_mem %i, "x" at [%f] sizes [16] as "x_tile" in dram
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// replace with an instruction from a parameter: the same call as with the
// instruction written in place.
// CHECK-LABEL: exo.proc @replace_param
//       CHECK:   exo.call @copy4(
!S = !exo.window<[4], f32, dram>
exo.proc @copy4(%dst: !S {exo.access = #exo.access<write>},
                %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
exo.proc @replace_param(%x: !exo.tensor<[4], f32, dram>, %y: !exo.tensor<[4], f32, dram>) {
  exo.for %i = 0 to 4 seq {
    %a = exo.read %x[%i] : !exo.tensor<[4], f32, dram>
    exo.assign %y[%i] = %a : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %copy = transform.param.constant @copy4 -> !transform.any_param
    %p = transform.exo.match_proc @replace_param in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %i with %copy : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @replace_bad_param(%x: !exo.tensor<[4], f32, dram>, %y: !exo.tensor<[4], f32, dram>) {
  exo.for %i = 0 to 4 seq {
    %a = exo.read %x[%i] : !exo.tensor<[4], f32, dram>
    exo.assign %y[%i] = %a : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant 8 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the instruction: the parameter holds 8 : i64, not an instruction family instance or a proc symbol}}
    %c = transform.exo.replace %i with %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// transform.exo.expr: placeholders, escaped braces, and its refusals.
// CHECK-LABEL: exo.proc @expr_ok
exo.proc @expr_ok() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 32 : i64 -> !transform.param<i64>
    %b = transform.param.constant -3 : i64 -> !transform.param<i64>
    %e = transform.exo.expr "{0} * ko + {1} + {0} {{x}}" (%a, %b) : (!transform.param<i64>, !transform.param<i64>) -> !transform.any_param
    // expected-remark @below {{"32 * ko + -3 + 32 {x}"}}
    transform.debug.emit_param_as_remark %e : !transform.any_param
    // A string argument is an index expression, substituted as written.
    %n = transform.param.constant "256 * tn + 8" -> !transform.any_param
    %f = transform.exo.expr "{0} + 64 * q" (%n) : (!transform.any_param) -> !transform.any_param
    // expected-remark @below {{"256 * tn + 8 + 64 * q"}}
    transform.debug.emit_param_as_remark %f : !transform.any_param
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 32 : i64 -> !transform.param<i64>
    // expected-error @below {{"{1} * ko" names argument 1 but 1 is given}}
    %e = transform.exo.expr "{1} * ko" (%a) : (!transform.param<i64>) -> !transform.any_param
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 32 : i64 -> !transform.param<i64>
    // expected-error @below {{expected '{N}' with a decimal N at offset 0 of "{x} * ko"}}
    %e = transform.exo.expr "{x} * ko" (%a) : (!transform.param<i64>) -> !transform.any_param
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 32 : i64 -> !transform.param<i64>
    // expected-error @below {{unmatched '}' at offset 3 of "{0}} * ko"}}
    %e = transform.exo.expr "{0}} * ko" (%a) : (!transform.param<i64>) -> !transform.any_param
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.param.constant 1.5 : f32 -> !transform.any_param
    // expected-error @below {{argument 0: the parameter holds 1.500000e+00 : f32, not an i64 integer or a string}}
    %e = transform.exo.expr "{0} * ko" (%a) : (!transform.any_param) -> !transform.any_param
    transform.yield
  }
}

// -----

// insert_arrive with a coordinate from a parameter: the integer 1, and an
// expression built by transform.exo.expr ("t - t + {0} - 2" with 2, which
// reads as t - t).
// CHECK-LABEL: exo.proc @arrive_params
//       CHECK:     exo.arrive(cp_async) >> %cg[1]
//       CHECK:     %[[M:.*]] = arith.muli %t, %c-1 : index
//  CHECK-NEXT:     %[[E:.*]] = arith.addi %t, %[[M]] : index
//  CHECK-NEXT:     exo.arrive(cp_async) >> %cg[%[[E]]]
!v = !exo.tensor<[N], f32, gmem>
exo.proc @arrive_params(%N: index, %x: !v)
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %mod = transform.exo.expr "t - t + {0} - 2" (%two) : (!transform.param<i64>) -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %i "cg" : !exo.barrier<cp_async_group, [2]> : (!transform.any_op) -> !transform.any_op
    %a = transform.exo.insert_arrive %i after timeline "cp_async" on "cg" at [%one] : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %b = transform.exo.insert_arrive %a after timeline "cp_async" on "cg" at [%mod] : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// expand_dim's ring depth from a parameter: the same ring as `ring 2`.
// CHECK-LABEL: exo.proc @ring_param
//       CHECK:     %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 8], f32, smem>
//       CHECK:       exo.assign %s[%k, 0] =
exo.proc @ring_param(%K: index) {
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
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    transform.exo.expand_dim %sa ring %two guarded_by "empty" index "k" : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// set_ring_buffer's depth from a parameter: the same rings as `depth 4`.
// CHECK-LABEL: exo.proc @ring_depth_param
//       CHECK:   %empty = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
//  CHECK-NEXT:   %buf = exo.alloc guarded_by %empty : !exo.tensor<[16 ring 4, 64], f32, smem>
exo.proc @ring_depth_param() {
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
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    transform.exo.set_ring_buffer %empty dim 0 depth %four unbounded : !transform.any_op, !transform.param<i64>
    transform.exo.set_ring_buffer %buf dim 0 depth %four guarded_by "empty" : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// insert_await's pending count from a parameter (0: a cluster_sync barrier
// leaves nothing pending).
// CHECK-LABEL: exo.proc @pending_param
//       CHECK:   exo.for %t = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:     %bar = exo.alloc : !exo.barrier<cluster_sync>
//  CHECK-NEXT:     %cg = exo.alloc : !exo.barrier<cp_async_group, [2]>
//  CHECK-NEXT:     exo.fence(cuda_in_order, cuda_in_order)
//  CHECK-NEXT:     exo.for %i = 0 to 128 cuda_threads<thread> {
//       CHECK:     }
//  CHECK-NEXT:     exo.arrive(cuda_in_order) >> %bar
//  CHECK-NEXT:     exo.await(%bar, cuda_in_order, 0)
!v = !exo.tensor<[N], f32, gmem>
exo.proc @pending_param(%N: index, %x: !v)
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
    %none = transform.param.constant 0 : i64 -> !transform.param<i64>
    %w = transform.exo.insert_await %i after on "bar" at [] timeline "cuda_in_order" pending %none : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %a = transform.exo.insert_arrive %i after timeline "cuda_in_order" on "bar" at [] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A ring depth parameter must hold a positive integer, a pending count one
// that is at least 0 (each resolved before the payload is looked at).
exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{the ring depth: the parameter holds 0; expected a positive integer}}
    transform.exo.expand_dim %root ring %zero guarded_by "empty" index "k" : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %minus = transform.param.constant -1 : i64 -> !transform.param<i64>
    // expected-error @below {{the pending count: the parameter holds -1; expected an integer >= 0}}
    %w = transform.exo.insert_await %root on "bar" at [] timeline "cuda_in_order" pending %minus : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %zero = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{the depth: the parameter holds 0; expected a positive integer}}
    transform.exo.set_ring_buffer %root dim 0 depth %zero : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// stage_mem's memory from a parameter holding a memory attribute: the same
// allocation as `in smem` (in device code: the loop is a task's).
// CHECK-LABEL: exo.proc @stage_memory_param
//       CHECK:   %x_tile = exo.alloc : !exo.tensor<[1, 16], f32, smem>
exo.proc @stage_memory_param(%x: !exo.tensor<[4, 16], f32, dram>, %y: !exo.tensor<[4, 16], f32, dram>) {
  exo.for %t = 0 to 4 seq {
    exo.for %i = 0 to 16 seq {
      %a = exo.read %x[%t, %i] : !exo.tensor<[4, 16], f32, dram>
      exo.assign %y[%t, %i] = %a : !exo.tensor<[4, 16], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %t tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["t", "0"] sizes [1, 16] as "x_tile" in %mem
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A memory parameter must hold a memory.
exo.proc @stage_memory_not_memory(%x: !exo.tensor<[16], f32, dram>, %y: !exo.tensor<[16], f32, dram>) {
  exo.for %i = 0 to 16 seq {
    %a = exo.read %x[%i] : !exo.tensor<[16], f32, dram>
    exo.assign %y[%i] = %a : !exo.tensor<[16], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mem = transform.param.constant "smem" -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the memory: the parameter holds "smem", not a memory (#exo.mem<...>)}}
    %s, %in, %out = transform.exo.stage_mem %i, "x" at ["0"] sizes [16] as "x_tile" in %mem
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// insert_barrier_alloc's ring depth and pre-arrival count from parameters:
// the type's 4s become 6.
// CHECK-LABEL: exo.proc @barrier_ring_param
//       CHECK:   %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 6), [2, ? ring 6]>
//       CHECK:   %full = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 6]>
exo.proc @barrier_ring_param(%x: !exo.tensor<[4, 8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %t = 0 to 4 seq {
    exo.for %i = 0 to 8 seq {
      exo.assign %x[%t, %i] = %z : !exo.tensor<[4, 8], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %six = transform.param.constant 6 : i64 -> !transform.any_param
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %t tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %e = transform.exo.insert_barrier_alloc %i "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> ring %six prearrive %six : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    %f = transform.exo.insert_barrier_alloc %i "full" : !exo.barrier<mbarrier, [2, ? ring 4]> ring %six : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// Parameters that give no barrier type: more pre-arrivals than slots.
exo.proc @barrier_ring_param_invalid(%x: !exo.tensor<[4, 8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %t = 0 to 4 seq {
    exo.for %i = 0 to 8 seq {
      exo.assign %x[%t, %i] = %z : !exo.tensor<[4, 8], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %six = transform.param.constant 6 : i64 -> !transform.any_param
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %t tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the parameters give no barrier type: prearrive count 6 exceeds the ring depth 4}}
    %e = transform.exo.insert_barrier_alloc %i "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> prearrive %six : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// A ring depth parameter must hold a positive integer.
exo.proc @barrier_ring_param_zero(%x: !exo.tensor<[4, 8], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %t = 0 to 4 seq {
    exo.for %i = 0 to 8 seq {
      exo.assign %x[%t, %i] = %z : !exo.tensor<[4, 8], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %zero = transform.param.constant 0 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the ring depth: the parameter holds 0; expected a positive integer}}
    %e = transform.exo.insert_barrier_alloc %i "full" : !exo.barrier<mbarrier, [? ring 4]> ring %zero : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// wrap_device_function's number of task loops from a parameter: both loops
// become task loops, as with `tasks 2`.
// CHECK-LABEL: exo.proc @tasks_param
//       CHECK:   exo.device_function
//       CHECK:     exo.for %i = 0 to 4 cuda_tasks {
//       CHECK:       exo.for %j = 0 to 4 cuda_tasks {
exo.proc @tasks_param(%x: !exo.tensor<[4, 4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 4 seq {
      exo.assign %x[%i, %j] = %z : !exo.tensor<[4, 4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %i tasks %two block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @tasks_param_zero(%x: !exo.tensor<[4, 4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 4 seq {
      exo.assign %x[%i, %j] = %z : !exo.tensor<[4, 4], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %zero = transform.param.constant 0 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{the task loops: the parameter holds 0; expected a positive integer}}
    %k = transform.exo.wrap_device_function %i tasks %zero block_dim 32 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// wrap_device_function's warp groups and CTAs per SM from parameters: the
// same device function as with the literals.
// CHECK-LABEL: exo.proc @warps_param
//       CHECK:   exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 4, inc 208>], clusterDim = 1, blocksPerSM = 2) {
//       CHECK:     exo.for %i = 0 to 4 cuda_tasks {
exo.proc @warps_param(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %w = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %b = transform.param.constant 2 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %i tasks 1 warps %w cluster_dim 1 blocks_per_sm %b : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @warps_param_not_groups(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %w = transform.param.constant [1, 2] -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{warps: the parameter holds [1, 2], not an array of #exo.warp_group attributes}}
    %k = transform.exo.wrap_device_function %i tasks 1 warps %w cluster_dim 1 blocks_per_sm 1 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @blocks_per_sm_param_zero(%x: !exo.tensor<[4], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %x[%i] = %z : !exo.tensor<[4], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.param.constant 0 : i64 -> !transform.any_param
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{blocks_per_sm: the parameter holds 0; expected a positive integer}}
    %k = transform.exo.wrap_device_function %i tasks 1 block_dim 32 cluster_dim 1 blocks_per_sm %b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// guard_sync's condition from a parameter built by transform.exo.expr: the
// same guard as `if "t >= 2"`.
// CHECK-LABEL: exo.proc @guard_param
//       CHECK:   %[[C:.*]] = arith.cmpi sge, %t, %c2
//  CHECK-NEXT:   exo.if %[[C]] {
//  CHECK-NEXT:     exo.arrive(cuda_in_order) >> %bar
exo.proc @guard_param(%N: index)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    %cond = transform.exo.expr "t >= {0}" (%two) : (!transform.any_param) -> !transform.any_param
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %alloc, %arrive, %await = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %g = transform.exo.guard_sync %arrive if %cond : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// A condition parameter must hold a string.
exo.proc @guard_param_not_string(%N: index)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %c128 = arith.constant 128 : index
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    %t = transform.exo.match_loop "t" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %alloc, %arrive, %await = transform.split_handle %body : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{the condition: the parameter holds 2 : i64, not a string}}
    %g = transform.exo.guard_sync %arrive if %two : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// match_loop's name from a parameter: the loop `j`, which the divide then
// splits as `by 4` would.
// CHECK-LABEL: exo.proc @match_param
//       CHECK:   exo.for %jo = 0 to 2 seq {
//  CHECK-NEXT:     exo.for %ji = 0 to 4 seq {
exo.proc @match_param(%x: !exo.tensor<[8], f32, dram>) {
  %c = arith.constant 1.0 : f32
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %c : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %name = transform.param.constant "j" -> !transform.any_param
    %j = transform.exo.match_loop %name in %root : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %o, %i, %t = transform.exo.divide_loop %j by 4 ["jo", "ji"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A name parameter must hold a string; a name no loop has is a silenceable
// failure naming it.
exo.proc @match_param_bad(%x: !exo.tensor<[8], f32, dram>) {
  %c = arith.constant 1.0 : f32
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %c : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    // expected-error @below {{the loop name: the parameter holds 2 : i64, not a string}}
    %j = transform.exo.match_loop %two in %root : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// expected-note @below {{the target}}
exo.proc @match_param_missing(%x: !exo.tensor<[8], f32, dram>) {
  %c = arith.constant 1.0 : f32
  exo.for %j = 0 to 8 seq {
    exo.assign %x[%j] = %c : !exo.tensor<[8], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %name = transform.param.constant "k" -> !transform.any_param
    %p = transform.exo.match_proc @match_param_missing in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{no exo.for with iterator 'k' in the target}}
    %k = transform.exo.match_loop %name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

// expand_dim's index from a parameter (a string, here built by
// transform.exo.expr from "k" and 1: the index k + 1 - 1), and
// insert_await's coordinate from one (the integer 1): the same rewrites as
// `index "k"` and `at [1]`.
// CHECK-LABEL: exo.proc @index_params
//       CHECK:     %s = exo.alloc : !exo.tensor<[4, 8], f32, smem>
//       CHECK:       exo.assign %s[%k, 0] =
//       CHECK:     exo.await(%cg[1], cuda_in_order, 0)
exo.proc @index_params() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to 4 seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %k = transform.param.constant "k" -> !transform.any_param
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %i = transform.exo.expr "{0} + {1} - 1" (%k, %one) : (!transform.any_param, !transform.param<i64>) -> !transform.any_param
    transform.exo.expand_dim %sa size 4 index %i : !transform.any_op, !transform.any_param
    %cg = transform.exo.insert_barrier_alloc %t "cg" : !exo.barrier<cp_async_group, [2]> : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.insert_await %t after on "cg" at [%one] timeline "cuda_in_order" pending 0 : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// An index parameter must hold a string.
exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    // expected-error @below {{the index: the parameter holds 3 : i64, not a string}}
    transform.exo.expand_dim %root size 4 index %three : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// An index from a parameter is checked as a written one is: k + 1 reaches 4.
exo.proc @index_param_refused() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.for %k = 0 to 4 seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.assign %s[0] = %z : !exo.tensor<[8], f32, smem>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %i = transform.param.constant "k + 1" -> !transform.any_param
    // expected-error @below {{cannot expand 's': the index 'k + 1' can be 4, outside [0, 4)}}
    transform.exo.expand_dim %sa size 4 index %i : !transform.any_op, !transform.any_param
    transform.yield
  }
}

// -----

// set_trailing_barrier's coordinate from a parameter (the integer 1): the
// same rewrite as `at [1]`.
// CHECK-LABEL: exo.proc @trailing_param
//       CHECK:   exo.call @tma_reduce_bg(%{{.*}}, %{{.*}}) >> %bg[1]
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce_bg(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                        %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @trailing_param(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg = exo.alloc : !exo.barrier<bulk_group, [2]>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce_bg(%map, %w) : (!G, !S)
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.exo.set_trailing_barrier %body on "bg" at [%one] : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// A coordinate parameter holds a string or an integer.
exo.proc @p() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    // expected-error @below {{coordinate 0: the parameter holds #exo.mem<smem>, not a string or an i64 integer}}
    transform.exo.set_trailing_barrier %root on "bg" at [%mem] : !transform.any_op, !transform.any_param
    transform.yield
  }
}

// -----

// A named sequence that takes the point of cut_loop, the start of
// shift_loop, the bound of add_loop and the condition of specialize as
// parameters makes the rewrites the written values make (the tests of each
// op): [0, N) cut at 4, [0, 4) shifted to 3, the assignment to y[0] run
// once in a loop to K, and the loop over m copied under N >= 128.
// CHECK-LABEL: exo.proc @loop_params
//       CHECK:   exo.for %i = 0 to 4 seq {
//       CHECK:   exo.for %i = 4 to %N seq {
//       CHECK:   exo.for %j = 3 to 7 seq {
//  CHECK-NEXT:     %[[J:.*]] = arith.addi %j, %c-3 : index
//  CHECK-NEXT:     exo.assign %x[%[[J]]]
//       CHECK:   exo.for %k = 0 to %K seq {
//       CHECK:     exo.if
//  CHECK-NEXT:       exo.assign %y[0]
//       CHECK:   %[[C:.*]] = arith.cmpi sge, %N, %c128
//  CHECK-NEXT:   exo.if %[[C]] {
//  CHECK-NEXT:     exo.for %m = 0 to %N seq {
//       CHECK:   } else {
//  CHECK-NEXT:     exo.for %m = 0 to %N seq {
!v = !exo.tensor<[N], f32, dram>
!one = !exo.tensor<[1], f32, dram>
exo.proc @loop_params(%N: index, %K: index, %x: !v, %y: !one)
    requires affine_set<()[N, K] : (N - 4 >= 0, K - 1 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !v
  }
  exo.for %j = 0 to 4 seq {
    exo.assign %x[%j] = %z : !v
  }
  exo.assign %y[0] = %z : !one
  exo.for %m = 0 to %N seq {
    exo.assign %x[%m] = %z : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @loops(%root: !transform.any_op {transform.readonly},
                                  %cut: !transform.param<i64> {transform.readonly},
                                  %start: !transform.param<i64> {transform.readonly},
                                  %hi: !transform.any_param {transform.readonly},
                                  %cond: !transform.any_param {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.cut_loop %i at %cut
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.shift_loop %j to %start
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %y = transform.exo.match_access "y" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.add_loop %y "k" to %hi
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %m = transform.exo.match_loop "m" in %root : (!transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %m if %cond
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %four = transform.param.constant 4 : i64 -> !transform.param<i64>
    %three = transform.param.constant 3 : i64 -> !transform.param<i64>
    %hi = transform.param.constant "K" -> !transform.any_param
    %n = transform.param.constant 128 : i64 -> !transform.param<i64>
    %cond = transform.exo.expr "N >= {0}" (%n) : (!transform.param<i64>) -> !transform.any_param
    transform.include @loops failures(propagate) (%root, %four, %three, %hi, %cond)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

// divide_dim's factor from a parameter: index j of the 8-element dimension
// becomes (j / 4, j mod 4), as `by 4` makes it.
// CHECK-LABEL: exo.proc @divide_param
//       CHECK:   %t = exo.alloc : !exo.tensor<[3, 2, 4], f32, dram>
//       CHECK:   %[[Q:.*]] = arith.divsi %j, %c4
//  CHECK-NEXT:   %[[R:.*]] = arith.remsi %j, %c4
//  CHECK-NEXT:   exo.assign %t[%i, %[[Q]], %[[R]]]
!t = !exo.tensor<[3, 8], f32, dram>
exo.proc @divide_param() {
  %t = exo.alloc : !t
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 3 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %t[%i, %j] = %z : !t
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %alloc = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.param.constant 4 : i64 -> !transform.param<i64>
    transform.exo.divide_dim %alloc dim 1 by %f : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// chain_rings' loop name from a parameter: tile pi uses element pi * KT + ko
// of the ring where it used ko, as `over "ko"` makes it.
// CHECK-LABEL: exo.proc @chain_param
//       CHECK:     %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
//  CHECK-NEXT:     exo.for %pi = 0 to 3 seq {
//  CHECK-NEXT:       %[[S:.*]] = arith.muli %pi, %[[KT:.*]] : index
//  CHECK-NEXT:       exo.for %ko = 0 to %[[KT]] seq {
//  CHECK-NEXT:         %[[G:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         exo.await(%full[%[[G]]], cuda_in_order, 0)
!bar = !exo.barrier<mbarrier, [? ring 2]>
exo.proc @chain_param(%K: index) {
  %c2 = arith.constant 2 : index
  %KT = arith.divsi %K, %c2 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !bar
        exo.for %ko = 0 to %KT seq {
          exo.await(%full[%ko], cuda_in_order, 0) : !bar
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.param.constant "ko" -> !transform.any_param
    transform.exo.chain_rings %pi over %k : !transform.any_op, !transform.any_param
    transform.yield
  }
}

// -----

// A parameter of the wrong kind is a definite failure naming the operand.
exo.proc @wrong_kinds(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.param.constant "4" -> !transform.any_param
    // expected-error @below {{the point: the parameter holds "4", not an i64 integer}}
    %a, %b = transform.exo.cut_loop %i at %s
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

exo.proc @wrong_cond(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %n = transform.param.constant 128 : i64 -> !transform.param<i64>
    // expected-error @below {{the condition: the parameter holds 128 : i64, not a string}}
    %if = transform.exo.specialize %i if %n
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @zero_factor() {
  %t = exo.alloc : !exo.tensor<[8], f32, dram>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %alloc = transform.collect_matching @match_alloc in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.param.constant 0 : i64 -> !transform.param<i64>
    // expected-error @below {{the factor: the parameter holds 0; expected a positive integer}}
    transform.exo.divide_dim %alloc dim 0 by %f : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

// A named sequence that takes the loop names and the tail of divide_loop,
// the mode of set_loop_mode, the cluster size of wrap_device_function and
// the name of clone_proc as parameters makes what the written values make:
// the copy @scaled of @scale, its loop divided into "io" and "ii" by 128
// (perfect), wrapped in a device function of one-CTA clusters, "ii" the
// threads of a CTA.
// CHECK-LABEL: exo.proc @scale(
//       CHECK:   exo.for %i = 0 to %N seq {
// CHECK-LABEL: exo.proc @scaled(
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1)
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:       exo.for %ii = 0 to 128 cuda_threads<thread> {
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
  transform.named_sequence @kernel(%root: !transform.any_op {transform.readonly},
                                   %name: !transform.any_param {transform.readonly},
                                   %outer: !transform.any_param {transform.readonly},
                                   %inner: !transform.any_param {transform.readonly},
                                   %tail: !transform.any_param {transform.readonly},
                                   %mode: !transform.any_param {transform.readonly},
                                   %cluster: !transform.param<i64> {transform.readonly}) {
    %spec = transform.exo.match_proc @scale in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.clone_proc %spec %name : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %k : (!transform.any_op) -> !transform.any_op
    %io, %ii, %t = transform.exo.divide_loop %i by 128 [%outer, %inner] tail = %tail
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param)
       -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %d = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim %cluster blocks_per_sm 1
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.exo.set_loop_mode %ii %mode : !transform.any_op, !transform.any_param
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %name = transform.param.constant "scaled" -> !transform.any_param
    %outer = transform.param.constant "io" -> !transform.any_param
    %inner = transform.param.constant "ii" -> !transform.any_param
    %tail = transform.param.constant "perfect" -> !transform.any_param
    %mode = transform.param.constant #exo.mode<cuda_threads<thread>> -> !transform.any_param
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    transform.include @kernel failures(propagate) (%root, %name, %outer, %inner, %tail, %mode, %one)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

// fission's depth from a parameter: the nest of @nest split at depth 2 after
// the assignment to b, as `{depth = 2}` splits it.
// CHECK-LABEL: exo.proc @fission_depth
//       CHECK:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
//  CHECK-NEXT:       exo.read %a[%i, %j]
//  CHECK-NEXT:       exo.assign %b[%i, %j]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   exo.for %i = 0 to %N seq {
//  CHECK-NEXT:     exo.for %j = 0 to %N seq {
//  CHECK-NEXT:       exo.read %b[%i, %j]
!m = !exo.tensor<[N, N], f32, dram>
exo.proc @fission_depth(%N: index, %a: !m, %b: !m, %c: !m) {
  exo.for %i = 0 to %N seq {
    exo.for %j = 0 to %N seq {
      %v = exo.read %a[%i, %j] : !m
      exo.assign %b[%i, %j] = %v : !m
      %w = exo.read %b[%i, %j] : !m
      exo.assign %c[%i, %j] = %w : !m
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.exo.match_access "b" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.param.constant 2 : i64 -> !transform.param<i64>
    %first, %second = transform.exo.fission %s depth %two
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

exo.proc @bad_tail(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.param.constant "round" -> !transform.any_param
    // expected-error @below {{the tail: the parameter holds "round"; expected "perfect", "guard" or "cut"}}
    %a, %b, %c = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = %t
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

exo.proc @bad_mode(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %m = transform.param.constant "seq" -> !transform.any_param
    // expected-error @below {{the mode: the parameter holds "seq", not a loop mode (#exo.mode<...>)}}
    transform.exo.set_loop_mode %i %m : !transform.any_op, !transform.any_param
    transform.yield
  }
}

// -----

exo.proc @bad_name() {
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @bad_name in %root : (!transform.any_op) -> !transform.any_op
    %n = transform.param.constant 3 : i64 -> !transform.param<i64>
    // expected-error @below {{the new name: the parameter holds 3 : i64, not a string}}
    %k = transform.exo.clone_proc %p %n : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// wrap_with_warps' warp range from parameters, then its group: the loop of
// threads in warps 0 to 4 of the CTA, as `warps 0 to 4` wraps it; in a
// device function of warp groups, the loop in the group the parameter names.
// CHECK-LABEL: exo.proc @warps_params
//       CHECK:   exo.device_function(blockDim = 128, clusterDim = 1)
//  CHECK-NEXT:     exo.for %io = 0 to %{{.*}} cuda_tasks {
//  CHECK-NEXT:       exo.warps 0 to 4 {
//  CHECK-NEXT:         exo.for %ii = 0 to 128 cuda_threads<thread> {
// CHECK-LABEL: exo.proc @group_param
//       CHECK:   exo.device_function(warps = [<"consumer", 4>]
//       CHECK:       exo.warps "consumer" {
//  CHECK-NEXT:         exo.for %ii = 0 to 128 cuda_threads<thread> {
!v = !exo.tensor<[N], f32, dram>
exo.proc @warps_params(%N: index, %x: !v, %y: !v)
    requires affine_set<()[N] : (N mod 128 == 0)> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !v
  }
}
exo.proc @group_param(%N: index, %x: !v, %y: !v)
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
    %p = transform.exo.match_proc @warps_params in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %io, %ii, %t = transform.exo.divide_loop %i by 128 ["io", "ii"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.wrap_device_function %io tasks 1 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ii cuda_threads<thread> : !transform.any_op
    %lo = transform.param.constant 0 : i64 -> !transform.param<i64>
    %hi = transform.param.constant 4 : i64 -> !transform.param<i64>
    %w = transform.exo.wrap_with_warps %ii warps %lo to %hi
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> !transform.any_op
    %q = transform.exo.match_proc @group_param in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "i" in %q : (!transform.any_op) -> !transform.any_op
    %jo, %ji, %jt = transform.exo.divide_loop %j by 128 ["io", "ii"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %groups = transform.param.constant [#exo.warp_group<"consumer", 4>] -> !transform.any_param
    %one = transform.param.constant 1 : i64 -> !transform.param<i64>
    %kq = transform.exo.wrap_device_function %jo tasks 1 warps %groups cluster_dim 1 blocks_per_sm 1
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.set_loop_mode %ji cuda_threads<thread> : !transform.any_op
    %g = transform.param.constant "consumer" -> !transform.any_param
    %wg = transform.exo.wrap_with_warps %ji group %g
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @empty_range(%N: index, %x: !exo.tensor<[N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %lo = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{the warp range [2, 2) is empty}}
    %w = transform.exo.wrap_with_warps %i warps %lo to 2
        : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// An integer parameter is an i64: a wider or narrower one would be read
// truncated or sign-extended.
exo.proc @wide_int(%N: index, %x: !exo.tensor<[N], f32, dram>)
    requires affine_set<()[N] : (N - 8 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %z : !exo.tensor<[N], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 18446744073709551620 : i128 -> !transform.any_param
    // expected-error @below {{the point: the parameter holds 18446744073709551620 : i128, not an i64 integer}}
    %a, %b = transform.exo.cut_loop %i at %p
        : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.param.constant 132 : i8 -> !transform.any_param
    // expected-error @below {{argument 0: the parameter holds -124 : i8, not an i64 integer or a string}}
    %e = transform.exo.expr "{0} * ko" (%p) : (!transform.any_param) -> !transform.any_param
    transform.yield
  }
}

// -----

// An integer parameter below zero writes a negated term ("-1 + K"), which
// index expressions read: the statement runs once in a loop to K - 1.
// CHECK-LABEL: exo.proc @negative_param
//       CHECK:   %[[HI:.*]] = arith.addi %c-1, %K : index
//  CHECK-NEXT:   exo.for %k = 0 to %[[HI]] seq {
!one = !exo.tensor<[1], f32, dram>
exo.proc @negative_param(%K: index, %y: !one)
    requires affine_set<()[K] : (K - 2 >= 0)> {
  %z = arith.constant 0.0 : f32
  exo.assign %y[0] = %z : !one
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %y = transform.exo.match_access "y" kind "assign" in %root : (!transform.any_op) -> !transform.any_op
    %m1 = transform.param.constant -1 : i64 -> !transform.param<i64>
    %hi = transform.exo.expr "{0} + K" (%m1) : (!transform.param<i64>) -> !transform.any_param
    %l = transform.exo.add_loop %y "k" to %hi : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

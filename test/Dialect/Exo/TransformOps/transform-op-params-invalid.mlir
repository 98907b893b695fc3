// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// The verifiers of the ops that take parameters: a value must come from
// exactly one of the attribute and the parameter (the custom syntax cannot
// write otherwise; the generic form can), and a mixed list needs one
// parameter per parameter position.

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the factor as an integer or as a parameter, not neither}}
    %o:3 = "transform.exo.divide_loop"(%root) <{inner_name = "ii", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, outer_name = "io", tail = 0 : i32}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{takes the factor as an integer or as a parameter, not both}}
    %o:3 = "transform.exo.divide_loop"(%root, %q) <{factor = 4 : i64, inner_name = "ii", operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, outer_name = "io", tail = 0 : i32}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{has 2 offsets to take from parameters but 1 parameters for them}}
    %s:3 = "transform.exo.stage_mem"(%root, %q) <{memory = #exo.mem<dram>, new_name = "t", offsets = ["", ""], operandSegmentSizes = array<i32: 1, 1, 0, 0>, sizes = array<i64: 4, 4>, tensor = "x"}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{has 1 extents to take from parameters but 0 extent parameters}}
    %s:3 = "transform.exo.stage_mem"(%root) <{memory = #exo.mem<dram>, new_name = "t", offsets = ["0"], operandSegmentSizes = array<i32: 1, 0, 0, 0>, sizes = array<i64: -9223372036854775808>, tensor = "x"}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the instruction as an attribute or as a parameter, not neither}}
    %c = "transform.exo.replace"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %q = transform.param.constant @f -> !transform.any_param
    // expected-error @below {{takes the instruction as an attribute or as a parameter, not both}}
    %c = "transform.exo.replace"(%root, %q) <{instr = @f}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{expected a non-empty expression}}
    %s, %i, %o = transform.exo.stage_mem %root, "x" at [""] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{has 1 coordinates to take from parameters but 0 parameters for them}}
    %a = "transform.exo.insert_arrive"(%root) <{barrier = "full", coords = [""], timeline = 0 : i32}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the depth as an integer or as a parameter, not neither}}
    "transform.exo.set_ring_buffer"(%root) <{dim = 0 : i64}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %d = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{takes the depth as an integer or as a parameter, not both}}
    "transform.exo.set_ring_buffer"(%root, %d) <{dim = 0 : i64, depth = 4 : i64}> : (!transform.any_op, !transform.param<i64>) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the pending count as an integer or as a parameter, not neither}}
    %w = "transform.exo.insert_await"(%root) <{barrier = "bar", coords = [], timeline = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{marks a ring parameter but has no parameter}}
    "transform.exo.expand_dim"(%root) <{size = 2 : i64, ring_from_param, index = "k", operandSegmentSizes = array<i32: 1, 0, 0>}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %d = transform.param.constant 2 : i64 -> !transform.param<i64>
    // expected-error @below {{a ring needs guarded_by, and only a ring takes it}}
    transform.exo.expand_dim %root ring %d index "k" : !transform.any_op, !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.param.constant #exo.mem<smem> -> !transform.any_param
    // expected-error @below {{needs exactly one of a memory and a memory parameter}}
    %s:3 = "transform.exo.stage_mem"(%root, %m) <{memory = #exo.mem<dram>, new_name = "t", offsets = ["0"], operandSegmentSizes = array<i32: 1, 0, 0, 1>, sizes = array<i64: 4>, tensor = "x"}> : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{needs exactly one of a memory and a memory parameter}}
    %s:3 = "transform.exo.stage_mem"(%root) <{new_name = "t", offsets = ["0"], operandSegmentSizes = array<i32: 1, 0, 0, 0>, sizes = array<i64: 4>, tensor = "x"}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.param.constant 2 : i64 -> !transform.any_param
    // expected-error @below {{needs exactly one of tasks and a tasks parameter}}
    %d = "transform.exo.wrap_device_function"(%root, %n) <{block_dim = 128 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 0, 0>}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.param.constant 2 : i64 -> !transform.any_param
    // expected-error @below {{takes blocks_per_sm as an integer or as a parameter, not both}}
    %d = "transform.exo.wrap_device_function"(%root, %n) <{block_dim = 128 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 1, 0, 0, 0>}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes blocks_per_sm as an integer or as a parameter, not neither}}
    %d = "transform.exo.wrap_device_function"(%root) <{block_dim = 128 : i64, cluster_dim = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0>}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %w = transform.param.constant [#exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    // expected-error @below {{takes warps as an array or as a parameter, not both}}
    %d = "transform.exo.wrap_device_function"(%root, %w) <{warps = [#exo.warp_group<"consumer", 4, inc 208>], cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0>}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %w = transform.param.constant [#exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    // expected-error @below {{needs exactly one of block_dim and warps}}
    %d = "transform.exo.wrap_device_function"(%root, %w) <{block_dim = 128 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0>}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.param.constant 2 : i64 -> !transform.any_param
    // expected-error @below {{takes the ring depth or the pre-arrival count from a parameter only for a barrier type with a ring dimension, got '!exo.barrier<mbarrier, [2]>'}}
    %b = transform.exo.insert_barrier_alloc %root "b" : !exo.barrier<mbarrier, [2]> ring %n : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.param.constant "ko >= 1" -> !transform.any_param
    // expected-error @below {{takes the condition as a string or as a parameter, not both}}
    %g = "transform.exo.guard_sync"(%root, %c) <{cond = "ko >= 1"}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the condition as a string or as a parameter, not neither}}
    %g = "transform.exo.guard_sync"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.param.constant "k" -> !transform.any_param
    // expected-error @below {{takes the loop name as a string or as a parameter, not both}}
    %l = "transform.exo.match_loop"(%root, %n) <{iter_name = "k"}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the loop name as a string or as a parameter, not neither}}
    %l = "transform.exo.match_loop"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the index as a string or as a parameter, not neither}}
    "transform.exo.expand_dim"(%root) <{size = 2 : i64, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.param.constant "k" -> !transform.any_param
    // expected-error @below {{takes the index as a string or as a parameter, not both}}
    "transform.exo.expand_dim"(%root, %i) <{size = 2 : i64, index = "k", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.param.constant "k" -> !transform.any_param
    // expected-error @below {{has 0 coordinates to take from parameters but 1 parameters for them}}
    %w = "transform.exo.insert_await"(%root, %c) <{barrier = "bar", coords = ["k"], timeline = 0 : i32, pending = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0>}> : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{has 1 coordinates to take from parameters but 0 parameters for them}}
    "transform.exo.set_trailing_barrier"(%root) <{barrier = "bg", coords = [""]}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the point as an integer or as a parameter, not neither}}
    %a:2 = "transform.exo.cut_loop"(%root) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{takes the point as an integer or as a parameter, not both}}
    %a:2 = "transform.exo.cut_loop"(%root, %q) <{cut = 4 : i64}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the start as an integer or as a parameter, not neither}}
    %s = "transform.exo.shift_loop"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the factor as an integer or as a parameter, not neither}}
    "transform.exo.divide_dim"(%root) <{dim = 0 : i64}> : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the loop name as a string or as a parameter, not neither}}
    "transform.exo.chain_rings"(%root) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the bound as a string or as a parameter, not neither}}
    %l = "transform.exo.add_loop"(%root) <{iter_name = "k"}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the condition as a string or as a parameter, not neither}}
    %i = "transform.exo.specialize"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{takes the condition as a string or as a parameter, not both}}
    %i = "transform.exo.specialize"(%root, %q) <{cond = "N >= 1"}> : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the outer name as a string or as a parameter, not neither}}
    %o:3 = "transform.exo.divide_loop"(%root) <{factor = 4 : i64, inner_name = "ii", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, tail = 0 : i32}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{takes the tail as a keyword or as a parameter, not neither}}
    %o:3 = "transform.exo.divide_loop"(%root) <{factor = 4 : i64, inner_name = "ii", operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, outer_name = "io"}> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the mode as an attribute or as a parameter, not neither}}
    "transform.exo.set_loop_mode"(%root) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{takes the depth as an attribute or as a parameter, not both}}
    %f:2 = "transform.exo.fission"(%root, %q) <{depth = 2 : i64}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes the new name as a string or as a parameter, not neither}}
    %k = "transform.exo.clone_proc"(%root) : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{takes cluster_dim as an integer or as a parameter, not neither}}
    %d = "transform.exo.wrap_device_function"(%root) <{block_dim = 128 : i64, blocks_per_sm = 1 : i64, tasks = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0>}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // expected-error @below {{expected perfect, guard or cut, got 'round'}}
    %o:3 = transform.exo.divide_loop %root by 4 ["io", "ii"] tail = round : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.exo.wrap_with_warps' op needs both ends of the warp range}}
    %w = "transform.exo.wrap_with_warps"(%root) <{lo = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{'transform.exo.wrap_with_warps' op takes each of the group and the warp range's ends as a value or as a parameter, not both}}
    %w = "transform.exo.wrap_with_warps"(%root, %q) <{group = "consumer", operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    transform.yield
  }
}

// -----

// Operand segments that do not describe the operands are the verifier's
// error, not a crash: the named sequence asks the op for its effects first.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{'operandSegmentSizes' attribute cannot have negative elements}}
    %o:3 = "transform.exo.divide_loop"(%root, %q) <{inner_name = "ii", operandSegmentSizes = array<i32: 1, 2, -1, 0, 0>, outer_name = "io", tail = 0 : i32}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.param.constant 4 : i64 -> !transform.param<i64>
    // expected-error @below {{operand count (2) does not match with the total size (6) specified in attribute 'operandSegmentSizes'}}
    %o:3 = "transform.exo.divide_loop"(%root, %q) <{inner_name = "ii", operandSegmentSizes = array<i32: 1, 5, 0, 0, 0>, outer_name = "io", tail = 0 : i32}> : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

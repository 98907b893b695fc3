// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Errors of exo.proc, exo.for, exo.if, exo.alloc, exo.read, exo.assign,
// exo.reduce, exo.window and exo.call (ExoOps.cpp). Invariants that the
// custom syntax cannot break are tested in the generic form.

//===----------------------------------------------------------------------===//
// exo.proc
//===----------------------------------------------------------------------===//

// A proc declares no results.
// expected-error @+1 {{'exo.proc' op a proc returns nothing, but 1 results are declared}}
"exo.proc"() <{arg_names = ["M"], function_type = (index) -> f32, sym_name = "p"}> ({
^bb0(%a: index):
}) : () -> ()

// -----

// One argument name per argument.
// expected-error @+1 {{'exo.proc' op expected 1 argument names, got 2}}
"exo.proc"() <{arg_names = ["M", "N"], function_type = (index) -> (), sym_name = "p"}> ({
^bb0(%a: index):
}) : () -> ()

// -----

// Argument names are identifiers: a numbered SSA name gives none.
// expected-error @+1 {{'exo.proc' op argument 1 needs an identifier name, got '0'}}
exo.proc @p(%M: index, %0: index) {
}

// -----

// Argument names are identifiers, in the generic form too.
// expected-error @+1 {{'exo.proc' op argument 0 needs an identifier name, got 'a-b'}}
"exo.proc"() <{arg_names = ["a-b"], function_type = (index) -> (), sym_name = "p"}> ({
^bb0(%a: index):
}) : () -> ()

// -----

// Argument names are unique.
// expected-error @+1 {{'exo.proc' op duplicate argument name 'M'}}
"exo.proc"() <{arg_names = ["M", "M"], function_type = (index, index) -> (), sym_name = "p"}> ({
^bb0(%a: index, %b: index):
}) : () -> ()

// -----

// Arguments are sizes, scalars, tensors or windows: not i1.
// expected-error @+1 {{'exo.proc' op argument 'c' has type 'i1'; expected index, a scalar, a tensor or a window}}
exo.proc @p(%c: i1) {
}

// -----

// Not barriers either.
// expected-error @+1 {{'exo.proc' op argument 'b' has type '!exo.barrier<mbarrier, [2]>'; expected index, a scalar, a tensor or a window}}
exo.proc @p(%b: !exo.barrier<mbarrier, [2]>) {
}

// -----

// Sizes in argument types name index arguments of the proc.
// expected-error @+1 {{'exo.proc' op argument 'A': size 'N' is not an index argument of proc @p}}
exo.proc @p(%M: index, %A: !exo.tensor<[M, N], f32, dram>) {
}

// -----

// A size name must name an index argument, not a scalar one.
// expected-error @+1 {{'exo.proc' op argument 'A': size 'n' is not an index argument of proc @p}}
exo.proc @p(%n: i32, %A: !exo.tensor<[n], f32, dram>) {
}

// -----

// exo.access holds an #exo.access attribute.
// expected-error @+1 {{'exo.proc' op argument 'd': exo.access must be an #exo.access attribute}}
exo.proc @p(%d: !exo.window<[8], f32, smem> {exo.access = "read"})
    instr<unit = thread, timeline = cuda_in_order, lowering = "x"> {
}

// -----

// Array arguments of instructions declare their access.
// expected-error @+1 {{'exo.proc' op array argument 'd' of an instruction needs an exo.access attribute}}
exo.proc @p(%d: !exo.window<[8], f32, smem>)
    instr<unit = thread, timeline = cuda_in_order, lowering = "x"> {
}

// -----

// Only arrays take exo.access.
// expected-error @+1 {{'exo.proc' op argument 'n' is not an array and takes no exo.access}}
exo.proc @p(%n: index {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "x"> {
}

// -----

// Only instructions declare exo.access.
// expected-error @+1 {{'exo.proc' op argument 'd': only instruction procs declare exo.access}}
exo.proc @p(%d: !exo.tensor<[8], f32, dram> {exo.access = #exo.access<read>}) {
}

// -----

// exo.cluster_count marks a size argument.
// expected-error @+1 {{'exo.proc' op argument 'A': exo.cluster_count marks a size argument (a unit attribute) of a proc that is not an instruction}}
exo.proc @p(%A: !exo.tensor<[4], f32, gmem> {exo.cluster_count}) {
}

// -----

// ... with a unit attribute.
// expected-error @+1 {{'exo.proc' op argument 'NC': exo.cluster_count marks a size argument (a unit attribute) of a proc that is not an instruction}}
exo.proc @p(%NC: index {exo.cluster_count = 2 : i64}) {
}

// -----

// ... of a proc that launches, not of an instruction.
// expected-error @+1 {{'exo.proc' op argument 'NC': exo.cluster_count marks a size argument (a unit attribute) of a proc that is not an instruction}}
exo.proc @p(%NC: index {exo.cluster_count})
    instr<unit = thread, timeline = cuda_in_order, lowering = "x"> {
}

// -----

// One launch has one cluster count.
// expected-error @+1 {{'exo.proc' op arguments 'NC' and 'NC2' are both marked exo.cluster_count}}
exo.proc @p(%NC: index {exo.cluster_count}, %NC2: index {exo.cluster_count}) {
}

// -----

// `requires` has one symbol per index argument and no dimensions.
// expected-error @+1 {{'exo.proc' op requires: expected an integer set with no dimensions and one symbol per index argument (2), got 0 dimensions and 1 symbols}}
exo.proc @p(%M: index, %x: f32, %N: index)
    requires affine_set<()[s0] : (s0 - 1 >= 0)> {
}

// -----

// `requires` has no dimensions.
// expected-error @+1 {{'exo.proc' op requires: expected an integer set with no dimensions and one symbol per index argument (1), got 1 dimensions and 1 symbols}}
exo.proc @p(%M: index)
    requires affine_set<(d0)[s0] : (s0 - d0 >= 0)> {
}

// -----

// `requires` takes an integer set.
exo.proc @p(%M: index)
    // expected-error @+1 {{invalid kind of attribute specified}}
    requires affine_map<()[s0] -> (s0)> {
}

// -----

// The entry block matches the signature. (This is reported by
// FunctionOpInterface before the proc's own region verifier, whose "expected
// N block arguments" cannot be reached.)
// expected-error @+1 {{'exo.proc' op entry block must have 1 arguments to match function signature}}
"exo.proc"() <{arg_names = ["M"], function_type = (index) -> (), sym_name = "p"}> ({
^bb0(%a: index, %b: index):
}) : () -> ()

// -----

// The entry block's types match the signature. (Again FunctionOpInterface
// reports first; the proc's "block argument type ... does not match" cannot
// be reached.)
// expected-error @+1 {{'exo.proc' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('index')}}
"exo.proc"() <{arg_names = ["M"], function_type = (index) -> (), sym_name = "p"}> ({
^bb0(%a: f32):
}) : () -> ()

// -----

// Sizes in the types of values defined in the body name index arguments.
exo.proc @p(%M: index) {
  // expected-error @+1 {{'exo.alloc' op size 'N' is not an index argument of proc @p}}
  %t = exo.alloc : !exo.tensor<[M, N], f32, dram>
}

// -----

// Sizes in the types of block arguments defined in the body too (exo.for
// verifies its own iterator, so an unregistered op holds the block).
exo.proc @p(%M: index) {
  // expected-error @+1 {{'test.region' op size 'K' is not an index argument of proc @p}}
  "test.region"() ({
  ^bb0(%t: !exo.tensor<[K], f32, dram>):
  }) : () -> ()
}

//===----------------------------------------------------------------------===//
// exo.for
//===----------------------------------------------------------------------===//

// -----

// A loop has two bounds.
exo.proc @p() {
  // expected-error @+1 {{'exo.for' op expected 2 bounds, got 1}}
  "exo.for"() <{iter_name = "i", mode = #exo.mode<seq>, static_bounds = array<i64: 4>}> ({
  ^bb0(%i: index):
  }) : () -> ()
}

// -----

// Dynamic bounds have one operand each.
exo.proc @p(%n: index) {
  // expected-error @+1 {{'exo.for' op bound operands do not match static_bounds}}
  "exo.for"(%n, %n) <{iter_name = "i", mode = #exo.mode<seq>, static_bounds = array<i64: 0, -9223372036854775808>}> ({
  ^bb0(%i: index):
  }) : (index, index) -> ()
}

// -----

// The body takes the iterator and nothing else.
exo.proc @p() {
  // expected-error @+1 {{'exo.for' op the body takes exactly one index argument}}
  "exo.for"() <{iter_name = "i", mode = #exo.mode<seq>, static_bounds = array<i64: 0, 4>}> ({
  ^bb0(%i: index, %j: index):
  }) : () -> ()
}

// -----

// The iterator is an index.
exo.proc @p() {
  // expected-error @+1 {{'exo.for' op the body takes exactly one index argument}}
  "exo.for"() <{iter_name = "i", mode = #exo.mode<seq>, static_bounds = array<i64: 0, 4>}> ({
  ^bb0(%i: i32):
  }) : () -> ()
}

// -----

// cuda_tasks loops run in device code only.
exo.proc @p(%n: index) {
  // expected-error @+1 {{'exo.for' op a cuda_tasks loop must be inside an exo.device_function}}
  exo.for %i = 0 to %n cuda_tasks {
  }
}

// -----

// cuda_threads loops run in device code only.
exo.proc @p() {
  // expected-error @+1 {{'exo.for' op a cuda_threads loop must be inside an exo.device_function}}
  exo.for %i = 0 to 4 cuda_threads<warp> {
  }
}

// -----

// A cuda_threads loop starts at 0.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.for' op a cuda_threads loop must start at the constant 0}}
      exo.for %i = 1 to 4 cuda_threads<warp> {
      }
    }
  }
}

// -----

// A cuda_threads loop starts at the constant 0, not at a value.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    %c0 = arith.constant 0 : index
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.for' op a cuda_threads loop must start at the constant 0}}
      exo.for %i = %c0 to 4 cuda_threads<warp> {
      }
    }
  }
}

// -----

// A cuda_threads loop has a constant trip count.
exo.proc @p(%n: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.for' op a cuda_threads loop needs a constant upper bound}}
      exo.for %i = 0 to %n cuda_threads<thread> {
      }
    }
  }
}

// -----

// ... and a positive one.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.for' op a cuda_threads loop needs a positive upper bound, got 0}}
      exo.for %i = 0 to 0 cuda_threads<thread> {
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.if
//===----------------------------------------------------------------------===//

// -----

// The then region holds one block: in the generic form, a region without a
// block is an error (the custom form always creates the block).
exo.proc @p(%i: index) {
  %c = arith.cmpi ult, %i, %i : index
  // expected-error @+1 {{'exo.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "exo.if"(%c) ({}, {}) : (i1) -> ()
}

//===----------------------------------------------------------------------===//
// exo.alloc
//===----------------------------------------------------------------------===//

// -----

// Host code allocates no barriers.
exo.proc @p() {
  // expected-error @+1 {{'exo.alloc' op barriers can only be allocated in device code}}
  %b = exo.alloc : !exo.barrier<mbarrier, [2]>
}

// -----

// A barrier has no guard.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %g = exo.alloc : !exo.barrier<mbarrier, [8 ring 2]>
      // expected-error @+1 {{'exo.alloc' op a barrier is not guarded by another barrier}}
      %b = exo.alloc guarded_by %g : !exo.barrier<mbarrier, [8 ring 2]>, guard !exo.barrier<mbarrier, [8 ring 2]>
    }
  }
}

// -----

// Device code allocates on-chip memories only.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op device code cannot allocate 'gmem' memory; allocate it in host code}}
      %g = exo.alloc : !exo.tensor<[4], f32, gmem>
    }
  }
}

// -----

// Device code allocates no host memory either.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op device code cannot allocate 'dram' memory; allocate it in host code}}
      %g = exo.alloc : !exo.tensor<[4], f32, dram>
    }
  }
}

// -----

// Host code allocates no on-chip memory.
exo.proc @p() {
  // expected-error @+1 {{'exo.alloc' op 'smem' memory can only be allocated in device code}}
  %s = exo.alloc : !exo.tensor<[4], f32, smem>
}

// -----

// Host code allocates no registers.
exo.proc @p() {
  // expected-error @+1 {{'exo.alloc' op 'wgmma_accum' memory can only be allocated in device code}}
  %s = exo.alloc : !exo.tensor<[2, 64, 8], f32, wgmma_accum>
}

// -----

// Grid constants are parameters, never allocated.
exo.proc @p() {
  // expected-error @+1 {{'exo.alloc' op grid constants are kernel parameters and cannot be allocated}}
  %c = exo.alloc : !exo.tensor<[4], i32, grid_const>
}

// -----

// Only shared-memory tensors are ring buffers.
exo.proc @p() {
  // expected-error @+1 {{only shared-memory tensors can have a ring dimension}}
  %r = exo.alloc : !exo.tensor<[8 ring 2], f32, dram>
}

// -----

// Registers are not ring buffers either.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{only shared-memory tensors can have a ring dimension}}
      %r = exo.alloc : !exo.tensor<[8 ring 2, 4], f32, regs>
    }
  }
}

// -----

// A ring buffer names its guard.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a ring buffer needs a guarding barrier (guarded_by)}}
      %r = exo.alloc : !exo.tensor<[8 ring 2, 64], f32, smem>
    }
  }
}

// -----

// Only ring buffers take a guard.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %g = exo.alloc : !exo.barrier<mbarrier, [8 ring 2]>
      // expected-error @+1 {{'exo.alloc' op only ring buffers take a guard}}
      %r = exo.alloc guarded_by %g : !exo.tensor<[8, 64], f32, smem>, guard !exo.barrier<mbarrier, [8 ring 2]>
    }
  }
}

// -----

// The guard is an mbarrier array with a ring dimension: not a commit group.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %g = exo.alloc : !exo.barrier<cp_async_group, [2]>
      // expected-error @+1 {{'exo.alloc' op the guard of a ring buffer must be an mbarrier array with a ring dimension}}
      %r = exo.alloc guarded_by %g : !exo.tensor<[8 ring 2, 64], f32, smem>, guard !exo.barrier<cp_async_group, [2]>
    }
  }
}

// -----

// The guard is an mbarrier array with a ring dimension: not a plain one.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %g = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.alloc' op the guard of a ring buffer must be an mbarrier array with a ring dimension}}
      %r = exo.alloc guarded_by %g : !exo.tensor<[8 ring 2, 64], f32, smem>, guard !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// The guard's type follows `, guard`.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %g = exo.alloc : !exo.barrier<mbarrier, [8 ring 2]>
      // expected-error @+1 {{expected ','}}
      %r = exo.alloc guarded_by %g : !exo.tensor<[8 ring 2, 64], f32, smem>
    }
  }
}

// -----

// exo.alloc allocates tensors and barriers, not windows.
exo.proc @p() {
  // expected-error @+1 {{'exo.alloc' op result #0 must be a tensor: a dense array of scalars in one memory or an array of synchronization barriers, but got '!exo.window<[4], f32, dram>'}}
  %w = exo.alloc : !exo.window<[4], f32, dram>
}

//===----------------------------------------------------------------------===//
// exo.read, exo.assign, exo.reduce
//===----------------------------------------------------------------------===//

// -----

// One index per dimension.
exo.proc @p(%t: !exo.tensor<[4, 4], f32, dram>) {
  // expected-error @+1 {{'exo.read' op expected 2 indices for a tensor of rank 2, got 1}}
  %v = exo.read %t[0] : !exo.tensor<[4, 4], f32, dram>
}

// -----

// One index per dimension when writing too.
exo.proc @p(%t: !exo.tensor<[4], f32, dram>, %v: f32) {
  // expected-error @+1 {{'exo.assign' op expected 1 indices for a tensor of rank 1, got 2}}
  exo.assign %t[0, 1] = %v : !exo.tensor<[4], f32, dram>
}

// -----

// Dynamic indices have one operand each.
exo.proc @p(%t: !exo.tensor<[4], f32, dram>, %i: index) {
  // expected-error @+1 {{'exo.read' op expected 0 dynamic indices, got 1}}
  %v = "exo.read"(%t, %i) <{static_indices = array<i64: 0>}> : (!exo.tensor<[4], f32, dram>, index) -> f32
}

// -----

// Constant indices are in bounds.
exo.proc @p(%t: !exo.tensor<[4], f32, dram>, %v: f32) {
  // expected-error @+1 {{'exo.reduce' op index 4 is out of bounds for dimension 0 of extent 4}}
  exo.reduce %t[4] += %v : !exo.tensor<[4], f32, dram>
}

// -----

// Negative constant indices are out of bounds, even for symbolic extents.
exo.proc @p(%n: index, %t: !exo.tensor<[n], f32, dram>) {
  // expected-error @+1 {{'exo.read' op index -1 is out of bounds for dimension 0}}
  %v = exo.read %t[-1] : !exo.tensor<[n], f32, dram>
}

// -----

// A tensor map is read by TMA instructions only.
exo.proc @p(%m: !exo.window<[8], f32, tma_map<0, [8]>>) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.read' op a tma_map window is only accessed by TMA instructions}}
      %v = exo.read %m[0] : !exo.window<[8], f32, tma_map<0, [8]>>
    }
  }
}

// -----

// Device code does not access host memory.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  exo.device_function(blockDim = 128) {
    exo.for %i = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.read' op device code cannot access host memory 'dram'}}
      %v = exo.read %t[%i] : !exo.tensor<[8], f32, dram>
    }
  }
}

// -----

// Host code accesses dram only.
exo.proc @p(%t: !exo.tensor<[8], f32, gmem>, %v: f32) {
  // expected-error @+1 {{'exo.assign' op host code can only access 'dram' tensors, not 'gmem' (move the access into an exo.device_function)}}
  exo.assign %t[0] = %v : !exo.tensor<[8], f32, gmem>
}

// -----

// Device code reads grid constants but does not write them.
exo.proc @p(%c: !exo.tensor<[8], i32, grid_const>, %v: i32) {
  exo.device_function(blockDim = 128) {
    exo.for %i = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.reduce' op device code cannot write a grid constant}}
      exo.reduce %c[%i] += %v : !exo.tensor<[8], i32, grid_const>
    }
  }
}

// -----

// The value written has the element type (the custom syntax cannot say
// otherwise: it types the value with the element type).
exo.proc @p(%t: !exo.tensor<[8], f32, dram>, %v: i32) {
  // expected-error @+1 {{'exo.assign' op failed to verify that value type matches the element type}}
  "exo.assign"(%t, %v) <{static_indices = array<i64: 0>}> : (!exo.tensor<[8], f32, dram>, i32) -> ()
}

//===----------------------------------------------------------------------===//
// exo.window
//===----------------------------------------------------------------------===//

// -----

// An interval has a positive length, checked by the parser at the length.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{an interval length must be positive, got 0}}
  %w = exo.window %t[2 :+ 0] : !exo.tensor<[8], f32, dram> -> !exo.window<[0], f32, dram>
}

// -----

// An interval is `lo :+ n`.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{expected '+'}}
  %w = exo.window %t[2 : 4] : !exo.tensor<[8], f32, dram> -> !exo.window<[4], f32, dram>
}

// -----

// One coordinate per source dimension.
exo.proc @p(%t: !exo.tensor<[8, 8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op expected 2 coordinates for a source of rank 2, got 1}}
  %w = exo.window %t[:] : !exo.tensor<[8, 8], f32, dram> -> !exo.window<[8], f32, dram>
}

// -----

// Dynamic offsets have one operand each.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>, %i: index) {
  // expected-error @+1 {{'exo.window' op offset operands do not match static_offsets}}
  %w = "exo.window"(%t, %i) <{static_offsets = array<i64: 0>, static_sizes = array<i64: 2>}> : (!exo.tensor<[8], f32, dram>, index) -> !exo.window<[2], f32, dram>
}

// -----

// A whole-dimension coordinate has offset 0.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op a whole-dimension coordinate has offset 0}}
  %w = "exo.window"(%t) <{static_offsets = array<i64: 1>, static_sizes = array<i64: -2>}> : (!exo.tensor<[8], f32, dram>) -> !exo.window<[8], f32, dram>
}

// -----

// Interval lengths are positive, in the generic form too.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op interval length must be positive, got -3}}
  %w = "exo.window"(%t) <{static_offsets = array<i64: 1>, static_sizes = array<i64: -3>}> : (!exo.tensor<[8], f32, dram>) -> !exo.window<[8], f32, dram>
}

// -----

// An interval fits its dimension.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>, %i: index) {
  // expected-error @+1 {{'exo.window' op interval of length 16 exceeds dimension 0 of extent 8}}
  %w = exo.window %t[%i :+ 16] : !exo.tensor<[8], f32, dram> -> !exo.window<[16], f32, dram>
}

// -----

// A constant interval lies inside its dimension.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op interval [6, 10) is out of bounds for dimension 0}}
  %w = exo.window %t[6 :+ 4] : !exo.tensor<[8], f32, dram> -> !exo.window<[4], f32, dram>
}

// -----

// A negative start is out of bounds.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op interval [-1, 3) is out of bounds for dimension 0}}
  %w = exo.window %t[-1 :+ 4] : !exo.tensor<[8], f32, dram> -> !exo.window<[4], f32, dram>
}

// -----

// The result shape is the list of the interval lengths and whole dimensions.
exo.proc @p(%M: index, %t: !exo.tensor<[M, 8, 8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op result shape does not match the window: expected [M, 4]}}
  %w = exo.window %t[:, 0, 2 :+ 4] : !exo.tensor<[M, 8, 8], f32, dram> -> !exo.window<[M, 8], f32, dram>
}

// -----

// A `?` ring extent kept by `:` is printed as `?`.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      %s = exo.alloc guarded_by %b : !exo.tensor<[? ring 2, 8], f32, smem>, guard !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @+1 {{'exo.window' op result shape does not match the window: expected [?, 2]}}
      %w = exo.window %s[:, 0 :+ 2] : !exo.tensor<[? ring 2, 8], f32, smem> -> !exo.window<[4, 2], f32, smem>
    }
  }
}

// -----

// A window keeps the element type.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op result element type 'f16' differs from the source's 'f32'}}
  %w = exo.window %t[:] : !exo.tensor<[8], f32, dram> -> !exo.window<[8], f16, dram>
}

// -----

// Tensor maps are built over gmem tensors only.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op a tensor map can only be built over a 'gmem' tensor, not 'dram'}}
  %w = exo.window %t[:] : !exo.tensor<[8], f32, dram> -> !exo.window<[8], f32, tma_map<0, [8]>>
}

// -----

// Tensor maps are built on the host.
exo.proc @p(%t: !exo.tensor<[8], f32, gmem>) {
  exo.device_function(blockDim = 128) {
    exo.for %i = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.window' op tensor maps can only be built in host code}}
      %w = exo.window %t[:] : !exo.tensor<[8], f32, gmem> -> !exo.window<[8], f32, tma_map<0, [8]>>
    }
  }
}

// -----

// A tensor map spans every dimension of its tensor.
exo.proc @p(%M: index, %t: !exo.tensor<[M, 64], f32, gmem>) {
  // expected-error @+1 {{'exo.window' op a tensor map spans every dimension of its tensor; take points of the map instead}}
  %w = exo.window %t[0, :] : !exo.tensor<[M, 64], f32, gmem> -> !exo.window<[64], f32, tma_map<0, [64]>>
}

// -----

// A tensor map's box has the rank of the tensor.
exo.proc @p(%M: index, %t: !exo.tensor<[M, 64], f32, gmem>) {
  // expected-error @+1 {{'exo.window' op the tensor map's box has rank 1, but the tensor has rank 2}}
  %w = exo.window %t[:, :] : !exo.tensor<[M, 64], f32, gmem> -> !exo.window<[M, 64], f32, tma_map<0, [64]>>
}

// -----

// A window keeps the memory of its source.
exo.proc @p(%t: !exo.tensor<[8], f32, gmem>) {
  // expected-error @+1 {{'exo.window' op a window keeps the memory of its source ('gmem'), got 'dram'}}
  %w = exo.window %t[:] : !exo.tensor<[8], f32, gmem> -> !exo.window<[8], f32, dram>
}

// -----

// A window of a tensor map keeps the map's memory, box included.
exo.proc @p(%m: !exo.window<[8, 8], f32, tma_map<0, [8, 8]>>) {
  // expected-error @+1 {{'exo.window' op a window keeps the memory of its source ('tma_map'), got 'tma_map'}}
  %w = exo.window %m[:, :] : !exo.window<[8, 8], f32, tma_map<0, [8, 8]>> -> !exo.window<[8, 8], f32, tma_map<0, [4, 8]>>
}

// -----

// The result is a window.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{'exo.window' op result #0 must be a window: a strided view of part of a tensor, but got '!exo.tensor<[8], f32, dram>'}}
  %w = "exo.window"(%t) <{static_offsets = array<i64: 0>, static_sizes = array<i64: -2>}> : (!exo.tensor<[8], f32, dram>) -> !exo.tensor<[8], f32, dram>
}

//===----------------------------------------------------------------------===//
// exo.call
//===----------------------------------------------------------------------===//

// -----

// A call names at most one trailing barrier.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{a call takes at most one trailing barrier}}
      exo.call @f() >> %b[0] >> %b[1] : () >> !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// Trailing indices need a trailing barrier.
exo.proc @f() {
}
exo.proc @p(%i: index) {
  // expected-error @+1 {{'exo.call' op trailing barrier indices without a barrier}}
  "exo.call"(%i) <{callee = @f, operandSegmentSizes = array<i32: 0, 0, 1>, static_trailing_indices = array<i64: -9223372036854775808>}> : (index) -> ()
}

// -----

// The trailing barrier takes one index per dimension.
exo.proc @f(%d: !exo.window<[8], f32, smem> {exo.access = #exo.access<write, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "f", barrier = mbarrier> {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, 2]>
      %s = exo.alloc : !exo.tensor<[8], f32, smem>
      // expected-error @+1 {{'exo.call' op expected 2 indices for a barrier array of rank 2, got 1}}
      exo.call @f(%s) >> %b[0] : (!exo.tensor<[8], f32, smem>) >> !exo.barrier<mbarrier, [2, 2]>
    }
  }
}

// -----

// Trailing barrier indices are in bounds.
exo.proc @f(%d: !exo.window<[8], f32, smem> {exo.access = #exo.access<write, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "f", barrier = mbarrier> {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, 2]>
      %s = exo.alloc : !exo.tensor<[8], f32, smem>
      // expected-error @+1 {{'exo.call' op barrier index 2 is out of bounds for dimension 1}}
      exo.call @f(%s) >> %b[0, 2] : (!exo.tensor<[8], f32, smem>) >> !exo.barrier<mbarrier, [2, 2]>
    }
  }
}

// -----

// Only mbarriers are signalled by multicast.
exo.proc @f(%d: !exo.window<[8], f32, smem> {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "f", barrier = bulk_group> {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<bulk_group, [2]>
      %s = exo.alloc : !exo.tensor<[8], f32, smem>
      // expected-error @+1 {{'exo.call' op only mbarriers support multicast, not 'bulk_group'}}
      exo.call @f(%s) >> %b[:] : (!exo.tensor<[8], f32, smem>) >> !exo.barrier<bulk_group, [2]>
    }
  }
}

// -----

// The callee is a proc.
exo.proc @p() {
  // expected-error @+1 {{'exo.call' op 'nowhere' does not name an exo.proc}}
  exo.call @nowhere() : ()
}

// -----

// The call passes one argument per parameter.
exo.proc @f(%n: index) {
}
exo.proc @p() {
  // expected-error @+1 {{'exo.call' op @f expects 1 arguments, got 0}}
  exo.call @f() : ()
}

// -----

// Sizes and scalars are passed by type.
exo.proc @f(%n: index) {
}
exo.proc @p(%x: f32) {
  // expected-error @+1 {{'exo.call' op argument 0 ('n' of @f): expected 'index', got 'f32'}}
  exo.call @f(%x) : (f32)
}

// -----

// An array parameter takes an array.
exo.proc @f(%t: !exo.tensor<[8], f32, dram>) {
}
exo.proc @p(%x: f32) {
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): expected an array of type '!exo.tensor<[8], f32, dram>', got 'f32'}}
  exo.call @f(%x) : (f32)
}

// -----

// A tensor parameter takes a tensor, not a window.
exo.proc @f(%t: !exo.tensor<[8], f32, dram>) {
}
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  %w = exo.window %t[:] : !exo.tensor<[8], f32, dram> -> !exo.window<[8], f32, dram>
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): expected a tensor, got a window}}
  exo.call @f(%w) : (!exo.window<[8], f32, dram>)
}

// -----

// Element types match.
exo.proc @f(%t: !exo.window<[8], f32, dram>) {
}
exo.proc @p(%t: !exo.tensor<[8], f16, dram>) {
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): element type 'f16' does not match 'f32'}}
  exo.call @f(%t) : (!exo.tensor<[8], f16, dram>)
}

// -----

// Memories match.
exo.proc @f(%t: !exo.window<[8], f32, dram>) {
}
exo.proc @p(%t: !exo.tensor<[8], f32, gmem>) {
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): memory 'gmem' does not match the parameter's 'dram'}}
  exo.call @f(%t) : (!exo.tensor<[8], f32, gmem>)
}

// -----

// Ranks match.
exo.proc @f(%t: !exo.window<[8], f32, dram>) {
}
exo.proc @p(%t: !exo.tensor<[8, 8], f32, dram>) {
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): rank 2 does not match the parameter's 1}}
  exo.call @f(%t) : (!exo.tensor<[8, 8], f32, dram>)
}

// -----

// Constant extents match.
exo.proc @f(%t: !exo.window<[8, 4], f32, dram>) {
}
exo.proc @p(%t: !exo.tensor<[8, 8], f32, dram>) {
  // expected-error @+1 {{'exo.call' op argument 0 ('t' of @f): dimension 1 has extent 8, the parameter expects 4}}
  exo.call @f(%t) : (!exo.tensor<[8, 8], f32, dram>)
}

// -----

// Device code does not pass a grid constant to an instruction that writes it.
exo.proc @f(%d: !exo.window<[8], i32, grid_const> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "f"> {
}
exo.proc @p(%c: !exo.tensor<[8], i32, grid_const>) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.call' op argument 0: device code cannot write a grid constant}}
      exo.call @f(%c) : (!exo.tensor<[8], i32, grid_const>)
    }
  }
}

// -----

// A host instruction runs outside the kernel: #exo.memset0 zeroes memory
// from the host (cudaMemsetAsync on the stream), before the launch.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @memset_in_device_code(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        // expected-error @+1 {{'exo.call' op issues #exo.memset0<rank = 1, dtype = f32>, an instruction of the host (timeline cpu_cuda_stream), in device code; call it in host code, before or after the exo.device_function}}
        exo.call #exo.memset0<rank = 1, dtype = f32>(%N, %x) : (index, !x)
      }
    }
  }
}

// -----

// ... and so does a CPU instruction.
exo.proc @f(%d: !exo.window<[8], f32, dram> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "f"> {
}
exo.proc @p(%c: !exo.tensor<[8], f32, dram>) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.call' op calls @f, an instruction of the host (timeline cpu_in_order), in device code; call it in host code, before or after the exo.device_function}}
      exo.call @f(%c) : (!exo.tensor<[8], f32, dram>)
    }
  }
}

// -----

// Only instructions with a barrier mechanism take a trailing barrier.
exo.proc @f() instr<unit = thread, timeline = cuda_in_order, lowering = "f"> {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.call' op @f declares no barrier mechanism and takes no trailing barrier}}
      exo.call @f() >> %b[0] : () >> !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// Procs that are no instructions take no trailing barrier.
exo.proc @f() {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.call' op @f declares no barrier mechanism and takes no trailing barrier}}
      exo.call @f() >> %b[1] : () >> !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// The trailing barrier has the instruction's mechanism.
exo.proc @f() instr<unit = thread, timeline = tma_to_smem, lowering = "f", barrier = mbarrier> {
}
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<bulk_group>
      // expected-error @+1 {{'exo.call' op @f signals 'mbarrier' barriers, but the trailing barrier is 'bulk_group'}}
      exo.call @f() >> %b : () >> !exo.barrier<bulk_group>
    }
  }
}

// -----

// The smallest int64 (the marker of dynamic entries) is not a valid bound.
exo.proc @p() {
  // expected-error @+1 {{integer -9223372036854775808 is out of range}}
  exo.for %i = -9223372036854775808 to 4 seq {
  }
}

// -----

// Regression: an interval near INT64_MAX is out of bounds, not an overflow.
exo.proc @p(%t: !exo.tensor<[4], f32, dram>) {
  // expected-error @+1 {{interval [9223372036854775807, 9223372036854775809) is out of bounds for dimension 0}}
  %w = exo.window %t[9223372036854775807 :+ 2] : !exo.tensor<[4], f32, dram> -> !exo.window<[2], f32, dram>
}

// -----

// A window keeps the ring of a whole ring dimension.
exo.proc @p(%t: !exo.window<[8 ring 4, 8], f32, smem>) {
  // expected-error @+1 {{result ring dimensions do not match the window}}
  %w = exo.window %t[:, 0 :+ 4] : !exo.window<[8 ring 4, 8], f32, smem> -> !exo.window<[8 ring 2, 4], f32, smem>
}

// -----

// An interval of a ring dimension selects physical slots: no ring remains.
exo.proc @p(%t: !exo.window<[8 ring 4, 8], f32, smem>) {
  // expected-error @+1 {{result ring dimensions do not match the window}}
  %w = exo.window %t[0 :+ 4, :] : !exo.window<[8 ring 4, 8], f32, smem> -> !exo.window<[4 ring 4, 8], f32, smem>
}

// -----

// Sizes are declared before the arguments whose types use them.
// expected-error @+1 {{argument 'A': size 'M' must be declared before its use}}
exo.proc @p(%A: !exo.tensor<[M], f32, dram>, %M: index) {
}

// -----

// Only global memory is zero-extended: no oob on shared memory.
exo.proc @p(%t: !exo.window<[8], f32, smem>) {
  // expected-error @+1 {{'oob' is only allowed on dram, gmem or tma_map memory, not 'smem'}}
  %v = exo.read oob %t[9] : !exo.window<[8], f32, smem>
}

// -----

exo.proc @p(%t: !exo.window<[8], f32, smem>, %v: f32) {
  // expected-error @+1 {{'oob' is only allowed on dram, gmem or tma_map memory, not 'smem'}}
  exo.assign oob %t[0] = %v : !exo.window<[8], f32, smem>
}

// -----

exo.proc @p(%t: !exo.window<[8], f32, smem>) {
  // expected-error @+1 {{'oob' is only allowed on dram, gmem or tma_map memory, not 'smem'}}
  %w = exo.window oob %t[4 :+ 8] : !exo.window<[8], f32, smem> -> !exo.window<[8], f32, smem>
}

// -----

// An oob window reaches past the end of its source, never before it.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{interval [-1, ...) starts before dimension 0}}
  %w = exo.window oob %t[-1 :+ 4] : !exo.tensor<[8], f32, dram> -> !exo.window<[4], f32, dram>
}

// -----

// Without oob, an index past a constant extent is an error.
exo.proc @p(%t: !exo.tensor<[8], f32, dram>) {
  // expected-error @+1 {{index 9 is out of bounds for dimension 0 of extent 8}}
  %v = exo.read %t[9] : !exo.tensor<[8], f32, dram>
}

// -----

// An oob window goes only to an instruction parameter declared oob.
exo.proc @copy4(%dst: !exo.window<[4], f32, dram> {exo.access = #exo.access<write>},
                %src: !exo.window<[4], f32, dram> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !exo.window<[4], f32, dram>
    exo.assign %dst[%i] = %v : !exo.window<[4], f32, dram>
  }
}
exo.proc @p(%N: index, %x: !exo.tensor<[N], f32, dram>, %y: !exo.tensor<[4], f32, dram>) {
  %w = exo.window oob %x[0 :+ 4] : !exo.tensor<[N], f32, dram> -> !exo.window<[4], f32, dram>
  // expected-error @+1 {{argument 1 may reach past its tensor (oob), but @copy4 does not declare that parameter oob}}
  exo.call @copy4(%y, %w) : (!exo.tensor<[4], f32, dram>, !exo.window<[4], f32, dram>)
}

// -----

// The parameters of a proc do not alias (rewrites of its body assume it):
// one tensor passed twice, here once through a window, to a proc that may
// write it is refused (if it were accepted, a rewrite of @twice could change
// the caller's result). Instructions are exempt (an in-place
// shuffle: test/Analysis/collectives-regressions.mlir).
!v = !exo.tensor<[8], f32, dram>
!w = !exo.window<[8], f32, dram>
exo.proc @twice(%a: !w, %b: !w) {
  %c0 = arith.constant 0 : index
  %x = exo.read %b[%c0] : !w
  exo.assign %a[%c0] = %x : !w
}
exo.proc @aliasing_call(%t: !v) {
  %w = exo.window %t[:] : !v -> !w
  %u = exo.window %t[:] : !v -> !w
  // expected-error @+1 {{'exo.call' op arguments 0 and 1 are views of the same tensor, and @twice may write one of them; parameters are assumed not to alias (pass separate tensors)}}
  exo.call @twice(%w, %u) : (!w, !w)
}

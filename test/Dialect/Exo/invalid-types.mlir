// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Errors of the type parsers and verifiers (ExoTypes.cpp). Each type sits
// alone in the dictionary of an unregistered op, unless the context matters.

//===----------------------------------------------------------------------===//
// Dimension lists (shared by tensors, windows and barriers)
//===----------------------------------------------------------------------===//

// A dimension is an integer, a size name or `?` (one error).
// expected-error @+1 {{expected an integer, a size name or '?'}}
"test.op"() {a = !exo.tensor<[4, "x"], f32, dram>} : () -> ()

// -----

// The same in a barrier type.
// expected-error @+1 {{expected an integer, a size name or '?'}}
"test.op"() {a = !exo.barrier<mbarrier, [4, "x"]>} : () -> ()

// -----

// A ring depth of 0 is rejected by the parser, at the depth.
// expected-error @+1 {{ring depth must be positive, got 0}}
"test.op"() {a = !exo.tensor<[4 ring 0], f32, smem>} : () -> ()

// -----

// A negative ring depth is rejected by the parser. (The verifier's own check
// of negative depths cannot be reached from text.)
// expected-error @+1 {{ring depth must be positive, got -1}}
"test.op"() {a = !exo.barrier<mbarrier, [8 ring -1]>} : () -> ()

// -----

// A zero extent is rejected.
// expected-error @+1 {{dimensions must be positive, got 0}}
"test.op"() {a = !exo.tensor<[0], f32, dram>} : () -> ()

// -----

// An extent beyond the largest size is rejected (on-chip placement would
// otherwise overflow its byte count).
// expected-error @+1 {{a dimension may be at most 2147483647 (the largest size), got 9223372036854775807}}
"test.op"() {a = !exo.tensor<[9223372036854775807, 8], f32, smem>} : () -> ()

// -----

// A negative extent is rejected.
// expected-error @+1 {{dimensions must be positive, got -3}}
"test.op"() {a = !exo.window<[4, -3], f32, dram>} : () -> ()

// -----

// A zero extent of a barrier array is rejected.
// expected-error @+1 {{dimensions must be positive, got 0}}
"test.op"() {a = !exo.barrier<mbarrier, [0]>} : () -> ()

// -----

// `?` is only for ring dimensions.
// expected-error @+1 {{only a ring dimension may have the unbounded extent '?'}}
"test.op"() {a = !exo.tensor<[?, 4], f32, smem>} : () -> ()

// -----

// `?` is only for ring dimensions, in barrier arrays too.
// expected-error @+1 {{only a ring dimension may have the unbounded extent '?'}}
"test.op"() {a = !exo.barrier<mbarrier, [4 ring 2, ?]>} : () -> ()

// -----

// A ring stores at most as many slots as the dimension has.
// expected-error @+1 {{ring depth 4 exceeds the dimension's extent 2}}
"test.op"() {a = !exo.tensor<[2 ring 4], f32, smem>} : () -> ()

// -----

// The same for barrier arrays.
// expected-error @+1 {{ring depth 4 exceeds the dimension's extent 2}}
"test.op"() {a = !exo.barrier<mbarrier, [2 ring 4]>} : () -> ()

// -----

// At most one ring dimension.
// expected-error @+1 {{at most one dimension may be a ring dimension}}
"test.op"() {a = !exo.tensor<[4 ring 2, 4 ring 2], f32, smem>} : () -> ()

// -----

// At most one ring dimension in barrier arrays too.
// expected-error @+1 {{at most one dimension may be a ring dimension}}
"test.op"() {a = !exo.barrier<mbarrier, [4 ring 2, ? ring 2]>} : () -> ()

//===----------------------------------------------------------------------===//
// !exo.tensor and !exo.window
//===----------------------------------------------------------------------===//

// -----

// Element types are f32, tf32, bf16, f16, f64, i32 or i8: not i1.
// expected-error @+1 {{unsupported element type 'i1' (expected f32, tf32, bf16, f16, f8E4M3FN, f8E5M2, f64, i32 or i8)}}
"test.op"() {a = !exo.tensor<[4], i1, dram>} : () -> ()

// -----

// Not index either.
// expected-error @+1 {{unsupported element type 'index' (expected f32, tf32, bf16, f16, f8E4M3FN, f8E5M2, f64, i32 or i8)}}
"test.op"() {a = !exo.window<[4], index, dram>} : () -> ()

// -----

// Signed integers are rejected.
// expected-error @+1 {{unsupported element type 'si32'}}
"test.op"() {a = !exo.tensor<[4], si32, dram>} : () -> ()

// -----

// An unknown memory is reported at the memory.
// expected-error @+1 {{unknown memory 'nvram'}}
"test.op"() {a = !exo.window<[4], f32, nvram>} : () -> ()

// -----

// An invalid memory is reported once, at the memory.
// expected-error @+1 {{smem_swizzle expects a swizzle of 32, 64 or 128 bytes, got 16}}
"test.op"() {a = !exo.tensor<[4], f32, smem_swizzle<16>>} : () -> ()

// -----

// On-chip memories need a constant shape.
// expected-error @+1 {{a tensor in on-chip memory 'smem' needs a constant shape, but dimension 'M' is a size}}
"test.op"() {a = !exo.tensor<[M], f32, smem>} : () -> ()

// -----

// Registers too, in windows as well.
// expected-error @+1 {{a tensor in on-chip memory 'regs_uniform' needs a constant shape, but dimension 'M' is a size}}
"test.op"() {a = !exo.window<[M, 4], f32, regs_uniform<2>>} : () -> ()

// -----

// A symbolic ring extent is a size too.
// expected-error @+1 {{a tensor in on-chip memory 'smem_swizzle' needs a constant shape, but dimension 'Kit' is a size}}
"test.op"() {a = !exo.tensor<[Kit ring 4, 128, 32], f32, smem_swizzle<128>>} : () -> ()

// -----

// Accumulators too.
// expected-error @+1 {{a tensor in on-chip memory 'wgmma_accum' needs a constant shape, but dimension 'N' is a size}}
"test.op"() {a = !exo.tensor<[2, 64, N], f32, wgmma_accum>} : () -> ()

// -----

// tma_map is the memory of windows only.
// expected-error @+1 {{tma_map is the memory of windows, not of tensors}}
"test.op"() {a = !exo.tensor<[M], f32, tma_map<0, [8]>>} : () -> ()

//===----------------------------------------------------------------------===//
// !exo.barrier
//===----------------------------------------------------------------------===//

// -----

// A mechanism keyword that names no mechanism is rejected, at the keyword.
// expected-error @+1 {{unknown barrier mechanism 'semaphore' (expected mbarrier, cp_async_group, bulk_group, wgmma_group or cluster_sync)}}
"test.op"() {a = !exo.barrier<semaphore>} : () -> ()

// -----

// The prearrive count is non-negative.
// expected-error @+1 {{prearrive count must be non-negative, got -1}}
"test.op"() {a = !exo.barrier<mbarrier(prearrive -1), [4 ring 4]>} : () -> ()

// -----

// Only mbarriers are pre-arrived.
// expected-error @+1 {{only mbarriers can be pre-arrived}}
"test.op"() {a = !exo.barrier<wgmma_group(prearrive 1), [4]>} : () -> ()

// -----

// Only mbarriers have ring dimensions.
// expected-error @+1 {{only mbarriers can have a ring dimension}}
"test.op"() {a = !exo.barrier<bulk_group, [4 ring 2]>} : () -> ()

// -----

// A pre-arrived mbarrier array needs a ring dimension.
// expected-error @+1 {{a pre-arrived mbarrier needs a ring dimension}}
"test.op"() {a = !exo.barrier<mbarrier(prearrive 1), [4]>} : () -> ()

// -----

// A pre-arrived mbarrier array without dimensions has no ring dimension.
// expected-error @+1 {{a pre-arrived mbarrier needs a ring dimension}}
"test.op"() {a = !exo.barrier<mbarrier(prearrive 1)>} : () -> ()

// -----

// At most one pre-arrival per physical ring slot.
// expected-error @+1 {{prearrive count 5 exceeds the ring depth 4}}
"test.op"() {a = !exo.barrier<mbarrier(prearrive 5), [2, ? ring 4]>} : () -> ()

// -----

// `(` after the mechanism opens a prearrive clause.
// expected-error @+1 {{expected 'prearrive'}}
"test.op"() {a = !exo.barrier<mbarrier(arrive 1), [4 ring 4]>} : () -> ()

// -----

// A type error inside a proc signature is reported at the type.
// expected-error @+2 {{ring depth 4 exceeds the dimension's extent 2}}
exo.proc @p(%M: index,
            %t: !exo.tensor<[2 ring 4, M], f32, dram>) {
}

// -----

// Regression: an integer before '?' is not silently dropped.
// expected-error @+1 {{expected ']'}}
"test.op"() {t = !exo.barrier<mbarrier, [4 ? ring 2]>} : () -> ()

// -----

// A ring's slots are storage: at most 2^20 of them.
// expected-error @+1 {{ring depth 2097152 exceeds 1048576 slots}}
"test.op"() {a = !exo.tensor<[? ring 2097152, 4], f32, smem>} : () -> ()

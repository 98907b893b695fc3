// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Errors of the instruction family verifiers (InstrFamilies.cpp): every
// parameter combination a family refuses. Each instance sits alone in the
// dictionary of an unregistered op.

//===----------------------------------------------------------------------===//
// #exo.wgmma, #exo.wgmma_zero, #exo.wgmma_store, #exo.wgmma_load_a
//===----------------------------------------------------------------------===//

// expected-error @+1 {{wgmma's n must be a multiple of 8 from 8 to 256, got 100}}
"test.op"() {f = #exo.wgmma<n = 100, dtype = tf32>} : () -> ()

// -----

// expected-error @+1 {{wgmma's n must be a multiple of 8 from 8 to 256, got 264}}
"test.op"() {f = #exo.wgmma_zero<n = 264>} : () -> ()

// -----

// expected-error @+1 {{wgmma's scale_d is 1 (D += A * B) or 0 (D = A * B), got 2}}
"test.op"() {f = #exo.wgmma<n = 8, dtype = bf16, scale_d = 2>} : () -> ()

// -----

// expected-error @+1 {{wgmma operands are tf32, bf16 or f16, f8E4M3FN or f8E5M2, got 'f32'}}
"test.op"() {f = #exo.wgmma<n = 128, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{a wgmma accumulator is f32 or f16, got 'bf16'}}
"test.op"() {f = #exo.wgmma<n = 64, dtype = bf16, acc = bf16>} : () -> ()

// -----

// PTX's wgmma has f16 accumulators for f16 and fp8 operands only.
// expected-error @+1 {{an f16 wgmma accumulator takes f16, f8E4M3FN or f8E5M2 operands, got 'bf16'}}
"test.op"() {f = #exo.wgmma<n = 64, dtype = bf16, acc = f16>} : () -> ()

// -----

// expected-error @+1 {{an f16 wgmma accumulator takes f16, f8E4M3FN or f8E5M2 operands, got 'tf32'}}
"test.op"() {f = #exo.wgmma<n = 64, dtype = tf32, acc = f16>} : () -> ()

// -----

// expected-error @+1 {{a wgmma accumulator is f32 or f16, got 'f64'}}
"test.op"() {f = #exo.wgmma_zero<n = 64, acc = f64>} : () -> ()

// -----

// expected-error @+1 {{a wgmma accumulator is f32 or f16, got 'bf16'}}
"test.op"() {f = #exo.wgmma_store<n = 64, dst = gmem, dtype = bf16, acc = bf16>} : () -> ()

// -----

// An f16 accumulator is stored as it is.
// expected-error @+1 {{an f16 accumulator is stored as f16, got dtype = 'f32'}}
"test.op"() {f = #exo.wgmma_store<n = 64, dst = gmem, acc = f16>} : () -> ()

// -----

// expected-error @+1 {{the reducing accumulator store adds f32 into gmem only}}
"test.op"() {f = #exo.wgmma_store<n = 64, dst = gmem, dtype = f16, reduce = true, acc = f16>} : () -> ()

// -----

// expected-error @+1 {{an fp8 wgmma reads both operands from swizzled shared memory (sw128, sw64 or sw32)}}
"test.op"() {f = #exo.wgmma<n = 128, dtype = f8E4M3FN, a = regs>} : () -> ()

// -----

// expected-error @+1 {{an fp8 wgmma reads both operands from swizzled shared memory (sw128, sw64 or sw32)}}
"test.op"() {f = #exo.wgmma<n = 64, dtype = f8E5M2, b = interleave>} : () -> ()

// -----

// The register-A operand load has no fp8 form.
// expected-error @+1 {{wgmma operands are tf32, bf16 or f16, got 'f8E4M3FN'}}
"test.op"() {f = #exo.wgmma_load_a<dtype = f8E4M3FN>} : () -> ()

// -----

// expected-error @+1 {{wgmma's B operand is in shared memory; only A may be in registers}}
"test.op"() {f = #exo.wgmma<n = 128, dtype = bf16, a = regs, b = regs>} : () -> ()

// -----

// expected-error @+1 {{wgmma's A operand is K-major here; only B may be N-major (sw128_mn, sw64_mn, sw32_mn)}}
"test.op"() {f = #exo.wgmma<n = 128, dtype = bf16, a = sw128_mn>} : () -> ()

// -----

// expected-error @+1 {{an N-major wgmma B operand is bf16 or f16 (the hardware transposes 16-bit operands only), got 'tf32'}}
"test.op"() {f = #exo.wgmma<n = 128, dtype = tf32, b = sw128_mn>} : () -> ()

// -----

// expected-error @+1 {{an N-major wgmma B operand in 128-byte spans needs n a multiple of 64, got 96}}
"test.op"() {f = #exo.wgmma<n = 96, dtype = bf16, b = sw128_mn>} : () -> ()

// -----

// Spans of 32 bytes hold 16 bf16 columns.
// expected-error @+1 {{an N-major wgmma B operand in 32-byte spans needs n a multiple of 16, got 40}}
"test.op"() {f = #exo.wgmma<n = 40, dtype = bf16, b = sw32_mn>} : () -> ()

// -----

// expected-error @+1 {{wgmma_store writes to shared or global memory, got 'regs'}}
"test.op"() {f = #exo.wgmma_store<n = 128, dst = regs>} : () -> ()

// -----

// expected-error @+1 {{wgmma_store stores f32, or bf16 or f16 (converted), got 'f8E4M3FN'}}
"test.op"() {f = #exo.wgmma_store<n = 128, dst = smem, dtype = f8E4M3FN>} : () -> ()

// -----

// The reduce-add (red.global.add) adds f32 values only.
// expected-error @+1 {{the reducing accumulator store adds f32 into gmem only}}
"test.op"() {f = #exo.wgmma_store<n = 128, dst = gmem, dtype = bf16, reduce = true>} : () -> ()

// -----

// expected-error @+1 {{the reducing accumulator store adds f32 into gmem only}}
"test.op"() {f = #exo.wgmma_store<n = 128, dst = smem, reduce = true>} : () -> ()

// -----

// expected-error @+2 {{expected 'true' or 'false', got 'yes'}}
// expected-error @+1 {{failed to parse Exo_WgmmaStoreAttr parameter 'reduce'}}
"test.op"() {f = #exo.wgmma_store<n = 128, dst = gmem, reduce = yes>} : () -> ()

// -----

// expected-error @+1 {{wgmma operands are tf32, bf16 or f16, got 'i8'}}
"test.op"() {f = #exo.wgmma_load_a<dtype = i8>} : () -> ()

//===----------------------------------------------------------------------===//
// #exo.tma
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{a TMA copy moves a box of rank 1 to 5, got rank 6}}
"test.op"() {f = #exo.tma<kind = load, shape = [1, 1, 1, 1, 1, 4], dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{TMA box extents must be positive}}
"test.op"() {f = #exo.tma<kind = load, shape = [0, 32], dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{TMA moves integer or floating-point elements, got 'tf32'}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = tf32>} : () -> ()

// -----

// The hardware's reduce-add has no byte or f64 form.
// expected-error @+1 {{a TMA reduce-add adds f32, f16, bf16 or i32 elements, got 'f8E4M3FN'}}
"test.op"() {f = #exo.tma<kind = reduce_add, shape = [64, 32], dtype = f8E4M3FN>} : () -> ()

// -----

// expected-error @+1 {{a TMA reduce-add adds f32, f16, bf16 or i32 elements, got 'f64'}}
"test.op"() {f = #exo.tma<kind = reduce_add, shape = [64, 2], dtype = f64>} : () -> ()

// -----

// expected-error @+1 {{TMA swizzle is 0, 32, 64 or 128 bytes, got 16}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 4], dtype = f32, swizzle = 16>} : () -> ()

// -----

// expected-error @+1 {{multicast is a CTA count (0: none), got -2}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, multicast = -2>} : () -> ()

// -----

// expected-error @+1 {{a multicast load is issued by a warp of each CTA of its group, not by one thread}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, multicast = 2, thread = true>} : () -> ()

// -----

// expected-error @+1 {{only TMA loads multicast}}
"test.op"() {f = #exo.tma<kind = store, shape = [64, 32], dtype = f32, multicast = 2>} : () -> ()

// -----

// expected-error @+1 {{the multicast stride must be positive, got 0}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, multicast = 2, stride = 0>} : () -> ()

// -----

// expected-error @+1 {{a stride applies to multicast loads only}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, stride = 2>} : () -> ()

// -----

// expected-error @+1 {{the 100 rows of the window do not split over 3 issuing CTAs}}
"test.op"() {f = #exo.tma<kind = load, shape = [100, 32], dtype = f32, multicast = 3>} : () -> ()

// -----

// expected-error @+1 {{a multicast reaches at most the 16 CTAs of a cluster, got 32}}
"test.op"() {f = #exo.tma<kind = load, shape = [256, 32], dtype = f32, multicast = 32>} : () -> ()

// -----

// expected-error @+1 {{the window does not fit in the 232448 bytes of shared memory a CTA may have}}
"test.op"() {f = #exo.tma<kind = load, shape = [1048576, 32], dtype = f32, box = [128, 32]>} : () -> ()

// -----

// expected-error @+1 {{the box has one extent per dimension of the global tensor: at least the window's rank (2) and at most 5}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, box = [32]>} : () -> ()

// -----

// expected-error @+1 {{the tensor map's box extents must be positive}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 32], dtype = f32, box = [64, 0]>} : () -> ()

// -----

// expected-error @+1 {{a TMA box extent is at most 256 elements}}
"test.op"() {f = #exo.tma<kind = store, shape = [512, 4], dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{the box's inner extent (256 bytes) exceeds the 128-byte swizzle span}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 64], dtype = f32, swizzle = 128>} : () -> ()

// -----

// expected-error @+1 {{the box's inner extent (12 bytes) is not a multiple of 16 bytes}}
"test.op"() {f = #exo.tma<kind = load, shape = [64, 3], dtype = f32>} : () -> ()

//===----------------------------------------------------------------------===//
// #exo.mma
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{mma.sync operands are tf32, bf16 or f16, got 'f32'}}
"test.op"() {f = #exo.mma<part = mma, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{the mma.sync accumulator is f32, got 'bf16'}}
"test.op"() {f = #exo.mma<part = store_c, dtype = bf16>} : () -> ()

// -----

// expected-error @+1 {{mma.sync accumulators convert to bf16 or f16, got 'f32'}}
"test.op"() {f = #exo.mma<part = convert_c, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{mma.sync fragments move from or to smem or gmem, got 'regs'}}
"test.op"() {f = #exo.mma<part = store_c, dtype = f32, mem = regs>} : () -> ()

// -----

// expected-error @+1 {{ldmatrix and stmatrix access linear smem only}}
"test.op"() {f = #exo.mma<part = load_a, dtype = bf16, mem = gmem>} : () -> ()

//===----------------------------------------------------------------------===//
// #exo.global, #exo.shfl_xor, #exo.memset0
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{vector global loads and stores move 16 bytes (8 'bf16' elements), got width 4}}
"test.op"() {f = #exo.global<kind = load, width = 4, dtype = bf16>} : () -> ()

// -----

// expected-error @+1 {{per-thread vector global loads and stores move f32, bf16, f16 or fp8 values, got 'i32'}}
"test.op"() {f = #exo.global<kind = store, width = 4, dtype = i32>} : () -> ()

// -----

// expected-error @+1 {{red.global.add adds f32, got 'bf16'}}
"test.op"() {f = #exo.global<kind = red_add, width = 1, dtype = bf16>} : () -> ()

// -----

// expected-error @+1 {{red.global.add adds one element, got width 4}}
"test.op"() {f = #exo.global<kind = red_add, width = 4, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{vector global loads and stores move 16 bytes (4 'f32' elements), got width 2}}
"test.op"() {f = #exo.global<kind = store, width = 2, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{the butterfly lane mask is 1, 2, 4, 8 or 16, got 3}}
"test.op"() {f = #exo.shfl_xor<combine = add, lane_mask = 3, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{the butterfly combines f32 values, got 'f16'}}
"test.op"() {f = #exo.shfl_xor<combine = max, lane_mask = 4, dtype = f16>} : () -> ()

// -----

// expected-error @+2 {{expected one of [add, max, min] for how a butterfly shuffle combines the two lanes' values, got: sum}}
// expected-error @+1 {{failed to parse Exo_ShflXorAttr parameter 'combine' which is to be a `::exo::ShflCombine`}}
"test.op"() {f = #exo.shfl_xor<combine = sum, lane_mask = 4, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{memset0 zeroes a tensor of rank 1 to 5, got 0}}
"test.op"() {f = #exo.memset0<rank = 0, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{memset0 zeroes integer or floating-point tensors}}
"test.op"() {f = #exo.memset0<rank = 1, dtype = index>} : () -> ()

// -----

// expected-error @+1 {{cp.async copies 4, 8 or 16 bytes, got 32}}
"test.op"() {f = #exo.cp_async<bytes = 32, dtype = f32>} : () -> ()

// -----

// expected-error @+1 {{cp.async copies whole elements of an integer or floating-point type, got 'f64'}}
"test.op"() {f = #exo.cp_async<bytes = 4, dtype = f64>} : () -> ()

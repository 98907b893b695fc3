// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Errors of the attribute parsers and verifiers (ExoAttrs.cpp). Each
// attribute sits alone in the dictionary of an unregistered op, unless the
// context matters.

//===----------------------------------------------------------------------===//
// #exo.mem
//===----------------------------------------------------------------------===//

// A memory keyword that names no memory is rejected.
// expected-error @+1 {{unknown memory 'nvram'}}
"test.op"() {a = #exo.mem<nvram>} : () -> ()

// -----

// The swizzle of smem_swizzle is 32, 64 or 128 bytes.
// expected-error @+1 {{smem_swizzle expects a swizzle of 32, 64 or 128 bytes, got 16}}
"test.op"() {a = #exo.mem<smem_swizzle<16>>} : () -> ()

// -----

// regs_uniform<N> needs a positive thread count.
// expected-error @+1 {{regs_uniform expects a positive thread count, got 0}}
"test.op"() {a = #exo.mem<regs_uniform<0>>} : () -> ()

// -----

// The swizzle of a tensor map is 0, 32, 64 or 128 bytes.
// expected-error @+1 {{tma_map expects a swizzle of 0, 32, 64 or 128 bytes, got 16}}
"test.op"() {a = #exo.mem<tma_map<16, [8]>>} : () -> ()

// -----

// A tensor map box has rank 1 to 5: rank 0 is rejected.
// expected-error @+1 {{tma_map expects a box of rank 1 to 5, got rank 0}}
"test.op"() {a = #exo.mem<tma_map<0, []>>} : () -> ()

// -----

// A tensor map box has rank 1 to 5: rank 6 is rejected.
// expected-error @+1 {{tma_map expects a box of rank 1 to 5, got rank 6}}
"test.op"() {a = #exo.mem<tma_map<0, [1, 1, 1, 1, 1, 1]>>} : () -> ()

// -----

// Box extents above 256 are rejected.
// expected-error @+1 {{tma_map box extents must be in [1, 256], got 257}}
"test.op"() {a = #exo.mem<tma_map<0, [8, 257]>>} : () -> ()

// -----

// Box extents below 1 are rejected.
// expected-error @+1 {{tma_map box extents must be in [1, 256], got 0}}
"test.op"() {a = #exo.mem<tma_map<0, [0]>>} : () -> ()

// -----

// A memory without parameters takes none. (The verifier's "memory 'dram'
// takes no parameters" cannot be reached from text: the parser stops first.)
// expected-error @+1 {{expected '>'}}
"test.op"() {a = #exo.mem<dram<4>>} : () -> ()

//===----------------------------------------------------------------------===//
// #exo.unit
//===----------------------------------------------------------------------===//

// -----

// A unit keyword that names no unit is rejected.
// expected-error @+1 {{unknown collective unit 'lane'}}
"test.op"() {a = #exo.unit<lane>} : () -> ()

// -----

// The same error inside a loop mode, at the unit's location.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{unknown collective unit 'lane'}}
      exo.for %i = 0 to 4 cuda_threads<lane> {
      }
    }
  }
}

// -----

// Custom unit entries are integers or the symbols clusterDim, blockDim and
// clusterThreads.
// expected-error @+1 {{expected an integer, 'clusterDim', 'blockDim' or 'clusterThreads', got 'gridDim'}}
"test.op"() {a = #exo.unit<custom<[gridDim], [1]>>} : () -> ()

// -----

// A strided unit needs a positive stride.
// expected-error @+1 {{unit 'cta_strided' expects positive parameters}}
"test.op"() {a = #exo.unit<cta_strided(0)>} : () -> ()

// -----

// warp_in_cluster_strided needs a positive stride.
// expected-error @+1 {{unit 'warp_in_cluster_strided' expects positive parameters}}
"test.op"() {a = #exo.unit<warp_in_cluster_strided(-2)>} : () -> ()

// -----

// Both parameters of threads_strided must be positive.
// expected-error @+1 {{unit 'threads_strided' expects positive parameters}}
"test.op"() {a = #exo.unit<threads_strided(1, 0)>} : () -> ()

// -----

// A custom unit needs a non-empty domain.
// expected-error @+1 {{custom unit expects a non-empty domain and a box of the same rank, got ranks 0 and 0}}
"test.op"() {a = #exo.unit<custom<[], []>>} : () -> ()

// -----

// A custom unit's box has the rank of its domain.
// expected-error @+1 {{custom unit expects a non-empty domain and a box of the same rank, got ranks 2 and 1}}
"test.op"() {a = #exo.unit<custom<[blockDim, 8], [1]>>} : () -> ()

// -----

// A zero domain entry is rejected.
// expected-error @+1 {{domain and box entries must be positive, got 0}}
"test.op"() {a = #exo.unit<custom<[0], [1]>>} : () -> ()

// -----

// A negative box entry that is no symbol is rejected.
// expected-error @+1 {{domain and box entries must be positive, got -4}}
"test.op"() {a = #exo.unit<custom<[blockDim], [-4]>>} : () -> ()

// -----

// Regression: -1 is an error, not an alias of the symbol clusterDim.
// expected-error @+1 {{domain and box entries must be positive, got -1}}
"test.op"() {a = #exo.unit<custom<[-1, 8], [1, 4]>>} : () -> ()

// -----

// A box entry cannot exceed its domain entry.
// expected-error @+1 {{custom unit box entry 16 exceeds its domain entry 8}}
"test.op"() {a = #exo.unit<custom<[blockDim, 8], [1, 16]>>} : () -> ()

// -----

// The scaling dimension of a custom unit is a box dimension.
// expected-error @+1 {{custom unit scaling dimension 1 is out of range}}
"test.op"() {a = #exo.unit<custom<[8], [4], 1>>} : () -> ()

// -----

// The scaling dimension is -1 (none) or a box dimension.
// expected-error @+1 {{custom unit scaling dimension -2 is out of range}}
"test.op"() {a = #exo.unit<custom<[8], [4], -2>>} : () -> ()

// -----

// A scale must be positive.
// expected-error @+1 {{a unit can only be scaled by a positive integer, got 0}}
"test.op"() {a = #exo.unit<0 * warp>} : () -> ()

// -----

// A negative scale is rejected too.
// expected-error @+1 {{a unit can only be scaled by a positive integer, got -2}}
"test.op"() {a = #exo.unit<-2 * warp>} : () -> ()

// -----

// A scale needs its `*`.
// expected-error @+1 {{expected '*'}}
"test.op"() {a = #exo.unit<4 warp>} : () -> ()

// -----

// quadpair has no scaling dimension.
// expected-error @+1 {{unit 'quadpair' is not scalable}}
"test.op"() {a = #exo.unit<2 * quadpair>} : () -> ()

// -----

// cluster has no scaling dimension.
// expected-error @+1 {{unit 'cluster' is not scalable}}
"test.op"() {a = #exo.unit<2 * cluster>} : () -> ()

// -----

// A custom unit without a scaling dimension is not scalable.
// expected-error @+1 {{unit 'custom' is not scalable}}
"test.op"() {a = #exo.unit<2 * custom<[8], [4]>>} : () -> ()


//===----------------------------------------------------------------------===//
// #exo.mode
//===----------------------------------------------------------------------===//

// -----

// A loop mode keyword that names no mode is rejected.
// expected-error @+1 {{unknown loop mode 'parallel'}}
"test.op"() {a = #exo.mode<parallel>} : () -> ()

// -----

// The same error in the custom syntax of exo.for.
exo.proc @p() {
  // expected-error @+1 {{unknown loop mode 'parallel'}}
  exo.for %i = 0 to 4 parallel {
  }
}

// -----

// cuda_threads needs a unit: the parser asks for it.
// expected-error @+1 {{expected '<'}}
"test.op"() {a = #exo.mode<cuda_threads>} : () -> ()

// -----

// The unit of cuda_threads is checked like any unit, with one error.
// expected-error @+1 {{unit 'quadpair' is not scalable}}
"test.op"() {a = #exo.mode<cuda_threads<2 * quadpair>>} : () -> ()

// -----

// The same error in the custom syntax of exo.for.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{unit 'quadpair' is not scalable}}
      exo.for %i = 0 to 4 cuda_threads<2 * quadpair> {
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// #exo.warp_group
//===----------------------------------------------------------------------===//

// -----

// A setmaxnreg budget goes up (inc) or down (dec).
// expected-error @+1 {{expected 'inc' or 'dec', got 'up'}}
"test.op"() {a = #exo.warp_group<"g", 4, up 40>} : () -> ()

// -----

// The same error inside exo.device_function.
exo.proc @p() {
  // expected-error @+1 {{expected 'inc' or 'dec', got 'down'}}
  exo.device_function(warps = [<"g", 4, down 40>]) {
  }
}

//===----------------------------------------------------------------------===//
// #exo.instr
//===----------------------------------------------------------------------===//

// -----

// The timeline of an instruction is one of the instruction timelines.
// expected-error @+1 {{unknown instruction timeline 'sync'}}
"test.op"() {a = #exo.instr<unit = thread, timeline = sync, lowering = "x">} : () -> ()

// -----

// The barrier of an instruction is a barrier mechanism.
// expected-error @+1 {{unknown barrier mechanism 'fence'}}
"test.op"() {a = #exo.instr<unit = thread, timeline = wgmma, lowering = "x", barrier = fence>} : () -> ()

// -----

// Unknown fields are rejected.
// expected-error @+1 {{unknown instr field 'latency' (expected unit, timeline, lowering or barrier)}}
"test.op"() {a = #exo.instr<unit = thread, timeline = wgmma, lowering = "x", latency = 4>} : () -> ()

// -----

// unit, timeline and lowering are required.
// expected-error @+1 {{instr expects the fields unit, timeline and lowering}}
"test.op"() {a = #exo.instr<unit = thread, lowering = "x">} : () -> ()

// -----

// The same error on a proc, reported at the instr attribute.
// expected-error @+2 {{instr expects the fields unit, timeline and lowering}}
exo.proc @p()
    instr<timeline = wgmma, lowering = "x"> {
}

// -----

// The unit of an instruction is checked like any unit, with one error.
// expected-error @+1 {{unit 'quadpair' is not scalable}}
"test.op"() {a = #exo.instr<unit = 2 * quadpair, timeline = wgmma, lowering = "x">} : () -> ()

//===----------------------------------------------------------------------===//
// #exo.access
//===----------------------------------------------------------------------===//

// -----

// The access mode is read, write or read_write.
// expected-error @+1 {{unknown access mode 'modify'}}
"test.op"() {a = #exo.access<modify>} : () -> ()

// -----

// Unknown access flags are rejected.
// expected-error @+1 {{unknown access flag 'volatile' (expected out_of_order, atomic, oob or distributed)}}
"test.op"() {a = #exo.access<read, volatile>} : () -> ()

// -----

// Distributed units are checked like any unit.
// expected-error @+1 {{unknown collective unit 'block'}}
"test.op"() {a = #exo.access<write, distributed [cta, block]>} : () -> ()

// -----

// An instr field may be given once.
// expected-error @+1 {{duplicate instr field 'unit'}}
"test.op"() {a = #exo.instr<unit = thread, unit = warp, timeline = wgmma, lowering = "x">} : () -> ()

// -----

// An access flag may be given once.
// expected-error @+1 {{duplicate access flag 'distributed'}}
"test.op"() {a = #exo.access<write, distributed [cta], distributed [warp]>} : () -> ()

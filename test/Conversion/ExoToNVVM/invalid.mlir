// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-lower-to-nvvm

// Errors of -exo-lower-to-nvvm: one chunk per diagnostic of
// lib/Conversion/ExoToNVVM (the kernel lowering, and the emitters of the
// instruction families in Families/; those of #exo.mma and of the bf16
// accumulator store are in invalid-mma.mlir), each on a program that the
// verifiers accept. Every hardware instruction is called by its family
// (`exo.call #exo.tma<...>(...)`). The rules of operand layouts that the
// lowering shares with the collective analysis (ExoOps.h) are refused by
// the analysis first, with the same message; the rules of allocations,
// device operations and shuffles are tested with the analysis alone
// (test/Analysis/collectives-device-rules.mlir), those of 16-byte vector
// global accesses beside it (test/Analysis/collectives-vector-global.mlir),
// the mbarrier init counts in test/Analysis/collectives-arrive-lowering.mlir.
//
// Not here: the diagnostics that the op verifiers or the collective
// analysis always pre-empt (a second cuda_tasks loop, code between
// cuda_tasks loops, task bounds computed in the nest, setmaxnreg budgets
// mixed in a warpgroup, a warp group name without groups, a non-constant
// on-chip extent, a call of a non-instruction proc, a box rank that is not
// the tensor's), those whose input always has a lowering (arrays, barriers
// and values without one), the fence and named-barrier limits that the
// fence units cannot reach, the issuers of a TMA load spanning different
// numbers of CTAs, the dead "single threads of different instances"
// check, and the emitter checks that no family call fails: the call
// verifier holds a family call to its instance's signature (element types,
// memories, constant extents, oob parameters) and the collective analysis
// to its unit and distributed dimensions (scripts/diagnostics_exempt.txt
// names each).

//===----------------------------------------------------------------------===//
// Host code and the kernel signature
//===----------------------------------------------------------------------===//

// Host code may encode tensor maps, but a plain gmem window has no lowering.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @host_window(%N: index, %x: !x) {
  // expected-error @+1 {{'exo.window' op in host code must encode a tensor map of a gmem argument to be lowered}}
  %w = exo.window %x[0 :+ 4] : !x -> !exo.window<[4], f32, gmem>
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// A tensor map of part of a tensor (valid exo) is not lowered.
!A = !exo.tensor<[M, K], f32, gmem>
exo.proc @partial_tensor_map(%M: index, %K: index, %A: !A) {
  // expected-error @+1 {{encodes a tensor map of part of a tensor; only whole tensors (`[:, :]`) are lowered}}
  %m = exo.window %A[0 :+ 128, :] : !A -> !exo.window<[128, K], f32, tma_map<0, [128, 32]>>
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %M cuda_tasks {
    }
  }
}

// -----

// Host code may only compute sizes, encode tensor maps and zero arguments:
// no loops.
exo.proc @host_loop(%N: index) {
  // expected-error @+1 {{'exo.for' op in host code has no GPU lowering (host code may only compute sizes}}
  exo.for %i = 0 to 2 seq {
  }
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// Kernel parameters are index, f32, i32 and gmem tensors.
!x = !exo.tensor<[N], f32, gmem>
// expected-error @+1 {{'exo.proc' op argument 'h' of type 'f16' cannot be passed to a GPU kernel (index, f32, i32 and gmem tensors can)}}
exo.proc @f16_argument(%N: index, %h: f16, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// The launcher zeroes memory before the launch, not after it.
!C = !exo.tensor<[M, N], f32, gmem>
exo.proc @memset_after_launch(%M: index, %N: index, %C: !C) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %M cuda_tasks {
    }
  }
  // expected-error @+1 {{'exo.call' op zeroes memory after the device function; the launcher can only do it before the launch}}
  exo.call #exo.memset0<rank = 2, dtype = f32>(%M, %N, %C) : (index, index, !C)
}

// -----

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

// An instruction whose lowering has no GPU implementation.
!x = !exo.tensor<[N], f32, gmem>
!V = !exo.window<[4], f32, gmem>
exo.proc @st_zero_v4(%dst: !V {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_zero_v4"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %dst[%i] = %zero : !V
  }
}
exo.proc @unknown_lowering(%N: index, %x: !x) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %w = exo.window %x[%i4 :+ 4] : !x -> !V
        // expected-error @+1 {{'exo.call' op calls instruction @st_zero_v4 whose lowering "st_zero_v4" is not implemented for the GPU}}
        exo.call @st_zero_v4(%w) : (!V)
      }
    }
  }
}

// -----

// TMA loads (#exo.tma<kind = load>)
//
// A 64 x 32 window of a tensor map whose box is 32 x 32, issued by one CTA.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [32, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [32, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_box_mismatch(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op moves 64 elements along dimension 0 of the tensor map per issuing CTA, but its box has 32}}
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32, box = [32, 32]>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// TMA stores (#exo.tma<kind = store>)
//
// The source is the left half of 64-element rows: not one dense box.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store_strided_source(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source is not one dense box (no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// wgmma (#exo.wgmma_zero, #exo.wgmma, #exo.wgmma_store)
//
// A zero of columns 4-11 of a 64 x 16 accumulator tile: #exo.wgmma_zero
// zeroes a whole tile or whole 8-column blocks of one; these columns split
// two blocks' registers.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!Dh = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @wgmma_zero_of_split_blocks(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 4 :+ 8] : !Dt -> !Dh
      // expected-error @+1 {{'exo.call' op passes columns 4 to 12 and rows 0 to 64 of a wgmma accumulator tile of}}
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!Dh)
    }
  }
}

// -----

// A wgmma into a column window of an accumulator tile: its columns must be
// whole 8-column blocks at a constant offset (the registers it writes are
// then known); columns 4-11 split two blocks' registers.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @wgmma_into_split_blocks(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 4 :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      // expected-error @+1 {{'exo.call' op passes columns 4 to 12 and rows 0 to 64 of a wgmma accumulator tile of}}
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// The same at a column offset the lowering cannot read as a constant (the
// task index's multiple of 8).
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @wgmma_into_dynamic_window(%N: index) requires affine_set<()[N] : (1 - N >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %c8 = arith.constant 8 : index
      %o = arith.muli %t, %c8 : index
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      // expected-error @+1 {{'exo.call' op passes a window of a wgmma accumulator at an offset that is not a constant, but the instruction names the accumulator's registers when the kernel is compiled; compute it from constants and the iterators of seq loops with constant bounds}}
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// The A operand in unswizzled shared memory (core matrices) from a tensor
// whose rows are 32 bytes: the descriptor's core matrices are 8 rows of 16
// contiguous bytes.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[2, 64, 8], f32, smem>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[2, 64, 4], f32, smem>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_unswizzled_a(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :, 0 :+ 4] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand in unswizzled shared memory must be a 2 x 64 x 4 window (two columns of 8 x 16-byte core matrices) of a tensor whose rows are 16 bytes}}
      exo.call #exo.wgmma<n = 8, dtype = tf32, a = interleave>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// The A operand in swizzled shared memory whose rows are not one swizzle
// span (128-byte rows, 64-byte swizzle).
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[64, 32], f32, smem_swizzle<64>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<64>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_wrong_span(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand must be a 64 x 8 window of swizzled shared memory (32, 64 or 128 bytes) whose K is the tensor's last dimension and whose rows are one swizzle span apart, of tf32}}
      exo.call #exo.wgmma<n = 8, dtype = tf32, a = sw64>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// The accumulator stored into swizzled shared memory whose rows (16 f32,
// 64 bytes) are not whole 128-byte swizzle spans.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem_swizzle<128>>
!Cw = !exo.window<[64, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_store_to_swizzled_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[:, 0 :+ 8] : !Cs -> !Cw
      // expected-error @+1 {{'exo.call' op the destination of an accumulator store must be a 64 x 8 window of global memory, of unswizzled shared memory, or of swizzled shared memory whose rows are whole swizzle spans (the window's last two dimensions, its first column even)}}
      exo.call #exo.wgmma_store<n = 8, dst = smem_swizzle<128>>(%c, %d) : (!Cw, !D)
    }
  }
}

// -----

// A column window of the accumulator at an offset known only at run time:
// the registers a store reads must be known when lowering. (A loop of a
// constant trip count over registers is unrolled, which makes the offset
// constant; a size-bounded one is not.)
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @wgmma_store_column_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      exo.for %q = 0 to %N seq {
        %c8 = arith.constant 8 : index
        %o = arith.muli %q, %c8 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
        // expected-error @+1 {{'exo.call' op passes a window of a wgmma accumulator at an offset that is not a constant, but the instruction names the accumulator's registers when the kernel is compiled; compute it from constants and the iterators of seq loops with constant bounds}}
        exo.call #exo.wgmma_store<n = 8, dst = smem>(%C, %d) : (!Cs, !D)
      }
    }
  }
}

// -----

// The same with a constant trip count whose unrolling would make more than
// 4096 copies of the store: the loop stays a loop.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @wgmma_store_column_window_long(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      exo.for %q = 0 to 8192 seq {
        %c8 = arith.constant 8 : index
        %c4 = arith.constant 4 : index
        %r = arith.remui %q, %c4 : index
        %o = arith.muli %r, %c8 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
        // expected-error @+1 {{'exo.call' op passes a window of a wgmma accumulator at an offset that is not a constant, but the instruction names the accumulator's registers when the kernel is compiled; compute it from constants and the iterators of seq loops with constant bounds}}
        exo.call #exo.wgmma_store<n = 8, dst = smem>(%C, %d) : (!Cs, !D)
      }
    }
  }
}

// -----

// A column window that splits an 8-column block of the fragment.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @wgmma_store_column_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, 4 :+ 8] : !Dt -> !D
      // expected-error @+1 {{'exo.call' op passes columns 4 to 12 and rows 0 to 64 of a wgmma accumulator tile of}}
      exo.call #exo.wgmma_store<n = 8, dst = smem>(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Device functions
//===----------------------------------------------------------------------===//

// A proc lowers to one kernel.
exo.proc @two_device_functions(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
  // expected-error @+1 {{'exo.device_function' op is a second device function in @two_device_functions; a proc lowers to one kernel}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// A launch inside a host loop.
exo.proc @launch_in_a_loop(%N: index) {
  exo.for %i = 0 to 2 seq {
    // expected-error @+1 {{'exo.device_function' op must be at the top level of its proc to be lowered}}
    exo.device_function(blockDim = 128) {
      exo.for %t = 0 to %N cuda_tasks {
      }
    }
  }
}

// -----

// Swizzled rows of two spans (column chunks) are written by accumulator
// stores and read by TMA stores, not loaded by TMA.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem_swizzle<128>>
!Sw = !exo.window<[64, 32], f32, smem_swizzle<128>>
exo.proc @tma_load_chunked(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %bar = exo.alloc : !exo.barrier<mbarrier, [1]>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        %w = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA load into swizzled shared memory needs rows of one swizzle span (128 bytes)}}
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>(%w, %a) >> %bar[0] : (!Sw, !Atile) >> !exo.barrier<mbarrier, [1]>
        exo.arrive(cuda_temporal) >> %bar[0] : !exo.barrier<mbarrier, [1]>
      }
      exo.await(%bar[0], cuda_in_order, 0) : !exo.barrier<mbarrier, [1]>
    }
  }
}

// -----

// A TMA store from swizzled shared memory needs rows of whole swizzle spans:
// here 16 f32 (64 bytes) under a 128-byte swizzle.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [32, 16]>>
!Ctile = !exo.window<[32, 16], f32, tma_map<128, [32, 16]>>
!S = !exo.tensor<[64, 16], f32, smem_swizzle<128>>
!Sw = !exo.window<[32, 16], f32, smem_swizzle<128>>
exo.proc @tma_store_short_rows(%M: index, %N: index, %C: !C) {
  %c32 = arith.constant 32 : index
  %Mt = arith.divui %M, %c32 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c32 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 32, 0 :+ 16] : !Cmap -> !Ctile
        %w = exo.window %s[0 :+ 32, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store from swizzled shared memory needs a window of a tensor whose rows are whole swizzle spans: of its last two dimensions, or, with rows of one span, of any of its dimensions}}
        exo.call #exo.tma<kind = store, shape = [32, 16], dtype = f32, swizzle = 128>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// Rows of two swizzle spans go out in two column chunks, the second
// 9 * 128 bytes after the first: a chunk's rows must fill whole 1024-byte
// patterns. (With rows of one span, nine rows are one box: the TMA sweep
// of test/GPU/gen_tma_models.py stores such boxes.)
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [9, 32]>>
!Ctile = !exo.window<[9, 64], f32, tma_map<128, [9, 32]>>
!S = !exo.tensor<[9, 64], f32, smem_swizzle<128>>
!Sw = !exo.window<[9, 64], f32, smem_swizzle<128>>
exo.proc @tma_store_partial_pattern(%M: index, %N: index, %C: !C) {
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      exo.warps 0 to 1 {
        %d = exo.window %C_map[0 :+ 9, 0 :+ 64] : !Cmap -> !Ctile
        %w = exo.window %s[:, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source must start at a multiple of 1024 bytes}}
        exo.call #exo.tma<kind = store, shape = [9, 64], dtype = f32, swizzle = 128, box = [9, 32]>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// Rows of one span, but the window fixes the tensor's last dimension (a
// column of it): not a box of whole rows.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [2, 8]>>
!Ctile = !exo.window<[2, 8], f32, tma_map<128, [2, 8]>>
!S = !exo.tensor<[2, 8, 32], f32, smem_swizzle<128>>
!Sw = !exo.window<[2, 8], f32, smem_swizzle<128>>
exo.proc @tma_store_span_column(%M: index, %N: index, %C: !C) {
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      exo.warps 0 to 1 {
        %d = exo.window %C_map[0 :+ 2, 0 :+ 8] : !Cmap -> !Ctile
        %w = exo.window %s[:, :, 0] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store from swizzled shared memory needs a window of a tensor whose rows are whole swizzle spans}}
        exo.call #exo.tma<kind = store, shape = [2, 8], dtype = f32, swizzle = 128>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// cp.async from 4 elements of a column of a row-major tensor: the source is
// not one contiguous run of 16 bytes.
!X = !exo.tensor<[N, 32], f32, gmem>
!Sm = !exo.tensor<[8, 32], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
exo.proc @cp_async_column(%N: index, %x: !X)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !Sm
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %d = exo.window %s[0, 0 :+ 4] : !Sm -> !Four
        %g = exo.window %x[0 :+ 4, 0] : !X -> !FourG
        // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs a shared-memory destination and a global source, each one contiguous run of 16 bytes along its last dimension}}
        exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d, %g) : (!Four, !FourG)
      }
    }
  }
}

// -----

// A TMA load into columns 0-31 of 64-column rows: the engine writes the box
// densely, so the window must be one dense box.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_nondense(%M: index, %K: index, %A: !A, %G: !exo.tensor<[M, 64], f32, gmem>) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !exo.tensor<[64, 64], f32, smem>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the shared-memory destination is not one dense box (after its distributed dimensions: no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA load into rows 1-64 of a [65, 8] f32 buffer: 32 bytes past the
// buffer's start, where cp.async.bulk.tensor needs 128.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 8]>>
!Atile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!S = !exo.tensor<[65, 8], f32, smem>
!Sw = !exo.window<[64, 8], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_misaligned(%M: index, %K: index, %A: !A, %G: !exo.tensor<[M, 64], f32, gmem>) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !exo.tensor<[65, 8], f32, smem>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[1 :+ 64, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 8] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the shared-memory destination must start at a multiple of 128 bytes (and so must each issuing CTA's slice of it)}}
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA store from s[:, 1, :] of a [64, 2, 32] buffer: its rows are 64
// elements apart, not one dense box.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 2, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store_nondense(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, 1, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source is not one dense box (no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// cp.async of 16 bytes from windows that start at element 4 t + 1: neither
// address is provably 16-byte aligned.
!Row = !exo.tensor<[N, 516], f32, gmem>
!Buf = !exo.tensor<[2, 520], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf4 = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %t4 = arith.muli %t, %c4 : index
          %t41 = arith.addi %t4, %c1 : index
          %d4 = exo.window %buf4[%slot, %t41 :+ 4] : !Buf -> !Four
          %s4 = exo.window %x[%i, %t41 :+ 4] : !Row -> !FourG
          // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs both addresses provably 16-byte aligned: each window must start at a multiple of 4 elements of rows whose length is one}}
          exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d4, %s4) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
          %w = exo.read %buf4[%slot, %t41] : !Buf
          exo.assign %y[%i, %t4] = %w : !Row
        }
      }
    }
  }
}

// -----

// A wgmma operand B[:, 1, 0:+8] of a [8, 2, 32] swizzled buffer: its rows
// are 256 bytes apart, the descriptor says one span (128).
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 2, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_swz_kept(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[4 :+ 64, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 1, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand must be a 8 x 8 window of swizzled shared memory (32, 64 or 128 bytes) whose K is the tensor's last dimension and whose rows are one swizzle span apart, of tf32}}
      exo.call #exo.wgmma<n = 8, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// A wgmma operand A[4:+64, 0:+8] of a 128-byte-swizzled buffer: it starts
// halfway into a swizzle pattern, and the descriptor's base offset is 0.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_swz_kept(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[4 :+ 64, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand in swizzled shared memory must start at a multiple of 8 rows (a swizzle pattern of 1024 bytes)}}
      exo.call #exo.wgmma<n = 8, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// An N-major B operand whose spans are 128 columns wide: a 128-byte swizzle
// span holds 64 bf16 columns, so the descriptor's atoms would not be the
// tensor's rows.
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!As = !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bs = !exo.tensor<[2, 16, 128], bf16, smem_swizzle<128>>
!Bk = !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>
exo.proc @wgmma_mn_span(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :] : !As -> !Ak
      %b = exo.window %B[:, :, 0 :+ 64] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op an N-major wgmma bf16 B operand must be a 2 x 16 x 64 window (spans of columns, k rows, one span of columns) of swizzled shared memory whose last dimension is one swizzle span and whose k rows are consecutive}}
      exo.call #exo.wgmma<n = 128, dtype = bf16, a = sw32, b = sw128_mn>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// An N-major B operand from k row 4: halfway into an atom of 8 k rows.
!Dt = !exo.tensor<[64, 64], f32, wgmma_accum>
!D = !exo.window<[64, 64], f32, wgmma_accum>
!As = !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bs = !exo.tensor<[1, 32, 64], bf16, smem_swizzle<128>>
!Bk = !exo.window<[1, 16, 64], bf16, smem_swizzle<128>>
exo.proc @wgmma_mn_start(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :] : !As -> !Ak
      %b = exo.window %B[:, 4 :+ 16, :] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op an N-major wgmma bf16 B operand must start at a multiple of 8 k rows (a swizzle pattern of 1024 bytes)}}
      exo.call #exo.wgmma<n = 64, dtype = bf16, a = sw32, b = sw128_mn>(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// A TMA store from rows 1-64 of a [65, 8] f32 buffer: 32 bytes past the
// buffer's start, where cp.async.bulk.tensor needs 128.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 8]>>
!Ctile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!S = !exo.tensor<[65, 8], f32, smem>
!Sw = !exo.window<[64, 8], f32, smem>
exo.proc @tma_store_misaligned(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 8] : !Cmap -> !Ctile
        %w = exo.window %s[1 :+ 64, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source must start at a multiple of 128 bytes}}
        exo.call #exo.tma<kind = store, shape = [64, 8], dtype = f32>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// launch = grid: a trip count the launcher cannot compute from the sizes.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @q(%N: index, %K: index, %v: !v) {
  %t2 = arith.maxui %N, %K : index
  exo.device_function(blockDim = 32, clusterDim = 1, launch = grid) {
    // expected-error @+1 {{has a trip count that is not an affine function of the sizes, which launch = grid needs to size the grid}}
    exo.for %t = 0 to %t2 cuda_tasks {
    }
  }
}

// -----

// A box that starts 4 bytes into a row (column 1 of f32): the copy engine
// moves boxes from a multiple of 16 bytes of the innermost dimension and
// faults on this one (the TMA sweep on the H200).
!X = !exo.tensor<[16, 16], f32, gmem>
!Xmap = !exo.window<[16, 16], f32, tma_map<0, [8, 12]>>
!Xbox = !exo.window<[8, 12], f32, tma_map<0, [8, 12]>>
!S = !exo.tensor<[8, 12], f32, smem>
!Sw = !exo.window<[8, 12], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_unaligned_column(%X: !X) {
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, 1 :+ 12] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (4 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = load, shape = [8, 12], dtype = f32>(%d, %b) >> %full[0] : (!Sw, !Xbox) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

// The same for a store, at a column the program computes: 4 * j + 2 is
// never a multiple of 4.
!X = !exo.tensor<[16, 64], f32, gmem>
!Xmap = !exo.window<[16, 64], f32, tma_map<0, [8, 12]>>
!Xbox = !exo.window<[8, 12], f32, tma_map<0, [8, 12]>>
!S = !exo.tensor<[8, 12], f32, smem>
!Sw = !exo.window<[8, 12], f32, smem>
exo.proc @tma_store_unaligned_column(%X: !X) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %s = exo.alloc : !S
      %c0 = arith.muli %t, %c4 : index
      %col = arith.addi %c0, %c2 : index
      exo.warps 0 to 1 {
        %w = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, %col :+ 12] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (4 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = store, shape = [8, 12], dtype = f32>(%b, %w) : (!Xbox, !Sw)
      }
    }
  }
}

// -----

// An mbarrier that no arrive and no trailing barrier names has no init
// count. (-exo-verify-collectives refuses it by the barrier usage rules,
// which the lowering does not run.)
exo.proc @never_named() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op is an mbarrier that nothing arrives on: no arrive and no trailing barrier names it}}
      %bar = exo.alloc : !exo.barrier<mbarrier, [1]>
      exo.await(%bar[0], cuda_in_order, 0) : !exo.barrier<mbarrier, [1]>
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// The TMA copies, cp.async and the wgmma descriptors address their
// shared-memory windows by a layout the hardware fixes: a TMA box is dense
// and starts at its swizzle pattern's alignment, a cp.async moves an aligned
// run, a wgmma operand's rows are one swizzle span apart from a pattern's
// first row. The collective analysis asks the rules the lowering asks
// (WindowGeometry, ExoOps.h) and refuses what the lowering could not emit,
// with the lowering's message, before any code is generated.

// Accepted: a TMA load of 64 x 32 f32 into rows 64-127 of a [128, 32]
// buffer (8 KiB in: a multiple of 128 bytes), at an offset 64 t' that a
// loop gives.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[128, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_dense(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        exo.for %h = 1 to 2 seq {
          %r = arith.muli %h, %c64 : index
          %d = exo.window %s[%r :+ 64, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
          exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
          exo.arrive(cuda_temporal) >> %bar[0] : !Bar
        }
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA load into columns 0-31 of 64-column rows: the engine writes the box
// densely.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_nondense(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
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

// A TMA load at row 2 h of a [72, 8] f32 buffer, for an iterator h: 64 h
// bytes in, a multiple of 128 only for even h, so not provably aligned.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 8]>>
!Atile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!S = !exo.tensor<[72, 8], f32, smem>
!Sw = !exo.window<[64, 8], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_misaligned(%M: index, %K: index, %A: !A) {
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        exo.for %h = 0 to 2 seq {
          %r = arith.muli %h, %c2 : index
          %d = exo.window %s[%r :+ 64, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 8] : !Amap -> !Atile
          // expected-error @+1 {{'exo.call' op the shared-memory destination must start at a multiple of 128 bytes (and so must each issuing CTA's slice of it)}}
          exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
          exo.arrive(cuda_temporal) >> %bar[0] : !Bar
        }
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// An epilogue stage padded to 132 columns (against bank conflicts) and
// stored by TMA: its 128-column window is not one dense box.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 128]>>
!Ctile = !exo.window<[64, 128], f32, tma_map<0, [64, 128]>>
!S = !exo.tensor<[64, 132], f32, smem>
!Sw = !exo.window<[64, 128], f32, smem>
exo.proc @tma_store_padded_stage(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 128] : !Cmap -> !Ctile
        %w = exo.window %s[:, 0 :+ 128] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source is not one dense box (no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call #exo.tma<kind = store, shape = [64, 128], dtype = f32>(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// A TMA store from rows 1-64 of a [65, 8] f32 buffer: 32 bytes past the
// buffer's start, where the copy engine needs 128.
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

// Accepted: cp.async of 16 bytes at element 4 t of rows of 516 (a multiple
// of 4) and of 520.
!Row = !exo.tensor<[N, 516], f32, gmem>
!Buf = !exo.tensor<[2, 520], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>
exo.proc @cp_async_aligned(%N: index, %x: !Row) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %t4 = arith.muli %t, %c4 : index
          %d = exo.window %buf[%slot, %t4 :+ 4] : !Buf -> !Four
          %s = exo.window %x[%i, %t4 :+ 4] : !Row -> !FourG
          exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d, %s) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
        }
      }
    }
  }
}

// -----

// cp.async of 16 bytes from rows of 514 f32: row i starts 2056 i bytes in,
// not provably a multiple of 16.
!Row = !exo.tensor<[N, 514], f32, gmem>
!Buf = !exo.tensor<[2, 520], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>
exo.proc @cp_async_rows(%N: index, %x: !Row) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %t4 = arith.muli %t, %c4 : index
          %d = exo.window %buf[%slot, %t4 :+ 4] : !Buf -> !Four
          %s = exo.window %x[%i, %t4 :+ 4] : !Row -> !FourG
          // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs both addresses provably 16-byte aligned: each window must start at a multiple of 4 elements of rows whose length is one}}
          exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d, %s) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
        }
      }
    }
  }
}

// -----

// cp.async into a shared-memory run at element 4 t + 2 of its row: 8 bytes
// off.
!Row = !exo.tensor<[N, 516], f32, gmem>
!Buf = !exo.tensor<[2, 520], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>
exo.proc @cp_async_smem(%N: index, %x: !Row) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %t4 = arith.muli %t, %c4 : index
          %t42 = arith.addi %t4, %c2 : index
          %d = exo.window %buf[%slot, %t42 :+ 4] : !Buf -> !Four
          %s = exo.window %x[%i, %t4 :+ 4] : !Row -> !FourG
          // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs both addresses provably 16-byte aligned}}
          exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d, %s) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
        }
      }
    }
  }
}

// -----

// Accepted: wgmma operands at rows 64 h of 128-byte-swizzled buffers (a
// whole number of 1024-byte patterns), for an iterator h.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_aligned(%N: index) {
  %c64 = arith.constant 64 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.for %h = 0 to 2 seq {
        %r = arith.muli %h, %c64 : index
        %a = exo.window %A[%r :+ 64, 0 :+ 8] : !As -> !Ak
        %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
        exo.call #exo.wgmma<n = 8, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
      }
    }
  }
}

// -----

// A wgmma operand at row 4 h of a 128-byte-swizzled buffer: halfway into a
// swizzle pattern for odd h, and the descriptor's base offset is 0.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_misaligned(%N: index) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.for %h = 0 to 2 seq {
        %r = arith.muli %h, %c4 : index
        %a = exo.window %A[%r :+ 64, 0 :+ 8] : !As -> !Ak
        %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
        // expected-error @+1 {{'exo.call' op a wgmma tf32 operand in swizzled shared memory must start at a multiple of 8 rows (a swizzle pattern of 1024 bytes)}}
        exo.call #exo.wgmma<n = 8, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
      }
    }
  }
}

// -----

// A wgmma B operand whose rows are 2 x 32 f32 apart: not one swizzle span.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 2, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_b_rows(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 1, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand must be a 8 x 8 window of swizzled shared memory (32, 64 or 128 bytes) whose K is the tensor's last dimension and whose rows are one swizzle span apart, of tf32}}
      exo.call #exo.wgmma<n = 8, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
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

// Accepted: ldmatrix into whole 16 x 8 mma_a fragments, one per warp and
// index j.
!Ar = !exo.tensor<[4, 2, 16, 8], f32, mma_a>
!Aw = !exo.window<[16, 8], f32, mma_a>
!S = !exo.tensor<[64, 8], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @load_whole_fragments(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %j = 0 to 2 seq {
          %a = exo.window %A[%w, %j, :, :] : !Ar -> !Aw
          %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
          exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %s) : (!Aw, !Sw)
        }
      }
    }
  }
}

// -----

// ldmatrix into row 3 of each of 16 fragments: the window is 16 x 8, but
// not one whole mma_a fragment, whose registers the lowering addresses.
!Ar = !exo.tensor<[4, 16, 16, 8], f32, mma_a>
!Aw = !exo.window<[16, 8], f32, mma_a>
!S = !exo.tensor<[64, 8], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @load_across_fragments(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, 3, :] : !Ar -> !Aw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op needs an A fragment: a whole 16 x 8 mma_a fragment (a window keeping the last two dimensions whole)}}
        exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %s) : (!Aw, !Sw)
      }
    }
  }
}

// -----

// An mma.sync whose B is row 0 of 8 consecutive 8 x 8 fragments: not one
// whole tf32 B fragment.
!Ar = !exo.tensor<[4, 16, 8], f32, mma_a>
!Aw = !exo.window<[16, 8], f32, mma_a>
!Br = !exo.tensor<[4, 8, 8, 8], f32, mma_b>
!Bw = !exo.window<[8, 8], f32, mma_b>
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
exo.proc @mma_b_across_fragments(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %B = exo.alloc : !Br
      %C = exo.alloc : !Cr
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, :] : !Ar -> !Aw
        %b = exo.window %B[%w, :, 0, :] : !Br -> !Bw
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        // expected-error @+1 {{'exo.call' op needs a B fragment: a whole 8 x 8 mma_b fragment (a window keeping the last two dimensions whole)}}
        exo.call #exo.mma<part = mma, dtype = tf32>(%c, %a, %b) : (!Cw, !Aw, !Bw)
      }
    }
  }
}

// -----

// Accepted: the accumulator stored at columns 8 h of 128-byte-swizzled
// shared memory whose rows are one span (32 f32).
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Cw = !exo.window<[64, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_store_to_spans(%N: index) {
  %c8 = arith.constant 8 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.for %h = 0 to 4 seq {
        %j = arith.muli %h, %c8 : index
        %c = exo.window %C[:, %j :+ 8] : !Cs -> !Cw
        exo.call #exo.wgmma_store<n = 8, dst = smem_swizzle<128>>(%c, %d) : (!Cw, !D)
      }
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
exo.proc @wgmma_store_to_half_spans(%N: index) {
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

// The accumulator stored at an odd column (2 h + 1) of swizzled shared
// memory: the pairs of a thread's registers would straddle 8-byte words.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Cw = !exo.window<[64, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_store_odd_column(%N: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.for %h = 0 to 4 seq {
        %h2 = arith.muli %h, %c2 : index
        %j = arith.addi %h2, %c1 : index
        %c = exo.window %C[:, %j :+ 8] : !Cs -> !Cw
        // expected-error @+1 {{'exo.call' op the destination of an accumulator store must be a 64 x 8 window}}
        exo.call #exo.wgmma_store<n = 8, dst = smem_swizzle<128>>(%c, %d) : (!Cw, !D)
      }
    }
  }
}

// -----

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

// An accumulator stored into swizzled shared memory.
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!S = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Sw = !exo.window<[16, 8], f32, smem_swizzle<32>>
exo.proc @store_swizzled(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the destination of an mma.sync accumulator store must be a 16 x 8 window of unswizzled shared memory or of global memory of the accumulator's type}}
        exo.call #exo.mma<part = store_c, dtype = f32, mem = smem_swizzle<32>>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// An accumulator store past the end of its tensor skips the elements outside
// it when the window spans the tensor's last two dimensions; a window over
// its first two (the last one a single index) is refused.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!C3 = !exo.tensor<[M, N, 2], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
exo.proc @oob_store_3d(%M: index, %N: index, %C: !C3)
    requires affine_set<()[M, N] : (N mod 16 == 0, M - 1 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window oob %C[0 :+ 64, 0 :+ 16, 1] : !C3 -> !Cw
      // expected-error @+1 {{'exo.call' op an accumulator store that may reach past the end of its tensor needs a 64 x 16 window of the last two dimensions of a global tensor}}
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}

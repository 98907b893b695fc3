// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-lower-to-nvvm

// Errors of the mma.sync family's emitter (#exo.mma, Families/Mma.cpp), of
// the bf16 accumulator store of #exo.wgmma_store (stmatrix, Families/Wgmma.cpp)
// and of mma.sync fragment accesses: one chunk per diagnostic, each on a
// program that the verifiers and the collective analysis accept (the shapes
// of fragment allocations: test/Analysis/collectives-device-rules.mlir).
//
// Not here: the emitter's checks of element types (a load from shared memory
// of another type, an mma.sync of other operand types, an stmatrix of f32,
// a conversion that widens), which no family call fails: the #exo.mma
// verifier fixes each part's types and the call verifier holds the
// arguments to them (scripts/diagnostics_exempt.txt).

// Reading an accumulator element by element on a whole warp: each lane
// accesses the elements it holds (test/Analysis/fragment-access.mlir has
// the layout's refusals; examples/model/model_mma.mlir the accepted case).
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!R = !exo.tensor<[128], f32, regs>
exo.proc @c_scalar(%N: index) {
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{'exo.read' op accesses element of the mma.sync accumulator 'C' on 32 threads}}
        %v = exo.read %C[%w, %c0, %c0] : !Cr
      }
    }
  }
}

// -----

// An A fragment element by element: only its instructions may access it.
!Ar = !exo.tensor<[4, 16, 8], f32, mma_a>
exo.proc @a_scalar(%N: index) {
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          // expected-error @+1 {{'exo.read' op accesses an mma.sync mma_a fragment element by element; only its instructions (load_a / load_b, mma) may}}
          %v = exo.read %A[%w, %c0, %c0] : !Ar
        }
      }
    }
  }
}

// -----

// Loading an A fragment into row 3 of each of 16 fragments: the window is
// 16 x 8, but not one whole mma_a fragment.
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

// ldmatrix rows 40 bytes apart (a tensor of 10 f32 per row).
!Ar = !exo.tensor<[4, 16, 8], f32, mma_a>
!Aw = !exo.window<[16, 8], f32, mma_a>
!S = !exo.tensor<[64, 10], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @load_pitch(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, :] : !Ar -> !Aw
        %s = exo.window %S[0 :+ 16, 0 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op ldmatrix reads a 16 x 8 window of unswizzled shared memory whose rows are a multiple of 16 bytes apart (8 x 8 matrices of 16-bit values)}}
        exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %s) : (!Aw, !Sw)
      }
    }
  }
}

// -----

// ldmatrix rows that start 8 bytes into a 16-byte unit.
!Br = !exo.tensor<[4, 8, 8], f32, mma_b>
!Bw = !exo.window<[8, 8], f32, mma_b>
!S = !exo.tensor<[8, 16], f32, smem>
!Sw = !exo.window<[8, 8], f32, smem>
exo.proc @load_misaligned(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %B = exo.alloc : !Br
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %b = exo.window %B[%w, :, :] : !Br -> !Bw
        %s = exo.window %S[:, 2 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op ldmatrix needs the window's first column at a multiple of 16 bytes (a sum of multiples of it)}}
        exo.call #exo.mma<part = load_b, dtype = tf32>(%b, %s) : (!Bw, !Sw)
      }
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

// stmatrix rows that start 8 bytes into a 16-byte unit.
!Cr = !exo.tensor<[4, 16, 8], bf16, mma_c>
!Cw = !exo.window<[16, 8], bf16, mma_c>
!S = !exo.tensor<[64, 16], bf16, smem>
!Sw = !exo.window<[16, 8], bf16, smem>
exo.proc @stmatrix_misaligned(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 4 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix needs the window's first column at a multiple of 16 bytes (a sum of multiples of it)}}
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// stmatrix rows 24 bytes apart.
!Cr = !exo.tensor<[4, 16, 8], bf16, mma_c>
!Cw = !exo.window<[16, 8], bf16, mma_c>
!S = !exo.tensor<[64, 12], bf16, smem>
!Sw = !exo.window<[16, 8], bf16, smem>
exo.proc @stmatrix_pitch(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 0 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix writes a 16 x 8 window of unswizzled shared memory whose rows are a multiple of 16 bytes apart (8 x 8 matrices of 16-bit values)}}
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// stmatrix of a wgmma accumulator into rows 24 bytes apart.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!Dw = !exo.window<[64, 8], f32, wgmma_accum>
!S = !exo.tensor<[64, 12], bf16, smem>
!Sw = !exo.window<[64, 8], bf16, smem>
exo.proc @stmatrix_d_pitch(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %S = exo.alloc : !S
      %d = exo.window %D[:, :] : !Dt -> !Dw
      %s = exo.window %S[:, 0 :+ 8] : !S -> !Sw
      // expected-error @+1 {{'exo.call' op stmatrix stores the accumulator as 16-bit values (an f32 one rounded to bf16 or f16): the destination must be a 64 x 8 window of unswizzled 16-bit shared memory whose rows are a multiple of 16 bytes apart, its first column a multiple of 8}}
      exo.call #exo.wgmma_store<n = 8, dst = smem, dtype = bf16>(%s, %d) : (!Sw, !Dw)
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="N=1" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// ldmatrix and stmatrix (the mma.sync family's load_a, load_b and
// stmatrix_c) address 16-byte rows of shared memory: the collective
// analysis, which the sync checker runs first, refuses a window the
// lowering could not address, with the same rule (checkMatrixWindow).

// Accepted: each warp's 16 x 8 window at column 8 (16 bytes) of rows 32
// bytes apart.
!Cr = !exo.tensor<[4, 16, 8], bf16, mma_c>
!Cw = !exo.window<[16, 8], bf16, mma_c>
!S = !exo.tensor<[64, 16], bf16, smem>
!Sw = !exo.window<[16, 8], bf16, smem>
exo.proc @stmatrix_aligned(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c16 = arith.constant 16 : index
        %r0 = arith.muli %w, %c16 : index
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[%r0 :+ 16, 8 :+ 8] : !S -> !Sw
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// Refused: rows that start 8 bytes into a 16-byte unit.
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
        %c16 = arith.constant 16 : index
        %r0 = arith.muli %w, %c16 : index
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[%r0 :+ 16, 4 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix needs the window's first column at a multiple of 16 bytes (a sum of multiples of it)}}
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// Refused: rows 24 bytes apart.
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
        %c16 = arith.constant 16 : index
        %r0 = arith.muli %w, %c16 : index
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[%r0 :+ 16, 0 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix writes a 16 x 8 window of unswizzled shared memory whose rows are a multiple of 16 bytes apart (8 x 8 matrices of 16-bit values)}}
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%s, %c) : (!Sw, !Cw)
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

// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="N=1 allow-unused-sizes=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// The stmatrix store of a wgmma accumulator (#exo.wgmma_store of bf16 or
// f16 into shared memory) addresses 16-byte rows: the collective analysis,
// which the sync checker runs first, refuses a destination the lowering
// could not address, with the same rule (checkStmatrixDestination).

// Accepted: a 64 x 16 bf16 stage whose rows are 32 bytes apart.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!S = !exo.tensor<[64, 16], bf16, smem>
!Sw = !exo.window<[64, 16], bf16, smem>
exo.proc @dense_stage(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %S = exo.alloc : !S
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %s = exo.window %S[:, :] : !S -> !Sw
        exo.call #exo.wgmma_store<n = 16, dst = smem, dtype = bf16>(%s, %d) : (!Sw, !D)
      }
    }
  }
}

// -----

// Refused: a stage padded to 20 columns (40-byte rows, a common way to
// avoid bank conflicts) has rows that are not 16 bytes apart.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!S = !exo.tensor<[64, 20], bf16, smem>
!Sw = !exo.window<[64, 16], bf16, smem>
exo.proc @padded_stage(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %S = exo.alloc : !S
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %s = exo.window %S[:, 0 :+ 16] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix stores the accumulator as 16-bit values (an f32 one rounded to bf16 or f16): the destination must be a 64 x 16 window of unswizzled 16-bit shared memory whose rows are a multiple of 16 bytes apart, its first column a multiple of 8}}
        exo.call #exo.wgmma_store<n = 16, dst = smem, dtype = bf16>(%s, %d) : (!Sw, !D)
      }
    }
  }
}

// -----

// Refused: a window whose first column (4) is not a multiple of 8.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!S = !exo.tensor<[64, 32], bf16, smem>
!Sw = !exo.window<[64, 16], bf16, smem>
exo.proc @misaligned_column(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %S = exo.alloc : !S
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %s = exo.window %S[:, 4 :+ 16] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix stores the accumulator as 16-bit values}}
        exo.call #exo.wgmma_store<n = 16, dst = smem, dtype = bf16>(%s, %d) : (!Sw, !D)
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

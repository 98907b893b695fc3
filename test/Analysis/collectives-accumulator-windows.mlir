// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// The wgmma instructions name the accumulator registers they use when the
// kernel is compiled: a window of a wgmma accumulator passed to one must be
// the whole 64 x N tile, or whole 8-column blocks of it at a constant
// offset, or at an offset computed from the iterators of loops that the
// lowering unrolls (isUnrolledRegisterLoop), in each of their iterations.
// The collective analysis refuses any other window (the lowering could not
// emit it).

// Accepted: columns 8-15 of a 64 x 16 tile, zeroed, multiplied into and
// stored.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @blocks_at_a_constant_offset(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %C = exo.alloc : !Cs
      %D = exo.alloc : !Dt
      %c4 = arith.constant 4 : index
      %c8 = arith.addi %c4, %c4 : index
      %d = exo.window %D[:, %c8 :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = smem>(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// Columns 4-11 split two 8-column blocks' registers.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @split_blocks(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 4 :+ 8] : !Dt -> !D
      // expected-error @+1 {{'exo.call' op passes columns 4 to 12 and rows 0 to 64 of a wgmma accumulator tile of 16 columns: a wgmma instruction needs a whole 64 x N wgmma accumulator tile, or whole 8-column blocks of one (its registers come in blocks of 8 columns)}}
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
    }
  }
}

// -----

// Rows 32-95 of a 128-row accumulator: not one tile's 64 rows (a window of
// a window; the offsets add up).
!Dt = !exo.tensor<[128, 16], f32, wgmma_accum>
!Dh = !exo.window<[96, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
exo.proc @rows_off_the_tile(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %h = exo.window %D[16 :+ 96, :] : !Dt -> !Dh
      %d = exo.window %h[16 :+ 64, :] : !Dh -> !D
      // expected-error @+1 {{'exo.call' op passes columns 0 to 16 and rows 32 to 96 of a wgmma accumulator tile of 16 columns}}
      exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
    }
  }
}

// -----

// Accepted: an offset computed from the iterator of a seq loop with constant
// bounds over registers, which the lowering unrolls: each iteration names
// its block's registers by constants.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @offset_of_an_unrolled_loop(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %j = 0 to 2 seq {
        %c8 = arith.constant 8 : index
        %o = arith.muli %j, %c8 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}

// -----

// ... but where one iteration's window is not whole 8-column blocks, the
// error names it.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @unrolled_offset_off_the_blocks(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %j = 0 to 2 seq {
        %c4 = arith.constant 4 : index
        %o = arith.muli %j, %c4 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
        // expected-error @+1 {{'exo.call' op passes columns 4 to 12 and rows 0 to 64 of a wgmma accumulator tile of 16 columns: a wgmma instruction needs a whole 64 x N wgmma accumulator tile, or whole 8-column blocks of one (its registers come in blocks of 8 columns) at j = 1}}
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}

// -----

// An offset that depends on the iterator of a loop whose trip count is a
// size: the lowering keeps the loop, and the registers are not known when
// the kernel is compiled.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @offset_of_a_loop(%N: index, %J: index)
    requires affine_set<()[N, J] : (1 - J >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %j = 0 to %J seq {
        %c8 = arith.constant 8 : index
        %o = arith.muli %j, %c8 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
        // expected-error @+1 {{'exo.call' op passes a window of a wgmma accumulator at an offset that is not a constant, but the instruction names the accumulator's registers when the kernel is compiled; compute it from constants and the iterators of seq loops with constant bounds, at most 4096 iterations in all (the lowering unrolls them), or unroll the loops it depends on (transform.exo.unroll)}}
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}
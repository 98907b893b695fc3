// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-lower-to-nvvm

// Errors of the mma.sync and stmatrix lowerings (MmaSync.cpp, wgmma_stmatrix_d
// in Instructions.cpp) and of mma.sync fragment
// allocations and accesses: one chunk per diagnostic, each on a program that
// the verifiers and the collective analysis accept.

// An mma_a fragment of another shape than 16 x 8 (tf32).
!Ar = !exo.tensor<[4, 16, 16], f32, mma_a>
exo.proc @a_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op an mma_a fragment must end in a 16 x 8 f32 (tf32), or 16 x 16 bf16/f16 tile per warp after its distributed dimensions}}
      %A = exo.alloc : !Ar
    }
  }
}

// -----

// An mma_c accumulator of another shape than 16 x 8.
!Cr = !exo.tensor<[4, 16, 16], f32, mma_c>
exo.proc @c_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op an mma_c fragment must end in a 16 x 8 f32, bf16 or f16 tile per warp after its distributed dimensions}}
      %C = exo.alloc : !Cr
    }
  }
}

// -----

// Reading an accumulator element by element: its layout over the lanes
// is known to its instructions only.
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!R = !exo.tensor<[128], f32, regs>
exo.proc @c_scalar(%N: index) {
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{'exo.read' op accesses mma_c memory element by element; only instructions may}}
        %v = exo.read %C[%w, %c0, %c0] : !Cr
      }
    }
  }
}

// -----

// Loading a bf16 fragment from f32 shared memory.
!Ar = !exo.tensor<[4, 16, 16], bf16, mma_a>
!Aw = !exo.window<[16, 16], bf16, mma_a>
!S = !exo.tensor<[64, 16], f32, smem>
!Sw = !exo.window<[16, 16], f32, smem>
exo.proc @load_a(%dst: !Aw {exo.access = #exo.access<write>},
    %src: !Sw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_a"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Sw
      %h = arith.truncf %v : f32 to bf16
      exo.assign %dst[%i, %j] = %h : !Aw
    }
  }
}
exo.proc @load_mixed(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, :] : !Ar -> !Aw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op loads an mma.sync fragment of f32 (tf32), bf16 or f16 from shared memory of that type}}
        exo.call @load_a(%a, %s) : (!Aw, !Sw)
      }
    }
  }
}

// -----

// Loading a B fragment (mma_b) with the A fragment's lowering.
!Br = !exo.tensor<[4, 8, 8], f32, mma_b>
!Bw = !exo.window<[8, 8], f32, mma_b>
!S = !exo.tensor<[64, 8], f32, smem>
!Sw = !exo.window<[8, 8], f32, smem>
exo.proc @load_a(%dst: !Bw {exo.access = #exo.access<write>},
    %src: !Sw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_a"> {
  exo.for %i = 0 to 8 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Bw
    }
  }
}
exo.proc @load_wrong_kind(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %B = exo.alloc : !Br
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %b = exo.window %B[%w, :, :] : !Br -> !Bw
        %s = exo.window %S[0 :+ 8, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op needs an A fragment: a whole 16 x 8 mma_a fragment (a window keeping the last two dimensions whole)}}
        exo.call @load_a(%b, %s) : (!Bw, !Sw)
      }
    }
  }
}

// -----

// ldmatrix from swizzled shared memory.
!Ar = !exo.tensor<[4, 16, 8], f32, mma_a>
!Aw = !exo.window<[16, 8], f32, mma_a>
!S = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Sw = !exo.window<[16, 8], f32, smem_swizzle<32>>
exo.proc @load_a(%dst: !Aw {exo.access = #exo.access<write>},
    %src: !Sw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_a"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Aw
    }
  }
}
exo.proc @load_swizzled(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, :] : !Ar -> !Aw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op ldmatrix reads a 16 x 8 window of unswizzled shared memory whose rows are a multiple of 16 bytes apart (8 x 8 matrices of 16-bit values)}}
        exo.call @load_a(%a, %s) : (!Aw, !Sw)
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
exo.proc @load_b(%dst: !Bw {exo.access = #exo.access<write>},
    %src: !Sw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_b"> {
  exo.for %i = 0 to 8 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Bw
    }
  }
}
exo.proc @load_misaligned(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %B = exo.alloc : !Br
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %b = exo.window %B[%w, :, :] : !Br -> !Bw
        %s = exo.window %S[:, 2 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op ldmatrix needs the window's first column at a multiple of 16 bytes (a sum of multiples of it)}}
        exo.call @load_b(%b, %s) : (!Bw, !Sw)
      }
    }
  }
}

// -----

// mma.sync tf32 on bf16 fragments.
!Ar = !exo.tensor<[4, 16, 16], bf16, mma_a>
!Br = !exo.tensor<[4, 8, 16], bf16, mma_b>
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Aw = !exo.window<[16, 16], bf16, mma_a>
!Bw = !exo.window<[8, 16], bf16, mma_b>
!Cw = !exo.window<[16, 8], f32, mma_c>
exo.proc @mma(%d: !Cw {exo.access = #exo.access<read_write>},
              %a: !Aw {exo.access = #exo.access<read>},
              %b: !Bw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_tf32"> {
  exo.for %m = 0 to 16 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 16 seq {
        %x = exo.read %a[%m, %k] : !Aw
        %y = exo.read %b[%n, %k] : !Bw
        %xe = arith.extf %x : bf16 to f32
        %ye = arith.extf %y : bf16 to f32
        %p = arith.mulf %xe, %ye : f32
        exo.reduce %d[%m, %n] += %p : !Cw
      }
    }
  }
}
exo.proc @mma_types(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %B = exo.alloc : !Br
      %C = exo.alloc : !Cr
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %a = exo.window %A[%w, :, :] : !Ar -> !Aw
        %b = exo.window %B[%w, :, :] : !Br -> !Bw
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        // expected-error @+1 {{'exo.call' op mma.sync tf32 multiplies tf32 A and B fragments into an f32 accumulator}}
        exo.call @mma(%c, %a, %b) : (!Cw, !Aw, !Bw)
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
exo.proc @store_c(%dst: !Sw {exo.access = #exo.access<write>},
    %src: !Cw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_store_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Cw
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @store_swizzled(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the destination of an mma.sync accumulator store must be a 16 x 8 window of unswizzled shared memory or of global memory of the accumulator's type}}
        exo.call @store_c(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// stmatrix of an f32 accumulator.
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!S = !exo.tensor<[64, 8], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @stmatrix(%dst: !Sw {exo.access = #exo.access<write>},
    %src: !Cw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_stmatrix_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Cw
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @stmatrix_f32(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix stores a 16-bit (bf16 or f16) accumulator to shared memory of its type}}
        exo.call @stmatrix(%s, %c) : (!Sw, !Cw)
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
exo.proc @stmatrix(%dst: !Sw {exo.access = #exo.access<write>},
    %src: !Cw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_stmatrix_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Cw
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @stmatrix_misaligned(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 4 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix needs the window's first column at a multiple of 16 bytes (a sum of multiples of it)}}
        exo.call @stmatrix(%s, %c) : (!Sw, !Cw)
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
exo.proc @stmatrix(%dst: !Sw {exo.access = #exo.access<write>},
    %src: !Cw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_stmatrix_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Cw
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @stmatrix_pitch(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 0 :+ 8] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op stmatrix writes a 16 x 8 window of unswizzled shared memory whose rows are a multiple of 16 bytes apart (8 x 8 matrices of 16-bit values)}}
        exo.call @stmatrix(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// Converting a bf16 accumulator to f32.
!Hr = !exo.tensor<[4, 16, 8], bf16, mma_c>
!Hw = !exo.window<[16, 8], bf16, mma_c>
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
exo.proc @widen(%dst: !Cw {exo.access = #exo.access<write>},
    %src: !Hw {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_convert_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Hw
      %h = arith.extf %v : bf16 to f32

      exo.assign %dst[%i, %j] = %h : !Cw
    }
  }
}
exo.proc @convert_widen(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %H = exo.alloc : !Hr
      %C = exo.alloc : !Cr
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %h = exo.window %H[%w, :, :] : !Hr -> !Hw
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        // expected-error @+1 {{'exo.call' op converts an f32 mma.sync accumulator to a bf16 or f16 one (round to nearest)}}
        exo.call @widen(%c, %h) : (!Cw, !Hw)
      }
    }
  }
}

// -----

// stmatrix of a wgmma accumulator into rows 24 bytes apart.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!S = !exo.tensor<[64, 12], bf16, smem>
!Sw = !exo.window<[64, 8], bf16, smem>
!Dw = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @stmatrix_d(%dst: !Sw {exo.access = #exo.access<write>},
    %src: !Dw {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_stmatrix_d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Dw
      %h = arith.truncf %v : f32 to bf16
      exo.assign %dst[%i, %j] = %h : !Sw
    }
  }
}
!Dt8 = !exo.tensor<[64, 8], f32, wgmma_accum>
exo.proc @stmatrix_d_pitch(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt8
      %S = exo.alloc : !S
      %d = exo.window %D[:, :] : !Dt8 -> !Dw
      %s = exo.window %S[:, 0 :+ 8] : !S -> !Sw
      // expected-error @+1 {{'exo.call' op stmatrix stores the accumulator rounded to bf16 or f16: the destination must be a 64 x 8 window of unswizzled 16-bit shared memory whose rows are a multiple of 16 bytes apart, its first column a multiple of 8}}
      exo.call @stmatrix_d(%s, %d) : (!Sw, !Dw)
    }
  }
}

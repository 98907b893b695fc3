// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-lower-to-nvvm

// Errors of the mma.sync family's emitter (#exo.mma, Families/Mma.cpp), of
// the bf16 accumulator store of #exo.wgmma_store (stmatrix, Families/Wgmma.cpp)
// and of mma.sync fragment accesses: one chunk per diagnostic, each on a
// program that the verifiers accept. The fragment and store-destination
// rules that the lowering shares with the collective analysis
// (checkMmaFragment, checkMmaStoreDestination) are refused by the analysis
// first, with the same message; the shapes of fragment allocations are
// tested in test/Analysis/collectives-device-rules.mlir, the shared-memory
// windows of ldmatrix and stmatrix in collectives-matrix-windows.mlir and
// collectives-stmatrix-destination.mlir.
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

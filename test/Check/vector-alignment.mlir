// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="M=128 K=8 N=132 allow-unused-sizes=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="symbolic=true" -verify-diagnostics -o /dev/null

// A 16-byte vector global load or store needs an address the compiler
// proves 16-byte aligned (the lowering could not emit it otherwise): the
// sync checker refuses what the lowering would, with the same rule
// (checkVectorGlobalAligned). Sizes come from `requires`.

// Accepted: each thread's run starts at a multiple of 4 of rows whose
// length `requires` makes a multiple of 4.
!A = !exo.tensor<[M, K], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @aligned_rows(%M: index, %K: index, %A: !A)
    requires affine_set<()[M, K] : (M - 128 == 0, K mod 4 == 0, K - 4 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %A[%i, 0 :+ 4] : !A -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// Refused: a window that may start at any element.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @unaligned_vector(%N: index, %x: !x)
    requires affine_set<()[N] : (N - 131 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %x[%i :+ 4] : !x -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector load needs a provably 16-byte-aligned address: the window's first element must be a multiple of 4}}
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// Refused: a run at a multiple of 4 of rows whose length may not be one
// (`requires` does not say K mod 4 == 0).
!A = !exo.tensor<[M, K], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @odd_rows(%M: index, %K: index, %A: !A)
    requires affine_set<()[M, K] : (M - 128 == 0, K - 4 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %A[%i, 0 :+ 4] : !A -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store needs a provably 16-byte-aligned address}}
        exo.call #exo.global<kind = store, width = 4, dtype = f32>(%s, %d) : (!V4, !R4)
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="M=128 K=8 N=132 allow-unused-sizes=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="symbolic=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// A 16-byte vector global load or store (#exo.global) moves one run of 16
// bytes along the last dimension of a thread's own registers and of a
// global tensor, at an address the compiler proves 16-byte aligned (the
// lowering could not emit it otherwise). The collective analysis, which
// the sync checker runs first, refuses what the lowering would, with the
// same rule (checkVectorGlobalOperands). Sizes come from `requires`.

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

// -----

// A 16-byte vector load moves 4 consecutive values: 4 elements of a column
// of a row-major tensor are not.
!X = !exo.tensor<[N, 2], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @column_vector(%N: index, %x: !X)
    requires affine_set<()[N] : (N - 512 >= 0)> {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %s = exo.window %x[%i4 :+ 4, 0] : !X -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector load moves 4 consecutive 'f32' values between a thread's registers (not an instruction's fragment) and global memory}}
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// A 16-byte vector load needs a provably aligned address: a window that may
// start at any element is refused.
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
        // expected-error @+1 {{'exo.call' op a 16-byte vector load needs a provably 16-byte-aligned address: the window's first element must be a multiple of 4 (a constant multiple, or a product with one) and so must the tensor's last extent (a constant, or a size that the proc's `requires` makes one: `N mod 4 == 0`)}}
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// ... and so is a window at a multiple of 4 in rows whose length may not be
// one.
!A = !exo.tensor<[M, K], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @odd_rows(%M: index, %K: index, %A: !A)
    requires affine_set<()[M, K] : (M - 128 >= 0, K - 4 >= 0)> {
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

// -----

// A 16-byte vector store of 4 register values that are not consecutive: a
// column of a thread's 4 x 2 array.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4, 2], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @column_of_registers(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 512 >= 0)> {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %s = exo.window %r[%i, :, 0] : !R -> !R4
        %d = exo.window %x[%i4 :+ 4] : !x -> !V4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store moves 4 consecutive 'f32' values between a thread's registers (not an instruction's fragment) and global memory}}
        exo.call #exo.global<kind = store, width = 4, dtype = f32>(%d, %s) : (!V4, !R4)
      }
    }
  }
}

// -----

// A constant offset of 2^41 + 1 elements is odd: divisibility is tracked
// soundly past 2^40 (the largest divisor it names), so no 16-byte
// alignment is claimed.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @huge_odd_offset(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 2199023255557 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %x[2199023255553 :+ 4] : !x -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store needs a provably 16-byte-aligned address}}
        exo.call #exo.global<kind = store, width = 4, dtype = f32>(%s, %d) : (!V4, !R4)
      }
    }
  }
}

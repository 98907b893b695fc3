// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s

// The mma.sync accumulator store: each lane's two pairs of adjacent columns
// (rows g and g + 8) are one 8-byte store each where the window's columns
// are its tensor's last dimension and provably start at an even element
// (an even column offset in rows of even length), else one 4-byte store per
// element.

// Shared memory, window at column 8 of 16-element rows: two vector stores.
// CHECK-LABEL: llvm.func @pairs_smem
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.return
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!S = !exo.tensor<[64, 16], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @pairs_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 8 :+ 8] : !S -> !Sw
        exo.call #exo.mma<part = store_c, dtype = f32>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// -----

// Rows of 15 elements: a pair may straddle a misaligned address, so four
// 4-byte stores.
// CHECK-LABEL: llvm.func @odd_rows
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK-NOT: vector<2xf32>
// CHECK: llvm.return
!Cr = !exo.tensor<[4, 16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!S = !exo.tensor<[64, 15], f32, smem>
!Sw = !exo.window<[16, 8], f32, smem>
exo.proc @odd_rows(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %C = exo.alloc : !Cr
      %S = exo.alloc : !S
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %c = exo.window %C[%w, :, :] : !Cr -> !Cw
        %s = exo.window %S[0 :+ 16, 0 :+ 8] : !S -> !Sw
        exo.call #exo.mma<part = store_c, dtype = f32>(%s, %c) : (!Sw, !Cw)
      }
    }
  }
}

// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s

// An accumulator store may take 8-column blocks of the tile at a constant
// offset (an epilogue in column chunks): the store of columns 16-31 of a
// 64 x 32 tile reads the fragment registers of blocks 2 and 3 only, fields
// 8-15 of the tile's 16, and writes them at columns 0-15 of the destination.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem>
exo.proc @store_columns(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, 16 :+ 16] : !Dt -> !D
      exo.call #exo.wgmma_store<n = 16, dst = smem>(%C, %d) : (!Cs, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @store_columns
// CHECK: %[[ACC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: llvm.extractvalue %[[ACC]][{{[0-7]}}]
// CHECK: llvm.extractvalue %[[ACC]][8]
// CHECK: llvm.extractvalue %[[ACC]][9]
// CHECK: llvm.extractvalue %[[ACC]][10]
// CHECK: llvm.extractvalue %[[ACC]][11]
// CHECK: llvm.extractvalue %[[ACC]][12]
// CHECK: llvm.extractvalue %[[ACC]][13]
// CHECK: llvm.extractvalue %[[ACC]][14]
// CHECK: llvm.extractvalue %[[ACC]][15]
// CHECK-NOT: llvm.extractvalue %[[ACC]]

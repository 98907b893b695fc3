// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s

// A wgmma may write 8-column blocks of an accumulator tile at a constant
// offset (a product that fills part of a tile, such as the half of a causal
// attention block that a warpgroup's rows see): the m64n8 wgmma into
// columns 8-15 of a 64 x 16 tile
// reads and writes block 1's registers only, fields 4-7 of the tile's 8,
// and leaves fields 0-3 as they were.
// CHECK-LABEL: llvm.func @ss_window
// CHECK: %[[ACC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: llvm.extractvalue %[[ACC]][{{[0-3]}}]
// CHECK: llvm.extractvalue %[[ACC]][4]
// CHECK: llvm.extractvalue %[[ACC]][5]
// CHECK: llvm.extractvalue %[[ACC]][6]
// CHECK: llvm.extractvalue %[[ACC]][7]
// CHECK: %[[R:.*]] = nvvm.wgmma.mma_async {{.*}} : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[W0:.*]] = llvm.insertvalue %[[R0]], %[[OLD]][4]
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[R]][1]
// CHECK: %[[W1:.*]] = llvm.insertvalue %[[R1]], %[[W0]][5]
// CHECK: %[[R2:.*]] = llvm.extractvalue %[[R]][2]
// CHECK: %[[W2:.*]] = llvm.insertvalue %[[R2]], %[[W1]][6]
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[R]][3]
// CHECK: %[[W3:.*]] = llvm.insertvalue %[[R3]], %[[W2]][7]
// CHECK: llvm.store %[[W3]]
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @ss_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 8 :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// A from registers (inline PTX): the accumulator operands tied in and out
// are the window's four registers, fields 0-3 of the tile's 8 (columns
// 0-7 of 16).
// CHECK-LABEL: llvm.func @rs_window
// CHECK: %[[ACC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: llvm.extractvalue %[[ACC]][{{[4-7]}}]
// CHECK: llvm.inline_asm {{.*}}wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}{{.*}}"=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3"
// CHECK: llvm.insertvalue %{{.*}}[0]
// CHECK: llvm.insertvalue %{{.*}}[3]
// CHECK-NOT: llvm.insertvalue %{{.*}}[{{[4-7]}}]
// CHECK: llvm.store
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Ar = !exo.window<[64, 16], bf16, wgmma_a>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @rs_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, wgmma_a>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 0 :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, wgmma_a> -> !Ar
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = regs, b = sw32>(%d, %a, %b) : (!D, !Ar, !Bw)
    }
  }
}

// -----

// f16 accumulators: two 32-bit registers of two f16 elements per 8-column
// block, so the m64n8 wgmma into columns 16-23 of a 64 x 32 tile reads and
// writes fields 4 and 5 of the tile's 8 (an m64n8 f16 struct of 2 i32).
// CHECK-LABEL: llvm.func @ss_window_f16
// CHECK: %[[ACC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
// CHECK-NOT: llvm.extractvalue %[[ACC]][{{[0-3]}}]
// CHECK: llvm.extractvalue %[[ACC]][4]
// CHECK: llvm.extractvalue %[[ACC]][5]
// CHECK-NOT: llvm.extractvalue %[[ACC]]
// CHECK: %[[R:.*]] = nvvm.wgmma.mma_async {{.*}} : !llvm.struct<(i32, i32)> -> !llvm.struct<(i32, i32)>
// CHECK: %[[OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0]
// CHECK: %[[W0:.*]] = llvm.insertvalue %[[R0]], %[[OLD]][4]
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[R]][1]
// CHECK: %[[W1:.*]] = llvm.insertvalue %[[R1]], %[[W0]][5]
// CHECK: llvm.store %[[W1]]
!Dt = !exo.tensor<[64, 32], f16, wgmma_accum>
!D = !exo.window<[64, 8], f16, wgmma_accum>
!Aw = !exo.window<[64, 16], f16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], f16, smem_swizzle<32>>
exo.proc @ss_window_f16(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], f16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], f16, smem_swizzle<32>>
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 16 :+ 8] : !Dt -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], f16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], f16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// #exo.wgmma_zero of columns 8-15 of a 64 x 16 tile: four zero registers
// written into fields 4-7, fields 0-3 kept, then the fence.
// CHECK-LABEL: llvm.func @zero_window
// CHECK: %[[Z:.*]] = llvm.inline_asm has_side_effects {{.*}}"mov.b32 $0, 0;\0Amov.b32 $1, 0;\0Amov.b32 $2, 0;\0Amov.b32 $3, 0;\0A", "=f,=f,=f,=f"
// CHECK: %[[OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK: %[[Z0:.*]] = llvm.extractvalue %[[Z]][0]
// CHECK: %[[W0:.*]] = llvm.insertvalue %[[Z0]], %[[OLD]][4]
// CHECK: %[[Z3:.*]] = llvm.extractvalue %[[Z]][3]
// CHECK: %[[W3:.*]] = llvm.insertvalue %[[Z3]], %{{.*}}[7]
// CHECK-NEXT: llvm.store %[[W3]]
// CHECK-NEXT: nvvm.wgmma.fence.aligned
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @zero_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, 8 :+ 8] : !Dt -> !D
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
    }
  }
}

// -----

// The bf16 store by stmatrix of columns 16-31 of a 64 x 32 tile: the
// pairs of block 2 (fields 8-11) and block 3 (fields 12-15), rounded and
// packed, one stmatrix.x4.
// CHECK-LABEL: llvm.func @stmatrix_window
// CHECK: %[[ACC:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: llvm.extractvalue %[[ACC]][{{[0-7]}}]
// CHECK: llvm.extractvalue %[[ACC]][8]
// CHECK: llvm.extractvalue %[[ACC]][9]
// CHECK: llvm.extractvalue %[[ACC]][15]
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!S = !exo.tensor<[64, 16], bf16, smem>
!Sw = !exo.window<[64, 16], bf16, smem>
exo.proc @stmatrix_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %S = exo.alloc : !S
      %d = exo.window %D[:, 16 :+ 16] : !Dt -> !D
      %s = exo.window %S[:, :] : !S -> !Sw
      exo.call #exo.wgmma_store<n = 16, dst = smem, dtype = bf16>(%s, %d) : (!Sw, !D)
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s

// scale_d = 0: the wgmma overwrites its accumulator (D = A B^T) instead of
// adding to it; the lowering passes the instruction's scale-d as 0. The
// GPU model kernel @model_wgmma_tf32_scale_d0 (examples/model/
// model_wgmma_forms.mlir) runs one after an accumulating one.

// Both operands in shared memory: the NVVM op's scale-out is zero for the
// second wgmma, one for the first.
// CHECK-LABEL: llvm.func @ss
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @ss(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32, scale_d = 0>(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// A from registers (inline PTX): the scale-d predicate's operand (the
// sixth, after A's four registers and B's descriptor) is 0.
// CHECK-LABEL: llvm.func @rs
// CHECK: llvm.inline_asm {{.*}}setp.ne.b32 p, $9, 0;{{.*}}wgmma.mma_async{{.*}}"=f,=f,=f,=f,r,r,r,r,l,r,0,1,2,3" %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %c0_i32{{[_0-9]*}},
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Ar = !exo.window<[64, 16], bf16, wgmma_a>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @rs(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, wgmma_a>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, wgmma_a> -> !Ar
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = regs, b = sw32, scale_d = 0>(%d, %a, %b) : (!D, !Ar, !Bw)
    }
  }
}

// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// f16 accumulators (`acc = f16`): each thread holds n / 4 32-bit registers
// of two f16 elements, the low half the even column. The wgmma is the
// .f16 accumulator form; the zeroing writes n / 4 registers; the stores
// write the registers as they are, with no conversion: 16-byte stores into
// global memory after the quad's transpose, stmatrix into shared memory.

!Dt = !exo.tensor<[64, 32], f16, wgmma_accum>
!D = !exo.window<[64, 32], f16, wgmma_accum>
!As = !exo.tensor<[64, 16], f16, smem_swizzle<32>>
!Aw = !exo.window<[64, 16], f16, smem_swizzle<32>>
!Ar = !exo.tensor<[64, 16], f16, wgmma_a>
!Arw = !exo.window<[64, 16], f16, wgmma_a>
!Bs = !exo.tensor<[32, 16], f16, smem_swizzle<32>>
!Bw = !exo.window<[32, 16], f16, smem_swizzle<32>>
!Cg = !exo.tensor<[M, N], f16, gmem>
!Cw = !exo.window<[64, 32], f16, gmem>
!Hs = !exo.tensor<[64, 32], f16, smem>
!Hw = !exo.window<[64, 32], f16, smem>

// Both operands in shared memory, the result into global memory.
exo.proc @acc_f16_ss(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                    M - 64 >= 0, N - 32 >= 0)> {
  %c32 = arith.constant 32 : index
  %T = arith.divsi %N, %c32 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %T cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :] : !As -> !Aw
      %b = exo.window %B[:, :] : !Bs -> !Bw
      exo.call #exo.wgmma_zero<n = 32, acc = f16>(%d) : (!D)
      exo.call #exo.wgmma<n = 32, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      %n0 = arith.muli %t, %c32 : index
      %c = exo.window %C[0 :+ 64, %n0 :+ 32] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = f16, acc = f16>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: .entry acc_f16_ss
// CHECK-COUNT-8: mov.b32 %r{{[0-9]+}}, 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NOT: cvt.rn.f16x2.f32
// CHECK: shfl.sync.bfly
// CHECK: st.global.v4.b32
// CHECK: ret;

// A from registers (inline PTX), the result into shared memory.
exo.proc @acc_f16_rs(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                    M - 64 >= 0, N - 32 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %A = exo.alloc : !Ar
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %H = exo.alloc : !Hs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :] : !Ar -> !Arw
      %b = exo.window %B[:, :] : !Bs -> !Bw
      %h = exo.window %H[:, :] : !Hs -> !Hw
      exo.call #exo.wgmma<n = 32, dtype = f16, a = regs, b = sw32, scale_d = 0, acc = f16>(%d, %a, %b) : (!D, !Arw, !Bw)
      exo.call #exo.wgmma_store<n = 32, dst = smem, dtype = f16, acc = f16>(%h, %d) : (!Hw, !D)
    }
  }
}
// CHECK-LABEL: .entry acc_f16_rs
// CHECK: wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// CHECK-NOT: cvt.rn.f16x2.f32
// CHECK: stmatrix.sync.aligned
// CHECK: ret;

// NVVM-LABEL: llvm.func @acc_f16_ss
// NVVM: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
// NVVM: "=r,=r,=r,=r,=r,=r,=r,=r"
// NVVM: nvvm.wgmma.mma_async {{.*}} D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
// NVVM-LABEL: llvm.func @acc_f16_rs
// NVVM: llvm.inline_asm {{.*}}wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16{{.*}}"=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,l,r,0,1,2,3,4,5,6,7"

// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s
// RUN: exo-gpu-opt %s -exo-materialize-instructions | FileCheck %s --check-prefix=BODY
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// The accumulator store rounded to f16 (`dtype = f16`), as to bf16: into
// global memory each thread's pair of adjacent columns is one
// cvt.rn.f16x2.f32 word, and the quad's transpose makes 16-byte stores
// where every run of eight columns starts at a multiple of eight; into
// shared memory, stmatrix. Its semantics round each element to f16.

!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 32], f32, wgmma_accum>
!Cg = !exo.tensor<[M, N], f16, gmem>
!Cw = !exo.window<[64, 32], f16, gmem>
!Hs = !exo.tensor<[64, 32], f16, smem>
!Hw = !exo.window<[64, 32], f16, smem>

exo.proc @store_f16_gmem(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                    M - 64 >= 0, N - 32 >= 0)> {
  %c32 = arith.constant 32 : index
  %T = arith.divsi %N, %c32 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %T cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.call #exo.wgmma_zero<n = 32>(%d) : (!D)
      %n0 = arith.muli %t, %c32 : index
      %c = exo.window %C[0 :+ 64, %n0 :+ 32] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = f16>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: .entry store_f16_gmem
// CHECK-COUNT-8: cvt.rn.f16x2.f32
// CHECK-NOT: cvt.rn.bf16x2.f32
// CHECK: shfl.sync.bfly
// CHECK: st.global.v4.b32
// CHECK: ret;

exo.proc @store_f16_smem(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                    M - 64 >= 0, N - 32 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %H = exo.alloc : !Hs
      %d = exo.window %D[:, :] : !Dt -> !D
      %h = exo.window %H[:, :] : !Hs -> !Hw
      exo.call #exo.wgmma_zero<n = 32>(%d) : (!D)
      exo.call #exo.wgmma_store<n = 32, dst = smem, dtype = f16>(%h, %d) : (!Hw, !D)
    }
  }
}
// CHECK-LABEL: .entry store_f16_smem
// CHECK: cvt.rn.f16x2.f32
// CHECK: stmatrix.sync.aligned

// BODY-LABEL: exo.proc @wgmma_store.m64n32.f16.gmem(%dst: !exo.window<[64, 32], f16, gmem> {exo.access = #exo.access<write, oob>}, %src: !exo.window<[64, 32], f32, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem">
// BODY: %[[V:.*]] = exo.read %src[%i, %j]
// BODY-NEXT: %[[H:.*]] = arith.truncf %[[V]] : f32 to f16
// BODY-NEXT: exo.assign %dst[%i, %j] = %[[H]] : !exo.window<[64, 32], f16, gmem>
// BODY-LABEL: exo.proc @wgmma_store.m64n32.f16.smem({{.*}} lowering = "wgmma_stmatrix_d"
// BODY: arith.truncf %{{.*}} : f32 to f16

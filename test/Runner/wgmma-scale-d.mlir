// RUN: exo-gpu-run %s --entry=overwrite --compare=once | FileCheck %s --check-prefix=SAME
// SAME: EQUIVALENT @overwrite @once
// RUN: not exo-gpu-run %s --entry=twice --compare=once | FileCheck %s --check-prefix=DIFF
// DIFF: NOT EQUIVALENT @twice @once

!Ag = !exo.tensor<[64, 16], bf16, gmem>
!Bg = !exo.tensor<[8, 16], bf16, gmem>
!Cg = !exo.tensor<[64, 8], f32, gmem>
!As = !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
!Bs = !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
!Cw = !exo.window<[64, 8], f32, gmem>

// D = A B^T, then scale-d = 0: D = A B^T again (not 2 A B^T).
exo.proc @overwrite(%A: !Ag, %B: !Bg, %C: !Cg) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %dt = exo.alloc : !Dt
      exo.for %i = 0 to 64 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %A[%i, %k] : !Ag
          exo.assign %as[%i, %k] = %x : !As
        }
      }
      exo.for %j = 0 to 8 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %B[%j, %k] : !Bg
          exo.assign %bs[%j, %k] = %x : !Bs
        }
      }
      %d = exo.window %dt[:, :] : !Dt -> !D
      %a = exo.window %as[:, :] : !As -> !Aw
      %b = exo.window %bs[:, :] : !Bs -> !Bw
      %c = exo.window %C[:, :] : !Cg -> !Cw
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32, scale_d = 0>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}

// D = A B^T.
exo.proc @once(%A: !Ag, %B: !Bg, %C: !Cg) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %dt = exo.alloc : !Dt
      exo.for %i = 0 to 64 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %A[%i, %k] : !Ag
          exo.assign %as[%i, %k] = %x : !As
        }
      }
      exo.for %j = 0 to 8 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %B[%j, %k] : !Bg
          exo.assign %bs[%j, %k] = %x : !Bs
        }
      }
      %d = exo.window %dt[:, :] : !Dt -> !D
      %a = exo.window %as[:, :] : !As -> !Aw
      %b = exo.window %bs[:, :] : !Bs -> !Bw
      %c = exo.window %C[:, :] : !Cg -> !Cw
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}

// D = A B^T, then D += A B^T: 2 A B^T.
exo.proc @twice(%A: !Ag, %B: !Bg, %C: !Cg) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %dt = exo.alloc : !Dt
      exo.for %i = 0 to 64 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %A[%i, %k] : !Ag
          exo.assign %as[%i, %k] = %x : !As
        }
      }
      exo.for %j = 0 to 8 seq {
        exo.for %k = 0 to 16 seq {
          %x = exo.read %B[%j, %k] : !Bg
          exo.assign %bs[%j, %k] = %x : !Bs
        }
      }
      %d = exo.window %dt[:, :] : !Dt -> !D
      %a = exo.window %as[:, :] : !As -> !Aw
      %b = exo.window %bs[:, :] : !Bs -> !Bw
      %c = exo.window %C[:, :] : !Cg -> !Cw
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}

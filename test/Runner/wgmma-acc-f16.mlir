// RUN: exo-gpu-run %s --entry=acc --compare=spec | FileCheck %s --check-prefix=ACC
// ACC: compare C: max |diff| 0.000e+00
// ACC: EQUIVALENT @acc @spec
// RUN: exo-gpu-run %s --entry=overwrite --compare=spec | FileCheck %s --check-prefix=OVER
// OVER: EQUIVALENT @overwrite @spec
// RUN: not exo-gpu-run %s --entry=twice --compare=spec | FileCheck %s --check-prefix=TWICE
// TWICE: NOT EQUIVALENT @twice @spec

// The CPU semantics of a wgmma with an f16 accumulator (`acc = f16`): D is
// f16, and each product of two f16 operands, rounded to f16, is added to D
// in f16, K in order. @spec writes that sum out; @acc computes it with the
// instructions (zero, wgmma, store of the f16 registers as they are);
// @overwrite's second wgmma has scale-d 0 and overwrites the first's sum;
// @twice's accumulates onto it (2 A B^T, not A B^T).

!Ag = !exo.tensor<[64, 16], f16, gmem>
!Bg = !exo.tensor<[8, 16], f16, gmem>
!Cg = !exo.tensor<[64, 8], f16, gmem>
!As = !exo.tensor<[64, 16], f16, smem_swizzle<32>>
!Bs = !exo.tensor<[8, 16], f16, smem_swizzle<32>>
!Dt = !exo.tensor<[64, 8], f16, wgmma_accum>
!D = !exo.window<[64, 8], f16, wgmma_accum>
!Aw = !exo.window<[64, 16], f16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], f16, smem_swizzle<32>>
!Cw = !exo.window<[64, 8], f16, gmem>

exo.proc @spec(%A: !Ag, %B: !Bg, %C: !Cg) {
  %zero = arith.constant 0.0 : f16
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 64 seq {
        exo.for %j = 0 to 8 seq {
          exo.assign %C[%i, %j] = %zero : !Cg
          exo.for %k = 0 to 16 seq {
            %x = exo.read %A[%i, %k] : !Ag
            %y = exo.read %B[%j, %k] : !Bg
            %xe = arith.extf %x : f16 to f32
            %ye = arith.extf %y : f16 to f32
            %p = arith.mulf %xe, %ye : f32
            %h = arith.truncf %p : f32 to f16
            exo.reduce %C[%i, %j] += %h : !Cg
          }
        }
      }
    }
  }
}

exo.proc @acc(%A: !Ag, %B: !Bg, %C: !Cg) {
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
      exo.call #exo.wgmma_zero<n = 8, acc = f16>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem, dtype = f16, acc = f16>(%c, %d) : (!Cw, !D)
    }
  }
}

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
      exo.call #exo.wgmma_zero<n = 8, acc = f16>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, scale_d = 0, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem, dtype = f16, acc = f16>(%c, %d) : (!Cw, !D)
    }
  }
}

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
      exo.call #exo.wgmma_zero<n = 8, acc = f16>(%d) : (!D)
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!D, !Aw, !Bw)
      exo.call #exo.wgmma_store<n = 8, dst = gmem, dtype = f16, acc = f16>(%c, %d) : (!Cw, !D)
    }
  }
}

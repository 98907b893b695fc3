// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -exo-check-sync="sizes=M=40" -verify-diagnostics -o /dev/null

// A window passed to an instruction parameter that allows oob windows
// (wgmma_store to global memory) is clipped at its tensor's end only where
// the window says `oob`: without it the GPU lowering stores every element,
// and an element past the end is out of bounds (docs/SyncChecker.md).

!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!C = !exo.tensor<[M, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>

// 64 rows stored into 40: out of bounds.
exo.proc @store_past_end(%M: index, %out: !C) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %o = exo.window %out[0 :+ 64, 0 :+ 16] : !C -> !Cw
        // expected-error @below {{out of bounds: [0, 64) of dimension 0 of 'out' (extent 40)}}
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%o, %d) : (!Cw, !D)
      }
    }
  }
}

// -----

!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!C = !exo.tensor<[M, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>

// The same store through an oob window: the 24 rows past the end are
// dropped.
exo.proc @store_past_end_oob(%M: index, %out: !C) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %o = exo.window oob %out[0 :+ 64, 0 :+ 16] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%o, %d) : (!Cw, !D)
      }
    }
  }
}

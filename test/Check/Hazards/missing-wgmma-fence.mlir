// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "missing wgmma fence" reports (HazardKind::MissingWgmmaFence):
// a wgmma reading accumulator registers written otherwise without a
// wgmma fence in between.

// A wgmma on an accumulator its threads never fenced: PTX requires
// wgmma.fence before a warpgroup's first wgmma.
amir.program @wgmma_unfenced(%N) {
  amir.device clusterDim 1 blockDim 128 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %d = amir.alloc "d" [64] memory <wgmma_accum>
      // expected-error @+1 {{missing wgmma fence: the wgmma by task 0 threads 0-127 at t = 0 accesses the registers of 'd', but task 0 thread 0 has not executed Fence(wgmma_fence_1, wgmma_fence_2) since it last accessed them otherwise (or since its task began)}}
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>]
    }
  }
}

// -----
// The zero-init instruction ends with wgmma.fence: the wgmmas after it need
// none; an in-order read of the accumulator (a store) then does, before
// the next wgmma.
amir.program @wgmma_after_store(%N) {
  amir.device clusterDim 1 blockDim 128 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %d = amir.alloc "d" [64] memory <wgmma_accum>
      amir.mutate %d[0] sizes [64] qual <wgmma_zero> ext [#exo.qual<wgmma_zero>, #exo.qual<wgmma_accum>]
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
      amir.fence wgmma_async, cuda_in_order
      // expected-note @+1 {{the last such access}}
      amir.read %d[0] sizes [64] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      // expected-error @+1 {{missing wgmma fence: the wgmma by task 0 threads 0-127 at t = 0 accesses the registers of 'd', but task 0 thread 0 has not executed}}
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
    }
  }
}

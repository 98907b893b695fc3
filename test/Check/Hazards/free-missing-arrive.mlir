// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// The abstract machine's "free_missing_arrive hazard" reports (HazardKind::FreeMissingArrive):
// a ring buffer slot reused without the arrive that releases it.

// The consumer never releases its slots.
amir.program @free_missing_arrive(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      // expected-note @+1 {{the guard}}
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %c8 {
        amir.warps 0 to 1 {
          // expected-error @+1 {{free_missing_arrive hazard on 'buf': slot 0 is reused for element 2 at t = 0, k = 2, but element 0 was never released (no arrive on element 2 of its guard 'empty')}}
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
    }
  }
}

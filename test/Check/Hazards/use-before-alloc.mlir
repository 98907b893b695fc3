// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// The abstract machine's "use_before_alloc hazard" reports (HazardKind::UseBeforeAlloc):
// a ring buffer slot used before the await that allocates it.

// The producer writes element 2 without awaiting the guard's element 2.
amir.program @use_before_alloc(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      // expected-note @+1 {{the guard}}
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %c8 {
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          // expected-error @+1 {{use_before_alloc hazard on 'buf': element 2 of its ring dimension is used by task 0 threads 0-31 at t = 0, k = 2 before its slot is allocated: no await of element 2 of its guard 'empty' is ordered before the use}}
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// The abstract machine's "use_after_free hazard" reports (HazardKind::UseAfterFree):
// a ring buffer element used after its slot holds a later one.

// Element 0 is read again after its slot was reused for element 2.
amir.program @use_after_free(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %c4 {
        %k2 = arith.addi %k, %c2 : index
        amir.await %empty[%k], cuda_in_order, 0
        amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        amir.arrive cuda_in_order >> %empty[%k2]
      }
      // expected-error @+1 {{use_after_free hazard on 'buf': element 0 of its ring dimension is used by task 0 threads 0-31 at t = 0, but its slot 0 already holds element 2}}
      amir.read %buf[0, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
    }
  }
}

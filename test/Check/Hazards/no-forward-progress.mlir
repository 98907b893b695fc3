// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "no forward progress" reports (HazardKind::NoForwardProgress):
// an await that no arrive can complete: the kernel deadlocks.

// An mbarrier wait with no arrive can never return.
amir.program @stuck(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @+1 {{no forward progress: the await on 'b'[0] at t = 0 waits for an arrive that has not happened}}
      amir.await %b[0], cuda_in_order, 0
    }
  }
}

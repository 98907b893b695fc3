// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync -verify-diagnostics

// A cluster barrier alternates arrive and wait on the hardware
// (barrier.cluster.arrive / .wait): a second arrive before the wait, or a
// second wait with no arrive between, is misuse (undefined behaviour or a
// hang), not a fence.

!Sync = !exo.barrier<cluster_sync>
exo.proc @arrive_twice() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      // expected-note @+1 {{the previous arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      // expected-error @+1 {{barrier misuse: arrive on the cluster barrier 'sync'[] at task = 0 before the wait for the previous arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

!Sync = !exo.barrier<cluster_sync>
exo.proc @wait_twice() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.await(%sync, cuda_in_order, 0) : !Sync
      // expected-error @+1 {{barrier misuse: wait on the cluster barrier 'sync'[] at task = 0 with no arrive since the previous wait}}
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

// Alternating is fine, any number of times.
!Sync = !exo.barrier<cluster_sync>
exo.proc @alternating() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.for %i = 0 to 3 seq {
        exo.arrive(cuda_in_order) >> %sync : !Sync
        exo.await(%sync, cuda_in_order, 0) : !Sync
      }
    }
  }
}

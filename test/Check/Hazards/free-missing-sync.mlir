// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "free_missing_sync hazard" reports (HazardKind::FreeMissingSync):
// memory freed or reused (shared memory, registers, the next task of a
// persistent cluster) before its accesses are ordered before that.

// The end of a task is a cluster-wide in-order fence: the next task of the
// persistent cluster may reuse the shared memory once what the task did in
// order is over. An asynchronous write still in flight is not covered.
amir.program @task_end_async_smem(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{free_missing_sync hazard: the next task of this persistent cluster reuses the shared memory of 's', but its mutation by task 0 threads 0-31 is not ordered before the end of task 0 for every thread of the cluster (at t = 0)}}
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        // expected-note @+1 {{the unordered access (at t = 0)}}
        amir.mutate %s[0] sizes [32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>] out_of_order write_only
      }
    }
  }
}

// -----
// A wgmma still writing an accumulator at the end of the task: the next
// task's code in the same threads reuses the registers.
amir.program @task_end_async_registers(%N) {
  amir.device clusterDim 1 blockDim 128 {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{free_missing_sync hazard: the next task of this persistent cluster reuses the registers of 'd', but its mutation by task 0 threads 0-127 is not ordered before the end of task 0 for those threads (at t = 0)}}
    amir.tasks_for %t = %c0 to %N {
      %d = amir.alloc "d" [64] memory <wgmma_accum>
      amir.fence wgmma_fence_1, wgmma_fence_2
      // expected-note @+1 {{the unordered access (at t = 0)}}
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>] out_of_order
    }
  }
}

// -----
// An allocation in a loop dies at the end of each iteration: the next
// iteration's allocation reuses its shared memory, so the asynchronous
// write of iteration 0 must be ordered before it.
amir.program @loop_alloc_reused(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      amir.seq_for %i = %c0 to %c2 {
        // expected-error @+1 {{free_missing_sync hazard: 's' reuses the shared memory of 's', but its mutation by task 0 threads 0-31 is not ordered before the allocation by task 0 threads 0-63 at t = 0, i = 1}}
        %s = amir.alloc "s" [32] memory <smem>
        amir.warps 0 to 1 {
          // expected-note @+1 {{the unordered access (at t = 0, i = 0)}}
          amir.mutate %s[0] sizes [32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>] out_of_order write_only
        }
      }
    }
  }
}

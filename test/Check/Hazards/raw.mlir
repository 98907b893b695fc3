// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "RAW hazard" reports (HazardKind::RAW):
// a read not ordered after a mutation of the same element.

// Without the fence, the read races with the write.
amir.program @unfenced(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        // expected-note @+2 {{the conflicting mutation (at t = 0)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{RAW hazard on 's'[0]: read by task 0 threads 32-63 at t = 0 is not ordered after the mutation by task 0 threads 0-31}}
        amir.read %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----
// A commit group: Await(N = 1) releases all but the last group, so the
// read of the second-to-last group's data is ordered, the last one's is not.
amir.program @groups(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %c1 {
      %s = amir.alloc "s" [2, 8] memory <smem>
      %cg = amir.alloc "cg" [] barrier !exo.barrier<cp_async_group>
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %s[0, 0] sizes [1, 8] qual <cp_async> ext [#exo.qual<cp_async>, #exo.qual<cuda_ram>] out_of_order write_only
        amir.arrive cp_async >> %cg
        // expected-note @+1 {{the conflicting mutation}}
        amir.mutate %s[1, 0] sizes [1, 8] qual <cp_async> ext [#exo.qual<cp_async>, #exo.qual<cuda_ram>] out_of_order write_only
        // expected-note @+1 {{the last synchronization that touched it}}
        amir.arrive cp_async >> %cg
        amir.await %cg[], cuda_in_order, 1
        amir.read %s[0, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        // expected-error @+1 {{RAW hazard on 's'[1, 0]}}
        amir.read %s[1, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// A thread's register writes by one statement with no sync between them
// share one record; a report against it names the first iteration and says
// that a later one may be the conflicting write. (Exo programs cannot reach
// this: the collective analysis keeps register elements to their owners;
// the abstract machine itself does not assume it.)
amir.program @shared_register_record(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [4] memory <regs>
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.seq_for %i = %c0 to %c4 {
          // expected-note @+2 {{the conflicting mutation (at t = 0, l = 0, i = 0, or a later iteration of this statement by the same thread before any synchronization)}}
          // expected-note @+1 {{no synchronization ordered it for these threads}}
          amir.mutate %r[%i] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
        }
      }
      amir.threads_for %l = 0 to 2 unit #exo.unit<thread> {
        // Thread 0 reads its own write; thread 1 races with it.
        // expected-error @+1 {{RAW hazard on 'r'[3]: read by task 0 thread 1}}
        amir.read %r[3] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "WAW hazard" reports (HazardKind::WAW):
// a mutation not ordered after another mutation of the same element.

// Two tasks write the same global element: they run concurrently (WAW);
// atomic reductions commute and are fine.
amir.program @tasks(%N) {
  %g = amir.alloc "g" [8] memory <gmem>
  %a = amir.alloc "a" [8] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %c2 {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %a[0] sizes [8] qual <tma_to_gmem> ext [#exo.qual<tma_to_gmem>] atomic
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 0)}}
        // expected-note @+1 {{no synchronization}}
        amir.mutate %g[0] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        // expected-error @-1 {{WAW hazard on 'g'[0]: mutation by task 1 thread 0 at t = 1, l = 0 is not ordered after the mutation by task 0 thread 0}}
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "WAR hazard" reports (HazardKind::WAR):
// a mutation not ordered after a read of the same element.

// A write after an unordered read: WAR.
amir.program @war(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        // expected-note @+2 {{the conflicting read}}
        // expected-note @+1 {{no synchronization}}
        amir.read %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAR hazard on 's'[0]: mutation by task 0 threads 32-63}}
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

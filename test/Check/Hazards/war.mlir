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

// -----

// Single-element reads are indexed by element: a mutation of a window that
// contains one of them is a WAR, reported at that element.
amir.program @war_element(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        amir.read %s[0, 1] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        // expected-note @+2 {{the conflicting read}}
        // expected-note @+1 {{no synchronization}}
        amir.read %s[2, 5] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAR hazard on 's'[2, 5]: mutation by task 0 threads 32-63}}
        amir.mutate %s[2, 4] sizes [2, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// A window whose flat range spans a single-element read that is not in it
// (row 1, column 6 lies between rows 0 and 2 of columns 0-1): no hazard.
amir.program @war_element_outside(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        amir.read %s[1, 6] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
      amir.warps 1 to 2 {
        amir.mutate %s[0, 0] sizes [3, 2] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// A covering mutation that is ordered after the element read retires it:
// a later unordered mutation by another warp is a WAW against the first
// mutation, not a WAR against the retired read.
amir.program @war_element_retired(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        amir.read %s[3, 7] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        // expected-note @+2 {{the conflicting mutation}}
        // expected-note @+1 {{no synchronization}}
        amir.mutate %s[0, 0] sizes [4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAW hazard on 's'[3, 7]: mutation by task 0 threads 32-63}}
        amir.mutate %s[3, 7] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

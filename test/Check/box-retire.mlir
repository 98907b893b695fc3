// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=1" -verify-diagnostics

// A mutation ordered after a read retires the elements of the read's box it
// covers (docs/SyncChecker.md, "State"): a box of at most 4096 elements
// marks them retired in place, a larger one is split around the window. A
// later mutation of a retired element is checked against the mutation that
// retired it, not against the read; one of an element still read is a WAR
// at that element.

// Warp 0 reads row 0 of s (one box) and overwrites [0, 2]; warp 1's write
// of [0, 2] and [0, 3] is a WAR at [0, 3], the first element of its window
// the box still holds.
amir.program @retired_in_place(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        // expected-note @+2 {{the conflicting read}}
        // expected-note @+1 {{no synchronization}}
        amir.read %s[0, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %s[0, 2] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAR hazard on 's'[0, 3]: mutation by task 0 threads 32-63}}
        amir.mutate %s[0, 2] sizes [1, 2] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Warp 1's write of the retired element alone races with warp 0's write,
// not with the read: a WAW.
amir.program @retired_element_waw(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        amir.read %s[0, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        // expected-note @+2 {{the conflicting mutation}}
        // expected-note @+1 {{no synchronization}}
        amir.mutate %s[0, 2] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAW hazard on 's'[0, 2]: mutation by task 0 threads 32-63}}
        amir.mutate %s[0, 2] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Once every element of the box is retired the read is gone: warp 1's
// writes race only with warp 0's (reported at the first element).
amir.program @all_retired(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4, 8] memory <smem>
      amir.warps 0 to 1 {
        amir.read %s[0, 0] sizes [2, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        // expected-note @+2 {{the conflicting mutation}}
        // expected-note @+1 {{no synchronization}}
        amir.mutate %s[0, 0] sizes [1, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        amir.mutate %s[1, 0] sizes [1, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAW hazard on 's'[0, 0]: mutation by task 0 threads 32-63}}
        amir.mutate %s[0, 0] sizes [2, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// A box of more than 4096 elements is split around the window instead:
// the same verdicts (a WAR at the first element still read after the
// retired one).
amir.program @split_large(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [2, 4097] memory <smem>
      amir.warps 0 to 1 {
        // expected-note @+2 {{the conflicting read}}
        // expected-note @+1 {{no synchronization}}
        amir.read %s[0, 0] sizes [2, 4097] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %s[1, 2] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{WAR hazard on 's'[1, 3]: mutation by task 0 threads 32-63}}
        amir.mutate %s[1, 2] sizes [1, 2] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// Programs of the abstract machine that the checker accepts, and its errors that
// are not hazards; the hazards it reports are in Hazards/, one file per kind.

// Two warps write and read shared memory; a CTA fence orders the write
// before the read: no hazard.
amir.program @fenced(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.fence cuda_in_order, cuda_in_order
      amir.warps 1 to 2 {
        amir.read %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// A pre-arrived ring element can be awaited at once.
amir.program @prearrived(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier(prearrive 1), [? ring 2]>
      amir.await %b[0], cuda_in_order, 0
    }
  }
}

// -----

// Out of bounds.
amir.program @oob(%N) {
  %g = amir.alloc "g" [%N] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{out of bounds: [3, 5) of dimension 0 of 'g' (extent 4) at t = 0}}
      amir.read %g[3] sizes [2] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
    }
  }
}

// -----

// A multicast arrive signals the barrier of every CTA along ':'.
amir.program @multicast(%N) {
  amir.device clusterDim 2 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [2, 8] memory <smem>
      %b = amir.alloc "b" [2, -1] barrier !exo.barrier<mbarrier, [2, ? ring 2]>
      amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
        amir.mutate %s[%c, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        amir.arrive cuda_in_order >> %b[:, 0]
      }
      amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
        amir.await %b[%c, 0], cuda_in_order, 0
        amir.read %s[0, 0] sizes [2, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// Ring mbarriers: element i and element i + depth share one mbarrier, told
// apart only by the parity of the phase. One warp arriving and awaiting
// every element in order is fine.
amir.program @ring_in_order(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.seq_for %i = %c0 to %c4 {
        amir.arrive cuda_in_order >> %b[%i]
        amir.await %b[%i], cuda_in_order, 0
      }
    }
  }
}


// -----

// In-order shared-memory accesses need no sync of their own at the end.
amir.program @task_end_in_order_smem(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Regression (UBSan): a window near INT64_MAX is out of bounds,
// and its end is printed without overflowing.
amir.program @oob_huge(%N) {
  %g = amir.alloc "g" [%N] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{out of bounds: [9223372036854775807, 9223372036854775809) of dimension 0 of 'g' (extent 4) at t = 0}}
      amir.read %g[9223372036854775807] sizes [2] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
    }
  }
}

// -----

// A buffer used in a loop stays live until the loop ends, although its last
// use comes before a later allocation in program order: 'u' does not reuse
// 's', so warp 0's write of 's' need not be ordered before the allocation
// of 'u' by both warps (the fence orders each iteration's writes before the
// next one's allocation of 'u').
amir.program @loop_use_keeps_live(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.seq_for %i = %c0 to %c2 {
        amir.warps 0 to 1 {
          amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
        %u = amir.alloc "u" [32] memory <smem>
        amir.warps 1 to 2 {
          amir.mutate %u[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
        amir.fence cuda_in_order, cuda_in_order
      }
    }
  }
}

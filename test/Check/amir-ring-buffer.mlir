// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// Programs of managed ring buffers that the checker accepts, and its errors that
// are not hazards; the hazards it reports are in Hazards/, one file per kind.

// Managed ring buffers: logical element i of the ring dimension lives in slot
// i mod depth; the guard's element i must be awaited before the slot is used
// (unless pre-arrived), and an arrive on element i + depth releases it.
//
// A producer warp and a consumer warp share a 2-slot ring of 8 elements:
// %full carries the data, %empty (the guard, pre-arrived) the free slots.
amir.program @ring_ok(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %c8 {
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
    }
  }
}

// -----

// A window over two logical elements of the ring dimension.
amir.program @ring_window(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      // expected-error @+1 {{a window of the ring buffer 'buf' must select one element of its ring dimension (dimension 0), not 2}}
      amir.mutate %buf[0, 0] sizes [2, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
    }
  }
}

// -----

// Past the logical extent of the ring dimension.
amir.program @ring_oob(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [4, 16] memory <smem> guarded_by %empty ring 0 depth 2
      // expected-error @+1 {{out of bounds: element 4 of the ring dimension of 'buf' (extent 4) at t = 0}}
      amir.mutate %buf[4, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
    }
  }
}

// -----

// The guard must be an mbarrier ring.
amir.program @bad_guard(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [4] memory <smem>
      // expected-error @+1 {{the guard of ring buffer 'buf' must be an mbarrier array with a ring dimension}}
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %s ring 0 depth 2
    }
  }
}

// -----

amir.program @verifier(%N) {
  %g = amir.alloc "g" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
  // expected-error @+1 {{ring depth must be positive, got 0}}
  %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %g ring 0 depth 0
}

// -----

amir.program @verifier_dim(%N) {
  %g = amir.alloc "g" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
  // expected-error @+1 {{ring dimension 3 out of range}}
  %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %g ring 3 depth 2
}

// -----

amir.program @verifier_barrier(%N) {
  %g = amir.alloc "g" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
  // expected-error @+1 {{only memory can be a ring buffer}}
  %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]> guarded_by %g ring 0 depth 2
}

// -----

amir.program @verifier_extent(%N) {
  %g = amir.alloc "g" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
  // expected-error @+1 {{the ring dimension must be unbounded (-1) or have a positive logical extent}}
  %buf = amir.alloc "buf" [0, 16] memory <smem> guarded_by %g ring 0 depth 2
}

// -----

// A guard without a ring dimension and depth (generic form).
amir.program @verifier_parts(%N) {
  %g = amir.alloc "g" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
  // expected-error @+1 {{a ring buffer needs a guard, a ring dimension and a depth}}
  %buf = "amir.alloc"(%g) <{name = "buf", static_dims = array<i64: -1, 16>, memory = #exo.mem<smem>, operandSegmentSizes = array<i32: 0, 1>}> : (!amir.var) -> !amir.var
}

// -----

// `arrivals` (set by -exo-check-sync from the collective analysis): each
// phase needs that many arriving threads. Both warps arrive on %full's
// elements and the init count says so: accepted.
amir.program @arrivals_ok(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]> {arrivals = 64 : i64}
      amir.seq_for %k = %c0 to %c4 {
        amir.warps 0 to 2 {
          amir.arrive cuda_in_order >> %full[%k]
          amir.await %full[%k], cuda_in_order, 0
        }
      }
    }
  }
}

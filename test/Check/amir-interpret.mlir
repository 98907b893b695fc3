// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

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

// Warp 1 awaits element 2, but only warp 0 awaited element 0, the previous
// phase of the same mbarrier: a parity wait could pass on it.
amir.program @ring_phase_not_ordered(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        // expected-note @+1 {{the earlier phase is awaited here, by task 0 threads 0-31; await it first, or order this await after that one with a synchronization}}
        amir.await %b[%c0], cuda_in_order, 0
        amir.arrive cuda_in_order >> %b[%c1]
        amir.await %b[%c1], cuda_in_order, 0
        amir.arrive cuda_in_order >> %b[%c2]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: the await on 'b'[2] by task 0 threads 32-63 at t = 0 is not ordered after the completion of 'b'[0], the previous phase of the same mbarrier (ring depth 2): a parity wait could return on the phase before it}}
        amir.await %b[%c2], cuda_in_order, 0
      }
    }
  }
}

// -----

// Warp 1 arrives on element 2 (the next phase of element 0's mbarrier)
// although only warp 0 awaited element 0: the arrive could count toward it.
amir.program @ring_next_phase_not_ordered(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        // expected-note @+1 {{the await (at t = 0)}}
        amir.await %b[%c0], cuda_in_order, 0
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: task 0 threads 32-63 at t = 0 signals 'b'[2], the next phase of the mbarrier of 'b'[0] (ring depth 2), but is not ordered after the await of it by task 0 threads 0-31: the signal could count toward that phase or be missed by its waiters}}
        amir.arrive cuda_in_order >> %b[%c2]
      }
    }
  }
}

// -----

// An arrive on element 2 before anyone awaited element 0.
amir.program @ring_next_phase_not_awaited(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-note @+1 {{the barrier}}
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.arrive cuda_in_order >> %b[%c0]
      // expected-error @+1 {{barrier misuse: task 0 threads 0-31 at t = 0 signals 'b'[2], the next phase of the mbarrier of 'b'[0] (ring depth 2), but no thread has awaited 'b'[0] yet: the signal could count toward that phase}}
      amir.arrive cuda_in_order >> %b[%c2]
    }
  }
}

// -----

// Warp 1 awaits element 0 after warp 0 arrived on element 2 (the next phase
// of the same mbarrier): the wait could miss its phase.
amir.program @ring_await_after_next_phase(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        amir.await %b[%c0], cuda_in_order, 0
        // expected-note @+1 {{the arrive on the next phase}}
        amir.arrive cuda_in_order >> %b[%c2]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: the await on 'b'[0] by task 0 threads 32-63 at t = 0 comes after the arrive on 'b'[2], the next phase of the same mbarrier: the wait could miss its phase}}
        amir.await %b[%c0], cuda_in_order, 0
      }
    }
  }
}

// -----

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

// A wgmma on an accumulator its threads never fenced: PTX requires
// wgmma.fence before a warpgroup's first wgmma.
amir.program @wgmma_unfenced(%N) {
  amir.device clusterDim 1 blockDim 128 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %d = amir.alloc "d" [64] memory <wgmma_accum>
      // expected-error @+1 {{missing wgmma fence: the wgmma by task 0 threads 0-127 at t = 0 accesses the registers of 'd', but task 0 thread 0 has not executed Fence(wgmma_fence_1, wgmma_fence_2) since it last accessed them otherwise (or since its task began)}}
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>]
    }
  }
}

// -----

// The zero-init instruction ends with wgmma.fence: the wgmmas after it need
// none; an in-order read of the accumulator (a store) then does, before
// the next wgmma.
amir.program @wgmma_after_store(%N) {
  amir.device clusterDim 1 blockDim 128 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %d = amir.alloc "d" [64] memory <wgmma_accum>
      amir.mutate %d[0] sizes [64] qual <wgmma_zero> ext [#exo.qual<wgmma_zero>, #exo.qual<wgmma_accum>]
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
      amir.fence wgmma_async, cuda_in_order
      // expected-note @+1 {{the last such access}}
      amir.read %d[0] sizes [64] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      // expected-error @+1 {{missing wgmma fence: the wgmma by task 0 threads 0-127 at t = 0 accesses the registers of 'd', but task 0 thread 0 has not executed}}
      amir.mutate %d[0] sizes [64] qual <wgmma_accum> ext [#exo.qual<wgmma_accum>, #exo.qual<wgmma_zero>]
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

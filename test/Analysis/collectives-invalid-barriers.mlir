// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Errors of -exo-verify-collectives about synchronization statements and
// on-chip allocations: each barrier mechanism is driven by its own unit
// (bulk group: a warp; wgmma group: a warpgroup; cluster sync: the whole
// cluster; mbarrier: threads of one CTA), and shared memory and mbarriers
// are allocated by whole CTAs.

//===----------------------------------------------------------------------===//
// Bulk (TMA store) commit groups: one warp
//===----------------------------------------------------------------------===//

// The TMA store is issued by warp 0, but its commit is left to the whole
// CTA.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 8]>>
!Ctile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!Csmem = !exo.tensor<[64, 8], f32, smem>
!Cwin = !exo.window<[64, 8], f32, smem>
!TmaCg = !exo.barrier<bulk_group>
exo.proc @bulk_commit_by_a_cta(%M: index, %N: index, %C: !C) {
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %smem = exo.alloc : !Csmem
      %tma_cg = exo.alloc : !TmaCg
      exo.warps 0 to 1 {
        %dst = exo.window %C_map[0 :+ 64, 0 :+ 8] : !Cmap -> !Ctile
        %src = exo.window %smem[:, :] : !Csmem -> !Cwin
        exo.call #exo.tma<kind = store, shape = [64, 8], dtype = f32>(%dst, %src) : (!Ctile, !Cwin)
      }
      // expected-error @+1 {{an arrive on a bulk_group must run on one warp, but here it runs on the whole cluster (128 threads)}}
      exo.arrive(tma_to_gmem_async) >> %tma_cg : !TmaCg
    }
  }
}

// -----

// Waiting for the bulk group from one thread of the issuing warp.
!TmaCg = !exo.barrier<bulk_group>
exo.proc @bulk_wait_by_a_thread() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 0 to 1 {
        %tma_cg = exo.alloc : !TmaCg
        exo.arrive(tma_to_gmem_async) >> %tma_cg : !TmaCg
        exo.for %lane = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{an await on a bulk_group must run on one warp, but here it runs on 1 thread: thread 0 (at lane = 0)}}
          exo.await(%tma_cg, cuda_in_order, 0) : !TmaCg
        }
      }
    }
  }
}

// -----

// Two warps share one bulk group array element.
!TmaCg = !exo.barrier<bulk_group>
exo.proc @bulk_wait_by_two_warps() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %tma_cg = exo.alloc : !TmaCg
      exo.warps 0 to 2 {
        // expected-error @+1 {{an await on a bulk_group must run on one warp, but here it runs on 64 threads: threads 0-63}}
        exo.await(%tma_cg, cuda_in_order, 0) : !TmaCg
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// wgmma commit groups: one warpgroup
//===----------------------------------------------------------------------===//

// -----

// Committing a warpgroup's wgmma group from one of its warps.
!Cg = !exo.barrier<wgmma_group, [2]>
exo.proc @wgmma_commit_by_a_warp() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %w = 0 to 1 cuda_threads<warp> {
          // expected-error @+1 {{an arrive on a wgmma_group must run on one warpgroup, but here it runs on 32 threads: threads 0-31 (at wg = 0 w = 0)}}
          exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
        }
      }
    }
  }
}

// -----

// Waiting for both warpgroups' groups at once, from the whole CTA.
!Cg = !exo.barrier<wgmma_group>
exo.proc @wgmma_wait_by_a_cta() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %cg = exo.alloc : !Cg
      // expected-error @+1 {{an await on a wgmma_group must run on one warpgroup, but here it runs on the whole cluster (256 threads)}}
      exo.await(%cg, cuda_in_order, 0) : !Cg
    }
  }
}

// -----

// The consumer warps 1-4 are not an aligned warpgroup.
!Cg = !exo.barrier<wgmma_group>
exo.proc @wgmma_wait_by_misaligned_warps() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>, <"pad", 3>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      %cg = exo.alloc : !Cg
      exo.warps "consumer" {
        // expected-error @+1 {{an await on a wgmma_group must run on one warpgroup, but here it runs on 128 threads: threads 32-159}}
        exo.await(%cg, cuda_in_order, 1) : !Cg
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Cluster syncs: the whole cluster
//===----------------------------------------------------------------------===//

// -----

// Only CTA 0 arrives on the cluster barrier.
!Sync = !exo.barrier<cluster_sync>
exo.proc @cluster_arrive_by_one_cta() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.for %cta = 0 to 1 cuda_threads<cta> {
        // expected-error @+1 {{an arrive on a cluster_sync must run on one cluster (all its threads), but here it runs on 128 threads: CTA 0 threads 0-127 (at cta = 0)}}
        exo.arrive(cuda_in_order) >> %sync : !Sync
      }
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

// The consumers alone wait on the cluster barrier.
!Sync = !exo.barrier<cluster_sync>
exo.proc @cluster_wait_by_a_group() {
  exo.device_function(warps = [<"producer", 1>, <"unused", 3>, <"consumer", 4>], clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.warps "consumer" {
        // expected-error @+1 {{an await on a cluster_sync must run on one cluster (all its threads), but here it runs on 256 threads: CTA 0 threads 128-255, CTA 1 threads 128-255}}
        exo.await(%sync, cuda_in_order, 0) : !Sync
      }
    }
  }
}

// -----

// Even in a cluster of one CTA, a cluster sync needs every thread.
!Sync = !exo.barrier<cluster_sync>
exo.proc @cluster_arrive_by_a_warp() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.for %w = 0 to 1 cuda_threads<warp> {
        // expected-error @+1 {{an arrive on a cluster_sync must run on one cluster (all its threads), but here it runs on 32 threads: threads 0-31 (at w = 0)}}
        exo.arrive(cuda_temporal) >> %sync : !Sync
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// mbarriers: within one CTA
//===----------------------------------------------------------------------===//

// -----

// An arrive from the whole cluster spans both CTAs.
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @mbarrier_arrive_by_the_cluster() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %bar = exo.alloc : !Bar
      // expected-error @+1 {{an arrive on an mbarrier must run within one CTA, but here it runs on the whole cluster (256 threads)}}
      exo.arrive(cuda_in_order) >> %bar[:] : !Bar
    }
  }
}

// -----

// The producer warps of both CTAs wait on a barrier as one collective: the
// wait must be split by CTA first.
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @mbarrier_wait_by_producers_of_two_ctas() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>], clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.warps "producer" {
        // expected-error @+1 {{an await on an mbarrier must run within one CTA, but here it runs on 64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31}}
        exo.await(%bar[0], cuda_temporal, 0) : !Bar
      }
    }
  }
}

// -----

// The collective that issues a 2-CTA multicast (one warp per CTA) cannot
// wait on one mbarrier.
!Bar = !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
exo.proc @mbarrier_wait_by_a_multicast_collective() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %empty = exo.alloc : !Bar
      exo.for %k = 0 to 16 seq {
        exo.for %m = 0 to 1 cuda_threads<2 * warp_in_cluster_strided(1)> {
          // expected-error @+1 {{an await on an mbarrier must run within one CTA, but here it runs on 64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31 (at m = 0)}}
          exo.await(%empty[0, %k], cuda_temporal, 0) : !Bar
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Allocations of shared memory and mbarriers: whole CTAs
//===----------------------------------------------------------------------===//

// -----

// Shared memory allocated by each warp.
!S = !exo.tensor<[32], f32, smem>
exo.proc @smem_alloc_by_a_warp() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 32 threads: threads 0-31 (at w = 0)}}
        %s = exo.alloc : !S
      }
    }
  }
}

// -----

// A swizzled tile allocated by one warpgroup of two.
!S = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
exo.proc @swizzled_alloc_by_a_warpgroup() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 128 threads: threads 0-127 (at wg = 0)}}
        %a = exo.alloc : !S
      }
    }
  }
}

// -----

// mbarriers allocated inside a warp range.
!Bar = !exo.barrier<mbarrier, [? ring 4]>
exo.proc @mbarrier_alloc_by_two_warps() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 0 to 2 {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 64 threads: threads 0-63}}
        %full = exo.alloc : !Bar
      }
    }
  }
}

// -----

// The producer group allocates its staging buffer: warp specialization
// does not give it a CTA of its own.
!S = !exo.tensor<[128, 32], f32, smem>
exo.proc @smem_alloc_by_a_named_group() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps "producer" {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 32 threads: threads 0-31}}
        %stage = exo.alloc : !S
      }
    }
  }
}

// -----

// One thread allocates the mbarrier.
!Bar = !exo.barrier<mbarrier>
exo.proc @mbarrier_alloc_by_a_thread() {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 1 thread: thread 0 (at t = 0)}}
        %bar = exo.alloc : !Bar
      }
    }
  }
}

// -----

// In a cluster, one warp per CTA is not whole CTAs either.
!S = !exo.tensor<[2, 32], f32, smem>
exo.proc @smem_alloc_by_cluster_warps() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %m = 0 to 4 cuda_threads<2 * warp_in_cluster_strided(1)> {
        // expected-error @+1 {{shared memory and mbarriers are allocated by whole CTAs, but here the collective is 64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31 (at m = 0)}}
        %s = exo.alloc : !S
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// mbarrier arrival counts: one count per barrier
//===----------------------------------------------------------------------===//

// -----

// An mbarrier expects the same number of arriving threads in every phase:
// the consumer warpgroup releases the slots with 128 threads in the loop,
// but with one thread after it.
!Empty = !exo.barrier<mbarrier(prearrive 4), [? ring 4]>
exo.proc @arrive_counts_differ_between_statements() {
  %c16 = arith.constant 16 : index
  exo.device_function(warps = [<"producer", 4>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to 16 seq {
        exo.warps "producer" 0 to 1 {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
        }
        exo.warps "consumer" {
          // expected-note @+1 {{the other arrive}}
          exo.arrive(cuda_in_order) >> %empty[%k] : !Empty
        }
      }
      exo.warps "consumer" {
        exo.for %t = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{this arrive gives the elements of 'empty' other numbers of arriving threads than another arrive does}}
          exo.arrive(cuda_in_order) >> %empty[%c16] : !Empty
        }
      }
    }
  }
}

// -----

// Per-CTA barriers of a 2 x 2 cluster, signalled along the row and the
// column of each CTA, but the column target uses the row index by mistake:
// diagonal barriers get arrivals from 2 CTAs, the others from 4.
!Bar = !exo.barrier<mbarrier, [2, 2]>
exo.proc @arrive_counts_differ_between_elements() {
  exo.device_function(blockDim = 64, clusterDim = 4) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{the elements of 'bar' receive different numbers of arriving threads per phase: 128 for element [0, 0], 256 for element [0, 1]}}
      %bar = exo.alloc : !Bar
      exo.for %cm = 0 to 2 cuda_threads<2 * cta> {
        exo.for %cn = 0 to 2 cuda_threads<cta> {
          exo.arrive(cuda_in_order) >> %bar[%cm, :] >> %bar[:, %cm] : !Bar
          exo.await(%bar[%cm, %cn], cuda_in_order, 0) : !Bar
        }
      }
    }
  }
}

// -----

// A ring dimension (one barrier per pipeline stage) cannot be distributed
// over the CTAs of a cluster.
!Full = !exo.barrier<mbarrier, [? ring 2]>
exo.proc @ring_dimension_indexed_by_cta() {
  exo.device_function(blockDim = 64, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %full = exo.alloc : !Full
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        // expected-error @+1 {{distributed dimension 0 of 'full' has extent ?, but its iterator 'cta' runs 2 times}}
        exo.arrive(cuda_in_order) >> %full[%cta] : !Full
      }
    }
  }
}

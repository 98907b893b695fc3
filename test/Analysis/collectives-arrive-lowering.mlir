// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null

// An arrive on an mbarrier lowers to mbarrier.arrive (expect_tx where it
// expects the bytes of loads) by the arriving threads, in each CTA to the
// CTAs its instances signal, the transactions added by the first thread of
// the arrivers. The collective analysis asks every such arrive for that
// plan (CollectiveAnalysis::planMbarrierArrive, which the lowering emits)
// and refuses, with the lowering's message, an arrive that has none, and a
// TMA load that names no mbarrier to complete on (checkTmaLoadBarrier). It
// also asks every mbarrier for its init count (one arrival per whole warp
// or per thread, CollectiveAnalysis::getMbarrierArrivals), and refuses one
// that no count fits or that not every thread of the cluster allocates.

// Warp 0 of CTA 0 signals only CTA 0, warp 1 of CTA 0 signals CTAs 0 and
// 1: one arrive statement, two CTA masks in one CTA.
!Bar = !exo.barrier<mbarrier, [2, 1]>
exo.proc @arrive_masks_per_instance(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to %N cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.for %m = 0 to 2 cuda_threads<cta> {
        exo.for %n = 0 to 1 cuda_threads<cta> {
          exo.await(%bar[%m, %n], cuda_in_order, 0) : !Bar
          exo.for %w = 0 to 2 cuda_threads<warp> {
            // expected-error @+1 {{'exo.arrive' op signals different CTAs from CTA 0 in different instances; no lowering}}
            exo.arrive(cuda_in_order) >> %bar[%m, :] >> %bar[%w, :] : !Bar
          }
        }
      }
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Arrives that expect TMA transactions
//===----------------------------------------------------------------------===//
// The TMA load runs in a loop with a dynamic trip count: the bytes the
// arrive expects are not a constant.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tx_dynamic_repeat(%M: index, %K: index, %R: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        exo.for %r = 0 to %R seq {
          %d = exo.window %s[:, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
          exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        }
        // expected-error @+1 {{'exo.arrive' op expects the transactions of a call inside loop 'r', whose trip count is not a constant; its expected transaction bytes cannot be told}}
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Accepted: the warp that issues the TMA load arrives with its bytes.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tx_arrive_by_the_warp(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A single thread would arrive with the transaction bytes of the TMA load.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tx_arrive_by_a_thread(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.for %i = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{'exo.arrive' op expects transactions but does not run on whole warps}}
          exo.arrive(cuda_temporal) >> %bar[0] : !Bar
        }
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Warps 0 and 1 arrive (two instances); which one carries the transaction
// bytes?
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tx_arrive_by_two_warps(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
      }
      exo.for %w = 0 to 2 cuda_threads<warp> {
        // expected-error @+1 {{'exo.arrive' op expects transactions from instances that start at different threads; no lowering}}
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// The load completes on bar[k] and the arrive signals bar[j]: the lowering
// cannot tell whether they are the same element, so it cannot tell whether
// the arrive expects the load's bytes.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @tx_element_unknown(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.for %k = 0 to 1 seq {
        %j = arith.subi %c1, %k : index
        exo.warps 0 to 1 {
          %d = exo.window %s[:, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
          // expected-note @+1 {{the call}}
          exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[%k] : (!Sw, !Atile) >> !Bar
          // expected-error @+1 {{'exo.arrive' op cannot tell whether the trailing barrier of a call before it completes on the element it signals (coordinate 0 differs as written): its expected transaction bytes would be guessed; index both by the same value}}
          exo.arrive(cuda_temporal) >> %bar[%j] : !Bar
        }
        exo.await(%bar[%k], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

// A TMA load without a trailing barrier would complete on nothing.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load_without_barrier(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op a TMA load needs a trailing mbarrier, on which it completes (the barrier counts its bytes): name one with `>> %bar[...]`}}
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) : (!Sw, !Atile)
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Both arrives bring 32 threads per phase (the collective analysis agrees),
// but warp 0 arrives once (one arrival per whole warp) while the two half
// warps (threads 0-15 and 32-47) arrive once per thread. (The lowering
// reports it at the first arrive, with the other one's count first.)
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @mixed_arrival_units(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.warps 0 to 1 {
        // expected-error @+1 {{makes the elements of this mbarrier receive different numbers of arrivals per phase (32 and 1, counting this and the other arrives on it)}}
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
      }
      exo.for %h = 0 to 1 cuda_threads<2 * threads_strided(16, 32)> {
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

// Each CTA allocates its own mbarrier: its init would not be seen by the
// whole cluster.
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @mbarrier_per_cta(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %c = 0 to 2 cuda_threads<cta> {
        // expected-error @+1 {{'exo.alloc' op allocates mbarriers in a collective smaller than the cluster (128 threads: CTA 0 threads 0-127); their initialization needs every thread}}
        %bar = exo.alloc : !Bar
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
        exo.await(%bar[0], cuda_in_order, 0) : !Bar
      }
    }
  }
}

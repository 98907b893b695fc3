// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Errors of -exo-verify-collectives about who runs a statement: an
// instruction is issued by exactly one (aligned) unit of its kind, a scalar
// write by one thread, a fence by one thread, warp, warpgroup, CTA, cluster
// or range of whole warps of one CTA (a named barrier; tests in
// Conversion/ExoToNVVM/thread-mapping.mlir), and a wgmma fence by one
// warpgroup.

//===----------------------------------------------------------------------===//
// Instruction calls
//===----------------------------------------------------------------------===//

// wgmma is issued by a whole warpgroup, not by one of its warps.
!Dall = !exo.tensor<[2, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @wgmma_by_a_warp() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        exo.for %w = 0 to 1 cuda_threads<warp> {
          %d = exo.window %acc[%wg, :, :] : !Dall -> !D
          // expected-error @+1 {{@wgmma_zero.m64n8.f32 must be issued by one #exo.unit<warpgroup>, but here it runs on 32 threads: threads 0-31 (at wg = 0 w = 0)}}
          exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
        }
      }
    }
  }
}

// -----

// Nor by a whole CTA of two warpgroups.
!Dall = !exo.tensor<[1, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @wgmma_by_a_cta() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      %d = exo.window %acc[0, :, :] : !Dall -> !D
      // expected-error @+1 {{@wgmma_zero.m64n8.f32 must be issued by one #exo.unit<warpgroup>, but here it runs on the whole cluster (256 threads)}}
      exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
    }
  }
}

// -----

// Warps 1-4 are 128 threads, but not an aligned warpgroup.
!Dall = !exo.tensor<[1, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @wgmma_by_misaligned_warps() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.warps 1 to 5 {
        %d = exo.window %acc[0, :, :] : !Dall -> !D
        // expected-error @+1 {{@wgmma_zero.m64n8.f32 must be issued by one #exo.unit<warpgroup>, but here it runs on 128 threads: threads 32-159}}
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}

// -----

// The same misalignment through warp specialization: the consumer group
// starts at warp 1.
!Dall = !exo.tensor<[1, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @wgmma_by_a_misaligned_group() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>, <"pad", 3>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.warps "consumer" {
        %d = exo.window %acc[0, :, :] : !Dall -> !D
        // expected-error @+1 {{must be issued by one #exo.unit<warpgroup>, but here it runs on 128 threads: threads 32-159}}
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}

// -----

// A TMA store is issued by one warp, not by a single thread.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 8]>>
!Ctile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!Csmem = !exo.tensor<[64, 8], f32, smem>
!Cwin = !exo.window<[64, 8], f32, smem>
exo.proc @tma_store_by_a_thread(%M: index, %N: index, %C: !C) {
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %smem = exo.alloc : !Csmem
      exo.for %w = 0 to 1 cuda_threads<warp> {
        exo.for %lane = 0 to 1 cuda_threads<thread> {
          %dst = exo.window %C_map[0 :+ 64, 0 :+ 8] : !Cmap -> !Ctile
          %src = exo.window %smem[:, :] : !Csmem -> !Cwin
          // expected-error @+1 {{@tma.store.64x8.f32.sw0 must be issued by one #exo.unit<warp>, but here it runs on 1 thread: thread 0 (at w = 0 lane = 0)}}
          exo.call #exo.tma<kind = store, shape = [64, 8], dtype = f32>(%dst, %src) : (!Ctile, !Cwin)
        }
      }
    }
  }
}

// -----

// ... nor by a whole warpgroup.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 8]>>
!Ctile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!Csmem = !exo.tensor<[64, 8], f32, smem>
!Cwin = !exo.window<[64, 8], f32, smem>
exo.proc @tma_store_by_a_warpgroup(%M: index, %N: index, %C: !C) {
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %smem = exo.alloc : !Csmem
      %dst = exo.window %C_map[0 :+ 64, 0 :+ 8] : !Cmap -> !Ctile
      %src = exo.window %smem[:, :] : !Csmem -> !Cwin
      // expected-error @+1 {{@tma.store.64x8.f32.sw0 must be issued by one #exo.unit<warp>, but here it runs on the whole cluster (128 threads)}}
      exo.call #exo.tma<kind = store, shape = [64, 8], dtype = f32>(%dst, %src) : (!Ctile, !Cwin)
    }
  }
}

// -----

// A per-thread vector load run by a whole warp: each warp must be narrowed
// to its threads first.
!X = !exo.tensor<[1024], f32, gmem>
!Xv = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
!Rv = !exo.window<[4], f32, regs>
exo.proc @thread_instr_by_a_warp(%x: !X) {
  exo.device_function(blockDim = 64) {
    exo.for %task = 0 to 4 cuda_tasks {
      exo.for %w = 0 to 2 cuda_threads<warp> {
        %r = exo.alloc : !R
        %src = exo.window %x[0 :+ 4] : !X -> !Xv
        %dst = exo.window %r[:] : !R -> !Rv
        // expected-error @+1 {{@global.load.v4.f32 must be issued by one #exo.unit<thread>, but here it runs on 32 threads: threads 0-31 (at w = 0)}}
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%dst, %src) : (!Rv, !Xv)
      }
    }
  }
}

// -----

// A butterfly shuffle of a thread pair (t, t + 4) run by 4 consecutive
// threads instead.
!Part = !exo.tensor<[2, 4], f32, regs>
!Pair = !exo.window<[2], f32, regs>
exo.proc @shuffle_pair_by_four_threads() {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 4 cuda_tasks {
      %part = exo.alloc : !Part
      %tmp = exo.alloc : !Part
      exo.for %j = 0 to 4 cuda_threads<4 * thread> {
        %d = exo.window %tmp[:, %j] : !Part -> !Pair
        %s = exo.window %part[:, %j] : !Part -> !Pair
        // expected-error @+1 {{@shfl_xor_add.4.f32 must be issued by one #exo.unit<2 * threads_strided(1, 4)>, but here it runs on 4 threads: threads 0-3 (at j = 0)}}
        exo.call #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>(%d, %s) : (!Pair, !Pair)
      }
    }
  }
}

// -----

// A multicast TMA load is issued by one warp in each of the 2 CTAs; inside
// a CTA loop only one of those warps remains.
!B = !exo.tensor<[N, K], f32, gmem>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Bsmem = !exo.tensor<[2, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Full = !exo.barrier<mbarrier, [2]>
exo.proc @multicast_by_one_cta(%N: index, %K: index, %B: !B) {
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>], clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %full = exo.alloc : !Full
      %smem = exo.alloc : !Bsmem
      exo.warps "producer" {
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          %dst = exo.window %smem[:, :, :] : !Bsmem -> !Bslot
          %src = exo.window %B_map[0 :+ 128, 0 :+ 32] : !Bmap -> !Btile
          // expected-error @+1 {{@tma.load.128x32.f32.sw128.multicast2 must be issued by one #exo.unit<2 * warp_in_cluster_strided(1)>, but here it runs on 32 threads: CTA 0 threads 0-31 (at cta = 0)}}
          exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%dst, %src) >> %full[:]
              : (!Bslot, !Btile) >> !Full
        }
      }
    }
  }
}

// -----

// Device code calls instructions only; a plain proc (here a helper that
// wraps a vector store) must be inlined first.
!Y = !exo.tensor<[1024], f32, gmem>
!Yv = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
!Rv = !exo.window<[4], f32, regs>
exo.proc @store_four(%dst: !Yv, %src: !Rv) {
  exo.call #exo.global<kind = store, width = 4, dtype = f32>(%dst, %src) : (!Yv, !Rv)
}

exo.proc @calls_a_plain_proc(%y: !Y) {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        %r = exo.alloc : !R
        %src = exo.window %r[:] : !R -> !Rv
        %dst = exo.window %y[0 :+ 4] : !Y -> !Yv
        // expected-error @+1 {{calls of non-instruction procs in device code are not supported yet; inline @store_four first}}
        exo.call @store_four(%dst, %src) : (!Yv, !Rv)
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Scalar writes
//===----------------------------------------------------------------------===//

// -----

// Every thread of a warp would write y[w]: narrow to one thread.
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @assign_by_a_warp(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{a scalar write must run on a single thread, but here 32 threads: threads 0-31 would each perform it (narrow it with cuda_threads loops) (at w = 0)}}
        exo.assign %y[%w] = %zero : !Y
      }
    }
  }
}

// -----

// A reduction run by the whole CTA adds the value 128 times.
!X = !exo.tensor<[1024], f32, gmem>
!Y = !exo.tensor<[8], f32, gmem>
exo.proc @reduce_by_a_cta(%x: !X, %y: !Y) {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %v = exo.read %x[%task] : !X
      // expected-error @+1 {{a scalar write must run on a single thread, but here the whole cluster (128 threads) would each perform it}}
      exo.reduce %y[%task] += %v : !Y
    }
  }
}

// -----

// Thread pairs: both threads of a pair write.
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @assign_by_a_thread_pair(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %p = 0 to 16 cuda_threads<2 * thread> {
        // expected-error @+1 {{but here 2 threads: threads 0-1 would each perform it (narrow it with cuda_threads loops) (at p = 0)}}
        exo.assign %y[%p] = %zero : !Y
      }
    }
  }
}

// -----

// The producer group of one warp still has 32 threads.
!S = !exo.tensor<[32], f32, smem>
exo.proc @assign_by_a_warp_group() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      %s = exo.alloc : !S
      exo.warps "producer" {
        // expected-error @+1 {{a scalar write must run on a single thread, but here 32 threads: threads 0-31 would each perform it}}
        exo.assign %s[0] = %zero : !S
      }
    }
  }
}

// -----

// A write in each CTA of a cluster is still a write by a whole CTA; the
// guard on the iterator does not narrow the collective.
!S = !exo.tensor<[2, 64], f32, smem>
exo.proc @reduce_by_a_guarded_cta() {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 64, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %s = exo.alloc : !S
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        %first = arith.cmpi eq, %cta, %c0 : index
        exo.if %first {
          // expected-error @+1 {{a scalar write must run on a single thread, but here 64 threads: CTA 0 threads 0-63 would each perform it (narrow it with cuda_threads loops) (at cta = 0)}}
          exo.reduce %s[%cta, 0] += %one : !S
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

// -----

// A team of 8 threads is no fence scope.
exo.proc @fence_by_a_thread_team() {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %team = 0 to 4 cuda_threads<8 * thread> {
        // expected-error @+1 {{a fence must run on one thread, warp, warpgroup, CTA, cluster or range of whole warps of one CTA, but here it runs on 8 threads: threads 0-7 (at team = 0)}}
        exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      }
    }
  }
}

// -----

// Two CTAs of a cluster of four are neither a CTA nor the cluster.
exo.proc @fence_by_a_cta_pair() {
  exo.device_function(blockDim = 64, clusterDim = 4) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %pair = 0 to 2 cuda_threads<2 * cta> {
        // expected-error @+1 {{a fence must run on one thread, warp, warpgroup, CTA, cluster or range of whole warps of one CTA, but here it runs on 128 threads: CTA 0 threads 0-63, CTA 1 threads 0-63 (at pair = 0)}}
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// The producer warps of both CTAs of a cluster are no fence scope either.
exo.proc @fence_by_producers_of_two_ctas() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>], clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps "producer" {
        // expected-error @+1 {{but here it runs on 64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31}}
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// wgmma.fence is a warpgroup instruction: one warp is not enough.
exo.proc @wgmma_fence_by_a_warp() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{a wgmma fence must run on one warpgroup, but here it runs on 32 threads: threads 0-31 (at w = 0)}}
        exo.fence(wgmma_fence_1, wgmma_fence_2)
      }
    }
  }
}

// -----

// ... and a CTA of two warpgroups is too much.
exo.proc @wgmma_fence_by_a_cta() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{a wgmma fence must run on one warpgroup, but here it runs on the whole cluster (256 threads)}}
      exo.fence(wgmma_fence_1, wgmma_fence_2)
    }
  }
}

// -----

// Warps 2-5 straddle two warpgroups.
exo.proc @wgmma_fence_by_misaligned_warps() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 2 to 6 {
        // expected-error @+1 {{a wgmma fence must run on one warpgroup, but here it runs on 128 threads: threads 64-191}}
        exo.fence(wgmma_fence_1, wgmma_fence_2)
      }
    }
  }
}

// -----

// One thread of the warpgroup.
exo.proc @wgmma_fence_by_a_thread() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        // expected-error @+1 {{a wgmma fence must run on one warpgroup, but here it runs on 1 thread: thread 0 (at t = 0)}}
        exo.fence(wgmma_fence_1, wgmma_fence_2)
      }
    }
  }
}

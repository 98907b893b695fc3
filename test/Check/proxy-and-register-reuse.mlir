// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="sizes=N=64" -verify-diagnostics

// Memory reused across proxies, and registers reused across iterations.
//
// A TMA load writes shared memory through the async proxy; an earlier
// generic-proxy write of the same bytes (an in-order store, cp.async) is
// ordered before it only by a proxy fence (fence.proxy.async, which
// Fence(cuda_in_order, cuda_generic_and_async_proxy) lowers to), not by a
// barrier alone (SEMANTICS.md §5). The bytes may be the same variable's, a
// dead variable's whose memory a later allocation reuses, or an earlier
// task's (the next task of a persistent cluster reuses its shared memory).
//
// A register allocation inside a sequential loop reuses its registers in
// the next iteration: an asynchronous access of the previous instance (a
// wgmma still writing its accumulator) must be awaited first, as it must
// before the next task of a persistent cluster reuses the registers.

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// A generic store, a barrier, then a TMA load over the same bytes.
exo.proc @same_variable(%N: index, %x: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      exo.for %t = 0 to 32 cuda_threads<thread> {
        // expected-note @+1 {{the conflicting mutation (at task = 0, t = 0)}}
        exo.assign %s[0, %t] = %zero : !S
      }
      // expected-note @+1 {{the last synchronization that touched it}}
      exo.fence(cuda_in_order, cuda_in_order)
      %d = exo.window %s[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      // expected-error @+2 {{WAW hazard on 's'[0, 0]: mutation by task 0 threads 0-31 at task = 0 is not ordered after the mutation by task 0 thread 0}}
      // expected-note @+1 {{this write goes through the async proxy and the earlier one through the generic proxy: a Fence(cuda_in_order, cuda_generic_and_async_proxy) must order them}}
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// The same with the proxy fence: accepted.
exo.proc @same_variable_fenced(%N: index, %x: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 2 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      exo.for %t = 0 to 32 cuda_threads<thread> {
        exo.assign %s[0, %t] = %zero : !S
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      %d = exo.window %s[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// 'a' dies before 'b' is allocated, so 'b' may reuse its memory: the TMA
// load into 'b' may overwrite a's generic stores.
exo.proc @dead_variable(%N: index, %x: !G, %y: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %a = exo.alloc : !S
      exo.for %t = 0 to 32 cuda_threads<thread> {
        // expected-note @+1 {{the generic write (at task = 0, t = 0)}}
        exo.assign %a[0, %t] = %zero : !S
        %v = exo.read %a[0, %t] : !S
        exo.assign %y[0, %t] = %v : !G
      }
      exo.fence(cuda_in_order, cuda_in_order)
      %b = exo.alloc : !S
      %d = exo.window %b[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      // expected-error @+1 {{WAW hazard on 'b': the async-proxy write by task 0 threads 0-31 at task = 0 may overwrite shared memory that a dead variable wrote through the generic proxy (mutation by task 0 thread 0), and no Fence(cuda_in_order, cuda_generic_and_async_proxy) orders that write before it}}
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// The same with the proxy fence between: accepted.
exo.proc @dead_variable_fenced(%N: index, %x: !G, %y: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %a = exo.alloc : !S
      exo.for %t = 0 to 32 cuda_threads<thread> {
        exo.assign %a[0, %t] = %zero : !S
        %v = exo.read %a[0, %t] : !S
        exo.assign %y[0, %t] = %v : !G
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      %b = exo.alloc : !S
      %d = exo.window %b[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// Each task loads a tile, then stages a row through 's', which reuses the
// tile's memory; the next task of the persistent cluster loads its tile
// over the bytes s's generic stores wrote, with only the task's end (a
// cluster barrier) between.
exo.proc @next_task(%N: index, %x: !G, %y: !G, %z: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %tile = exo.alloc : !S
      %d = exo.window %tile[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      // expected-error @+1 {{WAW hazard on 'tile': the async-proxy write by task 1 threads 0-31 at task = 1 may overwrite shared memory that an earlier task of the persistent cluster wrote through the generic proxy, with no proxy fence before the end of that task; these threads must run Fence(cuda_in_order, cuda_generic_and_async_proxy) first}}
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %v = exo.read %tile[0, %t] : !S
        exo.assign %y[%task, %t] = %v : !G
      }
      exo.fence(cuda_in_order, cuda_in_order)
      %s = exo.alloc : !S
      exo.for %t = 0 to 32 cuda_threads<thread> {
        // expected-note @+1 {{the generic write (at task = 0, t = 0)}}
        exo.assign %s[0, %t] = %zero : !S
        %v = exo.read %s[0, %t] : !S
        exo.assign %z[%task, %t] = %v : !G
      }
    }
  }
}

// -----

!G = !exo.tensor<[N, 32], f32, gmem>
!Map = !exo.window<[N, 32], f32, tma_map<0, [8, 32]>>
!Tile = !exo.window<[8, 32], f32, tma_map<0, [8, 32]>>
!S = !exo.tensor<[8, 32], f32, smem>
!Slot = !exo.window<[8, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>

// The same, with a proxy fence by the issuing threads at the start of each
// task: accepted (so is one after the stores, at the end).
exo.proc @next_task_fenced(%N: index, %x: !G, %y: !G, %z: !G) {
  %map = exo.window %x[:, :] : !G -> !Map
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 3 cuda_tasks {
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      %full = exo.alloc : !Full
      %tile = exo.alloc : !S
      %d = exo.window %tile[:, :] : !S -> !Slot
      %src = exo.window %map[0 :+ 8, 0 :+ 32] : !Map -> !Tile
      exo.call #exo.tma<kind = load, shape = [8, 32], dtype = f32>(%d, %src) >> %full[0] : (!Slot, !Tile) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_in_order, 0) : !Full
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %v = exo.read %tile[0, %t] : !S
        exo.assign %y[%task, %t] = %v : !G
      }
      exo.fence(cuda_in_order, cuda_in_order)
      %s = exo.alloc : !S
      exo.for %t = 0 to 32 cuda_threads<thread> {
        exo.assign %s[0, %t] = %zero : !S
        %v = exo.read %s[0, %t] : !S
        exo.assign %z[%task, %t] = %v : !G
      }
    }
  }
}

// -----

!Full = !exo.barrier<mbarrier, [1]>
!Cg = !exo.barrier<wgmma_group>
!Ag = !exo.tensor<[64, 8], f32, gmem>
!Bg = !exo.tensor<[128, 8], f32, gmem>
!Amap = !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>
!Bmap = !exo.window<[128, 8], f32, tma_map<32, [128, 8]>>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[128, 8], f32, smem_swizzle<32>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<32>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>

// Each iteration allocates an accumulator, zeroes it and issues a wgmma
// into it, but waits for the wgmmas only after the loop: the next
// iteration's instance (the same registers) is zeroed while the previous
// wgmma may still write them.
exo.proc @accumulator_in_loop(%N: index, %A: !Ag, %B: !Bg) {
  %amap = exo.window %A[:, :] : !Ag -> !Amap
  %bmap = exo.window %B[:, :] : !Bg -> !Bmap
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %cg = exo.alloc : !Cg
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %a = exo.window %as[:, :] : !As -> !Ak
      %b = exo.window %bs[:, :] : !Bs -> !Bk
      exo.warps 0 to 1 {
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32, swizzle = 32>(%a, %amap) >> %full[0] : (!Ak, !Amap) >> !Full
        exo.call #exo.tma<kind = load, shape = [128, 8], dtype = f32, swizzle = 32>(%b, %bmap) >> %full[0] : (!Bk, !Bmap) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
      exo.for %i = 0 to 2 seq {
        // expected-error @+1 {{free_missing_sync hazard: 'D' is allocated again at task = 0, i = 1 and reuses the registers of its previous instance, but its mutation by task 0 threads 0-127 is not retired for those threads (an asynchronous access must be awaited first)}}
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!D)
        // expected-note @+1 {{the unretired access (at task = 0, i = 0)}}
        exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Ak, !Bk)
        exo.arrive(wgmma_async) >> %cg : !Cg
      }
      exo.await(%cg, cuda_in_order, 0) : !Cg
    }
  }
}

// -----

!Full = !exo.barrier<mbarrier, [1]>
!Cg = !exo.barrier<wgmma_group>
!Ag = !exo.tensor<[64, 8], f32, gmem>
!Bg = !exo.tensor<[128, 8], f32, gmem>
!Amap = !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>
!Bmap = !exo.window<[128, 8], f32, tma_map<32, [128, 8]>>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[128, 8], f32, smem_swizzle<32>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<32>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>

// The same with the wait in each iteration: accepted.
exo.proc @accumulator_in_loop_awaited(%N: index, %A: !Ag, %B: !Bg) {
  %amap = exo.window %A[:, :] : !Ag -> !Amap
  %bmap = exo.window %B[:, :] : !Bg -> !Bmap
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %cg = exo.alloc : !Cg
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %a = exo.window %as[:, :] : !As -> !Ak
      %b = exo.window %bs[:, :] : !Bs -> !Bk
      exo.warps 0 to 1 {
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32, swizzle = 32>(%a, %amap) >> %full[0] : (!Ak, !Amap) >> !Full
        exo.call #exo.tma<kind = load, shape = [128, 8], dtype = f32, swizzle = 32>(%b, %bmap) >> %full[0] : (!Bk, !Bmap) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
      exo.for %i = 0 to 2 seq {
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!D)
        exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Ak, !Bk)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

!Full = !exo.barrier<mbarrier, [1]>
!Cg = !exo.barrier<wgmma_group>
!Ag = !exo.tensor<[64, 8], f32, gmem>
!Bg = !exo.tensor<[128, 8], f32, gmem>
!Amap = !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>
!Bmap = !exo.window<[128, 8], f32, tma_map<32, [128, 8]>>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[128, 8], f32, smem_swizzle<32>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<32>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>

// A task whose last wgmma group is never awaited: the next task of the
// persistent cluster reuses the accumulator's registers while the wgmma may
// still write them.
exo.proc @accumulator_unawaited_at_task_end(%N: index, %A: !Ag, %B: !Bg) {
  %amap = exo.window %A[:, :] : !Ag -> !Amap
  %bmap = exo.window %B[:, :] : !Bg -> !Bmap
  exo.device_function(blockDim = 128) {
    // expected-error @+1 {{free_missing_sync hazard: the next task of this persistent cluster reuses the registers of 'D', but its mutation by task 0 threads 0-127 is not ordered before the end of task 0 for those threads (at task = 0)}}
    exo.for %task = 0 to 2 cuda_tasks {
      %D = exo.alloc : !Dt
      %full = exo.alloc : !Full
      %cg = exo.alloc : !Cg
      %as = exo.alloc : !As
      %bs = exo.alloc : !Bs
      %a = exo.window %as[:, :] : !As -> !Ak
      %b = exo.window %bs[:, :] : !Bs -> !Bk
      exo.warps 0 to 1 {
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32, swizzle = 32>(%a, %amap) >> %full[0] : (!Ak, !Amap) >> !Full
        exo.call #exo.tma<kind = load, shape = [128, 8], dtype = f32, swizzle = 32>(%b, %bmap) >> %full[0] : (!Bk, !Bmap) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
      %d = exo.window %D[:, :] : !Dt -> !D
      exo.call #exo.wgmma_zero<n = 128>(%d) : (!D)
      // expected-note @+1 {{the unordered access (at task = 0)}}
      exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Ak, !Bk)
      // expected-note @+1 {{the last synchronization that touched it}}
      exo.arrive(wgmma_async) >> %cg : !Cg
    }
  }
}

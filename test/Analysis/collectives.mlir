// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives=remarks -verify-diagnostics
// The programs are also well synchronized.
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="sizes=N=3 allow-unused-sizes=true" -o /dev/null

// Tiling: the task runs on the whole CTA; a warpgroup loop gives each
// iteration one warpgroup, a nested thread loop one thread; warp selections
// narrow the collective.
exo.proc @wgmma_like(%d: !exo.window<[64], f32, regs> {exo.access = #exo.access<write>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "x"> {
}

exo.proc @tiling(%y: !exo.tensor<[256], f32, gmem>) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 256) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-remark @below {{1 collective, first: the whole cluster (256 threads)}}
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        // expected-remark @below {{2 collectives, first: 128 threads: threads 0-127}}
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %i = 0 to 128 cuda_threads<thread> {
          %c128 = arith.constant 128 : index
          %b = arith.muli %wg, %c128 : index
          %j = arith.addi %b, %i : index
          // expected-remark @below {{256 collectives, first: 1 thread: thread 0}}
          exo.assign %y[%j] = %zero : !exo.tensor<[256], f32, gmem>
        }
      }
      exo.warps 2 to 3 {
        // expected-remark @below {{1 collective, first: 32 threads: threads 64-95}}
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A cp.async pipeline with one commit group per thread: each thread copies
// its element of a row into shared memory, commits, waits and uses it.
!Row = !exo.tensor<[N, 128], f32, gmem>
!Buf = !exo.tensor<[2, 128], f32, smem>
!One = !exo.window<[1], f32, smem>
!OneG = !exo.window<[1], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @cp_async_pipeline(%N: index, %x: !Row, %y: !Row) {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      // expected-remark @below {{distributed dimensions: 0}}
      %buf = exo.alloc : !Buf
      // expected-remark @below {{distributed dimensions: 1}}
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %d = exo.window %buf[%slot, %t :+ 1] : !Buf -> !One
          %s = exo.window %x[%i, %t :+ 1] : !Row -> !OneG
          // expected-remark @below {{128 collectives, first: 1 thread: thread 0}}
          exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d, %s) : (!One, !OneG)
          // expected-remark @below {{128 collectives, first: 1 thread: thread 0}}
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          // expected-remark @below {{128 collectives, first: 1 thread: thread 0}}
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
          %v = exo.read %buf[%slot, %t] : !Buf
          // expected-remark @below {{128 collectives, first: 1 thread: thread 0}}
          exo.assign %y[%i, %t] = %v : !Row
        }
      }
    }
  }
}

// -----

// Three warp groups in an mbarrier cycle: "a" fills a shared slot and
// arrives on %ab, "b" awaits it, transforms the slot and arrives on %bc,
// "c" awaits that, consumes the slot and arrives on %ca for the next
// iteration, which "a" awaits before refilling. Each Arrive and its Await run on different warps.
!S = !exo.tensor<[32], f32, smem>
!Bar = !exo.barrier<mbarrier, [? ring 1]>
!BarPre = !exo.barrier<mbarrier(prearrive 1), [? ring 1]>

exo.proc @three_groups(%N: index, %y: !exo.tensor<[N, 32], f32, gmem>) {
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"a", 1>, <"b", 1>, <"c", 1>]) {
    exo.for %task = 0 to 1 cuda_tasks {
      // expected-remark @below {{distributed dimensions: 0}}
      %slot = exo.alloc : !S
      // expected-remark @below {{distributed dimensions: 0}}
      // expected-remark @below {{arriving threads per phase: 32}}
      %ab = exo.alloc : !Bar
      // expected-remark @below {{distributed dimensions: 0}}
      // expected-remark @below {{arriving threads per phase: 32}}
      %bc = exo.alloc : !Bar
      // expected-remark @below {{distributed dimensions: 0}}
      // expected-remark @below {{arriving threads per phase: 32}}
      %ca = exo.alloc : !BarPre
      exo.for %i = 0 to %N seq {
        exo.warps "a" {
          // expected-remark @below {{1 collective, first: 32 threads: threads 0-31}}
          exo.await(%ca[%i], cuda_temporal, 0) : !BarPre
          exo.for %t = 0 to 32 cuda_threads<thread> {
            // expected-remark @below {{32 collectives, first: 1 thread: thread 0}}
            exo.assign %slot[%t] = %one : !S
          }
          // expected-remark @below {{1 collective, first: 32 threads: threads 0-31}}
          // expected-remark @below {{CTA masks: 0x0001}}
          exo.arrive(cuda_in_order) >> %ab[%i] : !Bar
        }
        exo.warps "b" {
          // expected-remark @below {{1 collective, first: 32 threads: threads 32-63}}
          exo.await(%ab[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            %v = exo.read %slot[%t] : !S
            %w = arith.addf %v, %v : f32
            // expected-remark @below {{32 collectives, first: 1 thread: thread 32}}
            exo.assign %slot[%t] = %w : !S
          }
          // expected-remark @below {{1 collective, first: 32 threads: threads 32-63}}
          // expected-remark @below {{CTA masks: 0x0001}}
          exo.arrive(cuda_in_order) >> %bc[%i] : !Bar
        }
        exo.warps "c" {
          // expected-remark @below {{1 collective, first: 32 threads: threads 64-95}}
          exo.await(%bc[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            %v = exo.read %slot[%t] : !S
            // expected-remark @below {{32 collectives, first: 1 thread: thread 64}}
            exo.assign %y[%i, %t] = %v : !exo.tensor<[N, 32], f32, gmem>
          }
          %next = arith.addi %i, %c1 : index
          // expected-remark @below {{1 collective, first: 32 threads: threads 64-95}}
          // expected-remark @below {{CTA masks: 0x0001}}
          exo.arrive(cuda_in_order) >> %ca[%next] : !BarPre
        }
      }
    }
  }
}

// -----

// An unnamed warp range selects those warps of every CTA of the collective.
exo.proc @both_ctas(%x: !exo.window<[4], f32, gmem> {exo.access = #exo.access<read>})
    instr<unit = 2 * warp_in_cluster_strided(1), timeline = cuda_in_order, lowering = "x"> {
}
exo.proc @warps_per_cta(%g: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.warps 1 to 2 {
        // expected-remark @below {{1 collective, first: 64 threads: CTA 0 threads 32-63, CTA 1 threads 32-63}}
        exo.call @both_ctas(%g) : (!exo.tensor<[4], f32, gmem>)
      }
    }
  }
}

// The ping-pong Hopper tf32 GEMM: C[m, n] = sum_k A[m, k] * B[n, k].
//
// A is M x K row-major (K-major), B is N x K (K-major), C is M x N row-major:
// the layout of hopper_gemm.mlir, so the same harness checks both.
//
// A task computes a 256 x 256 tile of C on a cluster of two CTAs
// (ncta_M = 2, ncta_N = 1); each CTA owns 128 rows of it. Unlike the
// cooperative kernel (hopper_gemm.mlir), where both consumer warpgroups
// split every K step, here each consumer warpgroup owns a whole 128 x 128
// half of the CTA's tile and runs its own K loop ("ping-pong"): warpgroup 0
// computes columns 0-127 (phase 0), warpgroup 1 columns 128-255 (phase 1).
// The producer fills one 6-slot ring for both phases in order, so warpgroup
// 1's main loop starts while warpgroup 0 finishes its K loop, and warpgroup
// 0's epilogue (accumulator to global memory) overlaps warpgroup 1's main
// loop: the tensor cores stay busy across the first epilogue.
//
// Per CTA, 12 warps in three named groups (warp specialization):
//   - "producer" (1 warp, setmaxnreg.dec 40): the TMA loads of A (128 x 32,
//     each CTA its own rows) and B (128 x 32 for the phase's columns, each
//     CTA loads 64 rows and multicasts them to both);
//   - "unused" (3 warps): pad the producer to a warpgroup;
//   - "consumer" (8 warps = 2 warpgroups, setmaxnreg.inc 232): warps 0-3 of
//     the group run phase 0, warps 4-7 phase 1, each with two 64 x 128
//     register accumulators (two wgmma.m64n128k8 per 8-wide K step).
//
// The two phases are written out (the sequential loop over them unrolled by
// hand) because each phase is run by a different warpgroup: a warp range of
// the named group, not a guard on a thread iterator (a guard would hide from
// the lowering which threads arrive on the multicast empty barriers).
//
// Synchronization (every statement is an annotation: read sequentially, it
// changes nothing). The ring position of K step k of phase p is
// r = p * Kt + k:
//   - %raw ("full") mbarriers [CTA, ring r]: the TMA loads complete on them;
//     the producer's Arrive(cuda_temporal) carries the transaction bytes;
//     the phase's warpgroup Awaits them before its wgmma read the slot.
//   - %war ("empty") mbarriers, pre-arrived for the 6 initially free slots:
//     the phase's warpgroup releases position r - 1 (ring element r + 5)
//     once that step's wgmma group retired (Await(%cg, 1)), multicast to the
//     producers of both CTAs; the producer Awaits before refilling.
//   - %cg0, %cg1: the wgmma commit group of each phase's warpgroup.
//   - %handoff: warpgroup 0 arrives once it has awaited its last full
//     barrier; warpgroup 1 awaits it before its first. A parity wait only
//     tells a barrier's phase from the next one: warpgroup 1's first waits
//     reuse mbarriers whose previous phases warpgroup 0 awaited, so it must
//     be ordered after those awaits (the checker's phase-order rule; without
//     it a wait can pass on a stale phase on the H200).
//   - Epilogue of a phase: the warpgroup drains its wgmma group, releases
//     the last slot, and stores its accumulators to global memory from
//     registers (no shared memory, so no fence is needed before the next
//     phase or task reuses the ring).

!A = !exo.tensor<[M, K], f32, gmem>
!B = !exo.tensor<[N, K], f32, gmem>
!C = !exo.tensor<[M, N], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Aring = !exo.tensor<[2, 1, 6, 128, 32], f32, smem_swizzle<128>>
!Bring = !exo.tensor<[2, 1, 6, 128, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[1, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
!Dall = !exo.tensor<[2, 1, 1, 64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Full = !exo.barrier<mbarrier, [2, 1, ? ring 6]>
!Empty = !exo.barrier<mbarrier(prearrive 6), [2, 1, ? ring 6]>
!Cg = !exo.barrier<wgmma_group, [2, 1, 1]>
!Hand = !exo.barrier<mbarrier, [2, 1]>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_sm90_tf32_pingpong(%M: index, %N: index, %K: index,
                                  %A: !A, %B: !B, %C: !C)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 256 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
                                        N - 256 >= 0, K - 32 >= 0)> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // Tensor maps are encoded on the host.
  %A_map = exo.window %A[:, :] : !A -> !Amap
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  %Mt = arith.divui %M, %c256 : index
  %Nt = arith.divui %N, %c256 : index
  %Kt = arith.divui %K, %c32 : index
  exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>,
                               <"consumer", 8, inc 232>], clusterDim = 2) {
    exo.for %task_n = 0 to %Nt cuda_tasks {
      exo.for %task_m = 0 to %Mt cuda_tasks {
        // Accumulators of each phase: rows 0-63 and 64-127 of the CTA's
        // 128 x 128 half, distributed over (CTA row, CTA column, the
        // phase's warpgroup).
        %D0lo = exo.alloc : !Dall
        %D0hi = exo.alloc : !Dall
        %D1lo = exo.alloc : !Dall
        %D1hi = exo.alloc : !Dall
        %raw = exo.alloc : !Full
        %war = exo.alloc : !Empty
        %cg0 = exo.alloc : !Cg
        %cg1 = exo.alloc : !Cg
        %handoff = exo.alloc : !Hand
        %A_smem = exo.alloc : !Aring
        %B_smem = exo.alloc : !Bring
        // Ring positions: phase p's K step k is r = p * Kt + k; the drain of
        // phase p releases position (p + 1) * Kt - 1, i.e. element
        // (p + 1) * Kt + 5.
        %base0 = arith.constant 0 : index
        %base1 = arith.addi %Kt, %c0 : index
        %Kt2 = arith.muli %Kt, %c2 : index
        %last0 = arith.addi %Kt, %c5 : index
        %last1 = arith.addi %Kt2, %c5 : index
        %Kt1 = arith.subi %Kt, %c1 : index

        //===--- Phase 0: columns 0-127 of the task's tile, consumer
        // warpgroup 0 (warps 0-3 of the group).
        exo.warps "consumer" 0 to 4 {
          exo.for %cta_m = 0 to 2 cuda_threads<cta> {
            exo.for %cta_n = 0 to 1 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                %dlo = exo.window %D0lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %dhi = exo.window %D0hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                exo.call #exo.wgmma_zero<n = 128>(%dlo) : (!D)
                exo.call #exo.wgmma_zero<n = 128>(%dhi) : (!D)
              }
            }
          }
        }
        exo.for %k = 0 to %Kt seq {
          %r = arith.addi %k, %base0 : index
          %slot = arith.remui %r, %c6 : index
          %k0 = arith.muli %k, %c32 : index
          %r5 = arith.addi %r, %c5 : index
          %later = arith.cmpi uge, %k, %c1 : index
          %last = arith.cmpi eq, %k, %Kt1 : index
          exo.warps "producer" {
            // Wait until every reader of this slot has released it.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%war[%cta_m, %cta_n, %r], cuda_temporal, 0) : !Empty
              }
            }
            // A: each CTA loads its own 128 x 32 tile.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              %tm2 = arith.muli %task_m, %c2 : index
              %tmc = arith.addi %tm2, %cta_m : index
              %m0 = arith.muli %tmc, %c128 : index
              %a_dst = exo.window %A_smem[%cta_m, :, %slot, :, :] : !Aring -> !Aslot
              %a_src = exo.window %A_map[%m0 :+ 128, %k0 :+ 32] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 1>(%a_dst, %a_src) >> %raw[%cta_m, :, %r]
                  : (!Aslot, !Atile) >> !Full
            }
            // B: the phase's 128 x 32 tile, multicast to both CTAs.
            exo.for %cta_n = 0 to 1 cuda_threads<2 * cta_strided(1)> {
              %nt = arith.muli %task_n, %c256 : index
              %n0 = arith.addi %nt, %c0 : index
              %b_dst = exo.window %B_smem[:, %cta_n, %slot, :, :] : !Bring -> !Bslot
              %b_src = exo.window %B_map[%n0 :+ 128, %k0 :+ 32] : !Bmap -> !Btile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%b_dst, %b_src) >> %raw[:, %cta_n, %r]
                  : (!Bslot, !Btile) >> !Full
              exo.for %cta_m = 0 to 2 cuda_threads<cta> {
                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %r] >> %raw[:, %cta_n, %r] : !Full
              }
            }
          }
          exo.warps "consumer" 0 to 4 {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                  exo.await(%raw[%cta_m, %cta_n, %r], cuda_generic_and_async_proxy, 0) : !Full
                  // Every phase of the ring that phase 1 reuses is complete.
                  exo.if %last {
                    exo.arrive(cuda_in_order) >> %handoff[%cta_m, %cta_n] : !Hand
                  }
                  %dlo = exo.window %D0lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                  %dhi = exo.window %D0hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %kk0 = arith.muli %kk, %c8 : index
                    %alo = exo.window %A_smem[%cta_m, %cta_n, %slot, 0 :+ 64, %kk0 :+ 8] : !Aring -> !Ak
                    %ahi = exo.window %A_smem[%cta_m, %cta_n, %slot, 64 :+ 64, %kk0 :+ 8] : !Aring -> !Ak
                    %b = exo.window %B_smem[%cta_m, %cta_n, %slot, :, %kk0 :+ 8] : !Bring -> !Bk
                    exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %b) : (!D, !Ak, !Bk)
                    exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %b) : (!D, !Ak, !Bk)
                  }
                  exo.arrive(wgmma_async) >> %cg0[%cta_m, %cta_n, %wg] : !Cg
                  // Step r - 1's wgmma has retired: its slot is free.
                  exo.if %later {
                    exo.await(%cg0[%cta_m, %cta_n, %wg], cuda_in_order, 1) : !Cg
                    exo.arrive(cuda_in_order) >> %war[%cta_m, :, %r5] >> %war[:, %cta_n, %r5] : !Empty
                  }
                }
              }
            }
          }
        }
        // Epilogue of phase 0: drain the wgmma group, release the last slot,
        // store the accumulators (the other warpgroup keeps computing).
        exo.warps "consumer" 0 to 4 {
          exo.for %cta_m = 0 to 2 cuda_threads<cta> {
            exo.for %cta_n = 0 to 1 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                exo.await(%cg0[%cta_m, %cta_n, %wg], cuda_in_order, 0) : !Cg
                exo.arrive(cuda_in_order) >> %war[%cta_m, :, %last0] >> %war[:, %cta_n, %last0] : !Empty
                %tm2 = arith.muli %task_m, %c2 : index
                %tmc = arith.addi %tm2, %cta_m : index
                %m0 = arith.muli %tmc, %c128 : index
                %m1 = arith.addi %m0, %c64 : index
                %nt = arith.muli %task_n, %c256 : index
                %n0 = arith.addi %nt, %c0 : index
                %dlo = exo.window %D0lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %dhi = exo.window %D0hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %clo = exo.window %C[%m0 :+ 64, %n0 :+ 128] : !C -> !Cg64
                %chi = exo.window %C[%m1 :+ 64, %n0 :+ 128] : !C -> !Cg64
                exo.call #exo.wgmma_store<n = 128, dst = gmem>(%clo, %dlo) : (!Cg64, !D)
                exo.call #exo.wgmma_store<n = 128, dst = gmem>(%chi, %dhi) : (!Cg64, !D)
              }
            }
          }
        }

        //===--- Phase 1: columns 128-255 of the task's tile, consumer
        // warpgroup 1 (warps 4-7 of the group).
        exo.warps "consumer" 4 to 8 {
          exo.for %cta_m = 0 to 2 cuda_threads<cta> {
            exo.for %cta_n = 0 to 1 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                // Phase 0's warpgroup has awaited every phase of the ring
                // before this one's first (a parity wait cannot tell phases
                // two apart).
                exo.await(%handoff[%cta_m, %cta_n], cuda_in_order, 0) : !Hand
                %dlo = exo.window %D1lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %dhi = exo.window %D1hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                exo.call #exo.wgmma_zero<n = 128>(%dlo) : (!D)
                exo.call #exo.wgmma_zero<n = 128>(%dhi) : (!D)
              }
            }
          }
        }
        exo.for %k = 0 to %Kt seq {
          %r = arith.addi %k, %base1 : index
          %slot = arith.remui %r, %c6 : index
          %k0 = arith.muli %k, %c32 : index
          %r5 = arith.addi %r, %c5 : index
          %later = arith.cmpi uge, %k, %c1 : index
          exo.warps "producer" {
            // Wait until every reader of this slot has released it.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%war[%cta_m, %cta_n, %r], cuda_temporal, 0) : !Empty
              }
            }
            // A: each CTA loads its own 128 x 32 tile.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              %tm2 = arith.muli %task_m, %c2 : index
              %tmc = arith.addi %tm2, %cta_m : index
              %m0 = arith.muli %tmc, %c128 : index
              %a_dst = exo.window %A_smem[%cta_m, :, %slot, :, :] : !Aring -> !Aslot
              %a_src = exo.window %A_map[%m0 :+ 128, %k0 :+ 32] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 1>(%a_dst, %a_src) >> %raw[%cta_m, :, %r]
                  : (!Aslot, !Atile) >> !Full
            }
            // B: the phase's 128 x 32 tile, multicast to both CTAs.
            exo.for %cta_n = 0 to 1 cuda_threads<2 * cta_strided(1)> {
              %nt = arith.muli %task_n, %c256 : index
              %n0 = arith.addi %nt, %c128 : index
              %b_dst = exo.window %B_smem[:, %cta_n, %slot, :, :] : !Bring -> !Bslot
              %b_src = exo.window %B_map[%n0 :+ 128, %k0 :+ 32] : !Bmap -> !Btile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%b_dst, %b_src) >> %raw[:, %cta_n, %r]
                  : (!Bslot, !Btile) >> !Full
              exo.for %cta_m = 0 to 2 cuda_threads<cta> {
                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %r] >> %raw[:, %cta_n, %r] : !Full
              }
            }
          }
          exo.warps "consumer" 4 to 8 {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                  exo.await(%raw[%cta_m, %cta_n, %r], cuda_generic_and_async_proxy, 0) : !Full
                  %dlo = exo.window %D1lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                  %dhi = exo.window %D1hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %kk0 = arith.muli %kk, %c8 : index
                    %alo = exo.window %A_smem[%cta_m, %cta_n, %slot, 0 :+ 64, %kk0 :+ 8] : !Aring -> !Ak
                    %ahi = exo.window %A_smem[%cta_m, %cta_n, %slot, 64 :+ 64, %kk0 :+ 8] : !Aring -> !Ak
                    %b = exo.window %B_smem[%cta_m, %cta_n, %slot, :, %kk0 :+ 8] : !Bring -> !Bk
                    exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %b) : (!D, !Ak, !Bk)
                    exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %b) : (!D, !Ak, !Bk)
                  }
                  exo.arrive(wgmma_async) >> %cg1[%cta_m, %cta_n, %wg] : !Cg
                  // Step r - 1's wgmma has retired: its slot is free.
                  exo.if %later {
                    exo.await(%cg1[%cta_m, %cta_n, %wg], cuda_in_order, 1) : !Cg
                    exo.arrive(cuda_in_order) >> %war[%cta_m, :, %r5] >> %war[:, %cta_n, %r5] : !Empty
                  }
                }
              }
            }
          }
        }
        // Epilogue of phase 1: drain the wgmma group, release the last slot,
        // store the accumulators (the other warpgroup keeps computing).
        exo.warps "consumer" 4 to 8 {
          exo.for %cta_m = 0 to 2 cuda_threads<cta> {
            exo.for %cta_n = 0 to 1 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                exo.await(%cg1[%cta_m, %cta_n, %wg], cuda_in_order, 0) : !Cg
                exo.arrive(cuda_in_order) >> %war[%cta_m, :, %last1] >> %war[:, %cta_n, %last1] : !Empty
                %tm2 = arith.muli %task_m, %c2 : index
                %tmc = arith.addi %tm2, %cta_m : index
                %m0 = arith.muli %tmc, %c128 : index
                %m1 = arith.addi %m0, %c64 : index
                %nt = arith.muli %task_n, %c256 : index
                %n0 = arith.addi %nt, %c128 : index
                %dlo = exo.window %D1lo[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %dhi = exo.window %D1hi[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %clo = exo.window %C[%m0 :+ 64, %n0 :+ 128] : !C -> !Cg64
                %chi = exo.window %C[%m1 :+ 64, %n0 :+ 128] : !C -> !Cg64
                exo.call #exo.wgmma_store<n = 128, dst = gmem>(%clo, %dlo) : (!Cg64, !D)
                exo.call #exo.wgmma_store<n = 128, dst = gmem>(%chi, %dhi) : (!Cg64, !D)
              }
            }
          }
        }
      }
    }
  }
}

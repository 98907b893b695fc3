// The persistent ping-pong tf32 GEMM: C[m, n] = sum_k A[m, k] * B[n, k], the
// layout of hopper_gemm.mlir (A M x K, B N x K, both K-major; C M x N).
//
// The structure of cuBLAS's tf32 kernel at the shapes where the cooperative
// persistent kernels (gemm_derived_persistent_direct*.mlir) lose to it: short
// K (8192x8192x512), few rows (256x8192x8192), and 3000x5000x7000. There,
// cuBLAS runs `sm90_xmma_gemm_..._tilesize128x128x32_warpgroupsize1x1x1`
// (ncu, bench/analysis/pingpong-persistent.md): 384 threads, a
// cluster of two, one CTA per SM, persistent. Each consumer warpgroup owns
// whole 128 x 128 tiles and the two take turns, so one warpgroup's epilogue
// (its stores of C) overlaps the other's K loop: the tensor cores do not
// wait for the stores.
//
// One task per cluster (NC, filled in by the launcher: {exo.cluster_count})
// computes the 256 x 128 cluster tiles pc, pc + NC, ... (CTA cm has rows
// 128 cm .. 128 cm + 127 of each, the 128 columns of B are shared: each CTA
// loads 64 rows of the B tile and multicasts them to both). The task's tiles
// pi = 0, 1, 2, ... alternate between the consumer warpgroups: warps 0-3 of
// the "consumer" group compute the even ones, warps 4-7 the odd ones. The
// loop over the pairs pp writes the two tiles of a pair out (a warp range
// per tile, not a guard on a thread iterator). Whole tiles only: M a
// multiple of 256, N of 128, K of 32.
//
// The producer warp fills one ring of six 32 KiB slots (A 128 x 32 and
// B 128 x 32 per CTA) for every tile in order: ring element pi * KT + ko.
// A consumer warpgroup awaits only its own tiles' elements, so a wait on a
// slot whose previous phase belongs to the other warpgroup's tile could pass
// on a stale phase (SyncChecker.md's phase-order rules reject that).
// Hand-off barriers order the K loops: warpgroup 0 arrives on %h01[pp] once
// it has awaited the last element of tile 2 pp, and warpgroup 1 awaits that
// before its first element of tile 2 pp + 1; %h10 the other way round. By
// then every earlier element has completed its phase.
//
// Each K step: four wgmma.m64n128k8 per half of the 32-wide step (rows
// 0-63 and 64-127, two 8-wide slices), each half its own commit group. After
// the first half's commit, the wait for all groups but that one completes the
// previous step, whose slot is released then (empty[g + 5] with the ring
// pre-arrived 6 times) while the first half runs; the second half needs no
// fence (only wgmmas of one shape touched the accumulators since the first).
// After its K loop a warpgroup waits for its last group, releases the last
// slot and stores its accumulators straight to C (st.global of the
// fragments).
//
// The producer warp's loop runs on its lane 0 alone (the lowering's
// single-lane mode for a one-warp group that only issues TMA loads, waits
// and per-warp arrives): without it the producer is the bottleneck of this
// kernel (bench/analysis/pingpong-persistent.md).

!Ag = !exo.tensor<[M, K], f32, gmem>
!Bg = !exo.tensor<[N, K], f32, gmem>
!Cg = !exo.tensor<[M, N], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Ring = !exo.barrier<mbarrier, [2, ? ring 6]>
!Free = !exo.barrier<mbarrier(prearrive 6), [2, ? ring 6]>
!Arings = !exo.tensor<[2, ? ring 6, 128, 32], f32, smem_swizzle<128>>
!Brings = !exo.tensor<[2, ? ring 6, 128, 32], f32, smem_swizzle<128>>
!Accs = !exo.tensor<[2, 2, 64, 128], f32, wgmma_accum>
!Hand = !exo.barrier<mbarrier, [2, ? ring 1]>
!Group = !exo.barrier<wgmma_group, [2]>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_sm90_tf32_pingpong_persistent(%M: index, %N: index, %K: index,
                                               %NC: index {exo.cluster_count},
                                               %A: !Ag, %B: !Bg, %C: !Cg)
    requires affine_set<()[M, N, K, NC] : (M mod 256 == 0, N mod 128 == 0,
                                           K mod 32 == 0, M - 256 >= 0,
                                           N - 128 >= 0, K - 32 >= 0,
                                           NC - 1 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c5 = arith.constant 5 : index
  %TM = arith.divsi %M, %c256 : index
  %TN = arith.divsi %N, %c128 : index
  %T = arith.muli %TM, %TN : index
  %KT = arith.divsi %K, %c32 : index
  %KT1 = arith.subi %KT, %c1 : index
  %Amap = exo.window %A[:, :] : !Ag -> !Amap
  %Bmap = exo.window %B[:, :] : !Bg -> !Bmap
  exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
    exo.for %pc = 0 to %NC cuda_tasks {
      %full = exo.alloc : !Ring
      %empty = exo.alloc : !Free
      %h01 = exo.alloc : !Hand
      %h10 = exo.alloc : !Hand
      %cg0 = exo.alloc : !Group
      %cg1 = exo.alloc : !Group
      %A_smem = exo.alloc guarded_by %empty : !Arings, guard !Free
      %B_smem = exo.alloc guarded_by %empty : !Brings, guard !Free
      %rest = arith.subi %T, %pc : index
      %rest1 = arith.addi %rest, %NC : index
      %rest2 = arith.subi %rest1, %c1 : index
      %tiles = arith.divsi %rest2, %NC : index
      %tiles1 = arith.addi %tiles, %c1 : index
      %pairs = arith.divsi %tiles1, %c2 : index
      exo.for %pp = 0 to %pairs seq {
        %pi0 = arith.muli %pp, %c2 : index
        %pi1 = arith.addi %pi0, %c1 : index
        %pp_prev = arith.subi %pp, %c1 : index
        %after_first = arith.cmpi sge, %pp, %c1 : index
        %has1 = arith.cmpi slt, %pi1, %tiles : index
        %t0a = arith.muli %pi0, %NC : index
        %t0 = arith.addi %pc, %t0a : index
        %tn0 = arith.divsi %t0, %TM : index
        %tm0 = arith.remsi %t0, %TM : index
        %n0_0 = arith.muli %tn0, %c128 : index
        %m0_0 = arith.muli %tm0, %c256 : index
        %kb0 = arith.muli %pi0, %KT : index
        %last0a = arith.addi %kb0, %KT : index
        %last0 = arith.addi %last0a, %c5 : index
        %D0 = exo.alloc : !Accs
        exo.warps "consumer" 0 to 4 {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              exo.if %after_first {
                exo.await(%h10[%cm, %pp_prev], cuda_in_order, 0) : !Hand
              }
              %dlo = exo.window %D0[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %dhi = exo.window %D0[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              exo.call #exo.wgmma_zero<n = 128>(%dlo) : (!D)
              exo.call #exo.wgmma_zero<n = 128>(%dhi) : (!D)
            }
          }
        }
        exo.for %ko = 0 to %KT seq {
          %g = arith.addi %kb0, %ko : index
          %k0 = arith.muli %ko, %c32 : index
          %rel = arith.addi %g, %c5 : index
          %later = arith.cmpi sge, %ko, %c1 : index
          %lastk = arith.cmpi eq, %ko, %KT1 : index
          exo.warps "producer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.await(%empty[%cm, %g], cuda_temporal, 0) : !Free
            }
            %bs = exo.window %B_smem[0 :+ 2, %g, 0 :+ 128, 0 :+ 32] : !Brings -> !Bslot
            %bt = exo.window %Bmap[%n0_0 :+ 128, %k0 :+ 32] : !Bmap -> !Btile
            exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%bs, %bt) >> %full[:, %g] : (!Bslot, !Btile) >> !Ring
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %am = arith.muli %cm, %c128 : index
              %arow = arith.addi %m0_0, %am : index
              %as = exo.window %A_smem[%cm, %g, 0 :+ 128, 0 :+ 32] : !Arings -> !Aslot
              %at = exo.window %Amap[%arow :+ 128, %k0 :+ 32] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%as, %at) >> %full[%cm, %g] : (!Aslot, !Atile) >> !Ring
              exo.arrive(cuda_temporal) >> %full[:, %g] : !Ring
            }
          }
          exo.warps "consumer" 0 to 4 {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                exo.await(%full[%cm, %g], cuda_generic_and_async_proxy, 0) : !Ring
                exo.if %lastk {
                  exo.arrive(cuda_in_order) >> %h01[%cm, %pp] : !Hand
                }
                %dlo = exo.window %D0[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                %dhi = exo.window %D0[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                exo.fence(wgmma_fence_1, wgmma_fence_2)
                exo.for %kk = 0 to 2 seq {
                  %kc = arith.muli %kk, %c8 : index
                  %alo = exo.window %A_smem[%cm, %g, 0 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %ahi = exo.window %A_smem[%cm, %g, 64 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %bk = exo.window %B_smem[%cm, %g, 0 :+ 128, %kc :+ 8] : !Brings -> !Bk
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %bk) : (!D, !Ak, !Bk)
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %bk) : (!D, !Ak, !Bk)
                }
                exo.arrive(wgmma_async) >> %cg0[%cm] : !Group
                exo.await(%cg0[%cm], cuda_in_order, 1) : !Group
              }
              exo.if %later {
                exo.arrive(cuda_in_order) >> %empty[:, %rel] : !Free
              }
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                %dlo = exo.window %D0[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                %dhi = exo.window %D0[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                exo.for %kk = 2 to 4 seq {
                  %kc = arith.muli %kk, %c8 : index
                  %alo = exo.window %A_smem[%cm, %g, 0 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %ahi = exo.window %A_smem[%cm, %g, 64 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %bk = exo.window %B_smem[%cm, %g, 0 :+ 128, %kc :+ 8] : !Brings -> !Bk
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %bk) : (!D, !Ak, !Bk)
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %bk) : (!D, !Ak, !Bk)
                }
                exo.arrive(wgmma_async) >> %cg0[%cm] : !Group
              }
            }
          }
        }
        exo.warps "consumer" 0 to 4 {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              exo.await(%cg0[%cm], cuda_in_order, 0) : !Group
            }
            exo.arrive(cuda_in_order) >> %empty[:, %last0] : !Free
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              %rm = arith.muli %cm, %c128 : index
              %r0 = arith.addi %m0_0, %rm : index
              %r1 = arith.addi %r0, %c64 : index
              %dlo = exo.window %D0[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %dhi = exo.window %D0[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %clo = exo.window %C[%r0 :+ 64, %n0_0 :+ 128] : !Cg -> !Cg64
              %chi = exo.window %C[%r1 :+ 64, %n0_0 :+ 128] : !Cg -> !Cg64
              exo.call #exo.wgmma_store<n = 128, dst = gmem>(%clo, %dlo) : (!Cg64, !D)
              exo.call #exo.wgmma_store<n = 128, dst = gmem>(%chi, %dhi) : (!Cg64, !D)
            }
          }
        }
        exo.if %has1 {
        %t1a = arith.muli %pi1, %NC : index
        %t1 = arith.addi %pc, %t1a : index
        %tn1 = arith.divsi %t1, %TM : index
        %tm1 = arith.remsi %t1, %TM : index
        %n0_1 = arith.muli %tn1, %c128 : index
        %m0_1 = arith.muli %tm1, %c256 : index
        %kb1 = arith.muli %pi1, %KT : index
        %last1a = arith.addi %kb1, %KT : index
        %last1 = arith.addi %last1a, %c5 : index
        %D1 = exo.alloc : !Accs
        exo.warps "consumer" 4 to 8 {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              exo.await(%h01[%cm, %pp], cuda_in_order, 0) : !Hand
              %dlo = exo.window %D1[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %dhi = exo.window %D1[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              exo.call #exo.wgmma_zero<n = 128>(%dlo) : (!D)
              exo.call #exo.wgmma_zero<n = 128>(%dhi) : (!D)
            }
          }
        }
        exo.for %ko = 0 to %KT seq {
          %g = arith.addi %kb1, %ko : index
          %k0 = arith.muli %ko, %c32 : index
          %rel = arith.addi %g, %c5 : index
          %later = arith.cmpi sge, %ko, %c1 : index
          %lastk = arith.cmpi eq, %ko, %KT1 : index
          exo.warps "producer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.await(%empty[%cm, %g], cuda_temporal, 0) : !Free
            }
            %bs = exo.window %B_smem[0 :+ 2, %g, 0 :+ 128, 0 :+ 32] : !Brings -> !Bslot
            %bt = exo.window %Bmap[%n0_1 :+ 128, %k0 :+ 32] : !Bmap -> !Btile
            exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%bs, %bt) >> %full[:, %g] : (!Bslot, !Btile) >> !Ring
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %am = arith.muli %cm, %c128 : index
              %arow = arith.addi %m0_1, %am : index
              %as = exo.window %A_smem[%cm, %g, 0 :+ 128, 0 :+ 32] : !Arings -> !Aslot
              %at = exo.window %Amap[%arow :+ 128, %k0 :+ 32] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%as, %at) >> %full[%cm, %g] : (!Aslot, !Atile) >> !Ring
              exo.arrive(cuda_temporal) >> %full[:, %g] : !Ring
            }
          }
          exo.warps "consumer" 4 to 8 {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                exo.await(%full[%cm, %g], cuda_generic_and_async_proxy, 0) : !Ring
                exo.if %lastk {
                  exo.arrive(cuda_in_order) >> %h10[%cm, %pp] : !Hand
                }
                %dlo = exo.window %D1[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                %dhi = exo.window %D1[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                exo.fence(wgmma_fence_1, wgmma_fence_2)
                exo.for %kk = 0 to 2 seq {
                  %kc = arith.muli %kk, %c8 : index
                  %alo = exo.window %A_smem[%cm, %g, 0 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %ahi = exo.window %A_smem[%cm, %g, 64 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %bk = exo.window %B_smem[%cm, %g, 0 :+ 128, %kc :+ 8] : !Brings -> !Bk
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %bk) : (!D, !Ak, !Bk)
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %bk) : (!D, !Ak, !Bk)
                }
                exo.arrive(wgmma_async) >> %cg1[%cm] : !Group
                exo.await(%cg1[%cm], cuda_in_order, 1) : !Group
              }
              exo.if %later {
                exo.arrive(cuda_in_order) >> %empty[:, %rel] : !Free
              }
              exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
                %dlo = exo.window %D1[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                %dhi = exo.window %D1[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
                exo.for %kk = 2 to 4 seq {
                  %kc = arith.muli %kk, %c8 : index
                  %alo = exo.window %A_smem[%cm, %g, 0 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %ahi = exo.window %A_smem[%cm, %g, 64 :+ 64, %kc :+ 8] : !Arings -> !Ak
                  %bk = exo.window %B_smem[%cm, %g, 0 :+ 128, %kc :+ 8] : !Brings -> !Bk
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dlo, %alo, %bk) : (!D, !Ak, !Bk)
                  exo.call #exo.wgmma<n = 128, dtype = tf32>(%dhi, %ahi, %bk) : (!D, !Ak, !Bk)
                }
                exo.arrive(wgmma_async) >> %cg1[%cm] : !Group
              }
            }
          }
        }
        exo.warps "consumer" 4 to 8 {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              exo.await(%cg1[%cm], cuda_in_order, 0) : !Group
            }
            exo.arrive(cuda_in_order) >> %empty[:, %last1] : !Free
            exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
              %rm = arith.muli %cm, %c128 : index
              %r0 = arith.addi %m0_1, %rm : index
              %r1 = arith.addi %r0, %c64 : index
              %dlo = exo.window %D1[%cm, 0, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %dhi = exo.window %D1[%cm, 1, 0 :+ 64, 0 :+ 128] : !Accs -> !D
              %clo = exo.window %C[%r0 :+ 64, %n0_1 :+ 128] : !Cg -> !Cg64
              %chi = exo.window %C[%r1 :+ 64, %n0_1 :+ 128] : !Cg -> !Cg64
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

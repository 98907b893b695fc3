// The split-K GEMM of hopper_gemm_splitk.mlir with a narrower tile for small
// problems: one task computes a 256 x 128 tile of C (each CTA 128 x 128), so
// a 1024 x 1024 C has 32 tiles instead of 16, times KS chunks of K.
//
// Differences from hopper_gemm_splitk.mlir: B's tile is 128 x 32 per K step
// (each CTA loads 64 rows and multicasts them to both); each consumer
// warpgroup runs four wgmma.m64n128k8 per K step into a 64 x 128
// accumulator; the C tile staged in shared memory and reduced into C by TMA
// is 128 x 128 per CTA. Everything else (roles, rings, barriers, fences) is
// the same; read that file's header.

!A = !exo.tensor<[M, KS, KC], f32, gmem>
!B = !exo.tensor<[N, KS, KC], f32, gmem>
!C = !exo.tensor<[M, N], f32, gmem>
!Amap = !exo.window<[M, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Bmap = !exo.window<[N, KS, KC], f32, tma_map<128, [64, 1, 32]>>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [128, 128]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 1, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 1, 32]>>
!Ctile = !exo.window<[128, 128], f32, tma_map<0, [128, 128]>>
!Aring = !exo.tensor<[2, 1, 4, 128, 32], f32, smem_swizzle<128>>
!Bring = !exo.tensor<[2, 1, 4, 128, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[1, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
!Dall = !exo.tensor<[2, 1, 2, 64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Csmem = !exo.tensor<[2, 1, 128, 128], f32, smem>
!Cwg = !exo.window<[64, 128], f32, smem>
!Ccta = !exo.window<[128, 128], f32, smem>
!Full = !exo.barrier<mbarrier, [2, 1, ? ring 4]>
!Empty = !exo.barrier<mbarrier(prearrive 4), [2, 1, ? ring 4]>
!Cg = !exo.barrier<wgmma_group, [2, 1, 2]>
!TmaCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// Instructions used by the kernel (their bodies are their semantics)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_sm90_tf32_splitk_n128(%M: index, %N: index, %KS: index, %KC: index,
                                %A: !A, %B: !B, %C: !C)
    requires affine_set<()[M, N, KS, KC] : (M mod 256 == 0, N mod 128 == 0,
                                             KC mod 32 == 0, M - 256 >= 0,
                                             N - 128 >= 0, KS - 1 >= 0,
                                             KC - 32 >= 0)> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // Tensor maps are encoded on the host.
  %A_map = exo.window %A[:, :, :] : !A -> !Amap
  %B_map = exo.window %B[:, :, :] : !B -> !Bmap
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  %Mt = arith.divui %M, %c256 : index
  %Nt = arith.divui %N, %c128 : index
  %Kt = arith.divui %KC, %c32 : index
  %Kt3 = arith.addi %Kt, %c3 : index
  exo.call #exo.memset0<rank = 2, dtype = f32>(%M, %N, %C) : (index, index, !C)
  exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>,
                               <"consumer", 8, inc 232>], clusterDim = 2) {
    exo.for %task_k = 0 to %KS cuda_tasks {
    exo.for %task_n = 0 to %Nt cuda_tasks {
      exo.for %task_m = 0 to %Mt cuda_tasks {
        // Accumulators: distributed over (CTA row, CTA column, warpgroup).
        %D = exo.alloc : !Dall
        exo.for %cta_m = 0 to 2 cuda_threads<cta> {
          exo.for %cta_n = 0 to 1 cuda_threads<cta> {
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %d = exo.window %D[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                exo.call #exo.wgmma_zero<n = 128>(%d) : (!D)
              }
            }
          }
        }
        %raw = exo.alloc : !Full
        %war = exo.alloc : !Empty
        %cg = exo.alloc : !Cg
        %A_smem = exo.alloc : !Aring
        %B_smem = exo.alloc : !Bring
        exo.for %k = 0 to %Kt seq {
          %slot = arith.remui %k, %c4 : index
          %k0 = arith.muli %k, %c32 : index
          %k3 = arith.addi %k, %c3 : index
          %later = arith.cmpi uge, %k, %c1 : index
          exo.warps "producer" {
            // Wait until every reader of this slot has released it.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%war[%cta_m, %cta_n, %k], cuda_temporal, 0) : !Empty
              }
            }
            // A: each CTA loads its own 128 x 32 tile (a multicast to the
            // ncta_N = 1 CTAs of its row).
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              %tm2 = arith.muli %task_m, %c2 : index
              %tmc = arith.addi %tm2, %cta_m : index
              %m0 = arith.muli %tmc, %c128 : index
              %a_dst = exo.window %A_smem[%cta_m, :, %slot, :, :] : !Aring -> !Aslot
              %a_src = exo.window %A_map[%m0 :+ 128, %task_k, %k0 :+ 32] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 1, box = [128, 1, 32]>(%a_dst, %a_src) >> %raw[%cta_m, :, %k]
                  : (!Aslot, !Atile) >> !Full
            }
            // B: the 256 x 32 tile is multicast to both CTAs of the column.
            exo.for %cta_n = 0 to 1 cuda_threads<2 * cta_strided(1)> {
              %n0 = arith.muli %task_n, %c128 : index
              %b_dst = exo.window %B_smem[:, %cta_n, %slot, :, :] : !Bring -> !Bslot
              %b_src = exo.window %B_map[%n0 :+ 128, %task_k, %k0 :+ 32] : !Bmap -> !Btile
              exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2, box = [64, 1, 32]>(%b_dst, %b_src) >> %raw[:, %cta_n, %k]
                  : (!Bslot, !Btile) >> !Full
              exo.for %cta_m = 0 to 2 cuda_threads<cta> {
                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %k] >> %raw[:, %cta_n, %k] : !Full
              }
            }
          }
          exo.warps "consumer" {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full
                exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                  %d = exo.window %D[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                  %r0 = arith.muli %wg, %c64 : index
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %kk0 = arith.muli %kk, %c8 : index
                    %a = exo.window %A_smem[%cta_m, %cta_n, %slot, %r0 :+ 64, %kk0 :+ 8] : !Aring -> !Ak
                    %b = exo.window %B_smem[%cta_m, %cta_n, %slot, :, %kk0 :+ 8] : !Bring -> !Bk
                    exo.call #exo.wgmma<n = 128, dtype = tf32>(%d, %a, %b) : (!D, !Ak, !Bk)
                  }
                  exo.arrive(wgmma_async) >> %cg[%cta_m, %cta_n, %wg] : !Cg
                  // Iteration k - 1's wgmma has retired: its slot is free.
                  exo.if %later {
                    exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 1) : !Cg
                  }
                }
                exo.if %later {
                  exo.arrive(cuda_in_order) >> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty
                }
              }
            }
          }
        }
        // Drain the wgmma pipeline and release the last slot.
        exo.warps "consumer" {
          exo.for %cta_m = 0 to 2 cuda_threads<cta> {
            exo.for %cta_n = 0 to 1 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 0) : !Cg
              }
              exo.arrive(cuda_in_order) >> %war[%cta_m, :, %Kt3] >> %war[:, %cta_n, %Kt3] : !Empty
            }
          }
        }
        // Epilogue: the ring's SMEM is reused for C (cluster-wide fence).
        exo.fence(cuda_in_order, cuda_in_order)
        %C_smem = exo.alloc : !Csmem
        exo.for %cta_m = 0 to 2 cuda_threads<cta> {
          exo.for %cta_n = 0 to 1 cuda_threads<cta> {
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %r0 = arith.muli %wg, %c64 : index
                %d = exo.window %D[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %c = exo.window %C_smem[%cta_m, %cta_n, %r0 :+ 64, :] : !Csmem -> !Cwg
                exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!Cwg, !D)
              }
            }
            // Generic-proxy stores become visible to the TMA store.
            exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
            exo.warps "producer" {
              %tm2 = arith.muli %task_m, %c2 : index
              %tmc = arith.addi %tm2, %cta_m : index
              %m0 = arith.muli %tmc, %c128 : index
              %n0 = arith.muli %task_n, %c128 : index
              %dst = exo.window %C_map[%m0 :+ 128, %n0 :+ 128] : !Cmap -> !Ctile
              %src = exo.window %C_smem[%cta_m, %cta_n, :, :] : !Csmem -> !Ccta
              exo.call #exo.tma<kind = reduce_add, shape = [128, 128], dtype = f32>(%dst, %src) : (!Ctile, !Ccta)
              %tma_cg = exo.alloc : !TmaCg
              exo.arrive(tma_to_gmem_async) >> %tma_cg : !TmaCg
              exo.await(%tma_cg, cuda_in_order, 0) : !TmaCg
            }
          }
        }
        // The next task of this persistent cluster reuses the SMEM.
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
    }
  }
}

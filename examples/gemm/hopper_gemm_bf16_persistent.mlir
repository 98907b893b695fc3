// The persistent bf16 GEMM: hopper_gemm_persistent.mlir with bf16
// operands (C in f32): TMA loads of 128 x 64 and 256 x 64 bf16 slices (one
// 128-byte swizzle span per row, 48 KiB per K step as in the tf32 kernel),
// four wgmma.m64n256k16 per K step. Everything else, the persistent tiles,
// the rings that run on from tile to tile and the epilogue in quarters with
// a TMA store per warp, is the tf32 kernel's; see there. (It differs from it
// only in the types, the instructions and the K step.)
//
// Check and run it:
//   exo-gpu-opt examples/gemm/hopper_gemm_bf16_persistent.mlir \
//     -exo-check-sync="sizes=M=512,N=512,K=256,NC=3"

!Amap = !exo.window<[M, K], bf16, tma_map<128, [128, 64]>>
!Bmap = !exo.window<[N, K], bf16, tma_map<128, [128, 64]>>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [16, 32]>>
!Atile = !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
!Btile = !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>>
!Cq = !exo.window<[16, 64], f32, tma_map<128, [16, 32]>>
!Aslot = !exo.window<[128, 64], bf16, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 64], bf16, smem_swizzle<128>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Bk = !exo.window<[256, 16], bf16, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Dq = !exo.window<[64, 64], f32, wgmma_accum>
!Cwgq = !exo.window<[64, 64], f32, smem_swizzle<128>>
!Cctaq = !exo.window<[16, 64], f32, smem_swizzle<128>>
!Ag = !exo.tensor<[M, K], bf16, gmem>
!Bg = !exo.tensor<[N, K], bf16, gmem>
!Cg = !exo.tensor<[M, N], f32, gmem>
!Ring = !exo.barrier<mbarrier, [2, ? ring 4]>
!Free = !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
!Arings = !exo.tensor<[2, ? ring 4, 128, 64], bf16, smem_swizzle<128>>
!Brings = !exo.tensor<[2, ? ring 4, 256, 64], bf16, smem_swizzle<128>>
!Accs = !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum>
!Cbuf = !exo.tensor<[2, 128, 64], f32, smem_swizzle<128>>
!Stores = !exo.barrier<bulk_group, [2, 2, 4]>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_sm90_bf16_persistent(%M: index, %N: index, %K: index,
                                     %NC: index {exo.cluster_count},
                                     %A: !Ag, %B: !Bg, %C: !Cg)
    requires affine_set<()[M, N, K, NC] : (M mod 256 == 0, N mod 256 == 0,
                                           K mod 64 == 0, M - 256 >= 0,
                                           N - 256 >= 0, K - 64 >= 0,
                                           NC - 1 >= 0)> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %c256 = arith.constant 256 : index
  %TM = arith.divsi %M, %c256 : index
  %TN = arith.divsi %N, %c256 : index
  %T = arith.muli %TM, %TN : index
  %KT = arith.divsi %K, %c64 : index
  %Amap = exo.window %A[:, :] : !Ag -> !Amap
  %Bmap = exo.window %B[:, :] : !Bg -> !Bmap
  %Cmap = exo.window %C[:, :] : !Cg -> !Cmap
  exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
    exo.for %pc = 0 to %NC cuda_tasks {
      %full = exo.alloc : !Ring
      %empty = exo.alloc : !Free
      %cg = exo.alloc : !exo.barrier<wgmma_group, [2, 2]>
      %tma_cg = exo.alloc : !Stores
      %A_smem = exo.alloc guarded_by %empty : !Arings, guard !Free
      %B_smem = exo.alloc guarded_by %empty : !Brings, guard !Free
      %C_smem = exo.alloc : !Cbuf
      // This cluster's tiles: pc + NC * pi for pi < ceil((T - pc) / NC).
      %rest = arith.subi %T, %pc : index
      %rest1 = arith.addi %rest, %NC : index
      %rest2 = arith.subi %rest1, %c1 : index
      %tiles = arith.divsi %rest2, %NC : index
      exo.for %pi = 0 to %tiles seq {
        %t0 = arith.muli %pi, %NC : index
        %t = arith.addi %pc, %t0 : index
        %tn = arith.divsi %t, %TM : index
        %tm = arith.remsi %t, %TM : index
        %n0 = arith.muli %tn, %c256 : index
        %m0 = arith.muli %tm, %c256 : index
        %kb = arith.muli %pi, %KT : index
        %D = exo.alloc : !Accs
        exo.warps "consumer" {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %d = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !Accs -> !D
              exo.call #exo.wgmma_zero<n = 256>(%d) : (!D)
            }
          }
        }
        exo.for %ko = 0 to %KT seq {
          %g = arith.addi %kb, %ko : index
          %k0 = arith.muli %ko, %c64 : index
          exo.warps "producer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.await(%empty[%cm, %g], cuda_temporal, 0) : !Free
            }
            %bs = exo.window %B_smem[0 :+ 2, %g, 0 :+ 256, 0 :+ 64] : !Brings -> !Bslot
            %bt = exo.window %Bmap[%n0 :+ 256, %k0 :+ 64] : !Bmap -> !Btile
            exo.call #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2>(%bs, %bt) >> %full[:, %g] : (!Bslot, !Btile) >> !Ring
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %am = arith.muli %cm, %c128 : index
              %arow = arith.addi %m0, %am : index
              %as = exo.window %A_smem[%cm, %g, 0 :+ 128, 0 :+ 64] : !Arings -> !Aslot
              %at = exo.window %Amap[%arow :+ 128, %k0 :+ 64] : !Amap -> !Atile
              exo.call #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128>(%as, %at) >> %full[%cm, %g] : (!Aslot, !Atile) >> !Ring
              exo.arrive(cuda_temporal) >> %full[:, %g] : !Ring
            }
          }
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.await(%full[%cm, %g], cuda_generic_and_async_proxy, 0) : !Ring
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %wr = arith.muli %wg, %c64 : index
                exo.fence(wgmma_fence_1, wgmma_fence_2)
                exo.for %kk = 0 to 4 seq {
                  %dd = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !Accs -> !D
                  %kc = arith.muli %kk, %c16 : index
                  %ak = exo.window %A_smem[%cm, %g, %wr :+ 64, %kc :+ 16] : !Arings -> !Ak
                  %bk = exo.window %B_smem[%cm, %g, 0 :+ 256, %kc :+ 16] : !Brings -> !Bk
                  exo.call #exo.wgmma<n = 256, dtype = bf16>(%dd, %ak, %bk) : (!D, !Ak, !Bk)
                }
                exo.arrive(wgmma_async) >> %cg[%cm, %wg] : !exo.barrier<wgmma_group, [2, 2]>
                exo.await(%cg[%cm, %wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2, 2]>
              }
              // The slot of K step ko - 1 is free in both CTAs.
              %prev = arith.addi %g, %c3 : index
              %later = arith.cmpi sge, %ko, %c1 : index
              exo.if %later {
                exo.arrive(cuda_in_order) >> %empty[:, %prev] : !Free
              }
            }
          }
        }
        // Drain: the last wgmma group, then the last K step's slot is free.
        exo.warps "consumer" {
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.await(%cg[%cm, %wg], cuda_in_order, 0) : !exo.barrier<wgmma_group, [2, 2]>
            }
            %last0 = arith.addi %kb, %KT : index
            %last = arith.addi %last0, %c3 : index
            exo.arrive(cuda_in_order) >> %empty[:, %last] : !Free
          }
        }
        // Epilogue, by each consumer warpgroup alone: its warps store their
        // 16 rows of each quarter with TMA stores of their own.
        exo.for %cm = 0 to 2 cuda_threads<cta> {
          %rm = arith.muli %cm, %c128 : index
          %rows = arith.addi %m0, %rm : index
          exo.warps "consumer" {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %wgr = arith.muli %wg, %c64 : index
              %wrows = arith.addi %rows, %wgr : index
              // Quarter 0: columns 0 to 63 of the tile.
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.await(%tma_cg[%cm, %wg, %w], cuda_in_order, 0) : !Stores
              }
              exo.fence(cuda_in_order, cuda_in_order)
              %cs0 = exo.window %C_smem[%cm, %wgr :+ 64, 0 :+ 64] : !Cbuf -> !Cwgq
              %dq0 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 64] : !Accs -> !Dq
              exo.call #exo.wgmma_store<n = 64, dst = smem_swizzle<128>>(%cs0, %dq0) : (!Cwgq, !Dq)
              exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
              exo.for %w = 0 to 4 cuda_threads<warp> {
                %wr0 = arith.muli %w, %c16 : index
                %sr0 = arith.addi %wgr, %wr0 : index
                %gr0 = arith.addi %wrows, %wr0 : index
                %col0 = arith.addi %n0, %c0 : index
                %cg0 = exo.window %Cmap[%gr0 :+ 16, %col0 :+ 64] : !Cmap -> !Cq
                %cb0 = exo.window %C_smem[%cm, %sr0 :+ 16, 0 :+ 64] : !Cbuf -> !Cctaq
                exo.call #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>(%cg0, %cb0) : (!Cq, !Cctaq)
                exo.arrive(tma_to_gmem_async) >> %tma_cg[%cm, %wg, %w] : !Stores
              }
              // Quarter 1: columns 64 to 127 of the tile.
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.await(%tma_cg[%cm, %wg, %w], cuda_in_order, 0) : !Stores
              }
              exo.fence(cuda_in_order, cuda_in_order)
              %cs1 = exo.window %C_smem[%cm, %wgr :+ 64, 0 :+ 64] : !Cbuf -> !Cwgq
              %dq1 = exo.window %D[%cm, %wg, 0 :+ 64, 64 :+ 64] : !Accs -> !Dq
              exo.call #exo.wgmma_store<n = 64, dst = smem_swizzle<128>>(%cs1, %dq1) : (!Cwgq, !Dq)
              exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
              exo.for %w = 0 to 4 cuda_threads<warp> {
                %wr1 = arith.muli %w, %c16 : index
                %sr1 = arith.addi %wgr, %wr1 : index
                %gr1 = arith.addi %wrows, %wr1 : index
                %col1 = arith.addi %n0, %c64 : index
                %cg1 = exo.window %Cmap[%gr1 :+ 16, %col1 :+ 64] : !Cmap -> !Cq
                %cb1 = exo.window %C_smem[%cm, %sr1 :+ 16, 0 :+ 64] : !Cbuf -> !Cctaq
                exo.call #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>(%cg1, %cb1) : (!Cq, !Cctaq)
                exo.arrive(tma_to_gmem_async) >> %tma_cg[%cm, %wg, %w] : !Stores
              }
              // Quarter 2: columns 128 to 191 of the tile.
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.await(%tma_cg[%cm, %wg, %w], cuda_in_order, 0) : !Stores
              }
              exo.fence(cuda_in_order, cuda_in_order)
              %cs2 = exo.window %C_smem[%cm, %wgr :+ 64, 0 :+ 64] : !Cbuf -> !Cwgq
              %dq2 = exo.window %D[%cm, %wg, 0 :+ 64, 128 :+ 64] : !Accs -> !Dq
              exo.call #exo.wgmma_store<n = 64, dst = smem_swizzle<128>>(%cs2, %dq2) : (!Cwgq, !Dq)
              exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
              exo.for %w = 0 to 4 cuda_threads<warp> {
                %wr2 = arith.muli %w, %c16 : index
                %sr2 = arith.addi %wgr, %wr2 : index
                %gr2 = arith.addi %wrows, %wr2 : index
                %col2 = arith.addi %n0, %c128 : index
                %cg2 = exo.window %Cmap[%gr2 :+ 16, %col2 :+ 64] : !Cmap -> !Cq
                %cb2 = exo.window %C_smem[%cm, %sr2 :+ 16, 0 :+ 64] : !Cbuf -> !Cctaq
                exo.call #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>(%cg2, %cb2) : (!Cq, !Cctaq)
                exo.arrive(tma_to_gmem_async) >> %tma_cg[%cm, %wg, %w] : !Stores
              }
              // Quarter 3: columns 192 to 255 of the tile.
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.await(%tma_cg[%cm, %wg, %w], cuda_in_order, 0) : !Stores
              }
              exo.fence(cuda_in_order, cuda_in_order)
              %cs3 = exo.window %C_smem[%cm, %wgr :+ 64, 0 :+ 64] : !Cbuf -> !Cwgq
              %dq3 = exo.window %D[%cm, %wg, 0 :+ 64, 192 :+ 64] : !Accs -> !Dq
              exo.call #exo.wgmma_store<n = 64, dst = smem_swizzle<128>>(%cs3, %dq3) : (!Cwgq, !Dq)
              exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
              exo.for %w = 0 to 4 cuda_threads<warp> {
                %wr3 = arith.muli %w, %c16 : index
                %sr3 = arith.addi %wgr, %wr3 : index
                %gr3 = arith.addi %wrows, %wr3 : index
                %col3 = arith.addi %n0, %c192 : index
                %cg3 = exo.window %Cmap[%gr3 :+ 16, %col3 :+ 64] : !Cmap -> !Cq
                %cb3 = exo.window %C_smem[%cm, %sr3 :+ 16, 0 :+ 64] : !Cbuf -> !Cctaq
                exo.call #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>(%cg3, %cb3) : (!Cq, !Cctaq)
                exo.arrive(tma_to_gmem_async) >> %tma_cg[%cm, %wg, %w] : !Stores
              }
            }
          }
        }
      }
      // The last stores have read C_smem before the task ends.
      exo.for %cm = 0 to 2 cuda_threads<cta> {
        exo.warps "consumer" {
          exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
            exo.for %w = 0 to 4 cuda_threads<warp> {
              exo.await(%tma_cg[%cm, %wg, %w], cuda_in_order, 0) : !Stores
            }
          }
        }
      }
    }
  }
}

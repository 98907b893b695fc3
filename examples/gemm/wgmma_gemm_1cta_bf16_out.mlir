// The bf16-output version of wgmma_gemm_1cta_rs_bf16.mlir: C is bf16 and
// the epilogue stores the f32 accumulator rounded to nearest bf16 with
// stmatrix (each warp's 16 rows x 8 columns per block are two 8 x 8
// matrices whose lane layout is the accumulator's; two blocks per
// stmatrix.x4), then warp 0 TMA-stores the 64 x 128 bf16 tile. The
// specification is @gemm_bf16_out of mma_gemm_bf16.mlir (f32 sums rounded
// to bf16).

// The simplest TMA + wgmma tf32 GEMM: C[m, n] = sum_k A[m, k] * B[n, k].
//
// A is M x K row-major (K-major), B is N x K (K-major), C is M x N row-major:
// the layout of hopper_gemm.mlir, so the same harness checks both.
//
// One CTA of one warpgroup (128 threads, no cluster, no warp
// specialization). A task computes one 64 x 128 tile of C; for each 32-wide
// slice of K:
//   - warp 0 TMA-loads A's 64 x 32 tile and B's 128 x 32 tile into one
//     (single-buffered) stage of 128-byte swizzled shared memory; both loads
//     complete on the slice's element of %full;
//   - the warpgroup awaits %full, fences (wgmma.fence) and issues four
//     wgmma.m64n128k8 tf32 into its register accumulator, commits them and
//     waits for them (wait_group 0) before the next slice's loads overwrite
//     the stage.
// The epilogue stores the accumulator to shared memory, makes it visible to
// the async proxy with a CTA fence, and warp 0 TMA-stores the 64 x 128 tile
// and waits for its bulk commit group.
//
// Synchronization (every statement below is an annotation: read
// sequentially, it changes nothing):
//   - %full: one mbarrier element per K slice (a ring of depth 1: the same
//     physical mbarrier, one phase per slice). The TMA loads complete on it
//     (trailing barriers); warp 0's Arrive(cuda_temporal) carries the
//     expected transaction bytes; the warpgroup's
//     Await(cuda_generic_and_async_proxy) makes the stage visible to wgmma.
//   - %cg: the warpgroup's wgmma commit group; Await(%cg, cuda_in_order, 0)
//     retires the slice's wgmma reads of the stage (WAR against the next
//     slice's TMA loads, and against the epilogue's reuse of the shared
//     memory for C).
//   - Epilogue: Fence(cuda_in_order, cuda_generic_and_async_proxy) by the
//     CTA (fence.proxy.async + barrier) orders the accumulator's generic
//     stores before the TMA store; %store_cg is the store's bulk group.

!A = !exo.tensor<[M, K], bf16, gmem>
!B = !exo.tensor<[N, K], bf16, gmem>
!C = !exo.tensor<[M, N], bf16, gmem>
!Amap = !exo.window<[M, K], bf16, tma_map<0, [64, 16]>>
!Bmap = !exo.window<[N, K], bf16, tma_map<0, [128, 8]>>
!Cmap = !exo.window<[M, N], bf16, tma_map<0, [64, 128]>>
!Atile = !exo.window<[64, 16], bf16, tma_map<0, [64, 16]>>
!Btile = !exo.window<[128, 8], bf16, tma_map<0, [128, 8]>>
!Ctile = !exo.window<[64, 128], bf16, tma_map<0, [64, 128]>>
!Asmem = !exo.tensor<[64, 16], bf16, smem>
!Bsmem = !exo.tensor<[2, 128, 8], bf16, smem>
!Aslot = !exo.window<[64, 16], bf16, smem>
!Bslot = !exo.window<[128, 8], bf16, smem>
!Areg = !exo.tensor<[64, 16], bf16, wgmma_a>
!Ak = !exo.window<[64, 16], bf16, wgmma_a>
!Bk = !exo.window<[2, 128, 8], bf16, smem>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Csmem = !exo.tensor<[64, 128], bf16, smem>
!Cslot = !exo.window<[64, 128], bf16, smem>
!Full = !exo.barrier<mbarrier, [? ring 1]>
!Cg = !exo.barrier<wgmma_group>
!StoreCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_sm90_bf16_1cta_out(%M: index, %N: index, %K: index,
                              %A: !A, %B: !B, %C: !C)
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 128 == 0,
                                        K mod 16 == 0, M - 64 >= 0,
                                        N - 128 >= 0, K - 16 >= 0)> {
  %c4 = arith.constant 4 : index
  %cks = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // Tensor maps are encoded on the host.
  %A_map = exo.window %A[:, :] : !A -> !Amap
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c128 : index
  %Kt = arith.divui %K, %cks : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task_n = 0 to %Nt cuda_tasks {
      exo.for %task_m = 0 to %Mt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c128 : index
        // The accumulator (the warpgroup's registers) starts from zero.
        %D = exo.alloc : !Dt
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!D)
        %full = exo.alloc : !Full
        %cg = exo.alloc : !Cg
        %A_smem = exo.alloc : !Asmem
        %A_reg = exo.alloc : !Areg
        %B_smem = exo.alloc : !Bsmem
        exo.for %k = 0 to %Kt seq {
          %k0 = arith.muli %k, %cks : index
          // Warp 0 loads the slice; the previous slice's wgmma have retired.
          exo.warps 0 to 1 {
            // The two 4-float halves of the slice, one core-matrix column
            // each.
            %a_dst = exo.window %A_smem[:, :] : !Asmem -> !Aslot
            %a_src = exo.window %A_map[%m0 :+ 64, %k0 :+ 16] : !Amap -> !Atile
            exo.call #exo.tma<kind = load, shape = [64, 16], dtype = bf16>(%a_dst, %a_src) >> %full[%k]
                : (!Aslot, !Atile) >> !Full
            exo.for %h = 0 to 2 seq {
              %h4 = arith.muli %h, %c8 : index
              %kh = arith.addi %k0, %h4 : index
              %b_dst = exo.window %B_smem[%h, :, :] : !Bsmem -> !Bslot
              %b_src = exo.window %B_map[%n0 :+ 128, %kh :+ 8] : !Bmap -> !Btile
              exo.call #exo.tma<kind = load, shape = [128, 8], dtype = bf16>(%b_dst, %b_src) >> %full[%k]
                  : (!Bslot, !Btile) >> !Full
            }
            exo.arrive(cuda_temporal) >> %full[%k] : !Full
          }
          exo.await(%full[%k], cuda_generic_and_async_proxy, 0) : !Full
          %a_src2 = exo.window %A_smem[:, :] : !Asmem -> !Aslot
          %a = exo.window %A_reg[:, :] : !Areg -> !Ak
          exo.call #exo.wgmma_load_a<dtype = bf16>(%a, %a_src2) : (!Ak, !Aslot)
          // Every warp has read its fragment before warp 0's next TMA load
          // overwrites the slice (these are in-order reads: the wgmma
          // commit group does not cover them).
          exo.fence(cuda_in_order, cuda_in_order)
          exo.fence(wgmma_fence_1, wgmma_fence_2)
          %b = exo.window %B_smem[:, :, :] : !Bsmem -> !Bk
          exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = interleave>(%d, %a, %b) : (!D, !Ak, !Bk)
          exo.arrive(wgmma_async) >> %cg : !Cg
          // The stage is free once this slice's wgmma have retired.
          exo.await(%cg, cuda_in_order, 0) : !Cg
        }
        // Epilogue: C's tile may reuse the stage's shared memory.
        %C_smem = exo.alloc : !Csmem
        %c_dst = exo.window %C_smem[:, :] : !Csmem -> !Cslot
        exo.call #exo.wgmma_store<n = 128, dst = smem, dtype = bf16>(%c_dst, %d) : (!Cslot, !D)
        // Generic-proxy stores become visible to the TMA store.
        exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
        exo.warps 0 to 1 {
          %dst = exo.window %C_map[%m0 :+ 64, %n0 :+ 128] : !Cmap -> !Ctile
          %src = exo.window %C_smem[:, :] : !Csmem -> !Cslot
          exo.call #exo.tma<kind = store, shape = [64, 128], dtype = bf16>(%dst, %src) : (!Ctile, !Cslot)
          %store_cg = exo.alloc : !StoreCg
          exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
          exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
        }
      }
    }
  }
}

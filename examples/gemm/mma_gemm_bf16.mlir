// A warp-level tensor-core bf16 GEMM with a bf16 result:
// C[m, n] = bf16(sum_k A[m, k] * B[n, k]), the sum in f32. It is
// mma_gemm_tf32.mlir for 16-bit types (mma.sync.m16n8k16 bf16, 16-wide K
// slices) with a 16-bit epilogue: each warp converts its f32 accumulators
// to bf16 fragments (round to nearest), stores them into the CTA's 64 x 32
// bf16 tile of C in shared memory with stmatrix (two 8 x 8 matrices per
// fragment), and warp 0 TMA-stores the tile.
//
// A is M x K row-major (K-major), B is N x K (K-major), C is M x N row-major;
// the specification is @gemm_bf16_out below.
//
// Synchronization: that of mma_gemm_tf32.mlir, plus the epilogue's
//   - Fence(cuda_in_order, cuda_generic_and_async_proxy) by the CTA: the
//     warps' stmatrix writes (generic proxy) before warp 0's TMA store
//     (async proxy) reads the tile;
//   - %store_cg: the TMA store's bulk group, awaited before the task ends
//     (the next task reuses the shared memory).

!A = !exo.tensor<[M, K], bf16, gmem>
!B = !exo.tensor<[N, K], bf16, gmem>
!C = !exo.tensor<[M, N], bf16, gmem>
!Ad = !exo.tensor<[M, K], bf16, dram>
!Bd = !exo.tensor<[N, K], bf16, dram>
!Cd = !exo.tensor<[M, N], bf16, dram>
!Acc = !exo.tensor<[1], f32, dram>
!Amap = !exo.window<[M, K], bf16, tma_map<0, [64, 16]>>
!Bmap = !exo.window<[N, K], bf16, tma_map<0, [32, 16]>>
!Cmap = !exo.window<[M, N], bf16, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 16], bf16, tma_map<0, [64, 16]>>
!Btile = !exo.window<[32, 16], bf16, tma_map<0, [32, 16]>>
!Ctile = !exo.window<[64, 32], bf16, tma_map<0, [64, 32]>>
!Asmem = !exo.tensor<[64, 16], bf16, smem>
!Bsmem = !exo.tensor<[32, 16], bf16, smem>
!Csmem = !exo.tensor<[64, 32], bf16, smem>
!Aslot = !exo.window<[64, 16], bf16, smem>
!Bslot = !exo.window<[32, 16], bf16, smem>
!Cslot = !exo.window<[64, 32], bf16, smem>
!Awarp = !exo.window<[16, 16], bf16, smem>
!Bwarp = !exo.window<[8, 16], bf16, smem>
!Cwarp = !exo.window<[16, 8], bf16, smem>
!Afrags = !exo.tensor<[4, 16, 16], bf16, mma_a>
!Bfrags = !exo.tensor<[4, 4, 8, 16], bf16, mma_b>
!Cfrags = !exo.tensor<[4, 4, 16, 8], f32, mma_c>
!Hfrags = !exo.tensor<[4, 4, 16, 8], bf16, mma_c>
!Af = !exo.window<[16, 16], bf16, mma_a>
!Bf = !exo.window<[8, 16], bf16, mma_b>
!Cf = !exo.window<[16, 8], f32, mma_c>
!Hf = !exo.window<[16, 8], bf16, mma_c>
!Full = !exo.barrier<mbarrier, [? ring 1]>
!StoreCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

exo.proc @gemm_bf16_out(%M: index, %N: index, %K: index, %A: !Ad, %B: !Bd,
                        %C: !Cd) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %acc = exo.alloc : !Acc
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %acc[%c0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ad
        %b = exo.read %B[%n, %k] : !Bd
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[%c0] += %p : !Acc
      }
      %s = exo.read %acc[%c0] : !Acc
      %h = arith.truncf %s : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Cd
    }
  }
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_mma_bf16(%M: index, %N: index, %K: index,
                        %A: !A, %B: !B, %C: !C)
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 32 == 0,
                                        K mod 16 == 0, M - 64 >= 0,
                                        N - 32 >= 0, K - 16 >= 0)> {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // Tensor maps are encoded on the host.
  %A_map = exo.window %A[:, :] : !A -> !Amap
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c32 : index
  %Kt = arith.divui %K, %c16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task_n = 0 to %Nt cuda_tasks {
      exo.for %task_m = 0 to %Mt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c32 : index
        %A_frag = exo.alloc : !Afrags
        %B_frag = exo.alloc : !Bfrags
        %C_frag = exo.alloc : !Cfrags
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %j = 0 to 4 seq {
            %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
            exo.call #exo.mma<part = zero_c, dtype = f32>(%d) : (!Cf)
          }
        }
        %full = exo.alloc : !Full
        %A_smem = exo.alloc : !Asmem
        %B_smem = exo.alloc : !Bsmem
        exo.for %k = 0 to %Kt seq {
          %k0 = arith.muli %k, %c16 : index
          exo.warps 0 to 1 {
            %a_dst = exo.window %A_smem[:, :] : !Asmem -> !Aslot
            %a_src = exo.window %A_map[%m0 :+ 64, %k0 :+ 16] : !Amap -> !Atile
            exo.call #exo.tma<kind = load, shape = [64, 16], dtype = bf16>(%a_dst, %a_src) >> %full[%k]
                : (!Aslot, !Atile) >> !Full
            %b_dst = exo.window %B_smem[:, :] : !Bsmem -> !Bslot
            %b_src = exo.window %B_map[%n0 :+ 32, %k0 :+ 16] : !Bmap -> !Btile
            exo.call #exo.tma<kind = load, shape = [32, 16], dtype = bf16>(%b_dst, %b_src) >> %full[%k]
                : (!Bslot, !Btile) >> !Full
            exo.arrive(cuda_temporal) >> %full[%k] : !Full
          }
          exo.await(%full[%k], cuda_generic_and_async_proxy, 0) : !Full
          exo.for %w = 0 to 4 cuda_threads<warp> {
            %r0 = arith.muli %w, %c16 : index
            %a_src2 = exo.window %A_smem[%r0 :+ 16, :] : !Asmem -> !Awarp
            %a = exo.window %A_frag[%w, :, :] : !Afrags -> !Af
            exo.call #exo.mma<part = load_a, dtype = bf16>(%a, %a_src2) : (!Af, !Awarp)
            exo.for %j = 0 to 4 seq {
              %c0 = arith.muli %j, %c8 : index
              %b_src2 = exo.window %B_smem[%c0 :+ 8, :] : !Bsmem -> !Bwarp
              %b = exo.window %B_frag[%w, %j, :, :] : !Bfrags -> !Bf
              exo.call #exo.mma<part = load_b, dtype = bf16>(%b, %b_src2) : (!Bf, !Bwarp)
              %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
              exo.call #exo.mma<part = mma, dtype = bf16>(%d, %a, %b) : (!Cf, !Af, !Bf)
            }
          }
          // Every warp has read the stage before the next TMA loads.
          exo.fence(cuda_in_order, cuda_in_order)
        }
        // Epilogue: bf16 fragments, stmatrix into C's tile, one TMA store.
        %H_frag = exo.alloc : !Hfrags
        %C_smem = exo.alloc : !Csmem
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %j = 0 to 4 seq {
            %r0 = arith.muli %w, %c16 : index
            %c0 = arith.muli %j, %c8 : index
            %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
            %h = exo.window %H_frag[%w, %j, :, :] : !Hfrags -> !Hf
            exo.call #exo.mma<part = convert_c, dtype = bf16>(%h, %d) : (!Hf, !Cf)
            %dst = exo.window %C_smem[%r0 :+ 16, %c0 :+ 8] : !Csmem -> !Cwarp
            exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%dst, %h) : (!Cwarp, !Hf)
          }
        }
        // Generic-proxy stores become visible to the TMA store.
        exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
        exo.warps 0 to 1 {
          %dst = exo.window %C_map[%m0 :+ 64, %n0 :+ 32] : !Cmap -> !Ctile
          %src = exo.window %C_smem[:, :] : !Csmem -> !Cslot
          exo.call #exo.tma<kind = store, shape = [64, 32], dtype = bf16>(%dst, %src) : (!Ctile, !Cslot)
          %store_cg = exo.alloc : !StoreCg
          exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
          exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
        }
      }
    }
  }
}

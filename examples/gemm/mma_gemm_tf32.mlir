// A warp-level tensor-core tf32 GEMM: C[m, n] = sum_k A[m, k] * B[n, k],
// with mma.sync.m16n8k8 (the pre-Hopper path, still the one for small
// tiles and for code that cannot use wgmma).
//
// A is M x K row-major (K-major), B is N x K (K-major), C is M x N row-major:
// the layout of hopper_gemm.mlir, so the same harness checks both.
//
// One CTA of four warps (no cluster, no warp specialization). A task
// computes one 64 x 32 tile of C; warp w owns rows 16 w .. 16 w + 15 and
// all 32 columns: four 16 x 8 accumulators (mma_c fragments) in its
// registers. For each 8-wide slice of K:
//   - warp 0 TMA-loads A's 64 x 8 tile and B's 32 x 8 tile into plain
//     shared memory (32-byte rows); both loads complete on the slice's
//     element of %full;
//   - every warp awaits %full, loads its A fragment (16 x 8: ldmatrix.x4)
//     and the four B fragments (8 x 8 each: ldmatrix.x2), and issues four
//     mma.sync.m16n8k8 into its accumulators;
//   - a CTA barrier orders the warps' ldmatrix reads of the stage before
//     warp 0's next TMA loads overwrite it.
// The epilogue stores each accumulator straight to global memory (its
// pairs of adjacent elements, per lane).
//
// Synchronization (every statement below is an annotation: read
// sequentially, it changes nothing):
//   - %full: one mbarrier element per K slice (a ring of depth 1); the TMA
//     loads complete on it; warp 0's Arrive(cuda_temporal) carries the
//     expected bytes; the warps' Await(cuda_generic_and_async_proxy) makes
//     the stage visible to their generic ldmatrix reads.
//   - Fence(cuda_in_order, cuda_in_order) by the CTA: the reads of slice k
//     precede the TMA writes of slice k + 1 (WAR).
// mma.sync is synchronous: its fragments are ordinary registers of the warp
// (in-order accesses), so no wgmma fence or commit group is involved.

!A = !exo.tensor<[M, K], f32, gmem>
!B = !exo.tensor<[N, K], f32, gmem>
!C = !exo.tensor<[M, N], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 8]>>
!Bmap = !exo.window<[N, K], f32, tma_map<0, [32, 8]>>
!Atile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!Btile = !exo.window<[32, 8], f32, tma_map<0, [32, 8]>>
!Asmem = !exo.tensor<[64, 8], f32, smem>
!Bsmem = !exo.tensor<[32, 8], f32, smem>
!Aslot = !exo.window<[64, 8], f32, smem>
!Bslot = !exo.window<[32, 8], f32, smem>
!Awarp = !exo.window<[16, 8], f32, smem>
!Bwarp = !exo.window<[8, 8], f32, smem>
!Afrags = !exo.tensor<[4, 16, 8], f32, mma_a>
!Bfrags = !exo.tensor<[4, 4, 8, 8], f32, mma_b>
!Cfrags = !exo.tensor<[4, 4, 16, 8], f32, mma_c>
!Af = !exo.window<[16, 8], f32, mma_a>
!Bf = !exo.window<[8, 8], f32, mma_b>
!Cf = !exo.window<[16, 8], f32, mma_c>
!Cg = !exo.window<[16, 8], f32, gmem>
!Full = !exo.barrier<mbarrier, [? ring 1]>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @gemm_mma_tf32(%M: index, %N: index, %K: index,
                        %A: !A, %B: !B, %C: !C)
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 32 == 0,
                                        K mod 8 == 0, M - 64 >= 0,
                                        N - 32 >= 0, K - 8 >= 0)> {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // Tensor maps are encoded on the host.
  %A_map = exo.window %A[:, :] : !A -> !Amap
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c32 : index
  %Kt = arith.divui %K, %c8 : index
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
          %k0 = arith.muli %k, %c8 : index
          exo.warps 0 to 1 {
            %a_dst = exo.window %A_smem[:, :] : !Asmem -> !Aslot
            %a_src = exo.window %A_map[%m0 :+ 64, %k0 :+ 8] : !Amap -> !Atile
            exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32>(%a_dst, %a_src) >> %full[%k]
                : (!Aslot, !Atile) >> !Full
            %b_dst = exo.window %B_smem[:, :] : !Bsmem -> !Bslot
            %b_src = exo.window %B_map[%n0 :+ 32, %k0 :+ 8] : !Bmap -> !Btile
            exo.call #exo.tma<kind = load, shape = [32, 8], dtype = f32>(%b_dst, %b_src) >> %full[%k]
                : (!Bslot, !Btile) >> !Full
            exo.arrive(cuda_temporal) >> %full[%k] : !Full
          }
          exo.await(%full[%k], cuda_generic_and_async_proxy, 0) : !Full
          exo.for %w = 0 to 4 cuda_threads<warp> {
            %r0 = arith.muli %w, %c16 : index
            %a_src2 = exo.window %A_smem[%r0 :+ 16, :] : !Asmem -> !Awarp
            %a = exo.window %A_frag[%w, :, :] : !Afrags -> !Af
            exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %a_src2) : (!Af, !Awarp)
            exo.for %j = 0 to 4 seq {
              %c0 = arith.muli %j, %c8 : index
              %b_src2 = exo.window %B_smem[%c0 :+ 8, :] : !Bsmem -> !Bwarp
              %b = exo.window %B_frag[%w, %j, :, :] : !Bfrags -> !Bf
              exo.call #exo.mma<part = load_b, dtype = tf32>(%b, %b_src2) : (!Bf, !Bwarp)
              %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
              exo.call #exo.mma<part = mma, dtype = tf32>(%d, %a, %b) : (!Cf, !Af, !Bf)
            }
          }
          // Every warp has read the stage before the next TMA loads.
          exo.fence(cuda_in_order, cuda_in_order)
        }
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %j = 0 to 4 seq {
            %r0 = arith.muli %w, %c16 : index
            %m1 = arith.addi %m0, %r0 : index
            %c0 = arith.muli %j, %c8 : index
            %n1 = arith.addi %n0, %c0 : index
            %dst = exo.window %C[%m1 :+ 16, %n1 :+ 8] : !C -> !Cg
            %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
            exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%dst, %d) : (!Cg, !Cf)
          }
        }
      }
    }
  }
}

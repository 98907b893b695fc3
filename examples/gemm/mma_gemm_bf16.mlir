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
// Instructions used by the kernel (their bodies are their semantics)
//===----------------------------------------------------------------------===//

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
exo.proc @sm90_tma_load_64x16_bf16(
    %dst: !Aslot {exo.access = #exo.access<write, out_of_order>},
    %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Aslot
    }
  }
}

exo.proc @sm90_tma_load_32x16_bf16(
    %dst: !Bslot {exo.access = #exo.access<write, out_of_order>},
    %src: !Btile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 32 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Btile
      exo.assign %dst[%i, %j] = %v : !Bslot
    }
  }
}

// The warp's accumulator starts from zero.
exo.proc @mma_zero_m16n8_f32(
    %d: !Cf {exo.access = #exo.access<write>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_zero_c"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %d[%i, %j] = %zero : !Cf
    }
  }
}

// ldmatrix.sync.aligned.m8n8.x4.shared.b16: the warp's 16 x 16 A fragment.
exo.proc @mma_load_a_m16k16_bf16(
    %dst: !Af {exo.access = #exo.access<write>},
    %src: !Awarp {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_a"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Awarp
      exo.assign %dst[%i, %j] = %v : !Af
    }
  }
}

// ldmatrix.sync.aligned.m8n8.x2.shared.b16: an 8 x 16 B fragment (rows
// are N, columns K).
exo.proc @mma_load_b_n8k16_bf16(
    %dst: !Bf {exo.access = #exo.access<write>},
    %src: !Bwarp {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_b"> {
  exo.for %i = 0 to 8 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Bwarp
      exo.assign %dst[%i, %j] = %v : !Bf
    }
  }
}

// mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
exo.proc @mma_m16n8k16_bf16(
    %d: !Cf {exo.access = #exo.access<read_write>},
    %a: !Af {exo.access = #exo.access<read>},
    %b: !Bf {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_bf16"> {
  exo.for %m = 0 to 16 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 16 seq {
        %x = exo.read %a[%m, %k] : !Af
        %y = exo.read %b[%n, %k] : !Bf
        %xe = arith.extf %x : bf16 to f32
        %ye = arith.extf %y : bf16 to f32
        %p = arith.mulf %xe, %ye : f32
        exo.reduce %d[%m, %n] += %p : !Cf
      }
    }
  }
}

// cvt.rn.bf16.f32 of each element: the same fragment layout in pairs.
exo.proc @mma_convert_c_m16n8_bf16(
    %dst: !Hf {exo.access = #exo.access<write>},
    %src: !Cf {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_convert_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Cf
      %h = arith.truncf %v : f32 to bf16
      exo.assign %dst[%i, %j] = %h : !Hf
    }
  }
}

// stmatrix.sync.aligned.m8n8.x2.shared.b16: the warp's 16 x 8 bf16
// accumulator into shared memory.
exo.proc @mma_stmatrix_c_m16n8_bf16(
    %dst: !Cwarp {exo.access = #exo.access<write>},
    %src: !Hf {exo.access = #exo.access<read>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_stmatrix_c"> {
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Hf
      exo.assign %dst[%i, %j] = %v : !Cwarp
    }
  }
}

// cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
exo.proc @sm90_tma_store_64x32_bf16(
    %dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
    %src: !Cslot {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Cslot
      exo.assign %dst[%i, %j] = %v : !Ctile
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
            exo.call @mma_zero_m16n8_f32(%d) : (!Cf)
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
            exo.call @sm90_tma_load_64x16_bf16(%a_dst, %a_src) >> %full[%k]
                : (!Aslot, !Atile) >> !Full
            %b_dst = exo.window %B_smem[:, :] : !Bsmem -> !Bslot
            %b_src = exo.window %B_map[%n0 :+ 32, %k0 :+ 16] : !Bmap -> !Btile
            exo.call @sm90_tma_load_32x16_bf16(%b_dst, %b_src) >> %full[%k]
                : (!Bslot, !Btile) >> !Full
            exo.arrive(cuda_temporal) >> %full[%k] : !Full
          }
          exo.await(%full[%k], cuda_generic_and_async_proxy, 0) : !Full
          exo.for %w = 0 to 4 cuda_threads<warp> {
            %r0 = arith.muli %w, %c16 : index
            %a_src2 = exo.window %A_smem[%r0 :+ 16, :] : !Asmem -> !Awarp
            %a = exo.window %A_frag[%w, :, :] : !Afrags -> !Af
            exo.call @mma_load_a_m16k16_bf16(%a, %a_src2) : (!Af, !Awarp)
            exo.for %j = 0 to 4 seq {
              %c0 = arith.muli %j, %c8 : index
              %b_src2 = exo.window %B_smem[%c0 :+ 8, :] : !Bsmem -> !Bwarp
              %b = exo.window %B_frag[%w, %j, :, :] : !Bfrags -> !Bf
              exo.call @mma_load_b_n8k16_bf16(%b, %b_src2) : (!Bf, !Bwarp)
              %d = exo.window %C_frag[%w, %j, :, :] : !Cfrags -> !Cf
              exo.call @mma_m16n8k16_bf16(%d, %a, %b) : (!Cf, !Af, !Bf)
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
            exo.call @mma_convert_c_m16n8_bf16(%h, %d) : (!Hf, !Cf)
            %dst = exo.window %C_smem[%r0 :+ 16, %c0 :+ 8] : !Csmem -> !Cwarp
            exo.call @mma_stmatrix_c_m16n8_bf16(%dst, %h) : (!Cwarp, !Hf)
          }
        }
        // Generic-proxy stores become visible to the TMA store.
        exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
        exo.warps 0 to 1 {
          %dst = exo.window %C_map[%m0 :+ 64, %n0 :+ 32] : !Cmap -> !Ctile
          %src = exo.window %C_smem[:, :] : !Csmem -> !Cslot
          exo.call @sm90_tma_store_64x32_bf16(%dst, %src) : (!Ctile, !Cslot)
          %store_cg = exo.alloc : !StoreCg
          exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
          exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
        }
      }
    }
  }
}

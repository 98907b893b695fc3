// "The model is the machine": TMA loads in a cluster of two CTAs, run once
// on poisoned shared memory. Every shared buffer of every CTA is first filled
// with a poison value (-1.5e38) by ordinary stores, then the loads run, then
// every element of every shared buffer of every CTA is copied to a global
// dump. exo-gpu-run --dump-args gives the dump the sequential meaning
// computes; test/GPU/model_check.cu compares the GPU's with it byte for
// byte (test/GPU/README.md).
//
// @model_tma_load_mc_sw128_f32 (the loads of examples/gemm/hopper_gemm.mlir):
//   - a 128 x 32 f32 box into CTA 0 alone (tma_load_2d, 128-byte swizzle):
//     CTA 1's copy of that buffer must stay poisoned;
//   - a 256 x 32 f32 tile multicast to both CTAs, each CTA issuing one
//     128 x 32 box (tma_load_multicast_2d, 128-byte swizzle).
// The loads complete on one mbarrier per CTA (CTA 0's expects both loads'
// bytes, CTA 1's the multicast's).

!A = !exo.tensor<[128, 32], f32, gmem>
!B = !exo.tensor<[256, 32], f32, gmem>
!DA = !exo.tensor<[2, 128, 32], f32, gmem>
!DB = !exo.tensor<[2, 256, 32], f32, gmem>
!Amap = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Bmap = !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
!Asmem = !exo.tensor<[2, 128, 32], f32, smem_swizzle<128>>
!Bsmem = !exo.tensor<[2, 256, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Full = !exo.barrier<mbarrier, [2]>

//===----------------------------------------------------------------------===//
// Instructions (their bodies are their semantics)
//===----------------------------------------------------------------------===//

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
exo.proc @model_tma_load_128x32_f32(
    %dst: !Aslot {exo.access = #exo.access<write, out_of_order>},
    %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 128 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Aslot
    }
  }
}

// The same with .multicast::cluster: each of the 2 CTAs loads 128 of the 256
// rows and writes them into the SMEM of both.
exo.proc @model_tma_load_multicast2_256x32_f32(
    %dst: !Bslot {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
    %src: !Btile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "tma_load_multicast_2d", barrier = mbarrier> {
  exo.for %c = 0 to 2 seq {
    exo.for %i = 0 to 256 seq {
      exo.for %j = 0 to 32 seq {
        %v = exo.read %src[%i, %j] : !Btile
        exo.assign %dst[%c, %i, %j] = %v : !Bslot
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @model_tma_load_mc_sw128_f32(%A: !A, %B: !B, %DA: !DA, %DB: !DB) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %poison = arith.constant -1.5e+38 : f32
  %A_map = exo.window %A[:, :] : !A -> !Amap
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !Asmem
      %B_smem = exo.alloc : !Bsmem
      %full = exo.alloc : !Full
      // Poison every element of every CTA's buffers.
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            exo.for %i = 0 to 32 seq {
              %r = arith.muli %i, %c4 : index
              %row = arith.addi %r, %w : index
              exo.assign %A_smem[%cta, %row, %l] = %poison : !Asmem
            }
            exo.for %i = 0 to 64 seq {
              %r = arith.muli %i, %c4 : index
              %row = arith.addi %r, %w : index
              exo.assign %B_smem[%cta, %row, %l] = %poison : !Bsmem
            }
          }
        }
      }
      // The poison stores (generic proxy) before the loads (async proxy)
      // of any CTA of the cluster.
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        // CTA 0 alone loads A.
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          %first = arith.cmpi eq, %cta, %c0 : index
          exo.if %first {
            %a_dst = exo.window %A_smem[%cta, :, :] : !Asmem -> !Aslot
            %a_src = exo.window %A_map[0 :+ 128, 0 :+ 32] : !Amap -> !Atile
            exo.call @model_tma_load_128x32_f32(%a_dst, %a_src) >> %full[%cta]
                : (!Aslot, !Atile) >> !Full
          }
        }
        // B is multicast to both.
        exo.for %cn = 0 to 1 cuda_threads<2 * cta_strided(1)> {
          %b_dst = exo.window %B_smem[:, :, :] : !Bsmem -> !Bslot
          %b_src = exo.window %B_map[0 :+ 256, 0 :+ 32] : !Bmap -> !Btile
          exo.call @model_tma_load_multicast2_256x32_f32(%b_dst, %b_src) >> %full[:]
              : (!Bslot, !Btile) >> !Full
          exo.for %cta = 0 to 2 cuda_threads<cta> {
            exo.arrive(cuda_temporal) >> %full[:] : !Full
          }
        }
      }
      // Dump every element of every CTA's buffers.
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.await(%full[%cta], cuda_in_order, 0) : !Full
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            exo.for %i = 0 to 32 seq {
              %r = arith.muli %i, %c4 : index
              %row = arith.addi %r, %w : index
              %v = exo.read %A_smem[%cta, %row, %l] : !Asmem
              exo.assign %DA[%cta, %row, %l] = %v : !DA
            }
            exo.for %i = 0 to 64 seq {
              %r = arith.muli %i, %c4 : index
              %row = arith.addi %r, %w : index
              %v = exo.read %B_smem[%cta, %row, %l] : !Bsmem
              exo.assign %DB[%cta, %row, %l] = %v : !DB
            }
          }
        }
      }
    }
  }
}

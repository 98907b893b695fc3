// "The model is the machine": TMA loads, run once on poisoned shared
// memory. Every shared buffer of every CTA is first filled
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
//
// @model_tma_load_swizzle_f32, @model_tma_load_bf16 and
// @model_tma_load_mc_2x2_f32 (below): the 32-byte, 64-byte and unswizzled
// f32 boxes, the bf16 boxes, and the multicasts of a 2 x 2 cluster.

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
            exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%a_dst, %a_src) >> %full[%cta]
                : (!Aslot, !Atile) >> !Full
          }
        }
        // B is multicast to both.
        exo.for %cn = 0 to 1 cuda_threads<2 * cta_strided(1)> {
          %b_dst = exo.window %B_smem[:, :, :] : !Bsmem -> !Bslot
          %b_src = exo.window %B_map[0 :+ 256, 0 :+ 32] : !Bmap -> !Btile
          exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>(%b_dst, %b_src) >> %full[:]
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

//===----------------------------------------------------------------------===//
// @model_tma_load_swizzle_f32: the f32 TMA loads of the 32-byte, 64-byte
// and unswizzled wgmma GEMMs (examples/gemm/wgmma_gemm_1cta_sw32.mlir,
// _sw64.mlir, _sw0.mlir) and the unswizzled A tile of the register-A GEMM
// (wgmma_gemm_1cta_rs.mlir), one CTA, each box from its own offset of its
// own tensor (A* [64, 16], B* [128, 16]: a launcher takes one tensor map
// per tensor argument):
//   - A32_smem [64, 8] and B32_smem [128, 8], 32-byte swizzle, from columns
//     8 and 0;
//   - A64_smem [64, 16] and B64_smem [128, 16], 64-byte swizzle, from
//     column 0;
//   - A0_smem [2, 64, 4] and B0_smem [2, 128, 4], no swizzle, two boxes of
//     4 columns each (A0 from columns 8 and 12, B0 from columns 0 and 4):
//     the core-matrix columns of the sw0 GEMM;
//   - Ars_smem [64, 8], no swizzle, from column 4.
// All seven buffers are poisoned first; all eight loads complete on one
// mbarrier.
//===----------------------------------------------------------------------===//

exo.proc @model_tma_load_swizzle_f32(
    %A32: !exo.tensor<[64, 16], f32, gmem>, %B32: !exo.tensor<[128, 16], f32, gmem>,
    %A64: !exo.tensor<[64, 16], f32, gmem>, %B64: !exo.tensor<[128, 16], f32, gmem>,
    %A0: !exo.tensor<[64, 16], f32, gmem>, %B0: !exo.tensor<[128, 16], f32, gmem>,
    %Ars: !exo.tensor<[64, 16], f32, gmem>,
    %DA32: !exo.tensor<[64, 8], f32, gmem>, %DB32: !exo.tensor<[128, 8], f32, gmem>,
    %DA64: !exo.tensor<[64, 16], f32, gmem>, %DB64: !exo.tensor<[128, 16], f32, gmem>,
    %DA0: !exo.tensor<[2, 64, 4], f32, gmem>, %DB0: !exo.tensor<[2, 128, 4], f32, gmem>,
    %DArs: !exo.tensor<[64, 8], f32, gmem>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %poison = arith.constant -1.5e+38 : f32
  %A32_map = exo.window %A32[:, :] : !exo.tensor<[64, 16], f32, gmem> -> !exo.window<[64, 16], f32, tma_map<32, [64, 8]>>
  %B32_map = exo.window %B32[:, :] : !exo.tensor<[128, 16], f32, gmem> -> !exo.window<[128, 16], f32, tma_map<32, [128, 8]>>
  %A64_map = exo.window %A64[:, :] : !exo.tensor<[64, 16], f32, gmem> -> !exo.window<[64, 16], f32, tma_map<64, [64, 16]>>
  %B64_map = exo.window %B64[:, :] : !exo.tensor<[128, 16], f32, gmem> -> !exo.window<[128, 16], f32, tma_map<64, [128, 16]>>
  %A0_map = exo.window %A0[:, :] : !exo.tensor<[64, 16], f32, gmem> -> !exo.window<[64, 16], f32, tma_map<0, [64, 4]>>
  %B0_map = exo.window %B0[:, :] : !exo.tensor<[128, 16], f32, gmem> -> !exo.window<[128, 16], f32, tma_map<0, [128, 4]>>
  %Ars_map = exo.window %Ars[:, :] : !exo.tensor<[64, 16], f32, gmem> -> !exo.window<[64, 16], f32, tma_map<0, [64, 8]>>
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A32_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
      %B32_smem = exo.alloc : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
      %A64_smem = exo.alloc : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
      %B64_smem = exo.alloc : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
      %A0_smem = exo.alloc : !exo.tensor<[2, 64, 4], f32, smem>
      %B0_smem = exo.alloc : !exo.tensor<[2, 128, 4], f32, smem>
      %Ars_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem>
      %full = exo.alloc : !exo.barrier<mbarrier, [1]>
      // Poison every element of every buffer (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i1 = 0 to 4 seq {
            %e2 = arith.muli %i1, %c128 : index
            %e3 = arith.addi %e2, %tid : index
            %x4 = arith.divui %e3, %c8 : index
            %x5 = arith.remui %e3, %c8 : index
            exo.assign %A32_smem[%x4, %x5] = %poison : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
          }
          exo.for %i6 = 0 to 8 seq {
            %e7 = arith.muli %i6, %c128 : index
            %e8 = arith.addi %e7, %tid : index
            %x9 = arith.divui %e8, %c8 : index
            %x10 = arith.remui %e8, %c8 : index
            exo.assign %B32_smem[%x9, %x10] = %poison : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
          }
          exo.for %i11 = 0 to 8 seq {
            %e12 = arith.muli %i11, %c128 : index
            %e13 = arith.addi %e12, %tid : index
            %x14 = arith.divui %e13, %c16 : index
            %x15 = arith.remui %e13, %c16 : index
            exo.assign %A64_smem[%x14, %x15] = %poison : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
          }
          exo.for %i16 = 0 to 16 seq {
            %e17 = arith.muli %i16, %c128 : index
            %e18 = arith.addi %e17, %tid : index
            %x19 = arith.divui %e18, %c16 : index
            %x20 = arith.remui %e18, %c16 : index
            exo.assign %B64_smem[%x19, %x20] = %poison : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
          }
          exo.for %i21 = 0 to 4 seq {
            %e22 = arith.muli %i21, %c128 : index
            %e23 = arith.addi %e22, %tid : index
            %x24 = arith.divui %e23, %c256 : index
            %x25 = arith.remui %e23, %c256 : index
            %x26 = arith.divui %x25, %c4 : index
            %x27 = arith.remui %x25, %c4 : index
            exo.assign %A0_smem[%x24, %x26, %x27] = %poison : !exo.tensor<[2, 64, 4], f32, smem>
          }
          exo.for %i28 = 0 to 8 seq {
            %e29 = arith.muli %i28, %c128 : index
            %e30 = arith.addi %e29, %tid : index
            %x31 = arith.divui %e30, %c512 : index
            %x32 = arith.remui %e30, %c512 : index
            %x33 = arith.divui %x32, %c4 : index
            %x34 = arith.remui %x32, %c4 : index
            exo.assign %B0_smem[%x31, %x33, %x34] = %poison : !exo.tensor<[2, 128, 4], f32, smem>
          }
          exo.for %i35 = 0 to 4 seq {
            %e36 = arith.muli %i35, %c128 : index
            %e37 = arith.addi %e36, %tid : index
            %x38 = arith.divui %e37, %c8 : index
            %x39 = arith.remui %e37, %c8 : index
            exo.assign %Ars_smem[%x38, %x39] = %poison : !exo.tensor<[64, 8], f32, smem>
          }
        }
      }
      // The poison stores (generic proxy) before the loads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        %a32 = exo.window %A32_smem[:, :] : !exo.tensor<[64, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
        %a32_src = exo.window %A32_map[0 :+ 64, 8 :+ 8] : !exo.window<[64, 16], f32, tma_map<32, [64, 8]>> -> !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32, swizzle = 32>(%a32, %a32_src) >> %full[0] : (!exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>) >> !exo.barrier<mbarrier, [1]>
        %b32 = exo.window %B32_smem[:, :] : !exo.tensor<[128, 8], f32, smem_swizzle<32>> -> !exo.window<[128, 8], f32, smem_swizzle<32>>
        %b32_src = exo.window %B32_map[0 :+ 128, 0 :+ 8] : !exo.window<[128, 16], f32, tma_map<32, [128, 8]>> -> !exo.window<[128, 8], f32, tma_map<32, [128, 8]>>
        exo.call #exo.tma<kind = load, shape = [128, 8], dtype = f32, swizzle = 32>(%b32, %b32_src) >> %full[0] : (!exo.window<[128, 8], f32, smem_swizzle<32>>, !exo.window<[128, 8], f32, tma_map<32, [128, 8]>>) >> !exo.barrier<mbarrier, [1]>
        %a64 = exo.window %A64_smem[:, :] : !exo.tensor<[64, 16], f32, smem_swizzle<64>> -> !exo.window<[64, 16], f32, smem_swizzle<64>>
        %a64_src = exo.window %A64_map[0 :+ 64, 0 :+ 16] : !exo.window<[64, 16], f32, tma_map<64, [64, 16]>> -> !exo.window<[64, 16], f32, tma_map<64, [64, 16]>>
        exo.call #exo.tma<kind = load, shape = [64, 16], dtype = f32, swizzle = 64>(%a64, %a64_src) >> %full[0] : (!exo.window<[64, 16], f32, smem_swizzle<64>>, !exo.window<[64, 16], f32, tma_map<64, [64, 16]>>) >> !exo.barrier<mbarrier, [1]>
        %b64 = exo.window %B64_smem[:, :] : !exo.tensor<[128, 16], f32, smem_swizzle<64>> -> !exo.window<[128, 16], f32, smem_swizzle<64>>
        %b64_src = exo.window %B64_map[0 :+ 128, 0 :+ 16] : !exo.window<[128, 16], f32, tma_map<64, [128, 16]>> -> !exo.window<[128, 16], f32, tma_map<64, [128, 16]>>
        exo.call #exo.tma<kind = load, shape = [128, 16], dtype = f32, swizzle = 64>(%b64, %b64_src) >> %full[0] : (!exo.window<[128, 16], f32, smem_swizzle<64>>, !exo.window<[128, 16], f32, tma_map<64, [128, 16]>>) >> !exo.barrier<mbarrier, [1]>
        exo.for %h = 0 to 2 seq {
          %h4 = arith.muli %h, %c4 : index
          %ka = arith.addi %h4, %c8 : index
          %a0 = exo.window %A0_smem[%h, :, :] : !exo.tensor<[2, 64, 4], f32, smem> -> !exo.window<[64, 4], f32, smem>
          %a0_src = exo.window %A0_map[0 :+ 64, %ka :+ 4] : !exo.window<[64, 16], f32, tma_map<0, [64, 4]>> -> !exo.window<[64, 4], f32, tma_map<0, [64, 4]>>
          exo.call #exo.tma<kind = load, shape = [64, 4], dtype = f32>(%a0, %a0_src) >> %full[0] : (!exo.window<[64, 4], f32, smem>, !exo.window<[64, 4], f32, tma_map<0, [64, 4]>>) >> !exo.barrier<mbarrier, [1]>
          %b0 = exo.window %B0_smem[%h, :, :] : !exo.tensor<[2, 128, 4], f32, smem> -> !exo.window<[128, 4], f32, smem>
          %b0_src = exo.window %B0_map[0 :+ 128, %h4 :+ 4] : !exo.window<[128, 16], f32, tma_map<0, [128, 4]>> -> !exo.window<[128, 4], f32, tma_map<0, [128, 4]>>
          exo.call #exo.tma<kind = load, shape = [128, 4], dtype = f32>(%b0, %b0_src) >> %full[0] : (!exo.window<[128, 4], f32, smem>, !exo.window<[128, 4], f32, tma_map<0, [128, 4]>>) >> !exo.barrier<mbarrier, [1]>
        }
        %ars = exo.window %Ars_smem[:, :] : !exo.tensor<[64, 8], f32, smem> -> !exo.window<[64, 8], f32, smem>
        %ars_src = exo.window %Ars_map[0 :+ 64, 4 :+ 8] : !exo.window<[64, 16], f32, tma_map<0, [64, 8]>> -> !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32>(%ars, %ars_src) >> %full[0] : (!exo.window<[64, 8], f32, smem>, !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>) >> !exo.barrier<mbarrier, [1]>
        exo.arrive(cuda_temporal) >> %full[0] : !exo.barrier<mbarrier, [1]>
      }
      exo.await(%full[0], cuda_in_order, 0) : !exo.barrier<mbarrier, [1]>
      // Dump every element of every buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i40 = 0 to 4 seq {
            %e41 = arith.muli %i40, %c128 : index
            %e42 = arith.addi %e41, %tid : index
            %x43 = arith.divui %e42, %c8 : index
            %x44 = arith.remui %e42, %c8 : index
            %v45 = exo.read %A32_smem[%x43, %x44] : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
            exo.assign %DA32[%x43, %x44] = %v45 : !exo.tensor<[64, 8], f32, gmem>
          }
          exo.for %i46 = 0 to 8 seq {
            %e47 = arith.muli %i46, %c128 : index
            %e48 = arith.addi %e47, %tid : index
            %x49 = arith.divui %e48, %c8 : index
            %x50 = arith.remui %e48, %c8 : index
            %v51 = exo.read %B32_smem[%x49, %x50] : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
            exo.assign %DB32[%x49, %x50] = %v51 : !exo.tensor<[128, 8], f32, gmem>
          }
          exo.for %i52 = 0 to 8 seq {
            %e53 = arith.muli %i52, %c128 : index
            %e54 = arith.addi %e53, %tid : index
            %x55 = arith.divui %e54, %c16 : index
            %x56 = arith.remui %e54, %c16 : index
            %v57 = exo.read %A64_smem[%x55, %x56] : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
            exo.assign %DA64[%x55, %x56] = %v57 : !exo.tensor<[64, 16], f32, gmem>
          }
          exo.for %i58 = 0 to 16 seq {
            %e59 = arith.muli %i58, %c128 : index
            %e60 = arith.addi %e59, %tid : index
            %x61 = arith.divui %e60, %c16 : index
            %x62 = arith.remui %e60, %c16 : index
            %v63 = exo.read %B64_smem[%x61, %x62] : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
            exo.assign %DB64[%x61, %x62] = %v63 : !exo.tensor<[128, 16], f32, gmem>
          }
          exo.for %i64 = 0 to 4 seq {
            %e65 = arith.muli %i64, %c128 : index
            %e66 = arith.addi %e65, %tid : index
            %x67 = arith.divui %e66, %c256 : index
            %x68 = arith.remui %e66, %c256 : index
            %x69 = arith.divui %x68, %c4 : index
            %x70 = arith.remui %x68, %c4 : index
            %v71 = exo.read %A0_smem[%x67, %x69, %x70] : !exo.tensor<[2, 64, 4], f32, smem>
            exo.assign %DA0[%x67, %x69, %x70] = %v71 : !exo.tensor<[2, 64, 4], f32, gmem>
          }
          exo.for %i72 = 0 to 8 seq {
            %e73 = arith.muli %i72, %c128 : index
            %e74 = arith.addi %e73, %tid : index
            %x75 = arith.divui %e74, %c512 : index
            %x76 = arith.remui %e74, %c512 : index
            %x77 = arith.divui %x76, %c4 : index
            %x78 = arith.remui %x76, %c4 : index
            %v79 = exo.read %B0_smem[%x75, %x77, %x78] : !exo.tensor<[2, 128, 4], f32, smem>
            exo.assign %DB0[%x75, %x77, %x78] = %v79 : !exo.tensor<[2, 128, 4], f32, gmem>
          }
          exo.for %i80 = 0 to 4 seq {
            %e81 = arith.muli %i80, %c128 : index
            %e82 = arith.addi %e81, %tid : index
            %x83 = arith.divui %e82, %c8 : index
            %x84 = arith.remui %e82, %c8 : index
            %v85 = exo.read %Ars_smem[%x83, %x84] : !exo.tensor<[64, 8], f32, smem>
            exo.assign %DArs[%x83, %x84] = %v85 : !exo.tensor<[64, 8], f32, gmem>
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_tma_load_bf16: the bf16 TMA loads, in a cluster of two CTAs:
//   - CTA 0 alone: a 128 x 64 box (128-byte swizzle) into Amc, issued as a
//     multicast to the one CTA of its row (tma_load_multicast_2d,
//     examples/gemm/hopper_gemm_bf16.mlir): CTA 1's Amc must stay poisoned;
//   - both CTAs: a 256 x 64 tile multicast to both (128-byte swizzle), each
//     CTA issuing one 128 x 64 box (hopper_gemm_bf16.mlir);
//   - CTA 1 alone (CTA 0's copies must stay poisoned), tma_load_2d: a
//     128 x 64 box with 128-byte swizzle from B's rows 128.. (Asw,
//     @gemm_derived_bf16), and unswizzled boxes of 64 x 16 from A at
//     (64, 16) of A16 (wgmma_gemm_1cta_rs_bf16.mlir, mma_gemm_bf16.mlir),
//     128 x 8 at (0, 8) of B8 (wgmma_gemm_1cta_rs_bf16.mlir) and 32 x 16
//     at (32, 48) of B16 (mma_gemm_bf16.mlir); each map has its own tensor
//     (a launcher takes one tensor map per tensor argument).
// Each CTA's loads complete on its mbarrier.
//===----------------------------------------------------------------------===//

exo.proc @model_tma_load_bf16(%A: !exo.tensor<[128, 64], bf16, gmem>, %B: !exo.tensor<[256, 64], bf16, gmem>,
    %A16: !exo.tensor<[128, 64], bf16, gmem>, %B8: !exo.tensor<[256, 64], bf16, gmem>,
    %B16: !exo.tensor<[256, 64], bf16, gmem>,
    %DAmc: !exo.tensor<[2, 1, 128, 64], bf16, gmem>, %DBmc: !exo.tensor<[2, 256, 64], bf16, gmem>,
    %DAsw: !exo.tensor<[2, 128, 64], bf16, gmem>, %DA16: !exo.tensor<[2, 64, 16], bf16, gmem>,
    %DB8: !exo.tensor<[2, 128, 8], bf16, gmem>, %DB16: !exo.tensor<[2, 32, 16], bf16, gmem>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %poison = arith.constant -1.5e+38 : bf16
  %A_map = exo.window %A[:, :] : !exo.tensor<[128, 64], bf16, gmem> -> !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
  %B_map = exo.window %B[:, :] : !exo.tensor<[256, 64], bf16, gmem> -> !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>>
  %A16_map = exo.window %A16[:, :] : !exo.tensor<[128, 64], bf16, gmem> -> !exo.window<[128, 64], bf16, tma_map<0, [64, 16]>>
  %B8_map = exo.window %B8[:, :] : !exo.tensor<[256, 64], bf16, gmem> -> !exo.window<[256, 64], bf16, tma_map<0, [128, 8]>>
  %B16_map = exo.window %B16[:, :] : !exo.tensor<[256, 64], bf16, gmem> -> !exo.window<[256, 64], bf16, tma_map<0, [32, 16]>>
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 1 cuda_tasks {
      %Amc_smem = exo.alloc : !exo.tensor<[2, 1, 128, 64], bf16, smem_swizzle<128>>
      %Bmc_smem = exo.alloc : !exo.tensor<[2, 256, 64], bf16, smem_swizzle<128>>
      %Asw_smem = exo.alloc : !exo.tensor<[2, 128, 64], bf16, smem_swizzle<128>>
      %A16_smem = exo.alloc : !exo.tensor<[2, 64, 16], bf16, smem>
      %B8_smem = exo.alloc : !exo.tensor<[2, 128, 8], bf16, smem>
      %B16_smem = exo.alloc : !exo.tensor<[2, 32, 16], bf16, smem>
      %full = exo.alloc : !exo.barrier<mbarrier, [2]>
      // Poison every element of every CTA's buffers (thread t of 128
      // writes the flat elements t, t + 128, ... of its CTA's copy).
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %cta1 = 0 to 1 cuda_threads<cta> {
          exo.for %w = 0 to 4 cuda_threads<warp> {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %tw = arith.muli %w, %c32 : index
              %tid = arith.addi %tw, %l : index
              exo.for %i1 = 0 to 64 seq {
                %e2 = arith.muli %i1, %c128 : index
                %e3 = arith.addi %e2, %tid : index
                %x4 = arith.divui %e3, %c64 : index
                %x5 = arith.remui %e3, %c64 : index
                exo.assign %Amc_smem[%cta, %cta1, %x4, %x5] = %poison : !exo.tensor<[2, 1, 128, 64], bf16, smem_swizzle<128>>
              }
            }
          }
        }
      }
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %tw = arith.muli %w, %c32 : index
            %tid = arith.addi %tw, %l : index
            exo.for %i12 = 0 to 128 seq {
              %e13 = arith.muli %i12, %c128 : index
              %e14 = arith.addi %e13, %tid : index
              %x15 = arith.divui %e14, %c64 : index
              %x16 = arith.remui %e14, %c64 : index
              exo.assign %Bmc_smem[%cta, %x15, %x16] = %poison : !exo.tensor<[2, 256, 64], bf16, smem_swizzle<128>>
            }
            exo.for %i17 = 0 to 64 seq {
              %e18 = arith.muli %i17, %c128 : index
              %e19 = arith.addi %e18, %tid : index
              %x20 = arith.divui %e19, %c64 : index
              %x21 = arith.remui %e19, %c64 : index
              exo.assign %Asw_smem[%cta, %x20, %x21] = %poison : !exo.tensor<[2, 128, 64], bf16, smem_swizzle<128>>
            }
            exo.for %i22 = 0 to 8 seq {
              %e23 = arith.muli %i22, %c128 : index
              %e24 = arith.addi %e23, %tid : index
              %x25 = arith.divui %e24, %c16 : index
              %x26 = arith.remui %e24, %c16 : index
              exo.assign %A16_smem[%cta, %x25, %x26] = %poison : !exo.tensor<[2, 64, 16], bf16, smem>
            }
            exo.for %i27 = 0 to 8 seq {
              %e28 = arith.muli %i27, %c128 : index
              %e29 = arith.addi %e28, %tid : index
              %x30 = arith.divui %e29, %c8 : index
              %x31 = arith.remui %e29, %c8 : index
              exo.assign %B8_smem[%cta, %x30, %x31] = %poison : !exo.tensor<[2, 128, 8], bf16, smem>
            }
            exo.for %i32 = 0 to 4 seq {
              %e33 = arith.muli %i32, %c128 : index
              %e34 = arith.addi %e33, %tid : index
              %x35 = arith.divui %e34, %c16 : index
              %x36 = arith.remui %e34, %c16 : index
              exo.assign %B16_smem[%cta, %x35, %x36] = %poison : !exo.tensor<[2, 32, 16], bf16, smem>
            }
          }
        }
      }
      // The poison stores (generic proxy) before the loads (async proxy)
      // of any CTA of the cluster.
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        // CTA 0 alone loads A, a multicast to the one CTA of its row.
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          exo.for %cta1 = 0 to 1 cuda_threads<cta> {
            %first = arith.cmpi eq, %cta, %c0 : index
            exo.if %first {
              %a_dst = exo.window %Amc_smem[%cta, :, :, :] : !exo.tensor<[2, 1, 128, 64], bf16, smem_swizzle<128>> -> !exo.window<[1, 128, 64], bf16, smem_swizzle<128>>
              %a_src = exo.window %A_map[0 :+ 128, 0 :+ 64] : !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>> -> !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
              exo.call #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, multicast = 1>(%a_dst, %a_src) >> %full[%cta]
                  : (!exo.window<[1, 128, 64], bf16, smem_swizzle<128>>, !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>) >> !exo.barrier<mbarrier, [2]>
            }
          }
        }
        // CTA 1 alone issues the tma_load_2d boxes.
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          %second = arith.cmpi eq, %cta, %c1 : index
          exo.if %second {
            %s_dst = exo.window %Asw_smem[%cta, :, :] : !exo.tensor<[2, 128, 64], bf16, smem_swizzle<128>> -> !exo.window<[128, 64], bf16, smem_swizzle<128>>
            %s_src = exo.window %B_map[128 :+ 128, 0 :+ 64] : !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>> -> !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
            exo.call #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128>(%s_dst, %s_src) >> %full[%cta]
                : (!exo.window<[128, 64], bf16, smem_swizzle<128>>, !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>) >> !exo.barrier<mbarrier, [2]>
            %a16_dst = exo.window %A16_smem[%cta, :, :] : !exo.tensor<[2, 64, 16], bf16, smem> -> !exo.window<[64, 16], bf16, smem>
            %a16_src = exo.window %A16_map[64 :+ 64, 16 :+ 16] : !exo.window<[128, 64], bf16, tma_map<0, [64, 16]>> -> !exo.window<[64, 16], bf16, tma_map<0, [64, 16]>>
            exo.call #exo.tma<kind = load, shape = [64, 16], dtype = bf16>(%a16_dst, %a16_src) >> %full[%cta]
                : (!exo.window<[64, 16], bf16, smem>, !exo.window<[64, 16], bf16, tma_map<0, [64, 16]>>) >> !exo.barrier<mbarrier, [2]>
            %b8_dst = exo.window %B8_smem[%cta, :, :] : !exo.tensor<[2, 128, 8], bf16, smem> -> !exo.window<[128, 8], bf16, smem>
            %b8_src = exo.window %B8_map[0 :+ 128, 8 :+ 8] : !exo.window<[256, 64], bf16, tma_map<0, [128, 8]>> -> !exo.window<[128, 8], bf16, tma_map<0, [128, 8]>>
            exo.call #exo.tma<kind = load, shape = [128, 8], dtype = bf16>(%b8_dst, %b8_src) >> %full[%cta]
                : (!exo.window<[128, 8], bf16, smem>, !exo.window<[128, 8], bf16, tma_map<0, [128, 8]>>) >> !exo.barrier<mbarrier, [2]>
            %b16_dst = exo.window %B16_smem[%cta, :, :] : !exo.tensor<[2, 32, 16], bf16, smem> -> !exo.window<[32, 16], bf16, smem>
            %b16_src = exo.window %B16_map[32 :+ 32, 48 :+ 16] : !exo.window<[256, 64], bf16, tma_map<0, [32, 16]>> -> !exo.window<[32, 16], bf16, tma_map<0, [32, 16]>>
            exo.call #exo.tma<kind = load, shape = [32, 16], dtype = bf16>(%b16_dst, %b16_src) >> %full[%cta]
                : (!exo.window<[32, 16], bf16, smem>, !exo.window<[32, 16], bf16, tma_map<0, [32, 16]>>) >> !exo.barrier<mbarrier, [2]>
          }
        }
        // B is multicast to both.
        exo.for %cn = 0 to 1 cuda_threads<2 * cta_strided(1)> {
          %b_dst = exo.window %Bmc_smem[:, :, :] : !exo.tensor<[2, 256, 64], bf16, smem_swizzle<128>> -> !exo.window<[2, 256, 64], bf16, smem_swizzle<128>>
          %b_src = exo.window %B_map[0 :+ 256, 0 :+ 64] : !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>> -> !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>>
          exo.call #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2>(%b_dst, %b_src) >> %full[:]
              : (!exo.window<[2, 256, 64], bf16, smem_swizzle<128>>, !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>>) >> !exo.barrier<mbarrier, [2]>
          exo.for %cta = 0 to 2 cuda_threads<cta> {
            exo.arrive(cuda_temporal) >> %full[:] : !exo.barrier<mbarrier, [2]>
          }
        }
      }
      // Dump every element of every CTA's buffers.
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.await(%full[%cta], cuda_in_order, 0) : !exo.barrier<mbarrier, [2]>
      }
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %cta1 = 0 to 1 cuda_threads<cta> {
          exo.for %w = 0 to 4 cuda_threads<warp> {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %tw = arith.muli %w, %c32 : index
              %tid = arith.addi %tw, %l : index
              exo.for %i6 = 0 to 64 seq {
                %e7 = arith.muli %i6, %c128 : index
                %e8 = arith.addi %e7, %tid : index
                %x9 = arith.divui %e8, %c64 : index
                %x10 = arith.remui %e8, %c64 : index
                %v11 = exo.read %Amc_smem[%cta, %cta1, %x9, %x10] : !exo.tensor<[2, 1, 128, 64], bf16, smem_swizzle<128>>
                exo.assign %DAmc[%cta, %cta1, %x9, %x10] = %v11 : !exo.tensor<[2, 1, 128, 64], bf16, gmem>
              }
            }
          }
        }
      }
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %tw = arith.muli %w, %c32 : index
            %tid = arith.addi %tw, %l : index
            exo.for %i37 = 0 to 128 seq {
              %e38 = arith.muli %i37, %c128 : index
              %e39 = arith.addi %e38, %tid : index
              %x40 = arith.divui %e39, %c64 : index
              %x41 = arith.remui %e39, %c64 : index
              %v42 = exo.read %Bmc_smem[%cta, %x40, %x41] : !exo.tensor<[2, 256, 64], bf16, smem_swizzle<128>>
              exo.assign %DBmc[%cta, %x40, %x41] = %v42 : !exo.tensor<[2, 256, 64], bf16, gmem>
            }
            exo.for %i43 = 0 to 64 seq {
              %e44 = arith.muli %i43, %c128 : index
              %e45 = arith.addi %e44, %tid : index
              %x46 = arith.divui %e45, %c64 : index
              %x47 = arith.remui %e45, %c64 : index
              %v48 = exo.read %Asw_smem[%cta, %x46, %x47] : !exo.tensor<[2, 128, 64], bf16, smem_swizzle<128>>
              exo.assign %DAsw[%cta, %x46, %x47] = %v48 : !exo.tensor<[2, 128, 64], bf16, gmem>
            }
            exo.for %i49 = 0 to 8 seq {
              %e50 = arith.muli %i49, %c128 : index
              %e51 = arith.addi %e50, %tid : index
              %x52 = arith.divui %e51, %c16 : index
              %x53 = arith.remui %e51, %c16 : index
              %v54 = exo.read %A16_smem[%cta, %x52, %x53] : !exo.tensor<[2, 64, 16], bf16, smem>
              exo.assign %DA16[%cta, %x52, %x53] = %v54 : !exo.tensor<[2, 64, 16], bf16, gmem>
            }
            exo.for %i55 = 0 to 8 seq {
              %e56 = arith.muli %i55, %c128 : index
              %e57 = arith.addi %e56, %tid : index
              %x58 = arith.divui %e57, %c8 : index
              %x59 = arith.remui %e57, %c8 : index
              %v60 = exo.read %B8_smem[%cta, %x58, %x59] : !exo.tensor<[2, 128, 8], bf16, smem>
              exo.assign %DB8[%cta, %x58, %x59] = %v60 : !exo.tensor<[2, 128, 8], bf16, gmem>
            }
            exo.for %i61 = 0 to 4 seq {
              %e62 = arith.muli %i61, %c128 : index
              %e63 = arith.addi %e62, %tid : index
              %x64 = arith.divui %e63, %c16 : index
              %x65 = arith.remui %e63, %c16 : index
              %v66 = exo.read %B16_smem[%cta, %x64, %x65] : !exo.tensor<[2, 32, 16], bf16, smem>
              exo.assign %DB16[%cta, %x64, %x65] = %v66 : !exo.tensor<[2, 32, 16], bf16, gmem>
            }
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_tma_load_mc_2x2_f32: the multicasts of a 2 x 2 cluster
// (@gemm_derived_cluster_2x2, schedules/cluster_shapes.mlir of
// examples/gemm), CTA (cm, cn) = CTA 2 cm + cn of the cluster, each with its
// own A [128, 32] and B [256, 32] (128-byte swizzle):
//   - A's 128 x 32 tile multicast to the CTAs (0, 0) and (0, 1) of row
//     cm = 0 (each issuing one 64 x 32 box; tma_load_multicast_2d, CTAs
//     2 cm and 2 cm + 1);
//   - B's 256 x 32 tile multicast to the CTAs (0, 0) and (1, 0) of column
//     cn = 0 (each issuing one 128 x 32 box; the CTAs cn and cn + 2).
// Row 1 and column 1 are not loaded: CTA (0, 1) must keep its B poisoned,
// CTA (1, 0) its A, and CTA (1, 1) both.
//===----------------------------------------------------------------------===//

exo.proc @model_tma_load_mc_2x2_f32(%A: !exo.tensor<[128, 32], f32, gmem>, %B: !exo.tensor<[256, 32], f32, gmem>,
    %DA: !exo.tensor<[2, 2, 128, 32], f32, gmem>, %DB: !exo.tensor<[2, 2, 256, 32], f32, gmem>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %poison = arith.constant -1.5e+38 : f32
  %A_map = exo.window %A[:, :] : !exo.tensor<[128, 32], f32, gmem> -> !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
  %B_map = exo.window %B[:, :] : !exo.tensor<[256, 32], f32, gmem> -> !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
  exo.device_function(blockDim = 128, clusterDim = 4) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[2, 2, 128, 32], f32, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[2, 2, 256, 32], f32, smem_swizzle<128>>
      %full = exo.alloc : !exo.barrier<mbarrier, [2, 2]>
      // Poison every element of every CTA's buffers.
      exo.for %cta = 0 to 2 cuda_threads<2 * cta> {
        exo.for %cta1 = 0 to 2 cuda_threads<cta> {
          exo.for %w = 0 to 4 cuda_threads<warp> {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %tw = arith.muli %w, %c32 : index
              %tid = arith.addi %tw, %l : index
              exo.for %i1 = 0 to 32 seq {
                %e2 = arith.muli %i1, %c128 : index
                %e3 = arith.addi %e2, %tid : index
                %x4 = arith.divui %e3, %c32 : index
                %x5 = arith.remui %e3, %c32 : index
                exo.assign %A_smem[%cta, %cta1, %x4, %x5] = %poison : !exo.tensor<[2, 2, 128, 32], f32, smem_swizzle<128>>
              }
              exo.for %i6 = 0 to 64 seq {
                %e7 = arith.muli %i6, %c128 : index
                %e8 = arith.addi %e7, %tid : index
                %x9 = arith.divui %e8, %c32 : index
                %x10 = arith.remui %e8, %c32 : index
                exo.assign %B_smem[%cta, %cta1, %x9, %x10] = %poison : !exo.tensor<[2, 2, 256, 32], f32, smem_swizzle<128>>
              }
            }
          }
        }
      }
      // The poison stores (generic proxy) before the loads (async proxy)
      // of any CTA of the cluster.
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        // B to column 0.
        exo.for %cn = 0 to 2 cuda_threads<2 * cta_strided(2)> {
          %col0 = arith.cmpi eq, %cn, %c0 : index
          exo.if %col0 {
            %b_dst = exo.window %B_smem[0 :+ 2, %cn, :, :] : !exo.tensor<[2, 2, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
            %b_src = exo.window %B_map[0 :+ 256, 0 :+ 32] : !exo.window<[256, 32], f32, tma_map<128, [128, 32]>> -> !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
            exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, stride = 2>(%b_dst, %b_src) >> %full[:, %cn]
                : (!exo.window<[2, 256, 32], f32, smem_swizzle<128>>, !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, 2]>
          }
        }
        // A to row 0.
        exo.for %cm = 0 to 2 cuda_threads<2 * cta> {
          %row0 = arith.cmpi eq, %cm, %c0 : index
          exo.if %row0 {
            %a_dst = exo.window %A_smem[%cm, 0 :+ 2, :, :] : !exo.tensor<[2, 2, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
            %a_src = exo.window %A_map[0 :+ 128, 0 :+ 32] : !exo.window<[128, 32], f32, tma_map<128, [64, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
            exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%a_dst, %a_src) >> %full[%cm, :]
                : (!exo.window<[2, 128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>) >> !exo.barrier<mbarrier, [2, 2]>
          }
          exo.for %cn = 0 to 2 cuda_threads<cta> {
            exo.arrive(cuda_temporal) >> %full[:, :] : !exo.barrier<mbarrier, [2, 2]>
          }
        }
      }
      exo.for %cm = 0 to 2 cuda_threads<2 * cta> {
        exo.for %cn = 0 to 2 cuda_threads<cta> {
          exo.await(%full[%cm, %cn], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, 2]>
        }
      }
      // Dump every element of every CTA's buffers.
      exo.for %cta = 0 to 2 cuda_threads<2 * cta> {
        exo.for %cta1 = 0 to 2 cuda_threads<cta> {
          exo.for %w = 0 to 4 cuda_threads<warp> {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %tw = arith.muli %w, %c32 : index
              %tid = arith.addi %tw, %l : index
              exo.for %i11 = 0 to 32 seq {
                %e12 = arith.muli %i11, %c128 : index
                %e13 = arith.addi %e12, %tid : index
                %x14 = arith.divui %e13, %c32 : index
                %x15 = arith.remui %e13, %c32 : index
                %v16 = exo.read %A_smem[%cta, %cta1, %x14, %x15] : !exo.tensor<[2, 2, 128, 32], f32, smem_swizzle<128>>
                exo.assign %DA[%cta, %cta1, %x14, %x15] = %v16 : !exo.tensor<[2, 2, 128, 32], f32, gmem>
              }
              exo.for %i17 = 0 to 64 seq {
                %e18 = arith.muli %i17, %c128 : index
                %e19 = arith.addi %e18, %tid : index
                %x20 = arith.divui %e19, %c32 : index
                %x21 = arith.remui %e19, %c32 : index
                %v22 = exo.read %B_smem[%cta, %cta1, %x20, %x21] : !exo.tensor<[2, 2, 256, 32], f32, smem_swizzle<128>>
                exo.assign %DB[%cta, %cta1, %x20, %x21] = %v22 : !exo.tensor<[2, 2, 256, 32], f32, gmem>
              }
            }
          }
        }
      }
    }
  }
}

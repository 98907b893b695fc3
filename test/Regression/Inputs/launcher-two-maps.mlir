// The swizzle-0 TMA copy of examples/tma/tma_roundtrip.mlir with two tensor
// maps of one tensor (In) and an argument named like a map (In_map): input of
// test/Regression/launcher-names.mlir.

!InD = !exo.tensor<[M, N], f32, dram>
!OutD = !exo.tensor<[M, N], f32, dram>
!In = !exo.tensor<[M, N], f32, gmem>
!Out = !exo.tensor<[M, N], f32, gmem>
!Full = !exo.barrier<mbarrier, [1]>
!StoreCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

exo.proc @copy(%M: index, %N: index, %In: !InD, %Out: !OutD) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %v = exo.read %In[%m, %n] : !InD
      exo.assign %Out[%m, %n] = %v : !OutD
    }
  }
}

//===----------------------------------------------------------------------===//
// Swizzle 0: a 64 x 32 box (128 bytes per row) in `smem`
//===----------------------------------------------------------------------===//

!MapS0 = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!BoxS0 = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!SmemS0 = !exo.tensor<[64, 32], f32, smem>
!TileS0 = !exo.window<[64, 32], f32, smem>

exo.proc @tma_copy_swizzle0(%M: index, %N: index, %In: !In, %Out: !Out, %In_map: !In)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                     M - 64 >= 0, N - 32 >= 0)> {
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  // Tensor maps are encoded on the host.
  %in_a = exo.window %In[:, :] : !In -> !MapS0
  %in_b = exo.window %In[:, :] : !In -> !MapS0
  %Out_map = exo.window %Out[:, :] : !Out -> !MapS0
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c32 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task_m = 0 to %Mt cuda_tasks {
      exo.for %task_n = 0 to %Nt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c32 : index
        %full = exo.alloc : !Full
        %smem = exo.alloc : !SmemS0
        %tile = exo.window %smem[:, :] : !SmemS0 -> !TileS0
        %src = exo.window %in_a[%m0 :+ 64, %n0 :+ 32] : !MapS0 -> !BoxS0
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%tile, %src) >> %full[0]
            : (!TileS0, !BoxS0) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
        // The loaded box is visible to the async proxy (the TMA store).
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        %dst = exo.window %Out_map[%m0 :+ 64, %n0 :+ 32] : !MapS0 -> !BoxS0
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%dst, %tile) : (!BoxS0, !TileS0)
        %store_cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
        exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
      }
    }
  }
}


// TMA round trips through shared memory in each swizzle mode:
// Out[m, n] = In[m, n].
//
// Four kernels, one per swizzle (0, 32, 64, 128 bytes). In each, a task
// copies one box of In [M, N] (row-major f32) to Out: one warp per CTA
// (blockDim = 32) TMA-loads the box into shared memory with the swizzle of
// its tensor map, and TMA-stores it back to Out through a tensor map with
// the same swizzle and box. The box's inner extent is the swizzle span
// (32 / 64 / 128 bytes = 8 / 16 / 32 floats; 32 floats for swizzle 0), its
// outer extent 64 rows. The swizzle is a physical layout only: read
// sequentially, every kernel is the naive copy @copy below.
//
// Synchronization (annotations; read sequentially they change nothing):
//   - %full: one mbarrier per task. The TMA load completes on it (trailing
//     barrier); the warp's Arrive(cuda_temporal) carries the expected
//     transaction bytes; the Await(cuda_generic_and_async_proxy) makes the
//     loaded box visible to the TMA store (async proxy).
//   - %store_cg: the bulk commit group of the TMA store; waiting for it
//     (wait_group 0) ends the task, so the next task of this persistent CTA
//     may overwrite the shared memory.

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

exo.proc @tma_copy_swizzle0(%M: index, %N: index, %In: !In, %Out: !Out)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                     M - 64 >= 0, N - 32 >= 0)> {
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  // Tensor maps are encoded on the host.
  %In_map = exo.window %In[:, :] : !In -> !MapS0
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
        %src = exo.window %In_map[%m0 :+ 64, %n0 :+ 32] : !MapS0 -> !BoxS0
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

//===----------------------------------------------------------------------===//
// Swizzle 32: a 64 x 8 box (32 bytes per row) in `smem_swizzle<32>`
//===----------------------------------------------------------------------===//

!MapS32 = !exo.window<[M, N], f32, tma_map<32, [64, 8]>>
!BoxS32 = !exo.window<[64, 8], f32, tma_map<32, [64, 8]>>
!SmemS32 = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!TileS32 = !exo.window<[64, 8], f32, smem_swizzle<32>>

exo.proc @tma_copy_swizzle32(%M: index, %N: index, %In: !In, %Out: !Out)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 8 == 0,
                                     M - 64 >= 0, N - 8 >= 0)> {
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  // Tensor maps are encoded on the host.
  %In_map = exo.window %In[:, :] : !In -> !MapS32
  %Out_map = exo.window %Out[:, :] : !Out -> !MapS32
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c8 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task_m = 0 to %Mt cuda_tasks {
      exo.for %task_n = 0 to %Nt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c8 : index
        %full = exo.alloc : !Full
        %smem = exo.alloc : !SmemS32
        %tile = exo.window %smem[:, :] : !SmemS32 -> !TileS32
        %src = exo.window %In_map[%m0 :+ 64, %n0 :+ 8] : !MapS32 -> !BoxS32
        exo.call #exo.tma<kind = load, shape = [64, 8], dtype = f32, swizzle = 32>(%tile, %src) >> %full[0]
            : (!TileS32, !BoxS32) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
        // The loaded box is visible to the async proxy (the TMA store).
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        %dst = exo.window %Out_map[%m0 :+ 64, %n0 :+ 8] : !MapS32 -> !BoxS32
        exo.call #exo.tma<kind = store, shape = [64, 8], dtype = f32, swizzle = 32>(%dst, %tile) : (!BoxS32, !TileS32)
        %store_cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
        exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Swizzle 64: a 64 x 16 box (64 bytes per row) in `smem_swizzle<64>`
//===----------------------------------------------------------------------===//

!MapS64 = !exo.window<[M, N], f32, tma_map<64, [64, 16]>>
!BoxS64 = !exo.window<[64, 16], f32, tma_map<64, [64, 16]>>
!SmemS64 = !exo.tensor<[64, 16], f32, smem_swizzle<64>>
!TileS64 = !exo.window<[64, 16], f32, smem_swizzle<64>>

exo.proc @tma_copy_swizzle64(%M: index, %N: index, %In: !In, %Out: !Out)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 16 == 0,
                                     M - 64 >= 0, N - 16 >= 0)> {
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : index
  // Tensor maps are encoded on the host.
  %In_map = exo.window %In[:, :] : !In -> !MapS64
  %Out_map = exo.window %Out[:, :] : !Out -> !MapS64
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c16 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task_m = 0 to %Mt cuda_tasks {
      exo.for %task_n = 0 to %Nt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c16 : index
        %full = exo.alloc : !Full
        %smem = exo.alloc : !SmemS64
        %tile = exo.window %smem[:, :] : !SmemS64 -> !TileS64
        %src = exo.window %In_map[%m0 :+ 64, %n0 :+ 16] : !MapS64 -> !BoxS64
        exo.call #exo.tma<kind = load, shape = [64, 16], dtype = f32, swizzle = 64>(%tile, %src) >> %full[0]
            : (!TileS64, !BoxS64) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
        // The loaded box is visible to the async proxy (the TMA store).
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        %dst = exo.window %Out_map[%m0 :+ 64, %n0 :+ 16] : !MapS64 -> !BoxS64
        exo.call #exo.tma<kind = store, shape = [64, 16], dtype = f32, swizzle = 64>(%dst, %tile) : (!BoxS64, !TileS64)
        %store_cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
        exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Swizzle 128: a 64 x 32 box (128 bytes per row) in `smem_swizzle<128>`
//===----------------------------------------------------------------------===//

!MapS128 = !exo.window<[M, N], f32, tma_map<128, [64, 32]>>
!BoxS128 = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!SmemS128 = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!TileS128 = !exo.window<[64, 32], f32, smem_swizzle<128>>

exo.proc @tma_copy_swizzle128(%M: index, %N: index, %In: !In, %Out: !Out)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 32 == 0,
                                     M - 64 >= 0, N - 32 >= 0)> {
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  // Tensor maps are encoded on the host.
  %In_map = exo.window %In[:, :] : !In -> !MapS128
  %Out_map = exo.window %Out[:, :] : !Out -> !MapS128
  %Mt = arith.divui %M, %c64 : index
  %Nt = arith.divui %N, %c32 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task_m = 0 to %Mt cuda_tasks {
      exo.for %task_n = 0 to %Nt cuda_tasks {
        %m0 = arith.muli %task_m, %c64 : index
        %n0 = arith.muli %task_n, %c32 : index
        %full = exo.alloc : !Full
        %smem = exo.alloc : !SmemS128
        %tile = exo.window %smem[:, :] : !SmemS128 -> !TileS128
        %src = exo.window %In_map[%m0 :+ 64, %n0 :+ 32] : !MapS128 -> !BoxS128
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>(%tile, %src) >> %full[0]
            : (!TileS128, !BoxS128) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
        // The loaded box is visible to the async proxy (the TMA store).
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        %dst = exo.window %Out_map[%m0 :+ 64, %n0 :+ 32] : !MapS128 -> !BoxS128
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32, swizzle = 128>(%dst, %tile) : (!BoxS128, !TileS128)
        %store_cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %store_cg : !StoreCg
        exo.await(%store_cg, cuda_in_order, 0) : !StoreCg
      }
    }
  }
}

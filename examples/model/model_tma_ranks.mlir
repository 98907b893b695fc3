// "The model is the machine": the 1-D and 5-D TMA transfers of
// examples/tma/tma_ranks.mlir, run once. One CTA poisons (-1.5e38) a
// [256] and a [1, 2, 2, 4, 32] f32 shared buffer with ordinary stores, then
// warp 0
//   - loads the 1-D box X1[256 :+ 256] into S1 and the 5-D box
//     U[1, 2 :+ 2, 0 :+ 2, 4 :+ 4, 32 :+ 32] into S5 (tma_load_2d: its
//     lowering picks the rank from the map), both on one mbarrier;
//   - once they have landed, stores S1 into Y1[0 :+ 256] and S5 into
//     V[0, 0 :+ 2, 2 :+ 2, 0 :+ 4, 0 :+ 32] (tma_store_2d), and adds S5 into
//     W[1, 2 :+ 2, 0 :+ 2, 4 :+ 4, 32 :+ 32] (tma_reduce_add_2d), and waits
//     for its bulk group.
// Every element of Y1, V and W outside the boxes must keep its (random)
// contents; both shared buffers are dumped (D1, D5). test/GPU/model_check.cu
// compares every byte with the CPU run (the f32 adds are exact as on the
// host).

!X1 = !exo.tensor<[512], f32, gmem>
!X5 = !exo.tensor<[2, 4, 4, 8, 64], f32, gmem>
!Map1 = !exo.window<[512], f32, tma_map<0, [256]>>
!Map5 = !exo.window<[2, 4, 4, 8, 64], f32, tma_map<0, [1, 2, 2, 4, 32]>>
!Box1 = !exo.window<[256], f32, tma_map<0, [256]>>
!Box5 = !exo.window<[1, 2, 2, 4, 32], f32, tma_map<0, [1, 2, 2, 4, 32]>>
!Smem1 = !exo.tensor<[256], f32, smem>
!Smem5 = !exo.tensor<[1, 2, 2, 4, 32], f32, smem>
!Tile1 = !exo.window<[256], f32, smem>
!Tile5 = !exo.window<[1, 2, 2, 4, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>
!StoreCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// Instructions (examples/tma/tma_ranks.mlir; their bodies are their
// semantics)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

exo.proc @model_tma_ranks_f32(%X1: !X1, %Y1: !X1, %U: !X5, %V: !X5, %W: !X5,
    %D1: !exo.tensor<[256], f32, gmem>, %D5: !exo.tensor<[1, 2, 2, 4, 32], f32, gmem>) {
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %poison = arith.constant -1.5e+38 : f32
  %x_map = exo.window %X1[:] : !X1 -> !Map1
  %y_map = exo.window %Y1[:] : !X1 -> !Map1
  %u_map = exo.window %U[:, :, :, :, :] : !X5 -> !Map5
  %v_map = exo.window %V[:, :, :, :, :] : !X5 -> !Map5
  %w_map = exo.window %W[:, :, :, :, :] : !X5 -> !Map5
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %S1 = exo.alloc : !Smem1
      %S5 = exo.alloc : !Smem5
      %full = exo.alloc : !Full
      // Poison every element (thread t of 128 writes the flat elements t,
      // t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i1 = 0 to 2 seq {
            %e2 = arith.muli %i1, %c128 : index
            %e3 = arith.addi %e2, %tid : index
            exo.assign %S1[%e3] = %poison : !Smem1
          }
          exo.for %i4 = 0 to 4 seq {
            %e5 = arith.muli %i4, %c128 : index
            %e6 = arith.addi %e5, %tid : index
            %x7 = arith.divui %e6, %c512 : index
            %x8 = arith.remui %e6, %c512 : index
            %x9 = arith.divui %x8, %c256 : index
            %x10 = arith.remui %x8, %c256 : index
            %x11 = arith.divui %x10, %c128 : index
            %x12 = arith.remui %x10, %c128 : index
            %x13 = arith.divui %x12, %c32 : index
            %x14 = arith.remui %x12, %c32 : index
            exo.assign %S5[%x7, %x9, %x11, %x13, %x14] = %poison : !Smem5
          }
        }
      }
      // The poison stores (generic proxy) before the loads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        %t1 = exo.window %S1[:] : !Smem1 -> !Tile1
        %src1 = exo.window %x_map[256 :+ 256] : !Map1 -> !Box1
        exo.call #exo.tma<kind = load, shape = [256], dtype = f32>(%t1, %src1) >> %full[0] : (!Tile1, !Box1) >> !Full
        %t5 = exo.window %S5[:, :, :, :, :] : !Smem5 -> !Tile5
        %src5 = exo.window %u_map[1 :+ 1, 2 :+ 2, 0 :+ 2, 4 :+ 4, 32 :+ 32] : !Map5 -> !Box5
        exo.call #exo.tma<kind = load, shape = [1, 2, 2, 4, 32], dtype = f32>(%t5, %src5) >> %full[0] : (!Tile5, !Box5) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
      exo.warps 0 to 1 {
        %s1 = exo.window %S1[:] : !Smem1 -> !Tile1
        %dst1 = exo.window %y_map[0 :+ 256] : !Map1 -> !Box1
        exo.call #exo.tma<kind = store, shape = [256], dtype = f32>(%dst1, %s1) : (!Box1, !Tile1)
        %s5 = exo.window %S5[:, :, :, :, :] : !Smem5 -> !Tile5
        %dst5 = exo.window %v_map[0 :+ 1, 0 :+ 2, 2 :+ 2, 0 :+ 4, 0 :+ 32] : !Map5 -> !Box5
        exo.call #exo.tma<kind = store, shape = [1, 2, 2, 4, 32], dtype = f32>(%dst5, %s5) : (!Box5, !Tile5)
        %acc5 = exo.window %w_map[1 :+ 1, 2 :+ 2, 0 :+ 2, 4 :+ 4, 32 :+ 32] : !Map5 -> !Box5
        exo.call #exo.tma<kind = reduce_add, shape = [1, 2, 2, 4, 32], dtype = f32>(%acc5, %s5) : (!Box5, !Tile5)
        %cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %cg : !StoreCg
        exo.await(%cg, cuda_in_order, 0) : !StoreCg
      }
      // Dump both shared buffers.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i15 = 0 to 2 seq {
            %e16 = arith.muli %i15, %c128 : index
            %e17 = arith.addi %e16, %tid : index
            %v18 = exo.read %S1[%e17] : !Smem1
            exo.assign %D1[%e17] = %v18 : !exo.tensor<[256], f32, gmem>
          }
          exo.for %i19 = 0 to 4 seq {
            %e20 = arith.muli %i19, %c128 : index
            %e21 = arith.addi %e20, %tid : index
            %x22 = arith.divui %e21, %c512 : index
            %x23 = arith.remui %e21, %c512 : index
            %x24 = arith.divui %x23, %c256 : index
            %x25 = arith.remui %x23, %c256 : index
            %x26 = arith.divui %x25, %c128 : index
            %x27 = arith.remui %x25, %c128 : index
            %x28 = arith.divui %x27, %c32 : index
            %x29 = arith.remui %x27, %c32 : index
            %v30 = exo.read %S5[%x22, %x24, %x26, %x28, %x29] : !Smem5
            exo.assign %D5[%x22, %x24, %x26, %x28, %x29] = %v30 : !exo.tensor<[1, 2, 2, 4, 32], f32, gmem>
          }
        }
      }
    }
  }
}

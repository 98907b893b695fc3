// TMA round trips of the other ranks than the 2-D ones of tma_roundtrip.mlir
// (TMA load, store and reduce-add of 1 to 5 dimensions): a 1-D copy
// in boxes of 256 floats, and a 5-D copy of [A, B, C, D, E] tensors in boxes
// of [1, 2, 2, 4, 32] that the TMA store then adds into a second output
// (reduce-add). Each task: warp 0 loads a box (completing on %full), waits
// for it, stores (or reduce-adds) it and waits for its bulk group.
//
// Specifications: @copy1 and @copy5_add below (what the kernels compute).

!X1 = !exo.tensor<[N], f32, gmem>
!X1d = !exo.tensor<[N], f32, dram>
!Map1 = !exo.window<[N], f32, tma_map<0, [256]>>
!Box1 = !exo.window<[256], f32, tma_map<0, [256]>>
!Smem1 = !exo.tensor<[256], f32, smem>
!Tile1 = !exo.window<[256], f32, smem>
!X5 = !exo.tensor<[A, B, C, D, E], f32, gmem>
!X5d = !exo.tensor<[A, B, C, D, E], f32, dram>
!Map5 = !exo.window<[A, B, C, D, E], f32, tma_map<0, [1, 2, 2, 4, 32]>>
!Box5 = !exo.window<[1, 2, 2, 4, 32], f32, tma_map<0, [1, 2, 2, 4, 32]>>
!Smem5 = !exo.tensor<[1, 2, 2, 4, 32], f32, smem>
!Tile5 = !exo.window<[1, 2, 2, 4, 32], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>
!StoreCg = !exo.barrier<bulk_group>

//===----------------------------------------------------------------------===//
// Specifications
//===----------------------------------------------------------------------===//

exo.proc @copy1(%N: index, %x: !X1d, %y: !X1d) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !X1d
    exo.assign %y[%i] = %v : !X1d
  }
}

// v = u, w += u.
exo.proc @copy5_add(%A: index, %B: index, %C: index, %D: index, %E: index,
                    %u: !X5d, %v: !X5d, %w: !X5d) {
  exo.for %a = 0 to %A seq {
    exo.for %b = 0 to %B seq {
      exo.for %c = 0 to %C seq {
        exo.for %d = 0 to %D seq {
          exo.for %e = 0 to %E seq {
            %x = exo.read %u[%a, %b, %c, %d, %e] : !X5d
            exo.assign %v[%a, %b, %c, %d, %e] = %x : !X5d
            exo.reduce %w[%a, %b, %c, %d, %e] += %x : !X5d
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The kernels
//===----------------------------------------------------------------------===//

exo.proc @tma_copy1(%N: index, %x: !X1, %y: !X1)
    requires affine_set<()[N] : (N mod 256 == 0, N - 256 >= 0)> {
  %c256 = arith.constant 256 : index
  %x_map = exo.window %x[:] : !X1 -> !Map1
  %y_map = exo.window %y[:] : !X1 -> !Map1
  %Nt = arith.divui %N, %c256 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to %Nt cuda_tasks {
      %i0 = arith.muli %t, %c256 : index
      %full = exo.alloc : !Full
      %smem = exo.alloc : !Smem1
      %tile = exo.window %smem[:] : !Smem1 -> !Tile1
      %src = exo.window %x_map[%i0 :+ 256] : !Map1 -> !Box1
      exo.call #exo.tma<kind = load, shape = [256], dtype = f32>(%tile, %src) >> %full[0] : (!Tile1, !Box1) >> !Full
      exo.arrive(cuda_temporal) >> %full[0] : !Full
      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
      %dst = exo.window %y_map[%i0 :+ 256] : !Map1 -> !Box1
      exo.call #exo.tma<kind = store, shape = [256], dtype = f32>(%dst, %tile) : (!Box1, !Tile1)
      %cg = exo.alloc : !StoreCg
      exo.arrive(tma_to_gmem_async) >> %cg : !StoreCg
      exo.await(%cg, cuda_in_order, 0) : !StoreCg
    }
  }
}

exo.proc @tma_copy5_add(%A: index, %B: index, %C: index, %D: index, %E: index,
                        %u: !X5, %v: !X5, %w: !X5)
    requires affine_set<()[A, B, C, D, E] : (B mod 2 == 0, C mod 2 == 0,
                                              D mod 4 == 0, E mod 32 == 0,
                                              A - 1 >= 0, B - 2 >= 0,
                                              C - 2 >= 0, D - 4 >= 0,
                                              E - 32 >= 0)> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %u_map = exo.window %u[:, :, :, :, :] : !X5 -> !Map5
  %v_map = exo.window %v[:, :, :, :, :] : !X5 -> !Map5
  %w_map = exo.window %w[:, :, :, :, :] : !X5 -> !Map5
  %Bt = arith.divui %B, %c2 : index
  %Ct = arith.divui %C, %c2 : index
  %Dt = arith.divui %D, %c4 : index
  %Et = arith.divui %E, %c32 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %ta = 0 to %A cuda_tasks {
      exo.for %tb = 0 to %Bt cuda_tasks {
        exo.for %tc = 0 to %Ct cuda_tasks {
          exo.for %td = 0 to %Dt cuda_tasks {
            exo.for %te = 0 to %Et cuda_tasks {
              %b0 = arith.muli %tb, %c2 : index
              %c0 = arith.muli %tc, %c2 : index
              %d0 = arith.muli %td, %c4 : index
              %e0 = arith.muli %te, %c32 : index
              %full = exo.alloc : !Full
              %smem = exo.alloc : !Smem5
              %tile = exo.window %smem[:, :, :, :, :] : !Smem5 -> !Tile5
              %src = exo.window %u_map[%ta :+ 1, %b0 :+ 2, %c0 :+ 2, %d0 :+ 4, %e0 :+ 32] : !Map5 -> !Box5
              exo.call #exo.tma<kind = load, shape = [1, 2, 2, 4, 32], dtype = f32>(%tile, %src) >> %full[0] : (!Tile5, !Box5) >> !Full
              exo.arrive(cuda_temporal) >> %full[0] : !Full
              exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
              %dst = exo.window %v_map[%ta :+ 1, %b0 :+ 2, %c0 :+ 2, %d0 :+ 4, %e0 :+ 32] : !Map5 -> !Box5
              exo.call #exo.tma<kind = store, shape = [1, 2, 2, 4, 32], dtype = f32>(%dst, %tile) : (!Box5, !Tile5)
              %acc = exo.window %w_map[%ta :+ 1, %b0 :+ 2, %c0 :+ 2, %d0 :+ 4, %e0 :+ 32] : !Map5 -> !Box5
              exo.call #exo.tma<kind = reduce_add, shape = [1, 2, 2, 4, 32], dtype = f32>(%acc, %tile) : (!Box5, !Tile5)
              %cg = exo.alloc : !StoreCg
              exo.arrive(tma_to_gmem_async) >> %cg : !StoreCg
              exo.await(%cg, cuda_in_order, 0) : !StoreCg
            }
          }
        }
      }
    }
  }
}

// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (TX).
// The case of g01_trailing_barrier_tx_bytes_per_array.mlir reached by
// `unroll` of a correct loop { tma_load >> full[s]; arrive >> full[s] }
// (s in 0..2): before and after the unroll, each arrive expects the 8192
// bytes of the one box that completes on its element.
!InD = !exo.tensor<[M, N], f32, dram>
!In = !exo.tensor<[M, N], f32, gmem>
!Full = !exo.barrier<mbarrier, [2]>
!StoreCg = !exo.barrier<bulk_group>
!Map = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Box = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!Smem = !exo.tensor<[64, 32], f32, smem>
!Tile = !exo.window<[64, 32], f32, smem>
!Smem2 = !exo.tensor<[2, 64, 32], f32, smem>

exo.proc @ref(%M: index, %N: index, %In: !InD, %Out: !InD) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %v = exo.read %In[%m, %n] : !InD
      exo.assign %Out[%m, %n] = %v : !InD
    }
  }
}
// Each task copies a 128 x 32 block as two 64 x 32 TMA boxes, the loads
// completing on full[0] and full[1] (trailing barriers set by the script).
exo.proc @sched(%M: index, %N: index, %In: !In, %Out: !In)
    requires affine_set<()[M, N] : (M mod 128 == 0, N mod 32 == 0,
                                     M - 128 >= 0, N - 32 >= 0)> {
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %In_map = exo.window %In[:, :] : !In -> !Map
  %Out_map = exo.window %Out[:, :] : !In -> !Map
  %Mt = arith.divui %M, %c128 : index
  %Nt = arith.divui %N, %c32 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %tm = 0 to %Mt cuda_tasks {
      exo.for %tn = 0 to %Nt cuda_tasks {
        %m0 = arith.muli %tm, %c128 : index
        %m1 = arith.addi %m0, %c64 : index
        %n0 = arith.muli %tn, %c32 : index
        %full = exo.alloc : !Full
        %sb = exo.alloc : !Smem2
        exo.for %s = 0 to 2 seq {
          %ms = arith.muli %s, %c64 : index
          %mr = arith.addi %m0, %ms : index
          %slot = exo.window %sb[%s, :, :] : !Smem2 -> !Tile
          %src = exo.window %In_map[%mr :+ 64, %n0 :+ 32] : !Map -> !Box
          exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%slot, %src) >> %full[%s] : (!Tile, !Box) >> !Full
          exo.arrive(cuda_temporal) >> %full[%s] : !Full
        }
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        exo.await(%full[1], cuda_generic_and_async_proxy, 0) : !Full
        %t0 = exo.window %sb[0, :, :] : !Smem2 -> !Tile
        %t1 = exo.window %sb[1, :, :] : !Smem2 -> !Tile
        %dst0 = exo.window %Out_map[%m0 :+ 64, %n0 :+ 32] : !Map -> !Box
        %dst1 = exo.window %Out_map[%m1 :+ 64, %n0 :+ 32] : !Map -> !Box
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%dst0, %t0) : (!Box, !Tile)
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%dst1, %t1) : (!Box, !Tile)
        %cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %cg : !StoreCg
        exo.await(%cg, cuda_in_order, 0) : !StoreCg
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.match_loop "s" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %s : !transform.any_op
    transform.yield
  }
}

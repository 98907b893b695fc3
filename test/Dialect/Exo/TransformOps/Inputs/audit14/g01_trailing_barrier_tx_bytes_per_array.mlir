// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (TX).
// set_trailing_barrier on two TMA loads with different elements of one
// mbarrier array (full[0], full[1]), one 64 x 32 f32 box (8192 bytes) each.
// An arrive expects the bytes of the calls whose trailing barrier is its own
// element (Barriers.cpp, lowerArrive), so each arrive expects 8192. Counting
// every call on the array would make full[1] expect 16384 where only 8192
// complete: its phase would never complete, and every thread would spin in
// mbarrier.try_wait.parity. The sync checker models trailing barriers per
// element, so the count is the lowering's to get right. The same holds for
// hand-written IR and after `unroll` of a loop
// `for s in 0..2 { load >> full[s]; arrive >> full[s] }`
// (g01b_unroll_tx_bytes_per_array.mlir).
!InD = !exo.tensor<[M, N], f32, dram>
!In = !exo.tensor<[M, N], f32, gmem>
!Full = !exo.barrier<mbarrier, [2]>
!StoreCg = !exo.barrier<bulk_group>
!Map = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Box = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!Smem = !exo.tensor<[64, 32], f32, smem>
!Tile = !exo.window<[64, 32], f32, smem>

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
        %s0 = exo.alloc : !Smem
        %s1 = exo.alloc : !Smem
        %t0 = exo.window %s0[:, :] : !Smem -> !Tile
        %t1 = exo.window %s1[:, :] : !Smem -> !Tile
        %src0 = exo.window %In_map[%m0 :+ 64, %n0 :+ 32] : !Map -> !Box
        %src1 = exo.window %In_map[%m1 :+ 64, %n0 :+ 32] : !Map -> !Box
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%t0, %src0) : (!Tile, !Box)
        exo.arrive(cuda_temporal) >> %full[0] : !Full
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%t1, %src1) : (!Tile, !Box)
        exo.arrive(cuda_temporal) >> %full[1] : !Full
        exo.await(%full[0], cuda_generic_and_async_proxy, 0) : !Full
        exo.await(%full[1], cuda_generic_and_async_proxy, 0) : !Full
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
  transform.named_sequence @match_call(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.call"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %calls = transform.collect_matching @match_call in %p : (!transform.any_op) -> !transform.any_op
    %l0, %l1, %st0, %st1 = transform.split_handle %calls : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.set_trailing_barrier %l0 on "full" at ["0"] : !transform.any_op
    transform.exo.set_trailing_barrier %l1 on "full" at ["1"] : !transform.any_op
    transform.yield
  }
}

// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (MCAST).
// set_trailing_barrier with a multicast coordinate (at [":"]) on a plain,
// per-CTA TMA load (#exo.tma<kind = load> without multicast: issued by one
// warp, destination = the issuing CTA's own tile S[c]). S is [2, 64, 32] with dimension 0
// distributed over the two CTAs, so S[0] and S[1] are at the same
// CTA-relative offset: a multicast with mask 0b11 would write each CTA's box
// into both CTAs' tile (a write-write race) and complete 8192 bytes on both
// CTAs' full barrier, while the instruction's body (what the checkers and
// the CPU reference see) writes only S[c]. The lowering refuses a ':'
// trailing coordinate on a plain TMA load; a multicast load is a TMA load
// instance with `multicast`, whose dst window spans both CTAs' copies (unit
// warp_in_cluster_strided). With `at ["c"]` the same program lowers to a
// plain load.
!InD = !exo.tensor<[M, N], f32, dram>
!In = !exo.tensor<[M, N], f32, gmem>
!Full = !exo.barrier<mbarrier, [2]>
!StoreCg = !exo.barrier<bulk_group, [2]>
!Map = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Box = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!Smem = !exo.tensor<[2, 64, 32], f32, smem>
!Tile = !exo.window<[64, 32], f32, smem>

exo.proc @ref(%M: index, %N: index, %In: !InD, %Out: !InD) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %v = exo.read %In[%m, %n] : !InD
      exo.assign %Out[%m, %n] = %v : !InD
    }
  }
}
// Cluster of 2 CTAs; CTA c copies rows [(2t + c) * 64, +64) through its own
// shared-memory tile S[c].
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
  exo.device_function(blockDim = 32, clusterDim = 2) {
    exo.for %tm = 0 to %Mt cuda_tasks {
      exo.for %tn = 0 to %Nt cuda_tasks {
        %n0 = arith.muli %tn, %c32 : index
        %full = exo.alloc : !Full
        %S = exo.alloc : !Smem
        exo.for %c = 0 to 2 cuda_threads<cta> {
          %m0 = arith.muli %tm, %c128 : index
          %mc = arith.muli %c, %c64 : index
          %m = arith.addi %m0, %mc : index
          %t = exo.window %S[%c, :, :] : !Smem -> !Tile
          %src = exo.window %In_map[%m :+ 64, %n0 :+ 32] : !Map -> !Box
          exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%t, %src) : (!Tile, !Box)
          exo.arrive(cuda_temporal) >> %full[%c] : !Full
        }
        exo.for %c2 = 0 to 2 cuda_threads<cta> {
          exo.await(%full[%c2], cuda_generic_and_async_proxy, 0) : !Full
        }
        exo.for %c3 = 0 to 2 cuda_threads<cta> {
          %m0 = arith.muli %tm, %c128 : index
          %mc = arith.muli %c3, %c64 : index
          %m = arith.addi %m0, %mc : index
          %t = exo.window %S[%c3, :, :] : !Smem -> !Tile
          %dst = exo.window %Out_map[%m :+ 64, %n0 :+ 32] : !Map -> !Box
          exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32>(%dst, %t) : (!Box, !Tile)
        }
        %cg = exo.alloc : !StoreCg
        exo.for %c4 = 0 to 2 cuda_threads<cta> {
          exo.arrive(tma_to_gmem_async) >> %cg[%c4] : !StoreCg
          exo.await(%cg[%c4], cuda_in_order, 0) : !StoreCg
        }
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
    %l0, %st0 = transform.split_handle %calls : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.set_trailing_barrier %l0 on "full" at [":"] : !transform.any_op
    transform.yield
  }
}

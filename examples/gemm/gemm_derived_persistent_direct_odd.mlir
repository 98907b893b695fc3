// The persistent tf32 GEMM with direct accumulator stores for any M, N and
// K multiples of 4: the derivation of gemm_derived_persistent_direct.mlir with
// the partial tiles of gemm_derived_persistent_odd.mlir (the M, N and K
// divisions with `tail = guard`, whose guards `drop_bounds_guard` removes:
// the accesses of the extra iterations become oob; TMA zero-fills the loads,
// and the accumulator store skips the elements past the end of C). A tile's
// K loop has ceil(K / 32) steps, so the release of its last slot is at
// (K + 31) / 32 + 3.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_persistent_direct_odd.mlir -transform-interpreter

!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cg64 = !exo.window<[64, 256], f32, gmem>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 4 == 0, K mod 4 == 0,
                                        M - 1 >= 0, N - 4 >= 0, K - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !Ch
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_odd" : (!transform.any_op) -> !transform.any_op

    // 1-4. As in gemm_derived_cluster.mlir: tiles (tm, tn; CTAs cm;
    //    warpgroups wg; K steps ko, kk), loop order, the kernel, the
    //    accumulators D.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %mr : !transform.any_op
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 256 ["tn", "ni"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ni : !transform.any_op
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ki : !transform.any_op
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["256 * tm + 128 * cm + 64 * wg", "256 * tn"] sizes [64, 256] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 256>) : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wz, %wrest = transform.exo.fission %zero {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wgk = transform.exo.match_loop "wg" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4, %wg4 = transform.exo.reorder_loops %wgk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko5, %cm4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The barriers, as in the cluster derivation; the epilogue, after
    //    the drain, becomes one accumulator store per warpgroup.
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dcopy on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = gmem>) : (!transform.any_op) -> !transform.any_op

    // 7-9. As in the cluster derivation: A and B slices staged in 4-slot
    //    rings per CTA, loaded by TMA (B multicast), wgmma.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", "32 * ko"] sizes [128, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", "32 * ko"] sizes [256, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    transform.exo.expand_dim %As ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %As size 2 index "cm" : !transform.any_op
    transform.exo.expand_dim %Bs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wait_empty = transform.exo.insert_await %bin on "empty" at ["cm", "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %waits, %rest0 = transform.exo.fission %wait_empty : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_copies, %rest1 = transform.exo.fission %bin : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_load, %mma_loop = transform.exo.fission %ain : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tma_b = transform.exo.replace %b_copies with (#exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>) : (!transform.any_op) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 256, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 10. Warp specialization: the producer warp loads; the consumer
    //    warpgroups multiply and store.
    %cms = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cms cuda_threads<cta> : !transform.any_op
    %wgs2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wgs2 cuda_threads<warpgroup> : !transform.any_op
    %c1 = transform.exo.wrap_with_warps %wz group "consumer" : (!transform.any_op) -> !transform.any_op
    %a_cm = transform.exo.get_parent_loop %tma_a : (!transform.any_op) -> !transform.any_op
    %loads = transform.merge_handles %waits, %tma_b, %a_cm : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op
    %mma_wg = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %mma_wg2 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %mma_cm = transform.exo.get_parent_loop %mma_wg2 : (!transform.any_op) -> !transform.any_op
    %c2 = transform.exo.wrap_with_warps %mma_cm group "consumer" : (!transform.any_op) -> !transform.any_op
    %store_wg = transform.exo.get_parent_loop %store : (!transform.any_op) -> !transform.any_op
    %c3 = transform.exo.wrap_with_warps %store_wg group "consumer" : (!transform.any_op) -> !transform.any_op
    %c4 = transform.exo.wrap_with_warps %drain group "consumer" : (!transform.any_op) -> !transform.any_op

    // 11. Persistence: one task per cluster over the tiles (pi), proved
    //    independent.
    %tn3 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %pc, %pi = transform.exo.persist_tasks %tn3 as "NC" ["pc", "pi"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 12. Synchronization of the K loop, as in the cluster derivation, and
    //    the release of a tile's last slot after the drain (element
    //    K / 32 + 3 of the tile's ring, which chain_rings places at pi *
    //    K / 32 + K / 32 + 3).
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %drain_wg = transform.exo.match_loop "wg" in %drain : (!transform.any_op) -> !transform.any_op
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", "(K + 31) / 32 + 3"] : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    // 13. The rings and their barriers live across the tiles of a task,
    //    and so does the wgmma group.
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.exo.lift_alloc %cg : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

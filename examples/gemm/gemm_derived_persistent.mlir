// The persistent tf32 GEMM of hopper_gemm_persistent.mlir, derived from the
// naive GEMM: gemm_derived_cluster.mlir's schedule (a 256 x 256 tile per
// cluster of two CTAs, a producer warp, two consumer warpgroups, 4-slot
// rings of A and B with B multicast), with two more rewrites and an
// epilogue in quarters:
//
//   - `persist_tasks` turns the task nest (tn, tm) into one task per cluster
//     (pc, over the new size NC marked exo.cluster_count) and a sequential
//     loop over its tiles (pi), after proving the tiles independent;
//   - `chain_rings` lifts the rings and their barriers out of the tile loop,
//     tile pi using ring elements pi * K/32 + ko, so the phases run on from
//     tile to tile and the producer loads the next tile's first slots while
//     the consumers store the last one; the other barriers are lifted by
//     `lift_alloc`;
//   - the epilogue stages C a quarter (256 x 64) at a time in a 128 x 64
//     swizzled buffer per CTA, which fits next to the rings: each consumer
//     warpgroup stores its quarter of the accumulators, and each of its
//     warps writes its 16 rows with a TMA store of its own and waits for it.
//
// Differences from the hand kernel: a warp waits for its quarter's store
// before the next quarter, not at the next quarter's start (so the last
// quarter's stores do not overlap the next tile's K loop), and the
// consumers release the previous tile's last slot at the next tile's first
// K step rather than right after the drain (insert_arrive's linear indices
// cannot name K / 32 + 3).
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_persistent.mlir -transform-interpreter

!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
!Cq = !exo.window<[16, 64], f32, tma_map<128, [16, 32]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Dq = !exo.window<[64, 64], f32, wgmma_accum>
!Cwgq = !exo.window<[64, 64], f32, smem_swizzle<128>>
!Cctaq = !exo.window<[16, 64], f32, smem_swizzle<128>>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 256 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
                                        N - 256 >= 0, K - 32 >= 0)> {
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
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent" : (!transform.any_op) -> !transform.any_op

    // 1-4. As in gemm_derived_cluster.mlir: tiles (tm, tn; CTAs cm;
    //    warpgroups wg; K steps ko, kk), loop order, the kernel, the
    //    accumulators D.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 256 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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

    // 5. The barriers, as in the cluster derivation, and a bulk group per
    //    consumer warp (tma_cg) for the epilogue's stores.
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %ko6 "tma_cg" : !exo.barrier<bulk_group, [2, 2, 4]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dcopy on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 6. The epilogue in quarters of 64 columns (q), outermost, so that one
    //    128 x 64 buffer per CTA (C_smem, swizzled for the TMA store) holds
    //    a quarter: each warpgroup stores its 64 x 64 part of the
    //    accumulators there (no copy-in: the stores write all of it), and
    //    the copy back to C, split in 16-row pieces (ow), joins the
    //    warpgroup's loop (fuse): each warp of the warpgroup stores 16 rows.
    %dcol = transform.exo.match_loop "D_out_1" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q, %qj, %qt = transform.exo.divide_loop %dcol by 64 ["q", "qj"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %drow = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q1, %r1 = transform.exo.reorder_loops %drow : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ewg = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q2, %ewg2 = transform.exo.reorder_loops %ewg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %q3, %ecm = transform.exo.reorder_loops %ws2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ewg3 = transform.exo.match_loop "wg" in %q3 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %ewg3, "C" at ["256 * tm + 128 * cm", "256 * tn + 64 * q"] sizes [128, 64] as "C_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
    %owg, %or, %ot = transform.exo.divide_loop %cout by 64 ["owg", "or"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %ow, %oi, %ot2 = transform.exo.divide_loop %or by 16 ["ow", "oi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %ewg4 = transform.exo.match_loop "wg" in %q3 : (!transform.any_op) -> !transform.any_op
    %efused = transform.exo.fuse %ewg4 with %owg : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %accq = transform.exo.match_loop "D_out_0" in %efused : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %accq with (#exo.wgmma_store<n = 64, dst = smem_swizzle<128>>) : (!transform.any_op) -> !transform.any_op
    %oi2 = transform.exo.match_loop "oi" in %efused : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %oi2 with (#exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>) : (!transform.any_op) -> !transform.any_op
    // One buffer for the four quarters: each quarter's accumulator stores
    // write all of it before its TMA stores read it (a whole-window write
    // in the same iteration), so no value flows between quarters.
    transform.exo.lift_alloc %Cs : !transform.any_op

    //    The epilogue's synchronization, per consumer warpgroup: before it
    //    overwrites the buffer, each of its warps waits for its previous
    //    stores (of the previous quarter, or of the previous tile) and the
    //    warpgroup fences; its accumulator stores are made visible to the
    //    TMA stores (a proxy fence); each warp commits its stores to a bulk
    //    group of its own. The waits are inserted after the commit, split
    //    off (fission) and moved ahead of the fence (move_sync), then split
    //    off the CTA and warpgroup loops, to be repeated at the end of the
    //    task (step 14).
    %f1 = transform.exo.insert_fence %store ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %store after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at ["cm", "wg", "ow"] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at ["cm", "wg", "ow"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %ostores, %owaits = transform.exo.fission %tma_commit : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %owaits2 = transform.exo.move_sync %owaits before %f1 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %qwaits, %qstores = transform.exo.fission %owaits2 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

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
    //    warpgroups multiply and run the epilogue, each warp storing its 16
    //    rows (ow).
    %cms = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cms cuda_threads<cta> : !transform.any_op
    %wgs2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wgs2 cuda_threads<warpgroup> : !transform.any_op
    %ows = transform.exo.match_loop "ow" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ows cuda_threads<warp> : !transform.any_op
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
    %wait_ow = transform.exo.match_loop "ow" in %qwaits : (!transform.any_op) -> !transform.any_op
    %wait_wg = transform.exo.get_parent_loop %wait_ow : (!transform.any_op) -> !transform.any_op
    %c5 = transform.exo.wrap_with_warps %wait_wg group "consumer" : (!transform.any_op) -> !transform.any_op
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
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", "K / 32 + 3"] : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    // 13. The rings and their barriers live across the tiles of a task;
    //    so do the other barriers and the epilogue's buffer (each tile
    //    writes it before reading it), and the task waits for its warps'
    //    last stores at its end. The quarters are unrolled (the accumulator
    //    store takes constant columns).
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    %other = transform.merge_handles %cg, %tma_cg, %Cs : !transform.any_op
    transform.exo.lift_alloc %other : !transform.any_op
    %final = transform.exo.move_sync %qwaits copy after %pi : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.exo.unroll %q3 : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

// A schedule library: the persistent GEMM schedules of 2-CTA clusters with
// 256 x 256 tiles, the epilogue through shared memory (@gemm_persistent) or
// the accumulators stored straight to global memory, as
// named sequences parametrized by the K step sizes and the instructions, so
// that the tf32 and bf16 kernels are entry points of a few lines.
//
// Each sequence takes the proc to schedule (the naive GEMM C[M, N] = sum_k
// A[m, k] B[n, k] with loops m, n, k; M and N multiples of 256, K of %kt) and
//   %kt     the width of a K slice staged per ring slot (one 128-byte swizzle
//           span: 32 for tf32, 64 for bf16),
//   %kstep  the K of one wgmma (8 for tf32, 16 for bf16),
//   %load_a the TMA load of A's 128 x %kt slice,
//   %load_b the multicast TMA load of B's 256 x %kt slice,
//   %wgmma  the 64 x 256 x %kstep wgmma.
// The comments inside are those of the tf32 scripts, with 32 standing for
// %kt and 8 for %kstep.
//
// Use it by declaring the sequence in the schedule that includes it and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/persistent.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  // The persistent GEMM with the epilogue through shared memory in 16-row
  // quarters and TMA stores (gemm_derived_persistent.mlir,
  // gemm_derived_bf16_persistent.mlir).
  transform.named_sequence @gemm_persistent(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {

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
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", %k_at] sizes [128, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", %k_at] sizes [256, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %tma_b = transform.exo.replace %b_copies with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
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
    //    K / %kt + 3 of the tile's ring, which chain_rings places at pi *
    //    K / 32 + K / %kt + 3).
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %drain_wg = transform.exo.match_loop "wg" in %drain : (!transform.any_op) -> !transform.any_op
    %last_at = transform.exo.expr "K / {0} + 3" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", %last_at] : (!transform.any_op, !transform.any_param) -> !transform.any_op
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

  // The persistent GEMM with its accumulators stored straight to global memory (gemm_derived_persistent_direct.mlir, gemm_derived_bf16_persistent_direct.mlir).
  transform.named_sequence @gemm_persistent_direct(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {

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
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", %k_at] sizes [128, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", %k_at] sizes [256, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %tma_b = transform.exo.replace %b_copies with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
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
    %last_slot = transform.exo.expr "K / {0} + 3" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", %last_slot] : (!transform.any_op, !transform.any_param) -> !transform.any_op
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

  // The same with the rasterized tile order (gemm_derived_persistent_direct_raster.mlir, gemm_derived_bf16_persistent_direct_raster.mlir).
  transform.named_sequence @gemm_persistent_direct_raster(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {

    // 0. The column groups of 8 tiles (2048 columns) divide N: the variant
    //    is for such N only.
    transform.exo.assume %p "N mod 2048 == 0" : !transform.any_op

    // 1-4. As in gemm_derived_cluster.mlir: tiles (tm, tn; CTAs cm;
    //    warpgroups wg; K steps ko, kk), loop order, the kernel, the
    //    accumulators D.
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tno, %nr, %nt0 = transform.exo.divide_loop %n by 2048 ["tno", "nr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tn, %ni, %nt = transform.exo.divide_loop %nr by 256 ["tni", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rmi = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %r1a, %r1b = transform.exo.reorder_loops %rmi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rwg = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %r2a, %r2b = transform.exo.reorder_loops %rwg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rcm = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    %r3a, %r3b = transform.exo.reorder_loops %rcm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tn2 = transform.exo.match_loop "tno" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 3 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["256 * tm + 128 * cm + 64 * wg", "2048 * tno + 256 * tni"] sizes [64, 256] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", %k_at] sizes [128, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["2048 * tno + 256 * tni", %k_at] sizes [256, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    %tma_b = transform.exo.replace %b_copies with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
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
    %tn3 = transform.exo.match_loop "tno" in %p : (!transform.any_op) -> !transform.any_op
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
    %last_slot = transform.exo.expr "K / {0} + 3" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", %last_slot] : (!transform.any_op, !transform.any_param) -> !transform.any_op
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

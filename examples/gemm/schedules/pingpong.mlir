// A schedule library: the persistent ping-pong GEMM of 2-CTA clusters, for
// tf32 and bf16, with whole tiles (@gemm_derived_pingpong,
// @gemm_derived_bf16_pingpong) or partial ones
// (@gemm_derived_pingpong_odd, @gemm_derived_bf16_pingpong_odd). A
// kernel includes the tiling @gemm_pingpong_tiles, then @gemm_pingpong.
// The parameters (all !transform.any_param):
//   %tail      the tail of the M, N and K divisions: "perfect" for whole
//              tiles, "guard" for partial ones,
//   %kt        the width of a K slice staged per ring slot (one 128-byte
//              swizzle span: 32 for tf32, 64 for bf16); a slot holds 32 KiB
//              either way, so the ring has 7 slots for both,
//   %kstep     the K of one wgmma (8 for tf32, 16 for bf16): a K slice is
//              four wgmmas, issued as two commit groups of two,
//   %k_steps   the number of K slices of a tile, an index expression,
//   %last_step the condition that holds at a tile's last K slice,
//   %load_a    the TMA load of A's 128 x %kt slice,
//   %load_b    the multicast TMA load of B's 128 x %kt slice,
//   %wgmma     the 64 x 128 x %kstep wgmma.
// The comments inside are those of the tf32 script, where 32 stands for %kt.
//
// Use it by declaring the sequences in the schedule that includes them and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/pingpong.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_cluster_rings(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly}, %Bs: !transform.any_op {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_loads(%p: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed}, %bin: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_zeroing_split(%p: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_drop_guards(%p: !transform.any_op {transform.readonly})
  // 1-2 (start): the tiles and the loop order. The divisions of M, N and K
  // take the tail %tail: "perfect" for M a multiple of 256, N of 128 and K
  // of %kt; "guard" for any sizes, the guards of the last tiles then
  // dropped (@gemm_drop_guards: the extra iterations' accesses become oob,
  // TMA zero-fills the loads, the accumulator store skips the elements
  // past C).
  transform.named_sequence @gemm_pingpong_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly},
      %tail: !transform.any_param {transform.readonly}) {
    // 1. Tiles: 256 x 128 per cluster (tm, tn), 128 rows per CTA (cm), all
    //    of them for one warpgroup (wg, a loop of one), in two halves of 64
    //    (half); K steps of 32 (ko) in slices of 8 (kk).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = %tail : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mw, %mt2 = transform.exo.divide_loop %mc by 128 ["wg", "mw"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %half, %mi, %mt3 = transform.exo.divide_loop %mw by 64 ["half", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 128 ["tn", "ni"] tail = %tail : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = %tail : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_drop_guards failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order: the cluster tile (tn, tm) outside, the CTA, warpgroup
    //    and half inside it; the zeroing split off the update, whose K
    //    loop goes outside the rows and columns.
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a1h, %b1h = transform.exo.reorder_loops %half : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // The rest of the schedule, after the tiling above: %k_steps is
  // the number of K slices of a tile ("K / 32", or "(K + 31) / 32" with
  // partial tiles) and %last_step the condition that holds at a tile's
  // last K slice ("32 * ko + 32 == K", or "32 * ko + 32 >= K" with partial
  // tiles).
  transform.named_sequence @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly},
      %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {

    // 2 (end). The zeroing split off the update, whose K loop goes outside
    //    the rows and columns.
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: a producer warp, three idle warps and two consumer
    //    warpgroups; clusters of two CTAs, one CTA per SM.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. The accumulators: a 64 x 128 wgmma accumulator per half, CTA and
    //    warpgroup.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["256 * tm + 128 * cm + 128 * wg + 64 * half", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "half" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 1 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wz, %wrest = transform.exo.fission %zero {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %halfk = transform.exo.match_loop "half" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4h, %half4 = transform.exo.reorder_loops %halfk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wgk = transform.exo.match_loop "wg" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4, %wg4 = transform.exo.reorder_loops %wgk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko5, %cm4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The barriers: full and empty rings of seven slots per CTA, a wgmma
    //    group per warpgroup; the epilogue waits for the group, then each
    //    half is one accumulator store.
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 7]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 7), [2, ? ring 7]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 1]> : (!transform.any_op) -> !transform.any_op
    %chalf = transform.exo.match_loop "half" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %chalf on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 128, dst = gmem>) : (!transform.any_op) -> !transform.any_op

    // 6. A and B slices staged in 7-slot rings per CTA, loaded by TMA (B
    //    multicast: each CTA loads 64 of its 128 rows for both), wgmma: the
    //    cluster derivation's @gemm_cluster_rings and @gemm_cluster_loads.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.any_param) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", %k_at] sizes [128, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["128 * tn", %k_at] sizes [128, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %stages = transform.param.constant 7 : i64 -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    transform.include @gemm_cluster_rings failures(propagate) (%p, %As, %Bs, %stages, %cta) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> ()
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_loads failures(propagate) (%p, %ain, %bin, %load_a, %load_b, %wgmma, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk_mma = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %half_mma = transform.exo.get_parent_loop %kk_mma : (!transform.any_op) -> !transform.any_op
    %kk5, %half5 = transform.exo.reorder_loops %half_mma : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Each K step in two halves of two 8-wide slices, each half its own
    // warpgroup statement (its own commit group, below): the previous
    // step's slot is released between them.
    %kka, %kkb = transform.exo.cut_loop %kk5 at 2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wga, %wgb = transform.exo.fission %kka : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // The halves written out: an accumulator is registers, indexed by
    // constants only.
    %halves = transform.exo.match_loop "half" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %halves : !transform.any_op

    // 7. The producer warp loads; the CTA and warpgroup loops become
    //    thread loops.
    %cms = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cms cuda_threads<cta> : !transform.any_op
    %wgs2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wgs2 cuda_threads<warpgroup> : !transform.any_op
    %a_cm = transform.exo.get_parent_loop %tma_a : (!transform.any_op) -> !transform.any_op
    %loads = transform.merge_handles %waits, %tma_b, %a_cm : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op

    // 8. Persistence: one task per cluster over the tiles (pi), proved
    //    independent.
    %tn3 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %pc, %pi = transform.exo.persist_tasks %tn3 as "NC" ["pc", "pi"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 9. Synchronization of the K loop: the loads complete on full (with
    //    the expected bytes); the consumer waits for them, fences, issues
    //    its wgmma, commits, waits for the previous step's group and
    //    releases that step's slot (empty[ko + 6], the first seven
    //    pre-released); after the drain it releases the tile's last slot.
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %mma_kks = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %mma_kk, %mma_kk2 = transform.split_handle %mma_kks : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mma_wg = transform.exo.get_parent_loop %mma_kk : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %mma_kk on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %mma_wg after timeline "cuda_in_order" on "empty" at [":", "ko + 6"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %drain_wg = transform.exo.match_loop "wg" in %drain : (!transform.any_op) -> !transform.any_op
    %last_at = transform.exo.expr "{0} + 6" (%k_steps) : (!transform.any_param) -> !transform.any_param
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", %last_at] : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_kk ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_kk after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op
    %commit2 = transform.exo.insert_arrive %mma_kk2 after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op

    // 10. The rings and their barriers live across the tiles of a task.
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 11. Ping-pong: the tiles of a task in pairs (pp), each pair written
    //     out; the consumer statements of the first tile of a pair run on
    //     the consumer warps 0-3, those of the second on warps 4-7. The
    //     copies' statements: the accumulators, the zeroing, the wgmma group,
    //     the K loop, the drain, the stores.
    %pp, %h, %ht = transform.exo.divide_loop %pi by 2 ["pp", "h"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.unroll %h : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %kos = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %ko_0, %ko_1 = transform.split_handle %kos : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %zero_0 = transform.exo.get_sibling_stmt %ko_0 offset -2 : (!transform.any_op) -> !transform.any_op
    %drain_0 = transform.exo.get_sibling_stmt %ko_0 offset 1 : (!transform.any_op) -> !transform.any_op
    %store_0 = transform.exo.get_sibling_stmt %ko_0 offset 2 : (!transform.any_op) -> !transform.any_op
    %kks_0 = transform.exo.match_loop "kk" in %ko_0 : (!transform.any_op) -> !transform.any_op
    %kk_0, %kk2_0 = transform.split_handle %kks_0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg_0 = transform.exo.get_parent_loop %kk_0 : (!transform.any_op) -> !transform.any_op
    %mma_0 = transform.exo.get_parent_loop %wg_0 : (!transform.any_op) -> !transform.any_op
    %zero_1 = transform.exo.get_sibling_stmt %ko_1 offset -2 : (!transform.any_op) -> !transform.any_op
    %drain_1 = transform.exo.get_sibling_stmt %ko_1 offset 1 : (!transform.any_op) -> !transform.any_op
    %store_1 = transform.exo.get_sibling_stmt %ko_1 offset 2 : (!transform.any_op) -> !transform.any_op
    %kks_1 = transform.exo.match_loop "kk" in %ko_1 : (!transform.any_op) -> !transform.any_op
    %kk_1, %kk2_1 = transform.split_handle %kks_1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg_1 = transform.exo.get_parent_loop %kk_1 : (!transform.any_op) -> !transform.any_op
    %mma_1 = transform.exo.get_parent_loop %wg_1 : (!transform.any_op) -> !transform.any_op
    %cz0 = transform.exo.wrap_with_warps %zero_0 group "consumer" warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    %cm0 = transform.exo.wrap_with_warps %mma_0 group "consumer" warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    %cd0 = transform.exo.wrap_with_warps %drain_0 group "consumer" warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    %cs0 = transform.exo.wrap_with_warps %store_0 group "consumer" warps 0 to 4 : (!transform.any_op) -> !transform.any_op
    %cz1 = transform.exo.wrap_with_warps %zero_1 group "consumer" warps 4 to 8 : (!transform.any_op) -> !transform.any_op
    %cm1 = transform.exo.wrap_with_warps %mma_1 group "consumer" warps 4 to 8 : (!transform.any_op) -> !transform.any_op
    %cd1 = transform.exo.wrap_with_warps %drain_1 group "consumer" warps 4 to 8 : (!transform.any_op) -> !transform.any_op
    %cs1 = transform.exo.wrap_with_warps %store_1 group "consumer" warps 4 to 8 : (!transform.any_op) -> !transform.any_op

    // 12. Hand-offs: a warpgroup awaits only its own tiles' ring elements,
    //     so a wait could pass on the stale phase the other warpgroup's
    //     tile left in a slot (the checker says so without these). The
    //     first warpgroup arrives on h01[pp] once it has awaited its tile's
    //     last element, the second awaits that before its tile; h10 the
    //     other way round, for the next pair.
    %h01 = transform.exo.insert_barrier_alloc %pp "h01" : !exo.barrier<mbarrier, [2, ? ring 1]> : (!transform.any_op) -> !transform.any_op
    %h10 = transform.exo.insert_barrier_alloc %pp "h10" : !exo.barrier<mbarrier, [2, ? ring 1]> : (!transform.any_op) -> !transform.any_op
    %full_0 = transform.exo.get_sibling_stmt %kk_0 offset -2 : (!transform.any_op) -> !transform.any_op
    %give_0 = transform.exo.insert_arrive %full_0 after timeline "cuda_in_order" on "h01" at ["cm", "pp"] : (!transform.any_op) -> !transform.any_op
    %give_0g = transform.exo.guard_sync %give_0 if %last_step : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %full_1 = transform.exo.get_sibling_stmt %kk_1 offset -2 : (!transform.any_op) -> !transform.any_op
    %give_1 = transform.exo.insert_arrive %full_1 after timeline "cuda_in_order" on "h10" at ["cm", "pp"] : (!transform.any_op) -> !transform.any_op
    %give_1g = transform.exo.guard_sync %give_1 if %last_step : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %zwg_0 = transform.exo.match_loop "wg" in %cz0 : (!transform.any_op) -> !transform.any_op
    %zbody_0 = transform.exo.get_body %zwg_0 : (!transform.any_op) -> !transform.any_op
    %zhalf_0, %zrest_0 = transform.split_handle %zbody_0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %take_0 = transform.exo.insert_await %zhalf_0 on "h10" at ["cm", "pp - 1"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %take_0g = transform.exo.guard_sync %take_0 if "pp >= 1" : (!transform.any_op) -> !transform.any_op
    %zwg_1 = transform.exo.match_loop "wg" in %cz1 : (!transform.any_op) -> !transform.any_op
    %zbody_1 = transform.exo.get_body %zwg_1 : (!transform.any_op) -> !transform.any_op
    %zhalf_1, %zrest_1 = transform.split_handle %zbody_1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %take_1 = transform.exo.insert_await %zhalf_1 on "h01" at ["cm", "pp"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

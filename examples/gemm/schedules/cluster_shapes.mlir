// A schedule library: the cluster shapes of the tf32 GEMM beyond the 2 x 1
// cluster of cluster.mlir, one named sequence each, applied to a clone of
// the naive GEMM C[M, N] = sum_k A[m, k] B[n, k] (loops m, n, k) whose
// requires (an `assume` of the entry point, kernels.mlir) makes its tiles
// whole: @gemm_cluster_1x2 (the cluster along N), @gemm_cluster_2x2 (four
// CTAs, both operands multicast) and @gemm_cluster_256x128 (256 x 128 CTA
// tiles, two accumulators per warpgroup).
//
// Use them by declaring the sequences in the schedule that includes them and
// preloading this file (kernels.mlir's @gemm_derived_cluster_1x2, ...):
//   exo-gpu-opt examples/gemm/gemm_specs.mlir -transform-preload-library=transform-library-paths=examples/gemm/schedules -transform-interpreter=entry-point=gemm_derived_cluster_1x2

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_zeroing_split(%p: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_accumulators(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %m_at: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly}, %zero_d: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_barriers(%p: !transform.any_op {transform.readonly},
      %ws: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_warps(%p: !transform.any_op {transform.readonly},
      %wz: !transform.any_op {transform.readonly}, %waits: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %store: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_rings(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly}, %Bs: !transform.any_op {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_loads(%p: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed}, %bin: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_epilogue_sync(%Cs: !transform.any_op {transform.readonly},
      %c3: !transform.any_op {transform.readonly}, %tma_c: !transform.any_op {transform.readonly})

  // The 1 x 2 cluster variant of @gemm_derived_cluster: the naive tf32 GEMM
  // derived into a kernel whose cluster of two CTAs lies along N: a task
  // computes 128 x 512 of C, each CTA a 128 x 256 tile (the
  // same per-CTA tile and warp specialization as the 2 x 1 kernel), so the
  // two CTAs share A's 128 x 32 slice of each K step (one TMA multicast, each
  // CTA issuing 64 of its rows) and each loads its own 256 x 32 slice of B.
  // The script is the 2 x 1 one with the roles of A and B (and of the CTA
  // loop over M and over N) exchanged; test/Examples/gemm-derived-variants.test
  // checks the result like the 2 x 1 one.
  transform.named_sequence @gemm_cluster_1x2(%p: !transform.any_op {transform.readonly}) {
    // 1. Tiles: a task (a cluster of two CTAs) computes 128 x 512 of C
    //    (tm, tn); each CTA (cn) 256 columns, each of its two consumer
    //    warpgroups (wg) 64 rows (mi); K in steps of 32 (ko), wgmma's 8 (kk,
    //    k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mc, %mt = transform.exo.divide_loop %m by 128 ["tm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %nr, %nt = transform.exo.divide_loop %n by 512 ["tn", "nr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cn, %ni, %nt1 = transform.exo.divide_loop %nr by 256 ["cn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order tn, tm, cn, wg, then the warpgroup's rows and columns;
    //    the zeroing splits from the K loop, and the K loops move outside
    //    mi, ni.
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi1 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %a4, %b4 = transform.exo.reorder_loops %mi1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg1 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %a5, %b5 = transform.exo.reorder_loops %wg1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: a cluster of two CTAs per task (the task loops tn,
    //    tm), each with a producer warp, three idle warps and two consumer
    //    warpgroups.
    // 4. Each warpgroup's 64 x 256 tile of C lives in its accumulator D
    //    (zeroed, no copy-in); D gets a dimension per warpgroup and per CTA
    //    and leaves the wg and cn loops, which are split in three (zero,
    //    multiply, store) so that the K loop can move outside them.
    // 5. The barriers: full and empty mbarrier rings of 4 per CTA (the
    //    leading dimension: the CTA), a wgmma commit group per warpgroup.
    //    Before the epilogue each warpgroup waits for its last wgmma group;
    //    that wait gets loops of its own (fission), so that what follows
    //    can reuse the rings' shared memory.
    // The 2 x 1 kernel's steps (@gemm_cluster_accumulators,
    // @gemm_cluster_barriers) with the CTA loop cn.
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %m_at = transform.param.constant "128 * tm + 64 * wg" -> !transform.any_param
    %n_at = transform.param.constant "512 * tn + 256 * cn" -> !transform.any_param
    %cta = transform.param.constant "cn" -> !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 256> -> !transform.any_param
    %wz, %ws, %ko5 = transform.include @gemm_cluster_accumulators failures(propagate) (%p, %tasks, %m_at, %n_at, %cta, %bn, %zero_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 6. The epilogue goes through shared memory: each CTA's 128 x 256
    //    tile of C is staged in C_smem (no copy-in: the accumulator stores
    //    write all of it), which a TMA store writes back.
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["128 * tm", "512 * tn + 256 * cn"] sizes [128, 256] as "C_smem" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = smem>) : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with (#exo.tma<kind = store, shape = [128, 256], dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. B's 256 x 32 and A's 128 x 32 slices of each K step in each CTA's
    //    swizzled shared memory: every CTA stages the same A slice.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %wg5, "B" at ["512 * tn + 256 * cn", "32 * ko"] sizes [256, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %bw = transform.merge_handles %bin, %wg5 : !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %bw, "A" at ["128 * tm", "32 * ko"] sizes [128, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 8. Rings of 4 slots for A and B, C_smem, each with a leading CTA
    //    dimension (cn; distributed: each CTA holds its own): the 2 x 1
    //    kernel's @gemm_cluster_rings.
    transform.include @gemm_cluster_rings failures(propagate) (%p, %As, %Bs, %stages, %cta) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.exo.expand_dim %Cs size 2 index %cta : !transform.any_op, !transform.any_param
    transform.exo.lift_alloc %Cs : !transform.any_op

    // 9. The loads of the 2 x 1 kernel (@gemm_cluster_loads) with A and B
    //    exchanged: each CTA loads its B slice by TMA, the A slice becomes
    //    one multicast load, after each CTA's producer waits for the slot.
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    %waits, %tma_b, %tma_a = transform.include @gemm_cluster_loads failures(propagate) (%p, %bin, %ain, %load_b, %load_a, %wgmma, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 10. Warp specialization, as in the 2 x 1 kernel (@gemm_cluster_warps,
    //     A and B exchanged: the producer warps issue B's per-CTA load).
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_b, %tma_a, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op

    // 11. Synchronization, as in the 2 x 1 kernel (@gemm_cluster_sync)
    //     with A and B exchanged: B's load completes on full[cta, ko], A's
    //     multicast on full[:, ko]; each CTA's producer arrives on the full
    //     barriers of both CTAs, and the CTA's consumers release the slot
    //     of ko - 1 in both (empty[:, ko + 3]).
    transform.exo.set_trailing_barrier %tma_b on "full" at ["cn", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_a on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_b after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cn", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cn", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cn", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    // 12. The epilogue's synchronization, as in the 2 x 1 kernel
    //     (@gemm_cluster_epilogue_sync).
    transform.include @gemm_cluster_epilogue_sync failures(propagate) (%Cs, %c3, %tma_c) : (!transform.any_op, !transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // The 2 x 2 cluster variant of @gemm_derived_cluster: four
  // CTAs per task of 256 x 512, each CTA (cm, cn) a 128 x 256 tile (the 2 x 1
  // kernel's per-CTA tile and warp specialization). The two CTAs of a cluster
  // row share A's 128 x 32 slice (one multicast, 64 rows issued by each), the
  // two CTAs of a cluster column share B's 256 x 32 slice (one multicast, 128
  // rows by each): every CTA loads a quarter of what it multiplies. The
  // barrier protocol spans the cluster: each producer arrives on the full
  // barriers of all four CTAs (with the bytes its loads deliver to each, zero
  // for the diagonal one), and each CTA's consumers release the slot in all
  // four, so a producer's own empty barrier also tells that the partners it
  // multicasts to have released the slot.
  transform.named_sequence @gemm_cluster_2x2(%p: !transform.any_op {transform.readonly}) {
    // 1. Tiles: a task (a cluster of four CTAs) computes 256 x 512 of C
    //    (tm, tn); CTA (cm, cn) 128 rows and 256 columns of it, each of its
    //    two consumer warpgroups (wg) 64 rows (mi); K in steps of 32 (ko),
    //    wgmma's 8 (kk, k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %nr, %nt = transform.exo.divide_loop %n by 512 ["tn", "nr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cn, %ni, %nt1 = transform.exo.divide_loop %nr by 256 ["cn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order tn, tm, cm, cn, wg, then the warpgroup's rows and
    //    columns; the zeroing splits from the K loop, and the K loops move
    //    outside mi, ni.
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi1 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %a4, %b4 = transform.exo.reorder_loops %mi1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg1 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %a5, %b5 = transform.exo.reorder_loops %wg1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: a cluster of four CTAs per task, each with a producer
    //    warp, three idle warps and two consumer warpgroups.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 4 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. Each warpgroup's 64 x 256 tile of C lives in its accumulator D,
    //    with a dimension per warpgroup and per CTA (cm, cn); the wg, cn
    //    and cm loops are split in three (zero, multiply, store) so that the
    //    K loop can move outside them.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["256 * tm + 128 * cm + 64 * wg", "512 * tn + 256 * cn"] sizes [64, 256] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 256>) : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "cn" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wz, %wrest = transform.exo.fission %zero {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wgk = transform.exo.match_loop "wg" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4, %wg4 = transform.exo.reorder_loops %wgk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cnk = transform.exo.match_loop "cn" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4b, %cn4 = transform.exo.reorder_loops %cnk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko5, %cm4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The barriers: full and empty mbarrier rings of 4 per CTA (the two
    //    leading dimensions: the CTA), a wgmma commit group per warpgroup;
    //    the last wgmma group's wait gets loops of its own (fission).
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, 2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, 2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2, 2]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dcopy on "cg" at ["cm", "cn", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 6. The epilogue goes through shared memory, as in the 2 x 1 kernel.
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["256 * tm + 128 * cm", "512 * tn + 256 * cn"] sizes [128, 256] as "C_smem" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = smem>) : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with (#exo.tma<kind = store, shape = [128, 256], dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. A's 128 x 32 and B's 256 x 32 slices of each K step in each CTA's
    //    swizzled shared memory: A is the same along a cluster row, B along
    //    a cluster column.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", "32 * ko"] sizes [128, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["512 * tn + 256 * cn", "32 * ko"] sizes [256, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 8. Rings of 4 slots for A and B, C_smem, each with two leading CTA
    //    dimensions (cm, cn).
    transform.exo.expand_dim %As ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %As size 2 index "cn" : !transform.any_op
    transform.exo.expand_dim %Bs size 2 index "cn" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.expand_dim %As size 2 index "cm" : !transform.any_op
    transform.exo.expand_dim %Bs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.expand_dim %Cs size 2 index "cn" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 9. The loads. Each CTA's producer first waits until its slot is free
    //    (its empty barrier counts the releases of all four CTAs, step 11).
    //    B's copy loop over cm (B does not depend on cm) moves inside the cn
    //    loop and becomes one multicast per cluster column; A's copy loop
    //    over cn becomes one multicast per cluster row.
    %wait_empty = transform.exo.insert_await %bin on "empty" at ["cm", "cn", "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %waits, %rest0 = transform.exo.fission %wait_empty {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_copies, %rest1 = transform.exo.fission %bin {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_cn, %b_cm = transform.exo.reorder_loops %b_copies : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_copies, %mma_loop = transform.exo.fission %ain {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Each CTA's producer arrives after the loads, on the full barriers of
    // all four CTAs, carrying the bytes its loads deliver to each (zero for
    // the diagonal CTA). The arrive is inserted while A's copy still runs
    // per CTA, then split off into a cn loop of its own, so that it stays
    // per CTA (an mbarrier arrive runs within one CTA) inside the pair
    // loop of A's multicast.
    %expect = transform.exo.insert_arrive %ain after timeline "cuda_temporal" on "full" at [":", ":", "ko"] : (!transform.any_op) -> !transform.any_op
    %a_only, %arrives = transform.exo.fission %ain : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_cn = transform.exo.get_parent_loop %ain : (!transform.any_op) -> !transform.any_op
    %tma_b = transform.exo.replace %b_cm with (#exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, stride = 2>) : (!transform.any_op) -> !transform.any_op
    %tma_a = transform.exo.replace %a_cn with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 256, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 10. Warp specialization. A cm iteration is a pair of consecutive CTAs
    //    (2 * cta), a cn iteration inside it one CTA; the loop around B's
    //    multicast runs its cn iterations on the CTA pairs c, c + 2
    //    (2 * cta_strided(2)).
    %cms = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cms cuda_threads<2 * cta> : !transform.any_op
    %cns = transform.exo.match_loop "cn" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cns cuda_threads<cta> : !transform.any_op
    transform.exo.set_loop_mode %b_cn cuda_threads<2 * cta_strided(2)> : !transform.any_op
    %wgs2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wgs2 cuda_threads<warpgroup> : !transform.any_op
    %c1 = transform.exo.wrap_with_warps %wz group "consumer" : (!transform.any_op) -> !transform.any_op
    %a_cm = transform.exo.get_parent_loop %tma_a : (!transform.any_op) -> !transform.any_op
    %loads = transform.merge_handles %waits, %b_cn, %a_cm : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op
    %mma_wg = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %mma_wg2 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %mma_cn = transform.exo.get_parent_loop %mma_wg2 : (!transform.any_op) -> !transform.any_op
    %mma_cm = transform.exo.get_parent_loop %mma_cn : (!transform.any_op) -> !transform.any_op
    %c2 = transform.exo.wrap_with_warps %mma_cm group "consumer" : (!transform.any_op) -> !transform.any_op
    %store_wg = transform.exo.get_parent_loop %store : (!transform.any_op) -> !transform.any_op
    %c3 = transform.exo.wrap_with_warps %store_wg group "consumer" : (!transform.any_op) -> !transform.any_op
    %c4 = transform.exo.wrap_with_warps %drain group "consumer" : (!transform.any_op) -> !transform.any_op
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op

    // 11. Synchronization: A's multicast completes on the full barriers of
    //     its cluster row, B's on those of its column (each producer's
    //     arrive is in place since step 9); each consumer
    //     warpgroup waits on its CTA's full barrier, and the CTA's
    //     consumers release the slot of ko - 1 in all four CTAs.
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", ":", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "cn", "ko"] : !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cm", "cn", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", ":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cm", "cn", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "cn", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    // 12. The epilogue, as in the 2 x 1 kernel.
    %f1 = transform.exo.insert_fence %Cs ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %c3 after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %tma_c "tma_cg" : !exo.barrier<bulk_group> : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at [] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %epi_cn = transform.exo.get_parent_loop %tma_c : (!transform.any_op) -> !transform.any_op
    %epi = transform.exo.get_parent_loop %epi_cn : (!transform.any_op) -> !transform.any_op
    %f3 = transform.exo.insert_fence %epi after ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // The 256 x 128 tile variant of @gemm_derived_cluster: each
  // CTA computes a 256 x 128 tile of C (the cluster of two a 512 x 128 task),
  // each of its two consumer warpgroups 128 x 128 as two 64 x 128 wgmma
  // accumulators (mw), which the lowering keeps as an array of accumulators of
  // the warpgroup. A's 256 x 32 slice is each CTA's own (one TMA load), B's
  // 128 x 32 slice is multicast to both. Per multiply-add, the wgmma reads more
  // shared memory than with 128 x 256 tiles (an m64n128 reads A's 64 rows for
  // half the columns), which is why the 128 x 256 kernel is the default.
  transform.named_sequence @gemm_cluster_256x128(%p: !transform.any_op {transform.readonly}) {
    // 1. Tiles: a task (a cluster of two CTAs) computes 512 x 128 of C
    //    (tm, tn); each CTA (cm) 256 rows, each of its two consumer
    //    warpgroups (wg) 128, as two accumulators (mw) of 64 (mi); K in
    //    steps of 32 (ko), wgmma's 8 (kk, k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 512 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 256 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mw0, %mt2 = transform.exo.divide_loop %mc by 128 ["wg", "mw0"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %mw, %mi, %mt3 = transform.exo.divide_loop %mw0 by 64 ["mw", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 128 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order tn, tm, cm, wg, mw, then the accumulator's rows and
    //    columns; the zeroing splits from the K loop, and the K loops move
    //    outside mi, ni.
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a1b, %b1b = transform.exo.reorder_loops %mw : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: a cluster of two CTAs per task, each with a producer
    //    warp, three idle warps and two consumer warpgroups.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. Each 64 x 128 tile of C lives in an accumulator D, with a
    //    dimension per accumulator of the warpgroup (mw, not distributed),
    //    per warpgroup and per CTA; the mw, wg and cm loops are split in
    //    three (zero, multiply, store) so that the K loop can move outside
    //    them.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["512 * tm + 256 * cm + 128 * wg + 64 * mw", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "mw" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wz, %wrest = transform.exo.fission %zero {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 {depth = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mwk = transform.exo.match_loop "mw" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4a, %mw4 = transform.exo.reorder_loops %mwk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wgk = transform.exo.match_loop "wg" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4, %wg4 = transform.exo.reorder_loops %wgk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko5, %cm4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 5. The barriers: full and empty mbarrier rings of 4 per CTA, a wgmma
    //    commit group per warpgroup (both accumulators' wgmma in one group).
    //    Before the epilogue each warpgroup waits for its last group.
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %dmw = transform.exo.get_parent_loop %dcopy : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dmw on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 6. The epilogue goes through shared memory: each CTA's 256 x 128
    //    tile of C in C_smem, written back by one TMA store.
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["512 * tm + 256 * cm", "128 * tn"] sizes [256, 128] as "C_smem" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 128, dst = smem>) : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with (#exo.tma<kind = store, shape = [256, 128], dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. A's 256 x 32 and B's 128 x 32 slices of each K step in each CTA's
    //    swizzled shared memory: every CTA stages the same B slice.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["512 * tm + 256 * cm", "32 * ko"] sizes [256, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["128 * tn", "32 * ko"] sizes [128, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 8-9. The rings (of 4) and the loads of the 2 x 1 kernel
    //    (@gemm_cluster_rings, @gemm_cluster_loads: B multicast, A per
    //    CTA); C_smem gets a leading CTA dimension.
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    transform.include @gemm_cluster_rings failures(propagate) (%p, %As, %Bs, %stages, %cta) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_loads failures(propagate) (%p, %ain, %bin, %load_a, %load_b, %wgmma, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 10. Warp specialization, as in the 2 x 1 kernel; the mw loops stay
    //    sequential (a warpgroup's two accumulators).
    %cms = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %cms cuda_threads<cta> : !transform.any_op
    %wgs2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wgs2 cuda_threads<warpgroup> : !transform.any_op
    %c1 = transform.exo.wrap_with_warps %wz group "consumer" : (!transform.any_op) -> !transform.any_op
    %a_cm = transform.exo.get_parent_loop %tma_a : (!transform.any_op) -> !transform.any_op
    %loads = transform.merge_handles %waits, %tma_b, %a_cm : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op
    %mma_kk = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %mma_mw = transform.exo.get_parent_loop %mma_kk : (!transform.any_op) -> !transform.any_op
    %mma_wg = transform.exo.get_parent_loop %mma_mw : (!transform.any_op) -> !transform.any_op
    %mma_cm = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %c2 = transform.exo.wrap_with_warps %mma_cm group "consumer" : (!transform.any_op) -> !transform.any_op
    %store_mw = transform.exo.get_parent_loop %store : (!transform.any_op) -> !transform.any_op
    %store_wg = transform.exo.get_parent_loop %store_mw : (!transform.any_op) -> !transform.any_op
    %c3 = transform.exo.wrap_with_warps %store_wg group "consumer" : (!transform.any_op) -> !transform.any_op
    %c4 = transform.exo.wrap_with_warps %drain group "consumer" : (!transform.any_op) -> !transform.any_op
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op

    // 11. Synchronization, as in the 2 x 1 kernel; a warpgroup fences once
    //    before both accumulators' wgmma and commits them as one group.
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %mma_wg on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %mma_wg after timeline "cuda_in_order" on "empty" at [":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_mw ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_mw after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    // 12. The epilogue, as in the 2 x 1 kernel (@gemm_cluster_epilogue_sync).
    transform.include @gemm_cluster_epilogue_sync failures(propagate) (%Cs, %c3, %tma_c) : (!transform.any_op, !transform.any_op, !transform.any_op) -> ()

    // 13. The two accumulators of a warpgroup by name: the mw loops are
    //    unrolled, so that each wgmma, zeroing and store names its
    //    accumulator with a constant (registers cannot be indexed).
    %mws = transform.exo.match_loop "mw" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %mws : !transform.any_op
    transform.yield
  }
}

// A schedule library: the split-K GEMM schedule whose partial tiles are added
// into C from the registers, as one named sequence parametrized by the K step
// sizes and the instructions. @gemm_derived_splitk_direct (tf32) and
// @gemm_derived_bf16_splitk_direct (bf16) are its entry points.
//
// @gemm_splitk_direct takes the proc to schedule (the split-K GEMM
// specification: C[m, n] = sum over ks, kc of A[m, ks, kc] B[n, ks, kc], loops
// m, n, ks, kc, with M and N multiples of 256 and KC of %kt) and
//   %kt     the K step staged per ring slot (one 128-byte swizzle span: 32
//           for tf32, 64 for bf16),
//   %kstep  the K of one wgmma (8 for tf32, 16 for bf16),
//   %load_a the TMA load of A's 128 x %kt slice (box [128, 1, %kt]),
//   %load_b the multicast TMA load of B's 256 x %kt slice (box [128, 1, %kt]),
//   %wgmma  the 64 x 256 x %kstep wgmma.
// The result: one cluster of two CTAs per 256 x 256 tile and split, 4-slot
// rings, and each consumer warpgroup's partial tile added into C (zeroed on
// the host's stream) with red.global.add.v4.f32.
//
// Use it by declaring the sequence in the schedule that includes it and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/splitk.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence @gemm_splitk_direct(%p: !transform.any_op {transform.readonly},
                                               %kt: !transform.param<i64> {transform.readonly},
                                               %kstep: !transform.param<i64> {transform.readonly},
                                               %load_a: !transform.any_param {transform.readonly},
                                               %load_b: !transform.any_param {transform.readonly},
                                               %wgmma: !transform.any_param {transform.readonly}) {
    // 1. The zeroing of C becomes a nest of its own (it will be a memset
    //    on the host's stream); the accumulation is the rest.
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %main = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 2. Tiles as in @gemm_derived_cluster: 256 x 256 per task and
    //    split (tm, tn), 128 rows per CTA (cm), 64 per consumer warpgroup
    //    (wg, mi); each split's K chunk in steps of %kt (ko) and %kstep
    //    (kk, k8).
    %tm, %mr, %mt = transform.exo.divide_loop %main by 256 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %tm : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 256 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kc = transform.exo.match_loop "kc" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %kc by %kt ["ko", "ki"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 3. Loop order: the split ks outermost (the first task loop: splits
    //    accumulate into C concurrently), then tn, tm, cm, wg; the K steps
    //    outside the warpgroup's rows and columns. Reordering ks past the
    //    other loops reorders reductions into C, which commute.
    %mi1 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %a1, %b1 = transform.exo.reorder_loops %mi1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg1 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %a2, %b2 = transform.exo.reorder_loops %wg1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cm1 = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    %a3, %b3 = transform.exo.reorder_loops %cm1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tm1 = transform.exo.match_loop "tm" in %p : (!transform.any_op) -> !transform.any_op
    %a4, %b4 = transform.exo.reorder_loops %tm1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni1 = transform.exo.match_loop "ni" in %p : (!transform.any_op) -> !transform.any_op
    %r1, %s1 = transform.exo.reorder_loops %ni1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi2 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %r2, %s2 = transform.exo.reorder_loops %mi2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wg2 = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %r3, %s3 = transform.exo.reorder_loops %wg2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cm2 = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    %r4, %s4 = transform.exo.reorder_loops %cm2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tm2 = transform.exo.match_loop "tm" in %p : (!transform.any_op) -> !transform.any_op
    %r5, %s5 = transform.exo.reorder_loops %tm2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %r6, %s6 = transform.exo.reorder_loops %tn2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %p : (!transform.any_op) -> !transform.any_op
    %u1, %v1 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi3 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %u2, %v2 = transform.exo.reorder_loops %mi3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni3 = transform.exo.match_loop "ni" in %p : (!transform.any_op) -> !transform.any_op
    %u3, %v3 = transform.exo.reorder_loops %ni3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi4 = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %u4, %v4 = transform.exo.reorder_loops %mi4 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 4. The kernel: a cluster of two CTAs per task (ks, tn, tm), each with
    //    a producer warp, three idle warps and two consumer warpgroups. C
    //    moves to global memory, so the zeroing becomes, in the same
    //    rewrite, a memset the host issues on the stream before the launch.
    %ks = transform.exo.match_loop "ks" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %ks tasks 3 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 host %zeroing with (#exo.memset0<rank = 2, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op

    // 5. Each warpgroup's partial 64 x 256 tile accumulates in D: it only
    //    adds to C, so D starts at zero (wgmma's scale-d = 0) and is added
    //    back after the K loop. D gets a dimension per warpgroup and per
    //    CTA; the wg and cm loops split in three (zero, multiply, add back)
    //    so that the K loop can move outside them.
    %ko1 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %ko1, "C" at ["256 * tm + 128 * cm + 64 * wg", "256 * tn"] sizes [64, 256] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %din with (#exo.wgmma_zero<n = 256>) : (!transform.any_op) -> !transform.any_op
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
    // 5. The barriers: full and empty mbarrier rings of 4 per CTA (the
    //    leading dimension: the CTA), a wgmma commit group per warpgroup.
    //    Before the epilogue each warpgroup waits for its last wgmma group;
    //    that wait gets loops of its own (fission), so that what follows
    //    can reuse the rings' shared memory.
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dcopy on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 6. The epilogue: each warpgroup adds its partial tile into C
    //    straight from its accumulator fragments (the copy-out C += D
    //    unifies with the instruction's body).
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = gmem, reduce = true>) : (!transform.any_op) -> !transform.any_op

    // 7. A's 128 x %kt and B's 256 x %kt slices of each K step of the split
    //    in each CTA's swizzled shared memory (a point in the split's
    //    dimension): every CTA stages the same B slice.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", "ks", %k_at] sizes [128, 1, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", "ks", %k_at] sizes [256, 1, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 8. Rings of 4 slots for A and B, each with a leading CTA
    //    dimension (distributed: each CTA holds its own).
    transform.exo.expand_dim %As ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %As size 2 index "cm" : !transform.any_op
    transform.exo.expand_dim %Bs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 9. Each CTA loads its A slice by TMA; the B slice, the same in both
    //    CTAs, becomes one multicast load: the loop over the CTAs' copies
    //    (split off by fission) unifies with the instruction's body, which
    //    writes both. Before that load, each CTA's producer waits until the
    //    slot is free in its CTA (the empty barrier counts the releases of
    //    both CTAs' consumers, see step 11); the wait is inserted here so
    //    that fission gives it a CTA loop of its own.
    %wait_empty = transform.exo.insert_await %bin on "empty" at ["cm", "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %waits, %rest0 = transform.exo.fission %wait_empty : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_copies, %rest1 = transform.exo.fission %bin : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_load, %mma_loop = transform.exo.fission %ain : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tma_b = transform.exo.replace %b_copies with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 10. Warp specialization: the producer warp of each CTA loads; the
    //    consumer warpgroups multiply; the CTA loops run on the cluster's
    //    CTAs, the wg loops on the consumer warpgroups.
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

    // 11. Synchronization.
    //     - The loads complete on full[cta, ko] (the multicast on both
    //       CTAs' elements, full[:, ko]).
    //     - Each CTA's producer arrives on the full barriers of *both* CTAs
    //       with the bytes its loads deliver there. A CTA's full barrier
    //       then also orders its consumers after the other CTA's producer
    //       waited for the slot, which the checker needs to see that the
    //       consumers' next release cannot reach a phase of the other CTA's
    //       empty barrier too early (with local arrives only it reports
    //       that "barrier misuse").
    //     - Each consumer warpgroup waits on its CTA's full barrier, fences
    //       and commits its wgmma and keeps one commit group in flight; the
    //       CTA's consumers then release the slot of ko - 1 in both CTAs
    //       (empty[:, ko + 3]), since the multicast wrote it in both.
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", "ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op

    transform.yield
  }
}

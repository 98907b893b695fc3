// The split-K GEMM derived from its specification: the transform
// script turns the naive tf32 GEMM over a K split in KS chunks of KC
// (C[m, n] = sum over ks, kc of A[m, ks, kc] * B[n, ks, kc]) into the
// hand-annotated kernel of hopper_gemm_splitk.mlir: the host zeroes C with
// cudaMemsetAsync; the split is the outermost task loop, so KS clusters
// accumulate into the same tile of C concurrently, each adding its partial
// tile with an atomic TMA reduce-add; everything else is
// @gemm_derived_cluster's 2-CTA cluster kernel.
//
// What split-K needs beyond the cluster derivation:
//   - The zeroing of C is host code that must become a stream memset on C
//     in global memory, while the accumulation moves to the device. Neither
//     step is possible alone (host code cannot touch global memory; C
//     cannot move while host code uses it in host memory), so
//     wrap_device_function does both: `host %zeroing with
//     #exo.memset0<rank = 2, dtype = f32>` replaces the zeroing, by unification with the
//     instruction's body, binding its sizes and whole-tensor parameter.
//   - Reordering the split's loop outside the tile loops reorders
//     reductions into C, which the dependence analysis lets commute (the
//     result differs from the specification's by rounding: test/Examples/
//     gemm-derived-splitk.test compares within tf32 bounds, and exactly
//     with the hand-written kernel, which sums in the same order).
//   - The staged epilogue only adds to C: C_smem starts as the first
//     statement's values (it adds to each element once) and is added back
//     by the reduce-add.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_splitk.mlir -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Bmap = !exo.window<[N, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [128, 256]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 1, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>
!Ctile = !exo.window<[128, 256], f32, tma_map<0, [128, 256]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cwg = !exo.window<[64, 256], f32, smem>
!Ccta = !exo.window<[128, 256], f32, smem>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, KS, KC], f32, dram>
!Bh = !exo.tensor<[N, KS, KC], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

// C[m, n] = sum over ks < KS, kc < KC of A[m, ks, kc] * B[n, ks, kc], the
// operands rounded to tf32 as wgmma does.
exo.proc @gemm_splitk_tf32(%M: index, %N: index, %KS: index, %KC: index,
                           %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, KS, KC] : (M mod 256 == 0, N mod 256 == 0,
                                             KC mod 32 == 0, M - 256 >= 0,
                                             N - 256 >= 0, KS - 1 >= 0,
                                             KC - 32 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !Ah
          %b = exo.read %B[%n, %ks, %kc] : !Bh
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
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_splitk" : (!transform.any_op) -> !transform.any_op

    // 1. The zeroing of C becomes a nest of its own (it will be a memset
    //    on the host's stream); the accumulation is the rest.
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %main = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 2. Tiles as in @gemm_derived_cluster: 256 x 256 per task and
    //    split (tm, tn), 128 rows per CTA (cm), 64 per consumer warpgroup
    //    (wg, mi); each split's K chunk in steps of 32 (ko) and 8 (kk, k8).
    %tm, %mr, %mt = transform.exo.divide_loop %main by 256 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %tm : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 256 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kc = transform.exo.match_loop "kc" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %kc by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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

    // 6. The epilogue goes through shared memory: each CTA's partial
    //    128 x 256 tile is staged in C_smem. The statements only add to C,
    //    and the first adds to every element once, so C_smem starts as
    //    those values (the accumulator stores write it, no zeroing) and is
    //    added into C by an atomic TMA reduce-add.
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["256 * tm + 128 * cm", "256 * tn"] sizes [128, 256] as "C_smem" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = smem>) : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with (#exo.tma<kind = reduce_add, shape = [128, 256], dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7. A's 128 x 32 and B's 256 x 32 slices of each K step of the split
    //    in each CTA's swizzled shared memory (a point in the split's
    //    dimension): every CTA stages the same B slice.
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", "ks", "32 * ko"] sizes [128, 1, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", "ks", "32 * ko"] sizes [256, 1, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 8. Rings of 4 slots for A and B, C_smem, each with a leading CTA
    //    dimension (distributed: each CTA holds its own).
    transform.exo.expand_dim %As ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %As size 2 index "cm" : !transform.any_op
    transform.exo.expand_dim %Bs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
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
    %tma_b = transform.exo.replace %b_copies with (#exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, box = [128, 1, 32]>) : (!transform.any_op) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 256, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
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
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op

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

    // 12. The epilogue: C_smem reuses the rings' shared memory once every
    //     CTA of the cluster is done with them (a cluster-wide fence); the
    //     accumulators' stores become visible to the TMA reduce-add (a CTA
    //     fence with a proxy fence); the producer waits for its bulk group
    //     before the task ends (the next task of this persistent cluster
    //     reuses the shared memory; the final cluster-wide fence is the one
    //     the end of a task implies, written out as in
    //     hopper_gemm_splitk.mlir).
    %f1 = transform.exo.insert_fence %Cs ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %c3 after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %tma_c "tma_cg" : !exo.barrier<bulk_group> : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at [] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %epi = transform.exo.get_parent_loop %tma_c : (!transform.any_op) -> !transform.any_op
    %f3 = transform.exo.insert_fence %epi after ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

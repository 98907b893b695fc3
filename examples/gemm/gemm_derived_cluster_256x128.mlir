// The 256 x 128 tile variant of @gemm_derived_cluster: each
// CTA computes a 256 x 128 tile of C (the cluster of two a 512 x 128 task),
// each of its two consumer warpgroups 128 x 128 as two 64 x 128 wgmma
// accumulators (mw), which the lowering keeps as an array of accumulators of
// the warpgroup. A's 256 x 32 slice is each CTA's own (one TMA load), B's
// 128 x 32 slice is multicast to both. Per multiply-add, the wgmma reads more
// shared memory than with 128 x 256 tiles (an m64n128 reads A's 64 rows for
// half the columns), which is why the 128 x 256 kernel is the default.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_cluster_256x128.mlir -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, K], f32, tma_map<128, [256, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [256, 128]>>
!Atile = !exo.window<[256, 32], f32, tma_map<128, [256, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Ctile = !exo.window<[256, 128], f32, tma_map<0, [256, 128]>>
!Aslot = !exo.window<[256, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Cwg = !exo.window<[64, 128], f32, smem>
!Ccta = !exo.window<[256, 128], f32, smem>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 128 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
                                        N - 128 >= 0, K - 32 >= 0)> {
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
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_256x128" : (!transform.any_op) -> !transform.any_op
    // The 512-row cluster tile: M in whole tiles.
    transform.exo.assume %p "M mod 512 == 0, M >= 512" : !transform.any_op

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
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

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

    // 8. Rings of 4 slots for A and B, C_smem, each with a leading CTA
    //    dimension.
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

    // 9. The loads, as in the 2 x 1 kernel (B multicast, A per CTA).
    %wait_empty = transform.exo.insert_await %bin on "empty" at ["cm", "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %waits, %rest0 = transform.exo.fission %wait_empty : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_copies, %rest1 = transform.exo.fission %bin : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_load, %mma_loop = transform.exo.fission %ain : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tma_b = transform.exo.replace %b_copies with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>) : (!transform.any_op) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 128, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

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

    // 12. The epilogue, as in the 2 x 1 kernel.
    %f1 = transform.exo.insert_fence %Cs ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %c3 after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %tma_c "tma_cg" : !exo.barrier<bulk_group> : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at [] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %epi = transform.exo.get_parent_loop %tma_c : (!transform.any_op) -> !transform.any_op
    %f3 = transform.exo.insert_fence %epi after ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op

    // 13. The two accumulators of a warpgroup by name: the mw loops are
    //    unrolled, so that each wgmma, zeroing and store names its
    //    accumulator with a constant (registers cannot be indexed).
    %mws = transform.exo.match_loop "mw" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %mws : !transform.any_op
    transform.yield
  }
}

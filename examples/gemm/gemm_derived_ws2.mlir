// The derivation of @gemm_derived_ws with the hand kernel's CTA tile:
// 128 x 256 per CTA, split between two consumer warpgroups of 64 rows
// (wgmma.m64n256k8, the accumulator D distributed over the warpgroups), A
// and B in 4-slot rings loaded by a producer warp. Only the schedule differs
// from @gemm_derived_ws (and the instructions' shapes).
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_ws2.mlir -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [256, 32]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [256, 32]>>
!Cg64 = !exo.window<[64, 256], f32, gmem>
!Asmem = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bsmem = !exo.tensor<[256, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!Dt = !exo.tensor<[64, 256], f32, wgmma_accum>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Full = !exo.barrier<mbarrier, [? ring 1]>
!Cg = !exo.barrier<wgmma_group>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//


//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 128 == 0, N mod 256 == 0,
                                        K mod 32 == 0, M - 128 >= 0,
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
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws2" : (!transform.any_op) -> !transform.any_op

    // 1. Tiles: a task computes 128 x 256 of C (tm, tn); its rows are two
    //    warpgroups' 64 (wg, mi); K as before (ko, kk, k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 128 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mr by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 256 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order tn, tm, wg, then the warpgroup's rows and columns; the
    //    zeroing splits from the K loop, and the K loops move outside mi, ni.
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
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

    // 3. The kernel, with warp groups: a producer warp, three idle warps
    //    and two consumer warpgroups.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. Each warpgroup's 64 x 256 tile of C lives in its accumulator D:
    //    zeroed (no copy-in), stored back; then D gets a dimension per
    //    warpgroup and leaves the wg loop, which is split in three (zero,
    //    multiply, store) so that the K loop can move outside it.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["128 * tm + 64 * wg", "256 * tn"] sizes [64, 256] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 256>) : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dout with (#exo.wgmma_store<n = 256, dst = gmem>) : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wg1 = transform.exo.get_parent_loop %zero : (!transform.any_op) -> !transform.any_op
    %wz, %wrest = transform.exo.fission %zero : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko4, %wg4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // 5. A's 128 x 32 and B's 256 x 32 slices of each K step in swizzled
    //    shared memory, loaded by TMA; the products are wgmma.m64n256k8 on
    //    the warpgroup's 64 rows of A.
    %As, %ain, %aout = transform.exo.stage_mem %wg4, "A" at ["128 * tm", "32 * ko"] sizes [128, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Bs, %bin, %bout = transform.exo.stage_mem %wg4, "B" at ["256 * tn", "32 * ko"] sizes [256, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %tma_b = transform.exo.replace %bin with (#exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 256, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 6. Rings of 4 slots for A and B, as in @gemm_derived_ws; a wgmma
    //    commit group per warpgroup.
    %ko5 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko5 "full" : !exo.barrier<mbarrier, [? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko5 "empty" : !exo.barrier<mbarrier(prearrive 4), [? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko5 "cg" : !exo.barrier<wgmma_group, [2]> : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %As ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 4 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 7. Warp specialization: the producer warp loads; the consumer
    //    warpgroups each take one iteration of the wg loops.
    %loads = transform.merge_handles %tma_a, %tma_b : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op
    %c1 = transform.exo.wrap_with_warps %wz group "consumer" : (!transform.any_op) -> !transform.any_op
    %c2 = transform.exo.wrap_with_warps %wg4 group "consumer" : (!transform.any_op) -> !transform.any_op
    %c3 = transform.exo.wrap_with_warps %ws group "consumer" : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %wz cuda_threads<warpgroup> : !transform.any_op
    transform.exo.set_loop_mode %wg4 cuda_threads<warpgroup> : !transform.any_op
    transform.exo.set_loop_mode %ws cuda_threads<warpgroup> : !transform.any_op

    // 8. Synchronization: the full/empty protocol of @gemm_derived_ws,
    //    with each consumer warpgroup fencing and committing its own wgmma
    //    and keeping one commit group in flight: at iteration ko it waits
    //    for the group of ko - 1 (await with 1 pending), so the slot of
    //    ko - 1 is free and both warpgroups release it (empty[ko + 3], from
    //    the second iteration on); the last group is awaited before the
    //    store.
    transform.exo.set_trailing_barrier %tma_a on "full" at ["ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at ["ko"] : !transform.any_op
    %wait_empty = transform.exo.insert_await %tma_a on "empty" at ["ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %expect = transform.exo.insert_arrive %tma_b after timeline "cuda_temporal" on "full" at ["ko"] : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg4 on "full" at ["ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %wg4 after timeline "cuda_in_order" on "empty" at ["ko + 3"] : (!transform.any_op) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %kk5 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %kk5 ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %kk5 after timeline "wgmma_async" on "cg" at ["wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %store on "cg" at ["wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

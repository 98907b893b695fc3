// The small-tile warp-specialized GEMM of gemm_derived_ws.mlir with bf16
// operands: a task computes a 64 x 128 tile of C with one consumer warpgroup
// (wgmma.m64n128k16, f32 accumulators) fed by a producer warp through 8-slot
// rings of 64-wide K slices (one 128-byte swizzle span of bf16, 24 KiB a
// slot). It is the bf16 kernel for shapes with few 128 x 256 tiles (1024^3,
// 128 tokens). Only the K step sizes, the element types and the
// instructions differ from the tf32 script, whose comments apply.
// test/Examples/gemm-derived-bf16.test checks the result.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_ws.mlir -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, K], bf16, tma_map<128, [64, 64]>>
!Bmap = !exo.window<[N, K], bf16, tma_map<128, [128, 64]>>
!Atile = !exo.window<[64, 64], bf16, tma_map<128, [64, 64]>>
!Btile = !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Asmem = !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
!Bsmem = !exo.tensor<[128, 64], bf16, smem_swizzle<128>>
!Aslot = !exo.window<[64, 64], bf16, smem_swizzle<128>>
!Bslot = !exo.window<[128, 64], bf16, smem_swizzle<128>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Bk = !exo.window<[128, 16], bf16, smem_swizzle<128>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Full = !exo.barrier<mbarrier, [? ring 1]>
!Cg = !exo.barrier<wgmma_group>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//


//===----------------------------------------------------------------------===//
// The specification, and the copy the script schedules
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 128 == 0,
                                        K mod 64 == 0, M - 64 >= 0,
                                        N - 128 >= 0, K - 64 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !Ch
      }
    }
  }
}

exo.proc @gemm_sm90_bf16_derived_ws(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 128 == 0,
                                        K mod 64 == 0, M - 64 >= 0,
                                        N - 128 >= 0, K - 64 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
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
    %p = transform.exo.match_proc @gemm_sm90_bf16_derived_ws in %root : (!transform.any_op) -> !transform.any_op

    // 1. Tiles: a task computes a 64 x 128 tile of C (tm, tn); K is cut
    //    into 64-wide slices (ko) of four 16-wide wgmma steps (kk, k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mi, %mt = transform.exo.divide_loop %m by 64 ["tm", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 128 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 64 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 16 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // The trip counts divide_loop computed move out of the loops.
    transform.exo.simplify %p : !transform.any_op

    // 2. Loop order tn, tm (tasks), then the tile's rows and columns; the
    //    zeroing of the tile is split from the K loop (fission), and the K
    //    loops move outside the tile's rows and columns (reductions commute).
    %r1a, %r1b = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r2a, %r2b = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: tn and tm become the task loops of a device function
    //    with three warp groups (a producer warp, three idle warps and a
    //    consumer warpgroup); A, B and C move to global memory.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. The tile of C lives in the warpgroup's wgmma accumulator D: the
    //    zeroing overwrites it (no copy-in), and D is stored back after the
    //    K loop. The zeroing and the store are the wgmma zero and store
    //    instructions.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["64 * tm", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dout with (#exo.wgmma_store<n = 128, dst = gmem>) : (!transform.any_op) -> !transform.any_op

    // 5. Each 64-wide K slice of A and B is staged in 128-byte-swizzled
    //    shared memory; the copies are TMA loads (replace encodes the tensor
    //    maps on the host), and the 64 x 128 x 16 products are wgmma.
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %kk3, "A" at ["64 * tm", "64 * ko"] sizes [64, 64] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Bs, %bin, %bout = transform.exo.stage_mem %kk3, "B" at ["128 * tn", "64 * ko"] sizes [128, 64] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %tma_b = transform.exo.replace %bin with (#exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %kk3 : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 128, dtype = bf16>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 6. Rings: full and empty mbarriers of 8 slots of 24 KiB (the 8
    //    empty slots start released: prearrive 8); A_smem and B_smem get a
    //    ring dimension indexed by ko, guarded by empty, and leave the K
    //    loop.
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko3 "full" : !exo.barrier<mbarrier, [? ring 8]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko3 "empty" : !exo.barrier<mbarrier(prearrive 8), [? ring 8]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko3 "cg" : !exo.barrier<wgmma_group> : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %As ring 8 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.expand_dim %Bs ring 8 guarded_by "empty" index "ko" : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 7. Warp specialization: the producer warp issues the loads, the
    //    consumer warpgroup zeroes, multiplies and stores the accumulator.
    %loads = transform.merge_handles %tma_a, %tma_b : !transform.any_op
    %producer = transform.exo.wrap_with_warps %loads group "producer" : (!transform.any_op) -> !transform.any_op
    %kk4 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %consumer = transform.exo.wrap_with_warps %kk4 group "consumer" : (!transform.any_op) -> !transform.any_op
    %zeroing_wg = transform.exo.wrap_with_warps %zero group "consumer" : (!transform.any_op) -> !transform.any_op
    %store_wg = transform.exo.wrap_with_warps %store group "consumer" : (!transform.any_op) -> !transform.any_op

    // 8. Synchronization (checked by the collective analysis and the sync
    //    checker, not here):
    //    - the producer waits until slot ko is released (empty[ko]; the
    //      first 8 are pre-released), loads into it completing on full[ko],
    //      and arrives on full[ko] with the expected bytes;
    //    - the consumer waits for full[ko], fences, issues its wgmma,
    //      commits and waits for them, and releases the slot for the load
    //      of iteration ko + 8 (empty[ko + 8]).
    transform.exo.set_trailing_barrier %tma_a on "full" at ["ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at ["ko"] : !transform.any_op
    %wait_empty = transform.exo.insert_await %tma_a on "empty" at ["ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %expect = transform.exo.insert_arrive %tma_b after timeline "cuda_temporal" on "full" at ["ko"] : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %kk4 on "full" at ["ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %kk4 ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %kk4 after timeline "wgmma_async" on "cg" at [] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %release = transform.exo.insert_arrive %retire after timeline "cuda_in_order" on "empty" at ["ko + 8"] : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// A derivation: the naive tf32 GEMM is rewritten step by step,
// by the transform script at the end of this file, into the one-CTA TMA +
// wgmma kernel of wgmma_gemm_1cta_gmem_store.mlir. Every step is a
// transform.exo rewrite that checks its precondition (the loop rewrites and
// stage_mem with Presburger proofs, replace by unification with the
// instruction's body); the synchronization steps are checked afterwards by
// -exo-verify-collectives and -exo-check-sync.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_1cta.mlir -transform-interpreter
//
// @gemm_tf32 is the specification (sequential, host memory, tf32 rounding
// of the operands as wgmma does); @gemm_sm90_tf32_derived starts as an
// identical copy, and the script schedules it. test/Examples/gemm-derived.test
// checks that the result computes what the specification computes (CPU, random
// inputs), passes the collective analysis and the sync checker, lowers to
// PTX that ptxas accepts, and has the structure of the hand-written kernel.

// The types the kernel uses.
!Amap = !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [128, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Asmem = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Bsmem = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[64, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
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
    requires affine_set<()[M, N, K] : (M mod 64 == 0, N mod 128 == 0,
                                        K mod 32 == 0, M - 64 >= 0,
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
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived" : (!transform.any_op) -> !transform.any_op

    // 1. Tiles: a task computes a 64 x 128 tile of C (tm, tn); K is cut
    //    into 32-wide slices (ko) of four 8-wide wgmma steps (kk, k8).
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mi, %mt = transform.exo.divide_loop %m by 64 ["tm", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 128 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %k8t = transform.exo.divide_loop %ki by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
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
    //    of one warpgroup; A, B and C move to global memory.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 block_dim 128 cluster_dim 1 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op

    // 4. The tile of C lives in the warpgroup's wgmma accumulator D: the
    //    zeroing overwrites it (no copy-in), and D is stored back after the
    //    K loop. The zeroing and the store are the wgmma zero and store
    //    instructions.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["64 * tm", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dout with (#exo.wgmma_store<n = 128, dst = gmem>) : (!transform.any_op) -> !transform.any_op

    // 5. Each 32-wide K slice of A and B is staged in 128-byte-swizzled
    //    shared memory; the copies are TMA loads (replace encodes the tensor
    //    maps on the host), and the 64 x 128 x 8 products are wgmma.
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %As, %ain, %aout = transform.exo.stage_mem %kk3, "A" at ["64 * tm", "32 * ko"] sizes [64, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Bs, %bin, %bout = transform.exo.stage_mem %kk3, "B" at ["128 * tn", "32 * ko"] sizes [128, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tma_a = transform.exo.replace %ain with (#exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %tma_b = transform.exo.replace %bin with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>) : (!transform.any_op) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %kk3 : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with (#exo.wgmma<n = 128, dtype = tf32>) : (!transform.any_op) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 6. Synchronization (sequentially meaningless; checked by the
    //    collective analysis and the sync checker, not here):
    //    - warp 0 issues the TMA loads (unit: warp);
    //    - both complete on the slice's element of %full (a ring of depth 1:
    //      one physical mbarrier), and warp 0's arrive carries the expected
    //      bytes;
    //    - the warpgroup awaits %full before reading shared memory through
    //      wgmma (async proxy) and fences before its first wgmma;
    //    - it commits its wgmma to %cg and waits for them before the next
    //      slice's loads overwrite shared memory.
    %warp_a = transform.exo.wrap_with_warps %tma_a warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    %warp_b = transform.exo.wrap_with_warps %tma_b warps 0 to 1 : (!transform.any_op) -> !transform.any_op
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko3 "full" : !exo.barrier<mbarrier, [? ring 1]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko3 "cg" : !exo.barrier<wgmma_group> : (!transform.any_op) -> !transform.any_op
    transform.exo.set_trailing_barrier %tma_a on "full" at ["ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at ["ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_b after timeline "cuda_temporal" on "full" at ["ko"] : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %kk3 on "full" at ["ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %kk3 ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %kk3 after timeline "wgmma_async" on "cg" at [] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

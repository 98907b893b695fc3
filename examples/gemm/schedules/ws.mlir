// A schedule library: the warp-specialized small-tile GEMM schedule as one
// named sequence, parametrized by the K step sizes and the instructions, so
// that each operand type's kernel is an entry point of a few lines
// (@gemm_derived_ws for tf32, @gemm_derived_bf16_ws for bf16).
//
// @gemm_ws takes the proc to schedule (a naive GEMM C[M, N] = sum_k A[m, k]
// B[n, k] with loops m, n, k and M a multiple of 64, N of 128, K of %kt;
// @gemm_ws_odd takes any sizes, with partial tiles) and
//   %kt     the width of a K slice staged per ring slot (one 128-byte swizzle
//           span: 32 for tf32, 64 for bf16),
//   %kstep  the K of one wgmma (8 for tf32, 16 for bf16),
//   %load_a, %load_b  the TMA loads of a 64 x %kt slice of A and a
//           128 x %kt slice of B (#exo.tma<kind = load, ...>),
//   %wgmma  the 64 x 128 x %kstep wgmma (#exo.wgmma<n = 128, ...>).
// The result is a kernel with a producer warp, three idle warps and one
// consumer warpgroup, 8-slot rings of A and B, the tile in the warpgroup's
// wgmma accumulator and stored straight to global memory. @gemm_ws_odd
// also takes the kernel's shape: %stages (the ring slots), %warps (the
// warp groups, #exo.warp_group attributes) and %blocks_per_sm. Both are
// @gemm_ws_kernel with the tail of their divisions.
//
// Use it by declaring the sequence in the schedule that includes it and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/ws.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_zeroing_split(%p: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_drop_guards(%p: !transform.any_op {transform.readonly})
  // The whole tiles: M a multiple of 64, N of 128, K of %kt.
  transform.named_sequence @gemm_ws(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {
    %tail = transform.param.constant "perfect" -> !transform.any_param
    %stages = transform.param.constant 8 : i64 -> !transform.any_param
    %warps = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] -> !transform.any_param
    %blocks_per_sm = transform.param.constant 1 : i64 -> !transform.any_param
    transform.include @gemm_ws_kernel failures(propagate) (%p, %tail, %kt, %kstep, %load_a, %load_b, %wgmma, %stages, %warps, %blocks_per_sm) : (!transform.any_op, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // Partial tiles: any M, N and K (the spec's requires says which; TMA
  // needs rows of a multiple of 16 bytes). The three divisions guard their
  // last chunk, and drop_bounds_guard removes the guards: the accesses of
  // the extra iterations become oob, the TMA loads zero-fill them and the
  // accumulator store skips the elements past the end of C. The kernel's
  // shape is a parameter: %stages ring slots, the warp groups %warps and
  // %blocks_per_sm CTAs per SM (8, consumers with 232 registers, 1; or 4,
  // 208, 2: two CTAs share an SM, which fills the SMs at mid sizes where
  // one CTA per SM leaves a partial second wave).
  transform.named_sequence @gemm_ws_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly},
      %warps: !transform.any_param {transform.readonly},
      %blocks_per_sm: !transform.any_param {transform.readonly}) {
    %tail = transform.param.constant "guard" -> !transform.any_param
    transform.include @gemm_ws_kernel failures(propagate) (%p, %tail, %kt, %kstep, %load_a, %load_b, %wgmma, %stages, %warps, %blocks_per_sm) : (!transform.any_op, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // Split-K: the specification C[m, n] = sum over ks, kc of A[m, ks, kc]
  // B[n, ks, kc] (M a multiple of 64, N of 128, KC of %kt); one task per
  // 64 x 128 tile and split, each adding its partial tile into C (zeroed by
  // a memset the host issues on the stream) from the accumulator. The loads
  // take TMA boxes [64, 1, %kt] and [128, 1, %kt].
  transform.named_sequence @gemm_ws_splitk(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {
    // 1. The zeroing of C becomes a nest of its own (the host's memset).
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %main = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 2. Tiles: 64 x 128 per task and split (tm, tn); the split's K chunk
    //    in %kt-wide slices (ko) of %kstep-wide wgmma steps (kk, k8).
    %tm, %mi, %mt = transform.exo.divide_loop %main by 64 ["tm", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %tm : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by 128 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kc = transform.exo.match_loop "kc" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %kc by %kt ["ko", "ki"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op

    // 3. Loop order ks, tn, tm (the tasks; splits add into C concurrently,
    //    and reductions commute), then ko, kk outside the tile's rows and
    //    columns: from tm mi tn ni ks ko kk k8 to ks tn tm ko kk mi ni k8.
    %n_mi = transform.param.constant "mi" -> !transform.any_param
    %n_tm = transform.param.constant "tm" -> !transform.any_param
    %n_ni = transform.param.constant "ni" -> !transform.any_param
    %n_tn = transform.param.constant "tn" -> !transform.any_param
    //    Each loop named in %order in turn swaps with the loop inside it.
    %order = transform.merge_handles %n_mi, %n_tm, %n_ni, %n_mi, %n_tm, %n_tn, %n_ni, %n_mi, %n_ni, %n_mi : !transform.any_param
    transform.foreach %order : !transform.any_param {
    ^bb0(%name: !transform.any_param):
      %l = transform.exo.match_loop %name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
      %a, %b = transform.exo.reorder_loops %l : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }

    // 4. The kernel: ks, tn, tm are the task loops; the warp groups of
    //    @gemm_ws; the zeroing becomes the host's memset.
    %ks = transform.exo.match_loop "ks" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %ks tasks 3 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] cluster_dim 1 blocks_per_sm 1 host %zeroing with (#exo.memset0<rank = 2, dtype = f32>) : (!transform.any_op, !transform.any_op) -> !transform.any_op

    // 5. The partial tile accumulates in D, which only adds to C: it starts
    //    at zero and is added into C after the K loop, straight from the
    //    accumulator fragments.
    %ko1 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %ko1, "C" at ["64 * tm", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %din with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dout with (#exo.wgmma_store<n = 128, dst = gmem, reduce = true>) : (!transform.any_op) -> !transform.any_op

    // 6. A's and B's slices of the split's K step, staged as in @gemm_ws;
    //    then @gemm_ws's rings, warps and synchronization.
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %stages = transform.param.constant 8 : i64 -> !transform.any_param
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %kk3, "A" at ["64 * tm", "ks", %k_at] sizes [64, 1, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Bs, %bin, %bout = transform.exo.stage_mem %kk3, "B" at ["128 * tn", "ks", %k_at] sizes [128, 1, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_ws_pipeline failures(propagate) (%p, %As, %Bs, %ain, %bin, %zero, %store, %load_a, %load_b, %wgmma, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // 1. Tiles: a task computes a 64 x %n_tile tile of C (tm, tn); K is cut
  //    into %kt-wide slices (ko) of %kstep-wide wgmma steps (kk, k8). The
  //    divisions of M, N and K take the tail %tail ("perfect" or "guard");
  //    with partial tiles the guards then go (@gemm_drop_guards).
  // 2. Loop order tn, tm (tasks), then the tile's rows and columns. Also
  //    the tiling of the small-tile fused epilogues
  //    (gemm_derived_epilogue.mlir).
  transform.named_sequence @gemm_ws_tiles(%p: !transform.any_op {transform.readonly},
      %tail: !transform.any_param {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %n_tile: !transform.any_param {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm0, %mi0, %mt = transform.exo.divide_loop %m by 64 ["tm", "mi"] tail = %tail : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by %n_tile ["tn", "ni"] tail = %tail : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = %tail : (!transform.any_op, !transform.param<i64>, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_drop_guards failures(propagate) (%p) : (!transform.any_op) -> ()
    // The trip counts divide_loop computed move out of the loops.
    transform.exo.simplify %p : !transform.any_op
    %mi = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %tm = transform.exo.match_loop "tm" in %p : (!transform.any_op) -> !transform.any_op
    %r1a, %r1b = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %r2a, %r2b = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // Steps 1-8; the divisions of M, N and K take the tail %tail
  // ("perfect" or "guard").
  transform.named_sequence @gemm_ws_kernel(%p: !transform.any_op {transform.readonly},
      %tail: !transform.any_param {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly},
      %warps: !transform.any_param {transform.readonly},
      %blocks_per_sm: !transform.any_param {transform.readonly}) {
    // 1-2 (@gemm_ws_tiles): 64 x 128 tiles, loop order tn, tm.
    %n_tile = transform.param.constant 128 : i64 -> !transform.any_param
    transform.include @gemm_ws_tiles failures(propagate) (%p, %tail, %kt, %kstep, %n_tile) : (!transform.any_op, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param) -> ()
    //    The zeroing of the tile is split from the K loop (fission), and
    //    the K loops move outside the tile's rows and columns (reductions
    //    commute).
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: tn and tm become the task loops of a device function
    //    with the warp groups %warps (a producer warp, three idle warps and
    //    a consumer warpgroup) and %blocks_per_sm CTAs per SM; A, B and C
    //    move to global memory.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps %warps cluster_dim 1 blocks_per_sm %blocks_per_sm : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op

    // 4. The tile of C lives in the warpgroup's wgmma accumulator D: the
    //    zeroing overwrites it (no copy-in), and D is stored back after the
    //    K loop. The zeroing and the store are the wgmma zero and store
    //    instructions.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at ["64 * tm", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with (#exo.wgmma_zero<n = 128>) : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dout with (#exo.wgmma_store<n = 128, dst = gmem>) : (!transform.any_op) -> !transform.any_op

    // 5. Each K slice of A and B is staged in 128-byte-swizzled shared
    //    memory (offset %kt * ko); the copies are TMA loads (replace encodes
    //    the tensor maps on the host), and the 64 x 128 x %kstep products
    //    are wgmma.
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %kk3, "A" at ["64 * tm", %k_at] sizes [64, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Bs, %bin, %bout = transform.exo.stage_mem %kk3, "B" at ["128 * tn", %k_at] sizes [128, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_ws_pipeline failures(propagate) (%p, %As, %Bs, %ain, %bin, %zero, %store, %load_a, %load_b, %wgmma, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The rest, once A's and B's slices are staged (%As, %Bs; their copies
  // %ain, %bin) in the K loop kk of the tile whose accumulator zeroing and
  // store are %zero and %store.
  transform.named_sequence @gemm_ws_pipeline(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly},
      %Bs: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed},
      %bin: !transform.any_op {transform.consumed},
      %zero: !transform.any_op {transform.readonly},
      %store: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}) {
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_b = transform.exo.replace %bin with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %kk3 : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op

    // 6. Rings: full and empty mbarriers of %stages slots (the empty slots
    //    start released: prearrive %stages; 24 KiB a slot for both operand
    //    types; with one CTA per SM, 8 slots: with its loop on lane 0 the
    //    producer keeps up, and for tf32 8 slots run 7 % faster than 4 at
    //    1024^3 and 17 % at 1024x1024x8192, bench/RESULTS.md); A_smem and
    //    B_smem get a ring dimension indexed by ko, guarded by empty, and
    //    leave the K loop.
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko3 "full" : !exo.barrier<mbarrier, [? ring 4]> ring %stages : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko3 "empty" : !exo.barrier<mbarrier(prearrive 4), [? ring 4]> ring %stages prearrive %stages : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko3 "cg" : !exo.barrier<wgmma_group> : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %As ring %stages guarded_by "empty" index "ko" : !transform.any_op, !transform.any_param
    transform.exo.expand_dim %Bs ring %stages guarded_by "empty" index "ko" : !transform.any_op, !transform.any_param
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
    //      first %stages are pre-released), loads into it completing on
    //      full[ko], and arrives on full[ko] with the expected bytes;
    //    - the consumer waits for full[ko], fences, issues its wgmma,
    //      commits and waits for them, and releases the slot for the load
    //      of iteration ko + %stages (empty[ko + %stages]).
    transform.exo.set_trailing_barrier %tma_a on "full" at ["ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at ["ko"] : !transform.any_op
    %wait_empty = transform.exo.insert_await %tma_a on "empty" at ["ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
    %expect = transform.exo.insert_arrive %tma_b after timeline "cuda_temporal" on "full" at ["ko"] : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %kk4 on "full" at ["ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %kk4 ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %kk4 after timeline "wgmma_async" on "cg" at [] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %slot = transform.exo.expr "ko + {0}" (%stages) : (!transform.any_param) -> !transform.any_param
    %release = transform.exo.insert_arrive %retire after timeline "cuda_in_order" on "empty" at [%slot] : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield
  }

  // @gemm_derived_ws with the hand kernel's CTA tile: 128 x 256 per CTA,
  // split between two consumer warpgroups of 64 rows (wgmma.m64n256k8, the
  // accumulator D distributed over the warpgroups), A and B in 4-slot rings
  // loaded by a producer warp; for M a multiple of 128, N of 256 and K of
  // 32 (the entry point @gemm_derived_ws2 of kernels.mlir assumes them).
  transform.named_sequence @gemm_ws2(%p: !transform.any_op {transform.readonly}) {
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
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

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

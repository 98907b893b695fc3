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
// the host's stream) with red.global.add.v4.f32. Its steps up to the
// accumulators (@gemm_splitk_accumulators) and the staging of the operands
// (@gemm_splitk_operands) are gemm_derived_splitk.mlir's too; the rest are
// the cluster derivation's sequences (cluster.mlir).
//
// Use it by declaring the sequence in the schedule that includes it and
// preloading this file and cluster.mlir:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/splitk.mlir,examples/gemm/schedules/cluster.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_cluster_barriers(%p: !transform.any_op {transform.readonly},
      %ws: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_rings(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly}, %Bs: !transform.any_op {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_loads(%p: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed}, %bin: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_warps(%p: !transform.any_op {transform.readonly},
      %wz: !transform.any_op {transform.readonly}, %waits: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %store: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_sync(%p: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %mma_wg: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly})

  // 1-5: the cluster derivation's steps 1-4 for the split. Returns the
  // zeroing of D, the statements after the K loop and the K loop.
  transform.named_sequence @gemm_splitk_accumulators(%p: !transform.any_op {transform.readonly},
                                                     %kt: !transform.param<i64> {transform.readonly},
                                                     %kstep: !transform.param<i64> {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
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
    //    Each loop named in %order in turn swaps with the loop inside it.
    %n_mi = transform.param.constant "mi" -> !transform.any_param
    %n_wg = transform.param.constant "wg" -> !transform.any_param
    %n_cm = transform.param.constant "cm" -> !transform.any_param
    %n_tm = transform.param.constant "tm" -> !transform.any_param
    %n_tn = transform.param.constant "tn" -> !transform.any_param
    %n_ni = transform.param.constant "ni" -> !transform.any_param
    %order = transform.merge_handles %n_mi, %n_wg, %n_cm, %n_tm, %n_ni, %n_mi, %n_wg, %n_cm, %n_tm, %n_tn, %n_ni, %n_mi, %n_ni, %n_mi : !transform.any_param
    transform.foreach %order : !transform.any_param {
    ^bb0(%name: !transform.any_param):
      %l = transform.exo.match_loop %name in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
      %a, %b = transform.exo.reorder_loops %l : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }

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
    transform.yield %wz, %ws, %ko5 : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // 7-9. A's 128 x %kt and B's 256 x %kt slices of each K step of the
  //    split in each CTA's swizzled shared memory (a point in the split's
  //    dimension): every CTA stages the same B slice. Then the cluster
  //    derivation's rings (of 4) and loads (@gemm_cluster_rings,
  //    @gemm_cluster_loads), whose results this returns. Shared with
  //    gemm_derived_splitk.mlir.
  transform.named_sequence @gemm_splitk_operands(%p: !transform.any_op {transform.readonly},
      %ko5: !transform.any_op {transform.readonly}, %kt: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", "ks", %k_at] sizes [128, 1, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at ["256 * tn", "ks", %k_at] sizes [256, 1, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    transform.include @gemm_cluster_rings failures(propagate) (%p, %As, %Bs, %stages, %cta) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> ()
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_loads failures(propagate) (%p, %ain, %bin, %load_a, %load_b, %wgmma, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield %waits, %tma_a, %tma_b : !transform.any_op, !transform.any_op, !transform.any_op
  }

  transform.named_sequence @gemm_splitk_direct(%p: !transform.any_op {transform.readonly},
                                               %kt: !transform.param<i64> {transform.readonly},
                                               %kstep: !transform.param<i64> {transform.readonly},
                                               %load_a: !transform.any_param {transform.readonly},
                                               %load_b: !transform.any_param {transform.readonly},
                                               %wgmma: !transform.any_param {transform.readonly}) {
    // 1-5: the split's tiles and loop order, the kernel, the accumulators,
    //    the cluster derivation's barriers (4-slot rings) and drain.
    %wz, %ws, %ko5 = transform.include @gemm_splitk_accumulators failures(propagate) (%p, %kt, %kstep)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 6. The epilogue: each warpgroup adds its partial tile into C
    //    straight from its accumulator fragments (the copy-out C += D
    //    unifies with the instruction's body).
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = gmem, reduce = true>) : (!transform.any_op) -> !transform.any_op

    // 7-11: the operands, and the cluster derivation's warp
    //    specialization and synchronization.
    %waits, %tma_a, %tma_b = transform.include @gemm_splitk_operands failures(propagate) (%p, %ko5, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    transform.include @gemm_cluster_sync failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// A schedule library: the persistent GEMMs of 2-CTA clusters with 256 x 256
// tiles, with the epilogue through shared memory (@gemm_persistent) or the
// accumulators stored straight to global memory (@gemm_persistent_direct;
// @gemm_persistent_direct_n for tiles 256 x %bn, given the zero-init and
// the store of the 64 x %bn accumulators and the depth of the rings,
// %stages: 4 slots of A's and B's slices fill the shared memory at %bn = 256,
// narrower tiles leave room for more), as named sequences, so that each
// kernel is an entry point of a few lines.
//
// A kernel tiles the proc with one of the tiling sequences of
// examples/gemm/schedules/cluster.mlir (@gemm_cluster_tiles,
// @gemm_cluster_tiles_odd or @gemm_cluster_tiles_raster) and then includes
// one of these, which take
//   %tasks, %n_at, %k_steps  what the tiling returns: the number of task
//            loops, the first column of the task's C tile and the number
//            of K slices of a tile ("K / 32"; with partial tiles
//            "(K + 31) / 32"),
//   %kt      the width of a K slice (32 for tf32, 64 for bf16),
//   %load_a  the TMA load of A's 128 x %kt slice,
//   %load_b  the multicast TMA load of B's 256 x %kt slice,
//   %wgmma   the 64 x 256 wgmma.
// All are !transform.any_param. Steps 2-4 are @gemm_cluster_accumulators of
// cluster.mlir.
//
// Use them by declaring the sequences in the schedule that includes them and
// preloading both libraries:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir,examples/gemm/schedules/persistent.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_cluster_accumulators(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %m_at: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly}, %zero_d: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_barriers(%p: !transform.any_op {transform.readonly},
      %ws: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_operands(%p: !transform.any_op {transform.readonly},
      %ko5: !transform.any_op {transform.readonly}, %n_at: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %ab_mem: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly})
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

  // The persistent GEMM with the epilogue through shared memory in 16-row
  // quarters and TMA stores (@gemm_derived_persistent,
  // @gemm_derived_bf16_persistent).
  transform.named_sequence @gemm_persistent(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {

    // 2-5. As in the cluster derivation: loop order, the kernel, the
    //    accumulators D, the barriers (4-slot rings), the drain; and a bulk
    //    group per consumer warp (tma_cg) for the epilogue's stores.
    %m_at = transform.param.constant "256 * tm + 128 * cm + 64 * wg" -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 256> -> !transform.any_param
    %wz, %ws, %ko5 = transform.include @gemm_cluster_accumulators failures(propagate) (%p, %tasks, %m_at, %n_at, %cta, %bn, %zero_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %ko6 "tma_cg" : !exo.barrier<bulk_group, [2, 2, 4]> : (!transform.any_op) -> !transform.any_op

    // 6. The epilogue in quarters of 64 columns (q), outermost, so that one
    //    128 x 64 buffer per CTA (C_smem, swizzled for the TMA store) holds
    //    a quarter: each warpgroup stores its 64 x 64 part of the
    //    accumulators there (no copy-in: the stores write all of it), and
    //    the copy back to C, split in 16-row pieces (ow), joins the
    //    warpgroup's loop (fuse): each warp of the warpgroup stores 16 rows.
    %dcol = transform.exo.match_loop "D_out_1" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q, %qj, %qt = transform.exo.divide_loop %dcol by 64 ["q", "qj"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %drow = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q1, %r1 = transform.exo.reorder_loops %drow : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ewg = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %q2, %ewg2 = transform.exo.reorder_loops %ewg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %q3, %ecm = transform.exo.reorder_loops %ws2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ewg3 = transform.exo.match_loop "wg" in %q3 : (!transform.any_op) -> !transform.any_op
    %c_at = transform.exo.expr "{0} + 64 * q" (%n_at) : (!transform.any_param) -> !transform.any_param
    %Cs, %cin, %cout = transform.exo.stage_mem %ewg3, "C" at ["256 * tm + 128 * cm", %c_at] sizes [128, 64] as "C_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op
    %owg, %or, %ot = transform.exo.divide_loop %cout by 64 ["owg", "or"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %ow, %oi, %ot2 = transform.exo.divide_loop %or by 16 ["ow", "oi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %ewg4 = transform.exo.match_loop "wg" in %q3 : (!transform.any_op) -> !transform.any_op
    %efused = transform.exo.fuse %ewg4 with %owg : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %accq = transform.exo.match_loop "D_out_0" in %efused : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %accq with (#exo.wgmma_store<n = 64, dst = smem_swizzle<128>>) : (!transform.any_op) -> !transform.any_op
    %oi2 = transform.exo.match_loop "oi" in %efused : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %oi2 with (#exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>) : (!transform.any_op) -> !transform.any_op
    // One buffer for the four quarters: each quarter's accumulator stores
    // write all of it before its TMA stores read it (a whole-window write
    // in the same iteration), so no value flows between quarters.
    transform.exo.lift_alloc %Cs : !transform.any_op

    //    The epilogue's synchronization, per consumer warpgroup: before it
    //    overwrites the buffer, each of its warps waits for its previous
    //    stores (of the previous quarter, or of the previous tile) and the
    //    warpgroup fences; its accumulator stores are made visible to the
    //    TMA stores (a proxy fence); each warp commits its stores to a bulk
    //    group of its own. The waits are inserted after the commit, split
    //    off (fission) and moved ahead of the fence (move_sync), then split
    //    off the CTA and warpgroup loops, to be repeated at the end of the
    //    task (step 13).
    %f1 = transform.exo.insert_fence %store ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %store after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at ["cm", "wg", "ow"] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at ["cm", "wg", "ow"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %ostores, %owaits = transform.exo.fission %tma_commit : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %owaits2 = transform.exo.move_sync %owaits before %f1 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %qwaits, %qstores = transform.exo.fission %owaits2 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 7-10. As in the cluster derivation: A and B slices staged in 4-slot
    //    rings per CTA, loaded by TMA (B multicast), wgmma; warp
    //    specialization, the consumer warpgroups also running the epilogue,
    //    each warp storing its 16 rows (ow) and waiting for them.
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_operands failures(propagate) (%p, %ko5, %n_at, %kt, %stages, %ab_mem, %load_a, %load_b, %wgmma, %bn)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    %ows = transform.exo.match_loop "ow" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ows cuda_threads<warp> : !transform.any_op
    %wait_ow = transform.exo.match_loop "ow" in %qwaits : (!transform.any_op) -> !transform.any_op
    %wait_wg = transform.exo.get_parent_loop %wait_ow : (!transform.any_op) -> !transform.any_op
    %c5 = transform.exo.wrap_with_warps %wait_wg group "consumer" : (!transform.any_op) -> !transform.any_op

    // 11-12. Persistence, the K loop's synchronization and the release of
    //    a tile's last slot (@gemm_persistent_k_loop).
    %pi = transform.include @gemm_persistent_k_loop failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %drain, %k_steps, %stages)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op

    // 13. The rings and their barriers live across the tiles of a task;
    //    so do the other barriers and the epilogue's buffer (each tile
    //    writes it before reading it), and the task waits for its warps'
    //    last stores at its end. The quarters are unrolled (the accumulator
    //    store takes constant columns).
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    %other = transform.merge_handles %cg, %tma_cg, %Cs : !transform.any_op
    transform.exo.lift_alloc %other : !transform.any_op
    %final = transform.exo.move_sync %qwaits copy after %pi : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.exo.unroll %q3 : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  // 11. Persistence: one task per cluster over the tiles (pi), proved
  //    independent.
  // 12. Synchronization of the K loop, as in the cluster derivation, and
  //    the release of a tile's last slot after the drain (element
  //    %k_steps + %stages - 1 of the tile's ring, which chain_rings places
  //    at pi * %k_steps + %k_steps + %stages - 1). Returns the tile loop pi.
  transform.named_sequence @gemm_persistent_k_loop(%p: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %mma_wg: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly})
      -> !transform.any_op {
    %tm3 = transform.exo.match_loop "tm" in %p : (!transform.any_op) -> !transform.any_op
    %tn3 = transform.exo.get_parent_loop %tm3 : (!transform.any_op) -> !transform.any_op
    %pc, %pi = transform.exo.persist_tasks %tn3 as "NC" ["pc", "pi"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @gemm_cluster_sync failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> ()
    %drain_wg = transform.exo.match_loop "wg" in %drain : (!transform.any_op) -> !transform.any_op
    %last_slot = transform.exo.expr "{0} + {1} - 1" (%k_steps, %stages) : (!transform.any_param, !transform.any_param) -> !transform.any_param
    %last_release = transform.exo.insert_arrive %drain_wg after timeline "cuda_in_order" on "empty" at [":", %last_slot] : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.yield %pi : !transform.any_op
  }

  // The persistent GEMM with its accumulators stored straight to global
  // memory (@gemm_derived_persistent_direct,
  // @gemm_derived_bf16_persistent_direct): after the drain, the copy-out
  // of D becomes one accumulator store per warpgroup.
  transform.named_sequence @gemm_persistent_direct(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}) {
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 256> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = gmem> -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    transform.include @gemm_persistent_direct_n failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma, %bn, %zero_d, %store_d, %stages)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // @gemm_persistent_direct for C tiles of 256 x %bn (the tiling's width),
  // with the zero-init of the 64 x %bn accumulators (%zero_d), their store
  // to global memory (%store_d) and rings of %stages slots.
  transform.named_sequence @gemm_persistent_direct_n(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly},
      %zero_d: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}) {
    // 2-10 as in @gemm_persistent, without the epilogue's buffer.
    %m_at = transform.param.constant "256 * tm + 128 * cm + 64 * wg" -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    %wz, %ws, %ko5 = transform.include @gemm_cluster_accumulators failures(propagate) (%p, %tasks, %m_at, %n_at, %cta, %bn, %zero_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with %store_d : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_operands failures(propagate) (%p, %ko5, %n_at, %kt, %stages, %ab_mem, %load_a, %load_b, %wgmma, %bn)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)

    // 11-12 as in @gemm_persistent; 13: the rings and their barriers live
    //    across the tiles of a task, and so does the wgmma group.
    %pi = transform.include @gemm_persistent_k_loop failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %drain, %k_steps, %stages)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.exo.lift_alloc %cg : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }
}

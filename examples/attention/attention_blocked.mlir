// The loop structure of FlashAttention derived from the online-softmax
// specification (attention_spec.mlir, @attention_online) by checked
// rewrites: @attention_blocked and @attention_blocked_d64 compute the same
// values in the same order for each row (test/Examples/attention.test compares the two on the CPU,
// bit for bit).
//
//   exo-gpu-opt examples/attention/attention_spec.mlir \
//     -transform-preload-library=transform-library-paths=examples/attention/attention_blocked.mlir \
//     -transform-interpreter
//
// Without the mask (causal = 0) and for S a multiple of 128:
//   1. a copy of the specification assumes causal == 0 and S mod 128 == 0;
//      simplify folds the key count (causal (i + 1) + (1 - causal) S) to S;
//   2. the query rows split into tiles of 128 (qt, ii), the keys into
//      blocks of 128 (jb, jj);
//   3. each row's running maximum, sum and output row get a dimension per
//      row of the tile and leave the row loop;
//   4. the row loop splits in three (initialisation, the keys, the
//      normalised output), and the row loop of the keys moves inside the
//      block loop: for each block of keys, every row of the tile;
//   5. the block's scores come first: the score of a (row, key) gets a
//      place in a 128 x 128 block S, and the dot products (S = Q K^T) split
//      from the online updates that read them;
//   6. (@attention_blocked_d64, which also assumes D == 64) the Q tile is
//      staged once per query tile, the K and V blocks once per key block:
//      the kernels' loads into shared memory (here into dram, which the
//      CPU runs).
// That is the kernels' loop nest (attention_fwd_*.mlir). What remains
// between this proc and the kernels, not yet rewrites: the maximum taken
// once per block and row with the block's partial sums rescaled
// (a reassociation of max and of the sums), exp to exp2 with scores scaled
// by log2(e), P rounded to bf16 before P V, the software pipelining of the
// block loop, and the placement on the GPU (shared memory and registers,
// warp specialization, synchronization).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  // Steps 2 to 5 on a copy of the specification that assumes causal == 0
  // and S mod 128 == 0.
  transform.named_sequence @blocked(%p: !transform.any_op {transform.readonly}) {
    // 2.
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %qt, %ii, %it = transform.exo.divide_loop %i by 128 ["qt", "ii"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %j = transform.exo.match_loop "j" in %p : (!transform.any_op) -> !transform.any_op
    %jb, %jj, %jt = transform.exo.divide_loop %j by 128 ["jb", "jj"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // 3. The row's state (m, l, acc; not the score s of one key).
    %allocs = transform.collect_matching @match_alloc in %ii : (!transform.any_op) -> !transform.any_op
    %m, %l, %acc, %s = transform.split_handle %allocs : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %state = transform.merge_handles %m, %l, %acc : !transform.any_op
    transform.exo.expand_dim %state size 128 index "ii" : !transform.any_op
    transform.exo.lift_alloc %state : !transform.any_op
    // 4. Split after the zeroing of acc, then after the key loop; the key
    //    loop's bounds leave the row loop, which then moves inside it.
    %accw = transform.exo.match_access "acc" kind "assign" in %ii : (!transform.any_op) -> !transform.any_op
    %acc0, %acc1 = transform.split_handle %accw : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %zeroing = transform.exo.get_parent_loop %acc0 : (!transform.any_op) -> !transform.any_op
    %init, %rest = transform.exo.fission %zeroing : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %jb2 = transform.exo.match_loop "jb" in %rest : (!transform.any_op) -> !transform.any_op
    %keys, %final = transform.exo.fission %jb2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %jb3, %ii3 = transform.exo.reorder_loops %keys : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // 5. The scores of the block first: s gets a dimension per key and per
    //    row of the block, and the dot products split from the updates.
    %sa = transform.collect_matching @match_alloc in %jb3 : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %sa size 128 index "jj" : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    transform.exo.expand_dim %sa size 128 index "ii" : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    %red = transform.exo.match_access "s" kind "reduce" in %jb3 : (!transform.any_op) -> !transform.any_op
    %dot = transform.exo.get_parent_loop %red : (!transform.any_op) -> !transform.any_op
    %scores, %updates = transform.exo.fission %dot {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // 1.
    %spec = transform.exo.match_proc @attention_online in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "attention_blocked" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "S mod 128 == 0, causal == 0" : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.include @blocked failures(propagate) (%p) : (!transform.any_op) -> ()
    // 6. For D = 64: the Q tile staged once per query tile, the K and V
    //    blocks once per key block (the kernels' TMA loads into shared
    //    memory; here in dram, so that the CPU runs it).
    %p64 = transform.exo.clone_proc %spec "attention_blocked_d64" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p64 "S mod 128 == 0, causal == 0, D == 64" : !transform.any_op
    transform.exo.simplify %p64 : !transform.any_op
    transform.include @blocked failures(propagate) (%p64) : (!transform.any_op) -> ()
    %jb = transform.exo.match_loop "jb" in %p64 : (!transform.any_op) -> !transform.any_op
    %Qs, %qin, %qout = transform.exo.stage_mem %jb, "Q" at ["b", "h", "128 * qt", "0"] sizes [1, 1, 128, 64] as "Qs" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %red = transform.exo.match_access "s" kind "reduce" in %jb : (!transform.any_op) -> !transform.any_op
    %dot = transform.exo.get_parent_loop %red : (!transform.any_op) -> !transform.any_op
    %dot_jj = transform.exo.get_parent_loop %dot : (!transform.any_op) -> !transform.any_op
    %scores = transform.exo.get_parent_loop %dot_jj : (!transform.any_op) -> !transform.any_op
    %vr = transform.exo.match_access "V" kind "read" in %jb : (!transform.any_op) -> !transform.any_op
    %vd = transform.exo.get_parent_loop %vr : (!transform.any_op) -> !transform.any_op
    %vjj = transform.exo.get_parent_loop %vd : (!transform.any_op) -> !transform.any_op
    %updates = transform.exo.get_parent_loop %vjj : (!transform.any_op) -> !transform.any_op
    %Ks, %kin, %kout = transform.exo.stage_mem %scores, "K" at ["b", "h", "128 * jb", "0"] sizes [1, 1, 128, 64] as "Ks" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %Vs, %vin, %vout = transform.exo.stage_mem %updates, "V" at ["b", "h", "128 * jb", "0"] sizes [1, 1, 128, 64] as "Vs" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

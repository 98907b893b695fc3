// A schedule library: the 2-CTA cluster GEMM, as named sequences
// parametrized by the K step sizes, the ring depth, the shared memories and
// the instructions, so that each kernel is an entry point of a few lines
// (kernels.mlir):
// @gemm_derived_cluster, @gemm_derived_cluster_6stage,
// @gemm_derived_cluster_raster, @gemm_derived_cluster_odd (tf32)
// and @gemm_derived_bf16, @gemm_derived_bf16_odd (bf16).
//
// A kernel includes one tiling sequence, then @gemm_cluster_kernel. Each
// takes the proc to schedule: the naive GEMM C[M, N] = sum_k A[m, k] B[n, k]
// with loops m, n, k, for the sizes its requires allows.
//
// The tiling sequences take
//   %kt     the width of a K slice staged per ring slot (one swizzle span:
//           32 for tf32, 64 for bf16; 16 for tf32 in 64-byte swizzle),
//   %kstep  the K of one wgmma (8 for tf32, 16 for bf16),
// and return what the sequences after them take: the number of task loops
// (%tasks), the first column of a task's C tile (%n_at) and the number of
// K slices of a tile (%k_steps, an index expression):
// - @gemm_cluster_tiles: M, N multiples of 256 and K of %kt; the task loops
//   are tn, tm (the C tile's columns start at 256 * tn), K / %kt slices;
// - @gemm_cluster_tiles_odd: any sizes; each division is `tail = guard`
//   (ceil(M / 256) tiles, the body guarded by `256 * tm + mr < M`), and
//   `drop_bounds_guard` removes the guard after proving that the extra
//   iterations change nothing: their accesses become `oob` (outside its
//   tensor a read is 0 and a write does nothing). For M and N the guarded
//   writes of C fall outside C; for K, where C's element exists, the
//   reduction adds A[m, k] * B[n, k] with both reads outside A and B, i.e.
//   0 * 0. stage_mem then makes the copies of partial tiles oob, and
//   replace binds them to the TMA instructions, whose `oob` parameters say
//   what the hardware does (a load zero-fills the part of the box outside
//   the tensor, a store clips it); (K + %kt - 1) / %kt slices;
// - @gemm_cluster_tiles_raster: N a multiple of 2048; three task loops
//   tno, tm, tni, so that consecutive tasks sweep M within a group of 8
//   column tiles (the columns start at 2048 * tno + 256 * tni).
// All three divide by @gemm_cluster_tiling, with the tail of the divisions
// as a parameter (the guards of `tail = guard` go by @gemm_drop_guards).
//
// @gemm_cluster_kernel takes
//   %tasks, %n_at  from the tiling,
//   %kt      as above,
//   %stages  the depth of the rings (4; 6 for 16-wide K slices),
//   %ab_mem  the shared memory of the A and B slices (#exo.mem<...>, the
//            swizzle of the TMA loads and of the wgmma's operands),
//   %c_mem   the shared memory of the C tile of the epilogue,
//   %load_a  the TMA load of A's 128 x %kt slice,
//   %load_b  the multicast TMA load of B's 256 x %kt slice,
//   %wgmma   the 64 x 256 x %kstep wgmma,
//   %store_d the store of the accumulators to %c_mem,
//   %store_c the TMA store of C's 128 x 256 tile from %c_mem.
// All its parameters are !transform.any_param.
//
// Use it by declaring the sequences in the schedule that includes them and
// preloading this file:
//   exo-gpu-opt FILE -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir -transform-interpreter

module attributes {transform.with_named_sequence} {
  // 1. Tiles: a task (a cluster of two CTAs) computes 256 x 256 of C
  //    (tm, tn); each CTA (cm) 128 rows, each of its two consumer
  //    warpgroups (wg) 64 (mi); K in steps of %kt (ko), wgmma's %kstep
  //    (kk, k8). The divisions of M, N and K take the tail %tail:
  //    "perfect" for whole tiles, "guard" for partial ones, whose guards
  //    @gemm_drop_guards then removes. The column tiles' loop is named
  //    %tn_name ("tn"; "tni" in the rasterized tiling).
  // 2. Loop order tn, tm, cm, wg, then the warpgroup's rows and columns.
  transform.named_sequence @gemm_cluster_tiling(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly},
      %tail: !transform.any_param {transform.readonly}, %tn_name: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly}) {
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %tm, %mr, %mt = transform.exo.divide_loop %m by 256 ["tm", "mr"] tail = %tail : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cm, %mc, %mt1 = transform.exo.divide_loop %mr by 128 ["cm", "mc"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %wg, %mi, %mt2 = transform.exo.divide_loop %mc by 64 ["wg", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tn, %ni, %nt = transform.exo.divide_loop %n by %bn [%tn_name, "ni"] tail = %tail : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %ko_tail = transform.exo.divide_loop %k by %kt ["ko", "ki"] tail = %tail : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %kk, %k8, %kk_tail = transform.exo.divide_loop %ki by %kstep ["kk", "k8"] tail = perfect : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_drop_guards failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.exo.simplify %p : !transform.any_op
    %a1, %b1 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2, %b2 = transform.exo.reorder_loops %wg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a2b, %b2b = transform.exo.reorder_loops %cm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a3, %b3 = transform.exo.reorder_loops %tm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // The guards that divisions with `tail = guard` left in %p go: each
  // guarded loop runs its last, partial chunk unguarded, with the accesses
  // that fall outside their tensors oob (drop_bounds_guard). Without such
  // divisions there are none.
  transform.named_sequence @match_guard(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.if"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @gemm_drop_guards(%p: !transform.any_op {transform.readonly}) {
    %guards = transform.collect_matching @match_guard in %p : (!transform.any_op) -> !transform.any_op
    %guarded = transform.exo.get_parent_loop %guards : (!transform.any_op) -> !transform.any_op
    transform.exo.drop_bounds_guard %guarded : !transform.any_op
    transform.yield
  }

  // 1-2 for M, N multiples of 256 and K of %kt.
  transform.named_sequence @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param) {
    %tail = transform.param.constant "perfect" -> !transform.any_param
    %tn = transform.param.constant "tn" -> !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    transform.include @gemm_cluster_tiling failures(propagate) (%p, %kt, %kstep, %tail, %tn, %bn) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.param.constant "256 * tn" -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    transform.yield %tasks, %n_at, %k_steps : !transform.any_param, !transform.any_param, !transform.any_param
  }

  // 1-2 for any sizes: the last tiles of M, N and K are partial; their
  // guards go, their accesses become oob. @gemm_cluster_tiles_odd_n for C
  // tiles %bn columns wide.
  transform.named_sequence @gemm_cluster_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param) {
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %r:3 = transform.include @gemm_cluster_tiles_odd_n failures(propagate) (%p, %kt, %kstep, %bn) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.yield %r#0, %r#1, %r#2 : !transform.any_param, !transform.any_param, !transform.any_param
  }
  transform.named_sequence @gemm_cluster_tiles_odd_n(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly}, %bn: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param) {
    %tail = transform.param.constant "guard" -> !transform.any_param
    %tn = transform.param.constant "tn" -> !transform.any_param
    transform.include @gemm_cluster_tiling failures(propagate) (%p, %kt, %kstep, %tail, %tn, %bn) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.exo.expr "{0} * tn" (%bn) : (!transform.any_param) -> !transform.any_param
    %k_steps = transform.exo.expr "(K + {0} - 1) / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    transform.yield %tasks, %n_at, %k_steps : !transform.any_param, !transform.any_param, !transform.any_param
  }

  // 1-2 rasterized (N a multiple of 2048): the columns in groups of 2048
  // (tno; the loop inside keeps the name n), each group's 8 column tiles
  // (tni) by @gemm_cluster_tiling; then tni moves below tm (mi, wg and cm
  // each swap with the loop inside them): loop order tno, tm, tni, cm, wg.
  transform.named_sequence @gemm_cluster_tiles_raster(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param) {
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %tno, %nr, %nt0 = transform.exo.divide_loop %n by 2048 ["tno", "n"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tail = transform.param.constant "perfect" -> !transform.any_param
    %tni = transform.param.constant "tni" -> !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    transform.include @gemm_cluster_tiling failures(propagate) (%p, %kt, %kstep, %tail, %tni, %bn) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %rmi = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %r1a, %r1b = transform.exo.reorder_loops %rmi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rwg = transform.exo.match_loop "wg" in %p : (!transform.any_op) -> !transform.any_op
    %r2a, %r2b = transform.exo.reorder_loops %rwg : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rcm = transform.exo.match_loop "cm" in %p : (!transform.any_op) -> !transform.any_op
    %r3a, %r3b = transform.exo.reorder_loops %rcm : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tasks = transform.param.constant 3 : i64 -> !transform.any_param
    %n_at = transform.param.constant "2048 * tno + 256 * tni" -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    transform.yield %tasks, %n_at, %k_steps : !transform.any_param, !transform.any_param, !transform.any_param
  }

  // The zeroing of C (its assignment) splits from the update, whose K
  // loops move outside the tile's rows and columns (mi, ni). Returns the
  // zeroing and the update's K loop (ko).
  transform.named_sequence @gemm_zeroing_split(%p: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %init = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %zeroing, %update = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %zeroing, %ko2 : !transform.any_op, !transform.any_op
  }

  // 2 (end)-4, shared with the persistent kernels (persistent.mlir): the
  // K loops move outside the warpgroup's rows and columns, the device
  // function, and the accumulators D. Takes %tasks and %n_at as
  // @gemm_cluster_kernel does, the first row of a warpgroup's tile (%m_at:
  // "256 * tm + 128 * cm + 64 * wg"), the CTA loop (%cta: "cm"; the
  // 1 x 2 kernel of cluster_shapes.mlir passes its own), the tile's width
  // %bn (256) and the zero-init of D (%zero_d: 64 x %bn); returns the
  // zeroing of D (%zero), the statements after the K loop (%after_k: the
  // copy of D back to C) and the K loop (%k_loop).
  transform.named_sequence @gemm_cluster_accumulators(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly},
      %m_at: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly},
      %zero_d: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {

    // 2 (end). The zeroing splits from the K loop, and the K loops move
    //    outside mi, ni.
    %zeroing, %ko2 = transform.include @gemm_zeroing_split failures(propagate) (%p) : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3. The kernel: the %tasks loops down to tm are its tasks, each a
    //    cluster of two CTAs, each with a producer warp, three idle warps
    //    and two consumer warpgroups.
    %tm = transform.exo.match_loop "tm" in %p : (!transform.any_op) -> !transform.any_op
    %task_nest = transform.exo.get_parent_loop %tm : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %task_nest tasks %tasks warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op, !transform.any_param) -> !transform.any_op

    // 4. Each warpgroup's 64 x 256 tile of C lives in its accumulator D
    //    (zeroed, no copy-in); D gets a dimension per warpgroup and per CTA
    //    and leaves the wg and cm loops, which are split in three (zero,
    //    multiply, store) so that the K loop can move outside them.
    %tile = transform.merge_handles %zeroing, %ko2 : !transform.any_op
    %D, %din, %dout = transform.exo.stage_mem %tile, "C" at [%m_at, %n_at] sizes [64, %bn] as "D" in wgmma_accum : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %zero = transform.exo.replace %zeroing with %zero_d : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.expand_dim %D size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %D : !transform.any_op
    transform.exo.expand_dim %D size 2 index %cta : !transform.any_op, !transform.any_param
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

  // 5. The barriers: full and empty mbarrier rings of %stages per CTA (the
  //    leading dimension: the CTA), a wgmma commit group per warpgroup.
  //    Before the epilogue each warpgroup waits for its last wgmma group;
  //    that wait gets loops of its own (fission), so that what follows can
  //    reuse the rings' shared memory. Takes the statements after the K
  //    loop (%ws, from @gemm_cluster_accumulators) and the CTA loop (%cta,
  //    as there); returns the wgmma group, the drain and the statements
  //    after it.
  transform.named_sequence @gemm_cluster_barriers(%p: !transform.any_op {transform.readonly},
      %ws: !transform.any_op {transform.readonly},
      %stages: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> ring %stages : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> ring %stages prearrive %stages : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %dcopy = transform.exo.match_loop "D_out_0" in %ws : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %dcopy on "cg" at [%cta, "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %cg, %drain, %ws2 : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // 8. Rings of %stages slots for the staged slices %As and %Bs, each with
  //    a leading CTA dimension (distributed: each CTA holds its own) over
  //    the CTA loop %cta ("cm" for a cluster along M, "cn" along N).
  transform.named_sequence @gemm_cluster_rings(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly}, %Bs: !transform.any_op {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly}) {
    transform.exo.expand_dim %As ring %stages guarded_by "empty" index "ko" : !transform.any_op, !transform.any_param
    transform.exo.expand_dim %Bs ring %stages guarded_by "empty" index "ko" : !transform.any_op, !transform.any_param
    transform.exo.expand_dim %As size 2 index %cta : !transform.any_op, !transform.any_param
    transform.exo.expand_dim %Bs size 2 index %cta : !transform.any_op, !transform.any_param
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.lift_alloc %As : !transform.any_op
    transform.exo.lift_alloc %Bs : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  // 9. Each CTA loads its A slice (the copy-in %ain) by TMA (%load_a); the
  //    B slice (%bin), the same in both CTAs, becomes one multicast load
  //    (%load_b): the loop over the CTAs' copies (split off by fission)
  //    unifies with the instruction's body, which writes both. Before that
  //    load, each CTA's producer waits until the slot is free in its CTA
  //    (the empty barrier counts the releases of both CTAs' consumers, see
  //    @gemm_cluster_sync); the wait is inserted here so that fission gives
  //    it a CTA loop of its own (%cta, as in @gemm_cluster_rings). The
  //    products become %wgmma. Returns the waits and the two loads. With
  //    the cluster along N (%cta "cn"), the caller passes A's copy-in as
  //    %bin and B's as %ain: the roles exchange.
  transform.named_sequence @gemm_cluster_loads(%p: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed}, %bin: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %wait_empty = transform.exo.insert_await %bin on "empty" at [%cta, "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %waits, %rest0 = transform.exo.fission %wait_empty : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %b_copies, %rest1 = transform.exo.fission %bin : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %a_load, %mma_loop = transform.exo.fission %ain : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tma_b = transform.exo.replace %b_copies with %load_b : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_a = transform.exo.replace %ain with %load_a : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %mma_nest = transform.exo.match_loop "mi" in %p : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %mma_nest with %wgmma : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield %waits, %tma_a, %tma_b : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // 7-9. A's 128 x %kt and B's %bn x %kt slices of each K step in each
  //    CTA's shared memory %ab_mem (the swizzle of the TMA loads and of the
  //    wgmma's operands): every CTA stages the same B slice. Then the rings
  //    and the loads. Takes the K loop (%ko5, from
  //    @gemm_cluster_accumulators); returns what @gemm_cluster_loads does.
  transform.named_sequence @gemm_cluster_operands(%p: !transform.any_op {transform.readonly},
      %ko5: !transform.any_op {transform.readonly}, %n_at: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %ab_mem: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    %wg5 = transform.exo.match_loop "wg" in %ko5 : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.any_param) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %wg5, "A" at ["256 * tm + 128 * cm", %k_at] sizes [128, %kt] as "A_smem" in %ab_mem : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %aw = transform.merge_handles %ain, %wg5 : !transform.any_op
    %Bs, %bin, %bout = transform.exo.stage_mem %aw, "B" at [%n_at, %k_at] sizes [%bn, %kt] as "B_smem" in %ab_mem : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %cta = transform.param.constant "cm" -> !transform.any_param
    transform.include @gemm_cluster_rings failures(propagate) (%p, %As, %Bs, %stages, %cta) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> ()
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_loads failures(propagate) (%p, %ain, %bin, %load_a, %load_b, %wgmma, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield %waits, %tma_a, %tma_b : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // 10. Warp specialization: the producer warp of each CTA waits and loads
  //    (%waits, %tma_a, %tma_b); the consumer warpgroups zero (%wz),
  //    multiply, drain (%drain) and store (%store); the CTA loops run on
  //    the cluster's CTAs (%cta, as in @gemm_cluster_accumulators), the wg
  //    loops on the consumer warpgroups. Returns the wgmma's kk loop and
  //    the store's consumer warps.
  transform.named_sequence @gemm_cluster_warps(%p: !transform.any_op {transform.readonly},
      %wz: !transform.any_op {transform.readonly}, %waits: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %store: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    %cms = transform.exo.match_loop %cta in %p : (!transform.any_op, !transform.any_param) -> !transform.any_op
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
    transform.yield %mma_wg, %c3 : !transform.any_op, !transform.any_op
  }

  // 11. Synchronization of the K loop (%mma_wg: the wgmma's kk loop).
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
  //       (empty[:, ko + %stages - 1]), since the multicast wrote it in
  //       both.
  transform.named_sequence @gemm_cluster_sync(%p: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %mma_wg: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly}) {
    transform.exo.set_trailing_barrier %tma_a on "full" at ["cm", "ko"] : !transform.any_op
    transform.exo.set_trailing_barrier %tma_b on "full" at [":", "ko"] : !transform.any_op
    %expect = transform.exo.insert_arrive %tma_a after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
    %wg6 = transform.exo.get_parent_loop %mma_wg : (!transform.any_op) -> !transform.any_op
    %wait_full = transform.exo.insert_await %wg6 on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
    %slot = transform.exo.expr "ko + {0} - 1" (%stages) : (!transform.any_param) -> !transform.any_param
    %release = transform.exo.insert_arrive %wg6 after timeline "cuda_in_order" on "empty" at [":", %slot] : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %release_guard = transform.exo.guard_sync %release if "ko >= 1" : (!transform.any_op) -> !transform.any_op
    %fence = transform.exo.insert_fence %mma_wg ("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
    %commit = transform.exo.insert_arrive %mma_wg after timeline "wgmma_async" on "cg" at ["cm", "wg"] : (!transform.any_op) -> !transform.any_op
    %retire = transform.exo.insert_await %commit after on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // 12. The epilogue through C_smem (%Cs, stored by the consumer warps %c3,
  //     written to C by the bulk copy %tma_c): C_smem reuses the rings'
  //     shared memory once every CTA of the cluster is done with them (a
  //     cluster-wide fence); the accumulators' stores become visible to
  //     the bulk copy (a CTA fence with a proxy fence); the producer waits
  //     for its bulk group before the task ends (the next task of this
  //     persistent cluster reuses the shared memory; the final
  //     cluster-wide fence is the one the end of a task implies, written
  //     out as in hopper_gemm.mlir).
  transform.named_sequence @gemm_cluster_epilogue_sync(%Cs: !transform.any_op {transform.readonly},
      %c3: !transform.any_op {transform.readonly}, %tma_c: !transform.any_op {transform.readonly}) {
    %f1 = transform.exo.insert_fence %Cs ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    %f2 = transform.exo.insert_fence %c3 after ("cuda_in_order", "cuda_generic_and_async_proxy") : (!transform.any_op) -> !transform.any_op
    %tma_cg = transform.exo.insert_barrier_alloc %tma_c "tma_cg" : !exo.barrier<bulk_group> : (!transform.any_op) -> !transform.any_op
    %tma_commit = transform.exo.insert_arrive %tma_c after timeline "tma_to_gmem_async" on "tma_cg" at [] : (!transform.any_op) -> !transform.any_op
    %tma_wait = transform.exo.insert_await %tma_commit after on "tma_cg" at [] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %epi = transform.exo.get_parent_loop %tma_c : (!transform.any_op) -> !transform.any_op
    %f3 = transform.exo.insert_fence %epi after ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  transform.named_sequence @gemm_cluster_kernel(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly},
      %n_at: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly},
      %ab_mem: !transform.any_param {transform.readonly},
      %c_mem: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly},
      %store_c: !transform.any_param {transform.readonly}) {
    // 2 (end)-5.
    %m_at = transform.param.constant "256 * tm + 128 * cm + 64 * wg" -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 256> -> !transform.any_param
    %wz, %ws, %ko5 = transform.include @gemm_cluster_accumulators failures(propagate) (%p, %tasks, %m_at, %n_at, %cta, %bn, %zero_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 6. The epilogue goes through shared memory: each CTA's 128 x 256
    //    tile of C is staged in C_smem (%c_mem; no copy-in: the
    //    accumulator stores write all of it), which a TMA store writes
    //    back. In smem_swizzle<128> the lowering keeps C_smem as 8 column
    //    chunks of 128 x 32 (TMA's layout, one store per chunk), so the
    //    accumulator stores of a warp's 8 rows fall in different banks
    //    (unswizzled rows 1 KiB apart cost 8-way bank conflicts).
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["256 * tm + 128 * cm", %n_at] sizes [128, 256] as "C_smem" in %c_mem : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with %store_d : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with %store_c : (!transform.any_op, !transform.any_param) -> !transform.any_op

    // 7-9, and C_smem's leading CTA dimension.
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_operands failures(propagate) (%p, %ko5, %n_at, %kt, %stages, %ab_mem, %load_a, %load_b, %wgmma, %bn)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op

    // 10-12; the producer warp also stores C.
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op
    transform.include @gemm_cluster_sync failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> ()
    transform.include @gemm_cluster_epilogue_sync failures(propagate) (%Cs, %c3, %tma_c) : (!transform.any_op, !transform.any_op, !transform.any_op) -> ()
    transform.yield
  }
}

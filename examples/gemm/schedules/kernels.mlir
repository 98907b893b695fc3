// The GEMM kernels derived by the schedule libraries of this directory,
// one entry point each: the kernels of kernels/registry.json that a
// library derives. Each clones a specification of examples/gemm/gemm_specs.mlir,
// states the sizes it is derived for (transform.exo.assume), and calls a
// library's sequences with its parameters: the tile sizes, the ring depth,
// the shared memories and the instructions.
//
// Derive one (the directory preloads every library and this file):
//   exo-gpu-opt examples/gemm/gemm_specs.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules \
//     -transform-interpreter=entry-point=ENTRY
// The result holds the specifications and the kernel.

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_ws2(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemm_cluster_1x2(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemm_cluster_2x2(%p: !transform.any_op {transform.readonly})
  transform.named_sequence private @gemm_cluster_256x128(%p: !transform.any_op {transform.readonly})
  // The library sequences the entry points call (defined in cluster.mlir,
  // persistent.mlir, pingpong.mlir, ws.mlir and splitk.mlir).
  transform.named_sequence private @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_cluster_kernel(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %ab_mem: !transform.any_param {transform.readonly}, %c_mem: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly}, %store_c: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_persistent(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_persistent_direct(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_tiles_odd_n(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly}, %bn: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_persistent_direct_n(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %bn: !transform.any_param {transform.readonly}, %zero_d: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_tiles_raster(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_pingpong_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly}, %tail: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_pingpong(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly}, %last_step: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_splitk_direct(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_ws(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_ws_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %warps: !transform.any_param {transform.readonly}, %blocks_per_sm: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_ws_splitk(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly})

  // The operands of the 2-CTA cluster kernels with 256 x 256 tiles (of
  // @gemm_cluster_kernel and persistent.mlir's sequences): the K slice per
  // ring slot and the wgmma's K, the TMA loads of A's 128-row slice and of
  // B's 256-row slice (multicast to the cluster's two CTAs) in 128-byte
  // swizzle, and the 64 x 256 wgmma; for tf32 and for bf16 operands.
  transform.named_sequence @gemm_cluster_params_tf32()
      -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) {
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    transform.yield %kt, %kstep, %load_a, %load_b, %wgmma : !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param
  }
  transform.named_sequence @gemm_cluster_params_bf16()
      -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) {
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    transform.yield %kt, %kstep, %load_a, %load_b, %wgmma : !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param
  }

  // The bf16 GEMM derived from its specification: the
  // transform script of @gemm_derived_cluster with bf16 operands gives the
  // hand-annotated kernel of hopper_gemm_bf16.mlir: a cluster of two CTAs per
  // 256 x 256 task, 64-wide K steps (one 128-byte swizzle span of bf16) in
  // 4-slot rings, A per CTA and B multicast, wgmma.m64n256k16 with f32
  // accumulators, the TMA-store epilogue. Only the tile sizes along K and the
  // instructions differ from the parameters of @gemm_derived_cluster.
  transform.named_sequence @gemm_derived_bf16(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 64 == 0, M - 256 >= 0, N - 256 >= 0, K - 64 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The bf16 GEMM of @gemm_derived_bf16 with partial tiles (odd
  // shapes): any M, N a multiple of 4 and K of 8 (TMA needs rows that are
  // multiples of 16 bytes). As in @gemm_derived_cluster_odd, the M, N and
  // K divisions use `tail = guard` and `drop_bounds_guard`; the rest of the
  // script is @gemm_derived_bf16's, and the copies of partial tiles
  // become TMA loads that zero-fill and a TMA store that clips.
  transform.named_sequence @gemm_derived_bf16_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem_swizzle<128>> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32, swizzle = 128, box = [128, 32]> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent bf16 GEMM derived from its specification: the transform
  // script of @gemm_derived_persistent with bf16 operands (C in f32) and
  // 64-wide K steps (one 128-byte swizzle span of bf16), as
  // @gemm_derived_bf16 is @gemm_derived_cluster's. Only the tile
  // sizes along K and the instructions differ from the tf32 script; the
  // comments there apply. The result equals hopper_gemm_bf16_persistent.mlir.
  transform.named_sequence @gemm_derived_bf16_persistent(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 64 == 0, M - 256 >= 0, N - 256 >= 0, K - 64 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent bf16 GEMM with direct accumulator stores, derived from its
  // specification: the schedule of @gemm_derived_persistent_direct with
  // bf16 operands (C in f32), 64-wide K steps (one 128-byte swizzle span of
  // bf16) and the bf16 instructions.
  transform.named_sequence @gemm_derived_bf16_persistent_direct(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 64 == 0, M - 256 >= 0, N - 256 >= 0, K - 64 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent direct-store bf16 GEMM of
  // @gemm_derived_bf16_persistent_direct for any M, N a multiple of 4 and
  // K of 8: the tiling of @gemm_derived_bf16_odd (partial tiles), then
  // @gemm_persistent_direct, as @gemm_derived_persistent_direct_odd is for
  // tf32.
  transform.named_sequence @gemm_derived_bf16_persistent_direct_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent direct-store GEMMs of @gemm_derived_persistent_direct_odd
  // and @gemm_derived_bf16_persistent_direct_odd (partial tiles) with C
  // tiles of 256 x 192 (each CTA 128 x 192; B's 192-row slice multicast,
  // 96 rows loaded by each CTA; wgmma n = 192): 4/3 as many tiles as
  // 256 x 256 ones, for the shapes whose 256-wide tiles leave the last round
  // of the persistent tasks short (docs/Dispatch.md). @gemm_n192 is the
  // rest of their script, given the tiling's results and the operands'
  // loads and wgmma. The bf16 entry point also derives the kernel with 256 x
  // 144 tiles (gemm_sm90_bf16_derived_persistent_direct_n144_odd; B's slice
  // 72 rows a CTA, wgmma n = 144), whose 128 x 144 CTA tiles number 11 x 12 =
  // 132 at 1536^3, one per SM, the tile cuBLAS runs there
  // (bench/RESULTS.md).
  transform.named_sequence @gemm_derived_tf32_persistent_direct_n192_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_n192_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %b256, %w256 = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [192, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 192, dtype = tf32> -> !transform.any_param
    transform.include @gemm_n192 failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
  transform.named_sequence @gemm_derived_bf16_persistent_direct_n192_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct_n192_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %b256, %w256 = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [192, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 192, dtype = bf16> -> !transform.any_param
    transform.include @gemm_n192 failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    // 256 x 144 tiles.
    %q = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct_n144_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %q "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %load_b144 = transform.param.constant #exo.tma<kind = load, shape = [144, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma144 = transform.param.constant #exo.wgmma<n = 144, dtype = bf16> -> !transform.any_param
    %bn144 = transform.param.constant 144 : i64 -> !transform.any_param
    %tasks144, %n_at144, %k_steps144 = transform.include @gemm_cluster_tiles_odd_n failures(propagate) (%q, %kt, %kstep, %bn144) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    %zero144 = transform.param.constant #exo.wgmma_zero<n = 144> -> !transform.any_param
    %store144 = transform.param.constant #exo.wgmma_store<n = 144, dst = gmem> -> !transform.any_param
    %stages144 = transform.param.constant 4 : i64 -> !transform.any_param
    transform.include @gemm_persistent_direct_n failures(propagate) (%q, %tasks144, %n_at144, %k_steps144, %kt, %load_a, %load_b144, %wgmma144, %bn144, %zero144, %store144, %stages144)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
  transform.named_sequence @gemm_n192(%p: !transform.any_op {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %kstep: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly}) {
    %bn = transform.param.constant 192 : i64 -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd_n failures(propagate) (%p, %kt, %kstep, %bn) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 192> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 192, dst = gmem> -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    transform.include @gemm_persistent_direct_n failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma, %bn, %zero_d, %store_d, %stages)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // @gemm_derived_bf16_persistent_direct_odd for C rows of any length (N
  // any; A's and B's rows still a multiple of 16 bytes for their tensor
  // maps, K of 8): without `N mod 4` the accumulator stores cannot prove
  // 16-byte runs and store each thread's elements 4 bytes at a time. The dispatcher's kernel for N not
  // a multiple of 4 (a vocabulary projection, N = 50257).
  transform.named_sequence @gemm_derived_bf16_persistent_direct_any_n(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct_any_n" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "K mod 8 == 0, M - 1 >= 0, N - 1 >= 0, K - 8 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent bf16 GEMM with direct accumulator stores and a rasterized
  // tile order: @gemm_derived_bf16_persistent_direct's script with the
  // column tiles of C in groups of 8 (2048 columns) and the task loops ordered
  // group, row tile, column tile in the group, as
  // @gemm_derived_persistent_direct_raster does for tf32. It needs N to be
  // a multiple of 2048 (the schedule assumes it).
  transform.named_sequence @gemm_derived_bf16_persistent_direct_raster(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct_raster" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 64 == 0, M - 256 >= 0, N - 256 >= 0, K - 64 >= 0" : !transform.any_op
    transform.exo.assume %p "N mod 2048 == 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_bf16 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_raster failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent ping-pong bf16 GEMM, derived from the naive specification
  // (@gemm_bf16 below): @gemm_derived_pingpong's schedule with bf16
  // operands (C in f32), 64-wide K steps (one 128-byte swizzle span of bf16;
  // a ring slot holds 32 KiB as for tf32, so the ring keeps its 7 slots) and
  // wgmma.m64n128k16. 256 x 128 cluster tiles, one consumer warpgroup per
  // tile, the two warpgroups taking turns so that one's stores overlap the
  // other's K loop: the structure for the shapes where the 256 x 256
  // cooperative tiles leave SMs idle or expose their epilogue. Whole tiles
  // only: M a multiple of 256, N of 128, K of 64.
  transform.named_sequence @gemm_derived_bf16_pingpong(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_pingpong" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 128 == 0, K mod 64 == 0, M - 256 >= 0, N - 128 >= 0, K - 64 >= 0" : !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} == K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    %tail = transform.param.constant "perfect" -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep, %tail) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent ping-pong bf16 GEMM for any M, N a multiple of 4 and K of 8
  // (TMA needs rows of A and B that are multiples of 16 bytes): the derivation
  // of @gemm_derived_bf16_pingpong with partial tiles, as
  // @gemm_derived_pingpong_odd is @gemm_derived_pingpong's. A tile's K
  // loop has ceil(K / 64) steps.
  transform.named_sequence @gemm_derived_bf16_pingpong_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_pingpong_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "(K + {0} - 1) / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} >= K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    %tail = transform.param.constant "guard" -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep, %tail) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The split-K GEMM of @gemm_derived_splitk_direct with bf16 operands:
  // KS splits of K, each a cluster of two CTAs per 256 x 256 tile with 64-wide
  // K steps (one 128-byte swizzle span of bf16) in 4-slot rings,
  // wgmma.m64n256k16 with f32 accumulators, and each warpgroup's partial tile
  // added into C (zeroed on the host's stream) with red.global.add.v4.f32. It
  // is the bf16 kernel for shapes with few output tiles and a long K. Its
  // schedule is the tf32 kernel's, the library sequence @gemm_splitk_direct
  // (examples/gemm/schedules/splitk.mlir), with the bf16 K steps and
  // instructions. test/Examples/gemm-derived-bf16.test checks the result.
  transform.named_sequence @gemm_derived_bf16_splitk_direct(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_splitk_direct" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, KC mod 64 == 0, M - 256 >= 0, N - 256 >= 0, KS - 1 >= 0, KC - 64 >= 0" : !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, box = [128, 1, 64]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2, box = [128, 1, 64]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    transform.include @gemm_splitk_direct failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The small-tile warp-specialized GEMM of @gemm_derived_ws with bf16
  // operands: a task computes a 64 x 128 tile of C with one consumer warpgroup
  // (wgmma.m64n128k16, f32 accumulators) fed by a producer warp through 8-slot
  // rings of 64-wide K slices (one 128-byte swizzle span of bf16, 24 KiB a
  // slot). It is the bf16 kernel for shapes with few 128 x 256 tiles (1024^3,
  // 128 tokens). Its schedule is the tf32 kernel's, the library sequence
  // @gemm_ws (examples/gemm/schedules/ws.mlir), with the bf16 K steps and
  // instructions. test/Examples/gemm-derived-bf16.test checks the result.
  transform.named_sequence @gemm_derived_bf16_ws(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 64 == 0, N mod 128 == 0, K mod 64 == 0, M - 64 >= 0, N - 128 >= 0, K - 64 >= 0" : !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_ws failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The small-tile warp-specialized bf16 GEMM of @gemm_derived_bf16_ws
  // (64 x 128 tiles) for any M, N multiple of 4 and K multiple of 8: the
  // library sequence @gemm_ws_odd (examples/gemm/schedules/ws.mlir) with the
  // bf16 parameters, as @gemm_derived_ws_odd is for tf32, and its kernel with
  // two CTAs per SM (gemm_sm90_bf16_derived_ws_odd_4stage).
  transform.named_sequence @gemm_derived_bf16_ws_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %stages = transform.param.constant 8 : i64 -> !transform.any_param
    %warps = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] -> !transform.any_param
    %blocks_per_sm = transform.param.constant 1 : i64 -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma, %stages, %warps, %blocks_per_sm)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    // Two CTAs per SM.
    %q = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws_odd_4stage" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %q "N mod 4 == 0, K mod 8 == 0, M - 1 >= 0, N - 4 >= 0, K - 8 >= 0" : !transform.any_op
    %stages2 = transform.param.constant 4 : i64 -> !transform.any_param
    %warps2 = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %blocks_per_sm2 = transform.param.constant 2 : i64 -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%q, %kt, %kstep, %load_a, %load_b, %wgmma, %stages2, %warps2, %blocks_per_sm2)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The split-K small-tile GEMM of @gemm_derived_ws_splitk with bf16
  // operands: the library sequence @gemm_ws_splitk
  // (examples/gemm/schedules/ws.mlir) with 64-wide K slices and
  // wgmma.m64n128k16.
  transform.named_sequence @gemm_derived_bf16_ws_splitk(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws_splitk" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 64 == 0, N mod 128 == 0, KC mod 64 == 0, M - 64 >= 0, N - 128 >= 0, KS - 1 >= 0, KC - 64 >= 0" : !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128, box = [64, 1, 64]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, box = [128, 1, 64]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_ws_splitk failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The naive tf32 GEMM derived, step by step, into the
  // hand-annotated Hopper kernel of hopper_gemm.mlir: a cluster of two CTAs
  // per 256 x 256 task, each CTA a 128 x 256 tile; a producer warp per CTA
  // loads A (its own 128 x 32 slice) and B (the 256 x 32 slice both CTAs need,
  // one TMA multicast issued half by each CTA) into 4-slot rings; two consumer
  // warpgroups per CTA multiply with wgmma.m64n256k8 into register
  // accumulators; the epilogue stores the accumulators to shared memory and
  // writes C with one TMA store per CTA. The full/empty mbarrier protocol
  // spans the cluster: each producer arrives on the full barriers of both
  // CTAs, each CTA's consumers release a slot in both CTAs.
  //
  // The script only reshapes (every rewrite is proved to keep the sequential
  // meaning, or, for GPU annotations, checked for structure); whether the
  // parallel program is right is for -exo-verify-collectives and
  // -exo-check-sync, which test/Examples/gemm-derived.test runs on the result,
  // together with the CPU comparison against the specification and the
  // rejection of each synchronization the script inserts, dropped.
  transform.named_sequence @gemm_derived_cluster(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The 6-stage variant of @gemm_derived_cluster: the same
  // derivation with 16-wide K steps (two wgmma k8 each) in 64-byte swizzled
  // shared memory, so that rings of 6 slots (6 x 24 KiB) fit next to nothing
  // else: the epilogue's C tile (128 KiB) reuses the rings' memory as in the
  // 4-stage kernel. More, smaller stages: the loads run further ahead of the
  // wgmma for the same bytes in flight as 3 of the 32-wide stages, at the cost
  // of twice the barrier operations per K element.
  transform.named_sequence @gemm_derived_cluster_6stage(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_6stage" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 16 == 0, M - 256 >= 0, N - 256 >= 0, K - 16 >= 0" : !transform.any_op
    %kt = transform.param.constant 16 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %stages = transform.param.constant 6 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<64>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 16], dtype = f32, swizzle = 64> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 16], dtype = f32, swizzle = 64, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32, a = sw64, b = sw64> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // Odd shapes: the cluster derivation of @gemm_derived_cluster
  // for any M, and N and K multiples of 4 (TMA needs the rows of A, B and C
  // to be multiples of 16 bytes). The tiles stay 256 x 256 per task, 128 x
  // 256 per CTA, 32 wide in K; the last tiles of M, N and K are partial.
  //
  // Step 1 is the only difference: @gemm_cluster_tiles_odd, whose guarded
  // divisions and drop_bounds_guard make the extra iterations' accesses
  // oob (cluster.mlir says why that changes nothing). Everything after is
  // @gemm_cluster_kernel, as for @gemm_derived_cluster (with C staged in
  // 128-byte swizzled shared memory): the copies of partial tiles become
  // TMA instructions on windows that may reach past the tensors (a load
  // zero-fills the part of the box outside the tensor, a store clips it).
  //
  // test/Examples/gemm-derived-odd.test compares the result with the
  // specification on the CPU at odd sizes, runs both checkers on partial
  // tiles, assembles the PTX and checks the rejections of dropped syncs.
  transform.named_sequence @gemm_derived_cluster_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem_swizzle<128>> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32, swizzle = 128, box = [128, 32]> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The rasterized variant of @gemm_derived_cluster: the same
  // derivation, with the column tiles of C split in groups of 8 (2048
  // columns) and the task loops ordered group, row tile, column tile in the
  // group. The persistent grid runs consecutive tasks at the same time, so
  // the 66 clusters of one wave share about 8 column tiles of B and 8 row
  // tiles of A instead of 2 of B and all of A: at 8192^3 (where A is 256 MiB
  // and the L2 cache 50 MiB) that roughly halves the DRAM traffic per wave.
  // It needs N to be a multiple of 2048.
  transform.named_sequence @gemm_derived_cluster_raster(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_raster" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 2048 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem_swizzle<128>> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32, swizzle = 128, box = [128, 32]> -> !transform.any_param
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_raster failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM of hopper_gemm_persistent.mlir, derived from the
  // naive GEMM: @gemm_derived_cluster's schedule (a 256 x 256 tile per
  // cluster of two CTAs, a producer warp, two consumer warpgroups, 4-slot
  // rings of A and B with B multicast), with two more rewrites and an
  // epilogue in quarters:
  //
  //   - `persist_tasks` turns the task nest (tn, tm) into one task per cluster
  //     (pc, over the new size NC marked exo.cluster_count) and a sequential
  //     loop over its tiles (pi), after proving the tiles independent;
  //   - `chain_rings` lifts the rings and their barriers out of the tile loop,
  //     tile pi using ring elements pi * K/32 + ko, so the phases run on from
  //     tile to tile and the producer loads the next tile's first slots while
  //     the consumers store the last one; the other barriers are lifted by
  //     `lift_alloc`;
  //   - the epilogue stages C a quarter (256 x 64) at a time in a 128 x 64
  //     swizzled buffer per CTA, which fits next to the rings: each consumer
  //     warpgroup stores its quarter of the accumulators, and each of its
  //     warps writes its 16 rows with a TMA store of its own and waits for it.
  //
  // The difference from the hand kernel: a warp waits for its quarter's
  // store before the next quarter, not at the next quarter's start (so the
  // last quarter's stores do not overlap the next tile's K loop).
  transform.named_sequence @gemm_derived_persistent(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM of @gemm_derived_persistent with the
  // epilogue of @gemm_derived_ws2: each consumer warpgroup stores its
  // accumulators straight from registers to global memory (8-byte stores: the
  // requirement N mod 256 == 0 makes every pair of columns start at an even
  // element), with no shared-memory buffer, no TMA store and no wait. The
  // stores drain while the warpgroup starts the next tile's K loop, which is
  // what the quarters through a buffer cannot do
  // (bench/RESULTS.md: faster wherever a cluster has
  // several tiles, slower at one tile per cluster).
  transform.named_sequence @gemm_derived_persistent_direct(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM with direct accumulator stores for any M, N and
  // K multiples of 4: the derivation of @gemm_derived_persistent_direct with
  // the partial tiles of @gemm_derived_persistent_odd (TMA zero-fills the
  // loads, the accumulator store skips the elements past the end of C).
  transform.named_sequence @gemm_derived_persistent_direct_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // @gemm_derived_persistent_direct_odd for C rows of any length (N any,
  // K a multiple of 4 for A's and B's tensor maps): the accumulator stores
  // go 4 bytes at a time (nothing proves 16-byte runs without `N mod 4`).
  transform.named_sequence @gemm_derived_persistent_direct_any_n(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_any_n" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "K mod 4 == 0, M - 1 >= 0, N - 1 >= 0, K - 4 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM with direct accumulator stores and a rasterized
  // tile order: @gemm_derived_persistent_direct's script with the column
  // tiles of C in groups of 8 (2048 columns) and the task loops ordered group,
  // row tile, column tile in the group before persist_tasks linearizes them,
  // as @gemm_derived_persistent_raster does for the quarter epilogue. The
  // clusters of one wave then share about 8 column tiles of B and 8 row tiles
  // of A, which cuts the DRAM traffic (bench/RESULTS.md).
  // It needs N to be a multiple of 2048 (the schedule assumes it).
  transform.named_sequence @gemm_derived_persistent_direct_raster(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_raster" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    transform.exo.assume %p "N mod 2048 == 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_raster failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM for any M, N and K multiples of 4: the derivation
  // of @gemm_derived_persistent with the partial tiles of
  // @gemm_derived_cluster_odd. A tile's K loop has ceil(K / 32) steps, so the
  // release of its last slot is at (K + 31) / 32 + 3.
  transform.named_sequence @gemm_derived_persistent_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent tf32 GEMM with a rasterized tile order: the derivation of
  // @gemm_derived_persistent with the column tiles of C in groups of 8
  // (2048 columns) and the task loops ordered group, row tile, column tile in
  // the group, as @gemm_derived_cluster_raster does for the cluster
  // kernel, before persist_tasks linearizes them. The clusters of one wave
  // then share about 8 column tiles of B and 8 row tiles of A. It needs N to
  // be a multiple of 2048.
  transform.named_sequence @gemm_derived_persistent_raster(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_raster" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, K mod 32 == 0, M - 256 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    transform.exo.assume %p "N mod 2048 == 0" : !transform.any_op
    %kt, %kstep, %load_a, %load_b, %wgmma = transform.include @gemm_cluster_params_tf32 failures(propagate) () : ()
        -> (!transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param)
    %tasks, %n_at, %k_steps = transform.include @gemm_cluster_tiles_raster failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @gemm_persistent failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent ping-pong tf32 GEMM, derived from the naive specification
  // @gemm_tf32: the kernel of the hand-written
  // hopper_gemm_pingpong_persistent.mlir, produced by checked rewrites.
  //
  // The structure of cuBLAS's tf32 kernel where the cooperative kernels
  // (gemm_derived_persistent_direct*.mlir) lose to it: 256 x 128 cluster
  // tiles, one consumer warpgroup per tile (128 x 128 per CTA, two m64n128
  // accumulators), the two consumer warpgroups taking turns so that one's
  // stores overlap the other's K loop; one 7-slot ring (A 128 x 32 and B
  // 128 x 32 per CTA, B multicast) for all tiles of a persistent task; a
  // producer warp whose loop the lowering runs on lane 0 (seven slots run
  // 1 % faster than six at 8192x8192x512 and 256x8192x8192 with loop-carried
  // ring arithmetic: bench/analysis/ring-arithmetic.md).
  // Whole tiles only: M
  // a multiple of 256, N of 128, K of 32.
  //
  // The script: tiles and loop order (1-2), the kernel and its warp groups
  // (3), accumulators (4), the epilogue and rings (5-6), the two halves of
  // each K step as separate commit groups, the producer warp (7), persistence
  // (8), the K loop's synchronization (9), rings chained across a task's
  // tiles (10); then the ping-pong itself: the tile loop divided into pairs
  // and each pair written out, the first tile's consumer statements on warps
  // 0-3 of the "consumer" group and the second's on warps 4-7 (11), and the
  // hand-off barriers that order the two warpgroups' waits on the shared ring
  // (12): the library sequences @gemm_pingpong_tiles and @gemm_pingpong
  // (pingpong.mlir). Every rewrite checks the sequential meaning; the
  // synchronization inserted is checked by -exo-check-sync, which rejects
  // the kernel without the hand-offs (a wait could pass on a stale phase).
  transform.named_sequence @gemm_derived_pingpong(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_pingpong" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 128 == 0, K mod 32 == 0, M - 256 >= 0, N - 128 >= 0, K - 32 >= 0" : !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} == K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    %tail = transform.param.constant "perfect" -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep, %tail) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The persistent ping-pong tf32 GEMM for any M, N and K multiples of 4 (TMA
  // needs rows of A and B that are multiples of 16 bytes): the derivation of
  // @gemm_derived_pingpong with partial tiles (@gemm_pingpong_tiles, guard):
  // the extra iterations' accesses are oob, which the TMA loads zero-fill
  // and the accumulator store skips. A tile's K loop has ceil(K / 32) steps,
  // so its last slot's release is at (K + 31) / 32 + 6 and the hand-offs
  // happen at the last K slice, 32 * ko + 32 >= K.
  transform.named_sequence @gemm_derived_pingpong_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_pingpong_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %k_steps = transform.exo.expr "(K + {0} - 1) / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %last_step = transform.exo.expr "{0} * ko + {0} >= K" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    %tail = transform.param.constant "guard" -> !transform.any_param
    transform.include @gemm_pingpong_tiles failures(propagate) (%p, %kt, %kstep, %tail) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_pingpong failures(propagate) (%p, %kt, %k_steps, %last_step, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // Split-K with the partial tiles added straight from the registers
  // gemm_derived_splitk.mlir's derivation up to its epilogue,
  // which here replaces the accumulators' copy-out (C += D) with
  // `wgmma_red_d_gmem`: each consumer warpgroup adds its 64 x 256 partial
  // tile into C with red.global.add.v4.f32 (four adjacent columns per lane
  // after the lane exchange of the direct stores). No C_smem, no proxy
  // fence, no TMA reduce-add and its bulk group: the partial tile never
  // passes through shared memory, and the adds drain while the task ends.
  // The host still zeroes C (a memset on the stream), and the splits still
  // add concurrently (atomic adds commute). The schedule is the library
  // sequence @gemm_splitk_direct (examples/gemm/schedules/splitk.mlir), called
  // below with the tf32 parameters.
  transform.named_sequence @gemm_derived_splitk_direct(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_splitk_direct" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 256 == 0, KC mod 32 == 0, M - 256 >= 0, N - 256 >= 0, KS - 1 >= 0, KC - 32 >= 0" : !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, box = [128, 1, 32]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    transform.include @gemm_splitk_direct failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // A derivation, continued: the same naive tf32 GEMM as
  // gemm_derived_1cta.mlir, scheduled further into a pipelined,
  // warp-specialized kernel: a producer warp TMA-loads A and B into 8-slot
  // rings of shared memory (expand_dim into an unbounded ring guarded by the
  // "empty" mbarriers, then lift_alloc out of the K loop), and a consumer
  // warpgroup (setmaxnreg 232) runs wgmma on slot ko % 8 while the producer
  // fills the next ones. The schedule is the library sequence @gemm_ws
  // (examples/gemm/schedules/ws.mlir), called below with the tf32 parameters;
  // its steps 1-5 are those of gemm_derived_1cta.mlir, step 6 onwards differ.
  // test/Examples/gemm-derived.test checks this result like the one-CTA one
  // (CPU equivalence, collectives, sync checker, ptxas).
  transform.named_sequence @gemm_derived_ws(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 64 == 0, N mod 128 == 0, K mod 32 == 0, M - 64 >= 0, N - 128 >= 0, K - 32 >= 0" : !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_ws failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The small-tile warp-specialized tf32 GEMM of @gemm_derived_ws (64 x 128
  // tiles, one consumer warpgroup, a producer warp, 8-slot rings) for any M,
  // N and K multiples of 4: the library sequence @gemm_ws_odd
  // (examples/gemm/schedules/ws.mlir) divides with `tail = guard` and drops
  // the guards, so that the TMA loads zero-fill past the ends of A and B and
  // the accumulator store skips the elements past the end of C. It is the
  // kernel for odd sizes with few 256 x 256 tiles (1000^3, 1200^3), where the
  // persistent partial-tile kernels leave most SMs idle. The entry point also
  // derives the kernel with two CTAs per SM (gemm_sm90_tf32_derived_ws_odd_4stage):
  // rings of 4 slots (96 KiB of shared memory a CTA) and 208 registers for the
  // consumers (2 x (4 x 40 + 4 x 208) warps' registers fit an SM's 64 Ki), so
  // that 2 x 132 CTAs run at once: at mid sizes one CTA per SM leaves a
  // partial second wave (1216^3 bf16: 190 tiles of 64 x 128 on 132 SMs).
  transform.named_sequence @gemm_derived_ws_odd(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws_odd" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %stages = transform.param.constant 8 : i64 -> !transform.any_param
    %warps = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] -> !transform.any_param
    %blocks_per_sm = transform.param.constant 1 : i64 -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma, %stages, %warps, %blocks_per_sm)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    // Two CTAs per SM.
    %q = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws_odd_4stage" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %q "N mod 4 == 0, K mod 4 == 0, M - 1 >= 0, N - 4 >= 0, K - 4 >= 0" : !transform.any_op
    %stages2 = transform.param.constant 4 : i64 -> !transform.any_param
    %warps2 = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %blocks_per_sm2 = transform.param.constant 2 : i64 -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%q, %kt, %kstep, %load_a, %load_b, %wgmma, %stages2, %warps2, %blocks_per_sm2)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The split-K GEMM of the small-tile warp-specialized kernel: one task per
  // 64 x 128 tile of C and split of K (one consumer warpgroup, a producer
  // warp, 8-slot rings), each adding its partial tile into C from the
  // accumulator (red.global.add); C is zeroed by a memset on the stream
  // first. The kernel for few output tiles and a long K (128 tokens by a
  // long K), which @gemm_derived_splitk_direct's 256 x 256 tiles do not
  // accept. The schedule is the library sequence @gemm_ws_splitk
  // (examples/gemm/schedules/ws.mlir), called below with the tf32 parameters.
  transform.named_sequence @gemm_derived_ws_splitk(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws_splitk" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 64 == 0, N mod 128 == 0, KC mod 32 == 0, M - 64 >= 0, N - 128 >= 0, KS - 1 >= 0, KC - 32 >= 0" : !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128, box = [64, 1, 32]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_ws_splitk failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The other cluster shapes of the tf32 GEMM (schedules/cluster_shapes.mlir):
  // the cluster along N (128 x 512 tasks, A multicast), 2 x 2 clusters
  // (256 x 512 tasks, A and B multicast) and 256 x 128 CTA tiles (two
  // accumulators per warpgroup). test/Examples/gemm-derived-variants.test
  // checks them.
  transform.named_sequence @gemm_derived_cluster_1x2(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_1x2" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 128 == 0, N mod 512 == 0, K mod 32 == 0, M - 128 >= 0, N - 512 >= 0, K - 32 >= 0" : !transform.any_op
    transform.include @gemm_cluster_1x2 failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield
  }
  transform.named_sequence @gemm_derived_cluster_2x2(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_2x2" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 256 == 0, N mod 512 == 0, K mod 32 == 0, M - 256 >= 0, N - 512 >= 0, K - 32 >= 0" : !transform.any_op
    transform.include @gemm_cluster_2x2 failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield
  }
  transform.named_sequence @gemm_derived_cluster_256x128(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster_256x128" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "N mod 128 == 0, K mod 32 == 0, N - 128 >= 0, K - 32 >= 0, M mod 512 == 0, M - 512 >= 0" : !transform.any_op
    transform.include @gemm_cluster_256x128 failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield
  }

  // The 128 x 256 tile version of @gemm_derived_ws: two consumer
  // warpgroups (schedules/ws.mlir's @gemm_ws2).
  transform.named_sequence @gemm_derived_ws2(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws2" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %p "M mod 128 == 0, N mod 256 == 0, K mod 32 == 0, M - 128 >= 0, N - 256 >= 0, K - 32 >= 0" : !transform.any_op
    transform.include @gemm_ws2 failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield
  }
}

// The split-K GEMM derived from its specification: the transform
// script turns the naive tf32 GEMM over a K split in KS chunks of KC
// (C[m, n] = sum over ks, kc of A[m, ks, kc] * B[n, ks, kc]) into the
// hand-annotated kernel of hopper_gemm_splitk.mlir: the host zeroes C with
// cudaMemsetAsync; the split is the outermost task loop, so KS clusters
// accumulate into the same tile of C concurrently, each adding its partial
// tile with an atomic TMA reduce-add; everything else is
// @gemm_derived_cluster's 2-CTA cluster kernel.
//
// What split-K needs beyond the cluster derivation:
//   - The zeroing of C is host code that must become a stream memset on C
//     in global memory, while the accumulation moves to the device. Neither
//     step is possible alone (host code cannot touch global memory; C
//     cannot move while host code uses it in host memory), so
//     wrap_device_function does both: `host %zeroing with
//     #exo.memset0<rank = 2, dtype = f32>` replaces the zeroing, by unification with the
//     instruction's body, binding its sizes and whole-tensor parameter.
//   - Reordering the split's loop outside the tile loops reorders
//     reductions into C, which the dependence analysis lets commute (the
//     result differs from the specification's by rounding: test/Examples/
//     gemm-derived-splitk.test compares within tf32 bounds, and exactly
//     with the hand-written kernel, which sums in the same order).
//   - The staged epilogue only adds to C: C_smem starts as the first
//     statement's values (it adds to each element once) and is added back
//     by the reduce-add.
//
// The steps it shares with the split-K kernel of schedules/splitk.mlir and
// with the cluster derivation are those libraries' sequences; run it with
// both preloaded:
//   exo-gpu-opt examples/gemm/gemm_derived_splitk.mlir -transform-preload-library=transform-library-paths=examples/gemm/schedules/splitk.mlir,examples/gemm/schedules/cluster.mlir -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Bmap = !exo.window<[N, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [128, 256]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 1, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>
!Ctile = !exo.window<[128, 256], f32, tma_map<0, [128, 256]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cwg = !exo.window<[64, 256], f32, smem>
!Ccta = !exo.window<[128, 256], f32, smem>

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, KS, KC], f32, dram>
!Bh = !exo.tensor<[N, KS, KC], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

// C[m, n] = sum over ks < KS, kc < KC of A[m, ks, kc] * B[n, ks, kc], the
// operands rounded to tf32 as wgmma does.
exo.proc @gemm_splitk_tf32(%M: index, %N: index, %KS: index, %KC: index,
                           %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, KS, KC] : (M mod 256 == 0, N mod 256 == 0,
                                             KC mod 32 == 0, M - 256 >= 0,
                                             N - 256 >= 0, KS - 1 >= 0,
                                             KC - 32 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !Ah
          %b = exo.read %B[%n, %ks, %kc] : !Bh
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
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_splitk_accumulators(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_splitk_operands(%p: !transform.any_op {transform.readonly},
      %ko5: !transform.any_op {transform.readonly}, %kt: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_barriers(%p: !transform.any_op {transform.readonly},
      %ws: !transform.any_op {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
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
  transform.named_sequence private @gemm_cluster_epilogue_sync(%Cs: !transform.any_op {transform.readonly},
      %c3: !transform.any_op {transform.readonly}, %tma_c: !transform.any_op {transform.readonly})

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_splitk" : (!transform.any_op) -> !transform.any_op

    // 1-5 (@gemm_splitk_accumulators). The zeroing of C becomes a nest of
    //    its own; tiles as in @gemm_derived_cluster, each split's K chunk in
    //    steps of 32 (ko) and 8 (kk, k8); the split ks outermost, the first
    //    task loop (splits accumulate into C concurrently: reordering ks
    //    past the other loops reorders reductions into C, which commute).
    //    The kernel: C moves to global memory, so the zeroing becomes, in
    //    the same rewrite (wrap_device_function ... host), a memset the
    //    host issues on the stream before the launch. Each warpgroup's
    //    partial 64 x 256 tile accumulates in D, which starts at zero
    //    (wgmma's scale-d = 0) and is added back after the K loop. Then the
    //    cluster derivation's barriers (4-slot rings) and drain.
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %wz, %ws, %ko5 = transform.include @gemm_splitk_accumulators failures(propagate) (%p, %kt, %kstep)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %cta = transform.param.constant "cm" -> !transform.any_param
    %cg, %drain, %ws2 = transform.include @gemm_cluster_barriers failures(propagate) (%p, %ws, %stages, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // 6. The epilogue goes through shared memory: each CTA's partial
    //    128 x 256 tile is staged in C_smem. The statements only add to C,
    //    and the first adds to every element once, so C_smem starts as
    //    those values (the accumulator stores write it, no zeroing) and is
    //    added into C by an atomic TMA reduce-add.
    %wgs = transform.exo.match_loop "wg" in %ws2 : (!transform.any_op) -> !transform.any_op
    %Cs, %cin, %cout = transform.exo.stage_mem %wgs, "C" at ["256 * tm + 128 * cm", "256 * tn"] sizes [128, 256] as "C_smem" in smem : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %dstore = transform.exo.match_loop "D_out_0" in %ws2 : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with (#exo.wgmma_store<n = 256, dst = smem>) : (!transform.any_op) -> !transform.any_op
    %tma_c = transform.exo.replace %cout with (#exo.tma<kind = reduce_add, shape = [128, 256], dtype = f32>) : (!transform.any_op) -> !transform.any_op

    // 7-9 (@gemm_splitk_operands): A's 128 x 32 and B's 256 x 32 slices of
    //    each K step of the split staged with a point in the split's
    //    dimension, in 4-slot rings, loaded by TMA (B multicast); C_smem
    //    gets a leading CTA dimension.
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, box = [128, 1, 32]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    %waits, %tma_a, %tma_b = transform.include @gemm_splitk_operands failures(propagate) (%p, %ko5, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %Cs size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %Cs : !transform.any_op

    // 10-12: the cluster derivation's warp specialization (the producer
    //    warp also adds C_smem into C), synchronization and epilogue
    //    synchronization, the TMA reduce-add in the TMA store's place.
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    %p2 = transform.exo.wrap_with_warps %tma_c group "producer" : (!transform.any_op) -> !transform.any_op
    transform.include @gemm_cluster_sync failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %stages) : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> ()
    transform.include @gemm_cluster_epilogue_sync failures(propagate) (%Cs, %c3, %tma_c) : (!transform.any_op, !transform.any_op, !transform.any_op) -> ()
    transform.yield
  }
}

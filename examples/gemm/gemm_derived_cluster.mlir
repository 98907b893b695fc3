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
//
// The schedule is the library sequence @gemm_cluster_tiles followed by
// @gemm_cluster_kernel (examples/gemm/schedules/cluster.mlir, where the
// steps are commented), called below with the tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_cluster.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 256 == 0,
                                        K mod 32 == 0, M - 256 >= 0,
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
  transform.named_sequence private @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_cluster_kernel(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %stages: !transform.any_param {transform.readonly}, %ab_mem: !transform.any_param {transform.readonly}, %c_mem: !transform.any_param {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %store_d: !transform.any_param {transform.readonly}, %store_c: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_cluster" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep = transform.param.constant 8 : i64 -> !transform.any_param
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.param.constant "256 * tn" -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %c_mem = transform.param.constant #exo.mem<smem> -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = smem> -> !transform.any_param
    %store_c = transform.param.constant #exo.tma<kind = store, shape = [128, 256], dtype = f32> -> !transform.any_param
    transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_cluster_kernel failures(propagate) (%p, %tasks, %n_at, %kt, %stages, %ab_mem, %c_mem, %load_a, %load_b, %wgmma, %store_d, %store_c)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

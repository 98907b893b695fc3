// The persistent bf16 GEMM with direct accumulator stores, derived from its
// specification: the schedule of gemm_derived_persistent_direct.mlir with
// bf16 operands (C in f32), 64-wide K steps (one 128-byte swizzle span of
// bf16) and the bf16 instructions.
//
// The schedule is the library sequence @gemm_cluster_tiles
// (examples/gemm/schedules/cluster.mlir) followed by @gemm_persistent_direct
// (examples/gemm/schedules/persistent.mlir), called below with the
// bf16 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_persistent_direct.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir,examples/gemm/schedules/persistent.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (M mod 256 == 0, N mod 256 == 0,
                                        K mod 64 == 0, M - 256 >= 0,
                                        N - 256 >= 0, K - 64 >= 0)> {
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
  transform.named_sequence private @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_persistent_direct(%p: !transform.any_op {transform.readonly},
      %tasks: !transform.any_param {transform.readonly}, %n_at: !transform.any_param {transform.readonly}, %k_steps: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent_direct" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep = transform.param.constant 16 : i64 -> !transform.any_param
    %tasks = transform.param.constant 2 : i64 -> !transform.any_param
    %n_at = transform.param.constant "256 * tn" -> !transform.any_param
    %k_steps = transform.exo.expr "K / {0}" (%kt) : (!transform.any_param) -> !transform.any_param
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> ()
    transform.include @gemm_persistent_direct failures(propagate) (%p, %tasks, %n_at, %k_steps, %kt, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

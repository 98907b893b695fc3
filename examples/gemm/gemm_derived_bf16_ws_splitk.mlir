// The split-K small-tile GEMM of gemm_derived_ws_splitk.mlir with bf16
// operands: the library sequence @gemm_ws_splitk
// (examples/gemm/schedules/ws.mlir) with 64-wide K slices and
// wgmma.m64n128k16.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_ws_splitk.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/ws.mlir \
//     -transform-interpreter

//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, KS, KC], bf16, dram>
!Bh = !exo.tensor<[N, KS, KC], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

// C[m, n] = sum over ks < KS, kc < KC of A[m, ks, kc] * B[n, ks, kc] (bf16
// products are exact in f32).
exo.proc @gemm_splitk_bf16(%M: index, %N: index, %KS: index, %KC: index,
                           %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, KS, KC] : (M mod 64 == 0, N mod 128 == 0,
                                             KC mod 64 == 0, M - 64 >= 0,
                                             N - 128 >= 0, KS - 1 >= 0,
                                             KC - 64 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !Ch
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !Ah
          %b = exo.read %B[%n, %ks, %kc] : !Bh
          %ae = arith.extf %a : bf16 to f32
          %be = arith.extf %b : bf16 to f32
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
  // The schedule is examples/gemm/schedules/ws.mlir's @gemm_ws_splitk
  // (preloaded).
  transform.named_sequence private @gemm_ws_splitk(%p: !transform.any_op {transform.readonly},
                                                       %kt: !transform.param<i64> {transform.readonly},
                                                       %kstep: !transform.param<i64> {transform.readonly},
                                                       %load_a: !transform.any_param {transform.readonly},
                                                       %load_b: !transform.any_param {transform.readonly},
                                                       %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws_splitk" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128, box = [64, 1, 64]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, box = [128, 1, 64]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_ws_splitk failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

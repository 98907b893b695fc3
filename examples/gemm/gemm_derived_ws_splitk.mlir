// The split-K GEMM of the small-tile warp-specialized kernel: one task per
// 64 x 128 tile of C and split of K (one consumer warpgroup, a producer
// warp, 8-slot rings), each adding its partial tile into C from the
// accumulator (red.global.add); C is zeroed by a memset on the stream
// first. The kernel for few output tiles and a long K (128 tokens by a
// long K), which gemm_derived_splitk_direct.mlir's 256 x 256 tiles do not
// accept. The schedule is the library sequence @gemm_ws_splitk
// (examples/gemm/schedules/ws.mlir), called below with the tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_ws_splitk.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/ws.mlir \
//     -transform-interpreter

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
    requires affine_set<()[M, N, KS, KC] : (M mod 64 == 0, N mod 128 == 0,
                                             KC mod 32 == 0, M - 64 >= 0,
                                             N - 128 >= 0, KS - 1 >= 0,
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
  // The schedule is examples/gemm/schedules/ws.mlir's @gemm_ws_splitk
  // (preloaded).
  transform.named_sequence private @gemm_ws_splitk(%p: !transform.any_op {transform.readonly},
                                                       %kt: !transform.param<i64> {transform.readonly},
                                                       %kstep: !transform.param<i64> {transform.readonly},
                                                       %load_a: !transform.any_param {transform.readonly},
                                                       %load_b: !transform.any_param {transform.readonly},
                                                       %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws_splitk" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128, box = [64, 1, 32]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_ws_splitk failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// The split-K GEMM of gemm_derived_splitk_direct.mlir with bf16 operands:
// KS splits of K, each a cluster of two CTAs per 256 x 256 tile with 64-wide
// K steps (one 128-byte swizzle span of bf16) in 4-slot rings,
// wgmma.m64n256k16 with f32 accumulators, and each warpgroup's partial tile
// added into C (zeroed on the host's stream) with red.global.add.v4.f32. It
// is the bf16 kernel for shapes with few output tiles and a long K. Its
// schedule is the tf32 kernel's, the library sequence @gemm_splitk_direct
// (examples/gemm/schedules/splitk.mlir), with the bf16 K steps and
// instructions. test/Examples/gemm-derived-bf16.test checks the result.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_splitk_direct.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/splitk.mlir \
//     -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, KS, KC], bf16, tma_map<128, [128, 1, 64]>>
!Bmap = !exo.window<[N, KS, KC], bf16, tma_map<128, [128, 1, 64]>>
!Atile = !exo.window<[128, 64], bf16, tma_map<128, [128, 1, 64]>>
!Btile = !exo.window<[256, 64], bf16, tma_map<128, [128, 1, 64]>>
!Aslot = !exo.window<[128, 64], bf16, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 64], bf16, smem_swizzle<128>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Bk = !exo.window<[256, 16], bf16, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cg = !exo.window<[64, 256], f32, gmem>

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
    requires affine_set<()[M, N, KS, KC] : (M mod 256 == 0, N mod 256 == 0,
                                             KC mod 64 == 0, M - 256 >= 0,
                                             N - 256 >= 0, KS - 1 >= 0,
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
  // The schedule is examples/gemm/schedules/splitk.mlir's @gemm_splitk_direct
  // (preloaded).
  transform.named_sequence private @gemm_splitk_direct(%p: !transform.any_op {transform.readonly},
                                                       %kt: !transform.param<i64> {transform.readonly},
                                                       %kstep: !transform.param<i64> {transform.readonly},
                                                       %load_a: !transform.any_param {transform.readonly},
                                                       %load_b: !transform.any_param {transform.readonly},
                                                       %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_splitk_direct" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128, box = [128, 1, 64]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2, box = [128, 1, 64]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    transform.include @gemm_splitk_direct failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

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
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_splitk_direct.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/splitk.mlir \
//     -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Bmap = !exo.window<[N, KS, KC], f32, tma_map<128, [128, 1, 32]>>
!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 1, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cg = !exo.window<[64, 256], f32, gmem>

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
  // The schedule is examples/gemm/schedules/splitk.mlir's @gemm_splitk_direct
  // (preloaded).
  transform.named_sequence private @gemm_splitk_direct(%p: !transform.any_op {transform.readonly},
                                                       %kt: !transform.param<i64> {transform.readonly},
                                                       %kstep: !transform.param<i64> {transform.readonly},
                                                       %load_a: !transform.any_param {transform.readonly},
                                                       %load_b: !transform.any_param {transform.readonly},
                                                       %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_splitk_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_splitk_direct" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, box = [128, 1, 32]> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, box = [128, 1, 32]> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    transform.include @gemm_splitk_direct failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// The persistent bf16 GEMM derived from its specification: the transform
// script of gemm_derived_persistent.mlir with bf16 operands (C in f32) and
// 64-wide K steps (one 128-byte swizzle span of bf16), as
// gemm_derived_bf16.mlir is gemm_derived_cluster.mlir's. Only the tile
// sizes along K and the instructions differ from the tf32 script; the
// comments there apply. The result equals hopper_gemm_bf16_persistent.mlir.
//
// The schedule is the library sequence @gemm_persistent
// (examples/gemm/schedules/persistent.mlir), called below with the bf16
// parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_persistent.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/persistent.mlir \
//     -transform-interpreter

!Atile = !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
!Btile = !exo.window<[256, 64], bf16, tma_map<128, [128, 64]>>
!Cq = !exo.window<[16, 64], f32, tma_map<128, [16, 32]>>
!Aslot = !exo.window<[128, 64], bf16, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 64], bf16, smem_swizzle<128>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Bk = !exo.window<[256, 16], bf16, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Dq = !exo.window<[64, 64], f32, wgmma_accum>
!Cwgq = !exo.window<[64, 64], f32, smem_swizzle<128>>
!Cctaq = !exo.window<[16, 64], f32, smem_swizzle<128>>

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
  transform.named_sequence private @gemm_persistent(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_persistent" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    transform.include @gemm_persistent failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

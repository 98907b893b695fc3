// The persistent tf32 GEMM with direct accumulator stores and a rasterized
// tile order: gemm_derived_persistent_direct.mlir's script with the column
// tiles of C in groups of 8 (2048 columns) and the task loops ordered group,
// row tile, column tile in the group before persist_tasks linearizes them,
// as gemm_derived_persistent_raster.mlir does for the quarter epilogue. The
// clusters of one wave then share about 8 column tiles of B and 8 row tiles
// of A, which cuts the DRAM traffic (bench/RESULTS.md).
// It needs N to be a multiple of 2048 (the library sequence assumes it). The schedule is the library sequence
// @gemm_persistent_direct_raster (examples/gemm/schedules/persistent.mlir),
// called below with the tf32 parameters.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_persistent_direct_raster.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/persistent.mlir \
//     -transform-interpreter

!Atile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Btile = !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
!Aslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[256, 8], f32, smem_swizzle<128>>
!D = !exo.window<[64, 256], f32, wgmma_accum>
!Cg64 = !exo.window<[64, 256], f32, gmem>

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
  // The schedule is examples/gemm/schedules/persistent.mlir's @gemm_persistent_direct_raster
  // (preloaded).
  transform.named_sequence private @gemm_persistent_direct_raster(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_persistent_direct_raster" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    transform.include @gemm_persistent_direct_raster failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// The small-tile warp-specialized bf16 GEMM of gemm_derived_bf16_ws.mlir
// (64 x 128 tiles) for any M, N multiple of 4 and K multiple of 8: the
// library sequence @gemm_ws_odd (examples/gemm/schedules/ws.mlir) with the
// bf16 parameters, as gemm_derived_ws_odd.mlir is for tf32.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_bf16_ws_odd.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/ws.mlir \
//     -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, K], bf16, tma_map<128, [64, 64]>>
!Bmap = !exo.window<[N, K], bf16, tma_map<128, [128, 64]>>
!Atile = !exo.window<[64, 64], bf16, tma_map<128, [64, 64]>>
!Btile = !exo.window<[128, 64], bf16, tma_map<128, [128, 64]>>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Asmem = !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
!Bsmem = !exo.tensor<[128, 64], bf16, smem_swizzle<128>>
!Aslot = !exo.window<[64, 64], bf16, smem_swizzle<128>>
!Bslot = !exo.window<[128, 64], bf16, smem_swizzle<128>>
!Ak = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Bk = !exo.window<[128, 16], bf16, smem_swizzle<128>>
!Dt = !exo.tensor<[64, 128], f32, wgmma_accum>
!D = !exo.window<[64, 128], f32, wgmma_accum>
!Full = !exo.barrier<mbarrier, [? ring 1]>
!Cg = !exo.barrier<wgmma_group>

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//


//===----------------------------------------------------------------------===//
// The specification
//===----------------------------------------------------------------------===//

!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 4 == 0, K mod 8 == 0,
                                        M - 1 >= 0, N - 4 >= 0, K - 8 >= 0)> {
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
  // The schedule is examples/gemm/schedules/ws.mlir's @gemm_ws (preloaded).
  transform.named_sequence private @gemm_ws_odd(%p: !transform.any_op {transform.readonly},
                                            %kt: !transform.param<i64> {transform.readonly},
                                            %kstep: !transform.param<i64> {transform.readonly},
                                            %load_a: !transform.any_param {transform.readonly},
                                            %load_b: !transform.any_param {transform.readonly},
                                            %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_bf16_derived_ws_odd" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 16 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

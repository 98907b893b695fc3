// The small-tile warp-specialized tf32 GEMM of gemm_derived_ws.mlir (64 x 128
// tiles, one consumer warpgroup, a producer warp, 8-slot rings) for any M,
// N and K multiples of 4: the library sequence @gemm_ws_odd
// (examples/gemm/schedules/ws.mlir) divides with `tail = guard` and drops
// the guards, so that the TMA loads zero-fill past the ends of A and B and
// the accumulator store skips the elements past the end of C. It is the
// kernel for odd sizes with few 256 x 256 tiles (1000^3, 1200^3), where the
// persistent partial-tile kernels leave most SMs idle.
//
// Run it:
//   exo-gpu-opt examples/gemm/gemm_derived_ws_odd.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules/ws.mlir \
//     -transform-interpreter

// The types the kernel uses.
!Amap = !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [128, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
!Cg64 = !exo.window<[64, 128], f32, gmem>
!Asmem = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Bsmem = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Aslot = !exo.window<[64, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[128, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[128, 8], f32, smem_swizzle<128>>
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

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Ch = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 4 == 0, K mod 4 == 0,
                                        M - 1 >= 0, N - 4 >= 0, K - 4 >= 0)> {
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
  // The schedule is examples/gemm/schedules/ws.mlir's @gemm_ws (preloaded).
  transform.named_sequence private @gemm_ws_odd(%p: !transform.any_op {transform.readonly},
                                            %kt: !transform.param<i64> {transform.readonly},
                                            %kstep: !transform.param<i64> {transform.readonly},
                                            %load_a: !transform.any_param {transform.readonly},
                                            %load_b: !transform.any_param {transform.readonly},
                                            %wgmma: !transform.any_param {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %spec = transform.exo.match_proc @gemm_tf32 in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws_odd" : (!transform.any_op) -> !transform.any_op
    %kt = transform.param.constant 32 : i64 -> !transform.param<i64>
    %kstep = transform.param.constant 8 : i64 -> !transform.param<i64>
    %load_a = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %wgmma = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    transform.include @gemm_ws_odd failures(propagate) (%p, %kt, %kstep, %load_a, %load_b, %wgmma) : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

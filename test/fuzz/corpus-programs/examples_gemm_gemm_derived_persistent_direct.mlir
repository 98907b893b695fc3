#set = affine_set<()[s0, s1, s2] : (s0 mod 256 == 0, s1 mod 256 == 0, s2 mod 32 == 0, s0 - 256 >= 0, s1 - 256 >= 0, s2 - 32 >= 0)>
#set1 = affine_set<()[s0, s1, s2, s3] : (s0 mod 256 == 0, s1 mod 256 == 0, s2 mod 32 == 0, s0 - 256 >= 0, s1 - 256 >= 0, s2 - 32 >= 0, s3 - 1 >= 0)>
module {
  exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !exo.tensor<[M, K], f32, dram>, %B: !exo.tensor<[N, K], f32, dram>, %C: !exo.tensor<[M, N], f32, dram>) requires #set {
    %cst = arith.constant 0.000000e+00 : f32
    exo.for %m = 0 to %M seq {
      exo.for %n = 0 to %N seq {
        exo.assign %C[%m, %n] = %cst : !exo.tensor<[M, N], f32, dram>
        exo.for %k = 0 to %K seq {
          %0 = exo.read %A[%m, %k] : !exo.tensor<[M, K], f32, dram>
          %1 = exo.read %B[%n, %k] : !exo.tensor<[N, K], f32, dram>
          %2 = arith.truncf %0 toward_zero : f32 to tf32
          %3 = arith.truncf %1 toward_zero : f32 to tf32
          %4 = arith.extf %2 : tf32 to f32
          %5 = arith.extf %3 : tf32 to f32
          %6 = arith.mulf %4, %5 : f32
          exo.reduce %C[%m, %n] += %6 : !exo.tensor<[M, N], f32, dram>
        }
      }
    }
  }
  exo.proc @gemm_sm90_tf32_derived_persistent_direct(%M: index, %N: index, %K: index, %NC: index {exo.cluster_count}, %A: !exo.tensor<[M, K], f32, gmem>, %B: !exo.tensor<[N, K], f32, gmem>, %C: !exo.tensor<[M, N], f32, gmem>) requires #set1 {
    %c256 = arith.constant 256 : index
    %0 = arith.divsi %M, %c256 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %1 = arith.divsi %N, %c256 : index
    %c32 = arith.constant 32 : index
    %2 = arith.divsi %K, %c32 : index
    %c8 = arith.constant 8 : index
    %3 = exo.window %B[:, :] : !exo.tensor<[N, K], f32, gmem> -> !exo.window<[N, K], f32, tma_map<128, [128, 32]>>
    %4 = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem> -> !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
    %c0 = arith.constant 0 : index
    %5 = arith.maxsi %1, %c0 : index
    %6 = arith.maxsi %0, %c0 : index
    %7 = arith.muli %5, %6 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %8 = arith.addi %c3, %2 : index
    exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
      exo.for %pc = 0 to %NC cuda_tasks {
        %9 = arith.subi %7, %pc : index
        %10 = arith.addi %9, %NC : index
        %11 = arith.subi %10, %c1 : index
        %12 = arith.divsi %11, %NC : index
        %full = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 4]>
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %A_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %B_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %cg = exo.alloc : !exo.barrier<wgmma_group, [2, 2]>
        exo.for %pi = 0 to %12 seq {
          %13 = arith.muli %pi, %2 : index
          %14 = arith.muli %pi, %NC : index
          %15 = arith.addi %pc, %14 : index
          %16 = arith.remsi %15, %0 : index
          %17 = arith.divsi %15, %0 : index
          %18 = arith.muli %17, %c256 : index
          %19 = arith.muli %16, %c256 : index
          %D = exo.alloc : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum>
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %21 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call #exo.wgmma_zero<n = 256>(%21) : (!exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
          exo.for %ko = 0 to %2 seq {
            %21 = arith.addi %13, %ko : index
            %22 = arith.muli %ko, %c32 : index
            exo.warps "producer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%empty[%cm, %21], cuda_temporal, 0) : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
              }
              %26 = exo.window %B_smem[0 :+ 2, %21, 0 :+ 256, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
              %27 = exo.window %3[%18 :+ 256, %22 :+ 32] : !exo.window<[N, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
              exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>(%26, %27) >> %full[:, %21] : (!exo.window<[2, 256, 32], f32, smem_swizzle<128>>, !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                %28 = arith.muli %cm, %c128 : index
                %29 = exo.window %A_smem[%cm, %21, 0 :+ 128, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 32], f32, smem_swizzle<128>>
                %30 = arith.addi %28, %19 : index
                %31 = exo.window %4[%30 :+ 128, %22 :+ 32] : !exo.window<[M, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
                exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%29, %31) >> %full[%cm, %21] : (!exo.window<[128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.arrive(cuda_temporal) >> %full[:, %21] : !exo.barrier<mbarrier, [2, ? ring 4]>
              }
            }
            %23 = arith.addi %c3, %ko : index
            %24 = arith.cmpi sge, %ko, %c1 : index
            %25 = arith.addi %13, %23 : index
            exo.warps "consumer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%full[%cm, %21], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                  %26 = arith.muli %wg, %c64 : index
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %27 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                    %28 = arith.muli %kk, %c8 : index
                    %29 = exo.window %A_smem[%cm, %21, %26 :+ 64, %28 :+ 8] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
                    %30 = exo.window %B_smem[%cm, %21, 0 :+ 256, %28 :+ 8] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[256, 8], f32, smem_swizzle<128>>
                    exo.call #exo.wgmma<n = 256, dtype = tf32>(%27, %29, %30) : (!exo.window<[64, 256], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[256, 8], f32, smem_swizzle<128>>)
                  }
                  exo.arrive(wgmma_async) >> %cg[%cm, %wg] : !exo.barrier<wgmma_group, [2, 2]>
                  exo.await(%cg[%cm, %wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2, 2]>
                }
                exo.if %24 {
                  exo.arrive(cuda_in_order) >> %empty[:, %25] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
                }
              }
            }
          }
          %20 = arith.addi %13, %8 : index
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%cm, %wg], cuda_in_order, 0) : !exo.barrier<wgmma_group, [2, 2]>
              }
              exo.arrive(cuda_in_order) >> %empty[:, %20] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
            }
          }
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            %21 = arith.muli %cm, %c128 : index
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %22 = arith.muli %wg, %c64 : index
                %23 = arith.addi %22, %21 : index
                %24 = arith.addi %23, %19 : index
                %25 = exo.window %C[%24 :+ 64, %18 :+ 256] : !exo.tensor<[M, N], f32, gmem> -> !exo.window<[64, 256], f32, gmem>
                %26 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call #exo.wgmma_store<n = 256, dst = gmem>(%25, %26) : (!exo.window<[64, 256], f32, gmem>, !exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
        }
      }
    }
  }
}


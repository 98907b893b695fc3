#set = affine_set<()[s0, s1, s2] : (s1 mod 4 == 0, s2 mod 4 == 0, s0 - 1 >= 0, s1 - 4 >= 0, s2 - 4 >= 0)>
#set1 = affine_set<()[s0, s1, s2, s3] : (s1 mod 4 == 0, s2 mod 4 == 0, s0 - 1 >= 0, s1 - 4 >= 0, s2 - 4 >= 0, s3 - 1 >= 0)>
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
  exo.proc @gemm_sm90_tf32_derived_persistent_direct_odd(%M: index, %N: index, %K: index, %NC: index {exo.cluster_count}, %A: !exo.tensor<[M, K], f32, gmem>, %B: !exo.tensor<[N, K], f32, gmem>, %C: !exo.tensor<[M, N], f32, gmem>) requires #set1 {
    %c255 = arith.constant 255 : index
    %0 = arith.addi %M, %c255 : index
    %c256 = arith.constant 256 : index
    %1 = arith.divsi %0, %c256 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %2 = arith.addi %N, %c255 : index
    %3 = arith.divsi %2, %c256 : index
    %c31 = arith.constant 31 : index
    %4 = arith.addi %K, %c31 : index
    %c32 = arith.constant 32 : index
    %5 = arith.divsi %4, %c32 : index
    %c8 = arith.constant 8 : index
    %6 = exo.window %B[:, :] : !exo.tensor<[N, K], f32, gmem> -> !exo.window<[N, K], f32, tma_map<128, [128, 32]>>
    %7 = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem> -> !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
    %c0 = arith.constant 0 : index
    %8 = arith.maxsi %3, %c0 : index
    %9 = arith.maxsi %1, %c0 : index
    %10 = arith.muli %8, %9 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %11 = arith.addi %c3, %5 : index
    exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
      exo.for %pc = 0 to %NC cuda_tasks {
        %12 = arith.subi %10, %pc : index
        %13 = arith.addi %12, %NC : index
        %14 = arith.subi %13, %c1 : index
        %15 = arith.divsi %14, %NC : index
        %full = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 4]>
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %A_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %B_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %cg = exo.alloc : !exo.barrier<wgmma_group, [2, 2]>
        exo.for %pi = 0 to %15 seq {
          %16 = arith.muli %pi, %5 : index
          %17 = arith.muli %pi, %NC : index
          %18 = arith.addi %pc, %17 : index
          %19 = arith.remsi %18, %1 : index
          %20 = arith.divsi %18, %1 : index
          %21 = arith.muli %20, %c256 : index
          %22 = arith.muli %19, %c256 : index
          %D = exo.alloc : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum>
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %24 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call #exo.wgmma_zero<n = 256>(%24) : (!exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
          exo.for %ko = 0 to %5 seq {
            %24 = arith.addi %16, %ko : index
            %25 = arith.muli %ko, %c32 : index
            exo.warps "producer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%empty[%cm, %24], cuda_temporal, 0) : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
              }
              %29 = exo.window %B_smem[0 :+ 2, %24, 0 :+ 256, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
              %30 = exo.window oob %6[%21 :+ 256, %25 :+ 32] : !exo.window<[N, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
              exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>(%29, %30) >> %full[:, %24] : (!exo.window<[2, 256, 32], f32, smem_swizzle<128>>, !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                %31 = arith.muli %cm, %c128 : index
                %32 = exo.window %A_smem[%cm, %24, 0 :+ 128, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 32], f32, smem_swizzle<128>>
                %33 = arith.addi %31, %22 : index
                %34 = exo.window oob %7[%33 :+ 128, %25 :+ 32] : !exo.window<[M, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
                exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%32, %34) >> %full[%cm, %24] : (!exo.window<[128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.arrive(cuda_temporal) >> %full[:, %24] : !exo.barrier<mbarrier, [2, ? ring 4]>
              }
            }
            %26 = arith.addi %c3, %ko : index
            %27 = arith.cmpi sge, %ko, %c1 : index
            %28 = arith.addi %16, %26 : index
            exo.warps "consumer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%full[%cm, %24], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                  %29 = arith.muli %wg, %c64 : index
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %30 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                    %31 = arith.muli %kk, %c8 : index
                    %32 = exo.window %A_smem[%cm, %24, %29 :+ 64, %31 :+ 8] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
                    %33 = exo.window %B_smem[%cm, %24, 0 :+ 256, %31 :+ 8] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[256, 8], f32, smem_swizzle<128>>
                    exo.call #exo.wgmma<n = 256, dtype = tf32>(%30, %32, %33) : (!exo.window<[64, 256], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[256, 8], f32, smem_swizzle<128>>)
                  }
                  exo.arrive(wgmma_async) >> %cg[%cm, %wg] : !exo.barrier<wgmma_group, [2, 2]>
                  exo.await(%cg[%cm, %wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2, 2]>
                }
                exo.if %27 {
                  exo.arrive(cuda_in_order) >> %empty[:, %28] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
                }
              }
            }
          }
          %23 = arith.addi %16, %11 : index
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%cm, %wg], cuda_in_order, 0) : !exo.barrier<wgmma_group, [2, 2]>
              }
              exo.arrive(cuda_in_order) >> %empty[:, %23] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
            }
          }
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            %24 = arith.muli %cm, %c128 : index
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %25 = arith.muli %wg, %c64 : index
                %26 = arith.addi %25, %24 : index
                %27 = arith.addi %26, %22 : index
                %28 = exo.window oob %C[%27 :+ 64, %21 :+ 256] : !exo.tensor<[M, N], f32, gmem> -> !exo.window<[64, 256], f32, gmem>
                %29 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call #exo.wgmma_store<n = 256, dst = gmem>(%28, %29) : (!exo.window<[64, 256], f32, gmem>, !exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
        }
      }
    }
  }
}


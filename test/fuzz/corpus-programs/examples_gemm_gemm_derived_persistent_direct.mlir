#set = affine_set<()[s0, s1, s2] : (s0 mod 256 == 0, s1 mod 256 == 0, s2 mod 32 == 0, s0 - 256 >= 0, s1 - 256 >= 0, s2 - 32 >= 0)>
#set1 = affine_set<()[s0, s1, s2, s3] : (s0 mod 256 == 0, s1 mod 256 == 0, s2 mod 32 == 0, s0 - 256 >= 0, s1 - 256 >= 0, s2 - 32 >= 0, s3 - 1 >= 0)>
module {
  exo.proc @sm90_tma_load_128x32_f32_swizzle128(%dst: !exo.window<[128, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order>}, %src: !exo.window<[128, 32], f32, tma_map<128, [128, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
    exo.for %i = 0 to 128 seq {
      exo.for %j = 0 to 32 seq {
        %0 = exo.read %src[%i, %j] : !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
        exo.assign %dst[%i, %j] = %0 : !exo.window<[128, 32], f32, smem_swizzle<128>>
      }
    }
  }
  exo.proc @sm90_tma_load_multicast2_256x32_f32(%dst: !exo.window<[2, 256, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order, distributed [cta]>}, %src: !exo.window<[256, 32], f32, tma_map<128, [128, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "tma_load_multicast_2d", barrier = mbarrier> {
    exo.for %c = 0 to 2 seq {
      exo.for %i = 0 to 256 seq {
        exo.for %j = 0 to 32 seq {
          %0 = exo.read %src[%i, %j] : !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
          exo.assign %dst[%c, %i, %j] = %0 : !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
        }
      }
    }
  }
  exo.proc @sm90_wgmma_zero_m64n256_f32(%d: !exo.window<[64, 256], f32, wgmma_accum> {exo.access = #exo.access<write>}) instr<unit = warpgroup, timeline = wgmma_zero, lowering = "wgmma_zero_scale_d"> {
    %cst = arith.constant 0.000000e+00 : f32
    exo.for %i = 0 to 64 seq {
      exo.for %j = 0 to 256 seq {
        exo.assign %d[%i, %j] = %cst : !exo.window<[64, 256], f32, wgmma_accum>
      }
    }
  }
  exo.proc @sm90_wgmma_m64n256k8_tf32(%d: !exo.window<[64, 256], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[256, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
    exo.for %m = 0 to 64 seq {
      exo.for %n = 0 to 256 seq {
        exo.for %k = 0 to 8 seq {
          %0 = exo.read %a[%m, %k] : !exo.window<[64, 8], f32, smem_swizzle<128>>
          %1 = exo.read %b[%n, %k] : !exo.window<[256, 8], f32, smem_swizzle<128>>
          %2 = arith.truncf %0 toward_zero : f32 to tf32
          %3 = arith.truncf %1 toward_zero : f32 to tf32
          %4 = arith.extf %2 : tf32 to f32
          %5 = arith.extf %3 : tf32 to f32
          %6 = arith.mulf %4, %5 : f32
          exo.reduce %d[%m, %n] += %6 : !exo.window<[64, 256], f32, wgmma_accum>
        }
      }
    }
  }
  exo.proc @sm90_wgmma_store_d_gmem_m64n256_f32(%dst: !exo.window<[64, 256], f32, gmem> {exo.access = #exo.access<write>}, %src: !exo.window<[64, 256], f32, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
    exo.for %i = 0 to 64 seq {
      exo.for %j = 0 to 256 seq {
        %0 = exo.read %src[%i, %j] : !exo.window<[64, 256], f32, wgmma_accum>
        exo.assign %dst[%i, %j] = %0 : !exo.window<[64, 256], f32, gmem>
      }
    }
  }
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
    %5 = arith.muli %1, %0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %6 = arith.addi %c3, %2 : index
    exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
      exo.for %pc = 0 to %NC cuda_tasks {
        %7 = arith.subi %5, %pc : index
        %8 = arith.addi %7, %NC : index
        %9 = arith.subi %8, %c1 : index
        %10 = arith.divsi %9, %NC : index
        %full = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 4]>
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %A_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %B_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        %cg = exo.alloc : !exo.barrier<wgmma_group, [2, 2]>
        exo.for %pi = 0 to %10 seq {
          %11 = arith.muli %pi, %2 : index
          %12 = arith.muli %pi, %NC : index
          %13 = arith.addi %pc, %12 : index
          %14 = arith.remsi %13, %0 : index
          %15 = arith.divsi %13, %0 : index
          %16 = arith.muli %15, %c256 : index
          %17 = arith.muli %14, %c256 : index
          %D = exo.alloc : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum>
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %19 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call @sm90_wgmma_zero_m64n256_f32(%19) : (!exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
          exo.for %ko = 0 to %2 seq {
            %19 = arith.addi %11, %ko : index
            %20 = arith.muli %ko, %c32 : index
            exo.warps "producer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%empty[%cm, %19], cuda_temporal, 0) : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
              }
              %24 = exo.window %B_smem[0 :+ 2, %19, 0 :+ 256, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
              %25 = exo.window %3[%16 :+ 256, %20 :+ 32] : !exo.window<[N, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>
              exo.call @sm90_tma_load_multicast2_256x32_f32(%24, %25) >> %full[:, %19] : (!exo.window<[2, 256, 32], f32, smem_swizzle<128>>, !exo.window<[256, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                %26 = arith.muli %cm, %c128 : index
                %27 = exo.window %A_smem[%cm, %19, 0 :+ 128, 0 :+ 32] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 32], f32, smem_swizzle<128>>
                %28 = arith.addi %26, %17 : index
                %29 = exo.window %4[%28 :+ 128, %20 :+ 32] : !exo.window<[M, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
                exo.call @sm90_tma_load_128x32_f32_swizzle128(%27, %29) >> %full[%cm, %19] : (!exo.window<[128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.arrive(cuda_temporal) >> %full[:, %19] : !exo.barrier<mbarrier, [2, ? ring 4]>
              }
            }
            %21 = arith.addi %c3, %ko : index
            %22 = arith.cmpi sge, %ko, %c1 : index
            %23 = arith.addi %11, %21 : index
            exo.warps "consumer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%full[%cm, %19], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [2, ? ring 4]>
                exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                  %24 = arith.muli %wg, %c64 : index
                  exo.fence(wgmma_fence_1, wgmma_fence_2)
                  exo.for %kk = 0 to 4 seq {
                    %25 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                    %26 = arith.muli %kk, %c8 : index
                    %27 = exo.window %A_smem[%cm, %19, %24 :+ 64, %26 :+ 8] : !exo.tensor<[2, ? ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
                    %28 = exo.window %B_smem[%cm, %19, 0 :+ 256, %26 :+ 8] : !exo.tensor<[2, ? ring 4, 256, 32], f32, smem_swizzle<128>> -> !exo.window<[256, 8], f32, smem_swizzle<128>>
                    exo.call @sm90_wgmma_m64n256k8_tf32(%25, %27, %28) : (!exo.window<[64, 256], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[256, 8], f32, smem_swizzle<128>>)
                  }
                  exo.arrive(wgmma_async) >> %cg[%cm, %wg] : !exo.barrier<wgmma_group, [2, 2]>
                  exo.await(%cg[%cm, %wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2, 2]>
                }
                exo.if %22 {
                  exo.arrive(cuda_in_order) >> %empty[:, %23] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
                }
              }
            }
          }
          %18 = arith.addi %11, %6 : index
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%cm, %wg], cuda_in_order, 0) : !exo.barrier<wgmma_group, [2, 2]>
              }
              exo.arrive(cuda_in_order) >> %empty[:, %18] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
            }
          }
          exo.for %cm = 0 to 2 cuda_threads<cta> {
            %19 = arith.muli %cm, %c128 : index
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %20 = arith.muli %wg, %c64 : index
                %21 = arith.addi %20, %19 : index
                %22 = arith.addi %21, %17 : index
                %23 = exo.window %C[%22 :+ 64, %16 :+ 256] : !exo.tensor<[M, N], f32, gmem> -> !exo.window<[64, 256], f32, gmem>
                %24 = exo.window %D[%cm, %wg, 0 :+ 64, 0 :+ 256] : !exo.tensor<[2, 2, 64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
                exo.call @sm90_wgmma_store_d_gmem_m64n256_f32(%23, %24) : (!exo.window<[64, 256], f32, gmem>, !exo.window<[64, 256], f32, wgmma_accum>)
              }
            }
          }
        }
      }
    }
  }
}


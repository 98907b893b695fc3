#set = affine_set<()[s0, s1, s2] : (s0 mod 128 == 0, s1 mod 128 == 0, s2 mod 32 == 0, s0 - 128 >= 0, s1 - 128 >= 0, s2 - 32 >= 0)>
module {
  exo.proc @sm90_tma_load_64x32_f32_swizzle128(%dst: !exo.window<[64, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order>}, %src: !exo.window<[64, 32], f32, tma_map<128, [64, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
    exo.for %i = 0 to 64 seq {
      exo.for %j = 0 to 32 seq {
        %0 = exo.read %src[%i, %j] : !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
        exo.assign %dst[%i, %j] = %0 : !exo.window<[64, 32], f32, smem_swizzle<128>>
      }
    }
  }
  exo.proc @sm90_tma_load_multicast2_128x32_f32(%dst: !exo.window<[2, 128, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order, distributed [cta]>}, %src: !exo.window<[128, 32], f32, tma_map<128, [64, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "tma_load_multicast_2d", barrier = mbarrier> {
    exo.for %c = 0 to 2 seq {
      exo.for %i = 0 to 128 seq {
        exo.for %j = 0 to 32 seq {
          %0 = exo.read %src[%i, %j] : !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
          exo.assign %dst[%c, %i, %j] = %0 : !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
        }
      }
    }
  }
  exo.proc @sm90_wgmma_zero_m64n128_f32(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<write>}) instr<unit = warpgroup, timeline = wgmma_zero, lowering = "wgmma_zero_scale_d"> {
    %cst = arith.constant 0.000000e+00 : f32
    exo.for %i = 0 to 64 seq {
      exo.for %j = 0 to 128 seq {
        exo.assign %d[%i, %j] = %cst : !exo.window<[64, 128], f32, wgmma_accum>
      }
    }
  }
  exo.proc @sm90_wgmma_m64n128k8_tf32(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[128, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
    exo.for %m = 0 to 64 seq {
      exo.for %n = 0 to 128 seq {
        exo.for %k = 0 to 8 seq {
          %0 = exo.read %a[%m, %k] : !exo.window<[64, 8], f32, smem_swizzle<128>>
          %1 = exo.read %b[%n, %k] : !exo.window<[128, 8], f32, smem_swizzle<128>>
          %2 = arith.truncf %0 : f32 to tf32
          %3 = arith.truncf %1 : f32 to tf32
          %4 = arith.extf %2 : tf32 to f32
          %5 = arith.extf %3 : tf32 to f32
          %6 = arith.mulf %4, %5 : f32
          exo.reduce %d[%m, %n] += %6 : !exo.window<[64, 128], f32, wgmma_accum>
        }
      }
    }
  }
  exo.proc @sm90_wgmma_store_d_gmem_m64n128_f32(%dst: !exo.window<[64, 128], f32, gmem> {exo.access = #exo.access<write>}, %src: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
    exo.for %i = 0 to 64 seq {
      exo.for %j = 0 to 128 seq {
        %0 = exo.read %src[%i, %j] : !exo.window<[64, 128], f32, wgmma_accum>
        exo.assign %dst[%i, %j] = %0 : !exo.window<[64, 128], f32, gmem>
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
          %2 = arith.truncf %0 : f32 to tf32
          %3 = arith.truncf %1 : f32 to tf32
          %4 = arith.extf %2 : tf32 to f32
          %5 = arith.extf %3 : tf32 to f32
          %6 = arith.mulf %4, %5 : f32
          exo.reduce %C[%m, %n] += %6 : !exo.tensor<[M, N], f32, dram>
        }
      }
    }
  }
  exo.proc @gemm_sm90_tf32_derived_ws_cluster(%M: index, %N: index, %K: index, %A: !exo.tensor<[M, K], f32, gmem>, %B: !exo.tensor<[N, K], f32, gmem>, %C: !exo.tensor<[M, N], f32, gmem>) requires #set {
    %c128 = arith.constant 128 : index
    %0 = arith.divsi %M, %c128 : index
    %c64 = arith.constant 64 : index
    %1 = arith.divsi %N, %c128 : index
    %c32 = arith.constant 32 : index
    %2 = arith.divsi %K, %c32 : index
    %c8 = arith.constant 8 : index
    %3 = exo.window %B[:, :] : !exo.tensor<[N, K], f32, gmem> -> !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
    %4 = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem> -> !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 4, inc 232>], clusterDim = 2) {
      exo.for %tn = 0 to %1 cuda_tasks {
        %5 = arith.muli %tn, %c128 : index
        exo.for %tm = 0 to %0 cuda_tasks {
          %6 = arith.muli %tm, %c128 : index
          %D = exo.alloc : !exo.tensor<[2, 64, 128], f32, wgmma_accum>
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %7 = exo.window %D[%cm, 0 :+ 64, 0 :+ 128] : !exo.tensor<[2, 64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
              exo.call @sm90_wgmma_zero_m64n128_f32(%7) : (!exo.window<[64, 128], f32, wgmma_accum>)
            }
          }
          %full = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 8]>
          %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]>
          %cg = exo.alloc : !exo.barrier<wgmma_group, [2]>
          %A_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 8, 64, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]>
          %B_smem = exo.alloc guarded_by %empty : !exo.tensor<[2, ? ring 8, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]>
          exo.for %ko = 0 to %2 seq {
            %7 = arith.muli %ko, %c32 : index
            exo.warps "producer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%empty[%cm, %ko], cuda_temporal, 0) : !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]>
              }
              %10 = exo.window %B_smem[0 :+ 2, %ko, 0 :+ 128, 0 :+ 32] : !exo.tensor<[2, ? ring 8, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
              %11 = exo.window %3[%5 :+ 128, %7 :+ 32] : !exo.window<[N, K], f32, tma_map<128, [64, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
              exo.call @sm90_tma_load_multicast2_128x32_f32(%10, %11) >> %full[:, %ko] : (!exo.window<[2, 128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 8]>
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                %12 = arith.muli %cm, %c64 : index
                %13 = exo.window %A_smem[%cm, %ko, 0 :+ 64, 0 :+ 32] : !exo.tensor<[2, ? ring 8, 64, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 32], f32, smem_swizzle<128>>
                %14 = arith.addi %12, %6 : index
                %15 = exo.window %4[%14 :+ 64, %7 :+ 32] : !exo.window<[M, K], f32, tma_map<128, [64, 32]>> -> !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
                exo.call @sm90_tma_load_64x32_f32_swizzle128(%13, %15) >> %full[%cm, %ko] : (!exo.window<[64, 32], f32, smem_swizzle<128>>, !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>) >> !exo.barrier<mbarrier, [2, ? ring 8]>
                exo.arrive(cuda_temporal) >> %full[:, %ko] : !exo.barrier<mbarrier, [2, ? ring 8]>
              }
            }
            %8 = arith.addi %c7, %ko : index
            %9 = arith.cmpi sge, %ko, %c1 : index
            exo.warps "consumer" {
              exo.for %cm = 0 to 2 cuda_threads<cta> {
                exo.await(%full[%cm, %ko], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [2, ? ring 8]>
                exo.fence(wgmma_fence_1, wgmma_fence_2)
                exo.for %kk = 0 to 4 seq {
                  %10 = exo.window %D[%cm, 0 :+ 64, 0 :+ 128] : !exo.tensor<[2, 64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
                  %11 = arith.muli %kk, %c8 : index
                  %12 = exo.window %A_smem[%cm, %ko, 0 :+ 64, %11 :+ 8] : !exo.tensor<[2, ? ring 8, 64, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
                  %13 = exo.window %B_smem[%cm, %ko, 0 :+ 128, %11 :+ 8] : !exo.tensor<[2, ? ring 8, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 8], f32, smem_swizzle<128>>
                  exo.call @sm90_wgmma_m64n128k8_tf32(%10, %12, %13) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[128, 8], f32, smem_swizzle<128>>)
                }
                exo.arrive(wgmma_async) >> %cg[%cm] : !exo.barrier<wgmma_group, [2]>
                exo.await(%cg[%cm], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2]>
                exo.if %9 {
                  exo.arrive(cuda_in_order) >> %empty[:, %8] : !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]>
                }
              }
            }
          }
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              exo.await(%cg[%cm], cuda_in_order, 0) : !exo.barrier<wgmma_group, [2]>
            }
          }
          exo.warps "consumer" {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %7 = arith.muli %cm, %c64 : index
              %8 = arith.addi %7, %6 : index
              %9 = exo.window %C[%8 :+ 64, %5 :+ 128] : !exo.tensor<[M, N], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
              %10 = exo.window %D[%cm, 0 :+ 64, 0 :+ 128] : !exo.tensor<[2, 64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
              exo.call @sm90_wgmma_store_d_gmem_m64n128_f32(%9, %10) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
            }
          }
        }
      }
    }
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
      %0 = transform.exo.match_proc @gemm_sm90_tf32_derived_ws_cluster in %arg0 : (!transform.any_op) -> !transform.any_op
      %1 = transform.exo.match_loop "m" in %0 : (!transform.any_op) -> !transform.any_op
      %outer, %inner, %tail_loop = transform.exo.divide_loop %1 by 128 ["tm", "mr"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %outer_0, %inner_1, %tail_loop_2 = transform.exo.divide_loop %inner by 64 ["cm", "mi"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %2 = transform.exo.match_loop "n" in %0 : (!transform.any_op) -> !transform.any_op
      %outer_3, %inner_4, %tail_loop_5 = transform.exo.divide_loop %2 by 128 ["tn", "ni"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %3 = transform.exo.match_loop "k" in %0 : (!transform.any_op) -> !transform.any_op
      %outer_6, %inner_7, %tail_loop_8 = transform.exo.divide_loop %3 by 32 ["ko", "ki"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %outer_9, %inner_10, %tail_loop_11 = transform.exo.divide_loop %inner_7 by 8 ["kk", "k8"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.exo.simplify %0 : !transform.any_op
      %outer_12, %inner_13 = transform.exo.reorder_loops %inner_1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %outer_14, %inner_15 = transform.exo.reorder_loops %outer_0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %outer_16, %inner_17 = transform.exo.reorder_loops %outer : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %4 = transform.exo.match_access "C" kind "assign" in %0 : (!transform.any_op) -> !transform.any_op
      %first, %second = transform.exo.fission %4 {depth = 2 : i64} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %5 = transform.exo.match_loop "ni" in %second : (!transform.any_op) -> !transform.any_op
      %outer_18, %inner_19 = transform.exo.reorder_loops %5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %outer_20, %inner_21 = transform.exo.reorder_loops %second : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %6 = transform.exo.match_loop "ni" in %outer_20 : (!transform.any_op) -> !transform.any_op
      %outer_22, %inner_23 = transform.exo.reorder_loops %6 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %7 = transform.exo.match_loop "mi" in %outer_20 : (!transform.any_op) -> !transform.any_op
      %outer_24, %inner_25 = transform.exo.reorder_loops %7 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %8 = transform.exo.match_loop "tn" in %0 : (!transform.any_op) -> !transform.any_op
      %9 = transform.exo.wrap_device_function %8 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] cluster_dim 2 blocks_per_sm 1 : (!transform.any_op) -> !transform.any_op
      %10 = transform.merge_handles %first, %outer_20 : !transform.any_op
      %alloc, %copy_in, %copy_out = transform.exo.stage_mem %10, "C" at ["128 * tm + 64 * cm", "128 * tn"] sizes [64, 128] as "D" in wgmma_accum : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %11 = transform.exo.replace %first with @sm90_wgmma_zero_m64n128_f32 : (!transform.any_op) -> !transform.any_op
      transform.exo.expand_dim %alloc size 2 index "cm" : !transform.any_op
      transform.exo.lift_alloc %alloc : !transform.any_op
      transform.exo.simplify %0 : !transform.any_op
      %first_26, %second_27 = transform.exo.fission %11 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %12 = transform.exo.match_loop "ko" in %0 : (!transform.any_op) -> !transform.any_op
      %first_28, %second_29 = transform.exo.fission %12 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %outer_30, %inner_31 = transform.exo.reorder_loops %first_28 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %13 = transform.exo.match_loop "ko" in %0 : (!transform.any_op) -> !transform.any_op
      %14 = transform.exo.insert_barrier_alloc %13 "full" : !exo.barrier<mbarrier, [2, ? ring 8]> : (!transform.any_op) -> !transform.any_op
      %15 = transform.exo.insert_barrier_alloc %13 "empty" : !exo.barrier<mbarrier(prearrive 8), [2, ? ring 8]> : (!transform.any_op) -> !transform.any_op
      %16 = transform.exo.insert_barrier_alloc %13 "cg" : !exo.barrier<wgmma_group, [2]> : (!transform.any_op) -> !transform.any_op
      %17 = transform.exo.match_loop "D_out_0" in %second_29 : (!transform.any_op) -> !transform.any_op
      %18 = transform.exo.insert_await %17 on "cg" at ["cm"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
      %first_32, %second_33 = transform.exo.fission %18 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %19 = transform.exo.match_loop "D_out_0" in %second_33 : (!transform.any_op) -> !transform.any_op
      %20 = transform.exo.replace %19 with @sm90_wgmma_store_d_gmem_m64n128_f32 : (!transform.any_op) -> !transform.any_op
      %21 = transform.exo.match_loop "kk" in %outer_30 : (!transform.any_op) -> !transform.any_op
      %alloc_34, %copy_in_35, %copy_out_36 = transform.exo.stage_mem %21, "A" at ["128 * tm + 64 * cm", "32 * ko"] sizes [64, 32] as "A_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %22 = transform.merge_handles %copy_in_35, %21 : !transform.any_op
      %alloc_37, %copy_in_38, %copy_out_39 = transform.exo.stage_mem %22, "B" at ["128 * tn", "32 * ko"] sizes [128, 32] as "B_smem" in smem_swizzle<128> : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
      transform.exo.simplify %0 : !transform.any_op
      transform.exo.expand_dim %alloc_34 ring 8 guarded_by "empty" index "ko" : !transform.any_op
      transform.exo.expand_dim %alloc_37 ring 8 guarded_by "empty" index "ko" : !transform.any_op
      transform.exo.expand_dim %alloc_34 size 2 index "cm" : !transform.any_op
      transform.exo.expand_dim %alloc_37 size 2 index "cm" : !transform.any_op
      transform.exo.lift_alloc %alloc_34 : !transform.any_op
      transform.exo.lift_alloc %alloc_37 : !transform.any_op
      transform.exo.lift_alloc %alloc_34 : !transform.any_op
      transform.exo.lift_alloc %alloc_37 : !transform.any_op
      transform.exo.simplify %0 : !transform.any_op
      %23 = transform.exo.insert_await %copy_in_38 on "empty" at ["cm", "ko"] timeline "cuda_temporal" pending 0 : (!transform.any_op) -> !transform.any_op
      %first_40, %second_41 = transform.exo.fission %23 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %first_42, %second_43 = transform.exo.fission %copy_in_38 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %first_44, %second_45 = transform.exo.fission %copy_in_35 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %24 = transform.exo.replace %first_42 with @sm90_tma_load_multicast2_128x32_f32 : (!transform.any_op) -> !transform.any_op
      %25 = transform.exo.replace %copy_in_35 with @sm90_tma_load_64x32_f32_swizzle128 : (!transform.any_op) -> !transform.any_op
      %26 = transform.exo.match_loop "mi" in %0 : (!transform.any_op) -> !transform.any_op
      %27 = transform.exo.replace %26 with @sm90_wgmma_m64n128k8_tf32 : (!transform.any_op) -> !transform.any_op
      transform.exo.simplify %0 : !transform.any_op
      %28 = transform.exo.match_loop "cm" in %0 : (!transform.any_op) -> !transform.any_op
      transform.exo.set_loop_mode %28 cuda_threads<cta> : !transform.any_op
      %29 = transform.exo.wrap_with_warps %first_26 group "consumer" : (!transform.any_op) -> !transform.any_op
      %30 = transform.exo.get_parent_loop %25 : (!transform.any_op) -> !transform.any_op
      %31 = transform.merge_handles %first_40, %24, %30 : !transform.any_op
      %32 = transform.exo.wrap_with_warps %31 group "producer" : (!transform.any_op) -> !transform.any_op
      %33 = transform.exo.match_loop "kk" in %0 : (!transform.any_op) -> !transform.any_op
      %34 = transform.exo.get_parent_loop %33 : (!transform.any_op) -> !transform.any_op
      %35 = transform.exo.wrap_with_warps %34 group "consumer" : (!transform.any_op) -> !transform.any_op
      %36 = transform.exo.wrap_with_warps %first_32 group "consumer" : (!transform.any_op) -> !transform.any_op
      %37 = transform.exo.get_parent_loop %20 : (!transform.any_op) -> !transform.any_op
      %38 = transform.exo.wrap_with_warps %37 group "consumer" : (!transform.any_op) -> !transform.any_op
      transform.exo.set_trailing_barrier %25 on "full" at ["cm", "ko"] : !transform.any_op
      transform.exo.set_trailing_barrier %24 on "full" at [":", "ko"] : !transform.any_op
      %39 = transform.exo.insert_arrive %25 after timeline "cuda_temporal" on "full" at [":", "ko"] : (!transform.any_op) -> !transform.any_op
      %40 = transform.exo.insert_await %33 on "full" at ["cm", "ko"] timeline "cuda_generic_and_async_proxy" pending 0 : (!transform.any_op) -> !transform.any_op
      %41 = transform.exo.insert_fence %33("wgmma_fence_1", "wgmma_fence_2") : (!transform.any_op) -> !transform.any_op
      %42 = transform.exo.insert_arrive %33 after timeline "wgmma_async" on "cg" at ["cm"] : (!transform.any_op) -> !transform.any_op
      %43 = transform.exo.insert_await %42 after on "cg" at ["cm"] timeline "cuda_in_order" pending 1 : (!transform.any_op) -> !transform.any_op
      %44 = transform.exo.insert_arrive %43 after timeline "cuda_in_order" on "empty" at [":", "ko + 7"] : (!transform.any_op) -> !transform.any_op
      %45 = transform.exo.guard_sync %44 if "ko >= 1" : (!transform.any_op) -> !transform.any_op
      transform.exo.simplify %0 : !transform.any_op
      transform.yield 
    }
  }
}


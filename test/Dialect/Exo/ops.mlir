// RUN: exo-gpu-opt %s | exo-gpu-opt | FileCheck %s
// RUN: exo-gpu-opt %s --mlir-print-op-generic | exo-gpu-opt | FileCheck %s

// Round trip of every exo op. The printed form is the specification: argument
// names, loop iterators and allocation names survive, in both the custom and
// the generic path.

// CHECK: #[[SET:.+]] = affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)>
// CHECK: #[[SET2:.+]] = affine_set<()[s0] : (s0 - 2 == 0)>

//===----------------------------------------------------------------------===//
// Host code
//===----------------------------------------------------------------------===//

// Sizes in argument types, a `requires` assertion, sequential loops and
// scalar accesses of dram tensors with dynamic indices.
// CHECK-LABEL: exo.proc @gemv(
// CHECK-SAME: %M: index, %K: index, %A: !exo.tensor<[M, K], f32, dram>, %x: !exo.tensor<[K], f32, dram>, %y: !exo.tensor<[M], f32, dram>)
// CHECK-SAME: requires #[[SET]] {
// CHECK-NEXT:   exo.for %i = 0 to %M seq {
// CHECK-NEXT:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     exo.assign %y[%i] = %[[ZERO]] : !exo.tensor<[M], f32, dram>
// CHECK-NEXT:     exo.for %k = 0 to %K seq {
// CHECK-NEXT:       %[[A:.+]] = exo.read %A[%i, %k] : !exo.tensor<[M, K], f32, dram>
// CHECK-NEXT:       %[[B:.+]] = exo.read %x[%k] : !exo.tensor<[K], f32, dram>
// CHECK-NEXT:       %[[P:.+]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:       exo.reduce %y[%i] += %[[P]] : !exo.tensor<[M], f32, dram>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
exo.proc @gemv(%M: index, %K: index,
               %A: !exo.tensor<[M, K], f32, dram>,
               %x: !exo.tensor<[K], f32, dram>,
               %y: !exo.tensor<[M], f32, dram>)
    requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  exo.for %i = 0 to %M seq {
    %zero = arith.constant 0.0 : f32
    exo.assign %y[%i] = %zero : !exo.tensor<[M], f32, dram>
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%i, %k] : !exo.tensor<[M, K], f32, dram>
      %b = exo.read %x[%k] : !exo.tensor<[K], f32, dram>
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%i] += %p : !exo.tensor<[M], f32, dram>
    }
  }
}

// Static indices and a scalar argument.
// CHECK-LABEL: exo.proc @static_indices(
// CHECK-SAME: %t: !exo.tensor<[4, 8], i32, dram>, %v: i32) {
// CHECK-NEXT:   %[[R:.+]] = exo.read %t[3, 7] : !exo.tensor<[4, 8], i32, dram>
// CHECK-NEXT:   exo.assign %t[0, 0] = %[[R]] : !exo.tensor<[4, 8], i32, dram>
// CHECK-NEXT:   exo.reduce %t[1, 2] += %v : !exo.tensor<[4, 8], i32, dram>
// CHECK-NEXT: }
exo.proc @static_indices(%t: !exo.tensor<[4, 8], i32, dram>, %v: i32) {
  %r = exo.read %t[3, 7] : !exo.tensor<[4, 8], i32, dram>
  exo.assign %t[0, 0] = %r : !exo.tensor<[4, 8], i32, dram>
  exo.reduce %t[1, 2] += %v : !exo.tensor<[4, 8], i32, dram>
}

// exo.if with and without else; loops with a non-zero lower bound, constant
// bounds and an empty body.
// CHECK-LABEL: exo.proc @guards(
// CHECK-SAME: %n: index, %t: !exo.tensor<[n], f32, dram>) {
// CHECK-NEXT:   exo.for %i = 2 to %n seq {
// CHECK-NEXT:     %[[C:.+]] = arith.cmpi ult, %i, %n : index
// CHECK-NEXT:     exo.if %[[C]] {
// CHECK-NEXT:       %[[V0:.+]] = exo.read %t[%i] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:       exo.assign %t[0] = %[[V0]] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:     }
// CHECK-NEXT:     exo.if %[[C]] {
// CHECK-NEXT:       %[[V1:.+]] = exo.read %t[1] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:       exo.assign %t[%i] = %[[V1]] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %[[V2:.+]] = exo.read %t[%i] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:       exo.reduce %t[%i] += %[[V2]] : !exo.tensor<[n], f32, dram>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   exo.for %j = 0 to 4 seq {
// CHECK-NEXT:   }
// CHECK-NEXT: }
exo.proc @guards(%n: index, %t: !exo.tensor<[n], f32, dram>) {
  exo.for %i = 2 to %n seq {
    %c = arith.cmpi ult, %i, %n : index
    exo.if %c {
      %v = exo.read %t[%i] : !exo.tensor<[n], f32, dram>
      exo.assign %t[0] = %v : !exo.tensor<[n], f32, dram>
    }
    exo.if %c {
      %v = exo.read %t[1] : !exo.tensor<[n], f32, dram>
      exo.assign %t[%i] = %v : !exo.tensor<[n], f32, dram>
    } else {
      %v = exo.read %t[%i] : !exo.tensor<[n], f32, dram>
      exo.reduce %t[%i] += %v : !exo.tensor<[n], f32, dram>
    }
  }
  exo.for %j = 0 to 4 seq {
  }
}

// Host allocations (dram and gmem) keep their names; windows with points,
// `lo :+ n` intervals (static and dynamic lo) and `:`; windows of windows.
// CHECK-LABEL: exo.proc @host_windows(
// CHECK-SAME: %M: index, %N: index, %i: index, %src: !exo.tensor<[M, 16, N], f16, dram>) {
// CHECK-NEXT:   %buf = exo.alloc : !exo.tensor<[M, 16], bf16, dram>
// CHECK-NEXT:   %dev = exo.alloc : !exo.tensor<[M, N], f32, gmem>
// CHECK-NEXT:   %[[ROW:.+]] = exo.window %src[%i, :, 2 :+ 4] : !exo.tensor<[M, 16, N], f16, dram> -> !exo.window<[16, 4], f16, dram>
// CHECK-NEXT:   %[[PT:.+]] = exo.window %[[ROW]][3, %i :+ 2] : !exo.window<[16, 4], f16, dram> -> !exo.window<[2], f16, dram>
// CHECK-NEXT:   %[[ALL:.+]] = exo.window %src[:, :, :] : !exo.tensor<[M, 16, N], f16, dram> -> !exo.window<[M, 16, N], f16, dram>
// CHECK-NEXT:   %[[V:.+]] = exo.read %[[PT]][1] : !exo.window<[2], f16, dram>
// CHECK-NEXT:   exo.assign %[[ALL]][%i, 0, %i] = %[[V]] : !exo.window<[M, 16, N], f16, dram>
// CHECK-NEXT: }
exo.proc @host_windows(%M: index, %N: index, %i: index,
                       %src: !exo.tensor<[M, 16, N], f16, dram>) {
  %buf = exo.alloc : !exo.tensor<[M, 16], bf16, dram>
  %dev = exo.alloc : !exo.tensor<[M, N], f32, gmem>
  %row = exo.window %src[%i, :, 2 :+ 4] : !exo.tensor<[M, 16, N], f16, dram> -> !exo.window<[16, 4], f16, dram>
  %pt = exo.window %row[3, %i :+ 2] : !exo.window<[16, 4], f16, dram> -> !exo.window<[2], f16, dram>
  %all = exo.window %src[:, :, :] : !exo.tensor<[M, 16, N], f16, dram> -> !exo.window<[M, 16, N], f16, dram>
  %v = exo.read %pt[1] : !exo.window<[2], f16, dram>
  exo.assign %all[%i, 0, %i] = %v : !exo.window<[M, 16, N], f16, dram>
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

// A user-defined instruction (a proc with instr<...> and the body the user
// writes) with a barrier mechanism; exo.access on every array argument.
// CHECK-LABEL: exo.proc @my_tma_load(
// CHECK-SAME: %dst: !exo.window<[128, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order, oob>},
// CHECK-SAME: %src: !exo.window<[128, 32], f32, tma_map<128, [128, 32]>> {exo.access = #exo.access<read, out_of_order, oob>})
// CHECK-SAME: instr<unit = thread, timeline = tma_to_smem, lowering = "my_tma_load", barrier = mbarrier> {
// CHECK-NEXT:   exo.for %i = 0 to 128 seq {
// CHECK-NEXT:     exo.for %j = 0 to 32 seq {
// CHECK-NEXT:       %[[V:.+]] = exo.read %src[%i, %j] : !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
// CHECK-NEXT:       exo.assign %dst[%i, %j] = %[[V]] : !exo.window<[128, 32], f32, smem_swizzle<128>>
exo.proc @my_tma_load(%dst: !exo.window<[128, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order, oob>},
                      %src: !exo.window<[128, 32], f32, tma_map<128, [128, 32]>> {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "my_tma_load", barrier = mbarrier> {
  exo.for %i = 0 to 128 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
      exo.assign %dst[%i, %j] = %v : !exo.window<[128, 32], f32, smem_swizzle<128>>
    }
  }
}

// A multicast instruction: a `distributed` destination, a size argument
// without exo.access, an assertion on it after the instr attribute, and a
// cuda_threads loop in instruction semantics.
// CHECK-LABEL: exo.proc @my_tma_multicast(
// CHECK-SAME: %n: index,
// CHECK-SAME: %dst: !exo.window<[2, 64], f32, smem> {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
// CHECK-SAME: %src: !exo.window<[64], f32, tma_map<0, [1, 64]>> {exo.access = #exo.access<read, out_of_order>})
// CHECK-SAME: instr<unit = thread, timeline = tma_to_smem, lowering = "my_tma_multicast", barrier = mbarrier> requires #[[SET2]] {
// CHECK-NEXT:   exo.for %c = 0 to 2 cuda_threads<cta> {
exo.proc @my_tma_multicast(%n: index,
                        %dst: !exo.window<[2, 64], f32, smem> {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
                        %src: !exo.window<[64], f32, tma_map<0, [1, 64]>> {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "my_tma_multicast", barrier = mbarrier>
    requires affine_set<()[s0] : (s0 - 2 == 0)> {
  exo.for %c = 0 to 2 cuda_threads<cta> {
    exo.for %i = 0 to 64 seq {
      %v = exo.read %src[%i] : !exo.window<[64], f32, tma_map<0, [1, 64]>>
      exo.assign %dst[%c, %i] = %v : !exo.window<[2, 64], f32, smem>
    }
  }
}

// An atomic reduction that signals a bulk group.
// CHECK-LABEL: exo.proc @my_tma_reduce(
// CHECK-SAME: %dst: !exo.window<[64], f32, tma_map<0, [1, 64]>> {exo.access = #exo.access<read_write, out_of_order, atomic>},
// CHECK-SAME: %src: !exo.window<[64], f32, smem> {exo.access = #exo.access<read>})
// CHECK-SAME: instr<unit = thread, timeline = tma_to_gmem, lowering = "my_tma_reduce", barrier = bulk_group> {
// CHECK:        exo.reduce %dst[%i] += %{{.+}} : !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @my_tma_reduce(%dst: !exo.window<[64], f32, tma_map<0, [1, 64]>> {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !exo.window<[64], f32, smem> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "my_tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !exo.window<[64], f32, smem>
    exo.reduce %dst[%i] += %v : !exo.window<[64], f32, tma_map<0, [1, 64]>>
  }
}

// An instruction without a barrier mechanism.
// CHECK-LABEL: exo.proc @zero_accum(
// CHECK-SAME: %d: !exo.window<[64, 8], f32, wgmma_accum> {exo.access = #exo.access<write>})
// CHECK-SAME: instr<unit = warpgroup, timeline = cuda_in_order, lowering = "zero_accum"> {
exo.proc @zero_accum(%d: !exo.window<[64, 8], f32, wgmma_accum> {exo.access = #exo.access<write>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "zero_accum"> {
  %zero = arith.constant 0.0 : f32
  exo.for %r = 0 to 64 seq {
    exo.for %c = 0 to 8 seq {
      exo.assign %d[%r, %c] = %zero : !exo.window<[64, 8], f32, wgmma_accum>
    }
  }
}

//===----------------------------------------------------------------------===//
// Device code
//===----------------------------------------------------------------------===//

// A warp-specialized kernel: a tensor map built on the host, ring buffers
// guarded by a pre-arrived mbarrier ring, named warp groups (whole and a
// range), a trailing barrier, fences, arrives (one and several targets,
// multicast `:`) and awaits.
// CHECK-LABEL: exo.proc @kernel(
// CHECK-SAME: %M: index, %K: index, %A: !exo.tensor<[M, K], f32, gmem>, %C: !exo.tensor<[M], f32, gmem>) {
// CHECK-NEXT:   %[[MAP:.+]] = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem> -> !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
// CHECK-NEXT:   exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
// CHECK-NEXT:     exo.for %mt = 0 to %M cuda_tasks {
// CHECK-NEXT:       %full = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
// CHECK-NEXT:       %war = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
// CHECK-NEXT:       %cg = exo.alloc : !exo.barrier<wgmma_group, [2]>
// CHECK-NEXT:       %smem = exo.alloc guarded_by %war : !exo.tensor<[8 ring 4, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
// CHECK-NEXT:       %acc = exo.alloc : !exo.tensor<[2, 64, 8], f32, wgmma_accum>
// CHECK-NEXT:       exo.warps "producer" {
// CHECK-NEXT:         exo.for %k = 0 to %K seq {
// CHECK-NEXT:           %[[W:.+]] = exo.window %smem[%k, :, :] : !exo.tensor<[8 ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 32], f32, smem_swizzle<128>>
// CHECK-NEXT:           %[[S:.+]] = exo.window %[[MAP]][%mt :+ 128, %k :+ 32] : !exo.window<[M, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
// CHECK-NEXT:           exo.call @my_tma_load(%[[W]], %[[S]]) >> %full[%k] : (!exo.window<[128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [? ring 4]>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       exo.warps "consumer" 4 to 8 {
// CHECK-NEXT:         exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
// CHECK-NEXT:       }
// CHECK-NEXT:       exo.warps "consumer" {
// CHECK-NEXT:         exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
// CHECK-NEXT:           %[[ACC:.+]] = exo.window %acc[%wg, :, :] : !exo.tensor<[2, 64, 8], f32, wgmma_accum> -> !exo.window<[64, 8], f32, wgmma_accum>
// CHECK-NEXT:           exo.call @zero_accum(%[[ACC]]) : (!exo.window<[64, 8], f32, wgmma_accum>)
// CHECK-NEXT:           exo.fence(wgmma_fence_1, wgmma_fence_2)
// CHECK-NEXT:           exo.await(%full[%mt], wgmma_async_smem, 0) : !exo.barrier<mbarrier, [? ring 4]>
// CHECK-NEXT:           exo.arrive(wgmma_async) >> %cg[%wg] : !exo.barrier<wgmma_group, [2]>
// CHECK-NEXT:           exo.await(%cg[%wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2]>
// CHECK-NEXT:           exo.arrive(cuda_in_order) >> %war[0, %mt] >> %war[:, %mt] >> %war[1, 3] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
exo.proc @kernel(%M: index, %K: index,
                 %A: !exo.tensor<[M, K], f32, gmem>,
                 %C: !exo.tensor<[M], f32, gmem>) {
  %map = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem> -> !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
  exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>, <"consumer", 8, inc 232>], clusterDim = 2) {
    exo.for %mt = 0 to %M cuda_tasks {
      %full = exo.alloc : !exo.barrier<mbarrier, [? ring 4]>
      %war = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
      %cg = exo.alloc : !exo.barrier<wgmma_group, [2]>
      %smem = exo.alloc guarded_by %war : !exo.tensor<[8 ring 4, 128, 32], f32, smem_swizzle<128>>, guard !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
      %acc = exo.alloc : !exo.tensor<[2, 64, 8], f32, wgmma_accum>
      exo.warps "producer" {
        exo.for %k = 0 to %K seq {
          %w = exo.window %smem[%k, :, :] : !exo.tensor<[8 ring 4, 128, 32], f32, smem_swizzle<128>> -> !exo.window<[128, 32], f32, smem_swizzle<128>>
          %s = exo.window %map[%mt :+ 128, %k :+ 32] : !exo.window<[M, K], f32, tma_map<128, [128, 32]>> -> !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>
          exo.call @my_tma_load(%w, %s) >> %full[%k] : (!exo.window<[128, 32], f32, smem_swizzle<128>>, !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [? ring 4]>
        }
      }
      exo.warps "consumer" 4 to 8 {
        exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      }
      exo.warps "consumer" {
        exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
          %a = exo.window %acc[%wg, :, :] : !exo.tensor<[2, 64, 8], f32, wgmma_accum> -> !exo.window<[64, 8], f32, wgmma_accum>
          exo.call @zero_accum(%a) : (!exo.window<[64, 8], f32, wgmma_accum>)
          exo.fence(wgmma_fence_1, wgmma_fence_2)
          exo.await(%full[%mt], wgmma_async_smem, 0) : !exo.barrier<mbarrier, [? ring 4]>
          exo.arrive(wgmma_async) >> %cg[%wg] : !exo.barrier<wgmma_group, [2]>
          exo.await(%cg[%wg], cuda_in_order, 1) : !exo.barrier<wgmma_group, [2]>
          exo.arrive(cuda_in_order) >> %war[0, %mt] >> %war[:, %mt] >> %war[1, 3] : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]>
        }
      }
    }
  }
}

// A kernel with blockDim, clusterDim and blocksPerSM: a two-level task nest
// with index arithmetic above it, every on-chip memory, cuda_threads loops
// over several collective units (scaled, strided, custom), an anonymous warp
// range, grid constants, a multicast trailing barrier, a trailing barrier of
// rank 0, and the commit-group and cluster-sync barriers.
// CHECK-LABEL: exo.proc @units(
// CHECK-SAME: %T: index, %g: !exo.tensor<[T, 256], f32, gmem>, %p: !exo.tensor<[4], i32, grid_const>, %map: !exo.window<[T, 64], f32, tma_map<0, [1, 64]>>) {
// CHECK-NEXT:   exo.device_function(blockDim = 256, clusterDim = 2, blocksPerSM = 2) {
// CHECK-NEXT:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:     exo.for %t = 0 to %T cuda_tasks {
// CHECK-NEXT:       exo.for %u = %[[C1]] to 3 cuda_tasks {
// CHECK-NEXT:         %mc = exo.alloc : !exo.barrier<mbarrier, [2, 4]>
// CHECK-NEXT:         %bg = exo.alloc : !exo.barrier<bulk_group>
// CHECK-NEXT:         %cs = exo.alloc : !exo.barrier<cluster_sync>
// CHECK-NEXT:         %cp = exo.alloc : !exo.barrier<cp_async_group, [2, 8]>
// CHECK-NEXT:         %dst = exo.alloc : !exo.tensor<[2, 2, 64], f32, smem>
// CHECK-NEXT:         %r = exo.alloc : !exo.tensor<[256, 4], f32, regs>
// CHECK-NEXT:         %ru = exo.alloc : !exo.tensor<[8], i32, regs_uniform<32>>
// CHECK-NEXT:         %wa = exo.alloc : !exo.tensor<[2, 64, 8], tf32, wgmma_a>
// CHECK-NEXT:         %ss = exo.alloc : !exo.tensor<[4, 64], f16, smem_swizzle<32>>
// CHECK-NEXT:         %s64 = exo.alloc : !exo.tensor<[4, 64], f16, smem_swizzle<64>>
// CHECK-NEXT:         exo.for %c = 0 to 2 cuda_threads<cta> {
// CHECK-NEXT:           exo.for %th = 0 to 256 cuda_threads<thread> {
// CHECK-NEXT:             %[[PV:.+]] = exo.read %p[2] : !exo.tensor<[4], i32, grid_const>
// CHECK-NEXT:             exo.assign %ru[0] = %[[PV]] : !exo.tensor<[8], i32, regs_uniform<32>>
// CHECK-NEXT:             %[[GV:.+]] = exo.read %g[%t, %th] : !exo.tensor<[T, 256], f32, gmem>
// CHECK-NEXT:             exo.assign %r[%th, 0] = %[[GV]] : !exo.tensor<[256, 4], f32, regs>
// CHECK-NEXT:           }
// CHECK-NEXT:           exo.for %w = 0 to 8 cuda_threads<warp> {
// CHECK-NEXT:             exo.for %q = 0 to 8 cuda_threads<quadpair> {
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           exo.for %w2 = 0 to 4 cuda_threads<2 * warp> {
// CHECK-NEXT:             exo.for %s = 0 to 4 cuda_threads<threads_strided(1, 4)> {
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           exo.for %k = 0 to 2 cuda_threads<custom<[blockDim, 8], [1, 4], 0>> {
// CHECK-NEXT:           }
// CHECK-NEXT:           exo.warps 0 to 4 {
// CHECK-NEXT:             exo.for %one = 0 to 1 cuda_threads<thread> {
// CHECK-NEXT:               %[[D:.+]] = exo.window %dst[%c, %u, :] : !exo.tensor<[2, 2, 64], f32, smem> -> !exo.window<[64], f32, smem>
// CHECK-NEXT:               %[[M:.+]] = exo.window %map[%t, :] : !exo.window<[T, 64], f32, tma_map<0, [1, 64]>> -> !exo.window<[64], f32, tma_map<0, [1, 64]>>
// CHECK-NEXT:               %[[DM:.+]] = exo.window %dst[:, 1, :] : !exo.tensor<[2, 2, 64], f32, smem> -> !exo.window<[2, 64], f32, smem>
// CHECK-NEXT:               exo.call @my_tma_multicast(%T, %[[DM]], %[[M]]) >> %mc[:, 3] : (index, !exo.window<[2, 64], f32, smem>, !exo.window<[64], f32, tma_map<0, [1, 64]>>) >> !exo.barrier<mbarrier, [2, 4]>
// CHECK-NEXT:               exo.call @my_tma_reduce(%[[M]], %[[D]]) >> %bg : (!exo.window<[64], f32, tma_map<0, [1, 64]>>, !exo.window<[64], f32, smem>) >> !exo.barrier<bulk_group>
// CHECK-NEXT:               exo.await(%bg, cuda_in_order, 0) : !exo.barrier<bulk_group>
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
// CHECK-NEXT:             exo.arrive(cp_async) >> %cp[%wg, 7] : !exo.barrier<cp_async_group, [2, 8]>
// CHECK-NEXT:             exo.await(%cp[1, %wg], cuda_in_order, 2) : !exo.barrier<cp_async_group, [2, 8]>
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:         exo.for %cl = 0 to 1 cuda_threads<cluster> {
// CHECK-NEXT:           exo.fence(cuda_in_order, cuda_in_order)
// CHECK-NEXT:           exo.arrive(cuda_temporal) >> %cs : !exo.barrier<cluster_sync>
// CHECK-NEXT:           exo.await(%cs, cuda_temporal, 0) : !exo.barrier<cluster_sync>
// CHECK-NEXT:           exo.arrive(tma_to_gmem_async) >> %bg : !exo.barrier<bulk_group>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
exo.proc @units(%T: index, %g: !exo.tensor<[T, 256], f32, gmem>,
                %p: !exo.tensor<[4], i32, grid_const>,
                %map: !exo.window<[T, 64], f32, tma_map<0, [1, 64]>>) {
  exo.device_function(blockDim = 256, clusterDim = 2, blocksPerSM = 2) {
    %lo = arith.constant 1 : index
    exo.for %t = 0 to %T cuda_tasks {
      exo.for %u = %lo to 3 cuda_tasks {
        %mc = exo.alloc : !exo.barrier<mbarrier, [2, 4]>
        %bg = exo.alloc : !exo.barrier<bulk_group>
        %cs = exo.alloc : !exo.barrier<cluster_sync>
        %cp = exo.alloc : !exo.barrier<cp_async_group, [2, 8]>
        %dst = exo.alloc : !exo.tensor<[2, 2, 64], f32, smem>
        %r = exo.alloc : !exo.tensor<[256, 4], f32, regs>
        %ru = exo.alloc : !exo.tensor<[8], i32, regs_uniform<32>>
        %wa = exo.alloc : !exo.tensor<[2, 64, 8], tf32, wgmma_a>
        %ss = exo.alloc : !exo.tensor<[4, 64], f16, smem_swizzle<32>>
        %s64 = exo.alloc : !exo.tensor<[4, 64], f16, smem_swizzle<64>>
        exo.for %c = 0 to 2 cuda_threads<cta> {
          exo.for %th = 0 to 256 cuda_threads<thread> {
            %v = exo.read %p[2] : !exo.tensor<[4], i32, grid_const>
            exo.assign %ru[0] = %v : !exo.tensor<[8], i32, regs_uniform<32>>
            %x = exo.read %g[%t, %th] : !exo.tensor<[T, 256], f32, gmem>
            exo.assign %r[%th, 0] = %x : !exo.tensor<[256, 4], f32, regs>
          }
          exo.for %w = 0 to 8 cuda_threads<warp> {
            exo.for %q = 0 to 8 cuda_threads<quadpair> {
            }
          }
          exo.for %w2 = 0 to 4 cuda_threads<2 * warp> {
            exo.for %s = 0 to 4 cuda_threads<threads_strided(1, 4)> {
            }
          }
          exo.for %k = 0 to 2 cuda_threads<custom<[blockDim, 8], [1, 4], 0>> {
          }
          exo.warps 0 to 4 {
            exo.for %one = 0 to 1 cuda_threads<thread> {
              %d = exo.window %dst[%c, %u, :] : !exo.tensor<[2, 2, 64], f32, smem> -> !exo.window<[64], f32, smem>
              %m = exo.window %map[%t, :] : !exo.window<[T, 64], f32, tma_map<0, [1, 64]>> -> !exo.window<[64], f32, tma_map<0, [1, 64]>>
              %dm = exo.window %dst[:, 1, :] : !exo.tensor<[2, 2, 64], f32, smem> -> !exo.window<[2, 64], f32, smem>
              exo.call @my_tma_multicast(%T, %dm, %m) >> %mc[:, 3] : (index, !exo.window<[2, 64], f32, smem>, !exo.window<[64], f32, tma_map<0, [1, 64]>>) >> !exo.barrier<mbarrier, [2, 4]>
              exo.call @my_tma_reduce(%m, %d) >> %bg : (!exo.window<[64], f32, tma_map<0, [1, 64]>>, !exo.window<[64], f32, smem>) >> !exo.barrier<bulk_group>
              exo.await(%bg, cuda_in_order, 0) : !exo.barrier<bulk_group>
            }
          }
          exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
            exo.arrive(cp_async) >> %cp[%wg, 7] : !exo.barrier<cp_async_group, [2, 8]>
            exo.await(%cp[1, %wg], cuda_in_order, 2) : !exo.barrier<cp_async_group, [2, 8]>
          }
        }
        exo.for %cl = 0 to 1 cuda_threads<cluster> {
          exo.fence(cuda_in_order, cuda_in_order)
          exo.arrive(cuda_temporal) >> %cs : !exo.barrier<cluster_sync>
          exo.await(%cs, cuda_temporal, 0) : !exo.barrier<cluster_sync>
          exo.arrive(tma_to_gmem_async) >> %bg : !exo.barrier<bulk_group>
        }
      }
    }
  }
}

// Regression: an exo.if with an empty then-block round-trips (the block is
// printed and re-created on parse).
// CHECK-LABEL: exo.proc @empty_if
// CHECK: exo.if %{{.*}} {
// CHECK-NEXT: }
exo.proc @empty_if(%i: index) {
  %c = arith.cmpi ult, %i, %i : index
  exo.if %c {
  }
}

// Regression: strings with quotes round-trip (they are printed escaped).
// CHECK-LABEL: exo.proc @quoted
// CHECK-SAME: lowering = "a\22b"
exo.proc @quoted() instr<unit = thread, timeline = cuda_in_order, lowering = "a\"b"> {
}

// oob accesses and windows (drop_bounds_guard, stage_mem, replace make
// them): the keyword comes first; a static index or interval may lie past a
// constant extent.
// CHECK-LABEL: exo.proc @oob_accesses
// CHECK: %[[V:.*]] = exo.read oob %A[%i, 7] : !exo.tensor<[M, 4], f32, dram>
// CHECK: exo.assign oob %A[%i, 0] = %[[V]] : !exo.tensor<[M, 4], f32, dram>
// CHECK: exo.reduce oob %A[%i, 5] += %[[V]] : !exo.tensor<[M, 4], f32, dram>
// CHECK: exo.window oob %A[%i :+ 8, 2 :+ 4] : !exo.tensor<[M, 4], f32, dram> -> !exo.window<[8, 4], f32, dram>
exo.proc @oob_accesses(%M: index, %i: index, %A: !exo.tensor<[M, 4], f32, dram>) {
  %v = exo.read oob %A[%i, 7] : !exo.tensor<[M, 4], f32, dram>
  exo.assign oob %A[%i, 0] = %v : !exo.tensor<[M, 4], f32, dram>
  exo.reduce oob %A[%i, 5] += %v : !exo.tensor<[M, 4], f32, dram>
  %w = exo.window oob %A[%i :+ 8, 2 :+ 4] : !exo.tensor<[M, 4], f32, dram> -> !exo.window<[8, 4], f32, dram>
}

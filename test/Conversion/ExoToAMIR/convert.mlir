// RUN: exo-gpu-opt %s -convert-exo-to-amir | FileCheck %s
// The abstract machine sees control structure and access records: loops keep
// their modes, warp groups become absolute warp ranges, reads and writes of
// tensors and windows become records of windows of variables with the
// qualitative timelines of their instruction timeline and memory, an
// instruction groups its argument accesses with its trailing barrier, data
// values disappear.

// CHECK-LABEL: amir.program @k(%N)
// CHECK-NEXT: %x = amir.alloc "x" [%N, 64] memory <gmem>
// CHECK: amir.device clusterDim 1 blockDim 64 {
// CHECK: amir.tasks_for %t = %{{.*}} to %N {
// CHECK-NEXT: %s = amir.alloc "s" [64] memory <smem>
// CHECK-NEXT: %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
// CHECK-NEXT: amir.warps absolute 1 to 2 {
// CHECK-NEXT: amir.instr "load" >> %b[%t] {
// CHECK-NEXT: amir.mutate %s[0] sizes [64] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
// CHECK-NEXT: amir.read %x[%t, 0] sizes [1, 64] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order
// CHECK-NEXT: }
// CHECK-NEXT: amir.arrive cuda_temporal >> %b[%t]
// CHECK: amir.await %b[%t], cuda_generic_and_async_proxy, 0
// CHECK-NEXT: amir.threads_for %i = 0 to 32 unit #exo.unit<thread> {
// CHECK: amir.read %s[%{{.*}}] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
// CHECK-NOT: arith.mulf
// CHECK: amir.mutate %x[%t, %{{.*}}] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]{{$}}
exo.proc @load(%dst: !exo.window<[64], f32, smem> {exo.access = #exo.access<write, out_of_order>},
               %src: !exo.window<[64], f32, gmem> {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "x", barrier = mbarrier> {
}

exo.proc @k(%N: index, %x: !exo.tensor<[N, 64], f32, gmem>) {
  %c32 = arith.constant 32 : index
  exo.device_function(warps = [<"consumer", 1>, <"producer", 1>]) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.warps "producer" {
        %row = exo.window %x[%t, :] : !exo.tensor<[N, 64], f32, gmem> -> !exo.window<[64], f32, gmem>
        %all = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !exo.window<[64], f32, smem>
        exo.call @load(%all, %row) >> %b[%t] : (!exo.window<[64], f32, smem>, !exo.window<[64], f32, gmem>) >> !exo.barrier<mbarrier, [? ring 2]>
        exo.arrive(cuda_temporal) >> %b[%t] : !exo.barrier<mbarrier, [? ring 2]>
      }
      exo.warps "consumer" {
        exo.await(%b[%t], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [? ring 2]>
        exo.for %i = 0 to 32 cuda_threads<thread> {
          %j = arith.addi %i, %c32 : index
          %v = exo.read %s[%j] : !exo.tensor<[64], f32, smem>
          %w = arith.mulf %v, %v : f32
          exo.reduce %x[%t, %i] += %w : !exo.tensor<[N, 64], f32, gmem>
        }
      }
    }
  }
}

// oob accesses (an oob element access; an instruction's oob parameter) are
// recorded with `clip`: the machine then touches only the part inside the
// variable. Accesses that are in bounds are not clipped.
// CHECK-LABEL: amir.program @partial(%N)
// CHECK: amir.instr "load_oob" {
// CHECK-NEXT: amir.mutate %r[%{{.*}}, 0] sizes [1, 8] qual <cuda_regs> ext [#exo.qual<cuda_regs>, #exo.qual<wgmma_zero>] write_only{{$}}
// CHECK-NEXT: amir.read %x[%{{.*}}] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] clip
// CHECK: amir.read %x[%{{.*}}] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] clip
// CHECK: amir.mutate %x[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only{{$}}
exo.proc @load_oob(%dst: !exo.window<[8], f32, regs> {exo.access = #exo.access<write>},
                   %src: !exo.window<[8], f32, gmem> {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "x"> {
}
exo.proc @partial(%N: index, %x: !exo.tensor<[N], f32, gmem>) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      %r = exo.alloc : !exo.tensor<[32, 8], f32, regs>
      exo.for %i = 0 to 32 cuda_threads<thread> {
        %j = arith.addi %t, %i : index
        %w = exo.window oob %x[%j :+ 8] : !exo.tensor<[N], f32, gmem> -> !exo.window<[8], f32, gmem>
        %d = exo.window %r[%i, :] : !exo.tensor<[32, 8], f32, regs> -> !exo.window<[8], f32, regs>
        exo.call @load_oob(%d, %w) : (!exo.window<[8], f32, regs>, !exo.window<[8], f32, gmem>)
        %v = exo.read oob %x[%j] : !exo.tensor<[N], f32, gmem>
        exo.assign %x[%t] = %v : !exo.tensor<[N], f32, gmem>
      }
    }
  }
}

// RUN: exo-gpu-opt %s | exo-gpu-opt | FileCheck %s
// RUN: exo-gpu-opt %s --mlir-print-op-generic | exo-gpu-opt | FileCheck %s

// Every amir op round-trips.
// CHECK-LABEL: amir.program @all(%N) requires #{{.*}} {
// CHECK-NEXT: %x = amir.alloc "x" [%N] memory <gmem>
// CHECK-NEXT: %s = amir.alloc "s" [2, 32] memory <smem>
// CHECK-NEXT: %bar = amir.alloc "bar" [2, -1] barrier !exo.barrier<mbarrier(prearrive 1), [2, ? ring 2]>
// CHECK-NEXT: %cg = amir.alloc "cg" [] barrier !exo.barrier<wgmma_group>
// CHECK-NEXT: %h = amir.alloc "h" [4] memory <dram> host
// CHECK: amir.device clusterDim 2 blockDim 128 {
// CHECK: amir.tasks_for %t = %{{.*}} to %N {
// CHECK: amir.seq_for %i = %{{.*}} to %N {
// CHECK: amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
// CHECK: amir.warps absolute 0 to 1 {
// CHECK: amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
// CHECK: amir.read %x[%i] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
// CHECK: amir.mutate %s[%c, %l] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
// CHECK: amir.instr "tma" >> %bar[:, %i] {
// CHECK-NEXT: amir.mutate %s[%c, 0] sizes [1, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
// CHECK: amir.warps 1 to 2 {
// CHECK: amir.if %{{.*}} {
// CHECK-NEXT: amir.fence cuda_in_order, cuda_generic_and_async_proxy
// CHECK-NEXT: } else {
// CHECK-NEXT: amir.fence cuda_in_order, cuda_in_order
// CHECK: amir.arrive cuda_in_order >> %bar[%c, %i] >> %bar[:, %i]
// CHECK: amir.await %bar[%c, %i], cuda_generic_and_async_proxy, 0
// CHECK: amir.arrive wgmma_async >> %cg
// CHECK: amir.await %cg[], cuda_in_order, 1
// CHECK: amir.mutate %x[%i] sizes [1] qual <tma_to_gmem> ext [#exo.qual<tma_to_gmem>] out_of_order atomic
amir.program @all(%N) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %x = amir.alloc "x" [%N] memory <gmem>
  %s = amir.alloc "s" [2, 32] memory <smem>
  %bar = amir.alloc "bar" [2, -1] barrier !exo.barrier<mbarrier(prearrive 1), [2, ? ring 2]>
  %cg = amir.alloc "cg" [] barrier !exo.barrier<wgmma_group>
  %h = amir.alloc "h" [4] memory <dram> host
  %c0 = arith.constant 0 : index
  amir.device clusterDim 2 blockDim 128 {
    amir.tasks_for %t = %c0 to %N {
      amir.seq_for %i = %c0 to %N {
        amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
          amir.warps absolute 0 to 1 {
            amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
              amir.read %x[%i] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
              amir.mutate %s[%c, %l] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
            }
            amir.instr "tma" >> %bar[:, %i] {
              amir.mutate %s[%c, 0] sizes [1, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            }
          }
          amir.warps 1 to 2 {
            %p = arith.cmpi ult, %i, %N : index
            amir.if %p {
              amir.fence cuda_in_order, cuda_generic_and_async_proxy
            } else {
              amir.fence cuda_in_order, cuda_in_order
            }
            amir.arrive cuda_in_order >> %bar[%c, %i] >> %bar[:, %i]
            amir.await %bar[%c, %i], cuda_generic_and_async_proxy, 0
            amir.arrive wgmma_async >> %cg
            amir.await %cg[], cuda_in_order, 1
            amir.mutate %x[%i] sizes [1] qual <tma_to_gmem> ext [#exo.qual<tma_to_gmem>] out_of_order atomic
          }
        }
      }
    }
  }
}

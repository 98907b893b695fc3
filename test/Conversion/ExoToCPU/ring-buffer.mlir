// RUN: exo-gpu-opt %s -exo-lower-to-cpu | FileCheck %s

// A managed ring buffer with an unbounded logical extent (`? ring 2`) is
// stored in its 2 slots: element i lives in slot i mod 2. That is its
// sequential meaning whenever no element is used after its slot was reused,
// which the sync checker requires of every program it accepts
// (use_after_free); the derived pipelined GEMM
// (@gemm_derived_ws (examples/gemm/schedules/kernels.mlir)) relies on it.
// CHECK-LABEL: func.func @k(
//       CHECK:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   memref.alloc(%[[C2]], %{{.*}}) : memref<?x?xf32>
//       CHECK:   scf.for %[[I:.*]] =
//       CHECK:     %[[S:.*]] = arith.remui %[[I]], %{{.*}} : index
//       CHECK:     memref.store %{{.*}}, %{{.*}}[%[[S]], %{{.*}}]
//       CHECK:     %[[S2:.*]] = arith.remui %[[I]], %{{.*}} : index
//       CHECK:     memref.subview %{{.*}}[%[[S2]], 0] [1, %{{.*}}] [1, 1]
exo.proc @k() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %war = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      %s = exo.alloc guarded_by %war : !exo.tensor<[? ring 2, 8], f32, smem>, guard !exo.barrier<mbarrier, [? ring 2]>
      %z = arith.constant 0.0 : f32
      exo.for %i = 0 to 5 seq {
        exo.assign %s[%i, 0] = %z : !exo.tensor<[? ring 2, 8], f32, smem>
        %w = exo.window %s[%i, :] : !exo.tensor<[? ring 2, 8], f32, smem> -> !exo.window<[8], f32, smem>
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s

// Nested cuda_threads loops: the inner iterator wraps around within each
// warp, so it is (tid / 1) mod 32, not tid (a regression: it once was).
!x = !exo.tensor<[N], f32, gmem>
exo.proc @nested(%N: index, %x: !x) {
  %c32 = arith.constant 32 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %w32 = arith.muli %w, %c32 : index
          %i = arith.addi %w32, %l : index
          %v = exo.read %x[%i] : !x
          exo.assign %x[%i] = %v : !x
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @nested
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// The warp iterator: tid / 32, no wrap-around needed.
// CHECK: %[[W0:.*]] = arith.subi %[[TID]], %c0_i32{{.*}} : i32
// CHECK: %[[W:.*]] = arith.divui %[[W0]], %c32_i32{{.*}} : i32
// CHECK: arith.extui %[[W]] : i32 to i64
// The thread iterator: (tid / 1) mod 32.
// CHECK: %[[L0:.*]] = arith.subi %[[TID]], %c0_i32{{.*}} : i32
// CHECK: %[[L1:.*]] = arith.divui %[[L0]], %c1_i32{{.*}} : i32
// CHECK: %[[L:.*]] = arith.remui %[[L1]], %c32_i32{{.*}} : i32
// CHECK: arith.extui %[[L]] : i32 to i64

// -----

// A fence by one thread needs no barrier (a warp barrier inside a one-lane
// guard would hang); a fence by a warp is a warp barrier.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @fences(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        exo.assign %x[%t] = %v : !x
        exo.fence(cuda_in_order, cuda_in_order)
      }
      exo.for %g = 0 to 4 cuda_threads<warp> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}
// CHECK-LABEL: llvm.func @fences
// CHECK: llvm.store
// CHECK-NOT: bar.warp.sync
// CHECK: scf.if
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "bar.warp.sync -1;", ""

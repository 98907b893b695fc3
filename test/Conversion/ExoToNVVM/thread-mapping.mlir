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

// -----

// A fence by consecutive whole warps of a CTA that are no CTA, warpgroup or
// warp is a named barrier of that many threads; the two pairs of warps run
// concurrently, so each pair has its own barrier id (1 and 2, chosen by the
// thread's warp range).
exo.proc @warp_range_fences() {
  exo.device_function(warps = [<"producer", 2>, <"consumers", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      exo.warps "consumers" {
        exo.fence(cuda_in_order, cuda_in_order)
        exo.for %pair = 0 to 2 cuda_threads<2 * warp> {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @warp_range_fences
// The consumers' 4 warps (threads 64-191, no aligned warpgroup): barrier 1
// of 128 threads.
// CHECK: %[[ID:.*]] = arith.select %{{.*}}, %c1_i32{{.*}}, %c1_i32{{.*}} : i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "barrier.sync $0, $1;", "r,r" %[[ID]], %c128_i32 : (i32, i32) -> ()
// Each pair of warps: barrier 2 (threads 64-127) or 3 (threads 128-191) of
// 64 threads.
// CHECK: %[[P:.*]] = arith.select %{{.*}}, %c2_i32{{.*}}, %c2_i32{{.*}} : i32
// CHECK: %[[Q:.*]] = arith.select %{{.*}}, %c3_i32{{.*}}, %[[P]] : i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "barrier.sync $0, $1;", "r,r" %[[Q]], %c64_i32{{.*}} : (i32, i32) -> ()

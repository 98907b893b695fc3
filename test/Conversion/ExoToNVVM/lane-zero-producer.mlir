// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s

// A one-warp group whose code only waits on mbarriers and arrives per warp
// (a producer; TMA loads would be issued the same way): its loop runs on
// lane 0 alone, with no election and no warp barrier per arrive. The
// consumers' arrives keep the per-warp form (warp barrier, then lane 0).
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
exo.proc @lane_zero(%N: index) {
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c1 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @lane_zero
// CHECK: nvvm.mbarrier.init
// CHECK: %[[LANE0:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[LANE0]] {
// CHECK-NOT: bar.warp.sync
// CHECK: scf.for
// CHECK-NOT: bar.warp.sync
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: bar.warp.sync
// CHECK: nvvm.mbarrier.arrive
// The consumer branch.
// CHECK: mbarrier.try_wait.parity
// CHECK: bar.warp.sync -1;
// CHECK: nvvm.mbarrier.arrive

// -----

// The same producer, but the group's threads also run a data access outside
// every `exo.warps` block (here all threads store): lanes 1-31 would skip
// the producer's waits before it, so the producer keeps the per-warp form.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!x = !exo.tensor<[2, 160], f32, gmem>
exo.proc @access_outside_blocks(%N: index, %x: !x) {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c1 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
      exo.for %i = 0 to 160 cuda_threads<thread> {
        exo.assign %x[%t, %i] = %zero : !x
      }
    }
  }
}
// CHECK-LABEL: llvm.func @access_outside_blocks
// CHECK: mbarrier.try_wait.parity
// CHECK: bar.warp.sync -1;
// CHECK: %[[L:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[L]] {
// CHECK: nvvm.mbarrier.arrive

// -----

// A producer block that reads data per lane needs every lane: per-warp form.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!x = !exo.tensor<[64], f32, gmem>
exo.proc @per_lane_access(%N: index, %x: !x) {
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c1 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %v = exo.read %x[%l] : !x
            exo.assign %x[%l] = %v : !x
          }
          exo.arrive(cuda_in_order) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @per_lane_access
// CHECK: mbarrier.try_wait.parity
// CHECK: llvm.load
// CHECK: llvm.store
// CHECK: bar.warp.sync -1;
// CHECK: %[[L:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[L]] {
// CHECK: nvvm.mbarrier.arrive

// -----

// A group of two warps: each warp arrives for itself, per-warp form.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
exo.proc @two_warps(%N: index) {
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"producer", 2>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c1 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @two_warps
// CHECK: mbarrier.try_wait.parity
// CHECK: bar.warp.sync -1;
// CHECK: %[[L:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[L]] {
// CHECK: nvvm.mbarrier.arrive

// -----

// The producer's K loop alone would qualify, but the group also runs a
// per-lane access in another of its blocks: those lanes would have skipped
// the loop's waits (and the warp barrier before its arrives), so the whole
// group keeps the per-warp form.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!x = !exo.tensor<[64], f32, gmem>
exo.proc @per_lane_access_elsewhere(%N: index, %x: !x) {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c1 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
      exo.warps "producer" {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.assign %x[%l] = %zero : !x
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @per_lane_access_elsewhere
// CHECK: mbarrier.try_wait.parity
// CHECK: bar.warp.sync -1;
// CHECK: %[[L:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[L]] {
// CHECK: nvvm.mbarrier.arrive

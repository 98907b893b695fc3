// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s
// Every case is a valid program: the sync checker accepts them all.
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="N=8" -o /dev/null

// How the lowering initializes a block's mbarriers: the allocations in a row
// share one initialization (one thread initializes and fences, and a barrier
// of the cluster after it publishes it). In a loop, a barrier before it ends
// the previous iteration's uses of the storage, unless the allocations open
// the body of a task loop that opens the kernel (the previous task's end is
// such a barrier already, and nothing came before the first task).
//
// Pure index arithmetic between two allocations does not split the row: here
// the second ring's bound is computed between them, and both rings are
// initialized together, with no barrier before.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
exo.proc @arith_between(%N: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %n1 = arith.addi %N, %c1 : index
      %last = arith.subi %n1, %c1 : index
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %last seq {
        %k2 = arith.addi %k, %c2 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @arith_between
// CHECK: arith.addi %arg0
// CHECK-NEXT: arith.subi
// CHECK-NOT: barrier.sync
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK-NOT: barrier.sync
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: "barrier.sync 0;"
// CHECK-NOT: nvvm.fence.mbarrier.init
// CHECK: scf.for

// -----

// An access to memory between the allocations ends the row: the first ring
// is initialized before the stores (no barrier before: it opens the first
// task), the second after them, behind a barrier (the stores came first).
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!x = !exo.tensor<[2, 160], f32, gmem>
exo.proc @store_between(%N: index, %x: !x) {
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      exo.for %i = 0 to 160 cuda_threads<thread> {
        exo.assign %x[%t, %i] = %zero : !x
      }
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k2 = arith.addi %k, %c2 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @store_between
// CHECK: scf.for
// CHECK-NOT: barrier.sync
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c1_i32
// CHECK-NOT: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK: llvm.store
// CHECK: "barrier.sync 0;"
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c4_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: scf.for

// -----

// Memory accessed in the task before its mbarriers' allocation: the
// lowering does not reason about which storage that was, and keeps the
// barrier before the initialization.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!x = !exo.tensor<[2, 160], f32, gmem>
exo.proc @store_before_allocs(%N: index, %x: !x) {
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      exo.for %i = 0 to 160 cuda_threads<thread> {
        exo.assign %x[%t, %i] = %zero : !x
      }
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k2 = arith.addi %k, %c2 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @store_before_allocs
// CHECK: llvm.store
// CHECK: "barrier.sync 0;"
// CHECK-NEXT: arith.constant 0 : i32
// CHECK-NEXT: arith.cmpi eq
// CHECK-NEXT: scf.if
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK: "barrier.sync 0;"

// -----

// mbarriers allocated in a sequential loop of the task: each iteration's
// initialization waits for the previous iteration's uses.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
exo.proc @alloc_in_seq_loop(%N: index) {
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      exo.for %r = 0 to 2 seq {
        %full = exo.alloc : !Full
        %empty = exo.alloc : !Empty
        exo.for %k = 0 to %N seq {
          %k2 = arith.addi %k, %c2 : index
          exo.warps "producer" {
            exo.await(%empty[%k], cuda_temporal, 0) : !Empty
            exo.arrive(cuda_temporal) >> %full[%k] : !Full
          }
          exo.warps "consumer" {
            exo.await(%full[%k], cuda_in_order, 0) : !Full
            exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
          }
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @alloc_in_seq_loop
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NEXT: "barrier.sync 0;"
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK: "barrier.sync 0;"

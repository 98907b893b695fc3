// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm | FileCheck %s
// Every case is a valid program: the sync checker accepts them all.
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="N=8 M=64 K=96 KT=6 allow-unused-sizes=true" -o /dev/null

// A one-warp group whose code only waits on mbarriers and arrives per warp
// (a producer; TMA loads would be issued the same way): its loop runs on
// lane 0 alone, with no election and no warp barrier per arrive. The
// consumers' arrives keep the per-warp form (warp barrier, then lane 0).
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
exo.proc @lane_zero(%N: index) {
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
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
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
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
!x = !exo.tensor<[2, 64], f32, gmem>
exo.proc @per_lane_access(%N: index, %x: !x) {
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      exo.for %k = 0 to %N seq {
        %k2 = arith.addi %k, %c2 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %v = exo.read %x[%t, %l] : !x
            exo.assign %x[%t, %l] = %v : !x
          }
          exo.arrive(cuda_in_order) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
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
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 2>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
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
!x = !exo.tensor<[2, 64], f32, gmem>
exo.proc @per_lane_access_elsewhere(%N: index, %x: !x) {
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
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
      exo.warps "producer" {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.assign %x[%t, %l] = %zero : !x
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

// -----

// Per-thread arrives elsewhere in the group (not lane 0's for the warp):
// lanes 1-31 would arrive without the producer's waits, so the group keeps
// the per-warp form.
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!Sig = !exo.barrier<mbarrier, [? ring 2]>
exo.proc @per_thread_arrive(%N: index) {
  %c2 = arith.constant 2 : index
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 2 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      %sig = exo.alloc : !Sig
      exo.for %k = 0 to %N seq {
        %k1 = arith.addi %k, %c2 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "producer" {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            exo.arrive(cuda_temporal) >> %sig[%k] : !Sig
          }
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.await(%sig[%k], cuda_in_order, 0) : !Sig
          exo.arrive(cuda_in_order) >> %empty[%k1] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @per_thread_arrive
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: nvvm.mbarrier.arrive
// CHECK: bar.warp.sync -1;
// CHECK: nvvm.mbarrier.arrive

// -----

// A TMA load issued by one thread (thread = true, unit thread), by lanes 0
// and 1 of the producer: a thread issues it for itself, so lane 1 needs its
// own wait; the group keeps the per-warp form (audit finding).
!Ag = !exo.tensor<[M, K], bf16, gmem>
!Og = !exo.tensor<[KT, 64, 16], bf16, gmem>
!Amap = !exo.window<[M, K], bf16, tma_map<0, [32, 16]>>
!Ahalf = !exo.window<[32, 16], bf16, tma_map<0, [32, 16]>>
!Aring = !exo.tensor<[? ring 2, 64, 16], bf16, smem>
!Aslot = !exo.window<[32, 16], bf16, smem>
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>

exo.proc @lane1_tma(%M: index, %K: index, %KT: index, %A: !Ag, %O: !Og)
    requires affine_set<()[M, K, KT] : (M - 64 == 0, K - KT * 16 == 0, KT - 1 >= 0)> {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %Amap = exo.window %A[:, :] : !Ag -> !Amap
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %t = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %empty = exo.alloc : !Empty
      %A_smem = exo.alloc guarded_by %empty : !Aring, guard !Empty
      exo.for %k = 0 to %KT seq {
        %k2 = arith.addi %k, %c2 : index
        %k0 = arith.muli %k, %c16 : index
        exo.warps "producer" {
          exo.await(%empty[%k], cuda_temporal, 0) : !Empty
        }
        exo.warps "producer" {
          exo.for %l = 0 to 2 cuda_threads<thread> {
            %r = arith.muli %l, %c32 : index
            %as = exo.window %A_smem[%k, %r :+ 32, 0 :+ 16] : !Aring -> !Aslot
            %at = exo.window %Amap[%r :+ 32, %k0 :+ 16] : !Amap -> !Ahalf
            exo.call #exo.tma<kind = load, shape = [32, 16], dtype = bf16, thread = true>(%as, %at) >> %full[%k] : (!Aslot, !Ahalf) >> !Full
          }
        }
        exo.warps "producer" {
          exo.arrive(cuda_temporal) >> %full[%k] : !Full
        }
        exo.warps "consumer" {
          exo.await(%full[%k], cuda_in_order, 0) : !Full
          exo.for %i = 0 to 64 cuda_threads<thread> {
            exo.for %j = 0 to 16 seq {
              %v = exo.read %A_smem[%k, %i, %j] : !Aring
              exo.assign %O[%k, %i, %j] = %v : !Og
            }
          }
          exo.arrive(cuda_in_order) >> %empty[%k2] : !Empty
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @lane1_tma
// CHECK: mbarrier.try_wait.parity
// CHECK-NOT: bar.warp.sync
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global

// -----

// A threads loop whose unit (even and odd threads of the cluster) splits a
// warp's lanes between its iterations: its waits stay on every lane. Only
// the producer block after it runs on lane 0, between warp barriers that
// order the odd lanes' waits before the TMA load (audit finding: the loop
// was taken for warp-uniform and its odd iteration dropped).
!Ag = !exo.tensor<[64, 96], bf16, gmem>
!Og = !exo.tensor<[2, 6, 64, 16], bf16, gmem>
!Amap = !exo.window<[64, 96], bf16, tma_map<0, [64, 16]>>
!Atile = !exo.window<[64, 16], bf16, tma_map<0, [64, 16]>>
!Abuf = !exo.tensor<[2, 2, 64, 16], bf16, smem>
!Aslot = !exo.window<[64, 16], bf16, smem>
!Full = !exo.barrier<mbarrier, [2, 6]>
!Self = !exo.barrier<mbarrier, [2, 6]>
!Aux = !exo.barrier<mbarrier, [2, 8]>

exo.proc @custom_unit_race(%A: !Ag, %O: !Og) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %Amap = exo.window %A[:, :] : !Ag -> !Amap
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>], clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      %full = exo.alloc : !Full
      %self = exo.alloc : !Self
      %aux0 = exo.alloc : !Aux
      %aux1 = exo.alloc : !Aux
      %A_smem = exo.alloc : !Abuf
      exo.for %k = 0 to 6 seq {
        %k2 = arith.addi %k, %c2 : index
        %k0 = arith.muli %k, %c16 : index
        %s = arith.remui %k, %c2 : index
        %again = arith.cmpi sge, %k, %c2 : index
        exo.if %again {
          exo.for %h = 0 to 2 cuda_threads<custom<[clusterDim, blockDim, 2], [2, 80, 1]>> {
            exo.for %cm = 0 to 2 cuda_threads<cta> {
              %even = arith.cmpi eq, %h, %c0 : index
              exo.if %even {
                exo.await(%aux0[%cm, %k], cuda_temporal, 0) : !Aux
              } else {
                exo.await(%aux1[%cm, %k], cuda_temporal, 0) : !Aux
              }
            }
          }
        }
        exo.for %cm = 0 to 2 cuda_threads<cta> {
          exo.warps "producer" {
            exo.arrive(cuda_temporal) >> %self[%cm, %k] : !Self
            exo.await(%self[%cm, %k], cuda_temporal, 0) : !Self
            %as = exo.window %A_smem[%cm, %s, 0 :+ 64, 0 :+ 16] : !Abuf -> !Aslot
            %at = exo.window %Amap[0 :+ 64, %k0 :+ 16] : !Amap -> !Atile
            exo.call #exo.tma<kind = load, shape = [64, 16], dtype = bf16>(%as, %at) >> %full[%cm, %k] : (!Aslot, !Atile) >> !Full
            exo.arrive(cuda_temporal) >> %full[%cm, %k] : !Full
          }
          exo.warps "consumer" 0 to 2 {
            exo.await(%full[%cm, %k], cuda_in_order, 0) : !Full
            exo.for %i = 0 to 32 cuda_threads<thread> {
              exo.for %j = 0 to 16 seq {
                %v = exo.read %A_smem[%cm, %s, %i, %j] : !Abuf
                exo.assign %O[%cm, %k, %i, %j] = %v : !Og
              }
            }
            exo.arrive(cuda_in_order) >> %aux0[%cm, %k2] : !Aux
          }
          exo.warps "consumer" 2 to 4 {
            exo.await(%full[%cm, %k], cuda_in_order, 0) : !Full
            exo.for %i = 0 to 32 cuda_threads<thread> {
              %r = arith.addi %i, %c32 : index
              exo.for %j = 0 to 16 seq {
                %v = exo.read %A_smem[%cm, %s, %r, %j] : !Abuf
                exo.assign %O[%cm, %k, %r, %j] = %v : !Og
              }
            }
            exo.arrive(cuda_in_order) >> %aux1[%cm, %k2] : !Aux
          }
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @custom_unit_race
// CHECK: arith.remui %{{.*}}, %c2_i32 : i32
// CHECK: mbarrier.try_wait.parity
// CHECK: mbarrier.try_wait.parity
// CHECK: bar.warp.sync -1;
// CHECK: %[[L:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if %[[L]] {
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: bar.warp.sync -1;

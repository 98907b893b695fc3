// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="sizes=K=4" -verify-diagnostics

// Each phase of an mbarrier element completes when it has received the
// arrivals its mbarrier.init counts: every instance of the arrive statement,
// as the collective analysis finds them (the lowering uses the same count).
// An arrive under a guard that lets some instances skip a phase leaves that
// phase short: it never completes (a hang), and on the hardware the next
// phase of the same mbarrier would take the missing arrivals. The checker
// counts the arriving threads of each element once the kernel has run.

!X = !exo.tensor<[K, 32], f32, gmem>
!Y = !exo.tensor<[K, 128], f32, gmem>

// The guard `k >= w` mixes the warp iterator with the sequential one: the
// collective analysis cannot resolve it and counts all 4 warps (128
// threads), but at k = 0 only warp 0 arrives.
exo.proc @mixed_guard(%K: index, %x: !X, %y: !Y, %z: !Y) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %bar = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %k = 0 to %K seq {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %one = arith.constant 1.0 : f32
            %c32 = arith.constant 32 : index
            %r = arith.muli %w, %c32 : index
            %c = arith.addi %r, %l : index
            exo.assign %z[%k, %c] = %one : !Y
          }
          %go = arith.cmpi sge, %k, %w : index
          exo.if %go {
            // expected-error @+1 {{barrier misuse: the phase of 'bar'[0] received 32 arriving threads (task 0 threads 0-31), but its mbarrier.init counts 128 (every instance of the arrive statements on it): the phase never completes}}
            exo.arrive(cuda_in_order) >> %bar[%k] : !exo.barrier<mbarrier, [? ring 2]>
          }
        }
        exo.await(%bar[%k], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        exo.for %w2 = 0 to 4 cuda_threads<warp> {
          exo.for %l2 = 0 to 32 cuda_threads<thread> {
            %v = exo.read %x[%k, %l2] : !X
            %c32 = arith.constant 32 : index
            %r = arith.muli %w2, %c32 : index
            %c = arith.addi %r, %l2 : index
            exo.assign %y[%k, %c] = %v : !Y
          }
        }
      }
    }
  }
}

// -----

!X = !exo.tensor<[K, 32], f32, gmem>
!Y = !exo.tensor<[K, 128], f32, gmem>

// A guard on the warp iterator alone is resolved per instance: only warp 0
// is counted, and warp 0 arrives in every phase.
exo.proc @thread_guard(%K: index, %x: !X, %y: !Y, %z: !Y) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %bar = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %k = 0 to %K seq {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          %c0 = arith.constant 0 : index
          %first = arith.cmpi eq, %w, %c0 : index
          exo.if %first {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %one = arith.constant 1.0 : f32
              exo.assign %z[%k, %l] = %one : !Y
            }
            exo.arrive(cuda_in_order) >> %bar[%k] : !exo.barrier<mbarrier, [? ring 2]>
          }
        }
        exo.await(%bar[%k], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        exo.for %w2 = 0 to 4 cuda_threads<warp> {
          exo.for %l2 = 0 to 32 cuda_threads<thread> {
            %v = exo.read %z[%k, %l2] : !Y
            %c32 = arith.constant 32 : index
            %r = arith.muli %w2, %c32 : index
            %c = arith.addi %r, %l2 : index
            exo.assign %y[%k, %c] = %v : !Y
          }
        }
      }
    }
  }
}

// -----

!Y = !exo.tensor<[K, 128], f32, gmem>

// The warps meet at a barrier (one element per step, no ring) in every
// iteration of their own sequential loop. The checker runs warp 0's whole
// loop before warp 1's, so element k is short of arrivals when warp 0 awaits
// it; only the count at the end of the kernel matters, and there every
// phase has all 4 warps. (With a ring, warp 0 would arrive on the next
// phase of an mbarrier before warp 1 awaits the current one, which the
// checker rejects: barrier-phase-misuse.mlir.)
exo.proc @per_warp_loop(%K: index, %y: !Y) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %bar = exo.alloc : !exo.barrier<mbarrier, [4]>
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %k = 0 to %K seq {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %one = arith.constant 1.0 : f32
            %c32 = arith.constant 32 : index
            %r = arith.muli %w, %c32 : index
            %c = arith.addi %r, %l : index
            exo.assign %y[%k, %c] = %one : !Y
          }
          exo.arrive(cuda_in_order) >> %bar[%k] : !exo.barrier<mbarrier, [4]>
          exo.await(%bar[%k], cuda_in_order, 0) : !exo.barrier<mbarrier, [4]>
        }
      }
    }
  }
}

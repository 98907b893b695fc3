// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="sizes=N=2" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null
// RUN: not exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm 2>/dev/null | FileCheck %s

// How cuda_threads loops and warps statements select their threads on
// the GPU. A loop's iterator is ((thread index - base) / span) mod n, or the
// same of the CTA rank, and a statement that runs on part of the threads
// that reach it is guarded by comparing the thread index and the CTA rank
// with bounds. The collective analysis asks the rules the lowering emits
// (CollectiveAnalysis::planThreadsLoop and getGuard), so a loop or a warps
// statement that has no such form is refused by -exo-verify-collectives
// and -exo-check-sync, with the message the lowering would give.

// Threads 0 and 4 are not a range of thread indices: no guard.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @guard_not_a_range(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op runs on threads that are not one range of thread indices in each of its CTAs (2 threads: thread 0, thread 4); it cannot be guarded (a guard compares the thread index and the CTA rank with bounds)}}
      exo.for %i = 0 to 1 cuda_threads<2 * threads_strided(1, 4)> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// CTAs 0 and 2 of a cluster of 4 are not a range of CTA ranks.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @ctas_not_a_range(%N: index, %x: !x) {
  exo.device_function(blockDim = 128, clusterDim = 4) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op runs on a set of CTAs that is not a range (256 threads: CTA 0 threads 0-127, CTA 2 threads 0-127); it cannot be guarded (a guard compares the thread index and the CTA rank with bounds)}}
      exo.for %i = 0 to 1 cuda_threads<2 * cta_strided(2)> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// A warps statement is guarded as a loop is: its first warp in CTAs 0
// and 2.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @warps_ctas_not_a_range(%N: index, %x: !x) {
  exo.device_function(blockDim = 128, clusterDim = 4) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op runs on a set of CTAs that is not a range}}
      exo.for %i = 0 to 1 cuda_threads<2 * cta_strided(2)> {
        // expected-error @+1 {{'exo.warps' op runs on a set of CTAs that is not a range (64 threads: CTA 0 threads 0-31, CTA 2 threads 0-31)}}
        exo.warps 0 to 1 {
          %v = exo.read %x[%t] : !x
        }
      }
    }
  }
}

// -----

// Quadpair q is threads 4q..4q+3 and 4q+16..4q+19: thread 16 belongs to
// iteration 0, which no ((tid - base) / span) mod n gives.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @quadpair_loop(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op assigns threads to iterations in a way that is not ((thread index - base) / span) mod n or ((CTA rank - base) / span) mod n; it has no lowering}}
      exo.for %q = 0 to 8 cuda_threads<quadpair> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// Accepted: pairs of threads t and t + 4 of the first warp, iteration t
// mod 4 (a mod, since threads 4-7 lie past the fourth span), under the
// guard tid < 8 (the loop's threads are not all that reach it).
!x = !exo.tensor<[N], f32, gmem>
!y = !exo.tensor<[N, 4], f32, gmem>
exo.proc @strided_wraps(%N: index, %x: !x, %y: !y) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %w = 0 to 1 cuda_threads<warp> {
        exo.for %i = 0 to 4 cuda_threads<2 * threads_strided(1, 4)> {
          exo.for %j = 0 to 1 cuda_threads<thread> {
            %v = exo.read %x[%t] : !x
            exo.assign %y[%t, %i] = %v : !y
          }
        }
      }
    }
  }
}
// CHECK-LABEL: llvm.func @strided_wraps(
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: scf.for
// CHECK: %[[REL:.*]] = arith.subi %[[TID]], %c0_i32
// CHECK: %[[Q:.*]] = arith.divui %[[REL]], %c1_i32
// CHECK: arith.remui %[[Q]], %c4_i32
// CHECK: arith.cmpi slt, %[[TID]], %c8_i32
// CHECK: llvm.store

// The checker counts a variable's elements without overflow: a count past
// its limit is refused, never wrapped below it (which would leave the
// variable's accesses unchecked and accept the race of the two tasks).
// RUN: not exo-gpu-opt %s -exo-verify-collectives -exo-check-sync="M=8 K=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not exo-gpu-opt %s -exo-check-sync="M=2147483647 K=2147483647" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: not exo-gpu-opt %s -split-input-file -exo-check-sync="M=2147483647 K=2147483647 allow-unused-sizes=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRAP
// RACE: error: WAW hazard on 'y'[0, 0]
// MANY: error: 'y' has 4611686014132420609 elements; too many to check
// WRAP: error: 'y' has more elements than int64 counts at these sizes; too many to check
// runs, and every access to it goes unchecked: the race is accepted. (Machine::execOp, AllocOp: count *= v.)
!G = !exo.tensor<[M, K], f32, gmem>
exo.proc @k(%M: index, %K: index, %y: !G) {
  %z = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 2 cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        %c0 = arith.constant 0 : index
        exo.assign %y[%c0, %c0] = %z : !G
      }
    }
  }
}

// -----

// Three dimensions whose product overflows int64.
!H = !exo.tensor<[M, K, K], f32, gmem>
exo.proc @k3(%M: index, %K: index, %y: !H) {
  %z = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 2 cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        %c0 = arith.constant 0 : index
        exo.assign %y[%c0, %c0, %c0] = %z : !H
      }
    }
  }
}

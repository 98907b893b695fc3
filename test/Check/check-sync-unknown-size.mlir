// A size that no checked proc takes is refused, whatever form it is given
// in, instead of being ignored: a misspelt name would otherwise leave the
// real size unset. allow-unused-sizes accepts them (a file split into
// chunks that share one size list).
// RUN: not exo-gpu-opt %s -exo-check-sync="sizes=N=4,Q=3" 2>&1 | FileCheck %s
// RUN: not exo-gpu-opt %s -exo-check-sync="N=4 Q=3" 2>&1 | FileCheck %s
// RUN: not exo-gpu-opt %s -exo-check-sync="n=4" 2>&1 | FileCheck %s --check-prefix=CASE
// RUN: exo-gpu-opt %s -convert-exo-to-amir | not exo-gpu-opt -amir-interpret="N=4 Q=3" 2>&1 | FileCheck %s --check-prefix=AMIR
// RUN: exo-gpu-opt %s -exo-check-sync="N=4" -o /dev/null
// RUN: not exo-gpu-opt %s --split-input-file -exo-check-sync="N=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: exo-gpu-opt %s --split-input-file -exo-check-sync="N=4 Q=3 allow-unused-sizes=true" -o /dev/null
// RUN: exo-gpu-opt %s -convert-exo-to-amir | exo-gpu-opt -amir-interpret="N=4 Q=3 allow-unused-sizes=true" -o /dev/null

// CHECK: error: no proc with a device function takes a size named 'Q' (the sizes are N); pass allow-unused-sizes=true
// CASE: error: no proc with a device function takes a size named 'n' (the sizes are N)
// AMIR: error: no amir.program takes a size named 'Q' (the sizes are N)
!X = !exo.tensor<[N], f32, gmem>
exo.proc @fill(%N: index, %x: !X) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %c = arith.constant 1.0 : f32
        exo.assign %x[%t] = %c : !X
      }
    }
  }
}

// -----

// A module whose procs take no sizes.
// NONE: error: no proc with a device function takes a size named 'N' (they take no sizes); pass allow-unused-sizes=true to accept sizes that no program takes
!Y = !exo.tensor<[4], f32, gmem>
exo.proc @fill4(%x: !Y) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %c = arith.constant 1.0 : f32
        exo.assign %x[%t] = %c : !Y
      }
    }
  }
}

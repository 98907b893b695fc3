// Sizes are integers in [0, 2^31 - 1]: -exo-check-sync and -amir-interpret
// refuse any other value (a negative size would make the task loop empty
// and the check vacuous), and a size given twice.
// RUN: not exo-gpu-opt %s -exo-check-sync="T=-2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not exo-gpu-opt %s -exo-check-sync="T=2147483648" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not exo-gpu-opt %s -exo-check-sync="T=2 T=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: exo-gpu-opt %s -convert-exo-to-amir | not exo-gpu-opt -amir-interpret="T=-9223372036854775808" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIN
// With a valid size the race is found.
// RUN: not exo-gpu-opt %s -exo-verify-collectives -exo-check-sync="T=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// NEG: error: size T = -2 is outside [0, 2147483647], the range every size must lie in
// BIG: error: size T = 2147483648 is outside [0, 2147483647]
// TWICE: error: size T is given twice
// MIN: error: size T = -9223372036854775808 is outside [0, 2147483647]
// RACE: error: WAW hazard on 'y'[0]
// ("the sizes violate assertion 3 of @gemm_sm90_tf32"), not the constraint or the values as exo-gpu-run does.
!G = !exo.tensor<[8], f32, gmem>
exo.proc @k(%T: index, %y: !G) {
  %z = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to %T cuda_tasks {
      exo.for %t = 0 to 1 cuda_threads<thread> {
        %c0 = arith.constant 0 : index
        exo.assign %y[%c0] = %z : !G
      }
    }
  }
}

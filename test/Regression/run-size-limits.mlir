// exo-gpu-run checks every size against [0, 2^31 - 1] and the proc's
// `requires`, and the arguments' bytes (counted without overflow) against
// its memory limit, before it allocates anything: none of these runs may
// allocate its arrays (4 TB for the second).
// RUN: not exo-gpu-run %s --entry=fill --size=N=4611686018427387904 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not exo-gpu-run %s --entry=k --size=M=1000001,N=1000000 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not exo-gpu-run %s --entry=k --size=M=1000000,N=1000000 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not exo-gpu-run %s --entry=fill --size=N=4,N=8 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: env EXO_RUN_MAX_BYTES=15 not exo-gpu-run %s --entry=fill --size=N=4 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: exo-gpu-run %s --entry=fill --size=N=4 --print | FileCheck %s --check-prefix=PRINT
// BIG: error: size N = 4611686018427387904 is outside [0, 2147483647]
// ASSERT: error: the sizes violate assertion 0 of @k: s0 mod 64 == 0 with s0 = M = 1000001, s1 = N = 1000000
// LIMIT: error: the arguments of @k need more than 8589934592 bytes at these sizes (argument 'x' alone 4000000000000); set EXO_RUN_MAX_BYTES to allow more
// TWICE: error: --size N is given twice
// SMALL: error: the arguments of @fill need more than 15 bytes at these sizes (argument 'x' alone 16)
// PRINT: x [4] = 1 1 1 1
!T = !exo.tensor<[N], f32, dram>
exo.proc @fill(%N: index, %x: !T) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %one : !T
  }
}
!MN = !exo.tensor<[M, N], f32, dram>
exo.proc @k(%M: index, %N: index, %x: !MN)
    requires affine_set<()[M, N] : (M mod 64 == 0)> {
}

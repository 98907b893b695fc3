// Integer code is compared exactly (tolerance 0): reordering an integer sum
// is still equivalent, dropping a term is not.
// RUN: exo-gpu-run %s --entry=sum --compare=sum_reversed --size=N=50 | FileCheck %s
// CHECK: compare s: max |diff| 0.000e+00, {{.*}} (tolerance 0.000e+00): ok
// CHECK: EQUIVALENT @sum @sum_reversed
// RUN: not exo-gpu-run %s --entry=sum --compare=sum_first_half --size=N=50 | FileCheck %s --check-prefix=DIFF
// DIFF: (tolerance 0.000e+00): MISMATCH

!v = !exo.tensor<[N], i32, dram>
!s = !exo.tensor<[1], i32, dram>

exo.proc @sum(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0 : i32
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !s
  }
}

exo.proc @sum_reversed(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0 : i32
  %c1 = arith.constant 1 : index
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %N seq {
    %j0 = arith.subi %N, %i : index
    %j = arith.subi %j0, %c1 : index
    %a = exo.read %x[%j] : !v
    exo.reduce %s[0] += %a : !s
  }
}

exo.proc @sum_first_half(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0 : i32
  %c2 = arith.constant 2 : index
  %h = arith.divui %N, %c2 : index
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %h seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !s
  }
}

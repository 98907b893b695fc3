// exo-gpu-run runs procs on seeded random inputs, prints arrays, compares
// two procs by argument name, and refuses bad requests before running.

// A copy: the printed output equals the printed input.
// RUN: exo-gpu-run %s --entry=copy --size=N=4 --print | FileCheck %s --check-prefix=COPY
// COPY: x [4] = [[V:.*]]
// COPY-NEXT: y [4] = [[V]]

// The same seed gives the same data; another seed other data.
// RUN: exo-gpu-run %s --entry=copy --size=N=4 --print --seed=5 > %t.a
// RUN: exo-gpu-run %s --entry=copy --size=N=4 --print --seed=5 > %t.b
// RUN: exo-gpu-run %s --entry=copy --size=N=4 --print --seed=6 > %t.c
// RUN: diff %t.a %t.b
// RUN: not diff %t.a %t.c

// Two equivalent reductions (different order) agree; an off-by-one does not.
// RUN: exo-gpu-run %s --entry=sum --compare=sum_reversed --size=N=100 | FileCheck %s --check-prefix=SAME
// SAME: compare s: {{.*}}: ok
// SAME: EQUIVALENT @sum @sum_reversed
// RUN: not exo-gpu-run %s --entry=sum --compare=sum_skips_last --size=N=100 | FileCheck %s --check-prefix=DIFF
// DIFF: compare s: {{.*}}: MISMATCH
// DIFF: NOT EQUIVALENT @sum @sum_skips_last

// tf32 rounding of the instruction semantics: 1 + 3 * 2^-11 truncates to
// 1 + 2^-10 and rounds (ties to even) to 1 + 2^-9.
// RUN: exo-gpu-run %s --entry=tf32 --print | FileCheck %s --check-prefix=TF32
// TF32: r [2] = 1.00098 1.00195

// Missing sizes, missing or mismatched arguments: errors, nothing runs.
// RUN: not exo-gpu-run %s --entry=copy 2>&1 | FileCheck %s --check-prefix=NOSIZE
// NOSIZE: error: size 'N' of @copy is not given (--size N=...)
// RUN: not exo-gpu-run %s --entry=copy --size=N=4 --compare=sum 2>&1 | FileCheck %s --check-prefix=NOARG
// NOARG: error: @sum has no argument 'y' to compare with @copy
// RUN: not exo-gpu-run %s --entry=sum --compare=sum_wide --size=N=4 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: argument 'x' of @sum_wide does not match the shape or element type of @sum's
// RUN: not exo-gpu-run %s --entry=nothing --size=N=4 2>&1 | FileCheck %s --check-prefix=NOPROC
// NOPROC: error: no exo.proc named 'nothing'
// RUN: not exo-gpu-run %s --entry=copy --size=N 2>&1 | FileCheck %s --check-prefix=BADSIZE
// BADSIZE: error: expected --size NAME=INTEGER, got 'N'
// RUN: not exo-gpu-run %s --entry=copy --size=N=-1 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// NEGSIZE: error: size N = -1 is outside [0, 2147483647], the range every size must lie in

// --compare-file adds another file's procs; a proc both files define must
// be the same in both.
// RUN: sed -e 's/exo.assign %%y\[%%i\] = %%a/exo.reduce %%y[%%i] += %%a/' %s > %t.other.mlir
// RUN: not exo-gpu-run %s --entry=copy --compare=copy --compare-file=%t.other.mlir --size=N=4 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: other.mlir:{{[0-9]+}}:1: error: @copy is defined differently in both files

!v = !exo.tensor<[N], f32, dram>
!s = !exo.tensor<[1], f32, dram>

exo.proc @copy(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

exo.proc @sum(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0.0 : f32
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !s
  }
}

exo.proc @sum_reversed(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %N seq {
    %j0 = arith.subi %N, %i : index
    %j = arith.subi %j0, %c1 : index
    %a = exo.read %x[%j] : !v
    exo.reduce %s[0] += %a : !s
  }
}

exo.proc @sum_skips_last(%N: index, %x: !v, %s: !s) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n1 = arith.subi %N, %c1 : index
  exo.assign %s[0] = %zero : !s
  exo.for %i = 0 to %n1 seq {
    %a = exo.read %x[%i] : !v
    exo.reduce %s[0] += %a : !s
  }
}

exo.proc @sum_wide(%N: index, %x: !exo.tensor<[8], f32, dram>, %s: !s) {
}

exo.proc @tf32(%r: !exo.tensor<[2], f32, dram>) {
  %v = arith.constant 1.00146484375 : f32
  %t = arith.truncf %v toward_zero : f32 to tf32
  %e = arith.extf %t : tf32 to f32
  exo.assign %r[0] = %e : !exo.tensor<[2], f32, dram>
  %t2 = arith.truncf %v : f32 to tf32
  %e2 = arith.extf %t2 : tf32 to f32
  exo.assign %r[1] = %e2 : !exo.tensor<[2], f32, dram>
}

// exo-gpu-run --dump-args=DIR writes the entry's arguments: DIR/args.txt
// lists them in order, DIR/NAME.in holds each array's bytes before the run
// and DIR/NAME.out after it (what test/GPU/model_check.cu uploads and
// expects).

// RUN: rm -rf %t && exo-gpu-run %s --entry=scale --size=N=5 --seed=3 --dump-args=%t/d | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=LIST < %t/d/args.txt
// LIST: # exo-gpu-run --dump-args: the arguments of @scale, in order
// LIST-NEXT: size N 5
// LIST-NEXT: scalar a f32 {{-?[0-9.e+-]+}}
// LIST-NEXT: array x f32 4 5
// LIST-NEXT: array y bf16 2 2 5
// LIST-NEXT: array z f32 4 5
// LIST-EMPTY:

// The input is unchanged, the outputs are what the run computed, and the
// bytes are those of the elements (4 per f32, 2 per bf16).
// RUN: cmp %t/d/x.in %t/d/x.out
// RUN: not cmp %t/d/z.in %t/d/z.out
// RUN: not cmp %t/d/y.in %t/d/y.out
// RUN: wc -c < %t/d/x.in | FileCheck %s --check-prefix=BYTES20
// RUN: wc -c < %t/d/y.out | FileCheck %s --check-prefix=BYTES20
// BYTES20: 20

// The same seed dumps the same bytes.
// RUN: exo-gpu-run %s --entry=scale --size=N=5 --seed=3 --dump-args=%t/e
// RUN: cmp %t/d/y.in %t/e/y.in
// RUN: cmp %t/d/z.out %t/e/z.out

// Errors: the directory cannot be created (a file is in the way), or a
// file cannot be written (a directory has its name). Nothing runs.
// RUN: touch %t/file
// RUN: not exo-gpu-run %s --entry=scale --size=N=5 --dump-args=%t/file/d 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: error: --dump-args: cannot create directory {{.*}}file/d:
// RUN: mkdir -p %t/f/x.in
// RUN: not exo-gpu-run %s --entry=scale --size=N=5 --dump-args=%t/f 2>&1 | FileCheck %s --check-prefix=NOWRITE
// NOWRITE: error: --dump-args: cannot write {{.*}}x.in:

!v = !exo.tensor<[N], f32, dram>
!h = !exo.tensor<[2, N], bf16, dram>

exo.proc @scale(%N: index, %a: f32, %x: !v, %y: !h, %z: !v) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !v
    %w = arith.mulf %v, %two : f32
    exo.assign %z[%i] = %w : !v
    %b = arith.truncf %v : f32 to bf16
    exo.assign %y[%c0, %i] = %b : !h
  }
}

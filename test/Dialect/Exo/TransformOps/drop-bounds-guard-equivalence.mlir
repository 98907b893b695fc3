// drop_bounds_guard keeps the sequential meaning: with the guards of the
// partial tiles of M, N and K dropped (their accesses oob: reads outside a
// tensor are 0, writes there do nothing), the GEMM computes exactly what
// its untouched copy computes, at sizes that are and are not multiples of
// the tiles (the CPU runner implements oob).
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=gemm_ref --compare=gemm_tiled --size=M=13,N=5,K=7 --seed=3 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=gemm_ref --compare=gemm_tiled --size=M=16,N=8,K=8 --seed=4 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=gemm_ref --compare=gemm_tiled --size=M=1,N=1,K=1 --seed=5 | FileCheck %s
// CHECK: compare C: max |diff| 0.000e+00
// CHECK: EQUIVALENT @gemm_ref @gemm_tiled

// A sum of squares in tiles of 4 whose partial tile is staged and copied by
// an instruction with an oob parameter: on the CPU the instruction's body
// reads zeros past the end of x through the oob window.
// RUN: exo-gpu-run %t.mlir --entry=sumsq_ref --compare=sumsq_tiled --size=N=6 --seed=6 | FileCheck %s --check-prefix=SUMSQ
// RUN: exo-gpu-run %t.mlir --entry=sumsq_ref --compare=sumsq_tiled --size=N=8 --seed=7 | FileCheck %s --check-prefix=SUMSQ
// SUMSQ: EQUIVALENT @sumsq_ref @sumsq_tiled
// RUN: FileCheck %s --check-prefix=SUMSQ-IR < %t.mlir
// SUMSQ-IR-LABEL: exo.proc @sumsq_tiled
// SUMSQ-IR: exo.window oob %x
// SUMSQ-IR: exo.call @load4_oob

// The guards are gone and the partial tiles' accesses are oob.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @gemm_tiled
// IR-NOT: exo.if
// IR: exo.assign oob %C
// IR: exo.read oob %A
// IR: exo.read oob %B
// IR: exo.reduce oob %C

!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[N, K], f32, dram>
!C = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_ref(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A
        %b = exo.read %B[%n, %k] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

exo.proc @gemm_tiled(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A
        %b = exo.read %B[%n, %k] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

!v = !exo.tensor<[N], f32, dram>
!w = !exo.window<[4], f32, dram>

exo.proc @load4_oob(%dst: !w {exo.access = #exo.access<write>},
                    %src: !w {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "load4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !w
    exo.assign %dst[%i] = %v : !w
  }
}

exo.proc @sumsq_ref(%N: index, %x: !v, %y: !exo.tensor<[1], f32, dram>) {
  %zero = arith.constant 0.0 : f32
  exo.assign %y[0] = %zero : !exo.tensor<[1], f32, dram>
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[0] += %p : !exo.tensor<[1], f32, dram>
  }
}

exo.proc @sumsq_tiled(%N: index, %x: !v, %y: !exo.tensor<[1], f32, dram>) {
  %zero = arith.constant 0.0 : f32
  exo.assign %y[0] = %zero : !exo.tensor<[1], f32, dram>
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[0] += %p : !exo.tensor<[1], f32, dram>
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @gemm_tiled in %root : (!transform.any_op) -> !transform.any_op
    %m = transform.exo.match_loop "m" in %p : (!transform.any_op) -> !transform.any_op
    %mo, %mi, %mt = transform.exo.divide_loop %m by 8 ["mo", "mi"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %mi : !transform.any_op
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %no, %ni, %nt = transform.exo.divide_loop %n by 4 ["no", "ni"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ni : !transform.any_op
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %ko, %ki, %kt = transform.exo.divide_loop %k by 4 ["ko", "ki"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ki : !transform.any_op
    // The tiles' loops move outside the rows and columns, as in a kernel.
    transform.exo.simplify %p : !transform.any_op
    %mi2, %no2 = transform.exo.reorder_loops %mi : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %q = transform.exo.match_proc @sumsq_tiled in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %q : (!transform.any_op) -> !transform.any_op
    %io, %ii, %it = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ii : !transform.any_op
    %t, %cin, %cout = transform.exo.stage_mem %ii, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %c = transform.exo.replace %cin with @load4_oob : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

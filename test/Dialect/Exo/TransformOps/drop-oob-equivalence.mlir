// drop_oob keeps the sequential meaning: GEMM + bias in tiles of 8 columns
// with the partial tiles' accesses oob, specialized on whole tiles, whose
// copy under the condition drops oob from the bias reads and C's writes,
// computes exactly what its untouched copy computes, at sizes whose last
// tile is partial and at sizes whose tiles are all whole (the CPU runner
// checks bounds only for oob accesses, so a wrong proof would read or write
// past the end).
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=bias_ref --compare=bias_tiled --size=M=3,N=13,K=5 --seed=3 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=bias_ref --compare=bias_tiled --size=M=2,N=16,K=4 --seed=4 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=bias_ref --compare=bias_tiled --size=M=1,N=1,K=1 --seed=5 | FileCheck %s
// CHECK: EQUIVALENT @bias_ref @bias_tiled

// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @bias_tiled
// IR: exo.if
// IR: exo.read %bias[
// IR: exo.assign %C[
// IR: } else {
// IR: exo.read oob %bias[
// IR: exo.assign oob %C[

!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[N, K], f32, dram>
!bias = !exo.tensor<[N], f32, dram>
!C = !exo.tensor<[M, N], f32, dram>

exo.proc @bias_ref(%M: index, %N: index, %K: index, %A: !A, %B: !B, %bias: !bias, %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %b0 = exo.read %bias[%n] : !bias
      exo.assign %C[%m, %n] = %b0 : !C
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A
        %b = exo.read %B[%n, %k] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

exo.proc @bias_tiled(%M: index, %N: index, %K: index, %A: !A, %B: !B, %bias: !bias, %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %b0 = exo.read %bias[%n] : !bias
      exo.assign %C[%m, %n] = %b0 : !C
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A
        %b = exo.read %B[%n, %k] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @bias_tiled in %root : (!transform.any_op) -> !transform.any_op
    %n = transform.exo.match_loop "n" in %p : (!transform.any_op) -> !transform.any_op
    %no, %ni, %t = transform.exo.divide_loop %n by 8 ["no", "ni"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ni : !transform.any_op
    %ni2 = transform.exo.match_loop "ni" in %p : (!transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %ni2 if "8 * no + 8 <= N" : (!transform.any_op) -> !transform.any_op
    transform.exo.drop_oob "bias" in %if : (!transform.any_op) -> ()
    transform.exo.drop_oob "C" in %if : (!transform.any_op) -> ()
    transform.yield
  }
}

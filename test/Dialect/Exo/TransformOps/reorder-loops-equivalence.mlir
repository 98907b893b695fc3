// reorder_loops keeps the sequential meaning: the reordered procs compute
// what their untouched copies compute, on random inputs.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=stencil_ref --compare=stencil --size=N=7 | FileCheck %s --check-prefix=STENCIL
// RUN: exo-gpu-run %t.mlir --entry=gemm_ref --compare=gemm --size=M=5,N=6,K=7 | FileCheck %s --check-prefix=GEMM
// STENCIL: EQUIVALENT @stencil_ref @stencil
// GEMM: EQUIVALENT @gemm_ref @gemm

// The schedule did run: j is now the outer loop, k the outermost of gemm.
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @stencil(
// IR: exo.for %j = 0 to %N seq {
// IR-NEXT: exo.for %i = 1 to %N seq {
// IR-LABEL: exo.proc @gemm(
// IR: exo.for %k = 0 to %K seq {
// IR-NEXT: exo.for %i = 0 to %M seq {
// IR-NEXT: exo.for %j = 0 to %N seq {

!m = !exo.tensor<[N, N], f32, dram>
!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[K, N], f32, dram>
!C = !exo.tensor<[M, N], f32, dram>

// a[i, j] += a[i - 1, j]: a dependence carried by i only.
exo.proc @stencil_ref(%N: index, %a: !m) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    exo.for %j = 0 to %N seq {
      %im = arith.subi %i, %c1 : index
      %v = exo.read %a[%im, %j] : !m
      exo.reduce %a[%i, %j] += %v : !m
    }
  }
}

exo.proc @stencil(%N: index, %a: !m) {
  %c1 = arith.constant 1 : index
  exo.for %i = 1 to %N seq {
    exo.for %j = 0 to %N seq {
      %im = arith.subi %i, %c1 : index
      %v = exo.read %a[%im, %j] : !m
      exo.reduce %a[%i, %j] += %v : !m
    }
  }
}

// C += A B with the reduction loop moved outermost (two reorders).
exo.proc @gemm_ref(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
  exo.for %i = 0 to %M seq {
    exo.for %j = 0 to %N seq {
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%i, %k] : !A
        %b = exo.read %B[%k, %j] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%i, %j] += %p : !C
      }
    }
  }
}

exo.proc @gemm(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
  exo.for %i = 0 to %M seq {
    exo.for %j = 0 to %N seq {
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%i, %k] : !A
        %b = exo.read %B[%k, %j] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%i, %j] += %p : !C
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ps = transform.exo.match_proc @stencil in %root : (!transform.any_op) -> !transform.any_op
    %is = transform.exo.match_loop "i" in %ps : (!transform.any_op) -> !transform.any_op
    %o1, %n1 = transform.exo.reorder_loops %is : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %pg = transform.exo.match_proc @gemm in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %pg : (!transform.any_op) -> !transform.any_op
    %k1, %j1 = transform.exo.reorder_loops %j : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %i = transform.exo.match_loop "i" in %pg : (!transform.any_op) -> !transform.any_op
    %k2, %i2 = transform.exo.reorder_loops %i : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

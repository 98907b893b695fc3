// The sequential specification of GEMM: C[m, n] += sum_k A[m, k] * B[n, k]
// (A row-major, B column-major, i.e. both K-major). Every schedule of GEMM,
// including the hand-annotated Hopper kernel in hopper_gemm.mlir, must
// compute what this program computes.
!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[N, K], f32, dram>
!C = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A
        %b = exo.read %B[%n, %k] : !B
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

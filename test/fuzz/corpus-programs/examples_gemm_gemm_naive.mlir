// The sequential specifications of GEMM: C[m, n] = sum_k A[m, k] * B[n, k]
// (A row-major, B column-major, i.e. both K-major). Every schedule of GEMM,
// including the hand-annotated Hopper kernels in hopper_gemm.mlir and
// hopper_gemm_splitk.mlir, must compute what these programs compute.
!A = !exo.tensor<[M, K], f32, dram>
!B = !exo.tensor<[N, K], f32, dram>
!C = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm(%M: index, %N: index, %K: index, %A: !A, %B: !B, %C: !C) {
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

// The same with K split into KS chunks of KC (the layout of the split-K
// kernel): C[m, n] = sum_{ks, kc} A[m, ks, kc] * B[n, ks, kc].
!As = !exo.tensor<[M, KS, KC], f32, dram>
!Bs = !exo.tensor<[N, KS, KC], f32, dram>

exo.proc @gemm_splitk(%M: index, %N: index, %KS: index, %KC: index,
                      %A: !As, %B: !Bs, %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !As
          %b = exo.read %B[%n, %ks, %kc] : !Bs
          %p = arith.mulf %a, %b : f32
          exo.reduce %C[%m, %n] += %p : !C
        }
      }
    }
  }
}

// The bf16 GEMM: bf16 operands, products and sums in f32 (the layout of
// hopper_gemm_bf16.mlir).
!Ah = !exo.tensor<[M, K], bf16, dram>
!Bh = !exo.tensor<[N, K], bf16, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh,
                    %C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !C
      }
    }
  }
}

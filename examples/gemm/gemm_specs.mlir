// The specifications that the GEMM kernels of
// examples/gemm/schedules/kernels.mlir are derived from: C = A B^T in its
// sequential meaning, for every size. Each kernel's entry point clones one
// and states the sizes it is derived for (transform.exo.assume), then calls
// the schedule libraries of examples/gemm/schedules/.
//
//   gemm_tf32         C[m, n] = sum_k A[m, k] B[n, k], the operands rounded
//                     to tf32 as wgmma does (truncated), f32 sums
//   gemm_bf16         the same with bf16 operands
//   gemm_splitk_tf32  K as KS splits of KC: sum over ks, kc of
//   gemm_splitk_bf16  A[m, ks, kc] B[n, ks, kc]
//
// Derive a kernel:
//   exo-gpu-opt examples/gemm/gemm_specs.mlir \
//     -transform-preload-library=transform-library-paths=examples/gemm/schedules \
//     -transform-interpreter=entry-point=gemm_derived_persistent

!A_tf32 = !exo.tensor<[M, K], f32, dram>
!B_tf32 = !exo.tensor<[N, K], f32, dram>
!C_tf32 = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_tf32(%M: index, %N: index, %K: index, %A: !A_tf32, %B: !B_tf32, %C: !C_tf32) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C_tf32
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A_tf32
        %b = exo.read %B[%n, %k] : !B_tf32
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !C_tf32
      }
    }
  }
}

!A_bf16 = !exo.tensor<[M, K], bf16, dram>
!B_bf16 = !exo.tensor<[N, K], bf16, dram>
!C_bf16 = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_bf16(%M: index, %N: index, %K: index, %A: !A_bf16, %B: !B_bf16, %C: !C_bf16) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C_bf16
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !A_bf16
        %b = exo.read %B[%n, %k] : !B_bf16
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %C[%m, %n] += %p : !C_bf16
      }
    }
  }
}

!A_splitk_tf32 = !exo.tensor<[M, KS, KC], f32, dram>
!B_splitk_tf32 = !exo.tensor<[N, KS, KC], f32, dram>
!C_splitk_tf32 = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_splitk_tf32(%M: index, %N: index, %KS: index, %KC: index,
                           %A: !A_splitk_tf32, %B: !B_splitk_tf32, %C: !C_splitk_tf32) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C_splitk_tf32
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !A_splitk_tf32
          %b = exo.read %B[%n, %ks, %kc] : !B_splitk_tf32
          %at = arith.truncf %a toward_zero : f32 to tf32
          %bt = arith.truncf %b toward_zero : f32 to tf32
          %ae = arith.extf %at : tf32 to f32
          %be = arith.extf %bt : tf32 to f32
          %p = arith.mulf %ae, %be : f32
          exo.reduce %C[%m, %n] += %p : !C_splitk_tf32
        }
      }
    }
  }
}

!A_splitk_bf16 = !exo.tensor<[M, KS, KC], bf16, dram>
!B_splitk_bf16 = !exo.tensor<[N, KS, KC], bf16, dram>
!C_splitk_bf16 = !exo.tensor<[M, N], f32, dram>

exo.proc @gemm_splitk_bf16(%M: index, %N: index, %KS: index, %KC: index,
                           %A: !A_splitk_bf16, %B: !B_splitk_bf16, %C: !C_splitk_bf16) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %zero : !C_splitk_bf16
      exo.for %ks = 0 to %KS seq {
        exo.for %kc = 0 to %KC seq {
          %a = exo.read %A[%m, %ks, %kc] : !A_splitk_bf16
          %b = exo.read %B[%n, %ks, %kc] : !B_splitk_bf16
          %ae = arith.extf %a : bf16 to f32
          %be = arith.extf %b : bf16 to f32
          %p = arith.mulf %ae, %be : f32
          exo.reduce %C[%m, %n] += %p : !C_splitk_bf16
        }
      }
    }
  }
}

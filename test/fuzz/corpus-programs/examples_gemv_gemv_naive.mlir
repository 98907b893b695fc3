// The sequential specification of GEMV: y[m] = sum_k A[m, k] * x[k].
!A = !exo.tensor<[M, K], f32, dram>
!x = !exo.tensor<[K], f32, dram>
!y = !exo.tensor<[M], f32, dram>

exo.proc @gemv(%M: index, %K: index, %A: !A, %x: !x, %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !y
    exo.for %k = 0 to %K seq {
      %a = exo.read %A[%m, %k] : !A
      %b = exo.read %x[%k] : !x
      %p = arith.mulf %a, %b : f32
      exo.reduce %y[%m] += %p : !y
    }
  }
}

// The same with K split into KS chunks of KC (the layout of the split-K
// GEMV): y[m] = sum_{ks, kc} A[m, ks, kc] * x[ks, kc].
!As = !exo.tensor<[M, KS, KC], f32, dram>
!xs = !exo.tensor<[KS, KC], f32, dram>

exo.proc @gemv_splitk(%M: index, %KS: index, %KC: index, %A: !As, %x: !xs,
                      %y: !y) {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.assign %y[%m] = %zero : !y
    exo.for %ks = 0 to %KS seq {
      exo.for %kc = 0 to %KC seq {
        %a = exo.read %A[%m, %ks, %kc] : !As
        %b = exo.read %x[%ks, %kc] : !xs
        %p = arith.mulf %a, %b : f32
        exo.reduce %y[%m] += %p : !y
      }
    }
  }
}

// Device math, one operation per row: D[k, i] = op_k(X[k, i]) for the
// operations of the device-math table (DeviceMath.h, docs/Lowering.md),
// each without and with the `afn` flag where it has a hardware
// approximation. Rows, in order:
//   exp, exp afn, exp2, exp2 afn, log, log afn, log2,
//   log2 afn, tanh, tanh afn, rsqrt, rsqrt afn, sqrt, sqrt afn,
//   fma, absf, rcp afn, div afn, maximumf, minimumf
// (fma is fma(x, x, -(x * x)), the rounding error of x * x; rcp is 1 / x,
// div is x / 3; maximumf and minimumf are against 1/4).
// test/GPU/math_check.cu runs the kernel over inputs chosen per row and
// measures each row's error against double precision; the lit tests run
// its sequential meaning (libm) on the CPU.

!X = !exo.tensor<[20, N], f32, gmem>

exo.proc @model_math(%N: index, %X: !X, %D: !X)
    requires affine_set<()[N] : (N mod 128 == 0, N - 128 >= 0)> {
  %c128 = arith.constant 128 : index
  %Nt = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %Nt cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %n = arith.addi %base, %i : index
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %quarter = arith.constant 0.25 : f32
        // exp
        %v0 = exo.read %X[0, %n] : !X
        %r0 = math.exp %v0 : f32
        exo.assign %D[0, %n] = %r0 : !X
        // exp afn
        %v1 = exo.read %X[1, %n] : !X
        %r1 = math.exp %v1 fastmath<afn> : f32
        exo.assign %D[1, %n] = %r1 : !X
        // exp2
        %v2 = exo.read %X[2, %n] : !X
        %r2 = math.exp2 %v2 : f32
        exo.assign %D[2, %n] = %r2 : !X
        // exp2 afn
        %v3 = exo.read %X[3, %n] : !X
        %r3 = math.exp2 %v3 fastmath<afn> : f32
        exo.assign %D[3, %n] = %r3 : !X
        // log
        %v4 = exo.read %X[4, %n] : !X
        %r4 = math.log %v4 : f32
        exo.assign %D[4, %n] = %r4 : !X
        // log afn
        %v5 = exo.read %X[5, %n] : !X
        %r5 = math.log %v5 fastmath<afn> : f32
        exo.assign %D[5, %n] = %r5 : !X
        // log2
        %v6 = exo.read %X[6, %n] : !X
        %r6 = math.log2 %v6 : f32
        exo.assign %D[6, %n] = %r6 : !X
        // log2 afn
        %v7 = exo.read %X[7, %n] : !X
        %r7 = math.log2 %v7 fastmath<afn> : f32
        exo.assign %D[7, %n] = %r7 : !X
        // tanh
        %v8 = exo.read %X[8, %n] : !X
        %r8 = math.tanh %v8 : f32
        exo.assign %D[8, %n] = %r8 : !X
        // tanh afn
        %v9 = exo.read %X[9, %n] : !X
        %r9 = math.tanh %v9 fastmath<afn> : f32
        exo.assign %D[9, %n] = %r9 : !X
        // rsqrt
        %v10 = exo.read %X[10, %n] : !X
        %r10 = math.rsqrt %v10 : f32
        exo.assign %D[10, %n] = %r10 : !X
        // rsqrt afn
        %v11 = exo.read %X[11, %n] : !X
        %r11 = math.rsqrt %v11 fastmath<afn> : f32
        exo.assign %D[11, %n] = %r11 : !X
        // sqrt
        %v12 = exo.read %X[12, %n] : !X
        %r12 = math.sqrt %v12 : f32
        exo.assign %D[12, %n] = %r12 : !X
        // sqrt afn
        %v13 = exo.read %X[13, %n] : !X
        %r13 = math.sqrt %v13 fastmath<afn> : f32
        exo.assign %D[13, %n] = %r13 : !X
        // fma
        %v14 = exo.read %X[14, %n] : !X
        %sq14 = arith.mulf %v14, %v14 : f32
        %neg14 = arith.negf %sq14 : f32
        %r14 = math.fma %v14, %v14, %neg14 : f32
        exo.assign %D[14, %n] = %r14 : !X
        // absf
        %v15 = exo.read %X[15, %n] : !X
        %r15 = math.absf %v15 : f32
        exo.assign %D[15, %n] = %r15 : !X
        // rcp afn
        %v16 = exo.read %X[16, %n] : !X
        %r16 = arith.divf %one, %v16 fastmath<afn> : f32
        exo.assign %D[16, %n] = %r16 : !X
        // div afn
        %v17 = exo.read %X[17, %n] : !X
        %r17 = arith.divf %v17, %three fastmath<afn> : f32
        exo.assign %D[17, %n] = %r17 : !X
        // maximumf
        %v18 = exo.read %X[18, %n] : !X
        %r18 = arith.maximumf %v18, %quarter : f32
        exo.assign %D[18, %n] = %r18 : !X
        // minimumf
        %v19 = exo.read %X[19, %n] : !X
        %r19 = arith.minimumf %v19, %quarter : f32
        exo.assign %D[19, %n] = %r19 : !X
      }
    }
  }
}

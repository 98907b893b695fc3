// "The model is the machine" for the conversions between f32 and the
// narrow formats (DeviceMath.h, ExoDialect.md): one CTA of 128 threads
// converts 8192 f32 values to e4m3, e5m2, bf16 and f16 (and those back to
// f32: HB, HH), and every one of the 256 bytes of each fp8 format back to
// f32. The values are built
// from the index n = 64 t + j, so that the CPU run and the GPU see the same
// ones: the bits n * 524309 (an odd stride that spreads them over all of
// f32: every exponent, subnormals, infinities, NaNs; E1, M1), and the
// linear sweeps (n - 4096) / 8 (E2; 448, the tie 464 and the overflow past
// it) and (n - 4096) * 16 (M2; 57344, the tie 61440 that overflows to
// infinity); B1 and H1 hold the bit sweep in bf16 and f16 (cvt.rn.bf16.f32,
// cvt.rn.f16.f32), HB and HH those converted back. Y1 and Y2 hold
// arith.extf of the bytes 0 .. 255.
// test/GPU/model_check.cu compares every byte with the CPU run, whose
// conversions are exo::buildTruncToFp8 and buildExtFromFp8; the GPU's are
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 and cvt.rn.f16x2.{e4m3x2,e5m2x2}
// with the overflow and NaN of the meaning.

!E = !exo.tensor<[8192], f8E4M3FN, gmem>
!M = !exo.tensor<[8192], f8E5M2, gmem>
!Y = !exo.tensor<[256], f32, gmem>
!B = !exo.tensor<[8192], bf16, gmem>
!H = !exo.tensor<[8192], f16, gmem>
!F = !exo.tensor<[8192], f32, gmem>

exo.proc @model_convert(%E1: !E, %E2: !E, %M1: !M, %M2: !M, %Y1: !Y, %Y2: !Y,
                        %B1: !B, %H1: !H, %HB: !F, %HH: !F) {
  %c64 = arith.constant 64 : index
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      exo.for %t = 0 to 128 cuda_threads<thread> {
        exo.for %j = 0 to 64 seq {
          %t64 = arith.muli %t, %c64 : index
          %n = arith.addi %t64, %j : index
          %ni = arith.index_cast %n : index to i32
          %stride = arith.constant 524309 : i32
          %bits = arith.muli %ni, %stride : i32
          %x = arith.bitcast %bits : i32 to f32
          %e1 = arith.truncf %x : f32 to f8E4M3FN
          exo.assign %E1[%n] = %e1 : !E
          %m1 = arith.truncf %x : f32 to f8E5M2
          exo.assign %M1[%n] = %m1 : !M
          // NaN payloads through bf16 and f16 are not part of the meaning
          // (the CPU keeps them, the GPU gives its canonical NaN): those
          // rows convert 0 instead.
          %isnan = arith.cmpf uno, %x, %x : f32
          %zero = arith.constant 0.0 : f32
          %xn = arith.select %isnan, %zero, %x : f32
          %b1 = arith.truncf %xn : f32 to bf16
          exo.assign %B1[%n] = %b1 : !B
          %bx = arith.extf %b1 : bf16 to f32
          exo.assign %HB[%n] = %bx : !F
          %h1 = arith.truncf %xn : f32 to f16
          exo.assign %H1[%n] = %h1 : !H
          %hx = arith.extf %h1 : f16 to f32
          exo.assign %HH[%n] = %hx : !F
          %half = arith.constant 4096 : i32
          %centered = arith.subi %ni, %half : i32
          %cf = arith.sitofp %centered : i32 to f32
          %eighth = arith.constant 0.125 : f32
          %lin = arith.mulf %cf, %eighth : f32
          %e2 = arith.truncf %lin : f32 to f8E4M3FN
          exo.assign %E2[%n] = %e2 : !E
          %sixteen = arith.constant 16.0 : f32
          %big = arith.mulf %cf, %sixteen : f32
          %m2 = arith.truncf %big : f32 to f8E5M2
          exo.assign %M2[%n] = %m2 : !M
        }
        exo.for %k = 0 to 2 seq {
          %t2 = arith.muli %t, %c2 : index
          %b = arith.addi %t2, %k : index
          %bi = arith.index_cast %b : index to i32
          %byte = arith.trunci %bi : i32 to i8
          %f1 = arith.bitcast %byte : i8 to f8E4M3FN
          %y1 = arith.extf %f1 : f8E4M3FN to f32
          exo.assign %Y1[%b] = %y1 : !Y
          %f2 = arith.bitcast %byte : i8 to f8E5M2
          %y2 = arith.extf %f2 : f8E5M2 to f32
          exo.assign %Y2[%b] = %y2 : !Y
        }
      }
    }
  }
}

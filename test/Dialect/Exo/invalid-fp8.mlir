// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// fp8 values are only loaded, stored and converted (DeviceMath.h): the
// exo.proc verifier refuses any other operation on them.

!e = !exo.tensor<[4], f8E4M3FN, dram>
exo.proc @add(%e: !e) {
  %a = exo.read %e[0] : !e
  // expected-error @+1 {{'arith.addf' op computes on fp8 values; fp8 values are only loaded, stored and converted (arith.truncf from f32, without a rounding mode, arith.extf to f32, arith.bitcast from or to i8)}}
  %b = arith.addf %a, %a : f8E4M3FN
  exo.assign %e[1] = %b : !e
}

// -----

!e = !exo.tensor<[4], f8E5M2, dram>
exo.proc @from_f16(%e: !e, %h: f16) {
  // expected-error @+1 {{'arith.truncf' op computes on fp8 values}}
  %b = arith.truncf %h : f16 to f8E5M2
  exo.assign %e[1] = %b : !e
}

// -----

!e = !exo.tensor<[4], f8E4M3FN, dram>
exo.proc @rounding_mode(%e: !e, %x: f32) {
  // expected-error @+1 {{'arith.truncf' op computes on fp8 values}}
  %b = arith.truncf %x toward_zero : f32 to f8E4M3FN
  exo.assign %e[1] = %b : !e
}

// -----

!e = !exo.tensor<[4], f8E4M3FN, dram>
!h = !exo.tensor<[4], f16, dram>
exo.proc @to_f16(%e: !e, %h: !h) {
  %a = exo.read %e[0] : !e
  // expected-error @+1 {{'arith.extf' op computes on fp8 values}}
  %b = arith.extf %a : f8E4M3FN to f16
  exo.assign %h[0] = %b : !h
}

// -----

!e = !exo.tensor<[4], f8E4M3FN, dram>
exo.proc @reduce(%e: !e) {
  %a = exo.read %e[0] : !e
  // expected-error @+1 {{'exo.reduce' op computes on fp8 values}}
  exo.reduce %e[1] += %a : !e
}

// The CPU meaning of device math is libm's: exo-gpu-run computes each
// operation of the device-math table as the C library does (the GPU is
// within the table's bound of it, test/GPU/math_check.cu), and --compare
// widens its tolerance by the least accurate operation either proc uses.

// exp(1), exp2(-3), log(2), log2(10), tanh(0.5), rsqrt(4), sqrt(2),
// fma(3, 5, -1), |-7|, and the afn forms compute the same on the CPU.
// RUN: exo-gpu-run %s --entry=values --print | FileCheck %s --check-prefix=VALUES
// VALUES: y [10] = 2.71828 0.125 0.693147 3.32193 0.462117 0.5 1.41421 14 7 0.462117

// A result 1e-3 off tanh: within four times tanh.approx's bound (2^-10),
// which the spec states it accepts, but not within the exact tanh's.
// RUN: exo-gpu-run %s --entry=tanh_approx --compare=tanh_off --size=N=64 | FileCheck %s --check-prefix=APPROX
// APPROX: compare y: {{.*}}: ok
// APPROX: EQUIVALENT @tanh_approx @tanh_off
// RUN: not exo-gpu-run %s --entry=tanh_exact --compare=tanh_off --size=N=64 | FileCheck %s --check-prefix=EXACT
// EXACT: compare y: {{.*}}: MISMATCH
// EXACT: NOT EQUIVALENT @tanh_exact @tanh_off

!v = !exo.tensor<[N], f32, dram>
!o = !exo.tensor<[10], f32, dram>

exo.proc @values(%y: !o) {
  %one = arith.constant 1.0 : f32
  %m3 = arith.constant -3.0 : f32
  %two = arith.constant 2.0 : f32
  %ten = arith.constant 10.0 : f32
  %half = arith.constant 0.5 : f32
  %four = arith.constant 4.0 : f32
  %three = arith.constant 3.0 : f32
  %five = arith.constant 5.0 : f32
  %m1 = arith.constant -1.0 : f32
  %m7 = arith.constant -7.0 : f32
  %a = math.exp %one : f32
  exo.assign %y[0] = %a : !o
  %b = math.exp2 %m3 : f32
  exo.assign %y[1] = %b : !o
  %c = math.log %two : f32
  exo.assign %y[2] = %c : !o
  %d = math.log2 %ten fastmath<afn> : f32
  exo.assign %y[3] = %d : !o
  %e = math.tanh %half : f32
  exo.assign %y[4] = %e : !o
  %f = math.rsqrt %four : f32
  exo.assign %y[5] = %f : !o
  %g = math.sqrt %two : f32
  exo.assign %y[6] = %g : !o
  %h = math.fma %three, %five, %m1 : f32
  exo.assign %y[7] = %h : !o
  %i = math.absf %m7 : f32
  exo.assign %y[8] = %i : !o
  %j = math.tanh %half fastmath<afn> : f32
  exo.assign %y[9] = %j : !o
}

exo.proc @tanh_exact(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %t = math.tanh %a : f32
    exo.assign %y[%i] = %t : !v
  }
}

exo.proc @tanh_approx(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %t = math.tanh %a fastmath<afn> : f32
    exo.assign %y[%i] = %t : !v
  }
}

exo.proc @tanh_off(%N: index, %x: !v, %y: !v) {
  %k = arith.constant 1.001 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %t = math.tanh %a : f32
    %o = arith.mulf %t, %k : f32
    exo.assign %y[%i] = %o : !v
  }
}

// fp8 tensors and conversions on the CPU (DeviceMath.h): arith.truncf from
// f32 rounds to nearest, ties to even; beyond the largest finite value e4m3
// gives NaN and e5m2 infinity; arith.extf is exact.

// RUN: exo-gpu-run %s --entry=edges --print | FileCheck %s --check-prefix=EDGES
// 448 stays; 460 and the tie 464 round to 448; 470 and infinity give NaN;
// 2^-10 is a tie between 0 and 2^-9 (to 0); 1.5 * 2^-9 between 2^-9 and
// 2^-8 (to 2^-8); -0 keeps its sign; NaN stays NaN.
// EDGES: e [10] = 448 448 448 nan nan 0 0.00390625 -0 nan -0.6875
// 57344 stays; 61000 rounds to 57344; the tie 61440 rounds up to infinity;
// -70000 gives -inf; 2^-17 is a tie (to 0); 1.5 * 2^-16 rounds to 2^-15.
// EDGES: m [6] = 57344 57344 inf -inf 0 3.05176e-05
// extf of the stored bytes: exact.
// EDGES: y [10] = 448 448 448 nan nan 0 0.00390625 -0 nan -0.6875

// Random data: the generator's values are rounded to the format.
// RUN: exo-gpu-run %s --entry=roundtrip --size=N=6 --print | FileCheck %s --check-prefix=TRIP
// TRIP: x [6] = [[X:.*]]
// TRIP: y [6] = [[X]]

!e = !exo.tensor<[10], f8E4M3FN, dram>
!m = !exo.tensor<[6], f8E5M2, dram>
!y = !exo.tensor<[10], f32, dram>

exo.proc @edges(%e: !e, %m: !m, %y: !y) {
  %inputs = exo.alloc : !exo.tensor<[10], f32, dram>
  %v0 = arith.constant 448.0 : f32
  exo.assign %inputs[0] = %v0 : !exo.tensor<[10], f32, dram>
  %v1 = arith.constant 460.0 : f32
  exo.assign %inputs[1] = %v1 : !exo.tensor<[10], f32, dram>
  %v2 = arith.constant 464.0 : f32
  exo.assign %inputs[2] = %v2 : !exo.tensor<[10], f32, dram>
  %v3 = arith.constant 470.0 : f32
  exo.assign %inputs[3] = %v3 : !exo.tensor<[10], f32, dram>
  %v4 = arith.constant 0x7F800000 : f32
  exo.assign %inputs[4] = %v4 : !exo.tensor<[10], f32, dram>
  %v5 = arith.constant 0.0009765625 : f32
  exo.assign %inputs[5] = %v5 : !exo.tensor<[10], f32, dram>
  %v6 = arith.constant 0.0029296875 : f32
  exo.assign %inputs[6] = %v6 : !exo.tensor<[10], f32, dram>
  %v7 = arith.constant -0.0 : f32
  exo.assign %inputs[7] = %v7 : !exo.tensor<[10], f32, dram>
  %v8 = arith.constant 0x7FC00000 : f32
  exo.assign %inputs[8] = %v8 : !exo.tensor<[10], f32, dram>
  %v9 = arith.constant -0.7 : f32
  exo.assign %inputs[9] = %v9 : !exo.tensor<[10], f32, dram>
  exo.for %i = 0 to 10 seq {
    %x = exo.read %inputs[%i] : !exo.tensor<[10], f32, dram>
    %q = arith.truncf %x : f32 to f8E4M3FN
    exo.assign %e[%i] = %q : !e
    %r = exo.read %e[%i] : !e
    %w = arith.extf %r : f8E4M3FN to f32
    exo.assign %y[%i] = %w : !y
  }
  %big = exo.alloc : !exo.tensor<[6], f32, dram>
  %u0 = arith.constant 57344.0 : f32
  exo.assign %big[0] = %u0 : !exo.tensor<[6], f32, dram>
  %u1 = arith.constant 61000.0 : f32
  exo.assign %big[1] = %u1 : !exo.tensor<[6], f32, dram>
  %u2 = arith.constant 61440.0 : f32
  exo.assign %big[2] = %u2 : !exo.tensor<[6], f32, dram>
  %u3 = arith.constant -70000.0 : f32
  exo.assign %big[3] = %u3 : !exo.tensor<[6], f32, dram>
  %u4 = arith.constant 7.62939453125e-06 : f32
  exo.assign %big[4] = %u4 : !exo.tensor<[6], f32, dram>
  %u5 = arith.constant 2.288818359375e-05 : f32
  exo.assign %big[5] = %u5 : !exo.tensor<[6], f32, dram>
  exo.for %i = 0 to 6 seq {
    %x = exo.read %big[%i] : !exo.tensor<[6], f32, dram>
    %q = arith.truncf %x : f32 to f8E5M2
    exo.assign %m[%i] = %q : !m
  }
}

!x = !exo.tensor<[N], f8E4M3FN, dram>
!z = !exo.tensor<[N], f32, dram>
exo.proc @roundtrip(%N: index, %x: !x, %y: !z) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !x
    %b = arith.extf %a : f8E4M3FN to f32
    exo.assign %y[%i] = %b : !z
  }
}

// arith.truncf to bf16 rounds every f32 to nearest even on the CPU,
// subnormals included, in a loop LLVM vectorizes as in scalar code (LLVM's
// own vector fptrunc may use the host's vcvtneps2bf16, which flushes
// subnormals to zero; the GPU's cvt.rn.bf16.f32 does not).
// RUN: exo-gpu-run %s --entry=sub --print | FileCheck %s
// CHECK: y [64] = 0 7.34684e-40 1.46937e-39 2.20405e-39 2.93874e-39 3.67342e-39 4.4081e-39 5.14279e-39

!o = !exo.tensor<[64], bf16, dram>
exo.proc @sub(%y: !o) {
  exo.for %n = 0 to 64 seq {
    %ni = arith.index_cast %n : index to i32
    %stride = arith.constant 524309 : i32
    %bits = arith.muli %ni, %stride : i32
    %x = arith.bitcast %bits : i32 to f32
    %isnan = arith.cmpf uno, %x, %x : f32
    %zero = arith.constant 0.0 : f32
    %xn = arith.select %isnan, %zero, %x : f32
    %b = arith.truncf %xn : f32 to bf16
    exo.assign %y[%n] = %b : !o
  }
}

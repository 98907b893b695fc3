// exo-gpu-translate reads the output of -exo-to-ptx. A module that was not
// lowered (an exo proc, a kernel file with its transform script, an amir
// program) parses and is refused at its first op with the command that
// lowers it, instead of "unregistered dialect".
// RUN: not exo-gpu-translate --exo-extract-ptx %s 2>&1 | FileCheck %s
// RUN: not exo-gpu-translate --exo-emit-launcher %s 2>&1 | FileCheck %s
// RUN: not exo-gpu-translate --exo-extract-ptx %exo_src_root/examples/gemm/hopper_gemm.mlir 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: not exo-gpu-translate --exo-emit-launcher %exo_src_root/examples/gemm/gemm_derived_1cta.mlir 2>&1 | FileCheck %s --check-prefix=DERIVED
// RUN: exo-gpu-opt %s -convert-exo-to-amir | not exo-gpu-translate --exo-extract-ptx 2>&1 | FileCheck %s --check-prefix=AMIR

// CHECK: not-lowered.mlir:[[@LINE+3]]:1: error: 'exo.proc' is not lowered: exo-gpu-translate reads the output of -exo-to-ptx; run `exo-gpu-opt FILE -exo-to-ptx -o FILE.ptx.mlir` first and translate that
// GEMM: hopper_gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: '{{exo|builtin}}.{{[a-z_]+}}' is not lowered: exo-gpu-translate reads the output of -exo-to-ptx
// DERIVED: gemm_derived_1cta.mlir:{{[0-9]+}}:{{[0-9]+}}: error: '{{[a-z_.]+}}' is not lowered: exo-gpu-translate reads the output of -exo-to-ptx
exo.proc @fill(%N: index, %x: !exo.tensor<[N], f32, gmem>) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %c = arith.constant 1.0 : f32
        exo.assign %x[%t] = %c : !exo.tensor<[N], f32, gmem>
      }
    }
  }
}
// AMIR: error: 'amir.program' is not lowered: exo-gpu-translate reads the output of -exo-to-ptx

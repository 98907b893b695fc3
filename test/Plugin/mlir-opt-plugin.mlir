// The stock mlir-opt of LLVM 22 loads Exo-GPU as a dialect and pass plugin:
// it parses and prints exo programs and runs exo passes.
// REQUIRES: plugin
// RUN: mlir-opt %s --load-dialect-plugin=%exo_plugin | mlir-opt --load-dialect-plugin=%exo_plugin | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%exo_plugin --load-pass-plugin=%exo_plugin --pass-pipeline="builtin.module(exo-summary)" -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// Without the plugin, mlir-opt does not know the dialect.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// CHECK-LABEL: exo.proc @axpy(%N: index, %a: f32, %x: !exo.tensor<[N], f32, dram>, %y: !exo.tensor<[N], f32, dram>)
// CHECK: exo.for %i = 0 to %N seq
// CHECK: exo.reduce %y[%i] += %{{.*}} : !exo.tensor<[N], f32, dram>
// SUMMARY: proc @axpy
// SUMMARY-NEXT: arg N : index
// SUMMARY-NEXT: arg a : f32
// NOPLUGIN: error: {{.*}}exo.proc

exo.proc @axpy(%N: index, %a: f32, %x: !exo.tensor<[N], f32, dram>,
               %y: !exo.tensor<[N], f32, dram>) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %p = arith.mulf %a, %v : f32
    exo.reduce %y[%i] += %p : !exo.tensor<[N], f32, dram>
  }
}

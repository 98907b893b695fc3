// An operation with regions that the sequential lowering does not know is
// refused with its location, by exo-gpu-run and by -exo-to-cpu.
// RUN: not exo-gpu-run %s --entry=p 2>&1 | FileCheck %s
// RUN: not exo-gpu-opt %s -exo-to-cpu -o /dev/null 2>&1 | FileCheck %s
// CHECK: no-sequential-lowering.mlir:[[@LINE+4]]:3: error: 'scf.if' op has no sequential lowering

exo.proc @p(%x: !exo.tensor<[4], f32, dram>) {
  %c = arith.constant true
  scf.if %c {
    %z = arith.constant 0.0 : f32
    exo.assign %x[0] = %z : !exo.tensor<[4], f32, dram>
  }
}

// Fixture for scripts/lint_lit_selftest.sh: prefixes used but not declared,
// and declared but not used.
// RUN: exo-gpu-opt %s | FileCheck %s --check-prefixes=SM90,UNUSED
// RUN: exo-gpu-opt %s | FileCheck %s -check-prefix=ALSO

// CHECK-LABEL: func.func @f
// SM90: nvvm.wgmma
// SM80-NEXT: nvvm.mma
// CHECK-GPU: gpu.launch
// ALSO: return
// NOTE: not a directive, not reported
func.func @f() {
  return
}

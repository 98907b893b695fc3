// Fixture for scripts/lint_lit_selftest.sh: CHECK lines but no FileCheck.
// RUN: exo-gpu-opt %s -verify-diagnostics

// CHECK-LABEL: func.func @f
func.func @f() {
  return
}

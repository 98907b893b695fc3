// Fixture for scripts/lint_lit_selftest.sh: directives missing their colon.
// RUN: exo-gpu-opt %s | FileCheck %s --check-prefixes=CHECK,GPU
// RUN exo-gpu-opt %s --exo-summary

// Check that this prose line is fine.
// CHECK-LABEL: func.func @f
// CHECK func.func
// CHECK-NEXT return
//CHECK-SAME
// FOO-LABEL @f
// CHECK-COUNT-3 bar
// GPU nvvm.barrier
// CHECK : space before the colon
// GPU: nvvm.mma
// CHECK-NEXT{LITERAL} [[not a regex]]
func.func @f() {
  return
}

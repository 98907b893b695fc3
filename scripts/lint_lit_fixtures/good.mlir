// Fixture for scripts/lint_lit_selftest.sh: nothing here may be reported.
// It exercises lines that look like directives but are not, and every
// legitimate way of declaring and using a prefix.
//
// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics \
// RUN:   | FileCheck %s
// RUN: exo-gpu-opt %s --exo-summary | FileCheck %s \
// RUN:   --check-prefixes=SUMMARY,SM-90 --implicit-check-not="{{error}}"
// RUN: exo-gpu-opt %s | not FileCheck -check-prefix LOWER_first %s
// RUN: exo-gpu-opt %s 2>&1 | FileCheck %S/Inputs/other.check --check-prefix=ELSEWHERE
// DEFINE: %{check} = FileCheck %s --check-prefix=DEF
// RUN: exo-gpu-opt %s | %{check}
// REQUIRES: exo-gpu
// UNSUPPORTED: system-windows

// Check that ordinary prose is left alone, also with an ALL-CAPS word:
// TODO: NOTE: FIXME: XXX: WARNING: are not prefixes unless declared.
// NVVM lowering happens later; the GPU path is gated in lit.
// ELSEWHERE checks live in another file, so it need not be used here.
// COM: CHECK foo is a commented-out directive and stays quiet.

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    return
// CHECK-COUNT-2: foo
// CHECK-DAG:     bar
// CHECK-NOT:     baz
// CHECK-SAME:    qux
// CHECK-EMPTY:
// CHECK-NEXT{LITERAL}: [[not a regex]]
// SUMMARY:       ops: 1
// SM-90-LABEL:   sm_90a
// LOWER_first:   something
// DEF:           defined
func.func @f() {
  // expected-error @below {{CHECK this is a diagnostic, not a directive}}
  return
}

// -----

// expected-note @+1 {{RUN is fine here too}}
func.func @g() {
  return
}

// SUMMARY lines below count ops, e.g. the number of loops, i.e. a report.

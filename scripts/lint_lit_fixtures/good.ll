; Fixture for scripts/lint_lit_selftest.sh: `;` comments, nothing reported.
; RUN: llc -march=nvptx64 -mcpu=sm_90a %s -o - | FileCheck %s --check-prefix=PTX
; PTX-LABEL: .entry f
; PTX: ret;
define void @f() {
  ret void
}

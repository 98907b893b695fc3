#!/usr/bin/env bash
# Self-test for scripts/lint_lit.py: the bad fixtures in
# scripts/lint_lit_fixtures/ must produce exactly the findings listed below,
# the good ones none. The fixtures live outside test/ so lit never runs them.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lint="$script_dir/lint_lit.py"
cd "$script_dir/lint_lit_fixtures"

failures=0
fail() {
  echo "lint_lit_selftest: FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect FILE STATUS [EXPECTED-LINE...]: the linter's stdout must be exactly
# the expected lines and its exit status STATUS.
expect() {
  local file=$1 want_rc=$2
  shift 2
  local want got rc=0
  want=$(printf '%s\n' "$@")
  [ $# -gt 0 ] || want=""
  got=$(python3 "$lint" "$file") || rc=$?
  if [ "$rc" != "$want_rc" ]; then
    fail "$file: exit status $rc, expected $want_rc"
  fi
  if [ "$got" != "$want" ]; then
    fail "$file: unexpected output"
    diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") >&2 || true
  fi
}

expect good.mlir 0
expect good.ll 0

expect bad_nocolon.mlir 1 \
  "bad_nocolon.mlir:3: directive 'RUN' without a colon is ignored (write 'RUN:')" \
  "bad_nocolon.mlir:7: directive 'CHECK' without a colon is ignored (write 'CHECK:')" \
  "bad_nocolon.mlir:8: directive 'CHECK-NEXT' without a colon is ignored (write 'CHECK-NEXT:')" \
  "bad_nocolon.mlir:9: directive 'CHECK-SAME' without a colon is ignored (write 'CHECK-SAME:')" \
  "bad_nocolon.mlir:10: directive 'FOO-LABEL' without a colon is ignored (write 'FOO-LABEL:')" \
  "bad_nocolon.mlir:11: directive 'CHECK-COUNT-3' without a colon is ignored (write 'CHECK-COUNT-3:')" \
  "bad_nocolon.mlir:12: directive 'GPU' without a colon is ignored (write 'GPU:')" \
  "bad_nocolon.mlir:13: directive 'CHECK' without a colon is ignored (write 'CHECK:')" \
  "bad_nocolon.mlir:15: directive 'CHECK-NEXT' without a colon is ignored (write 'CHECK-NEXT:')"

expect bad_prefix.mlir 1 \
  "bad_prefix.mlir:3: check prefix 'UNUSED' (passed to FileCheck) is used by no directive in this file" \
  "bad_prefix.mlir:6: check prefix 'CHECK' is passed to no FileCheck on a RUN line, so 'CHECK-LABEL:' checks nothing" \
  "bad_prefix.mlir:8: check prefix 'SM80' is passed to no FileCheck on a RUN line, so 'SM80-NEXT:' checks nothing" \
  "bad_prefix.mlir:9: check prefix 'CHECK-GPU' is passed to no FileCheck on a RUN line, so 'CHECK-GPU:' checks nothing"

expect bad_nochecks.mlir 1 \
  "bad_nochecks.mlir:2: RUN line pipes into FileCheck but the file has no check directive for its prefixes (CHECK)"

expect bad_nofilecheck.mlir 1 \
  "bad_nofilecheck.mlir:4: 'CHECK-LABEL:' checks nothing: no RUN line runs FileCheck"

# Walking a directory finds the same 15 findings.
rc=0
n=$(python3 "$lint" . | wc -l) || rc=$?
[ "$n" = 15 ] || fail "directory walk: $n findings, expected 15"

# A missing path is a usage error (status 2), not a clean pass.
rc=0
python3 "$lint" does-not-exist 2>/dev/null || rc=$?
[ "$rc" = 2 ] || fail "missing path: exit status $rc, expected 2"

if [ "$failures" -ne 0 ]; then
  echo "lint_lit_selftest: $failures failure(s)" >&2
  exit 1
fi
echo "lint_lit_selftest: ok"

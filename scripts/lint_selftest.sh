#!/usr/bin/env bash
# Self-test for scripts/lint.sh's own checks: the format check refuses a
# clang-format of another major version and a missing one, and the size
# check of bench/ reports a tree over its limit. Each case runs lint.sh with
# only the step under test (EXO_LINT_STEPS).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lint="$script_dir/lint.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
  echo "lint_selftest: FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect NAME STATUS PATTERN [VAR=VALUE...]: lint.sh, run with the given
# environment, exits with STATUS and prints a line matching the ERE PATTERN.
expect() {
  local name=$1 want_rc=$2 pattern=$3
  shift 3
  local out rc=0
  out=$(env "$@" bash "$lint" 2>&1) || rc=$?
  if [ "$rc" != "$want_rc" ]; then
    fail "$name: exit status $rc, expected $want_rc"
  fi
  if ! grep -qE -- "$pattern" <<<"$out"; then
    fail "$name: no line matches '$pattern'; the output was:"
    printf '%s\n' "$out" >&2
  fi
}

# A clang-format that says it is version 14, as Debian 12's own does.
cat >"$tmp/clang-format-14" <<'SH'
#!/bin/sh
echo "Debian clang-format version 14.0.6"
SH
chmod +x "$tmp/clang-format-14"

expect "clang-format 14" 1 \
  '^\.clang-format:1: .*clang-format-14 is version 14, not 22; the format check runs with no other version' \
  EXO_LINT_STEPS=1 EXO_CLANG_FORMAT="$tmp/clang-format-14"
expect "no clang-format" 1 \
  '^\.clang-format:1: clang-format-22 not found; the format check runs with no other version' \
  EXO_LINT_STEPS=1 EXO_CLANG_FORMAT="$tmp/absent/clang-format"
expect "bench over its limit" 1 \
  '^bench/README\.md:1: bench/ holds [0-9]+ bytes, over the limit of 1;' \
  EXO_LINT_STEPS=5 EXO_BENCH_MAX_BYTES=1
expect "bench within its limit" 0 '^lint: 0 findings$' \
  EXO_LINT_STEPS=5 EXO_BENCH_MAX_BYTES=1000000000
expect "unknown step" 2 "^lint: unknown step '9'" EXO_LINT_STEPS=9

if [ "$failures" -ne 0 ]; then
  echo "lint_selftest: $failures failure(s)" >&2
  exit 1
fi
echo "lint_selftest: ok"

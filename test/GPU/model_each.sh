#!/usr/bin/env bash
# Usage: bash test/GPU/model_each.sh MODEL_CHECK DUMP_ROOT [TIMEOUT_S]
#
# Runs MODEL_CHECK (test/GPU/model_check.cu built against model_kernels.h)
# on each kernel of DUMP_ROOT (one folder per kernel, test/GPU/gen_all.sh),
# each in a process of its own under TIMEOUT_S (default 60): a kernel that
# faults leaves its context unusable, which would stop the kernels after it
# in one process. Prints each kernel's output, then one line
#   model_each: P passed, F failed of N[: NAME (why) ...]
# and exits 1 when any failed (a fault, a timeout, a wrong result), 2 on
# bad arguments.
set -uo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ] || [ ! -x "$1" ] || [ ! -d "$2" ]; then
  echo "usage: $0 MODEL_CHECK DUMP_ROOT [TIMEOUT_S]" >&2
  exit 2
fi
bin=$1 root=$2 limit=${3:-60}
passed=0 failed=0 total=0 why=""
for dir in "$root"/*/; do
  kernel=$(basename "$dir")
  total=$((total + 1))
  out=$(timeout --kill-after=10 "$limit" "$bin" "$root" "$kernel" 2>&1)
  rc=$?
  printf '%s\n' "$out"
  if [ "$rc" -eq 0 ] && grep -qx "CHECK model $kernel PASS" <<<"$out"; then
    passed=$((passed + 1))
    continue
  fi
  failed=$((failed + 1))
  case $rc in
  0) reason="no PASS line" ;;
  124 | 137) reason="timed out after ${limit}s" ;;
  *) reason="exit $rc" ;;
  esac
  why="$why $kernel ($reason)"
done
if [ "$total" -eq 0 ]; then
  echo "model_each: no kernel folders in $root" >&2
  exit 2
fi
echo "model_each: $passed passed, $failed failed of $total${why:+:$why}"
[ "$failed" -eq 0 ]

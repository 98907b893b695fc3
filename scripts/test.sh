#!/usr/bin/env bash
# Usage: scripts/test.sh [BUILD_DIR]
#
# The one command that builds everything and runs every test: installs the
# dependencies, builds BUILD_DIR (default `build`, relative to the repository
# root) with scripts/build.sh, self-tests the linters, runs
# scripts/lint.sh, then lit over BUILD_DIR/test. The last line printed is
#   N passed, N failed, N skipped
# where lit's tests count one each (XFAIL counts as passed; FAIL, XPASS,
# UNRESOLVED and TIMEOUT as failed; UNSUPPORTED as skipped; counted from lit's
# JSON report BUILD_DIR/lit.json, written next to the xunit BUILD_DIR/lit.xml),
# and each failed step (dependencies, build, lint self-test, lint, lit not
# running) counts as one failure. The exit status is non-zero when anything
# failed.
#
# Environment: EXO_LIT (the lit to run, default /usr/lib/llvm-22/bin/lit),
# EXO_LIT_ARGS (extra lit arguments, e.g. "--filter gemm"), EXO_LIT_DEADLINE
# (a time, in seconds since the epoch, by which lit must stop: the tests it
# has not finished then count as skipped, and are named), and build.sh's
# EXO_BUILD_TYPE, EXO_SANITIZE, EXO_JOBS.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)
cd "$root"

build_dir=${1:-build}
case "$build_dir" in
  /*) ;;
  *) build_dir="$root/$build_dir" ;;
esac

passed=0
failed=0
skipped=0

# step NAME CMD...: runs CMD; a failure counts once and is named on stderr.
step() {
  local name=$1
  shift
  echo "== test: $name" >&2
  if "$@"; then
    return 0
  fi
  echo "== test: FAILED: $name" >&2
  failed=$((failed + 1))
  return 1
}

built=0
if step "install dependencies" bash "$script_dir/install-deps.sh"; then
  if step "build" bash "$script_dir/build.sh" "$build_dir"; then
    built=1
  fi
fi
step "lint_lit self-test" bash "$script_dir/lint_lit_selftest.sh" || true
step "lint_diagnostics self-test" bash "$script_dir/lint_diagnostics_selftest.sh" || true
step "lint self-test" bash "$script_dir/lint_selftest.sh" || true
step "lint" bash "$script_dir/lint.sh" || true

lit=${EXO_LIT:-/usr/lib/llvm-22/bin/lit}
if [ ! -x "$lit" ] && command -v lit >/dev/null 2>&1; then
  lit=$(command -v lit)
fi

if [ "$built" = 1 ]; then
  echo "== test: lit $build_dir/test" >&2
  # Counts come from lit's JSON report, which names each result code. The
  # xunit report (kept for CI viewers) cannot tell XPASS from PASS, and
  # Debian's lit does not count XPASS as a failure.
  json="$build_dir/lit.json"
  xml="$build_dir/lit.xml"
  rm -f "$json" "$xml"
  lit_rc=0
  deadline_args=()
  if [ -n "${EXO_LIT_DEADLINE:-}" ]; then
    left=$((EXO_LIT_DEADLINE - $(date +%s)))
    [ "$left" -ge 60 ] || left=60
    echo "== test: lit stops after ${left}s (EXO_LIT_DEADLINE)" >&2
    deadline_args=(--max-time "$left")
  fi
  # shellcheck disable=SC2086 # EXO_LIT_ARGS is a list of words.
  "$lit" -q --output "$json" --xunit-xml-output "$xml" "${deadline_args[@]}" \
    ${EXO_LIT_ARGS:-} "$build_dir/test" || lit_rc=$?
  counts=""
  if [ -s "$json" ]; then
    counts=$(python3 - "$json" <<'PY'
import json
import sys

PASSED = {"PASS", "FLAKYPASS", "XFAIL"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}
passed = failed = skipped = 0
with open(sys.argv[1]) as f:
    tests = json.load(f)["tests"]
for test in tests:
    code = test.get("code")
    if code in PASSED:
        passed += 1
    elif code in SKIPPED:
        skipped += 1
        if code == "SKIPPED":  # not run: lit's --max-time ran out
            print(f"not run (time limit): {test.get('name')}", file=sys.stderr)
    else:  # FAIL, XPASS, UNRESOLVED, TIMEOUT, anything new
        failed += 1
        if code != "FAIL":
            print(f"{code}: {test.get('name')}", file=sys.stderr)
print(passed, failed, skipped)
PY
    ) || counts=""
  fi
  if [ -z "$counts" ]; then
    echo "== test: FAILED: lit wrote no readable $json (status $lit_rc)" >&2
    failed=$((failed + 1))
  else
    read -r lit_passed lit_failed lit_skipped <<<"$counts"
    passed=$((passed + lit_passed))
    failed=$((failed + lit_failed))
    skipped=$((skipped + lit_skipped))
    if [ "$lit_rc" -ne 0 ] && [ "$lit_failed" -eq 0 ]; then
      # lit failed for a reason no test records.
      echo "== test: FAILED: lit exited with status $lit_rc" >&2
      failed=$((failed + 1))
    fi
  fi
else
  echo "== test: lit skipped: nothing was built" >&2
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Usage: scripts/fuzz.sh [SECONDS [BUILD_DIR]]
#
# Builds BUILD_DIR (default build-fuzz) with AddressSanitizer +
# UndefinedBehaviorSanitizer and the libFuzzer targets (-DEXO_FUZZ=ON), then
# runs each target for SECONDS (default 60) on a working copy of its seed
# corpus (test/fuzz/corpus-<target>/), with a per-input timeout of
# EXO_FUZZ_TIMEOUT seconds (default 10; a hang is a finding) and a 4 GiB
# memory limit. Findings (crash-*, timeout-*,
# oom-*) land in BUILD_DIR/fuzz-findings/<target>/; the last lines of each
# run (executions, coverage, findings) are printed. Exits non-zero when a
# target reports a finding.
set -uo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)
seconds=${1:-60}
build_dir=${2:-build-fuzz}
case "$build_dir" in
  /*) ;;
  *) build_dir="$root/$build_dir" ;;
esac

EXO_SANITIZE="address;undefined" bash "$script_dir/build.sh" "$build_dir" \
  -DEXO_FUZZ=ON || exit 1

status=0
for target in programs checker transforms; do
  bin="$build_dir/bin/exo-gpu-fuzz-$target"
  corpus="$build_dir/fuzz-corpus/$target"
  findings="$build_dir/fuzz-findings/$target"
  mkdir -p "$corpus" "$findings"
  cp -n "$root/test/fuzz/corpus-$target/"* "$corpus/" 2>/dev/null || true
  echo "== fuzz: $target for ${seconds}s (corpus $corpus)"
  log="$build_dir/fuzz-$target.log"
  # allow_user_poisoning=0: LLVM's allocators poison memory from inline code
  # compiled with ASan, which the uninstrumented libMLIR.so then writes
  # legitimately (a false use-after-poison).
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" "$corpus" -max_total_time="$seconds" -timeout="${EXO_FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=4096 -artifact_prefix="$findings/" -print_final_stats=1 \
    >"$log" 2>&1
  rc=$?
  grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$log" | tail -n 4
  # slow-unit-* files only flag inputs slower than 10 s; they are reported
  # but are not findings unless the timeout was hit (timeout-*).
  slow=$(find "$findings" -name 'slow-unit-*' | wc -l)
  [ "$slow" -eq 0 ] || echo "== fuzz: $target: $slow slow unit(s) in $findings"
  if [ "$rc" -ne 0 ] || find "$findings" -type f ! -name 'slow-unit-*' | grep -q .; then
    echo "== fuzz: $target: FINDING (exit $rc); see $log and $findings" >&2
    status=1
  else
    echo "== fuzz: $target: no finding"
  fi
done
exit "$status"

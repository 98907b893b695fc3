#!/usr/bin/env bash
# Usage: scripts/fuzz.sh [SECONDS [BUILD_DIR]]
#
# Builds BUILD_DIR (default build-fuzz) with AddressSanitizer +
# UndefinedBehaviorSanitizer and the libFuzzer targets (-DEXO_FUZZ=ON), then
# runs each target for SECONDS (default 60) on a working copy of its seed
# corpus (test/fuzz/corpus-<target>/; the programs target also gets every
# kernel of kernels/registry.json, derived), with a per-input timeout of
# EXO_FUZZ_TIMEOUT seconds (default 40: the attention kernels among the
# seeds run the eight pipelines in 13-22 s under ASan and UBSan on the
# 2-core machine, 1.5 s without; a hang is a finding) and a 4 GiB
# memory limit. Findings (crash-*, timeout-*,
# oom-*) land in BUILD_DIR/fuzz-findings/<target>/; the last lines of each
# run (executions, coverage, findings) are printed. Exits non-zero when a
# target reports a finding. A target with a dictionary
# (test/fuzz/<target>.dict) gets it. EXO_FUZZ_PARALLEL=1 runs the three
# targets at once (SECONDS of wall time each, sharing the cores);
# EXO_FUZZ_TARGETS picks targets (default "programs checker transforms").
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

# One target: its corpus, its run, its report (the last line is the verdict).
fuzz_one() {
  local target=$1
  local bin="$build_dir/bin/exo-gpu-fuzz-$target"
  local corpus="$build_dir/fuzz-corpus/$target"
  local findings="$build_dir/fuzz-findings/$target"
  local log="$build_dir/fuzz-$target.log"
  mkdir -p "$corpus" "$findings"
  cp -n "$root/test/fuzz/corpus-$target/"* "$corpus/" 2>/dev/null || true
  if [ "$target" = programs ]; then
    # Every kernel of the registry (kernels/registry.json), derived, seeds
    # the programs: a kernel added there is fuzzed without a copy here. One
    # seed per proc: a source that derives many kernels (the twelve fused
    # epilogues) takes longer than the per-input timeout under ASan.
    local derived="$build_dir/fuzz-registry"
    rm -rf "$derived"
    if ! ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 \
      python3 "$root/scripts/registry.py" derive \
      --opt "$build_dir/bin/exo-gpu-opt" -o "$derived" --per-proc >/dev/null; then
      echo "== fuzz: $target: the registry's kernels do not derive" >&2
      return 1
    fi
    rm -f "$corpus"/registry_*.mlir
    for f in "$derived"/*.mlir; do
      cp "$f" "$corpus/registry_$(basename "$f")"
    done
  fi
  local dict=()
  [ -f "$root/test/fuzz/$target.dict" ] &&
    dict=(-dict="$root/test/fuzz/$target.dict")
  echo "== fuzz: $target for ${seconds}s (corpus $corpus)"
  # allow_user_poisoning=0: LLVM's allocators poison memory from inline code
  # compiled with ASan, which the uninstrumented libMLIR.so then writes
  # legitimately (a false use-after-poison).
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" \
    -timeout="${EXO_FUZZ_TIMEOUT:-40}" -rss_limit_mb=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  local rc=$?
  grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$log" | tail -n 4
  # slow-unit-* files only flag inputs slower than 10 s; they are reported
  # but are not findings unless the timeout was hit (timeout-*).
  local slow
  slow=$(find "$findings" -name 'slow-unit-*' | wc -l)
  [ "$slow" -eq 0 ] || echo "== fuzz: $target: $slow slow unit(s) in $findings"
  if [ "$rc" -ne 0 ] || find "$findings" -type f ! -name 'slow-unit-*' | grep -q .; then
    echo "== fuzz: $target: FINDING (exit $rc); see $log and $findings" >&2
    return 1
  fi
  echo "== fuzz: $target: no finding"
}

read -r -a targets <<<"${EXO_FUZZ_TARGETS:-programs checker transforms}"
status=0
if [ "${EXO_FUZZ_PARALLEL:-0}" = 1 ]; then
  # All targets at once (each report printed when all are done).
  for target in "${targets[@]}"; do
    fuzz_one "$target" >"$build_dir/fuzz-$target.report" 2>&1 &
  done
  for target in "${targets[@]}"; do
    wait -n || status=1
  done
  for target in "${targets[@]}"; do
    cat "$build_dir/fuzz-$target.report"
  done
else
  for target in "${targets[@]}"; do
    fuzz_one "$target" || status=1
  done
fi
exit "$status"

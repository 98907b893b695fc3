#!/usr/bin/env bash
# Benchmark of the CPU reference (not a test): time of the sequential naive
# GEMM at 256^3 and of the Hopper kernel's sequential meaning, as run by
# exo-gpu-run (JIT at -O3; the time is one call, after compilation).
# Usage: bench/cpu/cpu-reference.sh [BUILD_DIR]  -> prints a Markdown table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
run=$build/bin/exo-gpu-run
echo "| proc | sizes | seconds (median of 5) |"
echo "|---|---|---|"
bench() { # file entry sizes [extra args]
  local file=$1 entry=$2 sizes=$3
  local times=()
  for _ in 1 2 3 4 5; do
    times+=("$("$run" "$root/$file" --entry="$entry" --size="$sizes" --time |
      sed -n "s/^time @$entry: \([0-9.]*\) s$/\1/p")")
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 3p)
  echo "| @$entry | $sizes | $median |"
}
bench examples/gemm/gemm_naive.mlir gemm M=256,N=256,K=256
bench examples/gemm/hopper_gemm.mlir gemm_sm90_tf32 M=256,N=256,K=256
bench examples/gemm/gemm_naive.mlir gemm M=1024,N=1024,K=1024
bench examples/gemm/hopper_gemm.mlir gemm_sm90_tf32 M=1024,N=1024,K=1024

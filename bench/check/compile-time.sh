#!/usr/bin/env bash
# Benchmark of compile time (not a test): wall time and peak memory of
# `exo-gpu-opt FILE OPTIONS -exo-to-ptx` for every source of
# kernels/registry.json, from the specification (derived by its transform
# script where the source has one) to PTX, one process per source. Prints a
# Markdown table, slowest first, then the number of sources and kernels.
# Usage: bench/check/compile-time.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
opt=$build/bin/exo-gpu-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
while read -r name file options; do
  # shellcheck disable=SC2086 # options: exo-gpu-opt options, no spaces
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$opt" "$file" $options -exo-to-ptx \
    -o "$tmp/out.mlir"
  kernels=$(grep -o '#exo.kernel<name = ' "$tmp/out.mlir" | wc -l)
  read -r seconds kib < "$tmp/time"
  echo "$seconds $((kib / 1024)) $kernels $name"
done < <(python3 scripts/registry.py sources) | sort -rn > "$tmp/rows"
echo "| source | kernels | seconds | peak RSS (MiB) |"
echo "|---|---|---|---|"
while read -r seconds mib kernels name; do
  echo "| $name | $kernels | $seconds | $mib |"
done < "$tmp/rows"
echo
echo "$(wc -l < "$tmp/rows") sources, $(awk '{k += $3} END {print k}' "$tmp/rows") kernels"

#!/usr/bin/env bash
# Usage: bash bench/gpu/gen.sh GEN_DIR [BUILD_DIR]
#
# Derives every kernel of the registry (kernels/registry.json) from its
# specification (its transform script, where the file has one), checks
# nothing (the lit tests do), lowers it to PTX and writes its launcher into
# GEN_DIR, with the dispatcher exo_kernels.h (scripts/registry.py dispatcher,
# from the tuning tables in kernels/tuning/) and its PyTorch operators
# (exo_torch_ops.{h,cpp}), for bench/gpu/run.sh, autotune.sh, bench_torch.py
# and bench_attention.py on the GPU machine. BUILD_DIR
# (default build) holds exo-gpu-opt and exo-gpu-translate.
set -euo pipefail
# shellcheck source=../../scripts/gen_launchers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/gen_launchers.sh" "$@"
registry=(python3 "$root/scripts/registry.py")
"${registry[@]}" check
while read -r name file options; do
  # shellcheck disable=SC2086 # options: exo-gpu-opt options, no spaces
  gen "$name" "$file" $options
done < <("${registry[@]}" sources)
# The tuning tables: the H200's first, then the H100's, which serves the
# functions the H200's does not tune (docs/Dispatch.md); copied next to the
# dispatcher generated from them (the H200's as tuning.csv, the benchmark
# report's input).
rm -f "$gen_dir/tuning.csv" "$gen_dir/tuning-h100.csv"
tables=()
for card in h200 h100; do
  [ -f "$root/kernels/tuning/$card.csv" ] || continue
  copy=$gen_dir/tuning.csv
  [ "$card" = h200 ] || copy=$gen_dir/tuning-$card.csv
  cp "$root/kernels/tuning/$card.csv" "$copy"
  tables+=(--tuning "$root/kernels/tuning/$card.csv")
done
"${registry[@]}" dispatcher "${tables[@]}" -o "$gen_dir/exo_kernels.h"
echo "$gen_dir/exo_kernels.h"
attention_dispatcher
# The PyTorch operators over it (python/exo_gpu, docs/PyTorch.md).
"${registry[@]}" torch -o "$gen_dir"
echo "$gen_dir/exo_torch_ops.cpp"
git -C "$root" rev-parse --short HEAD >"$gen_dir/commit.txt" 2>/dev/null ||
  echo unknown >"$gen_dir/commit.txt"

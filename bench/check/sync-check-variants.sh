#!/usr/bin/env bash
# Sync-check time of the benchmarked kernels that bench/check/sync-check.sh
# leaves out: the cluster kernel's variants, the rasterized persistent
# kernel, split-K from the registers, the hand-annotated persistent kernels,
# and the split-K and thread-per-row GEMVs (latest times: bench/RESULTS.md;
# bench/analysis/sync-check-rest.md). One core, 300 s and 16 GB
# per run. Prints a Markdown table, as sync-check.sh does (the first error
# line in the row of a run that fails).
# Usage: bench/check/sync-check-variants.sh [BUILD_DIR] [SIZES...]
#        (default sizes 1024 2048 4096; GEMVs at the sizes below 4096)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1024 2048 4096)
opt=$build/bin/exo-gpu-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# derive and run.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$root/bench/check/common.sh"
echo "| kernel | sizes | seconds | peak RSS (MiB) | statement instances | element accesses |"
echo "|---|---|---|---|---|---|"
for k in cluster_1x2 cluster_6stage cluster_raster cluster_2x2 \
  cluster_256x128 persistent_raster splitk_direct; do
  derive "$k" "$(gemm_source "$k")"
done
derive gemv_splitk examples/gemv/gemv_derived_splitk.mlir
derive gemv_derived examples/gemv/gemv_derived.mlir
for s in "${sizes[@]}"; do
  for k in cluster_1x2 cluster_6stage cluster_raster cluster_2x2 \
    cluster_256x128; do
    run "$k" "$tmp/$k.mlir" "M=$s,N=$s,K=$s"
  done
  run persistent_raster "$tmp/persistent_raster.mlir" "M=$s,N=$s,K=$s,NC=66"
  run splitk_direct "$tmp/splitk_direct.mlir" "M=$s,N=$s,KS=4,KC=$((s / 4))"
  run hand_persistent examples/gemm/hopper_gemm_persistent.mlir \
    "M=$s,N=$s,K=$s,NC=66"
  run hand_bf16_persistent examples/gemm/hopper_gemm_bf16_persistent.mlir \
    "M=$s,N=$s,K=$s,NC=66"
done
for s in "${sizes[@]}"; do
  [ "$s" -lt 4096 ] || continue
  run gemv_splitk "$tmp/gemv_splitk.mlir" "M=$s,KS=8,KC=$((s / 8))"
  run gemv_derived "$tmp/gemv_derived.mlir" "M=$s,K=$s"
done

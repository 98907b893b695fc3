#!/usr/bin/env bash
# Benchmark of the synchronization checker (not a test): wall time and peak
# memory of `exo-gpu-opt -exo-verify-collectives -exo-check-sync` on the
# bundled kernels at several sizes, one core. Prints a Markdown table.
# Usage: bench/check/sync-check.sh [BUILD_DIR] [SIZES...]   (default 1024 2048)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
shift || true
sizes=("${@:-1024 2048}")
[ $# -gt 0 ] || sizes=(1024 2048)
opt=$build/bin/exo-gpu-opt
echo "| kernel | sizes | seconds | peak RSS (MiB) | statement instances | element accesses |"
echo "|---|---|---|---|---|---|"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# derive and run.
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$root/bench/check/common.sh"
for s in "${sizes[@]}"; do
  run "Hopper GEMM" examples/gemm/hopper_gemm.mlir "M=$s,N=$s,K=$s"
done
for s in "${sizes[@]}"; do
  run "Hopper GEMM ping-pong" examples/gemm/hopper_gemm_pingpong.mlir "M=$s,N=$s,K=$s"
done
run "Hopper GEMM split-K" examples/gemm/hopper_gemm_splitk.mlir "M=1024,N=1024,KS=2,KC=512"
run "GEMV" examples/gemv/gemv_warp_coop.mlir "M=1024,K=1024"
# The persistent kernels (derived; NC = 66 clusters, the persistent grid the
# launcher runs on the H200's 132 SMs).
derive persistent @gemm_derived_persistent
derive persistent_odd @gemm_derived_persistent_odd
derive persistent_bf16 @gemm_derived_bf16_persistent
for s in "${sizes[@]}"; do
  run "persistent GEMM (derived)" "$tmp/persistent.mlir" "M=$s,N=$s,K=$s,NC=66"
done
for s in "${sizes[@]}"; do
  run "persistent GEMM, partial tiles (derived)" "$tmp/persistent_odd.mlir" \
    "M=$((s - 96)),N=$((s - 96)),K=$((s - 96)),NC=66"
done
for s in "${sizes[@]}"; do
  run "persistent bf16 GEMM (derived)" "$tmp/persistent_bf16.mlir" \
    "M=$s,N=$s,K=$s,NC=66"
done
# The persistent kernels with direct accumulator stores.
derive persistent_direct @gemm_derived_persistent_direct
derive persistent_direct_bf16 \
  @gemm_derived_bf16_persistent_direct
for s in "${sizes[@]}"; do
  run "persistent GEMM, direct stores (derived)" "$tmp/persistent_direct.mlir" \
    "M=$s,N=$s,K=$s,NC=66"
done
for s in "${sizes[@]}"; do
  run "persistent bf16 GEMM, direct stores (derived)" \
    "$tmp/persistent_direct_bf16.mlir" "M=$s,N=$s,K=$s,NC=66"
done
# ... and with the rasterized tile order (N a multiple of 2048).
derive persistent_direct_raster \
  @gemm_derived_persistent_direct_raster
for s in "${sizes[@]}"; do
  [ $((s % 2048)) -eq 0 ] || continue
  run "persistent GEMM, direct stores, rasterized (derived)" \
    "$tmp/persistent_direct_raster.mlir" "M=$s,N=$s,K=$s,NC=66"
done
derive persistent_direct_bf16_raster \
  @gemm_derived_bf16_persistent_direct_raster
for s in "${sizes[@]}"; do
  [ $((s % 2048)) -eq 0 ] || continue
  run "persistent bf16 GEMM, direct stores, rasterized (derived)" \
    "$tmp/persistent_direct_bf16_raster.mlir" "M=$s,N=$s,K=$s,NC=66"
done
# ... and with partial tiles.
derive persistent_direct_odd @gemm_derived_persistent_direct_odd
for s in "${sizes[@]}"; do
  run "persistent GEMM, direct stores, partial tiles (derived)" \
    "$tmp/persistent_direct_odd.mlir" \
    "M=$((s - 96)),N=$((s - 96)),K=$((s - 96)),NC=66"
done
# The small-tile kernel (64 x 128 per CTA, one consumer warpgroup, 8 ring
# slots) and the 1 x 1 cluster kernel (128 x 256 per CTA, no cluster).
derive ws @gemm_derived_ws
derive ws2 @gemm_derived_ws2
for s in "${sizes[@]}"; do
  run "small-tile GEMM (derived)" "$tmp/ws.mlir" "M=$s,N=$s,K=$s"
done
for s in "${sizes[@]}"; do
  run "1 x 1 cluster GEMM (derived)" "$tmp/ws2.mlir" "M=$s,N=$s,K=$s"
done
# The persistent ping-pong kernel derived from the specification.
derive pingpong @gemm_derived_pingpong
for s in "${sizes[@]}"; do
  run "persistent ping-pong GEMM (derived)" "$tmp/pingpong.mlir" \
    "M=$s,N=$s,K=$s,NC=66"
done
# The hand-annotated persistent ping-pong kernel.
for s in "${sizes[@]}"; do
  run "persistent ping-pong GEMM (hand-annotated)" \
    examples/gemm/hopper_gemm_pingpong_persistent.mlir "M=$s,N=$s,K=$s,NC=66"
done

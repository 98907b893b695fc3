#!/usr/bin/env bash
# Benchmark of the checker's task reduction (not a test): wall time, peak
# memory and tasks run / covered of `exo-gpu-opt -exo-verify-collectives
# -exo-check-sync` on one core, for the GEMVs at 16384^2 and the GEMMs at
# 4096^3 (partial tiles at 4000^3 and 3000 x 5000 x 7000), some also with
# every task run (task-symmetry=false). Prints a Markdown table
# (bench/RESULTS.md, "Sync-check time").
# Usage: bench/check/task-symmetry.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
opt=$build/bin/exo-gpu-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$root/bench/check/common.sh"
export TASKS_COLUMN=1
echo "| kernel | sizes | seconds | peak RSS (MiB) | statement instances | element accesses | tasks |"
echo "|---|---|---|---|---|---|---|"
for k in gemv_derived gemv_derived_splitk gemv_derived_warp; do
  derive "$k" "examples/gemv/$k.mlir"
done
for k in ws ws2 cluster cluster_odd bf16 bf16_odd ws_odd bf16_ws_odd splitk \
  splitk_direct; do
  derive "$k" "$(gemm_source "$k")"
done
g=16384
run gemv_warp_coop examples/gemv/gemv_warp_coop.mlir "M=$g,K=$g"
run gemv_warp_v4 examples/gemv/gemv_warp_v4.mlir "M=$g,K=$g"
run gemv_splitk_v4 examples/gemv/gemv_splitk_v4.mlir "M=$g,KS=8,KC=$((g / 8))"
run gemv_derived "$tmp/gemv_derived.mlir" "M=$g,K=$g"
run "gemv_derived (every task)" "$tmp/gemv_derived.mlir" "M=2048,K=2048 task-symmetry=false"
run gemv_derived_warp "$tmp/gemv_derived_warp.mlir" "M=$g,K=$g"
run gemv_derived_splitk "$tmp/gemv_derived_splitk.mlir" "M=$g,KS=8,KC=$((g / 8))"
s=4096
run hopper_gemm examples/gemm/hopper_gemm.mlir "M=$s,N=$s,K=$s"
run "hopper_gemm (every task)" examples/gemm/hopper_gemm.mlir "M=$s,N=$s,K=$s task-symmetry=false"
run hopper_gemm_bf16 examples/gemm/hopper_gemm_bf16.mlir "M=$s,N=$s,K=$s"
run hopper_gemm_pingpong examples/gemm/hopper_gemm_pingpong.mlir "M=$s,N=$s,K=$s"
run hopper_gemm_splitk examples/gemm/hopper_gemm_splitk.mlir "M=$s,N=$s,KS=4,KC=$((s / 4))"
for k in ws ws2 cluster bf16; do
  run "$k" "$tmp/$k.mlir" "M=$s,N=$s,K=$s"
done
for k in splitk splitk_direct; do
  run "$k" "$tmp/$k.mlir" "M=$s,N=$s,KS=4,KC=$((s / 4))"
done
for k in cluster_odd bf16_odd ws_odd bf16_ws_odd; do
  run "$k" "$tmp/$k.mlir" "M=4000,N=4000,K=4000"
  run "$k (every task)" "$tmp/$k.mlir" "M=4000,N=4000,K=4000 task-symmetry=false"
done
run cluster_odd "$tmp/cluster_odd.mlir" "M=3000,N=5000,K=7000"
run "cluster_odd (every task)" "$tmp/cluster_odd.mlir" "M=3000,N=5000,K=7000 task-symmetry=false"

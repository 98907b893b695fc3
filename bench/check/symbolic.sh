#!/usr/bin/env bash
# Benchmark of the symbolic check (not a test): for every bundled GEMM, GEMV
# and attention kernel (derived ones derived first, untimed), wall time and peak memory of
# `exo-gpu-opt -exo-verify-collectives -exo-check-sync="symbolic=true
# stats=true"` on one core, the verdict (proved for every size, or not, with
# the first reason), and the runs of the abstract machine. Prints a Markdown
# table (bench/RESULTS.md, "Every size"). With BOUNDS (`M<=512,N<=2048,NC<=2`)
# only the persistent kernels (a size marked exo.cluster_count) are checked,
# with `bounds=BOUNDS`.
# Usage: bench/check/symbolic.sh [BUILD_DIR] [TIMEOUT_SECONDS] [BOUNDS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
limit=${2:-120}
bounds=${3:-}
option="symbolic=true stats=true${bounds:+ bounds=$bounds}"
opt=$build/bin/exo-gpu-opt
export EXO_ROOT=$root
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$root/bench/check/common.sh"

# symbolic LABEL FILE: one symbolic check, as a Markdown row.
symbolic() {
  local out file=$2 t m verdict why runs
  [[ $file = /* ]] || file=$root/$file
  out=$( { ulimit -v 16000000; /usr/bin/time -f "TIME %e %M" taskset -c 0 \
    timeout "$limit" "$opt" "$file" -exo-verify-collectives \
    -exo-check-sync="$option" -o /dev/null; } 2>&1) || true
  t=$(sed -n 's/^TIME \([0-9.]*\) .*/\1/p' <<<"$out")
  m=$(sed -n 's/^TIME [0-9.]* \([0-9]*\)$/\1/p' <<<"$out")
  runs=$(grep -m1 -o -E '[0-9]+ runs' <<<"$out") || runs=
  # A file may hold several kernels: proved when each of them is, and the
  # run ended within the limit.
  local kernels proved
  kernels=$(grep -c 'exo.device_function' "$file") || kernels=0
  proved=$(grep -c 'remark: proved' <<<"$out") || proved=0
  if [[ ${t%.*} -lt $limit ]] && ((proved == kernels)); then
    verdict=proved
    why=
  elif ((proved > 0)) && ! grep -q 'remark: not proved' <<<"$out"; then
    verdict="$proved of $kernels proved"
    why="over $limit s"
  elif grep -q 'remark: not proved' <<<"$out"; then
    verdict="not proved"
    why=$(grep -m1 'note: ' <<<"$out" | sed 's/.*note: //' | cut -c1-110) ||
      true
  else
    verdict="stopped"
    why=$(grep -m1 -E 'error|Killed' <<<"$out" | sed 's/.*error: //' |
      cut -c1-110) || true
    [[ -n $why ]] || why="over $limit s"
  fi
  echo "| $1 | $verdict | ${t:-} | $((${m:-0} / 1024)) | ${runs% runs} | ${why} |"
}

echo "| kernel | verdict | seconds | peak RSS (MiB) | runs | first reason not covered |"
echo "|---|---|---|---|---|---|"
for f in "$root"/examples/gemm/hopper_*.mlir "$root"/examples/gemm/wgmma_*.mlir \
  "$root"/examples/gemm/mma_*.mlir "$root"/examples/gemv/gemv_*.mlir \
  "$root"/examples/gemm/gemm_derived_*.mlir; do
  name=$(basename "$f" .mlir)
  if grep -q '@__transform_main' "$f"; then
    derive "$name" "${f#"$root"/}" 2>/dev/null || continue
    file=$tmp/$name.mlir
  else
    file=$f
  fi
  grep -q device_function "$file" || continue
  if (($(grep -c device_function "$file") > 1)); then
    # A file of several kernels: a row for each (scripts/registry.py's
    # split of a printed module into one module per proc).
    mkdir -p "$tmp/$name.procs"
    python3 - "$file" "$tmp/$name.procs" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["EXO_ROOT"], "scripts"))
from registry import split_printed_procs
for proc, text in split_printed_procs(open(sys.argv[1]).read()):
    if "exo.device_function" in text:
        open(os.path.join(sys.argv[2], proc + ".mlir"), "w").write(text)
PY
    for k in "$tmp/$name.procs"/*.mlir; do
      [[ -z $bounds ]] || grep -q exo.cluster_count "$k" || continue
      symbolic "$name: $(basename "$k" .mlir)" "$k"
    done
    continue
  fi
  [[ -z $bounds ]] || grep -q exo.cluster_count "$file" || continue
  symbolic "$name" "$file"
done
# The entry points of the schedule libraries (examples/gemm/schedules/kernels.mlir).
for entry in $(sed -n 's/^  transform.named_sequence @\(gemm_derived_[a-z0-9_]*\)(.*/\1/p' \
  "$root/examples/gemm/schedules/kernels.mlir"); do
  derive "$entry" "@$entry" 2>/dev/null || continue
  [[ -z $bounds ]] || grep -q exo.cluster_count "$tmp/$entry.mlir" || continue
  symbolic "$entry" "$tmp/$entry.mlir"
done
# The attention kernels (examples/attention/gen_attention_fwd.py writes them;
# scripts/registry.py generate says where).
attention=$(python3 "$root/scripts/registry.py" generate \
  examples/attention/gen_attention_fwd.py)
for f in "$attention"/attention_fwd_*.mlir; do
  [[ -z $bounds ]] || grep -q exo.cluster_count "$f" || continue
  symbolic "$(basename "$f" .mlir)" "$f"
done

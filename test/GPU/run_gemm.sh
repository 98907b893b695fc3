#!/usr/bin/env bash
# Usage: bash test/GPU/run_gemm.sh GEN_DIR OUT_DIR
#
# Run on the GPU machine, from anywhere. GEN_DIR holds the compiler's
# gemm_sm90_tf32_launcher.h; OUT_DIR receives the gemm_check binary,
# log.txt (everything printed), sanitizer-*.log and gemm.csv.
#   1. Builds test/GPU/gemm_check.cu against the launcher and the runtime.
#   2. Correctness from one output tile and one 32-wide k-block up to
#      several waves of the persistent grid.
#   3. compute-sanitizer memcheck, racecheck and synccheck, when installed,
#      with a naive reference kernel so that only our kernels are checked.
#   4. The timing table against cuBLAS tf32.
# Exits non-zero when any step fails; every step still runs (but not the
# ones needing the binary when the build fails).
# test/GPU/run_all.sh runs these steps and the same for the split-K GEMM and
# the GEMV.
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 GEN_DIR OUT_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
gen_dir=$(cd "$1" && pwd) || { echo "run_gemm: no directory $1" >&2; exit 2; }
mkdir -p "$2"
out_dir=$(cd "$2" && pwd)
log=$out_dir/log.txt
: >"$log"
if [ ! -f "$gen_dir/gemm_sm90_tf32_launcher.h" ]; then
  echo "run_gemm: $gen_dir has no gemm_sm90_tf32_launcher.h" | tee -a "$log" >&2
  exit 2
fi

# The CUDA tools may be installed but not on PATH.
for dir in "${CUDA_HOME:-/usr/local/cuda}/bin" /usr/local/cuda/bin; do
  if ! command -v nvcc >/dev/null 2>&1 && [ -x "$dir/nvcc" ]; then
    PATH=$dir:$PATH
  fi
done
command -v nvcc >/dev/null 2>&1 ||
  { echo "run_gemm: nvcc not found" | tee -a "$log" >&2; exit 2; }

failures=0
# step NAME TIMEOUT_S CMD...: runs CMD under timeout, output tee'd to the log.
step() {
  local name=$1 limit=$2 rc
  shift 2
  echo "== [$name] $*" | tee -a "$log"
  timeout --kill-after=10 "$limit" "$@" 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ]; then
    echo "== [$name] OK" | tee -a "$log"
  else
    [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] &&
      echo "== [$name] timed out after ${limit}s" | tee -a "$log"
    echo "== [$name] FAILED (exit $rc)" | tee -a "$log"
    failures=$((failures + 1))
  fi
  return "$rc"
}

echo "run_gemm: $(date -u +%FT%TZ) on $(hostname); launcher from $gen_dir" |
  tee -a "$log"
step gpus 60 nvidia-smi -L

bin=$out_dir/gemm_check
if ! step build 600 nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a \
  -I "$root/runtime" -I "$gen_dir" "$root/test/GPU/gemm_check.cu" \
  "$root/runtime/exo_gpu_runtime.cpp" -lcuda -lcublas -o "$bin"; then
  echo "run_gemm: the build failed; nothing to run" | tee -a "$log"
  exit 1
fi

step correctness 600 "$bin" 256x256x32 512x256x96 256x512x160 1024x1024x1024 \
  2048x1024x512 4096x4096x4096

if command -v compute-sanitizer >/dev/null 2>&1; then
  # sanitizer TOOL SIZE: one compute-sanitizer run, its own log and summary.
  sanitizer() {
    local tool=$1 size=$2 slog=$out_dir/sanitizer-$1.log rc
    echo "== [sanitizer-$tool] $size" | tee -a "$log"
    timeout --kill-after=10 300 compute-sanitizer --tool "$tool" \
      --error-exitcode 3 "$bin" --ref naive "$size" 2>&1 | tee "$slog" >>"$log"
    rc=${PIPESTATUS[0]}
    local summary
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$slog" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
      echo "== [sanitizer-$tool] OK: ${summary:-no summary line}" |
        tee -a "$log"
    else
      [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ] &&
        echo "== [sanitizer-$tool] timed out after 300s" | tee -a "$log"
      echo "== [sanitizer-$tool] FAILED (exit $rc): ${summary:-no summary}" \
        "(see $slog)" | tee -a "$log"
      failures=$((failures + 1))
    fi
  }
  sanitizer memcheck 512x256x96
  sanitizer racecheck 256x256x64
  sanitizer synccheck 256x256x64
else
  echo "== [sanitizer] compute-sanitizer not found; skipped" | tee -a "$log"
fi

step timing 600 "$bin" --time --csv "$out_dir/gemm.csv" 1024x1024x1024 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192

if [ "$failures" -eq 0 ]; then
  echo "run_gemm: all steps passed; log in $log" | tee -a "$log"
else
  echo "run_gemm: $failures step(s) FAILED; log in $log" | tee -a "$log"
fi
[ "$failures" -eq 0 ]

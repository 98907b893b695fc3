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

# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
init_run run_gemm "$@"
if [ ! -f "$gen_dir/gemm_sm90_tf32_launcher.h" ]; then
  echo "run_gemm: $gen_dir has no gemm_sm90_tf32_launcher.h" | tee -a "$log" >&2
  exit 2
fi

require_nvcc run_gemm

failures=0
# record NAME RC [WHY]: counts the failed steps (see common.sh).
record() {
  [ "$2" -eq 0 ] || failures=$((failures + 1))
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

if have_sanitizer; then
  # sanitizer TOOL SIZE: one compute-sanitizer run, its own log and summary.
  sanitizer() {
    echo "== [sanitizer-$1] $2" | tee -a "$log"
    run_sanitizer "sanitizer-$1" "$out_dir/sanitizer-$1.log" "$1" "$bin" \
      --ref naive "$2"
  }
  sanitizer memcheck 512x256x96
  sanitizer racecheck 256x256x64
  sanitizer synccheck 256x256x64
fi

step timing 600 "$bin" --time --csv "$out_dir/gemm.csv" 1024x1024x1024 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192

if [ "$failures" -eq 0 ]; then
  echo "run_gemm: all steps passed; log in $log" | tee -a "$log"
else
  echo "run_gemm: $failures step(s) FAILED; log in $log" | tee -a "$log"
fi
[ "$failures" -eq 0 ]

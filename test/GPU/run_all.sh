#!/usr/bin/env bash
# Usage: bash test/GPU/run_all.sh GEN_DIR OUT_DIR
#
# Run on the GPU machine, from anywhere. GEN_DIR holds the compiler's
# gemm_sm90_tf32_launcher.h, gemm_sm90_tf32_splitk_launcher.h and
# gemv_warp_coop_launcher.h; OUT_DIR receives the binaries gemm_check,
# gemm_check_splitk and gemv_check, log.txt (everything printed), build-*.log,
# sanitizer-*.log and gemm.csv, gemm_splitk.csv, gemv.csv.
#   1. Builds test/GPU/gemm_check.cu (plain and with -DEXO_GEMM_SPLITK) and
#      test/GPU/gemv_check.cu against the launchers and the runtime, the three
#      builds in parallel.
#   2. Correctness of each kernel, from the smallest allowed sizes up to
#      several waves of the persistent grid (60 s per step).
#   3. compute-sanitizer memcheck, racecheck and synccheck, when installed, on
#      one small size of each kernel with a naive reference kernel, so that
#      only our kernels are checked (300 s per run).
#   4. The timing tables against cuBLAS tf32 (GEMMs) and cublasSgemv (GEMV)
#      (300 s per step).
# Exits non-zero when any step fails; every step still runs (but not the
# ones needing a binary whose build failed), and a summary of the steps and
# their results ends the log.
#
# RUN_ALL_PHASES (default "correctness sanitizer timing") selects the phases
# after the builds, e.g. to split the work over several calls with a time
# limit (give each call its own OUT_DIR: log.txt and the results are reset).
set -uo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 GEN_DIR OUT_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
gen_dir=$(cd "$1" && pwd) || { echo "run_all: no directory $1" >&2; exit 2; }
mkdir -p "$2"
out_dir=$(cd "$2" && pwd)
log=$out_dir/log.txt
: >"$log"
# No results of an earlier run may pass for this one's.
rm -f "$out_dir"/gemm.csv "$out_dir"/gemm_splitk.csv "$out_dir"/gemv.csv \
  "$out_dir"/gemm_splitk_ks[24].csv "$out_dir"/build-*.log \
  "$out_dir"/sanitizer-*.log

# The CUDA tools may be installed but not on PATH.
for dir in "${CUDA_HOME:-/usr/local/cuda}/bin" /usr/local/cuda/bin; do
  if ! command -v nvcc >/dev/null 2>&1 && [ -x "$dir/nvcc" ]; then
    PATH=$dir:$PATH
  fi
done
command -v nvcc >/dev/null 2>&1 ||
  { echo "run_all: nvcc not found" | tee -a "$log" >&2; exit 2; }

results=() # "NAME: OK" or "NAME: FAILED (...)", in order.
failed=()  # Names of the failed steps.
record() { # record NAME RC [WHY]
  if [ "$2" -eq 0 ]; then
    results+=("$1: OK")
  else
    results+=("$1: FAILED (${3:-exit $2})")
    failed+=("$1")
  fi
}

# step NAME TIMEOUT_S CMD...: runs CMD under timeout, output tee'd to the log.
step() {
  local name=$1 limit=$2 rc
  shift 2
  echo "== [$name] $*" | tee -a "$log"
  timeout --kill-after=10 "$limit" "$@" 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ]; then
    echo "== [$name] OK" | tee -a "$log"
    record "$name" 0
  else
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      echo "== [$name] timed out after ${limit}s" | tee -a "$log"
      record "$name" "$rc" "timed out after ${limit}s"
    else
      record "$name" "$rc"
    fi
    echo "== [$name] FAILED (exit $rc)" | tee -a "$log"
  fi
  return "$rc"
}

# skip NAME WHY: a step that cannot run counts as failed.
skip() {
  echo "== [$1] skipped: $2" | tee -a "$log"
  record "$1" 1 "skipped: $2"
}

echo "run_all: $(date -u +%FT%TZ) on $(hostname); launchers from $gen_dir" |
  tee -a "$log"
step gpus 60 nvidia-smi -L

#===------------------------------------------------------------------------===#
# Builds, in parallel; each one's output goes to its own log, then to log.txt.
#===------------------------------------------------------------------------===#

gemm_bin=$out_dir/gemm_check
splitk_bin=$out_dir/gemm_check_splitk
gemv_bin=$out_dir/gemv_check
declare -A build_pid build_cmd built

# start_build NAME HEADER SOURCE BINARY [NVCC FLAGS...]
start_build() {
  local name=$1 header=$2 src=$3 bin=$4
  shift 4
  built[$name]=0
  if [ ! -f "$gen_dir/$header" ]; then
    build_pid[$name]=""
    build_cmd[$name]="$gen_dir has no $header"
    return
  fi
  local cmd=(nvcc -O3 -std=c++17 "-gencode=arch=compute_90a,code=sm_90a" "$@"
    -I "$root/runtime" -I "$gen_dir" "$root/test/GPU/$src"
    "$root/runtime/exo_gpu_runtime.cpp" -lcuda -lcublas -o "$bin")
  build_cmd[$name]="${cmd[*]}"
  rm -f "$bin"
  timeout --kill-after=10 300 "${cmd[@]}" </dev/null \
    >"$out_dir/build-$name.log" 2>&1 &
  build_pid[$name]=$!
}

# finish_build NAME: waits for the build and reports it like a step.
finish_build() {
  local name=$1 rc
  if [ -z "${build_pid[$name]}" ]; then
    echo "== [build-$name] FAILED: ${build_cmd[$name]}" | tee -a "$log"
    record "build-$name" 1 "${build_cmd[$name]}"
    return
  fi
  wait "${build_pid[$name]}"
  rc=$?
  echo "== [build-$name] ${build_cmd[$name]}" | tee -a "$log"
  tee -a "$log" <"$out_dir/build-$name.log"
  if [ "$rc" -eq 0 ]; then
    echo "== [build-$name] OK" | tee -a "$log"
    built[$name]=1
  else
    echo "== [build-$name] FAILED (exit $rc)" | tee -a "$log"
  fi
  record "build-$name" "$rc"
}

start_build gemm gemm_sm90_tf32_launcher.h gemm_check.cu "$gemm_bin"
start_build splitk gemm_sm90_tf32_splitk_launcher.h gemm_check.cu \
  "$splitk_bin" -DEXO_GEMM_SPLITK
start_build gemv gemv_warp_coop_launcher.h gemv_check.cu "$gemv_bin"
finish_build gemm
finish_build splitk
finish_build gemv

# run BUILD STEP-NAME TIMEOUT_S CMD...: a step that needs BUILD's binary.
run() {
  local build=$1 name=$2
  shift 2
  if [ "${built[$build]}" -eq 1 ]; then
    step "$name" "$@"
  else
    skip "$name" "build-$build failed"
  fi
}

#===------------------------------------------------------------------------===#
# Correctness
#===------------------------------------------------------------------------===#

correctness_phase() {
  # GEMM: one tile and one 32-wide k-block; M != N both ways; one task per
  # cluster; several waves of the persistent grid (66 clusters).
  run gemm gemm-correctness 60 "$gemm_bin" 256x256x32 512x256x96 \
    256x512x160 1024x1024x1024 2048x1024x512 4096x4096x4096
  # Split-K: one 32-wide k-block per split; many k-blocks per split; 4 splits.
  run splitk splitk-correctness-ks2 60 "$splitk_bin" --ks 2 256x256x64 \
    1024x1024x2048
  run splitk splitk-correctness-ks4 60 "$splitk_bin" --ks 4 512x512x4096
  # GEMV (requires M mod 16 == 0, K mod 8 == 0): K < 32 (no unrolled loop);
  # K / 8 odd (unrolled loop plus remainder); 40000 rows are 2500 tasks, more
  # than one wave of the persistent grid (132 SMs x 16 CTAs).
  run gemv gemv-correctness 60 "$gemv_bin" 16x8 48x72 128x64 1024x1024 \
    4096x4096 4096x16384 40000x264
}

#===------------------------------------------------------------------------===#
# compute-sanitizer
#===------------------------------------------------------------------------===#

# sanitizer BUILD NAME TOOL ARGS...: one compute-sanitizer run of BUILD's
# binary, its own log (sanitizer-NAME-TOOL.log) and summary.
sanitizer() {
  local build=$1 name=$2 tool=$3 bin rc summary
  shift 3
  local step_name=sanitizer-$name-$tool slog=$out_dir/sanitizer-$name-$tool.log
  case $build in
  gemm) bin=$gemm_bin ;;
  splitk) bin=$splitk_bin ;;
  gemv) bin=$gemv_bin ;;
  esac
  if [ "${built[$build]}" -ne 1 ]; then
    skip "$step_name" "build-$build failed"
    return
  fi
  echo "== [$step_name] $*" | tee -a "$log"
  timeout --kill-after=10 300 compute-sanitizer --tool "$tool" \
    --error-exitcode 3 "$bin" --ref naive "$@" 2>&1 | tee "$slog" >>"$log"
  rc=${PIPESTATUS[0]}
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$slog" | tail -n 1)
  if [ "$rc" -eq 0 ]; then
    echo "== [$step_name] OK: ${summary:-no summary line}" | tee -a "$log"
    record "$step_name" 0
  else
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      echo "== [$step_name] timed out after 300s" | tee -a "$log"
    fi
    echo "== [$step_name] FAILED (exit $rc): ${summary:-no summary}" \
      "(see $slog)" | tee -a "$log"
    record "$step_name" "$rc" "exit $rc: ${summary:-no summary}"
  fi
}

sanitizer_phase() {
  if ! command -v compute-sanitizer >/dev/null 2>&1; then
    echo "== [sanitizer] compute-sanitizer not found; skipped" | tee -a "$log"
    results+=("sanitizer: SKIPPED (compute-sanitizer not found)")
    return
  fi
  sanitizer gemm gemm memcheck 512x256x96
  sanitizer gemm gemm racecheck 256x256x64
  sanitizer gemm gemm synccheck 256x256x64
  sanitizer splitk splitk memcheck --ks 3 512x256x192
  sanitizer splitk splitk racecheck --ks 2 256x256x128
  sanitizer splitk splitk synccheck --ks 2 256x256x128
  sanitizer gemv gemv memcheck 256x264
  sanitizer gemv gemv racecheck 256x264
  sanitizer gemv gemv synccheck 256x264
}

#===------------------------------------------------------------------------===#
# Timing
#===------------------------------------------------------------------------===#

timing_phase() {
  run gemm gemm-timing 300 "$gemm_bin" --time --csv "$out_dir/gemm.csv" \
    1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192
  # Split-K pays off where there are few 256 x 256 tiles of C for the 66
  # clusters: 16 tiles at 1024^2, 32 at 256x8192.
  run splitk splitk-timing-ks4 300 "$splitk_bin" --ks 4 --time \
    --csv "$out_dir/gemm_splitk_ks4.csv" 1024x1024x8192 256x8192x8192
  run splitk splitk-timing-ks2 300 "$splitk_bin" --ks 2 --time \
    --csv "$out_dir/gemm_splitk_ks2.csv" 1024x1024x1024
  # One gemm_splitk.csv (it has a KS column) from the two.
  local part merged=$out_dir/gemm_splitk.csv
  rm -f "$merged"
  for part in "$out_dir/gemm_splitk_ks4.csv" "$out_dir/gemm_splitk_ks2.csv"; do
    [ -f "$part" ] || continue
    if [ -f "$merged" ]; then
      tail -n +2 "$part" >>"$merged"
    else
      cat "$part" >"$merged"
    fi
    rm -f "$part"
  done
  run gemv gemv-timing 300 "$gemv_bin" --time --csv "$out_dir/gemv.csv" \
    4096x4096 8192x8192 16384x16384 32768x32768
}

for phase in correctness sanitizer timing; do
  case " ${RUN_ALL_PHASES:-correctness sanitizer timing} " in
  *" $phase "*) "${phase}_phase" ;;
  *) echo "== [$phase] not in RUN_ALL_PHASES; skipped" | tee -a "$log" ;;
  esac
done

#===------------------------------------------------------------------------===#
# Summary
#===------------------------------------------------------------------------===#

{
  echo
  echo "run_all: summary ($(date -u +%FT%TZ))"
  for line in "${results[@]}"; do
    echo "  $line"
  done
} | tee -a "$log"
if [ "${#failed[@]}" -eq 0 ]; then
  echo "run_all: all ${#results[@]} steps passed; log in $log" | tee -a "$log"
else
  echo "run_all: ${#failed[@]} of ${#results[@]} step(s) FAILED:" \
    "${failed[*]}; log in $log" | tee -a "$log"
fi
[ "${#failed[@]}" -eq 0 ]

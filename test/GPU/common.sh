# shellcheck shell=bash
# Functions shared by test/GPU/run_all.sh, test/GPU/run_gemm.sh and the
# scripts of bench/gpu/, which source this file. Before calling step or run_sanitizer, a script defines
#   record NAME RC [WHY]
# which counts the result of a step (RC 0: passed).

# init_run SCRIPT ARGS...: exits 2 with the usage unless ARGS are GEN_DIR
# OUT_DIR; then sets root (the checkout), gen_dir and out_dir (absolute
# paths; OUT_DIR is created) and log (OUT_DIR/log.txt, emptied). SCRIPT names
# the script in messages. A GEN_DIR ending in .tar.xz is an archive of
# test/GPU/pack.py, unpacked into build-unpacked/NAME of the checkout (not
# under OUT_DIR, whose files the GPU machine sends back), then gen_dir.
# shellcheck disable=SC2034 # root and gen_dir are for the scripts.
init_run() {
  local script=$1
  shift
  if [ $# -ne 2 ]; then
    echo "usage: $0 GEN_DIR OUT_DIR" >&2
    exit 2
  fi
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  mkdir -p "$2"
  out_dir=$(cd "$2" && pwd)
  log=$out_dir/log.txt
  : >"$log"
  if [[ $1 == *.tar.xz ]]; then
    gen_dir=$root/build-unpacked/$(basename "$1" .tar.xz)
    rm -rf "$gen_dir"
    if ! python3 "$root/test/GPU/pack.py" unpack "$1" "$gen_dir" \
      >>"$log" 2>&1; then
      tail -1 "$log" >&2
      exit 2
    fi
    return
  fi
  gen_dir=$(cd "$1" && pwd) || {
    echo "$script: no directory $1" >&2
    exit 2
  }
}

# require_nvcc SCRIPT: puts the CUDA tools on PATH when they are installed
# but not on it; exits 2 (noted in the log) when there is no nvcc.
require_nvcc() {
  local dir
  for dir in "${CUDA_HOME:-/usr/local/cuda}/bin" /usr/local/cuda/bin; do
    if ! command -v nvcc >/dev/null 2>&1 && [ -x "$dir/nvcc" ]; then
      PATH=$dir:$PATH
    fi
  done
  command -v nvcc >/dev/null 2>&1 || {
    echo "$1: nvcc not found" | tee -a "$log" >&2
    exit 2
  }
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

# have_sanitizer: whether compute-sanitizer is installed (noted in the log
# when not).
have_sanitizer() {
  command -v compute-sanitizer >/dev/null 2>&1 && return 0
  echo "== [sanitizer] compute-sanitizer not found; skipped" | tee -a "$log"
  return 1
}

# run_sanitizer NAME SLOG TOOL CMD...: runs CMD under compute-sanitizer
# --tool TOOL (300 s), output to SLOG and the log, and reports the step NAME
# with the sanitizer's summary line.
run_sanitizer() {
  local name=$1 slog=$2 tool=$3 rc summary
  shift 3
  timeout --kill-after=10 300 compute-sanitizer --tool "$tool" \
    --error-exitcode 3 "$@" 2>&1 | tee "$slog" >>"$log"
  rc=${PIPESTATUS[0]}
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$slog" | tail -n 1)
  if [ "$rc" -eq 0 ]; then
    echo "== [$name] OK: ${summary:-no summary line}" | tee -a "$log"
    record "$name" 0
  else
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      echo "== [$name] timed out after 300s" | tee -a "$log"
    fi
    echo "== [$name] FAILED (exit $rc): ${summary:-no summary}" \
      "(see $slog)" | tee -a "$log"
    record "$name" "$rc" "exit $rc: ${summary:-no summary}"
  fi
}

# build_harness NAME SOURCE [NVCC FLAGS...]: OUT_DIR/NAME from SOURCE (a
# path in the checkout) and GEN_DIR's dispatcher and launchers; fails,
# noting it in the log, when nvcc does.
build_harness() {
  local name=$1 src=$2
  shift 2
  echo "== [build] $src${*:+ ($*)}" | tee -a "$log"
  if ! nvcc -O3 -std=c++17 "-gencode=arch=compute_90a,code=sm_90a" "$@" \
    -I "$root/runtime" -I "$root/test/GPU" -I "$gen_dir" \
    "$root/$src" "$root/runtime/exo_gpu_runtime.cpp" \
    -lcuda -lcublas -lcublasLt -o "$out_dir/$name" >>"$log" 2>&1; then
    echo "== [build] FAILED (see $log)" | tee -a "$log"
    return 1
  fi
}

# build_dispatch: OUT_DIR/dispatch from bench/gpu/dispatch.cu
# (bench/gpu/autotune.sh, bench_dispatch.sh).
build_dispatch() {
  build_harness dispatch bench/gpu/dispatch.cu
}

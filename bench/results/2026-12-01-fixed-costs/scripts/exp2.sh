#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
t=/tmp/bins; mkdir -p $t
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I "$2" test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas "${@:3}" -o $t/$1 > /tmp/build-$1.log 2>&1 || { echo BUILD FAIL $1; cat /tmp/build-$1.log; }; }
d=build-gpu-s17/base
b pp $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
b ws $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws &
b cl $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster &
b pd $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct &
wait
for r in 1 2; do
  echo "== ws round $r"; $t/ws --time --reps 100 128x128x32 256x256x32 1024x1024x32 1024x1024x128 2>&1 | grep -A5 "^size"
  echo "== pp round $r"; $t/pp --time --reps 100 256x128x32 256x256x32 1024x1024x32 1024x1024x128 2048x1024x32 2048x1024x128 2>&1 | grep -A7 "^size"
  echo "== cl round $r"; $t/cl --time --reps 100 256x256x32 1024x1024x32 1024x1024x128 2>&1 | grep -A4 "^size"
  echo "== pd round $r"; $t/pd --time --reps 100 256x256x32 1024x1024x32 1024x1024x128 2>&1 | grep -A4 "^size"
done

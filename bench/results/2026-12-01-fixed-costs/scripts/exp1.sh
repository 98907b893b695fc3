#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
t=/tmp/bins; mkdir -p $t
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I "$2" test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas "${@:3}" -o $t/$1 > /tmp/build-$1.log 2>&1 || { echo BUILD FAIL $1; cat /tmp/build-$1.log; }; }
d=build-gpu-s17/base
b pp $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
b ws $d -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws &
b sk $d -DEXO_GEMM_SPLITK -DEXO_GEMM_SPLITK_KERNEL=gemm_sm90_tf32_derived_splitk_direct &
wait
for r in 1 2; do
  echo "== ws round $r"; $t/ws --time --reps 100 1024x1024x1024 1024x1024x512 1024x1024x256 2>&1 | grep -A4 "^size"
  echo "== pp round $r"; $t/pp --time --reps 100 2048x1024x512 2048x1024x256 1024x1024x1024 2048x1024x1024 2>&1 | grep -A5 "^size"
  echo "== sk2 round $r"; $t/sk --ks 2 --time --reps 100 1024x1024x1024 2>&1 | grep -A2 "^size"
done

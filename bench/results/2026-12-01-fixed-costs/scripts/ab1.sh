#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
t=/tmp/bins; mkdir -p $t
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I "$2" test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas "${@:3}" -o $t/$1 > /tmp/build-$1.log 2>&1 || { echo BUILD FAIL $1; cat /tmp/build-$1.log; }; }
b base build-gpu-s17/base -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
b ppz build-gpu-s17/ppz -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
wait
for r in 1 2 3; do
  for a in base ppz; do echo "== $a round $r"; $t/$a --time --reps 50 8192x8192x512 256x8192x8192 2048x2048x2048 2>&1 | grep -A3 "^size" | tail -3; done
done

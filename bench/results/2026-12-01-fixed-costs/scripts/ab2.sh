#!/usr/bin/env bash
set -u
cd "$(dirname "$0")/../.."
t=/tmp/bins; mkdir -p $t
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I "$2" test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas "${@:3}" -o $t/$1 > /tmp/build-$1.log 2>&1 || { echo BUILD FAIL $1; cat /tmp/build-$1.log; }; }
for a in old new; do
  b $a-pp build-gpu-s17/$a -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
  b $a-cr build-gpu-s17/$a -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_raster &
done
wait
for r in 1 2 3; do
  for a in old new; do echo "== $a-pp round $r"; $t/$a-pp --time --reps 50 8192x8192x512 256x8192x8192 2048x2048x2048 2048x1024x32 2>&1 | grep -A4 "^size" | tail -4; done
  for a in old new; do echo "== $a-cr round $r"; $t/$a-cr --time --reps 50 2048x2048x2048 4096x4096x4096 2>&1 | grep -A2 "^size" | tail -2; done
done

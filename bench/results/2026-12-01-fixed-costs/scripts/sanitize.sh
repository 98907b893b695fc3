#!/usr/bin/env bash
# compute-sanitizer on launchers with the session-17 mbarrier initialization.
set -u
cd "$(dirname "$0")/../.."
t=/tmp/bins; mkdir -p $t
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I build-gpu-s17/gen test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas "${@:2}" -o $t/$1 > /tmp/b-$1.log 2>&1 || { echo BUILD FAIL $1; cat /tmp/b-$1.log; }; }
b dpp -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong &
b pd -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct &
wait
for k in "dpp 512x384x96 4096x2048x64" "pd 512x512x96 2048x1024x64"; do
  set -- $k
  for s in $2 $3; do
    for tool in memcheck racecheck synccheck; do
      echo "== $1 $s $tool"
      timeout 140 compute-sanitizer --tool $tool --error-exitcode 3 $t/$1 --ref naive $s 2>&1 | tail -2
      echo "rc=${PIPESTATUS[0]}"
    done
  done
done

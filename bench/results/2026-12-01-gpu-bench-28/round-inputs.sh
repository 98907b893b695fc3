#!/usr/bin/env bash
# tf32 accuracy: inputs as generated vs rounded to tf32 (cvt.rna) first.
set -u
cd "$(dirname "$0")/../.."
cp scratch/s17/gemm_check_round.cu test/GPU/gemm_check_round.cu
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I runtime -I test/GPU -I build-gpu-s17/gen test/GPU/gemm_check_round.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct -o /tmp/rnd > /tmp/b.log 2>&1 || { cat /tmp/b.log; exit 1; }
for e in 0 1; do
  echo "== EXO_ROUND_TF32=$e"
  if [ $e = 1 ]; then export EXO_ROUND_TF32=1; fi
  /tmp/rnd --ref naive --time --reps 5 1024x1024x1024 4096x4096x4096 8192x8192x8192 2>&1 | grep -E "^(CHECK|INFO)"
done

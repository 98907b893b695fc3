#!/usr/bin/env bash
# How much of the per-tile time is the direct epilogue: the rasterized direct kernels with their stores removed (wrong C, timing only).
set -u
g=$(pwd)/build-gpu-gen; o=$OUT
b() { local n=$1; shift; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > $o/build-$n.log 2>&1; echo "build $n rc=$?"; }
b br -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
b brn -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster_nostore &
wait
b tr -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
b trn -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster_nostore &
wait
for i in 1 2; do
  for k in br brn tr trn; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512 2>&1 | grep -E "^[0-9]+x"; done
done > $o/log.txt
cat $o/log.txt

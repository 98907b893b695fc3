#!/usr/bin/env bash
# Does a 3-slot ring cost the direct-store kernels anything (the room a bigger epilogue buffer would need)?
set -u
o=$OUT
b() { local n=$1 g=$2; shift 2; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > $o/build-$n.log 2>&1; echo "build $n rc=$?"; }
b b4 build-gpu-gen -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
b b3 build-gpu-r3 -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
wait
b t4 build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
b t3 build-gpu-r3 -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
wait
for i in 1 2; do for k in b4 b3 t4 t3; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 2>&1 | grep -E "^[0-9]+x"; done; done > $o/log.txt
cat $o/log.txt

#!/usr/bin/env bash
# The quarter epilogue with cp.async.bulk.wait_group.read (smem reads done) instead of a full wait.
set -u
o=$OUT
b() { local n=$1 g=$2; shift 2; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > $o/build-$n.log 2>&1; echo "build $n rc=$?"; }
b tr build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_raster &
b trr build-gpu-rd -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_raster &
wait
b tp build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent &
b tpr build-gpu-rd -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent &
wait
b bp build-gpu-gen -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent &
b bpr build-gpu-rd -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent &
wait
b dr build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
wait
for i in 1 2; do
  for k in tr trr dr; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 2>&1 | grep -E "^[0-9]+x|FAIL"; done
  for k in tp tpr; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x512 2>&1 | grep -E "^[0-9]+x|FAIL"; done
  for k in bp bpr; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 2>&1 | grep -E "^[0-9]+x|FAIL"; done
done > $o/log.txt
cat $o/log.txt

#!/usr/bin/env bash
# Is the direct epilogue limited per SM or by all CTAs storing at once? Cycles at NC = 64 and 32 clusters (4 and 8 tiles per cluster), stores on (a) and predicated off (b).
set -u
o=$OUT
b() { local n=$1 g=$2; shift 2; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > $o/build-$n.log 2>&1; echo "build $n rc=$?"; }
b a build-gpu-nc/a -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
b b build-gpu-nc/b -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
wait
for nc in 64 32 16; do for k in a b; do
  echo "== $k NC=$nc"
  EXO_NC=$nc ncu --clock-control none -k regex:'gemm_sm90' --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max /tmp/$k 4096x4096x4096 2>&1 | grep -E "duration|per_second|elapsed.max|CHECK"
done; done | tee $o/log.txt

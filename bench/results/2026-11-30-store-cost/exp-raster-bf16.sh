#!/usr/bin/env bash
# bf16 persistent direct vs the same rasterized.
set -u
root=$(pwd); g=$root/build-gpu-gen; o=$OUT
b() { nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=$2 -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$1 > $o/build-$1.log 2>&1; echo "build $1 rc=$?"; }
b d gemm_sm90_bf16_derived_persistent_direct &
b r gemm_sm90_bf16_derived_persistent_direct_raster &
wait
for i in 1 2 3; do
  for k in d r; do echo "== $k run $i"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512 2>&1 | tail -n 6; done
done > $o/log.txt
for k in d r; do
  ncu --clock-control none --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__bytes_read.sum,lts__t_sector_hit_rate.pct /tmp/$k 4096x4096x4096 > $o/ncu-$k.txt 2>&1
done
cat $o/log.txt

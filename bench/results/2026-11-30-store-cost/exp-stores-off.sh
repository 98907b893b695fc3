#!/usr/bin/env bash
# Epilogue cost: the rasterized direct kernels with their stores predicated off at run time (M == 12345 never holds): same registers, same wgmmas.
set -u
o=$OUT
b() { local n=$1 g=$2; shift 2; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > $o/build-$n.log 2>&1; echo "build $n rc=$?"; }
b br build-gpu-gen -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
b bps build-gpu-ps -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster &
wait
b tr build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
b tps build-gpu-ps -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
wait
for k in br bps tr tps; do echo "== $k"; /tmp/$k --time --reps 100 2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512 2>&1 | grep -E "^[0-9]+x"; done > $o/log.txt
for k in bps tps; do
  ncu --clock-control none -k regex:'gemm_sm90' --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,dram__bytes_write.sum /tmp/$k 4096x4096x4096 > $o/ncu-$k.txt 2>&1
done
cat $o/log.txt; grep -E "^  [a-z]|duration|per_second|cycles_elapsed.max|dram__" $o/ncu-*.txt

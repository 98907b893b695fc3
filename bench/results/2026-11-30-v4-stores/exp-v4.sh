#!/usr/bin/env bash
# 16-byte accumulator stores (lane exchange) against the 8-byte ones: the
# direct-store persistent kernels, old (build-gpu-v2) and new (build-gpu-gen)
# launchers, interleaved in one process each, every check on.
set -u
o=$OUT
b() { local n=$1 g=$2; shift 2; nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a "$@" -I runtime -I $g test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas -o /tmp/$n > /tmp/build-$n.log 2>&1 || cat /tmp/build-$n.log; echo "build $n rc=$?"; }
B="-DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster"
b b2 build-gpu-v2 $B & b b4 build-gpu-gen $B &
b t2 build-gpu-v2 -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
b t4 build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster &
wait
b o2 build-gpu-v2 -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_odd &
b o4 build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_odd &
b w2 build-gpu-v2 -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws &
b w4 build-gpu-gen -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws &
wait
S="2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512"
for i in 1 2 3; do
  for k in b2 b4 t2 t4; do echo "== $k run $i"; /tmp/$k --time --reps 100 $S 2>&1 | grep -E "^[0-9]+x|FAIL|PASS"; done
  for k in o2 o4; do echo "== $k run $i"; /tmp/$k --time --reps 100 4000x4000x4000 3000x5000x7000 4096x4096x4096 2>&1 | grep -E "^[0-9]+x|FAIL|PASS"; done
  for k in w2 w4; do echo "== $k run $i"; /tmp/$k --time --reps 100 512x512x512 1024x1024x1024 2>&1 | grep -E "^[0-9]+x|FAIL|PASS"; done
done > $o/log-v4.txt 2>&1
cat $o/log-v4.txt

set -u
cd "$(dirname "$0")/../../.."
k=persistent_direct
K=gemm_sm90_tf32_derived_$k
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -DKERNEL=$K -I runtime -I build-gpu-s17/trace scratch/s17/trace/trace.cu runtime/exo_gpu_runtime.cpp -lcuda -o /tmp/trace_$k > /tmp/tb.log 2>&1 || { cat /tmp/tb.log; exit 1; }
echo "##### pd 2048"; /tmp/trace_persistent_direct 2048 2048 2048 3 build-gpu-s17/trace/${K}_launcher.h.labels | grep -A30 "run 2"

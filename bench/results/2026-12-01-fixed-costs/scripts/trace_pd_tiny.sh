set -u
cd "$(dirname "$0")/../../.."
K=gemm_sm90_tf32_derived_persistent_direct
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -DKERNEL=$K -I runtime -I build-gpu-s17/trace2 scratch/s17/trace/trace.cu runtime/exo_gpu_runtime.cpp -lcuda -o /tmp/trace_pd2 > /tmp/tb.log 2>&1 || { cat /tmp/tb.log; exit 1; }
L=build-gpu-s17/trace2/${K}_launcher.h.labels
echo "##### pd 256x256x32"; /tmp/trace_pd2 256 256 32 4 $L | grep -A14 "run [23]" | grep -v "^--"
echo "##### pd 2048x1024x32"; /tmp/trace_pd2 2048 1024 32 3 $L | grep -A14 "run 2" | head -15

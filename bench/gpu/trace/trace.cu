//===- trace.cu - Per-task timelines of an instrumented GEMM --------------===//
//
// Part of the Exo-GPU project.
//
// Runs a launcher instrumented by instrument.py (same directory) on each
// MxNxK given (3 launches, the last one read), then prints, per step of a
// task, the 10th/50th/90th percentiles over CTAs and tasks in microseconds
// (clock64 differences, converted with the clock measured against
// %globaltimer over a CTA's tasks). Measurement only.
//
// Build: nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a \
//   -I runtime -I DIR -DKNAME=<kernel> -DHEADER='"<kernel>_launcher.h"' \
//   -DSMEM=<the launcher's smem bytes> bench/gpu/trace/trace.cu \
//   runtime/exo_gpu_runtime.cpp -lcuda
//
//===----------------------------------------------------------------------===//
#define STR2(x) #x
#define STR(x) STR2(x)
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#include HEADER
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>
int main(int argc, char **argv) {
  cuInit(0);
  cudaFree(0);
  for (int a = 1; a < argc; ++a) {
    long M, N, K;
    sscanf(argv[a], "%ldx%ldx%ld", &M, &N, &K);
    float *A, *B, *C, *flush;
    cudaMalloc(&A, M * K * 4);
    cudaMalloc(&B, N * K * 4);
    cudaMalloc(&C, M * N * 4);
    cudaMalloc(&flush, 256 << 20);
    cudaMemset(A, 0x3c, M * K * 4);
    cudaMemset(B, 0x3c, N * K * 4);
    exo_rt::KernelInfo info = {
        STR(KNAME), exo_kernels::detail::CAT(kPtx_, KNAME), 384, 2, 1, 0};
    for (int r = 0; r < 3; ++r) {
      cudaMemset(flush, r, 256 << 20);
      CUresult e = exo_kernels::KNAME(0, M, N, K, (CUdeviceptr)A,
                                      (CUdeviceptr)B, (CUdeviceptr)C);
      if (e) {
        printf("launch error %d %s\n", e, exo_rt::lastError());
        return 1;
      }
    }
    cudaError_t ce = cudaDeviceSynchronize();
    if (ce) {
      printf("cuda error %s\n", cudaGetErrorString(ce));
      return 1;
    }
    // Find the function the launcher used: same ptx pointer and name; smem from
    // the launcher's info.
    CUfunction f = nullptr;
    info.smemBytes = SMEM;
    exo_rt::getFunction(info, &f);
    CUmodule mod;
    cuFuncGetModule(&mod, f);
    CUdeviceptr tp;
    size_t tsz;
    if (cuModuleGetGlobal(&tp, &tsz, mod, "exo_trace")) {
      printf("no trace global\n");
      return 1;
    }
    std::vector<unsigned long long> t(tsz / 8);
    cuMemcpyDtoH(t.data(), tp, tsz);
    int ntask = (int)((M / 256) * (N / 256));
    int ncta = 132;
    // per event deltas
    const char *names[] = {"start->init done",
                           "init->loads issued",
                           "loads->mainloop done (cl.bar)",
                           "->epi st.shared done",
                           "->store complete",
                           "->task end (cl.bar)",
                           "task end->next start"};
    std::vector<std::vector<double>> d(7);
    std::vector<double> tot;
    double clkPerNs = 0;
    int ncal = 0;
    for (int c = 0; c < ncta; ++c) {
      int tasks = 0;
      for (int k = 0; k < 32; ++k)
        if (t[c * 256 + k * 8 + 0])
          tasks = k + 1;
      for (int k = 0; k < tasks; ++k) {
        unsigned long long *e = &t[c * 256 + k * 8];
        for (int j = 0; j < 6; ++j)
          if (e[j + 1] && e[j])
            d[j].push_back((double)(e[j + 1] - e[j]));
        if (k + 1 < tasks)
          d[6].push_back((double)(e[8] - e[6]));
        tot.push_back((double)(e[6] - e[0]));
      }
      if (tasks >= 2) {
        unsigned long long *e0 = &t[c * 256],
                           *e1 = &t[c * 256 + (tasks - 1) * 8];
        clkPerNs += (double)(e1[0] - e0[0]) / (double)(e1[7] - e0[7]);
        ++ncal;
      }
    }
    if (ncal)
      clkPerNs /= ncal;
    else
      clkPerNs = 1.98;
    printf(
        "%s: %d tasks, clock %.3f GHz; per-task medians in us (p10/p50/p90):\n",
        argv[a], ntask, clkPerNs);
    auto pr = [&](const char *nm, std::vector<double> v) {
      if (v.empty())
        return;
      std::sort(v.begin(), v.end());
      auto q = [&](double p) {
        return v[(size_t)(p * (v.size() - 1))] / clkPerNs / 1000;
      };
      printf("  %-32s %8.2f %8.2f %8.2f  (n=%zu)\n", nm, q(0.1), q(0.5), q(0.9),
             v.size());
    };
    for (int j = 0; j < 7; ++j)
      pr(names[j], d[j]);
    pr("task total", tot);
    cudaMemset((void *)tp, 0, tsz);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    cudaFree(flush);
  }
}

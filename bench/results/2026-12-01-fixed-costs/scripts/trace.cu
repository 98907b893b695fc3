// Per-CTA clock64 timeline of one launch of a patched launcher (patch.py).
// Build: nvcc -DKERNEL=name -I runtime -I DIR trace.cu
// runtime/exo_gpu_runtime.cpp -lcuda
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>
#include <map>
#include <string>
#include <vector>
#define STR2(x) #x
#define STR(x) STR2(x)
#define HDR2(k) STR(k##_launcher.h)
#define HDR(k) HDR2(k)
#include HDR(KERNEL)
#define CK(x)                                                                  \
  do {                                                                         \
    auto e = (x);                                                              \
    if (e) {                                                                   \
      printf("%s failed: %d %s\n", #x, (int)e, exo_rt::lastError());           \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
int main(int argc, char **argv) {
  int64_t M = atoll(argv[1]), N = atoll(argv[2]), K = atoll(argv[3]);
  int reps = argc > 4 ? atoi(argv[4]) : 3;
  std::map<int, std::string> labels;
  if (argc > 5) {
    FILE *f = fopen(argv[5], "r");
    int id;
    char buf[256];
    while (fscanf(f, "%d %255[^\n]", &id, buf) == 2)
      labels[id] = buf;
  }
  float *A, *B, *C;
  void *flush;
  size_t fb = 256 << 20;
  CK(cudaMalloc(&A, M * K * 4));
  CK(cudaMalloc(&B, N * K * 4));
  CK(cudaMalloc(&C, M * N * 4));
  CK(cudaMalloc(&flush, fb));
  std::vector<float> h(std::max(M, N) * K);
  for (auto &x : h)
    x = (rand() % 1000) / 1000.0f;
  CK(cudaMemcpy(A, h.data(), M * K * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(B, h.data(), N * K * 4, cudaMemcpyHostToDevice));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  for (int r = 0; r < reps; ++r) {
    CK(cudaMemsetAsync(flush, r, fb, s));
    CK(cudaStreamSynchronize(s));
    if (exo_kernels::g_trace_module) {
      CUdeviceptr p;
      size_t bytes;
      CK(cuModuleGetGlobal(&p, &bytes, exo_kernels::g_trace_module,
                           "exo_trace"));
      std::vector<unsigned long long> init(bytes / 8, 0);
      for (size_t i = 0; i < 8448; i += 2)
        init[i] = ~0ull;
      for (size_t i = 8448; i < init.size(); ++i)
        init[i] = ~0ull;
      CK(cuMemcpyHtoD(p, init.data(), bytes));
    }
    CK(cudaMemsetAsync(flush, r + 1, fb, s));
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    CK(cudaEventRecord(a, s));
    CK(exo_kernels::KERNEL(s, M, N, K, (CUdeviceptr)A, (CUdeviceptr)B,
                           (CUdeviceptr)C));
    CK(cudaEventRecord(b, s));
    CK(cudaStreamSynchronize(s));
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    if (r < 1 || !exo_kernels::g_trace_module)
      continue; // first run: module load
    CUdeviceptr p;
    size_t bytes;
    CK(cuModuleGetGlobal(&p, &bytes, exo_kernels::g_trace_module, "exo_trace"));
    std::vector<unsigned long long> t(bytes / 8);
    CK(cuMemcpyDtoH(t.data(), p, bytes));
    printf("=== run %d: event time %.2f us\n", r, ms * 1e3);
    unsigned long long g0 = ~0ull;
    for (int c = 0; c < 132; ++c)
      g0 = std::min(g0, t[8448 + c]);
    for (int c = 0; c < 132; ++c) {
      unsigned long long e = t[(c * 32 + 0) * 2];
      if (e == ~0ull)
        continue;
      bool any = false;
      for (int id = 1; id < 32; ++id)
        any |= t[(c * 32 + id) * 2] != ~0ull;
      if (!any && c > 3)
        continue;
      if (c > 5 && c < 130)
        continue; // print a few CTAs
      printf("cta %3d start +%.2f us (globaltimer)\n", c,
             (t[8448 + c] - g0) / 1e3);
      for (int id = 1; id < 32; ++id) {
        unsigned long long lo = t[(c * 32 + id) * 2],
                           hi = t[(c * 32 + id) * 2 + 1];
        if (lo == ~0ull)
          continue;
        printf("   %2d %-40s first %7llu  last %7llu cycles\n", id,
               labels[id].c_str(), lo - e, hi - e);
      }
    }
  }
}

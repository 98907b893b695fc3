//===- tma_ranks_check.cu - Checks the 1-D and 5-D TMA round trips -------===//
//
// Part of the Exo-GPU project.
//
// Usage: tma_ranks_check [--seed S]
//
// Runs the kernels of examples/tma/tma_ranks.mlir (tma_ranks_launcher.h):
//   - exo_kernels::tma_copy1 (1-D TMA load and store, boxes of 256 floats)
//     at N = 256, 4096 and 1 << 20: y must equal x;
//   - exo_kernels::tma_copy5_add (5-D TMA load, store and reduce-add, boxes
//     [1, 2, 2, 4, 32]) at [1, 2, 2, 4, 32], [2, 4, 6, 8, 64] and
//     [3, 6, 10, 12, 96]: v must equal u, and w its initial values plus u
//     (an fp32 add, exact as on the host).
// Inputs are fresh random floats; outputs are poisoned with NaN first. Prints
// `CHECK ... PASS|FAIL` per case and exits 0 when every check passes, 1 when
// one fails, 2 on a CUDA error.
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "tma_ranks_launcher.h"

#include "harness.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace exo_harness;

std::vector<float> toHost(const float *d, size_t n) {
  std::vector<float> h(n);
  CUDA_CHECK(
      cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}

float *randomBuffer(size_t n, uint64_t seed, cudaStream_t stream) {
  float *d;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  fillUniform<<<gridFor(n), 256, 0, stream>>>(d, n, seed);
  CUDA_CHECK(cudaGetLastError());
  return d;
}

/// Counts the elements of `got` that differ bit for bit from `want`.
size_t mismatches(const std::vector<float> &got,
                  const std::vector<float> &want) {
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i)
    bad += std::memcmp(&got[i], &want[i], sizeof(float)) != 0;
  return bad;
}

bool check1(int64_t n, uint64_t seed, cudaStream_t stream) {
  float *x = randomBuffer(size_t(n), seed, stream);
  float *y;
  CUDA_CHECK(cudaMalloc(&y, size_t(n) * sizeof(float)));
  poisonAsync(y, size_t(n) * sizeof(float), stream);
  CUresult r = exo_kernels::tma_copy1(stream, n, devicePtr(x), devicePtr(y));
  bool ok = r == CUDA_SUCCESS;
  if (!ok)
    printLaunchError("tma_copy1", std::to_string(n), r);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  size_t bad = ok ? mismatches(toHost(y, size_t(n)), toHost(x, size_t(n))) : 0;
  ok = ok && bad == 0;
  printf("CHECK tma_copy1 N=%" PRId64 " mismatches=%zu %s\n", n, bad,
         ok ? "PASS" : "FAIL");
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return ok;
}

bool check5(const int64_t (&s)[5], uint64_t seed, cudaStream_t stream) {
  size_t n = size_t(s[0]) * s[1] * s[2] * s[3] * s[4];
  float *u = randomBuffer(n, seed, stream);
  float *w = randomBuffer(n, seed ^ 0x5bd1e995, stream);
  float *v;
  CUDA_CHECK(cudaMalloc(&v, n * sizeof(float)));
  poisonAsync(v, n * sizeof(float), stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<float> hu = toHost(u, n), want = toHost(w, n);
  for (size_t i = 0; i < n; ++i)
    want[i] += hu[i];
  CUresult r =
      exo_kernels::tma_copy5_add(stream, s[0], s[1], s[2], s[3], s[4],
                                 devicePtr(u), devicePtr(v), devicePtr(w));
  bool ok = r == CUDA_SUCCESS;
  std::string name = std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" +
                     std::to_string(s[2]) + "x" + std::to_string(s[3]) + "x" +
                     std::to_string(s[4]);
  if (!ok)
    printLaunchError("tma_copy5_add", name, r);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  size_t badV = ok ? mismatches(toHost(v, n), hu) : 0;
  size_t badW = ok ? mismatches(toHost(w, n), want) : 0;
  ok = ok && badV == 0 && badW == 0;
  printf("CHECK tma_copy5_add %s v_mismatches=%zu w_mismatches=%zu %s\n",
         name.c_str(), badV, badW, ok ? "PASS" : "FAIL");
  CUDA_CHECK(cudaFree(u));
  CUDA_CHECK(cudaFree(v));
  CUDA_CHECK(cudaFree(w));
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t seed = 0;
  bool haveSeed = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
      haveSeed = true;
    } else {
      fprintf(stderr, "usage: %s [--seed S]\n", argv[0]);
      return 2;
    }
  }
  uint64_t base = chooseBaseSeed(haveSeed, seed);
  initDevice(base, /*kernels=*/true);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bool all = true;
  int k = 0;
  for (int64_t n : {int64_t(256), int64_t(4096), int64_t(1) << 20})
    all = check1(n, splitmix64(base + k++), stream) && all;
  const int64_t shapes[3][5] = {
      {1, 2, 2, 4, 32}, {2, 4, 6, 8, 64}, {3, 6, 10, 12, 96}};
  for (const auto &s : shapes)
    all = check5(s, splitmix64(base + k++), stream) && all;
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(all);
}

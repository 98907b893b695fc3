//===- saxpy_check.cu - Checks the generated saxpy ------------------------===//
//
// Part of the Exo-GPU project.
//
// Usage: saxpy_check [--seed S] N...
//
// The kernel of test/Conversion/ExoToNVVM/lower-small.mlir,
// exo_kernels::saxpy(stream, N, a, x, y), computes y[k] = a * x[k] + y[k] in
// place (x and y f32 of N elements; it reads x and y and writes y). For each
// N, on fresh random inputs:
//   - a is a random float with 0.5 <= |a| < 2, x[k] one with
//     0.5 <= |x[k]| < 1, y[k] one with 2^-8 <= |y[k]| < 1 (random signs and
//     significand bits). Then |a x[k]| >= 0.25 is far above half an ulp of
//     y[k] (at most 2^-25), so every element of the result differs from
//     y[k]: an element the kernel skips keeps y[k] and fails, and so does one
//     it updates twice. This is the in-place kernel's equivalent of the NaN
//     poison of the other harnesses. y sits in one allocation with 4 KiB of
//     NaN poison on each side that must stay untouched, and x must be left
//     unchanged.
//   - The result must equal, bit for bit, fl(fl(a x[k]) + y[k]) computed on
//     the host: the kernel's PTX multiplies and adds with mul.rn.f32 and
//     add.rn.f32 (the .rn forbids ptxas from contracting them into an fma),
//     each correctly rounded to nearest even, and no value or result comes
//     near the subnormal range (so the flush-to-zero mode does not matter
//     either). The host takes the exact product in double and rounds it to
//     float once, then adds in double and rounds to float: double holds at
//     least 2 * 24 + 2 bits, so that double rounding gives the correctly
//     rounded fp32 sum, independent of the host compiler's contraction.
//     An element that instead matches fmaf(a, x[k], y[k]) is reported as a
//     contracted multiply-add (still a failure).
// A size outside the kernel's `requires` (N mod 128 == 0, N >= 128) must be
// rejected by the launcher; the rejection then passes.
//
// Prints `CHECK N ... PASS|FAIL` per size. Exits 0 when every check passes, 1
// when a check fails, 2 on a CUDA error or bad arguments.
//
// Build (see run_all.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   test/GPU/saxpy_check.cu runtime/exo_gpu_runtime.cpp -lcuda
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "saxpy_launcher.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t checkStatus = (call);                                          \
    if (checkStatus != cudaSuccess) {                                          \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call, \
              cudaGetErrorName(checkStatus), cudaGetErrorString(checkStatus)); \
      exit(2);                                                                 \
    }                                                                          \
  } while (false)

namespace {

constexpr size_t kGuardBytes = 4096; // Poisoned bytes on each side of y.
constexpr int64_t kTask = 128;       // Elements per task of the kernel.

struct Options {
  bool haveSeed = false;
  uint64_t seed = 0;
  std::vector<int64_t> sizes;
};

//===----------------------------------------------------------------------===//
// Random floats
//===----------------------------------------------------------------------===//

__host__ __device__ uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// The bits of a float with a random sign and significand (from h) and an
/// exponent in [minExp, minExp + expRange) (expRange a power of 2).
__host__ __device__ uint32_t randomFloatBits(uint64_t h, int minExp,
                                             unsigned expRange) {
  uint32_t signAndSignificand = uint32_t(h >> 32) & 0x807FFFFFu;
  uint32_t exponent = uint32_t(127 + minExp) + uint32_t(h & (expRange - 1));
  return signAndSignificand | (exponent << 23);
}

/// p[i] = a random float (see randomFloatBits), a hash of (seed, i).
__global__ void fillRandom(uint32_t *p, size_t n, uint64_t seed, int minExp,
                           unsigned expRange) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    p[i] = randomFloatBits(splitmix64(seed ^ splitmix64(i)), minExp, expRange);
}

unsigned gridFor(size_t n) {
  return unsigned(std::min<size_t>((n + 255) / 256, 2048));
}

CUdeviceptr devicePtr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

float bitsToFloat(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}

uint32_t floatToBits(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  return bits;
}

/// fl(fl(a x) + y), each step correctly rounded to nearest even in fp32.
float saxpyReference(float a, float x, float y) {
  float product = float(double(a) * double(x)); // Exact in double.
  return float(double(product) + double(y));    // Innocuous double rounding.
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void usage(const char *argv0) {
  fprintf(stderr, "usage: %s [--seed S] N...\n", argv0);
  exit(2);
}

Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      o.haveSeed = true;
      o.seed = strtoull(argv[++i], nullptr, 0);
    } else {
      char *end;
      long long n = strtoll(argv[i], &end, 10);
      if (*argv[i] == '\0' || *end != '\0' || n <= 0 || n > INT32_MAX) {
        fprintf(stderr, "%s: bad argument '%s'\n", argv[0], argv[i]);
        usage(argv[0]);
      }
      o.sizes.push_back(n);
    }
  }
  if (o.sizes.empty())
    usage(argv[0]);
  return o;
}

/// Runs and checks one size; returns whether it passed.
bool checkSize(cudaStream_t stream, int64_t N, uint64_t seed) {
  size_t n = size_t(N), bytes = n * sizeof(uint32_t);
  bool expectReject = N % kTask != 0 || N < kTask;
  float a = bitsToFloat(randomFloatBits(splitmix64(seed ^ 3), -1, 2));

  uint32_t *dX;
  uint8_t *dYBase; // y with kGuardBytes of poison on each side.
  CUDA_CHECK(cudaMalloc(&dX, bytes));
  CUDA_CHECK(cudaMalloc(&dYBase, bytes + 2 * kGuardBytes));
  uint32_t *dY = reinterpret_cast<uint32_t *>(dYBase + kGuardBytes);
  CUDA_CHECK(cudaMemsetAsync(dYBase, 0xFF, bytes + 2 * kGuardBytes, stream));
  fillRandom<<<gridFor(n), 256, 0, stream>>>(dX, n, splitmix64(seed ^ 1), -1,
                                             1);
  CUDA_CHECK(cudaGetLastError());
  fillRandom<<<gridFor(n), 256, 0, stream>>>(dY, n, splitmix64(seed ^ 2), -8,
                                             8);
  CUDA_CHECK(cudaGetLastError());
  std::vector<uint32_t> x(n), y0(n);
  CUDA_CHECK(
      cudaMemcpyAsync(x.data(), dX, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(
      cudaMemcpyAsync(y0.data(), dY, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  CUresult result =
      exo_kernels::saxpy(stream, N, a, devicePtr(dX), devicePtr(dY));
  if (result == CUDA_SUCCESS)
    CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  bool pass = true;
  if (expectReject) {
    pass = result != CUDA_SUCCESS;
    printf("CHECK %" PRId64 " %s (requires N mod 128 == 0, N >= 128) %s\n", N,
           pass ? "rejected by the launcher"
                : "launched, but the size is outside its requires",
           pass ? "PASS" : "FAIL");
  } else if (result != CUDA_SUCCESS) {
    const char *name = nullptr;
    if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = "unknown CUresult";
    printf("  exo_kernels::saxpy(%" PRId64 ", %.9g) returned %s (%d): %s\n", N,
           double(a), name, int(result), exo_rt::lastError());
    printf("CHECK %" PRId64 " launch failed FAIL\n", N);
    pass = false;
  } else {
    std::vector<uint8_t> all(bytes + 2 * kGuardBytes);
    CUDA_CHECK(
        cudaMemcpy(all.data(), dYBase, all.size(), cudaMemcpyDeviceToHost));
    std::vector<uint32_t> xAfter(n), y(n);
    memcpy(y.data(), all.data() + kGuardBytes, bytes);
    CUDA_CHECK(cudaMemcpy(xAfter.data(), dX, bytes, cudaMemcpyDeviceToHost));

    uint64_t bad = 0, unchanged = 0, fused = 0;
    int reported = 0;
    for (size_t k = 0; k < n; ++k) {
      float xf = bitsToFloat(x[k]), yf = bitsToFloat(y0[k]);
      uint32_t want = floatToBits(saxpyReference(a, xf, yf));
      if (y[k] == want)
        continue;
      ++bad;
      const char *why = "";
      if (y[k] == y0[k]) {
        ++unchanged;
        why = " (unchanged: never written)";
      } else if (y[k] == floatToBits(std::fmaf(a, xf, yf))) {
        ++fused;
        why = " (fmaf: a contracted multiply-add)";
      }
      if (reported++ < 8)
        printf("  y[%zu] = %.9g (0x%08x), want %.9g (0x%08x): a %.9g, x "
               "%.9g, y %.9g%s\n",
               k, double(bitsToFloat(y[k])), y[k], double(bitsToFloat(want)),
               want, double(a), double(xf), double(yf), why);
    }
    size_t guardBad = 0;
    for (size_t i = 0; i < kGuardBytes; ++i) {
      guardBad += all[i] != 0xFF;
      guardBad += all[kGuardBytes + bytes + i] != 0xFF;
    }
    bool xOk = memcmp(xAfter.data(), x.data(), bytes) == 0;
    pass = bad == 0 && guardBad == 0 && xOk;
    printf("CHECK %" PRId64 " a=%.9g wrong=%" PRIu64 " (unchanged %" PRIu64
           ", fused %" PRIu64 ") guard_bytes_overwritten=%zu x_%s %s\n",
           N, double(a), bad, unchanged, fused, guardBad,
           xOk ? "unchanged" : "MODIFIED", pass ? "PASS" : "FAIL");
  }

  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dYBase));
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  uint64_t baseSeed =
      opts.haveSeed
          ? opts.seed
          : splitmix64(uint64_t(std::random_device{}()) ^
                       uint64_t(std::chrono::high_resolution_clock::now()
                                    .time_since_epoch()
                                    .count()));

  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // Makes the primary context current.
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, sm_%d%d, %d SMs; base seed %" PRIu64
         " (rerun with --seed %" PRIu64 ")\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount, baseSeed,
         baseSeed);
  if (prop.major != 9 || prop.minor != 0)
    printf("warning: the kernel is built for sm_90a; this device is sm_%d%d\n",
           prop.major, prop.minor);

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bool allPass = true;
  for (size_t index = 0; index < opts.sizes.size(); ++index) {
    printf("== %" PRId64 "\n", opts.sizes[index]);
    fflush(stdout);
    allPass =
        checkSize(stream, opts.sizes[index], splitmix64(baseSeed + index)) &&
        allPass;
    fflush(stdout);
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  printf("%s\n", allPass ? "ALL CHECKS PASSED" : "SOME CHECKS FAILED");
  return allPass ? 0 : 1;
}

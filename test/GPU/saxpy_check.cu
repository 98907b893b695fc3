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

#include "harness.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace exo_harness;

constexpr int64_t kTask = 128; // Elements per task of the kernel.

struct Options {
  bool haveSeed = false;
  uint64_t seed = 0;
  std::vector<int64_t> sizes;
};

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

/// fl(fl(a x) + y), each step correctly rounded to nearest even in fp32.
float saxpyReference(float a, float x, float y) {
  float product = float(double(a) * double(x)); // Exact in double.
  return float(double(product) + double(y));    // Innocuous double rounding.
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr, "usage: %s [--seed S] N...\n", argv0);
  exit(2);
}

Options parseOptions(int argc, char **argv) {
  Options o;
  auto parseOption = [&](int &i) {
    if (std::string(argv[i]) != "--seed" || i + 1 >= argc)
      return false;
    o.haveSeed = true;
    o.seed = strtoull(argv[++i], nullptr, 0);
    return true;
  };
  auto parseN = [](const char *text, int64_t *n) {
    return parseDims(text, n, 1);
  };
  o.sizes = parseArgs<int64_t>(argc, argv, parseOption, parseN, usage);
  return o;
}

/// Runs and checks one size; returns whether it passed.
bool checkSize(cudaStream_t stream, int64_t N, uint64_t seed) {
  size_t n = size_t(N), bytes = n * sizeof(uint32_t);
  bool expectReject = N % kTask != 0 || N < kTask;
  float a = bitsToFloat(randomFloatBits(splitmix64(seed ^ 3), -1, 2));

  uint32_t *dX;
  GuardedBuffer yBuf; // y with kGuardBytes of poison on each side.
  CUDA_CHECK(cudaMalloc(&dX, bytes));
  yBuf.allocate(bytes);
  uint32_t *dY = yBuf.data();
  yBuf.poisonAsync(stream);
  fillRandomBits<<<gridFor(n), 256, 0, stream>>>(dX, n, splitmix64(seed ^ 1),
                                                 -1, 1);
  CUDA_CHECK(cudaGetLastError());
  fillRandomBits<<<gridFor(n), 256, 0, stream>>>(dY, n, splitmix64(seed ^ 2),
                                                 -8, 8);
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
    char args[64];
    snprintf(args, sizeof(args), "%" PRId64 ", %.9g", N, double(a));
    printLaunchError("saxpy", args, result);
    printf("CHECK %" PRId64 " launch failed FAIL\n", N);
    pass = false;
  } else {
    std::vector<uint8_t> all = yBuf.copyToHost();
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
    size_t guardBad = yBuf.overwrittenGuardBytes(all);
    bool xOk = memcmp(xAfter.data(), x.data(), bytes) == 0;
    pass = bad == 0 && guardBad == 0 && xOk;
    printf("CHECK %" PRId64 " a=%.9g wrong=%" PRIu64 " (unchanged %" PRIu64
           ", fused %" PRIu64 ") guard_bytes_overwritten=%zu x_%s %s\n",
           N, double(a), bad, unchanged, fused, guardBad,
           xOk ? "unchanged" : "MODIFIED", pass ? "PASS" : "FAIL");
  }

  CUDA_CHECK(cudaFree(dX));
  yBuf.release();
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  uint64_t baseSeed = chooseBaseSeed(opts.haveSeed, opts.seed);
  initDevice(baseSeed, /*kernels=*/false);

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
  return finish(allPass);
}

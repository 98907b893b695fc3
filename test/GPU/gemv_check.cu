//===- gemv_check.cu - Checks and times the generated fp32 GEMV -----------===//
//
// Part of the Exo-GPU project.
//
// Usage: gemv_check [--time] [--reps N] [--csv PATH] [--seed S]
//                   [--ref cublas|naive] MxK...
//
// For each size, y[M] = A[M,K] * x[K] (A row-major, all f32) is computed by the
// generated exo_kernels::gemv_warp_coop on fresh random inputs in [-1, 1) and
// compared against cuBLAS Sgemv (fp32, pedantic math): ||y - y_ref||_2 /
// ||y_ref||_2 must be at most 1e-5, and y must hold no NaN or Inf (y is
// poisoned with NaN first, so an unwritten element fails). Both compute in
// fp32 with different summation orders: the kernel has 8 threads per row add
// K/8 products each in sequence, then adds the 8 sums as a tree. With
// u = 2^-24 and rounding errors of random sign, that is a relative error of
// about 0.15 u sqrt(K) (1.1e-6 at K = 16384, 1.6e-6 at K = 32768), and
// 0.41 u sqrt(K) even for one sequential sum over all of K, so 1e-5 leaves a
// factor of 2 or more for the errors of both at the largest size. A single
// lost product A[m,k] x[k] still gives about 1/sqrt(M K) (3e-5 at 32768^2), a
// wrong element of y about 1/sqrt(M). A few entries of y_ref and y are also
// checked against fp64 dot products on the host (within 1e-5 of
// sum_k |A[m,k] x[k]|), which pins down the cuBLAS transpose.
// With --time, the generated kernel and cublasSgemv are timed on the same
// buffers (median of N runs, default 100, L2 flushed before each run), in
// GB/s of 4 (M K + K + M) bytes. `--ref naive` takes the reference from a
// naive fp64-accumulating kernel instead of cuBLAS (for compute-sanitizer
// runs, which should see no cuBLAS kernels).
//
// Prints `CHECK MxK rel_err=... PASS|FAIL` per size. Exits 0 when every check
// passes, 1 when a check fails, 2 on a CUDA or cuBLAS error or bad arguments.
//
// Build (see run_all.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   test/GPU/gemv_check.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
// -DEXO_GEMV_V4 selects the vectorized one-warp-per-row kernel
// (examples/gemv/gemv_warp_v4.mlir) instead of the 8-lane team kernel.
// -DEXO_GEMV_DERIVED selects the kernel derived by a transform script
// (examples/gemv/gemv_derived.mlir: one row per thread; M a multiple of 128,
// K of 4).
// -DEXO_GEMV_SPLITK=KS selects the split-K kernel
// (examples/gemv/gemv_splitk_v4.mlir) with KS chunks of K / KS columns; with
// -DEXO_GEMV_SPLITK_NAME=NAME, exo_kernels::NAME from NAME_launcher.h, a
// split-K GEMV of the same signature (gemv_derived_splitk, which
// examples/gemv/gemv_derived_splitk.mlir derives).
// -DEXO_GEMV_NAME=NAME selects exo_kernels::NAME from NAME_launcher.h, any
// GEMV with the default signature (gemv_derived_warp, the warp-per-row
// kernel examples/gemv/gemv_derived_warp.mlir derives).
#define EXO_GEMV_STR(x) #x
#define EXO_GEMV_HEADER2(k) EXO_GEMV_STR(k##_launcher.h)
#define EXO_GEMV_HEADER(k) EXO_GEMV_HEADER2(k)
#if defined(EXO_GEMV_NAME)
#include EXO_GEMV_HEADER(EXO_GEMV_NAME)
#define EXO_GEMV_KERNEL EXO_GEMV_NAME
#elif defined(EXO_GEMV_SPLITK)
#ifndef EXO_GEMV_SPLITK_NAME
#define EXO_GEMV_SPLITK_NAME gemv_splitk_v4
#endif
#include EXO_GEMV_HEADER(EXO_GEMV_SPLITK_NAME)
#define EXO_GEMV_KERNEL EXO_GEMV_SPLITK_NAME
#elif defined(EXO_GEMV_V4)
#include "gemv_warp_v4_launcher.h"
#define EXO_GEMV_KERNEL gemv_warp_v4
#elif defined(EXO_GEMV_DERIVED)
#include "gemv_derived_launcher.h"
#define EXO_GEMV_KERNEL gemv_derived
#else
#include "gemv_warp_coop_launcher.h"
#define EXO_GEMV_KERNEL gemv_warp_coop
#endif
#define EXO_STRINGIFY2(x) #x
#define EXO_STRINGIFY(x) EXO_STRINGIFY2(x)

#include "harness.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace exo_harness;

constexpr double kPeakGBps = 4800.0; // H200 HBM3e.
constexpr double kRelTolerance = 1e-5;
constexpr int kRowGroup = 16; // Rows per task of the kernel (bad-row map).

struct Size {
  int64_t M, K;
  std::string name() const {
    return std::to_string(M) + "x" + std::to_string(K);
  }
  /// A, x and y, each touched once.
  double bytes() const {
    return 4.0 * (double(M) * double(K) + double(K) + double(M));
  }
};

struct Options : CommonOptions {
  Options() : CommonOptions(/*defaultReps=*/100) {}
  bool naiveRef = false;
  std::vector<Size> sizes;
};

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

/// Prints which elements of y are wrong (non-finite or off by more than tol):
/// how many, the first few, and a map of the 16-row groups (one task each).
void printBadRows(const Size &s, const float *dY, const float *dRef,
                  float tol) {
  std::vector<float> y(s.M), ref(s.M);
  CUDA_CHECK(
      cudaMemcpy(y.data(), dY, s.M * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ref.data(), dRef, s.M * sizeof(float),
                        cudaMemcpyDeviceToHost));
  int64_t groups = (s.M + kRowGroup - 1) / kRowGroup;
  std::vector<int> badInGroup(groups, 0);
  int64_t bad = 0;
  for (int64_t m = 0; m < s.M; ++m) {
    if (std::isfinite(y[m]) && std::fabs(y[m] - ref[m]) <= tol)
      continue;
    if (bad++ < 8)
      printf("  y[%" PRId64 "] = %.6g, ref %.6g\n", m, double(y[m]),
             double(ref[m]));
    ++badInGroup[m / kRowGroup];
  }
  int64_t badGroups = 0;
  for (int count : badInGroup)
    badGroups += count != 0;
  printf("  bad elements (non-finite or |err| > %.3g): %" PRId64 " in %" PRId64
         " of %" PRId64 " %d-row groups\n",
         tol, bad, badGroups, groups, kRowGroup);
  if (groups > 64 * 32)
    return;
  printf("  group map ('.' all good, 'x' some bad, '#' all bad), 64 per "
         "line:\n");
  for (int64_t g0 = 0; g0 < groups; g0 += 64) {
    std::string line = "    ";
    for (int64_t g = g0; g < std::min<int64_t>(groups, g0 + 64); ++g) {
      int64_t rows = std::min<int64_t>(kRowGroup, s.M - g * kRowGroup);
      int count = badInGroup[g];
      line += mapCell(count, rows);
    }
    printf("%s\n", line.c_str());
  }
}

/// Checks a few entries of y_ref and y against fp64 dot products of rows of A
/// copied back to the host. A wrong transpose in the cuBLAS call shows up here
/// as a reference mismatch.
bool spotCheck(const Size &s, const float *dA, const float *dX, const float *dY,
               const float *dRef, uint64_t seed) {
  std::vector<int64_t> rows = {0, s.M - 1};
  std::mt19937_64 rng(seed);
  for (int e = 0; e < 14; ++e)
    rows.push_back(int64_t(rng() % uint64_t(s.M)));

  std::vector<float> a(s.K), x(s.K);
  CUDA_CHECK(
      cudaMemcpy(x.data(), dX, s.K * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  int reported = 0;
  for (int64_t m : rows) {
    CUDA_CHECK(cudaMemcpy(a.data(), dA + m * s.K, s.K * sizeof(float),
                          cudaMemcpyDeviceToHost));
    float y, ref;
    CUDA_CHECK(cudaMemcpy(&y, dY + m, sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(
        cudaMemcpy(&ref, dRef + m, sizeof(float), cudaMemcpyDeviceToHost));
    double dot = 0, sumAbs = 0;
    for (int64_t k = 0; k < s.K; ++k) {
      dot += double(a[k]) * double(x[k]);
      sumAbs += std::fabs(double(a[k]) * double(x[k]));
    }
    // Both are fp32 sums: far inside 1e-5 of sum |a x| at these lengths.
    double tol = 1e-5 * sumAbs + 1e-6;
    bool refOk = std::fabs(double(ref) - dot) <= tol;
    bool exoOk = std::isfinite(y) && std::fabs(double(y) - dot) <= tol;
    if ((!refOk || !exoOk) && reported++ < 8)
      printf("  spot check y[%" PRId64 "]: fp64 %.6f, ref %.6f%s, "
             "exo %.6f%s\n",
             m, dot, double(ref), refOk ? "" : " (REFERENCE MISMATCH)",
             double(y), exoOk ? "" : " (MISMATCH)");
    ok = ok && refOk && exoOk;
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// GEMVs
//===----------------------------------------------------------------------===//

/// Row-major A[M,K] is the column-major K x M matrix A^T (ld K), so
/// y = A x is y = (A^T)^T x: CUBLAS_OP_T with m = K, n = M.
void cublasGemv(cublasHandle_t handle, const Size &s, const float *dA,
                const float *dX, float *dY, bool pedantic) {
  const float one = 1.0f, zero = 0.0f;
  CUBLAS_CHECK(cublasSetMathMode(handle, pedantic ? CUBLAS_PEDANTIC_MATH
                                                  : CUBLAS_DEFAULT_MATH));
  CUBLAS_CHECK(cublasSgemv(handle, CUBLAS_OP_T, int(s.K), int(s.M), &one, dA,
                           int(s.K), dX, 1, &zero, dY, 1));
}

/// Enqueues the generated GEMV; prints the runtime's message on failure.
bool exoGemv(cudaStream_t stream, const Size &s, const float *dA,
             const float *dX, float *dY) {
#ifdef EXO_GEMV_SPLITK
  // A [M, K] is A [M, KS, KC] and x [K] is x [KS, KC] (row-major).
  CUresult result = exo_kernels::EXO_GEMV_KERNEL(
      stream, s.M, EXO_GEMV_SPLITK, s.K / EXO_GEMV_SPLITK, devicePtr(dA),
      devicePtr(dX), devicePtr(dY));
#else
  CUresult result = exo_kernels::EXO_GEMV_KERNEL(
      stream, s.M, s.K, devicePtr(dA), devicePtr(dX), devicePtr(dY));
#endif
  if (result != CUDA_SUCCESS) {
    printLaunchError(EXO_STRINGIFY(EXO_GEMV_KERNEL), s.name(), result);
    return false;
  }
  CUDA_CHECK(cudaGetLastError());
  return true;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--time] [--reps N] [--csv PATH] [--seed S] "
          "[--ref cublas|naive] MxK...\n",
          argv0);
  exit(2);
}

bool parseSize(const char *text, Size *s) {
  int64_t v[2];
  if (!parseDims(text, v, 2))
    return false;
  *s = {v[0], v[1]};
  return true;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  auto parseOption = [&](int &i) {
    return parseCommonOption(argc, argv, i, o, usage) ||
           parseRefOption(argc, argv, i, o.naiveRef, usage);
  };
  o.sizes = parseArgs<Size>(argc, argv, parseOption, parseSize, usage);
  return o;
}

struct TimingRow {
  Size size;
  bool pass;
  double relErr, exoMs, cublasMs;
};

double gbps(const Size &s, double ms) { return s.bytes() / (ms * 1e-3) / 1e9; }

std::string formatRow(const TimingRow &r) {
  double exoGBps = gbps(r.size, r.exoMs);
  char line[256];
  snprintf(line, sizeof(line),
           "%-14s %9.4f %9.1f %6.1f%% %10.4f %11.1f %9.3fx  %s",
           r.size.name().c_str(), r.exoMs, exoGBps, 100.0 * exoGBps / kPeakGBps,
           r.cublasMs, gbps(r.size, r.cublasMs), r.cublasMs / r.exoMs,
           r.pass ? "PASS" : "FAIL");
  return line;
}

const char *kTableHeader = "size              exo ms  exo GB/s  %peak  "
                           "cuBLAS ms cuBLAS GB/s exo/cuBLAS check";

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  uint64_t baseSeed = chooseBaseSeed(opts.haveSeed, opts.seed);
  initDevice(baseSeed, /*kernels=*/false);

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  DeviceStats *dStats;
  CUDA_CHECK(cudaMalloc(&dStats, sizeof(DeviceStats)));
  TimingOutput timing;
  timing.open(opts.time, opts.csvPath,
              "M,K,check,rel_err,exo_ms,exo_gbps,exo_pct_peak,cublas_ms,"
              "cublas_gbps,speedup\n");

  bool allPass = true;
  std::vector<TimingRow> rows;
  for (size_t index = 0; index < opts.sizes.size(); ++index) {
    const Size &s = opts.sizes[index];
    uint64_t seed = splitmix64(baseSeed + index);
    printf("== %s\n", s.name().c_str());
    fflush(stdout);

    float *dA, *dX, *dY, *dRef;
    size_t aCount = size_t(s.M) * s.K;
    size_t yBytes = size_t(s.M) * sizeof(float);
    CUDA_CHECK(cudaMalloc(&dA, aCount * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dX, size_t(s.K) * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dY, yBytes));
    CUDA_CHECK(cudaMalloc(&dRef, yBytes));
    fillUniform<<<gridFor(aCount), 256, 0, stream>>>(dA, aCount,
                                                     splitmix64(seed ^ 1));
    CUDA_CHECK(cudaGetLastError());
    fillUniform<<<gridFor(size_t(s.K)), 256, 0, stream>>>(dX, size_t(s.K),
                                                          splitmix64(seed ^ 2));
    CUDA_CHECK(cudaGetLastError());
    poisonAsync(dRef, yBytes, stream);
    if (opts.naiveRef) {
      naiveGemvKernel<<<gridFor(size_t(s.M) * 32), 256, 0, stream>>>(
          dA, dX, dRef, s.M, s.K);
      CUDA_CHECK(cudaGetLastError());
    } else {
      cublasGemv(handle, s, dA, dX, dRef, /*pedantic=*/true);
    }

    // The checked run, on a NaN-poisoned y.
    poisonAsync(dY, yBytes, stream);
    bool launched = exoGemv(stream, s, dA, dX, dY);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    bool pass = launched;
    double relErr = INFINITY;
    if (launched) {
      Comparison c = compare(dY, dRef, size_t(s.M), dStats, stream);
      relErr = c.relErr;
      pass = c.pass(kRelTolerance);
      printf("CHECK %s rel_err=%.3e max_err_at=%" PRId64
             " exo=%.6g ref=%.6g nonfinite=%llu %s\n",
             s.name().c_str(), c.relErr, int64_t(c.maxIndex),
             double(c.maxValue), double(c.maxRef), c.nonFinite,
             pass ? "PASS" : "FAIL");
      if (!pass)
        printBadRows(s, dY, dRef, float(1e-4 * c.rmsRef));
      if (!spotCheck(s, dA, dX, dY, dRef, seed)) {
        if (pass)
          printf("CHECK %s spot check FAIL\n", s.name().c_str());
        pass = false;
      }
    } else {
      printf("CHECK %s rel_err=inf launch failed FAIL\n", s.name().c_str());
    }

    if (opts.time && launched) {
      poisonAsync(dY, yBytes, stream);
      // Interleaved with cuBLAS (its own output buffer), as in gemm_check.
      float *dY2 = nullptr;
      CUDA_CHECK(cudaMalloc(&dY2, yBytes));
      std::vector<double> medians = medianMsInterleaved(
          stream, timing.flush, opts.reps,
          {[&] { return exoGemv(stream, s, dA, dX, dY); },
           [&] {
             cublasGemv(handle, s, dA, dX, dY2, /*pedantic=*/false);
             return true;
           }});
      CUDA_CHECK(cudaFree(dY2));
      double exoMs = medians[0], cublasMs = medians[1];
      // The timed runs must still be right.
      Comparison again = compare(dY, dRef, size_t(s.M), dStats, stream);
      if (!std::isfinite(exoMs) || !again.pass(kRelTolerance)) {
        printf("CHECK %s after timing: rel_err=%.3e nonfinite=%llu FAIL\n",
               s.name().c_str(), again.relErr, again.nonFinite);
        pass = false;
      }
      TimingRow row{s, pass, relErr, exoMs, cublasMs};
      rows.push_back(row);
      printf("TIME %s\n", formatRow(row).c_str());
      if (FILE *csv = timing.csv) {
        double exoGBps = gbps(s, exoMs);
        fprintf(csv,
                "%" PRId64 ",%" PRId64 ",%s,%.4e,%.5f,%.1f,%.2f,%.5f,%.1f,"
                "%.4f\n",
                s.M, s.K, pass ? "PASS" : "FAIL", relErr, exoMs, exoGBps,
                100.0 * exoGBps / kPeakGBps, cublasMs, gbps(s, cublasMs),
                cublasMs / exoMs);
        fflush(csv);
      }
    }
    allPass = allPass && pass;
    fflush(stdout);

    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dX));
    CUDA_CHECK(cudaFree(dY));
    CUDA_CHECK(cudaFree(dRef));
  }

  if (!rows.empty()) {
    printTable(kTableHeader, rows, formatRow);
    printf("(exo/cuBLAS = cuBLAS time / exo time; GB/s of 4 (M K + K + M) "
           "bytes; %%peak of %.0f GB/s HBM)\n",
           kPeakGBps);
  }
  timing.close();
  CUDA_CHECK(cudaFree(dStats));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(allPass);
}

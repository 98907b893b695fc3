//===- gemm_check.cu - Checks and times the generated tf32 GEMMs ----------===//
//
// Part of the Exo-GPU project.
//
// Usage: gemm_check [--time] [--reps N] [--csv PATH] [--seed S]
//                   [--ref cublas|naive] MxNxK...
//        gemm_check_splitk [--ks KS] (the options above) MxNxK...
//        gemm_check_1cta, gemm_check_bf16 (the options above) MxNxK...
//
// For each size, C[M,N] = A[M,K] * B[N,K]^T (row-major f32) is computed by the
// generated exo_kernels::gemm_sm90_tf32 and compared against cuBLAS in full
// fp32 (pedantic math, no tf32): ||C - C_ref||_F / ||C_ref||_F must be at
// most 2e-3, and C must hold no NaN or Inf (C is poisoned with NaN first, so
// an unwritten element fails). A few entries of both C_ref and C are also
// checked against fp64 dot products on the host, which pins down the cuBLAS
// transposes. With --time, the generated kernel and cuBLAS tf32 are timed on
// the same buffers (median of N runs, L2 flushed before each run).
// `--ref naive` takes the reference from a naive fp64-accumulating kernel
// instead of cuBLAS (for compute-sanitizer runs, which should see no cuBLAS
// kernels, and as an independent cross-check at small sizes).
//
// Built with -DEXO_GEMM_SPLITK, the binary checks and times the split-K
// kernel exo_kernels::gemm_sm90_tf32_splitk (or, with
// -DEXO_GEMM_SPLITK_KERNEL=NAME, exo_kernels::NAME from NAME_launcher.h:
// gemm_sm90_tf32_derived_splitk) instead, with the same buffers
// (A[M,K] read as A[M,KS,KC], B as B[N,KS,KC], K = KS * KC) and `--ks KS`
// splits (default 2; every K must be a multiple of KS). Its launcher zeroes C
// before the launch (the kernel accumulates with TMA reduce-adds): the NaN
// poison then proves that the launcher and the kernel wrote all of C, and an
// element the kernel skips stays 0, so that build also fails any element off
// by more than 2e-2 * rms(C_ref). tf32 truncation is about 7e-4 * |C| per
// element, under 5e-3 * rms(C_ref) even for the largest elements (about six
// times the rms at 8192^2), while a skipped element is caught unless
// |C_ref| < 2e-2 * rms (1.6% of them). Its times include the launcher's memset
// of C.
//
// Built with -DEXO_GEMM_TF32_KERNEL=NAME, it checks and times
// exo_kernels::NAME (from NAME_launcher.h) instead: another tf32 GEMM with the
// default kernel's signature (the one-CTA, ping-pong and derived kernels:
// gemm_sm90_tf32_1cta, gemm_sm90_tf32_pingpong,
// gemm_sm90_tf32_derived{,_ws,_ws2,_cluster}), in the same way as the default
// build (same data, reference, bounds and timing against cuBLAS tf32).
//
// With -DEXO_GEMM_C_ALIGN=BYTES as well (a kernel whose launcher checks that
// C is BYTES-aligned, because its stores assume it), every size also checks
// that the launcher refuses C moved by 4, 8, ... bytes below BYTES, with its
// message.
//
// Built with -DEXO_GEMM_BF16, it checks and times exo_kernels::gemm_sm90_bf16
// (gemm_sm90_bf16_launcher.h; or, with -DEXO_GEMM_BF16_KERNEL=NAME,
// exo_kernels::NAME from NAME_launcher.h: gemm_sm90_bf16_derived): A and B are
// drawn as fresh random floats in
// [-1, 1) (the same draws as the other builds) and rounded to nearest bf16 on
// the device; the kernel, the references and the spot checks all read those
// bf16 buffers, and C is f32. The reference is cublasGemmEx on the bf16
// buffers with f32 output, CUBLAS_COMPUTE_32F and pedantic math (or the naive
// fp64 kernel on the same bf16 values with --ref naive). A product of two
// bf16 values (8-bit significands) is exact in fp32, so the kernel and the
// reference differ only in their fp32 summation orders: rel_err is expected
// near 1e-6; the bound stays 2e-3 (a lost k-block or a misplaced tile is far
// above it), and the spot checks allow 1e-4 of sum |a b| for the kernel
// (1e-5 for the reference). --time compares against cublasGemmEx on the same
// bf16 buffers (CUBLAS_COMPUTE_32F, default math), % of peak against 989.4
// TFLOP/s dense bf16.
//
// Built with -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_OUT, the kernel writes C in
// bf16 (gemm_mma_bf16: f32 sums rounded to nearest bf16): C's bf16 buffer is
// poisoned with NaN before each run and widened to f32 after it, then
// checked as above with the bounds widened by bf16's rounding (2^-9
// relative per element): rel_err at most 4e-3, spot checks 2^-8 |dot| more.
// Timing covers the kernel alone.
//
// Prints `CHECK MxNxK rel_err=... PASS|FAIL` per size. Exits 0 when every
// check passes, 1 when a check fails, 2 on a CUDA or cuBLAS error or bad
// arguments.
//
// Build (see run_all.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   [-DEXO_GEMM_SPLITK | -DEXO_GEMM_BF16 |
//    -DEXO_GEMM_TF32_KERNEL=NAME]
//   test/GPU/gemm_check.cu runtime/exo_gpu_runtime.cpp
//   -lcuda -lcublas
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#if defined(EXO_GEMM_BF16_OUT) && !defined(EXO_GEMM_BF16)
#error "EXO_GEMM_BF16_OUT needs EXO_GEMM_BF16"
#endif
#if defined(EXO_GEMM_SPLITK) + defined(EXO_GEMM_BF16) +                        \
        defined(EXO_GEMM_TF32_KERNEL) >                                        \
    1
#error                                                                         \
    "define at most one of EXO_GEMM_SPLITK, EXO_GEMM_BF16, EXO_GEMM_TF32_KERNEL"
#endif
// NAME_launcher.h for -DEXO_GEMM_TF32_KERNEL=NAME.
#define EXO_GEMM_STR(x) #x
#define EXO_GEMM_XSTR(x) EXO_GEMM_STR(x)
#define EXO_GEMM_HEADER2(k) EXO_GEMM_STR(k##_launcher.h)
#define EXO_GEMM_HEADER(k) EXO_GEMM_HEADER2(k)
#ifdef EXO_GEMM_SPLITK
#ifndef EXO_GEMM_SPLITK_KERNEL
#define EXO_GEMM_SPLITK_KERNEL gemm_sm90_tf32_splitk
#endif
#include EXO_GEMM_HEADER(EXO_GEMM_SPLITK_KERNEL)
#elif defined(EXO_GEMM_TF32_KERNEL)
#include EXO_GEMM_HEADER(EXO_GEMM_TF32_KERNEL)
#elif defined(EXO_GEMM_BF16)
#ifndef EXO_GEMM_BF16_KERNEL
#define EXO_GEMM_BF16_KERNEL gemm_sm90_bf16
#endif
#include EXO_GEMM_HEADER(EXO_GEMM_BF16_KERNEL)
#else
#include "gemm_sm90_tf32_launcher.h"
#endif

#include "harness.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace exo_harness;

#ifdef EXO_GEMM_BF16
using Elem = __nv_bfloat16;           // The element type of A and B.
constexpr double kPeakTflops = 989.4; // H200 dense bf16.
constexpr const char *kPrecision = "bf16";
// Spot checks: the kernel's largest |C - dot| in units of sum |a b| (the
// products are exact; fp32 summation only).
constexpr double kSpotTolerance = 1e-4;
#else
using Elem = float;
constexpr double kPeakTflops = 494.7; // H200 dense tf32.
constexpr const char *kPrecision = "tf32";
// tf32 truncates each input by at most 2^-10 relative, so each product is
// off by < 2.1e-3.
constexpr double kSpotTolerance = 2.5e-3;
#endif
#ifdef EXO_GEMM_BF16_OUT
constexpr bool kBf16Out = true;
constexpr double kRelTolerance = 4e-3;
#else
constexpr bool kBf16Out = false;
constexpr double kRelTolerance = 2e-3;
#endif
constexpr int kTile = 128; // Granularity of the bad-element map.
#ifdef EXO_GEMM_SPLITK
constexpr bool kSplitK = true;
constexpr const char *kKernelName = EXO_GEMM_XSTR(EXO_GEMM_SPLITK_KERNEL);
#elif defined(EXO_GEMM_TF32_KERNEL)
constexpr bool kSplitK = false;
constexpr const char *kKernelName = EXO_GEMM_XSTR(EXO_GEMM_TF32_KERNEL);
#elif defined(EXO_GEMM_BF16)
constexpr bool kSplitK = false;
constexpr const char *kKernelName = EXO_GEMM_XSTR(EXO_GEMM_BF16_KERNEL);
#else
constexpr bool kSplitK = false;
constexpr const char *kKernelName = "gemm_sm90_tf32";
#endif
#if defined(EXO_GEMM_TF32_KERNEL) || defined(EXO_GEMM_BF16)
constexpr bool kDefaultKernel = false;
#else
constexpr bool kDefaultKernel = true;
#endif
// Split-K only: the largest allowed |C - C_ref|, in units of rms(C_ref).
constexpr double kElementTolerance = 2e-2;

struct Size {
  int64_t M, N, K;
  int64_t KS = 1; // Number of K splits (split-K build only).
  std::string name() const {
    return std::to_string(M) + "x" + std::to_string(N) + "x" +
           std::to_string(K);
  }
  double flops() const { return 2.0 * double(M) * double(N) * double(K); }
  size_t cCount() const { return size_t(M) * size_t(N); }
};

struct Options : CommonOptions {
  Options() : CommonOptions(/*defaultReps=*/50) {}
  bool naiveRef = false;
  int64_t ks = 2; // Split-K build only.
  std::vector<Size> sizes;
};

//===----------------------------------------------------------------------===//
// Device helpers
//===----------------------------------------------------------------------===//

/// counts[tile] += number of elements of the tile that are non-finite or off
/// by more than tol.
__global__ void badTilesKernel(const float *c, const float *ref, int64_t M,
                               int64_t N, float tol, int tilesN,
                               unsigned *counts) {
  size_t n = size_t(M) * size_t(N);
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t idx = blockIdx.x * size_t(blockDim.x) + threadIdx.x; idx < n;
       idx += stride) {
    float cv = c[idx], rv = ref[idx];
    if (!isfinite(cv) || fabsf(cv - rv) > tol) {
      int64_t i = int64_t(idx / size_t(N)), j = int64_t(idx % size_t(N));
      atomicAdd(&counts[(i / kTile) * tilesN + j / kTile], 1u);
    }
  }
}

/// out[i] = in[i] widened (NaN stays NaN).
__global__ void widenKernel(const __nv_bfloat16 *in, float *out, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    out[i] = __bfloat162float(in[i]);
}

/// The bf16 C the kernel writes (bf16-output build only).
__nv_bfloat16 *gCout = nullptr;

/// Poisons the kernel's output: C, or the bf16 C of the bf16-output build.
void poisonOutput(float *dC, size_t cBytes, cudaStream_t stream) {
  poisonAsync(dC, cBytes, stream);
  if (kBf16Out)
    poisonAsync(gCout, cBytes / 2, stream);
}

/// bf16-output build: widens the kernel's bf16 C into dC (the f32 buffer
/// every check reads). Otherwise nothing.
void collectOutput(const Size &s, float *dC, cudaStream_t stream) {
  if (!kBf16Out)
    return;
  widenKernel<<<gridFor(s.cCount()), 256, 0, stream>>>(gCout, dC, s.cCount());
  CUDA_CHECK(cudaGetLastError());
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

/// The number of elements that are non-finite or off by more than tol, per
/// kTile x kTile tile of C (row-major over the tiles).
std::vector<unsigned> badTileCounts(const Size &s, const float *dC,
                                    const float *dRef, float tol,
                                    cudaStream_t stream) {
  int tilesN = int((s.N + kTile - 1) / kTile);
  size_t numTiles = size_t((s.M + kTile - 1) / kTile) * size_t(tilesN);
  unsigned *dCounts;
  CUDA_CHECK(cudaMalloc(&dCounts, numTiles * sizeof(unsigned)));
  CUDA_CHECK(cudaMemsetAsync(dCounts, 0, numTiles * sizeof(unsigned), stream));
  badTilesKernel<<<gridFor(s.cCount()), 256, 0, stream>>>(dC, dRef, s.M, s.N,
                                                          tol, tilesN, dCounts);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> counts(numTiles);
  CUDA_CHECK(cudaMemcpyAsync(counts.data(), dCounts,
                             numTiles * sizeof(unsigned),
                             cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaFree(dCounts));
  return counts;
}

/// Prints where the wrong elements are, per kTile x kTile tile of C.
void printBadTiles(const Size &s, const float *dC, const float *dRef, float tol,
                   cudaStream_t stream) {
  int tilesM = int((s.M + kTile - 1) / kTile);
  int tilesN = int((s.N + kTile - 1) / kTile);
  std::vector<unsigned> counts = badTileCounts(s, dC, dRef, tol, stream);
  size_t numTiles = counts.size();
  size_t badTiles = 0;
  for (unsigned count : counts)
    badTiles += count != 0;
  printf("  bad elements (non-finite or |err| > %.3g): %zu of %zu "
         "%dx%d tiles have some\n",
         tol, badTiles, numTiles, kTile, kTile);
  if (tilesM > 64 || tilesN > 64)
    return;
  printf("  tile map ('.' all good, 'x' some bad, '#' all bad), "
         "rows = M:\n");
  for (int ti = 0; ti < tilesM; ++ti) {
    std::string row = "    ";
    for (int tj = 0; tj < tilesN; ++tj) {
      int64_t rows = std::min<int64_t>(kTile, s.M - int64_t(ti) * kTile);
      int64_t cols = std::min<int64_t>(kTile, s.N - int64_t(tj) * kTile);
      unsigned count = counts[size_t(ti) * tilesN + tj];
      row += mapCell(count, rows * cols);
    }
    printf("%s\n", row.c_str());
  }
}

/// Split-K: fails when an element is non-finite or off by more than
/// kElementTolerance * rms(C_ref), and then prints the tile map. There C
/// starts at 0 (the launcher's memset), so an element that no reduce-add
/// reached is finite and can hide in the Frobenius norm of a large C.
bool elementCheck(const Size &s, const float *dC, const float *dRef,
                  const Comparison &c, cudaStream_t stream) {
  float tol = float(kElementTolerance * c.rmsRef);
  uint64_t bad = 0;
  for (unsigned count : badTileCounts(s, dC, dRef, tol, stream))
    bad += count;
  if (bad == 0)
    return true;
  printf("CHECK %s elements: %" PRIu64 " non-finite or off by more than "
         "%.3g FAIL\n",
         s.name().c_str(), bad, double(tol));
  printBadTiles(s, dC, dRef, tol, stream);
  return false;
}

/// Checks a few entries of C_ref (fp32, tight) and C (tf32 worst-case bound;
/// bf16: fp32 summation of exact products) against fp64 dot products of rows
/// copied back to the host. A wrong transpose in the cuBLAS call shows up here
/// as a reference mismatch.
bool spotCheck(const Size &s, const Elem *dA, const Elem *dB, const float *dC,
               const float *dRef, uint64_t seed) {
  std::vector<std::pair<int64_t, int64_t>> entries = {
      {0, 0}, {0, s.N - 1}, {s.M - 1, 0}, {s.M - 1, s.N - 1}};
  std::mt19937_64 rng(seed);
  for (int e = 0; e < 12; ++e)
    entries.push_back(
        {int64_t(rng() % uint64_t(s.M)), int64_t(rng() % uint64_t(s.N))});

  std::vector<Elem> a(s.K), b(s.K);
  bool ok = true;
  int reported = 0;
  for (auto [i, j] : entries) {
    CUDA_CHECK(cudaMemcpy(a.data(), dA + i * s.K, s.K * sizeof(Elem),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(b.data(), dB + j * s.K, s.K * sizeof(Elem),
                          cudaMemcpyDeviceToHost));
    float c, ref;
    CUDA_CHECK(cudaMemcpy(&c, dC + i * s.N + j, sizeof(float),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&ref, dRef + i * s.N + j, sizeof(float),
                          cudaMemcpyDeviceToHost));
    double dot = 0, sumAbs = 0;
    for (int64_t k = 0; k < s.K; ++k) {
      double p = double(toFloat(a[k])) * double(toFloat(b[k]));
      dot += p;
      sumAbs += std::fabs(p);
    }
    // fp32 accumulation is far inside 1e-5 of sum |a b|; see kSpotTolerance
    // for the kernel's.
    double refTol = 1e-5 * sumAbs + 1e-6;
    double exoTol = kSpotTolerance * sumAbs + 1e-5 +
                    (kBf16Out ? std::ldexp(std::fabs(dot), -8) : 0.0);
    bool refOk = std::fabs(double(ref) - dot) <= refTol;
    bool exoOk = std::isfinite(c) && std::fabs(double(c) - dot) <= exoTol;
    if ((!refOk || !exoOk) && reported++ < 8)
      printf("  spot check C[%" PRId64 ",%" PRId64 "]: fp64 %.6f, "
             "ref %.6f%s, exo %.6f%s\n",
             i, j, dot, double(ref), refOk ? "" : " (REFERENCE MISMATCH)",
             double(c), exoOk ? "" : " (MISMATCH)");
    ok = ok && refOk && exoOk;
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// GEMMs
//===----------------------------------------------------------------------===//

/// Row-major C[M,N] = A[M,K] B[N,K]^T is column-major C^T = B A^T: B's buffer
/// is the column-major K x N matrix B^T (transposed back, ld K), A's buffer
/// the column-major K x M matrix A^T (as is, ld K), C's the N x M C^T (ld N).
/// `fast`: tf32 (f32 builds) or default math (bf16 build) for timing;
/// otherwise the fp32 reference (pedantic math).
void cublasGemm(cublasHandle_t handle, const Size &s, const Elem *dA,
                const Elem *dB, float *dC, bool fast) {
  const float one = 1.0f, zero = 0.0f;
#ifdef EXO_GEMM_BF16
  CUBLAS_CHECK(cublasSetMathMode(handle, fast ? CUBLAS_DEFAULT_MATH
                                              : CUBLAS_PEDANTIC_MATH));
  CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, int(s.N),
                            int(s.M), int(s.K), &one, dB, CUDA_R_16BF, int(s.K),
                            dA, CUDA_R_16BF, int(s.K), &zero, dC, CUDA_R_32F,
                            int(s.N), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
#else
  if (fast) {
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
    CUBLAS_CHECK(
        cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, int(s.N), int(s.M),
                     int(s.K), &one, dB, CUDA_R_32F, int(s.K), dA, CUDA_R_32F,
                     int(s.K), &zero, dC, CUDA_R_32F, int(s.N),
                     CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
  } else {
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_T, CUBLAS_OP_N, int(s.N),
                             int(s.M), int(s.K), &one, dB, int(s.K), dA,
                             int(s.K), &zero, dC, int(s.N)));
  }
#endif
}

/// Enqueues the generated GEMM; prints the runtime's message on failure.
/// Calls the kernel's launcher, with C (or the bf16 output) `cShift` bytes
/// past its buffer's start.
CUresult launchExo(cudaStream_t stream, const Size &s, const Elem *dA,
                   const Elem *dB, float *dC, CUdeviceptr cShift = 0) {
#ifdef EXO_GEMM_SPLITK
  // A[M,K] is A[M,KS,KC] and B[N,K] is B[N,KS,KC], both row-major.
  return exo_kernels::EXO_GEMM_SPLITK_KERNEL(stream, s.M, s.N, s.KS, s.K / s.KS,
                                             devicePtr(dA), devicePtr(dB),
                                             devicePtr(dC) + cShift);
#elif defined(EXO_GEMM_TF32_KERNEL)
  return exo_kernels::EXO_GEMM_TF32_KERNEL(stream, s.M, s.N, s.K, devicePtr(dA),
                                           devicePtr(dB),
                                           devicePtr(dC) + cShift);
#elif defined(EXO_GEMM_BF16)
  return exo_kernels::EXO_GEMM_BF16_KERNEL(
      stream, s.M, s.N, s.K, devicePtr(dA), devicePtr(dB),
      (kBf16Out ? devicePtr(gCout) : devicePtr(dC)) + cShift);
#else
  return exo_kernels::gemm_sm90_tf32(stream, s.M, s.N, s.K, devicePtr(dA),
                                     devicePtr(dB), devicePtr(dC) + cShift);
#endif
}

bool exoGemm(cudaStream_t stream, const Size &s, const Elem *dA, const Elem *dB,
             float *dC) {
  CUresult result = launchExo(stream, s, dA, dB, dC);
  if (result != CUDA_SUCCESS) {
    std::string args = s.name();
    if (kSplitK)
      args +=
          ", KS=" + std::to_string(s.KS) + ", KC=" + std::to_string(s.K / s.KS);
    printLaunchError(kKernelName, args, result);
    return false;
  }
  CUDA_CHECK(cudaGetLastError());
  return true;
}

#ifdef EXO_GEMM_C_ALIGN
/// With -DEXO_GEMM_C_ALIGN=BYTES (a kernel whose stores to C assume a
/// BYTES-aligned base): the launcher must refuse C moved by each multiple of
/// 4 bytes below BYTES, without launching anything, and name the reason.
bool misalignedCRejected(cudaStream_t stream, const Size &s, const Elem *dA,
                         const Elem *dB, float *dC) {
  static_assert(EXO_GEMM_C_ALIGN % 4 == 0 && EXO_GEMM_C_ALIGN > 4,
                "EXO_GEMM_C_ALIGN: a multiple of 4 bytes above 4");
  std::string expected =
      "tensor C is not " + std::to_string(EXO_GEMM_C_ALIGN) + "-byte aligned";
  bool allOk = true;
  for (int shift = 4; shift < EXO_GEMM_C_ALIGN; shift += 4) {
    CUresult result = launchExo(stream, s, dA, dB, dC, /*cShift=*/shift);
    bool ok =
        result != CUDA_SUCCESS &&
        std::string(exo_rt::lastError()).find(expected) != std::string::npos;
    printf("CHECK %s C at base + %d bytes: %s %s\n", s.name().c_str(), shift,
           result == CUDA_SUCCESS ? "launched" : exo_rt::lastError(),
           ok ? "PASS" : "FAIL");
    CUDA_CHECK(cudaStreamSynchronize(stream));
    allOk = allOk && ok;
  }
  return allOk;
}
#endif

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s%s [--time] [--reps N] [--csv PATH] [--seed S] "
          "[--ref cublas|naive] MxNxK...\n",
          argv0, kSplitK ? " [--ks KS]" : "");
  exit(2);
}

bool parseSize(const char *text, Size *s) {
  int64_t v[3];
  if (!parseDims(text, v, 3))
    return false;
  *s = {v[0], v[1], v[2]};
  // The comparison packs an element index into 32 bits.
  return uint64_t(s->M) * uint64_t(s->N) < (uint64_t(1) << 32);
}

Options parseOptions(int argc, char **argv) {
  Options o;
  auto parseOption = [&](int &i) {
    if (parseCommonOption(argc, argv, i, o, usage) ||
        parseRefOption(argc, argv, i, o.naiveRef, usage))
      return true;
    if (std::string(argv[i]) != "--ks" || i + 1 >= argc)
      return false;
    if (!kSplitK) {
      fprintf(stderr, "%s: --ks needs the split-K build (-DEXO_GEMM_SPLITK)\n",
              argv[0]);
      exit(2);
    }
    if (!parseDims(argv[++i], &o.ks, 1)) {
      fprintf(stderr, "%s: --ks wants a positive integer, not '%s'\n", argv[0],
              argv[i]);
      exit(2);
    }
    return true;
  };
  o.sizes = parseArgs<Size>(argc, argv, parseOption, parseSize, usage);
  if (kSplitK) {
    bool ok = true;
    for (Size &s : o.sizes) {
      s.KS = o.ks;
      if (s.K % s.KS != 0) {
        fprintf(stderr,
                "%s: size %s: K = %" PRId64 " is not a multiple of "
                "--ks %" PRId64 " (the kernel reads K as KS x KC)\n",
                argv[0], s.name().c_str(), s.K, s.KS);
        ok = false;
      }
    }
    if (!ok)
      exit(2);
  }
  return o;
}

struct TimingRow {
  Size size;
  bool pass;
  double relErr, exoMs, cublasMs;
};

std::string formatRow(const TimingRow &r) {
  double exoTflops = r.size.flops() / (r.exoMs * 1e-3) / 1e12;
  double cublasTflops = r.size.flops() / (r.cublasMs * 1e-3) / 1e12;
  char line[256];
  snprintf(line, sizeof(line),
           "%-18s %9.4f %9.1f %6.1f%% %10.4f %10.1f %9.3fx  %s",
           r.size.name().c_str(), r.exoMs, exoTflops,
           100.0 * exoTflops / kPeakTflops, r.cublasMs, cublasTflops,
           r.cublasMs / r.exoMs, r.pass ? "PASS" : "FAIL");
  return line;
}

const char *kTableHeader = "size                 exo ms  exo TF/s  %peak  "
                           "cuBLAS ms cuBLAS TF/s exo/cuBLAS check";

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  uint64_t baseSeed = chooseBaseSeed(opts.haveSeed, opts.seed);
  initDevice(baseSeed, /*kernels=*/false);
  if (kSplitK)
    printf("kernel: exo_kernels::%s, KS = %" PRId64 " (KC = K / %" PRId64
           "); exo times include the launcher's memset of C\n",
           kKernelName, opts.ks, opts.ks);
  else if (!kDefaultKernel)
    printf("kernel: exo_kernels::%s (%s A and B, %s C); reference %s, "
           "timed against cuBLAS %s\n",
           kKernelName, kPrecision, kBf16Out ? "bf16" : "f32",
           opts.naiveRef ? "naive fp64 kernel" : "cuBLAS fp32 (pedantic)",
           kPrecision);
  if (const char *tf32 = getenv("NVIDIA_TF32_OVERRIDE"))
    printf("warning: NVIDIA_TF32_OVERRIDE=%s may change the cuBLAS runs\n",
           tf32);

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  DeviceStats *dStats;
  CUDA_CHECK(cudaMalloc(&dStats, sizeof(DeviceStats)));
  TimingOutput timing;
  timing.open(opts.time, opts.csvPath,
              std::string("M,N,K,") + (kSplitK ? "KS,KC," : "") +
                  "check,rel_err,exo_ms,exo_tflops,exo_pct_peak,cublas_ms,"
                  "cublas_tflops,speedup\n");

  bool allPass = true;
  std::vector<TimingRow> rows;
  for (size_t index = 0; index < opts.sizes.size(); ++index) {
    const Size &s = opts.sizes[index];
    uint64_t seed = splitmix64(baseSeed + index);
    if (kSplitK)
      printf("== %s (KS %" PRId64 " x KC %" PRId64 ")\n", s.name().c_str(),
             s.KS, s.K / s.KS);
    else
      printf("== %s\n", s.name().c_str());
    fflush(stdout);

    Elem *dA, *dB;
    float *dC, *dRef;
    size_t aCount = size_t(s.M) * s.K, bCount = size_t(s.N) * s.K;
    size_t cBytes = size_t(s.M) * s.N * sizeof(float);
    CUDA_CHECK(cudaMalloc(&dA, aCount * sizeof(Elem)));
    CUDA_CHECK(cudaMalloc(&dB, bCount * sizeof(Elem)));
    CUDA_CHECK(cudaMalloc(&dC, cBytes));
    CUDA_CHECK(cudaMalloc(&dRef, cBytes));
    if (kBf16Out)
      CUDA_CHECK(cudaMalloc(&gCout, cBytes / 2));
    fillUniform<<<gridFor(aCount), 256, 0, stream>>>(dA, aCount,
                                                     splitmix64(seed ^ 1));
    CUDA_CHECK(cudaGetLastError());
    fillUniform<<<gridFor(bCount), 256, 0, stream>>>(dB, bCount,
                                                     splitmix64(seed ^ 2));
    CUDA_CHECK(cudaGetLastError());
    poisonAsync(dRef, cBytes, stream);
    if (opts.naiveRef) {
      naiveGemmKernel<<<gridFor(s.cCount()), 256, 0, stream>>>(dA, dB, dRef,
                                                               s.M, s.N, s.K);
      CUDA_CHECK(cudaGetLastError());
    } else {
      cublasGemm(handle, s, dA, dB, dRef, /*fast=*/false);
    }

    // The checked run, on a NaN-poisoned C.
    poisonOutput(dC, cBytes, stream);
    bool launched = exoGemm(stream, s, dA, dB, dC);
    if (launched)
      collectOutput(s, dC, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    bool pass = launched;
    double relErr = INFINITY;
    if (launched) {
      Comparison c = compare(dC, dRef, s.cCount(), dStats, stream);
      relErr = c.relErr;
      pass = c.pass(kRelTolerance);
      printf("CHECK %s rel_err=%.3e max_err_at=(%" PRId64 ",%" PRId64
             ") exo=%.6g ref=%.6g nonfinite=%llu %s\n",
             s.name().c_str(), c.relErr, int64_t(c.maxIndex / size_t(s.N)),
             int64_t(c.maxIndex % size_t(s.N)), double(c.maxValue),
             double(c.maxRef), c.nonFinite, pass ? "PASS" : "FAIL");
      if (kSplitK && !elementCheck(s, dC, dRef, c, stream))
        pass = false;
      else if (!pass)
        printBadTiles(s, dC, dRef, float(1e-2 * c.rmsRef), stream);
      if (!spotCheck(s, dA, dB, dC, dRef, seed)) {
        if (pass)
          printf("CHECK %s spot check FAIL\n", s.name().c_str());
        pass = false;
      }
    } else {
      printf("CHECK %s rel_err=inf launch failed FAIL\n", s.name().c_str());
    }
#ifdef EXO_GEMM_C_ALIGN
    if (!misalignedCRejected(stream, s, dA, dB, dC))
      pass = false;
#endif

    // cuBLAS tf32 (bf16 build: bf16, default math) against the same
    // reference, for scale (not in a --ref naive run without --time, which
    // must launch no cuBLAS kernel: compute-sanitizer's).
    if (!opts.naiveRef || opts.time) {
      cublasGemm(handle, s, dA, dB, dC, /*fast=*/true);
      Comparison cublasFast = compare(dC, dRef, s.cCount(), dStats, stream);
      printf("INFO %s cublas_%s_rel_err=%.3e\n", s.name().c_str(), kPrecision,
             cublasFast.relErr);
    }

    if (opts.time && launched) {
      poisonOutput(dC, cBytes, stream);
      // Exo and cuBLAS alternate, so that clock and temperature drift (which
      // moved cuBLAS by 10-15 % between separately timed blocks) hits both
      // alike; cuBLAS writes its own output buffer, so that the Exo kernel's
      // last timed result can be checked.
      float *dC2 = nullptr;
      CUDA_CHECK(cudaMalloc(&dC2, cBytes));
      std::vector<double> medians = medianMsInterleaved(
          stream, timing.flush, opts.reps,
          {[&] { return exoGemm(stream, s, dA, dB, dC); },
           [&] {
             cublasGemm(handle, s, dA, dB, dC2, /*fast=*/true);
             return true;
           }});
      CUDA_CHECK(cudaFree(dC2));
      double exoMs = medians[0], cublasMs = medians[1];
      collectOutput(s, dC, stream);
      // The timed runs must still be right.
      Comparison again = compare(dC, dRef, s.cCount(), dStats, stream);
      bool againOk = again.pass(kRelTolerance);
      if (kSplitK && std::isfinite(exoMs))
        againOk = elementCheck(s, dC, dRef, again, stream) && againOk;
      if (!std::isfinite(exoMs) || !againOk) {
        printf("CHECK %s after timing: rel_err=%.3e nonfinite=%llu FAIL\n",
               s.name().c_str(), again.relErr, again.nonFinite);
        pass = false;
      }
      TimingRow row{s, pass, relErr, exoMs, cublasMs};
      rows.push_back(row);
      printf("TIME %s\n", formatRow(row).c_str());
      if (FILE *csv = timing.csv) {
        double exoTflops = s.flops() / (exoMs * 1e-3) / 1e12;
        double cublasTflops = s.flops() / (cublasMs * 1e-3) / 1e12;
        fprintf(csv, "%" PRId64 ",%" PRId64 ",%" PRId64 ",", s.M, s.N, s.K);
        if (kSplitK)
          fprintf(csv, "%" PRId64 ",%" PRId64 ",", s.KS, s.K / s.KS);
        fprintf(csv, "%s,%.4e,%.5f,%.2f,%.2f,%.5f,%.2f,%.4f\n",
                pass ? "PASS" : "FAIL", relErr, exoMs, exoTflops,
                100.0 * exoTflops / kPeakTflops, cublasMs, cublasTflops,
                cublasMs / exoMs);
        fflush(csv);
      }
    }
    allPass = allPass && pass;
    fflush(stdout);

    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dC));
    CUDA_CHECK(cudaFree(dRef));
    if (kBf16Out)
      CUDA_CHECK(cudaFree(gCout));
  }

  if (!rows.empty()) {
    printTable(kTableHeader, rows, formatRow);
    printf("(exo/cuBLAS = cuBLAS time / exo time; %%peak of %.1f TFLOP/s "
           "dense %s)\n",
           kPeakTflops, kPrecision);
    if (kSplitK)
      printf("(exo = %s with KS = %" PRId64 ", including the launcher's "
             "memset of C)\n",
             kKernelName, opts.ks);
  }
  timing.close();
  CUDA_CHECK(cudaFree(dStats));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(allPass);
}

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
// -DEXO_GEMV_SPLITK=KS selects the split-K kernel
// (examples/gemv/gemv_splitk_v4.mlir) with KS chunks of K / KS columns.
#if defined(EXO_GEMV_SPLITK)
#include "gemv_splitk_v4_launcher.h"
#define EXO_GEMV_KERNEL gemv_splitk_v4
#elif defined(EXO_GEMV_V4)
#include "gemv_warp_v4_launcher.h"
#define EXO_GEMV_KERNEL gemv_warp_v4
#else
#include "gemv_warp_coop_launcher.h"
#define EXO_GEMV_KERNEL gemv_warp_coop
#endif
#define EXO_STRINGIFY2(x) #x
#define EXO_STRINGIFY(x) EXO_STRINGIFY2(x)

#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
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

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t checkStatus = (call);                                       \
    if (checkStatus != CUBLAS_STATUS_SUCCESS) {                                \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call, \
              cublasGetStatusName(checkStatus),                                \
              cublasGetStatusString(checkStatus));                             \
      exit(2);                                                                 \
    }                                                                          \
  } while (false)

namespace {

constexpr double kPeakGBps = 4800.0; // H200 HBM3e.
constexpr double kRelTolerance = 1e-5;
constexpr size_t kFlushBytes = size_t(256) << 20;
constexpr int kWarmups = 5;
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

struct Options {
  bool time = false;
  int reps = 100;
  const char *csvPath = nullptr;
  bool haveSeed = false;
  uint64_t seed = 0;
  bool naiveRef = false;
  std::vector<Size> sizes;
};

//===----------------------------------------------------------------------===//
// Device helpers
//===----------------------------------------------------------------------===//

__host__ __device__ uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// p[i] = uniform in [-1, 1), a hash of (seed, i).
__global__ void fillUniform(float *p, size_t n, uint64_t seed) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    uint64_t h = splitmix64(seed ^ splitmix64(i));
    p[i] = float(h >> 40) * (2.0f / 16777216.0f) - 1.0f;
  }
}

/// The reference without cuBLAS: one warp per row of A, fp64 sums.
__global__ void naiveGemvKernel(const float *A, const float *x, float *y,
                                int64_t M, int64_t K) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / 32);
  int lane = threadIdx.x % 32;
  for (int64_t m = blockIdx.x * int64_t(blockDim.x / 32) + threadIdx.x / 32;
       m < M; m += warps) {
    const float *a = A + m * K;
    double acc = 0;
    for (int64_t k = lane; k < K; k += 32)
      acc += double(a[k]) * double(x[k]);
    for (int offset = 16; offset > 0; offset /= 2)
      acc += __shfl_down_sync(0xFFFFFFFFu, acc, offset);
    if (lane == 0)
      y[m] = float(acc);
  }
}

struct DeviceStats {
  double diff2;                 // sum (y - ref)^2 over finite y
  double ref2;                  // sum ref^2
  unsigned long long nonFinite; // count of NaN/Inf in y
  unsigned long long maxKey;    // (|y - ref| bits, or ~0 if y non-finite)
                                // << 32 | index
};

__global__ void compareKernel(const float *y, const float *ref, size_t n,
                              DeviceStats *out) {
  double diff2 = 0, ref2 = 0;
  unsigned long long nonFinite = 0, maxKey = 0;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    float yv = y[i], rv = ref[i];
    unsigned errBits;
    if (isfinite(yv)) {
      double d = double(yv) - double(rv);
      diff2 += d * d;
      errBits = __float_as_uint(fabsf(yv - rv));
    } else {
      ++nonFinite;
      errBits = 0xFFFFFFFFu;
    }
    ref2 += double(rv) * double(rv);
    unsigned long long key = (static_cast<unsigned long long>(errBits) << 32) |
                             static_cast<unsigned long long>(i);
    maxKey = key > maxKey ? key : maxKey;
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    diff2 += __shfl_down_sync(0xFFFFFFFFu, diff2, offset);
    ref2 += __shfl_down_sync(0xFFFFFFFFu, ref2, offset);
    nonFinite += __shfl_down_sync(0xFFFFFFFFu, nonFinite, offset);
    unsigned long long other = __shfl_down_sync(0xFFFFFFFFu, maxKey, offset);
    maxKey = other > maxKey ? other : maxKey;
  }
  if (threadIdx.x % 32 == 0) {
    atomicAdd(&out->diff2, diff2);
    atomicAdd(&out->ref2, ref2);
    atomicAdd(&out->nonFinite, nonFinite);
    atomicMax(&out->maxKey, maxKey);
  }
}

unsigned gridFor(size_t n) {
  return unsigned(std::min<size_t>((n + 255) / 256, 2048));
}

CUdeviceptr devicePtr(const float *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

struct Comparison {
  double relErr;
  double rmsRef;
  unsigned long long nonFinite;
  int64_t maxM;
  float maxY, maxRef;
  bool pass() const {
    return nonFinite == 0 && std::isfinite(relErr) && relErr <= kRelTolerance;
  }
};

Comparison compare(const Size &s, const float *dY, const float *dRef,
                   DeviceStats *dStats, cudaStream_t stream) {
  size_t n = size_t(s.M);
  CUDA_CHECK(cudaMemsetAsync(dStats, 0, sizeof(DeviceStats), stream));
  compareKernel<<<gridFor(n), 256, 0, stream>>>(dY, dRef, n, dStats);
  CUDA_CHECK(cudaGetLastError());
  DeviceStats h;
  CUDA_CHECK(
      cudaMemcpyAsync(&h, dStats, sizeof(h), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  Comparison r;
  r.nonFinite = h.nonFinite;
  r.relErr = h.nonFinite ? INFINITY : std::sqrt(h.diff2 / h.ref2);
  r.rmsRef = std::sqrt(h.ref2 / double(n));
  r.maxM = int64_t(h.maxKey & 0xFFFFFFFFull);
  CUDA_CHECK(
      cudaMemcpy(&r.maxY, dY + r.maxM, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&r.maxRef, dRef + r.maxM, sizeof(float),
                        cudaMemcpyDeviceToHost));
  return r;
}

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
      line += count == 0 ? '.' : (count == rows ? '#' : 'x');
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
  CUresult result = exo_kernels::gemv_splitk_v4(
      stream, s.M, EXO_GEMV_SPLITK, s.K / EXO_GEMV_SPLITK, devicePtr(dA),
      devicePtr(dX), devicePtr(dY));
#else
  CUresult result = exo_kernels::EXO_GEMV_KERNEL(
      stream, s.M, s.K, devicePtr(dA), devicePtr(dX), devicePtr(dY));
#endif
  if (result != CUDA_SUCCESS) {
    const char *name = nullptr;
    if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = "unknown CUresult";
    printf("  exo_kernels::" EXO_STRINGIFY(
               EXO_GEMV_KERNEL) "(%s) returned %s (%d): %s\n",
           s.name().c_str(), name, int(result), exo_rt::lastError());
    return false;
  }
  CUDA_CHECK(cudaGetLastError());
  return true;
}

/// Median time in ms of `reps` runs of `run` (after kWarmups untimed ones),
/// each timed by its own event pair, with L2 flushed before each run.
/// Returns NaN when `run` fails.
template <typename Run>
double medianMs(cudaStream_t stream, void *flush, int reps, Run run) {
  for (int i = 0; i < kWarmups; ++i) {
    CUDA_CHECK(cudaMemsetAsync(flush, i & 0xFF, kFlushBytes, stream));
    if (!run())
      return NAN;
  }
  std::vector<cudaEvent_t> start(reps), stop(reps);
  for (int i = 0; i < reps; ++i) {
    CUDA_CHECK(cudaEventCreate(&start[i]));
    CUDA_CHECK(cudaEventCreate(&stop[i]));
  }
  bool ok = true;
  for (int i = 0; i < reps && ok; ++i) {
    CUDA_CHECK(cudaMemsetAsync(flush, i & 0xFF, kFlushBytes, stream));
    CUDA_CHECK(cudaEventRecord(start[i], stream));
    ok = run();
    CUDA_CHECK(cudaEventRecord(stop[i], stream));
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    float t = 0;
    if (ok)
      CUDA_CHECK(cudaEventElapsedTime(&t, start[i], stop[i]));
    ms.push_back(t);
    CUDA_CHECK(cudaEventDestroy(start[i]));
    CUDA_CHECK(cudaEventDestroy(stop[i]));
  }
  if (!ok)
    return NAN;
  std::sort(ms.begin(), ms.end());
  return reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--time] [--reps N] [--csv PATH] [--seed S] "
          "[--ref cublas|naive] MxK...\n",
          argv0);
  exit(2);
}

bool parseSize(const char *text, Size *s) {
  int64_t v[2];
  const char *p = text;
  for (int i = 0; i < 2; ++i) {
    char *end;
    long long x = strtoll(p, &end, 10);
    if (end == p || x <= 0 || x > INT32_MAX)
      return false;
    v[i] = x;
    if (i < 1 && *end != 'x')
      return false;
    p = i < 1 ? end + 1 : end;
  }
  *s = {v[0], v[1]};
  return *p == '\0';
}

Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--time") {
      o.time = true;
    } else if (arg == "--reps" && i + 1 < argc) {
      o.reps = atoi(argv[++i]);
      if (o.reps < 1)
        usage(argv[0]);
    } else if (arg == "--csv" && i + 1 < argc) {
      o.csvPath = argv[++i];
    } else if (arg == "--ref" && i + 1 < argc) {
      std::string ref = argv[++i];
      if (ref != "cublas" && ref != "naive")
        usage(argv[0]);
      o.naiveRef = ref == "naive";
    } else if (arg == "--seed" && i + 1 < argc) {
      o.haveSeed = true;
      o.seed = strtoull(argv[++i], nullptr, 0);
    } else {
      Size s;
      if (!parseSize(argv[i], &s)) {
        fprintf(stderr, "%s: bad argument '%s'\n", argv[0], argv[i]);
        usage(argv[0]);
      }
      o.sizes.push_back(s);
    }
  }
  if (o.sizes.empty())
    usage(argv[0]);
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
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  DeviceStats *dStats;
  CUDA_CHECK(cudaMalloc(&dStats, sizeof(DeviceStats)));
  void *flush = nullptr;
  FILE *csv = nullptr;
  if (opts.time) {
    CUDA_CHECK(cudaMalloc(&flush, kFlushBytes));
    if (opts.csvPath) {
      csv = fopen(opts.csvPath, "w");
      if (!csv) {
        fprintf(stderr, "cannot open %s: %s\n", opts.csvPath, strerror(errno));
        return 2;
      }
      fprintf(csv, "M,K,check,rel_err,exo_ms,exo_gbps,exo_pct_peak,"
                   "cublas_ms,cublas_gbps,speedup\n");
    }
  }

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
    CUDA_CHECK(cudaMemsetAsync(dRef, 0xFF, yBytes, stream));
    if (opts.naiveRef) {
      naiveGemvKernel<<<gridFor(size_t(s.M) * 32), 256, 0, stream>>>(
          dA, dX, dRef, s.M, s.K);
      CUDA_CHECK(cudaGetLastError());
    } else {
      cublasGemv(handle, s, dA, dX, dRef, /*pedantic=*/true);
    }

    // The checked run, on a NaN-poisoned y.
    CUDA_CHECK(cudaMemsetAsync(dY, 0xFF, yBytes, stream));
    bool launched = exoGemv(stream, s, dA, dX, dY);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    bool pass = launched;
    double relErr = INFINITY;
    if (launched) {
      Comparison c = compare(s, dY, dRef, dStats, stream);
      relErr = c.relErr;
      pass = c.pass();
      printf("CHECK %s rel_err=%.3e max_err_at=%" PRId64
             " exo=%.6g ref=%.6g nonfinite=%llu %s\n",
             s.name().c_str(), c.relErr, c.maxM, double(c.maxY),
             double(c.maxRef), c.nonFinite, pass ? "PASS" : "FAIL");
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
      CUDA_CHECK(cudaMemsetAsync(dY, 0xFF, yBytes, stream));
      double exoMs = medianMs(stream, flush, opts.reps,
                              [&] { return exoGemv(stream, s, dA, dX, dY); });
      // The timed runs must still be right.
      Comparison again = compare(s, dY, dRef, dStats, stream);
      if (!std::isfinite(exoMs) || !again.pass()) {
        printf("CHECK %s after timing: rel_err=%.3e nonfinite=%llu FAIL\n",
               s.name().c_str(), again.relErr, again.nonFinite);
        pass = false;
      }
      double cublasMs = medianMs(stream, flush, opts.reps, [&] {
        cublasGemv(handle, s, dA, dX, dY, /*pedantic=*/false);
        return true;
      });
      TimingRow row{s, pass, relErr, exoMs, cublasMs};
      rows.push_back(row);
      printf("TIME %s\n", formatRow(row).c_str());
      if (csv) {
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
    printf("\n%s\n", kTableHeader);
    for (const TimingRow &row : rows)
      printf("%s\n", formatRow(row).c_str());
    printf("(exo/cuBLAS = cuBLAS time / exo time; GB/s of 4 (M K + K + M) "
           "bytes; %%peak of %.0f GB/s HBM)\n",
           kPeakGBps);
  }
  if (csv)
    fclose(csv);
  if (flush)
    CUDA_CHECK(cudaFree(flush));
  CUDA_CHECK(cudaFree(dStats));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  printf("%s\n", allPass ? "ALL CHECKS PASSED" : "SOME CHECKS FAILED");
  return allPass ? 0 : 1;
}

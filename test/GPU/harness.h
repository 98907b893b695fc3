//===- harness.h - Code shared by the GPU check harnesses -------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Header-only helpers of test/GPU/*_check.cu, each of which is one
// translation unit that includes this header once: the CUDA, cuBLAS and
// driver error checks (exit status 2), the command-line options and sizes,
// the device line, random inputs (hashes of a seed and an element index),
// NaN poison and poisoned guard bytes, the device-side comparison against a
// reference, the L2-flushed median timing, the CSV file and the closing
// verdict line that test/GPU/run_all.sh greps.
//
// CUBLAS_CHECK expands to cuBLAS calls: a harness that uses it includes
// <cublas_v2.h> (tma_check and saxpy_check do without cuBLAS). The kernels
// that are not templates are static (nvcc ignores `inline` on a __global__
// function).
//
//===----------------------------------------------------------------------===//

#ifndef EXO_GPU_TEST_GPU_HARNESS_H
#define EXO_GPU_TEST_GPU_HARNESS_H

#include "exo_gpu_runtime.h"

#include <cuda.h>
#include <cuda_bf16.h>
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
#include <functional>
#include <random>
#include <string>
#include <vector>

/// Exits with status 2 when the CUDA runtime call fails, after printing
/// `FILE:LINE: CALL failed: NAME: MESSAGE` to stderr.
#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t checkStatus = (call);                                          \
    if (checkStatus != cudaSuccess) {                                          \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call, \
              cudaGetErrorName(checkStatus), cudaGetErrorString(checkStatus)); \
      exit(2);                                                                 \
    }                                                                          \
  } while (false)

/// CUDA_CHECK for a cuBLAS call (needs <cublas_v2.h>).
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

namespace exo_harness {

/// Bytes written before each timed run, to flush the L2 cache.
constexpr size_t kFlushBytes = size_t(256) << 20;
/// Untimed runs before the timed ones.
constexpr int kWarmups = 5;
/// The poison byte: every float made of it is a NaN.
constexpr int kPoisonByte = 0xFF;
/// The poisoned bytes on each side of a GuardedBuffer.
constexpr size_t kGuardBytes = 4096;

/// The float with bits `bits`, and the bits of `f`.
inline float bitsToFloat(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}

inline uint32_t floatToBits(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  return bits;
}

//===----------------------------------------------------------------------===//
// Errors and the device
//===----------------------------------------------------------------------===//

/// The name of a driver API result, or "unknown CUresult".
inline const char *cuResultName(CUresult result) {
  const char *name = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = "unknown CUresult";
  return name;
}

/// Prints `  exo_kernels::KERNEL(ARGS) returned NAME (CODE): MESSAGE` for a
/// launcher's failed result, MESSAGE being the runtime's lastError().
inline void printLaunchError(const char *kernel, const std::string &args,
                             CUresult result) {
  printf("  exo_kernels::%s(%s) returned %s (%d): %s\n", kernel, args.c_str(),
         cuResultName(result), int(result), exo_rt::lastError());
}

/// Makes device 0's primary context current and prints the device line with
/// the base seed, and a warning when the device is not sm_90 (`kernels`: the
/// harness runs several kernels).
inline void initDevice(uint64_t baseSeed, bool kernels) {
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // Makes the primary context current.
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, sm_%d%d, %d SMs; base seed %" PRIu64
         " (rerun with --seed %" PRIu64 ")\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount, baseSeed,
         baseSeed);
  if (prop.major != 9 || prop.minor != 0)
    printf("warning: the %s built for sm_90a; this device is sm_%d%d\n",
           kernels ? "kernels are" : "kernel is", prop.major, prop.minor);
}

/// Prints the verdict line and returns main's exit status: 0 when every
/// check passed, 1 otherwise.
inline int finish(bool allPass) {
  printf("%s\n", allPass ? "ALL CHECKS PASSED" : "SOME CHECKS FAILED");
  return allPass ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

/// The options of the timing harnesses.
struct CommonOptions {
  explicit CommonOptions(int defaultReps) : reps(defaultReps) {}
  bool time = false;             // --time
  int reps;                      // --reps N
  const char *csvPath = nullptr; // --csv PATH
  bool haveSeed = false;         // --seed S
  uint64_t seed = 0;
};

/// When argv[i] is --time, or --reps, --csv or --seed followed by a value,
/// stores it in `o`, moves i to its last word and returns true; `usage`
/// (which exits) rejects a --reps below 1. An option without its value is
/// left to the caller (a bad argument).
inline bool parseCommonOption(int argc, char **argv, int &i, CommonOptions &o,
                              void (*usage)(const char *)) {
  std::string arg = argv[i];
  if (arg == "--time") {
    o.time = true;
  } else if (arg == "--reps" && i + 1 < argc) {
    o.reps = atoi(argv[++i]);
    if (o.reps < 1)
      usage(argv[0]);
  } else if (arg == "--csv" && i + 1 < argc) {
    o.csvPath = argv[++i];
  } else if (arg == "--seed" && i + 1 < argc) {
    o.haveSeed = true;
    o.seed = strtoull(argv[++i], nullptr, 0);
  } else {
    return false;
  }
  return true;
}

/// parseCommonOption for `--ref cublas|naive`; `usage` rejects other values.
inline bool parseRefOption(int argc, char **argv, int &i, bool &naiveRef,
                           void (*usage)(const char *)) {
  if (std::string(argv[i]) != "--ref" || i + 1 >= argc)
    return false;
  std::string ref = argv[++i];
  if (ref != "cublas" && ref != "naive")
    usage(argv[0]);
  naiveRef = ref == "naive";
  return true;
}

/// Parses all of `text` as `count` integers from 1 to INT32_MAX (strtoll
/// syntax) joined by 'x', as in 256x128x64, into dims.
inline bool parseDims(const char *text, int64_t *dims, int count) {
  const char *p = text;
  for (int i = 0; i < count; ++i) {
    char *end;
    long long x = strtoll(p, &end, 10);
    if (end == p || x <= 0 || x > INT32_MAX)
      return false;
    dims[i] = x;
    bool last = i + 1 == count;
    if (!last && *end != 'x')
      return false;
    p = last ? end : end + 1;
  }
  return *p == '\0';
}

/// Parses the command line: parseOption(i) consumes the options (moving i
/// to their last word, returning true); every other word must be a size, for
/// parseSize(word, &size). Calls usage (which exits) on a bad size or none.
template <typename SizeT, typename ParseOption, typename ParseSize>
std::vector<SizeT> parseArgs(int argc, char **argv, ParseOption parseOption,
                             ParseSize parseSize, void (*usage)(const char *)) {
  std::vector<SizeT> sizes;
  for (int i = 1; i < argc; ++i) {
    if (parseOption(i))
      continue;
    SizeT s;
    if (!parseSize(argv[i], &s)) {
      fprintf(stderr, "%s: bad argument '%s'\n", argv[0], argv[i]);
      usage(argv[0]);
    }
    sizes.push_back(s);
  }
  if (sizes.empty())
    usage(argv[0]);
  return sizes;
}

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

__host__ __device__ inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// The seed given with --seed, or else a fresh one.
inline uint64_t chooseBaseSeed(bool haveSeed, uint64_t seed) {
  if (haveSeed)
    return seed;
  return splitmix64(uint64_t(std::random_device{}()) ^
                    uint64_t(std::chrono::high_resolution_clock::now()
                                 .time_since_epoch()
                                 .count()));
}

/// The random bits of element i of a buffer filled with `seed`.
__host__ __device__ inline uint64_t elementHash(uint64_t seed, uint64_t i) {
  return splitmix64(seed ^ splitmix64(i));
}

/// Uniform in [-1, 1), from the top 24 bits of h.
__host__ __device__ inline float uniformFloat(uint64_t h) {
  return float(h >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

/// The bits of a float with a random sign and significand (from h) and an
/// exponent in [minExp, minExp + expRange) (expRange a power of 2).
__host__ __device__ inline uint32_t randomFloatBits(uint64_t h, int minExp,
                                                    unsigned expRange) {
  uint32_t signAndSignificand = uint32_t(h >> 32) & 0x807FFFFFu;
  uint32_t exponent = uint32_t(127 + minExp) + uint32_t(h & (expRange - 1));
  return signAndSignificand | (exponent << 23);
}

// Conversions between float and the element types of the inputs.
__host__ __device__ inline float toFloat(float v) { return v; }
__host__ __device__ inline float toFloat(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
__device__ inline void storeFloat(float *p, float v) { *p = v; }
/// Rounds to the nearest bf16 (ties to even).
__device__ inline void storeFloat(__nv_bfloat16 *p, float v) {
  *p = __float2bfloat16_rn(v);
}

/// The GEMM reference without cuBLAS (`--ref naive`: compute-sanitizer then
/// sees only the kernels under test): C[M, N] = A[M, K] B[N, K]^T, one
/// thread per element of C, fp64 sums. With `Abs`, |A| |B|: the scale of
/// the rounding errors of each element (a sum that cancels has errors
/// of the size of its terms, not of its value).
template <typename T, bool Abs = false>
__global__ void naiveGemmKernel(const T *A, const T *B, float *C, int64_t M,
                                int64_t N, int64_t K) {
  size_t n = size_t(M) * size_t(N);
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t idx = blockIdx.x * size_t(blockDim.x) + threadIdx.x; idx < n;
       idx += stride) {
    const T *a = A + int64_t(idx / size_t(N)) * K;
    const T *b = B + int64_t(idx % size_t(N)) * K;
    double acc = 0;
    for (int64_t k = 0; k < K; ++k) {
      double p = double(toFloat(a[k])) * double(toFloat(b[k]));
      acc += Abs ? fabs(p) : p;
    }
    C[idx] = float(acc);
  }
}

/// The GEMV reference without cuBLAS: y[M] = A[M, K] x[K], one warp per row
/// of A, fp64 sums (with `Abs`, |A| |x|).
template <bool Abs = false>
__global__ void naiveGemvKernel(const float *A, const float *x, float *y,
                                int64_t M, int64_t K) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / 32);
  int lane = threadIdx.x % 32;
  for (int64_t m = blockIdx.x * int64_t(blockDim.x / 32) + threadIdx.x / 32;
       m < M; m += warps) {
    const float *a = A + m * K;
    double acc = 0;
    for (int64_t k = lane; k < K; k += 32) {
      double p = double(a[k]) * double(x[k]);
      acc += Abs ? fabs(p) : p;
    }
    for (int offset = 16; offset > 0; offset /= 2)
      acc += __shfl_down_sync(0xFFFFFFFFu, acc, offset);
    if (lane == 0)
      y[m] = float(acc);
  }
}

/// p[i] = uniformFloat(elementHash(seed, i)), stored as T (bf16: rounded to
/// nearest).
template <typename T>
__global__ void fillUniform(T *p, size_t n, uint64_t seed) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    storeFloat(&p[i], uniformFloat(elementHash(seed, i)));
}

/// p[i] = randomFloatBits(elementHash(seed, i), minExp, expRange).
static __global__ void fillRandomBits(uint32_t *p, size_t n, uint64_t seed,
                                      int minExp, unsigned expRange) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    p[i] = randomFloatBits(elementHash(seed, i), minExp, expRange);
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// Blocks of 256 threads for a grid-stride loop over n elements.
inline unsigned gridFor(size_t n) {
  return unsigned(std::min<size_t>((n + 255) / 256, 2048));
}

inline CUdeviceptr devicePtr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

/// Fills `bytes` bytes at p with kPoisonByte (NaN floats), on `stream`.
inline void poisonAsync(void *p, size_t bytes, cudaStream_t stream) {
  CUDA_CHECK(cudaMemsetAsync(p, kPoisonByte, bytes, stream));
}

/// A device buffer of `bytes` bytes inside one allocation with kGuardBytes
/// on each side, which are poisoned with the buffer and must stay so.
struct GuardedBuffer {
  uint8_t *base = nullptr;
  size_t bytes = 0;

  void allocate(size_t size) {
    bytes = size;
    CUDA_CHECK(cudaMalloc(&base, totalBytes()));
  }
  void release() { CUDA_CHECK(cudaFree(base)); }
  uint32_t *data() const {
    return reinterpret_cast<uint32_t *>(base + kGuardBytes);
  }
  size_t totalBytes() const { return bytes + 2 * kGuardBytes; }
  /// Poisons the buffer and its guards.
  void poisonAsync(cudaStream_t stream) const {
    exo_harness::poisonAsync(base, totalBytes(), stream);
  }
  /// The whole allocation, guards included (the buffer at kGuardBytes).
  std::vector<uint8_t> copyToHost() const {
    std::vector<uint8_t> all(totalBytes());
    CUDA_CHECK(
        cudaMemcpy(all.data(), base, all.size(), cudaMemcpyDeviceToHost));
    return all;
  }
  /// The guard bytes of `all` (from copyToHost) that lost their poison.
  size_t overwrittenGuardBytes(const std::vector<uint8_t> &all) const {
    size_t count = 0;
    for (size_t i = 0; i < kGuardBytes; ++i) {
      count += all[i] != kPoisonByte;
      count += all[kGuardBytes + bytes + i] != kPoisonByte;
    }
    return count;
  }
};

//===----------------------------------------------------------------------===//
// Comparison against a reference
//===----------------------------------------------------------------------===//

struct DeviceStats {
  double diff2;                 // sum (x - ref)^2 over finite x
  double ref2;                  // sum ref^2
  unsigned long long nonFinite; // count of NaN/Inf in x
  unsigned long long maxKey;    // (|x - ref| bits, or ~0 if x non-finite)
                                // << 32 | index
};

static __global__ void compareKernel(const float *x, const float *ref, size_t n,
                                     DeviceStats *out) {
  double diff2 = 0, ref2 = 0;
  unsigned long long nonFinite = 0, maxKey = 0;
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    float xv = x[i], rv = ref[i];
    unsigned errBits;
    if (isfinite(xv)) {
      double d = double(xv) - double(rv);
      diff2 += d * d;
      errBits = __float_as_uint(fabsf(xv - rv));
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

struct Comparison {
  double relErr; // ||x - ref||_2 / ||ref||_2; inf when x has a NaN or Inf
  double rmsRef;
  unsigned long long nonFinite;
  size_t maxIndex;        // Where |x - ref| is largest (or x non-finite).
  float maxValue, maxRef; // x and ref there.
  bool pass(double relTolerance) const {
    return nonFinite == 0 && std::isfinite(relErr) && relErr <= relTolerance;
  }
};

/// Compares the n floats at dX with those at dRef (n < 2^32), on the device.
inline Comparison compare(const float *dX, const float *dRef, size_t n,
                          DeviceStats *dStats, cudaStream_t stream) {
  CUDA_CHECK(cudaMemsetAsync(dStats, 0, sizeof(DeviceStats), stream));
  compareKernel<<<gridFor(n), 256, 0, stream>>>(dX, dRef, n, dStats);
  CUDA_CHECK(cudaGetLastError());
  DeviceStats h;
  CUDA_CHECK(
      cudaMemcpyAsync(&h, dStats, sizeof(h), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  Comparison r;
  r.nonFinite = h.nonFinite;
  r.relErr = h.nonFinite ? INFINITY : std::sqrt(h.diff2 / h.ref2);
  r.rmsRef = std::sqrt(h.ref2 / double(n));
  r.maxIndex = size_t(h.maxKey & 0xFFFFFFFFull);
  CUDA_CHECK(cudaMemcpy(&r.maxValue, dX + r.maxIndex, sizeof(float),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&r.maxRef, dRef + r.maxIndex, sizeof(float),
                        cudaMemcpyDeviceToHost));
  return r;
}

/// A cell of the maps of bad elements: '.' when none of the `total`
/// elements is bad, '#' when all are, 'x' otherwise.
inline char mapCell(int64_t bad, int64_t total) {
  return bad == 0 ? '.' : (bad == total ? '#' : 'x');
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

/// What --time needs: the L2 flush buffer and, with --csv, the CSV file.
struct TimingOutput {
  void *flush = nullptr;
  FILE *csv = nullptr;

  /// With `time`, allocates the flush buffer and creates csvPath (when not
  /// null) with the header line `csvHeader`; exits 2 when it cannot.
  void open(bool time, const char *csvPath, const std::string &csvHeader) {
    if (!time)
      return;
    CUDA_CHECK(cudaMalloc(&flush, kFlushBytes));
    if (!csvPath)
      return;
    csv = fopen(csvPath, "w");
    if (!csv) {
      fprintf(stderr, "cannot open %s: %s\n", csvPath, strerror(errno));
      exit(2);
    }
    fputs(csvHeader.c_str(), csv);
  }
  void close() {
    if (csv)
      fclose(csv);
    if (flush)
      CUDA_CHECK(cudaFree(flush));
  }
};

/// Median times in ms of `reps` runs of each of `runs`, interleaved (run 0,
/// run 1, ..., run 0, run 1, ...) so that every one sees the same clocks and
/// temperature, each run timed by its own event pair with L2 flushed before
/// it, after kWarmups untimed rounds. A NaN for a run that fails.
inline std::vector<double>
medianMsInterleaved(cudaStream_t stream, void *flush, int reps,
                    const std::vector<std::function<bool()>> &runs) {
  size_t n = runs.size();
  std::vector<bool> ok(n, true);
  for (int i = 0; i < kWarmups; ++i)
    for (size_t r = 0; r < n; ++r)
      if (ok[r]) {
        CUDA_CHECK(cudaMemsetAsync(flush, i & 0xFF, kFlushBytes, stream));
        ok[r] = runs[r]();
      }
  std::vector<cudaEvent_t> start(reps * n), stop(reps * n);
  for (size_t e = 0; e < start.size(); ++e) {
    CUDA_CHECK(cudaEventCreate(&start[e]));
    CUDA_CHECK(cudaEventCreate(&stop[e]));
  }
  for (int i = 0; i < reps; ++i)
    for (size_t r = 0; r < n; ++r) {
      if (!ok[r])
        continue;
      size_t e = i * n + r;
      CUDA_CHECK(cudaMemsetAsync(flush, i & 0xFF, kFlushBytes, stream));
      CUDA_CHECK(cudaEventRecord(start[e], stream));
      ok[r] = runs[r]();
      CUDA_CHECK(cudaEventRecord(stop[e], stream));
    }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> medians;
  for (size_t r = 0; r < n; ++r) {
    std::vector<double> ms;
    for (int i = 0; i < reps && ok[r]; ++i) {
      float t = 0;
      CUDA_CHECK(cudaEventElapsedTime(&t, start[i * n + r], stop[i * n + r]));
      ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    medians.push_back(!ok[r]     ? NAN
                      : reps % 2 ? ms[reps / 2]
                                 : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]));
  }
  for (size_t e = 0; e < start.size(); ++e) {
    CUDA_CHECK(cudaEventDestroy(start[e]));
    CUDA_CHECK(cudaEventDestroy(stop[e]));
  }
  return medians;
}

/// Median time in ms of `reps` runs of `run` (after kWarmups untimed ones),
/// each timed by its own event pair, with L2 flushed before each run.
/// Returns NaN when `run` fails.
template <typename Run>
double medianMs(cudaStream_t stream, void *flush, int reps, Run run) {
  return medianMsInterleaved(stream, flush, reps, {run}).front();
}

/// Prints the table of the timed runs: a blank line, `header`, then
/// format(row) for each row.
template <typename Row, typename Format>
void printTable(const char *header, const std::vector<Row> &rows,
                Format format) {
  printf("\n%s\n", header);
  for (const Row &row : rows)
    printf("%s\n", format(row).c_str());
}

} // namespace exo_harness

#endif // EXO_GPU_TEST_GPU_HARNESS_H

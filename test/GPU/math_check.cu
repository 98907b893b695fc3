//===- math_check.cu - Device math against double precision ---------------===//
//
// Part of the Exo-GPU project.
//
// Usage: math_check [--seed S] [N]
//
// The kernel of examples/model/model_math.mlir,
// exo_kernels::model_math(stream, N, X, D), computes D[k, i] = op_k(X[k, i])
// for the 20 operations of the device-math table (DeviceMath.cpp; the rows
// are listed in kRows below, in the kernel's order). Each row gets N inputs
// (default 2^22) chosen for its operation: the special values (zeros,
// infinities, NaN, the ends of the range), then half evenly spaced values
// of the row's interval and half floats spread over the row's magnitudes by
// their bit patterns (every exponent is visited; subnormals where the
// operation takes them), with random signs where the domain has both. The
// output is poisoned (NaN with all bits set) and guarded.
//
// Each result g is compared with the exact result y, computed on the host
// in double precision (libm's double functions, far more accurate than the
// bound): |g - y| <= rel |y| + abs, the row's bound from the table (a copy
// of DeviceMath.cpp's, below); NaN where y is NaN (but not the poison);
// the same infinity where y rounds to one (or the largest float where y is
// within the bound of it); for the rows whose instruction flushes subnormals
// (ex2.approx.ftz, lg2.approx.ftz) a subnormal input counts as a zero and a
// result below 2^-126 may be zero (not counted in the row's maximum
// error). The exact rows (sqrt, fma, absf,
// maximumf, minimumf) have bound 0: every result equals the correctly
// rounded one, bit for bit.
//
// Prints `CHECK math ROW ...: max error E ulp at x = ..., M outside the
// bound PASS|FAIL` per row (an ulp is the float spacing at y) and exits 0
// when every row passes, 1 when one fails, 2 on a CUDA error.
//
// Build (see run_all.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   test/GPU/math_check.cu runtime/exo_gpu_runtime.cpp -lcuda
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "math_launcher.h"

#include "harness.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace exo_harness;

enum class Op {
  Exp,
  Exp2,
  Log,
  Log2,
  Tanh,
  Rsqrt,
  Sqrt,
  Fma,
  Abs,
  Rcp,
  Div3,
  Max,
  Min
};

/// How a row's inputs are spread: evenly over [lo, hi], and by bit
/// patterns over the magnitudes [minMag, maxMag] (with random signs when
/// `signedMags`).
struct Inputs {
  double lo, hi, minMag, maxMag;
  bool signedMags;
};

struct Row {
  const char *name;
  Op op;
  /// The bound: |g - y| <= rel |y| + abs.
  double rel, abs;
  bool flushes;
  Inputs in;
};

constexpr double kMaxFloat = 3.4028234663852886e38;
constexpr double kMinNormal = 1.1754943508222875e-38;    // 2^-126
constexpr double kMinSubnormal = 1.4012984643248171e-45; // 2^-149

double p2(int e) { return std::ldexp(1.0, e); }

// The rows of model_math.mlir, with DeviceMath.cpp's bounds.
const Row kRows[] = {
    {"exp", Op::Exp, p2(-22), p2(-149), false, {-110, 95, p2(-30), 1, true}},
    {"exp afn", Op::Exp, p2(-16), 0, true, {-110, 95, p2(-30), 1, true}},
    {"exp2", Op::Exp2, p2(-22), p2(-149), false, {-160, 135, p2(-30), 1, true}},
    {"exp2 afn", Op::Exp2, p2(-22), 0, true, {-160, 135, p2(-30), 1, true}},
    {"log",
     Op::Log,
     p2(-22),
     0,
     false,
     {0.5, 2, kMinSubnormal, kMaxFloat, false}},
    {"log afn",
     Op::Log,
     p2(-22),
     p2(-22),
     true,
     {0.5, 2, kMinSubnormal, kMaxFloat, false}},
    {"log2",
     Op::Log2,
     p2(-22),
     0,
     false,
     {0.5, 2, kMinSubnormal, kMaxFloat, false}},
    {"log2 afn",
     Op::Log2,
     p2(-22),
     p2(-22),
     true,
     {0.5, 2, kMinSubnormal, kMaxFloat, false}},
    {"tanh", Op::Tanh, p2(-21), 0, false, {-12, 12, p2(-40), 1, true}},
    {"tanh afn", Op::Tanh, p2(-10), 0, false, {-12, 12, p2(-40), 1, true}},
    {"rsqrt",
     Op::Rsqrt,
     p2(-22),
     0,
     false,
     {0.25, 4, kMinSubnormal, kMaxFloat, false}},
    {"rsqrt afn",
     Op::Rsqrt,
     p2(-22),
     0,
     false,
     {0.25, 4, kMinSubnormal, kMaxFloat, false}},
    {"sqrt", Op::Sqrt, 0, 0, false, {0.25, 4, kMinSubnormal, kMaxFloat, false}},
    {"sqrt afn",
     Op::Sqrt,
     p2(-22),
     0,
     false,
     {0.25, 4, kMinSubnormal, kMaxFloat, false}},
    {"fma", Op::Fma, 0, 0, false, {-2, 2, p2(-60), p2(60), true}},
    {"absf", Op::Abs, 0, 0, false, {-2, 2, kMinSubnormal, kMaxFloat, true}},
    {"rcp afn", Op::Rcp, p2(-22), 0, false, {-4, 4, kMinNormal, p2(125), true}},
    {"div afn",
     Op::Div3,
     p2(-22),
     0,
     false,
     {-4, 4, kMinNormal, kMaxFloat, true}},
    {"maximumf", Op::Max, 0, 0, false, {-1, 1, p2(-30), 4, true}},
    {"minimumf", Op::Min, 0, 0, false, {-1, 1, p2(-30), 4, true}},
};
constexpr int kNumRows = sizeof(kRows) / sizeof(kRows[0]);

/// The exact result, in double (x is the float input).
double exact(Op op, float xf) {
  double x = xf;
  switch (op) {
  case Op::Exp:
    return std::exp(x);
  case Op::Exp2:
    return std::exp2(x);
  case Op::Log:
    return std::log(x);
  case Op::Log2:
    return std::log2(x);
  case Op::Tanh:
    return std::tanh(x);
  case Op::Rsqrt:
    return 1.0 / std::sqrt(x);
  case Op::Sqrt:
    return std::sqrt(x);
  case Op::Fma: {
    // x * x - fl(x * x): the product is exact in double.
    float sq = xf * xf;
    return x * x - double(sq);
  }
  case Op::Abs:
    return std::fabs(x);
  case Op::Rcp:
    return 1.0 / x;
  case Op::Div3:
    return x / 3.0;
  case Op::Max:
    return std::isnan(x) ? x : std::max(x, 0.25);
  case Op::Min:
    return std::isnan(x) ? x : std::min(x, 0.25);
  }
  return NAN;
}

/// The float spacing at |y| (subnormal spacing below 2^-126).
double ulpAt(double y) {
  double a = std::fabs(y);
  if (a < kMinNormal)
    return kMinSubnormal;
  int e;
  std::frexp(a, &e); // a = m 2^e, m in [0.5, 1)
  return std::ldexp(1.0, e - 24);
}

/// Row `r`'s n inputs.
std::vector<float> makeInputs(const Row &r, size_t n, std::mt19937_64 &rng) {
  std::vector<float> x;
  const double inf = std::numeric_limits<double>::infinity();
  for (double s :
       {0.0, -0.0, inf, -inf, double(NAN), kMinSubnormal, kMinNormal, kMaxFloat,
        -1.0, 1.0, 0.5, 2.0, r.in.lo, r.in.hi, r.in.minMag, r.in.maxMag})
    x.push_back(float(s));
  size_t even = (n - x.size()) / 2;
  for (size_t i = 0; i < even; ++i)
    x.push_back(
        float(r.in.lo + (r.in.hi - r.in.lo) * double(i) / double(even - 1)));
  uint32_t lo = floatToBits(float(r.in.minMag)),
           hi = floatToBits(float(r.in.maxMag));
  std::uniform_int_distribution<uint32_t> bits(lo, hi);
  while (x.size() < n) {
    float v = bitsToFloat(bits(rng));
    if (r.in.signedMags && (rng() & 1))
      v = -v;
    x.push_back(v);
  }
  return x;
}

struct RowResult {
  double maxUlp = 0;
  float worstX = 0;
  float worstG = 0;
  size_t bad = 0;
};

/// Checks one result g of input x against the row's bound; updates `res`.
void checkOne(const Row &r, float x, float g, RowResult &res) {
  float xin = x;
  if (r.flushes && std::fabs(double(x)) < kMinNormal)
    xin = std::copysign(0.0f, x);
  double y = exact(r.op, xin);
  bool ok;
  double err = 0;
  if (std::isnan(y)) {
    ok = std::isnan(g) && floatToBits(g) != 0xffffffffu;
  } else if (std::isinf(y)) {
    ok = double(g) == y;
  } else if (std::isinf(g) || std::isnan(g)) {
    // Infinity where the float result is one (or so close to the largest
    // float that the bound covers it).
    ok = std::isinf(g) && (g > 0) == (y > 0) &&
         std::fabs(y) >= kMaxFloat * (1 - r.rel);
    err = ok ? 0 : INFINITY;
  } else {
    err = std::fabs(double(g) - y);
    // Plus the rounding of the result to a float where it is below the
    // smallest subnormal's half.
    double allowed = r.rel * std::fabs(y) + r.abs + kMinSubnormal / 2;
    if (r.flushes && std::fabs(y) < kMinNormal) {
      if (g == 0)
        return; // flushed, as the row allows
      allowed = std::max(allowed, kMinNormal);
    }
    if (r.rel == 0 && r.abs == 0)
      ok = floatToBits(g) == floatToBits(float(y)); // correctly rounded
    else
      ok = err <= allowed;
    if (std::isinf(float(y)) && std::fabs(y) >= kMaxFloat * (1 + r.rel))
      ok = false; // a finite result where the float result overflows
  }
  double ulps = std::isinf(y)     ? (ok ? 0 : INFINITY)
                : std::isinf(err) ? INFINITY
                                  : err / ulpAt(y);
  if (!ok) {
    if (res.bad < 4)
      printf("  %s(%.9g) = %.9g (0x%08x), exact %.12g\n", r.name, double(x),
             double(g), floatToBits(g), y);
    ++res.bad;
  }
  if (!std::isnan(y) && ulps > res.maxUlp) {
    res.maxUlp = ulps;
    res.worstX = x;
    res.worstG = g;
  }
}

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr, "usage: %s [--seed S] [N]\n", argv0);
  exit(2);
}

} // namespace

int main(int argc, char **argv) {
  bool haveSeed = false;
  uint64_t seed = 0;
  int64_t N = int64_t(1) << 22;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--seed" && i + 1 < argc) {
      haveSeed = true;
      seed = strtoull(argv[++i], nullptr, 0);
    } else if (!a.empty() && a[0] != '-') {
      N = strtoll(a.c_str(), nullptr, 0);
      if (N < 256 || N % 128 != 0)
        usage(argv[0]);
    } else {
      usage(argv[0]);
    }
  }
  uint64_t baseSeed = chooseBaseSeed(haveSeed, seed);
  initDevice(baseSeed, false);
  std::mt19937_64 rng(baseSeed);

  size_t n = size_t(N), rowBytes = n * sizeof(float),
         bytes = kNumRows * rowBytes;
  std::vector<float> x(kNumRows * n);
  for (int k = 0; k < kNumRows; ++k) {
    std::vector<float> row = makeInputs(kRows[k], n, rng);
    memcpy(x.data() + k * n, row.data(), rowBytes);
  }
  float *dX;
  GuardedBuffer dBuf;
  CUDA_CHECK(cudaMalloc(&dX, bytes));
  dBuf.allocate(bytes);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaMemcpy(dX, x.data(), bytes, cudaMemcpyHostToDevice));
  dBuf.poisonAsync(stream);
  CUresult result =
      exo_kernels::model_math(stream, N, devicePtr(dX), devicePtr(dBuf.data()));
  if (result != CUDA_SUCCESS) {
    printLaunchError("model_math", std::to_string(N), result);
    return 2;
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<uint8_t> all = dBuf.copyToHost();
  std::vector<float> d(kNumRows * n);
  memcpy(d.data(), all.data() + kGuardBytes, bytes);
  std::vector<float> xAfter(kNumRows * n);
  CUDA_CHECK(cudaMemcpy(xAfter.data(), dX, bytes, cudaMemcpyDeviceToHost));

  bool allPass = true;
  for (int k = 0; k < kNumRows; ++k) {
    const Row &r = kRows[k];
    RowResult res;
    for (size_t i = 0; i < n; ++i)
      checkOne(r, x[k * n + i], d[k * n + i], res);
    bool pass = res.bad == 0;
    allPass &= pass;
    printf("CHECK math %-9s: %zu inputs, max error %.3g ulp at x = %.9g "
           "(gpu %.9g), bound %.3g relative + %.3g, %zu outside %s\n",
           r.name, n, res.maxUlp, double(res.worstX), double(res.worstG), r.rel,
           r.abs, res.bad, pass ? "PASS" : "FAIL");
  }
  size_t guards = dBuf.overwrittenGuardBytes(all);
  bool xOk = memcmp(xAfter.data(), x.data(), bytes) == 0;
  printf("CHECK math guards: %zu guard bytes overwritten, inputs %s %s\n",
         guards, xOk ? "unchanged" : "MODIFIED",
         guards == 0 && xOk ? "PASS" : "FAIL");
  allPass &= guards == 0 && xOk;
  CUDA_CHECK(cudaFree(dX));
  dBuf.release();
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(allPass);
}

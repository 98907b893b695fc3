//===- epilogue_check.cu - Checks and times the fused-epilogue GEMMs ------===//
//
// Part of the Exo-GPU project.
//
// Usage: epilogue_check [--time] [--reps N] [--csv PATH] [--seed S]
//                       [--act relu,gelu,silu] MxNxK...
//        epilogue_check_bf16 (the options above; --act relu,gelu) MxNxK...
//        epilogue_check_e4m3 (the options above; --act scale) MxNxK...
//
// The kernels of examples/gemm/gemm_derived_epilogue.mlir, called through the
// dispatcher (exo_kernels.h: exo_kernels::gemm_tf32_bias_relu and the others,
// which pick the whole-tile kernel or the partial-tile `_odd` one by the
// sizes): C[M,N] = act(A[M,K] B[N,K]^T + bias[N])
// rounded to bf16, A and B f32 (tf32 products), act = ReLU, GELU (tanh form)
// or SiLU. Built with -DEXO_EPILOGUE_BF16, the bf16-operand kernels of the
// same file (ReLU and GELU; A and B drawn as floats and rounded to bf16 on
// the device, the reference and the baselines reading the same bf16
// buffers). Built with -DEXO_EPILOGUE_E4M3, the fp8 dequantization kernel
// (`scale`: C = sa[m] sb[n] (A B^T) rounded to bf16, A and B e4m3, the
// reference multiplying their exact f32 values). For each size and activation,
// on fresh random A, B and bias (uniform in [-1, 1); the bias rounded to bf16
// values) and C poisoned with NaN, the kernel's C widened to f32 is compared
// with an fp32 reference: cuBLAS's fp32 GEMM (pedantic math, no tf32) followed
// by the bias and the activation in fp64. The bound on
// ||C - C_ref||_F / ||C_ref||_F is 5e-3: the tf32 truncation (about 7e-4
// relative, see gemm_check.cu) and the rounding to bf16 (at most 2^-9
// relative per element); a lost tile or an unapplied bias is far above it,
// and an element left unwritten stays NaN. The outputs of the baselines
// below are checked against the same reference with the same bound.
//
// With --time, four ways to get the same result are timed in the same
// process, on the same buffers, interleaved (harness.h: L2 flushed before
// every run, the median of N runs):
//   fused     the Exo-GPU kernel;
//   unfused   our GEMM alone, as a user gets it (the dispatcher's
//             exo_kernels::gemm_tf32 or gemm_bf16, f32 C, no epilogue):
//             the epilogue's cost is fused / unfused;
//   cublas+ep cublasGemmEx (tf32, or bf16 with f32 sums; for e4m3, which
//             cublasGemmEx lacks, a plain cublasLtMatmul) into an f32
//             buffer, then a separate
//             epilogue kernel (16-byte loads and stores) writing bf16 C:
//             what a user runs without fusion;
//   lt        cublasLtMatmul with its fused epilogue (CUBLASLT_EPILOGUE_
//             RELU_BIAS or GELU_BIAS; it has no SiLU; for e4m3 its
//             outer-vector scales, OUTER_VEC_32F): for bf16 and e4m3 operands
//             bf16 D (with a bf16 bias, else an f32 one) when cuBLASLt
//             offers it, else f32 D; for tf32 f32 D, the only output type
//             cuBLASLt documents for tf32 (the row says which).
// Prints `CHECK MxNxK act rel_err=... PASS|FAIL` per size and activation and
// with --time a table; exits 0 when every check passes, 1 when one fails,
// 2 on a CUDA or cuBLAS error.
//
// With --variants, every variant of the function that accepts the sizes
// (exo_kernels::dispatch_detail::FUNCTION_variants, not only the one the
// dispatcher picks) is checked the same way (a `CHECK` line each), and those
// that pass are timed interleaved (median of --reps runs): one `VARIANT`
// line each, with the dispatcher's choice marked. --rows PATH (implies
// --variants) appends `function,shape,variant,median_us` rows for
// `registry.py merge-tuning`: bench/gpu/autotune.sh tunes the fused
// functions with it.
//
// Build (run_all.sh, bench/gpu/run.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   [-DEXO_EPILOGUE_BF16 | -DEXO_EPILOGUE_E4M3] test/GPU/epilogue_check.cu
//   runtime/exo_gpu_runtime.cpp -lcuda -lcublas -lcublasLt
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "exo_kernels.h"
#if defined(EXO_EPILOGUE_BF16) && defined(EXO_EPILOGUE_E4M3)
#error "define at most one of EXO_EPILOGUE_BF16 and EXO_EPILOGUE_E4M3"
#endif

#include <cuda_fp8.h>

#include <cublasLt.h>
#include <cublas_v2.h>

#include "harness.h"

using namespace exo_harness;

namespace {

/// The epilogues: an activation of C + bias, or (fp8 dequantization) C
/// scaled by a row's scale and a column's (the column scales in `bias`).
enum class Act { Relu, Gelu, Silu, Scale };

#ifdef EXO_EPILOGUE_E4M3
using In = __nv_fp8_e4m3;
constexpr cudaDataType kInType = CUDA_R_8F_E4M3;
constexpr Act kActs[] = {Act::Scale};
constexpr double kPeakTflops = 1978.9; // dense fp8, H200 SXM
constexpr const char *kPrecision = "e4m3";
#elif defined(EXO_EPILOGUE_BF16)
using In = __nv_bfloat16;
constexpr cudaDataType kInType = CUDA_R_16BF;
constexpr Act kActs[] = {Act::Relu, Act::Gelu};
constexpr double kPeakTflops = 989.4; // dense bf16, H200 SXM
constexpr const char *kPrecision = "bf16";
#else
using In = float;
constexpr cudaDataType kInType = CUDA_R_32F;
constexpr Act kActs[] = {Act::Relu, Act::Gelu, Act::Silu};
constexpr double kPeakTflops = 494.7; // dense tf32, H200 SXM
constexpr const char *kPrecision = "tf32";
#endif

const char *actName(Act a) {
  return a == Act::Relu   ? "relu"
         : a == Act::Gelu ? "gelu"
         : a == Act::Silu ? "silu"
                          : "scale";
}

constexpr double kRelTolerance = 5e-3;

struct Size {
  int64_t M, N, K;
  std::string name() const {
    return std::to_string(M) + "x" + std::to_string(N) + "x" +
           std::to_string(K);
  }
  double flops() const { return 2.0 * double(M) * double(N) * double(K); }
};

void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--time] [--reps N] [--csv PATH] [--seed S] "
          "[--variants] [--rows PATH] [--act relu,gelu,silu,scale] "
          "MxNxK...\n",
          argv0);
  exit(2);
}

/// The activation of the specification (double; GELU in its tanh form).
__host__ __device__ double actRef(Act a, double x) {
  switch (a) {
  case Act::Relu:
    return x > 0 ? x : 0;
  case Act::Gelu:
    return 0.5 * x * (1 + tanh(0.7978845608 * (x + 0.044715 * x * x * x)));
  case Act::Silu:
    return x / (1 + exp(-x));
  case Act::Scale:
    break;
  }
  return 0;
}

/// The baseline's epilogue in f32 (what a user writes).
__device__ float actF32(Act a, float x) {
  switch (a) {
  case Act::Relu:
    return fmaxf(x, 0.0f);
  case Act::Gelu:
    return 0.5f * x *
           (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
  case Act::Silu:
    return x / (1.0f + __expf(-x));
  case Act::Scale:
    break;
  }
  return 0;
}

/// ref[i] = act(acc[i] + bias[i mod N]), or acc[i] rows[i / N] bias[i mod N]
/// (Scale), in fp64, stored as f32.
__global__ void referenceEpilogue(const float *acc, const float *bias,
                                  const float *rows, float *ref, size_t n,
                                  int64_t N, Act a) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    ref[i] =
        a == Act::Scale
            ? float(double(acc[i]) * double(rows[i / N]) * double(bias[i % N]))
            : float(actRef(a, double(acc[i]) + double(bias[i % N])));
}

/// The baseline's separate epilogue: eight elements per thread, two 16-byte
/// loads and one 16-byte store (N is a multiple of 8).
__global__ void separateEpilogue(const float *acc, const float *bias,
                                 const float *rows, __nv_bfloat16 *out,
                                 size_t n, int64_t N, Act a) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t g = blockIdx.x * size_t(blockDim.x) + threadIdx.x; g < n / 8;
       g += stride) {
    size_t i = 8 * g;
    float4 x0 = reinterpret_cast<const float4 *>(acc)[2 * g];
    float4 x1 = reinterpret_cast<const float4 *>(acc)[2 * g + 1];
    const float4 *b = reinterpret_cast<const float4 *>(bias + i % N);
    float4 b0 = b[0], b1 = b[1];
    __align__(16) __nv_bfloat162 h[4];
    if (a == Act::Scale) {
      float r = rows[i / N];
      float v[8] = {x0.x * r * b0.x, x0.y * r * b0.y, x0.z * r * b0.z,
                    x0.w * r * b0.w, x1.x * r * b1.x, x1.y * r * b1.y,
                    x1.z * r * b1.z, x1.w * r * b1.w};
      for (int k = 0; k < 4; ++k)
        h[k] = __floats2bfloat162_rn(v[2 * k], v[2 * k + 1]);
    } else {
      float v[8] = {x0.x + b0.x, x0.y + b0.y, x0.z + b0.z, x0.w + b0.w,
                    x1.x + b1.x, x1.y + b1.y, x1.z + b1.z, x1.w + b1.w};
      for (int k = 0; k < 4; ++k)
        h[k] =
            __floats2bfloat162_rn(actF32(a, v[2 * k]), actF32(a, v[2 * k + 1]));
    }
    reinterpret_cast<uint4 *>(out)[g] = *reinterpret_cast<uint4 *>(h);
  }
}

/// p[i] = uniformFloat(elementHash(seed, i)) rounded to e4m3 (nearest,
/// saturating).
__global__ void fillE4m3(__nv_fp8_e4m3 *p, size_t n, uint64_t seed) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    p[i] = __nv_fp8_e4m3(uniformFloat(elementHash(seed, i)));
}

__global__ void widenE4m3(const __nv_fp8_e4m3 *x, float *y, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    y[i] = float(x[i]);
}

__global__ void widen(const __nv_bfloat16 *x, float *y, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    y[i] = __bfloat162float(x[i]);
}

/// The compute type of the baselines: tf32 for f32 operands, f32 sums of
/// bf16 or e4m3 products for the others.
constexpr cublasComputeType_t kFastCompute =
    kInType == CUDA_R_32F ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;

/// C[M,N] = A[M,K] B[N,K]^T in f32 with cublasGemmEx (row-major through the
/// column-major C^T = B A^T): the baseline's (`fast`) or full fp32 sums of
/// exact products (pedantic; the reference).
void cublasGemm(cublasHandle_t h, const Size &s, const void *A, const void *B,
                cudaDataType type, float *C, bool fast) {
  const float one = 1, zero = 0;
  CUBLAS_CHECK(
      cublasSetMathMode(h, fast ? CUBLAS_DEFAULT_MATH : CUBLAS_PEDANTIC_MATH));
  CUBLAS_CHECK(cublasGemmEx(
      h, CUBLAS_OP_T, CUBLAS_OP_N, int(s.N), int(s.M), int(s.K), &one, B, type,
      int(s.K), A, type, int(s.K), &zero, C, CUDA_R_32F, int(s.N),
      fast ? kFastCompute : CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
}

/// A cuBLASLt matmul with a fused bias + activation epilogue, planned once.
struct LtPlan {
  bool ok = false;
  bool bf16Out = false, bf16Bias = false;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
  cublasLtMatmulAlgo_t algo;

  /// Plans act(A B^T + bias) (or, for Scale, A B^T scaled by `rows` and
  /// `bias` as outer vectors) with D in bf16 if cuBLASLt has an algorithm
  /// for it (with the bias in bf16, `biasH`, or in f32), else in f32; ok
  /// stays false for an activation it lacks. With `plain`, A B^T alone in
  /// f32.
  void plan(cublasLtHandle_t lt, const Size &s, Act act, const float *bias,
            const __nv_bfloat16 *biasH, const float *rows, bool plain,
            size_t workspace) {
    if (act == Act::Silu && !plain)
      return;
    // cuBLASLt documents f32 C and D only for tf32; asked for bf16 D with
    // a bf16 bias it still returns an algorithm, which writes past D (an
    // illegal address on the H200).
    std::vector<std::pair<cudaDataType, cudaDataType>> configs;
    if (kInType == CUDA_R_16BF && !plain)
      configs = {{CUDA_R_16BF, CUDA_R_16BF}, {CUDA_R_16BF, CUDA_R_32F}};
    if (kInType == CUDA_R_8F_E4M3 && !plain)
      configs = {{CUDA_R_16BF, CUDA_R_32F}};
    configs.push_back({CUDA_R_32F, CUDA_R_32F});
    for (auto [dType, biasType] : configs) {
      release();
      CUBLAS_CHECK(cublasLtMatmulDescCreate(&op, kFastCompute, CUDA_R_32F));
      cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
      CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
          op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta)));
      CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
          op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb)));
      if (act == Act::Scale && !plain) {
        // Outer-vector scales: cuBLASLt's A is our B (its rows are our
        // columns), its B our A.
        cublasLtMatmulMatrixScale_t mode =
            CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F;
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &mode, sizeof(mode)));
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &mode, sizeof(mode)));
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &bias, sizeof(bias)));
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &rows, sizeof(rows)));
      } else if (!plain) {
        cublasLtEpilogue_t ep = act == Act::Relu ? CUBLASLT_EPILOGUE_RELU_BIAS
                                                 : CUBLASLT_EPILOGUE_GELU_BIAS;
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof(ep)));
        const void *biasPtr = biasType == CUDA_R_32F
                                  ? static_cast<const void *>(bias)
                                  : static_cast<const void *>(biasH);
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &biasPtr, sizeof(biasPtr)));
        CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
            op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
            sizeof(biasType)));
      }
      // Column-major: D^T[N, M] = B[N, K] (stored K x N) times A^T.
      CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&a, kInType, s.K, s.N, s.K));
      CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&b, kInType, s.K, s.M, s.K));
      CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&d, dType, s.N, s.M, s.N));
      cublasLtMatmulPreference_t pref;
      CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
      CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
          pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
          sizeof(workspace)));
      cublasLtMatmulHeuristicResult_t result;
      int found = 0;
      cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(
          lt, op, a, b, d, d, pref, 1, &result, &found);
      CUBLAS_CHECK(cublasLtMatmulPreferenceDestroy(pref));
      if (st == CUBLAS_STATUS_SUCCESS && found > 0) {
        algo = result.algo;
        ok = true;
        bf16Out = dType == CUDA_R_16BF;
        bf16Bias = biasType == CUDA_R_16BF;
        return;
      }
    }
    release();
  }
  void run(cublasLtHandle_t lt, const In *A, const In *B, void *D,
           void *workspace, size_t wsBytes, cudaStream_t stream) const {
    const float one = 1, zero = 0;
    CUBLAS_CHECK(cublasLtMatmul(lt, op, &one, B, a, A, b, &zero, D, d, D, d,
                                &algo, workspace, wsBytes, stream));
  }
  void release() {
    if (op)
      CUBLAS_CHECK(cublasLtMatmulDescDestroy(op));
    for (cublasLtMatrixLayout_t *l : {&a, &b, &d})
      if (*l)
        CUBLAS_CHECK(cublasLtMatrixLayoutDestroy(*l));
    op = nullptr;
    a = b = d = nullptr;
    ok = false;
  }
};

CUresult launchFused(Act a, cudaStream_t stream, const Size &s, CUdeviceptr A,
                     CUdeviceptr B, CUdeviceptr bias, CUdeviceptr rows,
                     CUdeviceptr C) {
  CUstream cs = reinterpret_cast<CUstream>(stream);
#ifdef EXO_EPILOGUE_E4M3
  if (a == Act::Scale)
    return exo_kernels::gemm_e4m3_scaled(cs, s.M, s.N, s.K, A, B, rows, bias,
                                         C);
#else
#ifdef EXO_EPILOGUE_BF16
#define EXO_FUSED(act) exo_kernels::gemm_bf16_bias_##act
#else
#define EXO_FUSED(act) exo_kernels::gemm_tf32_bias_##act
#endif
  switch (a) {
  case Act::Relu:
    return EXO_FUSED(relu)(cs, s.M, s.N, s.K, A, B, bias, C);
  case Act::Gelu:
    return EXO_FUSED(gelu)(cs, s.M, s.N, s.K, A, B, bias, C);
#ifndef EXO_EPILOGUE_BF16
  case Act::Silu:
    return EXO_FUSED(silu)(cs, s.M, s.N, s.K, A, B, bias, C);
#endif
  default:
    break;
  }
#undef EXO_FUSED
#endif
  return CUDA_ERROR_NOT_SUPPORTED;
}

/// The dispatched function of an epilogue.
std::string functionName(Act a) {
  if (a == Act::Scale)
    return "gemm_e4m3_scaled";
  return std::string("gemm_") + kPrecision + "_bias_" + actName(a);
}

/// One variant of the dispatched function: its name, why it rejects the
/// sizes (nullptr when it accepts them) and its launch.
struct Variant {
  const char *name;
  const char *rejects;
  std::function<CUresult()> launch;
};

template <typename V, size_t N, typename... T>
void addVariants(std::vector<Variant> &out, const V (&variants)[N],
                 CUstream stream, const Size &s, T... tensors) {
  for (const V &v : variants)
    out.push_back(
        {v.name, v.rejects(s.M, s.N, s.K), [&v, stream, s, tensors...] {
           return v.launch(stream, s.M, s.N, s.K, tensors...);
         }});
}

/// Every variant of `a`'s function, in preference order.
std::vector<Variant> variantsOf(Act a, cudaStream_t stream, const Size &s,
                                CUdeviceptr A, CUdeviceptr B, CUdeviceptr bias,
                                CUdeviceptr rows, CUdeviceptr C) {
  namespace d = exo_kernels::dispatch_detail;
  CUstream cs = reinterpret_cast<CUstream>(stream);
  std::vector<Variant> out;
#ifdef EXO_EPILOGUE_E4M3
  if (a == Act::Scale)
    addVariants(out, d::gemm_e4m3_scaled_variants, cs, s, A, B, rows, bias, C);
#else
  (void)rows;
#ifdef EXO_EPILOGUE_BF16
#define EXO_FUSED(act) d::gemm_bf16_bias_##act##_variants
#else
#define EXO_FUSED(act) d::gemm_tf32_bias_##act##_variants
#endif
  if (a == Act::Relu)
    addVariants(out, EXO_FUSED(relu), cs, s, A, B, bias, C);
  else if (a == Act::Gelu)
    addVariants(out, EXO_FUSED(gelu), cs, s, A, B, bias, C);
#ifndef EXO_EPILOGUE_BF16
  else if (a == Act::Silu)
    addVariants(out, EXO_FUSED(silu), cs, s, A, B, bias, C);
#endif
#undef EXO_FUSED
#endif
  return out;
}

/// The variant the dispatcher runs at `s` (nullptr for none).
const char *choiceOf(Act a, const Size &s) {
#ifdef EXO_EPILOGUE_E4M3
  return a == Act::Scale ? exo_kernels::gemm_e4m3_scaled_choice(s.M, s.N, s.K)
                         : nullptr;
#else
#ifdef EXO_EPILOGUE_BF16
#define EXO_FUSED(act) exo_kernels::gemm_bf16_bias_##act##_choice
#else
#define EXO_FUSED(act) exo_kernels::gemm_tf32_bias_##act##_choice
#endif
  switch (a) {
  case Act::Relu:
    return EXO_FUSED(relu)(s.M, s.N, s.K);
  case Act::Gelu:
    return EXO_FUSED(gelu)(s.M, s.N, s.K);
#ifndef EXO_EPILOGUE_BF16
  case Act::Silu:
    return EXO_FUSED(silu)(s.M, s.N, s.K);
#endif
  default:
    return nullptr;
  }
#undef EXO_FUSED
#endif
}

struct Row {
  Size size;
  Act act;
  bool pass;
  double fusedMs, unfusedMs, cublasEpMs, ltMs;
  bool ltBf16;
};

} // namespace

int main(int argc, char **argv) {
  CommonOptions opts(/*defaultReps=*/50);
  std::vector<Act> acts(std::begin(kActs), std::end(kActs));
  bool allVariants = false;
  const char *rowsPath = nullptr;
  std::vector<Size> sizes = parseArgs<Size>(
      argc, argv,
      [&](int &i) {
        if (parseCommonOption(argc, argv, i, opts, usage))
          return true;
        if (std::string(argv[i]) == "--variants") {
          allVariants = true;
          return true;
        }
        if (std::string(argv[i]) == "--rows" && i + 1 < argc) {
          allVariants = true;
          rowsPath = argv[++i];
          return true;
        }
        if (std::string(argv[i]) != "--act" || i + 1 >= argc)
          return false;
        acts.clear();
        std::string list = argv[++i];
        for (size_t p = 0; p <= list.size();) {
          size_t q = list.find(',', p);
          std::string name = list.substr(
              p, q == std::string::npos ? std::string::npos : q - p);
          if (name == "relu")
            acts.push_back(Act::Relu);
          else if (name == "gelu")
            acts.push_back(Act::Gelu);
          else if (name == "silu")
            acts.push_back(Act::Silu);
          else if (name == "scale")
            acts.push_back(Act::Scale);
          else
            usage(argv[0]);
          if (std::find(std::begin(kActs), std::end(kActs), acts.back()) ==
              std::end(kActs)) {
            fprintf(stderr, "%s: no %s kernel with %s operands\n", argv[0],
                    name.c_str(), kPrecision);
            usage(argv[0]);
          }
          if (q == std::string::npos)
            break;
          p = q + 1;
        }
        return true;
      },
      [](const char *text, Size *s) {
        int64_t d[3];
        if (!parseDims(text, d, 3))
          return false;
        *s = {d[0], d[1], d[2]};
        return true;
      },
      usage);
  uint64_t baseSeed = chooseBaseSeed(opts.haveSeed, opts.seed);
  initDevice(baseSeed, /*kernels=*/true);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  cublasLtHandle_t lt;
  CUBLAS_CHECK(cublasLtCreate(&lt));
  const size_t wsBytes = size_t(32) << 20;
  void *workspace;
  CUDA_CHECK(cudaMalloc(&workspace, wsBytes));
  DeviceStats *dStats;
  CUDA_CHECK(cudaMalloc(&dStats, sizeof(DeviceStats)));
  FILE *rowsFile = nullptr;
  if (rowsPath && !(rowsFile = fopen(rowsPath, "a"))) {
    fprintf(stderr, "%s: cannot write %s\n", argv[0], rowsPath);
    return 2;
  }
  if (rowsFile && fseek(rowsFile, 0, SEEK_END) == 0 && ftell(rowsFile) == 0)
    fputs("function,shape,variant,median_us\n", rowsFile);
  TimingOutput timing;
  timing.open(opts.time || allVariants, opts.time ? opts.csvPath : nullptr,
              "size,precision,act,check,fused_ms,unfused_ms,cublas_ep_ms,lt_ms,"
              "lt_out\n");

  bool allPass = true;
  std::vector<Row> rows;
  for (size_t si = 0; si < sizes.size(); ++si) {
    const Size &s = sizes[si];
    size_t mk = size_t(s.M) * s.K, nk = size_t(s.N) * s.K,
           mn = size_t(s.M) * s.N;
    In *A, *B;
    float *bias, *rowScale, *acc, *ref, *wide, *f32Out;
    __nv_bfloat16 *biasH;
    __nv_bfloat16 *C;
    CUDA_CHECK(cudaMalloc(&A, mk * sizeof(In)));
    CUDA_CHECK(cudaMalloc(&B, nk * sizeof(In)));
    CUDA_CHECK(cudaMalloc(&bias, s.N * 4));
    CUDA_CHECK(cudaMalloc(&rowScale, s.M * 4));
    CUDA_CHECK(cudaMalloc(&biasH, s.N * 2));
    CUDA_CHECK(cudaMalloc(&acc, mn * 4));
    CUDA_CHECK(cudaMalloc(&ref, mn * 4));
    CUDA_CHECK(cudaMalloc(&wide, mn * 4));
    CUDA_CHECK(cudaMalloc(&f32Out, mn * 4));
    CUDA_CHECK(cudaMalloc(&C, mn * 2));
    uint64_t seed = splitmix64(baseSeed + si);
    // The bias (the column scales of Scale) holds bf16 values, so that
    // cuBLASLt's bf16 bias is the same.
    fillUniform<<<gridFor(s.N), 256, 0, stream>>>(biasH, s.N, seed + 2);
    widen<<<gridFor(s.N), 256, 0, stream>>>(biasH, bias, s.N);
    fillUniform<<<gridFor(s.M), 256, 0, stream>>>(rowScale, s.M, seed + 3);
#ifdef EXO_EPILOGUE_E4M3
    // e4m3 operands; the reference multiplies their f32 values (exact).
    fillE4m3<<<gridFor(mk), 256, 0, stream>>>(A, mk, seed);
    fillE4m3<<<gridFor(nk), 256, 0, stream>>>(B, nk, seed + 1);
    float *Aw, *Bw;
    CUDA_CHECK(cudaMalloc(&Aw, mk * 4));
    CUDA_CHECK(cudaMalloc(&Bw, nk * 4));
    widenE4m3<<<gridFor(mk), 256, 0, stream>>>(A, Aw, mk);
    widenE4m3<<<gridFor(nk), 256, 0, stream>>>(B, Bw, nk);
    CUDA_CHECK(cudaGetLastError());
    cublasGemm(handle, s, Aw, Bw, CUDA_R_32F, acc, /*fast=*/false);
    CUDA_CHECK(cudaFree(Aw));
    CUDA_CHECK(cudaFree(Bw));
#else
    fillUniform<<<gridFor(mk), 256, 0, stream>>>(A, mk, seed);
    fillUniform<<<gridFor(nk), 256, 0, stream>>>(B, nk, seed + 1);
    CUDA_CHECK(cudaGetLastError());
    // The reference GEMM in full fp32, once per size.
    cublasGemm(handle, s, A, B, kInType, acc, /*fast=*/false);
#endif

    for (Act act : acts) {
      referenceEpilogue<<<gridFor(mn), 256, 0, stream>>>(acc, bias, rowScale,
                                                         ref, mn, s.N, act);
      CUDA_CHECK(cudaGetLastError());
      auto check = [&](const char *what, bool bf16, bool counts = false) {
        if (bf16) {
          widen<<<gridFor(mn), 256, 0, stream>>>(C, wide, mn);
          CUDA_CHECK(cudaGetLastError());
        }
        Comparison c = compare(bf16 ? wide : f32Out, ref, mn, dStats, stream);
        bool pass = c.pass(kRelTolerance);
        printf("%s %s %s %s %s rel_err=%.3e (largest difference at row %zu, "
               "column %zu: %.6g, reference %.6g) %s\n",
               counts || std::string(what) == "fused" ? "CHECK" : "INFO",
               s.name().c_str(), kPrecision, actName(act), what, c.relErr,
               size_t(c.maxIndex / s.N), size_t(c.maxIndex % s.N), c.maxValue,
               c.maxRef, pass ? "PASS" : "FAIL");
        return pass;
      };
      // The fused kernel, on a poisoned C.
      poisonAsync(C, mn * 2, stream);
      CUresult r =
          launchFused(act, stream, s, devicePtr(A), devicePtr(B),
                      devicePtr(bias), devicePtr(rowScale), devicePtr(C));
      bool pass = r == CUDA_SUCCESS;
      if (!pass)
        printLaunchError(actName(act), s.name(), r);
      CUDA_CHECK(cudaStreamSynchronize(stream));
      pass = pass && check("fused", /*bf16=*/true);
      // The baselines compute the same function. cuBLAS has no fp8 GEMM
      // but cuBLASLt's: the GEMM before the separate epilogue is then a
      // plain cuBLASLt matmul.
      LtPlan gemmOnly;
      if (kInType == CUDA_R_8F_E4M3)
        gemmOnly.plan(lt, s, act, bias, biasH, rowScale, /*plain=*/true,
                      wsBytes);
      auto gemmThenEpilogue = [&] {
        if (kInType == CUDA_R_8F_E4M3) {
          if (!gemmOnly.ok)
            return false;
          gemmOnly.run(lt, A, B, f32Out, workspace, wsBytes, stream);
        } else {
          cublasGemm(handle, s, A, B, kInType, f32Out, /*fast=*/true);
        }
        separateEpilogue<<<gridFor(mn / 8), 256, 0, stream>>>(
            f32Out, bias, rowScale, C, mn, s.N, act);
        return cudaGetLastError() == cudaSuccess;
      };
      bool baselines = true;
      poisonAsync(C, mn * 2, stream);
      if (gemmThenEpilogue()) {
        CUDA_CHECK(cudaStreamSynchronize(stream));
        baselines &= check("cublas+ep", /*bf16=*/true);
      }
      LtPlan plan;
      plan.plan(lt, s, act, bias, biasH, rowScale, /*plain=*/false, wsBytes);
      if (plan.ok) {
        poisonAsync(plan.bf16Out ? static_cast<void *>(C) : f32Out,
                    mn * (plan.bf16Out ? 2 : 4), stream);
        plan.run(lt, A, B, plan.bf16Out ? static_cast<void *>(C) : f32Out,
                 workspace, wsBytes, stream);
        CUDA_CHECK(cudaStreamSynchronize(stream));
        baselines &= check(plan.bf16Out ? "lt(bf16)" : "lt(f32)", plan.bf16Out);
      }
      if (!baselines)
        printf("INFO %s %s a baseline disagrees with the reference: its "
               "times are not comparable\n",
               s.name().c_str(), actName(act));
      allPass &= pass;
      if (allVariants) {
        // Every variant that accepts the sizes, checked on a poisoned C,
        // then those that pass timed together.
        std::vector<Variant> variants =
            variantsOf(act, stream, s, devicePtr(A), devicePtr(B),
                       devicePtr(bias), devicePtr(rowScale), devicePtr(C));
        const char *choice = choiceOf(act, s);
        std::vector<size_t> passed;
        for (size_t v = 0; v < variants.size(); ++v) {
          if (variants[v].rejects) {
            printf("INFO %s %s %s %s rejects: %s\n", s.name().c_str(),
                   kPrecision, actName(act), variants[v].name,
                   variants[v].rejects);
            continue;
          }
          poisonAsync(C, mn * 2, stream);
          CUresult vr = variants[v].launch();
          bool ok = vr == CUDA_SUCCESS;
          if (!ok)
            printLaunchError(variants[v].name, s.name(), vr);
          CUDA_CHECK(cudaStreamSynchronize(stream));
          ok = ok && check(variants[v].name, /*bf16=*/true, /*counts=*/true);
          allPass &= ok;
          if (ok)
            passed.push_back(v);
        }
        std::vector<std::function<bool()>> runs;
        for (size_t v : passed)
          runs.push_back(
              [&, v] { return variants[v].launch() == CUDA_SUCCESS; });
        std::vector<double> ms =
            runs.empty()
                ? std::vector<double>()
                : medianMsInterleaved(stream, timing.flush, opts.reps, runs);
        for (size_t i = 0; i < passed.size(); ++i) {
          const char *name = variants[passed[i]].name;
          bool chosen = choice && std::string(choice) == name;
          printf("VARIANT %s %s %s %s %.5f ms %.1f TFLOP/s%s\n",
                 s.name().c_str(), kPrecision, actName(act), name, ms[i],
                 s.flops() / (ms[i] * 1e-3) / 1e12,
                 chosen ? " (the dispatcher's choice)" : "");
          if (rowsFile && !std::isnan(ms[i]))
            fprintf(rowsFile, "%s,%s,%s,%.3f\n", functionName(act).c_str(),
                    s.name().c_str(), name, ms[i] * 1e3);
        }
      }
      if (opts.time && pass) {
        std::vector<std::function<bool()>> runs = {
            [&] {
              return launchFused(act, stream, s, devicePtr(A), devicePtr(B),
                                 devicePtr(bias), devicePtr(rowScale),
                                 devicePtr(C)) == CUDA_SUCCESS;
            },
            [&] {
#ifdef EXO_EPILOGUE_E4M3
              // No unfused fp8 GEMM of ours.
              return false;
#else
#ifdef EXO_EPILOGUE_BF16
              return exo_kernels::gemm_bf16(
#else
              return exo_kernels::gemm_tf32(
#endif
                         reinterpret_cast<CUstream>(stream), s.M, s.N, s.K,
                         devicePtr(A), devicePtr(B),
                         devicePtr(f32Out)) == CUDA_SUCCESS;
#endif
            },
            gemmThenEpilogue,
            [&] {
              if (!plan.ok)
                return false;
              plan.run(lt, A, B, plan.bf16Out ? static_cast<void *>(C) : f32Out,
                       workspace, wsBytes, stream);
              return true;
            }};
        std::vector<double> ms =
            medianMsInterleaved(stream, timing.flush, opts.reps, runs);
        Row row{s, act, pass, ms[0], ms[1], ms[2], ms[3], plan.bf16Out};
        rows.push_back(row);
        if (timing.csv)
          fprintf(timing.csv, "%s,%s,%s,%s,%.5f,%.5f,%.5f,%.5f,%s\n",
                  s.name().c_str(), kPrecision, actName(act),
                  pass ? "PASS" : "FAIL", ms[0], ms[1], ms[2], ms[3],
                  !plan.ok       ? "none"
                  : plan.bf16Out ? "bf16"
                                 : "f32");
      }
      plan.release();
      gemmOnly.release();
    }
    for (void *p : {static_cast<void *>(A), static_cast<void *>(B),
                    static_cast<void *>(bias), static_cast<void *>(acc),
                    static_cast<void *>(ref), static_cast<void *>(wide),
                    static_cast<void *>(f32Out), static_cast<void *>(C),
                    static_cast<void *>(biasH), static_cast<void *>(rowScale)})
      CUDA_CHECK(cudaFree(p));
  }
  if (opts.time)
    printTable("| size | operands | act | fused TFLOP/s (% of peak) | vs "
               "unfused GEMM | vs cuBLAS + epilogue | vs cuBLASLt fused (D) "
               "|\n"
               "| --- | --- | --- | --- | --- | --- | --- |",
               rows, [](const Row &r) {
                 double tflops = r.size.flops() / (r.fusedMs * 1e-3) / 1e12;
                 char lt[64];
                 if (std::isnan(r.ltMs))
                   snprintf(lt, sizeof(lt), "none");
                 else
                   snprintf(lt, sizeof(lt), "%.3fx (%s)", r.ltMs / r.fusedMs,
                            r.ltBf16 ? "bf16" : "f32");
                 char unfused[32];
                 if (std::isnan(r.unfusedMs))
                   snprintf(unfused, sizeof(unfused), "-");
                 else
                   snprintf(unfused, sizeof(unfused), "%.3fx",
                            r.unfusedMs / r.fusedMs);
                 char line[256];
                 snprintf(line, sizeof(line),
                          "| %s | %s | %s | %.1f (%.1f %%) | %s | %.3fx | "
                          "%s |",
                          r.size.name().c_str(), kPrecision, actName(r.act),
                          tflops, 100.0 * tflops / kPeakTflops, unfused,
                          r.cublasEpMs / r.fusedMs, lt);
                 return std::string(line);
               });
  timing.close();
  if (rowsFile)
    fclose(rowsFile);
  CUDA_CHECK(cudaFree(workspace));
  CUDA_CHECK(cudaFree(dStats));
  CUBLAS_CHECK(cublasLtDestroy(lt));
  CUBLAS_CHECK(cublasDestroy(handle));
  return finish(allPass);
}

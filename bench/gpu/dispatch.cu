//===- dispatch.cu - Autotunes and benchmarks the generated dispatcher ----===//
//
// Part of the Exo-GPU project.
//
// Usage: dispatch --autotune FUNCTION --rows PATH [--reps N] [--seed S]
// SHAPE...
//        dispatch --variants FUNCTION [--csv PATH] [--reps N] [--seed S]
//        SHAPE...
//        dispatch --check FUNCTION [--ref cublas|naive] [--seed S] SHAPE...
//        dispatch --bench FUNCTION [--csv PATH] [--reps N] [--seed S] SHAPE...
//
// FUNCTION is gemm_tf32, gemm_bf16 or gemv_f32 (kernels/registry.json); a
// SHAPE is MxNxK for a GEMM and MxK for the GEMV.
//
// --autotune: for each shape, every variant of FUNCTION that accepts it (its
// launcher's NAME_rejects) runs once on fresh random inputs with its output
// poisoned and is checked against the fp32 reference (below); the variants
// that pass are timed, interleaved, each run with L2 flushed (median of N
// runs, default 20). Every timed variant is a row `FUNCTION,SHAPE,VARIANT,
// median_us` of PATH, for scripts/registry.py merge-tuning. A variant that
// fails its check is reported and left out of the table, and the exit status
// is 1.
//
// --variants: as --autotune, with cuBLAS's default call timed among the
// variants (median of N runs, default 100): every variant of the registry
// that accepts a shape, checked and compared with cuBLAS (bench/gpu/run.sh's
// table of every kernel). --csv writes rows `FUNCTION,SHAPE,VARIANT,exo_ms,
// cublas_ms,exo_rate,cublas_rate,ratio,rel_err,rejected`: one per variant
// and shape, the last field (quoted) the variant's reason where it rejects
// the shape, the others then empty.
//
// --check: every variant that accepts each shape, and the dispatcher, is
// checked as above and not timed; `--ref naive` takes the reference from a
// naive fp64-accumulating kernel instead of cuBLAS, so that compute-sanitizer
// sees only our kernels (test/GPU/run_all.sh: every kernel of the
// registry on shapes chosen for their edge cases; compute-sanitizer).
//
// --bench: for each shape, exo_kernels::FUNCTION (the dispatcher: one call,
// the variant its tuning table picks) is checked the same way and timed
// against cuBLAS on the same buffers in the same process (interleaved, L2
// flushed, median of N runs, default 100). Prints one line per shape and a
// table; --csv writes the rows.
//
// The reference is cuBLAS with pedantic fp32 math (cublasSgemm, cublasGemmEx
// with bf16 inputs and CUBLAS_COMPUTE_32F, cublasSgemv). Inputs are uniform
// in [-1, 1) from a fresh seed per shape (--seed fixes the base seed). A
// check passes when ||C - C_ref||_2 / ||C_ref||_2 is within the bound of
// test/GPU/gemm_check.cu and gemv_check.cu (2e-3 for tf32, whose products
// truncate the inputs to 10-bit significands; 2e-3 for bf16, whose products
// are exact in fp32; 1e-5 for the fp32 GEMV), or, where the sums cancel
// (a short dot product), ||C - C_ref||_2 / || |A| |B| ||_2 is (the scale of
// the rounding errors; withinBound), and C holds no NaN or Inf.
//
// A shape no variant accepts is reported (with each variant's reason when
// autotuning, as UNSUPPORTED when benchmarking) and is not a failure. Exits 0
// when every check passes, 1 when one fails, 2 on a CUDA error or bad
// arguments.
//
// Build (bench/gpu/autotune.sh, bench/gpu/run.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I test/GPU -I GEN_DIR
//   bench/gpu/dispatch.cu runtime/exo_gpu_runtime.cpp -lcuda -lcublas
//
//===----------------------------------------------------------------------===//

#include "exo_kernels.h"

#include "harness.h"

#include <cublas_v2.h>

#include <algorithm>
#include <cstring>
#include <string>

using namespace exo_harness;

namespace {

enum class Function { GemmTf32, GemmBf16, GemvF32 };

enum class Mode { Autotune, Variants, Check, Bench };

struct Options {
  Mode mode = Mode::Bench;
  Function function = Function::GemmTf32;
  const char *functionName = nullptr;
  const char *rowsPath = nullptr;
  bool naiveRef = false;
  CommonOptions common{0};
};

struct Shape {
  int64_t m = 0, n = 1, k = 0;
  std::string name(bool gemv) const {
    return gemv ? std::to_string(m) + "x" + std::to_string(k)
                : std::to_string(m) + "x" + std::to_string(n) + "x" +
                      std::to_string(k);
  }
};

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s --autotune FUNCTION --rows PATH [--reps N] [--seed S] "
          "SHAPE...\n"
          "       %s --variants FUNCTION [--csv PATH] [--reps N] [--seed S] "
          "SHAPE...\n"
          "       %s --check FUNCTION [--ref cublas|naive] [--seed S] "
          "SHAPE...\n"
          "       %s --bench FUNCTION [--csv PATH] [--reps N] [--seed S] "
          "SHAPE...\n"
          "FUNCTION: gemm_tf32, gemm_bf16 or gemv_f32; SHAPE: MxNxK (GEMM), "
          "MxK (GEMV)\n",
          argv0, argv0, argv0, argv0);
  exit(2);
}

bool parseFunction(const char *name, Function &f) {
  std::string s = name;
  if (s == "gemm_tf32")
    f = Function::GemmTf32;
  else if (s == "gemm_bf16")
    f = Function::GemmBf16;
  else if (s == "gemv_f32")
    f = Function::GemvF32;
  else
    return false;
  return true;
}

/// The buffers of one shape: inputs in their element type, the output and
/// the reference in f32.
struct Buffers {
  void *a = nullptr, *b = nullptr;
  float *c = nullptr, *ref = nullptr;
  size_t cElems = 0;
  DeviceStats *stats = nullptr;

  void allocate(Function f, const Shape &s, uint64_t seed,
                cudaStream_t stream) {
    size_t elem = f == Function::GemmBf16 ? 2 : 4;
    size_t aElems = size_t(s.m) * s.k;
    size_t bElems = f == Function::GemvF32 ? size_t(s.k) : size_t(s.n) * s.k;
    cElems = f == Function::GemvF32 ? size_t(s.m) : size_t(s.m) * s.n;
    CUDA_CHECK(cudaMalloc(&a, aElems * elem));
    CUDA_CHECK(cudaMalloc(&b, bElems * elem));
    // 16 bytes more: room for C placed 4 bytes past its alignment.
    CUDA_CHECK(cudaMalloc(&c, cElems * 4 + 16));
    CUDA_CHECK(cudaMalloc(&ref, cElems * 4));
    CUDA_CHECK(cudaMalloc(&stats, sizeof(DeviceStats)));
    if (f == Function::GemmBf16) {
      fillUniform<<<gridFor(aElems), 256, 0, stream>>>(
          static_cast<__nv_bfloat16 *>(a), aElems, seed);
      fillUniform<<<gridFor(bElems), 256, 0, stream>>>(
          static_cast<__nv_bfloat16 *>(b), bElems, splitmix64(seed));
    } else {
      fillUniform<<<gridFor(aElems), 256, 0, stream>>>(static_cast<float *>(a),
                                                       aElems, seed);
      fillUniform<<<gridFor(bElems), 256, 0, stream>>>(
          static_cast<float *>(b), bElems, splitmix64(seed));
    }
    CUDA_CHECK(cudaGetLastError());
  }
  void release() {
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(c));
    CUDA_CHECK(cudaFree(ref));
    CUDA_CHECK(cudaFree(stats));
  }
};

/// cuBLAS into `out`: row-major C[M,N] = A[M,K] B[N,K]^T is column-major
/// C^T = B A^T (see gemm_check.cu); y = A x is (A^T)^T x. `pedantic`: the
/// fp32 reference; otherwise what a user gets by default (tf32 tensor cores
/// for the f32 GEMM, default math for bf16 and the GEMV).
void runCublas(cublasHandle_t h, Function f, const Shape &s, const Buffers &b,
               float *out, bool pedantic) {
  const float one = 1.0f, zero = 0.0f;
  CUBLAS_CHECK(cublasSetMathMode(h, pedantic ? CUBLAS_PEDANTIC_MATH
                                             : CUBLAS_DEFAULT_MATH));
  int m = int(s.m), n = int(s.n), k = int(s.k);
  switch (f) {
  case Function::GemmTf32:
    if (pedantic)
      CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one,
                               static_cast<const float *>(b.b), k,
                               static_cast<const float *>(b.a), k, &zero, out,
                               n));
    else
      CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one, b.b,
                                CUDA_R_32F, k, b.a, CUDA_R_32F, k, &zero, out,
                                CUDA_R_32F, n, CUBLAS_COMPUTE_32F_FAST_TF32,
                                CUBLAS_GEMM_DEFAULT));
    break;
  case Function::GemmBf16:
    CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &one, b.b,
                              CUDA_R_16BF, k, b.a, CUDA_R_16BF, k, &zero, out,
                              CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
                              CUBLAS_GEMM_DEFAULT));
    break;
  case Function::GemvF32:
    CUBLAS_CHECK(
        cublasSgemv(h, CUBLAS_OP_T, k, m, &one, static_cast<const float *>(b.a),
                    k, static_cast<const float *>(b.b), 1, &zero, out, 1));
    break;
  }
}

/// The naive fp64 kernels of harness.h into `out`: the reference C = A B,
/// or, with `Abs`, |A| |B| (withinBound).
template <bool Abs = false>
void runNaive(Function f, const Shape &s, const Buffers &b, float *out,
              cudaStream_t stream) {
  switch (f) {
  case Function::GemmTf32:
    naiveGemmKernel<float, Abs><<<gridFor(size_t(s.m) * s.n), 256, 0, stream>>>(
        static_cast<const float *>(b.a), static_cast<const float *>(b.b), out,
        s.m, s.n, s.k);
    break;
  case Function::GemmBf16:
    naiveGemmKernel<__nv_bfloat16, Abs>
        <<<gridFor(size_t(s.m) * s.n), 256, 0, stream>>>(
            static_cast<const __nv_bfloat16 *>(b.a),
            static_cast<const __nv_bfloat16 *>(b.b), out, s.m, s.n, s.k);
    break;
  case Function::GemvF32:
    naiveGemvKernel<Abs><<<gridFor(size_t(s.m) * 32), 256, 0, stream>>>(
        static_cast<const float *>(b.a), static_cast<const float *>(b.b), out,
        s.m, s.k);
    break;
  }
  CUDA_CHECK(cudaGetLastError());
}

double tolerance(Function f) { return f == Function::GemvF32 ? 1e-5 : 2e-3; }

/// Work per call: 2 M N K flops (GEMM) or 4 (M K + K + M) bytes (GEMV).
double work(Function f, const Shape &s) {
  if (f == Function::GemvF32)
    return 4.0 * (double(s.m) * s.k + s.k + s.m);
  return 2.0 * double(s.m) * s.n * s.k;
}
const char *workUnit(Function f) {
  return f == Function::GemvF32 ? "GB/s" : "TFLOP/s";
}
double rate(Function f, const Shape &s, double ms) {
  return work(f, s) / (ms * 1e-3) / (f == Function::GemvF32 ? 1e9 : 1e12);
}

// The dispatched function and its variants, by Function.
const char *rejects(Function f, int v, const Shape &s) {
  using namespace exo_kernels::dispatch_detail;
  switch (f) {
  case Function::GemmTf32:
    return gemm_tf32_variants[v].rejects(s.m, s.n, s.k);
  case Function::GemmBf16:
    return gemm_bf16_variants[v].rejects(s.m, s.n, s.k);
  case Function::GemvF32:
    return gemv_f32_variants[v].rejects(s.m, s.k);
  }
  return "unknown function";
}
int numVariants(Function f) {
  using namespace exo_kernels::dispatch_detail;
  switch (f) {
  case Function::GemmTf32:
    return gemm_tf32_count;
  case Function::GemmBf16:
    return gemm_bf16_count;
  case Function::GemvF32:
    return gemv_f32_count;
  }
  return 0;
}
const char *variantName(Function f, int v) {
  using namespace exo_kernels::dispatch_detail;
  switch (f) {
  case Function::GemmTf32:
    return gemm_tf32_variants[v].name;
  case Function::GemmBf16:
    return gemm_bf16_variants[v].name;
  case Function::GemvF32:
    return gemv_f32_variants[v].name;
  }
  return "?";
}
/// A variant's reason without the name in front of it: the variant's own
/// (its split's requirement) or its kernel's (the launcher's; a split-K
/// variant `K/S=4` shares its kernel `K`'s reasons).
const char *reasonOnly(const char *variant, const char *why) {
  std::string name(variant);
  for (const std::string &prefix :
       {name + ": ", name.substr(0, name.find('/')) + ": "})
    if (std::strncmp(why, prefix.c_str(), prefix.size()) == 0)
      return why + prefix.size();
  return why;
}

/// Variant v, or the dispatcher with v < 0.
CUresult launch(Function f, int v, cudaStream_t stream, const Shape &s,
                const Buffers &b) {
  using namespace exo_kernels;
  using namespace exo_kernels::dispatch_detail;
  CUdeviceptr a = devicePtr(b.a), x = devicePtr(b.b), c = devicePtr(b.c);
  switch (f) {
  case Function::GemmTf32:
    return v < 0 ? gemm_tf32(stream, s.m, s.n, s.k, a, x, c)
                 : gemm_tf32_variants[v].launch(stream, s.m, s.n, s.k, a, x, c);
  case Function::GemmBf16:
    return v < 0 ? gemm_bf16(stream, s.m, s.n, s.k, a, x, c)
                 : gemm_bf16_variants[v].launch(stream, s.m, s.n, s.k, a, x, c);
  case Function::GemvF32:
    return v < 0 ? gemv_f32(stream, s.m, s.k, a, x, c)
                 : gemv_f32_variants[v].launch(stream, s.m, s.k, a, x, c);
  }
  return CUDA_ERROR_INVALID_VALUE;
}
const char *choice(Function f, const Shape &s) {
  using namespace exo_kernels;
  switch (f) {
  case Function::GemmTf32:
    return gemm_tf32_choice(s.m, s.n, s.k);
  case Function::GemmBf16:
    return gemm_bf16_choice(s.m, s.n, s.k);
  case Function::GemvF32:
    return gemv_f32_choice(s.m, s.k);
  }
  return nullptr;
}
/// Whether the dispatcher pads the operands at `s` (K not a multiple of the
/// tensor maps' 16 bytes; docs/Dispatch.md).
bool padded(Function f, const Shape &s) {
  using namespace exo_kernels;
  switch (f) {
  case Function::GemmTf32:
    return gemm_tf32_padded(s.m, s.n, s.k);
  case Function::GemmBf16:
    return gemm_bf16_padded(s.m, s.n, s.k);
  case Function::GemvF32:
    return false;
  }
  return false;
}

/// Whether `cmp` (C against the reference) is within the bound of `f`:
/// ||C - C_ref||_2 within the bound times ||C_ref||_2, or, where the sums
/// cancel (one short dot product can sum to much less than its terms),
/// times || |A| |B| ||_2, the scale of the rounding errors (truncating the
/// inputs to tf32 moves each product by up to 2^-10 of its size, whatever
/// the sum). `scaled` gets the error relative to that scale when it was
/// needed, else 0.
bool withinBound(Function f, const Shape &s, const Buffers &b,
                 const Comparison &cmp, cudaStream_t stream, double *scaled) {
  *scaled = 0;
  if (cmp.pass(tolerance(f)))
    return true;
  if (cmp.nonFinite || !std::isfinite(cmp.relErr))
    return false;
  float *mag = nullptr;
  CUDA_CHECK(cudaMalloc(&mag, b.cElems * 4));
  runNaive</*Abs=*/true>(f, s, b, mag, stream);
  // ||mag||_2, as the reference norm of mag against itself.
  Comparison m = compare(mag, mag, b.cElems, b.stats, stream);
  CUDA_CHECK(cudaFree(mag));
  double diff = cmp.relErr * cmp.rmsRef, scale = m.rmsRef;
  *scaled = scale > 0 ? diff / scale : INFINITY;
  return *scaled <= tolerance(f);
}

/// Runs variant v (or the dispatcher) once with C poisoned and compares C
/// with the reference. Prints the failure and returns false when it fails.
bool check(Function f, int v, cudaStream_t stream, const Shape &s,
           const Buffers &b, double *relErr) {
  poisonAsync(b.c, b.cElems * 4, stream);
  CUresult r = launch(f, v, stream, s, b);
  const char *who = v < 0 ? "the dispatcher" : variantName(f, v);
  if (r != CUDA_SUCCESS) {
    printf("  %s: launch failed: %s\n", who, exo_rt::lastError());
    return false;
  }
  CUDA_CHECK(cudaGetLastError());
  Comparison cmp = compare(b.c, b.ref, b.cElems, b.stats, stream);
  *relErr = cmp.relErr;
  double scaled;
  bool pass = withinBound(f, s, b, cmp, stream, &scaled);
  if (pass && scaled > 0)
    printf("  %s: rel_err=%.3e past the bound %.0e where the sums cancel: "
           "%.3e of || |A| |B| ||_2\n",
           who, cmp.relErr, tolerance(f), scaled);
  if (pass)
    return true;
  printf("  %s: FAIL rel_err=%.3e (bound %.0e; %.3e of || |A| |B| ||_2), "
         "%llu non-finite, worst at %zu: %g against %g\n",
         who, cmp.relErr, tolerance(f), scaled, cmp.nonFinite, cmp.maxIndex,
         double(cmp.maxValue), double(cmp.maxRef));
  return false;
}

/// Runs variant v (or the dispatcher) with C 4 bytes past a 16-byte
/// boundary: a launcher must compute the right result there or refuse the
/// call (a vectorized store needs the alignment); a wrong result is a
/// failure. Prints what happened.
bool checkMisalignedC(Function f, int v, cudaStream_t stream, const Shape &s,
                      const Buffers &b) {
  Buffers m = b;
  m.c = b.c + 1;
  poisonAsync(b.c, b.cElems * 4 + 16, stream);
  CUresult r = launch(f, v, stream, s, m);
  const char *who = v < 0 ? "the dispatcher" : variantName(f, v);
  if (r != CUDA_SUCCESS) {
    printf("  %s: refuses C misaligned by 4 bytes: %s\n", who,
           exo_rt::lastError());
    return true;
  }
  CUDA_CHECK(cudaGetLastError());
  Comparison cmp = compare(m.c, b.ref, b.cElems, b.stats, stream);
  double scaled;
  if (withinBound(f, s, b, cmp, stream, &scaled)) {
    printf("  %s: PASS with C misaligned by 4 bytes, rel_err=%.2e%s\n", who,
           cmp.relErr,
           scaled > 0 ? " (the sums cancel; within the bound of "
                        "|| |A| |B| ||_2)"
                      : "");
    return true;
  }
  printf("  %s: FAIL with C misaligned by 4 bytes: rel_err=%.3e, %llu "
         "non-finite\n",
         who, cmp.relErr, cmp.nonFinite);
  return false;
}

bool parseShape(Function f, const char *text, Shape *s) {
  int64_t d[3];
  if (f == Function::GemvF32) {
    if (!parseDims(text, d, 2))
      return false;
    s->m = d[0];
    s->k = d[1];
    return true;
  }
  if (!parseDims(text, d, 3))
    return false;
  s->m = d[0];
  s->n = d[1];
  s->k = d[2];
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  bool haveMode = false;
  // The function must be known before the shapes parse; find it first.
  for (int i = 1; i + 1 < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--autotune" || arg == "--variants" || arg == "--check" ||
        arg == "--bench") {
      if (haveMode)
        usage(argv[0]);
      haveMode = true;
      o.mode = arg == "--autotune"   ? Mode::Autotune
               : arg == "--variants" ? Mode::Variants
               : arg == "--check"    ? Mode::Check
                                     : Mode::Bench;
      o.functionName = argv[i + 1];
      if (!parseFunction(argv[i + 1], o.function)) {
        fprintf(stderr, "%s: unknown function '%s'\n", argv[0], argv[i + 1]);
        usage(argv[0]);
      }
    }
  }
  if (!haveMode)
    usage(argv[0]);
  std::vector<Shape> shapes = parseArgs<Shape>(
      argc, argv,
      [&](int &i) {
        std::string arg = argv[i];
        if ((arg == "--autotune" || arg == "--variants" || arg == "--check" ||
             arg == "--bench") &&
            i + 1 < argc) {
          ++i;
          return true;
        }
        if (arg == "--rows" && i + 1 < argc) {
          o.rowsPath = argv[++i];
          return true;
        }
        return parseCommonOption(argc, argv, i, o.common, usage) ||
               parseRefOption(argc, argv, i, o.naiveRef, usage);
      },
      [&](const char *text, Shape *s) {
        return parseShape(o.function, text, s);
      },
      usage);
  bool autotune = o.mode == Mode::Autotune;
  bool perVariant = o.mode != Mode::Bench;
  if ((o.mode == Mode::Check && o.common.csvPath) ||
      (o.mode != Mode::Check && o.naiveRef))
    usage(argv[0]);
  if (autotune != (o.rowsPath != nullptr))
    usage(argv[0]);
  int reps = o.common.reps ? o.common.reps : (autotune ? 20 : 100);
  bool gemv = o.function == Function::GemvF32;

  uint64_t baseSeed = chooseBaseSeed(o.common.haveSeed, o.common.seed);
  initDevice(baseSeed, true);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  void *flush;
  CUDA_CHECK(cudaMalloc(&flush, kFlushBytes));

  FILE *out = nullptr;
  const char *outPath = autotune ? o.rowsPath : o.common.csvPath;
  if (outPath) {
    out = fopen(outPath, "w");
    if (!out) {
      fprintf(stderr, "cannot open %s: %s\n", outPath, strerror(errno));
      return 2;
    }
    fputs(autotune     ? "function,shape,variant,median_us\n"
          : perVariant ? "function,shape,variant,exo_ms,cublas_ms,exo_rate,"
                         "cublas_rate,ratio,rel_err,rejected\n"
                       : "function,shape,choice,exo_ms,cublas_ms,exo_rate,"
                         "cublas_rate,ratio,rel_err\n",
          out);
  }

  bool allPass = true;
  for (size_t si = 0; si < shapes.size(); ++si) {
    const Shape &s = shapes[si];
    std::string name = s.name(gemv);
    uint64_t seed = splitmix64(baseSeed ^ si);
    Buffers b;
    b.allocate(o.function, s, seed, stream);
    if (o.naiveRef)
      runNaive(o.function, s, b, b.ref, stream);
    else
      runCublas(handle, o.function, s, b, b.ref, /*pedantic=*/true);

    if (perVariant) {
      std::vector<int> legal;
      for (int v = 0; v < numVariants(o.function); ++v) {
        const char *why = rejects(o.function, v, s);
        if (!why) {
          legal.push_back(v);
          continue;
        }
        if (out && !autotune) {
          std::string quoted = why;
          std::replace(quoted.begin(), quoted.end(), '"', '\'');
          fprintf(out, "%s,%s,%s,,,,,,,\"%s\"\n", o.functionName, name.c_str(),
                  variantName(o.function, v), quoted.c_str());
        }
      }
      printf("[%zu/%zu] %s %s: %zu of %d variants accept it\n", si + 1,
             shapes.size(), o.functionName, name.c_str(), legal.size(),
             numVariants(o.function));
      if (legal.empty())
        for (int v = 0; v < numVariants(o.function); ++v)
          printf("  %s: %s\n", variantName(o.function, v),
                 reasonOnly(variantName(o.function, v),
                            rejects(o.function, v, s)));
      std::vector<int> passed;
      std::vector<double> errs;
      for (int v : legal) {
        double err;
        if (check(o.function, v, stream, s, b, &err)) {
          passed.push_back(v);
          errs.push_back(err);
          if (o.mode == Mode::Check) {
            printf("  %s: PASS rel_err=%.2e\n", variantName(o.function, v),
                   err);
            allPass &= checkMisalignedC(o.function, v, stream, s, b);
          }
        } else {
          allPass = false;
        }
      }
      if (o.mode == Mode::Check) {
        // The dispatcher also runs where no variant accepts the shape but
        // one accepts it with the operands padded.
        if (!legal.empty() || choice(o.function, s)) {
          double err;
          bool ok = check(o.function, -1, stream, s, b, &err);
          allPass = allPass && ok;
          if (ok) {
            printf("  the dispatcher (%s%s): PASS rel_err=%.2e\n",
                   choice(o.function, s),
                   padded(o.function, s) ? ", operands padded" : "", err);
            allPass &= checkMisalignedC(o.function, -1, stream, s, b);
          }
        }
        fflush(stdout);
        b.release();
        continue;
      }
      std::vector<std::function<bool()>> runs;
      for (int v : passed)
        runs.push_back([&, v] {
          return launch(o.function, v, stream, s, b) == CUDA_SUCCESS;
        });
      // --variants: cuBLAS last, on the same buffers (its output
      // overwrites C, which the variants' checks are done with).
      if (!autotune && !passed.empty())
        runs.push_back([&] {
          runCublas(handle, o.function, s, b, b.c, /*pedantic=*/false);
          return true;
        });
      std::vector<double> ms = medianMsInterleaved(stream, flush, reps, runs);
      double cublasMs = autotune || passed.empty() ? NAN : ms.back();
      int best = -1;
      for (size_t i = 0; i < passed.size(); ++i) {
        if (std::isnan(ms[i])) {
          printf("  %s: a timed run failed: %s\n",
                 variantName(o.function, passed[i]), exo_rt::lastError());
          allPass = false;
          continue;
        }
        if (best < 0 || ms[i] < ms[best])
          best = int(i);
        if (!autotune)
          printf("  %-48s %.1f %s, cuBLAS %.1f, ratio %.3f, rel_err=%.2e\n",
                 variantName(o.function, passed[i]), rate(o.function, s, ms[i]),
                 workUnit(o.function), rate(o.function, s, cublasMs),
                 cublasMs / ms[i], errs[i]);
        if (out && autotune)
          fprintf(out, "%s,%s,%s,%.3f\n", o.functionName, name.c_str(),
                  variantName(o.function, passed[i]), ms[i] * 1e3);
        else if (out)
          fprintf(out, "%s,%s,%s,%.4f,%.4f,%.2f,%.2f,%.4f,%.3e,\n",
                  o.functionName, name.c_str(),
                  variantName(o.function, passed[i]), ms[i], cublasMs,
                  rate(o.function, s, ms[i]), rate(o.function, s, cublasMs),
                  cublasMs / ms[i], errs[i]);
      }
      if (best >= 0)
        printf("  fastest: %s, %.3f ms (%.1f %s)\n",
               variantName(o.function, passed[best]), ms[best],
               rate(o.function, s, ms[best]), workUnit(o.function));
    } else {
      const char *chosen = choice(o.function, s);
      if (!chosen) {
        printf("UNSUPPORTED %s %s: no variant accepts it\n", o.functionName,
               name.c_str());
        if (out)
          fprintf(out, "%s,%s,none,,,,,,\n", o.functionName, name.c_str());
        b.release();
        continue;
      }
      double err = NAN;
      bool ok = check(o.function, -1, stream, s, b, &err);
      allPass = allPass && ok;
      double exoMs = NAN, cublasMs = NAN;
      if (ok) {
        std::vector<double> ms = medianMsInterleaved(
            stream, flush, reps,
            {[&] {
               return launch(o.function, -1, stream, s, b) == CUDA_SUCCESS;
             },
             [&] {
               runCublas(handle, o.function, s, b, b.c, /*pedantic=*/false);
               return true;
             }});
        exoMs = ms[0];
        cublasMs = ms[1];
      }
      printf("%-8s %s %s: %s%s, rel_err=%.2e, exo %.1f %s, cuBLAS %.1f, "
             "ratio %.3f\n",
             ok ? "PASS" : "FAIL", o.functionName, name.c_str(), chosen,
             padded(o.function, s) ? " (operands padded)" : "", err,
             rate(o.function, s, exoMs), workUnit(o.function),
             rate(o.function, s, cublasMs), cublasMs / exoMs);
      if (out)
        fprintf(out, "%s,%s,%s%s,%.4f,%.4f,%.2f,%.2f,%.4f,%.3e\n",
                o.functionName, name.c_str(), chosen,
                padded(o.function, s) ? " (operands padded)" : "", exoMs,
                cublasMs, rate(o.function, s, exoMs),
                rate(o.function, s, cublasMs), cublasMs / exoMs, err);
    }
    fflush(stdout);
    b.release();
  }
  if (out)
    fclose(out);
  CUDA_CHECK(cudaFree(flush));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(allPass);
}

//===- model_check.cu - The model is the machine: every byte vs the CPU ---===//
//
// Part of the Exo-GPU project.
//
// Usage: model_check DUMP_ROOT [KERNEL...]
//
// Runs the model kernels of examples/model/ (model_kernels.h, written by
// test/GPU/gen_all.sh, includes their launchers and lists them in
// EXO_MODEL_KERNELS) once each on the inputs the CPU run of their
// sequential meaning used, and compares every byte of every argument with
// what that run left. DUMP_ROOT/KERNEL/ holds what
// `exo-gpu-run FILE --entry=KERNEL --dump-args=DUMP_ROOT/KERNEL` wrote:
//   args.txt     the arguments in order (size NAME VALUE, array NAME TYPE
//                ELEMENT_BYTES EXTENT...),
//   NAME.in      each array's bytes before the run (uploaded as they are),
//   NAME.out     each array's bytes after the run (the expected result),
// and, written by gen_all.sh, an optional
//   tolerance.txt  lines `NAME T`: array NAME (f32, bf16 or f16 elements)
//                  is compared with the normwise tolerance T,
//                  max |gpu - cpu| <= T * max |cpu|, instead of bit for
//                  bit (only tensor-core
//                  accumulators, whose summation order and internal
//                  precision the hardware does not specify).
// Every other array must equal the CPU's bit for bit, inputs included
// (a kernel must not write them), and the 4096 poisoned guard bytes on
// each side of every device buffer must stay poisoned. With KERNEL
// arguments, only those run.
//
// Prints `CHECK model KERNEL ARRAY ... PASS|FAIL` for each array of each
// kernel (with the first differing elements when one differs) and exits 0
// when every check passes, 1 when one fails, 2 on a CUDA or input error.
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "model_kernels.h"

#include "harness.h"

#include <cuda_fp16.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace exo_harness;

/// Exits with status 2 after printing `model_check: MESSAGE`.
[[noreturn]] void fail(const std::string &message) {
  fprintf(stderr, "model_check: %s\n", message.c_str());
  exit(2);
}

/// Calls launcher `f` with the sizes and device pointers `a`, in order
/// (each launcher parameter after the stream is an int64_t size or a
/// CUdeviceptr, both 64 bits).
template <typename... Ts, size_t... I>
CUresult callWith(CUresult (*f)(CUstream, Ts...), CUstream s,
                  const std::vector<uint64_t> &a, std::index_sequence<I...>) {
  return f(s, static_cast<Ts>(a[I])...);
}

template <typename... Ts>
CUresult callLauncher(CUresult (*f)(CUstream, Ts...), CUstream s,
                      const std::vector<uint64_t> &a) {
  if (a.size() != sizeof...(Ts))
    fail("args.txt lists " + std::to_string(a.size()) +
         " arguments; the launcher takes " + std::to_string(sizeof...(Ts)));
  return callWith(f, s, a, std::index_sequence_for<Ts...>{});
}

struct ModelKernel {
  const char *name;
  std::function<CUresult(CUstream, const std::vector<uint64_t> &)> launch;
};

#define EXO_MODEL_ENTRY(name)                                                  \
  ModelKernel{#name, [](CUstream s, const std::vector<uint64_t> &a) {          \
                return callLauncher(&exo_kernels::name, s, a);                 \
              }},
const ModelKernel kKernels[] = {EXO_MODEL_KERNELS(EXO_MODEL_ENTRY)};
#undef EXO_MODEL_ENTRY

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Array {
  std::string name, type;
  size_t elemBytes = 0;
  std::vector<int64_t> shape;
  std::string in, out; // the CPU's bytes before and after
  GuardedBuffer dev;
  double tolerance = -1; // < 0: bit for bit
};

/// The value of element bytes `p` of `type` as a double (for messages and
/// tolerances), or NaN for a type this harness does not decode.
double decode(const std::string &type, const uint8_t *p) {
  if (type == "f32" || type == "tf32") {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  if (type == "bf16") {
    uint32_t bits = uint32_t(p[0] | (p[1] << 8)) << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
  }
  if (type == "f16") {
    __half h;
    memcpy(&h, p, 2);
    return __half2float(h);
  }
  if (type == "i32") {
    int32_t i;
    memcpy(&i, p, 4);
    return i;
  }
  if (type == "i8")
    return int8_t(p[0]);
  if (type == "f8E4M3FN" || type == "f8E5M2") {
    // sign, exponent, mantissa (e4m3: bias 7, 3 bits, only S.1111.111 is
    // NaN; e5m2: bias 15, 2 bits, IEEE infinities and NaNs).
    bool e4m3 = type == "f8E4M3FN";
    int m = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
    int e = (p[0] >> m) & ((1 << (7 - m)) - 1), f = p[0] & ((1 << m) - 1);
    double sign = (p[0] & 0x80) ? -1.0 : 1.0;
    if (e4m3 ? (p[0] & 0x7f) == 0x7f : e == 31)
      return !e4m3 && f == 0 ? sign * INFINITY : NAN;
    return sign * (e == 0 ? std::ldexp(f, 1 - bias - m)
                          : std::ldexp(1.0 + f / double(1 << m), e - bias));
  }
  return NAN;
}

/// "[i, j, k]" of element `e` of `shape`.
std::string indexOf(const std::vector<int64_t> &shape, int64_t e) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = e % shape[d];
    e /= shape[d];
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

std::string hexOf(const uint8_t *p, size_t n) {
  std::string s = "0x";
  char buf[3];
  for (size_t i = n; i-- > 0;) {
    snprintf(buf, sizeof buf, "%02x", p[i]);
    s += buf;
  }
  return s;
}

/// Compares array `a`'s device result `got` (the whole guarded allocation)
/// with the CPU's; prints the CHECK line (and the first differing
/// elements) and returns whether it passed.
bool compareArray(const char *kernel, const Array &a,
                  const std::vector<uint8_t> &all) {
  const uint8_t *got = all.data() + kGuardBytes;
  const auto *want = reinterpret_cast<const uint8_t *>(a.out.data());
  size_t n = a.out.size() / a.elemBytes;
  size_t guards = a.dev.overwrittenGuardBytes(all);
  size_t bad = 0, badBytes = 0;
  std::vector<size_t> first;
  double maxDiff = 0, maxRef = 0;
  bool nonFinite = false;
  for (size_t e = 0; e < n; ++e) {
    const uint8_t *g = got + e * a.elemBytes, *w = want + e * a.elemBytes;
    bool same = memcmp(g, w, a.elemBytes) == 0;
    for (size_t i = 0; i < a.elemBytes; ++i)
      badBytes += g[i] != w[i];
    if (a.tolerance >= 0) {
      double x = decode(a.type, g), y = decode(a.type, w);
      if (!std::isfinite(x) || !std::isfinite(y))
        nonFinite |= !same;
      else
        maxDiff = std::max(maxDiff, std::fabs(x - y));
      maxRef = std::max(maxRef, std::isfinite(y) ? std::fabs(y) : 0.0);
    }
    if (!same) {
      ++bad;
      if (first.size() < 8)
        first.push_back(e);
    }
  }
  bool ok;
  printf("CHECK model %s %s [", kernel, a.name.c_str());
  for (size_t d = 0; d < a.shape.size(); ++d)
    printf("%s%" PRId64, d ? ", " : "", a.shape[d]);
  printf("] %s: %zu of %zu elements (%zu bytes) differ", a.type.c_str(), bad, n,
         badBytes);
  if (a.tolerance >= 0) {
    double err = maxDiff == 0 ? 0 : maxDiff / std::max(maxRef, 1e-30);
    ok = !nonFinite && err <= a.tolerance;
    printf(", max |diff| %.3e, normwise %.3e (tolerance %.3e)%s", maxDiff, err,
           a.tolerance, nonFinite ? ", non-finite mismatch" : "");
  } else {
    ok = bad == 0;
  }
  ok = ok && guards == 0;
  if (guards)
    printf(", %zu guard bytes overwritten", guards);
  printf(" %s\n", ok ? "PASS" : "FAIL");
  if (!ok || a.tolerance < 0)
    for (size_t e : first)
      printf("  %s%s: gpu %s (%.9g), cpu %s (%.9g)\n", a.name.c_str(),
             indexOf(a.shape, int64_t(e)).c_str(),
             hexOf(got + e * a.elemBytes, a.elemBytes).c_str(),
             decode(a.type, got + e * a.elemBytes),
             hexOf(want + e * a.elemBytes, a.elemBytes).c_str(),
             decode(a.type, want + e * a.elemBytes));
  return ok;
}

/// Runs one model kernel on DUMP_ROOT/NAME and compares; false on a
/// mismatch or a failed launch.
bool checkKernel(const ModelKernel &k, const std::string &root,
                 cudaStream_t stream) {
  std::string dir = root + "/" + k.name + "/";
  std::istringstream list(readFile(dir + "args.txt"));
  std::vector<Array> arrays;
  std::vector<uint64_t> values; // sizes, then indices into arrays (fixed up)
  std::vector<int> arrayOf;     // per argument: index into arrays, or -1
  std::string line;
  while (std::getline(list, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream words(line);
    std::string kind, name;
    words >> kind >> name;
    if (kind == "size") {
      int64_t v;
      if (!(words >> v))
        fail(dir + "args.txt: bad line '" + line + "'");
      values.push_back(uint64_t(v));
      arrayOf.push_back(-1);
    } else if (kind == "array") {
      Array a;
      a.name = name;
      words >> a.type >> a.elemBytes;
      int64_t d;
      size_t n = 1;
      while (words >> d) {
        a.shape.push_back(d);
        n *= size_t(d);
      }
      if (!a.elemBytes)
        fail(dir + "args.txt: bad line '" + line + "'");
      a.in = readFile(dir + name + ".in");
      a.out = readFile(dir + name + ".out");
      if (a.in.size() != n * a.elemBytes || a.out.size() != a.in.size())
        fail(dir + name + ".in/.out do not hold " + std::to_string(n) +
             " elements of " + std::to_string(a.elemBytes) + " bytes");
      values.push_back(0);
      arrayOf.push_back(int(arrays.size()));
      arrays.push_back(std::move(a));
    } else {
      fail(dir + "args.txt: argument kind '" + kind +
           "' is not supported (sizes and arrays only)");
    }
  }
  {
    std::ifstream tol(dir + "tolerance.txt");
    std::string name;
    double t;
    while (tol >> name >> t) {
      bool found = false;
      for (Array &a : arrays)
        if (a.name == name) {
          a.tolerance = t;
          found = true;
        }
      if (!found)
        fail(dir + "tolerance.txt names no array '" + name + "'");
    }
  }
  for (size_t i = 0; i < arrayOf.size(); ++i) {
    if (arrayOf[i] < 0)
      continue;
    Array &a = arrays[arrayOf[i]];
    a.dev.allocate(a.in.size());
    a.dev.poisonAsync(stream);
    CUDA_CHECK(cudaMemcpyAsync(a.dev.data(), a.in.data(), a.in.size(),
                               cudaMemcpyHostToDevice, stream));
    values[i] = devicePtr(a.dev.data());
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUresult r = k.launch(stream, values);
  bool ok = r == CUDA_SUCCESS;
  if (!ok)
    printLaunchError(k.name, "model arguments", r);
  else
    CUDA_CHECK(cudaStreamSynchronize(stream));
  for (Array &a : arrays) {
    if (ok)
      ok = compareArray(k.name, a, a.dev.copyToHost()) && ok;
    a.dev.release();
  }
  printf("CHECK model %s %s\n", k.name, ok ? "PASS" : "FAIL");
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s DUMP_ROOT [KERNEL...]\n", argv[0]);
    return 2;
  }
  std::string root = argv[1];
  std::vector<std::string> only(argv + 2, argv + argc);
  for (const std::string &name : only) {
    bool known = false;
    for (const ModelKernel &k : kKernels)
      known |= name == k.name;
    if (!known)
      fail("no model kernel named '" + name + "'");
  }
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaFree(nullptr)); // Makes the primary context current.
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, sm_%d%d, %d SMs; inputs and expected results from %s\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         root.c_str());
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  bool all = true;
  for (const ModelKernel &k : kKernels) {
    if (!only.empty() &&
        std::find(only.begin(), only.end(), std::string(k.name)) == only.end())
      continue;
    all = checkKernel(k, root, stream) && all;
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(all);
}

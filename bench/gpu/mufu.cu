//===- mufu.cu - Special-function throughput, f32 against packed forms ----===//
//
// Part of the Exo-GPU project.
//
// Measures how many values per clock per SM the special-function unit
// returns for tanh.approx and ex2.approx in f32 and in the packed f16x2 and
// bf16x2 forms, and the largest error of tanh.approx.f16x2 over every f16
// input against double precision. Each thread runs 8 independent chains of
// values (4 registers of 2 in the packed forms), so the unit's throughput,
// not its latency, bounds the loop; the ex2 chains negate their argument
// first (x <- 2^-x stays in [0.5, 1]). bench/RESULTS.md ("Fused epilogues")
// cites it: the packed forms return as many values per clock as the f32
// ones, so they make an activation or an exponential no cheaper.
//
// Build and run on the GPU machine:
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a bench/gpu/mufu.cu -o mufu
//   ./mufu
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

namespace {

constexpr int kIterations = 4096;
constexpr int kBlocksPerSm = 8;
constexpr int kThreads = 256;

enum Mode { TanhF32, TanhF16x2, TanhBf16x2, Ex2F32, Ex2F16x2, Ex2Bf16x2 };

template <Mode M> __global__ void chains(float *out, float seed) {
  float a[8];
  uint32_t h[4];
  for (int i = 0; i < 8; ++i)
    a[i] = seed * float(threadIdx.x % 64 + i) / 64.0f;
  for (int i = 0; i < 4; ++i)
    asm volatile("cvt.rn.f16x2.f32 %0, %1, %2;"
                 : "=r"(h[i])
                 : "f"(a[2 * i]), "f"(a[2 * i + 1]));
  for (int it = 0; it < kIterations; ++it) {
    if constexpr (M == TanhF32) {
      for (int i = 0; i < 8; ++i)
        asm volatile("tanh.approx.f32 %0, %0;" : "+f"(a[i]));
    } else if constexpr (M == TanhF16x2) {
      for (int i = 0; i < 4; ++i)
        asm volatile("tanh.approx.f16x2 %0, %0;" : "+r"(h[i]));
    } else if constexpr (M == TanhBf16x2) {
      for (int i = 0; i < 4; ++i)
        asm volatile("tanh.approx.bf16x2 %0, %0;" : "+r"(h[i]));
    } else if constexpr (M == Ex2F32) {
      for (int i = 0; i < 8; ++i)
        asm volatile("neg.f32 %0, %0;\n\tex2.approx.ftz.f32 %0, %0;"
                     : "+f"(a[i]));
    } else if constexpr (M == Ex2F16x2) {
      for (int i = 0; i < 4; ++i)
        asm volatile("neg.f16x2 %0, %0;\n\tex2.approx.f16x2 %0, %0;"
                     : "+r"(h[i]));
    } else {
      for (int i = 0; i < 4; ++i)
        asm volatile("neg.bf16x2 %0, %0;\n\tex2.approx.ftz.bf16x2 %0, %0;"
                     : "+r"(h[i]));
    }
  }
  float s = 0;
  for (int i = 0; i < 8; ++i)
    s += a[i];
  for (int i = 0; i < 4; ++i)
    s += __uint_as_float(h[i]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <Mode M> void throughput(float *out, int sms, const char *name) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  int blocks = sms * kBlocksPerSm;
  chains<M><<<blocks, kThreads>>>(out, 1.0f); // warm-up
  cudaEventRecord(e0);
  chains<M><<<blocks, kThreads>>>(out, 1.0f);
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  float ms = 0;
  cudaEventElapsedTime(&ms, e0, e1);
  int clockKhz = 0;
  cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0);
  double values = double(blocks) * kThreads * kIterations * 8;
  double perClock = values / (ms * 1e-3) / sms / (clockKhz * 1e3);
  printf("%-22s %8.3f ms  %.2f values/clk/SM (at the %d MHz maximum clock)\n",
         name, ms, perClock, clockKhz / 1000);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
}

__global__ void tanhF16x2(const uint32_t *in, uint32_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t p = in[i];
  asm("tanh.approx.f16x2 %0, %0;" : "+r"(p));
  out[i] = p;
}

double halfToDouble(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
  double v = exponent == 0    ? std::ldexp(mantissa, -24)
             : exponent == 31 ? (mantissa ? NAN : INFINITY)
                              : std::ldexp(1024 + mantissa, exponent - 25);
  return sign ? -v : v;
}

void tanhF16x2Accuracy() {
  constexpr int pairs = 32768;
  std::vector<uint32_t> in(pairs), out(pairs);
  for (int i = 0; i < pairs; ++i)
    in[i] = uint32_t(2 * i) | (uint32_t(2 * i + 1) << 16);
  uint32_t *dIn, *dOut;
  cudaMalloc(&dIn, pairs * 4);
  cudaMalloc(&dOut, pairs * 4);
  cudaMemcpy(dIn, in.data(), pairs * 4, cudaMemcpyHostToDevice);
  tanhF16x2<<<pairs / 256, 256>>>(dIn, dOut, pairs);
  cudaMemcpy(out.data(), dOut, pairs * 4, cudaMemcpyDeviceToHost);
  cudaFree(dIn);
  cudaFree(dOut);
  double worstRel = 0, worstAbs = 0, relAt = 0, absAt = 0;
  for (int i = 0; i < 2 * pairs; ++i) {
    double x = halfToDouble(uint16_t(i));
    uint16_t bits = uint16_t(out[i / 2] >> (16 * (i % 2)));
    double y = halfToDouble(bits), t = std::tanh(x);
    if (std::isnan(x))
      continue;
    double abs = std::fabs(y - t);
    double rel = t != 0 ? abs / std::fabs(t) : (y == 0 ? 0 : INFINITY);
    if (abs > worstAbs)
      worstAbs = abs, absAt = x;
    if (rel > worstRel)
      worstRel = rel, relAt = x;
  }
  printf("tanh.approx.f16x2 over every f16: largest relative error %.3g "
         "(2^%.2f) at %g, largest absolute error %.3g (2^%.2f) at %g\n",
         worstRel, std::log2(worstRel), relAt, worstAbs, std::log2(worstAbs),
         absAt);
}

} // namespace

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float *out;
  cudaMalloc(&out, sizeof(float) * sms * kBlocksPerSm * kThreads);
  tanhF16x2Accuracy();
  throughput<TanhF32>(out, sms, "tanh.approx.f32");
  throughput<TanhF16x2>(out, sms, "tanh.approx.f16x2");
  throughput<TanhBf16x2>(out, sms, "tanh.approx.bf16x2");
  throughput<Ex2F32>(out, sms, "ex2.approx.ftz.f32");
  throughput<Ex2F16x2>(out, sms, "ex2.approx.f16x2");
  throughput<Ex2Bf16x2>(out, sms, "ex2.approx.ftz.bf16x2");
  cudaError_t err = cudaDeviceSynchronize();
  cudaFree(out);
  if (err != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
    return 2;
  }
  return 0;
}

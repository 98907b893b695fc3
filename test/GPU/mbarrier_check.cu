//===- mbarrier_check.cu - When an mbarrier phase completes, on the GPU ---===//
//
// Part of the Exo-GPU project.
//
// Usage: mbarrier_check
//
// Built by test/GPU/run_all.sh with the numbers test/GPU/gen_all.sh takes
// from the lowering of a bundled kernel (examples/gemm/mma_gemm_tf32.mlir,
// whose K step loads an A box and a B box that complete on one mbarrier):
//   EXO_MBAR_INIT_COUNT  the arrival count its mbarrier.init gives;
//   EXO_MBAR_TX_BYTES    the byte count its mbarrier.arrive.expect_tx gives;
//   EXO_MBAR_BOX0_ROWS, EXO_MBAR_BOX0_COLS, EXO_MBAR_BOX1_ROWS,
//   EXO_MBAR_BOX1_COLS   the f32 boxes of its two tensor maps (launcher).
// The checker's model (docs/SyncChecker.md) says an mbarrier phase
// completes when the pending arrivals reach zero and the expected
// transaction bytes have all landed. This program shows on the GPU, with
// mbarrier.test_wait.parity, that a phase initialised with the lowering's
// count and expecting the lowering's bytes
//   1. is not complete after the expect-tx arrive alone (no bytes);
//   2. is not complete once the first box has landed (waited for with a
//      spin of 200000 cycles; the second box's bytes are missing);
//   3. completes once the second box lands (within 2^31 cycles);
//   4. with one more arrival expected (count + 1), is not complete when all
//      bytes have landed, and completes after the last arrive;
// that the byte count equals the bytes of the two boxes (checked on the
// host), and that the boxes land intact (bit for bit). Prints `CHECK ...
// PASS|FAIL` lines and exits 0 when all pass, 1 when one fails, 2 on a
// CUDA error.
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"

#include "harness.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#ifndef EXO_MBAR_TX_BYTES
#error "build with the -DEXO_MBAR_... numbers test/GPU/gen_all.sh writes"
#endif

namespace {

using namespace exo_harness;

constexpr int kRows0 = EXO_MBAR_BOX0_ROWS, kCols0 = EXO_MBAR_BOX0_COLS;
constexpr int kRows1 = EXO_MBAR_BOX1_ROWS, kCols1 = EXO_MBAR_BOX1_COLS;
constexpr int kBytes0 = kRows0 * kCols0 * 4, kBytes1 = kRows1 * kCols1 * 4;

/// What the kernel observed: test_wait results at each point (1 complete,
/// 0 not), and whether the final waits completed in time.
struct Observed {
  int afterExpect, afterBox0, afterBox1, extraAfterBytes, extraAfterLast;
  int box1Waited, lastWaited;
};

__device__ uint32_t smemAddr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ int testWait(uint64_t *bar, uint32_t parity) {
  uint32_t done;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, "
               "[%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(done)
               : "r"(smemAddr(bar)), "r"(parity)
               : "memory");
  return int(done);
}

/// Spins until phase `parity` of `bar` completes or `cycles` pass; whether
/// it completed.
__device__ int waitFor(uint64_t *bar, uint32_t parity, long long cycles) {
  long long start = clock64();
  while (!testWait(bar, parity))
    if (clock64() - start > cycles)
      return 0;
  return 1;
}

__device__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

__device__ void init(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smemAddr(bar)),
               "r"(count)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

__device__ void arriveExpectTx(uint64_t *bar, uint32_t bytes) {
  asm volatile("{ .reg .b64 st; mbarrier.arrive.expect_tx.shared::cta.b64 st, "
               "[%0], %1; }" ::"r"(smemAddr(bar)),
               "r"(bytes)
               : "memory");
}

__device__ void arrive(uint64_t *bar) {
  asm volatile(
      "{ .reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%0]; }" ::"r"(
          smemAddr(bar))
      : "memory");
}

__device__ void tmaLoad(void *dst, const CUtensorMap *map, uint64_t *bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
      "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];" ::"r"(smemAddr(dst)),
      "l"(map), "r"(0), "r"(smemAddr(bar))
      : "memory");
}

/// One thread: scenario 1-3 on bar[0] (the lowering's count), 4 on bar[1]
/// (one arrival more); the boxes land in box0/box1 and are copied out.
__global__ void mbarrierKernel(const __grid_constant__ CUtensorMap map0,
                               const __grid_constant__ CUtensorMap map1,
                               Observed *out, float *land0, float *land1) {
  __shared__ alignas(128) float box0[kRows0 * kCols0];
  __shared__ alignas(128) float box1[kRows1 * kCols1];
  __shared__ alignas(8) uint64_t bar[2];
  Observed o{};
  init(&bar[0], EXO_MBAR_INIT_COUNT);
  init(&bar[1], EXO_MBAR_INIT_COUNT + 1);
  // The lowering's arrivals: EXO_MBAR_INIT_COUNT arrives, the first with
  // the expected bytes.
  arriveExpectTx(&bar[0], EXO_MBAR_TX_BYTES);
  for (int i = 1; i < EXO_MBAR_INIT_COUNT; ++i)
    arrive(&bar[0]);
  o.afterExpect = testWait(&bar[0], 0);
  tmaLoad(box0, &map0, &bar[0]);
  spin(200000);
  o.afterBox0 = testWait(&bar[0], 0);
  tmaLoad(box1, &map1, &bar[0]);
  o.box1Waited = waitFor(&bar[0], 0, 1ll << 31);
  o.afterBox1 = testWait(&bar[0], 0);
  if (o.box1Waited) {
    for (int i = 0; i < kRows0 * kCols0; ++i)
      land0[i] = box0[i];
    for (int i = 0; i < kRows1 * kCols1; ++i)
      land1[i] = box1[i];
  }
  // Scenario 4: all bytes, one arrival short.
  arriveExpectTx(&bar[1], EXO_MBAR_TX_BYTES);
  for (int i = 1; i < EXO_MBAR_INIT_COUNT; ++i)
    arrive(&bar[1]);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  tmaLoad(box0, &map0, &bar[1]);
  tmaLoad(box1, &map1, &bar[1]);
  spin(200000);
  o.extraAfterBytes = testWait(&bar[1], 0);
  arrive(&bar[1]);
  o.lastWaited = waitFor(&bar[1], 0, 1ll << 31);
  o.extraAfterLast = testWait(&bar[1], 0);
  *out = o;
}

bool check(const char *what, bool ok) {
  printf("CHECK mbarrier %s %s\n", what, ok ? "PASS" : "FAIL");
  return ok;
}

CUtensorMap encode(float *p, int rows, int cols) {
  CUtensorMap map;
  const uint64_t dims[] = {uint64_t(rows), uint64_t(cols)};
  const uint64_t strides[] = {uint64_t(cols) * 4};
  const uint32_t box[] = {uint32_t(rows), uint32_t(cols)};
  CUresult r = exo_rt::encodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2,
                                   devicePtr(p), dims, strides, box, 0);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "encodeTiled failed: %s: %s\n", cuResultName(r),
            exo_rt::lastError());
    exit(2);
  }
  return map;
}

} // namespace

int main() {
  uint64_t seed = chooseBaseSeed(false, 0);
  initDevice(seed, /*kernels=*/false);
  printf("mbarrier: the lowering's init count %d, expect_tx %d bytes; boxes "
         "%dx%d and %dx%d f32 (%d + %d bytes)\n",
         EXO_MBAR_INIT_COUNT, EXO_MBAR_TX_BYTES, kRows0, kCols0, kRows1, kCols1,
         kBytes0, kBytes1);
  bool all = check("expect_tx-bytes-equal-box-bytes",
                   EXO_MBAR_TX_BYTES == kBytes0 + kBytes1);
  float *src0, *src1, *land0, *land1;
  Observed *dObs;
  CUDA_CHECK(cudaMalloc(&src0, kBytes0));
  CUDA_CHECK(cudaMalloc(&src1, kBytes1));
  CUDA_CHECK(cudaMalloc(&land0, kBytes0));
  CUDA_CHECK(cudaMalloc(&land1, kBytes1));
  CUDA_CHECK(cudaMalloc(&dObs, sizeof(Observed)));
  fillUniform<<<gridFor(kBytes0 / 4), 256>>>(src0, kBytes0 / 4, seed);
  fillUniform<<<gridFor(kBytes1 / 4), 256>>>(src1, kBytes1 / 4, seed + 1);
  CUDA_CHECK(cudaMemset(land0, kPoisonByte, kBytes0));
  CUDA_CHECK(cudaMemset(land1, kPoisonByte, kBytes1));
  CUDA_CHECK(cudaMemset(dObs, 0xFF, sizeof(Observed)));
  CUtensorMap map0 = encode(src0, kRows0, kCols0);
  CUtensorMap map1 = encode(src1, kRows1, kCols1);
  mbarrierKernel<<<1, 1>>>(map0, map1, dObs, land0, land1);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  Observed o;
  CUDA_CHECK(cudaMemcpy(&o, dObs, sizeof o, cudaMemcpyDeviceToHost));
  std::vector<uint8_t> s0(kBytes0), s1(kBytes1), l0(kBytes0), l1(kBytes1);
  CUDA_CHECK(cudaMemcpy(s0.data(), src0, kBytes0, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(s1.data(), src1, kBytes1, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(l0.data(), land0, kBytes0, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(l1.data(), land1, kBytes1, cudaMemcpyDeviceToHost));
  all = check("not-complete-after-expect_tx-arrive", o.afterExpect == 0) && all;
  all = check("not-complete-with-second-box-missing", o.afterBox0 == 0) && all;
  all = check("completes-when-all-bytes-land",
              o.box1Waited == 1 && o.afterBox1 == 1) &&
        all;
  all = check("boxes-land-bit-exact", s0 == l0 && s1 == l1) && all;
  all =
      check("not-complete-with-one-arrival-missing", o.extraAfterBytes == 0) &&
      all;
  all = check("completes-after-last-arrival",
              o.lastWaited == 1 && o.extraAfterLast == 1) &&
        all;
  CUDA_CHECK(cudaFree(src0));
  CUDA_CHECK(cudaFree(src1));
  CUDA_CHECK(cudaFree(land0));
  CUDA_CHECK(cudaFree(land1));
  CUDA_CHECK(cudaFree(dObs));
  return finish(all);
}

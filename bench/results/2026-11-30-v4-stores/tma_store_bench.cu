// Microbenchmark: how fast the bulk-copy (TMA) engine drains a 128 x 256 fp32
// tile from shared to global memory, per CTA, when 16..132 SMs do it at once:
// cycles until the shared-memory source is read (wait_group.read 0) and until
// the writes are complete (wait_group 0). Rows of the tile are 1 KB, one
// cp.async.bulk per row, issued by the 32 lanes of warp 0.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__);        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int M = 4096, N = 4096, TM = 128, TN = 256;
constexpr int TILES = (M / TM) * (N / TN);
constexpr int SMEM = TM * TN * 4; // 128 KB

__device__ __forceinline__ void spin_for(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

__global__ void __launch_bounds__(256, 1)
    tma_store_tiles(float *C, int reps, long long spin, long long *cyc) {
  extern __shared__ __align__(128) float buf[];
  int tid = threadIdx.x;
  for (int i = tid; i < TM * TN; i += blockDim.x)
    buf[i] = float(i + blockIdx.x);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  long long readSum = 0, doneSum = 0;
  for (int r = 0; r < reps; ++r) {
    spin_for(spin);
    int t = (blockIdx.x + r * gridDim.x) % TILES;
    int bm = t / (N / TN), bn = t % (N / TN);
    __syncthreads();
    long long t0 = clock64();
    if (tid < 32) {
      for (int row = tid; row < TM; row += 32) {
        float *g = C + size_t(bm * TM + row) * N + bn * TN;
        unsigned s =
            static_cast<unsigned>(__cvta_generic_to_shared(buf + row * TN));
        asm volatile(
            "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(
                g),
            "r"(s), "n"(TN * 4)
            : "memory");
      }
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
    __syncthreads();
    long long t1 = clock64();
    if (tid < 32)
      asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    __syncthreads();
    long long t2 = clock64();
    readSum += t1 - t0;
    doneSum += t2 - t0;
  }
  if (tid == 0) {
    cyc[2 * blockIdx.x] = readSum / reps;
    cyc[2 * blockIdx.x + 1] = doneSum / reps;
  }
}

int main() {
  float *C;
  long long *d;
  CK(cudaMalloc(&C, size_t(M) * N * 4));
  CK(cudaMalloc(&d, 2048 * sizeof(long long)));
  CK(cudaFuncSetAttribute(tma_store_tiles,
                          cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
  // Check: one pass writes every tile with its CTA's values.
  CK(cudaMemset(C, 0, size_t(M) * N * 4));
  tma_store_tiles<<<128, 256, SMEM>>>(C, 4, 0, d);
  CK(cudaDeviceSynchronize());
  std::vector<float> h(size_t(M) * N);
  CK(cudaMemcpy(h.data(), C, h.size() * 4, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (int t = 0; t < TILES; ++t) {
    int b = t % 128, bm = t / (N / TN), bn = t % (N / TN);
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j)
        if (h[size_t(bm * TM + i) * N + bn * TN + j] != float(i * TN + j + b))
          ++bad;
  }
  printf("check: %zu wrong elements\n", bad);
  for (int grid : {16, 32, 64, 132})
    for (long long spin : {0LL, 65000LL}) {
      std::vector<long long> rd, dn;
      for (int it = 0; it < 7; ++it) {
        tma_store_tiles<<<grid, 256, SMEM>>>(C, 8, spin, d);
        CK(cudaDeviceSynchronize());
        std::vector<long long> c(2 * grid);
        CK(cudaMemcpy(c.data(), d, c.size() * sizeof(long long),
                      cudaMemcpyDeviceToHost));
        std::vector<long long> r0, d0;
        for (int i = 0; i < grid; ++i) {
          r0.push_back(c[2 * i]);
          d0.push_back(c[2 * i + 1]);
        }
        std::sort(r0.begin(), r0.end());
        std::sort(d0.begin(), d0.end());
        rd.push_back(r0[grid / 2]);
        dn.push_back(d0[grid / 2]);
      }
      std::sort(rd.begin(), rd.end());
      std::sort(dn.begin(), dn.end());
      printf("tma  grid %3d reps  8 spin %6lld: cycles per CTA tile (median "
             "CTA) until read %6lld, "
             "until complete %6lld\n",
             grid, spin, rd[3], dn[3]);
    }
  return 0;
}

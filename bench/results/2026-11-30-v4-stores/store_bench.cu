// Microbenchmark: what storing a wgmma m64n256 fp32 accumulator fragment costs
// a consumer CTA (2 warpgroups, 128 x 256 tile) when every SM stores at once,
// with 8-byte stores (the current lowering) or 16-byte stores after a lane
// exchange. Between tiles each CTA spins for `spin` cycles, standing in for the
// K loop, so earlier stores can drain.
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

__device__ __forceinline__ void spin_for(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

template <int V>
__global__ void __launch_bounds__(256, 1)
    store_tiles(float *C, int reps, long long spin, long long *cyc) {
  extern __shared__ char smem[]; // only to force one CTA per SM
  int tid = threadIdx.x, wg = tid / 128, q = (tid / 32) % 4, l = tid % 32;
  float acc[128];
#pragma unroll
  for (int i = 0; i < 128; ++i)
    acc[i] = float(tid * 131 + i + blockIdx.x);
  long long total = 0;
  for (int r = 0; r < reps; ++r) {
    spin_for(spin);
    int t = (blockIdx.x + r * gridDim.x) % TILES;
    int bm = t / (N / TN), bn = t % (N / TN);
    __syncthreads();
    long long t0 = clock64();
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int row = bm * TM + wg * 64 + q * 16 + l / 4 + 8 * h;
      float *base = C + size_t(row) * N + bn * TN;
      if (V == 2) {
#pragma unroll
        for (int j = 0; j < 32; ++j) {
          float2 v = make_float2(acc[64 * h + 2 * j], acc[64 * h + 2 * j + 1]);
          *reinterpret_cast<float2 *>(base + 8 * j + 2 * (l % 4)) = v;
        }
      } else if (V == 8) {
        // Quads as for V == 4, then lanes l and l ^ 16 (rows r and r + 4)
        // swap one quad of each two, so that a warp store writes 4 rows of
        // 128 contiguous bytes.
        bool odd = l & 1, upper = l & 16;
        int rr = l / 4;
#pragma unroll
        for (int j = 0; j < 32; j += 4) {
          float4 q[2];
#pragma unroll
          for (int s = 0; s < 2; ++s) {
            int jj = j + 2 * s;
            float a0 = acc[64 * h + 2 * jj], a1 = acc[64 * h + 2 * jj + 1];
            float b0 = acc[64 * h + 2 * jj + 2], b1 = acc[64 * h + 2 * jj + 3];
            float s0 = odd ? a0 : b0, s1 = odd ? a1 : b1;
            float r0 = __shfl_xor_sync(0xffffffff, s0, 1);
            float r1 = __shfl_xor_sync(0xffffffff, s1, 1);
            q[s] =
                odd ? make_float4(r0, r1, b0, b1) : make_float4(a0, a1, r0, r1);
          }
          float4 send = upper ? q[0] : q[1];
          float4 got;
          got.x = __shfl_xor_sync(0xffffffff, send.x, 16);
          got.y = __shfl_xor_sync(0xffffffff, send.y, 16);
          got.z = __shfl_xor_sync(0xffffffff, send.z, 16);
          got.w = __shfl_xor_sync(0xffffffff, send.w, 16);
          int colq = 2 * (l % 4) + (odd ? 6 : 0);
          float *rowbase = base - size_t(rr) * N; // row 0 of the 8
          if (!upper) {
            *reinterpret_cast<float4 *>(rowbase + size_t(rr) * N + colq +
                                        8 * j) = q[0];
            *reinterpret_cast<float4 *>(rowbase + size_t(rr + 4) * N + colq +
                                        8 * j) = got;
          } else {
            *reinterpret_cast<float4 *>(rowbase + size_t(rr - 4) * N + colq +
                                        8 * j + 16) = got;
            *reinterpret_cast<float4 *>(rowbase + size_t(rr) * N + colq +
                                        8 * j + 16) = q[1];
          }
        }
      } else {
        bool odd = l & 1;
#pragma unroll
        for (int j = 0; j < 32; j += 2) {
          float a0 = acc[64 * h + 2 * j], a1 = acc[64 * h + 2 * j + 1];
          float b0 = acc[64 * h + 2 * j + 2], b1 = acc[64 * h + 2 * j + 3];
          float s0 = odd ? a0 : b0, s1 = odd ? a1 : b1;
          float r0 = __shfl_xor_sync(0xffffffff, s0, 1);
          float r1 = __shfl_xor_sync(0xffffffff, s1, 1);
          float4 v =
              odd ? make_float4(r0, r1, b0, b1) : make_float4(a0, a1, r0, r1);
          int col = odd ? 8 * (j + 1) + 2 * (l % 4 - 1) : 8 * j + 2 * (l % 4);
          *reinterpret_cast<float4 *>(base + col) = v;
        }
      }
    }
    __syncthreads();
    total += clock64() - t0;
  }
  if (tid == 0)
    cyc[blockIdx.x] = total / reps;
  if (tid == 0 && smem[0] == 123)
    C[0] = 0;
}

template <int V>
void run(float *C, long long *dcyc, int grid, int reps, long long spin,
         const char *name) {
  cudaFuncSetAttribute(store_tiles<V>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> ms;
  std::vector<long long> med;
  for (int it = 0; it < 7; ++it) {
    cudaEventRecord(a);
    store_tiles<V><<<grid, 256, 200 * 1024>>>(C, reps, spin, dcyc);
    cudaEventRecord(b);
    CK(cudaEventSynchronize(b));
    float t;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
    std::vector<long long> c(grid);
    cudaMemcpy(c.data(), dcyc, grid * sizeof(long long),
               cudaMemcpyDeviceToHost);
    std::sort(c.begin(), c.end());
    med.push_back(c[grid / 2]);
  }
  std::sort(ms.begin(), ms.end());
  std::sort(med.begin(), med.end());
  printf("%-4s grid %3d reps %2d spin %6lld: store cycles per CTA tile (median "
         "CTA) %6lld, kernel %.3f ms\n",
         name, grid, reps, spin, med[3], ms[3]);
}

// Checks that both variants write the same tile.
void check(float *C) {
  std::vector<float> h2(size_t(M) * N), h4(size_t(M) * N);
  long long *d;
  CK(cudaMalloc(&d, 1024 * sizeof(long long)));
  cudaFuncSetAttribute(store_tiles<2>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  cudaFuncSetAttribute(store_tiles<4>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  CK(cudaMemset(C, 0xff, size_t(M) * N * 4));
  store_tiles<2><<<132, 256, 200 * 1024>>>(C, 4, 0, d);
  CK(cudaMemcpy(h2.data(), C, h2.size() * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemset(C, 0xff, size_t(M) * N * 4));
  store_tiles<4><<<132, 256, 200 * 1024>>>(C, 4, 0, d);
  CK(cudaMemcpy(h4.data(), C, h4.size() * 4, cudaMemcpyDeviceToHost));
  size_t diff = 0, written = 0;
  for (size_t i = 0; i < h2.size(); ++i) {
    if (memcmp(&h2[i], &h4[i], 4))
      ++diff;
    unsigned u;
    memcpy(&u, &h2[i], 4);
    if (u != 0xffffffffu)
      ++written;
  }
  printf("check: %zu elements written, %zu differ between v2 and v4\n", written,
         diff);
  cudaFuncSetAttribute(store_tiles<8>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  CK(cudaMemset(C, 0xff, size_t(M) * N * 4));
  store_tiles<8><<<132, 256, 200 * 1024>>>(C, 4, 0, d);
  CK(cudaMemcpy(h4.data(), C, h4.size() * 4, cudaMemcpyDeviceToHost));
  diff = 0;
  for (size_t i = 0; i < h2.size(); ++i)
    if (memcmp(&h2[i], &h4[i], 4))
      ++diff;
  printf("check: %zu differ between v2 and v8\n", diff);
  cudaFree(d);
}

int main() {
  float *C;
  long long *d;
  CK(cudaMalloc(&C, size_t(M) * N * 4));
  CK(cudaMalloc(&d, 1024 * sizeof(long long)));
  check(C);
  for (int grid : {16, 32, 64, 132})
    for (long long spin : {0LL, 65000LL}) {
      run<2>(C, d, grid, 8, spin, "v2");
      run<4>(C, d, grid, 8, spin, "v4");
      run<8>(C, d, grid, 8, spin, "v8");
    }
  return 0;
}

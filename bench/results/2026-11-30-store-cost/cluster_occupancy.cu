// How many clusters of 2 and of 4 CTAs (384 threads, ~200 KB of shared memory
// each) the H200 holds at once.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(float *p) {
  extern __shared__ float s[];
  if (p)
    p[threadIdx.x] = s[threadIdx.x];
}
int main() {
  for (int smem : {150 * 1024, 200 * 1024, 220 * 1024}) {
    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    for (int cs : {1, 2, 4, 8}) {
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(132 / cs * cs);
      cfg.blockDim = dim3(384);
      cfg.dynamicSmemBytes = smem;
      cudaLaunchAttribute a;
      a.id = cudaLaunchAttributeClusterDimension;
      a.val.clusterDim.x = cs;
      a.val.clusterDim.y = 1;
      a.val.clusterDim.z = 1;
      cfg.attrs = &a;
      cfg.numAttrs = 1;
      int n = -1;
      cudaError_t e = cudaOccupancyMaxActiveClusters(&n, k, &cfg);
      printf("smem %d KB cluster %d: max active clusters %d (%d CTAs) %s\n",
             smem / 1024, cs, n, n * cs, cudaGetErrorString(e));
    }
  }
}

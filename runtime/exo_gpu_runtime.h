//===- exo_gpu_runtime.h - Host runtime of generated launchers --*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The small host library that every generated `<name>_launcher.h` calls: it
// loads a kernel's embedded PTX once per CUDA context, encodes TMA tensor
// maps, sizes the persistent grid and launches with the cluster attribute.
// CUDA driver API only; C++17. Every function returns the CUresult of the
// first failing step, and on failure sets the thread's lastError() message.
//
// A CUDA context must be current on the calling thread (the runtime API's
// primary context is, after any cudaSetDevice/cudaMalloc/cudaFree(0)).
//
//===----------------------------------------------------------------------===//

#ifndef EXO_GPU_RUNTIME_H
#define EXO_GPU_RUNTIME_H

#include <cuda.h>

#include <cstddef>
#include <cstdint>

namespace exo_rt {

/// What a launcher knows about its kernel. A launcher keeps one of these as a
/// static constant; the caches know a kernel by its PTX pointer and name.
struct KernelInfo {
  const char *name;     // Kernel symbol in the PTX.
  const char *ptx;      // NUL-terminated PTX text.
  unsigned blockDim;    // Threads per CTA (1-D).
  unsigned clusterDim;  // CTAs per cluster (1-D, x); 1 = no cluster.
  unsigned blocksPerSM; // CTAs resident per SM (sizes the persistent grid).
  unsigned smemBytes;   // Dynamic shared memory bytes per CTA.
};

/// Loads (once per CUDA context and KernelInfo; cached, thread-safe) the
/// module of `k` from its PTX and returns its function in `*out`. JIT errors go
/// to lastError(). Raises the function's dynamic shared memory limit to
/// k.smemBytes when that is over 48 KiB, and allows non-portable cluster sizes
/// when clusterDim > 8.
CUresult getFunction(const KernelInfo &k, CUfunction *out);

/// Encodes a tiled TMA tensor map of `rank` (1..5) dimensions at `base`.
/// `dims` and `boxDims` are outermost first, as in a row-major C array
/// (dims[0] = rows); `rowStridesBytes` holds the rank-1 byte strides of
/// dims[0..rank-2], also outermost first; the innermost dimension is
/// contiguous. Element strides are 1, no interleave, 256-byte L2 promotion,
/// out-of-bounds elements read as zero. `swizzleBytes` is 0, 32, 64 or 128.
/// Invalid arguments give CUDA_ERROR_INVALID_VALUE and a lastError() message.
CUresult encodeTiled(CUtensorMap *map, CUtensorMapDataType type, unsigned rank,
                     CUdeviceptr base, const uint64_t *dims,
                     const uint64_t *rowStridesBytes, const uint32_t *boxDims,
                     unsigned swizzleBytes);

/// The number of CTAs of a persistent launch of `f` (the function of `k`):
/// numSMs * k.blocksPerSM, capped by what fits on the device at once. With
/// clusterDim > 1 that is clusterDim times the number of clusters
/// (cuOccupancyMaxActiveClusters, at most numSMs * blocksPerSM / clusterDim);
/// else numSMs times the smaller of blocksPerSM and the CTAs per SM that
/// cuOccupancyMaxActiveBlocksPerMultiprocessor allows. An error if not even
/// one CTA or cluster fits. Cached per context, function and KernelInfo.
CUresult persistentGridSize(const KernelInfo &k, CUfunction f,
                            unsigned *gridDimX);

/// Launches `f` on `stream` with cuLaunchKernelEx: grid (gridDimX, 1, 1),
/// block (k.blockDim, 1, 1), k.smemBytes of dynamic shared memory, and the
/// cluster dimension (k.clusterDim, 1, 1) when clusterDim > 1. `params` is
/// the usual array of pointers to the kernel's arguments.
CUresult launch(const KernelInfo &k, CUfunction f, unsigned gridDimX,
                CUstream stream, void **params);

/// The number of clusters launchPersistent runs `k` on (getFunction, then
/// persistentGridSize divided by the cluster size), for a kernel whose tasks
/// are the clusters themselves.
CUresult persistentClusterCount(const KernelInfo &k, int64_t *clusters);

/// getFunction, persistentGridSize, then launch.
CUresult launchPersistent(const KernelInfo &k, CUstream stream, void **params);

/// Launches `k` with one cluster per task (`launch = grid`): the product of
/// the `n` trip counts `tasks` (each at least 0) of clusters. The kernel
/// runs tasks c, c + G, ... itself, so a grid of any size computes the
/// same: where the product is 0 or more clusters than a grid holds
/// (2^31 - 1 CTAs), it launches the persistent grid instead.
CUresult launchGrid(const KernelInfo &k, const int64_t *tasks, int n,
                    CUstream stream, void **params);

/// The message of the last failure on this thread, or "" if none: the failing
/// CUDA call, its error name and string, and what was being done. Successful
/// calls leave it alone, so read it only after a call has failed.
const char *lastError();

/// Sets `bytes` bytes at `ptr` to zero on `stream` (cuMemsetD8Async).
CUresult zeroAsync(CUdeviceptr ptr, size_t bytes, CUstream stream);

/// Device memory that lives for one call in stream order: allocate() takes
/// it from the device's default memory pool on `stream` (cuMemAllocAsync),
/// and the destructor gives it back on the same stream (cuMemFreeAsync),
/// after the work queued before. The dispatcher pads operands into it.
class StreamScratch {
public:
  StreamScratch() = default;
  StreamScratch(const StreamScratch &) = delete;
  StreamScratch &operator=(const StreamScratch &) = delete;
  ~StreamScratch();
  /// A `rows` x `columns` matrix of `elementBytes`-byte elements (refused
  /// when that is more than 2^63 - 1 bytes); `what` names the buffer in the
  /// error message.
  CUresult allocate(int64_t rows, int64_t columns, int64_t elementBytes,
                    CUstream stream, const char *what);
  CUdeviceptr ptr() const { return ptr_; }

private:
  CUdeviceptr ptr_ = 0;
  CUstream stream_ = nullptr;
};

/// Records `message` as the last error and returns CUDA_ERROR_INVALID_VALUE
/// (generated launchers use it for sizes that violate `requires`).
CUresult rejectLaunch(const char *message);

/// Integer division and remainder rounding toward negative infinity, as in
/// the affine constraints of a proc's `requires`.
inline int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }
inline int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

} // namespace exo_rt

#endif // EXO_GPU_RUNTIME_H

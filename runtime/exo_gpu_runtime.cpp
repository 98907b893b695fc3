//===- exo_gpu_runtime.cpp - Host runtime of generated launchers ----------===//
//
// Part of the Exo-GPU project.
//
// See exo_gpu_runtime.h. Loaded modules live until their context is
// destroyed; the caches key on the context's unique id (cuCtxGetId), so a
// context created later at the same address never sees a stale entry.
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

using namespace exo_rt;

namespace {

thread_local std::string lastErrorMessage;

/// "CUDA_ERROR_X (n): description" for a driver result.
std::string describe(CUresult result) {
  const char *name = nullptr;
  const char *text = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = "unknown CUresult";
  if (cuGetErrorString(result, &text) != CUDA_SUCCESS || !text)
    text = "no description";
  return std::string(name) + " (" + std::to_string(static_cast<int>(result)) +
         "): " + text;
}

/// Records the failure of `call` while doing `what` and returns `result`.
CUresult fail(CUresult result, const char *call, const std::string &what) {
  lastErrorMessage = std::string("exo_rt: ") + call + " failed with " +
                     describe(result) + "; while " + what;
  return result;
}

/// Records `message` as the failure and returns `result`.
CUresult failWith(CUresult result, const std::string &message) {
  lastErrorMessage = "exo_rt: " + message;
  return result;
}

/// Records a rejected argument and returns CUDA_ERROR_INVALID_VALUE.
CUresult invalid(const std::string &what) {
  lastErrorMessage = "exo_rt: invalid argument: " + what;
  return CUDA_ERROR_INVALID_VALUE;
}

/// Returns from the enclosing function when the driver call fails. `what` is
/// a std::string expression, only evaluated on failure.
#define EXO_RT_CHECK(call, what)                                               \
  do {                                                                         \
    CUresult exoRtResult = (call);                                             \
    if (exoRtResult != CUDA_SUCCESS)                                           \
      return fail(exoRtResult, #call, (what));                                 \
  } while (false)

std::string kernelName(const KernelInfo &k) {
  return std::string("kernel '") + (k.name ? k.name : "<null>") + "'";
}

CUresult validate(const KernelInfo &k) {
  if (!k.name || !k.ptx)
    return invalid(kernelName(k) + ": KernelInfo has a null name or PTX");
  if (k.blockDim == 0 || k.blockDim > 1024)
    return invalid(kernelName(k) + ": blockDim " + std::to_string(k.blockDim) +
                   " is not in 1..1024");
  if (k.clusterDim == 0 || k.blocksPerSM == 0)
    return invalid(kernelName(k) + ": clusterDim and blocksPerSM must be >= 1");
  return CUDA_SUCCESS;
}

/// The context current on this thread and its unique id.
CUresult currentContext(CUcontext *ctx, unsigned long long *id) {
  *ctx = nullptr;
  CUresult result = cuCtxGetCurrent(ctx);
  if (result == CUDA_SUCCESS && !*ctx)
    result = CUDA_ERROR_INVALID_CONTEXT;
  if (result != CUDA_SUCCESS)
    return fail(result, "cuCtxGetCurrent",
                "looking for the current CUDA context: make one current "
                "first (cudaSetDevice and cudaFree(0), or cuCtxSetCurrent)");
  EXO_RT_CHECK(cuCtxGetId(*ctx, id), "reading the current context's id");
  return CUDA_SUCCESS;
}

std::mutex cacheMutex;
// (context id, PTX text, kernel name, smemBytes, clusterDim) -> function. The
// function's attributes depend on the last two, so each pair gets its own
// module.
std::map<std::tuple<unsigned long long, const char *, std::string, unsigned,
                    unsigned>,
         CUfunction>
    functions;
// (context id, function, blockDim, clusterDim, blocksPerSM, smemBytes) ->
// persistent grid size.
std::map<std::tuple<unsigned long long, CUfunction, unsigned, unsigned,
                    unsigned, unsigned>,
         unsigned>
    gridSizes;

/// Why a function cannot have `smemBytes` of dynamic shared memory, for the
/// error message; best effort.
std::string sharedMemoryLimits(CUfunction f, unsigned smemBytes) {
  std::string text = std::to_string(smemBytes) + " bytes of dynamic shared " +
                     "memory requested";
  int staticBytes = 0;
  if (cuFuncGetAttribute(&staticBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                         f) == CUDA_SUCCESS)
    text += ", " + std::to_string(staticBytes) + " static";
  CUdevice device;
  int optIn = 0;
  if (cuCtxGetDevice(&device) == CUDA_SUCCESS &&
      cuDeviceGetAttribute(
          &optIn, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
          device) == CUDA_SUCCESS)
    text += ", device maximum per block " + std::to_string(optIn);
  return text;
}

/// Loads the module of `k` into the current context and sets up its function.
CUresult loadFunction(const KernelInfo &k, CUfunction *out) {
  std::vector<char> log(64 * 1024, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(
                                    static_cast<uintptr_t>(log.size() - 1))};
  CUmodule module;
  CUresult result = cuModuleLoadDataEx(&module, k.ptx, 2, options, values);
  if (result != CUDA_SUCCESS)
    return fail(result, "cuModuleLoadDataEx",
                "JIT-compiling the PTX of " + kernelName(k) + "; JIT log:\n" +
                    std::string(log.data()));

  CUfunction f;
  result = cuModuleGetFunction(&f, module, k.name);
  if (result != CUDA_SUCCESS) {
    fail(result, "cuModuleGetFunction",
         "looking up " + kernelName(k) + " in its PTX module");
  } else if (k.smemBytes > 48 * 1024 &&
             (result = cuFuncSetAttribute(
                  f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  static_cast<int>(k.smemBytes))) != CUDA_SUCCESS) {
    fail(result, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)",
         "raising the shared memory limit of " + kernelName(k) + " (" +
             sharedMemoryLimits(f, k.smemBytes) + ")");
  } else if (k.clusterDim > 8 &&
             (result = cuFuncSetAttribute(
                  f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)) !=
                 CUDA_SUCCESS) {
    fail(result, "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)",
         "allowing clusters of " + std::to_string(k.clusterDim) + " CTAs for " +
             kernelName(k));
  }
  if (result != CUDA_SUCCESS) {
    (void)cuModuleUnload(module);
    return result;
  }
  *out = f;
  return CUDA_SUCCESS;
}

/// The launch configuration of `k`; `attr` receives the cluster attribute.
CUlaunchConfig launchConfig(const KernelInfo &k, unsigned gridDimX,
                            CUstream stream, CUlaunchAttribute *attr) {
  CUlaunchConfig config = {};
  config.gridDimX = gridDimX;
  config.gridDimY = 1;
  config.gridDimZ = 1;
  config.blockDimX = k.blockDim;
  config.blockDimY = 1;
  config.blockDimZ = 1;
  config.sharedMemBytes = k.smemBytes;
  config.hStream = stream;
  if (k.clusterDim > 1) {
    *attr = {};
    attr->id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr->value.clusterDim.x = k.clusterDim;
    attr->value.clusterDim.y = 1;
    attr->value.clusterDim.z = 1;
    config.attrs = attr;
    config.numAttrs = 1;
  }
  return config;
}

std::string launchShape(const KernelInfo &k) {
  return std::to_string(k.blockDim) + " threads per CTA, " +
         std::to_string(k.smemBytes) + " bytes of dynamic shared memory, " +
         "clusters of " + std::to_string(k.clusterDim);
}

unsigned elementBytes(CUtensorMapDataType type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8:
    return 1;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
    return 2;
  case CU_TENSOR_MAP_DATA_TYPE_UINT32:
  case CU_TENSOR_MAP_DATA_TYPE_INT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
    return 8;
  default:
    return 0; // Packed sub-byte types are not supported here.
  }
}

std::string hex(uint64_t value) {
  char text[24];
  snprintf(text, sizeof(text), "0x%llx",
           static_cast<unsigned long long>(value));
  return text;
}

template <typename T> std::string list(const T *values, unsigned n) {
  if (!values)
    return "null";
  std::string text = "[";
  for (unsigned i = 0; i < n; ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

} // namespace

CUresult exo_rt::getFunction(const KernelInfo &k, CUfunction *out) {
  if (CUresult result = validate(k))
    return result;
  CUcontext ctx;
  unsigned long long ctxId;
  if (CUresult result = currentContext(&ctx, &ctxId))
    return result;

  std::lock_guard<std::mutex> lock(cacheMutex);
  auto key = std::make_tuple(ctxId, k.ptx, std::string(k.name), k.smemBytes,
                             k.clusterDim);
  auto it = functions.find(key);
  if (it == functions.end()) {
    CUfunction f;
    if (CUresult result = loadFunction(k, &f))
      return result;
    it = functions.emplace(key, f).first;
  }
  *out = it->second;
  return CUDA_SUCCESS;
}

CUresult exo_rt::encodeTiled(CUtensorMap *map, CUtensorMapDataType type,
                             unsigned rank, CUdeviceptr base,
                             const uint64_t *dims,
                             const uint64_t *rowStridesBytes,
                             const uint32_t *boxDims, unsigned swizzleBytes) {
  auto args = [&] {
    return "rank " + std::to_string(rank) + ", data type " +
           std::to_string(static_cast<int>(type)) + ", base " + hex(base) +
           ", dims " + list(dims, rank) + ", row strides " +
           list(rowStridesBytes, rank ? rank - 1 : 0) + " bytes, box " +
           list(boxDims, rank) + ", swizzle " + std::to_string(swizzleBytes) +
           " (all outermost first)";
  };
  auto reject = [&](const std::string &why) {
    return invalid("encodeTiled: " + why + "; " + args());
  };

  if (!map || reinterpret_cast<uintptr_t>(map) % 64 != 0)
    return reject("the CUtensorMap must be non-null and 64-byte aligned");
  if (rank < 1 || rank > 5)
    return reject("the rank must be 1..5");
  if (!dims || !boxDims || (rank > 1 && !rowStridesBytes))
    return reject("dims, row strides or box dims are null");
  unsigned elemBytes = elementBytes(type);
  if (elemBytes == 0)
    return reject("unsupported (packed) data type");
  if (base == 0 || base % 16 != 0)
    return reject("the base address must be non-null and 16-byte aligned");
  CUtensorMapSwizzle swizzle;
  switch (swizzleBytes) {
  case 0:
    swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
    break;
  case 32:
    swizzle = CU_TENSOR_MAP_SWIZZLE_32B;
    break;
  case 64:
    swizzle = CU_TENSOR_MAP_SWIZZLE_64B;
    break;
  case 128:
    swizzle = CU_TENSOR_MAP_SWIZZLE_128B;
    break;
  default:
    return reject("the swizzle must be 0, 32, 64 or 128 bytes");
  }
  for (unsigned i = 0; i < rank; ++i) {
    if (dims[i] == 0 || dims[i] > (uint64_t(1) << 32))
      return reject("dims[" + std::to_string(i) + "] must be in 1..2^32");
    if (boxDims[i] == 0 || boxDims[i] > 256)
      return reject("boxDims[" + std::to_string(i) + "] must be in 1..256");
  }
  for (unsigned i = 0; i + 1 < rank; ++i) {
    uint64_t stride = rowStridesBytes[i];
    if (stride == 0 || stride % 16 != 0 || stride >= (uint64_t(1) << 40))
      return reject("row stride " + std::to_string(i) +
                    " must be a non-zero multiple of 16 bytes below 2^40");
  }
  if (rank > 1 && rowStridesBytes[rank - 2] < dims[rank - 1] * elemBytes)
    return reject("the innermost row stride is smaller than a row");
  uint64_t boxInnerBytes = uint64_t(boxDims[rank - 1]) * elemBytes;
  if (boxInnerBytes % 16 != 0)
    return reject("the box's inner extent (" + std::to_string(boxInnerBytes) +
                  " bytes) must be a multiple of 16 bytes");
  if (swizzleBytes != 0 && boxInnerBytes > swizzleBytes)
    return reject("the box's inner extent (" + std::to_string(boxInnerBytes) +
                  " bytes) exceeds the swizzle span");

  // cuTensorMapEncodeTiled wants the innermost dimension first.
  cuuint64_t globalDim[5], globalStrides[5] = {};
  cuuint32_t boxDim[5], elementStrides[5];
  for (unsigned i = 0; i < rank; ++i) {
    globalDim[i] = dims[rank - 1 - i];
    boxDim[i] = boxDims[rank - 1 - i];
    elementStrides[i] = 1;
  }
  for (unsigned i = 0; i + 1 < rank; ++i)
    globalStrides[i] = rowStridesBytes[rank - 2 - i];
  EXO_RT_CHECK(cuTensorMapEncodeTiled(
                   map, type, rank,
                   reinterpret_cast<void *>(static_cast<uintptr_t>(base)),
                   globalDim, globalStrides, boxDim, elementStrides,
                   CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                   CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
               "encoding a tiled tensor map: " + args());
  return CUDA_SUCCESS;
}

CUresult exo_rt::persistentGridSize(const KernelInfo &k, CUfunction f,
                                    unsigned *gridDimX) {
  if (CUresult result = validate(k))
    return result;
  CUcontext ctx;
  unsigned long long ctxId;
  if (CUresult result = currentContext(&ctx, &ctxId))
    return result;

  std::lock_guard<std::mutex> lock(cacheMutex);
  auto key = std::make_tuple(ctxId, f, k.blockDim, k.clusterDim, k.blocksPerSM,
                             k.smemBytes);
  auto it = gridSizes.find(key);
  if (it != gridSizes.end()) {
    *gridDimX = it->second;
    return CUDA_SUCCESS;
  }

  CUdevice device;
  int numSMs = 0;
  EXO_RT_CHECK(cuCtxGetDevice(&device), "reading the current device");
  EXO_RT_CHECK(cuDeviceGetAttribute(
                   &numSMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device),
               "reading the number of SMs");
  // At most blocksPerSM CTAs per SM, and no more than fit at once.
  unsigned wanted = static_cast<unsigned>(numSMs) * k.blocksPerSM;
  unsigned grid;
  if (k.clusterDim > 1) {
    // The occupancy query needs a grid that the cluster divides.
    CUlaunchAttribute attr = {};
    CUlaunchConfig config = launchConfig(k, k.clusterDim, nullptr, &attr);
    int clusters = 0;
    EXO_RT_CHECK(cuOccupancyMaxActiveClusters(&clusters, f, &config),
                 "sizing the persistent grid of " + kernelName(k) + " (" +
                     launchShape(k) + ")");
    if (clusters <= 0)
      return failWith(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
                      "no cluster of " + kernelName(k) +
                          " fits on the device (" + launchShape(k) +
                          "): cuOccupancyMaxActiveClusters gave 0");
    unsigned wantedClusters = std::max(1u, wanted / k.clusterDim);
    grid = std::min(static_cast<unsigned>(clusters), wantedClusters) *
           k.clusterDim;
  } else {
    int perSM = 0;
    EXO_RT_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                     &perSM, f, static_cast<int>(k.blockDim), k.smemBytes),
                 "sizing the persistent grid of " + kernelName(k) + " (" +
                     launchShape(k) + ")");
    if (perSM <= 0)
      return failWith(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
                      "no CTA of " + kernelName(k) + " fits on an SM (" +
                          launchShape(k) +
                          "): cuOccupancyMaxActiveBlocksPerMultiprocessor "
                          "gave 0");
    grid = static_cast<unsigned>(numSMs) *
           std::min(k.blocksPerSM, static_cast<unsigned>(perSM));
  }
  gridSizes.emplace(key, grid);
  *gridDimX = grid;
  return CUDA_SUCCESS;
}

CUresult exo_rt::launch(const KernelInfo &k, CUfunction f, unsigned gridDimX,
                        CUstream stream, void **params) {
  if (CUresult result = validate(k))
    return result;
  if (gridDimX == 0 || gridDimX % k.clusterDim != 0)
    return invalid(kernelName(k) + ": grid of " + std::to_string(gridDimX) +
                   " CTAs is empty or not a multiple of the cluster size " +
                   std::to_string(k.clusterDim));
  CUlaunchAttribute attr = {};
  CUlaunchConfig config = launchConfig(k, gridDimX, stream, &attr);
  EXO_RT_CHECK(cuLaunchKernelEx(&config, f, params, nullptr),
               "launching " + kernelName(k) + " on " +
                   std::to_string(gridDimX) + " CTAs (" + launchShape(k) + ")");
  return CUDA_SUCCESS;
}

namespace {
/// The function of `k` and the size of its persistent grid.
CUresult persistentFunction(const exo_rt::KernelInfo &k, CUfunction *f,
                            unsigned *gridDimX) {
  if (CUresult result = exo_rt::getFunction(k, f))
    return result;
  return exo_rt::persistentGridSize(k, *f, gridDimX);
}
} // namespace

CUresult exo_rt::persistentClusterCount(const KernelInfo &k,
                                        int64_t *clusters) {
  CUfunction f;
  unsigned gridDimX;
  if (CUresult result = persistentFunction(k, &f, &gridDimX))
    return result;
  *clusters = gridDimX / k.clusterDim;
  return CUDA_SUCCESS;
}

CUresult exo_rt::launchPersistent(const KernelInfo &k, CUstream stream,
                                  void **params) {
  CUfunction f;
  unsigned gridDimX;
  if (CUresult result = persistentFunction(k, &f, &gridDimX))
    return result;
  return launch(k, f, gridDimX, stream, params);
}

CUresult exo_rt::launchGrid(const KernelInfo &k, const int64_t *tasks, int n,
                            CUstream stream, void **params) {
  // The clusters of the grid, saturated past what a grid holds.
  const int64_t maxClusters =
      INT32_MAX / static_cast<int64_t>(std::max(k.clusterDim, 1u));
  int64_t clusters = 1;
  for (int i = 0; i < n; ++i) {
    int64_t t = std::max<int64_t>(tasks[i], 0);
    clusters =
        t != 0 && clusters > maxClusters / t ? maxClusters + 1 : clusters * t;
  }
  if (clusters < 1 || clusters > maxClusters)
    return launchPersistent(k, stream, params);
  CUfunction f;
  if (CUresult result = getFunction(k, &f))
    return result;
  return launch(k, f, static_cast<unsigned>(clusters * k.clusterDim), stream,
                params);
}

const char *exo_rt::lastError() { return lastErrorMessage.c_str(); }

CUresult exo_rt::zeroAsync(CUdeviceptr ptr, size_t bytes, CUstream stream) {
  CUresult r = cuMemsetD8Async(ptr, 0, bytes, stream);
  if (r != CUDA_SUCCESS)
    return fail(r, "cuMemsetD8Async",
                "zeroing " + std::to_string(bytes) + " bytes before a launch");
  return r;
}

CUresult exo_rt::StreamScratch::allocate(int64_t rows, int64_t columns,
                                         int64_t elementBytes, CUstream stream,
                                         const char *what) {
  int64_t elements = 0, bytes = 0;
  if (rows < 0 || columns < 0 || elementBytes <= 0 ||
      __builtin_mul_overflow(rows, columns, &elements) ||
      __builtin_mul_overflow(elements, elementBytes, &bytes))
    return invalid(std::string(what) + " needs " + std::to_string(rows) +
                   " x " + std::to_string(columns) + " elements of " +
                   std::to_string(elementBytes) +
                   " bytes: more than 2^63 - 1 bytes");
  if (ptr_)
    return invalid(std::string(what) + " is allocated twice");
  CUresult r = cuMemAllocAsync(&ptr_, size_t(bytes ? bytes : 1), stream);
  if (r != CUDA_SUCCESS) {
    ptr_ = 0;
    return fail(r, "cuMemAllocAsync",
                "allocating " + std::to_string(bytes) + " bytes for " + what);
  }
  stream_ = stream;
  return CUDA_SUCCESS;
}

exo_rt::StreamScratch::~StreamScratch() {
  if (ptr_)
    (void)cuMemFreeAsync(ptr_, stream_);
}

CUresult exo_rt::rejectLaunch(const char *message) { return invalid(message); }

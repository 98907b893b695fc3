//===- exo_torch.h - Argument checks of the PyTorch operators ---*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// What every generated operator (exo_torch_ops.cpp, from
// `scripts/registry.py torch`) does before it calls the dispatcher: each
// tensor is checked against its type in the registry (device, dtype, rank,
// contiguity) and its sizes are bound by name, so that a mismatch is reported
// as "B has K = 64 but A has K = 100". The CUDA device of the first tensor is
// made current and the call runs on its current PyTorch stream.
//
//===----------------------------------------------------------------------===//

#ifndef EXO_TORCH_H
#define EXO_TORCH_H

#include "exo_gpu_runtime.h"

#include <ATen/ATen.h>
#include <ATen/MemoryOverlap.h>
#include <ATen/core/Tensor.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

#include <cuda.h>

#include <initializer_list>
#include <map>
#include <optional>
#include <string>

namespace exo_torch {

/// Numbers in messages are formatted by std::to_string, never by an ostream:
/// a compiler newer than the libstdc++ that PyTorch loads (as on machines
/// with a separate GCC for extensions) makes an inlined ostream number
/// insertion crash in the locale code.
inline std::string num(int64_t n) { return std::to_string(n); }

/// "[2, 3]".
inline std::string shapeOf(at::IntArrayRef sizes) {
  std::string s = "[";
  for (size_t i = 0; i < sizes.size(); ++i)
    s += (i ? ", " : "") + num(sizes[i]);
  return s + "]";
}

/// Checks the tensors of one call and binds the sizes they name.
class Binder {
public:
  explicit Binder(const char *function) : function_(function) {}

  /// `t` must be a defined, contiguous CUDA tensor of `type` with one
  /// dimension per name of `dims`, on the device of the earlier tensors, and
  /// agree on every size an earlier tensor bound.
  void tensor(const at::Tensor &t, const char *name, at::ScalarType type,
              std::initializer_list<const char *> dims) {
    TORCH_CHECK(t.defined(), "exo_gpu::", function_, ": ", name,
                " is undefined");
    TORCH_CHECK(t.is_cuda(), "exo_gpu::", function_, ": ", name, " is on ",
                t.device(), "; the kernels take CUDA tensors");
    if (!device_) {
      device_ = t.device();
      first_ = name;
    }
    TORCH_CHECK(t.device() == *device_, "exo_gpu::", function_, ": ", name,
                " is on ", t.device(), " but ", first_, " is on ", *device_);
    TORCH_CHECK(t.scalar_type() == type, "exo_gpu::", function_, ": ", name,
                " has dtype ", t.scalar_type(), "; expected ", type);
    std::string shape;
    for (const char *d : dims)
      shape += (shape.empty() ? "" : ", ") + std::string(d);
    TORCH_CHECK(t.dim() == int64_t(dims.size()), "exo_gpu::", function_, ": ",
                name, " has ", num(t.dim()), " dimensions; expected ",
                num(int64_t(dims.size())), " [", shape, "]");
    TORCH_CHECK(t.is_contiguous(), "exo_gpu::", function_, ": ", name,
                " is not contiguous (row-major); call .contiguous() first");
    int64_t i = 0;
    for (const char *d : dims) {
      int64_t n = t.size(i++);
      auto it = sizes_.find(d);
      if (it == sizes_.end()) {
        sizes_[d] = {n, name};
        continue;
      }
      TORCH_CHECK(it->second.first == n, "exo_gpu::", function_, ": ", name,
                  " has ", d, " = ", num(n), " but ", it->second.second,
                  " has ", d, " = ", num(it->second.first));
    }
  }

  /// The size `name` that a tensor bound.
  int64_t size(const char *name) const {
    auto it = sizes_.find(name);
    TORCH_INTERNAL_ASSERT(it != sizes_.end(), "size ", name, " is unbound");
    return it->second.first;
  }

  /// The output may not share memory with an input.
  void noOverlap(const at::Tensor &out,
                 std::initializer_list<at::Tensor> inputs) const {
    for (const at::Tensor &in : inputs)
      at::assert_no_overlap(out, in);
  }

  /// The current PyTorch stream of the tensors' device, with that device
  /// (and its primary context, which the launchers' driver calls use) current
  /// until the Binder goes.
  CUstream stream() {
    TORCH_INTERNAL_ASSERT(device_, "no tensor bound");
    guard_.emplace(*device_);
    CUcontext context = nullptr;
    if (cuCtxGetCurrent(&context) != CUDA_SUCCESS || !context)
      C10_CUDA_CHECK(cudaFree(nullptr)); // Makes the primary context current.
    return reinterpret_cast<CUstream>(
        at::cuda::getCurrentCUDAStream(device_->index()).stream());
  }

  static CUdeviceptr ptr(const at::Tensor &t) {
    return reinterpret_cast<CUdeviceptr>(t.data_ptr());
  }

  /// Raises the dispatcher's error, which names every variant's reason when
  /// none accepts the sizes.
  void check(CUresult result) const {
    TORCH_CHECK(result == CUDA_SUCCESS, "exo_gpu::", function_, ": ",
                exo_rt::lastError());
  }

private:
  const char *function_;
  std::optional<at::Device> device_;
  const char *first_ = nullptr;
  std::map<std::string, std::pair<int64_t, const char *>> sizes_;
  std::optional<c10::cuda::CUDAGuard> guard_;
};

/// The operators in PyTorch's conventions (gemm, linear, gemv, scaled_mm;
/// csrc/conveniences.cpp), over the generated ones.
void defineConveniences(torch::Library &m);
void implementConveniences(torch::Library &m);

} // namespace exo_torch

#endif // EXO_TORCH_H

//===- conveniences.cpp - Operators in PyTorch's conventions -------------===//
//
// Part of the Exo-GPU project.
//
// The generated operators take the kernels' layouts (B as [N, K], row-major).
// These take PyTorch's: gemm(a, b) is a @ b, linear(x, w) is F.linear without
// a bias, scaled_mm takes torch._scaled_mm's operands. Each picks the
// dispatched function by dtype and passes a transposed operand without a copy
// when its memory already has the kernels' layout.
//
//===----------------------------------------------------------------------===//

#include "exo_torch.h"
#include "exo_torch_ops.h"

#include <ATen/ATen.h>

namespace exo_torch {
namespace {

/// b [K, N] as the row-major [N, K] the kernels read: a view when b is the
/// transpose of a row-major tensor (b = w.t()), a copy otherwise.
at::Tensor asRowsOfN(const at::Tensor &b) {
  at::Tensor t = b.t();
  return t.is_contiguous() ? t : t.contiguous();
}

void checkMatrices(const char *op, const at::Tensor &a, const at::Tensor &b,
                   int64_t aCols, int64_t bRows) {
  TORCH_CHECK(a.dim() == 2 && b.dim() == 2, "exo_gpu::", op,
              ": a and b must be matrices; they have ", num(a.dim()), " and ",
              num(b.dim()), " dimensions");
  TORCH_CHECK(aCols == bRows, "exo_gpu::", op, ": a is ", shapeOf(a.sizes()),
              " and b is ", shapeOf(b.sizes()), "; the inner sizes differ");
  TORCH_CHECK(a.scalar_type() == b.scalar_type(), "exo_gpu::", op, ": a is ",
              a.scalar_type(), " but b is ", b.scalar_type());
}

at::Tensor gemmRows(const char *op, const at::Tensor &a,
                    const at::Tensor &bRows) {
  switch (a.scalar_type()) {
  case at::kFloat:
    return gemm_tf32(a.contiguous(), bRows);
  case at::kBFloat16:
    return gemm_bf16(a.contiguous(), bRows);
  default:
    TORCH_CHECK(false, "exo_gpu::", op, ": no kernel for ", a.scalar_type(),
                "; float32 (tf32 products) and bfloat16 are supported");
  }
}

/// a @ b: a [M, K], b [K, N]; float32 or bfloat16, float32 result.
at::Tensor gemm(const at::Tensor &a, const at::Tensor &b) {
  checkMatrices("gemm", a, b, a.dim() == 2 ? a.size(1) : 0,
                b.dim() == 2 ? b.size(0) : 0);
  return gemmRows("gemm", a, asRowsOfN(b));
}

/// x @ w^T: x [..., K], w [N, K] (a PyTorch weight); result [..., N].
at::Tensor linear(const at::Tensor &x, const at::Tensor &w) {
  TORCH_CHECK(x.dim() >= 1 && w.dim() == 2, "exo_gpu::linear: x must have ",
              "at least one dimension and w two; they have ", num(x.dim()),
              " and ", num(w.dim()));
  TORCH_CHECK(x.size(-1) == w.size(1), "exo_gpu::linear: x is ",
              shapeOf(x.sizes()), " and w is ", shapeOf(w.sizes()),
              "; x's last size must be w's second");
  TORCH_CHECK(x.scalar_type() == w.scalar_type(), "exo_gpu::linear: x is ",
              x.scalar_type(), " but w is ", w.scalar_type());
  at::Tensor rows = x.reshape({-1, x.size(-1)});
  at::Tensor y = gemmRows("linear", rows, w.contiguous());
  std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
  shape.back() = w.size(0);
  return y.view(shape);
}

/// A @ x: A [M, K], x [K], float32.
at::Tensor gemv(const at::Tensor &A, const at::Tensor &x) {
  TORCH_CHECK(A.scalar_type() == at::kFloat && x.scalar_type() == at::kFloat,
              "exo_gpu::gemv: A and x must be float32; they are ",
              A.scalar_type(), " and ", x.scalar_type());
  return gemv_f32(A.contiguous(), x.contiguous());
}

/// One scale per row (per column): a tensor of one element, of n, or of
/// shape [n, 1] ([1, n]), as torch._scaled_mm takes them.
at::Tensor scaleVector(const char *name, const at::Tensor &s, int64_t n) {
  TORCH_CHECK(s.scalar_type() == at::kFloat, "exo_gpu::scaled_mm: ", name,
              " must be float32; it is ", s.scalar_type());
  if (s.numel() == 1)
    return s.reshape({1}).expand({n}).contiguous();
  TORCH_CHECK(s.numel() == n && s.dim() <= 2, "exo_gpu::scaled_mm: ", name,
              " is ", shapeOf(s.sizes()), "; expected one element or ", num(n));
  return s.reshape({n}).contiguous();
}

/// bf16(scale_a[M] scale_b[N] (a @ b)): a [M, K] and b [K, N] float8_e4m3fn,
/// per-tensor or per-row / per-column float32 scales.
at::Tensor scaledMm(const at::Tensor &a, const at::Tensor &b,
                    const at::Tensor &scaleA, const at::Tensor &scaleB) {
  checkMatrices("scaled_mm", a, b, a.dim() == 2 ? a.size(1) : 0,
                b.dim() == 2 ? b.size(0) : 0);
  TORCH_CHECK(a.scalar_type() == at::kFloat8_e4m3fn, "exo_gpu::scaled_mm: ",
              "a and b must be float8_e4m3fn; they are ", a.scalar_type());
  return gemm_e4m3_scaled(a.contiguous(), asRowsOfN(b),
                          scaleVector("scale_a", scaleA, a.size(0)),
                          scaleVector("scale_b", scaleB, b.size(1)));
}

} // namespace

void defineConveniences(torch::Library &m) {
  m.def("gemm(Tensor a, Tensor b) -> Tensor");
  m.def("linear(Tensor x, Tensor w) -> Tensor");
  m.def("gemv(Tensor A, Tensor x) -> Tensor");
  m.def("scaled_mm(Tensor a, Tensor b, Tensor scale_a, Tensor scale_b) -> "
        "Tensor");
}

void implementConveniences(torch::Library &m) {
  m.impl("gemm", &gemm);
  m.impl("linear", &linear);
  m.impl("gemv", &gemv);
  m.impl("scaled_mm", &scaledMm);
}

} // namespace exo_torch

#!/usr/bin/env python3
"""The PyTorch operators (python/exo_gpu) on the GPU: every operator against
an fp64 reference and against PyTorch's own (torch.matmul, F.linear,
torch._scaled_mm) on fresh random data, the .out forms on outputs poisoned
with NaN first, and the errors a user meets.

Usage: torch_check.py GEN_DIR   (the output of bench/gpu/gen.sh)
Prints one line per check and exits non-zero when one fails; exits 0 with
"SKIP" when PyTorch or a GPU is missing.
"""

import math
import os
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("SKIP torch_check: no PyTorch")
    sys.exit(0)
if not torch.cuda.is_available():
    print("SKIP torch_check: no CUDA device")
    sys.exit(0)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
import exo_gpu  # noqa: E402

ops = exo_gpu.load(sys.argv[1])
failures = 0


def report(ok, what, detail=""):
    global failures
    failures += not ok
    print(f"{'PASS' if ok else 'FAIL'} {what}{': ' + detail if detail else ''}")


def rel_err(x, ref):
    """Frobenius norm of the difference over that of the reference; inf
    where x has a NaN or an infinity."""
    x, ref = x.double(), ref.double()
    if not torch.isfinite(x).all():
        return math.inf
    return ((x - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def close(what, x, ref, tol):
    e = rel_err(x, ref)
    report(e <= tol, what, f"rel_err {e:.2e} (tolerance {tol:.0e})")


def raises(what, fn, text):
    try:
        fn()
    except RuntimeError as e:
        report(text in str(e), what, str(e).splitlines()[0][:160])
        return
    report(False, what, "no error")


gen = torch.Generator(device="cuda").manual_seed(20261202)


def rand(*shape, dtype=torch.float32):
    return torch.randn(*shape, device="cuda", generator=gen).to(dtype)


# gemm_tf32 / gemm_bf16 (B as [N, K]) and their .out forms: fp64 reference
# and cuBLAS through torch.matmul, at a square, an odd and an LLM shape.
torch.backends.cuda.matmul.allow_tf32 = True
# 333x517x1001 and 64x64x13: K gives rows that no TMA kernel addresses; the
# dispatcher pads A and B.
for M, N, K in [(1024, 1024, 1024), (1000, 1000, 1000), (128, 6144, 4096),
                (333, 517, 1001), (64, 64, 13)]:
    for dtype, name, tol in [(torch.float32, "gemm_tf32", 2e-3),
                             (torch.bfloat16, "gemm_bf16", 1e-4)]:
        A, B = rand(M, K, dtype=dtype), rand(N, K, dtype=dtype)
        ref = A.double() @ B.double().t()
        C = getattr(ops, name)(A, B)
        close(f"{name} {M}x{N}x{K} vs fp64", C, ref, tol)
        out = torch.full((M, N), math.nan, device="cuda")
        getattr(ops, name).out(A, B, out=out)
        close(f"{name}.out {M}x{N}x{K} (poisoned output)", out, ref, tol)
        # torch.matmul is cuBLAS: tf32 rounds, ours truncates, so the two
        # differ by about twice the tolerance of each.
        mm = (torch.matmul(A, B.t()) if dtype == torch.float32 else
              torch.mm(A, B.t(), out_dtype=torch.float32))
        close(f"{name} {M}x{N}x{K} vs torch.matmul", C, mm, 2 * tol)

# The conveniences: gemm is a @ b with b [K, N] in either layout; linear
# keeps x's leading dimensions.
a, w = rand(512, 768), rand(256, 768)
close("gemm(a, w.t()) (b the transpose of a row-major tensor)", ops.gemm(a, w.t()),
      torch.matmul(a, w.t()), 4e-3)
b = rand(768, 256)
close("gemm(a, b) (b row-major)", ops.gemm(a, b),
      a.double() @ b.double(), 2e-3)
x = rand(4, 128, 768, dtype=torch.bfloat16)
wb = rand(384, 768, dtype=torch.bfloat16)
y = ops.linear(x, wb)
report(tuple(y.shape) == (4, 128, 384), "linear keeps leading dimensions",
       str(tuple(y.shape)))
close("linear bf16 vs F.linear", y, F.linear(x.float(), wb.float()), 1e-4)
report(ops.gemm(rand(0, 64), rand(64, 32)).shape == (0, 32),
       "gemm with M = 0 is empty")

# gemv.
A, v = rand(4096, 4096), rand(4096)
close("gemv 4096x4096 vs fp64", ops.gemv(A, v), A.double() @ v.double(), 1e-5)

# Fused epilogues: bf16(act(A B^T + bias)).
acts = {"relu": torch.relu, "silu": F.silu,
        "gelu": lambda t: F.gelu(t, approximate="tanh")}
for name in ["gemm_tf32_bias_relu", "gemm_tf32_bias_gelu",
             "gemm_tf32_bias_silu", "gemm_bf16_bias_relu",
             "gemm_bf16_bias_gelu"]:
    dtype = torch.float32 if "tf32" in name else torch.bfloat16
    A, B, bias = rand(1024, 1024, dtype=dtype), rand(1024, 1024, dtype=dtype), \
        rand(1024)
    ref = acts[name.rsplit("_", 1)[1]](A.double() @ B.double().t() + bias.double())
    out = torch.full((1024, 1024), math.nan, device="cuda",
                     dtype=torch.bfloat16)
    getattr(ops, name).out(A, B, bias, out=out)
    close(f"{name}.out 1024^3 (poisoned output)", out, ref, 1e-2)

# fp8: scaled_mm against torch._scaled_mm, per-row / per-column and
# per-tensor scales.
M, N, K = 1024, 2048, 4096
a8 = (rand(M, K) * 0.5).to(torch.float8_e4m3fn)
b8 = (rand(N, K) * 0.5).to(torch.float8_e4m3fn)
sa, sb = rand(M).abs() + 0.5, rand(N).abs() + 0.5
ref = (a8.double() @ b8.double().t()) * sa.double()[:, None] * sb.double()[None, :]
c8 = ops.scaled_mm(a8, b8.t(), sa[:, None], sb[None, :])
close("scaled_mm rowwise vs fp64", c8, ref, 1e-2)
tm = torch._scaled_mm(a8, b8.t(), scale_a=sa[:, None], scale_b=sb[None, :],
                      out_dtype=torch.bfloat16)
close("scaled_mm rowwise vs torch._scaled_mm", c8, tm, 1e-2)
one_a, one_b = torch.tensor(0.75, device="cuda"), torch.tensor(2.0,
                                                               device="cuda")
close("scaled_mm per-tensor vs torch._scaled_mm",
      ops.scaled_mm(a8, b8.t(), one_a, one_b),
      torch._scaled_mm(a8, b8.t(), scale_a=one_a, scale_b=one_b,
                       out_dtype=torch.bfloat16), 1e-2)

# attention_fwd_bf16 / attention_fwd_causal_bf16 ([B, H, N, D] bf16 Q, K, V;
# O bf16 and the log-sum-exp L f32) and their f16 forms: against an fp32
# reference and SDPA, and the .out form on outputs poisoned with NaN.
def attention_ref(q, k, v, causal):
    s = (q.float() @ k.float().transpose(-1, -2)) / math.sqrt(q.shape[-1])
    if causal:
        n = q.shape[2]
        s = s.masked_fill(torch.ones(n, n, dtype=torch.bool,
                                     device="cuda").triu(1), float("-inf"))
    return torch.softmax(s, -1) @ v.float(), torch.logsumexp(s, -1)


for (B_, H_, N_, D_), dt in [((1, 2, 256, 64), "bf16"),
                             ((2, 3, 640, 128), "bf16"),
                             ((1, 2, 200, 64), "bf16"), ((2, 1, 77, 128), "bf16"),
                             ((1, 2, 256, 128), "f16"), ((2, 1, 200, 64), "f16"),
                             # N >= 8192: the causal functions run their
                             # one-CTA-per-task kernels (launch = grid).
                             ((1, 2, 8192, 64), "bf16"),
                             ((1, 1, 8192, 128), "f16"),
                             # ... and their partial-tile forms.
                             ((1, 2, 8200, 128), "bf16"),
                             ((1, 1, 8250, 64), "f16")]:
    dtype = torch.bfloat16 if dt == "bf16" else torch.float16
    q, k, v = (rand(B_, H_, N_, D_, dtype=dtype) for _ in range(3))
    for causal in (False, True):
        name = f"attention_fwd_{'causal_' if causal else ''}{dt}"
        o_ref, l_ref = attention_ref(q, k, v, causal)
        o, lse = getattr(ops, name)(q, k, v)
        what = f"{name} B={B_} H={H_} N={N_} D={D_}"
        close(f"{what} O vs fp32", o, o_ref, 2e-2)
        close(f"{what} L vs fp32", lse, l_ref, 1e-5)
        close(f"{what} O vs SDPA", o,
              F.scaled_dot_product_attention(q, k, v, is_causal=causal), 2e-2)
        o2 = torch.full_like(o, float("nan"))
        l2 = torch.full_like(lse, float("nan"))
        r = getattr(ops, name).out(q, k, v, O=o2, L=l2)
        report(r[0].data_ptr() == o2.data_ptr() and
               r[1].data_ptr() == l2.data_ptr(), f"{what} .out returns O, L")
        close(f"{what} .out O", o2, o_ref, 2e-2)
        close(f"{what} .out L", l2, l_ref, 1e-5)
q = rand(1, 1, 256, 96, dtype=torch.bfloat16)
raises("attention D = 96", lambda: ops.attention_fwd_bf16(q, q, q),
       "no kernel accepts the sizes")

# What a user gets wrong.
A, B = rand(256, 128), rand(256, 128)
raises("wrong dtype", lambda: ops.gemm_tf32(A.double(), B),
       "A has dtype Double; expected Float")
raises("sizes disagree", lambda: ops.gemm_tf32(A, rand(256, 64)),
       "B has K = 64 but A has K = 128")
raises("not contiguous", lambda: ops.gemm_tf32(A.t(), B),
       "A is not contiguous")
raises("host tensor", lambda: ops.gemm_tf32(A.cpu(), B), "A is on cpu")
raises("wrong rank", lambda: ops.gemv_f32(A, B), "x has 2 dimensions")
raises("output overlaps an input",
       lambda: ops.gemm_tf32.out(A[:, :128], B[:128], out=A[:, :128]),
       "unsupported operation")
raises("no variant accepts the sizes",
       lambda: ops.gemm_tf32_bias_relu(rand(64, 8), rand(3, 8), rand(3)),
       "no kernel accepts the sizes")
raises("gemm inner sizes differ", lambda: ops.gemm(A, B), "the inner sizes differ")
raises("gemm dtype", lambda: ops.gemm(A.half(), B.t().half()),
       "no kernel for Half")
raises("gemm of a vector", lambda: ops.gemm(A[0], B), "they have 1 and 2")
raises("linear sizes", lambda: ops.linear(A, rand(64, 100)),
       "x is [256, 128] and w is [64, 100]")
raises("scaled_mm scale size",
       lambda: ops.scaled_mm(a8, b8.t(), sa[:5], sb),
       "scale_a is [5]; expected one element or 1024")
torch.cuda.synchronize()
print(f"torch_check: {failures} failed")
sys.exit(1 if failures else 0)

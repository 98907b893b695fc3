#!/usr/bin/env python3
"""Attention forward: Exo-GPU's kernel against PyTorch's
scaled_dot_product_attention with the cuDNN and the flash backends, in one
process on the same buffers.

Usage: bench_attention.py GEN_DIR OUT_DIR [--reps N] [--quick]
       [--check-only] [--seqs S,S,...] [--causal-only]

GEN_DIR holds the launchers of the attention_fwd_* kernels (those
examples/attention/gen_attention_fwd.py writes: bf16 and f16, D = 64 and
128, causal or not) and exo_attention.h, the dispatcher of the attention
functions (bench/gpu/gen_attention.sh or gen.sh writes them). They are built into a small PyTorch extension, which makes one call
per shape, as a user would: exo_kernels::attention_fwd_bf16,
attention_fwd_causal_bf16 or their f16 forms, which run the kernel that
accepts the head dimension, on the current stream.

Correctness first, for bf16 and f16, at small and FA3-sized shapes: fresh
random Q, K, V (standard normal), O and L poisoned with NaN, against a
reference computed in fp32 from the same inputs (scores, softmax, P V,
log-sum-exp); the normwise error of O must be below 2e-2 (two roundings to
the element type, of P and of O) and that of L below 1e-5. The two SDPA
backends are checked against the same reference and reported. Then, for
each element type at the FA3 paper's shapes (B S = 16k tokens, H D = 2048,
D in 64, 128, S in 1k, 4k, 8k, 16k; causal and not), the three are timed
interleaved, L2 flushed before each run, median of N runs: TFLOP/s counts
4 B H S^2 D flops, half of that when causal. OUT_DIR receives attention.csv
and attention.md. Exits non-zero when a check fails.
"""

import argparse
import csv
import math
import os
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.utils import cpp_extension

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from bench_torch import median_ms_interleaved, rel_err  # noqa: E402

PEAK_TFLOPS = 989.4  # H100/H200 SXM dense bf16 and f16
DTYPES = {"bf16": torch.bfloat16, "f16": torch.float16}
O_TOLERANCE = 2e-2
L_TOLERANCE = 1e-5

EXTENSION = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include "exo_attention.h"

// O and L (f32) of attention over contiguous [B, H, S, D] Q, K, V and O,
// all bf16 or all f16 (D = 64 or 128), written into the given O and L;
// causal: row i attends to keys j <= i.
void attention_fwd(torch::Tensor q, torch::Tensor k, torch::Tensor v,
                   torch::Tensor o, torch::Tensor l, bool causal) {
  bool half = q.dtype() == torch::kHalf;
  for (const torch::Tensor &t : {q, k, v, o}) {
    TORCH_CHECK(t.is_cuda() && t.dtype() == q.dtype() &&
                    (half || t.dtype() == torch::kBFloat16) &&
                    t.dim() == 4 && t.is_contiguous() &&
                    t.sizes() == q.sizes(),
                "Q, K, V and O must be contiguous [B, H, S, D] CUDA "
                "tensors of one shape, all bf16 or all f16");
  }
  TORCH_CHECK(l.is_cuda() && l.dtype() == torch::kFloat32 &&
                  l.is_contiguous() && l.dim() == 3 &&
                  l.size(0) == q.size(0) && l.size(1) == q.size(1) &&
                  l.size(2) == q.size(2),
              "L must be a contiguous [B, H, S] f32 CUDA tensor");
  auto ptr = [](const torch::Tensor &t) {
    return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(t.data_ptr()));
  };
  CUstream stream = at::cuda::getCurrentCUDAStream().stream();
  auto *function =
      half ? (causal ? &exo_kernels::attention_fwd_causal_f16
                     : &exo_kernels::attention_fwd_f16)
           : (causal ? &exo_kernels::attention_fwd_causal_bf16
                     : &exo_kernels::attention_fwd_bf16);
  CUresult r = function(stream, q.size(0), q.size(1), q.size(2), q.size(3),
                        ptr(q), ptr(k), ptr(v), ptr(o), ptr(l));
  TORCH_CHECK(r == CUDA_SUCCESS, "attention_fwd: ", exo_rt::lastError());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("attention_fwd", &attention_fwd);
}
"""


def build(gen_dir):
    build_dir = os.path.join(gen_dir, "attention-build")
    os.makedirs(build_dir, exist_ok=True)
    cuda = cpp_extension.CUDA_HOME or "/usr/local/cuda"
    src = os.path.join(build_dir, "attention_ext.cpp")
    with open(src, "w") as f:
        f.write(EXTENSION)
    return cpp_extension.load(
        name="exo_attention", sources=[
            src, os.path.join(ROOT, "runtime", "exo_gpu_runtime.cpp")],
        extra_include_paths=[gen_dir, os.path.join(ROOT, "runtime")],
        extra_cflags=["-O2"],
        extra_ldflags=[f"-L{cuda}/lib64/stubs", "-lcuda"],
        build_directory=build_dir, with_cuda=True, verbose=False)


def reference(q, k, v, causal):
    """O and L in fp32 from the bf16 inputs, one head at a time (fp64
    accumulation would not change the comparison: the bound is bf16's)."""
    B, H, S, D = q.shape
    o = torch.empty(B, H, S, D, dtype=torch.float32, device=q.device)
    lse = torch.empty(B, H, S, dtype=torch.float32, device=q.device)
    scale = 1.0 / math.sqrt(D)
    for b in range(B):
        for h in range(H):
            s = (q[b, h].float() @ k[b, h].float().T) * scale
            if causal:
                s.masked_fill_(torch.ones_like(s, dtype=torch.bool).triu_(1),
                               float("-inf"))
            lse[b, h] = torch.logsumexp(s, dim=-1)
            o[b, h] = torch.softmax(s, dim=-1) @ v[b, h].float()
    return o, lse


def sdpa(backend, q, k, v, causal):
    with sdpa_kernel(backend):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gen_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seqs", help="time these sequence lengths instead "
                    "(comma-separated; B = 16384 // S, H = 2048 // D as at "
                    "the FA3 shapes)")
    ap.add_argument("--causal-only", action="store_true")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    ext = build(os.path.abspath(args.gen_dir))
    dev = torch.device("cuda")
    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}"
          f"  cuDNN {torch.backends.cudnn.version()}")
    backends = {"cuDNN": SDPBackend.CUDNN_ATTENTION,
                "flash": SDPBackend.FLASH_ATTENTION}
    failed = False

    def run_exo(q, k, v, o, lse, causal):
        ext.attention_fwd(q, k, v, o, lse, causal)

    # Correctness.
    check_shapes = [(1, 2, 128, 64), (1, 2, 256, 64), (2, 3, 1024, 64),
                    (1, 2, 128, 128), (2, 3, 640, 128),
                    # Partial last tiles (S not a multiple of 128).
                    (1, 2, 200, 64), (2, 3, 1000, 64), (1, 2, 77, 128),
                    (2, 3, 650, 128)]
    if not args.quick:
        check_shapes += [(4, 32, 4096, 64), (1, 32, 16384, 64),
                         (4, 16, 4096, 128), (1, 16, 16384, 128)]
    # Both element types at every shape.
    check_cases = [(shape, causal, dtype) for dtype in DTYPES
                   for shape in check_shapes for causal in (False, True)]
    gen = torch.Generator(device=dev)
    for seed, ((B, H, S, D), causal, dtype) in enumerate(check_cases):
        gen.manual_seed(1000 + seed)
        q, k, v = (torch.randn(B, H, S, D, device=dev, generator=gen)
                   .to(DTYPES[dtype]) for _ in range(3))
        o = torch.full_like(q, float("nan"))
        lse = torch.full((B, H, S), float("nan"), device=dev)
        run_exo(q, k, v, o, lse, causal)
        torch.cuda.synchronize()
        o_ref, l_ref = reference(q, k, v, causal)
        eo = rel_err(o, o_ref.double())
        el = rel_err(lse, l_ref.double())
        ok = eo < O_TOLERANCE and el < L_TOLERANCE
        failed |= not ok
        others = "  ".join(
            f"{name} O {rel_err(sdpa(bk, q, k, v, causal), o_ref.double()):.2e}"
            for name, bk in backends.items())
        print(f"CHECK attention {dtype} B={B} H={H} S={S} D={D} "
              f"causal={int(causal)}: O {eo:.2e} "
              f"(bound {O_TOLERANCE:.0e}), L {el:.2e} (bound "
              f"{L_TOLERANCE:.0e}); {others} {'PASS' if ok else 'FAIL'}")
    if failed or args.check_only:
        print("ALL CHECKS PASSED" if not failed else "SOME CHECKS FAILED")
        return 1 if failed else 0

    # Timing at the FA3 shapes.
    flush = torch.empty(256 << 20, dtype=torch.uint8, device=dev)
    rows = []
    seqs = [1024, 4096] if args.quick else [1024, 4096, 8192, 16384]
    if args.seqs:
        seqs = [int(x) for x in args.seqs.split(",")]
    for dtype, causal, D, S in [(t, c, d, s) for t in DTYPES
                                for c in ((True,) if args.causal_only
                                          else (False, True))
                                for d in (64, 128) for s in seqs]:
        B, H = 16384 // S, 2048 // D
        gen.manual_seed(S)
        q, k, v = (torch.randn(B, H, S, D, device=dev, generator=gen)
                   .to(DTYPES[dtype]) for _ in range(3))
        o = torch.empty_like(q)
        lse = torch.empty(B, H, S, device=dev)
        runs = [lambda: run_exo(q, k, v, o, lse, causal)]
        runs += [lambda bk=bk: sdpa(bk, q, k, v, causal)
                 for bk in backends.values()]
        ms = median_ms_interleaved(runs, args.reps, flush)
        flops = 4.0 * B * H * S * S * D / (2 if causal else 1)
        tf = [flops / (t * 1e-3) / 1e12 for t in ms]
        row = {"dtype": dtype, "B": B, "H": H, "S": S, "D": D,
               "causal": int(causal)}
        for who, t, f in zip(["exo", "cuDNN", "flash"], ms, tf):
            row[f"{who}_ms"] = f"{t:.4f}"
            row[f"{who}_tflops"] = f"{f:.1f}"
        row["vs_cuDNN"] = f"{ms[1] / ms[0]:.3f}"
        row["vs_flash"] = f"{ms[2] / ms[0]:.3f}"
        rows.append(row)
        print(f"TIME {dtype} B={B} H={H} S={S} D={D} causal={int(causal)}: "
              f"exo {tf[0]:.1f} TFLOP/s "
              f"({100 * tf[0] / PEAK_TFLOPS:.1f} % of {PEAK_TFLOPS}), cuDNN "
              f"{tf[1]:.1f}, flash {tf[2]:.1f}; ratio to cuDNN "
              f"{row['vs_cuDNN']}, to flash {row['vs_flash']}")
    with open(os.path.join(args.out_dir, "attention.csv"), "w") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(args.out_dir, "attention.md"), "w") as f:
        f.write("| dtype | causal | B | H | S | D | exo TFLOP/s | cuDNN | flash | "
                "cuDNN / exo time | flash / exo time |\n")
        f.write("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
                "| --- |\n")
        for r in rows:
            f.write(f"| {r['dtype']} | {r['causal']} | {r['B']} | {r['H']} | "
                    f"{r['S']} | {r['D']} | "
                    f"{r['exo_tflops']} | {r['cuDNN_tflops']} | "
                    f"{r['flash_tflops']} | {r['vs_cuDNN']} | "
                    f"{r['vs_flash']} |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

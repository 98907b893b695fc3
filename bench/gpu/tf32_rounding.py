#!/usr/bin/env python3
"""tf32 operand rounding: where our tf32 GEMM's error comes from, what
cuBLAS does, and what rounding the operands in a separate pass would cost.

Usage: tf32_rounding.py GEN_DIR [--reps N]

GEN_DIR is the output of bench/gpu/gen.sh (the dispatcher, through
torch.ops.exo_gpu.gemm_tf32). For each shape, on fresh standard-normal A
[M, K] and B [N, K], against the fp64 product:
  - exo: the normwise relative error of our GEMM; whether it is bitwise
    the GEMM of the operands truncated to tf32 (the low 13 bits of the
    mantissa cleared): then the wgmma truncates;
  - exo (rna): our GEMM of the operands rounded to tf32 first (to nearest,
    ties away from zero: cvt.rna.tf32.f32), the error of an option that
    rounds them;
  - cuBLAS (torch.matmul with TF32 allowed), and cuBLAS of the truncated
    operands: whether cuBLAS rounds;
  - the error of the exact product of the rounded operands (the floor of
    any kernel that rounds them);
  - times (median of N, L2 flushed): our GEMM, a rounding pass over A and B
    (one Triton kernel each, memory-bound) and cuBLAS.
Prints a Markdown table.
"""

import argparse
import os
import sys

import torch
import triton
import triton.language as tl

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
import exo_gpu  # noqa: E402

SHAPES = [(1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 4096),
          (8192, 8192, 8192), (2048, 2048, 8192), (512, 512, 16384),
          (4096, 4096, 1024)]


def rna(x):
    """x rounded to tf32: to nearest, ties away from zero (the magnitude's
    bits, as an integer, plus half a tf32 unit, the low 13 bits cleared)."""
    i = x.contiguous().view(torch.int32)
    return ((i + 0x1000) & -0x2000).view(torch.float32)


def rz(x):
    """x truncated to tf32."""
    return (x.contiguous().view(torch.int32) & -0x2000).view(torch.float32)


@triton.jit
def _rna_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x_ptr + o, mask=m).to(tl.int32, bitcast=True)
    v = (v + 0x1000) & -0x2000
    tl.store(y_ptr + o, v.to(tl.float32, bitcast=True), mask=m)


def rna_pass(x, y):
    n = x.numel()
    _rna_kernel[(triton.cdiv(n, 4096),)](x, y, n, BLOCK=4096)


def rel(c, ref):
    return ((c.double() - ref).norm() / ref.norm()).item()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gen_dir")
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    ops = exo_gpu.load(args.gen_dir)
    torch.backends.cuda.matmul.allow_tf32 = True
    flush = torch.empty(256 << 20, dtype=torch.int8, device="cuda")

    def median_us(f):
        for _ in range(3):
            f()
        ts = []
        for _ in range(args.reps):
            flush.zero_()
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            f()
            e.record()
            torch.cuda.synchronize()
            ts.append(s.elapsed_time(e))
        ts.sort()
        return ts[len(ts) // 2] * 1e3

    print(torch.cuda.get_device_name())
    print("| shape | exo error | exo = exo of truncated | exo (rna) error | "
          "cuBLAS error | cuBLAS of truncated, error | exact product of "
          "rounded, error | exo us | rounding pass us (A and B) | "
          "cuBLAS us |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for m, n, k in SHAPES:
        torch.manual_seed(m + n + k)
        a = torch.randn(m, k, device="cuda")
        b = torch.randn(n, k, device="cuda")
        ref = a.double() @ b.double().T
        c = ops.gemm_tf32(a, b)
        same = torch.equal(c, ops.gemm_tf32(rz(a), rz(b)))
        e_rna = rel(ops.gemm_tf32(rna(a), rna(b)), ref)
        e_cub = rel(a @ b.T, ref)
        e_cub_rz = rel(rz(a) @ rz(b).T, ref)
        floor = rel(rna(a).double() @ rna(b).double().T, ref)
        ar, br = torch.empty_like(a), torch.empty_like(b)
        t_exo = median_us(lambda: ops.gemm_tf32(a, b))
        t_pass = median_us(lambda: (rna_pass(a, ar), rna_pass(b, br)))
        t_cub = median_us(lambda: a @ b.T)
        print(f"| {m}x{n}x{k} | {rel(c, ref):.2e} | {'yes' if same else 'no'}"
              f" | {e_rna:.2e} | {e_cub:.2e} | {e_cub_rz:.2e} | {floor:.2e} |"
              f" {t_exo:.1f} | {t_pass:.1f} | {t_cub:.1f} |", flush=True)


if __name__ == "__main__":
    main()

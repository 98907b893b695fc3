#!/usr/bin/env python3
"""The honest GEMM benchmark, through PyTorch: what a user calls, one call per
shape, against cuBLAS and an autotuned Triton matmul, in one process on the
same buffers.

Usage: bench_torch.py GEN_DIR OUT_DIR [--dtypes tf32,bf16,e4m3] [--reps N]
       [--quick]

GEN_DIR is the output of bench/gpu/gen.sh. For each dtype and each shape of
kernels/tuning/shapes.txt and untuned.txt (the fp8 GEMM's are the bf16
shapes):
  - exo: torch.ops.exo_gpu.gemm_tf32 / gemm_bf16 / gemm_e4m3_scaled (the
    dispatcher's choice for the shape, python/exo_gpu);
  - cuBLAS: torch.matmul with TF32 allowed (tf32), torch.mm with
    out_dtype=float32 (bf16: the same f32 output as ours), torch._scaled_mm
    with per-row and per-column scales and a bf16 output (e4m3);
  - Triton: the matmul below, autotuned by triton.autotune over the configs
    of its dtype, at each shape (autotuning is not timed).
All three are checked first against an fp64 reference on fresh random data,
outputs poisoned with NaN (a failing one is not timed), then timed
interleaved, L2 flushed before each run, median of N runs.

OUT_DIR receives torch-DTYPE.csv, torch.md (the tables, which shapes the
tuning table holds, geometric mean and worst ratio per dtype) and torch.png
(the ratios per shape). Exits non-zero when a check fails.
"""

import argparse
import csv
import math
import os
import sys
import time

import torch
import triton
import triton.language as tl

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
import exo_gpu  # noqa: E402

FLUSH_BYTES = 256 << 20
WARMUPS = 5
TOLERANCE = {"tf32": 2e-3, "bf16": 1e-4, "e4m3": 1e-2}
COLUMNS = ["dtype", "shape", "tuned", "variant"] + [
    f"{who}_{what}" for who in ("exo", "cuBLAS", "Triton")
    for what in ("ms", "tflops", "err")]

# ---------------------------------------------------------------------------
# The Triton matmul: C[M, N] = A[M, K] B[N, K]^T (B as our kernels take it,
# as F.linear's weight), blocked, the blocks of a group of GROUP block rows
# visited column by column for L2 reuse; SCALED multiplies row i by sa[i] and
# column j by sb[j] before the cast to C's type.
# ---------------------------------------------------------------------------


@triton.jit
def _matmul(a_ptr, b_ptr, c_ptr, sa_ptr, sb_ptr, M, N, K,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
            GROUP: tl.constexpr, TF32: tl.constexpr, SCALED: tl.constexpr):
    pid = tl.program_id(0)
    blocks_m = tl.cdiv(M, BM)
    blocks_n = tl.cdiv(N, BN)
    per_group = GROUP * blocks_n
    first_m = (pid // per_group) * GROUP
    rows = tl.minimum(blocks_m - first_m, GROUP)
    bm = first_m + (pid % per_group) % rows
    bn = (pid % per_group) // rows
    m = bm * BM + tl.arange(0, BM)
    n = bn * BN + tl.arange(0, BN)
    k = tl.arange(0, BK)
    a_at = a_ptr + m[:, None].to(tl.int64) * K + k[None, :]
    b_at = b_ptr + n[None, :].to(tl.int64) * K + k[:, None]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_at, mask=(m[:, None] < M) & (k[None, :] < K - k0),
                    other=0.0)
        b = tl.load(b_at, mask=(n[None, :] < N) & (k[:, None] < K - k0),
                    other=0.0)
        if TF32:
            acc = tl.dot(a, b, acc, input_precision="tf32")
        else:
            acc = tl.dot(a, b, acc)
        a_at += BK
        b_at += BK
    if SCALED:
        sa = tl.load(sa_ptr + m, mask=m < M, other=0.0)
        sb = tl.load(sb_ptr + n, mask=n < N, other=0.0)
        acc = acc * sa[:, None] * sb[None, :]
    c_at = c_ptr + m[:, None].to(tl.int64) * N + n[None, :]
    tl.store(c_at, acc.to(c_ptr.dtype.element_ty),
             mask=(m[:, None] < M) & (n[None, :] < N))


def _configs(bk, shapes):
    return [triton.Config({"BM": bm, "BN": bn, "BK": bk, "GROUP": 8},
                          num_stages=s, num_warps=w)
            for bm, bn, s, w in shapes]


def _quick_bench(fn, quantiles=None):
    return triton.testing.do_bench(fn, warmup=5, rep=20, quantiles=quantiles)


# Block shapes, pipeline depths and warps per dtype: the usual Hopper
# choices, sized to the shared memory.
TRITON_CONFIGS = {
    "tf32": _configs(32, [(128, 256, 3, 8), (256, 128, 3, 8),
                          (128, 128, 4, 4), (128, 128, 4, 8),
                          (64, 128, 4, 4), (128, 64, 4, 4), (64, 64, 5, 4)]),
    "bf16": _configs(64, [(128, 256, 3, 8), (256, 128, 3, 8),
                          (128, 128, 4, 4), (128, 128, 4, 8),
                          (64, 256, 4, 4), (128, 64, 4, 4), (64, 64, 5, 4)]),
    "e4m3": _configs(128, [(128, 256, 3, 8), (256, 128, 3, 8),
                           (128, 128, 4, 4), (128, 128, 4, 8),
                           (64, 128, 4, 4), (128, 64, 4, 4)]),
}
TRITON = {d: triton.autotune(configs=c, key=["M", "N", "K"],
                             do_bench=_quick_bench)(_matmul)
          for d, c in TRITON_CONFIGS.items()}


def triton_mm(dtype, A, B, C, sa=None, sb=None):
    M, K = A.shape
    N = B.shape[0]
    grid = lambda meta: (triton.cdiv(M, meta["BM"]) *  # noqa: E731
                         triton.cdiv(N, meta["BN"]),)
    TRITON[dtype][grid](A, B, C, sa if sa is not None else C,
                        sb if sb is not None else C, M, N, K,
                        TF32=dtype == "tf32", SCALED=sa is not None)
    return C


# ---------------------------------------------------------------------------
# Shapes, data, checks, timing
# ---------------------------------------------------------------------------


def read_shapes(name, function):
    with open(os.path.join(ROOT, "kernels", "tuning", name)) as f:
        rows = [line.split() for line in f
                if line.strip() and not line.startswith("#")]
    return [tuple(int(x) for x in s.split("x")) for fn, s in rows
            if fn == function]


def rel_err(x, ref):
    if not torch.isfinite(x).all():
        return math.inf
    x = x.double()
    return ((x - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def median_ms_interleaved(runs, reps, flush):
    """Median ms of each of `runs`, interleaved, each run after an L2 flush
    and a spin that keeps the GPU busy while the host launches it."""
    for i in range(WARMUPS):
        for r in runs:
            flush.fill_(i)
            r()
    events = [[(torch.cuda.Event(enable_timing=True),
                torch.cuda.Event(enable_timing=True)) for _ in runs]
              for _ in range(reps)]
    for i in range(reps):
        for r, (start, stop) in zip(runs, events[i]):
            flush.fill_(i & 0xFF)
            torch.cuda._sleep(100_000)  # ~50 us: covers a Python launch.
            start.record()
            r()
            stop.record()
    torch.cuda.synchronize()
    out = []
    for j in range(len(runs)):
        ms = sorted(events[i][j][0].elapsed_time(events[i][j][1])
                    for i in range(reps))
        out.append(ms[reps // 2] if reps % 2 else
                   0.5 * (ms[reps // 2 - 1] + ms[reps // 2]))
    return out


class Case:
    """The operands of one shape and the three ways to compute it."""

    def __init__(self, ops, dtype, M, N, K, gen):
        self.dtype, self.M, self.N, self.K = dtype, M, N, K
        dev = "cuda"
        randn = lambda *s: torch.randn(*s, device=dev,  # noqa: E731
                                       generator=gen)
        if dtype == "e4m3":
            self.A = (randn(M, K) * 0.5).to(torch.float8_e4m3fn)
            self.B = (randn(N, K) * 0.5).to(torch.float8_e4m3fn)
            self.sa = randn(M).abs() + 0.5
            self.sb = randn(N).abs() + 0.5
            out = torch.bfloat16
        else:
            t = torch.float32 if dtype == "tf32" else torch.bfloat16
            self.A, self.B = randn(M, K).to(t), randn(N, K).to(t)
            out = torch.float32
        self.C = {w: torch.empty(M, N, device=dev, dtype=out)
                  for w in ("exo", "cuBLAS", "Triton")}
        A, B, C = self.A, self.B, self.C
        if dtype == "tf32":
            self.run = {
                "exo": lambda: ops.gemm_tf32.out(A, B, out=C["exo"]),
                "cuBLAS": lambda: torch.matmul(A, B.t(), out=C["cuBLAS"]),
            }
        elif dtype == "bf16":
            self.run = {
                "exo": lambda: ops.gemm_bf16.out(A, B, out=C["exo"]),
                "cuBLAS": lambda: torch.mm(A, B.t(), out_dtype=torch.float32,
                                           out=C["cuBLAS"]),
            }
        else:
            sa, sb = self.sa, self.sb
            self.run = {
                "exo": lambda: ops.gemm_e4m3_scaled.out(A, B, sa, sb,
                                                        out=C["exo"]),
                # Fast accumulation: the wgmma accumulator throughout, as
                # ours (no promotion of partial sums).
                "cuBLAS": lambda: torch._scaled_mm(
                    A, B.t(), scale_a=sa[:, None], scale_b=sb[None, :],
                    out_dtype=torch.bfloat16, use_fast_accum=True),
            }
        sa = getattr(self, "sa", None)
        sb = getattr(self, "sb", None)
        self.run["Triton"] = lambda: triton_mm(dtype, A, B, C["Triton"],
                                               sa, sb)
        # Each run returns its result: C[who], or (torch._scaled_mm) a new
        # tensor.

    def reference(self):
        ref = self.A.double() @ self.B.double().t()
        if self.dtype == "e4m3":
            ref = ref * self.sa.double()[:, None] * self.sb.double()[None, :]
        return ref


def bench_dtype(ops, dtype, shapes, tuned, reps, flush, gen, rows):
    function = {"tf32": "gemm_tf32", "bf16": "gemm_bf16",
                "e4m3": "gemm_e4m3_scaled"}[dtype]
    choice = getattr(ops, f"{function}_choice")
    failed = 0
    for M, N, K in shapes:
        shape = f"{M}x{N}x{K}"
        variant = choice(M, N, K)
        row = {"dtype": dtype, "shape": shape, "variant": variant or "none",
               "tuned": "yes" if (M, N, K) in tuned else "no"}
        case = Case(ops, dtype, M, N, K, gen)
        ref = case.reference()
        runs = {}
        for who, run in case.run.items():
            if who == "exo" and not variant:
                continue
            case.C[who].fill_(math.nan)
            try:
                result = run()
                torch.cuda.synchronize()
                err = rel_err(result, ref)
                del result
            except Exception as e:  # A failed launch is reported, not timed.
                print(f"  {who} failed: {str(e).splitlines()[0]}")
                err = math.inf
            row[f"{who}_err"] = f"{err:.2e}"
            if err <= TOLERANCE[dtype]:
                runs[who] = run
            else:
                failed += who == "exo"
                print(f"FAIL {dtype} {shape} {who}: rel_err {err:.2e} > "
                      f"{TOLERANCE[dtype]:.0e}")
        del ref
        ms = median_ms_interleaved(list(runs.values()), reps, flush)
        flop = 2.0 * M * N * K
        for who, t in zip(runs, ms):
            row[f"{who}_ms"] = f"{t:.4f}"
            row[f"{who}_tflops"] = f"{flop / t / 1e9:.1f}"
        for column in COLUMNS:
            row.setdefault(column, "")
        rows.append(row)
        print(f"{dtype} {shape} ({row['tuned']}) {row['variant']}: " +
              ", ".join(f"{w} {row[w + '_tflops'] or '-'}"
                        for w in ("exo", "cuBLAS", "Triton")) + " TFLOP/s",
              flush=True)
        del case
    return failed


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else math.nan


def ratio(row, other):
    if not row["exo_ms"] or not row[f"{other}_ms"]:
        return None
    return float(row[f"{other}_ms"]) / float(row["exo_ms"])


def report(rows, dtypes, out):
    lines = []
    for dtype in dtypes:
        rs = [r for r in rows if r["dtype"] == dtype]
        base = "torch._scaled_mm" if dtype == "e4m3" else "cuBLAS"
        lines += [f"### {dtype}", "",
                  f"| shape | tuned | variant | exo TFLOP/s | {base} | Triton "
                  f"| exo / {base} | exo / Triton | rel. err |",
                  "|---|---|---|---:|---:|---:|---:|---:|---:|"]
        for r in rs:
            rc, rt = ratio(r, "cuBLAS"), ratio(r, "Triton")
            lines.append(
                f"| {r['shape']} | {r['tuned']} | {r['variant']} | "
                f"{r['exo_tflops'] or '-'} | {r['cuBLAS_tflops'] or '-'} | "
                f"{r['Triton_tflops'] or '-'} | "
                f"{'%.3f' % rc if rc else '-'} | "
                f"{'%.3f' % rt if rt else '-'} | {r['exo_err'] or '-'} |")
        lines.append("")
        for other, label in (("cuBLAS", base), ("Triton", "Triton")):
            rat = [(ratio(r, other), r["shape"]) for r in rs
                   if ratio(r, other)]
            if not rat:
                continue
            worst = min(rat)
            lines.append(
                f"- exo / {label}: geometric mean {geomean([x for x, _ in rat]):.3f} "
                f"over {len(rat)} shapes, worst {worst[0]:.3f} ({worst[1]}), "
                f"{sum(x >= 1.0 for x, _ in rat)} at or above 1.0")
        unsupported = [r["shape"] for r in rs if r["variant"] == "none"]
        if unsupported:
            lines.append(f"- no variant accepts: {', '.join(unsupported)}")
        lines.append("")
    with open(os.path.join(out, "torch.md"), "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


def plot(rows, dtypes, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: no plot")
        return
    fig, axes = plt.subplots(len(dtypes), 1, figsize=(14, 3.6 * len(dtypes)),
                             squeeze=False)
    for ax, dtype in zip(axes[:, 0], dtypes):
        rs = [r for r in rows if r["dtype"] == dtype]
        rs.sort(key=lambda r: math.prod(int(x) for x in r["shape"].split("x")))
        xs = range(len(rs))
        base = "torch._scaled_mm" if dtype == "e4m3" else "cuBLAS"
        for who, marker in (("exo", "o"), ("Triton", "^")):
            ys = [float(r[f"{who}_ms"]) and float(r["cuBLAS_ms"]) /
                  float(r[f"{who}_ms"]) if r[f"{who}_ms"] and r["cuBLAS_ms"]
                  else math.nan for r in rs]
            ax.plot(xs, ys, marker, label=f"{who} / {base}")
        ax.axhline(1.0, color="gray", linewidth=0.8)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["shape"] + ("" if r["tuned"] == "yes" else "*")
                            for r in rs], rotation=90, fontsize=6)
        ax.set_ylabel("speed / " + base)
        ax.set_title(f"{dtype} GEMM on the H200, one call per shape "
                     "(* = shape not in the tuning table)")
        ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "torch.png"), dpi=90)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gen_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--dtypes", default="tf32,bf16,e4m3")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--quick", action="store_true",
                    help="three shapes per dtype (a smoke run)")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    t0 = time.time()
    ops = exo_gpu.load(args.gen_dir)
    print(f"extension loaded in {time.time() - t0:.0f} s", flush=True)
    torch.backends.cuda.matmul.allow_tf32 = True
    dtypes = args.dtypes.split(",")
    flush = torch.empty(FLUSH_BYTES, dtype=torch.uint8, device="cuda")
    gen = torch.Generator(device="cuda").manual_seed(20261202)
    rows, failed = [], 0
    for dtype in dtypes:
        function = {"tf32": "gemm_tf32", "bf16": "gemm_bf16",
                    "e4m3": "gemm_e4m3_scaled"}[dtype]
        tuned = set(read_shapes("shapes.txt", function))
        shapes = sorted(tuned) + read_shapes("untuned.txt", function)
        if args.quick:
            shapes = shapes[:: max(1, len(shapes) // 3)][:3]
        dtype_rows = []
        failed += bench_dtype(ops, dtype, shapes, tuned, args.reps, flush,
                              gen, dtype_rows)
        with open(os.path.join(args.out_dir, f"torch-{dtype}.csv"), "w",
                  newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS)
            w.writeheader()
            w.writerows(dtype_rows)
        rows += dtype_rows
    report(rows, dtypes, args.out_dir)
    plot(rows, dtypes, args.out_dir)
    print(f"bench_torch: {failed} failed checks, {time.time() - t0:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

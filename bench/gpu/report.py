#!/usr/bin/env python3
"""Turns the CSVs of bench/gpu/run.sh into results.md and results.png.

Usage: python3 bench/gpu/report.py OUT_DIR

Reads OUT_DIR/variants-FUNCTION.csv (bench/gpu/dispatch.cu --variants: one
row per variant of the registry and shape, timed against cuBLAS or rejected
with the variant's reason). results.md: per function, every variant's ratio
to cuBLAS (cuBLAS time / variant time) at every shape, its source file from
kernels/registry.json; the best variant per shape with its rate and % of
peak; why a variant did not run at a shape. results.png: the best variant's ratio per shape
(skipped, with a note, when matplotlib is missing). Exits 1 when no CSV is
there or a function's CSV is missing.
"""

import csv
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# function: (title, unit, peak in the unit, what the peak is)
FUNCTIONS = {
    "gemm_tf32": ("tf32 GEMM", "TFLOP/s", 494.7, "dense tf32"),
    "gemm_bf16": ("bf16 GEMM", "TFLOP/s", 989.4, "dense bf16"),
    "gemv_f32": ("fp32 GEMV", "GB/s", 4800.0, "HBM3e"),
}


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def sources():
    """variant name (without /S=k) -> its source file, from the registry."""
    with open(os.path.join(ROOT, "kernels", "registry.json")) as f:
        reg = json.load(f)
    out = {}
    for k in reg["kernels"]:
        src = reg["sources"].get(k.get("source", k["name"]))
        if src:
            out[k["name"]] = src["file"] if isinstance(src, dict) else src
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    files = sources()
    md = ["# Every variant against cuBLAS (bench/gpu/run.sh)", "",
          "Each variant of kernels/registry.json at each shape it accepts, "
          "checked, then timed against cuBLAS in the same process on the "
          "same buffers; a ratio is cuBLAS time / variant time (above 1: "
          "faster than cuBLAS). The best variant per shape is the maximum "
          "of noisy measurements, picked afterwards: what a user gets is "
          "the dispatcher's one call per shape, the section after these, "
          "which issue 8's targets are judged by.", ""]
    best = {}  # (function, shape) -> (ratio, variant, row)
    status = 0
    plot = []
    for function, (title, unit, peak, what) in FUNCTIONS.items():
        path = os.path.join(out, f"variants-{function}.csv")
        if not os.path.exists(path):
            md += [f"## {title} ({function})", "",
                   f"Not run (variants-{function}.csv missing).", ""]
            status = 1
            continue
        rows = read(path)
        shapes, variants = [], []
        for r in rows:
            if r["shape"] not in shapes:
                shapes.append(r["shape"])
            if r["variant"] not in variants:
                variants.append(r["variant"])
        cell = {(r["variant"], r["shape"]): r for r in rows}
        md += [f"## {title} ({function}): every variant, ratio to cuBLAS", "",
               "| variant | source | " + " | ".join(shapes) + " |",
               "| --- | --- | " + " | ".join("---" for _ in shapes) + " |"]
        rejected = {}
        for v in variants:
            cells = []
            for s in shapes:
                r = cell.get((v, s))
                if r is None:
                    cells.append("failed")
                elif r["rejected"]:
                    cells.append("-")
                    rejected.setdefault((v, r["rejected"].split(": ", 1)[-1]),
                                        []).append(s)
                else:
                    ratio = float(r["ratio"])
                    cells.append(f"{ratio:.3f}")
                    b = best.get((function, s))
                    if b is None or ratio > b[0]:
                        best[(function, s)] = (ratio, v, r)
            src = files.get(v.split("/")[0], "?")
            md.append(f"| {v} | {os.path.basename(src)} | " +
                      " | ".join(cells) + " |")
        md += ["", "(`-`: the variant does not accept the shape, below; "
               "`failed`: no row, its check failed, see log.txt.)", ""]
        md += [f"### {title}: the best variant per shape (picked afterwards)",
               "",
               f"| shape | variant | {unit} | % of peak ({peak:g} {unit} "
               f"{what}) | cuBLAS {unit} | ratio | rel. error |",
               "| --- | --- | --- | --- | --- | --- | --- |"]
        for s in shapes:
            b = best.get((function, s))
            if b is None:
                md.append(f"| {s} | none accepts it | - | - | - | - | - |")
                continue
            ratio, v, r = b
            rate = float(r["exo_rate"])
            md.append(f"| {s} | {v} | {rate:.1f} | {100 * rate / peak:.1f} % "
                      f"| {float(r['cublas_rate']):.1f} | {ratio:.3f} "
                      f"| {float(r['rel_err']):.1e} |")
            plot.append((f"{function}\n{s}", ratio))
        md += ["", f"### {title}: variants not run at a shape", "",
               "| variant | shapes | why |", "| --- | --- | --- |"]
        for (v, why), ss in rejected.items():
            md.append(f"| {v} | {', '.join(ss)} | {why} |")
        md.append("")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(max(8, 0.5 * len(plot)), 5))
        ax.bar(range(len(plot)), [v for _, v in plot])
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(plot)))
        ax.set_xticklabels([l for l, _ in plot], rotation=90, fontsize=7)
        ax.set_ylabel("cuBLAS time / best variant's time")
        ax.set_title("Exo-GPU's best variant per shape against cuBLAS, H200")
        fig.tight_layout()
        fig.savefig(os.path.join(out, "results.png"), dpi=120)
        md.append("![ratios](results.png)\n")
    except ImportError:
        md.append("(No plot: matplotlib is not installed.)\n")
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))
    return status


if __name__ == "__main__":
    sys.exit(main())

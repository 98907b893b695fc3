#!/usr/bin/env python3
"""Usage: dispatch_report.py OUT_DIR [TUNING_CSV]

The markdown tables of bench/gpu/bench_dispatch.sh: for each function, one
row per shape (the variant the dispatcher ran, whether the tuning table holds
the shape, the rates of the dispatcher and of cuBLAS, their ratio and the
error), then the summary: how many shapes, the geometric mean, the minimum
and maximum of the ratios, how many at or above 1.0, and the shapes no
variant accepts.
"""

import csv
import math
import os
import sys


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    out_dir = argv[1]
    tuned = set()
    if len(argv) == 3 and os.path.exists(argv[2]):
        with open(argv[2]) as f:
            for line in f:
                if line.startswith("#") or line.startswith("function,"):
                    continue
                cells = line.strip().split(",")
                if len(cells) == 4:
                    tuned.add((cells[0], cells[1]))
    units = {"gemv_f32": "GB/s"}
    found = False
    for function in ("gemm_tf32", "gemm_bf16", "gemv_f32"):
        path = os.path.join(out_dir, f"dispatch-{function}.csv")
        if not os.path.exists(path):
            continue
        found = True
        with open(path) as f:
            rows = list(csv.DictReader(f))
        unit = units.get(function, "TFLOP/s")
        print(f"\n### {function}: exo_kernels::{function}, one call per "
              "shape, against cuBLAS\n")
        print(f"| shape | variant | tuned | exo {unit} | cuBLAS {unit} | "
              "ratio | rel. error |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        ratios, unsupported = [], []
        for r in rows:
            if r["choice"] == "none":
                unsupported.append(r["shape"])
                print(f"| {r['shape']} | (none accepts it) | | | | | |")
                continue
            ratio = float(r["ratio"])
            if not math.isnan(ratio):
                ratios.append(ratio)
            mark = "yes" if (function, r["shape"]) in tuned else "no"
            print(f"| {r['shape']} | {r['choice']} | {mark} | "
                  f"{float(r['exo_rate']):.1f} | "
                  f"{float(r['cublas_rate']):.1f} | {ratio:.3f} | "
                  f"{float(r['rel_err']):.2e} |")
        if ratios:
            geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            print(f"\n{len(ratios)} shapes: geometric mean {geo:.3f}, "
                  f"min {min(ratios):.3f}, max {max(ratios):.3f}, "
                  f"{sum(x >= 1.0 for x in ratios)} at or above 1.0"
                  + (f"; no variant for {len(unsupported)} "
                     f"({', '.join(unsupported)})" if unsupported else "")
                  + ".")
    if not found:
        print(f"{argv[0]}: no dispatch-*.csv in {out_dir}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

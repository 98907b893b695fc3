#!/usr/bin/env python3
"""Runs each transform test file through exo-gpu-opt and through the stock
mlir-opt with the Exo-GPU plugin loaded, with the same options, and fails
unless both give the same exit status and the same output (so every
transform.exo op, rewrite and diagnostic is available through the plugin).

Usage: compare_tools.py EXO_GPU_OPT MLIR_OPT PLUGIN ([--preload LIB] FILE | DIR)...
A DIR stands for its *.mlir files; `--preload LIB` preloads the schedule
library LIB (-transform-preload-library) for the files after it. Each file
must pass through exo-gpu-opt (-verify-diagnostics: its expected
diagnostics, and no others). Prints `same: FILE` per file and `compared N
files, N differ`.
"""

import glob
import os
import subprocess
import sys


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def main():
    exo_opt, mlir_opt, plugin = sys.argv[1], sys.argv[2], sys.argv[3]
    files = []  # (file, extra options)
    extra = []
    argv = sys.argv[4:]
    while argv:
        a = argv.pop(0)
        if a == "--preload":
            extra = ["-transform-preload-library=transform-library-paths="
                     + argv.pop(0)]
            continue
        paths = sorted(glob.glob(os.path.join(a, "*.mlir"))) \
            if os.path.isdir(a) else [a]
        files += [(f, extra) for f in paths]
    args = ["-transform-interpreter", "-split-input-file", "-verify-diagnostics"]
    differ = 0
    for f, opts in files:
        a = run([exo_opt, f] + opts + args)
        b = run([mlir_opt, f, "--load-dialect-plugin=" + plugin,
                 "--load-pass-plugin=" + plugin] + opts + args)
        if a[0] != 0:
            differ += 1
            print(f"FAILED: {f}: exo-gpu-opt exit {a[0]}")
            for line in a[2].splitlines()[:5]:
                print(f"  exo-gpu-opt: {line}")
            continue
        if a[0] == b[0] and a[1] == b[1] and "unregistered" not in b[2] \
                and "is unknown" not in b[2]:
            print(f"same: {f}")
            continue
        differ += 1
        print(f"DIFFER: {f}: exo-gpu-opt exit {a[0]}, mlir-opt exit {b[0]}")
        for line in b[2].splitlines()[:5]:
            print(f"  mlir-opt: {line}")
    print(f"compared {len(files)} files, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

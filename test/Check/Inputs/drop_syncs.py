#!/usr/bin/env python3
"""Drops each synchronization statement of a kernel in turn and checks it.

Usage: drop_syncs.py EXO_GPU_OPT KERNEL SIZES

For every line of KERNEL that is a whole `exo.await`, `exo.arrive` or
`exo.fence` statement, writes the kernel without that line, runs
`EXO_GPU_OPT -exo-verify-collectives -exo-check-sync=SIZES` on it and prints
one line: the statement's line number, the statement, and either
`accepted` or `rejected: <the first error, without its location>`. A
checker that accepts a kernel missing a needed sync shows up as `accepted`
where the test expects a rejection.
"""
import re
import subprocess
import sys
import tempfile


def main():
    opt, kernel, sizes = sys.argv[1], sys.argv[2], sys.argv[3]
    lines = open(kernel).read().split("\n")
    sync = re.compile(r"^\s*exo\.(await|arrive|fence)\(.*(: !\w+)?$")
    for n, line in enumerate(lines):
        if not sync.match(line) or line.rstrip().endswith("{"):
            continue
        mutant = "\n".join(lines[:n] + lines[n + 1:])
        with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
            f.write(mutant)
            f.flush()
            r = subprocess.run(
                [opt, f.name, "-exo-verify-collectives",
                 "-exo-check-sync=" + sizes, "-o", "/dev/null"],
                capture_output=True, text=True)
        stmt = line.strip()
        if r.returncode == 0:
            print("line %d: %s -> accepted" % (n + 1, stmt))
            continue
        first = next((l for l in r.stderr.split("\n") if "error:" in l),
                     "(no error message)")
        first = first.split("error:", 1)[-1].strip()
        print("line %d: %s -> rejected: %s" % (n + 1, stmt, first[:120]))


if __name__ == "__main__":
    main()

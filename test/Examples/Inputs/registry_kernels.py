"""Checks every kernel of a registry against its derived source.

Usage: registry_kernels.py EXO_GPU_OPT REGISTRY DERIVED_DIR

DERIVED_DIR holds SOURCE.mlir for every source (scripts/registry.py derive).
For each source: the printed form re-parses to the same text, the generic
form re-parses to the same IR, and -exo-verify-collectives accepts it. For
each kernel: its source defines a proc of its name. Prints one line per
kernel, then "N kernels of M"; exits 1 at the first failure, naming it.
"""

import json
import os
import subprocess
import sys

OPT = "exo-gpu-opt"


def opt(*args, stdin=None):
    r = subprocess.run([OPT, *args], input=stdin,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr)
    return r.stdout


def check_source(path):
    """(None, the printed form), or (the failure, None)."""
    try:
        printed = opt(path)
        if opt("-", stdin=printed) != printed:
            return "the printed form does not re-parse to the same text", None
        generic = opt("--mlir-print-op-generic", path)
        if opt("-", stdin=generic) != printed:
            return "the generic form does not re-parse to the same IR", None
        opt("-exo-verify-collectives", path, "-o", os.devnull)
    except RuntimeError as e:
        return str(e).strip(), None
    return None, printed


def main(opt_path, registry_path, derived):
    global OPT
    OPT = opt_path
    with open(registry_path) as f:
        registry = json.load(f)
    kernels = registry["kernels"]
    checked = {}
    passed = 0
    for k in kernels:
        source = k.get("source", k["name"])
        if source not in checked:
            checked[source] = check_source(
                os.path.join(derived, source + ".mlir"))
        failure, text = checked[source]
        if failure:
            print(f"{k['name']}: source '{source}': {failure}")
            return 1
        if f"exo.proc @{k['name']}(" not in text:
            print(f"{k['name']}: source '{source}' defines no proc of that "
                  "name")
            return 1
        print(f"{k['name']}: round-trips, collectives verified")
        passed += 1
    print(f"{passed} kernels of {len(kernels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

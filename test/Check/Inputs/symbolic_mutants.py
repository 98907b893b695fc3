#!/usr/bin/env python3
"""Random mutants of a kernel's synchronization, symbolic against concrete.

Usage: symbolic_mutants.py EXO_GPU_OPT KERNEL COUNT SEED [BOUNDS [DRAW]]

Makes COUNT mutants of KERNEL (a module whose sizes are M, N and K, with
M and N multiples of 256 allowed and K of 32, and any others named in
BOUNDS), each with one or two of its sync statements (exo.await /
exo.arrive / exo.fence lines) dropped, duplicated, swapped with the next
one, or with an await's N changed, and runs the symbolic check on each
(with `bounds=BOUNDS`, a list like `M<=512,N<=512,NC<=2`, when given). A
mutant it proves for every size (that the bounds allow) must pass the
concrete check at three random sizes (within the bounds: each upper bound
caps its size, and a size the kernel's sizes M, N, K do not name is drawn
from 1 to its bound, as is each size in DRAW, a list of the same form that
caps the concrete sizes only); a line `MISMATCH` says one did not. Prints
how many mutants were proved, not covered, and rejected.
"""
import random
import re
import sys

from sync_mutation import mutate, run_opt, verdict


def check(opt, text, option):
    return run_opt(opt, text,
                   ["-exo-verify-collectives", "-exo-check-sync=" + option])


def main():
    opt, kernel, count, seed = sys.argv[1:5]
    bounds = sys.argv[5] if len(sys.argv) > 5 else ""
    draw = sys.argv[6] if len(sys.argv) > 6 else ""
    caps = {}
    for b in filter(None, (bounds + "," + draw).split(",")):
        name, value = b.split("<=")
        caps[name] = min(int(value), caps.get(name, int(value)))
    option = "symbolic=true" + (" bounds=" + bounds if bounds else "")
    rng = random.Random(int(seed))
    lines = open(kernel).read().split("\n")
    sync = re.compile(r"^\s*exo\.(await|arrive|fence)\(.*")
    syncs = [i for i, l in enumerate(lines)
             if sync.match(l) and not l.rstrip().endswith("{")]
    tally = {"proved": 0, "not covered": 0, "rejected": 0}
    for _ in range(int(count)):
        mutant = mutate(lines, syncs, sync, rng, (r", (\d)\)", ", %d)"),
                        ["drop", "duplicate", "pending", "swap"])
        text = "\n".join(mutant)
        outcome = verdict(*check(opt, text, option))
        tally[outcome] += 1
        if outcome != "proved":
            continue
        for _ in range(3):
            sizes = "M=%d N=%d K=%d" % (
                256 * rng.randint(1, min(6, caps.get("M", 1536) // 256)),
                256 * rng.randint(1, min(6, caps.get("N", 1536) // 256)),
                32 * rng.randint(1, min(64, caps.get("K", 2048) // 32)))
            for name, cap in sorted(caps.items()):
                if name not in ("M", "N", "K"):
                    sizes += " %s=%d" % (name, rng.randint(1, cap))
            rc, err = check(opt, text, sizes)
            if rc != 0:
                first = next((l for l in err.split("\n") if "error:" in l), "")
                print("MISMATCH at %s: %s" % (sizes, first[:160]))
    print(", ".join("%d %s" % (n, k) for k, n in tally.items()))


if __name__ == "__main__":
    main()

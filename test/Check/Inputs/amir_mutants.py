#!/usr/bin/env python3
"""Random mutants of an AMIR program's synchronization, symbolic against
concrete.

Usage: amir_mutants.py EXO_GPU_OPT FILE PROGRAM COUNT SEED RANGES

Takes the amir.program @PROGRAM of FILE (a file of programs split by
`// -----`), makes COUNT mutants of it, each with one or two of its
amir.await / amir.arrive / amir.fence lines dropped, duplicated, swapped
with the next one, given another pending count, or run only where the
innermost sequential loop's iterator is not 2, and runs the symbolic check
(`-amir-interpret="symbolic=true"`) on each. A mutant it proves for every
size must pass the concrete check at four random sizes, each size drawn
from RANGES (`NAME=LO:HI[:STEP],...`, LO to HI in steps of STEP); a line
`MISMATCH` says one did not. Prints how many mutants were proved, not
covered, and rejected.
"""
import random
import re
import sys

from sync_mutation import mutate, run_opt, verdict


def check(opt, text, option):
    return run_opt(opt, text, ["-amir-interpret=" + option])


def enclosing_loop(lines, i):
    """The iterator of the innermost amir.seq_for around line i, if any."""
    depth = 0
    for line in reversed(lines[:i]):
        depth += line.count("}") - line.count("{")
        if depth < 0:
            m = re.search(r"amir\.seq_for (%\w+)", line)
            if m:
                return m.group(1)
            depth = 0 if line.count("{") else depth
    return None


def guard(lines, i):
    """Line i run only where the innermost sequential loop's iterator
    around it is not 2 (None outside a loop)."""
    loop = enclosing_loop(lines, i)
    if not loop:
        return None
    c, g = "%%mutant_c2_%d" % i, "%%mutant_g_%d" % i
    return ("%s = arith.constant 2 : index\n"
            "%s = arith.cmpi ne, %s, %s : index\n"
            "amir.if %s {\n%s\n}" % (c, g, loop, c, g, lines[i]))


def main():
    opt, path, name, count, seed, ranges = sys.argv[1:7]
    text = open(path).read()
    start = text.index("amir.program @%s(" % name)
    end = text.find("// -----", start)
    program = text[start:end if end >= 0 else len(text)].split("\n")
    draws = []
    for r in ranges.split(","):
        size, span = r.split("=")
        lo, hi, *step = (int(x) for x in span.split(":"))
        draws.append((size, lo, hi, step[0] if step else 1))
    sync = re.compile(r"^\s*amir\.(await|arrive|fence)\b")
    syncs = [i for i, l in enumerate(program) if sync.match(l)]
    if not syncs:
        sys.exit("amir_mutants.py: @%s has no synchronization statement" %
                 name)
    rng = random.Random(int(seed))
    tally = {"proved": 0, "not covered": 0, "rejected": 0}
    for _ in range(int(count)):
        mutant = mutate(program, syncs, sync, rng, (r", (\d)$", ", %d"),
                        ["drop", "duplicate", "pending", "swap", "guard"],
                        guard)
        mutated = "\n".join(mutant)
        outcome = verdict(*check(opt, mutated, "symbolic=true"))
        tally[outcome] += 1
        if outcome != "proved":
            continue
        for _ in range(4):
            sizes = " ".join("%s=%d" % (s, rng.randrange(lo, hi + 1, step))
                             for s, lo, hi, step in draws)
            rc, err = check(opt, mutated, sizes)
            if rc != 0:
                first = next((l for l in err.split("\n") if "error:" in l),
                             "")
                print("MISMATCH at %s: %s" % (sizes, first[:160]))
    print(", ".join("%d %s" % (n, k) for k, n in tally.items()))


if __name__ == "__main__":
    main()

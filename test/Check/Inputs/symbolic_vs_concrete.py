#!/usr/bin/env python3
"""Cross-checks the symbolic check against the concrete one.

Usage: symbolic_vs_concrete.py EXO_GPU_OPT KERNEL COUNT SEED [--given FILE]
                               [--bounds] [LIMIT=VALUE...]

Runs `-exo-check-sync="symbolic=true"` on KERNEL (a module whose procs with
device functions all take the same sizes), with the LIMITs as its bounds
(`bounds=NAME<=VALUE,...`) after `--bounds`; if it proves every size, draws
COUNT random size tuples that the kernel's `requires` allows (each size a
multiple of its `mod` constraint, at least its lower bound, at most its
upper bound and its LIMIT, 2048 by default) and runs the concrete check
at each. Prints one line per run; a concrete rejection of a proved kernel
is a bug in the symbolic check. With `--given FILE`, FILE holds what a run of the symbolic check
with `stats=true` printed (a test's earlier RUN line), which is read instead
of running it again.
"""
import random
import re
import subprocess
import sys


def lattices(text, limits):
    req = re.search(r"requires affine_set<\(\)\[([^\]]*)\] : \(([^)]*)\)>",
                    text)
    if req:
        names = [n.strip() for n in req.group(1).split(",")]
        constraints = req.group(2)
    else:
        # A printed module: `requires #set`, its symbols the proc's index
        # arguments in order.
        proc = re.search(r"exo\.proc @\w+\(([^)]*)\) requires (#\w+)", text)
        names = re.findall(r"%(\w+): index", proc.group(1))
        alias = re.search(re.escape(proc.group(2)) +
                          r" = affine_set<\(\)\[[^\]]*\] : \(([^)]*)\)>",
                          text)
        constraints = alias.group(1)
        for i, n in reversed(list(enumerate(names))):
            constraints = re.sub(r"\bs%d\b" % i, n, constraints)
    step = {n: 1 for n in names}
    least = {n: 0 for n in names}
    most = {n: 2048 for n in names}
    for c in constraints.split(","):
        c = c.strip()
        m = re.fullmatch(r"(\w+) mod (\d+) == 0", c)
        if m:
            step[m.group(1)] = int(m.group(2))
            continue
        m = re.fullmatch(r"(\w+) - (\d+) >= 0", c)
        if m:
            least[m.group(1)] = int(m.group(2))
            continue
        m = re.fullmatch(r"(\d+) - (\w+) >= 0", c)
        if m:
            most[m.group(2)] = min(most[m.group(2)], int(m.group(1)))
            continue
        m = re.fullmatch(r"(\w+)(?: - (\d+))? == 0", c)
        if m:
            least[m.group(1)] = most[m.group(1)] = int(m.group(2) or 0)
            continue
        sys.exit("unread constraint: " + c)
    out = {}
    for n in names:
        lo = -(-least[n] // step[n]) * step[n]
        hi = min(limits.get(n, 2048), most[n]) // step[n] * step[n]
        out[n] = (lo, max(lo, hi), step[n])
    return out


def check(opt, kernel, option):
    r = subprocess.run([opt, kernel, "-exo-verify-collectives",
                        "-exo-check-sync=" + option, "-o", "/dev/null"],
                       capture_output=True, text=True)
    return r.returncode, r.stderr


def main():
    opt, kernel, count, seed = sys.argv[1:5]
    rest = sys.argv[5:]
    given = None
    if rest[:1] == ["--given"]:
        given = open(rest[1]).read()
        rest = rest[2:]
    bounded = rest[:1] == ["--bounds"]
    rest = rest[1:] if bounded else rest
    limits = {k: int(v) for k, v in (a.split("=") for a in rest)}
    option = "symbolic=true"
    if bounded:
        option += " bounds=" + ",".join(
            "%s<=%d" % (k, v) for k, v in sorted(limits.items()))
    rc, err = (0, given) if given is not None else check(opt, kernel, option)
    if rc != 0 or "warning:" in err or (
            given is not None and "proved for every size" not in err):
        print("not proved")
        return
    print("proved")
    rng = random.Random(int(seed))
    lat = lattices(open(kernel).read(), limits)
    for _ in range(int(count)):
        sizes = " ".join(
            "%s=%d" % (n, rng.randrange(lo, hi + 1, step))
            for n, (lo, hi, step) in lat.items())
        rc, err = check(opt, kernel, sizes)
        first = next((l for l in err.split("\n") if "error:" in l), "")
        print("%s: %s" % (sizes, "accepted" if rc == 0 else
                          "REJECTED: " + first.split("error:", 1)[-1][:100]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Random programs for the differential test of -exo-incremental-remainders.

Usage: remainder_programs.py SEED [CASES]

Prints a func.func @main (func/scf/arith on i64) that runs CASES loop nests and
prints one hash per nest of every remainder and quotient it computes. Each nest
is a loop (static or dynamic lower bound, steps 1-1000, 0-40 iterations,
sometimes `unsigned`), sometimes inside an outer loop that contributes a term,
with one to three families of dividends `a * k + base + offset` (a in -3..5,
offsets that make families share a counter or not) divided by constants from 3
to above 2^62, the results used plainly, behind an `scf.if`, or in inner loops
(invariant in them, or stepped by them too), and quotients read whole, through
masks (1, 2^31 - 1, 2^32 - 1, 2^32) or truncations (i1, i32, i48).

Within the pass's contract: the index arithmetic never overflows i64, and a
result whose dividend is negative is replaced by 0 before it is used (a
`select` on `x >= 0`), as a guarded `k - 1` would be.
"""

import random
import sys

seed = int(sys.argv[1])
cases = int(sys.argv[2]) if len(sys.argv) > 2 else 12
rng = random.Random(seed)

DIVISORS = [3, 5, 6, 7, 9, 10, 12, 13, 24, 100, 1000003, (1 << 30) - 3,
            (1 << 30) - 1, (1 << 30) + 1, (1 << 31) - 1, (1 << 32) - 1,
            (1 << 32) + 3, 3 * (1 << 40) + 1, (1 << 61) - 1, (1 << 62) + 1]
BASES = [0, 1, 5, 17, 1000, (1 << 31) - 2, (1 << 32) - 3, (1 << 32) + 7,
         (1 << 34) + 5, (1 << 40) - 11, (1 << 61) + 3, (1 << 62) - 100]
QUOTIENT_USES = ["whole", "and 1", "and 2^31-1", "and 2^32-1", "and 2^32",
                 "trunc i1", "trunc i32", "trunc i48", "and 1 and whole"]

body = []
counter = 0


def name(prefix="v"):
    global counter
    counter += 1
    return f"%{prefix}{counter}"


def emit(text):
    body.append("    " + text)


def const(value):
    n = name("c")
    emit(f"{n} = arith.constant {value} : i64")
    return n


def mix(h, v):
    n = name("h")
    emit(f"{n} = func.call @mix({h}, {v}) : (i64, i64) -> i64")
    return n


def quotient_uses(q):
    use = rng.choice(QUOTIENT_USES)
    if use == "whole":
        return [q]
    if use.startswith("and"):
        mask = {"and 1": 1, "and 2^31-1": (1 << 31) - 1,
                "and 2^32-1": (1 << 32) - 1, "and 2^32": 1 << 32,
                "and 1 and whole": 1}[use]
        n = name()
        if rng.random() < 0.5:
            emit(f"{n} = arith.andi {q}, {const(mask)} : i64")
        else:
            emit(f"{n} = arith.andi {const(mask)}, {q} : i64")
        return [n, q] if use == "and 1 and whole" else [n]
    width = use.split()[1]
    t, n = name(), name()
    emit(f"{t} = arith.trunci {q} : i64 to {width}")
    emit(f"{n} = arith.extui {t} : {width} to i64")
    return [n]


def dividend(k, a, b, outer):
    """a * k + b (+ outer), in one of several shapes."""
    b_value = const(b)
    if outer is not None:
        t = name()
        emit(f"{t} = arith.addi {b_value}, {outer} : i64")
        b_value = t
    x = name("x")
    if a == -1 and rng.random() < 0.5:
        emit(f"{x} = arith.subi {b_value}, {k} : i64")
        return x
    ak = k
    if a != 1:
        ak = name()
        if rng.random() < 0.5:
            emit(f"{ak} = arith.muli {k}, {const(a)} : i64")
        else:
            emit(f"{ak} = arith.muli {const(a)}, {k} : i64")
    if rng.random() < 0.5:
        emit(f"{x} = arith.addi {ak}, {b_value} : i64")
    else:
        emit(f"{x} = arith.addi {b_value}, {ak} : i64")
    return x


def use(h, x, c, guarded):
    """The remainder and/or quotient of x by c, hashed into h."""
    divisor, zero = const(c), const(0)
    ok = name()
    emit(f"{ok} = arith.cmpi sge, {x}, {zero} : i64")

    def compute(h):
        values = []
        kind = rng.randrange(3)
        if kind != 1:
            r = name()
            emit(f"{r} = arith.remui {x}, {divisor} : i64")
            values.append(r)
        if kind != 0:
            q = name()
            emit(f"{q} = arith.divui {x}, {divisor} : i64")
            values += quotient_uses(q)
        for v in values:
            s = name()
            emit(f"{s} = arith.select {ok}, {v}, {zero} : i64")
            h = mix(h, s)
        return h

    if not guarded:
        return compute(h)
    n = name("h")
    emit(f"{n} = scf.if {ok} -> (i64) {{")
    emit(f"scf.yield {compute(h)} : i64")
    emit("} else {")
    emit(f"scf.yield {h} : i64")
    emit("}")
    return n


def nest(index):
    emit(f"// nest {index}")
    step = rng.choice([1, 1, 1, 2, 3, 5, 7, 13, 64, 1000])
    trips = rng.choice([0, 1, 2, 3, 7, 20, 40])
    lb = rng.choice([0, 0, 1, 5, -3, 100, (1 << 33) + 1])
    ub = lb + step * trips - (rng.randrange(step) if trips else rng.randrange(3))
    h0 = const(0)
    outer = ho = None
    if rng.random() < 0.3:
        o, ho, ha = name("o"), name("ho"), name("ha")
        emit(f"{ho} = scf.for {o} = {const(0)} to {const(rng.randrange(1, 4))} "
             f"step {const(1)} iter_args({ha} = {h0}) -> (i64) : i64 {{")
        # The outer loop's own remainder gives it a counter too.
        h_outer = use(ha, o, rng.choice([3, 7]), False)
        # The outer iterator itself, or a multiple of it.
        outer = o
        if rng.random() < 0.5:
            outer = name()
            emit(f"{outer} = arith.muli {o}, "
                 f"{const(rng.choice([7, 1000, (1 << 35) + 3]))} : i64")
    else:
        h_outer = h0
    lower = const(lb)
    if rng.random() < 0.5:
        dyn = name()
        emit(f"{dyn} = func.call @id({lower}) : (i64) -> i64")
        lower = dyn
    unsigned = "unsigned " if lb >= 0 and ub >= 0 and rng.random() < 0.3 else ""
    k, hk, result = name("k"), name("hk"), name("r")
    emit(f"{result} = scf.for {unsigned}{k} = {lower} to {const(ub)} "
         f"step {const(step)} iter_args({hk} = {h_outer}) -> (i64) : i64 {{")
    h = hk
    for _ in range(rng.randrange(1, 4)):
        a = rng.choice([1, 1, 1, 2, 3, 5, -1, -2, -3])
        base = rng.choice(BASES)
        if a < 0 and rng.random() < 0.8:
            base += -a * (step * trips + abs(lb))  # stays non-negative
        c = rng.choice(DIVISORS)
        for _ in range(rng.randrange(1, 4)):
            offset = rng.choice([0, 0, 1, -1, 5, -5, 7, c, c + 1, -c - 2, 3 * c + 1])
            x = dividend(k, a, base + offset, outer)
            place = rng.choice(["plain", "plain", "if", "inner", "inner stepped"])
            if place in ("plain", "if"):
                h = use(h, x, c, place == "if")
                continue
            i, hi, hn = name("i"), name("hi"), name("hn")
            lo, hi_bound = ((0, rng.randrange(3)) if place == "inner"
                            else (rng.randrange(3), rng.randrange(9)))
            emit(f"{hn} = scf.for {i} = {const(lo)} to {const(hi_bound)} "
                 f"step {const(rng.choice([1, 2, 7]))} iter_args({hi} = {h}) "
                 "-> (i64) : i64 {")
            if place == "inner stepped":
                y, ci = name("y"), name()
                emit(f"{ci} = arith.muli {i}, {const(rng.choice([1, 2, -1, 3]))} : i64")
                emit(f"{y} = arith.addi {x}, {ci} : i64")
                x = y
            hh = mix(use(hi, x, c, rng.random() < 0.3), i)
            emit(f"scf.yield {hh} : i64")
            emit("}")
            h = hn
    emit(f"scf.yield {h} : i64")
    emit("}")
    if outer is not None:
        emit(f"scf.yield {result} : i64")
        emit("}")
        result = ho
    emit(f"func.call @print({result}) : (i64) -> ()")


for n in range(cases):
    nest(n)

print("""func.func private @printI64(i64)
func.func private @printNewline()
func.func @id(%x: i64) -> i64 {
  return %x : i64
}
func.func @mix(%h: i64, %v: i64) -> i64 {
  %big = arith.constant 1000003 : i64
  %a = arith.muli %h, %big : i64
  %t = arith.addi %a, %v : i64
  return %t : i64
}
func.func @print(%h: i64) {
  func.call @printI64(%h) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
func.func @main() {""")
print("\n".join(body))
print("    return\n}")

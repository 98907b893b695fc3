#!/usr/bin/env python3
"""The size of the GEMM and GEMV derivations: the transform scripts that derive
kernels from their specifications (the schedule libraries and the entry
files of examples/gemm and examples/gemv), not the specifications.

For each file, the lines of its transform modules (`module attributes
{transform.with_named_sequence}` to the module's closing brace): all of
them, and the code lines (neither blank nor a comment). For each entry
point (a named sequence that is not private and matches or clones a
specification, or a file's @__transform_main), its lines from
`transform.named_sequence` to its closing brace: all, and code.

Prints a Markdown table of the files, the largest entry points, and a last
line `derivations: N files, C code lines (T with comments and blank
lines), E entry points, the largest L code lines (@NAME)`. With
--max-code or --max-entry-code, exits 1 when the code lines or an entry
point's code lines exceed the limit, naming what does.

Usage: scripts/derivation_lines.py [--root DIR] [--max-code N]
                                   [--max-entry-code N] [--entries N]
"""

import argparse
import glob
import os
import re
import sys

PATTERNS = [
    "examples/gemm/schedules/*.mlir",
    "examples/gemm/gemm_derived*.mlir",
    "examples/gemv/schedules/*.mlir",
    "examples/gemv/gemv_derived*.mlir",
]
MODULE = re.compile(
    r"^\s*module\s+attributes\s*\{transform\.with_named_sequence\}", re.M)
SEQUENCE = re.compile(r"^\s*transform\.named_sequence\s+(private\s+)?@(\w+)",
                      re.M)


def is_code(line):
    s = line.strip()
    return bool(s) and not s.startswith("//")


def scan(text, i, stop):
    """Scans `text` from `i`, skipping strings and comments, and returns the
    index of the first character for which `stop(c, parens, braces)` holds
    (parens and braces: the depths before c), or len(text)."""
    parens = braces = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif stop(c, parens, braces):
            return i
        elif c == "(":
            parens += 1
        elif c == ")":
            parens -= 1
        elif c == "{":
            braces += 1
        elif c == "}":
            braces -= 1
        i += 1
    return n


def lines_of(text, a, b):
    """(all, code) lines of text[a:b], whole lines."""
    a = text.rfind("\n", 0, a) + 1
    chunk = text[a:b].split("\n")
    return len(chunk), sum(map(is_code, chunk))


def measure(path):
    """(total, code, entries) of the transform modules of one file; entries
    is a list of (name, total, code) of its entry points."""
    text = open(path, encoding="utf-8").read()
    total = code = 0
    entries = []
    for m in MODULE.finditer(text):
        # The module's body: from its `{` to the matching `}`.
        open_at = scan(text, m.end(), lambda c, p, b: c == "{")
        close_at = scan(text, open_at + 1, lambda c, p, b: c == "}" and b == 0)
        t, c = lines_of(text, m.start(), close_at + 1)
        total += t
        code += c
        body = text[:close_at]
        for s in SEQUENCE.finditer(body, open_at):
            if s.group(1) or s.start() < open_at:
                continue  # private: a declaration or a library step
            # The sequence's body opens at the first `{` outside its
            # signature's parentheses, and ends at the matching `}`.
            b_open = scan(body, s.end(), lambda c, p, b: c == "{" and p == 0)
            b_close = scan(body, b_open + 1,
                           lambda c, p, b: c == "}" and b == 0)
            inner = body[b_open:b_close]
            if ("transform.exo.clone_proc" in inner or
                    "transform.exo.match_proc" in inner or
                    s.group(2) == "__transform_main"):
                t2, c2 = lines_of(body, s.start(), b_close + 1)
                entries.append((s.group(2), t2, c2))
    return total, code, entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--max-code", type=int)
    parser.add_argument("--max-entry-code", type=int)
    parser.add_argument("--entries", type=int, default=5,
                        help="how many of the largest entry points to list")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    files = sorted({f for p in PATTERNS
                    for f in glob.glob(os.path.join(root, p))})
    if not files:
        sys.exit(f"derivation_lines: no derivation under {root}")
    rows, all_entries = [], []
    total = code = 0
    for f in files:
        t, c, entries = measure(f)
        if t == 0:
            continue
        rel = os.path.relpath(f, root)
        rows.append((rel, t, c, len(entries)))
        all_entries += [(c2, t2, name, rel) for name, t2, c2 in entries]
        total += t
        code += c
    print("| file | lines | code lines | entry points |")
    print("| --- | --- | --- | --- |")
    for rel, t, c, e in rows:
        print(f"| {rel} | {t} | {c} | {e} |")
    all_entries.sort(key=lambda e: (-e[0], e[2]))
    print()
    print("| largest entry points | file | lines | code lines |")
    print("| --- | --- | --- | --- |")
    for c, t, name, rel in all_entries[:args.entries]:
        print(f"| @{name} | {rel} | {t} | {c} |")
    print()
    largest = all_entries[0] if all_entries else (0, 0, "-", "-")
    print(f"derivations: {len(rows)} files, {code} code lines ({total} with "
          f"comments and blank lines), {len(all_entries)} entry points, the "
          f"largest {largest[0]} code lines (@{largest[2]})")
    failed = False
    if args.max_code is not None and code > args.max_code:
        print(f"derivation_lines: {code} code lines, more than {args.max_code}",
              file=sys.stderr)
        failed = True
    if args.max_entry_code is not None:
        for c, _, name, rel in all_entries:
            if c > args.max_entry_code:
                print(f"derivation_lines: @{name} ({rel}) has {c} code lines, "
                      f"more than {args.max_entry_code}", file=sys.stderr)
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

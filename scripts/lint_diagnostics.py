#!/usr/bin/env python3
"""Every diagnostic the compiler can emit has a test that triggers it.

Finds each call that emits a diagnostic in lib/, include/ and tools/
(emitError, emitOpError, emitWarning, emitRemark, emitSilenceableError,
emitDefiniteFailure, emitSilenceableFailure, emitHazard, the notes of
attachNote, and `why.set`, the refusal reasons of the symbolic check's
size roles, and `gaps.push_back`, the symbolic driver's, both printed
as notes) and the fixed text of its
message: the string literals of the call's statement, adjacent literals
joined, split where code or a format placeholder comes between them. A site
counts as tested when one of its pieces of ten characters or more, or its
first 40 characters, appears in a test under test/ (whitespace normalized;
the fuzz corpora excepted): tests often expect only the start of a long
message.

A site may be exempt only by an entry of scripts/diagnostics_exempt.txt:

    path/to/file.cpp | a piece of the message | why no test can trigger it

Prints `file:line: untested diagnostic: "..."` for each site that is neither
tested nor exempt, and `scripts/diagnostics_exempt.txt:N: ...` for each entry
that matches no untested site any more (tested now, or gone), so that the
list only shrinks. The last line is `lint_diagnostics: N findings`; the exit
status is 1 when N > 0.

Usage: scripts/lint_diagnostics.py [ROOT]
"""

import os
import re
import subprocess
import sys

CALL = re.compile(
    r"\b(emitError|emitOpError|emitWarning|emitRemark|emitSilenceableError|"
    r"emitDefiniteFailure|emitSilenceableFailure|emitHazard|attachNote|"
    r"why\.set|gaps\.push_back)\s*\(")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{\d*\}|\\n")
MIN_PIECE = 10
PREFIX = 40


def git_files(root, *paths):
    """The tracked and untracked (not ignored) files under `paths` that exist
    in the work tree (a tracked file deleted but not yet staged is gone)."""
    out = subprocess.check_output(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--",
         *paths], cwd=root, text=True)
    return [f for f in out.split("\n")
            if f and os.path.isfile(os.path.join(root, f))]


def statement_end(src, start):
    """The index of the `;` that ends the statement opened at `start` (just
    after the call's opening parenthesis)."""
    depth, i = 1, start
    while i < len(src):
        c = src[i]
        if c == '"':
            i += 1
            while i < len(src) and src[i] != '"':
                i += 2 if src[i] == "\\" else 1
        elif c == "'":
            i += 1
            while i < len(src) and src[i] != "'":
                i += 2 if src[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == ";" and depth <= 0:
            return i
        i += 1
    return len(src)


def pieces(statement):
    """The fixed pieces of text of a diagnostic statement."""
    runs, current, pos = [], None, 0
    for m in STRING.finditer(statement):
        if current is not None and statement[pos:m.start()].strip() == "":
            current += m.group(1)
        else:
            if current is not None:
                runs.append(current)
            current = m.group(1)
        pos = m.end()
    if current is not None:
        runs.append(current)
    result = []
    for run in runs:
        run = run.replace('\\"', '"').replace("\\'", "'")
        for part in PLACEHOLDER.split(run):
            part = re.sub(r"\s+", " ", part).strip()
            if len(part) >= MIN_PIECE:
                result.append(part)
    return result


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    tests = []
    for f in git_files(root, "test"):
        path = os.path.join(root, f)
        if "/fuzz/" in f or not os.path.isfile(path):
            continue
        with open(path, errors="ignore") as fh:
            tests.append(re.sub(r"\s+", " ", fh.read()))
    corpus = "\n".join(tests)

    exempt_file = os.path.join(root, "scripts", "diagnostics_exempt.txt")
    exempt = []  # (line number, path, piece, used)
    if os.path.exists(exempt_file):
        with open(exempt_file) as fh:
            for n, line in enumerate(fh, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                fields = [x.strip() for x in line.split("|")]
                if len(fields) != 3 or not all(fields):
                    print(f"scripts/diagnostics_exempt.txt:{n}: expected "
                          "'path | message piece | reason'")
                    exempt.append((n, None, None, [True]))
                    continue
                exempt.append((n, fields[0], fields[1], [False]))

    findings = sum(1 for e in exempt if e[1] is None)
    sources = [f for f in git_files(root, "lib", "include", "tools")
               if f.endswith((".cpp", ".h"))]
    for f in sorted(sources):
        with open(os.path.join(root, f)) as fh:
            src = fh.read()
        for m in CALL.finditer(src):
            text = pieces(src[m.start():statement_end(src, m.end())])
            if not text or any(p[:PREFIX] in corpus for p in text):
                continue
            matched = [e for e in exempt
                       if e[1] == f and any(e[2] in p for p in text)]
            for e in matched:
                e[3][0] = True
            if matched:
                continue
            line = src.count("\n", 0, m.start()) + 1
            print(f'{f}:{line}: untested diagnostic: "{max(text, key=len)}"')
            findings += 1
    for n, path, piece, used in exempt:
        if path is not None and not used[0]:
            print(f"scripts/diagnostics_exempt.txt:{n}: '{piece}' in {path} "
                  "is tested now or gone; remove the entry")
            findings += 1
    print(f"lint_diagnostics: {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

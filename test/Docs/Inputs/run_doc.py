#!/usr/bin/env python3
"""Runs the code blocks of a Markdown page, in order, as a reader would.

Each fenced code block must be preceded by one marker line (an HTML comment,
invisible on the rendered page):

  <!-- file: NAME -->     the block is written to NAME in the work directory
                          (appended when an earlier block wrote NAME)
  <!-- run -->            the block is a bash script; it must exit with 0
  <!-- run: fails -->     ... it must exit with a non-zero status
  <!-- run: needs X -->   ... run only where X is available (ptxas, nvcc,
                          gpu), skipped otherwise
  <!-- run: setup -->     the reader's set-up (PATH, a work directory); not
                          run: this script sets up the same itself
  <!-- output -->         each non-empty line of the block must occur in the
                          output of the last run block, in order (as a
                          substring of one line); skipped with that block

Run blocks get EXO (the repository root) and a PATH with the tools first,
and run in the work directory. A block without a marker, an unknown marker,
a marker with no block after it, a failed run or a missing output line is a
failure. Prints one line per block and ends with
  run_doc: N blocks, N run, N skipped, N failed
exiting with 1 when anything failed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

MARKER = re.compile(r"^<!--\s*(file|run|output)(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([\w+-]*)\s*$")


def parse(path):
    """Yields (line, kind, argument, language, text) for each fenced block."""
    with open(path) as f:
        lines = f.read().split("\n")
    blocks = []
    pending = None  # (line, kind, argument) of a marker awaiting its block
    i = 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            if pending:
                blocks.append((pending[0], "error", "marker with no code block after it", "", ""))
            pending = (i + 1, m.group(1), (m.group(2) or "").strip())
            i += 1
            continue
        f = FENCE.match(line)
        if f:
            fence, lang = f.group(1), f.group(2)
            start = i + 1
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() != fence:
                body.append(lines[i])
                i += 1
            if i == len(lines):
                blocks.append((start, "error", "unterminated code block", lang, ""))
                break
            i += 1
            text = "\n".join(body) + "\n"
            if pending is None:
                blocks.append((start, "error", "code block without a marker (file, run or output)", lang, text))
            else:
                blocks.append((start, pending[1], pending[2], lang, text))
            pending = None
            continue
        if line.strip() and pending:
            blocks.append((pending[0], "error", "marker not directly followed by a code block", "", ""))
            pending = None
        i += 1
    if pending:
        blocks.append((pending[0], "error", "marker with no code block after it", "", ""))
    return blocks


def available(what, env):
    if what == "ptxas":
        return shutil.which("ptxas", path=env["PATH"]) is not None
    if what == "nvcc":
        return (shutil.which("nvcc", path=env["PATH"]) is not None
                and os.path.exists("/usr/local/cuda/include/cuda.h"))
    if what == "gpu":
        smi = shutil.which("nvidia-smi", path=env["PATH"])
        if smi is None:
            return False
        return subprocess.run([smi, "-L"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--bin", required=True, help="the tools' directory")
    ap.add_argument("--root", required=True, help="the repository root")
    args = ap.parse_args()

    env = dict(os.environ)
    env["EXO"] = os.path.abspath(args.root)
    path = [os.path.abspath(args.bin), "/usr/lib/llvm-22/bin"]
    if os.path.isdir("/usr/local/cuda/bin"):
        path.append("/usr/local/cuda/bin")
    env["PATH"] = os.pathsep.join(path + [env.get("PATH", "")])
    os.makedirs(args.workdir, exist_ok=True)

    name = os.path.basename(args.page)
    written = set()
    last_output = None  # None: no run yet, or the last run block was skipped
    counts = {"run": 0, "skipped": 0, "failed": 0}

    def fail(line, message, detail=""):
        counts["failed"] += 1
        print(f"{name}:{line}: FAIL: {message}")
        if detail:
            print("\n".join("  | " + l for l in detail.rstrip("\n").split("\n")))

    blocks = parse(args.page)
    for line, kind, arg, lang, text in blocks:
        if kind == "error":
            fail(line, arg)
        elif kind == "file":
            if not arg or "/" in arg:
                fail(line, f"bad file name '{arg}'")
                continue
            mode = "a" if arg in written else "w"
            with open(os.path.join(args.workdir, arg), mode) as f:
                f.write(text)
            written.add(arg)
            print(f"{name}:{line}: {'appended to' if mode == 'a' else 'wrote'} {arg}")
        elif kind == "run":
            expect_fail = False
            if arg == "setup":
                print(f"{name}:{line}: set-up block (this script sets up the same)")
                continue
            if arg == "fails":
                expect_fail = True
            elif arg.startswith("needs "):
                what = arg[len("needs "):].strip()
                ok = available(what, env)
                if ok is None:
                    fail(line, f"unknown requirement '{what}'")
                    continue
                if not ok:
                    counts["skipped"] += 1
                    last_output = None
                    print(f"{name}:{line}: skipped (needs {what})")
                    continue
            elif arg:
                fail(line, f"unknown run marker '{arg}'")
                continue
            if lang not in ("sh", "bash"):
                fail(line, f"a run block must be sh, not '{lang}'")
                continue
            proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text],
                                  cwd=args.workdir, env=env,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True,
                                  timeout=600)
            last_output = proc.stdout
            counts["run"] += 1
            if expect_fail and proc.returncode == 0:
                fail(line, "the block was to fail but exited with 0", proc.stdout)
            elif not expect_fail and proc.returncode != 0:
                fail(line, f"the block exited with {proc.returncode}", proc.stdout)
            else:
                print(f"{name}:{line}: ran ({'failed as shown' if expect_fail else 'ok'})")
        elif kind == "output":
            if arg:
                fail(line, f"unknown output marker '{arg}'")
                continue
            if last_output is None:
                counts["skipped"] += 1
                print(f"{name}:{line}: output not checked (its block did not run)")
                continue
            actual = last_output.split("\n")
            pos = 0
            for want in (l for l in text.split("\n") if l.strip()):
                while pos < len(actual) and want not in actual[pos]:
                    pos += 1
                if pos == len(actual):
                    fail(line, f"line not in the output (in order): {want!r}", last_output)
                    break
                pos += 1
            else:
                print(f"{name}:{line}: output matches")
        else:
            fail(line, f"unknown marker '{kind}'")

    print(f"run_doc: {len(blocks)} blocks, {counts['run']} run, "
          f"{counts['skipped']} skipped, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

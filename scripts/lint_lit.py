#!/usr/bin/env python3
"""Find lit/FileCheck lines that silently check nothing.

Usage: lint_lit.py PATH...

PATH is a test file or a directory to walk. Only files with a lit RUN line
are linted. Each finding is printed as `file:line: message`. The exit status
is 0 when there are no findings, 1 when there are, 2 on a usage error.

Findings:
  1. A lit or FileCheck directive without its colon (`// CHECK foo`,
     `// RUN foo`, `// CHECK-NEXT foo`, `// PFX-LABEL foo`, or a prefix a RUN
     line declares): lit and FileCheck both skip such a line.
  2. A check directive whose prefix no RUN line passes to FileCheck (the
     default CHECK counts as passed only when some FileCheck runs without a
     prefix option, or lists CHECK).
  3. A prefix a RUN line passes to FileCheck that no directive in the file
     uses.
  4. A file whose RUN lines pipe into `FileCheck %s` but that has no check
     directive at all.

To stay quiet on ordinary comments (`// TODO: ...`, `// NOTE: ...`,
`// Check that ...`), a comment that opens with `WORD:` is taken as a check
directive only if WORD is a declared prefix, is CHECK or starts with CHECK-,
or ends in a FileCheck suffix (-NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY,
-COUNT-n). Lines mentioning `expected-` (verify-diagnostics) are skipped.
"""

import os
import re
import shlex
import sys

SUFFIX = r"(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+)"
LITERAL = "{LITERAL}"
SUFFIX_RE = re.compile(r"^(?P<base>.+?)-(?P<suffix>" + SUFFIX + r")$")

# Directives that belong to lit (or FileCheck's COM), never to a check prefix.
LIT_KEYWORDS = {
    "RUN",
    "REQUIRES",
    "UNSUPPORTED",
    "XFAIL",
    "ALLOW_RETRIES",
    "DEFINE",
    "REDEFINE",
    "END",
    "COM",
}

# A comment token at the start of a line, then a word, then what follows it.
COMMENT_WORD_RE = re.compile(
    r"^\s*(?://+|;+|#+)\s*(?P<word>[A-Za-z_][A-Za-z0-9_-]*)(?P<rest>.*)$"
)
# The lit lines we read commands from.
RUN_RE = re.compile(r"^\s*(?://+|;+|#+)\s*(?P<kw>RUN|DEFINE|REDEFINE):(?P<cmd>.*)$")
# Any mention of a lit RUN line, with or without its colon: what makes a test.
ANY_RUN_RE = re.compile(r"^\s*(?://+|;+|#+)\s*RUN\b", re.M)

# Text that reads like IR rather than prose: sigils, or a dotted op name
# (`nvvm.mma`, `func.func`; `e.g.` is too short to count).
IR_LIKE_RE = re.compile(r"[%@\"<>{}\[\]=!^#]|\b[a-z_]\w+\.[a-z_]\w+")

FILECHECK_TOKEN_RE = re.compile(r"^(?:.*/)?%?FileCheck(?:-\d+)?$")
# FileCheck options that take their value as the next token.
FILECHECK_VALUE_OPTS = {
    "check-prefix",
    "check-prefixes",
    "input-file",
    "implicit-check-not",
    "comment-prefixes",
    "dump-input",
    "dump-input-filter",
    "dump-input-context",
}
SHELL_SEPARATORS = {"|", "||", "&&", ";", "&", "|&"}
REDIRECTS = {"<", ">", ">>", ">&", "&>", "2>", "2>>", "2>&1"}

SKIP_DIRS = {"Output", "__pycache__", ".git"}
SKIP_FILES = {"lit.cfg.py", "lit.site.cfg.py", "lit.local.cfg", "lit.cfg"}


def is_upper_word(word):
    return re.fullmatch(r"[A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)*", word) is not None


def split_suffix(word):
    """Returns (base, has_suffix) for e.g. FOO-NEXT -> (FOO, True)."""
    m = SUFFIX_RE.match(word)
    if m:
        return m.group("base"), True
    return word, False


class FileCheckRun:
    def __init__(self, line, prefixes, explicit, checks_this_file):
        self.line = line
        self.prefixes = prefixes
        self.explicit = explicit
        self.checks_this_file = checks_this_file


def tokenize(cmd):
    try:
        lexer = shlex.shlex(cmd, posix=True, punctuation_chars="|&;<>")
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError:
        return cmd.split()


def parse_filecheck_args(args):
    """Returns (prefixes, explicit, check_file) for one FileCheck invocation."""
    prefixes = []
    explicit = False
    check_file = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in REDIRECTS or arg.startswith((">", "<")):
            i += 2 if arg in REDIRECTS else 1
            continue
        if arg.startswith("-"):
            name, eq, value = arg.lstrip("-").partition("=")
            if not eq and name in FILECHECK_VALUE_OPTS and i + 1 < len(args):
                value = args[i + 1]
                i += 1
            if name in ("check-prefix", "check-prefixes"):
                explicit = True
                prefixes.extend(p for p in value.split(",") if p)
        elif check_file is None:
            check_file = arg
        i += 1
    if not explicit:
        prefixes = ["CHECK"]
    return prefixes, explicit, check_file


def find_filecheck_runs(commands):
    """commands: list of (line, command text). Yields FileCheckRun."""
    for line, cmd in commands:
        tokens = tokenize(cmd)
        for i, tok in enumerate(tokens):
            if not FILECHECK_TOKEN_RE.match(tok):
                continue
            args = []
            for t in tokens[i + 1 :]:
                if t in SHELL_SEPARATORS:
                    break
                args.append(t)
            prefixes, explicit, check_file = parse_filecheck_args(args)
            # Without a check file FileCheck fails loudly; assume %s.
            this_file = check_file is None or check_file == "%s"
            yield FileCheckRun(line, prefixes, explicit, this_file)


def collect_commands(lines):
    """Joins RUN/DEFINE lines with their `\\` continuations."""
    commands = []
    current = None
    for num, text in enumerate(lines, 1):
        m = RUN_RE.match(text)
        if not m:
            if current is not None:
                commands.append(tuple(current))
                current = None
            continue
        cmd = m.group("cmd").rstrip()
        cont = cmd.endswith("\\")
        if cont:
            cmd = cmd[:-1]
        if current is None:
            current = [num, cmd]
        else:
            current[1] += " " + cmd
        if not cont:
            commands.append(tuple(current))
            current = None
    if current is not None:
        commands.append(tuple(current))
    return commands


def usage_regex(prefix):
    # FileCheck finds a prefix anywhere on a line that is not preceded by a
    # word character or a dash, and is followed by `:` or `-SUFFIX:`.
    return re.compile(
        r"(?<![A-Za-z0-9_-])"
        + re.escape(prefix)
        + r"(?:-"
        + SUFFIX
        + r")?(?:"
        + re.escape(LITERAL)
        + r")?:"
    )


def lint_file(text):
    findings = []
    lines = text.splitlines()
    runs = list(find_filecheck_runs(collect_commands(lines)))
    local_runs = [r for r in runs if r.checks_this_file]
    declared = set()
    for r in local_runs:
        declared.update(r.prefixes)
    # Prefixes declared for another check file still count as declared (so
    # they are not reported as undeclared), but are not expected here.
    declared_anywhere = set(declared)
    for r in runs:
        declared_anywhere.update(r.prefixes)

    def report(num, msg):
        findings.append((num, msg))

    # Lines with `COM:` and `expected-...` are not check lines.
    body = []
    for num, line in enumerate(lines, 1):
        if "expected-" in line:
            continue
        if RUN_RE.match(line):
            continue
        com = re.search(r"(?<![A-Za-z0-9_-])COM:", line)
        body.append((num, line, line[: com.start()] if com else line))

    # Findings 1 and 2: look at the word that opens each comment.
    for num, line, _ in body:
        m = COMMENT_WORD_RE.match(line)
        if not m:
            continue
        word, rest = m.group("word"), m.group("rest")
        # FileCheck's `{LITERAL}` modifier sits between directive and colon.
        if rest.startswith(LITERAL):
            rest = rest[len(LITERAL) :]
        base, has_suffix = split_suffix(word)
        if word in LIT_KEYWORDS and word != "RUN":
            continue
        looks_like_check = (
            word in declared_anywhere
            or (has_suffix and base in declared_anywhere)
            or (
                is_upper_word(word)
                and (has_suffix or base == "CHECK" or base.startswith("CHECK-"))
            )
        )
        if rest.startswith(":"):
            if word == "RUN" or not looks_like_check:
                continue
            if word in declared_anywhere or (
                has_suffix and base in declared_anywhere
            ):
                continue
            prefix = base if has_suffix else word
            if runs:
                report(
                    num,
                    f"check prefix '{prefix}' is passed to no FileCheck on a "
                    f"RUN line, so '{word}:' checks nothing",
                )
            else:
                report(
                    num,
                    f"'{word}:' checks nothing: no RUN line runs FileCheck",
                )
        elif rest == "" or rest[0].isspace():
            # A bare custom prefix (`// GPU ...`) may just be prose that
            # starts with the same word; flag it only when IR follows.
            bare_custom = (
                not has_suffix
                and word != "CHECK"
                and not word.startswith("CHECK-")
                and word in declared_anywhere
            )
            if bare_custom and not IR_LIKE_RE.search(rest):
                continue
            if word == "RUN" or looks_like_check:
                report(
                    num,
                    f"directive '{word}' without a colon is ignored "
                    f"(write '{word}:')",
                )

    # Findings 3 and 4: which declared prefixes does this file use?
    used = set()
    for prefix in declared:
        rx = usage_regex(prefix)
        if any(rx.search(stripped) for _, _, stripped in body):
            used.add(prefix)
    if local_runs and not used:
        report(
            local_runs[0].line,
            "RUN line pipes into FileCheck but the file has no check "
            "directive for its prefixes ("
            + ", ".join(sorted(declared))
            + ")",
        )
    else:
        reported = set()
        for r in local_runs:
            for prefix in r.prefixes:
                if prefix in used or prefix in reported:
                    continue
                reported.add(prefix)
                how = "passed to FileCheck" if r.explicit else "FileCheck's default"
                report(
                    r.line,
                    f"check prefix '{prefix}' ({how}) is used by no directive "
                    "in this file",
                )

    findings.sort()
    return findings


def read_text(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace")


def walk(paths):
    for top in paths:
        if os.path.isfile(top):
            yield top
            continue
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(
                d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")
            )
            for name in sorted(files):
                if name in SKIP_FILES or name.endswith((".pyc", ".in")):
                    continue
                yield os.path.join(root, name)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    missing = [p for p in argv[1:] if not os.path.exists(p)]
    if missing:
        for p in missing:
            print(f"lint_lit.py: no such file or directory: {p}", file=sys.stderr)
        return 2
    count = 0
    for path in walk(argv[1:]):
        text = read_text(path)
        if text is None or not ANY_RUN_RE.search(text):
            continue
        for num, msg in lint_file(text):
            print(f"{path}:{num}: {msg}")
            count += 1
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

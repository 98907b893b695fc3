#!/usr/bin/env bash
# Usage: scripts/lint.sh
#
# Static checks CI runs; prints each finding as `file:line: message`, then
# `lint: N findings`, and exits non-zero when N > 0.
#   1. clang-format 22 --dry-run -Werror over the C++ sources (no other
#      major version: a missing clang-format-22 is a finding;
#      EXO_CLANG_FORMAT names the one binary to use instead of searching).
#   2. scripts/lint_lit.py over test/: lit/FileCheck lines that check nothing.
#   3. Deprecated MLIR API forms (builder.create<...>, GEN_PASS_CLASSES, ...).
#   4. scripts/lint_diagnostics.py: every diagnostic the compiler can emit is
#      triggered by a test, or exempt with a reason in
#      scripts/diagnostics_exempt.txt.
#   5. bench/ under 2 MiB (EXO_BENCH_MAX_BYTES): no run logs in the tree.
# EXO_LINT_STEPS selects steps by number (e.g. "1 5").
# Files are those git knows of: tracked, plus untracked ones not ignored.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)
cd "$root"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "lint: $root is not a git checkout; the file lists come from git" >&2
  exit 2
fi

findings=0
# Prints stdin's finding lines and adds their number to $findings.
emit() {
  local line
  while IFS= read -r line; do
    printf '%s\n' "$line"
    findings=$((findings + 1))
  done
}

# Existing files under the given directories, NUL-separated, whose names end
# in one of the extensions in $exts.
list_files() {
  local pathspecs=() d e
  for d in "$@"; do
    for e in $exts; do
      pathspecs+=("$d/*.$e")
    done
  done
  git ls-files -z --cached --others --exclude-standard -- "${pathspecs[@]}" |
    while IFS= read -r -d '' f; do
      [ -f "$f" ] && printf '%s\0' "$f"
    done | sort -zu
}

# 1. clang-format. The sources are formatted with clang-format 22; another
# major version formats differently (Debian 12's own clang-format is 14), so
# the check runs with 22 or not at all, and a missing 22 is a finding.
check_format() {
  required_format_major=22
  clang_format=""
  candidates=(clang-format-$required_format_major
    /usr/lib/llvm-$required_format_major/bin/clang-format)
  [ -z "${EXO_CLANG_FORMAT:-}" ] || candidates=("$EXO_CLANG_FORMAT")
  for cand in "${candidates[@]}"; do
    if command -v "$cand" >/dev/null 2>&1; then
      clang_format=$cand
      break
    fi
  done
  # The major version CMD reports ("Debian clang-format version 22.1.8 ..."), or
  # nothing when it does not say.
  format_major() {
    "$1" --version 2>/dev/null |
      sed -nE 's/.*clang-format version ([0-9]+)\..*/\1/p' | head -n 1
}
exts="cpp h cu"
mapfile -d '' cxx_files < <(list_files include lib tools plugin runtime test/lib test/GPU bench python)
format_version=""
[ -z "$clang_format" ] || format_version=$(format_major "$clang_format")
if [ -z "$clang_format" ]; then
  emit <<<".clang-format:1: clang-format-$required_format_major not found; the format check runs with no other version (install it: bash scripts/install-deps.sh)"
elif [ "$format_version" != "$required_format_major" ]; then
  emit <<<".clang-format:1: $clang_format is version ${format_version:-unknown}, not $required_format_major; the format check runs with no other version (install clang-format-$required_format_major: bash scripts/install-deps.sh)"
elif [ ${#cxx_files[@]} -gt 0 ]; then
  # One finding per offending line:
  # `f.cpp:12:3: error: code should be clang-formatted [-Wclang-format-violations]`.
  rc=0
  out=$("$clang_format" --style=file --dry-run -Werror "${cxx_files[@]}" 2>&1) ||
    rc=$?
  before=$findings
  # clang-format reports each offending column; keep one finding per line.
  emit < <(sed -nE 's/^(.+):([0-9]+):[0-9]+: (error|warning): (.*) \[-Wclang-format-violations\]$/\1:\2: clang-format: \4/p' <<<"$out" |
    awk '!seen[$0]++')
  if [ "$findings" -gt "$before" ]; then
    echo "lint: to fix formatting, run: $clang_format -i FILE..." >&2
  elif [ "$rc" -ne 0 ]; then
    # Failed without a violation: a broken .clang-format, an unreadable file.
    printf '%s\n' "$out" >&2
    emit <<<".clang-format:1: $clang_format failed with status $rc"
  fi
fi
}

# 2. Lit hygiene.
check_lit() {
  if [ -d test ]; then
    rc=0
    out=$(python3 "$script_dir/lint_lit.py" test) || rc=$?
    [ -z "$out" ] || emit <<<"$out"
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
      emit <<<"scripts/lint_lit.py:1: lint_lit.py failed with status $rc"
    fi
  fi
}

# 3. Deprecated MLIR API forms. Each entry: ERE<TAB>advice.
check_api() {
  deprecated=(
    $'\\b\\w+\\s*(\\.|->)\\s*create\\s*<\tdeprecated builder.create<OpTy>(...); use OpTy::create(builder, loc, ...)'
    $'GEN_PASS_CLASSES\tdeprecated GEN_PASS_CLASSES; use GEN_PASS_DEF_<PASS> and the generated base class'
    $'applyPatternsAndFoldGreedily\tdeprecated applyPatternsAndFoldGreedily; use applyPatternsGreedily'
    $'let\\s+constructor\tdeprecated `let constructor` in a pass definition; let tablegen generate create<Pass>()'
  )
  exts="cpp h td inc cu cuh"
  mapfile -d '' api_files < <(list_files include lib tools plugin runtime test/lib)
  if [ ${#api_files[@]} -gt 0 ]; then
    for entry in "${deprecated[@]}"; do
      regex=${entry%%$'\t'*}
      advice=${entry#*$'\t'}
      emit < <(
        grep -HnE -- "$regex" "${api_files[@]}" |
          sed -nE "s/^([^:]+):([0-9]+):.*$/\\1:\\2: ${advice//\//\\/}/p" || true
      )
    done
  fi
}

# 4. Diagnostics without a test.
check_diagnostics() {
  rc=0
  out=$(python3 "$script_dir/lint_diagnostics.py" "$PWD") || rc=$?
  out=$(grep -v '^lint_diagnostics: ' <<<"$out" || true)
  [ -z "$out" ] || emit <<<"$out"
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    emit <<<"scripts/lint_diagnostics.py:1: lint_diagnostics.py failed with status $rc"
  fi
}

# 5. Size of bench/: results live in bench/RESULTS.md and short analysis
# pages, not as run logs; the tree's bench/ stays under EXO_BENCH_MAX_BYTES
# (default 2 MiB), counting the files git knows of.
check_bench() {
  bench_max=${EXO_BENCH_MAX_BYTES:-2097152}
  bench_bytes=$(git ls-files -z --cached --others --exclude-standard -- bench |
    while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
    xargs -0 -r stat -c %s | awk '{ s += $1 } END { print s + 0 }')
  if [ "$bench_bytes" -gt "$bench_max" ]; then
    emit < <(
      echo "bench/README.md:1: bench/ holds $bench_bytes bytes, over the limit of $bench_max; keep run logs out of the tree (figures go to bench/RESULTS.md)"
      git ls-files -z --cached --others --exclude-standard -- bench |
        while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
        xargs -0 -r stat -c '%s %n' | sort -rn | head -n 5 |
        awk '{ print $2 ":1: one of the largest files in bench/: " $1 " bytes" }'
    )
  fi
}

# EXO_LINT_STEPS: the steps to run, by number (default all: "1 2 3 4 5").
for n in ${EXO_LINT_STEPS:-1 2 3 4 5}; do
  case "$n" in
    1) check_format ;;
    2) check_lit ;;
    3) check_api ;;
    4) check_diagnostics ;;
    5) check_bench ;;
    *)
      echo "lint: unknown step '$n' in EXO_LINT_STEPS (steps are 1 to 5)" >&2
      exit 2
      ;;
  esac
done

echo "lint: $findings findings"
[ "$findings" -eq 0 ]

#!/usr/bin/env bash
# Usage: scripts/lint.sh
#
# Static checks CI runs; prints each finding as `file:line: message`, then
# `lint: N findings`, and exits non-zero when N > 0.
#   1. clang-format (22 preferred) --dry-run -Werror over the C++ sources.
#   2. scripts/lint_lit.py over test/: lit/FileCheck lines that check nothing.
#   3. Deprecated MLIR API forms (builder.create<...>, GEN_PASS_CLASSES, ...).
#   4. scripts/lint_diagnostics.py: every diagnostic the compiler can emit is
#      triggered by a test, or exempt with a reason in
#      scripts/diagnostics_exempt.txt.
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

# 1. clang-format.
clang_format=""
for cand in clang-format-22 /usr/lib/llvm-22/bin/clang-format clang-format; do
  if command -v "$cand" >/dev/null 2>&1; then
    clang_format=$cand
    break
  fi
done
exts="cpp h cu"
mapfile -d '' cxx_files < <(list_files include lib tools plugin runtime test/lib test/GPU bench)
if [ -z "$clang_format" ]; then
  echo "lint: note: no clang-format found; skipping the format check" >&2
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

# 2. Lit hygiene.
if [ -d test ]; then
  rc=0
  out=$(python3 "$script_dir/lint_lit.py" test) || rc=$?
  [ -z "$out" ] || emit <<<"$out"
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    emit <<<"scripts/lint_lit.py:1: lint_lit.py failed with status $rc"
  fi
fi

# 3. Deprecated MLIR API forms. Each entry: ERE<TAB>advice.
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

# 4. Diagnostics without a test.
rc=0
out=$(python3 "$script_dir/lint_diagnostics.py" "$PWD") || rc=$?
out=$(grep -v '^lint_diagnostics: ' <<<"$out" || true)
[ -z "$out" ] || emit <<<"$out"
if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
  emit <<<"scripts/lint_diagnostics.py:1: lint_diagnostics.py failed with status $rc"
fi

echo "lint: $findings findings"
[ "$findings" -eq 0 ]

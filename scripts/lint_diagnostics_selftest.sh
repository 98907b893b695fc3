#!/usr/bin/env bash
# Self-test for scripts/lint_diagnostics.py, on a scratch git repository:
# a tested diagnostic (whole, by its start, and split over adjacent string
# literals and a format placeholder), an untested one, an exempt one, a
# refusal reason (`why.set`) tested and one untested, an untested note, a
# stale exemption and a malformed one must give exactly the findings below.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lint="$script_dir/lint_diagnostics.py"
repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
mkdir -p "$repo/lib" "$repo/test" "$repo/scripts"
cat >"$repo/lib/a.cpp" <<'CPP'
LogicalResult f(Operation *op, int n) {
  if (n == 1)
    return op->emitOpError() << "the whole message is in a test";
  if (n == 2)
    return op->emitOpError() << "a long message whose start is tested, then "
                                "a tail that no test spells out";
  if (n == 3)
    return emitError(op->getLoc(), llvm::formatv("adjacent literals "
                                                 "{0} and a placeholder", n));
  if (n == 4)
    return op->emitOpError() << "nobody triggers this one";
  if (n == 5)
    return op->emitOpError() << "only C++ callers reach this";
  if (n == 6)
    return why.set(op, "a refusal reason that a test quotes");
  if (n == 7)
    return t.why.set(op, "a refusal reason nobody quotes");
  InFlightDiagnostic diag = op->emitOpError() << "short";
  diag.attachNote(op->getLoc()) << "a note no test quotes";
  return diag;
}
CPP
cat >"$repo/test/t.mlir" <<'MLIR'
// expected-error @+1 {{the whole message is in a test}}
// expected-error @+1 {{a long message whose start is tested, then}}
// CHECK: error: adjacent literals 3 and a placeholder
// expected-note @below {{M: not covered: a refusal reason that a test quotes}}
MLIR
cat >"$repo/scripts/diagnostics_exempt.txt" <<'TXT'
# comment
lib/a.cpp | only C++ callers reach | api-only: the parser never builds it
lib/a.cpp | no such message | defensive: stale
lib/a.cpp | a malformed entry
TXT
git -C "$repo" init -q
git -C "$repo" add -A

want=$(
  cat <<'OUT'
scripts/diagnostics_exempt.txt:4: expected 'path | message piece | reason'
lib/a.cpp:11: untested diagnostic: "nobody triggers this one"
lib/a.cpp:17: untested diagnostic: "a refusal reason nobody quotes"
lib/a.cpp:19: untested diagnostic: "a note no test quotes"
scripts/diagnostics_exempt.txt:3: 'no such message' in lib/a.cpp is tested now or gone; remove the entry
lint_diagnostics: 5 findings
OUT
)
rc=0
got=$(python3 "$lint" "$repo") || rc=$?
status=0
if [ "$rc" != 1 ]; then
  echo "lint_diagnostics_selftest: FAIL: exit status $rc, expected 1" >&2
  status=1
fi
if [ "$got" != "$want" ]; then
  echo "lint_diagnostics_selftest: FAIL: unexpected output" >&2
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") >&2 || true
  status=1
fi
[ "$status" -ne 0 ] || echo "lint_diagnostics_selftest: OK"
exit "$status"

#!/usr/bin/env bash
# Usage: scripts/fresh-machine.sh [COMMIT]
#
# Does what a new user does on a fresh Debian 12 machine, and fails on any
# step: clones this repository (COMMIT, default HEAD: what is committed, not
# the work tree) into a new directory, then runs README's two commands there,
# each with a build directory that starts empty:
#   1. bash scripts/main.sh   (the main job)
#   2. bash scripts/test.sh   (builds and runs every test; its last line must
#      be `N passed, 0 failed, N skipped`)
# Both install the Debian packages they need (scripts/install-deps.sh), so
# run it as root (or with sudo). The clone goes to EXO_FRESH_DIR (default a
# new directory under /tmp) and is removed after a pass unless EXO_FRESH_KEEP=1;
# after a failure it is kept, with each step's log.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)
commit=${1:-HEAD}

if ! sha=$(git -C "$root" rev-parse --verify --quiet "$commit^{commit}"); then
  echo "fresh-machine: '$commit' is not a commit of $root" >&2
  exit 2
fi
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "fresh-machine: note: $root has uncommitted changes; they are not" \
    "part of the clone" >&2
fi

dir=${EXO_FRESH_DIR:-$(mktemp -d /tmp/exo-gpu-fresh.XXXXXX)}
if [ -e "$dir/repo" ]; then
  echo "fresh-machine: $dir/repo exists; give an empty EXO_FRESH_DIR" >&2
  exit 2
fi
mkdir -p "$dir"
repo="$dir/repo"
start=$(date +%s)

# step NAME LOG CMD...: runs CMD in the clone with its output in LOG (and on
# the terminal); a failure ends the script.
step() {
  local name=$1 log=$2
  shift 2
  echo "== fresh-machine: $name (log: $log)" >&2
  local t0 rc=0
  t0=$(date +%s)
  "$@" 2>&1 | tee "$log" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "== fresh-machine: FAILED: $name (status $rc, $(($(date +%s) - t0)) s);" \
      "the clone and logs are kept in $dir" >&2
    exit 1
  fi
  echo "== fresh-machine: ok: $name ($(($(date +%s) - t0)) s)" >&2
}

step "clone $sha" "$dir/clone.log" \
  git clone --quiet --no-local --no-checkout "$root" "$repo"
step "check out $sha" "$dir/checkout.log" \
  git -C "$repo" checkout --quiet --detach "$sha"
if [ -e "$repo/build" ]; then
  echo "== fresh-machine: FAILED: the clone has a build directory" >&2
  exit 1
fi
cd "$repo"
step "README command 1: bash scripts/main.sh" "$dir/main.log" bash scripts/main.sh
step "README command 2: bash scripts/test.sh" "$dir/test.log" bash scripts/test.sh

summary=$(tail -n 1 "$dir/test.log")
if ! [[ $summary =~ ^[0-9]+\ passed,\ 0\ failed,\ [0-9]+\ skipped$ ]]; then
  echo "== fresh-machine: FAILED: scripts/test.sh ended with '$summary'" >&2
  exit 1
fi
echo "== fresh-machine: passed in $(($(date +%s) - start)) s: $summary ($sha)" >&2
if [ "${EXO_FRESH_KEEP:-0}" = 1 ]; then
  echo "== fresh-machine: the clone is in $repo" >&2
else
  rm -rf "$dir"
fi

#!/usr/bin/env bash
# Usage: scripts/build.sh [BUILD_DIR [CMAKE_ARG...]]
#
# Installs the dependencies, configures BUILD_DIR (default `build`; a
# relative path is taken from the repository root) with CMake + Ninja +
# clang-22 unless it is configured already, and builds it with `ninja -j2`.
# CMAKE_ARGs are passed to cmake; giving any re-runs the configure step.
#
# Environment:
#   EXO_BUILD_TYPE  CMAKE_BUILD_TYPE (default Release)
#   EXO_SANITIZE    passed as -DEXO_SANITIZE=... (e.g. "address;undefined")
#   EXO_JOBS        ninja parallelism (default 2: the build machine has 2 cores)
# Setting EXO_BUILD_TYPE or EXO_SANITIZE to a value the build directory was
# not configured with re-runs the configure step.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)

build_dir=${1:-build}
[ $# -eq 0 ] || shift
case "$build_dir" in
  /*) ;;
  *) build_dir="$root/$build_dir" ;;
esac

bash "$script_dir/install-deps.sh"

# The value BUILD_DIR's cache holds for VAR (empty when absent).
cached() {
  sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt" 2>/dev/null | head -n 1
}

configure=0
if [ ! -f "$build_dir/build.ninja" ]; then
  configure=1
elif [ $# -gt 0 ]; then
  configure=1
elif [ -n "${EXO_BUILD_TYPE:-}" ] &&
  [ "$(cached CMAKE_BUILD_TYPE)" != "$EXO_BUILD_TYPE" ]; then
  configure=1
elif [ -n "${EXO_SANITIZE+set}" ] &&
  [ "$(cached EXO_SANITIZE)" != "$EXO_SANITIZE" ]; then
  configure=1
fi

if [ "$configure" = 1 ]; then
  cmake_args=(
    -G Ninja -S "$root" -B "$build_dir"
    -DCMAKE_C_COMPILER=clang-22
    -DCMAKE_CXX_COMPILER=clang++-22
  )
  if command -v ccache >/dev/null 2>&1; then
    cmake_args+=(
      -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
      -DCMAKE_C_COMPILER_LAUNCHER=ccache
    )
  fi
  # Re-configuring keeps the cached build type unless EXO_BUILD_TYPE says.
  if [ -n "${EXO_BUILD_TYPE:-}" ] || [ ! -f "$build_dir/CMakeCache.txt" ]; then
    cmake_args+=(-DCMAKE_BUILD_TYPE="${EXO_BUILD_TYPE:-Release}")
  fi
  if [ -n "${EXO_SANITIZE+set}" ]; then
    cmake_args+=(-DEXO_SANITIZE="$EXO_SANITIZE")
  fi
  cmake_args+=("$@") # last, so the caller's -D options win
  echo "build: cmake ${cmake_args[*]}" >&2
  cmake "${cmake_args[@]}"
fi

# ccache keys on paths relative to the repository, so a fresh clone elsewhere
# (CI, scripts/fresh-machine.sh) reuses the objects of this one.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
ninja -C "$build_dir" -j"${EXO_JOBS:-2}"

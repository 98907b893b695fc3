#!/usr/bin/env bash
# Installs the Debian 12 packages Exo-GPU builds and tests with (see
# TOOLCHAIN.md section 1). Idempotent: when everything is installed it only
# runs dpkg-query and returns. Otherwise it runs apt-get update and installs
# the missing packages, as root or through sudo.
set -euo pipefail

packages=(
  libmlir-22-dev
  mlir-22-tools
  llvm-22-dev
  llvm-22-tools
  clang-22
  clang-format-22
  ccache
  ninja-build
  cmake
  python3
  git
)
# The sources are formatted with clang-format 22, and scripts/lint.sh runs
# no other major version: a Debian 12 machine may ship clang-format 14 as
# `clang-format`, whose output differs. clang-format-22 comes from the same
# repository as the rest of LLVM 22.

is_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]
}

missing=()
for pkg in "${packages[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: not root and sudo is not installed; as root, run:" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

# Wait for a concurrent apt/dpkg run instead of failing on its lock.
apt_get=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=900)

echo "install-deps: apt-get update" >&2
"${apt_get[@]}" update -q

echo "install-deps: installing ${missing[*]}" >&2
if ! "${apt_get[@]}" install -y -q "${missing[@]}"; then
  echo "install-deps: apt-get install failed. The llvm-22/mlir-22 packages" \
    "come from bookworm-security (TOOLCHAIN.md section 1); check" \
    "/etc/apt/sources.list*" >&2
  exit 1
fi

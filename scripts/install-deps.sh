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
  ccache
  ninja-build
  cmake
  python3
)
# clang-format-22 is preferred; plain clang-format is the fallback when the
# configured repositories lack it (scripts/lint.sh finds either).
clang_format_pkgs=(clang-format-22 clang-format)

is_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]
}

missing=()
for pkg in "${packages[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done
have_clang_format=0
for pkg in "${clang_format_pkgs[@]}"; do
  if is_installed "$pkg"; then
    have_clang_format=1
    break
  fi
done

if [ ${#missing[@]} -eq 0 ] && [ "$have_clang_format" = 1 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  [ "$have_clang_format" = 1 ] || missing+=(clang-format-22)
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

if [ "$have_clang_format" = 0 ]; then
  # Pick the first clang-format package that has an install candidate.
  found=""
  for pkg in "${clang_format_pkgs[@]}"; do
    candidate=$(apt-cache policy "$pkg" 2>/dev/null |
      awk '/Candidate:/ { print $2 }')
    if [ -n "$candidate" ] && [ "$candidate" != "(none)" ]; then
      found=$pkg
      missing+=("$pkg")
      break
    fi
  done
  if [ -z "$found" ]; then
    echo "install-deps: warning: no clang-format package available;" \
      "scripts/lint.sh will skip its format check" >&2
  fi
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
if ! "${apt_get[@]}" install -y -q "${missing[@]}"; then
  echo "install-deps: apt-get install failed. The llvm-22/mlir-22 packages" \
    "come from bookworm-security (TOOLCHAIN.md section 1); check" \
    "/etc/apt/sources.list*" >&2
  exit 1
fi

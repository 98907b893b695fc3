#!/usr/bin/env bash
# Usage: bash bench/gpu/gen_attention.sh GEN_DIR [BUILD_DIR]
#
# Lowers the attention kernels of the registry (kernels/registry.json: the
# sources named attention_fwd_*, D = 64, 128, causal or not) and writes their
# launchers and exo_attention.h, the dispatcher of the attention functions,
# into GEN_DIR for bench/gpu/bench_attention.py on the GPU machine
# (bench/gpu/gen.sh writes them with every other kernel). BUILD_DIR (default
# build) holds exo-gpu-opt and exo-gpu-translate.
set -euo pipefail
# shellcheck source=../../scripts/gen_launchers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/gen_launchers.sh" "$@"
found=0
while read -r name file options; do
  case $name in
  attention_fwd_*)
    # shellcheck disable=SC2086 # options: exo-gpu-opt options, no spaces
    gen "$name" "$file" $options
    found=$((found + 1))
    ;;
  esac
done < <(python3 "$root/scripts/registry.py" sources)
if [ "$found" -eq 0 ]; then
  echo "gen_attention: the registry has no attention_fwd_* source" >&2
  exit 1
fi
attention_dispatcher

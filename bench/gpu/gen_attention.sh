#!/usr/bin/env bash
# Usage: bash bench/gpu/gen_attention.sh GEN_DIR [BUILD_DIR]
#
# Lowers examples/attention/attention_fwd_*.mlir (D = 64, 128; causal or not) and writes
# their launchers into GEN_DIR for bench/gpu/bench_attention.py
# on the GPU machine. BUILD_DIR (default build) holds exo-gpu-opt and
# exo-gpu-translate.
set -euo pipefail
# shellcheck source=../../scripts/gen_launchers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/gen_launchers.sh" "$@"
gen attention_fwd_d64 examples/attention/attention_fwd_d64.mlir
gen attention_fwd_d128 examples/attention/attention_fwd_d128.mlir
gen attention_fwd_d64_causal examples/attention/attention_fwd_d64_causal.mlir
gen attention_fwd_d128_causal examples/attention/attention_fwd_d128_causal.mlir

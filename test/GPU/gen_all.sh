#!/usr/bin/env bash
# Usage: bash test/GPU/gen_all.sh GEN_DIR [BUILD_DIR]
#
# Writes into GEN_DIR every launcher test/GPU/run_all.sh reads (the list in
# its header), each lowered from its example (derived ones after their
# transform script), with BUILD_DIR's (default build) exo-gpu-opt and
# exo-gpu-translate. Run it here, then carry GEN_DIR to the GPU machine.
set -euo pipefail
# shellcheck source=../../scripts/gen_launchers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/gen_launchers.sh" "$@"
d=-transform-interpreter
gen gemm_sm90_tf32 examples/gemm/hopper_gemm.mlir
gen gemm_sm90_tf32_splitk examples/gemm/hopper_gemm_splitk.mlir
gen gemv_warp_coop examples/gemv/gemv_warp_coop.mlir
gen gemm_sm90_tf32_1cta examples/gemm/wgmma_gemm_1cta.mlir
gen gemm_sm90_tf32_derived examples/gemm/gemm_derived_1cta.mlir $d
gen gemm_sm90_tf32_derived_ws examples/gemm/gemm_derived_ws.mlir $d
gen gemm_sm90_tf32_derived_ws2 examples/gemm/gemm_derived_ws2.mlir $d
gen gemm_sm90_tf32_derived_cluster examples/gemm/gemm_derived_cluster.mlir $d
gen gemm_sm90_tf32_derived_splitk examples/gemm/gemm_derived_splitk.mlir $d
gen gemm_sm90_bf16_derived examples/gemm/gemm_derived_bf16.mlir $d
gen gemm_sm90_tf32_pingpong examples/gemm/hopper_gemm_pingpong.mlir
gen gemm_sm90_tf32_persistent examples/gemm/hopper_gemm_persistent.mlir
gen gemm_sm90_bf16_persistent examples/gemm/hopper_gemm_bf16_persistent.mlir
gen gemm_sm90_tf32_derived_persistent \
  examples/gemm/gemm_derived_persistent.mlir $d
gen gemm_sm90_bf16_derived_persistent \
  examples/gemm/gemm_derived_bf16_persistent.mlir $d
gen gemm_sm90_tf32_derived_persistent_odd \
  examples/gemm/gemm_derived_persistent_odd.mlir $d
gen gemm_sm90_tf32_derived_persistent_direct \
  examples/gemm/gemm_derived_persistent_direct.mlir $d
gen gemm_sm90_bf16_derived_persistent_direct \
  examples/gemm/gemm_derived_bf16_persistent_direct.mlir $d
gen gemm_sm90_tf32_derived_persistent_direct_odd \
  examples/gemm/gemm_derived_persistent_direct_odd.mlir $d
gen gemm_sm90_bf16_derived_persistent_direct_raster \
  examples/gemm/gemm_derived_bf16_persistent_direct_raster.mlir $d
gen gemm_sm90_bf16 examples/gemm/hopper_gemm_bf16.mlir
gen gemm_mma_tf32 examples/gemm/mma_gemm_tf32.mlir
gen gemm_mma_bf16 examples/gemm/mma_gemm_bf16.mlir
gen gemm_sm90_bf16_1cta_out examples/gemm/wgmma_gemm_1cta_bf16_out.mlir
gen tma_roundtrip examples/tma/tma_roundtrip.mlir
gen tma_ranks examples/tma/tma_ranks.mlir
gen saxpy test/Conversion/ExoToNVVM/lower-small.mlir
ls "$gen_dir" | wc -l | xargs echo "gen_all: launchers written:"

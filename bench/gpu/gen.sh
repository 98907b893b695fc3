#!/usr/bin/env bash
# Usage: bash bench/gpu/gen.sh GEN_DIR [BUILD_DIR]
#
# Derives each benchmarked kernel from its specification (its transform
# script), checks nothing (the lit tests do), lowers it to PTX and writes its
# launcher into GEN_DIR, for bench/gpu/run.sh on the GPU machine. BUILD_DIR
# (default build) holds exo-gpu-opt and exo-gpu-translate.
set -euo pipefail
# shellcheck source=../../scripts/gen_launchers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/gen_launchers.sh" "$@"
gen gemm_sm90_tf32_derived_cluster examples/gemm/gemm_derived_cluster.mlir \
  -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_1x2 \
  examples/gemm/gemm_derived_cluster_1x2.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_6stage \
  examples/gemm/gemm_derived_cluster_6stage.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_raster \
  examples/gemm/gemm_derived_cluster_raster.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_2x2 \
  examples/gemm/gemm_derived_cluster_2x2.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_256x128 \
  examples/gemm/gemm_derived_cluster_256x128.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_cluster_odd \
  examples/gemm/gemm_derived_cluster_odd.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_ws examples/gemm/gemm_derived_ws.mlir \
  -transform-interpreter
gen gemm_sm90_tf32_derived_ws2 examples/gemm/gemm_derived_ws2.mlir \
  -transform-interpreter
gen gemm_sm90_tf32_derived_splitk examples/gemm/gemm_derived_splitk.mlir \
  -transform-interpreter
gen gemm_sm90_tf32_derived_splitk_direct \
  examples/gemm/gemm_derived_splitk_direct.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent \
  examples/gemm/gemm_derived_persistent.mlir -transform-interpreter
gen gemm_sm90_bf16_derived_persistent \
  examples/gemm/gemm_derived_bf16_persistent.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent_raster \
  examples/gemm/gemm_derived_persistent_raster.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent_odd \
  examples/gemm/gemm_derived_persistent_odd.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent_direct \
  examples/gemm/gemm_derived_persistent_direct.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent_direct_odd \
  examples/gemm/gemm_derived_persistent_direct_odd.mlir -transform-interpreter
gen gemm_sm90_tf32_derived_persistent_direct_raster \
  examples/gemm/gemm_derived_persistent_direct_raster.mlir \
  -transform-interpreter
gen gemm_sm90_bf16_derived_persistent_direct \
  examples/gemm/gemm_derived_bf16_persistent_direct.mlir -transform-interpreter
gen gemm_sm90_bf16_derived_persistent_direct_raster \
  examples/gemm/gemm_derived_bf16_persistent_direct_raster.mlir \
  -transform-interpreter
# The hand-annotated persistent kernels, which the two above derive, for
# comparison.
gen gemm_sm90_tf32_persistent examples/gemm/hopper_gemm_persistent.mlir
gen gemm_sm90_bf16_persistent examples/gemm/hopper_gemm_bf16_persistent.mlir
# The hand-annotated persistent ping-pong GEMM (128 x 128 tiles per consumer
# warpgroup), for comparison at the shapes where cuBLAS uses that structure.
gen gemm_sm90_tf32_pingpong_persistent \
  examples/gemm/hopper_gemm_pingpong_persistent.mlir
# The persistent ping-pong GEMM derived from the specification.
gen gemm_sm90_tf32_derived_pingpong examples/gemm/gemm_derived_pingpong.mlir \
  -transform-interpreter
gen gemm_sm90_bf16_derived examples/gemm/gemm_derived_bf16.mlir \
  -transform-interpreter
gen gemm_sm90_bf16_derived_odd examples/gemm/gemm_derived_bf16_odd.mlir \
  -transform-interpreter
gen gemm_sm90_tf32_epilogue examples/gemm/gemm_derived_epilogue.mlir \
  -transform-interpreter
gen gemv_derived examples/gemv/gemv_derived.mlir -transform-interpreter
gen gemv_derived_warp examples/gemv/gemv_derived_warp.mlir -transform-interpreter
gen gemv_derived_splitk examples/gemv/gemv_derived_splitk.mlir \
  -transform-interpreter
gen gemv_warp_v4 examples/gemv/gemv_warp_v4.mlir

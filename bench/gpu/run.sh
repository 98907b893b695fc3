#!/usr/bin/env bash
# Usage: bash bench/gpu/run.sh GEN_DIR OUT_DIR
#
# Issue 8's one command, run on a GPU machine from anywhere. GEN_DIR holds
# the launchers of the benchmarked kernels, each derived from its naive
# specification by a transform script (bash bench/gpu/gen.sh GEN_DIR makes
# them where exo-gpu-opt is built):
#   gemm_sm90_tf32_derived_cluster_launcher.h  examples/gemm/gemm_derived_cluster.mlir
#   gemm_sm90_tf32_derived_cluster_1x2_launcher.h    .../gemm_derived_cluster_1x2.mlir
#   gemm_sm90_tf32_derived_cluster_6stage_launcher.h .../gemm_derived_cluster_6stage.mlir
#   gemm_sm90_tf32_derived_cluster_raster_launcher.h .../gemm_derived_cluster_raster.mlir
#   gemm_sm90_tf32_derived_cluster_2x2_launcher.h    .../gemm_derived_cluster_2x2.mlir
#   gemm_sm90_tf32_derived_cluster_256x128_launcher.h .../gemm_derived_cluster_256x128.mlir
#   gemm_sm90_tf32_derived_cluster_odd_launcher.h   .../gemm_derived_cluster_odd.mlir
#   gemm_sm90_tf32_derived_splitk_launcher.h   examples/gemm/gemm_derived_splitk.mlir
#   gemm_sm90_tf32_derived_splitk_direct_launcher.h .../gemm_derived_splitk_direct.mlir
#   gemm_sm90_tf32_derived_ws_launcher.h       examples/gemm/gemm_derived_ws.mlir
#   gemm_sm90_tf32_derived_ws2_launcher.h      examples/gemm/gemm_derived_ws2.mlir
#   gemm_sm90_tf32_derived_persistent_launcher.h examples/gemm/gemm_derived_persistent.mlir
#   gemm_sm90_bf16_derived_persistent_launcher.h .../gemm_derived_bf16_persistent.mlir
#   gemm_sm90_tf32_derived_persistent_raster_launcher.h .../gemm_derived_persistent_raster.mlir
#   gemm_sm90_tf32_derived_persistent_odd_launcher.h .../gemm_derived_persistent_odd.mlir
#   gemm_sm90_tf32_derived_persistent_direct_launcher.h .../gemm_derived_persistent_direct.mlir
#   gemm_sm90_tf32_derived_persistent_direct_raster_launcher.h .../gemm_derived_persistent_direct_raster.mlir
#   gemm_sm90_tf32_derived_persistent_direct_odd_launcher.h .../gemm_derived_persistent_direct_odd.mlir
#   gemm_sm90_bf16_derived_persistent_direct_launcher.h .../gemm_derived_bf16_persistent_direct.mlir
#   gemm_sm90_bf16_derived_persistent_direct_raster_launcher.h .../gemm_derived_bf16_persistent_direct_raster.mlir
#   gemm_sm90_tf32_derived_pingpong_launcher.h .../gemm_derived_pingpong.mlir
#   gemm_sm90_bf16_derived_launcher.h          examples/gemm/gemm_derived_bf16.mlir
#   gemm_sm90_bf16_derived_odd_launcher.h      examples/gemm/gemm_derived_bf16_odd.mlir
#   gemv_derived_warp_launcher.h               examples/gemv/gemv_derived_warp.mlir
#   gemv_derived_splitk_launcher.h             examples/gemv/gemv_derived_splitk.mlir
#   gemv_derived_launcher.h                    examples/gemv/gemv_derived.mlir
#   gemm_sm90_tf32_epilogue_launcher.h         .../gemm_derived_epilogue.mlir
#     (the fused epilogues, timed by test/GPU/epilogue_check.cu against our
#     unfused GEMM, cuBLAS + a separate epilogue kernel and cuBLASLt's fused
#     epilogues; their table is appended to results.md)
#   attention_fwd_{d64,d128}{,_causal}_launcher.h  examples/attention/
#     (bench_attention.py against scaled_dot_product_attention with the cuDNN
#     and flash backends, when python3 has torch; its table is appended to
#     results.md)
# and, for comparison, the hand-written GEMV gemv_warp_v4_launcher.h
# (examples/gemv/gemv_warp_v4.mlir, which gemv_derived_warp.mlir derives)
# and the hand-annotated persistent GEMMs gemm_sm90_tf32_persistent_launcher.h
# and gemm_sm90_bf16_persistent_launcher.h (hopper_gemm_persistent.mlir,
# hopper_gemm_bf16_persistent.mlir, which the persistent derivations give),
# and the hand-annotated persistent ping-pong GEMM
# gemm_sm90_tf32_pingpong_persistent_launcher.h
# (hopper_gemm_pingpong_persistent.mlir).
#
# It builds the harnesses (test/GPU/gemm_check.cu, gemv_check.cu), then for
# every shape of issue 8 that a kernel supports checks it (fresh random data,
# output poisoned with NaN, relative error against a reference computed by a
# naive kernel with fp64 sums (the harness's --ref naive; a few elements also
# against fp64 dot products on the host) within tf32/bf16 bounds, NaN fails)
# and times it against
# cuBLAS in the same process on the same buffers (L2 flushed, CUDA events,
# median of 100 runs after warm-up). OUT_DIR receives log.txt (everything),
# one CSV per kernel, and, from bench/gpu/report.py, results.md (the table:
# TFLOP/s or GB/s, % of peak, ratio to cuBLAS, and the shapes a kernel does
# not support, with why) and results.png (when matplotlib is installed).
# Exits non-zero when a build, a check or the report fails.
set -uo pipefail

# init_run (arguments, root, gen_dir, out_dir, log) and require_nvcc, as in
# test/GPU/run_all.sh.
# shellcheck source-path=SCRIPTDIR source=../../test/GPU/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../test/GPU/common.sh"
init_run bench "$@"
require_nvcc bench
rm -f "$out_dir"/*.csv "$out_dir"/results.md "$out_dir"/results.png

failed=0
# build NAME SOURCE FLAGS...: nvcc in the background; the pid in pids[NAME].
declare -A pids
build() {
  local name=$1 src=$2
  shift 2
  nvcc -O3 -std=c++17 "-gencode=arch=compute_90a,code=sm_90a" "$@" \
    -I "$root/runtime" -I "$gen_dir" "$root/test/GPU/$src" \
    "$root/runtime/exo_gpu_runtime.cpp" -lcuda -lcublas -lcublasLt \
    -o "$out_dir/$name" >"$out_dir/build-$name.log" 2>&1 &
  pids[$name]=$!
}
build tf32 gemm_check.cu -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster
build tf32_1x2 gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_1x2
build tf32_6stage gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_6stage
build tf32_raster gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_raster
build tf32_2x2 gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_2x2
build tf32_256x128 gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_256x128
build tf32_odd gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_cluster_odd
build tf32_ws gemm_check.cu -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws
build tf32_ws2 gemm_check.cu -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_ws2
build splitk gemm_check.cu -DEXO_GEMM_SPLITK \
  -DEXO_GEMM_SPLITK_KERNEL=gemm_sm90_tf32_derived_splitk
build splitk_direct gemm_check.cu -DEXO_GEMM_SPLITK \
  -DEXO_GEMM_SPLITK_KERNEL=gemm_sm90_tf32_derived_splitk_direct
build bf16 gemm_check.cu -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived
build tf32_persistent gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent
build bf16_persistent gemm_check.cu -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent
build tf32_persistent_raster gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_raster
build tf32_persistent_odd gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_odd
build tf32_persistent_direct gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct
build tf32_persistent_direct_odd gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_odd
build tf32_persistent_direct_raster gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_persistent_direct_raster
build bf16_persistent_direct gemm_check.cu -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct
build bf16_persistent_direct_raster gemm_check.cu -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_persistent_direct_raster
build tf32_persistent_hand gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_persistent
build tf32_pingpong gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_pingpong_persistent
build tf32_pingpong_derived gemm_check.cu \
  -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived_pingpong
build bf16_persistent_hand gemm_check.cu -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_persistent
build bf16_odd gemm_check.cu -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_derived_odd
build gemv_warp gemv_check.cu -DEXO_GEMV_NAME=gemv_derived_warp
build gemv_splitk8 gemv_check.cu -DEXO_GEMV_SPLITK=8 \
  -DEXO_GEMV_SPLITK_NAME=gemv_derived_splitk
build gemv_splitk2 gemv_check.cu -DEXO_GEMV_SPLITK=2 \
  -DEXO_GEMV_SPLITK_NAME=gemv_derived_splitk
build gemv_derived gemv_check.cu -DEXO_GEMV_DERIVED
build gemv_v4 gemv_check.cu -DEXO_GEMV_V4
build epilogue epilogue_check.cu
build epilogue_bf16 epilogue_check.cu -DEXO_EPILOGUE_BF16
build epilogue_e4m3 epilogue_check.cu -DEXO_EPILOGUE_E4M3
for name in tf32 tf32_1x2 tf32_6stage tf32_raster tf32_2x2 tf32_256x128 tf32_odd tf32_persistent tf32_persistent_raster tf32_persistent_odd tf32_persistent_direct tf32_persistent_direct_raster tf32_persistent_direct_odd tf32_persistent_hand tf32_pingpong tf32_pingpong_derived tf32_ws tf32_ws2 splitk splitk_direct bf16 bf16_odd bf16_persistent bf16_persistent_direct bf16_persistent_direct_raster bf16_persistent_hand gemv_warp gemv_splitk8 gemv_splitk2 gemv_derived \
  gemv_v4 epilogue epilogue_bf16 epilogue_e4m3; do
  if wait "${pids[$name]}"; then
    echo "== [build-$name] OK" | tee -a "$log"
    rm -f "$out_dir/build-$name.log"
  else
    echo "== [build-$name] FAILED" | tee -a "$log"
    cat "$out_dir/build-$name.log" | tee -a "$log"
    failed=1
  fi
done

# bench NAME CSV ARGS...: one timed run of a built harness.
bench() {
  local name=$1 csv=$2
  shift 2
  [ -x "$out_dir/$name" ] || return 0
  echo "== [$name] $*" | tee -a "$log"
  if ! timeout 600 "$out_dir/$name" --ref naive --time --reps 100 \
    --csv "$out_dir/$csv" "$@" 2>&1 | tee -a "$log"; then
    echo "== [$name] FAILED" | tee -a "$log"
    failed=1
  fi
}
# tf32 (requires M, N multiples of 256 and K of 32): the squares and the
# skinny shapes it supports; 4000^3 and 3000x5000x7000 it does not (the
# odd-shape derivation below runs them).
bench tf32 gemm_tf32.csv 512x512x512 1024x1024x1024 2048x2048x2048 \
  4096x4096x4096 8192x8192x8192 1024x1024x8192 8192x8192x512 256x8192x8192
# The variants: the cluster along N (M a multiple of 128, N of 512), and
# rings of 6 16-wide K steps (K a multiple of 16).
bench tf32_1x2 gemm_tf32_1x2.csv 512x512x512 1024x1024x1024 2048x2048x2048 \
  4096x4096x4096 8192x8192x8192 1024x1024x8192 8192x8192x512 256x8192x8192
bench tf32_6stage gemm_tf32_6stage.csv 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192
# Rasterized task order (N a multiple of 2048).
bench tf32_raster gemm_tf32_raster.csv 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192 8192x8192x512 256x8192x8192
# The 2 x 2 cluster (M a multiple of 256, N of 512).
bench tf32_2x2 gemm_tf32_2x2.csv 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192 8192x8192x512 256x8192x8192
# 256 x 128 tiles per CTA (M a multiple of 512, N of 128).
bench tf32_256x128 gemm_tf32_256x128.csv 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192 1024x1024x8192 8192x8192x512
# Partial tiles (N and K multiples of 4 only): every shape, the odd ones
# included.
bench tf32_odd gemm_tf32_odd.csv 4000x4000x4000 3000x5000x7000 512x512x512 \
  1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192 \
  1024x1024x8192 8192x8192x512 256x8192x8192
# The persistent kernel (M, N multiples of 256, K of 32): its rings and
# epilogue buffer live across the tiles of a cluster. The hand-annotated
# kernel it equals, for comparison at the large squares.
bench tf32_persistent gemm_tf32_persistent.csv 512x512x512 1024x1024x1024 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192 1024x1024x8192 8192x8192x512 \
  256x8192x8192
bench tf32_persistent_hand gemm_tf32_persistent_hand.csv 4096x4096x4096 \
  8192x8192x8192
# The persistent kernel with the rasterized tile order (N a multiple of
# 2048).
bench tf32_persistent_raster gemm_tf32_persistent_raster.csv 2048x2048x2048 \
  4096x4096x4096 8192x8192x8192 8192x8192x512 256x8192x8192
# The persistent kernel with partial tiles (N and K multiples of 4): every
# shape.
bench tf32_persistent_odd gemm_tf32_persistent_odd.csv 4000x4000x4000 \
  3000x5000x7000 512x512x512 1024x1024x1024 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192 1024x1024x8192 8192x8192x512 256x8192x8192
# The persistent kernel with its accumulators stored straight to global
# memory (no buffer, no TMA store; M, N multiples of 256, K of 32).
bench tf32_persistent_direct gemm_tf32_persistent_direct.csv 512x512x512 \
  1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192 \
  1024x1024x8192 8192x8192x512 256x8192x8192
# The same with the rasterized tile order (N a multiple of 2048).
bench tf32_persistent_direct_raster gemm_tf32_persistent_direct_raster.csv \
  2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512 256x8192x8192
# The persistent ping-pong kernel (hand-annotated; 128 x 128 tiles per
# consumer warpgroup, M a multiple of 256, N of 128, K of 32).
bench tf32_pingpong gemm_tf32_pingpong_persistent.csv 512x512x512 \
  1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192 \
  1024x1024x8192 8192x8192x512 256x8192x8192
# The same kernel derived from the specification (gemm_derived_pingpong.mlir).
bench tf32_pingpong_derived gemm_tf32_pingpong.csv 512x512x512 \
  1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192 \
  1024x1024x8192 8192x8192x512 256x8192x8192
# The small-tile kernel (64 x 128 per CTA, one consumer warpgroup; M a
# multiple of 64, N of 128, K of 32), for the small squares.
bench tf32_ws gemm_tf32_ws.csv 512x512x512 1024x1024x1024 2048x2048x2048 \
  1024x1024x8192
# The one-CTA kernel of the cluster kernel's tile (128 x 256 per CTA, two
# consumer warpgroups, no cluster and no multicast; M a multiple of 128, N
# of 256, K of 32): the 1 x 1 point of the cluster shapes.
bench tf32_ws2 gemm_tf32_ws2.csv 512x512x512 1024x1024x1024 2048x2048x2048 \
  4096x4096x4096 8192x8192x8192 1024x1024x8192 8192x8192x512 256x8192x8192
# The same with partial tiles (N and K multiples of 4): every shape.
bench tf32_persistent_direct_odd gemm_tf32_persistent_direct_odd.csv \
  4000x4000x4000 3000x5000x7000 512x512x512 1024x1024x1024 2048x2048x2048 \
  4096x4096x4096 8192x8192x8192 1024x1024x8192 8192x8192x512 256x8192x8192
# Split-K, for the shapes with few output tiles (KS splits of K).
bench splitk gemm_splitk_ks4.csv --ks 4 512x512x512 1024x1024x1024 \
  1024x1024x8192 256x8192x8192
bench splitk gemm_splitk_ks2.csv --ks 2 1024x1024x1024 2048x2048x2048 \
  1024x1024x8192 256x8192x8192
# The same split with the partial tiles added from the registers
# (red.global.add.v4, no shared-memory staging).
bench splitk_direct gemm_splitk_direct_ks4.csv --ks 4 512x512x512 \
  1024x1024x1024 1024x1024x8192 256x8192x8192
bench splitk_direct gemm_splitk_direct_ks2.csv --ks 2 1024x1024x1024 \
  2048x2048x2048 1024x1024x8192 256x8192x8192
# bf16 (K a multiple of 64).
bench bf16 gemm_bf16.csv 1024x1024x1024 2048x2048x2048 4096x4096x4096 \
  8192x8192x8192
# bf16 with partial tiles (N a multiple of 4, K of 8).
bench bf16_odd gemm_bf16_odd.csv 4000x4000x4000 3000x5000x7000 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192
# The persistent bf16 kernel (K a multiple of 64), and the hand-annotated
# one.
bench bf16_persistent gemm_bf16_persistent.csv 1024x1024x1024 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512
# The same with direct stores.
bench bf16_persistent_direct gemm_bf16_persistent_direct.csv 1024x1024x1024 \
  2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512
# The same with the rasterized tile order (N a multiple of 2048).
bench bf16_persistent_direct_raster gemm_bf16_persistent_direct_raster.csv \
  2048x2048x2048 4096x4096x4096 8192x8192x8192 8192x8192x512
bench bf16_persistent_hand gemm_bf16_persistent_hand.csv 4096x4096x4096 \
  8192x8192x8192
# GEMV: the squares and two skinny shapes.
bench gemv_warp gemv_warp.csv 4096x4096 8192x8192 16384x16384 32768x32768 \
  1024x65536 65536x1024
# Split-K GEMV: KS = 8 chunks for the short and wide shape, 2 for the rest.
bench gemv_splitk8 gemv_splitk8.csv 4096x4096 8192x8192 16384x16384 \
  32768x32768 1024x65536 65536x1024
bench gemv_splitk2 gemv_splitk2.csv 4096x4096 8192x8192 16384x16384 \
  32768x32768 1024x65536 65536x1024
bench gemv_derived gemv_derived.csv 4096x4096 8192x8192 16384x16384 \
  32768x32768 1024x65536 65536x1024
bench gemv_v4 gemv_v4.csv 4096x4096 8192x8192 16384x16384 32768x32768 \
  1024x65536 65536x1024

# The fused epilogues (GEMM + bias + ReLU / GELU / SiLU to bf16, tf32 and
# bf16 operands; e4m3 GEMM with row and column scales).
rm -f "$out_dir/epilogue.txt"
for name in epilogue epilogue_bf16 epilogue_e4m3; do
  [ -x "$out_dir/$name" ] || continue
  echo "== [$name] 4096x4096x4096 8192x8192x8192" | tee -a "$log"
  if ! timeout 600 "$out_dir/$name" --time --reps 100 \
    --csv "$out_dir/$name.csv" 4096x4096x4096 8192x8192x8192 2>&1 |
    tee -a "$out_dir/epilogue.txt" | tee -a "$log"; then
    echo "== [$name] FAILED" | tee -a "$log"
    failed=1
  fi
done

if ! python3 "$root/bench/gpu/report.py" "$out_dir" | tee -a "$log"; then
  failed=1
fi
# The dispatcher, one call per shape (docs/Dispatch.md), into OUT_DIR/dispatch.
echo "== [dispatch] bench/gpu/bench_dispatch.sh" | tee -a "$log"
if ! bash "$root/bench/gpu/bench_dispatch.sh" "$gen_dir" "$out_dir/dispatch" \
  >>"$log" 2>&1; then
  echo "== [dispatch] FAILED (see $out_dir/dispatch/log.txt)" | tee -a "$log"
  failed=1
fi
if [ -f "$out_dir/dispatch/dispatch.md" ] && [ -f "$out_dir/results.md" ]; then
  {
    echo
    echo "## The dispatcher: one call per shape (exo_kernels::FUNCTION)"
    cat "$out_dir/dispatch/dispatch.md"
  } >>"$out_dir/results.md"
fi
# The PyTorch operators (python/exo_gpu): their checks, then the dispatcher
# against cuBLAS and autotuned Triton through PyTorch, into OUT_DIR/torch.
if python3 -c "import torch, triton" 2>/dev/null; then
  echo "== [torch] test/GPU/torch_check.py, bench/gpu/bench_torch.py" |
    tee -a "$log"
  mkdir -p "$out_dir/torch"
  if ! python3 "$root/test/GPU/torch_check.py" "$gen_dir" \
    >"$out_dir/torch/check.txt" 2>&1 ||
    ! python3 "$root/bench/gpu/bench_torch.py" "$gen_dir" "$out_dir/torch" \
      >"$out_dir/torch/log.txt" 2>&1; then
    echo "== [torch] FAILED (see $out_dir/torch/)" | tee -a "$log"
    failed=1
  fi
  if [ -f "$out_dir/torch/torch.md" ] && [ -f "$out_dir/results.md" ]; then
    {
      echo
      echo "## Through PyTorch: against cuBLAS and autotuned Triton"
      echo
      cat "$out_dir/torch/torch.md"
    } >>"$out_dir/results.md"
  fi
  # Attention forward against scaled_dot_product_attention (cuDNN and flash
  # backends), into OUT_DIR/attention.
  if [ -f "$gen_dir/attention_fwd_d64_launcher.h" ]; then
    echo "== [attention] bench/gpu/bench_attention.py" | tee -a "$log"
    mkdir -p "$out_dir/attention"
    if ! python3 "$root/bench/gpu/bench_attention.py" "$gen_dir" \
      "$out_dir/attention" >"$out_dir/attention/log.txt" 2>&1; then
      echo "== [attention] FAILED (see $out_dir/attention/)" | tee -a "$log"
      failed=1
    fi
    if [ -f "$out_dir/attention/attention.md" ] &&
      [ -f "$out_dir/results.md" ]; then
      {
        echo
        echo "## Attention forward: against cuDNN and flash SDPA"
        echo
        cat "$out_dir/attention/attention.md"
      } >>"$out_dir/results.md"
    fi
  fi
else
  echo "== [torch] SKIPPED: python3 has no torch or triton" | tee -a "$log"
fi
if [ -f "$out_dir/epilogue.txt" ] && [ -f "$out_dir/results.md" ]; then
  {
    echo
    echo "## Fused epilogues (examples/gemm/gemm_derived_epilogue.mlir)"
    echo
    grep '^|' "$out_dir/epilogue.txt" | awk '!/^\| (size|---)/ || !seen[$0]++'
  } >>"$out_dir/results.md"
  rm -f "$out_dir/epilogue.txt"
fi
rm -f "$out_dir/tf32" "$out_dir/tf32_1x2" "$out_dir/tf32_6stage" "$out_dir/tf32_raster" "$out_dir/tf32_2x2" "$out_dir/tf32_256x128" \
  "$out_dir/tf32_odd" "$out_dir/tf32_persistent" "$out_dir/bf16_odd" \
  "$out_dir/bf16_persistent" "$out_dir/tf32_persistent_hand" \
  "$out_dir/tf32_persistent_raster" "$out_dir/tf32_persistent_odd" \
  "$out_dir/bf16_persistent_hand" "$out_dir/splitk" "$out_dir/splitk_direct" \
  "$out_dir/bf16" \
  "$out_dir/tf32_persistent_direct" "$out_dir/bf16_persistent_direct" \
  "$out_dir/bf16_persistent_direct_raster" \
  "$out_dir/tf32_persistent_direct_raster" "$out_dir/tf32_ws" "$out_dir/tf32_ws2" \
  "$out_dir/tf32_pingpong" "$out_dir/tf32_pingpong_derived" \
  "$out_dir/tf32_persistent_direct_odd" \
  "$out_dir/gemv_warp" "$out_dir/gemv_splitk8" "$out_dir/gemv_splitk2" \
  "$out_dir/gemv_derived" "$out_dir/gemv_v4" "$out_dir/epilogue" \
  "$out_dir/epilogue_bf16" "$out_dir/epilogue_e4m3"
exit "$failed"

#!/usr/bin/env bash
# Usage: bash bench/gpu/run.sh GEN_DIR OUT_DIR
#
# Issue 8's one command, run on a GPU machine from anywhere. GEN_DIR is the
# output of bench/gpu/gen.sh (run where exo-gpu-opt is built): the launcher
# of every kernel of kernels/registry.json, each derived from its naive
# specification by its transform script, and the dispatcher exo_kernels.h.
#
# For each dispatched GEMM and GEMV function of the registry (gemm_tf32,
# gemm_bf16, gemv_f32), bench/gpu/dispatch.cu --variants runs every variant
# the registry lists (no list here: a kernel added to the registry is
# benchmarked) at every shape of issue 8 that it accepts: checked first
# (fresh random data, output poisoned with NaN, against cuBLAS with pedantic
# fp32 math: 2e-3 normwise for the GEMMs, 1e-5 for the GEMV; NaN fails),
# then timed against cuBLAS's default call in the same process on the same
# buffers (interleaved, L2 flushed, median of 100 runs). Then the fused
# epilogues (test/GPU/epilogue_check.cu against our unfused GEMM, cuBLAS + a
# separate epilogue kernel and cuBLASLt's fused epilogues), the dispatcher
# (bench/gpu/bench_dispatch.sh: one call per shape), and, when python3 has
# torch and triton, the PyTorch operators against cuBLAS and autotuned
# Triton and attention against scaled_dot_product_attention.
#
# OUT_DIR receives log.txt (everything), variants-FUNCTION.csv, and, from
# bench/gpu/report.py, results.md (per function: every variant's ratio to
# cuBLAS at every shape, the best variant per shape, why a variant was not
# run at a shape; then the dispatcher's table, which issue 8's targets are
# judged by, and the others) and results.png (when matplotlib is
# installed). Exits non-zero when a build, a check or the report fails.
# EXO_RUN_PARTS (default "variants epilogue dispatch torch") selects the
# parts: the variants' table, the fused epilogues, the dispatcher, and the
# PyTorch operators with attention.
set -uo pipefail

# init_run (arguments, root, gen_dir, out_dir, log) and require_nvcc, as in
# test/GPU/run_all.sh.
# shellcheck source-path=SCRIPTDIR source=../../test/GPU/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../test/GPU/common.sh"
init_run bench "$@"
require_nvcc bench
rm -f "$out_dir"/*.csv "$out_dir"/results.md "$out_dir"/results.png

failed=0
all_parts="variants epilogue dispatch torch"
parts=${EXO_RUN_PARTS:-$all_parts}
for p in $parts; do
  case " $all_parts " in
  *" $p "*) ;;
  *)
    echo "run: unknown part '$p' in EXO_RUN_PARTS (known: $all_parts)" >&2
    exit 2
    ;;
  esac
done
# part NAME: whether EXO_RUN_PARTS selects NAME.
part() {
  case " $parts " in
  *" $1 "*) return 0 ;;
  *) return 1 ;;
  esac
}
# build NAME SOURCE FLAGS...: nvcc in the background; the pid in pids[NAME].
declare -A pids
build() {
  local name=$1 src=$2
  shift 2
  nvcc -O3 -std=c++17 "-gencode=arch=compute_90a,code=sm_90a" "$@" \
    -I "$root/runtime" -I "$root/test/GPU" -I "$gen_dir" "$root/$src" \
    "$root/runtime/exo_gpu_runtime.cpp" -lcuda -lcublas -lcublasLt \
    -o "$out_dir/$name" >"$out_dir/build-$name.log" 2>&1 &
  pids[$name]=$!
}
builds=()
if part variants; then
  build dispatch bench/gpu/dispatch.cu
  builds+=(dispatch)
fi
if part epilogue; then
  build epilogue test/GPU/epilogue_check.cu
  build epilogue_bf16 test/GPU/epilogue_check.cu -DEXO_EPILOGUE_BF16
  build epilogue_e4m3 test/GPU/epilogue_check.cu -DEXO_EPILOGUE_E4M3
  builds+=(epilogue epilogue_bf16 epilogue_e4m3)
fi
for name in ${builds[@]+"${builds[@]}"}; do
  if wait "${pids[$name]}"; then
    echo "== [build-$name] OK" | tee -a "$log"
    rm -f "$out_dir/build-$name.log"
  else
    echo "== [build-$name] FAILED" | tee -a "$log"
    tee -a "$log" <"$out_dir/build-$name.log"
    failed=1
  fi
done

# Issue 8's shapes: squares, odd sizes and skinny shapes for the GEMMs;
# squares and skinny shapes for the GEMV.
gemm_shapes=(512x512x512 1024x1024x1024 2048x2048x2048 4096x4096x4096
  8192x8192x8192 4000x4000x4000 3000x5000x7000 1024x1024x8192
  8192x8192x512 256x8192x8192)
gemv_shapes=(4096x4096 8192x8192 16384x16384 32768x32768 1024x65536
  65536x1024)
if [ -x "$out_dir/dispatch" ]; then
  for function in gemm_tf32 gemm_bf16 gemv_f32; do
    if ! python3 "$root/scripts/registry.py" functions | grep -qx "$function"; then
      continue
    fi
    shapes=("${gemm_shapes[@]}")
    [ "$function" = gemv_f32 ] && shapes=("${gemv_shapes[@]}")
    echo "== [variants $function] ${shapes[*]}" | tee -a "$log"
    if ! timeout 1200 "$out_dir/dispatch" --variants "$function" --reps 100 \
      --csv "$out_dir/variants-$function.csv" "${shapes[@]}" 2>&1 |
      tee -a "$log"; then
      echo "== [variants $function] FAILED" | tee -a "$log"
      failed=1
    fi
  done
fi

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

if part variants &&
  ! python3 "$root/bench/gpu/report.py" "$out_dir" | tee -a "$log"; then
  failed=1
fi
# The dispatcher, one call per shape (docs/Dispatch.md), into OUT_DIR/dispatch.
if part dispatch; then
  echo "== [dispatch] bench/gpu/bench_dispatch.sh" | tee -a "$log"
  if ! bash "$root/bench/gpu/bench_dispatch.sh" "$gen_dir" \
    "$out_dir/dispatch" >>"$log" 2>&1; then
    echo "== [dispatch] FAILED (see $out_dir/dispatch/log.txt)" | tee -a "$log"
    failed=1
  fi
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
if ! part torch; then
  :
elif python3 -c "import torch, triton" 2>/dev/null; then
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
rm -f "$out_dir/dispatch" "$out_dir/epilogue" "$out_dir/epilogue_bf16" \
  "$out_dir/epilogue_e4m3"
exit "$failed"

#!/usr/bin/env bash
# Usage: bash bench/gpu/bench_dispatch.sh GEN_DIR OUT_DIR
#
# The dispatcher against cuBLAS, one call per shape, on a GPU machine.
# GEN_DIR is the output of bench/gpu/gen.sh. For every shape of
# kernels/tuning/shapes.txt and of untuned.txt (where the dispatcher's
# choice comes from the nearest tuned shape),
# bench/gpu/dispatch.cu --bench checks exo_kernels::FUNCTION against an fp32
# reference on fresh random data, output poisoned first, and times it and
# cuBLAS in the same process on the same buffers. OUT_DIR receives
# dispatch-FUNCTION.csv, log.txt and dispatch.md (bench/gpu/dispatch_report.py:
# the tables and their summaries). Exits non-zero when the build, a check or
# the report fails. EXO_BENCH_FUNCTIONS (default "gemm_tf32 gemm_bf16
# gemv_f32") names the functions to benchmark.
set -uo pipefail
# shellcheck source-path=SCRIPTDIR source=../../test/GPU/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../test/GPU/common.sh"
init_run bench_dispatch "$@"
require_nvcc bench_dispatch

build_dispatch || exit 1
failed=0
for function in ${EXO_BENCH_FUNCTIONS:-gemm_tf32 gemm_bf16 gemv_f32}; do
  mapfile -t tuned < <(grep -v '^#' "$root/kernels/tuning/shapes.txt" |
    awk -v f="$function" '$1 == f { print $2 }')
  mapfile -t extra < <(grep -v '^#' "$root/kernels/tuning/untuned.txt" |
    awk -v f="$function" '$1 == f { print $2 }')
  echo "== [bench $function] ${#tuned[@]} tuned + ${#extra[@]} untuned shapes" |
    tee -a "$log"
  timeout 1200 "$out_dir/dispatch" --bench "$function" \
    --csv "$out_dir/dispatch-$function.csv" "${tuned[@]}" "${extra[@]}" 2>&1 |
    tee -a "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed=1
done
rm -f "$out_dir/dispatch"
python3 "$root/bench/gpu/dispatch_report.py" "$out_dir" \
  "$gen_dir/tuning.csv" >"$out_dir/dispatch.md" || failed=1
cat "$out_dir/dispatch.md" | tee -a "$log"
exit "$failed"

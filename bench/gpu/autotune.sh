#!/usr/bin/env bash
# Usage: bash bench/gpu/autotune.sh GEN_DIR OUT_DIR
#
# Tunes the dispatcher on a GPU machine. GEN_DIR is the output of
# bench/gpu/gen.sh (the launchers, exo_kernels.h and commit.txt). For every
# line `FUNCTION SHAPE` of kernels/tuning/shapes.txt that the tuning table of
# the machine's GPU model (kernels/tuning/h200.csv on an H200, h100.csv on an
# H100) does not hold yet, bench/gpu/dispatch.cu (for the
# fused epilogues test/GPU/epilogue_check.cu --rows) checks every variant
# that accepts the shape against an fp32 reference and times those that
# pass, with progress on the terminal. The table with the new rows
# merged in (and the GPU, the date and the commit of GEN_DIR in its header) is
# written to OUT_DIR/h200.csv (or h100.csv); copy it to kernels/tuning/ and
# regenerate (bench/gpu/gen.sh) for the dispatcher to use it. EXO_RETUNE=1
# times every shape again; EXO_RETUNE=FUNCTION (gemm_bf16, say: after a
# variant of that function was added) times that function's shapes again
# and keeps the other rows. OUT_DIR also receives log.txt.
# Exits non-zero when the build or a variant's check fails.
set -uo pipefail
# shellcheck source-path=SCRIPTDIR source=../../test/GPU/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../test/GPU/common.sh"
init_run autotune "$@"
require_nvcc autotune

# One table per GPU model (kernels/tuning/h200.csv, h100.csv): the model
# named in the GPU's name, lowercased.
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null |
  head -1)
card=$(grep -o 'H[0-9][0-9]*' <<<"$gpu" | head -1 | tr '[:upper:]' '[:lower:]')
if [ -z "$card" ]; then
  echo "autotune: no tuning table for the GPU '${gpu:-none}' (an H100 or H200)" |
    tee -a "$log" >&2
  exit 2
fi
table=$root/kernels/tuning/$card.csv
shapes=$root/kernels/tuning/shapes.txt
new_table=$out_dir/$card.csv
rm -f "$new_table"
retune=${EXO_RETUNE:-0}
if [ "$retune" != 0 ] && [ "$retune" != 1 ] &&
  ! python3 "$root/scripts/registry.py" functions | grep -qx "$retune"; then
  echo "autotune: EXO_RETUNE=$retune is neither 0, 1 nor a function of the registry" >&2
  exit 2
fi
if [ "$retune" != 1 ] && [ -f "$table" ]; then
  # Every row, less those of the function to retune (the header lines stay).
  awk -F, -v f="$retune" '$1 != f' "$table" >"$new_table"
fi

build_dispatch || exit 1

commit=$(cat "$gen_dir/commit.txt" 2>/dev/null || echo unknown)
failed=0
for function in $(python3 "$root/scripts/registry.py" functions); do
  # The shapes of this function that the table does not hold.
  todo=()
  while read -r f shape; do
    [ "$f" = "$function" ] || continue
    if [ -f "$new_table" ] && grep -q "^$function,$shape," "$new_table"; then
      continue
    fi
    todo+=("$shape")
  done < <(grep -v '^#' "$shapes")
  [ ${#todo[@]} -gt 0 ] || continue
  echo "== [autotune $function] ${#todo[@]} shapes" | tee -a "$log"
  rows=$out_dir/rows-$function.csv
  rm -f "$rows"
  case $function in
  gemm_tf32_bias_* | gemm_bf16_bias_* | gemm_e4m3_scaled)
    # The fused epilogues: test/GPU/epilogue_check.cu checks and times
    # every variant (--rows), built for the operand type.
    case $function in
    gemm_tf32_bias_*) dt=TF32 act=${function#gemm_tf32_bias_} ;;
    gemm_bf16_bias_*) dt=BF16 act=${function#gemm_bf16_bias_} ;;
    *) dt=E4M3 act=scale ;;
    esac
    # Built once per operand type (TF32, BF16, E4M3).
    [ -x "$out_dir/epilogue_$dt" ] ||
      build_harness "epilogue_$dt" test/GPU/epilogue_check.cu \
        "-DEXO_EPILOGUE_$dt" || {
      failed=1
      continue
    }
    "$out_dir/epilogue_$dt" --rows "$rows" --reps 30 --act "$act" \
      "${todo[@]}" 2>&1 | grep -v '^INFO' | tee -a "$log"
    rc=${PIPESTATUS[0]}
    ;;
  *)
    "$out_dir/dispatch" --autotune "$function" --rows "$rows" "${todo[@]}" \
      2>&1 | tee -a "$log"
    rc=${PIPESTATUS[0]}
    ;;
  esac
  [ "$rc" -eq 0 ] || failed=1
  python3 "$root/scripts/registry.py" merge-tuning --table "$new_table" \
    --rows "$rows" --gpu "${gpu:-unknown}" --commit "$commit" \
    --date "$(date -u +%Y-%m-%d)" || failed=1
  rm -f "$rows"
done
if [ ! -f "$new_table" ]; then
  echo "autotune: no function to tune" | tee -a "$log"
  exit 1
fi
echo "== table: $new_table" | tee -a "$log"
rm -f "$out_dir/dispatch" "$out_dir"/epilogue_*
exit "$failed"

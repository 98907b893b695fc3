#!/usr/bin/env bash
# Usage: bash test/GPU/run_all.sh GEN_DIR OUT_DIR
#
# Run on the GPU machine, from anywhere. GEN_DIR holds the compiler's
# launchers, one per kernel (the name in parentheses is the kernel's name in
# RUN_ALL_ONLY):
#   gemm_sm90_tf32_launcher.h        (gemm)     examples/gemm/hopper_gemm.mlir
#   gemm_sm90_tf32_splitk_launcher.h (splitk)   .../hopper_gemm_splitk.mlir
#   gemv_warp_coop_launcher.h        (gemv)     examples/gemv/gemv_warp_coop.mlir
#   gemm_sm90_tf32_1cta_launcher.h   (gemm1cta) .../wgmma_gemm_1cta.mlir
#   gemm_sm90_tf32_derived_launcher.h (derived) .../gemm_derived_1cta.mlir
#   exo_kernels.h and the launchers of every kernel of
#     kernels/registry.json (registry): bench/gpu/dispatch.cu --check runs
#     each variant of gemm_tf32, gemm_bf16 and gemv_f32 at every shape of
#     its list below that the variant accepts (no kernel list here)
#   gemm_sm90_tf32_pingpong_launcher.h (pingpong) .../hopper_gemm_pingpong.mlir
#   gemm_sm90_tf32_epilogue_launcher.h (epilogue)
#                                           .../gemm_derived_epilogue.mlir
#     (with the dispatcher's gemm_tf32: the unfused GEMM it is timed
#     against, test/GPU/epilogue_check.cu; and (epiloguebf16) its
#     bf16-operand kernels, timed against gemm_bf16; (epiloguee4m3) its fp8
#     dequantization kernel)
#   gemm_sm90_bf16_launcher.h        (bf16)     .../hopper_gemm_bf16.mlir
#   gemm_mma_tf32_launcher.h         (mmatf32)  .../mma_gemm_tf32.mlir
#   gemm_mma_bf16_launcher.h         (mmabf16)  .../mma_gemm_bf16.mlir
#   gemm_sm90_bf16_1cta_out_launcher.h (wgmmabf16out)
#                                           .../wgmma_gemm_1cta_bf16_out.mlir
#   tma_roundtrip_launcher.h         (tma)      examples/tma/tma_roundtrip.mlir
#   tma_ranks_launcher.h             (tmaranks) examples/tma/tma_ranks.mlir
#   saxpy_launcher.h                 (saxpy)    test/Conversion/ExoToNVVM/
#                                               lower-small.mlir
#   math_launcher.h                  (math)     examples/model/model_math.mlir
#   model_kernels.h and model/       (model)    examples/model/*.mlir: the
#     model kernels' launchers and their CPU runs (test/GPU/model_check.cu)
#   mbarrier_flags                   (mbarrier) the numbers of
#     test/GPU/mbarrier_check.cu from the lowering of mma_gemm_tf32.mlir
# test/GPU/gen_all.sh GEN_DIR writes all of them here. The first three are required (a missing one fails its build); for the
# others a missing header skips that kernel's steps (reported as skipped, not
# failed). OUT_DIR receives the binaries gemm_check, gemm_check_splitk,
# gemv_check, gemm_check_1cta, gemm_check_pingpong, gemm_check_bf16, tma_check, saxpy_check and math_check,
# log.txt (everything printed), build-*.log, sanitizer-*.log, gemm.csv,
# gemm_splitk.csv, gemv.csv, gemm_bf16.csv, gemm_1cta.csv,
# gemm_pingpong.csv, tma.csv, and
# summary.txt: the step results, the CHECK/TIME/INFO lines and step lines of
# the log, the logs of failed builds and the first errors of failed sanitizer
# runs, and every CSV, in one file (to fetch that one file and log.txt
# rather than the whole folder).
#   1. Builds test/GPU/gemm_check.cu (plain, -DEXO_GEMM_SPLITK,
#      -DEXO_GEMM_BF16, -DEXO_GEMM_TF32_KERNEL=NAME for the other tf32
#      GEMMs), test/GPU/gemv_check.cu,
#      test/GPU/tma_check.cu and test/GPU/saxpy_check.cu against the launchers
#      and the runtime, all in parallel.
#   2. Correctness of each kernel, from the smallest allowed sizes up to
#      several waves of the persistent grid (60 s per step).
#   3. compute-sanitizer memcheck, racecheck and synccheck, when installed, on
#      one small size of each kernel; the GEMMs and the GEMV with a naive
#      reference kernel, so that only our kernels are checked (300 s per run).
#   4. The timing tables against cuBLAS tf32 (tf32 GEMMs), cuBLAS bf16 (bf16
#      GEMM), cublasSgemv (GEMV) and cudaMemcpy device to device (TMA copies)
#      (300 s per step).
# Exits non-zero when any step fails; every step still runs (but not the
# ones needing a binary whose build failed), and a summary of the steps and
# their results ends the log.
#
# RUN_ALL_PHASES (default "correctness sanitizer timing") selects the phases
# after the builds, e.g. to split the work over several calls with a time
# limit (give each call its own OUT_DIR: log.txt and the results are reset).
# RUN_ALL_ONLY (default: every name of all_kernels below, in parentheses in
# the list above) selects the kernels: only those are built, checked and
# timed.
set -uo pipefail

# shellcheck source-path=SCRIPTDIR source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
init_run run_all "$@"
summary=$out_dir/summary.txt
# No results of an earlier run may pass for this one's.
rm -f "$out_dir"/gemm.csv "$out_dir"/gemm_splitk.csv "$out_dir"/gemv.csv \
  "$out_dir"/gemm_splitk_ks[24].csv "$out_dir"/gemm_derived_splitk_ks[24].csv \
  "$out_dir"/gemm_bf16.csv "$out_dir"/gemm_derived_bf16.csv \
  "$out_dir"/gemm_1cta.csv "$out_dir"/gemm_derived.csv "$out_dir"/gemm_derived_ws.csv "$out_dir"/gemm_derived_ws2.csv "$out_dir"/gemm_derived_cluster.csv "$out_dir"/gemm_persistent.csv "$out_dir"/gemm_persistent_bf16.csv "$out_dir"/gemm_pingpong.csv "$out_dir"/gemm_mma_tf32.csv "$out_dir"/gemm_mma_bf16.csv "$out_dir"/tma.csv "$out_dir"/build-*.log \
  "$out_dir"/sanitizer-*.log "$summary"

all_kernels="gemm splitk gemv gemm1cta derived registry epilogue epiloguebf16 epiloguee4m3 pingpong bf16 mmatf32 mmabf16 wgmmabf16out tma tmaranks saxpy math model mbarrier"
only=${RUN_ALL_ONLY:-$all_kernels}
for kernel in $only; do
  case " $all_kernels " in
  *" $kernel "*) ;;
  *)
    echo "run_all: unknown kernel '$kernel' in RUN_ALL_ONLY" \
      "(known: $all_kernels)" | tee -a "$log" >&2
    exit 2
    ;;
  esac
done
# selected KERNEL: whether RUN_ALL_ONLY names KERNEL.
selected() {
  case " $only " in
  *" $1 "*) return 0 ;;
  *) return 1 ;;
  esac
}

require_nvcc run_all

results=() # "NAME: OK" or "NAME: FAILED (...)", in order.
failed=()  # Names of the failed steps.
record() { # record NAME RC [WHY]
  if [ "$2" -eq 0 ]; then
    results+=("$1: OK")
  else
    results+=("$1: FAILED (${3:-exit $2})")
    failed+=("$1")
  fi
}

# skip NAME WHY: a step that cannot run counts as failed.
skip() {
  echo "== [$1] skipped: $2" | tee -a "$log"
  record "$1" 1 "skipped: $2"
}

# skip_ok NAME WHY: a step left out on purpose (an optional kernel without
# its launcher); it does not count as failed.
skip_ok() {
  echo "== [$1] skipped: $2" | tee -a "$log"
  results+=("$1: SKIPPED ($2)")
}

echo "run_all: $(date -u +%FT%TZ) on $(hostname); launchers from $gen_dir;" \
  "kernels: $only" | tee -a "$log"
step gpus 60 nvidia-smi -L

#===------------------------------------------------------------------------===#
# Builds, in parallel; each one's output goes to its own log, then to log.txt.
#===------------------------------------------------------------------------===#

gemm_bin=$out_dir/gemm_check
splitk_bin=$out_dir/gemm_check_splitk
gemv_bin=$out_dir/gemv_check
gemm1cta_bin=$out_dir/gemm_check_1cta
derived_bin=$out_dir/gemm_check_derived
pingpong_bin=$out_dir/gemm_check_pingpong
bf16_bin=$out_dir/gemm_check_bf16
mmatf32_bin=$out_dir/gemm_check_mma_tf32
mmabf16_bin=$out_dir/gemm_check_mma_bf16
wgmmabf16out_bin=$out_dir/gemm_check_wgmma_bf16_out
tma_bin=$out_dir/tma_check
tmaranks_bin=$out_dir/tma_ranks_check
saxpy_bin=$out_dir/saxpy_check
math_bin=$out_dir/math_check
epilogue_bin=$out_dir/epilogue_check
epiloguebf16_bin=$out_dir/epilogue_check_bf16
epiloguee4m3_bin=$out_dir/epilogue_check_e4m3
model_bin=$out_dir/model_check
mbarrier_bin=$out_dir/mbarrier_check
registry_bin=$out_dir/dispatch_check
# built[NAME]: 1 built, 0 build failed, 2 skipped (optional launcher absent).
declare -A build_pid build_cmd built bin_of optional

# start_build NAME HEADER SOURCE BINARY [NVCC FLAGS...]: when RUN_ALL_ONLY
# selects NAME, starts its build in the background.
start_build() {
  local name=$1 header=$2 src=$3 bin=$4
  shift 4
  selected "$name" || return 0
  built[$name]=0
  bin_of[$name]=$bin
  if [ ! -f "$gen_dir/$header" ]; then
    build_pid[$name]=""
    if [ -n "${optional[$name]:-}" ]; then
      built[$name]=2
      build_cmd[$name]="no $header"
    else
      build_cmd[$name]="$gen_dir has no $header"
    fi
    return
  fi
  local cmd=(nvcc -O3 -std=c++17 "-gencode=arch=compute_90a,code=sm_90a" "$@"
    -I "$root/runtime" -I "$gen_dir" "$root/test/GPU/$src"
    "$root/runtime/exo_gpu_runtime.cpp" -lcuda -lcublas -lcublasLt -o "$bin")
  build_cmd[$name]="${cmd[*]}"
  rm -f "$bin"
  timeout --kill-after=10 300 "${cmd[@]}" </dev/null \
    >"$out_dir/build-$name.log" 2>&1 &
  build_pid[$name]=$!
}

# finish_build NAME: waits for the build and reports it like a step.
finish_build() {
  local name=$1 rc
  selected "$name" || return 0
  if [ "${built[$name]}" -eq 2 ]; then
    skip_ok "build-$name" "${build_cmd[$name]} in $gen_dir"
    return
  fi
  if [ -z "${build_pid[$name]}" ]; then
    echo "== [build-$name] FAILED: ${build_cmd[$name]}" | tee -a "$log"
    record "build-$name" 1 "${build_cmd[$name]}"
    return
  fi
  wait "${build_pid[$name]}"
  rc=$?
  echo "== [build-$name] ${build_cmd[$name]}" | tee -a "$log"
  tee -a "$log" <"$out_dir/build-$name.log"
  if [ "$rc" -eq 0 ]; then
    echo "== [build-$name] OK" | tee -a "$log"
    built[$name]=1
  else
    echo "== [build-$name] FAILED (exit $rc)" | tee -a "$log"
  fi
  record "build-$name" "$rc"
}

for name in gemm1cta derived registry epilogue epiloguebf16 epiloguee4m3 pingpong bf16 mmatf32 mmabf16 wgmmabf16out tma tmaranks saxpy math model mbarrier; do
  optional[$name]=1
done
start_build gemm gemm_sm90_tf32_launcher.h gemm_check.cu "$gemm_bin"
start_build splitk gemm_sm90_tf32_splitk_launcher.h gemm_check.cu \
  "$splitk_bin" -DEXO_GEMM_SPLITK
start_build gemv gemv_warp_coop_launcher.h gemv_check.cu "$gemv_bin"
start_build gemm1cta gemm_sm90_tf32_1cta_launcher.h gemm_check.cu \
  "$gemm1cta_bin" -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_1cta
start_build derived gemm_sm90_tf32_derived_launcher.h gemm_check.cu \
  "$derived_bin" -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_derived
start_build epilogue exo_kernels.h epilogue_check.cu \
  "$epilogue_bin"
start_build epiloguebf16 exo_kernels.h epilogue_check.cu \
  "$epiloguebf16_bin" -DEXO_EPILOGUE_BF16
start_build epiloguee4m3 exo_kernels.h epilogue_check.cu \
  "$epiloguee4m3_bin" -DEXO_EPILOGUE_E4M3
start_build pingpong gemm_sm90_tf32_pingpong_launcher.h gemm_check.cu \
  "$pingpong_bin" -DEXO_GEMM_TF32_KERNEL=gemm_sm90_tf32_pingpong
start_build bf16 gemm_sm90_bf16_launcher.h gemm_check.cu "$bf16_bin" \
  -DEXO_GEMM_BF16
start_build mmatf32 gemm_mma_tf32_launcher.h gemm_check.cu "$mmatf32_bin" \
  -DEXO_GEMM_TF32_KERNEL=gemm_mma_tf32
start_build mmabf16 gemm_mma_bf16_launcher.h gemm_check.cu "$mmabf16_bin" \
  -DEXO_GEMM_BF16 -DEXO_GEMM_BF16_KERNEL=gemm_mma_bf16 -DEXO_GEMM_BF16_OUT
start_build wgmmabf16out gemm_sm90_bf16_1cta_out_launcher.h gemm_check.cu \
  "$wgmmabf16out_bin" -DEXO_GEMM_BF16 \
  -DEXO_GEMM_BF16_KERNEL=gemm_sm90_bf16_1cta_out -DEXO_GEMM_BF16_OUT
start_build tma tma_roundtrip_launcher.h tma_check.cu "$tma_bin"
start_build tmaranks tma_ranks_launcher.h tma_ranks_check.cu "$tmaranks_bin"
start_build saxpy saxpy_launcher.h saxpy_check.cu "$saxpy_bin"
start_build math math_launcher.h math_check.cu "$math_bin"
start_build model model_kernels.h model_check.cu "$model_bin"
# shellcheck disable=SC2046 # the flags are words
start_build registry exo_kernels.h ../../bench/gpu/dispatch.cu \
  "$registry_bin" -I "$root/test/GPU"
start_build mbarrier mbarrier_flags mbarrier_check.cu "$mbarrier_bin" \
  $(cat "$gen_dir/mbarrier_flags" 2>/dev/null)
for name in $all_kernels; do
  finish_build "$name"
done

# run BUILD STEP-NAME TIMEOUT_S CMD...: a step that needs BUILD's binary
# (nothing when RUN_ALL_ONLY leaves BUILD out).
run() {
  local build=$1 name=$2
  shift 2
  selected "$build" || return 0
  case ${built[$build]} in
  1) step "$name" "$@" ;;
  2) skip_ok "$name" "${build_cmd[$build]} in $gen_dir" ;;
  *) skip "$name" "build-$build failed" ;;
  esac
}

#===------------------------------------------------------------------------===#
# Correctness
#===------------------------------------------------------------------------===#

correctness_phase() {
  # GEMM: one tile and one 32-wide k-block; M != N both ways; one task per
  # cluster; several waves of the persistent grid (66 clusters).
  run gemm gemm-correctness 60 "$gemm_bin" 256x256x32 512x256x96 \
    256x512x160 1024x1024x1024 2048x1024x512 4096x4096x4096
  # Split-K: one 32-wide k-block per split; many k-blocks per split; 4 splits.
  run splitk splitk-correctness-ks2 60 "$splitk_bin" --ks 2 256x256x64 \
    1024x1024x2048
  run splitk splitk-correctness-ks4 60 "$splitk_bin" --ks 4 512x512x4096
  # GEMV (requires M mod 16 == 0, K mod 8 == 0): K < 32 (no unrolled loop);
  # K / 8 odd (unrolled loop plus remainder); 40000 rows are 2500 tasks, more
  # than one wave of the persistent grid (132 SMs x 16 CTAs).
  run gemv gemv-correctness 60 "$gemv_bin" 16x8 48x72 128x64 1024x1024 \
    4096x4096 4096x16384 40000x264
  # One-CTA GEMM (64 x 128 tiles, 32-wide k-slices): one tile and one slice;
  # 8 tiles; 128 tiles, about one wave of the persistent grid.
  run gemm1cta gemm1cta-correctness 60 "$gemm1cta_bin" 64x128x32 \
    256x256x128 1024x1024x1024
  # The derived one-CTA GEMM (same tiles): the same sizes and 4096^3.
  run derived derived-correctness 60 "$derived_bin" 64x128x32 \
    256x256x128 1024x1024x1024 4096x4096x4096
  # Every variant of the registry's GEMMs and GEMV (bench/gpu/dispatch.cu
  # --check), and the dispatcher, at each of these shapes that it accepts,
  # chosen for the tilings the variants have: a single (partial) tile and
  # one K step; fewer K steps than ring slots, the ring wrapping; M != N
  # both ways; fewer tiles than clusters, and tile counts that leave some
  # clusters (persistent tasks) one tile more than others; one group of
  # 2048 columns (rasterized order) and several; partial tiles in M, N and
  # K; several waves; K not a multiple of 16 bytes (no variant accepts
  # it: the dispatcher pads A and B). A variant also gets C 4 bytes past a
  # 16-byte boundary: computed right or refused at launch, never wrong.
  run registry registry-gemm_tf32-correctness 300 "$registry_bin" \
    --check gemm_tf32 1x4x4 64x128x32 128x256x32 256x256x32 64x128x96 \
    128x256x96 512x256x96 256x512x160 300x520x100 512x768x96 1024x768x256 \
    256x512x1024 600x1000x68 256x2048x64 1024x1024x1024 2048x1024x512 \
    512x4096x192 2048x1536x2048 2000x1500x1004 512x512x4096 4096x4096x4096 \
    3000x5000x7000 1x1x4 300x261x100 2048x50257x64 300x520x1001 1x1x3 \
    2000x1500x1002
  run registry registry-gemm_bf16-correctness 300 "$registry_bin" \
    --check gemm_bf16 1x4x8 256x256x64 300x520x104 512x256x192 512x768x192 \
    1024x768x256 256x2048x64 1024x1024x1024 512x4096x192 2048x1536x1024 \
    1024x1024x16384 2000x1500x1000 4096x4096x4096 3000x5000x7000 1x1x8 \
    300x261x136 2048x50257x64 1500x2500x3500 333x517x1001 1x4x3 300x261x132
  run registry registry-gemv_f32-correctness 300 "$registry_bin" \
    --check gemv_f32 8x128 8x256 24x384 128x4 128x132 136x1024 1024x1024 \
    4096x4096 4096x16384 40000x1024 65536x1024 1024x65536 1x4 7x132 13x388 \
    1000x1000 3000x5000 1001x4100 1x1 13x387 1001x1001
  # The fused epilogues (bias and ReLU, GELU, SiLU to bf16) against an fp32
  # reference, through the dispatcher and each of its variants
  # (--variants: the cluster kernels and the small-tile ones): one tile;
  # more clusters than tiles; long K; several tiles per cluster; several
  # waves; then partial tiles (the `_odd` kernels): one partial tile,
  # partial tiles in M, N and K, several waves; K not a multiple of 16
  # bytes (A and B padded).
  run epilogue epilogue-correctness 120 "$epilogue_bin" --variants --reps 3 256x256x32 \
    512x768x96 1024x512x4096 2048x2048x2048 4096x4096x1024 1x8x4 \
    300x264x100 1000x1000x1000 4000x3000x1004 300x264x101
  run epiloguebf16 epiloguebf16-correctness 120 "$epiloguebf16_bin" \
    --variants --reps 3 256x256x64 512x768x192 1024x512x4096 2048x2048x2048 4096x4096x1024 \
    1x8x8 300x264x104 1000x1000x1000 4000x3000x1000 300x264x100
  run epiloguee4m3 epiloguee4m3-correctness 120 "$epiloguee4m3_bin" \
    --variants --reps 3 256x256x128 512x768x384 1024x512x4096 2048x2048x2048 4096x4096x1024 \
    1x8x16 300x264x112 1000x1000x1008 4000x3000x1008 300x264x104
  # Ping-pong GEMM (256 x 256 cluster tiles, two phases of 128 columns, a
  # ring of 6 over both phases): one tile and one slice; M != N and odd K
  # slices; the ring wraps inside and across phases; several waves.
  run pingpong pingpong-correctness 60 "$pingpong_bin" 256x256x32 \
    512x256x96 1024x1024x1024 4096x4096x4096
  # bf16 GEMM (256 x 256 cluster tiles, 64-wide k-blocks, a ring of 4): one
  # tile and one k-block; M != N and 3 k-blocks; 16 tiles, 16 k-blocks (the
  # ring wraps); several waves (256 tiles for 66 clusters).
  run bf16 bf16-correctness 60 "$bf16_bin" 256x256x64 512x256x192 \
    1024x1024x1024 4096x4096x4096
  # mma.sync GEMMs (64 x 32 tiles; 8-wide tf32 / 16-wide bf16 K slices):
  # one tile and one slice; M != N; 512 tiles, several per CTA of the
  # persistent grid; the bf16 one stores bf16 C through stmatrix + TMA.
  run mmatf32 mmatf32-correctness 60 "$mmatf32_bin" 64x32x8 128x96x40 \
    1024x512x256 1024x1024x1024
  run mmabf16 mmabf16-correctness 60 "$mmabf16_bin" 64x32x16 128x96x48 \
    1024x512x256 1024x1024x1024
  # The one-CTA wgmma GEMM with a bf16 result stored by stmatrix (64 x 128
  # tiles, 16-wide K slices).
  run wgmmabf16out wgmmabf16out-correctness 60 "$wgmmabf16out_bin" 64x128x16 \
    128x256x48 1024x1024x1024
  # TMA copies (64-row boxes, 8 to 32 floats wide): the sizes of every box
  # width; 64x8, 128x48 and 96x32 are outside some kernels' requires (their
  # launchers must reject them); 4096x4096 gives many tasks per CTA.
  run tma tma-correctness 60 "$tma_bin" 64x32 128x64 192x128 1024x96 64x8 \
    128x48 96x32 4096x4096
  # TMA of rank 1 and 5 (copies, a reduce-add): three sizes each.
  run tmaranks tmaranks-correctness 60 "$tmaranks_bin"
  # The model kernels, each once on the inputs of its CPU run: every byte
  # of every argument as the CPU run left it (test/GPU/model_check.cu), each
  # in a process of its own (a fault would stop the kernels after it).
  run model model-correctness 1500 bash "$root/test/GPU/model_each.sh" \
    "$model_bin" "$gen_dir/model" 60
  # An mbarrier phase completes when the lowering's arrivals and bytes are
  # in, not before.
  run mbarrier mbarrier-correctness 60 "$mbarrier_bin"
  # saxpy (128 elements per task): one task; 3; 265 tasks (more than one per
  # CTA of the persistent grid); 2^20; 2^24 + 128; 200 must be rejected.
  run saxpy saxpy-correctness 60 "$saxpy_bin" 128 384 33920 1048576 \
    16777344 200
  # Device math: each operation of the table over 2^22 inputs against
  # double precision, within its bound (test/GPU/math_check.cu).
  run math math-correctness 120 "$math_bin"
}

#===------------------------------------------------------------------------===#
# compute-sanitizer
#===------------------------------------------------------------------------===#

# sanitizer BUILD NAME TOOL ARGS...: one compute-sanitizer run of BUILD's
# binary (GEMMs and GEMV with --ref naive), its own log
# (sanitizer-NAME-TOOL.log) and summary.
sanitizer() {
  local build=$1 name=$2 tool=$3 bin
  shift 3
  local step_name=sanitizer-$name-$tool slog=$out_dir/sanitizer-$name-$tool.log
  local ref=()
  selected "$build" || return 0
  bin=${bin_of[$build]}
  case $build in
  gemm | splitk | gemv | gemm1cta | derived | pingpong | bf16 | mmatf32 | \
    mmabf16 | wgmmabf16out | registry)
    ref=(--ref naive)
    ;;
  esac
  case ${built[$build]} in
  1) ;;
  2)
    skip_ok "$step_name" "${build_cmd[$build]} in $gen_dir"
    return
    ;;
  *)
    skip "$step_name" "build-$build failed"
    return
    ;;
  esac
  echo "== [$step_name] ${ref[*]} $*" | tee -a "$log"
  run_sanitizer "$step_name" "$slog" "$tool" "$bin" ${ref[@]+"${ref[@]}"} "$@"
}

sanitizer_phase() {
  if ! have_sanitizer; then
    results+=("sanitizer: SKIPPED (compute-sanitizer not found)")
    return
  fi
  sanitizer gemm gemm memcheck 512x256x96
  sanitizer gemm gemm racecheck 256x256x64
  sanitizer gemm gemm synccheck 256x256x64
  sanitizer splitk splitk memcheck --ks 3 512x256x192
  sanitizer splitk splitk racecheck --ks 2 256x256x128
  sanitizer splitk splitk synccheck --ks 2 256x256x128
  sanitizer gemv gemv memcheck 256x264
  sanitizer gemv gemv racecheck 256x264
  sanitizer gemv gemv synccheck 256x264
  # One-CTA GEMM: 4 tiles and 2 k-slices; one tile and 3 k-slices through
  # the single stage.
  sanitizer gemm1cta gemm1cta memcheck 128x256x64
  sanitizer gemm1cta gemm1cta racecheck 64x128x96
  sanitizer gemm1cta gemm1cta synccheck 64x128x96
  sanitizer derived derived memcheck 128x256x64
  sanitizer derived derived racecheck 64x128x96
  sanitizer derived derived synccheck 64x128x96
  # Every variant of the registry at three shapes: the first one every
  # variant accepts (whole tiles of every tiling, every split), the second
  # partial tiles (GEMM) or three K steps of three warps (GEMV), the third
  # partial tiles with rows of odd lengths, which only the partial-tile and
  # any-length variants accept; and the dispatcher.
  local f
  for f in memcheck racecheck synccheck; do
    sanitizer registry registry-gemm_tf32 "$f" --check gemm_tf32 \
      512x2048x256 300x520x100 300x261x100
    sanitizer registry registry-gemm_bf16 "$f" --check gemm_bf16 \
      512x2048x1024 300x520x104 300x261x136
    sanitizer registry registry-gemv_f32 "$f" --check gemv_f32 128x1024 \
      24x384 13x388 13x387
  done
  sanitizer pingpong pingpong memcheck 256x256x64
  sanitizer pingpong pingpong racecheck 256x256x224
  sanitizer pingpong pingpong synccheck 256x256x224
  # bf16 GEMM: two cluster tiles; 6 k-blocks wrap the ring of 4.
  sanitizer bf16 bf16 memcheck 512x256x192
  sanitizer bf16 bf16 racecheck 256x256x384
  sanitizer bf16 bf16 synccheck 256x256x384
  # The fused epilogues: 4 tiles (one per cluster), two K
  # steps (the reference is cuBLAS's: its kernels are checked too); race
  # and sync checks of every variant.
  sanitizer epilogue epilogue memcheck --act relu,silu 512x512x64
  sanitizer epilogue epilogue racecheck --variants --reps 1 --act gelu 512x512x64
  sanitizer epilogue epilogue synccheck --variants --reps 1 --act gelu 512x512x64
  sanitizer epiloguebf16 epiloguebf16 memcheck 512x512x128
  sanitizer epiloguee4m3 epiloguee4m3 memcheck 512x512x256
  # The partial-tile kernels, every variant (--variants: the cluster
  # kernels and the small-tile ones).
  sanitizer epilogue epilogue memcheck --variants --reps 1 --act relu 300x264x100
  sanitizer epiloguebf16 epiloguebf16 memcheck --variants --reps 1 300x264x104
  sanitizer epiloguebf16 epiloguebf16 racecheck --variants --reps 1 --act gelu 300x264x104
  sanitizer epiloguebf16 epiloguebf16 synccheck --variants --reps 1 --act gelu 300x264x104
  sanitizer epiloguee4m3 epiloguee4m3 memcheck --variants --reps 1 300x264x112
  sanitizer epiloguee4m3 epiloguee4m3 racecheck --variants --reps 1 300x264x112
  sanitizer epiloguee4m3 epiloguee4m3 synccheck --variants --reps 1 300x264x112
  # mma.sync GEMMs: 4 tiles, 3 K slices through the single stage.
  sanitizer mmatf32 mmatf32 memcheck 128x64x24
  sanitizer mmatf32 mmatf32 racecheck 128x64x24
  sanitizer mmatf32 mmatf32 synccheck 128x64x24
  sanitizer mmabf16 mmabf16 memcheck 128x64x48
  sanitizer mmabf16 mmabf16 racecheck 128x64x48
  sanitizer mmabf16 mmabf16 synccheck 128x64x48
  sanitizer wgmmabf16out wgmmabf16out memcheck 128x256x48
  sanitizer wgmmabf16out wgmmabf16out racecheck 128x256x48
  sanitizer wgmmabf16out wgmmabf16out synccheck 128x256x48
  # TMA copies: all four kernels; 256 to 1024 boxes, so each CTA of the
  # persistent grid reuses its shared memory for several tasks.
  sanitizer tma tma memcheck 2048x256
  sanitizer tma tma racecheck 2048x256
  sanitizer tma tma synccheck 2048x256
  sanitizer tmaranks tmaranks memcheck
  sanitizer tmaranks tmaranks racecheck
  sanitizer tmaranks tmaranks synccheck
  # The model kernels, once each.
  sanitizer model model memcheck "$gen_dir/model"
  sanitizer model model racecheck "$gen_dir/model"
  sanitizer model model synccheck "$gen_dir/model"
  # saxpy: 265 tasks, more than one per CTA.
  sanitizer saxpy saxpy memcheck 33920
  sanitizer saxpy saxpy racecheck 33920
  sanitizer saxpy saxpy synccheck 33920
  # Device math: one task of each row.
  sanitizer math math memcheck 256
}

#===------------------------------------------------------------------------===#
# Timing
#===------------------------------------------------------------------------===#

timing_phase() {
  run gemm gemm-timing 300 "$gemm_bin" --time --csv "$out_dir/gemm.csv" \
    1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192
  # Split-K pays off where there are few 256 x 256 tiles of C for the 66
  # clusters: 16 tiles at 1024^2, 32 at 256x8192.
  run splitk splitk-timing-ks4 300 "$splitk_bin" --ks 4 --time \
    --csv "$out_dir/gemm_splitk_ks4.csv" 1024x1024x8192 256x8192x8192
  run splitk splitk-timing-ks2 300 "$splitk_bin" --ks 2 --time \
    --csv "$out_dir/gemm_splitk_ks2.csv" 1024x1024x1024
  # One gemm_splitk.csv (it has a KS column) from the two.
  local part merged=$out_dir/gemm_splitk.csv
  rm -f "$merged"
  for part in "$out_dir/gemm_splitk_ks4.csv" "$out_dir/gemm_splitk_ks2.csv"; do
    [ -f "$part" ] || continue
    if [ -f "$merged" ]; then
      tail -n +2 "$part" >>"$merged"
    else
      cat "$part" >"$merged"
    fi
    rm -f "$part"
  done
  # The fused epilogues against our unfused GEMM, cuBLAS + a separate
  # epilogue kernel, and cuBLASLt's fused epilogues.
  run epilogue epilogue-timing 300 "$epilogue_bin" --time --reps 30 \
    --csv "$out_dir/epilogue.csv" 4096x4096x4096 8192x8192x8192 \
    4000x4000x4000 2000x4096x4096
  run epiloguebf16 epiloguebf16-timing 300 "$epiloguebf16_bin" --time \
    --reps 30 --csv "$out_dir/epilogue_bf16.csv" 4096x4096x4096 \
    8192x8192x8192 4000x4000x4000 2000x4096x4096
  run epiloguee4m3 epiloguee4m3-timing 300 "$epiloguee4m3_bin" --time \
    --reps 30 --csv "$out_dir/epilogue_e4m3.csv" 4096x4096x4096 \
    8192x8192x8192 4000x4000x4000 2000x4096x4096
  run gemv gemv-timing 300 "$gemv_bin" --time --csv "$out_dir/gemv.csv" \
    4096x4096 8192x8192 16384x16384 32768x32768
  run pingpong pingpong-timing 300 "$pingpong_bin" --time \
    --csv "$out_dir/gemm_pingpong.csv" 2048x2048x2048 4096x4096x4096 \
    8192x8192x8192
  run bf16 bf16-timing 300 "$bf16_bin" --time --csv "$out_dir/gemm_bf16.csv" \
    2048x2048x2048 4096x4096x4096 8192x8192x8192
  # The one-CTA GEMM, for reference (no pipelining, one warpgroup per SM).
  run gemm1cta gemm1cta-timing 300 "$gemm1cta_bin" --time \
    --csv "$out_dir/gemm_1cta.csv" 4096x4096x4096
  run derived derived-timing 300 "$derived_bin" --time \
    --csv "$out_dir/gemm_derived.csv" 4096x4096x4096
  # The mma.sync GEMMs, for reference (unpipelined, four warps per CTA).
  run mmatf32 mmatf32-timing 300 "$mmatf32_bin" --time \
    --csv "$out_dir/gemm_mma_tf32.csv" 4096x4096x4096
  run mmabf16 mmabf16-timing 300 "$mmabf16_bin" --time \
    --csv "$out_dir/gemm_mma_bf16.csv" 4096x4096x4096
  run tma tma-timing 300 "$tma_bin" --time --csv "$out_dir/tma.csv" 4096x4096
}

for phase in correctness sanitizer timing; do
  case " ${RUN_ALL_PHASES:-correctness sanitizer timing} " in
  *" $phase "*) "${phase}_phase" ;;
  *) echo "== [$phase] not in RUN_ALL_PHASES; skipped" | tee -a "$log" ;;
  esac
done

#===------------------------------------------------------------------------===#
# Summary
#===------------------------------------------------------------------------===#

# The key lines of the log (before the summary below is added to it).
{
  echo "run_all: $(date -u +%FT%TZ) on $(hostname); launchers from $gen_dir"
  echo "RUN_ALL_ONLY=\"$only\""
  echo "RUN_ALL_PHASES=\"${RUN_ALL_PHASES:-correctness sanitizer timing}\""
  echo
  echo "#### CHECK, TIME, INFO and step lines of log.txt"
  grep -E '^(== |CHECK |TIME |INFO |kernel: |device: |warning: |  )' "$log"
  for name in $all_kernels; do
    if selected "$name" && [ "${built[$name]}" -eq 0 ] &&
      [ -f "$out_dir/build-$name.log" ]; then
      echo
      echo "#### build-$name.log (last 40 lines)"
      tail -n 40 "$out_dir/build-$name.log"
    fi
  done
  for name in ${failed[@]+"${failed[@]}"}; do
    slog=$out_dir/$name.log
    if [[ $name == sanitizer-* ]] && [ -f "$slog" ]; then
      echo
      echo "#### $name.log (first 40 sanitizer lines)"
      grep -E '^=========' "$slog" | head -n 40
    fi
  done
  for csv in "$out_dir"/*.csv; do
    [ -f "$csv" ] || continue
    echo
    echo "#### $(basename "$csv")"
    cat "$csv"
  done
  echo
} >"$summary"

{
  echo
  echo "run_all: summary ($(date -u +%FT%TZ))"
  for line in "${results[@]}"; do
    echo "  $line"
  done
} | tee -a "$log" "$summary"
skipped=0
for line in "${results[@]}"; do
  [[ $line == *": SKIPPED "* ]] && skipped=$((skipped + 1))
done
if [ "${#failed[@]}" -eq 0 ]; then
  echo "run_all: all $((${#results[@]} - skipped)) steps that ran passed" \
    "($skipped skipped); log in $log" | tee -a "$log" "$summary"
else
  echo "run_all: ${#failed[@]} of ${#results[@]} step(s) FAILED:" \
    "${failed[*]}; log in $log" | tee -a "$log" "$summary"
fi
[ "${#failed[@]}" -eq 0 ]

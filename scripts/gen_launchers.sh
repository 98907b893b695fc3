# Sourced by bench/gpu/gen.sh, bench/gpu/gen_attention.sh and
# test/GPU/gen_all.sh: the setup and the `gen` function they use to lower
# kernels into launcher headers.
# Usage (from the sourcing script): source scripts/gen_launchers.sh GEN_DIR [BUILD_DIR]
# Sets root, gen_dir, build_dir and a temporary directory removed on exit.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gen_dir=${1:?usage: GEN_DIR [BUILD_DIR]}
build_dir=${2:-$root/build}
mkdir -p "$gen_dir"
gen_tmp=$(mktemp -d)
trap 'rm -rf "$gen_tmp"' EXIT
# gen NAME FILE [OPTIONS...]: GEN_DIR/NAME_launcher.h from FILE (relative to
# the repository root, or absolute), lowered with -exo-to-ptx after OPTIONS
# (e.g. -transform-interpreter for a derivation).
gen() {
  local name=$1 file=$2
  shift 2
  [[ $file == /* ]] || file=$root/$file
  "$build_dir/bin/exo-gpu-opt" "$file" "$@" -exo-to-ptx \
    -o "$gen_tmp/$name.mlir"
  "$build_dir/bin/exo-gpu-translate" --exo-emit-launcher "$gen_tmp/$name.mlir" \
    -o "$gen_dir/${name}_launcher.h"
  echo "$gen_dir/${name}_launcher.h"
}
# attention_dispatcher: GEN_DIR/exo_attention.h, the dispatcher of the
# attention functions alone (bench/gpu/bench_attention.py includes it).
attention_dispatcher() {
  python3 "$root/scripts/registry.py" dispatcher \
    --function attention_fwd_bf16 --function attention_fwd_causal_bf16 \
    --function attention_fwd_f16 --function attention_fwd_causal_f16 \
    -o "$gen_dir/exo_attention.h"
  echo "$gen_dir/exo_attention.h"
}

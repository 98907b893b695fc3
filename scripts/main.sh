#!/usr/bin/env bash
# Usage: scripts/main.sh [BUILD_DIR]
#
# The main job: installs the dependencies, builds BUILD_DIR (default `build`,
# relative to the repository root), and runs exo-gpu-opt's summary of the
# Hopper GEMM example, checks it (collectives, synchronization, CPU
# equivalence), lowers it to PTX and a C++ launcher, assembles the PTX where
# ptxas exists; derives the same 2-CTA cluster kernel from the naive GEMM
# with its transform script (the entry point @gemm_derived_cluster of
# examples/gemm/schedules/kernels.mlir, which calls the schedule library
# examples/gemm/schedules/cluster.mlir, on examples/gemm/gemm_specs.mlir) and
# checks and lowers it the same way; and on a machine with a working GPU runs the
# Hopper GEMM (correctness, sanitizers, timing against cuBLAS). Exits
# non-zero if any step fails.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$script_dir/.." && pwd)
cd "$root"

build_dir=${1:-build}
case "$build_dir" in
  /*) ;;
  *) build_dir="$root/$build_dir" ;;
esac
example="$root/examples/gemm/hopper_gemm.mlir"

echo "== main: install dependencies" >&2
bash "$script_dir/install-deps.sh"

echo "== main: build $build_dir" >&2
bash "$script_dir/build.sh" "$build_dir"

# Parse and verify the bundled kernel, then print its structure.
echo "== main: exo-gpu-opt $example --exo-summary" >&2
"$build_dir/bin/exo-gpu-opt" "$example" --exo-summary -o /dev/null

# Collective analysis, distributed-memory deduction and barrier usage.
echo "== main: exo-gpu-opt $example --exo-verify-collectives" >&2
"$build_dir/bin/exo-gpu-opt" "$example" --exo-verify-collectives -o /dev/null
echo "collective analysis: ok" >&2

# The synchronization checker (abstract machine) for concrete sizes.
echo "== main: exo-gpu-opt $example --exo-check-sync (M=N=K=512)" >&2
"$build_dir/bin/exo-gpu-opt" "$example" \
  --exo-check-sync="sizes=M=512,N=512,K=512 stats=true" -o /dev/null
echo "synchronization check: ok" >&2

# Its sequential meaning equals the naive GEMM's on random inputs.
echo "== main: exo-gpu-run: naive GEMM vs the Hopper kernel on the CPU" >&2
"$build_dir/bin/exo-gpu-run" "$root/examples/gemm/gemm_naive.mlir" \
  --entry=gemm --compare=gemm_sm90_tf32 --compare-file="$example" \
  --size=M=512,N=512,K=256 --time

# Lower to PTX and emit the C++ launcher.
gen_dir="$build_dir/gen"
mkdir -p "$gen_dir"
echo "== main: exo-gpu-opt $example --exo-to-ptx" >&2
"$build_dir/bin/exo-gpu-opt" "$example" --exo-to-ptx -o "$gen_dir/gemm.mlir"
"$build_dir/bin/exo-gpu-translate" --exo-extract-ptx "$gen_dir/gemm.mlir" \
  -o "$gen_dir/gemm_sm90_tf32.ptx"
"$build_dir/bin/exo-gpu-translate" --exo-emit-launcher "$gen_dir/gemm.mlir" \
  -o "$gen_dir/gemm_sm90_tf32_launcher.h"
echo "PTX: $gen_dir/gemm_sm90_tf32.ptx; launcher: $gen_dir/gemm_sm90_tf32_launcher.h" >&2

cuda_bin=${CUDA_HOME:-/usr/local/cuda}/bin
if [ -x "$cuda_bin/ptxas" ]; then
  echo "== main: ptxas -arch=sm_90a" >&2
  "$cuda_bin/ptxas" -arch=sm_90a -v "$gen_dir/gemm_sm90_tf32.ptx" \
    -o "$gen_dir/gemm_sm90_tf32.cubin"
else
  echo "== main: no ptxas in $cuda_bin; PTX not assembled" >&2
fi

# Schedule: derive the warp-specialized 2-CTA cluster GEMM from the naive one
# with its transform script, check the result like the hand-written kernel
# and lower it too.
specs="$root/examples/gemm/gemm_specs.mlir"
library="$root/examples/gemm/schedules"
echo "== main: exo-gpu-opt $specs --transform-interpreter=entry-point=gemm_derived_cluster (libraries $library)" >&2
"$build_dir/bin/exo-gpu-opt" "$specs" \
  --transform-preload-library="transform-library-paths=$library" \
  --transform-interpreter=entry-point=gemm_derived_cluster \
  -o "$gen_dir/gemm_derived_cluster.mlir"
"$build_dir/bin/exo-gpu-opt" "$gen_dir/gemm_derived_cluster.mlir" \
  --exo-verify-collectives -o /dev/null
"$build_dir/bin/exo-gpu-opt" "$gen_dir/gemm_derived_cluster.mlir" \
  --exo-check-sync="sizes=M=512,N=512,K=512" -o /dev/null
"$build_dir/bin/exo-gpu-run" "$gen_dir/gemm_derived_cluster.mlir" \
  --entry=gemm_tf32 --compare=gemm_sm90_tf32_derived_cluster \
  --size=M=512,N=256,K=128
"$build_dir/bin/exo-gpu-opt" "$gen_dir/gemm_derived_cluster.mlir" --exo-to-ptx \
  -o "$gen_dir/gemm_derived_cluster.ptx.mlir"
"$build_dir/bin/exo-gpu-translate" --exo-extract-ptx \
  "$gen_dir/gemm_derived_cluster.ptx.mlir" -o "$gen_dir/gemm_derived_cluster.ptx"
"$build_dir/bin/exo-gpu-translate" --exo-emit-launcher \
  "$gen_dir/gemm_derived_cluster.ptx.mlir" \
  -o "$gen_dir/gemm_sm90_tf32_derived_cluster_launcher.h"
if [ -x "$cuda_bin/ptxas" ]; then
  "$cuda_bin/ptxas" -arch=sm_90a "$gen_dir/gemm_derived_cluster.ptx" \
    -o "$gen_dir/gemm_derived_cluster.cubin"
fi
echo "derived kernel: checked and lowered ($gen_dir/gemm_sm90_tf32_derived_cluster_launcher.h)" >&2

# Run it where a GPU exists: correctness at several sizes, sanitizers and a
# timing table against cuBLAS (test/GPU/run_gemm.sh).
if [ -x "$cuda_bin/nvcc" ] && command -v nvidia-smi >/dev/null 2>&1 &&
  nvidia-smi -L >/dev/null 2>&1; then
  echo "== main: run on the GPU" >&2
  bash "$root/test/GPU/run_gemm.sh" "$gen_dir" "$build_dir/gpu-results"
else
  echo "== main: no GPU here; the kernel was compiled but not run" \
    "(on a GPU machine: bash test/GPU/run_gemm.sh $gen_dir OUT_DIR)" >&2
fi

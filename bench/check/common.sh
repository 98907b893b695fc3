# shellcheck shell=bash disable=SC2154  # root, opt and tmp come from the sourcing script
# Helpers of the sync-check benchmarks (bench/check/sync-check*.sh), sourced
# after `root`, `opt` and `tmp` are set.

# derive NAME SOURCE: the kernel a transform script derives, into
# $tmp/NAME.mlir (not timed), with the schedule libraries of
# examples/gemm/schedules/ and examples/gemv/schedules/ preloaded. SOURCE is a file with its own script,
# or @ENTRY: an entry point of examples/gemm/schedules/kernels.mlir, applied
# to the specifications of examples/gemm/gemm_specs.mlir.
derive() {
  local file=$root/$2 interp=-transform-interpreter
  if [[ $2 == @* ]]; then
    file=$root/examples/gemm/gemm_specs.mlir
    interp=-transform-interpreter=entry-point=${2#@}
  fi
  "$opt" "$file" \
    "-transform-preload-library=transform-library-paths=$root/examples/gemm/schedules,$root/examples/gemv/schedules" \
    "$interp" -o "$tmp/$1.mlir"
}

# gemm_source K: the SOURCE of derive for the GEMM variant K: its entry point
# when kernels.mlir has one, else examples/gemm/gemm_derived_K.mlir.
gemm_source() {
  if grep -q "transform.named_sequence @gemm_derived_$1(" \
    "$root/examples/gemm/schedules/kernels.mlir"; then
    echo "@gemm_derived_$1"
  else
    echo "examples/gemm/gemm_derived_$1.mlir"
  fi
}

# run LABEL FILE SIZES: one checker run (file relative to the root, or
# absolute) on one core, with at most 300 s and 16 GB; prints a Markdown row:
# seconds, peak RSS, statement instances and element accesses (with
# TASKS_COLUMN set, the tasks run and covered), and the first error line
# when the run fails (a size the kernel's assertions reject, a limit
# reached). SIZES may end with pass options ("M=1,N=2 task-symmetry=false").
run() {
  local out file=$2 t m st ac err
  [[ $file = /* ]] || file=$root/$file
  out=$( { ulimit -v 16000000; /usr/bin/time -f "TIME %e %M" taskset -c 0 \
    timeout 300 "$opt" "$file" -exo-verify-collectives \
    -exo-check-sync="sizes=$3 stats=true" -o /dev/null; } 2>&1) || true
  t=$(sed -n 's/^TIME \([0-9.]*\) .*/\1/p' <<<"$out")
  m=$(sed -n 's/^TIME [0-9.]* \([0-9]*\)$/\1/p' <<<"$out")
  st=$(sed -n 's/.*checked: \([0-9]*\) statement instances.*/\1/p' <<<"$out")
  ac=$(sed -n 's/.*instances, \([0-9]*\) element accesses.*/\1/p' <<<"$out")
  err=$(grep -m1 -E 'error|Killed' <<<"$out" | cut -c1-150) || true
  # The tasks (run, and covered by the task reduction, or why every task
  # ran), for the scripts whose table has that column.
  tk=$(grep -m1 -o -E '[0-9]+ tasks( run and [0-9]+ covered)?( \(every task run: [^)]*\))?' \
    <<<"$out") || true
  echo "| $1 | $3 | $t | $((${m:-0} / 1024)) | $st | $ac |${TASKS_COLUMN:+ $tk |}${err:+ $err |}"
}

// -exo-summary writes to its `output` file; one it cannot open is an error.
// RUN: not exo-gpu-opt %s --exo-summary="output=%t.nodir/summary.txt" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: cannot open '{{.*}}nodir/summary.txt': cannot open output file
exo.proc @p() {
}

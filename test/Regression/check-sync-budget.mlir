// The checker runs within a budget of statement instances and tasks
// (max-instances, 2^30 by default; tasks: max-instances / 64), so a huge
// size stops with an error at the loop instead of running for hours or
// exhausting memory. Tasks that are translations of each other are not run
// (all of them are here: two run); task-symmetry=false runs every task.
// RUN: not exo-gpu-opt %s -exo-check-sync="N=2147483647 task-symmetry=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TASKS
// RUN: not exo-gpu-opt %s -exo-check-sync="N=100 max-instances=640 task-symmetry=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: exo-gpu-opt %s -exo-check-sync="N=2147483647 stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYMMETRY
// RUN: exo-gpu-opt %s -exo-check-sync="N=100 max-instances=0" -o /dev/null
// RUN: not exo-gpu-opt %S/Inputs/long-loop.mlir -exo-check-sync="N=1000 max-instances=640" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: exo-gpu-opt %S/Inputs/long-loop.mlir -exo-check-sync="N=1000" -o /dev/null
// TASKS: error: the check stops after 16777216 tasks (max-instances / 64): check smaller sizes, or raise max-instances
// SMALL: error: the check stops after 10 tasks (max-instances / 64)
// SYMMETRY: remark: checked: {{[0-9]+}} statement instances, 0 element accesses, 2 tasks run and 2147483645 covered as their translations
// LOOP: long-loop.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the check stops after 640 statement instances (1 tasks so far): check smaller sizes, or raise max-instances
exo.proc @tasks(%N: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}


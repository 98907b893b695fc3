// RUN: not exo-gpu-opt %s -amir-interpret 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not exo-gpu-opt %s -amir-interpret="sizes=N=3" 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not exo-gpu-opt %s -amir-interpret="sizes=N" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: exo-gpu-opt %s -amir-interpret="sizes=N=4 stats=true task-symmetry=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: exo-gpu-opt %s -amir-interpret="sizes=N=4 progress=true task-symmetry=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROGRESS
// RUN: exo-gpu-opt %s -amir-interpret="sizes=N=4 progress=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROGRESS-SYMMETRY
// Sizes may also be given bare, next to the pass's own options.
// RUN: exo-gpu-opt %s -amir-interpret="N=4 stats=true task-symmetry=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// The tasks are translations of each other (row t of g): two run.
// RUN: exo-gpu-opt %s -amir-interpret="N=4 stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYMMETRY
// RUN: not exo-gpu-opt %s -amir-interpret="N=x" 2>&1 | FileCheck %s --check-prefix=BADBARE
// RUN: not exo-gpu-opt %s -amir-interpret="bogus" 2>&1 | FileCheck %s --check-prefix=NOOPT
// BADBARE: error: expected sizes as NAME=INTEGER, got 'N=x'
// BADBARE-NOT: see current operation
// NOOPT: no such option bogus

// Sizes are required, must satisfy the assertions and be well formed; the
// statistics count what was interpreted.
// MISSING: error: size 'N' of @p is not given (sizes=N=...)
// ASSERT: error: the sizes violate assertion 0 of @p: s0 mod 2 == 0 with s0 = N = 3{{$}}
// BAD: error: expected sizes as NAME=INTEGER, got 'N'
// PROGRESS: sync check: task 0 of 4 (0%), {{[0-9]+}} statement instances so far
// PROGRESS: sync check: task 3 of 4 (75%)
// PROGRESS-SYMMETRY: sync check: task 1 of 4 (25%)
// PROGRESS-SYMMETRY-NEXT: sync check: the other tasks are translations of the first two; none runs
// PROGRESS-SYMMETRY-NOT: sync check: task
// STATS: remark: checked: {{[0-9]+}} statement instances, 16 element accesses, 4 tasks{{$}}
// SYMMETRY: remark: checked: {{[0-9]+}} statement instances, 8 element accesses, 2 tasks run and 2 covered as their translations{{$}}
amir.program @p(%N) requires affine_set<()[s0] : (s0 mod 2 == 0)> {
  %g = amir.alloc "g" [%N, %N] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%t, 0] sizes [1, %N] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

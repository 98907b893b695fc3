// RUN: exo-gpu-opt %s -amir-interpret="symbolic=true stats=true bounds=K<=60" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIXTY
// RUN: not exo-gpu-opt %s -amir-interpret="symbolic=true bounds=K>=70,K<=80,T<=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEVENTY
// RUN: not exo-gpu-opt %s -amir-interpret="symbolic=true bounds=K=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not exo-gpu-opt %s -amir-interpret="symbolic=true bounds=K>=100,K<=50" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not exo-gpu-opt %s -amir-interpret="symbolic=true bounds=Z<=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not exo-gpu-opt %s -amir-interpret="sizes=T=1,K=4 bounds=K<=60" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSYM

// Bounds a user states on top of requires (docs/SymbolicChecking.md): the
// consumer skips its release when k == 70, which no role covers (the
// repetition cannot be shown before k passes 70, test/Check/symbolic.mlir).
// With K at most 60 the bug cannot happen, and each of the 60 values of K
// is checked: proved. With K from 70 to 80 (and T at most 2) each value is
// checked too (the few values of T as well), one run each in increasing
// order (every trip count is long, test/Check/symbolic-bounds-long.mlir),
// and the deadlock appears from K = 73 (the producer waits at k = 72 for
// the release that k = 70 skipped): the run at K = 73 finds it.

// SIXTY: remark: proved for every size requires and the bounds allow
// SIXTY: note: K: each of its 60 values checked
// SIXTY-NOT: warning

// SEVENTY: error: no forward progress: the await on 'empty'[72]
// SEVENTY: error: the symbolic check found the error above at T=1 K=73

// BAD: error: expected bounds as NAME<=VALUE or NAME>=VALUE, got 'K=5'

// Bounds that leave a size no value, that name no size, or that come
// without symbolic=true are errors, not a silent pass.
// EMPTY: error: the bounds leave no value of K that the requires clause of @head_late allows
// UNKNOWN: error: bounds name 'Z', which no program takes (the sizes are T, K)
// NOSYM: error: bounds narrow the sizes of symbolic=true; without it the check runs the sizes given

amir.program @head_late(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        %k2 = arith.addi %k, %c2 : index
        %c70 = arith.constant 70 : index
        %late = arith.cmpi eq, %k, %c70 : index
        %ok = arith.xori %late, %true : i1
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.if %ok {
            amir.arrive cuda_in_order >> %empty[%k2]
          }
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}


// RUN: exo-gpu-opt %s -amir-interpret="symbolic=true stats=true bounds=K>=2000,K<=2000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PINNED
// RUN: exo-gpu-opt %s -amir-interpret="symbolic=true stats=true bounds=K>=1000,K<=1040" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: exo-gpu-opt %s -amir-interpret="sizes=T=1,K=100000 stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG

// A long concrete run: reusing a ring slot looks up the guard's elements of
// one ring index (kept by ring index), not every element the unbounded ring
// has had, so the check is linear in K (about 1 s here; the scan of every
// element took 10.6 s at K = 32000 and would take minutes here).
// LONG: remark: checked: 900011 statement instances, 3200016 element accesses, 1 tasks

// Bounds that leave the trip size few values (docs/SymbolicChecking.md), all
// of them long trip counts: each value is checked by one run, not pumped
// (the pump's runs would be at least as long and compare the state of every
// iteration: 36 s for K pinned at 2000, quadratic in K). One run per grid
// point (T = 1, 2, 3) for K = 2000; 41 per grid point for K from 1000 to
// 1040.

// Its tasks leave a proxy debt to the next one (the ring's generic writes
// are not fenced toward the async proxy): they are not checked one by one,
// and every grid point runs every trip count.
// PINNED: remark: proved for every size requires and the bounds allow: 3 runs of the abstract machine
// PINNED: note: T: grid size
// PINNED-NOT: every task starts
// PINNED: note: K: each of its 1 values checked
// PINNED-NOT: warning

// RANGE: remark: proved for every size requires and the bounds allow: 123 runs of the abstract machine
// RANGE: note: K: each of its 41 values checked
// RANGE-NOT: warning

amir.program @pipeline_long(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}


// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true" -verify-diagnostics -o /dev/null

// Invalid programs in the symbolic mode: the error the concrete machine
// gives, never a crash.

// A ring buffer guarded by a memory allocation instead of an mbarrier
// ring: the size roles read no ring from its guard, and the first run
// reports the machine's error.
// expected-error @below {{the symbolic check found the error above at T=1 K=1}}
amir.program @memory_guard(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %eg = amir.alloc "eg" [4] memory <smem>
      // expected-error @below {{the guard of ring buffer 'buf' must be an mbarrier array with a ring dimension}}
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %eg ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        amir.warps 0 to 1 {
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

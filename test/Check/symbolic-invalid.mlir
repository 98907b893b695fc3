// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true" -verify-diagnostics -o /dev/null

// Invalid programs in the symbolic mode: the error the concrete machine
// gives, never a crash, and never a warning alone where a gap leaves sizes
// uncovered.

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

// -----

// A race in the K loop each task runs before its tiles: that loop is not
// one the check of tile counts pumps (the gap of @prologue_loop in
// symbolic-driver-gaps.mlir), and the concrete runs the check then makes,
// at the least sizes first, find the race.
// expected-error @below {{the symbolic check found the error above at M=16 K=1 NC=1}}
amir.program @prologue_loop_race(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %G = amir.alloc "G" [%M, 16] memory <gmem>

  %T = arith.divsi %M, %c16h : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    amir.tasks_for %pc = %c0 to %NC {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          // expected-note @below {{the conflicting mutation (at pc = 0, k = 0)}}
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          // expected-note @below {{the last synchronization that touched it}}
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          // expected-error @below {{RAW hazard on 'buf'[0, 0]: read by task 0 threads 32-63 at pc = 0, k = 0 is not ordered after the mutation by task 0 threads 0-31}}
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      %r0 = arith.subi %T, %pc : index
      %r1 = arith.addi %r0, %NC : index
      %r2 = arith.subi %r1, %c1 : index
      %tiles = arith.divsi %r2, %NC : index
      amir.seq_for %pi = %c0 to %tiles {
        %p = arith.muli %pi, %NC : index
        %t = arith.addi %pc, %p : index
        %row = arith.muli %t, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, 0] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

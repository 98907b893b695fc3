// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="T=68 M=2080 K=4 NC=64 allow-unused-sizes=true" -o /dev/null

// The reasons the driver of the symbolic check (lib/Analysis/SymbolicCheck.cpp,
// docs/SymbolicChecking.md) gives for the sizes it does not cover, each with
// the number of sizes then checked concretely. The second run line checks
// every program at one size, where each passes: each reason below is a
// limit of the symbolic check, not a hazard.

// Task t writes row t + 64 of G: T - 64 tasks, none up to T = 64. The grid
// argument needs each task loop T sets to run 3 tasks within the 64 lattice
// steps it looks at; this one runs 1 task at T = 65, so T is not covered.
// expected-warning @below {{the symbolic check does not cover every size of @late_tasks}}
// expected-note @below {{T: its task loops do not reach 3 tasks by T = 65}}
// expected-note @below {{T: at T=3 the tasks were not proved translations of the first two, all in bounds}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @late_tasks(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %c64h = arith.constant 64 : index
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %n = arith.subi %T, %c64h : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    amir.tasks_for %t = %c0 to %n {
      %row = arith.addi %t, %c64 : index
      amir.warps 1 to 2 {
        amir.mutate %G[%row, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// The base program of symbolic-tiles.mlir with at least 64 tasks. For each
// tile count the check searches the first 32 values of M, with NC near T / c
// or T + 1 (at most 33 there): none is legal, so it finds no size with a task
// of 0 tiles (M = 16, NC = 64 has them), and M and NC are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @many_tasks; checked 2 sizes concretely instead}}
// expected-note @below {{the tile counts: no size of the search runs a task of 0 tiles}}
// expected-remark @below {{not proved for every size}}
amir.program @many_tasks(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 64 >= 0)> {
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
      %r0 = arith.subi %T, %pc : index
      %r1 = arith.addi %r0, %NC : index
      %r2 = arith.subi %r1, %c1 : index
      %tiles = arith.divsi %r2, %NC : index
      amir.seq_for %pi = %c0 to %tiles {
        %p = arith.muli %pi, %NC : index
        %t = arith.addi %pc, %p : index
        %base = arith.muli %pi, %K : index
        amir.seq_for %k = %c0 to %K {
          %g = arith.addi %base, %k : index
          %g2 = arith.addi %g, %c2 : index
          amir.warps 0 to 1 {
            amir.await %empty[%g], cuda_in_order, 0
            amir.mutate %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
            amir.arrive cuda_in_order >> %full[%g]
          }
          amir.warps 1 to 2 {
            amir.await %full[%g], cuda_in_order, 0
            amir.read %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
            amir.arrive cuda_in_order >> %empty[%g2]
          }
        }
        %row = arith.muli %t, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, 0] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

// -----

// Each task streams K elements through its ring once, before its tiles. The
// check of tile counts pumps a trip size only in a loop run once per tile,
// so the sizes are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @prologue_loop; checked 8 sizes concretely instead}}
// expected-note @below {{K: loop 'k' does not run once per tile}}
// expected-remark @below {{not proved for every size}}
amir.program @prologue_loop(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
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
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
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

// -----

// The base program with a ring of 16 slots, which a tile moves by K. At
// K = 1 a ring element stays in the compared state for two ring depths
// past the floor, 32 tiles, and a tile's state does not repeat within the
// 48 tiles of a task the check runs: the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @deep_ring}}
// expected-note @below {{the tile counts: the state of loop 'pi' does not repeat with a period of at most 8 tiles within the 48 tiles of a task the check runs at K = 1}}
// expected-remark @below {{not proved for every size}}
amir.program @deep_ring(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %G = amir.alloc "G" [%M, 16] memory <gmem>

  %T = arith.divsi %M, %c16h : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    amir.tasks_for %pc = %c0 to %NC {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 16]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 16), [? ring 16]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 16
      %r0 = arith.subi %T, %pc : index
      %r1 = arith.addi %r0, %NC : index
      %r2 = arith.subi %r1, %c1 : index
      %tiles = arith.divsi %r2, %NC : index
      amir.seq_for %pi = %c0 to %tiles {
        %p = arith.muli %pi, %NC : index
        %t = arith.addi %pc, %p : index
        %base = arith.muli %pi, %K : index
        amir.seq_for %k = %c0 to %K {
          %g = arith.addi %base, %k : index
          %g16 = arith.addi %g, %c16 : index
          amir.warps 0 to 1 {
            amir.await %empty[%g], cuda_in_order, 0
            amir.mutate %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
            amir.arrive cuda_in_order >> %full[%g]
          }
          amir.warps 1 to 2 {
            amir.await %full[%g], cuda_in_order, 0
            amir.read %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
            amir.arrive cuda_in_order >> %empty[%g16]
          }
        }
        %row = arith.muli %t, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, 0] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

// -----

// The same tasks with a ring of fixed length and no trip size: the probe of
// the tile loop finds no size of the search with a task of one tile or more,
// and says so; the least sizes are checked instead.
// expected-warning @below {{the symbolic check does not cover every size of @many_tasks_no_trip; checked 1 sizes concretely instead}}
// expected-note @below {{the tile counts: no size of the search runs a task of one tile or more}}
// expected-remark @below {{not proved for every size}}
amir.program @many_tasks_no_trip(%M, %NC) requires affine_set<()[s0, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s2 - 64 >= 0)> {
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
      %r0 = arith.subi %T, %pc : index
      %r1 = arith.addi %r0, %NC : index
      %r2 = arith.subi %r1, %c1 : index
      %tiles = arith.divsi %r2, %NC : index
      amir.seq_for %pi = %c0 to %tiles {
        %p = arith.muli %pi, %NC : index
        %t = arith.addi %pc, %p : index
        %base = arith.muli %pi, %c2 : index
        amir.seq_for %k = %c0 to %c2 {
          %g = arith.addi %base, %k : index
          %g2 = arith.addi %g, %c2 : index
          amir.warps 0 to 1 {
            amir.await %empty[%g], cuda_in_order, 0
            amir.mutate %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
            amir.arrive cuda_in_order >> %full[%g]
          }
          amir.warps 1 to 2 {
            amir.await %full[%g], cuda_in_order, 0
            amir.read %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
            amir.arrive cuda_in_order >> %empty[%g2]
          }
        }
        %row = arith.muli %t, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, 0] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

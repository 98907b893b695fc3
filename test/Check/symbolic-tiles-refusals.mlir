// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="M=32 K=4 NC=2" -o /dev/null

// The forms of persistent tasks that the check of tile counts
// (docs/SymbolicChecking.md, "Tile counts") does not read: each program is
// the base program of symbolic-tiles.mlir (NC tasks sharing the T = M / 16
// tiles of G, task pc running tiles pc, pc + NC, ...) with one change. The
// second RUN line checks every program at one small size, where each
// passes: the refusals are limits of the symbolic check, not errors.

// Each task reads row pc of R before its tiles: an access that moves with
// the task outside the tile loop (a persistent task's instances are its
// tiles). The task symmetry refuses the tasks, and the tile counts are not
// covered.
// expected-warning @below {{the symbolic check does not cover every size of @task_row_before_tiles}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: its tasks are not alike (an access that moves with the task is outside the persistent task's tile loop)}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @task_row_before_tiles(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %R = amir.alloc "R" [%NC, 16] memory <gmem>
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
      amir.warps 1 to 2 {
        amir.read %R[%pc, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
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

// The kernel launches min(NC, T) tasks, never more than there are tiles:
// the task loop's bound is not a size, and the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @fewer_tasks_than_clusters}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: its task loop does not count from 0 to a size}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @fewer_tasks_than_clusters(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %G = amir.alloc "G" [%M, 16] memory <gmem>

  %T = arith.divsi %M, %c16h : index
  %NT = arith.minsi %NC, %T : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    amir.tasks_for %pc = %c0 to %NT {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      %r0 = arith.subi %T, %pc : index
      %r1 = arith.addi %r0, %NT : index
      %r2 = arith.subi %r1, %c1 : index
      %tiles = arith.divsi %r2, %NT : index
      amir.seq_for %pi = %c0 to %tiles {
        %p = arith.muli %pi, %NT : index
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

// The tile loop counts from 1 to tiles + 1 (tile pi - 1): the check reads
// a tile loop from 0, and the tile counts are not covered (nor is K, whose
// loop's iterations before are counted from the tile loop's iterator).
// expected-warning @below {{the symbolic check does not cover every size of @tiles_from_one}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: the tile loop 'pi' is not in the task body, counting from 0}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: loop 'k' runs once per iteration of loop 'pi', and the two do not both start at 0}}
amir.program @tiles_from_one(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
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
      %tiles1 = arith.addi %tiles, %c1 : index
      amir.seq_for %pi = %c1 to %tiles1 {
        %pm = arith.subi %pi, %c1 : index
        %p = arith.muli %pm, %NC : index
        %t = arith.addi %pc, %p : index
        %base = arith.muli %pm, %K : index
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

// Each tile also reads row T - pc - 1 of R, computed from T - pc, a step
// of the tile count's arithmetic: the task index then reaches more than
// the tile count and the tile index, and the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @count_arithmetic_reused}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: it uses the tile count's arithmetic}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @count_arithmetic_reused(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %R = amir.alloc "R" [%M, 16] memory <gmem>
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
        %last = arith.subi %r0, %c1 : index
        amir.warps 1 to 2 {
          amir.read %R[%last, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
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

// The producer and the consumer each compute the tile index pc + NC pi in
// their own warps (the producer reads A at the tile): the check reads one
// tile index, and the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @tile_index_twice}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: the tile loop 'pi' does not compute the tile index pc + NC * pi once}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @tile_index_twice(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %A = amir.alloc "A" [%M, 16] memory <gmem>
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
        %base = arith.muli %pi, %K : index
        amir.seq_for %k = %c0 to %K {
          %g = arith.addi %base, %k : index
          %g2 = arith.addi %g, %c2 : index
          amir.warps 0 to 1 {
            %ta = arith.addi %pc, %p : index
            %rowa = arith.muli %ta, %c16 : index
            amir.read %A[%rowa, 0] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
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
        amir.warps 1 to 2 {
          %t = arith.addi %pc, %p : index
          %row = arith.muli %t, %c16 : index
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

// Each tile also reads the row above it in R, clamped at row 0: a maximum
// computed from the tile index, not one of its digits (offsets must be the
// digits times constants), and the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @clamped_halo}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: a value computed from the task index is not a digit of the tile index}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @clamped_halo(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %R = amir.alloc "R" [%M, 16] memory <gmem>
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
        %above = arith.subi %row, %c1 : index
        %halo = arith.maxsi %above, %c0 : index
        amir.warps 1 to 2 {
          amir.read %R[%halo, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
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

// The base program with a two-column grid of tiles: T = (M / 16) * 2 tiles,
// tile t at row t / 2 and column t % 2 of G, a remainder and a quotient by
// the constant factor 2 of T. Every size is covered; the programs below
// change how the tile index is split.
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{M, NC: set the tile counts of persistent tasks (loop 'pi'), tasks of 0 to}}
// expected-note @below {{K: trip size of loop 'k' (in each tile), its state repeating every 1 iterations from iteration}}
amir.program @two_columns(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %c2h = arith.constant 2 : index
  %G = amir.alloc "G" [%M, 32] memory <gmem>

  %Tm = arith.divsi %M, %c16h : index
  %T = arith.muli %Tm, %c2h : index
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
        %ti = arith.divsi %t, %c2 : index
        %tj = arith.remsi %t, %c2 : index
        %row = arith.muli %ti, %c16 : index
        %col = arith.muli %tj, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, %col] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

// -----

// The column is computed as t - 2 (t / 2) rather than t % 2: the tile
// index has a quotient without its remainder, and the tile counts are not
// covered.
// expected-warning @below {{the symbolic check does not cover every size of @remainder_by_subtraction}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: the tile index is split other than into digits, the remainder and the quotient by one radix at a time}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @remainder_by_subtraction(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %c2h = arith.constant 2 : index
  %G = amir.alloc "G" [%M, 32] memory <gmem>

  %Tm = arith.divsi %M, %c16h : index
  %T = arith.muli %Tm, %c2h : index
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
        %ti = arith.divsi %t, %c2 : index
        %ti2 = arith.muli %ti, %c2 : index
        %tj = arith.subi %t, %ti2 : index
        %row = arith.muli %ti, %c16 : index
        %col = arith.muli %tj, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, %col] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

// -----

// The number of tiles is written M / 8, one radix whose constant factor is
// 1: the check reads factors of T as written, so the split by 2 does not
// divide it, and the tile counts are not covered.
// expected-warning @below {{the symbolic check does not cover every size of @count_as_m_over_8}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: it divides the tile index by 2, which does not divide the number of tiles' constant factor}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @count_as_m_over_8(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %c8h = arith.constant 8 : index
  %G = amir.alloc "G" [%M, 32] memory <gmem>

  %T = arith.divsi %M, %c8h : index
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
        %ti = arith.divsi %t, %c2 : index
        %tj = arith.remsi %t, %c2 : index
        %row = arith.muli %ti, %c16 : index
        %col = arith.muli %tj, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, %col] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

// -----

// Tiles in column-major order (row t % (M / 16), column t / (M / 16)),
// with M / 16 computed again on the device: equal to T's factor, but
// another value, which the check does not match with it.
// expected-warning @below {{the symbolic check does not cover every size of @radix_recomputed}}
// expected-note @below {{M: it sets the tile counts of persistent tasks, not covered: it divides the tile index by a value that is not a factor of the number of tiles}}
// expected-note @below {{NC: it sets the tile counts of persistent tasks, not covered}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @radix_recomputed(%M, %K, %NC) requires affine_set<()[s0, s1, s2] : (s0 mod 16 == 0, s0 - 16 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %c2h = arith.constant 2 : index
  %G = amir.alloc "G" [%M, 32] memory <gmem>

  %Tm = arith.divsi %M, %c16h : index
  %T = arith.muli %Tm, %c2h : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %Mt = arith.divsi %M, %c16 : index
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
        %ti = arith.remsi %t, %Mt : index
        %tj = arith.divsi %t, %Mt : index
        %row = arith.muli %ti, %c16 : index
        %col = arith.muli %tj, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%row, %col] sizes [16, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      // What the task wrote through the generic proxy is fenced toward the
      // async proxy before the next task of its cluster reuses the memory.
      amir.fence cuda_in_order, cuda_generic_and_async_proxy
    }
  }
}

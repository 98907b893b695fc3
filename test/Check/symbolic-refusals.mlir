// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="T=2 K=4 U=2 NC=2 P=2 allow-unused-sizes=true" -o /dev/null

// Sizes the symbolic check (docs/SymbolicChecking.md, "Roles") leaves
// uncovered, each with its reason: a grid size whose task loops or extents
// the check does not read, a trip size whose loop or what follows it is not
// covariant with the pump. The second RUN line checks every program at one
// small size, where each passes: the refusals are limits of the symbolic
// check, not errors.
//
// Most programs are the one of test/Check/symbolic.mlir, proved there: T
// tasks each stream K elements through a 2-slot ring (a producer warp and a
// consumer warp), then write their row of G; each adds one feature.

// Task 0 also reads R once: the task index reaches a condition, so the
// tasks are not translations of each other, and T, which sets their
// number, is not a grid size.
// expected-warning @below {{the symbolic check does not cover every size of @first_task}}
// expected-note @below {{T: it sets the number of tasks of a nest whose tasks are not translations of each other (the task index reaches 'amir.if', which the machine cannot translate)}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @first_task(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %R = amir.alloc "R" [16] memory <gmem>
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
      %first = arith.cmpi eq, %t, %c0 : index
      amir.if %first {
        amir.warps 1 to 2 {
          amir.read %R[0] sizes [16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Task t writes the 2 x 8 block (t / 2, t mod 2) of G: its coordinates are
// a division and a remainder of the task index, which the task symmetry
// reads as the tile coordinates of persistent tasks, whose number a grid
// size may not set.
// expected-warning @below {{the symbolic check does not cover every size of @block_coordinates}}
// expected-note @below {{T: it sets the number of tiles of persistent tasks}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @block_coordinates(%T, %K) requires affine_set<()[s0, s1] : (s0 mod 2 == 0, s0 - 2 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
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
      %q = arith.divsi %t, %c2 : index
      %row = arith.muli %q, %c2 : index
      %half = arith.remsi %t, %c2 : index
      %col = arith.muli %half, %c8 : index
      amir.warps 1 to 2 {
        amir.mutate %G[%row, %col] sizes [2, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Before the ring tasks, U other tasks each clear a row of H: the task
// symmetry reads the last task loop of the device only, and U, which sets
// the number of tasks of the first, is not a grid size.
// expected-warning @below {{the symbolic check does not cover every size of @two_task_loops}}
// expected-note @below {{U: it sets the number of tasks of a nest the task symmetry does not cover}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @two_task_loops(%T, %K, %U) requires affine_set<()[s0, s1, s2] : (s0 - 1 >= 0, s1 - 1 >= 0, s2 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %H = amir.alloc "H" [%U, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %u = %c0 to %U {
      amir.warps 0 to 1 {
        amir.mutate %H[%u, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
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

// -----

// G has T + 16 columns, of which each task writes the first 16 of its row:
// dimension 1 of G grows with T, but the tasks move along dimension 0
// only, so more tasks are not a translation of the accesses the check
// saw.
// expected-warning @below {{the symbolic check does not cover every size of @wide_rows}}
// expected-note @below {{T: dimension 1 of 'G' grows with it, but no task moves along that dimension}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @wide_rows(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %c16h = arith.constant 16 : index
  %W = arith.addi %T, %c16h : index
  %G = amir.alloc "G" [%T, %W] memory <gmem>
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

// -----

// The producer also reads the first k + 1 elements of A in iteration k: the
// size of that window changes with each pump of loop k, so the state of
// the loop cannot repeat.
// expected-warning @below {{the symbolic check does not cover every size of @growing_prefix}}
// expected-note @below {{K: its window size changes with the pump}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @growing_prefix(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %A = amir.alloc "A" [%K] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        %k1 = arith.addi %k, %c1 : index
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.read %A[0] sizes [%k1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
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

// -----

// Each of NC tasks runs P tiles of G, tile pc * P + pi (a product with a
// size: a tile coordinate, making pi the tile loop), after a loop q of as
// many iterations: P sets the trip counts of these sibling loops, and so the
// number of tiles each task runs. The reason is the tile-count analysis's,
// about the tile loop pi, even though q comes first.
// expected-warning @below {{the symbolic check does not cover every size of @contiguous_tiles}}
// expected-note @below {{NC: it reaches amir.alloc through arithmetic that is not affine on its lattice}}
// expected-note @below {{P: it sets the tile counts of persistent tasks, not covered: the trip count of the tile loop 'pi' is not ceil((T - pc) / NC)}}
// expected-remark @below {{not proved for every size}}
amir.program @contiguous_tiles(%NC, %P) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %NP = arith.muli %NC, %P : index
  %R = amir.alloc "R" [16] memory <gmem>
  %G = amir.alloc "G" [%NP, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %pc = %c0 to %NC {
      amir.seq_for %q = %c0 to %P {
        amir.warps 0 to 1 {
          amir.read %R[0] sizes [16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
      amir.seq_for %pi = %c0 to %P {
        %b = arith.muli %pc, %P : index
        %t = arith.addi %b, %pi : index
        amir.warps 0 to 1 {
          amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// The ring loop runs for each of 2 x 2 sub-tiles (loops f and e), the ring
// counting on across them: the check reads at most one loop around the
// pumped loop (an execution loop), and K is not covered.
// expected-warning @below {{the symbolic check does not cover every size of @two_loops_around}}
// expected-note @below {{K: loop 'k' runs more than once per task (it is inside amir.seq_for)}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @two_loops_around(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %f = %c0 to %c2 {
        amir.seq_for %e = %c0 to %c2 {
          %f2 = arith.muli %f, %c2 : index
          %fe = arith.addi %f2, %e : index
          %base = arith.muli %fe, %K : index
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
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// After its loop, each task reads R in the iterations u < 2 of another
// loop where K > u: K - u changes with each pump, is not a comparison of
// the pumped loop's iterator, and is not computed from K alone (which
// would settle from some K on), so the condition's outcome after the loop
// does not repeat with the loop's state.
// expected-warning @below {{the symbolic check does not cover every size of @size_guard_after}}
// expected-note @below {{K: its condition changes with the pump}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @size_guard_after(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %R = amir.alloc "R" [16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
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
      amir.seq_for %u = %c0 to %c2 {
        %long = arith.cmpi sgt, %K, %u : index
        amir.if %long {
          amir.warps 1 to 2 {
            amir.read %R[0] sizes [16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// After its loop, each task allocates K rows of registers: an extent that
// changes with each pump of loop k, in the statements that follow it.
// expected-warning @below {{the symbolic check does not cover every size of @extent_after}}
// expected-note @below {{K: its extent changes with the pump}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @extent_after(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
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
      %acc = amir.alloc "acc" [%K, 16] memory <regs>
      amir.warps 1 to 2 {
        amir.mutate %acc[0, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// The producer of task t reads row t + k of A in iteration k (a sliding
// window): dimension 0 of A moves with both the task and loop k, and a
// pump would move task t's window onto task t + 1's.
// expected-warning @below {{the symbolic check does not cover every size of @sliding_window}}
// expected-note @below {{K: dimension 0 of 'A' moves with both the task and the loop}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @sliding_window(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %TK = arith.addi %T, %K : index
  %A = amir.alloc "A" [%TK, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %k = %c0 to %K {
        %k2 = arith.addi %k, %c2 : index
        %a = arith.addi %t, %k : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.read %A[%a, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
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

// -----

// The host runs the kernel U times (a loop around the device): U sets the
// trip count of a loop outside every device, which the pump does not cover.
// expected-warning @below {{the symbolic check does not cover every size of @host_loop}}
// expected-note @below {{U: loop 'h' is not in a device}}
// expected-remark @below {{not proved for every size}}
amir.program @host_loop(%U) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [4, 16] memory <gmem>
  %c0h = arith.constant 0 : index
  amir.seq_for %h = %c0h to %U {
    amir.device clusterDim 1 blockDim 32 {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      amir.tasks_for %t = %c0 to %c4 {
        amir.warps 0 to 1 {
          amir.mutate %G[%t, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

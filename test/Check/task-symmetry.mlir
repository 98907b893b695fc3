// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=8 stats=true" -verify-diagnostics
// RUN: not exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=8 progress=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROGRESS
// PROGRESS: sync check: the other tasks are translations of the first two; none runs
// PROGRESS: sync check: the other tasks are translations of the first two; only edge tasks (and the task after each) run
// PROGRESS: sync check: tasks with the same number of tiles repeat each other, translated; the first two of each number run, and edge tasks (and the task after each)

// The task reduction of the abstract machine (docs/SyncChecker.md, "Task
// symmetry"): tasks that are translations of each other are checked by
// running two of them; otherwise every task runs, and the statistics say
// why. A hazard or an out-of-bounds access in a task the first two do not
// show is still found.

// Task t writes row t: the other tasks are the first two moved down.
// expected-remark @below {{checked: 11 statement instances, 16 element accesses, 2 tasks run and 6 covered as their translations}}
amir.program @rows(%N) {
  %g = amir.alloc "g" [%N, 8] memory <gmem>
  %x = amir.alloc "x" [8] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %x[0] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %g[%t, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// A nest of two tasks loops: tile (i, j) of a matrix of 4 x 2 tiles.
// expected-remark @below {{2 tasks run and 62 covered as their translations}}
amir.program @tiles(%N) {
  %h = amir.alloc "h" [32, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %i = %c0 to %N {
      %i4 = arith.muli %i, %c4 : index
      amir.tasks_for %j = %c0 to %N {
        %j2 = arith.muli %c2, %j : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %h[%i4, %j2] sizes [4, 2] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// Atomic reductions of one element by every task (an atomic read and an
// atomic mutation each) commute.
// expected-remark @below {{2 tasks run and 6 covered as their translations}}
amir.program @atomics(%N) {
  %g = amir.alloc "g" [1] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] atomic
        amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] atomic
      }
    }
  }
}

// -----

// Only the last task writes past the end: the first two cannot be moved
// onto every task, so every task runs, and the last one is reported.
amir.program @last_out_of_bounds(%N) {
  %g = amir.alloc "g" [%N] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %N {
      %t1 = arith.addi %t, %c1 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{out of bounds: [8, 9) of dimension 0 of 'g' (extent 8) at t = 7, l = 0}}
        amir.mutate %g[%t1] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// The same for a read of an input.
amir.program @last_read_out_of_bounds(%N) {
  %g = amir.alloc "g" [%N] memory <gmem>
  %h = amir.alloc "h" [%N] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %N {
      %t1 = arith.addi %t, %c1 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{out of bounds: [8, 9) of dimension 0 of 'g' (extent 8) at t = 7, l = 0}}
        amir.read %g[%t1] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %h[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// A clipped window (a TMA box) may reach past the end: the last task's does.
// An edge task behaves otherwise (its box is cut), so it runs: tasks 0 and 1
// and the edge task 7 run, the five interior ones are covered.
// expected-remark @below {{checked: 14 statement instances, 10 element accesses, 3 tasks run and 5 covered as their translations}}
amir.program @clipped(%N) {
  %g = amir.alloc "g" [30] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %t4 = arith.muli %t, %c4 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%t4] sizes [4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}

// -----

// Edge tasks in the middle of the order: the boxes of column j = 7 reach
// past the end. Each edge task runs, and so does the task after it (it
// inherits what the edge task leaves): tasks (0, 0) and (0, 1), the eight
// tasks (i, 7) and the seven tasks (i + 1, 0) run.
// expected-remark @below {{17 tasks run and 47 covered as their translations}}
amir.program @edge_column(%N) {
  %g = amir.alloc "g" [64, 30] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %i = %c0 to %N {
      amir.tasks_for %j = %c0 to %N {
        %j4 = arith.muli %j, %c4 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[%i, %j4] sizes [1, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
        }
      }
    }
  }
}

// -----

// A box clipped in a dimension that does not move is clipped alike in every
// task: the tasks stay translations of each other.
// expected-remark @below {{2 tasks run and 6 covered as their translations}}
amir.program @clipped_alike(%N) {
  %g = amir.alloc "g" [64, 6] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%t, 4] sizes [1, 4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}

// -----

// When the first tasks are themselves at the edge, nothing stands for the
// interior: every task runs.
// expected-remark @below {{every task run: a window of the first tasks reaches past the bounds of its variable}}
amir.program @edge_first(%N) {
  %g = amir.alloc "g" [6] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %t4 = arith.muli %t, %c4 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%t4] sizes [4] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}

// -----

// Tasks (i, j) write element i + j: tasks (0, 1) and (1, 0) race, which the
// first two tasks, (0, 0) and (0, 1), do not show. No dimension moves with
// i alone, so every task runs.
amir.program @diagonal_race(%N) {
  %g = amir.alloc "g" [32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %i = %c0 to %N {
      amir.tasks_for %j = %c0 to %N {
        %d = arith.addi %i, %j : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          // expected-note @+3 {{the conflicting mutation (at i = 0, j = 1, l = 0)}}
          // expected-note @+2 {{no synchronization ordered it for these threads}}
          // expected-error @+1 {{WAW hazard on 'g'[1]: mutation by task 8 thread 0 at i = 1, j = 0, l = 0 is not ordered after the mutation by task 1 thread 0}}
          amir.mutate %g[%d] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// Tasks (t, j) write element 3 t + 8 j: no two the same (3 (t - t') =
// 8 (j' - j) needs t - t' a multiple of 8), but the steps are not a
// mixed-radix number (t's reach 1 + 3 * 7 = 22, past j's step 8), which
// is what the proof needs.
// expected-remark @below {{every task run: tasks that differ in 't' may touch the same element of 'g'}}
amir.program @disjoint_but_unproved(%N) {
  %g = amir.alloc "g" [96] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    amir.tasks_for %t = %c0 to %N {
      amir.tasks_for %j = %c0 to %N {
        %j8 = arith.muli %j, %c8 : index
        %t3 = arith.muli %t, %c3 : index
        %d = arith.addi %t3, %j8 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[%d] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// A statement only some tasks run.
// expected-remark @below {{every task run: the task index reaches 'amir.if', which the machine cannot translate}}
amir.program @guard(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %first = arith.cmpi eq, %t, %c0 : index
      amir.if %first {
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// Task t runs t iterations, each reading g[i]: no two tasks have the same
// trip count, and the first two run the fewest, so they did not read the
// elements the others read in their later iterations.
// expected-remark @below {{every task run: the first two tasks do not run every tile iteration of the others}}
amir.program @trip_count(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      amir.seq_for %i = %c0 to %t {
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.read %g[%i] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
    }
  }
}

// -----

// The same trip counts without an access in the loop: nothing needs the
// first two tasks' windows, and tasks with the same trip count are alike;
// no two have the same, so each runs.
// expected-remark @below {{checked: 11 statement instances, 0 element accesses, 8 tasks}}
amir.program @trip_count_no_access(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.seq_for %i = %c0 to %t {
      }
    }
  }
}

// -----

// A division of the task index is an atom (a tile coordinate the machine
// computes for every task); g is only read.
// expected-remark @below {{2 tasks run and 6 covered as their translations}}
amir.program @divided(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %h = arith.divui %t, %c2 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %g[%h] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the task index selects an element of a variable each task allocates}}
amir.program @per_task_variable(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [64] memory <smem>
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %s[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: two accesses of a variable the tasks share move with the task index differently}}
amir.program @moves_differently(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %t2 = arith.muli %t, %c2 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %g[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.read %g[%t2] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the size of an access depends on the task index}}
amir.program @sized(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %t1 = arith.addi %t, %c1 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %g[0] sizes [%t1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// A product with a size is an atom too (computed for every task).
// expected-remark @below {{2 tasks run and 6 covered as their translations}}
amir.program @scaled_by_size(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %tn = arith.muli %t, %N : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %g[%tn] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

// A barrier outside the tasks couples them.
// expected-remark @below {{every task run: 'amir.arrive' uses a variable allocated outside the task}}
amir.program @shared_barrier(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %b = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]>
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.arrive cuda_in_order >> %b[0]
        amir.await %b[0], cuda_in_order, 0
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the task index selects elements of 's', which is not in global memory}}
amir.program @shared_smem(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %s = amir.alloc "s" [64] memory <smem>
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %s[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: a statement runs between the tasks loops}}
amir.program @between(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [64] memory <smem>
      amir.tasks_for %j = %c0 to %N {
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the tasks loops do not form one nest}}
amir.program @side_by_side(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      amir.tasks_for %j = %c0 to %N {
      }
      amir.tasks_for %k = %c0 to %N {
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the bounds of a tasks loop depend on an outer task index}}
amir.program @triangle(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      amir.tasks_for %j = %c0 to %t {
      }
    }
  }
}

// -----

// expected-remark @below {{every task run: the kernel goes on after its tasks}}
amir.program @after(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
    }
    amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
      amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
    }
  }
}

// -----

// Persistent tasks: task pc of N = 8 runs tiles pc, pc + 8, ... of 12, tile
// t at row t / 4, column 8 (t mod 4) of g. Tasks 0-3 run two tiles, 4-7
// one: the first two of each count run, the other four are covered.
// expected-remark @below {{4 tasks run and 4 covered as their translations}}
amir.program @persistent(%N) {
  %g = amir.alloc "g" [3, 32] memory <gmem>
  %x = amir.alloc "x" [8] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    amir.tasks_for %pc = %c0 to %N {
      %a = arith.subi %c12, %pc : index
      %b = arith.addi %a, %N : index
      %c = arith.subi %b, %c1 : index
      %trips = arith.divsi %c, %N : index
      amir.seq_for %pi = %c0 to %trips {
        %s = arith.muli %pi, %N : index
        %t = arith.addi %pc, %s : index
        %row = arith.divsi %t, %c4 : index
        %r = arith.remsi %t, %c4 : index
        %col = arith.muli %r, %c8 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.read %x[0] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.mutate %g[%row, %col] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// Persistent tasks of four kinds, two tasks each: task pc of N = 8 runs
// (7 - pc) / 2 tiles (3, 3, 2, 2, 1, 1, 0, 0), tile t = pc + 8 pi at row
// t / 4, column 8 (t mod 4) of g. Every task is one of the first two of its
// kind, so every task runs, and the statistics say why.
// expected-remark @below {{8 tasks (every task run: each task is one of the first two of its kind (the same tiles and tile guards) or has a tile past the bounds, or follows one)}}
amir.program @persistent_all_kinds(%N) {
  %g = amir.alloc "g" [6, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    amir.tasks_for %pc = %c0 to %N {
      %a = arith.subi %c7, %pc : index
      %trips = arith.divsi %a, %c2 : index
      amir.seq_for %pi = %c0 to %trips {
        %s = arith.muli %pi, %N : index
        %t = arith.addi %pc, %s : index
        %row = arith.divsi %t, %c4 : index
        %r = arith.remsi %t, %c4 : index
        %col = arith.muli %r, %c8 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[%row, %col] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// Tile coordinates that collide: tile t writes g[t mod 3], so tiles 0 and 3
// write one element. The first two tasks do not show it; the proof that no
// two tiles touch one element fails, every task runs, and the race is found.
amir.program @persistent_collide(%N) {
  %g = amir.alloc "g" [3] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    amir.tasks_for %pc = %c0 to %N {
      amir.seq_for %pi = %c0 to %c1 {
        %s = arith.muli %pi, %N : index
        %t = arith.addi %pc, %s : index
        %r = arith.remsi %t, %c3 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          // expected-note @+3 {{the conflicting mutation (at pc = 0, pi = 0, l = 0)}}
          // expected-note @+2 {{no synchronization ordered it for these threads}}
          // expected-error @+1 {{WAW hazard on 'g'[0]: mutation by task 3 thread 0 at pc = 3, pi = 0, l = 0 is not ordered after the mutation by task 0 thread 0}}
          amir.mutate %g[%r] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// A tile past the end of g in the last task only: that task runs (its
// tile is not interior) and the access is reported.
amir.program @persistent_oob(%N) {
  %g = amir.alloc "g" [7, 8] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %pc = %c0 to %N {
      amir.seq_for %pi = %c0 to %c1 {
        %s = arith.muli %pi, %N : index
        %t = arith.addi %pc, %s : index
        %row = arith.remsi %t, %N : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          // expected-error @+1 {{out of bounds: [7, 8) of dimension 0 of 'g' (extent 7) at pc = 7, pi = 0, l = 0}}
          amir.mutate %g[%row, 0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// A bug only in the tasks that run no tile (2 tiles, N = 8 tasks): the
// await after the tile loop waits for the arrive of a tile. The first two
// tasks run a tile each; task 2 is the first of the tasks with none, so it
// runs, and deadlocks.
amir.program @persistent_empty_task(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %pc = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %a = arith.subi %c2, %pc : index
      %bb = arith.addi %a, %N : index
      %c = arith.subi %bb, %c1 : index
      %trips = arith.divsi %c, %N : index
      amir.seq_for %pi = %c0 to %trips {
        amir.arrive cuda_in_order >> %b[%pi]
      }
      // expected-error @+1 {{no forward progress: the await on 'b'[0] at pc = 2 waits for an arrive that has not happened}}
      amir.await %b[%c0], cuda_in_order, 0
    }
  }
}

// -----

// Tasks with as many tiles but different ones: task pc runs iterations
// pc / 3 and pc / 3 + 1, each awaiting the arrive of the one before (the
// first element is pre-arrived), so the tasks that start at 1 deadlock.
// The first two tasks start at 0: they do not run the iterations of the
// others, every task runs, and task 3's deadlock is found.
amir.program @persistent_shifted_tiles(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    amir.tasks_for %pc = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier(prearrive 1), [? ring 2]>
      %s = arith.divsi %pc, %c3 : index
      %e = arith.addi %s, %c2 : index
      amir.seq_for %pi = %s to %e {
        // expected-error @+1 {{no forward progress: the await on 'b'[1] at pc = 3, pi = 1 waits for an arrive that has not happened}}
        amir.await %b[%pi], cuda_in_order, 0
        %n = arith.addi %pi, %c1 : index
        amir.arrive cuda_in_order >> %b[%n]
      }
    }
  }
}

// -----

// Persistent tasks in pairs of tiles (ping-pong): task pc of N = 8 runs
// tiles pc, pc + 8, ... of 12 two at a time, the second of a pair under a
// tile guard (its index below the task's tile count). Tasks 0-3 run two
// tiles, the second under the guard; tasks 4-7 one, the guard not taken:
// the first two of each run, the other four are covered.
// expected-remark @below {{4 tasks run and 4 covered as their translations}}
amir.program @persistent_pairs(%N) {
  %g = amir.alloc "g" [3, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    amir.tasks_for %pc = %c0 to %N {
      %a = arith.subi %c12, %pc : index
      %b = arith.addi %a, %N : index
      %c = arith.subi %b, %c1 : index
      %trips = arith.divsi %c, %N : index
      %trips1 = arith.addi %trips, %c1 : index
      %pairs = arith.divsi %trips1, %c2 : index
      amir.seq_for %pp = %c0 to %pairs {
        %pi0 = arith.muli %pp, %c2 : index
        %pi1 = arith.addi %pi0, %c1 : index
        %has1 = arith.cmpi slt, %pi1, %trips : index
        %s0 = arith.muli %pi0, %N : index
        %t0 = arith.addi %pc, %s0 : index
        %row0 = arith.divsi %t0, %c4 : index
        %r0 = arith.remsi %t0, %c4 : index
        %col0 = arith.muli %r0, %c8 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[%row0, %col0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
        amir.if %has1 {
          %s1 = arith.muli %pi1, %N : index
          %t1 = arith.addi %pc, %s1 : index
          %row1 = arith.divsi %t1, %c4 : index
          %r1 = arith.remsi %t1, %c4 : index
          %col1 = arith.muli %r1, %c8 : index
          amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
            amir.mutate %g[%row1, %col1] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          }
        }
      }
    }
  }
}

// -----

// The second tile of a pair at the wrong index (pc + 4): task 0's second
// tile is task 4's first. The first two tasks do not show it; the proof
// that no two tiles touch one element fails, every task runs, and the race
// is found.
amir.program @persistent_pairs_collide(%N) {
  %g = amir.alloc "g" [3, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    amir.tasks_for %pc = %c0 to %N {
      %a = arith.subi %c12, %pc : index
      %b = arith.addi %a, %N : index
      %c = arith.subi %b, %c1 : index
      %trips = arith.divsi %c, %N : index
      %trips1 = arith.addi %trips, %c1 : index
      %pairs = arith.divsi %trips1, %c2 : index
      amir.seq_for %pp = %c0 to %pairs {
        %pi0 = arith.muli %pp, %c2 : index
        %pi1 = arith.addi %pi0, %c1 : index
        %has1 = arith.cmpi slt, %pi1, %trips : index
        %s0 = arith.muli %pi0, %N : index
        %t0 = arith.addi %pc, %s0 : index
        %row0 = arith.divsi %t0, %c4 : index
        %r0 = arith.remsi %t0, %c4 : index
        %col0 = arith.muli %r0, %c8 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          // expected-error @+1 {{WAW hazard on 'g'[1, 0]: mutation by task 4 thread 0 at pc = 4, pp = 0, l = 0 is not ordered after the mutation by task 0 thread 0}}
          amir.mutate %g[%row0, %col0] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
        amir.if %has1 {
          %t1 = arith.addi %pc, %c4 : index
          %row1 = arith.divsi %t1, %c4 : index
          %r1 = arith.remsi %t1, %c4 : index
          %col1 = arith.muli %r1, %c8 : index
          amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
            // expected-note @+2 {{the conflicting mutation (at pc = 0, pp = 0, l = 0)}}
            // expected-note @+1 {{no synchronization ordered it for these threads}}
            amir.mutate %g[%row1, %col1] sizes [1, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          }
        }
      }
    }
  }
}

// -----

// A bug only in the tasks whose last pair has one tile: the await after
// the tile loop waits for the arrive of a second tile. The first two
// tasks run two tiles; tasks 4-7 take the guard in no iteration, so they
// are not alike the first two: task 4 runs, and deadlocks.
amir.program @persistent_pairs_odd_bug(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c12 = arith.constant 12 : index
    amir.tasks_for %pc = %c0 to %N {
      %bar = amir.alloc "bar" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %a = arith.subi %c12, %pc : index
      %b = arith.addi %a, %N : index
      %c = arith.subi %b, %c1 : index
      %trips = arith.divsi %c, %N : index
      %trips1 = arith.addi %trips, %c1 : index
      %pairs = arith.divsi %trips1, %c2 : index
      amir.seq_for %pp = %c0 to %pairs {
        %pi0 = arith.muli %pp, %c2 : index
        %pi1 = arith.addi %pi0, %c1 : index
        %has1 = arith.cmpi slt, %pi1, %trips : index
        amir.if %has1 {
          amir.arrive cuda_in_order >> %bar[%pp]
        }
      }
      // expected-error @+1 {{no forward progress: the await on 'bar'[0] at pc = 4 waits for an arrive that has not happened}}
      amir.await %bar[%c0], cuda_in_order, 0
    }
  }
}

// -----

// A tile guard only tasks 2-7 take (pc >= 2), around a read of x at the
// tile's index: the first two tasks never ran it, so their windows do not
// stand for those of the others.
// expected-remark @below {{every task run: the first two tasks do not run every tile iteration of the others}}
amir.program @persistent_guard_late(%N) {
  %x = amir.alloc "x" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %pc = %c0 to %N {
      %tiles = arith.divsi %pc, %c2 : index
      %trips = arith.addi %tiles, %c1 : index
      amir.seq_for %pi = %c0 to %c1 {
        %late = arith.cmpi sge, %pc, %c2 : index
        %t = arith.addi %pc, %pi : index
        amir.if %late {
          amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
            amir.read %x[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
        }
      }
    }
  }
}

// -----

// A guard on the task deeper than the tile loop's body (inside a threads
// loop) is not a tile guard: the machine cannot translate it.
// expected-remark @below {{every task run: the task index reaches 'amir.if', which the machine cannot translate}}
amir.program @persistent_guard_deep(%N) {
  %g = amir.alloc "g" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %pc = %c0 to %N {
      %q = arith.divsi %pc, %c2 : index
      amir.seq_for %pi = %c0 to %q {
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          %odd = arith.cmpi sge, %q, %c2 : index
          amir.if %odd {
            amir.mutate %g[%pc] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          }
        }
      }
    }
  }
}

// -----

// A guard on the task with an else region is not a tile guard (its two
// regions would need two outcomes): every task runs.
// expected-remark @below {{every task run: the task index reaches 'amir.if', which the machine cannot translate}}
amir.program @persistent_guard_else(%N) {
  %x = amir.alloc "x" [64] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %pc = %c0 to %N {
      %q = arith.divsi %pc, %c2 : index
      amir.seq_for %pi = %c0 to %q {
        %late = arith.cmpi sge, %pc, %c2 : index
        amir.if %late {
          amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
            amir.read %x[%pc] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
        } else {
          amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
            amir.read %x[%pi] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
        }
      }
    }
  }
}

// -----

// A raster order: two task indices move one dimension of g, a by 64 and b
// by 8 (b < 8), each task writing 8 elements: b's steps reach 8 + 8 * 7 =
// 64, a's step: the offsets are a mixed-radix number and no two tasks
// touch one element.
// expected-remark @below {{2 tasks run and 62 covered as their translations}}
amir.program @raster(%N) {
  %g = amir.alloc "g" [512] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    amir.tasks_for %a = %c0 to %N {
      amir.tasks_for %b = %c0 to %c8 {
        %x = arith.muli %a, %c64 : index
        %y = arith.muli %b, %c8 : index
        %o = arith.addi %x, %y : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %g[%o] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// -----

// The same with a's step 48: b's steps reach 64, past it, so task (1, 0)
// writes the elements of task (0, 6). The proof fails, every task runs,
// and the race is found.
amir.program @raster_overlap(%N) {
  %g = amir.alloc "g" [512] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c48 = arith.constant 48 : index
    amir.tasks_for %a = %c0 to %N {
      amir.tasks_for %b = %c0 to %c8 {
        %x = arith.muli %a, %c48 : index
        %y = arith.muli %b, %c8 : index
        %o = arith.addi %x, %y : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          // expected-note @+3 {{the conflicting mutation (at a = 0, b = 6, l = 0)}}
          // expected-note @+2 {{no synchronization ordered it for these threads}}
          // expected-error @+1 {{WAW hazard on 'g'[48]: mutation by task 8 thread 0 at a = 1, b = 0, l = 0 is not ordered after the mutation by task 6 thread 0}}
          amir.mutate %g[%o] sizes [8] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

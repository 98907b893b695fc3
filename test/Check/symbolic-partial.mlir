// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true" -verify-diagnostics -o /dev/null
// RUN: not exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true bounds=T<=10" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: sed "/expected-/d" %s | not exo-gpu-opt - -split-input-file -amir-interpret="T=6 K=13 U=4 allow-unused-sizes=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONCRETE --implicit-check-not=error:

// Partial tiles in the symbolic check (docs/SymbolicChecking.md, "Partial
// tiles: rounding up"): a size whose every use is a ceiling division or
// the extent of a variable that every access clips has, at each value, the
// verdict of the multiple of its unit at or above it. The last RUN line
// checks every program (less the expectations of the first) at T = 6,
// K = 13 (U = 4), partial tiles along both: the three with a bug fail there too
// (CONCRETE), the others pass.

// T sets the number of tasks, ceil(T / 4), and the rows of G and X; K the
// trip count of loop k, ceil(K / 8), and the columns of X. Every access of
// G and X clips, so each size has the verdict of the multiple of its unit
// at or above it (T = 6 that of T = 8: the same two tasks, the second one's
// rows 6 and 7 added), and the roles are read on those multiples.
// With T <= 10 (the third RUN line), the multiples 4, 8 and 12 are few
// enough to check each.
// BOUNDS: remark: proved for every size
// BOUNDS: note: T: partial tiles, each size checked as the multiple of 4 at or above it
// BOUNDS: note: T: each of its 3 values checked
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: partial tiles, each size checked as the multiple of 4 at or above it}}
// expected-note @below {{K: partial tiles, each size checked as the multiple of 8 at or above it}}
// expected-note @below {{T: grid size, checked up to T = 12}}
// expected-note @below {{every task starts from the state the first one starts from: the runs of K at T=4 stand for every grid point}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @partial_proved(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 128>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// Each task writes 8 rows of G from row 4 t: neighbours overlap. At T = 6
// (the CONCRETE run) the second task's clipped rows still meet the
// first's; the check finds it at the multiple of 4 with two tasks.
// CONCRETE: error: WAW hazard on 'G'[4, 0]: mutation by task 1
// expected-error @below {{the symbolic check found the error above at T=8 K=8}}
amir.program @partial_overlap(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 128>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        // expected-error @below {{WAW hazard on 'G'[4, 0]}}
        // expected-note @below {{the conflicting mutation}}
        // expected-note @below {{no synchronization ordered it}}
        amir.mutate %G[%r, 0] sizes [8, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// The store of G does not clip: past the last multiple of 4 it writes out
// of bounds, which the multiple itself would not show. T does not round
// up, and its first values find the error.
// CONCRETE: error: out of bounds: [4, 8) of dimension 0 of 'G' (extent 6)
// expected-error @below {{the symbolic check found the error above at T=1 K=200}}
amir.program @unclipped(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 128>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        // expected-error @below {{out of bounds: [0, 4) of dimension 0 of 'G' (extent 1)}}
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}


// -----

// An instruction completing on an mbarrier writes clipped windows of Y:
// past the multiples, fewer bytes arrive than the phase expects. T and K
// do not round up, and their first values find the hang.
// CONCRETE: error: transaction bytes hazard on 'full'[1] {{.*}} deliver only 208
// expected-error @below {{the symbolic check found the error above at T=1 K=1}}
amir.program @async_host_write(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %Y = amir.alloc "Y" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          // expected-note @below {{an instruction that completes on it}}
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.mutate %Y[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only clip
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          // expected-note @below {{the arrive that sets the expected bytes}}
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 256>}
        }
        amir.warps 1 to 2 {
          // expected-error @below {{its phase expects 256 transaction bytes, but the instructions completing on it deliver only 132}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// The same rule where no window clips (task t writes row t of Y, and
// ceil(T / 4) <= T): T does not round up, and says why.
// expected-warning @below {{the symbolic check does not cover every size of @trailing_barrier}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: an instruction with a trailing barrier writes 'Y', whose extent it sets)}}
// expected-remark @below {{not proved for every size}}
amir.program @trailing_barrier(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %Y = amir.alloc "Y" [%T, 8] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %bar = amir.alloc "bar" [] barrier !exo.barrier<mbarrier>
      amir.warps 0 to 1 {
        amir.instr "tma.load" >> %bar[] {
          amir.mutate %Y[%t, 0] sizes [1, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only clip
        }
        amir.arrive cuda_temporal >> %bar[] {expect_tx = array<i64: 32>}
        amir.await %bar[], cuda_generic_and_async_proxy, 0
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// floor((T + 1) / 4) is not ceil(T / 4) (T = 3 runs no task, T = 4 one).
// expected-warning @below {{the symbolic check does not cover every size of @floor_division}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it is divided by 4 other than as a ceiling division)}}
// expected-remark @below {{not proved for every size}}
amir.program @floor_division(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// (T - 5) / 4 truncates a negative dividend toward 0.
// expected-warning @below {{the symbolic check does not cover every size of @negative_dividend}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it is divided while it can be negative)}}
// expected-remark @below {{not proved for every size}}
amir.program @negative_dividend(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant -5 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// The tiles are U rows each: ceil(T / U) is not a ceiling division by a
// constant.
// expected-warning @below {{the symbolic check does not cover every size of @division_by_size}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it is divided by something other than a constant greater than 1)}}
// expected-note @below {{U: it reaches amir.mutate through arithmetic that is not affine on its lattice}}
// expected-remark @below {{not proved for every size}}
amir.program @division_by_size(%T, %U) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %n = arith.ceildivsi %T, %U : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %U : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [%U, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// The tasks cover T + U rows: T + U is not T plus a constant.
// expected-warning @below {{the symbolic check does not cover every size of @added_sizes}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it is added to a value other than a constant)}}
// expected-note @below {{U: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it is added to a value other than a constant)}}
// expected-remark @below {{not proved for every size}}
amir.program @added_sizes(%T, %U) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %tu = arith.addi %T, %U : index
  %s = arith.addi %tu, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// Task t reads element t of H without clipping: in bounds at every size
// (ceil(T / 4) <= T), but the rule does not look: T does not round up.
// expected-warning @below {{the symbolic check does not cover every size of @unclipped_in_bounds}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it sets an extent of 'H', which an access does not clip)}}
// expected-remark @below {{not proved for every size}}
amir.program @unclipped_in_bounds(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %H = amir.alloc "H" [%T] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.read %H[%t] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// T goes through 32 bits before its division: at the multiple above T,
// which may pass 2^31 - 1, the cast would wrap. T does not round up.
// expected-warning @below {{the symbolic check does not cover every size of @cast_size}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: it reaches arith.index_cast)}}
// expected-remark @below {{not proved for every size}}
amir.program @cast_size(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %t32 = arith.index_cast %T : index to i32
  %tb = arith.index_cast %t32 : i32 to index
  %s = arith.addi %tb, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// ceil(T / 4) and ceil(T / 3): no multiple keeps both.
// expected-warning @below {{the symbolic check does not cover every size of @no_common_unit}}
// expected-note @below {{T: the trip count of loop 'i' is not an increasing affine function of it (it does not round up: its ceiling divisions have no common divisor)}}
// expected-remark @below {{not proved for every size}}
amir.program @no_common_unit(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %c2 = arith.constant 2 : index
  %c3b = arith.constant 3 : index
  %t2 = arith.addi %T, %c2 : index
  %n3 = arith.divsi %t2, %c3b : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.seq_for %i = %c0 to %n3 {
      }
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// T is a multiple of 3: the multiples of 4 above it are not legal sizes.
// expected-warning @below {{the symbolic check does not cover every size of @step_three}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: its step 3 does not divide 4, its ceiling divisions' unit)}}
// expected-remark @below {{not proved for every size}}
amir.program @step_three(%T) requires affine_set<()[s0] : (s0 mod 3 == 0, s0 - 3 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// T <= 1001: 1004, the multiple of 4 above 1001, is not a legal size.
// expected-warning @below {{the symbolic check does not cover every size of @capped}}
// expected-note @below {{T: it reaches amir.tasks_for through arithmetic that is not affine on its lattice (it does not round up: requires bounds it by 1001, not a multiple of 4, its ceiling divisions' unit)}}
// expected-remark @below {{not proved for every size}}
amir.program @capped(%T) requires affine_set<()[s0] : (s0 - 1 >= 0, -s0 + 1001 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}


// -----

// A guard compares a tile's last row, 4 t + 3, with T itself.
// expected-warning @below {{the symbolic check does not cover every size of @bounds_guard}}
// expected-note @below {{T: it reaches amir.if (it does not round up: it reaches arith.cmpi)}}
// expected-remark @below {{not proved for every size}}
amir.program @bounds_guard(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %r3 = arith.addi %r, %c3 : index
      %in = arith.cmpi ult, %r3, %T : index
      amir.if %in {
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
      }
    }
  }
}

// A guard compares a tile's first row, 4 t, with T (unsigned): a multiple
// of the unit, so 4 t < T exactly when 4 t < 4 ceil(T / 4), and T rounds
// up; it then reaches the guard, which its grid role does not allow.
// expected-warning @below {{the symbolic check does not cover every size of @first_row_guard}}
// expected-note @below {{T: it reaches amir.if}}
// expected-note @below {{T: partial tiles, each size checked as the multiple of 4 at or above it}}
// expected-remark @below {{not proved for every size}}
amir.program @first_row_guard(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %in = arith.cmpi ult, %r, %T : index
      amir.if %in {
      amir.warps 0 to 1 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
      }
    }
  }
}

// -----

// The consumer reads its slot once more at a tile's last K step, found by
// comparing K with 8 k + 8, a multiple of the unit 8 for every k: 8 k + 8
// >= K exactly when 8 k + 8 >= 8 ceil(K / 8), so K still rounds up.
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: partial tiles, each size checked as the multiple of 4 at or above it}}
// expected-note @below {{K: partial tiles, each size checked as the multiple of 8 at or above it}}
// expected-note @below {{T: grid size, checked up to T = 12}}
// expected-note @below {{every task starts from the state the first one starts from}}
// expected-note @below {{K: trip size of loop 'k'}}
amir.program @last_step(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        %kn = arith.addi %kc, %c8 : index
        %last = arith.cmpi sge, %kn, %K : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 128>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.if %last {
            amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}



// -----

// The same with 8 k + 3 >= K, which is not a multiple of a unit: at K = 10
// it holds at k = 1, at the multiple 16 at no k, so K does not round up
// (and is checked at its first values).
// expected-warning @below {{the symbolic check does not cover every size of @last_step_off}}
// expected-note @below {{K: the trip count of loop 'k' is not an increasing affine function of it (it does not round up: it reaches arith.cmpi)}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: partial tiles, each size checked as the multiple of 4 at or above it}}
// expected-note @below {{T: grid size, checked up to T = 12}}
amir.program @last_step_off(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  %X = amir.alloc "X" [%T, %K] memory <gmem> {element_bytes = 4 : i64}
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %s = arith.addi %T, %c3 : index
  %n = arith.divsi %s, %c4 : index
  %ks = arith.addi %K, %c7 : index
  %nk = arith.divsi %ks, %c8 : index
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %n {
      %r = arith.muli %t, %c4 : index
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 4, 8] memory <smem> guarded_by %empty ring 0 depth 2 {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %nk {
        %k2 = arith.addi %k, %c2 : index
        %kc = arith.muli %k, %c8 : index
        %c3k = arith.constant 3 : index
        %kn = arith.addi %kc, %c3k : index
        %last = arith.cmpi sge, %kn, %K : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.instr "tma.load" >> %full[%k] {
            amir.mutate %buf[%k, 0, 0] sizes [1, 4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %X[%r, %kc] sizes [4, 8] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order clip
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 128>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.if %last {
            amir.read %buf[%k, 0, 0] sizes [1, 4, 8] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
          amir.arrive cuda_in_order >> %empty[%k2]
        }
      }
      amir.warps 1 to 2 {
        amir.mutate %G[%r, 0] sizes [4, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only clip
      }
    }
  }
}



// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="symbolic=true stats=true" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="T=2 K=16 A=0 B=0 C=0 D=0 E=0 F=0 G=0 H=0 allow-unused-sizes=true" -o /dev/null

// The symbolic check (docs/SymbolicChecking.md) on small programs. The
// second RUN line checks every program at one small size, where each
// passes: what the symbolic check finds below lies beyond it.
//
// Each program streams K elements through a 2-slot ring in each of T tasks
// (a producer warp and a consumer warp), then writes its row of G.

// T sets the number of tasks; K the trip count of loop k, whose state
// repeats every two iterations (the ring's depth).
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: grid size, checked up to T = 3}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @ring_proved(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
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

// The consumer skips its release when k == 70, past the 65 iterations of
// the run that looks for the repetition. k - 70 has not reached the sign it
// keeps there, so the repetition cannot start before it: K is not covered,
// and said so.
// expected-warning @below {{the symbolic check does not cover every size of @head_late}}
// expected-note @below {{K: the state of loop 'k' did not repeat within 65 iterations (period 1, from iteration 65) at T=1 K=65}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
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

// -----

// The same bug at k == 37, inside the long run: found there.
// expected-error @below {{the symbolic check found the error above at T=1 K=65}}
amir.program @head_bug(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
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
        %c37 = arith.constant 37 : index
        %late = arith.cmpi eq, %k, %c37 : index
        %ok = arith.xori %late, %true : i1
        amir.warps 0 to 1 {
          // expected-error @+1 {{no forward progress: the await on 'empty'[39]}}
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

// -----

// The consumer skips its release when k + 50 == K and k < 5: only when K is
// in [50, 55). The long run (K = 65) and the runs up to where the state
// repeats (K < 8) miss it; K + 50 == K is settled only 50 iterations from
// the end, so the check runs every K up to 58 and finds it at K = 50.
// expected-error @below {{the symbolic check found the error above at T=1 K=50}}
amir.program @tail_bug(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
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
        %c5 = arith.constant 5 : index
        %c50 = arith.constant 50 : index
        %k50 = arith.addi %k, %c50 : index
        %end = arith.cmpi eq, %k50, %K : index
        %early = arith.cmpi ult, %k, %c5 : index
        %skip = arith.andi %end, %early : i1
        %ok = arith.xori %skip, %true : i1
        amir.warps 0 to 1 {
          // expected-error @+1 {{no forward progress: the await on 'empty'[2]}}
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

// -----

// The consumer skips its release when k mod 16 == 15 and k >= 40: the
// remainder makes the period 16, and the run of 64 iterations finds it.
// expected-error @below {{the symbolic check found the error above at T=1 K=65}}
amir.program @period_bug(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
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
        %c15 = arith.constant 15 : index
        %c16 = arith.constant 16 : index
        %c40 = arith.constant 40 : index
        %r = arith.remui %k, %c16 : index
        %is15 = arith.cmpi eq, %r, %c15 : index
        %late = arith.cmpi uge, %k, %c40 : index
        %skip = arith.andi %is15, %late : i1
        %ok = arith.xori %skip, %true : i1
        amir.warps 0 to 1 {
          // expected-error @+1 {{no forward progress: the await on 'empty'[49]}}
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

// -----

// K reaches a guard before the loop, K == 5, which compares values
// computed from K alone: it keeps its value from K = 6 on, where the
// repetition is taken to start (docs/SymbolicChecking.md, "Comparisons of
// the size alone"), and K = 5 is among the trip counts checked one by one.
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: grid size, checked up to T = 3}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @prefix_guard(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      %c5 = arith.constant 5 : index
      %five = arith.cmpi eq, %K, %c5 : index
      amir.if %five {
        amir.warps 0 to 1 {
          amir.fence cuda_in_order, cuda_in_order
        }
      }
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

// The same guard on a race: at K = 5 the consumer reads slot 0 before the
// loop, unordered with the producer's first fill of it. The long runs (at
// K >= 24) never take the guard; the run at K = 5, below the iteration the
// repetition starts from, finds it.
// expected-error @below {{the symbolic check found the error above at T=1 K=5}}
amir.program @prefix_guard_race(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      %c5 = arith.constant 5 : index
      %five = arith.cmpi eq, %K, %c5 : index
      amir.if %five {
        amir.warps 1 to 2 {
          // expected-note @below {{the conflicting read (at t = 0)}}
          // expected-note @below {{no synchronization ordered it for these threads}}
          amir.read %buf[0, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
      amir.seq_for %k = %c0 to %K {
        %k2 = arith.addi %k, %c2 : index
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          // expected-error @below {{WAR hazard on 'buf'[0, 0]: mutation by task 0 threads 0-31 at t = 0, k = 0 is not ordered after the read by task 0 threads 32-63}}
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

// An unsigned comparison of 100 - K with K: past K = 100 the left side is
// below 0, which an unsigned comparison reads as a large value. The check
// takes the sides of an unsigned comparison to be at least 0 and does not
// cover K.
// expected-warning @below {{the symbolic check does not cover every size of @prefix_guard_unsigned}}
// expected-note @below {{K: a comparison of values computed from K alone does not keep its value as it grows}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @prefix_guard_unsigned(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      %c100 = arith.constant 100 : index
      %x = arith.subi %c100, %K : index
      %five = arith.cmpi ult, %x, %K : index
      amir.if %five {
        amir.warps 0 to 1 {
          amir.fence cuda_in_order, cuda_in_order
        }
      }
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

// K reaches a guard before the loop that compares it with the iterator of
// another loop: not a role the check knows. It checks K = 1, 2, 3, 4 at
// each T instead and says so.
// expected-warning @below {{the symbolic check does not cover every size of @prefix_guard_other}}
// expected-note @below {{K: it reaches amir.if outside the loop and what follows it}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @prefix_guard_other(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      amir.seq_for %u = %c0 to %c2 {
        %five = arith.cmpi eq, %K, %u : index
        amir.if %five {
          amir.warps 0 to 1 {
            amir.fence cuda_in_order, cuda_in_order
          }
        }
      }
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

// G has 4 rows whatever T is: from T = 5 on, a task writes past its end.
// The tasks T adds outgrow G, so T is not covered; the sizes checked
// instead (T up to 3) are all in bounds.
// expected-warning @below {{the symbolic check does not cover every size of @outgrow}}
// expected-note @below {{T: the tasks it adds outgrow dimension 0 of 'G'}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at T=1 only, since another size is not covered (the other points run its first values)}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @outgrow(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [4, 16] memory <gmem>
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

// The consumer writes G[k] in iteration k: the loop moves along a mutated
// variable, whose records the compared state would have to move too.
// expected-warning @below {{the symbolic check does not cover every size of @moving_write}}
// expected-note @below {{K: the loop moves along dimension 1 of 'G', which is mutated}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @moving_write(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, %K, 16] memory <gmem>
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
        amir.warps 0 to 1 {
          amir.await %empty[%k], cuda_in_order, 0
          amir.mutate %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          amir.arrive cuda_in_order >> %full[%k]
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_in_order, 0
          amir.read %buf[%k, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.arrive cuda_in_order >> %empty[%k2]
          amir.mutate %G[%t, %k, 0] sizes [1, 1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
      amir.warps 1 to 2 {
        amir.fence cuda_in_order, cuda_in_order
      }
    }
  }
}

// -----

// requires relates the sizes: the lattices of single sizes do not describe
// the legal sizes.
// expected-warning @below {{the symbolic check does not cover every size of @related_sizes}}
// expected-note @below {{every size: its requires clause relates several sizes}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @related_sizes(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - s0 >= 0)> {
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

// Eight sizes that reach guards: none is covered, and their first three
// values each make 3^8 points, more runs than the check makes.
// expected-error @below {{the symbolic check stops after 4096 runs}}
amir.program @too_many_points(%A, %B, %C, %D, %E, %F, %G, %H) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %a = arith.cmpi eq, %A, %c0 : index
    %b = arith.cmpi eq, %B, %c0 : index
    %c = arith.cmpi eq, %C, %c0 : index
    %d = arith.cmpi eq, %D, %c0 : index
    %e = arith.cmpi eq, %E, %c0 : index
    %f = arith.cmpi eq, %F, %c0 : index
    %g = arith.cmpi eq, %G, %c0 : index
    %h = arith.cmpi eq, %H, %c0 : index
    %ab = arith.andi %a, %b : i1
    %cd = arith.andi %c, %d : i1
    %ef = arith.andi %e, %f : i1
    %gh = arith.andi %g, %h : i1
    %abcd = arith.andi %ab, %cd : i1
    %efgh = arith.andi %ef, %gh : i1
    %all = arith.andi %abcd, %efgh : i1
    amir.if %all {
      amir.fence cuda_in_order, cuda_in_order
    }
  }
}

// -----

// The host zeroes all of G before the kernel (as split-K GEMMs do): the
// window grows with T exactly as G does, so T stays a grid size.
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: grid size, checked up to T = 3}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @host_zero(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.mutate %G[0, 0] sizes [%T, 16] qual <cuda_stream> ext [#exo.qual<cuda_stream>] write_only
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

// The host zeroes half of each row: a window that T sets but that is not
// the whole variable.
// expected-warning @below {{the symbolic check does not cover every size of @host_part}}
// expected-note @below {{T: it reaches amir.mutate}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{K: its repetition shown at T=1 only, since another size is not covered (the other points run its first values)}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 6}}
amir.program @host_part(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 16] memory <gmem>
  amir.mutate %G[0, 0] sizes [%T, 8] qual <cuda_stream> ext [#exo.qual<cuda_stream>] write_only
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

// A loop per thread (as in the GEMVs): each of 32 threads runs its own K
// loop over its row of A, accumulating in its own element of s. Every
// execution of the loop is pumped; none leaves coordinates that move for
// the next one.
// expected-remark @below {{proved for every size requires allows}}
// expected-note @below {{T: grid size, checked up to T = 3}}
// expected-note @below {{K: trip size of loop 'k', its state repeating every 1 iterations from iteration 1}}
amir.program @per_thread(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %A = amir.alloc "A" [%T, 32, %K] memory <gmem>
  %G = amir.alloc "G" [%T, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %T {
      %s = amir.alloc "s" [32] memory <smem>
      amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
        amir.seq_for %k = %c0 to %K {
          amir.read %A[%t, %l, %k] sizes [1, 1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          amir.mutate %s[%l] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
        amir.read %s[%l] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %G[%t, %l] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Loops per thread whose executions share moving coordinates: thread 0's
// loop writes A[t, k] at every k, thread 1's only from k = 70 on, past the
// long run (a WAW hazard from K = 71 on, which no run below 71 shows). The
// executions run one after the other, so the records thread 0 leaves move
// with the pump and would have to be shifted for thread 1's states to
// repeat: a loop that moves along a mutated variable is not pumped, and K
// is reported uncovered instead of proved.
// expected-warning @below {{the symbolic check does not cover every size of @per_thread_shared}}
// expected-note @below {{K: the loop moves along dimension 1 of 'A', which is mutated}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @per_thread_shared(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %A = amir.alloc "A" [%T, %K] memory <gmem>
  %G = amir.alloc "G" [%T, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c70 = arith.constant 70 : index
    amir.tasks_for %t = %c0 to %T {
      %s = amir.alloc "s" [32] memory <smem>
      amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
        %first = arith.cmpi eq, %l, %c0 : index
        %second = arith.cmpi eq, %l, %c1 : index
        amir.seq_for %k = %c0 to %K {
          %late = arith.cmpi sge, %k, %c70 : index
          %both = arith.andi %second, %late : i1
          %w = arith.ori %first, %both : i1
          amir.if %w {
            amir.mutate %A[%t, %k] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
          }
          amir.mutate %s[%l] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
        amir.read %s[%l] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        amir.mutate %G[%t, %l] sizes [1, 1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Tasks (t, u) write row t + 4 u of G (u < 4), which grows with T: the
// rows are a mixed-radix number only while t < 4, so the tasks checked up
// to T = 3 are apart, and from T = 5 on task (4, 0) writes task (0, 1)'s
// row. T sets the trip count of t, a digit below u's: not covered.
// expected-warning @below {{the symbolic check does not cover every size of @radix_grows}}
// expected-note @below {{T: it sets the trip count of a task loop that moves dimension 0 of 'G' by less than another one does: tasks apart at the sizes checked could meet at larger ones}}
// expected-remark @below {{not proved for every size}}
amir.program @radix_grows(%T) requires affine_set<()[s0] : (s0 - 1 >= 0)> {
  %c12 = arith.constant 12 : index
  %R = arith.addi %T, %c12 : index
  %G = amir.alloc "G" [%R, 16] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %T {
      amir.tasks_for %u = %c0 to %c4 {
        %u4 = arith.muli %u, %c4 : index
        %row = arith.addi %t, %u4 : index
        amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
          amir.mutate %G[%row, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// RUN: exo-gpu-opt %s -amir-interpret="symbolic=true stats=true bounds=K<=80" -verify-diagnostics -o /dev/null

// Executions of the pumped loop need one long run per residue of the
// period (docs/SymbolicChecking.md, "Executions"): the consumer also reads
// row g mod 64 of a table, so the period is 64 iterations, and the longest
// run, 320 iterations, lies past the largest K the bounds allow (80
// values, too many to check each): K is not covered, and said so.

// expected-warning @below {{the symbolic check does not cover every size of @tiles_long_period}}
// expected-note @below {{K: requires bounds the trip count of loop 'k' below 320, the longest run its executions need}}
// expected-remark @below {{not proved for every size}}
// expected-note @below {{T: grid size, checked up to T = 3}}
amir.program @tiles_long_period(%T, %K) requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
  %G = amir.alloc "G" [%T, 32] memory <gmem>
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    amir.tasks_for %t = %c0 to %T {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      %empty = amir.alloc "empty" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %buf = amir.alloc "buf" [-1, 16] memory <smem> guarded_by %empty ring 0 depth 2
      %tab = amir.alloc "tab" [64, 16] memory <smem>
      amir.seq_for %e = %c0 to %c2 {
        %base = arith.muli %e, %K : index
        amir.seq_for %k = %c0 to %K {
          %g = arith.addi %base, %k : index
          %g2 = arith.addi %g, %c2 : index
          %row = arith.remsi %g, %c64 : index
          amir.warps 0 to 1 {
            amir.await %empty[%g], cuda_in_order, 0
            amir.mutate %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
            amir.arrive cuda_in_order >> %full[%g]
          }
          amir.warps 1 to 2 {
            amir.await %full[%g], cuda_in_order, 0
            amir.read %buf[%g, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
            amir.read %tab[%row, 0] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
            amir.arrive cuda_in_order >> %empty[%g2]
          }
        }
        %col = arith.muli %e, %c16 : index
        amir.warps 1 to 2 {
          amir.mutate %G[%t, %col] sizes [1, 16] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
        }
      }
    }
  }
}

// Register loops (docs/SyncChecker.md, "Register loops"): a sequential loop
// whose body only computes indices and accesses the registers of the one
// thread running it is interpreted once per key (the values it reads from
// outside, the extents of its variables) and replayed after, with the same
// counts as running it; exo.record_own_registers runs every access.
// RUN: not exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=3 stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=REPLAY,BOTH
// RUN: sed 's/{exo.owned_registers}/{exo.owned_registers, exo.record_own_registers}/' %s | not exo-gpu-opt -split-input-file -amir-interpret="sizes=N=3 stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=RECORDS,BOTH
// RUN: not exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=3 max-instances=6000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT
// REPLAY: remark: checked: 12683 statement instances, 12480 element accesses, 1 tasks; 128 register loop runs replayed
// RECORDS: remark: checked: 12683 statement instances, 12480 element accesses, 1 tasks{{$}}
// BOTH: :[[# @LINE + 43]]:13: error: out of bounds: [16, 17) of dimension 1 of 's' (extent 16) at t = 0, k = 2, l = 0, j = 14
// The limit is reached in a replayed run: the error names the loop.
// LIMIT: register-loops.mlir:[[# @LINE + 13]]:11: error: the check stops after 6000 statement instances (1 tasks so far): check smaller sizes, or raise max-instances

amir.program @softmax_like(%N) attributes {exo.owned_registers} {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    amir.tasks_for %t = %c0 to %c1 {
      %s = amir.alloc "s" [64, 16] memory <regs>
      %m = amir.alloc "m" [64] memory <regs>
      amir.seq_for %k = %c0 to %N {
        amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
          amir.mutate %m[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
          amir.seq_for %j = %c0 to %c16 {
            amir.mutate %s[%l, %j] sizes [1, 1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
            amir.read %s[%l, %j] sizes [1, 1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
            amir.read %m[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
            amir.mutate %m[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
          }
        }
      }
    }
  }
}

// -----

// The key holds the values the loop reads from outside (here k): the run at
// k = 2 is interpreted, not replayed from k = 0's, and its element past the
// end is found.
amir.program @outer_value(%N) attributes {exo.owned_registers} {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    amir.tasks_for %t = %c0 to %c1 {
      %s = amir.alloc "s" [32, 16] memory <regs>
      amir.seq_for %k = %c0 to %N {
        amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
          amir.seq_for %j = %c0 to %c15 {
            %jk = arith.addi %j, %k : index
            amir.mutate %s[%l, %jk] sizes [1, 1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
          }
        }
      }
    }
  }
}

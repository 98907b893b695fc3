// Hostile hand-written AMIR is refused by the verifiers before the
// interpreter runs: a launch with a negative or zero block (the interpreter
// would crash, or run no thread and accept any race) and a dynamic-entry
// marker used as a static extent.
// RUN: not exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'amir.device' op blockDim must be in [1, 1024], got -32
// CHECK: error: 'amir.device' op blockDim must be in [1, 1024], got 0
// CHECK: error: 'amir.alloc' op has 1 dynamic dims but 0 operands for them
amir.program @p(%N) {
  amir.device clusterDim 1 blockDim -32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @unfenced(%N) {
  amir.device clusterDim 1 blockDim 0 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [32] memory <smem>
      amir.warps 0 to 1 {
        amir.mutate %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
      amir.warps 1 to 2 {
        amir.read %s[0] sizes [32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
      }
    }
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %s = amir.alloc "s" [2, -9223372036854775808] memory <smem>
    }
  }
}

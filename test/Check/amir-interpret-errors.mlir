// RUN: exo-gpu-opt %s -split-input-file -allow-unregistered-dialect -amir-interpret="sizes=N=2" -verify-diagnostics

// The abstract machine's own errors: programs it cannot interpret, reported
// at the operation, before any hazard.

amir.program @div(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %z = arith.subi %t, %t : index
      // expected-error @+1 {{divides by zero in the abstract machine}}
      %q = arith.divsi %N, %z : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%q] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @unsupported(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %x = arith.index_cast %t : index to i64
      // expected-error @+1 {{is not a control-value operation the abstract machine evaluates}}
      %lo, %hi = arith.mulsi_extended %x, %x : i64
      %y = arith.index_cast %lo : i64 to index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%y] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Casts and unsigned operations mean what arith says: -1 through i32 and
// back, zero-extended, is 2^32 - 1, and unsigned -1 is the largest value.
amir.program @unsigned(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %m1 = arith.constant -1 : index
    amir.tasks_for %t = %c0 to %N {
      %x = arith.index_cast %m1 : index to i32
      %y = arith.index_castui %x : i32 to index
      %z = arith.minui %y, %m1 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{out of bounds: [4294967295, 4294967296) of dimension 0 of 'g' (extent 4) at t = 0}}
        amir.mutate %g[%z] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// Warp 1 of a one-warp CTA.
amir.program @warp(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{selects a warp that does not exist}}
      amir.warps 1 to 2 {
        amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// 2^32 elements: more than the checker keeps track of.
amir.program @big(%N) {
  // expected-error @+1 {{'g' has 4294967296 elements; too many to check}}
  %g = amir.alloc "g" [65536, 65536] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
    }
  }
}

// -----

// A warpgroup in a 32-thread CTA; two warps in one.
amir.program @tile(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{cannot split the collective: box entry 128 does not tile domain entry 32}}
      amir.threads_for %l = 0 to 1 unit #exo.unit<warpgroup> {
        amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @parts(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{cannot split the collective into 2 parts: it holds only 1}}
      amir.threads_for %l = 0 to 2 unit #exo.unit<warp> {
        amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

// An instruction of a warp whose body splits it into 3 threads.
amir.program @instr(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<warp> {
        amir.instr "copy" {
          // expected-error @+1 {{cannot split the instruction's collective into 3 parts}}
          amir.threads_for %m = 0 to 3 unit #exo.unit<thread> {
            amir.mutate %g[%m] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
          }
        }
      }
    }
  }
}

// -----

amir.program @coords(%N) {
  %g = amir.alloc "g" [4, 2] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{'amir.mutate' op expected 2 offsets, got 1}}
        amir.mutate %g[0] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @other(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{is not interpreted by the abstract machine}}
      "test.op"() : () -> ()
    }
  }
}

// -----

// Index arithmetic beyond 64 bits is refused, not wrapped.
amir.program @overflow(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %big = arith.constant 4611686018427387904 : index
      // expected-error @+1 {{overflows 64-bit index arithmetic in the abstract machine (4611686018427387904 and 2)}}
      %x = arith.muli %big, %N : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%x] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @overflow_div(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %min = arith.constant -9223372036854775808 : index
      %m1 = arith.constant -1 : index
      // expected-error @+1 {{overflows 64-bit index arithmetic in the abstract machine (-9223372036854775808 and -1)}}
      %x = arith.divsi %min, %m1 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%x] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

// -----

amir.program @shift(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{shifts by 64 bits, the width or more, in the abstract machine}}
      %x = arith.shli %t, %c64 : index
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.mutate %g[%x] sizes [1] qual <cuda_ram> ext [#exo.qual<cuda_ram>] write_only
      }
    }
  }
}

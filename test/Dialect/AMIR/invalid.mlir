// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// The AMIR verifiers, on IR the custom syntax cannot write (the generic
// form): programs, allocations and accesses.

// expected-error @+1 {{'amir.program' op expected one name per argument}}
"amir.program"() <{arg_names = ["N", "M"], sym_name = "p"}> ({
^bb0(%n: index):
}) : () -> ()

// -----

// expected-error @+1 {{'amir.program' op arguments are sizes of type index}}
"amir.program"() <{arg_names = ["N"], sym_name = "p"}> ({
^bb0(%n: i32):
}) : () -> ()

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op expected exactly one of memory and barrier}}
  %0 = "amir.alloc"() <{name = "g", operandSegmentSizes = array<i32: 0, 0>, static_dims = array<i64: 4>}> : () -> !amir.var
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op expected exactly one of memory and barrier}}
  %0 = "amir.alloc"() <{memory = #exo.mem<gmem>, barrier = !exo.barrier<mbarrier, [2]>, name = "g", operandSegmentSizes = array<i32: 0, 0>, static_dims = array<i64: 2>}> : () -> !amir.var
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op barrier expects an !exo.barrier type}}
  %0 = "amir.alloc"() <{barrier = index, name = "b", operandSegmentSizes = array<i32: 0, 0>, static_dims = array<i64: 2>}> : () -> !amir.var
}

// -----

amir.program @p(%N) {
  %g = amir.alloc "g" [4] memory <gmem>
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{'amir.mutate' op expected one size per offset}}
        "amir.mutate"(%g) <{ext = [#exo.qual<cuda_ram>], operandSegmentSizes = array<i32: 1, 0, 0>, qual = #exo.qual<cuda_ram>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1, 4>, write_only}> : (!amir.var) -> ()
      }
    }
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{expected `0 to N unit #exo.unit<...>`}}
      amir.threads_for %l = 1 to 2 unit #exo.unit<thread> {
      }
    }
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-error @+1 {{expected `0 to N unit #exo.unit<...>`}}
      amir.threads_for %l = 0 to 2 unit #exo.mode<seq> {
      }
    }
  }
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op only an mbarrier array has arrivals per phase}}
  %0 = amir.alloc "g" [] barrier !exo.barrier<wgmma_group> {arrivals = 4 : i64}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op arrivals per phase must be positive, got 0}}
  %0 = amir.alloc "b" [2] barrier !exo.barrier<mbarrier, [2]> {arrivals = 0 : i64}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op only a memory variable has element bytes}}
  %0 = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]> {element_bytes = 4 : i64}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op element bytes must be in [1, 16], got 0}}
  %0 = amir.alloc "s" [4] memory <smem> {element_bytes = 0 : i64}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op cta_dims and owners go together}}
  %0 = amir.alloc "s" [2, 4] memory <smem> {cta_dims = 1 : i64}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op cta_dims 3 out of range for 2 dimensions}}
  %0 = amir.alloc "s" [2, 4] memory <smem> {cta_dims = 3 : i64, owners = array<i64: 0, 1>}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op distributed dimension 0 needs a constant extent in [1, 16]}}
  %0 = amir.alloc "s" [%N, 4] memory <smem> {cta_dims = 1 : i64, owners = array<i64: 0, 1>}
}

// -----

amir.program @p(%N) {
  // expected-error @+1 {{'amir.alloc' op expected 2 owners (one per element of the distributed dimensions), got 3}}
  %0 = amir.alloc "s" [2, 4] memory <smem> {cta_dims = 1 : i64, owners = array<i64: 0, 1, 1>}
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 2 blockDim 32 {
    // expected-error @+1 {{'amir.alloc' op owner 2 is not a CTA of the cluster (or -1)}}
    %0 = amir.alloc "s" [2, 4] memory <smem> {cta_dims = 1 : i64, owners = array<i64: 0, 2>}
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %0 = amir.alloc "g" [] barrier !exo.barrier<bulk_group>
    // expected-error @+1 {{'amir.arrive' op only an arrive on an mbarrier expects transaction bytes}}
    amir.arrive tma_to_gmem_async >> %0 {expect_tx = array<i64: 4>}
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 2 blockDim 32 {
    %0 = amir.alloc "b" [2] barrier !exo.barrier<mbarrier, [2]>
    // expected-error @+1 {{'amir.arrive' op expected 4 expected-transaction entries (one per pair of CTAs of the cluster), got 1}}
    amir.arrive cuda_temporal >> %0[0] {expect_tx = array<i64: 4>}
  }
}

// -----

amir.program @p(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %0 = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]>
    // expected-error @+1 {{'amir.arrive' op expects 1048576 transaction bytes; an mbarrier phase counts from 0 to 1048575}}
    amir.arrive cuda_temporal >> %0[0] {expect_tx = array<i64: 1048576>}
  }
}

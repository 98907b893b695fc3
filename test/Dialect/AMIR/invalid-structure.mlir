// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// The launch and thread structure of a hand-written AMIR program, and the
// index lists of its records, are verified: the interpreter never sees a
// launch with no threads (which would accept any race) or an index list
// whose dynamic entries do not match its operands.

amir.program @no_threads(%N) {
  // expected-error @+1 {{'amir.device' op blockDim must be in [1, 1024], got 0}}
  amir.device clusterDim 1 blockDim 0 {
  }
}

// -----

amir.program @negative_block(%N) {
  // expected-error @+1 {{'amir.device' op blockDim must be in [1, 1024], got -32}}
  amir.device clusterDim 1 blockDim -32 {
  }
}

// -----

amir.program @no_cluster(%N) {
  // expected-error @+1 {{'amir.device' op clusterDim must be in [1, 16], got -1}}
  amir.device clusterDim -1 blockDim 32 {
  }
}

// -----

amir.program @huge_cluster(%N) {
  // expected-error @+1 {{'amir.device' op clusterDim must be in [1, 16], got 4294967296}}
  amir.device clusterDim 4294967296 blockDim 32 {
  }
}

// -----

amir.program @empty_threads(%N) {
  amir.device clusterDim 1 blockDim 32 {
    // expected-error @+1 {{'amir.threads_for' op expected a positive count, got 0}}
    amir.threads_for %l = 0 to 0 unit #exo.unit<thread> {
    }
  }
}

// -----

amir.program @empty_warps(%N) {
  amir.device clusterDim 1 blockDim 64 {
    // expected-error @+1 {{'amir.warps' op expected warps lo to hi with 0 <= lo < hi, got 1 to 0}}
    amir.warps 1 to 0 {
    }
  }
}

// -----

// The smallest int64 is the marker of a dynamic entry, not an extent.
amir.program @dynamic_marker(%N) {
  // expected-error @+1 {{'amir.alloc' op has 1 dynamic dims but 0 operands for them}}
  %s = amir.alloc "s" [2, -9223372036854775808] memory <smem>
}

// -----

amir.program @negative_extent(%N) {
  // expected-error @+1 {{'amir.alloc' op has an invalid static dims -2}}
  %s = amir.alloc "s" [2, -2] memory <smem>
}

// -----

amir.program @await_rank(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %b = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]>
    // expected-error @+1 {{'amir.await' op expected 1 indices (1 target(s) of a rank-1 barrier), got 3}}
    amir.await %b[0, 0, 0], cuda_in_order, 0
  }
}

// -----

amir.program @arrive_targets(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %b = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]>
    // expected-error @+1 {{'amir.arrive' op expected 3 indices (3 target(s) of a rank-1 barrier), got 1}}
    "amir.arrive"(%b) <{num_targets = 3 : i64, static_indices = array<i64: 0>, timeline = 0 : i32}> : (!amir.var) -> ()
  }
}

// -----

amir.program @arrive_no_target(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %b = amir.alloc "b" [1] barrier !exo.barrier<mbarrier, [1]>
    // expected-error @+1 {{'amir.arrive' op expected at least one target, got 0}}
    "amir.arrive"(%b) <{num_targets = 0 : i64, static_indices = array<i64>, timeline = 0 : i32}> : (!amir.var) -> ()
  }
}

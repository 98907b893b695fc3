// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=4" -verify-diagnostics

// The abstract machine's "barrier misuse" reports (HazardKind::BarrierMisuse):
// a barrier used against its protocol: arrival counts, awaits and
// signals out of phase order, one-shot and cluster barriers.

// Warp 1 awaits element 2, but only warp 0 awaited element 0, the previous
// phase of the same mbarrier: a parity wait could pass on it.
amir.program @ring_phase_not_ordered(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        // expected-note @+1 {{the earlier phase is awaited here, by task 0 threads 0-31; await it first, or order this await after that one with a synchronization}}
        amir.await %b[%c0], cuda_in_order, 0
        amir.arrive cuda_in_order >> %b[%c1]
        amir.await %b[%c1], cuda_in_order, 0
        amir.arrive cuda_in_order >> %b[%c2]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: the await on 'b'[2] by task 0 threads 32-63 at t = 0 is not ordered after the completion of 'b'[0], the previous phase of the same mbarrier (ring depth 2): a parity wait could return on the phase before it}}
        amir.await %b[%c2], cuda_in_order, 0
      }
    }
  }
}

// -----
// Warp 1 arrives on element 2 (the next phase of element 0's mbarrier)
// although only warp 0 awaited element 0: the arrive could count toward it.
amir.program @ring_next_phase_not_ordered(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        // expected-note @+1 {{the await (at t = 0)}}
        amir.await %b[%c0], cuda_in_order, 0
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: task 0 threads 32-63 at t = 0 signals 'b'[2], the next phase of the mbarrier of 'b'[0] (ring depth 2), but is not ordered after the await of it by task 0 threads 0-31: the signal could count toward that phase or be missed by its waiters}}
        amir.arrive cuda_in_order >> %b[%c2]
      }
    }
  }
}

// -----
// An arrive on element 2 before anyone awaited element 0.
amir.program @ring_next_phase_not_awaited(%N) {
  amir.device clusterDim 1 blockDim 32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-note @+1 {{the barrier}}
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.arrive cuda_in_order >> %b[%c0]
      // expected-error @+1 {{barrier misuse: task 0 threads 0-31 at t = 0 signals 'b'[2], the next phase of the mbarrier of 'b'[0] (ring depth 2), but no thread has awaited 'b'[0] yet: the signal could count toward that phase}}
      amir.arrive cuda_in_order >> %b[%c2]
    }
  }
}

// -----
// Warp 1 awaits element 0 after warp 0 arrived on element 2 (the next phase
// of the same mbarrier): the wait could miss its phase.
amir.program @ring_await_after_next_phase(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        amir.arrive cuda_in_order >> %b[%c0]
        amir.await %b[%c0], cuda_in_order, 0
        // expected-note @+1 {{the arrive on the next phase}}
        amir.arrive cuda_in_order >> %b[%c2]
      }
      amir.warps 1 to 2 {
        // expected-error @+1 {{barrier misuse: the await on 'b'[0] by task 0 threads 32-63 at t = 0 comes after the arrive on 'b'[2], the next phase of the same mbarrier: the wait could miss its phase}}
        amir.await %b[%c0], cuda_in_order, 0
      }
    }
  }
}

// -----
// More arrivals than the init count: the surplus completes the next phase
// of the same mbarrier early.
amir.program @arrivals_surplus(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]> {arrivals = 32 : i64}
      amir.seq_for %k = %c0 to %c4 {
        amir.warps 0 to 2 {
          // expected-error @+1 {{barrier misuse: the phase of 'full'[0] received 64 arriving threads (task 0 threads 0-63), but its mbarrier.init counts 32 (every instance of the arrive statements on it): the surplus arrivals complete the next phase of the same mbarrier early}}
          amir.arrive cuda_in_order >> %full[%k]
          amir.await %full[%k], cuda_in_order, 0
        }
      }
    }
  }
}

// -----
// Element 0 is pre-arrived and nobody awaits it; warp 0 then signals
// element 2, the next phase of its mbarrier. The signal cannot count toward
// the pre-arrived phase, but the hardware's synccheck reports a phase that
// completed unobserved ("Missing wait"). The report waits for the end of
// the task, so that a data hazard the missing await causes comes first.
amir.program @prearrived_phase_not_awaited(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      // expected-note @+1 {{the barrier}}
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      amir.warps 0 to 1 {
        // expected-error @+1 {{barrier misuse: task 0 threads 0-31 at t = 0 signals 'b'[2], the next phase of the mbarrier of 'b'[0] (ring depth 2), but no thread awaited 'b'[0], its pre-arrived phase: a phase must be observed before the next one completes (compute-sanitizer's synccheck reports "Missing wait"); await the pre-arrived element before reusing its slot}}
        amir.arrive cuda_in_order >> %b[%c2]
        amir.await %b[%c2], cuda_in_order, 0
      }
    }
  }
}

// -----
// The same with element 0 awaited first: no report.
amir.program @prearrived_phase_awaited(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %N {
      %b = amir.alloc "b" [-1] barrier !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      amir.warps 0 to 1 {
        amir.await %b[%c0], cuda_in_order, 0
        amir.arrive cuda_in_order >> %b[%c2]
        amir.await %b[%c2], cuda_in_order, 0
      }
    }
  }
}

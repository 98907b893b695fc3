// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync -verify-diagnostics

// Barrier phases the hardware counts differently from the program's order.
// A cluster barrier alternates arrive and wait (barrier.cluster.arrive /
// .wait): a second arrive before the wait, or a second wait with no arrive
// between, is misuse (undefined behaviour or a hang), not a fence. An
// mbarrier phase is completed by one execution of one arrive statement
// (the last case; two statements: test/Check/audit-bugs.test).

!Sync = !exo.barrier<cluster_sync>
exo.proc @arrive_twice() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      // expected-note @+1 {{the previous arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      // expected-error @+1 {{barrier misuse: arrive on the cluster barrier 'sync'[] at task = 0 before the wait for the previous arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

!Sync = !exo.barrier<cluster_sync>
exo.proc @wait_twice() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.await(%sync, cuda_in_order, 0) : !Sync
      // expected-error @+1 {{barrier misuse: wait on the cluster barrier 'sync'[] at task = 0 with no arrive since the previous wait}}
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

// The lowering's own cluster barriers (barrier.cluster.arrive and .wait) are
// the same hardware barrier as a cluster_sync's: a fence by the whole
// cluster, the initialization of mbarriers, or the end of a task between
// the arrive and the wait would pair up with them wrongly.
!Sync = !exo.barrier<cluster_sync>
exo.proc @fence_inside() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      // expected-note @+1 {{the open arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      // expected-error @+1 {{barrier misuse: this fence by the whole cluster lowers to barrier.cluster.arrive and barrier.cluster.wait at task = 0, between the arrive on the cluster barrier 'sync'[] and its wait; the hardware has one cluster barrier per thread, so the arrives and waits would pair up wrongly}}
      exo.fence(cuda_in_order, cuda_in_order)
      exo.await(%sync, cuda_in_order, 0) : !Sync
    }
  }
}

// -----

!Sync = !exo.barrier<cluster_sync>
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @mbarrier_init_inside() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      // expected-note @+1 {{the open arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
      // expected-error @+1 {{barrier misuse: the initialization of these mbarriers lowers to barrier.cluster.arrive and barrier.cluster.wait at task = 0, between the arrive on the cluster barrier 'sync'[] and its wait}}
      %bar = exo.alloc : !Bar
      exo.await(%sync, cuda_in_order, 0) : !Sync
      exo.for %c = 0 to 2 cuda_threads<cta> {
        exo.arrive(cuda_in_order) >> %bar[%c] : !Bar
        exo.await(%bar[%c], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

!Sync = !exo.barrier<cluster_sync>
exo.proc @task_end_inside() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    // expected-error @+1 {{barrier misuse: the end of a task lowers to barrier.cluster.arrive and barrier.cluster.wait at task = 0, between the arrive on the cluster barrier 'sync'[] and its wait}}
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      // expected-note @+1 {{the open arrive}}
      exo.arrive(cuda_in_order) >> %sync : !Sync
    }
  }
}

// -----

// Alternating is fine, any number of times.
!Sync = !exo.barrier<cluster_sync>
exo.proc @alternating() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 2 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.for %i = 0 to 3 seq {
        exo.arrive(cuda_in_order) >> %sync : !Sync
        exo.await(%sync, cuda_in_order, 0) : !Sync
      }
    }
  }
}

// -----

// One arrive statement repeated by a sequential loop on one mbarrier phase
// (warp z arrives in iteration z): the lowering's mbarrier.init counts the
// arrivals of one execution (one warp), so the phase would complete on the
// first warp's arrival.
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @arrive_repeated_by_seq_loop() {
  exo.device_function(blockDim = 64) {
    exo.for %task = 0 to 2 cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.for %z = 0 to 2 seq {
        exo.for %w = 0 to 2 cuda_threads<warp> {
          %mine = arith.cmpi eq, %w, %z : index
          exo.if %mine {
            // expected-error @+1 {{barrier misuse: this arrive statement arrives on the one-shot mbarrier element 'bar'[0] again in another iteration of a sequential loop}}
            exo.arrive(cuda_in_order) >> %bar[0] : !Bar
          }
        }
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// RUN: exo-gpu-opt %s -amir-interpret -split-input-file -verify-diagnostics

// Per-warp records (docs/SyncChecker.md): in a program marked
// exo.owned_registers, the element accesses of a register variable by one
// statement and the threads of one warp share one record, whose accessor is
// the warp. The mark is a promise that each element is accessed by one
// thread only (the collective analysis proves it for the kernels
// -exo-check-sync converts); thread 32 below breaks it so that a report
// shows the shared record: its accessor is the warp, and its note names the
// first instance and says another thread of the warp may have made the
// conflicting access. exo.record_own_registers keeps the record of each
// access (below @thread_record: without it a thread's access of its own
// registers makes none).
amir.program @warp_record() attributes {exo.owned_registers, exo.record_own_registers} {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 0, or another instance of this statement by a thread of the same warp before any synchronization)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.warps 1 to 2 {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{RAW hazard on 'r'[3]: read by task 0 thread 32 at t = 0, l = 0 is not ordered after the mutation by task 0 threads 0-31}}
        amir.read %r[3] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      }
      }
    }
  }
}

// -----

// Without the mark each thread's accesses have a record of their own: the
// same program's report names thread 3, the one that wrote the element.
amir.program @thread_record() {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 3)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.warps 1 to 2 {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{RAW hazard on 'r'[3]: read by task 0 thread 32 at t = 0, l = 0 is not ordered after the mutation by task 0 thread 3}}
        amir.read %r[3] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      }
      }
    }
  }
}

// -----

// The same program as @warp_record without exo.record_own_registers: each
// access is a thread's synchronous access of its own registers, with no
// record of several threads on the variable to be ordered after, so it
// makes no record (docs/SyncChecker.md, "Registers of one thread"). The
// mark is trusted, as the collective analysis proves it for the programs
// -exo-check-sync converts: thread 32's read of thread 3's element is not
// seen.
amir.program @own_registers() attributes {exo.owned_registers} {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.warps 1 to 2 {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        amir.read %r[3] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      }
      }
    }
  }
}

// -----

// A statement separated from its earlier instances by a synchronization
// gets a record of its own: warp 0's second write, after the fence, is
// what thread 32 is not ordered after (the fence by warp 0 alone orders
// nothing for thread 32 either).
amir.program @warp_record_epoch() attributes {exo.owned_registers, exo.record_own_registers} {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.seq_for %i = %c0 to %c2 {
        amir.threads_for %w = 0 to 1 unit #exo.unit<warp> {
          amir.threads_for %l = 0 to 32 unit #exo.unit<thread> {
            // expected-note @+1 {{the conflicting mutation (at t = 0, i = 1, w = 0, l = 0, or another instance of this statement by a thread of the same warp before any synchronization)}}
            amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
          }
          // expected-note @+1 {{the last synchronization that touched it}}
          amir.fence cuda_in_order, cuda_in_order
        }
      }
      amir.warps 1 to 2 {
      amir.threads_for %l = 0 to 1 unit #exo.unit<thread> {
        // expected-error @+1 {{RAW hazard on 'r'[3]: read by task 0 thread 32 at t = 0, l = 0 is not ordered after the mutation by task 0 threads 0-31}}
        amir.read %r[3] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
      }
      }
    }
  }
}

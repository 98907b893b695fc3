// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Ownership conflicts between two accesses are reported at the later one,
// with a note at the access that set the owner.
!R = !exo.tensor<[2, 2], f32, regs>
exo.proc @p(%y: !exo.tensor<[4], f32, gmem>) {
  %one = arith.constant 1.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 2 cuda_threads<2 * thread> {
        exo.for %j = 0 to 2 cuda_threads<thread> {
          // expected-note @+1 {{the owner was set by this access}}
          exo.assign %r[%i, %j] = %one : !R
        }
      }
      exo.for %j = 0 to 2 cuda_threads<2 * thread> {
        exo.for %i = 0 to 2 cuda_threads<thread> {
          // expected-error @+1 {{element [1, 0] of the distributed dimensions of 'r' belongs to 1 thread: thread 2, but this access runs on 1 thread: thread 1}}
          %v = exo.read %r[%i, %j] : !R
        }
      }
    }
  }
}

// -----

// A window defined outside the loop that narrows its call is checked at the
// call: each pair of threads must only touch its own two registers.
exo.proc @pair_sum(%x: !exo.window<[4], f32, regs> {exo.access = #exo.access<read_write, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "pair_sum"> {
}
exo.proc @p() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %team = 0 to 8 cuda_threads<4 * thread> {
        %r = exo.alloc : !exo.tensor<[4], f32, regs>
        // expected-error @+1 {{dimension 0 of 'r' is split over #exo.unit<thread> by the instruction, but the collective (2 threads: threads 0-1) holds 2 of them, not 4}}
        %w = exo.window %r[:] : !exo.tensor<[4], f32, regs> -> !exo.window<[4], f32, regs>
        exo.for %p = 0 to 2 cuda_threads<2 * thread> {
          exo.call @pair_sum(%w) : (!exo.window<[4], f32, regs>)
        }
      }
    }
  }
}

// -----

// A whole tensor may be handed to an instruction that distributes it, and
// one window may be passed twice (an in-place shuffle).
exo.proc @pair_sum(%x: !exo.window<[2], f32, regs> {exo.access = #exo.access<read_write, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "pair_sum"> {
}
exo.proc @shfl(%d: !exo.window<[2], f32, regs> {exo.access = #exo.access<write, distributed [thread]>},
               %s: !exo.window<[2], f32, regs> {exo.access = #exo.access<read, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "shfl"> {
}
exo.proc @p() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %p = 0 to 16 cuda_threads<2 * thread> {
        %r = exo.alloc : !exo.tensor<[2], f32, regs>
        exo.call @pair_sum(%r) : (!exo.tensor<[2], f32, regs>)
        %w = exo.window %r[:] : !exo.tensor<[2], f32, regs> -> !exo.window<[2], f32, regs>
        exo.call @shfl(%w, %w) : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
      }
    }
  }
}

// -----

// A memory whose shards cannot exist in the device function.
exo.proc @p() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{'acc' is owned by #exo.unit<warpgroup> shards, which cannot exist in this device function}}
      %acc = exo.alloc : !exo.tensor<[4], f32, wgmma_accum>
      exo.for %i = 0 to 1 cuda_threads<thread> {
        exo.assign %acc[0] = %zero : !exo.tensor<[4], f32, wgmma_accum>
      }
    }
  }
}

// -----

// An instruction whose unit cannot exist in the device function.
exo.proc @wg(%x: !exo.window<[4], f32, gmem> {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wg"> {
}
exo.proc @p(%g: !exo.tensor<[4], f32, gmem>) {
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{@wg is issued by one #exo.unit<warpgroup>, which cannot exist in this device function}}
      exo.call @wg(%g) : (!exo.tensor<[4], f32, gmem>)
    }
  }
}

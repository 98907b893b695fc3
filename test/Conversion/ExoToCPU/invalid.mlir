// RUN: exo-gpu-opt %s -exo-lower-to-cpu -verify-diagnostics

// A ring buffer with an unbounded logical extent has no sequential storage.
exo.proc @k() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %war = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @below {{a tensor with an unbounded ring dimension '?' has no sequential storage}}
      %s = exo.alloc guarded_by %war : !exo.tensor<[? ring 2, 8], f32, smem>, guard !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

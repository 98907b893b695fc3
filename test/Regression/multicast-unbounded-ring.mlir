// A multicast ':' over an unbounded ring dimension of an mbarrier array is
// refused with a diagnostic at the arrive (the analysis needs the
// dimension's extent to know the CTAs it signals).
// RUN: not exo-gpu-opt %s -exo-verify-collectives -o /dev/null 2>&1 | FileCheck %s
// RUN: not exo-gpu-opt %s -exo-check-sync -o /dev/null 2>&1 | FileCheck %s
// RUN: not exo-gpu-opt %s -exo-lower-to-nvvm -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'exo.arrive' op a multicast ':' spans the CTAs of a dimension of constant extent, but dimension 0 of 'full' is unbounded
exo.proc @multicast_ring() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.arrive(cuda_in_order) >> %full[:] : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

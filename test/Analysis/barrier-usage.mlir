// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// A barrier nobody waits for synchronizes nothing.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{barrier 'g' is never awaited}}
      %g = exo.alloc : !exo.barrier<wgmma_group>
      exo.for %w = 0 to 1 cuda_threads<warpgroup> {
        exo.arrive(wgmma_async) >> %g : !exo.barrier<wgmma_group>
      }
    }
  }
}

// -----

// Awaiting a barrier nobody arrives on never returns.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{barrier 'b' is never arrived on (no arrive and no trailing barrier)}}
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.await(%b[0], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

// -----

// All arrives on one barrier wait for the same timeline.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %i = 0 to %N seq {
        // expected-note @+1 {{the first arrive}}
        exo.arrive(cuda_in_order) >> %b[%i] : !exo.barrier<mbarrier, [? ring 2]>
        exo.await(%b[%i], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        // expected-error @+1 {{all arrives on 'b' must use one synchronization timeline: 'cuda_temporal' here, 'cuda_in_order' at the first arrive}}
        exo.arrive(cuda_temporal) >> %b[%i] : !exo.barrier<mbarrier, [? ring 2]>
      }
    }
  }
}

// -----

// All awaits on one barrier make the same timeline visible.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %i = 0 to %N seq {
        exo.arrive(cuda_in_order) >> %b[%i] : !exo.barrier<mbarrier, [? ring 2]>
        // expected-note @+1 {{the first await}}
        exo.await(%b[%i], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        // expected-error @+1 {{all awaits on 'b' must use one synchronization timeline: 'cuda_temporal' here, 'cuda_in_order' at the first await}}
        exo.await(%b[%i], cuda_temporal, 0) : !exo.barrier<mbarrier, [? ring 2]>
      }
    }
  }
}

// -----

// All arrives on one barrier multicast the same way.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 2]>
      exo.for %i = 0 to %N seq {
        exo.for %c = 0 to 2 cuda_threads<cta> {
          // expected-note @+1 {{the first arrive}}
          exo.arrive(cuda_in_order) >> %b[:, %i] : !exo.barrier<mbarrier, [2, ? ring 2]>
          exo.await(%b[%c, %i], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, ? ring 2]>
          // expected-error @+1 {{all arrives on 'b' must multicast the same way}}
          exo.arrive(cuda_in_order) >> %b[:, %i] >> %b[%c, %i] : !exo.barrier<mbarrier, [2, ? ring 2]>
        }
      }
    }
  }
}

// -----

// A multicast arrive under a thread-dependent guard: some CTAs would not
// arrive.
exo.proc @p(%N: index) {
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 2]>
      exo.for %i = 0 to %N seq {
        exo.for %c = 0 to 2 cuda_threads<cta> {
          %first = arith.cmpi eq, %c, %c0 : index
          // expected-note @+1 {{the divergent guard}}
          exo.if %first {
            // expected-error @+1 {{a multicast arrive cannot be under a guard that depends on a cuda_threads iterator}}
            exo.arrive(cuda_in_order) >> %b[:, %i] : !exo.barrier<mbarrier, [2, ? ring 2]>
          }
          exo.await(%b[%c, %i], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, ? ring 2]>
        }
      }
    }
  }
}

// -----

// A multicast arrive in a seq loop nested in a cuda_threads loop over
// CTAs.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 2]>
      exo.for %c = 0 to 2 cuda_threads<cta> {
        // expected-note @+1 {{the seq loop}}
        exo.for %i = 0 to %N seq {
          // expected-error @+1 {{a multicast arrive cannot be in a seq loop nested in the cuda_threads loop 'c' over CTAs}}
          exo.arrive(cuda_in_order) >> %b[:, %i] : !exo.barrier<mbarrier, [2, ? ring 2]>
          exo.await(%b[%c, %i], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, ? ring 2]>
        }
      }
    }
  }
}

// -----

// A thread has one wgmma commit-group queue: two groups cannot be live.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @+1 {{the live one}}
      %g = exo.alloc : !exo.barrier<wgmma_group>
      exo.for %w = 0 to 1 cuda_threads<warpgroup> {
        exo.arrive(wgmma_async) >> %g : !exo.barrier<wgmma_group>
        exo.await(%g, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        // expected-error @+1 {{a second 'wgmma_group' is allocated while another is live; the hardware has one per thread}}
        %h = exo.alloc : !exo.barrier<wgmma_group>
        exo.arrive(wgmma_async) >> %h : !exo.barrier<wgmma_group>
        exo.await(%h, cuda_in_order, 0) : !exo.barrier<wgmma_group>
      }
    }
  }
}

// -----

// Likewise one cluster barrier.
exo.proc @p() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @+1 {{the live one}}
      %s = exo.alloc : !exo.barrier<cluster_sync>
      // expected-error @+1 {{a second 'cluster_sync' is allocated while another is live}}
      %s2 = exo.alloc : !exo.barrier<cluster_sync>
      exo.arrive(cuda_in_order) >> %s : !exo.barrier<cluster_sync>
      exo.await(%s, cuda_in_order, 0) : !exo.barrier<cluster_sync>
      exo.arrive(cuda_in_order) >> %s2 : !exo.barrier<cluster_sync>
      exo.await(%s2, cuda_in_order, 0) : !exo.barrier<cluster_sync>
    }
  }
}

// -----

// Two commit groups in sibling scopes are fine (one after the other), and
// so is a multicast arrive under a guard that does not depend on threads.
exo.proc @p(%N: index) {
  %c1 = arith.constant 1 : index
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, ? ring 2]>
      exo.for %i = 0 to %N seq {
        %later = arith.cmpi uge, %i, %c1 : index
        exo.for %c = 0 to 2 cuda_threads<cta> {
          exo.if %later {
            exo.arrive(cuda_in_order) >> %b[:, %i] : !exo.barrier<mbarrier, [2, ? ring 2]>
          }
          exo.await(%b[%c, %i], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, ? ring 2]>
        }
      }
      exo.for %w = 0 to 2 cuda_threads<warpgroup> {
        exo.warps 0 to 4 {
          %g = exo.alloc : !exo.barrier<wgmma_group>
          exo.arrive(wgmma_async) >> %g : !exo.barrier<wgmma_group>
          exo.await(%g, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        }
      }
    }
  }
}

// -----

// Every phase of an mbarrier expects the same number of arriving threads:
// here one statement arrives with a warp, another with the whole CTA.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %i = 0 to %N seq {
        exo.warps 0 to 1 {
          // expected-note @+1 {{the other arrive}}
          exo.arrive(cuda_in_order) >> %b[%i] : !exo.barrier<mbarrier, [? ring 2]>
        }
        exo.await(%b[%i], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
      }
      // expected-error @+1 {{this arrive gives the elements of 'b' other numbers of arriving threads than another arrive does}}
      exo.arrive(cuda_in_order) >> %b[%N] : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

// -----

// A multicast arrive must include the arriving CTA's own barrier element
// (its home barrier, where its arrivals are counted): here CTA (0, 1)
// signals row 1 of a 2 x 2 cluster.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 4) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, 2, ? ring 2]>
      exo.for %i = 0 to %N seq {
        exo.for %cm = 0 to 2 cuda_threads<2 * cta> {
          exo.for %cn = 0 to 2 cuda_threads<cta> {
            exo.await(%b[%cm, %cn, %i], cuda_in_order, 0) : !exo.barrier<mbarrier, [2, 2, ? ring 2]>
            // expected-error @+1 {{a multicast arrive must include the arriving CTA's own element of 'b' (its home barrier); CTA 1 signals only other CTAs (at cm = 0 cn = 1)}}
            exo.arrive(cuda_in_order) >> %b[%cn, :, %i] : !exo.barrier<mbarrier, [2, 2, ? ring 2]>
          }
        }
      }
    }
  }
}

// -----

// A TMA load names the mbarrier as its trailing barrier, but nothing arrives
// on it: the load adds transaction bytes to the phase, not arrivals, and
// mbarrier.init needs a count of at least one, so its phases never complete.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @never_arrived(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op is an mbarrier that is never arrived on: a trailing barrier adds transaction bytes, not arrivals, so its phases need an arrive (one that expects the bytes)}}
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32>(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
      }
      exo.await(%bar[0], cuda_generic_and_async_proxy, 0) : !Bar
    }
  }
}

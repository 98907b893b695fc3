// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// Programs of transaction accounting that the checker accepts, and its errors that
// are not hazards; the hazards it reports are in Hazards/, one file per kind.

// Transaction accounting: an instruction with a trailing mbarrier delivers
// the bytes of the windows it writes asynchronously (element_bytes per
// element) to the barrier element of the CTA they land in; an arrive with
// expect_tx adds the bytes its CTA expects on each target; the first await of
// an element's phase, and the end of the kernel, hold the two equal.
//
// A producer warp loads a 16 x 32 f32 tile (2048 bytes) per step and arrives
// expecting exactly those bytes; a consumer warp awaits and reads the tile.
amir.program @tx_ok(%N) {
  %A = amir.alloc "A" [64, 32] memory <gmem> {element_bytes = 4 : i64}
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [4] barrier !exo.barrier<mbarrier, [4]> {arrivals = 32 : i64}
      %s = amir.alloc "s" [4, 16, 32] memory <smem> {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %c4 {
        amir.warps 0 to 1 {
          amir.instr "load" >> %full[%k] {
            amir.mutate %s[%k, 0, 0] sizes [1, 16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            amir.read %A[0, 0] sizes [16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 2048>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %s[%k, 0, 0] sizes [1, 16, 32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
    }
  }
}

// -----

// Two loads per phase, one arrive expecting both.
amir.program @tx_two_loads_ok(%N) {
  %A = amir.alloc "A" [64, 32] memory <gmem> {element_bytes = 4 : i64}
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [4] barrier !exo.barrier<mbarrier, [4]>
      %s = amir.alloc "s" [4, 16, 32] memory <smem> {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %c4 {
        amir.warps 0 to 1 {
          amir.instr "load" >> %full[%k] {
            amir.mutate %s[%k, 0, 0] sizes [1, 8, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
          }
          amir.instr "load" >> %full[%k] {
            amir.mutate %s[%k, 8, 0] sizes [1, 8, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
          }
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 2048>}
        }
        amir.warps 1 to 2 {
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
          amir.read %s[%k, 0, 0] sizes [1, 16, 32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
    }
  }
}

// -----

// The arrive expects more bytes than the load delivers: the phase never
// completes.
amir.program @tx_too_many(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [4] barrier !exo.barrier<mbarrier, [4]>
      %s = amir.alloc "s" [4, 16, 32] memory <smem> {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %c4 {
        amir.warps 0 to 1 {
          // expected-note @+1 {{an instruction that completes on it}}
          amir.instr "load" >> %full[%k] {
            amir.mutate %s[%k, 0, 0] sizes [1, 16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
          }
          // expected-note @+1 {{the arrive that sets the expected bytes}}
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 4096>}
        }
        amir.warps 1 to 2 {
          // expected-error @+1 {{its phase expects 4096 transaction bytes, but the instructions completing on it deliver only 2048: the phase never completes, so its waiters hang}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
        }
      }
    }
  }
}

// -----

// A variable without an element size: its bytes cannot be counted.
amir.program @tx_no_element_size(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %full = amir.alloc "full" [1] barrier !exo.barrier<mbarrier, [1]>
    %s = amir.alloc "s" [16, 32] memory <smem>
    amir.warps 0 to 1 {
      // expected-error @+1 {{cannot count the transaction bytes this instruction delivers to 'full': 's', which it writes, has no element size (element_bytes)}}
      amir.instr "load" >> %full[0] {
        amir.mutate %s[0, 0] sizes [16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
      }
    }
  }
}

// -----

// More bytes than an mbarrier phase counts (2^20 - 1).
amir.program @tx_too_many_bytes(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %full = amir.alloc "full" [1] barrier !exo.barrier<mbarrier, [1]>
    %s = amir.alloc "s" [512, 512] memory <smem> {element_bytes = 4 : i64}
    amir.warps 0 to 1 {
      // expected-error @+1 {{this instruction delivers more than 1048575 transaction bytes to one element of 'full' at the top level, more than an mbarrier phase counts}}
      amir.instr "load" >> %full[0] {
        amir.mutate %s[0, 0] sizes [512, 512] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
      }
    }
  }
}

// -----

// One arrive statement whose two warp instances expect, together, more than
// an mbarrier phase counts.
amir.program @tx_phase_overflow(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %full = amir.alloc "full" [1] barrier !exo.barrier<mbarrier, [1]>
    amir.threads_for %w = 0 to 2 unit #exo.unit<warp> {
      // expected-error @+1 {{the arrives on 'full'[0] expect 1200000 transaction bytes in one phase at w = 1, more than an mbarrier phase counts (1048575)}}
      amir.arrive cuda_temporal >> %full[0] {expect_tx = array<i64: 600000>}
    }
  }
}

// -----

// A 2-CTA cluster: each CTA loads half of a 64 x 32 tile and multicasts it
// into both CTAs' 'b' (distributed over the CTAs, dimension 0), completing on
// each CTA's 'full' element; each CTA's arrive expects, on each CTA's
// element, the 4096 bytes its half delivers there.
amir.program @tx_multicast_ok(%N) {
  amir.device clusterDim 2 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [2] barrier !exo.barrier<mbarrier, [2]> {cta_dims = 1 : i64, owners = array<i64: 0, 1>}
      %b = amir.alloc "b" [2, 64, 32] memory <smem> {element_bytes = 4 : i64, cta_dims = 1 : i64, owners = array<i64: 0, 1>}
      amir.warps 0 to 1 {
        amir.instr "load_multicast" >> %full[:] {
          amir.mutate %b[0, 0, 0] sizes [2, 64, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
        }
        amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
          amir.arrive cuda_temporal >> %full[:] {expect_tx = array<i64: 4096, 4096, 4096, 4096>}
        }
      }
      amir.warps 1 to 2 {
        amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
          amir.await %full[%c], cuda_generic_and_async_proxy, 0
          amir.read %b[%c, 0, 0] sizes [1, 64, 32] qual <cuda_ram> ext [#exo.qual<cuda_ram>]
        }
      }
    }
  }
}

// -----

// Without CTA owners, the bytes of a multicast cannot be attributed.
amir.program @tx_multicast_no_owners(%N) {
  amir.device clusterDim 2 blockDim 64 {
    %full = amir.alloc "full" [2] barrier !exo.barrier<mbarrier, [2]>
    %b = amir.alloc "b" [2, 64, 32] memory <smem> {element_bytes = 4 : i64}
    amir.warps 0 to 1 {
      // expected-error @+1 {{cannot tell which of the 2 elements of 'full' named by the trailing barrier the bytes this instruction writes into 'b' complete on: the variables carry no CTA owners (cta_dims and owners)}}
      amir.instr "load_multicast" >> %full[:] {
        amir.mutate %b[0, 0, 0] sizes [2, 64, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
      }
    }
  }
}

// -----

// The barrier's owners leave CTA 1's element undecided: the bytes CTA 1's
// memory receives cannot be attributed, and the arrive's expectation on
// that element cannot either (the first is reported).
amir.program @tx_multicast_undecided(%N) {
  amir.device clusterDim 2 blockDim 64 {
    %full = amir.alloc "full" [2] barrier !exo.barrier<mbarrier, [2]> {cta_dims = 1 : i64, owners = array<i64: 0, -1>}
    %b = amir.alloc "b" [2, 64, 32] memory <smem> {element_bytes = 4 : i64, cta_dims = 1 : i64, owners = array<i64: 0, 1>}
    amir.warps 0 to 1 {
      // expected-error @+1 {{this instruction by task 0 CTA 0 threads 0-31, task 0 CTA 1 threads 0-31 at the top level writes 'b' in the shared memory of CTA 1, but no element of 'full' that its trailing barrier names is known to be that CTA's: the bytes would complete on a phase the checker does not follow}}
      amir.instr "load_multicast" >> %full[:] {
        amir.mutate %b[0, 0, 0] sizes [2, 64, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
      }
      amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
        amir.arrive cuda_temporal >> %full[:] {expect_tx = array<i64: 4096, 4096, 4096, 4096>}
      }
    }
  }
}

// -----

// An arrive in a cluster on an element whose CTA is undecided.
amir.program @tx_expect_undecided(%N) {
  amir.device clusterDim 2 blockDim 64 {
    %full = amir.alloc "full" [2] barrier !exo.barrier<mbarrier, [2]> {cta_dims = 1 : i64, owners = array<i64: 0, -1>}
    amir.warps 0 to 1 {
      amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
        // expected-error @+1 {{cannot tell which CTA's element 'full'[1] is, so the transaction bytes this arrive expects on it are unknown: no CTA owner of it is known}}
        amir.arrive cuda_temporal >> %full[:] {expect_tx = array<i64: 4096, 4096, 4096, 4096>}
      }
    }
  }
}

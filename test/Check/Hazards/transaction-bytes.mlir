// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="sizes=N=2" -verify-diagnostics

// The abstract machine's "transaction bytes hazard" reports (HazardKind::TransactionBytes):
// an mbarrier phase whose expected transaction bytes differ from the
// bytes that complete on it (the phase hangs, or completes early).

// The arrive expects half of the bytes: the phase can complete before the
// second half lands.
amir.program @tx_too_few(%N) {
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
          // expected-note @+1 {{the arrive that sets the expected bytes (the lowering's expect_tx)}}
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 1024>}
        }
        amir.warps 1 to 2 {
          // expected-error @+1 {{transaction bytes hazard on 'full'[0] (awaited at t = 0, k = 0): its phase expects 1024 transaction bytes, but the instructions completing on it deliver 2048: the phase can complete before 1024 of them land, and the late bytes count toward the next phase}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
        }
      }
    }
  }
}

// -----
// The load is conditional but the arrive expects its bytes every step: in
// the steps that skip it, the phase never completes.
amir.program @tx_conditional_load(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [4] barrier !exo.barrier<mbarrier, [4]>
      %s = amir.alloc "s" [4, 16, 32] memory <smem> {element_bytes = 4 : i64}
      amir.seq_for %k = %c0 to %c4 {
        %later = arith.cmpi uge, %k, %c1 : index
        amir.warps 0 to 1 {
          amir.if %later {
            amir.instr "load" >> %full[%k] {
              amir.mutate %s[%k, 0, 0] sizes [1, 16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
            }
          }
          // expected-note @+1 {{the arrive that sets the expected bytes}}
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 2048>}
        }
        amir.warps 1 to 2 {
          // expected-error @+1 {{transaction bytes hazard on 'full'[0] (awaited at t = 0, k = 0): its phase expects 2048 transaction bytes, but the instructions completing on it deliver only 0}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
        }
      }
    }
  }
}

// -----
// No arrive expects the bytes: the phase completes on its arrivals alone.
amir.program @tx_unexpected(%N) {
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
          amir.arrive cuda_temporal >> %full[%k]
        }
        amir.warps 1 to 2 {
          // expected-error @+1 {{transaction bytes hazard on 'full'[0] (awaited at t = 0, k = 0): its phase expects no transaction bytes, but the instructions completing on it deliver 2048: the phase can complete on its arrivals alone, before the data lands}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
        }
      }
    }
  }
}

// -----
// A load issued after the await saw the phase complete: its bytes would
// count toward the next phase.
amir.program @tx_after_await(%N) {
  amir.device clusterDim 1 blockDim 96 {
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
          amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 1024>}
        }
        amir.warps 1 to 2 {
          // expected-note @+1 {{the await}}
          amir.await %full[%k], cuda_generic_and_async_proxy, 0
        }
        amir.warps 2 to 3 {
          // expected-error @+1 {{transaction bytes hazard on 'full'[0]: this instruction by task 0 threads 64-95 at t = 0, k = 0 delivers 1024 bytes to it after an await saw its phase complete; they would count toward the next phase of the same mbarrier}}
          amir.instr "load" >> %full[%k] {
            amir.mutate %s[%k, 8, 0] sizes [1, 8, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
          }
        }
      }
    }
  }
}

// -----
// A phase nobody awaits still has to balance: its mbarrier would stay in the
// incomplete phase.
amir.program @tx_never_awaited(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %full = amir.alloc "full" [1] barrier !exo.barrier<mbarrier, [1]>
    %s = amir.alloc "s" [16, 32] memory <smem> {element_bytes = 2 : i64}
    amir.warps 0 to 1 {
      // expected-note @+1 {{an instruction that completes on it}}
      amir.instr "load" >> %full[0] {
        amir.mutate %s[0, 0] sizes [16, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
      }
      // expected-note @+2 {{the arrive that sets the expected bytes}}
      // expected-error @+1 {{transaction bytes hazard on 'full'[0] (never awaited): its phase expects 2048 transaction bytes, but the instructions completing on it deliver only 1024}}
      amir.arrive cuda_temporal >> %full[0] {expect_tx = array<i64: 2048>}
    }
  }
}

// -----
// The same with CTA 1's arrive expecting nothing on CTA 0's element: CTA 0's
// phase expects only CTA 0's half.
amir.program @tx_multicast_short(%N) {
  amir.device clusterDim 2 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [2] barrier !exo.barrier<mbarrier, [2]> {cta_dims = 1 : i64, owners = array<i64: 0, 1>}
      %b = amir.alloc "b" [2, 64, 32] memory <smem> {element_bytes = 4 : i64, cta_dims = 1 : i64, owners = array<i64: 0, 1>}
      amir.warps 0 to 1 {
        // expected-note @+1 {{an instruction that completes on it}}
        amir.instr "load_multicast" >> %full[:] {
          amir.mutate %b[0, 0, 0] sizes [2, 64, 32] qual <tma_to_smem> ext [#exo.qual<tma_to_smem>, #exo.qual<async_retired>] out_of_order write_only
        }
        amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
          // expected-note @+1 {{the arrive that sets the expected bytes}}
          amir.arrive cuda_temporal >> %full[:] {expect_tx = array<i64: 4096, 4096, 0, 4096>}
        }
      }
      amir.warps 1 to 2 {
        amir.threads_for %c = 0 to 2 unit #exo.unit<cta> {
          // expected-error @+1 {{transaction bytes hazard on 'full'[0] (awaited at t = 0, c = 0): its phase expects 4096 transaction bytes, but the instructions completing on it deliver 8192}}
          amir.await %full[%c], cuda_generic_and_async_proxy, 0
        }
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-lower-to-nvvm

// Errors of -exo-lower-to-nvvm: one chunk per diagnostic of ExoToNVVM.cpp,
// each on a program that the verifiers and the collective analysis accept,
// so that the lowering itself reports it.
//
// Not here: the diagnostics that the op verifiers or the collective
// analysis always pre-empt (a second cuda_tasks loop, code between
// cuda_tasks loops, task bounds computed in the nest, setmaxnreg budgets
// mixed in a warpgroup, a warp group name without groups, a non-constant
// on-chip extent, a call of a non-instruction proc, a box rank that is not
// the tensor's), those whose input always has a lowering (arrays, barriers
// and values without one), the fence and named-barrier limits that the
// fence units cannot reach, the issuers of a TMA load spanning different
// numbers of CTAs, and the dead "single threads of different instances"
// check.

//===----------------------------------------------------------------------===//
// Host code and the kernel signature
//===----------------------------------------------------------------------===//

// Host code may encode tensor maps, but a plain gmem window has no lowering.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @host_window(%N: index, %x: !x) {
  // expected-error @+1 {{'exo.window' op in host code must encode a tensor map of a gmem argument to be lowered}}
  %w = exo.window %x[0 :+ 4] : !x -> !exo.window<[4], f32, gmem>
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// A tensor map of part of a tensor (valid exo) is not lowered.
!A = !exo.tensor<[M, K], f32, gmem>
exo.proc @partial_tensor_map(%M: index, %K: index, %A: !A) {
  // expected-error @+1 {{encodes a tensor map of part of a tensor; only whole tensors (`[:, :]`) are lowered}}
  %m = exo.window %A[0 :+ 128, :] : !A -> !exo.window<[128, K], f32, tma_map<0, [128, 32]>>
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %M cuda_tasks {
    }
  }
}

// -----

// Host code may only compute sizes, encode tensor maps and zero arguments:
// no loops.
exo.proc @host_loop(%N: index) {
  // expected-error @+1 {{'exo.for' op in host code has no GPU lowering (host code may only compute sizes}}
  exo.for %i = 0 to 2 seq {
  }
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// Kernel parameters are index, f32, i32 and gmem tensors.
!x = !exo.tensor<[N], f32, gmem>
// expected-error @+1 {{'exo.proc' op argument 'h' of type 'f16' cannot be passed to a GPU kernel (index, f32, i32 and gmem tensors can)}}
exo.proc @f16_argument(%N: index, %h: f16, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// The launcher zeroes memory before the launch, not after it.
!C = !exo.tensor<[M, N], f32, gmem>
exo.proc @memset0(%M: index, %N: index,
    %dst: !C {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_cuda_stream, lowering = "cuda_memset0"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    exo.for %j = 0 to %N seq {
      exo.assign %dst[%i, %j] = %zero : !C
    }
  }
}
exo.proc @memset_after_launch(%M: index, %N: index, %C: !C) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %M cuda_tasks {
    }
  }
  // expected-error @+1 {{'exo.call' op zeroes memory after the device function; the launcher can only do it before the launch}}
  exo.call @memset0(%M, %N, %C) : (index, index, !C)
}

// -----

// A memset instruction that zeroes two arrays: the launcher zeroes one whole
// gmem argument per call.
!C = !exo.tensor<[M, N], f32, gmem>
exo.proc @memset0_pair(%M: index, %N: index,
    %a: !C {exo.access = #exo.access<write>},
    %b: !C {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cpu_cuda_stream, lowering = "cuda_memset0"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to %M seq {
    exo.for %j = 0 to %N seq {
      exo.assign %a[%i, %j] = %zero : !C
      exo.assign %b[%i, %j] = %zero : !C
    }
  }
}
exo.proc @memset_of_two_arrays(%M: index, %N: index, %C: !C, %D: !C) {
  // expected-error @+1 {{'exo.call' op must zero one whole gmem argument of the proc to be lowered}}
  exo.call @memset0_pair(%M, %N, %C, %D) : (index, index, !C, !C)
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %M cuda_tasks {
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Barriers and on-chip memory
//===----------------------------------------------------------------------===//

// An mbarrier dimension named by a size (not distributed: indexed by a seq
// iterator) has no on-chip extent.
!Bar = !exo.barrier<mbarrier, [N]>
exo.proc @barrier_size_dim(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op barrier dimension 0 has no constant extent; on-chip barriers need one}}
      %bar = exo.alloc : !Bar
      exo.for %k = 0 to %N seq {
        exo.arrive(cuda_in_order) >> %bar[%k] : !Bar
        exo.await(%bar[%k], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

// Both arrives bring 32 threads per phase (the collective analysis agrees),
// but warp 0 arrives once (one arrival per whole warp) while the two half
// warps (threads 0-15 and 32-47) arrive once per thread. (The lowering
// reports it at the first arrive, with the other one's count first.)
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @mixed_arrival_units(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.warps 0 to 1 {
        // expected-error @+1 {{makes the elements of this mbarrier receive different numbers of arrivals per phase (32 and 1, counting this and the other arrives on it)}}
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
      }
      exo.for %h = 0 to 1 cuda_threads<2 * threads_strided(16, 32)> {
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// An mbarrier needs an arrival count for its init.
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @never_arrived(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op is an mbarrier that is never arrived on}}
      %bar = exo.alloc : !Bar
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// 256 KiB of shared memory do not fit in a CTA.
exo.proc @too_much_smem(%N: index) {
  // expected-error @+1 {{'exo.device_function' op needs 263168 bytes of shared memory per CTA (including barriers and alignment), more than the 232448 an sm_90a CTA may use}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !exo.tensor<[256, 256], f32, smem>
    }
  }
}

// -----

// Device code may allocate regs_uniform memory, but it has no lowering.
exo.proc @regs_uniform_alloc(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op allocates regs_uniform memory in device code, which has no GPU lowering; device code allocates smem, smem_swizzle, regs, wgmma_accum, wgmma_a, mma_a, mma_b and mma_c}}
      %r = exo.alloc : !exo.tensor<[4], f32, regs_uniform<32>>
    }
  }
}

// -----

// A wgmma accumulator holds 64 rows per warpgroup.
exo.proc @accumulator_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a wgmma accumulator must end in a 64 x N f32 tile per warpgroup after its distributed dimensions}}
      %d = exo.alloc : !exo.tensor<[32, 8], f32, wgmma_accum>
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

// tf32 values exist only inside instructions.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @tf32_arith(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'arith.truncf' op has no GPU lowering for type 'tf32'}}
        %r = arith.truncf %v toward_zero : f32 to tf32
        %e = arith.extf %r : tf32 to f32
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Only arith and exo ops are lowered.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @math_op(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'math.exp' op has no GPU lowering; device code lowers the exo statements (for, if, warps, window, read, assign, reduce, fence, arrive, await, call of an instruction) and arith operations}}
        %e = math.exp %v : f32
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Threads 0 and 4 are not a range of thread indices: no guard.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @guard_not_a_range(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op runs on threads that are not one range of thread indices in each of its CTAs (2 threads: thread 0, thread 4); it cannot be guarded}}
      exo.for %i = 0 to 1 cuda_threads<2 * threads_strided(1, 4)> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// CTAs 0 and 2 of a cluster of 4 are not a range of CTA ranks.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @ctas_not_a_range(%N: index, %x: !x) {
  exo.device_function(blockDim = 128, clusterDim = 4) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op runs on a set of CTAs that is not a range (256 threads: CTA 0 threads 0-127, CTA 2 threads 0-127)}}
      exo.for %i = 0 to 1 cuda_threads<2 * cta_strided(2)> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// Quadpair q is threads 4q..4q+3 and 4q+16..4q+19: thread 16 belongs to
// iteration 0, which no ((tid - base) / span) mod n gives.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @quadpair_loop(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.for' op assigns threads to iterations in a way that is not ((thread index - base) / span) mod n or ((CTA rank - base) / span) mod n; it has no lowering}}
      exo.for %q = 0 to 8 cuda_threads<quadpair> {
        %v = exo.read %x[%t] : !x
      }
    }
  }
}

// -----

// Swizzled shared memory that is not laid out in rows of whole swizzle spans
// (here: one dimension) is only accessed by instructions.
!x = !exo.tensor<[N], f32, gmem>
!S = !exo.tensor<[128], f32, smem_swizzle<128>>
exo.proc @swizzled_element_read(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !S
      exo.for %i = 0 to 128 cuda_threads<thread> {
        // expected-error @+1 {{'exo.read' op accesses smem_swizzle memory element by element; only instructions may}}
        %v = exo.read %s[%i] : !S
        exo.assign %x[%t] = %v : !x
      }
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

// Each CTA allocates its own mbarrier: its init would not be seen by the
// whole cluster.
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @mbarrier_per_cta(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %c = 0 to 2 cuda_threads<cta> {
        // expected-error @+1 {{'exo.alloc' op allocates mbarriers in a collective smaller than the cluster (128 threads: CTA 0 threads 0-127); their initialization needs every thread}}
        %bar = exo.alloc : !Bar
        exo.arrive(cuda_in_order) >> %bar[0] : !Bar
        exo.await(%bar[0], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

// A fence into the TMA proxy has no lowering.
exo.proc @fence_timelines(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.fence' op Fence(cuda_in_order, tma_to_smem_async) has no lowering}}
      exo.fence(cuda_in_order, tma_to_smem_async)
    }
  }
}

// -----

// Warp 0 of CTA 0 signals only CTA 0, warp 1 of CTA 0 signals CTAs 0 and
// 1: one arrive statement, two CTA masks in one CTA.
!Bar = !exo.barrier<mbarrier, [2, 1]>
exo.proc @arrive_masks_per_instance(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to %N cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.for %m = 0 to 2 cuda_threads<cta> {
        exo.for %n = 0 to 1 cuda_threads<cta> {
          exo.await(%bar[%m, %n], cuda_in_order, 0) : !Bar
          exo.for %w = 0 to 2 cuda_threads<warp> {
            // expected-error @+1 {{'exo.arrive' op signals different CTAs from CTA 0 in different instances; no lowering}}
            exo.arrive(cuda_in_order) >> %bar[%m, :] >> %bar[%w, :] : !Bar
          }
        }
      }
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Arrives that expect TMA transactions
//===----------------------------------------------------------------------===//
// The TMA load runs in a loop with a dynamic trip count: the bytes the
// arrive expects are not a constant.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tx_dynamic_repeat(%M: index, %K: index, %R: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        exo.for %r = 0 to %R seq {
          %d = exo.window %s[:, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
          exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        }
        // expected-error @+1 {{'exo.arrive' op expects the transactions of a call inside loop 'r', whose trip count is not a constant; its expected transaction bytes cannot be told}}
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A single thread would arrive with the transaction bytes of the TMA load.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tx_arrive_by_a_thread(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.for %i = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{'exo.arrive' op expects transactions but does not run on whole warps}}
          exo.arrive(cuda_temporal) >> %bar[0] : !Bar
        }
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Warps 0 and 1 arrive (two instances); which one carries the transaction
// bytes?
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tx_arrive_by_two_warps(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
      }
      exo.for %w = 0 to 2 cuda_threads<warp> {
        // expected-error @+1 {{'exo.arrive' op expects transactions from instances that start at different threads; no lowering}}
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

// An instruction whose lowering has no GPU implementation.
!x = !exo.tensor<[N], f32, gmem>
!V = !exo.window<[4], f32, gmem>
exo.proc @st_zero_v4(%dst: !V {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_zero_v4"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %dst[%i] = %zero : !V
  }
}
exo.proc @unknown_lowering(%N: index, %x: !x) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %w = exo.window %x[%i4 :+ 4] : !x -> !V
        // expected-error @+1 {{'exo.call' op calls instruction @st_zero_v4 whose lowering "st_zero_v4" is not implemented for the GPU}}
        exo.call @st_zero_v4(%w) : (!V)
      }
    }
  }
}

// -----

// A known lowering (a 16-byte vector store: registers to memory) given one
// array argument instead of two.
!x = !exo.tensor<[N], f32, gmem>
!V = !exo.window<[4], f32, gmem>
exo.proc @st_global_v4(%dst: !V {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_global_v4"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %dst[%i] = %zero : !V
  }
}
exo.proc @unknown_lowering(%N: index, %x: !x) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %w = exo.window %x[%i4 :+ 4] : !x -> !V
        // expected-error @+1 {{'exo.call' op calls instruction @st_global_v4 (lowering "st_global_v4"), which takes 2 array arguments and nothing else, with 1 arguments}}
        exo.call @st_global_v4(%w) : (!V)
      }
    }
  }
}

// -----

// Butterfly shuffles (shfl_xor_sum_N)
//
// The pair is held by one thread (dimension 1 is not distributed), not by
// the two exchanging threads.
!R = !exo.tensor<[128, 2], f32, regs>
!P = !exo.window<[2], f32, regs>
exo.proc @shfl_xor_sum_1(%dst: !P {exo.access = #exo.access<write>},
                         %src: !P {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "shfl_xor_sum_1"> {
  %a = exo.read %src[0] : !P
  %b = exo.read %src[1] : !P
  %s = arith.addf %a, %b : f32
  exo.assign %dst[0] = %s : !P
}
exo.proc @shuffle_of_one_thread(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %p = exo.window %r[%i, :] : !R -> !P
        // expected-error @+1 {{'exo.call' op a butterfly shuffle needs f32 register windows (not an instruction's fragment) whose only dimension is distributed over the exchanging threads}}
        exo.call @shfl_xor_sum_1(%p, %p) : (!P, !P)
      }
    }
  }
}

// -----

// Only threads 0 and 1 exchange: shfl.sync with a full member mask needs
// the whole warp.
!R = !exo.tensor<[2], f32, regs>
exo.proc @shfl_xor_sum_1(%dst: !R {exo.access = #exo.access<write, distributed [thread]>},
                         %src: !R {exo.access = #exo.access<read, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "shfl_xor_sum_1"> {
  %a = exo.read %src[0] : !R
  %b = exo.read %src[1] : !R
  %s = arith.addf %a, %b : f32
  exo.assign %dst[0] = %s : !R
  exo.assign %dst[1] = %s : !R
}
exo.proc @shuffle_of_two_threads(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %p = exo.alloc : !R
      %q = exo.alloc : !R
      exo.for %i = 0 to 1 cuda_threads<2 * thread> {
        // expected-error @+1 {{'exo.call' op runs a warp shuffle on threads that are not whole warps (2 threads: threads 0-1)}}
        exo.call @shfl_xor_sum_1(%q, %p) : (!R, !R)
      }
    }
  }
}

// -----

// TMA loads (tma_load_2d, tma_load_multicast_2d)
//
// The destination is in global memory.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, gmem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_to_gmem(%M: index, %K: index, %A: !A, %G: !exo.tensor<[64, 32], f32, gmem>) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %G[:, :] : !exo.tensor<[64, 32], f32, gmem> -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op a TMA load needs a shared-memory destination and a tensor-map source}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA load whose body rounds f32 to bf16: the copy engine moves bytes and
// would not convert.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], bf16, smem>
!Sw = !exo.window<[64, 32], bf16, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      %r = arith.truncf %v : f32 to bf16
      exo.assign %dst[%i, %j] = %r : !Sw
    }
  }
}
exo.proc @tma_load_converting(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op a TMA load copies bytes: its destination holds elements of type 'bf16', its source of type 'f32'}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA store whose body widens bf16 to f32.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], bf16, smem>
!Sw = !exo.window<[64, 32], bf16, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      %w = arith.extf %v : bf16 to f32
      exo.assign %dst[%i, %j] = %w : !Ctile
    }
  }
}
exo.proc @tma_store_converting(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store copies bytes: its destination holds elements of type 'f32', its source of type 'bf16'}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// No trailing barrier: the load completes on nothing.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_without_barrier(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op a TMA load needs a trailing mbarrier}}
        exo.call @tma_load(%d, %a) : (!Sw, !Atile)
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A 128-byte swizzled tensor map into unswizzled shared memory.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_swizzle_mismatch(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the shared-memory swizzle (0) differs from the tensor map's (128)}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Each of the 2 CTAs of the multicast would load half of the 63 rows.
!B = !exo.tensor<[N, K], f32, gmem>
!Bmap = !exo.window<[N, K], f32, tma_map<0, [63, 32]>>
!Btile = !exo.window<[63, 32], f32, tma_map<0, [63, 32]>>
!S = !exo.tensor<[2, 63, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @tma_load_multicast(
    %dst: !S {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
    %src: !Btile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "tma_load_multicast_2d", barrier = mbarrier> {
  exo.for %c = 0 to 2 seq {
    exo.for %i = 0 to 63 seq {
      exo.for %j = 0 to 32 seq {
        %v = exo.read %src[%i, %j] : !Btile
        exo.assign %dst[%c, %i, %j] = %v : !S
      }
    }
  }
}
exo.proc @multicast_of_odd_rows(%N: index, %K: index, %B: !B) {
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %t = 0 to %N cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      exo.warps 0 to 1 {
        %b = exo.window %B_map[0 :+ 63, 0 :+ 32] : !Bmap -> !Btile
        // expected-error @+1 {{'exo.call' op the window's 63 rows do not split over 2 issuing CTAs}}
        exo.call @tma_load_multicast(%s, %b) >> %bar[:] : (!S, !Btile) >> !Bar
        exo.for %c = 0 to 2 cuda_threads<cta> {
          exo.arrive(cuda_temporal) >> %bar[:] : !Bar
        }
      }
      exo.for %c = 0 to 2 cuda_threads<cta> {
        exo.await(%bar[%c], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

// A 64 x 32 window of a tensor map whose box is 32 x 32, issued by one CTA.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [32, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [32, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_box_mismatch(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op moves 64 elements along dimension 0 of the tensor map per issuing CTA, but its box has 32}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// The destination keeps a (non-distributed) leading dimension of extent 1.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[2, 64, 32], f32, smem>
!Sw = !exo.window<[1, 64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[0, %i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_3d_destination(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[0 :+ 1, :, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the destination has 3 dimensions after its distributed ones, the source window 2}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// Issued by a warpgroup: no single elected thread per CTA.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warpgroup, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_by_a_warpgroup(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 4 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op a TMA load must be issued by one warp or one thread per CTA to be lowered, but here it runs on the whole cluster (128 threads)}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// TMA stores (tma_store_2d)
//
// The destination is a plain gmem window, not a tensor map.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, gmem>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_to_gmem(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C[%m0 :+ 64, 0 :+ 32] : !C -> !Ctile
        %w = exo.window %s[:, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store needs a tensor-map destination and a shared-memory source}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// A 128-byte swizzled tensor map from unswizzled shared memory.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_swizzle_mismatch(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory swizzle (0) differs from the tensor map's (128)}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// The source is the left half of 64-element rows: not one dense box.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_strided_source(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source is not one dense box (no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// Issued by a warpgroup: no single elected thread per CTA.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_by_a_warpgroup(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 4 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store must be issued by one warp or one thread per CTA to be lowered}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// wgmma (wgmma_zero_scale_d, wgmma_tf32, wgmma_store_d_smem)
//
// Half an accumulator tile.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!Dh = !exo.window<[32, 8], f32, wgmma_accum>
exo.proc @wgmma_zero_half(%d: !Dh {exo.access = #exo.access<write>})
    instr<unit = warpgroup, timeline = wgmma_zero, lowering = "wgmma_zero_scale_d"> {
  %zero = arith.constant 0.0 : f32
  exo.for %i = 0 to 32 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %d[%i, %j] = %zero : !Dh
    }
  }
}
exo.proc @wgmma_zero_of_half_a_tile(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[0 :+ 32, :] : !Dt -> !Dh
      // expected-error @+1 {{'exo.call' op needs a whole 64 x N wgmma accumulator tile}}
      exo.call @wgmma_zero_half(%d) : (!Dh)
    }
  }
}

// -----

// The A operand in unswizzled shared memory.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[64, 32], f32, smem>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_m64n8k8(%d: !D {exo.access = #exo.access<read_write>},
                        %a: !Ak {exo.access = #exo.access<read, out_of_order>},
                        %b: !Bk {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 8 seq {
        %x = exo.read %a[%m, %k] : !Ak
        %y = exo.read %b[%n, %k] : !Bk
        %p = arith.mulf %x, %y : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @wgmma_unswizzled_a(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand in unswizzled shared memory must be a 2 x 64 x 4 window (two columns of 8 x 16-byte core matrices) of a tensor whose rows are 16 bytes}}
      exo.call @wgmma_m64n8k8(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// The A operand in swizzled shared memory whose rows are not one swizzle
// span (128-byte rows, 64-byte swizzle).
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[64, 32], f32, smem_swizzle<64>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<64>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_m64n8k8(%d: !D {exo.access = #exo.access<read_write>},
                        %a: !Ak {exo.access = #exo.access<read, out_of_order>},
                        %b: !Bk {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 8 seq {
        %x = exo.read %a[%m, %k] : !Ak
        %y = exo.read %b[%n, %k] : !Bk
        %p = arith.mulf %x, %y : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @wgmma_wrong_span(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand must be a 64 x 8 window of swizzled shared memory (32, 64 or 128 bytes) whose K is the tensor's last dimension and whose rows are one swizzle span apart, of tf32}}
      exo.call @wgmma_m64n8k8(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// The accumulator stored into a bf16 tensor: the store writes the f32 values
// as they are (the instruction's body rounds, the lowering would not).
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.tensor<[M, N], bf16, gmem>
!Cw = !exo.window<[64, 16], bf16, gmem>
exo.proc @wgmma_store_bf16(%dst: !Cw {exo.access = #exo.access<write>},
                           %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      %t = arith.truncf %v : f32 to bf16
      exo.assign %dst[%i, %j] = %t : !Cw
    }
  }
}
exo.proc @wgmma_store_to_bf16(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M - 64 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, 0 :+ 16] : !Cg -> !Cw
      // expected-error @+1 {{'exo.call' op an accumulator store writes f32 values, but its destination holds 'bf16'}}
      exo.call @wgmma_store_bf16(%c, %d) : (!Cw, !D)
    }
  }
}

// -----

// An accumulator reduce-add into shared memory: red.global.add adds into
// global memory only.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!St = !exo.tensor<[64, 16], f32, smem>
!Sw = !exo.window<[64, 16], f32, smem>
exo.proc @wgmma_red_smem(%dst: !Sw {exo.access = #exo.access<read_write, atomic>},
                         %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_red_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.reduce %dst[%i, %j] += %v : !Sw
    }
  }
}
exo.proc @wgmma_red_into_smem() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %S = exo.alloc : !St
      %s = exo.window %S[:, :] : !St -> !Sw
      // expected-error @+1 {{'exo.call' op an accumulator reduce-add adds f32 values into global memory (red.global.add): its destination must be a window of an f32 global tensor}}
      exo.call @wgmma_red_smem(%s, %d) : (!Sw, !D)
    }
  }
}

// -----

// The accumulator stored into swizzled shared memory whose rows (16 f32,
// 64 bytes) are not whole 128-byte swizzle spans.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem_swizzle<128>>
!Cw = !exo.window<[64, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_store(%dst: !Cw {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cw
    }
  }
}
exo.proc @wgmma_store_to_swizzled_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[:, 0 :+ 8] : !Cs -> !Cw
      // expected-error @+1 {{'exo.call' op the destination of an accumulator store must be a 64 x 8 window of global memory, of unswizzled shared memory, or of swizzled shared memory whose rows are whole swizzle spans (the window's last two dimensions, its first column even)}}
      exo.call @wgmma_store(%c, %d) : (!Cw, !D)
    }
  }
}

// -----

// A column window of the accumulator at an offset known only at run time:
// the registers a store reads must be known when lowering.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cs
    }
  }
}
exo.proc @wgmma_store_column_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      exo.for %q = 0 to 4 seq {
        %c8 = arith.constant 8 : index
        %o = arith.muli %q, %c8 : index
        %d = exo.window %D[:, %o :+ 8] : !Dt -> !D
      // expected-error @+1 {{'exo.call' op needs a whole 64 x N wgmma accumulator tile (N a multiple of 8 up to 256), or a window of it of whole 8-column blocks at a constant column offset}}
        exo.call @wgmma_store(%C, %d) : (!Cs, !D)
      }
    }
  }
}

// -----

// A column window that splits an 8-column block of the fragment.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 8], f32, smem>
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cs
    }
  }
}
exo.proc @wgmma_store_column_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, 4 :+ 8] : !Dt -> !D
      // expected-error @+1 {{'exo.call' op needs a whole 64 x N wgmma accumulator tile (N a multiple of 8 up to 256), or a window of it of whole 8-column blocks at a constant column offset}}
      exo.call @wgmma_store(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// A column window of a width that is no multiple of 8.
!Dt = !exo.tensor<[64, 32], f32, wgmma_accum>
!D = !exo.window<[64, 12], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 12], f32, smem>
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 12 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cs
    }
  }
}
exo.proc @wgmma_store_column_window(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, 8 :+ 12] : !Dt -> !D
      // expected-error @+1 {{'exo.call' op needs a whole 64 x N wgmma accumulator tile (N a multiple of 8 up to 256), or a window of it of whole 8-column blocks at a constant column offset}}
      exo.call @wgmma_store(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Device functions
//===----------------------------------------------------------------------===//

// A proc lowers to one kernel.
exo.proc @two_device_functions(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
  // expected-error @+1 {{'exo.device_function' op is a second device function in @two_device_functions; a proc lowers to one kernel}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// A launch inside a host loop.
exo.proc @launch_in_a_loop(%N: index) {
  exo.for %i = 0 to 2 seq {
    // expected-error @+1 {{'exo.device_function' op must be at the top level of its proc to be lowered}}
    exo.device_function(blockDim = 128) {
      exo.for %t = 0 to %N cuda_tasks {
      }
    }
  }
}

// -----

// The lowering name promises lanes t and t ^ 4; the unit pairs t and t + 1.
!R = !exo.tensor<[128, 2], f32, regs>
!P = !exo.window<[2], f32, regs>
exo.proc @shfl_xor_sum_4(%dst: !P {exo.access = #exo.access<write, distributed [thread]>},
                         %src: !P {exo.access = #exo.access<read, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "shfl_xor_sum_4"> {
  %a = exo.read %src[0] : !P
  %b = exo.read %src[1] : !P
  %s = arith.addf %a, %b : f32
  exo.assign %dst[0] = %s : !P
  exo.assign %dst[1] = %s : !P
}
exo.proc @k(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %p = exo.alloc : !exo.tensor<[64, 2], f32, regs>
      %q = exo.alloc : !exo.tensor<[64, 2], f32, regs>
      exo.for %i = 0 to 64 cuda_threads<2 * thread> {
        %a = exo.window %p[%i, :] : !exo.tensor<[64, 2], f32, regs> -> !P
        %b = exo.window %q[%i, :] : !exo.tensor<[64, 2], f32, regs> -> !P
        // expected-error @+1 {{a butterfly shuffle with lane mask 4 exchanges lanes t and t ^ 4, but an instance of this call runs on 2 threads: threads 0-1}}
        exo.call @shfl_xor_sum_4(%b, %a) : (!P, !P)
      }
    }
  }
}

// -----

// A 16-byte vector load into registers must move 4 consecutive values: a
// 2-element window does not.
!x = !exo.tensor<[N], f32, gmem>
!V2 = !exo.window<[2], f32, gmem>
!R = !exo.tensor<[128, 2], f32, regs>
!R2 = !exo.window<[2], f32, regs>
exo.proc @ld_global_v4_2(%dst: !R2 {exo.access = #exo.access<write>},
                         %src: !V2 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "ld_global_v4"> {
  exo.for %i = 0 to 2 seq {
    %v = exo.read %src[%i] : !V2
    exo.assign %dst[%i] = %v : !R2
  }
}
exo.proc @short_vector(%N: index, %x: !x) {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i2 = arith.muli %i, %c2 : index
        %s = exo.window %x[%i2 :+ 2] : !x -> !V2
        %d = exo.window %r[%i, :] : !R -> !R2
        // expected-error @+1 {{'exo.call' op a 16-byte vector load moves 4 consecutive 32-bit values between a thread's registers (not an instruction's fragment) and global memory}}
        exo.call @ld_global_v4_2(%d, %s) : (!R2, !V2)
      }
    }
  }
}

// -----

// A 16-byte vector load needs a provably aligned address: a window that may
// start at any element is refused.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @ld_global_v4(%dst: !R4 {exo.access = #exo.access<write>},
                       %src: !V4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "ld_global_v4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !V4
    exo.assign %dst[%i] = %v : !R4
  }
}
exo.proc @unaligned_vector(%N: index, %x: !x)
    requires affine_set<()[N] : (N - 131 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %x[%i :+ 4] : !x -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector load needs a provably 16-byte-aligned address: the window's first element must be a multiple of 4 (a constant multiple, or a product with one) and so must the tensor's last extent (a constant, or a size that the proc's `requires` makes one: `N mod 4 == 0`)}}
        exo.call @ld_global_v4(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// ... and so is a window at a multiple of 4 in rows whose length may not be
// one.
!A = !exo.tensor<[M, K], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @st_global_v4(%dst: !V4 {exo.access = #exo.access<write>},
                       %src: !R4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_global_v4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !R4
    exo.assign %dst[%i] = %v : !V4
  }
}
exo.proc @odd_rows(%M: index, %K: index, %A: !A)
    requires affine_set<()[M, K] : (M - 128 >= 0, K - 4 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %A[%i, 0 :+ 4] : !A -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store needs a provably 16-byte-aligned address}}
        exo.call @st_global_v4(%s, %d) : (!V4, !R4)
      }
    }
  }
}

// -----

// A wgmma A fragment of another shape than 64 x 8.
!Ar = !exo.tensor<[64, 16], f32, wgmma_a>
exo.proc @fragment_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a wgmma A fragment must be a 64 x 8 f32 (tf32) or 64 x 16 bf16/f16 tile per warpgroup after its distributed dimensions}}
      %A = exo.alloc : !Ar
    }
  }
}

// -----

// Loading a wgmma A fragment from swizzled shared memory.
!Ar = !exo.tensor<[64, 8], f32, wgmma_a>
!Aw = !exo.window<[64, 8], f32, wgmma_a>
!S = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Sw = !exo.window<[64, 8], f32, smem_swizzle<128>>
exo.proc @load_a(%dst: !Aw {exo.access = #exo.access<write>},
                 %src: !Sw {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_load_a"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Aw
    }
  }
}
exo.proc @load_a_swizzled(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %A = exo.alloc : !Ar
      %S = exo.alloc : !S
      %a = exo.window %A[:, :] : !Ar -> !Aw
      %s = exo.window %S[:, 0 :+ 8] : !S -> !Sw
      // expected-error @+1 {{'exo.call' op loads a wgmma A fragment: a whole 64 x 8 tf32 (64 x 16 bf16/f16) fragment from a window of that shape and type in unswizzled shared memory}}
      exo.call @load_a(%a, %s) : (!Aw, !Sw)
    }
  }
}

// -----

// A bf16 wgmma with a tf32-shaped (f32) A fragment in registers.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Ar = !exo.tensor<[64, 8], f32, wgmma_a>
!Aw = !exo.window<[64, 8], f32, wgmma_a>
!Bs = !exo.tensor<[8, 64], bf16, smem_swizzle<128>>
!Bk = !exo.window<[8, 16], bf16, smem_swizzle<128>>
exo.proc @wgmma_rs(%d: !D {exo.access = #exo.access<read_write>},
                   %a: !Aw {exo.access = #exo.access<read, out_of_order>},
                   %b: !Bk {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_bf16", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 8 seq {
        %x = exo.read %a[%m, %k] : !Aw
        %y = exo.read %b[%n, %k] : !Bk
        %ye = arith.extf %y : bf16 to f32
        %p = arith.mulf %x, %ye : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @wgmma_rs_bf16(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !Ar
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[:, :] : !Ar -> !Aw
      %b = exo.window %B[:, 0 :+ 16] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma A operand in registers must be a whole 64 x 16 bf16 wgmma_a fragment}}
      exo.call @wgmma_rs(%d, %a, %b) : (!D, !Aw, !Bk)
    }
  }
}

// -----

// Device code reaches partial tiles only through TMA: an oob element access
// has no lowering.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @oob_element(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        // expected-error @+1 {{'exo.read' op may fall outside its tensor (oob); device code accesses such tensors only through TMA instructions (stage the tile and replace its copies)}}
        %v = exo.read oob %x[%i] : !x
      }
    }
  }
}

// -----

// An accumulator store past the end of its tensor skips the elements outside
// a two-dimensional global tensor; a window of three dimensions is refused.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!C3 = !exo.tensor<[2, M, N], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
exo.proc @wgmma_store_gmem_oob(%dst: !Cw {exo.access = #exo.access<write, oob>},
                               %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cw
    }
  }
}
exo.proc @oob_store_3d(%M: index, %N: index, %C: !C3)
    requires affine_set<()[M, N] : (N mod 16 == 0, M - 1 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window oob %C[1, 0 :+ 64, 0 :+ 16] : !C3 -> !Cw
      // expected-error @+1 {{'exo.call' op an accumulator store that may reach past the end of its tensor needs a 64 x 16 window of a two-dimensional global tensor}}
      exo.call @wgmma_store_gmem_oob(%c, %d) : (!Cw, !D)
    }
  }
}

// -----

// Only TMA zero-fills and clips: a vector load declared oob is not lowered
// with an oob window.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @ld_global_v4_oob(%dst: !R4 {exo.access = #exo.access<write>},
                           %src: !V4 {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "ld_global_v4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !V4
    exo.assign %dst[%i] = %v : !R4
  }
}
exo.proc @oob_vector(%N: index, %x: !x) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %i4 = arith.muli %i, %c4 : index
        %s = exo.window oob %x[%i4 :+ 4] : !x -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op passes an oob window (argument 1) to @ld_global_v4_oob, whose lowering "ld_global_v4" does not handle elements past the tensor (only TMA and the global accumulator store's destination do)}}
        exo.call @ld_global_v4_oob(%d, %s) : (!R4, !V4)
      }
    }
  }
}

// -----

// Swizzled rows of two spans (column chunks) are written by accumulator
// stores and read by TMA stores, not loaded by TMA.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<128, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem_swizzle<128>>
!Sw = !exo.window<[64, 32], f32, smem_swizzle<128>>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_chunked(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %bar = exo.alloc : !exo.barrier<mbarrier, [1]>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        %w = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA load into swizzled shared memory needs rows of one swizzle span (128 bytes)}}
        exo.call @tma_load(%w, %a) >> %bar[0] : (!Sw, !Atile) >> !exo.barrier<mbarrier, [1]>
        exo.arrive(cuda_temporal) >> %bar[0] : !exo.barrier<mbarrier, [1]>
      }
      exo.await(%bar[0], cuda_in_order, 0) : !exo.barrier<mbarrier, [1]>
    }
  }
}

// -----

// A TMA store from swizzled shared memory needs rows of whole swizzle spans:
// here 16 f32 (64 bytes) under a 128-byte swizzle.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<128, [32, 16]>>
!Ctile = !exo.window<[32, 16], f32, tma_map<128, [32, 16]>>
!S = !exo.tensor<[64, 16], f32, smem_swizzle<128>>
!Sw = !exo.window<[32, 16], f32, smem_swizzle<128>>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 32 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_short_rows(%M: index, %N: index, %C: !C) {
  %c32 = arith.constant 32 : index
  %Mt = arith.divui %M, %c32 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c32 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 32, 0 :+ 16] : !Cmap -> !Ctile
        %w = exo.window %s[0 :+ 32, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op a TMA store from swizzled shared memory needs a window of the last two dimensions of a tensor whose rows are whole swizzle spans}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// An atomic add into shared memory: red.global needs a global destination.
!S = !exo.tensor<[4], f32, smem>
!S1 = !exo.window<[1], f32, smem>
!R = !exo.tensor<[1], f32, regs>
!R1 = !exo.window<[1], f32, regs>
exo.proc @red_add(%dst: !S1 {exo.access = #exo.access<read_write, atomic>},
                  %src: !R1 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "red_global_add"> {
  %v = exo.read %src[0] : !R1
  exo.reduce %dst[0] += %v : !S1
}
exo.proc @red_into_smem(%N: index) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !S
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %r = exo.alloc : !R
        %z = arith.constant 1.0 : f32
        %c0 = arith.constant 0 : index
        exo.assign %r[%c0] = %z : !R
        %d = exo.window %s[0 :+ 1] : !S -> !S1
        %w = exo.window %r[0 :+ 1] : !R -> !R1
        // expected-error @+1 {{'exo.call' op an atomic add moves one f32 from a thread's registers (not an instruction's fragment) into global memory}}
        exo.call @red_add(%d, %w) : (!S1, !R1)
      }
    }
  }
}

// -----

// cp.async whose body converts f32 to i32: same bytes, other values.
!X = !exo.tensor<[N, 32], f32, gmem>
!Sm = !exo.tensor<[8, 32], i32, smem>
!Four = !exo.window<[4], i32, smem>
!FourG = !exo.window<[4], f32, gmem>
exo.proc @cp4(%dst: !Four {exo.access = #exo.access<write, out_of_order>},
              %src: !FourG {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = cp_async, lowering = "cp_async_16"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !FourG
    %c = arith.fptosi %v : f32 to i32
    exo.assign %dst[%i] = %c : !Four
  }
}
exo.proc @cp_async_converting(%N: index, %x: !X) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !Sm
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %d = exo.window %s[0, 0 :+ 4] : !Sm -> !Four
        %g = exo.window %x[%t, 0 :+ 4] : !X -> !FourG
        // expected-error @+1 {{'exo.call' op cp.async copies bytes: its destination holds elements of type 'i32', its source of type 'f32'}}
        exo.call @cp4(%d, %g) : (!Four, !FourG)
      }
    }
  }
}

// -----

// cp.async into swizzled shared memory.
!X = !exo.tensor<[N, 32], f32, gmem>
!Sw = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Four = !exo.window<[4], f32, smem_swizzle<128>>
!FourG = !exo.window<[4], f32, gmem>
exo.proc @cp4(%dst: !Four {exo.access = #exo.access<write, out_of_order>},
              %src: !FourG {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = cp_async, lowering = "cp_async_16"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !FourG
    exo.assign %dst[%i] = %v : !Four
  }
}
exo.proc @cp_async_swizzled(%N: index, %x: !X) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !Sw
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %d = exo.window %s[0, 0 :+ 4] : !Sw -> !Four
        %g = exo.window %x[%t, 0 :+ 4] : !X -> !FourG
        // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs a shared-memory destination and a global source, each one contiguous run of 16 bytes along its last dimension}}
        exo.call @cp4(%d, %g) : (!Four, !FourG)
      }
    }
  }
}

// -----

// A TMA load into columns 0-31 of 64-column rows: the engine writes the box
// densely, so the window must be one dense box.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 64], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_nondense(%M: index, %K: index, %A: !A, %G: !exo.tensor<[M, 64], f32, gmem>) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !exo.tensor<[64, 64], f32, smem>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, 0 :+ 32] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the shared-memory destination is not one dense box (after its distributed dimensions: no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA load into rows 1-64 of a [65, 8] f32 buffer: 32 bytes past the
// buffer's start, where cp.async.bulk.tensor needs 128.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 8]>>
!Atile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!S = !exo.tensor<[65, 8], f32, smem>
!Sw = !exo.window<[64, 8], f32, smem>
!Bar = !exo.barrier<mbarrier, [1]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tma_load_misaligned(%M: index, %K: index, %A: !A, %G: !exo.tensor<[M, 64], f32, gmem>) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !exo.tensor<[65, 8], f32, smem>
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[1 :+ 64, :] : !S -> !Sw
        %a = exo.window %A_map[%m0 :+ 64, 0 :+ 8] : !Amap -> !Atile
        // expected-error @+1 {{'exo.call' op the shared-memory destination must start at a multiple of 128 bytes (and so must each issuing CTA's slice of it)}}
        exo.call @tma_load(%d, %a) >> %bar[0] : (!Sw, !Atile) >> !Bar
        exo.arrive(cuda_temporal) >> %bar[0] : !Bar
      }
      exo.await(%bar[0], cuda_in_order, 0) : !Bar
    }
  }
}

// -----

// A TMA store from s[:, 1, :] of a [64, 2, 32] buffer: its rows are 64
// elements apart, not one dense box.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 32]>>
!Ctile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 2, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_nondense(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 32] : !Cmap -> !Ctile
        %w = exo.window %s[:, 1, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source is not one dense box (no ring, all dimensions but the first whole, no other dimension after the first but of extent 1)}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// cp.async of 16 bytes from windows that start at element 4 t + 1: neither
// address is provably 16-byte aligned.
!Row = !exo.tensor<[N, 516], f32, gmem>
!Buf = !exo.tensor<[2, 520], f32, smem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @cp_async_4xf32(%dst: !Four {exo.access = #exo.access<write, out_of_order>},
                         %src: !FourG {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = cp_async, lowering = "cp_async_16"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !FourG
    exo.assign %dst[%i] = %v : !Four
  }
}

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf4 = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %t4 = arith.muli %t, %c4 : index
          %t41 = arith.addi %t4, %c1 : index
          %d4 = exo.window %buf4[%slot, %t41 :+ 4] : !Buf -> !Four
          %s4 = exo.window %x[%i, %t41 :+ 4] : !Row -> !FourG
          // expected-error @+1 {{'exo.call' op cp.async of 16 bytes needs both addresses provably 16-byte aligned: each window must start at a multiple of 4 elements of rows whose length is one}}
          exo.call @cp_async_4xf32(%d4, %s4) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
          %w = exo.read %buf4[%slot, %t41] : !Buf
          exo.assign %y[%i, %t4] = %w : !Row
        }
      }
    }
  }
}

// -----

// A 16-byte vector store of an mma.sync accumulator fragment: its elements
// live in other lanes' registers, in the instruction's layout.
!Cr = !exo.tensor<[16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R4 = !exo.window<[4], f32, mma_c>
exo.proc @zero_c(%d: !Cw {exo.access = #exo.access<write>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_zero_c"> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %d[%i, %j] = %z : !Cw
    }
  }
}
exo.proc @st_global_v4(%dst: !V4 {exo.access = #exo.access<write>},
                       %src: !R4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_global_v4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !R4
    exo.assign %dst[%i] = %v : !V4
  }
}
exo.proc @v4_fragment(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 64 >= 0)> {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %C = exo.alloc : !Cr
      %c = exo.window %C[:, :] : !Cr -> !Cw
      exo.call @zero_c(%c) : (!Cw)
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %s = exo.window %C[15, 4 :+ 4] : !Cr -> !R4
        %d = exo.window %x[0 :+ 4] : !x -> !V4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store moves 4 consecutive 32-bit values between a thread's registers (not an instruction's fragment) and global memory}}
        exo.call @st_global_v4(%d, %s) : (!V4, !R4)
      }
    }
  }
}

// -----

// An atomic add of an element of an mma.sync accumulator fragment.
!Cr = !exo.tensor<[16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[1], f32, gmem>
!R4 = !exo.window<[1], f32, mma_c>
exo.proc @zero_c(%d: !Cw {exo.access = #exo.access<write>})
    instr<unit = warp, timeline = cuda_in_order, lowering = "mma_zero_c"> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 16 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %d[%i, %j] = %z : !Cw
    }
  }
}
exo.proc @red_add(%dst: !V4 {exo.access = #exo.access<read_write, atomic>},
                  %src: !R4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "red_global_add"> {
  %v = exo.read %src[0] : !R4
  exo.reduce %dst[0] += %v : !V4
}
exo.proc @v4_fragment(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 64 >= 0)> {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %C = exo.alloc : !Cr
      %c = exo.window %C[:, :] : !Cr -> !Cw
      exo.call @zero_c(%c) : (!Cw)
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %s = exo.window %C[15, 7 :+ 1] : !Cr -> !R4
        %d = exo.window %x[0 :+ 1] : !x -> !V4
        // expected-error @+1 {{'exo.call' op an atomic add moves one f32 from a thread's registers (not an instruction's fragment) into global memory}}
        exo.call @red_add(%d, %s) : (!V4, !R4)
      }
    }
  }
}

// -----

// A wgmma operand B[:, 1, 0:+8] of a [8, 2, 32] swizzled buffer: its rows
// are 256 bytes apart, the descriptor says one span (128).
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 2, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_m64n8k8(%d: !D {exo.access = #exo.access<read_write>},
                        %a: !Ak {exo.access = #exo.access<read, out_of_order>},
                        %b: !Bk {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 8 seq {
        %x = exo.read %a[%m, %k] : !Ak
        %y = exo.read %b[%n, %k] : !Bk
        %p = arith.mulf %x, %y : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @wgmma_swz_kept(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[4 :+ 64, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 1, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand must be a 8 x 8 window of swizzled shared memory (32, 64 or 128 bytes) whose K is the tensor's last dimension and whose rows are one swizzle span apart, of tf32}}
      exo.call @wgmma_m64n8k8(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// A wgmma operand A[4:+64, 0:+8] of a 128-byte-swizzled buffer: it starts
// halfway into a swizzle pattern, and the descriptor's base offset is 0.
!Dt = !exo.tensor<[64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
!As = !exo.tensor<[128, 32], f32, smem_swizzle<128>>
!Bs = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
!Ak = !exo.window<[64, 8], f32, smem_swizzle<128>>
!Bk = !exo.window<[8, 8], f32, smem_swizzle<128>>
exo.proc @wgmma_m64n8k8(%d: !D {exo.access = #exo.access<read_write>},
                        %a: !Ak {exo.access = #exo.access<read, out_of_order>},
                        %b: !Bk {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 8 seq {
        %x = exo.read %a[%m, %k] : !Ak
        %y = exo.read %b[%n, %k] : !Bk
        %p = arith.mulf %x, %y : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @wgmma_swz_kept(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !Dt
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %d = exo.window %D[:, :] : !Dt -> !D
      %a = exo.window %A[4 :+ 64, 0 :+ 8] : !As -> !Ak
      %b = exo.window %B[:, 0 :+ 8] : !Bs -> !Bk
      // expected-error @+1 {{'exo.call' op a wgmma tf32 operand in swizzled shared memory must start at a multiple of 8 rows (a swizzle pattern of 1024 bytes)}}
      exo.call @wgmma_m64n8k8(%d, %a, %b) : (!D, !Ak, !Bk)
    }
  }
}

// -----

// A TMA store from rows 1-64 of a [65, 8] f32 buffer: 32 bytes past the
// buffer's start, where cp.async.bulk.tensor needs 128.
!C = !exo.tensor<[M, N], f32, gmem>
!Cmap = !exo.window<[M, N], f32, tma_map<0, [64, 8]>>
!Ctile = !exo.window<[64, 8], f32, tma_map<0, [64, 8]>>
!S = !exo.tensor<[65, 8], f32, smem>
!Sw = !exo.window<[64, 8], f32, smem>
exo.proc @tma_store(%dst: !Ctile {exo.access = #exo.access<write, out_of_order, oob>},
                    %src: !Sw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !Sw
      exo.assign %dst[%i, %j] = %v : !Ctile
    }
  }
}
exo.proc @tma_store_misaligned(%M: index, %N: index, %C: !C) {
  %c64 = arith.constant 64 : index
  %Mt = arith.divui %M, %c64 : index
  %C_map = exo.window %C[:, :] : !C -> !Cmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.warps 0 to 1 {
        %d = exo.window %C_map[%m0 :+ 64, 0 :+ 8] : !Cmap -> !Ctile
        %w = exo.window %s[1 :+ 64, :] : !S -> !Sw
        // expected-error @+1 {{'exo.call' op the shared-memory source must start at a multiple of 128 bytes}}
        exo.call @tma_store(%d, %w) : (!Ctile, !Sw)
      }
    }
  }
}

// -----

// A constant offset of 2^41 + 1 elements is odd: divisibility is tracked
// soundly past 2^40 (the largest divisor it names), so no 16-byte
// alignment is claimed.
!x = !exo.tensor<[N], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[128, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @st_global_v4(%dst: !V4 {exo.access = #exo.access<write>},
                       %src: !R4 {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "st_global_v4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !R4
    exo.assign %dst[%i] = %v : !V4
  }
}
exo.proc @huge_odd_offset(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 2199023255557 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %s = exo.window %x[2199023255553 :+ 4] : !x -> !V4
        %d = exo.window %r[%i, :] : !R -> !R4
        // expected-error @+1 {{'exo.call' op a 16-byte vector store needs a provably 16-byte-aligned address}}
        exo.call @st_global_v4(%s, %d) : (!V4, !R4)
      }
    }
  }
}

// -----

// The load completes on bar[k] and the arrive signals bar[j]: the lowering
// cannot tell whether they are the same element, so it cannot tell whether
// the arrive expects the load's bytes.
!A = !exo.tensor<[M, K], f32, gmem>
!Amap = !exo.window<[M, K], f32, tma_map<0, [64, 32]>>
!Atile = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!S = !exo.tensor<[64, 32], f32, smem>
!Sw = !exo.window<[64, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [2]>
exo.proc @tma_load(%dst: !Sw {exo.access = #exo.access<write, out_of_order>},
                   %src: !Atile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 32 seq {
      %v = exo.read %src[%i, %j] : !Atile
      exo.assign %dst[%i, %j] = %v : !Sw
    }
  }
}
exo.proc @tx_element_unknown(%M: index, %K: index, %A: !A) {
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %Mt = arith.divui %M, %c64 : index
  %A_map = exo.window %A[:, :] : !A -> !Amap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %Mt cuda_tasks {
      %bar = exo.alloc : !Bar
      %s = exo.alloc : !S
      %m0 = arith.muli %t, %c64 : index
      exo.for %k = 0 to 1 seq {
        %j = arith.subi %c1, %k : index
        exo.warps 0 to 1 {
          %d = exo.window %s[:, :] : !S -> !Sw
          %a = exo.window %A_map[%m0 :+ 64, 0 :+ 32] : !Amap -> !Atile
          // expected-note @+1 {{the call}}
          exo.call @tma_load(%d, %a) >> %bar[%k] : (!Sw, !Atile) >> !Bar
          // expected-error @+1 {{'exo.arrive' op cannot tell whether the trailing barrier of a call before it completes on the element it signals (coordinate 0 differs as written): its expected transaction bytes would be guessed; index both by the same value}}
          exo.arrive(cuda_temporal) >> %bar[%j] : !Bar
        }
        exo.await(%bar[%k], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -exo-check-sync -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -exo-check-sync="warp-records=false" -verify-diagnostics -o /dev/null

// The registers of a wgmma accumulator belong to single threads: an
// instruction of the warpgroup (wgmma_store, wgmma_zero, wgmma) touches each
// element in the thread that holds it, and the collective analysis proves
// that an element access runs in that thread. The sync checker therefore
// orders a thread's element accesses with the warpgroup's instructions by
// that thread's program order alone: no barrier between an epilogue on the
// registers and the accumulator store, or between the store and the next
// tile's zero-init. What stays refused: an element access while a wgmma may
// still write the registers, and a wgmma after element accesses without
// wgmma.fence (test/Check/Hazards/missing-wgmma-fence.mlir).

!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!C = !exo.tensor<[2, 64, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>

// Two tiles: zero-init, +1 on each thread's own elements, store; no barrier
// anywhere.
exo.proc @epilogue_without_barrier(%out: !C) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %tile = 0 to 2 seq {
        exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
          %d = exo.window %D[:, :] : !Dt -> !D
          exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        }
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %g = 0 to 8 cuda_threads<4 * thread> {
            exo.for %q = 0 to 4 cuda_threads<thread> {
              exo.for %j = 0 to 2 seq {
                exo.for %h = 0 to 2 seq {
                  exo.for %e = 0 to 2 seq {
                    %w16 = arith.muli %w, %c16 : index
                    %h8 = arith.muli %h, %c8 : index
                    %rg = arith.addi %w16, %g : index
                    %row = arith.addi %rg, %h8 : index
                    %j8 = arith.muli %j, %c8 : index
                    %q2 = arith.muli %q, %c2 : index
                    %cq = arith.addi %j8, %q2 : index
                    %col = arith.addi %cq, %e : index
                    %v = exo.read %D[%row, %col] : !Dt
                    %s = arith.addf %v, %one : f32
                    exo.assign %D[%row, %col] = %s : !Dt
                  }
                }
              }
            }
          }
        }
        exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
          %d = exo.window %D[:, :] : !Dt -> !D
          %o = exo.window %out[%tile, :, :] : !C -> !Cw
          exo.call #exo.wgmma_store<n = 16, dst = gmem>(%o, %d) : (!Cw, !D)
        }
      }
    }
  }
}

// -----

// An element read while the wgmma that writes the accumulator may still
// run: its group is awaited only after the epilogue.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>
!O = !exo.tensor<[64, 16], f32, gmem>
exo.proc @element_read_in_flight(%out: !O) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A[:, :] : !As -> !Aw
        %b = exo.window %B[:, :] : !Bs -> !Bw
        // expected-note @+1 {{the conflicting mutation}}
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        // expected-note @+1 {{the last synchronization that touched it}}
        exo.arrive(wgmma_async) >> %cg : !Cg
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %g : index
            %col = arith.muli %q, %c2 : index
            // expected-error @+1 {{RAW hazard on 'D'[0, 0]}}
            %v = exo.read %D[%row, %col] : !Dt
            exo.assign %out[%row, %col] = %v : !O
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

// An element write after the accumulator store has been issued is in order
// with it in the writing thread; but a wgmma that accumulates onto the
// registers after the element write, without a wgmma.fence, is refused.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>
exo.proc @wgmma_after_element_write_unfenced() {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %g : index
            %col = arith.muli %q, %c2 : index
            // expected-note @+1 {{the last such access}}
            exo.assign %D[%row, %col] = %one : !Dt
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        %a = exo.window %A[:, :] : !As -> !Aw
        %b = exo.window %B[:, :] : !Bs -> !Bw
        // expected-error @+1 {{has not executed Fence(wgmma_fence_1, wgmma_fence_2) since it last accessed them otherwise}}
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

// Threads read their accumulator elements after the wgmma group is awaited
// (in order: nothing is in flight), then a wgmma accumulates onto the
// registers without a wgmma.fence: refused, naming the read as the last
// access otherwise.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>
!O = !exo.tensor<[64, 16], f32, gmem>
exo.proc @wgmma_after_element_read_unfenced(%out: !O) {
  %c16 = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %a = exo.window %A[:, :] : !As -> !Aw
        %b = exo.window %B[:, :] : !Bs -> !Bw
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %g : index
            %col = arith.muli %q, %c2 : index
            // expected-note @+1 {{the last such access}}
            %v = exo.read %D[%row, %col] : !Dt
            exo.assign %out[%row, %col] = %v : !O
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        %a = exo.window %A[:, :] : !As -> !Aw
        %b = exo.window %B[:, :] : !Bs -> !Bw
        // expected-error @+1 {{has not executed Fence(wgmma_fence_1, wgmma_fence_2) since it last accessed them otherwise}}
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

// Two accumulators in one variable, each with its own wgmma group: after
// awaiting all but the last group, the first accumulator's elements may be
// read (the second's wgmma still runs: no conflict there), the second's
// may not.
!Dt = !exo.tensor<[2, 64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>
!O = !exo.tensor<[2, 64, 16], f32, gmem>
exo.proc @second_accumulator_in_flight(%out: !O) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %a = exo.window %A[:, :] : !As -> !Aw
        %b = exo.window %B[:, :] : !Bs -> !Bw
        %d0 = exo.window %D[%c0, :, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d0) : (!D)
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d0, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        %d1 = exo.window %D[%c1, :, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d1) : (!D)
        // expected-note @+1 {{the conflicting mutation}}
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d1, %a, %b) : (!D, !Aw, !Bw)
        // expected-note @+1 {{the last synchronization that touched it}}
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 1) : !Cg
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %g : index
            %col = arith.muli %q, %c2 : index
            %v0 = exo.read %D[%c0, %row, %col] : !Dt
            exo.assign %out[%c0, %row, %col] = %v0 : !O
            // expected-error @+1 {{RAW hazard on 'D'[1, 0, 0]}}
            %v1 = exo.read %D[%c1, %row, %col] : !Dt
            exo.assign %out[%c1, %row, %col] = %v1 : !O
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

// Each thread writes its elements of the register A operand, then the
// warpgroup zero-initializes the accumulator and runs the wgmma that reads
// A, with no wgmma.fence of its own: the zero-init executes wgmma.fence
// after its zeros (its lowering), which orders the A writes before the
// wgmma too. Accepted, with per-warp and with per-thread records (second
// run line).
!Ah = !exo.tensor<[64, 16], bf16, gmem>
!Bh = !exo.tensor<[16, 16], bf16, gmem>
!Ar = !exo.tensor<[64, 16], bf16, wgmma_a>
!Arw = !exo.window<[64, 16], bf16, wgmma_a>
!Bhs = !exo.tensor<[16, 16], bf16, smem_swizzle<32>>
!Bhw = !exo.window<[16, 16], bf16, smem_swizzle<32>>
!C = !exo.tensor<[64, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.barrier<wgmma_group>
exo.proc @a_operand_fenced_by_zero_init(%A: !Ah, %B: !Bh, %DG: !C) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %B_smem = exo.alloc : !Bhs
      %A_reg = exo.alloc : !Ar
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // B: thread t copies two columns of row t mod 16.
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.remui %t, %c16 : index
        %part = arith.divui %t, %c16 : index
        %col0 = arith.muli %part, %c2 : index
        exo.for %e = 0 to 2 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bh
          exo.assign %B_smem[%row, %col] = %b : !Bhs
        }
      }
      // A: each thread its own eight elements.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            exo.for %j = 0 to 2 seq {
              exo.for %h = 0 to 2 seq {
                exo.for %e = 0 to 2 seq {
                  %w16 = arith.muli %w, %c16 : index
                  %h8 = arith.muli %h, %c8 : index
                  %rg = arith.addi %w16, %g : index
                  %row = arith.addi %rg, %h8 : index
                  %j8 = arith.muli %j, %c8 : index
                  %q2 = arith.muli %q, %c2 : index
                  %cq = arith.addi %j8, %q2 : index
                  %col = arith.addi %cq, %e : index
                  %v = exo.read %A[%row, %col] : !Ah
                  exo.assign %A_reg[%row, %col] = %v : !Ar
                }
              }
            }
          }
        }
      }
      // The generic stores of B before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        %a = exo.window %A_reg[:, :] : !Ar -> !Arw
        %b = exo.window %B_smem[:, :] : !Bhs -> !Bhw
        exo.call #exo.wgmma<n = 16, dtype = bf16, a = regs, b = sw32>(%d, %a, %b) : (!D, !Arw, !Bhw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%g, %d) : (!Cw, !D)
      }
    }
  }
}
// -----

// The same with the zero-init before the A writes: its fence does not
// order them, and the wgmma without a fence of its own is refused.
!Ah = !exo.tensor<[64, 16], bf16, gmem>
!Bh = !exo.tensor<[16, 16], bf16, gmem>
!Ar = !exo.tensor<[64, 16], bf16, wgmma_a>
!Arw = !exo.window<[64, 16], bf16, wgmma_a>
!Bhs = !exo.tensor<[16, 16], bf16, smem_swizzle<32>>
!Bhw = !exo.window<[16, 16], bf16, smem_swizzle<32>>
!C = !exo.tensor<[64, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.barrier<wgmma_group>
exo.proc @a_operand_written_after_zero_init(%A: !Ah, %B: !Bh, %DG: !C) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %B_smem = exo.alloc : !Bhs
      %A_reg = exo.alloc : !Ar
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d0 = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d0) : (!D)
      }
      // B: thread t copies two columns of row t mod 16.
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.remui %t, %c16 : index
        %part = arith.divui %t, %c16 : index
        %col0 = arith.muli %part, %c2 : index
        exo.for %e = 0 to 2 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bh
          exo.assign %B_smem[%row, %col] = %b : !Bhs
        }
      }
      // A: each thread its own eight elements.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            exo.for %j = 0 to 2 seq {
              exo.for %h = 0 to 2 seq {
                exo.for %e = 0 to 2 seq {
                  %w16 = arith.muli %w, %c16 : index
                  %h8 = arith.muli %h, %c8 : index
                  %rg = arith.addi %w16, %g : index
                  %row = arith.addi %rg, %h8 : index
                  %j8 = arith.muli %j, %c8 : index
                  %q2 = arith.muli %q, %c2 : index
                  %cq = arith.addi %j8, %q2 : index
                  %col = arith.addi %cq, %e : index
                  %v = exo.read %A[%row, %col] : !Ah
                  // expected-note @below {{the last such access}}
                  exo.assign %A_reg[%row, %col] = %v : !Ar
                }
              }
            }
          }
        }
      }
      // The generic stores of B before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        %a = exo.window %A_reg[:, :] : !Ar -> !Arw
        %b = exo.window %B_smem[:, :] : !Bhs -> !Bhw
        // expected-error @below {{has not executed Fence(wgmma_fence_1, wgmma_fence_2) since it last accessed them otherwise}}
        exo.call #exo.wgmma<n = 16, dtype = bf16, a = regs, b = sw32>(%d, %a, %b) : (!D, !Arw, !Bhw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%g, %d) : (!Cw, !D)
      }
    }
  }
}

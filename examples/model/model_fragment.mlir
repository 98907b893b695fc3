// "The model is the machine" for element access to a wgmma accumulator
// (registers as data): a warpgroup computes D = A B^T with one
// wgmma.m64n16k8 tf32 (A and B staged into 32-byte-swizzled shared memory
// by ordinary stores), waits for it, then each thread applies a bias and a
// ReLU to the eight elements it holds, D[r, c] = max(D[r, c] + bias[c], 0),
// by ordinary exo.read / exo.assign of the accumulator, and the tile is
// stored to global memory (wgmma_store_d_gmem). The threads are walked as
// the wgmma layout places them (WgmmaAttr::getAccumulatorSlot): warp w,
// quad g (the row within 8), thread q of the quad (the column pair);
// row = 16 w + g + 8 h, col = 8 j + 2 q + e. The collective analysis proves
// that each thread touches only its own elements; the lowering addresses
// its registers. test/GPU/model_check.cu compares DG with the CPU run
// (normwise 1e-6: the wgmma's f32 sums).

!A = !exo.tensor<[64, 8], f32, gmem>
!B = !exo.tensor<[16, 8], f32, gmem>
!Bias = !exo.tensor<[16], f32, gmem>
!C = !exo.tensor<[64, 16], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>

exo.proc @model_fragment_bias_relu(%A: !A, %B: !B, %bias: !Bias, %DG: !C) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !As
      %B_smem = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // Staging: thread t copies row t / 2 of A (and of B, t < 32), four
      // columns each.
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !A
          exo.assign %A_smem[%row, %col] = %a : !As
        }
      }
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !B
          exo.assign %B_smem[%row, %col] = %b : !Bs
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !As -> !Aw
        %b = exo.window %B_smem[:, :] : !Bs -> !Bw
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
      // The epilogue on the registers: each thread its own eight elements.
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
                  %bv = exo.read %bias[%col] : !Bias
                  %s = arith.addf %v, %bv : f32
                  %r = arith.maximumf %s, %zero : f32
                  exo.assign %D[%row, %col] = %r : !Dt
                }
              }
            }
          }
        }
      }
      // No barrier: wgmma_store reads each element in the thread that holds
      // it, the thread that wrote it above (the sync checker models the
      // accumulator's registers per thread).
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%g, %d) : (!Cw, !D)
      }
    }
  }
}

// @model_fragment_rowmax: the maximum of each row of the accumulator (the
// first step of a softmax), by the composition of element access and the
// max butterflies: each thread takes the maximum of the four elements it
// holds in each of its two rows (h), into registers distributed over the
// warpgroup's threads (w, g, and the two bits qb1, qb0 of q), then the
// quad's two butterflies (lane masks 1 and 2, #exo.shfl_xor<combine =
// max>) leave every thread of the quad with the row's maximum. MM dumps
// every thread's two row maxima, DG the tile.
!P = !exo.tensor<[4, 8, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>
!MM = !exo.tensor<[128, 2], f32, gmem>

exo.proc @model_fragment_rowmax(%A: !A, %B: !B, %DG: !C, %MM: !MM) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !As
      %B_smem = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      %p = exo.alloc : !P
      %m1 = exo.alloc : !P
      %m2 = exo.alloc : !P
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !A
          exo.assign %A_smem[%row, %col] = %a : !As
        }
      }
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !B
          exo.assign %B_smem[%row, %col] = %b : !Bs
        }
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !As -> !Aw
        %b = exo.window %B_smem[:, :] : !Bs -> !Bw
        exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%g, %d) : (!Cw, !D)
      }
      // Each thread: the maximum of its four elements of each row half h.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
            exo.for %qb0 = 0 to 2 cuda_threads<thread> {
              exo.for %h = 0 to 2 seq {
                %w16 = arith.muli %w, %c16 : index
                %h8 = arith.muli %h, %c8 : index
                %rg = arith.addi %w16, %g : index
                %row = arith.addi %rg, %h8 : index
                %q1 = arith.muli %qb1, %c2 : index
                %q = arith.addi %q1, %qb0 : index
                %q2 = arith.muli %q, %c2 : index
                %first = exo.read %D[%row, %q2] : !Dt
                exo.assign %p[%w, %g, %qb1, %qb0, %h] = %first : !P
                exo.for %j = 0 to 2 seq {
                  exo.for %e = 0 to 2 seq {
                    %j8 = arith.muli %j, %c8 : index
                    %cq = arith.addi %j8, %q2 : index
                    %col = arith.addi %cq, %e : index
                    %v = exo.read %D[%row, %col] : !Dt
                    %old = exo.read %p[%w, %g, %qb1, %qb0, %h] : !P
                    %m = arith.maximumf %old, %v : f32
                    exo.assign %p[%w, %g, %qb1, %qb0, %h] = %m : !P
                  }
                }
              }
            }
          }
        }
      }
      // The quad's butterflies: lane mask 1 (qb0), then 2 (qb1).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
            exo.for %h = 0 to 2 seq {
              %d1 = exo.window %m1[%w, %g, %qb1, :, %h] : !P -> !Pair
              %s1 = exo.window %p[%w, %g, %qb1, :, %h] : !P -> !Pair
              exo.call #exo.shfl_xor<combine = max, lane_mask = 1, dtype = f32>(%d1, %s1) : (!Pair, !Pair)
            }
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %qb0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
            exo.for %h = 0 to 2 seq {
              %d2 = exo.window %m2[%w, %g, :, %qb0, %h] : !P -> !Pair
              %s2 = exo.window %m1[%w, %g, :, %qb0, %h] : !P -> !Pair
              exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%d2, %s2) : (!Pair, !Pair)
            }
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
            exo.for %qb0 = 0 to 2 cuda_threads<thread> {
              exo.for %h = 0 to 2 seq {
                %w32 = arith.muli %w, %c32 : index
                %g4 = arith.muli %g, %c4 : index
                %q1 = arith.muli %qb1, %c2 : index
                %t0 = arith.addi %w32, %g4 : index
                %t1 = arith.addi %t0, %q1 : index
                %t = arith.addi %t1, %qb0 : index
                %m = exo.read %m2[%w, %g, %qb1, %qb0, %h] : !P
                exo.assign %MM[%t, %h] = %m : !MM
              }
            }
          }
        }
      }
    }
  }
}

// @model_fragment_a: the register-A operand written element by element. Each
// thread writes the elements of a bf16 A fragment that it holds in the
// wgmma layout (WgmmaAttr::getOperandASlot: as the accumulator's for 16-bit
// types), reading them from global memory, and the warpgroup runs
// D = A B^T (wgmma.m64n16k16 bf16 with A from registers, B in
// 32-byte-swizzled shared memory), stored to DG.
!Ah = !exo.tensor<[64, 16], bf16, gmem>
!Bh = !exo.tensor<[16, 16], bf16, gmem>
!Ar = !exo.tensor<[64, 16], bf16, wgmma_a>
!Arw = !exo.window<[64, 16], bf16, wgmma_a>
!Bhs = !exo.tensor<[16, 16], bf16, smem_swizzle<32>>
!Bhw = !exo.window<[16, 16], bf16, smem_swizzle<32>>

exo.proc @model_fragment_a(%A: !Ah, %B: !Bh, %DG: !C) {
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
        exo.fence(wgmma_fence_1, wgmma_fence_2)
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

// @model_fragment_a2: an array of two A fragments ([2, 64, 16] wgmma_a),
// each written element by element from A[i], and D = A0 B^T + A1 B^T by
// two register-A wgmmas: the fragments must not alias.
!A2h = !exo.tensor<[2, 64, 16], bf16, gmem>
!Ar2 = !exo.tensor<[2, 64, 16], bf16, wgmma_a>

exo.proc @model_fragment_a2(%A: !A2h, %B: !Bh, %DG: !C) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %B_smem = exo.alloc : !Bhs
      %A_reg = exo.alloc : !Ar2
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
            exo.for %i = 0 to 2 seq {
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
                  %v = exo.read %A[%i, %row, %col] : !A2h
                  exo.assign %A_reg[%i, %row, %col] = %v : !Ar2
                }
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
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %b = exo.window %B_smem[:, :] : !Bhs -> !Bhw
        exo.for %i = 0 to 2 seq {
          %a = exo.window %A_reg[%i, :, :] : !Ar2 -> !Arw
          exo.call #exo.wgmma<n = 16, dtype = bf16, a = regs, b = sw32>(%d, %a, %b) : (!D, !Arw, !Bhw)
        }
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 16, dst = gmem>(%g, %d) : (!Cw, !D)
      }
    }
  }
}

// @model_fragment_bf16_store: the accumulator rounded to bf16 into global
// memory (#exo.wgmma_store<dtype = bf16, dst = gmem>), after a ReLU on the
// registers, in the three forms the lowering picks by alignment: H16's rows
// take 16-byte stores (runs of 8 columns at multiples of 8: each quad
// transposes its words), H4's window starts at column 2 (4-byte pairs),
// H2's at column 1 (2-byte elements). The columns outside H4's and H2's
// windows keep their values.
!Bw32 = !exo.tensor<[32, 8], f32, gmem>
!Bs32 = !exo.tensor<[32, 8], f32, smem_swizzle<32>>
!Bsw32 = !exo.window<[32, 8], f32, smem_swizzle<32>>
!Dt32 = !exo.tensor<[64, 32], f32, wgmma_accum>
!D32 = !exo.window<[64, 32], f32, wgmma_accum>
!H16 = !exo.tensor<[64, 32], bf16, gmem>
!H40 = !exo.tensor<[64, 40], bf16, gmem>
!Hw = !exo.window<[64, 32], bf16, gmem>

exo.proc @model_fragment_bf16_store(%A: !A, %B: !Bw32, %H16: !H16, %H4: !H40,
                                    %H2: !H40) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !As
      %B_smem = exo.alloc : !Bs32
      %D = exo.alloc : !Dt32
      %cg = exo.alloc : !Cg
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !A
          exo.assign %A_smem[%row, %col] = %a : !As
        }
      }
      exo.for %t = 0 to 64 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bw32
          exo.assign %B_smem[%row, %col] = %b : !Bs32
        }
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt32 -> !D32
        exo.call #exo.wgmma_zero<n = 32>(%d) : (!D32)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !As -> !Aw
        %b = exo.window %B_smem[:, :] : !Bs32 -> !Bsw32
        exo.call #exo.wgmma<n = 32, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D32, !Aw, !Bsw32)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            exo.for %j = 0 to 4 seq {
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
                  %v = exo.read %D[%row, %col] : !Dt32
                  %r = arith.maximumf %v, %zero : f32
                  exo.assign %D[%row, %col] = %r : !Dt32
                }
              }
            }
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt32 -> !D32
        %h16 = exo.window %H16[:, :] : !H16 -> !Hw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = bf16>(%h16, %d) : (!Hw, !D32)
        %h4 = exo.window %H4[:, 2 :+ 32] : !H40 -> !Hw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = bf16>(%h4, %d) : (!Hw, !D32)
        %h2 = exo.window %H2[:, 1 :+ 32] : !H40 -> !Hw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = bf16>(%h2, %d) : (!Hw, !D32)
      }
    }
  }
}

// @model_fragment_f16_store: the accumulator rounded to f16
// (#exo.wgmma_store<dtype = f16>): into global memory with 16-byte stores
// (F16) and 2-byte elements (F2's window starts at column 1), and into
// unswizzled shared memory by stmatrix, which the threads then copy to FS.
// The columns outside F2's window keep their values.
!F16 = !exo.tensor<[64, 32], f16, gmem>
!F40 = !exo.tensor<[64, 40], f16, gmem>
!Fw = !exo.window<[64, 32], f16, gmem>
!Fs = !exo.tensor<[64, 32], f16, smem>
!Fsw = !exo.window<[64, 32], f16, smem>

exo.proc @model_fragment_f16_store(%A: !A, %B: !Bw32, %F16: !F16, %F2: !F40,
                                   %FS: !F16) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !As
      %B_smem = exo.alloc : !Bs32
      %F_smem = exo.alloc : !Fs
      %D = exo.alloc : !Dt32
      %cg = exo.alloc : !Cg
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !A
          exo.assign %A_smem[%row, %col] = %a : !As
        }
      }
      exo.for %t = 0 to 64 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bw32
          exo.assign %B_smem[%row, %col] = %b : !Bs32
        }
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt32 -> !D32
        exo.call #exo.wgmma_zero<n = 32>(%d) : (!D32)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !As -> !Aw
        %b = exo.window %B_smem[:, :] : !Bs32 -> !Bsw32
        exo.call #exo.wgmma<n = 32, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D32, !Aw, !Bsw32)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %f16 = exo.window %F16[:, :] : !F16 -> !Fw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = f16>(%f16, %d) : (!Fw, !D32)
        %f2 = exo.window %F2[:, 1 :+ 32] : !F40 -> !Fw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = f16>(%f2, %d) : (!Fw, !D32)
        %fs = exo.window %F_smem[:, :] : !Fs -> !Fsw
        exo.call #exo.wgmma_store<n = 32, dst = smem, dtype = f16>(%fs, %d) : (!Fsw, !D32)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Thread t copies half a row of the stmatrix result: row t / 2,
      // 16 columns.
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c16 : index
        exo.for %e = 0 to 16 seq {
          %col = arith.addi %col0, %e : index
          %v = exo.read %F_smem[%row, %col] : !Fs
          exo.assign %FS[%row, %col] = %v : !F16
        }
      }
    }
  }
}

// @model_fragment_oob_3d: partial-tile accumulator stores into tensors of
// three dimensions (an attention output's [head, row, column]): the window
// spans the last two dimensions and reaches past their ends, so each
// element is stored only where it lies inside the tensor. G3 takes the f32
// accumulator at head 2 (rows 50 and columns 24 of a 64 x 32 window); H3
// takes it rounded to bf16 at head 1, columns 8 to 39 of 40 (16-byte
// stores), rows 40 of 64. The other heads, and G3's and H3's elements
// outside the windows, keep their values.
!G3 = !exo.tensor<[3, 50, 24], f32, gmem>
!G3w = !exo.window<[64, 32], f32, gmem>
!H3 = !exo.tensor<[2, 40, 40], bf16, gmem>

exo.proc @model_fragment_oob_3d(%A: !A, %B: !Bw32, %G3: !G3, %H3: !H3) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !As
      %B_smem = exo.alloc : !Bs32
      %D = exo.alloc : !Dt32
      %cg = exo.alloc : !Cg
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !A
          exo.assign %A_smem[%row, %col] = %a : !As
        }
      }
      exo.for %t = 0 to 64 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c4 : index
        exo.for %e = 0 to 4 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bw32
          exo.assign %B_smem[%row, %col] = %b : !Bs32
        }
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt32 -> !D32
        exo.call #exo.wgmma_zero<n = 32>(%d) : (!D32)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !As -> !Aw
        %b = exo.window %B_smem[:, :] : !Bs32 -> !Bsw32
        exo.call #exo.wgmma<n = 32, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D32, !Aw, !Bsw32)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %g3 = exo.window oob %G3[2, 0 :+ 64, 0 :+ 32] : !G3 -> !G3w
        exo.call #exo.wgmma_store<n = 32, dst = gmem>(%g3, %d) : (!G3w, !D32)
        %h3 = exo.window oob %H3[1, 0 :+ 64, 8 :+ 32] : !H3 -> !Hw
        exo.call #exo.wgmma_store<n = 32, dst = gmem, dtype = bf16>(%h3, %d) : (!Hw, !D32)
      }
    }
  }
}

// @model_fragment_acc_f16: @model_fragment_bias_relu with f16 operands and
// an f16 accumulator (`acc = f16`): the wgmma.m64n16k16 f16 sums into
// registers of two f16 elements each, each thread applies the bias and the
// ReLU in f16 to its eight elements (one half of a register each: the low
// half holds the even column), and the tile is stored as it is. DG is
// compared with the CPU run within 1e-2 normwise (the CPU rounds each
// product and partial sum to f16, the hardware less often).
!AH16 = !exo.tensor<[64, 16], f16, gmem>
!Bh16 = !exo.tensor<[16, 16], f16, gmem>
!BiasH = !exo.tensor<[16], f16, gmem>
!CH = !exo.tensor<[64, 16], f16, gmem>
!CHw = !exo.window<[64, 16], f16, gmem>
!DHt = !exo.tensor<[64, 16], f16, wgmma_accum>
!DH = !exo.window<[64, 16], f16, wgmma_accum>
!AHs = !exo.tensor<[64, 16], f16, smem_swizzle<32>>
!BHs = !exo.tensor<[16, 16], f16, smem_swizzle<32>>

exo.proc @model_fragment_acc_f16(%A: !AH16, %B: !Bh16, %bias: !BiasH, %DG: !CH) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f16
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !AHs
      %B_smem = exo.alloc : !BHs
      %D = exo.alloc : !DHt
      %cg = exo.alloc : !Cg
      // Staging: thread t copies row t / 2 of A (and of B, t < 32), eight
      // columns each.
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c8 : index
        exo.for %e = 0 to 8 seq {
          %col = arith.addi %col0, %e : index
          %a = exo.read %A[%row, %col] : !AH16
          exo.assign %A_smem[%row, %col] = %a : !AHs
        }
      }
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %row = arith.divui %t, %c2 : index
        %half = arith.remui %t, %c2 : index
        %col0 = arith.muli %half, %c8 : index
        exo.for %e = 0 to 8 seq {
          %col = arith.addi %col0, %e : index
          %b = exo.read %B[%row, %col] : !Bh16
          exo.assign %B_smem[%row, %col] = %b : !BHs
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !DHt -> !DH
        exo.call #exo.wgmma_zero<n = 16, acc = f16>(%d) : (!DH)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :] : !AHs -> !exo.window<[64, 16], f16, smem_swizzle<32>>
        %b = exo.window %B_smem[:, :] : !BHs -> !exo.window<[16, 16], f16, smem_swizzle<32>>
        exo.call #exo.wgmma<n = 16, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!DH, !exo.window<[64, 16], f16, smem_swizzle<32>>, !exo.window<[16, 16], f16, smem_swizzle<32>>)
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
      }
      // The epilogue on the registers: each thread its own eight elements.
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
                  %v = exo.read %D[%row, %col] : !DHt
                  %bv = exo.read %bias[%col] : !BiasH
                  %s = arith.addf %v, %bv : f16
                  %r = arith.maximumf %s, %zero : f16
                  exo.assign %D[%row, %col] = %r : !DHt
                }
              }
            }
          }
        }
      }
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !DHt -> !DH
        %g = exo.window %DG[:, :] : !CH -> !CHw
        exo.call #exo.wgmma_store<n = 16, dst = gmem, dtype = f16, acc = f16>(%g, %d) : (!CHw, !DH)
      }
    }
  }
}

// "The model is the machine": wgmma with an N-major B operand (transposed,
// 16-bit types), the form of attention's O += P V, where V is a row-major
// [K, N] tile. One warpgroup stages random operands into shared memory with
// ordinary stores (at the swizzled addresses), runs the instructions from a
// zeroed accumulator and stores each accumulator to global memory;
// test/GPU/model_check.cu compares every byte with the CPU run of the
// sequential meaning, the accumulators with the normwise tolerance of
// test/GPU/gen_all.sh.
//
//   @model_wgmma_bf16_mn: D = A B, A [64, 64] bf16, B [64, 128] bf16
//     (K x N), four wgmma m64n128k16 per accumulator:
//     DC: A in 128-byte-swizzled shared memory, B N-major in 128-byte spans
//         (two spans of 64 columns: the descriptor's leading byte offset);
//     DR: A in registers (wgmma_load_a), B as for DC;
//     DS: both from shared memory, B in 64-byte spans (four spans);
//     DT: both from shared memory, B in 32-byte spans (eight spans);
//     DA, DB: the swizzled A and the 128-byte-span B dumped back.
//   @model_wgmma_f16_mn: the same as DC for f16 with n = 64 (one span).


//===----------------------------------------------------------------------===//
// @model_wgmma_bf16_mn
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_bf16_mn(%A: !exo.tensor<[64, 64], bf16, gmem>, %B: !exo.tensor<[64, 128], bf16, gmem>, %DA: !exo.tensor<[64, 64], bf16, gmem>, %DB: !exo.tensor<[2, 64, 64], bf16, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>, %DR: !exo.tensor<[64, 128], f32, gmem>, %DS: !exo.tensor<[64, 128], f32, gmem>, %DT: !exo.tensor<[64, 128], f32, gmem>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_sw = exo.alloc : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
      %A_pl = exo.alloc : !exo.tensor<[64, 64], bf16, smem>
      %B_128 = exo.alloc : !exo.tensor<[2, 64, 64], bf16, smem_swizzle<128>>
      %B_64 = exo.alloc : !exo.tensor<[4, 64, 32], bf16, smem_swizzle<64>>
      %B_32 = exo.alloc : !exo.tensor<[8, 64, 16], bf16, smem_swizzle<32>>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs (thread t of 128 writes the flat elements t,
      // t + 128, ...): A twice, B (row k, column j) at [j / s, k, j mod s].
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i1 = 0 to 32 seq {
            %e1 = arith.muli %i1, %c128 : index
            %f1 = arith.addi %e1, %tid : index
            %r1 = arith.divui %f1, %c64 : index
            %q1 = arith.remui %f1, %c64 : index
            %v1 = exo.read %A[%r1, %q1] : !exo.tensor<[64, 64], bf16, gmem>
            exo.assign %A_sw[%r1, %q1] = %v1 : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
            exo.assign %A_pl[%r1, %q1] = %v1 : !exo.tensor<[64, 64], bf16, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i2 = 0 to 64 seq {
            %e2 = arith.muli %i2, %c128 : index
            %f2 = arith.addi %e2, %tid : index
            %r2 = arith.divui %f2, %c128 : index
            %q2 = arith.remui %f2, %c128 : index
            %v2 = exo.read %B[%r2, %q2] : !exo.tensor<[64, 128], bf16, gmem>
            %s2_0 = arith.divui %q2, %c64 : index
            %t2_0 = arith.remui %q2, %c64 : index
            exo.assign %B_128[%s2_0, %r2, %t2_0] = %v2 : !exo.tensor<[2, 64, 64], bf16, smem_swizzle<128>>
            %s2_1 = arith.divui %q2, %c32 : index
            %t2_1 = arith.remui %q2, %c32 : index
            exo.assign %B_64[%s2_1, %r2, %t2_1] = %v2 : !exo.tensor<[4, 64, 32], bf16, smem_swizzle<64>>
            %s2_2 = arith.divui %q2, %c16 : index
            %t2_2 = arith.remui %q2, %c16 : index
            exo.assign %B_32[%s2_2, %r2, %t2_2] = %v2 : !exo.tensor<[8, 64, 16], bf16, smem_swizzle<32>>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      // DC
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c16 : index
          %a = exo.window %A_sw[:, %k0 :+ 16] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>> -> !exo.window<[64, 16], bf16, smem_swizzle<128>>
          %b = exo.window %B_128[:, %k0 :+ 16, :] : !exo.tensor<[2, 64, 64], bf16, smem_swizzle<128>> -> !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 128, dtype = bf16, a = sw128, b = sw128_mn>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, smem_swizzle<128>>, !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DC[:, :] : !exo.tensor<[64, 128], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
        exo.call #exo.wgmma_store<n = 128, dst = gmem>(%g, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      // DR
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        %A_reg = exo.alloc : !exo.tensor<[4, 64, 16], bf16, wgmma_a>
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c16 : index
          %a_src = exo.window %A_pl[:, %k0 :+ 16] : !exo.tensor<[64, 64], bf16, smem> -> !exo.window<[64, 16], bf16, smem>
          %a = exo.window %A_reg[%kk, :, :] : !exo.tensor<[4, 64, 16], bf16, wgmma_a> -> !exo.window<[64, 16], bf16, wgmma_a>
          exo.call #exo.wgmma_load_a<dtype = bf16>(%a, %a_src) : (!exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[64, 16], bf16, smem>)
          exo.fence(wgmma_fence_1, wgmma_fence_2)
          %b = exo.window %B_128[:, %k0 :+ 16, :] : !exo.tensor<[2, 64, 64], bf16, smem_swizzle<128>> -> !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = sw128_mn>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DR[:, :] : !exo.tensor<[64, 128], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
        exo.call #exo.wgmma_store<n = 128, dst = gmem>(%g, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      // DS
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c16 : index
          %a = exo.window %A_sw[:, %k0 :+ 16] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>> -> !exo.window<[64, 16], bf16, smem_swizzle<128>>
          %b = exo.window %B_64[:, %k0 :+ 16, :] : !exo.tensor<[4, 64, 32], bf16, smem_swizzle<64>> -> !exo.window<[4, 16, 32], bf16, smem_swizzle<64>>
          exo.call #exo.wgmma<n = 128, dtype = bf16, a = sw128, b = sw64_mn>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, smem_swizzle<128>>, !exo.window<[4, 16, 32], bf16, smem_swizzle<64>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DS[:, :] : !exo.tensor<[64, 128], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
        exo.call #exo.wgmma_store<n = 128, dst = gmem>(%g, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      // DT
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c16 : index
          %a = exo.window %A_sw[:, %k0 :+ 16] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>> -> !exo.window<[64, 16], bf16, smem_swizzle<128>>
          %b = exo.window %B_32[:, %k0 :+ 16, :] : !exo.tensor<[8, 64, 16], bf16, smem_swizzle<32>> -> !exo.window<[8, 16, 16], bf16, smem_swizzle<32>>
          exo.call #exo.wgmma<n = 128, dtype = bf16, a = sw128, b = sw32_mn>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, smem_swizzle<128>>, !exo.window<[8, 16, 16], bf16, smem_swizzle<32>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DT[:, :] : !exo.tensor<[64, 128], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
        exo.call #exo.wgmma_store<n = 128, dst = gmem>(%g, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      // Dump the swizzled buffers.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i3 = 0 to 32 seq {
            %e3 = arith.muli %i3, %c128 : index
            %f3 = arith.addi %e3, %tid : index
            %r3 = arith.divui %f3, %c64 : index
            %q3 = arith.remui %f3, %c64 : index
            %v3 = exo.read %A_sw[%r3, %q3] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
            exo.assign %DA[%r3, %q3] = %v3 : !exo.tensor<[64, 64], bf16, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i4 = 0 to 64 seq {
            %e4 = arith.muli %i4, %c128 : index
            %f4 = arith.addi %e4, %tid : index
            %a4 = arith.divui %f4, %c4096 : index
            %b4 = arith.remui %f4, %c4096 : index
            %r4 = arith.divui %b4, %c64 : index
            %q4 = arith.remui %b4, %c64 : index
            %v4 = exo.read %B_128[%a4, %r4, %q4] : !exo.tensor<[2, 64, 64], bf16, smem_swizzle<128>>
            exo.assign %DB[%a4, %r4, %q4] = %v4 : !exo.tensor<[2, 64, 64], bf16, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_f16_mn
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_f16_mn(%A: !exo.tensor<[64, 64], f16, gmem>, %B: !exo.tensor<[64, 64], f16, gmem>, %DC: !exo.tensor<[64, 64], f32, gmem>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_sw = exo.alloc : !exo.tensor<[64, 64], f16, smem_swizzle<128>>
      %B_128 = exo.alloc : !exo.tensor<[1, 64, 64], f16, smem_swizzle<128>>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i1 = 0 to 32 seq {
            %e1 = arith.muli %i1, %c128 : index
            %f1 = arith.addi %e1, %tid : index
            %r1 = arith.divui %f1, %c64 : index
            %q1 = arith.remui %f1, %c64 : index
            %v1 = exo.read %A[%r1, %q1] : !exo.tensor<[64, 64], f16, gmem>
            exo.assign %A_sw[%r1, %q1] = %v1 : !exo.tensor<[64, 64], f16, smem_swizzle<128>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i2 = 0 to 32 seq {
            %e2 = arith.muli %i2, %c128 : index
            %f2 = arith.addi %e2, %tid : index
            %r2 = arith.divui %f2, %c64 : index
            %q2 = arith.remui %f2, %c64 : index
            %v2 = exo.read %B[%r2, %q2] : !exo.tensor<[64, 64], f16, gmem>
            %s2_0 = arith.divui %q2, %c64 : index
            %t2_0 = arith.remui %q2, %c64 : index
            exo.assign %B_128[%s2_0, %r2, %t2_0] = %v2 : !exo.tensor<[1, 64, 64], f16, smem_swizzle<128>>
          }
        }
      }
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      // DC
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 64], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 64], f32, wgmma_accum> -> !exo.window<[64, 64], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 64>(%d) : (!exo.window<[64, 64], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c16 : index
          %a = exo.window %A_sw[:, %k0 :+ 16] : !exo.tensor<[64, 64], f16, smem_swizzle<128>> -> !exo.window<[64, 16], f16, smem_swizzle<128>>
          %b = exo.window %B_128[:, %k0 :+ 16, :] : !exo.tensor<[1, 64, 64], f16, smem_swizzle<128>> -> !exo.window<[1, 16, 64], f16, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 64, dtype = f16, a = sw128, b = sw128_mn>(%d, %a, %b) : (!exo.window<[64, 64], f32, wgmma_accum>, !exo.window<[64, 16], f16, smem_swizzle<128>>, !exo.window<[1, 16, 64], f16, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DC[:, :] : !exo.tensor<[64, 64], f32, gmem> -> !exo.window<[64, 64], f32, gmem>
        exo.call #exo.wgmma_store<n = 64, dst = gmem>(%g, %d) : (!exo.window<[64, 64], f32, gmem>, !exo.window<[64, 64], f32, wgmma_accum>)
      }
    }
  }
}

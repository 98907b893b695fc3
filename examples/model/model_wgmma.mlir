// "The model is the machine": wgmma, run once. A warpgroup stages random
// K-major operands into 128-byte-swizzled shared memory with ordinary stores
// (at the swizzled addresses TMA writes), poisons the shared accumulator
// tile (-1.5e38), runs one wgmma per K slice of the 128-byte rows (so every
// descriptor start within the swizzle pattern is used) from a zeroed
// accumulator, stores the accumulator to shared memory (wgmma_store_d_smem)
// and to global memory (wgmma_store_d_gmem), and dumps every shared buffer.
// test/GPU/model_check.cu compares every byte with the CPU run of the
// sequential meaning: the operand buffers bit for bit, the two accumulator
// copies (DC, DG) with a normwise tolerance (test/GPU/gen_all.sh) that f32
// summation order allows but a different rounding of the inputs does not.
//
//   @model_wgmma_tf32_ss: wgmma.m64n256k8.f32.tf32.tf32, A and B in SMEM
//     (the instructions of examples/gemm/hopper_gemm.mlir; the hardware
//     truncates the f32 inputs to tf32, as the body's toward_zero says);
//   @model_wgmma_bf16_ss: wgmma.m64n256k16.f32.bf16.bf16, A and B in SMEM
//     (those of examples/gemm/hopper_gemm_bf16.mlir);
//   @model_wgmma_e4m3_ss, @model_wgmma_e5m2_ss: wgmma.m64n256k32.f32.e4m3.e4m3
//     and .e5m2.e5m2, A and B fp8 in SMEM, rows of 128 elements (the
//     products are exact in f32; the hardware's sum of them is not, see
//     gen_all.sh's tolerance).

!D = !exo.window<[64, 256], f32, wgmma_accum>
!Dt = !exo.tensor<[64, 256], f32, wgmma_accum>
!C = !exo.tensor<[64, 256], f32, gmem>
!Cw = !exo.window<[64, 256], f32, gmem>
!Cs = !exo.tensor<[64, 256], f32, smem>
!Csw = !exo.window<[64, 256], f32, smem>
!Cg = !exo.barrier<wgmma_group>

//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_ss
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_ss(%A: !exo.tensor<[64, 32], f32, gmem>, %B: !exo.tensor<[256, 32], f32, gmem>, %DA: !exo.tensor<[64, 32], f32, gmem>, %DB: !exo.tensor<[256, 32], f32, gmem>, %DC: !C, %DG: !C) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %ck = arith.constant 8 : index
  %poison = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
      %C_smem = exo.alloc : !Cs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // Element [row, col] by thread (row mod 4) * 32 + col mod 32.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 1 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A[%row, %col] : !exo.tensor<[64, 32], f32, gmem>
              exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 1 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B[%row, %col] : !exo.tensor<[256, 32], f32, gmem>
              exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              exo.assign %C_smem[%row, %col] = %poison : !Cs
            }
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 256>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %ck : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[256, 32], f32, smem_swizzle<128>> -> !exo.window<[256, 8], f32, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 256, dtype = tf32>(%d, %a, %b) : (!D, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[256, 8], f32, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %c = exo.window %C_smem[:, :] : !Cs -> !Csw
        exo.call #exo.wgmma_store<n = 256, dst = smem>(%c, %d) : (!Csw, !D)
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 256, dst = gmem>(%g, %d) : (!Cw, !D)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 1 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A_smem[%row, %col] : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
              exo.assign %DA[%row, %col] = %v : !exo.tensor<[64, 32], f32, gmem>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 1 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B_smem[%row, %col] : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
              exo.assign %DB[%row, %col] = %v : !exo.tensor<[256, 32], f32, gmem>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %C_smem[%row, %col] : !Cs
              exo.assign %DC[%row, %col] = %v : !C
            }
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_wgmma_bf16_ss
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_bf16_ss(%A: !exo.tensor<[64, 64], bf16, gmem>, %B: !exo.tensor<[256, 64], bf16, gmem>, %DA: !exo.tensor<[64, 64], bf16, gmem>, %DB: !exo.tensor<[256, 64], bf16, gmem>, %DC: !C, %DG: !C) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %ck = arith.constant 16 : index
  %poison = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[256, 64], bf16, smem_swizzle<128>>
      %C_smem = exo.alloc : !Cs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // Element [row, col] by thread (row mod 4) * 32 + col mod 32.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 2 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A[%row, %col] : !exo.tensor<[64, 64], bf16, gmem>
              exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 2 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B[%row, %col] : !exo.tensor<[256, 64], bf16, gmem>
              exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[256, 64], bf16, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              exo.assign %C_smem[%row, %col] = %poison : !Cs
            }
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 256>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %ck : index
          %a = exo.window %A_smem[:, %k0 :+ 16] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>> -> !exo.window<[64, 16], bf16, smem_swizzle<128>>
          %b = exo.window %B_smem[:, %k0 :+ 16] : !exo.tensor<[256, 64], bf16, smem_swizzle<128>> -> !exo.window<[256, 16], bf16, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 256, dtype = bf16>(%d, %a, %b) : (!D, !exo.window<[64, 16], bf16, smem_swizzle<128>>, !exo.window<[256, 16], bf16, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %c = exo.window %C_smem[:, :] : !Cs -> !Csw
        exo.call #exo.wgmma_store<n = 256, dst = smem>(%c, %d) : (!Csw, !D)
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 256, dst = gmem>(%g, %d) : (!Cw, !D)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 2 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A_smem[%row, %col] : !exo.tensor<[64, 64], bf16, smem_swizzle<128>>
              exo.assign %DA[%row, %col] = %v : !exo.tensor<[64, 64], bf16, gmem>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 2 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B_smem[%row, %col] : !exo.tensor<[256, 64], bf16, smem_swizzle<128>>
              exo.assign %DB[%row, %col] = %v : !exo.tensor<[256, 64], bf16, gmem>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %C_smem[%row, %col] : !Cs
              exo.assign %DC[%row, %col] = %v : !C
            }
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_wgmma_e4m3_ss
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_e4m3_ss(%A: !exo.tensor<[64, 128], f8E4M3FN, gmem>, %B: !exo.tensor<[256, 128], f8E4M3FN, gmem>, %DA: !exo.tensor<[64, 128], f8E4M3FN, gmem>, %DB: !exo.tensor<[256, 128], f8E4M3FN, gmem>, %DC: !C, %DG: !C) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %ck = arith.constant 32 : index
  %poison = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 128], f8E4M3FN, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[256, 128], f8E4M3FN, smem_swizzle<128>>
      %C_smem = exo.alloc : !Cs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // Element [row, col] by thread (row mod 4) * 32 + col mod 32.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A[%row, %col] : !exo.tensor<[64, 128], f8E4M3FN, gmem>
              exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[64, 128], f8E4M3FN, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B[%row, %col] : !exo.tensor<[256, 128], f8E4M3FN, gmem>
              exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[256, 128], f8E4M3FN, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              exo.assign %C_smem[%row, %col] = %poison : !Cs
            }
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 256>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %ck : index
          %a = exo.window %A_smem[:, %k0 :+ 32] : !exo.tensor<[64, 128], f8E4M3FN, smem_swizzle<128>> -> !exo.window<[64, 32], f8E4M3FN, smem_swizzle<128>>
          %b = exo.window %B_smem[:, %k0 :+ 32] : !exo.tensor<[256, 128], f8E4M3FN, smem_swizzle<128>> -> !exo.window<[256, 32], f8E4M3FN, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 256, dtype = f8E4M3FN>(%d, %a, %b) : (!D, !exo.window<[64, 32], f8E4M3FN, smem_swizzle<128>>, !exo.window<[256, 32], f8E4M3FN, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %c = exo.window %C_smem[:, :] : !Cs -> !Csw
        exo.call #exo.wgmma_store<n = 256, dst = smem>(%c, %d) : (!Csw, !D)
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 256, dst = gmem>(%g, %d) : (!Cw, !D)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A_smem[%row, %col] : !exo.tensor<[64, 128], f8E4M3FN, smem_swizzle<128>>
              exo.assign %DA[%row, %col] = %v : !exo.tensor<[64, 128], f8E4M3FN, gmem>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B_smem[%row, %col] : !exo.tensor<[256, 128], f8E4M3FN, smem_swizzle<128>>
              exo.assign %DB[%row, %col] = %v : !exo.tensor<[256, 128], f8E4M3FN, gmem>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %C_smem[%row, %col] : !Cs
              exo.assign %DC[%row, %col] = %v : !C
            }
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_wgmma_e5m2_ss
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_e5m2_ss(%A: !exo.tensor<[64, 128], f8E5M2, gmem>, %B: !exo.tensor<[256, 128], f8E5M2, gmem>, %DA: !exo.tensor<[64, 128], f8E5M2, gmem>, %DB: !exo.tensor<[256, 128], f8E5M2, gmem>, %DC: !C, %DG: !C) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %ck = arith.constant 32 : index
  %poison = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 128], f8E5M2, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[256, 128], f8E5M2, smem_swizzle<128>>
      %C_smem = exo.alloc : !Cs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      // Element [row, col] by thread (row mod 4) * 32 + col mod 32.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A[%row, %col] : !exo.tensor<[64, 128], f8E5M2, gmem>
              exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[64, 128], f8E5M2, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B[%row, %col] : !exo.tensor<[256, 128], f8E5M2, gmem>
              exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[256, 128], f8E5M2, smem_swizzle<128>>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              exo.assign %C_smem[%row, %col] = %poison : !Cs
            }
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %d = exo.window %D[:, :] : !Dt -> !D
        exo.call #exo.wgmma_zero<n = 256>(%d) : (!D)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %ck : index
          %a = exo.window %A_smem[:, %k0 :+ 32] : !exo.tensor<[64, 128], f8E5M2, smem_swizzle<128>> -> !exo.window<[64, 32], f8E5M2, smem_swizzle<128>>
          %b = exo.window %B_smem[:, %k0 :+ 32] : !exo.tensor<[256, 128], f8E5M2, smem_swizzle<128>> -> !exo.window<[256, 32], f8E5M2, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 256, dtype = f8E5M2>(%d, %a, %b) : (!D, !exo.window<[64, 32], f8E5M2, smem_swizzle<128>>, !exo.window<[256, 32], f8E5M2, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !Cg
        exo.await(%cg, cuda_in_order, 0) : !Cg
        %c = exo.window %C_smem[:, :] : !Cs -> !Csw
        exo.call #exo.wgmma_store<n = 256, dst = smem>(%c, %d) : (!Csw, !D)
        %g = exo.window %DG[:, :] : !C -> !Cw
        exo.call #exo.wgmma_store<n = 256, dst = gmem>(%g, %d) : (!Cw, !D)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %A_smem[%row, %col] : !exo.tensor<[64, 128], f8E5M2, smem_swizzle<128>>
              exo.assign %DA[%row, %col] = %v : !exo.tensor<[64, 128], f8E5M2, gmem>
            }
          }
          exo.for %i = 0 to 64 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 4 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %B_smem[%row, %col] : !exo.tensor<[256, 128], f8E5M2, smem_swizzle<128>>
              exo.assign %DB[%row, %col] = %v : !exo.tensor<[256, 128], f8E5M2, gmem>
            }
          }
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            exo.for %j = 0 to 8 seq {
              %j32 = arith.muli %j, %c32 : index
              %col = arith.addi %j32, %l : index
              %v = exo.read %C_smem[%row, %col] : !Cs
              exo.assign %DC[%row, %col] = %v : !C
            }
          }
        }
      }
    }
  }
}

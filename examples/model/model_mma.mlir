// "The model is the machine": the warp-level tensor-core instructions of
// examples/gemm/mma_gemm_tf32.mlir and mma_gemm_bf16.mlir, run once by one
// warp. The warp stages random operands into shared memory with ordinary
// stores and poisons the output tile (-1.5e38); ldmatrix loads the A and B
// fragments (mma_load_a, mma_load_b), mma.sync multiplies them into a
// zeroed accumulator (mma_zero_c), the accumulator goes to global memory
// (mma_store_c) and, for bf16, converted (mma_convert_c) through stmatrix
// into shared memory (mma_stmatrix_c); every shared buffer is dumped.
// test/GPU/model_check.cu compares every byte with the CPU run of the
// sequential meaning: operands bit for bit, accumulators with the normwise
// tolerance test/GPU/gen_all.sh gives them. The tf32 mma.sync truncates
// its f32 inputs to tf32 (toward zero), as the body says.

!Cf = !exo.window<[16, 8], f32, mma_c>
!Cft = !exo.tensor<[16, 8], f32, mma_c>
!Cg = !exo.window<[16, 8], f32, gmem>
!C = !exo.tensor<[16, 8], f32, gmem>

exo.proc @model_mma_tf32(%A: !exo.tensor<[16, 8], f32, gmem>, %B: !exo.tensor<[8, 8], f32, gmem>, %DA: !exo.tensor<[16, 8], f32, gmem>, %DB: !exo.tensor<[8, 8], f32, gmem>, %DC: !C) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %poison = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[16, 8], f32, smem>
      %B_smem = exo.alloc : !exo.tensor<[8, 8], f32, smem>
      %A_frag = exo.alloc : !exo.tensor<[16, 8], f32, mma_a>
      %B_frag = exo.alloc : !exo.tensor<[8, 8], f32, mma_b>
      %C_frag = exo.alloc : !Cft
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %A[%row, %col] : !exo.tensor<[16, 8], f32, gmem>
          exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[16, 8], f32, smem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 2 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %B[%row, %col] : !exo.tensor<[8, 8], f32, gmem>
          exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[8, 8], f32, smem>
        }
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %w = 0 to 1 cuda_threads<warp> {
        %d = exo.window %C_frag[:, :] : !Cft -> !Cf
        exo.call #exo.mma<part = zero_c, dtype = f32>(%d) : (!Cf)
        %a_src = exo.window %A_smem[:, :] : !exo.tensor<[16, 8], f32, smem> -> !exo.window<[16, 8], f32, smem>
        %a = exo.window %A_frag[:, :] : !exo.tensor<[16, 8], f32, mma_a> -> !exo.window<[16, 8], f32, mma_a>
        exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %a_src) : (!exo.window<[16, 8], f32, mma_a>, !exo.window<[16, 8], f32, smem>)
        %b_src = exo.window %B_smem[:, :] : !exo.tensor<[8, 8], f32, smem> -> !exo.window<[8, 8], f32, smem>
        %b = exo.window %B_frag[:, :] : !exo.tensor<[8, 8], f32, mma_b> -> !exo.window<[8, 8], f32, mma_b>
        exo.call #exo.mma<part = load_b, dtype = tf32>(%b, %b_src) : (!exo.window<[8, 8], f32, mma_b>, !exo.window<[8, 8], f32, smem>)
        exo.call #exo.mma<part = mma, dtype = tf32>(%d, %a, %b) : (!Cf, !exo.window<[16, 8], f32, mma_a>, !exo.window<[8, 8], f32, mma_b>)
        %g = exo.window %DC[:, :] : !C -> !Cg
        exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%g, %d) : (!Cg, !Cf)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %A_smem[%row, %col] : !exo.tensor<[16, 8], f32, smem>
          exo.assign %DA[%row, %col] = %v : !exo.tensor<[16, 8], f32, gmem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 2 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %B_smem[%row, %col] : !exo.tensor<[8, 8], f32, smem>
          exo.assign %DB[%row, %col] = %v : !exo.tensor<[8, 8], f32, gmem>
        }
      }
    }
  }
}

exo.proc @model_mma_bf16(%A: !exo.tensor<[16, 16], bf16, gmem>, %B: !exo.tensor<[8, 16], bf16, gmem>, %DA: !exo.tensor<[16, 16], bf16, gmem>, %DB: !exo.tensor<[8, 16], bf16, gmem>, %DC: !C, %DH: !exo.tensor<[16, 8], bf16, gmem>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %poison = arith.constant -1.5e+38 : bf16
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[16, 16], bf16, smem>
      %B_smem = exo.alloc : !exo.tensor<[8, 16], bf16, smem>
      %H_smem = exo.alloc : !exo.tensor<[16, 8], bf16, smem>
      %A_frag = exo.alloc : !exo.tensor<[16, 16], bf16, mma_a>
      %B_frag = exo.alloc : !exo.tensor<[8, 16], bf16, mma_b>
      %C_frag = exo.alloc : !Cft
      %H_frag = exo.alloc : !exo.tensor<[16, 8], bf16, mma_c>
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 8 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c16 : index
          %col = arith.remui %e, %c16 : index
          %v = exo.read %A[%row, %col] : !exo.tensor<[16, 16], bf16, gmem>
          exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[16, 16], bf16, smem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c16 : index
          %col = arith.remui %e, %c16 : index
          %v = exo.read %B[%row, %col] : !exo.tensor<[8, 16], bf16, gmem>
          exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[8, 16], bf16, smem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          exo.assign %H_smem[%row, %col] = %poison : !exo.tensor<[16, 8], bf16, smem>
        }
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %w = 0 to 1 cuda_threads<warp> {
        %d = exo.window %C_frag[:, :] : !Cft -> !Cf
        exo.call #exo.mma<part = zero_c, dtype = f32>(%d) : (!Cf)
        %a_src = exo.window %A_smem[:, :] : !exo.tensor<[16, 16], bf16, smem> -> !exo.window<[16, 16], bf16, smem>
        %a = exo.window %A_frag[:, :] : !exo.tensor<[16, 16], bf16, mma_a> -> !exo.window<[16, 16], bf16, mma_a>
        exo.call #exo.mma<part = load_a, dtype = bf16>(%a, %a_src) : (!exo.window<[16, 16], bf16, mma_a>, !exo.window<[16, 16], bf16, smem>)
        %b_src = exo.window %B_smem[:, :] : !exo.tensor<[8, 16], bf16, smem> -> !exo.window<[8, 16], bf16, smem>
        %b = exo.window %B_frag[:, :] : !exo.tensor<[8, 16], bf16, mma_b> -> !exo.window<[8, 16], bf16, mma_b>
        exo.call #exo.mma<part = load_b, dtype = bf16>(%b, %b_src) : (!exo.window<[8, 16], bf16, mma_b>, !exo.window<[8, 16], bf16, smem>)
        exo.call #exo.mma<part = mma, dtype = bf16>(%d, %a, %b) : (!Cf, !exo.window<[16, 16], bf16, mma_a>, !exo.window<[8, 16], bf16, mma_b>)
        %g = exo.window %DC[:, :] : !C -> !Cg
        exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%g, %d) : (!Cg, !Cf)
        %h = exo.window %H_frag[:, :] : !exo.tensor<[16, 8], bf16, mma_c> -> !exo.window<[16, 8], bf16, mma_c>
        exo.call #exo.mma<part = convert_c, dtype = bf16>(%h, %d) : (!exo.window<[16, 8], bf16, mma_c>, !Cf)
        %hs = exo.window %H_smem[:, :] : !exo.tensor<[16, 8], bf16, smem> -> !exo.window<[16, 8], bf16, smem>
        exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%hs, %h) : (!exo.window<[16, 8], bf16, smem>, !exo.window<[16, 8], bf16, mma_c>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 8 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c16 : index
          %col = arith.remui %e, %c16 : index
          %v = exo.read %A_smem[%row, %col] : !exo.tensor<[16, 16], bf16, smem>
          exo.assign %DA[%row, %col] = %v : !exo.tensor<[16, 16], bf16, gmem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c16 : index
          %col = arith.remui %e, %c16 : index
          %v = exo.read %B_smem[%row, %col] : !exo.tensor<[8, 16], bf16, smem>
          exo.assign %DB[%row, %col] = %v : !exo.tensor<[8, 16], bf16, gmem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %H_smem[%row, %col] : !exo.tensor<[16, 8], bf16, smem>
          exo.assign %DH[%row, %col] = %v : !exo.tensor<[16, 8], bf16, gmem>
        }
      }
    }
  }
}

// Element access to an mma.sync accumulator (registers as data): the tf32
// product above, then each lane applies a bias and a ReLU to the four
// elements it holds, C[r, c] = max(C[r, c] + bias[c], 0), by ordinary
// exo.read / exo.assign of the fragment, before mma_store_c. The lanes are
// walked as the mma.sync layout places them (MmaAttr::getAccumulatorSlot):
// quad g (the row within 8), lane q of the quad (the column pair); row = g +
// 8 h, col = 2 q + e. The collective analysis proves that each lane touches
// only its own elements; the lowering addresses its registers.
exo.proc @model_mma_bias_relu(%A: !exo.tensor<[16, 8], f32, gmem>, %B: !exo.tensor<[8, 8], f32, gmem>, %bias: !exo.tensor<[8], f32, gmem>, %DC: !C) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[16, 8], f32, smem>
      %B_smem = exo.alloc : !exo.tensor<[8, 8], f32, smem>
      %A_frag = exo.alloc : !exo.tensor<[16, 8], f32, mma_a>
      %B_frag = exo.alloc : !exo.tensor<[8, 8], f32, mma_b>
      %C_frag = exo.alloc : !Cft
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %A[%row, %col] : !exo.tensor<[16, 8], f32, gmem>
          exo.assign %A_smem[%row, %col] = %v : !exo.tensor<[16, 8], f32, smem>
        }
      }
      exo.for %l = 0 to 32 cuda_threads<thread> {
        exo.for %i = 0 to 2 seq {
          %e0 = arith.muli %i, %c32 : index
          %e = arith.addi %e0, %l : index
          %row = arith.divui %e, %c8 : index
          %col = arith.remui %e, %c8 : index
          %v = exo.read %B[%row, %col] : !exo.tensor<[8, 8], f32, gmem>
          exo.assign %B_smem[%row, %col] = %v : !exo.tensor<[8, 8], f32, smem>
        }
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %w = 0 to 1 cuda_threads<warp> {
        %d = exo.window %C_frag[:, :] : !Cft -> !Cf
        exo.call #exo.mma<part = zero_c, dtype = f32>(%d) : (!Cf)
        %a_src = exo.window %A_smem[:, :] : !exo.tensor<[16, 8], f32, smem> -> !exo.window<[16, 8], f32, smem>
        %a = exo.window %A_frag[:, :] : !exo.tensor<[16, 8], f32, mma_a> -> !exo.window<[16, 8], f32, mma_a>
        exo.call #exo.mma<part = load_a, dtype = tf32>(%a, %a_src) : (!exo.window<[16, 8], f32, mma_a>, !exo.window<[16, 8], f32, smem>)
        %b_src = exo.window %B_smem[:, :] : !exo.tensor<[8, 8], f32, smem> -> !exo.window<[8, 8], f32, smem>
        %b = exo.window %B_frag[:, :] : !exo.tensor<[8, 8], f32, mma_b> -> !exo.window<[8, 8], f32, mma_b>
        exo.call #exo.mma<part = load_b, dtype = tf32>(%b, %b_src) : (!exo.window<[8, 8], f32, mma_b>, !exo.window<[8, 8], f32, smem>)
        exo.call #exo.mma<part = mma, dtype = tf32>(%d, %a, %b) : (!Cf, !exo.window<[16, 8], f32, mma_a>, !exo.window<[8, 8], f32, mma_b>)
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            exo.for %h = 0 to 2 seq {
              exo.for %e = 0 to 2 seq {
                %h8 = arith.muli %h, %c8 : index
                %row = arith.addi %g, %h8 : index
                %q2 = arith.muli %q, %c2 : index
                %col = arith.addi %q2, %e : index
                %v = exo.read %C_frag[%row, %col] : !Cft
                %bc = exo.read %bias[%col] : !exo.tensor<[8], f32, gmem>
                %s = arith.addf %v, %bc : f32
                %r = arith.maximumf %s, %zero : f32
                exo.assign %C_frag[%row, %col] = %r : !Cft
              }
            }
          }
        }
        %g2 = exo.window %DC[:, :] : !C -> !Cg
        exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%g2, %d) : (!Cg, !Cf)
      }
    }
  }
}

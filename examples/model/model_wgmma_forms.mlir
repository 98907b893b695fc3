// "The model is the machine": the other wgmma forms of the bundled GEMMs,
// each run once by one warpgroup. As in model_wgmma.mlir, the warpgroup
// stages random operands into shared memory with ordinary stores (at the
// swizzled addresses where swizzled), poisons (-1.5e38) every output tile,
// runs the instructions from a zeroed accumulator, stores the accumulator
// and dumps every shared buffer; test/GPU/model_check.cu compares every byte
// with the CPU run of the sequential meaning, the accumulator copies with
// the normwise tolerances of test/GPU/gen_all.sh.
//
//   @model_wgmma_tf32_rs: wgmma m64n128k8 tf32 with A in registers
//     (wgmma_load_a) and B in unswizzled shared memory; the accumulator
//     stored to shared (wgmma_store_d_smem, DC) and global memory
//     (wgmma_store_d_gmem m64n128, DG) (examples/gemm/wgmma_gemm_1cta_rs.mlir,
//     @gemm_derived_ws);
//   @model_wgmma_bf16_rs: wgmma m64n128k16 bf16 with A in registers; the
//     accumulator stored rounded to bf16 through stmatrix
//     (wgmma_stmatrix_d, DH) and as f32 (DC)
//     (wgmma_gemm_1cta_rs_bf16.mlir, wgmma_gemm_1cta_bf16_out.mlir);
//   @model_wgmma_tf32_sw32, @model_wgmma_tf32_sw64, @model_wgmma_tf32_sw0:
//     wgmma m64n128k8 tf32 with both operands in shared memory with 32-byte,
//     64-byte and no swizzle (descriptor layout types 3, 2 and 0;
//     wgmma_gemm_1cta_sw32.mlir, _sw64.mlir, _sw0.mlir);
//   @model_wgmma_tf32_red: wgmma m64n256k8 tf32 (128-byte swizzle) whose
//     accumulator is added into a random global tile with red.global.add
//     (wgmma_red_d_gmem, DG += D; @gemm_derived_splitk_direct), and the
//     host-side zeroing of that kernel (cuda_memset0, Z);
//   @model_wgmma_tf32_scale_d0: @model_wgmma_tf32_sw32's wgmma, then one of
//     scale-d 0 (`scale_d = 0`), which overwrites the accumulator;
//   @model_wgmma_tf32_window: @model_wgmma_tf32_sw32's wgmma, then a
//     wgmma_zero of columns 32-63 and an m64n64 wgmma into columns 64-127
//     of the accumulator (column windows), which leave the other columns
//     as they were.


//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_rs
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_rs(%A: !exo.tensor<[64, 8], f32, gmem>, %B: !exo.tensor<[2, 128, 4], f32, gmem>, %DA: !exo.tensor<[64, 8], f32, gmem>, %DB: !exo.tensor<[2, 128, 4], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>, %DG: !exo.tensor<[64, 128], f32, gmem>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem>
      %B_smem = exo.alloc : !exo.tensor<[2, 128, 4], f32, smem>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i1 = 0 to 4 seq {
            %e2 = arith.muli %i1, %c128 : index
            %e3 = arith.addi %e2, %tid : index
            %x4 = arith.divui %e3, %c8 : index
            %x5 = arith.remui %e3, %c8 : index
            %v6 = exo.read %A[%x4, %x5] : !exo.tensor<[64, 8], f32, gmem>
            exo.assign %A_smem[%x4, %x5] = %v6 : !exo.tensor<[64, 8], f32, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i13 = 0 to 8 seq {
            %e14 = arith.muli %i13, %c128 : index
            %e15 = arith.addi %e14, %tid : index
            %x16 = arith.divui %e15, %c512 : index
            %x17 = arith.remui %e15, %c512 : index
            %x18 = arith.divui %x17, %c4 : index
            %x19 = arith.remui %x17, %c4 : index
            %v20 = exo.read %B[%x16, %x18, %x19] : !exo.tensor<[2, 128, 4], f32, gmem>
            exo.assign %B_smem[%x16, %x18, %x19] = %v20 : !exo.tensor<[2, 128, 4], f32, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i29 = 0 to 64 seq {
            %e30 = arith.muli %i29, %c128 : index
            %e31 = arith.addi %e30, %tid : index
            %x32 = arith.divui %e31, %c128 : index
            %x33 = arith.remui %e31, %c128 : index
            exo.assign %C_smem[%x32, %x33] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %A_reg = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_a>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        %a_src = exo.window %A_smem[:, :] : !exo.tensor<[64, 8], f32, smem> -> !exo.window<[64, 8], f32, smem>
        %a = exo.window %A_reg[:, :] : !exo.tensor<[64, 8], f32, wgmma_a> -> !exo.window<[64, 8], f32, wgmma_a>
        exo.call #exo.wgmma_load_a<dtype = tf32>(%a, %a_src) : (!exo.window<[64, 8], f32, wgmma_a>, !exo.window<[64, 8], f32, smem>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %b = exo.window %B_smem[:, :, :] : !exo.tensor<[2, 128, 4], f32, smem> -> !exo.window<[2, 128, 4], f32, smem>
        exo.call #exo.wgmma<n = 128, dtype = tf32, a = regs, b = interleave>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, wgmma_a>, !exo.window<[2, 128, 4], f32, smem>)
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
        %g = exo.window %DG[:, :] : !exo.tensor<[64, 128], f32, gmem> -> !exo.window<[64, 128], f32, gmem>
        exo.call #exo.wgmma_store<n = 128, dst = gmem>(%g, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i7 = 0 to 4 seq {
            %e8 = arith.muli %i7, %c128 : index
            %e9 = arith.addi %e8, %tid : index
            %x10 = arith.divui %e9, %c8 : index
            %x11 = arith.remui %e9, %c8 : index
            %v12 = exo.read %A_smem[%x10, %x11] : !exo.tensor<[64, 8], f32, smem>
            exo.assign %DA[%x10, %x11] = %v12 : !exo.tensor<[64, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i21 = 0 to 8 seq {
            %e22 = arith.muli %i21, %c128 : index
            %e23 = arith.addi %e22, %tid : index
            %x24 = arith.divui %e23, %c512 : index
            %x25 = arith.remui %e23, %c512 : index
            %x26 = arith.divui %x25, %c4 : index
            %x27 = arith.remui %x25, %c4 : index
            %v28 = exo.read %B_smem[%x24, %x26, %x27] : !exo.tensor<[2, 128, 4], f32, smem>
            exo.assign %DB[%x24, %x26, %x27] = %v28 : !exo.tensor<[2, 128, 4], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i34 = 0 to 64 seq {
            %e35 = arith.muli %i34, %c128 : index
            %e36 = arith.addi %e35, %tid : index
            %x37 = arith.divui %e36, %c128 : index
            %x38 = arith.remui %e36, %c128 : index
            %v39 = exo.read %C_smem[%x37, %x38] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x37, %x38] = %v39 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_bf16_rs
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_bf16_rs(%A: !exo.tensor<[64, 16], bf16, gmem>, %B: !exo.tensor<[2, 128, 8], bf16, gmem>, %DA: !exo.tensor<[64, 16], bf16, gmem>, %DB: !exo.tensor<[2, 128, 8], bf16, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>, %DH: !exo.tensor<[64, 128], bf16, gmem>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  %poison_bf16 = arith.constant -1.5e+38 : bf16
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 16], bf16, smem>
      %B_smem = exo.alloc : !exo.tensor<[2, 128, 8], bf16, smem>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %H_smem = exo.alloc : !exo.tensor<[64, 128], bf16, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i40 = 0 to 8 seq {
            %e41 = arith.muli %i40, %c128 : index
            %e42 = arith.addi %e41, %tid : index
            %x43 = arith.divui %e42, %c16 : index
            %x44 = arith.remui %e42, %c16 : index
            %v45 = exo.read %A[%x43, %x44] : !exo.tensor<[64, 16], bf16, gmem>
            exo.assign %A_smem[%x43, %x44] = %v45 : !exo.tensor<[64, 16], bf16, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i52 = 0 to 16 seq {
            %e53 = arith.muli %i52, %c128 : index
            %e54 = arith.addi %e53, %tid : index
            %x55 = arith.divui %e54, %c1024 : index
            %x56 = arith.remui %e54, %c1024 : index
            %x57 = arith.divui %x56, %c8 : index
            %x58 = arith.remui %x56, %c8 : index
            %v59 = exo.read %B[%x55, %x57, %x58] : !exo.tensor<[2, 128, 8], bf16, gmem>
            exo.assign %B_smem[%x55, %x57, %x58] = %v59 : !exo.tensor<[2, 128, 8], bf16, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i68 = 0 to 64 seq {
            %e69 = arith.muli %i68, %c128 : index
            %e70 = arith.addi %e69, %tid : index
            %x71 = arith.divui %e70, %c128 : index
            %x72 = arith.remui %e70, %c128 : index
            exo.assign %C_smem[%x71, %x72] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i79 = 0 to 64 seq {
            %e80 = arith.muli %i79, %c128 : index
            %e81 = arith.addi %e80, %tid : index
            %x82 = arith.divui %e81, %c128 : index
            %x83 = arith.remui %e81, %c128 : index
            exo.assign %H_smem[%x82, %x83] = %poison_bf16 : !exo.tensor<[64, 128], bf16, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %A_reg = exo.alloc : !exo.tensor<[64, 16], bf16, wgmma_a>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        %a_src = exo.window %A_smem[:, :] : !exo.tensor<[64, 16], bf16, smem> -> !exo.window<[64, 16], bf16, smem>
        %a = exo.window %A_reg[:, :] : !exo.tensor<[64, 16], bf16, wgmma_a> -> !exo.window<[64, 16], bf16, wgmma_a>
        exo.call #exo.wgmma_load_a<dtype = bf16>(%a, %a_src) : (!exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[64, 16], bf16, smem>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %b = exo.window %B_smem[:, :, :] : !exo.tensor<[2, 128, 8], bf16, smem> -> !exo.window<[2, 128, 8], bf16, smem>
        exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = interleave>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[2, 128, 8], bf16, smem>)
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
        %h = exo.window %H_smem[:, :] : !exo.tensor<[64, 128], bf16, smem> -> !exo.window<[64, 128], bf16, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem, dtype = bf16>(%h, %d) : (!exo.window<[64, 128], bf16, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i46 = 0 to 8 seq {
            %e47 = arith.muli %i46, %c128 : index
            %e48 = arith.addi %e47, %tid : index
            %x49 = arith.divui %e48, %c16 : index
            %x50 = arith.remui %e48, %c16 : index
            %v51 = exo.read %A_smem[%x49, %x50] : !exo.tensor<[64, 16], bf16, smem>
            exo.assign %DA[%x49, %x50] = %v51 : !exo.tensor<[64, 16], bf16, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i60 = 0 to 16 seq {
            %e61 = arith.muli %i60, %c128 : index
            %e62 = arith.addi %e61, %tid : index
            %x63 = arith.divui %e62, %c1024 : index
            %x64 = arith.remui %e62, %c1024 : index
            %x65 = arith.divui %x64, %c8 : index
            %x66 = arith.remui %x64, %c8 : index
            %v67 = exo.read %B_smem[%x63, %x65, %x66] : !exo.tensor<[2, 128, 8], bf16, smem>
            exo.assign %DB[%x63, %x65, %x66] = %v67 : !exo.tensor<[2, 128, 8], bf16, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i73 = 0 to 64 seq {
            %e74 = arith.muli %i73, %c128 : index
            %e75 = arith.addi %e74, %tid : index
            %x76 = arith.divui %e75, %c128 : index
            %x77 = arith.remui %e75, %c128 : index
            %v78 = exo.read %C_smem[%x76, %x77] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x76, %x77] = %v78 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i84 = 0 to 64 seq {
            %e85 = arith.muli %i84, %c128 : index
            %e86 = arith.addi %e85, %tid : index
            %x87 = arith.divui %e86, %c128 : index
            %x88 = arith.remui %e86, %c128 : index
            %v89 = exo.read %H_smem[%x87, %x88] : !exo.tensor<[64, 128], bf16, smem>
            exo.assign %DH[%x87, %x88] = %v89 : !exo.tensor<[64, 128], bf16, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_sw32
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_sw32(%A: !exo.tensor<[64, 8], f32, gmem>, %B: !exo.tensor<[128, 8], f32, gmem>, %DA: !exo.tensor<[64, 8], f32, gmem>, %DB: !exo.tensor<[128, 8], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
      %B_smem = exo.alloc : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i90 = 0 to 4 seq {
            %e91 = arith.muli %i90, %c128 : index
            %e92 = arith.addi %e91, %tid : index
            %x93 = arith.divui %e92, %c8 : index
            %x94 = arith.remui %e92, %c8 : index
            %v95 = exo.read %A[%x93, %x94] : !exo.tensor<[64, 8], f32, gmem>
            exo.assign %A_smem[%x93, %x94] = %v95 : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i102 = 0 to 8 seq {
            %e103 = arith.muli %i102, %c128 : index
            %e104 = arith.addi %e103, %tid : index
            %x105 = arith.divui %e104, %c8 : index
            %x106 = arith.remui %e104, %c8 : index
            %v107 = exo.read %B[%x105, %x106] : !exo.tensor<[128, 8], f32, gmem>
            exo.assign %B_smem[%x105, %x106] = %v107 : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i114 = 0 to 64 seq {
            %e115 = arith.muli %i114, %c128 : index
            %e116 = arith.addi %e115, %tid : index
            %x117 = arith.divui %e116, %c128 : index
            %x118 = arith.remui %e116, %c128 : index
            exo.assign %C_smem[%x117, %x118] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 1 seq {
          %k0 = arith.muli %kk, %c8 : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[128, 8], f32, smem_swizzle<32>> -> !exo.window<[128, 8], f32, smem_swizzle<32>>
          exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[128, 8], f32, smem_swizzle<32>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i96 = 0 to 4 seq {
            %e97 = arith.muli %i96, %c128 : index
            %e98 = arith.addi %e97, %tid : index
            %x99 = arith.divui %e98, %c8 : index
            %x100 = arith.remui %e98, %c8 : index
            %v101 = exo.read %A_smem[%x99, %x100] : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
            exo.assign %DA[%x99, %x100] = %v101 : !exo.tensor<[64, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i108 = 0 to 8 seq {
            %e109 = arith.muli %i108, %c128 : index
            %e110 = arith.addi %e109, %tid : index
            %x111 = arith.divui %e110, %c8 : index
            %x112 = arith.remui %e110, %c8 : index
            %v113 = exo.read %B_smem[%x111, %x112] : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
            exo.assign %DB[%x111, %x112] = %v113 : !exo.tensor<[128, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i119 = 0 to 64 seq {
            %e120 = arith.muli %i119, %c128 : index
            %e121 = arith.addi %e120, %tid : index
            %x122 = arith.divui %e121, %c128 : index
            %x123 = arith.remui %e121, %c128 : index
            %v124 = exo.read %C_smem[%x122, %x123] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x122, %x123] = %v124 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_sw64
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_sw64(%A: !exo.tensor<[64, 16], f32, gmem>, %B: !exo.tensor<[128, 16], f32, gmem>, %DA: !exo.tensor<[64, 16], f32, gmem>, %DB: !exo.tensor<[128, 16], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
      %B_smem = exo.alloc : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i125 = 0 to 8 seq {
            %e126 = arith.muli %i125, %c128 : index
            %e127 = arith.addi %e126, %tid : index
            %x128 = arith.divui %e127, %c16 : index
            %x129 = arith.remui %e127, %c16 : index
            %v130 = exo.read %A[%x128, %x129] : !exo.tensor<[64, 16], f32, gmem>
            exo.assign %A_smem[%x128, %x129] = %v130 : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i137 = 0 to 16 seq {
            %e138 = arith.muli %i137, %c128 : index
            %e139 = arith.addi %e138, %tid : index
            %x140 = arith.divui %e139, %c16 : index
            %x141 = arith.remui %e139, %c16 : index
            %v142 = exo.read %B[%x140, %x141] : !exo.tensor<[128, 16], f32, gmem>
            exo.assign %B_smem[%x140, %x141] = %v142 : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i149 = 0 to 64 seq {
            %e150 = arith.muli %i149, %c128 : index
            %e151 = arith.addi %e150, %tid : index
            %x152 = arith.divui %e151, %c128 : index
            %x153 = arith.remui %e151, %c128 : index
            exo.assign %C_smem[%x152, %x153] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 2 seq {
          %k0 = arith.muli %kk, %c8 : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 16], f32, smem_swizzle<64>> -> !exo.window<[64, 8], f32, smem_swizzle<64>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[128, 16], f32, smem_swizzle<64>> -> !exo.window<[128, 8], f32, smem_swizzle<64>>
          exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw64, b = sw64>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<64>>, !exo.window<[128, 8], f32, smem_swizzle<64>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i131 = 0 to 8 seq {
            %e132 = arith.muli %i131, %c128 : index
            %e133 = arith.addi %e132, %tid : index
            %x134 = arith.divui %e133, %c16 : index
            %x135 = arith.remui %e133, %c16 : index
            %v136 = exo.read %A_smem[%x134, %x135] : !exo.tensor<[64, 16], f32, smem_swizzle<64>>
            exo.assign %DA[%x134, %x135] = %v136 : !exo.tensor<[64, 16], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i143 = 0 to 16 seq {
            %e144 = arith.muli %i143, %c128 : index
            %e145 = arith.addi %e144, %tid : index
            %x146 = arith.divui %e145, %c16 : index
            %x147 = arith.remui %e145, %c16 : index
            %v148 = exo.read %B_smem[%x146, %x147] : !exo.tensor<[128, 16], f32, smem_swizzle<64>>
            exo.assign %DB[%x146, %x147] = %v148 : !exo.tensor<[128, 16], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i154 = 0 to 64 seq {
            %e155 = arith.muli %i154, %c128 : index
            %e156 = arith.addi %e155, %tid : index
            %x157 = arith.divui %e156, %c128 : index
            %x158 = arith.remui %e156, %c128 : index
            %v159 = exo.read %C_smem[%x157, %x158] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x157, %x158] = %v159 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_sw0
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_sw0(%A: !exo.tensor<[2, 64, 4], f32, gmem>, %B: !exo.tensor<[2, 128, 4], f32, gmem>, %DA: !exo.tensor<[2, 64, 4], f32, gmem>, %DB: !exo.tensor<[2, 128, 4], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[2, 64, 4], f32, smem>
      %B_smem = exo.alloc : !exo.tensor<[2, 128, 4], f32, smem>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i160 = 0 to 4 seq {
            %e161 = arith.muli %i160, %c128 : index
            %e162 = arith.addi %e161, %tid : index
            %x163 = arith.divui %e162, %c256 : index
            %x164 = arith.remui %e162, %c256 : index
            %x165 = arith.divui %x164, %c4 : index
            %x166 = arith.remui %x164, %c4 : index
            %v167 = exo.read %A[%x163, %x165, %x166] : !exo.tensor<[2, 64, 4], f32, gmem>
            exo.assign %A_smem[%x163, %x165, %x166] = %v167 : !exo.tensor<[2, 64, 4], f32, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i176 = 0 to 8 seq {
            %e177 = arith.muli %i176, %c128 : index
            %e178 = arith.addi %e177, %tid : index
            %x179 = arith.divui %e178, %c512 : index
            %x180 = arith.remui %e178, %c512 : index
            %x181 = arith.divui %x180, %c4 : index
            %x182 = arith.remui %x180, %c4 : index
            %v183 = exo.read %B[%x179, %x181, %x182] : !exo.tensor<[2, 128, 4], f32, gmem>
            exo.assign %B_smem[%x179, %x181, %x182] = %v183 : !exo.tensor<[2, 128, 4], f32, smem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i192 = 0 to 64 seq {
            %e193 = arith.muli %i192, %c128 : index
            %e194 = arith.addi %e193, %tid : index
            %x195 = arith.divui %e194, %c128 : index
            %x196 = arith.remui %e194, %c128 : index
            exo.assign %C_smem[%x195, %x196] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a = exo.window %A_smem[:, :, :] : !exo.tensor<[2, 64, 4], f32, smem> -> !exo.window<[2, 64, 4], f32, smem>
        %b = exo.window %B_smem[:, :, :] : !exo.tensor<[2, 128, 4], f32, smem> -> !exo.window<[2, 128, 4], f32, smem>
        exo.call #exo.wgmma<n = 128, dtype = tf32, a = interleave, b = interleave>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[2, 64, 4], f32, smem>, !exo.window<[2, 128, 4], f32, smem>)
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i168 = 0 to 4 seq {
            %e169 = arith.muli %i168, %c128 : index
            %e170 = arith.addi %e169, %tid : index
            %x171 = arith.divui %e170, %c256 : index
            %x172 = arith.remui %e170, %c256 : index
            %x173 = arith.divui %x172, %c4 : index
            %x174 = arith.remui %x172, %c4 : index
            %v175 = exo.read %A_smem[%x171, %x173, %x174] : !exo.tensor<[2, 64, 4], f32, smem>
            exo.assign %DA[%x171, %x173, %x174] = %v175 : !exo.tensor<[2, 64, 4], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i184 = 0 to 8 seq {
            %e185 = arith.muli %i184, %c128 : index
            %e186 = arith.addi %e185, %tid : index
            %x187 = arith.divui %e186, %c512 : index
            %x188 = arith.remui %e186, %c512 : index
            %x189 = arith.divui %x188, %c4 : index
            %x190 = arith.remui %x188, %c4 : index
            %v191 = exo.read %B_smem[%x187, %x189, %x190] : !exo.tensor<[2, 128, 4], f32, smem>
            exo.assign %DB[%x187, %x189, %x190] = %v191 : !exo.tensor<[2, 128, 4], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i197 = 0 to 64 seq {
            %e198 = arith.muli %i197, %c128 : index
            %e199 = arith.addi %e198, %tid : index
            %x200 = arith.divui %e199, %c128 : index
            %x201 = arith.remui %e199, %c128 : index
            %v202 = exo.read %C_smem[%x200, %x201] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x200, %x201] = %v202 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}


//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_red
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_red(%A: !exo.tensor<[64, 32], f32, gmem>, %B: !exo.tensor<[256, 32], f32, gmem>, %DA: !exo.tensor<[64, 32], f32, gmem>, %DB: !exo.tensor<[256, 32], f32, gmem>, %DG: !exo.tensor<[64, 256], f32, gmem>, %Z: !exo.tensor<[16, 64], f32, gmem>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  exo.call #exo.memset0<rank = 2, dtype = f32>(%c16, %c64, %Z) : (index, index, !exo.tensor<[16, 64], f32, gmem>)
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
      %B_smem = exo.alloc : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i203 = 0 to 16 seq {
            %e204 = arith.muli %i203, %c128 : index
            %e205 = arith.addi %e204, %tid : index
            %x206 = arith.divui %e205, %c32 : index
            %x207 = arith.remui %e205, %c32 : index
            %v208 = exo.read %A[%x206, %x207] : !exo.tensor<[64, 32], f32, gmem>
            exo.assign %A_smem[%x206, %x207] = %v208 : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i215 = 0 to 64 seq {
            %e216 = arith.muli %i215, %c128 : index
            %e217 = arith.addi %e216, %tid : index
            %x218 = arith.divui %e217, %c32 : index
            %x219 = arith.remui %e217, %c32 : index
            %v220 = exo.read %B[%x218, %x219] : !exo.tensor<[256, 32], f32, gmem>
            exo.assign %B_smem[%x218, %x219] = %v220 : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 256], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 256], f32, wgmma_accum> -> !exo.window<[64, 256], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 256>(%d) : (!exo.window<[64, 256], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 4 seq {
          %k0 = arith.muli %kk, %c8 : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 32], f32, smem_swizzle<128>> -> !exo.window<[64, 8], f32, smem_swizzle<128>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[256, 32], f32, smem_swizzle<128>> -> !exo.window<[256, 8], f32, smem_swizzle<128>>
          exo.call #exo.wgmma<n = 256, dtype = tf32>(%d, %a, %b) : (!exo.window<[64, 256], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[256, 8], f32, smem_swizzle<128>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %g = exo.window %DG[:, :] : !exo.tensor<[64, 256], f32, gmem> -> !exo.window<[64, 256], f32, gmem>
        exo.call #exo.wgmma_store<n = 256, dst = gmem, reduce = true>(%g, %d) : (!exo.window<[64, 256], f32, gmem>, !exo.window<[64, 256], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i209 = 0 to 16 seq {
            %e210 = arith.muli %i209, %c128 : index
            %e211 = arith.addi %e210, %tid : index
            %x212 = arith.divui %e211, %c32 : index
            %x213 = arith.remui %e211, %c32 : index
            %v214 = exo.read %A_smem[%x212, %x213] : !exo.tensor<[64, 32], f32, smem_swizzle<128>>
            exo.assign %DA[%x212, %x213] = %v214 : !exo.tensor<[64, 32], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i221 = 0 to 64 seq {
            %e222 = arith.muli %i221, %c128 : index
            %e223 = arith.addi %e222, %tid : index
            %x224 = arith.divui %e223, %c32 : index
            %x225 = arith.remui %e223, %c32 : index
            %v226 = exo.read %B_smem[%x224, %x225] : !exo.tensor<[256, 32], f32, smem_swizzle<128>>
            exo.assign %DB[%x224, %x225] = %v226 : !exo.tensor<[256, 32], f32, gmem>
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_scale_d0: @model_wgmma_tf32_sw32 with a second wgmma of
// scale-d 0 after the first, which overwrites the accumulator with A B^T
// (an accumulating one would leave 2 A B^T)
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_scale_d0(%A: !exo.tensor<[64, 8], f32, gmem>, %B: !exo.tensor<[128, 8], f32, gmem>, %DA: !exo.tensor<[64, 8], f32, gmem>, %DB: !exo.tensor<[128, 8], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
      %B_smem = exo.alloc : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i90 = 0 to 4 seq {
            %e91 = arith.muli %i90, %c128 : index
            %e92 = arith.addi %e91, %tid : index
            %x93 = arith.divui %e92, %c8 : index
            %x94 = arith.remui %e92, %c8 : index
            %v95 = exo.read %A[%x93, %x94] : !exo.tensor<[64, 8], f32, gmem>
            exo.assign %A_smem[%x93, %x94] = %v95 : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i102 = 0 to 8 seq {
            %e103 = arith.muli %i102, %c128 : index
            %e104 = arith.addi %e103, %tid : index
            %x105 = arith.divui %e104, %c8 : index
            %x106 = arith.remui %e104, %c8 : index
            %v107 = exo.read %B[%x105, %x106] : !exo.tensor<[128, 8], f32, gmem>
            exo.assign %B_smem[%x105, %x106] = %v107 : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i114 = 0 to 64 seq {
            %e115 = arith.muli %i114, %c128 : index
            %e116 = arith.addi %e115, %tid : index
            %x117 = arith.divui %e116, %c128 : index
            %x118 = arith.remui %e116, %c128 : index
            exo.assign %C_smem[%x117, %x118] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 1 seq {
          %k0 = arith.muli %kk, %c8 : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[128, 8], f32, smem_swizzle<32>> -> !exo.window<[128, 8], f32, smem_swizzle<32>>
          exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[128, 8], f32, smem_swizzle<32>>)
          // D = A B^T again, not D + A B^T: scale-d = 0 does not read D.
          exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32, scale_d = 0>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[128, 8], f32, smem_swizzle<32>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i96 = 0 to 4 seq {
            %e97 = arith.muli %i96, %c128 : index
            %e98 = arith.addi %e97, %tid : index
            %x99 = arith.divui %e98, %c8 : index
            %x100 = arith.remui %e98, %c8 : index
            %v101 = exo.read %A_smem[%x99, %x100] : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
            exo.assign %DA[%x99, %x100] = %v101 : !exo.tensor<[64, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i108 = 0 to 8 seq {
            %e109 = arith.muli %i108, %c128 : index
            %e110 = arith.addi %e109, %tid : index
            %x111 = arith.divui %e110, %c8 : index
            %x112 = arith.remui %e110, %c8 : index
            %v113 = exo.read %B_smem[%x111, %x112] : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
            exo.assign %DB[%x111, %x112] = %v113 : !exo.tensor<[128, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i119 = 0 to 64 seq {
            %e120 = arith.muli %i119, %c128 : index
            %e121 = arith.addi %e120, %tid : index
            %x122 = arith.divui %e121, %c128 : index
            %x123 = arith.remui %e121, %c128 : index
            %v124 = exo.read %C_smem[%x122, %x123] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x122, %x123] = %v124 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// @model_wgmma_tf32_window: @model_wgmma_tf32_sw32's wgmma, then a
// wgmma_zero of columns 32-63 of the 64 x 128 accumulator and an m64n64
// wgmma into columns 64-127 (B's rows 64-127), which adds A B^T to those
// columns alone: columns 0-31 hold A B^T, columns 32-63 zero, columns
// 64-127 2 A B^T
//===----------------------------------------------------------------------===//

exo.proc @model_wgmma_tf32_window(%A: !exo.tensor<[64, 8], f32, gmem>, %B: !exo.tensor<[128, 8], f32, gmem>, %DA: !exo.tensor<[64, 8], f32, gmem>, %DB: !exo.tensor<[128, 8], f32, gmem>, %DC: !exo.tensor<[64, 128], f32, gmem>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %poison_f32 = arith.constant -1.5e+38 : f32
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A_smem = exo.alloc : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
      %B_smem = exo.alloc : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
      %C_smem = exo.alloc : !exo.tensor<[64, 128], f32, smem>
      %cg = exo.alloc : !exo.barrier<wgmma_group>
      // Stage the inputs, poison the outputs (thread t of 128 writes the
      // flat elements t, t + 128, ...).
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i90 = 0 to 4 seq {
            %e91 = arith.muli %i90, %c128 : index
            %e92 = arith.addi %e91, %tid : index
            %x93 = arith.divui %e92, %c8 : index
            %x94 = arith.remui %e92, %c8 : index
            %v95 = exo.read %A[%x93, %x94] : !exo.tensor<[64, 8], f32, gmem>
            exo.assign %A_smem[%x93, %x94] = %v95 : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i102 = 0 to 8 seq {
            %e103 = arith.muli %i102, %c128 : index
            %e104 = arith.addi %e103, %tid : index
            %x105 = arith.divui %e104, %c8 : index
            %x106 = arith.remui %e104, %c8 : index
            %v107 = exo.read %B[%x105, %x106] : !exo.tensor<[128, 8], f32, gmem>
            exo.assign %B_smem[%x105, %x106] = %v107 : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i114 = 0 to 64 seq {
            %e115 = arith.muli %i114, %c128 : index
            %e116 = arith.addi %e115, %tid : index
            %x117 = arith.divui %e116, %c128 : index
            %x118 = arith.remui %e116, %c128 : index
            exo.assign %C_smem[%x117, %x118] = %poison_f32 : !exo.tensor<[64, 128], f32, smem>
          }
        }
      }
      // The generic stores before the wgmma's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        %D = exo.alloc : !exo.tensor<[64, 128], f32, wgmma_accum>
        %d = exo.window %D[:, :] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 128], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        exo.for %kk = 0 to 1 seq {
          %k0 = arith.muli %kk, %c8 : index
          %a = exo.window %A_smem[:, %k0 :+ 8] : !exo.tensor<[64, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
          %b = exo.window %B_smem[:, %k0 :+ 8] : !exo.tensor<[128, 8], f32, smem_swizzle<32>> -> !exo.window<[128, 8], f32, smem_swizzle<32>>
          exo.call #exo.wgmma<n = 128, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[128, 8], f32, smem_swizzle<32>>)
        }
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        // Columns 32-63 zeroed (a column window of wgmma_zero), the others
        // kept; then columns 64-127 += A B[64:128]^T, columns 0-63
        // untouched.
        %dz = exo.window %D[:, 32 :+ 32] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 32], f32, wgmma_accum>
        exo.call #exo.wgmma_zero<n = 32>(%dz) : (!exo.window<[64, 32], f32, wgmma_accum>)
        exo.fence(wgmma_fence_1, wgmma_fence_2)
        %a2 = exo.window %A_smem[:, 0 :+ 8] : !exo.tensor<[64, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
        %dh = exo.window %D[:, 64 :+ 64] : !exo.tensor<[64, 128], f32, wgmma_accum> -> !exo.window<[64, 64], f32, wgmma_accum>
        %bh = exo.window %B_smem[64 :+ 64, 0 :+ 8] : !exo.tensor<[128, 8], f32, smem_swizzle<32>> -> !exo.window<[64, 8], f32, smem_swizzle<32>>
        exo.call #exo.wgmma<n = 64, dtype = tf32, a = sw32, b = sw32>(%dh, %a2, %bh) : (!exo.window<[64, 64], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<32>>, !exo.window<[64, 8], f32, smem_swizzle<32>>)
        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>
        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>
        %c = exo.window %C_smem[:, :] : !exo.tensor<[64, 128], f32, smem> -> !exo.window<[64, 128], f32, smem>
        exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d) : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump every shared buffer.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i96 = 0 to 4 seq {
            %e97 = arith.muli %i96, %c128 : index
            %e98 = arith.addi %e97, %tid : index
            %x99 = arith.divui %e98, %c8 : index
            %x100 = arith.remui %e98, %c8 : index
            %v101 = exo.read %A_smem[%x99, %x100] : !exo.tensor<[64, 8], f32, smem_swizzle<32>>
            exo.assign %DA[%x99, %x100] = %v101 : !exo.tensor<[64, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i108 = 0 to 8 seq {
            %e109 = arith.muli %i108, %c128 : index
            %e110 = arith.addi %e109, %tid : index
            %x111 = arith.divui %e110, %c8 : index
            %x112 = arith.remui %e110, %c8 : index
            %v113 = exo.read %B_smem[%x111, %x112] : !exo.tensor<[128, 8], f32, smem_swizzle<32>>
            exo.assign %DB[%x111, %x112] = %v113 : !exo.tensor<[128, 8], f32, gmem>
          }
        }
      }
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          %tw = arith.muli %w, %c32 : index
          %tid = arith.addi %tw, %l : index
          exo.for %i119 = 0 to 64 seq {
            %e120 = arith.muli %i119, %c128 : index
            %e121 = arith.addi %e120, %tid : index
            %x122 = arith.divui %e121, %c128 : index
            %x123 = arith.remui %e121, %c128 : index
            %v124 = exo.read %C_smem[%x122, %x123] : !exo.tensor<[64, 128], f32, smem>
            exo.assign %DC[%x122, %x123] = %v124 : !exo.tensor<[64, 128], f32, gmem>
          }
        }
      }
    }
  }
}

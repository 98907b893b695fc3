// "The model is the machine": the per-thread instructions of the bundled
// GEMVs (examples/gemv/), run once by one warp. Each lane loads a 16-byte
// vector of X (ld_global_v4, ld.global.v4.f32) into registers, adds one
// element into its own element of Y (red_global_add, an atomic f32 add),
// and each of the five butterfly shuffles of gemv_splitk_v4.mlir
// (shfl_xor_sum_L, shfl.sync.bfly.b32 then an add, lane masks 16, 8, 4, 2,
// 1) runs once on the lanes' first elements into its own registers. Every
// register tensor is dumped to global memory (DV: the vectors, DS: the five
// shuffles' results). Lanes are addressed by their five bits (b4 .. b0),
// the coordinates of the register tensors, as in gemv_splitk_v4.mlir.
// test/GPU/model_check.cu compares every byte with the CPU run.

!X = !exo.tensor<[32, 4], f32, gmem>
!Y = !exo.tensor<[32], f32, gmem>
!DS = !exo.tensor<[5, 32], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!Y1 = !exo.window<[1], f32, gmem>
!R1 = !exo.window<[1], f32, regs>
!R4 = !exo.window<[4], f32, regs>
!Vec = !exo.tensor<[2, 2, 2, 2, 2, 4], f32, regs>
!Part = !exo.tensor<[2, 2, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>

exo.proc @model_warp_f32(%X: !X, %Y: !Y, %DV: !X, %DS: !DS) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %vec = exo.alloc : !Vec
      %one = exo.alloc : !exo.tensor<[2, 2, 2, 2, 2, 1], f32, regs>
      %part = exo.alloc : !Part
      %t16 = exo.alloc : !Part
      %t8 = exo.alloc : !Part
      %t4 = exo.alloc : !Part
      %t2 = exo.alloc : !Part
      %t1 = exo.alloc : !Part
      exo.for %b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %b1 = 0 to 2 cuda_threads<2 * thread> {
              exo.for %b0 = 0 to 2 cuda_threads<thread> {
                %l16 = arith.muli %b4, %c16 : index
                %l8 = arith.muli %b3, %c8 : index
                %l4 = arith.muli %b2, %c4 : index
                %l2 = arith.muli %b1, %c2 : index
                %la = arith.addi %l16, %l8 : index
                %lb = arith.addi %l4, %l2 : index
                %lc = arith.addi %la, %lb : index
                %lane = arith.addi %lc, %b0 : index
                %dst = exo.window %vec[%b4, %b3, %b2, %b1, %b0, :] : !Vec -> !R4
                %src = exo.window %X[%lane, :] : !X -> !V4
                exo.call #exo.global<kind = load, width = 4, dtype = f32>(%dst, %src) : (!R4, !V4)
                %v0 = exo.read %vec[%b4, %b3, %b2, %b1, %b0, %c0] : !Vec
                exo.assign %part[%b4, %b3, %b2, %b1, %b0] = %v0 : !Part
                %v1 = exo.read %vec[%b4, %b3, %b2, %b1, %b0, %c1] : !Vec
                exo.assign %one[%b4, %b3, %b2, %b1, %b0, 0] = %v1 : !exo.tensor<[2, 2, 2, 2, 2, 1], f32, regs>
                %r1 = exo.window %one[%b4, %b3, %b2, %b1, %b0, :] : !exo.tensor<[2, 2, 2, 2, 2, 1], f32, regs> -> !R1
                %y1 = exo.window %Y[%lane :+ 1] : !Y -> !Y1
                exo.call #exo.global<kind = red_add, width = 1, dtype = f32>(%y1, %r1) : (!Y1, !R1)
              }
            }
          }
        }
      }
      // The butterfly with lane mask 16.
      exo.for %s16_b3 = 0 to 2 cuda_threads<2 * threads_strided(8, 16)> {
        exo.for %s16_b2 = 0 to 2 cuda_threads<2 * threads_strided(4, 16)> {
          exo.for %s16_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 16)> {
            exo.for %s16_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 16)> {
              %d16 = exo.window %t16[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
              %r16 = exo.window %part[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = add, lane_mask = 16, dtype = f32>(%d16, %r16) : (!Pair, !Pair)
            }
          }
        }
      }
      // The butterfly with lane mask 8.
      exo.for %s8_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s8_b2 = 0 to 2 cuda_threads<2 * threads_strided(4, 8)> {
          exo.for %s8_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 8)> {
            exo.for %s8_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 8)> {
              %d8 = exo.window %t8[%s8_b4, :, %s8_b2, %s8_b1, %s8_b0] : !Part -> !Pair
              %r8 = exo.window %part[%s8_b4, :, %s8_b2, %s8_b1, %s8_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = add, lane_mask = 8, dtype = f32>(%d8, %r8) : (!Pair, !Pair)
            }
          }
        }
      }
      // The butterfly with lane mask 4.
      exo.for %s4_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s4_b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %s4_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 4)> {
            exo.for %s4_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 4)> {
              %d4 = exo.window %t4[%s4_b4, %s4_b3, :, %s4_b1, %s4_b0] : !Part -> !Pair
              %r4 = exo.window %part[%s4_b4, %s4_b3, :, %s4_b1, %s4_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>(%d4, %r4) : (!Pair, !Pair)
            }
          }
        }
      }
      // The butterfly with lane mask 2.
      exo.for %s2_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s2_b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %s2_b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %s2_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
              %d2 = exo.window %t2[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
              %r2 = exo.window %part[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = add, lane_mask = 2, dtype = f32>(%d2, %r2) : (!Pair, !Pair)
            }
          }
        }
      }
      // The butterfly with lane mask 1.
      exo.for %s1_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s1_b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %s1_b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %s1_b1 = 0 to 2 cuda_threads<2 * thread> {
              %d1 = exo.window %t1[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
              %r1 = exo.window %part[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%d1, %r1) : (!Pair, !Pair)
            }
          }
        }
      }
      // Dump every register tensor.
      exo.for %b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %b1 = 0 to 2 cuda_threads<2 * thread> {
              exo.for %b0 = 0 to 2 cuda_threads<thread> {
                %l16 = arith.muli %b4, %c16 : index
                %l8 = arith.muli %b3, %c8 : index
                %l4 = arith.muli %b2, %c4 : index
                %l2 = arith.muli %b1, %c2 : index
                %la = arith.addi %l16, %l8 : index
                %lb = arith.addi %l4, %l2 : index
                %lc = arith.addi %la, %lb : index
                %lane = arith.addi %lc, %b0 : index
                exo.for %i = 0 to 4 seq {
                  %v = exo.read %vec[%b4, %b3, %b2, %b1, %b0, %i] : !Vec
                  exo.assign %DV[%lane, %i] = %v : !X
                }
                %s16 = exo.read %t16[%b4, %b3, %b2, %b1, %b0] : !Part
                %k16 = arith.constant 0 : index
                exo.assign %DS[%k16, %lane] = %s16 : !DS
                %s8 = exo.read %t8[%b4, %b3, %b2, %b1, %b0] : !Part
                %k8 = arith.constant 1 : index
                exo.assign %DS[%k8, %lane] = %s8 : !DS
                %s4 = exo.read %t4[%b4, %b3, %b2, %b1, %b0] : !Part
                %k4 = arith.constant 2 : index
                exo.assign %DS[%k4, %lane] = %s4 : !DS
                %s2 = exo.read %t2[%b4, %b3, %b2, %b1, %b0] : !Part
                %k2 = arith.constant 3 : index
                exo.assign %DS[%k2, %lane] = %s2 : !DS
                %s1 = exo.read %t1[%b4, %b3, %b2, %b1, %b0] : !Part
                %k1 = arith.constant 4 : index
                exo.assign %DS[%k1, %lane] = %s1 : !DS
              }
            }
          }
        }
      }
    }
  }
}

// @model_warp_minmax_f32: the max and min butterflies (shfl.sync.bfly
// then max.NaN / min.NaN), run once by one warp: the quad maximum of the
// lanes' X[lane, 0] by the steps with lane masks 2 then 1 (the reduction of
// a row of a wgmma accumulator, whose four threads form a quad), and one
// min step with lane mask 16. DS rows: after max 2, the quad maximum, after
// min 16.
!DS3 = !exo.tensor<[3, 32], f32, gmem>
exo.proc @model_warp_minmax_f32(%X: !X, %DS: !DS3) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %part = exo.alloc : !Part
      %m2 = exo.alloc : !Part
      %m1 = exo.alloc : !Part
      %n16 = exo.alloc : !Part
      exo.for %b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %b1 = 0 to 2 cuda_threads<2 * thread> {
              exo.for %b0 = 0 to 2 cuda_threads<thread> {
                %l16 = arith.muli %b4, %c16 : index
                %l8 = arith.muli %b3, %c8 : index
                %l4 = arith.muli %b2, %c4 : index
                %l2 = arith.muli %b1, %c2 : index
                %la = arith.addi %l16, %l8 : index
                %lb = arith.addi %l4, %l2 : index
                %lc = arith.addi %la, %lb : index
                %lane = arith.addi %lc, %b0 : index
                %v = exo.read %X[%lane, 0] : !X
                exo.assign %part[%b4, %b3, %b2, %b1, %b0] = %v : !Part
              }
            }
          }
        }
      }
      // max, lane mask 2: part -> m2.
      exo.for %s2_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s2_b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %s2_b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %s2_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
              %d2 = exo.window %m2[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
              %r2 = exo.window %part[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%d2, %r2) : (!Pair, !Pair)
            }
          }
        }
      }
      // max, lane mask 1: m2 -> m1, the quad maximum.
      exo.for %s1_b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %s1_b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %s1_b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %s1_b1 = 0 to 2 cuda_threads<2 * thread> {
              %d1 = exo.window %m1[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
              %r1 = exo.window %m2[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = max, lane_mask = 1, dtype = f32>(%d1, %r1) : (!Pair, !Pair)
            }
          }
        }
      }
      // min, lane mask 16: part -> n16.
      exo.for %s16_b3 = 0 to 2 cuda_threads<2 * threads_strided(8, 16)> {
        exo.for %s16_b2 = 0 to 2 cuda_threads<2 * threads_strided(4, 16)> {
          exo.for %s16_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 16)> {
            exo.for %s16_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 16)> {
              %d16 = exo.window %n16[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
              %r16 = exo.window %part[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
              exo.call #exo.shfl_xor<combine = min, lane_mask = 16, dtype = f32>(%d16, %r16) : (!Pair, !Pair)
            }
          }
        }
      }
      exo.for %b4 = 0 to 2 cuda_threads<16 * thread> {
        exo.for %b3 = 0 to 2 cuda_threads<8 * thread> {
          exo.for %b2 = 0 to 2 cuda_threads<4 * thread> {
            exo.for %b1 = 0 to 2 cuda_threads<2 * thread> {
              exo.for %b0 = 0 to 2 cuda_threads<thread> {
                %l16 = arith.muli %b4, %c16 : index
                %l8 = arith.muli %b3, %c8 : index
                %l4 = arith.muli %b2, %c4 : index
                %l2 = arith.muli %b1, %c2 : index
                %la = arith.addi %l16, %l8 : index
                %lb = arith.addi %l4, %l2 : index
                %lc = arith.addi %la, %lb : index
                %lane = arith.addi %lc, %b0 : index
                %a = exo.read %m2[%b4, %b3, %b2, %b1, %b0] : !Part
                exo.assign %DS[0, %lane] = %a : !DS3
                %q = exo.read %m1[%b4, %b3, %b2, %b1, %b0] : !Part
                exo.assign %DS[1, %lane] = %q : !DS3
                %n = exo.read %n16[%b4, %b3, %b2, %b1, %b0] : !Part
                exo.assign %DS[2, %lane] = %n : !DS3
              }
            }
          }
        }
      }
    }
  }
}

// @model_copy_f32: the copies the GEMVs do not use, run once by one warp.
// Each lane stores its vector of X back with st.global.v4 (DV), copies it
// to shared memory with one 16-byte cp.async and its first element with one
// 4-byte cp.async, waits for its cp.async group, and dumps the shared
// copies (DC, D1).
exo.proc @model_copy_f32(%X: !X, %DV: !X, %DC: !X, %D1: !Y) {
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %vec = exo.alloc : !exo.tensor<[32, 4], f32, regs>
      %s4 = exo.alloc : !exo.tensor<[128], f32, smem>
      %s1 = exo.alloc : !exo.tensor<[32], f32, smem>
      %cg = exo.alloc : !exo.barrier<cp_async_group, [32]>
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %r = exo.window %vec[%t, :] : !exo.tensor<[32, 4], f32, regs> -> !R4
        %x = exo.window %X[%t, :] : !X -> !V4
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%r, %x) : (!R4, !V4)
        %dv = exo.window %DV[%t, :] : !X -> !V4
        exo.call #exo.global<kind = store, width = 4, dtype = f32>(%dv, %r) : (!V4, !R4)
        %t4 = arith.muli %t, %c4 : index
        %d4 = exo.window %s4[%t4 :+ 4] : !exo.tensor<[128], f32, smem> -> !exo.window<[4], f32, smem>
        exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d4, %x) : (!exo.window<[4], f32, smem>, !V4)
        %d1 = exo.window %s1[%t :+ 1] : !exo.tensor<[32], f32, smem> -> !exo.window<[1], f32, smem>
        %x1 = exo.window %X[%t, 0 :+ 1] : !X -> !Y1
        exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d1, %x1) : (!exo.window<[1], f32, smem>, !Y1)
        exo.arrive(cp_async) >> %cg[%t] : !exo.barrier<cp_async_group, [32]>
        exo.await(%cg[%t], cuda_in_order, 0) : !exo.barrier<cp_async_group, [32]>
        exo.for %j = 0 to 4 seq {
          %k = arith.addi %t4, %j : index
          %v = exo.read %s4[%k] : !exo.tensor<[128], f32, smem>
          exo.assign %DC[%t, %j] = %v : !X
        }
        %w = exo.read %s1[%t] : !exo.tensor<[32], f32, smem>
        exo.assign %D1[%t] = %w : !Y
      }
    }
  }
}

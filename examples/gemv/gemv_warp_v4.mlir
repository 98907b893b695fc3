// A bandwidth-oriented GEMV: y[m] = sum_k A[m, k] * x[k].
//
// One warp per row: each lane reads 16-byte vectors of the row and of x
// (ld.global.v4), 128 columns per step for the warp, and keeps one partial
// sum; five butterfly shuffles (lane masks 16, 8, 4, 2, 1) add the 32
// partial sums and lane 0 writes y[m]. Lanes are addressed by their five
// bits (b4 .. b0), the coordinates of the register tensors that hold the
// partial sums, so that each shuffle exchanges one coordinate.
!A = !exo.tensor<[M, K], f32, gmem>
!x = !exo.tensor<[K], f32, gmem>
!y = !exo.tensor<[M], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!Part = !exo.tensor<[2, 2, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>
!Vec = !exo.tensor<[2, 2, 2, 2, 2, 4], f32, regs>
!R4 = !exo.window<[4], f32, regs>

exo.proc @gemv_warp_v4(%M: index, %K: index, %A: !A, %x: !x, %y: !y)
    requires affine_set<()[M, K] : (M mod 8 == 0, K mod 128 == 0,
                                     M - 8 >= 0, K - 128 >= 0)> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %Mt = arith.divui %M, %c8 : index
  %K128 = arith.divui %K, %c128 : index
  exo.device_function(blockDim = 256, clusterDim = 1, blocksPerSM = 8) {
    exo.for %t = 0 to %Mt cuda_tasks {
      exo.for %w = 0 to 8 cuda_threads<warp> {
        %m8 = arith.muli %t, %c8 : index
        %m = arith.addi %m8, %w : index
        %part = exo.alloc : !Part
        %tmp = exo.alloc : !Part
        %av = exo.alloc : !Vec
        %xv = exo.alloc : !Vec
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
                  %lane4 = arith.muli %lane, %c4 : index
                  exo.assign %part[%b4, %b3, %b2, %b1, %b0] = %zero : !Part
                  exo.for %kc = 0 to %K128 seq {
                    %kb = arith.muli %kc, %c128 : index
                    %k = arith.addi %kb, %lane4 : index
                    %a_dst = exo.window %av[%b4, %b3, %b2, %b1, %b0, :] : !Vec -> !R4
                    %a_src = exo.window %A[%m, %k :+ 4] : !A -> !V4
                    exo.call #exo.global<kind = load, width = 4, dtype = f32>(%a_dst, %a_src) : (!R4, !V4)
                    %x_dst = exo.window %xv[%b4, %b3, %b2, %b1, %b0, :] : !Vec -> !R4
                    %x_src = exo.window %x[%k :+ 4] : !x -> !V4
                    exo.call #exo.global<kind = load, width = 4, dtype = f32>(%x_dst, %x_src) : (!R4, !V4)
                    exo.for %i = 0 to 4 seq {
                      %a = exo.read %av[%b4, %b3, %b2, %b1, %b0, %i] : !Vec
                      %b = exo.read %xv[%b4, %b3, %b2, %b1, %b0, %i] : !Vec
                      %p = arith.mulf %a, %b : f32
                      exo.reduce %part[%b4, %b3, %b2, %b1, %b0] += %p : !Part
                    }
                  }
                }
              }
            }
          }
        }
        // Butterfly reduction over the warp's 32 lanes.
        exo.for %s16_b3 = 0 to 2 cuda_threads<2 * threads_strided(8, 16)> {
          exo.for %s16_b2 = 0 to 2 cuda_threads<2 * threads_strided(4, 16)> {
            exo.for %s16_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 16)> {
              exo.for %s16_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 16)> {
                %d16 = exo.window %tmp[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
                %r16 = exo.window %part[:, %s16_b3, %s16_b2, %s16_b1, %s16_b0] : !Part -> !Pair
                exo.call #exo.shfl_xor<combine = add, lane_mask = 16, dtype = f32>(%d16, %r16) : (!Pair, !Pair)
              }
            }
          }
        }
        exo.for %s8_b4 = 0 to 2 cuda_threads<16 * thread> {
          exo.for %s8_b2 = 0 to 2 cuda_threads<2 * threads_strided(4, 8)> {
            exo.for %s8_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 8)> {
              exo.for %s8_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 8)> {
                %d8 = exo.window %part[%s8_b4, :, %s8_b2, %s8_b1, %s8_b0] : !Part -> !Pair
                %r8 = exo.window %tmp[%s8_b4, :, %s8_b2, %s8_b1, %s8_b0] : !Part -> !Pair
                exo.call #exo.shfl_xor<combine = add, lane_mask = 8, dtype = f32>(%d8, %r8) : (!Pair, !Pair)
              }
            }
          }
        }
        exo.for %s4_b4 = 0 to 2 cuda_threads<16 * thread> {
          exo.for %s4_b3 = 0 to 2 cuda_threads<8 * thread> {
            exo.for %s4_b1 = 0 to 2 cuda_threads<2 * threads_strided(2, 4)> {
              exo.for %s4_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 4)> {
                %d4 = exo.window %tmp[%s4_b4, %s4_b3, :, %s4_b1, %s4_b0] : !Part -> !Pair
                %r4 = exo.window %part[%s4_b4, %s4_b3, :, %s4_b1, %s4_b0] : !Part -> !Pair
                exo.call #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>(%d4, %r4) : (!Pair, !Pair)
              }
            }
          }
        }
        exo.for %s2_b4 = 0 to 2 cuda_threads<16 * thread> {
          exo.for %s2_b3 = 0 to 2 cuda_threads<8 * thread> {
            exo.for %s2_b2 = 0 to 2 cuda_threads<4 * thread> {
              exo.for %s2_b0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
                %d2 = exo.window %part[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
                %r2 = exo.window %tmp[%s2_b4, %s2_b3, %s2_b2, :, %s2_b0] : !Part -> !Pair
                exo.call #exo.shfl_xor<combine = add, lane_mask = 2, dtype = f32>(%d2, %r2) : (!Pair, !Pair)
              }
            }
          }
        }
        exo.for %s1_b4 = 0 to 2 cuda_threads<16 * thread> {
          exo.for %s1_b3 = 0 to 2 cuda_threads<8 * thread> {
            exo.for %s1_b2 = 0 to 2 cuda_threads<4 * thread> {
              exo.for %s1_b1 = 0 to 2 cuda_threads<2 * thread> {
                %d1 = exo.window %tmp[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
                %r1 = exo.window %part[%s1_b4, %s1_b3, %s1_b2, %s1_b1, :] : !Part -> !Pair
                exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%d1, %r1) : (!Pair, !Pair)
              }
            }
          }
        }
        // Lane 0 holds the row's sum.
        exo.for %b4 = 0 to 2 cuda_threads<16 * thread> {
          exo.for %b3 = 0 to 2 cuda_threads<8 * thread> {
            exo.for %b2 = 0 to 2 cuda_threads<4 * thread> {
              exo.for %b1 = 0 to 2 cuda_threads<2 * thread> {
                exo.for %b0 = 0 to 2 cuda_threads<thread> {
                  %z4 = arith.cmpi eq, %b4, %c0 : index
                  %z3 = arith.cmpi eq, %b3, %c0 : index
                  %z2 = arith.cmpi eq, %b2, %c0 : index
                  %z1 = arith.cmpi eq, %b1, %c0 : index
                  %z0 = arith.cmpi eq, %b0, %c0 : index
                  %za = arith.andi %z4, %z3 : i1
                  %zb = arith.andi %z2, %z1 : i1
                  %zc = arith.andi %za, %zb : i1
                  %first = arith.andi %zc, %z0 : i1
                  exo.if %first {
                    %v = exo.read %tmp[%b4, %b3, %b2, %b1, %b0] : !Part
                    exo.assign %y[%m] = %v : !y
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

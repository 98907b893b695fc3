// A hand-annotated GEMV: y[m] = sum_k A[m, k] * x[k] (after Exo-GPU's
// gemv_warp_coop_8). Each CTA of 128 threads computes 16 rows; a team of 8
// threads (k4, k2, k1) shares one row: thread t = 4 k4 + 2 k2 + k1 sums the
// columns k = 8 k8 + t, then three butterfly shuffles (lane masks 4, 2, 1)
// add the 8 partial sums, and thread 0 of the team writes y[m].
!A = !exo.tensor<[M, K], f32, gmem>
!x = !exo.tensor<[K], f32, gmem>
!y = !exo.tensor<[M], f32, gmem>
!Part = !exo.tensor<[2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>

exo.proc @gemv_warp_coop(%M: index, %K: index, %A: !A, %x: !x, %y: !y)
    requires affine_set<()[M, K] : (M mod 16 == 0, K mod 8 == 0,
                                     M - 16 >= 0, K - 8 >= 0)> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %Mt = arith.divui %M, %c16 : index
  %K8 = arith.divui %K, %c8 : index
  exo.device_function(blockDim = 128, clusterDim = 1, blocksPerSM = 16) {
    exo.for %m1 = 0 to %Mt cuda_tasks {
      exo.for %m0 = 0 to 16 cuda_threads<8 * thread> {
        %m16 = arith.muli %m1, %c16 : index
        %m = arith.addi %m16, %m0 : index
        // Per-thread partial sums, distributed over (k4, k2, k1).
        %part = exo.alloc : !Part
        exo.for %k4 = 0 to 2 cuda_threads<4 * thread> {
          exo.for %k2 = 0 to 2 cuda_threads<2 * thread> {
            exo.for %k1 = 0 to 2 cuda_threads<thread> {
              %t4 = arith.muli %k4, %c4 : index
              %t2 = arith.muli %k2, %c2 : index
              %t42 = arith.addi %t4, %t2 : index
              %t = arith.addi %t42, %k1 : index
              exo.assign %part[%k4, %k2, %k1] = %zero : !Part
              exo.for %k8 = 0 to %K8 seq {
                %kb = arith.muli %k8, %c8 : index
                %k = arith.addi %kb, %t : index
                %a = exo.read %A[%m, %k] : !A
                %b = exo.read %x[%k] : !x
                %p = arith.mulf %a, %b : f32
                exo.reduce %part[%k4, %k2, %k1] += %p : !Part
              }
            }
          }
        }
        // Butterfly reduction across the team of 8.
        %tmp = exo.alloc : !Part
        exo.for %k2 = 0 to 2 cuda_threads<2 * threads_strided(2, 4)> {
          exo.for %k1 = 0 to 2 cuda_threads<2 * threads_strided(1, 4)> {
            %d = exo.window %tmp[:, %k2, %k1] : !Part -> !Pair
            %s = exo.window %part[:, %k2, %k1] : !Part -> !Pair
            exo.call #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>(%d, %s) : (!Pair, !Pair)
          }
        }
        exo.for %k4 = 0 to 2 cuda_threads<4 * thread> {
          exo.for %k1 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
            %d = exo.window %part[%k4, :, %k1] : !Part -> !Pair
            %s = exo.window %tmp[%k4, :, %k1] : !Part -> !Pair
            exo.call #exo.shfl_xor<combine = add, lane_mask = 2, dtype = f32>(%d, %s) : (!Pair, !Pair)
          }
        }
        exo.for %k4 = 0 to 2 cuda_threads<4 * thread> {
          exo.for %k2 = 0 to 2 cuda_threads<2 * thread> {
            %d = exo.window %tmp[%k4, %k2, :] : !Part -> !Pair
            %s = exo.window %part[%k4, %k2, :] : !Part -> !Pair
            exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%d, %s) : (!Pair, !Pair)
            exo.for %k1 = 0 to 2 cuda_threads<thread> {
              %is0 = arith.cmpi eq, %k4, %c0 : index
              %is0b = arith.cmpi eq, %k2, %c0 : index
              %is0c = arith.cmpi eq, %k1, %c0 : index
              %first2 = arith.andi %is0, %is0b : i1
              %first = arith.andi %first2, %is0c : i1
              exo.if %first {
                %v = exo.read %tmp[%k4, %k2, %k1] : !Part
                exo.assign %y[%m] = %v : !y
              }
            }
          }
        }
      }
    }
  }
}

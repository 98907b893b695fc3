// Attention forward on Hopper, D = 64, bf16 (O bf16, the log-sum-exp L in
// f32): the specification is examples/attention/attention_spec.mlir, this
// kernel's sequential meaning is its blocked online form (below), and
// test/Examples/attention.test compares the two on the CPU.
//
// One task per (batch, head, tile of 128 query rows). Per CTA, 12 warps:
//   - "producer" (1 warp, setmaxnreg.dec 24): the TMA loads of the Q tile
//     (once) and of each 128-key block of K and of V, into rings of two
//     slots with their own full / empty mbarriers, so that S = Q K^T of a
//     block can start before its V has arrived;
//   - "unused" (3 warps): pad the producer to a warpgroup;
//   - "consumer" (8 warps = 2 warpgroups, setmaxnreg.inc 240): each owns
//     64 query rows. S = Q K^T of a block by four wgmma.m64n128k16 (Q and
//     K from shared memory, K-major); the online softmax on the score
//     registers; O += P V by eight wgmma.m64n64k16 with P from registers
//     (bf16) and V from shared memory N-major (#exo.wgmma<b = sw128_mn>:
//     V's tile is row-major [keys, D]).
//
// The online softmax works in base 2: the scores are scaled by
// c = log2(e) / sqrt(D), so exp(scale s - m) = exp2(c s - m'). Per block j
// and row: the row maximum (each thread's 32 elements of the row, then the
// quad's two max butterflies), m_j = max(m_{j-1}, c max), alpha_j =
// exp2(m_{j-1} - m_j), S = exp2(c S - m_j) in place, l = alpha_j l + (this
// thread's part of the row sum). The quad's partial sums are added once,
// at the end (alpha is the same for the four threads of a row, so scaling
// commutes with the sum). Then O / l is rounded to bf16 and stored
// directly (16-byte stores), and L = ln 2 (m + log2 l).
//
// The tensor cores and the softmax overlap within each warpgroup (the
// order of FlashAttention-3's intra-warpgroup pipelining): for block j >= 1
// the warpgroup issues S_j = Q K_j^T, rescales O by alpha_{j-1} while it
// runs, issues O += P_{j-1} V_{j-1}, waits for S_j only (await with one
// group still pending) and runs the softmax of S_j while P V runs, then
// waits for P V and rounds S_j into P_j. Block 0's S and softmax come
// before the loop, the last block's P V after it. The sequential meaning
// is the same computation in the same order: O_j = alpha_j O_{j-1} +
// P_j V_j.
//
// How it relates to the specification: the blocked online softmax and the
// base-2 exponentials are the algorithm (FlashAttention's), not a rewrite
// of the per-key online spec: the results differ by rounding, bounded by
// the tolerance the test states. P is rounded to bf16 before P V (the
// tensor core's operand type) while l sums the f32 values. The checked
// rewrites that would derive it are not there yet: splitting the key loop
// into blocks whose maximum is taken once per block (a reassociation of
// max and a rescaling of the partial sums), and the exp to exp2 change.
//
// Requirements: D = 64, S a multiple of 128, not causal.
//
// Check and run it:
//   exo-gpu-opt examples/attention/attention_fwd.mlir -exo-verify-collectives \
//     -exo-check-sync="sizes=B=1,H=2,S=512,D=64,causal=0"
//   exo-gpu-run examples/attention/attention_fwd.mlir --entry=attention_fwd_d64 \
//     --compare=attention_textbook --compare-file=examples/attention/attention_spec.mlir \
//     --size=B=1,H=2,S=256,D=64,causal=0 --tolerance=1.6e-2

!T = !exo.tensor<[B, H, S, D], bf16, gmem>
!L = !exo.tensor<[B, H, S], f32, gmem>
!Map = !exo.window<[B, H, S, D], bf16, tma_map<128, [1, 1, 128, 64]>>
!Tile = !exo.window<[1, 1, 128, 64], bf16, tma_map<128, [1, 1, 128, 64]>>
!Qs = !exo.tensor<[1, 1, 128, 64], bf16, smem_swizzle<128>>
!Qslot = !exo.window<[1, 1, 128, 64], bf16, smem_swizzle<128>>
!KVs = !exo.tensor<[? ring 2, 1, 1, 128, 64], bf16, smem_swizzle<128>>
!Qk = !exo.window<[64, 16], bf16, smem_swizzle<128>>
!Kk = !exo.window<[128, 16], bf16, smem_swizzle<128>>
!Vk = !exo.window<[1, 16, 64], bf16, smem_swizzle<128>>
!Sacc = !exo.tensor<[2, 64, 128], f32, wgmma_accum>
!S = !exo.window<[64, 128], f32, wgmma_accum>
!Oacc = !exo.tensor<[2, 64, 64], f32, wgmma_accum>
!O = !exo.window<[64, 64], f32, wgmma_accum>
!Preg = !exo.tensor<[2, 8, 64, 16], bf16, wgmma_a>
!P = !exo.window<[64, 16], bf16, wgmma_a>
!Og = !exo.window<[64, 64], bf16, gmem>
!Row = !exo.tensor<[2, 4, 8, 2, 2, 2], f32, regs>
!Pair = !exo.window<[2], f32, regs>
!Once = !exo.barrier<mbarrier>
!Full = !exo.barrier<mbarrier, [? ring 2]>
!Empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
!Cg = !exo.barrier<wgmma_group, [2]>

exo.proc @attention_fwd_d64(%B: index, %H: index, %S: index, %D: index,
                            %causal: index, %Q: !T, %K: !T, %V: !T,
                            %O: !T, %L: !L)
    requires affine_set<()[B, H, S, D, causal] : (B - 1 >= 0, H - 1 >= 0,
        S mod 128 == 0, S - 128 >= 0, D - 64 == 0, causal == 0)> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  // log2(e) / sqrt(64), and ln 2.
  %cs = arith.constant 0.180336880111120 : f32
  %ln2 = arith.constant 0.693147180559945 : f32
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %Qmap = exo.window %Q[:, :, :, :] : !T -> !Map
  %Kmap = exo.window %K[:, :, :, :] : !T -> !Map
  %Vmap = exo.window %V[:, :, :, :] : !T -> !Map
  %QT = arith.divui %S, %c128 : index
  exo.device_function(warps = [<"producer", 1, dec 24>, <"unused", 3, dec 24>,
                               <"consumer", 8, inc 240>], clusterDim = 1) {
    exo.for %b = 0 to %B cuda_tasks {
      exo.for %h = 0 to %H cuda_tasks {
        exo.for %qt = 0 to %QT cuda_tasks {
          %r0 = arith.muli %qt, %c128 : index
          %qfull = exo.alloc : !Once
          %kfull = exo.alloc : !Full
          %kempty = exo.alloc : !Empty
          %vfull = exo.alloc : !Full
          %vempty = exo.alloc : !Empty
          %cg = exo.alloc : !Cg
          %Q_smem = exo.alloc : !Qs
          %K_smem = exo.alloc guarded_by %kempty : !KVs, guard !Empty
          %V_smem = exo.alloc guarded_by %vempty : !KVs, guard !Empty
          %Sa = exo.alloc : !Sacc
          %Oa = exo.alloc : !Oacc
          %Pa = exo.alloc : !Preg
          %m = exo.alloc : !Row
          %l = exo.alloc : !Row
          %mx = exo.alloc : !Row
          %mx1 = exo.alloc : !Row
          %mx2 = exo.alloc : !Row
          %ls = exo.alloc : !Row
          %al = exo.alloc : !Row
          %l1 = exo.alloc : !Row
          %l2 = exo.alloc : !Row
          // The Q tile, once.
          exo.warps "producer" {
            %qs = exo.window %Q_smem[:, :, :, :] : !Qs -> !Qslot
            %qg = exo.window %Qmap[%b :+ 1, %h :+ 1, %r0 :+ 128, 0 :+ 64] : !Map -> !Tile
            exo.call #exo.tma<kind = load, shape = [1, 1, 128, 64], dtype = bf16, swizzle = 128>(%qs, %qg) >> %qfull : (!Qslot, !Tile) >> !Once
            exo.arrive(cuda_temporal) >> %qfull : !Once
          }
          // O = 0, m = -inf, l = 0.
          exo.warps "consumer" {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %o = exo.window %Oa[%wg, :, :] : !Oacc -> !O
              exo.call #exo.wgmma_zero<n = 64>(%o) : (!O)
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        exo.assign %m[%wg, %w, %g, %qb1, %qb0, %hh] = %ninf : !Row
                        exo.assign %l[%wg, %w, %g, %qb1, %qb0, %hh] = %zero : !Row
                      }
                    }
                  }
                }
              }
            }
            exo.await(%qfull, cuda_generic_and_async_proxy, 0) : !Once
          }
          // Block 0: its loads, S_0 and its softmax, P_0.
          exo.warps "producer" {
            %ks = exo.window %K_smem[%c0, :, :, :, :] : !KVs -> !Qslot
            %kg = exo.window %Kmap[%b :+ 1, %h :+ 1, %c0 :+ 128, 0 :+ 64] : !Map -> !Tile
            exo.call #exo.tma<kind = load, shape = [1, 1, 128, 64], dtype = bf16, swizzle = 128>(%ks, %kg) >> %kfull[%c0] : (!Qslot, !Tile) >> !Full
            exo.arrive(cuda_temporal) >> %kfull[%c0] : !Full
            %vs = exo.window %V_smem[%c0, :, :, :, :] : !KVs -> !Qslot
            %vg = exo.window %Vmap[%b :+ 1, %h :+ 1, %c0 :+ 128, 0 :+ 64] : !Map -> !Tile
            exo.call #exo.tma<kind = load, shape = [1, 1, 128, 64], dtype = bf16, swizzle = 128>(%vs, %vg) >> %vfull[%c0] : (!Qslot, !Tile) >> !Full
            exo.arrive(cuda_temporal) >> %vfull[%c0] : !Full
          }
          exo.warps "consumer" {
            exo.await(%kfull[%c0], cuda_generic_and_async_proxy, 0) : !Full
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %wr = arith.muli %wg, %c64 : index
              %s = exo.window %Sa[%wg, :, :] : !Sacc -> !S
              // (The zero-init ends with wgmma.fence: the element accesses of S
              // before it are ordered before these wgmmas.)
              exo.call #exo.wgmma_zero<n = 128>(%s) : (!S)
              exo.for %kk = 0 to 4 seq {
                %kc = arith.muli %kk, %c16 : index
                %qa = exo.window %Q_smem[0, 0, %wr :+ 64, %kc :+ 16] : !Qs -> !Qk
                %kbk = exo.window %K_smem[%c0, 0, 0, 0 :+ 128, %kc :+ 16] : !KVs -> !Kk
                exo.call #exo.wgmma<n = 128, dtype = bf16>(%s, %qa, %kbk) : (!S, !Qk, !Kk)
              }
              exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.await(%cg[%wg], cuda_in_order, 0) : !Cg
            }
            exo.arrive(cuda_in_order) >> %kempty[%c2] : !Empty
            // Each thread: the maximum of its elements of each of its two rows
            // (hh), then the quad's butterflies.
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        %w16 = arith.muli %w, %c16 : index
                        %h8 = arith.muli %hh, %c8 : index
                        %rg = arith.addi %w16, %g : index
                        %row = arith.addi %rg, %h8 : index
                        %q1 = arith.muli %qb1, %c2 : index
                        %q = arith.addi %q1, %qb0 : index
                        %q2 = arith.muli %q, %c2 : index
                        exo.assign %mx[%wg, %w, %g, %qb1, %qb0, %hh] = %ninf : !Row
                        exo.for %j = 0 to 16 seq {
                          exo.for %e = 0 to 2 seq {
                            %j8 = arith.muli %j, %c8 : index
                            %cq = arith.addi %j8, %q2 : index
                            %col = arith.addi %cq, %e : index
                            %v = exo.read %Sa[%wg, %row, %col] : !Sacc
                            %old = exo.read %mx[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                            %mm = arith.maximumf %old, %v : f32
                            exo.assign %mx[%wg, %w, %g, %qb1, %qb0, %hh] = %mm : !Row
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %hh = 0 to 2 seq {
                      %d1 = exo.window %mx1[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                      %s1 = exo.window %mx[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                      exo.call #exo.shfl_xor<combine = max, lane_mask = 1, dtype = f32>(%d1, %s1) : (!Pair, !Pair)
                    }
                  }
                }
              }
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
                    exo.for %hh = 0 to 2 seq {
                      %d2 = exo.window %mx2[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                      %s2 = exo.window %mx1[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                      exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%d2, %s2) : (!Pair, !Pair)
                    }
                  }
                }
              }
            }
            // The new maximum m, alpha = exp2(m_old - m), S = exp2(c S - m) in
            // place, and l = alpha l + this thread's part of the row sum.
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        %w16 = arith.muli %w, %c16 : index
                        %h8 = arith.muli %hh, %c8 : index
                        %rg = arith.addi %w16, %g : index
                        %row = arith.addi %rg, %h8 : index
                        %q1 = arith.muli %qb1, %c2 : index
                        %q = arith.addi %q1, %qb0 : index
                        %q2 = arith.muli %q, %c2 : index
                        %mo = exo.read %m[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        %bm = exo.read %mx2[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        %bms = arith.mulf %bm, %cs : f32
                        %mn = arith.maximumf %mo, %bms : f32
                        %dm = arith.subf %mo, %mn : f32
                        %alpha = math.exp2 %dm fastmath<afn> : f32
                        %nmn = arith.negf %mn : f32
                        exo.assign %m[%wg, %w, %g, %qb1, %qb0, %hh] = %mn : !Row
                        exo.assign %al[%wg, %w, %g, %qb1, %qb0, %hh] = %alpha : !Row
                        exo.assign %ls[%wg, %w, %g, %qb1, %qb0, %hh] = %zero : !Row
                        exo.for %j = 0 to 16 seq {
                          exo.for %e = 0 to 2 seq {
                            %j8 = arith.muli %j, %c8 : index
                            %cq = arith.addi %j8, %q2 : index
                            %col = arith.addi %cq, %e : index
                            %sv = exo.read %Sa[%wg, %row, %col] : !Sacc
                            %x = math.fma %sv, %cs, %nmn : f32
                            %p = math.exp2 %x fastmath<afn> : f32
                            exo.assign %Sa[%wg, %row, %col] = %p : !Sacc
                            exo.reduce %ls[%wg, %w, %g, %qb1, %qb0, %hh] += %p : !Row
                          }
                        }
                        %lo = exo.read %l[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        %la = arith.mulf %lo, %alpha : f32
                        %lb = exo.read %ls[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        %ln = arith.addf %la, %lb : f32
                        exo.assign %l[%wg, %w, %g, %qb1, %qb0, %hh] = %ln : !Row
                      }
                    }
                  }
                }
              }
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        %w16 = arith.muli %w, %c16 : index
                        %h8 = arith.muli %hh, %c8 : index
                        %rg = arith.addi %w16, %g : index
                        %row = arith.addi %rg, %h8 : index
                        %q1 = arith.muli %qb1, %c2 : index
                        %q = arith.addi %q1, %qb0 : index
                        %q2 = arith.muli %q, %c2 : index
                        exo.for %jj = 0 to 8 seq {
                          exo.for %jh = 0 to 2 seq {
                            exo.for %e = 0 to 2 seq {
                              %j16 = arith.muli %jj, %c16 : index
                              %jh8 = arith.muli %jh, %c8 : index
                              %cl0 = arith.addi %jh8, %q2 : index
                              %cl = arith.addi %cl0, %e : index
                              %col = arith.addi %j16, %cl : index
                              %pv = exo.read %Sa[%wg, %row, %col] : !Sacc
                              %ph = arith.truncf %pv : f32 to bf16
                              exo.assign %Pa[%wg, %jj, %row, %cl] = %ph : !Preg
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
          // Blocks j = 1 .. n - 1: S_j = Q K_j^T is issued, O is rescaled by
          // alpha_{j-1} while it runs, then O += P_{j-1} V_{j-1} is issued; the
          // softmax of S_j runs while the tensor cores do P V; once P V is
          // done, P_j = bf16(S_j).
          %QT1 = arith.subi %QT, %c1 : index
          exo.for %jm = 0 to %QT1 seq {
            %jb = arith.addi %jm, %c1 : index
            %j2 = arith.addi %jm, %c3 : index
            %jm2 = arith.addi %jm, %c2 : index
            %k0 = arith.muli %jb, %c128 : index
            exo.warps "producer" {
              exo.await(%kempty[%jb], cuda_temporal, 0) : !Empty
              %ks = exo.window %K_smem[%jb, :, :, :, :] : !KVs -> !Qslot
              %kg = exo.window %Kmap[%b :+ 1, %h :+ 1, %k0 :+ 128, 0 :+ 64] : !Map -> !Tile
              exo.call #exo.tma<kind = load, shape = [1, 1, 128, 64], dtype = bf16, swizzle = 128>(%ks, %kg) >> %kfull[%jb] : (!Qslot, !Tile) >> !Full
              exo.arrive(cuda_temporal) >> %kfull[%jb] : !Full
              exo.await(%vempty[%jb], cuda_temporal, 0) : !Empty
              %vs = exo.window %V_smem[%jb, :, :, :, :] : !KVs -> !Qslot
              %vg = exo.window %Vmap[%b :+ 1, %h :+ 1, %k0 :+ 128, 0 :+ 64] : !Map -> !Tile
              exo.call #exo.tma<kind = load, shape = [1, 1, 128, 64], dtype = bf16, swizzle = 128>(%vs, %vg) >> %vfull[%jb] : (!Qslot, !Tile) >> !Full
              exo.arrive(cuda_temporal) >> %vfull[%jb] : !Full
            }
            exo.warps "consumer" {
              exo.await(%kfull[%jb], cuda_generic_and_async_proxy, 0) : !Full
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %wr = arith.muli %wg, %c64 : index
                %s = exo.window %Sa[%wg, :, :] : !Sacc -> !S
                // (The zero-init ends with wgmma.fence: the element accesses of S
                // before it are ordered before these wgmmas.)
                exo.call #exo.wgmma_zero<n = 128>(%s) : (!S)
                exo.for %kk = 0 to 4 seq {
                  %kc = arith.muli %kk, %c16 : index
                  %qa = exo.window %Q_smem[0, 0, %wr :+ 64, %kc :+ 16] : !Qs -> !Qk
                  %kbk = exo.window %K_smem[%jb, 0, 0, 0 :+ 128, %kc :+ 16] : !KVs -> !Kk
                  exo.call #exo.wgmma<n = 128, dtype = bf16>(%s, %qa, %kbk) : (!S, !Qk, !Kk)
                }
                exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
              }
              // O = alpha_{j-1} O.
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                      exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                        exo.for %hh = 0 to 2 seq {
                          %w16 = arith.muli %w, %c16 : index
                          %h8 = arith.muli %hh, %c8 : index
                          %rg = arith.addi %w16, %g : index
                          %row = arith.addi %rg, %h8 : index
                          %q1 = arith.muli %qb1, %c2 : index
                          %q = arith.addi %q1, %qb0 : index
                          %q2 = arith.muli %q, %c2 : index
                          %a = exo.read %al[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          exo.for %j = 0 to 8 seq {
                            exo.for %e = 0 to 2 seq {
                              %j8 = arith.muli %j, %c8 : index
                              %cq = arith.addi %j8, %q2 : index
                              %col = arith.addi %cq, %e : index
                              %ov = exo.read %Oa[%wg, %row, %col] : !Oacc
                              %os = arith.mulf %ov, %a : f32
                              exo.assign %Oa[%wg, %row, %col] = %os : !Oacc
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
              exo.await(%vfull[%jm], cuda_generic_and_async_proxy, 0) : !Full
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %o = exo.window %Oa[%wg, :, :] : !Oacc -> !O
                exo.fence(wgmma_fence_1, wgmma_fence_2)
                exo.for %kk = 0 to 8 seq {
                  %kc = arith.muli %kk, %c16 : index
                  %pk = exo.window %Pa[%wg, %kk, :, :] : !Preg -> !P
                  %vk = exo.window %V_smem[%jm, 0, 0 :+ 1, %kc :+ 16, 0 :+ 64] : !KVs -> !Vk
                  exo.call #exo.wgmma<n = 64, dtype = bf16, a = regs, b = sw128_mn>(%o, %pk, %vk) : (!O, !P, !Vk)
                }
                exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
              }
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%wg], cuda_in_order, 1) : !Cg
              }
              exo.arrive(cuda_in_order) >> %kempty[%j2] : !Empty
              // Each thread: the maximum of its elements of each of its two rows
              // (hh), then the quad's butterflies.
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                      exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                        exo.for %hh = 0 to 2 seq {
                          %w16 = arith.muli %w, %c16 : index
                          %h8 = arith.muli %hh, %c8 : index
                          %rg = arith.addi %w16, %g : index
                          %row = arith.addi %rg, %h8 : index
                          %q1 = arith.muli %qb1, %c2 : index
                          %q = arith.addi %q1, %qb0 : index
                          %q2 = arith.muli %q, %c2 : index
                          exo.assign %mx[%wg, %w, %g, %qb1, %qb0, %hh] = %ninf : !Row
                          exo.for %j = 0 to 16 seq {
                            exo.for %e = 0 to 2 seq {
                              %j8 = arith.muli %j, %c8 : index
                              %cq = arith.addi %j8, %q2 : index
                              %col = arith.addi %cq, %e : index
                              %v = exo.read %Sa[%wg, %row, %col] : !Sacc
                              %old = exo.read %mx[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                              %mm = arith.maximumf %old, %v : f32
                              exo.assign %mx[%wg, %w, %g, %qb1, %qb0, %hh] = %mm : !Row
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                      exo.for %hh = 0 to 2 seq {
                        %d1 = exo.window %mx1[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                        %s1 = exo.window %mx[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                        exo.call #exo.shfl_xor<combine = max, lane_mask = 1, dtype = f32>(%d1, %s1) : (!Pair, !Pair)
                      }
                    }
                  }
                }
              }
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
                      exo.for %hh = 0 to 2 seq {
                        %d2 = exo.window %mx2[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                        %s2 = exo.window %mx1[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                        exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%d2, %s2) : (!Pair, !Pair)
                      }
                    }
                  }
                }
              }
              // The new maximum m, alpha = exp2(m_old - m), S = exp2(c S - m) in
              // place, and l = alpha l + this thread's part of the row sum.
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                      exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                        exo.for %hh = 0 to 2 seq {
                          %w16 = arith.muli %w, %c16 : index
                          %h8 = arith.muli %hh, %c8 : index
                          %rg = arith.addi %w16, %g : index
                          %row = arith.addi %rg, %h8 : index
                          %q1 = arith.muli %qb1, %c2 : index
                          %q = arith.addi %q1, %qb0 : index
                          %q2 = arith.muli %q, %c2 : index
                          %mo = exo.read %m[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          %bm = exo.read %mx2[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          %bms = arith.mulf %bm, %cs : f32
                          %mn = arith.maximumf %mo, %bms : f32
                          %dm = arith.subf %mo, %mn : f32
                          %alpha = math.exp2 %dm fastmath<afn> : f32
                          %nmn = arith.negf %mn : f32
                          exo.assign %m[%wg, %w, %g, %qb1, %qb0, %hh] = %mn : !Row
                          exo.assign %al[%wg, %w, %g, %qb1, %qb0, %hh] = %alpha : !Row
                          exo.assign %ls[%wg, %w, %g, %qb1, %qb0, %hh] = %zero : !Row
                          exo.for %j = 0 to 16 seq {
                            exo.for %e = 0 to 2 seq {
                              %j8 = arith.muli %j, %c8 : index
                              %cq = arith.addi %j8, %q2 : index
                              %col = arith.addi %cq, %e : index
                              %sv = exo.read %Sa[%wg, %row, %col] : !Sacc
                              %x = math.fma %sv, %cs, %nmn : f32
                              %p = math.exp2 %x fastmath<afn> : f32
                              exo.assign %Sa[%wg, %row, %col] = %p : !Sacc
                              exo.reduce %ls[%wg, %w, %g, %qb1, %qb0, %hh] += %p : !Row
                            }
                          }
                          %lo = exo.read %l[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          %la = arith.mulf %lo, %alpha : f32
                          %lb = exo.read %ls[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          %ln = arith.addf %la, %lb : f32
                          exo.assign %l[%wg, %w, %g, %qb1, %qb0, %hh] = %ln : !Row
                        }
                      }
                    }
                  }
                }
              }
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.await(%cg[%wg], cuda_in_order, 0) : !Cg
              }
              exo.arrive(cuda_in_order) >> %vempty[%jm2] : !Empty
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                exo.for %w = 0 to 4 cuda_threads<warp> {
                  exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                    exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                      exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                        exo.for %hh = 0 to 2 seq {
                          %w16 = arith.muli %w, %c16 : index
                          %h8 = arith.muli %hh, %c8 : index
                          %rg = arith.addi %w16, %g : index
                          %row = arith.addi %rg, %h8 : index
                          %q1 = arith.muli %qb1, %c2 : index
                          %q = arith.addi %q1, %qb0 : index
                          %q2 = arith.muli %q, %c2 : index
                          exo.for %jj = 0 to 8 seq {
                            exo.for %jh = 0 to 2 seq {
                              exo.for %e = 0 to 2 seq {
                                %j16 = arith.muli %jj, %c16 : index
                                %jh8 = arith.muli %jh, %c8 : index
                                %cl0 = arith.addi %jh8, %q2 : index
                                %cl = arith.addi %cl0, %e : index
                                %col = arith.addi %j16, %cl : index
                                %pv = exo.read %Sa[%wg, %row, %col] : !Sacc
                                %ph = arith.truncf %pv : f32 to bf16
                                exo.assign %Pa[%wg, %jj, %row, %cl] = %ph : !Preg
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
          }
          // The last block's P V (its slot needs no release: nothing
          // is loaded after it).
          exo.warps "consumer" {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        %w16 = arith.muli %w, %c16 : index
                        %h8 = arith.muli %hh, %c8 : index
                        %rg = arith.addi %w16, %g : index
                        %row = arith.addi %rg, %h8 : index
                        %q1 = arith.muli %qb1, %c2 : index
                        %q = arith.addi %q1, %qb0 : index
                        %q2 = arith.muli %q, %c2 : index
                        %a = exo.read %al[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        exo.for %j = 0 to 8 seq {
                          exo.for %e = 0 to 2 seq {
                            %j8 = arith.muli %j, %c8 : index
                            %cq = arith.addi %j8, %q2 : index
                            %col = arith.addi %cq, %e : index
                            %ov = exo.read %Oa[%wg, %row, %col] : !Oacc
                            %os = arith.mulf %ov, %a : f32
                            exo.assign %Oa[%wg, %row, %col] = %os : !Oacc
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            exo.await(%vfull[%QT1], cuda_generic_and_async_proxy, 0) : !Full
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %o = exo.window %Oa[%wg, :, :] : !Oacc -> !O
              exo.fence(wgmma_fence_1, wgmma_fence_2)
              exo.for %kk = 0 to 8 seq {
                %kc = arith.muli %kk, %c16 : index
                %pk = exo.window %Pa[%wg, %kk, :, :] : !Preg -> !P
                %vk = exo.window %V_smem[%QT1, 0, 0 :+ 1, %kc :+ 16, 0 :+ 64] : !KVs -> !Vk
                exo.call #exo.wgmma<n = 64, dtype = bf16, a = regs, b = sw128_mn>(%o, %pk, %vk) : (!O, !P, !Vk)
              }
              exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.await(%cg[%wg], cuda_in_order, 0) : !Cg
            }
          }
          // The quad's row sums, O / l to bf16, and L.
          exo.warps "consumer" {
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %hh = 0 to 2 seq {
                      %d1 = exo.window %l1[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                      %s1 = exo.window %l[%wg, %w, %g, %qb1, :, %hh] : !Row -> !Pair
                      exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%d1, %s1) : (!Pair, !Pair)
                    }
                  }
                }
              }
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb0 = 0 to 2 cuda_threads<2 * threads_strided(1, 2)> {
                    exo.for %hh = 0 to 2 seq {
                      %d2 = exo.window %l2[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                      %s2 = exo.window %l1[%wg, %w, %g, :, %qb0, %hh] : !Row -> !Pair
                      exo.call #exo.shfl_xor<combine = add, lane_mask = 2, dtype = f32>(%d2, %s2) : (!Pair, !Pair)
                    }
                  }
                }
              }
            }
            exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
              %wr = arith.muli %wg, %c64 : index
              %rw = arith.addi %r0, %wr : index
              exo.for %w = 0 to 4 cuda_threads<warp> {
                exo.for %g = 0 to 8 cuda_threads<4 * thread> {
                  exo.for %qb1 = 0 to 2 cuda_threads<2 * thread> {
                    exo.for %qb0 = 0 to 2 cuda_threads<thread> {
                      exo.for %hh = 0 to 2 seq {
                        %w16 = arith.muli %w, %c16 : index
                        %h8 = arith.muli %hh, %c8 : index
                        %rg = arith.addi %w16, %g : index
                        %row = arith.addi %rg, %h8 : index
                        %q1 = arith.muli %qb1, %c2 : index
                        %q = arith.addi %q1, %qb0 : index
                        %q2 = arith.muli %q, %c2 : index
                        %lt = exo.read %l2[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                        exo.for %j = 0 to 8 seq {
                          exo.for %e = 0 to 2 seq {
                            %j8 = arith.muli %j, %c8 : index
                            %cq = arith.addi %j8, %q2 : index
                            %col = arith.addi %cq, %e : index
                            %ov = exo.read %Oa[%wg, %row, %col] : !Oacc
                            %on = arith.divf %ov, %lt : f32
                            exo.assign %Oa[%wg, %row, %col] = %on : !Oacc
                          }
                        }
                        %first = arith.cmpi eq, %q, %c0 : index
                        exo.if %first {
                          %mf = exo.read %m[%wg, %w, %g, %qb1, %qb0, %hh] : !Row
                          %lg = math.log2 %lt : f32
                          %ml = arith.addf %mf, %lg : f32
                          %lse = arith.mulf %ml, %ln2 : f32
                          %gr = arith.addi %rw, %row : index
                          exo.assign %L[%b, %h, %gr] = %lse : !L
                        }
                      }
                    }
                  }
                }
              }
              %og = exo.window %O[%b, %h, %rw :+ 64, 0 :+ 64] : !T -> !Og
              %o = exo.window %Oa[%wg, :, :] : !Oacc -> !O
              exo.call #exo.wgmma_store<n = 64, dst = gmem, dtype = bf16>(%og, %o) : (!Og, !O)
            }
          }
        }
      }
    }
  }
}

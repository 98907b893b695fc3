// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Errors of -exo-verify-collectives about distributed memory: the leading
// dimensions of registers (per thread), wgmma fragments (per warpgroup),
// shared memory and mbarriers (per CTA) are distributed; every access must
// index them with the cuda_threads iterators that own the shard, each once,
// with matching extents, and always from the same owner.

//===----------------------------------------------------------------------===//
// Distributed dimensions indexed by something else than an iterator
//===----------------------------------------------------------------------===//

// The first access distributes acc over the 32 lanes; the final read of
// acc[0] from every lane would read lane 0's registers: a constant index
// names one shard, whose owner (lane 0) is not every reader.
!X = !exo.tensor<[1024], f32, gmem>
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[32], f32, regs>
exo.proc @constant_index(%x: !X, %y: !Y) {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 32 cuda_tasks {
      %acc = exo.alloc : !R
      exo.for %lane = 0 to 32 cuda_threads<thread> {
        %v = exo.read %x[%lane] : !X
        // expected-note @+1 {{the owner was set by this access}}
        exo.assign %acc[%lane] = %v : !R
        // expected-error @+1 {{element [0] of the distributed dimensions of 'acc' belongs to 1 thread: thread 0, but this access runs on 1 thread: thread 1}}
        %w = exo.read %acc[0] : !R
        exo.assign %y[%lane] = %w : !Y
      }
    }
  }
}

// -----

// An index computed from the lane is not an iterator: which shard it names
// is not known per thread.
!X = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[32], f32, regs>
exo.proc @computed_index(%x: !X) {
  %c1 = arith.constant 1 : index
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 32 cuda_tasks {
      %acc = exo.alloc : !R
      exo.for %lane = 0 to 32 cuda_threads<thread> {
        %v = exo.read %x[%lane] : !X
        exo.assign %acc[%lane] = %v : !R
      }
      exo.for %lane = 0 to 31 cuda_threads<thread> {
        %l1 = arith.addi %lane, %c1 : index
        // expected-error @+1 {{dimension 0 of 'acc' is distributed over #exo.unit<thread> shards; it must be indexed by a cuda_threads iterator}}
        %w = exo.read %acc[%l1] : !R
        exo.assign %x[%lane] = %w : !X
      }
    }
  }
}

// -----

// A constant index read by the shard's owner is accepted (lane 0, under a
// condition on the lane that the analysis evaluates): no error.
!X = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[32], f32, regs>
exo.proc @owner_reads_constant(%x: !X) {
  %c0 = arith.constant 0 : index
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 32 cuda_tasks {
      %acc = exo.alloc : !R
      exo.for %lane = 0 to 32 cuda_threads<thread> {
        %v = exo.read %x[%lane] : !X
        exo.assign %acc[%lane] = %v : !R
        %first = arith.cmpi eq, %lane, %c0 : index
        exo.if %first {
          %w = exo.read %acc[0] : !R
          exo.assign %x[%task] = %w : !X
        }
      }
    }
  }
}

// -----

// Reading the neighbour's register (lane ^ 1) needs a shuffle, not an index.
!X = !exo.tensor<[1024], f32, gmem>
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[32], f32, regs>
exo.proc @neighbour_index(%x: !X, %y: !Y) {
  %c1 = arith.constant 1 : index
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 32 cuda_tasks {
      %acc = exo.alloc : !R
      exo.for %lane = 0 to 32 cuda_threads<thread> {
        %v = exo.read %x[%lane] : !X
        exo.assign %acc[%lane] = %v : !R
        %other = arith.xori %lane, %c1 : index
        // expected-error @+1 {{dimension 0 of 'acc' is distributed over #exo.unit<thread> shards; it must be indexed by a cuda_threads iterator}}
        %w = exo.read %acc[%other] : !R
        exo.assign %y[%lane] = %w : !Y
      }
    }
  }
}

// -----

// A sequential iterator is no owner either: thread 0 would read the
// registers of threads 0-3.
!Y = !exo.tensor<[4], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
exo.proc @sequential_index(%y: !Y) {
  %one = arith.constant 1.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %part = exo.alloc : !R
      exo.for %t = 0 to 4 cuda_threads<thread> {
        exo.assign %part[%t] = %one : !R
      }
      exo.for %t = 0 to 1 cuda_threads<thread> {
        exo.for %i = 0 to 4 seq {
          // expected-error @+1 {{dimension 0 of 'part' is distributed over #exo.unit<thread> shards; it must be indexed by a cuda_threads iterator}}
          %v = exo.read %part[%i] : !R
          exo.reduce %y[%t] += %v : !Y
        }
      }
    }
  }
}

// -----

// The wgmma commit group array is distributed over warpgroups; waiting on
// element 0 from warpgroup 1 is waiting on another warpgroup's group.
!Cg = !exo.barrier<wgmma_group, [2]>
exo.proc @commit_group_constant_index() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %cg = exo.alloc : !Cg
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        exo.arrive(wgmma_async) >> %cg[%wg] : !Cg
        // expected-error @+1 {{dimension 0 of 'cg' is distributed}}
        exo.await(%cg[0], cuda_in_order, 0) : !Cg
      }
    }
  }
}

// -----

// A whole distributed dimension (':') passed to an instruction that does
// not distribute it: one thread would access every thread's registers.
!X = !exo.tensor<[1024], f32, gmem>
!Xv = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[4, 4], f32, regs>
!Rcol = !exo.window<[4], f32, regs>
exo.proc @whole_distributed_dimension(%x: !X) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %t = 0 to 4 cuda_threads<thread> {
        exo.assign %r[%t, 0] = %zero : !R
      }
      exo.for %t = 0 to 1 cuda_threads<thread> {
        %src = exo.window %x[0 :+ 4] : !X -> !Xv
        // expected-error @+1 {{dimension 0 of 'r' is distributed over #exo.unit<thread> shards; it must be indexed by a cuda_threads iterator}}
        %dst = exo.window %r[:, 1] : !R -> !Rcol
        exo.call #exo.global<kind = load, width = 4, dtype = f32>(%dst, %src) : (!Rcol, !Xv)
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Iterators used wrongly
//===----------------------------------------------------------------------===//

// -----

// A 4 x 4 register tile distributed over 16 threads (i, j); indexing both
// dimensions by i reads the diagonal owners' registers.
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[4, 4], f32, regs>
exo.proc @same_iterator_twice(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %i = 0 to 4 cuda_threads<4 * thread> {
        exo.for %j = 0 to 4 cuda_threads<thread> {
          exo.assign %r[%i, %j] = %zero : !R
          // expected-error @+1 {{the iterator 'i' indexes two distributed dimensions of 'r'}}
          %v = exo.read %r[%i, %i] : !R
          exo.assign %y[%i] = %v : !Y
        }
      }
    }
  }
}

// -----

// The same mistake in the first access, which distributes both dimensions.
!R = !exo.tensor<[4, 4], f32, regs>
exo.proc @same_iterator_twice_first() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %t = 0 to 4 cuda_threads<thread> {
        // expected-error @+1 {{the iterator 't' indexes two distributed dimensions of 'r'}}
        exo.assign %r[%t, %t] = %zero : !R
      }
    }
  }
}

// -----

// Four partial sums, but only two threads own them.
!R = !exo.tensor<[4], f32, regs>
exo.proc @extent_larger_than_loop() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %part = exo.alloc : !R
      exo.for %t = 0 to 2 cuda_threads<thread> {
        // expected-error @+1 {{distributed dimension 0 of 'part' has extent 4, but its iterator 't' runs 2 times}}
        exo.assign %part[%t] = %zero : !R
      }
    }
  }
}

// -----

// Later accesses are held to the same rule: this loop runs 8 times over a
// dimension of 4.
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
exo.proc @extent_smaller_than_loop(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %part = exo.alloc : !R
      exo.for %t = 0 to 4 cuda_threads<thread> {
        exo.assign %part[%t] = %zero : !R
      }
      exo.for %t = 0 to 8 cuda_threads<thread> {
        // expected-error @+1 {{distributed dimension 0 of 'part' has extent 4, but its iterator 't' runs 8 times}}
        %v = exo.read %part[%t] : !R
        exo.assign %y[%t] = %v : !Y
      }
    }
  }
}

// -----

// An accumulator array for one warpgroup, indexed by a loop over two.
!Dall = !exo.tensor<[1, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @accumulator_extent() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        // expected-error @+1 {{distributed dimension 0 of 'acc' has extent 1, but its iterator 'wg' runs 2 times}}
        %d = exo.window %acc[%wg, :, :] : !Dall -> !D
        exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
      }
    }
  }
}

// -----

// The registers are allocated per warp; the warp index names which
// allocation, not a dimension of it.
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
exo.proc @iterator_around_the_allocation(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        %r = exo.alloc : !R
        exo.for %lane = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{dimension 0 of 'r' is indexed by 'w', a loop around the allocation}}
          exo.assign %r[%w] = %zero : !R
        }
      }
    }
  }
}

// -----

// The same with shared memory allocated in each CTA of a cluster: the CTA
// index is not a dimension of the per-CTA buffer.
!S = !exo.tensor<[2, 64], f32, smem>
exo.proc @cta_iterator_around_smem() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 64, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        %s = exo.alloc : !S
        exo.for %t = 0 to 1 cuda_threads<thread> {
          // expected-error @+1 {{dimension 0 of 's' is indexed by 'cta', a loop around the allocation}}
          exo.assign %s[%cta, 0] = %zero : !S
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Accesses spanning several shards
//===----------------------------------------------------------------------===//

// -----

// A whole warp reads one register element per warp: the 32 lanes hold 32
// different shards.
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
exo.proc @registers_read_by_a_warp(%y: !Y) {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{'r' is distributed with one shard per #exo.unit<thread>, but this access by 32 threads: threads 0-31 spans several shards (missing subdivision)}}
        %v = exo.read %r[%w] : !R
        exo.for %lane = 0 to 1 cuda_threads<thread> {
          exo.assign %y[%w] = %v : !Y
        }
      }
    }
  }
}

// -----

// Registers that are not distributed at all are still per thread: a read by
// a thread team reads 8 shards.
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
exo.proc @undistributed_registers_read_by_a_team(%y: !Y) {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %team = 0 to 4 cuda_threads<8 * thread> {
        // expected-error @+1 {{'r' is distributed with one shard per #exo.unit<thread>, but this access by 8 threads: threads 0-7 spans several shards (missing subdivision)}}
        %v = exo.read %r[0] : !R
        exo.for %t = 0 to 1 cuda_threads<thread> {
          exo.assign %y[%team] = %v : !Y
        }
      }
    }
  }
}

// -----

// Two warpgroups read one warpgroup's accumulator.
!Dall = !exo.tensor<[1, 64, 8], f32, wgmma_accum>
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @accumulator_read_by_two_warpgroups(%y: !Y) {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.for %p = 0 to 1 cuda_threads<2 * warpgroup> {
        // expected-error @+1 {{'acc' is distributed with one shard per #exo.unit<warpgroup>, but this access by the whole cluster (256 threads) spans several shards (missing subdivision)}}
        %v = exo.read %acc[%p, 0, 0] : !Dall
        exo.for %t = 0 to 1 cuda_threads<thread> {
          exo.assign %y[%p] = %v : !Y
        }
      }
    }
  }
}

// -----

// Shared memory without a CTA dimension, read by the whole cluster: each
// CTA has its own copy.
!S = !exo.tensor<[64], f32, smem>
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @smem_read_by_two_ctas(%y: !Y) {
  exo.device_function(blockDim = 64, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %s = exo.alloc : !S
      exo.for %m = 0 to 1 cuda_threads<2 * warp_in_cluster_strided(1)> {
        // expected-error @+1 {{'s' is distributed with one shard per #exo.unit<cta>, but this access by 64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31 spans several shards (missing subdivision)}}
        %v = exo.read %s[0] : !S
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Inconsistent owners
//===----------------------------------------------------------------------===//

// -----

// Registers indexed by the lane only, allocated for the whole CTA: lane t
// of every warp would own element t (the warp dimension is missing).
!Y = !exo.tensor<[1024], f32, gmem>
!R = !exo.tensor<[32], f32, regs>
exo.proc @missing_warp_dimension(%y: !Y) {
  %one = arith.constant 1.0 : f32
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      %r = exo.alloc : !R
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %lane = 0 to 32 cuda_threads<thread> {
          // expected-error @+2 {{element [0] of the distributed dimensions of 'r' belongs to 1 thread: thread 0, but this access runs on 1 thread: thread 32}}
          // expected-note @+1 {{the owner was set by this access}}
          exo.assign %r[%lane] = %one : !R
        }
      }
    }
  }
}

// -----

// The accumulators have no CTA dimension, but both CTAs of the cluster use
// them: warpgroup 0 of CTA 1 would own the accumulator of CTA 0.
!Dall = !exo.tensor<[2, 64, 8], f32, wgmma_accum>
!D = !exo.window<[64, 8], f32, wgmma_accum>
exo.proc @missing_cta_dimension() {
  exo.device_function(blockDim = 256, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %acc = exo.alloc : !Dall
      exo.for %cta = 0 to 2 cuda_threads<cta> {
        exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
          // expected-error @+2 {{element [0] of the distributed dimensions of 'acc' belongs to 128 threads: CTA 0 threads 0-127, but this access runs on 128 threads: CTA 1 threads 0-127}}
          // expected-note @+1 {{the owner was set by this access}}
          %d = exo.window %acc[%wg, :, :] : !Dall -> !D
          exo.call #exo.wgmma_zero<n = 8>(%d) : (!D)
        }
      }
    }
  }
}

// -----

// Shared memory with one row per CTA of a pair, used by two pairs of CTAs:
// row 0 would belong to CTA 0 and to CTA 2.
!S = !exo.tensor<[2, 64], f32, smem>
exo.proc @cta_rows_shared_by_two_pairs() {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 64, clusterDim = 4) {
    exo.for %task = 0 to 8 cuda_tasks {
      %s = exo.alloc : !S
      exo.for %pair = 0 to 2 cuda_threads<2 * cta> {
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          exo.for %t = 0 to 1 cuda_threads<thread> {
            // expected-error @+2 {{element [0] of the distributed dimensions of 's' belongs to 64 threads: CTA 0 threads 0-63, but this access runs on 1 thread: CTA 2 thread 0}}
            // expected-note @+1 {{the owner was set by this access}}
            exo.assign %s[%cta, 0] = %zero : !S
          }
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Multicasts and instruction splits
//===----------------------------------------------------------------------===//

// -----

// Only the first dimension of the barrier array is distributed over CTAs;
// a multicast over the second (one barrier per stage) makes no sense.
!Bar = !exo.barrier<mbarrier, [2, 4]>
exo.proc @multicast_over_undistributed_dimension() {
  exo.device_function(blockDim = 64, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %bar = exo.alloc : !Bar
      exo.for %c = 0 to 2 cuda_threads<cta> {
        exo.await(%bar[%c, 0], cuda_in_order, 0) : !Bar
        // expected-error @+1 {{a multicast ':' spans CTAs, but dimension 1 of 'bar' is not distributed over CTAs (only its first 1 dimensions are)}}
        exo.arrive(cuda_in_order) >> %bar[%c, :] : !Bar
      }
    }
  }
}

// -----

// The same through a trailing barrier of a multicast TMA load.
!B = !exo.tensor<[N, K], f32, gmem>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Bsmem = !exo.tensor<[2, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[2, 128, 32], f32, smem_swizzle<128>>
!Full = !exo.barrier<mbarrier, [2, 2]>
exo.proc @trailing_multicast_over_undistributed_dimension(%N: index, %K: index, %B: !B) {
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %full = exo.alloc : !Full
      %smem = exo.alloc : !Bsmem
      exo.for %c = 0 to 2 cuda_threads<cta> {
        exo.await(%full[%c, 0], cuda_in_order, 0) : !Full
      }
      exo.for %m = 0 to 1 cuda_threads<2 * warp_in_cluster_strided(1)> {
        %dst = exo.window %smem[:, :, :] : !Bsmem -> !Bslot
        %src = exo.window %B_map[0 :+ 128, 0 :+ 32] : !Bmap -> !Btile
        // expected-error @+1 {{a multicast ':' spans CTAs, but dimension 1 of 'full' is not distributed over CTAs (only its first 1 dimensions are)}}
        exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128, multicast = 2>(%dst, %src) >> %full[:, :]
            : (!Bslot, !Btile) >> !Full
      }
    }
  }
}

// -----

// A user-defined instruction issued by a thread pair distributes its ':'
// dimension over 2 threads, but the registers have 4 entries there (an
// instance of the shuffle family has one entry per thread of the pair, so
// only a hand-written proc has this shape).
!Part = !exo.tensor<[4, 8], f32, regs>
!Quad = !exo.window<[4], f32, regs>
exo.proc @my_pair_copy_4(
    %dst: !Quad {exo.access = #exo.access<write, distributed [thread]>},
    %src: !Quad {exo.access = #exo.access<read, distributed [thread]>})
    instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "my_pair_copy"> {
  exo.for %i = 0 to 4 seq {
    %a = exo.read %src[%i] : !Quad
    exo.assign %dst[%i] = %a : !Quad
  }
}

exo.proc @shuffle_splits_into_two_of_four() {
  exo.device_function(blockDim = 32) {
    exo.for %task = 0 to 8 cuda_tasks {
      %part = exo.alloc : !Part
      %tmp = exo.alloc : !Part
      exo.for %p = 0 to 8 cuda_threads<2 * thread> {
        // expected-error @+1 {{dimension 0 of 'tmp' is split over #exo.unit<thread> by the instruction, but the collective (2 threads: threads 0-1) holds 2 of them, not 4}}
        %d = exo.window %tmp[:, %p] : !Part -> !Quad
        // expected-error @+1 {{dimension 0 of 'part' is split over #exo.unit<thread> by the instruction, but the collective (2 threads: threads 0-1) holds 2 of them, not 4}}
        %s = exo.window %part[:, %p] : !Part -> !Quad
        exo.call @my_pair_copy_4(%d, %s) : (!Quad, !Quad)
      }
    }
  }
}

// -----

// A user-defined instruction issued by 2 CTAs (one warp in each) writes the
// CTA dimension of the destination, but the buffer has 4 entries there (an
// instance of the multicast TMA load family has one entry per issuing CTA,
// so only a hand-written proc has this shape).
!B = !exo.tensor<[N, K], f32, gmem>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Bsmem = !exo.tensor<[4, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[4, 128, 32], f32, smem_swizzle<128>>
exo.proc @my_multicast_load_128x32_f32(
    %dst: !Bslot {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
    %src: !Btile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "my_multicast_load"> {
  exo.for %c = 0 to 4 seq {
    exo.for %i = 0 to 128 seq {
      exo.for %j = 0 to 32 seq {
        %v = exo.read %src[%i, %j] : !Btile
        exo.assign %dst[%c, %i, %j] = %v : !Bslot
      }
    }
  }
}

exo.proc @multicast_splits_into_two_of_four(%N: index, %K: index, %B: !B) {
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %smem = exo.alloc : !Bsmem
      exo.for %m = 0 to 1 cuda_threads<2 * warp_in_cluster_strided(1)> {
        // expected-error @+1 {{dimension 0 of 'smem' is split over #exo.unit<cta> by the instruction, but the collective (64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31) holds 2 of them, not 4}}
        %dst = exo.window %smem[:, :, :] : !Bsmem -> !Bslot
        %src = exo.window %B_map[0 :+ 128, 0 :+ 32] : !Bmap -> !Btile
        exo.call @my_multicast_load_128x32_f32(%dst, %src) : (!Bslot, !Btile)
      }
    }
  }
}

// -----

// The same with the CTA dimension written `0 :+ 4` (as replace binds it):
// an interval over the whole extent is the whole dimension, split by the
// instruction like `:`.
!B = !exo.tensor<[N, K], f32, gmem>
!Bmap = !exo.window<[N, K], f32, tma_map<128, [64, 32]>>
!Btile = !exo.window<[128, 32], f32, tma_map<128, [64, 32]>>
!Bsmem = !exo.tensor<[4, 128, 32], f32, smem_swizzle<128>>
!Bslot = !exo.window<[4, 128, 32], f32, smem_swizzle<128>>
exo.proc @my_multicast_load_128x32_f32(
    %dst: !Bslot {exo.access = #exo.access<write, out_of_order, distributed [cta]>},
    %src: !Btile {exo.access = #exo.access<read, out_of_order, oob>})
    instr<unit = 2 * warp_in_cluster_strided(1), timeline = tma_to_smem, lowering = "my_multicast_load"> {
  exo.for %c = 0 to 4 seq {
    exo.for %i = 0 to 128 seq {
      exo.for %j = 0 to 32 seq {
        %v = exo.read %src[%i, %j] : !Btile
        exo.assign %dst[%c, %i, %j] = %v : !Bslot
      }
    }
  }
}

exo.proc @multicast_interval_splits_into_two_of_four(%N: index, %K: index, %B: !B) {
  %B_map = exo.window %B[:, :] : !B -> !Bmap
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      %smem = exo.alloc : !Bsmem
      exo.for %m = 0 to 1 cuda_threads<2 * warp_in_cluster_strided(1)> {
        // expected-error @+1 {{dimension 0 of 'smem' is split over #exo.unit<cta> by the instruction, but the collective (64 threads: CTA 0 threads 0-31, CTA 1 threads 0-31) holds 2 of them, not 4}}
        %dst = exo.window %smem[0 :+ 4, :, :] : !Bsmem -> !Bslot
        %src = exo.window %B_map[0 :+ 128, 0 :+ 32] : !Bmap -> !Btile
        exo.call @my_multicast_load_128x32_f32(%dst, %src) : (!Bslot, !Btile)
      }
    }
  }
}

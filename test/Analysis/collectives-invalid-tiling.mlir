// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Errors of -exo-verify-collectives about cuda_threads loops and exo.warps:
// a loop must be able to split its collective into enough units of its
// shape, and a warp selection must find the warps it names.

//===----------------------------------------------------------------------===//
// Not enough threads
//===----------------------------------------------------------------------===//

// A CTA of 128 threads holds 4 warps; the loop asks for 5.
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @five_warps_of_four(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{not enough threads: the collective (the whole cluster (128 threads)) holds 4 units #exo.unit<warp>, but the loop needs 5}}
      exo.for %w = 0 to 5 cuda_threads<warp> {
        exo.for %lane = 0 to 1 cuda_threads<thread> {
          exo.assign %y[%w] = %zero : !Y
        }
      }
    }
  }
}

// -----

// A CTA of 256 threads holds 2 warpgroups, not 3.
exo.proc @three_warpgroups_of_two() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{holds 2 units #exo.unit<warpgroup>, but the loop needs 3}}
      exo.for %wg = 0 to 3 cuda_threads<warpgroup> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// Inside one warp there are 32 threads, not 64; the error names the
// enclosing iteration where it first fails.
!Y = !exo.tensor<[1024], f32, gmem>
exo.proc @sixty_four_lanes(%y: !Y) {
  %zero = arith.constant 0.0 : f32
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{not enough threads: the collective (32 threads: threads 0-31) holds 32 units #exo.unit<thread>, but the loop needs 64 (at w = 0)}}
        exo.for %lane = 0 to 64 cuda_threads<thread> {
          exo.assign %y[%lane] = %zero : !Y
        }
      }
    }
  }
}

// -----

// A warp holds four teams of 8 threads, not 8 teams.
exo.proc @eight_teams_in_a_warp() {
  exo.device_function(blockDim = 64) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 2 cuda_threads<warp> {
        // expected-error @+1 {{the collective (32 threads: threads 0-31) holds 4 units #exo.unit<8 * thread>, but the loop needs 8 (at w = 0)}}
        exo.for %team = 0 to 8 cuda_threads<8 * thread> {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// A cluster of 2 CTAs cannot run a loop over 4 CTAs.
exo.proc @four_ctas_of_two() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{the collective (the whole cluster (256 threads)) holds 2 units #exo.unit<cta>, but the loop needs 4}}
      exo.for %cta = 0 to 4 cuda_threads<cta> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// The named group "producer" is one warp: it holds one warp per CTA, so
// a loop over two of its warps has too few.
exo.proc @two_warps_of_a_one_warp_group() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps "producer" {
        // expected-error @+1 {{the collective (32 threads: threads 0-31) holds 1 unit #exo.unit<warp>, but the loop needs 2}}
        exo.for %w = 0 to 2 cuda_threads<warp> {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Misaligned tilings
//===----------------------------------------------------------------------===//

// -----

// Warps 1-4 are 128 threads, but they straddle warpgroups 0 and 1.
exo.proc @warps_1_to_4_by_warpgroup() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 1 to 5 {
        // expected-error @+1 {{cannot tile the collective (128 threads: threads 32-159) by #exo.unit<warpgroup>: it meets the units unevenly (misaligned)}}
        exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
          exo.fence(wgmma_fence_1, wgmma_fence_2)
        }
      }
    }
  }
}

// -----

// Warps 1-3 meet warp pair 0 in one warp and warp pair 1 in two.
exo.proc @warps_1_to_3_by_warp_pairs() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 1 to 4 {
        // expected-error @+1 {{cannot tile the collective (96 threads: threads 32-127) by #exo.unit<2 * warp>: it meets the units unevenly (misaligned)}}
        exo.for %pair = 0 to 1 cuda_threads<2 * warp> {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// Threads 12a + (0..3) form no whole quadpairs: some quadpairs get their
// low half, others their high half.
exo.proc @quadpairs_of_a_strided_collective() {
  exo.device_function(blockDim = 96) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %s = 0 to 3 cuda_threads<8 * threads_strided(4, 12)> {
        // expected-error @+1 {{by #exo.unit<quadpair>: it meets the units unevenly (misaligned) (at s = 0)}}
        exo.for %q = 0 to 2 cuda_threads<quadpair> {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// The consumer group starts at warp 1, so its 4 warps are not a warpgroup.
exo.proc @consumer_group_not_warpgroup_aligned() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>, <"pad", 3>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps "consumer" {
        // expected-error @+1 {{cannot tile the collective (128 threads: threads 32-159) by #exo.unit<warpgroup>: it meets the units unevenly (misaligned)}}
        exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
          exo.fence(wgmma_fence_1, wgmma_fence_2)
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Units that do not fit the launch
//===----------------------------------------------------------------------===//

// -----

// A custom unit whose domain has 64 threads cannot tile a CTA of 128.
exo.proc @custom_domain_too_small() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{cannot tile the collective (the whole cluster (128 threads)) by #exo.unit<custom<[64], [32]>>: its domain has 64 threads, the cluster 128}}
      exo.for %s = 0 to 2 cuda_threads<custom<[64], [32]>> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A custom unit of 512 threads does not fit a cluster of 2 CTAs of 128.
exo.proc @custom_domain_too_large() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{its domain has 512 threads, the cluster 256}}
      exo.for %s = 0 to 2 cuda_threads<custom<[512], [128]>> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A period of 3 threads does not divide blockDim = 128.
exo.proc @stride_does_not_divide_block() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{by #exo.unit<threads_strided(1, 3)>: domain entry 128 is not divisible by 3}}
      exo.for %s = 0 to 2 cuda_threads<threads_strided(1, 3)> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A CTA of 64 threads has no warpgroup.
exo.proc @warpgroup_of_a_small_cta() {
  exo.device_function(blockDim = 64) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{by #exo.unit<warpgroup>: box entry 128 does not tile domain entry 64}}
      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A pair of CTAs in a cluster of one CTA.
exo.proc @cta_pair_in_a_single_cta_cluster() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{by #exo.unit<2 * cta>: box entry 256 does not tile domain entry 128}}
      exo.for %pair = 0 to 1 cuda_threads<2 * cta> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// A CTA stride of 4 in a cluster of 2 CTAs.
exo.proc @cta_stride_beyond_cluster() {
  exo.device_function(blockDim = 128, clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      // expected-error @+1 {{by #exo.unit<cta_strided(4)>: domain entry 2 is not divisible by 4}}
      exo.for %c = 0 to 1 cuda_threads<cta_strided(4)> {
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.warps
//===----------------------------------------------------------------------===//

// -----

// Warp specialization selects a named group in every CTA of the collective:
// inside a warpgroup loop the collective is no longer whole CTAs.
exo.proc @named_group_inside_a_warpgroup() {
  exo.device_function(warps = [<"producer", 4>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        // expected-error @+1 {{selects a named warp group, so its collective must be made of whole CTAs, but it is 128 threads: threads 0-127 (at wg = 0)}}
        exo.warps "producer" {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// The same inside a warp loop, and with a warp range of the group.
exo.proc @named_group_inside_a_warp() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 5 cuda_threads<warp> {
        // expected-error @+1 {{selects a named warp group, so its collective must be made of whole CTAs, but it is 32 threads: threads 0-31 (at w = 0)}}
        exo.warps "consumer" 0 to 2 {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// In a cluster of 2 CTAs, a warp_in_cluster loop leaves one warp: no named
// group can be selected from it.
exo.proc @named_group_inside_a_cluster_warp() {
  exo.device_function(warps = [<"producer", 1>, <"consumer", 4>], clusterDim = 2) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 2 cuda_threads<warp_in_cluster> {
        // expected-error @+1 {{its collective must be made of whole CTAs, but it is 32 threads: CTA 0 threads 0-31 (at w = 0)}}
        exo.warps "producer" {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// The consumer group has 4 warps; warps 2 to 6 of it do not exist.
exo.proc @warp_range_beyond_the_group() {
  exo.device_function(warps = [<"producer", 4>, <"consumer", 4>]) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps "consumer" {
        // expected-error @+1 {{selects warps 2 to 6 of each CTA, but the collective (128 threads: threads 128-255) holds 4 whole warps in a CTA}}
        exo.warps 2 to 6 {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// Nested warp ranges: warps 0 to 2 leave two warps, so warps 1 to 3 of
// them overrun.
exo.proc @nested_warp_ranges() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.warps 0 to 2 {
        // expected-error @+1 {{selects warps 1 to 3 of each CTA, but the collective (64 threads: threads 0-63) holds 2 whole warps in a CTA}}
        exo.warps 1 to 3 {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// A warp range inside a warpgroup loop counts the warps of that warpgroup.
exo.proc @warp_range_beyond_a_warpgroup() {
  exo.device_function(blockDim = 256) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
        // expected-error @+1 {{selects warps 0 to 6 of each CTA, but the collective (128 threads: threads 0-127) holds 4 whole warps in a CTA (at wg = 0)}}
        exo.warps 0 to 6 {
          exo.fence(cuda_in_order, cuda_in_order)
        }
      }
    }
  }
}

// -----

// A team of 4 threads holds no whole warp.
exo.proc @warps_of_a_thread_team() {
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 8 cuda_tasks {
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %team = 0 to 8 cuda_threads<4 * thread> {
          // expected-error @+1 {{selects warps 0 to 1 of each CTA, but the collective (4 threads: threads 0-3) holds 0 whole warps in a CTA (at w = 0 team = 0)}}
          exo.warps 0 to 1 {
            exo.fence(cuda_in_order, cuda_in_order)
          }
        }
      }
    }
  }
}

// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// Errors of exo.device_function, exo.warps, exo.fence, exo.arrive and
// exo.await (ExoOps.cpp). Invariants that the custom syntax cannot break are
// tested in the generic form.

//===----------------------------------------------------------------------===//
// exo.device_function
//===----------------------------------------------------------------------===//

// Each field is given once.
exo.proc @p() {
  // expected-error @+1 {{duplicate field 'blockDim'}}
  exo.device_function(blockDim = 128, blockDim = 256) {
  }
}

// -----

// Unknown fields are rejected.
exo.proc @p() {
  // expected-error @+1 {{unknown field 'gridDim' (expected blockDim, warps, clusterDim, blocksPerSM or launch)}}
  exo.device_function(blockDim = 128, gridDim = 4) {
  }
}

// -----

// A launch is persistent or grid.
exo.proc @p() {
  // expected-error @+1 {{unknown launch 'dynamic' (expected persistent or grid)}}
  exo.device_function(blockDim = 128, launch = dynamic) {
  }
}

// -----

// The threads of a CTA are given by blockDim or by warps: not by neither.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op expected exactly one of blockDim and warps}}
  exo.device_function(clusterDim = 2) {
  }
}

// -----

// ... and not by both.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op expected exactly one of blockDim and warps}}
  exo.device_function(blockDim = 128, warps = [<"all", 4>]) {
  }
}

// -----

// blockDim is a whole number of warps.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op blockDim must be a positive multiple of 32, got 100}}
  exo.device_function(blockDim = 100) {
  }
}

// -----

// blockDim is positive.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op blockDim must be a positive multiple of 32, got -32}}
  exo.device_function(blockDim = -32) {
  }
}

// -----

// warps names at least one group.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warps must name at least one warp group}}
  exo.device_function(warps = []) {
  }
}

// -----

// Warp group names are identifiers.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warp group name 'two words' is not an identifier}}
  exo.device_function(warps = [<"two words", 4>]) {
  }
}

// -----

// Warp group names are unique.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op duplicate warp group name 'g'}}
  exo.device_function(warps = [<"g", 4>, <"g", 4>]) {
  }
}

// -----

// A warp group has warps.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warp group 'g' needs a positive warp count, got 0}}
  exo.device_function(warps = [<"g", 0>]) {
  }
}

// -----

// The budgets fit the launch's registers: 3 warpgroups of 168 registers
// per thread (64K / 384 threads); 32 + 240 + 240 = 512 > 504, so the
// increases would wait forever (a hang on the H200). 24 + 240 + 240 = 504
// fits (the attention kernels).
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op setmaxnreg budgets add up to 512 registers per thread over the 3 warpgroups, but the launch gives each thread 168 (504 in all): setmaxnreg.inc would wait forever}}
  exo.device_function(warps = [<"producer", 1, dec 32>, <"unused", 3, dec 32>, <"consumer", 8, inc 240>]) {
  }
}

// -----

// setmaxnreg budgets are multiples of 8 in [24, 256]: not below.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warp group 'g': setmaxnreg must be a multiple of 8 in [24, 256], got 16}}
  exo.device_function(warps = [<"g", 4, dec 16>]) {
  }
}

// -----

// Not above.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warp group 'g': setmaxnreg must be a multiple of 8 in [24, 256], got 264}}
  exo.device_function(warps = [<"g", 4, inc 264>]) {
  }
}

// -----

// Not between multiples of 8.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op warp group 'g': setmaxnreg must be a multiple of 8 in [24, 256], got 100}}
  exo.device_function(warps = [<"g", 4, inc 100>]) {
  }
}

// -----

// setmaxnreg acts on whole warpgroups.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op setmaxnreg acts on whole warpgroups, but the CTA has 6 warps (not a multiple of 4)}}
  exo.device_function(warps = [<"a", 4, dec 40>, <"b", 2>]) {
  }
}

// -----

// One warpgroup does not both raise and lower its budget.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op setmaxnreg cannot both increase and decrease within warpgroup 1}}
  exo.device_function(warps = [<"a", 4>, <"b", 2, dec 40>, <"c", 2, inc 40>]) {
  }
}

// -----

// One warpgroup has one budget.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op setmaxnreg must be uniform within warpgroup 0 (warps 0-3)}}
  exo.device_function(warps = [<"a", 1, dec 40>, <"b", 3, dec 48>]) {
  }
}

// -----

// Setting a budget for part of a warpgroup is not uniform either.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op setmaxnreg must be uniform within warpgroup 0 (warps 0-3)}}
  exo.device_function(warps = [<"a", 1, dec 40>, <"b", 3>]) {
  }
}

// -----

// A CTA has at most 1024 threads.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op a CTA has at most 1024 threads, got 2048}}
  exo.device_function(blockDim = 2048) {
  }
}

// -----

// Counting the warps of all groups.
exo.proc @p() {
  // expected-error @+1 {{a CTA has at most 32 warps (1024 threads), but warp group 'b' ends past that}}
  exo.device_function(warps = [<"a", 32>, <"b", 1>]) {
  }
}

// -----

// Regression: a huge warp count is an error, not an out-of-memory abort.
exo.proc @p() {
  // expected-error @+1 {{a CTA has at most 32 warps (1024 threads), but warp group 'a' ends past that}}
  exo.device_function(warps = [<"a", 4611686018427387904>]) {
  }
}

// -----

// Regression: an arrive whose target count overflows is rejected, not a crash.
exo.proc @p() {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [1, 1, 1, 1]>
      // expected-error @+1 {{4611686018427387904 barrier expressions cannot be written with 0 indices}}
      "exo.arrive"(%b) <{num_targets = 4611686018427387904 : i64, static_indices = array<i64>, timeline = 0 : i32}> : (!exo.barrier<mbarrier, [1, 1, 1, 1]>) -> ()
    }
  }
}

// -----

// A setmaxnreg budget of 0 is an error, not silently dropped.
exo.proc @p() {
  // expected-error @+1 {{setmaxnreg must be a positive register count, got 0}}
  exo.device_function(warps = [<"g", 4, inc 0>]) {
  }
}

// -----

// clusterDim is a power of two.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op clusterDim must be a power of two in [1, 16], got 3}}
  exo.device_function(blockDim = 128, clusterDim = 3) {
  }
}

// -----

// clusterDim is at most 16.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op clusterDim must be a power of two in [1, 16], got 32}}
  exo.device_function(blockDim = 128, clusterDim = 32) {
  }
}

// -----

// clusterDim is positive.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op clusterDim must be a power of two in [1, 16], got 0}}
  exo.device_function(blockDim = 128, clusterDim = 0) {
  }
}

// -----

// blocksPerSM is positive.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op blocksPerSM must be positive, got 0}}
  exo.device_function(blockDim = 128, blocksPerSM = 0) {
  }
}

// -----

// Also with setmaxnreg budgets (whose check divides by the launch's
// threads).
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op blocksPerSM must be positive, got 0}}
  exo.device_function(warps = [<"producer", 1, dec 24>, <"unused", 3, dec 24>, <"consumer", 8, inc 240>], blocksPerSM = 0) {
  }
}

// -----

// ... and at most what an SM holds.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op an SM holds at most 32 CTAs, but blocksPerSM is 33}}
  exo.device_function(blockDim = 32, blocksPerSM = 33) {
  }
}

// -----

// Device functions do not nest.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.device_function' op device functions cannot be nested}}
      exo.device_function(blockDim = 128) {
        exo.for %u = 0 to 4 cuda_tasks {
        }
      }
    }
  }
}

// -----

// An instruction's semantics launches no kernel.
exo.proc @f() instr<unit = thread, timeline = cuda_in_order, lowering = "f"> {
  // expected-error @+1 {{'exo.device_function' op an instruction's semantics cannot launch a device function}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
    }
  }
}

// -----

// One cuda_tasks loop per level of the nest.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
    }
    // expected-error @+1 {{'exo.for' op the device function body must be one nest of cuda_tasks loops, but this is a second loop at the same level}}
    exo.for %u = 0 to 4 cuda_tasks {
    }
  }
}

// -----

// The body of a device function holds only index arithmetic and the nest.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    // expected-error @+1 {{'exo.alloc' op the body of a device function must be a nest of cuda_tasks loops, not 'exo.alloc'}}
    %s = exo.alloc : !exo.tensor<[4], f32, smem>
    exo.for %t = 0 to 4 cuda_tasks {
    }
  }
}

// -----

// A seq loop is not the task nest.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    // expected-error @+1 {{'exo.for' op the body of a device function must be a nest of cuda_tasks loops, not 'exo.for'}}
    exo.for %i = 0 to 4 seq {
    }
  }
}

// -----

// Inside the outermost task loop, a nested task loop is alone at its level.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[4], f32, smem>
      // expected-error @+1 {{'exo.for' op a cuda_tasks loop must be the only statement at its level of the task nest}}
      exo.for %u = 0 to 4 cuda_tasks {
      }
    }
  }
}

// -----

// The nest is a cuboid: inner bounds do not use outer iterators.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.for' op cuda_tasks bounds cannot depend on an enclosing task loop (the nest must be a cuboid)}}
      exo.for %u = 0 to %t cuda_tasks {
      }
    }
  }
}

// -----

// Nor values computed inside an outer task loop.
exo.proc @p(%n: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %m = arith.addi %n, %t : index
      // expected-error @+1 {{'exo.for' op cuda_tasks bounds cannot depend on an enclosing task loop (the nest must be a cuboid)}}
      exo.for %u = 0 to %m cuda_tasks {
      }
    }
  }
}

// -----

// A device function holds a task nest: an empty body does not.
exo.proc @p() {
  // expected-error @+1 {{'exo.device_function' op the body of a device function must be a nest of cuda_tasks loops}}
  exo.device_function(blockDim = 128) {
  }
}

// -----

// Index arithmetic alone is no task nest either.
exo.proc @p(%n: index) {
  // expected-error @+1 {{'exo.device_function' op the body of a device function must be a nest of cuda_tasks loops}}
  exo.device_function(blockDim = 128) {
    %m = arith.addi %n, %n : index
  }
}

// -----

// No cuda_tasks loop inside a task.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[4], f32, smem>
      exo.for %i = 0 to 4 seq {
        // expected-error @+1 {{'exo.for' op cuda_tasks loops must form the outermost nest of the device function}}
        exo.for %u = 0 to 4 cuda_tasks {
        }
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.warps
//===----------------------------------------------------------------------===//

// -----

// exo.warps is device code.
exo.proc @p() {
  // expected-error @+1 {{'exo.warps' op must be inside an exo.device_function}}
  exo.warps 0 to 1 {
  }
}

// -----

// A warp range has both ends.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op expected both or neither of lo and hi}}
      "exo.warps"() <{lo = 0 : i64}> ({
      ^bb0:
      }) : () -> ()
    }
  }
}

// -----

// exo.warps names a group or a range.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op expected a warp group name or a warp range}}
      exo.warps {
      }
    }
  }
}

// -----

// A range is written `lo to hi`.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{expected 'to'}}
      exo.warps 0 1 {
      }
    }
  }
}

// -----

// A named selection is not nested in another exo.warps.
exo.proc @p() {
  exo.device_function(warps = [<"a", 4>, <"b", 4>]) {
    exo.for %t = 0 to 4 cuda_tasks {
      exo.warps 0 to 8 {
        // expected-error @+1 {{'exo.warps' op a named warp selection cannot be nested in another exo.warps}}
        exo.warps "b" {
        }
      }
    }
  }
}

// -----

// The group exists.
exo.proc @p() {
  exo.device_function(warps = [<"a", 4>]) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op the device function has no warp group named 'b'}}
      exo.warps "b" {
      }
    }
  }
}

// -----

// A device function with blockDim has no named groups.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op the device function has no warp group named 'a'}}
      exo.warps "a" {
      }
    }
  }
}

// -----

// A range is non-empty.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op expected a non-empty warp range with 0 <= lo < hi, got 2 to 2}}
      exo.warps 2 to 2 {
      }
    }
  }
}

// -----

// A range starts at 0 or later.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op expected a non-empty warp range with 0 <= lo < hi, got -1 to 2}}
      exo.warps -1 to 2 {
      }
    }
  }
}

// -----

// A range fits the CTA's warps.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op warp range 0 to 8 exceeds the 4 warps available}}
      exo.warps 0 to 8 {
      }
    }
  }
}

// -----

// A range of a named group fits the group.
exo.proc @p() {
  exo.device_function(warps = [<"a", 4>, <"b", 8>]) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{'exo.warps' op warp range 2 to 6 exceeds the 4 warps available}}
      exo.warps "a" 2 to 6 {
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.fence
//===----------------------------------------------------------------------===//

// -----

// Fences name synchronization timelines.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{unknown synchronization timeline 'cuda_sync'}}
      exo.fence(cuda_in_order, cuda_sync)
    }
  }
}

// -----

// A fence takes no trailing barrier.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{exo.fence takes no trailing barrier}}
      exo.fence(cuda_in_order, cuda_in_order) >> %b[0]
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.arrive
//===----------------------------------------------------------------------===//

// -----

// Arrives name synchronization timelines.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{unknown synchronization timeline 'tma_async'}}
      exo.arrive(tma_async) >> %b[0] : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// All targets of an arrive belong to one barrier array.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %a = exo.alloc : !exo.barrier<mbarrier, [2]>
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{all targets of one arrive must name the same barrier array}}
      exo.arrive(cuda_in_order) >> %a[0] >> %b[0] : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// An arrive names a barrier.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      // expected-error @+1 {{expected '>>' and a barrier expression}}
      exo.arrive(cuda_in_order) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// At least one target, in the generic form too.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.arrive' op expected at least one barrier expression}}
      "exo.arrive"(%b) <{num_targets = 0 : i64, static_indices = array<i64>, timeline = 0 : i32}> : (!exo.barrier<mbarrier, [2]>) -> ()
    }
  }
}

// -----

// Each target has one index per dimension.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2, 2]>
      // expected-error @+1 {{'exo.arrive' op expected 4 barrier indices, got 3}}
      exo.arrive(cuda_in_order) >> %b[0, 1] >> %b[1] : !exo.barrier<mbarrier, [2, 2]>
    }
  }
}

// -----

// Dynamic indices have one operand each.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 2 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.arrive' op index operands do not match static_indices}}
      "exo.arrive"(%b, %t) <{num_targets = 1 : i64, static_indices = array<i64: 0>, timeline = 0 : i32}> : (!exo.barrier<mbarrier, [2]>, index) -> ()
    }
  }
}

// -----

// Constant barrier indices are in bounds.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.arrive' op barrier index 2 is out of bounds for dimension 0}}
      exo.arrive(cuda_in_order) >> %b[0] >> %b[2] : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// Negative barrier indices are out of bounds, even for unbounded extents.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @+1 {{barrier indices must be non-negative, got -1}}
      exo.arrive(cuda_in_order) >> %b[-1] : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

// -----

// Only mbarriers take multicast coordinates.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<wgmma_group, [2]>
      // expected-error @+1 {{'exo.arrive' op only mbarriers support multicast, not 'wgmma_group'}}
      exo.arrive(wgmma_async) >> %b[:] : !exo.barrier<wgmma_group, [2]>
    }
  }
}

// -----

// Only mbarriers take several targets.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<cp_async_group, [2]>
      // expected-error @+1 {{'exo.arrive' op only mbarriers support multicast, not 'cp_async_group'}}
      exo.arrive(cp_async) >> %b[0] >> %b[1] : !exo.barrier<cp_async_group, [2]>
    }
  }
}

//===----------------------------------------------------------------------===//
// exo.await
//===----------------------------------------------------------------------===//

// -----

// Awaits name synchronization timelines.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{unknown synchronization timeline 'gpu'}}
      exo.await(%b[0], gpu, 0) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// An await names one element: no multicast coordinate.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{a multicast coordinate ':' is only allowed in arrive and trailing barrier expressions}}
      exo.await(%b[:], cuda_in_order, 0) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// An await takes no trailing barrier.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{exo.await takes no trailing barrier}}
      exo.await(%b[0], cuda_in_order, 0) >> %b[1] : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// One index per dimension.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.await' op expected 1 indices for a barrier array of rank 1, got 0}}
      exo.await(%b, cuda_in_order, 0) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// Constant indices are in bounds.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.await' op barrier index 3 is out of bounds for dimension 0}}
      exo.await(%b[3], cuda_in_order, 0) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// A multicast coordinate in the generic form of an await.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.await' op an await names one barrier element; ':' is only for arrives}}
      "exo.await"(%b) <{pending = 0 : i64, static_indices = array<i64: -9223372036854775807>, timeline = 0 : i32}> : (!exo.barrier<mbarrier, [2]>) -> ()
    }
  }
}

// -----

// Dynamic indices have one operand each.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 2 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.await' op index operands do not match static_indices}}
      "exo.await"(%b, %t) <{pending = 0 : i64, static_indices = array<i64: 1>, timeline = 0 : i32}> : (!exo.barrier<mbarrier, [2]>, index) -> ()
    }
  }
}

// -----

// N is non-negative.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<wgmma_group, [2]>
      // expected-error @+1 {{'exo.await' op the number of pending arrivals N must be >= 0, got -1}}
      exo.await(%b[0], cuda_in_order, -1) : !exo.barrier<wgmma_group, [2]>
    }
  }
}

// -----

// N fits the wait instructions' immediate (the lowering emits it as one).
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<cp_async_group, [2]>
      // expected-error @+1 {{'exo.await' op the number of pending arrivals N must fit the wait instructions' 32-bit immediate, got 4294967297}}
      exo.await(%b[0], cuda_in_order, 4294967297) : !exo.barrier<cp_async_group, [2]>
    }
  }
}

// -----

// Only commit groups leave arrivals pending.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [2]>
      // expected-error @+1 {{'exo.await' op N must be 0 for 'mbarrier' barriers (only commit groups leave arrivals pending), got 1}}
      exo.await(%b[0], cuda_in_order, 1) : !exo.barrier<mbarrier, [2]>
    }
  }
}

// -----

// Cluster syncs leave none pending either.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<cluster_sync>
      // expected-error @+1 {{'exo.await' op N must be 0 for 'cluster_sync' barriers (only commit groups leave arrivals pending), got 2}}
      exo.await(%b, cuda_temporal, 2) : !exo.barrier<cluster_sync>
    }
  }
}

// -----

// Regression: the multicast marker cannot be written as an integer.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @+1 {{barrier indices must be non-negative, got -9223372036854775807}}
      exo.arrive(cuda_in_order) >> %b[-9223372036854775807] : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

// -----

// A TMA load completes on its mbarrier as a trailing barrier; an Arrive
// cannot wait for it.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %b = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      // expected-error @+1 {{an arrive on a 'mbarrier' barrier cannot use timeline 'tma_to_smem_async' (expected cuda_in_order or cuda_temporal or cp_async)}}
      exo.arrive(tma_to_smem_async) >> %b[0] : !exo.barrier<mbarrier, [? ring 2]>
    }
  }
}

// -----

// A wgmma commit group commits wgmma work only.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %g = exo.alloc : !exo.barrier<wgmma_group>
      // expected-error @+1 {{an arrive on a 'wgmma_group' barrier cannot use timeline 'cuda_in_order' (expected wgmma_async)}}
      exo.arrive(cuda_in_order) >> %g : !exo.barrier<wgmma_group>
    }
  }
}

// -----

// A bulk commit group commits TMA stores only.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %g = exo.alloc : !exo.barrier<bulk_group>
      // expected-error @+1 {{an arrive on a 'bulk_group' barrier cannot use timeline 'tma_to_smem_async' (expected tma_to_gmem_async)}}
      exo.arrive(tma_to_smem_async) >> %g : !exo.barrier<bulk_group>
    }
  }
}

// -----

// A cp.async commit group commits cp.async work only.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %g = exo.alloc : !exo.barrier<cp_async_group>
      // expected-error @+1 {{an arrive on a 'cp_async_group' barrier cannot use timeline 'wgmma_async' (expected cp_async)}}
      exo.arrive(wgmma_async) >> %g : !exo.barrier<cp_async_group>
    }
  }
}

// -----

// A cluster sync orders in-order work.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.barrier<cluster_sync>
      exo.arrive(cuda_in_order) >> %s : !exo.barrier<cluster_sync>
      // expected-error @+1 {{an await on a 'cluster_sync' barrier cannot use timeline 'cuda_generic_and_async_proxy' (expected cuda_in_order or cuda_temporal)}}
      exo.await(%s, cuda_generic_and_async_proxy, 0) : !exo.barrier<cluster_sync>
    }
  }
}

// -----

// Awaiting a commit group makes its work visible to in-order code, not to
// another asynchronous unit.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %g = exo.alloc : !exo.barrier<wgmma_group>
      // expected-error @+1 {{an await on a 'wgmma_group' barrier cannot use timeline 'tma_to_gmem_async' (expected cuda_in_order or cuda_temporal or cuda_generic_and_async_proxy)}}
      exo.await(%g, tma_to_gmem_async, 0) : !exo.barrier<wgmma_group>
    }
  }
}

// -----

// The two halves of the wgmma fence go together.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{wgmma_fence_1 and wgmma_fence_2 form one fence (wgmma.fence): use them together}}
      exo.fence(wgmma_fence_1, cuda_in_order)
    }
  }
}

// -----

// ... in that order.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{the wgmma fence is written exo.fence(wgmma_fence_1, wgmma_fence_2)}}
      exo.fence(wgmma_fence_2, wgmma_fence_1)
    }
  }
}

// -----

// Asynchronous work is ordered by its completion mechanism, not a fence.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{a fence cannot wait for asynchronous 'wgmma_async' work; await its commit group or mbarrier}}
      exo.fence(wgmma_async, cuda_in_order)
    }
  }
}

// -----

// In device code, a fence is one the GPU has: into the TMA proxy, the
// proxy fence is cuda_generic_and_async_proxy.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{Fence(cuda_in_order, tma_to_smem_async) is not a GPU fence: a fence in device code orders cuda_in_order, cuda_temporal and cuda_generic_and_async_proxy accesses (the last adds fence.proxy.async, which orders them before TMA and wgmma), or is exo.fence(wgmma_fence_1, wgmma_fence_2)}}
      exo.fence(cuda_in_order, tma_to_smem_async)
    }
  }
}

// -----

// Before a wgmma, the fence is the wgmma fence.
exo.proc @p() {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-error @+1 {{a fence before wgmma is exo.fence(wgmma_fence_1, wgmma_fence_2)}}
      exo.fence(cuda_in_order, wgmma_async_smem)
    }
  }
}

// -----

// A fence in host code has nothing to order.
exo.proc @p() {
  // expected-error @+1 {{'exo.fence' op must be inside an exo.device_function (host code has nothing to fence)}}
  exo.fence(cuda_in_order, cuda_in_order)
}

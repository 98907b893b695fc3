// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-check-sync="sizes=N=2" -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics -o /dev/null
// RUN: not exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm 2>/dev/null | FileCheck %s --check-prefix=PLAN

// What device code may allocate and compute, beyond what the verifiers
// allow: barriers of constant extents, on-chip buffers whose bytes count in
// 63 bits and fit one CTA's shared memory (as the analysis plans it:
// CollectiveAnalysis::getSharedMemoryPlan), register fragments shaped as their instruction family holds them,
// math the GPU computes, element accesses to swizzled shared memory at the
// address TMA uses, shuffles on whole warps. The collective analysis asks
// the rules the lowering asks (checkDeviceAllocation,
// checkSwizzledElementAccess in ExoOps.h; checkDeviceOperation in
// DeviceMath.h; checkShuffleLanes in CollectiveAnalysis.h), so both
// checkers refuse such a program with the lowering's message before any
// code is generated.

// Accepted: fragments of every family, arrays of them, and math on f32
// (bf16 values extended first).
!x = !exo.tensor<[N], bf16, gmem>
exo.proc @accepted(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %d = exo.alloc : !exo.tensor<[2, 64, 64], f32, wgmma_accum>
      %a = exo.alloc : !exo.tensor<[64, 16], bf16, wgmma_a>
      %ma = exo.alloc : !exo.tensor<[4, 16, 16], bf16, mma_a>
      %mb = exo.alloc : !exo.tensor<[4, 8, 8], f32, mma_b>
      %mc = exo.alloc : !exo.tensor<[4, 16, 8], f32, mma_c>
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        %f = arith.extf %v : bf16 to f32
        %e = math.exp %f : f32
        %r = arith.truncf %e : f32 to bf16
        exo.assign %x[%t] = %r : !x
      }
    }
  }
}

// -----

// Device code may allocate regs_uniform memory, but it has no lowering.
exo.proc @regs_uniform_alloc(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op allocates regs_uniform memory in device code, which has no GPU lowering; device code allocates smem, smem_swizzle, regs, wgmma_accum, wgmma_a, mma_a, mma_b and mma_c}}
      %r = exo.alloc : !exo.tensor<[4], f32, regs_uniform<32>>
    }
  }
}

// -----

// A wgmma accumulator holds 64 rows per warpgroup.
exo.proc @accumulator_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a wgmma accumulator must end in a 64 x N f32 or f16 tile per warpgroup after its distributed dimensions}}
      %d = exo.alloc : !exo.tensor<[32, 8], f32, wgmma_accum>
    }
  }
}

// -----

// A wgmma accumulator holds f32 or f16 elements.
exo.proc @accumulator_type(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a wgmma accumulator must end in a 64 x N f32 or f16 tile per warpgroup after its distributed dimensions}}
      %d = exo.alloc : !exo.tensor<[64, 8], bf16, wgmma_accum>
    }
  }
}

// -----

// A wgmma A fragment of another shape than 64 x 8.
!Ar = !exo.tensor<[64, 16], f32, wgmma_a>
exo.proc @fragment_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op a wgmma A fragment must end in a 64 x 8 f32 (tf32) or 64 x 16 bf16/f16 tile per warpgroup after its distributed dimensions}}
      %A = exo.alloc : !Ar
    }
  }
}

// -----

// An mma_a fragment of another shape than 16 x 8 (tf32).
!Ar = !exo.tensor<[4, 16, 16], f32, mma_a>
exo.proc @a_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op an mma_a fragment must end in a 16 x 8 f32 (tf32), or 16 x 16 bf16/f16 tile per warp after its distributed dimensions}}
      %A = exo.alloc : !Ar
    }
  }
}

// -----

// An mma_b fragment of another shape than 8 x 8 (tf32).
!Br = !exo.tensor<[4, 16, 8], f32, mma_b>
exo.proc @b_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op an mma_b fragment must end in a 8 x 8 f32 (tf32), or 8 x 16 bf16/f16 tile per warp after its distributed dimensions}}
      %B = exo.alloc : !Br
    }
  }
}

// -----

// An mma_c accumulator of another shape than 16 x 8.
!Cr = !exo.tensor<[4, 16, 16], f32, mma_c>
exo.proc @c_shape(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op an mma_c fragment must end in a 16 x 8 f32, bf16 or f16 tile per warp after its distributed dimensions}}
      %C = exo.alloc : !Cr
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

// tf32 values exist only inside instructions.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @tf32_arith(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'arith.truncf' op has no GPU lowering for type 'tf32'}}
        %r = arith.truncf %v toward_zero : f32 to tf32
        %e = arith.extf %r : tf32 to f32
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Device math covers the operations of its table; others are refused.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @math_op(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'math.sin' op has no GPU lowering; device code computes math.exp, math.exp2, math.log, math.log2, math.tanh, math.rsqrt (on f32), math.sqrt, math.fma, math.absf (on f32 and f64) and arith operations on data}}
        %e = math.sin %v : f32
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Device math computes in f32.
!x = !exo.tensor<[N], bf16, gmem>
exo.proc @math_bf16(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'math.exp' op on 'bf16' has no GPU lowering; device math computes in f32 (extend the operands with arith.extf and truncate the result with arith.truncf)}}
        %e = math.exp %v : bf16
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Operations of other dialects have no device lowering.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @other_dialect(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %x[%t] : !x
        // expected-error @+1 {{'llvm.mlir.constant' op has no GPU lowering; device code lowers the exo statements (for, if, warps, window, read, assign, reduce, fence, arrive, await, call of an instruction), arith operations and device math}}
        %z = llvm.mlir.constant(2.0 : f32) : f32
        %e = arith.mulf %v, %z : f32
        exo.assign %x[%t] = %e : !x
      }
    }
  }
}

// -----

// Swizzled shared memory that is not laid out in rows of whole swizzle spans
// (here: one dimension) is only accessed by instructions.
!x = !exo.tensor<[N], f32, gmem>
!S = !exo.tensor<[128], f32, smem_swizzle<128>>
exo.proc @swizzled_element_read(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !S
      exo.for %i = 0 to 128 cuda_threads<thread> {
        // expected-error @+1 {{'exo.read' op accesses smem_swizzle memory element by element; only instructions may, unless the tensor has two dimensions or more after its distributed ones, the last a multiple of one swizzle span (32 elements), and neither of the last two is a ring}}
        %v = exo.read %s[%i] : !S
        exo.assign %x[%t] = %v : !x
      }
    }
  }
}

// -----

// Accepted: swizzled shared memory in rows of whole spans (32 f32 of 128
// bytes) is read at the address TMA writes.
!x = !exo.tensor<[N], f32, gmem>
!S = !exo.tensor<[8, 32], f32, smem_swizzle<128>>
exo.proc @swizzled_rows_read(%N: index, %x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !S
      exo.for %i = 0 to 1 cuda_threads<thread> {
        %v = exo.read %s[1, 3] : !S
        exo.assign %x[%t] = %v : !x
      }
    }
  }
}

// -----

// Butterfly shuffles (#exo.shfl_xor)
//
// Only threads 0 and 1 exchange: shfl.sync with a full member mask needs
// the whole warp.
!R = !exo.tensor<[2], f32, regs>
exo.proc @shuffle_of_two_threads(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %p = exo.alloc : !R
      %q = exo.alloc : !R
      exo.for %i = 0 to 1 cuda_threads<2 * thread> {
        // expected-error @+1 {{'exo.call' op runs a warp shuffle on threads that are not whole warps (2 threads: threads 0-1)}}
        exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%q, %p) : (!R, !R)
      }
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// Barriers and on-chip memory
//===----------------------------------------------------------------------===//

// An mbarrier dimension named by a size (not distributed: indexed by a seq
// iterator) has no on-chip extent.
!Bar = !exo.barrier<mbarrier, [N]>
exo.proc @barrier_size_dim(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op barrier dimension 0 has no constant extent; on-chip barriers need one}}
      %bar = exo.alloc : !Bar
      exo.for %k = 0 to %N seq {
        exo.arrive(cuda_in_order) >> %bar[%k] : !Bar
        exo.await(%bar[%k], cuda_in_order, 0) : !Bar
      }
    }
  }
}

// -----

// A byte count past 2^63 is refused, not wrapped.
exo.proc @overflowing_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op needs more than 2^63 bytes of on-chip memory}}
      %s = exo.alloc : !exo.tensor<[2147483647, 2147483647, 8], f32, smem>
    }
  }
}

// -----

// 2^64 mbarrier elements: their 8 bytes each would wrap to 0 bytes.
!Big = !exo.barrier<mbarrier, [1073741824, 1073741824, 16]>
exo.proc @overflowing_barrier(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      // expected-error @+1 {{'exo.alloc' op has more than 2^60 barrier elements in a CTA}}
      %b = exo.alloc : !Big
      exo.for %i = 0 to 1 cuda_threads<cta> {
        exo.arrive(cuda_in_order) >> %b[0, 0, 0] : !Big
        exo.await(%b[0, 0, 0], cuda_in_order, 0) : !Big
      }
    }
  }
}

// -----

// 256 KiB of shared memory do not fit in a CTA.
exo.proc @too_much_smem(%N: index) {
  // expected-error @+1 {{'exo.device_function' op needs 263168 bytes of shared memory per CTA (including barriers and alignment), more than the 232448 an sm_90a CTA may use}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %s = exo.alloc : !exo.tensor<[256, 256], f32, smem>
    }
  }
}

// -----

// Accepted: two buffers of 128 KiB each, one after the other's last use
// (and a CTA barrier): the second reuses the first one's shared memory (the
// plan the lowering places them by), so the CTA needs 128 KiB and one
// alignment unit.
// PLAN: #exo.kernel<name = "reused_smem", {{.*}} smem_bytes = 132096,
exo.proc @reused_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %i = 0 to 1 seq {
        %a = exo.alloc : !exo.tensor<[256, 128], f32, smem>
        exo.for %x = 0 to 1 cuda_threads<thread> {
          %z = arith.constant 0.0 : f32
          exo.assign %a[%i, %i] = %z : !exo.tensor<[256, 128], f32, smem>
        }
      }
      exo.fence(cuda_in_order, cuda_in_order)
      exo.for %j = 0 to 1 seq {
        %b = exo.alloc : !exo.tensor<[256, 128], f32, smem>
        exo.for %x = 0 to 1 cuda_threads<thread> {
          %z = arith.constant 0.0 : f32
          exo.assign %b[%j, %j] = %z : !exo.tensor<[256, 128], f32, smem>
        }
      }
    }
  }
}

// -----

// The same two buffers, live together: 256 KiB.
exo.proc @overlapping_smem(%N: index) {
  // expected-error @+1 {{'exo.device_function' op needs 263168 bytes of shared memory per CTA (including barriers and alignment), more than the 232448 an sm_90a CTA may use}}
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %a = exo.alloc : !exo.tensor<[256, 128], f32, smem>
      %b = exo.alloc : !exo.tensor<[256, 128], f32, smem>
      exo.for %x = 0 to 1 cuda_threads<thread> {
        %z = arith.constant 0.0 : f32
        %c0 = arith.constant 0 : index
        exo.assign %a[%c0, %c0] = %z : !exo.tensor<[256, 128], f32, smem>
        exo.assign %b[%c0, %c0] = %z : !exo.tensor<[256, 128], f32, smem>
      }
    }
  }
}

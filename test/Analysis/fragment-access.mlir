// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -verify-diagnostics

// Element accesses of a wgmma accumulator: each thread touches only the
// elements it holds in the wgmma layout (WgmmaAttr::getAccumulatorSlot);
// examples/model/model_fragment.mlir is the accepted case (and
// test/Examples/model-kernels.test runs it through every check).

// Thread (w, g, q) reading row 16 w + q, column 2 g: the roles of the quad
// index and the thread in the quad swapped.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!O = !exo.tensor<[128], f32, gmem>
exo.proc @swapped(%out: !O) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %q : index
            %col = arith.muli %g, %c2 : index
            // expected-error @+1 {{thread 1 (thread 1 of its warpgroup) accesses element [1, 0] of the wgmma accumulator 'D', which thread 4 of the warpgroup holds (the wgmma layout: thread = 32 (row / 16) + 4 (row mod 8) + (col mod 8) / 2); a thread accesses only its own elements, or exchanges them by a shuffle}}
            %v = exo.read %D[%row, %col] : !Dt
            %w32 = arith.muli %w, %c32 : index
            %g4 = arith.muli %g, %c4 : index
            %t0 = arith.addi %w32, %g4 : index
            %t = arith.addi %t0, %q : index
            exo.assign %out[%t] = %v : !O
          }
        }
      }
    }
  }
}

// -----

// A whole warp reading one element at once.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!O = !exo.tensor<[4], f32, gmem>
exo.proc @warp_at_once(%out: !O) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %w = 0 to 4 cuda_threads<warp> {
        // expected-error @+1 {{accesses element of the wgmma accumulator 'D' on 32 threads: threads 0-31 at once; each thread accesses the elements it holds, in cuda_threads loops down to single threads}}
        %v = exo.read %D[0, 0] : !Dt
      }
    }
  }
}

// -----

// Through a window: the layout check needs the allocation's coordinates.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!Dw = !exo.window<[64, 8], f32, wgmma_accum>
!O = !exo.tensor<[128], f32, gmem>
exo.proc @window(%out: !O) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %d = exo.window %D[:, 8 :+ 8] : !Dt -> !Dw
        // expected-error @+1 {{accesses a wgmma accumulator element by element, which needs the accumulator's allocation itself (not a window), a tensor whose last two dimensions are 64 x N (N a multiple of 8 up to 256)}}
        %v = exo.read %d[0, 0] : !Dw
        exo.assign %out[%t] = %v : !O
      }
    }
  }
}

// -----

// An index the check cannot compute: a value read from memory.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!O = !exo.tensor<[128], f32, gmem>
!I = !exo.tensor<[128], i32, gmem>
exo.proc @data_index(%out: !O, %idx: !I) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %i = exo.read %idx[%t] : !I
        %r = arith.index_cast %i : i32 to index
        // expected-error @+1 {{indexes the wgmma accumulator 'D' with a value the layout check cannot compute: indices of fragment elements are built from constants and loop iterators with constant ranges}}
        %v = exo.read %D[%r, 0] : !Dt
        exo.assign %out[%t] = %v : !O
      }
    }
  }
}

// -----

// The layout check enumerates the seq loops around the access, up to 2^20
// iterations per thread.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!O = !exo.tensor<[128], f32, gmem>
exo.proc @too_many(%out: !O) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %t = 0 to 128 cuda_threads<thread> {
        exo.for %i = 0 to 2048 seq {
          exo.for %k = 0 to 1024 seq {
            // expected-error @+1 {{accesses the wgmma accumulator 'D' in more than 2^20 iterations per thread; the check of its layout enumerates them}}
            %v = exo.read %D[0, 0] : !Dt
          }
        }
      }
    }
  }
}

// -----

// An index that depends on a loop over a size: the check cannot enumerate
// it, so it refuses rather than check one iteration.
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
exo.proc @size_loop(%N: index) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      exo.for %t = 0 to 128 cuda_threads<thread> {
        exo.for %k = 0 to %N seq {
          // expected-error @+1 {{indexes the wgmma accumulator 'D' with a value the layout check cannot compute: indices of fragment elements are built from constants and loop iterators with constant ranges}}
          %v = exo.read %D[%k, 0] : !Dt
        }
      }
    }
  }
}

// -----

// The register-A operand: a tf32 fragment's layout (thread 32 (row / 16) +
// 4 (row mod 8) + col mod 4); thread (w, g, q) writing column 2 q holds
// only columns q and q + 4.
!Ar = !exo.tensor<[64, 8], f32, wgmma_a>
exo.proc @operand_a_tf32(%x: f32) {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !Ar
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %w16 = arith.muli %w, %c16 : index
            %row = arith.addi %w16, %g : index
            %col = arith.muli %q, %c2 : index
            // expected-error @+1 {{thread 1 (thread 1 of its warpgroup) accesses element [0, 2] of the wgmma A fragment 'A', which thread 2 of the warpgroup holds (the wgmma layout: thread = 32 (row / 16) + 4 (row mod 8) + col mod 4); a thread accesses only its own elements, or exchanges them by a shuffle}}
            exo.assign %A[%row, %col] = %x : !Ar
          }
        }
      }
    }
  }
}

// -----

// An A fragment through a window: the layout check needs the allocation's
// coordinates.
!Ar = !exo.tensor<[64, 16], bf16, wgmma_a>
!Aw = !exo.window<[64, 16], bf16, wgmma_a>
exo.proc @operand_a_window(%x: bf16) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !Ar
      exo.for %t = 0 to 128 cuda_threads<thread> {
        %a = exo.window %A[:, :] : !Ar -> !Aw
        // expected-error @+1 {{accesses a wgmma A fragment element by element, which needs the fragment's allocation itself (not a window), a tensor whose last two dimensions are 64 x 8 (tf32) or 64 x 16 (bf16, f16)}}
        exo.assign %a[0, 0] = %x : !Aw
      }
    }
  }
}

// -----

// An mma.sync accumulator (examples/model/model_mma.mlir's
// @model_mma_bias_relu is the accepted case): lane (g, q) reading row q,
// column 2 g, the roles of the quad index and the lane in the quad swapped.
!Ct = !exo.tensor<[16, 8], f32, mma_c>
!O = !exo.tensor<[32], f32, gmem>
exo.proc @mma_c_swapped(%out: !O) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %C = exo.alloc : !Ct
      exo.for %w = 0 to 1 cuda_threads<warp> {
        exo.for %g = 0 to 8 cuda_threads<4 * thread> {
          exo.for %q = 0 to 4 cuda_threads<thread> {
            %col = arith.muli %g, %c2 : index
            // expected-error @+1 {{thread 1 (lane 1 of its warp) accesses element [1, 0] of the mma.sync accumulator 'C', which lane 4 of the warp holds (the mma.sync layout: lane = 4 (row mod 8) + col / 2); a thread accesses only its own elements, or exchanges them by a shuffle}}
            %v = exo.read %C[%q, %col] : !Ct
            %g4 = arith.muli %g, %c4 : index
            %t = arith.addi %g4, %q : index
            exo.assign %out[%t] = %v : !O
          }
        }
      }
    }
  }
}

// -----

// An mma.sync accumulator through a window.
!Ct = !exo.tensor<[16, 8], f32, mma_c>
!Cw = !exo.window<[16, 8], f32, mma_c>
exo.proc @mma_c_window(%x: f32) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %C = exo.alloc : !Ct
      exo.for %t = 0 to 32 cuda_threads<thread> {
        %c = exo.window %C[:, :] : !Ct -> !Cw
        // expected-error @+1 {{accesses an mma.sync accumulator element by element, which needs the fragment's allocation itself (not a window), a tensor whose last two dimensions are 16 x 8}}
        exo.assign %c[0, 0] = %x : !Cw
      }
    }
  }
}

// -----

// The A and B fragments of mma.sync are for their instructions only.
!At = !exo.tensor<[16, 8], f32, mma_a>
exo.proc @mma_a_element(%x: f32) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !At
      exo.for %t = 0 to 32 cuda_threads<thread> {
        // expected-error @+1 {{accesses an mma.sync mma_a fragment element by element; only its instructions (load_a / load_b, mma) may: write the operand into shared memory and load it, or compute in an mma_c fragment or in regs}}
        exo.assign %A[0, 0] = %x : !At
      }
    }
  }
}

// Row padding: dst[r, c] = src[r, c] for c < C and 0 for C <= c < Cp, for
// every row r of R. The dispatcher (docs/Dispatch.md) runs it on A and B of
// a GEMM whose K makes their rows a length that TMA cannot address (rows of
// a multiple of 16 bytes), with Cp = K rounded up to that multiple: the
// extra columns are zeros, so the GEMM of the padded operands is the GEMM of
// the given ones.
//
// The kernel: a CTA per row and chunk of 256 columns (`launch = grid`), a
// column per thread; the chunk past Cp (Cp not a multiple of 256) is
// guarded. One schedule serves the three element types (f32, bf16, e4m3):
//   exo-gpu-opt examples/util/pad_cols.mlir -transform-interpreter

!Sb = !exo.tensor<[R, C], bf16, dram>
!Db = !exo.tensor<[R, Cp], bf16, dram>
!Sf = !exo.tensor<[R, C], f32, dram>
!Df = !exo.tensor<[R, Cp], f32, dram>
!S8 = !exo.tensor<[R, C], f8E4M3FN, dram>
!D8 = !exo.tensor<[R, Cp], f8E4M3FN, dram>

//===----------------------------------------------------------------------===//
// The specifications
//===----------------------------------------------------------------------===//

exo.proc @pad_cols_bf16(%R: index, %C: index, %Cp: index, %src: !Sb,
                             %dst: !Db) {
  %zero = arith.constant 0.0 : bf16
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %in = arith.cmpi ult, %c, %C : index
      exo.if %in {
        %v = exo.read %src[%r, %c] : !Sb
        exo.assign %dst[%r, %c] = %v : !Db
      }
      %past = arith.cmpi uge, %c, %C : index
      exo.if %past {
        exo.assign %dst[%r, %c] = %zero : !Db
      }
    }
  }
}

exo.proc @pad_cols_f32(%R: index, %C: index, %Cp: index, %src: !Sf,
                            %dst: !Df) {
  %zero = arith.constant 0.0 : f32
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %in = arith.cmpi ult, %c, %C : index
      exo.if %in {
        %v = exo.read %src[%r, %c] : !Sf
        exo.assign %dst[%r, %c] = %v : !Df
      }
      %past = arith.cmpi uge, %c, %C : index
      exo.if %past {
        exo.assign %dst[%r, %c] = %zero : !Df
      }
    }
  }
}

exo.proc @pad_cols_e4m3(%R: index, %C: index, %Cp: index, %src: !S8,
                        %dst: !D8) {
  %zero32 = arith.constant 0.0 : f32
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %in = arith.cmpi ult, %c, %C : index
      exo.if %in {
        %v = exo.read %src[%r, %c] : !S8
        exo.assign %dst[%r, %c] = %v : !D8
      }
      %past = arith.cmpi uge, %c, %C : index
      exo.if %past {
        // fp8 values are only loaded, stored and converted: the zero is
        // an f32 zero converted.
        %zero = arith.truncf %zero32 : f32 to f8E4M3FN
        exo.assign %dst[%r, %c] = %zero : !D8
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  // The kernel of the proc %p: the columns in chunks of 256 (cb), a column
  // per thread (ct); the rows and chunks are the tasks, a CTA each.
  transform.named_sequence @pad_cols(%p: !transform.any_op {transform.readonly}) {
    transform.exo.assume %p "R - 1 >= 0, C - 1 >= 0, Cp - C >= 0" : !transform.any_op
    %r = transform.exo.match_loop "r" in %p : (!transform.any_op) -> !transform.any_op
    %c, %r1 = transform.exo.reorder_loops %r : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %cb, %ct, %tail = transform.exo.divide_loop %c by 256 ["cb", "ct"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ct : !transform.any_op
    %r2, %ct2 = transform.exo.reorder_loops %ct : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %k = transform.exo.wrap_device_function %cb tasks 2 block_dim 256 cluster_dim 1 blocks_per_sm 8 launch_grid : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "ct" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l cuda_threads<thread> : !transform.any_op
    transform.yield
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sb = transform.exo.match_proc @pad_cols_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.clone_proc %sb "pad_cols_bf16_derived" : (!transform.any_op) -> !transform.any_op
    transform.include @pad_cols failures(propagate) (%b) : (!transform.any_op) -> ()
    %sf = transform.exo.match_proc @pad_cols_f32 in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.clone_proc %sf "pad_cols_f32_derived" : (!transform.any_op) -> !transform.any_op
    transform.include @pad_cols failures(propagate) (%f) : (!transform.any_op) -> ()
    %s8 = transform.exo.match_proc @pad_cols_e4m3 in %root : (!transform.any_op) -> !transform.any_op
    %e = transform.exo.clone_proc %s8 "pad_cols_e4m3_derived" : (!transform.any_op) -> !transform.any_op
    transform.include @pad_cols failures(propagate) (%e) : (!transform.any_op) -> ()
    transform.yield
  }
}

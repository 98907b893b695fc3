// Row padding: dst[r, c] = src[r, c] for c < C and 0 for C <= c < Cp, for
// every row r of R. The dispatcher (docs/Dispatch.md) runs it on A and B of
// a GEMM whose K makes their rows a length that TMA cannot address (rows of
// a multiple of 16 bytes), with Cp = K rounded up to that multiple: the
// extra columns are zeros, so the GEMM of the padded operands is the GEMM of
// the given ones.
//
// The specification reads src[r, c] for every c < Cp with `oob`: outside
// its tensor a read is 0, which is the padding.
//
// The kernel: a CTA per row and chunk of 256 x 16 bytes of the padded row
// (`launch = grid`); each thread reads its 16 bytes of src element by
// element (src's rows need not be 16-byte aligned; past C the reads give
// 0), then writes them with one 16-byte store (dst's rows are a multiple of
// 16 bytes). The chunk past Cp is guarded. One schedule, @pad_cols, serves
// the three element types (f32, bf16, e4m3), given the elements per 16
// bytes and the store:
//   exo-gpu-opt examples/util/pad_cols.mlir -transform-interpreter

!Sf = !exo.tensor<[R, C], f32, dram>
!Df = !exo.tensor<[R, Cp], f32, dram>
!Sb = !exo.tensor<[R, C], bf16, dram>
!Db = !exo.tensor<[R, Cp], bf16, dram>
!S8 = !exo.tensor<[R, C], f8E4M3FN, dram>
!D8 = !exo.tensor<[R, Cp], f8E4M3FN, dram>

//===----------------------------------------------------------------------===//
// The specifications
//===----------------------------------------------------------------------===//

exo.proc @pad_cols_f32(%R: index, %C: index, %Cp: index, %src: !Sf,
                       %dst: !Df) {
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %v = exo.read oob %src[%r, %c] : !Sf
      exo.assign %dst[%r, %c] = %v : !Df
    }
  }
}

exo.proc @pad_cols_bf16(%R: index, %C: index, %Cp: index, %src: !Sb,
                        %dst: !Db) {
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %v = exo.read oob %src[%r, %c] : !Sb
      exo.assign %dst[%r, %c] = %v : !Db
    }
  }
}

exo.proc @pad_cols_e4m3(%R: index, %C: index, %Cp: index, %src: !S8,
                        %dst: !D8) {
  exo.for %r = 0 to %R seq {
    exo.for %c = 0 to %Cp seq {
      %v = exo.read oob %src[%r, %c] : !S8
      exo.assign %dst[%r, %c] = %v : !D8
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  // The kernel of the proc %p, whose Cp is a multiple of %v, the elements
  // in 16 bytes: the columns in runs of %v (e), 256 runs per CTA (ct, a
  // thread each; cb, the chunks, guarded past Cp); the rows and chunks are
  // the tasks. Each thread's run of dst is staged in registers (%at: its
  // first column, %v * (256 cb + ct)) and stored by %store.
  transform.named_sequence @pad_cols(%p: !transform.any_op {transform.readonly},
      %v: !transform.any_param {transform.readonly}, %at: !transform.any_param {transform.readonly},
      %store: !transform.any_param {transform.readonly}) {
    %c = transform.exo.match_loop "c" in %p : (!transform.any_op) -> !transform.any_op
    %cv, %e, %t0 = transform.exo.divide_loop %c by %v ["cv", "e"] tail = perfect : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cb, %ct, %t1 = transform.exo.divide_loop %cv by 256 ["cb", "ct"] tail = guard : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %r = transform.exo.match_loop "r" in %p : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.wrap_device_function %r tasks 2 block_dim 256 cluster_dim 1 blocks_per_sm 8 launch_grid : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "ct" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %l cuda_threads<thread> : !transform.any_op
    %el = transform.exo.match_loop "e" in %p : (!transform.any_op) -> !transform.any_op
    %run, %in, %out = transform.exo.stage_mem %el, "dst" at ["r", %at] sizes [1, %v] as "run" in regs : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %st = transform.exo.replace %out with %store : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %el2 = transform.exo.match_loop "e" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.unroll %el2 {max = 16} : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sf = transform.exo.match_proc @pad_cols_f32 in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.clone_proc %sf "pad_cols_f32_derived" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %f "Cp mod 4 == 0, R - 1 >= 0, C - 1 >= 0, Cp - C >= 0" : !transform.any_op
    %v4 = transform.param.constant 4 : i64 -> !transform.any_param
    %at4 = transform.param.constant "1024 * cb + 4 * ct" -> !transform.any_param
    %st4 = transform.param.constant #exo.global<kind = store, width = 4, dtype = f32> -> !transform.any_param
    transform.include @pad_cols failures(propagate) (%f, %v4, %at4, %st4) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()

    %sb = transform.exo.match_proc @pad_cols_bf16 in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.clone_proc %sb "pad_cols_bf16_derived" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %b "Cp mod 8 == 0, R - 1 >= 0, C - 1 >= 0, Cp - C >= 0" : !transform.any_op
    %v8 = transform.param.constant 8 : i64 -> !transform.any_param
    %at8 = transform.param.constant "2048 * cb + 8 * ct" -> !transform.any_param
    %st8 = transform.param.constant #exo.global<kind = store, width = 8, dtype = bf16> -> !transform.any_param
    transform.include @pad_cols failures(propagate) (%b, %v8, %at8, %st8) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()

    %s8 = transform.exo.match_proc @pad_cols_e4m3 in %root : (!transform.any_op) -> !transform.any_op
    %e = transform.exo.clone_proc %s8 "pad_cols_e4m3_derived" : (!transform.any_op) -> !transform.any_op
    transform.exo.assume %e "Cp mod 16 == 0, R - 1 >= 0, C - 1 >= 0, Cp - C >= 0" : !transform.any_op
    %v16 = transform.param.constant 16 : i64 -> !transform.any_param
    %at16 = transform.param.constant "4096 * cb + 16 * ct" -> !transform.any_param
    %st16 = transform.param.constant #exo.global<kind = store, width = 16, dtype = f8E4M3FN> -> !transform.any_param
    transform.include @pad_cols failures(propagate) (%e, %v16, %at16, %st16) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }
}

// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (BOUNDED).
// chain_rings over a tile loop whose body allocates a *bounded* ring
// (buf : [2, 4 ring 2], as set_ring_buffer without `unbounded` makes).
// Chaining rewrites element i of iteration pi into pi * S + i, which is
// meaningful only for an unbounded ring (`? ring d`, stored in slot
// i mod d); a bounded ring is a plain array of extent 4, so iterations
// pi = 1, 2 would access buf[c, 4..11]. The range proof (every index in
// [0, S)) holds regardless, so chain_rings refuses bounded rings.
!buf = !exo.tensor<[2, 4 ring 2], i32, smem>
!In = !exo.tensor<[3, 2, 4], i32, gmem>
exo.proc @ref(%A: !In, %B: !In) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %ko = 0 to 4 seq {
            exo.for %c = 0 to 2 seq {
              %v = exo.read %A[%pi, %c, %ko] : !In
              exo.assign %buf[%c, %ko] = %v : !buf
            }
          }
          exo.for %ko2 = 0 to 4 seq {
            exo.for %c2 = 0 to 2 seq {
              %w = exo.read %buf[%c2, %ko2] : !buf
              exo.assign %B[%pi, %c2, %ko2] = %w : !In
            }
          }
        }
      }
    }
  }
}
exo.proc @sched(%A: !In, %B: !In) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %ko = 0 to 4 seq {
            exo.for %c = 0 to 2 seq {
              %v = exo.read %A[%pi, %c, %ko] : !In
              exo.assign %buf[%c, %ko] = %v : !buf
            }
          }
          exo.for %ko2 = 0 to 4 seq {
            exo.for %c2 = 0 to 2 seq {
              %w = exo.read %buf[%c2, %ko2] : !buf
              exo.assign %B[%pi, %c2, %ko2] = %w : !In
            }
          }
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %pi = transform.exo.match_loop "pi" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

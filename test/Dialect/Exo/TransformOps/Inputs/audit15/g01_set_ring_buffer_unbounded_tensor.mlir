// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (UNB).
// set_ring_buffer ... unbounded on a tensor would change the sequential
// meaning: the CPU lowering stores element i of an unbounded ring dimension
// (`? ring d`) in slot i mod d, and the dependence analysis reasons the same
// way. Here s : [4, 8] holds four rows that are all written before any is
// read; `set_ring_buffer %s dim 0 depth 2 unbounded guarded_by "empty"`
// would make it [? ring 2, 8], rows 0 and 2 (1 and 3) sharing storage, and
// the reads of rows 0 and 1 would see rows 2 and 3 (NOT EQUIVALENT on the
// CPU). The rewrite refuses it; expand_dim ... ring is the proved way to
// make an unbounded ring buffer.
!A = !exo.tensor<[4, 8], i32, gmem>
exo.proc @ref(%A: !A, %B: !A) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %s = exo.alloc : !exo.tensor<[4, 8], i32, smem>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        exo.for %k = 0 to 4 seq {
          exo.for %i = 0 to 8 seq {
            %v = exo.read %A[%k, %i] : !A
            exo.assign %s[%k, %i] = %v : !exo.tensor<[4, 8], i32, smem>
          }
        }
        exo.for %k2 = 0 to 4 seq {
          exo.for %j = 0 to 8 seq {
            %w = exo.read %s[%k2, %j] : !exo.tensor<[4, 8], i32, smem>
            exo.assign %B[%k2, %j] = %w : !A
          }
        }
      }
    }
  }
}
exo.proc @sched(%A: !A, %B: !A) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      %s = exo.alloc : !exo.tensor<[4, 8], i32, smem>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        exo.for %k = 0 to 4 seq {
          exo.for %i = 0 to 8 seq {
            %v = exo.read %A[%k, %i] : !A
            exo.assign %s[%k, %i] = %v : !exo.tensor<[4, 8], i32, smem>
          }
        }
        exo.for %k2 = 0 to 4 seq {
          exo.for %j = 0 to 8 seq {
            %w = exo.read %s[%k2, %j] : !exo.tensor<[4, 8], i32, smem>
            exo.assign %B[%k2, %j] = %w : !A
          }
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %allocs = transform.collect_matching @match_alloc in %p : (!transform.any_op) -> !transform.any_op
    %e, %s = transform.split_handle %allocs : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.set_ring_buffer %s dim 0 depth 2 unbounded guarded_by "empty" : !transform.any_op
    transform.yield
  }
}

// Audit input (session 14's second audit, test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test; fixed in session 14).
// g01: set_ring_buffer ... unbounded on a tensor changes the sequential
// meaning, but the rewrite checks structure only.
//
// transform.exo.set_ring_buffer is documented (ExoTransformOps.md, "Return
// modes"; Scheduling.md "GPU structure and synchronization") as an
// annotation that "sequentially means nothing", so it only re-verifies the
// IR. Since session 14 that is false for an *unbounded* ring dimension
// (`? ring d`): the CPU lowering (ExoToCPU.cpp, ProcLowering::ringIndices /
// dimValue) stores element i of such a dimension in slot i mod d, and the
// dependence analysis (Dependence.cpp addSameElement) reasons the same way.
// Here s : [4, 8] holds four rows that are all written before any is read;
// `set_ring_buffer %s dim 0 depth 2 unbounded guarded_by "empty"` makes it
// [? ring 2, 8]: rows 0 and 2 (1 and 3) now share storage and the reads of
// rows 0 and 1 see rows 2 and 3.
//
//   /tmp/audit15/exo-gpu-opt g01_set_ring_buffer_unbounded_tensor.mlir -transform-interpreter -o /tmp/g01.out.mlir
//     expected: refused (or a dependence proof like expand_dim/lift_alloc's)
//     actual:   accepted: %s = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 8], i32, smem>
//   /tmp/audit15/exo-gpu-run /tmp/g01.out.mlir --entry=ref --compare=sched
//     expected: EQUIVALENT @ref @sched
//     actual:   compare B: max |diff| 1.000e+01 ... MISMATCH / NOT EQUIVALENT @ref @sched
//
// Suspected cause: lib/Transforms/GpuRewrites.cpp exo::setRingBuffer only
// calls verifyOrUndo; with `unbounded` on a tensor it would need the
// value-carrying question of the slots (every pair of accesses whose
// indices differ by a nonzero multiple of d, with a write between them in
// program order), or should be refused for tensors (expand_dim ... ring is
// the proved way to make an unbounded ring buffer).
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

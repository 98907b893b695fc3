// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (RING).
// fission of the k loop over a managed ring buffer s (`? ring 2`, made by
// expand_dim ... ring 2 guarded_by, then lift_alloc). The sequential meaning
// (the CPU lowering, ExoToCPU.cpp ringIndices) stores element i in slot
// i mod 2, so elements k and k + 2 share a slot: putting all writes of
// s[k, *] before all reads would make every read see element
// K - 2 + (k mod 2) (NOT EQUIVALENT at K = 4; at K = 2 no two elements share
// a slot). The dependence analysis compares ring indices modulo the depth,
// so the fission is refused.
!A = !exo.tensor<[K, 8], f32, gmem>
exo.proc @ref(%K: index, %A: !A, %B: !A) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %i = 0 to 8 seq {
            %v = exo.read %A[%k, %i] : !A
            exo.assign %s[%i] = %v : !exo.tensor<[8], f32, smem>
          }
          exo.for %j = 0 to 8 seq {
            %w = exo.read %s[%j] : !exo.tensor<[8], f32, smem>
            exo.assign %B[%k, %j] = %w : !A
          }
        }
      }
    }
  }
}
exo.proc @sched(%K: index, %A: !A, %B: !A) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %k = 0 to %K seq {
        %s = exo.alloc : !exo.tensor<[8], f32, smem>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %i = 0 to 8 seq {
            %v = exo.read %A[%k, %i] : !A
            exo.assign %s[%i] = %v : !exo.tensor<[8], f32, smem>
          }
          exo.for %j = 0 to 8 seq {
            %w = exo.read %s[%j] : !exo.tensor<[8], f32, smem>
            exo.assign %B[%k, %j] = %w : !A
          }
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %t : (!transform.any_op) -> !transform.any_op
    %sa, %sl = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "k" : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.exo.fission %i {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

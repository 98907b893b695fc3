// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (LIFT,
// LIFT-EQ). A ring index computed inside the write nest (2 * k + c, as
// expand_dim leaves it before simplify) counts as one element for
// lift_alloc's kill recognition, so the ring lifts out of both loops.
!A = !exo.tensor<[K, 3, 4], i32, gmem>
!B = !exo.tensor<[4], i32, gmem>
exo.proc @ref(%K: index, %A: !A, %B: !B) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %l = 0 to 1 cuda_threads<thread> {
      exo.for %k = 0 to %K seq {
        exo.for %c = 0 to 3 seq {
          %s = exo.alloc : !exo.tensor<[4], i32, smem>
          exo.for %i = 0 to 4 seq {
            %v = exo.read %A[%k, %c, %i] : !A
            exo.assign %s[%i] = %v : !exo.tensor<[4], i32, smem>
          }
          exo.for %j = 0 to 4 seq {
            %w = exo.read %s[%j] : !exo.tensor<[4], i32, smem>
            exo.reduce %B[%j] += %w : !B
          }
          exo.for %j2 = 0 to 4 seq {
            %w2 = exo.read %s[%j2] : !exo.tensor<[4], i32, smem>
            %m = exo.read %B[%j2] : !B
            %p = arith.muli %w2, %m : i32
            exo.assign %B[%j2] = %p : !B
          }
        }
      }
      }
    }
  }
}
exo.proc @sched(%K: index, %A: !A, %B: !B) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %l = 0 to 1 cuda_threads<thread> {
      exo.for %k = 0 to %K seq {
        exo.for %c = 0 to 3 seq {
          %s = exo.alloc : !exo.tensor<[4], i32, smem>
          exo.for %i = 0 to 4 seq {
            %v = exo.read %A[%k, %c, %i] : !A
            exo.assign %s[%i] = %v : !exo.tensor<[4], i32, smem>
          }
          exo.for %j = 0 to 4 seq {
            %w = exo.read %s[%j] : !exo.tensor<[4], i32, smem>
            exo.reduce %B[%j] += %w : !B
          }
          exo.for %j2 = 0 to 4 seq {
            %w2 = exo.read %s[%j2] : !exo.tensor<[4], i32, smem>
            %m = exo.read %B[%j2] : !B
            %p = arith.muli %w2, %m : i32
            exo.assign %B[%j2] = %p : !B
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
    %cl = transform.exo.match_loop "c" in %p : (!transform.any_op) -> !transform.any_op
    %kl = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.get_body %cl : (!transform.any_op) -> !transform.any_op
    %sa, %s1, %s2, %s3 = transform.split_handle %s : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.expand_dim %sa ring 2 guarded_by "empty" index "2 * k + c" : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    transform.exo.lift_alloc %sa : !transform.any_op
    transform.yield
  }
}

// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (NEG).
// persist_tasks of two task loops of negative extent (N - 8 and M - 8 at
// N = M = 4: neither runs an iteration). The tile count multiplies the trip
// counts, each clamped at 0, so the persistent proc runs no tile either. The
// unclamped product (16) would run 16 tiles with digits t divsi (M - 8),
// t remsi (M - 8) and write z[8 - t / 4, 8 + t mod 4], which both checkers
// would accept (the writes are in bounds and distinct). The test compares
// @ref with @p at N = M = 4 and at N = 11, M = 10.
!Z = !exo.tensor<[A, B], f32, gmem>
exo.proc @ref(%N: index, %M: index, %A: index, %B: index, %z: !Z) {
  %c8 = arith.constant 8 : index
  %e1 = arith.subi %N, %c8 : index
  %e2 = arith.subi %M, %c8 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t0 = 0 to %e1 cuda_tasks {
      exo.for %t1 = 0 to %e2 cuda_tasks {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          %one = arith.constant 1.0 : f32
          %i = arith.addi %t0, %c8 : index
          %j = arith.addi %t1, %c8 : index
          exo.assign %z[%i, %j] = %one : !Z
        }
      }
    }
  }
}
exo.proc @p(%N: index, %M: index, %A: index, %B: index, %z: !Z) {
  %c8 = arith.constant 8 : index
  %e1 = arith.subi %N, %c8 : index
  %e2 = arith.subi %M, %c8 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t0 = 0 to %e1 cuda_tasks {
      exo.for %t1 = 0 to %e2 cuda_tasks {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          %one = arith.constant 1.0 : f32
          %i = arith.addi %t0, %c8 : index
          %j = arith.addi %t1, %c8 : index
          exo.assign %z[%i, %j] = %one : !Z
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    %t = transform.exo.match_loop "t0" in %p : (!transform.any_op) -> !transform.any_op
    %c, %i = transform.exo.persist_tasks %t as "NC" ["pc", "pi"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// Audit input (session 13, test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test).
// g02: persist_tasks multiplies the task loops' extents into the tile count
// (GpuRewrites.cpp persistTasks: total = E1 * .. * En) without clamping
// them at 0. Two task loops with negative extents (N - 8, M - 8 at
// N = M = 4: both loops run no iteration) give a positive product (16), so
// the persistent proc runs 16 tiles with digits t divsi (M-8), t remsi (M-8)
// and writes z[8 - t/4, 8 + t mod 4]. The independence proof is fine; the
// iteration space is not. ACCEPTED; different CPU results; both checkers
// accept the result (the writes are in bounds and distinct).
//
//   (N=12,M=11,A=16,B=16,NC=3: EQUIVALENT)
// Fix: clamp each extent with max(E, 0) (or require E >= 0 / prove it) before
// the product.
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

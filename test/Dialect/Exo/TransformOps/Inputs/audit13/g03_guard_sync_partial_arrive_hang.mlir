// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (HANG,
// SHORT). guard_sync puts each warp's mbarrier arrive under "k >= w" (a seq
// iterator and a cuda_threads<warp> one). The lowering sizes mbarrier.init
// from the collective analysis' instances of the arrive statement, and the
// collective analysis cannot evaluate a condition on `k` (both branches may
// run), so it counts all 4 warps. At run time only the warps with w <= k
// arrive: phase k = 0 gets one arrival of 4, and every thread would wait
// forever in mbarrier.try_wait.parity. The lowering refuses such a guard,
// and the sync checker compares the arriving threads of each phase with the
// mbarrier.init count ("barrier misuse").
!X = !exo.tensor<[K, 32], f32, gmem>
!Y = !exo.tensor<[K, 128], f32, gmem>
exo.proc @p(%K: index, %x: !X, %y: !Y, %z: !Y) {
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %k = 0 to %K seq {
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %one = arith.constant 1.0 : f32
            %c32a = arith.constant 32 : index
            %ra = arith.muli %w, %c32a : index
            %ca = arith.addi %ra, %l : index
            exo.assign %z[%k, %ca] = %one : !Y
          }
        }
        exo.for %w2 = 0 to 4 cuda_threads<warp> {
          exo.for %l2 = 0 to 32 cuda_threads<thread> {
            %c0 = arith.constant 0 : index
            %v = exo.read %x[%k, %l2] : !X
            %c32 = arith.constant 32 : index
            %r = arith.muli %w2, %c32 : index
            %col = arith.addi %r, %l2 : index
            exo.assign %y[%k, %col] = %v : !Y
          }
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @p in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.match_loop "k" in %p : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.match_loop "w" in %p : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.match_loop "l" in %p : (!transform.any_op) -> !transform.any_op
    %w2 = transform.exo.match_loop "w2" in %p : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.insert_barrier_alloc %k "bar" : !exo.barrier<mbarrier, [? ring 2]> : (!transform.any_op) -> !transform.any_op
    %a = transform.exo.insert_arrive %l after timeline "cuda_in_order" on "bar" at ["k"] : (!transform.any_op) -> !transform.any_op
    %aw = transform.exo.insert_await %w2 on "bar" at ["k"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %g = transform.exo.guard_sync %a if "k >= w" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

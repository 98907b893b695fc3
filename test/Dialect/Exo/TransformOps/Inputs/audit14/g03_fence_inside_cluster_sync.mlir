// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (CLUSTER).
// insert_fence of a cluster-wide Fence(cuda_in_order, cuda_in_order)
// between a cluster_sync arrive and its await. Both lower to
// barrier.cluster.arrive/wait, and the hardware has one cluster barrier per
// thread, so the PTX would run arrive, arrive, wait, wait. The checker treats
// every barrier.cluster.arrive/wait the lowering emits (a cluster fence, an
// mbarrier initialization, the end of a task) as that one hardware barrier
// (SyncChecker.md, "One hardware cluster barrier") and reports the fence as
// "barrier misuse" between the arrive and its wait, as it does for two
// arrives on one cluster_sync (test/Check/barrier-phase-misuse.mlir).
!Sync = !exo.barrier<cluster_sync>
!g = !exo.tensor<[64], i32, gmem>
// CTA 0 writes y, the cluster syncs through the cluster barrier 'sync',
// CTA 1 reads y.
exo.proc @sched(%x: !g, %y: !g, %z: !g) {
  exo.device_function(blockDim = 32, clusterDim = 2) {
    exo.for %task = 0 to 1 cuda_tasks {
      %sync = exo.alloc : !Sync
      exo.for %c = 0 to 2 cuda_threads<cta> {
        %c0 = arith.constant 0 : index
        %is0 = arith.cmpi eq, %c, %c0 : index
        exo.if %is0 {
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %a = exo.read %x[%l] : !g
            exo.assign %y[%l] = %a : !g
          }
        }
      }
      exo.arrive(cuda_in_order) >> %sync : !Sync
      exo.await(%sync, cuda_in_order, 0) : !Sync
      exo.for %c2 = 0 to 2 cuda_threads<cta> {
        %c1 = arith.constant 1 : index
        %is1 = arith.cmpi eq, %c2, %c1 : index
        exo.if %is1 {
          exo.for %l2 = 0 to 32 cuda_threads<thread> {
            %a = exo.read %y[%l2] : !g
            exo.assign %z[%l2] = %a : !g
          }
        }
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_await(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.await"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %aw = transform.collect_matching @match_await in %p : (!transform.any_op) -> !transform.any_op
    %f = transform.exo.insert_fence %aw ("cuda_in_order", "cuda_in_order") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// Audit input (session 14, test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test; fixed in session 14).
// Audit 14, finding g03: insert_fence of a cluster-wide Fence(cuda_in_order,
// cuda_in_order) between a cluster_sync arrive and its await is accepted,
// both checkers accept the result, and the PTX executes
// barrier.cluster.arrive twice before a barrier.cluster.wait.
//
// Commands:
//   exo-gpu-opt g03_fence_inside_cluster_sync.mlir -exo-verify-collectives / -exo-check-sync   -> ok (before)
//   exo-gpu-opt g03_fence_inside_cluster_sync.mlir -transform-interpreter -o /tmp/g03.out.mlir
//   exo-gpu-opt /tmp/g03.out.mlir -exo-verify-collectives -o /dev/null   -> ok
//   exo-gpu-opt /tmp/g03.out.mlir -exo-check-sync -o /dev/null           -> ok
//   exo-gpu-opt /tmp/g03.out.mlir -exo-to-ptx | exo-gpu-translate --exo-extract-ptx
//       st.global.b32 [%rd2], %r4;      (CTA 0 writes y)
//       barrier.cluster.arrive;         (exo.arrive >> %sync)
//       barrier.cluster.arrive;         (the inserted fence)
//       barrier.cluster.wait;           (the inserted fence)
//       barrier.cluster.wait;           (exo.await %sync)
//       ld.global.b32 %r5, [%rd2];      (CTA 1 reads y)
//
// Expected: the checker treats every barrier.cluster.arrive/wait the lowering
// emits as the same hardware barrier, so a cluster fence (or an mbarrier
// allocation, whose init ends with a cluster barrier, or the implicit
// end-of-task cluster barrier) between an arrive and the await of a
// cluster_sync is "barrier misuse: arrive on the cluster barrier ... before
// the wait for the previous arrive" -- exactly what it reports for two
// arrives on one cluster_sync (test/Check/barrier-phase-misuse.mlir,
// @arrive_twice), and what the collective analysis reports for two live
// cluster_sync allocations ("the hardware has one per thread").
// Actual: accepted. The hardware has one cluster barrier per thread; the
// sequence arrive, arrive, wait, wait is the misuse the checker rejects
// elsewhere (SyncChecker.md, "Cluster barriers alternate"): undefined
// behaviour / phases counted differently from the program's order.
//
// Suspected cause: the alternation rule of the sync checker (AbstractMachine,
// cluster barrier arrive/await) is kept per cluster_sync variable, and
// Fence by the whole cluster (lowered by KernelLowering::syncCollective ->
// clusterBarrier(), lib/Conversion/ExoToNVVM/Barriers.cpp) is not an arrive
// and a wait in that model. insert_fence (lib/Transforms/GpuRewrites.cpp,
// insertFence) checks only that the result verifies.
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

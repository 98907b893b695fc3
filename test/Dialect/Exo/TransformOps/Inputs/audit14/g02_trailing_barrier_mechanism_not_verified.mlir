// Audit input (session 14, test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test; fixed in session 14).
// Audit 14, finding g02: set_trailing_barrier accepts a trailing barrier
// that the callee's barrier mechanism forbids (a mechanism mismatch, or an
// instruction with no mechanism at all). The transform op reports success,
// the IR is left invalid, and only the pass manager's final verification
// fails, so `failures(suppress)` cannot recover and the all-or-nothing
// guarantee (Scheduling.md, "Structure") does not hold.
//
// Command:
//   exo-gpu-opt g02_trailing_barrier_mechanism_not_verified.mlir -transform-interpreter -o /dev/null
// Expected: each set_trailing_barrier is refused with "cannot give the call a
// trailing barrier '...': the result would not verify" (a silenceable
// failure, suppressed here), the IR restored, exit code 0.
// Actual: exit code 1 after the pass:
//   error: 'exo.call' op @plain_copy declares no barrier mechanism and takes no trailing barrier
// (and, with only the first target, "'exo.call' op @tma_reduce signals
// 'bulk_group' barriers, but the trailing barrier is 'mbarrier'").
//
// Suspected cause: lib/Transforms/GpuRewrites.cpp, verifyOrUndo runs
// mlir::verify on the enclosing exo.proc. The mechanism rule lives in
// CallOp::verifySymbolUses (lib/Dialect/Exo/IR/ExoOps.cpp), which MLIR runs
// only when it verifies the symbol table (the module), so verifyOrUndo never
// sees it. setTrailingBarrier does not check the callee's `barrier =`
// itself. (Any rewrite whose only guard is verifyOrUndo has the same blind
// spot for the rules in verifySymbolUses.)
!S = !exo.window<[64], f32, smem>
!G = !exo.window<[64], f32, tma_map<0, [1, 64]>>
exo.proc @tma_reduce(%dst: !G {exo.access = #exo.access<read_write, out_of_order, atomic>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_reduce", barrier = bulk_group> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.reduce %dst[%i] += %v : !G
  }
}
exo.proc @k(%map: !G) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %mb = exo.alloc : !exo.barrier<mbarrier, [1]>
      %bg = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @tma_reduce(%map, %w) : (!G, !S)
      }
    }
  }
}
exo.proc @plain_copy(%dst: !S {exo.access = #exo.access<write>},
                     %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  exo.for %i = 0 to 64 seq {
    %v = exo.read %src[%i] : !S
    exo.assign %dst[%i] = %v : !S
  }
}
exo.proc @k2() {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !exo.tensor<[64], f32, smem>
      %d = exo.alloc : !exo.tensor<[64], f32, smem>
      %bg2 = exo.alloc : !exo.barrier<bulk_group>
      exo.for %l2 = 0 to 1 cuda_threads<thread> {
        %w = exo.window %s[:] : !exo.tensor<[64], f32, smem> -> !S
        %w2 = exo.window %d[:] : !exo.tensor<[64], f32, smem> -> !S
        exo.call @plain_copy(%w2, %w) : (!S, !S)
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.exo.match_loop "l" in %root : (!transform.any_op) -> !transform.any_op
    %body = transform.exo.get_body %l : (!transform.any_op) -> !transform.any_op
    %l2 = transform.exo.match_loop "l2" in %root : (!transform.any_op) -> !transform.any_op
    %body2 = transform.exo.get_body %l2 : (!transform.any_op) -> !transform.any_op
    // Each should be refused ("the result would not verify") and suppressed.
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      transform.exo.set_trailing_barrier %body on "mb" at ["0"] : !transform.any_op
    }
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      transform.exo.set_trailing_barrier %body2 on "bg2" at [] : !transform.any_op
    }
    transform.yield
  }
}

// Input of test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test (MECH,
// MECH-ERR). set_trailing_barrier with a trailing barrier that the callee's
// barrier mechanism forbids (a mechanism mismatch, or an instruction with no
// mechanism at all). The rule lives in CallOp::verifySymbolUses, which MLIR
// runs only when it verifies the symbol table (the module), so verifying the
// enclosing exo.proc alone would miss it, leave invalid IR, and break the
// all-or-nothing guarantee (Scheduling.md, "Structure"). The rewrite checks
// the calls' symbol uses too: each set_trailing_barrier is refused with
// "cannot give the call a trailing barrier '...': the result would not
// verify" (a silenceable failure, suppressed here), and the IR is restored.
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

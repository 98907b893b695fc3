// Audit input (session 14's second audit, test/Dialect/Exo/TransformOps/gpu-rewrites-audit.test; fixed in session 14).
// g02: chain_rings shifts the indices of a *bounded* ring dimension past
// its extent (the rewritten proc indexes buf out of bounds).
//
// chain_rings lifts every alloc "with a ring dimension" (MemoryRewrites.cpp,
// ringDimOf: any dimension with a ring depth, bounded or `?`) out of the
// tile loop and rewrites element i of iteration pi into pi * S + i. That is
// only meaningful for an unbounded ring (`? ring d`), whose logical extent
// is unbounded and whose storage is slot i mod d. For a bounded ring
// dimension (`4 ring 2`, as set_ring_buffer without `unbounded` makes), the
// sequential meaning (CPU lowering: ringIndices applies `mod d` only to
// unbounded dimensions; dimValue allocates the full extent) is a plain
// array of extent 4, so after the rewrite pi = 1, 2 access buf[c, 4..11] in
// a dimension of extent 4. The range proof (proveInRange of every index in
// [0, S)) holds, and nothing compares pi * S + i with the extent.
//
//   /tmp/audit15/exo-gpu-opt g02_chain_rings_bounded_ring_out_of_bounds.mlir -transform-interpreter -o /tmp/g02.out.mlir
//     expected: refused ("'buf' has a bounded ring dimension: chained
//               elements pi * 4 + ko would leave its extent 4"), or the
//               extent made unbounded
//     actual:   accepted; @sched now has, with %buf : [2, 4 ring 2] lifted
//               out of pi:
//                 %0 = arith.muli %pi, %c4 ; %2 = arith.addi %0, %ko
//                 exo.assign %buf[%c, %2] = ...   (%2 in [0, 12))
//   /tmp/audit15/exo-gpu-run /tmp/g02.out.mlir --entry=ref --compare=sched
//     prints EQUIVALENT only because the CPU lowering's memref.load/store
//     do not check bounds: @sched reads and writes past the end of a
//     2 x 4 heap buffer (undefined behaviour). The abstract machine
//     (AbstractMachine.cpp Machine::access, "outside the extent" of a ring
//     dimension) would reject the same accesses, i.e. the rewrite produced a
//     program that its own checker considers out of bounds.
//
// Suspected cause: lib/Transforms/MemoryRewrites.cpp exo::chainRings:
// collects tensors by ringDimOf (depth > 0) without requiring the ring
// dimension to be unbounded (isa<UnitAttr>(type.getDims()[dim])); it
// should refuse bounded rings, or prove (pi_max + 1) * S <= extent.
!buf = !exo.tensor<[2, 4 ring 2], i32, smem>
!In = !exo.tensor<[3, 2, 4], i32, gmem>
exo.proc @ref(%A: !In, %B: !In) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %ko = 0 to 4 seq {
            exo.for %c = 0 to 2 seq {
              %v = exo.read %A[%pi, %c, %ko] : !In
              exo.assign %buf[%c, %ko] = %v : !buf
            }
          }
          exo.for %ko2 = 0 to 4 seq {
            exo.for %c2 = 0 to 2 seq {
              %w = exo.read %buf[%c2, %ko2] : !buf
              exo.assign %B[%pi, %c2, %ko2] = %w : !In
            }
          }
        }
      }
    }
  }
}
exo.proc @sched(%A: !In, %B: !In) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %l = 0 to 1 cuda_threads<thread> {
          exo.for %ko = 0 to 4 seq {
            exo.for %c = 0 to 2 seq {
              %v = exo.read %A[%pi, %c, %ko] : !In
              exo.assign %buf[%c, %ko] = %v : !buf
            }
          }
          exo.for %ko2 = 0 to 4 seq {
            exo.for %c2 = 0 to 2 seq {
              %w = exo.read %buf[%c2, %ko2] : !buf
              exo.assign %B[%pi, %c2, %ko2] = %w : !In
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
    %pi = transform.exo.match_loop "pi" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

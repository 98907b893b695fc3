// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// chain_rings: the ring buffer and its guard (and the other ring barrier
// array) leave the tile loop; tile pi uses element pi * KT + ko where it
// used ko: every window, element access, arrive, await and trailing
// barrier coordinate along the ring dimension is shifted. The wgmma-group
// barrier (no ring) stays.
// CHECK-LABEL: exo.proc @rings
//       CHECK:   exo.for %t = 0 to 1 cuda_tasks {
//  CHECK-NEXT:     %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
//  CHECK-NEXT:     %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
//  CHECK-NEXT:     %buf = exo.alloc guarded_by %empty
//  CHECK-NEXT:     exo.for %pi = 0 to 3 seq {
//  CHECK-NEXT:       %[[S:.*]] = arith.muli %pi, %[[KT:.*]] : index
//  CHECK-NEXT:       %cg = exo.alloc : !exo.barrier<wgmma_group>
//  CHECK-NEXT:       exo.for %ko = 0 to %[[KT]] seq {
//  CHECK-NEXT:         %[[G:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         exo.await(%empty[%[[G]]], cuda_in_order, 0)
//  CHECK-NEXT:         %[[G1:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         %[[W:.*]] = exo.window %buf[%[[G1]], 0 :+ 4]
//  CHECK-NEXT:         %[[G2:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         exo.call @fill(%[[W]]) >> %full[%[[G2]]]
//  CHECK-NEXT:         %[[G3:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         exo.await(%full[%[[G3]]], cuda_in_order, 0)
//  CHECK-NEXT:         arith.constant 0 : index
//  CHECK-NEXT:         %[[G4:.*]] = arith.addi %[[S]], %ko : index
//  CHECK-NEXT:         %{{.*}} = exo.read %buf[%[[G4]], %c0]
//       CHECK:         %[[G5:.*]] = arith.addi %[[S]], %[[R:.*]] : index
//  CHECK-NEXT:         exo.arrive(cuda_in_order) >> %empty[%[[G5]]]
!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!slot = !exo.window<[4], f32, smem>
!out = !exo.tensor<[K], f32, gmem>

exo.proc @fill(%dst: !slot {exo.access = #exo.access<write, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "none", barrier = mbarrier> {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.assign %dst[%i] = %one : !slot
  }
}

exo.proc @rings(%K: index, %y: !out) {
  %c2 = arith.constant 2 : index
  %KT = arith.divsi %K, %c2 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %cg = exo.alloc : !exo.barrier<wgmma_group>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to %KT seq {
          exo.await(%empty[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
          %w = exo.window %buf[%ko, 0 :+ 4] : !buf -> !slot
          exo.call @fill(%w) >> %full[%ko] : (!slot) >> !exo.barrier<mbarrier, [? ring 2]>
          exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
          %c0 = arith.constant 0 : index
          %v = exo.read %buf[%ko, %c0] : !buf
          exo.assign %y[%ko] = %v : !out
          %r = arith.addi %ko, %c2 : index
          exo.arrive(cuda_in_order) >> %empty[%r] : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the tensor is read at ko + 1, outside [0, KT) at ko = KT - 1:
// that element is the next tile's first once chained.
!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!out = !exo.tensor<[K], f32, gmem>
exo.proc @beyond(%K: index, %y: !out) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to %K seq {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %n = arith.addi %ko, %c1 : index
          // expected-note-re @below {{this ring element can be {{[0-9]+}} (with K = {{[0-9]+}})}}
          %v = exo.read %buf[%n, %c0] : !buf
          exo.assign %y[%ko] = %v : !out
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': 'buf' is not indexed within [0, trip count of 'ko') in each iteration}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: the ring buffer's guard lives outside the loop.
!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!out = !exo.tensor<[K], f32, gmem>
exo.proc @outer_guard(%K: index, %y: !out) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
      exo.for %pi = 0 to 3 seq {
        // expected-note @below {{this ring buffer}}
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to %K seq {
          %c0 = arith.constant 0 : index
          %v = exo.read %buf[%ko, %c0] : !buf
          exo.assign %y[%ko] = %v : !out
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': its guard is allocated outside the loop, so its phases would not follow the chained elements}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a multicast over the ring dimension cannot be shifted.
exo.proc @multicast_ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        exo.for %ko = 0 to %K seq {
          // expected-note @below {{this arrive}}
          exo.arrive(cuda_in_order) >> %full[:] : !exo.barrier<mbarrier, [? ring 2]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': a multicast over the ring dimension of 'full'}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refusals of structure.
exo.proc @structure(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        exo.for %ko = 0 to %K seq {
          exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        }
        exo.for %ko = 0 to %K seq {
          exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': expected one loop 'ko' in it, found 2}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @start(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        // expected-note @below {{this loop}}
        exo.for %ko = 1 to %K seq {
          exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': loop 'ko' must start at 0}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @varying(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        %n = arith.addi %K, %pi : index
        // expected-note @below {{this loop}}
        exo.for %ko = 0 to %n seq {
          exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': the trip count of loop 'ko' is computed inside loop 'pi'}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @no_ring(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %cg = exo.alloc : !exo.barrier<cluster_sync>
        exo.for %ko = 0 to %K seq {
          exo.arrive(cuda_in_order) >> %cg : !exo.barrier<cluster_sync>
          exo.await(%cg, cuda_in_order, 0) : !exo.barrier<cluster_sync>
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': no ring buffer or ring barrier array is allocated directly in its body}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

exo.proc @tasks_loop(%K: index) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    // expected-note @below {{this loop is cuda_tasks}}
    exo.for %pi = 0 to 1 cuda_tasks {
      %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
      exo.for %ko = 0 to %K seq {
        exo.await(%full[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier, [? ring 2]>
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': only rings in seq loops are chained}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a ring index that is not quasi-affine (a product of iterators)
// cannot be proved to stay in [0, trip count).
!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!out = !exo.tensor<[K], f32, gmem>
exo.proc @nonaffine(%K: index, %y: !out) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to %K seq {
          %c0 = arith.constant 0 : index
          %sq = arith.muli %ko, %ko : index
          // expected-note @below {{this ring index is not quasi-affine in the sizes}}
          %v = exo.read %buf[%sq, %c0] : !buf
          exo.assign %y[%ko] = %v : !out
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': 'buf' is not indexed within [0, trip count of 'ko') in each iteration}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a bounded ring ([4 ring 2]: an array of 4 elements) has no
// elements for the later iterations (they would use 4 to 11).
!buf = !exo.tensor<[4 ring 2, 4], f32, smem>
!out = !exo.tensor<[4], f32, gmem>
exo.proc @bounded_ring(%y: !out) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        // expected-note @below {{this allocation}}
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to 4 seq {
          %c0 = arith.constant 0 : index
          %v = exo.read %buf[%ko, %c0] : !buf
          exo.assign %y[%ko] = %v : !out
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': dimension 0 of 'buf' is a bounded ring (an array of its extent); only an unbounded ring ('? ring d') has the elements the later iterations would use}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a tile loop that does not start at 0 would give its first
// iterations negative elements (from -1 * 4 on here), which an unbounded ring
// does not have.
!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!out = !exo.tensor<[4, 4], f32, gmem>
exo.proc @tiles_from_minus_one(%y: !out) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = -1 to 3 seq {
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !buf, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to 4 seq {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %p = arith.addi %pi, %c1 : index
          %v = exo.read %buf[%ko, %c0] : !buf
          exo.assign %y[%p, %ko] = %v : !out
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pi = transform.exo.match_loop "pi" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot chain the rings across loop 'pi': the loop must start at 0 (its iteration t gets the elements from t times the trip count of loop 'ko' on)}}
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}

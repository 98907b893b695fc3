// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// persist_tasks: a nest of two task loops becomes one task per cluster (pc,
// over the new size NC, marked exo.cluster_count, required >= 1) and a
// sequential loop over its tiles (pi); the old iterators are the digits of
// pc + pi * NC, the inner one fastest. The index arithmetic between the
// task loops moves with the body.
// CHECK: #[[SET:.*]] = affine_set<()[s0, s1, s2] : (s0 mod 4 == 0, s1 mod 4 == 0, s2 - 1 >= 0)>
// CHECK-LABEL: exo.proc @tiles(%M: index, %N: index, %NC: index {exo.cluster_count}, %x: !exo.tensor<[M, N], f32, gmem>)
//  CHECK-SAME:   requires #[[SET]] {
//       CHECK:   exo.device_function
// The tile count is the product of the trip counts, each at least 0 (two
// negative extents would otherwise make a positive count).
//       CHECK:     %[[EN:.*]] = arith.maxsi %[[TN:.*]], %[[Z:.*]] : index
//  CHECK-NEXT:     %[[EM:.*]] = arith.maxsi %[[TM:.*]], %[[Z]] : index
//  CHECK-NEXT:     %[[T:.*]] = arith.muli %[[EN]], %[[EM]] : index
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1 : index
//  CHECK-NEXT:     exo.for %pc = 0 to %NC cuda_tasks {
//  CHECK-NEXT:       %[[R:.*]] = arith.subi %[[T]], %pc : index
//  CHECK-NEXT:       %[[R1:.*]] = arith.addi %[[R]], %NC : index
//  CHECK-NEXT:       %[[R2:.*]] = arith.subi %[[R1]], %[[ONE]] : index
//  CHECK-NEXT:       %[[CNT:.*]] = arith.divsi %[[R2]], %NC : index
//  CHECK-NEXT:       exo.for %pi = 0 to %[[CNT]] seq {
//  CHECK-NEXT:         %[[T0:.*]] = arith.muli %pi, %NC : index
//  CHECK-NEXT:         %[[TI:.*]] = arith.addi %pc, %[[T0]] : index
//  CHECK-NEXT:         %[[M:.*]] = arith.remsi %[[TI]], %[[TM]] : index
//  CHECK-NEXT:         %[[N:.*]] = arith.divsi %[[TI]], %[[TM]] : index
//  CHECK-NEXT:         %[[N4:.*]] = arith.muli %[[N]], %c4 : index
//  CHECK-NEXT:         %[[M4:.*]] = arith.muli %[[M]], %c4 : index
//  CHECK-NEXT:         exo.for %i = 0 to 4 cuda_threads<thread> {
//   CHECK-NOT:   cuda_tasks
!x = !exo.tensor<[M, N], f32, gmem>
exo.proc @tiles(%M: index, %N: index, %x: !x)
    requires affine_set<()[M, N] : (M mod 4 == 0, N mod 4 == 0)> {
  %c4 = arith.constant 4 : index
  %TM = arith.divsi %M, %c4 : index
  %TN = arith.divsi %N, %c4 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %tn = 0 to %TN cuda_tasks {
      %n0 = arith.muli %tn, %c4 : index
      exo.for %tm = 0 to %TM cuda_tasks {
        %m0 = arith.muli %tm, %c4 : index
        exo.for %i = 0 to 4 cuda_threads<thread> {
          %m = arith.addi %m0, %i : index
          exo.for %j = 0 to 4 seq {
            %n = arith.addi %n0, %j : index
            %v = exo.read %x[%m, %n] : !x
            %w = arith.addf %v, %v : f32
            exo.assign %x[%m, %n] = %w : !x
          }
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %tn = transform.exo.match_loop "tn" in %root : (!transform.any_op) -> !transform.any_op
    %pc, %pi = transform.exo.persist_tasks %tn as "NC" ["pc", "pi"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Without a `requires`, the rewrite adds one: NC >= 1.
// CHECK: #[[SET1:.*]] = affine_set<()[s0, s1] : (s1 - 1 >= 0)>
// CHECK-LABEL: exo.proc @one_loop(%N: index, %G: index {exo.cluster_count}, %x: !exo.tensor<[N], f32, gmem>)
//  CHECK-SAME:   requires #[[SET1]] {
//       CHECK:     exo.for %c = 0 to %G cuda_tasks {
//       CHECK:       exo.for %t = 0 to %{{.*}} seq {
//       CHECK:         %[[I:.*]] = arith.addi %c, %{{.*}} : index
//       CHECK:         exo.assign %x[%[[I]]]
!v = !exo.tensor<[N], f32, gmem>
exo.proc @one_loop(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %i = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%i] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %c, %t = transform.exo.persist_tasks %i as "G" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two tasks write the same element: running them in another order could
// change the result, so the rewrite refuses, naming both iterations.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @shared_element(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %i = 0 to %N cuda_tasks {
      %c0 = arith.constant 0 : index
      %f = arith.index_cast %i : index to i32
      %v = arith.sitofp %f : i32 to f32
      // expected-error-re @below {{cannot make the tasks persistent: this write of 'x' in the iteration (i = {{[0-9]+}}) and an access of the same element in another iteration are not independent (with N = {{[0-9]+}})}}
      // expected-note-re @below {{the write of the same element of 'x' in the iteration (i = {{[0-9]+}})}}
      exo.assign %x[%c0] = %v : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %c, %t = transform.exo.persist_tasks %i as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two tasks that add to the same element do not commute here, unlike for
// reorder_loops: tasks run concurrently and exo.reduce is not atomic (a
// race the checker sees only with NC >= 2, so persist_tasks' proof must
// refuse it).
!v = !exo.tensor<[N], f32, gmem>
!s = !exo.tensor<[1], f32, gmem>
exo.proc @sum(%N: index, %x: !v, %y: !s) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %i = 0 to %N cuda_tasks {
      %c0 = arith.constant 0 : index
      %v = exo.read %x[%i] : !v
      // expected-error @below {{cannot make the tasks persistent: this reduction of 'y' in the iteration (i = 0) and an access of the same element in another iteration are not independent}}
      // expected-note @below {{the reduction of the same element of 'y' in the iteration}}
      exo.reduce %y[%c0] += %v : !s
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %c, %t = transform.exo.persist_tasks %i as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Refusals of structure.
!v = !exo.tensor<[N], f32, gmem>
exo.proc @structure(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    // expected-note @below {{this task loop}}
    exo.for %a = 1 to %N cuda_tasks {
      exo.for %b = 0 to %N cuda_tasks {
        %z = arith.constant 0.0 : f32
        exo.assign %x[%b] = %z : !v
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: task loops must start at 0}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @inner_target(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      // expected-note @below {{this loop}}
      exo.for %b = 0 to %N cuda_tasks {
        %z = arith.constant 0.0 : f32
        exo.assign %x[%b] = %z : !v
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: the target is not the outermost cuda_tasks loop of a device function}}
    %c, %t = transform.exo.persist_tasks %b as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @taken(%N: index, %NC: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: the proc already has an argument 'NC'}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @marked(%N: index, %G: index {exo.cluster_count}, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: argument 'G' is already the cluster count}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, gmem>
exo.proc @callee(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

exo.proc @caller(%N: index, %x: !v) {
  // expected-note @below {{this call}}
  exo.call @callee(%N, %x) : (index, !v)
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: the proc gets a new size argument, but it is called}}
    %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A count that is not an identifier: the result would not verify (and the
// IR is restored).
!v = !exo.tensor<[N], f32, gmem>
// expected-note @below {{the verifier says: 'exo.proc' op argument 1 needs an identifier name, got 'N C'}}
exo.proc @bad_name(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make the tasks persistent: the result would not verify}}
    %c, %t = transform.exo.persist_tasks %a as "N C" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Two targets, the second refused: the first proc gets its old signature
// and body back (all or nothing).
!v = !exo.tensor<[N], f32, gmem>
// CHECK-LABEL: exo.proc @first(%N: index, %x: !exo.tensor<[N], f32, gmem>) {
//  CHECK-NEXT:   exo.device_function
//  CHECK-NEXT:     exo.for %a = 0 to %N cuda_tasks {
exo.proc @first(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %z = arith.constant 0.0 : f32
      exo.assign %x[%a] = %z : !v
    }
  }
}

exo.proc @second(%N: index, %x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %a = 0 to %N cuda_tasks {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0.0 : f32
      exo.assign %x[%c0] = %z : !v
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%r: !transform.any_op):
      %a = transform.exo.match_loop "a" in %r : (!transform.any_op) -> !transform.any_op
      %c, %t = transform.exo.persist_tasks %a as "NC" ["c", "t"] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.yield
  }
}

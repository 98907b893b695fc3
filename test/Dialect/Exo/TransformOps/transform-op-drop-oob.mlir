// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.drop_oob: accesses proved to stay inside their tensor lose
// `oob`; the others keep it; and the refusals.

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[M, N], f32, dram>

// y[m, n] = x[n] in tiles of 8 columns (partial tiles oob), specialized on
// the tile being whole: under the condition both accesses are inside and
// lose `oob`; in the other copy they keep it. Only the named tensor's
// accesses change.
// CHECK-LABEL: exo.proc @bias_rows
//       CHECK:   exo.if %{{.*}} {
//       CHECK:     exo.for %ni = 0 to 8 seq {
//       CHECK:       %[[V:.*]] = exo.read %x[
//  CHECK-NEXT:       exo.assign oob %y[{{.*}}] = %[[V]]
//       CHECK:   } else {
//       CHECK:     exo.for %ni = 0 to 8 seq {
//       CHECK:       %[[W:.*]] = exo.read oob %x[
//  CHECK-NEXT:       exo.assign oob %y[{{.*}}] = %[[W]]
exo.proc @bias_rows(%M: index, %N: index, %x: !x, %y: !y) {
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %v = exo.read %x[%n] : !x
      exo.assign %y[%m, %n] = %v : !y
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    %no, %ni, %t = transform.exo.divide_loop %n by 8 ["no", "ni"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ni : !transform.any_op
    %ni2 = transform.exo.match_loop "ni" in %root : (!transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %ni2 if "8 * no + 8 <= N" : (!transform.any_op) -> !transform.any_op
    transform.exo.drop_oob "x" in %if : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!Y = !exo.tensor<[M, N], f32, dram>

// Windows: a window marked oob whose box of 8 is proved inside under the
// condition loses `oob`; in the other copy, where N can be 8 t + 4, it
// reaches past the end and keeps it.
// CHECK-LABEL: exo.proc @window_box
//       CHECK:   exo.if
//       CHECK:     exo.window %x[
//       CHECK:   } else {
//       CHECK:     exo.window oob %x[
exo.proc @window_box(%N: index, %x: !x)
    requires affine_set<()[N] : (N mod 4 == 0, N - 4 >= 0)> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n7 = arith.addi %N, %c3 : index
  %n8 = arith.addi %n7, %c4 : index
  %tiles = arith.divui %n8, %c8 : index
  exo.for %t = 0 to %tiles seq {
    exo.for %j = 0 to 4 seq {
      %base = arith.muli %t, %c8 : index
      %w = exo.window oob %x[%base :+ 8] : !x -> !exo.window<[8], f32, dram>
      %z = arith.constant 0.0 : f32
      exo.assign %w[%j] = %z : !exo.window<[8], f32, dram>
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %j if "8 * t + 8 <= N" : (!transform.any_op) -> !transform.any_op
    transform.exo.drop_oob "x" in %if : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// Without a condition that keeps it inside, a partial tile's read is not
// proved inside: refused, with where it reaches past the end.
exo.proc @no_condition(%N: index, %x: !x, %y: !y) {
  exo.for %n = 0 to %N seq {
    // expected-note @below {{this access: it can reach past dimension 0 of 'x' (no = 0, ni = 7, with N = 7)}}
    %v = exo.read %x[%n] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    %no, %ni, %t = transform.exo.divide_loop %n by 8 ["no", "ni"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %ni : !transform.any_op
    %ni2 = transform.exo.match_loop "ni" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'x': none of them is proved to stay inside it}}
    transform.exo.drop_oob "x" in %ni2 : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// The note names the iteration and the sizes where the read reaches past
// the end.
exo.proc @past_end(%N: index, %x: !x, %y: !y) {
  %c1 = arith.constant 1 : index
  exo.for %n = 0 to %N seq {
    %n1 = arith.addi %n, %c1 : index
    // expected-note @below {{this access: it can reach past dimension 0 of 'x' (n = 1, with N = 2)}}
    %v = exo.read oob %x[%n1] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'x': none of them is proved to stay inside it}}
    transform.exo.drop_oob "x" in %n : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// No access of the tensor is marked oob.
exo.proc @nothing_marked(%N: index, %x: !x, %y: !y) {
  exo.for %n = 0 to %N seq {
    %v = exo.read %x[%n] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'x': the statement has no access of it marked 'oob'}}
    transform.exo.drop_oob "x" in %n : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!W = !exo.window<[4], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// An element access through a window is not analyzed (its window's offset
// would need composing): refused with the reason.
exo.proc @through_window(%N: index, %x: !x, %y: !y)
    requires affine_set<()[N] : (N - 4 >= 0)> {
  %w = exo.window %x[0 :+ 4] : !x -> !W
  exo.for %n = 0 to 4 seq {
    // expected-note @below {{this access: it addresses its array through a window}}
    %v = exo.read oob %w[%n] : !W
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'x': none of them is proved to stay inside it}}
    transform.exo.drop_oob "x" in %n : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// The tensor's name from a parameter: as written.
// CHECK-LABEL: exo.proc @named_by_param
//       CHECK:   exo.read %x[
exo.proc @named_by_param(%N: index, %x: !x, %y: !y) {
  exo.for %n = 0 to %N seq {
    %v = exo.read oob %x[%n] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    %name = transform.param.constant "x" -> !transform.any_param
    transform.exo.drop_oob %name in %n : (!transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// A parameter that holds other than one string.
exo.proc @param_not_a_string(%N: index, %x: !x, %y: !y) {
  exo.for %n = 0 to %N seq {
    %v = exo.read oob %x[%n] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    %name = transform.param.constant 3 : i64 -> !transform.any_param
    // expected-error @below {{the tensor: the parameter holds 3 : i64, not a string}}
    transform.exo.drop_oob %name in %n : (!transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

// Both the name and a parameter: the verifier refuses.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %name = transform.param.constant "x" -> !transform.any_param
    // expected-error @below {{takes the tensor as a string or as a parameter, not both}}
    "transform.exo.drop_oob"(%root, %name) {tensor = "x"} : (!transform.any_op, !transform.any_param) -> ()
    transform.yield
  }
}

// -----

!x = !exo.tensor<[N], f32, dram>
!y = !exo.tensor<[N], f32, dram>

// An index that is not quasi-affine (a product of iterators) is not
// analyzed.
exo.proc @not_affine(%N: index, %x: !x, %y: !y) {
  exo.for %n = 0 to %N seq {
    %sq = arith.muli %n, %n : index
    // expected-note @below {{this access: its indices or its array's extents are not quasi-affine in the loop iterators and sizes}}
    %v = exo.read oob %x[%sq] : !x
    exo.assign %y[%n] = %v : !y
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %n = transform.exo.match_loop "n" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'x': none of them is proved to stay inside it}}
    transform.exo.drop_oob "x" in %n : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// An instruction's body is its semantics (and its parameter declared oob
// may itself reach past its tensor): refused.
!w = !exo.window<[4], f32, dram>
exo.proc @load4_oob(%dst: !w {exo.access = #exo.access<write>},
                    %src: !w {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "load4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read oob %src[%i] : !w
    exo.assign %dst[%i] = %v : !w
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %q = transform.exo.match_proc @load4_oob in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot drop 'oob' from the accesses of 'src': the statement is not in a scheduled proc (an instruction's body is its semantics)}}
    transform.exo.drop_oob "src" in %q : (!transform.any_op) -> ()
    transform.yield
  }
}

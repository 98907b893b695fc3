// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics -o /dev/null

// One handle holding a loop and a loop nested in it: reorder_loops and
// unroll rebuild their target, which would free the nested one before its
// turn. Both refuse such targets, with a note at the nested loop, and leave
// the IR untouched.
!C = !exo.tensor<[4, 4, 4], f32, dram>
exo.proc @p(%C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %a = 0 to 4 seq {
    // expected-note @below {{the nested target}}
    exo.for %b = 0 to 4 seq {
      exo.for %c = 0 to 4 seq {
        exo.assign %C[%a, %b, %c] = %zero : !C
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    %ab = transform.merge_handles %a, %b : !transform.any_op
    // expected-error @below {{the targets nest: loop 'a' contains target 'b', which rewriting it would erase; give them separately}}
    %x, %y = transform.exo.reorder_loops %ab : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!C = !exo.tensor<[4, 4, 4], f32, dram>
exo.proc @p(%C: !C) {
  %zero = arith.constant 0.0 : f32
  exo.for %a = 0 to 4 seq {
    // expected-note @below {{the nested target}}
    exo.for %b = 0 to 4 seq {
      exo.for %c = 0 to 4 seq {
        exo.assign %C[%a, %b, %c] = %zero : !C
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.exo.match_loop "a" in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.exo.match_loop "b" in %root : (!transform.any_op) -> !transform.any_op
    %ab = transform.merge_handles %a, %b : !transform.any_op
    // expected-error @below {{the targets nest: loop 'a' contains target 'b', which rewriting it would erase; give them separately}}
    transform.exo.unroll %ab : !transform.any_op
    transform.yield
  }
}

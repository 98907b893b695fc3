// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// transform.exo.set_loop_mode: structural checks only (every mode means "in
// order" sequentially).

// A loop of 64 iterations in a device function becomes a thread loop, and a
// seq loop around it a cuda_tasks loop of the task nest.
// CHECK-LABEL: exo.proc @to_threads
//       CHECK:   exo.for %t = 0 to %T cuda_tasks {
//  CHECK-NEXT:     exo.for %i = 0 to 64 cuda_threads<thread> {
exo.proc @to_threads(%T: index) {
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to %T cuda_tasks {
      exo.for %i = 0 to 64 seq {
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %i cuda_threads<thread> : !transform.any_op
    transform.yield
  }
}

// -----

// A GPU loop goes back to seq.
// CHECK-LABEL: exo.proc @to_seq
//       CHECK:   exo.for %i = 0 to 64 seq {
exo.proc @to_seq() {
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 64 cuda_threads<thread> {
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %i seq : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: GPU modes belong inside a device function.
exo.proc @host(%N: index) {
  // expected-note @below {{a cuda_tasks loop must be inside an exo.device_function}}
  exo.for %i = 0 to %N seq {
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make loop 'i' cuda_tasks}}
    transform.exo.set_loop_mode %i cuda_tasks : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a thread loop needs a constant trip count.
exo.proc @dynamic_threads(%N: index) {
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      // expected-note @below {{a cuda_threads loop needs a constant upper bound}}
      exo.for %i = 0 to %N seq {
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make loop 'i' cuda_threads<warp>}}
    transform.exo.set_loop_mode %i cuda_threads<warp> : !transform.any_op
    transform.yield
  }
}

// -----

// Refused: a cuda_tasks loop inside a task would break the device function's
// nest of task loops (checked on a copy; the payload is unchanged).
exo.proc @tasks_inside_task() {
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 64 cuda_threads<thread> {
        // expected-note @below {{'exo.for' op cuda_tasks loops must form the outermost nest of the device function}}
        exo.for %k = 0 to 4 seq {
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %k = transform.exo.match_loop "k" in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot make loop 'k' cuda_tasks}}
    transform.exo.set_loop_mode %k cuda_tasks : !transform.any_op
    transform.yield
  }
}

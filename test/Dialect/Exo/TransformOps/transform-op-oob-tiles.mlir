// RUN: exo-gpu-opt %s -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %s

// Partial tiles after drop_bounds_guard: stage_mem makes the copies of a
// tile whose accesses are oob oob themselves, and replace binds them to an
// instruction whose parameter is declared oob with an oob window; the
// refusals.

!v = !exo.tensor<[N], f32, dram>

// A scaled copy in tiles of 4 with the last tile partial: the staged tile
// of x is read oob (zeros past the end), the staged tile of y written back
// oob (clipped).
// CHECK-LABEL: exo.proc @stage_partial
//       CHECK:   %u = exo.alloc : !exo.tensor<[4], f32, dram>
//       CHECK:   %t = exo.alloc : !exo.tensor<[4], f32, dram>
//       CHECK:   exo.read oob %x[
//       CHECK:   exo.assign %t[
//       CHECK:   exo.read %t[
//       CHECK:   exo.assign %u[
//       CHECK:   exo.read %u[
//       CHECK:   exo.assign oob %y[
exo.proc @stage_partial(%N: index, %x: !v, %y: !v) {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %p : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %tl = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    %u, %uin, %uout = transform.exo.stage_mem %in, "y" at ["4 * io"] sizes [4] as "u" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t, %cin, %cout = transform.exo.stage_mem %in, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>

// Written and then read back oob: outside x the read sees 0, from a staged
// copy it would see the value written; refused.
exo.proc @write_then_read(%N: index, %x: !v, %y: !v) {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %two : !v
    // expected-note @below {{this read}}
    %a = exo.read %x[%i] : !v
    exo.assign %y[%i] = %a : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %o, %in, %tl = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    // expected-error @below {{cannot stage 'x': the statements write it and read it, and some accesses may fall outside it (oob); from the staged copy a read could see a value written outside the tensor}}
    %t, %cin, %cout = transform.exo.stage_mem %in, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
!w = !exo.window<[4], f32, dram>

exo.proc @load4_oob(%dst: !w {exo.access = #exo.access<write>},
                    %src: !w {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "load4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !w
    exo.assign %dst[%i] = %v : !w
  }
}

// The partial tile's copy-in becomes the instruction; its source is an oob
// window of x (the instruction zero-fills past the end).
// CHECK-LABEL: exo.proc @replace_partial
//       CHECK:   %[[W:.*]] = exo.window oob %x[%{{.*}} :+ 4] : !exo.tensor<[N], f32, dram> -> !exo.window<[4], f32, dram>
//       CHECK:   exo.call @load4_oob(%{{.*}}, %[[W]])
exo.proc @replace_partial(%N: index, %x: !v, %y: !v) {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[0] += %p : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @replace_partial in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %o, %in, %tl = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    %t, %cin, %cout = transform.exo.stage_mem %in, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %c = transform.exo.replace %cin with @load4_oob : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
!w = !exo.window<[4], f32, dram>

// expected-note @below {{the statement's accesses of 'x' may fall outside it, but parameter 'src' is not declared oob}}
exo.proc @load4(%dst: !w {exo.access = #exo.access<write>},
                %src: !w {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "load4"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !w
    exo.assign %dst[%i] = %v : !w
  }
}

// Without oob, the instruction cannot take a window that may reach past x.
exo.proc @replace_partial_not_oob(%N: index, %x: !v, %y: !v) {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[0] += %p : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @replace_partial_not_oob in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %o, %in, %tl = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    %t, %cin, %cout = transform.exo.stage_mem %in, "x" at ["4 * io"] sizes [4] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot replace the statement by @load4: the window does not lie within 'x': dimension 0 starts at 4 and ends at 8 of extent 5 (with N = 5)}}
    %c = transform.exo.replace %cin with @load4 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

!v = !exo.tensor<[N], f32, dram>
!w = !exo.window<[6], f32, dram>

exo.proc @load6_oob(%dst: !w {exo.access = #exo.access<write>},
                    %src: !w {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "load6"> {
  exo.for %i = 0 to 6 seq {
    %v = exo.read %src[%i] : !w
    exo.assign %dst[%i] = %v : !w
  }
}

// A staged tile with a halo of one element on each side: its oob copy-in
// starts at 4 * io - 1, before x when io = 0. An oob window reaches past
// the end of its tensor only; replace refuses it.
exo.proc @halo(%N: index, %x: !v, %y: !v) {
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !v
    %p = arith.mulf %a, %a : f32
    exo.reduce %y[0] += %p : !v
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @halo in %root : (!transform.any_op) -> !transform.any_op
    %i = transform.exo.match_loop "i" in %p : (!transform.any_op) -> !transform.any_op
    %o, %in, %tl = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %in : !transform.any_op
    %t, %cin, %cout = transform.exo.stage_mem %in, "x" at ["4 * io - 1"] sizes [6] as "t" in dram : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    // expected-error @below {{cannot replace the statement by @load6_oob: the oob window of 'x' can start before it: dimension 0 starts at -1}}
    %c = transform.exo.replace %cin with @load6_oob : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

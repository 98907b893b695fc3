// RUN: exo-gpu-opt %s -split-input-file -allow-unregistered-dialect -exo-incremental-remainders | FileCheck %s
// The same from the stock mlir-opt with the pass plugin.
// RUN: %if plugin %{ mlir-opt %s -split-input-file -allow-unregistered-dialect --load-pass-plugin=%exo_plugin --pass-pipeline="builtin.module(exo-incremental-remainders)" | FileCheck %s %}

// -exo-incremental-remainders on the shapes the lowering emits. The values
// are checked by running both versions in incremental-remainders-run.mlir.

// A ring slot and phase parity of `base + k` (a K loop of a later tile): one
// loop-carried pair, the floor quotient and remainder of `base + lb` before
// the loop, stepped by one with a wrap at 6. Both are carried in 32 bits:
// the remainder is below 6, and the quotient's only use reads its low bit.
// CHECK-LABEL: func.func @slot_and_phase
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[LB:.*]]: i64, %[[UB:.*]]: i64)
// CHECK: %[[X:.*]] = arith.addi %[[LB]], %[[BASE]] : i64
// CHECK: %[[C6:.*]] = arith.constant 6 : i64
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[C6]] : i64
// CHECK: %[[R:.*]] = arith.remsi %[[X]], %[[C6]] : i64
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : i64
// CHECK: %[[RUP:.*]] = arith.addi %[[R]], %[[C6]] : i64
// CHECK: %[[R0:.*]] = arith.select %[[NEG]], %[[RUP]], %[[R]] : i64
// CHECK: %[[QDOWN:.*]] = arith.subi %[[Q]], %{{.*}} : i64
// CHECK: %[[Q0:.*]] = arith.select %[[NEG]], %[[QDOWN]], %[[Q]] : i64
// CHECK: %[[R0N:.*]] = arith.trunci %[[R0]] : i64 to i32
// CHECK: %[[Q0N:.*]] = arith.trunci %[[Q0]] : i64 to i32
// CHECK: scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%[[RA:.*]] = %[[R0N]], %[[QA:.*]] = %[[Q0N]]) -> (i32, i32)
// CHECK-NOT: arith.remui
// CHECK-NOT: arith.divui
// CHECK: %[[SLOT:.*]] = arith.extui %[[RA]] : i32 to i64
// CHECK: "test.slot"(%[[SLOT]])
// CHECK: %[[PHASE:.*]] = arith.extui %[[QA]] : i32 to i64
// CHECK: %[[PAR:.*]] = arith.andi %[[PHASE]], %{{.*}} : i64
// CHECK: "test.parity"(%[[PAR]])
// CHECK: %[[SLOT2:.*]] = arith.extui %[[RA]] : i32 to i64
// CHECK: "test.slot_again"(%[[SLOT2]])
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[R1:.*]] = arith.addi %[[RA]], %[[ONE]] : i32
// CHECK: %[[SIX:.*]] = arith.constant 6 : i32
// CHECK: %[[WRAP:.*]] = arith.cmpi uge, %[[R1]], %[[SIX]] : i32
// CHECK: %[[RW:.*]] = arith.subi %[[R1]], %{{.*}} : i32
// CHECK: %[[RN:.*]] = arith.select %[[WRAP]], %[[RW]], %[[R1]] : i32
// CHECK: %[[QW:.*]] = arith.addi %[[QA]], %{{.*}} : i32
// CHECK: %[[QN:.*]] = arith.select %[[WRAP]], %[[QW]], %[[QA]] : i32
// CHECK: scf.yield %[[RN]], %[[QN]] : i32, i32
func.func @slot_and_phase(%base: i64, %lb: i64, %ub: i64) {
  %c1 = arith.constant 1 : i64
  %c6 = arith.constant 6 : i64
  scf.for %k = %lb to %ub step %c1 : i64 {
    %g = arith.addi %base, %k : i64
    %slot = arith.remui %g, %c6 : i64
    "test.slot"(%slot) : (i64) -> ()
    %phase = arith.divui %g, %c6 : i64
    %parity = arith.andi %phase, %c1 : i64
    "test.parity"(%parity) : (i64) -> ()
    // The same dividend built again (as each access of the lowering does)
    // shares the pair.
    %c0 = arith.constant 0 : i64
    %g2 = arith.addi %k, %base : i64
    %g3 = arith.addi %c0, %g2 : i64
    %slot2 = arith.remui %g3, %c6 : i64
    "test.slot_again"(%slot2) : (i64) -> ()
  }
  return
}

// -----

// A wait on `g` and a release of `g + 5`: one pair, the release's slot
// derived from it where it is used.
// CHECK-LABEL: func.func @offset_dividends
// CHECK: scf.for {{.*}} iter_args(%[[RA:.*]] = %{{.*}}, %[[QA:.*]] = %{{.*}}) -> (i32, i32)
// CHECK: %[[W:.*]] = arith.extui %[[RA]] : i32 to i64
// CHECK: "test.wait"(%[[W]])
// CHECK: %[[FIVE:.*]] = arith.constant 5 : i32
// CHECK: %[[R5:.*]] = arith.addi %[[RA]], %[[FIVE]] : i32
// CHECK: %[[WRAP5:.*]] = arith.cmpi uge, %[[R5]], %{{.*}} : i32
// CHECK: %[[R5W:.*]] = arith.subi %[[R5]], %{{.*}} : i32
// CHECK: %[[REL:.*]] = arith.select %[[WRAP5]], %[[R5W]], %[[R5]] : i32
// CHECK: %[[RELX:.*]] = arith.extui %[[REL]] : i32 to i64
// CHECK: "test.release"(%[[RELX]])
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
func.func @offset_dividends(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  scf.for %k = %c0 to %n step %c1 : i64 {
    %w = arith.remui %k, %c6 : i64
    "test.wait"(%w) : (i64) -> ()
    %g5 = arith.addi %k, %c5 : i64
    %r = arith.remui %g5, %c6 : i64
    "test.release"(%r) : (i64) -> ()
  }
  return
}

// -----

// Two dividends that do not differ by a constant (another tile's `2 g`):
// two pairs. A quotient used whole stays 64-bit.
// CHECK-LABEL: func.func @two_dividends
// CHECK: scf.for {{.*}} iter_args(%[[RA:.*]] = %{{.*}}, %[[QA:.*]] = %{{.*}}, %[[RB:.*]] = %{{.*}}, %[[QB:.*]] = %{{.*}}) -> (i32, i32, i32, i64)
// CHECK: %[[A:.*]] = arith.extui %[[RA]] : i32 to i64
// CHECK: "test.use"(%[[A]], %[[QB]])
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i64
func.func @two_dividends(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c6 = arith.constant 6 : i64
  scf.for %k = %c0 to %n step %c1 : i64 {
    %a = arith.remui %k, %c6 : i64
    %k2 = arith.muli %k, %c2 : i64
    %b = arith.divui %k2, %c6 : i64
    "test.use"(%a, %b) : (i64, i64) -> ()
  }
  return
}

// -----

// Invariant in the inner loop (the wgmma k-slices of one ring slot): the
// pair belongs to the outer loop, the inner loop is unchanged.
// CHECK-LABEL: func.func @invariant_in_inner
// CHECK: scf.for %{{.*}} = {{.*}} iter_args(%[[R:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
// CHECK: scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}}  : i64 {
// CHECK-NOT: arith.remui
// CHECK: %[[RX:.*]] = arith.extui %[[R]] : i32 to i64
// CHECK: "test.use"(%[[RX]], %{{.*}})
func.func @invariant_in_inner(%n: i64, %kt: i64, %tile: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c9 = arith.constant 9 : i64
  %kb = arith.muli %tile, %kt : i64
  scf.for %ko = %c0 to %n step %c1 : i64 {
    scf.for %kk = %c0 to %c4 step %c1 : i64 {
      %g = arith.addi %kb, %ko : i64
      %s = arith.remui %g, %c9 : i64
      "test.use"(%s, %kk) : (i64, i64) -> ()
    }
  }
  return
}

// -----

// A dividend over both loops: the innermost loop that steps it carries it,
// with the outer iterator's part computed before that loop.
// CHECK-LABEL: func.func @inner_steps
// CHECK: scf.for %[[O:.*]] = {{.*}} : i64 {
// CHECK: %[[X:.*]] = arith.addi %{{.*}}, %[[O]] : i64
// CHECK: arith.divsi %[[X]]
// CHECK: scf.for {{.*}} iter_args(%[[R:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
// CHECK: %[[RX:.*]] = arith.extui %[[R]] : i32 to i64
// CHECK: "test.use"(%[[RX]])
func.func @inner_steps(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c7 = arith.constant 7 : i64
  scf.for %o = %c0 to %n step %c1 : i64 {
    scf.for %i = %c0 to %n step %c1 : i64 {
      %x = arith.addi %o, %i : i64
      %s = arith.remui %x, %c7 : i64
      "test.use"(%s) : (i64) -> ()
    }
  }
  return
}

// -----

// Coefficients other than one: `40 - 2k` steps by -6 with step 3 (a whole
// quotient step and no remainder step at divisor 6: no select), `3k` by 9
// at divisor 7 (quotient +1, remainder +2).
// CHECK-LABEL: func.func @coefficients
// CHECK: scf.for {{.*}} iter_args(%[[RA:.*]] = %{{.*}}, %[[QA:.*]] = %{{.*}}, %[[RB:.*]] = %{{.*}}, %[[QB:.*]] = %{{.*}}) -> (i32, i64, i32, i32)
// CHECK: %[[RBX:.*]] = arith.extui %[[RB]] : i32 to i64
// CHECK: "test.use"(%[[QA]], %[[RBX]])
// CHECK: %[[MINUS1:.*]] = arith.constant -1 : i64
// CHECK: %[[QAN:.*]] = arith.addi %[[QA]], %[[MINUS1]] : i64
// CHECK: %[[QB1:.*]] = arith.addi %[[QB]], %{{.*}} : i32
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[RB1:.*]] = arith.addi %[[RB]], %[[TWO]] : i32
// CHECK: %[[WRAP:.*]] = arith.cmpi uge, %[[RB1]], %{{.*}} : i32
// CHECK: scf.yield %[[RA]], %[[QAN]], %{{.*}}, %{{.*}} : i32, i64, i32, i32
func.func @coefficients(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c6 = arith.constant 6 : i64
  %c7 = arith.constant 7 : i64
  %c40 = arith.constant 40 : i64
  scf.for %k = %c0 to %n step %c3 : i64 {
    %k2 = arith.muli %c2, %k : i64
    %down = arith.subi %c40, %k2 : i64
    %q = arith.divui %down, %c6 : i64
    %k3 = arith.muli %k, %c3 : i64
    %r = arith.remui %k3, %c7 : i64
    "test.use"(%q, %r) : (i64, i64) -> ()
  }
  return
}

// -----

// Left alone: a power-of-two divisor (a mask is cheaper than a counter), a
// divisor that is not a constant, a dynamic step, a product of two
// variables, a dividend from memory, i32 arithmetic, a dividend invariant
// in every loop, and a remainder outside any loop.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: iter_args
// CHECK-COUNT-8: arith.remui
// CHECK-NOT: iter_args
func.func @left_alone(%n: i64, %d: i64, %step: i64, %p: memref<i64>,
                      %n32: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c6 = arith.constant 6 : i64
  %c8 = arith.constant 8 : i64
  %c6_i32 = arith.constant 6 : i32
  %c1_i32 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 : i64 {
    %a = arith.remui %k, %c8 : i64
    %b = arith.remui %k, %d : i64
    %kk = arith.muli %k, %k : i64
    %c = arith.remui %kk, %c6 : i64
    %v = memref.load %p[] : memref<i64>
    %x = arith.addi %v, %k : i64
    %e = arith.remui %x, %c6 : i64
    %inv = arith.remui %n, %c6 : i64
    "test.use"(%a, %b, %c, %e, %inv) : (i64, i64, i64, i64, i64) -> ()
  }
  scf.for %k = %c0 to %n step %step : i64 {
    %f = arith.remui %k, %c6 : i64
    "test.use"(%f) : (i64) -> ()
  }
  scf.for %k = %c1_i32 to %n32 step %c1_i32 : i32 {
    %g = arith.remui %k, %c6_i32 : i32
    "test.use32"(%g) : (i32) -> ()
  }
  %h = arith.remui %n, %c6 : i64
  "test.use"(%h) : (i64) -> ()
  return
}

// -----

// Steps and offsets of 2^32 or more are left alone: such a dividend
// overflows within a few iterations. Here the step 2^40 keeps its division,
// and `k + 2^40` gets a pair of its own instead of an offset from `k`.
// CHECK-LABEL: func.func @large_steps
// CHECK: scf.for {{.*}} iter_args(%[[RA:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %[[RB:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32, i32, i32)
// CHECK: arith.remui %{{.*}}, %{{.*}} : i64
// CHECK: %[[A:.*]] = arith.extui %[[RA]] : i32 to i64
// CHECK: %[[B:.*]] = arith.extui %[[RB]] : i32 to i64
// CHECK: "test.use"(%{{.*}}, %[[A]], %[[B]])
func.func @large_steps(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c7 = arith.constant 7 : i64
  %big = arith.constant 1099511627776 : i64
  scf.for %k = %c0 to %n step %c1 : i64 {
    %kb = arith.muli %k, %big : i64
    %a = arith.remui %kb, %c7 : i64
    %b = arith.remui %k, %c7 : i64
    %kf = arith.addi %k, %big : i64
    %c = arith.remui %kf, %c7 : i64
    "test.use"(%a, %b, %c) : (i64, i64, i64) -> ()
  }
  return
}

// -----

// A dividend whose expression shares subexpressions (x_i = x_(i-1) +
// x_(i-1), sixty levels) is decomposed once per value, not once per path:
// this finishes at once. x20 = 2^20 (k + 1) gets a pair; x60's step 2^60 is
// too large.
// CHECK-LABEL: func.func @shared_subexpressions
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (i32, i32)
// CHECK: %[[B:.*]] = arith.remui %{{.*}}, %{{.*}} : i64
// CHECK-NOT: arith.remui
// CHECK: "test.use"(%{{.*}}, %[[B]])
func.func @shared_subexpressions(%n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  scf.for %k = %c0 to %n step %c1 : i64 {
    %x0 = arith.addi %k, %c1 : i64
    %x1 = arith.addi %x0, %x0 : i64
    %x2 = arith.addi %x1, %x1 : i64
    %x3 = arith.addi %x2, %x2 : i64
    %x4 = arith.addi %x3, %x3 : i64
    %x5 = arith.addi %x4, %x4 : i64
    %x6 = arith.addi %x5, %x5 : i64
    %x7 = arith.addi %x6, %x6 : i64
    %x8 = arith.addi %x7, %x7 : i64
    %x9 = arith.addi %x8, %x8 : i64
    %x10 = arith.addi %x9, %x9 : i64
    %x11 = arith.addi %x10, %x10 : i64
    %x12 = arith.addi %x11, %x11 : i64
    %x13 = arith.addi %x12, %x12 : i64
    %x14 = arith.addi %x13, %x13 : i64
    %x15 = arith.addi %x14, %x14 : i64
    %x16 = arith.addi %x15, %x15 : i64
    %x17 = arith.addi %x16, %x16 : i64
    %x18 = arith.addi %x17, %x17 : i64
    %x19 = arith.addi %x18, %x18 : i64
    %x20 = arith.addi %x19, %x19 : i64
    %x21 = arith.addi %x20, %x20 : i64
    %x22 = arith.addi %x21, %x21 : i64
    %x23 = arith.addi %x22, %x22 : i64
    %x24 = arith.addi %x23, %x23 : i64
    %x25 = arith.addi %x24, %x24 : i64
    %x26 = arith.addi %x25, %x25 : i64
    %x27 = arith.addi %x26, %x26 : i64
    %x28 = arith.addi %x27, %x27 : i64
    %x29 = arith.addi %x28, %x28 : i64
    %x30 = arith.addi %x29, %x29 : i64
    %x31 = arith.addi %x30, %x30 : i64
    %x32 = arith.addi %x31, %x31 : i64
    %x33 = arith.addi %x32, %x32 : i64
    %x34 = arith.addi %x33, %x33 : i64
    %x35 = arith.addi %x34, %x34 : i64
    %x36 = arith.addi %x35, %x35 : i64
    %x37 = arith.addi %x36, %x36 : i64
    %x38 = arith.addi %x37, %x37 : i64
    %x39 = arith.addi %x38, %x38 : i64
    %x40 = arith.addi %x39, %x39 : i64
    %x41 = arith.addi %x40, %x40 : i64
    %x42 = arith.addi %x41, %x41 : i64
    %x43 = arith.addi %x42, %x42 : i64
    %x44 = arith.addi %x43, %x43 : i64
    %x45 = arith.addi %x44, %x44 : i64
    %x46 = arith.addi %x45, %x45 : i64
    %x47 = arith.addi %x46, %x46 : i64
    %x48 = arith.addi %x47, %x47 : i64
    %x49 = arith.addi %x48, %x48 : i64
    %x50 = arith.addi %x49, %x49 : i64
    %x51 = arith.addi %x50, %x50 : i64
    %x52 = arith.addi %x51, %x51 : i64
    %x53 = arith.addi %x52, %x52 : i64
    %x54 = arith.addi %x53, %x53 : i64
    %x55 = arith.addi %x54, %x54 : i64
    %x56 = arith.addi %x55, %x55 : i64
    %x57 = arith.addi %x56, %x56 : i64
    %x58 = arith.addi %x57, %x57 : i64
    %x59 = arith.addi %x58, %x58 : i64
    %x60 = arith.addi %x59, %x59 : i64
    %a = arith.remui %x20, %c3 : i64
    %b = arith.remui %x60, %c3 : i64
    "test.use"(%a, %b) : (i64, i64) -> ()
  }
  return
}

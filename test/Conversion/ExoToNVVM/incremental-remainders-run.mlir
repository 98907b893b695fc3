// -exo-incremental-remainders keeps the values: the same program, JIT-run
// with and without the pass, prints the same hash of every remainder and
// quotient, and the rewritten one divides by no constant inside a loop.
// RUN: mlir-opt %s -convert-scf-to-cf -convert-arith-to-llvm -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils%shlibext > %t.ref
// RUN: exo-gpu-opt %s -exo-incremental-remainders \
// RUN:   | mlir-opt -convert-scf-to-cf -convert-arith-to-llvm -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils%shlibext > %t.new
// RUN: diff %t.ref %t.new
// RUN: FileCheck %s --input-file=%t.new
// RUN: exo-gpu-opt %s -exo-incremental-remainders | FileCheck %s --check-prefix=IR

// Eleven hashes, none of them the empty hash (0): every loop ran.
// CHECK-COUNT-11: {{^-?[1-9][0-9]*$}}
// CHECK-NOT: {{.}}

// IR-NOT: arith.remui
// IR-NOT: arith.divui

func.func private @printI64(i64)
func.func private @printNewline()

// h * 1000003 + r * 131 + q (wrapping).
func.func @mix(%h: i64, %r: i64, %q: i64) -> i64 {
  %big = arith.constant 1000003 : i64
  %c131 = arith.constant 131 : i64
  %a = arith.muli %h, %big : i64
  %b = arith.muli %r, %c131 : i64
  %s = arith.addi %a, %b : i64
  %t = arith.addi %s, %q : i64
  return %t : i64
}

func.func @print(%h: i64) {
  func.call @printI64(%h) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %c7 = arith.constant 7 : i64
  %c9 = arith.constant 9 : i64
  %c10 = arith.constant 10 : i64
  %c11 = arith.constant 11 : i64
  %c13 = arith.constant 13 : i64
  %c30 = arith.constant 30 : i64
  %c50 = arith.constant 50 : i64
  %c60 = arith.constant 60 : i64
  %c100 = arith.constant 100 : i64

  // 1. Tiles of a chained ring: element t * 13 + k (and + 5, the release),
  //    slot and phase at depths 6, 7 and 9.
  %h1 = scf.for %t = %c0 to %c5 step %c1 iter_args(%h = %c0) -> (i64) : i64 {
    %kb = arith.muli %t, %c13 : i64
    %ho = scf.for %k = %c0 to %c50 step %c1 iter_args(%hk = %h) -> (i64) : i64 {
      %g = arith.addi %kb, %k : i64
      %r6 = arith.remui %g, %c6 : i64
      %q6 = arith.divui %g, %c6 : i64
      %h6 = func.call @mix(%hk, %r6, %q6) : (i64, i64, i64) -> i64
      %g5 = arith.addi %g, %c5 : i64
      %r7 = arith.remui %g5, %c7 : i64
      %q7 = arith.divui %g5, %c7 : i64
      %h7 = func.call @mix(%h6, %r7, %q7) : (i64, i64, i64) -> i64
      %r9 = arith.remui %g, %c9 : i64
      %q9 = arith.divui %g, %c9 : i64
      %h9 = func.call @mix(%h7, %r9, %q9) : (i64, i64, i64) -> i64
      scf.yield %h9 : i64
    }
    scf.yield %ho : i64
  }
  func.call @print(%h1) : (i64) -> ()

  // 2. A lower bound of 5, step 2, dividend 3k - 4 at depth 9.
  %h2 = scf.for %k = %c5 to %c60 step %c2 iter_args(%h = %c0) -> (i64) : i64 {
    %k3 = arith.muli %k, %c3 : i64
    %x = arith.subi %k3, %c4 : i64
    %r = arith.remui %x, %c9 : i64
    %q = arith.divui %x, %c9 : i64
    %hn = func.call @mix(%h, %r, %q) : (i64, i64, i64) -> i64
    scf.yield %hn : i64
  }
  func.call @print(%h2) : (i64) -> ()

  // 3. A release of k - 3 behind k >= 3: negative dividends first, unused.
  %h3 = scf.for %k = %c0 to %c30 step %c1 iter_args(%h = %c0) -> (i64) : i64 {
    %later = arith.cmpi sge, %k, %c3 : i64
    %hn = scf.if %later -> (i64) {
      %x = arith.subi %k, %c3 : i64
      %r = arith.remui %x, %c6 : i64
      %q = arith.divui %x, %c6 : i64
      %m = func.call @mix(%h, %r, %q) : (i64, i64, i64) -> i64
      scf.yield %m : i64
    } else {
      scf.yield %h : i64
    }
    scf.yield %hn : i64
  }
  func.call @print(%h3) : (i64) -> ()

  // 4. Descending: 100 - 3k at depth 7.
  %h4 = scf.for %k = %c0 to %c30 step %c1 iter_args(%h = %c0) -> (i64) : i64 {
    %k3 = arith.muli %k, %c3 : i64
    %x = arith.subi %c100, %k3 : i64
    %r = arith.remui %x, %c7 : i64
    %q = arith.divui %x, %c7 : i64
    %hn = func.call @mix(%h, %r, %q) : (i64, i64, i64) -> i64
    scf.yield %hn : i64
  }
  func.call @print(%h4) : (i64) -> ()

  // 5. Invariant in an inner loop: ko + 11 at depth 10, read four times.
  %h5 = scf.for %ko = %c0 to %c30 step %c1 iter_args(%h = %c0) -> (i64) : i64 {
    %hi = scf.for %kk = %c0 to %c4 step %c1 iter_args(%hk = %h) -> (i64) : i64 {
      %x = arith.addi %ko, %c11 : i64
      %r = arith.remui %x, %c10 : i64
      %q = arith.divui %x, %c10 : i64
      %m = func.call @mix(%hk, %r, %q) : (i64, i64, i64) -> i64
      %m2 = func.call @mix(%m, %kk, %c0) : (i64, i64, i64) -> i64
      scf.yield %m2 : i64
    }
    scf.yield %hi : i64
  }
  func.call @print(%h5) : (i64) -> ()

  // 6. Step larger than the divisor: k from 1 in steps of 13 at depth 6.
  %h6 = scf.for %k = %c1 to %c100 step %c13 iter_args(%h = %c0) -> (i64) : i64 {
    %r = arith.remui %k, %c6 : i64
    %q = arith.divui %k, %c6 : i64
    %hn = func.call @mix(%h, %r, %q) : (i64, i64, i64) -> i64
    scf.yield %hn : i64
  }
  func.call @print(%h6) : (i64) -> ()
  // 7. Phase parities (the quotient carried in 32 bits) of dividends past
  //    2^34, with offsets + 8 and - 1 (behind k >= 1) from the same pair.
  %big = arith.constant 17179869189 : i64
  %c8 = arith.constant 8 : i64
  %c40 = arith.constant 40 : i64
  %h7 = scf.for %t = %c0 to %c4 step %c1 iter_args(%h = %c0) -> (i64) : i64 {
    %base = arith.muli %t, %big : i64
    %ho = scf.for %k = %c0 to %c40 step %c1 iter_args(%hk = %h) -> (i64) : i64 {
      %g = arith.addi %base, %k : i64
      %s = arith.remui %g, %c9 : i64
      %q = arith.divui %g, %c9 : i64
      %p = arith.andi %q, %c1 : i64
      %m1 = func.call @mix(%hk, %s, %p) : (i64, i64, i64) -> i64
      %g8 = arith.addi %g, %c8 : i64
      %s8 = arith.remui %g8, %c9 : i64
      %q8 = arith.divui %g8, %c9 : i64
      %p8 = arith.andi %c1, %q8 : i64
      %m2 = func.call @mix(%m1, %s8, %p8) : (i64, i64, i64) -> i64
      %later = arith.cmpi sge, %k, %c1 : i64
      %m3 = scf.if %later -> (i64) {
        %gm = arith.subi %g, %c1 : i64
        %sm = arith.remui %gm, %c9 : i64
        %qm = arith.divui %gm, %c9 : i64
        %qt = arith.trunci %qm : i64 to i32
        %qe = arith.extui %qt : i32 to i64
        %m = func.call @mix(%m2, %sm, %qe) : (i64, i64, i64) -> i64
        scf.yield %m : i64
      } else {
        scf.yield %m2 : i64
      }
      scf.yield %m3 : i64
    }
    scf.yield %ho : i64
  }
  func.call @print(%h7) : (i64) -> ()
  // 8-11. Loops that both get counters, rewritten one after the other (a
  //    later loop's dividend built from what rewriting an earlier one
  //    replaces): an inner dividend over the outer iterator; over the outer
  //    loop's carried value (a persistent kernel's global step count); over
  //    an earlier loop's result; over a remainder the pass replaces.
  %h8 = func.call @outer_iterator() : () -> i64
  func.call @print(%h8) : (i64) -> ()
  %h9 = func.call @outer_carried() : () -> i64
  func.call @print(%h9) : (i64) -> ()
  %h10 = func.call @earlier_result() : () -> i64
  func.call @print(%h10) : (i64) -> ()
  %h11 = func.call @replaced_term() : () -> i64
  func.call @print(%h11) : (i64) -> ()
  return
}

func.func @outer_iterator() -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %c9 = arith.constant 9 : i64
  %h = scf.for %o = %c0 to %c5 step %c1 iter_args(%ho = %c0) -> (i64) : i64 {
    %a = arith.remui %o, %c7 : i64
    %m = func.call @mix(%ho, %a, %c0) : (i64, i64, i64) -> i64
    %hi = scf.for %i = %c0 to %c5 step %c1 iter_args(%hk = %m) -> (i64) : i64 {
      %x = arith.addi %o, %i : i64
      %r = arith.remui %x, %c9 : i64
      %q = arith.divui %x, %c9 : i64
      %n = func.call @mix(%hk, %r, %q) : (i64, i64, i64) -> i64
      scf.yield %n : i64
    }
    scf.yield %hi : i64
  }
  return %h : i64
}

func.func @outer_carried() -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c6 = arith.constant 6 : i64
  %r:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%g = %c0, %h = %c0) -> (i64, i64) : i64 {
    %raster = arith.remui %t, %c3 : i64
    %m = func.call @mix(%h, %raster, %c0) : (i64, i64, i64) -> i64
    %hk = scf.for %k = %c0 to %c4 step %c1 iter_args(%hh = %m) -> (i64) : i64 {
      %gk = arith.addi %g, %k : i64
      %slot = arith.remui %gk, %c6 : i64
      %phase = arith.divui %gk, %c6 : i64
      %parity = arith.andi %phase, %c1 : i64
      %n = func.call @mix(%hh, %slot, %parity) : (i64, i64, i64) -> i64
      scf.yield %n : i64
    }
    %g1 = arith.addi %g, %c4 : i64
    scf.yield %g1, %hk : i64, i64
  }
  return %r#1 : i64
}

func.func @earlier_result() -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c7 = arith.constant 7 : i64
  %c9 = arith.constant 9 : i64
  %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%g = %c0, %h = %c0) -> (i64, i64) : i64 {
    %a = arith.remui %k, %c7 : i64
    %m = func.call @mix(%h, %a, %c0) : (i64, i64, i64) -> i64
    %g1 = arith.addi %g, %c1 : i64
    scf.yield %g1, %m : i64, i64
  }
  %h2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%h = %r#1) -> (i64) : i64 {
    %x = arith.addi %r#0, %k : i64
    %s = arith.remui %x, %c9 : i64
    %m = func.call @mix(%h, %s, %c0) : (i64, i64, i64) -> i64
    scf.yield %m : i64
  }
  return %h2 : i64
}

func.func @replaced_term() -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c7 = arith.constant 7 : i64
  %c100 = arith.constant 100 : i64
  %h = scf.for %o = %c0 to %c4 step %c1 iter_args(%ho = %c0) -> (i64) : i64 {
    %g = arith.addi %c100, %o : i64
    %s = arith.remui %g, %c7 : i64
    %hi = scf.for %i = %c0 to %c4 step %c1 iter_args(%hk = %ho) -> (i64) : i64 {
      %x = arith.addi %s, %i : i64
      %r = arith.remui %x, %c3 : i64
      %n = func.call @mix(%hk, %r, %s) : (i64, i64, i64) -> i64
      scf.yield %n : i64
    }
    scf.yield %hi : i64
  }
  return %h : i64
}

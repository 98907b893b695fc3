// The evaluator of control values (IndexEval.h), shared by the abstract
// machine, the collective analysis and the lowering: exact signed and
// unsigned semantics, overflow and undefined operations refused.
// RUN: exo-gpu-opt %s -exo-test-index-eval -verify-diagnostics -o /dev/null
// Every binary operation and comparison on every pair of i4 operands and on
// pairs of 64-bit edge values, against 128-bit arithmetic and arith's
// folders.
// RUN: echo 'module {}' | exo-gpu-opt -exo-test-index-eval=exhaustive=true \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL-NOT: error
// ALL: remark: 15360 cases compared, 0 disagree
// ALL-NOT: error
// The comparison finds an evaluator that reads ult's operands as signed.
// RUN: echo 'module {}' | not exo-gpu-opt \
// RUN:   -exo-test-index-eval="exhaustive=true plant-error=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLANTED
// PLANTED: error: arith.cmpi ult on -8 and 0: expected 0, the evaluator gives 1, fold gives 0
// PLANTED: remark: 15360 cases compared, 248 disagree

func.func @signed_and_unsigned() {
  %m1 = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %m7 = arith.constant -7 : index
  // Unsigned operations read -1 as 2^64 - 1.
  // expected-remark @below {{evaluates to 0}}
  %0 = arith.cmpi ult, %m1, %c2 : index
  // expected-remark @below {{evaluates to 1}}
  %1 = arith.cmpi slt, %m1, %c2 : index
  // expected-remark @below {{evaluates to 9223372036854775807}}
  %2 = arith.divui %m1, %c2 : index
  // expected-remark @below {{evaluates to 2}}
  %3 = arith.minui %m1, %c2 : index
  // expected-remark @below {{evaluates to -1}}
  %4 = arith.maxui %m1, %c2 : index
  // Signed divisions: truncated, floor, ceiling.
  // expected-remark @below {{evaluates to -3}}
  %5 = arith.divsi %m7, %c2 : index
  // expected-remark @below {{evaluates to -4}}
  %6 = arith.floordivsi %m7, %c2 : index
  // expected-remark @below {{evaluates to 4}}
  %7 = arith.ceildivsi %c7, %c2 : index
  // expected-remark @below {{evaluates to -1}}
  %8 = arith.remsi %m7, %c2 : index
  // expected-remark @below {{evaluates to 4}}
  %9 = arith.ceildivui %c7, %c2 : index
  return
}

func.func @refused() {
  %max = arith.constant 9223372036854775807 : index
  %min = arith.constant -9223372036854775808 : index
  %m1 = arith.constant -1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-remark @below {{overflows}}
  %0 = arith.addi %max, %c1 : index
  // expected-remark @below {{overflows}}
  %1 = arith.subi %min, %c1 : index
  // expected-remark @below {{overflows}}
  %2 = arith.muli %max, %max : index
  // expected-remark @below {{overflows}}
  %3 = arith.divsi %min, %m1 : index
  // expected-remark @below {{overflows}}
  %4 = arith.remsi %min, %m1 : index
  // expected-remark @below {{overflows}}
  %5 = arith.shli %max, %c1 : index
  // expected-remark @below {{is undefined}}
  %6 = arith.divui %c1, %c0 : index
  // expected-remark @below {{is undefined}}
  %7 = arith.remsi %c1, %c0 : index
  // expected-remark @below {{is undefined}}
  %8 = arith.shrui %c1, %c64 : index
  return
}

func.func @narrow_types_and_casts() {
  %i8 = arith.constant 100 : i8
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.constant 5 : index
  %b = arith.constant 6 : index
  %big = arith.constant 4294967297 : index
  %m1 = arith.constant -1 : i32
  // expected-remark @below {{overflows}}
  %0 = arith.addi %i8, %i8 : i8
  // expected-remark @below {{evaluates to 6}}
  %1 = arith.select %f, %a, %b : index
  // expected-remark @below {{evaluates to 5}}
  %2 = arith.select %t, %a, %b : index
  // An i1 is 0 or 1.
  // expected-remark @below {{evaluates to 1}}
  %3 = arith.xori %t, %f : i1
  // Casts truncate and extend as arith defines them.
  // expected-remark @below {{evaluates to 1}}
  %4 = arith.index_cast %big : index to i32
  // expected-remark @below {{evaluates to -1}}
  %5 = arith.index_cast %m1 : i32 to index
  // expected-remark @below {{evaluates to 4294967295}}
  %6 = arith.index_castui %m1 : i32 to index
  // expected-remark @below {{evaluates to 4294967295}}
  %7 = arith.extui %m1 : i32 to i64
  // Not an integer operation: no remark.
  %x = arith.constant 1.0 : f32
  %8 = arith.addf %x, %x : f32
  return
}

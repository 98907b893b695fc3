// The readers of index arithmetic (IndexExpr.h): readIndexOp's affine
// expression of each result and readLinear's linear form, over the
// function's arguments d0, d1.
// RUN: exo-gpu-opt %s -split-input-file -exo-test-index-expr -verify-diagnostics -o /dev/null

func.func @linear(%a: index, %b: index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  // expected-remark @below {{affine: d0 * 3, linear: 3 * d0 + 0}}
  %0 = arith.muli %a, %c3 : index
  // expected-remark @below {{affine: d0 * 3 + d1, linear: 3 * d0 + 1 * d1 + 0}}
  %1 = arith.addi %0, %b : index
  // expected-remark @below {{affine: d0 * 3 + d1 - 4, linear: 3 * d0 + 1 * d1 + -4}}
  %2 = arith.subi %1, %c4 : index
  // expected-remark @below {{affine: (d0 * 3 + d1 - 4) * 4, linear: 12 * d0 + 4 * d1 + -16}}
  %3 = arith.shli %2, %c2 : index
  // A term that cancels leaves the form.
  // expected-remark @below {{linear: 1 * d1 + 0}}
  %4 = arith.subi %1, %0 : index
  return
}

// -----

func.func @nonlinear(%a: index, %b: index) {
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  // A product of two leaves is affine only as a product (the launch grid's
  // tile counts); it is not linear.
  // expected-remark @below {{affine: d0 * d1, linear: none}}
  %0 = arith.muli %a, %b : index
  // Divisions: floor, ceiling, and through the reader's truncation.
  // expected-remark @below {{affine: d0 floordiv 4, linear: none}}
  %1 = arith.floordivsi %a, %c4 : index
  // expected-remark @below {{affine: d0 ceildiv 4, linear: none}}
  %2 = arith.ceildivsi %a, %c4 : index
  // expected-remark @below {{affine: d0 mod 4, linear: none}}
  %3 = arith.remui %a, %c4 : index
  // expected-remark @below {{affine: (d0 + 3) floordiv 4, linear: none}}
  %4 = arith.ceildivui %a, %c4 : index
  // A division by a value, a comparison, a maximum: neither.
  // expected-remark @below {{affine: none, linear: none}}
  %5 = arith.divsi %a, %b : index
  // expected-remark @below {{affine: none, linear: none}}
  %6 = arith.maxsi %a, %c3 : index
  return
}

// -----

func.func @overflow(%a: index) {
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  // 2^62 d0 is a linear form; 2^64 d0 is not: readLinear refuses it rather
  // than wrap the coefficient to 0. readIndexOp keeps its constants below
  // 2^61 (AffineExpr's folding wraps).
  // expected-remark @below {{affine: none, linear: 4611686018427387904 * d0 + 0}}
  %0 = arith.muli %a, %big : index
  // expected-remark @below {{affine: none, linear: none}}
  %1 = arith.muli %0, %c4 : index
  %half = arith.constant 1152921504606846976 : index
  // 2^60 d0 reads; twice that does not.
  // expected-remark @below {{affine: d0 * 1152921504606846976, linear: 1152921504606846976 * d0 + 0}}
  %2 = arith.muli %a, %half : index
  // expected-remark @below {{affine: none, linear: 2305843009213693952 * d0 + 0}}
  %3 = arith.muli %2, %c2 : index
  return
}

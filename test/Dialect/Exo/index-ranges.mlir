// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -o /dev/null

// Sizes lie in [0, 2^31 - 1]: B H S can leave int64.
exo.proc @product(%B: index, %H: index, %S: index) {
  %bh = arith.muli %B, %H : index
  // expected-error @+1 {{'arith.muli' op may overflow 64-bit index arithmetic: its value ranges over [0, 9903520300447984150353281023] for sizes in [0, 2147483647] (a proc's index arguments, narrowed by the constraints of `requires` on one size)}}
  %t = arith.muli %bh, %S : index
}

// -----

// A constraint of `requires` on one size bounds it: B, H <= 65535 and
// S <= 2^20 keep B H S below 2^52.
exo.proc @bounded(%B: index, %H: index, %S: index)
    requires affine_set<()[B, H, S] : (65535 - B >= 0, 65535 - H >= 0,
                                      1048576 - S >= 0, B - 1 >= 0)> {
  %bh = arith.muli %B, %H : index
  %t = arith.muli %bh, %S : index
}

// -----

// An equality pins the size (2 D - 128 == 0: D = 64).
exo.proc @pinned(%D: index, %S: index)
    requires affine_set<()[D, S] : (2 * D - 128 == 0, 1048576 - S >= 0)> {
  %dd = arith.muli %D, %D : index
  %t = arith.muli %dd, %S : index
  %u = arith.muli %t, %S : index
}

// -----

// A bound on a sum of sizes, or a lower bound, narrows nothing.
exo.proc @unbounded(%B: index, %H: index, %S: index)
    requires affine_set<()[B, H, S] : (65535 - B - H >= 0, B - 1 >= 0,
                                      S - 1 >= 0)> {
  %bh = arith.muli %B, %H : index
  // expected-error @+1 {{may overflow 64-bit index arithmetic}}
  %t = arith.muli %bh, %S : index
}

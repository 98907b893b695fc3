//===- FragmentLayout.h - Which thread holds a fragment element -*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The register layouts of the tensor-core fragments, written once: which
// thread of its unit holds element (row, col) of a tile, and as which of its
// registers (PTX ISA, the wgmma D and A fragments and the mma.m16n8 C / D
// fragment). The formulas are templates over an arithmetic, so that every
// reader computes the same layout in its own domain:
//  - IntArith (below): integers, for the collective analysis, which checks
//    that a thread touches only the elements it holds (WgmmaAttr and
//    MmaAttr's getAccumulatorSlot, getOperandASlot);
//  - TextArith (below): the formula as text, for the diagnostics that
//    state the layout;
//  - the lowering's IR arithmetic (ExoToNVVM, Memory.cpp), which addresses
//    the owning thread's register.
//
// An arithmetic `A` provides `A::Value` and
//   add(Value, Value), mul(Value, int64_t), div(Value, int64_t),
//   rem(Value, int64_t)
// for non-negative values (division and remainder round toward zero).
//
// Each layout also has its inverse, which the emitters read to know which
// elements a thread's registers hold: element (firstRow + rowStep(r),
// firstCol + colStep(r)) is register r of the thread, where the first row
// and column depend on the thread alone (a template, evaluated per thread
// in the kernel) and the steps on the register alone (constants). The
// static_asserts at the end prove each inverse consistent with its layout.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_FRAGMENTLAYOUT_H
#define EXOGPU_DIALECT_EXO_IR_FRAGMENTLAYOUT_H

#include <cstdint>
#include <string>

namespace exo::fragment {

/// The wgmma accumulator (m64nN, 32-bit elements): element (row, col) of the
/// 64 x N tile is held by thread 32 (row / 16) + 4 (row mod 8) + (col mod 8)
/// / 2 of the warpgroup, as register 4 (col / 8) + 2 ((row mod 16) / 8) +
/// col mod 2 of its N / 2.
template <typename A>
constexpr typename A::Value wgmmaAccumulatorThread(A &a, typename A::Value row,
                                                   typename A::Value col) {
  auto high = a.add(a.mul(a.div(row, 16), 32), a.mul(a.rem(row, 8), 4));
  return a.add(high, a.div(a.rem(col, 8), 2));
}
template <typename A>
constexpr typename A::Value
wgmmaAccumulatorRegister(A &a, typename A::Value row, typename A::Value col) {
  auto blocks = a.mul(a.div(col, 8), 4);
  auto half = a.mul(a.div(a.rem(row, 16), 8), 2);
  return a.add(a.add(blocks, half), a.rem(col, 2));
}

/// Its inverse: thread (warp w of the warpgroup, lane l) holds, as register
/// r, element (16 w + l / 4 + 8 ((r mod 4) / 2), 2 (l mod 4) + 8 (r / 4) +
/// r mod 2). (The 16-bit register-A operand's registers hold pairs: its
/// element e is the half e mod 2 of register e / 2, at the accumulator's
/// position of element e.)
template <typename A>
constexpr typename A::Value
wgmmaAccumulatorFirstRow(A &a, typename A::Value warp, typename A::Value lane) {
  return a.add(a.mul(warp, 16), a.div(lane, 4));
}
template <typename A>
constexpr typename A::Value wgmmaAccumulatorFirstCol(A &a,
                                                     typename A::Value lane) {
  return a.mul(a.rem(lane, 4), 2);
}
constexpr int64_t wgmmaAccumulatorRowStep(int64_t reg) {
  return 8 * ((reg % 4) / 2);
}
constexpr int64_t wgmmaAccumulatorColStep(int64_t reg) {
  return 8 * (reg / 4) + reg % 2;
}

/// The register-A operand of a tf32 wgmma (64 x 8): thread 32 (row / 16) +
/// 4 (row mod 8) + col mod 4 holds element (row, col) as register 2 (col /
/// 4) + (row mod 16) / 8 of its four. (16-bit A operands, 64 x 16, have the
/// accumulator's layout.)
template <typename A>
constexpr typename A::Value wgmmaTf32AThread(A &a, typename A::Value row,
                                             typename A::Value col) {
  auto high = a.add(a.mul(a.div(row, 16), 32), a.mul(a.rem(row, 8), 4));
  return a.add(high, a.rem(col, 4));
}
template <typename A>
constexpr typename A::Value wgmmaTf32ARegister(A &a, typename A::Value row,
                                               typename A::Value col) {
  return a.add(a.mul(a.div(col, 4), 2), a.div(a.rem(row, 16), 8));
}

/// Its inverse: thread (warp w, lane l) holds, as register r, element
/// (16 w + l / 4 + 8 (r mod 2), l mod 4 + 4 (r / 2)).
template <typename A>
constexpr typename A::Value wgmmaTf32AFirstCol(A &a, typename A::Value lane) {
  return a.rem(lane, 4);
}
constexpr int64_t wgmmaTf32ARowStep(int64_t reg) { return 8 * (reg % 2); }
constexpr int64_t wgmmaTf32AColStep(int64_t reg) { return 4 * (reg / 2); }

/// The mma.m16n8 accumulator (16 x 8 per warp): lane 4 (row mod 8) + col / 2
/// holds element (row, col) as register 2 (row / 8) + col mod 2 of its four.
template <typename A>
constexpr typename A::Value mmaAccumulatorLane(A &a, typename A::Value row,
                                               typename A::Value col) {
  return a.add(a.mul(a.rem(row, 8), 4), a.div(col, 2));
}
template <typename A>
constexpr typename A::Value mmaAccumulatorRegister(A &a, typename A::Value row,
                                                   typename A::Value col) {
  return a.add(a.mul(a.div(row, 8), 2), a.rem(col, 2));
}

/// Its inverse: lane l holds, as register r, element (l / 4 + 8 (r / 2),
/// 2 (l mod 4) + r mod 2).
template <typename A>
constexpr typename A::Value mmaAccumulatorFirstRow(A &a,
                                                   typename A::Value lane) {
  return a.div(lane, 4);
}
template <typename A>
constexpr typename A::Value mmaAccumulatorFirstCol(A &a,
                                                   typename A::Value lane) {
  return a.mul(a.rem(lane, 4), 2);
}
constexpr int64_t mmaAccumulatorRowStep(int64_t reg) { return 8 * (reg / 2); }
constexpr int64_t mmaAccumulatorColStep(int64_t reg) { return reg % 2; }

/// Integers.
struct IntArith {
  using Value = int64_t;
  constexpr Value add(Value x, Value y) const { return x + y; }
  constexpr Value mul(Value x, int64_t c) const { return x * c; }
  constexpr Value div(Value x, int64_t c) const { return x / c; }
  constexpr Value rem(Value x, int64_t c) const { return x % c; }
};

/// Whether each inverse above gives back, through its layout, the thread
/// and register it started from, for every thread and every register of
/// `blocks` 8-column blocks of the accumulators (the layouts repeat from
/// block to block).
constexpr bool inversesAgree(int64_t blocks) {
  IntArith a;
  for (int64_t t = 0; t < 128; ++t) {
    int64_t w = t / 32, l = t % 32;
    for (int64_t r = 0; r < 4 * blocks; ++r) {
      int64_t row =
          wgmmaAccumulatorFirstRow(a, w, l) + wgmmaAccumulatorRowStep(r);
      int64_t col = wgmmaAccumulatorFirstCol(a, l) + wgmmaAccumulatorColStep(r);
      if (wgmmaAccumulatorThread(a, row, col) != t ||
          wgmmaAccumulatorRegister(a, row, col) != r)
        return false;
    }
    for (int64_t r = 0; r < 4; ++r) {
      int64_t row = wgmmaAccumulatorFirstRow(a, w, l) + wgmmaTf32ARowStep(r);
      int64_t col = wgmmaTf32AFirstCol(a, l) + wgmmaTf32AColStep(r);
      if (wgmmaTf32AThread(a, row, col) != t ||
          wgmmaTf32ARegister(a, row, col) != r)
        return false;
    }
  }
  for (int64_t l = 0; l < 32; ++l)
    for (int64_t r = 0; r < 4; ++r) {
      int64_t row = mmaAccumulatorFirstRow(a, l) + mmaAccumulatorRowStep(r);
      int64_t col = mmaAccumulatorFirstCol(a, l) + mmaAccumulatorColStep(r);
      if (mmaAccumulatorLane(a, row, col) != l ||
          mmaAccumulatorRegister(a, row, col) != r)
        return false;
    }
  return true;
}
static_assert(inversesAgree(/*blocks=*/4),
              "a fragment layout and its inverse disagree");

/// The formula as text: `32 (row / 16) + 4 (row mod 8) + (col mod 8) / 2`.
struct TextArith {
  struct Value {
    std::string text;
    /// Whether `text` needs parentheses as an operand of a product, a
    /// quotient or a remainder.
    bool compound = false;
  };
  static Value var(std::string name) { return {std::move(name), false}; }
  Value add(const Value &x, const Value &y) {
    return {x.text + " + " + y.text, true};
  }
  Value mul(const Value &x, int64_t c) {
    return {std::to_string(c) + " " + wrapped(x), true};
  }
  Value div(const Value &x, int64_t c) {
    return {wrapped(x) + " / " + std::to_string(c), true};
  }
  Value rem(const Value &x, int64_t c) {
    return {wrapped(x) + " mod " + std::to_string(c), true};
  }

private:
  static std::string wrapped(const Value &x) {
    return x.compound ? "(" + x.text + ")" : x.text;
  }
};

} // namespace exo::fragment

#endif // EXOGPU_DIALECT_EXO_IR_FRAGMENTLAYOUT_H

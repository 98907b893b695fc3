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
typename A::Value wgmmaAccumulatorThread(A &a, typename A::Value row,
                                         typename A::Value col) {
  auto high = a.add(a.mul(a.div(row, 16), 32), a.mul(a.rem(row, 8), 4));
  return a.add(high, a.div(a.rem(col, 8), 2));
}
template <typename A>
typename A::Value wgmmaAccumulatorRegister(A &a, typename A::Value row,
                                           typename A::Value col) {
  auto blocks = a.mul(a.div(col, 8), 4);
  auto half = a.mul(a.div(a.rem(row, 16), 8), 2);
  return a.add(a.add(blocks, half), a.rem(col, 2));
}

/// The register-A operand of a tf32 wgmma (64 x 8): thread 32 (row / 16) +
/// 4 (row mod 8) + col mod 4 holds element (row, col) as register 2 (col /
/// 4) + (row mod 16) / 8 of its four. (16-bit A operands, 64 x 16, have the
/// accumulator's layout.)
template <typename A>
typename A::Value wgmmaTf32AThread(A &a, typename A::Value row,
                                   typename A::Value col) {
  auto high = a.add(a.mul(a.div(row, 16), 32), a.mul(a.rem(row, 8), 4));
  return a.add(high, a.rem(col, 4));
}
template <typename A>
typename A::Value wgmmaTf32ARegister(A &a, typename A::Value row,
                                     typename A::Value col) {
  return a.add(a.mul(a.div(col, 4), 2), a.div(a.rem(row, 16), 8));
}

/// The mma.m16n8 accumulator (16 x 8 per warp): lane 4 (row mod 8) + col / 2
/// holds element (row, col) as register 2 (row / 8) + col mod 2 of its four.
template <typename A>
typename A::Value mmaAccumulatorLane(A &a, typename A::Value row,
                                     typename A::Value col) {
  return a.add(a.mul(a.rem(row, 8), 4), a.div(col, 2));
}
template <typename A>
typename A::Value mmaAccumulatorRegister(A &a, typename A::Value row,
                                         typename A::Value col) {
  return a.add(a.mul(a.div(row, 8), 2), a.rem(col, 2));
}

/// Integers.
struct IntArith {
  using Value = int64_t;
  Value add(Value x, Value y) { return x + y; }
  Value mul(Value x, int64_t c) { return x * c; }
  Value div(Value x, int64_t c) { return x / c; }
  Value rem(Value x, int64_t c) { return x % c; }
};

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

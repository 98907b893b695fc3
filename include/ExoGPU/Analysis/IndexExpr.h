//===- IndexExpr.h - Index arithmetic read as expressions -------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The meaning of integer arithmetic for the analyses that reason about it
// symbolically, one table of operations for all of them (IndexEval.h
// computes its values):
//
// - readIndexOp: one operation as an AffineExpr of its operands'
//   expressions, for the dependence questions (Dependence.cpp), the launch
//   grid (the lowering's Kernel.cpp) and the symbolic check's reading of
//   how the sizes reach a program (SizeRoles.cpp). A truncating or unsigned
//   division, which AffineExpr has no operator for, goes through the
//   reader's own choice (new variables constrained case by case, or floor
//   division where the reader knows the dividend is not negative).
// - readLinear: a value as a constant plus a linear combination of leaf
//   values with integer coefficients, overflow-checked, for the rewrites'
//   index offsets (RewriteUtils.cpp) and the lowering's loop-carried
//   remainders (IncrementalRemainders.cpp).
//
// Both read addi and subi, muli (readLinear: by a constant only) and shli
// by a constant as the sums and products they are; readIndexOp also reads
// index casts, as the identity (its readers' values fit both types).
// test/Analysis/index-expr.mlir (-exo-test-index-expr) prints what they
// read.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_INDEXEXPR_H
#define EXOGPU_ANALYSIS_INDEXEXPR_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace exo {

/// How a reader expresses `lhs` divided by `d` > 0 rounding toward zero
/// (`isUnsigned` false: arith.divsi, arith.remsi) or as unsigned 64-bit
/// values (arith.divui, arith.remui, arith.ceildivui): the quotient and the
/// remainder.
using TruncDivFn =
    llvm::function_ref<std::pair<mlir::AffineExpr, mlir::AffineExpr>(
        mlir::AffineExpr lhs, int64_t d, bool isUnsigned)>;

/// A TruncDivFn for readers whose dividends are never negative (sizes and
/// the trip counts made of them): the floor division and the modulo, which
/// agree with the truncating and unsigned ones there.
std::pair<mlir::AffineExpr, mlir::AffineExpr>
floorDivision(mlir::AffineExpr lhs, int64_t d, bool isUnsigned);

/// The expression of the result of `op` from `operands`, the expressions
/// of its operands (none for a constant): an integer arith.constant,
/// arith.index_cast and index_castui (the identity), addi, subi, muli (of
/// two expressions that are not constants only with `products`), shli by a
/// constant below 63, floordivsi and ceildivsi by a positive constant
/// (AffineExpr's floorDiv and ceilDiv), and divsi, remsi, divui, remui and
/// ceildivui by a positive constant through `truncDiv` (ceildivui(x, d) as
/// the unsigned quotient of x + d - 1). Failure for any other operation.
mlir::FailureOr<mlir::AffineExpr>
readIndexOp(mlir::Operation *op, llvm::ArrayRef<mlir::AffineExpr> operands,
            TruncDivFn truncDiv, bool products);

/// A linear combination of values: constant + sum of coefficient * value,
/// each value once, none with coefficient 0.
struct LinearForm {
  llvm::SmallVector<std::pair<mlir::Value, int64_t>> terms;
  int64_t constant = 0;

  /// Adds `k * x`; false when a coefficient or the constant overflows 64
  /// bits.
  bool addScaled(const LinearForm &x, int64_t k);
  /// The coefficient of `v` (0 when it is not a term).
  int64_t coefficientOf(mlir::Value v) const;
};

/// Whether readLinear reads through `op` (addi, subi, or a muli or shli
/// with a constant operand).
bool isLinearIndexOp(mlir::Operation *op);

/// `v` as a LinearForm: integer constants are constants; a value
/// `isLeaf` accepts is a term; a value isLinearIndexOp defines is read
/// through. Nullopt when `v` reaches any other value, or a coefficient
/// overflows. `memo` keeps the forms read (shared subexpressions are read
/// once); reads of the same `isLeaf` may share it.
std::optional<LinearForm>
readLinear(mlir::Value v, llvm::function_ref<bool(mlir::Value)> isLeaf,
           llvm::DenseMap<mlir::Value, std::optional<LinearForm>> &memo);

/// Whether `v` is computed through arithmetic from block arguments that
/// `leaf` accepts (and constants) alone; the arithmetic operations met go
/// into `cone`.
bool isArithOf(mlir::Value v, llvm::DenseSet<mlir::Operation *> &cone,
               llvm::function_ref<bool(mlir::BlockArgument)> leaf);

} // namespace exo

#endif // EXOGPU_ANALYSIS_INDEXEXPR_H

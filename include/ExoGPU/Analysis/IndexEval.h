//===- IndexEval.h - The value of integer arithmetic ------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// One evaluator of the integer operations of the arith dialect, shared by
// every analysis that computes control values (the abstract machine, the
// collective analysis, the lowering's constant reading). Exact or refused:
//
// - a value of an N-bit type (index: 64) is held as an int64_t, sign-extended
//   from N bits; an i1 is 0 or 1;
// - signed operations (addi, subi, muli, divsi, remsi, floordivsi,
//   ceildivsi, minsi, maxsi, shrsi, cmpi s*) read their operands as signed
//   N-bit values, unsigned ones (divui, remui, ceildivui, minui, maxui,
//   shrui, cmpi u*) as unsigned N-bit values, as arith defines them;
// - addi, subi and muli whose exact signed result does not fit in N bits,
//   the signed divisions of the least N-bit value by -1, and shli that
//   shifts out a significant bit are `Overflow`: arith wraps them, the
//   programs this project checks must not rely on that (the index-range
//   verifier refuses an exo program whose index arithmetic may overflow);
// - a division or remainder by zero, or a shift by N or more, is
//   `Undefined`;
// - any other operation is `Unsupported`.
//
// test/Analysis/index-eval.mlir compares it with `Operation::fold` on every
// pair of 4-bit operands and on the 64-bit edge values
// (-exo-test-index-eval).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_INDEXEVAL_H
#define EXOGPU_ANALYSIS_INDEXEVAL_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace exo {

/// Why an integer operation has no value.
enum class IndexEvalFailure {
  /// Not an integer operation of the arith dialect this evaluator knows.
  Unsupported,
  /// The exact result does not fit the result type.
  Overflow,
  /// A division or remainder by zero, or a shift by the width or more.
  Undefined,
};

/// The result of evaluating one operation: a value or the reason there is
/// none.
class IndexEvalResult {
public:
  IndexEvalResult(int64_t value) : value(value), ok(true) {}
  IndexEvalResult(IndexEvalFailure failure) : failure(failure), ok(false) {}

  explicit operator bool() const { return ok; }
  int64_t operator*() const { return value; }
  IndexEvalFailure getFailure() const { return failure; }

private:
  int64_t value = 0;
  IndexEvalFailure failure = IndexEvalFailure::Unsupported;
  bool ok;
};

/// The value of the integer operation `op` (arith.constant of an integer or
/// index attribute, or one of the operations listed in this file's header)
/// with operand values `operands` (one per operand, in the representation
/// above).
IndexEvalResult evaluateIndexOp(mlir::Operation *op,
                                llvm::ArrayRef<int64_t> operands);

/// Whether evaluateIndexOp knows `op` (for callers that walk a slice before
/// evaluating it).
bool isEvaluableIndexOp(mlir::Operation *op);

/// The value of `v` computed through the operations evaluateIndexOp knows
/// from the values `leaf` gives (it is asked first, about every value);
/// none where the computation needs a value it does not give, or has no
/// value. With `zeroProducts`, a product with a factor 0 is 0 whatever the
/// other factor. `memo` keeps the values found.
std::optional<int64_t> evaluateFrom(
    mlir::Value v, llvm::function_ref<std::optional<int64_t>(mlir::Value)> leaf,
    llvm::DenseMap<mlir::Value, int64_t> &memo, bool zeroProducts = false);

/// Walks the computation of `roots` back to its leaves: appends each block
/// argument it reads to `args` (once, in the order found), and returns
/// whether every operation on the way is of the arith dialect (the operands
/// of any other are walked too).
bool collectArithLeaves(llvm::ArrayRef<mlir::Value> roots,
                        llvm::SmallVectorImpl<mlir::BlockArgument> &args);

} // namespace exo

#endif // EXOGPU_ANALYSIS_INDEXEVAL_H

//===- Rewrites.h - Scheduling rewrites of exo programs ---------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Each rewrite checks its whole precondition before it touches the IR; on a
// failed precondition it returns failure, fills a Refusal that says why, and
// leaves the IR as it was. The transform.exo.* ops are thin wrappers. The
// dependence and divisibility questions are answered with MLIR's Presburger
// library (Dependence.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_TRANSFORMS_REWRITES_H
#define EXOGPU_TRANSFORMS_REWRITES_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"
#include <optional>
#include <string>

namespace exo {

/// Why a rewrite refused: a message, where to report it (by default at the
/// transform op that asked) and notes at other places (the offending payload
/// op, the second access of a dependence).
struct Refusal {
  std::optional<mlir::Location> errorLoc;
  std::string message;
  llvm::SmallVector<std::pair<mlir::Location, std::string>, 2> notes;

  /// Sets the message and returns failure, for `return why.fail(...)`.
  mlir::LogicalResult fail(const llvm::Twine &msg) {
    message = msg.str();
    return mlir::failure();
  }
  Refusal &note(mlir::Location loc, const llvm::Twine &msg) {
    notes.emplace_back(loc, msg.str());
    return *this;
  }
};

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// The exo.for loops under `root` (root included) whose iterator is `name`,
/// in pre-order.
llvm::SmallVector<ForOp> matchLoops(mlir::Operation *root,
                                    llvm::StringRef name);

//===----------------------------------------------------------------------===//
// divide_loop
//===----------------------------------------------------------------------===//

enum class TailStrategy { Perfect, Guard, Cut };

struct DividedLoop {
  ForOp outer;
  ForOp inner;
  /// The loop over the last partial chunk (`Cut` only; null when the trip
  /// count is a constant multiple of the factor).
  ForOp tail;
};

/// Checks the precondition of divideLoop without changing anything.
mlir::LogicalResult checkDivideLoop(ForOp loop, int64_t factor,
                                    llvm::StringRef outerName,
                                    llvm::StringRef innerName,
                                    TailStrategy tail, Refusal &why);

/// Rewrites `loop` (i from lo to hi) into an outer loop `outerName` and an
/// inner loop `innerName` of `factor` iterations, i = lo + factor * io + ii;
/// `tail` says how a partial last chunk is handled (see
/// transform.exo.divide_loop).
mlir::FailureOr<DividedLoop> divideLoop(mlir::RewriterBase &rewriter,
                                        ForOp loop, int64_t factor,
                                        llvm::StringRef outerName,
                                        llvm::StringRef innerName,
                                        TailStrategy tail, Refusal &why);

//===----------------------------------------------------------------------===//
// reorder_loops
//===----------------------------------------------------------------------===//

struct ReorderedLoops {
  ForOp outer; ///< Iterates over the former inner loop's range.
  ForOp inner; ///< Iterates over the former outer loop's range.
};

/// Checks the precondition of reorderLoops without changing anything.
mlir::LogicalResult checkReorderLoops(ForOp outer, Refusal &why);

/// Swaps `outer` with the single loop nested in it (see
/// transform.exo.reorder_loops).
mlir::FailureOr<ReorderedLoops> reorderLoops(mlir::RewriterBase &rewriter,
                                             ForOp outer, Refusal &why);

//===----------------------------------------------------------------------===//
// set_loop_mode
//===----------------------------------------------------------------------===//

/// Checks that `loop` may take `mode` without changing anything.
mlir::LogicalResult checkSetLoopMode(ForOp loop, LoopModeAttr mode,
                                     Refusal &why);

/// Sets the mode of `loop` after checking that it may take it.
mlir::LogicalResult setLoopMode(mlir::RewriterBase &rewriter, ForOp loop,
                                LoopModeAttr mode, Refusal &why);

//===----------------------------------------------------------------------===//
// Presburger questions (Dependence.cpp)
//===----------------------------------------------------------------------===//

/// Proves that `factor` divides the trip count hi - lo of `loop` whenever the
/// loop runs, for all sizes satisfying the proc's `requires` and all values
/// of the enclosing iterators. On failure `why` says why (with example sizes
/// when there are some).
mlir::LogicalResult proveDivisible(ForOp loop, int64_t factor, Refusal &why);

/// Proves that running the iterations of `outer` and of the loop `inner`
/// directly nested in it in swapped order reverses no dependence between
/// accesses in `inner`'s body. On failure `why` names the two accesses.
mlir::LogicalResult proveReorderKeepsDependences(ForOp outer, ForOp inner,
                                                 Refusal &why);

} // namespace exo

#endif // EXOGPU_TRANSFORMS_REWRITES_H

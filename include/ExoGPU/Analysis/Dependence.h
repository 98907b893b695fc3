//===- Dependence.h - Presburger questions about exo programs ---*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The proofs the scheduling rewrites rest on: index values built with arith
// from loop iterators, sizes and constants read as quasi-affine expressions,
// and each question (a trip count divisible by a factor, a dependence a
// reorder or a fission would reverse, a bound, a value kept across
// iterations) asked of MLIR's Presburger library as one integer set, whose
// integer points are counterexamples. A question holds for all sizes that
// satisfy the proc's `requires`.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_DEPENDENCE_H
#define EXOGPU_ANALYSIS_DEPENDENCE_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
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

/// Proves that after splitting the loop nest `nest` (outermost first) into
/// the statements `first` and the statements `second` (each with the ops
/// nested in them), running every instance of `first` before every instance
/// of `second` reverses no dependence.
/// `action` names the rewrite in the refusal ("split", "fuse").
mlir::LogicalResult
proveFissionKeepsDependences(llvm::ArrayRef<ForOp> nest,
                             llvm::ArrayRef<mlir::Operation *> first,
                             llvm::ArrayRef<mlir::Operation *> second,
                             Refusal &why, llvm::StringRef action = "split");

/// Sizes for which a bound question fails, and the values of the bounds
/// asked about there.
struct BoundsExample {
  /// False when a bound is not quasi-affine in the sizes.
  bool analyzable = true;
  std::string sizes;
  llvm::SmallVector<int64_t> values;
};

/// Proves that [lo, cut) followed by [cut, hi) runs the iterations of
/// [lo, hi): lo <= cut <= hi, or hi <= cut <= lo (both empty), for all sizes
/// satisfying `requires` and values of the loops around `context`. On
/// failure `example` holds lo, cut and hi at a counterexample.
mlir::LogicalResult proveCutPoint(mlir::Operation *context,
                                  mlir::OpFoldResult lo, mlir::OpFoldResult cut,
                                  mlir::OpFoldResult hi,
                                  BoundsExample &example);

/// Proves that `a == b` under the same assumptions.
mlir::LogicalResult proveSameValue(mlir::Operation *context,
                                   mlir::OpFoldResult a, mlir::OpFoldResult b,
                                   BoundsExample &example);

/// Proves that no two distinct iterations of the perfect loop nest `nest`
/// (outermost first) touch the same element, one of them writing (two
/// reductions commute): the iterations may then run in any order.
mlir::LogicalResult proveIterationsIndependent(llvm::ArrayRef<ForOp> nest,
                                               const llvm::Twine &header,
                                               Refusal &why);

/// Proves that no read (or reduction) of `buffer` in an iteration of `loop`
/// touches an element written (or reduced) in an earlier iteration.
mlir::LogicalResult proveNoValueCarried(ForOp loop, mlir::Value buffer,
                                        const llvm::Twine &header,
                                        Refusal &why);

/// A linear combination of index values: constant + sum of coef * value.
struct LinearValue {
  llvm::SmallVector<std::pair<mlir::Value, int64_t>> terms;
  /// sign * ((terms + constant) / divisor), rounding toward zero. Only
  /// barrier coordinates have them (resolveLinearText's allowQuotients);
  /// Presburger questions never see them.
  struct Quotient {
    llvm::SmallVector<std::pair<mlir::Value, int64_t>> terms;
    int64_t constant = 0;
    int64_t divisor = 1;
    int64_t sign = 1;
  };
  llvm::SmallVector<Quotient, 0> quotients;
  int64_t constant = 0;

  static LinearValue of(mlir::OpFoldResult ofr) {
    LinearValue v;
    if (auto value = llvm::dyn_cast<mlir::Value>(ofr))
      v.terms.push_back({value, 1});
    else
      v.constant =
          llvm::cast<mlir::IntegerAttr>(llvm::cast<mlir::Attribute>(ofr))
              .getInt();
    return v;
  }
};

/// Proves that 0 <= `value` < `size` wherever `context` runs (for all sizes
/// satisfying `requires` and values of the loops around it); on failure
/// `example` holds a value outside.
mlir::LogicalResult proveInRange(mlir::Operation *context,
                                 const LinearValue &value, int64_t size,
                                 BoundsExample &example);
/// The same with a size that is a value (e.g. a loop's trip count).
mlir::LogicalResult proveInRange(mlir::Operation *context,
                                 const LinearValue &value,
                                 mlir::OpFoldResult size,
                                 BoundsExample &example);

/// Proves that `value` >= 0 wherever `context` runs; on failure `example`
/// holds a negative value.
mlir::LogicalResult proveNonNegative(mlir::Operation *context,
                                     const LinearValue &value,
                                     BoundsExample &example);

/// Proves that every read, write and reduction of `tensor` (directly, not
/// through a window) in `stmts` touches an element of the box that starts at
/// `lo` and has extents `sizes`, for all sizes satisfying `requires` and all
/// iterations. On failure `why` (under `header`) names an access and an
/// index outside the box.
mlir::LogicalResult proveAccessesInBox(llvm::ArrayRef<mlir::Operation *> stmts,
                                       mlir::Value tensor,
                                       llvm::ArrayRef<LinearValue> lo,
                                       llvm::ArrayRef<int64_t> sizes,
                                       const llvm::Twine &header, Refusal &why);

/// Proves that the box at `lo` with extents `sizes` lies within the extents
/// of `tensor` wherever `context` runs.
mlir::LogicalResult proveBoxInTensor(mlir::Operation *context,
                                     mlir::Value tensor,
                                     llvm::ArrayRef<LinearValue> lo,
                                     llvm::ArrayRef<int64_t> sizes,
                                     const llvm::Twine &header, Refusal &why);

/// Proves that running the statements of `guard` (no else branch) where its
/// condition is false changes nothing once out-of-bounds reads return 0 and
/// out-of-bounds writes do nothing: each write there falls outside its
/// tensor, or is a reduction of a product of reads that all fall outside
/// theirs. Only loops, guards, arithmetic and element accesses of the
/// proc's dram or gmem arguments may be inside. Fills `oob` with the
/// accesses that can fall outside their tensors where the guard is false.
mlir::LogicalResult
proveBoundsGuardDroppable(IfOp guard,
                          llvm::SmallVectorImpl<mlir::Operation *> &oob,
                          const llvm::Twine &header, Refusal &why);

/// Proves that `access` (an element access, or a window, of a proc argument
/// or local array directly) touches only elements inside its array wherever
/// it runs: for all sizes satisfying `requires` and the iterations of the
/// loops around it where the guards around it hold. On failure `outside`
/// says why: an iteration where it reaches past a dimension, or what cannot
/// be analyzed.
mlir::LogicalResult proveInsideTensor(mlir::Operation *access,
                                      std::string &outside);

} // namespace exo

#endif // EXOGPU_ANALYSIS_DEPENDENCE_H

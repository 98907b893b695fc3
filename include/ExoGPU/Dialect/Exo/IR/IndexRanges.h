//===- IndexRanges.h - Index arithmetic stays within 64 bits ----*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Index values are 64-bit integers on the CPU and the GPU, and every proof
// about them (a rewrite's dependence test, a trip count, a bounds check) is
// made over the unbounded integers. The two agree only while no index
// computation wraps. So sizes are bounded, every entry point refuses a size
// outside [0, kMaxSize], and the proc verifier proves, by interval
// arithmetic over that bound and the loops' ranges, that no index
// computation of a proc can leave int64_t.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_INDEXRANGES_H
#define EXOGPU_DIALECT_EXO_IR_INDEXRANGES_H

#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace exo {

/// The largest value a size (an index argument of a proc) may take; sizes
/// are in [0, kMaxSize].
constexpr int64_t kMaxSize = (int64_t(1) << 31) - 1;

/// Proves that no index computation in `proc` (an exo.proc) can overflow
/// int64_t for sizes in [0, kMaxSize]; otherwise emits an error at the first
/// op that may, with the range it may take.
mlir::LogicalResult checkIndexRanges(mlir::Operation *proc);

/// What an assertion set over the sizes (its symbols, in order) says of
/// each size alone.
struct SingleSizeConstraints {
  /// The interval (within [0, kMaxSize]) that the constraints `a s + c >= 0`
  /// and `a s + c == 0` on size s allow, if any constrains it (empty when
  /// `a` does not divide `c` in an equality).
  llvm::SmallVector<std::optional<std::pair<int64_t, int64_t>>> bounds;
  /// The lcm of the d in constraints `s mod d == 0` (0: none).
  llvm::SmallVector<int64_t> divisors;
  /// Some constraint involves several sizes, or is of another form.
  bool relatesSizes = false, unread = false;
};
SingleSizeConstraints readSingleSizeConstraints(mlir::IntegerSet set);

/// The first constraint of `set` (symbols only: the sizes of `requires`)
/// that the sizes `values` violate; std::nullopt when they satisfy all.
std::optional<unsigned> getViolatedConstraint(mlir::IntegerSet set,
                                              llvm::ArrayRef<int64_t> values);

/// Emits at `op`: "the sizes violate assertion C of @SYM: CONSTRAINT with
/// s0 = NAME = VALUE, ...", for constraint `c` of `set`, the sizes' names
/// `names` and values `values`. exo-gpu-run, the sync checker and the
/// abstract machine report a violated `requires` this way.
mlir::InFlightDiagnostic emitViolatedAssertion(
    mlir::Operation *op, llvm::StringRef sym, mlir::IntegerSet set, unsigned c,
    llvm::ArrayRef<llvm::StringRef> names, llvm::ArrayRef<int64_t> values);

/// The constraints of `requires` on one size alone: for each size argument
/// of `proc` (an exo.proc) that one bounds, the interval those constraints
/// allow (within [0, kMaxSize]). `a s + c >= 0` bounds s from below or above,
/// `a s + c == 0` pins it (an empty interval when a does not divide c).
llvm::DenseMap<mlir::Value, std::pair<int64_t, int64_t>>
getSizeBounds(mlir::Operation *proc);

/// The divisors `requires` states of single sizes: for each size argument
/// of `proc` (an exo.proc) with constraints `s mod d == 0`, the least common
/// multiple of those d.
llvm::DenseMap<mlir::Value, int64_t> getSizeDivisors(mlir::Operation *proc);

/// A number that divides every value the index value `v` can take (1 when
/// nothing is known): constants, and sums and products of them with other
/// values (sizes and iterators count as any value). Sums keep their
/// residues: 8 t + 4 + 4 is a multiple of 8.
int64_t knownDivisor(mlir::Value v, int depth = 0);
/// The same for an index that may be a constant attribute.
int64_t knownDivisor(mlir::OpFoldResult v);
/// The same for the sum of `terms` (the offsets of a chain of windows along
/// one dimension), keeping residues across the terms as knownDivisor does
/// across the operands of one sum.
int64_t knownDivisorOfSum(llvm::ArrayRef<mlir::OpFoldResult> terms);
/// Given divisors `a` and `b` (nonzero) of two factors, a divisor of their
/// product: `a * b` when it is at most 2^capLog2, else the power of two in
/// it, at most 2^capLog2 (never a larger number that might not divide).
uint64_t productDivisor(uint64_t a, uint64_t b, unsigned capLog2);

/// Refuses a size value outside [0, kMaxSize]: an error naming `name`.
/// `emit` returns a diagnostic to stream the message into.
mlir::LogicalResult
checkSizeValue(llvm::StringRef name, int64_t value,
               llvm::function_ref<mlir::InFlightDiagnostic()> emit);

} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_INDEXRANGES_H

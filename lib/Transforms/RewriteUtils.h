//===- RewriteUtils.h - Helpers shared by the rewrites ----------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Private to lib/Transforms: IR-building helpers of the scheduling rewrites.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_TRANSFORMS_REWRITEUTILS_H
#define EXOGPU_LIB_TRANSFORMS_REWRITEUTILS_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Transforms/Rewrites.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/Support/MathExtras.h"

#include <map>

namespace exo {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using mlir::Attribute;
using mlir::getConstantIntValue;
using mlir::IntegerAttr;
using mlir::Location;
using mlir::OpBuilder;
using mlir::Operation;
using mlir::OpFoldResult;
using mlir::RewriterBase;
using mlir::Value;
namespace arith = mlir::arith;

/// Index arithmetic that folds constants, so that constant bounds stay
/// integer literals of exo.for. A fold that would overflow int64_t is not
/// done: the op is emitted instead, and the proc verifier's range check
/// (exo::checkIndexRanges) refuses it.
class IndexBuilder {
public:
  /// Constants are created before `anchor`, so that loops do not repeat
  /// them.
  IndexBuilder(RewriterBase &rewriter, Location loc, Operation *anchor)
      : rewriter(rewriter), loc(loc), anchor(anchor) {}

  Value value(OpFoldResult ofr) {
    if (auto v = dyn_cast<Value>(ofr))
      return v;
    int64_t c = cast<IntegerAttr>(cast<Attribute>(ofr)).getInt();
    Value &cached = constants[c];
    if (!cached) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(anchor);
      cached = arith::ConstantIndexOp::create(rewriter, loc, c);
    }
    return cached;
  }
  OpFoldResult constant(int64_t c) { return rewriter.getIndexAttr(c); }
  void setAnchor(Operation *op) { anchor = op; }

  OpFoldResult add(OpFoldResult a, OpFoldResult b) {
    std::optional<int64_t> ca = getConstantIntValue(a);
    std::optional<int64_t> cb = getConstantIntValue(b);
    int64_t folded;
    if (ca && cb && !llvm::AddOverflow(*ca, *cb, folded))
      return constant(folded);
    if (ca == 0)
      return b;
    if (cb == 0)
      return a;
    return arith::AddIOp::create(rewriter, loc, value(a), value(b)).getResult();
  }
  OpFoldResult sub(OpFoldResult a, OpFoldResult b) {
    std::optional<int64_t> ca = getConstantIntValue(a);
    std::optional<int64_t> cb = getConstantIntValue(b);
    int64_t folded;
    if (ca && cb && !llvm::SubOverflow(*ca, *cb, folded))
      return constant(folded);
    if (cb == 0)
      return a;
    return arith::SubIOp::create(rewriter, loc, value(a), value(b)).getResult();
  }
  OpFoldResult mul(OpFoldResult a, int64_t c) {
    int64_t folded;
    if (std::optional<int64_t> ca = getConstantIntValue(a);
        ca && !llvm::MulOverflow(*ca, c, folded))
      return constant(folded);
    if (c == 1)
      return a;
    return arith::MulIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }
  /// Division rounding toward zero, like arith.divsi: for the trip counts it
  /// is applied to, a negative count gives an empty loop either way.
  OpFoldResult div(OpFoldResult a, int64_t c) {
    if (std::optional<int64_t> ca = getConstantIntValue(a);
        ca && !(*ca == INT64_MIN && c == -1))
      return constant(*ca / c);
    if (c == 1)
      return a;
    return arith::DivSIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }
  OpFoldResult rem(OpFoldResult a, int64_t c) {
    if (std::optional<int64_t> ca = getConstantIntValue(a);
        ca && !(*ca == INT64_MIN && c == -1))
      return constant(*ca % c);
    return arith::RemSIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }

private:
  RewriterBase &rewriter;
  Location loc;
  Operation *anchor;
  /// A std::map, not a DenseMap: DenseMapInfo<int64_t> reserves INT64_MAX
  /// and INT64_MIN as its empty and tombstone keys, and both are constants a
  /// schedule may ask for.
  std::map<int64_t, Value> constants;
};

/// A linear index expression written by the user in a transform op:
/// `16 * io + ii - 1`. Names are loop iterators or sizes. Barrier
/// coordinates may also hold quotients `K / 32`, `(K + 31) / 32` (they mean
/// nothing sequentially, so no proof has to read them).
struct LinearIndex {
  llvm::SmallVector<std::pair<std::string, int64_t>> terms;
  /// sign * ((terms + constant) / divisor), rounding toward zero.
  struct Quotient {
    llvm::SmallVector<std::pair<std::string, int64_t>> terms;
    int64_t constant = 0;
    int64_t divisor = 1;
    int64_t sign = 1;
  };
  llvm::SmallVector<Quotient, 0> quotients;
  int64_t constant = 0;
};

/// Parses `text` (terms `c`, `name`, `c * name`, `name * c`, optionally
/// followed by `/ d`, and `(linear) / d`, joined by `+` and `-`); on failure
/// `why` says what is wrong.
mlir::FailureOr<LinearIndex> parseLinearIndex(llvm::StringRef text,
                                              std::string &why);

/// Refuses `name` (what: "the outer loop's name") unless it is an
/// identifier, `[A-Za-z_][A-Za-z0-9_]*`: a loop's or a proc's name must
/// print as itself (`%io`, `@gemm`) and read back the same.
mlir::LogicalResult refuseNonIdentifier(llvm::StringRef name,
                                        const llvm::Twine &what, Refusal &why);

/// What a new name is given to: a loop that takes the place of `at` and
/// holds what `at` holds (its iterator is visible inside it), or an
/// allocation inserted next to `at` (visible in the whole block).
enum class NewNameKind { Loop, Alloc };

/// Refuses `name` for a loop, tensor or barrier that a rewrite creates at
/// `at` unless it is an identifier (refuseNonIdentifier) that no other name
/// in its scope takes: the proc's arguments (a size's or a tensor's name
/// keeps one meaning in index expressions and in the handles that match
/// names), the loops around it and the allocations of the blocks around it,
/// and the loops and allocations inside its scope (what the new loop
/// holds, other than `at` when `replaced`; the new allocation's block).
/// The printer would rename one of the two, and the name would not read
/// back.
mlir::LogicalResult refuseNewName(llvm::StringRef name, mlir::Operation *at,
                                  NewNameKind kind, const llvm::Twine &what,
                                  Refusal &why, bool replaced = false);

/// Refuses (under `header`) a statement that is a `cuda_tasks` loop: a
/// device function's body must stay a nest of task loops, so a rewrite that
/// would put one inside a guard, a new loop or next to new statements may
/// not take it.
mlir::LogicalResult refuseTaskLoop(Operation *stmt, const llvm::Twine &header,
                                   Refusal &why);

/// `cuda_threads<warp>` for #exo.mode<cuda_threads<warp>>.
std::string modeString(LoopModeAttr mode);

/// `index` with its names resolved at `at`; fails with `why` naming an
/// unknown name.
mlir::FailureOr<LinearValue> resolveLinearIndex(Operation *at,
                                                const LinearIndex &index,
                                                std::string &why,
                                                bool allowQuotients = false);

/// The text of a linear index expression, parsed and resolved at `at`;
/// fails with `why` saying what could not be parsed or resolved.
mlir::FailureOr<LinearValue> resolveLinearText(Operation *at,
                                               llvm::StringRef text,
                                               std::string &why,
                                               bool allowQuotients = false);

/// `ofr` as a linear combination: sums, differences and products by
/// constants are looked through; any other value is a term of its own.
LinearValue decomposeLinear(OpFoldResult ofr);

/// a - b with like terms combined (terms in order of first appearance).
LinearValue subtractLinear(const LinearValue &a, const LinearValue &b);

/// Builds `value` at the builder's insertion point.
OpFoldResult buildLinearValue(IndexBuilder &b, const LinearValue &value);

/// The tensor named `name` visible at `at`: an exo.alloc before `at` in an
/// enclosing block, innermost first, or a proc argument; null if none.
Value lookupTensorName(Operation *at, llvm::StringRef name);

/// The barrier allocation named `name` before `at` in an enclosing block,
/// or null.
Value lookupBarrierName(Operation *at, llvm::StringRef name);

/// Creates a read, assign or reduce of `source` at `indices` (`oob`: one that
/// may fall outside the tensor).
Value createRead(RewriterBase &rewriter, Location loc, Value source,
                 llvm::ArrayRef<OpFoldResult> indices, bool oob = false);
Operation *createWrite(RewriterBase &rewriter, Location loc, bool reduce,
                       Value dest, llvm::ArrayRef<OpFoldResult> indices,
                       Value value, bool oob = false);

/// Makes the read, assign or reduce `access` use `source` at `indices`. With
/// `inBounds` (the caller proved that `source` covers the access, e.g. a
/// staged copy of its window) the access loses any `oob` mark; otherwise it
/// keeps it.
void retargetAccess(RewriterBase &rewriter, Operation *access, Value source,
                    llvm::ArrayRef<OpFoldResult> indices,
                    bool inBounds = false);

} // namespace exo

#endif // EXOGPU_LIB_TRANSFORMS_REWRITEUTILS_H

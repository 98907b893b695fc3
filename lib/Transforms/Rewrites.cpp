//===- Rewrites.cpp - Scheduling rewrites of exo programs -----------------===//
//
// Part of the Exo-GPU project.
//
// Every rewrite first checks its whole precondition (check*), then changes
// the IR; the precondition is what makes the rewrite keep the sequential
// meaning of the program (see docs/Scheduling.md).
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace exo;

namespace {

/// Index arithmetic that folds constants, so that constant bounds stay
/// integer literals of exo.for.
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
    if (ca && cb)
      return constant(*ca + *cb);
    if (ca == 0)
      return b;
    if (cb == 0)
      return a;
    return arith::AddIOp::create(rewriter, loc, value(a), value(b)).getResult();
  }
  OpFoldResult sub(OpFoldResult a, OpFoldResult b) {
    std::optional<int64_t> ca = getConstantIntValue(a);
    std::optional<int64_t> cb = getConstantIntValue(b);
    if (ca && cb)
      return constant(*ca - *cb);
    if (cb == 0)
      return a;
    return arith::SubIOp::create(rewriter, loc, value(a), value(b)).getResult();
  }
  OpFoldResult mul(OpFoldResult a, int64_t c) {
    if (std::optional<int64_t> ca = getConstantIntValue(a))
      return constant(*ca * c);
    if (c == 1)
      return a;
    return arith::MulIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }
  /// Division rounding toward zero, like arith.divsi: for the trip counts it
  /// is applied to, a negative count gives an empty loop either way.
  OpFoldResult div(OpFoldResult a, int64_t c) {
    if (std::optional<int64_t> ca = getConstantIntValue(a))
      return constant(*ca / c);
    if (c == 1)
      return a;
    return arith::DivSIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }
  OpFoldResult rem(OpFoldResult a, int64_t c) {
    if (std::optional<int64_t> ca = getConstantIntValue(a))
      return constant(*ca % c);
    return arith::RemSIOp::create(rewriter, loc, value(a), value(constant(c)))
        .getResult();
  }

private:
  RewriterBase &rewriter;
  Location loc;
  Operation *anchor;
  llvm::DenseMap<int64_t, Value> constants;
};

/// `cuda_threads<warp>` for #exo.mode<cuda_threads<warp>>.
std::string modeString(LoopModeAttr mode) {
  std::string s;
  llvm::raw_string_ostream(s) << mode;
  StringRef bare(s);
  if (bare.consume_front("#exo.mode<") && bare.consume_back(">"))
    return bare.str();
  return s;
}

} // namespace

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

SmallVector<ForOp> exo::matchLoops(Operation *root, StringRef name) {
  SmallVector<ForOp> loops;
  root->walk<WalkOrder::PreOrder>([&](ForOp loop) {
    if (loop.getIterName() == name)
      loops.push_back(loop);
  });
  return loops;
}

//===----------------------------------------------------------------------===//
// divide_loop
//===----------------------------------------------------------------------===//

LogicalResult exo::checkDivideLoop(ForOp loop, int64_t factor,
                                   StringRef outerName, StringRef innerName,
                                   TailStrategy tail, Refusal &why) {
  if (factor <= 0)
    return why.fail("expected a positive factor, got " + Twine(factor));
  if (outerName.empty() || innerName.empty() || outerName == innerName)
    return why.fail("expected two different, non-empty iterator names, got '" +
                    outerName + "' and '" + innerName + "'");
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail("cannot divide loop '" + loop.getIterName() +
                    "': only seq loops are divided (set the mode after "
                    "dividing)");
  }
  if (tail == TailStrategy::Perfect)
    return proveDivisible(loop, factor, why);
  return success();
}

FailureOr<DividedLoop> exo::divideLoop(RewriterBase &rewriter, ForOp loop,
                                       int64_t factor, StringRef outerName,
                                       StringRef innerName, TailStrategy tail,
                                       Refusal &why) {
  if (failed(checkDivideLoop(loop, factor, outerName, innerName, tail, why)))
    return failure();
  Location loc = loop.getLoc();
  LoopModeAttr mode = loop.getMode();
  IndexBuilder ib(rewriter, loc, loop);
  OpFoldResult zero = ib.constant(0);
  OpFoldResult lo = loop.getLowerBound(), hi = loop.getUpperBound();

  rewriter.setInsertionPoint(loop);
  OpFoldResult trip = ib.sub(hi, lo);
  std::optional<int64_t> constTrip = getConstantIntValue(trip);
  bool exact = constTrip && (*constTrip <= 0 || *constTrip % factor == 0);
  OpFoldResult count =
      tail == TailStrategy::Guard && !exact
          ? ib.div(ib.add(trip, ib.constant(factor - 1)), factor)
          : ib.div(trip, factor);
  DividedLoop result;
  result.outer = ForOp::create(rewriter, loc, zero, count, mode, outerName);
  ib.setAnchor(result.outer);

  // The tail copies the body before the body moves into the main loops.
  if (tail == TailStrategy::Cut && !exact) {
    rewriter.setInsertionPointAfter(result.outer);
    OpFoldResult start = ib.add(lo, ib.mul(count, factor));
    OpFoldResult rest = ib.rem(trip, factor);
    result.tail = ForOp::create(rewriter, loc, zero, rest, mode, innerName);
    rewriter.setInsertionPointToStart(&result.tail.getBodyBlock());
    IRMapping map;
    map.map(loop.getInductionVar(),
            ib.value(ib.add(start, result.tail.getInductionVar())));
    for (Operation &op : loop.getBodyBlock())
      rewriter.clone(op, map);
  }

  rewriter.setInsertionPointToStart(&result.outer.getBodyBlock());
  result.inner =
      ForOp::create(rewriter, loc, zero, ib.constant(factor), mode, innerName);
  rewriter.setInsertionPointToStart(&result.inner.getBodyBlock());
  Value i =
      ib.value(ib.add(lo, ib.add(ib.mul(result.outer.getInductionVar(), factor),
                                 result.inner.getInductionVar())));
  Block *dest = &result.inner.getBodyBlock();
  if (tail == TailStrategy::Guard && !exact) {
    Value cond = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                       i, ib.value(hi));
    auto guard = IfOp::create(rewriter, loc, cond);
    dest = rewriter.createBlock(&guard.getThenRegion());
  }
  rewriter.mergeBlocks(&loop.getBodyBlock(), dest, {i});
  rewriter.eraseOp(loop);
  return result;
}

//===----------------------------------------------------------------------===//
// reorder_loops
//===----------------------------------------------------------------------===//

/// The loop nested in `outer`, if the rest of `outer`'s body is index
/// arithmetic.
static FailureOr<ForOp> getPerfectlyNestedLoop(ForOp outer, Refusal &why) {
  std::string header =
      ("cannot reorder loop '" + outer.getIterName() + "'").str();
  ForOp inner;
  for (Operation &op : outer.getBodyBlock()) {
    if (auto loop = dyn_cast<ForOp>(op)) {
      if (inner) {
        why.note(loop.getLoc(), "a second loop in its body");
        return why.fail(header + ": its body holds more than one exo.for");
      }
      inner = loop;
      continue;
    }
    if (op.getNumRegions() == 0 && isMemoryEffectFree(&op))
      continue;
    why.note(op.getLoc(), "this statement is not index arithmetic");
    return why.fail(header + ": its body must hold one exo.for and index "
                             "arithmetic only");
  }
  if (!inner) {
    why.note(outer.getLoc(), "this loop");
    return why.fail(header + ": its body holds no exo.for");
  }
  return inner;
}

LogicalResult exo::checkReorderLoops(ForOp outer, Refusal &why) {
  FailureOr<ForOp> inner = getPerfectlyNestedLoop(outer, why);
  if (failed(inner))
    return failure();
  for (Value bound : inner->getDynamicBounds()) {
    if (!outer.getBody().isAncestor(bound.getParentRegion()))
      continue;
    why.note(inner->getLoc(), "the bounds of this loop depend on loop '" +
                                  outer.getIterName() + "'");
    return why.fail("cannot reorder loops '" + outer.getIterName() + "' and '" +
                    inner->getIterName() + "': the nest is not rectangular");
  }
  if (outer.getMode().isTasks() != inner->getMode().isTasks()) {
    why.note(outer.getLoc(), "this loop is " + modeString(outer.getMode()));
    why.note(inner->getLoc(), "this loop is " + modeString(inner->getMode()));
    return why.fail("cannot reorder loops '" + outer.getIterName() + "' and '" +
                    inner->getIterName() +
                    "': cuda_tasks loops must stay the outermost nest");
  }
  return proveReorderKeepsDependences(outer, *inner, why);
}

FailureOr<ReorderedLoops> exo::reorderLoops(RewriterBase &rewriter, ForOp outer,
                                            Refusal &why) {
  if (failed(checkReorderLoops(outer, why)))
    return failure();
  ForOp inner = *getPerfectlyNestedLoop(outer, why);
  ReorderedLoops result;
  rewriter.setInsertionPoint(outer);
  result.outer = ForOp::create(rewriter, inner.getLoc(), inner.getLowerBound(),
                               inner.getUpperBound(), inner.getMode(),
                               inner.getIterName());
  result.outer->setDiscardableAttrs(inner->getDiscardableAttrDictionary());
  rewriter.setInsertionPointToStart(&result.outer.getBodyBlock());
  result.inner = ForOp::create(rewriter, outer.getLoc(), outer.getLowerBound(),
                               outer.getUpperBound(), outer.getMode(),
                               outer.getIterName());
  result.inner->setDiscardableAttrs(outer->getDiscardableAttrDictionary());
  // The inner body takes the inner loop's place in the outer body, which
  // then becomes the body of the new inner loop.
  rewriter.inlineBlockBefore(&inner.getBodyBlock(), inner,
                             {result.outer.getInductionVar()});
  rewriter.eraseOp(inner);
  rewriter.mergeBlocks(&outer.getBodyBlock(), &result.inner.getBodyBlock(),
                       {result.inner.getInductionVar()});
  rewriter.eraseOp(outer);
  return result;
}

//===----------------------------------------------------------------------===//
// set_loop_mode
//===----------------------------------------------------------------------===//

LogicalResult exo::checkSetLoopMode(ForOp loop, LoopModeAttr mode,
                                    Refusal &why) {
  std::string header =
      ("cannot make loop '" + loop.getIterName() + "' " + modeString(mode))
          .str();
  if (std::optional<std::string> reason = checkLoopMode(loop, mode)) {
    why.note(loop.getLoc(), *reason);
    return why.fail(header);
  }
  DeviceFunctionOp device = getEnclosingDeviceFunction(loop);
  if (!device)
    return success();
  // The device function's nest of cuda_tasks loops: verify a detached copy
  // with the new mode, so that the payload stays untouched.
  IRMapping map;
  OwningOpRef<Operation *> copy(device->clone(map));
  cast<ForOp>(map.lookup(loop.getOperation())).setModeAttr(mode);
  std::string reason;
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler handler(loop.getContext(), [&](Diagnostic &d) {
      if (reason.empty())
        reason = d.str();
      return success();
    });
    verified = cast<DeviceFunctionOp>(*copy).verifyRegions();
  }
  if (succeeded(verified))
    return success();
  why.note(loop.getLoc(), reason);
  return why.fail(header);
}

LogicalResult exo::setLoopMode(RewriterBase &rewriter, ForOp loop,
                               LoopModeAttr mode, Refusal &why) {
  if (failed(checkSetLoopMode(loop, mode, why)))
    return failure();
  rewriter.modifyOpInPlace(loop, [&] { loop.setModeAttr(mode); });
  return success();
}

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
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include "RewriteUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace exo;

namespace {} // namespace

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
  // The factor is the inner loop's extent, a size like any other: a larger
  // one would make an inner loop of up to 2^63 iterations, nearly all of
  // them guarded out or cut, around a loop that runs at most kMaxSize.
  if (factor > kMaxSize)
    return why.fail("expected a factor of at most " + Twine(kMaxSize) +
                    " (the largest size), got " + Twine(factor));
  if (outerName.empty() || innerName.empty() || outerName == innerName)
    return why.fail("expected two different, non-empty iterator names, got '" +
                    outerName + "' and '" + innerName + "'");
  if (failed(refuseNewName(outerName, loop, NewNameKind::Loop,
                           "the outer loop's name", why, /*replaced=*/true)) ||
      failed(refuseNewName(innerName, loop, NewNameKind::Loop,
                           "the inner loop's name", why, /*replaced=*/true)))
    return failure();
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

//===----------------------------------------------------------------------===//
// fission
//===----------------------------------------------------------------------===//

namespace {
/// The loops split by a fission, innermost first, and the op after which
/// each is split (the statement, then the inner loops).
struct FissionPlan {
  SmallVector<ForOp> loops;
  SmallVector<Operation *> pivots;
};
} // namespace

/// `v` as `%name` for diagnostics.
static std::string valueName(Value v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v.printAsOperand(os, OpPrintingFlags());
  return s;
}

/// Whether `op`, defined in the first part of a fission, can be computed
/// again in the second part: side-effect-free, without regions, from values
/// that are either available there or themselves recomputable.
static bool isRecomputable(Operation *op,
                           const llvm::SmallPtrSetImpl<Operation *> &first) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return false;
  for (Value operand : op->getOperands()) {
    Operation *def = operand.getDefiningOp();
    if (def && first.contains(def) && !isRecomputable(def, first))
      return false;
  }
  return true;
}

static FailureOr<FissionPlan> planFission(Operation *stmt, int64_t depth,
                                          Refusal &why) {
  if (depth < 1)
    return why.fail("expected a positive depth, got " + Twine(depth));
  FissionPlan plan;
  Operation *pivot = stmt;
  for (int64_t level = 0; level < depth; ++level) {
    auto loop = dyn_cast_or_null<ForOp>(pivot->getParentOp());
    if (!loop) {
      why.note(pivot->getLoc(), "this op is not directly in the body of an "
                                "exo.for");
      return why.fail("cannot split after the statement: it is not nested "
                      "directly in " +
                      Twine(depth) + " loop" + (depth == 1 ? "" : "s"));
    }
    if (loop.getMode().isTasks()) {
      why.note(loop.getLoc(), "this loop is cuda_tasks");
      return why.fail("cannot split loop '" + loop.getIterName() +
                      "': a device function keeps one nest of cuda_tasks "
                      "loops");
    }
    plan.loops.push_back(loop);
    plan.pivots.push_back(pivot);
    pivot = loop;
  }
  return plan;
}

LogicalResult exo::checkFission(Operation *stmt, int64_t depth, Refusal &why) {
  FailureOr<FissionPlan> plan = planFission(stmt, depth, why);
  if (failed(plan))
    return failure();
  ForOp top = plan->loops.back();
  std::string header = ("cannot split loop '" + top.getIterName() + "'").str();
  // The first part: what precedes each pivot (the statement included); the
  // second: what follows.
  llvm::SmallPtrSet<Operation *, 16> firstSet;
  SmallVector<Operation *> first, second;
  for (auto [loop, pivot] : llvm::zip(plan->loops, plan->pivots)) {
    for (Operation &op : loop.getBodyBlock()) {
      if (&op == pivot) {
        if (pivot == stmt) {
          firstSet.insert(&op);
          first.push_back(&op);
        }
        break;
      }
      firstSet.insert(&op);
      first.push_back(&op);
    }
    for (Operation *op = pivot->getNextNode(); op; op = op->getNextNode())
      second.push_back(op);
  }
  if (second.empty()) {
    why.note(stmt->getLoc(), "nothing follows this statement in the nest");
    return why.fail(header + ": the second loop would be empty");
  }
  // Values defined in the first part and used in the second: by the ops of
  // the second part, and by the bounds of the copy of each inner loop that
  // gets one (an inner loop with something after its pivot).
  auto usedAcross = [&](Operation *user, Value operand) {
    Operation *def = operand.getDefiningOp();
    if (!def || !firstSet.contains(def) || isRecomputable(def, firstSet))
      return false;
    why.note(def->getLoc(), "defined in the first part");
    why.note(user->getLoc(), "used in the second part");
    (void)why.fail(header + ": value " + valueName(operand) +
                   " is used across the split");
    return true;
  };
  bool innerRest = false;
  for (auto [loop, pivot] : llvm::zip(plan->loops, plan->pivots)) {
    if (innerRest && pivot != stmt)
      for (Value bound : cast<ForOp>(pivot).getDynamicBounds())
        if (usedAcross(pivot, bound))
          return failure();
    innerRest = innerRest || pivot->getNextNode();
  }
  for (Operation *top2 : second) {
    WalkResult walked = top2->walk([&](Operation *user) {
      for (Value operand : user->getOperands())
        if (usedAcross(user, operand))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walked.wasInterrupted())
      return failure();
  }
  SmallVector<ForOp> nest(llvm::reverse(plan->loops));
  return proveFissionKeepsDependences(nest, first, second, why);
}

FailureOr<FissionedLoops> exo::fission(RewriterBase &rewriter, Operation *stmt,
                                       int64_t depth, Refusal &why) {
  if (failed(checkFission(stmt, depth, why)))
    return failure();
  FissionPlan plan = *planFission(stmt, depth, why);
  ForOp second;
  for (auto [loopRef, pivot] : llvm::zip(plan.loops, plan.pivots)) {
    ForOp loop = loopRef;
    // What follows the pivot (the second part of the inner level included).
    SmallVector<Operation *> rest;
    for (Operation *op = pivot->getNextNode(); op; op = op->getNextNode())
      rest.push_back(op);
    if (rest.empty()) {
      second = nullptr;
      continue;
    }
    rewriter.setInsertionPointAfter(loop);
    second =
        ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                      loop.getUpperBound(), loop.getMode(), loop.getIterName());
    second->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *dest = &second.getBodyBlock();
    for (Operation *op : rest)
      rewriter.moveOpBefore(op, dest, dest->end());

    // Recompute, at the start of the new loop, the values of this level's
    // first part that the second part uses.
    llvm::SetVector<Operation *> needed;
    SmallVector<Operation *> worklist;
    auto need = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == &loop.getBodyBlock() && needed.insert(def))
        worklist.push_back(def);
    };
    second->walk([&](Operation *user) {
      for (Value operand : user->getOperands())
        need(operand);
    });
    while (!worklist.empty())
      for (Value operand : worklist.pop_back_val()->getOperands())
        need(operand);
    SmallVector<Operation *> ordered(needed.begin(), needed.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    IRMapping map;
    map.map(loop.getInductionVar(), second.getInductionVar());
    rewriter.setInsertionPointToStart(dest);
    for (Operation *op : ordered)
      rewriter.clone(*op, map);
    auto inSecond = [&](OpOperand &use) {
      return second->isAncestor(use.getOwner());
    };
    rewriter.replaceUsesWithIf(loop.getInductionVar(), second.getInductionVar(),
                               inSecond);
    for (Operation *op : ordered)
      rewriter.replaceUsesWithIf(op->getResults(), map.lookup(op)->getResults(),
                                 inSecond);
    // What only the second part used is dead in the first.
    for (Operation *op : llvm::reverse(ordered))
      if (op->use_empty() && op != stmt)
        rewriter.eraseOp(op);
  }
  return FissionedLoops{plan.loops.back(), second};
}

//===----------------------------------------------------------------------===//
// unroll
//===----------------------------------------------------------------------===//

LogicalResult exo::checkUnroll(ForOp loop, int64_t maxTrips, Refusal &why) {
  std::string header =
      ("cannot unroll loop '" + loop.getIterName() + "'").str();
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail(header + ": only seq loops are unrolled (the iterations "
                             "of a parallel loop run on different units, not "
                             "one after another)");
  }
  std::optional<int64_t> lo = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> hi = getConstantIntValue(loop.getUpperBound());
  if (!lo || !hi) {
    why.note(loop.getLoc(), "this loop");
    return why.fail(header + ": expected constant bounds");
  }
  if (*hi - *lo > maxTrips) {
    why.note(loop.getLoc(), "this loop runs " + Twine(*hi - *lo) + " times");
    return why.fail(header + ": expected at most " + Twine(maxTrips) +
                    " iterations (raise `max` to allow more)");
  }
  return success();
}

LogicalResult exo::unroll(RewriterBase &rewriter, ForOp loop, int64_t maxTrips,
                          Refusal &why) {
  if (failed(checkUnroll(loop, maxTrips, why)))
    return failure();
  int64_t lo = *getConstantIntValue(loop.getLowerBound());
  int64_t hi = *getConstantIntValue(loop.getUpperBound());
  IndexBuilder ib(rewriter, loop.getLoc(), loop);
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> ivs;
  for (int64_t i = lo; i < hi; ++i)
    ivs.push_back(ib.value(ib.constant(i)));
  for (Value iv : ivs) {
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    for (Operation &op : loop.getBodyBlock())
      rewriter.clone(op, map);
  }
  rewriter.eraseOp(loop);
  return success();
}

//===----------------------------------------------------------------------===//
// cut_loop, join_loops, shift_loop
//===----------------------------------------------------------------------===//

/// "with N = 2, " or "" when there are no sizes.
static std::string withSizes(const BoundsExample &example) {
  return example.sizes.empty() ? std::string() : "with " + example.sizes + ", ";
}

LogicalResult exo::checkCutLoop(ForOp loop, int64_t cut, Refusal &why) {
  std::string header =
      ("cannot cut loop '" + loop.getIterName() + "' at " + Twine(cut)).str();
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail(header + ": only seq loops are cut");
  }
  BoundsExample example;
  OpFoldResult at = IntegerAttr::get(IndexType::get(loop.getContext()), cut);
  if (succeeded(proveCutPoint(loop, loop.getLowerBound(), at,
                              loop.getUpperBound(), example)))
    return success();
  if (!example.analyzable) {
    why.note(loop.getLoc(), "its bounds are not quasi-affine in the sizes");
    return why.fail(header);
  }
  why.note(loop.getLoc(), withSizes(example) + "the loop runs from " +
                              Twine(example.values[0]) + " to " +
                              Twine(example.values[2]));
  return why.fail(header + ": cannot prove that the cut point lies between "
                           "the bounds");
}

FailureOr<CutLoops> exo::cutLoop(RewriterBase &rewriter, ForOp loop,
                                 int64_t cut, Refusal &why) {
  if (failed(checkCutLoop(loop, cut, why)))
    return failure();
  IndexBuilder ib(rewriter, loop.getLoc(), loop);
  CutLoops result;
  rewriter.setInsertionPoint(loop);
  result.first =
      ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                    ib.constant(cut), loop.getMode(), loop.getIterName());
  result.first->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  rewriter.setInsertionPointToStart(&result.first.getBodyBlock());
  IRMapping map;
  map.map(loop.getInductionVar(), result.first.getInductionVar());
  for (Operation &op : loop.getBodyBlock())
    rewriter.clone(op, map);
  rewriter.setInsertionPoint(loop);
  result.second =
      ForOp::create(rewriter, loop.getLoc(), ib.constant(cut),
                    loop.getUpperBound(), loop.getMode(), loop.getIterName());
  result.second->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  rewriter.mergeBlocks(&loop.getBodyBlock(), &result.second.getBodyBlock(),
                       {result.second.getInductionVar()});
  rewriter.eraseOp(loop);
  return result;
}

LogicalResult exo::checkJoinLoops(ForOp first, ForOp second, Refusal &why) {
  std::string header = ("cannot join loops '" + first.getIterName() +
                        "' and '" + second.getIterName() + "'")
                           .str();
  if (first == second) {
    why.note(first.getLoc(), "this loop");
    return why.fail(header + ": expected two different loops");
  }
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second)) {
    why.note(second.getLoc(), "this loop does not follow the first one in "
                              "the same block");
    return why.fail(header + ": the loops are not adjacent");
  }
  for (Operation *op = first->getNextNode(); op != second;
       op = op->getNextNode()) {
    if (op->getNumRegions() == 0 && isMemoryEffectFree(op))
      continue;
    why.note(op->getLoc(), "this statement is between the loops");
    return why.fail(header + ": the loops are not adjacent");
  }
  for (ForOp loop : {first, second}) {
    if (loop.getMode().isSeq())
      continue;
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail(header + ": only seq loops are joined");
  }
  // Equal bodies, up to the iterators.
  llvm::DenseMap<Value, Value> map;
  bool equal = OperationEquivalence::isRegionEquivalentTo(
      &first.getBody(), &second.getBody(),
      [&](Value a, Value b) { return success(a == b || map.lookup(a) == b); },
      [&](Value a, Value b) { map[a] = b; },
      OperationEquivalence::IgnoreLocations);
  if (!equal) {
    why.note(second.getLoc(), "the body of this loop differs from the "
                              "first one's");
    return why.fail(header + ": the bodies differ");
  }
  BoundsExample example;
  if (failed(proveSameValue(first, first.getUpperBound(),
                            second.getLowerBound(), example))) {
    if (!example.analyzable) {
      why.note(second.getLoc(), "the bounds are not quasi-affine in the sizes");
      return why.fail(header);
    }
    why.note(second.getLoc(), withSizes(example) + "the first loop ends at " +
                                  Twine(example.values[0]) +
                                  " and this one starts at " +
                                  Twine(example.values[1]));
    return why.fail(header + ": cannot prove that the ranges touch");
  }
  if (failed(proveCutPoint(first, first.getLowerBound(), first.getUpperBound(),
                           second.getUpperBound(), example))) {
    if (!example.analyzable) {
      why.note(second.getLoc(), "the bounds are not quasi-affine in the sizes");
      return why.fail(header);
    }
    why.note(second.getLoc(), withSizes(example) + "the loops run from " +
                                  Twine(example.values[0]) + " to " +
                                  Twine(example.values[1]) + " and from " +
                                  Twine(example.values[1]) + " to " +
                                  Twine(example.values[2]));
    return why.fail(header + ": cannot prove that one loop over the joined "
                             "range runs the same iterations");
  }
  return success();
}

FailureOr<ForOp> exo::joinLoops(RewriterBase &rewriter, ForOp first,
                                ForOp second, Refusal &why) {
  if (failed(checkJoinLoops(first, second, why)))
    return failure();
  // At the second loop's place: its upper bound may be defined between the
  // loops, and the first body only uses values defined before the first.
  rewriter.setInsertionPoint(second);
  auto joined = ForOp::create(rewriter, first.getLoc(), first.getLowerBound(),
                              second.getUpperBound(), first.getMode(),
                              first.getIterName());
  joined->setDiscardableAttrs(first->getDiscardableAttrDictionary());
  rewriter.mergeBlocks(&first.getBodyBlock(), &joined.getBodyBlock(),
                       {joined.getInductionVar()});
  rewriter.eraseOp(first);
  rewriter.eraseOp(second);
  return joined;
}

LogicalResult exo::checkShiftLoop(ForOp loop, int64_t start, Refusal &why) {
  if (start < 0)
    return why.fail("expected a non-negative start, got " + Twine(start));
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail("cannot shift loop '" + loop.getIterName() +
                    "': only seq loops are shifted");
  }
  return success();
}

FailureOr<ForOp> exo::shiftLoop(RewriterBase &rewriter, ForOp loop,
                                int64_t start, Refusal &why) {
  if (failed(checkShiftLoop(loop, start, why)))
    return failure();
  IndexBuilder ib(rewriter, loop.getLoc(), loop);
  OpFoldResult lo = loop.getLowerBound(), hi = loop.getUpperBound();
  rewriter.setInsertionPoint(loop);
  OpFoldResult newHi = ib.add(ib.constant(start), ib.sub(hi, lo));
  auto shifted = ForOp::create(rewriter, loop.getLoc(), ib.constant(start),
                               newHi, loop.getMode(), loop.getIterName());
  shifted->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  ib.setAnchor(shifted);
  rewriter.setInsertionPointToStart(&shifted.getBodyBlock());
  OpFoldResult offset = ib.sub(lo, ib.constant(start));
  Value i = ib.value(ib.add(shifted.getInductionVar(), offset));
  rewriter.mergeBlocks(&loop.getBodyBlock(), &shifted.getBodyBlock(), {i});
  rewriter.eraseOp(loop);
  return shifted;
}

//===----------------------------------------------------------------------===//
// lift_alloc, sink_alloc
//===----------------------------------------------------------------------===//

LogicalResult exo::checkLiftAlloc(AllocOp alloc, Refusal &why) {
  std::string header =
      ("cannot lift allocation '" + alloc.getName() + "'").str();
  auto loop = dyn_cast_or_null<ForOp>(alloc->getParentOp());
  if (!loop) {
    why.note(alloc.getLoc(), "this allocation");
    return why.fail(header + ": it is not directly in the body of an exo.for");
  }
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail(header + ": only allocations in seq loops are lifted");
  }
  // Barriers mean nothing sequentially: one array for all iterations is for
  // the synchronization checker to judge (a ring's phases would restart:
  // chain_rings shifts its elements instead).
  if (auto barrier = dyn_cast<BarrierType>(alloc.getType())) {
    if (barrier.getRingDim() >= 0) {
      why.note(alloc.getLoc(), "this allocation");
      return why.fail(header + ": it is a ring barrier array (use "
                               "transform.exo.chain_rings)");
    }
    return success();
  }
  if (Value guard = alloc.getGuard();
      guard && loop.getBody().isAncestor(guard.getParentRegion())) {
    why.note(guard.getLoc(), "its guard is defined in the loop");
    return why.fail(header);
  }
  return proveNoValueCarried(loop, alloc.getResult(), header, why);
}

LogicalResult exo::liftAlloc(RewriterBase &rewriter, AllocOp alloc,
                             Refusal &why) {
  if (failed(checkLiftAlloc(alloc, why)))
    return failure();
  rewriter.moveOpBefore(alloc, alloc->getParentOp());
  return success();
}

FailureOr<ForOp> exo::checkSinkAlloc(AllocOp alloc, Refusal &why) {
  std::string header =
      ("cannot sink allocation '" + alloc.getName() + "'").str();
  if (!isa<exo::TensorType>(alloc.getType())) {
    why.note(alloc.getLoc(), "this allocation");
    return why.fail(header + ": only tensor allocations are sunk");
  }
  ForOp loop;
  for (OpOperand &use : alloc->getUses()) {
    Operation *top = alloc->getBlock()->findAncestorOpInBlock(*use.getOwner());
    auto user = dyn_cast_or_null<ForOp>(top);
    if (!user) {
      why.note(use.getOwner()->getLoc(), "this use is outside any loop that "
                                         "follows the allocation");
      return why.fail(header + ": it is not used by one loop only");
    }
    if (loop && user != loop) {
      // Name the two loops in program order.
      if (user->isBeforeInBlock(loop))
        std::swap(user, loop);
      why.note(loop.getLoc(), "this loop uses it");
      why.note(user.getLoc(), "and so does this one");
      return why.fail(header + ": it is not used by one loop only");
    }
    loop = user;
  }
  if (!loop) {
    why.note(alloc.getLoc(), "this allocation");
    return why.fail(header + ": it is not used");
  }
  if (!loop.getMode().isSeq()) {
    why.note(loop.getLoc(), "this loop is " + modeString(loop.getMode()));
    return why.fail(header + ": only allocations used by seq loops are sunk");
  }
  if (failed(proveNoValueCarried(loop, alloc.getResult(), header, why)))
    return failure();
  return loop;
}

LogicalResult exo::sinkAlloc(RewriterBase &rewriter, AllocOp alloc,
                             Refusal &why) {
  FailureOr<ForOp> loop = checkSinkAlloc(alloc, why);
  if (failed(loop))
    return failure();
  Block *body = &loop->getBodyBlock();
  rewriter.moveOpBefore(alloc, body, body->begin());
  return success();
}

//===- Simplify.cpp - Index arithmetic clean-up of a proc -----------------===//
//
// Part of the Exo-GPU project.
//
// simplify replaces the sizes that the proc's `requires` pins by their
// constants in index arithmetic and folds index arithmetic on constants,
// hoists loop-invariant index arithmetic out of loops and guards
// (speculatable, side-effect-free arith operations only), merges equal
// computations (MLIR's CSE) and erases unused arithmetic. Data accesses and
// statements never move, and a pinned size has no other value when the proc
// runs, so the sequential meaning is unchanged.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"

#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/FoldUtils.h"

using namespace mlir;
using namespace exo;

/// Arithmetic that may move and disappear freely.
static bool isMovableArith(Operation *op) {
  return isa<arith::ArithDialect>(op->getDialect()) &&
         op->getNumRegions() == 0 && isPure(op);
}

LogicalResult exo::simplify(RewriterBase &rewriter, ProcOp proc, Refusal &why) {
  if (proc.isInstr())
    return why.fail("cannot simplify @" + proc.getSymName() +
                    ": an instruction's body is its semantics");
  // A size pinned by `requires` (`causal == 0`) is its constant in index
  // arithmetic; index arithmetic on constants folds (`causal * x` to 0).
  for (auto [size, bounds] : getSizeBounds(proc)) {
    if (bounds.first != bounds.second)
      continue;
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : size.getUses())
      if (isMovableArith(use.getOwner()))
        uses.push_back(&use);
    if (uses.empty())
      continue;
    rewriter.setInsertionPointToStart(&proc.getBodyBlock());
    Value c =
        arith::ConstantIndexOp::create(rewriter, proc.getLoc(), bounds.first);
    for (OpOperand *use : uses)
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(c); });
  }
  OperationFolder folder(proc.getContext(), rewriter.getListener());
  bool folded = true;
  while (folded) {
    folded = false;
    SmallVector<Operation *> candidates;
    proc.walk([&](Operation *op) {
      if (isMovableArith(op) && !isa<arith::ConstantOp>(op) &&
          llvm::all_of(op->getResultTypes(),
                       [](Type t) { return t.isIndex(); }))
        candidates.push_back(op);
    });
    for (Operation *op : candidates)
      folded |= succeeded(folder.tryToFold(op));
  }
  // Hoist until nothing moves: an op whose operands are all defined outside
  // its enclosing loop, guard or warps block moves just before it (not out
  // of the proc).
  bool moved = true;
  while (moved) {
    moved = false;
    proc.walk([&](Operation *op) {
      if (!isMovableArith(op))
        return;
      Operation *parent = op->getParentOp();
      if (parent == proc)
        return;
      bool invariant = llvm::all_of(op->getOperands(), [&](Value v) {
        return !parent->isAncestor(v.getParentRegion()->getParentOp());
      });
      if (!invariant)
        return;
      rewriter.moveOpBefore(op, parent);
      moved = true;
    });
  }
  DominanceInfo dom(proc);
  eliminateCommonSubExpressions(rewriter, dom, proc);
  // Unused arithmetic goes.
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    proc.walk([&](Operation *op) {
      if (isMovableArith(op) && op->use_empty())
        dead.push_back(op);
    });
    for (Operation *op : dead) {
      rewriter.eraseOp(op);
      erased = true;
    }
  }
  return success();
}

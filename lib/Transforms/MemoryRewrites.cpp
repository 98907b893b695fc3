//===- MemoryRewrites.cpp - Rewrites of tensors and their accesses --------===//
//
// Part of the Exo-GPU project.
//
// stage_mem, expand_dim, divide_dim, rearrange_dim, set_memory and
// bind_expr. Each checks its whole precondition first, then rewrites the
// allocation and every access of it.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"
#include "RewriteUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace exo;

namespace {

/// The statements of `ops` in block order, if they are consecutive ops of
/// one block.
LogicalResult orderStatements(ArrayRef<Operation *> ops,
                              SmallVectorImpl<Operation *> &sorted,
                              Refusal &why) {
  if (ops.empty())
    return why.fail("no statements to stage");
  Block *block = ops.front()->getBlock();
  for (Operation *op : ops)
    if (op->getBlock() != block) {
      why.note(op->getLoc(), "this statement is in another block");
      return why.fail("the statements must be consecutive statements of one "
                      "block");
    }
  sorted.assign(ops.begin(), ops.end());
  llvm::sort(sorted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  sorted.erase(llvm::unique(sorted), sorted.end());
  for (auto [a, b] : llvm::zip(sorted, llvm::drop_begin(sorted)))
    if (a->getNextNode() != b) {
      Operation *between = a->getNextNode();
      Operation *parent = between->getParentOp();
      // Index arithmetic that earlier rewrites left between statements is
      // what `simplify` removes (when unused) or hoists out of the enclosing
      // loop or guard (when its operands are defined outside it).
      bool simplifyMovesIt =
          isa_and_nonnull<arith::ArithDialect>(between->getDialect()) &&
          between->getNumRegions() == 0 && isPure(between) &&
          (between->use_empty() ||
           (!isa<ProcOp>(parent) &&
            llvm::all_of(between->getOperands(), [&](Value v) {
              return !parent->isAncestor(v.getParentRegion()->getParentOp());
            })));
      if (simplifyMovesIt)
        why.note(between->getLoc(),
                 "this arithmetic lies between two of the statements; "
                 "`transform.exo.simplify` on the proc moves it out of the "
                 "way");
      else if (isa_and_nonnull<arith::ArithDialect>(between->getDialect()))
        why.note(between->getLoc(),
                 "this arithmetic lies between two of the statements and "
                 "is used after it; stage the statements on either side of "
                 "it separately");
      else
        why.note(between->getLoc(),
                 "this statement lies between two of the statements");
      return why.fail("the statements must be consecutive statements of one "
                      "block");
    }
  return success();
}

/// The first use of `tensor` that is neither an element access nor, with
/// `allowWindows`, an exo.window of it; null if there is none.
Operation *findOtherUse(Value tensor, bool allowWindows) {
  for (Operation *user : tensor.getUsers()) {
    Value t;
    SmallVector<OpFoldResult> idx;
    if (getAccess(user, t, idx) && t == tensor)
      continue;
    if (allowWindows)
      if (auto window = dyn_cast<WindowOp>(user);
          window && window.getSource() == tensor)
        continue;
    return user;
  }
  return nullptr;
}

/// The zero of a scalar type, for the accumulator of a staged reduction.
Value createZero(RewriterBase &rewriter, Location loc, Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(rewriter, loc, type,
                                     rewriter.getFloatAttr(f, 0.0));
  return arith::ConstantOp::create(rewriter, loc, type,
                                   rewriter.getIntegerAttr(type, 0));
}

/// A perfect nest of seq loops `0 <= i_d < sizes[d]` named `prefix_d`
/// (none for extents of 1, whose index is 0); the insertion point ends in
/// the innermost body. Returns the outermost loop (null when there is none)
/// and the indices.
ForOp buildBoxNest(RewriterBase &rewriter, Location loc,
                   ArrayRef<int64_t> sizes, StringRef prefix,
                   SmallVectorImpl<OpFoldResult> &ivs) {
  ForOp outermost;
  auto seq = LoopModeAttr::get(rewriter.getContext(), LoopModeKind::Seq,
                               CollUnitAttr());
  for (auto [d, size] : llvm::enumerate(sizes)) {
    if (size == 1) {
      ivs.push_back(rewriter.getIndexAttr(0));
      continue;
    }
    auto loop = ForOp::create(rewriter, loc, rewriter.getIndexAttr(0),
                              rewriter.getIndexAttr(size), seq,
                              (prefix + "_" + Twine(d)).str());
    if (!outermost)
      outermost = loop;
    ivs.push_back(loop.getInductionVar());
    rewriter.setInsertionPointToStart(&loop.getBodyBlock());
  }
  return outermost;
}

} // namespace

//===----------------------------------------------------------------------===//
// stage_mem
//===----------------------------------------------------------------------===//

namespace {
/// What stage_mem found out before rewriting.
struct StagePlan {
  SmallVector<Operation *> stmts;
  Value tensor;
  SmallVector<LinearValue> offsets;
  SmallVector<Operation *> accesses;
  bool reads = false, writes = false, onlyReductions = true;
  /// The first statement assigns the whole window: no copy-in.
  bool overwritten = false;
  /// The statements only reduce, and the first one adds to every element of
  /// the window once (this reduction): the copy starts as those values.
  ReduceOp firstReduce;
  exo::TensorType stagedType;
  /// Some access may fall outside the tensor: the copies are oob.
  bool oob = false;
};
} // namespace

/// Whether `stmt` assigns every element of the window (`offsets`, `sizes`)
/// of `tensor` once without reading the tensor: a perfect nest of seq loops
/// from 0 to constant extents around one assign whose index in each dimension
/// is the offset plus a mixed-radix number of some of the loops' iterators
/// (`64 * wg + i` with `i < 64`, `wg < 2` covers `[0, 128)` once; a
/// dimension of extent 1 is the offset), every loop used by exactly one
/// dimension. The nest then enumerates the window bijectively, and the
/// staged copy needs no copy-in. Returns that assign (or, when the nest
/// adds to each element once instead, that reduce), or null.
static Operation *writesWindowOnce(Operation *stmt, Value tensor,
                                   ArrayRef<LinearValue> offsets,
                                   ArrayRef<int64_t> sizes) {
  SmallVector<ForOp> loops;
  Operation *op = stmt;
  while (auto loop = dyn_cast<ForOp>(op)) {
    std::optional<int64_t> lo = getConstantIntValue(loop.getLowerBound());
    if (!loop.getMode().isSeq() || lo != 0 ||
        !getConstantIntValue(loop.getUpperBound()))
      return nullptr;
    loops.push_back(loop);
    Operation *inner = nullptr;
    for (Operation &child : loop.getBodyBlock()) {
      // Synchronization statements do not break the nest: they access
      // no element.
      if (isStatement(&child) && !isa<SyncOpInterface>(child)) {
        if (inner)
          return nullptr;
        inner = &child;
      }
    }
    if (!inner)
      return nullptr;
    op = inner;
  }
  if (!isElementWrite(op))
    return nullptr;
  Value dest;
  SmallVector<OpFoldResult> idx;
  getAccess(op, dest, idx);
  if (dest != tensor)
    return nullptr;
  bool readsTensor = false;
  stmt->walk([&](ReadOp read) {
    Value v = read.getSource();
    while (auto w = v.getDefiningOp<WindowOp>())
      v = w.getSource();
    readsTensor |= v == tensor;
  });
  if (readsTensor)
    return nullptr;
  llvm::SmallDenseSet<Value> used;
  for (auto [d, index] : llvm::enumerate(idx)) {
    LinearValue rel = subtractLinear(decomposeLinear(index), offsets[d]);
    if (rel.constant != 0)
      return nullptr;
    // The terms, by increasing coefficient, must be the digits of a
    // mixed-radix number: coefficient = product of the smaller digits'
    // extents, and all extents multiply to the window's size.
    SmallVector<std::pair<int64_t, int64_t>> digits; // (coefficient, extent)
    for (auto [iv, coeff] : rel.terms) {
      auto it = llvm::find_if(
          loops, [&, iv = iv](ForOp l) { return l.getInductionVar() == iv; });
      if (it == loops.end() || !used.insert(iv).second)
        return nullptr;
      digits.push_back({coeff, *getConstantIntValue(it->getUpperBound())});
    }
    llvm::sort(digits);
    int64_t place = 1;
    for (auto [coeff, extent] : digits) {
      if (coeff != place)
        return nullptr;
      place *= extent;
    }
    if (place != sizes[d])
      return nullptr;
  }
  // Every loop indexes one dimension (no loop repeats the write).
  return used.size() == loops.size() ? op : nullptr;
}

static LogicalResult planStageMem(ArrayRef<Operation *> stmts,
                                  StringRef tensorNameText,
                                  ArrayRef<std::string> offsetTexts,
                                  ArrayRef<int64_t> sizes, MemoryAttr memory,
                                  StagePlan &plan, Refusal &why) {
  std::string header = ("cannot stage '" + tensorNameText + "'").str();
  if (failed(orderStatements(stmts, plan.stmts, why)))
    return why.fail(header + ": " + why.message);
  for (Operation *stmt : plan.stmts)
    if (failed(refuseTaskLoop(stmt, header, why)))
      return failure();
  Operation *first = plan.stmts.front();
  plan.tensor = lookupTensorName(first, tensorNameText);
  if (!plan.tensor)
    return why.fail(header + ": no tensor of that name is visible at the "
                             "statements");
  ArrayRef<Attribute> dims = getDimsOf(plan.tensor.getType());
  if (offsetTexts.size() != dims.size() || sizes.size() != dims.size())
    return why.fail(header + ": it has " + Twine(dims.size()) +
                    " dimensions, but the window gives " +
                    Twine(offsetTexts.size()) + " offsets and " +
                    Twine(sizes.size()) + " sizes");
  for (int64_t size : sizes)
    if (size <= 0)
      return why.fail(header + ": window sizes must be positive");
  for (const std::string &text : offsetTexts) {
    std::string err;
    FailureOr<LinearValue> resolved = resolveLinearText(first, text, err);
    if (failed(resolved))
      return why.fail(header + ": " + err);
    plan.offsets.push_back(*resolved);
  }
  std::string memWhy;
  if (failed(checkAllocatable(first, memory, memWhy)))
    return why.fail(header + ": " + memWhy);

  // Only element accesses of the tensor itself can be redirected.
  for (Operation *stmt : plan.stmts) {
    WalkResult walk = stmt->walk([&](Operation *op) {
      for (Value operand : op->getOperands()) {
        Value t;
        SmallVector<OpFoldResult> idx;
        bool isAccess = getAccess(op, t, idx) && t == plan.tensor;
        if (operand == plan.tensor && !isAccess) {
          why.note(op->getLoc(), "this use is not a read or write of one "
                                 "element");
          return WalkResult::interrupt();
        }
        if (operand != plan.tensor && isa<WindowType>(operand.getType())) {
          Value root = operand;
          while (auto w = root.getDefiningOp<WindowOp>())
            root = w.getSource();
          if (root == plan.tensor) {
            why.note(op->getLoc(), "this op uses a window of the tensor");
            return WalkResult::interrupt();
          }
        }
      }
      Value t;
      SmallVector<OpFoldResult> idx;
      if (getAccess(op, t, idx) && t == plan.tensor) {
        plan.accesses.push_back(op);
        auto access = cast<ElementAccessOpInterface>(op);
        plan.reads |= access.readsElement();
        plan.writes |= access.writesElement();
        plan.onlyReductions &= access.isReduction();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return why.fail(header + ": only its element reads, writes and "
                               "reductions can be redirected to the staged "
                               "copy");
  }
  if (plan.accesses.empty())
    return why.fail(header + ": the statements do not access it");
  if (failed(proveAccessesInBox(plan.stmts, plan.tensor, plan.offsets, sizes,
                                header, why)))
    return failure();
  // Accesses that may fall outside the tensor (oob) make the copies oob:
  // the staged copy then holds the zero-extended tensor, and what falls
  // outside is not written back. Otherwise the window lies in the tensor.
  plan.oob = llvm::any_of(plan.accesses, isOobAccess);
  if (plan.oob && plan.writes)
    for (Operation *access : plan.accesses)
      if (isa<ReadOp>(access)) {
        // Outside the tensor, the original read sees 0 (writes there do
        // nothing); from the staged copy it would see what was written.
        why.note(access->getLoc(), "this read");
        return why.fail(header + ": the statements write it and read it, and "
                                 "some accesses may fall outside it (oob); "
                                 "from the staged copy a read could see a "
                                 "value written outside the tensor");
      }
  if (!plan.oob && failed(proveBoxInTensor(first, plan.tensor, plan.offsets,
                                           sizes, header, why)))
    return failure();
  Operation *once = writesWindowOnce(first, plan.tensor, plan.offsets, sizes);
  plan.overwritten = isa_and_nonnull<AssignOp>(once);
  if (plan.onlyReductions)
    plan.firstReduce = dyn_cast_or_null<ReduceOp>(once);
  Builder b(first->getContext());
  SmallVector<Attribute> newDims;
  for (int64_t size : sizes)
    newDims.push_back(b.getI64IntegerAttr(size));
  plan.stagedType =
      exo::TensorType::get(first->getContext(), newDims,
                           getElementTypeOf(plan.tensor.getType()), memory);
  return success();
}

LogicalResult exo::checkStageMem(ArrayRef<Operation *> stmts,
                                 StringRef tensorName,
                                 ArrayRef<std::string> offsets,
                                 ArrayRef<int64_t> sizes, MemoryAttr memory,
                                 Refusal &why) {
  StagePlan plan;
  return planStageMem(stmts, tensorName, offsets, sizes, memory, plan, why);
}

FailureOr<StagedMem> exo::stageMem(RewriterBase &rewriter,
                                   ArrayRef<Operation *> stmts,
                                   StringRef tensorName,
                                   ArrayRef<std::string> offsets,
                                   ArrayRef<int64_t> sizes, StringRef newName,
                                   MemoryAttr memory, Refusal &why) {
  if (!stmts.empty() &&
      failed(refuseNewName(newName, stmts.front(), NewNameKind::Alloc,
                           "the new tensor's name", why)))
    return failure();
  StagePlan plan;
  if (failed(
          planStageMem(stmts, tensorName, offsets, sizes, memory, plan, why)))
    return failure();
  Operation *first = plan.stmts.front();
  Location loc = first->getLoc();
  rewriter.setInsertionPoint(first);
  IndexBuilder ib(rewriter, loc, first);
  SmallVector<OpFoldResult> lo;
  for (const LinearValue &v : plan.offsets)
    lo.push_back(buildLinearValue(ib, v));

  StagedMem result;
  result.alloc = AllocOp::create(rewriter, loc, plan.stagedType,
                                 rewriter.getStringAttr(newName), Value());
  Type elementType = getElementTypeOf(plan.stagedType);
  auto tensorIndex = [&](ArrayRef<OpFoldResult> ivs) {
    SmallVector<OpFoldResult> idx;
    for (auto [o, iv] : llvm::zip(lo, ivs))
      idx.push_back(ib.add(o, iv));
    return idx;
  };
  // Before: the staged copy starts as the window (or as zero when the
  // statements only add to it; not at all when they first overwrite it, or
  // first add to each element once: that reduction becomes an assignment,
  // 0 + v being v).
  if (plan.firstReduce) {
    ReduceOp red = plan.firstReduce;
    rewriter.setInsertionPoint(red);
    Operation *assign =
        createWrite(rewriter, red.getLoc(), /*reduce=*/false, red.getDest(),
                    red.getMixedIndices(), red.getValue());
    llvm::replace(plan.accesses, red.getOperation(), assign);
    rewriter.eraseOp(red);
  } else if (!plan.overwritten) {
    OpBuilder::InsertionGuard guard(rewriter);
    Value zero;
    if (plan.onlyReductions)
      zero = createZero(rewriter, loc, elementType);
    SmallVector<OpFoldResult> ivs;
    result.copyIn =
        buildBoxNest(rewriter, loc, sizes, newName.str() + "_in", ivs);
    Value v = zero ? zero
                   : createRead(rewriter, loc, plan.tensor, tensorIndex(ivs),
                                plan.oob);
    Operation *write =
        createWrite(rewriter, loc, /*reduce=*/false, result.alloc, ivs, v);
    result.copyInStmt = result.copyIn ? result.copyIn.getOperation() : write;
  }
  // The statements use the copy.
  for (Operation *access : plan.accesses) {
    Value t;
    SmallVector<OpFoldResult> idx;
    getAccess(access, t, idx);
    rewriter.setInsertionPoint(access);
    IndexBuilder local(rewriter, access->getLoc(), access);
    SmallVector<OpFoldResult> rel;
    for (auto [i, o] : llvm::zip(idx, plan.offsets))
      rel.push_back(
          o.terms.empty() && o.constant == 0
              ? i
              : buildLinearValue(local, subtractLinear(decomposeLinear(i), o)));
    // (proveAccessesInBox: the staged copy covers the access.)
    retargetAccess(rewriter, access, result.alloc, rel, /*inBounds=*/true);
  }
  // After: what the statements wrote goes back (added, for reductions).
  if (plan.writes) {
    rewriter.setInsertionPointAfter(plan.stmts.back());
    SmallVector<OpFoldResult> ivs;
    result.copyOut =
        buildBoxNest(rewriter, loc, sizes, newName.str() + "_out", ivs);
    Value v = createRead(rewriter, loc, result.alloc, ivs);
    Operation *write = createWrite(rewriter, loc, plan.onlyReductions,
                                   plan.tensor, tensorIndex(ivs), v, plan.oob);
    result.copyOutStmt = result.copyOut ? result.copyOut.getOperation() : write;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// expand_dim, divide_dim, rearrange_dim
//===----------------------------------------------------------------------===//

/// The accesses and windows of `alloc`, after checking it has no other use.
static LogicalResult collectUses(AllocOp alloc, const Twine &header,
                                 SmallVectorImpl<Operation *> &accesses,
                                 SmallVectorImpl<WindowOp> &windows,
                                 Refusal &why) {
  if (!isa<exo::TensorType>(alloc.getType()))
    return why.fail(header + ": it is a barrier, not a tensor");
  if (Operation *bad = findOtherUse(alloc.getResult(), /*allowWindows=*/true)) {
    why.note(bad->getLoc(), "this use takes the whole tensor");
    return why.fail(header + ": its uses must be element accesses and "
                             "windows");
  }
  for (Operation *user : alloc.getResult().getUsers()) {
    if (auto window = dyn_cast<WindowOp>(user))
      windows.push_back(window);
    else
      accesses.push_back(user);
  }
  return success();
}

/// `type` with dimensions `dims` and ring depths `depths` (empty: none).
static exo::TensorType withDims(exo::TensorType type, ArrayRef<Attribute> dims,
                                ArrayRef<int64_t> depths) {
  return exo::TensorType::get(type.getContext(), dims, depths,
                              type.getElementType(), type.getMemory());
}

/// Replaces the window `window` by one with the given coordinates (same
/// result type).
static void rebuildWindow(RewriterBase &rewriter, WindowOp window, Value source,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<int64_t> sizes) {
  SmallVector<Value> dynamic;
  SmallVector<int64_t> fixed;
  dispatchIndexOpFoldResults(offsets, dynamic, fixed);
  rewriter.setInsertionPoint(window);
  auto replacement =
      WindowOp::create(rewriter, window.getLoc(), window.getType(), source,
                       dynamic, rewriter.getDenseI64ArrayAttr(fixed),
                       rewriter.getDenseI64ArrayAttr(sizes), window.getOob());
  rewriter.replaceOp(window, replacement.getResult());
}

namespace {
struct DimPlan {
  SmallVector<Operation *> accesses;
  SmallVector<WindowOp> windows;
  LinearValue index; // expand_dim
  Value guard;       // expand_dim into a ring
};
} // namespace

/// Redirects every access and window of `alloc` in `plan` after its type
/// changed: `indices` maps an access's or window's coordinates (built at
/// the op) to the new ones, `sizes` a window's sizes.
static void remapUses(
    RewriterBase &rewriter, AllocOp alloc, const DimPlan &plan,
    function_ref<SmallVector<OpFoldResult>(Operation *, ArrayRef<OpFoldResult>)>
        indices,
    function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)> sizes) {
  for (Operation *access : plan.accesses) {
    Value t;
    SmallVector<OpFoldResult> idx;
    getAccess(access, t, idx);
    retargetAccess(rewriter, access, alloc.getResult(), indices(access, idx));
  }
  for (WindowOp window : plan.windows) {
    SmallVector<OpFoldResult> offsets = window.getMixedOffsets();
    rebuildWindow(rewriter, window, alloc.getResult(), indices(window, offsets),
                  sizes(window.getStaticSizes()));
  }
}

static LogicalResult planExpandDim(AllocOp alloc, int64_t size,
                                   int64_t ringDepth, StringRef guardName,
                                   StringRef indexText, DimPlan &plan,
                                   Refusal &why) {
  std::string header = ("cannot expand '" + alloc.getName() + "'").str();
  if (failed(collectUses(alloc, header, plan.accesses, plan.windows, why)))
    return failure();
  if (ringDepth <= 0 && size <= 0)
    return why.fail(header + ": the new dimension's extent must be positive");
  // A plain dimension may be added in front of a ring buffer's (more copies
  // of the ring: e.g. one per CTA); a second ring dimension may not.
  if (alloc.getGuard() && ringDepth > 0)
    return why.fail(header + ": it is a ring buffer already");
  if (ringDepth > kMaxRingDepth)
    return why.fail(header + ": a ring of " + Twine(ringDepth) +
                    " slots is past the " + Twine(kMaxRingDepth) +
                    " a ring dimension may have");
  if (ringDepth > 0) {
    plan.guard = lookupBarrierName(alloc, guardName);
    if (!plan.guard)
      return why.fail(header + ": no barrier '" + guardName +
                      "' is allocated before it");
    auto guardType = cast<BarrierType>(plan.guard.getType());
    if (guardType.getKind() != BarrierKind::Mbarrier ||
        guardType.getRingDim() < 0)
      return why.fail(header + ": its guard '" + guardName +
                      "' must be an mbarrier array with a ring dimension");
  }
  std::string err;
  // Names resolve at the allocation: iterators of loops around it or sizes,
  // so the index is the same in every access of one allocation instance.
  FailureOr<LinearValue> resolved = resolveLinearText(alloc, indexText, err);
  if (failed(resolved))
    return why.fail(header + ": " + err +
                    " (the index may use the iterators of loops around the "
                    "allocation and sizes)");
  plan.index = *resolved;
  // (The index is linear in iterators and sizes, so the question can be
  // asked.) An unbounded ring needs only a non-negative index.
  BoundsExample example;
  if (ringDepth > 0 ? failed(proveNonNegative(alloc, plan.index, example))
                    : failed(proveInRange(alloc, plan.index, size, example)))
    return why.fail(header + ": the index '" + indexText + "' can be " +
                    Twine(example.values[0]) + ", outside " +
                    (ringDepth > 0 ? std::string("[0, ?)")
                                   : "[0, " + std::to_string(size) + ")") +
                    (example.sizes.empty() ? std::string()
                                           : " (with " + example.sizes + ")"));
  return success();
}

LogicalResult exo::checkExpandDim(AllocOp alloc, int64_t size,
                                  int64_t ringDepth, StringRef guard,
                                  StringRef index, Refusal &why) {
  DimPlan plan;
  return planExpandDim(alloc, size, ringDepth, guard, index, plan, why);
}

LogicalResult exo::expandDim(RewriterBase &rewriter, AllocOp alloc,
                             int64_t size, int64_t ringDepth, StringRef guard,
                             StringRef index, Refusal &why) {
  DimPlan plan;
  if (failed(planExpandDim(alloc, size, ringDepth, guard, index, plan, why)))
    return failure();
  auto type = cast<exo::TensorType>(alloc.getType());
  SmallVector<Attribute> dims = {
      ringDepth > 0 ? Attribute(UnitAttr::get(rewriter.getContext()))
                    : Attribute(rewriter.getI64IntegerAttr(size))};
  llvm::append_range(dims, type.getDims());
  SmallVector<int64_t> depths;
  if (ringDepth > 0) {
    depths.assign(dims.size(), 0);
    depths[0] = ringDepth;
  } else if (!type.getRingDepths().empty()) {
    depths.push_back(0);
    llvm::append_range(depths, type.getRingDepths());
  }
  rewriter.modifyOpInPlace(alloc, [&] {
    alloc.getResult().setType(
        exo::TensorType::get(type.getContext(), dims, depths,
                             type.getElementType(), type.getMemory()));
    if (plan.guard)
      alloc.getGuardMutable().assign(plan.guard);
  });
  auto withIndex = [&](Operation *at, ArrayRef<OpFoldResult> rest) {
    rewriter.setInsertionPoint(at);
    IndexBuilder ib(rewriter, at->getLoc(), at);
    SmallVector<OpFoldResult> idx = {buildLinearValue(ib, plan.index)};
    llvm::append_range(idx, rest);
    return idx;
  };
  remapUses(rewriter, alloc, plan, withIndex, [](ArrayRef<int64_t> old) {
    SmallVector<int64_t> sizes = {WindowOp::kPoint};
    llvm::append_range(sizes, old);
    return sizes;
  });
  return success();
}

static LogicalResult planDivideDim(AllocOp alloc, int64_t dim, int64_t factor,
                                   DimPlan &plan, Refusal &why) {
  std::string header = ("cannot divide '" + alloc.getName() + "'").str();
  if (failed(collectUses(alloc, header, plan.accesses, plan.windows, why)))
    return failure();
  auto type = cast<exo::TensorType>(alloc.getType());
  if (dim < 0 || dim >= static_cast<int64_t>(type.getRank()))
    return why.fail(header + ": it has no dimension " + Twine(dim));
  if (!type.isStaticDim(dim) || type.getRingDepth(dim))
    return why.fail(header + ": dimension " + Twine(dim) +
                    " does not have a constant extent");
  int64_t extent = type.getStaticDim(dim);
  if (factor <= 0 || extent % factor != 0)
    return why.fail(header + ": " + Twine(factor) +
                    " does not divide the extent " + Twine(extent) +
                    " of dimension " + Twine(dim));
  for (WindowOp window : plan.windows)
    if (window.getStaticSizes()[dim] != WindowOp::kPoint) {
      why.note(window.getLoc(), "this window takes an interval of it");
      return why.fail(header + ": a window takes an interval of dimension " +
                      Twine(dim) + ", which would become two dimensions");
    }
  return success();
}

LogicalResult exo::checkDivideDim(AllocOp alloc, int64_t dim, int64_t factor,
                                  Refusal &why) {
  DimPlan plan;
  return planDivideDim(alloc, dim, factor, plan, why);
}

LogicalResult exo::divideDim(RewriterBase &rewriter, AllocOp alloc, int64_t dim,
                             int64_t factor, Refusal &why) {
  DimPlan plan;
  if (failed(planDivideDim(alloc, dim, factor, plan, why)))
    return failure();
  auto type = cast<exo::TensorType>(alloc.getType());
  SmallVector<Attribute> dims(type.getDims());
  int64_t extent = type.getStaticDim(dim);
  dims[dim] = rewriter.getI64IntegerAttr(extent / factor);
  dims.insert(dims.begin() + dim + 1, rewriter.getI64IntegerAttr(factor));
  // A ring buffer keeps its ring dimension (divide_dim refuses to divide it).
  SmallVector<int64_t> depths(type.getRingDepths());
  if (!depths.empty())
    depths.insert(depths.begin() + dim + 1, 0);
  rewriter.modifyOpInPlace(
      alloc, [&] { alloc.getResult().setType(withDims(type, dims, depths)); });
  // i becomes (i / factor, i mod factor): 0 <= i, so signed division is
  // floor division.
  auto split = [&](Operation *at, ArrayRef<OpFoldResult> idx) {
    rewriter.setInsertionPoint(at);
    IndexBuilder ib(rewriter, at->getLoc(), at);
    SmallVector<OpFoldResult> out(idx.begin(), idx.end());
    OpFoldResult i = idx[dim];
    out[dim] = ib.div(i, factor);
    out.insert(out.begin() + dim + 1, ib.rem(i, factor));
    return out;
  };
  remapUses(rewriter, alloc, plan, split, [&](ArrayRef<int64_t> old) {
    SmallVector<int64_t> sizes(old);
    sizes.insert(sizes.begin() + dim, WindowOp::kPoint);
    return sizes;
  });
  return success();
}

static LogicalResult planRearrangeDim(AllocOp alloc,
                                      ArrayRef<int64_t> permutation,
                                      DimPlan &plan, Refusal &why) {
  std::string header = ("cannot rearrange '" + alloc.getName() + "'").str();
  if (failed(collectUses(alloc, header, plan.accesses, plan.windows, why)))
    return failure();
  auto type = cast<exo::TensorType>(alloc.getType());
  SmallVector<bool> seen(type.getRank(), false);
  bool valid = permutation.size() == static_cast<size_t>(type.getRank());
  for (int64_t p : permutation) {
    if (!valid || p < 0 || p >= static_cast<int64_t>(type.getRank()) ||
        seen[p]) {
      valid = false;
      break;
    }
    seen[p] = true;
  }
  if (!valid)
    return why.fail(header + ": the order must be a permutation of its " +
                    Twine(type.getRank()) + " dimensions");
  for (WindowOp window : plan.windows) {
    // The window's own dimensions (its intervals) must keep their order.
    int64_t last = -1;
    for (int64_t p : permutation) {
      if (window.getStaticSizes()[p] == WindowOp::kPoint)
        continue;
      if (p < last) {
        why.note(window.getLoc(), "this window takes intervals of dimensions "
                                  "whose order would change");
        return why.fail(header + ": the permutation reorders the dimensions "
                                 "of a window of it");
      }
      last = p;
    }
  }
  return success();
}

LogicalResult exo::checkRearrangeDim(AllocOp alloc,
                                     ArrayRef<int64_t> permutation,
                                     Refusal &why) {
  DimPlan plan;
  return planRearrangeDim(alloc, permutation, plan, why);
}

LogicalResult exo::rearrangeDim(RewriterBase &rewriter, AllocOp alloc,
                                ArrayRef<int64_t> permutation, Refusal &why) {
  DimPlan plan;
  if (failed(planRearrangeDim(alloc, permutation, plan, why)))
    return failure();
  auto type = cast<exo::TensorType>(alloc.getType());
  SmallVector<Attribute> dims;
  SmallVector<int64_t> depths;
  for (int64_t p : permutation) {
    dims.push_back(type.getDims()[p]);
    if (!type.getRingDepths().empty())
      depths.push_back(type.getRingDepths()[p]);
  }
  rewriter.modifyOpInPlace(
      alloc, [&] { alloc.getResult().setType(withDims(type, dims, depths)); });
  auto permute = [&](auto range) {
    SmallVector<std::decay_t<decltype(range[0])>> out;
    for (int64_t p : permutation)
      out.push_back(range[p]);
    return out;
  };
  remapUses(
      rewriter, alloc, plan,
      [&](Operation *, ArrayRef<OpFoldResult> idx) { return permute(idx); },
      [&](ArrayRef<int64_t> old) { return permute(old); });
  return success();
}

//===----------------------------------------------------------------------===//
// set_memory
//===----------------------------------------------------------------------===//

namespace {
struct MemoryPlan {
  /// Every value whose type changes: the tensor and the windows of it that
  /// share its memory, with their new types.
  SmallVector<std::pair<Value, Type>> retyped;
};
} // namespace

static Type withMemory(Type type, MemoryAttr memory) {
  if (auto t = dyn_cast<exo::TensorType>(type))
    return exo::TensorType::get(t.getContext(), t.getDims(), t.getRingDepths(),
                                t.getElementType(), memory);
  auto w = cast<WindowType>(type);
  return WindowType::get(w.getContext(), w.getDims(), w.getRingDepths(),
                         w.getElementType(), memory);
}

static LogicalResult planSetMemory(Value tensor, MemoryAttr memory,
                                   MemoryPlan &plan, Refusal &why) {
  std::string header =
      "cannot move '" + tensorName(tensor) + "' to another memory";
  auto type = dyn_cast<exo::TensorType>(tensor.getType());
  if (!type)
    return why.fail(header + ": it is not a tensor");
  MemoryAttr old = type.getMemory();
  Operation *where = tensor.getDefiningOp();
  if (!where)
    where = &cast<BlockArgument>(tensor).getOwner()->front();
  if (memory.getKind() == MemoryKind::TmaMap)
    return why.fail(header + ": a tensor map is a window, not a tensor");
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    // An argument: the proc must have no callers that would pass the old
    // memory.
    auto proc = cast<ProcOp>(arg.getOwner()->getParentOp());
    if (proc.isInstr())
      return why.fail(header + ": it is an argument of an instruction");
    if (memory.isDistributed())
      return why.fail(header + ": a proc argument cannot be in on-chip "
                               "memory");
    auto module = proc->getParentOfType<ModuleOp>();
    Operation *caller = nullptr;
    if (module)
      module.walk([&](CallOp call) {
        if (call.getCallee() == proc.getSymName())
          caller = call;
      });
    if (caller) {
      why.note(caller->getLoc(), "this call passes it");
      return why.fail(header + ": the proc is called");
    }
  } else {
    std::string err;
    if (failed(checkAllocatable(where, memory, err)))
      return why.fail(header + ": " + err);
    if (cast<AllocOp>(where).getGuard() && !memory.isShared())
      return why.fail(header + ": a ring buffer lives in shared memory");
  }
  // (On-chip memories need constant extents, but only device code allocates
  // them, where every allocation has constant extents.)
  // The tensor and its windows in the same memory change together; a window
  // that changes memory (a tensor map) is refused, and so is a call whose
  // parameter wants the old memory.
  SmallVector<Value> work = {tensor};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    plan.retyped.push_back({v, withMemory(v.getType(), memory)});
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto window = dyn_cast<WindowOp>(user)) {
        if (getMemoryOf(window.getType()) != old) {
          why.note(window.getLoc(), "this window changes its memory");
          return why.fail(header + ": a window of it is in another memory");
        }
        work.push_back(window.getResult());
        continue;
      }
      Value t;
      SmallVector<OpFoldResult> idx;
      if (getAccess(user, t, idx) && t == v) {
        std::string err;
        if (failed(checkAccessScope(user, memory, !isa<ReadOp>(user), err))) {
          why.note(user->getLoc(), "this access");
          return why.fail(header + ": " + err);
        }
        continue;
      }
      if (auto call = dyn_cast<CallOp>(user)) {
        why.note(call.getLoc(), "this call passes it to a parameter in '" +
                                    stringifyMemoryKind(old.getKind()) +
                                    "' memory");
        return why.fail(header + ": it is passed to a call");
      }
    }
  }
  return success();
}

LogicalResult exo::checkSetMemory(Value tensor, MemoryAttr memory,
                                  Refusal &why) {
  MemoryPlan plan;
  return planSetMemory(tensor, memory, plan, why);
}

LogicalResult exo::setMemory(RewriterBase &rewriter, Value tensor,
                             MemoryAttr memory, Refusal &why) {
  MemoryPlan plan;
  if (failed(planSetMemory(tensor, memory, plan, why)))
    return failure();
  for (auto [value, type] : plan.retyped) {
    Operation *owner = value.getDefiningOp();
    if (!owner)
      owner = cast<BlockArgument>(value).getOwner()->getParentOp();
    rewriter.modifyOpInPlace(owner, [&, value = value, type = type] {
      Value v = value;
      v.setType(type);
    });
  }
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    auto proc = cast<ProcOp>(arg.getOwner()->getParentOp());
    SmallVector<Type> inputs(proc.getBodyBlock().getArgumentTypes());
    rewriter.modifyOpInPlace(proc, [&] {
      proc.setFunctionType(rewriter.getFunctionType(inputs, {}));
    });
  }
  return success();
}

//===----------------------------------------------------------------------===//
// bind_expr
//===----------------------------------------------------------------------===//

LogicalResult exo::checkBindExpr(Value value, StringRef name, MemoryAttr memory,
                                 Refusal &why) {
  Operation *def = value.getDefiningOp();
  std::string header = "cannot bind the expression";
  if (value.getType().isIndex() || isa<ShapedType>(value.getType()) ||
      !(isa<FloatType>(value.getType()) || value.getType().isSignlessInteger()))
    return why.fail(header + ": only scalar data values (not indices) can be "
                             "stored in a tensor");
  if (value.getType().isInteger(1))
    return why.fail(header + ": a condition cannot be stored in a tensor");
  auto proc = def->getParentOfType<ProcOp>();
  if (!proc || proc.isInstr())
    return why.fail(header + ": it is not in a scheduled proc");
  std::string err;
  if (failed(checkAllocatable(def, memory, err)))
    return why.fail(header + ": " + err);
  if (value.use_empty())
    return why.fail(header + ": it is not used");
  return refuseNewName(name, def, NewNameKind::Alloc, "the new tensor's name",
                       why);
}

FailureOr<AllocOp> exo::bindExpr(RewriterBase &rewriter, Value value,
                                 StringRef name, MemoryAttr memory,
                                 Refusal &why) {
  if (failed(checkBindExpr(value, name, memory, why)))
    return failure();
  Operation *def = value.getDefiningOp();
  Location loc = def->getLoc();
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : value.getUses())
    uses.push_back(&use);
  rewriter.setInsertionPointAfter(def);
  auto type = exo::TensorType::get(rewriter.getContext(),
                                   {rewriter.getI64IntegerAttr(1)},
                                   value.getType(), memory);
  auto alloc = AllocOp::create(rewriter, loc, type,
                               rewriter.getStringAttr(name), Value());
  SmallVector<OpFoldResult> zero = {rewriter.getIndexAttr(0)};
  createWrite(rewriter, loc, /*reduce=*/false, alloc, zero, value);
  Value reread = createRead(rewriter, loc, alloc, zero);
  for (OpOperand *use : uses)
    rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(reread); });
  return alloc;
}

//===----------------------------------------------------------------------===//
// chain_rings
//===----------------------------------------------------------------------===//

/// The ring dimension of a tensor or barrier array, or -1.
static int ringDimOf(Type type) {
  if (auto barrier = dyn_cast<BarrierType>(type))
    return barrier.getRingDim();
  if (auto tensor = dyn_cast<exo::TensorType>(type))
    for (auto [d, depth] : llvm::enumerate(tensor.getRingDepths()))
      if (depth > 0)
        return static_cast<int>(d);
  return -1;
}

/// `mixed` with the coordinate of dimension `dim` of each `rank`-long group
/// shifted by `shift` (built before `at`); multicast coordinates stay.
static void shiftCoords(RewriterBase &rewriter, Operation *at, Value shift,
                        unsigned rank, unsigned dim,
                        SmallVectorImpl<OpFoldResult> &mixed) {
  rewriter.setInsertionPoint(at);
  IndexBuilder ib(rewriter, at->getLoc(), at);
  for (unsigned i = dim; i < mixed.size(); i += rank)
    mixed[i] =
        arith::AddIOp::create(rewriter, at->getLoc(), shift, ib.value(mixed[i]))
            .getResult();
}

FailureOr<SmallVector<AllocOp>> exo::chainRings(RewriterBase &rewriter,
                                                ForOp tiles, StringRef stepName,
                                                Refusal &why) {
  std::string header =
      ("cannot chain the rings across loop '" + tiles.getIterName() + "'")
          .str();
  if (!tiles.getMode().isSeq()) {
    why.note(tiles.getLoc(), "this loop is " + modeString(tiles.getMode()));
    return why.fail(header + ": only rings in seq loops are chained");
  }
  SmallVector<ForOp> steps = matchLoops(tiles, stepName);
  if (steps.size() != 1)
    return why.fail(header + ": expected one loop '" + stepName +
                    "' in it, found " + Twine(steps.size()));
  ForOp step = steps.front();
  OpFoldResult stride = step.getUpperBound();
  if (getConstantIntValue(step.getLowerBound()) != 0) {
    why.note(step.getLoc(), "this loop");
    return why.fail(header + ": loop '" + stepName + "' must start at 0");
  }
  if (auto v = dyn_cast<Value>(stride);
      v && tiles->isAncestor(v.getParentRegion()->getParentOp())) {
    why.note(step.getLoc(), "this loop");
    return why.fail(header + ": the trip count of loop '" + stepName +
                    "' is computed inside loop '" + tiles.getIterName() + "'");
  }
  // Iteration t gets the elements from t * stride on: an iteration below 0
  // would get negative ones, which an unbounded ring does not have.
  if (getConstantIntValue(tiles.getLowerBound()) != 0)
    return why.fail(header +
                    ": the loop must start at 0 (its iteration t "
                    "gets the elements from t times the trip count "
                    "of loop '" +
                    stepName + "' on)");
  SmallVector<AllocOp> rings;
  for (Operation &op : tiles.getBodyBlock())
    if (auto alloc = dyn_cast<AllocOp>(op);
        alloc && ringDimOf(alloc.getType()) >= 0)
      rings.push_back(alloc);
  if (rings.empty())
    return why.fail(header + ": no ring buffer or ring barrier array is "
                             "allocated directly in its body");
  // Chaining gives iteration t the elements from t * stride on: only an
  // unbounded ring (`? ring d`) has them. A bounded one is an array of its
  // extent, which the shifted coordinates would run past.
  for (AllocOp alloc : rings) {
    int dim = ringDimOf(alloc.getType());
    ArrayRef<Attribute> dims = getDimsOf(alloc.getType());
    if (auto barrier = dyn_cast<BarrierType>(alloc.getType()))
      dims = barrier.getDims();
    if (!isa<UnitAttr>(dims[dim])) {
      why.note(alloc.getLoc(), "this allocation");
      return why.fail(header + ": dimension " + Twine(dim) + " of '" +
                      alloc.getName() +
                      "' is a bounded ring (an array of its extent); only "
                      "an unbounded ring ('? ring d') has the elements the "
                      "later iterations would use");
    }
  }

  // What changes: element accesses and windows of the tensors, and the
  // barrier coordinates of arrives, awaits and trailing barriers.
  SmallVector<std::pair<AllocOp, Operation *>> uses;
  SmallVector<std::pair<AllocOp, WindowOp>> windows;
  for (AllocOp alloc : rings) {
    int dim = ringDimOf(alloc.getType());
    if (isa<exo::TensorType>(alloc.getType())) {
      Value guard = alloc.getGuard();
      if (guard && !tiles->isAncestor(guard.getParentRegion()->getParentOp())) {
        why.note(alloc.getLoc(), "this ring buffer");
        return why.fail(header + ": its guard is allocated outside the loop, "
                                 "so its phases would not follow the "
                                 "chained elements");
      }
      SmallVector<Operation *> accesses;
      SmallVector<WindowOp> wins;
      if (failed(collectUses(alloc, header, accesses, wins, why)))
        return failure();
      // Each iteration uses elements [0, stride) of its own ring: the
      // chained ring gives iteration t the elements [t * stride, (t + 1) *
      // stride), so no value flows between iterations.
      auto prove = [&](Operation *op, OpFoldResult idx) -> LogicalResult {
        BoundsExample example;
        if (succeeded(proveInRange(op, decomposeLinear(idx), stride, example)))
          return success();
        why.note(
            op->getLoc(),
            example.analyzable
                ? "this ring element can be " +
                      Twine(example.values.empty() ? 0 : example.values[0]) +
                      (example.sizes.empty() ? ""
                                             : " (with " + example.sizes + ")")
                : Twine("this ring index is not "
                        "quasi-affine in the sizes"));
        return why.fail(header + ": '" + alloc.getName() +
                        "' is not indexed within [0, trip count of '" +
                        stepName + "') in each iteration");
      };
      for (Operation *access : accesses) {
        Value t;
        SmallVector<OpFoldResult> idx;
        getAccess(access, t, idx);
        if (failed(prove(access, idx[dim])))
          return failure();
        uses.push_back({alloc, access});
      }
      for (WindowOp w : wins) {
        if (failed(prove(w, w.getMixedOffsets()[dim])))
          return failure();
        windows.push_back({alloc, w});
      }
      continue;
    }
    for (OpOperand &use : alloc.getResult().getUses()) {
      Operation *user = use.getOwner();
      if (auto other = dyn_cast<AllocOp>(user);
          other && other.getGuard() == alloc.getResult())
        continue;
      if (auto arrive = dyn_cast<ArriveOp>(user)) {
        for (unsigned i = 0; i < arrive.getNumTargets(); ++i)
          if (std::optional<int64_t> c =
                  getConstantIntValue(arrive.getTargetIndices(i)[dim]);
              c == kMulticastIndex) {
            why.note(user->getLoc(), "this arrive");
            return why.fail(header +
                            ": a multicast over the ring dimension "
                            "of '" +
                            alloc.getName() + "'");
          }
      } else if (!isa<AwaitOp>(user) &&
                 !(isa<CallOp>(user) &&
                   cast<CallOp>(user).getTrailing() == alloc.getResult())) {
        why.note(user->getLoc(), "this use");
        return why.fail(header + ": '" + alloc.getName() +
                        "' is used other than by arrives, awaits and "
                        "trailing barriers");
      }
      uses.push_back({alloc, user});
    }
  }

  Location loc = tiles.getLoc();
  IndexBuilder ib(rewriter, loc, tiles);
  Value s = ib.value(stride);
  rewriter.setInsertionPointToStart(&tiles.getBodyBlock());
  Value shift =
      arith::MulIOp::create(rewriter, loc, tiles.getInductionVar(), s);
  // Barrier coordinates: the static list and its dynamic values, rebuilt.
  auto reindex =
      [&](Operation *op, ArrayRef<int64_t> statics, ValueRange dynamics,
          AllocOp alloc,
          function_ref<void(ArrayRef<Value>, ArrayRef<int64_t>)> set) {
        SmallVector<OpFoldResult> mixed =
            getMixedValues(statics, dynamics, rewriter.getContext());
        shiftCoords(rewriter, op, shift,
                    cast<BarrierType>(alloc.getType()).getRank(),
                    ringDimOf(alloc.getType()), mixed);
        SmallVector<Value> dynamic;
        SmallVector<int64_t> fixed;
        dispatchIndexOpFoldResults(mixed, dynamic, fixed);
        rewriter.modifyOpInPlace(op, [&] { set(dynamic, fixed); });
      };
  for (auto [alloc, op] : uses) {
    int dim = ringDimOf(alloc.getType());
    if (auto arrive = dyn_cast<ArriveOp>(op)) {
      reindex(op, arrive.getStaticIndices(), arrive.getIndices(), alloc,
              [&](ArrayRef<Value> d, ArrayRef<int64_t> f) {
                arrive.getIndicesMutable().assign(d);
                arrive.setStaticIndices(f);
              });
    } else if (auto await = dyn_cast<AwaitOp>(op)) {
      reindex(op, await.getStaticIndices(), await.getIndices(), alloc,
              [&](ArrayRef<Value> d, ArrayRef<int64_t> f) {
                await.getIndicesMutable().assign(d);
                await.setStaticIndices(f);
              });
    } else if (auto call = dyn_cast<CallOp>(op)) {
      reindex(op, call.getStaticTrailingIndices(), call.getTrailingIndices(),
              alloc, [&](ArrayRef<Value> d, ArrayRef<int64_t> f) {
                call.getTrailingIndicesMutable().assign(d);
                call.setStaticTrailingIndices(f);
              });
    } else {
      Value t;
      SmallVector<OpFoldResult> idx;
      getAccess(op, t, idx);
      shiftCoords(rewriter, op, shift, idx.size(), dim, idx);
      retargetAccess(rewriter, op, alloc.getResult(), idx);
    }
  }
  for (auto [alloc, window] : windows) {
    int dim = ringDimOf(alloc.getType());
    SmallVector<OpFoldResult> offsets = window.getMixedOffsets();
    shiftCoords(rewriter, window, shift, offsets.size(), dim, offsets);
    rebuildWindow(rewriter, window, alloc.getResult(), offsets,
                  window.getStaticSizes());
  }
  for (AllocOp alloc : rings)
    rewriter.moveOpBefore(alloc, tiles);
  return rings;
}

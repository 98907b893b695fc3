//===- StmtRewrites.cpp - fuse, add_loop, inline, specialize, precision ---===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"
#include "RewriteUtils.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace exo;

//===----------------------------------------------------------------------===//
// fuse
//===----------------------------------------------------------------------===//

FailureOr<ForOp> exo::fuseLoops(RewriterBase &rewriter, ForOp first,
                                ForOp second, Refusal &why) {
  std::string header = ("cannot fuse loops '" + first.getIterName() +
                        "' and '" + second.getIterName() + "'")
                           .str();
  // The second loop must follow the first, with only index arithmetic in
  // between (which moves before the fused loop).
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second))
    return why.fail(header + ": the second loop does not follow the first in "
                             "its block");
  SmallVector<Operation *> between;
  for (Operation *op = first->getNextNode(); op != second;
       op = op->getNextNode()) {
    if (!isa<arith::ArithDialect>(op->getDialect()) ||
        op->getNumRegions() != 0) {
      why.note(op->getLoc(), "this statement lies between the loops");
      return why.fail(header + ": the loops are not adjacent");
    }
    // (Arithmetic between the loops cannot use values of the first loop's
    // body, which are not visible there.)
    between.push_back(op);
  }
  if (first.getMode() != second.getMode())
    return why.fail(header + ": their modes differ");
  for (auto [a, b] :
       {std::pair(first.getLowerBound(), second.getLowerBound()),
        std::pair(first.getUpperBound(), second.getUpperBound())}) {
    BoundsExample example;
    if (failed(proveSameValue(first, a, b, example)))
      return why.fail(header + ": their bounds differ" +
                      (example.sizes.empty() || !example.analyzable
                           ? std::string()
                           : " (with " + example.sizes + ")"));
  }
  // Fuse, then prove that running all of the first body's instances before
  // all of the second's (the original order) reverses no dependence of the
  // fused loop; otherwise undo.
  for (Operation *op : between)
    rewriter.moveOpBefore(op, first);
  Block &body = first.getBodyBlock();
  SmallVector<Operation *> firstOps, secondOps;
  for (Operation &op : body)
    firstOps.push_back(&op);
  rewriter.replaceAllUsesWith(second.getInductionVar(),
                              first.getInductionVar());
  Block &secondBody = second.getBodyBlock();
  while (!secondBody.empty()) {
    Operation *op = &secondBody.front();
    secondOps.push_back(op);
    rewriter.moveOpBefore(op, &body, body.end());
  }
  Refusal proof;
  if (failed(proveFissionKeepsDependences(ArrayRef<ForOp>(first), firstOps,
                                          secondOps, proof, "fuse"))) {
    // Undo: the second body goes back to its loop.
    for (Operation *op : secondOps)
      rewriter.moveOpBefore(op, &secondBody, secondBody.end());
    rewriter.replaceUsesWithIf(
        first.getInductionVar(), second.getInductionVar(),
        [&](OpOperand &use) { return second->isAncestor(use.getOwner()); });
    why = proof;
    return failure();
  }
  rewriter.eraseOp(second);
  return first;
}

//===----------------------------------------------------------------------===//
// add_loop
//===----------------------------------------------------------------------===//

FailureOr<ForOp> exo::addLoop(RewriterBase &rewriter, Operation *stmt,
                              StringRef name, StringRef hiText, Refusal &why) {
  std::string header = "cannot add loop '" + name.str() + "'";
  if (failed(refuseNewName(name, stmt, NewNameKind::Loop, "the loop's name",
                           why)) ||
      failed(refuseTaskLoop(stmt, header, why)))
    return failure();
  std::string err;
  FailureOr<LinearValue> hi = resolveLinearText(stmt, hiText, err);
  if (failed(hi))
    return why.fail(header + ": " + err);
  // The statement must still run: hi >= 1 wherever it runs.
  BoundsExample example;
  LinearValue shifted = *hi;
  shifted.constant -= 1; // hi >= 1  <=>  hi - 1 >= 0
  if (failed(proveNonNegative(stmt, shifted, example)))
    return why.fail(header + ": its extent '" + hiText + "' can be " +
                    Twine(example.values[0] + 1) +
                    ", and the statement would not run" +
                    (example.sizes.empty() ? std::string()
                                           : " (with " + example.sizes + ")"));
  rewriter.setInsertionPoint(stmt);
  IndexBuilder ib(rewriter, stmt->getLoc(), stmt);
  OpFoldResult hiValue = buildLinearValue(ib, *hi);
  auto seq = LoopModeAttr::get(rewriter.getContext(), LoopModeKind::Seq,
                               CollUnitAttr());
  auto loop = ForOp::create(rewriter, stmt->getLoc(), rewriter.getIndexAttr(0),
                            hiValue, seq, name);
  rewriter.setInsertionPointToStart(&loop.getBodyBlock());
  Value zero = arith::ConstantIndexOp::create(rewriter, stmt->getLoc(), 0);
  Value isFirst =
      arith::CmpIOp::create(rewriter, stmt->getLoc(), arith::CmpIPredicate::eq,
                            loop.getInductionVar(), zero);
  auto guard = IfOp::create(rewriter, stmt->getLoc(), isFirst);
  Block *thenBlock = rewriter.createBlock(&guard.getThenRegion());
  // The expressions only the statement uses (a read feeding it, say) move
  // with it, in their order (constants stay). A read stays where it is when
  // a statement between it and `stmt` may write memory: moving it past that
  // write could change the value it reads.
  auto writeBefore = [&](Operation *read) {
    for (Operation *op = read->getNextNode(); op && op != stmt;
         op = op->getNextNode())
      if (!isMemoryEffectFree(op) && !isa<ReadOp>(op))
        return true;
    return false;
  };
  SmallVector<Operation *> feeding;
  llvm::SmallPtrSet<Operation *, 8> taken = {stmt};
  SmallVector<Operation *> work = {stmt};
  while (!work.empty()) {
    Operation *user = work.pop_back_val();
    for (Value operand : user->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != stmt->getBlock() ||
          def->hasTrait<OpTrait::ConstantLike>() || def->getNumRegions() != 0 ||
          def->getNumResults() != 1 ||
          !(isMemoryEffectFree(def) || isa<ReadOp>(def)) ||
          (isa<ReadOp>(def) && writeBefore(def)) ||
          !llvm::all_of(def->getUsers(),
                        [&](Operation *u) { return taken.contains(u); }) ||
          !taken.insert(def).second)
        continue;
      feeding.push_back(def);
      work.push_back(def);
    }
  }
  llvm::sort(feeding,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *def : feeding)
    rewriter.moveOpBefore(def, thenBlock, thenBlock->end());
  rewriter.moveOpBefore(stmt, thenBlock, thenBlock->end());
  return loop;
}

//===----------------------------------------------------------------------===//
// reduce_tree
//===----------------------------------------------------------------------===//

namespace {
/// How reduce_tree's statement combines: a sum, or an f32 maximum or
/// minimum (`arith.maximumf` / `minimumf`, exactly associative).
enum class ReductionKind { Add, Max, Min };
} // namespace

static Value combineReduction(OpBuilder &b, Location loc, ReductionKind kind,
                              Value x, Value y) {
  switch (kind) {
  case ReductionKind::Add:
    return arith::AddFOp::create(b, loc, x, y);
  case ReductionKind::Max:
    return arith::MaximumFOp::create(b, loc, x, y);
  case ReductionKind::Min:
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  llvm_unreachable("a reduction kind");
}

FailureOr<ReducedTree> exo::reduceTree(RewriterBase &rewriter, ForOp nest,
                                       StringRef tempName, Refusal &why) {
  std::string header = "cannot turn the sum into a tree";
  if (failed(refuseNewName(tempName, nest, NewNameKind::Alloc,
                           "the temporary's name", why)))
    return failure();
  // The nest: loops from 0 to 2, perfectly nested (index arithmetic
  // aside), around one reduction of a read.
  SmallVector<ForOp> loops;
  Operation *op = nest;
  while (auto loop = dyn_cast<ForOp>(op)) {
    if (!loop.getMode().isSeq() ||
        getConstantIntValue(loop.getLowerBound()) != 0 ||
        getConstantIntValue(loop.getUpperBound()) != 2) {
      why.note(loop.getLoc(), "loop '" + loop.getIterName() +
                                  "' does not run from 0 to 2 (seq)");
      return why.fail(header + ": the nest must be loops over bits");
    }
    loops.push_back(loop);
    Operation *inner = nullptr;
    for (Operation &child : loop.getBodyBlock()) {
      // Expressions (index arithmetic, reads) have results; statements
      // do not.
      if (child.getNumResults() != 0)
        continue;
      if (inner) {
        why.note(child.getLoc(), "this statement is not the only one");
        return why.fail(header + ": the loops must hold one statement each");
      }
      inner = &child;
    }
    if (!inner)
      return why.fail(header + ": loop '" + loop.getIterName() + "' is empty");
    op = inner;
  }
  // y[I] += t[...], or y[I] = max(y[I], t[...]) (min, either operand
  // order): the combination of the tree's levels.
  ReductionKind kind = ReductionKind::Add;
  ReadOp read;
  Value dest;
  SmallVector<OpFoldResult> destIndices;
  UnitAttr oob;
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    read = reduce.getValue().getDefiningOp<ReadOp>();
    dest = reduce.getDest();
    destIndices = reduce.getMixedIndices();
    oob = reduce.getOobAttr();
  } else if (auto assign = dyn_cast<AssignOp>(op)) {
    Operation *m = assign.getValue().getDefiningOp();
    if (m && isa<arith::MaximumFOp, arith::MinimumFOp>(m)) {
      kind =
          isa<arith::MaximumFOp>(m) ? ReductionKind::Max : ReductionKind::Min;
      dest = assign.getDest();
      destIndices = assign.getMixedIndices();
      oob = assign.getOobAttr();
      // One operand reads the element the statement writes.
      auto readsDest = [&](Value v) {
        auto r = v.getDefiningOp<ReadOp>();
        return r && r.getSource() == dest &&
               llvm::equal(r.getMixedIndices(), destIndices) &&
               r.getOobAttr() == oob;
      };
      Value x = m->getOperand(0), y = m->getOperand(1);
      if (readsDest(x))
        read = y.getDefiningOp<ReadOp>();
      else if (readsDest(y))
        read = x.getDefiningOp<ReadOp>();
    }
  }
  if (loops.empty() || !read) {
    why.note(op->getLoc(),
             "this is not 'y[...] += t[...]' or 'y[...] = max(y[...], "
             "t[...])' (or min)");
    return why.fail(header + ": the innermost statement must add a read "
                             "element to another tensor, or take the "
                             "maximum or minimum of it and that tensor's "
                             "element");
  }
  Value t = read.getSource();
  auto alloc = t.getDefiningOp<AllocOp>();
  auto type = dyn_cast<exo::TensorType>(t.getType());
  auto elem = type ? dyn_cast<FloatType>(type.getElementType()) : FloatType();
  if (!alloc || !type || !elem)
    return why.fail(header + ": '" + tensorName(t) +
                    "' must be a local tensor of floats (its values are "
                    "overwritten)");
  Value destRoot = dest;
  while (auto w = destRoot.getDefiningOp<WindowOp>())
    destRoot = w.getSource();
  if (destRoot == t)
    return why.fail(header + ": the sum is added to the tensor it sums");
  unsigned n = loops.size();
  SmallVector<OpFoldResult> idx = read.getMixedIndices();
  ArrayRef<Attribute> dims = type.getDims();
  SmallVector<int64_t> rest;
  bool shaped = idx.size() >= n;
  for (unsigned d = 0; shaped && d < idx.size(); ++d) {
    if (d < n) {
      shaped &= dyn_cast<Value>(idx[d]) == loops[d].getInductionVar() &&
                isa<IntegerAttr>(dims[d]) &&
                cast<IntegerAttr>(dims[d]).getInt() == 2;
    } else {
      std::optional<int64_t> c = getConstantIntValue(idx[d]);
      shaped &= c.has_value();
      if (c)
        rest.push_back(*c);
    }
  }
  if (!shaped) {
    why.note(read.getLoc(), "this read");
    return why.fail(header + ": '" + tensorName(t) +
                    "' must be read at the loops' iterators, in order, in "
                    "dimensions of extent 2, then at constants");
  }
  // The destination's index may not depend on the loops.
  SmallVector<LinearValue> destLinear;
  for (OpFoldResult i : destIndices) {
    LinearValue v = decomposeLinear(i);
    for (auto [value, coeff] : v.terms) {
      Operation *def = value.getDefiningOp();
      bool inside =
          def ? nest->isAncestor(def)
              : nest->isAncestor(value.getParentBlock()->getParentOp());
      if (inside) {
        why.note(op->getLoc(), "this index");
        return why.fail(header + ": the sum's destination must not depend "
                                 "on the loops");
      }
    }
    destLinear.push_back(v);
  }
  // Nothing may use t after the nest, directly or through a window of it
  // made before: the tree overwrites it.
  SmallVector<Operation *> uses;
  for (SmallVector<Value> aliases = {t}; !aliases.empty();) {
    Value a = aliases.pop_back_val();
    for (Operation *user : a.getUsers()) {
      uses.push_back(user);
      if (auto w = dyn_cast<WindowOp>(user))
        aliases.push_back(w.getResult());
    }
  }
  for (Operation *user : uses) {
    if (isa<WindowOp>(user) || nest->isAncestor(user))
      continue;
    Operation *at = nest->getBlock()->findAncestorOpInBlock(*user);
    if (!at || nest->isBeforeInBlock(at)) {
      why.note(user->getLoc(), "this use");
      return why.fail(header + ": '" + tensorName(t) +
                      "' is used after the sum, but the tree overwrites it");
    }
  }

  Location loc = nest.getLoc();
  rewriter.setInsertionPoint(nest);
  IndexBuilder ib(rewriter, loc, nest);
  ReducedTree result;
  result.temp = AllocOp::create(rewriter, loc, type,
                                rewriter.getStringAttr(tempName), Value());
  Value bufs[2] = {t, result.temp.getResult()};
  auto seq = LoopModeAttr::get(rewriter.getContext(), LoopModeKind::Seq,
                               CollUnitAttr());
  for (unsigned level = 0; level < n; ++level) {
    Value src = bufs[level % 2], dst = bufs[(level + 1) % 2];
    OpBuilder::InsertionGuard guard(rewriter);
    // Loops over the other bits, named after the level's bit.
    SmallVector<OpFoldResult> ivs(n);
    Operation *outer = nullptr;
    for (unsigned d = 0; d < n; ++d) {
      if (d == level)
        continue;
      std::string name =
          (loops[level].getIterName() + "_" + loops[d].getIterName()).str();
      auto loop = ForOp::create(rewriter, loc, rewriter.getIndexAttr(0),
                                rewriter.getIndexAttr(2), seq, name);
      if (!outer)
        outer = loop;
      ivs[d] = loop.getInductionVar();
      rewriter.setInsertionPointToStart(&loop.getBodyBlock());
    }
    // The pair: both of its elements get the sum (one statement, a loop).
    auto pair = ForOp::create(rewriter, loc, rewriter.getIndexAttr(0),
                              rewriter.getIndexAttr(2), seq,
                              (loops[level].getIterName() + "_pair").str());
    if (!outer)
      outer = pair;
    rewriter.setInsertionPointToStart(&pair.getBodyBlock());
    auto at = [&](OpFoldResult bit) {
      SmallVector<OpFoldResult> i = ivs;
      i[level] = bit;
      for (int64_t c : rest)
        i.push_back(rewriter.getIndexAttr(c));
      return i;
    };
    Value a = createRead(rewriter, loc, src, at(rewriter.getIndexAttr(0)));
    Value b = createRead(rewriter, loc, src, at(rewriter.getIndexAttr(1)));
    createWrite(rewriter, loc, /*reduce=*/false, dst,
                at(pair.getInductionVar()),
                combineReduction(rewriter, loc, kind, a, b));
    result.levels.push_back(outer);
  }
  SmallVector<OpFoldResult> zero(n, rewriter.getIndexAttr(0));
  for (int64_t c : rest)
    zero.push_back(rewriter.getIndexAttr(c));
  Value total = createRead(rewriter, loc, bufs[n % 2], zero);
  SmallVector<OpFoldResult> destIdx;
  for (const LinearValue &v : destLinear)
    destIdx.push_back(buildLinearValue(ib, v));
  if (kind == ReductionKind::Add) {
    result.final = createWrite(rewriter, loc, /*reduce=*/true, dest, destIdx,
                               total, static_cast<bool>(oob));
  } else {
    Value old =
        createRead(rewriter, loc, dest, destIdx, static_cast<bool>(oob));
    result.final =
        createWrite(rewriter, loc, /*reduce=*/false, dest, destIdx,
                    combineReduction(rewriter, loc, kind, old, total),
                    static_cast<bool>(oob));
  }
  rewriter.eraseOp(nest);
  return result;
}

//===----------------------------------------------------------------------===//
// inline
//===----------------------------------------------------------------------===//

LogicalResult exo::inlineCall(RewriterBase &rewriter, CallOp call,
                              Refusal &why) {
  std::string header = ("cannot inline the call of @" + call.getCallee()).str();
  auto callee = lookupCallee(call);
  if (!callee)
    return why.fail(header + ": no exo.proc of that name");
  if (callee.isInstr())
    return why.fail(header + ": it is an instruction (its body is its "
                             "semantics, not code to inline)");
  if (callee->isAncestor(call))
    return why.fail(header + ": the call is inside the callee");
  // (Only instruction calls take trailing barriers.)
  bool hasDevice = false;
  callee.walk([&](DeviceFunctionOp) { hasDevice = true; });
  if (hasDevice && getEnclosingDeviceFunction(call))
    return why.fail(header + ": its device function would nest in another");
  // Types name sizes by their proc argument's name: a size the callee's
  // body names must be the caller's size of the same name, or the clone's
  // types would mean another extent.
  auto caller = call->getParentOfType<ProcOp>();
  std::string capture;
  auto checkType = [&](Type type) {
    ArrayRef<Attribute> dims;
    if (auto t = dyn_cast<exo::TensorType>(type))
      dims = t.getDims();
    else if (auto w = dyn_cast<WindowType>(type))
      dims = w.getDims();
    else if (auto b = dyn_cast<BarrierType>(type))
      dims = b.getDims();
    for (Attribute d : dims) {
      auto name = dyn_cast<StringAttr>(d);
      if (!name || !capture.empty())
        continue;
      for (auto [i, param] :
           llvm::enumerate(callee.getBodyBlock().getArguments())) {
        if (callee.getArgName(i) != name.getValue())
          continue;
        auto arg = dyn_cast<BlockArgument>(call.getArgs()[i]);
        bool same = arg && caller && arg.getOwner() == &caller.getBodyBlock() &&
                    caller.getArgName(arg.getArgNumber()) == name.getValue();
        if (!same)
          capture = name.getValue().str();
      }
    }
  };
  callee.getBodyBlock().walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      checkType(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          checkType(a.getType());
  });
  if (!capture.empty())
    return why.fail(header + ": its body's types name its size '" + capture +
                    "', which the call does not bind to the caller's size of "
                    "that name (the inlined types would mean another extent)");
  IRMapping map;
  for (auto [param, arg] :
       llvm::zip(callee.getBodyBlock().getArguments(), call.getArgs()))
    map.map(param, arg);
  rewriter.setInsertionPoint(call);
  for (Operation &op : callee.getBodyBlock())
    rewriter.clone(op, map);
  rewriter.eraseOp(call);
  return success();
}

//===----------------------------------------------------------------------===//
// specialize
//===----------------------------------------------------------------------===//

/// Reads `cond` (two linear index expressions compared by <, <=, >, >=, ==
/// or !=, names resolved at `stmt`) and builds it before `stmt`.
static FailureOr<Value> buildCondition(RewriterBase &rewriter, Operation *stmt,
                                       StringRef cond, const Twine &header,
                                       Refusal &why) {
  static const std::pair<StringRef, arith::CmpIPredicate> kOps[] = {
      {"<=", arith::CmpIPredicate::sle}, {">=", arith::CmpIPredicate::sge},
      {"==", arith::CmpIPredicate::eq},  {"!=", arith::CmpIPredicate::ne},
      {"<", arith::CmpIPredicate::slt},  {">", arith::CmpIPredicate::sgt}};
  std::optional<arith::CmpIPredicate> pred;
  StringRef lhsText, rhsText;
  for (auto [text, p] : kOps) {
    size_t at = cond.find(text);
    if (at == StringRef::npos)
      continue;
    pred = p;
    lhsText = cond.take_front(at);
    rhsText = cond.drop_front(at + text.size());
    break;
  }
  if (!pred)
    return why.fail(header + ": the condition '" + cond +
                    "' is not a comparison (<, <=, >, >=, ==, !=)");
  SmallVector<LinearValue> sides;
  for (StringRef text : {lhsText, rhsText}) {
    std::string err;
    FailureOr<LinearValue> v = resolveLinearText(stmt, text, err);
    if (failed(v))
      return why.fail(header + ": " + err);
    sides.push_back(*v);
  }
  rewriter.setInsertionPoint(stmt);
  IndexBuilder ib(rewriter, stmt->getLoc(), stmt);
  Value lhs = ib.value(buildLinearValue(ib, sides[0]));
  Value rhs = ib.value(buildLinearValue(ib, sides[1]));
  return arith::CmpIOp::create(rewriter, stmt->getLoc(), *pred, lhs, rhs)
      .getResult();
}

FailureOr<IfOp> exo::specialize(RewriterBase &rewriter, Operation *stmt,
                                StringRef cond, Refusal &why) {
  if (failed(refuseTaskLoop(stmt, "cannot specialize the statement", why)))
    return failure();
  FailureOr<Value> c = buildCondition(rewriter, stmt, cond,
                                      "cannot specialize the statement", why);
  if (failed(c))
    return failure();
  auto ifOp = IfOp::create(rewriter, stmt->getLoc(), *c);
  Block *thenBlock = rewriter.createBlock(&ifOp.getThenRegion());
  Block *elseBlock = rewriter.createBlock(&ifOp.getElseRegion());
  rewriter.setInsertionPointToStart(elseBlock);
  rewriter.clone(*stmt);
  rewriter.moveOpBefore(stmt, thenBlock, thenBlock->end());
  return ifOp;
}

FailureOr<IfOp> exo::guardSync(RewriterBase &rewriter, Operation *stmt,
                               StringRef cond, Refusal &why) {
  std::string header = "cannot guard the statement";
  // Synchronization means nothing sequentially, so guarding it keeps the
  // meaning; a data statement would not run in every iteration any more.
  if (!isa<SyncOpInterface>(stmt)) {
    why.note(stmt->getLoc(), "this statement");
    return why.fail(header + ": only fences, arrives and awaits can be "
                             "guarded (the guard would change what other "
                             "statements compute)");
  }
  FailureOr<Value> c = buildCondition(rewriter, stmt, cond, header, why);
  if (failed(c))
    return failure();
  auto ifOp = IfOp::create(rewriter, stmt->getLoc(), *c);
  Block *thenBlock = rewriter.createBlock(&ifOp.getThenRegion());
  rewriter.moveOpBefore(stmt, thenBlock, thenBlock->end());
  return ifOp;
}

//===----------------------------------------------------------------------===//
// set_precision
//===----------------------------------------------------------------------===//

/// `value` converted to the float type `to`.
static Value convert(RewriterBase &rewriter, Location loc, Value value,
                     Type to) {
  auto from = cast<FloatType>(value.getType());
  auto target = cast<FloatType>(to);
  if (from == target)
    return value;
  if (from.getWidth() < target.getWidth() ||
      (from.getWidth() == target.getWidth() &&
       target.getFPMantissaWidth() > from.getFPMantissaWidth()))
    return arith::ExtFOp::create(rewriter, loc, to, value);
  return arith::TruncFOp::create(rewriter, loc, to, value);
}

LogicalResult exo::setPrecision(RewriterBase &rewriter, AllocOp alloc,
                                Type type, Refusal &why) {
  std::string header =
      ("cannot change the precision of '" + alloc.getName() + "'").str();
  auto tensor = dyn_cast<exo::TensorType>(alloc.getType());
  if (!tensor)
    return why.fail(header + ": it is not a tensor");
  auto oldType = dyn_cast<FloatType>(tensor.getElementType());
  if (!oldType || !isa<FloatType>(type))
    return why.fail(header + ": only float element types change precision");
  if (!type.isF32() && !type.isF16() && !type.isBF16() && !type.isF64())
    return why.fail(header +
                    ": the element type must be f64, f32, bf16 or f16");
  for (Operation *user : alloc.getResult().getUsers()) {
    Value t;
    SmallVector<OpFoldResult> idx;
    if (!getAccess(user, t, idx)) {
      why.note(user->getLoc(), "this use is not an element access");
      return why.fail(header + ": its uses must be element reads and writes");
    }
  }
  rewriter.modifyOpInPlace(alloc, [&] {
    alloc.getResult().setType(
        exo::TensorType::get(tensor.getContext(), tensor.getDims(),
                             tensor.getRingDepths(), type, tensor.getMemory()));
  });
  for (Operation *user :
       llvm::make_early_inc_range(alloc.getResult().getUsers())) {
    if (auto read = dyn_cast<ReadOp>(user)) {
      rewriter.setInsertionPointAfter(read);
      Value old = read.getResult();
      rewriter.modifyOpInPlace(read, [&] { old.setType(type); });
      Value back = convert(rewriter, read.getLoc(), old, oldType);
      rewriter.replaceAllUsesExcept(old, back, back.getDefiningOp());
      continue;
    }
    rewriter.setInsertionPoint(user);
    OpOperand &valueOperand = user->getOpOperand(user->getNumOperands() - 1);
    Value converted =
        convert(rewriter, user->getLoc(), valueOperand.get(), type);
    rewriter.modifyOpInPlace(user, [&] { valueOperand.set(converted); });
  }
  return success();
}

//===----------------------------------------------------------------------===//
// drop_bounds_guard
//===----------------------------------------------------------------------===//

LogicalResult exo::dropBoundsGuard(RewriterBase &rewriter, ForOp loop,
                                   Refusal &why) {
  std::string header =
      ("cannot drop the bounds guard of loop '" + loop.getIterName() + "'")
          .str();
  IfOp guard;
  for (Operation &op : loop.getBodyBlock()) {
    if (auto ifOp = dyn_cast<IfOp>(op); ifOp && !guard) {
      guard = ifOp;
      continue;
    }
    if (isa<arith::ArithDialect>(op.getDialect()) && isPure(&op))
      continue;
    why.note(op.getLoc(), "this statement");
    return why.fail(header + ": the body must be one guard (and the index "
                             "arithmetic of its condition)");
  }
  if (!guard)
    return why.fail(header + ": its body has no guard");
  SmallVector<Operation *> oob;
  if (failed(proveBoundsGuardDroppable(guard, oob, header, why)))
    return failure();
  for (Operation *access : oob)
    rewriter.modifyOpInPlace(
        access, [&] { access->setAttr("oob", rewriter.getUnitAttr()); });
  Value cond = guard.getCondition();
  rewriter.inlineBlockBefore(&guard.getThenBlock(), guard);
  rewriter.eraseOp(guard);
  if (Operation *def = cond.getDefiningOp(); def && def->use_empty())
    rewriter.eraseOp(def);
  return success();
}

//===----------------------------------------------------------------------===//
// drop_oob
//===----------------------------------------------------------------------===//

StringRef exo::viewedArrayName(Value array) {
  while (auto window = array.getDefiningOp<WindowOp>())
    array = window.getSource();
  if (auto arg = dyn_cast<BlockArgument>(array)) {
    if (auto proc = dyn_cast<ProcOp>(arg.getOwner()->getParentOp()))
      return proc.getArgName(arg.getArgNumber());
    return {};
  }
  if (auto alloc = array.getDefiningOp<AllocOp>())
    return alloc.getName();
  return {};
}

LogicalResult exo::dropOob(RewriterBase &rewriter, Operation *stmt,
                           StringRef tensor, Refusal &why) {
  std::string header =
      ("cannot drop 'oob' from the accesses of '" + tensor + "'").str();
  auto proc = dyn_cast<ProcOp>(stmt);
  if (!proc)
    proc = stmt->getParentOfType<ProcOp>();
  if (!proc || proc.isInstr())
    return why.fail(header + ": the statement is not in a scheduled proc (an "
                             "instruction's body is its semantics)");
  SmallVector<Operation *> marked;
  stmt->walk([&](Operation *op) {
    if (auto window = dyn_cast<WindowOp>(op)) {
      if (window.getOob() && viewedArrayName(window.getSource()) == tensor)
        marked.push_back(op);
      return;
    }
    auto access = dyn_cast<ElementAccessOpInterface>(op);
    if (access && access.isMarkedOob() &&
        viewedArrayName(access.getTensor()) == tensor)
      marked.push_back(op);
  });
  if (marked.empty())
    return why.fail(header + ": the statement has no access of it marked "
                             "'oob'");
  SmallVector<Operation *> inside;
  std::string firstWhy;
  Operation *firstOutside = nullptr;
  for (Operation *op : marked) {
    std::string outside;
    if (succeeded(proveInsideTensor(op, outside))) {
      inside.push_back(op);
      continue;
    }
    if (!firstOutside) {
      firstOutside = op;
      firstWhy = outside;
    }
  }
  if (inside.empty()) {
    why.note(firstOutside->getLoc(), "this access: " + firstWhy);
    return why.fail(header + ": none of them is proved to stay inside it");
  }
  for (Operation *op : inside)
    rewriter.modifyOpInPlace(op, [&] { op->removeAttr("oob"); });
  return success();
}

//===- Replace.cpp - Replace code by an instruction whose body it equals --===//
//
// Part of the Exo-GPU project.
//
// replace unifies a statement of the program with the body of an
// instruction proc: loops with loops (equal constant trip counts), writes
// with writes, expressions with expressions (through their operands), and
// each access of an instruction parameter with an access of a tensor of the
// program. Each window parameter is bound to a window of one tensor: every
// access of the parameter at index i must be an access of the tensor at
// offset + i (in the window's dimensions; the other dimensions are fixed
// points), with offsets that do not depend on the unified loops. A tensor
// parameter is bound to a whole tensor (offsets 0, the same dimensions), an
// index parameter (a size) to the bound of the program loop its loops unify
// with. When everything unifies, the statement computes exactly what a call
// of the instruction on those arguments computes, and is replaced by the
// call.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"
#include "RewriteUtils.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace exo;

namespace {

/// Whether `op` is a statement (as opposed to an expression, which is
/// unified through the operands of the statements that use it).
bool isStmt(Operation &op) { return isStatement(&op); }

/// The window a parameter is bound to.
struct Binding {
  Value tensor;
  /// Per tensor dimension: the offset, and the parameter dimension it maps
  /// to (-1 for a point).
  SmallVector<LinearValue> offsets;
  SmallVector<int> paramDim;
};

bool sameLinear(const LinearValue &a, const LinearValue &b) {
  LinearValue d = subtractLinear(a, b);
  return d.terms.empty() && d.constant == 0;
}

class Unifier {
public:
  Unifier(ProcOp instr, Operation *stmt, Refusal &why)
      : instr(instr), stmt(stmt), why(why) {}

  LogicalResult unify();

  ProcOp instr;
  Operation *stmt;
  Refusal &why;
  /// Instruction values (loop iterators, expressions) and the program values
  /// they stand for.
  DenseMap<Value, Value> values;
  /// Program loop iterators unified with instruction loops.
  llvm::SmallPtrSet<Value, 8> unifiedIvs;
  /// By parameter: the windows every access so far agrees with (each access
  /// may allow several choices of dimensions; all of them are kept until a
  /// later access rules them out).
  DenseMap<Value, SmallVector<Binding>> candidates;
  /// Index parameters (sizes) and the program loop bounds they stand for.
  DenseMap<Value, OpFoldResult> sizes;
  /// Reads just before the statement that only it uses: the instruction
  /// performs them (they are erased with the statement).
  SmallVector<Operation *> absorbed;

private:
  /// Whether `read` can move into the statement: the statement is a single
  /// assignment or reduction (it runs once, after its reads), the read is
  /// in its block before it, its value is used only by the statement, and
  /// only expressions (no statement, so nothing that writes) lie in
  /// between. A loop statement could write the read's element between its
  /// iterations, so its reads stay outside.
  bool canAbsorb(ReadOp read) const {
    if (!isElementWrite(stmt) || read->getBlock() != stmt->getBlock() ||
        !read->isBeforeInBlock(stmt))
      return false;
    for (Operation *user : read->getUsers())
      if (!stmt->isAncestor(user))
        return false;
    for (Operation *op = read->getNextNode(); op != stmt;
         op = op->getNextNode())
      if (isStmt(*op))
        return false;
    return true;
  }

  LogicalResult mismatch(Operation *at, const Twine &msg) {
    why.note(at->getLoc(), msg);
    return failure();
  }
  LogicalResult unifyBlock(Block &ib, ArrayRef<Operation *> pstmts,
                           Operation *where);
  LogicalResult unifyStmt(Operation &iop, Operation *pop);
  /// Binds the instruction's loop bound `bound` (a size parameter) to the
  /// upper bound of `ploop`.
  LogicalResult bindSize(OpFoldResult bound, ForOp ploop);
  LogicalResult unifyValue(Value iv, Value pv, Operation *user);
  LogicalResult unifyAccess(Operation *iop, Value param,
                            ArrayRef<OpFoldResult> iidx, Operation *pop,
                            Value tensor, ArrayRef<OpFoldResult> pidx);
  /// An instruction index expression, with its iterators replaced by the
  /// program's.
  FailureOr<LinearValue> translate(OpFoldResult index, Operation *at);
  /// Whether a linear value depends on a unified loop.
  bool dependsOnLoops(const LinearValue &v) const {
    return llvm::any_of(v.terms,
                        [&](auto &t) { return unifiedIvs.contains(t.first); });
  }
};

} // namespace

LogicalResult Unifier::unify() {
  SmallVector<Operation *> one = {stmt};
  return unifyBlock(instr.getBodyBlock(), one, stmt);
}

LogicalResult Unifier::unifyBlock(Block &ib, ArrayRef<Operation *> pstmts,
                                  Operation *where) {
  SmallVector<Operation *> istmts;
  for (Operation &op : ib)
    if (isStmt(op))
      istmts.push_back(&op);
  if (istmts.size() != pstmts.size())
    return mismatch(where, "the instruction has " + Twine(istmts.size()) +
                               " statements here, the program " +
                               Twine(pstmts.size()));
  for (auto [iop, pop] : llvm::zip(istmts, pstmts))
    if (failed(unifyStmt(*iop, pop)))
      return failure();
  return success();
}

LogicalResult Unifier::unifyStmt(Operation &iop, Operation *pop) {
  if (iop.getName() != pop->getName())
    return mismatch(pop, "the instruction has '" +
                             iop.getName().getStringRef() + "' here, not '" +
                             pop->getName().getStringRef() + "'");
  if (auto iloop = dyn_cast<ForOp>(iop)) {
    auto ploop = cast<ForOp>(pop);
    std::optional<int64_t> ilo = getConstantIntValue(iloop.getLowerBound());
    std::optional<int64_t> ihi = getConstantIntValue(iloop.getUpperBound());
    std::optional<int64_t> plo = getConstantIntValue(ploop.getLowerBound());
    std::optional<int64_t> phi = getConstantIntValue(ploop.getUpperBound());
    if (!ilo || !plo || *ilo != 0 || *plo != 0 || (ihi && phi != ihi))
      return mismatch(pop, "loop '" + ploop.getIterName() +
                               "' does not run from 0 to the instruction's " +
                               (ihi ? Twine(*ihi) : Twine("bound")));
    if (!ihi && failed(bindSize(iloop.getUpperBound(), ploop)))
      return failure();
    if (!ploop.getMode().isSeq())
      return mismatch(pop, "loop '" + ploop.getIterName() + "' is not seq");
    values[iloop.getInductionVar()] = ploop.getInductionVar();
    unifiedIvs.insert(ploop.getInductionVar());
    SmallVector<Operation *> pstmts;
    for (Operation &op : ploop.getBodyBlock())
      if (isStmt(op))
        pstmts.push_back(&op);
    return unifyBlock(iloop.getBodyBlock(), pstmts, pop);
  }
  if (isElementWrite(&iop)) {
    Value it, pt;
    SmallVector<OpFoldResult> iidx, pidx;
    getAccess(&iop, it, iidx);
    getAccess(pop, pt, pidx);
    Value ival = cast<ElementAccessOpInterface>(&iop).getStoredValue();
    Value pval = cast<ElementAccessOpInterface>(pop).getStoredValue();
    if (failed(unifyAccess(&iop, it, iidx, pop, pt, pidx)))
      return failure();
    return unifyValue(ival, pval, pop);
  }
  return mismatch(pop, "replace cannot unify '" +
                           pop->getName().getStringRef() + "' statements");
}

LogicalResult Unifier::bindSize(OpFoldResult bound, ForOp ploop) {
  auto param = dyn_cast<BlockArgument>(dyn_cast<Value>(bound));
  if (!param || param.getOwner() != &instr.getBodyBlock())
    return mismatch(ploop, "the instruction's loop bound here is not one of "
                           "its size parameters");
  OpFoldResult pb = ploop.getUpperBound();
  if (auto v = dyn_cast<Value>(pb))
    if (Operation *def = v.getDefiningOp(); def && stmt->isAncestor(def))
      return mismatch(ploop, "the bound of loop '" + ploop.getIterName() +
                                 "' is computed inside the statement");
  auto it = sizes.try_emplace(param, pb).first;
  std::optional<int64_t> had = getConstantIntValue(it->second);
  std::optional<int64_t> now = getConstantIntValue(pb);
  bool same = had || now ? had == now : it->second == pb;
  if (!same)
    return mismatch(ploop, "loop '" + ploop.getIterName() +
                               "' runs to another bound than the one size '" +
                               instr.getArgName(param.getArgNumber()) +
                               "' was bound to");
  return success();
}

LogicalResult Unifier::unifyValue(Value iv, Value pv, Operation *user) {
  if (auto it = values.find(iv); it != values.end()) {
    if (it->second != pv)
      return mismatch(user, "this operand is not the value the instruction "
                            "uses here");
    return success();
  }
  Operation *idef = iv.getDefiningOp();
  Operation *pdef = pv.getDefiningOp();
  // (The instruction's parameters are all windows, so its data values are
  // all computed by operations.)
  if (!idef || !pdef || pdef->getName() != idef->getName() ||
      pdef->getNumResults() != 1 ||
      (!isa<ReadOp>(idef) && pdef->getNumOperands() != idef->getNumOperands()))
    return mismatch(user, "this operand is not computed like the "
                          "instruction's ('" +
                              idef->getName().getStringRef() + "')");
  if (!stmt->isAncestor(pdef) && !isa<arith::ConstantOp>(pdef)) {
    auto pread = dyn_cast<ReadOp>(pdef);
    if (!pread || !canAbsorb(pread))
      return mismatch(pdef, "this value is computed outside the statement");
    if (!llvm::is_contained(absorbed, pdef))
      absorbed.push_back(pdef);
  }
  if (auto iread = dyn_cast<ReadOp>(idef)) {
    auto pread = cast<ReadOp>(pdef);
    if (failed(unifyAccess(iread, iread.getSource(), iread.getMixedIndices(),
                           pread, pread.getSource(), pread.getMixedIndices())))
      return failure();
  } else if (auto icst = dyn_cast<arith::ConstantOp>(idef)) {
    if (icst.getValue() != cast<arith::ConstantOp>(pdef).getValue())
      return mismatch(pdef, "this constant differs from the instruction's");
  } else {
    if (idef->getDiscardableAttrDictionary() !=
            pdef->getDiscardableAttrDictionary() ||
        idef->getPropertiesAsAttribute() != pdef->getPropertiesAsAttribute())
      return mismatch(pdef, "this operation's attributes differ from the "
                            "instruction's");
    for (auto [io, po] : llvm::zip(idef->getOperands(), pdef->getOperands()))
      if (failed(unifyValue(io, po, pdef)))
        return failure();
  }
  if (iv.getType() != pv.getType())
    return mismatch(pdef, "this value's type differs from the instruction's");
  values[iv] = pv;
  return success();
}

FailureOr<LinearValue> Unifier::translate(OpFoldResult index, Operation *at) {
  LinearValue raw = decomposeLinear(index);
  LinearValue out;
  out.constant = raw.constant;
  for (auto [v, coef] : raw.terms) {
    auto it = values.find(v);
    if (it == values.end() || !unifiedIvs.contains(it->second)) {
      (void)mismatch(at, "the instruction indexes a parameter with something "
                         "other than its loop iterators");
      return failure();
    }
    out.terms.push_back({it->second, coef});
  }
  return out;
}

LogicalResult Unifier::unifyAccess(Operation *iop, Value param,
                                   ArrayRef<OpFoldResult> iidx, Operation *pop,
                                   Value tensor, ArrayRef<OpFoldResult> pidx) {
  auto arg = dyn_cast<BlockArgument>(param);
  if (!arg || arg.getOwner() != &instr.getBodyBlock())
    return mismatch(iop, "the instruction accesses something other than a "
                         "parameter here");
  if (Operation *def = tensor.getDefiningOp(); def && stmt->isAncestor(def))
    return mismatch(pop, "the accessed tensor is defined inside the "
                         "statement");
  SmallVector<LinearValue> inst, prog;
  for (OpFoldResult i : iidx) {
    FailureOr<LinearValue> t = translate(i, iop);
    if (failed(t))
      return failure();
    inst.push_back(*t);
  }
  for (OpFoldResult p : pidx) {
    LinearValue v = decomposeLinear(p);
    for (auto [value, coef] : v.terms)
      if (!unifiedIvs.contains(value))
        if (Operation *def = value.getDefiningOp();
            def && stmt->isAncestor(def))
          return mismatch(def, "this index value is computed inside the "
                               "statement from something other than its "
                               "loops");
    prog.push_back(v);
  }
  // Choose which tensor dimensions are the parameter's (in order): the
  // first assignment under which every offset is free of the loops.
  unsigned rank = prog.size(), prank = inst.size();
  SmallVector<Binding> found;
  SmallVector<int> choice;
  std::function<void(unsigned, unsigned)> search = [&](unsigned d, unsigned j) {
    if (d == rank) {
      if (j != prank)
        return;
      Binding b;
      b.tensor = tensor;
      for (unsigned k = 0; k < rank; ++k) {
        LinearValue off =
            choice[k] < 0 ? prog[k] : subtractLinear(prog[k], inst[choice[k]]);
        if (dependsOnLoops(off))
          return;
        b.offsets.push_back(off);
      }
      b.paramDim = choice;
      found.push_back(b);
      return;
    }
    if (j < prank && rank - d > prank - j - 1) {
      choice.push_back(j);
      search(d + 1, j + 1);
      choice.pop_back();
    }
    if (rank - d > prank - j) {
      choice.push_back(-1);
      search(d + 1, j);
      choice.pop_back();
    }
  };
  search(0, 0);
  if (found.empty())
    return mismatch(pop, "this access of '" + tensorName(tensor) +
                             "' is not at a fixed offset from the "
                             "instruction's access of '" +
                             instr.getArgName(arg.getArgNumber()) + "'");
  auto same = [&](const Binding &a, const Binding &b) {
    return a.tensor == b.tensor && a.paramDim == b.paramDim &&
           llvm::all_of(llvm::seq<unsigned>(0, rank), [&](unsigned k) {
             return sameLinear(a.offsets[k], b.offsets[k]);
           });
  };
  auto [it, inserted] = candidates.try_emplace(param, found);
  if (!inserted) {
    SmallVector<Binding> kept;
    for (const Binding &b : it->second)
      if (llvm::any_of(found, [&](const Binding &f) { return same(b, f); }))
        kept.push_back(b);
    if (kept.empty())
      return mismatch(pop, "'" + instr.getArgName(arg.getArgNumber()) +
                               "' was bound to another window of '" +
                               tensorName(it->second.front().tensor) +
                               "' before");
    it->second = std::move(kept);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// replace
//===----------------------------------------------------------------------===//

namespace {
struct ReplacePlan {
  ProcOp instr;
  /// The family instance the call names, if `instr` is one's.
  InstrFamilyAttr family;
  /// Per parameter: its binding (windows and tensors), or the bound of a
  /// size parameter.
  SmallVector<Binding> args;
  SmallVector<OpFoldResult> sizeArgs;
  /// Per parameter: a TMA parameter bound to a global-memory argument of
  /// the proc, whose tensor map the rewrite encodes on the host.
  SmallVector<bool> needsMap;
  /// Reads before the statement that the instruction performs (see
  /// Unifier::absorbed).
  SmallVector<Operation *> absorbed;
  /// Per parameter: its window may reach past its tensor (oob).
  SmallVector<bool> oobWindow;
};

/// Whether some access of `tensor` (through any windows) in `stmt` or among
/// `absorbed` may fall outside it.
bool accessesOob(Operation *stmt, ArrayRef<Operation *> absorbed,
                 Value tensor) {
  auto hits = [&](Operation *op) {
    Value t;
    SmallVector<OpFoldResult> idx;
    if (!getAccess(op, t, idx))
      return false;
    while (auto w = t.getDefiningOp<WindowOp>())
      t = w.getSource();
    return t == tensor && isOobAccess(op);
  };
  bool found = llvm::any_of(absorbed, hits);
  stmt->walk([&](Operation *op) { found |= hits(op); });
  return found;
}

/// Whether `tensor` is a proc argument in global memory that a kernel may
/// read through a tensor map of `memory` built on the host.
bool canMapTensor(Value tensor, MemoryAttr have, MemoryAttr want,
                  Operation *stmt) {
  auto arg = dyn_cast<BlockArgument>(tensor);
  return want.getKind() == MemoryKind::TmaMap &&
         have.getKind() == MemoryKind::Gmem && arg &&
         isa<ProcOp>(arg.getOwner()->getParentOp()) &&
         getEnclosingDeviceFunction(stmt);
}

/// Whether dimension `pdim` of an instruction's tensor parameter, under the
/// size bindings, is the extent `tdim` of a program tensor used at `at`.
bool sameExtent(Attribute pdim, Attribute tdim, ProcOp instr,
                const DenseMap<Value, OpFoldResult> &sizes, Operation *at) {
  OpFoldResult want;
  if (auto i = dyn_cast<IntegerAttr>(pdim)) {
    want = i;
  } else if (auto name = dyn_cast<StringAttr>(pdim)) {
    BlockArgument param = instr.lookupSizeArg(name.getValue());
    auto it = param ? sizes.find(param) : sizes.end();
    if (it == sizes.end())
      return false;
    want = it->second;
  } else {
    return false;
  }
  OpFoldResult have;
  if (auto i = dyn_cast<IntegerAttr>(tdim)) {
    have = i;
  } else if (auto name = dyn_cast<StringAttr>(tdim)) {
    Value v = lookupIndexName(at, name.getValue());
    if (!v)
      return false;
    have = v;
  } else {
    return false;
  }
  std::optional<int64_t> a = getConstantIntValue(want);
  std::optional<int64_t> b = getConstantIntValue(have);
  return a || b ? a == b : want == have;
}
} // namespace

static LogicalResult
planReplace(Operation *stmt, Attribute callee, ReplacePlan &plan, Refusal &why,
            const llvm::SmallPtrSetImpl<Value> *movesToGmem = nullptr) {
  std::string header =
      "cannot replace the statement by " + describeCallee(callee);
  plan.family = dyn_cast<InstrFamilyAttr>(callee);
  plan.instr = resolveCallee(stmt, callee);
  if (!plan.instr)
    return why.fail(header + ": no exo.proc of that name");
  if (!plan.instr.isInstr())
    return why.fail(header + ": it is not an instruction (use inline to "
                             "expand a proc)");
  for (BlockArgument arg : plan.instr.getBodyBlock().getArguments()) {
    Type t = arg.getType();
    if (auto w = dyn_cast<WindowType>(t)) {
      if (!llvm::all_of(w.getDims(),
                        [](Attribute d) { return isa<IntegerAttr>(d); }))
        return why.fail(header + ": window parameter '" +
                        plan.instr.getArgName(arg.getArgNumber()) +
                        "' has a dimension that is not a constant");
    } else if (!isa<exo::TensorType, IndexType>(t)) {
      return why.fail(header + ": parameter '" +
                      plan.instr.getArgName(arg.getArgNumber()) +
                      "' is not a window, a tensor or a size; replace "
                      "binds only those");
    }
  }
  Unifier u(plan.instr, stmt, why);
  if (failed(u.unify()))
    return why.fail(header + ": the statement does not unify with the "
                             "instruction's body");
  plan.absorbed = u.absorbed;
  for (BlockArgument arg : plan.instr.getBodyBlock().getArguments()) {
    StringRef name = plan.instr.getArgName(arg.getArgNumber());
    if (isa<IndexType>(arg.getType())) {
      auto it = u.sizes.find(arg);
      if (it == u.sizes.end())
        return why.fail(header + ": size '" + name +
                        "' bounds no loop of the instruction's body");
      plan.args.push_back(Binding());
      plan.sizeArgs.push_back(it->second);
      plan.needsMap.push_back(false);
      plan.oobWindow.push_back(false);
      continue;
    }
    auto it = u.candidates.find(arg);
    if (it == u.candidates.end())
      return why.fail(header + ": parameter '" + name +
                      "' is not accessed by the instruction's body");
    // The innermost candidate window that lies in its tensor: candidates
    // differ only in dimensions the instruction indexes by constants (a
    // one-element window of a scalar's tensor), and the innermost one keeps
    // the window contiguous, clear of the leading dimensions that are
    // distributed over threads (a tensor parameter takes the first).
    const Binding *pick = &it->second.front();
    if (!isa<exo::TensorType>(arg.getType()))
      for (const Binding &c : llvm::reverse(it->second)) {
        ArrayRef<Attribute> pd = getDimsOf(arg.getType());
        SmallVector<int64_t> sz;
        for (int j : c.paramDim)
          sz.push_back(j < 0 ? 1 : cast<IntegerAttr>(pd[j]).getInt());
        Refusal scratch;
        if (succeeded(proveBoxInTensor(stmt, c.tensor, c.offsets, sz, header,
                                       scratch))) {
          pick = &c;
          break;
        }
      }
    const Binding &b = *pick;
    MemoryAttr have = getMemoryOf(b.tensor.getType());
    if (movesToGmem && movesToGmem->contains(b.tensor))
      have = MemoryAttr::get(stmt->getContext(), MemoryKind::Gmem);
    MemoryAttr want = getMemoryOf(arg.getType());
    bool isTensor = isa<exo::TensorType>(arg.getType());
    bool map = !isTensor && canMapTensor(b.tensor, have, want, stmt);
    plan.needsMap.push_back(map);
    plan.sizeArgs.push_back(OpFoldResult());
    if (have != want && !map)
      return why.fail(header + ": parameter '" + name + "' is in '" +
                      stringifyMemoryKind(want.getKind()) + "' memory, but '" +
                      tensorName(b.tensor) + "' is in '" +
                      stringifyMemoryKind(have.getKind()) +
                      "' (move it first: stage_mem or set_memory)");
    // (Element types agree: the unified reads and writes have equal
    // types.)
    ArrayRef<Attribute> pdims = getDimsOf(arg.getType());
    if (isTensor) {
      // A tensor parameter is the whole tensor: its accesses are the
      // program's at the same indices, and the extents agree.
      ArrayRef<Attribute> tdims = getDimsOf(b.tensor.getType());
      bool whole = tdims.size() == pdims.size();
      for (auto [k, j] : llvm::enumerate(b.paramDim))
        whole &= j == static_cast<int>(k) && b.offsets[k].terms.empty() &&
                 b.offsets[k].constant == 0;
      if (!whole)
        return why.fail(header + ": tensor parameter '" + name +
                        "' is not bound to the whole of '" +
                        tensorName(b.tensor) +
                        "' (its accesses are not at the same indices)");
      for (auto [k, pd] : llvm::enumerate(pdims))
        if (!sameExtent(pd, tdims[k], plan.instr, u.sizes, stmt))
          return why.fail(header + ": dimension " + Twine(k) + " of '" +
                          tensorName(b.tensor) +
                          "' is not the extent that tensor parameter '" + name +
                          "' gets from the unified loops");
      plan.args.push_back(b);
      plan.oobWindow.push_back(false);
      continue;
    }
    // The window must lie in the tensor, unless the statement's accesses of
    // the tensor may fall outside it (oob) and so may the instruction's
    // (an `oob` parameter): then both read 0 and write nothing there, and
    // the window is oob.
    SmallVector<int64_t> sizes;
    for (auto [k, j] : llvm::enumerate(b.paramDim))
      sizes.push_back(j < 0 ? 1 : cast<IntegerAttr>(pdims[j]).getInt());
    Refusal inTensor;
    bool oobWindow = false;
    if (failed(proveBoxInTensor(stmt, b.tensor, b.offsets, sizes, header,
                                inTensor))) {
      AccessAttr access = plan.instr.getArgAccess(arg.getArgNumber());
      bool programOob = accessesOob(stmt, plan.absorbed, b.tensor);
      if (!programOob || !access || !access.getOutOfBounds()) {
        if (programOob)
          why.note(plan.instr.getLoc(),
                   "the statement's accesses of '" + tensorName(b.tensor) +
                       "' may fall outside it, but parameter '" + name +
                       "' is not declared oob");
        return why.fail(inTensor.message);
      }
      // An oob window may reach past the end of its tensor, not before its
      // start (the views of the CPU runner and the checker clip the end).
      for (auto [d, lo] : llvm::enumerate(b.offsets)) {
        BoundsExample example;
        if (failed(proveNonNegative(stmt, lo, example)))
          return why.fail(
              header + ": the oob window of '" + tensorName(b.tensor) +
              "' can start before it: dimension " + Twine(d) + " starts at " +
              (example.values.empty() ? std::string("a negative index")
                                      : std::to_string(example.values[0])) +
              (example.sizes.empty() ? std::string()
                                     : " (with " + example.sizes + ")"));
      }
      oobWindow = true;
    }
    plan.oobWindow.push_back(oobWindow);
    plan.args.push_back(b);
  }
  // Parameters of one call may not alias where the instruction writes: its
  // body reads and writes them as distinct arrays.
  auto rootOf = [](Value v) {
    while (auto w = v.getDefiningOp<WindowOp>())
      v = w.getSource();
    return v;
  };
  llvm::SmallDenseSet<Value> written;
  plan.instr.walk([&](Operation *op) {
    Value t;
    SmallVector<OpFoldResult> idx;
    if (isElementWrite(op) && getAccess(op, t, idx))
      written.insert(t);
  });
  auto params = plan.instr.getBodyBlock().getArguments();
  for (unsigned i = 0; i < params.size(); ++i)
    for (unsigned j = i + 1; j < params.size(); ++j)
      if (plan.args[i].tensor && plan.args[j].tensor &&
          rootOf(plan.args[i].tensor) == rootOf(plan.args[j].tensor) &&
          (written.contains(params[i]) || written.contains(params[j])))
        return why.fail(header + ": parameters '" + plan.instr.getArgName(i) +
                        "' and '" + plan.instr.getArgName(j) +
                        "' would both be windows of '" +
                        tensorName(rootOf(plan.args[i].tensor)) +
                        "', and the instruction writes one of them");
  return success();
}

LogicalResult
exo::checkReplace(Operation *stmt, Attribute callee, Refusal &why,
                  const llvm::SmallPtrSetImpl<Value> *movesToGmem) {
  ReplacePlan plan;
  return planReplace(stmt, callee, plan, why, movesToGmem);
}

FailureOr<CallOp> exo::replace(RewriterBase &rewriter, Operation *stmt,
                               Attribute callee, Refusal &why) {
  ReplacePlan plan;
  if (failed(planReplace(stmt, callee, plan, why)))
    return failure();
  // Tensor maps are encoded on the host, before the device function (one
  // per tensor and map layout).
  SmallVector<Value> sources;
  for (auto [arg, b, map] : llvm::zip(plan.instr.getBodyBlock().getArguments(),
                                      plan.args, plan.needsMap)) {
    if (!map) {
      sources.push_back(b.tensor);
      continue;
    }
    DeviceFunctionOp device = getEnclosingDeviceFunction(stmt);
    auto mapType = WindowType::get(
        rewriter.getContext(), getDimsOf(b.tensor.getType()),
        ArrayRef<int64_t>{}, getElementTypeOf(b.tensor.getType()),
        getMemoryOf(arg.getType()));
    Value found;
    for (Operation *user : b.tensor.getUsers())
      if (auto w = dyn_cast<WindowOp>(user);
          w && w.getType() == mapType && w->getBlock() == device->getBlock() &&
          w->isBeforeInBlock(device) &&
          llvm::all_of(w.getStaticSizes(),
                       [](int64_t s) { return s == WindowOp::kFull; }))
        found = w.getResult();
    if (!found) {
      rewriter.setInsertionPoint(device);
      unsigned rank = getDimsOf(b.tensor.getType()).size();
      SmallVector<int64_t> zeros(rank, 0), full(rank, WindowOp::kFull);
      found =
          WindowOp::create(rewriter, device.getLoc(), mapType, b.tensor,
                           ValueRange(), rewriter.getDenseI64ArrayAttr(zeros),
                           rewriter.getDenseI64ArrayAttr(full));
    }
    sources.push_back(found);
  }
  rewriter.setInsertionPoint(stmt);
  IndexBuilder ib(rewriter, stmt->getLoc(), stmt);
  SmallVector<Value> args;
  for (auto [arg, b, size, source, oob] :
       llvm::zip(plan.instr.getBodyBlock().getArguments(), plan.args,
                 plan.sizeArgs, sources, plan.oobWindow)) {
    if (isa<IndexType>(arg.getType())) {
      args.push_back(
          getValueOrCreateConstantIndexOp(rewriter, stmt->getLoc(), size));
      continue;
    }
    if (isa<exo::TensorType>(arg.getType())) {
      args.push_back(source);
      continue;
    }
    SmallVector<OpFoldResult> offsets;
    SmallVector<int64_t> sizes;
    ArrayRef<Attribute> pdims = getDimsOf(arg.getType());
    for (auto [off, j] : llvm::zip(b.offsets, b.paramDim)) {
      offsets.push_back(buildLinearValue(ib, off));
      sizes.push_back(j < 0 ? WindowOp::kPoint
                            : cast<IntegerAttr>(pdims[j]).getInt());
    }
    SmallVector<Value> dynamic;
    SmallVector<int64_t> fixed;
    dispatchIndexOpFoldResults(offsets, dynamic, fixed);
    auto paramType = arg.getType();
    auto windowType = WindowType::get(
        rewriter.getContext(), getDimsOf(paramType), ArrayRef<int64_t>{},
        getElementTypeOf(paramType), getMemoryOf(paramType));
    args.push_back(WindowOp::create(rewriter, stmt->getLoc(), windowType,
                                    source, dynamic,
                                    rewriter.getDenseI64ArrayAttr(fixed),
                                    rewriter.getDenseI64ArrayAttr(sizes), oob));
  }
  auto call = CallOp::create(
      rewriter, stmt->getLoc(),
      FlatSymbolRefAttr::get(plan.instr.getSymNameAttr()), plan.family, args,
      Value(), ValueRange(), rewriter.getDenseI64ArrayAttr({}));
  rewriter.eraseOp(stmt);
  for (Operation *read : plan.absorbed)
    if (read->use_empty())
      rewriter.eraseOp(read);
  return call;
}

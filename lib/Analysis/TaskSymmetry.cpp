//===- TaskSymmetry.cpp - Tasks that are translations of each other -------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "TaskSymmetry.h"

#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Analysis/IndexExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace exo;

namespace {

/// A value of the task nest as a function of the task indices: `affine`
/// when it is sum(coefficients[i] * index[i]) plus a value that does not
/// depend on them (`coefficients` all zero: the value does not depend on
/// the task). Values that are not tracked do not depend on the task.
struct Form {
  bool affine = true;
  SmallVector<int64_t> coefficients;
  bool dependsOnTask() const {
    return !affine || llvm::any_of(coefficients, [](int64_t c) { return c; });
  }
};

class Analyzer {
public:
  explicit Analyzer(TaskSymmetry &result) : result(result) {}

  /// Fills `result` for the nest rooted at `outer`.
  void run(amir::TasksForOp outer);

private:
  TaskSymmetry &result;
  DenseMap<Value, Form> forms;
  amir::TasksForOp innermost;

  void refuse(Operation *op, const Twine &why) {
    if (!result.why.empty())
      return;
    result.why = why.str();
    result.whyOp = op;
  }
  /// Accesses whose offsets move with the task.
  SmallVector<Operation *> moving;
  /// The number of coefficients of a form: the task indices, then the
  /// atoms found so far.
  size_t basis() const { return result.nest.size() + result.atoms.size(); }
  /// `c` with zeros for the atoms found after it was computed.
  void pad(SmallVector<int64_t> &c) const { c.resize(basis(), 0); }
  /// The linear forms readLinear has read (leaves: the task indices, the
  /// atoms and the values that do not depend on the task).
  DenseMap<Value, std::optional<LinearForm>> linearForms;
  /// The position of `v` among the coefficients of a form (a task index,
  /// then the atoms), or -1.
  int basisIndex(Value v) const {
    for (auto [i, loop] : llvm::enumerate(result.nest))
      if (loop.getInductionVar() == v)
        return static_cast<int>(i);
    for (auto [i, atom] : llvm::enumerate(result.atoms))
      if (atom == v)
        return static_cast<int>(result.nest.size() + i);
    return -1;
  }
  /// The form of `v` (all zero when it does not depend on the task).
  Form formOf(Value v) const {
    Form f;
    auto it = forms.find(v);
    if (it != forms.end())
      f = it->second;
    pad(f.coefficients);
    return f;
  }
  /// Whether the result of `op`, computed from the task index by an
  /// operation that is not linear, can be an atom (a persistent task's
  /// tile coordinate): in a one-loop nest, in the task body, directly in
  /// the body of the one sequential loop there that holds the atoms, or in
  /// a tile guard's region.
  bool makeAtom(Operation *op);
  /// Whether `block` is a region of a tile guard.
  bool inTileGuard(Block *block) const {
    return block && tileGuardSet.contains(block->getParentOp());
  }
  /// Whether `block` is the tile loop's body or a tile guard's region.
  bool inTileScope(Block *block) const {
    return block &&
           ((result.tileLoop && block == &result.tileLoop.getBody().front()) ||
            inTileGuard(block));
  }
  DenseSet<Operation *> tileGuardSet;
  /// The innermost tile guard around `op`, or null.
  Operation *tileGuardOf(Operation *op) const {
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
      if (tileGuardSet.contains(p))
        return p;
    return nullptr;
  }
  /// The index arithmetic the atoms and the tile loop's bounds need, into
  /// `result.slice`.
  void computeSlice();
  bool dependsOnTask(Value v) const { return formOf(v).dependsOnTask(); }
  /// Whether `v` is allocated inside the innermost task body (a fresh
  /// variable for each task).
  bool isPerTask(Value v) const {
    Operation *def = v.getDefiningOp();
    return def && innermost->isProperAncestor(def);
  }
  void visitArith(Operation *op);
  void visitAccess(Operation *op);
  void visit(Operation *op);
};

} // namespace

void Analyzer::visitArith(Operation *op) {
  if (!llvm::any_of(op->getOperands(),
                    [&](Value v) { return dependsOnTask(v); }))
    return;
  // Sums, differences and products by constants of the task indices and
  // the atoms read as linear forms (IndexExpr.h); a value that does not
  // depend on the task is a term whose coefficient does not matter. A
  // product with a size would make the coefficient change with the sizes;
  // divisions, remainders, comparisons and selects make the result depend
  // on the task in a way the machine cannot translate.
  Form out;
  out.coefficients.assign(basis(), 0);
  std::optional<LinearForm> linear;
  if (op->getNumResults() == 1 && isLinearIndexOp(op)) {
    Value result = op->getResult(0); // (its form is not known yet)
    linear = readLinear(
        result,
        [&](Value v) {
          return v != result && (!dependsOnTask(v) || basisIndex(v) >= 0);
        },
        linearForms);
  }
  out.affine = linear.has_value();
  if (linear)
    for (auto [v, k] : linear->terms)
      if (int i = basisIndex(v); i >= 0)
        out.coefficients[i] = k;
  // A persistent task's tile coordinates: the machine computes them for
  // each task and tile (makeAtom).
  if (!out.affine && makeAtom(op))
    return;
  for (Value r : op->getResults())
    forms[r] = out;
}

bool Analyzer::makeAtom(Operation *op) {
  if (result.nest.size() != 1 || op->getNumResults() != 1 ||
      !isEvaluableIndexOp(op))
    return false;
  Block *block = op->getBlock();
  if (block != &innermost.getBody().front() && !inTileGuard(block)) {
    auto loop = dyn_cast<amir::SeqForOp>(op->getParentOp());
    if (!loop || loop->getBlock() != &innermost.getBody().front() ||
        (result.tileLoop && result.tileLoop != loop))
      return false;
    result.tileLoop = loop;
  }
  result.atoms.push_back(op->getResult(0));
  Form f;
  f.coefficients.assign(basis(), 0);
  f.coefficients.back() = 1;
  forms[op->getResult(0)] = f;
  return true;
}

void Analyzer::visitAccess(Operation *op) {
  auto getters = [](auto acc) {
    return std::make_tuple(acc.getVar(), acc.getStaticOffsets(),
                           acc.getOffsets(), acc.getSizes(), acc.getAtomic());
  };
  bool isRead = isa<amir::ReadOp>(op);
  auto [var, statOff, dynOff, dynSize, atomic] =
      isRead ? getters(cast<amir::ReadOp>(op))
             : getters(cast<amir::MutateOp>(op));
  for (Value s : dynSize)
    if (dependsOnTask(s))
      return refuse(op, "the size of an access depends on the task index");
  SmallVector<SmallVector<int64_t>> coefficients;
  unsigned next = 0;
  bool translated = false;
  for (int64_t so : statOff) {
    Form f = formOf(ShapedType::isDynamic(so) ? dynOff[next++] : Value());
    if (!ShapedType::isDynamic(so))
      f.coefficients.assign(basis(), 0);
    if (!f.affine)
      return refuse(op, "an offset of an access is not linear in the task "
                        "indices with constant coefficients");
    translated |= f.dependsOnTask();
    coefficients.push_back(f.coefficients);
  }
  if (translated)
    moving.push_back(op);
  if (isPerTask(var)) {
    if (translated)
      return refuse(op, "the task index selects an element of a variable "
                        "each task allocates");
    return;
  }
  // A clipped access (a TMA box that may reach past the tensor) is a
  // translation like any other as long as no task's window reaches past
  // the bounds: the machine checks that before it skips tasks.
  TaskSymmetry::SharedVar &sv = result.shared[var];
  Operation *guard = tileGuardOf(op);
  unsigned cls = 0;
  for (TaskSymmetry::SharedVar::Class &c : sv.classes)
    for (SmallVector<int64_t> &x : c.coefficients)
      pad(x);
  while (cls < sv.classes.size() &&
         (sv.classes[cls].coefficients != coefficients ||
          sv.classes[cls].guard != guard))
    ++cls;
  if (cls == sv.classes.size()) {
    // Accesses that move differently are told apart per tile, which only
    // the persistent tasks' comparison of every tile does.
    if (!sv.classes.empty() &&
        !(result.tileLoop && result.tileLoop->isProperAncestor(op)))
      return refuse(op, "two accesses of a variable the tasks share move "
                        "with the task index differently");
    sv.classes.push_back({coefficients, guard});
  }
  result.accessClass[op] = cls;
  sv.mutated |= !isRead;
  sv.plainAccess |= !atomic;
}

void Analyzer::visit(Operation *op) {
  if (isa<amir::ReadOp, amir::MutateOp>(op))
    return visitAccess(op);
  if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
    return visitArith(op);
  // A tile guard: a condition on the task (through the slice) directly in
  // the tile loop's body or in another tile guard's region, without an
  // else region; tasks with the same outcomes are alike.
  if (auto guard = dyn_cast<amir::IfOp>(op);
      guard && inTileScope(guard->getBlock()) &&
      guard.getElseRegion().empty() && dependsOnTask(guard.getCondition())) {
    result.tileGuards.push_back(guard);
    tileGuardSet.insert(guard);
    return;
  }
  // The tile loop of a persistent task: its trip count may depend on the
  // task (tasks with the same trip count are alike).
  if (auto loop = dyn_cast<amir::SeqForOp>(op);
      loop && result.nest.size() == 1 &&
      loop->getBlock() == &innermost.getBody().front() &&
      (!result.tileLoop || result.tileLoop == loop) &&
      (dependsOnTask(loop.getLower()) || dependsOnTask(loop.getUpper()))) {
    result.tileLoop = loop;
    return;
  }
  for (Value v : op->getOperands()) {
    if (dependsOnTask(v))
      return refuse(op, "the task index reaches '" +
                            op->getName().getStringRef() +
                            "', which the machine cannot translate");
    // Barriers and other variables shared by the tasks couple them.
    if (isa<amir::VarType>(v.getType()) && !isPerTask(v))
      return refuse(op, "'" + op->getName().getStringRef() +
                            "' uses a variable allocated outside the task");
  }
}

void Analyzer::run(amir::TasksForOp outer) {
  // The nest: a chain of tasks loops, each holding the next one directly,
  // with nothing but index arithmetic beside it; every task runs the
  // innermost body.
  for (amir::TasksForOp loop = outer;;) {
    result.nest.push_back(loop);
    amir::TasksForOp inner;
    for (Operation &op : loop.getBody().front()) {
      if (auto l = dyn_cast<amir::TasksForOp>(op)) {
        if (inner)
          return refuse(l, "the tasks loops do not form one nest");
        inner = l;
      }
    }
    if (!inner)
      break;
    for (Operation &op : loop.getBody().front())
      if (&op != inner.getOperation() &&
          !isa_and_nonnull<arith::ArithDialect>(op.getDialect()))
        return refuse(&op, "a statement runs between the tasks loops");
    loop = inner;
  }
  innermost = result.nest.back();
  bool nested = false;
  innermost.getBody().walk([&](amir::TasksForOp) { nested = true; });
  if (nested)
    return refuse(innermost, "the tasks loops do not form one nest");
  // Whatever follows the nest in the kernel would see the records of every
  // task.
  for (Operation *op = outer->getNextNode(); op; op = op->getNextNode())
    if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
      return refuse(op, "the kernel goes on after its tasks");
  for (auto [i, loop] : llvm::enumerate(result.nest)) {
    if (dependsOnTask(loop.getLower()) || dependsOnTask(loop.getUpper()))
      return refuse(loop, "the bounds of a tasks loop depend on an outer "
                          "task index");
    Form f;
    f.coefficients.assign(result.nest.size(), 0);
    f.coefficients[i] = 1;
    forms[loop.getInductionVar()] = f;
    for (Operation &op : loop.getBody().front()) {
      if (isa<amir::TasksForOp>(op))
        continue;
      op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
        if (!result.why.empty())
          return WalkResult::interrupt();
        visit(nested);
        return WalkResult::advance();
      });
    }
  }
  if (!result.why.empty() || !result.persistent())
    return;
  for (auto &[value, sv] : result.shared)
    for (TaskSymmetry::SharedVar::Class &c : sv.classes)
      for (SmallVector<int64_t> &x : c.coefficients)
        pad(x);
  // A task's instances are the iterations of its tile loop: an access that
  // moves with the task elsewhere has none.
  if (result.tileLoop)
    for (Operation *op : moving)
      if (!result.tileLoop->isProperAncestor(op))
        return refuse(op, "an access that moves with the task is outside "
                          "the persistent task's tile loop");
  computeSlice();
}

void Analyzer::computeSlice() {
  Block *taskBody = &innermost.getBody().front();
  Block *tileBody =
      result.tileLoop ? &result.tileLoop.getBody().front() : nullptr;
  DenseSet<Operation *> in;
  SmallVector<Value> work(result.atoms.begin(), result.atoms.end());
  if (result.tileLoop) {
    work.push_back(result.tileLoop.getLower());
    work.push_back(result.tileLoop.getUpper());
  }
  for (amir::IfOp guard : result.tileGuards)
    work.push_back(guard.getCondition());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    Operation *owner = def ? def : v.getParentBlock()->getParentOp();
    // Values from outside the task are the same in every task.
    if (!innermost->isAncestor(owner) ||
        (!def && (v == innermost.getInductionVar() ||
                  (result.tileLoop && v == result.tileLoop.getInductionVar()))))
      continue;
    if (!def ||
        (def->getBlock() != taskBody && !inTileScope(def->getBlock())) ||
        !isEvaluableIndexOp(def))
      return refuse(def ? def : owner,
                    "the tile coordinates of a persistent task depend on a "
                    "value the machine cannot compute before running it");
    if (in.insert(def).second)
      llvm::append_range(work, def->getOperands());
  }
  for (Operation &op : *taskBody) {
    if (in.contains(&op))
      result.slice.push_back(&op);
  }
  result.sliceTaskLevel = result.slice.size();
  // The tile loop's body and its tile guards' regions, in program order.
  if (tileBody)
    for (Operation &top : *tileBody)
      top.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (in.contains(op))
          result.slice.push_back(op);
      });
}

TaskSymmetry exo::analyzeTaskSymmetry(amir::TasksForOp outer) {
  TaskSymmetry result;
  Analyzer(result).run(outer);
  return result;
}

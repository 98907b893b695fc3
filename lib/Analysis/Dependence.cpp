//===- Dependence.cpp - Presburger questions about exo programs -----------===//
//
// Part of the Exo-GPU project.
//
// Index values built with arith from loop iterators, sizes and constants are
// read as quasi-affine expressions (+, -, * by a constant, floordiv and mod
// by a positive constant). A question is a conjunction of such constraints;
// it is handed to the Presburger library as one integer set, and an integer
// point of it is a counterexample: sizes for which a loop's trip count is
// not a multiple of the factor, or two iterations whose order a reorder
// would swap although they touch the same element.
//
// Values defined outside the analyzed nest are the same for both iterations
// of a dependence; values the reader does not understand become unknown
// parameters there (an over-approximation, so a proof stays a proof).
// Floor and ceiling divisions by a positive constant are read as they are.
// Truncating and unsigned ones (divsi, remsi, divui, remui, ceildivui) agree
// with floordiv and mod only for a non-negative dividend, which nothing
// guarantees (an index expression can be negative before its last term), so
// they get exact encodings with auxiliary variables (Question::truncDiv).
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/Dependence.h"
#include "ExoGPU/Analysis/IndexExpr.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "exo-dependence"

using namespace mlir;
using namespace exo;

namespace {

/// The variables and constraints of one Presburger question. Variables are
/// created on first use: one per (value, copy), where copy 0 holds values
/// shared by both iterations and copies 1 and 2 the values of the two
/// iterations of a dependence.
class Question {
public:
  Question(ProcOp proc, Operation *nest)
      : proc(proc), nest(nest), ctx(proc.getContext()) {}

  /// `v` as a quasi-affine expression of the variables; on failure `culprit`
  /// is the operation that cannot be read.
  FailureOr<AffineExpr> expr(Value v, unsigned copy, Operation *&culprit);
  FailureOr<AffineExpr> expr(OpFoldResult ofr, unsigned copy,
                             Operation *&culprit) {
    if (auto v = dyn_cast<Value>(ofr))
      return expr(v, copy, culprit);
    return getAffineConstantExpr(
        cast<IntegerAttr>(cast<Attribute>(ofr)).getInt(), ctx);
  }

  void addGE0(AffineExpr e) {
    constraints.push_back(e);
    eqFlags.push_back(false);
  }
  void addEQ0(AffineExpr e) {
    constraints.push_back(e);
    eqFlags.push_back(true);
  }
  /// lo <= iv < hi for the loop's bounds that can be read (dropping a bound
  /// only enlarges the set, which keeps every proof sound).
  void addLoopBounds(ForOp loop, unsigned copy);
  /// The guard of `ifOp` (or its negation in the else region) when it is a
  /// signed comparison of quasi-affine values.
  void addGuard(IfOp ifOp, bool thenSide, unsigned copy);
  /// The proc's `requires` set.
  void addRequires();

  /// An integer point of the question, by variable, if there is one.
  std::optional<SmallVector<int64_t>> solve() const;

  std::optional<unsigned> lookup(Value v, unsigned copy) const {
    auto it = vars.find({v, copy});
    if (it == vars.end())
      return std::nullopt;
    return it->second;
  }
  /// A new variable that no value stands for (e.g. a bound to report).
  AffineExpr extraVar(std::string name) {
    return newVar(Value(), kExtraCopy + unsigned(names.size()),
                  std::move(name));
  }
  MLIRContext *getContext() const { return ctx; }
  /// Whether some value had to become an unknown parameter.
  bool hasOpaque() const { return opaque; }
  /// `name = value` for every size (proc index argument) in the question.
  std::string describeSizes(ArrayRef<int64_t> point);

private:
  bool isInsideNest(Value v) const {
    Operation *owner = v.getParentRegion()->getParentOp();
    return nest && nest->isAncestor(owner);
  }
  AffineExpr newVar(Value v, unsigned copy, std::string name) {
    unsigned pos = names.size();
    names.push_back(std::move(name));
    vars[{v, copy}] = pos;
    return getAffineDimExpr(pos, ctx);
  }
  FailureOr<AffineExpr> read(Value v, unsigned copy, Operation *&culprit);
  /// The quotient and remainder of `lhs` by `d` > 0 as new variables: with
  /// `isUnsigned`, of lhs as an unsigned 64-bit value, otherwise truncated
  /// toward zero.
  std::pair<AffineExpr, AffineExpr> truncDiv(AffineExpr lhs, int64_t d,
                                             bool isUnsigned);
  /// Adds the constraints of division `i` in the case of its sign: the
  /// dividend non-negative (`negative` false) or negative.
  void addDivisionCase(SmallVectorImpl<AffineExpr> &out,
                       SmallVectorImpl<bool> &eq, unsigned i,
                       bool negative) const;
  /// findIntegerSample on `cs` (equalities where `eq`): a point of the
  /// question's variables, or none.
  std::optional<SmallVector<int64_t>> sample(ArrayRef<AffineExpr> cs,
                                             ArrayRef<bool> eq) const;
  static constexpr unsigned kExtraCopy = 1000;
  /// A truncating or unsigned division: lhs = d * q + r, whose constraints
  /// depend on the sign of lhs (solve() searches the cases).
  struct Division {
    AffineExpr lhs, q, r;
    int64_t d;
    bool isUnsigned;
  };
  SmallVector<Division> divisions;

  ProcOp proc;
  Operation *nest;
  MLIRContext *ctx;
  llvm::DenseMap<std::pair<Value, unsigned>, unsigned> vars;
  SmallVector<std::string> names;
  llvm::DenseMap<std::pair<Value, unsigned>, AffineExpr> memo;
  SmallVector<AffineExpr> constraints;
  SmallVector<bool> eqFlags;
  bool opaque = false;
};

FailureOr<AffineExpr> Question::expr(Value v, unsigned copy,
                                     Operation *&culprit) {
  unsigned c = isInsideNest(v) ? copy : 0;
  auto key = std::make_pair(v, c);
  if (auto it = memo.find(key); it != memo.end())
    return it->second;
  FailureOr<AffineExpr> e = read(v, c, culprit);
  if (failed(e)) {
    // A value shared by both iterations is at worst an unknown parameter.
    if (c != 0 || !v.getType().isIndex())
      return failure();
    std::string name;
    llvm::raw_string_ostream(name) << "%" << names.size();
    e = newVar(v, 0, name);
    opaque = true;
  }
  memo[key] = *e;
  return *e;
}

FailureOr<AffineExpr> Question::read(Value v, unsigned c, Operation *&culprit) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto p = dyn_cast<ProcOp>(owner); p && arg.getType().isIndex())
      return newVar(v, 0, p.getArgName(arg.getArgNumber()).str());
    if (auto loop = dyn_cast<ForOp>(owner))
      return newVar(v, c, (loop.getIterName() + (c == 2 ? "'" : "")).str());
    culprit = owner;
    return failure();
  }
  Operation *def = v.getDefiningOp();
  culprit = def;
  SmallVector<AffineExpr, 2> operands;
  if (!isa<arith::ConstantOp>(def)) {
    if (def->getNumOperands() != 2 || !v.getType().isIndex())
      return failure();
    for (Value x : def->getOperands()) {
      FailureOr<AffineExpr> e = expr(x, c, culprit);
      if (failed(e))
        return failure();
      operands.push_back(*e);
    }
  }
  culprit = def;
  return readIndexOp(
      def, operands,
      [&](AffineExpr lhs, int64_t d, bool isUnsigned) {
        return truncDiv(lhs, d, isUnsigned);
      },
      /*products=*/false);
}

std::pair<AffineExpr, AffineExpr> Question::truncDiv(AffineExpr lhs, int64_t d,
                                                     bool isUnsigned) {
  // lhs = d * q + r: when lhs >= 0, r is in [0, d - 1] (floor division,
  // which is also the unsigned one); when lhs < 0, r is in [-(d - 1), 0]
  // for truncation, and anything for an unsigned division (lhs + 2^64
  // divided: a value no in-bounds index has, left free). solve() takes the
  // cases one at a time (addDivisionCase).
  unsigned n = names.size();
  AffineExpr q = extraVar("q" + std::to_string(n));
  AffineExpr r = extraVar("r" + std::to_string(n));
  divisions.push_back({lhs, q, r, d, isUnsigned});
  return {q, r};
}

void Question::addDivisionCase(SmallVectorImpl<AffineExpr> &out,
                               SmallVectorImpl<bool> &eq, unsigned i,
                               bool negative) const {
  const Division &div = divisions[i];
  auto add = [&](AffineExpr e, bool isEq) {
    out.push_back(e);
    eq.push_back(isEq);
  };
  if (!negative) {
    add(div.lhs, false);
    add(div.lhs - div.q * div.d - div.r, true);
    add(div.r, false);
    add(div.d - 1 - div.r, false);
    return;
  }
  add(-div.lhs - 1, false);
  if (div.isUnsigned)
    return;
  add(div.lhs - div.q * div.d - div.r, true);
  add(div.r + (div.d - 1), false);
  add(-div.r, false);
}

void Question::addLoopBounds(ForOp loop, unsigned copy) {
  Operation *culprit = nullptr;
  AffineExpr iv = *expr(loop.getInductionVar(), copy, culprit);
  if (FailureOr<AffineExpr> lo = expr(loop.getLowerBound(), copy, culprit);
      succeeded(lo))
    addGE0(iv - *lo);
  if (FailureOr<AffineExpr> hi = expr(loop.getUpperBound(), copy, culprit);
      succeeded(hi))
    addGE0(*hi - iv - 1);
}

void Question::addGuard(IfOp ifOp, bool thenSide, unsigned copy) {
  auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || !cmp.getLhs().getType().isIndex())
    return;
  Operation *culprit = nullptr;
  FailureOr<AffineExpr> a = expr(cmp.getLhs(), copy, culprit);
  FailureOr<AffineExpr> b = expr(cmp.getRhs(), copy, culprit);
  if (failed(a) || failed(b))
    return;
  using P = arith::CmpIPredicate;
  P pred = cmp.getPredicate();
  if (!thenSide) {
    switch (pred) {
    case P::slt:
      pred = P::sge;
      break;
    case P::sle:
      pred = P::sgt;
      break;
    case P::sgt:
      pred = P::sle;
      break;
    case P::sge:
      pred = P::slt;
      break;
    default:
      return; // `!=` is a disjunction; unsigned compares are not read.
    }
  }
  switch (pred) {
  case P::slt:
    return addGE0(*b - *a - 1);
  case P::sle:
    return addGE0(*b - *a);
  case P::sgt:
    return addGE0(*a - *b - 1);
  case P::sge:
    return addGE0(*a - *b);
  case P::eq:
    return addEQ0(*a - *b);
  default:
    return;
  }
}

void Question::addRequires() {
  // A size that is the extent of an argument's dimension is not negative.
  llvm::StringSet<> extents;
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (isShapedData(arg.getType()))
      for (Attribute dim : getDimsOf(arg.getType()))
        if (auto name = dyn_cast<StringAttr>(dim))
          extents.insert(name.getValue());
  Operation *culprit = nullptr;
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (arg.getType().isIndex() &&
        extents.contains(proc.getArgName(arg.getArgNumber())))
      if (FailureOr<AffineExpr> e = expr(arg, 0, culprit); succeeded(e))
        addGE0(*e);
  IntegerSetAttr attr = proc.getAssertionsAttr();
  if (!attr)
    return;
  IntegerSet set = attr.getValue();
  SmallVector<AffineExpr> syms;
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (arg.getType().isIndex())
      syms.push_back(*expr(arg, 0, culprit));
  if (syms.size() != set.getNumSymbols() || set.getNumDims() != 0)
    return; // The verifier rejects this; stay sound by ignoring it.
  for (unsigned c = 0, e = set.getNumConstraints(); c < e; ++c) {
    AffineExpr k = set.getConstraint(c).replaceSymbols(syms);
    if (set.isEq(c))
      addEQ0(k);
    else
      addGE0(k);
  }
}

std::optional<SmallVector<int64_t>> Question::solve() const {
  // The divisions' sign cases are a disjunction: a depth-first search over
  // them, non-negative dividends first (the likeliest example), that drops
  // a branch as soon as the cases chosen so far admit no point. Exact, and
  // each question keeps small coefficients (one question with the cases
  // switched by a 2^62-scaled sign variable made the simplex compute past
  // 64 bits, hundreds of milliseconds a question).
  SmallVector<AffineExpr> cs(constraints.begin(), constraints.end());
  SmallVector<bool> eq(eqFlags.begin(), eqFlags.end());
  std::function<std::optional<SmallVector<int64_t>>(unsigned)> search =
      [&](unsigned i) -> std::optional<SmallVector<int64_t>> {
    std::optional<SmallVector<int64_t>> point = sample(cs, eq);
    if (!point || i == divisions.size())
      return point;
    for (bool negative : {false, true}) {
      size_t mark = cs.size();
      addDivisionCase(cs, eq, i, negative);
      point = search(i + 1);
      cs.truncate(mark);
      eq.truncate(mark);
      if (point)
        return point;
    }
    return std::nullopt;
  };
  return search(0);
}

std::optional<SmallVector<int64_t>> Question::sample(ArrayRef<AffineExpr> cs,
                                                     ArrayRef<bool> eq) const {
  SmallVector<int64_t> point(names.size(), 0);
  if (cs.empty())
    return point;
  for (AffineExpr e : cs)
    if (!e.isPureAffine())
      return point; // Cannot happen: expr() builds quasi-affine terms only.
  IntegerSet set = IntegerSet::get(names.size(), 0, cs, eq);
  FlatLinearValueConstraints cst(set);
  LLVM_DEBUG(cst.dump());
  std::optional<SmallVector<llvm::DynamicAPInt, 8>> sample =
      cst.findIntegerSample();
  if (!sample)
    return std::nullopt;
  for (unsigned i = 0, e = names.size(); i < e; ++i)
    point[i] = int64_t((*sample)[i]);
  return point;
}

std::string Question::describeSizes(ArrayRef<int64_t> point) {
  std::string s;
  llvm::raw_string_ostream os(s);
  bool first = true;
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    std::optional<unsigned> pos = lookup(arg, 0);
    if (!pos)
      continue;
    os << (first ? "" : ", ") << proc.getArgName(i) << " = " << point[*pos];
    first = false;
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

struct Access {
  enum Kind { Read, Write, Reduce };
  Operation *op;
  Kind kind;
  Value source;
  SmallVector<OpFoldResult> indices;
  /// The tensor the access touches, through any windows.
  Value root;
  /// For a call's argument (a window): the window's extents; the access
  /// then stands for every element of the window (indices are zero).
  SmallVector<int64_t> box = {};

  /// The access an exo.read, exo.assign or exo.reduce makes.
  static Access of(ElementAccessOpInterface access) {
    Kind kind = access.isReduction()     ? Reduce
                : access.writesElement() ? Write
                                         : Read;
    return {access, kind, access.getTensor(), access.getAccessIndices(), {}};
  }
};

StringRef kindName(Access::Kind k) {
  switch (k) {
  case Access::Read:
    return "read";
  case Access::Write:
    return "write";
  case Access::Reduce:
    return "reduction";
  }
  return "access";
}

std::string rootName(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root))
    if (auto proc = dyn_cast<ProcOp>(arg.getOwner()->getParentOp()))
      return proc.getArgName(arg.getArgNumber()).str();
  if (auto alloc = root.getDefiningOp<AllocOp>())
    return alloc.getName().str();
  return "?";
}

/// The tensor under any windows of `v`, or null when it is neither a proc
/// argument nor an allocation.
Value findRoot(Value v) {
  while (auto window = v.getDefiningOp<WindowOp>())
    v = window.getSource();
  if (auto arg = dyn_cast<BlockArgument>(v))
    return isa<ProcOp>(arg.getOwner()->getParentOp()) ? v : Value();
  return v.getDefiningOp<AllocOp>() ? v : Value();
}

/// The element of the root tensor that `a` touches, in iteration `copy`.
FailureOr<SmallVector<AffineExpr>>
elementOf(Question &q, const Access &a, unsigned copy, Operation *&culprit) {
  SmallVector<AffineExpr> idx;
  for (OpFoldResult i : a.indices) {
    FailureOr<AffineExpr> e = q.expr(i, copy, culprit);
    if (failed(e))
      return failure();
    idx.push_back(*e);
  }
  // A call's window: any element of it (a fresh variable per dimension).
  for (auto [d, extent] : llvm::enumerate(a.box)) {
    AffineExpr t = q.extraVar("t");
    q.addGE0(t);
    q.addGE0(getAffineConstantExpr(extent - 1, q.getContext()) - t);
    idx[d] = idx[d] + t;
  }
  Value v = a.source;
  while (auto window = v.getDefiningOp<WindowOp>()) {
    SmallVector<AffineExpr> outer;
    unsigned next = 0;
    for (auto [off, size] :
         llvm::zip(window.getMixedOffsets(), window.getStaticSizes())) {
      FailureOr<AffineExpr> o = q.expr(off, copy, culprit);
      if (failed(o))
        return failure();
      if (size == WindowOp::kPoint)
        outer.push_back(*o);
      else
        outer.push_back(*o + idx[next++]);
    }
    idx = std::move(outer);
    v = window.getSource();
  }
  return idx;
}

/// The accesses of a call, summarized: each array argument stands for
/// every element of its window, read and/or written as the callee's
/// parameter declares (both when it declares nothing). False when an
/// argument's tensor or extents are unknown.
bool callAccesses(CallOp call, SmallVectorImpl<Access> &out) {
  auto callee = lookupCallee(call);
  if (!callee)
    return false;
  for (auto [i, arg] : llvm::enumerate(call.getArgs())) {
    if (!isa<exo::TensorType, WindowType>(arg.getType()))
      continue;
    Value root = findRoot(arg);
    if (!root)
      return false;
    SmallVector<int64_t> box;
    for (Attribute d : getDimsOf(arg.getType())) {
      auto extent = dyn_cast<IntegerAttr>(d);
      if (!extent)
        return false;
      box.push_back(extent.getInt());
    }
    Builder b(call.getContext());
    SmallVector<OpFoldResult> zeros(box.size(), b.getIndexAttr(0));
    // What the callee's body does to the parameter (through windows of
    // it), joined with what it declares: a declaration alone is not
    // checked against the body.
    BlockArgument param = callee.getBodyBlock().getArgument(i);
    bool bodyReads = false, bodyWrites = false;
    callee.walk([&](Operation *op) {
      Value t;
      SmallVector<OpFoldResult> idx;
      if (!getAccess(op, t, idx))
        return;
      while (auto w = t.getDefiningOp<WindowOp>())
        t = w.getSource();
      if (t != param)
        return;
      auto access = cast<ElementAccessOpInterface>(op);
      bodyReads |= access.readsElement();
      bodyWrites |= access.writesElement();
    });
    // A parameter passed on to another call counts as read and written.
    bool passedOn = false;
    callee.walk([&](CallOp inner) {
      for (Value a : inner.getArgs()) {
        Value t = a;
        while (auto w = t.getDefiningOp<WindowOp>())
          t = w.getSource();
        passedOn |= t == param;
      }
    });
    AccessAttr access = callee.getArgAccess(i);
    bool reads = passedOn || bodyReads || !access || access.reads();
    bool writes = passedOn || bodyWrites || !access || access.writes();
    if (reads)
      out.push_back({call, Access::Read, arg, zeros, root, box});
    if (writes)
      out.push_back({call, Access::Write, arg, zeros, root, box});
  }
  return true;
}

/// The accesses in `ops` and in the ops nested in them, in program order. An
/// exo.call (whose accesses are not analyzed) or an access to a tensor that
/// is neither an argument nor an allocation is returned as the culprit.
Operation *collectAccesses(ArrayRef<Operation *> ops,
                           SmallVectorImpl<Access> &out) {
  Operation *bad = nullptr;
  for (Operation *top : ops) {
    top->walk([&](Operation *op) {
      Access a;
      if (auto access = dyn_cast<ElementAccessOpInterface>(op))
        a = Access::of(access);
      else if (auto call = dyn_cast<CallOp>(op)) {
        if (!callAccesses(call, out))
          bad = op;
        return bad ? WalkResult::interrupt() : WalkResult::advance();
      } else
        return WalkResult::advance();
      a.root = findRoot(a.source);
      if (!a.root) {
        bad = op;
        return WalkResult::interrupt();
      }
      out.push_back(std::move(a));
      return WalkResult::advance();
    });
    if (bad)
      return bad;
  }
  return nullptr;
}

void noteUnanalyzable(Refusal &why, Operation *bad) {
  why.note(bad->getLoc(), isa<CallOp>(bad)
                              ? "cannot analyze the accesses of this call"
                              : "cannot tell which tensor this accesses");
}

/// The accesses of the statements of `loop`'s body; refuses under `header`
/// when one cannot be analyzed.
LogicalResult collectBodyAccesses(ForOp loop, SmallVectorImpl<Access> &out,
                                  const Twine &header, Refusal &why) {
  SmallVector<Operation *> body;
  for (Operation &op : loop.getBodyBlock())
    body.push_back(&op);
  if (Operation *bad = collectAccesses(body, out)) {
    noteUnanalyzable(why, bad);
    return why.fail(header);
  }
  return success();
}

/// Whether a pair of accesses to the same tensor orders anything: at least
/// one writes, and two reductions commute when `reductionsCommute` (in one
/// thread's sequence; not when they may run concurrently, as the tasks of
/// persist_tasks do: exo.reduce is not atomic).
bool isDependence(const Access &a, const Access &b,
                  bool reductionsCommute = true) {
  if (a.root != b.root)
    return false;
  if (a.kind == Access::Read && b.kind == Access::Read)
    return false;
  return !(reductionsCommute && a.kind == Access::Reduce &&
           b.kind == Access::Reduce);
}

/// Adds `elementOf(a, 1) == elementOf(b, 2)`; on failure notes the access
/// that cannot be analyzed.
LogicalResult addSameElement(Question &q, const Access &a, const Access &b,
                             Refusal &why) {
  Operation *culprit = nullptr;
  FailureOr<SmallVector<AffineExpr>> e1 = elementOf(q, a, 1, culprit);
  FailureOr<SmallVector<AffineExpr>> e2 = failure();
  if (succeeded(e1))
    e2 = elementOf(q, b, 2, culprit);
  if (failed(e1) || failed(e2)) {
    Operation *which = failed(e1) ? a.op : b.op;
    why.note(which->getLoc(), "cannot analyze this access: its indices are not "
                              "quasi-affine in the loop iterators and sizes");
    if (culprit && culprit != which)
      why.note(culprit->getLoc(), "this value cannot be read as a "
                                  "quasi-affine expression");
    return failure();
  }
  // An unbounded ring dimension (`? ring N`) stores its element i in slot
  // i mod N (the sequential meaning, as the CPU lowering runs it): two
  // indices name the same storage when they differ by a multiple of N.
  auto type = dyn_cast<exo::TensorType>(a.root.getType());
  for (auto [d, xy] : llvm::enumerate(llvm::zip(*e1, *e2))) {
    auto [x, y] = xy;
    if (type && d < type.getRank() && isa<UnitAttr>(type.getDims()[d]) &&
        type.getRingDepth(d) > 0) {
      AffineExpr laps = q.extraVar("laps");
      q.addEQ0(x - y - laps * type.getRingDepth(d));
      continue;
    }
    q.addEQ0(x - y);
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Divisibility
//===----------------------------------------------------------------------===//

LogicalResult exo::proveDivisible(ForOp loop, int64_t factor, Refusal &why) {
  if (factor == 1)
    return success();
  auto proc = loop->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail("the loop is not inside an exo.proc");
  std::string header =
      ("cannot prove that " + llvm::Twine(factor) +
       " divides the trip count of loop '" + loop.getIterName() + "'")
          .str();
  Question q(proc, /*nest=*/nullptr);
  Operation *culprit = nullptr;
  FailureOr<AffineExpr> lo = q.expr(loop.getLowerBound(), 0, culprit);
  FailureOr<AffineExpr> hi = q.expr(loop.getUpperBound(), 0, culprit);
  if (failed(lo) || failed(hi) || q.hasOpaque()) {
    why.note(loop.getLoc(), "its bounds are not quasi-affine in the sizes");
    return why.fail(header);
  }
  q.addRequires();
  for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
    if (auto enclosing = dyn_cast<ForOp>(p))
      q.addLoopBounds(enclosing, 0);
  AffineExpr trip = *hi - *lo;
  q.addGE0(trip - 1);
  q.addGE0(trip % factor - 1);
  std::optional<SmallVector<int64_t>> point = q.solve();
  if (!point)
    return success();
  std::string sizes = q.describeSizes(*point);
  why.note(loop.getLoc(),
           sizes.empty()
               ? std::string("the loop")
               : "the sizes " + sizes +
                     " satisfy the proc's requires but not the divisibility");
  return why.fail(header);
}

//===----------------------------------------------------------------------===//
// Reordering
//===----------------------------------------------------------------------===//

/// Adds the domain of the iteration `copy` of `a`: the bounds of the loops
/// from `a` up to `nest`, and the guards around it that can be read.
static void addDomain(Question &q, Operation *a, Operation *nest,
                      unsigned copy) {
  for (Operation *p = a; p && p != nest->getParentOp(); p = p->getParentOp()) {
    Operation *parent = p->getParentOp();
    if (auto loop = dyn_cast<ForOp>(p))
      q.addLoopBounds(loop, copy);
    if (auto ifOp = dyn_cast_or_null<IfOp>(parent))
      q.addGuard(ifOp, p->getParentRegion() == &ifOp.getThenRegion(), copy);
  }
}

/// The constraints every pair question shares: `requires`, the domains of
/// both iterations up to `nest`, the bounds of the loops around `nest`, and,
/// for a tensor allocated inside `nest`, equal iterators of the loops around
/// its allocation (it is a new tensor in each of their iterations).
static void addPairContext(Question &q, const Access &src, const Access &dst,
                           Operation *nest) {
  q.addRequires();
  addDomain(q, src.op, nest, 1);
  addDomain(q, dst.op, nest, 2);
  for (Operation *p = nest->getParentOp(); p; p = p->getParentOp())
    if (auto enclosing = dyn_cast<ForOp>(p))
      q.addLoopBounds(enclosing, 0);
  Operation *culprit = nullptr;
  if (auto alloc = src.root.getDefiningOp<AllocOp>();
      alloc && nest->isAncestor(alloc)) {
    for (Operation *p = alloc->getParentOp(); p != nest->getParentOp();
         p = p->getParentOp())
      if (auto loop = dyn_cast<ForOp>(p))
        q.addEQ0(*q.expr(loop.getInductionVar(), 1, culprit) -
                 *q.expr(loop.getInductionVar(), 2, culprit));
  }
}

/// Refuses a rewrite that would reverse the dependence from `src` to `dst`:
/// the error at `src` and a note at `dst` name both iterations of `loops`
/// (copies 1 and 2 of the solved question) and the sizes of `point`.
static LogicalResult refuseReversed(Refusal &why, StringRef header, Question &q,
                                    ArrayRef<int64_t> point, const Access &src,
                                    const Access &dst, ArrayRef<ForOp> loops,
                                    StringRef srcWhere, StringRef dstWhere,
                                    bool movesBefore = false) {
  auto at = [&](unsigned copy) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "(";
    for (unsigned l = 0; l < loops.size(); ++l) {
      ForOp loop = loops[l];
      os << (l ? ", " : "") << loop.getIterName() << " = "
         << point[*q.lookup(loop.getInductionVar(), copy)];
    }
    os << ")";
    return s;
  };
  std::string sizes = q.describeSizes(point);
  std::string tensor = rootName(src.root);
  why.errorLoc = src.op->getLoc();
  why.note(dst.op->getLoc(),
           ("the " + kindName(dst.kind) + " of the same element of '" + tensor +
            "' at " + at(2) + ", which must stay " +
            (movesBefore ? "before" : "after") + " it")
               .str());
  return why.fail(llvm::Twine(header) + ": this " + kindName(src.kind) +
                  " of '" + tensor + "' at " + at(1) + srcWhere +
                  " would move " + (movesBefore ? "before" : "after") +
                  " a dependent " + kindName(dst.kind) + " at " + at(2) +
                  dstWhere +
                  (sizes.empty() ? std::string() : " (with " + sizes + ")"));
}

LogicalResult exo::proveReorderKeepsDependences(ForOp outer, ForOp inner,
                                                Refusal &why) {
  auto proc = outer->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail("the loop is not inside an exo.proc");
  std::string header = ("cannot reorder loops '" + outer.getIterName() +
                        "' and '" + inner.getIterName() + "'")
                           .str();

  SmallVector<Access> accesses;
  if (failed(collectBodyAccesses(inner, accesses, header, why)))
    return failure();

  for (const Access &src : accesses) {
    for (const Access &dst : accesses) {
      if (!isDependence(src, dst))
        continue;
      Question q(proc, outer);
      if (failed(addSameElement(q, src, dst, why)))
        return why.fail(header);
      addPairContext(q, src, dst, outer);
      Operation *culprit = nullptr;
      // (i, j) <lex (i', j') and (j', i') <lex (j, i) reduce to i < i' and
      // j' < j: the other combinations of the two disjunctions contradict.
      AffineExpr i1 = *q.expr(outer.getInductionVar(), 1, culprit);
      AffineExpr i2 = *q.expr(outer.getInductionVar(), 2, culprit);
      AffineExpr j1 = *q.expr(inner.getInductionVar(), 1, culprit);
      AffineExpr j2 = *q.expr(inner.getInductionVar(), 2, culprit);
      q.addGE0(i2 - i1 - 1);
      q.addGE0(j1 - j2 - 1);
      std::optional<SmallVector<int64_t>> point = q.solve();
      if (!point)
        continue;
      return refuseReversed(why, header, q, *point, src, dst, {outer, inner},
                            "", "");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Fission
//===----------------------------------------------------------------------===//

LogicalResult exo::proveFissionKeepsDependences(ArrayRef<ForOp> nest,
                                                ArrayRef<Operation *> first,
                                                ArrayRef<Operation *> second,
                                                Refusal &why,
                                                StringRef action) {
  SmallVector<ForOp> loops(nest);
  ForOp top = loops.front();
  auto proc = top->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail("the loop is not inside an exo.proc");
  std::string header =
      ("cannot " + action + " loop '" + top.getIterName() + "'").str();
  SmallVector<Access> firstAccesses, secondAccesses;
  Operation *bad = collectAccesses(first, firstAccesses);
  if (!bad)
    bad = collectAccesses(second, secondAccesses);
  if (bad) {
    noteUnanalyzable(why, bad);
    return why.fail(header);
  }

  // After the split every instance of the first part runs before every
  // instance of the second. Only the pairs where a second-part access `src`
  // ran before a first-part access `dst` flip: the iterators of the loops
  // around both are lexicographically smaller for `src` (with equal
  // iterators the first part comes first in the text).
  for (const Access &src : secondAccesses) {
    for (const Access &dst : firstAccesses) {
      if (!isDependence(src, dst))
        continue;
      unsigned common = 0;
      while (common < nest.size() && loops[common]->isAncestor(src.op) &&
             loops[common]->isAncestor(dst.op))
        ++common;
      for (unsigned level = 0; level < common; ++level) {
        Question q(proc, top);
        if (failed(addSameElement(q, src, dst, why)))
          return why.fail(header);
        addPairContext(q, src, dst, top);
        Operation *culprit = nullptr;
        auto iv = [&](unsigned l, unsigned copy) {
          return *q.expr(loops[l].getInductionVar(), copy, culprit);
        };
        for (unsigned l = 0; l < level; ++l)
          q.addEQ0(iv(l, 1) - iv(l, 2));
        q.addGE0(iv(level, 2) - iv(level, 1) - 1);
        std::optional<SmallVector<int64_t>> point = q.solve();
        if (!point)
          continue;
        // Fusing runs the original order (first part, then second) the
        // other way round: the dependent access moves before.
        bool fusing = action == "fuse";
        if (fusing)
          return refuseReversed(why, header, q, *point, src, dst,
                                ArrayRef<ForOp>(loops).take_front(common),
                                " in the second loop", " in the first loop",
                                /*movesBefore=*/true);
        return refuseReversed(why, header, q, *point, src, dst,
                              ArrayRef<ForOp>(loops).take_front(common),
                              " in the second part", " in the first part");
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Bounds
//===----------------------------------------------------------------------===//

/// `v` as an expression of the question's variables (copy 0).
static FailureOr<AffineExpr> linearExpr(Question &q, const LinearValue &v,
                                        Operation *&culprit) {
  AffineExpr sum = getAffineConstantExpr(v.constant, q.getContext());
  for (auto [value, coef] : v.terms) {
    FailureOr<AffineExpr> e = q.expr(value, 0, culprit);
    if (failed(e))
      return failure();
    sum = sum + *e * coef;
  }
  return sum;
}

/// Looks for sizes and values of the loops around `context` that satisfy
/// `requires`, those loops' bounds and the constraints `add` puts on the
/// expressions of `values`. Fills `example` with the first one found and
/// returns true; returns false when there is none. A value that is not
/// quasi-affine in the sizes makes `example.analyzable` false.
static bool
findBoundsExample(Operation *context, ArrayRef<LinearValue> values,
                  function_ref<void(Question &, ArrayRef<AffineExpr>)> add,
                  BoundsExample &example) {
  auto proc = context->getParentOfType<ProcOp>();
  if (!proc) {
    example.analyzable = false;
    return true;
  }
  Question q(proc, /*nest=*/nullptr);
  SmallVector<AffineExpr> exprs;
  SmallVector<unsigned> positions;
  Operation *culprit = nullptr;
  for (const LinearValue &v : values) {
    FailureOr<AffineExpr> e = linearExpr(q, v, culprit);
    if (failed(e)) {
      example.analyzable = false;
      return true;
    }
    exprs.push_back(*e);
    AffineExpr var = q.extraVar("_");
    q.addEQ0(var - *e);
    positions.push_back(cast<AffineDimExpr>(var).getPosition());
  }
  if (q.hasOpaque()) {
    example.analyzable = false;
    return true;
  }
  q.addRequires();
  // Where `context` runs: the bounds of the loops around it and the guards
  // it is under (on the side it is on).
  for (Operation *p = context; p; p = p->getParentOp()) {
    Operation *parent = p->getParentOp();
    if (auto enclosing = dyn_cast_or_null<ForOp>(parent))
      q.addLoopBounds(enclosing, 0);
    if (auto ifOp = dyn_cast_or_null<IfOp>(parent))
      q.addGuard(ifOp, p->getParentRegion() == &ifOp.getThenRegion(), 0);
  }
  add(q, exprs);
  std::optional<SmallVector<int64_t>> point = q.solve();
  if (!point)
    return false;
  example.sizes = q.describeSizes(*point);
  example.values.clear();
  for (unsigned pos : positions)
    example.values.push_back((*point)[pos]);
  return true;
}

LogicalResult exo::proveCutPoint(Operation *context, OpFoldResult lo,
                                 OpFoldResult cut, OpFoldResult hi,
                                 BoundsExample &example) {
  // [lo, cut) then [cut, hi) is [lo, hi) exactly when lo <= cut <= hi, or
  // when both are empty (hi <= cut <= lo). Otherwise cut < min(lo, hi) or
  // cut > max(lo, hi).
  for (int64_t sign : {1, -1}) {
    if (findBoundsExample(
            context,
            {LinearValue::of(lo), LinearValue::of(cut), LinearValue::of(hi)},
            [&](Question &q, ArrayRef<AffineExpr> e) {
              q.addGE0((e[0] - e[1]) * sign - 1);
              q.addGE0((e[2] - e[1]) * sign - 1);
            },
            example))
      return failure();
  }
  return success();
}

LogicalResult exo::proveSameValue(Operation *context, OpFoldResult a,
                                  OpFoldResult b, BoundsExample &example) {
  for (int64_t sign : {1, -1}) {
    if (findBoundsExample(
            context, {LinearValue::of(a), LinearValue::of(b)},
            [&](Question &q, ArrayRef<AffineExpr> e) {
              q.addGE0((e[0] - e[1]) * sign - 1);
            },
            example))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Values carried across iterations
//===----------------------------------------------------------------------===//

/// Whether the call's argument `i` (a window) has all its elements written
/// by the callee: its body assigns the parameter at exactly the iterators of
/// the loops around the assignment, loops from 0 over the window's extents,
/// under no guard, and never reads it.
static bool writesWholeWindow(CallOp call, unsigned i) {
  auto callee = lookupCallee(call);
  if (!callee || i >= callee.getBodyBlock().getNumArguments())
    return false;
  BlockArgument param = callee.getBodyBlock().getArgument(i);
  SmallVector<Attribute> dims(getDimsOf(call.getArgs()[i].getType()));
  AssignOp store;
  bool other = false;
  for (Operation *user : param.getUsers()) {
    auto a = dyn_cast<AssignOp>(user);
    if (!a || store)
      other = true;
    store = a;
  }
  if (other || !store)
    return false;
  SmallVector<OpFoldResult> idx = store.getMixedIndices();
  if (idx.size() != dims.size())
    return false;
  Operation *p = store->getParentOp();
  for (unsigned d = idx.size(); d-- > 0; p = p->getParentOp()) {
    auto loop = dyn_cast<ForOp>(p);
    auto extent = dyn_cast<IntegerAttr>(dims[d]);
    auto v = dyn_cast<Value>(idx[d]);
    if (!loop || !extent || v != loop.getInductionVar() ||
        getConstantIntValue(loop.getLowerBound()) != 0 ||
        getConstantIntValue(loop.getUpperBound()) != extent.getInt())
      return false;
  }
  return isa<ProcOp>(p);
}

/// The box of the root tensor that a write of `accesses` certainly writes
/// whole, each time its statement runs, before `r` in the same iteration of
/// `loop`; per dimension the first index and either a constant extent or a
/// bound past the last index. Null when `w` is not such a write.
namespace {
struct KillBox {
  SmallVector<OpFoldResult> lo;
  SmallVector<OpFoldResult> hi; // null: lo + extent
  SmallVector<int64_t> extent;
};
} // namespace

/// `w` runs (unguarded) in every iteration of `loop` in which `r` runs,
/// before it: the ancestor of `w` in a block around `r` comes first. Sets
/// `top` to that ancestor.
static bool runsBefore(ForOp loop, const Access &w, const Access &r,
                       Operation *&top) {
  top = nullptr;
  for (Operation *a = w.op; a && a != loop.getOperation();
       a = a->getParentOp()) {
    if (Operation *ra = a->getBlock()->findAncestorOpInBlock(*r.op)) {
      if (ra == a || !a->isBeforeInBlock(ra))
        return false;
      top = a;
      break;
    }
  }
  if (!top)
    return false;
  for (Operation *p = w.op->getParentOp(); p != loop; p = p->getParentOp())
    if (!isa<ForOp, WarpsOp>(p))
      return false;
  return true;
}

/// A call whose callee assigns its whole window (taken directly from the
/// tensor), in a block around `r`.
static std::optional<KillBox> callKillBox(ForOp loop, const Access &w,
                                          const Access &r) {
  auto call = dyn_cast<CallOp>(w.op);
  Operation *top;
  if (!call || !runsBefore(loop, w, r, top) || top != w.op)
    return std::nullopt;
  auto window = w.source.getDefiningOp<WindowOp>();
  if (!window || window.getSource() != w.root)
    return std::nullopt;
  unsigned argNo = 0;
  while (argNo < call.getArgs().size() && call.getArgs()[argNo] != w.source)
    ++argNo;
  if (argNo == call.getArgs().size() || !writesWholeWindow(call, argNo))
    return std::nullopt;
  KillBox box;
  for (auto [off, size] :
       llvm::zip(window.getMixedOffsets(), window.getStaticSizes())) {
    box.lo.push_back(off);
    box.hi.push_back(OpFoldResult());
    box.extent.push_back(size == WindowOp::kPoint ? 1 : size);
  }
  return box;
}

/// Whether `v` has one value for every execution of the ops inside `top`
/// in one iteration around it: defined outside `top`, or computed inside it
/// by side-effect-free arith ops from such values.
static bool invariantIn(Value v, Operation *top) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return !top->isAncestor(arg.getOwner()->getParentOp());
  Operation *def = v.getDefiningOp();
  if (!def || !top->isAncestor(def))
    return true;
  if (!isa<arith::ArithDialect>(def->getDialect()) || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value o) { return invariantIn(o, top); });
}

/// An assignment to the tensor itself inside a perfect-enough nest of
/// unguarded loops (below the ancestor that comes before `r`): each index is
/// either one of those loops' iterators (each loop's at most once; the
/// box spans its bounds) or a value defined outside the nest (one
/// element); a loop whose iterator no index uses runs at least once
/// (constant bounds).
static std::optional<KillBox> assignKillBox(ForOp loop, const Access &w,
                                            const Access &r) {
  auto assign = dyn_cast<AssignOp>(w.op);
  Operation *top;
  if (!assign || assign.getOob() || w.source != w.root ||
      !runsBefore(loop, w, r, top))
    return std::nullopt;
  SmallVector<ForOp> nest;
  for (Operation *p = w.op->getParentOp(); p && top->isAncestor(p);
       p = p->getParentOp())
    if (auto l = dyn_cast<ForOp>(p))
      nest.push_back(l);
  KillBox box;
  llvm::SmallPtrSet<Operation *, 4> used;
  for (OpFoldResult idx : w.indices) {
    auto v = dyn_cast<Value>(idx);
    ForOp iter;
    if (v)
      for (ForOp l : nest)
        if (v == l.getInductionVar())
          iter = l;
    if (iter) {
      if (!used.insert(iter).second)
        return std::nullopt;
      box.lo.push_back(iter.getLowerBound());
      box.hi.push_back(iter.getUpperBound());
      box.extent.push_back(0);
      continue;
    }
    // One element, the same for every iteration of the nest: a value from
    // outside it, or index arithmetic inside it on such values only (as
    // expand_dim leaves a ring index before simplify).
    if (v && !invariantIn(v, top))
      return std::nullopt;
    box.lo.push_back(idx);
    box.hi.push_back(OpFoldResult());
    box.extent.push_back(1);
  }
  for (ForOp l : nest) {
    if (used.contains(l))
      continue;
    std::optional<int64_t> lo = getConstantIntValue(l.getLowerBound());
    std::optional<int64_t> hi = getConstantIntValue(l.getUpperBound());
    if (!lo || !hi || *hi <= *lo)
      return std::nullopt;
  }
  return box;
}

/// Whether every element that `r` (in an iteration of `loop`) reads was
/// written earlier in the same iteration by one of the writes among
/// `accesses` that write a whole box each time they run (callKillBox,
/// assignKillBox), whose box covers what `r` reads for every value of the
/// loops around `r` alone (Presburger). Then `r` cannot see a value of an
/// earlier iteration.
static bool killedInIteration(ProcOp proc, ForOp loop, const Access &r,
                              ArrayRef<Access> accesses) {
  for (const Access &w : accesses) {
    if (w.kind != Access::Write || w.op == r.op)
      continue;
    std::optional<KillBox> box = callKillBox(loop, w, r);
    if (!box)
      box = assignKillBox(loop, w, r);
    if (!box)
      continue;
    // An element of `r` outside the box, in some dimension, on some side.
    bool covered = true;
    for (unsigned d = 0; covered && d < box->lo.size(); ++d) {
      for (int side = 0; covered && side < 2; ++side) {
        Question q(proc, loop);
        Operation *culprit = nullptr;
        FailureOr<SmallVector<AffineExpr>> e = elementOf(q, r, 1, culprit);
        FailureOr<AffineExpr> lo = q.expr(box->lo[d], 1, culprit);
        FailureOr<AffineExpr> hi =
            box->hi[d]
                ? q.expr(box->hi[d], 1, culprit)
                : FailureOr<AffineExpr>(succeeded(lo) ? *lo + box->extent[d]
                                                      : AffineExpr());
        if (failed(e) || failed(lo) || failed(hi) || !*hi ||
            e->size() != box->lo.size()) {
          covered = false;
          break;
        }
        q.addRequires();
        addDomain(q, r.op, loop, 1);
        for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
          if (auto enclosing = dyn_cast<ForOp>(p))
            q.addLoopBounds(enclosing, 0);
        if (side == 0)
          q.addGE0(*lo - (*e)[d] - 1);
        else
          q.addGE0((*e)[d] - *hi);
        covered = !q.solve().has_value();
      }
    }
    if (covered)
      return true;
  }
  return false;
}

LogicalResult exo::proveNoValueCarried(ForOp loop, Value buffer,
                                       const Twine &header, Refusal &why) {
  auto proc = loop->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail("the loop is not inside an exo.proc");
  SmallVector<Access> accesses;
  Operation *bad = nullptr;
  loop.getBodyBlock().walk([&](Operation *op) {
    Access a;
    if (auto access = dyn_cast<ElementAccessOpInterface>(op))
      a = Access::of(access);
    else if (isa<WindowOp>(op))
      return WalkResult::advance();
    else if (auto call = dyn_cast<CallOp>(op)) {
      SmallVector<Access> summary;
      if (!callAccesses(call, summary)) {
        bad = op;
        return WalkResult::interrupt();
      }
      for (Access &c : summary)
        if (c.root == buffer)
          accesses.push_back(std::move(c));
      return WalkResult::advance();
    } else {
      for (Value operand : op->getOperands())
        if (findRoot(operand) == buffer) {
          bad = op;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    }
    a.root = findRoot(a.source);
    if (a.root == buffer)
      accesses.push_back(std::move(a));
    return WalkResult::advance();
  });
  if (bad) {
    why.note(bad->getLoc(), "cannot analyze this use of the allocation");
    return why.fail(header);
  }
  // A write (or reduction) in iteration i and a read (or reduction, which
  // reads) of the same element in a later iteration i' > i: the read could
  // see the value written before, which a new tensor per iteration does not
  // hold.
  for (const Access &w : accesses) {
    if (w.kind == Access::Read)
      continue;
    for (const Access &r : accesses) {
      if (r.kind == Access::Write || killedInIteration(proc, loop, r, accesses))
        continue;
      Question q(proc, loop);
      if (failed(addSameElement(q, w, r, why)))
        return why.fail(header);
      q.addRequires();
      addDomain(q, w.op, loop, 1);
      addDomain(q, r.op, loop, 2);
      for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
        if (auto enclosing = dyn_cast<ForOp>(p))
          q.addLoopBounds(enclosing, 0);
      Operation *culprit = nullptr;
      AffineExpr i1 = *q.expr(loop.getInductionVar(), 1, culprit);
      AffineExpr i2 = *q.expr(loop.getInductionVar(), 2, culprit);
      q.addGE0(i2 - i1 - 1);
      std::optional<SmallVector<int64_t>> point = q.solve();
      if (!point)
        continue;
      auto at = [&](unsigned copy) {
        return (loop.getIterName() + " = " +
                llvm::Twine((*point)[*q.lookup(loop.getInductionVar(), copy)]))
            .str();
      };
      std::string sizes = q.describeSizes(*point);
      std::string tensor = rootName(buffer);
      why.note(r.op->getLoc(),
               ("this " + kindName(r.kind) + " of '" + tensor + "' at " +
                at(2) + " can read the value stored at " + at(1) +
                (sizes.empty() ? std::string() : " (with " + sizes + ")"))
                   .str());
      why.note(w.op->getLoc(), "by this " + kindName(w.kind) + " at " + at(1));
      return why.fail(header + ": a value of '" + tensor +
                      "' can be carried from one iteration of loop '" +
                      loop.getIterName() + "' to a later one");
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Windows (stage_mem)
//===----------------------------------------------------------------------===//

LogicalResult exo::proveAccessesInBox(ArrayRef<Operation *> stmts, Value tensor,
                                      ArrayRef<LinearValue> lo,
                                      ArrayRef<int64_t> sizes,
                                      const Twine &header, Refusal &why) {
  auto proc = stmts.front()->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail(header + ": the statements are not inside an exo.proc");
  for (Operation *top : stmts) {
    SmallVector<Operation *> accesses;
    top->walk([&](Operation *op) {
      Value t;
      SmallVector<OpFoldResult> idx;
      if (getAccess(op, t, idx) && t == tensor)
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      Value t;
      SmallVector<OpFoldResult> idx;
      getAccess(op, t, idx);
      for (unsigned d = 0; d < sizes.size(); ++d) {
        for (int side = 0; side < 2; ++side) {
          Question q(proc, /*nest=*/nullptr);
          Operation *culprit = nullptr;
          FailureOr<AffineExpr> e = q.expr(idx[d], 0, culprit);
          FailureOr<AffineExpr> l = linearExpr(q, lo[d], culprit);
          if (failed(e) || failed(l) || q.hasOpaque()) {
            why.note(op->getLoc(),
                     "cannot analyze this access: its indices are not "
                     "quasi-affine in the loop iterators and sizes");
            return why.fail(header);
          }
          AffineExpr var = q.extraVar("_");
          q.addEQ0(var - *e);
          q.addRequires();
          addDomain(q, op, top, 0);
          for (Operation *p = top->getParentOp(); p; p = p->getParentOp())
            if (auto enclosing = dyn_cast<ForOp>(p))
              q.addLoopBounds(enclosing, 0);
          if (side == 0)
            q.addGE0(*l - *e - 1); // below the window
          else
            q.addGE0(*e - *l - sizes[d]); // past its end
          std::optional<SmallVector<int64_t>> point = q.solve();
          if (!point)
            continue;
          std::string sizesText = q.describeSizes(*point);
          int64_t value = (*point)[cast<AffineDimExpr>(var).getPosition()];
          why.note(op->getLoc(),
                   ("this access of '" + tensorName(tensor) +
                    "' can touch index " + Twine(value) + " of dimension " +
                    Twine(d) + ", outside the window" +
                    (sizesText.empty() ? std::string()
                                       : " (with " + sizesText + ")"))
                       .str());
          return why.fail(header +
                          ": the window does not cover every access "
                          "of '" +
                          tensorName(tensor) + "' in the statements");
        }
      }
    }
  }
  return success();
}

LogicalResult exo::proveBoxInTensor(Operation *context, Value tensor,
                                    ArrayRef<LinearValue> lo,
                                    ArrayRef<int64_t> sizes,
                                    const Twine &header, Refusal &why) {
  ArrayRef<Attribute> dims = getDimsOf(tensor.getType());
  for (unsigned d = 0; d < sizes.size(); ++d) {
    LinearValue extent;
    if (auto i = dyn_cast<IntegerAttr>(dims[d]))
      extent.constant = i.getInt();
    else if (auto name = dyn_cast<StringAttr>(dims[d]))
      if (Value v = lookupIndexName(context, name.getValue()))
        extent.terms.push_back({v, 1});
    BoundsExample example;
    if (!isa<IntegerAttr>(dims[d]) && extent.terms.empty()) {
      // An unbounded ring (`? ring n`) has an element for every index >= 0;
      // a window takes one of them (its slot, in storage).
      if (sizes[d] != 1)
        return why.fail(header + ": dimension " + Twine(d) + " of '" +
                        tensorName(tensor) +
                        "' is an unbounded ring; a window takes one element "
                        "of it, not " +
                        Twine(sizes[d]));
      if (failed(proveNonNegative(context, lo[d], example)))
        return why.fail(
            header + ": the window does not lie within '" + tensorName(tensor) +
            "': its element of the ring " + "dimension " + Twine(d) +
            " can be " + Twine(example.values[0]) +
            (example.sizes.empty() ? std::string()
                                   : " (with " + example.sizes + ")"));
      continue;
    }
    bool found = findBoundsExample(
        context, {lo[d], extent},
        [&](Question &q, ArrayRef<AffineExpr> e) { q.addGE0(-e[0] - 1); },
        example);
    if (!found)
      found = findBoundsExample(
          context, {lo[d], extent},
          [&](Question &q, ArrayRef<AffineExpr> e) {
            q.addGE0(e[0] + sizes[d] - e[1] - 1);
          },
          example);
    if (!found)
      continue;
    // (Offsets and extents are linear in iterators and sizes, so the
    // example is always analyzable.)
    return why.fail(header + ": the window does not lie within '" +
                    tensorName(tensor) + "': dimension " + Twine(d) +
                    " starts at " + Twine(example.values[0]) + " and ends at " +
                    Twine(example.values[0] + sizes[d]) + " of extent " +
                    Twine(example.values[1]) +
                    (example.sizes.empty() ? std::string()
                                           : " (with " + example.sizes + ")"));
  }
  return success();
}

LogicalResult exo::proveInRange(Operation *context, const LinearValue &value,
                                int64_t size, BoundsExample &example) {
  if (findBoundsExample(
          context, {value},
          [&](Question &q, ArrayRef<AffineExpr> e) { q.addGE0(-e[0] - 1); },
          example))
    return failure();
  if (findBoundsExample(
          context, {value},
          [&](Question &q, ArrayRef<AffineExpr> e) { q.addGE0(e[0] - size); },
          example))
    return failure();
  return success();
}

LogicalResult exo::proveInRange(Operation *context, const LinearValue &value,
                                OpFoldResult size, BoundsExample &example) {
  if (failed(proveNonNegative(context, value, example)))
    return failure();
  if (findBoundsExample(
          context, {value, LinearValue::of(size)},
          [&](Question &q, ArrayRef<AffineExpr> e) { q.addGE0(e[0] - e[1]); },
          example))
    return failure();
  return success();
}

LogicalResult exo::proveNonNegative(Operation *context,
                                    const LinearValue &value,
                                    BoundsExample &example) {
  if (findBoundsExample(
          context, {value},
          [&](Question &q, ArrayRef<AffineExpr> e) { q.addGE0(-e[0] - 1); },
          example))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Bounds guards (drop_bounds_guard)
//===----------------------------------------------------------------------===//

namespace {

/// One question about an access under `guard`: the iterations in which the
/// guard is false (the loops and other guards around the access, `requires`)
/// plus whatever constraints the caller adds.
struct GuardFalseQuestion {
  /// The iterations where `at` runs with `guard` false (every other guard
  /// around it on the side `at` is on); with no guard, where `at` runs.
  GuardFalseQuestion(IfOp guard, Operation *at)
      : q(at->getParentOfType<ProcOp>(), /*nest=*/nullptr), at(at) {
    q.addRequires();
    for (Operation *p = at; p && !isa<ProcOp>(p); p = p->getParentOp()) {
      if (auto loop = dyn_cast<ForOp>(p))
        q.addLoopBounds(loop, 0);
      if (auto ifOp = dyn_cast_or_null<IfOp>(p->getParentOp()))
        q.addGuard(
            ifOp,
            ifOp != guard && p->getParentRegion() == &ifOp.getThenRegion(), 0);
    }
  }

  /// The indices of `access` (a read, write or reduction of a proc
  /// argument) and the extents of its tensor; false when they cannot be
  /// read as quasi-affine expressions.
  bool indicesAndExtents(Operation *access, SmallVectorImpl<AffineExpr> &idx,
                         SmallVectorImpl<AffineExpr> &extents) {
    Value t;
    SmallVector<OpFoldResult> indices;
    getAccess(access, t, indices);
    Operation *culprit = nullptr;
    for (OpFoldResult i : indices) {
      FailureOr<AffineExpr> e = q.expr(i, 0, culprit);
      if (failed(e))
        return false;
      idx.push_back(*e);
    }
    return extentsOf(t, extents) && !q.hasOpaque();
  }

  /// The extents of array `t` (named sizes resolved at `at`).
  bool extentsOf(Value t, SmallVectorImpl<AffineExpr> &extents) {
    Operation *culprit = nullptr;
    for (Attribute dim : getDimsOf(t.getType())) {
      if (auto i = dyn_cast<IntegerAttr>(dim)) {
        extents.push_back(getAffineConstantExpr(i.getInt(), q.getContext()));
        continue;
      }
      auto name = dyn_cast<StringAttr>(dim);
      Value v = name ? lookupIndexName(at, name.getValue()) : Value();
      FailureOr<AffineExpr> e =
          v ? q.expr(v, 0, culprit) : FailureOr<AffineExpr>(failure());
      if (failed(e))
        return false;
      extents.push_back(*e);
    }
    return true;
  }

  /// Restricts the question to the iterations where `access` is in bounds.
  bool addInBounds(Operation *access) {
    SmallVector<AffineExpr> idx, extents;
    if (!indicesAndExtents(access, idx, extents))
      return false;
    for (auto [i, e] : llvm::zip(idx, extents)) {
      q.addGE0(i);
      q.addGE0(e - i - 1);
    }
    return true;
  }

  /// `name = value` for the sizes and the loop iterators around `at`.
  std::string describe(ArrayRef<int64_t> point) {
    std::string s;
    llvm::raw_string_ostream os(s);
    SmallVector<ForOp> loops;
    for (Operation *p = at; p; p = p->getParentOp())
      if (auto loop = dyn_cast<ForOp>(p))
        loops.push_back(loop);
    bool first = true;
    for (ForOp loop : llvm::reverse(loops))
      if (std::optional<unsigned> pos = q.lookup(loop.getInductionVar(), 0)) {
        os << (first ? "" : ", ") << loop.getIterName() << " = " << point[*pos];
        first = false;
      }
    std::string sizes = q.describeSizes(point);
    if (!sizes.empty())
      os << (first ? "" : ", with ") << sizes;
    return s;
  }

  Question q;
  Operation *at;
};

/// The reads of `value` (computed inside `guard`) that must all read 0 for
/// the value to be 0: products and conversions of reads and zero constants.
/// Fails for any other computation.
LogicalResult zeroWitnesses(Value value, IfOp guard,
                            SmallVectorImpl<Operation *> &reads) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return failure();
  if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
    auto f = dyn_cast<FloatAttr>(cst.getValue());
    return success(f && f.getValue().isZero());
  }
  if (!guard->isProperAncestor(def))
    return failure();
  if (isa<ReadOp>(def)) {
    reads.push_back(def);
    return success();
  }
  if (isa<arith::TruncFOp, arith::ExtFOp>(def))
    return zeroWitnesses(def->getOperand(0), guard, reads);
  // 0 * 0 is 0; 0 * x is not when x is infinite or NaN, so both factors.
  if (isa<arith::MulFOp>(def))
    return success(succeeded(zeroWitnesses(def->getOperand(0), guard, reads)) &&
                   succeeded(zeroWitnesses(def->getOperand(1), guard, reads)));
  return failure();
}

} // namespace

/// Whether `access` can fall outside its array where `guard` is false, in
/// some dimension below 0 or past its extent: `at` describes such a point
/// (iterators and sizes), or stays empty. Fails when the indices or extents
/// cannot be read.
static LogicalResult fallsOutside(IfOp guard, Operation *access,
                                  std::optional<std::string> &at) {
  Value tensor;
  SmallVector<OpFoldResult> indices;
  getAccess(access, tensor, indices);
  for (unsigned d = 0; d < indices.size(); ++d) {
    for (int side = 0; side < 2; ++side) {
      GuardFalseQuestion probe(guard, access);
      SmallVector<AffineExpr> idx, extents;
      if (!probe.indicesAndExtents(access, idx, extents))
        return failure();
      probe.q.addGE0(side == 0 ? -idx[d] - 1 : idx[d] - extents[d]);
      if (std::optional<SmallVector<int64_t>> p = probe.q.solve()) {
        at = probe.describe(*p);
        return success();
      }
    }
  }
  return success();
}

/// The first element of each dimension that `access` touches and how many
/// it touches there (the indices of an element access, one each; a
/// window's offsets and interval lengths), and the extents of the array it
/// addresses directly; false when one cannot be read as a quasi-affine
/// expression.
static bool touchedBox(GuardFalseQuestion &probe, Operation *access,
                       SmallVectorImpl<AffineExpr> &first,
                       SmallVectorImpl<int64_t> &counts,
                       SmallVectorImpl<AffineExpr> &extents) {
  auto window = dyn_cast<WindowOp>(access);
  if (!window)
    return probe.indicesAndExtents(access, first, extents) &&
           (counts.assign(first.size(), 1), true);
  Question &q = probe.q;
  Operation *culprit = nullptr;
  for (auto [off, size] :
       llvm::zip(window.getMixedOffsets(), window.getStaticSizes())) {
    FailureOr<AffineExpr> e = q.expr(off, 0, culprit);
    if (failed(e))
      return false;
    first.push_back(*e);
    counts.push_back(size == WindowOp::kPoint ? 1 : size);
  }
  if (!probe.extentsOf(window.getSource(), extents))
    return false;
  // A whole dimension (`:`) is its source's, inside by construction.
  for (auto [i, size] : llvm::enumerate(window.getStaticSizes()))
    if (size == WindowOp::kFull) {
      first[i] = getAffineConstantExpr(0, q.getContext());
      counts[i] = 0;
    }
  return !q.hasOpaque();
}

LogicalResult exo::proveInsideTensor(Operation *access, std::string &outside) {
  Value array =
      isa<WindowOp>(access) ? cast<WindowOp>(access).getSource() : Value();
  if (!array) {
    SmallVector<OpFoldResult> unused;
    if (!getAccess(access, array, unused)) {
      outside = "it is not an element access or a window";
      return failure();
    }
  }
  auto arg = dyn_cast<BlockArgument>(array);
  if (!(arg && isa<ProcOp>(arg.getOwner()->getParentOp())) &&
      !array.getDefiningOp<AllocOp>()) {
    outside = "it addresses its array through a window";
    return failure();
  }
  // An instruction's parameters may reach past their tensors (declared
  // oob): inside a parameter is not inside the tensor.
  auto proc = access->getParentOfType<ProcOp>();
  if (!proc || proc.isInstr()) {
    outside = "it is not in a scheduled proc";
    return failure();
  }
  unsigned rank = getDimsOf(array.getType()).size();
  for (unsigned d = 0; d < rank; ++d) {
    for (int side = 0; side < 2; ++side) {
      GuardFalseQuestion probe(IfOp(), access);
      SmallVector<AffineExpr> first, extents;
      SmallVector<int64_t> counts;
      if (!touchedBox(probe, access, first, counts, extents)) {
        outside = "its indices or its array's extents are not quasi-affine "
                  "in the loop iterators and sizes";
        return failure();
      }
      if (counts[d] == 0)
        continue;
      // Below 0, or its last element at or past the extent.
      probe.q.addGE0(side == 0 ? -first[d] - 1
                               : first[d] + counts[d] - 1 - extents[d]);
      if (std::optional<SmallVector<int64_t>> p = probe.q.solve()) {
        outside = ("it can reach past dimension " + Twine(d) + " of '" +
                   tensorName(array) + "' (" + probe.describe(*p) + ")")
                      .str();
        return failure();
      }
    }
  }
  return success();
}

LogicalResult exo::proveBoundsGuardDroppable(IfOp guard,
                                             SmallVectorImpl<Operation *> &oob,
                                             const Twine &header,
                                             Refusal &why) {
  if (!guard->getParentOfType<ProcOp>())
    return why.fail(header + ": the guard is not inside an exo.proc");
  if (guard.hasElse())
    return why.fail(header + ": the guard has an else branch");
  // The accesses whose effect outlives the guarded statements: those of
  // the proc's tensors, and those of local arrays allocated outside the
  // guard (a per-element accumulator of the specification). An array
  // allocated inside the guard lives and dies there: the extra iterations'
  // accesses of it change nothing after them.
  SmallVector<Operation *> accesses, localAccesses;
  WalkResult walk = guard.getThenRegion().walk([&](Operation *op) {
    if (isa<ForOp, IfOp>(op))
      return WalkResult::advance();
    if (auto alloc = dyn_cast<AllocOp>(op)) {
      if (isa<TensorType>(alloc.getType()))
        return WalkResult::advance();
    } else if (auto access = dyn_cast<ElementAccessOpInterface>(op)) {
      Value t = access.getTensor();
      auto arg = dyn_cast<BlockArgument>(t);
      MemoryAttr mem = getMemoryOf(t.getType());
      if (arg && isa<ProcOp>(arg.getOwner()->getParentOp()) &&
          (mem.isHost() || mem.getKind() == MemoryKind::Gmem)) {
        accesses.push_back(op);
        return WalkResult::advance();
      }
      if (auto alloc = t.getDefiningOp<AllocOp>()) {
        if (!guard->isProperAncestor(alloc))
          localAccesses.push_back(op);
        return WalkResult::advance();
      }
      why.note(op->getLoc(), "this access is not of a dram or gmem "
                             "argument of the proc or of a local array "
                             "(through no window)");
      return WalkResult::interrupt();
    }
    // Arithmetic and device math: values only, no effect.
    if (isPure(op))
      return WalkResult::advance();
    why.note(op->getLoc(), "this statement");
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return why.fail(header + ": only loops, guards, pure operations, local "
                             "arrays and element accesses of the proc's dram "
                             "or gmem tensors can run outside their guard");

  auto cannotAnalyze = [&](Operation *op) {
    why.note(op->getLoc(), "cannot analyze this access: its indices or "
                           "extents are not quasi-affine in the loop "
                           "iterators and sizes");
    return why.fail(header);
  };
  // A local array allocated outside the guard has no outside (oob is for
  // the proc's tensors): where the guard is false, its accesses must stay
  // inside it, and a write must be a reduction of 0 (below).
  for (Operation *access : localAccesses) {
    std::optional<std::string> at;
    if (failed(fallsOutside(guard, access, at)))
      return cannotAnalyze(access);
    if (at) {
      why.note(access->getLoc(), "where the guard is false this access of a "
                                 "local array can fall outside it (at " +
                                     *at + ")");
      return why.fail(header + ": a local array would be accessed past its "
                               "end");
    }
  }
  accesses.append(localAccesses);
  for (Operation *access : accesses) {
    if (isa<ReadOp>(access))
      continue;
    std::string changes =
        (header + ": the guarded statements would change elements of " +
         (llvm::is_contained(localAccesses, access)
              ? "a local array that outlives them"
              : "the proc's tensors"))
            .str();
    // Where the guard is false, the write must fall outside its tensor
    // (an oob write does nothing) ...
    GuardFalseQuestion write(guard, access);
    if (!write.addInBounds(access))
      return cannotAnalyze(access);
    std::optional<SmallVector<int64_t>> point = write.q.solve();
    if (!point)
      continue;
    // ... or be a reduction of 0: products of reads that all fall outside
    // their tensors (an oob read is 0).
    SmallVector<Operation *> witnesses;
    auto reduce = dyn_cast<ReduceOp>(access);
    bool zero = reduce &&
                succeeded(zeroWitnesses(reduce.getValue(), guard, witnesses)) &&
                !witnesses.empty();
    for (Operation *read : zero ? witnesses : SmallVector<Operation *>()) {
      GuardFalseQuestion both(guard, access);
      if (!both.addInBounds(access) || !both.addInBounds(read))
        return cannotAnalyze(read);
      if (std::optional<SmallVector<int64_t>> p = both.q.solve()) {
        why.note(read->getLoc(),
                 "where the guard is false this read can be inside its "
                 "tensor, so the reduction can add a nonzero value (at " +
                     both.describe(*p) + ")");
        return why.fail(changes);
      }
    }
    if (zero)
      continue;
    why.note(access->getLoc(),
             Twine("where the guard is false this ") +
                 (reduce ? "reduction" : "write") +
                 " can touch an element inside its tensor (at " +
                 write.describe(*point) + ")" +
                 (reduce ? "; it does not add a product of reads that all "
                           "fall outside their tensors there"
                         : ""));
    return why.fail(changes);
  }

  // Every access that can fall outside its tensor where the guard is false
  // becomes oob (inside the guard all of them are in bounds; the local
  // arrays' accesses cannot, above).
  for (Operation *access : accesses) {
    if (llvm::is_contained(localAccesses, access))
      continue;
    std::optional<std::string> at;
    if (failed(fallsOutside(guard, access, at)))
      return cannotAnalyze(access);
    if (at)
      oob.push_back(access);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Independent iterations (persist_tasks)
//===----------------------------------------------------------------------===//

LogicalResult exo::proveIterationsIndependent(ArrayRef<ForOp> nest,
                                              const Twine &header,
                                              Refusal &why) {
  ForOp outer = nest.front();
  auto proc = outer->getParentOfType<ProcOp>();
  if (!proc)
    return why.fail("the loop is not inside an exo.proc");
  SmallVector<ForOp> loops(nest.begin(), nest.end());
  SmallVector<Access> accesses;
  if (failed(collectBodyAccesses(loops.back(), accesses, header, why)))
    return failure();
  // Two iterations differ iff they are ordered lexicographically one way or
  // the other; every ordered pair of accesses is asked, so asking for the
  // first iteration before the second, level by level, covers both.
  for (const Access &src : accesses) {
    for (const Access &dst : accesses) {
      if (!isDependence(src, dst, /*reductionsCommute=*/false))
        continue;
      for (unsigned level = 0; level < nest.size(); ++level) {
        Question q(proc, outer);
        if (failed(addSameElement(q, src, dst, why)))
          return why.fail(header);
        addPairContext(q, src, dst, outer);
        Operation *culprit = nullptr;
        for (unsigned l = 0; l <= level; ++l) {
          AffineExpr i1 = *q.expr(loops[l].getInductionVar(), 1, culprit);
          AffineExpr i2 = *q.expr(loops[l].getInductionVar(), 2, culprit);
          if (l < level)
            q.addEQ0(i2 - i1);
          else
            q.addGE0(i2 - i1 - 1);
        }
        std::optional<SmallVector<int64_t>> point = q.solve();
        if (!point)
          continue;
        auto at = [&](unsigned copy) {
          std::string s;
          llvm::raw_string_ostream os(s);
          os << "(";
          for (auto [l, loop] : llvm::enumerate(loops))
            os << (l ? ", " : "") << loop.getIterName() << " = "
               << (*point)[*q.lookup(loop.getInductionVar(), copy)];
          os << ")";
          return s;
        };
        std::string sizes = q.describeSizes(*point);
        std::string tensor = rootName(src.root);
        why.errorLoc = src.op->getLoc();
        why.note(dst.op->getLoc(),
                 ("the " + kindName(dst.kind) + " of the same element of '" +
                  tensor + "' in the iteration " + at(2))
                     .str());
        return why.fail(
            header + ": this " + kindName(src.kind) + " of '" + tensor +
            "' in the iteration " + at(1) +
            " and an access of the same element in another "
            "iteration are not independent" +
            (sizes.empty() ? std::string() : " (with " + sizes + ")"));
      }
    }
  }
  return success();
}

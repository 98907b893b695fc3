//===- SizeRoles.cpp - How the sizes of an AMIR program reach it ---------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "SizeRoles.h"
#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Analysis/IndexExpr.h"
#include "TaskSymmetry.h"

#include "ExoGPU/Dialect/Exo/IR/ExoTypes.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace exo;

/// The lattice of each size from `requires` (exo::readSingleSizeConstraints:
/// constraints on one size each), and whether it states a largest value;
/// a message when some constraint is of another form, which leaves the
/// lattices wider than the legal sizes.
static std::string readLattices(amir::ProgramOp program,
                                SmallVectorImpl<SizeLattice> &lattices,
                                SmallVectorImpl<bool> &capped) {
  size_t n = program.getArgNames().size();
  SingleSizeConstraints read;
  read.bounds.assign(n, std::nullopt);
  read.divisors.assign(n, 0);
  if (std::optional<IntegerSet> set = program.getAssertions()) {
    if (set->getNumSymbols() != n || set->getNumDims() != 0)
      return "its requires clause is not over its sizes";
    read = readSingleSizeConstraints(*set);
  }
  for (size_t s = 0; s < n; ++s) {
    auto [lo, hi] =
        read.bounds[s].value_or(std::make_pair(int64_t(0), kMaxSize));
    SizeLattice l;
    l.step = std::max<int64_t>(read.divisors[s], 1);
    l.least = llvm::divideCeilSigned(lo, l.step) * l.step;
    l.most = llvm::divideFloorSigned(hi, l.step) * l.step;
    lattices.push_back(l);
    capped.push_back(hi < kMaxSize);
  }
  if (read.unread)
    return "its requires clause has a constraint the symbolic check does "
           "not read (only 's mod d == 0' and linear bounds of one size)";
  if (read.relatesSizes)
    return "its requires clause relates several sizes";
  return "";
}

//===----------------------------------------------------------------------===//
// Forms of index values
//===----------------------------------------------------------------------===//

namespace {

/// An index value as a function of the lattice coordinates of the tracked
/// sizes, of the pumped loop's iterator k and of the iterations the pumped
/// loop ran in the earlier executions of its execution loop (X = e * n, e
/// the execution loop's iterator and n the pumped loop's trip count):
/// sum j[s] * j_s + k * k_coef + x * X, plus a part that does not change
/// with them (`periodic` when that part is a remainder of them, which a
/// pump of the right period leaves alone), or not a function of that form
/// (`top`). Untracked values (other sizes, task indices, other iterators)
/// are constants to it.
struct Form {
  bool top = false;
  bool periodic = false;
  SmallVector<int64_t> j;
  int64_t k = 0;
  int64_t x = 0;
  bool moves() const {
    return top || periodic || k != 0 || x != 0 ||
           llvm::any_of(j, [](int64_t c) { return c != 0; });
  }
};

/// Whether `v` is computed from size `s` of `program` and constants alone,
/// through arithmetic.
bool isFromSize(Value v, amir::ProgramOp program, unsigned s) {
  DenseSet<Operation *> cone;
  return isArithOf(v, cone, [&](BlockArgument arg) {
    return arg == program.getBody().front().getArgument(s);
  });
}

/// A condition: whether it is constant (none of the tracked quantities
/// reach it), unchanged by a pump (`invariant`), unchanged once each of
/// `heads` (comparisons monotone in k alone) has reached its limit, or
/// neither (`top`); `tails` and `sizes` are the comparisons it reads that
/// depend on the iterations left and on the size alone.
struct Cond {
  bool top = false;
  bool moves = false;
  SmallVector<Operation *> heads, tails, sizes;
};

/// Whether `m` counts the elements of one execution of a loop whose upper
/// bound is `upper`: `upper` itself, or `m - c` for a constant `c >= 0`
/// (the first `c` elements peeled off before the loop).
bool isStrideOf(Value upper, Value m) {
  if (m == upper)
    return true;
  DenseMap<Value, std::optional<LinearForm>> memo;
  std::optional<LinearForm> f = readLinear(
      upper,
      [&](Value x) { return x == m || !isLinearIndexOp(x.getDefiningOp()); },
      memo);
  return f && f->terms.size() == 1 && f->terms[0].first == m &&
         f->terms[0].second == 1 && f->constant <= 0;
}

class FormAnalysis {
public:
  FormAnalysis(amir::ProgramOp program, SmallVector<bool> tracked,
               ArrayRef<SizeLattice> lattices, amir::SeqForOp pumped,
               int64_t alpha, unsigned pumpSize, amir::SeqForOp outer = nullptr,
               ArrayRef<amir::SeqForOp> siblings = {},
               const DenseSet<Operation *> *opaque = nullptr)
      : program(program), tracked(std::move(tracked)), pumped(pumped),
        outer(outer), siblings(siblings), alpha(alpha), pumpSize(pumpSize),
        opaque(opaque) {
    Block &body = program.getBody().front();
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      Form f = zero();
      if (this->tracked[i])
        f.j[i] = lattices[i].step;
      forms[arg] = f;
    }
    program.walk<WalkOrder::PreOrder>([&](Operation *op) { visit(op); });
  }

  Form formOf(Value v) const {
    auto it = forms.find(v);
    return it == forms.end() ? zero() : it->second;
  }
  Cond condOf(Value v) const {
    auto it = conds.find(v);
    return it == conds.end() ? Cond() : it->second;
  }
  /// The shift of `f` per pump unit (j of the pumped size + 1, alpha more
  /// iterations of k).
  std::optional<int64_t> shift(const Form &f) const {
    if (f.top)
      return std::nullopt;
    __int128 s = static_cast<__int128>(f.k) * alpha + f.j[pumpSize];
    if (s > INT64_MAX || s < INT64_MIN)
      return std::nullopt;
    return static_cast<int64_t>(s);
  }
  /// The shift of `f` per pump unit of each earlier execution (alpha more
  /// iterations in each): x * alpha.
  std::optional<int64_t> executionShift(const Form &f) const {
    int64_t s;
    if (f.top || llvm::MulOverflow(f.x, alpha, s))
      return std::nullopt;
    return s;
  }
  /// Pump units must be multiples of each of these (remainders).
  SmallVector<int64_t> unitMultiples;
  /// The value that an execution number multiplies (the pumped loop's
  /// upper bound, or that plus the iterations peeled off before it).
  Value stride;
  /// Comparisons whose difference is linear in k alone: whether it grows.
  DenseMap<Operation *, bool> headLimits;
  /// Comparisons a pump leaves alone that depend on the size: whether the
  /// difference grows with it.
  DenseMap<Operation *, bool> tailLimits;
  /// Comparisons of values computed from the size alone: whether the
  /// difference grows with it.
  DenseMap<Operation *, bool> sizeLimits;

private:
  amir::ProgramOp program;
  SmallVector<bool> tracked;
  amir::SeqForOp pumped, outer;
  SmallVector<amir::SeqForOp> siblings;
  int64_t alpha;
  unsigned pumpSize;
  /// Operations whose results are constants to the tracked quantities
  /// (the tile enumeration, when the pumped size also sets the number of
  /// tiles: what it reaches through them the tile-count analysis reads).
  const DenseSet<Operation *> *opaque;
  DenseMap<Value, Form> forms;
  DenseMap<Value, Cond> conds;

  Form zero() const {
    Form f;
    f.j.assign(tracked.size(), 0);
    return f;
  }
  Form topForm() const {
    Form f = zero();
    f.top = true;
    return f;
  }
  static bool scale(Form &f, int64_t c) {
    for (int64_t &x : f.j)
      if (llvm::MulOverflow(x, c, x))
        return false;
    return !llvm::MulOverflow(f.k, c, f.k) && !llvm::MulOverflow(f.x, c, f.x);
  }
  Form combine(const Form &a, const Form &b, bool subtract) const {
    if (a.top || b.top)
      return topForm();
    Form out = zero();
    out.periodic = a.periodic || b.periodic;
    for (size_t i = 0; i < out.j.size(); ++i)
      if (subtract ? llvm::SubOverflow(a.j[i], b.j[i], out.j[i])
                   : llvm::AddOverflow(a.j[i], b.j[i], out.j[i]))
        return topForm();
    if (subtract ? llvm::SubOverflow(a.k, b.k, out.k)
                 : llvm::AddOverflow(a.k, b.k, out.k))
      return topForm();
    if (subtract ? llvm::SubOverflow(a.x, b.x, out.x)
                 : llvm::AddOverflow(a.x, b.x, out.x))
      return topForm();
    return out;
  }
  /// Exact division of the moving part by `c` (the rest stays a constant
  /// or periodic part); top when `c` does not divide it.
  Form divide(Form f, int64_t c) const {
    if (f.top || c <= 0)
      return topForm();
    for (int64_t &x : f.j) {
      if (x % c)
        return topForm();
      x /= c;
    }
    if (f.k % c || f.x % c)
      return topForm();
    f.k /= c;
    f.x /= c;
    return f;
  }
  /// The remainder of `f` by `c` > 0: it does not move when `c` divides
  /// the moving part, and repeats once the dividend moves by a multiple of
  /// `c` otherwise (a pump must move it by one).
  Form remainder(const Form &f, int64_t c) {
    Form out = zero();
    if (f.top)
      return topForm();
    bool exact = llvm::all_of(f.j, [&](int64_t x) { return x % c == 0; }) &&
                 f.k % c == 0 && f.x % c == 0 && !f.periodic;
    if (exact)
      return out;
    out.periodic = true;
    std::optional<int64_t> s = shift(f), sx = executionShift(f);
    if (!s || !sx)
      return topForm();
    for (int64_t m : {*s, *sx})
      if (m != 0)
        unitMultiples.push_back(c / std::gcd(c, std::abs(m)));
    return out;
  }
  /// `e`, what readIndexOp reads an operation as (its operands the
  /// symbols), on the forms of the operands: sums, products by constants,
  /// exact divisions, remainders; top for anything else.
  Form evaluate(AffineExpr e, ArrayRef<Form> operands);
  void visit(Operation *op);
  void visitCompare(arith::CmpIOp cmp);
};

Form FormAnalysis::evaluate(AffineExpr e, ArrayRef<Form> operands) {
  if (auto sym = dyn_cast<AffineSymbolExpr>(e))
    return operands[sym.getPosition()];
  if (isa<AffineConstantExpr>(e))
    return zero(); // a form holds only what moves
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return topForm();
  auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return combine(evaluate(bin.getLHS(), operands),
                   evaluate(bin.getRHS(), operands), /*subtract=*/false);
  case AffineExprKind::Mul: {
    // AffineExpr keeps a constant factor on the right.
    Form out = evaluate(bin.getLHS(), operands);
    if (!c || out.top || !scale(out, c.getValue()))
      return topForm();
    return out;
  }
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    return c ? divide(evaluate(bin.getLHS(), operands), c.getValue())
             : topForm();
  case AffineExprKind::Mod:
    return c && c.getValue() > 0
               ? remainder(evaluate(bin.getLHS(), operands), c.getValue())
               : topForm();
  default:
    return topForm();
  }
}

void FormAnalysis::visit(Operation *op) {
  if (opaque && opaque->contains(op))
    return;
  if (auto loop = dyn_cast<amir::SeqForOp>(op)) {
    Form f = formOf(loop.getLower());
    if (loop == pumped || llvm::is_contained(siblings, loop))
      f.k += 1;
    forms[loop.getInductionVar()] = f;
    return;
  }
  if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
      op->getNumResults() != 1)
    return;
  Value r = op->getResult(0);
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    return visitCompare(cmp);
  if (r.getType().isInteger(1)) {
    // Conditions combined: constant, invariant after their heads, or top.
    Cond out;
    for (Value v : op->getOperands()) {
      if (!v.getType().isInteger(1)) {
        if (formOf(v).moves())
          out.top = true;
        continue;
      }
      Cond c = condOf(v);
      out.top |= c.top;
      out.moves |= c.moves;
      out.heads.append(c.heads);
      out.tails.append(c.tails);
      out.sizes.append(c.sizes);
    }
    if (!isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::SelectOp,
             arith::ConstantOp>(op) &&
        out.moves)
      out.top = true;
    conds[r] = out;
    return;
  }
  bool anyMoves = llvm::any_of(op->getOperands(), [&](Value v) {
    return v.getType().isInteger(1) ? condOf(v).moves : formOf(v).moves();
  });
  if (!anyMoves)
    return; // a constant to the tracked quantities
  // The iterations of the pumped loop in the earlier executions of its
  // execution loop: an execution number c * e + d (e the execution loop's
  // iterator) times the pumped loop's trip count (both loops start at 0),
  // c X + d n.
  // (The trip count may also be that of the executions plus a constant:
  // the stride, the elements each execution streams, with the first
  // iterations peeled off before the loop.)
  if (auto mul = dyn_cast<arith::MulIOp>(op); mul && outer && pumped) {
    auto isStride = [&](Value m) { return isStrideOf(pumped.getUpper(), m); };
    // An execution number: c * e + d, read through index arithmetic (w e + i
    // for the i-th of w executions per iteration).
    Value iv = outer.getInductionVar();
    auto numberOf = [&](Value x) -> std::optional<std::pair<int64_t, int64_t>> {
      DenseMap<Value, std::optional<LinearForm>> memo;
      std::optional<LinearForm> f = readLinear(
          x,
          [&](Value y) {
            return y == iv || !isLinearIndexOp(y.getDefiningOp());
          },
          memo);
      if (!f || f->terms.size() != 1 || f->terms[0].first != iv)
        return std::nullopt;
      return std::make_pair(f->terms[0].second, f->constant);
    };
    for (auto [number, m] : {std::pair(mul.getLhs(), mul.getRhs()),
                             std::pair(mul.getRhs(), mul.getLhs())}) {
      std::optional<std::pair<int64_t, int64_t>> n = numberOf(number);
      if (!n || !isStride(m))
        continue;
      if (stride && stride != m) {
        forms[r] = topForm(); // two strides: not one count of elements
        return;
      }
      stride = m;
      Form f = formOf(m);
      if (!scale(f, n->second))
        f = topForm();
      else
        f.x = n->first;
      forms[r] = f;
      return;
    }
  }
  // The index arithmetic as the dependence proofs and the lowering read it
  // (IndexExpr.h), its operands symbols; a constant operand is its value
  // (so that products and divisions by it read as such), a value that
  // does not move a symbol of form zero. Divisions are exact on the forms,
  // so truncating and floor division agree.
  Form out = topForm();
  SmallVector<AffineExpr> symbols;
  SmallVector<Form> operandForms;
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)) && c.getSignificantBits() <= 62)
      symbols.push_back(
          getAffineConstantExpr(c.getSExtValue(), op->getContext()));
    else
      symbols.push_back(getAffineSymbolExpr(i, op->getContext()));
    operandForms.push_back(v.getType().isInteger(1) ? topForm() : formOf(v));
  }
  FailureOr<AffineExpr> read =
      readIndexOp(op, symbols, floorDivision, /*products=*/false);
  if (succeeded(read)) {
    out = evaluate(*read, operandForms);
  } else if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp>(op)) {
    // Width changes, which the reader leaves out: the values the check
    // runs fit every width they pass through.
    out = formOf(op->getOperand(0));
  } else if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    Form t = formOf(sel.getTrueValue()), f = formOf(sel.getFalseValue());
    Cond c = condOf(sel.getCondition());
    if (!c.moves && !t.top && !f.top && t.j == f.j && t.k == f.k &&
        t.x == f.x) {
      out = t;
      out.periodic |= f.periodic;
    }
  }
  forms[r] = out;
}

void FormAnalysis::visitCompare(arith::CmpIOp cmp) {
  Form d = combine(formOf(cmp.getLhs()), formOf(cmp.getRhs()), true);
  Cond c;
  bool lhsMoves = formOf(cmp.getLhs()).moves(),
       rhsMoves = formOf(cmp.getRhs()).moves();
  c.moves = lhsMoves || rhsMoves;
  if (c.moves) {
    std::optional<int64_t> s = shift(d);
    if (!s || d.x != 0) {
      c.top = true;
    } else if (*s == 0) {
      // Unchanged by a pump: both sides move alike. A comparison that
      // depends on the size also depends on the iterations left.
      if (int64_t cj = d.j[pumpSize]) {
        tailLimits[cmp] = cj > 0;
        c.tails.push_back(cmp);
      }
    } else if (!d.periodic && d.k != 0 &&
               llvm::all_of(d.j, [](int64_t x) { return x == 0; })) {
      // Linear in k alone: settled once the difference has the sign it
      // keeps as k grows.
      headLimits[cmp] = d.k > 0;
      c.heads.push_back(cmp);
    } else if (!d.periodic && d.k == 0 && d.x == 0 &&
               llvm::all_of(llvm::enumerate(d.j),
                            [&](auto e) {
                              return e.index() == pumpSize || e.value() == 0;
                            }) &&
               isFromSize(cmp.getLhs(), program, pumpSize) &&
               isFromSize(cmp.getRhs(), program, pumpSize)) {
      // Linear in the size's coordinate alone: settled from some size on.
      sizeLimits[cmp] = d.j[pumpSize] > 0;
      c.sizes.push_back(cmp);
    } else {
      c.top = true;
    }
  }
  conds[cmp.getResult()] = c;
}

} // namespace

//===----------------------------------------------------------------------===//
// Roles
//===----------------------------------------------------------------------===//

namespace {

/// The allocation of a variable value, if it is one.
amir::AllocOp allocOf(Value v) { return v.getDefiningOp<amir::AllocOp>(); }

/// The extent of dimension `d` of `alloc` as a form (a static extent, or
/// an index value's form), with `dynamic` telling which.
/// The operand that gives position `d` of mixed static and dynamic values
/// (`statics`, ShapedType::kDynamic where `dynamic` holds one, in order),
/// or null where the position is static or past the end.
Value dynamicAt(ArrayRef<int64_t> statics, ValueRange dynamic, unsigned d) {
  if (d >= statics.size() || !ShapedType::isDynamic(statics[d]))
    return {};
  return dynamic[llvm::count_if(statics.take_front(d), ShapedType::isDynamic)];
}

Form extentForm(const FormAnalysis &fa, amir::AllocOp alloc, unsigned d,
                size_t numSizes) {
  Form f;
  f.j.assign(numSizes, 0);
  if (Value v = dynamicAt(alloc.getStaticDims(), alloc.getDims(), d))
    return fa.formOf(v);
  return f;
}

/// The offsets (or coordinates) of an access or barrier operation, with
/// their static values: index values' forms, or constants.
SmallVector<Form> coordinateForms(const FormAnalysis &fa,
                                  ArrayRef<int64_t> statics, ValueRange dyn,
                                  size_t numSizes) {
  SmallVector<Form> out;
  unsigned next = 0;
  for (int64_t s : statics) {
    if (ShapedType::isDynamic(s) && next < dyn.size()) {
      out.push_back(fa.formOf(dyn[next++]));
      continue;
    }
    Form f;
    f.j.assign(numSizes, 0);
    out.push_back(f);
  }
  return out;
}

/// The barrier, coordinates and static coordinates of an arrive, an await
/// or an instruction's trailing barrier; false for any other operation.
bool barrierOperandsOf(Operation *op, Value &bar, ValueRange &idx,
                       ArrayRef<int64_t> &statics) {
  if (auto a = dyn_cast<amir::ArriveOp>(op)) {
    bar = a.getBarrier();
    idx = a.getIndices();
    statics = a.getStaticIndices();
  } else if (auto w = dyn_cast<amir::AwaitOp>(op)) {
    bar = w.getBarrier();
    idx = w.getIndices();
    statics = w.getStaticIndices();
  } else if (auto in = dyn_cast<amir::InstrOp>(op)) {
    bar = in.getTrailing();
    idx = in.getIndices();
    statics = in.getStaticIndices();
  }
  return static_cast<bool>(bar);
}

/// Whether `op` is an access that covers its whole variable (offset 0, the
/// allocation's own extent in every dimension), with `v` one of its window
/// sizes when `v` is given: the host zeroing an output, say. Such an access
/// touches every element at every size.
bool coversWholeVariable(Operation *op, Value v = {}) {
  if (!isa<amir::ReadOp, amir::MutateOp>(op))
    return false;
  auto read = dyn_cast<amir::ReadOp>(op);
  auto mutate = dyn_cast<amir::MutateOp>(op);
  amir::AllocOp alloc = allocOf(op->getOperand(0));
  ArrayRef<int64_t> offsets =
      read ? read.getStaticOffsets() : mutate.getStaticOffsets();
  ArrayRef<int64_t> sizes =
      read ? read.getStaticSizes() : mutate.getStaticSizes();
  ValueRange dynSizes = read ? read.getSizes() : mutate.getSizes();
  if (!alloc || offsets.size() != alloc.getStaticDims().size())
    return false;
  unsigned nextSize = 0, nextDim = 0;
  bool found = !v;
  for (auto [d, extent] : llvm::enumerate(alloc.getStaticDims())) {
    Value dim =
        ShapedType::isDynamic(extent) ? alloc.getDims()[nextDim++] : Value();
    Value size =
        ShapedType::isDynamic(sizes[d]) ? dynSizes[nextSize++] : Value();
    if (offsets[d] != 0 || (size ? size != dim : sizes[d] != extent))
      return false;
    found |= v && size == v;
  }
  return found;
}

/// Partial tiles (docs/SymbolicChecking.md, "Partial tiles: rounding up"):
/// the unit `c` by which size `s` rounds up, or 0 with the reason. The
/// program at `s` is then the program at `c * ceil(s / c)` less the
/// elements past the extents `s` sets: every use of `s` is
///  - a ceiling division by a multiple of `c` (`(s + b) / d` with
///    `b mod d == d - 1`, or `ceildiv(s + b, d)` with `b mod d == 0`, the
///    dividend never negative), which has the same value at both sizes,
///  - an extent of a variable allocated outside the device, which every
///    access clips (or covers whole), no instruction with a trailing
///    barrier writing it (its clipped window would deliver fewer bytes),
///  - or a window size of a host access that covers its whole variable;
/// and the lattice's step divides `c`, and so does a largest value
/// `requires` states, so that the rounded sizes are legal too.
struct Rounding {
  int64_t unit = 0;
  std::string why;
};

/// Whether `op` is inside `device` (none: no device).
bool isInDevice(amir::DeviceOp device, Operation *op) {
  return device && device->isProperAncestor(op);
}

Rounding roundingOf(amir::ProgramOp program, amir::DeviceOp device, unsigned s,
                    const SizeLattice &lattice, bool capped) {
  Rounding out;
  auto refuse = [&](const Twine &why) {
    out.unit = 0;
    out.why = why.str();
    return out;
  };
  auto inDevice = [&](Operation *op) { return isInDevice(device, op); };
  Value size = program.getBody().front().getArgument(s);
  int64_t unit = 0;
  SmallVector<amir::AllocOp> extents;
  // A division that is not exact on the lattice: only then is there
  // anything to round (or to say why not).
  bool inexact = false;
  Rounding first; // the first use that does not fit
  auto note = [&](const Twine &why) {
    if (first.why.empty())
      first.why = why.str();
  };
  // (a value, b): the value is s + b.
  SmallVector<std::pair<Value, int64_t>> work = {{size, 0}};
  DenseSet<Value> tracked = {size};
  // The multiples that s is compared with.
  SmallVector<int64_t> compared;
  while (!work.empty()) {
    auto [v, b] = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *op = use.getOwner();
      // (A cast is not read through: r(s) may pass 2^31 - 1, where a cast
      // to 32 bits would wrap.)
      if (auto add = dyn_cast<arith::AddIOp>(op)) {
        std::optional<int64_t> k = getConstantIntValue(
            use.getOperandNumber() ? add.getLhs() : add.getRhs());
        int64_t sum;
        if (!k || llvm::AddOverflow(b, *k, sum)) {
          inexact = true; // its uses are not followed
          note("it is added to a value other than a constant");
        } else {
          work.push_back({add.getResult(), sum});
          tracked.insert(add.getResult());
        }
        continue;
      }
      if (isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp,
              arith::CeilDivSIOp, arith::CeilDivUIOp>(op) &&
          use.getOperandNumber() == 0) {
        std::optional<int64_t> d = getConstantIntValue(op->getOperand(1));
        if (!d || *d < 2) {
          inexact |= !d || *d < 1;
          note("it is divided by something other than a constant "
               "greater than 1");
          continue;
        }
        // The least dividend (b is at most 2^63 - 1 in magnitude, and the
        // least size below 2^31: no overflow in 128 bits).
        __int128 least = static_cast<__int128>(lattice.least) + b;
        inexact |= lattice.step % *d != 0 || least % *d != 0;
        bool ceil = isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(op);
        if (least < 0)
          note("it is divided while it can be negative");
        else if (llvm::mod(b, *d) != (ceil ? 0 : *d - 1))
          note("it is divided by " + Twine(*d) +
               " other than as a ceiling division");
        else
          unit = std::gcd(unit, *d);
        continue;
      }
      if (auto alloc = dyn_cast<amir::AllocOp>(op);
          alloc && !inDevice(op) && alloc.getMemoryAttr()) {
        extents.push_back(alloc);
        continue;
      }
      if (b == 0 && !inDevice(op) && coversWholeVariable(op, v))
        continue;
      // A comparison y >= s (or y < s) with a value y that is a multiple of
      // c for every value of what it is computed from: y >= s exactly when
      // y >= r(s), the unit dividing c (a tile's last K step, 32 ko + 32 >=
      // K). y may not be computed from s but through its ceiling
      // divisions, which keep their values.
      // Unsigned comparisons too: a y below 0 is then above both s and
      // r(s).
      if (auto cmp = dyn_cast<arith::CmpIOp>(op); cmp && b == 0) {
        using P = arith::CmpIPredicate;
        P pred = cmp.getPredicate();
        bool right = use.getOperandNumber() == 1;
        Value y = cmp.getOperand(right ? 0 : 1);
        if (right ? (pred == P::sge || pred == P::slt || pred == P::uge ||
                     pred == P::ult)
                  : (pred == P::sle || pred == P::sgt || pred == P::ule ||
                     pred == P::ugt)) {
          DenseMap<Value, std::optional<LinearForm>> memo;
          std::optional<LinearForm> f = readLinear(
              y, [](Value x) { return !isLinearIndexOp(x.getDefiningOp()); },
              memo);
          bool ok = f.has_value();
          int64_t c = f ? std::abs(f->constant) : 0;
          for (auto [t, k] : f ? f->terms : decltype(f->terms)()) {
            ok &= !tracked.contains(t) && k != INT64_MIN;
            c = std::gcd(c, std::abs(k));
          }
          if (ok && c != 1) {
            compared.push_back(c);
            continue;
          }
        }
      }
      // A cast keeps the value, which may reach a division after it.
      inexact |= isa<arith::IndexCastOp, arith::IndexCastUIOp>(op);
      note("it reaches " + op->getName().getStringRef());
    }
  }
  if (!inexact)
    return out; // every division exact on the lattice: nothing to round
  if (!first.why.empty())
    return first;
  for (int64_t c : compared)
    unit = std::gcd(unit, c);
  if (unit == 1)
    return refuse("its ceiling divisions have no common divisor");
  for (amir::AllocOp alloc : extents)
    for (Operation *user : alloc->getUsers()) {
      auto read = dyn_cast<amir::ReadOp>(user);
      auto mutate = dyn_cast<amir::MutateOp>(user);
      bool clips = (read && read.getClip()) || (mutate && mutate.getClip());
      if (!clips && !(!inDevice(user) && coversWholeVariable(user)))
        return refuse("it sets an extent of '" + alloc.getName() +
                      "', which an access does not clip");
      auto instr = user->getParentOfType<amir::InstrOp>();
      if (mutate && instr && instr.getTrailing())
        return refuse("an instruction with a trailing barrier writes "
                      "'" +
                      alloc.getName() + "', whose extent it sets");
    }
  if (unit % lattice.step)
    return refuse("its step " + Twine(lattice.step) + " does not divide " +
                  Twine(unit) + ", its ceiling divisions' unit");
  if (capped && lattice.most % unit)
    return refuse("requires bounds it by " + Twine(lattice.most) +
                  ", not a multiple of " + Twine(unit) +
                  ", its ceiling divisions' unit");
  out.unit = unit;
  return out;
}

struct Refusal {
  std::string why;
  Operation *op = nullptr;
  bool set(Operation *at, const Twine &w) {
    if (why.empty()) {
      why = w.str();
      op = at;
    }
    return false;
  }
};

std::string describeOp(Operation *op) {
  return op->getName().getStringRef().str();
}

/// A radix of the number of tiles of persistent tasks: a constant, or a
/// value affine on the lattices, at least `least` and growing by `slope`
/// per lattice step of each size.
struct Radix {
  Value v; // null: a constant
  int64_t least = 1;
  SmallVector<int64_t> slope;
};

/// A digit of the tile index: its value and its radix.
struct Digit {
  Value v;
  Radix r;
};

/// What RoleAnalyzer::tiles reads of persistent tasks, piece by piece
/// (docs/SymbolicChecking.md, "Tile counts").
struct TileRead {
  amir::TasksForOp tasks;
  amir::SeqForOp loop;
  /// The size that counts the tasks, its value, the task index and the
  /// tile iterator.
  unsigned nc = 0;
  Value ncv, pc, pi;
  std::string loopName;
  /// The tile count, the tiles per iteration of the tile loop and the
  /// operations computing the iterations from the count.
  Value tilesValue;
  int64_t w = 1;
  SmallVector<Operation *> groupOps;
  /// The number of tiles T, the operations computing the tile count from
  /// it, and its radices and constant factor.
  Value total;
  DenseSet<Operation *> chainOps;
  SmallVector<Radix> factors;
  int64_t constant = 1;
  /// Per tile of a group: its product with NC and its guard; the values
  /// c pi + d the iterator reaches, and the tile from which every
  /// comparison of them is settled.
  SmallVector<Operation *> prods, guards;
  DenseMap<Value, std::pair<int64_t, int64_t>> onTile;
  int64_t head = 0;
  /// PumpPlan::tileRates and tilePeriodMultiple.
  DenseMap<Operation *, SmallVector<int64_t>> tileRates;
  int64_t periodMultiple = 1;
  /// The tile indices, their digits (each digit value's position in
  /// `digits`), the operations computing them and the quotients between.
  SmallVector<Operation *> adds;
  SmallVector<Digit> digits;
  DenseMap<Value, int> digitOf;
  DenseSet<Operation *> digitOps;
  DenseSet<Value> quotients;

  /// The forms of the index values with every size tracked.
  FormAnalysis &forms(amir::ProgramOp program, ArrayRef<SizeLattice> lattices) {
    if (!fa)
      fa.emplace(program, SmallVector<bool>(lattices.size(), true), lattices,
                 amir::SeqForOp(), 1, 0);
    return *fa;
  }
  /// The value of `v` at the least sizes, where the sizes alone give it.
  std::optional<int64_t> atLeast(Value v, amir::ProgramOp program,
                                 ArrayRef<SizeLattice> lattices) {
    if (least.empty())
      for (const SizeLattice &l : lattices)
        least.push_back(l.least);
    return evaluateFromSizes(v, least, program, memo);
  }

private:
  std::optional<FormAnalysis> fa;
  SmallVector<int64_t> least;
  DenseMap<Value, int64_t> memo;
};

class RoleAnalyzer {
public:
  RoleAnalyzer(amir::ProgramOp program, ArrayRef<SizeLattice> lattices)
      : program(program), lattices(lattices) {
    numSizes = lattices.size();
    program.walk([&](amir::DeviceOp d) { device = d; });
    if (device)
      for (Operation &op : device.getBody().front())
        if (auto t = dyn_cast<amir::TasksForOp>(op))
          root = t;
    if (root)
      symmetry = analyzeTaskSymmetry(root);
    rootOp = root ? root.getOperation() : nullptr;
    program.walk([&](amir::MutateOp m) { mutated.insert(m.getVar()); });
    program.walk<WalkOrder::PreOrder>(
        [&](Operation *op) { order[op] = order.size(); });
  }

  /// Classifies size `s` as grid (true) or refuses with the reason.
  bool grid(unsigned s, SizeRoles::Size &out, Refusal &why);
  /// Whether `op` is the tile loop of persistent tasks.
  bool isTileLoop(Operation *op) const {
    return op && symmetry.tileLoop && op == symmetry.tileLoop;
  }
  /// Whether `op` is the task loop of persistent tasks.
  bool isTaskLoop(Operation *op) const {
    return op && symmetry.tileLoop && op == rootOp;
  }
  /// Classifies size `s` as a trip size. With `withTiles`, `s` also sets
  /// the number of tiles of persistent tasks (a factor of it: attention's
  /// S, the query tiles per head and the key blocks per tile): what it
  /// reaches through the tile enumeration that tiles() read is left to
  /// that analysis, and so are the extents of the tasks' shared variables
  /// along the dimensions the tiles' digits move.
  bool trip(unsigned s, PumpPlan &plan, Refusal &why, bool withTiles = false);
  /// Persistent tasks whose tile counts some sizes set: reads the tile
  /// enumeration and proves the tiles apart and inside their variables for
  /// every size (docs/SymbolicChecking.md, "Tile counts"); `sizes`
  /// receives the sizes that set the tile counts. `tripSize`, a size among
  /// them that trip() accepted with `withTiles`: what it reaches outside
  /// the enumeration is that analysis's, and a read-only variable's
  /// dimension no digit moves may grow with it.
  bool tiles(SizeRoles::TileCounts &out, SmallVectorImpl<unsigned> &sizes,
             Refusal &why, std::optional<unsigned> tripSize = std::nullopt);
  /// The operations of the tile enumeration the last tiles() read (the
  /// number of tiles, the tile count, the tile indices and their digits),
  /// empty if it stopped before the digits.
  const DenseSet<Operation *> &enumerationOps() const { return enumeration; }
  /// The size the last tiles() refused because a read-only variable's
  /// dimension no digit moves grows with it alone: a trip size that sets
  /// the number of tiles too, if trip() accepts it so.
  std::optional<unsigned> growingSize() const { return growing; }

private:
  /// The pieces of tiles(), in order.
  bool readTileCount(TileRead &r, SmallVectorImpl<unsigned> &tileSizes,
                     Refusal &why);
  bool readTileIterator(TileRead &r, Refusal &why);
  bool readTileRates(TileRead &r, Refusal &why);
  bool readDigits(TileRead &r, Refusal &why);
  bool checkTileWindows(TileRead &r, ArrayRef<unsigned> tileSizes,
                        std::optional<unsigned> tripSize, Refusal &why);
  bool checkTileReach(TileRead &r, ArrayRef<unsigned> tileSizes,
                      std::optional<unsigned> tripSize, Refusal &why);
  /// What trip() checks of the statements from the pumped loop on.
  struct TripScope {
    const FormAnalysis &pa;
    PumpPlan &plan;
    Refusal &why;
    unsigned size;
    SmallVector<int64_t> multiples;
    /// The first statement (in program order) of the pumped loop and of
    /// each later sibling loop (PumpPlan::later).
    SmallVector<size_t> starts;
    /// trip()'s `withTiles`.
    bool withTiles = false;
    /// Variables allocated outside the device whose every access is in
    /// the loop's suffix (after it, in the task, with no execution loop):
    /// the states compared hold no record of them.
    DenseSet<Value> suffixOnly;
  };
  /// Notes that coordinate `d` of `var` moves by the shift of `f` at `at`:
  /// the same at every such statement; `rate` receives it. With an
  /// execution loop, a coordinate of a barrier or of a mutated variable
  /// moves with the iterations of the pumped loop in all executions so
  /// far: by x * alpha per pump unit of each earlier execution, and the
  /// same per unit of the current one (zero before the pumped loop, in the
  /// execution loop's body).
  bool noteRate(TripScope &t, Operation *at, Value var, unsigned d,
                const Form &f, int64_t &rate);
  /// The rules for an access (read or mutate) from the loop on; `inLoop`
  /// when it is in the loop.
  bool tripAccess(TripScope &t, Operation *op, bool inLoop);
  /// The rules for the barrier coordinates of an arrive, an await or an
  /// instruction's trailing barrier from the loop on.
  bool tripBarrier(TripScope &t, Operation *op, Value bar, ValueRange idx,
                   ArrayRef<int64_t> statics);

private:
  amir::ProgramOp program;
  ArrayRef<SizeLattice> lattices;
  size_t numSizes;
  amir::DeviceOp device;
  amir::TasksForOp root;
  Operation *rootOp = nullptr;
  TaskSymmetry symmetry;
  DenseSet<Value> mutated;
  DenseMap<Operation *, size_t> order;
  DenseSet<Operation *> enumeration;
  std::optional<unsigned> growing;
  /// The shift each (allocation, dimension) moves by, as first seen.
  DenseMap<std::pair<Operation *, unsigned>, int64_t> seen;

  SmallVector<bool> only(unsigned s) const {
    SmallVector<bool> t(numSizes, false);
    t[s] = true;
    return t;
  }
  bool inDevice(Operation *op) const { return isInDevice(device, op); }
  bool isWholeExtent(Operation *op, Value v) const {
    return !inDevice(op) && coversWholeVariable(op, v);
  }
  /// The end (offset plus size) of `op`'s window in dimension `d`, and
  /// the extent of `alloc`'s dimension `d`, at the least sizes, where the
  /// sizes alone give them.
  std::optional<int64_t> leastEnd(Operation *op, unsigned d) {
    auto read = dyn_cast<amir::ReadOp>(op);
    auto mutate = dyn_cast<amir::MutateOp>(op);
    auto at = [&](ArrayRef<int64_t> statics, ValueRange dynamic) {
      return leastAt(statics, dynamic, d);
    };
    std::optional<int64_t> lo =
        read ? at(read.getStaticOffsets(), read.getOffsets())
             : at(mutate.getStaticOffsets(), mutate.getOffsets());
    std::optional<int64_t> size =
        read ? at(read.getStaticSizes(), read.getSizes())
             : at(mutate.getStaticSizes(), mutate.getSizes());
    int64_t end;
    if (!lo || !size || llvm::AddOverflow(*lo, *size, end))
      return std::nullopt;
    return end;
  }
  std::optional<int64_t> leastExtent(amir::AllocOp alloc, unsigned d) {
    return leastAt(alloc.getStaticDims(), alloc.getDims(), d);
  }
  /// Position `d` of mixed static and dynamic values at the least sizes.
  std::optional<int64_t> leastAt(ArrayRef<int64_t> statics, ValueRange dynamic,
                                 unsigned d) {
    if (d >= statics.size())
      return std::nullopt;
    if (Value v = dynamicAt(statics, dynamic, d))
      return evaluateFromSizes(v, leastSizes(), program, memo);
    return statics[d];
  }
  /// Whether `op`'s window of `alloc` ends inside dimension `d` at the
  /// least sizes.
  bool insideAtLeast(Operation *op, amir::AllocOp alloc, unsigned d) {
    std::optional<int64_t> end = leastEnd(op, d);
    std::optional<int64_t> extent = leastExtent(alloc, d);
    return end && extent && *end <= *extent;
  }
  SmallVector<int64_t> leastSizes() const {
    SmallVector<int64_t> least;
    for (const SizeLattice &l : lattices)
      least.push_back(l.least);
    return least;
  }
  DenseMap<Value, int64_t> memo;
  /// Whether the tasks' accesses of shared variable `var` move along
  /// dimension `d` (in persistent tasks, with the tiles' digits).
  bool tileMoved(Value var, unsigned d) const {
    auto it = symmetry.shared.find(var);
    return it != symmetry.shared.end() && d < it->second.rank() &&
           it->second.movesAlong(d);
  }
  bool movesValue(const FormAnalysis &fa, Value v) const {
    return v.getType().isInteger(1) ? fa.condOf(v).moves : fa.formOf(v).moves();
  }
};

bool RoleAnalyzer::grid(unsigned s, SizeRoles::Size &out, Refusal &why) {
  FormAnalysis fa(program, only(s), lattices, {}, 1, s);
  bool used = false;
  DenseMap<Operation *, int64_t> growth; // tasks loop -> per lattice step
  WalkResult walk = program.walk([&](Operation *op) -> WalkResult {
    if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
      return WalkResult::advance();
    for (OpOperand &use : op->getOpOperands()) {
      if (!movesValue(fa, use.get()))
        continue;
      used = true;
      Form f = fa.formOf(use.get());
      bool affine = !f.top && !f.periodic;
      if (auto t = dyn_cast<amir::TasksForOp>(op);
          t && use.get() == t.getUpper() && use.get() != t.getLower() &&
          affine) {
        growth[t] = f.j[s];
        continue;
      }
      if (isa<amir::AllocOp>(op) && !inDevice(op) && affine)
        continue;
      if (isWholeExtent(op, use.get()))
        continue;
      why.set(op, "it reaches " + describeOp(op) +
                      (affine ? ""
                              : " through arithmetic that is not affine "
                                "on its lattice"));
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return false;
  if (!used) {
    out.role = SizeRoles::Role::Unused;
    return true;
  }
  // Extents alone (no task loop: a task loop the symbolic check runs once,
  // FirstTask.h): each access of such a variable, along a dimension whose
  // extent grows with s, has a window that s does not reach, inside at the
  // least sizes and so at every size. Only bounds read the extents; the
  // machine's rules are per element.
  if (growth.empty()) {
    bool inside = true;
    program.walk([&](amir::AllocOp alloc) {
      if (inDevice(alloc) || !inside)
        return;
      for (unsigned d = 0; d < alloc.getStaticDims().size() && inside; ++d) {
        Form e = extentForm(fa, alloc, d, numSizes);
        if (!e.moves())
          continue;
        inside &= !e.top && !e.periodic && e.j[s] > 0;
        for (Operation *user : alloc->getUsers()) {
          auto read = dyn_cast<amir::ReadOp>(user);
          auto mutate = dyn_cast<amir::MutateOp>(user);
          if (!read && !mutate) {
            inside = false;
            break;
          }
          SmallVector<Form> lo = coordinateForms(
              fa, read ? read.getStaticOffsets() : mutate.getStaticOffsets(),
              read ? read.getOffsets() : mutate.getOffsets(), numSizes);
          SmallVector<Form> sz = coordinateForms(
              fa, read ? read.getStaticSizes() : mutate.getStaticSizes(),
              read ? read.getSizes() : mutate.getSizes(), numSizes);
          inside &= d < lo.size() && !lo[d].moves() && !sz[d].moves() &&
                    insideAtLeast(user, alloc, d);
        }
      }
    });
    if (inside) {
      out.role = SizeRoles::Role::Unused;
      out.extentsOnly = true;
      return true;
    }
  }
  if (!growth.empty()) {
    if (!symmetry.symmetric())
      return why.set(symmetry.whyOp ? symmetry.whyOp : root.getOperation(),
                     "it sets the number of tasks of a nest whose tasks are "
                     "not translations of each other (" +
                         symmetry.why + ")");
    if (symmetry.persistent())
      return why.set(root, "it sets the number of tiles of persistent tasks");
  }
  for (auto &[t, g] : growth)
    if (!llvm::is_contained(symmetry.nest, cast<amir::TasksForOp>(t)))
      return why.set(t, "it sets the number of tasks of a nest the task "
                        "symmetry does not cover");
  out.taskGrowth.clear();
  for (amir::TasksForOp t : symmetry.nest)
    out.taskGrowth.push_back(growth.lookup(t));
  // Every extent that grows with s grows along a dimension the tasks move
  // in, at least as fast as the tasks do, so every task stays in bounds.
  DenseSet<Value> covered;
  for (const auto &[var, use] : symmetry.shared) {
    covered.insert(var);
    amir::AllocOp alloc = allocOf(var);
    if (!alloc)
      continue;
    for (size_t d = 0, e = use.rank(); d < e; ++d) {
      int64_t grows = extentForm(fa, alloc, d, numSizes).j[s];
      if (!use.movesAlong(d)) {
        if (grows)
          return why.set(alloc, "dimension " + Twine(d) + " of '" +
                                    alloc.getName() +
                                    "' grows with it, but no task moves "
                                    "along that dimension");
        continue;
      }
      // Each class of accesses (one, unless persistent) stays inside:
      // the coefficients of the task indices against their growth.
      for (const TaskSymmetry::SharedVar::Class &c : use.classes) {
        __int128 hiSlope = grows, loSlope = 0;
        for (auto [k, t] : llvm::zip_equal(
                 ArrayRef(c.coefficients[d]).take_front(out.taskGrowth.size()),
                 out.taskGrowth)) {
          if (k > 0)
            hiSlope -= static_cast<__int128>(k) * t;
          else
            loSlope += static_cast<__int128>(k) * t;
        }
        if (hiSlope < 0 || loSlope < 0)
          return why.set(alloc, "the tasks it adds outgrow dimension " +
                                    Twine(d) + " of '" + alloc.getName() + "'");
      }
    }
  }
  // The separation of the tasks (docs/SyncChecker.md, "Task symmetry")
  // reads each dimension several task indices move as a mixed-radix
  // number, whose condition involves the trip counts of all digits but the
  // largest: those must not grow with s, or tasks apart at the box's face
  // could meet beyond it.
  for (const auto &[var, use] : symmetry.shared) {
    if (!use.mutated || !use.plainAccess)
      continue;
    for (auto [d, row] : llvm::enumerate(use.only().coefficients)) {
      SmallVector<std::pair<uint64_t, size_t>> digits = radixDigits(row);
      if (digits.size() < 2)
        continue;
      bool tie = digits.back().first == digits[digits.size() - 2].first;
      amir::AllocOp alloc = allocOf(var);
      for (auto [k, digit] : llvm::enumerate(digits)) {
        size_t i = digit.second;
        if ((k + 1 < digits.size() || tie) && i < out.taskGrowth.size() &&
            out.taskGrowth[i] != 0)
          return why.set(symmetry.nest[i],
                         "it sets the trip count of a task loop that moves "
                         "dimension " +
                             Twine(d) + " of '" +
                             (alloc ? alloc.getName() : StringRef("?")) +
                             "' by less than another one does: tasks apart "
                             "at the sizes checked could meet at larger "
                             "ones");
      }
    }
  }
  // A variable whose extent grows and that something outside the task
  // nest accesses would see its bounds conditions change.
  WalkResult outside = program.walk([&](Operation *op) -> WalkResult {
    Value var;
    if (auto r = dyn_cast<amir::ReadOp>(op))
      var = r.getVar();
    else if (auto m = dyn_cast<amir::MutateOp>(op))
      var = m.getVar();
    if (!var || covered.contains(var))
      return WalkResult::advance();
    amir::AllocOp alloc = allocOf(var);
    if (!alloc)
      return WalkResult::advance();
    for (unsigned d = 0; d < alloc.getStaticDims().size(); ++d)
      if (extentForm(fa, alloc, d, numSizes).moves()) {
        why.set(op, "it sets an extent of '" + alloc.getName() +
                        "', which is accessed outside the task nest");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (outside.wasInterrupted())
    return false;
  out.role = SizeRoles::Role::Grid;
  return true;
}

bool RoleAnalyzer::noteRate(TripScope &t, Operation *at, Value var, unsigned d,
                            const Form &f, int64_t &rate) {
  amir::AllocOp alloc = allocOf(var);
  std::optional<int64_t> sh = t.pa.shift(f);
  if (!alloc || !sh)
    return t.why.set(at, "a coordinate of '" +
                             (alloc ? alloc.getName().str() : "?") +
                             "' is not covariant with the loop");
  amir::SeqForOp outer = t.plan.outer;
  if (outer || !t.plan.later.empty()) {
    // Several executions. A variable no statement mutates holds no
    // records: only its bounds conditions matter, read elsewhere.
    if (!alloc.getBarrierAttr() && !mutated.contains(var)) {
      rate = 0;
      return true;
    }
    // The executions started at `at`: the i-th (from 0) and those before
    // it when `at` is in it or after it, none before the first.
    int64_t times = llvm::count_if(
        t.starts, [&](size_t first) { return order.lookup(at) > first; });
    if (outer) {
      // In the execution loop's body, which runs w executions (the pumped
      // loop and the later ones) per iteration: x * alpha per pump unit of
      // each earlier iteration, w rates, and `times` rates per unit of the
      // current one.
      int64_t w = 1 + static_cast<int64_t>(t.plan.later.size());
      std::optional<int64_t> sx = t.pa.executionShift(f);
      if (sx && *sx % w == 0)
        sx = *sx / w;
      else
        sx.reset();
      int64_t current = 0;
      if (sx && llvm::MulOverflow(*sx, times, current))
        sx.reset();
      if (!sx || *sh != current)
        return t.why.set(at, "a coordinate of '" + alloc.getName().str() +
                                 "' does not move with the iterations of "
                                 "loop '" +
                                 t.plan.loop.getIterName().str() +
                                 "' in all iterations of loop '" +
                                 outer.getIterName().str() + "' so far");
      sh = sx;
    } else {
      // Sibling loops: `times` rates.
      if (times == 0 ? *sh != 0 : *sh % times != 0)
        return t.why.set(at, "a coordinate of '" + alloc.getName().str() +
                                 "' does not move with the iterations of "
                                 "loop '" +
                                 t.plan.loop.getIterName().str() +
                                 "' and its sibling loops before it");
      if (times == 0) {
        rate = 0;
        return true;
      }
      sh = *sh / times;
    }
  }
  rate = *sh;
  SmallVector<int64_t> &r = t.plan.rates[alloc];
  if (r.empty())
    r.assign(alloc.getStaticDims().size(), 0);
  auto [it, fresh] =
      seen.try_emplace(std::make_pair(alloc.getOperation(), d), *sh);
  if (it->second != *sh)
    return t.why.set(at, "accesses of '" + alloc.getName() +
                             "' move at different rates with the loop in "
                             "dimension " +
                             Twine(d));
  r[d] = *sh;
  return true;
}

bool RoleAnalyzer::tripAccess(TripScope &t, Operation *op, bool inLoop) {
  auto read = dyn_cast<amir::ReadOp>(op);
  auto mutate = dyn_cast<amir::MutateOp>(op);
  Value var = op->getOperand(0);
  SmallVector<Form> lo = coordinateForms(
      t.pa, read ? read.getStaticOffsets() : mutate.getStaticOffsets(),
      read ? read.getOffsets() : mutate.getOffsets(), numSizes);
  SmallVector<Form> sz = coordinateForms(
      t.pa, read ? read.getStaticSizes() : mutate.getStaticSizes(),
      read ? read.getSizes() : mutate.getSizes(), numSizes);
  amir::AllocOp alloc = allocOf(var);
  if (!alloc)
    return t.why.set(op, "it accesses a variable of unknown allocation");
  int ringDim = alloc.getRingDim() ? int(*alloc.getRingDim()) : -1;
  for (unsigned d = 0; d < lo.size(); ++d) {
    if (t.pa.shift(sz[d]).value_or(1) != 0 || sz[d].x != 0)
      return t.why.set(op, "its window size changes with the pump");
    int64_t rate = 0;
    if (!noteRate(t, op, var, d, lo[d], rate))
      return false;
    if (rate && mutated.contains(var) && int(d) != ringDim &&
        !t.suffixOnly.contains(var))
      return t.why.set(op, "the loop moves along dimension " + Twine(d) +
                               " of '" + alloc.getName() +
                               "', which is mutated");
    if (int(d) == ringDim) {
      // A logical ring index: no bounds; its slot, rate * units mod depth,
      // need not return (the machine compares the slots rotated back by
      // the shift), and the guard's ring moves alike.
      if (!rate)
        continue;
      if (Value g = alloc.getGuard()) {
        amir::AllocOp ga = allocOf(g);
        int gd = -1;
        // A guard that is not a barrier (memory) has no ring; the machine
        // refuses it with its reason.
        if (ga && ga.getBarrier())
          if (auto bt = dyn_cast<BarrierType>(*ga.getBarrier()))
            gd = bt.getRingDim();
        if (!ga || gd < 0)
          return t.why.set(op, "the guard of ring '" + alloc.getName() +
                                   "' is not an mbarrier ring");
        int64_t guardRate = 0;
        if (!noteRate(t, op, g, gd, lo[d], guardRate))
          return false;
      }
      continue;
    }
    // Bounds: offset >= 0 and extent - offset - size >= 0, unchanged by a
    // pump, settled once k has grown (head), or depending on the iterations
    // left (tail). (With the tiles, a dimension their digits move is
    // inside at every size, by their analysis.)
    if (t.withTiles && !rate && !inDevice(alloc) && tileMoved(var, d))
      continue;
    Form e = extentForm(t.pa, alloc, d, numSizes);
    Form room = e;
    for (size_t i = 0; i < numSizes; ++i)
      room.j[i] -= lo[d].j[i] + sz[d].j[i];
    room.k -= lo[d].k + sz[d].k;
    room.x = e.x - lo[d].x - sz[d].x;
    room.periodic = e.periodic || lo[d].periodic || sz[d].periodic;
    room.top = e.top || lo[d].top || sz[d].top;
    for (const Form *c : {&lo[d], &room}) {
      if (!c->moves())
        continue;
      std::optional<int64_t> sh = t.pa.shift(*c);
      if (c->x != 0)
        return t.why.set(op, "whether its window of '" + alloc.getName() +
                                 "' is in bounds changes from execution to "
                                 "execution of the loop");
      if (sh && *sh == 0) {
        if (c->j[t.size] && inLoop)
          t.plan.tailClipped.insert(op);
        continue;
      }
      // With the tiles, before the loop in the tile: a window of a
      // variable allocated outside the device that the size does not move,
      // inside at the least sizes, while the extent only grows with the
      // size, is inside at every size (a tile's first key block).
      if (t.withTiles && !inLoop && c == &room && !inDevice(alloc) &&
          !lo[d].moves() && !sz[d].moves() && !c->top && !c->periodic &&
          !c->k && llvm::all_of(llvm::enumerate(c->j), [&](auto e) {
            return e.index() == t.size ? e.value() > 0 : e.value() == 0;
          })) {
        if (insideAtLeast(op, alloc, d))
          continue;
      }
      // Outside the loop, an offset, or the room left past the window,
      // that only grows with the sizes is at least 0 at every size if it
      // is at the least trip size, which the check runs (the last tile's
      // rows, 128 (S / 128 - 1) + r): the statement runs as often at every
      // size (the loops around it keep their trip counts).
      if (!inLoop && !c->top && !c->periodic && !c->k &&
          llvm::all_of(c->j, [](int64_t x) { return x >= 0; }))
        continue;
      bool head = !c->top && !c->periodic && c->k > 0 &&
                  llvm::all_of(c->j, [](int64_t x) { return x == 0; });
      if (!head || !inLoop)
        return t.why.set(op, "whether its window of '" + alloc.getName() +
                                 "' is in bounds changes with the pump");
      t.plan.headClipped.insert(op);
    }
  }
  return true;
}

bool RoleAnalyzer::tripBarrier(TripScope &t, Operation *op, Value bar,
                               ValueRange idx, ArrayRef<int64_t> statics) {
  amir::AllocOp alloc = allocOf(bar);
  if (!alloc)
    return t.why.set(op, "it names a barrier of unknown allocation");
  size_t rank = alloc.getStaticDims().size();
  SmallVector<Form> co = coordinateForms(t.pa, statics, idx, numSizes);
  for (size_t i = 0; i < co.size(); ++i) {
    unsigned d = rank ? i % rank : 0;
    // A multicast target (`:`) is every element of the dimension.
    if (!ShapedType::isDynamic(statics[i]) && statics[i] < 0)
      continue;
    int64_t rate = 0;
    if (!noteRate(t, op, bar, d, co[i], rate))
      return false;
    if (rate < 0 || (rate && alloc.getStaticDims()[d] >= 0))
      return t.why.set(op, "the loop moves along dimension " + Twine(d) +
                               " of barrier '" + alloc.getName() +
                               "', which is not an unbounded ring");
  }
  return true;
}

bool RoleAnalyzer::trip(unsigned s, PumpPlan &plan, Refusal &why,
                        bool withTiles) {
  const DenseSet<Operation *> *opaque = withTiles ? &enumeration : nullptr;
  FormAnalysis fa(program, only(s), lattices, {}, 1, s, {}, {}, opaque);
  amir::SeqForOp loop;
  SmallVector<amir::SeqForOp> later;
  // The sequential loop a loop runs once per iteration of: the nearest
  // around it, through warps, threads loops and guards the size does not
  // reach.
  auto executionLoopOf = [&](amir::SeqForOp l) -> amir::SeqForOp {
    for (Operation *p = l->getParentOp(); p; p = p->getParentOp()) {
      if (auto e = dyn_cast<amir::SeqForOp>(p))
        return e;
      auto i = dyn_cast<amir::IfOp>(p);
      if ((i && !fa.condOf(i.getCondition()).moves) ||
          isa<amir::WarpsOp, amir::ThreadsForOp>(p))
        continue;
      break;
    }
    return nullptr;
  };
  WalkResult found = program.walk([&](amir::SeqForOp l) -> WalkResult {
    if (!fa.formOf(l.getUpper()).moves() && !fa.formOf(l.getLower()).moves())
      return WalkResult::advance();
    // Several loops from 0 to the same upper bound, run one after the other
    // (the executions of the pumped loop): siblings of one block, or loops
    // each run once per iteration of one loop around them (the two tiles of
    // a persistent ping-pong task's pair).
    if (loop && (l.getUpper() != loop.getUpper() ||
                 !matchPattern(l.getLower(), m_Zero()) ||
                 !matchPattern(loop.getLower(), m_Zero()) ||
                 (l->getBlock() != loop->getBlock() &&
                  (!executionLoopOf(l) ||
                   executionLoopOf(l) != executionLoopOf(loop))))) {
      why.set(l, "it sets the trip counts of more than one sequential loop "
                 "(other than sibling loops from 0 to one bound, or such "
                 "loops run once per iteration of one loop)");
      return WalkResult::interrupt();
    }
    if (loop)
      later.push_back(l);
    else
      loop = l;
    return WalkResult::advance();
  });
  if (found.wasInterrupted())
    return false;
  if (!loop) {
    // No loop bound: the caller keeps the size's grid reason (a refusal on
    // the program op says so, without a reason of its own).
    why.op = program;
    return false;
  }
  if (loop == symmetry.tileLoop || llvm::is_contained(later, symmetry.tileLoop))
    return why.set(symmetry.tileLoop,
                   "it sets the number of tiles each persistent task runs "
                   "(loop '" +
                       symmetry.tileLoop.getIterName() +
                       "'), which the symbolic check does not cover");
  Form n = fa.formOf(loop.getUpper());
  if (fa.formOf(loop.getLower()).moves() || n.top || n.periodic || n.j[s] <= 0)
    return why.set(loop, "the trip count of loop '" + loop.getIterName() +
                             "' is not an increasing affine function of it");
  int64_t alpha = n.j[s];
  // The loop runs once per task, or once per thread of the threads loops
  // around it, or once per iteration of one sequential loop around it
  // whose bounds the size does not reach (the execution loop: a persistent
  // task's tile loop): nothing but warps, threads loops, invariant guards
  // and that loop between it and the task body.
  Operation *body = nullptr;
  amir::SeqForOp outer;
  for (Operation *p = loop->getParentOp(); p; p = p->getParentOp()) {
    if (isa<amir::TasksForOp, amir::DeviceOp>(p)) {
      body = p;
      break;
    }
    if (isa<amir::ProgramOp>(p))
      break; // a host loop
    if (auto i = dyn_cast<amir::IfOp>(p);
        i && !fa.condOf(i.getCondition()).moves)
      continue;
    if (isa<amir::WarpsOp, amir::ThreadsForOp>(p))
      continue;
    if (auto e = dyn_cast<amir::SeqForOp>(p);
        e && !outer && llvm::all_of(later, [&](amir::SeqForOp l) {
          return executionLoopOf(l) == e;
        })) {
      // Both loops count from 0, so that the execution loop's iterator
      // times the loop's upper bound counts the iterations before.
      if (!matchPattern(e.getLower(), m_Zero()) ||
          !matchPattern(loop.getLower(), m_Zero()))
        return why.set(loop, "loop '" + loop.getIterName() +
                                 "' runs once per iteration of loop '" +
                                 e.getIterName() +
                                 "', and the two do not both start at 0");
      outer = e;
      continue;
    }
    return why.set(loop, "loop '" + loop.getIterName() +
                             "' runs more than once per task (it is inside " +
                             describeOp(p) + ")");
  }
  if (!body)
    return why.set(loop,
                   "loop '" + loop.getIterName() + "' is not in a device");
  FormAnalysis pa(program, only(s), lattices, loop, alpha, s, outer, later,
                  opaque);
  // The executions' first statements, and the last statement of the last.
  SmallVector<size_t> starts = {order[loop]};
  for (amir::SeqForOp l : later)
    starts.push_back(order[l]);
  size_t last = starts.back();
  (later.empty() ? loop : later.back()).walk([&](Operation *op) {
    last = std::max(last, order[op]);
  });
  auto inLoop = [&](Operation *op) {
    return loop->isProperAncestor(op) ||
           llvm::any_of(later, [&](amir::SeqForOp l) {
             return l->isProperAncestor(op);
           });
  };
  // Between sibling loops: after the executions before, before the next.
  auto inBetween = [&](Operation *op) {
    return !later.empty() && body->isProperAncestor(op) &&
           order.lookup(op) > order.lookup(loop) && order.lookup(op) < last &&
           !inLoop(op);
  };
  auto inSuffix = [&](Operation *op) {
    return body->isProperAncestor(op) && order.lookup(op) > last;
  };
  // The execution loop's body before the loop runs after the earlier
  // executions.
  auto inExecutionPrefix = [&](Operation *op) {
    return outer && outer->isProperAncestor(op) &&
           order.lookup(op) < order.lookup(loop);
  };
  plan.loop = loop;
  plan.outer = outer;
  plan.stride = outer ? pa.stride : Value();
  plan.later = later;
  plan.size = s;
  plan.alpha = alpha;
  TripScope scope{pa, plan, why, s, pa.unitMultiples, starts, withTiles, {}};
  if (!outer && later.empty())
    program.walk([&](amir::AllocOp alloc) {
      if (inDevice(alloc) || alloc.getBarrierAttr())
        return;
      bool all = true, any = false;
      for (Operation *user : alloc->getUsers()) {
        any = true;
        all &= isa<amir::ReadOp, amir::MutateOp>(user) && inSuffix(user);
      }
      if (all && any)
        scope.suffixOnly.insert(alloc.getResult());
    });
  seen.clear();
  // The blocks of guards on a comparison of values computed from the size
  // alone that the guard no longer takes once the comparison keeps its
  // value (the first block's mask when it is also the diagonal one, qt ==
  // 0): they run only at the sizes below, each of which is checked, so
  // nothing in them is read (the comparison joins those whose settling
  // the check finds).
  DenseSet<Block *> settledAway;
  program.walk([&](amir::IfOp i) {
    auto cmp = i.getCondition().getDefiningOp<arith::CmpIOp>();
    auto it = cmp ? pa.sizeLimits.find(cmp) : pa.sizeLimits.end();
    if (it == pa.sizeLimits.end())
      return;
    using P = arith::CmpIPredicate;
    bool grows = it->second, taken = false;
    switch (cmp.getPredicate()) {
    case P::eq:
      taken = false;
      break;
    case P::ne:
      taken = true;
      break;
    case P::slt:
    case P::sle:
    case P::ult:
    case P::ule:
      taken = !grows;
      break;
    case P::sgt:
    case P::sge:
    case P::ugt:
    case P::uge:
      taken = grows;
      break;
    }
    Region &away = taken ? i.getElseRegion() : i.getThenRegion();
    if (!away.empty())
      settledAway.insert(&away.front());
    plan.sizeComparisons.insert(cmp);
  });
  auto inSettledAway = [&](Operation *op) {
    for (Block *b = op->getBlock(); b; b = b->getParentOp()->getBlock())
      if (settledAway.contains(b))
        return true;
    return false;
  };
  bool ok = true;
  program.walk([&](Operation *op) {
    if (!ok || isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
        inSettledAway(op))
      return;
    bool from =
        inLoop(op) || inSuffix(op) || inExecutionPrefix(op) || inBetween(op);
    if (plan.isPumped(op)) {
      if (pa.formOf(cast<amir::SeqForOp>(op).getLower()).moves())
        ok = why.set(op, "the lower bound of the loop moves");
      return;
    }
    if (from) {
      if (auto l = dyn_cast<amir::SeqForOp>(op)) {
        std::optional<int64_t> a = pa.shift(pa.formOf(l.getLower())),
                               b = pa.shift(pa.formOf(l.getUpper()));
        if (!a || !b || *a != *b ||
            pa.formOf(l.getLower()).x != pa.formOf(l.getUpper()).x ||
            (inLoop(op) &&
             (pa.formOf(l.getLower()).j[s] || pa.formOf(l.getUpper()).j[s])))
          ok = why.set(op, "the trip count of loop '" + l.getIterName() +
                               "' changes from iteration to iteration of '" +
                               loop.getIterName() + "'");
        return;
      }
      if (auto i = dyn_cast<amir::IfOp>(op)) {
        Cond c = pa.condOf(i.getCondition());
        if (c.top || (!c.heads.empty() && !inLoop(op)) ||
            (inExecutionPrefix(op) && !c.tails.empty())) {
          ok = why.set(op, "its condition changes with the pump");
          return;
        }
        plan.sizeComparisons.insert_range(c.sizes);
        for (Operation *h : c.heads)
          plan.headComparisons[h] = pa.headLimits.lookup(h);
        if (inLoop(op))
          for (Operation *t : c.tails)
            plan.tailComparisons[t] = pa.tailLimits.lookup(t);
        return;
      }
      if (auto a = dyn_cast<amir::AllocOp>(op)) {
        for (Value d : a.getDims())
          if (std::optional<int64_t> sh = pa.shift(pa.formOf(d));
              !sh || *sh || pa.formOf(d).x || (inLoop(op) && pa.formOf(d).j[s]))
            ok = why.set(op, "its extent changes with the pump");
        return;
      }
      if (isa<amir::ReadOp, amir::MutateOp>(op)) {
        ok = tripAccess(scope, op, inLoop(op));
        return;
      }
      Value bar;
      ValueRange idx;
      ArrayRef<int64_t> statics;
      if (barrierOperandsOf(op, bar, idx, statics)) {
        ok = tripBarrier(scope, op, bar, idx, statics);
        return;
      }
    }
    // Elsewhere the size may reach only the loop's bound (above), the
    // extents of variables allocated outside the device, and guards that
    // compare values computed from it alone (settled from some size on).
    if (auto i = dyn_cast<amir::IfOp>(op)) {
      Cond c = pa.condOf(i.getCondition());
      if (!c.top && c.heads.empty() && c.tails.empty()) {
        plan.sizeComparisons.insert_range(c.sizes);
        return;
      }
    }
    // A read of a variable allocated outside the device that no statement
    // mutates holds no record a later access could conflict with: it may
    // move, its bounds read as in the loop's suffix (a causal tile's Q).
    if (auto read = dyn_cast<amir::ReadOp>(op);
        read && !mutated.contains(read.getOperand(0))) {
      amir::AllocOp alloc = allocOf(read.getOperand(0));
      if (alloc && !inDevice(alloc) &&
          llvm::any_of(op->getOperands(),
                       [&](Value v) { return movesValue(pa, v); })) {
        ok = tripAccess(scope, op, /*inLoop=*/false);
        return;
      }
    }
    for (Value v : op->getOperands()) {
      if (!movesValue(pa, v))
        continue;
      if ((isa<amir::AllocOp>(op) && !inDevice(op)) || isWholeExtent(op, v))
        continue;
      ok = why.set(op, "it reaches " + describeOp(op) +
                           " outside the loop and what follows it");
      return;
    }
    // A variable whose extent moves, accessed before the loop. (With the
    // tiles: a dimension the tiles' digits move stays inside at every size
    // by their analysis. A dimension of a variable allocated outside the
    // device whose extent only grows keeps a window the size does not
    // reach here inside at every size if it is at the least.)
    if (isa<amir::ReadOp, amir::MutateOp>(op)) {
      amir::AllocOp alloc = allocOf(op->getOperand(0));
      if (alloc)
        for (unsigned d = 0; d < alloc.getStaticDims().size(); ++d) {
          Form e = extentForm(pa, alloc, d, numSizes);
          if (!e.moves() || (!inDevice(alloc) &&
                             ((withTiles && tileMoved(op->getOperand(0), d)) ||
                              (!e.top && !e.periodic && !e.k && !e.x &&
                               e.j[s] > 0 && insideAtLeast(op, alloc, d)))))
            continue;
          ok = why.set(op, "it sets an extent of '" + alloc.getName() +
                               "', which is accessed before the loop");
        }
    }
  });
  if (!ok)
    return false;
  // Variables whose extents move: read-only (their records would move),
  // but along a dimension the tiles' digits move (each tile's records
  // stay in its own window, inside at every size), or accessed in the
  // suffix only (no state compared holds their records).
  for (amir::AllocOp alloc : program.getBody().front().getOps<amir::AllocOp>())
    for (unsigned d = 0; d < alloc.getStaticDims().size(); ++d)
      if (extentForm(pa, alloc, d, numSizes).moves() &&
          mutated.contains(alloc.getResult()) &&
          !(withTiles && tileMoved(alloc.getResult(), d)) &&
          !scope.suffixOnly.contains(alloc.getResult()))
        return why.set(alloc, "it sets an extent of '" + alloc.getName() +
                                  "', which is mutated");
  // Dimensions that move with the task do not move with the loop (nor do
  // their extents, but with the tiles, whose analysis reads those).
  for (const auto &[var, use] : symmetry.shared) {
    amir::AllocOp alloc = allocOf(var);
    auto it = plan.rates.find(alloc);
    for (size_t d = 0, e = use.rank(); d < e; ++d) {
      if (!use.movesAlong(d))
        continue;
      if ((it != plan.rates.end() && it->second[d]) ||
          (!withTiles && extentForm(pa, alloc, d, numSizes).moves()))
        return why.set(alloc, "dimension " + Twine(d) + " of '" +
                                  alloc.getName() +
                                  "' moves with both the task and the loop");
    }
  }
  int64_t unit = 1;
  for (int64_t m : scope.multiples) {
    unit = std::lcm(unit, m);
    if (unit > 1024)
      return why.set(loop, "the state of loop '" + loop.getIterName() +
                               "' can only repeat after more than 1024 "
                               "steps of the size");
  }
  plan.period = alpha * unit;
  return true;
}

//===----------------------------------------------------------------------===//
// Tile counts of persistent tasks
//===----------------------------------------------------------------------===//

/// `v` as a linear form (IndexExpr.h) whose terms are the values `leaf`
/// selects and every value readLinear cannot read through; `ops` receives
/// the operations read through.
static std::optional<LinearForm> linearOf(Value v,
                                          function_ref<bool(Value)> leaf,
                                          SmallVectorImpl<Operation *> *ops) {
  auto isLeaf = [&](Value x) {
    return leaf(x) || !isLinearIndexOp(x.getDefiningOp());
  };
  DenseMap<Value, std::optional<LinearForm>> memo;
  std::optional<LinearForm> form = readLinear(v, isLeaf, memo);
  if (form && ops)
    for (auto &[x, f] : memo)
      if (f && !isLeaf(x))
        ops->push_back(x.getDefiningOp());
  return form;
}

/// The number of tiles and the sizes that set it (NC, and those T
/// depends on): the task loop, the tile loop and its groups, T as a
/// product of constants and radices.
bool RoleAnalyzer::readTileCount(TileRead &r,
                                 SmallVectorImpl<unsigned> &tileSizes,
                                 Refusal &why) {
  // No persistent tasks: no reason (the sizes keep theirs). TaskSymmetry
  // finds a tile loop only in a nest of one task loop.
  if (!root || !symmetry.tileLoop || symmetry.nest.size() != 1)
    return false;
  if (!symmetry.symmetric())
    return why.set(symmetry.whyOp ? symmetry.whyOp : root.getOperation(),
                   "its tasks are not alike (" + symmetry.why + ")");
  amir::TasksForOp tasks = root;
  amir::SeqForOp loop = symmetry.tileLoop;
  Block &top = program.getBody().front();
  auto sizeOf = [&](Value v) -> std::optional<unsigned> {
    if (auto b = dyn_cast<BlockArgument>(v); b && b.getOwner() == &top)
      return b.getArgNumber();
    return std::nullopt;
  };
  std::optional<unsigned> nc = sizeOf(tasks.getUpper());
  if (!matchPattern(tasks.getLower(), m_Zero()) || !nc)
    return why.set(tasks, "its task loop does not count from 0 to a size");
  Value ncv = tasks.getUpper(), pc = tasks.getInductionVar(),
        pi = loop.getInductionVar();
  std::string loopName = "loop '" + loop.getIterName().str() + "'";
  if (loop->getParentOp() != tasks.getOperation() ||
      !matchPattern(loop.getLower(), m_Zero()))
    return why.set(loop, "the tile " + loopName +
                             " is not in the task body, counting from 0");
  // Tiles pc, pc + NC, ... below T: ceil((T - pc) / NC) of them, run one
  // per iteration of the tile loop, or w per iteration (ping-pong pairs:
  // ceil(tiles / w) iterations, (tiles + w - 1) / w, tile w pi + h under
  // the guard w pi + h < tiles).
  Value tilesValue = loop.getUpper();
  int64_t w = 1;
  SmallVector<Operation *> groupOps; // ceil(tiles / w)
  if (Operation *g = tilesValue.getDefiningOp();
      g &&
      isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp>(g) &&
      g->getOperand(1) != ncv) {
    std::optional<int64_t> k = getConstantIntValue(g->getOperand(1));
    bool ceil = isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(g);
    Value x = g->getOperand(0);
    Operation *plus = ceil ? nullptr : x.getDefiningOp();
    std::optional<LinearForm> f =
        ceil ? std::optional<LinearForm>()
             : linearOf(x, [&](Value v) { return v != x; }, nullptr);
    if (k && *k >= 2 && *k <= 64 && tilesValue.hasOneUse()) {
      if (ceil) {
        w = *k;
        groupOps = {g};
        tilesValue = x;
      } else if (plus && isa<arith::AddIOp>(plus) && f &&
                 f->terms.size() == 1 && f->terms[0].second == 1 &&
                 f->constant == *k - 1 && x.hasOneUse()) {
        w = *k;
        groupOps = {g, plus};
        tilesValue = f->terms[0].first;
      }
    }
  }
  Operation *div = tilesValue.getDefiningOp();
  SmallVector<Operation *> chain;
  Value total;
  // The tile count's uses: the tile loop's bound, and the guards of the
  // tiles of a group (read below).
  auto countUses = [&]() {
    for (OpOperand &use : tilesValue.getUses()) {
      Operation *user = use.getOwner();
      if (w == 1 ? user != loop.getOperation()
                 : !llvm::is_contained(groupOps, user) &&
                       !isa<arith::CmpIOp>(user))
        return false;
    }
    return true;
  };
  if (div &&
      isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp>(div) &&
      div->getOperand(1) == ncv && countUses()) {
    bool ceil = isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(div);
    std::optional<LinearForm> num = linearOf(
        div->getOperand(0),
        [&](Value v) {
          return v.getParentBlock() == &top; // T, computed before the device
        },
        &chain);
    bool form = num && num->constant == (ceil ? 0 : -1) &&
                num->coefficientOf(pc) == -1 &&
                num->coefficientOf(ncv) == (ceil ? 0 : 1) &&
                num->terms.size() == (ceil ? 2u : 3u);
    for (auto [v, c] : form ? num->terms : decltype(num->terms)())
      if (v != pc && v != ncv && c == 1 &&
          (sizeOf(v) || v.getParentBlock() == &top))
        total = v;
  }
  if (!total)
    return why.set(loop, "the trip count of the tile " + loopName +
                             " is not ceil((T - " + tasks.getIterName().str() +
                             ") / NC), with T computed from the sizes "
                             "before the device");
  DenseSet<Operation *> chainOps(chain.begin(), chain.end());
  chainOps.insert(div);
  for (Operation *op : chain)
    for (Operation *user : op->getUsers())
      if (!chainOps.contains(user))
        return why.set(user, "it uses the tile count's arithmetic");
  // The radices: T is a product of constants and of values affine on the
  // lattices, at least 1 and growing with the sizes.
  FormAnalysis &fa = r.forms(program, lattices);
  auto atLeast = [&](Value v) { return r.atLeast(v, program, lattices); };
  auto radixOf = [&](Value v) -> std::optional<Radix> {
    Form f = fa.formOf(v);
    std::optional<int64_t> l = atLeast(v);
    if (f.top || f.periodic || !l || *l < 1 ||
        llvm::any_of(f.j, [](int64_t x) { return x < 0; }))
      return std::nullopt;
    return Radix{v, *l, f.j};
  };
  SmallVector<Radix> factors;
  int64_t constant = 1;
  std::function<bool(Value)> collect = [&](Value v) {
    if (std::optional<int64_t> c = getConstantIntValue(v))
      return *c >= 1 && !llvm::MulOverflow(constant, *c, constant);
    if (auto mul = v.getDefiningOp<arith::MulIOp>())
      return collect(mul.getLhs()) && collect(mul.getRhs());
    if (auto max = v.getDefiningOp<arith::MaxSIOp>()) {
      // max(x, 0) is x, which is at least 1.
      for (auto [x, zero] : {std::pair(max.getLhs(), max.getRhs()),
                             std::pair(max.getRhs(), max.getLhs())})
        if (matchPattern(zero, m_Zero()) && radixOf(x))
          return collect(x);
    }
    std::optional<Radix> r = radixOf(v);
    if (r)
      factors.push_back(*r);
    return r.has_value();
  };
  if (!collect(total))
    return why.set(total.getDefiningOp() ? total.getDefiningOp()
                                         : program.getOperation(),
                   "the number of tiles is not a product of constants and "
                   "of values affine in the sizes, at least 1 and growing");
  // The sizes that set the tile counts: NC, and those T depends on.
  tileSizes.clear();
  tileSizes.push_back(*nc);
  SmallVector<Value> work = {total};
  DenseSet<Value> seenValues;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seenValues.insert(v).second)
      continue;
    if (std::optional<unsigned> s = sizeOf(v)) {
      if (!llvm::is_contained(tileSizes, *s))
        tileSizes.push_back(*s);
    } else if (Operation *op = v.getDefiningOp()) {
      for (Value x : op->getOperands())
        work.push_back(x);
    }
  }
  r.tasks = tasks;
  r.loop = loop;
  r.nc = *nc;
  r.ncv = ncv;
  r.pc = pc;
  r.pi = pi;
  r.loopName = loopName;
  r.tilesValue = tilesValue;
  r.w = w;
  r.groupOps = std::move(groupOps);
  r.total = total;
  r.chainOps = std::move(chainOps);
  r.factors = std::move(factors);
  r.constant = constant;
  return true;
}

/// What the tile iterator reaches: the tile indices, the iterations of the
/// earlier tiles, comparisons settled from some tile on, and coordinates of
/// the task's barriers and ring buffers.
bool RoleAnalyzer::readTileIterator(TileRead &r, Refusal &why) {
  amir::TasksForOp tasks = r.tasks;
  amir::SeqForOp loop = r.loop;
  Value ncv = r.ncv, pi = r.pi, tilesValue = r.tilesValue;
  const std::string &loopName = r.loopName;
  int64_t w = r.w;
  // What the tile iterator pi reaches: the tile indices pc + NC (w pi + h),
  // the iterations of the earlier tiles ((w pi + h) times n, a loop's trip
  // count or that plus iterations peeled off before the loop), and values
  // c pi + d (constants c, d) that are compared (settled from some tile
  // on), coordinates of barriers the task allocates (a hand-off from one
  // tile to the next, shifted by c per tile when the tiles' states are
  // compared) or logical elements of its ring buffers.
  auto executions = [&](Value n) {
    bool found = false;
    loop.walk([&](amir::SeqForOp l) {
      if (l != loop && matchPattern(l.getLower(), m_Zero()))
        found |= isStrideOf(l.getUpper(), n);
    });
    return found;
  };
  // Tile w pi + h of the group (h < w): its product with NC, and its
  // guard w pi + h < tiles.
  SmallVector<Operation *> prods(w, nullptr), guards(w, nullptr);
  DenseMap<Value, std::pair<int64_t, int64_t>> onTile = {{pi, {1, 0}}};
  SmallVector<Value> pending = {pi};
  int64_t head = 0;
  while (!pending.empty()) {
    Value v = pending.pop_back_val();
    auto [c, d] = onTile.lookup(v);
    for (Operation *user : v.getUsers()) {
      auto mul = dyn_cast<arith::MulIOp>(user);
      Value other =
          mul ? (mul.getLhs() == v ? mul.getRhs() : mul.getLhs()) : Value();
      bool member = c == w && d >= 0 && d < w;
      if (member && mul && other == ncv && !prods[d]) {
        prods[d] = mul;
        continue;
      }
      if (member && mul && executions(other))
        continue;
      if (auto cmp = dyn_cast<arith::CmpIOp>(user);
          member && w > 1 && cmp && !guards[d] &&
          ((cmp.getPredicate() == arith::CmpIPredicate::slt &&
            cmp.getLhs() == v && cmp.getRhs() == tilesValue) ||
           (cmp.getPredicate() == arith::CmpIPredicate::sgt &&
            cmp.getRhs() == v && cmp.getLhs() == tilesValue))) {
        guards[d] = cmp;
        continue;
      }
      std::optional<int64_t> k;
      if (isLinearIndexOp(user) && user->getNumOperands() == 2)
        k = getConstantIntValue(user->getOperand(user->getOperand(0) == v));
      if (k && user->getOperand(0) != user->getOperand(1)) {
        int64_t nc = c, nd = d;
        bool overflow = false;
        if (isa<arith::AddIOp>(user))
          overflow = llvm::AddOverflow(d, *k, nd);
        else if (isa<arith::SubIOp>(user) && user->getOperand(0) == v)
          overflow = llvm::SubOverflow(d, *k, nd);
        else if (isa<arith::SubIOp>(user))
          overflow = llvm::SubOverflow(*k, d, nd) ||
                     llvm::SubOverflow(int64_t(0), c, nc);
        else if (isa<arith::MulIOp>(user))
          overflow =
              llvm::MulOverflow(c, *k, nc) || llvm::MulOverflow(d, *k, nd);
        else // a left shift of pi's value by the constant
          overflow = user->getOperand(0) != v || *k < 0 || *k > 30 ||
                     llvm::MulOverflow(c, int64_t(1) << *k, nc) ||
                     llvm::MulOverflow(d, int64_t(1) << *k, nd);
        if (!overflow) {
          if (onTile.try_emplace(user->getResult(0), nc, nd).second)
            pending.push_back(user->getResult(0));
          continue;
        }
      }
      if (auto cmp = dyn_cast<arith::CmpIOp>(user)) {
        // (c1 - c2) pi + (d1 - d2) keeps its sign, and the comparison its
        // value, from some tile on (signed predicates only: pi - 1 is
        // negative in tile 0).
        Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
        auto formOf =
            [&](Value x) -> std::optional<std::pair<int64_t, int64_t>> {
          if (auto it = onTile.find(x); it != onTile.end())
            return it->second;
          if (std::optional<int64_t> k = getConstantIntValue(x))
            return std::make_pair(int64_t(0), *k);
          return std::nullopt;
        };
        auto l = formOf(lhs), r = formOf(rhs);
        int64_t a, b;
        arith::CmpIPredicate pred = cmp.getPredicate();
        bool isSigned = pred == arith::CmpIPredicate::eq ||
                        pred == arith::CmpIPredicate::ne ||
                        pred == arith::CmpIPredicate::slt ||
                        pred == arith::CmpIPredicate::sle ||
                        pred == arith::CmpIPredicate::sgt ||
                        pred == arith::CmpIPredicate::sge;
        if (l && r && isSigned && !llvm::SubOverflow(l->first, r->first, a) &&
            !llvm::SubOverflow(l->second, r->second, b) && a != 0) {
          int64_t from = a > 0 ? llvm::divideFloorSigned(-b, a) + 1
                               : llvm::divideFloorSigned(b, -a) + 1;
          head = std::max(head, from);
          continue;
        }
      }
      Value bar;
      ValueRange idx;
      ArrayRef<int64_t> statics;
      if (barrierOperandsOf(user, bar, idx, statics) && v != bar &&
          allocOf(bar) && allocOf(bar)->getParentOp() == tasks.getOperation())
        continue; // each coordinate read below
      // The logical element of a ring buffer the task allocates (a tile's
      // Q in attention), read below with the barriers.
      if (isa<amir::ReadOp, amir::MutateOp>(user) && user->getOperand(0) != v &&
          allocOf(user->getOperand(0)) &&
          allocOf(user->getOperand(0))->getParentOp() == tasks.getOperation() &&
          allocOf(user->getOperand(0)).getRingDim())
        continue;
      return why.set(user, "the tile " + loopName + "'s iterator reaches " +
                               describeOp(user) +
                               ", other than as the tile index, the "
                               "iterations of the earlier tiles, a "
                               "comparison with a constant and coordinates "
                               "of barriers the task allocates (or "
                               "elements of its ring buffers)");
    }
  }
  r.prods = std::move(prods);
  r.guards = std::move(guards);
  r.onTile = std::move(onTile);
  r.head = head;
  return true;
}

/// The tile rates of the ring buffers and barriers the tile iterator
/// moves, and the multiple the tile period must be for their slots to
/// return.
bool RoleAnalyzer::readTileRates(TileRead &r, Refusal &why) {
  amir::SeqForOp loop = r.loop;
  const std::string &loopName = r.loopName;
  const DenseMap<Value, std::pair<int64_t, int64_t>> &onTile = r.onTile;
  // The ring buffers pi moves: every offset along the ring moves alike,
  // forward, in the tile loop only, and the guard's ring alike (read with
  // the barriers below); no other offset of theirs depends on pi.
  DenseMap<Operation *, SmallVector<int64_t>> tileRates;
  DenseSet<Operation *> tileRings;
  SmallVector<std::tuple<amir::AllocOp, int64_t, amir::AllocOp>> ringGuards;
  program.walk([&](Operation *op) {
    if (!isa<amir::ReadOp, amir::MutateOp>(op))
      return;
    for (Value x : op->getOperands().drop_front())
      if (onTile.count(x))
        tileRings.insert(allocOf(op->getOperand(0)));
  });
  for (Operation *allocOp : tileRings) {
    auto alloc = cast<amir::AllocOp>(allocOp);
    unsigned ring = *alloc.getRingDim();
    std::optional<int64_t> rate;
    for (Operation *op : alloc->getUsers()) {
      auto read = dyn_cast<amir::ReadOp>(op);
      auto mutate = dyn_cast<amir::MutateOp>(op);
      if ((!read && !mutate) || !loop->isProperAncestor(op))
        return why.set(op, "it uses ring '" + alloc.getName() +
                               "', whose elements the tile " + loopName +
                               "'s iterator moves, outside that loop's "
                               "accesses");
      ArrayRef<int64_t> so =
          read ? read.getStaticOffsets() : mutate.getStaticOffsets();
      ValueRange dyo = read ? read.getOffsets() : mutate.getOffsets();
      unsigned next = 0;
      for (auto [d, st] : llvm::enumerate(so)) {
        Value x = ShapedType::isDynamic(st) ? dyo[next++] : Value();
        int64_t c = x ? onTile.lookup(x).first : 0;
        if (d != ring ? x && onTile.count(x) : (rate && *rate != c) || c <= 0)
          return why.set(op, "its offset in dimension " + Twine(d) +
                                 " of ring '" + alloc.getName() +
                                 "' moves with the tile " + loopName +
                                 " otherwise than the ring's elements, "
                                 "forward, at every access");
        if (d == ring)
          rate = c;
      }
    }
    SmallVector<int64_t> rates(alloc.getStaticDims().size(), 0);
    rates[ring] = *rate;
    tileRates[allocOp] = std::move(rates);
    if (Value g = alloc.getGuard())
      ringGuards.push_back({allocOf(g), *rate, alloc});
  }
  // The barriers pi moves: every coordinate in such a dimension moves
  // alike, forward, along an unbounded ring, in the tile loop only.
  DenseSet<Operation *> tileBarriers;
  program.walk([&](Operation *op) {
    Value bar;
    ValueRange idx;
    ArrayRef<int64_t> statics;
    if (!barrierOperandsOf(op, bar, idx, statics))
      return;
    for (Value x : idx)
      if (onTile.count(x))
        tileBarriers.insert(allocOf(bar));
  });
  int64_t periodMultiple = 1;
  for (Operation *allocOp : tileBarriers) {
    auto alloc = cast<amir::AllocOp>(allocOp);
    ArrayRef<int64_t> dims = alloc.getStaticDims();
    SmallVector<int64_t> rates(dims.size(), 0);
    SmallVector<bool> seen(dims.size(), false);
    for (Operation *op : alloc->getUsers()) {
      Value bar;
      ValueRange idx;
      ArrayRef<int64_t> statics;
      if (auto ring = dyn_cast<amir::AllocOp>(op);
          ring && ring.getGuard() == alloc.getResult())
        continue; // a ring it guards, which moves alike (below)
      if (!barrierOperandsOf(op, bar, idx, statics) ||
          !loop->isProperAncestor(op))
        return why.set(op, "it uses barrier '" + alloc.getName() +
                               "', whose coordinates the tile " + loopName +
                               "'s iterator moves, outside that loop's "
                               "arrives and awaits");
      unsigned next = 0;
      for (auto [i, st] : llvm::enumerate(statics)) {
        unsigned dim = dims.empty() ? 0 : i % dims.size();
        Value x = ShapedType::isDynamic(st) ? idx[next++] : Value();
        if (!x && st < 0)
          continue; // a multicast target: every element of the dimension
        int64_t rate = x ? onTile.lookup(x).first : 0;
        if (seen[dim] && rates[dim] != rate)
          return why.set(op, "its coordinate in dimension " + Twine(dim) +
                                 " of barrier '" + alloc.getName() +
                                 "' moves with the tile " + loopName +
                                 " otherwise than the others there");
        seen[dim] = true;
        rates[dim] = rate;
      }
    }
    TypeAttr barrierType = alloc.getBarrierAttr();
    auto bt = barrierType ? dyn_cast<BarrierType>(barrierType.getValue())
                          : BarrierType();
    for (auto [dim, rate] : llvm::enumerate(rates)) {
      if (!rate)
        continue;
      if (rate < 0 || dims[dim] >= 0 || !bt || bt.getRingDim() != int(dim))
        return why.set(alloc, "the tile " + loopName +
                                  " moves along dimension " + Twine(dim) +
                                  " of barrier '" + alloc.getName() +
                                  "', which is not an unbounded ring, or "
                                  "backward");
      int64_t depth = bt.getRingDepth(dim);
      periodMultiple = std::lcm(periodMultiple, depth / std::gcd(depth, rate));
    }
    tileRates[allocOp] = std::move(rates);
  }
  // A ring's guard moves along its ring as the ring does.
  for (auto [guard, rate, ringAlloc] : ringGuards) {
    auto bt = guard && guard.getBarrierAttr()
                  ? dyn_cast<BarrierType>(guard.getBarrierAttr().getValue())
                  : BarrierType();
    auto it = guard ? tileRates.find(guard) : tileRates.end();
    if (!bt || bt.getRingDim() < 0 || it == tileRates.end() ||
        it->second[bt.getRingDim()] != rate)
      return why.set(ringAlloc, "the guard of ring '" + ringAlloc.getName() +
                                    "' does not move with the tile " +
                                    loopName + " as the ring does");
  }
  r.tileRates = std::move(tileRates);
  r.periodMultiple = periodMultiple;
  return true;
}

/// The tile indices (one per tile of a group, under its guard) and their
/// digits by the radices of the number of tiles.
bool RoleAnalyzer::readDigits(TileRead &r, Refusal &why) {
  amir::TasksForOp tasks = r.tasks;
  amir::SeqForOp loop = r.loop;
  Value pc = r.pc;
  const std::string &loopName = r.loopName;
  int64_t w = r.w;
  const SmallVector<Operation *> &prods = r.prods, &guards = r.guards,
                                 &groupOps = r.groupOps;
  const DenseSet<Operation *> &chainOps = r.chainOps;
  const SmallVector<Radix> &factors = r.factors;
  int64_t constant = r.constant;
  // Each tile index pc + NC (w pi + h), computed once; tile h > 0 of a
  // group computed under its guard.
  SmallVector<Operation *> adds;
  for (int64_t h = 0; h < w; ++h) {
    Operation *prod = prods[h], *add = nullptr;
    if (prod && prod->getResult(0).hasOneUse())
      if (auto a = dyn_cast<arith::AddIOp>(*prod->getUsers().begin()))
        if (a.getLhs() == pc || a.getRhs() == pc)
          add = a;
    if (!add)
      return why.set(loop, "the tile " + loopName +
                               " does not compute the "
                               "tile index " +
                               tasks.getIterName().str() + " + NC * " +
                               (w == 1 ? loop.getIterName().str()
                                       : "(" + std::to_string(w) + " " +
                                             loop.getIterName().str() + " + " +
                                             std::to_string(h) + ")") +
                               " once");
    if (h > 0) {
      // Whatever the tile index reaches beyond index arithmetic runs under
      // the guard.
      auto guarded = [&](Operation *op) {
        for (Operation *p = op->getParentOp(); p && p != loop.getOperation();
             p = p->getParentOp())
          if (auto i = dyn_cast<amir::IfOp>(p);
              i && guards[h] && i.getCondition() == guards[h]->getResult(0))
            return true;
        return false;
      };
      bool ok = true;
      SmallVector<Value> reach = {prod->getResult(0)};
      DenseSet<Value> visited;
      while (!reach.empty() && ok) {
        Value v = reach.pop_back_val();
        if (!visited.insert(v).second)
          continue;
        for (Operation *user : v.getUsers()) {
          if (isa_and_nonnull<arith::ArithDialect>(user->getDialect()) &&
              user->getNumResults() == 1 && !guarded(user))
            reach.push_back(user->getResult(0));
          else
            ok &= guarded(user);
        }
      }
      if (!ok)
        return why.set(prod, "tile " + Twine(h) + " of a group of " + Twine(w) +
                                 " is not used under the guard " + Twine(w) +
                                 " " + loop.getIterName() + " + " + Twine(h) +
                                 " < tiles");
    }
    adds.push_back(add);
  }
  // The tile guards of the task symmetry are those guards.
  for (amir::IfOp g : symmetry.tileGuards)
    if (!llvm::any_of(guards, [&](Operation *c) {
          return c && g.getCondition() == c->getResult(0);
        }))
      return why.set(g, "a tile guard runs part of some tiles, other than "
                        "the guard of a tile of a group (w pi + h < tiles)");
  DenseSet<Operation *> addSet(adds.begin(), adds.end());
  for (Operation *user : pc.getUsers())
    if (!addSet.contains(user) && !chainOps.contains(user))
      return why.set(user, "the task index reaches " + describeOp(user) +
                               ", other than as the tile index and the "
                               "tile count");
  // The digits: remainders and quotients of the tile index by the
  // radices, the last quotient the last digit; the same radices for each
  // tile index of a group.
  SmallVector<Digit> digits;
  // The digits of every tile index of a group, by position in `digits`.
  DenseMap<Value, int> digitOf;
  DenseSet<Operation *> digitOps(prods.begin(), prods.end());
  digitOps.insert(adds.begin(), adds.end());
  for (Operation *g : guards)
    if (g)
      digitOps.insert(g);
  digitOps.insert(groupOps.begin(), groupOps.end());
  DenseSet<Value> quotients;
  SmallVector<Radix> allFactors = factors;
  int64_t allConstant = constant;
  for (auto [h, add] : llvm::enumerate(adds)) {
    SmallVector<Radix> factors = allFactors;
    int64_t constant = allConstant;
    SmallVector<Digit> mine;
    Value u = add->getResult(0);
    while (true) {
      Operation *rem = nullptr, *quo = nullptr;
      bool other = false;
      for (Operation *user : u.getUsers()) {
        bool first = user->getOperand(0) == u && user->getOperand(1) != u;
        if (first && isa<arith::RemSIOp, arith::RemUIOp>(user) && !rem)
          rem = user;
        else if (first &&
                 isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp>(
                     user) &&
                 !quo)
          quo = user;
        else
          other = true;
      }
      if (!rem && !quo) {
        // The last digit: what remains of T.
        if (factors.size() > 1 || (factors.size() == 1 && constant != 1))
          return why.set(u.getDefiningOp(),
                         "the tile index's last digit ranges over a product "
                         "of several factors of the number of tiles");
        Radix r = factors.empty() ? Radix{Value(), constant,
                                          SmallVector<int64_t>(numSizes, 0)}
                                  : factors.front();
        mine.push_back({u, r});
        break;
      }
      if (!rem || !quo || other || rem->getOperand(1) != quo->getOperand(1))
        return why.set(u.getDefiningOp(),
                       "the tile index is split other than into digits, the "
                       "remainder and the quotient by one radix at a time");
      Value d = rem->getOperand(1);
      Radix r{d, 0, SmallVector<int64_t>(numSizes, 0)};
      if (std::optional<int64_t> c = getConstantIntValue(d)) {
        if (*c < 1 || constant % *c)
          return why.set(rem, "it divides the tile index by " + Twine(*c) +
                                  ", which does not divide the number of "
                                  "tiles' constant factor");
        constant /= *c;
        r = Radix{Value(), *c, SmallVector<int64_t>(numSizes, 0)};
      } else {
        auto it =
            llvm::find_if(factors, [&](const Radix &f) { return f.v == d; });
        if (it == factors.end())
          return why.set(rem, "it divides the tile index by a value that is "
                              "not a factor of the number of tiles");
        r = *it;
        factors.erase(it);
      }
      mine.push_back({rem->getResult(0), r});
      digitOps.insert(rem);
      digitOps.insert(quo);
      quotients.insert(quo->getResult(0));
      u = quo->getResult(0);
    }
    if (h == 0) {
      digits = mine;
    } else if (mine.size() != digits.size() ||
               llvm::any_of(llvm::zip_equal(mine, digits), [](auto pair) {
                 auto &[a, b] = pair;
                 return a.r.v != b.r.v || a.r.least != b.r.least;
               })) {
      return why.set(add, "the tile indices of a group are split into "
                          "digits by different radices");
    }
    for (auto [k, dg] : llvm::enumerate(mine))
      digitOf[dg.v] = static_cast<int>(k);
  }
  r.adds = std::move(adds);
  r.digits = std::move(digits);
  r.digitOf = std::move(digitOf);
  r.digitOps = std::move(digitOps);
  r.quotients = std::move(quotients);
  return true;
}

/// The lemma (apart and inside): the tiles' windows of the tasks' shared
/// variables, moved by the digits, never meet where a tile mutates and lie
/// inside every variable, for every size.
bool RoleAnalyzer::checkTileWindows(TileRead &r, ArrayRef<unsigned> tileSizes,
                                    std::optional<unsigned> tripSize,
                                    Refusal &why) {
  amir::SeqForOp loop = r.loop;
  Value tilesValue = r.tilesValue;
  const SmallVector<Operation *> &prods = r.prods, &adds = r.adds;
  const SmallVector<Digit> &digits = r.digits;
  const DenseSet<Operation *> &digitOps = r.digitOps;
  const DenseSet<Value> &quotients = r.quotients;
  FormAnalysis &fa = r.forms(program, lattices);
  auto atLeast = [&](Value v) { return r.atLeast(v, program, lattices); };
  auto digitIndex = [&](Value v) -> int { return r.digitOf.lookup_or(v, -1); };
  DenseSet<Value> products, tileIndices;
  for (Operation *op : prods)
    products.insert(op->getResult(0));
  for (Operation *op : adds)
    tileIndices.insert(op->getResult(0));
  // The offsets move by the digits alone (the task index, the tile count
  // and the quotients between digits do not reach them).
  for (Value atom : symmetry.atoms)
    if (atom != tilesValue && !products.contains(atom) &&
        !tileIndices.contains(atom) && !quotients.contains(atom) &&
        digitIndex(atom) < 0 &&
        !(atom.getDefiningOp() && digitOps.contains(atom.getDefiningOp())))
      return why.set(atom.getDefiningOp() ? atom.getDefiningOp()
                                          : loop.getOperation(),
                     "a value computed from the task index is not a digit "
                     "of the tile index");
  // Loop iterators inside the tile with constant bounds: their ranges.
  auto rangeOf = [&](Value v) -> std::optional<std::pair<int64_t, int64_t>> {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || !loop->isProperAncestor(arg.getOwner()->getParentOp()))
      return std::nullopt;
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto t = dyn_cast<amir::ThreadsForOp>(owner))
      return std::make_pair(int64_t(0), int64_t(t.getCount()) - 1);
    if (auto l = dyn_cast<amir::SeqForOp>(owner)) {
      std::optional<int64_t> lo = getConstantIntValue(l.getLower()),
                             hi = getConstantIntValue(l.getUpper());
      if (lo && hi && *hi > *lo)
        return std::make_pair(*lo, *hi - 1);
    }
    return std::nullopt;
  };
  for (auto &[var, use] : symmetry.shared) {
    amir::AllocOp alloc = allocOf(var);
    if (!alloc || inDevice(alloc))
      return why.set(alloc ? alloc.getOperation() : loop.getOperation(),
                     "the tasks share a variable allocated on the device");
    StringRef name = alloc.getName();
    size_t rank = use.rank();
    // coefficient[d][k]: how far digit k moves dimension d; the same for
    // every class of accesses (one per tile of a group: each moves with
    // its own tile index's digits).
    SmallVector<SmallVector<int64_t>> coef;
    // (The tile index itself, when it is the only digit, moves with the
    // task index, NC * pi being the same for every task, or with the atom
    // NC * pi alike.)
    int whole = digitIndex(adds.front()->getResult(0));
    for (const TaskSymmetry::SharedVar::Class &cls : use.classes) {
      SmallVector<SmallVector<int64_t>> mine(
          rank, SmallVector<int64_t>(digits.size(), 0));
      for (size_t d = 0; d < rank; ++d) {
        ArrayRef<int64_t> row = cls.coefficients[d];
        int64_t onTask = row[0], onProduct = 0;
        for (auto [i, c] : llvm::enumerate(row.drop_front())) {
          if (products.contains(symmetry.atoms[i])) {
            if (c && onProduct && c != onProduct)
              onProduct = -1;
            else if (c)
              onProduct = c;
            continue;
          }
          int k = c ? digitIndex(symmetry.atoms[i]) : 0;
          if (k < 0 || c < 0)
            return why.set(alloc, "dimension " + Twine(d) + " of '" + name +
                                      "' moves with the task other than by "
                                      "the tile index's digits, forward");
          if (c)
            mine[d][k] = c;
        }
        if ((onProduct && onProduct != onTask) || onTask < 0 ||
            (onTask && whole < 0))
          return why.set(alloc, "dimension " + Twine(d) + " of '" + name +
                                    "' moves with the task other than by "
                                    "the tile index's digits, forward");
        if (onTask)
          mine[d][whole] = onTask;
      }
      if (coef.empty())
        coef = std::move(mine);
      else if (coef != mine)
        return why.set(alloc, "the tiles access '" + name +
                                  "' at several translations");
    }
    // The footprint of a tile in each dimension the digits move.
    SmallVector<int64_t> lo(rank, INT64_MAX), hi(rank, INT64_MIN);
    for (Operation *op : var.getUsers()) {
      auto read = dyn_cast<amir::ReadOp>(op);
      auto mutate = dyn_cast<amir::MutateOp>(op);
      if (!read && !mutate)
        continue;
      if (!loop->isProperAncestor(op)) {
        if (inDevice(op))
          return why.set(op, "'" + name +
                                 "', which the tiles access, is "
                                 "accessed outside the tile loop");
        continue;
      }
      ArrayRef<int64_t> so =
          read ? read.getStaticOffsets() : mutate.getStaticOffsets();
      ArrayRef<int64_t> ss =
          read ? read.getStaticSizes() : mutate.getStaticSizes();
      ValueRange dyo = read ? read.getOffsets() : mutate.getOffsets();
      ValueRange dys = read ? read.getSizes() : mutate.getSizes();
      unsigned nextO = 0, nextS = 0;
      for (size_t d = 0; d < so.size() && d < rank; ++d) {
        Value ov = ShapedType::isDynamic(so[d]) ? dyo[nextO++] : Value();
        Value sv = ShapedType::isDynamic(ss[d]) ? dys[nextS++] : Value();
        if (llvm::all_of(coef[d], [](int64_t c) { return c == 0; }))
          continue;
        std::optional<int64_t> size =
            sv ? getConstantIntValue(sv) : std::optional<int64_t>(ss[d]);
        if (!size)
          return why.set(op, "its window of '" + name +
                                 "' has a size that "
                                 "is not constant");
        std::optional<LinearForm> l =
            ov ? linearOf(
                     ov, [&](Value v) { return digitIndex(v) >= 0; }, nullptr)
               : std::optional<LinearForm>(LinearForm{{}, so[d]});
        int64_t a = l ? l->constant : 0, b = a;
        bool ok = l.has_value();
        for (auto [v, c] : l ? l->terms : decltype(l->terms)()) {
          if (int k = digitIndex(v); k >= 0) {
            ok &= c == coef[d][k];
            continue;
          }
          std::optional<std::pair<int64_t, int64_t>> r = rangeOf(v);
          int64_t x, y;
          ok &= r && !llvm::MulOverflow(c, r->first, x) &&
                !llvm::MulOverflow(c, r->second, y) &&
                !llvm::AddOverflow(a, std::min(x, y), a) &&
                !llvm::AddOverflow(b, std::max(x, y), b);
        }
        if (!ok || llvm::AddOverflow(b, *size, b))
          return why.set(op, "its offset in dimension " + Twine(d) + " of '" +
                                 name +
                                 "' is not the tile's digits times constants "
                                 "plus iterators of loops of constant bounds");
        lo[d] = std::min(lo[d], a);
        hi[d] = std::max(hi[d], b);
      }
    }
    for (size_t d = 0; d < rank; ++d) {
      Form e = extentForm(fa, alloc, d, numSizes);
      Value dynamic = dynamicAt(alloc.getStaticDims(), alloc.getDims(), d);
      std::optional<int64_t> eLeast =
          dynamic ? atLeast(dynamic)
                  : std::optional<int64_t>(alloc.getStaticDims()[d]);
      SmallVector<std::pair<int64_t, int>> moving; // (coefficient, digit)
      for (auto [k, c] : llvm::enumerate(coef[d]))
        if (c)
          moving.push_back({c, int(k)});
      bool setByTiles = llvm::any_of(
          tileSizes, [&](unsigned s) { return e.j[s] != 0 && s != tripSize; });
      if (moving.empty()) {
        // (A read-only variable's dimension may grow with the trip size,
        // which then keeps its windows inside: their bounds conditions
        // are that analysis's.)
        if (e.top || e.periodic || setByTiles ||
            (tripSize && e.j[*tripSize] && use.mutated)) {
          // One size alone, of a read-only variable: it may be a trip
          // size too (attention's S and the keys' rows).
          SmallVector<unsigned> by;
          for (unsigned s : tileSizes)
            if (e.j[s])
              by.push_back(s);
          if (!tripSize && !e.top && !e.periodic && !use.mutated &&
              by.size() == 1)
            growing = by.front();
          return why.set(alloc, "dimension " + Twine(d) + " of '" + name +
                                    "' grows with the tile counts' sizes, "
                                    "but no digit of the tile index moves "
                                    "along it");
        }
        continue;
      }
      if (e.top || e.periodic || !eLeast || lo[d] > hi[d])
        return why.set(alloc, "the extent of dimension " + Twine(d) + " of '" +
                                  name + "' is not affine in the sizes");
      llvm::sort(moving);
      // Apart: each digit moves the dimension at least as far as the
      // digits below it span, the least at least a tile's footprint.
      // Inside: the greatest digits' windows end before the extent at every
      // size (at the least sizes, and the extent grows as fast).
      __int128 end = hi[d];
      if (lo[d] < 0)
        return why.set(alloc, "a tile's window of '" + name +
                                  "' starts before 0 in dimension " + Twine(d));
      if (use.mutated && moving.front().first < hi[d] - lo[d])
        return why.set(alloc, "two tiles' windows of '" + name +
                                  "' overlap in dimension " + Twine(d) +
                                  ": its digits move it by " +
                                  Twine(moving.front().first) +
                                  ", less than a tile's footprint of " +
                                  Twine(hi[d] - lo[d]));
      for (auto [i, m] : llvm::enumerate(moving)) {
        const Radix &r = digits[m.second].r;
        bool last = i + 1 == moving.size();
        if (!last && (r.v || static_cast<__int128>(m.first) * r.least >
                                 moving[i + 1].first))
          return why.set(alloc, "dimension " + Twine(d) + " of '" + name +
                                    "' is not the tile index's digits as a "
                                    "mixed-radix number (a digit below "
                                    "another ranges past it, or over a "
                                    "size)");
        end += static_cast<__int128>(m.first) * (r.least - 1);
        if (last)
          for (unsigned s = 0; s < numSizes; ++s)
            if (static_cast<__int128>(m.first) * r.slope[s] > e.j[s])
              return why.set(alloc, "the tiles outgrow dimension " + Twine(d) +
                                        " of '" + name + "'");
      }
      if (end > *eLeast)
        return why.set(alloc, "the last tiles' windows of '" + name +
                                  "' end past dimension " + Twine(d) +
                                  "'s extent at the least sizes");
    }
    if (use.mutated)
      for (size_t k = 0; k < digits.size(); ++k)
        if (llvm::all_of(coef,
                         [&](ArrayRef<int64_t> row) { return row[k] == 0; }))
          return why.set(alloc, "tiles that differ only in one digit of the "
                                "tile index mutate the same elements of '" +
                                    name + "'");
  }
  return true;
}

/// The tile sizes reach nothing else than the tile count, the tile index
/// and its digits, offsets through them, extents of variables allocated
/// outside the device and host accesses of whole variables.
bool RoleAnalyzer::checkTileReach(TileRead &r, ArrayRef<unsigned> tileSizes,
                                  std::optional<unsigned> tripSize,
                                  Refusal &why) {
  amir::TasksForOp tasks = r.tasks;
  amir::SeqForOp loop = r.loop;
  const DenseMap<Value, int> &digitOf = r.digitOf;
  Block &top = program.getBody().front();
  const SmallVector<Operation *> &guards = r.guards;
  const DenseSet<Operation *> &chainOps = r.chainOps, &digitOps = r.digitOps;
  // They reach nothing else: the tile count, the tile index and its
  // digits, the offsets of the tasks' shared variables through them, the
  // extents of variables allocated outside the device and host accesses of
  // whole variables.
  DenseMap<Value, unsigned> from;
  for (unsigned s : tileSizes)
    if (s != tripSize)
      from[top.getArgument(s)] = s;
  DenseSet<Value> digitLinear;
  for (const auto &[v, k] : digitOf)
    digitLinear.insert(v);
  auto sizeName = [&](unsigned s) {
    return cast<StringAttr>(program.getArgNames()[s]).getValue().str();
  };
  WalkResult walk = program.walk<WalkOrder::PreOrder>([&](Operation *op) {
    std::optional<unsigned> reach;
    for (Value v : op->getOperands())
      if (auto it = from.find(v); it != from.end())
        reach = it->second;
    if (!reach)
      return WalkResult::advance();
    auto refuse = [&]() {
      why.set(op, sizeName(*reach) + " reaches " + describeOp(op) +
                      " other than through the tile count, the tile index "
                      "and its digits");
      return WalkResult::interrupt();
    };
    if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()) &&
        op->getNumResults() == 1) {
      from[op->getResult(0)] = *reach;
      if (!inDevice(op) || chainOps.contains(op) || digitOps.contains(op))
        return WalkResult::advance();
      // Digits times constants, plus what does not depend on the sizes.
      bool linear = isa<arith::AddIOp, arith::SubIOp>(op) ||
                    (isa<arith::MulIOp, arith::ShLIOp>(op) &&
                     llvm::any_of(op->getOperands(), [](Value v) {
                       return getConstantIntValue(v).has_value();
                     }));
      for (Value v : op->getOperands())
        linear &= !from.count(v) || digitLinear.contains(v);
      if (!linear)
        return refuse();
      digitLinear.insert(op->getResult(0));
      return WalkResult::advance();
    }
    if (op == tasks.getOperation() && !from.count(tasks.getLower()))
      return WalkResult::advance();
    if (op == loop.getOperation())
      return WalkResult::advance(); // its upper bound, read above
    if (auto i = dyn_cast<amir::IfOp>(op);
        i && llvm::any_of(guards, [&](Operation *g) {
          return g && i.getCondition() == g->getResult(0);
        }))
      return WalkResult::advance(); // a tile's guard, read above
    if ((isa<amir::AllocOp>(op) && !inDevice(op)) ||
        (!inDevice(op) && llvm::all_of(op->getOperands(), [&](Value v) {
          return !from.count(v) || isWholeExtent(op, v);
        })))
      return WalkResult::advance();
    if (isa<amir::ReadOp, amir::MutateOp>(op) && loop->isProperAncestor(op) &&
        symmetry.shared.count(op->getOperand(0)) &&
        llvm::all_of(op->getOperands(), [&](Value v) {
          return !from.count(v) || digitLinear.contains(v);
        }))
      return WalkResult::advance();
    return refuse();
  });
  if (walk.wasInterrupted())
    return false;
  return true;
}

bool RoleAnalyzer::tiles(SizeRoles::TileCounts &out,
                         SmallVectorImpl<unsigned> &tileSizes, Refusal &why,
                         std::optional<unsigned> tripSize) {
  enumeration.clear();
  growing.reset();
  TileRead r;
  if (!readTileCount(r, tileSizes, why) || !readTileIterator(r, why) ||
      !readTileRates(r, why) || !readDigits(r, why))
    return false;
  enumeration = r.chainOps;
  enumeration.insert(r.digitOps.begin(), r.digitOps.end());
  if (!checkTileWindows(r, tileSizes, tripSize, why) ||
      !checkTileReach(r, tileSizes, tripSize, why))
    return false;
  out.total = r.total;
  out.clusters = r.nc;
  out.loop = r.loop;
  out.rates = std::move(r.tileRates);
  out.group = r.w;
  out.tiles = r.tilesValue;
  out.head = r.head;
  out.periodMultiple = r.periodMultiple;
  return true;
}

} // namespace

std::optional<int64_t> exo::evaluateFromSizes(Value v, ArrayRef<int64_t> sizes,
                                              amir::ProgramOp program,
                                              DenseMap<Value, int64_t> &memo) {
  return evaluateFrom(
      v,
      [&](Value x) -> std::optional<int64_t> {
        auto arg = dyn_cast<BlockArgument>(x);
        if (arg && arg.getOwner() == &program.getBody().front())
          return sizes[arg.getArgNumber()];
        return std::nullopt;
      },
      memo);
}

SizeLattice exo::roundUp(const SizeLattice &l, int64_t unit) {
  if (unit < 2 || l.empty())
    return l;
  SizeLattice r;
  r.step = unit;
  r.least = llvm::divideCeilSigned(l.least, unit) * unit;
  r.most = llvm::divideCeilSigned(l.most, unit) * unit;
  return r;
}

SizeRoles exo::analyzeSizeRoles(amir::ProgramOp program) {
  SizeRoles roles;
  SmallVector<SizeLattice> lattices;
  SmallVector<bool> capped;
  roles.why = readLattices(program, lattices, capped);
  for (auto [i, name] : llvm::enumerate(program.getArgNames())) {
    SizeRoles::Size s;
    s.name = cast<StringAttr>(name).getValue().str();
    if (i < lattices.size())
      s.legal = s.lattice = lattices[i];
    s.why = roles.why;
    roles.sizes.push_back(s);
  }
  if (lattices.size() != roles.sizes.size())
    return roles;
  // Partial tiles: a size that rounds up is checked at the multiples of
  // its unit, and its roles are read on that lattice.
  amir::DeviceOp device;
  program.walk([&](amir::DeviceOp d) { device = d; });
  for (auto [i, size] : llvm::enumerate(roles.sizes)) {
    if (size.lattice.empty())
      continue;
    Rounding r = roundingOf(program, device, i, lattices[i], capped[i]);
    size.roundWhy = r.why;
    if (!r.unit)
      continue;
    size.rounding = r.unit;
    lattices[i] = size.lattice = roundUp(size.legal, r.unit);
  }
  RoleAnalyzer analyzer(program, lattices);
  SmallVector<unsigned> candidates;
  for (auto [i, size] : llvm::enumerate(roles.sizes)) {
    Refusal why;
    if (size.lattice.empty()) {
      size.why = "requires allows it no value";
      continue;
    }
    if (analyzer.grid(i, size, why)) {
      size.why = roles.why;
      continue;
    }
    size.why = why.why;
    size.whyOp = why.op;
    candidates.push_back(i);
  }
  for (unsigned s : candidates) {
    SizeRoles::Size &size = roles.sizes[s];
    PumpPlan plan;
    Refusal why;
    bool isTrip = analyzer.trip(s, plan, why);
    if (isTrip && roles.pump) {
      size.why = "only one size may set a loop's trip count (" +
                 roles.sizes[roles.pump->size].name + " does)";
      continue;
    }
    if (!isTrip) {
      // The grid reason stays when the size reaches no loop bound.
      if (why.op != program.getOperation()) {
        size.why = why.why;
        size.whyOp = why.op;
      }
      // Persistence is the reason, whatever rounding up would do.
      if (analyzer.isTileLoop(why.op))
        size.roundWhy.clear();
      continue;
    }
    size.role = SizeRoles::Role::Trip;
    size.why = roles.why;
    roles.pump = std::move(plan);
  }
  // Persistent tasks: the sizes that set their tile counts, if every one
  // of them is left uncovered so far.
  SizeRoles::TileCounts counts;
  SmallVector<unsigned> tileSizes;
  Refusal why;
  auto allUncovered = [&](ArrayRef<unsigned> sizes) {
    return llvm::all_of(sizes, [&](unsigned s) {
      return roles.sizes[s].role == SizeRoles::Role::Uncovered &&
             !roles.sizes[s].lattice.empty();
    });
  };
  bool covered =
      analyzer.tiles(counts, tileSizes, why) && allUncovered(tileSizes);
  // A size that sets both the number of tiles (a factor of it) and the
  // trip count of the loop each tile runs (attention's S: query tiles per
  // head, key blocks per tile): a trip size whose reach through the tile
  // enumeration the tile-count analysis reads, and a tile size whose reach
  // elsewhere the trip analysis reads (docs/SymbolicChecking.md, "A size
  // that sets both").
  std::optional<unsigned> both = analyzer.growingSize();
  if (!covered && !roles.pump && both && !analyzer.enumerationOps().empty() &&
      allUncovered(tileSizes)) {
    unsigned s = *both;
    PumpPlan plan;
    Refusal tripWhy, tilesWhy;
    SmallVector<unsigned> again;
    SizeRoles::TileCounts counted;
    if (!analyzer.trip(s, plan, tripWhy, true)) {
      if (!tripWhy.why.empty())
        why = Refusal();
      why.set(tripWhy.op, roles.sizes[s].name +
                              " sets the number of tiles and the trip count "
                              "of a loop in them, which is not covered: " +
                              tripWhy.why);
    } else if (!analyzer.tiles(counted, again, tilesWhy, s)) {
      why = tilesWhy;
    } else {
      SizeRoles::Size &size = roles.sizes[s];
      size.role = SizeRoles::Role::Trip;
      size.why = roles.why;
      size.roundWhy.clear();
      roles.pump = std::move(plan);
      counted.tripSets = true;
      counts = std::move(counted);
      tileSizes.clear();
      for (unsigned t : again)
        if (t != s)
          tileSizes.push_back(t);
      covered = true;
    }
  }
  if (covered) {
    for (unsigned s : tileSizes) {
      SizeRoles::Size &size = roles.sizes[s];
      size.role = SizeRoles::Role::Tiles;
      size.why = roles.why;
      size.roundWhy.clear();
    }
    roles.tiles = counts;
  } else if (!why.why.empty()) {
    for (SizeRoles::Size &size : roles.sizes)
      if (size.role == SizeRoles::Role::Uncovered &&
          (analyzer.isTileLoop(size.whyOp) ||
           analyzer.isTaskLoop(size.whyOp))) {
        size.why = "it sets the tile counts of persistent tasks, not "
                   "covered: " +
                   why.why;
        size.whyOp = why.op;
      }
  }
  return roles;
}

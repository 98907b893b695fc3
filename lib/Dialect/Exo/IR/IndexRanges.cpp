//===- IndexRanges.cpp - Index arithmetic stays within 64 bits ------------===//
//
// Part of the Exo-GPU project.
//
// An interval for every index value of a proc, in 128-bit arithmetic: sizes
// are [0, kMaxSize], a loop's iterator runs over [lower, upper - 1], and each
// arith op maps its operands' intervals to its result's. A result interval
// that leaves int64_t is an op that may overflow. A value whose interval is
// not known (an op the analysis does not model) makes the ops that use it
// unknown too: they are not refused, since nothing is proved about them
// either way.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <numeric>
#include <optional>

using namespace mlir;
using namespace exo;

namespace {

using Wide = __int128;

constexpr Wide kInt64Min = INT64_MIN;
constexpr Wide kInt64Max = INT64_MAX;

struct Range {
  Wide lo, hi;
  bool contains(Wide v) const { return lo <= v && v <= hi; }
  bool fitsInt64() const { return lo >= kInt64Min && hi <= kInt64Max; }
};

Range hull(std::initializer_list<Wide> values) {
  return {std::min(values), std::max(values)};
}

/// Decimal text of a 128-bit value.
std::string toString(Wide v) {
  if (v == 0)
    return "0";
  bool negative = v < 0;
  std::string digits;
  while (v != 0) {
    int d = int(v % 10);
    digits.push_back(char('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  if (negative)
    digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Wide floorDiv(Wide a, Wide b) {
  Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
Wide ceilDiv(Wide a, Wide b) {
  Wide q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

class RangeChecker {
public:
  LogicalResult run(ProcOp proc);

private:
  std::optional<Range> lookup(Value v) const {
    auto it = ranges.find(v);
    if (it == ranges.end())
      return std::nullopt;
    return it->second;
  }
  std::optional<Range> bound(OpFoldResult ofr) const {
    if (auto v = dyn_cast<Value>(ofr))
      return lookup(v);
    int64_t c = cast<IntegerAttr>(cast<Attribute>(ofr)).getInt();
    return Range{c, c};
  }
  /// The result interval of an arith op, or nullopt when it is not modeled
  /// or an operand is not known.
  std::optional<Range> transfer(Operation *op) const;

  llvm::DenseMap<Value, Range> ranges;
};

std::optional<Range> RangeChecker::transfer(Operation *op) const {
  auto operand = [&](unsigned i) { return lookup(op->getOperand(i)); };
  auto binary = [&](auto fn) -> std::optional<Range> {
    std::optional<Range> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    return fn(*a, *b);
  };
  // Division by a divisor interval that excludes 0: the quotient is monotone
  // in each operand, so its extremes are at the corners.
  auto divide = [&](Wide (*div)(Wide, Wide),
                    bool isUnsigned) -> std::optional<Range> {
    return binary([&](Range a, Range b) -> std::optional<Range> {
      if (b.contains(0) || (isUnsigned && (a.lo < 0 || b.lo < 0)))
        return std::nullopt;
      return hull(
          {div(a.lo, b.lo), div(a.lo, b.hi), div(a.hi, b.lo), div(a.hi, b.hi)});
    });
  };
  static constexpr auto trunc = +[](Wide a, Wide b) { return a / b; };
  return llvm::TypeSwitch<Operation *, std::optional<Range>>(op)
      .Case([&](arith::ConstantOp c) -> std::optional<Range> {
        auto i = dyn_cast<IntegerAttr>(c.getValue());
        if (!i || i.getType().isInteger(1))
          return std::nullopt;
        int64_t v = i.getValue().getSExtValue();
        return Range{v, v};
      })
      .Case([&](arith::AddIOp) {
        return binary(
            [](Range a, Range b) { return Range{a.lo + b.lo, a.hi + b.hi}; });
      })
      .Case([&](arith::SubIOp) {
        return binary(
            [](Range a, Range b) { return Range{a.lo - b.hi, a.hi - b.lo}; });
      })
      .Case([&](arith::MulIOp) {
        return binary([](Range a, Range b) {
          return hull({a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi});
        });
      })
      .Case([&](arith::DivSIOp) { return divide(trunc, false); })
      .Case([&](arith::DivUIOp) { return divide(trunc, true); })
      .Case([&](arith::FloorDivSIOp) { return divide(floorDiv, false); })
      .Case([&](arith::CeilDivSIOp) { return divide(ceilDiv, false); })
      .Case([&](arith::CeilDivUIOp) { return divide(ceilDiv, true); })
      .Case([&](arith::RemSIOp) {
        return binary([](Range a, Range b) -> std::optional<Range> {
          if (b.contains(0))
            return std::nullopt;
          Wide m = std::max(b.lo < 0 ? -b.lo : b.lo, b.hi < 0 ? -b.hi : b.hi);
          Wide lo = a.lo >= 0 ? 0 : std::max(a.lo, 1 - m);
          Wide hi = a.hi <= 0 ? 0 : std::min(a.hi, m - 1);
          return Range{lo, hi};
        });
      })
      .Case([&](arith::RemUIOp) {
        return binary([](Range a, Range b) -> std::optional<Range> {
          if (a.lo < 0 || b.lo <= 0)
            return std::nullopt;
          return Range{0, std::min(a.hi, b.hi - 1)};
        });
      })
      .Case([&](arith::MinSIOp) {
        return binary([](Range a, Range b) {
          return Range{std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
        });
      })
      .Case([&](arith::MaxSIOp) {
        return binary([](Range a, Range b) {
          return Range{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
        });
      })
      .Case([&](arith::MinUIOp) {
        return binary([](Range a, Range b) -> std::optional<Range> {
          if (a.lo < 0 || b.lo < 0)
            return std::nullopt;
          return Range{std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
        });
      })
      .Case([&](arith::MaxUIOp) {
        return binary([](Range a, Range b) -> std::optional<Range> {
          if (a.lo < 0 || b.lo < 0)
            return std::nullopt;
          return Range{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
        });
      })
      .Case([&](arith::SelectOp) -> std::optional<Range> {
        std::optional<Range> a = operand(1), b = operand(2);
        if (!a || !b)
          return std::nullopt;
        return Range{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
      })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>([&](Operation *cast) -> std::optional<Range> {
        // From a narrower integer: the source's interval, or its type's.
        Type from = cast->getOperand(0).getType();
        if (from.isIndex() || !cast->getResult(0).getType().isIndex())
          return operand(0);
        unsigned w = from.getIntOrFloatBitWidth();
        if (w >= 64)
          return operand(0);
        bool isUnsigned = isa<arith::IndexCastUIOp, arith::ExtUIOp>(cast);
        std::optional<Range> a = operand(0);
        if (a && (!isUnsigned || a->lo >= 0))
          return a;
        Wide span = Wide(1) << w;
        return isUnsigned ? Range{0, span - 1} : Range{-span / 2, span / 2 - 1};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Adds `scale` times the affine expression `e` over the symbols to
/// `coeffs` (one per symbol) and `constant`; false when `e` is not linear
/// (mod, floordiv, ceildiv, or a product of two non-constants) or when a
/// coefficient would leave [-2^64, 2^64] (the 128-bit arithmetic then
/// cannot overflow: each product is of values within 2^64).
static bool addLinear(AffineExpr e, Wide scale, SmallVectorImpl<Wide> &coeffs,
                      Wide &constant) {
  constexpr Wide kLimit = Wide(1) << 64;
  auto within = [&](Wide x) { return -kLimit <= x && x <= kLimit; };
  if (!within(scale))
    return false;
  if (auto cst = dyn_cast<AffineConstantExpr>(e)) {
    constant += scale * cst.getValue();
    return within(constant);
  }
  if (auto sym = dyn_cast<AffineSymbolExpr>(e)) {
    if (sym.getPosition() >= coeffs.size())
      return false;
    coeffs[sym.getPosition()] += scale;
    return within(coeffs[sym.getPosition()]);
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return false;
  if (bin.getKind() == AffineExprKind::Add)
    return addLinear(bin.getLHS(), scale, coeffs, constant) &&
           addLinear(bin.getRHS(), scale, coeffs, constant);
  if (bin.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return addLinear(bin.getLHS(), scale * c.getValue(), coeffs, constant);
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return addLinear(bin.getRHS(), scale * c.getValue(), coeffs, constant);
  }
  return false;
}

} // namespace

namespace {
/// The `requires` clause of `op` (an exo.proc) and the size arguments its
/// symbols stand for, in order; none when there is no clause or its
/// symbols are not the sizes.
std::optional<std::pair<IntegerSet, SmallVector<Value>>>
requiresOverSizes(Operation *op) {
  auto proc = dyn_cast<ProcOp>(op);
  IntegerSetAttr req = proc ? proc.getAssertionsAttr() : IntegerSetAttr();
  if (!req)
    return std::nullopt;
  SmallVector<Value> sizes;
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (arg.getType().isIndex())
      sizes.push_back(arg);
  IntegerSet set = req.getValue();
  if (set.getNumSymbols() != sizes.size() || set.getNumDims() != 0)
    return std::nullopt;
  return std::make_pair(set, std::move(sizes));
}
} // namespace

SingleSizeConstraints exo::readSingleSizeConstraints(IntegerSet set) {
  SingleSizeConstraints out;
  unsigned n = set.getNumSymbols();
  out.bounds.assign(n, std::nullopt);
  out.divisors.assign(n, 0);
  for (unsigned i = 0, e = set.getNumConstraints(); i < e; ++i) {
    // s mod d == 0
    if (auto expr = dyn_cast<AffineBinaryOpExpr>(set.getConstraint(i));
        set.isEq(i) && expr && expr.getKind() == AffineExprKind::Mod) {
      auto sym = dyn_cast<AffineSymbolExpr>(expr.getLHS());
      auto c = dyn_cast<AffineConstantExpr>(expr.getRHS());
      if (sym && c && sym.getPosition() < n && c.getValue() > 0) {
        int64_t &div = out.divisors[sym.getPosition()];
        div = std::lcm(std::max<int64_t>(div, 1), c.getValue());
        continue;
      }
    }
    // a s + c >= 0, a s + c == 0
    SmallVector<Wide> coeffs(n, 0);
    Wide c = 0;
    if (!addLinear(set.getConstraint(i), 1, coeffs, c)) {
      out.unread = true;
      continue;
    }
    auto nonzero = [](Wide x) { return x != 0; };
    if (llvm::count_if(coeffs, nonzero) != 1) {
      out.relatesSizes |= llvm::count_if(coeffs, nonzero) > 1;
      continue;
    }
    unsigned k = llvm::find_if(coeffs, nonzero) - coeffs.begin();
    Wide a = coeffs[k];
    std::pair<int64_t, int64_t> &bound = out.bounds[k].emplace(
        out.bounds[k].value_or(std::pair<int64_t, int64_t>{0, kMaxSize}));
    Wide lo = bound.first, hi = bound.second;
    if (set.isEq(i)) {
      if (c % a != 0) {
        lo = 1;
        hi = 0;
      } else {
        lo = std::max(lo, -c / a);
        hi = std::min(hi, -c / a);
      }
    } else if (a > 0) {
      lo = std::max(lo, ceilDiv(-c, a));
    } else {
      hi = std::min(hi, floorDiv(c, -a));
    }
    bound = {static_cast<int64_t>(std::clamp<Wide>(lo, 0, kMaxSize + 1)),
             static_cast<int64_t>(std::clamp<Wide>(hi, -1, kMaxSize))};
  }
  return out;
}

DenseMap<Value, std::pair<int64_t, int64_t>> exo::getSizeBounds(Operation *op) {
  DenseMap<Value, std::pair<int64_t, int64_t>> bounds;
  if (auto clause = requiresOverSizes(op)) {
    SingleSizeConstraints read = readSingleSizeConstraints(clause->first);
    for (auto [size, bound] : llvm::zip_equal(clause->second, read.bounds))
      if (bound)
        bounds[size] = *bound;
  }
  return bounds;
}

DenseMap<Value, int64_t> exo::getSizeDivisors(Operation *op) {
  DenseMap<Value, int64_t> divisors;
  if (auto clause = requiresOverSizes(op)) {
    SingleSizeConstraints read = readSingleSizeConstraints(clause->first);
    for (auto [size, div] : llvm::zip_equal(clause->second, read.divisors))
      if (div)
        divisors[size] = div;
  }
  return divisors;
}

namespace {

LogicalResult RangeChecker::run(ProcOp proc) {
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (arg.getType().isIndex())
      ranges[arg] = Range{0, kMaxSize};
  // A `requires` constraint on one size alone narrows that size's range:
  // `65535 - B >= 0` bounds B by 65535, `D - 64 == 0` pins D. Lower bounds
  // alone are not used: a size's range keeps 0, so a division by it stays
  // unmodelled, since intervals cannot see that a persistent tile loop's
  // iterator times its stride (pi NC for pi < ceil((T - pc) / NC)) stays
  // below T.
  for (auto [size, bounds] : getSizeBounds(proc)) {
    Range &r = ranges[size];
    if (bounds.first == bounds.second)
      r = Range{bounds.first, bounds.second};
    else
      r.hi = std::max<Wide>(r.lo, std::min<Wide>(r.hi, bounds.second));
  }
  WalkResult walk = proc.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) -> WalkResult {
        if (auto loop = dyn_cast<ForOp>(op)) {
          std::optional<Range> lo = bound(loop.getLowerBound());
          std::optional<Range> hi = bound(loop.getUpperBound());
          // The iterator takes values in [lower, upper - 1] when the loop
          // runs; a loop that cannot run gives its iterator its lower bound.
          if (lo && hi)
            ranges[loop.getInductionVar()] =
                Range{lo->lo, std::max(lo->lo, hi->hi - 1)};
          return WalkResult::advance();
        }
        if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
            op->getNumResults() != 1)
          return WalkResult::advance();
        Value result = op->getResult(0);
        Type type = result.getType();
        if (!type.isIndex() && !type.isSignlessInteger())
          return WalkResult::advance();
        std::optional<Range> r = transfer(op);
        if (!r)
          return WalkResult::advance();
        if (type.isIndex() && !r->fitsInt64()) {
          op->emitOpError()
              << "may overflow 64-bit index arithmetic: its value ranges over ["
              << toString(r->lo) << ", " << toString(r->hi)
              << "] for sizes in [0, " << kMaxSize
              << "] (a proc's index arguments, narrowed by the constraints "
                 "of `requires` on one size); index computations must stay "
                 "within int64";
          return WalkResult::interrupt();
        }
        if (!type.isIndex()) {
          // An integer of a narrower type wraps by definition: its interval
          // is only kept while it fits.
          unsigned w = type.getIntOrFloatBitWidth();
          if (w > 64 || r->lo < -(Wide(1) << (w - 1)) ||
              r->hi >= (Wide(1) << (w - 1)))
            return WalkResult::advance();
        }
        ranges[result] = *r;
        return WalkResult::advance();
      });
  return failure(walk.wasInterrupted());
}

} // namespace

LogicalResult exo::checkIndexRanges(Operation *proc) {
  auto p = dyn_cast<ProcOp>(proc);
  if (!p)
    return success();
  return RangeChecker().run(p);
}

LogicalResult exo::checkSizeValue(StringRef name, int64_t value,
                                  function_ref<InFlightDiagnostic()> emit) {
  if (value >= 0 && value <= kMaxSize)
    return success();
  return emit() << "size " << name << " = " << value << " is outside [0, "
                << kMaxSize << "], the range every size must lie in";
}

std::optional<unsigned> exo::getViolatedConstraint(IntegerSet set,
                                                   ArrayRef<int64_t> values) {
  SmallVector<AffineExpr> syms;
  for (int64_t v : values)
    syms.push_back(getAffineConstantExpr(v, set.getContext()));
  for (unsigned c = 0, e = set.getNumConstraints(); c < e; ++c) {
    auto v =
        dyn_cast<AffineConstantExpr>(set.getConstraint(c).replaceSymbols(syms));
    if (!v || (set.isEq(c) ? v.getValue() != 0 : v.getValue() < 0))
      return c;
  }
  return std::nullopt;
}

InFlightDiagnostic exo::emitViolatedAssertion(Operation *op, StringRef sym,
                                              IntegerSet set, unsigned c,
                                              ArrayRef<StringRef> names,
                                              ArrayRef<int64_t> values) {
  std::string constraint;
  llvm::raw_string_ostream(constraint) << set.getConstraint(c);
  InFlightDiagnostic diag = op->emitError()
                            << "the sizes violate assertion " << c << " of @"
                            << sym << ": " << constraint
                            << (set.isEq(c) ? " == 0" : " >= 0") << " with";
  for (auto [i, name] : llvm::enumerate(names))
    diag << (i ? ", s" : " s") << i << " = " << name << " = " << values[i];
  return diag;
}

uint64_t exo::productDivisor(uint64_t a, uint64_t b, unsigned capLog2) {
  unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  if (p <= (static_cast<unsigned __int128>(1) << capLog2))
    return static_cast<uint64_t>(p);
  unsigned twos = llvm::countr_zero(a) + llvm::countr_zero(b);
  return uint64_t(1) << std::min(twos, capLog2);
}

namespace {

/// What is known of an index value's residues: `exact`, its one value;
/// otherwise every value it takes is `rem` modulo `mod` (1 <= mod <= kAny,
/// 0 <= rem < mod). Keeping the residue, not only a divisor, proves sums
/// like 8 t + 4 + 4 multiples of 8 (a divisor alone gives gcd(8, 4)).
struct Residue {
  bool exact = false;
  int64_t value = 0;
  uint64_t mod = 1, rem = 0;
};

constexpr unsigned kAnyLog2 = 40;
constexpr int64_t kAny = int64_t(1) << kAnyLog2;

uint64_t magnitude(int64_t c) {
  uint64_t u = static_cast<uint64_t>(c);
  return c < 0 ? ~u + 1 : u;
}

/// A divisor of every value (kAny standing for 0, which anything divides).
uint64_t divisorOf(const Residue &r) {
  if (r.exact)
    return r.value == 0 ? kAny
                        : productDivisor(magnitude(r.value), 1, kAnyLog2);
  return r.rem == 0 ? r.mod : std::gcd(r.mod, r.rem);
}

Residue modular(uint64_t mod, __int128 rem) {
  __int128 m = mod;
  Residue r;
  r.mod = mod;
  r.rem = static_cast<uint64_t>(((rem % m) + m) % m);
  return r;
}

/// The residues of x + sign * y.
Residue addResidues(const Residue &x, const Residue &y, int sign) {
  if (x.exact && y.exact) {
    int64_t out;
    if (!(sign > 0 ? llvm::AddOverflow(x.value, y.value, out)
                   : llvm::SubOverflow(x.value, y.value, out)))
      return {true, out};
    return modular(std::gcd(divisorOf(x), divisorOf(y)), 0);
  }
  auto signedRem = [](const Residue &r) -> __int128 {
    return r.exact ? static_cast<__int128>(r.value) : r.rem;
  };
  uint64_t mod = x.exact ? y.mod : y.exact ? x.mod : std::gcd(x.mod, y.mod);
  return modular(mod, signedRem(x) + sign * signedRem(y));
}

Residue mulResidues(const Residue &x, const Residue &y) {
  if (x.exact && y.exact) {
    int64_t out;
    if (!llvm::MulOverflow(x.value, y.value, out))
      return {true, out};
  } else if (x.exact || y.exact) {
    const Residue &c = x.exact ? x : y, &r = x.exact ? y : x;
    if (c.value == 0)
      return {true, 0};
    // v = rem + mod k, so v c = rem c + mod c k: rem c modulo any divisor
    // of mod |c|.
    uint64_t mod = productDivisor(r.mod, magnitude(c.value), kAnyLog2);
    return modular(mod, static_cast<__int128>(r.rem) * c.value);
  }
  return modular(productDivisor(divisorOf(x), divisorOf(y), kAnyLog2), 0);
}

Residue residueOf(Value v, int depth) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return {true, *c};
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || def->getNumOperands() != 2)
    return {};
  if (!isa<arith::MulIOp, arith::AddIOp, arith::SubIOp>(def))
    return {};
  Residue x = residueOf(def->getOperand(0), depth + 1);
  Residue y = residueOf(def->getOperand(1), depth + 1);
  if (isa<arith::MulIOp>(def))
    return mulResidues(x, y);
  return addResidues(x, y, isa<arith::SubIOp>(def) ? -1 : 1);
}

} // namespace

int64_t exo::knownDivisor(Value v, int depth) {
  // A divisor of every value `v` can take. Zero is divisible by anything:
  // kAny, a power of two, stands for that, and every result stays at most
  // kAny while still dividing the value (a larger one is replaced by the
  // power of two in it, never by kAny itself).
  return static_cast<int64_t>(divisorOf(residueOf(v, depth)));
}

int64_t exo::knownDivisor(OpFoldResult v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return static_cast<int64_t>(divisorOf({true, *c}));
  return knownDivisor(cast<Value>(v));
}

int64_t exo::knownDivisorOfSum(ArrayRef<OpFoldResult> terms) {
  Residue sum{true, 0};
  for (OpFoldResult t : terms) {
    std::optional<int64_t> c = getConstantIntValue(t);
    sum = addResidues(sum, c ? Residue{true, *c} : residueOf(cast<Value>(t), 0),
                      1);
  }
  return static_cast<int64_t>(divisorOf(sum));
}

//===- IndexExpr.cpp - Index arithmetic read as expressions ---------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace exo;

/// Every constant of an expression readIndexOp returns (coefficients,
/// offsets, divisors) is below this in magnitude: sums of two cannot
/// overflow AffineExpr's 64-bit folding, which wraps.
static constexpr int64_t kConstantBound = int64_t(1) << 61;

/// The largest magnitude of a constant in `e`.
static uint64_t largestConstant(AffineExpr e) {
  uint64_t m = 0;
  e.walk([&](AffineExpr x) {
    if (auto c = dyn_cast<AffineConstantExpr>(x))
      m = std::max(m, c.getValue() < 0 ? 0 - static_cast<uint64_t>(c.getValue())
                                       : static_cast<uint64_t>(c.getValue()));
  });
  return m;
}

/// Whether multiplying expressions whose constants are at most `a` and `b`
/// in magnitude keeps every constant below the bound.
static bool productFits(uint64_t a, uint64_t b) {
  uint64_t p;
  return !__builtin_mul_overflow(std::max<uint64_t>(a, 1),
                                 std::max<uint64_t>(b, 1), &p) &&
         p < static_cast<uint64_t>(kConstantBound);
}

std::pair<AffineExpr, AffineExpr> exo::floorDivision(AffineExpr lhs, int64_t d,
                                                     bool) {
  return {lhs.floorDiv(d), lhs % d};
}

FailureOr<AffineExpr> exo::readIndexOp(Operation *op,
                                       ArrayRef<AffineExpr> operands,
                                       TruncDivFn truncDiv, bool products) {
  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    auto i = dyn_cast<IntegerAttr>(cst.getValue());
    if (!i || i.getValue().getSignificantBits() > 62)
      return failure();
    return getAffineConstantExpr(i.getInt(), op->getContext());
  }
  if (operands.size() != op->getNumOperands() ||
      llvm::any_of(operands, [](AffineExpr e) {
        return largestConstant(e) >= static_cast<uint64_t>(kConstantBound);
      }))
    return failure();
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return operands[0];
  if (operands.size() != 2)
    return failure();
  AffineExpr lhs = operands[0], rhs = operands[1];
  if (isa<arith::AddIOp>(op))
    return lhs + rhs;
  if (isa<arith::SubIOp>(op))
    return lhs - rhs;
  if (isa<arith::MulIOp>(op)) {
    if ((!products && !isa<AffineConstantExpr>(lhs) &&
         !isa<AffineConstantExpr>(rhs)) ||
        !productFits(largestConstant(lhs), largestConstant(rhs)))
      return failure();
    return lhs * rhs;
  }
  auto k = dyn_cast<AffineConstantExpr>(rhs);
  if (!k)
    return failure();
  int64_t d = k.getValue();
  if (isa<arith::ShLIOp>(op)) {
    if (d < 0 || d >= 61 ||
        !productFits(largestConstant(lhs), uint64_t(1) << d))
      return failure();
    return lhs * (int64_t(1) << d);
  }
  if (d <= 0)
    return failure();
  if (isa<arith::FloorDivSIOp>(op))
    return lhs.floorDiv(d);
  if (isa<arith::CeilDivSIOp>(op))
    return lhs.ceilDiv(d);
  if (isa<arith::DivSIOp, arith::RemSIOp>(op)) {
    auto [q, r] = truncDiv(lhs, d, /*isUnsigned=*/false);
    return isa<arith::DivSIOp>(op) ? q : r;
  }
  if (isa<arith::DivUIOp, arith::RemUIOp>(op)) {
    auto [q, r] = truncDiv(lhs, d, /*isUnsigned=*/true);
    return isa<arith::DivUIOp>(op) ? q : r;
  }
  if (isa<arith::CeilDivUIOp>(op))
    return truncDiv(lhs + (d - 1), d, /*isUnsigned=*/true).first;
  return failure();
}

bool LinearForm::addScaled(const LinearForm &x, int64_t k) {
  int64_t p;
  if (llvm::MulOverflow(x.constant, k, p) ||
      llvm::AddOverflow(constant, p, constant))
    return false;
  for (const auto &term : x.terms) {
    Value v = term.first;
    if (llvm::MulOverflow(term.second, k, p))
      return false;
    auto *it =
        llvm::find_if(terms, [&](const auto &t) { return t.first == v; });
    if (it == terms.end())
      terms.push_back({v, p});
    else if (llvm::AddOverflow(it->second, p, it->second))
      return false;
  }
  // The terms keep their first occurrence's order: the output does not
  // depend on pointers.
  llvm::erase_if(terms, [](const auto &t) { return t.second == 0; });
  return true;
}

int64_t LinearForm::coefficientOf(Value v) const {
  for (const auto &[x, c] : terms)
    if (x == v)
      return c;
  return 0;
}

/// The constant factor of a muli or shli, and the other operand.
static std::optional<std::pair<Value, int64_t>> scaledOperand(Operation *op) {
  if (auto mul = dyn_cast<arith::MulIOp>(op)) {
    if (std::optional<int64_t> c = getConstantIntValue(mul.getRhs()))
      return std::make_pair(mul.getLhs(), *c);
    if (std::optional<int64_t> c = getConstantIntValue(mul.getLhs()))
      return std::make_pair(mul.getRhs(), *c);
    return std::nullopt;
  }
  if (auto shl = dyn_cast<arith::ShLIOp>(op)) {
    std::optional<int64_t> c = getConstantIntValue(shl.getRhs());
    if (c && *c >= 0 && *c < 63)
      return std::make_pair(shl.getLhs(), int64_t(1) << *c);
  }
  return std::nullopt;
}

bool exo::isLinearIndexOp(Operation *op) {
  return op && (isa<arith::AddIOp, arith::SubIOp>(op) || scaledOperand(op));
}

/// Operations read through before readLinear gives up (a deeper chain is
/// not one a program writes; the stack stays small).
static constexpr unsigned kMaxLinearDepth = 64;

static std::optional<LinearForm>
readLinearAt(Value v, function_ref<bool(Value)> isLeaf,
             DenseMap<Value, std::optional<LinearForm>> &memo, unsigned depth) {
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  LinearForm out;
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    out.constant = *c;
    return out;
  }
  if (isLeaf(v)) {
    out.terms.push_back({v, 1});
    return out;
  }
  Operation *def = v.getDefiningOp();
  if (!isLinearIndexOp(def) || depth >= kMaxLinearDepth)
    return std::nullopt;
  auto add = [&](Value x, int64_t k) {
    std::optional<LinearForm> f = readLinearAt(x, isLeaf, memo, depth + 1);
    return f && out.addScaled(*f, k);
  };
  bool ok;
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    ok = add(def->getOperand(0), 1) &&
         add(def->getOperand(1), isa<arith::SubIOp>(def) ? -1 : 1);
  else
    ok = add(scaledOperand(def)->first, scaledOperand(def)->second);
  std::optional<LinearForm> result;
  if (ok)
    result = std::move(out);
  memo[v] = result;
  return result;
}

std::optional<LinearForm>
exo::readLinear(Value v, function_ref<bool(Value)> isLeaf,
                DenseMap<Value, std::optional<LinearForm>> &memo) {
  return readLinearAt(v, isLeaf, memo, 0);
}

bool exo::isArithOf(Value v, DenseSet<Operation *> &cone,
                    function_ref<bool(BlockArgument)> leaf) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return leaf(arg);
  Operation *op = v.getDefiningOp();
  if (!op || !isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
    return false;
  if (!cone.insert(op).second)
    return true;
  return llvm::all_of(op->getOperands(),
                      [&](Value x) { return isArithOf(x, cone, leaf); });
}

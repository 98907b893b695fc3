//===- IndexEval.cpp - The value of integer arithmetic --------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexEval.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace exo;
using llvm::APInt;

namespace {

/// The width of an integer or index type (0 for any other type).
inline unsigned widthOf(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() <= 64 ? i.getWidth() : 0;
  return isa<IndexType>(t) ? IndexType::kInternalStorageBitWidth : 0;
}

/// `v` as an N-bit integer: the low N bits of its two's complement.
APInt bitsOf(int64_t v, unsigned n) {
  return APInt(n, static_cast<uint64_t>(v), /*isSigned=*/n > 1,
               /*implicitTrunc=*/true);
}

/// The representation of an N-bit integer: sign-extended, but 0 or 1 for
/// an i1.
int64_t valueOf(const APInt &x) {
  return x.getBitWidth() == 1 ? static_cast<int64_t>(x.getZExtValue())
                              : x.getSExtValue();
}

IndexEvalResult checked(const APInt &x, bool overflow) {
  if (overflow)
    return IndexEvalFailure::Overflow;
  return valueOf(x);
}

IndexEvalResult compare(arith::CmpIPredicate p, const APInt &a,
                        const APInt &b) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::eq:
    return int64_t(a == b);
  case P::ne:
    return int64_t(a != b);
  case P::slt:
    return int64_t(a.slt(b));
  case P::sle:
    return int64_t(a.sle(b));
  case P::sgt:
    return int64_t(a.sgt(b));
  case P::sge:
    return int64_t(a.sge(b));
  case P::ult:
    return int64_t(a.ult(b));
  case P::ule:
    return int64_t(a.ule(b));
  case P::ugt:
    return int64_t(a.ugt(b));
  case P::uge:
    return int64_t(a.uge(b));
  }
  return IndexEvalFailure::Unsupported;
}

/// The operations the evaluator knows.
enum class Kind : uint8_t {
  Constant,
  AddI,
  SubI,
  MulI,
  DivSI,
  RemSI,
  FloorDivSI,
  CeilDivSI,
  DivUI,
  RemUI,
  CeilDivUI,
  MinSI,
  MaxSI,
  MinUI,
  MaxUI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  CmpI,
  Select,
  CastS,
  CastU,
  TruncI,
};

/// The kind of `op`: a search of a short table, the operations index
/// arithmetic uses most first (the analyses evaluate millions of
/// operations; this is faster than a hash map).
std::optional<Kind> kindOf(Operation *op) {
  static const std::pair<TypeID, Kind> kinds[] = {
      {TypeID::get<arith::AddIOp>(), Kind::AddI},
      {TypeID::get<arith::MulIOp>(), Kind::MulI},
      {TypeID::get<arith::ConstantOp>(), Kind::Constant},
      {TypeID::get<arith::SubIOp>(), Kind::SubI},
      {TypeID::get<arith::CmpIOp>(), Kind::CmpI},
      {TypeID::get<arith::SelectOp>(), Kind::Select},
      {TypeID::get<arith::DivUIOp>(), Kind::DivUI},
      {TypeID::get<arith::RemUIOp>(), Kind::RemUI},
      {TypeID::get<arith::DivSIOp>(), Kind::DivSI},
      {TypeID::get<arith::RemSIOp>(), Kind::RemSI},
      {TypeID::get<arith::MinSIOp>(), Kind::MinSI},
      {TypeID::get<arith::MaxSIOp>(), Kind::MaxSI},
      {TypeID::get<arith::FloorDivSIOp>(), Kind::FloorDivSI},
      {TypeID::get<arith::CeilDivSIOp>(), Kind::CeilDivSI},
      {TypeID::get<arith::CeilDivUIOp>(), Kind::CeilDivUI},
      {TypeID::get<arith::MinUIOp>(), Kind::MinUI},
      {TypeID::get<arith::MaxUIOp>(), Kind::MaxUI},
      {TypeID::get<arith::AndIOp>(), Kind::AndI},
      {TypeID::get<arith::OrIOp>(), Kind::OrI},
      {TypeID::get<arith::XOrIOp>(), Kind::XOrI},
      {TypeID::get<arith::ShLIOp>(), Kind::ShLI},
      {TypeID::get<arith::ShRSIOp>(), Kind::ShRSI},
      {TypeID::get<arith::ShRUIOp>(), Kind::ShRUI},
      {TypeID::get<arith::IndexCastOp>(), Kind::CastS},
      {TypeID::get<arith::ExtSIOp>(), Kind::CastS},
      {TypeID::get<arith::IndexCastUIOp>(), Kind::CastU},
      {TypeID::get<arith::ExtUIOp>(), Kind::CastU},
      {TypeID::get<arith::TruncIOp>(), Kind::TruncI},
  };
  TypeID id = op->getName().getTypeID();
  for (const auto &[t, k] : kinds)
    if (t == id)
      return k;
  return std::nullopt;
}

/// A binary operation of kind `k` on N-bit operands with an N-bit result.
IndexEvalResult binary(Kind k, const APInt &a, const APInt &b) {
  unsigned n = a.getBitWidth();
  bool overflow = false;
  bool byZero = b.isZero();
  switch (k) {
  case Kind::AddI:
    return checked(a.sadd_ov(b, overflow), overflow);
  case Kind::SubI:
    return checked(a.ssub_ov(b, overflow), overflow);
  case Kind::MulI:
    return checked(a.smul_ov(b, overflow), overflow);
  case Kind::DivSI:
    if (byZero)
      return IndexEvalFailure::Undefined;
    return checked(a.sdiv_ov(b, overflow), overflow);
  case Kind::RemSI:
    if (byZero)
      return IndexEvalFailure::Undefined;
    // The least value by -1: its quotient overflows, which makes LLVM's
    // srem undefined too, whatever its remainder.
    (void)a.sdiv_ov(b, overflow);
    return checked(a.srem(b), overflow);
  case Kind::FloorDivSI:
  case Kind::CeilDivSI: {
    if (byZero)
      return IndexEvalFailure::Undefined;
    APInt q = a.sdiv_ov(b, overflow);
    if (!overflow && !a.srem(b).isZero()) {
      bool negative = a.isNegative() != b.isNegative();
      if (k == Kind::FloorDivSI && negative)
        q -= 1;
      if (k == Kind::CeilDivSI && !negative)
        q += 1;
    }
    return checked(q, overflow);
  }
  case Kind::DivUI:
    if (byZero)
      return IndexEvalFailure::Undefined;
    return valueOf(a.udiv(b));
  case Kind::RemUI:
    if (byZero)
      return IndexEvalFailure::Undefined;
    return valueOf(a.urem(b));
  case Kind::CeilDivUI: {
    if (byZero)
      return IndexEvalFailure::Undefined;
    APInt q = a.udiv(b);
    if (!a.urem(b).isZero())
      q += 1;
    return valueOf(q);
  }
  case Kind::MinSI:
    return valueOf(a.slt(b) ? a : b);
  case Kind::MaxSI:
    return valueOf(a.sgt(b) ? a : b);
  case Kind::MinUI:
    return valueOf(a.ult(b) ? a : b);
  case Kind::MaxUI:
    return valueOf(a.ugt(b) ? a : b);
  case Kind::AndI:
    return valueOf(a & b);
  case Kind::OrI:
    return valueOf(a | b);
  case Kind::XOrI:
    return valueOf(a ^ b);
  case Kind::ShLI:
    if (b.uge(n))
      return IndexEvalFailure::Undefined;
    return checked(a.sshl_ov(b, overflow), overflow);
  case Kind::ShRSI:
    if (b.uge(n))
      return IndexEvalFailure::Undefined;
    return valueOf(a.ashr(b));
  case Kind::ShRUI:
    if (b.uge(n))
      return IndexEvalFailure::Undefined;
    return valueOf(a.lshr(b));
  default:
    return IndexEvalFailure::Unsupported;
  }
}

/// Whether `op`, of kind `k`, has the types the evaluator handles:
/// integers of at most 64 bits or index. The verifiers of arith give every
/// operand of the other kinds the result's type (a comparison's result is
/// an i1, a select's condition too).
bool typesFit(Operation *op, Kind k) {
  switch (k) {
  case Kind::Constant:
    return isa<IntegerAttr>(cast<arith::ConstantOp>(op).getValue()) &&
           widthOf(op->getResult(0).getType());
  case Kind::CmpI:
  case Kind::CastS:
  case Kind::CastU:
  case Kind::TruncI:
    return widthOf(op->getOperand(0).getType()) &&
           widthOf(op->getResult(0).getType());
  default:
    return widthOf(op->getResult(0).getType());
  }
}

} // namespace

bool exo::isEvaluableIndexOp(Operation *op) {
  std::optional<Kind> k = kindOf(op);
  return k && typesFit(op, *k);
}

IndexEvalResult exo::evaluateIndexOp(Operation *op,
                                     ArrayRef<int64_t> operands) {
  std::optional<Kind> k = kindOf(op);
  if (!k || operands.size() != op->getNumOperands() || !typesFit(op, *k))
    return IndexEvalFailure::Unsupported;
  unsigned m = widthOf(op->getResult(0).getType());
  switch (*k) {
  case Kind::Constant:
    return valueOf(cast<IntegerAttr>(cast<arith::ConstantOp>(op).getValue())
                       .getValue()
                       .sextOrTrunc(m));
  case Kind::Select:
    return valueOf(bitsOf(operands[0] ? operands[1] : operands[2], m));
  case Kind::CastS:
  case Kind::CastU:
  case Kind::TruncI: {
    APInt a = bitsOf(operands[0], widthOf(op->getOperand(0).getType()));
    if (*k == Kind::CastS)
      return valueOf(a.sextOrTrunc(m));
    if (*k == Kind::CastU)
      return valueOf(a.zextOrTrunc(m));
    return valueOf(a.trunc(m));
  }
  default:
    break;
  }
  unsigned n = *k == Kind::CmpI ? widthOf(op->getOperand(0).getType()) : m;
  if (n == 64) {
    // The frequent operations on index values, without APInt.
    int64_t a = operands[0], b = operands[1], r = 0;
    switch (*k) {
    case Kind::AddI:
      return llvm::AddOverflow(a, b, r)
                 ? IndexEvalResult(IndexEvalFailure::Overflow)
                 : r;
    case Kind::SubI:
      return llvm::SubOverflow(a, b, r)
                 ? IndexEvalResult(IndexEvalFailure::Overflow)
                 : r;
    case Kind::MulI:
      return llvm::MulOverflow(a, b, r)
                 ? IndexEvalResult(IndexEvalFailure::Overflow)
                 : r;
    case Kind::MinSI:
      return std::min(a, b);
    case Kind::MaxSI:
      return std::max(a, b);
    case Kind::DivSI:
    case Kind::RemSI:
    case Kind::DivUI:
    case Kind::RemUI:
      // Non-negative operands: signed and unsigned agree.
      if (a >= 0 && b > 0)
        return (*k == Kind::DivSI || *k == Kind::DivUI) ? a / b : a % b;
      break;
    default:
      break;
    }
  }
  APInt a = bitsOf(operands[0], n), b = bitsOf(operands[1], n);
  if (*k == Kind::CmpI)
    return compare(cast<arith::CmpIOp>(op).getPredicate(), a, b);
  return binary(*k, a, b);
}

std::optional<int64_t>
exo::evaluateFrom(Value v, function_ref<std::optional<int64_t>(Value)> leaf,
                  DenseMap<Value, int64_t> &memo, bool zeroProducts) {
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  std::optional<int64_t> out = leaf(v);
  Operation *op = v.getDefiningOp();
  if (!out && op && isEvaluableIndexOp(op)) {
    SmallVector<std::optional<int64_t>, 3> in;
    for (Value x : op->getOperands())
      in.push_back(evaluateFrom(x, leaf, memo, zeroProducts));
    SmallVector<int64_t, 3> values;
    for (std::optional<int64_t> x : in)
      if (x)
        values.push_back(*x);
    if (zeroProducts && isa<arith::MulIOp>(op) && llvm::is_contained(values, 0))
      out = 0;
    else if (values.size() == in.size())
      if (IndexEvalResult r = evaluateIndexOp(op, values))
        out = *r;
  }
  if (out)
    memo[v] = *out;
  return out;
}

bool exo::collectArithLeaves(ArrayRef<Value> roots,
                             SmallVectorImpl<BlockArgument> &args) {
  SmallVector<Value> work(roots.begin(), roots.end());
  llvm::SmallPtrSet<Value, 16> seen;
  bool arith = true;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      args.push_back(arg);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!isa<arith::ArithDialect>(def->getDialect()))
      arith = false;
    work.append(def->operand_begin(), def->operand_end());
  }
  return arith;
}

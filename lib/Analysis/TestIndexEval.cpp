//===- TestIndexEval.cpp - The evaluator against exact arithmetic ---------===//
//
// Part of the Exo-GPU project.
//
// -exo-test-index-eval: remarks with evaluateIndexOp's verdict on constant
// operations, and an exhaustive comparison with an exact computation in
// 128-bit integers and with arith's folders.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Analysis/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

#include <optional>

namespace exo {
#define GEN_PASS_DEF_EXOTESTINDEXEVAL
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

using Int = __int128;

/// What an operation gives, computed exactly: a value (N-bit, in the
/// evaluator's representation) or the evaluator's failure.
struct Expected {
  std::optional<int64_t> value;
  IndexEvalFailure failure = IndexEvalFailure::Unsupported;
};

Expected failing(IndexEvalFailure f) { return {std::nullopt, f}; }

/// The least and greatest signed N-bit values.
Int least(unsigned n) { return -(Int(1) << (n - 1)); }
Int greatest(unsigned n) { return (Int(1) << (n - 1)) - 1; }

/// `x` reduced to N bits, in the evaluator's representation
/// (sign-extended; 0 or 1 for i1).
int64_t represent(Int x, unsigned n) {
  Int mod = Int(1) << n;
  Int r = ((x % mod) + mod) % mod;
  if (n > 1 && r > greatest(n))
    r -= mod;
  return static_cast<int64_t>(r);
}

/// A signed result that must fit N bits.
Expected exactSigned(Int x, unsigned n) {
  if (x < least(n) || x > greatest(n))
    return failing(IndexEvalFailure::Overflow);
  return {represent(x, n)};
}

/// The exact result of binary operation `name` on N-bit operands whose
/// signed values are `sa`, `sb` (and unsigned values `ua`, `ub`).
Expected oracle(StringRef name, unsigned n, Int sa, Int sb) {
  Int mod = Int(1) << n;
  Int ua = (sa + mod) % mod, ub = (sb + mod) % mod;
  auto value = [&](Int x) { return Expected{represent(x, n)}; };
  bool zero = sb == 0;
  if (name == "arith.addi")
    return exactSigned(sa + sb, n);
  if (name == "arith.subi")
    return exactSigned(sa - sb, n);
  if (name == "arith.muli")
    return exactSigned(sa * sb, n);
  if (name == "arith.divsi")
    return zero ? failing(IndexEvalFailure::Undefined)
                : exactSigned(sa / sb, n);
  if (name == "arith.remsi") {
    if (zero)
      return failing(IndexEvalFailure::Undefined);
    // The quotient of the least value by -1 overflows, which makes LLVM's
    // srem undefined too.
    if (sa == least(n) && sb == -1)
      return failing(IndexEvalFailure::Overflow);
    return value(sa % sb);
  }
  if (name == "arith.floordivsi" || name == "arith.ceildivsi") {
    if (zero)
      return failing(IndexEvalFailure::Undefined);
    Int q = sa / sb;
    if (sa % sb != 0) {
      bool negative = (sa < 0) != (sb < 0);
      if (name == "arith.floordivsi" && negative)
        --q;
      if (name == "arith.ceildivsi" && !negative)
        ++q;
    }
    return exactSigned(q, n);
  }
  if (name == "arith.divui")
    return zero ? failing(IndexEvalFailure::Undefined) : value(ua / ub);
  if (name == "arith.remui")
    return zero ? failing(IndexEvalFailure::Undefined) : value(ua % ub);
  if (name == "arith.ceildivui")
    return zero ? failing(IndexEvalFailure::Undefined)
                : value((ua + ub - 1) / ub);
  if (name == "arith.minsi")
    return value(std::min(sa, sb));
  if (name == "arith.maxsi")
    return value(std::max(sa, sb));
  if (name == "arith.minui")
    return value(std::min(ua, ub));
  if (name == "arith.maxui")
    return value(std::max(ua, ub));
  if (name == "arith.andi")
    return value(ua & ub);
  if (name == "arith.ori")
    return value(ua | ub);
  if (name == "arith.xori")
    return value(ua ^ ub);
  if (name == "arith.shli" || name == "arith.shrsi" || name == "arith.shrui") {
    if (ub >= n)
      return failing(IndexEvalFailure::Undefined);
    int amount = static_cast<int>(ub);
    if (name == "arith.shli")
      return exactSigned(sa * (Int(1) << amount), n);
    if (name == "arith.shrsi") // floor(sa / 2^amount)
      return value(sa >= 0 ? sa >> amount
                           : -((-sa + (Int(1) << amount) - 1) >> amount));
    return value(ua >> amount);
  }
  return failing(IndexEvalFailure::Unsupported);
}

Expected oracleCompare(arith::CmpIPredicate p, unsigned n, Int sa, Int sb) {
  Int mod = Int(1) << n;
  Int ua = (sa + mod) % mod, ub = (sb + mod) % mod;
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::eq:
    return {int64_t(sa == sb)};
  case P::ne:
    return {int64_t(sa != sb)};
  case P::slt:
    return {int64_t(sa < sb)};
  case P::sle:
    return {int64_t(sa <= sb)};
  case P::sgt:
    return {int64_t(sa > sb)};
  case P::sge:
    return {int64_t(sa >= sb)};
  case P::ult:
    return {int64_t(ua < ub)};
  case P::ule:
    return {int64_t(ua <= ub)};
  case P::ugt:
    return {int64_t(ua > ub)};
  case P::uge:
    return {int64_t(ua >= ub)};
  }
  return failing(IndexEvalFailure::Unsupported);
}

StringRef describe(IndexEvalFailure f) {
  switch (f) {
  case IndexEvalFailure::Unsupported:
    return "unsupported";
  case IndexEvalFailure::Overflow:
    return "overflows";
  case IndexEvalFailure::Undefined:
    return "is undefined";
  }
  return "?";
}

/// The value `fold` gives `op` on constant operands `a` and `b`, if any.
std::optional<int64_t> folded(Operation *op, Attribute a, Attribute b) {
  SmallVector<OpFoldResult> results;
  if (failed(op->fold({a, b}, results)) || results.size() != 1)
    return std::nullopt;
  auto attr = dyn_cast_if_present<IntegerAttr>(
      dyn_cast_if_present<Attribute>(results[0]));
  if (!attr)
    return std::nullopt;
  const APInt &x = attr.getValue();
  return x.getBitWidth() == 1 ? int64_t(x.getZExtValue()) : x.getSExtValue();
}

class TestIndexEvalPass
    : public exo::impl::ExoTestIndexEvalBase<TestIndexEvalPass> {
public:
  using ExoTestIndexEvalBase::ExoTestIndexEvalBase;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) { remarkOn(op); });
    if (exhaustive)
      compareAll();
  }

private:
  /// The remark of the evaluator's verdict on a constant operation.
  void remarkOn(Operation *op) {
    if (isa<arith::ConstantOp>(op) || !isEvaluableIndexOp(op))
      return;
    SmallVector<int64_t> in;
    SmallVector<Attribute> attrs;
    for (Value v : op->getOperands()) {
      auto c = v.getDefiningOp<arith::ConstantOp>();
      if (!c)
        return;
      IndexEvalResult x = evaluateIndexOp(c, {});
      if (!x)
        return;
      in.push_back(*x);
      attrs.push_back(c.getValue());
    }
    IndexEvalResult r = evaluateIndexOp(op, in);
    if (!r) {
      op->emitRemark() << describe(r.getFailure());
      return;
    }
    op->emitRemark() << "evaluates to " << *r;
  }

  /// Every binary operation and comparison on every pair of i4 operands
  /// and on pairs of index edge values.
  void compareAll() {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    // A scratch module for the operations under test, erased at the end.
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(module.getLoc());
    b.setInsertionPointToEnd(scratch->getBody());
    Location loc = module.getLoc();
    int64_t cases = 0, mismatches = 0;
    auto report = [&](StringRef what, Int a, Int b, const Expected &want,
                      const IndexEvalResult &got, std::optional<int64_t> fold) {
      if (++mismatches > 20)
        return;
      auto d = module.emitError() << what << " on " << int64_t(a) << " and "
                                  << int64_t(b) << ": expected ";
      if (want.value)
        d << *want.value;
      else
        d << describe(want.failure);
      d << ", the evaluator gives ";
      if (got)
        d << *got;
      else
        d << describe(got.getFailure());
      if (fold)
        d << ", fold gives " << *fold;
    };
    auto check = [&](Operation *op, StringRef what, unsigned n, Int a, Int bv,
                     const Expected &want) {
      ++cases;
      Type t = op->getOperand(0).getType();
      IndexEvalResult got =
          evaluateIndexOp(op, {represent(a, n), represent(bv, n)});
      // The planted error: a comparison that reads its operands as signed
      // where it should read them as unsigned.
      if (plantError && got && isa<arith::CmpIOp>(op) &&
          cast<arith::CmpIOp>(op).getPredicate() == arith::CmpIPredicate::ult)
        got = IndexEvalResult(int64_t(a < bv));
      std::optional<int64_t> fold =
          folded(op, IntegerAttr::get(t, represent(a, n)),
                 IntegerAttr::get(t, represent(bv, n)));
      bool agree = want.value ? got && *got == *want.value
                              : !got && got.getFailure() == want.failure;
      // Where the exact result is a value, arith's folder must agree with
      // it (the folders wrap what the evaluator refuses, and most leave a
      // division by zero alone).
      if (want.value && fold && *fold != *want.value)
        agree = false;
      if (!agree)
        report(what, a, bv, want, got, fold);
    };
    StringRef binaries[] = {
        "arith.addi",  "arith.subi",       "arith.muli",      "arith.divsi",
        "arith.remsi", "arith.floordivsi", "arith.ceildivsi", "arith.divui",
        "arith.remui", "arith.ceildivui",  "arith.minsi",     "arith.maxsi",
        "arith.minui", "arith.maxui",      "arith.andi",      "arith.ori",
        "arith.xori",  "arith.shli",       "arith.shrsi",     "arith.shrui"};
    Int edges[] = {least(64),
                   least(64) + 1,
                   -(Int(1) << 32),
                   -(Int(1) << 31),
                   -3,
                   -1,
                   0,
                   1,
                   2,
                   3,
                   63,
                   64,
                   (Int(1) << 31) - 1,
                   Int(1) << 32,
                   greatest(64) - 1,
                   greatest(64)};
    for (Type t : {Type(b.getIntegerType(4)), Type(b.getIndexType())}) {
      unsigned n = t.isIndex() ? 64 : 4;
      SmallVector<Int> values;
      if (n == 4)
        for (Int v = least(4); v <= greatest(4); ++v)
          values.push_back(v);
      else
        values.assign(std::begin(edges), std::end(edges));
      // Two values: a folder that sees one value twice (x - x) folds
      // without looking at the constants.
      Value x = arith::ConstantOp::create(b, loc, IntegerAttr::get(t, 0));
      Value y = arith::ConstantOp::create(b, loc, IntegerAttr::get(t, 1));
      for (StringRef name : binaries) {
        OperationState state(loc, name);
        state.addOperands({x, y});
        state.addTypes(t);
        Operation *op = b.create(state);
        for (Int a : values)
          for (Int c : values)
            check(op, name, n, a, c, oracle(name, n, a, c));
      }
      for (int64_t p = 0; p <= static_cast<int64_t>(arith::CmpIPredicate::uge);
           ++p) {
        auto pred = static_cast<arith::CmpIPredicate>(p);
        auto op = arith::CmpIOp::create(b, loc, pred, x, y);
        for (Int a : values)
          for (Int c : values)
            check(op, "arith.cmpi " + arith::stringifyCmpIPredicate(pred).str(),
                  n, a, c, oracleCompare(pred, n, a, c));
      }
    }
    module.emitRemark() << cases << " cases compared, " << mismatches
                        << " disagree";
    if (mismatches)
      signalPassFailure();
  }
};

} // namespace

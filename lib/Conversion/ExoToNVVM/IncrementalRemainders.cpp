//===- IncrementalRemainders.cpp - Loop-carried ring slots and phases -----===//
//
// Part of the Exo-GPU project.
//
// A ring buffer's slot is its index modulo the ring depth and an mbarrier's
// parity the index divided by it; the lowering computes both with
// `arith.remui` / `arith.divui`. For a depth that is not a power of two the
// back end makes each a 64-bit multiply-high chain, and in a pipelined loop
// it sits on the path to every wait. This pass carries the remainder and
// the quotient from one iteration to the next instead: an add, a compare
// and two selects. See ExoIncrementalRemainders in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexExpr.h"
#include "ExoGPU/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace exo {
#define GEN_PASS_DEF_EXOINCREMENTALREMAINDERS
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using exo::LinearForm;
using exo::readLinear;

namespace {

/// `iv * ivCoef + sum(value * coef) + constant`, where every value is
/// defined outside the loop whose induction variable is `iv`.
struct Affine {
  int64_t ivCoef = 0;
  int64_t constant = 0;
  SmallVector<std::pair<Value, int64_t>> terms;

  /// Whether the sums differ by a constant only: the same iterator
  /// coefficient and terms (in any order; both without zero coefficients).
  bool sameVariablePart(const Affine &o) const {
    return ivCoef == o.ivCoef && terms.size() == o.terms.size() &&
           llvm::all_of(terms, [&](const auto &t) {
             return llvm::is_contained(o.terms, t);
           });
  }
};

/// `v` as an affine sum over `loop`'s induction variable and values defined
/// outside `loop` (exo::readLinear: sums, differences and products by
/// constants); nullopt for anything else (a block argument of an inner
/// region, a load, a product of two variables, ...). `memo` holds the
/// values already read for `loop`.
std::optional<Affine>
decompose(Value v, scf::ForOp loop,
          DenseMap<Value, std::optional<LinearForm>> &memo) {
  Value iv = loop.getInductionVar();
  std::optional<LinearForm> form = readLinear(
      v, [&](Value x) { return x == iv || loop.isDefinedOutsideOfLoop(x); },
      memo);
  if (!form)
    return std::nullopt;
  Affine a;
  a.constant = form->constant;
  for (auto [x, k] : form->terms) {
    if (x == iv)
      a.ivCoef = k;
    else
      a.terms.push_back({x, k});
  }
  return a;
}

/// Steps and offsets below this are handled: anything larger is a dividend
/// that overflows within a few iterations, and is left alone.
constexpr int64_t kMaxStep = int64_t(1) << 32;

/// One loop-carried (remainder, quotient) pair: `dividend / divisor` and
/// `dividend % divisor` in every iteration of its loop. It also serves the
/// dividends that differ from it by a constant (a release `g + 5` of the
/// slot a wait on `g` uses), each computed where it is used: fewer values
/// live across the loop.
struct Counter {
  Affine dividend;
  int64_t divisor;
  int64_t delta; // the dividend's increase per iteration
  struct User {
    Operation *op;  // a remui or a divui
    int64_t offset; // its dividend minus the counter's
  };
  SmallVector<User> users;
  // Carried in 32 bits: the remainder where 2 * divisor fits, the quotient
  // where every use reads its low 32 bits only (registers are scarce in a
  // wgmma loop: 64-bit counters made the ping-pong kernel spill).
  bool narrowRemainder = false, narrowQuotient = false;

  /// Whether `x` differs from the dividend by a constant, and by which.
  std::optional<int64_t> offsetOf(const Affine &x, int64_t c) const {
    int64_t d;
    if (c != divisor || !x.sameVariablePart(dividend) ||
        llvm::SubOverflow(x.constant, dividend.constant, d) || d <= -kMaxStep ||
        d >= kMaxStep)
      return std::nullopt;
    return d;
  }
};

/// The loop whose iterations step the dividend of `op` (a remui or divui
/// by a constant that is not a power of two) by a constant, and the
/// dividend's form there, with the divisor and the step in the counter;
/// nullopt if there is none.
std::optional<std::pair<scf::ForOp, Counter>> findCounter(Operation *op) {
  Value x = op->getOperand(0);
  APInt divisor;
  if (!x.getType().isInteger(64) ||
      !matchPattern(op->getOperand(1), m_ConstantInt(&divisor)))
    return std::nullopt;
  int64_t c = divisor.getSExtValue();
  if (c <= 1 || llvm::isPowerOf2_64(c))
    return std::nullopt;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (p->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return std::nullopt;
    auto loop = dyn_cast<scf::ForOp>(p);
    if (!loop)
      continue;
    DenseMap<Value, std::optional<LinearForm>> memo;
    std::optional<Affine> a = decompose(x, loop, memo);
    if (!a)
      return std::nullopt;
    if (a->ivCoef == 0)
      continue; // invariant here: the enclosing loop may step it
    APInt step;
    int64_t delta;
    if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
        llvm::MulOverflow(a->ivCoef, step.getSExtValue(), delta) ||
        delta <= -kMaxStep || delta >= kMaxStep)
      return std::nullopt;
    return std::make_pair(loop, Counter{*a, c, delta, {}});
  }
  return std::nullopt;
}

Value constant(OpBuilder &b, Location loc, int64_t v, Type type = {}) {
  return arith::ConstantIntOp::create(b, loc, type ? type : b.getI64Type(), v);
}

/// The dividend at the loop's first iteration, and its floor quotient and
/// remainder (a dividend below zero there, as in `k - 1` behind a guard,
/// still steps to the right values once it is non-negative).
std::pair<Value, Value> initialValues(OpBuilder &b, Location loc,
                                      scf::ForOp loop, const Counter &ctr) {
  auto scaled = [&](Value v, int64_t k) -> Value {
    return k == 1 ? v : arith::MulIOp::create(b, loc, v, constant(b, loc, k));
  };
  Value x = scaled(loop.getLowerBound(), ctr.dividend.ivCoef);
  for (auto [v, k] : ctr.dividend.terms)
    x = arith::AddIOp::create(b, loc, x, scaled(v, k));
  if (ctr.dividend.constant)
    x = arith::AddIOp::create(b, loc, x,
                              constant(b, loc, ctr.dividend.constant));
  Value c = constant(b, loc, ctr.divisor);
  Value q = arith::DivSIOp::create(b, loc, x, c);
  Value r = arith::RemSIOp::create(b, loc, x, c);
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, r,
                                         constant(b, loc, 0));
  r = arith::SelectOp::create(b, loc, negative,
                              arith::AddIOp::create(b, loc, r, c), r);
  q = arith::SelectOp::create(
      b, loc, negative, arith::SubIOp::create(b, loc, q, constant(b, loc, 1)),
      q);
  if (ctr.narrowRemainder)
    r = arith::TruncIOp::create(b, loc, b.getI32Type(), r);
  if (ctr.narrowQuotient)
    q = arith::TruncIOp::create(b, loc, b.getI32Type(), q);
  return {r, q};
}

/// The (remainder, quotient) of the dividend plus `delta`, from those of the
/// dividend (`r` in [0, c)): a constant quotient step, and one more where
/// the remainder wraps. In the types of `r` and `q` (a narrow quotient
/// wraps modulo 2^32 like the value it stands for).
std::pair<Value, Value> addToDividend(OpBuilder &b, Location loc, Value r,
                                      Value q, int64_t delta, int64_t c) {
  int64_t dq = llvm::divideFloorSigned(delta, c);
  int64_t dr = delta - dq * c; // in [0, c)
  Type rt = r.getType(), qt = q.getType();
  Value qn = dq ? arith::AddIOp::create(b, loc, q, constant(b, loc, dq, qt))
                      .getResult()
                : q;
  if (dr == 0)
    return {r, qn};
  // r + dr < 2c, which fits r's type (narrowRemainder bounds c).
  Value r1 = arith::AddIOp::create(b, loc, r, constant(b, loc, dr, rt));
  Value wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, r1,
                                     constant(b, loc, c, rt));
  Value rn = arith::SelectOp::create(
      b, loc, wrap, arith::SubIOp::create(b, loc, r1, constant(b, loc, c, rt)),
      r1);
  qn = arith::SelectOp::create(
      b, loc, wrap, arith::AddIOp::create(b, loc, qn, constant(b, loc, 1, qt)),
      qn);
  return {rn, qn};
}

/// Whether every use of `quotient` reads only its low 32 bits: an `andi`
/// with a mask below 2^32, or a `trunci` to 32 bits or fewer (the mbarrier
/// parity).
bool usesLowBitsOnly(Value quotient) {
  return llvm::all_of(quotient.getUsers(), [](Operation *user) {
    APInt mask;
    if (auto andOp = dyn_cast<arith::AndIOp>(user))
      return (matchPattern(andOp.getLhs(), m_ConstantInt(&mask)) ||
              matchPattern(andOp.getRhs(), m_ConstantInt(&mask))) &&
             mask.isIntN(32);
    if (auto trunc = dyn_cast<arith::TruncIOp>(user))
      return trunc.getType().getIntOrFloatBitWidth() <= 32;
    return false;
  });
}

struct ExoIncrementalRemaindersPass
    : exo::impl::ExoIncrementalRemaindersBase<ExoIncrementalRemaindersPass> {
  void runOnOperation() override {
    // Collect first: rewriting a loop moves its body into a new loop, which
    // keeps every operation but the loop itself.
    llvm::MapVector<Operation *, SmallVector<Counter>> byLoop;
    getOperation()->walk([&](Operation *op) {
      bool isRem = isa<arith::RemUIOp>(op);
      if (!isRem && !isa<arith::DivUIOp>(op))
        return;
      auto found = findCounter(op);
      if (!found)
        return;
      scf::ForOp loop = found->first;
      const Counter &ctr = found->second;
      SmallVector<Counter> &counters = byLoop[loop];
      std::optional<int64_t> offset;
      auto *it = llvm::find_if(counters, [&](const Counter &o) {
        offset = o.offsetOf(ctr.dividend, ctr.divisor);
        return offset.has_value();
      });
      if (it == counters.end()) {
        counters.push_back(ctr);
        it = std::prev(counters.end());
        offset = 0;
      }
      it->users.push_back({op, *offset});
    });
    IRRewriter rewriter(&getContext());
    // Every loop's initial values first: they are built from the dividends'
    // outside parts as found in the IR (an enclosing loop's iterator or
    // result, a remainder this pass replaces), which rewriting a loop
    // replaces; created now, their operands are updated with the rest.
    DenseMap<Operation *, SmallVector<Value>> inits;
    for (auto &entry : byLoop) {
      auto loop = cast<scf::ForOp>(entry.first);
      rewriter.setInsertionPoint(loop);
      for (Counter &ctr : entry.second) {
        ctr.narrowRemainder = ctr.divisor < (int64_t(1) << 30);
        ctr.narrowQuotient = llvm::all_of(ctr.users, [](const auto &u) {
          return isa<arith::RemUIOp>(u.op) ||
                 usesLowBitsOnly(u.op->getResult(0));
        });
        auto [r, q] = initialValues(rewriter, loop.getLoc(), loop, ctr);
        inits[loop].append({r, q});
      }
    }
    for (auto &entry : byLoop) {
      auto loop = cast<scf::ForOp>(entry.first);
      ArrayRef<Counter> counters = entry.second;
      SmallVector<Value> carried;
      FailureOr<LoopLikeOpInterface> replaced =
          loop.replaceWithAdditionalYields(
              rewriter, inits[entry.first],
              /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &b, Location yieldLoc,
                  ArrayRef<BlockArgument> args) {
                SmallVector<Value> next;
                for (auto [i, ctr] : llvm::enumerate(counters)) {
                  carried.append({args[2 * i], args[2 * i + 1]});
                  auto [r, q] =
                      addToDividend(b, yieldLoc, args[2 * i], args[2 * i + 1],
                                    ctr.delta, ctr.divisor);
                  next.append({r, q});
                }
                return next;
              });
      if (failed(replaced)) {
        loop.emitOpError("could not carry ring remainders");
        return signalPassFailure();
      }
      for (auto [i, ctr] : llvm::enumerate(counters)) {
        for (const Counter::User &user : ctr.users) {
          Value r = carried[2 * i], q = carried[2 * i + 1];
          rewriter.setInsertionPoint(user.op);
          Location useLoc = user.op->getLoc();
          if (user.offset)
            std::tie(r, q) =
                addToDividend(rewriter, useLoc, r, q, user.offset, ctr.divisor);
          Value result = isa<arith::RemUIOp>(user.op) ? r : q;
          if (!result.getType().isInteger(64))
            result = arith::ExtUIOp::create(rewriter, useLoc,
                                            rewriter.getI64Type(), result);
          rewriter.replaceOp(user.op, result);
        }
      }
    }
  }
};

} // namespace

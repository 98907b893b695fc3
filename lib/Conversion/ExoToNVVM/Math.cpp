//===- Math.cpp - Device math ---------------------------------------------===//
//
// Part of the Exo-GPU project.
//
// math-dialect operations in device code, and divisions the program lets
// approximate. What each computes, and within which bound of the CPU
// reference, is exo::getDeviceMathBound's table (DeviceMath.h); this file
// emits it. Without the `afn` flag a function is a sequence of correctly
// rounded steps (a range reduction, a polynomial, a scaling by a power of
// two built from its exponent bits); with it, the one hardware
// approximation (ex2.approx, lg2.approx, tanh.approx, rsqrt.approx,
// rcp.approx) the program asked for. docs/Lowering.md analyses each.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

namespace {

constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLog2E = 1.44269504088896340736;
/// ln 2 as a float with 15 significant bits (0x3f317200), so that j * kLn2Hi
/// is exact for the exponents |j| <= 255 of a reduction, and the rest.
constexpr double kLn2Hi = 0.693145751953125;
constexpr double kLn2Lo = kLn2 - kLn2Hi;
/// 1.5 * 2^23: adding it to a float of magnitude below 2^22 rounds it to an
/// integer j, which then sits in the sum's low mantissa bits.
constexpr double kRoundMagic = 12582912.0;
constexpr int32_t kRoundMagicBits = 0x4b400000;

/// f32 arithmetic at one location, for the sequences below. Every step is
/// an IEEE operation (or an fma) that the PTX keeps as such.
class F32 {
public:
  F32(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value c(double v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  }
  Value ci(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value fma(Value x, Value y, Value z) {
    return LLVM::FMAOp::create(b, loc, x, y, z);
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  /// max and min that return NaN when either operand is NaN.
  Value max(Value x, Value y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value min(Value x, Value y) {
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  Value abs(Value x) { return LLVM::FAbsOp::create(b, loc, x); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value bits(Value x) {
    return arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  }
  Value fromBits(Value i) {
    return arith::BitcastOp::create(b, loc, b.getF32Type(), i);
  }
  /// c[0] + x (c[1] + x (c[2] + ...)), by fmas.
  Value poly(Value x, ArrayRef<double> coeffs) {
    Value r = c(coeffs.back());
    for (double k : llvm::reverse(coeffs.drop_back()))
      r = fma(r, x, c(k));
    return r;
  }
  /// One f32 instruction of PTX on one operand; pure, so that LLVM may
  /// move or merge it like an arithmetic operation.
  Value ptx(StringRef text, Value x) {
    return buildInlineAsm(b, loc, b.getF32Type(), ValueRange{x}, text, "=f,f",
                          /*sideEffects=*/false);
  }

  /// p * 2^j for an integer j in [-254, 254] (`ji`, i32), scaled in two
  /// halves so that each factor is a normal power of two.
  Value scale(Value p, Value ji) {
    Value h = arith::ShRSIOp::create(b, loc, ji, ci(1));
    Value k = arith::SubIOp::create(b, loc, ji, h);
    auto pow2 = [&](Value e) {
      Value biased = arith::AddIOp::create(b, loc, e, ci(127));
      return fromBits(arith::ShLIOp::create(b, loc, biased, ci(23)));
    };
    return mul(mul(p, pow2(h)), pow2(k));
  }

  /// `t` = y + 1.5 * 2^23 rounded (|y| < 2^22): the integer j nearest y as
  /// a float and as an i32.
  std::pair<Value, Value> roundedInteger(Value t) {
    Value j = sub(t, c(kRoundMagic));
    Value ji = arith::SubIOp::create(b, loc, bits(t), ci(kRoundMagicBits));
    return {j, ji};
  }

  /// e^x: x = j ln 2 + r with |r| <= ln 2 / 2 (two fmas with ln 2 split in
  /// two, exact for the clamped range), e^r by its Taylor polynomial of
  /// degree 7 (truncation below 2^-27 relative), times 2^j. x is clamped to
  /// [-104, 89] first (beyond, the result is 0 or inf either way; NaN stays
  /// NaN through the clamp and the polynomial).
  Value exp(Value x) {
    Value xc = min(max(x, c(-104.0)), c(89.0));
    auto [j, ji] = roundedInteger(fma(xc, c(kLog2E), c(kRoundMagic)));
    Value r = fma(j, c(-kLn2Hi), xc);
    r = fma(j, c(-kLn2Lo), r);
    Value p = poly(r, {1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120,
                       1.0 / 720, 1.0 / 5040});
    return scale(p, ji);
  }

  /// 2^x: x = j + r with |r| <= 1/2 (exact), 2^r = e^(r ln 2) by the
  /// Taylor polynomial in r, times 2^j; x clamped to [-151, 129].
  Value exp2(Value x) {
    Value xc = min(max(x, c(-151.0)), c(129.0));
    auto [j, ji] = roundedInteger(add(xc, c(kRoundMagic)));
    Value r = sub(xc, j);
    SmallVector<double> coeffs{1.0};
    for (int k = 1; k <= 7; ++k)
      coeffs.push_back(coeffs.back() * kLn2 / k);
    return scale(poly(r, coeffs), ji);
  }

  /// ln x = e ln 2 + ln m for x = 2^e m, m in [sqrt(1/2), sqrt(2)) (from
  /// the bits, subnormals scaled by 2^23 first). With f = m - 1 (exact),
  /// s = f / (2 + f), z = s^2 <= 0.0295: ln m = 2 atanh(s) = 2s + s R with
  /// R = 2z/3 + 2z^2/5 + 2z^3/7 + 2z^4/9 (truncation below 2^-30), and since
  /// 2s = f - s f, ln m = f - (f^2/2 - s (f^2/2 + R)): the exact f plus a
  /// correction at most a fifth of it, so that the roundings of s and R
  /// reach the result scaled down. Returns e (as f32) and ln m; the callers
  /// combine them and fix the special values.
  std::pair<Value, Value> logParts(Value x) {
    Value tiny = cmp(arith::CmpFPredicate::OLT, x, c(std::ldexp(1.0, -126)));
    Value xs = select(tiny, mul(x, c(std::ldexp(1.0, 23))), x);
    Value bitsX = bits(xs);
    Value e = arith::SubIOp::create(
        b, loc, arith::ShRSIOp::create(b, loc, bitsX, ci(23)), ci(127));
    e = arith::SubIOp::create(
        b, loc, e, arith::SelectOp::create(b, loc, tiny, ci(23), ci(0)));
    Value mBits = arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bitsX, ci(0x007fffff)),
        ci(0x3f800000));
    Value m = fromBits(mBits);
    Value big = cmp(arith::CmpFPredicate::OGT, m, c(std::sqrt(2.0)));
    m = select(big, mul(m, c(0.5)), m);
    e = arith::AddIOp::create(
        b, loc, e, arith::ExtUIOp::create(b, loc, b.getI32Type(), big));
    Value f = sub(m, c(1.0));
    Value s = div(f, add(f, c(2.0)));
    Value z = mul(s, s);
    Value r = mul(z, poly(z, {2.0 / 3, 2.0 / 5, 2.0 / 7, 2.0 / 9}));
    Value hfsq = mul(mul(f, f), c(0.5));
    Value lnM = add(f, fma(s, add(hfsq, r), neg(hfsq)));
    Value ef = arith::SIToFPOp::create(b, loc, b.getF32Type(), e);
    return {ef, lnM};
  }

  /// log's special values: NaN for NaN and negative x, -inf for zeros, inf
  /// for inf.
  Value fixLog(Value x, Value r) {
    double inf = std::numeric_limits<double>::infinity();
    r = select(cmp(arith::CmpFPredicate::OEQ, x, c(inf)), c(inf), r);
    r = select(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), c(-inf), r);
    r = select(cmp(arith::CmpFPredicate::OLT, x, c(0.0)),
               c(std::numeric_limits<double>::quiet_NaN()), r);
    return select(cmp(arith::CmpFPredicate::UNO, x, x), x, r);
  }

  Value log(Value x) {
    auto [e, lnM] = logParts(x);
    return fixLog(x, fma(e, c(kLn2Hi), fma(e, c(kLn2Lo), lnM)));
  }

  /// log2 x = e + ln m log2(e), with log2(e) split in two floats so that
  /// its rounding does not add to the error where e = 0.
  Value log2(Value x) {
    auto [e, lnM] = logParts(x);
    float hi = static_cast<float>(kLog2E);
    Value t = fma(lnM, c(kLog2E - hi), e);
    return fixLog(x, fma(lnM, c(hi), t));
  }

  /// tanh x: below |x| = 0.55 its odd Taylor polynomial to x^17
  /// (truncation below 2^-27 relative); above, sign(x) (1 - 2 / (e^2|x| +
  /// 1)), whose cancellation at 0.55 amplifies the rounding by about 1.
  Value tanh(Value x) {
    Value z = mul(x, x);
    // The coefficients of x^3 .. x^17: 2^2n (2^2n - 1) B_2n / (2n)!.
    Value q = poly(z, {-1.0 / 3, 2.0 / 15, -17.0 / 315, 62.0 / 2835,
                       -1382.0 / 155925, 21844.0 / 6081075,
                       -929569.0 / 638512875, 6404582.0 / 10854718875});
    Value small = fma(mul(x, z), q, x);
    Value a = abs(x);
    Value e = exp(add(a, a));
    Value t = sub(c(1.0), div(c(2.0), add(e, c(1.0))));
    Value large = LLVM::CopySignOp::create(b, loc, t, x);
    return select(cmp(arith::CmpFPredicate::OLT, a, c(0.55)), small, large);
  }

private:
  OpBuilder &b;
  Location loc;
};

} // namespace

LogicalResult KernelLowering::lowerMath(Operation &op) {
  loc = op.getLoc();
  // The rule the collective analysis asks too: math with a bound.
  if (failed(checkDeviceOperation(&op)))
    return failure();
  assert(getDeviceMathBound(&op) && "device math has a bound");
  FailureOr<SmallVector<Value>> operands = loweredOperands(op);
  if (failed(operands))
    return failure();
  ArrayRef<Value> in = *operands;
  F32 f(b, loc);
  bool approx = isApproximateMath(&op) && op.getResult(0).getType().isF32();
  Value result =
      llvm::TypeSwitch<Operation *, Value>(&op)
          .Case([&](math::ExpOp) {
            return approx ? f.ptx("ex2.approx.ftz.f32 $0, $1;",
                                  f.mul(in[0], f.c(kLog2E)))
                          : f.exp(in[0]);
          })
          .Case([&](math::Exp2Op) {
            return approx ? f.ptx("ex2.approx.ftz.f32 $0, $1;", in[0])
                          : f.exp2(in[0]);
          })
          .Case([&](math::LogOp) {
            return approx ? f.mul(f.ptx("lg2.approx.ftz.f32 $0, $1;", in[0]),
                                  f.c(kLn2))
                          : f.log(in[0]);
          })
          .Case([&](math::Log2Op) {
            return approx ? f.ptx("lg2.approx.ftz.f32 $0, $1;", in[0])
                          : f.log2(in[0]);
          })
          .Case([&](math::TanhOp) {
            return approx ? f.ptx("tanh.approx.f32 $0, $1;", in[0])
                          : f.tanh(in[0]);
          })
          .Case([&](math::RsqrtOp) {
            if (approx)
              return f.ptx("rsqrt.approx.f32 $0, $1;", in[0]);
            return f.div(f.c(1.0), LLVM::SqrtOp::create(b, loc, in[0]));
          })
          .Case([&](math::SqrtOp) -> Value {
            if (approx)
              return f.ptx("sqrt.approx.f32 $0, $1;", in[0]);
            return LLVM::SqrtOp::create(b, loc, in[0]);
          })
          .Case([&](math::FmaOp) -> Value {
            return LLVM::FMAOp::create(b, loc, in[0], in[1], in[2]);
          })
          .Case([&](math::AbsFOp) -> Value {
            return LLVM::FAbsOp::create(b, loc, in[0]);
          })
          .Case([&](arith::DivFOp div) -> Value {
            std::optional<double> one;
            if (auto c = div.getLhs().getDefiningOp<arith::ConstantOp>())
              if (auto fa = dyn_cast<FloatAttr>(c.getValue()))
                one = fa.getValueAsDouble();
            if (one && *one == 1.0)
              return f.ptx("rcp.approx.f32 $0, $1;", in[1]);
            return buildInlineAsm(b, loc, b.getF32Type(),
                                  ValueRange{in[0], in[1]},
                                  "div.full.f32 $0, $1, $2;", "=f,f,f",
                                  /*sideEffects=*/false);
          })
          .Default([](Operation *) { return Value(); });
  if (!result)
    return op.emitOpError() << "is in the device-math table but has no "
                               "emitter";
  values[op.getResult(0)] = result;
  return success();
}

LogicalResult KernelLowering::lowerFp8Conversion(Operation &op) {
  loc = op.getLoc();
  FailureOr<SmallVector<Value>> operands = loweredOperands(op);
  if (failed(operands))
    return failure();
  Value in = (*operands)[0];
  auto pureAsm = [&](Type result, ValueRange args, StringRef text,
                     StringRef constraints) {
    return buildInlineAsm(b, loc, result, args, text, constraints,
                          /*sideEffects=*/false);
  };
  F32 f(b, loc);
  auto i8c = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc,
                                     b.getIntegerAttr(b.getI8Type(), v));
  };
  if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
    // The hardware rounds to nearest even and saturates; the meaning
    // (DeviceMath.h) overflows instead, and has one NaN.
    Type t = trunc.getType();
    Fp8Format fmt = getFp8Format(t);
    bool e4m3 = isa<Float8E4M3FNType>(t);
    Value pair = pureAsm(b.getI16Type(), ValueRange{f.c(0.0), in},
                         e4m3 ? "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;"
                              : "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;",
                         "=h,f,f");
    Value byte = arith::TruncIOp::create(b, loc, b.getI8Type(), pair);
    Value a = f.abs(in);
    Value over = f.cmp(fmt.tieOverflows ? arith::CmpFPredicate::OGE
                                        : arith::CmpFPredicate::OGT,
                       a, f.c(fmt.overflowFrom));
    Value overByte = i8c(fmt.nanByte);
    if (fmt.hasInfinity) {
      Value negative = f.cmp(arith::CmpFPredicate::OLT, in, f.c(0.0));
      overByte =
          arith::SelectOp::create(b, loc, negative, i8c(0xfc), i8c(0x7c));
    }
    byte = arith::SelectOp::create(b, loc, over, overByte, byte);
    byte = arith::SelectOp::create(b, loc,
                                   f.cmp(arith::CmpFPredicate::UNO, in, in),
                                   i8c(fmt.nanByte), byte);
    values[op.getResult(0)] = byte;
    return success();
  }
  auto ext = cast<arith::ExtFOp>(op);
  Type t = ext.getIn().getType();
  bool e4m3 = isa<Float8E4M3FNType>(t);
  Value h = arith::ExtUIOp::create(b, loc, b.getI16Type(), in);
  std::string text = (Twine("{ .reg .b32 t; .reg .b16 lo, hi; cvt.rn.f16x2.") +
                      (e4m3 ? "e4m3x2" : "e5m2x2") +
                      " t, $1; mov.b32 {lo, hi}, t; cvt.f32.f16 $0, lo; }")
                         .str();
  Value v = pureAsm(b.getF32Type(), ValueRange{h}, text, "=f,h");
  // One NaN, as the meaning has.
  values[op.getResult(0)] =
      f.select(f.cmp(arith::CmpFPredicate::UNO, v, v), f.c(std::nan("")), v);
  return success();
}

} // namespace exo::nvvm

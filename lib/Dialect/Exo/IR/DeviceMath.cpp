//===- DeviceMath.cpp - What device code computes with math ---------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;

bool exo::isApproximateMath(Operation *op) {
  auto fmf = dyn_cast<arith::ArithFastMathInterface>(op);
  return fmf && arith::bitEnumContainsAll(fmf.getFastMathFlagsAttr().getValue(),
                                          arith::FastMathFlags::afn);
}

StringRef exo::getDeviceMathOpList() {
  return "math.exp, math.exp2, math.log, math.log2, math.tanh, math.rsqrt "
         "(on f32), math.sqrt, math.fma, math.absf (on f32 and f64)";
}

LogicalResult exo::checkDeviceOperation(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (dialect && isa<math::MathDialect>(dialect)) {
    if (getDeviceMathBound(op))
      return success();
    InFlightDiagnostic diag = op->emitOpError();
    if (op->getNumResults() == 1 && !op->getResult(0).getType().isF32() &&
        isa<FloatType>(op->getResult(0).getType()))
      diag << "on " << op->getResult(0).getType()
           << " has no GPU lowering; device math computes in f32 (extend "
              "the operands with arith.extf and truncate the result with "
              "arith.truncf)";
    else
      diag << "has no GPU lowering; device code computes "
           << getDeviceMathOpList() << " and arith operations on data";
    return diag;
  }
  if (dialect && isa<arith::ArithDialect>(dialect)) {
    for (Type t : op->getResultTypes())
      if (t.isTF32() || t.getDialect().getNamespace() == "exo")
        return op->emitOpError() << "has no GPU lowering for type " << t;
    return success();
  }
  if (dialect && dialect->getNamespace() == "exo")
    return success();
  return op->emitOpError()
         << "has no GPU lowering; device code lowers the exo statements "
            "(for, if, warps, window, read, assign, reduce, fence, arrive, "
            "await, call of an instruction), arith operations and device "
            "math";
}

std::optional<exo::DeviceMathBound> exo::getDeviceMathBound(Operation *op) {
  if (isa<arith::ArithDialect>(op->getDialect())) {
    // IEEE arithmetic is correctly rounded on both machines; a division the
    // program lets approximate is rcp.approx (of 1) or div.full.
    if (isa<arith::DivFOp>(op) && isApproximateMath(op) &&
        op->getResult(0).getType().isF32())
      return DeviceMathBound{std::ldexp(1.0, -22), 0, false,
                             "rcp.approx.f32 (1 / x), div.full.f32"};
    return DeviceMathBound{0, 0, false, ""};
  }
  if (!isa<math::MathDialect>(op->getDialect()) || op->getNumResults() != 1)
    return std::nullopt;
  Type t = op->getResult(0).getType();
  bool f32 = t.isF32();
  if (isa<math::SqrtOp>(op)) {
    if (f32 && isApproximateMath(op))
      return DeviceMathBound{std::ldexp(1.0, -22), 0, false, "sqrt.approx.f32"};
    if (f32 || t.isF64())
      return DeviceMathBound{0, 0, false, "sqrt.rn"};
    return std::nullopt;
  }
  if (isa<math::FmaOp, math::AbsFOp>(op)) {
    if (f32 || t.isF64())
      return DeviceMathBound{0, 0, false,
                             isa<math::FmaOp>(op) ? "fma.rn" : "abs"};
    return std::nullopt;
  }
  if (!f32)
    return std::nullopt;
  // The software sequences (approximate == false) are built of IEEE steps:
  // a range reduction, a polynomial and a scaling; docs/Lowering.md gives
  // each one's analysis. Results below 2^-126 come out of the scaling with
  // one more rounding (at most 2^-149 off).
  double tiny = std::ldexp(1.0, -149);
  bool approx = isApproximateMath(op);
  return llvm::TypeSwitch<Operation *, std::optional<DeviceMathBound>>(op)
      .Case([&](math::ExpOp) -> std::optional<DeviceMathBound> {
        // ex2.approx of x * log2(e): the product's rounding grows with |x|
        // (|x| <= 104 where the result is not 0 or inf).
        if (approx)
          return DeviceMathBound{std::ldexp(1.0, -16), 0, true,
                                 "ex2.approx.ftz.f32 of x * log2(e)"};
        return DeviceMathBound{std::ldexp(1.0, -22), tiny, false,
                               "reduction by ln 2, degree-7 polynomial"};
      })
      .Case([&](math::Exp2Op) -> std::optional<DeviceMathBound> {
        if (approx)
          return DeviceMathBound{std::ldexp(1.0, -22), 0, true,
                                 "ex2.approx.ftz.f32"};
        return DeviceMathBound{std::ldexp(1.0, -22), tiny, false,
                               "reduction to [-1/2, 1/2], degree-7 polynomial"};
      })
      .Case<math::LogOp, math::Log2Op>(
          [&](Operation *) -> std::optional<DeviceMathBound> {
            // lg2.approx is accurate in absolute terms near 1, where the
            // logarithm is near 0.
            if (approx)
              return DeviceMathBound{std::ldexp(1.0, -22), std::ldexp(1.0, -22),
                                     true, "lg2.approx.ftz.f32"};
            return DeviceMathBound{std::ldexp(1.0, -22), 0, false,
                                   "exponent and mantissa, atanh series"};
          })
      .Case([&](math::TanhOp) -> std::optional<DeviceMathBound> {
        if (approx)
          return DeviceMathBound{std::ldexp(1.0, -10), 0, false,
                                 "tanh.approx.f32"};
        return DeviceMathBound{std::ldexp(1.0, -21), 0, false,
                               "odd polynomial below 0.55, 1 - 2 / (e^2x + 1)"};
      })
      .Case([&](math::RsqrtOp) -> std::optional<DeviceMathBound> {
        if (approx)
          return DeviceMathBound{std::ldexp(1.0, -22), 0, false,
                                 "rsqrt.approx.f32"};
        return DeviceMathBound{std::ldexp(1.0, -22), 0, false,
                               "div.rn.f32 of 1 by sqrt.rn.f32"};
      })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// fp8 conversions
//===----------------------------------------------------------------------===//

bool exo::isFp8Type(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

exo::Fp8Format exo::getFp8Format(Type t) {
  if (isa<Float8E4M3FNType>(t))
    // 448 = 1.110b 2^8; 480 (1.111b 2^8) is NaN, so the midpoint 464 is a
    // tie that rounds to 448's even mantissa.
    return Fp8Format{7, 3, 448.0, 464.0, false, false, 0x7f};
  // e5m2: 57344 = 1.11b 2^15; the midpoint 61440 to 2^16 rounds to the
  // even 2^16, which overflows to infinity.
  return Fp8Format{15, 2, 57344.0, 61440.0, true, true, 0x7e};
}

namespace {
/// i32 and f32 arithmetic for the fp8 conversions.
struct Bits {
  OpBuilder &b;
  Location loc;
  Value i(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  Value f(double v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  }
  Value toBits(Value x) {
    return arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  }
  Value toFloat(Value x) {
    return arith::BitcastOp::create(b, loc, b.getF32Type(), x);
  }
  Value shl(Value x, int64_t n) {
    return arith::ShLIOp::create(b, loc, x, i(n));
  }
  Value shr(Value x, int64_t n) {
    return arith::ShRUIOp::create(b, loc, x, i(n));
  }
  Value andI(Value x, int64_t m) {
    return arith::AndIOp::create(b, loc, x, i(m));
  }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value addI(Value x, int64_t v) {
    return arith::AddIOp::create(b, loc, x, i(v));
  }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value cmpI(arith::CmpIPredicate p, Value x, int64_t v) {
    return arith::CmpIOp::create(b, loc, p, x, i(v));
  }
  Value cmpF(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
};
} // namespace

Value exo::buildTruncToFp8(OpBuilder &b, Location loc, Value x, Type t) {
  Fp8Format fmt = getFp8Format(t);
  Bits k{b, loc};
  int minExp = 1 - fmt.bias; // the smallest normal exponent
  Value bits = k.toBits(x);
  Value sign = k.shl(k.shr(bits, 31), 7);
  Value a = k.toFloat(k.andI(bits, 0x7fffffff));
  // The quantum q = 2^(max(E, minExp) - mantissaBits) at a's binade E, and
  // a rounded to a multiple of q (nearest, ties to even) by adding and
  // subtracting 1.5 * 2^23 q. A NaN or infinite a, or one far beyond the
  // format, gives a NaN or infinite r: caught by the overflow test.
  Value e = k.addI(k.shr(k.toBits(a), 23), -127);
  Value eq = arith::MaxSIOp::create(b, loc, e, k.i(minExp));
  Value q = k.toFloat(k.shl(k.addI(eq, 127 - fmt.mantissaBits), 23));
  Value magic = arith::MulFOp::create(b, loc, q, k.f(12582912.0));
  Value r = arith::SubFOp::create(
      b, loc, arith::AddFOp::create(b, loc, a, magic), magic);
  // r's byte: subnormal (r < 2^minExp) as r / 2^(minExp - mantissaBits),
  // else the biased exponent and the top mantissa bits of r.
  Value rb = k.toBits(r);
  Value normal = k.orI(
      k.shl(k.addI(k.shr(rb, 23), fmt.bias - 127), fmt.mantissaBits),
      k.andI(k.shr(rb, 23 - fmt.mantissaBits), (1 << fmt.mantissaBits) - 1));
  Value sub = arith::FPToUIOp::create(
      b, loc, b.getI32Type(),
      arith::MulFOp::create(b, loc, r,
                            k.f(std::ldexp(1.0, fmt.mantissaBits - minExp))));
  Value isSub =
      k.cmpF(arith::CmpFPredicate::OLT, r, k.f(std::ldexp(1.0, minExp)));
  Value byte = k.orI(sign, k.sel(isSub, sub, normal));
  // Beyond the largest finite value (r NaN too: the unordered test).
  Value over = k.cmpF(arith::CmpFPredicate::UGT, r, k.f(fmt.maxFinite));
  Value overByte = fmt.hasInfinity ? k.orI(sign, k.i(0x7c)) : k.i(fmt.nanByte);
  byte = k.sel(over, overByte, byte);
  byte = k.sel(k.cmpF(arith::CmpFPredicate::UNO, x, x), k.i(fmt.nanByte), byte);
  return arith::TruncIOp::create(b, loc, b.getI8Type(), byte);
}

Value exo::buildExtFromFp8(OpBuilder &b, Location loc, Value byte, Type t) {
  Fp8Format fmt = getFp8Format(t);
  Bits k{b, loc};
  int m = fmt.mantissaBits, minExp = 1 - fmt.bias;
  Value v = arith::ExtUIOp::create(b, loc, b.getI32Type(), byte);
  Value sign = k.shl(k.shr(v, 7), 31);
  Value expField = k.andI(k.shr(v, m), (1 << (7 - m)) - 1);
  Value mant = k.andI(v, (1 << m) - 1);
  // Normal: the f32 with the rebiased exponent and the mantissa on top.
  Value normal =
      k.orI(k.shl(k.addI(expField, 127 - fmt.bias), 23), k.shl(mant, 23 - m));
  // Subnormal: mant * 2^(minExp - m), exact in f32.
  Value subF = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, b.getF32Type(), mant),
      k.f(std::ldexp(1.0, minExp - m)));
  Value magnitude = k.sel(k.cmpI(arith::CmpIPredicate::eq, expField, 0),
                          k.toBits(subF), normal);
  int topExp = (1 << (7 - m)) - 1;
  Value isNan, result;
  if (fmt.hasInfinity) {
    // e5m2: the top exponent is infinity (mantissa 0) or NaN.
    Value top = k.cmpI(arith::CmpIPredicate::eq, expField, topExp);
    Value mantZero = k.cmpI(arith::CmpIPredicate::eq, mant, 0);
    magnitude = k.sel(arith::AndIOp::create(b, loc, top, mantZero),
                      k.i(0x7f800000), magnitude);
    isNan = arith::AndIOp::create(b, loc, top,
                                  k.cmpI(arith::CmpIPredicate::ne, mant, 0));
  } else {
    // e4m3fn: only S.1111.111 is NaN.
    isNan = k.cmpI(arith::CmpIPredicate::eq, k.andI(v, 0x7f), 0x7f);
  }
  result = k.sel(isNan, k.i(0x7fc00000), k.orI(sign, magnitude));
  return k.toFloat(result);
}

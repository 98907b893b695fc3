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

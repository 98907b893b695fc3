//===- DeviceMath.h - What device code computes with math ------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Device code computes on data with arith and math operations. Their meaning
// is the CPU reference's (libm, IEEE arithmetic); the GPU computes each one
// within a bound stated here, per operation: exactly (correctly rounded) for
// the IEEE operations, within a few units in the last place for the
// functions the lowering builds from exact steps, and within the hardware's
// documented error for an approximation the program asks for with the
// `afn` fast-math flag (`math.exp %x fastmath<afn> : f32`). One table serves
// the lowering (which operations it lowers), the CPU runner's tolerance and
// docs/Lowering.md (which states the bounds and how they were measured).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H
#define EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H

#include "mlir/IR/Operation.h"

#include <optional>

namespace exo {

/// What the GPU computes for one operation, for every f32 input x whose
/// result is a normal number: |gpu(x) - f(x)| <= relative * |f(x)| +
/// absolute, where f is the exact function. Special values (infinities,
/// NaN, signed zeros, overflow, underflow to zero) follow IEEE and libm,
/// except where `flushesSubnormals`: inputs and results below 2^-126 in
/// magnitude are zeros.
struct DeviceMathBound {
  double relative = 0;
  double absolute = 0;
  bool flushesSubnormals = false;
  /// The PTX the lowering emits: one instruction, or a short description of
  /// the sequence.
  llvm::StringRef ptx;
};

/// Whether `op` carries the `afn` fast-math flag: the program accepts the
/// hardware approximation for it.
bool isApproximateMath(mlir::Operation *op);

/// The bound of `op` when device code may compute it on data: a math
/// operation the GPU lowering implements (on f32; sqrt, fma and absf also
/// on f64) or an arith operation on floating-point values. nullopt for any
/// other math operation or type.
std::optional<DeviceMathBound> getDeviceMathBound(mlir::Operation *op);

/// The math operations device code may use, for diagnostics ("math.exp,
/// math.exp2, ...").
llvm::StringRef getDeviceMathOpList();

} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H

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
// docs/Lowering.md (which states the bounds and how they were measured);
// test/GPU/math_check.cu measures each row on the H200 against a copy.
// The fp8 formats' conversions, whose meaning both machines share bit for
// bit, are defined here too.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H
#define EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H

#include "mlir/IR/Builders.h"
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

/// The rule of an operation of device code that is not an exo statement:
/// math the GPU computes (getDeviceMathBound, on f32; other float types are
/// extended to f32 first), arith operations on types the kernel has (not
/// tf32, which only an instruction's operand is), and no operation of
/// another dialect. Emits an error at `op` and fails otherwise. The GPU
/// lowering and the collective analysis both ask it.
mlir::LogicalResult checkDeviceOperation(mlir::Operation *op);

/// Whether `t` is an fp8 element type (f8E4M3FN, f8E5M2). fp8 values are
/// only stored, loaded and converted: `arith.truncf` from f32,
/// `arith.extf` to f32 and `arith.bitcast` from or to i8 (the exo.proc
/// verifier refuses other uses).
bool isFp8Type(mlir::Type t);

/// The meaning of `arith.truncf %x : f32 to T` for an fp8 type T, as the
/// byte (i8) of the result: the nearest T value, ties to even; a magnitude
/// that rounds beyond the largest finite value (448 for e4m3, 57344 for
/// e5m2) gives NaN for e4m3 (0x7f, which has no infinity) and the signed
/// infinity for e5m2 (as LLVM's APFloat converts); NaN gives the positive
/// quiet NaN (0x7f, 0x7e). Built of arith operations on i32 and f32 (the
/// CPU lowering's conversion; the GPU's is the hardware `cvt` with the same
/// results, test/GPU/model_check.cu).
mlir::Value buildTruncToFp8(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value x, mlir::Type t);

/// The meaning of `arith.extf %y : T to f32` for an fp8 type T given the
/// byte (i8) of y: exact; NaN bytes give the f32 quiet NaN 0x7fc00000.
mlir::Value buildExtFromFp8(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value byte, mlir::Type t);

/// For fp8 type `t`: the exponent bias, the mantissa bits and the largest
/// finite value.
struct Fp8Format {
  int bias;
  int mantissaBits;
  double maxFinite;
  /// The smallest magnitude that rounds beyond maxFinite.
  double overflowFrom;
  /// Whether overflowFrom itself overflows (a tie that rounds up).
  bool tieOverflows;
  bool hasInfinity;
  uint8_t nanByte;
};
Fp8Format getFp8Format(mlir::Type t);

} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_DEVICEMATH_H

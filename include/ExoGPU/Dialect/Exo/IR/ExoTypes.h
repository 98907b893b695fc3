//===- ExoTypes.h - Types of the exo dialect --------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOTYPES_H
#define EXOGPU_DIALECT_EXO_IR_EXOTYPES_H

#include "ExoGPU/Dialect/Exo/IR/ExoAttrs.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOpsTypes.h.inc"

namespace exo {

/// Marks a multicast coordinate `:` in the static indices of a barrier
/// expression.
inline constexpr int64_t kMulticastIndex = mlir::ShapedType::kDynamic + 1;
/// The most slots a ring dimension may have (the type verifiers' bound;
/// slots are storage, and larger depths would overflow size computations).
inline constexpr int64_t kMaxRingDepth = int64_t(1) << 20;
/// The most transaction bytes one mbarrier phase can count (the PTX ISA's
/// tx-count range is [-(2^20 - 1), 2^20 - 1]).
inline constexpr int64_t kMaxTransactionBytes = (int64_t(1) << 20) - 1;

/// The element type of a tensor or window type, or null.
mlir::Type getElementTypeOf(mlir::Type type);
/// The memory of a tensor or window type, or null.
MemoryAttr getMemoryOf(mlir::Type type);
/// The dimensions of a tensor or window type (integers or size names).
llvm::ArrayRef<mlir::Attribute> getDimsOf(mlir::Type type);
/// Whether `type` is a tensor or window type.
bool isShapedData(mlir::Type type);
/// The bytes one element of the element type `type` occupies in GPU memory
/// (tf32 is stored in 32 bits; sub-byte types round up to a byte).
int64_t getElementBytes(mlir::Type type);
/// Whether `type` is an element type tensors may hold.
bool isValidElementType(mlir::Type type);

} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_EXOTYPES_H

//===- ExoTransformOps.h - Scheduling ops on exo programs -------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_H
#define EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_H

#include "ExoGPU/Dialect/Exo/IR/ExoAttrs.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOpsEnums.h.inc"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOps.h.inc"

namespace exo {
/// Registers the transform.exo.* ops with the transform dialect.
void registerTransformDialectExtension(mlir::DialectRegistry &registry);
} // namespace exo

#endif // EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_H

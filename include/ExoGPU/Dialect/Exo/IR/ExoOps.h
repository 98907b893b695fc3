//===- ExoOps.h - Operations of the exo dialect -----------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOOPS_H
#define EXOGPU_DIALECT_EXO_IR_EXOOPS_H

#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/ExoTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h.inc"

namespace exo {
/// The device function enclosing `op`, if any.
DeviceFunctionOp getEnclosingDeviceFunction(mlir::Operation *op);
} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_EXOOPS_H

//===- AmirOps.h - The abstract machine IR ----------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_AMIR_IR_AMIROPS_H
#define EXOGPU_DIALECT_AMIR_IR_AMIROPS_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"

#include "ExoGPU/Dialect/AMIR/IR/AmirOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ExoGPU/Dialect/AMIR/IR/AmirOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h.inc"

#endif // EXOGPU_DIALECT_AMIR_IR_AMIROPS_H

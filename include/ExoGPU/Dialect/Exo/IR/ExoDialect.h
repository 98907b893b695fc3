//===- ExoDialect.h - The exo dialect ---------------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXODIALECT_H
#define EXOGPU_DIALECT_EXO_IR_EXODIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "ExoGPU/Dialect/Exo/IR/ExoOpsDialect.h.inc"

#endif // EXOGPU_DIALECT_EXO_IR_EXODIALECT_H

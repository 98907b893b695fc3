//===- Passes.h - Conversion passes of Exo-GPU ------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_CONVERSION_PASSES_H
#define EXOGPU_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace exo {
#define GEN_PASS_DECL
#include "ExoGPU/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

#endif // EXOGPU_CONVERSION_PASSES_H

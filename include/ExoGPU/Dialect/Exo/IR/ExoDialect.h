//===- ExoDialect.h - The exo dialect ---------------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXODIALECT_H
#define EXOGPU_DIALECT_EXO_IR_EXODIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"

#include <mutex>

namespace exo::detail {
/// The instruction procs built from family instances, by instance.
struct FamilyProcCache {
  std::mutex mutex;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  llvm::DenseMap<mlir::Attribute, mlir::Operation *> procs;
};
} // namespace exo::detail

#include "ExoGPU/Dialect/Exo/IR/ExoOpsDialect.h.inc"

#endif // EXOGPU_DIALECT_EXO_IR_EXODIALECT_H

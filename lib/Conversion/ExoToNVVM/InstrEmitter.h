//===- InstrEmitter.h - Emitters of instruction families --------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The interface through which the kernel lowering emits a call of an
// instruction family instance, and the registration of every family's
// emitter (one file of Families/ each). Private to
// lib/Conversion/ExoToNVVM.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_CONVERSION_EXOTONVVM_INSTREMITTER_H
#define EXOGPU_LIB_CONVERSION_EXOTONVVM_INSTREMITTER_H

#include "KernelLowering.h"

#include "mlir/IR/DialectRegistry.h"

#include "InstrEmitterInterface.h.inc"

namespace exo::nvvm {

/// Attaches every family's emitter to its attribute when the exo dialect is
/// loaded (the lowering pass declares it among its dependences).
void registerInstrEmitters(mlir::DialectRegistry &registry);

// One per file of Families/.
void attachTmaEmitter(mlir::MLIRContext *ctx);
void attachWgmmaEmitters(mlir::MLIRContext *ctx);
void attachMmaEmitter(mlir::MLIRContext *ctx);
void attachGlobalAccessEmitter(mlir::MLIRContext *ctx);
void attachCpAsyncEmitter(mlir::MLIRContext *ctx);
void attachShuffleEmitter(mlir::MLIRContext *ctx);

} // namespace exo::nvvm

#endif // EXOGPU_LIB_CONVERSION_EXOTONVVM_INSTREMITTER_H

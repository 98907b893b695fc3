//===- Launcher.h - PTX and C++ launchers from lowered kernels --*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Translations from the output of -exo-to-ptx (a module with a gpu.binary
// holding PTX and an `exo.kernels` launch description) to the artifacts a
// user compiles into a program: the PTX text, and a C++ header with one
// launcher function per kernel on the CUDA driver API (runtime/).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_TARGET_LAUNCHER_H
#define EXOGPU_TARGET_LAUNCHER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace exo {

/// Writes the PTX of the module's gpu.binary.
mlir::LogicalResult extractPTX(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Writes a self-contained C++ header: the PTX and, per kernel, a function
/// that checks the proc's `requires`, encodes its tensor maps and launches
/// the persistent grid.
mlir::LogicalResult emitLauncher(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Registers `--exo-extract-ptx` and `--exo-emit-launcher`. Their input is
/// parsed with the gpu, llvm and nvvm dialects plus those that
/// `inputDialects` registers: registering the exo dialects there lets a
/// module that was not lowered parse, so that it is refused with advice
/// instead of "unregistered dialect".
void registerExoTranslations(
    void (*inputDialects)(mlir::DialectRegistry &) = nullptr);

} // namespace exo

#endif // EXOGPU_TARGET_LAUNCHER_H

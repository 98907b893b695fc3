//===- InitAll.h - Register everything Exo-GPU uses -------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_INITALL_H
#define EXOGPU_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace exo {

/// Registers Exo-GPU's dialects and dialect extensions.
void registerExoDialects(mlir::DialectRegistry &registry);
/// Registers Exo-GPU's passes and pipelines.
void registerExoPasses();

/// Registers Exo-GPU's dialects plus the upstream dialects, extensions and
/// interfaces that exo-gpu-opt needs (selectively; not registerAllDialects).
void registerAllDialects(mlir::DialectRegistry &registry);
/// Registers Exo-GPU's passes plus the upstream passes exo-gpu-opt offers.
void registerAllPasses();

} // namespace exo

#endif // EXOGPU_INITALL_H

//===- Pipelines.h - Pipelines for an embedding compiler ------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// What exo-gpu-opt and exo-gpu-translate do, as functions a compiler that
// embeds Exo-GPU calls on its own PassManager and modules (docs/Embedding.md):
// register the dialects and passes, add the check, CPU and PTX pipelines, and
// emit the PTX and the C++ launcher of a lowered module (extractPTX and
// emitLauncher, from ExoGPU/Target/Launcher.h, included here).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_PIPELINES_H
#define EXOGPU_PIPELINES_H

#include "ExoGPU/InitAll.h"
#include "ExoGPU/Target/Launcher.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace exo {

/// The checks of -exo-verify-collectives and -exo-check-sync.
struct CheckOptions {
  /// The sizes to check at, as NAME=VALUE (each name once; values in
  /// [0, 2^31 - 1]).
  std::vector<std::string> sizes;
  /// Accept sizes that no proc with a device function takes (an error
  /// otherwise).
  bool allowUnusedSizes = false;
  /// Stop with an error after this many statement instances (0: no limit).
  int64_t maxInstances = int64_t(1) << 30;
  /// Check the tasks of a nest that are translations of each other by
  /// running two of them (docs/SyncChecker.md, "Task symmetry"); false runs
  /// every task.
  bool taskSymmetry = true;
  /// Check every size `requires` allows instead of `sizes`, which must be
  /// empty (docs/SymbolicChecking.md); a size it cannot cover is a warning.
  bool symbolic = false;
  /// With `symbolic`: bounds beyond `requires`, as NAME<=VALUE or
  /// NAME>=VALUE.
  std::vector<std::string> bounds;
};

/// Adds the collective analysis and the synchronization checker, at
/// `options.sizes`, to `pm` (on a builtin.module). They leave the IR
/// unchanged; a failure is the program's error, reported as diagnostics.
void buildCheckPipeline(mlir::OpPassManager &pm, const CheckOptions &options);

/// Adds -exo-to-cpu: the procs' sequential meaning, lowered to the LLVM
/// dialect (for the ExecutionEngine).
void buildCPUPipeline(mlir::OpPassManager &pm);

/// The target of the PTX pipeline.
struct PTXOptions {
  std::string chip = "sm_90a";
  std::string features = "+ptx81";
};

/// Adds -exo-to-ptx: device functions to NVVM kernels, on to PTX in a
/// gpu.binary with the launch description that extractPTX and emitLauncher
/// read.
void buildPTXPipeline(mlir::OpPassManager &pm, const PTXOptions &options);

} // namespace exo

#endif // EXOGPU_PIPELINES_H

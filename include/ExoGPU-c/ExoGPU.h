/*===- ExoGPU.h - The C API of Exo-GPU --------------------------*- C -*-===*\
|*                                                                            *|
|* Part of the Exo-GPU project.                                               *|
|*                                                                            *|
|* In the style of MLIR's C API (mlir-c/): dialect handles for exo and amir,  *|
|* registration of the passes and the transform extension, and the pipelines *|
|* and emitters of ExoGPU/Pipelines.h on MlirModule values                    *|
|* (docs/Embedding.md).                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef EXOGPU_C_EXOGPU_H
#define EXOGPU_C_EXOGPU_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The exo dialect: mlirGetDialectHandle__exo__().
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Exo, exo);
/// The abstract machine IR: mlirGetDialectHandle__amir__().
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Amir, amir);

/// Inserts into `registry` everything the pipelines below need: the exo and
/// amir dialects, the transform.exo extension, and the upstream dialects,
/// interfaces and translations that exo-gpu-opt registers.
MLIR_CAPI_EXPORTED void exoRegisterAllDialects(MlirDialectRegistry registry);

/// Registers Exo-GPU's passes and pipelines (-exo-check-sync, -exo-to-ptx,
/// ...) with the global pass registry, for textual pipelines.
MLIR_CAPI_EXPORTED void exoRegisterPasses(void);

/// Runs -exo-verify-collectives and -exo-check-sync on `module` at `sizes`
/// (space-separated NAME=VALUE). Diagnostics go to the context's handlers;
/// the module is unchanged.
MLIR_CAPI_EXPORTED MlirLogicalResult exoCheck(MlirModule module,
                                              MlirStringRef sizes);

/// The options of exoCheckWithOptions (exo::CheckOptions).
typedef struct ExoCheckOptions {
  /// Space-separated NAME=VALUE.
  MlirStringRef sizes;
  /// Accept sizes that no proc with a device function takes.
  bool allowUnusedSizes;
  /// Stop with an error after this many statement instances (0: no limit).
  int64_t maxInstances;
  /// Run two of the tasks of a nest that are translations of each other
  /// and cover the others (docs/SyncChecker.md); false runs every task.
  bool taskSymmetry;
  /// Check every size `requires` allows instead of `sizes`, which must be
  /// empty (docs/SymbolicChecking.md).
  bool symbolic;
  /// With `symbolic`: space-separated bounds beyond `requires`, as
  /// NAME<=VALUE or NAME>=VALUE.
  MlirStringRef bounds;
} ExoCheckOptions;

/// The defaults: no sizes, unused sizes refused, 2^30 statement instances,
/// task symmetry on, the given sizes checked (not every size).
MLIR_CAPI_EXPORTED ExoCheckOptions exoCheckOptionsGetDefault(void);

/// exoCheck with every option.
MLIR_CAPI_EXPORTED MlirLogicalResult
exoCheckWithOptions(MlirModule module, ExoCheckOptions options);

/// Runs -exo-to-cpu on `module`: the procs' sequential meaning in the LLVM
/// dialect.
MLIR_CAPI_EXPORTED MlirLogicalResult exoLowerToCPU(MlirModule module);

/// Runs -exo-to-ptx on `module` for `chip` (empty: sm_90a).
MLIR_CAPI_EXPORTED MlirLogicalResult exoLowerToPTX(MlirModule module,
                                                   MlirStringRef chip);

/// Calls `callback` with the PTX of a module exoLowerToPTX lowered.
MLIR_CAPI_EXPORTED MlirLogicalResult exoEmitPTX(MlirModule module,
                                                MlirStringCallback callback,
                                                void *userData);

/// Calls `callback` with the C++ launcher header of a module exoLowerToPTX
/// lowered.
MLIR_CAPI_EXPORTED MlirLogicalResult
exoEmitLauncher(MlirModule module, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // EXOGPU_C_EXOGPU_H

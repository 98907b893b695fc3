//===- ExoGPU.cpp - The C API of Exo-GPU ----------------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU-c/ExoGPU.h"
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Exo, exo, exo::ExoDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Amir, amir, exo::amir::AmirDialect)

void exoRegisterAllDialects(MlirDialectRegistry registry) {
  exo::registerAllDialects(*unwrap(registry));
}

void exoRegisterPasses(void) { exo::registerAllPasses(); }

/// Runs the passes `build` adds on `module`.
static MlirLogicalResult
runOn(MlirModule module, llvm::function_ref<void(OpPassManager &)> build) {
  ModuleOp op = unwrap(module);
  PassManager pm(op->getContext());
  build(pm);
  return wrap(pm.run(op));
}

ExoCheckOptions exoCheckOptionsGetDefault(void) {
  exo::CheckOptions defaults;
  return {mlirStringRefCreate(nullptr, 0),
          defaults.allowUnusedSizes,
          defaults.maxInstances,
          defaults.taskSymmetry,
          defaults.symbolic,
          mlirStringRefCreate(nullptr, 0)};
}

MlirLogicalResult exoCheckWithOptions(MlirModule module,
                                      ExoCheckOptions options) {
  exo::CheckOptions check;
  check.allowUnusedSizes = options.allowUnusedSizes;
  check.maxInstances = options.maxInstances;
  check.taskSymmetry = options.taskSymmetry;
  check.symbolic = options.symbolic;
  SmallVector<StringRef> words;
  if (options.sizes.length)
    unwrap(options.sizes).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef w : words)
    check.sizes.push_back(w.str());
  words.clear();
  if (options.bounds.length)
    unwrap(options.bounds).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef w : words)
    check.bounds.push_back(w.str());
  return runOn(module,
               [&](OpPassManager &pm) { exo::buildCheckPipeline(pm, check); });
}

MlirLogicalResult exoCheck(MlirModule module, MlirStringRef sizes) {
  ExoCheckOptions options = exoCheckOptionsGetDefault();
  options.sizes = sizes;
  return exoCheckWithOptions(module, options);
}

MlirLogicalResult exoLowerToCPU(MlirModule module) {
  return runOn(module, [](OpPassManager &pm) { exo::buildCPUPipeline(pm); });
}

MlirLogicalResult exoLowerToPTX(MlirModule module, MlirStringRef chip) {
  exo::PTXOptions options;
  if (chip.length)
    options.chip = unwrap(chip).str();
  return runOn(module,
               [&](OpPassManager &pm) { exo::buildPTXPipeline(pm, options); });
}

MlirLogicalResult exoEmitPTX(MlirModule module, MlirStringCallback callback,
                             void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(exo::extractPTX(unwrap(module), stream));
}

MlirLogicalResult exoEmitLauncher(MlirModule module,
                                  MlirStringCallback callback, void *userData) {
  detail::CallbackOstream stream(callback, userData);
  return wrap(exo::emitLauncher(unwrap(module), stream));
}

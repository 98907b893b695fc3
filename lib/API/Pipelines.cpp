//===- Pipelines.cpp - Exo-GPU's pipelines for an embedding compiler ------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Pipelines.h"
#include "ExoGPU/Analysis/Passes.h"
#include "ExoGPU/Conversion/Passes.h"

using namespace mlir;

void exo::buildCheckPipeline(OpPassManager &pm, const CheckOptions &options) {
  pm.addPass(createExoVerifyCollectives());
  ExoCheckSyncOptions check;
  check.sizes.assign(options.sizes.begin(), options.sizes.end());
  check.allowUnusedSizes = options.allowUnusedSizes;
  check.maxInstances = options.maxInstances;
  check.taskSymmetry = options.taskSymmetry;
  check.symbolic = options.symbolic;
  check.bounds.assign(options.bounds.begin(), options.bounds.end());
  pm.addPass(createExoCheckSync(check));
}

void exo::buildCPUPipeline(OpPassManager &pm) {
  pm.addPass(createExoLowerToCPU());
  buildCPUToLLVMPipeline(pm);
}

void exo::buildPTXPipeline(OpPassManager &pm, const PTXOptions &options) {
  buildExoToPTXPipeline(pm, options.chip, options.features);
}

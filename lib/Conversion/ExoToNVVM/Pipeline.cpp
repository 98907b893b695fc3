//===- Pipeline.cpp - From exo to PTX -------------------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
struct ExoToPTXOptions : public PassPipelineOptions<ExoToPTXOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU architecture"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("PTX features"),
                               llvm::cl::init("+ptx81")};
};
} // namespace

void exo::buildExoToPTXPipeline(OpPassManager &pm, StringRef chip,
                                StringRef features) {
  ExoLowerToNVVMOptions lower;
  lower.chip = chip.str();
  lower.features = features.str();
  pm.addPass(createExoLowerToNVVM(lower));
  pm.addPass(createExoIncrementalRemainders());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void exo::registerExoToPTXPipeline() {
  PassPipelineRegistration<ExoToPTXOptions>(
      "exo-to-ptx",
      "Lower exo device functions to NVVM kernels and on to PTX text in a "
      "gpu.binary (read it with exo-gpu-translate --exo-extract-ptx)",
      [](OpPassManager &pm, const ExoToPTXOptions &options) {
        buildExoToPTXPipeline(pm, options.chip, options.features);
      });
}

//===- InitAll.cpp - Register everything Exo-GPU uses ---------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/InitAll.h"

#include "ExoGPU/Analysis/Passes.h"
#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/DebugExtension/DebugExtension.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

void exo::registerExoDialects(mlir::DialectRegistry &registry) {
  registry.insert<exo::ExoDialect, exo::amir::AmirDialect>();
  exo::registerTransformDialectExtension(registry);
}

void exo::registerExoPasses() {
  exo::registerExoAnalysisPasses();
  exo::registerExoConversionPasses();
  exo::registerExoToCPUPipeline();
  exo::registerExoToPTXPipeline();
}

void exo::registerAllDialects(mlir::DialectRegistry &registry) {
  registerExoDialects(registry);
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::transform::TransformDialect,
                  mlir::cf::ControlFlowDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  // gpu-module-to-binary translates the kernels to LLVM IR and PTX.
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerGPUDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  // transform.debug.*: printing handles and parameters from a schedule.
  mlir::transform::registerDebugExtension(registry);
}

void exo::registerAllPasses() {
  registerExoPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::transform::registerTransformPasses();
}

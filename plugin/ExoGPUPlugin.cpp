//===- ExoGPUPlugin.cpp - Exo-GPU as an mlir-opt plugin -------------------===//
//
// Part of the Exo-GPU project.
//
// Exports the dialect and pass plugin entry points that mlir-opt's
// --load-dialect-plugin and --load-pass-plugin look up.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ExoGPU", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            exo::registerExoDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "ExoGPU", LLVM_VERSION_STRING,
          []() { exo::registerExoPasses(); }};
}

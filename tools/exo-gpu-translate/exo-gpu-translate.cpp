//===- exo-gpu-translate.cpp - PTX and launchers from lowered kernels -----===//
//
// Part of the Exo-GPU project.
//
// Reads the output of `exo-gpu-opt -exo-to-ptx` and writes the PTX
// (--exo-extract-ptx) or a C++ launcher header (--exo-emit-launcher). An
// input that was not lowered is refused with that advice.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/InitAll.h"
#include "ExoGPU/Target/Launcher.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  // Every dialect exo-gpu-opt reads, so that a module that was not lowered
  // parses and gets told to run -exo-to-ptx first.
  exo::registerExoTranslations(exo::registerAllDialects);
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv, "Exo-GPU translator: PTX and launchers\n"));
}

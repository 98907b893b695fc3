//===- exo-gpu-translate.cpp - PTX and launchers from lowered kernels -----===//
//
// Part of the Exo-GPU project.
//
// Reads the output of `exo-gpu-opt -exo-to-ptx` and writes the PTX
// (--exo-extract-ptx) or a C++ launcher header (--exo-emit-launcher).
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Target/Launcher.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  exo::registerExoTranslations();
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv, "Exo-GPU translator: PTX and launchers\n"));
}

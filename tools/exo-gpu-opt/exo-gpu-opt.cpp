//===- exo-gpu-opt.cpp - The Exo-GPU optimizer driver ---------------------===//
//
// Part of the Exo-GPU project.
//
// Parses, verifies, schedules (-transform-interpreter), checks and lowers exo
// programs. Registers only what Exo-GPU uses: see ExoGPU/InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  exo::registerAllDialects(registry);
  exo::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Exo-GPU optimizer: schedule, check and lower exo programs\n",
      registry));
}

//===- MaterializeInstructions.cpp - Instruction procs into the module ----===//
//
// Part of the Exo-GPU project.
//
// See ExoMaterializeInstructions in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

namespace exo {
#define GEN_PASS_DEF_EXOMATERIALIZEINSTRUCTIONS
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {
struct MaterializeInstructionsPass
    : public exo::impl::ExoMaterializeInstructionsBase<
          MaterializeInstructionsPass> {
  void runOnOperation() override {
    if (failed(materializeInstructions(getOperation())))
      signalPassFailure();
  }
};
} // namespace

//===- ExoDialect.cpp - The exo dialect -----------------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

using namespace mlir;
using namespace exo;

#include "ExoGPU/Dialect/Exo/IR/ExoOpsDialect.cpp.inc"

void ExoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ExoGPU/Dialect/Exo/IR/ExoOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

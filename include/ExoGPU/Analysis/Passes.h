//===- Passes.h - Analysis passes of Exo-GPU --------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_PASSES_H
#define EXOGPU_ANALYSIS_PASSES_H

#include "ExoGPU/Analysis/AbstractMachine.h"
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace exo {
#define GEN_PASS_DECL
#include "ExoGPU/Analysis/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

#endif // EXOGPU_ANALYSIS_PASSES_H

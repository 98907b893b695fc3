//===- FuzzCommon.h - What every libFuzzer target sets up -------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The registry of exo-gpu-opt (built once per process) and a fresh context
// per input whose diagnostics are swallowed: diagnostics are expected; the
// targets' oracles are crashes, sanitizer reports, hangs and their own
// aborts.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_TOOLS_FUZZ_FUZZCOMMON_H
#define EXOGPU_TOOLS_FUZZ_FUZZCOMMON_H

#include "ExoGPU/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

namespace exo::fuzz {

inline const mlir::DialectRegistry &registry() {
  static const mlir::DialectRegistry *r = [] {
    auto *reg = new mlir::DialectRegistry();
    exo::registerAllDialects(*reg);
    exo::registerAllPasses();
    return reg;
  }();
  return *r;
}

/// A single-threaded context with every diagnostic swallowed.
struct Context {
  mlir::MLIRContext context{registry(), mlir::MLIRContext::Threading::DISABLED};
  mlir::ScopedDiagnosticHandler swallow{
      &context, [](mlir::Diagnostic &) { return mlir::success(); }};
};

} // namespace exo::fuzz

#endif // EXOGPU_TOOLS_FUZZ_FUZZCOMMON_H

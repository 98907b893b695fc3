//===- fuzz-programs.cpp - libFuzzer target: parse, verify, analyze -------===//
//
// Part of the Exo-GPU project.
//
// Feeds arbitrary text to the exo/amir parser and verifiers and, for
// anything that parses and verifies, runs each size-independent analysis and
// conversion on its own copy: the collective analysis, exo -> amir, the CPU
// lowering and the GPU lowering (up to NVVM). The oracle is the sanitizers
// and libFuzzer's crash/hang detection: diagnostics are expected and
// swallowed; a crash, a sanitizer report or a hang is a bug.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  exo::fuzz::Context fuzz;
  MLIRContext &context = fuzz.context;

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz-input"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 0;

  for (const char *pipeline : {"exo-verify-collectives", "convert-exo-to-amir",
                               "exo-lower-to-cpu", "exo-lower-to-nvvm"}) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&context);
    if (failed(parsePassPipeline(pipeline, pm)))
      continue;
    (void)pm.run(*copy);
  }
  return 0;
}

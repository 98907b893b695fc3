//===- fuzz-programs.cpp - libFuzzer target: parse, verify, analyze -------===//
//
// Part of the Exo-GPU project.
//
// Feeds arbitrary text to the exo/amir parser and verifiers and, for
// anything that parses and verifies, runs each analysis and conversion on
// its own copy: the collective analysis, exo -> amir, the CPU lowering, the
// GPU lowering (up to NVVM), and the synchronization checker on exo
// (-exo-check-sync) and on amir (-amir-interpret) at small sizes for the
// common size names, under a statement budget, and in its symbolic mode
// (every size) under a smaller one. The oracle is the sanitizers
// and libFuzzer's crash/hang detection: diagnostics are expected and
// swallowed; a crash, a sanitizer report or a hang is a bug.
// test/fuzz/programs.dict lists the tokens of the classes the hostile-input
// review found (limits of int64 and of the sizes, unsigned arithmetic,
// access kinds, calls), which scripts/fuzz.sh passes to libFuzzer.
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
#include <string>

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

  // The checkers at small sizes for the size names the bundled programs use
  // (others go unused), with a budget that keeps one input fast.
  const char *sizes = "M=128 N=128 K=64 KS=2 KC=64 NC=2 T=2 KT=3 "
                      "allow-unused-sizes=true max-instances=10000";
  std::string checkSync = std::string("exo-check-sync{") + sizes + "}";
  std::string interpret = std::string("amir-interpret{") + sizes + "}";
  // The symbolic mode's static half (the roles of the sizes, rounding up
  // included) on everything, and its first runs: a small budget stops it
  // at the first run that needs more (a full check takes seconds).
  const char *symbolic = "exo-check-sync{symbolic=true max-instances=2000}";
  const char *symbolicAmir = "amir-interpret{symbolic=true max-instances=2000}";
  for (const char *pipeline :
       {"exo-verify-collectives", "convert-exo-to-amir", "exo-lower-to-cpu",
        "exo-lower-to-nvvm", checkSync.c_str(), interpret.c_str(), symbolic,
        symbolicAmir}) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&context);
    if (failed(parsePassPipeline(pipeline, pm)))
      continue;
    (void)pm.run(*copy);
  }
  return 0;
}

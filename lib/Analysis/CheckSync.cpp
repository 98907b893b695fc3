//===- CheckSync.cpp - -amir-interpret and -exo-check-sync ----------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/AbstractMachine.h"
#include "ExoGPU/Analysis/Passes.h"
#include "ExoGPU/Conversion/Passes.h"

#include "mlir/Pass/PassManager.h"

namespace exo {
#define GEN_PASS_DEF_AMIRINTERPRET
#define GEN_PASS_DEF_EXOCHECKSYNC
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

/// Parses NAME=VALUE entries.
static FailureOr<llvm::StringMap<int64_t>>
parseSizes(Operation *anchor, ArrayRef<std::string> entries) {
  llvm::StringMap<int64_t> sizes;
  for (const std::string &e : entries) {
    auto [name, value] = StringRef(e).split('=');
    int64_t v;
    if (name.empty() || value.getAsInteger(10, v))
      return anchor->emitError()
             << "expected sizes as NAME=INTEGER, got '" << e << "'";
    sizes[name] = v;
  }
  return sizes;
}

/// Interprets every program of `module`.
static LogicalResult interpretAll(ModuleOp module,
                                  const llvm::StringMap<int64_t> &sizes,
                                  bool stats, bool progress) {
  bool ok = true;
  for (auto program : module.getOps<amir::ProgramOp>()) {
    AbstractMachineStats s;
    if (failed(interpretProgram(program, sizes, &s, progress))) {
      ok = false;
      continue;
    }
    if (stats)
      emitRemark(program.getLoc())
          << "checked: " << s.statements << " statement instances, "
          << s.accesses << " element accesses, " << s.tasks << " tasks";
  }
  return success(ok);
}

namespace {

struct AmirInterpretPass : exo::impl::AmirInterpretBase<AmirInterpretPass> {
  using AmirInterpretBase::AmirInterpretBase;
  void runOnOperation() override {
    FailureOr<llvm::StringMap<int64_t>> s = parseSizes(getOperation(), sizes);
    if (failed(s) || failed(interpretAll(getOperation(), *s, stats, progress)))
      signalPassFailure();
  }
};

struct ExoCheckSyncPass : exo::impl::ExoCheckSyncBase<ExoCheckSyncPass> {
  using ExoCheckSyncBase::ExoCheckSyncBase;
  void runOnOperation() override {
    FailureOr<llvm::StringMap<int64_t>> s = parseSizes(getOperation(), sizes);
    if (failed(s))
      return signalPassFailure();
    OwningOpRef<ModuleOp> copy = getOperation().clone();
    PassManager pm(&getContext());
    pm.addPass(createConvertExoToAMIR());
    if (failed(pm.run(*copy)) ||
        failed(interpretAll(*copy, *s, stats, progress)))
      signalPassFailure();
  }
};

} // namespace

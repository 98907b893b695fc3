//===- fuzz-checker.cpp - libFuzzer target: mutated synchronization -------===//
//
// Part of the Exo-GPU project.
//
// Takes a valid kernel (the bundled Hopper GEMM, or $EXO_FUZZ_KERNEL with
// sizes $EXO_FUZZ_SIZES) and mutates its synchronization as the input bytes
// say: each 3-byte group picks a sync statement (exo.arrive, exo.await,
// exo.fence) and drops it, duplicates it, moves it one statement up or down,
// changes an await's N, or changes a timeline. The mutated kernel goes
// through -exo-verify-collectives and -exo-check-sync.
//
// Oracles: the sanitizers and libFuzzer's crash and hang detection (the
// diagnostics themselves are expected and swallowed); and soundness for the
// simplest mutation: a kernel missing any one of its awaits must be
// rejected (every await of the bundled GEMM is needed;
// test/Check/drop-syncs.test lists them), so an accepted single await drop
// aborts.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "FuzzCommon.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// The kernel to mutate and its sizes.
struct Setup {
  std::string kernel, sizes;
  Setup() {
    const char *path = getenv("EXO_FUZZ_KERNEL");
    std::string file =
        path ? path
             : std::string(EXO_SOURCE_DIR) + "/examples/gemm/hopper_gemm.mlir";
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      llvm::errs() << "fuzz-checker: cannot read " << file << "\n";
      abort();
    }
    kernel = (*buffer)->getBuffer().str();
    const char *s = getenv("EXO_FUZZ_SIZES");
    sizes = s ? s : "M=256 N=256 K=256";
  }
};

enum class Mutation { Drop, Duplicate, MoveUp, MoveDown, AwaitN, Timeline };
constexpr int kNumMutations = 6;
constexpr int kNumTimelines =
    static_cast<int>(exo::SyncTimeline::CudaStreamSync) + 1;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Setup *setup = new Setup();
  exo::fuzz::Context fuzz;
  MLIRContext &context = fuzz.context;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(setup->kernel, &context);
  if (!module)
    abort(); // the seed kernel must parse

  int applied = 0;
  bool droppedAwait = false;
  for (size_t at = 0; at + 3 <= size && at < 12; at += 3) {
    SmallVector<Operation *> syncs;
    module->walk([&](Operation *op) {
      if (isa<exo::ArriveOp, exo::AwaitOp, exo::FenceOp>(op))
        syncs.push_back(op);
    });
    if (syncs.empty())
      break;
    auto kind = static_cast<Mutation>(data[at] % kNumMutations);
    Operation *op = syncs[data[at + 1] % syncs.size()];
    uint8_t arg = data[at + 2];
    switch (kind) {
    case Mutation::Drop:
      droppedAwait |= isa<exo::AwaitOp>(op);
      op->erase();
      break;
    case Mutation::Duplicate: {
      OpBuilder b(op);
      b.setInsertionPointAfter(op);
      b.clone(*op);
      break;
    }
    case Mutation::MoveUp:
      if (Operation *prev = op->getPrevNode())
        op->moveBefore(prev);
      break;
    case Mutation::MoveDown:
      if (Operation *next = op->getNextNode();
          next && !next->hasTrait<OpTrait::IsTerminator>())
        op->moveAfter(next);
      break;
    case Mutation::AwaitN:
      if (auto await = dyn_cast<exo::AwaitOp>(op))
        await.setPending(arg % 4);
      break;
    case Mutation::Timeline: {
      auto tl = static_cast<exo::SyncTimeline>(arg % kNumTimelines);
      if (auto arrive = dyn_cast<exo::ArriveOp>(op))
        arrive.setTimeline(tl);
      else if (auto await = dyn_cast<exo::AwaitOp>(op))
        await.setTimeline(tl);
      else if (auto fence = dyn_cast<exo::FenceOp>(op))
        (arg & 1 ? fence.setFirst(tl) : fence.setSecond(tl));
      break;
    }
    }
    ++applied;
  }
  // Moves can break dominance; such mutants are not programs.
  if (failed(verify(*module)))
    return 0;
  PassManager pm(&context);
  if (failed(parsePassPipeline(
          "exo-verify-collectives,exo-check-sync{" + setup->sizes + "}", pm)))
    abort();
  bool accepted = succeeded(pm.run(*module));
  if (accepted && applied == 1 && droppedAwait) {
    llvm::errs() << "fuzz-checker: the checker accepted the kernel without "
                    "one of its awaits\n";
    abort();
  }
  return 0;
}

//===- fuzz-checker.cpp - libFuzzer target: mutated synchronization -------===//
//
// Part of the Exo-GPU project.
//
// Takes a valid kernel (the bundled Hopper GEMM, or $EXO_FUZZ_KERNEL with
// sizes $EXO_FUZZ_SIZES) and mutates its synchronization as the input bytes
// say: each 3-byte group picks a sync statement (exo.arrive, exo.await,
// exo.fence, or an instruction call with a trailing barrier) and drops it,
// duplicates it, moves it one statement up or down, changes an await's N,
// changes a timeline, sets one coordinate of its barrier (an arrive's
// targets, a call's trailing barrier) to `:` or 0, or makes it conditional
// (runs it only where the innermost sequential loop's iterator is at least
// 1). The mutated kernel goes through -exo-verify-collectives and
// -exo-check-sync.
//
// Oracles: the sanitizers and libFuzzer's crash and hang detection (the
// diagnostics themselves are expected and swallowed); soundness for the
// simplest mutations: a kernel missing any one of its awaits must be
// rejected (every await of the bundled GEMM is needed;
// test/Check/drop-syncs.test lists them), and so must a kernel whose one
// TMA load completing on an mbarrier runs conditionally (the expect-tx
// arrive after it expects its bytes in every step: a deadlock on the GPU);
// and for every accepted kernel, the hardware effects the lowering derives
// agree with what the checker interpreted: each multicast instruction's CTA
// mask (from its barrier elements) equals the CTAs its semantics writes, and
// each mbarrier arrive's expected transaction bytes can be told and cover
// every CTA its loads deliver to; and every kernel the checker accepts with
// its task reduction (docs/SyncChecker.md, "Task symmetry") it accepts
// running every task too. The default sizes give the GEMM 4 tasks, so the
// reduction runs two and covers two.
//
// With $EXO_FUZZ_SYMBOLIC set, also the symbolic check
// (docs/SymbolicChecking.md; seconds per proved kernel): a kernel it proves
// for every size must pass the concrete check at the default sizes and at
// two more sizes that its `requires` allows, which the input's last bytes
// pick (each size on its lattice, at most 1536: with the warp-specialized
// GEMM for partial tiles as $EXO_FUZZ_KERNEL, mostly partial tiles).
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Dialect/Exo/IR/ExoTypes.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include "FuzzCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    sizes = s ? s : "M=512 N=512 K=256";
  }
};

enum class Mutation {
  Drop,
  Duplicate,
  MoveUp,
  MoveDown,
  AwaitN,
  Timeline,
  Coordinate,
  Conditional
};
constexpr int kNumMutations = 8;

/// Sets coordinate `pick` (modulo the count) of an index list (static
/// entries `statics`, dynamic ones `dynamics`) to the static entry `value`.
void setCoordinate(ArrayRef<int64_t> statics, MutableOperandRange dynamics,
                   unsigned pick, int64_t value,
                   function_ref<void(ArrayRef<int64_t>)> setStatics) {
  if (statics.empty())
    return;
  SmallVector<int64_t> newStatics(statics);
  SmallVector<Value> newDynamics(ValueRange(dynamics.getAsOperandRange()));
  size_t d = pick % statics.size();
  unsigned next = 0;
  for (size_t i = 0; i < d; ++i)
    next += ShapedType::isDynamic(statics[i]);
  if (ShapedType::isDynamic(statics[d]))
    newDynamics.erase(newDynamics.begin() + next);
  newStatics[d] = value;
  setStatics(newStatics);
  dynamics.assign(newDynamics);
}

/// Mutates coordinate `arg / 2` (modulo the count) of the barrier `op`
/// names to `:` (odd `arg`) or 0.
void mutateCoordinate(Operation *op, uint8_t arg) {
  int64_t value = arg & 1 ? exo::kMulticastIndex : 0;
  if (auto arrive = dyn_cast<exo::ArriveOp>(op))
    setCoordinate(arrive.getStaticIndices(), arrive.getIndicesMutable(),
                  arg / 2, value,
                  [&](ArrayRef<int64_t> s) { arrive.setStaticIndices(s); });
  else if (auto call = dyn_cast<exo::CallOp>(op))
    setCoordinate(
        call.getStaticTrailingIndices(), call.getTrailingIndicesMutable(),
        arg / 2, value,
        [&](ArrayRef<int64_t> s) { call.setStaticTrailingIndices(s); });
}

/// Runs `op` only where the innermost enclosing sequential loop's iterator
/// is at least 1; false when there is no such loop.
bool makeConditional(Operation *op) {
  exo::ForOp loop;
  for (Operation *p = op->getParentOp(); p && !loop; p = p->getParentOp())
    if (auto f = dyn_cast<exo::ForOp>(p); f && f.getMode().isSeq())
      loop = f;
  if (!loop)
    return false;
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value cond = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                     loop.getInductionVar(), one);
  auto guard = exo::IfOp::create(b, loc, cond);
  Block *then = b.createBlock(&guard.getThenRegion());
  op->moveBefore(then, then->end());
  return true;
}

/// Whether the TMA load completes on an mbarrier.
bool isMbarrierLoad(Operation *op) {
  auto call = dyn_cast<exo::CallOp>(op);
  if (!call || !call.getTrailing())
    return false;
  auto type = dyn_cast<exo::BarrierType>(call.getTrailing().getType());
  return type && type.getKind() == exo::BarrierKind::Mbarrier;
}

/// The lowering's hardware effects agree with the checker's model (see the
/// header); reports and aborts otherwise.
void checkHardwareEffects(ModuleOp module) {
  module.walk([&](exo::DeviceFunctionOp device) {
    FailureOr<exo::CollectiveAnalysis> ca =
        exo::CollectiveAnalysis::run(device);
    if (failed(ca)) {
      llvm::errs() << "fuzz-checker: the checker accepted a kernel that the "
                      "collective analysis rejects\n";
      abort();
    }
    device.walk([&](Operation *op) {
      if (isMbarrierLoad(op)) {
        ArrayRef<uint64_t> masks = ca->getMulticastMasks(op);
        ArrayRef<uint64_t> written = ca->getWrittenCtas(op);
        for (size_t i = 0; i < std::min(masks.size(), written.size()); ++i)
          if (masks[i] && written[i] && masks[i] != written[i]) {
            llvm::errs() << "fuzz-checker: accepted, but a load multicasts to "
                            "CTA mask "
                         << masks[i] << " while its semantics writes CTAs "
                         << written[i] << "\n";
            abort();
          }
      }
      if (auto arrive = dyn_cast<exo::ArriveOp>(op)) {
        auto type = dyn_cast<exo::BarrierType>(arrive.getBarrier().getType());
        if (type && type.getKind() == exo::BarrierKind::Mbarrier &&
            failed(ca->getExpectedTransactions(arrive))) {
          llvm::errs() << "fuzz-checker: accepted, but the expected "
                          "transaction bytes of an arrive cannot be told\n";
          abort();
        }
      }
    });
  });
}
constexpr int kNumTimelines =
    static_cast<int>(exo::SyncTimeline::CudaStreamSync) + 1;

/// Whether the symbolic check proves `module` for every size: it succeeds
/// with a "proved" remark and no warning.
bool provedForEverySize(ModuleOp module) {
  MLIRContext &context = *module.getContext();
  bool proved = false, warned = false;
  ScopedDiagnosticHandler watch(&context, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Warning)
      warned = true;
    if (d.getSeverity() == DiagnosticSeverity::Remark &&
        StringRef(d.str()).starts_with("proved for every size"))
      proved = true;
    return success();
  });
  PassManager pm(&context);
  if (failed(parsePassPipeline(
          "exo-verify-collectives,exo-check-sync{symbolic=true stats=true}",
          pm)))
    abort();
  return succeeded(pm.run(module)) && proved && !warned;
}

/// Sizes that the `requires` of the kernel's proc allows, as pass options:
/// each index argument on its lattice (its lower bound and `mod`
/// constraints), at most 1536 (or its least value), the coordinate picked
/// by two of the input's bytes from `at`; empty when `requires` rejects the
/// pick (a constraint relating several sizes).
std::string pickSizes(ModuleOp module, const uint8_t *data, size_t size,
                      size_t at) {
  exo::ProcOp proc;
  module.walk([&](exo::DeviceFunctionOp d) {
    if (!proc)
      proc = d->getParentOfType<exo::ProcOp>();
  });
  if (!proc)
    return "";
  auto byte = [&](size_t k) -> unsigned {
    return size > k ? data[size - 1 - k] : 7 * (k + 1);
  };
  SmallVector<unsigned> args;
  for (BlockArgument a : proc.getBodyBlock().getArguments())
    if (a.getType().isIndex())
      args.push_back(a.getArgNumber());
  exo::SingleSizeConstraints read;
  std::optional<IntegerSet> set = proc.getAssertions();
  if (set)
    read = exo::readSingleSizeConstraints(*set);
  std::string sizes;
  SmallVector<int64_t> values;
  for (auto [i, arg] : llvm::enumerate(args)) {
    auto [lo, hi] = i < read.bounds.size() && read.bounds[i]
                        ? *read.bounds[i]
                        : std::make_pair(int64_t(0), exo::kMaxSize);
    int64_t step =
        i < read.divisors.size() && read.divisors[i] ? read.divisors[i] : 1;
    int64_t least = llvm::divideCeilSigned(lo, step) * step;
    int64_t most = std::min(hi, std::max<int64_t>(least, 1536));
    int64_t count = std::max<int64_t>((most - least) / step + 1, 1);
    unsigned pick = byte(at + 2 * i) | byte(at + 2 * i + 1) << 8;
    int64_t v = least + step * static_cast<int64_t>(pick % count);
    values.push_back(v);
    sizes += (sizes.empty() ? "" : " ") + proc.getArgName(arg).str() + "=" +
             std::to_string(v);
  }
  if (set && exo::getViolatedConstraint(*set, values))
    return "";
  return sizes;
}

/// The symbolic oracle: what it proves for every size, the concrete check
/// accepts at the default sizes (`accepted`) and at sizes from the input.
void checkSymbolic(ModuleOp module, bool accepted, const uint8_t *data,
                   size_t size) {
  if (!provedForEverySize(module))
    return;
  if (!accepted) {
    llvm::errs() << "fuzz-checker: proved for every size, rejected at the "
                    "default sizes\n";
    abort();
  }
  for (size_t at : {size_t(0), size_t(8)}) {
    std::string sizes = pickSizes(module, data, size, at);
    if (sizes.empty())
      continue;
    PassManager pm(module.getContext());
    if (failed(parsePassPipeline(
            "exo-verify-collectives,exo-check-sync{" + sizes + "}", pm)))
      abort();
    if (failed(pm.run(module))) {
      llvm::errs() << "fuzz-checker: proved for every size, rejected at "
                   << sizes << "\n";
      abort();
    }
  }
}
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
  bool droppedAwait = false, conditionalLoad = false;
  for (size_t at = 0; at + 3 <= size && at < 12; at += 3) {
    SmallVector<Operation *> syncs;
    module->walk([&](Operation *op) {
      if (isa<exo::ArriveOp, exo::AwaitOp, exo::FenceOp>(op) ||
          (isa<exo::CallOp>(op) && cast<exo::CallOp>(op).getTrailing()))
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
    case Mutation::Coordinate:
      mutateCoordinate(op, arg);
      break;
    case Mutation::Conditional:
      conditionalLoad |= makeConditional(op) && isMbarrierLoad(op);
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
  if (accepted && applied == 1 && conditionalLoad) {
    llvm::errs() << "fuzz-checker: the checker accepted the kernel with a TMA "
                    "load skipped in the first step while its arrive expects "
                    "the bytes\n";
    abort();
  }
  if (accepted) {
    PassManager all(&context);
    if (failed(parsePassPipeline("exo-verify-collectives,exo-check-sync{" +
                                     setup->sizes + " task-symmetry=false}",
                                 all)))
      abort();
    if (failed(all.run(*module))) {
      llvm::errs() << "fuzz-checker: accepted with the task reduction, "
                      "rejected when every task runs\n";
      abort();
    }
    checkHardwareEffects(*module);
  }
  if (getenv("EXO_FUZZ_SYMBOLIC"))
    checkSymbolic(*module, accepted, data, size);
  return 0;
}

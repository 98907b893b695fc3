//===- CheckSync.cpp - -amir-interpret and -exo-check-sync ----------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/AbstractMachine.h"
#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Analysis/Passes.h"
#include "ExoGPU/Analysis/SymbolicCheck.h"
#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include "mlir/IR/IRMapping.h"

#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>

namespace exo {
#define GEN_PASS_DEF_AMIRINTERPRET
#define GEN_PASS_DEF_EXOCHECKSYNC
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

/// Parses NAME=VALUE entries: each name once, each value in [0, kMaxSize].
static FailureOr<llvm::StringMap<int64_t>>
parseSizes(Operation *anchor, ArrayRef<std::string> entries) {
  llvm::StringMap<int64_t> sizes;
  for (const std::string &e : entries) {
    auto [name, value] = StringRef(e).split('=');
    int64_t v;
    if (name.empty() || value.getAsInteger(10, v))
      return mlir::emitError(anchor->getLoc())
             << "expected sizes as NAME=INTEGER, got '" << e << "'";
    if (failed(checkSizeValue(
            name, v, [&] { return mlir::emitError(anchor->getLoc()); })))
      return failure();
    if (!sizes.try_emplace(name, v).second)
      return mlir::emitError(anchor->getLoc())
             << "size " << name << " is given twice";
  }
  return sizes;
}

/// Pass options with sizes given bare, as in `-exo-check-sync="M=1024
/// N=1024 K=512 stats=true"`: every NAME=VALUE whose NAME is not an option of
/// the pass joins `sizes`; the rest is parsed as usual. Mixed into both
/// passes (their generated bases declare the same options).
/// The options of the two passes (Passes.td; amir-interpret has all but
/// warp-records, and refuses that one as unknown). A name missing here
/// would be taken for a size, which checkSizeNames then refuses.
static constexpr StringLiteral kOptionNames[] = {
    "sizes",         "stats",         "progress", "allow-unused-sizes",
    "max-instances", "task-symmetry", "symbolic", "bounds",
    "warp-records"};

template <typename Base> struct WithBareSizes : Base {
  using Base::Base;
  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> onError) override {
    SmallVector<StringRef> words;
    options.split(words, ' ', -1, /*KeepEmpty=*/false);
    std::string rest;
    SmallVector<std::string> bare;
    for (StringRef w : words) {
      StringRef key = w.split('=').first;
      if (w.contains('=') && !llvm::is_contained(kOptionNames, key)) {
        bare.push_back(w.str());
        continue;
      }
      if (!rest.empty())
        rest += ' ';
      rest += w.str();
    }
    if (failed(Base::initializeOptions(rest, onError)))
      return failure();
    for (std::string &b : bare)
      this->sizes.push_back(b);
    return success();
  }
};

/// Refuses a given size that no program of `module` takes: a misspelt name
/// would otherwise be ignored. `what` names the procs the programs come
/// from.
static LogicalResult checkSizeNames(ModuleOp module,
                                    const llvm::StringMap<int64_t> &sizes,
                                    StringRef what) {
  llvm::SetVector<StringRef> known;
  for (auto program : module.getOps<amir::ProgramOp>())
    for (Attribute name : program.getArgNames())
      known.insert(cast<StringAttr>(name).getValue());
  SmallVector<StringRef> unknown;
  for (const auto &entry : sizes)
    if (!known.contains(entry.getKey()))
      unknown.push_back(entry.getKey());
  if (unknown.empty())
    return success();
  llvm::sort(unknown);
  InFlightDiagnostic diag = mlir::emitError(module.getLoc())
                            << "no " << what << " takes a size named '"
                            << unknown.front() << "'";
  if (known.empty())
    diag << " (they take no sizes)";
  else
    diag << " (the sizes are " << llvm::join(known, ", ") << ")";
  diag << "; pass allow-unused-sizes=true to accept sizes that no program "
          "takes";
  return diag;
}

/// Bounds narrow the sizes of the symbolic check; without it they would be
/// ignored.
static LogicalResult boundsNeedSymbolic(ModuleOp module, bool symbolic,
                                        ArrayRef<std::string> bounds) {
  if (symbolic || bounds.empty())
    return success();
  return mlir::emitError(module.getLoc())
         << "bounds narrow the sizes of symbolic=true; without it the check "
            "runs the sizes given";
}

/// Checks every program of `module` for every size (SymbolicCheck.h).
static LogicalResult checkAllSymbolically(ModuleOp module, bool stats,
                                          int64_t maxInstances,
                                          ArrayRef<std::string> bounds) {
  SizeLimits limits;
  if (std::string bad = parseSizeLimits(bounds, limits); !bad.empty())
    return mlir::emitError(module.getLoc()) << bad;
  // Each bound names a size some program takes.
  llvm::SetVector<StringRef> known;
  for (auto program : module.getOps<amir::ProgramOp>())
    for (Attribute name : program.getArgNames())
      known.insert(cast<StringAttr>(name).getValue());
  for (const auto &entry : limits)
    if (!known.contains(entry.getKey()))
      return mlir::emitError(module.getLoc())
             << "bounds name '" << entry.getKey()
             << "', which no program takes (the sizes are "
             << llvm::join(known, ", ") << ")";
  bool ok = true;
  for (auto program : module.getOps<amir::ProgramOp>()) {
    auto start = std::chrono::steady_clock::now();
    SymbolicCheckResult result;
    if (failed(checkSymbolically(program, limits, maxInstances, result))) {
      ok = false;
      continue;
    }
    if (!stats)
      continue;
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    InFlightDiagnostic remark =
        emitRemark(program.getLoc())
        << (result.proved
                ? (limits.empty() ? "proved for every size requires allows"
                                  : "proved for every size requires and the "
                                    "bounds allow")
                : "not proved for every size")
        << ": " << result.runs << " runs of the abstract machine in "
        << llvm::formatv("{0:F2}", seconds).str() << " s";
    for (const std::string &line : result.summary)
      remark.attachNote(program.getLoc()) << line;
  }
  return success(ok);
}

/// Interprets every program of `module`.
static LogicalResult interpretAll(ModuleOp module,
                                  const llvm::StringMap<int64_t> &sizes,
                                  bool stats, bool progress,
                                  int64_t maxInstances, bool taskSymmetry) {
  bool ok = true;
  for (auto program : module.getOps<amir::ProgramOp>()) {
    AbstractMachineStats s;
    if (failed(interpretProgram(program, sizes, &s, progress, maxInstances,
                                taskSymmetry))) {
      ok = false;
      continue;
    }
    if (!stats)
      continue;
    InFlightDiagnostic remark = emitRemark(program.getLoc())
                                << "checked: " << s.statements
                                << " statement instances, " << s.accesses
                                << " element accesses, " << s.tasks << " tasks";
    if (s.tasksCovered)
      remark << " run and " << s.tasksCovered
             << " covered as their translations";
    if (!s.symmetry.empty())
      remark << " (every task run: " << s.symmetry << ")";
    if (s.loopsReplayed)
      remark << "; " << s.loopsReplayed << " register loop runs replayed";
  }
  return success(ok);
}

/// Marks the copy of `module`'s device functions (`toCopy` maps each
/// operation to its copy) with what the collective analysis (`analysisOf`)
/// derives and the lowering uses, for the interpreter to hold the program
/// to: on each mbarrier allocation the arriving threads per phase (the
/// lowering's mbarrier.init count); on each allocation the CTA owning each
/// element of its distributed dimensions; on each mbarrier arrive the
/// transaction bytes it expects (the lowering's expect_tx). A device
/// function the collective analysis rejects fails the check with the
/// analysis's diagnostics: the abstract machine assumes what the analysis
/// proves, and the lowering refuses such a program anyway.
static LogicalResult annotateCollectives(
    ModuleOp module, const IRMapping &toCopy,
    function_ref<const FailureOr<CollectiveAnalysis> &(DeviceFunctionOp)>
        analysisOf) {
  bool ok = true;
  Builder b(module.getContext());
  module.walk([&](DeviceFunctionOp device) {
    const FailureOr<CollectiveAnalysis> &ca = analysisOf(device);
    if (failed(ca)) {
      ok = false;
      return;
    }
    device.walk([&](AllocOp alloc) {
      // The analysis is of the original; the attributes go on the copy.
      Operation *copy = toCopy.lookup(alloc.getOperation());
      // Owners place transaction bytes in CTAs: only shared memory and
      // mbarriers, whose distributed dimensions are over CTAs, receive
      // them (registers and the other barriers are distributed over
      // threads or warps).
      auto bar = dyn_cast<BarrierType>(alloc.getType());
      bool perCta = bar ? bar.getKind() == BarrierKind::Mbarrier
                        : isShapedData(alloc.getType()) &&
                              getMemoryOf(alloc.getType()).isShared();
      std::optional<SmallVector<int64_t>> owners;
      if (perCta)
        owners = ca->getOwnerTable(alloc);
      if (owners) {
        copy->setAttr(ExoDialect::getCtaDimsAttrName(),
                      b.getI64IntegerAttr(*ca->getNumDistributedDims(alloc)));
        copy->setAttr(ExoDialect::getOwnersAttrName(),
                      b.getDenseI64ArrayAttr(*owners));
      }
      if (!bar || bar.getKind() != BarrierKind::Mbarrier)
        return;
      if (std::optional<int64_t> n = ca->getArriveCount(alloc))
        copy->setAttr(ExoDialect::getArrivalsAttrName(),
                      b.getI64IntegerAttr(*n));
    });
    device.walk([&](ArriveOp arrive) {
      auto bar = dyn_cast<BarrierType>(arrive.getBarrier().getType());
      if (!bar || bar.getKind() != BarrierKind::Mbarrier)
        return;
      FailureOr<CollectiveAnalysis::ExpectedTransactions> tx =
          ca->getExpectedTransactions(arrive);
      if (failed(tx)) {
        ok = false;
        return;
      }
      if (llvm::any_of(tx->bytes, [](int64_t n) { return n != 0; }))
        toCopy.lookup(arrive.getOperation())
            ->setAttr(ExoDialect::getExpectTxAttrName(),
                      b.getDenseI64ArrayAttr(tx->bytes));
    });
  });
  return success(ok);
}

namespace {

struct AmirInterpretPass
    : WithBareSizes<exo::impl::AmirInterpretBase<AmirInterpretPass>> {
  using WithBareSizes::WithBareSizes;
  void runOnOperation() override {
    if (failed(boundsNeedSymbolic(getOperation(), symbolic, bounds)))
      return signalPassFailure();
    if (symbolic) {
      if (!sizes.empty()) {
        emitError(getOperation().getLoc())
            << "symbolic=true checks every size; it takes none";
        return signalPassFailure();
      }
      if (failed(checkAllSymbolically(getOperation(), stats, maxInstances,
                                      bounds)))
        signalPassFailure();
      return;
    }
    FailureOr<llvm::StringMap<int64_t>> s = parseSizes(getOperation(), sizes);
    if (failed(s) ||
        (!allowUnusedSizes &&
         failed(checkSizeNames(getOperation(), *s, "amir.program"))) ||
        failed(interpretAll(getOperation(), *s, stats, progress, maxInstances,
                            taskSymmetry)))
      signalPassFailure();
  }
};

struct ExoCheckSyncPass
    : WithBareSizes<exo::impl::ExoCheckSyncBase<ExoCheckSyncPass>> {
  using WithBareSizes::WithBareSizes;
  void runOnOperation() override {
    if (symbolic && !sizes.empty()) {
      emitError(getOperation().getLoc())
          << "symbolic=true checks every size; it takes none";
      return signalPassFailure();
    }
    if (failed(boundsNeedSymbolic(getOperation(), symbolic, bounds)))
      return signalPassFailure();
    FailureOr<llvm::StringMap<int64_t>> s = parseSizes(getOperation(), sizes);
    if (failed(s))
      return signalPassFailure();
    // The check runs on a copy (the conversion to AMIR consumes it), with
    // the collective analysis of the original: -exo-verify-collectives
    // before this pass has computed it already.
    IRMapping toCopy;
    OwningOpRef<ModuleOp> copy = cast<ModuleOp>(getOperation()->clone(toCopy));
    auto analysisOf =
        [&](DeviceFunctionOp device) -> const FailureOr<CollectiveAnalysis> & {
      return getChildAnalysis<CollectiveAnalysisResult>(device).result;
    };
    if (failed(annotateCollectives(getOperation(), toCopy, analysisOf)))
      return signalPassFailure();
    PassManager pm(&getContext());
    pm.addPass(createConvertExoToAMIR());
    if (failed(pm.run(*copy)))
      return signalPassFailure();
    // The collective analysis (annotateCollectives) proved that each thread
    // accesses only its own register elements.
    if (warpRecords)
      for (auto program : copy->getOps<amir::ProgramOp>())
        program->setAttr(kOwnedRegistersAttr, UnitAttr::get(&getContext()));
    // The checks read a copy: the program's analyses stay valid.
    markAllAnalysesPreserved();
    if (symbolic) {
      if (failed(checkAllSymbolically(*copy, stats, maxInstances, bounds)))
        signalPassFailure();
      return;
    }
    if ((!allowUnusedSizes &&
         failed(checkSizeNames(*copy, *s, "proc with a device function"))) ||
        failed(interpretAll(*copy, *s, stats, progress, maxInstances,
                            taskSymmetry)))
      signalPassFailure();
  }
};

} // namespace

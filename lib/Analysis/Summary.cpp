//===- Summary.cpp - Structural summary of exo procs ----------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

namespace exo {
#define GEN_PASS_DEF_EXOSUMMARY
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

std::string typeToString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

void summarizeDevice(DeviceFunctionOp device, raw_ostream &os) {
  os << "  device_function: " << device.getNumThreads() << " threads";
  if (ArrayAttr groups = device.getWarpGroupsAttr()) {
    os << " (";
    llvm::interleaveComma(groups, os, [&](Attribute a) {
      auto g = cast<WarpGroupAttr>(a);
      os << g.getName().getValue() << " x" << g.getCount();
      if (g.hasSetmaxnreg())
        os << (g.getIncrease() ? " inc " : " dec ") << g.getSetmaxnreg();
    });
    os << ')';
  }
  os << ", clusterDim " << device.getClusterDim() << ", blocksPerSM "
     << device.getBlocksPerSm() << '\n';

  SmallVector<StringRef> tasks;
  std::map<std::string, unsigned> threadUnits;
  llvm::MapVector<StringRef, unsigned> calls;
  SmallVector<std::string> allocs;
  unsigned fences = 0, arrives = 0, awaits = 0, trailing = 0, warps = 0,
           seqLoops = 0;
  device.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto loop = dyn_cast<ForOp>(op)) {
      LoopModeAttr mode = loop.getMode();
      if (mode.isTasks()) {
        tasks.push_back(loop.getIterName());
      } else if (mode.isThreads()) {
        std::string s;
        llvm::raw_string_ostream us(s);
        Attribute(mode.getUnit()).print(us);
        ++threadUnits[s];
      } else {
        ++seqLoops;
      }
    } else if (auto alloc = dyn_cast<AllocOp>(op)) {
      allocs.push_back(
          (alloc.getName().empty() ? "<unnamed>" : alloc.getName().str()) +
          " : " + typeToString(alloc.getType()));
    } else if (auto call = dyn_cast<CallOp>(op)) {
      ++calls[call.getCallee()];
      if (call.getTrailing())
        ++trailing;
    } else if (isa<FenceOp>(op)) {
      ++fences;
    } else if (isa<ArriveOp>(op)) {
      ++arrives;
    } else if (isa<AwaitOp>(op)) {
      ++awaits;
    } else if (isa<WarpsOp>(op)) {
      ++warps;
    }
  });
  os << "    task nest: ";
  llvm::interleaveComma(tasks, os);
  os << '\n';
  os << "    cuda_threads loops:";
  if (threadUnits.empty())
    os << " none";
  for (auto &[unit, n] : threadUnits)
    os << ' ' << unit << " x" << n;
  os << '\n';
  os << "    seq loops: " << seqLoops << ", warp selections: " << warps << '\n';
  os << "    allocations: " << allocs.size() << '\n';
  for (const std::string &a : allocs)
    os << "      " << a << '\n';
  os << "    calls:";
  if (calls.empty())
    os << " none";
  for (auto &[callee, n] : calls)
    os << " @" << callee << " x" << n;
  os << '\n';
  os << "    sync: " << fences << " fences, " << arrives << " arrives, "
     << awaits << " awaits, " << trailing << " trailing barriers\n";
}

struct ExoSummaryPass : exo::impl::ExoSummaryBase<ExoSummaryPass> {
  using ExoSummaryBase::ExoSummaryBase;
  void runOnOperation() override {
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(outputFile, &error);
    if (!file) {
      getOperation().emitError()
          << "cannot open '" << outputFile << "': " << error;
      return signalPassFailure();
    }
    raw_ostream &os = file->os();
    getOperation().walk([&](ProcOp proc) {
      os << "proc @" << proc.getSymName();
      if (proc.isInstr())
        os << " (instruction, lowering \""
           << proc.getInstrAttr().getLowering().getValue() << "\")";
      os << '\n';
      for (auto [i, type] : llvm::enumerate(proc.getArgumentTypes()))
        os << "  arg " << proc.getArgName(i) << " : " << typeToString(type)
           << '\n';
      proc.walk([&](DeviceFunctionOp device) { summarizeDevice(device, os); });
    });
    file->keep();
  }
};

} // namespace

//===- VerifyCollectives.cpp - The -exo-verify-collectives pass -----------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/BarrierUsage.h"
#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Analysis/Passes.h"

#include "llvm/Support/Format.h"

namespace exo {
#define GEN_PASS_DEF_EXOVERIFYCOLLECTIVES
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

struct ExoVerifyCollectivesPass
    : exo::impl::ExoVerifyCollectivesBase<ExoVerifyCollectivesPass> {
  using ExoVerifyCollectivesBase::ExoVerifyCollectivesBase;

  void runOnOperation() override {
    bool ok = true;
    getOperation().walk([&](DeviceFunctionOp device) {
      const FailureOr<CollectiveAnalysis> &analysis =
          getChildAnalysis<CollectiveAnalysisResult>(device).result;
      if (failed(analysis) || failed(verifyBarrierUsage(device, *analysis))) {
        ok = false;
        return;
      }
      if (remarks)
        report(device, *analysis);
    });
    if (!ok)
      return signalPassFailure();
    // The IR is unchanged: the analyses stay for the passes after it.
    markAllAnalysesPreserved();
  }

  /// One remark per statement of interest: how many collectives run it and
  /// the first of them.
  static void report(DeviceFunctionOp device,
                     const CollectiveAnalysis &analysis) {
    device.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<AllocOp>(op)) {
        if (std::optional<unsigned> m = analysis.getNumDistributedDims(alloc))
          op->emitRemark() << "distributed dimensions: " << *m;
        if (std::optional<int64_t> n = analysis.getArriveCount(alloc))
          op->emitRemark() << "arriving threads per phase: " << *n;
        return;
      }
      ArrayRef<uint64_t> masks = analysis.getMulticastMasks(op);
      if (!masks.empty()) {
        InFlightDiagnostic remark = op->emitRemark() << "CTA masks:";
        for (uint64_t mask : masks) {
          std::string hex;
          llvm::raw_string_ostream(hex) << llvm::format_hex(mask, 6);
          remark << ' ' << hex;
        }
      }
      if (!isa<CallOp, AssignOp, ReduceOp, FenceOp, ArriveOp, AwaitOp>(op))
        return;
      ArrayRef<CollectiveInstance> instances = analysis.getInstances(op);
      if (instances.empty())
        return;
      op->emitRemark() << instances.size()
                       << (instances.size() == 1 ? " collective"
                                                 : " collectives")
                       << ", first: "
                       << analysis.describe(instances[0].threads);
    });
  }
};

} // namespace

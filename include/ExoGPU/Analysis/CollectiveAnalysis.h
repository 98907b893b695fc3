//===- CollectiveAnalysis.h - Which threads run each statement --*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Collective analysis (SEMANTICS.md §1): gives every statement of a device
// function its thread collective, checks that instructions, scalar writes
// and synchronization statements run at the collective unit they require,
// and deduces which leading dimensions of every distributed allocation are
// owned by which threads, checking every access against that ownership.
//
// blockDim and clusterDim are constants of the device function and
// cuda_threads loops have constant trip counts, so collectives are computed
// concretely: one set of threads (of one cluster) per combination of the
// enclosing cuda_threads iterations.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_COLLECTIVEANALYSIS_H
#define EXOGPU_ANALYSIS_COLLECTIVEANALYSIS_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/Support/TypeID.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <string>

namespace exo {

/// Threads of one cluster: bit `cta * blockDim + tid`.
using ThreadSet = llvm::BitVector;

/// How `tileThreads` constrains the parts.
enum class TileMode {
  Any,     // the intersections of the collective with the unit instances
  Uniform, // ... which must all have the same shape (a cuda_threads loop)
  Whole,   // ... which must all be whole instances
};

/// Splits `threads` (of a cluster of `clusterDim` CTAs of `blockDim`
/// threads) by the instances of `unit` it meets, in domain order. Fails
/// with a reason when the unit does not fit or `mode` is violated.
mlir::LogicalResult tileThreads(const ThreadSet &threads, CollUnitAttr unit,
                                int64_t blockDim, int64_t clusterDim,
                                TileMode mode,
                                llvm::SmallVectorImpl<ThreadSet> &out,
                                std::string &why);

/// One dynamic instance of a statement: the values of the enclosing
/// cuda_threads iterators and the threads that execute it.
struct CollectiveInstance {
  llvm::SmallVector<std::pair<mlir::Value, int64_t>> iterators;
  ThreadSet threads;
  /// The value of `iv` in this instance, if it is a cuda_threads iterator.
  std::optional<int64_t> lookup(mlir::Value iv) const;
};

/// The threads of one CTA in a thread set: `count` threads whose indices
/// lie in lo .. hi - 1 of CTA `cta`.
struct CtaPart {
  int64_t cta, lo, hi, count;
  bool contiguous() const { return hi - lo == count; }
  bool wholeWarps() const {
    return contiguous() && lo % 32 == 0 && count % 32 == 0;
  }
};

/// The threads a guard selects: thread indices lo .. hi - 1 in each of the
/// CTAs ctaLo .. ctaHi - 1; none when empty().
struct ThreadRange {
  int64_t lo = 0, hi = 0, ctaLo = 0, ctaHi = 0;
  bool empty() const { return hi <= lo; }
};

class CollectiveAnalysis {
public:
  /// Analyses `device`, emitting an error for every violation. Returns
  /// failure if there was any.
  static mlir::FailureOr<CollectiveAnalysis> run(DeviceFunctionOp device);

  int64_t getBlockDim() const { return blockDim; }
  int64_t getClusterDim() const { return clusterDim; }

  /// The instances of `op` (empty if it was never reached).
  llvm::ArrayRef<CollectiveInstance> getInstances(mlir::Operation *op) const;

  /// The number of leading distributed dimensions of an allocation.
  std::optional<unsigned> getNumDistributedDims(AllocOp alloc) const;

  /// The threads that arrive on each element of an mbarrier in one phase
  /// (the same for every element), if the mbarrier is arrived on.
  std::optional<int64_t> getArriveCount(AllocOp alloc) const;

  /// The CTAs (bit i = CTA i of the cluster) an arrive or a multicast
  /// instruction call signals or writes, for each of its instances.
  llvm::ArrayRef<uint64_t> getMulticastMasks(mlir::Operation *op) const;

  /// The CTAs (bit i = CTA i) whose distributed shared memory an
  /// instruction call writes by its semantics (its written arguments'
  /// owners), for each of its instances; empty when it writes none.
  llvm::ArrayRef<uint64_t> getWrittenCtas(mlir::Operation *call) const;

  /// The TMA loads whose transaction bytes an mbarrier arrive expects: the
  /// calls with its barrier that come before it in its phase (the innermost
  /// enclosing sequential or task loop, or the device function) and complete
  /// on the element it signals (the same local coordinates). `undecided` is
  /// a call whose local coordinate `undecidedDim` differs from the arrive's
  /// only as written, so that neither can be told.
  struct ExpectedLoads {
    mlir::Operation *phase = nullptr;
    llvm::SmallVector<CallOp> loads;
    CallOp undecided;
    unsigned undecidedDim = 0;
  };
  /// The expected loads of an arrive on an mbarrier, if it has been paired.
  const ExpectedLoads *getExpectedLoads(mlir::Operation *arrive) const;

  /// The transaction bytes an mbarrier arrive expects, as the lowering's
  /// `mbarrier.arrive.expect_tx` sets them and as `-exo-check-sync` holds
  /// the instructions' semantics to: `bytes[p * clusterDim + d]` is what the
  /// arrive of CTA p adds to the expected count of CTA d's element (the
  /// bytes of its expected loads issued by CTA p that land in CTA d, split
  /// evenly over the CTAs that issue each load). `loads` are the calls
  /// counted. Fails, with a diagnostic at the arrive, where the bytes cannot
  /// be told: a load whose barrier coordinates cannot be compared with the
  /// arrive's, a load inside a loop of the phase with a trip count that is
  /// not a constant, or a load that delivers to a CTA the arrive does not
  /// target.
  struct ExpectedTransactions {
    llvm::SmallVector<int64_t> bytes;
    llvm::SmallVector<CallOp> loads;
  };
  mlir::FailureOr<ExpectedTransactions>
  getExpectedTransactions(ArriveOp arrive) const;

  /// How an arrive on an mbarrier lowers: the arrivers in CTA c signal the
  /// CTAs of `ctaMasks[c]` (0: none arrives there); the first thread of
  /// each CTA's arrivers (`firstThread`, a thread index within the CTA)
  /// adds the expected transactions `tx`; where the arrivers are whole
  /// warps (`wholeWarps`), lane 0 of each arrives for its warp. Fails, with
  /// a diagnostic at the arrive, where it has no lowering: instances in one
  /// CTA that signal different CTAs; expected transactions whose arrivers
  /// are not whole warps, or whose instances start at different threads;
  /// and where getExpectedTransactions fails. The collective analysis
  /// computes it for every arrive on an mbarrier, so that both checkers
  /// refuse what the lowering could not emit, and keeps it: after a
  /// successful analysis every such arrive has one, which the lowering
  /// emits.
  struct MbarrierArrivePlan {
    llvm::SmallVector<int64_t> ctaMasks;
    int64_t firstThread = 0;
    bool wholeWarps = true;
    ExpectedTransactions tx;
  };
  const MbarrierArrivePlan &getMbarrierArrivePlan(ArriveOp arrive) const;

  /// The arrivals each element of the mbarrier `alloc` receives per phase:
  /// its mbarrier.init count. An arrive whose instances are whole warps in
  /// each CTA arrives once per warp (getMbarrierArrivePlan), any other once
  /// per thread, on the elements of each CTA it signals. The analysis
  /// computes it for every mbarrier of the device function and fails, with
  /// a diagnostic, where the allocation runs on fewer threads than the
  /// cluster (one thread initializes, and the whole cluster waits for the
  /// init), or where no init count fits: elements that receive different
  /// numbers, or no arrive at all (a trailing barrier adds transaction
  /// bytes, not arrivals, so such a barrier's phases never complete).
  /// None for an mbarrier that neither an arrive nor a trailing barrier
  /// names (the barrier usage rules refuse it). The lowering initializes
  /// every mbarrier with it.
  std::optional<int64_t> getMbarrierArrivals(AllocOp alloc) const;

  /// Where the device function's shared memory lies in one CTA: the
  /// mbarriers first (8 bytes an element after the distributed dimensions,
  /// in program order), then each buffer at a multiple of
  /// WindowGeometry::kBufferAlign bytes, first fit among the buffers whose
  /// lifetimes overlap (a buffer lives from its allocation to the end of
  /// the last statement of its block that uses it). `offsets` maps each
  /// allocation to its byte offset from the aligned base; `bytes` is what
  /// the kernel requests, one alignment unit more than the end of the last
  /// buffer (the launch aligns the base at run time). The analysis fails
  /// where it exceeds kMaxSharedBytes; the lowering places the buffers so.
  struct SharedMemoryPlan {
    llvm::DenseMap<mlir::Operation *, int64_t> offsets;
    int64_t bytes = 0;
  };
  const SharedMemoryPlan &getSharedMemoryPlan() const { return smemPlan; }

  /// The shared memory an sm_90a CTA may use: 227 KiB.
  static constexpr int64_t kMaxSharedBytes = 227 * 1024;

  /// The CTA owning each element of the distributed dimensions of an
  /// allocation (row-major over those dimensions; -1 where no access
  /// decided it), when the dimensions have static extents.
  std::optional<llvm::SmallVector<int64_t>> getOwnerTable(AllocOp alloc) const;

  /// The parts of `threads` in each CTA, in CTA order (CTAs without any
  /// omitted).
  llvm::SmallVector<CtaPart> partsOf(const ThreadSet &threads) const;

  /// The guard that selects the threads of `instances` (of `op`, a
  /// statement whose threads are a subset of those that reach it): the
  /// same range of thread indices in each CTA of a range of CTAs. Fails,
  /// with a diagnostic at `op`, where the threads are not one range in
  /// each CTA, or their CTAs not a range: the lowering guards a statement
  /// by comparing the thread index and the CTA rank with bounds.
  mlir::FailureOr<ThreadRange>
  getGuard(mlir::Operation *op,
           llvm::ArrayRef<CollectiveInstance> instances) const;

  /// How a cuda_threads loop lowers. Its iterator is lb + ((x - base) /
  /// span) mod n, x the thread index, or the CTA rank where `byCta`; the
  /// mod is needed only where some thread lies past the n-th span
  /// (`wraps`). Its body runs under `guard` where `guarded`; otherwise the
  /// threads that run it are exactly those that reach the loop (lanes 0-15
  /// of every warp under `if lane < 16`, say), which the enclosing guards
  /// already select. Fails, with a diagnostic at the loop, where no such
  /// iterator form fits the instances (a quadpair loop) or getGuard fails.
  /// The collective analysis asks it of every cuda_threads loop; the
  /// lowering emits it.
  struct ThreadsLoopPlan {
    bool byCta = false;
    int64_t base = 0, span = 1;
    bool wraps = false;
    bool guarded = true;
    ThreadRange guard;
  };
  mlir::FailureOr<ThreadsLoopPlan> planThreadsLoop(ForOp loop) const;

  /// A human-readable description of a thread set ("warpgroup 1 of CTA 0
  /// (threads 128-255)").
  std::string describe(const ThreadSet &threads) const;

private:
  CollectiveAnalysis(int64_t blockDim, int64_t clusterDim)
      : blockDim(blockDim), clusterDim(clusterDim) {}
  friend class CollectiveAnalyzer;

  /// Computes getMbarrierArrivals's count, or fails with its diagnostic.
  mlir::FailureOr<int64_t> computeMbarrierArrivals(AllocOp alloc) const;
  /// Computes getMbarrierArrivePlan's plan, or fails with its diagnostic.
  mlir::FailureOr<MbarrierArrivePlan> planMbarrierArrive(ArriveOp arrive) const;

  int64_t blockDim, clusterDim;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<CollectiveInstance, 1>>
      instances;
  llvm::DenseMap<mlir::Operation *, unsigned> distributedDims;
  /// Per distributed allocation: the CTA owning each element of its
  /// distributed dimensions.
  llvm::DenseMap<mlir::Operation *,
                 std::map<llvm::SmallVector<int64_t>, int64_t>>
      ownerCtas;
  llvm::DenseMap<mlir::Operation *, int64_t> arriveCounts;
  /// Per mbarrier allocation: its init count (getMbarrierArrivals).
  llvm::DenseMap<mlir::Operation *, int64_t> mbarrierArrivals;
  /// Per arrive on an mbarrier: how it lowers (getMbarrierArrivePlan).
  llvm::DenseMap<mlir::Operation *, MbarrierArrivePlan> mbarrierArrivePlans;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<uint64_t, 1>>
      multicastMasks;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<uint64_t, 1>> writtenCtas;
  llvm::DenseMap<mlir::Operation *, ExpectedLoads> expectedLoads;
  SharedMemoryPlan smemPlan;
};

/// The rule of a butterfly shuffle (#exo.shfl_xor, `shfl`) on its threads,
/// as `analysis` found them: in each CTA, one range of whole warps takes
/// part (shfl.sync with a full member mask), and each instance is the pair
/// of lanes t and t ^ lane_mask the shuffle exchanges. Emits an error at
/// `call` and fails otherwise. The lowering and the collective analysis
/// both ask it.
mlir::LogicalResult checkShuffleLanes(CallOp call, ShflXorAttr shfl,
                                      const CollectiveAnalysis &analysis);

/// CollectiveAnalysis::run of a device function, as an analysis the pass
/// manager keeps: -exo-verify-collectives preserves it, so the
/// -exo-check-sync after it reads it instead of analysing again. Its
/// diagnostics are emitted once, when it is computed.
struct CollectiveAnalysisResult {
  explicit CollectiveAnalysisResult(mlir::Operation *device)
      : result(CollectiveAnalysis::run(llvm::cast<DeviceFunctionOp>(device))) {}
  mlir::FailureOr<CollectiveAnalysis> result;
};

} // namespace exo

MLIR_DECLARE_EXPLICIT_TYPE_ID(exo::CollectiveAnalysisResult)

#endif // EXOGPU_ANALYSIS_COLLECTIVEANALYSIS_H

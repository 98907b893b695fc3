//===- BarrierUsage.cpp - Legal use of barriers ---------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/BarrierUsage.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace exo;

/// Whether `v` is computed from a cuda_threads iterator.
static bool dependsOnThreadIterator(Value v) {
  SmallVector<Value> worklist{v};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value cur = worklist.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(cur)) {
      if (auto loop = dyn_cast<ForOp>(arg.getOwner()->getParentOp()))
        if (loop.getMode().isThreads())
          return true;
      continue;
    }
    for (Value operand : cur.getDefiningOp()->getOperands())
      worklist.push_back(operand);
  }
  return false;
}

/// The multicast pattern of an arrive: for each target, which coordinates
/// are ':'.
static SmallVector<SmallVector<bool>> getMulticastPattern(ArriveOp arrive) {
  SmallVector<SmallVector<bool>> pattern;
  unsigned rank = arrive.getBarrier().getType().getRank();
  ArrayRef<int64_t> statics = arrive.getStaticIndices();
  for (unsigned t = 0, e = arrive.getNumTargets(); t < e; ++t)
    pattern.push_back(
        llvm::map_to_vector(statics.slice(t * rank, rank),
                            [](int64_t s) { return s == kMulticastIndex; }));
  return pattern;
}

/// Checks a multicast arrive's enclosing guards and loops: every CTA the
/// arrive signals must arrive the same number of times, so no guard may
/// depend on a cuda_threads iterator and no seq loop may sit inside a
/// cuda_threads loop that distributes over CTAs.
static LogicalResult checkMulticastContext(ArriveOp arrive,
                                           DeviceFunctionOp device) {
  int64_t blockDim = device.getNumThreads();
  int64_t clusterDim = device.getClusterDim();
  auto isCtaLoop = [&](Operation *op) {
    auto loop = dyn_cast<ForOp>(op);
    if (!loop || !loop.getMode().isThreads())
      return false;
    FailureOr<int64_t> n =
        loop.getMode().getUnit().getThreadCount(blockDim, clusterDim);
    return succeeded(n) && *n >= blockDim;
  };
  for (Operation *p = arrive->getParentOp(); p && p != device;
       p = p->getParentOp()) {
    if (auto ifOp = dyn_cast<IfOp>(p)) {
      if (dependsOnThreadIterator(ifOp.getCondition())) {
        InFlightDiagnostic diag =
            arrive.emitOpError()
            << "a multicast arrive cannot be under a guard that depends on "
               "a cuda_threads iterator: the CTAs it signals would arrive a "
               "different number of times";
        diag.attachNote(ifOp.getLoc()) << "the divergent guard";
        return diag;
      }
    }
    auto loop = dyn_cast<ForOp>(p);
    if (!loop || !loop.getMode().isSeq())
      continue;
    for (Operation *q = loop->getParentOp(); q && q != device;
         q = q->getParentOp())
      if (isCtaLoop(q)) {
        InFlightDiagnostic diag =
            arrive.emitOpError()
            << "a multicast arrive cannot be in a seq loop nested in the "
               "cuda_threads loop '"
            << cast<ForOp>(q).getIterName() << "' over CTAs";
        diag.attachNote(loop.getLoc()) << "the seq loop";
        return diag;
      }
  }
  return success();
}

/// Reports two statements that must agree.
static void reportMismatch(Operation *op, Operation *other, const Twine &msg,
                           StringRef noteText) {
  InFlightDiagnostic diag = op->emitOpError() << msg;
  diag.attachNote(other->getLoc()) << noteText;
}

/// Checks that `op`, an arrive or an await on barrier `name`, uses the
/// timeline of `first`, the first statement of its kind (`kind`) on it.
template <typename SyncOp>
static bool checkSameTimeline(SyncOp op, SyncOp first, StringRef name,
                              StringRef kind) {
  if (op.getTimeline() == first.getTimeline())
    return true;
  reportMismatch(op, first,
                 "all " + kind + "s on '" + name +
                     "' must use one synchronization timeline: '" +
                     stringifySyncTimeline(op.getTimeline()) + "' here, '" +
                     stringifySyncTimeline(first.getTimeline()) +
                     "' at the first " + kind,
                 ("the first " + kind).str());
  return false;
}

/// The threads (of one cluster) that arrive on or await `alloc`.
static ThreadSet usersOf(AllocOp alloc, const CollectiveAnalysis &analysis) {
  ThreadSet threads;
  for (Operation *user : alloc.getResult().getUsers())
    for (const CollectiveInstance &inst : analysis.getInstances(user)) {
      if (threads.size() < inst.threads.size())
        threads.resize(inst.threads.size());
      threads |= inst.threads;
    }
  return threads;
}

LogicalResult exo::verifyBarrierUsage(DeviceFunctionOp device,
                                      const CollectiveAnalysis &analysis) {
  bool ok = true;
  // Program order of the statements.
  DenseMap<Operation *, unsigned> order;
  device.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order[op] = order.size(); });
  SmallVector<AllocOp> solitary;
  device.walk([&](AllocOp alloc) {
    auto type = dyn_cast<BarrierType>(alloc.getType());
    if (!type)
      return;
    StringRef name = alloc.getName().empty() ? "<unnamed>" : alloc.getName();
    SmallVector<Operation *> users(alloc.getResult().getUsers());
    llvm::sort(users,
               [&](Operation *x, Operation *y) { return order[x] < order[y]; });
    ArriveOp firstArrive;
    AwaitOp firstAwait;
    bool hasTrailing = false;
    for (Operation *user : users) {
      if (auto call = dyn_cast<CallOp>(user)) {
        hasTrailing |= call.getTrailing() == alloc.getResult();
        continue;
      }
      if (auto arrive = dyn_cast<ArriveOp>(user)) {
        if (llvm::is_contained(arrive.getStaticIndices(), kMulticastIndex) &&
            failed(checkMulticastContext(arrive, device)))
          ok = false;
        if (!firstArrive) {
          firstArrive = arrive;
          continue;
        }
        if (!checkSameTimeline(arrive, firstArrive, name, "arrive")) {
          ok = false;
        } else if (getMulticastPattern(arrive) !=
                   getMulticastPattern(firstArrive)) {
          reportMismatch(arrive, firstArrive,
                         "all arrives on '" + name +
                             "' must multicast the same way",
                         "the first arrive");
          ok = false;
        }
        continue;
      }
      if (auto await = dyn_cast<AwaitOp>(user)) {
        if (!firstAwait) {
          firstAwait = await;
          continue;
        }
        if (!checkSameTimeline(await, firstAwait, name, "await"))
          ok = false;
      }
    }
    if (!firstArrive && !hasTrailing) {
      alloc.emitOpError() << "barrier '" << name
                          << "' is never arrived on (no arrive and no "
                             "trailing barrier)";
      ok = false;
    }
    if (!firstAwait) {
      alloc.emitOpError() << "barrier '" << name << "' is never awaited";
      ok = false;
    }
    if (type.isCommitGroup() || type.getKind() == BarrierKind::ClusterSync)
      solitary.push_back(alloc);
  });
  // One live allocation per commit-group kind and for cluster syncs: a
  // later allocation is live with an earlier one if the earlier one's block
  // encloses it.
  for (auto [i, a] : llvm::enumerate(solitary))
    for (AllocOp b : ArrayRef<AllocOp>(solitary).drop_front(i + 1)) {
      auto ka = cast<BarrierType>(a.getType()).getKind();
      auto kb = cast<BarrierType>(b.getType()).getKind();
      if (ka != kb)
        continue;
      Block *blockA = a->getBlock();
      if (!blockA->findAncestorOpInBlock(*b) ||
          !a->isBeforeInBlock(blockA->findAncestorOpInBlock(*b)))
        continue;
      // Allocations no one thread uses both of are separate hardware state.
      if (!usersOf(a, analysis).anyCommon(usersOf(b, analysis)))
        continue;
      InFlightDiagnostic diag = b.emitOpError()
                                << "a second '" << stringifyBarrierKind(kb)
                                << "' is allocated while another is live; the "
                                   "hardware has one per thread";
      diag.attachNote(a.getLoc()) << "the live one";
      ok = false;
    }
  return success(ok);
}

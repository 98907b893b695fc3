//===- Barriers.cpp - Every synchronization
//---------------------------------===//
//
// Part of the Exo-GPU project.
//
// mbarriers (init with pre-arrivals, arrive with expect_tx and remote
// arrives, parity waits), commit groups, fences and cluster, CTA, named and
// warp barriers (docs/Lowering.md has the table).
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

FailureOr<AllocOp> KernelLowering::barrierAlloc(Operation *user,
                                                Value barrier) {
  auto alloc = barrier.getDefiningOp<AllocOp>();
  if (!alloc || !barriers.count(alloc))
    return user->emitOpError() << "uses a barrier that is not allocated in "
                                  "the device function";
  return alloc;
}

Value KernelLowering::mbarrierAddress(AllocOp alloc,
                                      ArrayRef<OpFoldResult> indices) {
  const BarrierInfo &info = barriers[alloc];
  Value local = c64(0);
  for (unsigned d = info.numDistributed; d < indices.size(); ++d) {
    unsigned l = d - info.numDistributed;
    Value i = index(indices[d]);
    if (info.type.getRingDepth(d))
      i = arith::RemUIOp::create(b, loc, i, c64(info.type.getRingDepth(d)));
    local = add(mul(local, c64(info.localExtents[l])), i);
  }
  return gepBytes(smemBase, add(c64(info.offset), mul(local, c64(8))));
}

Value KernelLowering::mbarrierParity(AllocOp alloc,
                                     ArrayRef<OpFoldResult> indices) {
  const BarrierInfo &info = barriers[alloc];
  int ringDim = info.type.getRingDim();
  Value parity = c64(0);
  if (ringDim >= 0) {
    Value i = index(indices[ringDim]);
    Value phase =
        arith::DivUIOp::create(b, loc, i, c64(info.type.getRingDepth(ringDim)));
    parity = arith::AndIOp::create(b, loc, phase, c64(1));
  }
  // Pre-arrived elements complete phase 0 at initialization (initBarriers),
  // so element i of a ring of depth d is phase i / d like any other.
  return toI32(parity);
}

/// Whether `op` has only allocations and memory-free index arithmetic before
/// it in its block.
static bool onlyDeclarationsBefore(Operation *op) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
    if (!isa<AllocOp>(prev) && !isMemoryFreeArith(prev))
      return false;
  return true;
}

/// Whether `alloc` opens the body of a task loop that opens the kernel: only
/// declarations before it in the body, and before the loop (and each task
/// loop around it) up to the device function. Then the storage's earlier
/// uses, if any, are a previous task's, and the end of a task is already a
/// cluster barrier (lowerTasks, or the task's own closing in-order fence):
/// no barrier is needed before the initialization.
static bool opensFirstTaskBody(AllocOp alloc) {
  auto task = dyn_cast<ForOp>(alloc->getParentOp());
  if (!task || !task.getMode().isTasks() || !onlyDeclarationsBefore(alloc))
    return false;
  for (Operation *op = task; !isa<DeviceFunctionOp>(op);
       op = op->getParentOp()) {
    auto loop = dyn_cast<ForOp>(op);
    if (!loop || !loop.getMode().isTasks() || !onlyDeclarationsBefore(op) ||
        !op->getParentOp())
      return false;
  }
  return true;
}

LogicalResult KernelLowering::initBarriers(ArrayRef<AllocOp> allocs) {
  // Every thread of the cluster reaches this point (getMbarrierArrivals,
  // which computeBarrier asked): make the previous uses of the storage
  // complete, initialize, and publish the init.
  AllocOp first = allocs.front();
  loc = first.getLoc();
  // In a loop, the previous iteration's uses of the storage must be over.
  bool inLoop = first->getParentOfType<ForOp>() != nullptr;
  if (inLoop && !opensFirstTaskBody(first))
    clusterBarrier();
  LogicalResult r = emitIf(eq(tid, c32(0)), [&] {
    for (AllocOp alloc : llvm::to_vector(allocs)) {
      const BarrierInfo &info = barriers[alloc];
      for (int64_t i = 0; i < info.numLocal; ++i) {
        Value addr = gepBytes(smemBase, c64(info.offset + 8 * i));
        NVVM::MBarrierInitOp::create(b, loc, addr, c32(info.arrivals), Value());
      }
      // Pre-arrived elements (the first `prearrive` along the ring): all of
      // phase 0's arrivals happen here, so their phase 0 is complete.
      int ringDim = info.type.getRingDim();
      int64_t pre = info.type.getPrearrive();
      if (pre && ringDim >= static_cast<int>(info.numDistributed)) {
        unsigned l = ringDim - info.numDistributed;
        int64_t inner = 1;
        for (unsigned d = l + 1; d < info.localExtents.size(); ++d)
          inner *= info.localExtents[d];
        for (int64_t i = 0; i < info.numLocal; ++i) {
          if ((i / inner) % info.localExtents[l] >= pre)
            continue;
          Value addr = LLVM::PtrToIntOp::create(
              b, loc, i32(), gepBytes(smemBase, c64(info.offset + 8 * i)));
          inlineAsm(Type(), {addr, c32(info.arrivals)},
                    "{ .reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [$0], "
                    "$1; }",
                    "r,r");
        }
      }
    }
    NVVM::FenceMbarrierInitOp::create(b, loc);
    return success();
  });
  if (failed(r))
    return failure();
  clusterBarrier();
  return success();
}

FailureOr<bool> KernelLowering::issuersPerCta(Operation *op, StringRef what) {
  bool singles = false, warps = false;
  for (const CollectiveInstance &inst : ca.getInstances(op))
    for (const CtaPart &p : ca.partsOf(inst.threads)) {
      if (p.count == 1)
        singles = true;
      else if (p.wholeWarps() && p.count == kWarpSize)
        warps = true;
      else
        return op->emitOpError()
               << what
               << " must be issued by one warp or one thread per CTA "
                  "to be lowered, but here it runs on "
               << ca.describe(inst.threads);
    }
  if (singles && warps)
    return op->emitOpError() << what
                             << " runs on single threads in some instances "
                                "and on warps in others; no lowering";
  return singles;
}

FailureOr<Value> KernelLowering::electedThread(Operation *op, StringRef what) {
  FailureOr<bool> singles = issuersPerCta(op, what);
  if (failed(singles))
    return failure();
  if (singleLane)
    return cst(i1(), 1); // lane 0 alone runs this code (`laneZeroRoots`)
  // A single thread issues for itself; a warp issues from lane 0.
  return *singles ? cst(i1(), 1) : eq(lane, c32(0));
}

LogicalResult KernelLowering::syncCollective(Operation *op, StringRef what) {
  ArrayRef<CollectiveInstance> insts = ca.getInstances(op);
  if (insts.empty())
    return success();
  // All instances must have the same shape per CTA.
  std::optional<int64_t> count;
  bool allCta = true, wholeCluster = true;
  SmallVector<std::pair<int64_t, int64_t>> ranges;
  for (const CollectiveInstance &inst : insts) {
    if (!inst.threads.all())
      wholeCluster = false;
    for (const CtaPart &p : ca.partsOf(inst.threads)) {
      if (!p.contiguous() || (p.count > kWarpSize && !p.wholeWarps()))
        return op->emitOpError()
               << what << " runs on threads that no hardware barrier can sync ("
               << ca.describe(inst.threads) << ")";
      if (p.count != blockDim)
        allCta = false;
      ranges.push_back({p.lo, p.hi});
      count = p.count;
    }
  }
  if (wholeCluster) {
    clusterBarrier(); // a CTA barrier when the cluster is one CTA
    return success();
  }
  if (allCta) {
    inlineAsm(Type(), {}, "barrier.sync 0;", "");
    return success();
  }
  if (*count == 1)
    return success(); // a thread is ordered with itself
  if (*count <= kWarpSize) {
    // Lanes [k * count, (k + 1) * count) of a warp: every instance must be
    // such an aligned group.
    for (auto [lo, hi] : ranges)
      if (kWarpSize % *count || lo % *count)
        return op->emitOpError()
               << what << " runs on " << *count
               << " threads that are not an aligned group of lanes of one "
                  "warp; no warp barrier fits";
    if (*count == kWarpSize) {
      inlineAsm(Type(), {}, "bar.warp.sync -1;", "");
      return success();
    }
    Value first = arith::SubIOp::create(
        b, loc, lane, arith::RemUIOp::create(b, loc, lane, c32(*count)));
    Value mask =
        arith::ShLIOp::create(b, loc, c32((int64_t(1) << *count) - 1), first);
    inlineAsm(Type(), {mask}, "bar.warp.sync $0;", "r");
    return success();
  }
  // A named barrier per distinct warp range.
  llvm::sort(ranges);
  ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
  // Ranges of different instances run concurrently: one id each.
  SmallVector<int64_t> ids;
  for (auto range : ranges) {
    auto [it, inserted] = namedBarriers.insert(
        {range, static_cast<int64_t>(namedBarriers.size()) + 1});
    if (it->second > 15)
      return op->emitOpError() << "needs more than 15 named barriers";
    ids.push_back(it->second);
  }
  Value id = c32(ids.front());
  for (auto [range, rid] : llvm::zip(ranges, ids))
    id = arith::SelectOp::create(
        b, loc, inRange(tid, range.first, range.second), c32(rid), id);
  inlineAsm(Type(), {id, c32(*count)}, "barrier.sync $0, $1;", "r,r");
  return success();
}

LogicalResult KernelLowering::lowerFence(FenceOp fence) {
  SyncTimeline first = fence.getFirst(), second = fence.getSecond();
  if (first == SyncTimeline::WgmmaFence1 &&
      second == SyncTimeline::WgmmaFence2) {
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    return success();
  }
  assert(isGpuFence(first, second) &&
         "FenceOp::verify admits only these fences in device code");
  // Generic-proxy writes must be fenced before async-proxy readers (TMA,
  // wgmma) see them through the barrier.
  if (second == SyncTimeline::CudaGenericAndAsyncProxy ||
      first == SyncTimeline::CudaGenericAndAsyncProxy)
    NVVM::FenceProxyOp::create(b, loc, NVVM::ProxyKind::async,
                               NVVM::SharedSpaceAttr());
  return syncCollective(fence, "this fence");
}

LogicalResult KernelLowering::lowerArrive(ArriveOp arrive) {
  FailureOr<AllocOp> alloc = barrierAlloc(arrive, arrive.getBarrier());
  if (failed(alloc))
    return failure();
  BarrierInfo &info = barriers[*alloc];
  switch (info.type.getKind()) {
  case BarrierKind::WgmmaGroup:
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    return success();
  case BarrierKind::BulkGroup:
    // Bulk async-groups are per thread: a thread's commit takes the copies
    // that thread issued. Every thread of the arriving warp commits, so
    // that the group holds the copies of any of its lanes (a copy with
    // `thread = true` is issued by whichever lane runs it), as the
    // program's warp-level arrive means; lanes that issued nothing commit
    // an empty group.
    if (failed(issuersPerCta(arrive, "a bulk-group commit")))
      return failure();
    NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    return success();
  case BarrierKind::CpAsyncGroup:
    NVVM::CpAsyncCommitGroupOp::create(b, loc);
    return success();
  case BarrierKind::ClusterSync:
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    return success();
  case BarrierKind::Mbarrier:
    break;
  }
  // mbarrier.arrive releases the arriving thread's own generic accesses; it
  // does not track asynchronous operations (cp.async would need
  // cp.async.mbarrier.arrive; TMA loads complete through their trailing
  // barrier instead): the collective analysis refused any other timeline
  // (checkMbarrierArriveTimeline).

  // Which CTAs each instance signals, and the transaction bytes it
  // expects there: those of the loads the collective analysis paired with
  // it (the same numbers -exo-check-sync holds the loads' semantics to),
  // added by the first thread of the arrivers in each CTA.
  const CollectiveAnalysis::MbarrierArrivePlan *plan =
      &ca.getMbarrierArrivePlan(arrive);
  const CollectiveAnalysis::ExpectedTransactions *expected = &plan->tx;
  ArrayRef<CallOp> txCalls = expected->loads;
  txExpected.insert(txCalls.begin(), txCalls.end());
  Value mask = selectByCta(plan->ctaMasks, i32());
  // The barrier indices of the first target (the local part is the same
  // for every target).
  SmallVector<OpFoldResult> indices = arrive.getTargetIndices(0);
  Value local = mbarrierAddress(*alloc, indices);
  int64_t firstUnit = plan->firstThread;
  auto body = [&]() -> LogicalResult {
    Value carriesTx = eq(tid, c32(firstUnit));
    for (int64_t d = 0; d < clusterDim; ++d) {
      Value bit = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, mask, c32(d)), c32(1));
      LogicalResult r = emitIf(eq(bit, c32(1)), [&] {
        // Release at CTA scope (the PTX default): it orders this thread's
        // earlier accesses, which is what the awaiting side needs when those
        // were its own CTA's shared memory or completed async operations.
        // Cluster scope costs a GPU-wide MEMBAR per arrive on sm_90.
        Value addr = local;
        NVVM::MemScopeKind scope = NVVM::MemScopeKind::CTA;
        if (clusterDim > 1)
          addr = NVVM::MapaOp::create(b, loc, ptr(7), local, c32(d));
        SmallVector<int64_t> bytes;
        for (int64_t c = 0; c < clusterDim; ++c)
          bytes.push_back(expected->bytes[c * clusterDim + d]);
        bool anyTx = llvm::any_of(bytes, [](int64_t x) { return x != 0; });
        if (!anyTx) {
          NVVM::MBarrierArriveOp::create(b, loc, Type(), addr, Value(), scope,
                                         false);
          return success();
        }
        Value txBytes = arith::SelectOp::create(
            b, loc, carriesTx, selectByCta(bytes, i32()), c32(0));
        NVVM::MBarrierArriveExpectTxOp::create(b, loc, Type(), addr, txBytes,
                                               scope, false, Value());
        return success();
      });
      if (failed(r))
        return failure();
    }
    return success();
  };
  if (!plan->wholeWarps || singleLane)
    return body();
  inlineAsm(Type(), {}, "bar.warp.sync -1;", "");
  return emitIf(eq(lane, c32(0)), body);
}

LogicalResult KernelLowering::lowerAwait(AwaitOp await) {
  FailureOr<AllocOp> alloc = barrierAlloc(await, await.getBarrier());
  if (failed(alloc))
    return failure();
  BarrierInfo &info = barriers[*alloc];
  int64_t n = await.getPending();
  switch (info.type.getKind()) {
  case BarrierKind::WgmmaGroup:
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, static_cast<uint64_t>(n));
    return success();
  case BarrierKind::BulkGroup:
    // Every thread waits for its own groups (see lowerArrive), then the
    // warp syncs: no lane goes on before every lane's copies are done.
    if (failed(issuersPerCta(await, "a bulk-group wait")))
      return failure();
    NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, static_cast<uint32_t>(n),
                                         UnitAttr());
    return syncCollective(await, "a bulk-group wait");
  case BarrierKind::CpAsyncGroup:
    NVVM::CpAsyncWaitGroupOp::create(b, loc, static_cast<int32_t>(n));
    return success();
  case BarrierKind::ClusterSync:
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
    return success();
  case BarrierKind::Mbarrier:
    break;
  }
  Value addr = mbarrierAddress(*alloc, await.getMixedIndices());
  Value parity = mbarrierParity(*alloc, await.getMixedIndices());
  Value addrInt = LLVM::PtrToIntOp::create(b, loc, i32(), addr);
  std::string text = llvm::formatv(
      "{{ .reg .pred p; mbarrier.try_wait.parity.acquire.{0}.shared::cta.b64 "
      "p, [$1], $2; selp.u32 $0, 1, 0, p; }",
      clusterDim > 1 ? "cluster" : "cta");
  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&loop.getBefore());
    b.setInsertionPointToStart(before);
    Value done = inlineAsm(i32(), {addrInt, parity}, text, "=r,r,r");
    scf::ConditionOp::create(b, loc, eq(done, c32(0)), ValueRange{});
    Block *after = b.createBlock(&loop.getAfter());
    b.setInsertionPointToStart(after);
    scf::YieldOp::create(b, loc);
  }
  return success();
}

} // namespace exo::nvvm

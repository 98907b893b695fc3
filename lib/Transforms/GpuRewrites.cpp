//===- GpuRewrites.cpp - Rewrites that add GPU structure and syncs --------===//
//
// Part of the Exo-GPU project.
//
// wrap_device_function, wrap_with_warps, insert_fence, insert_barrier_alloc,
// insert_arrive, insert_await, set_trailing_barrier and set_ring_buffer.
// Sequentially these annotations mean nothing (a device function runs its
// body, warps run theirs, syncs do nothing), so the rewrites check only
// structure: the result must verify. Whether the parallel program equals the
// sequential one is the collective analysis's and the sync checker's
// question.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"
#include "RewriteUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

using namespace mlir;
using namespace exo;

namespace {

/// Runs the verifier on `op`'s enclosing proc (and what it holds: the rules
/// of an enclosing device function, such as its task nest, span more than
/// `op`), or on `op` outside any proc, with its diagnostics captured: on
/// failure the first one becomes the refusal's message (under `header`) and
/// `undo` restores the IR.
LogicalResult verifyOrUndo(Operation *op, const Twine &header,
                           function_ref<void()> undo, Refusal &why) {
  if (auto proc = dyn_cast<ProcOp>(op) ? cast<ProcOp>(op)
                                       : op->getParentOfType<ProcOp>())
    op = proc;
  std::string first;
  Location firstLoc = op->getLoc();
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler handler(op->getContext(), [&](Diagnostic &diag) {
      if (first.empty()) {
        first = diag.str();
        firstLoc = diag.getLocation();
      }
      return success();
    });
    verified = mlir::verify(op);
    // The rules on the callees (a trailing barrier of the mechanism the
    // instruction declares, argument types and accesses) are symbol-use
    // verification, which mlir::verify of one proc does not run.
    if (succeeded(verified)) {
      SymbolTableCollection symbols;
      WalkResult walk = op->walk([&](SymbolUserOpInterface user) {
        return failed(user.verifySymbolUses(symbols)) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
      });
      if (walk.wasInterrupted())
        verified = failure();
    }
  }
  if (succeeded(verified))
    return success();
  undo();
  why.note(firstLoc, "the verifier says: " + first);
  return why.fail(header + ": the result would not verify");
}

/// Parses barrier coordinates (linear index expressions, or ":" for a
/// multicast) resolved at `at`.
LogicalResult parseBarrierCoords(
    Operation *at, ArrayRef<std::string> texts, bool allowMulticast,
    SmallVectorImpl<std::optional<LinearValue>> &coords, std::string &why) {
  for (const std::string &text : texts) {
    if (StringRef(text).trim() == ":") {
      if (!allowMulticast) {
        why = "a multicast coordinate ':' is only allowed in arrives and "
              "trailing barriers";
        return failure();
      }
      coords.push_back(std::nullopt);
      continue;
    }
    FailureOr<LinearValue> resolved =
        resolveLinearText(at, text, why, /*allowQuotients=*/true);
    if (failed(resolved))
      return failure();
    coords.push_back(*resolved);
  }
  return success();
}

/// A synchronization statement's parts, read from the transform op's text.
struct SyncTarget {
  SyncTimeline timeline;
  Value barrier;
  SmallVector<std::optional<LinearValue>> coords;
};

/// Resolves a barrier name and coordinates at `stmt` (refusing under
/// `header`).
FailureOr<SyncTarget> resolveSync(Operation *stmt, SyncTimeline timeline,
                                  StringRef barrier,
                                  ArrayRef<std::string> coords,
                                  bool allowMulticast, const Twine &header,
                                  Refusal &why) {
  SyncTarget target;
  target.timeline = timeline;
  target.barrier = lookupBarrierName(stmt, barrier);
  if (!target.barrier)
    return why.fail(header + ": no barrier of that name is allocated before "
                             "the statement");
  std::string err;
  if (failed(
          parseBarrierCoords(stmt, coords, allowMulticast, target.coords, err)))
    return why.fail(header + ": " + err);
  return target;
}

/// Builds barrier coordinates at the rewriter's insertion point: dynamic
/// values and the static list (kMulticastIndex for ':').
void buildBarrierCoords(RewriterBase &rewriter, Operation *anchor,
                        ArrayRef<std::optional<LinearValue>> coords,
                        SmallVectorImpl<Value> &dynamic,
                        SmallVectorImpl<int64_t> &fixed) {
  IndexBuilder ib(rewriter, anchor->getLoc(), anchor);
  for (const std::optional<LinearValue> &c : coords) {
    if (!c) {
      fixed.push_back(kMulticastIndex);
      continue;
    }
    OpFoldResult v = buildLinearValue(ib, *c);
    if (std::optional<int64_t> k = getConstantIntValue(v)) {
      fixed.push_back(*k);
    } else {
      fixed.push_back(ShapedType::kDynamic);
      dynamic.push_back(cast<Value>(v));
    }
  }
}

/// A call of `proc` in its module, or null.
Operation *findCaller(ProcOp proc) {
  Operation *caller = nullptr;
  if (auto module = proc->getParentOfType<ModuleOp>())
    module.walk([&](CallOp call) {
      if (call.getCallee() == proc.getSymName())
        caller = call;
    });
  return caller;
}

/// Sets the insertion point before or after `stmt`.
void setInsertion(RewriterBase &rewriter, Operation *stmt, bool after) {
  if (after)
    rewriter.setInsertionPointAfter(stmt);
  else
    rewriter.setInsertionPoint(stmt);
}

/// Erases the ops created since `mark` (the op before the insertion, or
/// null for the start of the block) up to, not including, `end`.
void eraseCreated(RewriterBase &rewriter, Block *block, Operation *mark,
                  Operation *end) {
  Operation *op = mark ? mark->getNextNode() : &block->front();
  SmallVector<Operation *> created;
  for (; op && op != end; op = op->getNextNode())
    created.push_back(op);
  for (Operation *c : llvm::reverse(created))
    rewriter.eraseOp(c);
}

} // namespace

//===----------------------------------------------------------------------===//
// insert_fence, insert_arrive, insert_await, insert_barrier_alloc
//===----------------------------------------------------------------------===//

/// Creates the ops `build` makes next to `stmt`, then verifies the enclosing
/// statement; on failure removes them.
static FailureOr<Operation *>
insertNextTo(RewriterBase &rewriter, Operation *stmt, bool after,
             const Twine &header, Refusal &why,
             function_ref<FailureOr<Operation *>()> build) {
  Block *block = stmt->getBlock();
  setInsertion(rewriter, stmt, after);
  Operation *mark = after ? stmt : stmt->getPrevNode();
  Operation *end = after ? stmt->getNextNode() : stmt;
  FailureOr<Operation *> created = build();
  if (failed(created)) {
    eraseCreated(rewriter, block, mark, end);
    return failure();
  }
  Operation *scope = stmt->getParentOp();
  if (failed(verifyOrUndo(
          scope, header, [&] { eraseCreated(rewriter, block, mark, end); },
          why)))
    return failure();
  return created;
}

FailureOr<Operation *> exo::insertFence(RewriterBase &rewriter, Operation *stmt,
                                        bool after, SyncTimeline first,
                                        SyncTimeline second, Refusal &why) {
  std::string header = "cannot insert the fence";
  return insertNextTo(
      rewriter, stmt, after, header, why, [&]() -> FailureOr<Operation *> {
        return FenceOp::create(rewriter, stmt->getLoc(), first, second)
            .getOperation();
      });
}

FailureOr<Operation *>
exo::insertArrive(RewriterBase &rewriter, Operation *stmt, bool after,
                  SyncTimeline timeline, StringRef barrier,
                  ArrayRef<std::string> coords, Refusal &why) {
  std::string header = ("cannot insert an arrive on '" + barrier + "'").str();
  FailureOr<SyncTarget> sync =
      resolveSync(stmt, timeline, barrier, coords,
                  /*allowMulticast=*/true, header, why);
  if (failed(sync))
    return failure();
  return insertNextTo(
      rewriter, stmt, after, header, why, [&]() -> FailureOr<Operation *> {
        SmallVector<Value> dynamic;
        SmallVector<int64_t> fixed;
        buildBarrierCoords(rewriter, stmt, sync->coords, dynamic, fixed);
        return ArriveOp::create(rewriter, stmt->getLoc(), sync->timeline,
                                sync->barrier, dynamic, fixed,
                                /*num_targets=*/1)
            .getOperation();
      });
}

FailureOr<Operation *> exo::insertAwait(RewriterBase &rewriter, Operation *stmt,
                                        bool after, StringRef barrier,
                                        ArrayRef<std::string> coords,
                                        SyncTimeline timeline, int64_t pending,
                                        Refusal &why) {
  std::string header = ("cannot insert an await of '" + barrier + "'").str();
  FailureOr<SyncTarget> sync =
      resolveSync(stmt, timeline, barrier, coords,
                  /*allowMulticast=*/false, header, why);
  if (failed(sync))
    return failure();
  return insertNextTo(
      rewriter, stmt, after, header, why, [&]() -> FailureOr<Operation *> {
        SmallVector<Value> dynamic;
        SmallVector<int64_t> fixed;
        buildBarrierCoords(rewriter, stmt, sync->coords, dynamic, fixed);
        return AwaitOp::create(rewriter, stmt->getLoc(), sync->barrier, dynamic,
                               fixed, sync->timeline, pending)
            .getOperation();
      });
}

FailureOr<AllocOp> exo::insertBarrierAlloc(RewriterBase &rewriter,
                                           Operation *stmt, StringRef name,
                                           Type type, Refusal &why) {
  std::string header = ("cannot allocate barrier '" + name + "'").str();
  if (failed(refuseNewName(name, stmt, NewNameKind::Alloc, "the barrier's name",
                           why)))
    return failure();
  if (!isa<BarrierType>(type))
    return why.fail(header + ": the type is not an !exo.barrier");
  FailureOr<Operation *> created = insertNextTo(
      rewriter, stmt, /*after=*/false, header, why,
      [&]() -> FailureOr<Operation *> {
        return AllocOp::create(rewriter, stmt->getLoc(), type,
                               rewriter.getStringAttr(name), Value())
            .getOperation();
      });
  if (failed(created))
    return failure();
  return cast<AllocOp>(*created);
}

//===----------------------------------------------------------------------===//
// set_trailing_barrier
//===----------------------------------------------------------------------===//

LogicalResult exo::setTrailingBarrier(RewriterBase &rewriter, CallOp call,
                                      StringRef barrier,
                                      ArrayRef<std::string> coords,
                                      Refusal &why) {
  std::string header =
      ("cannot give the call a trailing barrier '" + barrier + "'").str();
  if (call.getTrailing())
    return why.fail(header + ": it already has one");
  Value bar = lookupBarrierName(call, barrier);
  if (!bar)
    return why.fail(header + ": no barrier of that name is allocated before "
                             "the call");
  SmallVector<std::optional<LinearValue>> parsed;
  std::string err;
  if (failed(parseBarrierCoords(call, coords, /*allowMulticast=*/true, parsed,
                                err)))
    return why.fail(header + ": " + err);
  Operation *mark = call->getPrevNode();
  Block *block = call->getBlock();
  rewriter.setInsertionPoint(call);
  SmallVector<Value> dynamic;
  SmallVector<int64_t> fixed;
  buildBarrierCoords(rewriter, call, parsed, dynamic, fixed);
  rewriter.modifyOpInPlace(call, [&] {
    call.getTrailingMutable().assign(bar);
    call.getTrailingIndicesMutable().assign(dynamic);
    call.setStaticTrailingIndices(fixed);
  });
  return verifyOrUndo(
      call, header,
      [&] {
        rewriter.modifyOpInPlace(call, [&] {
          call.getTrailingMutable().clear();
          call.getTrailingIndicesMutable().clear();
          call.setStaticTrailingIndices(ArrayRef<int64_t>{});
        });
        eraseCreated(rewriter, block, mark, call);
      },
      why);
}

//===----------------------------------------------------------------------===//
// set_ring_buffer
//===----------------------------------------------------------------------===//

LogicalResult exo::setRingBuffer(RewriterBase &rewriter, AllocOp alloc,
                                 int64_t dim, int64_t depth, bool unbounded,
                                 StringRef guardName, Refusal &why) {
  std::string header =
      ("cannot make '" + alloc.getName() + "' a ring buffer").str();
  Type type = alloc.getType();
  ArrayRef<int64_t> oldDepths;
  unsigned rank = 0;
  if (auto t = dyn_cast<exo::TensorType>(type)) {
    oldDepths = t.getRingDepths();
    rank = t.getRank();
  } else {
    auto b = cast<BarrierType>(type);
    oldDepths = b.getRingDepths();
    rank = b.getRank();
  }
  if (dim < 0 || dim >= static_cast<int64_t>(rank))
    return why.fail(header + ": it has no dimension " + Twine(dim));
  if (depth <= 0)
    return why.fail(header + ": the depth must be positive");
  if (depth > kMaxRingDepth)
    return why.fail(header + ": a ring of " + Twine(depth) +
                    " slots is past the " + Twine(kMaxRingDepth) +
                    " a ring dimension may have");
  if (llvm::any_of(oldDepths, [](int64_t d) { return d != 0; }))
    return why.fail(header + ": it already has a ring dimension");
  SmallVector<int64_t> depths(rank, 0);
  depths[dim] = depth;
  auto withRingDim = [&](ArrayRef<Attribute> dims) {
    SmallVector<Attribute> out(dims);
    if (unbounded)
      out[dim] = UnitAttr::get(alloc.getContext());
    return out;
  };
  Value guard;
  Type newType;
  if (auto t = dyn_cast<exo::TensorType>(type)) {
    if (guardName.empty())
      return why.fail(header + ": a tensor's ring needs a guarding barrier");
    // An unbounded ring stores its element i in slot i mod depth: the
    // tensor's elements i and i + depth would share storage, which changes
    // what the program computes. expand_dim ... ring adds such a dimension
    // with the proof; a bounded ring keeps every element sequentially.
    if (unbounded)
      return why.fail(header + ": making dimension " + Twine(dim) +
                      " of a tensor an unbounded ring would store its "
                      "elements i and i + " +
                      Twine(depth) +
                      " in one slot, which changes what the program "
                      "computes; expand_dim ... ring adds a ring "
                      "dimension with that proof");
    guard = lookupBarrierName(alloc, guardName);
    if (!guard)
      return why.fail(header + ": no barrier '" + guardName +
                      "' is allocated before it");
    newType = exo::TensorType::get(t.getContext(), withRingDim(t.getDims()),
                                   depths, t.getElementType(), t.getMemory());
  } else {
    if (!guardName.empty())
      return why.fail(header + ": a barrier array is not guarded");
    auto b = cast<BarrierType>(type);
    newType = BarrierType::get(b.getContext(), b.getKind(), b.getPrearrive(),
                               withRingDim(b.getDims()), depths);
  }
  Type oldType = type;
  rewriter.modifyOpInPlace(alloc, [&] {
    alloc.getResult().setType(newType);
    if (guard)
      alloc.getGuardMutable().assign(guard);
  });
  // The accesses, windows and syncs of the tensor are checked with it.
  Operation *scope = alloc->getParentOp();
  return verifyOrUndo(
      scope, header,
      [&] {
        rewriter.modifyOpInPlace(alloc, [&] {
          alloc.getResult().setType(oldType);
          alloc.getGuardMutable().clear();
        });
      },
      why);
}

//===----------------------------------------------------------------------===//
// wrap_with_warps, wrap_device_function
//===----------------------------------------------------------------------===//

/// Moves the consecutive statements `stmts` into the single block of the
/// region of `wrapper` (created just before them).
static void moveInto(RewriterBase &rewriter, ArrayRef<Operation *> stmts,
                     Operation *wrapper) {
  Block *body = rewriter.createBlock(&wrapper->getRegion(0));
  for (Operation *stmt : stmts)
    rewriter.moveOpBefore(stmt, body, body->end());
}

/// Undoes moveInto and erases the wrapper.
static void unwrap(RewriterBase &rewriter, Operation *wrapper) {
  Block &body = wrapper->getRegion(0).front();
  SmallVector<Operation *> ops;
  for (Operation &op : body)
    ops.push_back(&op);
  for (Operation *op : ops)
    rewriter.moveOpBefore(op, wrapper);
  rewriter.eraseOp(wrapper);
}

/// The consecutive statements of `ops` in block order.
static LogicalResult consecutive(ArrayRef<Operation *> ops,
                                 SmallVectorImpl<Operation *> &sorted,
                                 const Twine &header, Refusal &why) {
  if (ops.empty())
    return why.fail(header + ": no statements");
  Block *block = ops.front()->getBlock();
  for (Operation *op : ops)
    if (op->getBlock() != block)
      return why.fail(header + ": the statements are not in one block");
  sorted.assign(ops.begin(), ops.end());
  llvm::sort(sorted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  sorted.erase(llvm::unique(sorted), sorted.end());
  // Expressions (index arithmetic, windows, reads) between the statements
  // move with them; anything else in between is refused.
  SmallVector<Operation *> all;
  for (auto [a, b] : llvm::zip(sorted, llvm::drop_begin(sorted))) {
    all.push_back(a);
    for (Operation *op = a->getNextNode(); op != b; op = op->getNextNode()) {
      bool expression = isa<arith::ArithDialect>(op->getDialect()) ||
                        isa<WindowOp, ReadOp>(op);
      if (op->getNumRegions() != 0 || !expression) {
        why.note(op->getLoc(), "this op lies between two of the statements");
        return why.fail(header + ": the statements are not consecutive");
      }
      all.push_back(op);
    }
  }
  all.push_back(sorted.back());
  sorted = std::move(all);
  return success();
}

/// Values defined by `stmts` and used after them: wrapping would hide them.
static LogicalResult checkNoEscapes(ArrayRef<Operation *> stmts,
                                    const Twine &header, Refusal &why) {
  llvm::SmallPtrSet<Operation *, 8> inside(stmts.begin(), stmts.end());
  for (Operation *stmt : stmts)
    for (Value result : stmt->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = user;
        while (top && top->getBlock() != stmt->getBlock())
          top = top->getParentOp();
        if (!top || !inside.contains(top)) {
          why.note(stmt->getLoc(), "this value is used after the statements");
          return why.fail(header + ": a value defined by the statements is "
                                   "used after them");
        }
      }
  return success();
}

FailureOr<WarpsOp> exo::wrapWithWarps(RewriterBase &rewriter,
                                      ArrayRef<Operation *> stmts,
                                      std::optional<StringRef> group,
                                      std::optional<int64_t> lo,
                                      std::optional<int64_t> hi, Refusal &why) {
  std::string header = "cannot wrap the statements in exo.warps";
  SmallVector<Operation *> sorted;
  if (failed(consecutive(stmts, sorted, header, why)) ||
      failed(checkNoEscapes(sorted, header, why)))
    return failure();
  rewriter.setInsertionPoint(sorted.front());
  auto warps =
      WarpsOp::create(rewriter, sorted.front()->getLoc(),
                      group ? rewriter.getStringAttr(*group) : StringAttr(),
                      lo ? rewriter.getI64IntegerAttr(*lo) : IntegerAttr(),
                      hi ? rewriter.getI64IntegerAttr(*hi) : IntegerAttr());
  moveInto(rewriter, sorted, warps);
  if (failed(verifyOrUndo(
          warps->getParentOp(), header, [&] { unwrap(rewriter, warps); }, why)))
    return failure();
  return warps;
}

FailureOr<DeviceFunctionOp>
exo::wrapDeviceFunction(RewriterBase &rewriter, ArrayRef<Operation *> stmts,
                        std::optional<int64_t> blockDim,
                        ArrayRef<Attribute> warpGroups, int64_t clusterDim,
                        int64_t blocksPerSM, int64_t taskLoops, Refusal &why,
                        ArrayRef<Operation *> hostStmts, Attribute hostCallee,
                        ArrayRef<Operation *> allocs, MemoryAttr allocMemory) {
  std::string header = "cannot wrap the statements in a device function";
  SmallVector<Operation *> sorted;
  if (failed(consecutive(stmts, sorted, header, why)) ||
      failed(checkNoEscapes(sorted, header, why)))
    return failure();
  Operation *first = sorted.front();
  if (getEnclosingDeviceFunction(first))
    return why.fail(header + ": they already run on the device");
  // The body of a device function is a nest of cuda_tasks loops: the
  // outermost `taskLoops` loops of the (single) statement become them.
  SmallVector<ForOp> tasks;
  if (taskLoops < 1)
    return why.fail(header + ": at least one loop must become cuda_tasks");
  if (sorted.size() != 1 || !isa<ForOp>(first))
    return why.fail(header + ": the body of a device function is one loop "
                             "nest (of cuda_tasks loops)");
  for (Operation *op = first; static_cast<int64_t>(tasks.size()) < taskLoops;) {
    auto loop = dyn_cast_or_null<ForOp>(op);
    if (!loop) {
      why.note(first->getLoc(), "this loop nest");
      return why.fail(header + ": the nest has fewer than " + Twine(taskLoops) +
                      " loops to become cuda_tasks");
    }
    // (Host code has only seq loops.)
    tasks.push_back(loop);
    // The next loop: the only loop of the body (index arithmetic aside).
    ForOp next;
    for (Operation &inner : loop.getBodyBlock())
      if (auto l = dyn_cast<ForOp>(inner)) {
        if (next) {
          next = ForOp();
          break;
        }
        next = l;
      }
    op = next;
  }
  auto proc = first->getParentOfType<ProcOp>();
  if (!proc || proc.isInstr())
    return why.fail(header + ": they are not in a scheduled proc");
  // Arguments in host memory that the statements access move to global
  // memory; every other use of them must be inside the statements too, or
  // in a host statement that becomes a host-stream instruction call.
  llvm::SmallPtrSet<Operation *, 8> inside(sorted.begin(), sorted.end());
  llvm::SmallPtrSet<Operation *, 4> host(hostStmts.begin(), hostStmts.end());
  auto within = [](Operation *op,
                   const llvm::SmallPtrSetImpl<Operation *> &set) {
    for (Operation *p = op; p; p = p->getParentOp())
      if (set.contains(p))
        return true;
    return false;
  };
  auto isInside = [&](Operation *op) { return within(op, inside); };
  ProcOp hostInstr;
  if (!hostStmts.empty()) {
    hostInstr = resolveCallee(first, hostCallee);
    if (!hostInstr || !hostInstr.isInstr() ||
        hostInstr.getInstrAttr().getTimeline() != InstrTimeline::CpuCudaStream)
      return why.fail(header + ": " + describeCallee(hostCallee) +
                      " is not an instruction that the host issues on the "
                      "CUDA stream (timeline cpu_cuda_stream)");
    for (Operation *h : hostStmts)
      if (getEnclosingDeviceFunction(h) || within(h, inside) ||
          llvm::any_of(sorted, [&](Operation *s) { return h->isAncestor(s); }))
        return why.fail(header + ": the host statements must be host code "
                                 "outside the nest");
  }
  for (Operation *a : allocs) {
    auto alloc = dyn_cast<AllocOp>(a);
    if (!alloc || !isInside(alloc)) {
      why.note(a->getLoc(), "this operation");
      return why.fail(header + ": only allocations inside the nest can move "
                               "to device memory with it");
    }
    if (!cast<exo::TensorType>(alloc.getResult().getType())
             .getMemory()
             .isHost()) {
      why.note(a->getLoc(), "this allocation");
      return why.fail(header + ": the allocations that move to device "
                               "memory must be in host memory");
    }
  }
  SmallVector<BlockArgument> moved;
  for (BlockArgument arg : proc.getBodyBlock().getArguments()) {
    auto type = dyn_cast<exo::TensorType>(arg.getType());
    if (!type || !type.getMemory().isHost())
      continue;
    bool usedInside = false;
    Operation *outside = nullptr;
    for (Operation *user : arg.getUsers()) {
      if (isInside(user))
        usedInside = true;
      else if (!outside && !within(user, host))
        outside = user;
    }
    if (!usedInside)
      continue;
    if (outside) {
      why.note(outside->getLoc(), "this use stays in host code");
      return why.fail(header + ": '" + proc.getArgName(arg.getArgNumber()) +
                      "' would move to global memory, but host code also "
                      "uses it");
    }
    moved.push_back(arg);
  }
  if (!moved.empty()) {
    if (Operation *caller = findCaller(proc)) {
      why.note(caller->getLoc(), "this call passes host tensors");
      return why.fail(header + ": its arguments would move to global memory, "
                               "but the proc is called");
    }
  }
  // The host statements must become calls once the arguments moved.
  llvm::SmallPtrSet<Value, 4> movedValues(moved.begin(), moved.end());
  for (Operation *h : hostStmts) {
    Refusal inner;
    if (failed(checkReplace(h, hostCallee, inner, &movedValues))) {
      why.notes.append(inner.notes.begin(), inner.notes.end());
      return why.fail(header + ": " + inner.message);
    }
  }
  rewriter.setInsertionPoint(first);
  auto device = DeviceFunctionOp::create(
      rewriter, first->getLoc(),
      blockDim ? rewriter.getI64IntegerAttr(*blockDim) : IntegerAttr(),
      warpGroups.empty() ? ArrayAttr() : rewriter.getArrayAttr(warpGroups),
      rewriter.getI64IntegerAttr(clusterDim),
      rewriter.getI64IntegerAttr(blocksPerSM));
  moveInto(rewriter, sorted, device);
  auto taskMode = LoopModeAttr::get(rewriter.getContext(),
                                    LoopModeKind::CudaTasks, CollUnitAttr());
  auto seqMode = LoopModeAttr::get(rewriter.getContext(), LoopModeKind::Seq,
                                   CollUnitAttr());
  for (ForOp loop : tasks)
    rewriter.modifyOpInPlace(loop, [&] { loop.setModeAttr(taskMode); });
  auto gmem = MemoryAttr::get(rewriter.getContext(), MemoryKind::Gmem);
  SmallVector<std::pair<Value, Type>> retyped;
  for (BlockArgument arg : moved) {
    retyped.push_back({arg, arg.getType()});
    auto t = cast<exo::TensorType>(arg.getType());
    arg.setType(exo::TensorType::get(t.getContext(), t.getDims(),
                                     t.getRingDepths(), t.getElementType(),
                                     gmem));
    // Windows of it in host memory follow.
    SmallVector<Value> work = {arg};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *user : v.getUsers())
        if (auto w = dyn_cast<WindowOp>(user);
            w && getMemoryOf(w.getType()).isHost()) {
          retyped.push_back({w.getResult(), w.getType()});
          auto wt = cast<WindowType>(w.getType());
          w.getResult().setType(WindowType::get(wt.getContext(), wt.getDims(),
                                                wt.getRingDepths(),
                                                wt.getElementType(), gmem));
          work.push_back(w.getResult());
        }
    }
  }
  auto syncSignature = [&] {
    SmallVector<Type> inputs(proc.getBodyBlock().getArgumentTypes());
    proc.setFunctionType(rewriter.getFunctionType(inputs, {}));
  };
  rewriter.modifyOpInPlace(proc, syncSignature);
  // Replace the host statements (checked above); each keeps an unlinked
  // copy, and the ops between its neighbours are the call and what the call
  // needs, for the undo.
  struct Replaced {
    Operation *copy, *before, *after;
    Block *block;
  };
  SmallVector<Replaced> replaced;
  auto undoReplaced = [&] {
    for (Replaced &r : llvm::reverse(replaced)) {
      SmallVector<Operation *> created;
      for (Operation *op = r.before ? r.before->getNextNode()
                                    : &r.block->front();
           op && op != r.after; op = op->getNextNode())
        created.push_back(op);
      for (Operation *op : llvm::reverse(created))
        rewriter.eraseOp(op);
      if (r.after)
        rewriter.setInsertionPoint(r.after);
      else
        rewriter.setInsertionPointToEnd(r.block);
      rewriter.insert(r.copy);
    }
    replaced.clear();
  };
  // Everything this rewrite did, undone.
  auto undoAll = [&] {
    undoReplaced();
    for (auto [v, t] : retyped) {
      Value value = v;
      value.setType(t);
    }
    rewriter.modifyOpInPlace(proc, syncSignature);
    for (ForOp loop : tasks)
      rewriter.modifyOpInPlace(loop, [&] { loop.setModeAttr(seqMode); });
    unwrap(rewriter, device);
  };
  // The allocations move to device memory, their windows with them (the
  // old types go into `retyped` for the undo).
  for (Operation *a : allocs) {
    Value tensor = cast<AllocOp>(a).getResult();
    SmallVector<Value> work = {tensor};
    SmallVector<std::pair<Value, Type>> old;
    while (!work.empty()) {
      Value v = work.pop_back_val();
      old.push_back({v, v.getType()});
      for (Operation *user : v.getUsers())
        if (auto w = dyn_cast<WindowOp>(user))
          work.push_back(w.getResult());
    }
    Refusal inner;
    if (failed(setMemory(rewriter, tensor, allocMemory, inner))) {
      why.notes.append(inner.notes.begin(), inner.notes.end());
      why.message = header + ": " + inner.message;
      undoAll();
      return failure();
    }
    retyped.append(old.begin(), old.end());
  }
  for (Operation *h : hostStmts) {
    Replaced r{h->clone(), h->getPrevNode(), h->getNextNode(), h->getBlock()};
    Refusal inner;
    if (failed(replace(rewriter, h, hostCallee, inner))) {
      r.copy->destroy();
      why.notes.append(inner.notes.begin(), inner.notes.end());
      why.message = header + ": " + inner.message;
      undoAll();
      return failure();
    }
    replaced.push_back(r);
  }
  if (failed(verifyOrUndo(proc, header, undoAll, why)))
    return failure();
  for (Replaced &r : replaced)
    r.copy->destroy();
  return device;
}

//===----------------------------------------------------------------------===//
// persist_tasks
//===----------------------------------------------------------------------===//

FailureOr<PersistentTasks> exo::persistTasks(RewriterBase &rewriter,
                                             ForOp outer, StringRef count,
                                             StringRef clusterName,
                                             StringRef tileName, Refusal &why) {
  std::string header = "cannot make the tasks persistent";
  if (failed(refuseNewName(clusterName, outer, NewNameKind::Loop,
                           "the cluster loop's name", why,
                           /*replaced=*/true)) ||
      failed(refuseNewName(tileName, outer, NewNameKind::Loop,
                           "the tile loop's name", why, /*replaced=*/true)))
    return failure();
  if (!outer.getMode().isTasks() ||
      !isa_and_nonnull<DeviceFunctionOp>(outer->getParentOp())) {
    why.note(outer.getLoc(), "this loop");
    return why.fail(header + ": the target is not the outermost cuda_tasks "
                             "loop of a device function");
  }
  auto proc = outer->getParentOfType<ProcOp>();
  if (!proc || proc.isInstr())
    return why.fail(header + ": the loop is not in a scheduled proc");
  // The task nest: each level's only cuda_tasks loop (the verifier makes
  // the nest a cuboid whose levels hold nothing else but index arithmetic,
  // which moves along with the body).
  SmallVector<ForOp> nest;
  for (ForOp loop = outer; loop;) {
    nest.push_back(loop);
    if (getConstantIntValue(loop.getLowerBound()) != 0) {
      why.note(loop.getLoc(), "this task loop");
      return why.fail(header + ": task loops must start at 0");
    }
    ForOp next;
    for (Operation &op : loop.getBodyBlock())
      if (auto l = dyn_cast<ForOp>(op); l && l.getMode().isTasks())
        next = l;
    loop = next;
  }
  std::optional<unsigned> marked;
  for (unsigned i = 0, e = proc.getNumArguments(); i < e; ++i) {
    if (proc.getArgAttr(i, ExoDialect::getClusterCountAttrName()))
      marked = i;
    if (proc.getArgName(i) == count)
      return why.fail(header + ": the proc already has an argument '" + count +
                      "'");
  }
  if (marked)
    return why.fail(header + ": argument '" + proc.getArgName(*marked) +
                    "' is already the cluster count");
  if (Operation *caller = findCaller(proc)) {
    why.note(caller->getLoc(), "this call");
    return why.fail(header + ": the proc gets a new size argument, but it "
                             "is called");
  }
  if (failed(proveIterationsIndependent(nest, header, why)))
    return failure();

  // The new size, after the last size argument, and `requires count >= 1`.
  MLIRContext *ctx = rewriter.getContext();
  unsigned pos = 0, symPos = 0, numSyms = 0;
  for (unsigned i = 0, e = proc.getNumArguments(); i < e; ++i)
    if (proc.getArgumentTypes()[i].isIndex()) {
      pos = i + 1;
      ++numSyms;
    }
  symPos = numSyms;
  SmallVector<Attribute> names(proc.getArgNames().begin(),
                               proc.getArgNames().end());
  names.insert(names.begin() + pos, rewriter.getStringAttr(count));
  SmallVector<Attribute> attrs;
  for (unsigned i = 0, e = proc.getNumArguments(); i < e; ++i)
    attrs.push_back(proc.getArgAttrDict(i)
                        ? Attribute(proc.getArgAttrDict(i))
                        : Attribute(rewriter.getDictionaryAttr({})));
  attrs.insert(
      attrs.begin() + pos,
      rewriter.getDictionaryAttr(rewriter.getNamedAttr(
          ExoDialect::getClusterCountAttrName(), rewriter.getUnitAttr())));
  SmallVector<AffineExpr> constraints;
  SmallVector<bool> eqFlags;
  if (IntegerSetAttr set = proc.getAssertionsAttr()) {
    SmallVector<AffineExpr> shifted;
    for (unsigned s = 0; s < set.getValue().getNumSymbols(); ++s)
      shifted.push_back(getAffineSymbolExpr(s < symPos ? s : s + 1, ctx));
    for (unsigned c = 0; c < set.getValue().getNumConstraints(); ++c) {
      constraints.push_back(
          set.getValue().getConstraint(c).replaceSymbols(shifted));
      eqFlags.push_back(set.getValue().isEq(c));
    }
  }
  constraints.push_back(getAffineSymbolExpr(symPos, ctx) - 1);
  eqFlags.push_back(false);
  IntegerSet newSet = IntegerSet::get(0, numSyms + 1, constraints, eqFlags);

  // Everything below is undone if the result does not verify.
  ArrayAttr oldNames = proc.getArgNamesAttr();
  ArrayAttr oldAttrs = proc.getArgAttrsAttr();
  IntegerSetAttr oldSet = proc.getAssertionsAttr();
  Location loc = outer.getLoc();
  BlockArgument nc = proc.getBodyBlock().insertArgument(
      pos, rewriter.getIndexType(), proc.getLoc());
  auto setSignature = [&] {
    SmallVector<Type> inputs(proc.getBodyBlock().getArgumentTypes());
    proc.setFunctionType(rewriter.getFunctionType(inputs, {}));
  };
  rewriter.modifyOpInPlace(proc, [&] {
    setSignature();
    proc.setArgNamesAttr(rewriter.getArrayAttr(names));
    proc.setArgAttrsAttr(rewriter.getArrayAttr(attrs));
    proc.setAssertionsAttr(IntegerSetAttr::get(newSet));
  });

  IndexBuilder ib(rewriter, loc, outer);
  rewriter.setInsertionPoint(outer);
  Operation *mark = outer->getPrevNode();
  // The number of tiles: the product of the loops' trip counts, each at
  // least 0 (a loop with a negative extent runs nothing; two of them would
  // otherwise multiply to a positive count).
  Value zero = ib.value(ib.constant(0));
  Value total;
  for (ForOp loop : nest) {
    Value trips = arith::MaxSIOp::create(rewriter, loc,
                                         ib.value(loop.getUpperBound()), zero);
    total = total ? arith::MulIOp::create(rewriter, loc, total, trips) : trips;
  }
  Value one = ib.value(ib.constant(1));
  auto clusterMode = LoopModeAttr::get(ctx, LoopModeKind::CudaTasks, {});
  auto seqMode = LoopModeAttr::get(ctx, LoopModeKind::Seq, {});
  auto cluster = ForOp::create(rewriter, loc, ib.constant(0), OpFoldResult(nc),
                               clusterMode, clusterName);
  rewriter.setInsertionPointToStart(&cluster.getBodyBlock());
  Value c = cluster.getInductionVar();
  Value rest = arith::SubIOp::create(rewriter, loc, total, c);
  Value up = arith::AddIOp::create(rewriter, loc, rest, nc);
  Value up1 = arith::SubIOp::create(rewriter, loc, up, one);
  Value count1 = arith::DivSIOp::create(rewriter, loc, up1, nc);
  auto tiles = ForOp::create(rewriter, loc, ib.constant(0),
                             OpFoldResult(count1), seqMode, tileName);
  Block *tileBody = &tiles.getBodyBlock();
  rewriter.setInsertionPointToStart(tileBody);
  Value t0 = arith::MulIOp::create(rewriter, loc, tiles.getInductionVar(), nc);
  Value t = arith::AddIOp::create(rewriter, loc, c, t0);
  // Digits, outermost first: d0 = t / (E1 .. En-1 products inward) ...
  SmallVector<Value> digits(nest.size());
  Value restT = t;
  for (unsigned l = nest.size(); l-- > 1;) {
    Value extent = ib.value(nest[l].getUpperBound());
    digits[l] = arith::RemSIOp::create(rewriter, loc, restT, extent);
    restT = arith::DivSIOp::create(rewriter, loc, restT, extent);
  }
  digits[0] = restT;
  // Move the levels' statements into the tile loop, in order.
  struct Moved {
    Operation *op;
    unsigned level;
    bool afterNext;
  };
  SmallVector<Moved> moved;
  std::function<void(unsigned)> flatten = [&](unsigned level) {
    Block &body = nest[level].getBodyBlock();
    bool after = false;
    for (Operation &op : llvm::make_early_inc_range(body)) {
      if (level + 1 < nest.size() && &op == nest[level + 1].getOperation()) {
        flatten(level + 1);
        after = true;
        continue;
      }
      moved.push_back({&op, level, after});
      rewriter.moveOpBefore(&op, tileBody, tileBody->end());
    }
  };
  for (auto [loop, digit] : llvm::zip(nest, digits))
    rewriter.replaceAllUsesWith(loop.getInductionVar(), digit);
  flatten(0);
  // Verify with the old nest out of the way, then drop it.
  outer->remove();
  auto undo = [&] {
    rewriter.setInsertionPoint(cluster);
    rewriter.insert(outer);
    for (Moved &m : moved) {
      Block &body = nest[m.level].getBodyBlock();
      if (m.afterNext || m.level + 1 == nest.size())
        rewriter.moveOpBefore(m.op, &body, body.end());
      else
        rewriter.moveOpBefore(m.op, nest[m.level + 1]);
    }
    for (auto [loop, digit] : llvm::zip(nest, digits))
      rewriter.replaceAllUsesWith(digit, loop.getInductionVar());
    rewriter.eraseOp(cluster);
    while (outer->getPrevNode() != mark && outer->getPrevNode())
      rewriter.eraseOp(outer->getPrevNode());
    rewriter.modifyOpInPlace(proc, [&] {
      proc.getBodyBlock().eraseArgument(pos);
      setSignature();
      proc.setArgNamesAttr(oldNames);
      proc.setArgAttrsAttr(oldAttrs);
      proc.setAssertionsAttr(oldSet);
    });
  };
  if (failed(verifyOrUndo(proc, header, undo, why)))
    return failure();
  rewriter.setInsertionPoint(cluster);
  rewriter.insert(outer);
  rewriter.eraseOp(outer);
  return PersistentTasks{cluster, tiles};
}

//===----------------------------------------------------------------------===//
// move_sync
//===----------------------------------------------------------------------===//

FailureOr<Operation *> exo::moveSync(RewriterBase &rewriter, Operation *stmt,
                                     Operation *target, bool after, bool copy,
                                     Refusal &why) {
  std::string header = copy ? "cannot copy the synchronization statement"
                            : "cannot move the synchronization statement";
  // Only statements without sequential meaning: syncs, and loops, warps
  // and guards around them, with their index arithmetic.
  Operation *meaningful = nullptr;
  stmt->walk([&](Operation *op) {
    if (isa<ForOp, WarpsOp, IfOp, FenceOp, ArriveOp, AwaitOp>(op) ||
        (op->getNumRegions() == 0 && isMemoryEffectFree(op)))
      return WalkResult::advance();
    meaningful = op;
    return WalkResult::interrupt();
  });
  if (meaningful) {
    why.note(meaningful->getLoc(), "this operation is not synchronization");
    return why.fail(header + ": it does more than synchronize");
  }
  if (stmt->isAncestor(target))
    return why.fail(header + ": the place is inside the statement");
  auto proc = stmt->getParentOfType<ProcOp>();
  if (!proc || proc != target->getParentOfType<ProcOp>() ||
      !isa_and_nonnull<ForOp, WarpsOp, IfOp, DeviceFunctionOp, ProcOp>(
          target->getParentOp()))
    return why.fail(header + ": the place is not a statement of the same "
                             "proc");
  // Every value it uses from outside must be available at the new place.
  DominanceInfo dom(proc);
  Operation *unavailable = nullptr;
  stmt->walk([&](Operation *op) {
    for (Value v : op->getOperands()) {
      Operation *owner = v.getParentRegion()->getParentOp();
      if (stmt->isAncestor(owner) ||
          (v.getDefiningOp() && stmt->isAncestor(v.getDefiningOp())))
        continue;
      if (!dom.properlyDominates(v, target)) {
        unavailable = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (unavailable) {
    why.note(unavailable->getLoc(),
             "this operation uses a value that is not available there");
    return why.fail(header + ": it would use values defined after the place");
  }
  Operation *placed = stmt;
  Block *oldBlock = stmt->getBlock();
  Operation *oldNext = stmt->getNextNode();
  if (copy) {
    setInsertion(rewriter, target, after);
    placed = rewriter.clone(*stmt);
  } else if (after) {
    rewriter.moveOpAfter(stmt, target);
  } else {
    rewriter.moveOpBefore(stmt, target);
  }
  auto undo = [&] {
    if (copy) {
      rewriter.eraseOp(placed);
    } else if (oldNext) {
      rewriter.moveOpBefore(stmt, oldNext);
    } else {
      rewriter.moveOpBefore(stmt, oldBlock, oldBlock->end());
    }
  };
  if (failed(verifyOrUndo(proc, header, undo, why)))
    return failure();
  return placed;
}

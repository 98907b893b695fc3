//===- Kernel.cpp - The structure of a kernel
//-------------------------------===//
//
// Part of the Exo-GPU project.
//
// The structure of a kernel: entry, register arrays, warp specialization
// (one branch per warpgroup), the persistent task loop, cuda_threads loops
// and warp ranges, guards, arithmetic and the dispatch of statements.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexExpr.h"
#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"
#include "ExoGPU/Target/LauncherNames.h"

#include "KernelLowering.h"

#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include "llvm/ADT/StringSet.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IntegerSet.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>
#include <numeric>

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

FailureOr<KernelAttr> KernelLowering::run() {
  blockDim = device.getNumThreads();
  clusterDim = device.getClusterDim();
  if (failed(checkHostCode()) || failed(planSharedMemory()))
    return failure();

  // The launcher is a C++ function named after the proc, with a parameter
  // named after each argument and one per tensor map: NAME_map for the first
  // map of argument NAME, then NAME_map2, NAME_map3, ..., skipping the names
  // of arguments (so two maps of one tensor, or an argument called NAME_map,
  // cannot collide).
  if (const char *why = launcherNameProblem(proc.getSymName()); *why)
    return proc.emitOpError()
           << "is lowered to a C++ launcher named after it, but '"
           << proc.getSymName() << "' " << why << "; rename the proc";
  for (unsigned i = 0, e = proc.getArgumentTypes().size(); i < e; ++i) {
    StringRef name = proc.getArgName(i);
    if (const char *why = launcherNameProblem(name); *why)
      return proc.emitOpError()
             << "argument '" << name << "' becomes a parameter of the C++ "
             << "launcher, but it " << why << "; rename it";
  }
  llvm::StringSet<> taken;
  for (unsigned i = 0, e = proc.getArgumentTypes().size(); i < e; ++i)
    taken.insert(proc.getArgName(i));
  SmallVector<std::string> mapNames;
  for (TensorMapParam &tm : tensorMaps) {
    std::string base = (proc.getArgName(tm.argIndex) + "_map").str();
    std::string name = base;
    for (int n = 2; taken.contains(name); ++n)
      name = base + std::to_string(n);
    taken.insert(name);
    mapNames.push_back(std::move(name));
  }

  // Signature: the proc's arguments, then one CUtensorMap per tensor map.
  SmallVector<Type> argTypes;
  SmallVector<KernelParamAttr> params;
  auto param = [&](StringRef name, KernelParamKind kind, Type element = {},
                   ArrayAttr dims = {}, bool clusterCount = false,
                   int64_t tensor = -1, DenseI64ArrayAttr box = {},
                   int64_t swizzle = 0) {
    params.push_back(KernelParamAttr::get(ctx, name, kind, element, dims,
                                          /*align=*/0, clusterCount, tensor,
                                          box, swizzle));
  };
  for (auto [i, t] : llvm::enumerate(proc.getArgumentTypes())) {
    StringRef name = proc.getArgName(i);
    if (t.isIndex()) {
      argTypes.push_back(i64());
      // The launcher passes the number of clusters it launches.
      param(name, KernelParamKind::Index, {}, {},
            static_cast<bool>(
                proc.getArgAttr(i, ExoDialect::getClusterCountAttrName())));
    } else if (isShapedData(t) &&
               getMemoryOf(t).getKind() == MemoryKind::Gmem) {
      argTypes.push_back(ptr(1));
      param(name, KernelParamKind::Gmem, getElementTypeOf(t),
            b.getArrayAttr(getDimsOf(t)));
    } else if (t.isF32() || t.isInteger(32)) {
      argTypes.push_back(t);
      param(name, KernelParamKind::Scalar, t);
    } else {
      return proc.emitOpError()
             << "argument '" << name << "' of type " << t
             << " cannot be passed to a GPU kernel (index, f32, i32 and gmem "
                "tensors can)";
    }
  }
  for (auto [tm, mapName] : llvm::zip_equal(tensorMaps, mapNames)) {
    argTypes.push_back(ptr());
    MemoryAttr mem = getMemoryOf(tm.window.getType());
    Type source = tm.window.getSource().getType();
    param(mapName, KernelParamKind::TensorMap, getElementTypeOf(source),
          b.getArrayAttr(getDimsOf(source)), false, tm.argIndex,
          b.getDenseI64ArrayAttr(mem.getBox()), mem.getSwizzle());
  }
  auto fnType =
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), argTypes);
  func = LLVM::LLVMFuncOp::create(b, proc.getLoc(), proc.getSymName(), fnType);
  func->setAttr("nvvm.kernel", b.getUnitAttr());
  func->setAttr("nvvm.reqntid",
                b.getDenseI32ArrayAttr({static_cast<int32_t>(blockDim), 1, 1}));
  func->setAttr("nvvm.minctasm", b.getI32IntegerAttr(device.getBlocksPerSm()));
  if (clusterDim > 1)
    func->setAttr(
        "nvvm.cluster_dim",
        b.getDenseI32ArrayAttr({static_cast<int32_t>(clusterDim), 1, 1}));
  unsigned firstMap = proc.getArgumentTypes().size();
  for (unsigned i = 0; i < tensorMaps.size(); ++i) {
    func.setArgAttr(
        firstMap + i, "llvm.byval",
        TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), 128)));
    func.setArgAttr(firstMap + i, "llvm.align", b.getI64IntegerAttr(64));
    func.setArgAttr(firstMap + i, "nvvm.grid_constant", b.getUnitAttr());
  }

  Block *entry = func.addEntryBlock(b);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  loc = device.getLoc();

  // Thread coordinates and the aligned dynamic shared-memory base.
  tid = NVVM::ThreadIdXOp::create(b, loc, i32());
  lane = arith::RemUIOp::create(b, loc, tid, c32(kWarpSize));
  warp = arith::DivUIOp::create(b, loc, tid, c32(kWarpSize));
  cta = clusterDim > 1 ? Value(NVVM::ClusterId::create(b, loc, i32())) : c32(0);
  Value raw = LLVM::AddressOfOp::create(b, loc, ptr(3), "exo_dynamic_smem");
  Value rawInt = LLVM::PtrToIntOp::create(b, loc, i64(), raw);
  Value aligned = arith::AndIOp::create(
      b, loc, add(rawInt, c64(kSmemAlign - 1)), c64(~(kSmemAlign - 1)));
  smemBase = gepBytes(raw, arith::SubIOp::create(b, loc, aligned, rawInt));

  // Register arrays (accumulators) live for the whole kernel.
  WalkResult walk = device.walk([&](AllocOp alloc) -> WalkResult {
    auto tensor = dyn_cast<exo::TensorType>(alloc.getType());
    if (!tensor || tensor.getMemory().isShared())
      return WalkResult::advance();
    // planSharedMemory asked checkDeviceAllocation of every allocation.
    MemoryKind kind = tensor.getMemory().getKind();
    unsigned nd = ca.getNumDistributedDims(alloc).value_or(0);
    int64_t elems = 1;
    for (unsigned d = nd; d < tensor.getRank(); ++d)
      elems *= tensor.getStaticDim(d);
    Type elem = tensor.getElementType();
    unsigned rank = tensor.getRank();
    if (kind == MemoryKind::WgmmaAccum) {
      // One 64 x N tile per warpgroup, or an array of them (dimensions
      // between the distributed ones and the tile: several accumulators
      // of one warpgroup), each a struct of registers per thread
      // (accumulatorStruct).
      int64_t tiles = 1;
      for (unsigned d = nd; d + 2 < rank; ++d)
        tiles *= tensor.getStaticDim(d);
      regAllocas[alloc] = LLVM::AllocaOp::create(
          b, loc, ptr(),
          accumulatorStruct(ctx, tensor.getStaticDim(rank - 1), elem),
          c32(tiles), 16);
      return WalkResult::advance();
    }
    // A wgmma A fragment (64 x 32 bytes of K over a warpgroup) or an array
    // of them holds elems / 128 elements per thread; mma.sync fragments
    // elems / 32 per lane.
    if (kind == MemoryKind::WgmmaA)
      elems /= kWarpgroupSize;
    if (kind == MemoryKind::MmaA || kind == MemoryKind::MmaB ||
        kind == MemoryKind::MmaC)
      elems /= kWarpSize;
    // The registers hold what the element accesses load and store
    // (Memory.cpp): a tf32 value as an f32, an fp8 value as its byte.
    if (elem.isTF32())
      elem = b.getF32Type();
    else if (isFp8Type(elem))
      elem = b.getI8Type();
    Type arr = LLVM::LLVMArrayType::get(elem, elems);
    regAllocas[alloc] = LLVM::AllocaOp::create(b, loc, ptr(), arr, c32(1), 16);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  // What the `requires` clause says of single sizes (its symbols are the
  // size arguments in order; the launcher checks it): a size it pins
  // (getSizeBounds) is that constant in the kernel, so the strides and
  // extents that depend on it are known (alignment of vector stores,
  // unrolling); `s mod d == 0` makes d a divisor of s.
  DenseMap<Value, int64_t> pinnedSizes;
  for (auto [arg, bounds] : getSizeBounds(proc))
    if (bounds.first == bounds.second)
      pinnedSizes[arg] = bounds.first;
  DenseMap<Value, int64_t> argDivisors = getSizeDivisors(proc);
  // Host-side scalars are recomputed in the kernel.
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    Type t = arg.getType();
    if (t.isIndex() || t.isF32() || t.isInteger(32)) {
      auto pinned = pinnedSizes.find(arg);
      values[arg] = pinned != pinnedSizes.end() ? c64(pinned->second)
                                                : entry->getArgument(i);
      continue;
    }
    View v;
    v.kind = View::Global;
    v.base = entry->getArgument(i);
    v.elemType = getElementTypeOf(t);
    v.memory = getMemoryOf(t);
    v.root = proc;
    for (Attribute d : getDimsOf(t)) {
      if (auto n = dyn_cast<IntegerAttr>(d)) {
        v.extents.push_back(c64(n.getInt()));
        v.staticExtents.push_back(n.getInt());
      } else {
        v.extents.push_back(
            values.lookup(proc.lookupSizeArg(cast<StringAttr>(d).getValue())));
        v.staticExtents.push_back(ShapedType::kDynamic);
      }
      v.rings.push_back(0);
      v.offsets.push_back(c64(0));
      v.kept.push_back(v.kept.size());
      v.sizes.push_back(v.staticExtents.back());
    }
    views[arg] = v;
  }
  for (auto [arg, div] : argDivisors)
    sizeDivisors[values.lookup(arg)] = div;
  for (Operation &op : proc.getBodyBlock()) {
    if (isa<arith::ArithDialect>(op.getDialect())) {
      if (failed(lowerArith(op)))
        return failure();
      continue;
    }
  }
  for (auto [i, tm] : llvm::enumerate(tensorMaps)) {
    View v = views.lookup(proc.getBodyBlock().getArgument(tm.argIndex));
    v.kind = View::TmaMap;
    v.base = entry->getArgument(firstMap + i);
    v.memory = getMemoryOf(tm.window.getType());
    views[tm.window.getResult()] = v;
  }

  if (failed(emitBranches()))
    return failure();
  // A TMA load completes into its mbarrier with complete_tx: some arrive
  // must expect its bytes, or the phase could complete before the data
  // lands (and the late bytes corrupt the next phase).
  WalkResult unexpected = proc.walk([&](CallOp call) {
    Value bar = call.getTrailing();
    if (!bar || txExpected.contains(call))
      return WalkResult::advance();
    auto type = dyn_cast<BarrierType>(bar.getType());
    if (!type || type.getKind() != BarrierKind::Mbarrier)
      return WalkResult::advance();
    call.emitOpError()
        << "completes into an mbarrier, but no arrive expects its "
           "transaction bytes: an arrive on the same barrier must follow it "
           "in the same loop body, by threads that include its issuing "
           "threads";
    return WalkResult::interrupt();
  });
  if (unexpected.wasInterrupted())
    return failure();
  LLVM::ReturnOp::create(b, loc, ValueRange());
  // The base alignment the code assumes of gmem arguments.
  for (auto [i, bytes] : gmemAlign) {
    KernelParamAttr p = params[i];
    params[i] = KernelParamAttr::get(
        ctx, p.getName(), p.getKind(), p.getElement(), p.getDims(), bytes,
        p.getClusterCount(), p.getTensor(), p.getBox(), p.getSwizzle());
  }
  ArrayAttr paramList =
      b.getArrayAttr(SmallVector<Attribute>(params.begin(), params.end()));
  DenseI64ArrayAttr zeros =
      memsets.empty() ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(memsets);
  if (failed(KernelAttr::verify(
          [&] {
            return proc.emitOpError() << "has no valid launch description: ";
          },
          proc.getSymName(), blockDim, clusterDim, device.getBlocksPerSm(),
          smemBytes, paramList, proc.getAssertionsAttr(), zeros, gridTasks)))
    return failure();
  return KernelAttr::get(ctx, proc.getSymName(), blockDim, clusterDim,
                         device.getBlocksPerSm(), smemBytes, paramList,
                         proc.getAssertionsAttr(), zeros, gridTasks);
}

/// The host value `v` as an affine function of the proc's sizes (`symbols`:
/// their positions), or failure (readIndexOp, with products of sizes).
/// Divisions and remainders by a positive constant read as floor division
/// and modulo: exact for the non-negative values trip counts are made of,
/// and a grid computed from an inexact count still runs every task (the
/// kernel's loop is authoritative).
static FailureOr<AffineExpr>
readSizeExpr(Value v, const DenseMap<Value, unsigned> &symbols, int depth = 0) {
  if (auto it = symbols.find(v); it != symbols.end())
    return getAffineSymbolExpr(it->second, v.getContext());
  Operation *def = v.getDefiningOp();
  if (!def || depth > 64)
    return failure();
  SmallVector<AffineExpr, 2> operands;
  if (!isa<arith::ConstantOp>(def))
    for (Value x : def->getOperands()) {
      FailureOr<AffineExpr> e = readSizeExpr(x, symbols, depth + 1);
      if (failed(e))
        return failure();
      operands.push_back(*e);
    }
  return readIndexOp(def, operands, floorDivision,
                     /*products=*/true);
}

static FailureOr<AffineExpr>
readSizeExpr(OpFoldResult bound, const DenseMap<Value, unsigned> &symbols) {
  if (auto v = dyn_cast<Value>(bound))
    return readSizeExpr(v, symbols);
  std::optional<int64_t> c = getConstantIntValue(bound);
  if (!c)
    return failure();
  return getAffineConstantExpr(*c, cast<Attribute>(bound).getContext());
}

LogicalResult KernelLowering::computeGridTasks(ArrayRef<ForOp> nest) {
  unsigned numSizes = llvm::count_if(proc.getArgumentTypes(),
                                     [](Type t) { return t.isIndex(); });
  // Symbol positions count every index argument, the cluster count's too
  // (the launcher computes it from the grid: it cannot size the grid).
  DenseMap<Value, unsigned> symbols;
  unsigned position = 0;
  bool hasClusterCount = false;
  for (BlockArgument arg : proc.getBodyBlock().getArguments()) {
    if (!arg.getType().isIndex())
      continue;
    if (proc.getArgAttr(arg.getArgNumber(),
                        ExoDialect::getClusterCountAttrName()))
      hasClusterCount = true;
    else
      symbols[arg] = position;
    ++position;
  }
  SmallVector<AffineExpr> trips;
  for (ForOp loop : nest) {
    FailureOr<AffineExpr> lo = readSizeExpr(loop.getLowerBound(), symbols);
    FailureOr<AffineExpr> hi = readSizeExpr(loop.getUpperBound(), symbols);
    if (failed(lo) || failed(hi))
      return loop.emitOpError()
             << "has a trip count that is not an affine function of the "
                "sizes, which launch = grid needs to size the grid (index "
                "constants, sums, products and divisions by constants of the "
                "proc's sizes"
             << (hasClusterCount ? ", not its cluster count" : "")
             << "); launch = persistent does without";
    trips.push_back(*hi - *lo);
  }
  gridTasks = AffineMapAttr::get(AffineMap::get(0, numSizes, trips, ctx));
  return success();
}

LogicalResult KernelLowering::emitBranches() {
  std::optional<ArrayAttr> groups = device.getWarpGroups();
  if (!groups || groups->empty())
    return lowerBlock(device.getBodyBlock());
  hasGroups = true;
  struct Group {
    std::string name;
    int64_t lo, hi; // warps
    WarpGroupAttr attr;
  };
  SmallVector<Group> list;
  int64_t w = 0;
  for (auto g : groups->getAsRange<WarpGroupAttr>()) {
    list.push_back({g.getName().str(), w, w + g.getCount(), g});
    w += g.getCount();
  }
  // Warpgroups with the same register budget form one region.
  struct Region {
    int64_t lo, hi; // warps
    int64_t regs;
    bool inc;
  };
  SmallVector<Region> regions;
  bool anyRegs =
      llvm::any_of(list, [](const Group &g) { return g.attr.hasSetmaxnreg(); });
  if (anyRegs) {
    for (int64_t wg = 0; wg * 4 < w; ++wg) {
      std::optional<std::pair<int64_t, bool>> budget;
      for (const Group &g : list)
        if (g.lo < (wg + 1) * 4 && wg * 4 < g.hi) {
          std::pair<int64_t, bool> mine{g.attr.getSetmaxnreg(),
                                        g.attr.getIncrease()};
          if (budget && *budget != mine)
            return device.emitOpError()
                   << "warpgroup " << wg
                   << " holds warp groups with different setmaxnreg budgets; "
                      "setmaxnreg applies to whole warpgroups";
          budget = mine;
        }
      // One branch per warpgroup: guards inside resolve statically against
      // its warps (see knownLo), so e.g. a ping-pong warpgroup's branch
      // holds only its own phases.
      regions.push_back({wg * 4, (wg + 1) * 4, budget->first, budget->second});
    }
  } else {
    regions.push_back({0, w, 0, false});
  }
  for (const Region &r : regions) {
    LogicalResult result = emitIf(inRange(warp, r.lo, r.hi), [&] {
      if (r.regs)
        NVVM::SetMaxRegisterOp::create(
            b, loc, static_cast<uint32_t>(r.regs),
            r.inc ? NVVM::SetMaxRegisterAction::increase
                  : NVVM::SetMaxRegisterAction::decrease);
      for (const Group &g : list) {
        int64_t lo = std::max(g.lo, r.lo), hi = std::min(g.hi, r.hi);
        if (lo >= hi)
          continue;
        currentGroup = g.name;
        knownLo = lo * kWarpSize;
        knownHi = hi * kWarpSize;
        laneZeroRoots.clear();
        if (g.hi - g.lo == 1)
          findLaneZeroRoots();
        LogicalResult body = emitIf(inRange(warp, lo, hi), [&] {
          return lowerBlock(device.getBodyBlock());
        });
        laneZeroRoots.clear();
        knownLo = 0;
        knownHi = INT64_MAX;
        if (failed(body))
          return failure();
      }
      return success();
    });
    if (failed(result))
      return failure();
  }
  return success();
}

bool KernelLowering::warpUniformIterations(ForOp loop) {
  // Every instance of the body runs on whole warps: all lanes of a warp run
  // the same iteration (a unit of CTAs does; one of warps does; a unit that
  // splits a warp's lanes between iterations, like a custom unit of
  // alternating threads, does not).
  Block &body = loop.getBodyBlock();
  return body.empty() || onWholeWarps(&body.front());
}

bool KernelLowering::onWholeWarps(Operation *op, bool oneWarp) {
  for (const CollectiveInstance &inst : ca.getInstances(op))
    for (const CtaPart &p : ca.partsOf(inst.threads))
      if (!p.wholeWarps() || (oneWarp && p.count != kWarpSize))
        return false;
  return true;
}

bool KernelLowering::laneZeroSuffices(Operation *op) {
  auto all = [&](Region &region) {
    return llvm::all_of(region.getOps(),
                        [&](Operation &o) { return laneZeroSuffices(&o); });
  };
  if (op->hasTrait<OpTrait::IsTerminator>() || isa<WindowOp>(op) ||
      isa<arith::ArithDialect>(op->getDialect()))
    return true;
  if (auto warps = dyn_cast<WarpsOp>(op)) {
    std::optional<StringRef> group = warps.getGroup();
    if (!group)
      return false;
    return *group != currentGroup || all(warps.getBody());
  }
  if (auto loop = dyn_cast<ForOp>(op)) {
    LoopModeAttr mode = loop.getMode();
    if (mode.isTasks())
      return false;
    if (mode.isThreads() && !warpUniformIterations(loop))
      return false;
    return all(loop.getBody());
  }
  if (auto ifOp = dyn_cast<IfOp>(op))
    return all(ifOp.getThenRegion()) && all(ifOp.getElseRegion());
  if (auto alloc = dyn_cast<AllocOp>(op)) {
    auto type = dyn_cast<BarrierType>(alloc.getType());
    return !type || type.getKind() != BarrierKind::Mbarrier; // no init here
  }
  auto barrierKind = [&](Value barrier) -> std::optional<BarrierKind> {
    if (auto type = dyn_cast<BarrierType>(barrier.getType()))
      return type.getKind();
    return std::nullopt;
  };
  if (auto await = dyn_cast<AwaitOp>(op))
    return barrierKind(await.getBarrier()) == BarrierKind::Mbarrier;
  if (auto arrive = dyn_cast<ArriveOp>(op)) {
    if (barrierKind(arrive.getBarrier()) != BarrierKind::Mbarrier)
      return false;
    // Arrivals counted per warp: lane 0 arrives for its warp either way.
    return onWholeWarps(arrive, /*oneWarp=*/true);
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    auto tma = dyn_cast_or_null<TmaAttr>(getCalledFamily(call));
    if (!tma || tma.getKind() != TmaKind::Load)
      return false;
    // Issued for a warp (by its lane 0), not by a thread of its own.
    return onWholeWarps(call, /*oneWarp=*/true);
  }
  return false;
}

void KernelLowering::findLaneZeroRoots() {
  // Lanes 1-31 skip the roots: their waits, and the warp barrier that would
  // order their earlier accesses before lane 0's arrives. So they may run
  // no data access anywhere: every read, assign, reduce and call that this
  // group can reach (outside other groups' `exo.warps` blocks) must be an
  // elected instruction (a TMA load or store, which lane 0 issues after its
  // own waits).
  auto reachable = [&](Operation *op) {
    for (Operation *p = op->getParentOp(); p && p != device.getOperation();
         p = p->getParentOp())
      if (auto w = dyn_cast<WarpsOp>(p))
        if (std::optional<StringRef> g = w.getGroup(); g && *g != currentGroup)
          return false;
    return true;
  };
  bool laneAccess = false;
  device.getBodyBlock().walk([&](Operation *op) {
    if (!reachable(op))
      return;
    // An arrive by single lanes is theirs, not lane 0's for the warp.
    if (isa<ArriveOp>(op) && !onWholeWarps(op))
      laneAccess = true;
    if (!isa<ElementAccessOpInterface, CallOp>(op))
      return;
    auto call = dyn_cast<CallOp>(op);
    bool tma = call && isa_and_nonnull<TmaAttr>(getCalledFamily(call));
    // A TMA instruction of a warp is issued by its lane 0; one of a single
    // thread by that thread, whichever lane it is.
    if (!tma || !onWholeWarps(op))
      laneAccess = true;
  });
  if (laneAccess)
    return;
  // A root holds a block of this group (something to issue) and has no
  // results (its values stay inside). None is looked for inside a threads
  // loop whose iterations split a warp's lanes.
  std::function<void(Block &)> visit = [&](Block &block) {
    for (Operation &op : block) {
      bool own = false;
      op.walk([&](WarpsOp w) {
        std::optional<StringRef> group = w.getGroup();
        own |= group && *group == currentGroup;
      });
      if (!own)
        continue;
      if (op.getNumResults() == 0 && laneZeroSuffices(&op)) {
        laneZeroRoots.insert(&op);
        continue;
      }
      if (auto loop = dyn_cast<ForOp>(op);
          loop && loop.getMode().isThreads() && !warpUniformIterations(loop))
        continue;
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          visit(inner);
    }
  };
  visit(device.getBodyBlock());
}

LogicalResult KernelLowering::lowerBlock(Block &block) {
  SmallVector<AllocOp> pendingBarriers;
  auto flush = [&]() -> LogicalResult {
    if (pendingBarriers.empty())
      return success();
    LogicalResult r = initBarriers(pendingBarriers);
    pendingBarriers.clear();
    return r;
  };
  for (Operation &op : block) {
    if (auto alloc = dyn_cast<AllocOp>(op)) {
      auto type = dyn_cast<BarrierType>(alloc.getType());
      if (type && type.getKind() == BarrierKind::Mbarrier) {
        pendingBarriers.push_back(alloc);
        continue;
      }
      if (!type && failed(lowerAlloc(alloc)))
        return failure();
      continue;
    }
    // Pure index arithmetic between two barrier allocations (a loop bound
    // computed between them) touches no memory: it is lowered where it
    // stands, and the barriers after it join the pending initialization, so
    // that a block's mbarriers share one initialization and its barriers.
    if (!pendingBarriers.empty() && isMemoryFreeArith(&op)) {
      if (failed(lowerOp(op)))
        return failure();
      continue;
    }
    if (failed(flush()))
      return failure();
    if (failed(lowerOp(op)))
      return failure();
  }
  return flush();
}

FailureOr<SmallVector<Value>> KernelLowering::loweredOperands(Operation &op) {
  SmallVector<Value> result;
  for (Value v : op.getOperands()) {
    Value m = values.lookup(v);
    if (!m)
      return op.emitOpError() << "uses a value that is not available in the "
                                 "kernel";
    result.push_back(m);
  }
  return result;
}

Value KernelLowering::divideIndex(bool isSigned, bool rem, Value a, Value d) {
  Value r = rem ? (isSigned ? arith::RemSIOp::create(b, loc, a, d).getResult()
                            : arith::RemUIOp::create(b, loc, a, d).getResult())
                : (isSigned ? arith::DivSIOp::create(b, loc, a, d).getResult()
                            : arith::DivUIOp::create(b, loc, a, d).getResult());
  if (matchPattern(d, m_Constant()))
    return r;
  // Held where it is computed: a volatile move the division cannot sink
  // past.
  return inlineAsm(i64(), {r}, "mov.b64 $0, $1;", "=l,l");
}

LogicalResult KernelLowering::lowerArith(Operation &op) {
  loc = op.getLoc();
  auto convert = [&](Type t) -> Type { return t.isIndex() ? i64() : t; };
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    Attribute value = c.getValue();
    if (auto i = dyn_cast<IntegerAttr>(value); i && i.getType().isIndex())
      value = b.getI64IntegerAttr(i.getInt());
    values[c.getResult()] =
        arith::ConstantOp::create(b, loc, cast<TypedAttr>(value));
    return success();
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op)) {
    Value in = values.lookup(op.getOperand(0));
    Type to = convert(op.getResult(0).getType());
    unsigned fromW = in.getType().getIntOrFloatBitWidth();
    unsigned toW = to.getIntOrFloatBitWidth();
    Value out = in;
    if (toW < fromW)
      out = arith::TruncIOp::create(b, loc, to, in);
    else if (toW > fromW)
      out = isa<arith::IndexCastOp>(op)
                ? Value(arith::ExtSIOp::create(b, loc, to, in))
                : Value(arith::ExtUIOp::create(b, loc, to, in));
    values[op.getResult(0)] = out;
    return success();
  }
  if (failed(checkDeviceOperation(&op)))
    return failure();
  OperationState state(loc, op.getName());
  FailureOr<SmallVector<Value>> operands = loweredOperands(op);
  if (failed(operands))
    return failure();
  state.operands.append(operands->begin(), operands->end());
  for (Type t : op.getResultTypes())
    state.types.push_back(convert(t));
  state.attributes = op.getAttrs();
  // An index division (divideIndex).
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op) &&
      op.getResult(0).getType().isIndex()) {
    values[op.getResult(0)] =
        divideIndex(isa<arith::DivSIOp, arith::RemSIOp>(op),
                    isa<arith::RemSIOp, arith::RemUIOp>(op), (*operands)[0],
                    (*operands)[1]);
    return success();
  }
  Operation *clone = b.create(state);
  for (auto [from, to] : llvm::zip(op.getResults(), clone->getResults()))
    values[from] = to;
  return success();
}

LogicalResult KernelLowering::lowerOp(Operation &op) {
  loc = op.getLoc();
  if (!singleLane && laneZeroRoots.contains(&op)) {
    // The warp barriers order the other lanes' accesses before the root
    // before lane 0's arrives in it, and their accesses after it after lane
    // 0's waits, as the per-warp form's barriers do; they also reconverge
    // the warp.
    inlineAsm(Type(), {}, "bar.warp.sync -1;", "");
    singleLane = true;
    LogicalResult r = emitIf(eq(lane, c32(0)), [&] { return lowerOp(op); });
    singleLane = false;
    inlineAsm(Type(), {}, "bar.warp.sync -1;", "");
    return r;
  }
  // An fp8 value is its byte in the kernel.
  if (isa<arith::BitcastOp>(op) && (isFp8Type(op.getResult(0).getType()) ||
                                    isFp8Type(op.getOperand(0).getType()))) {
    FailureOr<SmallVector<Value>> in = loweredOperands(op);
    if (failed(in))
      return failure();
    values[op.getResult(0)] = (*in)[0];
    return success();
  }
  if ((isa<arith::TruncFOp>(op) && isFp8Type(op.getResult(0).getType())) ||
      (isa<arith::ExtFOp>(op) && isFp8Type(op.getOperand(0).getType())))
    return lowerFp8Conversion(op);
  if (isa<math::MathDialect>(op.getDialect()) ||
      (isa<arith::DivFOp>(op) && isApproximateMath(&op) &&
       op.getResult(0).getType().isF32()))
    return lowerMath(op);
  if (isa<arith::ArithDialect>(op.getDialect()))
    return lowerArith(op);
  if (auto loop = dyn_cast<ForOp>(op)) {
    LoopModeAttr mode = loop.getMode();
    if (mode.isThreads())
      return lowerThreadsLoop(loop);
    if (!mode.isSeq())
      return lowerTasks(loop);
    // A loop over registers (elements of a fragment or a register tensor,
    // windows of them) is unrolled here: each access then has constant
    // indices and addresses a register. Left to LLVM, a long loop is only
    // partly unrolled, and the registers it indexes go to local memory.
    // (isUnrolledRegisterLoop, which the collective analysis also asks.)
    if (isUnrolledRegisterLoop(loop)) {
      int64_t first = *getConstantIntValue(loop.getLowerBound());
      int64_t last = *getConstantIntValue(loop.getUpperBound());
      for (int64_t i = first; i < last; ++i) {
        values[loop.getInductionVar()] = c64(i);
        if (failed(lowerBlock(loop.getBodyBlock())))
          return failure();
      }
      return success();
    }
    Value lo = index(loop.getLowerBound()), hi = index(loop.getUpperBound());
    auto scfFor = scf::ForOp::create(b, loc, lo, hi, c64(1));
    values[loop.getInductionVar()] = scfFor.getInductionVar();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(scfFor.getBody()->getTerminator());
    return lowerBlock(loop.getBodyBlock());
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    auto scfIf = scf::IfOp::create(b, loc, values.lookup(ifOp.getCondition()),
                                   ifOp.hasElse());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(scfIf.thenBlock());
      if (failed(lowerBlock(ifOp.getThenBlock())))
        return failure();
    }
    if (ifOp.hasElse()) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(scfIf.elseBlock());
      if (failed(lowerBlock(ifOp.getElseRegion().front())))
        return failure();
    }
    return success();
  }
  if (auto warps = dyn_cast<WarpsOp>(op))
    return lowerWarps(warps);
  if (auto window = dyn_cast<WindowOp>(op))
    return lowerWindow(window);
  if (auto read = dyn_cast<ReadOp>(op))
    return lowerScalarAccess(read, read.getSource(), read.getMixedIndices(),
                             Value(), false);
  if (auto assign = dyn_cast<AssignOp>(op))
    return lowerScalarAccess(assign, assign.getDest(), assign.getMixedIndices(),
                             values.lookup(assign.getValue()), false);
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return lowerScalarAccess(reduce, reduce.getDest(), reduce.getMixedIndices(),
                             values.lookup(reduce.getValue()), true);
  if (auto fence = dyn_cast<FenceOp>(op))
    return lowerFence(fence);
  if (auto arrive = dyn_cast<ArriveOp>(op))
    return lowerArrive(arrive);
  if (auto await = dyn_cast<AwaitOp>(op))
    return lowerAwait(await);
  if (auto call = dyn_cast<CallOp>(op))
    return lowerCall(call);
  // Operations of other dialects are refused by the rule the collective
  // analysis asks too; an exo operation that is no device statement (a
  // proc, a nested device function) by the structural checks before.
  if (failed(checkDeviceOperation(&op)))
    return failure();
  return op.emitOpError() << "is no device statement the GPU lowering knows";
}

LogicalResult KernelLowering::lowerTasks(ForOp outer) {
  // The cuda_tasks nest: outer loops, each holding index arithmetic and the
  // next loop, become one persistent loop over the clusters of the grid.
  SmallVector<ForOp> nest{outer};
  SmallVector<SmallVector<Operation *>> between;
  while (true) {
    ForOp inner;
    SmallVector<Operation *> ops;
    for (Operation &op : nest.back().getBodyBlock()) {
      auto loop = dyn_cast<ForOp>(op);
      if (loop && loop.getMode().isTasks()) {
        if (inner)
          return loop.emitOpError()
                 << "is a second cuda_tasks loop in one body; the tasks of a "
                    "device function must form one nest";
        inner = loop;
        continue;
      }
      if (!isa<arith::ArithDialect>(op.getDialect()))
        ops.push_back(&op);
    }
    if (!inner)
      break;
    if (!ops.empty())
      return ops.front()->emitOpError()
             << "sits between cuda_tasks loops; only index arithmetic may";
    between.push_back({});
    for (Operation &op : nest.back().getBodyBlock())
      if (isa<arith::ArithDialect>(op.getDialect()))
        between.back().push_back(&op);
    nest.push_back(inner);
  }
  if (device.getGridLaunch() && failed(computeGridTasks(nest)))
    return failure();
  SmallVector<Value> lows, trips;
  Value total = c64(1);
  for (ForOp loop : nest) {
    loc = loop.getLoc();
    Value lo = index(loop.getLowerBound()), hi = index(loop.getUpperBound());
    if (!lo || !hi)
      return loop.emitOpError()
             << "has bounds computed inside the task nest; the persistent "
                "loop needs them before it";
    Value trip = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, hi, lo), c64(0));
    lows.push_back(lo);
    trips.push_back(trip);
    total = mul(total, trip);
  }
  Value first, step;
  if (clusterDim > 1) {
    first = toI64(NVVM::ClusterIdXOp::create(b, loc, i32()));
    step = toI64(NVVM::ClusterDimXOp::create(b, loc, i32()));
  } else {
    first = toI64(NVVM::BlockIdXOp::create(b, loc, i32()));
    step = toI64(NVVM::GridDimXOp::create(b, loc, i32()));
  }
  auto loop = scf::ForOp::create(b, loc, first, total, step);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value rest = loop.getInductionVar();
  // With at least 128 registers a thread, the indices are LLVM's divisions
  // (divideIndex), and the outermost one is what is left of the counter
  // once the inner ones are divided out (the counter runs below the product
  // of the trip counts). With fewer, each index is a rem.u64 (and the rest a
  // div.u64) PTX instruction, opaque to ptxas: seeing the counter, ptxas
  // keeps address registers across the persistent loop, which a tight
  // register budget spills (docs/Lowering.md).
  bool opaque = device.getLaunchRegisters() < 128;
  auto taskDivide = [&](bool rem, Value a, Value d) -> Value {
    if (!opaque || matchPattern(d, m_Constant()))
      return divideIndex(/*isSigned=*/false, rem, a, d);
    return buildInlineAsm(b, loc, i64(), {a, d},
                          rem ? "rem.u64 $0, $1, $2;" : "div.u64 $0, $1, $2;",
                          "=l,l,l", /*sideEffects=*/false);
  };
  for (int64_t i = static_cast<int64_t>(nest.size()) - 1; i >= 0; --i) {
    Value iv =
        i > 0 || opaque ? taskDivide(/*rem=*/true, rest, trips[i]) : rest;
    if (i > 0)
      rest = taskDivide(/*rem=*/false, rest, trips[i]);
    values[nest[i].getInductionVar()] = add(lows[i], iv);
  }
  for (auto &ops : between)
    for (Operation *op : ops)
      if (failed(lowerArith(*op)))
        return failure();
  Block &body = nest.back().getBodyBlock();
  if (failed(lowerBlock(body)))
    return failure();
  // The end of a task is a cluster-wide in-order fence (SEMANTICS.md §3):
  // the next task of this persistent cluster reuses the shared memory. Not
  // needed when the kernel has none (anywhere: the checker's fence also
  // covers shared memory allocated outside the task loop), or when the task
  // ends with that fence itself.
  bool shared = false;
  device.walk([&](AllocOp alloc) {
    Type t = alloc.getType();
    if (auto tensor = dyn_cast<exo::TensorType>(t))
      shared |= tensor.getMemory().isShared();
    else if (auto bar = dyn_cast<BarrierType>(t))
      shared |= bar.getKind() == BarrierKind::Mbarrier;
  });
  Operation *last = nullptr;
  for (Operation &op : llvm::reverse(body))
    if (!isa<arith::ArithDialect>(op.getDialect())) {
      last = &op;
      break;
    }
  auto fence = dyn_cast_or_null<FenceOp>(last);
  bool endsWithFence = fence && fence.getFirst() == SyncTimeline::CudaInOrder &&
                       fence.getSecond() == SyncTimeline::CudaInOrder;
  if (shared && !endsWithFence) {
    loc = nest.back().getLoc();
    clusterBarrier();
  }
  return success();
}

Value KernelLowering::guardOf(const ThreadRange &range) {
  // Against the threads that can reach this point (the warp-specialization
  // branch): no reachable thread runs it, or every one does.
  if (range.empty() || range.hi <= knownLo || range.lo >= knownHi)
    return Value();
  Value cond = range.lo <= knownLo && range.hi >= knownHi
                   ? Value(arith::ConstantIntOp::create(b, loc, 1, 1))
                   : inRange(tid, range.lo, range.hi);
  if (range.ctaHi - range.ctaLo != clusterDim)
    cond = andI(cond, inRange(cta, range.ctaLo, range.ctaHi));
  return cond;
}

LogicalResult KernelLowering::lowerThreadsLoop(ForOp loop) {
  Block &body = loop.getBodyBlock();
  if (body.empty() || ca.getInstances(&body.front()).empty())
    return success(); // nothing to run, or never reached
  // The iterator's form and the guard (the analysis refused the loops that
  // have none).
  FailureOr<CollectiveAnalysis::ThreadsLoopPlan> plan =
      ca.planThreadsLoop(loop);
  if (failed(plan))
    return failure();
  int64_t lb = loop.getStaticBounds()[0];
  int64_t n = loop.getStaticBounds()[1] - lb;
  Value ivValue;
  if (n == 1) {
    ivValue = c64(lb);
  } else {
    Value rel =
        arith::SubIOp::create(b, loc, plan->byCta ? cta : tid, c32(plan->base));
    Value q = arith::DivUIOp::create(b, loc, rel, c32(plan->span));
    if (plan->wraps)
      q = arith::RemUIOp::create(b, loc, q, c32(n));
    ivValue = add(toI64(q), c64(lb));
  }
  values[loop.getInductionVar()] = ivValue;
  if (!plan->guarded)
    return lowerBlock(body);
  Value cond = guardOf(plan->guard);
  if (!cond)
    return success();
  return emitIf(cond, [&] { return lowerBlock(body); });
}

LogicalResult KernelLowering::lowerWarps(WarpsOp warps) {
  Block &body = warps.getBody().front();
  if (std::optional<StringRef> group = warps.getGroup()) {
    if (!hasGroups)
      return warps.emitOpError() << "names a warp group, but the device "
                                    "function declares none";
    if (*group != currentGroup)
      return success(); // another branch runs it
    if (!warps.getLo() && !warps.getHi())
      return lowerBlock(body);
  }
  if (body.empty())
    return success();
  FailureOr<ThreadRange> range =
      ca.getGuard(warps, ca.getInstances(&body.front()));
  if (failed(range))
    return failure();
  Value cond = guardOf(*range);
  if (!cond)
    return success();
  return emitIf(cond, [&] { return lowerBlock(body); });
}

} // namespace exo::nvvm

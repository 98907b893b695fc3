//===- ExoToAMIR.cpp - exo procs to abstract-machine programs -------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace exo {
#define GEN_PASS_DEF_CONVERTEXOTOAMIR
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

/// A window of a variable: per dimension of the variable, an offset and a
/// size (amir-side index values or constants), and which dimensions the
/// window keeps.
struct WindowInfo {
  Value var;
  MemoryKind memory;
  SmallVector<OpFoldResult> offsets, sizes;
  SmallVector<unsigned> kept; // window dimension -> variable dimension
};

class ProgramBuilder {
public:
  ProgramBuilder(ProcOp proc, OpBuilder &b) : proc(proc), b(b) {}
  FailureOr<amir::ProgramOp> run();

private:
  LogicalResult convertBlock(Block &block, bool inDevice);
  LogicalResult convertOp(Operation &op, bool inDevice);
  /// The amir-side value of an exo index (or an integer attribute).
  OpFoldResult mapIndex(OpFoldResult ofr);
  Value materialize(Location loc, OpFoldResult ofr);
  OpFoldResult add(Location loc, OpFoldResult a, OpFoldResult b);
  /// The dimension extents of a shaped exo type, as amir-side values.
  FailureOr<SmallVector<OpFoldResult>> getExtents(Operation *op,
                                                  ArrayRef<Attribute> dims);
  /// Emits an access record of `window` narrowed by `indices` (points);
  /// with `clip`, of the part of it inside its variable.
  LogicalResult emitAccess(Location loc, const WindowInfo &window,
                           ArrayRef<OpFoldResult> indices, bool read,
                           bool writeOnly, bool outOfOrder, bool atomic,
                           InstrTimeline tl, bool clip);
  /// The barrier expression indices of an exo sync op, mapped.
  void mapBarrierIndices(ArrayRef<int64_t> statics, ValueRange dynamics,
                         SmallVectorImpl<Value> &operands,
                         SmallVectorImpl<int64_t> &outStatics);

  ProcOp proc;
  OpBuilder &b;
  IRMapping map;
  DenseMap<Value, WindowInfo> windows;
};

OpFoldResult ProgramBuilder::mapIndex(OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    return map.lookupOrNull(v);
  auto attr = cast<IntegerAttr>(cast<Attribute>(ofr));
  return b.getIndexAttr(attr.getInt());
}

Value ProgramBuilder::materialize(Location loc, OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    return v;
  return arith::ConstantIndexOp::create(
      b, loc, cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
}

OpFoldResult ProgramBuilder::add(Location loc, OpFoldResult x, OpFoldResult y) {
  auto cx = dyn_cast<Attribute>(x), cy = dyn_cast<Attribute>(y);
  if (cx && cy)
    return b.getIndexAttr(cast<IntegerAttr>(cx).getInt() +
                          cast<IntegerAttr>(cy).getInt());
  if (cx && cast<IntegerAttr>(cx).getInt() == 0)
    return y;
  if (cy && cast<IntegerAttr>(cy).getInt() == 0)
    return x;
  return arith::AddIOp::create(b, loc, materialize(loc, x), materialize(loc, y))
      .getResult();
}

FailureOr<SmallVector<OpFoldResult>>
ProgramBuilder::getExtents(Operation *op, ArrayRef<Attribute> dims) {
  SmallVector<OpFoldResult> extents;
  for (Attribute d : dims) {
    if (auto i = dyn_cast<IntegerAttr>(d)) {
      extents.push_back(b.getIndexAttr(i.getInt()));
    } else if (auto name = dyn_cast<StringAttr>(d)) {
      BlockArgument size = proc.lookupSizeArg(name.getValue());
      if (!size)
        return op->emitOpError() << "unknown size '" << name.getValue() << "'";
      extents.push_back(map.lookup(size));
    } else {
      extents.push_back(b.getIndexAttr(-1)); // unbounded ring dimension
    }
  }
  return extents;
}

/// Splits mixed values into the static array and the dynamic operands.
static void dispatch(ArrayRef<OpFoldResult> values,
                     SmallVectorImpl<Value> &dynamics,
                     SmallVectorImpl<int64_t> &statics) {
  for (OpFoldResult ofr : values) {
    if (auto v = dyn_cast<Value>(ofr)) {
      dynamics.push_back(v);
      statics.push_back(ShapedType::kDynamic);
    } else {
      statics.push_back(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
    }
  }
}

LogicalResult ProgramBuilder::emitAccess(Location loc, const WindowInfo &window,
                                         ArrayRef<OpFoldResult> indices,
                                         bool read, bool writeOnly,
                                         bool outOfOrder, bool atomic,
                                         InstrTimeline tl, bool clip) {
  SmallVector<OpFoldResult> offsets = window.offsets, sizes = window.sizes;
  for (auto [i, index] : llvm::enumerate(indices)) {
    unsigned d = window.kept[i];
    offsets[d] = add(loc, offsets[d], index);
    sizes[d] = b.getIndexAttr(1);
  }
  QualTimeline initial;
  QualTimelineSet extended;
  getAccessQualTimelines(tl, window.memory, initial, extended);
  SmallVector<Attribute> ext;
  for (unsigned q = 0; q < 32; ++q)
    if (extended & (1u << q))
      ext.push_back(
          QualTimelineAttr::get(b.getContext(), static_cast<QualTimeline>(q)));
  SmallVector<Value> dynOffsets, dynSizes;
  SmallVector<int64_t> statOffsets, statSizes;
  dispatch(offsets, dynOffsets, statOffsets);
  dispatch(sizes, dynSizes, statSizes);
  ArrayAttr extAttr = b.getArrayAttr(ext);
  if (read)
    amir::ReadOp::create(b, loc, window.var, dynOffsets,
                         ArrayRef<int64_t>(statOffsets), dynSizes,
                         ArrayRef<int64_t>(statSizes), initial, extAttr,
                         outOfOrder, atomic, /*write_only=*/false, clip);
  else
    amir::MutateOp::create(b, loc, window.var, dynOffsets,
                           ArrayRef<int64_t>(statOffsets), dynSizes,
                           ArrayRef<int64_t>(statSizes), initial, extAttr,
                           outOfOrder, atomic, writeOnly, clip);
  return success();
}

void ProgramBuilder::mapBarrierIndices(ArrayRef<int64_t> statics,
                                       ValueRange dynamics,
                                       SmallVectorImpl<Value> &operands,
                                       SmallVectorImpl<int64_t> &outStatics) {
  unsigned next = 0;
  for (int64_t s : statics) {
    if (ShapedType::isDynamic(s))
      operands.push_back(map.lookup(dynamics[next++]));
    outStatics.push_back(s);
  }
}

/// Control values that only data computations used (a comparison selecting
/// a value, say), which the conversion dropped, go too: the analyses of the
/// program (docs/SymbolicChecking.md) then see only the control values that
/// statements use. A post-order walk meets each value before its users.
static void eraseUnusedControlValues(amir::ProgramOp program) {
  SmallVector<Operation *> arith;
  program.walk([&](Operation *op) {
    if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
      arith.push_back(op);
  });
  for (Operation *op : llvm::reverse(arith))
    if (op->use_empty())
      op->erase();
}

FailureOr<amir::ProgramOp> ProgramBuilder::run() {
  MLIRContext *ctx = proc.getContext();
  Location loc = proc.getLoc();
  SmallVector<Attribute> names;
  for (auto [i, type] : llvm::enumerate(proc.getArgumentTypes()))
    if (type.isIndex())
      names.push_back(b.getStringAttr(proc.getArgName(i)));
  auto program =
      amir::ProgramOp::create(b, loc, proc.getSymName(), b.getArrayAttr(names),
                              proc.getAssertionsAttr());
  Block *body = new Block();
  program.getBody().push_back(body);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments()))
    if (arg.getType().isIndex())
      map.map(arg, body->addArgument(b.getIndexType(), loc));
  // Array arguments are variables.
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    if (!isShapedData(arg.getType()))
      continue;
    FailureOr<SmallVector<OpFoldResult>> extents =
        getExtents(proc, getDimsOf(arg.getType()));
    if (failed(extents))
      return failure();
    SmallVector<Value> dyn;
    SmallVector<int64_t> stat;
    dispatch(*extents, dyn, stat);
    MemoryAttr mem = getMemoryOf(arg.getType());
    Value var = amir::AllocOp::create(
        b, loc, amir::VarType::get(ctx), proc.getArgName(i), dyn,
        b.getDenseI64ArrayAttr(stat), mem, TypeAttr(), mem.isHost(), Value(),
        IntegerAttr(), IntegerAttr(), IntegerAttr(),
        b.getI64IntegerAttr(getElementBytes(getElementTypeOf(arg.getType()))),
        IntegerAttr(), DenseI64ArrayAttr());
    WindowInfo info{var, mem.getKind(), {}, *extents, {}};
    for (unsigned d = 0; d < extents->size(); ++d) {
      info.offsets.push_back(b.getIndexAttr(0));
      info.kept.push_back(d);
    }
    windows[arg] = info;
  }
  if (failed(convertBlock(proc.getBodyBlock(), /*inDevice=*/false)))
    return failure();
  eraseUnusedControlValues(program);
  return program;
}

LogicalResult ProgramBuilder::convertBlock(Block &block, bool inDevice) {
  for (Operation &op : block)
    if (failed(convertOp(op, inDevice)))
      return failure();
  return success();
}

/// Creates a loop-like amir op's body and converts `src` into it.
template <typename LoopT, typename... Args>
static LogicalResult
buildLoop(OpBuilder &b, Location loc, IRMapping &map, Value srcIv, Block &src,
          function_ref<LogicalResult(Block &)> convert, Args &&...args) {
  auto loop = LoopT::create(b, loc, std::forward<Args>(args)...);
  Block *body = new Block();
  loop.getBody().push_back(body);
  map.map(srcIv, body->addArgument(b.getIndexType(), loc));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  return convert(src);
}

LogicalResult ProgramBuilder::convertOp(Operation &op, bool inDevice) {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  auto convertHere = [&](bool device) {
    return [this, device](Block &blk) { return convertBlock(blk, device); };
  };
  if (auto loop = dyn_cast<ForOp>(op)) {
    LoopModeAttr mode = loop.getMode();
    StringAttr name = b.getStringAttr(loop.getIterName());
    if (mode.isThreads())
      return buildLoop<amir::ThreadsForOp>(
          b, loc, map, loop.getInductionVar(), loop.getBodyBlock(),
          convertHere(inDevice), b.getI64IntegerAttr(loop.getStaticBounds()[1]),
          mode.getUnit(), name);
    Value lo = materialize(loc, mapIndex(loop.getLowerBound()));
    Value hi = materialize(loc, mapIndex(loop.getUpperBound()));
    if (mode.isTasks())
      return buildLoop<amir::TasksForOp>(b, loc, map, loop.getInductionVar(),
                                         loop.getBodyBlock(),
                                         convertHere(inDevice), lo, hi, name);
    return buildLoop<amir::SeqForOp>(b, loc, map, loop.getInductionVar(),
                                     loop.getBodyBlock(), convertHere(inDevice),
                                     lo, hi, name);
  }
  if (auto device = dyn_cast<DeviceFunctionOp>(op)) {
    auto dev = amir::DeviceOp::create(
        b, loc, b.getI64IntegerAttr(device.getClusterDim()),
        b.getI64IntegerAttr(device.getNumThreads()));
    Block *body = new Block();
    dev.getBody().push_back(body);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    return convertBlock(device.getBodyBlock(), /*inDevice=*/true);
  }
  if (auto warps = dyn_cast<WarpsOp>(op)) {
    int64_t lo = warps.getLo() ? *warps.getLo() : 0, hi = 0;
    bool absolute = static_cast<bool>(warps.getGroup());
    if (absolute) {
      auto device = getEnclosingDeviceFunction(warps);
      auto [first, count] = *device.lookupWarpGroup(*warps.getGroup());
      hi = first + (warps.getHi() ? *warps.getHi() : count);
      lo += first;
    } else {
      hi = *warps.getHi();
    }
    auto w = amir::WarpsOp::create(b, loc, absolute, lo, hi);
    Block *body = new Block();
    w.getBody().push_back(body);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    return convertBlock(warps.getBody().front(), inDevice);
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    Value cond = map.lookupOrNull(ifOp.getCondition());
    if (!cond)
      return ifOp.emitOpError()
             << "the sync checker needs guards on control values only";
    auto amirIf = amir::IfOp::create(b, loc, cond);
    amirIf.getThenRegion().push_back(new Block());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&amirIf.getThenRegion().front());
      if (failed(convertBlock(ifOp.getThenBlock(), inDevice)))
        return failure();
    }
    if (ifOp.hasElse()) {
      amirIf.getElseRegion().push_back(new Block());
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&amirIf.getElseRegion().front());
      if (failed(convertBlock(ifOp.getElseRegion().front(), inDevice)))
        return failure();
    }
    return success();
  }
  if (auto alloc = dyn_cast<AllocOp>(op)) {
    ArrayRef<Attribute> dims;
    MemoryAttr mem;
    TypeAttr barrier;
    if (auto bar = dyn_cast<BarrierType>(alloc.getType())) {
      dims = bar.getDims();
      barrier = TypeAttr::get(bar);
    } else {
      dims = getDimsOf(alloc.getType());
      mem = getMemoryOf(alloc.getType());
    }
    FailureOr<SmallVector<OpFoldResult>> extents = getExtents(alloc, dims);
    if (failed(extents))
      return failure();
    SmallVector<Value> dyn;
    SmallVector<int64_t> stat;
    dispatch(*extents, dyn, stat);
    Value guard;
    IntegerAttr ringDim, ringDepth;
    if (Value g = alloc.getGuard()) {
      auto tensor = cast<exo::TensorType>(alloc.getType());
      guard = map.lookupOrNull(g);
      for (unsigned d = 0; d < tensor.getRank(); ++d)
        if (int64_t depth = tensor.getRingDepth(d)) {
          ringDim = b.getI64IntegerAttr(d);
          ringDepth = b.getI64IntegerAttr(depth);
          break;
        }
    }
    IntegerAttr elementBytes;
    if (mem)
      elementBytes = b.getI64IntegerAttr(
          getElementBytes(getElementTypeOf(alloc.getType())));
    Value var = amir::AllocOp::create(
        b, loc, amir::VarType::get(ctx), alloc.getName(), dyn,
        b.getDenseI64ArrayAttr(stat), mem, barrier, mem && mem.isHost(), guard,
        ringDim, ringDepth,
        alloc->getAttrOfType<IntegerAttr>(ExoDialect::getArrivalsAttrName()),
        elementBytes,
        alloc->getAttrOfType<IntegerAttr>(ExoDialect::getCtaDimsAttrName()),
        alloc->getAttrOfType<DenseI64ArrayAttr>(
            ExoDialect::getOwnersAttrName()));
    map.map(alloc.getResult(), var);
    if (mem) {
      WindowInfo info{var, mem.getKind(), {}, *extents, {}};
      for (unsigned d = 0; d < extents->size(); ++d) {
        info.offsets.push_back(b.getIndexAttr(0));
        info.kept.push_back(d);
      }
      windows[alloc.getResult()] = info;
    }
    return success();
  }
  if (auto window = dyn_cast<WindowOp>(op)) {
    auto it = windows.find(window.getSource());
    if (it == windows.end())
      return window.emitOpError() << "unknown window source";
    WindowInfo info = it->second;
    SmallVector<unsigned> kept;
    for (auto [i, off, size] :
         llvm::enumerate(window.getMixedOffsets(), window.getStaticSizes())) {
      unsigned d = info.kept[i];
      if (size == WindowOp::kFull) {
        kept.push_back(d);
        continue;
      }
      info.offsets[d] = add(loc, info.offsets[d], mapIndex(off));
      info.sizes[d] = b.getIndexAttr(size == WindowOp::kPoint ? 1 : size);
      if (size != WindowOp::kPoint)
        kept.push_back(d);
    }
    info.kept = kept;
    windows[window.getResult()] = info;
    return success();
  }
  InstrTimeline inOrder =
      inDevice ? InstrTimeline::CudaInOrder : InstrTimeline::CpuInOrder;
  if (auto read = dyn_cast<ReadOp>(op)) {
    SmallVector<OpFoldResult> idx;
    for (OpFoldResult i : read.getMixedIndices())
      idx.push_back(mapIndex(i));
    return emitAccess(loc, windows.lookup(read.getSource()), idx,
                      /*read=*/true, false, false, false, inOrder,
                      isOobAccess(read));
  }
  auto access = dyn_cast<ElementAccessOpInterface>(op);
  if (access && access.writesElement()) {
    SmallVector<OpFoldResult> idx;
    for (OpFoldResult i : access.getAccessIndices())
      idx.push_back(mapIndex(i));
    return emitAccess(loc, windows.lookup(access.getTensor()), idx,
                      /*read=*/false,
                      /*writeOnly=*/!access.readsElement(), false, false,
                      inOrder, isOobAccess(&op));
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    auto callee = lookupCallee(call);
    if (!callee || !callee.isInstr())
      return call.emitOpError()
             << "the sync checker handles instruction calls only; inline @"
             << call.getCallee() << " first";
    InstrAttr instr = callee.getInstrAttr();
    Value trailing;
    SmallVector<Value> idx;
    SmallVector<int64_t> statics;
    if (call.getTrailing()) {
      trailing = map.lookup(call.getTrailing());
      mapBarrierIndices(call.getStaticTrailingIndices(),
                        call.getTrailingIndices(), idx, statics);
    }
    auto amirInstr =
        amir::InstrOp::create(b, loc, call.getCallee(), trailing, idx,
                              b.getDenseI64ArrayAttr(statics));
    amirInstr.getBody().push_back(new Block());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&amirInstr.getBody().front());
    for (auto [i, arg] : llvm::enumerate(call.getArgs())) {
      AccessAttr access = callee.getArgAccess(i);
      if (!access)
        continue;
      auto it = windows.find(arg);
      if (it == windows.end())
        return call.emitOpError() << "argument " << i << " is not a window";
      WindowInfo info = it->second;
      // Registers an instruction distributes (e.g. the two values of a
      // shuffle pair) are each accessed by their owner: one nested
      // threads_for per distributed dimension selects it.
      OpBuilder::InsertionGuard argGuard(b);
      ArrayRef<CollUnitAttr> units = access.getDistributed();
      if (!isRegisterMemory(info.memory))
        units = {};
      for (auto [d, unit] : llvm::enumerate(units)) {
        if (d >= info.kept.size())
          break;
        unsigned varDim = info.kept[0];
        auto extent = dyn_cast<Attribute>(info.sizes[varDim]);
        if (!extent)
          return call.emitOpError()
                 << "a distributed argument needs a constant extent";
        auto loop = amir::ThreadsForOp::create(
            b, loc, cast<IntegerAttr>(extent).getInt(), unit,
            b.getStringAttr(("slice" + Twine(d)).str()));
        Block *body = new Block();
        loop.getBody().push_back(body);
        Value iv = body->addArgument(b.getIndexType(), loc);
        b.setInsertionPointToStart(body);
        info.offsets[varDim] = add(loc, info.offsets[varDim], iv);
        info.sizes[varDim] = b.getIndexAttr(1);
        info.kept.erase(info.kept.begin());
      }
      // The part inside the variable only where the window is oob: the
      // parameter allowing one is not enough (a wgmma_store through a
      // window without oob stores every element, inside or not).
      bool clip = access.getOutOfBounds() && isOobView(arg);
      if (access.reads() &&
          failed(emitAccess(loc, info, {}, /*read=*/true, false,
                            access.getOutOfOrder(), access.getAtomic(),
                            instr.getTimeline(), clip)))
        return failure();
      if (access.writes() &&
          failed(emitAccess(loc, info, {}, /*read=*/false,
                            /*writeOnly=*/!access.reads(),
                            access.getOutOfOrder(), access.getAtomic(),
                            instr.getTimeline(), clip)))
        return failure();
    }
    return success();
  }
  if (auto fence = dyn_cast<FenceOp>(op)) {
    amir::FenceOp::create(b, loc, fence.getFirst(), fence.getSecond());
    return success();
  }
  if (auto arrive = dyn_cast<ArriveOp>(op)) {
    SmallVector<Value> idx;
    SmallVector<int64_t> statics;
    mapBarrierIndices(arrive.getStaticIndices(), arrive.getIndices(), idx,
                      statics);
    amir::ArriveOp::create(b, loc, arrive.getTimeline(),
                           map.lookup(arrive.getBarrier()), idx,
                           ArrayRef<int64_t>(statics), arrive.getNumTargets(),
                           arrive->getAttrOfType<DenseI64ArrayAttr>(
                               ExoDialect::getExpectTxAttrName()));
    return success();
  }
  if (auto await = dyn_cast<AwaitOp>(op)) {
    SmallVector<Value> idx;
    SmallVector<int64_t> statics;
    mapBarrierIndices(await.getStaticIndices(), await.getIndices(), idx,
                      statics);
    amir::AwaitOp::create(b, loc, map.lookup(await.getBarrier()), idx,
                          ArrayRef<int64_t>(statics), await.getTimeline(),
                          await.getPending());
    return success();
  }
  // Control values: index arithmetic is kept, data values are dropped.
  if (isa_and_nonnull<arith::ArithDialect>(op.getDialect())) {
    bool control = llvm::all_of(op.getResultTypes(), [](Type t) {
      return t.isIndex() || t.isInteger(1);
    });
    if (!control)
      return success();
    for (Value operand : op.getOperands())
      if (!map.contains(operand) && !operand.getType().isIndex() &&
          !operand.getType().isInteger(1))
        return success(); // computed from data: not a control value
    for (Value operand : op.getOperands())
      if (!map.contains(operand))
        return op.emitOpError()
               << "the sync checker needs control values computed from "
                  "sizes and loop iterators only";
    b.clone(op, map);
    return success();
  }
  // Other pure data computations (math.sqrt, math.isnan of data, ...) are
  // dropped like arith's: those without control results, and those computed
  // from data.
  auto isControlType = [](Type t) { return t.isIndex() || t.isInteger(1); };
  if (op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
      (llvm::none_of(op.getResultTypes(), isControlType) ||
       llvm::any_of(op.getOperands(), [&](Value v) {
         return !map.contains(v) && !isControlType(v.getType());
       })))
    return success();
  return op.emitOpError() << "has no abstract-machine meaning";
}

struct ConvertExoToAMIRPass
    : exo::impl::ConvertExoToAMIRBase<ConvertExoToAMIRPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ProcOp> procs(module.getOps<ProcOp>());
    OpBuilder b(module.getContext());
    b.setInsertionPointToEnd(module.getBody());
    for (ProcOp proc : procs) {
      bool hasDevice = false;
      proc.walk([&](DeviceFunctionOp) { hasDevice = true; });
      if (proc.isInstr() || !hasDevice)
        continue;
      ProgramBuilder builder(proc, b);
      if (failed(builder.run()))
        return signalPassFailure();
    }
    for (ProcOp proc : procs)
      proc.erase();
  }
};

} // namespace

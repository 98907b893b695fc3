//===- ExoToNVVM.cpp - Lower device functions to NVVM kernels -------------===//
//
// Part of the Exo-GPU project.
//
// Turns every exo proc that launches a device function into an `llvm.func`
// kernel (LLVM dialect + NVVM ops, scf for structure) inside one `gpu.module`
// targeting sm_90a; see ExoLowerToNVVM in Passes.td and docs/Lowering.md.
//
// The collective analysis gives every statement its threads; this file
// turns that concrete knowledge back into thread-index arithmetic:
//   - cuda_tasks nest -> a persistent loop over clusters;
//   - cuda_threads loops -> the iterator computed from the thread or CTA
//     index, plus a guard;
//   - named warp groups -> one branch per warpgroup with setmaxnreg, and
//     inside it one branch per named group (warp specialization);
//   - shared memory -> offsets in one dynamic buffer (a static allocator
//     that lets buffers with disjoint lifetimes alias), mbarriers first;
//   - synchronization and instructions -> NVVM ops or inline PTX.
// Anything without a lowering is an error at its location.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>
#include <map>

namespace exo {
#define GEN_PASS_DEF_EXOLOWERTONVVM
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

constexpr int64_t kWarpSize = 32;
constexpr int64_t kWarpgroupSize = 128;
/// Alignment of every shared-memory buffer (the 128-byte swizzle atom is
/// 1024 bytes).
constexpr int64_t kSmemAlign = 1024;

int64_t alignTo(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

/// Bytes of one element of an exo element type.
int64_t elementBytes(Type t) {
  if (t.isTF32())
    return 4;
  return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
}

/// The threads of one CTA in a collective part: a tid range when contiguous.
struct CtaPart {
  int64_t cta, lo, hi, count;
  bool contiguous() const { return hi - lo == count; }
  bool wholeWarps() const {
    return contiguous() && lo % kWarpSize == 0 && count % kWarpSize == 0;
  }
};

/// A tensor or window in device code: a root (allocation, argument or tensor
/// map) and the offsets of the window into it.
struct View {
  enum Kind { Global, Shared, Regs, TmaMap } kind;
  /// Global: !llvm.ptr<1>; Shared: !llvm.ptr<3> of the local storage;
  /// Regs: the alloca; TmaMap: the CUtensorMap parameter.
  Value base;
  Type elemType;
  MemoryAttr memory;
  unsigned numDistributed = 0;
  /// Per root dimension: extent (i64) and ring depth (0 if none).
  SmallVector<Value> extents;
  SmallVector<int64_t> staticExtents;
  SmallVector<int64_t> rings;
  /// Per root dimension: the window's offset (i64).
  SmallVector<Value> offsets;
  /// For each window dimension, its root dimension and static extent.
  SmallVector<unsigned> kept;
  SmallVector<int64_t> sizes;
  Operation *root = nullptr;
};

struct BarrierInfo {
  BarrierType type;
  unsigned numDistributed = 0;
  int64_t offset = 0;                // bytes from the shared base (mbarriers)
  int64_t numLocal = 1;              // mbarriers per CTA
  int64_t arrivals = 0;              // arrive count per phase (mbarriers)
  SmallVector<int64_t> localExtents; // physical, per local dimension
};

struct TensorMapParam {
  WindowOp window;
  unsigned argIndex; // the gmem tensor argument
};

class KernelLowering {
public:
  KernelLowering(ProcOp proc, DeviceFunctionOp device,
                 CollectiveAnalysis &analysis, OpBuilder &b)
      : proc(proc), device(device), ca(analysis), b(b), loc(device.getLoc()),
        ctx(proc.getContext()) {}

  /// Builds the kernel at the builder's insertion point (inside the
  /// gpu.module) and returns its launch description.
  FailureOr<DictionaryAttr> run();

private:
  // Types and constants.
  Type i1() { return b.getI1Type(); }
  Type i32() { return b.getI32Type(); }
  Type i64() { return b.getI64Type(); }
  Type ptr(unsigned as = 0) { return LLVM::LLVMPointerType::get(ctx, as); }
  Value cst(Type t, int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v));
  }
  Value c32(int64_t v) { return cst(i32(), v); }
  Value c64(int64_t v) { return cst(i64(), v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value inRange(Value x, int64_t lo, int64_t hi);
  Value toI32(Value v) {
    return v.getType() == i32() ? v : arith::TruncIOp::create(b, loc, i32(), v);
  }
  Value toI64(Value v) {
    return v.getType() == i64() ? v : arith::ExtUIOp::create(b, loc, i64(), v);
  }
  Value gepBytes(Value base, Value bytes) {
    return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                               ValueRange{bytes});
  }
  Value inlineAsm(Type result, ValueRange operands, StringRef text,
                  StringRef constraints);
  template <typename F> LogicalResult emitIf(Value cond, F &&then);
  /// Picks one of `values` (constants) by the CTA rank.
  Value selectByCta(ArrayRef<int64_t> values, Type t);

  // Structure.
  LogicalResult checkHostCode();
  LogicalResult planSharedMemory();
  LogicalResult computeBarrier(AllocOp alloc);
  LogicalResult emitBranches();
  LogicalResult lowerBlock(Block &block);
  LogicalResult lowerOp(Operation &op);
  LogicalResult lowerArith(Operation &op);
  LogicalResult lowerTasks(ForOp outer);
  LogicalResult lowerThreadsLoop(ForOp loop);
  LogicalResult lowerWarps(WarpsOp warps);
  LogicalResult lowerAlloc(AllocOp alloc);
  LogicalResult initBarriers(ArrayRef<AllocOp> allocs);
  LogicalResult lowerWindow(WindowOp window);
  LogicalResult lowerScalarAccess(Operation *op, Value array,
                                  SmallVector<OpFoldResult> indices,
                                  Value stored, bool reduce);
  LogicalResult lowerFence(FenceOp fence);
  LogicalResult lowerArrive(ArriveOp arrive);
  LogicalResult lowerAwait(AwaitOp await);
  LogicalResult lowerCall(CallOp call);
  /// Guards `body` so that only the threads of `instancesOf`'s instances
  /// run it.
  FailureOr<Value> guardFor(Operation *op, ArrayRef<CollectiveInstance> insts);

  // Instructions.
  LogicalResult emitTmaLoad(CallOp call, ProcOp callee);
  LogicalResult emitTmaStore(CallOp call, bool reduce);
  LogicalResult emitShuffleXorSum(CallOp call, int64_t laneMask);
  LogicalResult emitCpAsync(CallOp call, int64_t bytes);
  LogicalResult emitVectorGlobal(CallOp call, bool load);
  LogicalResult emitRedGlobalAdd(CallOp call);
  /// Checks that window `v` of a tensor map moves one box per issuing CTA
  /// (`split` CTAs share its first dimension).
  LogicalResult checkBox(CallOp call, const View &v, int64_t split);
  /// TMA coordinates (innermost first) of the box at row `rowOff` of `v`.
  SmallVector<Value> boxCoordinates(const View &v, Value rowOff);
  LogicalResult emitWgmmaZero(CallOp call);
  LogicalResult emitWgmma(CallOp call, NVVM::WGMMATypes type);
  LogicalResult emitWgmmaStore(CallOp call);

  // Helpers.
  Value index(OpFoldResult ofr);
  SmallVector<CtaPart> partsOf(const ThreadSet &threads) const;
  /// The mbarrier at barrier indices (local part) as a shared pointer.
  Value mbarrierAddress(AllocOp alloc, ArrayRef<OpFoldResult> indices);
  Value mbarrierParity(AllocOp alloc, ArrayRef<OpFoldResult> indices);
  Value elementOffset(const View &v, ArrayRef<Value> rootIdx);
  /// Root indices of view position `idx` (window coordinates).
  SmallVector<Value> rootIndices(const View &v, ArrayRef<Value> idx);
  Value sharedAddress(const View &v, ArrayRef<Value> idx);
  /// Whether the current thread is the first thread of its CTA part of the
  /// collective of `op` (an elected issuer), which must be one warp or one
  /// thread per CTA.
  FailureOr<Value> electedThread(Operation *op, StringRef what);
  /// Syncs the threads of one CTA part of `op`'s collective.
  LogicalResult syncCollective(Operation *op, StringRef what);
  FailureOr<AllocOp> barrierAlloc(Operation *user, Value barrier);

  ProcOp proc;
  DeviceFunctionOp device;
  CollectiveAnalysis &ca;
  OpBuilder &b;
  Location loc;
  MLIRContext *ctx;

  LLVM::LLVMFuncOp func;
  DenseMap<Value, Value> values;
  DenseMap<Value, View> views;
  DenseMap<Operation *, int64_t> smemOffsets;
  DenseMap<Operation *, BarrierInfo> barriers;
  DenseMap<Operation *, Value> regAllocas;
  std::map<std::pair<int64_t, int64_t>, int64_t> namedBarriers;
  SmallVector<TensorMapParam> tensorMaps;
  /// Gmem arguments the launcher zeroes before the launch.
  SmallVector<int64_t> memsets;
  int64_t smemBytes = 0;
  int64_t blockDim = 0, clusterDim = 1;
  std::string currentGroup;
  /// The thread indices (within a CTA) that can reach the code being
  /// emitted: the warp-specialization branch's warps. Guards resolve
  /// statically against it (a guard that every reachable thread passes is
  /// dropped, one no reachable thread passes skips its body), so a branch
  /// holds no code, and keeps no registers alive, for other warpgroups.
  int64_t knownLo = 0, knownHi = INT64_MAX;
  bool hasGroups = false;

  // Per-thread values, valid in the kernel body.
  Value tid, cta, lane, warp, smemBase;
};

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

Value KernelLowering::inRange(Value x, int64_t lo, int64_t hi) {
  Type t = x.getType();
  Value ge =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, x, cst(t, lo));
  Value lt =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, cst(t, hi));
  return andI(ge, lt);
}

Value KernelLowering::inlineAsm(Type result, ValueRange operands,
                                StringRef text, StringRef constraints) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, result, operands, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT), ArrayAttr());
  return result ? op.getResult(0) : Value();
}

template <typename F>
LogicalResult KernelLowering::emitIf(Value cond, F &&then) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  return then();
}

Value KernelLowering::selectByCta(ArrayRef<int64_t> values, Type t) {
  Value result = cst(t, values.back());
  for (int64_t c = static_cast<int64_t>(values.size()) - 2; c >= 0; --c) {
    if (values[c] == values.back() && result.getDefiningOp() &&
        isa<arith::ConstantOp>(result.getDefiningOp()))
      continue;
    result = arith::SelectOp::create(b, loc, eq(cta, c32(c)), cst(t, values[c]),
                                     result);
  }
  return result;
}

Value KernelLowering::index(OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    return values.lookup(v);
  return c64(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
}

SmallVector<CtaPart> KernelLowering::partsOf(const ThreadSet &threads) const {
  SmallVector<CtaPart> parts;
  for (int64_t c = 0; c < clusterDim; ++c) {
    CtaPart p{c, -1, -1, 0};
    for (int64_t t = 0; t < blockDim; ++t) {
      if (!threads.test(c * blockDim + t))
        continue;
      if (p.lo < 0)
        p.lo = t;
      p.hi = t + 1;
      ++p.count;
    }
    if (p.count)
      parts.push_back(p);
  }
  return parts;
}

//===----------------------------------------------------------------------===//
// Host code, kernel signature, shared memory
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::checkHostCode() {
  for (Operation &op : proc.getBodyBlock()) {
    if (&op == device.getOperation())
      continue;
    if (isa<arith::ArithDialect>(op.getDialect()))
      continue;
    if (auto window = dyn_cast<WindowOp>(op)) {
      MemoryAttr mem = getMemoryOf(window.getType());
      auto arg = dyn_cast<BlockArgument>(window.getSource());
      if (mem.getKind() != MemoryKind::TmaMap || !arg ||
          arg.getOwner() != &proc.getBodyBlock())
        return window.emitOpError()
               << "in host code must encode a tensor map of a gmem argument "
                  "to be lowered";
      for (int64_t s : window.getStaticSizes())
        if (s != WindowOp::kFull)
          return window.emitOpError()
                 << "encodes a tensor map of part of a tensor; only whole "
                    "tensors (`[:, :]`) are lowered";
      tensorMaps.push_back({window, arg.getArgNumber()});
      continue;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<ProcOp>(
          call, call.getCalleeAttr());
      if (callee && callee.isInstr() &&
          callee.getInstrAttr().getLowering().getValue() == "cuda_memset0") {
        if (!call->isBeforeInBlock(device))
          return call.emitOpError() << "zeroes memory after the device "
                                       "function; the launcher can only do "
                                       "it before the launch";
        SmallVector<Value> arrays;
        for (Value a : call.getArgs())
          if (isShapedData(a.getType()))
            arrays.push_back(a);
        auto arg = arrays.size() == 1 ? dyn_cast<BlockArgument>(arrays[0])
                                      : BlockArgument();
        if (!arg || arg.getOwner() != &proc.getBodyBlock() ||
            getMemoryOf(arg.getType()).getKind() != MemoryKind::Gmem)
          return call.emitOpError() << "must zero one whole gmem argument of "
                                       "the proc to be lowered (by the "
                                       "launcher, before the launch)";
        memsets.push_back(arg.getArgNumber());
        continue;
      }
    }
    return op.emitOpError() << "in host code has no GPU lowering (host code "
                               "may only compute sizes, encode tensor maps "
                               "and zero gmem arguments before the launch)";
  }
  return success();
}

LogicalResult KernelLowering::computeBarrier(AllocOp alloc) {
  auto type = cast<BarrierType>(alloc.getType());
  BarrierInfo info;
  info.type = type;
  info.numDistributed = ca.getNumDistributedDims(alloc).value_or(0);
  for (unsigned d = info.numDistributed; d < type.getRank(); ++d) {
    int64_t depth = type.getRingDepth(d);
    auto extent = dyn_cast<IntegerAttr>(type.getDims()[d]);
    if (depth) {
      info.localExtents.push_back(depth);
    } else if (extent) {
      info.localExtents.push_back(extent.getInt());
    } else {
      return alloc.emitOpError()
             << "barrier dimension " << d
             << " has no constant extent; on-chip barriers need one";
    }
    info.numLocal *= info.localExtents.back();
  }
  if (type.getKind() != BarrierKind::Mbarrier) {
    barriers[alloc] = info;
    return success();
  }
  // Arrivals per phase: one per warp for arrives by whole warps, one per
  // thread otherwise, for each CTA the arrive signals.
  std::optional<int64_t> count;
  for (Operation *user : alloc.getResult().getUsers()) {
    auto arrive = dyn_cast<ArriveOp>(user);
    if (!arrive)
      continue;
    ArrayRef<CollectiveInstance> insts = ca.getInstances(arrive);
    ArrayRef<uint64_t> masks = ca.getMulticastMasks(arrive);
    std::vector<int64_t> perCta(clusterDim, 0);
    for (auto [i, inst] : llvm::enumerate(insts)) {
      uint64_t mask = i < masks.size() ? masks[i] : 0;
      for (const CtaPart &p : partsOf(inst.threads)) {
        int64_t units = p.wholeWarps() ? p.count / kWarpSize : p.count;
        uint64_t targets = mask ? mask : (uint64_t(1) << p.cta);
        for (int64_t d = 0; d < clusterDim; ++d)
          if (targets & (uint64_t(1) << d))
            perCta[d] += units;
      }
    }
    for (int64_t n : perCta) {
      if (n == 0)
        continue;
      if (count && *count != n)
        return arrive.emitOpError()
               << "makes the elements of this mbarrier receive different "
                  "numbers "
                  "of arrivals per phase ("
               << *count << " and " << n
               << ", counting this and the other arrives on it); one "
                  "mbarrier.init count cannot fit both";
      count = n;
    }
  }
  if (!count)
    return alloc.emitOpError() << "is an mbarrier that is never arrived on";
  info.arrivals = *count;
  barriers[alloc] = info;
  return success();
}

LogicalResult KernelLowering::planSharedMemory() {
  // Number every op in pre-order; a buffer lives from its allocation to the
  // end of the last op of its block that uses it.
  DenseMap<Operation *, int64_t> pos, endPos;
  int64_t n = 0;
  std::function<void(Operation *)> number = [&](Operation *op) {
    pos[op] = n++;
    for (Region &r : op->getRegions())
      for (Block &blk : r)
        for (Operation &inner : blk)
          number(&inner);
    endPos[op] = n - 1;
  };
  number(device);

  int64_t barrierBytes = 0;
  struct Buffer {
    AllocOp alloc;
    int64_t bytes, start, end;
  };
  SmallVector<Buffer> buffers;
  WalkResult walk = device.walk([&](AllocOp alloc) -> WalkResult {
    if (isa<BarrierType>(alloc.getType())) {
      if (failed(computeBarrier(alloc)))
        return WalkResult::interrupt();
      BarrierInfo &info = barriers[alloc];
      if (info.type.getKind() == BarrierKind::Mbarrier) {
        info.offset = barrierBytes;
        barrierBytes += 8 * info.numLocal;
      }
      return WalkResult::advance();
    }
    auto tensor = cast<exo::TensorType>(alloc.getType());
    MemoryAttr mem = tensor.getMemory();
    unsigned nd = ca.getNumDistributedDims(alloc).value_or(0);
    int64_t elems = 1;
    for (unsigned d = nd; d < tensor.getRank(); ++d) {
      int64_t depth = tensor.getRingDepth(d);
      if (depth) {
        elems *= depth;
        continue;
      }
      if (!tensor.isStaticDim(d))
        return alloc.emitOpError() << "needs a constant extent for dimension "
                                   << d << " to be placed in on-chip memory";
      elems *= tensor.getStaticDim(d);
    }
    int64_t bytes = elems * elementBytes(tensor.getElementType());
    if (!mem.isShared())
      return WalkResult::advance();
    int64_t end = pos[alloc];
    Block *home = alloc->getBlock();
    SmallVector<Value> worklist{alloc.getResult()};
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (auto w = dyn_cast<WindowOp>(user))
          worklist.push_back(w.getResult());
        Operation *anc = home->findAncestorOpInBlock(*user);
        if (anc)
          end = std::max(end, endPos[anc]);
      }
    }
    buffers.push_back({alloc, bytes, pos[alloc], end});
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  int64_t dataStart = alignTo(barrierBytes, kSmemAlign);
  struct Placed {
    int64_t offset, bytes, start, end;
  };
  SmallVector<Placed> placed;
  int64_t top = dataStart;
  for (Buffer &buf : buffers) {
    // First fit among the buffers whose lifetimes overlap.
    SmallVector<std::pair<int64_t, int64_t>> busy;
    for (Placed &p : placed)
      if (p.start <= buf.end && buf.start <= p.end)
        busy.push_back({p.offset, p.offset + p.bytes});
    llvm::sort(busy);
    int64_t offset = dataStart;
    for (auto [lo, hi] : busy) {
      if (offset + buf.bytes <= lo)
        break;
      offset = std::max(offset, alignTo(hi, kSmemAlign));
    }
    placed.push_back({offset, buf.bytes, buf.start, buf.end});
    smemOffsets[buf.alloc] = offset;
    top = std::max(top, offset + buf.bytes);
  }
  // One extra alignment unit: the dynamic buffer is aligned at run time.
  smemBytes = top == 0 ? 0 : top + kSmemAlign;
  constexpr int64_t kMaxSmem = 227 * 1024;
  if (smemBytes > kMaxSmem)
    return device.emitOpError()
           << "needs " << smemBytes
           << " bytes of shared memory per CTA (including barriers and "
              "alignment), more than the "
           << kMaxSmem << " an sm_90a CTA may use";
  return success();
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

FailureOr<DictionaryAttr> KernelLowering::run() {
  blockDim = device.getNumThreads();
  clusterDim = device.getClusterDim();
  if (failed(checkHostCode()) || failed(planSharedMemory()))
    return failure();

  // Signature: the proc's arguments, then one CUtensorMap per tensor map.
  SmallVector<Type> argTypes;
  SmallVector<Attribute> params;
  for (auto [i, t] : llvm::enumerate(proc.getArgumentTypes())) {
    StringRef name = proc.getArgName(i);
    if (t.isIndex()) {
      argTypes.push_back(i64());
      params.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("name", b.getStringAttr(name)),
           b.getNamedAttr("kind", b.getStringAttr("index"))}));
    } else if (isShapedData(t) &&
               getMemoryOf(t).getKind() == MemoryKind::Gmem) {
      argTypes.push_back(ptr(1));
      params.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("name", b.getStringAttr(name)),
           b.getNamedAttr("kind", b.getStringAttr("gmem")),
           b.getNamedAttr("element", TypeAttr::get(getElementTypeOf(t))),
           b.getNamedAttr("dims", b.getArrayAttr(getDimsOf(t)))}));
    } else if (t.isF32() || t.isInteger(32)) {
      argTypes.push_back(t);
      params.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("name", b.getStringAttr(name)),
           b.getNamedAttr("kind", b.getStringAttr("scalar")),
           b.getNamedAttr("element", TypeAttr::get(t))}));
    } else {
      return proc.emitOpError()
             << "argument '" << name << "' of type " << t
             << " cannot be passed to a GPU kernel (index, f32, i32 and gmem "
                "tensors can)";
    }
  }
  for (TensorMapParam &tm : tensorMaps) {
    argTypes.push_back(ptr());
    MemoryAttr mem = getMemoryOf(tm.window.getType());
    Type source = tm.window.getSource().getType();
    params.push_back(b.getDictionaryAttr(
        {b.getNamedAttr(
             "name",
             b.getStringAttr(proc.getArgName(tm.argIndex).str() + "_map")),
         b.getNamedAttr("kind", b.getStringAttr("tensor_map")),
         b.getNamedAttr("tensor", b.getI64IntegerAttr(tm.argIndex)),
         b.getNamedAttr("element", TypeAttr::get(getElementTypeOf(source))),
         b.getNamedAttr("dims", b.getArrayAttr(getDimsOf(source))),
         b.getNamedAttr("box", b.getDenseI64ArrayAttr(mem.getBox())),
         b.getNamedAttr("swizzle", b.getI64IntegerAttr(mem.getSwizzle()))}));
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
    MemoryKind kind = tensor.getMemory().getKind();
    if (kind != MemoryKind::WgmmaAccum && kind != MemoryKind::Regs)
      return alloc.emitOpError()
             << "allocates " << stringifyMemoryKind(kind)
             << " memory in device code, which has no GPU lowering";
    unsigned nd = ca.getNumDistributedDims(alloc).value_or(0);
    int64_t elems = 1;
    for (unsigned d = nd; d < tensor.getRank(); ++d)
      elems *= tensor.getStaticDim(d);
    Type elem = tensor.getElementType();
    if (kind == MemoryKind::WgmmaAccum) {
      if (tensor.getRank() - nd != 2 || tensor.getStaticDim(nd) != 64 ||
          !elem.isF32())
        return alloc.emitOpError()
               << "a wgmma accumulator must be a 64 x N f32 tile per "
                  "warpgroup after its distributed dimensions";
      elems /= kWarpgroupSize;
      SmallVector<Type> fields(elems, elem);
      regAllocas[alloc] = LLVM::AllocaOp::create(
          b, loc, ptr(), LLVM::LLVMStructType::getLiteral(ctx, fields), c32(1),
          16);
      return WalkResult::advance();
    }
    Type arr = LLVM::LLVMArrayType::get(elem, elems);
    regAllocas[alloc] = LLVM::AllocaOp::create(b, loc, ptr(), arr, c32(1), 16);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  // Host-side scalars are recomputed in the kernel.
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    Type t = arg.getType();
    if (t.isIndex() || t.isF32() || t.isInteger(32)) {
      values[arg] = entry->getArgument(i);
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
  LLVM::ReturnOp::create(b, loc, ValueRange());

  SmallVector<NamedAttribute> info{
      b.getNamedAttr("name", b.getStringAttr(proc.getSymName())),
      b.getNamedAttr("block_dim", b.getI64IntegerAttr(blockDim)),
      b.getNamedAttr("cluster_dim", b.getI64IntegerAttr(clusterDim)),
      b.getNamedAttr("blocks_per_sm",
                     b.getI64IntegerAttr(device.getBlocksPerSm())),
      b.getNamedAttr("smem_bytes", b.getI64IntegerAttr(smemBytes)),
      b.getNamedAttr("params", b.getArrayAttr(params))};
  if (IntegerSetAttr req = proc.getAssertionsAttr())
    info.push_back(b.getNamedAttr("requires", req));
  if (!memsets.empty())
    info.push_back(
        b.getNamedAttr("zero_before_launch", b.getDenseI64ArrayAttr(memsets)));
  return b.getDictionaryAttr(info);
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
        LogicalResult body = emitIf(inRange(warp, lo, hi), [&] {
          return lowerBlock(device.getBodyBlock());
        });
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
    if (failed(flush()))
      return failure();
    if (failed(lowerOp(op)))
      return failure();
  }
  return flush();
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
  for (Type t : op.getResultTypes())
    if (t.isTF32() || isa<exo::ExoDialect>(t.getDialect()))
      return op.emitOpError() << "has no GPU lowering for type " << t;
  OperationState state(loc, op.getName());
  for (Value v : op.getOperands()) {
    Value m = values.lookup(v);
    if (!m)
      return op.emitOpError() << "uses a value that is not available in the "
                                 "kernel";
    state.operands.push_back(m);
  }
  for (Type t : op.getResultTypes())
    state.types.push_back(convert(t));
  state.attributes = op.getAttrs();
  Operation *clone = b.create(state);
  for (auto [from, to] : llvm::zip(op.getResults(), clone->getResults()))
    values[from] = to;
  return success();
}

LogicalResult KernelLowering::lowerOp(Operation &op) {
  loc = op.getLoc();
  if (isa<arith::ArithDialect>(op.getDialect()))
    return lowerArith(op);
  if (auto loop = dyn_cast<ForOp>(op)) {
    LoopModeAttr mode = loop.getMode();
    if (mode.isThreads())
      return lowerThreadsLoop(loop);
    if (!mode.isSeq())
      return lowerTasks(loop);
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
  return op.emitOpError() << "has no GPU lowering";
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
  for (int64_t i = static_cast<int64_t>(nest.size()) - 1; i >= 0; --i) {
    Value iv = arith::RemUIOp::create(b, loc, rest, trips[i]);
    rest = arith::DivUIOp::create(b, loc, rest, trips[i]);
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
  // needed when the task has none, or ends with that fence itself.
  bool shared = false;
  body.walk([&](AllocOp alloc) {
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
    if (clusterDim > 1) {
      NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
      NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
    } else {
      inlineAsm(Type(), {}, "barrier.sync 0;", "");
    }
  }
  return success();
}

FailureOr<Value> KernelLowering::guardFor(Operation *op,
                                          ArrayRef<CollectiveInstance> insts) {
  // The union of the instances' threads must be a tid range times a CTA
  // range.
  ThreadSet all(clusterDim * blockDim);
  for (const CollectiveInstance &inst : insts)
    all |= inst.threads;
  SmallVector<CtaPart> parts = partsOf(all);
  if (parts.empty())
    return Value();
  for (const CtaPart &p : parts)
    if (!p.contiguous() || p.lo != parts.front().lo || p.hi != parts.front().hi)
      return op->emitOpError()
             << "runs on threads that are not one range of thread indices in "
                "each of its CTAs ("
             << ca.describe(all) << "); it cannot be guarded";
  if (parts.back().cta - parts.front().cta + 1 !=
      static_cast<int64_t>(parts.size()))
    return op->emitOpError() << "runs on a set of CTAs that is not a range ("
                             << ca.describe(all) << ")";
  // Against the threads that can reach this point (the warp-specialization
  // branch): no reachable thread runs it, or every one does.
  int64_t lo = parts.front().lo, hi = parts.front().hi;
  if (hi <= knownLo || lo >= knownHi)
    return Value();
  Value cond = lo <= knownLo && hi >= knownHi
                   ? Value(arith::ConstantIntOp::create(b, loc, 1, 1))
                   : inRange(tid, lo, hi);
  if (static_cast<int64_t>(parts.size()) != clusterDim)
    cond = andI(cond, inRange(cta, parts.front().cta, parts.back().cta + 1));
  return cond;
}

LogicalResult KernelLowering::lowerThreadsLoop(ForOp loop) {
  Block &body = loop.getBodyBlock();
  if (body.empty())
    return success();
  ArrayRef<CollectiveInstance> insts = ca.getInstances(&body.front());
  if (insts.empty())
    return success(); // never reached
  Value iv = loop.getInductionVar();
  int64_t lb = loop.getStaticBounds()[0];
  int64_t n = loop.getStaticBounds()[1] - lb;
  Value ivValue;
  if (n == 1) {
    ivValue = c64(lb);
  } else {
    // Fit iv = (x - base) / span with x the thread index or the CTA rank.
    struct Sample {
      int64_t cta, tid, iv;
    };
    SmallVector<Sample> samples;
    for (const CollectiveInstance &inst : insts) {
      int64_t i = *inst.lookup(iv) - lb;
      for (const CtaPart &p : partsOf(inst.threads))
        for (int64_t t = p.lo; t < p.hi; ++t)
          if (inst.threads.test(p.cta * blockDim + t))
            samples.push_back({p.cta, t, i});
    }
    auto fit = [&](bool byCta, int64_t &base, int64_t &span) {
      int64_t min0 = INT64_MAX, min1 = INT64_MAX;
      for (const Sample &s : samples) {
        int64_t x = byCta ? s.cta : s.tid;
        if (s.iv == 0)
          min0 = std::min(min0, x);
        if (s.iv == 1)
          min1 = std::min(min1, x);
      }
      if (min0 == INT64_MAX || min1 == INT64_MAX || min1 <= min0)
        return false;
      base = min0;
      span = min1 - min0;
      return llvm::all_of(samples, [&](const Sample &s) {
        int64_t x = byCta ? s.cta : s.tid;
        return x >= base && (x - base) / span % n == s.iv;
      });
    };
    int64_t base, span;
    bool byCta = false;
    if (!fit(/*byCta=*/false, base, span))
      byCta = fit(/*byCta=*/true, base, span);
    if (!byCta && !fit(/*byCta=*/false, base, span))
      return loop.emitOpError()
             << "assigns threads to iterations in a way that is not ((thread "
                "index - base) / span) mod n or ((CTA rank - base) / span) "
                "mod n; it has no lowering";
    Value rel = arith::SubIOp::create(b, loc, byCta ? cta : tid, c32(base));
    Value q = arith::DivUIOp::create(b, loc, rel, c32(span));
    // The modulo is only needed when some thread lies past the n-th span.
    bool wraps = llvm::any_of(samples, [&](const Sample &smp) {
      return ((byCta ? smp.cta : smp.tid) - base) / span >= n;
    });
    if (wraps)
      q = arith::RemUIOp::create(b, loc, q, c32(n));
    ivValue = add(toI64(q), c64(lb));
  }
  FailureOr<Value> cond = guardFor(loop, insts);
  if (failed(cond))
    return failure();
  values[iv] = ivValue;
  if (!*cond)
    return success();
  return emitIf(*cond, [&] { return lowerBlock(body); });
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
  FailureOr<Value> cond = guardFor(warps, ca.getInstances(&body.front()));
  if (failed(cond))
    return failure();
  if (!*cond)
    return success();
  return emitIf(*cond, [&] { return lowerBlock(body); });
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerAlloc(AllocOp alloc) {
  auto type = dyn_cast<exo::TensorType>(alloc.getType());
  if (!type)
    return success(); // commit groups and cluster syncs have no storage
  View v;
  v.elemType = type.getElementType();
  v.memory = type.getMemory();
  v.numDistributed = ca.getNumDistributedDims(alloc).value_or(0);
  v.root = alloc;
  if (v.memory.isShared()) {
    v.kind = View::Shared;
    v.base = gepBytes(smemBase, c64(smemOffsets.lookup(alloc)));
  } else {
    v.kind = View::Regs;
    v.base = regAllocas.lookup(alloc);
    // A fresh allocation holds nothing: storing poison ends the previous
    // contents' live range here, so a register array that a guard skips
    // (another warpgroup's accumulator in a ping-pong kernel) is not kept
    // alive across the rest of the task.
    auto slot = v.base.getDefiningOp<LLVM::AllocaOp>();
    LLVM::StoreOp::create(
        b, loc, LLVM::PoisonOp::create(b, loc, slot.getElemType()), v.base);
  }
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t depth = type.getRingDepth(d);
    int64_t extent = depth ? depth : type.getStaticDim(d);
    v.extents.push_back(c64(extent));
    v.staticExtents.push_back(extent);
    v.rings.push_back(depth);
    v.offsets.push_back(c64(0));
    v.kept.push_back(d);
    v.sizes.push_back(depth ? ShapedType::kDynamic : type.getStaticDim(d));
  }
  views[alloc.getResult()] = v;
  return success();
}

LogicalResult KernelLowering::lowerWindow(WindowOp window) {
  auto it = views.find(window.getSource());
  if (it == views.end())
    return window.emitOpError() << "takes a window of an array that has no "
                                   "lowering in device code";
  View v = it->second;
  View w = v;
  w.kept.clear();
  w.sizes.clear();
  for (auto [j, off, size] :
       llvm::enumerate(window.getMixedOffsets(), window.getStaticSizes())) {
    unsigned d = v.kept[j];
    w.offsets[d] = add(v.offsets[d], index(off));
    if (size == WindowOp::kPoint)
      continue;
    w.kept.push_back(d);
    w.sizes.push_back(size == WindowOp::kFull ? v.sizes[j] : size);
  }
  views[window.getResult()] = w;
  return success();
}

SmallVector<Value> KernelLowering::rootIndices(const View &v,
                                               ArrayRef<Value> idx) {
  SmallVector<Value> root(v.offsets.begin(), v.offsets.end());
  for (auto [j, d] : llvm::enumerate(v.kept))
    root[d] = add(root[d], idx[j]);
  return root;
}

Value KernelLowering::elementOffset(const View &v, ArrayRef<Value> rootIdx) {
  Value offset = c64(0);
  for (unsigned d = v.numDistributed; d < rootIdx.size(); ++d) {
    Value i = rootIdx[d];
    if (v.rings[d])
      i = arith::RemUIOp::create(b, loc, i, c64(v.rings[d]));
    offset = add(mul(offset, v.extents[d]), i);
  }
  return offset;
}

Value KernelLowering::sharedAddress(const View &v, ArrayRef<Value> idx) {
  Value elems = elementOffset(v, rootIndices(v, idx));
  return gepBytes(v.base, mul(elems, c64(elementBytes(v.elemType))));
}

LogicalResult KernelLowering::lowerScalarAccess(Operation *op, Value array,
                                                SmallVector<OpFoldResult> idx,
                                                Value stored, bool reduce) {
  auto it = views.find(array);
  if (it == views.end())
    return op->emitOpError() << "accesses an array with no device lowering";
  const View &v = it->second;
  if (v.kind == View::TmaMap || v.memory.getSwizzle() ||
      v.memory.getKind() == MemoryKind::WgmmaAccum)
    return op->emitOpError()
           << "accesses " << stringifyMemoryKind(v.memory.getKind())
           << " memory element by element; only instructions may";
  SmallVector<Value> indices;
  for (OpFoldResult i : idx)
    indices.push_back(index(i));
  Value elems = elementOffset(v, rootIndices(v, indices));
  Value bytes = mul(elems, c64(elementBytes(v.elemType)));
  Value p = gepBytes(v.base, bytes);
  Type t = v.elemType;
  if (t.isTF32())
    t = b.getF32Type();
  if (!stored) {
    values[op->getResult(0)] = LLVM::LoadOp::create(b, loc, t, p);
    return success();
  }
  if (reduce) {
    Value old = LLVM::LoadOp::create(b, loc, t, p);
    stored = isa<FloatType>(t)
                 ? Value(arith::AddFOp::create(b, loc, old, stored))
                 : Value(arith::AddIOp::create(b, loc, old, stored));
  }
  LLVM::StoreOp::create(b, loc, stored, p);
  return success();
}

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

LogicalResult KernelLowering::initBarriers(ArrayRef<AllocOp> allocs) {
  // Every thread of the cluster reaches this point: make the previous
  // uses of the storage complete, initialize, and publish the init.
  for (AllocOp alloc : llvm::to_vector(allocs)) {
    ArrayRef<CollectiveInstance> insts = ca.getInstances(alloc);
    for (const CollectiveInstance &inst : insts)
      if (!inst.threads.all())
        return alloc.emitOpError()
               << "allocates mbarriers in a collective smaller than the "
                  "cluster ("
               << ca.describe(inst.threads)
               << "); their initialization needs every thread";
  }
  auto clusterSync = [&] {
    if (clusterDim > 1) {
      NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
      NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
    } else {
      inlineAsm(Type(), {}, "barrier.sync 0;", "");
    }
  };
  AllocOp first = allocs.front();
  loc = first.getLoc();
  bool inLoop = first->getParentOfType<ForOp>() != nullptr;
  if (inLoop)
    clusterSync();
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
  clusterSync();
  return success();
}

FailureOr<Value> KernelLowering::electedThread(Operation *op, StringRef what) {
  bool singles = false, warps = false;
  for (const CollectiveInstance &inst : ca.getInstances(op))
    for (const CtaPart &p : partsOf(inst.threads)) {
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
  // A single thread issues for itself; a warp issues from lane 0.
  return singles ? cst(i1(), 1) : eq(lane, c32(0));
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
    for (const CtaPart &p : partsOf(inst.threads)) {
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
  if (wholeCluster && clusterDim > 1) {
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
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
  auto generic = [](SyncTimeline t) {
    return t == SyncTimeline::CudaInOrder || t == SyncTimeline::CudaTemporal ||
           t == SyncTimeline::CudaGenericAndAsyncProxy;
  };
  if (!generic(first) || !generic(second))
    return fence.emitOpError()
           << "Fence(" << stringifySyncTimeline(first) << ", "
           << stringifySyncTimeline(second) << ") has no lowering";
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
  case BarrierKind::BulkGroup: {
    FailureOr<Value> elected = electedThread(arrive, "a bulk-group commit");
    if (failed(elected))
      return failure();
    return emitIf(*elected, [&] {
      NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
      return success();
    });
  }
  case BarrierKind::CpAsyncGroup:
    NVVM::CpAsyncCommitGroupOp::create(b, loc);
    return success();
  case BarrierKind::ClusterSync:
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    return success();
  case BarrierKind::Mbarrier:
    break;
  }

  // Which CTAs each instance signals, and the transaction bytes it
  // expects there: those of the instructions with this trailing barrier
  // that the same threads issued earlier in the enclosing loop body.
  ArrayRef<CollectiveInstance> insts = ca.getInstances(arrive);
  ArrayRef<uint64_t> masks = ca.getMulticastMasks(arrive);
  std::vector<int64_t> maskByCta(clusterDim, -1);
  std::vector<std::vector<int64_t>> tx(clusterDim,
                                       std::vector<int64_t>(clusterDim, 0));
  bool wholeWarps = true;
  SmallVector<CallOp> txCalls;
  {
    // The innermost enclosing sequential (or task) loop: one phase.
    Operation *scope = arrive->getParentOp();
    while (!isa<DeviceFunctionOp>(scope) &&
           !(isa<ForOp>(scope) && !cast<ForOp>(scope).getMode().isThreads()))
      scope = scope->getParentOp();
    bool reached = false;
    scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == arrive.getOperation())
        reached = true;
      auto call = dyn_cast<CallOp>(op);
      if (!reached && call && call.getTrailing() == arrive.getBarrier())
        txCalls.push_back(call);
    });
  }
  for (auto [i, inst] : llvm::enumerate(insts)) {
    uint64_t mask = i < masks.size() ? masks[i] : 0;
    for (const CtaPart &p : partsOf(inst.threads)) {
      if (!p.wholeWarps())
        wholeWarps = false;
      int64_t m = mask ? mask : (int64_t(1) << p.cta);
      if (maskByCta[p.cta] >= 0 && maskByCta[p.cta] != m)
        return arrive.emitOpError()
               << "signals different CTAs from CTA " << p.cta
               << " in different instances; no lowering";
      maskByCta[p.cta] = m;
      for (CallOp call : txCalls) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<ProcOp>(
            call, call.getCalleeAttr());
        ArrayRef<uint64_t> callMasks = ca.getMulticastMasks(call);
        for (auto [ci, cinst] : llvm::enumerate(ca.getInstances(call))) {
          ThreadSet mine = cinst.threads;
          mine &= inst.threads;
          bool inCta = false;
          for (const CtaPart &cp : partsOf(mine))
            inCta |= cp.cta == p.cta;
          if (!inCta)
            continue;
          // Bytes of the destination window split over the issuing CTAs.
          Type dst = call.getArgs()[0].getType();
          int64_t bytes = elementBytes(getElementTypeOf(dst));
          for (Attribute d : getDimsOf(dst))
            bytes *= cast<IntegerAttr>(d).getInt();
          unsigned nd = 0;
          if (AccessAttr acc = callee.getArgAccess(0))
            nd = acc.getDistributed().size();
          for (unsigned d = 0; d < nd; ++d)
            bytes /= cast<IntegerAttr>(getDimsOf(dst)[d]).getInt();
          int64_t issuers = partsOf(cinst.threads).size();
          bytes /= issuers;
          uint64_t cm = ci < callMasks.size() ? callMasks[ci] : 0;
          for (int64_t d = 0; d < clusterDim; ++d)
            if (cm & (uint64_t(1) << d))
              tx[p.cta][d] += bytes;
        }
      }
    }
  }
  if (!wholeWarps && !txCalls.empty())
    return arrive.emitOpError()
           << "expects transactions but does not run on whole warps";

  SmallVector<int64_t> masksVec;
  for (int64_t m : maskByCta)
    masksVec.push_back(m < 0 ? 0 : m);
  Value mask = selectByCta(masksVec, i32());
  SmallVector<OpFoldResult> indices;
  {
    // The barrier indices of the first target (the local part is the same
    // for every target).
    indices = arrive.getTargetIndices(0);
  }
  Value local = mbarrierAddress(*alloc, indices);
  // Only the first warp (thread) of each CTA part adds the transactions.
  int64_t firstUnit = -1;
  for (const CollectiveInstance &inst : insts)
    for (const CtaPart &p : partsOf(inst.threads)) {
      if (firstUnit >= 0 && firstUnit != p.lo)
        firstUnit = -2;
      else if (firstUnit == -1)
        firstUnit = p.lo;
    }
  if (firstUnit == -2 && !txCalls.empty())
    return arrive.emitOpError() << "expects transactions from instances that "
                                   "start at different threads; no lowering";
  auto body = [&]() -> LogicalResult {
    Value carriesTx = eq(tid, c32(std::max<int64_t>(firstUnit, 0)));
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
          bytes.push_back(tx[c][d]);
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
  if (!wholeWarps)
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
  case BarrierKind::BulkGroup: {
    FailureOr<Value> elected = electedThread(await, "a bulk-group wait");
    if (failed(elected))
      return failure();
    LogicalResult r = emitIf(*elected, [&] {
      NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, static_cast<uint32_t>(n),
                                           UnitAttr());
      return success();
    });
    if (failed(r))
      return failure();
    return syncCollective(await, "a bulk-group wait");
  }
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

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerCall(CallOp call) {
  auto callee =
      SymbolTable::lookupNearestSymbolFrom<ProcOp>(call, call.getCalleeAttr());
  if (!callee || !callee.isInstr())
    return call.emitOpError()
           << "calls a proc that is not an instruction; inline it first";
  for (Value a : call.getArgs())
    if (isShapedData(a.getType()) && !views.count(a))
      return call.emitOpError() << "passes an array with no device lowering";
  StringRef kind = callee.getInstrAttr().getLowering().getValue();
  // Each lowering name: the number of array arguments it reads by position,
  // and its emitter.
  struct Lowering {
    StringLiteral name;
    unsigned arrays;
    std::function<LogicalResult()> emit;
  };
  auto numberIn = [&] { return std::stoll(kind.rsplit('_').second.str()); };
  Lowering table[] = {
      {"tma_load_2d", 2, [&] { return emitTmaLoad(call, callee); }},
      {"tma_load_multicast_2d", 2, [&] { return emitTmaLoad(call, callee); }},
      {"tma_store_2d", 2, [&] { return emitTmaStore(call, false); }},
      {"tma_reduce_add_2d", 2, [&] { return emitTmaStore(call, true); }},
      {"red_global_add", 2, [&] { return emitRedGlobalAdd(call); }},
      {"ld_global_v4", 2, [&] { return emitVectorGlobal(call, true); }},
      {"st_global_v4", 2, [&] { return emitVectorGlobal(call, false); }},
      {"cp_async_4", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"cp_async_8", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"cp_async_16", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"shfl_xor_sum_1", 2, [&] { return emitShuffleXorSum(call, 1); }},
      {"shfl_xor_sum_2", 2, [&] { return emitShuffleXorSum(call, 2); }},
      {"shfl_xor_sum_4", 2, [&] { return emitShuffleXorSum(call, 4); }},
      {"shfl_xor_sum_8", 2, [&] { return emitShuffleXorSum(call, 8); }},
      {"shfl_xor_sum_16", 2, [&] { return emitShuffleXorSum(call, 16); }},
      {"wgmma_zero_scale_d", 1, [&] { return emitWgmmaZero(call); }},
      {"wgmma_tf32", 3,
       [&] { return emitWgmma(call, NVVM::WGMMATypes::tf32); }},
      {"wgmma_bf16", 3,
       [&] { return emitWgmma(call, NVVM::WGMMATypes::bf16); }},
      {"wgmma_f16", 3, [&] { return emitWgmma(call, NVVM::WGMMATypes::f16); }},
      {"wgmma_store_d_smem", 2, [&] { return emitWgmmaStore(call); }},
      {"wgmma_store_d_gmem", 2, [&] { return emitWgmmaStore(call); }},
  };
  const Lowering *lowering =
      llvm::find_if(table, [&](const Lowering &l) { return l.name == kind; });
  if (lowering == std::end(table))
    return call.emitOpError() << "calls instruction @" << callee.getSymName()
                              << " whose lowering \"" << kind
                              << "\" is not implemented for the GPU";
  if (call.getArgs().size() != lowering->arrays ||
      !llvm::all_of(call.getArgs(),
                    [](Value a) { return isShapedData(a.getType()); }))
    return call.emitOpError()
           << "calls instruction @" << callee.getSymName() << " (lowering \""
           << kind << "\"), which takes " << lowering->arrays
           << " array arguments and nothing else, with "
           << call.getArgs().size() << " arguments";
  return lowering->emit();
}

LogicalResult KernelLowering::checkBox(CallOp call, const View &v,
                                       int64_t split) {
  ArrayRef<int64_t> box = v.memory.getBox();
  if (box.size() != v.offsets.size() || box.size() > 5)
    return call.emitOpError()
           << "the tensor map's box has " << box.size()
           << " dimensions for a tensor of " << v.offsets.size()
           << "; TMA needs one box extent per dimension (at most 5)";
  for (unsigned d = 0; d < box.size(); ++d) {
    const unsigned *it = llvm::find(v.kept, d);
    int64_t extent = 1;
    if (it != v.kept.end()) {
      unsigned j = it - v.kept.begin();
      extent = v.sizes[j];
      if (j == 0) {
        if (extent % split)
          return call.emitOpError()
                 << "the window's " << extent << " rows do not split over "
                 << split << " issuing CTAs";
        extent /= split;
      }
    }
    if (extent != box[d])
      return call.emitOpError()
             << "moves " << extent << " elements along dimension " << d
             << " of the tensor map per issuing CTA, but its box has "
             << box[d];
  }
  return success();
}

SmallVector<Value> KernelLowering::boxCoordinates(const View &v, Value rowOff) {
  SmallVector<Value> idx(v.kept.size(), c64(0));
  idx[0] = rowOff;
  SmallVector<Value> root = rootIndices(v, idx);
  SmallVector<Value> coords;
  for (Value x : llvm::reverse(root))
    coords.push_back(toI32(x));
  return coords;
}

LogicalResult KernelLowering::emitTmaLoad(CallOp call, ProcOp callee) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  if (dst.kind != View::Shared || src.kind != View::TmaMap)
    return call.emitOpError() << "a TMA load needs a shared-memory "
                                 "destination and a tensor-map source";
  if (!call.getTrailing())
    return call.emitOpError() << "a TMA load needs a trailing mbarrier";
  FailureOr<AllocOp> bar = barrierAlloc(call, call.getTrailing());
  if (failed(bar))
    return failure();
  if (dst.memory.getSwizzle() != src.memory.getSwizzle())
    return call.emitOpError()
           << "the shared-memory swizzle (" << dst.memory.getSwizzle()
           << ") differs from the tensor map's (" << src.memory.getSwizzle()
           << ")";
  // Each issuing CTA loads its slice of the window's rows.
  int64_t issuers = 0;
  ArrayRef<CollectiveInstance> insts = ca.getInstances(call);
  std::vector<int64_t> rankOf(clusterDim, 0);
  for (const CollectiveInstance &inst : insts) {
    SmallVector<CtaPart> parts = partsOf(inst.threads);
    if (issuers && issuers != static_cast<int64_t>(parts.size()))
      return call.emitOpError() << "runs on different numbers of CTAs";
    issuers = parts.size();
    for (auto [r, p] : llvm::enumerate(parts))
      rankOf[p.cta] = r;
  }
  if (failed(checkBox(call, src, issuers)))
    return failure();
  // The first non-distributed window dimension of the destination holds
  // the rows; the destination's other dimensions follow the source's.
  unsigned rowDim = 0;
  while (rowDim < dst.kept.size() && dst.kept[rowDim] < dst.numDistributed)
    ++rowDim;
  if (dst.kept.size() - rowDim != src.kept.size())
    return call.emitOpError()
           << "the destination has " << dst.kept.size() - rowDim
           << " dimensions after its distributed ones, the source window "
           << src.kept.size();
  FailureOr<Value> elected = electedThread(call, "a TMA load");
  if (failed(elected))
    return failure();
  int64_t slice = src.sizes[0] / issuers;
  ArrayRef<uint64_t> masks = ca.getMulticastMasks(call);
  std::vector<int64_t> maskByCta(clusterDim, 0);
  for (auto [i, inst] : llvm::enumerate(insts))
    for (const CtaPart &p : partsOf(inst.threads))
      maskByCta[p.cta] = i < masks.size() ? masks[i] : (1 << p.cta);
  bool multicast = llvm::any_of(maskByCta, [&](int64_t m) {
    return llvm::popcount(static_cast<uint64_t>(m)) > 1;
  });
  return emitIf(*elected, [&]() -> LogicalResult {
    SmallVector<int64_t> rankVals(rankOf.begin(), rankOf.end());
    Value rank = toI64(selectByCta(rankVals, i32()));
    Value rowOff = mul(rank, c64(slice));
    SmallVector<Value> dIdx(dst.kept.size(), c64(0));
    dIdx[rowDim] = rowOff;
    Value dstPtr = sharedAddress(dst, dIdx);
    Value dst7 = LLVM::AddrSpaceCastOp::create(b, loc, ptr(7), dstPtr);
    SmallVector<OpFoldResult> tIdx;
    unsigned next = 0;
    for (int64_t s : call.getStaticTrailingIndices()) {
      if (ShapedType::isDynamic(s))
        tIdx.push_back(call.getTrailingIndices()[next++]);
      else
        tIdx.push_back(b.getIndexAttr(s == kMulticastIndex ? 0 : s));
    }
    Value mbar = mbarrierAddress(*bar, tIdx);
    Value mask;
    if (multicast) {
      SmallVector<int64_t> mv(maskByCta.begin(), maskByCta.end());
      mask = arith::TruncIOp::create(b, loc, b.getI16Type(),
                                     selectByCta(mv, i32()));
    }
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, dst7, src.base, boxCoordinates(src, rowOff), mbar, ValueRange{},
        mask, Value(), NVVM::TMALoadMode::TILE, false, NVVM::CTAGroupKindAttr(),
        Value());
    return success();
  });
}

LogicalResult KernelLowering::emitTmaStore(CallOp call, bool reduce) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  if (dst.kind != View::TmaMap || src.kind != View::Shared)
    return call.emitOpError() << "a TMA store needs a tensor-map destination "
                                 "and a shared-memory source";
  if (failed(checkBox(call, dst, 1)))
    return failure();
  if (src.memory.getSwizzle() != dst.memory.getSwizzle())
    return call.emitOpError()
           << "the shared-memory swizzle (" << src.memory.getSwizzle()
           << ") differs from the tensor map's (" << dst.memory.getSwizzle()
           << ")";
  // The source must hold the box densely, in row-major order.
  for (unsigned j = 1; j < src.kept.size(); ++j)
    if (src.kept[j] < src.numDistributed ||
        src.sizes[j] != src.staticExtents[src.kept[j]])
      return call.emitOpError()
             << "the shared-memory source is not one dense box (its "
                "dimensions after the first must be whole)";
  FailureOr<Value> elected =
      electedThread(call, reduce ? "a TMA reduction" : "a TMA store");
  if (failed(elected))
    return failure();
  return emitIf(*elected, [&] {
    SmallVector<Value> zeros(src.kept.size(), c64(0));
    Value srcPtr = sharedAddress(src, zeros);
    SmallVector<Value> coords = boxCoordinates(dst, c64(0));
    if (reduce)
      NVVM::CpAsyncBulkTensorReduceOp::create(
          b, loc, dst.base, srcPtr, NVVM::TMAReduxKind::ADD,
          NVVM::TMAStoreMode::TILE, coords, Value());
    else
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          b, loc, dst.base, srcPtr, coords, Value(), NVVM::TMAStoreMode::TILE,
          Value());
    return success();
  });
}

LogicalResult KernelLowering::emitRedGlobalAdd(CallOp call) {
  // red.global.add.f32: a relaxed atomic add whose result is unused; the
  // adds of different threads commute, and what orders them with later
  // readers is the program's synchronization (or the kernel's end).
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  auto one = [](const View &v) {
    return v.kept.size() == 1 && v.sizes[0] == 1 && v.elemType.isF32();
  };
  if (dst.kind != View::Global || src.kind != View::Regs || !one(dst) ||
      !one(src))
    return call.emitOpError() << "an atomic add moves one f32 from a "
                                 "thread's registers into global memory";
  Value r = gepBytes(
      src.base, mul(elementOffset(src, rootIndices(src, {c64(0)})), c64(4)));
  Value g = gepBytes(
      dst.base, mul(elementOffset(dst, rootIndices(dst, {c64(0)})), c64(4)));
  Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), r);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, g, v,
                            LLVM::AtomicOrdering::monotonic);
  return success();
}

LogicalResult KernelLowering::emitVectorGlobal(CallOp call, bool load) {
  // ld.global.v4 / st.global.v4 of 4 consecutive 32-bit values between a
  // thread's registers and global memory. The address must be 16-byte
  // aligned; a misaligned one traps (it cannot be proved here).
  const View &regs = views[call.getArgs()[load ? 0 : 1]];
  const View &mem = views[call.getArgs()[load ? 1 : 0]];
  auto four = [](const View &v) {
    return v.kept.size() == 1 && v.kept[0] == v.offsets.size() - 1 &&
           v.sizes[0] == 4 && elementBytes(v.elemType) == 4;
  };
  if (regs.kind != View::Regs || mem.kind != View::Global || !four(regs) ||
      !four(mem) || regs.elemType != mem.elemType)
    return call.emitOpError()
           << "a 16-byte vector " << (load ? "load" : "store")
           << " moves 4 consecutive 32-bit values between registers and "
              "global memory";
  Value r = gepBytes(
      regs.base, mul(elementOffset(regs, rootIndices(regs, {c64(0)})), c64(4)));
  Value g = gepBytes(
      mem.base, mul(elementOffset(mem, rootIndices(mem, {c64(0)})), c64(4)));
  auto vec = VectorType::get({4}, regs.elemType);
  if (load) {
    Value v = LLVM::LoadOp::create(b, loc, vec, g, /*alignment=*/16);
    LLVM::StoreOp::create(b, loc, v, r, /*alignment=*/4);
  } else {
    Value v = LLVM::LoadOp::create(b, loc, vec, r, /*alignment=*/4);
    LLVM::StoreOp::create(b, loc, v, g, /*alignment=*/16);
  }
  return success();
}

LogicalResult KernelLowering::emitCpAsync(CallOp call, int64_t bytes) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  auto contiguous = [&](const View &v) {
    if (v.kept.size() != 1 || v.kept[0] != v.offsets.size() - 1 ||
        v.sizes[0] * elementBytes(v.elemType) != bytes)
      return false;
    return true;
  };
  if (dst.kind != View::Shared || dst.memory.getSwizzle() ||
      src.kind != View::Global || !contiguous(dst) || !contiguous(src))
    return call.emitOpError()
           << "cp.async of " << bytes
           << " bytes needs a shared-memory destination and a global source, "
              "each one contiguous run of "
           << bytes << " bytes along its last dimension";
  Value d = sharedAddress(dst, {c64(0)});
  Value sIdx = elementOffset(src, rootIndices(src, {c64(0)}));
  Value sp = gepBytes(src.base, mul(sIdx, c64(elementBytes(src.elemType))));
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  NVVM::CpAsyncOp::create(b, loc, d, sp, static_cast<uint32_t>(bytes),
                          bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                      : NVVM::LoadCacheModifierKind::CA,
                          Value());
  return success();
}

LogicalResult KernelLowering::emitShuffleXorSum(CallOp call, int64_t laneMask) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  for (const View *v : {&dst, &src})
    if (v->kind != View::Regs || v->kept.size() != 1 ||
        v->kept[0] >= v->numDistributed || !v->elemType.isF32())
      return call.emitOpError()
             << "a butterfly shuffle needs f32 register windows whose only "
                "dimension is distributed over the exchanging threads";
  // Every lane of the warps involved must take part (full member mask).
  ThreadSet all(clusterDim * blockDim);
  for (const CollectiveInstance &inst : ca.getInstances(call))
    all |= inst.threads;
  for (const CtaPart &p : partsOf(all))
    if (!p.wholeWarps())
      return call.emitOpError() << "runs a warp shuffle on threads that are "
                                   "not whole warps ("
                                << ca.describe(all) << ")";
  // Each instance must be the pair of lanes (t, t ^ laneMask) the shuffle
  // exchanges.
  for (const CollectiveInstance &inst : ca.getInstances(call)) {
    SmallVector<CtaPart> parts = partsOf(inst.threads);
    int64_t first = parts.empty() ? -1 : parts.front().lo;
    if (parts.size() != 1 || parts.front().count != 2 ||
        !inst.threads.test(parts.front().cta * blockDim + (first ^ laneMask)))
      return call.emitOpError()
             << "a butterfly shuffle with lane mask " << laneMask
             << " exchanges lanes t and t ^ " << laneMask
             << ", but an instance of this call runs on "
             << ca.describe(inst.threads);
  }
  SmallVector<Value> zero{c64(0)};
  Value srcPtr = gepBytes(
      src.base, mul(elementOffset(src, rootIndices(src, zero)), c64(4)));
  Value dstPtr = gepBytes(
      dst.base, mul(elementOffset(dst, rootIndices(dst, zero)), c64(4)));
  Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), srcPtr);
  Value other = NVVM::ShflOp::create(
      b, loc, b.getF32Type(), c32(-1), v, c32(laneMask), c32(0x1f),
      NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly), UnitAttr());
  LLVM::StoreOp::create(b, loc, arith::AddFOp::create(b, loc, v, other),
                        dstPtr);
  return success();
}

/// The accumulator fragment of a wgmma: 64 x N f32 over a warpgroup.
static FailureOr<int64_t> accumulatorN(CallOp call, const View &v) {
  if (v.kind != View::Regs || v.memory.getKind() != MemoryKind::WgmmaAccum ||
      v.sizes.size() != 2 || v.sizes[0] != 64 || v.sizes[1] % 8 ||
      v.sizes[1] < 8 || v.sizes[1] > 256)
    return call.emitOpError() << "needs a whole 64 x N wgmma accumulator tile "
                                 "(N a multiple of 8 up to 256)";
  return v.sizes[1];
}

LogicalResult KernelLowering::emitWgmmaZero(CallOp call) {
  const View &d = views[call.getArgs()[0]];
  FailureOr<int64_t> n = accumulatorN(call, d);
  if (failed(n))
    return failure();
  SmallVector<Type> fields(*n / 2, b.getF32Type());
  Value zero = LLVM::ZeroOp::create(
      b, loc, LLVM::LLVMStructType::getLiteral(ctx, fields));
  LLVM::StoreOp::create(b, loc, zero, d.base);
  // The zeros are ordinary register writes: wgmma.fence orders them before
  // the next wgmma of this warpgroup (what scale-d = 0 would do in the
  // instruction itself, which the program's semantics assume).
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  return success();
}

LogicalResult KernelLowering::emitWgmma(CallOp call, NVVM::WGMMATypes type) {
  const View &d = views[call.getArgs()[0]];
  const View &a = views[call.getArgs()[1]];
  const View &bv = views[call.getArgs()[2]];
  FailureOr<int64_t> n = accumulatorN(call, d);
  if (failed(n))
    return failure();
  // One wgmma consumes 32 bytes of K: 8 tf32 or 16 bf16/f16 values.
  int64_t k = type == NVVM::WGMMATypes::tf32 ? 8 : 16;
  StringRef typeName = stringifyWGMMATypes(type);
  // Operands: K-major tiles (rows x k) in swizzled shared memory whose rows
  // are one swizzle span (32, 64 or 128 bytes) long.
  auto descriptor = [&](const View &v, int64_t rows) -> FailureOr<Value> {
    bool typeOk = type == NVVM::WGMMATypes::tf32
                      ? (v.elemType.isF32() || v.elemType.isTF32())
                      : (type == NVVM::WGMMATypes::bf16 ? v.elemType.isBF16()
                                                        : v.elemType.isF16());
    int64_t swizzle = v.memory.getSwizzle();
    if (v.kind != View::Shared || !swizzle || !typeOk || v.sizes.size() != 2 ||
        v.sizes[0] != rows || v.sizes[1] != k ||
        v.staticExtents.back() * elementBytes(v.elemType) != swizzle)
      return call.emitOpError()
             << "a wgmma " << typeName << " operand must be a " << rows << " x "
             << k
             << " window of swizzled shared memory (32, 64 or 128 bytes) "
                "whose rows are one swizzle span of "
             << typeName;
    Value addr = sharedAddress(v, {c64(0), c64(0)});
    Value a64 = LLVM::PtrToIntOp::create(b, loc, i64(), addr);
    Value start = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, a64, c64(0x3FFFF)), c64(4));
    // Leading byte offset 16 (unused with swizzling), stride byte offset
    // 8 rows, layout type 1/2/3 for 128/64/32-byte swizzles.
    int64_t layout = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
    int64_t hi = (int64_t(1) << 16) | (int64_t((8 * swizzle) >> 4) << 32) |
                 (layout << 62);
    return arith::OrIOp::create(b, loc, start, c64(hi)).getResult();
  };
  FailureOr<Value> descA = descriptor(a, 64);
  if (failed(descA))
    return failure();
  FailureOr<Value> descB = descriptor(bv, *n);
  if (failed(descB))
    return failure();
  SmallVector<Type> fields(*n / 2, b.getF32Type());
  auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value acc = LLVM::LoadOp::create(b, loc, structTy, d.base);
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, *n, k);
  Value result = NVVM::WgmmaMmaAsyncOp::create(
      b, loc, structTy, acc, *descA, *descB, shape, type, type,
      NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
      NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, NVVM::MMALayout::col,
      NVVM::MMAIntOverflowAttr());
  LLVM::StoreOp::create(b, loc, result, d.base);
  return success();
}

LogicalResult KernelLowering::emitWgmmaStore(CallOp call) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  FailureOr<int64_t> n = accumulatorN(call, src);
  if (failed(n))
    return failure();
  bool global = dst.kind == View::Global;
  if ((dst.kind != View::Shared && !global) || dst.memory.getSwizzle() ||
      dst.sizes.size() != 2 || dst.sizes[0] != 64 || dst.sizes[1] != *n)
    return call.emitOpError()
           << "the destination of an accumulator store must be a 64 x " << *n
           << " window of unswizzled shared memory or of global memory";
  // Fragment layout of m64nNk8 f32: thread t of the warpgroup holds, for
  // each 8-column block j, rows 16 * warp + lane / 4 (+ 8) and columns
  // 8 * j + 2 * (lane % 4) (+ 1).
  Value t = arith::RemUIOp::create(b, loc, tid, c32(kWarpgroupSize));
  Value w = toI64(arith::DivUIOp::create(b, loc, t, c32(kWarpSize)));
  Value l = toI64(lane);
  Value row0 = add(mul(w, c64(16)), arith::DivUIOp::create(b, loc, l, c64(4)));
  Value col0 = mul(arith::RemUIOp::create(b, loc, l, c64(4)), c64(2));
  SmallVector<Type> fields(*n / 2, b.getF32Type());
  auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value acc = LLVM::LoadOp::create(b, loc, structTy, src.base);
  auto v2 = VectorType::get({2}, b.getF32Type());
  for (int64_t j = 0; j < *n / 8; ++j)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(row0, c64(8 * h));
      Value col = add(col0, c64(8 * j));
      Value p = sharedAddress(dst, {row, col});
      Value x = LLVM::ExtractValueOp::create(b, loc, acc, 4 * j + 2 * h);
      Value y = LLVM::ExtractValueOp::create(b, loc, acc, 4 * j + 2 * h + 1);
      if (global) {
        // Rows of a gmem tensor may be an odd number of floats apart: two
        // 4-byte stores (one 32-byte sector per 4 lanes).
        LLVM::StoreOp::create(b, loc, x, p, /*alignment=*/4);
        LLVM::StoreOp::create(b, loc, y, gepBytes(p, c64(4)), 4);
        continue;
      }
      Value vec = LLVM::PoisonOp::create(b, loc, v2);
      vec = LLVM::InsertElementOp::create(b, loc, vec, x, c32(0));
      vec = LLVM::InsertElementOp::create(b, loc, vec, y, c32(1));
      LLVM::StoreOp::create(b, loc, vec, p, /*alignment=*/8);
    }
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ExoLowerToNVVMPass : exo::impl::ExoLowerToNVVMBase<ExoLowerToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<ProcOp, DeviceFunctionOp>> kernels;
    for (ProcOp proc : module.getOps<ProcOp>()) {
      SmallVector<DeviceFunctionOp> devices;
      proc.walk([&](DeviceFunctionOp d) { devices.push_back(d); });
      if (devices.empty())
        continue;
      if (devices.size() > 1) {
        devices[1].emitOpError()
            << "is a second device function in @" << proc.getSymName()
            << "; a proc lowers to one kernel";
        return signalPassFailure();
      }
      if (devices.front()->getParentOp() != proc) {
        devices.front().emitOpError()
            << "must be at the top level of its proc to be lowered";
        return signalPassFailure();
      }
      kernels.push_back({proc, devices.front()});
    }
    if (kernels.empty())
      return;
    OpBuilder b(module.getContext());
    b.setInsertionPointToEnd(module.getBody());
    auto target =
        NVVM::NVVMTargetAttr::get(module.getContext(), /*optLevel=*/3,
                                  "nvptx64-nvidia-cuda", chip, features);
    auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), "exo_kernels",
                                              b.getArrayAttr({target}));
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
    b.setInsertionPointToStart(gpuModule.getBody());
    auto smem = LLVM::GlobalOp::create(
        b, module.getLoc(), LLVM::LLVMArrayType::get(b.getI8Type(), 0),
        /*isConstant=*/false, LLVM::Linkage::External, "exo_dynamic_smem",
        Attribute(), /*alignment=*/kSmemAlign, /*addrSpace=*/3);
    (void)smem;
    SmallVector<Attribute> infos;
    for (auto [proc, device] : kernels) {
      FailureOr<CollectiveAnalysis> analysis = CollectiveAnalysis::run(device);
      if (failed(analysis))
        return signalPassFailure();
      b.setInsertionPointToEnd(gpuModule.getBody());
      KernelLowering lowering(proc, device, *analysis, b);
      FailureOr<DictionaryAttr> info = lowering.run();
      if (failed(info))
        return signalPassFailure();
      infos.push_back(*info);
    }
    module->setAttr("exo.kernels", b.getArrayAttr(infos));
    for (ProcOp proc : llvm::make_early_inc_range(module.getOps<ProcOp>()))
      proc.erase();
  }
};

} // namespace

//===- CollectiveAnalysis.cpp - Which threads run each statement ----------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace mlir;
using namespace exo;

MLIR_DEFINE_EXPLICIT_TYPE_ID(exo::CollectiveAnalysisResult)

std::optional<int64_t> CollectiveInstance::lookup(Value iv) const {
  for (auto &[v, value] : iterators)
    if (v == iv)
      return value;
  return std::nullopt;
}

ArrayRef<CollectiveInstance>
CollectiveAnalysis::getInstances(Operation *op) const {
  auto it = instances.find(op);
  if (it == instances.end())
    return {};
  return it->second;
}

std::optional<unsigned>
CollectiveAnalysis::getNumDistributedDims(AllocOp alloc) const {
  auto it = distributedDims.find(alloc);
  if (it == distributedDims.end())
    return std::nullopt;
  return it->second;
}

std::optional<int64_t> CollectiveAnalysis::getArriveCount(AllocOp alloc) const {
  auto it = arriveCounts.find(alloc);
  if (it == arriveCounts.end())
    return std::nullopt;
  return it->second;
}

ArrayRef<uint64_t> CollectiveAnalysis::getMulticastMasks(Operation *op) const {
  auto it = multicastMasks.find(op);
  if (it == multicastMasks.end())
    return {};
  return it->second;
}

ArrayRef<uint64_t> CollectiveAnalysis::getWrittenCtas(Operation *call) const {
  auto it = writtenCtas.find(call);
  if (it == writtenCtas.end())
    return {};
  return it->second;
}

const CollectiveAnalysis::ExpectedLoads *
CollectiveAnalysis::getExpectedLoads(Operation *arrive) const {
  auto it = expectedLoads.find(arrive);
  return it == expectedLoads.end() ? nullptr : &it->second;
}

std::string CollectiveAnalysis::describe(const ThreadSet &threads) const {
  std::string s;
  llvm::raw_string_ostream os(s);
  int64_t count = threads.count();
  if (count == blockDim * clusterDim)
    return "the whole cluster (" + std::to_string(count) + " threads)";
  os << count << (count == 1 ? " thread" : " threads") << ':';
  bool first = true;
  for (int64_t cta = 0; cta < clusterDim; ++cta) {
    // Ranges of thread indices within this CTA.
    int64_t t = 0;
    while (t < blockDim) {
      if (!threads.test(cta * blockDim + t)) {
        ++t;
        continue;
      }
      int64_t lo = t;
      while (t < blockDim && threads.test(cta * blockDim + t))
        ++t;
      os << (first ? " " : ", ");
      first = false;
      if (clusterDim > 1)
        os << "CTA " << cta << ' ';
      if (t - lo == 1)
        os << "thread " << lo;
      else
        os << "threads " << lo << '-' << t - 1;
    }
  }
  return s;
}

SmallVector<CtaPart>
CollectiveAnalysis::partsOf(const ThreadSet &threads) const {
  SmallVector<CtaPart> parts;
  for (int64_t c = 0; c < clusterDim; ++c) {
    int64_t first = threads.find_first_in(c * blockDim, (c + 1) * blockDim);
    if (first < 0)
      continue;
    int64_t last = threads.find_last_in(c * blockDim, (c + 1) * blockDim);
    int64_t count = 0;
    for (int64_t t = first; t <= last; ++t)
      count += threads.test(t);
    parts.push_back({c, first - c * blockDim, last + 1 - c * blockDim, count});
  }
  return parts;
}

FailureOr<ThreadRange>
CollectiveAnalysis::getGuard(Operation *op,
                             ArrayRef<CollectiveInstance> insts) const {
  ThreadSet all(clusterDim * blockDim);
  for (const CollectiveInstance &inst : insts)
    all |= inst.threads;
  SmallVector<CtaPart> parts = partsOf(all);
  if (parts.empty())
    return ThreadRange();
  for (const CtaPart &p : parts)
    if (!p.contiguous() || p.lo != parts.front().lo || p.hi != parts.front().hi)
      return op->emitOpError()
             << "runs on threads that are not one range of thread indices in "
                "each of its CTAs ("
             << describe(all)
             << "); it cannot be guarded (a guard compares the thread index "
                "and the CTA rank with bounds)";
  if (parts.back().cta - parts.front().cta + 1 !=
      static_cast<int64_t>(parts.size()))
    return op->emitOpError()
           << "runs on a set of CTAs that is not a range (" << describe(all)
           << "); it cannot be guarded (a guard compares the thread index and "
              "the CTA rank with bounds)";
  return ThreadRange{parts.front().lo, parts.front().hi, parts.front().cta,
                     parts.back().cta + 1};
}

FailureOr<CollectiveAnalysis::ThreadsLoopPlan>
CollectiveAnalysis::planThreadsLoop(ForOp loop) const {
  ThreadsLoopPlan plan;
  Block &body = loop.getBodyBlock();
  ArrayRef<CollectiveInstance> insts = body.empty()
                                           ? ArrayRef<CollectiveInstance>()
                                           : getInstances(&body.front());
  if (insts.empty())
    return plan; // never reached: an empty guard
  Value iv = loop.getInductionVar();
  int64_t lb = loop.getStaticBounds()[0];
  int64_t n = loop.getStaticBounds()[1] - lb;
  if (n > 1) {
    // Fit iv = (x - base) / span with x the thread index or the CTA rank.
    struct Sample {
      int64_t cta, tid, iv;
    };
    SmallVector<Sample> samples;
    for (const CollectiveInstance &inst : insts) {
      int64_t i = *inst.lookup(iv) - lb;
      for (unsigned bit : inst.threads.set_bits())
        samples.push_back({bit / blockDim, bit % blockDim, i});
    }
    auto fit = [&](bool byCta) {
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
      plan.byCta = byCta;
      plan.base = min0;
      plan.span = min1 - min0;
      return llvm::all_of(samples, [&](const Sample &s) {
        int64_t x = byCta ? s.cta : s.tid;
        return x >= plan.base && (x - plan.base) / plan.span % n == s.iv;
      });
    };
    if (!fit(/*byCta=*/false) && !fit(/*byCta=*/true))
      return loop.emitOpError()
             << "assigns threads to iterations in a way that is not ((thread "
                "index - base) / span) mod n or ((CTA rank - base) / span) "
                "mod n; it has no lowering";
    plan.wraps = llvm::any_of(samples, [&](const Sample &s) {
      return ((plan.byCta ? s.cta : s.tid) - plan.base) / plan.span >= n;
    });
  }
  ThreadSet reach(clusterDim * blockDim), runs(clusterDim * blockDim);
  for (const CollectiveInstance &inst : getInstances(loop))
    reach |= inst.threads;
  for (const CollectiveInstance &inst : insts)
    runs |= inst.threads;
  SmallVector<CtaPart> runParts = partsOf(runs);
  bool ranged = llvm::all_of(runParts, [&](const CtaPart &p) {
    return p.contiguous() && p.lo == runParts.front().lo &&
           p.hi == runParts.front().hi;
  });
  if (!ranged && reach == runs) {
    plan.guarded = false;
    return plan;
  }
  FailureOr<ThreadRange> guard = getGuard(loop, insts);
  if (failed(guard))
    return failure();
  plan.guard = *guard;
  return plan;
}

namespace exo {

/// The walk that computes collectives and checks them.
class CollectiveAnalyzer {
public:
  CollectiveAnalyzer(DeviceFunctionOp device, CollectiveAnalysis &result)
      : device(device), result(result), blockDim(result.blockDim),
        clusterDim(result.clusterDim), total(blockDim * clusterDim) {}

  LogicalResult run();

private:
  struct Env {
    ThreadSet threads;
    SmallVector<std::pair<Value, int64_t>> iterators;
  };

  void visitBlock(Block &block, const Env &env);
  void visitOp(Operation &op, const Env &env);
  /// The value of an index or i1 computed from constants and the
  /// cuda_threads iterators of `env` by arith ops, or nothing.
  std::optional<int64_t> evaluate(Value v, const Env &env, int depth = 0);
  void checkOp(Operation &op, const Env &env);
  void checkDistributed(AllocOp alloc);
  /// An element access (read, assign, reduce) of a wgmma accumulator: every
  /// instance must touch an element its thread holds in the wgmma layout
  /// (WgmmaAttr::getAccumulatorSlot).
  void checkFragmentAccess(Operation *op);
  /// Arrive counts and multicast masks of an mbarrier's arrives and of the
  /// instructions that signal it.
  void computeArrivals(AllocOp alloc);
  /// Pairs each arrive on `alloc` with the loads whose transaction bytes it
  /// expects (ExpectedLoads, which the lowering's expect-tx reads) and
  /// refuses an arrive that does not target every CTA those loads deliver
  /// bytes to.
  void checkTransactionTargets(AllocOp alloc);

  /// How `tile` constrains the parts.
  LogicalResult tile(const ThreadSet &threads, CollUnitAttr unit, TileMode mode,
                     SmallVectorImpl<ThreadSet> &out, std::string &why) {
    return tileThreads(threads, unit, blockDim, clusterDim, mode, out, why);
  }
  /// Whether `threads` is exactly one (aligned) instance of `unit`.
  bool isOneInstance(const ThreadSet &threads, CollUnitAttr unit);
  /// The name of the standard unit `threads` is one instance of, if any.
  std::optional<StringRef> scopeName(const ThreadSet &threads);
  /// Whether `threads` are consecutive whole warps of one CTA (a named
  /// barrier syncs them).
  bool isWarpRange(const ThreadSet &threads) const;
  CollUnitAttr unit(UnitKind kind, int64_t scale = 1) {
    return CollUnitAttr::get(device.getContext(), kind, scale);
  }
  /// Emits an error at `op` once.
  InFlightDiagnostic error(Operation *op);
  void checkAccumulatorWindow(CallOp call);
  /// The rules of the instruction families on the layout of their windows
  /// (checkTmaBox, checkTmaLoadDestination, checkTmaStoreSource,
  /// checkCpAsyncOperands, checkWgmmaOperand, checkWgmmaNMajorB,
  /// checkAccumulatorStoreDestination, checkStmatrixDestination,
  /// checkVectorGlobalOperands, checkMmaFragments), which the
  /// lowering asks too: asked here, after the distributed dimensions of
  /// every allocation are known.
  void checkOperandLayouts(CallOp call);
  /// Computes the analysis's SharedMemoryPlan; fails where it does not fit.
  LogicalResult planSharedMemory();
  /// The window `v` is, with its allocation's distributed dimensions.
  std::optional<WindowGeometry> geometryOf(mlir::Value v);
  /// Describes the enclosing iterator values of an instance.
  std::string describeIters(const Env &env);
  std::string describeInstance(const CollectiveInstance &inst) {
    Env env;
    env.iterators = inst.iterators;
    return describeIters(env);
  }

  DeviceFunctionOp device;
  CollectiveAnalysis &result;
  int64_t blockDim, clusterDim, total;
  llvm::DenseSet<Operation *> reported;
  /// Program order (pre-order) of the device function's statements.
  DenseMap<Operation *, unsigned> order;
  bool hadError = false;
};

} // namespace exo

/// The wgmma instructions name the accumulator registers they read and write
/// when the kernel is compiled: a whole 64 x N tile, or whole 8-column
/// blocks of one at a constant column offset (docs/Lowering.md). A window
/// of a wgmma accumulator passed to one must be such, or the lowering could
/// not emit it.
void CollectiveAnalyzer::checkAccumulatorWindow(CallOp call) {
  Attribute family = call.getFamilyAttr();
  int arg = isa_and_nonnull<WgmmaAttr, WgmmaZeroAttr>(family) ? 0
            : isa_and_nonnull<WgmmaStoreAttr>(family)         ? 1
                                                              : -1;
  if (arg < 0 || arg >= static_cast<int>(call.getArgs().size()))
    return;
  Value acc = call.getArgs()[arg];
  MemoryAttr mem = getMemoryOf(acc.getType());
  // A dimension's constant extent, or -1.
  auto extentOf = [](Type t, int fromEnd) -> int64_t {
    ArrayRef<Attribute> dims = getDimsOf(t);
    if (static_cast<int>(dims.size()) < fromEnd)
      return -1;
    auto c = dyn_cast<IntegerAttr>(dims[dims.size() - fromEnd]);
    return c ? c.getInt() : -1;
  };
  if (!mem || mem.getKind() != MemoryKind::WgmmaAccum ||
      getDimsOf(acc.getType()).size() < 2)
    return;
  // The window's offsets along its tile's rows and columns, over the chain
  // of windows (the tile's two dimensions are the last of each; they add
  // up).
  SmallVector<OpFoldResult> rowTerms, colTerms;
  Value root = acc;
  while (auto window = root.getDefiningOp<WindowOp>()) {
    SmallVector<OpFoldResult> offsets = window.getMixedOffsets();
    if (offsets.size() < 2)
      return;
    rowTerms.push_back(offsets[offsets.size() - 2]);
    colTerms.push_back(offsets.back());
    root = window.getSource();
  }
  int64_t rows = extentOf(acc.getType(), 2);
  int64_t n = extentOf(acc.getType(), 1);
  int64_t extent = extentOf(root.getType(), 1);
  if (root == acc || rows < 0 || n < 0 || extent < 0)
    return;
  // The offsets may depend on the iterators of loops that the lowering
  // unrolls (isUnrolledRegisterLoop): each of their iterations names
  // registers by constants. Any other value is not known when the kernel
  // is compiled.
  auto notConstant = [&] {
    error(call) << "passes a window of a wgmma accumulator at an offset that "
                   "is not a constant, but the instruction names the "
                   "accumulator's registers when the kernel is compiled; "
                   "compute it from constants and the iterators of seq "
                   "loops with constant bounds, at most "
                << kMaxUnrolledCopies
                << " iterations in all (the lowering unrolls them), or unroll "
                   "the loops it depends on (transform.exo.unroll)";
  };
  SmallVector<Value> roots;
  for (OpFoldResult o : llvm::concat<OpFoldResult>(rowTerms, colTerms))
    if (auto v = dyn_cast<Value>(o))
      roots.push_back(v);
  SmallVector<BlockArgument> leaves;
  if (!collectArithLeaves(roots, leaves)) {
    notConstant();
    return;
  }
  SmallVector<ForOp> loops;
  for (BlockArgument arg : leaves) {
    auto loop = dyn_cast<ForOp>(arg.getOwner()->getParentOp());
    if (!loop || !isUnrolledRegisterLoop(loop)) {
      notConstant();
      return;
    }
    loops.push_back(loop);
  }
  // Every iteration of those loops (at most kMaxUnrolledCopies in all).
  SmallVector<int64_t> firsts, lasts, at;
  for (ForOp loop : loops) {
    firsts.push_back(*getConstantIntValue(loop.getLowerBound()));
    lasts.push_back(*getConstantIntValue(loop.getUpperBound()));
    if (lasts.back() <= firsts.back())
      return; // The statement never runs.
    at.push_back(firsts.back());
  }
  while (true) {
    llvm::DenseMap<Value, int64_t> memo;
    auto leaf = [&](Value v) -> std::optional<int64_t> {
      for (auto [loop, i] : llvm::zip(loops, at))
        if (v == loop.getInductionVar())
          return i;
      return std::nullopt;
    };
    auto sum = [&](ArrayRef<OpFoldResult> terms) -> std::optional<int64_t> {
      int64_t total = 0;
      for (OpFoldResult o : terms) {
        std::optional<int64_t> c =
            isa<Attribute>(o)
                ? std::optional<int64_t>(
                      cast<IntegerAttr>(cast<Attribute>(o)).getInt())
                : evaluateFrom(cast<Value>(o), leaf, memo);
        if (!c || llvm::AddOverflow(total, *c, total))
          return std::nullopt;
      }
      return total;
    };
    std::optional<int64_t> row0 = sum(rowTerms), col0 = sum(colTerms);
    if (!row0 || !col0) {
      notConstant();
      return;
    }
    bool whole = *col0 == 0 && n == extent;
    bool blocks = *col0 % 8 == 0 && n % 8 == 0 && n > 0 && *col0 >= 0 &&
                  *col0 + n <= extent;
    if (rows != 64 || *row0 != 0 || !(whole || blocks)) {
      InFlightDiagnostic diag = error(call);
      diag << "passes columns " << *col0 << " to " << *col0 + n << " and rows "
           << *row0 << " to " << *row0 + rows
           << " of a wgmma accumulator tile of " << extent
           << " columns: a wgmma instruction needs a whole 64 x N wgmma "
              "accumulator tile, or whole 8-column blocks of one (its "
              "registers come in blocks of 8 columns)";
      for (auto [k, loop] : llvm::enumerate(loops))
        diag << (k ? ", " : " at ") << loop.getIterName() << " = " << at[k];
      return;
    }
    // The next iteration, the innermost loop fastest.
    unsigned k = loops.size();
    while (k > 0 && ++at[k - 1] == lasts[k - 1]) {
      at[k - 1] = firsts[k - 1];
      --k;
    }
    if (k == 0)
      return;
  }
}

std::optional<WindowGeometry> CollectiveAnalyzer::geometryOf(Value v) {
  Value root = v;
  while (auto window = root.getDefiningOp<WindowOp>())
    root = window.getSource();
  auto alloc = root.getDefiningOp<AllocOp>();
  unsigned m = alloc ? result.getNumDistributedDims(alloc).value_or(0) : 0;
  return WindowGeometry::get(v, m);
}

void CollectiveAnalyzer::checkOperandLayouts(CallOp call) {
  InstrFamilyAttr family = getCalledFamily(call);
  if (!family || call.getArgs().size() < 2 || reported.contains(call))
    return;
  // A hand-written proc that does not state what its lowering's instance
  // does is the lowering's error (verifyHardwareInstruction), asked
  // quietly here.
  if (!call.getFamilyAttr()) {
    ProcOp callee = lookupCallee(call);
    ScopedDiagnosticHandler quiet(call.getContext(),
                                  [](Diagnostic &) { return success(); });
    if (!callee || failed(verifyHardwareInstruction(callee)))
      return;
  }
  auto geometry = [&](unsigned i) { return geometryOf(call.getArgs()[i]); };
  // Records a failed rule; true if `r` failed (the rules of one call are
  // asked in the lowering's order, up to the first that fails).
  auto refused = [&](LogicalResult r) {
    if (succeeded(r))
      return false;
    hadError = true;
    reported.insert(call);
    return true;
  };
  auto isShared = [](const std::optional<WindowGeometry> &g) {
    return g && g->memory.isShared();
  };
  auto isMap = [](const std::optional<WindowGeometry> &g) {
    return g && g->memory.getKind() == MemoryKind::TmaMap && !g->kept.empty();
  };
  if (auto tma = dyn_cast<TmaAttr>(family)) {
    std::optional<WindowGeometry> dst = geometry(0), src = geometry(1);
    if (tma.getKind() == TmaKind::Load) {
      if (!isShared(dst) || !isMap(src))
        return;
      if (refused(checkTmaLoadBarrier(call)))
        return;
      // The CTAs one instance spans each load a slice of the rows.
      ArrayRef<CollectiveInstance> insts = result.getInstances(call);
      llvm::SmallDenseSet<int64_t> ctas;
      if (!insts.empty())
        for (unsigned t : insts.front().threads.set_bits())
          ctas.insert(t / blockDim);
      // The tensor-map box first, as the lowering asks it first.
      int64_t issuers = std::max<int64_t>(ctas.size(), 1);
      unsigned rowDim = 0;
      if (!refused(checkTmaBox(call, *src, issuers)))
        refused(checkTmaLoadDestination(call, *dst, src->memory.getSwizzle(),
                                        src->kept.size(), src->sizes[0],
                                        issuers, rowDim));
      return;
    }
    if (!isShared(src) || !isMap(dst))
      return;
    int64_t span = 0, chunks = 1;
    bool chunked = false;
    if (!refused(checkTmaStoreSource(call, *src, dst->memory.getSwizzle(), span,
                                     chunks, chunked)))
      refused(checkTmaBox(call, *dst, 1, chunks));
    return;
  }
  if (auto wgmma = dyn_cast<WgmmaAttr>(family)) {
    if (call.getArgs().size() < 3)
      return;
    // A in registers has no descriptor; from any other memory it
    // is a K-major shared-memory operand of 64 rows, B one of N rows or an
    // N-major one.
    // (B first, as the lowering builds its descriptor first.)
    std::optional<WindowGeometry> a = geometry(1), b = geometry(2);
    Type dtype = wgmma.getDtype();
    if (b)
      refused(isNMajor(wgmma.getB())
                  ? checkWgmmaNMajorB(call, dtype, *b, wgmma.getN())
                  : checkWgmmaOperand(call, dtype, *b, wgmma.getN()));
    if (a && !a->memory.isRegisters() && !reported.contains(call))
      refused(checkWgmmaOperand(call, dtype, *a, 64));
    return;
  }
  // A wgmma accumulator store: by stmatrix where it rounds to 16 bits into
  // shared memory.
  if (auto store = dyn_cast<WgmmaStoreAttr>(family)) {
    std::optional<WindowGeometry> dst = geometry(0);
    int64_t span = 0;
    if (!dst)
      return;
    if (!store.getDtype().isF32() && store.getDst().isShared())
      refused(checkStmatrixDestination(call, store.getN(), *dst));
    else
      refused(checkAccumulatorStoreDestination(
          call, *dst, store.getN(), isOobView(call.getArgs()[0]), span));
    return;
  }
  if (auto global = dyn_cast<GlobalAttr>(family);
      global && global.getKind() != GlobalAccessKind::RedAdd) {
    bool load = global.getKind() == GlobalAccessKind::Load;
    std::optional<WindowGeometry> regs = geometry(load ? 0 : 1),
                                  mem = geometry(load ? 1 : 0);
    if (regs && mem)
      refused(checkVectorGlobalOperands(call, load, *regs, *mem));
    return;
  }
  if (auto mma = dyn_cast<MmaAttr>(family)) {
    refused(checkMmaFragments(call, mma, geometry));
    return;
  }
  if (auto shfl = dyn_cast<ShflXorAttr>(family)) {
    refused(checkShuffleLanes(call, shfl, result));
    return;
  }
  if (auto copy = dyn_cast<CpAsyncAttr>(family)) {
    std::optional<WindowGeometry> dst = geometry(0), src = geometry(1);
    if (dst && src)
      refused(checkCpAsyncOperands(call, copy.getBytes(), *dst, *src));
  }
}

LogicalResult CollectiveAnalyzer::planSharedMemory() {
  // Every statement's position in pre-order and the last position inside
  // it.
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
  constexpr int64_t kAlign = WindowGeometry::kBufferAlign;
  // Sums saturate: a plan past the limit is refused whatever its size
  // (each allocation's bytes fit 63 bits: checkDeviceAllocation).
  auto add = [](int64_t a, int64_t b) {
    int64_t s;
    return llvm::AddOverflow(a, b, s) ? std::numeric_limits<int64_t>::max() : s;
  };
  auto alignUp = [&](int64_t x) -> int64_t {
    return x > std::numeric_limits<int64_t>::max() - kAlign
               ? std::numeric_limits<int64_t>::max()
               : llvm::alignTo(x, kAlign);
  };
  struct Buffer {
    AllocOp alloc;
    int64_t bytes, start, end;
  };
  SmallVector<Buffer> buffers;
  CollectiveAnalysis::SharedMemoryPlan &plan = result.smemPlan;
  int64_t barrierBytes = 0;
  device.walk([&](AllocOp alloc) {
    unsigned nd = result.getNumDistributedDims(alloc).value_or(0);
    // The bytes of one CTA's part.
    int64_t bytes = 0;
    if (auto bar = dyn_cast<BarrierType>(alloc.getType())) {
      if (bar.getKind() != BarrierKind::Mbarrier)
        return;
      // At most 2^60 elements (checkDeviceAllocation).
      bytes = 8;
      for (unsigned d = nd; d < bar.getRank(); ++d)
        bytes *= *bar.getLocalExtent(d);
      plan.offsets[alloc] = barrierBytes;
      barrierBytes = add(barrierBytes, bytes);
      return;
    }
    auto tensor = dyn_cast<exo::TensorType>(alloc.getType());
    if (!tensor || !tensor.getMemory().isShared())
      return;
    bytes = getElementBytes(tensor.getElementType());
    for (unsigned d = nd; d < tensor.getRank(); ++d) {
      int64_t depth = tensor.getRingDepth(d);
      bytes *=
          depth ? depth : (tensor.isStaticDim(d) ? tensor.getStaticDim(d) : 1);
    }
    int64_t end = pos[alloc];
    Block *home = alloc->getBlock();
    SmallVector<Value> worklist{alloc.getResult()};
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (auto w = dyn_cast<WindowOp>(user))
          worklist.push_back(w.getResult());
        if (Operation *anc = home->findAncestorOpInBlock(*user))
          end = std::max(end, endPos[anc]);
      }
    }
    buffers.push_back({alloc, bytes, pos[alloc], end});
  });
  int64_t dataStart = alignUp(barrierBytes);
  struct Placed {
    int64_t offset, end, start, last;
  };
  SmallVector<Placed> placed;
  int64_t top = dataStart;
  for (Buffer &buf : buffers) {
    // First fit among the buffers whose lifetimes overlap.
    SmallVector<std::pair<int64_t, int64_t>> busy;
    for (Placed &p : placed)
      if (p.start <= buf.end && buf.start <= p.last)
        busy.push_back({p.offset, p.end});
    llvm::sort(busy);
    int64_t offset = dataStart;
    for (auto [lo, hi] : busy) {
      if (add(offset, buf.bytes) <= lo)
        break;
      offset = std::max(offset, alignUp(hi));
    }
    placed.push_back({offset, add(offset, buf.bytes), buf.start, buf.end});
    plan.offsets[buf.alloc] = offset;
    top = std::max(top, add(offset, buf.bytes));
  }
  // One extra alignment unit: the dynamic buffer is aligned at run time.
  plan.bytes = top == 0 ? 0 : add(top, kAlign);
  if (plan.bytes <= CollectiveAnalysis::kMaxSharedBytes)
    return success();
  return device.emitOpError()
         << "needs " << plan.bytes
         << " bytes of shared memory per CTA (including barriers and "
            "alignment), more than the "
         << CollectiveAnalysis::kMaxSharedBytes << " an sm_90a CTA may use";
}

/// Whether the threads of `threads` among [begin, end) (those of one CTA)
/// are one range of whole warps, or none.
static bool isWholeWarpRange(const ThreadSet &threads, int64_t begin,
                             int64_t end) {
  constexpr int64_t warp = 32;
  int lo = threads.find_first_in(begin, end);
  if (lo < 0)
    return true;
  int hi = threads.find_last_in(begin, end);
  return threads.find_first_unset_in(lo, hi + 1) < 0 &&
         (lo - begin) % warp == 0 && (hi + 1 - lo) % warp == 0;
}

LogicalResult exo::checkShuffleLanes(CallOp call, ShflXorAttr shfl,
                                     const CollectiveAnalysis &analysis) {
  int64_t blockDim = analysis.getBlockDim();
  int64_t total = blockDim * analysis.getClusterDim();
  ThreadSet all(total);
  for (const CollectiveInstance &inst : analysis.getInstances(call))
    all |= inst.threads;
  for (int64_t begin = 0; begin < total; begin += blockDim)
    if (!isWholeWarpRange(all, begin, begin + blockDim))
      return call.emitOpError()
             << "runs a warp shuffle on threads that are not whole warps ("
             << analysis.describe(all) << ")";
  int64_t mask = shfl.getLaneMask();
  for (const CollectiveInstance &inst : analysis.getInstances(call)) {
    int first = inst.threads.find_first();
    int64_t partner =
        first < 0 ? -1
                  : first / blockDim * blockDim + ((first % blockDim) ^ mask);
    if (inst.threads.count() != 2 || partner < 0 || partner >= total ||
        partner / blockDim != first / blockDim || !inst.threads.test(partner))
      return call.emitOpError() << "a butterfly shuffle with lane mask " << mask
                                << " exchanges lanes t and t ^ " << mask
                                << ", but an instance of this call runs on "
                                << analysis.describe(inst.threads);
  }
  return success();
}

InFlightDiagnostic CollectiveAnalyzer::error(Operation *op) {
  hadError = true;
  reported.insert(op);
  return op->emitOpError();
}

std::string CollectiveAnalyzer::describeIters(const Env &env) {
  if (env.iterators.empty())
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << " (at";
  for (auto [iv, value] : env.iterators) {
    auto loop = cast<ForOp>(iv.getParentBlock()->getParentOp());
    os << ' ' << loop.getIterName() << " = " << value;
  }
  os << ')';
  return s;
}

LogicalResult exo::tileThreads(const ThreadSet &threads, CollUnitAttr unit,
                               int64_t blockDim, int64_t clusterDim,
                               TileMode mode, SmallVectorImpl<ThreadSet> &out,
                               std::string &why) {
  int64_t total = blockDim * clusterDim;
  SmallVector<int64_t> domain, box;
  if (failed(unit.concretize(blockDim, clusterDim, domain, box, &why)))
    return failure();
  int64_t domainSize = 1, boxSize = 1;
  for (auto [d, b] : llvm::zip_equal(domain, box)) {
    domainSize *= d;
    boxSize *= b;
  }
  // Units defined within a CTA apply to every CTA of the cluster.
  if (domainSize * clusterDim == total && clusterDim > 1) {
    domain.insert(domain.begin(), clusterDim);
    box.insert(box.begin(), 1);
    domainSize = total;
  }
  if (domainSize != total) {
    why = "its domain has " + std::to_string(domainSize) +
          " threads, the cluster " + std::to_string(total);
    return failure();
  }
  // Per tile: the threads, and their offsets within the tile (the shape).
  std::map<int64_t, std::pair<ThreadSet, llvm::BitVector>> tiles;
  for (int t : threads.set_bits()) {
    // Mixed-radix coordinates of t (outermost first): the tile index and
    // the offset within the tile.
    int64_t rest = t, tileIndex = 0, tileScale = 1, offset = 0, offsetScale = 1;
    for (size_t d = domain.size(); d-- > 0;) {
      int64_t coord = rest % domain[d];
      rest /= domain[d];
      tileIndex += (coord / box[d]) * tileScale;
      tileScale *= domain[d] / box[d];
      offset += (coord % box[d]) * offsetScale;
      offsetScale *= box[d];
    }
    auto [it, inserted] = tiles.try_emplace(tileIndex, ThreadSet(total),
                                            llvm::BitVector(boxSize));
    it->second.first.set(t);
    it->second.second.set(offset);
  }
  const llvm::BitVector *shape = nullptr;
  for (auto &[index, part] : tiles) {
    if (mode == TileMode::Whole &&
        static_cast<int64_t>(part.first.count()) != boxSize) {
      why = "it is not made of whole units of " + std::to_string(boxSize) +
            " threads";
      return failure();
    }
    if (mode == TileMode::Uniform) {
      if (shape && *shape != part.second) {
        why = "it meets the units unevenly (misaligned)";
        return failure();
      }
      shape = &part.second;
    }
    out.push_back(part.first);
  }
  return success();
}

bool CollectiveAnalyzer::isOneInstance(const ThreadSet &threads,
                                       CollUnitAttr unit) {
  SmallVector<ThreadSet> parts;
  std::string why;
  return succeeded(tile(threads, unit, TileMode::Whole, parts, why)) &&
         parts.size() == 1;
}

std::optional<StringRef>
CollectiveAnalyzer::scopeName(const ThreadSet &threads) {
  for (UnitKind kind : {UnitKind::Thread, UnitKind::Warp, UnitKind::Warpgroup,
                        UnitKind::Cta, UnitKind::Cluster})
    if (isOneInstance(threads, unit(kind)))
      return stringifyUnitKind(kind);
  return std::nullopt;
}

bool CollectiveAnalyzer::isWarpRange(const ThreadSet &threads) const {
  int first = threads.find_first();
  if (first < 0)
    return false;
  int last = threads.find_last();
  constexpr int warp = 32;
  return first / blockDim == last / blockDim && first % warp == 0 &&
         (last + 1) % warp == 0 &&
         static_cast<int>(threads.count()) == last - first + 1;
}

LogicalResult CollectiveAnalyzer::run() {
  Env env;
  env.threads = ThreadSet(total, true);
  visitBlock(device.getBodyBlock(), env);
  if (hadError)
    return failure();
  device.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order[op] = order.size(); });
  device.walk([&](AllocOp alloc) { checkDistributed(alloc); });
  if (hadError)
    return failure();
  device.walk([&](AllocOp alloc) {
    if (failed(checkDeviceAllocation(
            alloc, result.getNumDistributedDims(alloc).value_or(0)))) {
      hadError = true;
      reported.insert(alloc);
    }
  });
  if (hadError)
    return failure();
  device.walk([&](Operation *op) {
    if (isa<ElementAccessOpInterface>(op))
      checkFragmentAccess(op);
  });
  // Math and arith on data the GPU computes; no other dialect.
  device.walk([&](Operation *op) {
    if (op != device.getOperation() &&
        op->getName().getDialectNamespace() != "exo" &&
        failed(checkDeviceOperation(op))) {
      hadError = true;
      reported.insert(op);
    }
  });
  device.walk([&](CallOp call) { checkOperandLayouts(call); });
  device.walk([&](ArriveOp arrive) {
    if (!reported.contains(arrive) &&
        failed(checkMbarrierArriveTimeline(arrive))) {
      hadError = true;
      reported.insert(arrive);
    }
  });
  if (hadError)
    return failure();
  device.walk([&](AllocOp alloc) { computeArrivals(alloc); });
  if (hadError)
    return failure();
  device.walk([&](AllocOp alloc) { checkTransactionTargets(alloc); });
  if (hadError)
    return failure();
  // Every arrive on an mbarrier has a lowering (its CTA masks, the thread
  // that adds its transactions, their bytes).
  device.walk([&](ArriveOp arrive) {
    auto bar = dyn_cast<BarrierType>(arrive.getBarrier().getType());
    if (!bar || bar.getKind() != BarrierKind::Mbarrier)
      return;
    FailureOr<CollectiveAnalysis::MbarrierArrivePlan> plan =
        result.planMbarrierArrive(arrive);
    if (failed(plan))
      hadError = true;
    else
      result.mbarrierArrivePlans[arrive] = std::move(*plan);
  });
  if (hadError)
    return failure();
  // ... and every mbarrier that an arrive or a trailing barrier names an
  // init count (one that only trailing barriers name has none: its phases
  // could never complete; one that nothing names, the barrier usage rules
  // refuse).
  device.walk([&](AllocOp alloc) {
    auto bar = dyn_cast<BarrierType>(alloc.getType());
    if (!bar || bar.getKind() != BarrierKind::Mbarrier ||
        llvm::none_of(alloc.getResult().getUsers(), [&](Operation *user) {
          auto call = dyn_cast<CallOp>(user);
          return isa<ArriveOp>(user) ||
                 (call && call.getTrailing() == alloc.getResult());
        }))
      return;
    FailureOr<int64_t> count = result.computeMbarrierArrivals(alloc);
    if (failed(count))
      hadError = true;
    else
      result.mbarrierArrivals[alloc] = *count;
  });
  if (hadError)
    return failure();
  // Every cuda_threads loop and warps statement has a lowering: an
  // iterator computed from the thread index or CTA rank, and a guard.
  device.walk([&](Operation *op) {
    if (auto loop = dyn_cast<ForOp>(op)) {
      if (loop.getMode().isThreads() && failed(result.planThreadsLoop(loop)))
        hadError = true;
    } else if (auto warps = dyn_cast<WarpsOp>(op)) {
      Block &body = warps.getBody().front();
      if (!body.empty() &&
          failed(result.getGuard(warps, result.getInstances(&body.front()))))
        hadError = true;
    }
  });
  if (hadError)
    return failure();
  return planSharedMemory();
}

void CollectiveAnalyzer::visitBlock(Block &block, const Env &env) {
  for (Operation &op : block)
    visitOp(op, env);
}

std::optional<int64_t> CollectiveAnalyzer::evaluate(Value v, const Env &env,
                                                    int depth) {
  if (depth > 32)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    for (auto [iv, value] : env.iterators)
      if (iv == v)
        return value;
    return std::nullopt;
  }
  Operation *def = v.getDefiningOp();
  // Integer constants, the most frequent operands, read directly.
  if (auto c = dyn_cast<arith::ConstantOp>(def)) {
    auto i = dyn_cast<IntegerAttr>(c.getValue());
    if (!i || i.getValue().getBitWidth() > 64)
      return std::nullopt;
    return i.getValue().getBitWidth() == 1
               ? static_cast<int64_t>(i.getValue().getZExtValue())
               : i.getValue().getSExtValue();
  }
  // Other constant-like ops are folded (getConstantIntValue folds whatever
  // it is given, which cost more than the rest of this evaluation when it
  // was asked about every operation).
  if (def->hasTrait<OpTrait::ConstantLike>()) {
    std::optional<int64_t> k = getConstantIntValue(v);
    if (k && v.getType().isInteger(1))
      return int64_t(*k != 0);
    return k;
  }
  // Exact or unknown: a result that overflows, or a division by zero, is
  // not computed (IndexEval.h).
  if (!isEvaluableIndexOp(def))
    return std::nullopt;
  SmallVector<int64_t, 3> x;
  for (Value operand : def->getOperands()) {
    std::optional<int64_t> o = evaluate(operand, env, depth + 1);
    if (!o)
      return std::nullopt;
    x.push_back(*o);
  }
  IndexEvalResult r = evaluateIndexOp(def, x);
  if (!r)
    return std::nullopt;
  return *r;
}

void CollectiveAnalyzer::visitOp(Operation &op, const Env &env) {
  result.instances[&op].push_back({env.iterators, env.threads});
  if (!reported.contains(&op))
    checkOp(op, env);

  if (auto loop = dyn_cast<ForOp>(op)) {
    LoopModeAttr mode = loop.getMode();
    if (!mode.isThreads()) {
      visitBlock(loop.getBodyBlock(), env);
      return;
    }
    int64_t n = loop.getStaticBounds()[1];
    SmallVector<ThreadSet> parts;
    std::string why;
    if (failed(
            tile(env.threads, mode.getUnit(), TileMode::Uniform, parts, why))) {
      if (!reported.contains(&op)) {
        std::string unitText;
        llvm::raw_string_ostream(unitText) << mode.getUnit();
        error(&op) << "cannot tile the collective ("
                   << result.describe(env.threads) << ") by " << unitText
                   << ": " << why << describeIters(env);
      }
      return;
    }
    if (static_cast<int64_t>(parts.size()) < n) {
      if (!reported.contains(&op)) {
        std::string unitText;
        llvm::raw_string_ostream(unitText) << mode.getUnit();
        error(&op) << "not enough threads: the collective ("
                   << result.describe(env.threads) << ") holds " << parts.size()
                   << (parts.size() == 1 ? " unit " : " units ") << unitText
                   << ", but the loop needs " << n << describeIters(env);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      Env inner = env;
      inner.threads = parts[i];
      inner.iterators.push_back({loop.getInductionVar(), i});
      visitBlock(loop.getBodyBlock(), inner);
    }
    return;
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    // A condition on the collective's own iterators (e.g. `lane == 0`)
    // decides which branch these threads run; otherwise both may run.
    std::optional<int64_t> c = evaluate(ifOp.getCondition(), env);
    if (!c || *c)
      visitBlock(ifOp.getThenBlock(), env);
    if (ifOp.hasElse() && (!c || !*c))
      visitBlock(ifOp.getElseRegion().front(), env);
    return;
  }
  if (auto warps = dyn_cast<WarpsOp>(op)) {
    Env inner = env;
    inner.threads = ThreadSet(total);
    if (std::optional<StringRef> group = warps.getGroup()) {
      // Warp specialization: every CTA of the collective must be whole.
      SmallVector<ThreadSet> ctas;
      std::string why;
      if (failed(tile(env.threads, unit(UnitKind::Cta), TileMode::Whole, ctas,
                      why))) {
        if (!reported.contains(&op))
          error(&op) << "selects a named warp group, so its collective must "
                        "be made of whole CTAs, but it is "
                     << result.describe(env.threads) << describeIters(env);
        return;
      }
      auto [first, count] = *device.lookupWarpGroup(*group);
      int64_t lo = warps.getLo() ? *warps.getLo() : 0;
      int64_t hi = warps.getHi() ? *warps.getHi() : count;
      for (const ThreadSet &cta : ctas) {
        int64_t base = cta.find_first();
        inner.threads.set(base + (first + lo) * 32, base + (first + hi) * 32);
      }
    } else {
      // Warps lo..hi of each CTA of the collective.
      SmallVector<ThreadSet> ctaParts;
      std::string why;
      (void)tile(env.threads, unit(UnitKind::Cta), TileMode::Any, ctaParts,
                 why);
      int64_t lo = *warps.getLo(), hi = *warps.getHi();
      for (const ThreadSet &part : ctaParts) {
        SmallVector<ThreadSet> warpSets;
        if (failed(tile(part, unit(UnitKind::Warp), TileMode::Whole, warpSets,
                        why)) ||
            static_cast<int64_t>(warpSets.size()) < hi) {
          if (!reported.contains(&op))
            error(&op) << "selects warps " << lo << " to " << hi
                       << " of each CTA, but the collective ("
                       << result.describe(env.threads) << ") holds "
                       << warpSets.size() << " whole warp"
                       << (warpSets.size() == 1 ? "" : "s") << " in a CTA"
                       << describeIters(env);
          return;
        }
        for (int64_t w = lo; w < hi; ++w)
          inner.threads |= warpSets[w];
      }
    }
    visitBlock(warps.getBody().front(), inner);
    return;
  }
  for (Region &region : op.getRegions())
    for (Block &block : region)
      visitBlock(block, env);
}

/// The barrier mechanism's required collective, checked for an arrive,
/// await or trailing barrier.
static std::optional<UnitKind> getBarrierUnit(BarrierKind kind) {
  switch (kind) {
  case BarrierKind::BulkGroup:
    return UnitKind::Warp;
  case BarrierKind::WgmmaGroup:
    return UnitKind::Warpgroup;
  case BarrierKind::ClusterSync:
    return UnitKind::Cluster;
  default:
    return std::nullopt;
  }
}

void CollectiveAnalyzer::checkOp(Operation &op, const Env &env) {
  const ThreadSet &threads = env.threads;
  auto checkBarrier = [&](BarrierType type, StringRef what) {
    if (std::optional<UnitKind> kind = getBarrierUnit(type.getKind())) {
      bool ok = *kind == UnitKind::Cluster
                    ? threads.all()
                    : isOneInstance(threads, unit(*kind));
      if (!ok)
        error(&op) << what << " on a " << stringifyBarrierKind(type.getKind())
                   << " must run on one " << stringifyUnitKind(*kind)
                   << (*kind == UnitKind::Cluster ? " (all its threads)" : "")
                   << ", but here it runs on " << result.describe(threads)
                   << describeIters(env);
      return;
    }
    if (type.getKind() == BarrierKind::Mbarrier &&
        !isOneInstance(threads, unit(UnitKind::Cta))) {
      SmallVector<ThreadSet> ctas;
      std::string why;
      if (succeeded(
              tile(threads, unit(UnitKind::Cta), TileMode::Any, ctas, why)) &&
          ctas.size() > 1)
        error(&op) << what
                   << " on an mbarrier must run within one CTA, but "
                      "here it runs on "
                   << result.describe(threads) << describeIters(env);
    }
  };

  if (auto call = dyn_cast<CallOp>(op)) {
    auto callee = lookupCallee(call);
    if (!callee)
      return;
    InstrAttr instr = callee.getInstrAttr();
    if (!instr) {
      error(&op) << "calls of non-instruction procs in device code are not "
                    "supported yet; inline @"
                 << call.getCallee() << " first";
      return;
    }
    std::string unitText;
    llvm::raw_string_ostream(unitText) << instr.getUnit();
    SmallVector<int64_t> domain, box;
    std::string why;
    if (failed(instr.getUnit().concretize(blockDim, clusterDim, domain, box,
                                          &why))) {
      error(&op) << "@" << call.getCallee() << " is issued by one " << unitText
                 << ", which cannot exist in this device function "
                 << "(" << why << ")";
      return;
    }
    if (!isOneInstance(threads, instr.getUnit())) {
      error(&op) << "@" << call.getCallee() << " must be issued by one "
                 << unitText << ", but here it runs on "
                 << result.describe(threads) << describeIters(env);
    }
    checkAccumulatorWindow(call);
    return;
  }
  if (isElementWrite(&op)) {
    if (threads.count() != 1)
      error(&op) << "a scalar write must run on a single thread, but here "
                 << result.describe(threads)
                 << " would each perform it (narrow it with cuda_threads "
                    "loops)"
                 << describeIters(env);
    return;
  }
  if (auto fence = dyn_cast<FenceOp>(op)) {
    bool wgmma = fence.getFirst() == SyncTimeline::WgmmaFence1 ||
                 fence.getSecond() == SyncTimeline::WgmmaFence2;
    if (wgmma) {
      if (!isOneInstance(threads, unit(UnitKind::Warpgroup)))
        error(&op) << "a wgmma fence must run on one warpgroup, but here it "
                      "runs on "
                   << result.describe(threads) << describeIters(env);
      return;
    }
    if (!scopeName(threads) && !isWarpRange(threads))
      error(&op) << "a fence must run on one thread, warp, warpgroup, CTA, "
                    "cluster or range of whole warps of one CTA, but here it "
                    "runs on "
                 << result.describe(threads) << describeIters(env);
    return;
  }
  if (auto sync = dyn_cast<SyncOpInterface>(op)) {
    // (A fence, the sync without a barrier, returned above.)
    checkBarrier(cast<BarrierType>(sync.getSyncBarrier().getType()),
                 isa<ArriveOp>(op) ? "an arrive" : "an await");
    return;
  }
  if (auto alloc = dyn_cast<AllocOp>(op)) {
    MemoryAttr mem = getMemoryOf(alloc.getType());
    bool needsCtas =
        (mem && mem.isShared()) ||
        (isa<BarrierType>(alloc.getType()) &&
         cast<BarrierType>(alloc.getType()).getKind() == BarrierKind::Mbarrier);
    SmallVector<ThreadSet> ctas;
    std::string why;
    if (needsCtas &&
        failed(tile(threads, unit(UnitKind::Cta), TileMode::Whole, ctas, why)))
      error(&op) << "shared memory and mbarriers are allocated by whole CTAs, "
                    "but here the collective is "
                 << result.describe(threads) << describeIters(env);
    return;
  }
}

//===----------------------------------------------------------------------===//
// Distributed memory
//===----------------------------------------------------------------------===//

/// The unit that owns one shard of a distributed allocation.
static CollUnitAttr getNativeUnit(AllocOp alloc) {
  MLIRContext *ctx = alloc.getContext();
  auto get = [&](UnitKind kind, int64_t scale = 1) {
    return CollUnitAttr::get(ctx, kind, scale);
  };
  if (auto bar = dyn_cast<BarrierType>(alloc.getType())) {
    switch (bar.getKind()) {
    case BarrierKind::Mbarrier:
      return get(UnitKind::Cta);
    case BarrierKind::CpAsyncGroup:
      return get(UnitKind::Thread);
    case BarrierKind::BulkGroup:
      return get(UnitKind::Warp);
    case BarrierKind::WgmmaGroup:
      return get(UnitKind::Warpgroup);
    case BarrierKind::ClusterSync:
      return get(UnitKind::Cluster);
    }
  }
  MemoryAttr mem = getMemoryOf(alloc.getType());
  switch (mem.getKind()) {
  case MemoryKind::Regs:
    return get(UnitKind::Thread);
  case MemoryKind::RegsUniform:
    return get(UnitKind::Thread, mem.getParam());
  case MemoryKind::WgmmaAccum:
  case MemoryKind::WgmmaA:
    return get(UnitKind::Warpgroup);
  case MemoryKind::MmaA:
  case MemoryKind::MmaB:
  case MemoryKind::MmaC:
    return get(UnitKind::Warp);
  case MemoryKind::Smem:
  case MemoryKind::SmemSwizzle:
    return get(UnitKind::Cta);
  default:
    return {};
  }
}

namespace {
/// One coordinate of an access to an allocation.
struct Coord {
  enum Kind { Iterator, Split, Multicast, Constant, Other } kind = Other;
  Value iterator;    // Iterator
  CollUnitAttr unit; // Split: the unit each slice is distributed over
  int64_t value = 0; // Constant
};

/// An access of an allocation: the op, its coordinates.
struct Access {
  Operation *op;
  SmallVector<Coord> coords;
  /// The statement whose collectives perform the access: the call, for a
  /// window or tensor handed to an instruction that distributes it.
  Operation *performer = nullptr;
  /// The operand number of the tensor or window in `performer`, a call.
  int argNumber = -1;
  Operation *getPerformer() const { return performer ? performer : op; }
};

} // namespace

/// Classifies the indices of an access.
static Coord classifyIndex(OpFoldResult index) {
  Coord c;
  if (auto v = dyn_cast<Value>(index)) {
    auto arg = dyn_cast<BlockArgument>(v);
    auto loop = arg ? dyn_cast<ForOp>(arg.getOwner()->getParentOp()) : ForOp();
    if (loop && loop.getMode().isThreads()) {
      c.kind = Coord::Iterator;
      c.iterator = v;
    }
  }
  // A constant names one shard: its owner is checked like an iterator's
  // (e.g. lane 0 reading element 0 of registers distributed over lanes).
  if (std::optional<int64_t> k = getConstantIntValue(index)) {
    c.kind = Coord::Constant;
    c.value = *k;
  }
  return c;
}

/// The accesses of `alloc` (its direct uses), with their coordinates.
static SmallVector<Access> collectAccesses(AllocOp alloc) {
  SmallVector<Access> accesses;
  Value value = alloc.getResult();
  auto fromIndices = [](ArrayRef<OpFoldResult> indices) {
    return llvm::map_to_vector(indices, classifyIndex);
  };
  auto fromBarrierIndices = [&](ArrayRef<int64_t> statics,
                                ValueRange dynamics) {
    SmallVector<Coord> coords;
    unsigned next = 0;
    for (int64_t s : statics) {
      if (s == kMulticastIndex) {
        Coord c;
        c.kind = Coord::Multicast;
        coords.push_back(c);
      } else if (ShapedType::isDynamic(s)) {
        coords.push_back(classifyIndex(dynamics[next++]));
      } else {
        coords.push_back(Coord());
      }
    }
    return coords;
  };
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto access = dyn_cast<ElementAccessOpInterface>(user)) {
      accesses.push_back({user, fromIndices(access.getAccessIndices())});
    } else if (auto window = dyn_cast<WindowOp>(user)) {
      // A window accesses nothing itself: each of its users does, through
      // it. Whole dimensions handed to an instruction that distributes them
      // are split over the instruction's units.
      SmallVector<OpFoldResult> offsets = window.getMixedOffsets();
      for (OpOperand &windowUse : window.getResult().getUses()) {
        ArrayRef<CollUnitAttr> splits;
        if (auto call = dyn_cast<CallOp>(windowUse.getOwner()))
          if (auto callee = lookupCallee(call))
            if (windowUse.getOperandNumber() < call.getArgs().size())
              if (AccessAttr access =
                      callee.getArgAccess(windowUse.getOperandNumber()))
                splits = access.getDistributed();
        SmallVector<Coord> coords;
        ArrayRef<Attribute> srcDims = getDimsOf(window.getSource().getType());
        for (auto [d, off, size] :
             llvm::enumerate(offsets, window.getStaticSizes())) {
          // `0 :+ n` over a dimension of extent n is the whole dimension.
          auto extent = d < srcDims.size() ? dyn_cast<IntegerAttr>(srcDims[d])
                                           : IntegerAttr();
          bool whole =
              size == WindowOp::kFull || (extent && size == extent.getInt() &&
                                          getConstantIntValue(off) == 0);
          if (size == WindowOp::kPoint) {
            coords.push_back(classifyIndex(off));
          } else if (whole && !splits.empty()) {
            Coord c;
            c.kind = Coord::Split;
            c.unit = splits.front();
            splits = splits.drop_front();
            coords.push_back(c);
          } else {
            coords.push_back(Coord());
          }
        }
        accesses.push_back({user, coords, windowUse.getOwner(),
                            int(windowUse.getOperandNumber())});
      }
    } else if (auto arrive = dyn_cast<ArriveOp>(user)) {
      for (unsigned t = 0, e = arrive.getNumTargets(); t < e; ++t) {
        SmallVector<OpFoldResult> idx = arrive.getTargetIndices(t);
        SmallVector<Coord> coords;
        for (OpFoldResult ofr : idx) {
          auto attr = dyn_cast<Attribute>(ofr);
          if (attr && cast<IntegerAttr>(attr).getInt() == kMulticastIndex) {
            Coord c;
            c.kind = Coord::Multicast;
            coords.push_back(c);
          } else {
            coords.push_back(classifyIndex(ofr));
          }
        }
        accesses.push_back({user, coords});
      }
    } else if (auto await = dyn_cast<AwaitOp>(user)) {
      accesses.push_back({user, fromBarrierIndices(await.getStaticIndices(),
                                                   await.getIndices())});
    } else if (auto call = dyn_cast<CallOp>(user)) {
      if (call.getTrailing() == value) {
        accesses.push_back(
            {user, fromBarrierIndices(call.getStaticTrailingIndices(),
                                      call.getTrailingIndices())});
      } else {
        // The whole tensor as an argument: every dimension is whole, and
        // the leading ones may be distributed by the instruction.
        unsigned rank = getDimsOf(value.getType()).size();
        SmallVector<Coord> coords(rank);
        ArrayRef<CollUnitAttr> splits;
        if (auto callee = lookupCallee(call))
          if (AccessAttr access = callee.getArgAccess(use.getOperandNumber()))
            splits = access.getDistributed();
        for (unsigned d = 0; d < rank && d < splits.size(); ++d) {
          coords[d].kind = Coord::Split;
          coords[d].unit = splits[d];
        }
        accesses.push_back(
            {user, coords, nullptr, int(use.getOperandNumber())});
      }
    }
    // guarded_by and other uses do not access elements.
  }
  return accesses;
}

void CollectiveAnalyzer::checkDistributed(AllocOp alloc) {
  CollUnitAttr native = getNativeUnit(alloc);
  if (!native)
    return;
  ArrayRef<Attribute> dims = isa<BarrierType>(alloc.getType())
                                 ? cast<BarrierType>(alloc.getType()).getDims()
                                 : getDimsOf(alloc.getType());
  StringRef name = alloc.getName().empty() ? "<unnamed>" : alloc.getName();
  SmallVector<Access> accesses = collectAccesses(alloc);
  // The first access in program order decides how many leading dimensions
  // are distributed: the leading coordinates that are cuda_threads
  // iterators, splits by the callee or multicasts.
  // Program order: the first access decides, later ones are checked
  // against it.
  llvm::sort(accesses, [&](const Access &x, const Access &y) {
    return std::make_pair(order[x.getPerformer()], order[x.op]) <
           std::make_pair(order[y.getPerformer()], order[y.op]);
  });
  Access *first = accesses.empty() ? nullptr : &accesses.front();
  if (!first)
    return;
  // Loops over units smaller than one shard (e.g. threads reading shared
  // memory) subdivide within a shard: their iterators index ordinary
  // dimensions.
  FailureOr<int64_t> nativeCount = native.getThreadCount(blockDim, clusterDim);
  std::string nativeText;
  llvm::raw_string_ostream(nativeText) << native;
  // The native instances of the cluster (the shards' owners).
  SmallVector<ThreadSet> nativeInstances;
  std::string tileWhy;
  if (failed(nativeCount) ||
      failed(tile(ThreadSet(total, true), native, TileMode::Any,
                  nativeInstances, tileWhy))) {
    error(alloc) << "'" << name << "' is owned by " << nativeText
                 << " shards, which cannot exist in this device function";
    return;
  }
  int64_t nativeSize = *nativeCount;
  auto isShardLoop = [&](const Coord &c) {
    if (c.kind != Coord::Iterator)
      return c.kind != Coord::Other && c.kind != Coord::Constant;
    Value iv = c.iterator;
    auto loop = cast<ForOp>(iv.getParentBlock()->getParentOp());
    FailureOr<int64_t> size =
        loop.getMode().getUnit().getThreadCount(blockDim, clusterDim);
    return succeeded(size) && *size >= nativeSize;
  };
  unsigned m = 0;
  while (m < first->coords.size() && m < dims.size() &&
         isShardLoop(first->coords[m]))
    ++m;
  result.distributedDims[alloc] = m;

  // The native instance each thread is in.
  SmallVector<unsigned> nativeIndex(total);
  for (auto [i, instance] : llvm::enumerate(nativeInstances))
    for (unsigned t : instance.set_bits())
      nativeIndex[t] = i;

  // Owner of each distributed index tuple (native instance), recorded at the
  // first instance that touches it.
  std::map<SmallVector<int64_t>, std::pair<ThreadSet, Operation *>> owners;
  for (Access &access : accesses) {
    Operation *op = access.op;
    if (reported.contains(op))
      continue;
    // Each coordinate of the distributed dimensions.
    bool multicast = false;
    SmallVector<Value> seen;
    for (unsigned d = 0; d < m; ++d) {
      Coord c = d < access.coords.size() ? access.coords[d] : Coord();
      auto extent = dyn_cast<IntegerAttr>(dims[d]);
      if (c.kind == Coord::Constant)
        continue; // (in bounds: the access verifiers check constants)
      if (c.kind == Coord::Other) {
        error(op) << "dimension " << d << " of '" << name
                  << "' is distributed over " << nativeText
                  << " shards; it must be indexed by a cuda_threads iterator";
        return;
      }
      if (c.kind == Coord::Multicast) {
        if (!extent) {
          error(op) << "a multicast ':' spans the CTAs of a dimension of "
                       "constant extent, but dimension "
                    << d << " of '" << name << "' is unbounded";
          return;
        }
        multicast = true;
        continue;
      }
      if (c.kind == Coord::Iterator) {
        if (llvm::is_contained(seen, c.iterator)) {
          error(op) << "the iterator '"
                    << cast<ForOp>(c.iterator.getParentBlock()->getParentOp())
                           .getIterName()
                    << "' indexes two distributed dimensions of '" << name
                    << "'";
          return;
        }
        seen.push_back(c.iterator);
        auto loop = cast<ForOp>(c.iterator.getParentBlock()->getParentOp());
        if (loop->isAncestor(alloc)) {
          error(op) << "dimension " << d << " of '" << name
                    << "' is indexed by '" << loop.getIterName()
                    << "', a loop around the allocation";
          return;
        }
        int64_t trip = loop.getStaticBounds()[1];
        if (!extent || extent.getInt() != trip) {
          error(op) << "distributed dimension " << d << " of '" << name
                    << "' has extent "
                    << (extent ? std::to_string(extent.getInt()) : "?")
                    << ", but its iterator '" << loop.getIterName() << "' runs "
                    << trip << " times";
          return;
        }
      }
    }
    for (unsigned d = m; d < access.coords.size(); ++d)
      if (access.coords[d].kind == Coord::Multicast) {
        error(op) << "a multicast ':' spans CTAs, but dimension " << d
                  << " of '" << name
                  << "' is not distributed over CTAs (only its first " << m
                  << " dimensions are)";
        return;
      }
    if (multicast)
      continue; // Remote barriers of other CTAs: no ownership to check.
    // A call that writes this argument: the CTAs whose shared memory each
    // of its instances writes, by its semantics.
    auto writer = dyn_cast<CallOp>(access.getPerformer());
    if (writer && access.argNumber >= 0 &&
        access.argNumber < int(writer.getArgs().size()) &&
        isa<exo::TensorType, WindowType>(alloc.getType()) &&
        getMemoryOf(alloc.getType()).isShared()) {
      auto callee = lookupCallee(writer);
      AccessAttr acc =
          callee ? callee.getArgAccess(access.argNumber) : AccessAttr();
      if (!acc || !acc.writes())
        writer = nullptr;
    } else {
      writer = nullptr;
    }
    for (auto [instIndex, inst] :
         llvm::enumerate(result.getInstances(access.getPerformer()))) {
      // Split the collective for the callee's distributed dimensions.
      // Each instance of the allocation (one per iteration of the
      // cuda_threads loops around it) has its own shards.
      SmallVector<int64_t> allocInstance;
      for (auto [iv, value] : inst.iterators)
        if (iv.getParentBlock()->getParentOp()->isAncestor(alloc))
          allocInstance.push_back(value);
      SmallVector<std::pair<SmallVector<int64_t>, ThreadSet>> slices;
      slices.push_back({allocInstance, inst.threads});
      for (unsigned d = 0; d < m; ++d) {
        const Coord &c = access.coords[d];
        SmallVector<std::pair<SmallVector<int64_t>, ThreadSet>> next;
        for (auto &[key, threads] : slices) {
          if (c.kind == Coord::Iterator || c.kind == Coord::Constant) {
            auto k = key;
            k.push_back(c.kind == Coord::Constant ? c.value
                                                  : *inst.lookup(c.iterator));
            next.push_back({k, threads});
            continue;
          }
          SmallVector<ThreadSet> parts;
          std::string why;
          if (failed(tile(threads, c.unit, TileMode::Any, parts, why)) ||
              parts.size() !=
                  static_cast<size_t>(cast<IntegerAttr>(dims[d]).getInt())) {
            std::string unitText;
            llvm::raw_string_ostream(unitText) << c.unit;
            error(op) << "dimension " << d << " of '" << name
                      << "' is split over " << unitText
                      << " by the instruction, but the collective ("
                      << result.describe(threads) << ") holds " << parts.size()
                      << " of them, not "
                      << cast<IntegerAttr>(dims[d]).getInt();
            return;
          }
          for (auto [j, part] : llvm::enumerate(parts)) {
            auto k = key;
            k.push_back(j);
            next.push_back({k, part});
          }
        }
        slices = std::move(next);
      }
      for (auto &[key, threads] : slices) {
        SmallVector<ThreadSet> natives;
        std::string why;
        if (failed(tile(threads, native, TileMode::Any, natives, why)) ||
            natives.size() != 1) {
          std::string unitText;
          llvm::raw_string_ostream(unitText) << native;
          error(op) << "'" << name << "' is distributed with one shard per "
                    << unitText << ", but this access by "
                    << result.describe(threads)
                    << " spans several shards (missing subdivision)";
          return;
        }
        // The owner: the whole native instance containing the threads.
        const ThreadSet &owner =
            nativeInstances[nativeIndex[threads.find_first()]];
        result.ownerCtas[alloc][key] = owner.find_first() / blockDim;
        if (writer) {
          SmallVector<uint64_t, 1> &written = result.writtenCtas[writer];
          if (written.size() <= instIndex)
            written.resize(instIndex + 1, 0);
          written[instIndex] |= uint64_t(1) << (owner.find_first() / blockDim);
        }
        auto [it, inserted] = owners.try_emplace(key, owner, op);
        if (!inserted && it->second.first != owner) {
          InFlightDiagnostic diag = error(op);
          diag << "element [";
          llvm::interleaveComma(key, diag);
          diag << "] of the distributed dimensions of '" << name
               << "' belongs to " << result.describe(it->second.first)
               << ", but this access runs on " << result.describe(threads);
          diag.attachNote(it->second.second->getLoc())
              << "the owner was set by this access";
          return;
        }
      }
    }
  }
}

void CollectiveAnalyzer::checkFragmentAccess(Operation *op) {
  Value tensor;
  SmallVector<OpFoldResult> indices;
  if (!getAccess(op, tensor, indices))
    return;
  MemoryAttr mem = getMemoryOf(tensor.getType());
  if (mem && (mem.getKind() == MemoryKind::MmaA ||
              mem.getKind() == MemoryKind::MmaB)) {
    error(op) << "accesses an mma.sync " << stringifyMemoryKind(mem.getKind())
              << " fragment element by element; only its instructions "
                 "(load_a / load_b, mma) may: write the operand into shared "
                 "memory and load it, or compute in an mma_c fragment or in "
                 "regs";
    return;
  }
  // Swizzled shared memory, at the address TMA and wgmma use.
  if (mem && mem.isShared() && mem.getSwizzle()) {
    std::optional<WindowGeometry> g = geometryOf(tensor);
    if (g && failed(checkSwizzledElementAccess(op, *g))) {
      hadError = true;
      reported.insert(op);
    }
    return;
  }
  if (!mem || (mem.getKind() != MemoryKind::WgmmaAccum &&
               mem.getKind() != MemoryKind::WgmmaA &&
               mem.getKind() != MemoryKind::MmaC))
    return;
  bool operandA = mem.getKind() == MemoryKind::WgmmaA;
  // An mma.sync accumulator (16 x 8 per warp): lane 4 (row mod 8) +
  // col / 2 holds element (row, col) (MmaAttr::getAccumulatorSlot).
  bool mmaC = mem.getKind() == MemoryKind::MmaC;
  auto alloc = tensor.getDefiningOp<AllocOp>();
  ArrayRef<Attribute> dims =
      alloc ? getDimsOf(alloc.getType()) : ArrayRef<Attribute>();
  auto extent = [&](size_t d) {
    auto a = dyn_cast<IntegerAttr>(dims[d]);
    return a ? a.getInt() : int64_t(-1);
  };
  size_t rank = dims.size();
  Type elem = alloc ? getElementTypeOf(alloc.getType()) : Type();
  bool tf32 = elem && (elem.isF32() || elem.isTF32());
  if (operandA) {
    bool half = elem && (elem.isBF16() || elem.isF16());
    if (!alloc || rank < 2 || extent(rank - 2) != 64 || !(tf32 || half) ||
        extent(rank - 1) != (tf32 ? 8 : 16)) {
      error(op) << "accesses a wgmma A fragment element by element, which "
                   "needs the fragment's allocation itself (not a window), "
                   "a tensor whose last two dimensions are 64 x 8 (tf32) or "
                   "64 x 16 (bf16, f16)";
      return;
    }
  } else if (mmaC) {
    if (!alloc || rank < 2 || extent(rank - 2) != 16 || extent(rank - 1) != 8) {
      error(op) << "accesses an mma.sync accumulator element by element, "
                   "which needs the fragment's allocation itself (not a "
                   "window), a tensor whose last two dimensions are 16 x 8";
      return;
    }
  } else if (!alloc || rank < 2 || extent(rank - 2) != 64 ||
             extent(rank - 1) < 8 || extent(rank - 1) > 256 ||
             extent(rank - 1) % 8) {
    error(op) << "accesses a wgmma accumulator element by element, which "
                 "needs the accumulator's allocation itself (not a window), "
                 "a tensor whose last two dimensions are 64 x N (N a "
                 "multiple of 8 up to 256)";
    return;
  }
  StringRef what = operandA ? "wgmma A fragment"
                   : mmaC   ? "mma.sync accumulator"
                            : "wgmma accumulator";
  // Which thread of its unit (warpgroup, or warp for mma.sync) holds
  // element (row, col) of a tile, in the family's layout.
  int64_t unitThreads = mmaC ? 32 : 128;
  StringRef threadWord = mmaC ? "lane" : "thread";
  StringRef unitWord = mmaC ? "warp" : "warpgroup";
  fragment::TextArith text;
  auto rowText = fragment::TextArith::var("row"),
       colText = fragment::TextArith::var("col");
  std::string layout =
      mmaC ? "the mma.sync layout: lane = " +
                 fragment::mmaAccumulatorLane(text, rowText, colText).text
      : operandA && tf32
          ? "the wgmma layout: thread = " +
                fragment::wgmmaTf32AThread(text, rowText, colText).text
          : "the wgmma layout: thread = " +
                fragment::wgmmaAccumulatorThread(text, rowText, colText).text;
  auto holder = [&](int64_t row, int64_t col) -> int64_t {
    if (mmaC)
      return MmaAttr::getAccumulatorSlot(row, col).lane;
    return (operandA ? WgmmaAttr::getOperandASlot(row, col, tf32)
                     : WgmmaAttr::getAccumulatorSlot(row, col))
        .thread;
  };
  // The seq loops around the access, inside the device function: their
  // iterations are enumerated (the layout is a function of constants).
  SmallVector<ForOp> seqLoops;
  for (Operation *p = op->getParentOp(); p && p != device.getOperation();
       p = p->getParentOp())
    if (auto loop = dyn_cast<ForOp>(p); loop && loop.getMode().isSeq())
      seqLoops.push_back(loop);
  std::string name =
      alloc.getName().empty() ? "<unnamed>" : alloc.getName().str();
  auto evalAt = [&](OpFoldResult ofr, const Env &env) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return std::optional<int64_t>(cast<IntegerAttr>(attr).getInt());
    return evaluate(cast<Value>(ofr), env);
  };
  for (const CollectiveInstance &inst : result.getInstances(op)) {
    if (inst.threads.count() != 1) {
      error(op) << "accesses element of the " << what << " '" << name << "' on "
                << result.describe(inst.threads)
                << " at once; each thread accesses the elements it holds, "
                   "in cuda_threads loops down to single threads";
      return;
    }
    int64_t tid = static_cast<int64_t>(inst.threads.find_first()) % blockDim;
    Env env;
    env.threads = inst.threads;
    env.iterators.assign(inst.iterators.begin(), inst.iterators.end());
    // The seq loops with constant bounds are enumerated; a loop whose
    // bounds are not constant (a K loop over a size) is left unbound, so an
    // index that depends on it cannot be computed and is refused.
    size_t base = env.iterators.size();
    SmallVector<int64_t> trips, lows;
    int64_t combos = 1;
    for (ForOp loop : seqLoops) {
      std::optional<int64_t> lo = evalAt(loop.getLowerBound(), env);
      std::optional<int64_t> hi = evalAt(loop.getUpperBound(), env);
      if (!lo || !hi)
        continue;
      if (*hi <= *lo) {
        combos = 0; // the access never runs in this instance
        break;
      }
      trips.push_back(*hi - *lo);
      lows.push_back(*lo);
      env.iterators.push_back({loop.getInductionVar(), *lo});
      combos *= *hi - *lo;
      if (combos > (int64_t(1) << 20)) {
        error(op) << "accesses the " << what << " '" << name
                  << "' in more than 2^20 iterations per thread; the check "
                     "of its layout enumerates them";
        return;
      }
    }
    if (combos == 0)
      continue;
    // Every combination of the seq loops' iterations (an odometer).
    SmallVector<int64_t> count(trips.size(), 0);
    while (true) {
      SmallVector<int64_t> at;
      for (OpFoldResult ofr : indices) {
        std::optional<int64_t> v = evalAt(ofr, env);
        if (!v) {
          error(op) << "indexes the " << what << " '" << name
                    << "' with a value the layout check cannot compute: "
                       "indices of fragment elements are built from "
                       "constants and loop iterators with constant ranges";
          return;
        }
        at.push_back(*v);
      }
      int64_t row = at[rank - 2], col = at[rank - 1];
      int64_t holds = holder(row, col);
      if (row >= 0 && row < extent(rank - 2) && col >= 0 &&
          col < extent(rank - 1) && holds != tid % unitThreads) {
        error(op) << "thread " << tid << " (" << threadWord << " "
                  << tid % unitThreads << " of its " << unitWord
                  << ") accesses element [" << row << ", " << col << "] of the "
                  << what << " '" << name << "', which " << threadWord << " "
                  << holds << " of the " << unitWord << " holds (" << layout
                  << "); a thread accesses only its own elements, or "
                     "exchanges them by a shuffle";
        return;
      }
      size_t i = 0;
      for (; i < trips.size(); ++i) {
        if (++count[i] < trips[i]) {
          env.iterators[base + i].second = lows[i] + count[i];
          break;
        }
        count[i] = 0;
        env.iterators[base + i].second = lows[i];
      }
      if (i == trips.size())
        break;
    }
  }
}

/// "{0, 1}": the CTAs of a mask.
static std::string maskText(uint64_t mask) {
  std::string s = "{";
  for (unsigned c = 0; c < 64; ++c)
    if (mask & (uint64_t(1) << c))
      s += (s.size() > 1 ? ", " : "") + std::to_string(c);
  return s + "}";
}

void CollectiveAnalyzer::computeArrivals(AllocOp alloc) {
  auto type = dyn_cast<BarrierType>(alloc.getType());
  if (!type || type.getKind() != BarrierKind::Mbarrier)
    return;
  std::optional<unsigned> m = result.getNumDistributedDims(alloc);
  if (!m)
    return;
  const auto &owners = result.ownerCtas[alloc];
  ArrayRef<Attribute> dims = type.getDims();
  StringRef name = alloc.getName().empty() ? "<unnamed>" : alloc.getName();
  // The elements (over the distributed dimensions) a target expression
  // reaches in one instance.
  auto expand = [&](ArrayRef<int64_t> statics, ValueRange dynamics,
                    const CollectiveInstance &inst,
                    std::set<SmallVector<int64_t>> &elements) {
    SmallVector<SmallVector<int64_t>> keys = {{}};
    unsigned next = 0;
    for (auto [d, s] : llvm::enumerate(statics)) {
      Value dyn = ShapedType::isDynamic(s) ? dynamics[next++] : Value();
      if (d >= *m)
        continue;
      SmallVector<int64_t> values;
      if (s == kMulticastIndex) {
        auto extent = dyn_cast<IntegerAttr>(dims[d]);
        for (int64_t v = 0, e = extent ? extent.getInt() : 0; v < e; ++v)
          values.push_back(v);
      } else if (dyn) {
        std::optional<int64_t> v = inst.lookup(dyn);
        values.push_back(v ? *v : 0);
      } else {
        values.push_back(s);
      }
      SmallVector<SmallVector<int64_t>> grown;
      for (const auto &k : keys)
        for (int64_t v : values) {
          auto g = k;
          g.push_back(v);
          grown.push_back(g);
        }
      keys = std::move(grown);
    }
    elements.insert(keys.begin(), keys.end());
  };
  auto maskOf = [&](const std::set<SmallVector<int64_t>> &elements) {
    uint64_t mask = 0;
    for (const auto &e : elements)
      if (auto it = owners.find(e); it != owners.end())
        mask |= uint64_t(1) << it->second;
    return mask;
  };
  // Each arrive statement signals its own phases (ring iterations), so the
  // count is per statement and must agree between statements and elements.
  std::map<SmallVector<int64_t>, int64_t> counts;
  Operation *countOp = nullptr;
  // Program order, so that a mismatch is reported at the later statement.
  SmallVector<Operation *> users(alloc.getResult().getUsers());
  llvm::sort(users,
             [&](Operation *a, Operation *b) { return order[a] < order[b]; });
  for (Operation *user : users) {
    if (auto arrive = dyn_cast<ArriveOp>(user)) {
      std::map<SmallVector<int64_t>, int64_t> mine;
      unsigned rank = type.getRank();
      for (const CollectiveInstance &inst : result.getInstances(arrive)) {
        std::set<SmallVector<int64_t>> elements;
        ArrayRef<int64_t> statics = arrive.getStaticIndices();
        unsigned dynBefore = 0;
        for (unsigned t = 0, e = arrive.getNumTargets(); t < e; ++t) {
          ArrayRef<int64_t> mine = statics.slice(t * rank, rank);
          expand(mine, arrive.getIndices().drop_front(dynBefore), inst,
                 elements);
          dynBefore += llvm::count_if(mine, ShapedType::isDynamic);
        }
        for (const auto &el : elements)
          mine[el] += inst.threads.count();
        uint64_t mask = maskOf(elements);
        result.multicastMasks[arrive].push_back(mask);
        // The home barrier: the arriving CTA counts its own arrivals on its
        // own element, so a multicast must include it.
        bool multicast = elements.size() > 1;
        int64_t home = inst.threads.find_first() / blockDim;
        if (multicast && mask && !(mask & (uint64_t(1) << home))) {
          error(arrive) << "a multicast arrive must include the arriving "
                           "CTA's own element of '"
                        << name << "' (its home barrier); CTA " << home
                        << " signals only other CTAs" << describeInstance(inst);
          return;
        }
      }
      if (!countOp) {
        counts = mine;
        countOp = arrive;
        continue;
      }
      if (mine != counts) {
        InFlightDiagnostic diag = error(arrive);
        diag << "this arrive gives the elements of '" << name
             << "' other numbers of arriving threads than another arrive does";
        diag.attachNote(countOp->getLoc()) << "the other arrive";
        return;
      }
    } else if (auto call = dyn_cast<CallOp>(user);
               call && call.getTrailing() == alloc.getResult()) {
      ArrayRef<uint64_t> written = result.getWrittenCtas(call);
      for (auto [i, inst] : llvm::enumerate(result.getInstances(call))) {
        std::set<SmallVector<int64_t>> elements;
        expand(call.getStaticTrailingIndices(), call.getTrailingIndices(), inst,
               elements);
        uint64_t mask = maskOf(elements);
        result.multicastMasks[call].push_back(mask);
        // The lowering multicasts to the CTAs of the barrier elements; the
        // semantics writes the shared memory of `written`. They must agree,
        // or the hardware writes tiles the checker never sees (or misses
        // ones it does).
        uint64_t dst = i < written.size() ? written[i] : 0;
        if (dst && mask && mask != dst) {
          InFlightDiagnostic diag = error(call);
          diag << "the trailing barrier names the elements of '" << name
               << "' of CTAs " << maskText(mask)
               << ", but the instruction writes the shared memory of CTAs "
               << maskText(dst) << describeInstance(inst)
               << "; a TMA load multicasts to the CTAs of its barrier "
                  "elements, so name exactly the CTAs it writes";
          return;
        }
      }
    }
  }
  if (counts.empty())
    return;
  int64_t expected = counts.begin()->second;
  for (auto &[element, n] : counts)
    if (n != expected) {
      InFlightDiagnostic diag = error(alloc);
      diag << "the elements of '" << name
           << "' receive different numbers of arriving threads per phase: "
           << expected << " for element [";
      llvm::interleaveComma(counts.begin()->first, diag);
      diag << "], " << n << " for element [";
      llvm::interleaveComma(element, diag);
      diag << "]";
      return;
    }
  result.arriveCounts[alloc] = expected;
}

/// Whether `a` and `b` are the same index expression: the same value, or
/// results of the same side-effect-free arith operation (same attributes)
/// on operands that are, up to `depth` operations deep.
static bool sameIndexExpr(Value a, Value b, unsigned depth) {
  if (a == b)
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!depth || !x || !y || x->getName() != y->getName() ||
      !isa<arith::ArithDialect>(x->getDialect()) || !isMemoryEffectFree(x) ||
      x->getNumResults() != 1 || x->getNumOperands() != y->getNumOperands() ||
      x->getRawDictionaryAttrs() != y->getRawDictionaryAttrs() ||
      x->getPropertiesAsAttribute() != y->getPropertiesAsAttribute())
    return false;
  for (auto [p, q] : llvm::zip_equal(x->getOperands(), y->getOperands()))
    if (!sameIndexExpr(p, q, depth - 1))
      return false;
  return true;
}

void CollectiveAnalyzer::checkTransactionTargets(AllocOp alloc) {
  auto type = dyn_cast<BarrierType>(alloc.getType());
  if (!type || type.getKind() != BarrierKind::Mbarrier)
    return;
  std::optional<unsigned> m = result.getNumDistributedDims(alloc);
  StringRef name = alloc.getName().empty() ? "<unnamed>" : alloc.getName();
  for (Operation *user : alloc.getResult().getUsers()) {
    auto arrive = dyn_cast<ArriveOp>(user);
    if (!arrive)
      continue;
    // The phase: the innermost enclosing sequential (or task) loop.
    CollectiveAnalysis::ExpectedLoads &expected = result.expectedLoads[arrive];
    Operation *scope = arrive->getParentOp();
    while (!isa<DeviceFunctionOp>(scope) &&
           !(isa<ForOp>(scope) && !cast<ForOp>(scope).getMode().isThreads()))
      scope = scope->getParentOp();
    expected.phase = scope;
    SmallVector<OpFoldResult> target = arrive.getTargetIndices(0);
    bool reached = false;
    scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == arrive.getOperation())
        reached = true;
      auto call = dyn_cast<CallOp>(op);
      if (reached || !call || call.getTrailing() != alloc.getResult())
        return;
      // Only the calls that complete on the element this arrive signals
      // (its local coordinates pick the CTA's mbarrier; the distributed
      // ones pick the CTA, which the instances account for).
      SmallVector<OpFoldResult> idx =
          getMixedValues(call.getStaticTrailingIndices(),
                         call.getTrailingIndices(), call.getContext());
      for (unsigned d = m.value_or(0); d < target.size(); ++d) {
        std::optional<int64_t> a = getConstantIntValue(target[d]);
        std::optional<int64_t> c = getConstantIntValue(idx[d]);
        if (a && c) {
          if (*a != *c)
            return;
          continue;
        }
        auto a2 = dyn_cast<Value>(target[d]), c2 = dyn_cast<Value>(idx[d]);
        if (!a2 || !c2 || !sameIndexExpr(a2, c2, /*depth=*/8)) {
          if (!expected.undecided) {
            expected.undecided = call;
            expected.undecidedDim = d;
          }
          return;
        }
      }
      expected.loads.push_back(call);
    });
    ArrayRef<uint64_t> arriveMasks = result.getMulticastMasks(arrive);
    for (CallOp call : expected.loads) {
      ArrayRef<uint64_t> callMasks = result.getMulticastMasks(call);
      ArrayRef<CollectiveInstance> callInsts = result.getInstances(call);
      for (auto [i, inst] : llvm::enumerate(result.getInstances(arrive))) {
        uint64_t mask = i < arriveMasks.size() ? arriveMasks[i] : 0;
        for (auto [ci, cinst] : llvm::enumerate(callInsts)) {
          ThreadSet shared = cinst.threads;
          shared &= inst.threads;
          if (shared.none())
            continue;
          uint64_t delivered = ci < callMasks.size() ? callMasks[ci] : 0;
          // Per CTA of the arrive: its own element unless it multicasts.
          for (unsigned t : shared.set_bits()) {
            int64_t cta = t / blockDim;
            uint64_t targets = mask ? mask : uint64_t(1) << cta;
            uint64_t missing = delivered & ~targets;
            if (!missing)
              continue;
            InFlightDiagnostic diag = error(arrive);
            diag << "sets the expected transaction bytes of the TMA loads "
                    "before it, but does not target CTAs "
                 << maskText(missing) << "'s elements of '" << name
                 << "', to which CTA " << cta << "'s load delivers bytes"
                 << describeInstance(inst)
                 << "; their phases could complete before the bytes land";
            diag.attachNote(call.getLoc()) << "the load";
            return;
          }
        }
      }
    }
  }
}

std::optional<SmallVector<int64_t>>
CollectiveAnalysis::getOwnerTable(AllocOp alloc) const {
  std::optional<unsigned> m = getNumDistributedDims(alloc);
  auto it = ownerCtas.find(alloc);
  if (!m || it == ownerCtas.end())
    return std::nullopt;
  ArrayRef<Attribute> dims;
  if (auto bar = dyn_cast<BarrierType>(alloc.getType()))
    dims = bar.getDims();
  else if (isShapedData(alloc.getType()))
    dims = getDimsOf(alloc.getType());
  SmallVector<int64_t> extents;
  int64_t size = 1;
  for (unsigned d = 0; d < *m; ++d) {
    auto e = d < dims.size() ? dyn_cast<IntegerAttr>(dims[d]) : IntegerAttr();
    if (!e || e.getInt() <= 0 || e.getInt() > 64)
      return std::nullopt;
    extents.push_back(e.getInt());
    size *= e.getInt();
  }
  SmallVector<int64_t> table(size, -1);
  for (const auto &[key, cta] : it->second) {
    if (key.size() != extents.size())
      return std::nullopt;
    int64_t flat = 0;
    for (auto [k, e] : llvm::zip_equal(key, extents)) {
      if (k < 0 || k >= e)
        return std::nullopt;
      flat = flat * e + k;
    }
    table[flat] = cta;
  }
  return table;
}

const CollectiveAnalysis::MbarrierArrivePlan &
CollectiveAnalysis::getMbarrierArrivePlan(ArriveOp arrive) const {
  auto it = mbarrierArrivePlans.find(arrive);
  assert(it != mbarrierArrivePlans.end() &&
         "the collective analysis plans every arrive on an mbarrier");
  return it->second;
}

FailureOr<CollectiveAnalysis::MbarrierArrivePlan>
CollectiveAnalysis::planMbarrierArrive(ArriveOp arrive) const {
  MbarrierArrivePlan plan;
  FailureOr<ExpectedTransactions> tx = getExpectedTransactions(arrive);
  if (failed(tx))
    return failure();
  plan.tx = std::move(*tx);
  bool expectsTx = !plan.tx.loads.empty();
  ArrayRef<uint64_t> masks = getMulticastMasks(arrive);
  SmallVector<int64_t> maskByCta(clusterDim, -1);
  bool wholeWarps = true;
  // The first thread of every instance's part in each CTA (-1: none yet,
  // -2: parts that start at different threads).
  int64_t first = -1;
  for (auto [i, inst] : llvm::enumerate(getInstances(arrive))) {
    uint64_t mask = i < masks.size() ? masks[i] : 0;
    for (int64_t c = 0; c < clusterDim; ++c) {
      int lo = inst.threads.find_first_in(c * blockDim, (c + 1) * blockDim);
      if (lo < 0)
        continue;
      if (!isWholeWarpRange(inst.threads, c * blockDim, (c + 1) * blockDim))
        wholeWarps = false;
      int64_t m = mask ? int64_t(mask) : int64_t(1) << c;
      if (maskByCta[c] >= 0 && maskByCta[c] != m)
        return arrive.emitOpError() << "signals different CTAs from CTA " << c
                                    << " in different instances; no lowering";
      maskByCta[c] = m;
      int64_t local = lo - c * blockDim;
      first = first == -1 ? local : first == local ? first : -2;
    }
  }
  if (!wholeWarps && expectsTx)
    return arrive.emitOpError()
           << "expects transactions but does not run on whole warps";
  if (first == -2 && expectsTx)
    return arrive.emitOpError() << "expects transactions from instances that "
                                   "start at different threads; no lowering";
  for (int64_t m : maskByCta)
    plan.ctaMasks.push_back(std::max<int64_t>(m, 0));
  plan.firstThread = std::max<int64_t>(first, 0);
  plan.wholeWarps = wholeWarps;
  return plan;
}

std::optional<int64_t>
CollectiveAnalysis::getMbarrierArrivals(AllocOp alloc) const {
  auto it = mbarrierArrivals.find(alloc);
  if (it == mbarrierArrivals.end())
    return std::nullopt;
  return it->second;
}

FailureOr<int64_t>
CollectiveAnalysis::computeMbarrierArrivals(AllocOp alloc) const {
  // One thread initializes the mbarriers and a cluster barrier publishes
  // the init: every thread of the cluster runs the allocation.
  for (const CollectiveInstance &inst : getInstances(alloc))
    if (!inst.threads.all())
      return alloc.emitOpError()
             << "allocates mbarriers in a collective smaller than the "
                "cluster ("
             << describe(inst.threads)
             << "); their initialization needs every thread";
  std::optional<int64_t> count;
  for (Operation *user : alloc.getResult().getUsers()) {
    auto arrive = dyn_cast<ArriveOp>(user);
    if (!arrive)
      continue;
    // The arrivals this arrive brings to each CTA's element per phase.
    ArrayRef<CollectiveInstance> insts = getInstances(arrive);
    ArrayRef<uint64_t> masks = getMulticastMasks(arrive);
    bool wholeWarps = llvm::all_of(insts, [&](const CollectiveInstance &i) {
      for (int64_t c = 0; c < clusterDim; ++c)
        if (!isWholeWarpRange(i.threads, c * blockDim, (c + 1) * blockDim))
          return false;
      return true;
    });
    std::vector<int64_t> perCta(clusterDim, 0);
    for (auto [i, inst] : llvm::enumerate(insts)) {
      uint64_t mask = i < masks.size() ? masks[i] : 0;
      for (int64_t c = 0; c < clusterDim; ++c) {
        int64_t threads = 0;
        for (int64_t t = c * blockDim; t < (c + 1) * blockDim; ++t)
          threads += inst.threads.test(t);
        if (!threads)
          continue;
        int64_t units = wholeWarps ? threads / 32 : threads;
        uint64_t targets = mask ? mask : uint64_t(1) << c;
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
                  "numbers of arrivals per phase ("
               << *count << " and " << n
               << ", counting this and the other arrives on it); one "
                  "mbarrier.init count cannot fit both";
      count = n;
    }
  }
  if (!count)
    return alloc.emitOpError()
           << "is an mbarrier that is never arrived on: a trailing barrier "
              "adds transaction bytes, not arrivals, so its phases need an "
              "arrive (one that expects the bytes)";
  return *count;
}

FailureOr<CollectiveAnalysis::ExpectedTransactions>
CollectiveAnalysis::getExpectedTransactions(ArriveOp arrive) const {
  ExpectedTransactions result;
  result.bytes.assign(clusterDim * clusterDim, 0);
  const ExpectedLoads *expected = getExpectedLoads(arrive);
  if (!expected)
    return result;
  if (expected->undecided) {
    InFlightDiagnostic diag = arrive.emitOpError()
                              << "cannot tell whether the trailing barrier of "
                                 "a call before it completes on the element "
                                 "it signals (coordinate "
                              << expected->undecidedDim
                              << " differs as written): its expected "
                                 "transaction bytes would be guessed; index "
                                 "both by the same value";
    diag.attachNote(expected->undecided->getLoc()) << "the call";
    return diag;
  }
  auto ctasOf = [&](const ThreadSet &threads) {
    SmallVector<int64_t> ctas;
    for (int64_t c = 0; c < clusterDim; ++c)
      if (threads.find_first_in(c * blockDim, (c + 1) * blockDim) >= 0)
        ctas.push_back(c);
    return ctas;
  };
  ArrayRef<uint64_t> arriveMasks = getMulticastMasks(arrive);
  ArrayRef<CollectiveInstance> arriveInsts = getInstances(arrive);
  for (CallOp call : expected->loads) {
    // A call inside sequential loops of the phase runs once per iteration
    // of each: its bytes count that many times.
    int64_t times = 1;
    for (Operation *p = call->getParentOp(); p && p != expected->phase;
         p = p->getParentOp()) {
      auto loop = dyn_cast<ForOp>(p);
      if (!loop || loop.getMode().isThreads())
        continue;
      std::optional<int64_t> lo = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> hi = getConstantIntValue(loop.getUpperBound());
      if (!lo || !hi)
        return arrive.emitOpError()
               << "expects the transactions of a call inside loop '"
               << loop.getIterName()
               << "', whose trip count is not a constant; its expected "
                  "transaction bytes cannot be told";
      times *= std::max<int64_t>(*hi - *lo, 0);
    }
    // The bytes the call's destination window receives in each CTA it
    // writes (its distributed dimensions pick the CTA).
    auto callee = lookupCallee(call);
    Type dst = call.getArgs()[0].getType();
    ArrayRef<Attribute> dims = getDimsOf(dst);
    unsigned nd = 0;
    if (AccessAttr acc = callee ? callee.getArgAccess(0) : AccessAttr())
      nd = acc.getDistributed().size();
    int64_t perCta = getElementBytes(getElementTypeOf(dst));
    for (auto [d, dim] : llvm::enumerate(dims)) {
      auto e = dyn_cast<IntegerAttr>(dim);
      if (!e)
        return arrive.emitOpError()
               << "expects the transactions of a load whose destination has "
                  "a dimension that is not a constant; its expected "
                  "transaction bytes cannot be told";
      if (d >= nd)
        perCta *= e.getInt();
    }
    perCta *= times;
    std::optional<int64_t> familyBytes;
    if (InstrFamilyAttr family = getCalledFamily(call))
      if (std::optional<int64_t> b = family.getTransactionBytes())
        familyBytes = *b * times;
    ArrayRef<uint64_t> callMasks = getMulticastMasks(call);
    bool counted = false;
    for (auto [i, inst] : llvm::enumerate(arriveInsts)) {
      uint64_t mask = i < arriveMasks.size() ? arriveMasks[i] : 0;
      for (int64_t p : ctasOf(inst.threads)) {
        uint64_t targets = mask ? mask : uint64_t(1) << p;
        for (auto [ci, cinst] : llvm::enumerate(getInstances(call))) {
          // The instances of the call issued (in part) by CTA p's arrivers.
          ThreadSet mine = cinst.threads;
          mine &= inst.threads;
          if (mine.find_first_in(p * blockDim, (p + 1) * blockDim) < 0)
            continue;
          counted = true;
          int64_t issuers = ctasOf(cinst.threads).size();
          int64_t bytes = perCta / issuers;
          // The hardware counts what the instruction moves: a family's
          // bytes, which its destination window must hold.
          if (std::optional<int64_t> family = familyBytes;
              family && *family != bytes) {
            InFlightDiagnostic diag =
                arrive.emitOpError()
                << "expects the bytes of a load whose " << issuers
                << " issuing CTA(s) deliver " << *family
                << " bytes each to each receiving CTA (its instruction's), "
                   "but whose destination holds "
                << perCta << " bytes per CTA";
            diag.attachNote(call.getLoc()) << "the load";
            return diag;
          }
          uint64_t delivered = ci < callMasks.size() ? callMasks[ci] : 0;
          for (int64_t d = 0; d < clusterDim; ++d) {
            if (!(delivered & (uint64_t(1) << d)))
              continue;
            // Without d among its targets, CTA d's element's phase could
            // complete before these bytes land (or the late bytes complete
            // a later phase).
            if (!(targets & (uint64_t(1) << d))) {
              InFlightDiagnostic diag =
                  arrive.emitOpError()
                  << "sets the expected transaction bytes of the TMA loads "
                     "before it, but does not target CTA "
                  << d << "'s element of its barrier, to which CTA " << p
                  << "'s load delivers " << bytes
                  << " bytes; arrive on every element the loads complete on";
              diag.attachNote(call.getLoc()) << "the load";
              return diag;
            }
            result.bytes[p * clusterDim + d] += bytes;
          }
        }
      }
    }
    if (counted)
      result.loads.push_back(call);
  }
  return result;
}

FailureOr<CollectiveAnalysis> CollectiveAnalysis::run(DeviceFunctionOp device) {
  CollectiveAnalysis result(device.getNumThreads(), device.getClusterDim());
  CollectiveAnalyzer analyzer(device, result);
  if (failed(analyzer.run()))
    return failure();
  return result;
}

//===- KernelLowering.h - Lowering one device function ----------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The state and the methods of lowering one exo device function to an NVVM
// kernel, shared by the files of this directory (one per part of the
// lowering: ExoToNVVM.cpp the host side, shared-memory planning and the
// pass; Kernel.cpp the structure of the kernel; Memory.cpp tensors and
// windows; Barriers.cpp every synchronization; Instructions.cpp the
// dispatch of instruction calls to the emitters of their families, which
// live in Families/, one file per family). Private to
// lib/Conversion/ExoToNVVM.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_CONVERSION_EXOTONVVM_KERNELLOWERING_H
#define EXOGPU_LIB_CONVERSION_EXOTONVVM_KERNELLOWERING_H

#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>

namespace exo::nvvm {

using namespace mlir;

constexpr int64_t kWarpSize = 32;
constexpr int64_t kWarpgroupSize = 128;
/// Alignment of every shared-memory buffer (the 128-byte swizzle atom is
/// 1024 bytes).
constexpr int64_t kSmemAlign = WindowGeometry::kBufferAlign;
/// A zero-filled, 16-byte-aligned global of the kernel module: what a read
/// past the end of a global tensor loads instead (addressOrZeroPad).
constexpr llvm::StringLiteral kZeroPad = "exo_zero_pad";
/// The zero pad's length in bytes: how far past an address that
/// addressOrZeroPad gives a load may reach (its offset from that address
/// plus its own bytes).
constexpr int64_t kZeroPadBytes = 64;

inline int64_t alignTo(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

/// Whether `op` is index arithmetic that touches no memory (what may stand
/// between mbarrier allocations, or before a task body's first one, without
/// changing their initialization).
inline bool isMemoryFreeArith(Operation *op) {
  return isa<arith::ArithDialect>(op->getDialect()) && isMemoryEffectFree(op);
}

/// Inline PTX with `result` (none when null). `sideEffects`: LLVM keeps it
/// where and as often as it stands (barriers, memory); without, it is pure
/// and may be moved or merged like arithmetic (an approximation, a cvt).
inline Value buildInlineAsm(OpBuilder &b, Location loc, Type result,
                            ValueRange operands, StringRef text,
                            StringRef constraints, bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, result, operands, text, constraints, sideEffects,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return result ? op.getResult(0) : Value();
}

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

/// The value of `v` when it is arith on constants (window offsets are sums
/// built before any folding).
std::optional<int64_t> constantOf(Value v, int depth = 0);

/// The registers of one thread's part of a 64 x `n` wgmma accumulator of
/// `element`s: n / 2 f32 registers, or n / 4 32-bit words of two f16 each
/// (the low half holds the even column).
LLVM::LLVMStructType accumulatorStruct(MLIRContext *ctx, int64_t n,
                                       Type element);

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
                 const CollectiveAnalysis &analysis, OpBuilder &b)
      : proc(proc), device(device), ca(analysis), b(b), loc(device.getLoc()),
        ctx(proc.getContext()) {}

  /// Builds the kernel at the builder's insertion point (inside the
  /// gpu.module) and returns its launch description.
  FailureOr<KernelAttr> run();

  /// The PTX ISA version the target's features enable, times ten (80 for
  /// `+ptx80`): instructions newer than it are refused.
  int ptxVersion = 80;

  // What follows is the lowering's state and toolkit, public for the
  // emitters of the instruction families (InstrEmitterAttrInterface, in
  // Families/), which this class does not name.

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
  /// The vector of `elems` (all of one type), built element by element.
  Value vectorOf(ArrayRef<Value> elems) {
    Value v = LLVM::PoisonOp::create(
        b, loc,
        VectorType::get({static_cast<int64_t>(elems.size())},
                        elems.front().getType()));
    for (auto [i, e] : llvm::enumerate(elems))
      v = LLVM::InsertElementOp::create(b, loc, v, e, c32(i));
    return v;
  }
  Value inlineAsm(Type result, ValueRange operands, StringRef text,
                  StringRef constraints);
  /// The 64-bit index quotient (or remainder, `rem`), signed or not, of
  /// `a` by `d`: an arith op. By a run-time value, its result passes through
  /// a volatile move, which keeps LLVM from sinking the division (and the
  /// branches of its 32-bit fast path) to its first use: between a
  /// warpgroup's wgmmas and their commit, ptxas would close the group with
  /// a wgmma and a wait of its own (C7519). A div/rem .s64 PTX instruction
  /// instead (ptxas expands it as a subroutine) ran 2-11 % slower in the
  /// persistent attention kernels and up to 4 % in the ping-pong GEMMs.
  Value divideIndex(bool isSigned, bool rem, Value a, Value d);
  /// Every thread of the cluster: a cluster barrier (a CTA barrier without
  /// clusters).
  void clusterBarrier();
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
  /// The lowered values of `op`'s operands.
  FailureOr<SmallVector<Value>> loweredOperands(Operation &op);
  /// math operations, and divisions with the afn flag (Math.cpp).
  LogicalResult lowerMath(Operation &op);
  /// arith.truncf to and arith.extf from an fp8 type (Math.cpp).
  LogicalResult lowerFp8Conversion(Operation &op);
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
  /// The condition under which the threads `range` selects run a
  /// statement (CollectiveAnalysis::getGuard), given the threads that reach
  /// it (knownLo, knownHi); none where no reaching thread is in the range.
  Value guardOf(const ThreadRange &range);

  // Helpers.
  Value index(OpFoldResult ofr);
  /// The mbarrier at barrier indices (local part) as a shared pointer.
  Value mbarrierAddress(AllocOp alloc, ArrayRef<OpFoldResult> indices);
  Value mbarrierParity(AllocOp alloc, ArrayRef<OpFoldResult> indices);
  Value elementOffset(const View &v, ArrayRef<Value> rootIdx);
  /// The address of the first element of the one-dimensional window `v` of
  /// a root addressed by bytes (global memory or a thread's registers).
  Value firstElementAddress(const View &v) {
    return gepBytes(v.base, mul(elementOffset(v, rootIndices(v, {c64(0)})),
                                c64(getElementBytes(v.elemType))));
  }
  /// For a register array of instruction fragments (wgmma accumulators,
  /// A operands: [distributed..., tiles..., rows, cols]), the index of the
  /// fragment that root coordinates `root` (or a window's offsets) select
  /// among the thread's fragments.
  Value fragmentTileIndex(const View &v, ArrayRef<Value> root) {
    unsigned rank = v.staticExtents.size();
    Value idx = c64(0);
    for (unsigned d = v.numDistributed; d + 2 < rank; ++d)
      idx = add(mul(idx, v.extents[d]), root[d]);
    return idx;
  }
  /// The arithmetic of the fragment layouts (FragmentLayout.h) on i64
  /// index values: the layouts' non-negative divisions are unsigned.
  struct LayoutArith {
    KernelLowering &L;
    using Value = mlir::Value;
    Value add(Value x, Value y) { return L.add(x, y); }
    Value mul(Value x, int64_t c) { return L.mul(x, L.c64(c)); }
    Value div(Value x, int64_t c) {
      return arith::DivUIOp::create(L.b, L.loc, x, L.c64(c));
    }
    Value rem(Value x, int64_t c) {
      return arith::RemUIOp::create(L.b, L.loc, x, L.c64(c));
    }
  };
  LayoutArith layoutArith() { return {*this}; }
  /// Root indices of view position `idx` (window coordinates).
  SmallVector<Value> rootIndices(const View &v, ArrayRef<Value> idx);
  /// Whether root coordinates `root` of a global tensor lie inside it (an
  /// i1): every coordinate below its extent, compared unsigned. (The
  /// accumulator store's guard, Wgmma.cpp, keeps its own order of the same
  /// comparisons, so that its kernels' code stays as measured.)
  Value insideTensor(const View &v, ArrayRef<Value> root);
  /// A divisor of the extent of the tensor's last dimension: the one the
  /// proc's `requires` states for that size, or the extent's own (a
  /// constant, or a size `requires` pins).
  int64_t lastExtentDivisor(const View &v);
  /// A power of 2 that divides the extent of the tensor's last dimension
  /// (a constant, or a size the proc's `requires` makes a multiple), at most
  /// `cap`: the last coordinate of an element inside the tensor and that
  /// coordinate rounded down to a multiple of it lie inside together.
  int64_t lastExtentGroup(const View &v, int64_t cap);
  /// The address `p` of global memory where `inside` holds, the zero pad
  /// (kZeroPad, kZeroPadBytes long) elsewhere: an ordinary load of up to
  /// kZeroPadBytes bytes from it reads
  /// the tensor's element inside and 0 outside, with no branch (the loads of
  /// a loop stay in flight together) and nothing ptxas must keep live across
  /// an inline-assembly statement.
  Value addressOrZeroPad(Value p, Value inside);
  /// Stores `v` at the global-memory address `p` where `inside` holds: one
  /// predicated st.global for a 32-bit value or a vector of 2 or 4 of them
  /// (no branch, so that the stores of a loop stay in flight together and
  /// ptxas schedules the code around them as one block), a store under
  /// `scf.if` for any other type.
  void storeIfInside(Value v, Value p, Value inside);
  Value sharedAddress(const View &v, ArrayRef<Value> idx);
  /// The window of on-chip memory that argument `i` of `call` is, as the
  /// rules shared with the analyses see it (WindowGeometry), or an error.
  FailureOr<WindowGeometry> windowGeometry(CallOp call, unsigned i);
  /// Registers that a thread indexes as its own array (`regs`,
  /// `regs_uniform`), not an instruction's fragment (whose elements live in
  /// other lanes' registers, in the instruction's layout).
  static bool isPlainRegs(const View &v) {
    return v.kind == View::Regs &&
           (v.memory.getKind() == MemoryKind::Regs ||
            v.memory.getKind() == MemoryKind::RegsUniform);
  }
  /// For swizzled shared memory whose rows are whole multiples of the
  /// swizzle span: the address of element `idx` of the window. Such a
  /// tensor [..., R, L] is stored as L / W column chunks of W elements (one
  /// span) per row, each chunk an R x W swizzled box (TMA's layout for a box
  /// of W columns), chunks outside R: [..., L / W, R, W]. Without
  /// `swizzle`, the address before the XOR (a TMA box's start: TMA swizzles
  /// by address itself).
  Value swizzledAddress(const View &v, ArrayRef<Value> idx,
                        bool swizzle = true);
  /// Checks that every instance of `op`'s collective is, in each CTA, one
  /// warp or one thread, the same kind in all; returns whether they are
  /// single threads.
  FailureOr<bool> issuersPerCta(Operation *op, StringRef what);
  /// Whether the current thread is the first thread of its CTA part of the
  /// collective of `op` (an elected issuer), which must be one warp or one
  /// thread per CTA (issuersPerCta).
  FailureOr<Value> electedThread(Operation *op, StringRef what);
  /// Syncs the threads of one CTA part of `op`'s collective.
  LogicalResult syncCollective(Operation *op, StringRef what);
  FailureOr<AllocOp> barrierAlloc(Operation *user, Value barrier);
  /// Whether every element of the window `v` whose index in its last
  /// dimension is a multiple of `elems` lies at an element offset that is
  /// one: the window's last dimension is its tensor's last, its offset there
  /// is a multiple of `elems`, and so is the tensor's last extent (a
  /// constant, or a size whose `requires` says so).
  /// A copy instruction moves bytes: its destination must hold the element
  /// type of its source (a conversion in the instruction's body would not
  /// happen). Emits "<what> copies bytes ..." otherwise.
  LogicalResult sameElements(CallOp call, StringRef what, const View &dst,
                             const View &src);
  bool runsAligned(const View &v, int64_t elems);
  /// runsAligned for a window of a gmem argument; if it holds, records that
  /// the kernel assumes bases aligned to `elems` elements for that argument,
  /// which the launcher checks.
  bool alignedRuns(const View &v, int64_t elems);
  /// Whether a thread's pairs of adjacent elements of the window `v` start
  /// at even elements, so that each is one vector store: alignedRuns for a
  /// gmem window (with its launcher check), runsAligned otherwise.
  bool pairsAligned(const View &v) {
    return v.kind == View::Global ? alignedRuns(v, /*elems=*/2)
                                  : runsAligned(v, /*elems=*/2);
  }

  /// `launch = grid`: the trip counts of the task loops as affine functions
  /// of the proc's sizes (the launch description's `grid_tasks`), or an
  /// error at the loop whose trip count is not one.
  LogicalResult computeGridTasks(ArrayRef<ForOp> nest);

  ProcOp proc;
  DeviceFunctionOp device;
  /// What computeGridTasks found (null for a persistent launch).
  AffineMapAttr gridTasks;
  const CollectiveAnalysis &ca;
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
  /// For each size argument (by its kernel parameter), a number that
  /// divides every value the proc's `requires` allows it.
  DenseMap<Value, int64_t> sizeDivisors;
  /// The base alignment (bytes) the code assumes of gmem arguments, by
  /// argument number; the launcher rejects other pointers.
  std::map<unsigned, int64_t> gmemAlign;
  /// The calls completing into an mbarrier whose transaction bytes some
  /// arrive expects (Barriers.cpp); every such call must be one of them.
  DenseSet<Operation *> txExpected;
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
  /// Single-lane lowering of a one-warp group's control code (a producer
  /// warp): the outermost statements of the branch that only issue elected
  /// instructions, wait on and arrive per warp at mbarriers are lowered once,
  /// inside `if (lane == 0)`, instead of by the whole warp with an election
  /// and a warp barrier around every instruction. `laneZeroRoots` holds
  /// them for the branch being emitted; `singleLane` is set while lowering
  /// one, and makes `electedThread` and per-warp arrives skip the election.
  DenseSet<Operation *> laneZeroRoots;
  bool singleLane = false;
  /// Whether `op`, in the current branch, needs no lane but lane 0 of the
  /// branch's single warp (see `laneZeroRoots`).
  bool laneZeroSuffices(Operation *op);
  /// Whether all lanes of a warp run the same iterations of the threads
  /// loop `loop`.
  bool warpUniformIterations(ForOp loop);
  /// Whether every instance of `op` runs on whole warps (exactly one warp
  /// per CTA part with `oneWarp`).
  bool onWholeWarps(Operation *op, bool oneWarp = false);
  /// Fills `laneZeroRoots` for the current one-warp group's branch; empty
  /// when the group's threads can reach a data access other than a whole
  /// warp's TMA instruction, or an arrive by single lanes (its other lanes
  /// would skip the waits before it).
  void findLaneZeroRoots();

  // Per-thread values, valid in the kernel body.
  Value tid, cta, lane, warp, smemBase;
};

//===----------------------------------------------------------------------===//
// Inline helpers
//===----------------------------------------------------------------------===//

template <typename F>
LogicalResult KernelLowering::emitIf(Value cond, F &&then) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  return then();
}

} // namespace exo::nvvm

#endif // EXOGPU_LIB_CONVERSION_EXOTONVVM_KERNELLOWERING_H

//===- ExoOps.h - Operations of the exo dialect -----------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOOPS_H
#define EXOGPU_DIALECT_EXO_IR_EXOOPS_H

#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/ExoTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include <optional>
#include <string>

namespace exo {
/// The trait of statements (ExoInterfaces.td: Exo_Statement).
template <typename ConcreteType>
class Statement : public mlir::OpTrait::TraitBase<ConcreteType, Statement> {};

/// Whether `op` is a statement of an exo program (a loop, a conditional, an
/// allocation, a write, a call, a device function, a warp selection or a
/// synchronization), as opposed to an expression that statements use.
inline bool isStatement(mlir::Operation *op) {
  return op->hasTrait<Statement>();
}
} // namespace exo

#include "ExoGPU/Dialect/Exo/IR/ExoOpInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h.inc"

namespace exo {
/// The instruction proc of a family instance (built once per context).
ProcOp getInstructionProc(InstrFamilyAttr family);

/// The proc `call` calls: its family's instruction proc, or the proc its
/// callee symbol names (null if none).
ProcOp lookupCallee(CallOp call);

/// The proc a callee attribute names, seen from `at`: a family instance's
/// instruction proc, or the proc of the module named by a FlatSymbolRefAttr
/// (null if none).
ProcOp resolveCallee(mlir::Operation *at, mlir::Attribute callee);

/// A callee attribute for diagnostics: `@name` or the family instance.
std::string describeCallee(mlir::Attribute callee);

/// Whether `lowering` is the lowering of an instruction family's procs (the
/// lowering emits that hardware instruction).
bool isFamilyLowering(llvm::StringRef lowering);

/// The TMA engine's rule on where a box starts: at a multiple of 16 bytes
/// of the tensor's innermost dimension (on the H100 and the H200 any other
/// start faults at the copy, an illegal instruction; test/GPU/README.md).
/// `divisor` divides every innermost start coordinate the copy may have
/// (knownDivisor), in elements of `element`. Emits an error at `op` and
/// fails when it does not prove the rule.
mlir::LogicalResult checkTmaBoxStart(mlir::Operation *op, int64_t divisor,
                                     mlir::Type element);

/// The rule of an arrive on an mbarrier: it lowers to mbarrier.arrive,
/// which releases only the arriving threads' own accesses, so its timeline
/// is cuda_in_order or cuda_temporal (asynchronous copies complete through
/// a commit group or their trailing barrier). Emits an error at `arrive`
/// and fails otherwise; other barriers pass. The lowering and the
/// collective analysis both ask it.
mlir::LogicalResult checkMbarrierArriveTimeline(ArriveOp arrive);

/// The rule of a TMA load (#exo.tma, kind = load) on its completion: it
/// names a trailing mbarrier, which counts its transaction bytes. Emits an
/// error at `call` and fails otherwise. The lowering and the collective
/// analysis both ask it.
mlir::LogicalResult checkTmaLoadBarrier(CallOp call);

/// A window of a tensor (in shared or global memory, or registers) as the
/// rules of the instructions on its layout see it, which are the lowering's
/// addressing (docs/Lowering.md): per dimension of the allocation or
/// argument, its extent (a ring's depth for a ring dimension, kDynamic
/// for a size), its ring depth (0: none) and a divisor of the window's
/// offset there; per window dimension, the allocation dimension it runs
/// along and its extent (kDynamic for a whole ring). The leading
/// `numDistributed` dimensions are distributed over CTAs or threads (the
/// collective analysis says how many) and are no part of one CTA's buffer.
struct WindowGeometry {
  /// The allocation or the proc argument the window selects from.
  mlir::Value root;
  mlir::Type elemType;
  MemoryAttr memory;
  unsigned numDistributed = 0;
  llvm::SmallVector<int64_t> extents, rings, offsetDivisors;
  llvm::SmallVector<unsigned> kept;
  llvm::SmallVector<int64_t> sizes;

  /// The window `value` is: a chain of exo.window of an exo.alloc or a proc
  /// argument of a tensor (std::nullopt for anything else).
  static std::optional<WindowGeometry> get(mlir::Value value,
                                           unsigned numDistributed);
  /// Whether the window, from its dimension `first` on, is one dense box in
  /// row-major order (what a TMA copy reads or writes): its first
  /// dimension's allocation dimension is not distributed and not a ring,
  /// every later window dimension is a whole allocation dimension that is
  /// not a ring, and every later allocation dimension the window does not
  /// keep has extent 1.
  bool isDenseBox(unsigned first = 0) const;
  /// A number of bytes dividing the offset of the window's first element
  /// from the start of its buffer (buffers start at kBufferAlign bytes),
  /// counting only the allocation dimensions before `end` (all by
  /// default): the alignment the window's start provably has.
  int64_t startDivisor(unsigned end = ~0u) const;
  /// The alignment a TMA copy needs of its box in shared memory: the
  /// swizzle pattern's repeat (8 rows of one span), 128 bytes unswizzled.
  int64_t tmaAlign() const;
  /// Whether the window is of swizzled shared memory laid out in column
  /// chunks of one span (rows a multiple of the span, the last two
  /// dimensions no rings), and the span in elements.
  bool isChunkedSwizzle(int64_t &spanElems) const;

  /// The alignment of every on-chip buffer's start, in bytes.
  static constexpr int64_t kBufferAlign = 1024;
};

/// The rules of a TMA load (#exo.tma, kind = load) on its shared-memory
/// destination `dst`, whose source window keeps `sourceDims` dimensions and
/// moves `sourceRows` rows along its first, split among `issuers` CTAs
/// (each loads its slice): the same swizzle as the tensor map
/// (`mapSwizzle`); swizzled rows of one span; after its distributed
/// dimensions, as many dimensions as the source window, one dense box
/// starting at the swizzle pattern's alignment, and so each CTA's slice.
/// Sets `rowDim` to the window dimension of the rows. Emits an error at
/// `op` and fails otherwise. The lowering and the collective analysis both
/// ask it.
mlir::LogicalResult
checkTmaLoadDestination(mlir::Operation *op, const WindowGeometry &dst,
                        int64_t mapSwizzle, unsigned sourceDims,
                        int64_t sourceRows, int64_t issuers, unsigned &rowDim);

/// The rules of a TMA store or reduce-add on its shared-memory source
/// `src`: the same swizzle as the tensor map; swizzled rows of whole spans
/// (a window of the last two dimensions, stored in `chunks` boxes of one
/// span's columns, `chunked`; or rows of one span of any dimensions); one
/// dense box starting at the swizzle pattern's alignment (each chunk).
/// Emits an error at `op` and fails otherwise. The lowering and the
/// collective analysis both ask it.
mlir::LogicalResult checkTmaStoreSource(mlir::Operation *op,
                                        const WindowGeometry &src,
                                        int64_t mapSwizzle, int64_t &span,
                                        int64_t &chunks, bool &chunked);

/// The rules of cp.async (#exo.cp_async) of `bytes` on its operands: the
/// destination one run of `bytes` along the last dimension of unswizzled
/// shared memory, starting at a multiple of `bytes` bytes; the source one
/// such run of global memory, starting at a multiple of its elements in
/// rows whose length is one. Emits an error at `op` and fails otherwise.
/// The lowering and the collective analysis both ask it.
mlir::LogicalResult checkCpAsyncOperands(mlir::Operation *op, int64_t bytes,
                                         const WindowGeometry &dst,
                                         const WindowGeometry &src);

/// The rules of a 16-byte vector global load or store (#exo.global of kind
/// load or store) on its operands: one run of 16 bytes of elements along
/// the last dimension of a thread's own registers (`regs`, not an
/// instruction's fragment) and along the last dimension of a global tensor
/// (`mem`), of one element type; the global run starts at a multiple of its
/// length and, when the tensor has more than one dimension, so does every
/// row (its last extent a multiple of the run). Emits an error at `op` and
/// fails otherwise. The lowering and the collective analysis both ask it.
mlir::LogicalResult checkVectorGlobalOperands(mlir::Operation *op, bool load,
                                              const WindowGeometry &regs,
                                              const WindowGeometry &mem);

/// The rule of the stmatrix store of a wgmma accumulator of `n` columns
/// (#exo.wgmma_store of bf16 or f16 into shared memory) on its destination
/// `dst`: a 64 x `n` window of unswizzled 16-bit shared memory along its
/// tensor's last dimension, whose rows are a constant multiple of 16 bytes
/// apart and whose first column is a multiple of 8. Emits an error at `op`
/// and fails otherwise. The lowering and the collective analysis both ask
/// it.
mlir::LogicalResult checkStmatrixDestination(mlir::Operation *op, int64_t n,
                                             const WindowGeometry &dst);

/// The rules of ldmatrix / stmatrix (the mma.sync family's `load_a`,
/// `load_b`, `stmatrix_c`) on their shared-memory window `v`: a `rows` x
/// `cols` window of unswizzled shared memory along its tensor's last
/// dimension, whose rows are a constant multiple of 16 bytes apart and
/// whose first column is at a multiple of 16 bytes. `what` starts the
/// message ("ldmatrix reads", "stmatrix writes"). Emits an error at `op`
/// and fails otherwise. The lowering and the collective analysis (through
/// checkMmaFragments) both ask it.
mlir::LogicalResult checkMatrixWindow(mlir::Operation *op, llvm::StringRef what,
                                      int64_t rows, int64_t cols,
                                      const WindowGeometry &v);

/// The rules of a K-major shared-memory operand of a wgmma of `dtype`
/// operands (#exo.wgmma), `rows` x K (K: 32 bytes of `dtype`), which its
/// descriptor addresses: in swizzled shared memory, rows of one swizzle
/// span along the tensor's last dimension, no ring, the first row at a
/// multiple of 8 rows (a swizzle pattern); unswizzled, a [2, rows, 16
/// bytes] window of core matrices of a tensor whose rows are 16 bytes.
/// Emits an error at `op` and fails otherwise. The lowering and the
/// collective analysis both ask it.
mlir::LogicalResult checkWgmmaOperand(mlir::Operation *op, mlir::Type dtype,
                                      const WindowGeometry &v, int64_t rows);

/// The rules of an N-major B operand of a wgmma of `dtype` operands and
/// `n` columns: an [n / s, K, s] window of swizzled shared memory (s
/// columns one span) whose last dimension is one span, K rows consecutive,
/// starting at a swizzle pattern. Emits an error at `op` and fails
/// otherwise. The lowering and the collective analysis both ask it.
mlir::LogicalResult checkWgmmaNMajorB(mlir::Operation *op, mlir::Type dtype,
                                      const WindowGeometry &v, int64_t n);

/// The rule of an mma.sync fragment operand (`what`: "an A fragment", ...):
/// a window of `kind` registers keeping the last two dimensions, a whole
/// `rows` x `cols` fragment, the others points (the lowering addresses the
/// thread's registers of that fragment). Emits an error at `op` and fails
/// otherwise.
mlir::LogicalResult checkMmaFragment(mlir::Operation *op, llvm::StringRef what,
                                     const WindowGeometry &v, MemoryKind kind,
                                     int64_t rows, int64_t cols);

/// checkMmaFragment on every fragment operand of `call`, an instance of
/// `mma` (#exo.mma), in the order the lowering addresses them, then
/// checkMmaStoreDestination on a store's destination and checkMatrixWindow
/// on the shared memory of ldmatrix and stmatrix; `geometry` gives the
/// window of an argument (std::nullopt: not checked). The collective
/// analysis asks it; the lowering asks each rule as it addresses the
/// operand.
mlir::LogicalResult checkMmaFragments(
    CallOp call, MmaAttr mma,
    llvm::function_ref<std::optional<WindowGeometry>(unsigned)> geometry);

/// The rule of a wgmma accumulator store or reduce-add (#exo.wgmma_store)
/// of `n` columns on its destination: a 64 x `n` window of global memory,
/// of unswizzled shared memory, or of swizzled shared memory whose rows are
/// whole swizzle spans (a window of its last two dimensions, its first
/// column even; `span` is set to the span in elements); where it may reach
/// past the end of its tensor (`oob`), a window of the last two dimensions
/// of a global tensor. Emits an error at `op` and fails otherwise. The
/// lowering and the collective analysis both ask it.
mlir::LogicalResult checkAccumulatorStoreDestination(mlir::Operation *op,
                                                     const WindowGeometry &dst,
                                                     int64_t n, bool oob,
                                                     int64_t &span);

/// The rule of a TMA copy on its tensor-map window `map`: one box per
/// issuing CTA, the window's first dimension split among `split` CTAs and
/// its last in `chunks` boxes (a store from swizzled rows of several
/// spans), and the box's start (checkTmaBoxStart). Emits an error at `op`
/// and fails otherwise. The lowering and the collective analysis both ask
/// it.
mlir::LogicalResult checkTmaBox(mlir::Operation *op, const WindowGeometry &map,
                                int64_t split, int64_t chunks = 1);

/// The rule of an mma.sync accumulator store (#exo.mma, part = store_c) on
/// its destination: a 16 x 8 window of unswizzled shared memory or of
/// global memory of `accumulator`s. Emits an error at `op` and fails
/// otherwise (asked through checkMmaFragments).
mlir::LogicalResult checkMmaStoreDestination(mlir::Operation *op,
                                             const WindowGeometry &dst,
                                             mlir::Type accumulator);

/// The rule of an allocation in device code with `numDistributed`
/// distributed dimensions: a barrier whose other dimensions are constants
/// or rings (its elements live on chip); shared memory, or registers but
/// regs_uniform (other memories have no GPU lowering), whose part in one
/// CTA or thread counts its bytes in 63 bits; a fragment ends in the tile
/// its instruction family holds per warpgroup or warp (a wgmma accumulator
/// 64 x N f32 or f16, a wgmma A operand 64 x 32 bytes, an mma.sync operand
/// or accumulator its 16 x 8, 8 x K or 16 x K tile). Emits an error at
/// `alloc` and fails otherwise. The lowering and the collective analysis
/// both ask it.
mlir::LogicalResult checkDeviceAllocation(AllocOp alloc,
                                          unsigned numDistributed);

/// The rule of an element access (read, assign, reduce) to swizzled shared
/// memory, a window `g`: its rows are whole swizzle spans and its last two
/// dimensions are no rings (isChunkedSwizzle), so that the element's address
/// is the one TMA and wgmma use. Emits an error at `op` and fails otherwise.
/// The lowering and the collective analysis both ask it.
mlir::LogicalResult checkSwizzledElementAccess(mlir::Operation *op,
                                               const WindowGeometry &g);

/// A number that divides the last extent of the tensor `root` (a proc
/// argument or an allocation): the constant, or what the proc's `requires`
/// states of the size that names it (`N mod 8 == 0`; a size it pins is
/// that constant); 1 when nothing is known.
int64_t lastExtentDivisorOf(mlir::Value root);

/// The family instance `call` issues: its callee when that is one, else, for
/// a hand-written instruction proc with a family's lowering, the instance
/// whose proc has its lowering and signature (null if none; that the proc
/// states what the instance does is verifyHardwareInstruction's question).
InstrFamilyAttr getCalledFamily(CallOp call);

/// A hand-written instruction proc whose lowering is a family's must state
/// exactly what one instance of that family states (signature, accesses,
/// instr<...>, body up to names): the checkers read the proc and the
/// lowering emits the instruction, so the two must agree. Procs
/// materialized from a family (marked exo.family) and other lowerings pass.
/// The GPU lowering requires it of every hand-written proc it emits.
mlir::LogicalResult verifyHardwareInstruction(ProcOp proc);

/// Copies the instruction proc of every family instance that `module` calls
/// into `module` (marked with its instance), so that code that needs
/// symbols (the CPU lowering, a reader) finds them. Fails, with a
/// diagnostic, on another symbol of one of their names.
mlir::LogicalResult materializeInstructions(mlir::ModuleOp module);

/// The value of the index name `name` at `at`: the iterator of the innermost
/// enclosing exo.for of that name, else the proc's index argument of that
/// name; null when there is none.
mlir::Value lookupIndexName(mlir::Operation *at, llvm::StringRef name);

/// The display name of a tensor (allocation or proc argument); "?" for
/// another value.
std::string tensorName(mlir::Value tensor);

/// Whether `op` writes one element (an assign or a reduce).
inline bool isElementWrite(mlir::Operation *op) {
  auto access = llvm::dyn_cast<ElementAccessOpInterface>(op);
  return access && access.writesElement();
}

/// The source (read) or destination (assign, reduce) and the indices of an
/// element access; false for any other op.
bool getAccess(mlir::Operation *op, mlir::Value &tensor,
               llvm::SmallVectorImpl<mlir::OpFoldResult> &indices);

/// The device function enclosing `op`, if any.
DeviceFunctionOp getEnclosingDeviceFunction(mlir::Operation *op);

/// Whether Fence(first, second) is one the GPU has: the wgmma fence, or a
/// fence between the generic timelines (cuda_in_order, cuda_temporal,
/// cuda_generic_and_async_proxy). FenceOp::verify admits only these in
/// device code.
bool isGpuFence(SyncTimeline first, SyncTimeline second);

/// Whether a tensor in `mem` may be allocated at `where` (device code
/// allocates on-chip memories, host code `dram` and `gmem`); `why` says why
/// not.
mlir::LogicalResult checkAllocatable(mlir::Operation *where, MemoryAttr mem,
                                     std::string &why);

/// Whether the element access `op` (a write if `isWrite`) may touch a tensor
/// in `mem` where it stands (host code accesses `dram`, device code the
/// rest); `why` says why not.
mlir::LogicalResult checkAccessScope(mlir::Operation *op, MemoryAttr mem,
                                     bool isWrite, std::string &why);

/// Why `mode` cannot annotate `loop` where it stands with its current
/// bounds, or std::nullopt when it can. The exo.for verifier and
/// transform.exo.set_loop_mode share it.
std::optional<std::string> checkLoopMode(ForOp loop, LoopModeAttr mode);

/// Whether `view` may reach past its tensor (it is then a view of the
/// zero-extended tensor): an `oob` window, a window of such a view, or an
/// instruction's parameter declared `oob`.
bool isOobView(mlir::Value view);

/// Whether the element access `op` (exo.read, exo.assign, exo.reduce) may
/// fall outside its tensor: it is marked `oob` or goes through an oob view.
bool isOobAccess(mlir::Operation *op);

/// The most copies of a statement that the GPU lowering's unrolling of
/// loops over registers makes (the product of the trip counts of the
/// unrolled loops around it).
constexpr int64_t kMaxUnrolledCopies = 4096;

/// Whether the GPU lowering unrolls `loop`, so that each of its iterations
/// addresses registers by constant indices: a seq loop with constant bounds
/// whose body accesses register memory element by element or takes windows
/// of it, whose trip count times those of the unrolled loops around it in
/// its device function is at most kMaxUnrolledCopies (a longer one stays a
/// loop). The lowering and the collective analysis both ask it.
bool isUnrolledRegisterLoop(ForOp loop);

/// Parses the index list of a barrier expression, `[%i, 3, :]` (optional):
/// integers, index operands and, with `allowMulticast`, `:` (stored as
/// kMulticastIndex; dynamic entries as ShapedType::kDynamic).
mlir::ParseResult parseBarrierIndices(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands,
    llvm::SmallVectorImpl<int64_t> &statics, bool allowMulticast);
/// Prints such a list, consuming dynamic entries from the front of
/// `dynamics`.
void printBarrierIndices(mlir::OpAsmPrinter &p, llvm::ArrayRef<int64_t> statics,
                         mlir::ValueRange &dynamics);
} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_EXOOPS_H

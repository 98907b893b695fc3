//===- Rewrites.h - Scheduling rewrites of exo programs ---------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Each rewrite checks its whole precondition before it touches the IR; on a
// failed precondition it returns failure, fills a Refusal that says why, and
// leaves the IR as it was. The transform.exo.* ops are thin wrappers. The
// dependence and divisibility questions are answered with MLIR's Presburger
// library (ExoGPU/Analysis/Dependence.h).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_TRANSFORMS_REWRITES_H
#define EXOGPU_TRANSFORMS_REWRITES_H

#include "ExoGPU/Analysis/Dependence.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"
#include <optional>
#include <string>

namespace exo {

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// The exo.for loops under `root` (root included) whose iterator is `name`,
/// in pre-order.
llvm::SmallVector<ForOp> matchLoops(mlir::Operation *root,
                                    llvm::StringRef name);

//===----------------------------------------------------------------------===//
// divide_loop
//===----------------------------------------------------------------------===//

enum class TailStrategy { Perfect, Guard, Cut };

struct DividedLoop {
  ForOp outer;
  ForOp inner;
  /// The loop over the last partial chunk (`Cut` only; null when the trip
  /// count is a constant multiple of the factor).
  ForOp tail;
};

/// Checks the precondition of divideLoop without changing anything.
mlir::LogicalResult checkDivideLoop(ForOp loop, int64_t factor,
                                    llvm::StringRef outerName,
                                    llvm::StringRef innerName,
                                    TailStrategy tail, Refusal &why);

/// Rewrites `loop` (i from lo to hi) into an outer loop `outerName` and an
/// inner loop `innerName` of `factor` iterations, i = lo + factor * io + ii;
/// `tail` says how a partial last chunk is handled (see
/// transform.exo.divide_loop).
mlir::FailureOr<DividedLoop> divideLoop(mlir::RewriterBase &rewriter,
                                        ForOp loop, int64_t factor,
                                        llvm::StringRef outerName,
                                        llvm::StringRef innerName,
                                        TailStrategy tail, Refusal &why);

//===----------------------------------------------------------------------===//
// reorder_loops
//===----------------------------------------------------------------------===//

struct ReorderedLoops {
  ForOp outer; ///< Iterates over the former inner loop's range.
  ForOp inner; ///< Iterates over the former outer loop's range.
};

/// Checks the precondition of reorderLoops without changing anything.
mlir::LogicalResult checkReorderLoops(ForOp outer, Refusal &why);

/// Swaps `outer` with the single loop nested in it (see
/// transform.exo.reorder_loops).
mlir::FailureOr<ReorderedLoops> reorderLoops(mlir::RewriterBase &rewriter,
                                             ForOp outer, Refusal &why);

//===----------------------------------------------------------------------===//
// set_loop_mode
//===----------------------------------------------------------------------===//

/// Checks that `loop` may take `mode` without changing anything.
mlir::LogicalResult checkSetLoopMode(ForOp loop, LoopModeAttr mode,
                                     Refusal &why);

/// Sets the mode of `loop` after checking that it may take it.
mlir::LogicalResult setLoopMode(mlir::RewriterBase &rewriter, ForOp loop,
                                LoopModeAttr mode, Refusal &why);

//===----------------------------------------------------------------------===//
// fission
//===----------------------------------------------------------------------===//

struct FissionedLoops {
  ForOp first;  ///< The loop that keeps the statement (the original op).
  ForOp second; ///< The new loop after it, holding what followed.
};

/// Checks the precondition of fission without changing anything.
mlir::LogicalResult checkFission(mlir::Operation *stmt, int64_t depth,
                                 Refusal &why);

/// Splits the `depth` loops around `stmt` after it: each loop is followed by
/// a copy of its header holding what followed `stmt` (see
/// transform.exo.fission).
mlir::FailureOr<FissionedLoops> fission(mlir::RewriterBase &rewriter,
                                        mlir::Operation *stmt, int64_t depth,
                                        Refusal &why);

//===----------------------------------------------------------------------===//
// unroll
//===----------------------------------------------------------------------===//

/// Checks the precondition of unroll without changing anything.
mlir::LogicalResult checkUnroll(ForOp loop, int64_t maxTrips, Refusal &why);

/// Replaces `loop` (constant bounds, at most `maxTrips` iterations) by one
/// copy of its body per iteration.
mlir::LogicalResult unroll(mlir::RewriterBase &rewriter, ForOp loop,
                           int64_t maxTrips, Refusal &why);

//===----------------------------------------------------------------------===//
// cut_loop, join_loops, shift_loop
//===----------------------------------------------------------------------===//

struct CutLoops {
  ForOp first;  ///< [lo, cut)
  ForOp second; ///< [cut, hi)
};

mlir::LogicalResult checkCutLoop(ForOp loop, int64_t cut, Refusal &why);

/// Rewrites `loop` over [lo, hi) into a loop over [lo, cut) followed by a
/// loop over [cut, hi), both with the body.
mlir::FailureOr<CutLoops> cutLoop(mlir::RewriterBase &rewriter, ForOp loop,
                                  int64_t cut, Refusal &why);

mlir::LogicalResult checkJoinLoops(ForOp first, ForOp second, Refusal &why);

/// The inverse of cutLoop: `first` over [lo, m) and `second` over [m, hi),
/// with equal bodies, become one loop over [lo, hi).
mlir::FailureOr<ForOp> joinLoops(mlir::RewriterBase &rewriter, ForOp first,
                                 ForOp second, Refusal &why);

mlir::LogicalResult checkShiftLoop(ForOp loop, int64_t start, Refusal &why);

/// Rewrites `loop` over [lo, hi) to iterate over [start, start + hi - lo),
/// with the old iterator i' - start + lo in the body.
mlir::FailureOr<ForOp> shiftLoop(mlir::RewriterBase &rewriter, ForOp loop,
                                 int64_t start, Refusal &why);

//===----------------------------------------------------------------------===//
// lift_alloc, sink_alloc
//===----------------------------------------------------------------------===//

mlir::LogicalResult checkLiftAlloc(AllocOp alloc, Refusal &why);

/// Moves `alloc` from the body of its enclosing loop to just before it.
mlir::LogicalResult liftAlloc(mlir::RewriterBase &rewriter, AllocOp alloc,
                              Refusal &why);

/// The loop `alloc` would sink into, after checking the precondition.
mlir::FailureOr<ForOp> checkSinkAlloc(AllocOp alloc, Refusal &why);

/// Moves `alloc` into the start of the body of the only loop that uses it.
mlir::LogicalResult sinkAlloc(mlir::RewriterBase &rewriter, AllocOp alloc,
                              Refusal &why);

//===----------------------------------------------------------------------===//
// stage_mem, expand_dim, divide_dim, rearrange_dim, set_memory, bind_expr
// (MemoryRewrites.cpp)
//===----------------------------------------------------------------------===//

struct StagedMem {
  AllocOp alloc; ///< The staged copy.
  /// The statement that fills (or zeroes) it: a loop nest, or one assign
  /// when the window has one element; null when the first statement
  /// overwrites the whole window.
  mlir::Operation *copyInStmt = nullptr;
  /// The statement that writes it back (null when the statements only read).
  mlir::Operation *copyOutStmt = nullptr;
  ForOp copyIn, copyOut; ///< The loops of those (null for one element).
};

/// Checks the precondition of stageMem without changing anything.
mlir::LogicalResult checkStageMem(llvm::ArrayRef<mlir::Operation *> stmts,
                                  llvm::StringRef tensorName,
                                  llvm::ArrayRef<std::string> offsets,
                                  llvm::ArrayRef<int64_t> sizes,
                                  MemoryAttr memory, Refusal &why);

/// Redirects every access of the tensor `tensorName` in the consecutive
/// statements `stmts` to a new tensor `newName` in `memory` holding the
/// window at `offsets` (linear index expressions) of extents `sizes`: the
/// window is copied in before (zeroed when the statements only reduce into
/// it) and written (added) back after when the statements write it.
mlir::FailureOr<StagedMem>
stageMem(mlir::RewriterBase &rewriter, llvm::ArrayRef<mlir::Operation *> stmts,
         llvm::StringRef tensorName, llvm::ArrayRef<std::string> offsets,
         llvm::ArrayRef<int64_t> sizes, llvm::StringRef newName,
         MemoryAttr memory, Refusal &why);

mlir::LogicalResult checkExpandDim(AllocOp alloc, int64_t size,
                                   int64_t ringDepth, llvm::StringRef guard,
                                   llvm::StringRef index, Refusal &why);

/// Adds a leading dimension of extent `size` to `alloc`, indexed in every
/// access by `index` (a linear expression of the iterators around the
/// allocation and sizes, proved to lie in [0, size)). With `ringDepth` > 0
/// the dimension is an unbounded ring of that many slots (`? ring d`)
/// guarded by the mbarrier array `guard`, and the index is proved >= 0.
mlir::LogicalResult expandDim(mlir::RewriterBase &rewriter, AllocOp alloc,
                              int64_t size, int64_t ringDepth,
                              llvm::StringRef guard, llvm::StringRef index,
                              Refusal &why);

mlir::LogicalResult checkDivideDim(AllocOp alloc, int64_t dim, int64_t factor,
                                   Refusal &why);

/// Splits dimension `dim` (constant extent n) of `alloc` into n / factor and
/// factor; index i becomes (i / factor, i mod factor).
mlir::LogicalResult divideDim(mlir::RewriterBase &rewriter, AllocOp alloc,
                              int64_t dim, int64_t factor, Refusal &why);

mlir::LogicalResult checkRearrangeDim(AllocOp alloc,
                                      llvm::ArrayRef<int64_t> permutation,
                                      Refusal &why);

/// Permutes the dimensions of `alloc`: new dimension k is old dimension
/// permutation[k].
mlir::LogicalResult rearrangeDim(mlir::RewriterBase &rewriter, AllocOp alloc,
                                 llvm::ArrayRef<int64_t> permutation,
                                 Refusal &why);

mlir::LogicalResult checkSetMemory(mlir::Value tensor, MemoryAttr memory,
                                   Refusal &why);

/// Moves a tensor (an allocation, or an argument of a proc nobody calls) and
/// its windows to `memory`.
mlir::LogicalResult setMemory(mlir::RewriterBase &rewriter, mlir::Value tensor,
                              MemoryAttr memory, Refusal &why);

/// bind_expr's preconditions: `value` a scalar data value with uses, in a
/// scheduled proc, storable in `memory` there; `name` a new name
/// (refuseNewName).
mlir::LogicalResult checkBindExpr(mlir::Value value, llvm::StringRef name,
                                  MemoryAttr memory, Refusal &why);

/// Stores the scalar `value` in a new one-element tensor `name` right after
/// it is computed, and makes its uses read it back.
mlir::FailureOr<AllocOp> bindExpr(mlir::RewriterBase &rewriter,
                                  mlir::Value value, llvm::StringRef name,
                                  MemoryAttr memory, Refusal &why);

//===----------------------------------------------------------------------===//
// fuse, add_loop, inline, specialize, set_precision (StmtRewrites.cpp)
//===----------------------------------------------------------------------===//

/// Merges the loop `first` with the loop `second` that directly follows it
/// (equal bounds and modes) into one loop running both bodies per
/// iteration, when no dependence between the bodies is reversed.
mlir::FailureOr<ForOp> fuseLoops(mlir::RewriterBase &rewriter, ForOp first,
                                 ForOp second, Refusal &why);

/// Wraps `stmt` in `for name in [0, hi): if name == 0 { stmt }` (hi a
/// constant or a size proved to be at least 1).
mlir::FailureOr<ForOp> addLoop(mlir::RewriterBase &rewriter,
                               mlir::Operation *stmt, llvm::StringRef name,
                               llvm::StringRef hi, Refusal &why);

/// The result of reduceTree: one nest per level of the tree (its outermost
/// loop), the final reduction and the second buffer.
struct ReducedTree {
  llvm::SmallVector<mlir::Operation *> levels;
  mlir::Operation *final = nullptr;
  AllocOp temp;
};

/// Turns the sum `for b_{n-1} .. b_0 in [0, 2): y[I] += t[b_{n-1}, .., b_0,
/// c..]` into a butterfly over the n bits: level j adds, for every setting
/// of the other bits, the pair of elements that differ in bit b_{n-1-j} and
/// stores the sum into both (`for c in [0, 2): dst[.., c, ..] = src[.., 0,
/// ..] + src[.., 1, ..]`), alternating between t and a new tensor
/// `tempName` of t's type), then y[I] += the final t or temp at [0, .., 0,
/// c..]. A maximum or minimum (`y[I] = max(y[I], t[..])` by
/// arith.maximumf / minimumf) becomes the same butterfly of maxima (minima)
/// and `y[I] = max(y[I], total)`, exactly. The sum is re-associated, like
/// reordering reductions: equal in real arithmetic, not bit for bit. t must be
/// a local tensor that nothing uses after the loop nest (its values are
/// overwritten).
mlir::FailureOr<ReducedTree> reduceTree(mlir::RewriterBase &rewriter,
                                        ForOp nest, llvm::StringRef tempName,
                                        Refusal &why);

/// Replaces a call of a proc (not an instruction) by the callee's body.
mlir::LogicalResult inlineCall(mlir::RewriterBase &rewriter, CallOp call,
                               Refusal &why);

/// Replaces `stmt` by `if cond { stmt } else { stmt }`, where `cond` is a
/// comparison of two linear index expressions.
mlir::FailureOr<IfOp> specialize(mlir::RewriterBase &rewriter,
                                 mlir::Operation *stmt, llvm::StringRef cond,
                                 Refusal &why);

/// Wraps the synchronization statement `stmt` (fence, arrive, await) in
/// `if cond { stmt }`: sequentially meaningless, like the statement.
mlir::FailureOr<IfOp> guardSync(mlir::RewriterBase &rewriter,
                                mlir::Operation *stmt, llvm::StringRef cond,
                                Refusal &why);

/// Changes the element type of the tensor `alloc` to `type` (a float type):
/// values are converted on every write and read. The one rewrite that
/// changes results, by rounding.
mlir::LogicalResult setPrecision(mlir::RewriterBase &rewriter, AllocOp alloc,
                                 mlir::Type type, Refusal &why);

//===----------------------------------------------------------------------===//
// simplify (Simplify.cpp)
//===----------------------------------------------------------------------===//

/// Replaces the sizes that `requires` pins by their constants in index
/// arithmetic and folds it, hoists loop-invariant index arithmetic, merges
/// equal computations and erases unused arithmetic in `proc` (refused for
/// an instruction).
mlir::LogicalResult simplify(mlir::RewriterBase &rewriter, ProcOp proc,
                             Refusal &why);

//===----------------------------------------------------------------------===//
// replace (Replace.cpp)
//===----------------------------------------------------------------------===//

/// Checks `replace`'s preconditions without rewriting. The tensors in
/// `movesToGmem` count as global memory (they are about to move there: see
/// wrapDeviceFunction's host statements).
mlir::LogicalResult
checkReplace(mlir::Operation *stmt, mlir::Attribute callee, Refusal &why,
             const llvm::SmallPtrSetImpl<mlir::Value> *movesToGmem = nullptr);

/// Replaces `stmt` by a call of the instruction `callee` (an instruction
/// family instance, or a FlatSymbolRefAttr naming an instruction proc of the
/// module) when the
/// statement unifies with the instruction's body: each window parameter is
/// bound to a window of one tensor at offsets that do not depend on the
/// unified loops, each tensor parameter to a whole tensor, each size
/// parameter to the bound of the loops its loops unify with.
mlir::FailureOr<CallOp> replace(mlir::RewriterBase &rewriter,
                                mlir::Operation *stmt, mlir::Attribute callee,
                                Refusal &why);

//===----------------------------------------------------------------------===//
// GPU structure and syncs (GpuRewrites.cpp). Sequentially meaningless: each
// checks that its result verifies and, if not, restores the IR.
//===----------------------------------------------------------------------===//

/// Inserts `exo.fence(first, second)` before or after `stmt`.
mlir::FailureOr<mlir::Operation *>
insertFence(mlir::RewriterBase &rewriter, mlir::Operation *stmt, bool after,
            SyncTimeline first, SyncTimeline second, Refusal &why);

/// Inserts `exo.arrive(timeline) >> barrier[coords]` before or after
/// `stmt`; coordinates are linear index expressions or ":" (multicast).
mlir::FailureOr<mlir::Operation *>
insertArrive(mlir::RewriterBase &rewriter, mlir::Operation *stmt, bool after,
             SyncTimeline timeline, llvm::StringRef barrier,
             llvm::ArrayRef<std::string> coords, Refusal &why);

/// Inserts `exo.await(barrier[coords], timeline, pending)`.
mlir::FailureOr<mlir::Operation *>
insertAwait(mlir::RewriterBase &rewriter, mlir::Operation *stmt, bool after,
            llvm::StringRef barrier, llvm::ArrayRef<std::string> coords,
            SyncTimeline timeline, int64_t pending, Refusal &why);

/// Allocates a barrier array of `type` called `name` before `stmt`.
mlir::FailureOr<AllocOp> insertBarrierAlloc(mlir::RewriterBase &rewriter,
                                            mlir::Operation *stmt,
                                            llvm::StringRef name,
                                            mlir::Type type, Refusal &why);

/// Makes the instruction call signal `barrier[coords]` when its
/// asynchronous accesses complete.
mlir::LogicalResult setTrailingBarrier(mlir::RewriterBase &rewriter,
                                       CallOp call, llvm::StringRef barrier,
                                       llvm::ArrayRef<std::string> coords,
                                       Refusal &why);

/// Makes dimension `dim` of `alloc` a ring of `depth` physical slots (of
/// unbounded extent `?` with `unbounded`); a tensor names the mbarrier array
/// that guards it.
mlir::LogicalResult setRingBuffer(mlir::RewriterBase &rewriter, AllocOp alloc,
                                  int64_t dim, int64_t depth, bool unbounded,
                                  llvm::StringRef guard, Refusal &why);

/// Wraps consecutive statements in `exo.warps` (a named group, optionally
/// its warps [lo, hi), or warps [lo, hi) of the collective).
mlir::FailureOr<WarpsOp> wrapWithWarps(mlir::RewriterBase &rewriter,
                                       llvm::ArrayRef<mlir::Operation *> stmts,
                                       std::optional<llvm::StringRef> group,
                                       std::optional<int64_t> lo,
                                       std::optional<int64_t> hi, Refusal &why);

/// Wraps a loop nest in an `exo.device_function` whose outermost
/// `taskLoops` loops become `cuda_tasks`; the proc's `dram` arguments it
/// accesses move to `gmem` (no host code may use them any more). The host
/// statements `hostStmts` may use them too: in the same rewrite, each is
/// replaced by a call of the host-stream instruction `hostCallee` (a family
/// instance or a FlatSymbolRefAttr; e.g. a zeroing loop by cudaMemsetAsync,
/// `#exo.memset0<...>`), which then reads or writes them in global memory.
/// The `dram` allocations `allocs` inside the nest move to `allocMemory` (as
/// by setMemory) in the same rewrite.
mlir::FailureOr<DeviceFunctionOp> wrapDeviceFunction(
    mlir::RewriterBase &rewriter, llvm::ArrayRef<mlir::Operation *> stmts,
    std::optional<int64_t> blockDim, llvm::ArrayRef<mlir::Attribute> warpGroups,
    int64_t clusterDim, int64_t blocksPerSM, int64_t taskLoops, Refusal &why,
    llvm::ArrayRef<mlir::Operation *> hostStmts = {},
    mlir::Attribute hostCallee = {},
    llvm::ArrayRef<mlir::Operation *> allocs = {}, MemoryAttr allocMemory = {});

/// Lifts the ring buffers and ring barrier arrays allocated directly in the
/// seq loop `tiles` out of it, chaining their logical elements: iteration t
/// uses elements t * S + i where it used i, S the trip count of the loop
/// `stepName` inside (so the phases of a persistent task's rings run on from
/// tile to tile). Each ring tensor is proved to be indexed within [0, S) in
/// every iteration, so no value flows between iterations.
mlir::FailureOr<llvm::SmallVector<AllocOp>>
chainRings(mlir::RewriterBase &rewriter, ForOp tiles, llvm::StringRef stepName,
           Refusal &why);

/// Moves (or, with `copy`, copies) `stmt`, a statement made of
/// synchronization only (fences, arrives, awaits, and the loops, warps and
/// guards around them), before or after `target`. Sequentially it means
/// nothing; the values it uses must be available at the new place.
mlir::FailureOr<mlir::Operation *> moveSync(mlir::RewriterBase &rewriter,
                                            mlir::Operation *stmt,
                                            mlir::Operation *target, bool after,
                                            bool copy, Refusal &why);

/// The loops of a persistent task nest: one task per cluster (`cluster`, over
/// the new size argument) and its sequential loop over the tiles it computes.
struct PersistentTasks {
  ForOp cluster;
  ForOp tiles;
};

/// Rewrites the `cuda_tasks` nest whose outermost loop is `outer` (extents
/// E1 .. En, from 0) into one task per cluster: a new size argument `count`
/// marked `exo.cluster_count` (required >= 1), `for clusterName in [0,
/// count) cuda_tasks { for tileName in [0, ceil((T - c) / count)) seq {
/// body } }` with T = E1 .. En and the old iterators the mixed-radix digits
/// of `c + tileName * count` (innermost fastest). Sequentially every task
/// still runs once, in another order, so the tasks are proved independent.
mlir::FailureOr<PersistentTasks>
persistTasks(mlir::RewriterBase &rewriter, ForOp outer, llvm::StringRef count,
             llvm::StringRef clusterName, llvm::StringRef tileName,
             Refusal &why);

/// drop_bounds_guard: replaces the guard that makes up the body of `loop`
/// (with the index arithmetic of its condition) by its statements, the
/// accesses that can fall outside their tensors marked `oob`.
mlir::LogicalResult dropBoundsGuard(mlir::RewriterBase &rewriter, ForOp loop,
                                    Refusal &why);

/// The name of the proc argument or allocation that `view` is, or views
/// through windows; empty for anything else. What match_access and
/// drop_oob mean by a tensor's name.
llvm::StringRef viewedArrayName(mlir::Value view);

/// drop_oob: removes `oob` from each access of the array called `tensor`
/// (a proc argument or allocation, also through windows: element accesses
/// and windows marked `oob`) inside `stmt` that is proved to touch only
/// elements inside the array wherever it runs (proveInsideTensor); the
/// others keep it. Refused, with the IR untouched, when there is no such
/// access or none is proved inside.
mlir::LogicalResult dropOob(mlir::RewriterBase &rewriter, mlir::Operation *stmt,
                            llvm::StringRef tensor, Refusal &why);

//===----------------------------------------------------------------------===//
// clone_proc and assume (ProcRewrites.cpp)
//===----------------------------------------------------------------------===//

/// Inserts after `proc` a copy of it called `name`, so that one
/// specification serves every variant a schedule derives from it. Refused
/// for an instruction, and when the symbol table that holds `proc` has a
/// symbol `name`.
mlir::FailureOr<ProcOp> cloneProc(mlir::RewriterBase &rewriter, ProcOp proc,
                                  llvm::StringRef name, Refusal &why);

/// Adds to the `requires` of `proc` the constraints `conditions`, written
/// over the names of its size arguments as in an affine set ("M mod 128 ==
/// 0, K >= 64"). A narrower domain keeps the proc's meaning on it; refused
/// when a proc calls `proc` (a call site might break the new constraints),
/// for an instruction, and when no sizes satisfy the old and the new
/// constraints together.
mlir::LogicalResult assumeRequires(mlir::RewriterBase &rewriter, ProcOp proc,
                                   llvm::StringRef conditions, Refusal &why);

} // namespace exo

#endif // EXOGPU_TRANSFORMS_REWRITES_H

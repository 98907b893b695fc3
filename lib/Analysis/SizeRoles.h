//===- SizeRoles.h - How the sizes of an AMIR program reach it --*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The static half of the symbolic check (docs/SymbolicChecking.md): which
// role each size of an amir.program plays, read from its index arithmetic.
//
// A size `s` that `requires` confines to a lattice `least + step * j`
// (j >= 0, up to an optional largest value) is
//  - a *grid* size when it reaches nothing but the upper bounds of the
//    task loops, the extents of the variables allocated outside the device
//    and the windows of host accesses that cover their whole variable,
//    affinely in j, with the task nest translation-symmetric and
//    every dimension whose extent grows with s moving with some task index
//    fast enough to stay in bounds;
//  - a *trip* size when it reaches the trip count of one sequential loop
//    `L` run once per task, or once per thread of the threads loops around
//    it, or once per iteration of a sequential loop around it whose trip
//    count it does not reach, or of sibling loops from 0 to the same bound
//    run one after the other (the *pumped* loop), and otherwise only values
//    that move with L's iterator in step with it (*covariant*): after `L`
//    runs `p` more iterations, with `s` grown to match, every barrier
//    coordinate, ring element, guard and bounds condition of the task from
//    L on is the one before, shifted by a fixed amount per dimension;
//  - a *tile* size when it sets the tile counts of persistent tasks, whose
//    tiles are shown apart and inside their variables for every size (one
//    size may be both a tile size and the trip size of the loop each tile
//    runs: attention's S, the query tiles per head and the key blocks);
//  - *uncovered* otherwise, with the reason.
// Before the roles, a size with partial tiles (every use a ceiling division
// or the extent of a variable that every access clips) *rounds up*: it has
// the verdict of the multiple of its unit at or above it, and its roles are
// read on the lattice of those multiples.
//
// The machine (AbstractMachine.cpp) proves the dynamic half: that the
// state of L's executions repeats, shifted, after some iteration.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_ANALYSIS_SIZEROLES_H
#define EXOGPU_LIB_ANALYSIS_SIZEROLES_H

#include "ExoGPU/Analysis/AbstractMachine.h"
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace exo {

/// The values `requires` allows a size: least + step * j for j >= 0, at
/// most `most`.
struct SizeLattice {
  int64_t least = 0, step = 1, most = 0;
  bool empty() const { return least > most; }
  int64_t at(int64_t j) const { return least + step * j; }
};

/// What the pumped loop's executions must show at run time, and how the
/// state is compared (docs/SymbolicChecking.md, "Trip sizes").
struct PumpPlan {
  amir::SeqForOp loop;
  /// The execution loop, if the loop runs once per iteration of a
  /// sequential loop around it (a persistent task's tile loop): every
  /// moving coordinate of a barrier or mutated variable then moves with
  /// the loop's iterations in all executions so far (the execution loop's
  /// iterator times the trip count, plus the current iteration), and the
  /// state is shifted by as many pump units.
  amir::SeqForOp outer;
  /// With an execution loop: the value its iterator multiplies to count the
  /// elements of the earlier executions, the loop's upper bound or that
  /// plus iterations peeled off before the loop (null: the upper bound).
  mlir::Value stride;
  /// Sibling loops after `loop` that the size sets alike (the same upper
  /// bound, from 0), run one after the other in the task: the executions
  /// 1, 2, ... of the pumped loop (a ping-pong task's second consumer
  /// phase). A coordinate in or after the i-th then moves by i + 1 times
  /// its rate, counting the iterations of the executions before it.
  llvm::SmallVector<amir::SeqForOp> later;
  /// Persistent tasks whose tile counts the sizes set (SizeRoles::tiles):
  /// their tile loop, whose states at the starts of its iterations a run
  /// compares when PumpObservation::compareTiles is set.
  amir::SeqForOp tileLoop;
  /// Per barrier (its allocation) and dimension: how far the coordinates
  /// move per iteration of the tile loop, for barriers its iterator
  /// indexes directly (a hand-off between consecutive tiles): the state at
  /// the start of tile i is shifted back by rate * i as well
  /// (SizeRoles::TileCounts).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<int64_t>> tileRates;
  /// The tile from which every comparison of the tile loop's iterator
  /// keeps its value, and a number that the tile period must be a multiple
  /// of (the tile-rate rings' slots return): the compared tiles start there
  /// and repeat with such periods.
  int64_t tileHead = 0, tilePeriodMultiple = 1;
  /// The tiles each iteration of the tile loop runs (ping-pong pairs: 2,
  /// the second under a guard), and the task's tile count: the states
  /// compared are those at the starts of iterations whose tiles all ran.
  int64_t tileGroup = 1;
  mlir::Value tileCount;
  /// Note the state each task starts from (PumpObservation::taskEntry)
  /// without a tile loop: tasks of a grid checked one by one.
  bool observeTasks = false;
  /// Whether `op` is the pumped loop or one of the later ones.
  bool isPumped(mlir::Operation *op) const {
    return op && (op == amir::SeqForOp(loop).getOperation() ||
                  llvm::is_contained(later, amir::SeqForOp(op)));
  }
  /// The size whose lattice coordinate j gives the trip count
  /// alpha * j + beta.
  unsigned size = 0;
  int64_t alpha = 1;
  /// A pump adds `period` iterations (a multiple of alpha: j grows by
  /// period / alpha).
  int64_t period = 1;
  /// Per variable (its allocation) and dimension: how far a coordinate
  /// moves per pump unit (j + 1, alpha more iterations): the shift of the
  /// state is rate * (iterations / alpha).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<int64_t>> rates;
  /// Comparisons in L whose sides differ by a function of L's iterator
  /// alone, linear (true: growing without bound; false: falling): each
  /// difference must have the sign of its limit, strictly, from the
  /// iteration the repetition starts from (then it keeps it, and the
  /// comparison its value, whatever the predicate).
  llvm::DenseMap<mlir::Operation *, bool> headComparisons;
  /// Accesses in L whose bounds conditions are such comparisons: none may
  /// be clipped from that iteration on.
  llvm::DenseSet<mlir::Operation *> headClipped;
  /// Comparisons in L that a pump leaves alone but that depend on the
  /// size, through the iterations left (as `k + 3 < n`): whether their
  /// difference grows with the iterations left (else it falls). A run
  /// with n iterations repeats the first iterations of a longer one only
  /// where each difference has the sign of its limit, strictly.
  llvm::DenseMap<mlir::Operation *, bool> tailComparisons;
  /// Accesses in L whose bounds conditions are such comparisons.
  llvm::DenseSet<mlir::Operation *> tailClipped;
  /// Comparisons, in L or in what the size reaches around it, of values
  /// computed from the sizes alone whose difference is linear in the size's
  /// coordinate j (a partial last block that is also the first, `128 >=
  /// S`): each keeps its value from the j at which the difference takes
  /// the sign of its slope, strictly; the repetition is taken to start no
  /// earlier than the trip count there (SymbolicChecker::settledFrom).
  /// Each once, in the order first met.
  llvm::SetVector<mlir::Operation *> sizeComparisons;
};

struct SizeRoles {
  /// Each, "checked at each value", is the symbolic check's own: a Grid or
  /// Uncovered size that the user's bounds leave with few values.
  enum class Role { Unused, Grid, Trip, Tiles, Uncovered, Each };
  struct Size {
    std::string name;
    /// The values `requires` (and the user's bounds) allow.
    SizeLattice legal;
    /// The values checked: `legal`, or, for a size that rounds up, the
    /// multiples of `rounding` at or above them.
    SizeLattice lattice;
    /// Partial tiles (docs/SymbolicChecking.md): the size has the verdict
    /// of the multiple of `rounding` at or above it (0: it does not round
    /// up, for the reason `roundWhy`).
    int64_t rounding = 0;
    std::string roundWhy;
    Role role = Role::Uncovered;
    std::string why;
    mlir::Operation *whyOp = nullptr;
    /// Grid sizes: for each task loop (outermost first), the growth of
    /// its trip count per lattice step.
    llvm::SmallVector<int64_t> taskGrowth;
    /// Unused sizes that set extents of variables allocated outside the
    /// device, along dimensions whose windows they do not reach (inside
    /// at the least size, so at every size): only bounds read them.
    bool extentsOnly = false;
  };
  llvm::SmallVector<Size> sizes;
  /// Why the sizes could not be read at all (then every size is
  /// uncovered).
  std::string why;
  /// The pumped loop of the trip size, if there is one.
  std::optional<PumpPlan> pump;
  /// Persistent tasks whose tile counts the sizes with role Tiles set
  /// (docs/SymbolicChecking.md, "Tile counts"): the number of tiles, a
  /// value computed from the sizes alone, the size that counts the tasks
  /// (one per cluster), and the tile loop. The tiles' digits are shown
  /// apart and inside their variables for every size.
  struct TileCounts {
    mlir::Value total;
    unsigned clusters = 0;
    amir::SeqForOp loop;
    /// PumpPlan::tileRates, tileHead and tilePeriodMultiple: what the tile
    /// loop's iterator reaches besides the tile index and the iterations
    /// of the earlier tiles.
    llvm::DenseMap<mlir::Operation *, llvm::SmallVector<int64_t>> rates;
    int64_t head = 0, periodMultiple = 1;
    /// PumpPlan::tileGroup and tileCount.
    int64_t group = 1;
    mlir::Value tiles;
    /// The trip size (SizeRoles::pump) is also a factor of the number of
    /// tiles: the tile counts are searched at each of its values.
    bool tripSets = false;
  };
  std::optional<TileCounts> tiles;
};

/// The value of index value `v` of `program` computed from the sizes
/// alone (`sizes` by argument number), through the arithmetic the index
/// evaluator knows; none when it depends on anything else.
std::optional<int64_t>
evaluateFromSizes(mlir::Value v, llvm::ArrayRef<int64_t> sizes,
                  amir::ProgramOp program,
                  llvm::DenseMap<mlir::Value, int64_t> &memo);

/// The multiples of `unit` at or above the values of `l`.
SizeLattice roundUp(const SizeLattice &l, int64_t unit);

/// Reads the roles of `program`'s sizes.
SizeRoles analyzeSizeRoles(amir::ProgramOp program);

/// What a run of the machine with a pump plan saw of the pumped loop.
struct PumpObservation {
  /// Set before the run: compare the states at the starts of the
  /// iterations (otherwise the run only collects `floors`).
  bool compare = false;
  /// The least coordinate, less the shift (rate * pump units so far), that
  /// any statement from the loop on touched, per (allocation, dimension)
  /// with a nonzero rate: barrier elements below it (less the two ring
  /// depths that the phase rules look back) are never touched again.
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>, int64_t> floors;
  struct Execution {
    int64_t trip = 0;
    /// The first iteration whose state (shifted) recurs `period`
    /// iterations later, once every head comparison has its limit and no
    /// head-bounded access is clipped any more.
    std::optional<int64_t> start;
    /// The most iterations left at which a tail comparison was off its
    /// limit (or a tail-bounded access clipped); 0 if none was.
    int64_t tail = 0;
    /// The least iteration the repetition could start from (the head
    /// comparisons settled, past the pre-arrived phases).
    int64_t least = 0;
    std::string why;
  };
  llvm::SmallVector<Execution> executions;
  /// Set before the run: compare the states at the starts of the tile
  /// loop's iterations (and at its end), shifted by the pump units of the
  /// tiles so far, without the records of variables allocated outside the
  /// device (docs/SymbolicChecking.md, "Tile counts").
  bool compareTiles = false;
  /// Each task the run executed: the least `from + period`
  /// (from >= 0, 1 <= period <= kTilePeriods) such that the state at the
  /// start of tile `from` recurs at tile `from + period`, if any.
  struct Task {
    std::optional<int64_t> from;
    int64_t period = 0;
  };
  llvm::SmallVector<Task> tasks;
  static constexpr int64_t kTilePeriods = 8;
  /// The state each task started from, less the variables of the tasks
  /// before it and the records of variables allocated outside the device
  /// (the first task's), and whether a later task (or the end of the task
  /// loop) saw another one.
  std::string taskEntry;
  bool tasksDiffer = false;
};

/// Runs `program` like interpretProgram, observing the executions of the
/// plan's loop.
mlir::LogicalResult interpretPumped(amir::ProgramOp program,
                                    const llvm::StringMap<int64_t> &sizes,
                                    AbstractMachineStats &stats,
                                    int64_t maxInstances, const PumpPlan &plan,
                                    PumpObservation &observation);

} // namespace exo

#endif // EXOGPU_LIB_ANALYSIS_SIZEROLES_H

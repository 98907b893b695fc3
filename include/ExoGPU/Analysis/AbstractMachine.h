//===- AbstractMachine.h - The synchronization checker ----------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Interprets an amir.program for concrete sizes (SEMANTICS.md §3): every
// element of every variable carries read and mutate records; each record
// knows which threads see it on which qualitative timelines; fences,
// arrives and awaits extend that visibility; every access checks the
// records it conflicts with. The first hazard is reported with the
// variable, the element, the values of the enclosing iterators, the
// conflicting access and the last synchronization that touched it.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_ABSTRACTMACHINE_H
#define EXOGPU_ANALYSIS_ABSTRACTMACHINE_H

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"

#include "llvm/ADT/StringMap.h"

#include <string>

namespace exo {

/// Statistics of one interpretation.
/// The kinds of hazard the abstract machine reports (docs/SyncChecker.md;
/// one test file each in test/Check/Hazards/).
enum class HazardKind {
  /// A read not ordered after a mutation of the element.
  RAW,
  /// A mutation not ordered after a read of the element.
  WAR,
  /// A mutation not ordered after another mutation of the element (or an
  /// async-proxy write overlapping a generic one).
  WAW,
  /// A ring buffer slot used before the await that allocates it.
  UseBeforeAlloc,
  /// A ring buffer element used after its slot was reused.
  UseAfterFree,
  /// A ring buffer slot reused without the arrive that releases it.
  FreeMissingArrive,
  /// Memory freed or reused (shared memory, registers, the next task)
  /// before the accesses to it are ordered before the free.
  FreeMissingSync,
  /// An mbarrier phase whose expected transaction bytes differ from what
  /// completes on it.
  TransactionBytes,
  /// A barrier used against its protocol: arrival counts, one-shot or
  /// cluster barriers, awaits and signals out of phase order.
  BarrierMisuse,
  /// A wgmma reading registers written before it without a wgmma fence.
  MissingWgmmaFence,
  /// An await that nothing can complete: the program deadlocks.
  NoForwardProgress,
};

/// The words a report of `kind` starts with ("RAW hazard", "barrier
/// misuse", ...).
llvm::StringRef getHazardTitle(HazardKind kind);

struct AbstractMachineStats {
  int64_t statements = 0; // statement instances executed
  int64_t accesses = 0;   // element accesses checked
  int64_t tasks = 0;
  /// Tasks not run because each is a translation of a task that ran
  /// (docs/SyncChecker.md, "Task symmetry").
  int64_t tasksCovered = 0;
  /// Runs of register loops replayed from an earlier run's effect
  /// (docs/SyncChecker.md, "Register loops"); their statements count too.
  int64_t loopsReplayed = 0;
  /// Why the tasks of a nest were all run, when they were not all alike.
  std::string symmetry;
  /// The run proved the tasks of its nest translations of the first two,
  /// and every task interior (no window past the bounds of its variable).
  bool symmetryDecided = false, allInterior = false;
  /// The kind of the hazard the run reported, if it reported one.
  std::optional<HazardKind> hazard;
};

/// A unit attribute of an amir.program: every element of its register
/// variables is accessed by statements (reads, assigns, reductions) of one
/// thread only, as the collective analysis proves for the programs
/// -exo-check-sync converts (docs/CollectiveAnalysis.md, "Distributed
/// memory"). The machine then keeps one record per statement and warp for
/// such accesses instead of one per thread (docs/SyncChecker.md, "Per-warp
/// records"), and a thread's synchronous access of its own registers makes
/// none where nothing can conflict with it ("Registers of one thread");
/// without it every thread's accesses get their own.
constexpr llvm::StringLiteral kOwnedRegistersAttr = "exo.owned_registers";
/// A unit attribute of an amir.program marked kOwnedRegistersAttr: every
/// register access makes its record, per warp, as if no access were a
/// thread's own (tests of per-warp records, and comparisons).
constexpr llvm::StringLiteral kRecordOwnRegistersAttr =
    "exo.record_own_registers";

/// The statement instances a check runs by default before it stops.
constexpr int64_t kDefaultMaxInstances = int64_t(1) << 30;

/// Runs `program` with the given sizes (by argument name). Emits an error
/// (with notes) for the first hazard or misuse and returns failure.
/// With `progress`, a line per percent of tasks goes to stderr. A run that
/// would execute more than `maxInstances` statement instances, or run more
/// than `maxInstances / 64` tasks, stops with an error instead of running
/// for hours or exhausting memory (0: no limit). With `taskSymmetry`, the
/// tasks of a nest that are translations of each other are checked by
/// running two of them (docs/SyncChecker.md, "Task symmetry").
mlir::LogicalResult
interpretProgram(amir::ProgramOp program, const llvm::StringMap<int64_t> &sizes,
                 AbstractMachineStats *stats = nullptr, bool progress = false,
                 int64_t maxInstances = kDefaultMaxInstances,
                 bool taskSymmetry = true);

} // namespace exo

#endif // EXOGPU_ANALYSIS_ABSTRACTMACHINE_H

//===- TaskSymmetry.h - Tasks that are translations of each other -*- C++
//-*-===//
//
// Part of the Exo-GPU project.
//
// The static half of the abstract machine's task reduction
// (docs/SyncChecker.md, "Task symmetry"): whether the tasks of a task nest
// run the same statements on the same shared memory, registers and
// barriers, and touch the variables they share (global memory) at
// addresses that differ by a fixed linear function of the task indices.
// The machine then runs two tasks and, once their accesses show that no
// two tasks can touch the same element (one of them mutating it) and that
// every task stays in bounds, does not run the others: each would repeat
// the checked run, translated.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_ANALYSIS_TASKSYMMETRY_H
#define EXOGPU_LIB_ANALYSIS_TASKSYMMETRY_H

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"

#include "llvm/ADT/MapVector.h"

#include <string>

namespace exo {

struct TaskSymmetry {
  /// Why the tasks are not translations of each other; empty when they are.
  std::string why;
  /// The statement `why` is about.
  mlir::Operation *whyOp = nullptr;
  /// The task loops of the nest, outermost first.
  llvm::SmallVector<amir::TasksForOp> nest;
  /// A variable allocated outside the innermost task body and accessed in
  /// it: for each of its dimensions, the coefficient of each task index in
  /// the offset of every access (the same for all accesses).
  struct SharedVar {
    llvm::SmallVector<llvm::SmallVector<int64_t>> coefficients;
    bool mutated = false;
    /// Some access is not atomic (atomic reads and mutations, the halves
    /// of a reduction, commute with each other).
    bool plainAccess = false;
  };
  llvm::MapVector<mlir::Value, SharedVar> shared;

  /// Persistent tasks (one task loop whose task runs tiles in a sequential
  /// loop): the values computed from the task index by operations that are
  /// not linear (the divisions and remainders that give a tile's
  /// coordinates), which offsets may use like task indices. The
  /// coefficients of `shared` are over the task indices, then these.
  llvm::SmallVector<mlir::Value> atoms;
  /// The sequential loop directly in the task body that defines atoms or
  /// whose bounds depend on the task (a persistent task's tile loop), if
  /// any; every access that moves with the task is in it.
  amir::SeqForOp tileLoop;
  /// The index arithmetic that computes the atoms and the tile loop's
  /// bounds from the task index and the tile loop's iterator, in program
  /// order (the first `sliceTaskLevel` in the task body, the rest in the
  /// tile loop's): the machine evaluates it for the tasks it does not run.
  llvm::SmallVector<mlir::Operation *> slice;
  size_t sliceTaskLevel = 0;

  bool symmetric() const { return why.empty(); }
  bool persistent() const { return !atoms.empty() || tileLoop; }
};

/// Analyzes the task nest rooted at `outer` (a tasks loop directly in an
/// amir.device).
TaskSymmetry analyzeTaskSymmetry(amir::TasksForOp outer);

} // namespace exo

#endif // EXOGPU_LIB_ANALYSIS_TASKSYMMETRY_H

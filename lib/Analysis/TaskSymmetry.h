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

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

#include <cassert>
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
  /// it, and how its accesses move with the task.
  struct SharedVar {
    /// Accesses that move alike: for each dimension of the variable, the
    /// coefficient of each task index (and atom) in the offset of every
    /// one of them; and, in a persistent task, the innermost tile guard
    /// they run under (null: none). A nest that is not persistent has one
    /// class per variable; a persistent task's tile may have several (the
    /// two tiles of a ping-pong pair, each at its own coordinates).
    struct Class {
      llvm::SmallVector<llvm::SmallVector<int64_t>> coefficients;
      mlir::Operation *guard = nullptr;
    };
    llvm::SmallVector<Class> classes;
    bool mutated = false;
    /// Some access is not atomic (atomic reads and mutations, the halves
    /// of a reduction, commute with each other).
    bool plainAccess = false;
    /// The one class of a nest that is not persistent.
    const Class &only() const {
      assert(classes.size() == 1 && "a variable with several classes");
      return classes.front();
    }
    /// The number of dimensions of the variable.
    size_t rank() const { return classes.front().coefficients.size(); }
    /// Whether some access moves with the task in dimension `d`.
    bool movesAlong(size_t d) const {
      return llvm::any_of(classes, [&](const Class &c) {
        return llvm::any_of(c.coefficients[d], [](int64_t x) { return x; });
      });
    }
  };
  llvm::MapVector<mlir::Value, SharedVar> shared;
  /// The class (an index into SharedVar::classes) of each access of a
  /// shared variable (amir.read, amir.mutate).
  llvm::DenseMap<mlir::Operation *, unsigned> accessClass;

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
  /// Tile guards: the amir.if ops without an else region in the tile
  /// loop's body (or in the region of another tile guard) whose condition
  /// depends on the task, in program order. Their conditions are computed from
  /// the task index, the tile loop's iterator and the atoms (a ping-pong task's
  /// second tile of a pair, which the last pair of an odd count lacks); tasks
  /// with the same tile loop iterations and the same outcomes run the
  /// same statements.
  llvm::SmallVector<amir::IfOp> tileGuards;
  /// The index arithmetic that computes the atoms, the tile loop's bounds
  /// and the tile guards' conditions from the task index and the tile
  /// loop's iterator, in program order (the first `sliceTaskLevel` in the
  /// task body, the rest in the tile loop's body and its tile guards'):
  /// the machine evaluates it for the tasks it does not run.
  llvm::SmallVector<mlir::Operation *> slice;
  size_t sliceTaskLevel = 0;

  bool symmetric() const { return why.empty(); }
  bool persistent() const { return !atoms.empty() || tileLoop; }
};

/// The digits of a dimension several task indices move: the magnitude of
/// each nonzero coefficient of `row` (one per task index) with its index,
/// smallest first. The task separation reads the dimension as a
/// mixed-radix number in this order (docs/SyncChecker.md, "Task
/// symmetry").
inline llvm::SmallVector<std::pair<uint64_t, size_t>>
radixDigits(llvm::ArrayRef<int64_t> row) {
  llvm::SmallVector<std::pair<uint64_t, size_t>> digits;
  for (auto [i, c] : llvm::enumerate(row))
    if (c != 0)
      digits.push_back(
          {c < 0 ? 0 - static_cast<uint64_t>(c) : static_cast<uint64_t>(c), i});
  llvm::sort(digits);
  return digits;
}

/// Analyzes the task nest rooted at `outer` (a tasks loop directly in an
/// amir.device).
TaskSymmetry analyzeTaskSymmetry(amir::TasksForOp outer);

} // namespace exo

#endif // EXOGPU_LIB_ANALYSIS_TASKSYMMETRY_H

//===- FirstTask.h - Tasks that differ only in their trip counts -*- C++
//-*-===//
//
// Part of the Exo-GPU project.
//
// A reduction of the symbolic check (docs/SymbolicChecking.md, "Tasks
// reduced to the first"): where the tasks of one task loop differ only in
// how far a value counts down from a size (a causal attention task's query
// tile, qt = S / 128 - 1 - tq, sets its trip count), task tq at a size is
// the first task at a smaller size, and the check of the program whose task
// loop runs its first task alone covers them all.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_LIB_ANALYSIS_FIRSTTASK_H
#define EXOGPU_LIB_ANALYSIS_FIRSTTASK_H

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>

namespace exo {

/// A program restricted to the first task of one task loop.
struct FirstTaskProgram {
  /// Holds `program`.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// A copy of the program whose task loop runs its first task only (its
  /// index replaced by 0).
  amir::ProgramOp program;
  /// The task loop (in the original program), the size that sets its task
  /// count through `count = (s + b) / d` (or a ceiling division), and d.
  amir::TasksForOp loop;
  unsigned size = 0;
  int64_t divisor = 1;
  /// An access of a variable the device mutates clips: the check must run
  /// the sizes d count only (where it clips nothing in the first task).
  bool clipsAbove = false;
  /// The task loops (in the original program) whose indices select the
  /// order of `loop`'s tasks (FirstTask.cpp): they run their first task
  /// too, every task a translation of one where they are 0.
  llvm::SmallVector<mlir::Operation *> selectors;
  /// With selectors, the value they select (`select(c, x - tq, tq)`).
  mlir::Value selected;
};

/// The restriction of `program` to the first task of a task loop whose
/// tasks it shows to be the first task at smaller sizes and apart from one
/// another, or none (then the check reads the program as it is). The
/// conditions (each checked here, the lattice's by the caller with
/// `unitsFrom`):
///  - one task loop `tq < count`, its index used only in `x - tq`, where
///    `x` is `count - c` (c a constant), used nowhere else; `count` used
///    only there and by the loop; `count = (s + b) / d` (floor or ceiling)
///    for one size `s`, which reaches nothing else but the extents of
///    variables allocated outside the device, which the host does not
///    access; an access of one that clips reads a variable nothing
///    mutates, or its window in the first task ends at `d count` at most
///    along each dimension of extent `s` (offset `d (count - tq) + r`,
///    `r` plus the window at most 0 over the inner loops' iterators);
///  - clusters of one CTA, every variable of the device allocated in the
///    innermost task body;
///  - every variable allocated outside the device that the device mutates
///    is accessed by the device only, and along one dimension per task
///    loop at a coefficient of that loop's index that is the same in every
///    access, the other task indices absent there, the rest of the offset
///    (the same sizes at the same coefficients, inner loop iterators and
///    constants) spanning with the window less than the coefficient: two
///    tasks touch apart elements.
std::optional<FirstTaskProgram> restrictToFirstTask(amir::ProgramOp program);

} // namespace exo

#endif // EXOGPU_LIB_ANALYSIS_FIRSTTASK_H

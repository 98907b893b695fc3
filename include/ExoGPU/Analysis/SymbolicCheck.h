//===- SymbolicCheck.h - The synchronization check for all sizes -*- C++
//-*-===//
//
// Part of the Exo-GPU project.
//
// `-exo-check-sync="symbolic=true"` (docs/SymbolicChecking.md): proves an
// amir.program free of every hazard the abstract machine knows for all
// sizes `requires` allows, by a cutoff. Each size plays a role read from
// the program's index arithmetic (a grid size sets the number of tasks, a
// trip size the trip count of one sequential loop, per task or per
// thread); beyond a bound computed per size, adding to a grid size adds
// tasks that are translations of checked ones, and adding to a trip size
// adds iterations whose state repeats one the machine has seen. So checking
// the sizes up to those bounds, concretely, checks them all. A size that plays
// no such role is reported, with the sizes that were checked concretely
// instead.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_SYMBOLICCHECK_H
#define EXOGPU_ANALYSIS_SYMBOLICCHECK_H

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"

#include "llvm/ADT/StringMap.h"

#include <string>

namespace exo {

struct SymbolicCheckResult {
  /// Every size satisfying `requires` is covered.
  bool proved = false;
  /// The concrete runs of the machine the check made.
  int64_t runs = 0;
  /// One line per covered size: its role and its bound.
  llvm::SmallVector<std::string> summary;
};

/// Bounds a user states on top of `requires`: the least and the largest
/// value of a size, by name.
using SizeLimits = llvm::StringMap<std::pair<int64_t, int64_t>>;

/// Parses bounds written `NAME<=VALUE` or `NAME>=VALUE` into `limits`; an
/// error message for an entry of another form.
std::string parseSizeLimits(llvm::ArrayRef<std::string> entries,
                            SizeLimits &limits);

/// Checks `program` for all sizes `requires` allows within `limits`. Emits
/// the first hazard found at a checked size (with a note naming the sizes)
/// and returns failure; emits a warning naming what it cannot cover (and
/// the sizes it checked instead) when it cannot prove every size. Each run
/// of the machine stops after `maxInstances` statement instances.
mlir::LogicalResult checkSymbolically(amir::ProgramOp program,
                                      const SizeLimits &limits,
                                      int64_t maxInstances,
                                      SymbolicCheckResult &result);

} // namespace exo

#endif // EXOGPU_ANALYSIS_SYMBOLICCHECK_H

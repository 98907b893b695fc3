//===- BarrierUsage.h - Legal use of barriers -------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// Cross-statement rules for barriers (issue: synchronization legality): every
// barrier is both arrived on and awaited; all Arrives on one barrier share
// a synchronization timeline and a multicast pattern, and so do all Awaits;
// a multicast Arrive is not under a thread-dependent guard or a seq loop
// inside the cuda_threads loops it multicasts over; a commit-group kind or
// a cluster sync has one live allocation at a time (the hardware has one).
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_BARRIERUSAGE_H
#define EXOGPU_ANALYSIS_BARRIERUSAGE_H

#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

namespace exo {

/// Checks the barrier rules for every barrier allocated in `device`,
/// emitting an error (with a note at the conflicting statement) for each
/// violation. `analysis` gives the threads that use each barrier.
mlir::LogicalResult verifyBarrierUsage(DeviceFunctionOp device,
                                       const CollectiveAnalysis &analysis);

} // namespace exo

#endif // EXOGPU_ANALYSIS_BARRIERUSAGE_H

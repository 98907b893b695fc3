//===- CpuRunner.h - Run exo procs on the CPU -------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The sequential meaning of exo procs, executed: procs are lowered with
// -exo-lower-to-cpu and the LLVM pipeline, JIT-compiled with the
// ExecutionEngine, and called on host buffers filled from a seeded random
// generator. Two procs run on the same inputs can be compared.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_RUNNER_CPURUNNER_H
#define EXOGPU_RUNNER_CPURUNNER_H

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace exo {

/// One argument of a proc, in host memory.
struct ArgValue {
  enum class Kind { Index, Scalar, Array };
  Kind kind = Kind::Index;
  std::string name;
  mlir::Type type;   // index, the scalar type, or the element type
  int64_t index = 0; // Kind::Index
  double scalar = 0; // Kind::Scalar
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> bytes; // Kind::Array, row-major

  int64_t getNumElements() const;
  /// Element `i` of an array as a double.
  double getElement(int64_t i) const;
  void setElement(int64_t i, double v);
};

/// The arguments of one call, in the proc's order.
using ArgList = std::vector<ArgValue>;

/// How two runs are compared.
struct Comparison {
  std::string name;      // the array
  double maxAbsDiff = 0; // max |a - b|
  double maxAbsRef = 0;  // max |a|
  double error = 0;      // maxAbsDiff / max(maxAbsRef, tiny)
  double tolerance = 0;
  bool hasNaN = false;
  bool ok() const { return !hasNaN && error <= tolerance; }
};

class CpuRunner {
public:
  /// Lowers a copy of `module` to LLVM and JIT-compiles it. Diagnostics go
  /// to the module's context.
  static mlir::FailureOr<std::unique_ptr<CpuRunner>>
  create(mlir::ModuleOp module);

  /// Builds the arguments of `proc`: sizes from `sizes` (by name), scalars
  /// and arrays from a generator seeded with `seed` and the argument's name
  /// (so equally named arguments of two procs get the same data). Fails
  /// with a located diagnostic when a size is missing or violates the
  /// proc's `requires`.
  static mlir::FailureOr<ArgList>
  makeArgs(ProcOp proc, const llvm::StringMap<int64_t> &sizes, uint64_t seed);

  /// Calls the lowered `proc` on `args`.
  mlir::LogicalResult run(ProcOp proc, ArgList &args);

  /// The normwise tolerance for comparing outputs of `a` and `b`: from the
  /// narrowest floating-point type either one (or a proc it calls) uses,
  /// the largest size, and the least accurate device math either one uses
  /// (four times its bound, DeviceMath.h).
  static double chooseTolerance(ProcOp a, ProcOp b, int64_t maxSize);

private:
  explicit CpuRunner(std::unique_ptr<mlir::ExecutionEngine> engine)
      : engine(std::move(engine)) {}
  /// The locations of the bounds checks, by site id.
  std::vector<std::string> oobSites;
  std::unique_ptr<mlir::ExecutionEngine> engine;
};

/// Compares the arrays of two argument lists (matched by name).
std::vector<Comparison> compareArgs(const ArgList &ref, const ArgList &other,
                                    double tolerance);

} // namespace exo

#endif // EXOGPU_RUNNER_CPURUNNER_H

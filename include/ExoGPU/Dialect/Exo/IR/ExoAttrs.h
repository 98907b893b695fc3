//===- ExoAttrs.h - Attributes and enums of the exo dialect -----*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOATTRS_H
#define EXOGPU_DIALECT_EXO_IR_EXOATTRS_H

#include "ExoGPU/Dialect/Exo/IR/FragmentLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

#include "ExoGPU/Dialect/Exo/IR/ExoOpsEnums.h.inc"

namespace exo {
/// Register memories: plain registers and the instruction fragments (wgmma
/// and mma.sync), each distributed over its owners.
inline bool isRegisterMemory(MemoryKind kind) {
  switch (kind) {
  case MemoryKind::Regs:
  case MemoryKind::RegsUniform:
  case MemoryKind::WgmmaAccum:
  case MemoryKind::WgmmaA:
  case MemoryKind::MmaA:
  case MemoryKind::MmaB:
  case MemoryKind::MmaC:
    return true;
  default:
    return false;
  }
}

/// Parses and prints the `[64, 32]` shapes of instruction family
/// parameters.
mlir::FailureOr<llvm::SmallVector<int64_t>>
parseFamilyShape(mlir::AsmParser &parser);
void printFamilyShape(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> shape);
/// Parses the `true` / `false` flags of instruction family parameters.
mlir::FailureOr<bool> parseFamilyFlag(mlir::AsmParser &parser);

/// Whether a wgmma operand layout is N-major (`sw128_mn`, `sw64_mn`,
/// `sw32_mn`), and the elements of `dtype` in one of its spans.
bool isNMajor(OperandLayout layout);
int64_t nMajorSpan(OperandLayout layout, mlir::Type dtype);
} // namespace exo

#include "ExoGPU/Dialect/Exo/IR/ExoAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOpsAttrs.h.inc"

namespace exo {

/// A set of qualitative timelines, one bit per `QualTimeline`.
using QualTimelineSet = uint32_t;

inline constexpr QualTimelineSet qualBit(QualTimeline tl) {
  return QualTimelineSet(1) << static_cast<uint32_t>(tl);
}

/// A synchronization timeline as sets of qualitative timelines: `full` are
/// made fully visible, `temporal` only temporally ordered.
struct SyncTimelineSets {
  QualTimelineSet full = 0;
  QualTimelineSet temporal = 0;
};

/// The qualitative timelines a named synchronization timeline orders.
SyncTimelineSets getSyncTimelineSets(SyncTimeline tl);

/// The qualitative timeline an access of instruction timeline `tl` to memory
/// `mem` records (`initial`), and the ones on which earlier accesses must be
/// visible to it (`extended`, which contains `initial`). Barrier objects use
/// the mbarrier lane.
void getAccessQualTimelines(InstrTimeline tl, MemoryKind mem,
                            QualTimeline &initial, QualTimelineSet &extended);

} // namespace exo

#endif // EXOGPU_DIALECT_EXO_IR_EXOATTRS_H

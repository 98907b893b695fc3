//===- Instructions.cpp - Calls of instructions -----------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// A call of an instruction lowers through the emitter of the family it
// issues (InstrEmitterAttrInterface, one file of Families/ per family);
// this file checks what every call needs, dispatches, and holds the checks
// that several emitters share.
//
//===----------------------------------------------------------------------===//

#include "InstrEmitter.h"

#include "ExoGPU/Analysis/IndexEval.h"

#include <numeric>

using namespace mlir;
using namespace exo;

#include "InstrEmitterInterface.cpp.inc"

namespace exo::nvvm {

static void attachInstrEmitters(MLIRContext *ctx, ExoDialect *) {
  attachTmaEmitter(ctx);
  attachWgmmaEmitters(ctx);
  attachMmaEmitter(ctx);
  attachGlobalAccessEmitter(ctx);
  attachCpAsyncEmitter(ctx);
  attachShuffleEmitter(ctx);
}

void registerInstrEmitters(DialectRegistry &registry) {
  registry.addExtension(attachInstrEmitters);
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerCall(CallOp call) {
  auto callee = lookupCallee(call);
  if (!callee || !callee.isInstr())
    return call.emitOpError()
           << "calls a proc that is not an instruction; inline it first";
  for (Value a : call.getArgs())
    if (isShapedData(a.getType()) && !views.count(a))
      return call.emitOpError() << "passes an array with no device lowering";
  // The checkers read the callee's body while the lowering emits the
  // hardware instruction: a hand-written proc must state exactly what its
  // family does.
  if (!call.getFamilyAttr() && failed(verifyHardwareInstruction(callee))) {
    call.emitRemark() << "the call that lowers @" << callee.getSymName()
                      << " to hardware";
    return failure();
  }
  InstrFamilyAttr family = getCalledFamily(call);
  auto emitter = dyn_cast_or_null<InstrEmitterAttrInterface>(family);
  // Every family of device code has an emitter (#exo.memset0, the host's,
  // is refused in device code by CallOp's verifier).
  assert((!family || emitter) && "a device family without an emitter");
  if (!emitter)
    return call.emitOpError() << "calls instruction @" << callee.getSymName()
                              << " whose lowering \""
                              << callee.getInstrAttr().getLowering().getValue()
                              << "\" is not implemented for the GPU";
  if (!llvm::all_of(call.getArgs(),
                    [](Value a) { return isShapedData(a.getType()); }))
    return call.emitOpError()
           << "issues " << family
           << ", whose arguments are arrays only, with a scalar argument";
  // TMA zero-fills and clips a box past the end of its tensor; the global
  // accumulator store skips the elements past it. Nothing else may see one.
  for (auto [i, a] : llvm::enumerate(call.getArgs()))
    if (isOobView(a) && !emitter.acceptsOutOfBounds(i))
      return call.emitOpError()
             << "passes an oob window (argument " << i << ") to " << family
             << ", which does not handle elements past the tensor (only TMA "
                "and the global accumulator store's destination do)";
  return emitter.emit(*this, call);
}

std::optional<int64_t> constantOf(Value v, int depth) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || !isEvaluableIndexOp(def))
    return std::nullopt;
  SmallVector<int64_t, 3> in;
  for (Value operand : def->getOperands()) {
    std::optional<int64_t> x = constantOf(operand, depth + 1);
    if (!x)
      return std::nullopt;
    in.push_back(*x);
  }
  // Exact or not a constant (IndexEval.h): an overflowing sum wrapped here.
  IndexEvalResult r = evaluateIndexOp(def, in);
  if (!r)
    return std::nullopt;
  return *r;
}

LogicalResult KernelLowering::sameElements(CallOp call, StringRef what,
                                           const View &dst, const View &src) {
  if (dst.elemType == src.elemType)
    return success();
  return call.emitOpError()
         << what
         << " copies bytes: its destination holds elements "
            "of type "
         << dst.elemType << ", its source of type " << src.elemType;
}

bool KernelLowering::runsAligned(const View &v, int64_t elems) {
  // The run is along the window's last dimension, which must be its
  // tensor's last (contiguous) one.
  if (v.offsets.empty() || v.kept.empty() ||
      v.kept.back() != v.offsets.size() - 1 ||
      knownDivisor(v.offsets.back()) % elems)
    return false;
  // Every dimension but the last has a stride that is a multiple of the
  // last extent.
  if (v.offsets.size() > 1) {
    int64_t last = v.staticExtents.back();
    if (ShapedType::isDynamic(last)) {
      // A divisor the `requires` clause states, or the extent's own (a
      // size it pins is a constant).
      last = lastExtentDivisor(v);
    }
    if (last % elems)
      return false;
  }
  return true;
}

bool KernelLowering::alignedRuns(const View &v, int64_t elems) {
  auto arg = dyn_cast<BlockArgument>(v.base);
  if (v.kind != View::Global || !arg || !runsAligned(v, elems))
    return false;
  int64_t &align = gmemAlign[arg.getArgNumber()];
  align = std::max(align, elems * getElementBytes(v.elemType));
  return true;
}

} // namespace exo::nvvm

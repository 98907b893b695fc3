//===- CpAsync.cpp - The cp.async family's emitter --------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The emitter of #exo.cp_async: one thread's asynchronous copy of 4, 8 or 16
// bytes from global to shared memory (.cg for 16, .ca otherwise).
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

static LogicalResult emitCpAsync(KernelLowering &L, CallOp call,
                                 int64_t bytes) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  // The operands' rules (checkCpAsyncOperands, which the collective
  // analysis also asks); alignedRuns records the global base's alignment
  // for the launcher.
  FailureOr<WindowGeometry> d = L.windowGeometry(call, 0);
  FailureOr<WindowGeometry> s = L.windowGeometry(call, 1);
  if (failed(d) || failed(s) ||
      failed(checkCpAsyncOperands(call, bytes, *d, *s)) ||
      failed(L.sameElements(call, "cp.async", dst, src)))
    return failure();
  if (dst.kind != View::Shared || src.kind != View::Global ||
      !L.alignedRuns(src, bytes / getElementBytes(src.elemType)))
    return call.emitOpError() << "cp.async's operands have no lowering here";
  Value dp = L.sharedAddress(dst, {L.c64(0)});
  Value sp = L.firstElementAddress(src);
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  NVVM::CpAsyncOp::create(b, loc, dp, sp, static_cast<uint32_t>(bytes),
                          bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                      : NVVM::LoadCacheModifierKind::CA,
                          Value());
  return success();
}

namespace {

struct CpAsyncEmitter
    : InstrEmitterAttrInterface::ExternalModel<CpAsyncEmitter, CpAsyncAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    return emitCpAsync(L, call, cast<CpAsyncAttr>(attr).getBytes());
  }
};

} // namespace

void attachCpAsyncEmitter(MLIRContext *ctx) {
  CpAsyncAttr::attachInterface<CpAsyncEmitter>(*ctx);
}

} // namespace exo::nvvm

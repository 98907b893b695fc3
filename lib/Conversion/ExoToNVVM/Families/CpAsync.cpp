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
  auto contiguous = [&](const View &v) {
    if (v.kept.size() != 1 || v.kept[0] != v.offsets.size() - 1 ||
        v.sizes[0] * getElementBytes(v.elemType) != bytes)
      return false;
    return true;
  };
  if (dst.kind != View::Shared || dst.memory.getSwizzle() ||
      src.kind != View::Global || !contiguous(dst) || !contiguous(src))
    return call.emitOpError()
           << "cp.async of " << bytes
           << " bytes needs a shared-memory destination and a global source, "
              "each one contiguous run of "
           << bytes << " bytes along its last dimension";
  if (failed(L.sameElements(call, "cp.async", dst, src)))
    return failure();
  // Both addresses must be aligned to the copy's size: the shared one by
  // its offset in its buffer, the global one by its offset (the launcher
  // then checks the tensor's base).
  int64_t elems = bytes / getElementBytes(src.elemType);
  if (L.startDivisor(dst) % bytes || !L.alignedRuns(src, elems))
    return call.emitOpError()
           << "cp.async of " << bytes << " bytes needs both addresses provably "
           << bytes << "-byte aligned: each window must start at a multiple of "
           << elems << " elements of rows whose length is one";
  Value d = L.sharedAddress(dst, {L.c64(0)});
  Value sp = L.firstElementAddress(src);
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  NVVM::CpAsyncOp::create(b, loc, d, sp, static_cast<uint32_t>(bytes),
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

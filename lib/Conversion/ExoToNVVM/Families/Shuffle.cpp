//===- Shuffle.cpp - The warp shuffle family's emitter ----------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The emitter of #exo.shfl_xor: shfl.sync.bfly between lanes t and
// t ^ lane_mask, each combining the other's value with its own (add, or the
// NaN-keeping max.NaN / min.NaN).
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

static LogicalResult emitShuffleXor(KernelLowering &L, CallOp call,
                                    ShflCombine combine, int64_t laneMask) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  for (const View *v : {&dst, &src})
    if (!L.isPlainRegs(*v) || v->kept.size() != 1 ||
        v->kept[0] >= v->numDistributed || !v->elemType.isF32())
      return call.emitOpError()
             << "a butterfly shuffle needs f32 register windows (not an "
                "instruction's fragment) whose only dimension is distributed "
                "over the exchanging threads";
  // Every lane of the warps involved must take part (full member mask).
  ThreadSet all(L.clusterDim * L.blockDim);
  for (const CollectiveInstance &inst : L.ca.getInstances(call))
    all |= inst.threads;
  for (const CtaPart &p : L.partsOf(all))
    if (!p.wholeWarps())
      return call.emitOpError() << "runs a warp shuffle on threads that are "
                                   "not whole warps ("
                                << L.ca.describe(all) << ")";
  // Each instance must be the pair of lanes (t, t ^ laneMask) the shuffle
  // exchanges.
  for (const CollectiveInstance &inst : L.ca.getInstances(call)) {
    SmallVector<CtaPart> parts = L.partsOf(inst.threads);
    int64_t first = parts.empty() ? -1 : parts.front().lo;
    if (parts.size() != 1 || parts.front().count != 2 ||
        !inst.threads.test(parts.front().cta * L.blockDim + (first ^ laneMask)))
      return call.emitOpError()
             << "a butterfly shuffle with lane mask " << laneMask
             << " exchanges lanes t and t ^ " << laneMask
             << ", but an instance of this call runs on "
             << L.ca.describe(inst.threads);
  }
  Value srcPtr = L.firstElementAddress(src);
  Value dstPtr = L.firstElementAddress(dst);
  Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), srcPtr);
  Value other = NVVM::ShflOp::create(
      b, loc, b.getF32Type(), L.c32(-1), v, L.c32(laneMask), L.c32(0x1f),
      NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly), UnitAttr());
  Value r = combine == ShflCombine::Add
                ? Value(arith::AddFOp::create(b, loc, v, other))
            : combine == ShflCombine::Max
                ? Value(arith::MaximumFOp::create(b, loc, v, other))
                : Value(arith::MinimumFOp::create(b, loc, v, other));
  LLVM::StoreOp::create(b, loc, r, dstPtr);
  return success();
}

namespace {

struct ShflXorEmitter
    : InstrEmitterAttrInterface::ExternalModel<ShflXorEmitter, ShflXorAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    auto shfl = cast<ShflXorAttr>(attr);
    return emitShuffleXor(L, call, shfl.getCombine(), shfl.getLaneMask());
  }
};

} // namespace

void attachShuffleEmitter(MLIRContext *ctx) {
  ShflXorAttr::attachInterface<ShflXorEmitter>(*ctx);
}

} // namespace exo::nvvm

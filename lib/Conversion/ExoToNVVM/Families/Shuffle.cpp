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
                                    ShflXorAttr shfl) {
  ShflCombine combine = shfl.getCombine();
  int64_t laneMask = shfl.getLaneMask();
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
  // Every lane of the warps involved takes part (full member mask), in
  // pairs of lanes t and t ^ laneMask.
  if (failed(checkShuffleLanes(call, shfl, L.ca)))
    return failure();
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
    return emitShuffleXor(L, call, cast<ShflXorAttr>(attr));
  }
};

} // namespace

void attachShuffleEmitter(MLIRContext *ctx) {
  ShflXorAttr::attachInterface<ShflXorEmitter>(*ctx);
}

} // namespace exo::nvvm

//===- Tma.cpp - The TMA family's emitter -----------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The emitter of #exo.tma: cp.async.bulk.tensor loads (multicast over a
// cluster's CTAs, completing on an mbarrier with their bytes), stores and
// reduce-adds (completing through a bulk group), each checking that the
// window is the tensor map's box and the shared memory one dense,
// aligned box.
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

/// Checks that argument `arg` of `call`, a window of a tensor map, moves
/// one box per issuing CTA (`split` CTAs share its first dimension; its
/// last is stored in `chunks` boxes): checkTmaBox, which the collective
/// analysis also asks.
static LogicalResult checkBox(KernelLowering &L, CallOp call, unsigned arg,
                              int64_t split, int64_t chunks = 1) {
  FailureOr<WindowGeometry> map = L.windowGeometry(call, arg);
  return failure(failed(map) || failed(checkTmaBox(call, *map, split, chunks)));
}

/// TMA coordinates (innermost first) of the box at row `rowOff` of `v`.
static SmallVector<Value> boxCoordinates(KernelLowering &L, const View &v,
                                         Value rowOff) {
  SmallVector<Value> idx(v.kept.size(), L.c64(0));
  idx[0] = rowOff;
  SmallVector<Value> root = L.rootIndices(v, idx);
  SmallVector<Value> coords;
  for (Value x : llvm::reverse(root))
    coords.push_back(L.toI32(x));
  return coords;
}

static LogicalResult emitTmaLoad(KernelLowering &L, CallOp call, TmaAttr tma) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  if (dst.kind != View::Shared || src.kind != View::TmaMap)
    return call.emitOpError() << "a TMA load needs a shared-memory "
                                 "destination and a tensor-map source";
  if (failed(checkTmaLoadBarrier(call)))
    return failure();
  if (failed(L.sameElements(call, "a TMA load", dst, src)))
    return failure();
  FailureOr<AllocOp> bar = L.barrierAlloc(call, call.getTrailing());
  if (failed(bar))
    return failure();
  // Each issuing CTA loads its slice of the window's rows.
  int64_t issuers = 0;
  ArrayRef<CollectiveInstance> insts = L.ca.getInstances(call);
  std::vector<int64_t> rankOf(L.clusterDim, 0);
  for (const CollectiveInstance &inst : insts) {
    SmallVector<CtaPart> parts = L.ca.partsOf(inst.threads);
    if (issuers && issuers != static_cast<int64_t>(parts.size()))
      return call.emitOpError() << "runs on different numbers of CTAs";
    issuers = parts.size();
    for (auto [r, p] : llvm::enumerate(parts))
      rankOf[p.cta] = r;
  }
  if (failed(checkBox(L, call, 1, issuers)))
    return failure();
  // The destination's rules (checkTmaLoadDestination, which the collective
  // analysis also asks): the first non-distributed window dimension holds
  // the rows, the others follow the source's, and the box is dense and
  // aligned, each issuing CTA's slice too.
  FailureOr<WindowGeometry> box = L.windowGeometry(call, 0);
  unsigned rowDim = 0;
  if (failed(box) || failed(checkTmaLoadDestination(
                         call, *box, src.memory.getSwizzle(), src.kept.size(),
                         src.sizes[0], issuers, rowDim)))
    return failure();
  int64_t slice = src.sizes[0] / issuers;
  FailureOr<Value> elected = L.electedThread(call, "a TMA load");
  if (failed(elected))
    return failure();
  ArrayRef<uint64_t> masks = L.ca.getMulticastMasks(call);
  std::vector<int64_t> maskByCta(L.clusterDim, 0);
  for (auto [i, inst] : llvm::enumerate(insts))
    for (const CtaPart &p : L.ca.partsOf(inst.threads))
      maskByCta[p.cta] = i < masks.size() ? masks[i] : (1 << p.cta);
  bool multicast = llvm::any_of(maskByCta, [&](int64_t m) {
    return llvm::popcount(static_cast<uint64_t>(m)) > 1;
  });
  // A plain load writes the issuing CTA's shared memory and completes on
  // its mbarrier only; a multicast (':') trailing barrier would need the
  // box to land in every signalled CTA, which only a multicast instruction
  // describes (its destination spans those CTAs).
  if (multicast && !tma.getMulticast())
    return call.emitOpError()
           << "signals the mbarriers of several CTAs (a ':' trailing "
              "coordinate), but "
           << tma
           << " is a plain TMA load, whose box lands in the issuing CTA "
              "only; use a multicast load (multicast = c)";
  return L.emitIf(*elected, [&]() -> LogicalResult {
    SmallVector<int64_t> rankVals(rankOf.begin(), rankOf.end());
    Value rank = L.toI64(L.selectByCta(rankVals, L.i32()));
    Value rowOff = L.mul(rank, L.c64(slice));
    SmallVector<Value> dIdx(dst.kept.size(), L.c64(0));
    dIdx[rowDim] = rowOff;
    Value dstPtr = L.sharedAddress(dst, dIdx);
    Value dst7 = LLVM::AddrSpaceCastOp::create(b, loc, L.ptr(7), dstPtr);
    SmallVector<OpFoldResult> tIdx;
    unsigned next = 0;
    for (int64_t s : call.getStaticTrailingIndices()) {
      if (ShapedType::isDynamic(s))
        tIdx.push_back(call.getTrailingIndices()[next++]);
      else
        tIdx.push_back(b.getIndexAttr(s == kMulticastIndex ? 0 : s));
    }
    Value mbar = L.mbarrierAddress(*bar, tIdx);
    Value mask;
    if (multicast) {
      SmallVector<int64_t> mv(maskByCta.begin(), maskByCta.end());
      mask = arith::TruncIOp::create(b, loc, b.getI16Type(),
                                     L.selectByCta(mv, L.i32()));
    }
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, dst7, src.base, boxCoordinates(L, src, rowOff), mbar,
        ValueRange{}, mask, Value(), NVVM::TMALoadMode::TILE, false,
        NVVM::CTAGroupKindAttr(), Value());
    return success();
  });
}

static LogicalResult emitTmaStore(KernelLowering &L, CallOp call, bool reduce) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  if (dst.kind != View::TmaMap || src.kind != View::Shared)
    return call.emitOpError() << "a TMA store needs a tensor-map destination "
                                 "and a shared-memory source";
  if (failed(L.sameElements(call, reduce ? "a TMA reduce-add" : "a TMA store",
                            dst, src)))
    return failure();
  // The source's rules (checkTmaStoreSource, which the collective analysis
  // also asks): swizzled rows longer than one span are stored in column
  // chunks (swizzledAddress), one box of one span's columns per chunk;
  // `chunked`: the source is addressed chunk by chunk, each chunk's rows
  // `span` elements; otherwise it is one dense box, addressed as a load's
  // destination.
  int64_t span = 0, chunks = 1;
  bool chunked = false;
  FailureOr<WindowGeometry> source = L.windowGeometry(call, 1);
  if (failed(source) ||
      failed(checkTmaStoreSource(call, *source, dst.memory.getSwizzle(), span,
                                 chunks, chunked)))
    return failure();
  if (failed(checkBox(L, call, 0, 1, chunks)))
    return failure();
  FailureOr<Value> elected =
      L.electedThread(call, reduce ? "a TMA reduction" : "a TMA store");
  if (failed(elected))
    return failure();
  return L.emitIf(*elected, [&] {
    for (int64_t k = 0; k < chunks; ++k) {
      SmallVector<Value> first(src.kept.size(), L.c64(0));
      Value srcPtr;
      if (chunked) {
        first.back() = L.c64(k * span);
        srcPtr = L.swizzledAddress(src, first, /*swizzle=*/false);
      } else {
        srcPtr = L.sharedAddress(src, first);
      }
      SmallVector<Value> coords = boxCoordinates(L, dst, L.c64(0));
      // (Coordinates are innermost first.)
      if (k)
        coords[0] = arith::AddIOp::create(b, loc, coords[0], L.c32(k * span));
      if (reduce)
        NVVM::CpAsyncBulkTensorReduceOp::create(
            b, loc, dst.base, srcPtr, NVVM::TMAReduxKind::ADD,
            NVVM::TMAStoreMode::TILE, coords, Value());
      else
        NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
            b, loc, dst.base, srcPtr, coords, Value(), NVVM::TMAStoreMode::TILE,
            Value());
    }
    return success();
  });
}

namespace {

struct TmaEmitter
    : InstrEmitterAttrInterface::ExternalModel<TmaEmitter, TmaAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    auto tma = cast<TmaAttr>(attr);
    switch (tma.getKind()) {
    case TmaKind::Load:
      return emitTmaLoad(L, call, tma);
    case TmaKind::Store:
      return emitTmaStore(L, call, /*reduce=*/false);
    case TmaKind::ReduceAdd:
      return emitTmaStore(L, call, /*reduce=*/true);
    }
    llvm_unreachable("a TMA kind");
  }
  // TMA zero-fills a box's reads past the end of its tensor and drops its
  // writes there.
  bool acceptsOutOfBounds(Attribute, unsigned) const { return true; }
};

} // namespace

void attachTmaEmitter(MLIRContext *ctx) {
  TmaAttr::attachInterface<TmaEmitter>(*ctx);
}

} // namespace exo::nvvm

//===- GlobalAccess.cpp - The global family's emitter -----------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The emitter of #exo.global: 16-byte vector loads and stores between a
// thread's registers and global memory, and red.global.add.
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

static LogicalResult emitRedGlobalAdd(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  // red.global.add.f32: a relaxed atomic add whose result is unused; the
  // adds of different threads commute, and what orders them with later
  // readers is the program's synchronization (or the kernel's end).
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  auto one = [](const View &v) {
    return v.kept.size() == 1 && v.sizes[0] == 1 && v.elemType.isF32();
  };
  if (dst.kind != View::Global || !L.isPlainRegs(src) || !one(dst) || !one(src))
    return call.emitOpError() << "an atomic add moves one f32 from a "
                                 "thread's registers (not an instruction's "
                                 "fragment) into global memory";
  Value r = L.firstElementAddress(src);
  Value g = L.firstElementAddress(dst);
  auto add = [&] {
    Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), r);
    LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, g, v,
                              LLVM::AtomicOrdering::monotonic);
    return success();
  };
  // Past the end of the tensor (an oob window), the add does nothing.
  if (!isOobView(call.getArgs()[0]))
    return add();
  return L.emitIf(L.insideTensor(dst, L.rootIndices(dst, {L.c64(0)})), add);
}

static LogicalResult emitVectorGlobal(KernelLowering &L, CallOp call,
                                      bool load) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  // ld.global.v4 / st.global.v4 of 16 consecutive bytes (4 f32, 8 bf16 or
  // f16, 16 fp8 values) between a thread's registers and global memory.
  // The address must be 16-byte aligned: the window must start at a
  // multiple of its width of a tensor whose rows are too (the operands'
  // rule, which the collective analysis also asks), and the launcher checks
  // the base (alignedRuns records its alignment).
  unsigned regsArg = load ? 0 : 1, memArg = load ? 1 : 0;
  FailureOr<WindowGeometry> regsGeometry = L.windowGeometry(call, regsArg);
  FailureOr<WindowGeometry> memGeometry = L.windowGeometry(call, memArg);
  if (failed(regsGeometry) || failed(memGeometry) ||
      failed(
          checkVectorGlobalOperands(call, load, *regsGeometry, *memGeometry)))
    return failure();
  const View &regs = L.views[call.getArgs()[regsArg]];
  const View &mem = L.views[call.getArgs()[memArg]];
  int64_t bytes = getElementBytes(regs.elemType);
  int64_t width = 16 / bytes;
  if (!L.alignedRuns(mem, width))
    return failure();
  Value r = L.firstElementAddress(regs);
  Value g = L.firstElementAddress(mem);
  // The 16 bytes as four 32-bit values: f32 as they are, narrower
  // elements as the words that hold them in order (registers and memory
  // alike).
  auto vec = VectorType::get({4}, regs.elemType.isF32() ? regs.elemType
                                                        : Type(b.getI32Type()));
  auto whole = [&] {
    if (load) {
      Value v = LLVM::LoadOp::create(b, loc, vec, g, /*alignment=*/16);
      LLVM::StoreOp::create(b, loc, v, r, /*alignment=*/bytes);
    } else {
      Value v = LLVM::LoadOp::create(b, loc, vec, r, /*alignment=*/bytes);
      LLVM::StoreOp::create(b, loc, v, g, /*alignment=*/16);
    }
  };
  if (!isOobView(call.getArgs()[memArg])) {
    whole();
    return success();
  }
  // A window that may reach past the end of its tensor (oob, from a
  // partial tile): its elements lie all inside or all outside, since the
  // first one's last coordinate and the last extent are multiples of the
  // width (alignedRuns). A load reads the zero pad outside; a store is
  // predicated on the first element (no branch, so that the stores of a
  // loop stay in flight together) and does nothing outside.
  Value inside = L.insideTensor(mem, L.rootIndices(mem, {L.c64(0)}));
  if (load) {
    g = L.addressOrZeroPad(g, inside);
    whole();
    return success();
  }
  L.storeIfInside(LLVM::LoadOp::create(b, loc, vec, r, /*alignment=*/bytes), g,
                  inside);
  return success();
}

namespace {

struct GlobalEmitter
    : InstrEmitterAttrInterface::ExternalModel<GlobalEmitter, GlobalAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    switch (cast<GlobalAttr>(attr).getKind()) {
    case GlobalAccessKind::Load:
      return emitVectorGlobal(L, call, /*load=*/true);
    case GlobalAccessKind::Store:
      return emitVectorGlobal(L, call, /*load=*/false);
    case GlobalAccessKind::RedAdd:
      return emitRedGlobalAdd(L, call);
    }
    llvm_unreachable("a global access kind");
  }
  // The global side may reach past its tensor: the emitter accesses only
  // the elements inside.
  bool acceptsOutOfBounds(Attribute attr, unsigned index) const {
    return index == (cast<GlobalAttr>(attr).getKind() == GlobalAccessKind::Load
                         ? 1u
                         : 0u);
  }
};

} // namespace

void attachGlobalAccessEmitter(MLIRContext *ctx) {
  GlobalAttr::attachInterface<GlobalEmitter>(*ctx);
}

} // namespace exo::nvvm

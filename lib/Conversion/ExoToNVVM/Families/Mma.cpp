//===- Mma.cpp - The mma.sync family's emitter ------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The warp-level tensor-core path: fragments in registers (`mma_a`, `mma_b`,
// `mma_c`, distributed over warps), loaded from shared memory with ldmatrix,
// multiplied with mma.sync (tf32 m16n8k8, bf16 and f16 m16n8k16), converted
// to 16 bits, and stored with st.shared / st.global or stmatrix.
//
// Every fragment is the PTX ISA's layout for lane l, g = l / 4, t = l % 4,
// in registers of 32 bits:
//   - A (16 x K; K = 8 tf32 or 16 bf16/f16): register r holds row
//     g + 8 (r % 2), columns t + 4 (r / 2) (tf32) or the pair
//     2 t + 8 (r / 2) (+ 1) (16-bit);
//   - B (8 x K, stored N-major like the GEMMs' B[n, k]): register r holds
//     row g, column t + 4 r (tf32) or the pair 2 t + 8 r (+ 1) (16-bit);
//   - C (16 x 8): elements (g, 2 t), (g, 2 t + 1), (g + 8, 2 t),
//     (g + 8, 2 t + 1), in four f32 registers or two 16-bit pairs.
// ldmatrix and stmatrix move 8 x 8 matrices of 16-bit values whose rows are
// 16 bytes: four (A), two (B) or two (C) such matrices are exactly these
// fragments (a tf32 row of 4 values is one 16-byte matrix row).
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {
namespace {

enum class MmaType { Tf32, Bf16, F16 };

} // namespace

static bool isHalf(Type t) { return t.isBF16() || t.isF16(); }

/// The first register of the `rows` x `cols` fragment that argument `arg`
/// of `call`, a window of fragment memory `kind`, selects (checkMmaFragment,
/// which the collective analysis also asks: its last two dimensions whole,
/// the others points), `perThread` registers per fragment.
static FailureOr<Value> fragmentPointer(KernelLowering &L, CallOp call,
                                        StringRef what, unsigned arg,
                                        MemoryKind kind, int64_t rows,
                                        int64_t cols, int64_t perThread) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  FailureOr<WindowGeometry> g = L.windowGeometry(call, arg);
  if (failed(g) || failed(checkMmaFragment(call, what, *g, kind, rows, cols)))
    return failure();
  const View &v = L.views[call.getArgs()[arg]];
  unsigned rank = v.staticExtents.size();
  // The leading dimensions that are not distributed index whole fragments
  // of the thread's register array.
  Value idx = L.c64(0);
  for (unsigned d = v.numDistributed; d + 2 < rank; ++d)
    idx = L.add(L.mul(idx, v.extents[d]), v.offsets[d]);
  return LLVM::GEPOp::create(b, loc, L.ptr(), v.elemType, v.base,
                             ValueRange{L.mul(idx, L.c64(perThread))})
      .getResult();
}

/// Checks that argument `arg` of `call` is a `rows` x `cols` window that
/// ldmatrix / stmatrix can address (checkMatrixWindow, which the collective
/// analysis also asks): unswizzled shared memory, contiguous rows, each row
/// of each 8 x 8 matrix 16-byte aligned.
static LogicalResult checkMatrixRows(KernelLowering &L, CallOp call,
                                     StringRef what, unsigned arg, int64_t rows,
                                     int64_t cols) {
  FailureOr<WindowGeometry> g = L.windowGeometry(call, arg);
  return failure(failed(g) ||
                 failed(checkMatrixWindow(call, what, rows, cols, *g)));
}

static LogicalResult emitMmaZero(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &d = L.views[call.getArgs()[0]];
  FailureOr<Value> p =
      fragmentPointer(L, call, "an accumulator", 0, MemoryKind::MmaC, 16, 8, 4);
  if (failed(p))
    return failure();
  auto arr = LLVM::LLVMArrayType::get(d.elemType, 4);
  LLVM::StoreOp::create(b, loc, LLVM::ZeroOp::create(b, loc, arr), *p);
  return success();
}

static LogicalResult emitMmaLoad(KernelLowering &L, CallOp call, bool isA) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  Type elem = dst.elemType;
  if (!(elem.isF32() || isHalf(elem)) || src.elemType != elem)
    return call.emitOpError() << "loads an mma.sync fragment of f32 (tf32), "
                                 "bf16 or f16 from shared memory of that type";
  int64_t rows = isA ? 16 : 8;
  int64_t k = isHalf(elem) ? 16 : 8;
  int64_t regs = isA ? 4 : 2;
  FailureOr<Value> p =
      fragmentPointer(L, call, isA ? "an A fragment" : "a B fragment", 0,
                      isA ? MemoryKind::MmaA : MemoryKind::MmaB, rows, k,
                      regs * (isHalf(elem) ? 2 : 1));
  // The window's column offset must keep each matrix row 16-byte aligned
  // too (checkMatrixRows).
  if (failed(p) ||
      failed(checkMatrixRows(L, call, "ldmatrix reads", 1, rows, k)))
    return failure();
  // Lane l addresses row l % rows of matrix l / rows... (A: four matrices,
  // rows 0-15 then the second half of K; B: two, rows 0-7 then the second
  // half).
  Value l = L.toI64(L.lane);
  Value row = arith::RemUIOp::create(b, loc, l, L.c64(rows));
  Value half = arith::RemUIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, l, L.c64(rows)), L.c64(2));
  Value addr = L.sharedAddress(src, {row, L.mul(half, L.c64(k / 2))});
  SmallVector<Type> fields(regs, L.i32());
  auto resTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value m = NVVM::LdMatrixOp::create(
      b, loc, resTy, addr, regs, NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  for (int64_t r = 0; r < regs; ++r) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), L.i32(), *p,
                                  ArrayRef<LLVM::GEPArg>{r});
    LLVM::StoreOp::create(b, loc, LLVM::ExtractValueOp::create(b, loc, m, r), q,
                          /*alignment=*/4);
  }
  return success();
}

static LogicalResult emitMma(KernelLowering &L, CallOp call, MmaType type) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &d = L.views[call.getArgs()[0]];
  const View &a = L.views[call.getArgs()[1]];
  const View &bv = L.views[call.getArgs()[2]];
  Type in = type == MmaType::Tf32   ? Type(b.getF32Type())
            : type == MmaType::Bf16 ? Type(b.getBF16Type())
                                    : Type(b.getF16Type());
  StringRef name = type == MmaType::Tf32   ? "tf32"
                   : type == MmaType::Bf16 ? "bf16"
                                           : "f16";
  int64_t k = type == MmaType::Tf32 ? 8 : 16;
  int64_t per = type == MmaType::Tf32 ? 1 : 2;
  // f16 products may also accumulate in f16.
  bool halfAcc = type == MmaType::F16 && d.elemType.isF16();
  if (a.elemType != in || bv.elemType != in || !(d.elemType.isF32() || halfAcc))
    return call.emitOpError()
           << "mma.sync " << name << " multiplies " << name
           << " A and B fragments into an f32 accumulator"
           << (type == MmaType::F16 ? " (or an f16 one)" : "");
  FailureOr<Value> pa = fragmentPointer(L, call, "an A fragment", 1,
                                        MemoryKind::MmaA, 16, k, 4 * per);
  if (failed(pa))
    return failure();
  FailureOr<Value> pb = fragmentPointer(L, call, "a B fragment", 2,
                                        MemoryKind::MmaB, 8, k, 2 * per);
  if (failed(pb))
    return failure();
  FailureOr<Value> pd =
      fragmentPointer(L, call, "an accumulator", 0, MemoryKind::MmaC, 16, 8, 4);
  if (failed(pd))
    return failure();
  // Operands as the NVVM op wants them: 32-bit registers (i32 for tf32 and
  // bf16, f16 pairs as vectors), accumulators as f32 or f16 pairs.
  auto pairF16 = VectorType::get({2}, b.getF16Type());
  Type reg = type == MmaType::F16 ? Type(pairF16) : L.i32();
  auto loadRegs = [&](Value base, int64_t n) {
    SmallVector<Value> out;
    for (int64_t r = 0; r < n; ++r) {
      Value q = LLVM::GEPOp::create(b, loc, L.ptr(), L.i32(), base,
                                    ArrayRef<LLVM::GEPArg>{r});
      out.push_back(LLVM::LoadOp::create(b, loc, reg, q, /*alignment=*/4));
    }
    return out;
  };
  SmallVector<Value> opA = loadRegs(*pa, 4), opB = loadRegs(*pb, 2);
  Type accTy = halfAcc ? Type(pairF16) : Type(b.getF32Type());
  int64_t accRegs = halfAcc ? 2 : 4;
  SmallVector<Value> opC;
  for (int64_t r = 0; r < accRegs; ++r) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), accTy, *pd,
                                  ArrayRef<LLVM::GEPArg>{r});
    opC.push_back(LLVM::LoadOp::create(b, loc, accTy, q, /*alignment=*/4));
  }
  SmallVector<Type> fields(accRegs, accTy);
  auto resTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
  NVVM::MMATypes ptxType = type == MmaType::Tf32   ? NVVM::MMATypes::tf32
                           : type == MmaType::Bf16 ? NVVM::MMATypes::bf16
                                                   : NVVM::MMATypes::f16;
  Value res = NVVM::MmaOp::create(
      b, loc, resTy, opA, opB, opC, ArrayRef<int64_t>{16, 8, k},
      /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
      std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t r = 0; r < accRegs; ++r) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), accTy, *pd,
                                  ArrayRef<LLVM::GEPArg>{r});
    LLVM::StoreOp::create(b, loc, LLVM::ExtractValueOp::create(b, loc, res, r),
                          q, /*alignment=*/4);
  }
  return success();
}

static LogicalResult emitMmaStore(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  FailureOr<Value> p =
      fragmentPointer(L, call, "an accumulator", 1, MemoryKind::MmaC, 16, 8, 4);
  if (failed(p))
    return failure();
  // The destination's rule (checkMmaStoreDestination, which the collective
  // analysis also asks).
  FailureOr<WindowGeometry> geometry = L.windowGeometry(call, 0);
  if (failed(geometry) ||
      failed(checkMmaStoreDestination(call, *geometry, src.elemType)))
    return failure();
  // Lane l stores its pairs (g, 2t..2t+1) and (g + 8, 2t..2t+1): each pair
  // as one vector store where its two columns are adjacent in memory and
  // provably start at an even element (as the wgmma accumulator store
  // proves it), else one element at a time.
  Value l = L.toI64(L.lane);
  KernelLowering::LayoutArith a = L.layoutArith();
  Value g = fragment::mmaAccumulatorFirstRow(a, l);
  Value col = fragment::mmaAccumulatorFirstCol(a, l);
  bool pairs = L.pairsAligned(dst);
  int64_t bytes = getElementBytes(src.elemType);
  auto element = [&](int64_t e) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), src.elemType, *p,
                                  ArrayRef<LLVM::GEPArg>{e});
    return LLVM::LoadOp::create(b, loc, src.elemType, q).getResult();
  };
  for (int64_t h = 0; h < 2; ++h) {
    Value row = L.add(g, L.c64(fragment::mmaAccumulatorRowStep(2 * h)));
    if (pairs) {
      LLVM::StoreOp::create(b, loc,
                            L.vectorOf({element(2 * h), element(2 * h + 1)}),
                            L.sharedAddress(dst, {row, col}),
                            /*alignment=*/2 * bytes);
      continue;
    }
    for (int64_t i = 0; i < 2; ++i)
      LLVM::StoreOp::create(b, loc, element(2 * h + i),
                            L.sharedAddress(dst, {row, L.add(col, L.c64(i))}),
                            /*alignment=*/bytes);
  }
  return success();
}

static LogicalResult emitMmaStMatrix(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  if (!isHalf(src.elemType) || dst.elemType != src.elemType)
    return call.emitOpError() << "stmatrix stores a 16-bit (bf16 or f16) "
                                 "accumulator to shared memory of its type";
  FailureOr<Value> p =
      fragmentPointer(L, call, "an accumulator", 1, MemoryKind::MmaC, 16, 8, 4);
  if (failed(p) ||
      failed(checkMatrixRows(L, call, "stmatrix writes", 0, 16, 8)))
    return failure();
  // Two matrices (rows 0-7, 8-15): lanes 0-15 give the row addresses.
  Value row = arith::RemUIOp::create(b, loc, L.toI64(L.lane), L.c64(16));
  Value addr = L.sharedAddress(dst, {row, L.c64(0)});
  SmallVector<Value> regs;
  for (int64_t r = 0; r < 2; ++r) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), L.i32(), *p,
                                  ArrayRef<LLVM::GEPArg>{r});
    regs.push_back(LLVM::LoadOp::create(b, loc, L.i32(), q, /*alignment=*/4));
  }
  NVVM::StMatrixOp::create(b, loc, addr, regs, NVVM::MMALayout::row,
                           NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                           NVVM::LdStMatrixEltType::B16);
  return success();
}

static LogicalResult emitMmaConvert(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  if (!isHalf(dst.elemType) || !src.elemType.isF32())
    return call.emitOpError() << "converts an f32 mma.sync accumulator to a "
                                 "bf16 or f16 one (round to nearest)";
  FailureOr<Value> pd =
      fragmentPointer(L, call, "an accumulator", 0, MemoryKind::MmaC, 16, 8, 4);
  if (failed(pd))
    return failure();
  FailureOr<Value> ps =
      fragmentPointer(L, call, "an accumulator", 1, MemoryKind::MmaC, 16, 8, 4);
  if (failed(ps))
    return failure();
  // The same elements in the same places: each pair becomes one register.
  for (int64_t e = 0; e < 4; ++e) {
    Value q = LLVM::GEPOp::create(b, loc, L.ptr(), src.elemType, *ps,
                                  ArrayRef<LLVM::GEPArg>{e});
    Value x = LLVM::LoadOp::create(b, loc, src.elemType, q);
    Value y = arith::TruncFOp::create(b, loc, dst.elemType, x);
    Value r = LLVM::GEPOp::create(b, loc, L.ptr(), dst.elemType, *pd,
                                  ArrayRef<LLVM::GEPArg>{e});
    LLVM::StoreOp::create(b, loc, y, r);
  }
  return success();
}

namespace {

struct MmaEmitter
    : InstrEmitterAttrInterface::ExternalModel<MmaEmitter, MmaAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    auto mma = cast<MmaAttr>(attr);
    switch (mma.getPart()) {
    case MmaPart::Mma: {
      Type t = mma.getDtype();
      return emitMma(L, call,
                     t.isTF32()   ? MmaType::Tf32
                     : t.isBF16() ? MmaType::Bf16
                                  : MmaType::F16);
    }
    case MmaPart::ZeroC:
      return emitMmaZero(L, call);
    case MmaPart::LoadA:
      return emitMmaLoad(L, call, /*isA=*/true);
    case MmaPart::LoadB:
      return emitMmaLoad(L, call, /*isA=*/false);
    case MmaPart::StoreC:
      return emitMmaStore(L, call);
    case MmaPart::ConvertC:
      return emitMmaConvert(L, call);
    case MmaPart::StmatrixC:
      return emitMmaStMatrix(L, call);
    }
    llvm_unreachable("an mma part");
  }
};

} // namespace

void attachMmaEmitter(MLIRContext *ctx) {
  MmaAttr::attachInterface<MmaEmitter>(*ctx);
}

} // namespace exo::nvvm

//===- Wgmma.cpp - The wgmma families' emitters -----------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
// The emitters of #exo.wgmma (wgmma.mma_async from shared-memory descriptors
// or register A fragments), #exo.wgmma_zero, #exo.wgmma_load_a and
// #exo.wgmma_store (st.shared / st.global / red.global.add of the
// accumulator, and bf16 through stmatrix). An accumulator tile is the
// warpgroup's 64 x n registers: a struct of n / 2 floats per thread (f32),
// or of n / 4 32-bit words holding two f16 elements each (f16).
//
//===----------------------------------------------------------------------===//

#include "../InstrEmitter.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {
namespace {

/// One wgmma accumulator tile (64 x n f32 or f16 over a warpgroup) and the
/// struct of its registers.
struct WgmmaTile {
  int64_t n = 0;    // columns of the window
  int64_t col0 = 0; // its first column in the tile (a column window)
  Value ptr;
  Type type;         // the struct of the whole tile's registers
  bool half = false; // f16 elements, two per 32-bit register
  /// The registers of one 8-column block: 4 f32, or 2 of two f16 each
  /// (consecutive fields of the tile's struct: FragmentLayout.h).
  int64_t fieldsPerBlock() const { return half ? 2 : 4; }
  /// The window's first field in the tile's struct.
  int64_t firstField() const { return col0 / 8 * fieldsPerBlock(); }
  /// The inline-asm constraint of one of its registers as an output.
  StringRef outputConstraint() const { return half ? "=r" : "=f"; }
};

} // namespace

LLVM::LLVMStructType accumulatorStruct(MLIRContext *ctx, int64_t n,
                                       Type element) {
  Builder b(ctx);
  SmallVector<Type> fields(element.isF16() ? n / 4 : n / 2,
                           element.isF16() ? Type(b.getI32Type())
                                           : Type(b.getF32Type()));
  return LLVM::LLVMStructType::getLiteral(ctx, fields);
}

/// The warp's index in its warpgroup (i64).
static Value warpInWarpgroup(KernelLowering &L) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  Value t = arith::RemUIOp::create(b, loc, L.tid, L.c32(kWarpgroupSize));
  return L.toI64(arith::DivUIOp::create(b, loc, t, L.c32(kWarpSize)));
}

/// The accumulator tile window `v` selects: its last two dimensions whole
/// (or, with `columnWindow`, whole 8-column blocks at a constant offset),
/// any dimensions between the distributed ones and them points.
static FailureOr<WgmmaTile> accumulator(KernelLowering &L, CallOp call,
                                        const View &v,
                                        bool columnWindow = false) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  unsigned rank = v.staticExtents.size();
  bool shape =
      v.kind == View::Regs && v.memory.getKind() == MemoryKind::WgmmaAccum &&
      (v.elemType.isF32() || v.elemType.isF16()) && v.sizes.size() == 2 &&
      v.sizes[0] == 64 && v.kept[0] == rank - 2 && v.kept[1] == rank - 1 &&
      v.staticExtents[rank - 1] % 8 == 0 && v.staticExtents[rank - 1] >= 8 &&
      v.staticExtents[rank - 1] <= 256;
  if (!shape || v.sizes[1] != v.staticExtents[rank - 1]) {
    // A store or a wgmma may take a window of whole 8-column blocks at a
    // constant offset: the registers it reads (and the wgmma writes) are
    // then known here.
    std::optional<int64_t> col0 =
        shape ? constantOf(v.offsets[rank - 1]) : std::nullopt;
    if (!columnWindow || !col0 || *col0 % 8 || v.sizes[1] % 8 ||
        v.sizes[1] == 0 || *col0 + v.sizes[1] > v.staticExtents[rank - 1])
      return call.emitOpError()
             << "needs a whole 64 x N wgmma accumulator tile (N a multiple of "
                "8 up to 256)"
             << (columnWindow ? ", or a window of it of whole 8-column "
                                "blocks at a constant column offset"
                              : "");
  }
  // The leading dimensions that are not distributed select one tile of
  // the warpgroup's array of accumulators.
  Value idx = L.fragmentTileIndex(v, v.offsets);
  auto structTy = accumulatorStruct(ctx, v.staticExtents[rank - 1], v.elemType);
  WgmmaTile t;
  t.half = v.elemType.isF16();
  t.n = v.sizes[1];
  t.col0 = constantOf(v.offsets[rank - 1]).value_or(0);
  t.type = structTy;
  t.ptr = rank - v.numDistributed > 2
              ? Value(LLVM::GEPOp::create(b, loc, L.ptr(), structTy, v.base,
                                          ValueRange{idx}))
              : v.base;
  return t;
}

static LogicalResult emitWgmmaZero(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  const View &d = L.views[call.getArgs()[0]];
  FailureOr<WgmmaTile> acc = accumulator(L, call, d, /*columnWindow=*/true);
  if (failed(acc))
    return failure();
  // The zeros are ordinary register writes: wgmma.fence orders them before
  // the next wgmma of this warpgroup (what scale-d = 0 would do in the
  // instruction itself, which the program's semantics assume). They are
  // written by one volatile asm, which stays before the fence: constants
  // would be rematerialised after it, where ptxas must inject another
  // fence (warpgroup.arrive) before the wgmma that reads them. A column
  // window zeroes its blocks' fields only.
  Type windowTy = accumulatorStruct(L.ctx, acc->n, d.elemType);
  int64_t n = cast<LLVM::LLVMStructType>(windowTy).getBody().size();
  std::string text, constraints;
  for (int64_t i = 0; i < n; ++i) {
    text += "mov.b32 $" + std::to_string(i) + ", 0;\n";
    constraints += i ? "," : "";
    constraints += acc->outputConstraint();
  }
  Value zero = L.inlineAsm(windowTy, {}, text, constraints);
  if (windowTy != acc->type) {
    Value whole = LLVM::LoadOp::create(b, loc, acc->type, acc->ptr);
    for (int64_t i = 0; i < n; ++i)
      whole = LLVM::InsertValueOp::create(
          b, loc, whole, LLVM::ExtractValueOp::create(b, loc, zero, i),
          acc->firstField() + i);
    zero = whole;
  }
  LLVM::StoreOp::create(b, loc, zero, acc->ptr);
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  return success();
}

/// The first register of the register-A fragment `v` (a 64 x k window of a
/// wgmma_a tensor): its leading dimensions that are not distributed select
/// one fragment of the thread's array, k / 2 elements each.
static Value fragmentABase(KernelLowering &L, const View &v, int64_t k) {
  Value idx = L.fragmentTileIndex(v, v.offsets);
  return L.gepBytes(v.base,
                    L.mul(idx, L.c64(k / 2 * getElementBytes(v.elemType))));
}

static LogicalResult emitWgmmaLoadA(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  bool half = src.elemType.isBF16() || src.elemType.isF16();
  int64_t k = half ? 16 : 8;
  if (dst.kind != View::Regs || dst.memory.getKind() != MemoryKind::WgmmaA ||
      dst.sizes.size() != 2 || dst.sizes[0] != 64 || dst.sizes[1] != k ||
      dst.elemType != src.elemType || src.kind != View::Shared ||
      src.memory.getSwizzle() || src.sizes.size() != 2 || src.sizes[0] != 64 ||
      src.sizes[1] != k || !(half || src.elemType.isF32()))
    return call.emitOpError()
           << "loads a wgmma A fragment: a whole 64 x 8 tf32 (64 x 16 "
              "bf16/f16) fragment from a window of that shape and type in "
              "unswizzled shared memory";
  Value w = warpInWarpgroup(L);
  Value l = L.toI64(L.lane);
  // 16-bit fragments are four 8 x 8 matrices per warp (rows 0-7 / 8-15 x
  // columns 0-7 / 8-15), exactly what ldmatrix.x4 delivers: lane l gives
  // the address of row l % 16, column 8 (l / 16), and receives its pairs in
  // fragment order. It needs 16-byte aligned rows: a row pitch and a column
  // offset that are multiples of 16 bytes.
  std::optional<int64_t> colOff = constantOf(src.offsets.back());
  if (half && src.kept.back() == src.staticExtents.size() - 1 &&
      src.staticExtents.back() * 2 % 16 == 0 && colOff && *colOff % 8 == 0) {
    Value row = L.add(L.mul(w, L.c64(16)),
                      arith::RemUIOp::create(b, loc, l, L.c64(16)));
    Value col = L.mul(arith::DivUIOp::create(b, loc, l, L.c64(16)), L.c64(8));
    Value p = L.sharedAddress(src, {row, col});
    SmallVector<Type> regs(4, L.i32());
    auto resTy = LLVM::LLVMStructType::getLiteral(ctx, regs);
    Value m =
        NVVM::LdMatrixOp::create(b, loc, resTy, p, 4, NVVM::MMALayout::row,
                                 NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                                 NVVM::LdStMatrixEltType::B16);
    auto pair = VectorType::get({2}, src.elemType);
    Value base = fragmentABase(L, dst, k);
    for (int64_t i = 0; i < 4; ++i) {
      Value r = LLVM::ExtractValueOp::create(b, loc, m, i);
      Value v = LLVM::BitcastOp::create(b, loc, pair, r);
      Value q = LLVM::GEPOp::create(b, loc, L.ptr(), src.elemType, base,
                                    ArrayRef<LLVM::GEPArg>{2 * i});
      LLVM::StoreOp::create(b, loc, v, q, /*alignment=*/4);
    }
    return success();
  }
  // The elements the thread holds (FragmentLayout.h's inverse layouts):
  // element e of a 16-bit fragment where the accumulator's register e is.
  KernelLowering::LayoutArith a = L.layoutArith();
  Value row0 = fragment::wgmmaAccumulatorFirstRow(a, w, l);
  Value col0 = half ? fragment::wgmmaAccumulatorFirstCol(a, l)
                    : fragment::wgmmaTf32AFirstCol(a, l);
  Value base = fragmentABase(L, dst, k);
  // 16-bit elements are stored a register (a pair) at a time, as the
  // element accesses and the wgmma read them.
  auto pairTy = VectorType::get({2}, src.elemType);
  Value pair;
  for (int64_t e = 0; e < (half ? 8 : 4); ++e) {
    int64_t dr = half ? fragment::wgmmaAccumulatorRowStep(e)
                      : fragment::wgmmaTf32ARowStep(e);
    int64_t dc = half ? fragment::wgmmaAccumulatorColStep(e)
                      : fragment::wgmmaTf32AColStep(e);
    Value p =
        L.sharedAddress(src, {L.add(row0, L.c64(dr)), L.add(col0, L.c64(dc))});
    Value x = LLVM::LoadOp::create(b, loc, src.elemType, p);
    if (!half) {
      Value q = LLVM::GEPOp::create(b, loc, L.ptr(), src.elemType, base,
                                    ArrayRef<LLVM::GEPArg>{e});
      LLVM::StoreOp::create(b, loc, x, q);
      continue;
    }
    if (e % 2 == 0)
      pair = LLVM::PoisonOp::create(b, loc, pairTy);
    pair = LLVM::InsertElementOp::create(b, loc, pair, x, L.c64(e % 2));
    if (e % 2 == 1) {
      Value q = LLVM::GEPOp::create(b, loc, L.ptr(), src.elemType, base,
                                    ArrayRef<LLVM::GEPArg>{e - 1});
      LLVM::StoreOp::create(b, loc, pair, q, /*alignment=*/4);
    }
  }
  return success();
}

/// `accumulate`: scale-d = 1 (D += A * B); else 0 (D = A * B, the old
/// registers' values unread).
static LogicalResult emitWgmma(KernelLowering &L, CallOp call, Type dtype,
                               NVVM::WGMMATypes type, bool bNMajor,
                               bool accumulate) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &d = L.views[call.getArgs()[0]];
  const View &a = L.views[call.getArgs()[1]];
  const View &bv = L.views[call.getArgs()[2]];
  // The destination: a whole tile, or a window of whole 8-column blocks of
  // one (the wgmma then reads and writes that window's registers only).
  FailureOr<WgmmaTile> tile = accumulator(L, call, d, /*columnWindow=*/true);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  // One wgmma consumes 32 bytes of K: 8 tf32, 16 bf16/f16 or 32 fp8 values.
  bool fp8 = type == NVVM::WGMMATypes::e4m3 || type == NVVM::WGMMATypes::e5m2;
  int64_t k = type == NVVM::WGMMATypes::tf32 ? 8 : fp8 ? 32 : 16;
  StringRef typeName = stringifyWGMMATypes(type);
  // Operands: K-major tiles (rows x k) in swizzled shared memory whose rows
  // are one swizzle span (32, 64 or 128 bytes) long, or, without swizzling,
  // as core matrices (8 rows of 16 bytes, 128 contiguous bytes): a window
  // [2, rows, 16 bytes] of a tensor whose rows are 16 bytes, the two
  // 16-byte halves of K (the core-matrix columns) in its first dimension.
  // A descriptor's start address field: (address & 0x3FFFF) >> 4, of a
  // shared-memory address as an i64.
  auto startField = [&](Value a64) -> Value {
    return arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, a64, L.c64(0x3FFFF)), L.c64(4));
  };
  // The operand's rules (checkWgmmaOperand, which the collective analysis
  // also asks) hold before its descriptor is built.
  auto descriptor = [&](const View &v, unsigned arg,
                        int64_t rows) -> FailureOr<Value> {
    FailureOr<WindowGeometry> g = L.windowGeometry(call, arg);
    if (failed(g) || failed(checkWgmmaOperand(call, dtype, *g, rows)))
      return failure();
    int64_t swizzle = v.memory.getSwizzle();
    if (!swizzle) {
      Value base = L.sharedAddress(v, {L.c64(0), L.c64(0), L.c64(0)});
      Value next = L.sharedAddress(v, {L.c64(1), L.c64(0), L.c64(0)});
      Value a64 = LLVM::PtrToIntOp::create(b, loc, L.i64(), base);
      Value n64 = LLVM::PtrToIntOp::create(b, loc, L.i64(), next);
      Value start = startField(a64);
      // Leading byte offset: from one core-matrix column (K) to the next;
      // stride byte offset: from one 8-row group to the next (128 bytes);
      // layout type 0 (no swizzle).
      Value lbo = arith::ShLIOp::create(
          b, loc,
          arith::AndIOp::create(
              b, loc,
              arith::ShRUIOp::create(
                  b, loc, arith::SubIOp::create(b, loc, n64, a64), L.c64(4)),
              L.c64(0x3FFF)),
          L.c64(16));
      Value desc = arith::OrIOp::create(b, loc, start, lbo);
      return arith::OrIOp::create(b, loc, desc, L.c64(int64_t(128 >> 4) << 32))
          .getResult();
    }
    unsigned rank = v.staticExtents.size();
    // The start address field is (addr & 0x3FFFF) >> 4. The address is
    // that of the window's first row (a multiple of 8 * swizzle bytes, just
    // checked) plus the K offset within the row (below one span): no carry
    // crosses from one into the other, so the field is the row's field plus
    // the K offset / 16. The row's part does not depend on the K slice, so
    // the wgmmas of one slot share it and each adds a constant (the
    // masked, shifted sum would cost three 64-bit operations per wgmma).
    View row = v;
    row.offsets[rank - 1] = L.c64(0);
    Value a64 = LLVM::PtrToIntOp::create(
        b, loc, L.i64(), L.sharedAddress(row, {L.c64(0), L.c64(0)}));
    Value rowStart = startField(a64);
    Value kStart = arith::ShRUIOp::create(
        b, loc, L.mul(v.offsets[rank - 1], L.c64(getElementBytes(v.elemType))),
        L.c64(4));
    // Leading byte offset 16 (unused with swizzling), stride byte offset
    // 8 rows, layout type 1/2/3 for 128/64/32-byte swizzles. The start
    // field is below 2^14 and these bits start at 16: or is add.
    int64_t layout = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
    int64_t hi = (int64_t(1) << 16) | (int64_t((8 * swizzle) >> 4) << 32) |
                 (layout << 62);
    return arith::AddIOp::create(
               b, loc, arith::OrIOp::create(b, loc, rowStart, L.c64(hi)),
               kStart)
        .getResult();
  };
  // An N-major B (transposed, 16-bit types): a [n / s, k, s] window of
  // swizzled shared memory whose rows are one span of s columns and whose
  // k rows are consecutive (the canonical MN-major layout: atoms of 8 k rows
  // of one span). Its leading byte offset is the stride from one span of
  // columns to the next, its stride byte offset the 8 k rows of an atom.
  auto nMajorDescriptor = [&](const View &v) -> FailureOr<Value> {
    FailureOr<WindowGeometry> g = L.windowGeometry(call, 2);
    if (failed(g) || failed(checkWgmmaNMajorB(call, dtype, *g, n)))
      return failure();
    int64_t swizzle = v.memory.getSwizzle();
    int64_t bytes = getElementBytes(v.elemType);
    unsigned rank = v.staticExtents.size();
    // The stride from one span of columns to the next: a multiple of the
    // span's bytes (32 or more), and below the 227 KiB a CTA's shared
    // memory holds (checked before any instruction is emitted), so it
    // fits the 14-bit field in units of 16 bytes.
    int64_t spanStride = bytes;
    for (unsigned d = v.kept[0] + 1; d < rank; ++d)
      spanStride *= v.staticExtents[d];
    assert(spanStride % 16 == 0 && (spanStride >> 4) <= 0x3FFF &&
           "a span stride is a multiple of 16 bytes within shared memory");
    Value a64 = LLVM::PtrToIntOp::create(
        b, loc, L.i64(), L.sharedAddress(v, {L.c64(0), L.c64(0), L.c64(0)}));
    Value start = startField(a64);
    int64_t lbo = v.sizes[0] > 1 ? spanStride >> 4 : 1;
    int64_t layout = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
    int64_t hi =
        (lbo << 16) | (int64_t((8 * swizzle) >> 4) << 32) | (layout << 62);
    return arith::OrIOp::create(b, loc, start, L.c64(hi)).getResult();
  };
  FailureOr<Value> descB =
      bNMajor ? nMajorDescriptor(bv) : descriptor(bv, 2, n);
  if (failed(descB))
    return failure();
  // The registers of the wgmma's n columns: the whole tile's struct, or,
  // for a column window, the fields of its 8-column blocks, copied out of
  // the tile's struct before the wgmma and back into it after.
  Type structTy = accumulatorStruct(ctx, n, d.elemType);
  bool window = structTy != tile->type;
  int64_t fields = n / 8 * tile->fieldsPerBlock();
  // Copies fields [from, from + fields) of `src` to [to, to + fields) of
  // `dst`.
  auto copyFields = [&](Value dst, int64_t to, Value src, int64_t from) {
    for (int64_t i = 0; i < fields; ++i)
      dst = LLVM::InsertValueOp::create(
          b, loc, dst, LLVM::ExtractValueOp::create(b, loc, src, from + i),
          to + i);
    return dst;
  };
  auto loadAcc = [&]() -> Value {
    Value whole = LLVM::LoadOp::create(b, loc, tile->type, tile->ptr);
    return window ? copyFields(LLVM::UndefOp::create(b, loc, structTy), 0,
                               whole, tile->firstField())
                  : whole;
  };
  auto storeAcc = [&](Value result) {
    if (window)
      result = copyFields(LLVM::LoadOp::create(b, loc, tile->type, tile->ptr),
                          tile->firstField(), result, 0);
    LLVM::StoreOp::create(b, loc, result, tile->ptr);
  };
  if (a.kind == View::Regs) {
    // A from registers (the NVVM op takes descriptors only): inline PTX,
    // the accumulator's registers tied in and out.
    bool tf32 = type == NVVM::WGMMATypes::tf32;
    bool typeOk = tf32 ? a.elemType.isF32()
                       : (type == NVVM::WGMMATypes::bf16 ? a.elemType.isBF16()
                                                         : a.elemType.isF16());
    if (a.memory.getKind() != MemoryKind::WgmmaA || !typeOk ||
        a.sizes.size() != 2 || a.sizes[0] != 64 || a.sizes[1] != k)
      return call.emitOpError()
             << "a wgmma A operand in registers must be a whole 64 x " << k
             << " " << typeName << " wgmma_a fragment";
    int64_t nd = tile->half ? n / 4 : n / 2;
    std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, $" +
                       std::to_string(nd + 5) + ", 0;\nwgmma.mma_async.sync." +
                       "aligned.m64n" + std::to_string(n) + "k" +
                       std::to_string(k) + (tile->half ? ".f16." : ".f32.") +
                       typeName.str() + "." + typeName.str() + " {";
    std::string constraints;
    for (int64_t i = 0; i < nd; ++i) {
      text += (i ? ", $" : "$") + std::to_string(i);
      constraints += i ? "," : "";
      constraints += tile->outputConstraint();
    }
    text += "}, {$" + std::to_string(nd) + ", $" + std::to_string(nd + 1) +
            ", $" + std::to_string(nd + 2) + ", $" + std::to_string(nd + 3) +
            "}, $" + std::to_string(nd + 4) + ", p, 1, 1" +
            (tf32      ? ""
             : bNMajor ? ", 1"
                       : ", 0") +
            ";\n}";
    constraints += ",r,r,r,r,l,r";
    for (int64_t i = 0; i < nd; ++i)
      constraints += "," + std::to_string(i);
    SmallVector<Value> operands;
    // Four 32-bit registers: one tf32 each, or a pair of bf16/f16.
    Type reg =
        tf32 ? Type(b.getF32Type()) : Type(VectorType::get({2}, a.elemType));
    Value aBase = fragmentABase(L, a, k);
    for (int64_t e = 0; e < 4; ++e) {
      Value q = LLVM::GEPOp::create(b, loc, L.ptr(), a.elemType, aBase,
                                    ArrayRef<LLVM::GEPArg>{tf32 ? e : 2 * e});
      Value x = LLVM::LoadOp::create(b, loc, reg, q, /*alignment=*/4);
      operands.push_back(LLVM::BitcastOp::create(b, loc, L.i32(), x));
    }
    operands.push_back(*descB);
    operands.push_back(L.c32(accumulate ? 1 : 0)); // scale-d
    Value acc = loadAcc();
    for (int64_t i = 0; i < nd; ++i)
      operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, i));
    storeAcc(L.inlineAsm(structTy, operands, text, constraints));
    return success();
  }
  FailureOr<Value> descA = descriptor(a, 1, 64);
  if (failed(descA))
    return failure();
  Value acc = loadAcc();
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, n, k);
  Value result = NVVM::WgmmaMmaAsyncOp::create(
      b, loc, structTy, acc, *descA, *descB, shape, type, type,
      tile->half ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::f32,
      accumulate ? NVVM::WGMMAScaleOut::one : NVVM::WGMMAScaleOut::zero,
      NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row,
      bNMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col,
      NVVM::MMAIntOverflowAttr());
  storeAcc(result);
  return success();
}

static LogicalResult emitWgmmaStore(KernelLowering &L, CallOp call, Type dtype,
                                    bool reduce) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  FailureOr<WgmmaTile> tile = accumulator(L, call, src, /*columnWindow=*/true);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  bool global = dst.kind == View::Global;
  if (reduce && (!global || !dst.elemType.isF32()))
    return call.emitOpError()
           << "an accumulator reduce-add adds f32 values into global memory "
              "(red.global.add): its destination must be a window of an f32 "
              "global tensor";
  if (reduce && L.ptxVersion < 81)
    return call.emitOpError()
           << "an accumulator reduce-add uses red.global.add.v2/.v4.f32, "
              "which needs PTX ISA 8.1 (features=+ptx81 or later; this "
              "target's features give "
           << L.ptxVersion / 10 << "." << L.ptxVersion % 10 << ")";
  // Swizzled shared memory: rows of whole spans stored in column chunks
  // (the layout of TMA boxes of one span's columns), which spreads a warp's
  // 8 rows over the banks.
  int64_t span = 0;
  unsigned rank = dst.staticExtents.size();
  bool swizzled = dst.memory.getSwizzle() != 0;
  // The f32 values are stored as they are, or rounded to bf16 or f16
  // (`dtype`) into global memory (stmatrix rounds into shared memory).
  Type half = dtype.isBF16() || dtype.isF16() ? dtype : Type();
  if (dst.elemType != dtype || (half && (!global || reduce)))
    return call.emitOpError()
           << "an accumulator store writes " << dtype
           << " values (f32, or bf16 or f16 into global memory), but its "
              "destination holds "
           << dst.elemType;
  // The destination's rule (checkAccumulatorStoreDestination, which the
  // collective analysis also asks).
  FailureOr<WindowGeometry> g = L.windowGeometry(call, 0);
  bool oob = isOobView(call.getArgs()[0]);
  if (failed(g) ||
      failed(checkAccumulatorStoreDestination(call, *g, n, oob, span)))
    return failure();
  // The accumulator's inverse layout (FragmentLayout.h): register
  // r = 4 j + 2 h + i of the thread holds element (row0 + rowStep(r),
  // col0 + colStep(r)): for each 8-column block j, rows row0 (+ 8) and
  // columns 8 j + col0 (+ 1).
  Value w = warpInWarpgroup(L);
  Value l = L.toI64(L.lane);
  KernelLowering::LayoutArith la = L.layoutArith();
  Value row0 = fragment::wgmmaAccumulatorFirstRow(la, w, l);
  Value col0 = fragment::wgmmaAccumulatorFirstCol(la, l);
  auto rowOf = [&](int64_t h) {
    return L.add(row0, L.c64(fragment::wgmmaAccumulatorRowStep(2 * h)));
  };
  auto colOf = [&](int64_t j) {
    return L.add(col0, L.c64(fragment::wgmmaAccumulatorColStep(4 * j)));
  };
  // A window that may reach past the end of a global tensor (oob, from a
  // partial tile): each element is stored only where it lies inside. The
  // window spans the tensor's last two dimensions (the rule above); the
  // others are single indices (an attention output's batch and head),
  // checked too.
  // A window wholly inside its tensor (every tile but a last partial one)
  // is stored as a full window; only one reaching past the end tests each
  // element: one branch, uniform across the warpgroup, instead of a test
  // per store. `clip` says which of the two stores is emitted.
  auto emit = [&](bool clip) -> LogicalResult {
    Type structTy = tile->type;
    Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
    // Stores `v` (an f32, or a vector of 2 or 4) at `p`, or with `reduce`
    // adds it there: red.global.add (relaxed, gpu scope; the vector forms
    // are sm_90's), whose adds commute with the other CTAs'.
    auto put = [&](Value v, Value p, int64_t align) {
      if (!reduce) {
        LLVM::StoreOp::create(b, loc, v, p, align);
        return;
      }
      auto vec = dyn_cast<VectorType>(v.getType());
      if (!vec) {
        LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, p, v,
                                  LLVM::AtomicOrdering::monotonic);
        return;
      }
      int64_t lanes = vec.getNumElements();
      SmallVector<Value> operands{
          LLVM::AddrSpaceCastOp::create(b, loc, L.ptr(1), p)};
      std::string text =
          "red.global.add.v" + std::to_string(lanes) + ".f32 [$0], {";
      std::string constraints = "l";
      for (int64_t i = 0; i < lanes; ++i) {
        operands.push_back(
            LLVM::ExtractElementOp::create(b, loc, v, L.c32(i)).getResult());
        text += (i ? ", $" : "$") + std::to_string(i + 1);
        constraints += ",f";
      }
      L.inlineAsm(Type(), operands, text + "};", constraints);
    };
    // Stores `v` at `p` when the element (row, col) of the window is inside
    // the tensor (always, unless clip).
    auto storeIf = [&](Value v, Value p, Value row, Value col, int64_t align) {
      if (!clip) {
        put(v, p, align);
        return;
      }
      auto inside = [&](unsigned d, Value i) {
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                     L.add(dst.offsets[d], i), dst.extents[d])
            .getResult();
      };
      Value in = L.andI(inside(rank - 2, row), inside(rank - 1, col));
      for (unsigned d = 0; d + 2 < rank; ++d)
        in = L.andI(in, inside(d, L.c64(0)));
      if (!reduce) {
        L.storeIfInside(v, p, in);
        return;
      }
      auto ifOp = scf::IfOp::create(b, loc, in, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      put(v, p, align);
    };
    // The tile's element index (its f32 register) of element i of the
    // thread's pair of adjacent columns h of block j; an f16 accumulator holds
    // element e in half e mod 2 of word e / 2.
    auto elementOf = [&](int64_t j, int64_t h, int64_t i) {
      return 4 * (j + tile->col0 / 8) + 2 * h + i;
    };
    auto field = [&](int64_t j, int64_t h, int64_t i) -> Value {
      int64_t e = elementOf(j, h, i);
      if (!tile->half)
        return LLVM::ExtractValueOp::create(b, loc, acc, e);
      Value w = LLVM::ExtractValueOp::create(b, loc, acc, e / 2);
      Value pair = LLVM::BitcastOp::create(
          b, loc, VectorType::get({2}, b.getF16Type()), w);
      return LLVM::ExtractElementOp::create(b, loc, pair, L.c32(e % 2));
    };
    auto toHalf = [&](Value x) -> Value {
      return x.getType() == half ? x : arith::TruncFOp::create(b, loc, half, x);
    };
    if (half) {
      // A thread's pair of adjacent columns, rounded to nearest even: one
      // 32-bit word (cvt.rn.bf16x2.f32 or cvt.rn.f16x2.f32), or the f16
      // accumulator's word as it is.
      auto word = [&](int64_t j, int64_t h) -> Value {
        if (tile->half)
          return LLVM::ExtractValueOp::create(b, loc, acc,
                                              elementOf(j, h, 0) / 2);
        Value pair =
            L.vectorOf({arith::TruncFOp::create(b, loc, half, field(j, h, 0)),
                        arith::TruncFOp::create(b, loc, half, field(j, h, 1))});
        return LLVM::BitcastOp::create(b, loc, L.i32(), pair).getResult();
      };
      // Eight adjacent columns per 16-byte store wherever every run of eight
      // provably starts at a multiple of eight elements: the four lanes of a
      // quad transpose the 4 x 4 words they hold of four column blocks (lane
      // q holds word q of each block; afterwards all four words of block
      // j + q), by one exchange with lane ^ 1 and one with lane ^ 2, so a
      // warp writes 64 contiguous bytes of each of its 8 rows per store.
      if (!swizzled && n % 32 == 0 && L.alignedRuns(dst, /*elems=*/8)) {
        auto bit = [&](int64_t m) -> Value {
          return arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ne,
              arith::AndIOp::create(b, loc, L.lane, L.c32(m)), L.c32(0));
        };
        Value b0 = bit(1), b1 = bit(2);
        auto pick = [&](Value c, Value ifSet, Value ifClear) -> Value {
          return arith::SelectOp::create(b, loc, c, ifSet, ifClear);
        };
        auto swap = [&](Value v, int64_t mask) -> Value {
          return NVVM::ShflOp::create(
              b, loc, L.i32(), L.c32(-1), v, L.c32(mask), L.c32(0x1f),
              NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly), UnitAttr());
        };
        Value colq = L.mul(col0, L.c64(4)); // 8 * (lane % 4)
        for (int64_t j = 0; j < n / 8; j += 4)
          for (int64_t h = 0; h < 2; ++h) {
            Value x[4];
            for (int64_t k = 0; k < 4; ++k)
              x[k] = word(j + k, h);
            // After the first exchange, a[c][e] is word (lane & ~1) | e of
            // block j + 2 c + (lane & 1).
            Value a[2][2];
            for (int64_t c = 0; c < 2; ++c) {
              Value keep = pick(b0, x[2 * c + 1], x[2 * c]);
              Value got = swap(pick(b0, x[2 * c], x[2 * c + 1]), 1);
              a[c][0] = pick(b0, got, keep);
              a[c][1] = pick(b0, keep, got);
            }
            // After the second, word p of block j + lane % 4.
            Value y[4];
            for (int64_t e = 0; e < 2; ++e) {
              Value keep = pick(b1, a[1][e], a[0][e]);
              Value got = swap(pick(b1, a[0][e], a[1][e]), 2);
              y[e] = pick(b1, got, keep);
              y[2 + e] = pick(b1, keep, got);
            }
            Value row = rowOf(h);
            Value col = L.add(colq, L.c64(8 * j));
            storeIf(L.vectorOf({y[0], y[1], y[2], y[3]}),
                    L.sharedAddress(dst, {row, col}), row, col, /*align=*/16);
          }
        return success();
      }
      bool pairs = L.pairsAligned(dst);
      for (int64_t j = 0; j < n / 8; ++j)
        for (int64_t h = 0; h < 2; ++h) {
          Value row = rowOf(h);
          Value col = colOf(j);
          if (pairs) {
            storeIf(word(j, h), L.sharedAddress(dst, {row, col}), row, col,
                    /*align=*/4);
            continue;
          }
          for (int64_t i = 0; i < 2; ++i) {
            Value c = L.add(col, L.c64(i));
            storeIf(toHalf(field(j, h, i)), L.sharedAddress(dst, {row, c}), row,
                    c, /*align=*/2);
          }
        }
      return success();
    }
    // Global memory: four adjacent columns per 16-byte store wherever every
    // run of four provably starts at a multiple of four elements. A lane and
    // its neighbour (lane ^ 1) swap one pair of each two column blocks j and
    // j + 1: the even lane then holds columns 8 * j + col0 .. + 3 (its own
    // pair, then its neighbour's), the odd lane columns 8 * j + col0 + 6 .. + 9
    // (its neighbour's pair of block j + 1, then its own), so a warp writes
    // 64 contiguous bytes of each of its 8 rows per store instead of 32.
    // Every lane runs the exchange; only the store is guarded.
    if (global && !swizzled && n % 16 == 0 && L.alignedRuns(dst, /*elems=*/4)) {
      Value odd = arith::TruncIOp::create(
          b, loc, b.getI1Type(),
          arith::AndIOp::create(b, loc, L.lane, L.c32(1)));
      Value colq =
          L.add(col0, arith::SelectOp::create(b, loc, odd, L.c64(6), L.c64(0)));
      auto pick = [&](Value ifOdd, Value ifEven) -> Value {
        return arith::SelectOp::create(b, loc, odd, ifOdd, ifEven);
      };
      for (int64_t j = 0; j < n / 8; j += 2)
        for (int64_t h = 0; h < 2; ++h) {
          Value own[2] = {field(j, h, 0), field(j, h, 1)};
          Value next[2] = {field(j + 1, h, 0), field(j + 1, h, 1)};
          Value got[2];
          for (int i = 0; i < 2; ++i)
            got[i] = NVVM::ShflOp::create(
                b, loc, b.getF32Type(), L.c32(-1), pick(own[i], next[i]),
                L.c32(1), L.c32(0x1f),
                NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly), UnitAttr());
          Value quad =
              L.vectorOf({pick(got[0], own[0]), pick(got[1], own[1]),
                          pick(next[0], got[0]), pick(next[1], got[1])});
          Value row = rowOf(h);
          Value col = L.add(colq, L.c64(8 * j));
          // A run starts at a multiple of four elements of rows whose length
          // is one: it is inside or outside the tensor as a whole.
          storeIf(quad, L.sharedAddress(dst, {row, col}), row, col,
                  /*align=*/16);
        }
      return success();
    }
    // A thread's two adjacent columns are one 8-byte store wherever they are
    // adjacent in memory (the window's columns are its tensor's last
    // dimension) and provably start at an even element (swizzled windows are
    // checked above).
    bool pairs = swizzled || L.pairsAligned(dst);
    for (int64_t j = 0; j < n / 8; ++j)
      for (int64_t h = 0; h < 2; ++h) {
        Value row = rowOf(h);
        Value col = colOf(j);
        Value p = swizzled ? L.swizzledAddress(dst, {row, col})
                           : L.sharedAddress(dst, {row, col});
        Value x = field(j, h, 0);
        Value y = field(j, h, 1);
        if (!pairs) {
          // Rows an odd number of elements apart, or columns that are not
          // adjacent: two 4-byte stores, each at its own element's address.
          Value col1 = L.add(col, L.c64(1));
          storeIf(x, p, row, col, /*align=*/4);
          storeIf(y, L.sharedAddress(dst, {row, col1}), row, col1, /*align=*/4);
          continue;
        }
        // A pair starts at an even element of rows of an even length: it is
        // inside or outside the tensor as a whole.
        storeIf(L.vectorOf({x, y}), p, row, col, /*align=*/8);
      }
    return success();
  };
  if (!oob)
    return emit(/*clip=*/false);
  // Inside along a dimension: the window's end at most the extent, and
  // past its start (compared unsigned, as each element's test is, so that
  // a negative offset, whose end wraps around, is not inside).
  Value whole;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t size = d + 2 >= rank ? dst.sizes[d + 2 - rank] : 1;
    Value end = L.add(dst.offsets[d], L.c64(size));
    Value inside =
        L.andI(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end,
                                     dst.extents[d]),
               arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                     dst.offsets[d], end));
    whole = whole ? L.andI(whole, inside) : inside;
  }
  auto ifOp = scf::IfOp::create(b, loc, whole, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  if (failed(emit(/*clip=*/false)))
    return failure();
  b.setInsertionPointToStart(ifOp.elseBlock());
  return emit(/*clip=*/true);
}

static LogicalResult emitWgmmaStMatrix(KernelLowering &L, CallOp call) {
  OpBuilder &b = L.b;
  Location loc = L.loc;
  MLIRContext *ctx = L.ctx;
  const View &dst = L.views[call.getArgs()[0]];
  const View &src = L.views[call.getArgs()[1]];
  FailureOr<WgmmaTile> tile = accumulator(L, call, src, /*columnWindow=*/true);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  Type half = dst.elemType;
  // The rule the collective analysis also asks.
  FailureOr<WindowGeometry> geometry = L.windowGeometry(call, 0);
  if (failed(geometry) || failed(checkStmatrixDestination(call, n, *geometry)))
    return failure();
  // Each 8-column block of a warp's 16 rows is two 8 x 8 matrices (rows
  // 0-7, 8-15) whose lane layout is the accumulator's: register r of block
  // j packs elements 4 j + 2 r and 4 j + 2 r + 1. Two blocks per
  // stmatrix.x4; lane l gives the address of row l % 16 of block
  // j + l / 16.
  Value w = warpInWarpgroup(L);
  Value l = L.toI64(L.lane);
  Value row =
      L.add(L.mul(w, L.c64(16)), arith::RemUIOp::create(b, loc, l, L.c64(16)));
  Value colLane = L.mul(arith::DivUIOp::create(b, loc, l, L.c64(16)), L.c64(8));
  Type structTy = tile->type;
  Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
  // Element pair e of the window (a column window's fields start at its
  // first block's).
  int64_t f0 = tile->firstField();
  auto pack = [&](int64_t e) -> Value {
    // An f16 accumulator's word is the pair as it is.
    if (tile->half)
      return LLVM::ExtractValueOp::create(b, loc, acc, f0 + e / 2);
    SmallVector<Value, 2> halves;
    for (int64_t i = 0; i < 2; ++i) {
      Value x = LLVM::ExtractValueOp::create(b, loc, acc, f0 + e + i);
      halves.push_back(arith::TruncFOp::create(b, loc, half, x));
    }
    return LLVM::BitcastOp::create(b, loc, L.i32(), L.vectorOf(halves))
        .getResult();
  };
  for (int64_t j = 0; j < n / 8; j += 2) {
    int64_t blocks = std::min<int64_t>(2, n / 8 - j);
    SmallVector<Value> regs;
    for (int64_t r = 0; r < 2 * blocks; ++r)
      regs.push_back(pack(4 * j + 2 * r));
    // With one block left (N / 8 odd), lanes 0-15 address its rows.
    Value col = blocks == 2 ? L.add(colLane, L.c64(8 * j)) : L.c64(8 * j);
    Value addr = L.sharedAddress(dst, {row, col});
    NVVM::StMatrixOp::create(b, loc, addr, regs, NVVM::MMALayout::row,
                             NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                             NVVM::LdStMatrixEltType::B16);
  }
  return success();
}

namespace {

struct WgmmaEmitter
    : InstrEmitterAttrInterface::ExternalModel<WgmmaEmitter, WgmmaAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    auto wgmma = cast<WgmmaAttr>(attr);
    Type dtype = wgmma.getDtype();
    NVVM::WGMMATypes type =
        dtype.isTF32()                 ? NVVM::WGMMATypes::tf32
        : dtype.isBF16()               ? NVVM::WGMMATypes::bf16
        : isa<Float8E4M3FNType>(dtype) ? NVVM::WGMMATypes::e4m3
        : isa<Float8E5M2Type>(dtype)   ? NVVM::WGMMATypes::e5m2
                                       : NVVM::WGMMATypes::f16;
    return emitWgmma(L, call, dtype, type, isNMajor(wgmma.getB()),
                     wgmma.getScaleD() != 0);
  }
};

struct WgmmaZeroEmitter
    : InstrEmitterAttrInterface::ExternalModel<WgmmaZeroEmitter,
                                               WgmmaZeroAttr> {
  LogicalResult emit(Attribute, KernelLowering &L, CallOp call) const {
    return emitWgmmaZero(L, call);
  }
};

struct WgmmaLoadAEmitter
    : InstrEmitterAttrInterface::ExternalModel<WgmmaLoadAEmitter,
                                               WgmmaLoadAAttr> {
  LogicalResult emit(Attribute, KernelLowering &L, CallOp call) const {
    return emitWgmmaLoadA(L, call);
  }
};

struct WgmmaStoreEmitter
    : InstrEmitterAttrInterface::ExternalModel<WgmmaStoreEmitter,
                                               WgmmaStoreAttr> {
  LogicalResult emit(Attribute attr, KernelLowering &L, CallOp call) const {
    auto store = cast<WgmmaStoreAttr>(attr);
    if (!store.getDtype().isF32() && store.getDst().isShared())
      return emitWgmmaStMatrix(L, call);
    return emitWgmmaStore(L, call, store.getDtype(), store.getReduce());
  }
  // A global destination skips the elements past its tensor.
  bool acceptsOutOfBounds(Attribute attr, unsigned index) const {
    return index == 0 &&
           cast<WgmmaStoreAttr>(attr).getDst().getKind() == MemoryKind::Gmem;
  }
};

} // namespace

void attachWgmmaEmitters(MLIRContext *ctx) {
  WgmmaAttr::attachInterface<WgmmaEmitter>(*ctx);
  WgmmaZeroAttr::attachInterface<WgmmaZeroEmitter>(*ctx);
  WgmmaLoadAAttr::attachInterface<WgmmaLoadAEmitter>(*ctx);
  WgmmaStoreAttr::attachInterface<WgmmaStoreEmitter>(*ctx);
}

} // namespace exo::nvvm

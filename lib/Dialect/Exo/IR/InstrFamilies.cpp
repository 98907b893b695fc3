//===- InstrFamilies.cpp - Instruction families ---------------------------===//
//
// Part of the Exo-GPU project.
//
// Each family attribute builds the instruction proc of an instance: its
// signature, the access annotation of each array argument, its `instr<...>`
// attribute and its sequential semantics. Nothing about a family's
// instructions is written anywhere else: the checkers, the CPU reference,
// `replace` and the lowering all read the proc built here.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoAttrs.h"
#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace exo;

#include "ExoGPU/Dialect/Exo/IR/ExoAttrInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Shapes in parameters
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>> exo::parseFamilyShape(AsmParser &parser) {
  SmallVector<int64_t> shape;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        shape.push_back(v);
        return success();
      }))
    return failure();
  return shape;
}

FailureOr<bool> exo::parseFamilyFlag(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  if (word != "true" && word != "false")
    return parser.emitError(loc)
           << "expected 'true' or 'false', got '" << word << "'";
  return word == "true";
}

void exo::printFamilyShape(AsmPrinter &printer, ArrayRef<int64_t> shape) {
  printer << '[';
  llvm::interleaveComma(shape, printer);
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// The shared memory a CTA of an sm_90 GPU may use (227 KiB).
constexpr int64_t kMaxSharedBytes = 232448;

/// Bytes of one element of `t` (f32, tf32 and i32: 4; bf16 and f16: 2; 8-bit
/// types: 1).
int64_t elementBytes(Type t) {
  if (t.isTF32())
    return 4;
  return (t.getIntOrFloatBitWidth() + 7) / 8;
}

std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

std::string memoryName(MemoryAttr mem) {
  std::string s = stringifyMemoryKind(mem.getKind()).str();
  if (mem.getParam())
    s += std::to_string(mem.getParam());
  return s;
}

/// The element type of the arrays of an instruction on `dtype` operands:
/// tf32 values live in f32 arrays.
Type arrayElementType(Type dtype) {
  return dtype.isTF32() ? Float32Type::get(dtype.getContext()) : dtype;
}

bool isMmaOperandType(Type t) { return t.isTF32() || t.isBF16() || t.isF16(); }

/// Shared memory with swizzle `bytes` (0: linear).
MemoryAttr sharedMemory(MLIRContext *ctx, int64_t swizzle) {
  if (swizzle == 0)
    return MemoryAttr::get(ctx, MemoryKind::Smem);
  return MemoryAttr::get(ctx, MemoryKind::SmemSwizzle, swizzle, {});
}

WindowType window(ArrayRef<int64_t> shape, Type element, MemoryAttr mem) {
  MLIRContext *ctx = element.getContext();
  SmallVector<Attribute> dims;
  for (int64_t d : shape)
    dims.push_back(IntegerAttr::get(IntegerType::get(ctx, 64), d));
  return WindowType::get(ctx, dims, element, mem);
}

WindowType window(ArrayRef<int64_t> shape, Type element, MemoryKind kind) {
  return window(shape, element, MemoryAttr::get(element.getContext(), kind));
}

AccessAttr access(MLIRContext *ctx, AccessMode mode, bool outOfOrder = false,
                  bool atomic = false, bool oob = false,
                  ArrayRef<CollUnitAttr> distributed = {}) {
  return AccessAttr::get(ctx, mode, outOfOrder, atomic, oob, distributed);
}

/// One parameter of an instruction proc: a size (no access) or an array.
struct Param {
  StringRef name;
  Type type;
  AccessAttr access;
};

/// Builds instruction procs: the signature, then the body through loops and
/// element accesses at the current insertion point.
class ProcBuilder {
public:
  ProcBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  ProcOp begin(StringRef name, ArrayRef<Param> params, InstrAttr instr) {
    MLIRContext *ctx = b.getContext();
    SmallVector<Type> types;
    SmallVector<Attribute> names, attrs;
    for (const Param &p : params) {
      types.push_back(p.type);
      names.push_back(b.getStringAttr(p.name));
      SmallVector<NamedAttribute> dict;
      if (p.access)
        dict.push_back(
            b.getNamedAttr(ExoDialect::getAccessAttrName(), p.access));
      attrs.push_back(DictionaryAttr::get(ctx, dict));
    }
    auto proc =
        ProcOp::create(b, loc, b.getStringAttr(name),
                       TypeAttr::get(FunctionType::get(ctx, types, {})),
                       b.getArrayAttr(names), b.getArrayAttr(attrs),
                       /*res_attrs=*/nullptr, instr, /*assertions=*/nullptr);
    Block *body = new Block();
    proc.getBody().push_back(body);
    for (Type t : types)
      body->addArgument(t, loc);
    b.setInsertionPointToStart(body);
    return proc;
  }

  Value index(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  }
  Value floatZero(Type t) {
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, 0.0))
        .getResult();
  }

  /// Opens `for %name = 0 to extent seq` and moves into its body.
  Value loop(OpFoldResult extent, StringRef name) {
    auto seq = LoopModeAttr::get(b.getContext(), LoopModeKind::Seq, {});
    auto op = ForOp::create(b, loc, b.getIndexAttr(0), extent, seq, name);
    b.setInsertionPointToStart(&op.getBodyBlock());
    return op.getInductionVar();
  }
  Value loop(int64_t extent, StringRef name) {
    return loop(b.getIndexAttr(extent), name);
  }
  /// Opens one loop per extent, named i, j, k, l, h.
  SmallVector<OpFoldResult> loops(ArrayRef<OpFoldResult> extents) {
    static const char *names[] = {"i", "j", "k", "l", "h"};
    SmallVector<OpFoldResult> ivs;
    for (auto [d, e] : llvm::enumerate(extents))
      ivs.push_back(loop(e, d < 5 ? names[d] : "x"));
    return ivs;
  }
  SmallVector<OpFoldResult> loops(ArrayRef<int64_t> extents) {
    return loops(getAsIndexOpFoldResult(b.getContext(), extents));
  }

  Value read(Value src, ArrayRef<OpFoldResult> idx) {
    SmallVector<Value> dyn;
    SmallVector<int64_t> stat;
    dispatchIndexOpFoldResults(idx, dyn, stat);
    return ReadOp::create(b, loc, src, dyn, b.getDenseI64ArrayAttr(stat))
        .getResult();
  }
  void write(Value dst, ArrayRef<OpFoldResult> idx, Value v, bool reduce) {
    SmallVector<Value> dyn;
    SmallVector<int64_t> stat;
    dispatchIndexOpFoldResults(idx, dyn, stat);
    if (reduce)
      ReduceOp::create(b, loc, dst, dyn, b.getDenseI64ArrayAttr(stat), v);
    else
      AssignOp::create(b, loc, dst, dyn, b.getDenseI64ArrayAttr(stat), v);
  }

  /// The value a tensor core multiplies: tf32 operands are truncated toward
  /// zero (what the H200 does), then widened to f32; bf16 and f16 widened.
  Value operand(Value v, Type dtype) {
    if (dtype.isTF32()) {
      auto mode = arith::RoundingModeAttr::get(
          b.getContext(), arith::RoundingMode::toward_zero);
      Value t = arith::TruncFOp::create(b, loc, dtype, v, mode, nullptr);
      return t;
    }
    return v;
  }
  Value widen(Value v) {
    if (v.getType().isF32())
      return v;
    return arith::ExtFOp::create(b, loc, b.getF32Type(), v).getResult();
  }
  Value mul(Value x, Value y) {
    return arith::MulFOp::create(b, loc, x, y).getResult();
  }
  Value add(Value x, Value y) {
    return arith::AddFOp::create(b, loc, x, y).getResult();
  }
  Value truncate(Value v, Type to) {
    return arith::TruncFOp::create(b, loc, to, v).getResult();
  }
  Value affine(Value c, Value scale, Value k) {
    Value s = arith::MulIOp::create(b, loc, c, scale);
    return arith::AddIOp::create(b, loc, s, k).getResult();
  }

  OpBuilder &b;
  Location loc;
};

/// Builds `proc` with `params` and `instr`, calls `body` with the entry
/// block's arguments at its start, and leaves the builder after the proc.
Operation *
buildInstrProc(OpBuilder &b, Location loc, StringRef name,
               ArrayRef<Param> params, InstrAttr instr,
               llvm::function_ref<void(ProcBuilder &, ValueRange)> body) {
  OpBuilder::InsertionGuard guard(b);
  ProcBuilder pb(b, loc);
  ProcOp proc = pb.begin(name, params, instr);
  body(pb, proc.getBodyBlock().getArguments());
  return proc;
}

InstrAttr instrAttr(MLIRContext *ctx, CollUnitAttr unit, InstrTimeline tl,
                    StringRef lowering,
                    std::optional<BarrierKind> barrier = std::nullopt) {
  return InstrAttr::get(ctx, unit, tl, StringAttr::get(ctx, lowering), barrier);
}

CollUnitAttr unit(MLIRContext *ctx, UnitKind kind, int64_t scale = 1,
                  int64_t p0 = 0, int64_t p1 = 0) {
  return CollUnitAttr::get(ctx, kind, scale, p0, p1);
}

/// The product D[m, n] += A[m, k] * B[n, k] of a tensor core instruction
/// over `dtype` operands. Interleaved operands (unswizzled core matrices of
/// `c` elements in k) are indexed [k / c, row, k mod c]; the loops then run
/// over (k / c, k mod c). An N-major B in spans of `bSpan` columns
/// (`bSpan` > 0) is indexed [col / bSpan, k, col mod bSpan]; the column
/// loop then runs over (col / bSpan, col mod bSpan).
void buildProduct(ProcBuilder &pb, Value d, Value a, Value bv, int64_t m,
                  int64_t n, int64_t k, Type dtype, bool aInterleaved,
                  bool bInterleaved, int64_t bSpan = 0) {
  int64_t c = 16 / elementBytes(dtype);
  bool split = aInterleaved || bInterleaved;
  Value cIdx;
  if (split && !(aInterleaved && bInterleaved))
    cIdx = pb.index(c);
  Value spanIdx = bSpan ? pb.index(bSpan) : Value();
  Value im = pb.loop(m, "m");
  OpFoldResult in, nc, ns;
  if (bSpan) {
    nc = pb.loop(n / bSpan, "nc");
    ns = pb.loop(bSpan, "ns");
    in = pb.affine(cast<Value>(nc), spanIdx, cast<Value>(ns));
  } else {
    in = pb.loop(n, "n");
  }
  OpFoldResult kc, k4, kk;
  if (split) {
    kc = pb.loop(k / c, "kc");
    k4 = pb.loop(c, "k4");
    if (cIdx)
      kk = pb.affine(cast<Value>(kc), cIdx, cast<Value>(k4));
  } else {
    kk = pb.loop(k, "k");
  }
  auto index = [&](OpFoldResult row, bool interleaved) {
    return interleaved ? SmallVector<OpFoldResult>{kc, row, k4}
                       : SmallVector<OpFoldResult>{row, kk};
  };
  Value x = pb.read(a, index(im, aInterleaved));
  Value y = pb.read(bv, bSpan ? SmallVector<OpFoldResult>{nc, kk, ns}
                              : index(in, bInterleaved));
  Value xt = pb.operand(x, dtype);
  Value yt = pb.operand(y, dtype);
  Value xe = pb.widen(xt);
  Value ye = pb.widen(yt);
  Value p = pb.mul(xe, ye);
  // An f16 accumulator adds the product rounded to f16.
  Type acc = getElementTypeOf(d.getType());
  if (acc != p.getType())
    p = pb.truncate(p, acc);
  pb.write(d, {im, in}, p, /*reduce=*/true);
}

/// A loop nest over `shape` copying src to dst (`reduce`: adding), with
/// `dstPrefix` indices before the dst's.
void buildCopy(ProcBuilder &pb, Value dst, Value src, ArrayRef<int64_t> shape,
               bool reduce, ArrayRef<OpFoldResult> dstPrefix = {},
               Type convertTo = {}) {
  SmallVector<OpFoldResult> ivs = pb.loops(shape);
  Value v = pb.read(src, ivs);
  if (convertTo && convertTo != v.getType())
    v = pb.truncate(v, convertTo);
  SmallVector<OpFoldResult> dIdx(dstPrefix);
  dIdx.append(ivs.begin(), ivs.end());
  pb.write(dst, dIdx, v, reduce);
}

} // namespace

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

static LogicalResult verifyWgmmaShape(function_ref<InFlightDiagnostic()> emit,
                                      int64_t n) {
  if (n < 8 || n > 256 || n % 8)
    return emit() << "wgmma's n must be a multiple of 8 from 8 to 256, got "
                  << n;
  return success();
}

static LogicalResult verifyWgmmaType(function_ref<InFlightDiagnostic()> emit,
                                     Type dtype, bool fp8 = false) {
  if (!isMmaOperandType(dtype) &&
      !(fp8 && isa<Float8E4M3FNType, Float8E5M2Type>(dtype)))
    return emit() << "wgmma operands are tf32, bf16 or f16"
                  << (fp8 ? ", f8E4M3FN or f8E5M2" : "") << ", got " << dtype;
  return success();
}

int64_t WgmmaAttr::getK() const { return 32 / elementBytes(getDtype()); }

/// A wgmma accumulator's type: f32, or f16 where the operands allow it
/// (`dtype`, when given: f16 or fp8, as PTX's table of wgmma types says).
static LogicalResult verifyAccumulator(function_ref<InFlightDiagnostic()> emit,
                                       Type acc, Type dtype = {}) {
  if (!acc.isF32() && !acc.isF16())
    return emit() << "a wgmma accumulator is f32 or f16, got " << acc;
  if (acc.isF16() && dtype &&
      !(dtype.isF16() || isa<Float8E4M3FNType, Float8E5M2Type>(dtype)))
    return emit() << "an f16 wgmma accumulator takes f16, f8E4M3FN or "
                     "f8E5M2 operands, got "
                  << dtype;
  return success();
}

/// The suffix of an instruction's name for an accumulator of type `acc`.
static std::string accumulatorSuffix(Type acc) {
  return acc.isF32() ? "" : ".acc_" + typeName(acc);
}

bool exo::isNMajor(OperandLayout layout) {
  return layout == OperandLayout::Sw128Mn || layout == OperandLayout::Sw64Mn ||
         layout == OperandLayout::Sw32Mn;
}

/// The swizzle of a swizzled layout in bytes (128, 64, 32), else 0.
static int64_t swizzleBytes(OperandLayout layout) {
  switch (layout) {
  case OperandLayout::Sw128:
  case OperandLayout::Sw128Mn:
    return 128;
  case OperandLayout::Sw64:
  case OperandLayout::Sw64Mn:
    return 64;
  case OperandLayout::Sw32:
  case OperandLayout::Sw32Mn:
    return 32;
  case OperandLayout::Interleave:
  case OperandLayout::Regs:
    return 0;
  }
  llvm_unreachable("unknown operand layout");
}

int64_t exo::nMajorSpan(OperandLayout layout, Type dtype) {
  return swizzleBytes(layout) / elementBytes(dtype);
}

LogicalResult WgmmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t n, Type dtype, OperandLayout a,
                                OperandLayout b, int64_t scaleD, Type acc) {
  if (failed(verifyWgmmaShape(emitError, n)) ||
      failed(verifyWgmmaType(emitError, dtype, /*fp8=*/true)) ||
      failed(verifyAccumulator(emitError, acc, dtype)))
    return failure();
  if (scaleD != 0 && scaleD != 1)
    return emitError() << "wgmma's scale_d is 1 (D += A * B) or 0 (D = A * "
                          "B), got "
                       << scaleD;
  if (b == OperandLayout::Regs)
    return emitError() << "wgmma's B operand is in shared memory; only A may "
                          "be in registers";
  if (isNMajor(a))
    return emitError() << "wgmma's A operand is K-major here; only B may be "
                          "N-major (sw128_mn, sw64_mn, sw32_mn)";
  if (isNMajor(b)) {
    if (!dtype.isBF16() && !dtype.isF16())
      return emitError() << "an N-major wgmma B operand is bf16 or f16 (the "
                            "hardware transposes 16-bit operands only), got "
                         << dtype;
    int64_t span = nMajorSpan(b, dtype);
    if (n % span)
      return emitError() << "an N-major wgmma B operand in " << span * 2
                         << "-byte spans needs n a multiple of " << span
                         << ", got " << n;
  }
  if (isa<Float8E4M3FNType, Float8E5M2Type>(dtype) &&
      (a == OperandLayout::Regs || a == OperandLayout::Interleave ||
       b == OperandLayout::Interleave))
    return emitError() << "an fp8 wgmma reads both operands from swizzled "
                          "shared memory (sw128, sw64 or sw32)";
  return success();
}

std::string WgmmaAttr::getProcName() const {
  std::string name = "wgmma.m64n" + std::to_string(getN()) + "k" +
                     std::to_string(getK()) + "." + typeName(getDtype());
  if (getA() != OperandLayout::Sw128)
    name += ".a_" + stringifyOperandLayout(getA()).str();
  if (getB() != OperandLayout::Sw128)
    name += ".b_" + stringifyOperandLayout(getB()).str();
  if (getScaleD() == 0)
    name += ".scale_d0";
  return name + accumulatorSuffix(getAcc());
}

static WindowType wgmmaOperand(OperandLayout layout, int64_t rows, int64_t k,
                               Type element) {
  MLIRContext *ctx = element.getContext();
  if (int64_t swizzle = swizzleBytes(layout)) {
    if (!isNMajor(layout))
      return window({rows, k}, element, sharedMemory(ctx, swizzle));
    int64_t span = nMajorSpan(layout, element);
    return window({rows / span, k, span}, element, sharedMemory(ctx, swizzle));
  }
  if (layout == OperandLayout::Regs)
    return window({rows, k}, element, MemoryKind::WgmmaA);
  int64_t c = 16 / elementBytes(element);
  return window({k / c, rows, c}, element, MemoryKind::Smem);
}

Operation *WgmmaAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  Type dtype = getDtype(), element = arrayElementType(dtype);
  int64_t n = getN(), k = getK();
  // scale-d = 0: D is overwritten, not read.
  bool overwrite = getScaleD() == 0;
  Param params[] = {
      {"d", window({64, n}, getAcc(), MemoryKind::WgmmaAccum),
       access(ctx, overwrite ? AccessMode::Write : AccessMode::ReadWrite)},
      {"a", wgmmaOperand(getA(), 64, k, element),
       access(ctx, AccessMode::Read, /*outOfOrder=*/true)},
      {"b", wgmmaOperand(getB(), n, k, element),
       access(ctx, AccessMode::Read, /*outOfOrder=*/true)}};
  std::string lowering = "wgmma_" + typeName(dtype);
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, unit(ctx, UnitKind::Warpgroup), InstrTimeline::Wgmma,
                lowering, BarrierKind::WgmmaGroup),
      [&](ProcBuilder &pb, ValueRange args) {
        if (overwrite) {
          // D = 0, then D += A * B^T: the sum starts from zero.
          OpBuilder::InsertionGuard guard(b);
          Value zero = pb.floatZero(getAcc());
          SmallVector<OpFoldResult> ivs = pb.loops({64, n});
          pb.write(args[0], ivs, zero, /*reduce=*/false);
        }
        buildProduct(pb, args[0], args[1], args[2], 64, n, k, dtype,
                     getA() == OperandLayout::Interleave,
                     getB() == OperandLayout::Interleave,
                     isNMajor(getB()) ? nMajorSpan(getB(), element) : 0);
      });
}

LogicalResult
WgmmaZeroAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t n,
                      Type acc) {
  if (failed(verifyWgmmaShape(emitError, n)))
    return failure();
  return verifyAccumulator(emitError, acc);
}

std::string WgmmaZeroAttr::getProcName() const {
  return "wgmma_zero.m64n" + std::to_string(getN()) + "." + typeName(getAcc());
}

Operation *WgmmaZeroAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  Param params[] = {{"d",
                     window({64, getN()}, getAcc(), MemoryKind::WgmmaAccum),
                     access(ctx, AccessMode::Write)}};
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, unit(ctx, UnitKind::Warpgroup), InstrTimeline::WgmmaZero,
                "wgmma_zero_scale_d"),
      [&](ProcBuilder &pb, ValueRange args) {
        Value zero = pb.floatZero(getAcc());
        SmallVector<OpFoldResult> ivs = pb.loops({64, getN()});
        pb.write(args[0], ivs, zero, /*reduce=*/false);
      });
}

LogicalResult
WgmmaStoreAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t n,
                       MemoryAttr dst, Type dtype, bool reduce, Type acc) {
  if (failed(verifyWgmmaShape(emitError, n)) ||
      failed(verifyAccumulator(emitError, acc)))
    return failure();
  MemoryKind kind = dst.getKind();
  if (!dst.isShared() && kind != MemoryKind::Gmem)
    return emitError() << "wgmma_store writes to shared or global memory, got '"
                       << stringifyMemoryKind(kind) << "'";
  if (!dtype.isF32() && !dtype.isBF16() && !dtype.isF16())
    return emitError()
           << "wgmma_store stores f32, or bf16 or f16 (converted), got "
           << dtype;
  if (reduce && (kind != MemoryKind::Gmem || !dtype.isF32()))
    return emitError() << "the reducing accumulator store adds f32 into gmem "
                          "only";
  if (acc.isF16() && !dtype.isF16())
    return emitError() << "an f16 accumulator is stored as f16, got dtype = "
                       << dtype;
  return success();
}

std::string WgmmaStoreAttr::getProcName() const {
  std::string name = "wgmma_store.m64n" + std::to_string(getN()) + "." +
                     typeName(getDtype()) + "." + memoryName(getDst());
  if (getReduce())
    name += ".reduce";
  return name + accumulatorSuffix(getAcc());
}

Operation *WgmmaStoreAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  bool global = getDst().getKind() == MemoryKind::Gmem;
  StringRef lowering = getReduce()           ? "wgmma_red_d_gmem"
                       : global              ? "wgmma_store_d_gmem"
                       : !getDtype().isF32() ? "wgmma_stmatrix_d"
                                             : "wgmma_store_d_smem";
  // A global destination may reach past its tensor: the lowering skips
  // those elements, as an oob window's writes do.
  AccessAttr dstAccess =
      getReduce() ? access(ctx, AccessMode::ReadWrite, false, /*atomic=*/true,
                           /*oob=*/true)
                  : access(ctx, AccessMode::Write, false, false, global);
  Param params[] = {
      {"dst", window({64, getN()}, getDtype(), getDst()), dstAccess},
      {"src", window({64, getN()}, getAcc(), MemoryKind::WgmmaAccum),
       access(ctx, AccessMode::Read)}};
  return buildInstrProc(b, loc, getProcName(), params,
                        instrAttr(ctx, unit(ctx, UnitKind::Warpgroup),
                                  InstrTimeline::CudaInOrder, lowering),
                        [&](ProcBuilder &pb, ValueRange args) {
                          buildCopy(pb, args[0], args[1], {64, getN()},
                                    getReduce(), {}, getDtype());
                        });
}

int64_t WgmmaLoadAAttr::getK() const { return 32 / elementBytes(getDtype()); }

LogicalResult
WgmmaLoadAAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type dtype) {
  return verifyWgmmaType(emitError, dtype);
}

std::string WgmmaLoadAAttr::getProcName() const {
  return "wgmma_load_a.m64k" + std::to_string(getK()) + "." +
         typeName(getDtype());
}

Operation *WgmmaLoadAAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  Type element = arrayElementType(getDtype());
  int64_t k = getK();
  Param params[] = {{"dst", window({64, k}, element, MemoryKind::WgmmaA),
                     access(ctx, AccessMode::Write)},
                    {"src", window({64, k}, element, MemoryKind::Smem),
                     access(ctx, AccessMode::Read)}};
  return buildInstrProc(b, loc, getProcName(), params,
                        instrAttr(ctx, unit(ctx, UnitKind::Warpgroup),
                                  InstrTimeline::CudaInOrder, "wgmma_load_a"),
                        [&](ProcBuilder &pb, ValueRange args) {
                          buildCopy(pb, args[0], args[1], {64, k}, false);
                        });
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

LogicalResult TmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              TmaKind kind, ArrayRef<int64_t> shape, Type dtype,
                              int64_t swizzle, int64_t multicast,
                              int64_t stride, ArrayRef<int64_t> explicitBox,
                              bool thread) {
  if (thread && multicast)
    return emitError() << "a multicast load is issued by a warp of each CTA "
                          "of its group, not by one thread";
  if (shape.empty() || shape.size() > 5)
    return emitError() << "a TMA copy moves a box of rank 1 to 5, got rank "
                       << shape.size();
  if (llvm::any_of(shape, [](int64_t d) { return d < 1; }))
    return emitError() << "TMA box extents must be positive";
  if (!dtype.isIntOrFloat() || dtype.isTF32())
    return emitError() << "TMA moves integer or floating-point elements, got "
                       << dtype;
  // The reduction takes its type from the tensor map; the hardware adds
  // f32, f16, bf16 and 32-bit integers, not bytes (i8, fp8) or f64.
  if (kind == TmaKind::ReduceAdd && !(dtype.isF32() || dtype.isF16() ||
                                      dtype.isBF16() || dtype.isInteger(32)))
    return emitError() << "a TMA reduce-add adds f32, f16, bf16 or i32 "
                          "elements, got "
                       << dtype;
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "TMA swizzle is 0, 32, 64 or 128 bytes, got "
                       << swizzle;
  if (multicast < 0)
    return emitError() << "multicast is a CTA count (0: none), got "
                       << multicast;
  if (multicast && kind != TmaKind::Load)
    return emitError() << "only TMA loads multicast";
  if (stride < 1)
    return emitError() << "the multicast stride must be positive, got "
                       << stride;
  if (stride != 1 && !multicast)
    return emitError() << "a stride applies to multicast loads only";
  int64_t split = std::max<int64_t>(multicast, 1);
  if (shape[0] % split)
    return emitError() << "the " << shape[0] << " rows of the window do not "
                       << "split over " << split << " issuing CTAs";
  SmallVector<int64_t> box(shape);
  box[0] /= split;
  if (!explicitBox.empty()) {
    if (explicitBox.size() < shape.size() || explicitBox.size() > 5)
      return emitError() << "the box has one extent per dimension of the "
                            "global tensor: at least the window's rank ("
                         << shape.size() << ") and at most 5";
    if (llvm::any_of(explicitBox, [](int64_t d) { return d < 1; }))
      return emitError() << "the tensor map's box extents must be positive";
    box.assign(explicitBox.begin(), explicitBox.end());
  }
  if (multicast > 16)
    return emitError() << "a multicast reaches at most the 16 CTAs of a "
                          "cluster, got "
                       << multicast;
  int64_t windowBytes = elementBytes(dtype) * (multicast ? multicast : 1);
  for (int64_t d : shape)
    if (llvm::MulOverflow(windowBytes, d, windowBytes) ||
        windowBytes > kMaxSharedBytes)
      return emitError() << "the window does not fit in the " << kMaxSharedBytes
                         << " bytes of shared memory a CTA may have";
  if (llvm::any_of(box, [](int64_t d) { return d > 256; }))
    return emitError() << "a TMA box extent is at most 256 elements";
  int64_t innerBytes = box.back() * elementBytes(dtype);
  if (swizzle && innerBytes > swizzle)
    return emitError() << "the box's inner extent (" << innerBytes
                       << " bytes) exceeds the " << swizzle
                       << "-byte swizzle span";
  if (innerBytes % 16)
    return emitError() << "the box's inner extent (" << innerBytes
                       << " bytes) is not a multiple of 16 bytes";
  return success();
}

std::string TmaAttr::getProcName() const {
  std::string name = "tma." + stringifyTmaKind(getKind()).str() + ".";
  llvm::raw_string_ostream os(name);
  llvm::interleave(getShape(), os, "x");
  os << "." << getDtype() << ".sw" << getSwizzle();
  if (getMulticast())
    os << ".multicast" << getMulticast();
  if (getStride() != 1)
    os << ".stride" << getStride();
  if (!getBox().empty()) {
    os << ".box";
    llvm::interleave(getBox(), os, "x");
  }
  if (getThread())
    os << ".thread";
  return name;
}

SmallVector<int64_t> TmaAttr::getBoxOrDefault() const {
  if (!getBox().empty())
    return SmallVector<int64_t>(getBox());
  SmallVector<int64_t> box(getShape());
  box[0] /= std::max<int64_t>(getMulticast(), 1);
  return box;
}

std::optional<int64_t> TmaAttr::getTransactionBytes() const {
  if (getKind() != TmaKind::Load)
    return std::nullopt;
  int64_t elements = 1;
  for (int64_t e : getShape())
    elements *= e;
  return elements / std::max<int64_t>(getMulticast(), 1) *
         getElementBytes(getDtype());
}

Operation *TmaAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  ArrayRef<int64_t> shape = getShape();
  Type element = getDtype();
  int64_t c = getMulticast();
  SmallVector<int64_t> box = getBoxOrDefault();
  WindowType global =
      window(shape, element,
             MemoryAttr::get(ctx, MemoryKind::TmaMap, getSwizzle(), box));
  MemoryAttr shared = sharedMemory(ctx, getSwizzle());
  CollUnitAttr issuer =
      unit(ctx, getThread() ? UnitKind::Thread : UnitKind::Warp);
  if (getKind() != TmaKind::Load) {
    bool reduce = getKind() == TmaKind::ReduceAdd;
    Param params[] = {
        {"dst", global,
         reduce ? access(ctx, AccessMode::ReadWrite, true, true, true)
                : access(ctx, AccessMode::Write, true, false, true)},
        {"src", window(shape, element, shared),
         access(ctx, AccessMode::Read, true)}};
    return buildInstrProc(
        b, loc, getProcName(), params,
        instrAttr(ctx, issuer, InstrTimeline::TmaToGmem,
                  reduce ? "tma_reduce_add_2d" : "tma_store_2d"),
        [&](ProcBuilder &pb, ValueRange args) {
          buildCopy(pb, args[0], args[1], shape, reduce);
        });
  }
  Param srcParam = {"src", global,
                    access(ctx, AccessMode::Read, true, false,
                           /*oob=*/true)};
  if (!c) {
    Param params[] = {{"dst", window(shape, element, shared),
                       access(ctx, AccessMode::Write, true)},
                      srcParam};
    return buildInstrProc(b, loc, getProcName(), params,
                          instrAttr(ctx, issuer, InstrTimeline::TmaToSmem,
                                    "tma_load_2d", BarrierKind::Mbarrier),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildCopy(pb, args[0], args[1], shape, false);
                          });
  }
  // Multicast: every CTA of the group receives the whole window.
  SmallVector<int64_t> dstShape{c};
  dstShape.append(shape.begin(), shape.end());
  Param params[] = {{"dst", window(dstShape, element, shared),
                     access(ctx, AccessMode::Write, true, false, false,
                            {unit(ctx, UnitKind::Cta)})},
                    srcParam};
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, unit(ctx, UnitKind::WarpInClusterStrided, c, getStride()),
                InstrTimeline::TmaToSmem, "tma_load_multicast_2d",
                BarrierKind::Mbarrier),
      [&](ProcBuilder &pb, ValueRange args) {
        OpFoldResult cta = b.getIndexAttr(0);
        if (c > 1)
          cta = pb.loop(c, "c");
        buildCopy(pb, args[0], args[1], shape, false, {cta});
      });
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

int64_t MmaAttr::getK() const { return 32 / elementBytes(getDtype()); }

LogicalResult MmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              MmaPart part, Type dtype, MemoryAttr mem) {
  switch (part) {
  case MmaPart::Mma:
  case MmaPart::LoadA:
  case MmaPart::LoadB:
    if (!isMmaOperandType(dtype))
      return emitError() << "mma.sync operands are tf32, bf16 or f16, got "
                         << dtype;
    break;
  case MmaPart::ZeroC:
  case MmaPart::StoreC:
    if (!dtype.isF32())
      return emitError() << "the mma.sync accumulator is f32, got " << dtype;
    break;
  case MmaPart::ConvertC:
  case MmaPart::StmatrixC:
    if (!dtype.isBF16() && !dtype.isF16())
      return emitError() << "mma.sync accumulators convert to bf16 or f16, got "
                         << dtype;
    break;
  }
  bool memSided = part == MmaPart::LoadA || part == MmaPart::LoadB ||
                  part == MmaPart::StoreC || part == MmaPart::StmatrixC;
  if (memSided && !mem.isShared() && mem.getKind() != MemoryKind::Gmem)
    return emitError() << "mma.sync fragments move from or to smem or gmem, "
                          "got '"
                       << stringifyMemoryKind(mem.getKind()) << "'";
  if ((part == MmaPart::LoadA || part == MmaPart::LoadB ||
       part == MmaPart::StmatrixC) &&
      mem.getKind() != MemoryKind::Smem)
    return emitError() << "ldmatrix and stmatrix access linear smem only";
  return success();
}

std::string MmaAttr::getProcName() const {
  std::string name = "mma." + stringifyMmaPart(getPart()).str() + ".m16n8";
  if (getPart() == MmaPart::Mma || getPart() == MmaPart::LoadA ||
      getPart() == MmaPart::LoadB)
    name += "k" + std::to_string(getK());
  name += "." + typeName(getDtype());
  if (getPart() == MmaPart::StoreC)
    name += "." + memoryName(getMem());
  return name;
}

Operation *MmaAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  Type dtype = getDtype(), element = arrayElementType(dtype);
  Type f32 = b.getF32Type();
  int64_t k = getK();
  CollUnitAttr warp = unit(ctx, UnitKind::Warp);
  auto instr = [&](StringRef lowering) {
    return instrAttr(ctx, warp, InstrTimeline::CudaInOrder, lowering);
  };
  AccessAttr r = access(ctx, AccessMode::Read),
             w = access(ctx, AccessMode::Write);
  WindowType acc = window({16, 8}, f32, MemoryKind::MmaC);
  switch (getPart()) {
  case MmaPart::Mma: {
    Param params[] = {{"d", acc, access(ctx, AccessMode::ReadWrite)},
                      {"a", window({16, k}, element, MemoryKind::MmaA), r},
                      {"b", window({8, k}, element, MemoryKind::MmaB), r}};
    return buildInstrProc(b, loc, getProcName(), params,
                          instr("mma_" + typeName(dtype)),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildProduct(pb, args[0], args[1], args[2], 16, 8,
                                         k, dtype, false, false);
                          });
  }
  case MmaPart::ZeroC: {
    Param params[] = {{"d", acc, w}};
    return buildInstrProc(b, loc, getProcName(), params, instr("mma_zero_c"),
                          [&](ProcBuilder &pb, ValueRange args) {
                            Value zero = pb.floatZero(f32);
                            pb.write(args[0], pb.loops({16, 8}), zero, false);
                          });
  }
  case MmaPart::LoadA:
  case MmaPart::LoadB: {
    bool isA = getPart() == MmaPart::LoadA;
    int64_t rows = isA ? 16 : 8;
    Param params[] = {
        {"dst",
         window({rows, k}, element, isA ? MemoryKind::MmaA : MemoryKind::MmaB),
         w},
        {"src", window({rows, k}, element, getMem()), r}};
    return buildInstrProc(b, loc, getProcName(), params,
                          instr(isA ? "mma_load_a" : "mma_load_b"),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildCopy(pb, args[0], args[1], {rows, k}, false);
                          });
  }
  case MmaPart::StoreC: {
    Param params[] = {{"dst", window({16, 8}, f32, getMem()), w},
                      {"src", acc, r}};
    return buildInstrProc(b, loc, getProcName(), params, instr("mma_store_c"),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildCopy(pb, args[0], args[1], {16, 8}, false);
                          });
  }
  case MmaPart::ConvertC: {
    Param params[] = {{"dst", window({16, 8}, dtype, MemoryKind::MmaC), w},
                      {"src", acc, r}};
    return buildInstrProc(b, loc, getProcName(), params, instr("mma_convert_c"),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildCopy(pb, args[0], args[1], {16, 8}, false, {},
                                      dtype);
                          });
  }
  case MmaPart::StmatrixC: {
    Param params[] = {{"dst", window({16, 8}, dtype, getMem()), w},
                      {"src", window({16, 8}, dtype, MemoryKind::MmaC), r}};
    return buildInstrProc(b, loc, getProcName(), params,
                          instr("mma_stmatrix_c"),
                          [&](ProcBuilder &pb, ValueRange args) {
                            buildCopy(pb, args[0], args[1], {16, 8}, false);
                          });
  }
  }
  llvm_unreachable("unknown mma part");
}

//===----------------------------------------------------------------------===//
// Per-thread and warp instructions
//===----------------------------------------------------------------------===//

LogicalResult GlobalAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 GlobalAccessKind kind, int64_t width,
                                 Type dtype) {
  if (kind == GlobalAccessKind::RedAdd) {
    if (!dtype.isF32())
      return emitError() << "red.global.add adds f32, got " << dtype;
    if (width != 1)
      return emitError() << "red.global.add adds one element, got width "
                         << width;
    return success();
  }
  // A vector load or store moves 16 bytes: 4 f32, 8 bf16 or f16 values, or
  // 16 fp8 values.
  int64_t bytes = dtype.isF32()                                  ? 4
                  : dtype.isBF16() || dtype.isF16()              ? 2
                  : isa<Float8E4M3FNType, Float8E5M2Type>(dtype) ? 1
                                                                 : 0;
  if (!bytes)
    return emitError() << "per-thread vector global loads and stores move "
                          "f32, bf16, f16 or fp8 values, got "
                       << dtype;
  if (width * bytes != 16)
    return emitError() << "vector global loads and stores move 16 bytes ("
                       << 16 / bytes << " " << dtype << " elements), got width "
                       << width;
  return success();
}

std::string GlobalAttr::getProcName() const {
  return "global." + stringifyGlobalAccessKind(getKind()).str() + ".v" +
         std::to_string(getWidth()) + "." + typeName(getDtype());
}

Operation *GlobalAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  int64_t width = getWidth();
  Type t = getDtype();
  InstrAttr instr =
      instrAttr(ctx, unit(ctx, UnitKind::Thread), InstrTimeline::CudaInOrder,
                getKind() == GlobalAccessKind::Load    ? "ld_global_v4"
                : getKind() == GlobalAccessKind::Store ? "st_global_v4"
                                                       : "red_global_add");
  WindowType regs = window({width}, t, MemoryKind::Regs);
  WindowType global = window({width}, t, MemoryKind::Gmem);
  // The global side may reach past its tensor (an oob window of a partial
  // tile): the lowering accesses only the elements inside; outside, a load
  // gives 0 and a store or add does nothing.
  if (getKind() == GlobalAccessKind::RedAdd) {
    Param params[] = {
        {"dst", global,
         access(ctx, AccessMode::ReadWrite, false, true, /*oob=*/true)},
        {"src", regs, access(ctx, AccessMode::Read)}};
    return buildInstrProc(b, loc, getProcName(), params, instr,
                          [&](ProcBuilder &pb, ValueRange args) {
                            OpFoldResult zero = b.getIndexAttr(0);
                            Value v = pb.read(args[1], {zero});
                            pb.write(args[0], {zero}, v, /*reduce=*/true);
                          });
  }
  bool load = getKind() == GlobalAccessKind::Load;
  Param params[] = {
      {"dst", load ? regs : global,
       access(ctx, AccessMode::Write, false, false, /*oob=*/!load)},
      {"src", load ? global : regs,
       access(ctx, AccessMode::Read, false, false, /*oob=*/load)}};
  return buildInstrProc(b, loc, getProcName(), params, instr,
                        [&](ProcBuilder &pb, ValueRange args) {
                          buildCopy(pb, args[0], args[1], {width}, false);
                        });
}

LogicalResult ShflXorAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ShflCombine combine, int64_t laneMask,
                                  Type dtype) {
  if (laneMask != 1 && laneMask != 2 && laneMask != 4 && laneMask != 8 &&
      laneMask != 16)
    return emitError() << "the butterfly lane mask is 1, 2, 4, 8 or 16, got "
                       << laneMask;
  if (!dtype.isF32())
    return emitError() << "the butterfly combines f32 values, got " << dtype;
  return success();
}

/// The legacy lowering name of a butterfly (`shfl_xor_sum_16`).
static std::string shflLowering(ShflCombine combine, int64_t laneMask) {
  StringRef kind =
      combine == ShflCombine::Add ? "sum" : stringifyShflCombine(combine);
  return ("shfl_xor_" + kind + "_" + Twine(laneMask)).str();
}

std::string ShflXorAttr::getProcName() const {
  return "shfl_xor_" + stringifyShflCombine(getCombine()).str() + "." +
         std::to_string(getLaneMask()) + "." + typeName(getDtype());
}

Operation *ShflXorAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  int64_t mask = getLaneMask();
  ShflCombine combine = getCombine();
  CollUnitAttr thread = unit(ctx, UnitKind::Thread);
  CollUnitAttr pair = mask == 1
                          ? unit(ctx, UnitKind::Thread, 2)
                          : unit(ctx, UnitKind::ThreadsStrided, 2, 1, mask);
  WindowType t = window({2}, getDtype(), MemoryKind::Regs);
  Param params[] = {
      {"dst", t, access(ctx, AccessMode::Write, false, false, false, {thread})},
      {"src", t, access(ctx, AccessMode::Read, false, false, false, {thread})}};
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, pair, InstrTimeline::CudaInOrder,
                shflLowering(combine, mask)),
      [&](ProcBuilder &pb, ValueRange args) {
        Value lane = pb.loop(2, "c");
        Value x = pb.read(args[1], {b.getIndexAttr(0)});
        Value y = pb.read(args[1], {b.getIndexAttr(1)});
        Value r = combine == ShflCombine::Add ? pb.add(x, y)
                  : combine == ShflCombine::Max
                      ? Value(arith::MaximumFOp::create(b, loc, x, y))
                      : Value(arith::MinimumFOp::create(b, loc, x, y));
        pb.write(args[0], {lane}, r, false);
      });
}

LogicalResult CpAsyncAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t bytes, Type dtype) {
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitError() << "cp.async copies 4, 8 or 16 bytes, got " << bytes;
  if (!dtype.isIntOrFloat() || dtype.isTF32() ||
      bytes % elementBytes(dtype) != 0)
    return emitError() << "cp.async copies whole elements of an integer or "
                          "floating-point type, got "
                       << dtype;
  return success();
}

std::string CpAsyncAttr::getProcName() const {
  return "cp_async." + std::to_string(getBytes()) + "." + typeName(getDtype());
}

Operation *CpAsyncAttr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  int64_t n = getBytes() / elementBytes(getDtype());
  Param params[] = {{"dst", window({n}, getDtype(), MemoryKind::Smem),
                     access(ctx, AccessMode::Write, /*outOfOrder=*/true)},
                    {"src", window({n}, getDtype(), MemoryKind::Gmem),
                     access(ctx, AccessMode::Read, /*outOfOrder=*/true)}};
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, unit(ctx, UnitKind::Thread), InstrTimeline::CpAsync,
                "cp_async_" + std::to_string(getBytes())),
      [&](ProcBuilder &pb, ValueRange args) {
        if (n > 1) {
          buildCopy(pb, args[0], args[1], {n}, false);
          return;
        }
        // One element: no loop.
        OpFoldResult zero = b.getIndexAttr(0);
        pb.write(args[0], {zero}, pb.read(args[1], {zero}), false);
      });
}

LogicalResult Memset0Attr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t rank, Type dtype) {
  if (rank < 1 || rank > 5)
    return emitError() << "memset0 zeroes a tensor of rank 1 to 5, got "
                       << rank;
  if (!dtype.isIntOrFloat())
    return emitError() << "memset0 zeroes integer or floating-point tensors";
  return success();
}

std::string Memset0Attr::getProcName() const {
  return "memset0." + std::to_string(getRank()) + "d." + typeName(getDtype());
}

Operation *Memset0Attr::buildProc(OpBuilder &b, Location loc) const {
  MLIRContext *ctx = getContext();
  static const char *sizeNames[] = {"R", "S", "T", "U", "V"};
  SmallVector<Param> params;
  SmallVector<Attribute> dims;
  for (int64_t d = 0; d < getRank(); ++d) {
    params.push_back({sizeNames[d], IndexType::get(ctx), nullptr});
    dims.push_back(StringAttr::get(ctx, sizeNames[d]));
  }
  params.push_back({"dst",
                    TensorType::get(ctx, dims, getDtype(),
                                    MemoryAttr::get(ctx, MemoryKind::Gmem)),
                    access(ctx, AccessMode::Write)});
  return buildInstrProc(
      b, loc, getProcName(), params,
      instrAttr(ctx, unit(ctx, UnitKind::Thread), InstrTimeline::CpuCudaStream,
                "cuda_memset0"),
      [&](ProcBuilder &pb, ValueRange args) {
        Type t = getDtype();
        Value zero = isa<FloatType>(t)
                         ? pb.floatZero(t)
                         : arith::ConstantOp::create(b, pb.loc, t,
                                                     b.getIntegerAttr(t, 0))
                               .getResult();
        SmallVector<OpFoldResult> sizes(args.take_front(getRank()));
        pb.write(args[getRank()], pb.loops(sizes), zero, false);
      });
}

//===----------------------------------------------------------------------===//
// Materialized procs
//===----------------------------------------------------------------------===//

Operation *ExoDialect::getFamilyProc(Attribute family) {
  auto instance = cast<InstrFamilyAttr>(family);
  std::lock_guard<std::mutex> lock(familyProcs.mutex);
  Operation *&proc = familyProcs.procs[family];
  if (proc)
    return proc;
  Location loc = UnknownLoc::get(getContext());
  if (!familyProcs.module)
    familyProcs.module = ModuleOp::create(loc);
  OpBuilder b(getContext());
  b.setInsertionPointToEnd(familyProcs.module->getBody());
  proc = instance.buildProc(b, loc);
  return proc;
}

ProcOp exo::getInstructionProc(InstrFamilyAttr family) {
  auto *dialect = family.getContext()->getLoadedDialect<ExoDialect>();
  return cast<ProcOp>(dialect->getFamilyProc(family));
}

ProcOp exo::lookupCallee(CallOp call) {
  if (InstrFamilyAttr family = call.getFamilyAttr())
    return getInstructionProc(family);
  return SymbolTable::lookupNearestSymbolFrom<ProcOp>(call,
                                                      call.getCalleeAttr());
}

ProcOp exo::resolveCallee(Operation *at, Attribute callee) {
  if (auto family = dyn_cast_or_null<InstrFamilyAttr>(callee))
    return getInstructionProc(family);
  auto symbol = dyn_cast_or_null<FlatSymbolRefAttr>(callee);
  if (!symbol)
    return {};
  return SymbolTable::lookupNearestSymbolFrom<ProcOp>(at, symbol);
}

std::string exo::describeCallee(Attribute callee) {
  if (auto symbol = dyn_cast_or_null<FlatSymbolRefAttr>(callee))
    return "@" + symbol.getValue().str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << callee;
  return s;
}

LogicalResult exo::materializeInstructions(ModuleOp module) {
  SymbolTable symbols(module);
  SmallVector<InstrFamilyAttr> families;
  llvm::SmallDenseSet<Attribute> seen;
  module.walk([&](CallOp call) {
    if (InstrFamilyAttr family = call.getFamilyAttr())
      if (seen.insert(family).second)
        families.push_back(family);
  });
  for (InstrFamilyAttr family : families) {
    ProcOp proc = getInstructionProc(family);
    if (Operation *existing = symbols.lookup(proc.getSymName())) {
      auto existingProc = dyn_cast<ProcOp>(existing);
      if (existingProc &&
          existingProc->getAttr(ExoDialect::getFamilyAttrName()) == family)
        continue;
      return existing->emitOpError()
             << "'" << proc.getSymName() << "' is the name of instruction "
             << family << "; rename this symbol";
    }
    auto copy = cast<ProcOp>(proc->clone());
    copy->setAttr(ExoDialect::getFamilyAttrName(), family);
    symbols.insert(copy);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Hand-written procs of hardware instructions
//===----------------------------------------------------------------------===//

namespace {

/// The instance of `AttrT` with `params` if its verifier accepts them, else
/// null, silently: inference tries instances that may not exist. (An empty
/// InFlightDiagnostic converts to success, so a refusal is told by the
/// verifier asking for a diagnostic at all.)
template <typename AttrT, typename... Params>
AttrT getIfValid(MLIRContext *ctx, Params... params) {
  bool refused = false;
  auto refuse = [&] {
    refused = true;
    return InFlightDiagnostic();
  };
  if (failed(AttrT::verify(refuse, params...)) || refused)
    return {};
  return AttrT::get(ctx, params...);
}

/// The static shape of an array type, or nothing.
std::optional<SmallVector<int64_t>> staticShape(Type t) {
  if (!isShapedData(t))
    return std::nullopt;
  SmallVector<int64_t> shape;
  for (Attribute d : getDimsOf(t)) {
    auto i = dyn_cast<IntegerAttr>(d);
    if (!i)
      return std::nullopt;
    shape.push_back(i.getInt());
  }
  return shape;
}

OperandLayout layoutOf(MemoryAttr mem) {
  if (mem.getKind() == MemoryKind::WgmmaA)
    return OperandLayout::Regs;
  if (mem.getKind() == MemoryKind::Smem)
    return OperandLayout::Interleave;
  return mem.getParam() == 64   ? OperandLayout::Sw64
         : mem.getParam() == 32 ? OperandLayout::Sw32
                                : OperandLayout::Sw128;
}

/// The operand type a lowering name's suffix names (`wgmma_bf16`,
/// `mma_tf32`): the suffix is the type as the families spell it in their
/// lowering names (typeName).
Type operandType(MLIRContext *ctx, StringRef name) {
  Builder b(ctx);
  for (Type t :
       {Type(b.getTF32Type()), Type(b.getBF16Type()), Type(b.getF16Type()),
        Type(b.getType<Float8E4M3FNType>()), Type(b.getType<Float8E5M2Type>())})
    if (name.ends_with("_" + typeName(t)))
      return t;
  return {};
}

/// The instance whose proc has `proc`'s lowering and signature, or null.
InstrFamilyAttr inferFamily(ProcOp proc) {
  MLIRContext *ctx = proc.getContext();
  StringRef lowering = proc.getInstrAttr().getLowering().getValue();
  SmallVector<Type> arrays;
  for (Type t : proc.getArgumentTypes())
    if (isShapedData(t))
      arrays.push_back(t);
  auto shapeOf = [&](unsigned i) { return staticShape(arrays[i]); };
  auto memOf = [&](unsigned i) { return getMemoryOf(arrays[i]); };
  auto eltOf = [&](unsigned i) { return getElementTypeOf(arrays[i]); };
  auto sameBox = [](ArrayRef<int64_t> box, ArrayRef<int64_t> shape,
                    int64_t split) {
    SmallVector<int64_t> want(shape);
    want[0] /= std::max<int64_t>(split, 1);
    return box == ArrayRef<int64_t>(want);
  };
  if (lowering.starts_with("tma_") && arrays.size() == 2) {
    bool load = lowering.starts_with("tma_load");
    unsigned g = load ? 1 : 0, s = load ? 0 : 1;
    auto gShape = shapeOf(g), sShape = shapeOf(s);
    if (!gShape || !sShape || memOf(g).getKind() != MemoryKind::TmaMap)
      return {};
    int64_t multicast = 0, stride = 1;
    if (lowering == "tma_load_multicast_2d") {
      if (sShape->empty())
        return {};
      multicast = (*sShape)[0];
      CollUnitAttr unit = proc.getInstrAttr().getUnit();
      if (unit.getKind() != UnitKind::WarpInClusterStrided)
        return {};
      stride = unit.getParam0();
    } else if (lowering != "tma_load_2d" && lowering != "tma_store_2d" &&
               lowering != "tma_reduce_add_2d") {
      return {};
    }
    ArrayRef<int64_t> box = memOf(g).getBox();
    SmallVector<int64_t> explicitBox;
    if (!sameBox(box, *gShape, multicast))
      explicitBox.assign(box.begin(), box.end());
    TmaKind kind = load                         ? TmaKind::Load
                   : lowering == "tma_store_2d" ? TmaKind::Store
                                                : TmaKind::ReduceAdd;
    ArrayRef<int64_t> shape(*gShape);
    CollUnitAttr unit = proc.getInstrAttr().getUnit();
    bool thread = unit.getKind() == UnitKind::Thread && unit.getScale() == 1;
    return getIfValid<TmaAttr>(ctx, kind, shape, eltOf(g),
                               memOf(g).getSwizzle(), multicast, stride,
                               ArrayRef<int64_t>(explicitBox), thread);
  }
  if (lowering.starts_with("wgmma_") && lowering != "wgmma_zero_scale_d" &&
      lowering != "wgmma_load_a" && !lowering.starts_with("wgmma_store") &&
      !lowering.starts_with("wgmma_red") && lowering != "wgmma_stmatrix_d" &&
      arrays.size() == 3) {
    auto d = shapeOf(0);
    Type dtype = operandType(ctx, lowering);
    if (!d || d->size() != 2 || !dtype)
      return {};
    // A write-only accumulator is the scale-d = 0 form.
    AccessAttr dAccess = proc.getArgAccess(0);
    int64_t scaleD = dAccess && !dAccess.reads() ? 0 : 1;
    return getIfValid<WgmmaAttr>(ctx, (*d)[1], dtype, layoutOf(memOf(1)),
                                 layoutOf(memOf(2)), scaleD, eltOf(0));
  }
  if (lowering == "wgmma_zero_scale_d" && arrays.size() == 1) {
    auto d = shapeOf(0);
    if (!d || d->size() != 2)
      return {};
    return getIfValid<WgmmaZeroAttr>(ctx, (*d)[1], eltOf(0));
  }
  if ((lowering == "wgmma_store_d_smem" || lowering == "wgmma_store_d_gmem" ||
       lowering == "wgmma_red_d_gmem" || lowering == "wgmma_stmatrix_d") &&
      arrays.size() == 2) {
    auto d = shapeOf(0);
    if (!d || d->size() != 2)
      return {};
    return getIfValid<WgmmaStoreAttr>(ctx, (*d)[1], memOf(0), eltOf(0),
                                      lowering == "wgmma_red_d_gmem", eltOf(1));
  }
  if (lowering == "wgmma_load_a" && arrays.size() == 2) {
    Type t = eltOf(0);
    return getIfValid<WgmmaLoadAAttr>(
        ctx, t.isF32() ? Builder(ctx).getTF32Type() : t);
  }
  if (lowering.starts_with("mma_") && !arrays.empty()) {
    auto toOperand = [&](Type t) {
      return t.isF32() ? Type(Builder(ctx).getTF32Type()) : t;
    };
    MemoryAttr smem = MemoryAttr::get(ctx, MemoryKind::Smem);
    std::optional<MmaPart> part;
    Type dtype;
    MemoryAttr mem = smem;
    if (lowering == "mma_tf32" || lowering == "mma_bf16" ||
        lowering == "mma_f16") {
      part = MmaPart::Mma;
      dtype = operandType(ctx, lowering);
    } else if (lowering == "mma_zero_c") {
      part = MmaPart::ZeroC;
      dtype = eltOf(0);
    } else if ((lowering == "mma_load_a" || lowering == "mma_load_b") &&
               arrays.size() == 2) {
      part = lowering == "mma_load_a" ? MmaPart::LoadA : MmaPart::LoadB;
      dtype = toOperand(eltOf(0));
      mem = memOf(1);
    } else if (lowering == "mma_store_c" && arrays.size() == 2) {
      part = MmaPart::StoreC;
      dtype = eltOf(0);
      mem = memOf(0);
    } else if (lowering == "mma_convert_c") {
      part = MmaPart::ConvertC;
      dtype = eltOf(0);
    } else if (lowering == "mma_stmatrix_c" && arrays.size() == 2) {
      part = MmaPart::StmatrixC;
      dtype = eltOf(0);
      mem = memOf(0);
    }
    if (!part || !dtype)
      return {};
    return getIfValid<MmaAttr>(ctx, *part, dtype, mem);
  }
  if ((lowering == "ld_global_v4" || lowering == "st_global_v4" ||
       lowering == "red_global_add") &&
      arrays.size() == 2) {
    auto s = shapeOf(0);
    if (!s || s->size() != 1)
      return {};
    GlobalAccessKind kind = lowering == "ld_global_v4" ? GlobalAccessKind::Load
                            : lowering == "st_global_v4"
                                ? GlobalAccessKind::Store
                                : GlobalAccessKind::RedAdd;
    return getIfValid<GlobalAttr>(ctx, kind, (*s)[0], eltOf(0));
  }
  if (lowering.consume_front("shfl_xor_") && arrays.size() == 2) {
    ShflCombine combine = ShflCombine::Add;
    if (lowering.consume_front("max_"))
      combine = ShflCombine::Max;
    else if (lowering.consume_front("min_"))
      combine = ShflCombine::Min;
    else if (!lowering.consume_front("sum_"))
      return {};
    int64_t mask;
    if (lowering.getAsInteger(10, mask))
      return {};
    return getIfValid<ShflXorAttr>(ctx, combine, mask, eltOf(0));
  }
  if (lowering.starts_with("cp_async_") && arrays.size() == 2) {
    int64_t bytes;
    if (lowering.drop_front(strlen("cp_async_")).getAsInteger(10, bytes))
      return {};
    return getIfValid<CpAsyncAttr>(ctx, bytes, eltOf(0));
  }
  if (lowering == "cuda_memset0" && arrays.size() == 1) {
    int64_t rank = getDimsOf(arrays[0]).size();
    return getIfValid<Memset0Attr>(ctx, rank, eltOf(0));
  }
  return {};
}

/// Whether a hand-written parameter type states what the family's does: the
/// same type, or a tensor where the family takes a window of the same shape,
/// element and memory (the call then takes a whole tensor only).
bool sameParamType(Type hand, Type family) {
  if (hand == family)
    return true;
  auto t = dyn_cast<exo::TensorType>(hand);
  auto w = dyn_cast<WindowType>(family);
  return t && w && t.getDims() == w.getDims() &&
         t.getElementType() == w.getElementType() &&
         t.getMemory() == w.getMemory() && t.getRingDepths().empty();
}

/// Whether `a` (hand-written) states what `b` (the family's proc) states:
/// the same signature (up to sameParamType), accesses (a TMA or accumulator
/// store may leave out `oob`: it then refuses what the instruction would
/// tolerate), instr<...> and body, op by op, up to value and loop names.
/// Otherwise `why` says what differs and `where` is the first op of `a`'s body
/// that does.
bool sameInstruction(ProcOp a, ProcOp b, std::string &why, Operation *&where) {
  where = nullptr;
  FunctionType fa = a.getFunctionType(), fb = b.getFunctionType();
  if (fa.getNumInputs() != fb.getNumInputs() ||
      !llvm::all_of(llvm::zip(fa.getInputs(), fb.getInputs()), [](auto p) {
        return sameParamType(std::get<0>(p), std::get<1>(p));
      })) {
    why = "its signature is not the instruction's";
    return false;
  }
  InstrAttr ia = a.getInstrAttr(), ib = b.getInstrAttr();
  if (ia != ib) {
    why = "its instr<...> is not the instruction's";
    return false;
  }
  for (unsigned i = 0, e = fa.getNumInputs(); i < e; ++i) {
    AccessAttr x = a.getArgAccess(i), y = b.getArgAccess(i);
    if (x && y && !x.getOutOfBounds() && y.getOutOfBounds())
      y = AccessAttr::get(y.getContext(), y.getMode(), y.getOutOfOrder(),
                          y.getAtomic(), false, y.getDistributed());
    if (x != y) {
      why = "the access annotation of '" + a.getArgName(i).str() +
            "' is not the instruction's";
      return false;
    }
  }
  SmallVector<Operation *> xs, ys;
  a.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { xs.push_back(op); });
  b.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { ys.push_back(op); });
  DenseMap<Value, Value> map;
  for (auto [x, y] : llvm::zip(a.getBodyBlock().getArguments(),
                               b.getBodyBlock().getArguments()))
    map[x] = y;
  auto differ = [&](Operation *op) {
    why = "its body is not the instruction's semantics";
    where = op;
    return false;
  };
  for (size_t i = 0; i < std::max(xs.size(), ys.size()); ++i) {
    if (i >= xs.size() || i >= ys.size())
      return differ(i < xs.size() ? xs[i] : nullptr);
    Operation *ox = xs[i], *oy = ys[i];
    if (ox->getName() != oy->getName() ||
        ox->getNumOperands() != oy->getNumOperands() ||
        ox->getNumResults() != oy->getNumResults() ||
        ox->getNumRegions() != oy->getNumRegions() ||
        ox->getAttrs().size() != oy->getAttrs().size())
      return differ(ox);
    for (NamedAttribute attr : ox->getAttrs())
      if (attr.getName() != "iter_name" &&
          oy->getAttr(attr.getName()) != attr.getValue())
        return differ(ox);
    for (auto [u, v] : llvm::zip(ox->getOperands(), oy->getOperands()))
      if (map.lookup(u) != v)
        return differ(ox);
    for (auto [u, v] : llvm::zip(ox->getResults(), oy->getResults())) {
      if (u.getType() != v.getType())
        return differ(ox);
      map[u] = v;
    }
    for (auto [rx, ry] : llvm::zip(ox->getRegions(), oy->getRegions())) {
      if (rx.getBlocks().size() != ry.getBlocks().size())
        return differ(ox);
      for (auto [bx, by] : llvm::zip(rx, ry)) {
        if (bx.getNumArguments() != by.getNumArguments())
          return differ(ox);
        for (auto [u, v] : llvm::zip(bx.getArguments(), by.getArguments()))
          map[u] = v;
      }
    }
  }
  return true;
}

} // namespace

LogicalResult exo::checkTmaBoxStart(Operation *op, int64_t divisor,
                                    Type element) {
  int64_t bytes = getElementBytes(element);
  if (productDivisor(divisor, bytes, 62) % 16 == 0)
    return success();
  return op->emitOpError()
         << "starts its box at an element of the tensor's innermost "
            "dimension that is not provably a multiple of 16 bytes ("
         << 16 / std::gcd<int64_t>(16, bytes)
         << " elements): the copy engine faults on such a box";
}

LogicalResult exo::checkMbarrierArriveTimeline(ArriveOp arrive) {
  auto type = dyn_cast<BarrierType>(arrive.getBarrier().getType());
  if (!type || type.getKind() != BarrierKind::Mbarrier ||
      arrive.getTimeline() == SyncTimeline::CudaInOrder ||
      arrive.getTimeline() == SyncTimeline::CudaTemporal)
    return success();
  return arrive.emitOpError()
         << "an mbarrier arrive lowers to mbarrier.arrive, which orders only "
            "the arriving threads' own accesses (cuda_in_order, "
            "cuda_temporal), not "
         << stringifySyncTimeline(arrive.getTimeline())
         << "; complete asynchronous operations through a commit group or "
            "the instruction's trailing barrier";
}

LogicalResult exo::checkTmaLoadBarrier(CallOp call) {
  auto bar = call.getTrailing()
                 ? dyn_cast<BarrierType>(call.getTrailing().getType())
                 : BarrierType();
  if (bar && bar.getKind() == BarrierKind::Mbarrier)
    return success();
  return call.emitOpError()
         << "a TMA load needs a trailing mbarrier, on which it completes "
            "(the barrier counts its bytes): name one with `>> %bar[...]`";
}

int64_t exo::lastExtentDivisorOf(Value root) {
  ArrayRef<Attribute> dims = getDimsOf(root.getType());
  if (dims.empty())
    return 1;
  if (auto c = dyn_cast<IntegerAttr>(dims.back()))
    return c.getInt() ? std::abs(c.getInt()) : 1;
  auto name = dyn_cast<StringAttr>(dims.back());
  auto proc = root.getParentRegion()
                  ? root.getParentRegion()->getParentOfType<ProcOp>()
                  : ProcOp();
  if (!name || !proc)
    return 1;
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    if (proc.getArgName(i) != name.getValue())
      continue;
    auto bounds = getSizeBounds(proc);
    if (auto it = bounds.find(arg); it != bounds.end() &&
                                    it->second.first == it->second.second &&
                                    it->second.first != 0)
      return it->second.first;
    auto divisors = getSizeDivisors(proc);
    auto it = divisors.find(arg);
    return it == divisors.end() ? 1 : it->second;
  }
  return 1;
}

bool exo::isFamilyLowering(StringRef lowering) {
  static const llvm::StringSet<> names = {
      "tma_load_2d",        "tma_load_multicast_2d",
      "tma_store_2d",       "tma_reduce_add_2d",
      "wgmma_tf32",         "wgmma_bf16",
      "wgmma_f16",          "wgmma_f8E4M3FN",
      "wgmma_f8E5M2",       "wgmma_zero_scale_d",
      "wgmma_store_d_smem", "wgmma_store_d_gmem",
      "wgmma_red_d_gmem",   "wgmma_stmatrix_d",
      "wgmma_load_a",       "mma_tf32",
      "mma_bf16",           "mma_f16",
      "mma_zero_c",         "mma_load_a",
      "mma_load_b",         "mma_store_c",
      "mma_convert_c",      "mma_stmatrix_c",
      "ld_global_v4",       "st_global_v4",
      "red_global_add",     "shfl_xor_sum_1",
      "shfl_xor_sum_2",     "shfl_xor_sum_4",
      "shfl_xor_sum_8",     "shfl_xor_sum_16",
      "shfl_xor_max_1",     "shfl_xor_max_2",
      "shfl_xor_max_4",     "shfl_xor_max_8",
      "shfl_xor_max_16",    "shfl_xor_min_1",
      "shfl_xor_min_2",     "shfl_xor_min_4",
      "shfl_xor_min_8",     "shfl_xor_min_16",
      "cuda_memset0",       "cp_async_4",
      "cp_async_8",         "cp_async_16"};
  return names.contains(lowering);
}

InstrFamilyAttr exo::getCalledFamily(CallOp call) {
  if (InstrFamilyAttr family = call.getFamilyAttr())
    return family;
  ProcOp callee = lookupCallee(call);
  if (!callee || !callee.getInstrAttr() ||
      !isFamilyLowering(callee.getInstrAttr().getLowering().getValue()))
    return {};
  return inferFamily(callee);
}

LogicalResult exo::verifyHardwareInstruction(ProcOp proc) {
  InstrAttr instr = proc.getInstrAttr();
  if (!instr || !isFamilyLowering(instr.getLowering().getValue()) ||
      proc->hasAttr(ExoDialect::getFamilyAttrName()))
    return success();
  InstrFamilyAttr family = inferFamily(proc);
  if (!family)
    return proc.emitOpError()
           << "has the hardware lowering \"" << instr.getLowering().getValue()
           << "\", but no instruction family instance has its signature; "
              "call the instruction by its family (#exo.<family><...>)";
  std::string why;
  Operation *where;
  if (sameInstruction(proc, getInstructionProc(family), why, where))
    return success();
  InFlightDiagnostic diag = proc.emitOpError()
                            << "has the hardware lowering \""
                            << instr.getLowering().getValue() << "\" of "
                            << family << ", but " << why
                            << "; call the instruction by its family, or give "
                               "this proc another lowering";
  if (where)
    diag.attachNote(where->getLoc())
        << "the first operation that differs from the instruction's";
  return diag;
}

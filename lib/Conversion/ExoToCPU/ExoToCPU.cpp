//===- ExoToCPU.cpp - The sequential meaning of exo procs -----------------===//
//
// Part of the Exo-GPU project.
//
// Rebuilds every exo.proc as a func.func over strided memrefs, statement by
// statement: the sequential reading of the program, with every GPU
// annotation dropped. See ExoLowerToCPU in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace exo {
#define GEN_PASS_DEF_EXOLOWERTOCPU
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

/// tf32 values are held in f32 on the CPU.
Type convertScalarType(Type type) {
  if (type.isTF32())
    return Float32Type::get(type.getContext());
  return type;
}

/// Tensors and windows become memrefs with a fully dynamic strided layout, so
/// that a tensor and any window of it have the same type.
Type convertType(Type type) {
  if (!isShapedData(type))
    return convertScalarType(type);
  size_t rank = getDimsOf(type).size();
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  SmallVector<int64_t> strides(rank, ShapedType::kDynamic);
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(shape, convertScalarType(getElementTypeOf(type)),
                         layout);
}

/// The function a bounds-checked lowering calls at an access outside its
/// buffer (exo-gpu-run provides it).
constexpr llvm::StringLiteral kOutOfBoundsHook = "exo_runner_out_of_bounds";

class ProcLowering {
public:
  /// With `sites`, accesses are bounds-checked and each check's location is
  /// appended to it (its index is the site id the report passes).
  ProcLowering(ProcOp proc, OpBuilder &builder,
               SmallVectorImpl<Attribute> *sites = nullptr)
      : proc(proc), b(builder), loc(proc.getLoc()), sites(sites) {}

  FailureOr<func::FuncOp> run();

private:
  LogicalResult lowerBlock(Block &block);
  LogicalResult lowerOp(Operation &op);
  Value index(OpFoldResult ofr);
  Value constantIndex(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// The value of a tensor dimension (an integer or a size name).
  /// The extent of a dimension: a constant, a size, or the slots of an
  /// unbounded ring (`? ring d` is stored in its d slots).
  FailureOr<Value> dimValue(Attribute dim, Operation *user,
                            int64_t ringDepth = 0);
  /// The depth of dimension `dim` of `tensor` if it is an unbounded ring,
  /// else 0.
  int64_t unboundedRingDepth(Value tensor, unsigned dim);
  /// `indices` of `tensor`, taken modulo the depth in unbounded ring
  /// dimensions.
  SmallVector<Value> ringIndices(Value tensor, ArrayRef<OpFoldResult> indices);
  Value emulateTruncToTF32(arith::TruncFOp op);
  Value emulateTruncToBF16(arith::TruncFOp op);
  /// Whether `idx` lies inside the (lowered) memref `buffer`.
  Value inBounds(Location l, Value buffer, ArrayRef<Value> idx);
  /// Emits `body` under a bounds check when `oob`, else directly.
  void guarded(Location l, bool oob, Value buffer, ArrayRef<Value> idx,
               function_ref<void()> body);

  /// When checking bounds: `body` under a bounds check, with a report of
  /// the site of `l` otherwise; a read's value is 0 there.
  void checked(Location l, Value buffer, ArrayRef<Value> idx,
               function_ref<void()> body);
  Value checkedLoad(Location l, Value buffer, ArrayRef<Value> idx);
  /// Reports site `l` (out of bounds) through the runner's hook.
  void report(Location l);

  ProcOp proc;
  OpBuilder &b;
  Location loc;
  IRMapping map;
  SmallVectorImpl<Attribute> *sites;
};

void ProcLowering::report(Location l) {
  int64_t site = sites->size();
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto flc = dyn_cast<FileLineColLoc>(l))
    os << flc.getFilename().getValue() << ":" << flc.getLine() << ":"
       << flc.getColumn();
  else
    l.print(os);
  sites->push_back(b.getStringAttr(text));
  func::CallOp::create(
      b, l, kOutOfBoundsHook, TypeRange{},
      ValueRange{arith::ConstantIntOp::create(b, l, b.getI64Type(), site)});
}

void ProcLowering::checked(Location l, Value buffer, ArrayRef<Value> idx,
                           function_ref<void()> body) {
  auto scfIf = scf::IfOp::create(b, l, TypeRange{}, inBounds(l, buffer, idx),
                                 /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(scfIf.thenBlock()->getTerminator());
  body();
  b.setInsertionPoint(scfIf.elseBlock()->getTerminator());
  report(l);
}

Value ProcLowering::checkedLoad(Location l, Value buffer, ArrayRef<Value> idx) {
  Type elem = cast<MemRefType>(buffer.getType()).getElementType();
  auto scfIf =
      scf::IfOp::create(b, l, TypeRange{elem}, inBounds(l, buffer, idx),
                        /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(scfIf.thenBlock());
  scf::YieldOp::create(b, l,
                       ValueRange{memref::LoadOp::create(b, l, buffer, idx)});
  b.setInsertionPointToStart(scfIf.elseBlock());
  report(l);
  scf::YieldOp::create(
      b, l, ValueRange{arith::ConstantOp::create(b, l, b.getZeroAttr(elem))});
  return scfIf.getResult(0);
}

FailureOr<func::FuncOp> ProcLowering::run() {
  SmallVector<Type> argTypes;
  for (Type t : proc.getArgumentTypes())
    argTypes.push_back(convertType(t));
  auto fn = func::FuncOp::create(b, loc, proc.getSymName(),
                                 b.getFunctionType(argTypes, {}));
  Block *entry = fn.addEntryBlock();
  for (auto [i, arg] : llvm::enumerate(proc.getBodyBlock().getArguments())) {
    map.map(arg, entry->getArgument(i));
    fn.setArgAttr(i, "exo.name", b.getStringAttr(proc.getArgName(i)));
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  if (failed(lowerBlock(proc.getBodyBlock())))
    return failure();
  func::ReturnOp::create(b, loc);
  return fn;
}

Value ProcLowering::index(OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    return map.lookup(v);
  return constantIndex(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
}

FailureOr<Value> ProcLowering::dimValue(Attribute dim, Operation *user,
                                        int64_t ringDepth) {
  if (auto i = dyn_cast<IntegerAttr>(dim))
    return constantIndex(i.getInt());
  if (auto name = dyn_cast<StringAttr>(dim)) {
    BlockArgument arg = proc.lookupSizeArg(name.getValue());
    if (!arg)
      return user->emitOpError() << "unknown size '" << name.getValue() << "'";
    return map.lookup(arg);
  }
  // An unbounded ring `? ring d` (the type verifier allows `?` only on ring
  // dimensions) is stored in its d slots.
  return constantIndex(ringDepth);
}

int64_t ProcLowering::unboundedRingDepth(Value tensor, unsigned dim) {
  auto type = dyn_cast<exo::TensorType>(tensor.getType());
  if (!type || dim >= type.getRank() || !isa<UnitAttr>(type.getDims()[dim]))
    return 0;
  return type.getRingDepth(dim);
}

SmallVector<Value> ProcLowering::ringIndices(Value tensor,
                                             ArrayRef<OpFoldResult> indices) {
  SmallVector<Value> out;
  for (auto [d, i] : llvm::enumerate(indices)) {
    Value v = index(i);
    if (int64_t depth = unboundedRingDepth(tensor, d))
      v = arith::RemUIOp::create(b, v.getLoc(), v, constantIndex(depth));
    out.push_back(v);
  }
  return out;
}

LogicalResult ProcLowering::lowerBlock(Block &block) {
  SmallVector<Value> allocated;
  for (Operation &op : block) {
    if (auto alloc = dyn_cast<AllocOp>(op)) {
      auto tensor = dyn_cast<exo::TensorType>(alloc.getType());
      if (!tensor)
        continue; // Barriers have no sequential meaning.
      SmallVector<Value> sizes;
      for (auto [i, d] : llvm::enumerate(tensor.getDims())) {
        FailureOr<Value> v = dimValue(d, alloc, tensor.getRingDepth(i));
        if (failed(v))
          return failure();
        sizes.push_back(*v);
      }
      SmallVector<int64_t> shape(sizes.size(), ShapedType::kDynamic);
      auto type =
          MemRefType::get(shape, convertScalarType(tensor.getElementType()));
      Value buffer = memref::AllocOp::create(b, alloc.getLoc(), type, sizes);
      allocated.push_back(buffer);
      map.map(alloc.getResult(),
              memref::CastOp::create(b, alloc.getLoc(), convertType(tensor),
                                     buffer));
      continue;
    }
    if (failed(lowerOp(op)))
      return failure();
  }
  for (Value buffer : llvm::reverse(allocated))
    memref::DeallocOp::create(b, loc, buffer);
  return success();
}

Value ProcLowering::emulateTruncToTF32(arith::TruncFOp op) {
  // tf32 keeps the top 19 bits of an f32 (1 sign, 8 exponent, 10 mantissa).
  Location l = op.getLoc();
  Value x = map.lookup(op.getIn());
  Type i32 = b.getI32Type();
  Value bits = arith::BitcastOp::create(b, l, i32, x);
  auto cst = [&](int64_t v) {
    return arith::ConstantOp::create(b, l, b.getI32IntegerAttr(v));
  };
  Value mask = cst(static_cast<int32_t>(0xFFFFE000u));
  std::optional<arith::RoundingMode> mode = op.getRoundingmode();
  Value rounded;
  if (mode && *mode == arith::RoundingMode::toward_zero) {
    rounded = arith::AndIOp::create(b, l, bits, mask);
  } else {
    // Round to nearest, ties to even: add 0xFFF plus the lowest kept bit.
    Value lsb = arith::AndIOp::create(
        b, l, arith::ShRUIOp::create(b, l, bits, cst(13)), cst(1));
    Value bias = arith::AddIOp::create(b, l, cst(0xFFF), lsb);
    rounded = arith::AndIOp::create(
        b, l, arith::AddIOp::create(b, l, bits, bias), mask);
  }
  Value result = arith::BitcastOp::create(b, l, x.getType(), rounded);
  // NaN stays NaN (the rounding could carry into the exponent).
  Value isNan = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, l, isNan, x, result);
}

Value ProcLowering::emulateTruncToBF16(arith::TruncFOp op) {
  // bf16 is the top half of an f32, rounded to nearest even: the result
  // IEEE gives for every input, subnormals included. LLVM's own fptrunc may
  // use the host's vcvtneps2bf16, which flushes subnormals to zero: the
  // reference would then depend on the machine it runs on.
  Location l = op.getLoc();
  Value x = map.lookup(op.getIn());
  Type i32 = b.getI32Type();
  auto cst = [&](int64_t v) {
    return arith::ConstantOp::create(b, l, b.getI32IntegerAttr(v));
  };
  Value bits = arith::BitcastOp::create(b, l, i32, x);
  Value lsb = arith::AndIOp::create(
      b, l, arith::ShRUIOp::create(b, l, bits, cst(16)), cst(1));
  Value bias = arith::AddIOp::create(b, l, cst(0x7FFF), lsb);
  Value rounded = arith::ShRUIOp::create(
      b, l, arith::AddIOp::create(b, l, bits, bias), cst(16));
  // NaN stays a (quiet) NaN of the same sign.
  Value quiet = arith::OrIOp::create(
      b, l, arith::ShRUIOp::create(b, l, bits, cst(16)), cst(0x40));
  Value isNan = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
  Value half = arith::TruncIOp::create(
      b, l, b.getI16Type(),
      arith::SelectOp::create(b, l, isNan, quiet, rounded));
  return arith::BitcastOp::create(b, l, b.getBF16Type(), half);
}

Value ProcLowering::inBounds(Location l, Value buffer, ArrayRef<Value> idx) {
  Value all = arith::ConstantIntOp::create(b, l, 1, 1);
  for (auto [d, i] : llvm::enumerate(idx)) {
    // Unsigned: a negative index is huge.
    Value dim = memref::DimOp::create(b, l, buffer, d);
    Value ok = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, i, dim);
    all = arith::AndIOp::create(b, l, all, ok);
  }
  return all;
}

void ProcLowering::guarded(Location l, bool oob, Value buffer,
                           ArrayRef<Value> idx, function_ref<void()> body) {
  if (!oob)
    return body();
  auto scfIf = scf::IfOp::create(b, l, inBounds(l, buffer, idx),
                                 /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(scfIf.thenBlock()->getTerminator());
  body();
}

LogicalResult ProcLowering::lowerOp(Operation &op) {
  Location l = op.getLoc();
  if (isa<SyncOpInterface>(op))
    return success();
  if (auto loop = dyn_cast<ForOp>(op)) {
    Value lo = index(loop.getLowerBound()), hi = index(loop.getUpperBound());
    auto scfFor = scf::ForOp::create(b, l, lo, hi, constantIndex(1));
    map.map(loop.getInductionVar(), scfFor.getInductionVar());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(scfFor.getBody()->getTerminator());
    return lowerBlock(loop.getBodyBlock());
  }
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    auto scfIf = scf::IfOp::create(b, l, map.lookup(ifOp.getCondition()),
                                   /*withElseRegion=*/ifOp.hasElse());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(scfIf.thenBlock()->getTerminator());
      if (failed(lowerBlock(ifOp.getThenBlock())))
        return failure();
    }
    if (ifOp.hasElse()) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(scfIf.elseBlock()->getTerminator());
      if (failed(lowerBlock(ifOp.getElseRegion().front())))
        return failure();
    }
    return success();
  }
  if (auto device = dyn_cast<DeviceFunctionOp>(op))
    return lowerBlock(device.getBodyBlock());
  if (auto warps = dyn_cast<WarpsOp>(op))
    return lowerBlock(warps.getBody().front());
  if (auto read = dyn_cast<ReadOp>(op)) {
    SmallVector<Value> idx =
        ringIndices(read.getSource(), read.getMixedIndices());
    Value src = map.lookup(read.getSource());
    if (!isOobAccess(read)) {
      map.map(read.getResult(),
              sites ? checkedLoad(l, src, idx)
                    : Value(memref::LoadOp::create(b, l, src, idx)));
      return success();
    }
    // Outside the tensor, an oob read is 0.
    Type elem = cast<MemRefType>(src.getType()).getElementType();
    auto scfIf = scf::IfOp::create(b, l, TypeRange{elem}, inBounds(l, src, idx),
                                   /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(scfIf.thenBlock());
      scf::YieldOp::create(b, l,
                           ValueRange{memref::LoadOp::create(b, l, src, idx)});
      b.setInsertionPointToStart(scfIf.elseBlock());
      scf::YieldOp::create(
          b, l,
          ValueRange{arith::ConstantOp::create(b, l, b.getZeroAttr(elem))});
    }
    map.map(read.getResult(), scfIf.getResult(0));
    return success();
  }
  if (auto assign = dyn_cast<AssignOp>(op)) {
    SmallVector<Value> idx =
        ringIndices(assign.getDest(), assign.getMixedIndices());
    Value dest = map.lookup(assign.getDest());
    auto store = [&] {
      memref::StoreOp::create(b, l, map.lookup(assign.getValue()), dest, idx);
    };
    if (sites && !isOobAccess(assign))
      checked(l, dest, idx, store);
    else
      guarded(l, isOobAccess(assign), dest, idx, store);
    return success();
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    SmallVector<Value> idx =
        ringIndices(reduce.getDest(), reduce.getMixedIndices());
    Value dest = map.lookup(reduce.getDest());
    auto update = [&] {
      Value old = memref::LoadOp::create(b, l, dest, idx);
      Value v = map.lookup(reduce.getValue());
      Value sum = isa<FloatType>(v.getType())
                      ? Value(arith::AddFOp::create(b, l, old, v))
                      : Value(arith::AddIOp::create(b, l, old, v));
      memref::StoreOp::create(b, l, sum, dest, idx);
    };
    if (sites && !isOobAccess(reduce))
      checked(l, dest, idx, update);
    else
      guarded(l, isOobAccess(reduce), dest, idx, update);
    return success();
  }
  if (auto window = dyn_cast<WindowOp>(op)) {
    Value src = map.lookup(window.getSource());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<int64_t> resultShape;
    SmallVector<Value> ringOffsets =
        ringIndices(window.getSource(), window.getMixedOffsets());
    // A view that may reach past its source keeps only the part inside it
    // (oob accesses through it check against that part); a point outside
    // leaves every interval empty.
    bool clip = isOobView(window.getResult());
    Value pointsInside = arith::ConstantIntOp::create(b, l, 1, 1);
    for (auto [i, off, size] :
         llvm::enumerate(window.getMixedOffsets(), window.getStaticSizes())) {
      bool ring = unboundedRingDepth(window.getSource(), i) > 0;
      offsets.push_back(ring ? OpFoldResult(ringOffsets[i])
                        : isa<Value>(off)
                            ? OpFoldResult(map.lookup(cast<Value>(off)))
                            : off);
      strides.push_back(b.getIndexAttr(1));
      if (size == WindowOp::kPoint) {
        sizes.push_back(b.getIndexAttr(1));
        if (clip) {
          Value o = getValueOrCreateConstantIndexOp(b, l, offsets.back());
          Value dim = memref::DimOp::create(b, l, src, i);
          Value inside =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, o, dim);
          pointsInside = arith::AndIOp::create(b, l, pointsInside, inside);
          offsets.back() = OpFoldResult(
              arith::SelectOp::create(b, l, inside, o, constantIndex(0))
                  .getResult());
        }
      } else if (size == WindowOp::kFull) {
        sizes.push_back(memref::DimOp::create(b, l, src, i).getResult());
        resultShape.push_back(ShapedType::kDynamic);
      } else if (clip) {
        // min(size, max(0, dim - offset))
        Value o = getValueOrCreateConstantIndexOp(b, l, offsets.back());
        Value dim = memref::DimOp::create(b, l, src, i);
        Value left = arith::MaxSIOp::create(
            b, l, arith::SubIOp::create(b, l, dim, o), constantIndex(0));
        sizes.push_back(arith::MinSIOp::create(b, l, left, constantIndex(size))
                            .getResult());
        resultShape.push_back(ShapedType::kDynamic);
      } else {
        sizes.push_back(b.getIndexAttr(size));
        resultShape.push_back(size);
      }
    }
    if (clip)
      for (auto [i, size] : llvm::enumerate(window.getStaticSizes()))
        if (size != WindowOp::kPoint && size != WindowOp::kFull)
          sizes[i] =
              OpFoldResult(arith::SelectOp::create(
                               b, l, pointsInside,
                               getValueOrCreateConstantIndexOp(b, l, sizes[i]),
                               constantIndex(0))
                               .getResult());
    if (sites && !clip) {
      // Bounds-checked: a window reaching past its source is reported, and
      // its offsets move to 0 so that no access through it leaves the
      // buffer.
      Value inside = arith::ConstantIntOp::create(b, l, 1, 1);
      for (auto [i, size] : llvm::enumerate(window.getStaticSizes())) {
        if (size == WindowOp::kFull)
          continue;
        Value o = getValueOrCreateConstantIndexOp(b, l, offsets[i]);
        Value end = arith::AddIOp::create(
            b, l, o, constantIndex(size == WindowOp::kPoint ? 1 : size));
        Value dim = memref::DimOp::create(b, l, src, i);
        Value ok = arith::AndIOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, o,
                                  constantIndex(0)),
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, end, dim));
        inside = arith::AndIOp::create(b, l, inside, ok);
      }
      auto scfIf = scf::IfOp::create(b, l, TypeRange{}, inside,
                                     /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(scfIf.elseBlock()->getTerminator());
        report(l);
      }
      for (auto [i, size] : llvm::enumerate(window.getStaticSizes()))
        if (size != WindowOp::kFull)
          offsets[i] = OpFoldResult(
              arith::SelectOp::create(
                  b, l, inside,
                  getValueOrCreateConstantIndexOp(b, l, offsets[i]),
                  constantIndex(0))
                  .getResult());
    }
    auto srcType = cast<MemRefType>(src.getType());
    MemRefType viewType = memref::SubViewOp::inferRankReducedResultType(
        resultShape, srcType, offsets, sizes, strides);
    Value view =
        memref::SubViewOp::create(b, l, viewType, src, offsets, sizes, strides);
    Type type = convertType(window.getType());
    if (view.getType() != type)
      view = memref::CastOp::create(b, l, type, view);
    map.map(window.getResult(), view);
    return success();
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    SmallVector<Value> args;
    for (Value a : call.getArgs())
      args.push_back(map.lookup(a));
    func::CallOp::create(b, l, call.getCallee(), TypeRange(), args);
    return success();
  }
  if (auto trunc = dyn_cast<arith::TruncFOp>(op);
      trunc && trunc.getType().isTF32()) {
    map.map(trunc.getResult(), emulateTruncToTF32(trunc));
    return success();
  }
  if (auto trunc = dyn_cast<arith::TruncFOp>(op);
      trunc && trunc.getType().isBF16() && trunc.getIn().getType().isF32() &&
      !trunc.getRoundingmode()) {
    map.map(trunc.getResult(), emulateTruncToBF16(trunc));
    return success();
  }
  if (auto ext = dyn_cast<arith::ExtFOp>(op);
      ext && ext.getIn().getType().isTF32() && ext.getType().isF32()) {
    map.map(ext.getResult(), map.lookup(ext.getIn()));
    return success();
  }
  // fp8 conversions: the byte computed in integer and f32 arithmetic
  // (DeviceMath.h), held as the fp8 type.
  if (auto trunc = dyn_cast<arith::TruncFOp>(op);
      trunc && isFp8Type(trunc.getType())) {
    Value byte =
        buildTruncToFp8(b, l, map.lookup(trunc.getIn()), trunc.getType());
    map.map(trunc.getResult(),
            arith::BitcastOp::create(b, l, trunc.getType(), byte));
    return success();
  }
  if (auto ext = dyn_cast<arith::ExtFOp>(op);
      ext && isFp8Type(ext.getIn().getType())) {
    Value byte =
        arith::BitcastOp::create(b, l, b.getI8Type(), map.lookup(ext.getIn()));
    map.map(ext.getResult(),
            buildExtFromFp8(b, l, byte, ext.getIn().getType()));
    return success();
  }
  if (op.getNumRegions() != 0 || isa<ExoDialect>(op.getDialect()))
    return op.emitOpError() << "has no sequential lowering";
  Operation *clone = b.clone(op, map);
  for (OpResult r : clone->getResults())
    r.setType(convertScalarType(r.getType()));
  return success();
}

struct ExoLowerToCPUPass : exo::impl::ExoLowerToCPUBase<ExoLowerToCPUPass> {
  using ExoLowerToCPUBase::ExoLowerToCPUBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Instruction calls become calls of functions: their procs must be in
    // the module.
    if (failed(materializeInstructions(module)))
      return signalPassFailure();
    SmallVector<ProcOp> procs(module.getOps<ProcOp>());
    OpBuilder b(module.getContext());
    SmallVector<Attribute> sites;
    for (ProcOp proc : procs) {
      b.setInsertionPoint(proc);
      ProcLowering lowering(proc, b, checkBounds ? &sites : nullptr);
      if (failed(lowering.run()))
        return signalPassFailure();
    }
    for (ProcOp proc : procs)
      proc.erase();
    if (checkBounds) {
      // The hook the runner provides: its argument indexes exo.oob_sites.
      b.setInsertionPointToEnd(module.getBody());
      auto hook = func::FuncOp::create(b, module.getLoc(), kOutOfBoundsHook,
                                       b.getFunctionType({b.getI64Type()}, {}));
      hook.setPrivate();
      module->setAttr("exo.oob_sites", b.getArrayAttr(sites));
    }
  }
};

} // namespace

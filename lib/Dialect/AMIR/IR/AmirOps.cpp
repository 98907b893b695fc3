//===- AmirOps.cpp - The abstract machine IR ------------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace exo::amir;
using exo::BarrierType;
using exo::CollUnitAttr;
using exo::SyncTimeline;
using exo::SyncTimelineAttr;

#include "ExoGPU/Dialect/AMIR/IR/AmirOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ExoGPU/Dialect/AMIR/IR/AmirOpsTypes.cpp.inc"

void AmirDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.cpp.inc"
      >();
  registerTypes();
}

void AmirDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ExoGPU/Dialect/AMIR/IR/AmirOpsTypes.cpp.inc"
      >();
}

/// Creates the single block of a region that was parsed empty.
static void ensureBlock(Region &region) {
  if (region.empty())
    region.emplaceBlock();
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

ParseResult ProgramOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/false))
    return failure();
  SmallVector<Attribute> names;
  for (OpAsmParser::Argument &arg : args) {
    arg.type = IndexType::get(ctx);
    StringRef n = arg.ssaName.name;
    n.consume_front("%");
    names.push_back(StringAttr::get(ctx, n));
  }
  result.addAttribute(getArgNamesAttrName(result.name),
                      ArrayAttr::get(ctx, names));
  if (succeeded(parser.parseOptionalKeyword("requires"))) {
    IntegerSetAttr set;
    if (parser.parseAttribute(set))
      return failure();
    result.addAttribute(getAssertionsAttrName(result.name), set);
  }
  Region *body = result.addRegion();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body, args))
    return failure();
  ensureBlock(*body);
  return success();
}

void ProgramOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << '(';
  llvm::interleaveComma(getBody().getArguments(), p,
                        [&](BlockArgument a) { p << a; });
  p << ')';
  if (IntegerSetAttr set = getAssertionsAttr())
    p << " requires " << set;
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getArgNamesAttrName(), getAssertionsAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

void ProgramOp::getAsmBlockArgumentNames(Region &region,
                                         OpAsmSetValueNameFn setNameFn) {
  if (region.empty() || region.getNumArguments() != getArgNames().size())
    return;
  for (auto [arg, name] : llvm::zip_equal(region.getArguments(), getArgNames()))
    setNameFn(arg, cast<StringAttr>(name).getValue());
}

LogicalResult ProgramOp::verify() {
  Block &block = getBody().front();
  if (block.getNumArguments() != getArgNames().size())
    return emitOpError() << "expected one name per argument";
  for (BlockArgument arg : block.getArguments())
    if (!arg.getType().isIndex())
      return emitOpError() << "arguments are sizes of type index";
  return success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

template <typename LoopT>
static ParseResult parseRangeLoop(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lo, hi;
  Type index = IndexType::get(ctx);
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lo) || parser.parseKeyword("to") ||
      parser.parseOperand(hi) ||
      parser.resolveOperand(lo, index, result.operands) ||
      parser.resolveOperand(hi, index, result.operands))
    return failure();
  iv.type = index;
  StringRef name = iv.ssaName.name;
  name.consume_front("%");
  result.addAttribute(LoopT::getIterNameAttrName(result.name),
                      StringAttr::get(ctx, name));
  Region *body = result.addRegion();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body, iv))
    return failure();
  if (body->empty())
    body->emplaceBlock().addArgument(index, result.location);
  return success();
}

template <typename LoopT>
static void printRangeLoop(LoopT op, OpAsmPrinter &p) {
  p << ' ' << op.getInductionVar() << " = " << op.getLower() << " to "
    << op.getUpper();
  p.printOptionalAttrDictWithKeyword(op->getAttrs(),
                                     {op.getIterNameAttrName()});
  p << ' ';
  p.printRegion(op.getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

#define AMIR_RANGE_LOOP(OpTy)                                                  \
  ParseResult OpTy::parse(OpAsmParser &parser, OperationState &result) {       \
    return parseRangeLoop<OpTy>(parser, result);                               \
  }                                                                            \
  void OpTy::print(OpAsmPrinter &p) { printRangeLoop(*this, p); }              \
  void OpTy::getAsmBlockArgumentNames(Region &region,                          \
                                      OpAsmSetValueNameFn setNameFn) {         \
    if (!region.empty() && region.getNumArguments() == 1)                      \
      setNameFn(region.getArgument(0), getIterName());                         \
  }
AMIR_RANGE_LOOP(SeqForOp)
AMIR_RANGE_LOOP(TasksForOp)
#undef AMIR_RANGE_LOOP

ParseResult ThreadsForOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::Argument iv;
  int64_t zero, count;
  Attribute unit;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseInteger(zero) || parser.parseKeyword("to") ||
      parser.parseInteger(count) || parser.parseKeyword("unit") ||
      parser.parseAttribute(unit))
    return failure();
  auto unitAttr = dyn_cast<CollUnitAttr>(unit);
  if (!unitAttr || zero != 0)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected `0 to N unit #exo.unit<...>`");
  iv.type = IndexType::get(ctx);
  StringRef name = iv.ssaName.name;
  name.consume_front("%");
  result.addAttribute(getIterNameAttrName(result.name),
                      StringAttr::get(ctx, name));
  result.addAttribute(getCountAttrName(result.name),
                      IntegerAttr::get(IntegerType::get(ctx, 64), count));
  result.addAttribute(getUnitAttrName(result.name), unitAttr);
  Region *body = result.addRegion();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body, iv))
    return failure();
  if (body->empty())
    body->emplaceBlock().addArgument(iv.type, result.location);
  return success();
}

void ThreadsForOp::print(OpAsmPrinter &p) {
  p << ' ' << getInductionVar() << " = 0 to " << getCount() << " unit "
    << getUnitAttr();
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getIterNameAttrName(), getCountAttrName(), getUnitAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

void ThreadsForOp::getAsmBlockArgumentNames(Region &region,
                                            OpAsmSetValueNameFn setNameFn) {
  if (!region.empty() && region.getNumArguments() == 1)
    setNameFn(region.getArgument(0), getIterName());
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseOperand(cond) ||
      parser.resolveOperand(cond, parser.getBuilder().getI1Type(),
                            result.operands) ||
      parser.parseRegion(*thenRegion))
    return failure();
  ensureBlock(*thenRegion);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    ensureBlock(*elseRegion);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  p << ' ' << getCondition() << ' ';
  p.printRegion(getThenRegion(), false, false);
  if (!getElseRegion().empty()) {
    p << " else ";
    p.printRegion(getElseRegion(), false, false);
  }
  p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// AllocOp and accesses
//===----------------------------------------------------------------------===//

void AllocOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (!getName().empty())
    setNameFn(getResult(), getName());
}

/// Static entries, with ShapedType::kDynamic for each SSA operand: the two
/// must agree, and every other entry must be allowed by `valid`.
static LogicalResult verifyMixed(Operation *op, StringRef what,
                                 ArrayRef<int64_t> statics, size_t numOperands,
                                 function_ref<bool(int64_t)> valid) {
  size_t dynamic = llvm::count_if(statics, ShapedType::isDynamic);
  if (dynamic != numOperands)
    return op->emitOpError() << "has " << dynamic << " dynamic " << what
                             << " but " << numOperands << " operands for them";
  for (int64_t s : statics)
    if (!ShapedType::isDynamic(s) && !valid(s))
      return op->emitOpError() << "has an invalid static " << what << " " << s;
  return success();
}

/// The rank of the variable `var` (its allocation's dimensions), if known.
static std::optional<size_t> rankOf(Value var) {
  if (auto alloc = var.getDefiningOp<AllocOp>())
    return alloc.getStaticDims().size();
  return std::nullopt;
}

/// Barrier indices: non-negative, dynamic or, where allowed, a multicast.
static LogicalResult verifyBarrierIndices(Operation *op, Value barrier,
                                          ArrayRef<int64_t> statics,
                                          size_t numOperands, size_t targets,
                                          bool multicast) {
  if (failed(verifyMixed(op, "indices", statics, numOperands, [&](int64_t s) {
        return s >= 0 || (multicast && s == exo::kMulticastIndex);
      })))
    return failure();
  if (std::optional<size_t> rank = rankOf(barrier))
    if (statics.size() != *rank * targets)
      return op->emitOpError() << "expected " << *rank * targets << " indices ("
                               << targets << " target(s) of a rank-" << *rank
                               << " barrier), got " << statics.size();
  return success();
}

LogicalResult AllocOp::verify() {
  if (static_cast<bool>(getMemoryAttr()) == static_cast<bool>(getBarrierAttr()))
    return emitOpError() << "expected exactly one of memory and barrier";
  if (getBarrierAttr() && !isa<BarrierType>(getBarrierAttr().getValue()))
    return emitOpError() << "barrier expects an !exo.barrier type";
  if (static_cast<bool>(getGuard()) != static_cast<bool>(getRingDimAttr()) ||
      static_cast<bool>(getGuard()) != static_cast<bool>(getRingDepthAttr()))
    return emitOpError() << "a ring buffer needs a guard, a ring dimension "
                            "and a depth";
  if (getGuard()) {
    if (!getMemoryAttr())
      return emitOpError() << "only memory can be a ring buffer";
    int64_t dim = *getRingDim(), depth = *getRingDepth();
    if (dim < 0 || dim >= static_cast<int64_t>(getStaticDims().size()))
      return emitOpError() << "ring dimension " << dim << " out of range";
    if (getStaticDims()[dim] == 0 || getStaticDims()[dim] < -1)
      return emitOpError() << "the ring dimension must be unbounded (-1) or "
                              "have a positive logical extent";
    if (depth <= 0)
      return emitOpError() << "ring depth must be positive, got " << depth;
  }
  // Extents: non-negative, dynamic, or -1 (an unbounded ring dimension).
  if (failed(verifyMixed(*this, "dims", getStaticDims(), getDims().size(),
                         [](int64_t s) { return s >= -1; })))
    return failure();
  if (std::optional<int64_t> n = getArrivals()) {
    auto bar = getBarrierAttr()
                   ? dyn_cast<BarrierType>(getBarrierAttr().getValue())
                   : BarrierType();
    if (!bar || bar.getKind() != BarrierKind::Mbarrier)
      return emitOpError() << "only an mbarrier array has arrivals per phase";
    if (*n <= 0)
      return emitOpError() << "arrivals per phase must be positive, got " << *n;
  }
  if (std::optional<int64_t> n = getElementBytes()) {
    if (!getMemoryAttr())
      return emitOpError() << "only a memory variable has element bytes";
    if (*n < 1 || *n > 16)
      return emitOpError() << "element bytes must be in [1, 16], got " << *n;
  }
  if (static_cast<bool>(getCtaDimsAttr()) != static_cast<bool>(getOwnersAttr()))
    return emitOpError() << "cta_dims and owners go together";
  if (std::optional<int64_t> m = getCtaDims()) {
    ArrayRef<int64_t> dims = getStaticDims();
    if (*m < 0 || *m > static_cast<int64_t>(dims.size()))
      return emitOpError() << "cta_dims " << *m << " out of range for "
                           << dims.size() << " dimensions";
    int64_t cells = 1;
    for (int64_t d = 0; d < *m; ++d) {
      if (dims[d] < 1 || dims[d] > 16)
        return emitOpError() << "distributed dimension " << d
                             << " needs a constant extent in [1, 16]";
      cells *= dims[d];
    }
    ArrayRef<int64_t> owners = *getOwners();
    if (static_cast<int64_t>(owners.size()) != cells)
      return emitOpError() << "expected " << cells
                           << " owners (one per element of the distributed "
                              "dimensions), got "
                           << owners.size();
    auto device = (*this)->getParentOfType<DeviceOp>();
    int64_t ctas = device ? device.getClusterDim() : 16;
    for (int64_t o : owners)
      if (o < -1 || o >= ctas)
        return emitOpError() << "owner " << o << " is not a CTA of the cluster"
                             << " (or -1)";
  }
  return success();
}

template <typename AccessT> static LogicalResult verifyAccess(AccessT op) {
  if (op.getStaticOffsets().size() != op.getStaticSizes().size())
    return op.emitOpError() << "expected one size per offset";
  if (failed(verifyMixed(op, "offsets", op.getStaticOffsets(),
                         op.getOffsets().size(),
                         [](int64_t) { return true; })) ||
      failed(verifyMixed(op, "sizes", op.getStaticSizes(), op.getSizes().size(),
                         [](int64_t s) { return s >= 0; })))
    return failure();
  if (std::optional<size_t> rank = rankOf(op.getVar()))
    if (op.getStaticOffsets().size() != *rank)
      return op.emitOpError() << "expected " << *rank << " offsets, got "
                              << op.getStaticOffsets().size();
  return success();
}
LogicalResult ReadOp::verify() { return verifyAccess(*this); }
LogicalResult MutateOp::verify() { return verifyAccess(*this); }

//===----------------------------------------------------------------------===//
// InstrOp and ArriveOp
//===----------------------------------------------------------------------===//

ParseResult InstrOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  std::string callee;
  if (parser.parseString(&callee))
    return failure();
  result.addAttribute(getCalleeAttrName(result.name),
                      StringAttr::get(ctx, callee));
  SmallVector<OpAsmParser::UnresolvedOperand> idx;
  SmallVector<int64_t> statics;
  if (succeeded(parser.parseOptionalGreater())) {
    OpAsmParser::UnresolvedOperand bar;
    if (parser.parseGreater() || parser.parseOperand(bar) ||
        exo::parseBarrierIndices(parser, idx, statics,
                                 /*allowMulticast=*/true) ||
        parser.resolveOperand(bar, VarType::get(ctx), result.operands))
      return failure();
  }
  if (parser.resolveOperands(idx, IndexType::get(ctx), result.operands))
    return failure();
  result.addAttribute(getStaticIndicesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, statics));
  result.addAttribute(
      getOperandSegmentSizesAttrName(result.name),
      DenseI32ArrayAttr::get(
          ctx, {statics.empty() && result.operands.empty() ? 0 : 1,
                static_cast<int32_t>(idx.size())}));
  Region *body = result.addRegion();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body))
    return failure();
  ensureBlock(*body);
  return success();
}

void InstrOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printString(getCallee());
  if (Value bar = getTrailing()) {
    p << " >> " << bar;
    ValueRange idx = getIndices();
    exo::printBarrierIndices(p, getStaticIndices(), idx);
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getCalleeAttrName(), getStaticIndicesAttrName(),
                            getOperandSegmentSizesAttrName()});
  p << ' ';
  p.printRegion(getBody(), false, false);
}

ParseResult ArriveOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&kw))
    return failure();
  std::optional<SyncTimeline> tl = exo::symbolizeSyncTimeline(kw);
  if (!tl)
    return parser.emitError(loc)
           << "unknown synchronization timeline '" << kw << "'";
  result.addAttribute(getTimelineAttrName(result.name),
                      SyncTimelineAttr::get(ctx, *tl));
  std::optional<OpAsmParser::UnresolvedOperand> bar;
  SmallVector<OpAsmParser::UnresolvedOperand> idx;
  SmallVector<int64_t> statics;
  int64_t n = 0;
  while (succeeded(parser.parseOptionalGreater())) {
    OpAsmParser::UnresolvedOperand b;
    SMLoc bLoc = parser.getCurrentLocation();
    if (parser.parseGreater() || parser.parseOperand(b))
      return failure();
    if (bar && (bar->name != b.name || bar->number != b.number))
      return parser.emitError(bLoc)
             << "all targets of one arrive must name the same barrier";
    bar = b;
    if (exo::parseBarrierIndices(parser, idx, statics, /*allowMulticast=*/true))
      return failure();
    ++n;
  }
  if (!bar)
    return parser.emitError(parser.getCurrentLocation(), "expected '>>'");
  if (parser.resolveOperand(*bar, VarType::get(ctx), result.operands) ||
      parser.resolveOperands(idx, IndexType::get(ctx), result.operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getStaticIndicesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, statics));
  result.addAttribute(getNumTargetsAttrName(result.name),
                      IntegerAttr::get(IntegerType::get(ctx, 64), n));
  return success();
}

void ArriveOp::print(OpAsmPrinter &p) {
  p << ' ' << exo::stringifySyncTimeline(getTimeline());
  ValueRange idx = getIndices();
  ArrayRef<int64_t> statics = getStaticIndices();
  int64_t n = getNumTargets();
  size_t rank = n ? statics.size() / n : 0;
  for (int64_t t = 0; t < n; ++t) {
    p << " >> " << getBarrier();
    exo::printBarrierIndices(p, statics.slice(t * rank, rank), idx);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getTimelineAttrName(), getStaticIndicesAttrName(),
                           getNumTargetsAttrName()});
}

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/AMIR/IR/AmirOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Verifiers of the launch and the thread structure
//===----------------------------------------------------------------------===//

LogicalResult DeviceOp::verify() {
  // Hopper: at most 1024 threads per CTA and 16 CTAs per cluster.
  int64_t cluster = getClusterDim(), block = getBlockDim();
  if (cluster < 1 || cluster > 16)
    return emitOpError() << "clusterDim must be in [1, 16], got " << cluster;
  if (block < 1 || block > 1024)
    return emitOpError() << "blockDim must be in [1, 1024], got " << block;
  return success();
}

LogicalResult ThreadsForOp::verify() {
  int64_t count = getCount();
  if (count < 1)
    return emitOpError() << "expected a positive count, got " << count;
  return success();
}

LogicalResult WarpsOp::verify() {
  int64_t lo = getLo(), hi = getHi();
  if (lo < 0 || hi <= lo)
    return emitOpError() << "expected warps lo to hi with 0 <= lo < hi, got "
                         << lo << " to " << hi;
  return success();
}

LogicalResult InstrOp::verify() {
  if (!getTrailing())
    return verifyMixed(*this, "indices", getStaticIndices(),
                       getIndices().size(), [](int64_t) { return false; });
  return verifyBarrierIndices(*this, getTrailing(), getStaticIndices(),
                              getIndices().size(), 1, /*multicast=*/true);
}

LogicalResult ArriveOp::verify() {
  int64_t targets = getNumTargets();
  if (targets < 1)
    return emitOpError() << "expected at least one target, got " << targets;
  if (std::optional<ArrayRef<int64_t>> tx = getExpectTx()) {
    auto alloc = getBarrier().getDefiningOp<AllocOp>();
    auto bar = alloc && alloc.getBarrierAttr()
                   ? dyn_cast<BarrierType>(alloc.getBarrierAttr().getValue())
                   : BarrierType();
    if (!bar || bar.getKind() != BarrierKind::Mbarrier)
      return emitOpError() << "only an arrive on an mbarrier expects "
                              "transaction bytes";
    auto device = (*this)->getParentOfType<DeviceOp>();
    int64_t ctas = device ? device.getClusterDim() : 1;
    if (static_cast<int64_t>(tx->size()) != ctas * ctas)
      return emitOpError() << "expected " << ctas * ctas
                           << " expected-transaction entries (one per pair of "
                              "CTAs of the cluster), got "
                           << tx->size();
    for (int64_t n : *tx)
      if (n < 0 || n > kMaxTransactionBytes)
        return emitOpError()
               << "expects " << n << " transaction bytes; an mbarrier phase "
               << "counts from 0 to " << kMaxTransactionBytes;
  }
  return verifyBarrierIndices(*this, getBarrier(), getStaticIndices(),
                              getIndices().size(), getNumTargets(),
                              /*multicast=*/true);
}

LogicalResult AwaitOp::verify() {
  return verifyBarrierIndices(*this, getBarrier(), getStaticIndices(),
                              getIndices().size(), 1, /*multicast=*/false);
}

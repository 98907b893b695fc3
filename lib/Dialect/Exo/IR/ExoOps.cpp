//===- ExoOps.cpp - Operations of the exo dialect -------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"
#include <limits>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace exo;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

DeviceFunctionOp exo::getEnclosingDeviceFunction(Operation *op) {
  return op->getParentOfType<DeviceFunctionOp>();
}

/// Whether `op` sits in the body of an instruction proc (whose code is the
/// instruction's semantics and obeys no host/device scope rules).
static bool isInInstrProc(Operation *op) {
  auto proc = op->getParentOfType<ProcOp>();
  return proc && proc.isInstr();
}

/// Strips the `%` of an SSA name and keeps it only if it is an identifier
/// (not a number), so that generic names such as `%0` are not stored.
static StringRef cleanSsaName(StringRef name) {
  name.consume_front("%");
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return "";
  return name;
}

/// Whether `name` is a C-like identifier.
static bool isIdentifier(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Checks an index list against the rank and the static extents of `type`.
static LogicalResult verifyIndexList(Operation *op, Type type,
                                     ArrayRef<int64_t> statics,
                                     ValueRange dynamics, StringRef what,
                                     bool oob = false) {
  ArrayRef<Attribute> dims = getDimsOf(type);
  if (statics.size() != dims.size())
    return op->emitOpError()
           << "expected " << dims.size() << " indices for " << what
           << " of rank " << dims.size() << ", got " << statics.size();
  unsigned numDynamic = llvm::count_if(statics, ShapedType::isDynamic);
  if (numDynamic != dynamics.size())
    return op->emitOpError() << "expected " << numDynamic
                             << " dynamic indices, got " << dynamics.size();
  for (auto [i, s] : llvm::enumerate(statics)) {
    if (ShapedType::isDynamic(s) || oob)
      continue;
    auto extent = dyn_cast<IntegerAttr>(dims[i]);
    if (s < 0 || (extent && s >= extent.getInt()))
      return op->emitOpError()
             << "index " << s << " is out of bounds for "
             << "dimension " << i << (extent ? " of extent " : "")
             << (extent ? std::to_string(extent.getInt()) : "");
  }
  return success();
}

/// Host/device scope rules for scalar accesses of `type`.
LogicalResult exo::checkAccessScope(Operation *op, MemoryAttr mem, bool isWrite,
                                    std::string &why) {
  if (isInInstrProc(op))
    return success();
  bool inDevice = static_cast<bool>(getEnclosingDeviceFunction(op));
  if (mem.getKind() == MemoryKind::TmaMap)
    why = "a tma_map window is only accessed by TMA instructions";
  else if (inDevice && mem.isHost())
    why = "device code cannot access host memory 'dram'";
  else if (!inDevice && !mem.isHost())
    why = ("host code can only access 'dram' tensors, not '" +
           stringifyMemoryKind(mem.getKind()) +
           "' (move the access into an exo.device_function)")
              .str();
  else if (isWrite && inDevice && mem.getKind() == MemoryKind::GridConst)
    why = "device code cannot write a grid constant";
  else
    return success();
  return failure();
}

static LogicalResult verifyScalarAccessScope(Operation *op, Type type,
                                             bool isWrite) {
  std::string why;
  if (failed(checkAccessScope(op, getMemoryOf(type), isWrite, why)))
    return op->emitOpError() << why;
  return success();
}

//===----------------------------------------------------------------------===//
// Barrier expressions: `%bar[%i, 3, :]`
//===----------------------------------------------------------------------===//

ParseResult exo::parseBarrierIndices(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
    SmallVectorImpl<int64_t> &statics, bool allowMulticast) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::OptionalSquare, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        if (succeeded(parser.parseOptionalColon())) {
          if (!allowMulticast)
            return parser.emitError(loc)
                   << "a multicast coordinate ':' is only allowed in arrive "
                      "and trailing barrier expressions";
          statics.push_back(kMulticastIndex);
          return success();
        }
        int64_t v;
        OptionalParseResult intResult = parser.parseOptionalInteger(v);
        if (intResult.has_value()) {
          if (failed(*intResult))
            return failure();
          if (v < 0)
            return parser.emitError(loc)
                   << "barrier indices must be non-negative, got " << v;
          statics.push_back(v);
          return success();
        }
        OpAsmParser::UnresolvedOperand operand;
        if (parser.parseOperand(operand))
          return failure();
        operands.push_back(operand);
        statics.push_back(ShapedType::kDynamic);
        return success();
      });
}

void exo::printBarrierIndices(OpAsmPrinter &p, ArrayRef<int64_t> statics,
                              ValueRange &dynamics) {
  if (statics.empty())
    return;
  p << '[';
  llvm::interleaveComma(statics, p, [&](int64_t s) {
    if (s == kMulticastIndex) {
      p << ':';
    } else if (ShapedType::isDynamic(s)) {
      p << dynamics.front();
      dynamics = dynamics.drop_front();
    } else {
      p << s;
    }
  });
  p << ']';
}

/// Checks the index list of one barrier expression.
static LogicalResult verifyBarrierIndices(Operation *op, BarrierType type,
                                          ArrayRef<int64_t> statics) {
  if (statics.size() != type.getRank())
    return op->emitOpError() << "expected " << type.getRank()
                             << " indices for a barrier array of rank "
                             << type.getRank() << ", got " << statics.size();
  for (auto [i, s] : llvm::enumerate(statics)) {
    if (s == kMulticastIndex || ShapedType::isDynamic(s))
      continue;
    auto extent = dyn_cast<IntegerAttr>(type.getDims()[i]);
    if (s < 0 || (extent && s >= extent.getInt()))
      return op->emitOpError() << "barrier index " << s
                               << " is out of bounds for dimension " << i;
  }
  if (llvm::is_contained(statics, kMulticastIndex) &&
      type.getKind() != BarrierKind::Mbarrier)
    return op->emitOpError() << "only mbarriers support multicast, not '"
                             << stringifyBarrierKind(type.getKind()) << "'";
  return success();
}

/// Emits a clear error when a sync statement is followed by `>>`.
static ParseResult rejectTrailingBarrier(OpAsmParser &parser, StringRef op) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalGreater()))
    return parser.emitError(loc) << op << " takes no trailing barrier";
  return success();
}

//===----------------------------------------------------------------------===//
// ProcOp
//===----------------------------------------------------------------------===//

ParseResult ProcOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argNames;
  SmallVector<Attribute> argAttrs;
  bool anyArgAttrs = false;
  for (OpAsmParser::Argument &arg : args) {
    argTypes.push_back(arg.type);
    StringRef argName = arg.ssaName.name;
    argName.consume_front("%");
    argNames.push_back(StringAttr::get(ctx, argName));
    DictionaryAttr attrs = arg.attrs ? arg.attrs : DictionaryAttr::get(ctx);
    anyArgAttrs |= !attrs.empty();
    argAttrs.push_back(attrs);
  }
  result.addAttribute(getFunctionTypeAttrName(result.name),
                      TypeAttr::get(FunctionType::get(ctx, argTypes, {})));
  result.addAttribute(getArgNamesAttrName(result.name),
                      ArrayAttr::get(ctx, argNames));
  if (anyArgAttrs)
    result.addAttribute(getArgAttrsAttrName(result.name),
                        ArrayAttr::get(ctx, argAttrs));
  if (succeeded(parser.parseOptionalKeyword("instr"))) {
    Attribute instr = InstrAttr::parse(parser, Type());
    if (!instr)
      return failure();
    result.addAttribute(getInstrAttrName(result.name), instr);
  }
  if (succeeded(parser.parseOptionalKeyword("requires"))) {
    IntegerSetAttr set;
    if (parser.parseAttribute(set))
      return failure();
    result.addAttribute(getAssertionsAttrName(result.name), set);
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void ProcOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << '(';
  ArrayAttr allArgAttrs = getArgAttrsAttr();
  for (auto [i, arg] : llvm::enumerate(getBodyBlock().getArguments())) {
    if (i > 0)
      p << ", ";
    ArrayRef<NamedAttribute> attrs;
    if (allArgAttrs)
      attrs = cast<DictionaryAttr>(allArgAttrs[i]).getValue();
    p.printRegionArgument(arg, attrs);
  }
  p << ')';
  if (InstrAttr instr = getInstrAttr()) {
    p << " instr";
    instr.print(p);
  }
  if (IntegerSetAttr set = getAssertionsAttr())
    p << " requires " << set;
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getFunctionTypeAttrName(), getArgNamesAttrName(),
       getArgAttrsAttrName(), getResAttrsAttrName(), getInstrAttrName(),
       getAssertionsAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

void ProcOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  if (region.empty() || getArgNames().size() != region.getNumArguments())
    return;
  for (auto [arg, name] :
       llvm::zip_equal(region.getArguments(), getArgNames())) {
    StringRef n = cast<StringAttr>(name).getValue();
    if (!n.empty())
      setNameFn(arg, n);
  }
}

BlockArgument ProcOp::lookupSizeArg(StringRef name) {
  for (auto [i, n] : llvm::enumerate(getArgNames())) {
    if (cast<StringAttr>(n).getValue() != name)
      continue;
    BlockArgument arg = getBodyBlock().getArgument(i);
    if (arg.getType().isIndex())
      return arg;
  }
  return {};
}

bool exo::isOobView(Value view) {
  while (auto window = view.getDefiningOp<WindowOp>()) {
    if (window.getOob())
      return true;
    view = window.getSource();
  }
  auto arg = dyn_cast<BlockArgument>(view);
  auto proc = arg ? dyn_cast<ProcOp>(arg.getOwner()->getParentOp()) : ProcOp();
  if (!proc || !proc.isInstr())
    return false;
  AccessAttr access = proc.getArgAccess(arg.getArgNumber());
  return access && access.getOutOfBounds();
}

bool ElementAccessOpInterface::mayBeOutOfBounds() {
  return isMarkedOob() || isOobView(getTensor());
}

bool exo::isOobAccess(Operation *op) {
  auto access = dyn_cast<ElementAccessOpInterface>(op);
  return access && access.mayBeOutOfBounds();
}

/// The trip count of `loop` if it is a seq loop with constant bounds whose
/// body indexes registers (element accesses or windows of register memory).
static std::optional<int64_t> registerLoopTrips(ForOp loop) {
  if (!loop.getMode().isSeq())
    return std::nullopt;
  std::optional<int64_t> first = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> last = getConstantIntValue(loop.getUpperBound());
  if (!first || !last)
    return std::nullopt;
  WalkResult walk = loop.getBodyBlock().walk([](Operation *op) {
    if (!isa<ElementAccessOpInterface, WindowOp>(op))
      return WalkResult::advance();
    for (Value v : op->getOperands())
      if (isa<exo::TensorType, WindowType>(v.getType()) &&
          getMemoryOf(v.getType()).isRegisters())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (!walk.wasInterrupted())
    return std::nullopt;
  return *last - *first;
}

bool exo::isUnrolledRegisterLoop(ForOp loop) {
  // The loops from the outermost of the device function down to `loop`:
  // each is unrolled where its trips fit what the unrolled ones around it
  // leave.
  SmallVector<ForOp> chain;
  for (Operation *p = loop; p && !isa<DeviceFunctionOp>(p);
       p = p->getParentOp())
    if (auto f = dyn_cast<ForOp>(p))
      chain.push_back(f);
  int64_t copies = 1;
  for (ForOp f : llvm::reverse(chain)) {
    std::optional<int64_t> trips = registerLoopTrips(f);
    bool unrolled = trips && *trips <= kMaxUnrolledCopies / copies;
    if (f == loop)
      return unrolled;
    if (unrolled)
      copies *= std::max<int64_t>(*trips, 1);
  }
  return false;
}

std::optional<unsigned> ProcOp::getViolatedAssertion(ArrayRef<int64_t> values) {
  IntegerSetAttr attr = getAssertionsAttr();
  if (!attr)
    return std::nullopt;
  return getViolatedConstraint(attr.getValue(), values);
}

InFlightDiagnostic ProcOp::emitViolatedAssertion(unsigned c,
                                                 ArrayRef<int64_t> values) {
  SmallVector<StringRef> names;
  for (BlockArgument arg : getBodyBlock().getArguments())
    if (arg.getType().isIndex())
      names.push_back(getArgName(arg.getArgNumber()));
  names.truncate(std::min(names.size(), values.size()));
  return ::exo::emitViolatedAssertion(
      *this, getSymName(), getAssertionsAttr().getValue(), c, names, values);
}

AccessAttr ProcOp::getArgAccess(unsigned i) {
  return dyn_cast_or_null<AccessAttr>(
      getArgAttr(i, ExoDialect::getAccessAttrName()));
}

/// Checks that every size name in `type` is an `index` argument of `proc`.
static LogicalResult verifySizeNames(ProcOp proc, Type type,
                                     function_ref<InFlightDiagnostic()> emit) {
  auto check = [&](ArrayRef<Attribute> dims) -> LogicalResult {
    for (Attribute d : dims)
      if (auto name = dyn_cast<StringAttr>(d))
        if (!proc.lookupSizeArg(name.getValue()))
          return emit() << "size '" << name.getValue()
                        << "' is not an index argument of proc @"
                        << proc.getSymName();
    return success();
  };
  if (isShapedData(type))
    return check(getDimsOf(type));
  if (auto bar = dyn_cast<BarrierType>(type))
    return check(bar.getDims());
  return success();
}

LogicalResult ProcOp::verify() {
  FunctionType fnType = getFunctionType();
  if (fnType.getNumResults() != 0)
    return emitOpError() << "a proc returns nothing, but "
                         << fnType.getNumResults() << " results are declared";
  if (getArgNames().size() != fnType.getNumInputs())
    return emitOpError() << "expected " << fnType.getNumInputs()
                         << " argument names, got " << getArgNames().size();
  llvm::StringSet<> seen;
  std::optional<StringRef> clusterCount;
  for (unsigned i = 0, e = fnType.getNumInputs(); i < e; ++i) {
    StringRef name = getArgName(i);
    if (!isIdentifier(name))
      return emitOpError() << "argument " << i
                           << " needs an identifier name, got '" << name << "'";
    if (!seen.insert(name).second)
      return emitOpError() << "duplicate argument name '" << name << "'";
    Type type = fnType.getInput(i);
    if (!type.isIndex() && !isShapedData(type) && !isValidElementType(type))
      return emitOpError() << "argument '" << name << "' has type " << type
                           << "; expected index, a scalar, a tensor or a "
                              "window";
    if (failed(verifySizeNames(*this, type, [&] {
          return emitOpError() << "argument '" << name << "': ";
        })))
      return failure();
    for (Attribute d : getDimsOf(type))
      if (auto sizeName = dyn_cast<StringAttr>(d))
        if (lookupSizeArg(sizeName.getValue()).getArgNumber() >= i)
          return emitOpError()
                 << "argument '" << name << "': size '" << sizeName.getValue()
                 << "' must be declared before its use";
    Attribute access = getArgAttr(i, ExoDialect::getAccessAttrName());
    if (access && !isa<AccessAttr>(access))
      return emitOpError() << "argument '" << name
                           << "': exo.access must be an #exo.access attribute";
    if (isInstr() && isShapedData(type) && !access)
      return emitOpError() << "array argument '" << name
                           << "' of an instruction needs an exo.access "
                              "attribute";
    if (access && !isShapedData(type))
      return emitOpError() << "argument '" << name
                           << "' is not an array and takes no exo.access";
    if (access && !isInstr())
      return emitOpError() << "argument '" << name
                           << "': only instruction procs declare exo.access";
    if (Attribute count =
            getArgAttr(i, ExoDialect::getClusterCountAttrName())) {
      if (!isa<UnitAttr>(count) || !type.isIndex() || isInstr())
        return emitOpError()
               << "argument '" << name
               << "': exo.cluster_count marks a size argument (a unit "
                  "attribute) of a proc that is not an instruction";
      if (clusterCount)
        return emitOpError() << "arguments '" << *clusterCount << "' and '"
                             << name << "' are both marked exo.cluster_count";
      clusterCount = name;
    }
  }
  if (IntegerSetAttr set = getAssertionsAttr()) {
    unsigned numSizes =
        llvm::count_if(fnType.getInputs(), [](Type t) { return t.isIndex(); });
    if (set.getValue().getNumDims() != 0 ||
        set.getValue().getNumSymbols() != numSizes)
      return emitOpError() << "requires: expected an integer set with no "
                              "dimensions and one symbol per index argument ("
                           << numSizes << "), got "
                           << set.getValue().getNumDims() << " dimensions and "
                           << set.getValue().getNumSymbols() << " symbols";
  }
  return success();
}

/// An instruction's declared accesses agree with its body, which is its
/// semantics (what the CPU reference runs and `replace` unifies with): an
/// argument the body writes is not declared `read`, one declared `write` or
/// `read_write` is written by the body, and one declared `write` is not read
/// before the body writes it. The checkers trust the declarations, so a
/// wrong one would hide races. An instruction with an empty body states no
/// semantics to compare with.
static LogicalResult verifyDeclaredAccesses(ProcOp proc) {
  if (!proc.isInstr() || proc.getBodyBlock().empty())
    return success();
  Block &body = proc.getBodyBlock();
  auto rootArg = [&](Value v) -> std::optional<unsigned> {
    while (auto w = v.getDefiningOp<WindowOp>())
      v = w.getSource();
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &body)
      return std::nullopt;
    return arg.getArgNumber();
  };
  struct Use {
    bool read = false, written = false, readFirst = false;
    Operation *firstWrite = nullptr, *firstRead = nullptr;
  };
  SmallVector<Use> uses(body.getNumArguments());
  auto record = [&](Value tensor, bool reads, bool writes, Operation *op) {
    std::optional<unsigned> i = rootArg(tensor);
    if (!i)
      return;
    Use &u = uses[*i];
    if (reads && !u.read) {
      u.read = true;
      u.firstRead = op;
      if (!u.written)
        u.readFirst = true;
    }
    if (writes && !u.written) {
      u.written = true;
      u.firstWrite = op;
    }
  };
  SymbolTableCollection tables;
  proc.walk([&](Operation *op) {
    if (auto access = dyn_cast<ElementAccessOpInterface>(op))
      record(access.getTensor(), access.readsElement(), access.writesElement(),
             op);
    else if (auto call = dyn_cast<CallOp>(op)) {
      ProcOp callee = call.getFamilyAttr()
                          ? getInstructionProc(call.getFamilyAttr())
                          : tables.lookupNearestSymbolFrom<ProcOp>(
                                call, call.getCalleeAttr());
      if (!callee)
        return;
      for (auto [i, a] : llvm::enumerate(call.getArgs()))
        if (AccessAttr access = callee.getArgAccess(i))
          record(a, access.reads(), access.writes(), op);
    }
  });
  for (auto [i, u] : llvm::enumerate(uses)) {
    AccessAttr access = proc.getArgAccess(i);
    if (!access)
      continue;
    StringRef name = proc.getArgName(i);
    if (u.written && !access.writes()) {
      InFlightDiagnostic diag =
          proc.emitOpError() << "declares argument '" << name
                             << "' #exo.access<read>, but its body writes it";
      diag.attachNote(u.firstWrite->getLoc()) << "the write";
      return diag;
    }
    if (access.writes() && !u.written)
      return proc.emitOpError() << "declares argument '" << name << "' "
                                << (access.reads() ? "read_write" : "write")
                                << ", but its body never writes it";
    if (access.getMode() == AccessMode::Write && u.readFirst) {
      InFlightDiagnostic diag = proc.emitOpError()
                                << "declares argument '" << name
                                << "' write, but its body reads it before "
                                   "writing it (declare read_write)";
      diag.attachNote(u.firstRead->getLoc()) << "the read";
      return diag;
    }
  }
  return success();
}

/// Refuses a proc that can call itself, directly or through other procs: a
/// recursive proc has no meaning the CPU reference, the checkers or the
/// lowering could give it (its CPU run would not end).
static LogicalResult verifyNoCallCycle(ProcOp proc) {
  SymbolTableCollection tables;
  // Depth-first over the call graph from `proc`, with the path of calls kept
  // for the diagnostic.
  llvm::SmallPtrSet<Operation *, 16> visited;
  auto callsOf = [](ProcOp p) {
    SmallVector<CallOp> calls;
    p.walk([&](CallOp c) { calls.push_back(c); });
    return calls;
  };
  SmallVector<CallOp> path;
  std::function<LogicalResult(ProcOp)> visit = [&](ProcOp p) -> LogicalResult {
    for (CallOp call : callsOf(p)) {
      // Instruction procs call nothing.
      if (call.getFamilyAttr())
        continue;
      auto callee =
          tables.lookupNearestSymbolFrom<ProcOp>(call, call.getCalleeAttr());
      if (!callee)
        continue;
      path.push_back(call);
      if (callee == proc) {
        InFlightDiagnostic diag = proc.emitOpError()
                                  << "calls itself (@" << proc.getSymName();
        for (CallOp c : path)
          diag << " -> @" << c.getCallee();
        diag << "); a recursive proc has no meaning";
        diag.attachNote(path.front().getLoc()) << "the first call";
        return diag;
      }
      if (visited.insert(callee).second && failed(visit(callee)))
        return failure();
      path.pop_back();
    }
    return success();
  };
  return visit(proc);
}

/// fp8 values are stored, loaded and converted, nothing else: an operation
/// with an fp8 operand or result must be exo.read or exo.assign of an fp8
/// tensor, arith.truncf from f32, arith.extf to f32 or arith.bitcast from or
/// to i8 (its byte) (a sum of fp8 values
/// has no exact meaning both machines share; tensor cores read fp8 through
/// their instructions' windows).
static LogicalResult verifyFp8Use(Operation *op) {
  auto isFp8 = [](Value v) { return isFp8Type(v.getType()); };
  if (llvm::none_of(op->getOperands(), isFp8) &&
      llvm::none_of(op->getResults(), isFp8))
    return success();
  if (isa<ReadOp, AssignOp>(op))
    return success();
  if (auto trunc = dyn_cast<arith::TruncFOp>(op);
      trunc && trunc.getIn().getType().isF32() && !trunc.getRoundingmode())
    return success();
  if (auto ext = dyn_cast<arith::ExtFOp>(op); ext && ext.getType().isF32())
    return success();
  if (auto cast = dyn_cast<arith::BitcastOp>(op);
      cast &&
      (cast.getIn().getType().isInteger(8) || cast.getType().isInteger(8)))
    return success();
  return op->emitOpError()
         << "computes on fp8 values; fp8 values are only loaded, stored and "
            "converted (arith.truncf from f32, without a rounding mode, "
            "arith.extf to f32, arith.bitcast from or to i8)";
}

LogicalResult ProcOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != getFunctionType().getNumInputs())
    return emitOpError() << "expected " << getFunctionType().getNumInputs()
                         << " block arguments, got " << block.getNumArguments();
  for (auto [arg, type] :
       llvm::zip_equal(block.getArguments(), getFunctionType().getInputs()))
    if (arg.getType() != type)
      return emitOpError() << "block argument type " << arg.getType()
                           << " does not match the signature's " << type;
  WalkResult walk = getBody().walk([&](Operation *op) {
    if (failed(verifyFp8Use(op)))
      return WalkResult::interrupt();
    for (Value v : op->getResults())
      if (failed(verifySizeNames(*this, v.getType(),
                                 [&] { return op->emitOpError(); })))
        return WalkResult::interrupt();
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          if (failed(verifySizeNames(*this, a.getType(),
                                     [&] { return op->emitOpError(); })))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (failed(checkIndexRanges(*this)) || failed(verifyNoCallCycle(*this)))
    return failure();
  return verifyDeclaredAccesses(*this);
}

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

static ParseResult
parseBound(OpAsmParser &parser,
           SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops,
           SmallVectorImpl<int64_t> &statics) {
  int64_t v;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult intResult = parser.parseOptionalInteger(v);
  if (intResult.has_value()) {
    if (failed(*intResult))
      return failure();
    // The smallest int64 marks a dynamic entry in static index lists.
    if (ShapedType::isDynamic(v))
      return parser.emitError(loc) << "integer " << v << " is out of range";
    statics.push_back(v);
    return success();
  }
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand))
    return failure();
  ops.push_back(operand);
  statics.push_back(ShapedType::kDynamic);
  return success();
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::Argument iv;
  SmallVector<OpAsmParser::UnresolvedOperand> boundOps;
  SmallVector<int64_t> statics;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parseBound(parser, boundOps, statics) || parser.parseKeyword("to") ||
      parseBound(parser, boundOps, statics))
    return failure();
  FailureOr<LoopModeAttr> mode = LoopModeAttr::parseBare(parser);
  if (failed(mode))
    return failure();
  Type indexTy = IndexType::get(ctx);
  iv.type = indexTy;
  if (parser.resolveOperands(boundOps, indexTy, result.operands))
    return failure();
  result.addAttribute(getStaticBoundsAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, statics));
  result.addAttribute(getModeAttrName(result.name), *mode);
  StringRef ivName = iv.ssaName.name;
  ivName.consume_front("%");
  result.addAttribute(getIterNameAttrName(result.name),
                      StringAttr::get(ctx, ivName));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, iv))
    return failure();
  if (body->empty())
    body->emplaceBlock().addArgument(indexTy, result.location);
  return success();
}

static void printBound(OpAsmPrinter &p, OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    p << v;
  else
    p << cast<IntegerAttr>(cast<Attribute>(ofr)).getInt();
}

void ForOp::print(OpAsmPrinter &p) {
  p << ' ' << getInductionVar() << " = ";
  printBound(p, getLowerBound());
  p << " to ";
  printBound(p, getUpperBound());
  p << ' ';
  getMode().printBare(p);
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getStaticBoundsAttrName(), getModeAttrName(), getIterNameAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

void ForOp::build(OpBuilder &builder, OperationState &result, OpFoldResult lo,
                  OpFoldResult hi, LoopModeAttr mode, StringRef iterName) {
  SmallVector<int64_t> statics;
  for (OpFoldResult ofr : {lo, hi}) {
    if (auto v = dyn_cast<Value>(ofr)) {
      result.addOperands(v);
      statics.push_back(ShapedType::kDynamic);
    } else {
      statics.push_back(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
    }
  }
  result.addAttribute(getStaticBoundsAttrName(result.name),
                      builder.getDenseI64ArrayAttr(statics));
  result.addAttribute(getModeAttrName(result.name), mode);
  result.addAttribute(getIterNameAttrName(result.name),
                      builder.getStringAttr(iterName));
  Region *body = result.addRegion();
  body->emplaceBlock().addArgument(builder.getIndexType(), result.location);
}

OpFoldResult ForOp::getLowerBound() {
  return getMixedValues(getStaticBounds(), getDynamicBounds(), getContext())[0];
}

OpFoldResult ForOp::getUpperBound() {
  return getMixedValues(getStaticBounds(), getDynamicBounds(), getContext())[1];
}

void ForOp::getAsmBlockArgumentNames(Region &region,
                                     OpAsmSetValueNameFn setNameFn) {
  if (!region.empty() && region.getNumArguments() == 1 &&
      !getIterName().empty())
    setNameFn(region.getArgument(0), getIterName());
}

LogicalResult ForOp::verify() {
  ArrayRef<int64_t> statics = getStaticBounds();
  if (statics.size() != 2)
    return emitOpError() << "expected 2 bounds, got " << statics.size();
  if (static_cast<size_t>(llvm::count_if(statics, ShapedType::isDynamic)) !=
      getDynamicBounds().size())
    return emitOpError() << "bound operands do not match static_bounds";
  Block &body = getBodyBlock();
  if (body.getNumArguments() != 1 || !body.getArgument(0).getType().isIndex())
    return emitOpError() << "the body takes exactly one index argument";
  if (std::optional<std::string> why = checkLoopMode(*this, getMode()))
    return emitOpError() << *why;
  return success();
}

std::optional<std::string> exo::checkLoopMode(ForOp loop, LoopModeAttr mode) {
  ArrayRef<int64_t> statics = loop.getStaticBounds();
  bool inDevice = static_cast<bool>(getEnclosingDeviceFunction(loop));
  if (!mode.isSeq() && !inDevice && !isInInstrProc(loop))
    return ("a " + stringifyLoopModeKind(mode.getKind()) +
            " loop must be inside an exo.device_function")
        .str();
  if (mode.isThreads()) {
    if (statics.size() != 2 || statics[0] != 0)
      return std::string("a cuda_threads loop must start at the constant 0");
    if (ShapedType::isDynamic(statics[1]))
      return std::string("a cuda_threads loop needs a constant upper bound");
    if (statics[1] <= 0)
      return "a cuda_threads loop needs a positive upper bound, got " +
             std::to_string(statics[1]);
  }
  return std::nullopt;
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
  if (thenRegion->empty())
    thenRegion->emplaceBlock();
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    if (elseRegion->empty())
      elseRegion->emplaceBlock();
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  p << ' ' << getCondition() << ' ';
  p.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  if (hasElse()) {
    p << " else ";
    p.printRegion(getElseRegion(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/false);
  }
  p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// AllocOp
//===----------------------------------------------------------------------===//

ParseResult AllocOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  StringRef name = cleanSsaName(parser.getResultName(0).first);
  result.addAttribute(getNameAttrName(result.name), StringAttr::get(ctx, name));
  OpAsmParser::UnresolvedOperand guard;
  bool hasGuard = false;
  if (succeeded(parser.parseOptionalKeyword("guarded_by"))) {
    if (parser.parseOperand(guard))
      return failure();
    hasGuard = true;
  }
  Type type, guardType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  if (hasGuard) {
    if (parser.parseComma() || parser.parseKeyword("guard") ||
        parser.parseType(guardType) ||
        parser.resolveOperand(guard, guardType, result.operands))
      return failure();
  }
  result.addTypes(type);
  return success();
}

void AllocOp::print(OpAsmPrinter &p) {
  if (getGuard())
    p << " guarded_by " << getGuard();
  p.printOptionalAttrDict((*this)->getAttrs(), {getNameAttrName()});
  p << " : " << getType();
  if (getGuard())
    p << ", guard " << getGuard().getType();
}

void AllocOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (!getName().empty())
    setNameFn(getResult(), getName());
}

LogicalResult exo::checkAllocatable(Operation *where, MemoryAttr mem,
                                    std::string &why) {
  if (isInInstrProc(where))
    return success();
  bool inDevice = static_cast<bool>(getEnclosingDeviceFunction(where));
  StringRef kind = stringifyMemoryKind(mem.getKind());
  if (inDevice && !mem.isDeviceAllocatable()) {
    why = ("device code cannot allocate '" + kind +
           "' memory; allocate it in host code")
              .str();
    return failure();
  }
  if (!inDevice && mem.getKind() == MemoryKind::GridConst) {
    why = "grid constants are kernel parameters and cannot be allocated";
    return failure();
  }
  if (!inDevice && mem.isDeviceAllocatable()) {
    why = ("'" + kind + "' memory can only be allocated in device code").str();
    return failure();
  }
  return success();
}

LogicalResult AllocOp::verify() {
  Type type = getType();
  bool inDevice = static_cast<bool>(getEnclosingDeviceFunction(*this));
  if (auto bar = dyn_cast<BarrierType>(type)) {
    if (!inDevice)
      return emitOpError() << "barriers can only be allocated in device code";
    if (getGuard())
      return emitOpError() << "a barrier is not guarded by another barrier";
    return success();
  }
  auto tensor = cast<exo::TensorType>(type);
  std::string why;
  if (failed(checkAllocatable(*this, tensor.getMemory(), why)))
    return emitOpError() << why;
  bool hasRing =
      llvm::any_of(tensor.getRingDepths(), [](int64_t d) { return d != 0; });
  if (hasRing != static_cast<bool>(getGuard()))
    return emitOpError() << (hasRing ? "a ring buffer needs a guarding "
                                       "barrier (guarded_by)"
                                     : "only ring buffers take a guard");
  if (auto guard = getGuard()) {
    auto guardType = cast<BarrierType>(guard.getType());
    if (guardType.getKind() != BarrierKind::Mbarrier ||
        guardType.getRingDim() < 0)
      return emitOpError() << "the guard of a ring buffer must be an mbarrier "
                              "array with a ring dimension";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReadOp, AssignOp, ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult ReadOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return failure();
  Type elementType = getElementTypeOf(operands[0].getType());
  if (!elementType)
    return failure();
  inferred.push_back(elementType);
  return success();
}

SmallVector<OpFoldResult> ReadOp::getMixedIndices() {
  return getMixedValues(getStaticIndices(), getIndices(), getContext());
}

/// `oob` accesses and windows are allowed on global memory only: that is
/// where a program's tensors are, and where TMA zero-fills and clips.
static LogicalResult verifyOobMemory(Operation *op, bool oob, Type type) {
  if (!oob)
    return success();
  MemoryAttr mem = getMemoryOf(type);
  if (mem.isHost() || mem.getKind() == MemoryKind::Gmem ||
      mem.getKind() == MemoryKind::TmaMap)
    return success();
  return op->emitOpError()
         << "'oob' is only allowed on dram, gmem or tma_map memory, not '"
         << stringifyMemoryKind(mem.getKind()) << "'";
}

LogicalResult ReadOp::verify() {
  if (failed(verifyIndexList(*this, getSource().getType(), getStaticIndices(),
                             getIndices(), "a tensor", getOob())) ||
      failed(verifyOobMemory(*this, getOob(), getSource().getType())))
    return failure();
  return verifyScalarAccessScope(*this, getSource().getType(),
                                 /*isWrite=*/false);
}

/// Shared verification of exo.assign and exo.reduce.
template <typename WriteOpTy> static LogicalResult verifyWriteOp(WriteOpTy op) {
  if (failed(verifyIndexList(op, op.getDest().getType(), op.getStaticIndices(),
                             op.getIndices(), "a tensor", op.getOob())) ||
      failed(verifyOobMemory(op, op.getOob(), op.getDest().getType())))
    return failure();
  return verifyScalarAccessScope(op, op.getDest().getType(),
                                 /*isWrite=*/true);
}

SmallVector<OpFoldResult> AssignOp::getMixedIndices() {
  return getMixedValues(getStaticIndices(), getIndices(), getContext());
}
LogicalResult AssignOp::verify() { return verifyWriteOp(*this); }

SmallVector<OpFoldResult> ReduceOp::getMixedIndices() {
  return getMixedValues(getStaticIndices(), getIndices(), getContext());
}
LogicalResult ReduceOp::verify() { return verifyWriteOp(*this); }

//===----------------------------------------------------------------------===//
// WindowOp
//===----------------------------------------------------------------------===//

ParseResult WindowOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  SmallVector<int64_t> staticOffsets, staticSizes;
  if (succeeded(parser.parseOptionalKeyword("oob")))
    result.addAttribute(getOobAttrName(result.name),
                        UnitAttr::get(parser.getContext()));
  if (parser.parseOperand(source))
    return failure();
  auto parseCoord = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalColon())) {
      staticOffsets.push_back(0);
      staticSizes.push_back(kFull);
      return success();
    }
    if (parseBound(parser, offsets, staticOffsets))
      return failure();
    if (succeeded(parser.parseOptionalColon())) {
      SMLoc loc = parser.getCurrentLocation();
      int64_t size;
      if (parser.parsePlus() || parser.parseInteger(size))
        return failure();
      if (size <= 0)
        return parser.emitError(loc)
               << "an interval length must be positive, got " << size;
      staticSizes.push_back(size);
    } else {
      staticSizes.push_back(kPoint);
    }
    return success();
  };
  Type sourceType, resultType;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     parseCoord) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(sourceType) || parser.parseArrow() ||
      parser.parseType(resultType) ||
      parser.resolveOperand(source, sourceType, result.operands) ||
      parser.resolveOperands(offsets, IndexType::get(ctx), result.operands))
    return failure();
  result.addAttribute(getStaticOffsetsAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, staticOffsets));
  result.addAttribute(getStaticSizesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, staticSizes));
  result.addTypes(resultType);
  return success();
}

void WindowOp::print(OpAsmPrinter &p) {
  p << ' ' << (getOob() ? "oob " : "") << getSource() << '[';
  ValueRange offsets = getOffsets();
  for (auto [i, off, size] :
       llvm::enumerate(getStaticOffsets(), getStaticSizes())) {
    if (i > 0)
      p << ", ";
    if (size == kFull) {
      p << ':';
      continue;
    }
    if (ShapedType::isDynamic(off)) {
      p << offsets.front();
      offsets = offsets.drop_front();
    } else {
      p << off;
    }
    if (size != kPoint)
      p << " :+ " << size;
  }
  p << ']';
  p.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getStaticOffsetsAttrName(), getStaticSizesAttrName(), getOobAttrName()});
  p << " : " << getSource().getType() << " -> " << getType();
}

SmallVector<OpFoldResult> WindowOp::getMixedOffsets() {
  return getMixedValues(getStaticOffsets(), getOffsets(), getContext());
}

LogicalResult WindowOp::verify() {
  Type srcType = getSource().getType();
  if (failed(verifyOobMemory(*this, getOob(), srcType)))
    return failure();
  ArrayRef<Attribute> srcDims = getDimsOf(srcType);
  ArrayRef<int64_t> offsets = getStaticOffsets(), sizes = getStaticSizes();
  if (offsets.size() != srcDims.size() || sizes.size() != srcDims.size())
    return emitOpError() << "expected " << srcDims.size()
                         << " coordinates for a source of rank "
                         << srcDims.size() << ", got " << offsets.size();
  if (static_cast<size_t>(llvm::count_if(offsets, ShapedType::isDynamic)) !=
      getOffsets().size())
    return emitOpError() << "offset operands do not match static_offsets";
  WindowType resType = getType();
  SmallVector<Attribute> expected;
  for (auto [i, off, size] : llvm::enumerate(offsets, sizes)) {
    if (size == kPoint)
      continue;
    if (size == kFull) {
      if (off != 0)
        return emitOpError() << "a whole-dimension coordinate has offset 0";
      expected.push_back(srcDims[i]);
      continue;
    }
    if (size <= 0)
      return emitOpError() << "interval length must be positive, got " << size;
    // An oob window may reach past its source (never before it).
    auto extent = getOob() ? IntegerAttr() : dyn_cast<IntegerAttr>(srcDims[i]);
    if (getOob() && !ShapedType::isDynamic(off) && off < 0)
      return emitOpError() << "interval [" << off << ", ...) starts before "
                           << "dimension " << i;
    if (extent && size > extent.getInt())
      return emitOpError() << "interval of length " << size
                           << " exceeds dimension " << i << " of extent "
                           << extent.getInt();
    if (extent && !ShapedType::isDynamic(off) &&
        (off < 0 || off > extent.getInt() - size)) {
      // The end in 128 bits: off + size may not fit in 64.
      llvm::APInt end(128, static_cast<uint64_t>(off), /*isSigned=*/true);
      end += llvm::APInt(128, static_cast<uint64_t>(size), /*isSigned=*/true);
      return emitOpError() << "interval [" << off << ", "
                           << llvm::toString(end, 10, /*Signed=*/true)
                           << ") is out of bounds for dimension " << i;
    }
    expected.push_back(
        IntegerAttr::get(IntegerType::get(getContext(), 64), size));
  }
  if (resType.getDims() != ArrayRef<Attribute>(expected)) {
    InFlightDiagnostic diag = emitOpError()
                              << "result shape does not match the window: "
                                 "expected [";
    llvm::interleaveComma(expected, diag, [&](Attribute a) {
      if (auto i = dyn_cast<IntegerAttr>(a))
        diag << i.getInt();
      else if (auto name = dyn_cast<StringAttr>(a))
        diag << name.getValue();
      else
        diag << '?';
    });
    return diag << "]";
  }
  // Whole dimensions keep their ring annotation; intervals and points drop
  // it (they select physical slots).
  SmallVector<int64_t> expectedRings;
  ArrayRef<int64_t> srcRings =
      isa<exo::TensorType>(srcType)
          ? cast<exo::TensorType>(srcType).getRingDepths()
          : cast<WindowType>(srcType).getRingDepths();
  bool anyRing = false;
  for (auto [i, size] : llvm::enumerate(sizes)) {
    if (size == kPoint)
      continue;
    int64_t depth = size == kFull && !srcRings.empty() ? srcRings[i] : 0;
    anyRing |= depth != 0;
    expectedRings.push_back(depth);
  }
  if (!anyRing)
    expectedRings.clear();
  if (resType.getRingDepths() != ArrayRef<int64_t>(expectedRings))
    return emitOpError() << "result ring dimensions do not match the window: "
                            "only whole ring dimensions of the source stay "
                            "ring dimensions";
  if (resType.getElementType() != getElementTypeOf(srcType))
    return emitOpError() << "result element type " << resType.getElementType()
                         << " differs from the source's "
                         << getElementTypeOf(srcType);
  MemoryAttr srcMem = getMemoryOf(srcType), resMem = resType.getMemory();
  if (resMem == srcMem)
    return success();
  if (resMem.getKind() == MemoryKind::TmaMap &&
      srcMem.getKind() != MemoryKind::TmaMap) {
    if (srcMem.getKind() != MemoryKind::Gmem)
      return emitOpError() << "a tensor map can only be built over a 'gmem' "
                              "tensor, not '"
                           << stringifyMemoryKind(srcMem.getKind()) << "'";
    if (getEnclosingDeviceFunction(*this))
      return emitOpError() << "tensor maps can only be built in host code";
    if (llvm::any_of(sizes, [](int64_t s) { return s == kPoint; }))
      return emitOpError() << "a tensor map spans every dimension of its "
                              "tensor; take points of the map instead";
    if (resMem.getBox().size() != srcDims.size())
      return emitOpError() << "the tensor map's box has rank "
                           << resMem.getBox().size()
                           << ", but the tensor has rank " << srcDims.size();
    return success();
  }
  return emitOpError() << "a window keeps the memory of its source ('"
                       << stringifyMemoryKind(srcMem.getKind()) << "'), got '"
                       << stringifyMemoryKind(resMem.getKind()) << "'";
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

ParseResult CallOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  FlatSymbolRefAttr callee;
  SmallVector<OpAsmParser::UnresolvedOperand> args, trailingIdx;
  OpAsmParser::UnresolvedOperand trailing;
  SmallVector<int64_t> trailingStatics;
  bool hasTrailing = false;
  // The callee: `@proc` or an instruction family instance, whose proc name
  // becomes the callee symbol.
  SMLoc calleeLoc = parser.getCurrentLocation();
  Attribute calleeOrFamily;
  if (parser.parseAttribute(calleeOrFamily))
    return failure();
  if (auto family = dyn_cast<InstrFamilyAttr>(calleeOrFamily)) {
    result.addAttribute(getFamilyAttrName(result.name), family);
    callee = FlatSymbolRefAttr::get(ctx, family.getProcName());
  } else {
    callee = dyn_cast<FlatSymbolRefAttr>(calleeOrFamily);
    if (!callee)
      return parser.emitError(calleeLoc)
             << "expected a proc (@name) or an instruction family instance "
                "(#exo.<family><...>), got "
             << calleeOrFamily;
  }
  result.addAttribute(getCalleeAttrName(result.name), callee);
  if (parser.parseOperandList(args, AsmParser::Delimiter::Paren))
    return failure();
  if (succeeded(parser.parseOptionalGreater())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseGreater() || parser.parseOperand(trailing) ||
        parseBarrierIndices(parser, trailingIdx, trailingStatics,
                            /*allowMulticast=*/true))
      return failure();
    hasTrailing = true;
    if (succeeded(parser.parseOptionalGreater()))
      return parser.emitError(loc) << "a call takes at most one trailing "
                                      "barrier";
  }
  SmallVector<Type> argTypes;
  Type trailingType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseTypeList(argTypes) || parser.parseRParen())
      return failure();
  }
  if (hasTrailing && (parser.parseGreater() || parser.parseGreater() ||
                      parser.parseType(trailingType)))
    return failure();
  if (parser.resolveOperands(args, argTypes, parser.getCurrentLocation(),
                             result.operands))
    return failure();
  if (hasTrailing &&
      parser.resolveOperand(trailing, trailingType, result.operands))
    return failure();
  if (parser.resolveOperands(trailingIdx, IndexType::get(ctx), result.operands))
    return failure();
  result.addAttribute(getStaticTrailingIndicesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, trailingStatics));
  result.addAttribute(
      getOperandSegmentSizesAttrName(result.name),
      DenseI32ArrayAttr::get(ctx, {static_cast<int32_t>(args.size()),
                                   hasTrailing ? 1 : 0,
                                   static_cast<int32_t>(trailingIdx.size())}));
  return success();
}

void CallOp::print(OpAsmPrinter &p) {
  p << ' ';
  if (InstrFamilyAttr family = getFamilyAttr())
    p.printAttribute(family);
  else
    p << getCalleeAttr();
  p << '(' << getArgs() << ')';
  if (Value trailing = getTrailing()) {
    p << " >> " << trailing;
    ValueRange idx = getTrailingIndices();
    printBarrierIndices(p, getStaticTrailingIndices(), idx);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getCalleeAttrName(), getFamilyAttrName(),
                           getStaticTrailingIndicesAttrName(),
                           getOperandSegmentSizesAttrName()});
  p << " : (" << getArgs().getTypes() << ')';
  if (Value trailing = getTrailing())
    p << " >> " << trailing.getType();
}

LogicalResult CallOp::verify() {
  if (InstrFamilyAttr family = getFamilyAttr())
    if (getCallee() != family.getProcName())
      return emitOpError() << "calls @" << getCallee() << " as instruction "
                           << family << ", whose proc is @"
                           << family.getProcName();
  if (Value trailing = getTrailing())
    return verifyBarrierIndices(*this, cast<BarrierType>(trailing.getType()),
                                getStaticTrailingIndices());
  if (!getStaticTrailingIndices().empty() || !getTrailingIndices().empty())
    return emitOpError() << "trailing barrier indices without a barrier";
  return success();
}

/// Whether an argument of type `actual` may be passed for a parameter of
/// type `formal`.
static LogicalResult checkArgument(CallOp call, unsigned i, Type actual,
                                   Type formal, ProcOp callee) {
  auto emit = [&]() {
    return call.emitOpError()
           << "argument " << i << " ('" << callee.getArgName(i) << "' of @"
           << callee.getSymName() << "): ";
  };
  if (!isShapedData(formal)) {
    if (actual != formal)
      return emit() << "expected " << formal << ", got " << actual;
    return success();
  }
  if (!isShapedData(actual))
    return emit() << "expected an array of type " << formal << ", got "
                  << actual;
  if (isa<exo::TensorType>(formal) && !isa<exo::TensorType>(actual))
    return emit() << "expected a tensor, got a window";
  if (getElementTypeOf(actual) != getElementTypeOf(formal))
    return emit() << "element type " << getElementTypeOf(actual)
                  << " does not match " << getElementTypeOf(formal);
  if (getMemoryOf(actual) != getMemoryOf(formal)) {
    InFlightDiagnostic diag = emit() << "memory '";
    diag << stringifyMemoryKind(getMemoryOf(actual).getKind()) << "' does not "
         << "match the parameter's '"
         << stringifyMemoryKind(getMemoryOf(formal).getKind()) << "'";
    return diag;
  }
  ArrayRef<Attribute> a = getDimsOf(actual), f = getDimsOf(formal);
  if (a.size() != f.size())
    return emit() << "rank " << a.size() << " does not match the parameter's "
                  << f.size();
  for (auto [j, ad, fd] : llvm::enumerate(a, f)) {
    auto ai = dyn_cast<IntegerAttr>(ad), fi = dyn_cast<IntegerAttr>(fd);
    if (ai && fi && ai.getInt() != fi.getInt())
      return emit() << "dimension " << j << " has extent " << ai.getInt()
                    << ", the parameter expects " << fi.getInt();
    // A hardware instruction moves a fixed number of elements: a size that
    // happens to equal it at run time is not a shape it was proved for.
    if (fi && !ai && callee.isInstr())
      return emit() << "dimension " << j << " has the size extent " << ad
                    << ", but the instruction's parameter has the constant "
                       "extent "
                    << fi.getInt() << "; pass a window of that extent";
  }
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  ProcOp callee;
  if (InstrFamilyAttr family = getFamilyAttr()) {
    // A module may hold the family's proc (materialized), never another
    // symbol of its name.
    Operation *named =
        symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
    if (named && named->getAttr(ExoDialect::getFamilyAttrName()) != family) {
      InFlightDiagnostic diag =
          emitOpError() << "issues instruction " << family << ", but @"
                        << getCallee()
                        << " is defined in the module as something else; "
                           "that name belongs to the instruction";
      diag.attachNote(named->getLoc()) << "the other definition";
      return diag;
    }
    callee = getInstructionProc(family);
  } else {
    callee =
        symbolTable.lookupNearestSymbolFrom<ProcOp>(*this, getCalleeAttr());
  }
  if (!callee)
    return emitOpError() << "'" << getCallee() << "' does not name an exo.proc";
  FunctionType fnType = callee.getFunctionType();
  if (fnType.getNumInputs() != getArgs().size())
    return emitOpError() << "@" << getCallee() << " expects "
                         << fnType.getNumInputs() << " arguments, got "
                         << getArgs().size();
  for (auto [i, arg, formal] : llvm::enumerate(getArgs(), fnType.getInputs())) {
    if (failed(checkArgument(*this, i, arg.getType(), formal, callee)))
      return failure();
    AccessAttr access = callee.getArgAccess(i);
    MemoryAttr mem = getMemoryOf(arg.getType());
    if (access && access.writes() && mem &&
        mem.getKind() == MemoryKind::GridConst &&
        getEnclosingDeviceFunction(*this))
      return emitOpError() << "argument " << i
                           << ": device code cannot write a grid constant";
    if (isShapedData(arg.getType()) && isOobView(arg) &&
        !(callee.isInstr() && access && access.getOutOfBounds()))
      return emitOpError() << "argument " << i
                           << " may reach past its tensor (oob), but @"
                           << getCallee()
                           << " does not declare that parameter oob";
  }
  // The parameters of a proc do not alias (the dependence analysis treats
  // them as independent when it rewrites the proc's body): two arguments of
  // one tensor, directly or through windows, are refused when the callee may
  // write either. Instructions are exempt: their lowering defines what
  // passing one window twice means (an in-place shuffle), and nothing
  // rewrites their bodies.
  auto rootOf = [](Value v) {
    while (auto w = v.getDefiningOp<WindowOp>())
      v = w.getSource();
    return v;
  };
  auto mayWrite = [&](unsigned i) {
    AccessAttr access = callee.getArgAccess(i);
    return !access || access.writes();
  };
  for (auto [i, a] : llvm::enumerate(getArgs())) {
    if (callee.isInstr() || !isShapedData(a.getType()))
      continue;
    for (unsigned j = i + 1, e = getArgs().size(); j < e; ++j) {
      Value b = getArgs()[j];
      if (!isShapedData(b.getType()) || rootOf(a) != rootOf(b) ||
          (!mayWrite(i) && !mayWrite(j)))
        continue;
      return emitOpError()
             << "arguments " << i << " and " << j
             << " are views of the same tensor, and @" << getCallee()
             << " may write one of them; parameters are assumed not to "
                "alias (pass separate tensors)";
    }
  }
  InstrAttr instr = callee.getInstrAttr();
  // A host instruction (the CPU's, or one the host puts on the CUDA
  // stream, as cudaMemsetAsync) runs outside the kernel.
  if (instr &&
      (instr.getTimeline() == InstrTimeline::CpuInOrder ||
       instr.getTimeline() == InstrTimeline::CpuCudaStream) &&
      getEnclosingDeviceFunction(*this)) {
    InFlightDiagnostic diag = emitOpError();
    if (InstrFamilyAttr family = getFamilyAttr())
      diag << "issues " << family;
    else
      diag << "calls @" << getCallee();
    return diag << ", an instruction of the host (timeline "
                << stringifyInstrTimeline(instr.getTimeline())
                << "), in device code; call it in host code, before or "
                   "after the exo.device_function";
  }
  if (Value trailing = getTrailing()) {
    auto barType = cast<BarrierType>(trailing.getType());
    if (!instr || !instr.getBarrier())
      return emitOpError() << "@" << getCallee()
                           << " declares no barrier mechanism and takes no "
                              "trailing barrier";
    if (*instr.getBarrier() != barType.getKind())
      return emitOpError() << "@" << getCallee() << " signals '"
                           << stringifyBarrierKind(*instr.getBarrier())
                           << "' barriers, but the trailing barrier is '"
                           << stringifyBarrierKind(barType.getKind()) << "'";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DeviceFunctionOp
//===----------------------------------------------------------------------===//

ParseResult DeviceFunctionOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  Builder b(parser.getContext());
  llvm::StringSet<> seen;
  auto parseField = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(loc) << "duplicate field '" << key << "'";
    if (key == "warps") {
      SmallVector<Attribute> groups;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                Attribute g = WarpGroupAttr::parse(parser, Type());
                if (!g)
                  return failure();
                groups.push_back(g);
                return success();
              }))
        return failure();
      result.addAttribute(getWarpGroupsAttrName(result.name),
                          b.getArrayAttr(groups));
      return success();
    }
    if (key == "launch") {
      StringRef form;
      if (parser.parseKeyword(&form))
        return failure();
      if (form == "grid")
        result.addAttribute(getGridLaunchAttrName(result.name),
                            b.getUnitAttr());
      else if (form != "persistent")
        return parser.emitError(loc) << "unknown launch '" << form
                                     << "' (expected persistent or grid)";
      return success();
    }
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    if (key == "blockDim")
      result.addAttribute(getBlockDimAttrName(result.name),
                          b.getI64IntegerAttr(v));
    else if (key == "clusterDim")
      result.addAttribute(getClusterDimAttrName(result.name),
                          b.getI64IntegerAttr(v));
    else if (key == "blocksPerSM")
      result.addAttribute(getBlocksPerSmAttrName(result.name),
                          b.getI64IntegerAttr(v));
    else
      return parser.emitError(loc)
             << "unknown field '" << key
             << "' (expected blockDim, warps, clusterDim, blocksPerSM or "
                "launch)";
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, parseField) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void DeviceFunctionOp::print(OpAsmPrinter &p) {
  p << '(';
  if (auto bd = getBlockDim())
    p << "blockDim = " << *bd;
  if (ArrayAttr groups = getWarpGroupsAttr()) {
    p << "warps = [";
    llvm::interleaveComma(
        groups, p, [&](Attribute g) { cast<WarpGroupAttr>(g).print(p); });
    p << ']';
  }
  p << ", clusterDim = " << getClusterDim();
  if (getBlocksPerSm() != 1)
    p << ", blocksPerSM = " << getBlocksPerSm();
  if (getGridLaunch())
    p << ", launch = grid";
  p << ')';
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getBlockDimAttrName(), getWarpGroupsAttrName(), getClusterDimAttrName(),
       getBlocksPerSmAttrName(), getGridLaunchAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

int64_t DeviceFunctionOp::getNumThreads() {
  if (auto bd = getBlockDim())
    return *bd;
  int64_t warps = 0;
  if (ArrayAttr groups = getWarpGroupsAttr())
    for (Attribute g : groups)
      warps += cast<WarpGroupAttr>(g).getCount();
  return warps * 32;
}

int64_t DeviceFunctionOp::getLaunchRegisters() {
  int64_t threads = std::max<int64_t>(getNumThreads(), 1) *
                    std::max<int64_t>(getBlocksPerSm(), 1);
  return std::min<int64_t>(65536 / threads / 8 * 8, 248);
}

FailureOr<std::pair<int64_t, int64_t>>
DeviceFunctionOp::lookupWarpGroup(StringRef name) {
  ArrayAttr groups = getWarpGroupsAttr();
  if (!groups)
    return failure();
  int64_t first = 0;
  for (Attribute a : groups) {
    auto g = cast<WarpGroupAttr>(a);
    if (g.getName().getValue() == name)
      return std::make_pair(first, g.getCount());
    first += g.getCount();
  }
  return failure();
}

LogicalResult DeviceFunctionOp::verify() {
  std::optional<uint64_t> blockDim = getBlockDim();
  ArrayAttr groups = getWarpGroupsAttr();
  if (static_cast<bool>(blockDim) == static_cast<bool>(groups))
    return emitOpError() << "expected exactly one of blockDim and warps";
  if (blockDim) {
    int64_t bd = static_cast<int64_t>(*blockDim);
    if (bd <= 0 || bd % 32 != 0)
      return emitOpError() << "blockDim must be a positive multiple of 32, got "
                           << bd;
  }
  if (groups) {
    if (groups.empty())
      return emitOpError() << "warps must name at least one warp group";
    llvm::StringSet<> names;
    // Per warp: the setmaxnreg value (0 = none) and whether it increases.
    SmallVector<std::pair<int64_t, bool>> perWarp;
    for (Attribute a : groups) {
      auto g = cast<WarpGroupAttr>(a);
      StringRef name = g.getName().getValue();
      if (!isIdentifier(name))
        return emitOpError()
               << "warp group name '" << name << "' is not an identifier";
      if (!names.insert(name).second)
        return emitOpError() << "duplicate warp group name '" << name << "'";
      if (g.getCount() <= 0)
        return emitOpError()
               << "warp group '" << name
               << "' needs a positive warp count, got " << g.getCount();
      if (g.getCount() > 32 ||
          perWarp.size() + static_cast<size_t>(g.getCount()) > 32)
        return emitOpError() << "a CTA has at most 32 warps (1024 threads), "
                                "but warp group '"
                             << name << "' ends past that";
      if (g.hasSetmaxnreg()) {
        int64_t r = g.getSetmaxnreg();
        if (r < 24 || r > 256 || r % 8 != 0)
          return emitOpError() << "warp group '" << name
                               << "': setmaxnreg must be a multiple of 8 in "
                                  "[24, 256], got "
                               << r;
      }
      perWarp.append(g.getCount(), {g.getSetmaxnreg(), g.getIncrease()});
    }
    bool anySetmaxnreg =
        llvm::any_of(perWarp, [](auto w) { return w.first != 0; });
    if (anySetmaxnreg) {
      if (perWarp.size() % 4 != 0)
        return emitOpError()
               << "setmaxnreg acts on whole warpgroups, but the "
                  "CTA has "
               << perWarp.size() << " warps (not a multiple of 4)";
      for (size_t wg = 0; wg < perWarp.size() / 4; ++wg) {
        auto first = perWarp[wg * 4];
        for (size_t w = 1; w < 4; ++w) {
          auto other = perWarp[wg * 4 + w];
          if (other.first != 0 && first.first != 0 &&
              other.second != first.second)
            return emitOpError() << "setmaxnreg cannot both increase and "
                                    "decrease within warpgroup "
                                 << wg;
          if (other != first)
            return emitOpError()
                   << "setmaxnreg must be uniform within "
                      "warpgroup "
                   << wg << " (warps " << wg * 4 << "-" << wg * 4 + 3 << ")";
        }
      }
      // The registers the CTA has are those of its launch
      // (getLaunchRegisters). setmaxnreg.dec returns registers to the CTA's
      // pool and setmaxnreg.inc waits until the pool has what it asks for:
      // budgets that add up to more than the launch allocation wait
      // forever. (A blocksPerSM that is not positive is refused below.)
      int64_t launch = getLaunchRegisters();
      int64_t need = 0;
      for (size_t wg = 0; wg < perWarp.size() / 4; ++wg)
        need += perWarp[wg * 4].first ? perWarp[wg * 4].first : launch;
      int64_t have = launch * static_cast<int64_t>(perWarp.size() / 4);
      if (need > have)
        return emitOpError()
               << "setmaxnreg budgets add up to " << need
               << " registers per thread over the " << perWarp.size() / 4
               << " warpgroups, but the launch gives each thread " << launch
               << " (" << have
               << " in all): setmaxnreg.inc would wait forever for registers "
                  "no warpgroup releases; lower an increase or a budget left "
                  "after a decrease";
    }
  }
  int64_t threads = getNumThreads();
  if (threads > 1024)
    return emitOpError() << "a CTA has at most 1024 threads, got " << threads;
  int64_t cd = getClusterDim();
  if (cd <= 0 || !llvm::isPowerOf2_64(cd) || cd > 16)
    return emitOpError() << "clusterDim must be a power of two in [1, 16], got "
                         << cd;
  if (getBlocksPerSm() <= 0)
    return emitOpError() << "blocksPerSM must be positive, got "
                         << getBlocksPerSm();
  if (getBlocksPerSm() > 32)
    return emitOpError() << "an SM holds at most 32 CTAs, but blocksPerSM is "
                         << getBlocksPerSm();
  return success();
}

LogicalResult DeviceFunctionOp::verifyRegions() {
  if (getOperation()->getParentOfType<DeviceFunctionOp>())
    return emitOpError() << "device functions cannot be nested";
  auto proc = getOperation()->getParentOfType<ProcOp>();
  if (proc && proc.isInstr())
    return emitOpError() << "an instruction's semantics cannot launch a "
                            "device function";
  // The body is one cuboid nest of cuda_tasks loops: each level holds index
  // arithmetic and exactly one cuda_tasks loop, until a level holds none.
  Block *block = &getBodyBlock();
  SmallVector<ForOp> nest;
  while (true) {
    ForOp tasks;
    bool hasOther = false;
    for (Operation &op : *block) {
      auto loop = dyn_cast<ForOp>(op);
      if (loop && loop.getMode().isTasks()) {
        if (tasks)
          return loop.emitOpError()
                 << "the device function body must be one nest of "
                    "cuda_tasks loops, but this is a second loop at the "
                    "same level";
        tasks = loop;
        continue;
      }
      if (isa_and_nonnull<arith::ArithDialect>(op.getDialect()))
        continue;
      hasOther = true;
      if (nest.empty())
        return op.emitOpError()
               << "the body of a device function must be a nest of "
                  "cuda_tasks loops, not '"
               << op.getName() << "'";
    }
    if (!tasks)
      break;
    if (hasOther)
      return tasks.emitOpError()
             << "a cuda_tasks loop must be the only statement at its level "
                "of the task nest";
    for (ForOp outer : nest)
      for (Value bound : tasks.getDynamicBounds())
        if (bound.getParentBlock() == &outer.getBodyBlock() ||
            bound == outer.getInductionVar() ||
            (bound.getDefiningOp() &&
             outer->isProperAncestor(bound.getDefiningOp())))
          return tasks.emitOpError()
                 << "cuda_tasks bounds cannot depend on an enclosing task "
                    "loop (the nest must be a cuboid)";
    nest.push_back(tasks);
    block = &tasks.getBodyBlock();
  }
  if (nest.empty())
    return emitOpError() << "the body of a device function must be a nest of "
                            "cuda_tasks loops";
  // No cuda_tasks loop may appear inside a task.
  WalkResult walk = block->walk([&](ForOp loop) {
    if (loop.getMode().isTasks()) {
      loop.emitOpError() << "cuda_tasks loops must form the outermost nest of "
                            "the device function";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// WarpsOp
//===----------------------------------------------------------------------===//

ParseResult WarpsOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder b(parser.getContext());
  std::string group;
  if (succeeded(parser.parseOptionalString(&group)))
    result.addAttribute(getGroupAttrName(result.name), b.getStringAttr(group));
  int64_t lo;
  OptionalParseResult loResult = parser.parseOptionalInteger(lo);
  if (loResult.has_value()) {
    int64_t hi;
    if (failed(*loResult) || parser.parseKeyword("to") ||
        parser.parseInteger(hi))
      return failure();
    result.addAttribute(getLoAttrName(result.name), b.getI64IntegerAttr(lo));
    result.addAttribute(getHiAttrName(result.name), b.getI64IntegerAttr(hi));
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void WarpsOp::print(OpAsmPrinter &p) {
  if (auto g = getGroup()) {
    p << ' ';
    p.printString(*g);
  }
  if (getLo() && getHi())
    p << ' ' << *getLo() << " to " << *getHi();
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getGroupAttrName(), getLoAttrName(), getHiAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

LogicalResult WarpsOp::verify() {
  DeviceFunctionOp device = getEnclosingDeviceFunction(*this);
  if (!device)
    return emitOpError() << "must be inside an exo.device_function";
  if (static_cast<bool>(getLo()) != static_cast<bool>(getHi()))
    return emitOpError() << "expected both or neither of lo and hi";
  std::optional<StringRef> group = getGroup();
  if (!group && !getLo())
    return emitOpError() << "expected a warp group name or a warp range";
  int64_t limit = device.getNumThreads() / 32;
  if (group) {
    if (auto parent = (*this)->getParentOfType<WarpsOp>())
      return emitOpError() << "a named warp selection cannot be nested in "
                              "another exo.warps";
    FailureOr<std::pair<int64_t, int64_t>> range =
        device.lookupWarpGroup(*group);
    if (failed(range))
      return emitOpError() << "the device function has no warp group named '"
                           << *group << "'";
    limit = range->second;
  }
  if (getLo()) {
    int64_t lo = *getLo(), hi = *getHi();
    if (lo < 0 || lo >= hi)
      return emitOpError() << "expected a non-empty warp range with 0 <= lo "
                              "< hi, got "
                           << lo << " to " << hi;
    if (hi > limit)
      return emitOpError() << "warp range " << lo << " to " << hi
                           << " exceeds the " << limit << " warps available";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Synchronization timelines allowed per mechanism
//===----------------------------------------------------------------------===//

/// Whether `tl` is the timeline of asynchronous work, which only its
/// completion mechanism (a trailing barrier or a commit group) orders.
static bool isAsyncTimeline(SyncTimeline tl) {
  switch (tl) {
  case SyncTimeline::TmaToSmemAsync:
  case SyncTimeline::TmaToGmemAsync:
  case SyncTimeline::WgmmaAsync:
  case SyncTimeline::WgmmaAsyncSmem:
    return true;
  default:
    return false;
  }
}

/// The timelines an Arrive on a barrier of kind `kind` may wait for.
static ArrayRef<SyncTimeline> getArriveTimelines(BarrierKind kind) {
  using T = SyncTimeline;
  static const T mbarrier[] = {T::CudaInOrder, T::CudaTemporal, T::CpAsync};
  static const T cpAsync[] = {T::CpAsync};
  static const T bulk[] = {T::TmaToGmemAsync};
  static const T wgmma[] = {T::WgmmaAsync};
  static const T cluster[] = {T::CudaInOrder, T::CudaTemporal};
  switch (kind) {
  case BarrierKind::Mbarrier:
    return mbarrier;
  case BarrierKind::CpAsyncGroup:
    return cpAsync;
  case BarrierKind::BulkGroup:
    return bulk;
  case BarrierKind::WgmmaGroup:
    return wgmma;
  case BarrierKind::ClusterSync:
    return cluster;
  }
  return {};
}

/// The timelines an Await on a barrier of kind `kind` may make visible.
static ArrayRef<SyncTimeline> getAwaitTimelines(BarrierKind kind) {
  using T = SyncTimeline;
  static const T mbarrier[] = {T::CudaInOrder, T::CudaTemporal,
                               T::CudaGenericAndAsyncProxy, T::WgmmaAsyncSmem};
  static const T group[] = {T::CudaInOrder, T::CudaTemporal,
                            T::CudaGenericAndAsyncProxy};
  static const T cluster[] = {T::CudaInOrder, T::CudaTemporal};
  switch (kind) {
  case BarrierKind::Mbarrier:
    return mbarrier;
  case BarrierKind::ClusterSync:
    return cluster;
  default:
    return group;
  }
}

/// Emits "expected one of ..." for a timeline outside `allowed`.
static LogicalResult checkTimeline(Operation *op, SyncTimeline tl,
                                   ArrayRef<SyncTimeline> allowed,
                                   StringRef what, BarrierKind kind) {
  if (llvm::is_contained(allowed, tl))
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << "an " << what << " on a '"
                            << stringifyBarrierKind(kind)
                            << "' barrier cannot use timeline '"
                            << stringifySyncTimeline(tl) << "' (expected ";
  llvm::interleave(
      allowed, diag, [&](SyncTimeline t) { diag << stringifySyncTimeline(t); },
      " or ");
  return diag << ")";
}

//===----------------------------------------------------------------------===//
// FenceOp
//===----------------------------------------------------------------------===//

ParseResult FenceOp::parse(OpAsmParser &parser, OperationState &result) {
  auto parseTl = [&](StringAttr name) -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef kw;
    if (parser.parseKeyword(&kw))
      return failure();
    std::optional<SyncTimeline> tl = symbolizeSyncTimeline(kw);
    if (!tl)
      return parser.emitError(loc)
             << "unknown synchronization timeline '" << kw << "'";
    result.addAttribute(name, SyncTimelineAttr::get(parser.getContext(), *tl));
    return success();
  };
  if (parser.parseLParen() || parseTl(getFirstAttrName(result.name)) ||
      parser.parseComma() || parseTl(getSecondAttrName(result.name)) ||
      parser.parseRParen() || rejectTrailingBarrier(parser, "exo.fence") ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void FenceOp::print(OpAsmPrinter &p) {
  p << '(' << stringifySyncTimeline(getFirst()) << ", "
    << stringifySyncTimeline(getSecond()) << ')';
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getFirstAttrName(), getSecondAttrName()});
}

bool exo::isGpuFence(SyncTimeline first, SyncTimeline second) {
  if (first == SyncTimeline::WgmmaFence1 && second == SyncTimeline::WgmmaFence2)
    return true;
  auto generic = [](SyncTimeline t) {
    return t == SyncTimeline::CudaInOrder || t == SyncTimeline::CudaTemporal ||
           t == SyncTimeline::CudaGenericAndAsyncProxy;
  };
  return generic(first) && generic(second);
}

LogicalResult FenceOp::verify() {
  if (!getEnclosingDeviceFunction(*this)) {
    auto proc = (*this)->getParentOfType<ProcOp>();
    if (!proc || !proc.isInstr())
      return emitOpError() << "must be inside an exo.device_function (host "
                              "code has nothing to fence)";
  }
  bool first1 = getFirst() == SyncTimeline::WgmmaFence1;
  bool second2 = getSecond() == SyncTimeline::WgmmaFence2;
  if (first1 != second2)
    return emitOpError() << "wgmma_fence_1 and wgmma_fence_2 form one fence "
                            "(wgmma.fence): use them together";
  if (getFirst() == SyncTimeline::WgmmaFence2 ||
      getSecond() == SyncTimeline::WgmmaFence1)
    return emitOpError() << "the wgmma fence is written "
                            "exo.fence(wgmma_fence_1, wgmma_fence_2)";
  if (isAsyncTimeline(getFirst()))
    return emitOpError() << "a fence cannot wait for asynchronous '"
                         << stringifySyncTimeline(getFirst())
                         << "' work; await its commit group or mbarrier";
  if (getSecond() == SyncTimeline::WgmmaAsync ||
      getSecond() == SyncTimeline::WgmmaAsyncSmem)
    return emitOpError() << "a fence before wgmma is "
                            "exo.fence(wgmma_fence_1, wgmma_fence_2) (or "
                            "cuda_generic_and_async_proxy for shared memory)";
  if (getEnclosingDeviceFunction(*this) && !isGpuFence(getFirst(), getSecond()))
    return emitOpError()
           << "Fence(" << stringifySyncTimeline(getFirst()) << ", "
           << stringifySyncTimeline(getSecond())
           << ") is not a GPU fence: a fence in device code orders "
              "cuda_in_order, cuda_temporal and cuda_generic_and_async_proxy "
              "accesses (the last adds fence.proxy.async, which orders them "
              "before TMA and wgmma), or is exo.fence(wgmma_fence_1, "
              "wgmma_fence_2)";
  return success();
}

//===----------------------------------------------------------------------===//
// ArriveOp
//===----------------------------------------------------------------------===//

static ParseResult parseSyncTimelineKeyword(OpAsmParser &parser,
                                            SyncTimelineAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kw;
  if (parser.parseKeyword(&kw))
    return failure();
  std::optional<SyncTimeline> tl = symbolizeSyncTimeline(kw);
  if (!tl)
    return parser.emitError(loc)
           << "unknown synchronization timeline '" << kw << "'";
  attr = SyncTimelineAttr::get(parser.getContext(), *tl);
  return success();
}

ParseResult ArriveOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  SyncTimelineAttr tl;
  if (parser.parseLParen() || parseSyncTimelineKeyword(parser, tl) ||
      parser.parseRParen())
    return failure();
  result.addAttribute(getTimelineAttrName(result.name), tl);
  std::optional<OpAsmParser::UnresolvedOperand> barrier;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  SmallVector<int64_t> statics;
  int64_t numTargets = 0;
  while (succeeded(parser.parseOptionalGreater())) {
    SMLoc loc = parser.getCurrentLocation();
    OpAsmParser::UnresolvedOperand bar;
    if (parser.parseGreater() || parser.parseOperand(bar))
      return failure();
    if (barrier && (barrier->name != bar.name || barrier->number != bar.number))
      return parser.emitError(loc)
             << "all targets of one arrive must name the same barrier array";
    barrier = bar;
    if (parseBarrierIndices(parser, indices, statics, /*allowMulticast=*/true))
      return failure();
    ++numTargets;
  }
  if (!barrier)
    return parser.emitError(parser.getCurrentLocation())
           << "expected '>>' and a barrier expression";
  Type barType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(barType) ||
      parser.resolveOperand(*barrier, barType, result.operands) ||
      parser.resolveOperands(indices, IndexType::get(ctx), result.operands))
    return failure();
  result.addAttribute(getStaticIndicesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, statics));
  result.addAttribute(getNumTargetsAttrName(result.name),
                      IntegerAttr::get(IntegerType::get(ctx, 64), numTargets));
  return success();
}

void ArriveOp::print(OpAsmPrinter &p) {
  p << '(' << stringifySyncTimeline(getTimeline()) << ')';
  ValueRange idx = getIndices();
  unsigned rank = getBarrier().getType().getRank();
  ArrayRef<int64_t> statics = getStaticIndices();
  int64_t numTargets = getNumTargets();
  for (int64_t t = 0; t < numTargets; ++t) {
    p << " >> " << getBarrier();
    if (statics.size() >= static_cast<size_t>(t + 1) * rank)
      printBarrierIndices(p, statics.slice(t * rank, rank), idx);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getTimelineAttrName(), getStaticIndicesAttrName(),
                           getNumTargetsAttrName()});
  p << " : " << getBarrier().getType();
}

SmallVector<OpFoldResult> ArriveOp::getTargetIndices(unsigned i) {
  unsigned rank = getBarrier().getType().getRank();
  ArrayRef<int64_t> statics = getStaticIndices();
  unsigned dynBefore =
      llvm::count_if(statics.take_front(i * rank), ShapedType::isDynamic);
  return getMixedValues(statics.slice(i * rank, rank),
                        getIndices().drop_front(dynBefore), getContext());
}

LogicalResult ArriveOp::verify() {
  BarrierType type = getBarrier().getType();
  int64_t n = getNumTargets();
  if (n < 1)
    return emitOpError() << "expected at least one barrier expression";
  ArrayRef<int64_t> statics = getStaticIndices();
  if (n > static_cast<int64_t>(statics.size()) + 1)
    return emitOpError() << n << " barrier expressions cannot be written with "
                         << statics.size() << " indices";
  if (statics.size() != static_cast<size_t>(n) * type.getRank())
    return emitOpError() << "expected " << n * type.getRank()
                         << " barrier indices, got " << statics.size();
  if (static_cast<size_t>(llvm::count_if(statics, ShapedType::isDynamic)) !=
      getIndices().size())
    return emitOpError() << "index operands do not match static_indices";
  for (int64_t t = 0; t < n; ++t)
    if (failed(verifyBarrierIndices(
            *this, type, statics.slice(t * type.getRank(), type.getRank()))))
      return failure();
  if (n > 1 && type.getKind() != BarrierKind::Mbarrier)
    return emitOpError() << "only mbarriers support multicast, not '"
                         << stringifyBarrierKind(type.getKind()) << "'";
  return checkTimeline(*this, getTimeline(), getArriveTimelines(type.getKind()),
                       "arrive", type.getKind());
}

//===----------------------------------------------------------------------===//
// AwaitOp
//===----------------------------------------------------------------------===//

ParseResult AwaitOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  OpAsmParser::UnresolvedOperand barrier;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  SmallVector<int64_t> statics;
  SyncTimelineAttr tl;
  int64_t pending;
  Type barType;
  if (parser.parseLParen() || parser.parseOperand(barrier) ||
      parseBarrierIndices(parser, indices, statics, /*allowMulticast=*/false) ||
      parser.parseComma() || parseSyncTimelineKeyword(parser, tl) ||
      parser.parseComma() || parser.parseInteger(pending) ||
      parser.parseRParen() || rejectTrailingBarrier(parser, "exo.await") ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(barType) ||
      parser.resolveOperand(barrier, barType, result.operands) ||
      parser.resolveOperands(indices, IndexType::get(ctx), result.operands))
    return failure();
  result.addAttribute(getStaticIndicesAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, statics));
  result.addAttribute(getTimelineAttrName(result.name), tl);
  result.addAttribute(getPendingAttrName(result.name),
                      IntegerAttr::get(IntegerType::get(ctx, 64), pending));
  return success();
}

void AwaitOp::print(OpAsmPrinter &p) {
  p << '(' << getBarrier();
  ValueRange idx = getIndices();
  printBarrierIndices(p, getStaticIndices(), idx);
  p << ", " << stringifySyncTimeline(getTimeline()) << ", " << getPending()
    << ')';
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getStaticIndicesAttrName(), getTimelineAttrName(),
                           getPendingAttrName()});
  p << " : " << getBarrier().getType();
}

SmallVector<OpFoldResult> AwaitOp::getMixedIndices() {
  return getMixedValues(getStaticIndices(), getIndices(), getContext());
}

LogicalResult AwaitOp::verify() {
  BarrierType type = getBarrier().getType();
  if (failed(verifyBarrierIndices(*this, type, getStaticIndices())))
    return failure();
  if (llvm::is_contained(getStaticIndices(), kMulticastIndex))
    return emitOpError() << "an await names one barrier element; ':' is only "
                            "for arrives";
  if (static_cast<size_t>(llvm::count_if(
          getStaticIndices(), ShapedType::isDynamic)) != getIndices().size())
    return emitOpError() << "index operands do not match static_indices";
  int64_t n = getPending();
  if (n < 0)
    return emitOpError() << "the number of pending arrivals N must be >= 0, "
                            "got "
                         << n;
  if (n > std::numeric_limits<int32_t>::max())
    return emitOpError() << "the number of pending arrivals N must fit the "
                            "wait instructions' 32-bit immediate, got "
                         << n;
  if (n != 0 && !type.isCommitGroup())
    return emitOpError() << "N must be 0 for '"
                         << stringifyBarrierKind(type.getKind())
                         << "' barriers (only commit groups leave arrivals "
                            "pending), got "
                         << n;
  return checkTimeline(*this, getTimeline(), getAwaitTimelines(type.getKind()),
                       "await", type.getKind());
}

//===----------------------------------------------------------------------===//
// TableGen'd definitions
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Names and accesses
//===----------------------------------------------------------------------===//

Value exo::lookupIndexName(Operation *at, StringRef name) {
  for (Operation *p = at->getParentOp(); p; p = p->getParentOp()) {
    if (auto loop = dyn_cast<ForOp>(p); loop && loop.getIterName() == name)
      return loop.getInductionVar();
    if (auto proc = dyn_cast<ProcOp>(p)) {
      for (BlockArgument arg : proc.getBodyBlock().getArguments())
        if (arg.getType().isIndex() &&
            proc.getArgName(arg.getArgNumber()) == name)
          return arg;
      return Value();
    }
  }
  return Value();
}

std::string exo::tensorName(Value tensor) {
  if (auto arg = dyn_cast<BlockArgument>(tensor))
    if (auto proc = dyn_cast<ProcOp>(arg.getOwner()->getParentOp()))
      return proc.getArgName(arg.getArgNumber()).str();
  if (auto alloc = tensor.getDefiningOp<AllocOp>())
    return alloc.getName().str();
  return "?";
}

bool exo::getAccess(Operation *op, Value &tensor,
                    SmallVectorImpl<OpFoldResult> &indices) {
  auto access = dyn_cast<ElementAccessOpInterface>(op);
  if (!access)
    return false;
  tensor = access.getTensor();
  indices = access.getAccessIndices();
  return true;
}

//===----------------------------------------------------------------------===//
// Synchronization statements
//===----------------------------------------------------------------------===//

Value FenceOp::getSyncBarrier() { return Value(); }
Value ArriveOp::getSyncBarrier() { return getBarrier(); }
Value AwaitOp::getSyncBarrier() { return getBarrier(); }

//===- ExoTransformOps.cpp - Scheduling ops on exo programs ---------------===//
//
// Part of the Exo-GPU project.
//
// Thin wrappers: each op collects its payload, runs the precondition of the
// rewrite in ExoGPU/Transforms/Rewrites.h on every payload op, reports a
// refusal as a silenceable failure, and only then rewrites.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOps.h"

#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Transforms/Rewrites.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace exo;

//===----------------------------------------------------------------------===//
// Custom directives and generated code
//===----------------------------------------------------------------------===//

static ParseResult parseLoopMode(OpAsmParser &parser, LoopModeAttr &mode) {
  FailureOr<LoopModeAttr> parsed = LoopModeAttr::parseBare(parser);
  if (failed(parsed))
    return failure();
  mode = *parsed;
  return success();
}

static void printLoopMode(OpAsmPrinter &printer, Operation *,
                          LoopModeAttr mode) {
  mode.printBare(printer);
}

static ParseResult parseMemory(OpAsmParser &parser, MemoryAttr &memory) {
  FailureOr<MemoryAttr> parsed = MemoryAttr::parseBare(parser);
  if (failed(parsed))
    return failure();
  memory = *parsed;
  return success();
}

static void printMemory(OpAsmPrinter &printer, Operation *, MemoryAttr memory) {
  memory.printBare(printer);
}

/// An instruction: `@proc`, or an instruction family instance in
/// parentheses (`(#exo.wgmma<...>)`: a dialect attribute followed by the
/// op's `:` would take the op's types for its own).
static ParseResult parseCallee(OpAsmParser &parser, Attribute &callee) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseAttribute(callee) || parser.parseRParen())
      return failure();
    if (!isa<InstrFamilyAttr>(callee))
      return parser.emitError(loc)
             << "expected an instruction family instance (#exo.<family><...>), "
                "got "
             << callee;
    return success();
  }
  FlatSymbolRefAttr symbol;
  if (parser.parseAttribute(symbol))
    return failure();
  callee = symbol;
  return success();
}

static void printCallee(OpAsmPrinter &printer, Operation *, Attribute callee) {
  if (isa<InstrFamilyAttr>(callee)) {
    printer << '(';
    printer.printAttribute(callee);
    printer << ')';
    return;
  }
  printer.printAttribute(callee);
}

/// A parameter operand, when the next token starts one: sets `param` and
/// returns its parse result; otherwise returns std::nullopt.
static OptionalParseResult
parseOptionalParam(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &param) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult got = parser.parseOptionalOperand(operand);
  if (got.has_value() && succeeded(*got))
    param = operand;
  return got;
}

/// A parameter operand when the next token starts one, else what `literal`
/// parses: the `X or a parameter that holds one` of the ops' syntax.
template <typename ParseLiteral>
static ParseResult
parseParamOr(OpAsmParser &parser,
             std::optional<OpAsmParser::UnresolvedOperand> &param,
             ParseLiteral literal) {
  OptionalParseResult got = parseOptionalParam(parser, param);
  if (got.has_value())
    return *got;
  return literal();
}

/// Prints the parameter operand when there is one, else `literal()`: the
/// printer of parseParamOr's syntax.
template <typename PrintLiteral>
static void printParamOr(OpAsmPrinter &printer, Value param,
                         PrintLiteral literal) {
  if (param)
    printer.printOperand(param);
  else
    literal();
}

/// A memory as in parseMemory, or a parameter that holds one.
static ParseResult
parseMemoryOrParam(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &param,
                   MemoryAttr &memory) {
  return parseParamOr(parser, param,
                      [&] { return parseMemory(parser, memory); });
}

static void printMemoryOrParam(OpAsmPrinter &printer, Operation *op,
                               Value param, MemoryAttr memory) {
  printParamOr(printer, param, [&] { printMemory(printer, op, memory); });
}

/// An instruction as in parseCallee, or a parameter that holds one.
static ParseResult
parseCalleeOrParam(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &param,
                   Attribute &callee) {
  return parseParamOr(parser, param,
                      [&] { return parseCallee(parser, callee); });
}

static void printCalleeOrParam(OpAsmPrinter &printer, Operation *op,
                               Value param, Attribute callee) {
  printParamOr(printer, param, [&] { printCallee(printer, op, callee); });
}

/// An integer, or a parameter that holds one.
static ParseResult
parseIntOrParam(OpAsmParser &parser,
                std::optional<OpAsmParser::UnresolvedOperand> &param,
                IntegerAttr &value) {
  return parseParamOr(parser, param, [&]() -> ParseResult {
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    value = parser.getBuilder().getI64IntegerAttr(v);
    return success();
  });
}

static void printIntOrParam(OpAsmPrinter &printer, Operation *, Value param,
                            IntegerAttr value) {
  printParamOr(printer, param, [&] { printer << value.getInt(); });
}

/// An array attribute, or a parameter that holds one.
static ParseResult
parseArrayOrParam(OpAsmParser &parser,
                  std::optional<OpAsmParser::UnresolvedOperand> &param,
                  ArrayAttr &value) {
  return parseParamOr(parser, param,
                      [&] { return parser.parseAttribute(value); });
}

static void printArrayOrParam(OpAsmPrinter &printer, Operation *, Value param,
                              ArrayAttr value) {
  printParamOr(printer, param, [&] { printer.printAttribute(value); });
}

/// `size N` or `ring N`, N an integer or a parameter: the extent clause of
/// expand_dim (`ringFromParam` records which keyword a parameter came with).
static ParseResult
parseSizeOrRing(OpAsmParser &parser,
                std::optional<OpAsmParser::UnresolvedOperand> &param,
                IntegerAttr &size, IntegerAttr &ring, UnitAttr &ringFromParam) {
  bool isRing = succeeded(parser.parseOptionalKeyword("ring"));
  if (!isRing && parser.parseKeyword("size", "or 'ring'"))
    return failure();
  IntegerAttr value;
  if (parseIntOrParam(parser, param, value))
    return failure();
  if (param && isRing)
    ringFromParam = parser.getBuilder().getUnitAttr();
  (isRing ? ring : size) = value;
  return success();
}

static void printSizeOrRing(OpAsmPrinter &printer, Operation *op, Value param,
                            IntegerAttr size, IntegerAttr ring,
                            UnitAttr ringFromParam) {
  bool isRing = param ? static_cast<bool>(ringFromParam) : !size;
  printer << (isRing ? "ring " : "size ");
  printIntOrParam(printer, op, param, isRing ? ring : size);
}

/// A string, or a parameter that holds one.
static ParseResult
parseStrOrParam(OpAsmParser &parser,
                std::optional<OpAsmParser::UnresolvedOperand> &param,
                StringAttr &value) {
  return parseParamOr(parser, param, [&]() -> ParseResult {
    std::string text;
    if (parser.parseString(&text))
      return failure();
    value = parser.getBuilder().getStringAttr(text);
    return success();
  });
}

static void printStrOrParam(OpAsmPrinter &printer, Operation *, Value param,
                            StringAttr value) {
  printParamOr(printer, param, [&] { printer.printString(value.getValue()); });
}

/// divide_loop's tail strategy (`perfect`, `guard`, `cut`), or a parameter
/// that holds its name as a string.
static ParseResult
parseTailOrParam(OpAsmParser &parser,
                 std::optional<OpAsmParser::UnresolvedOperand> &param,
                 DivideTailAttr &tail) {
  return parseParamOr(parser, param, [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef word;
    if (parser.parseKeyword(&word))
      return failure();
    std::optional<DivideTail> t = symbolizeDivideTail(word);
    if (!t)
      return parser.emitError(loc)
             << "expected perfect, guard or cut, got '" << word << "'";
    tail = DivideTailAttr::get(parser.getContext(), *t);
    return success();
  });
}

static void printTailOrParam(OpAsmPrinter &printer, Operation *, Value param,
                             DivideTailAttr tail) {
  printParamOr(printer, param,
               [&] { printer << stringifyDivideTail(tail.getValue()); });
}

/// wrap_with_warps' `group G` and `warps LO to HI`, each optional, each
/// value written or a parameter.
static ParseResult parseWarpsSpec(
    OpAsmParser &parser,
    std::optional<OpAsmParser::UnresolvedOperand> &groupParam,
    StringAttr &group, std::optional<OpAsmParser::UnresolvedOperand> &loParam,
    IntegerAttr &lo, std::optional<OpAsmParser::UnresolvedOperand> &hiParam,
    IntegerAttr &hi) {
  if (succeeded(parser.parseOptionalKeyword("group")) &&
      parseStrOrParam(parser, groupParam, group))
    return failure();
  if (failed(parser.parseOptionalKeyword("warps")))
    return success();
  if (parseIntOrParam(parser, loParam, lo) || parser.parseKeyword("to"))
    return failure();
  return parseIntOrParam(parser, hiParam, hi);
}

static void printWarpsSpec(OpAsmPrinter &printer, Operation *op,
                           Value groupParam, StringAttr group, Value loParam,
                           IntegerAttr lo, Value hiParam, IntegerAttr hi) {
  if (groupParam || group) {
    printer << "group ";
    printStrOrParam(printer, op, groupParam, group);
  }
  if (loParam || lo || hiParam || hi) {
    printer << ((groupParam || group) ? " warps " : "warps ");
    printIntOrParam(printer, op, loParam, lo);
    printer << " to ";
    printIntOrParam(printer, op, hiParam, hi);
  }
}

/// A loop mode as in parseLoopMode, or a parameter that holds one.
static ParseResult
parseLoopModeOrParam(OpAsmParser &parser,
                     std::optional<OpAsmParser::UnresolvedOperand> &param,
                     LoopModeAttr &mode) {
  return parseParamOr(parser, param,
                      [&] { return parseLoopMode(parser, mode); });
}

static void printLoopModeOrParam(OpAsmPrinter &printer, Operation *op,
                                 Value param, LoopModeAttr mode) {
  printParamOr(printer, param, [&] { printLoopMode(printer, op, mode); });
}

/// A list of strings and parameters, `["16 * io", %p]`: the strings in
/// `strings`, with an empty string where a parameter stands.
static ParseResult
parseStrList(OpAsmParser &parser,
             SmallVectorImpl<OpAsmParser::UnresolvedOperand> &params,
             ArrayAttr &strings) {
  SmallVector<Attribute> entries;
  Builder &b = parser.getBuilder();
  auto entry = [&]() -> ParseResult {
    std::optional<OpAsmParser::UnresolvedOperand> param;
    OptionalParseResult got = parseOptionalParam(parser, param);
    if (got.has_value()) {
      if (failed(*got))
        return failure();
      params.push_back(*param);
      entries.push_back(b.getStringAttr(""));
      return success();
    }
    std::string text;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseString(&text))
      return failure();
    if (text.empty())
      return parser.emitError(loc, "expected a non-empty expression");
    entries.push_back(b.getStringAttr(text));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, entry))
    return failure();
  strings = b.getArrayAttr(entries);
  return success();
}

static void printStrList(OpAsmPrinter &printer, Operation *,
                         OperandRange params, ArrayAttr strings) {
  printer << '[';
  unsigned next = 0;
  llvm::interleaveComma(strings, printer, [&](Attribute a) {
    StringRef text = cast<StringAttr>(a).getValue();
    if (text.empty())
      printer.printOperand(params[next++]);
    else
      printer.printString(text);
  });
  printer << ']';
}

#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOpsEnums.cpp.inc"

#define GET_OP_CLASSES
#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A refusal as a silenceable failure: at `why.errorLoc` or at the transform
/// op, with the refusal's notes.
static DiagnosedSilenceableFailure report(Operation *transformOp,
                                          const Refusal &why) {
  DiagnosedSilenceableFailure diag = emitSilenceableFailure(
      why.errorLoc.value_or(transformOp->getLoc()), why.message);
  for (const auto &[loc, msg] : why.notes)
    diag.attachNote(loc) << msg;
  return diag;
}

/// Runs `body`, which rewrites `targets` one after the other; if it fails
/// after rewriting some of them, or its result does not verify, the procs
/// that hold the targets get back the bodies they had, so that a refused
/// transform op leaves the IR untouched (the rewritten ops are erased
/// through `rewriter`, which drops them from every handle). The verifier is
/// a safety net under the rewrites' own preconditions: a rewrite that missed
/// a structural rule (e.g. the task nest of a device function) is refused
/// with the verifier's message instead of leaving invalid IR.
static DiagnosedSilenceableFailure
allOrNothing(Operation *transformOp, transform::TransformRewriter &rewriter,
             ArrayRef<Operation *> targets,
             function_ref<DiagnosedSilenceableFailure()> body) {
  SmallVector<ProcOp> procs;
  for (Operation *t : targets) {
    auto proc = dyn_cast<ProcOp>(t);
    if (!proc)
      proc = t->getParentOfType<ProcOp>();
    if (proc && !llvm::is_contained(procs, proc))
      procs.push_back(proc);
  }
  SmallVector<Operation *> saved;
  for (ProcOp proc : procs)
    saved.push_back(proc->clone());
  DiagnosedSilenceableFailure result = body();
  if (result.succeeded()) {
    for (ProcOp proc : procs) {
      std::string first;
      Location firstLoc = proc.getLoc();
      LogicalResult verified = success();
      {
        ScopedDiagnosticHandler handler(proc.getContext(),
                                        [&](Diagnostic &diag) {
                                          if (first.empty()) {
                                            first = diag.str();
                                            firstLoc = diag.getLocation();
                                          }
                                          return success();
                                        });
        verified = verify(proc);
      }
      if (failed(verified)) {
        DiagnosedSilenceableFailure diag = emitSilenceableFailure(
            transformOp->getLoc(), "the rewritten proc would not verify; "
                                   "the rewrite is refused");
        diag.attachNote(firstLoc) << "the verifier says: " << first;
        result = std::move(diag);
        break;
      }
    }
  }
  if (!result.succeeded())
    for (auto [proc, copy] : llvm::zip(procs, saved)) {
      Block &now = proc.getBodyBlock();
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(now)))
        rewriter.eraseOp(&op);
      // A rewrite that changed the signature (persist_tasks adds a size)
      // gets the old one back too.
      Block &old = cast<ProcOp>(copy).getBodyBlock();
      if (now.getArgumentTypes() != old.getArgumentTypes()) {
        now.eraseArguments(0, now.getNumArguments());
        for (BlockArgument arg : old.getArguments())
          now.addArgument(arg.getType(), arg.getLoc());
      }
      Operation *saved = copy;
      ProcOp target = proc;
      rewriter.modifyOpInPlace(target, [&] {
        target->copyProperties(saved->getPropertiesStorage());
        target->setDiscardableAttrs(saved->getDiscardableAttrDictionary());
      });
      rewriter.inlineBlockBefore(&old, &now, now.end(), now.getArguments());
    }
  for (Operation *copy : saved)
    copy->erase();
  return result;
}

/// Rewrites every target in turn with `rewrite` (which explains a refusal
/// through `why`), all or nothing: a refusal at any target leaves the IR as
/// it was before the first (allOrNothing).
template <typename T, typename RewriteFn>
static DiagnosedSilenceableFailure
rewriteEach(Operation *transformOp, transform::TransformRewriter &rewriter,
            ArrayRef<T> targets, RewriteFn rewrite) {
  SmallVector<Operation *> ops;
  for (T target : targets)
    ops.push_back(target);
  return allOrNothing(transformOp, rewriter, ops, [&] {
    for (T target : targets) {
      Refusal why;
      if (failed(rewrite(target, why)))
        return report(transformOp, why);
    }
    return DiagnosedSilenceableFailure::success();
  });
}

/// The op that stands for a target (a value: its definition or the op of
/// its block), for finding its proc.
static Operation *targetOp(Operation *op) { return op; }
template <typename OpT> static Operation *targetOp(OpT op) {
  return op.getOperation();
}
static Operation *targetOp(Value v) {
  if (Operation *def = v.getDefiningOp())
    return def;
  return v.getParentRegion()->getParentOp();
}

/// Checks every target, then rewrites every target: a refused check leaves
/// the IR untouched, and so does (through allOrNothing) a result that does
/// not verify. `apply` may record results; both report through `why`.
template <typename T, typename CheckFn, typename ApplyFn>
static DiagnosedSilenceableFailure
checkAllThenApply(Operation *transformOp,
                  transform::TransformRewriter &rewriter, ArrayRef<T> targets,
                  CheckFn check, ApplyFn apply) {
  for (T target : targets) {
    Refusal why;
    if (failed(check(target, why)))
      return report(transformOp, why);
  }
  SmallVector<Operation *> ops;
  for (T target : targets)
    ops.push_back(targetOp(target));
  return allOrNothing(transformOp, rewriter, ops, [&] {
    for (T target : targets) {
      Refusal why;
      if (failed(apply(target, why)))
        return report(transformOp, why);
    }
    return DiagnosedSilenceableFailure::success();
  });
}

/// The payload of `handle` as ops of type `OpTy`, or a silenceable failure
/// at the first payload op that is not one.
template <typename OpTy>
static DiagnosedSilenceableFailure
getPayloadsAs(transform::TransformOpInterface transformOp,
              transform::TransformState &state, Value handle,
              SmallVectorImpl<OpTy> &out) {
  for (Operation *op : state.getPayloadOps(handle)) {
    auto typed = dyn_cast<OpTy>(op);
    if (!typed) {
      DiagnosedSilenceableFailure diag =
          transformOp.emitSilenceableError()
          << "expected an " << OpTy::getOperationName() << " payload, got '"
          << op->getName() << "'";
      diag.attachNote(op->getLoc()) << "this payload op";
      return diag;
    }
    out.push_back(typed);
  }
  return DiagnosedSilenceableFailure::success();
}

static DiagnosedSilenceableFailure
getLoops(transform::TransformOpInterface transformOp,
         transform::TransformState &state, Value handle,
         SmallVectorImpl<ForOp> &loops) {
  return getPayloadsAs<ForOp>(transformOp, state, handle, loops);
}

/// The payloads of two handles of loops, paired in order (as many of each).
static DiagnosedSilenceableFailure
getLoopPairs(transform::TransformOpInterface transformOp,
             transform::TransformState &state, Value first, Value second,
             SmallVectorImpl<ForOp> &firsts, SmallVectorImpl<ForOp> &seconds) {
  DiagnosedSilenceableFailure got = getLoops(transformOp, state, first, firsts);
  if (!got.succeeded())
    return got;
  got = getLoops(transformOp, state, second, seconds);
  if (!got.succeeded())
    return got;
  if (firsts.size() != seconds.size())
    return transformOp.emitSilenceableError()
           << "expected as many second loops as first loops, got "
           << seconds.size() << " and " << firsts.size();
  return DiagnosedSilenceableFailure::success();
}

static void consumesTargetProducesResults(
    Operation *op, OpOperand &target,
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(target, effects);
  transform::producesHandle(op->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

/// Whether `op`'s operand segments (AttrSizedOperandSegments) are sizes
/// that add up to its operands. A named sequence's verifier asks its ops
/// for their effects before their own verifiers run, and the accessors
/// slice the operands by these sizes: an op whose segments do not describe
/// its operands reports no effects, and its verifier the error.
static bool segmentsDescribeOperands(Operation *op) {
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
      op->getInherentAttr("operandSegmentSizes").value_or(Attribute()));
  if (!sizes)
    return false;
  int64_t total = 0;
  for (int32_t n : sizes.asArrayRef()) {
    if (n < 0)
      return false;
    total += n;
  }
  return total == static_cast<int64_t>(op->getNumOperands());
}

/// The one attribute `param` holds, or a definite failure naming `what`.
static DiagnosedSilenceableFailure paramValue(Operation *op,
                                              transform::TransformState &state,
                                              Value param, StringRef what,
                                              Attribute &value) {
  ArrayRef<Attribute> values = state.getParams(param);
  if (values.size() != 1)
    return emitDefiniteFailure(op) << what << ": the parameter holds "
                                   << values.size() << " values; expected one";
  value = values.front();
  return DiagnosedSilenceableFailure::success();
}

/// Whether `a` is an integer a parameter may hold: an i64 (a narrower or
/// wider width would be read sign-extended or truncated).
static bool isParamInt(Attribute a) {
  auto i = dyn_cast<IntegerAttr>(a);
  return i && i.getType().isSignlessInteger(64);
}

/// The integer `param` holds, which must be `positive` when asked.
static DiagnosedSilenceableFailure paramInt(Operation *op,
                                            transform::TransformState &state,
                                            Value param, StringRef what,
                                            bool positive, int64_t &value) {
  Attribute a;
  DiagnosedSilenceableFailure got = paramValue(op, state, param, what, a);
  if (!got.succeeded())
    return got;
  if (!isParamInt(a))
    return emitDefiniteFailure(op)
           << what << ": the parameter holds " << a << ", not an i64 integer";
  value = cast<IntegerAttr>(a).getInt();
  if (positive && value < 1)
    return emitDefiniteFailure(op) << what << ": the parameter holds " << value
                                   << "; expected a positive integer";
  return DiagnosedSilenceableFailure::success();
}

/// What an integer taken from a parameter may be.
enum class IntRange { Any, NonNegative, Positive };

/// The integer of `attr`, or the one `param` holds, which must lie in
/// `range` (a written one is judged by the rewrite).
static DiagnosedSilenceableFailure
intOrParam(Operation *op, transform::TransformState &state, Value param,
           std::optional<uint64_t> attr, StringRef what, IntRange range,
           int64_t &value) {
  if (!param) {
    value = static_cast<int64_t>(attr.value_or(0));
    return DiagnosedSilenceableFailure::success();
  }
  DiagnosedSilenceableFailure got =
      paramInt(op, state, param, what, range == IntRange::Positive, value);
  if (!got.succeeded() || range != IntRange::NonNegative || value >= 0)
    return got;
  return emitDefiniteFailure(op) << what << ": the parameter holds " << value
                                 << "; expected an integer >= 0";
}

/// The verifier of a value an op takes as an attribute or as a parameter:
/// the custom syntax writes exactly one; the generic form may write both or
/// neither. `form` is how the attribute writes it ("an integer").
static LogicalResult verifyAttrOrParam(Operation *op, bool hasParam,
                                       bool hasAttr, StringRef what,
                                       StringRef form) {
  if (hasParam != hasAttr)
    return success();
  return op->emitOpError() << "takes " << what << " as " << form
                           << " or as a parameter, not "
                           << (hasAttr ? "both" : "neither");
}

/// The string of `attr`, or the one `param` holds.
static DiagnosedSilenceableFailure
strOrParam(Operation *op, transform::TransformState &state, Value param,
           std::optional<StringRef> attr, StringRef what, std::string &value) {
  if (!param) {
    value = attr.value_or("").str();
    return DiagnosedSilenceableFailure::success();
  }
  Attribute a;
  DiagnosedSilenceableFailure got = paramValue(op, state, param, what, a);
  if (!got.succeeded())
    return got;
  auto text = dyn_cast<StringAttr>(a);
  if (!text)
    return emitDefiniteFailure(op)
           << what << ": the parameter holds " << a << ", not a string";
  value = text.getValue().str();
  return DiagnosedSilenceableFailure::success();
}

/// `statics` with each dynamic entry (ShapedType::kDynamic) replaced by the
/// positive integer of the next parameter of `params`.
static DiagnosedSilenceableFailure
resolveInts(Operation *op, transform::TransformState &state,
            ArrayRef<int64_t> statics, ValueRange params, StringRef what,
            SmallVectorImpl<int64_t> &out) {
  unsigned next = 0;
  for (int64_t v : statics) {
    if (!ShapedType::isDynamic(v)) {
      out.push_back(v);
      continue;
    }
    int64_t p;
    DiagnosedSilenceableFailure got = paramInt(
        op, state, params[next], (what + " " + Twine(out.size())).str(),
        /*positive=*/true, p);
    if (!got.succeeded())
      return got;
    ++next;
    out.push_back(p);
  }
  return DiagnosedSilenceableFailure::success();
}

/// `statics` with each empty entry replaced by the string, or the decimal
/// integer, of the next parameter of `params`.
static DiagnosedSilenceableFailure
resolveStrings(Operation *op, transform::TransformState &state,
               ArrayAttr statics, ValueRange params, StringRef what,
               SmallVectorImpl<std::string> &out) {
  unsigned next = 0;
  for (Attribute a : statics) {
    StringRef text = cast<StringAttr>(a).getValue();
    if (!text.empty()) {
      out.push_back(text.str());
      continue;
    }
    std::string name = (what + " " + Twine(out.size())).str();
    Attribute value;
    DiagnosedSilenceableFailure got =
        paramValue(op, state, params[next++], name, value);
    if (!got.succeeded())
      return got;
    if (auto s = dyn_cast<StringAttr>(value)) {
      out.push_back(s.getValue().str());
    } else if (isParamInt(value)) {
      out.push_back(std::to_string(cast<IntegerAttr>(value).getInt()));
    } else {
      return emitDefiniteFailure(op)
             << name << ": the parameter holds " << value
             << ", not a string or an i64 integer";
    }
  }
  return DiagnosedSilenceableFailure::success();
}

/// Checks that a list of strings (parseStrList's form) has one parameter
/// per empty entry.
static LogicalResult verifyStrParams(Operation *op, ArrayAttr strings,
                                     size_t params, StringRef what) {
  size_t slots = llvm::count_if(strings, [](Attribute a) {
    return cast<StringAttr>(a).getValue().empty();
  });
  if (slots != params)
    return op->emitOpError()
           << "has " << slots << " " << what << " to take from parameters but "
           << params << " parameters for them";
  return success();
}

DiagnosedSilenceableFailure
transform::ExprOp::apply(transform::TransformRewriter &,
                         transform::TransformResults &results,
                         transform::TransformState &state) {
  // Each argument's text: an integer in decimal, an index expression as
  // written (the index grammar takes parentheses only around a dividend).
  SmallVector<std::string> args;
  for (auto [i, arg] : llvm::enumerate(getArgs())) {
    std::string what = "argument " + std::to_string(i);
    Attribute value;
    DiagnosedSilenceableFailure got =
        paramValue(*this, state, arg, what, value);
    if (!got.succeeded())
      return got;
    if (auto s = dyn_cast<StringAttr>(value)) {
      args.push_back(s.getValue().str());
      continue;
    }
    if (!isParamInt(value))
      return emitDefiniteFailure() << what << ": the parameter holds " << value
                                   << ", not an i64 integer or a string";
    args.push_back(std::to_string(cast<IntegerAttr>(value).getInt()));
  }
  StringRef format = getFormat();
  std::string text;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      text += c;
      ++i;
      continue;
    }
    if (c == '}')
      return emitDefiniteFailure()
             << "unmatched '}' at offset " << i << " of \"" << format << "\"";
    if (c != '{') {
      text += c;
      continue;
    }
    size_t close = format.find('}', i);
    unsigned index;
    if (close == StringRef::npos ||
        format.slice(i + 1, close).getAsInteger(10, index))
      return emitDefiniteFailure()
             << "expected '{N}' with a decimal N at offset " << i << " of \""
             << format << "\"";
    if (index >= args.size())
      return emitDefiniteFailure()
             << "\"" << format << "\" names argument " << index << " but "
             << args.size() << (args.size() == 1 ? " is" : " are") << " given";
    text += args[index];
    i = close;
  }
  results.setParams(cast<OpResult>(getResult()),
                    {StringAttr::get(getContext(), text)});
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// transform.exo.match_proc
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::MatchProcOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<Operation *> found;
  for (Operation *root : state.getPayloadOps(getTarget()))
    root->walk<WalkOrder::PreOrder>([&](ProcOp proc) {
      if (proc.getSymName() == getProcName())
        found.push_back(proc);
      return WalkResult::skip();
    });
  if (found.empty())
    return emitSilenceableError()
           << "no exo.proc named @" << getProcName() << " in the target";
  results.set(cast<OpResult>(getResult()), found);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// transform.exo.match_loop
//===----------------------------------------------------------------------===//

LogicalResult transform::MatchLoopOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getIterNameParam()),
                           getIterName().has_value(), "the loop name",
                           "a string");
}

DiagnosedSilenceableFailure
transform::MatchLoopOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  std::string name;
  DiagnosedSilenceableFailure got = strOrParam(
      *this, state, getIterNameParam(), getIterName(), "the loop name", name);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> found;
  for (Operation *root : state.getPayloadOps(getTarget()))
    for (ForOp loop : matchLoops(root, name))
      found.push_back(loop);
  if (found.empty()) {
    DiagnosedSilenceableFailure diag = emitSilenceableError()
                                       << "no exo.for with iterator '" << name
                                       << "' in the target";
    for (Operation *root : state.getPayloadOps(getTarget()))
      diag.attachNote(root->getLoc()) << "the target";
    return diag;
  }
  results.set(cast<OpResult>(getResult()), found);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// transform.exo.match_access, get_sibling_stmt, get_body
//===----------------------------------------------------------------------===//

LogicalResult transform::MatchAccessOp::verify() {
  std::optional<StringRef> kind = getKind();
  if (kind && *kind != "read" && *kind != "assign" && *kind != "reduce")
    return emitOpError() << "kind must be \"read\", \"assign\" or "
                            "\"reduce\", not \""
                         << *kind << "\"";
  return success();
}

DiagnosedSilenceableFailure
transform::MatchAccessOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
  std::optional<StringRef> kind = getKind();
  SmallVector<Operation *> found;
  for (Operation *root : state.getPayloadOps(getTarget()))
    root->walk([&](Operation *op) {
      auto access = dyn_cast<ElementAccessOpInterface>(op);
      if (!access)
        return;
      if (kind && op->getName().stripDialect() != *kind)
        return;
      if (viewedArrayName(access.getTensor()) == getTensor())
        found.push_back(op);
    });
  if (found.empty())
    return emitSilenceableError()
           << "no access of '" << getTensor() << "'"
           << (kind ? " of kind '" + *kind + "'" : "") << " in the target";
  results.set(cast<OpResult>(getResult()), found);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure
transform::GetSiblingStmtOp::apply(transform::TransformRewriter &rewriter,
                                   transform::TransformResults &results,
                                   transform::TransformState &state) {
  SmallVector<Operation *> found;
  int64_t offset = getOffset();
  for (Operation *target : state.getPayloadOps(getTarget())) {
    Operation *op = target;
    for (int64_t n = std::abs(offset); op && n > 0;) {
      op = offset > 0 ? op->getNextNode() : op->getPrevNode();
      if (op && isStatement(op))
        --n;
    }
    if (!op || offset == 0) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "no statement " << std::abs(offset)
                                         << (offset >= 0 ? " after" : " before")
                                         << " the target in its block";
      diag.attachNote(target->getLoc()) << "the target";
      return diag;
    }
    found.push_back(op);
  }
  results.set(cast<OpResult>(getResult()), found);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure
transform::GetBodyOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  SmallVector<Operation *> found;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    if (!isa<ForOp, WarpsOp, DeviceFunctionOp>(target)) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "expected an exo.for, exo.warps or exo.device_function payload, "
             "got '"
          << target->getName() << "'";
      diag.attachNote(target->getLoc()) << "this payload op";
      return diag;
    }
    size_t before = found.size();
    for (Operation &op : target->getRegion(0).front())
      if (isStatement(&op))
        found.push_back(&op);
    if (found.size() == before) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "the body has no statement";
      diag.attachNote(target->getLoc()) << "the target";
      return diag;
    }
  }
  results.set(cast<OpResult>(getResult()), found);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// transform.exo.get_parent_loop
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::GetParentLoopOp::apply(transform::TransformRewriter &rewriter,
                                  transform::TransformResults &results,
                                  transform::TransformState &state) {
  llvm::SetVector<Operation *> parents;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto loop = op->getParentOfType<ForOp>();
    if (!loop) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError() << "the target is not inside an exo.for";
      diag.attachNote(op->getLoc()) << "the target";
      return diag;
    }
    parents.insert(loop);
  }
  results.set(cast<OpResult>(getParent()), parents.getArrayRef());
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// transform.exo.divide_loop
//===----------------------------------------------------------------------===//

static TailStrategy getTailStrategy(DivideTail tail) {
  switch (tail) {
  case DivideTail::Perfect:
    return TailStrategy::Perfect;
  case DivideTail::Cut:
    return TailStrategy::Cut;
  case DivideTail::Guard:
    break;
  }
  return TailStrategy::Guard;
}

DiagnosedSilenceableFailure
transform::DivideLoopOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  int64_t factor;
  DiagnosedSilenceableFailure gotFactor =
      intOrParam(*this, state, getFactorParam(), getFactor(), "the factor",
                 IntRange::Positive, factor);
  if (!gotFactor.succeeded())
    return gotFactor;
  std::string outerName, innerName, tailName;
  for (auto [param, attr, what, out] :
       {std::make_tuple(getOuterNameParam(), getOuterName(), "the outer name",
                        &outerName),
        std::make_tuple(getInnerNameParam(), getInnerName(), "the inner name",
                        &innerName)}) {
    DiagnosedSilenceableFailure gotName =
        strOrParam(*this, state, param, attr, what, *out);
    if (!gotName.succeeded())
      return gotName;
  }
  DivideTail tailKind = getTail().value_or(DivideTail::Guard);
  if (Value param = getTailParam()) {
    DiagnosedSilenceableFailure gotTail =
        strOrParam(*this, state, param, std::nullopt, "the tail", tailName);
    if (!gotTail.succeeded())
      return gotTail;
    std::optional<DivideTail> t = symbolizeDivideTail(tailName);
    if (!t)
      return emitDefiniteFailure()
             << "the tail: the parameter holds \"" << tailName
             << "\"; expected \"perfect\", \"guard\" or \"cut\"";
    tailKind = *t;
  }
  TailStrategy tail = getTailStrategy(tailKind);
  SmallVector<Operation *> outers, inners, tails;
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) {
        return checkDivideLoop(loop, factor, outerName, innerName, tail, why);
      },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        FailureOr<DividedLoop> divided =
            divideLoop(rewriter, loop, factor, outerName, innerName, tail, why);
        if (failed(divided))
          return failure();
        outers.push_back(divided->outer);
        inners.push_back(divided->inner);
        if (divided->tail)
          tails.push_back(divided->tail);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getOuter()), outers);
  results.set(cast<OpResult>(getInner()), inners);
  results.set(cast<OpResult>(getTailLoop()), tails);
  return DiagnosedSilenceableFailure::success();
}

void transform::DivideLoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  consumesTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getFactorParamMutable(), effects);
  transform::onlyReadsHandle(getOuterNameParamMutable(), effects);
  transform::onlyReadsHandle(getInnerNameParamMutable(), effects);
  transform::onlyReadsHandle(getTailParamMutable(), effects);
}

LogicalResult transform::DivideLoopOp::verify() {
  if (failed(verifyAttrOrParam(*this, static_cast<bool>(getFactorParam()),
                               getFactor().has_value(), "the factor",
                               "an integer")) ||
      failed(verifyAttrOrParam(*this, static_cast<bool>(getOuterNameParam()),
                               getOuterName().has_value(), "the outer name",
                               "a string")) ||
      failed(verifyAttrOrParam(*this, static_cast<bool>(getInnerNameParam()),
                               getInnerName().has_value(), "the inner name",
                               "a string")))
    return failure();
  return verifyAttrOrParam(*this, static_cast<bool>(getTailParam()),
                           getTail().has_value(), "the tail", "a keyword");
}

//===----------------------------------------------------------------------===//
// transform.exo.reorder_loops
//===----------------------------------------------------------------------===//

/// Refuses targets of which one contains another, for a rewrite that erases
/// or rebuilds its target: rewriting the outer one would free the op the
/// inner handle points to.
static DiagnosedSilenceableFailure refuseNestedTargets(Operation *transformOp,
                                                       ArrayRef<ForOp> loops) {
  for (ForOp outer : loops)
    for (ForOp inner : loops)
      if (outer != inner && outer->isProperAncestor(inner)) {
        DiagnosedSilenceableFailure diag = emitSilenceableFailure(
            transformOp->getLoc(),
            "the targets nest: loop '" + outer.getIterName() +
                "' contains target '" + inner.getIterName() +
                "', which rewriting it would erase; give them separately");
        diag.attachNote(inner.getLoc()) << "the nested target";
        return diag;
      }
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure
transform::ReorderLoopsOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  if (DiagnosedSilenceableFailure nested = refuseNestedTargets(*this, loops);
      !nested.succeeded())
    return nested;
  SmallVector<Operation *> outers, inners;
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) { return checkReorderLoops(loop, why); },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        FailureOr<ReorderedLoops> reordered = reorderLoops(rewriter, loop, why);
        if (failed(reordered))
          return failure();
        outers.push_back(reordered->outer);
        inners.push_back(reordered->inner);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getOuter()), outers);
  results.set(cast<OpResult>(getInner()), inners);
  return DiagnosedSilenceableFailure::success();
}

void transform::ReorderLoopsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesTargetProducesResults(*this, getTargetMutable(), effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.set_loop_mode
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::SetLoopModeOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  LoopModeAttr mode = getModeAttr();
  if (Value param = getModeParam()) {
    Attribute a;
    got = paramValue(*this, state, param, "the mode", a);
    if (!got.succeeded())
      return got;
    mode = dyn_cast<LoopModeAttr>(a);
    if (!mode)
      return emitDefiniteFailure() << "the mode: the parameter holds " << a
                                   << ", not a loop mode (#exo.mode<...>)";
  }
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) {
        return checkSetLoopMode(loop, mode, why);
      },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        if (failed(setLoopMode(rewriter, loop, mode, why)))
          return failure();
        return success();
      });
  if (!done.succeeded())
    return done;
  return DiagnosedSilenceableFailure::success();
}

void transform::SetLoopModeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getModeParamMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::SetLoopModeOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getModeParam()),
                           static_cast<bool>(getModeAttr()), "the mode",
                           "an attribute");
}

static DiagnosedSilenceableFailure
getAllocs(transform::TransformOpInterface transformOp,
          transform::TransformState &state, Value handle,
          SmallVectorImpl<AllocOp> &allocs) {
  return getPayloadsAs<AllocOp>(transformOp, state, handle, allocs);
}

static void readsTargetProducesResults(
    Operation *op, OpOperand &target,
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(target, effects);
  transform::producesHandle(op->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.fission
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::FissionOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  int64_t depth = static_cast<int64_t>(getDepth().value_or(1));
  if (Value param = getDepthParam()) {
    DiagnosedSilenceableFailure got =
        intOrParam(*this, state, param, std::nullopt, "the depth",
                   IntRange::Positive, depth);
    if (!got.succeeded())
      return got;
  }
  SmallVector<Operation *> stmts(state.getPayloadOps(getTarget()));
  SmallVector<Operation *> firsts, seconds;
  DiagnosedSilenceableFailure done = checkAllThenApply<Operation *>(
      *this, rewriter, stmts,
      [&](Operation *stmt, Refusal &why) {
        return checkFission(stmt, depth, why);
      },
      [&](Operation *stmt, Refusal &why) -> LogicalResult {
        FailureOr<FissionedLoops> split = fission(rewriter, stmt, depth, why);
        if (failed(split))
          return failure();
        firsts.push_back(split->first);
        seconds.push_back(split->second);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getFirst()), firsts);
  results.set(cast<OpResult>(getSecond()), seconds);
  return DiagnosedSilenceableFailure::success();
}

void transform::FissionOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getDepthParamMutable(), effects);
}

LogicalResult transform::FissionOp::verify() {
  // With neither, the depth is 1.
  if (getDepthParam() && getDepthAttr())
    return emitOpError()
           << "takes the depth as an attribute or as a parameter, not both";
  return success();
}

//===----------------------------------------------------------------------===//
// transform.exo.unroll
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::UnrollOp::apply(transform::TransformRewriter &rewriter,
                           transform::TransformResults &results,
                           transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  if (DiagnosedSilenceableFailure nested = refuseNestedTargets(*this, loops);
      !nested.succeeded())
    return nested;
  auto max = static_cast<int64_t>(getMax());
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) { return checkUnroll(loop, max, why); },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        if (failed(unroll(rewriter, loop, max, why)))
          return failure();
        return success();
      });
  if (!done.succeeded())
    return done;
  return DiagnosedSilenceableFailure::success();
}

void transform::UnrollOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.cut_loop
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::CutLoopOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  int64_t cut;
  got = intOrParam(*this, state, getCutParam(), getCut(), "the point",
                   IntRange::Any, cut);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> firsts, seconds;
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) { return checkCutLoop(loop, cut, why); },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        FailureOr<CutLoops> parts = cutLoop(rewriter, loop, cut, why);
        if (failed(parts))
          return failure();
        firsts.push_back(parts->first);
        seconds.push_back(parts->second);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getFirst()), firsts);
  results.set(cast<OpResult>(getSecond()), seconds);
  return DiagnosedSilenceableFailure::success();
}

void transform::CutLoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getCutParamMutable(), effects);
}

LogicalResult transform::CutLoopOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getCutParam()),
                           getCut().has_value(), "the point", "an integer");
}

//===----------------------------------------------------------------------===//
// transform.exo.join_loops
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::JoinLoopsOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<ForOp> firsts, seconds;
  DiagnosedSilenceableFailure got =
      getLoopPairs(*this, state, getFirst(), getSecond(), firsts, seconds);
  if (!got.succeeded())
    return got;
  for (auto [first, second] : llvm::zip(firsts, seconds)) {
    Refusal why;
    if (failed(checkJoinLoops(first, second, why)))
      return report(*this, why);
  }
  SmallVector<Operation *> targets(firsts.begin(), firsts.end());
  SmallVector<Operation *> joined;
  DiagnosedSilenceableFailure done =
      allOrNothing(*this, rewriter, targets, [&] {
        for (auto [first, second] : llvm::zip(firsts, seconds)) {
          Refusal why;
          FailureOr<ForOp> loop = joinLoops(rewriter, first, second, why);
          if (failed(loop))
            return report(*this, why);
          joined.push_back(*loop);
        }
        return DiagnosedSilenceableFailure::success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getJoined()), joined);
  return DiagnosedSilenceableFailure::success();
}

void transform::JoinLoopsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getFirstMutable(), effects);
  transform::consumesHandle(getSecondMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.shift_loop
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::ShiftLoopOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  int64_t start;
  got = intOrParam(*this, state, getStartParam(), getStart(), "the start",
                   IntRange::Any, start);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> shifted;
  DiagnosedSilenceableFailure done = checkAllThenApply<ForOp>(
      *this, rewriter, loops,
      [&](ForOp loop, Refusal &why) {
        return checkShiftLoop(loop, start, why);
      },
      [&](ForOp loop, Refusal &why) -> LogicalResult {
        FailureOr<ForOp> result = shiftLoop(rewriter, loop, start, why);
        if (failed(result))
          return failure();
        shifted.push_back(*result);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), shifted);
  return DiagnosedSilenceableFailure::success();
}

void transform::ShiftLoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getStartParamMutable(), effects);
}

LogicalResult transform::ShiftLoopOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getStartParam()),
                           getStart().has_value(), "the start", "an integer");
}

//===----------------------------------------------------------------------===//
// transform.exo.lift_alloc, transform.exo.sink_alloc
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::LiftAllocOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<AllocOp> allocs;
  DiagnosedSilenceableFailure got =
      getAllocs(*this, state, getTarget(), allocs);
  if (!got.succeeded())
    return got;
  DiagnosedSilenceableFailure done = checkAllThenApply<AllocOp>(
      *this, rewriter, allocs,
      [&](AllocOp alloc, Refusal &why) { return checkLiftAlloc(alloc, why); },
      [&](AllocOp alloc, Refusal &why) -> LogicalResult {
        if (failed(liftAlloc(rewriter, alloc, why)))
          return failure();
        return success();
      });
  if (!done.succeeded())
    return done;
  return DiagnosedSilenceableFailure::success();
}

void transform::LiftAllocOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::SinkAllocOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<AllocOp> allocs;
  DiagnosedSilenceableFailure got =
      getAllocs(*this, state, getTarget(), allocs);
  if (!got.succeeded())
    return got;
  DiagnosedSilenceableFailure done = checkAllThenApply<AllocOp>(
      *this, rewriter, allocs,
      [&](AllocOp alloc, Refusal &why) { return checkSinkAlloc(alloc, why); },
      [&](AllocOp alloc, Refusal &why) -> LogicalResult {
        if (failed(sinkAlloc(rewriter, alloc, why)))
          return failure();
        return success();
      });
  if (!done.succeeded())
    return done;
  return DiagnosedSilenceableFailure::success();
}

void transform::SinkAllocOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.stage_mem
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::StageMemOp::apply(transform::TransformRewriter &rewriter,
                             transform::TransformResults &results,
                             transform::TransformState &state) {
  SmallVector<Operation *> stmts(state.getPayloadOps(getTarget()));
  SmallVector<std::string> offsets;
  DiagnosedSilenceableFailure got = resolveStrings(
      *this, state, getOffsets(), getOffsetParams(), "offset", offsets);
  if (!got.succeeded())
    return got;
  SmallVector<int64_t> sizes;
  got = resolveInts(*this, state, getSizes(), getSizeParams(), "extent", sizes);
  if (!got.succeeded())
    return got;
  MemoryAttr memory = getMemoryAttr();
  if (Value param = getMemoryParam()) {
    Attribute value;
    got = paramValue(*this, state, param, "the memory", value);
    if (!got.succeeded())
      return got;
    memory = dyn_cast<MemoryAttr>(value);
    if (!memory)
      return mlir::emitDefiniteFailure(getOperation())
             << "the memory: the parameter holds " << value
             << ", not a memory (#exo.mem<...>)";
  }
  FailureOr<StagedMem> staged = failure();
  DiagnosedSilenceableFailure done = allOrNothing(*this, rewriter, stmts, [&] {
    Refusal why;
    staged = stageMem(rewriter, stmts, getTensor(), offsets, sizes,
                      getNewName(), memory, why);
    if (failed(staged))
      return report(*this, why);
    return DiagnosedSilenceableFailure::success();
  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getAlloc()), {staged->alloc.getOperation()});
  SmallVector<Operation *> in;
  if (staged->copyInStmt)
    in.push_back(staged->copyInStmt);
  results.set(cast<OpResult>(getCopyIn()), in);
  SmallVector<Operation *> out;
  if (staged->copyOutStmt)
    out.push_back(staged->copyOutStmt);
  results.set(cast<OpResult>(getCopyOut()), out);
  return DiagnosedSilenceableFailure::success();
}

void transform::StageMemOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getOffsetParamsMutable(), effects);
  transform::onlyReadsHandle(getSizeParamsMutable(), effects);
  transform::onlyReadsHandle(getMemoryParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::StageMemOp::verify() {
  if (static_cast<bool>(getMemoryParam()) == static_cast<bool>(getMemoryAttr()))
    return emitOpError()
           << "needs exactly one of a memory and a memory parameter";
  if (failed(verifyStrParams(*this, getOffsets(), getOffsetParams().size(),
                             "offsets")))
    return failure();
  size_t sizeSlots = llvm::count_if(getSizes(), ShapedType::isDynamic);
  if (sizeSlots != getSizeParams().size())
    return emitOpError() << "has " << sizeSlots
                         << " extents to take from parameters but "
                         << getSizeParams().size() << " extent parameters";
  return success();
}

//===----------------------------------------------------------------------===//
// transform.exo.expand_dim, divide_dim, rearrange_dim
//===----------------------------------------------------------------------===//

/// Checks then applies a rewrite of allocations on every target allocation.
template <typename CheckFn, typename ApplyFn>
static DiagnosedSilenceableFailure
applyToAllocs(transform::TransformOpInterface op,
              transform::TransformRewriter &rewriter,
              transform::TransformState &state, Value handle, CheckFn check,
              ApplyFn apply) {
  SmallVector<AllocOp> allocs;
  DiagnosedSilenceableFailure got = getAllocs(op, state, handle, allocs);
  if (!got.succeeded())
    return got;
  return checkAllThenApply<AllocOp>(op, rewriter, allocs, check, apply);
}

DiagnosedSilenceableFailure
transform::ExpandDimOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  int64_t size = getSize().value_or(0), ring = getRing().value_or(0);
  if (Value param = getExtentParam()) {
    bool isRing = getRingFromParam();
    DiagnosedSilenceableFailure got =
        intOrParam(*this, state, param, std::nullopt,
                   isRing ? "the ring depth" : "the size", IntRange::Positive,
                   isRing ? ring : size);
    if (!got.succeeded())
      return got;
  }
  std::string index;
  DiagnosedSilenceableFailure gotIndex =
      strOrParam(*this, state, getIndexParam(), getIndex(), "the index", index);
  if (!gotIndex.succeeded())
    return gotIndex;
  StringRef guard = getGuard().value_or("");
  return applyToAllocs(
      *this, rewriter, state, getTarget(),
      [&](AllocOp alloc, Refusal &why) {
        return checkExpandDim(alloc, size, ring, guard, index, why);
      },
      [&](AllocOp alloc, Refusal &why) {
        return expandDim(rewriter, alloc, size, ring, guard, index, why);
      });
}

LogicalResult transform::ExpandDimOp::verify() {
  bool param = static_cast<bool>(getExtentParam());
  bool isRing = param ? getRingFromParam() : static_cast<bool>(getRing());
  if (int(static_cast<bool>(getSize())) + int(static_cast<bool>(getRing())) +
          int(param) !=
      1)
    return emitOpError() << "needs exactly one of size and ring, as an "
                            "integer or a parameter";
  if (getRingFromParam() && !param)
    return emitOpError() << "marks a ring parameter but has no parameter";
  if (isRing != static_cast<bool>(getGuard()))
    return emitOpError() << "a ring needs guarded_by, and only a ring takes it";
  return verifyAttrOrParam(*this, static_cast<bool>(getIndexParam()),
                           getIndex().has_value(), "the index", "a string");
}

void transform::ExpandDimOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getExtentParamMutable(), effects);
  transform::onlyReadsHandle(getIndexParamMutable(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::DivideDimOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  int64_t factor;
  DiagnosedSilenceableFailure got =
      intOrParam(*this, state, getFactorParam(), getFactor(), "the factor",
                 IntRange::Positive, factor);
  if (!got.succeeded())
    return got;
  return applyToAllocs(
      *this, rewriter, state, getTarget(),
      [&](AllocOp alloc, Refusal &why) {
        return checkDivideDim(alloc, getDim(), factor, why);
      },
      [&](AllocOp alloc, Refusal &why) {
        return divideDim(rewriter, alloc, getDim(), factor, why);
      });
}

void transform::DivideDimOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getFactorParamMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::DivideDimOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getFactorParam()),
                           getFactor().has_value(), "the factor", "an integer");
}

DiagnosedSilenceableFailure
transform::RearrangeDimOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  return applyToAllocs(
      *this, rewriter, state, getTarget(),
      [&](AllocOp alloc, Refusal &why) {
        return checkRearrangeDim(alloc, getOrder(), why);
      },
      [&](AllocOp alloc, Refusal &why) {
        return rearrangeDim(rewriter, alloc, getOrder(), why);
      });
}

void transform::RearrangeDimOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.set_memory
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::SetMemoryOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<Value> tensors;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    if (std::optional<StringRef> arg = getArg()) {
      auto proc = dyn_cast<ProcOp>(op);
      if (!proc) {
        DiagnosedSilenceableFailure diag =
            emitSilenceableError()
            << "with `arg`, expected an exo.proc payload, got '"
            << op->getName() << "'";
        diag.attachNote(op->getLoc()) << "this payload op";
        return diag;
      }
      Value found;
      for (BlockArgument a : proc.getBodyBlock().getArguments())
        if (proc.getArgName(a.getArgNumber()) == *arg)
          found = a;
      if (!found) {
        DiagnosedSilenceableFailure diag =
            emitSilenceableError()
            << "@" << proc.getSymName() << " has no argument '" << *arg << "'";
        diag.attachNote(op->getLoc()) << "this payload op";
        return diag;
      }
      tensors.push_back(found);
      continue;
    }
    auto alloc = dyn_cast<AllocOp>(op);
    if (!alloc) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "expected an exo.alloc payload, got '" << op->getName() << "'";
      diag.attachNote(op->getLoc()) << "this payload op";
      return diag;
    }
    tensors.push_back(alloc.getResult());
  }
  return checkAllThenApply<Value>(
      *this, rewriter, tensors,
      [&](Value t, Refusal &why) {
        return checkSetMemory(t, getMemory(), why);
      },
      [&](Value t, Refusal &why) {
        return setMemory(rewriter, t, getMemory(), why);
      });
}

void transform::SetMemoryOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.bind_expr
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::BindExprOp::apply(transform::TransformRewriter &rewriter,
                             transform::TransformResults &results,
                             transform::TransformState &state) {
  SmallVector<Value> values;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    if (op->getNumResults() != 1) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError()
          << "expected an op with one result, got '" << op->getName() << "'";
      diag.attachNote(op->getLoc()) << "this payload op";
      return diag;
    }
    values.push_back(op->getResult(0));
  }
  SmallVector<Operation *> allocs;
  DiagnosedSilenceableFailure done = checkAllThenApply<Value>(
      *this, rewriter, values,
      [&](Value v, Refusal &why) {
        return checkBindExpr(v, getNewName(), getMemory(), why);
      },
      [&](Value v, Refusal &why) -> LogicalResult {
        FailureOr<AllocOp> alloc =
            bindExpr(rewriter, v, getNewName(), getMemory(), why);
        if (failed(alloc))
          return failure();
        allocs.push_back(*alloc);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getAlloc()), allocs);
  return DiagnosedSilenceableFailure::success();
}

void transform::BindExprOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.simplify
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::DropBoundsGuardOp::apply(transform::TransformRewriter &rewriter,
                                    transform::TransformResults &results,
                                    transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got =
      getPayloadsAs<ForOp>(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<ForOp>(loops),
                     [&](ForOp loop, Refusal &why) {
                       return dropBoundsGuard(rewriter, loop, why);
                     });
}

void transform::DropBoundsGuardOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::DropOobOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  std::string tensor;
  DiagnosedSilenceableFailure got = strOrParam(
      *this, state, getTensorParam(), getTensor(), "the tensor", tensor);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> stmts =
      llvm::to_vector(state.getPayloadOps(getTarget()));
  return rewriteEach(*this, rewriter, ArrayRef<Operation *>(stmts),
                     [&](Operation *stmt, Refusal &why) {
                       return dropOob(rewriter, stmt, tensor, why);
                     });
}

void transform::DropOobOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getTensorParamMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::DropOobOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getTensorParam()),
                           getTensor().has_value(), "the tensor", "a string");
}

DiagnosedSilenceableFailure
transform::SimplifyOp::apply(transform::TransformRewriter &rewriter,
                             transform::TransformResults &results,
                             transform::TransformState &state) {
  SmallVector<ProcOp> procs;
  DiagnosedSilenceableFailure got =
      getPayloadsAs<ProcOp>(*this, state, getTarget(), procs);
  if (!got.succeeded())
    return got;
  return rewriteEach(
      *this, rewriter, ArrayRef<ProcOp>(procs),
      [&](ProcOp proc, Refusal &why) { return simplify(rewriter, proc, why); });
}

void transform::SimplifyOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.clone_proc and transform.exo.assume
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::CloneProcOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  SmallVector<ProcOp> procs;
  DiagnosedSilenceableFailure got =
      getPayloadsAs<ProcOp>(*this, state, getTarget(), procs);
  if (!got.succeeded())
    return got;
  if (procs.size() != 1)
    return emitSilenceableError()
           << "expected one exo.proc to copy, got " << procs.size()
           << " (one new name names one copy)";
  std::string name;
  got = strOrParam(*this, state, getNewNameParam(), getNewName(),
                   "the new name", name);
  if (!got.succeeded())
    return got;
  Refusal why;
  FailureOr<ProcOp> copy = cloneProc(rewriter, procs.front(), name, why);
  if (failed(copy))
    return report(*this, why);
  results.set(cast<OpResult>(getResult()), {copy->getOperation()});
  return DiagnosedSilenceableFailure::success();
}

void transform::CloneProcOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getNewNameParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::CloneProcOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getNewNameParam()),
                           getNewName().has_value(), "the new name",
                           "a string");
}

LogicalResult transform::AssumeOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getConditionsParam()),
                           getConditions().has_value(), "the conditions",
                           "a string");
}

DiagnosedSilenceableFailure
transform::AssumeOp::apply(transform::TransformRewriter &rewriter,
                           transform::TransformResults &results,
                           transform::TransformState &state) {
  std::string conditions;
  DiagnosedSilenceableFailure got =
      strOrParam(*this, state, getConditionsParam(), getConditions(),
                 "the conditions", conditions);
  if (!got.succeeded())
    return got;
  SmallVector<ProcOp> procs;
  got = getPayloadsAs<ProcOp>(*this, state, getTarget(), procs);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<ProcOp>(procs),
                     [&](ProcOp proc, Refusal &why) {
                       return assumeRequires(rewriter, proc, conditions, why);
                     });
}

void transform::AssumeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  if (getConditionsParam())
    transform::onlyReadsHandle(getConditionsParamMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.replace
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::ExoReplaceOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  SmallVector<Operation *> stmts(state.getPayloadOps(getTarget()));
  Attribute instr = getInstrAttr();
  if (Value param = getInstrParam()) {
    DiagnosedSilenceableFailure got =
        paramValue(*this, state, param, "the instruction", instr);
    if (!got.succeeded())
      return got;
    if (!isa<FlatSymbolRefAttr, InstrFamilyAttr>(instr))
      return emitDefiniteFailure()
             << "the instruction: the parameter holds " << instr
             << ", not an instruction family instance or a proc symbol";
  }
  SmallVector<Operation *> calls;
  DiagnosedSilenceableFailure done = checkAllThenApply<Operation *>(
      *this, rewriter, stmts,
      [&](Operation *stmt, Refusal &why) {
        return checkReplace(stmt, instr, why);
      },
      [&](Operation *stmt, Refusal &why) -> LogicalResult {
        FailureOr<CallOp> call = replace(rewriter, stmt, instr, why);
        if (failed(call))
          return failure();
        calls.push_back(*call);
        return success();
      });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), calls);
  return DiagnosedSilenceableFailure::success();
}

void transform::ExoReplaceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getInstrParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::ExoReplaceOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getInstrParam()),
                           static_cast<bool>(getInstrAttr()), "the instruction",
                           "an attribute");
}

//===----------------------------------------------------------------------===//
// GPU structure and synchronization
//===----------------------------------------------------------------------===//

/// Applies `insert` next to every target statement, collecting the created
/// ops as the result (each target is rewritten in turn; a refusal at any of
/// them leaves the IR as it was before the first).
template <typename InsertFn>
static DiagnosedSilenceableFailure
insertAtEach(Operation *transformOp, transform::TransformRewriter &rewriter,
             transform::TransformState &state, Value target, OpResult result,
             transform::TransformResults &results, InsertFn insert) {
  SmallVector<Operation *> created;
  SmallVector<Operation *> stmts = llvm::to_vector(state.getPayloadOps(target));
  DiagnosedSilenceableFailure done =
      rewriteEach(transformOp, rewriter, ArrayRef<Operation *>(stmts),
                  [&](Operation *stmt, Refusal &why) -> LogicalResult {
                    FailureOr<Operation *> op = insert(stmt, why);
                    if (failed(op))
                      return failure();
                    created.push_back(*op);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(result, created);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure
transform::InsertFenceOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
  return insertAtEach(*this, rewriter, state, getTarget(),
                      cast<OpResult>(getResult()), results,
                      [&](Operation *stmt, Refusal &why) {
                        return insertFence(rewriter, stmt, getAfter(),
                                           getFirst(), getSecond(), why);
                      });
}

void transform::InsertFenceOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  readsTargetProducesResults(*this, getTargetMutable(), effects);
}

DiagnosedSilenceableFailure
transform::InsertArriveOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  SmallVector<std::string> coords;
  DiagnosedSilenceableFailure got = resolveStrings(
      *this, state, getCoords(), getCoordParams(), "coordinate", coords);
  if (!got.succeeded())
    return got;
  return insertAtEach(
      *this, rewriter, state, getTarget(), cast<OpResult>(getResult()), results,
      [&](Operation *stmt, Refusal &why) {
        return insertArrive(rewriter, stmt, getAfter(), getTimeline(),
                            getBarrier(), coords, why);
      });
}

void transform::InsertArriveOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getCoordParamsMutable(), effects);
}

LogicalResult transform::InsertArriveOp::verify() {
  return verifyStrParams(*this, getCoords(), getCoordParams().size(),
                         "coordinates");
}

DiagnosedSilenceableFailure
transform::InsertAwaitOp::apply(transform::TransformRewriter &rewriter,
                                transform::TransformResults &results,
                                transform::TransformState &state) {
  SmallVector<std::string> coords;
  DiagnosedSilenceableFailure got = resolveStrings(
      *this, state, getCoords(), getCoordParams(), "coordinate", coords);
  if (!got.succeeded())
    return got;
  int64_t pending;
  got = intOrParam(*this, state, getPendingParam(), getPending(),
                   "the pending count", IntRange::NonNegative, pending);
  if (!got.succeeded())
    return got;
  return insertAtEach(
      *this, rewriter, state, getTarget(), cast<OpResult>(getResult()), results,
      [&](Operation *stmt, Refusal &why) {
        return insertAwait(rewriter, stmt, getAfter(), getBarrier(), coords,
                           getTimeline(), pending, why);
      });
}

LogicalResult transform::InsertAwaitOp::verify() {
  if (failed(verifyStrParams(*this, getCoords(), getCoordParams().size(),
                             "coordinates")))
    return failure();
  return verifyAttrOrParam(*this, static_cast<bool>(getPendingParam()),
                           getPending().has_value(), "the pending count",
                           "an integer");
}

void transform::InsertAwaitOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getCoordParamsMutable(), effects);
  transform::onlyReadsHandle(getPendingParamMutable(), effects);
}

DiagnosedSilenceableFailure
transform::GuardSyncOp::apply(transform::TransformRewriter &rewriter,
                              transform::TransformResults &results,
                              transform::TransformState &state) {
  std::string cond;
  DiagnosedSilenceableFailure got = strOrParam(
      *this, state, getCondParam(), getCond(), "the condition", cond);
  if (!got.succeeded())
    return got;
  return insertAtEach(
      *this, rewriter, state, getTarget(), cast<OpResult>(getResult()), results,
      [&](Operation *stmt, Refusal &why) -> FailureOr<Operation *> {
        FailureOr<IfOp> guard = guardSync(rewriter, stmt, cond, why);
        if (failed(guard))
          return failure();
        return guard->getOperation();
      });
}

void transform::GuardSyncOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getCondParamMutable(), effects);
}

LogicalResult transform::GuardSyncOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getCondParam()),
                           getCond().has_value(), "the condition", "a string");
}

LogicalResult transform::InsertBarrierAllocOp::verify() {
  if (!getRingParam() && !getPrearriveParam())
    return success();
  auto type = dyn_cast<BarrierType>(getType());
  if (!type || type.getRingDim() < 0)
    return emitOpError() << "takes the ring depth or the pre-arrival count "
                            "from a parameter only for a barrier type with a "
                            "ring dimension, got "
                         << getType();
  return success();
}

/// `type` with the ring depth and the pre-arrival count of `op`'s
/// parameters, or a definite failure when they give no barrier type.
static DiagnosedSilenceableFailure
resolveBarrierType(transform::InsertBarrierAllocOp op, BarrierType type,
                   transform::TransformState &state, Type &result) {
  int64_t prearrive = type.getPrearrive();
  SmallVector<int64_t> depths(type.getRingDepths());
  if (Value param = op.getRingParam()) {
    DiagnosedSilenceableFailure got =
        intOrParam(op, state, param, std::nullopt, "the ring depth",
                   IntRange::Positive, depths[type.getRingDim()]);
    if (!got.succeeded())
      return got;
  }
  if (Value param = op.getPrearriveParam()) {
    DiagnosedSilenceableFailure got =
        intOrParam(op, state, param, std::nullopt, "the pre-arrival count",
                   IntRange::Positive, prearrive);
    if (!got.succeeded())
      return got;
  }
  auto invalid = [&]() -> InFlightDiagnostic {
    return op.emitOpError() << "the parameters give no barrier type: ";
  };
  if (failed(BarrierType::verify(invalid, type.getKind(), prearrive,
                                 type.getDims(), depths)))
    return DiagnosedSilenceableFailure::definiteFailure();
  result = BarrierType::get(op.getContext(), type.getKind(), prearrive,
                            type.getDims(), depths);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure
transform::InsertBarrierAllocOp::apply(transform::TransformRewriter &rewriter,
                                       transform::TransformResults &results,
                                       transform::TransformState &state) {
  Type barrier = getType();
  auto type = dyn_cast<BarrierType>(barrier);
  if (type && (getRingParam() || getPrearriveParam())) {
    DiagnosedSilenceableFailure got =
        resolveBarrierType(*this, type, state, barrier);
    if (!got.succeeded())
      return got;
  }
  return insertAtEach(
      *this, rewriter, state, getTarget(), cast<OpResult>(getResult()), results,
      [&](Operation *stmt, Refusal &why) -> FailureOr<Operation *> {
        FailureOr<AllocOp> alloc =
            insertBarrierAlloc(rewriter, stmt, getName(), barrier, why);
        if (failed(alloc))
          return failure();
        return alloc->getOperation();
      });
}

void transform::InsertBarrierAllocOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getRingParamMutable(), effects);
  transform::onlyReadsHandle(getPrearriveParamMutable(), effects);
}

DiagnosedSilenceableFailure
transform::SetTrailingBarrierOp::apply(transform::TransformRewriter &rewriter,
                                       transform::TransformResults &results,
                                       transform::TransformState &state) {
  SmallVector<std::string> coords;
  DiagnosedSilenceableFailure got = resolveStrings(
      *this, state, getCoords(), getCoordParams(), "coordinate", coords);
  if (!got.succeeded())
    return got;
  SmallVector<CallOp> calls;
  got = getPayloadsAs<CallOp>(*this, state, getTarget(), calls);
  if (!got.succeeded())
    return got;
  return rewriteEach(
      *this, rewriter, ArrayRef<CallOp>(calls), [&](CallOp call, Refusal &why) {
        return setTrailingBarrier(rewriter, call, getBarrier(), coords, why);
      });
}

void transform::SetTrailingBarrierOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getCoordParamsMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::SetTrailingBarrierOp::verify() {
  return verifyStrParams(*this, getCoords(), getCoordParams().size(),
                         "coordinates");
}

DiagnosedSilenceableFailure
transform::SetRingBufferOp::apply(transform::TransformRewriter &rewriter,
                                  transform::TransformResults &results,
                                  transform::TransformState &state) {
  int64_t depth;
  DiagnosedSilenceableFailure got =
      intOrParam(*this, state, getDepthParam(), getDepth(), "the depth",
                 IntRange::Positive, depth);
  if (!got.succeeded())
    return got;
  SmallVector<AllocOp> allocs;
  got = getAllocs(*this, state, getTarget(), allocs);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<AllocOp>(allocs),
                     [&](AllocOp alloc, Refusal &why) {
                       return setRingBuffer(rewriter, alloc, getDim(), depth,
                                            getUnbounded(),
                                            getGuard().value_or(""), why);
                     });
}

LogicalResult transform::SetRingBufferOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getDepthParam()),
                           getDepth().has_value(), "the depth", "an integer");
}

void transform::SetRingBufferOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getDepthParamMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::WrapWithWarpsOp::verify() {
  bool group = getGroup() || getGroupParam();
  bool lo = getLo() || getLoParam(), hi = getHi() || getHiParam();
  if ((getGroup() && getGroupParam()) || (getLo() && getLoParam()) ||
      (getHi() && getHiParam()))
    return emitOpError() << "takes each of the group and the warp range's "
                            "ends as a value or as a parameter, not both";
  if (lo != hi)
    return emitOpError() << "needs both ends of the warp range";
  if (!group && !lo)
    return emitOpError() << "needs a warp group or a warp range";
  if (getLo() && getHi() && *getLo() >= *getHi())
    return emitOpError() << "the warp range [" << *getLo() << ", " << *getHi()
                         << ") is empty";
  return success();
}

DiagnosedSilenceableFailure
transform::WrapWithWarpsOp::apply(transform::TransformRewriter &rewriter,
                                  transform::TransformResults &results,
                                  transform::TransformState &state) {
  std::optional<std::string> group;
  if (getGroup() || getGroupParam()) {
    group.emplace();
    DiagnosedSilenceableFailure got = strOrParam(
        *this, state, getGroupParam(), getGroup(), "the group", *group);
    if (!got.succeeded())
      return got;
  }
  std::optional<int64_t> lo, hi;
  if (getLo() || getLoParam()) {
    lo.emplace();
    hi.emplace();
    for (auto [param, attr, what, out] :
         {std::make_tuple(getLoParam(), getLo(), "the first warp", &*lo),
          std::make_tuple(getHiParam(), getHi(), "the end of the warp range",
                          &*hi)}) {
      DiagnosedSilenceableFailure got = intOrParam(
          *this, state, param, attr, what, IntRange::NonNegative, *out);
      if (!got.succeeded())
        return got;
    }
    if (*lo >= *hi)
      return emitDefiniteFailure()
             << "the warp range [" << *lo << ", " << *hi << ") is empty";
  }
  SmallVector<Operation *> stmts(state.getPayloadOps(getTarget()));
  FailureOr<WarpsOp> warps = failure();
  DiagnosedSilenceableFailure done = allOrNothing(*this, rewriter, stmts, [&] {
    Refusal why;
    warps = wrapWithWarps(
        rewriter, stmts,
        group ? std::optional<StringRef>(*group) : std::nullopt, lo, hi, why);
    if (failed(warps))
      return report(*this, why);
    return DiagnosedSilenceableFailure::success();
  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), {warps->getOperation()});
  return DiagnosedSilenceableFailure::success();
}

void transform::WrapWithWarpsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getGroupParamMutable(), effects);
  transform::onlyReadsHandle(getLoParamMutable(), effects);
  transform::onlyReadsHandle(getHiParamMutable(), effects);
}

LogicalResult transform::WrapDeviceFunctionOp::verify() {
  if (static_cast<bool>(getWarps()) && static_cast<bool>(getWarpsParam()))
    return emitOpError() << "takes warps as an array or as a parameter, not "
                            "both";
  if (static_cast<bool>(getBlockDim()) ==
      (static_cast<bool>(getWarps()) || static_cast<bool>(getWarpsParam())))
    return emitOpError() << "needs exactly one of block_dim and warps";
  if (failed(verifyAttrOrParam(*this, static_cast<bool>(getBlocksPerSmParam()),
                               static_cast<bool>(getBlocksPerSmAttr()),
                               "blocks_per_sm", "an integer")) ||
      failed(verifyAttrOrParam(*this, static_cast<bool>(getClusterDimParam()),
                               static_cast<bool>(getClusterDimAttr()),
                               "cluster_dim", "an integer")))
    return failure();
  if (std::optional<ArrayAttr> warps = getWarps())
    for (Attribute a : *warps)
      if (!isa<WarpGroupAttr>(a))
        return emitOpError() << "warps must be #exo.warp_group attributes";
  if (static_cast<bool>(getHost()) != static_cast<bool>(getHostInstrAttr()))
    return emitOpError() << "host statements need the instruction that "
                            "replaces them (host %stmts with @instr)";
  if (static_cast<bool>(getAllocs()) != static_cast<bool>(getAllocMemoryAttr()))
    return emitOpError() << "allocations need the memory they move to "
                            "(allocs %a to MEMORY)";
  if (static_cast<bool>(getTasksParam()) == static_cast<bool>(getTasksAttr()))
    return emitOpError() << "needs exactly one of tasks and a tasks parameter";
  return success();
}

DiagnosedSilenceableFailure
transform::WrapDeviceFunctionOp::apply(transform::TransformRewriter &rewriter,
                                       transform::TransformResults &results,
                                       transform::TransformState &state) {
  SmallVector<Operation *> stmts(state.getPayloadOps(getTarget()));
  SmallVector<Attribute> warps;
  if (std::optional<ArrayAttr> w = getWarps())
    warps.assign(w->begin(), w->end());
  if (Value param = getWarpsParam()) {
    Attribute a;
    DiagnosedSilenceableFailure got =
        paramValue(*this, state, param, "warps", a);
    if (!got.succeeded())
      return got;
    auto array = dyn_cast<ArrayAttr>(a);
    if (!array || array.empty() ||
        !llvm::all_of(array, llvm::IsaPred<WarpGroupAttr>))
      return emitDefiniteFailure()
             << "warps: the parameter holds " << a
             << ", not an array of #exo.warp_group attributes";
    warps.assign(array.begin(), array.end());
  }
  int64_t blocksPerSm = 1, clusterDim = 1;
  for (auto [param, attr, what, out] :
       {std::make_tuple(getBlocksPerSmParam(), getBlocksPerSm(),
                        "blocks_per_sm", &blocksPerSm),
        std::make_tuple(getClusterDimParam(), getClusterDim(), "cluster_dim",
                        &clusterDim)}) {
    DiagnosedSilenceableFailure got =
        intOrParam(*this, state, param, attr, what, IntRange::Positive, *out);
    if (!got.succeeded())
      return got;
  }
  SmallVector<Operation *> host;
  Attribute hostInstr;
  if (getHost()) {
    llvm::append_range(host, state.getPayloadOps(getHost()));
    hostInstr = getHostInstrAttr();
  }
  SmallVector<Operation *> allocs;
  if (getAllocs())
    llvm::append_range(allocs, state.getPayloadOps(getAllocs()));
  int64_t tasks = getTasks().value_or(1);
  if (Value param = getTasksParam()) {
    DiagnosedSilenceableFailure got =
        intOrParam(*this, state, param, std::nullopt, "the task loops",
                   IntRange::Positive, tasks);
    if (!got.succeeded())
      return got;
  }
  FailureOr<DeviceFunctionOp> device = failure();
  DiagnosedSilenceableFailure done = allOrNothing(*this, rewriter, stmts, [&] {
    Refusal why;
    device = wrapDeviceFunction(rewriter, stmts, getBlockDim(), warps,
                                clusterDim, blocksPerSm, tasks, why, host,
                                hostInstr, allocs, getAllocMemoryAttr());
    if (failed(device))
      return report(*this, why);
    if (getLaunchGrid())
      device->setGridLaunch(true);
    return DiagnosedSilenceableFailure::success();
  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), {device->getOperation()});
  return DiagnosedSilenceableFailure::success();
}

void transform::WrapDeviceFunctionOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (!segmentsDescribeOperands(*this))
    return;
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  if (getHost())
    transform::consumesHandle(getHostMutable(), effects);
  if (getAllocs())
    transform::onlyReadsHandle(getAllocsMutable(), effects);
  transform::onlyReadsHandle(getTasksParamMutable(), effects);
  transform::onlyReadsHandle(getWarpsParamMutable(), effects);
  transform::onlyReadsHandle(getBlocksPerSmParamMutable(), effects);
  transform::onlyReadsHandle(getClusterDimParamMutable(), effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.fuse, add_loop, inline, specialize, set_precision
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::ExoFuseOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  SmallVector<ForOp> firsts, seconds;
  DiagnosedSilenceableFailure got =
      getLoopPairs(*this, state, getFirst(), getSecond(), firsts, seconds);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> fused;
  DiagnosedSilenceableFailure done =
      rewriteEach(*this, rewriter, ArrayRef<ForOp>(firsts),
                  [&](ForOp a, Refusal &why) -> LogicalResult {
                    FailureOr<ForOp> loop =
                        fuseLoops(rewriter, a, seconds[fused.size()], why);
                    if (failed(loop))
                      return failure();
                    fused.push_back(*loop);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), fused);
  return DiagnosedSilenceableFailure::success();
}

void transform::ExoFuseOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getFirstMutable(), effects);
  transform::consumesHandle(getSecondMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::AddLoopOp::apply(transform::TransformRewriter &rewriter,
                            transform::TransformResults &results,
                            transform::TransformState &state) {
  std::string hi;
  DiagnosedSilenceableFailure got =
      strOrParam(*this, state, getHiParam(), getHi(), "the bound", hi);
  if (!got.succeeded())
    return got;
  return insertAtEach(
      *this, rewriter, state, getTarget(), cast<OpResult>(getResult()), results,
      [&](Operation *stmt, Refusal &why) -> FailureOr<Operation *> {
        FailureOr<ForOp> loop = addLoop(rewriter, stmt, getIterName(), hi, why);
        if (failed(loop))
          return failure();
        return loop->getOperation();
      });
}

void transform::AddLoopOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  readsTargetProducesResults(*this, getTargetMutable(), effects);
  transform::onlyReadsHandle(getHiParamMutable(), effects);
}

LogicalResult transform::AddLoopOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getHiParam()),
                           getHi().has_value(), "the bound", "a string");
}

DiagnosedSilenceableFailure
transform::ReduceTreeOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> levels, finals;
  DiagnosedSilenceableFailure done =
      rewriteEach(*this, rewriter, ArrayRef<ForOp>(loops),
                  [&](ForOp loop, Refusal &why) -> LogicalResult {
                    FailureOr<ReducedTree> tree =
                        reduceTree(rewriter, loop, getName(), why);
                    if (failed(tree))
                      return failure();
                    llvm::append_range(levels, tree->levels);
                    finals.push_back(tree->final);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getLevels()), levels);
  results.set(cast<OpResult>(getFinal()), finals);
  return DiagnosedSilenceableFailure::success();
}

void transform::ReduceTreeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::InlineOp::apply(transform::TransformRewriter &rewriter,
                           transform::TransformResults &results,
                           transform::TransformState &state) {
  SmallVector<CallOp> calls;
  DiagnosedSilenceableFailure got =
      getPayloadsAs<CallOp>(*this, state, getTarget(), calls);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<CallOp>(calls),
                     [&](CallOp call, Refusal &why) {
                       return inlineCall(rewriter, call, why);
                     });
}

void transform::InlineOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::ExoSpecializeOp::apply(transform::TransformRewriter &rewriter,
                                  transform::TransformResults &results,
                                  transform::TransformState &state) {
  std::string cond;
  DiagnosedSilenceableFailure got = strOrParam(
      *this, state, getCondParam(), getCond(), "the condition", cond);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> guards;
  SmallVector<Operation *> stmts =
      llvm::to_vector(state.getPayloadOps(getTarget()));
  DiagnosedSilenceableFailure done =
      rewriteEach(*this, rewriter, ArrayRef<Operation *>(stmts),
                  [&](Operation *stmt, Refusal &why) -> LogicalResult {
                    FailureOr<IfOp> ifOp =
                        specialize(rewriter, stmt, cond, why);
                    if (failed(ifOp))
                      return failure();
                    guards.push_back(*ifOp);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), guards);
  return DiagnosedSilenceableFailure::success();
}

void transform::ExoSpecializeOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::consumesHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getCondParamMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::ExoSpecializeOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getCondParam()),
                           getCond().has_value(), "the condition", "a string");
}

DiagnosedSilenceableFailure
transform::SetPrecisionOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  SmallVector<AllocOp> allocs;
  DiagnosedSilenceableFailure got =
      getAllocs(*this, state, getTarget(), allocs);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<AllocOp>(allocs),
                     [&](AllocOp alloc, Refusal &why) {
                       return setPrecision(rewriter, alloc, getType(), why);
                     });
}

void transform::SetPrecisionOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

namespace {
class ExoTransformDialectExtension
    : public transform::TransformDialectExtension<
          ExoTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExoTransformDialectExtension)
  using Base::Base;

  void init() {
    // The ops' syntax holds exo loop modes: exo must be loaded to parse them.
    declareDependentDialect<ExoDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void exo::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<ExoTransformDialectExtension>();
}

//===----------------------------------------------------------------------===//
// transform.exo.persist_tasks
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::PersistTasksOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  SmallVector<Operation *> clusters, tiles;
  DiagnosedSilenceableFailure done =
      rewriteEach(*this, rewriter, ArrayRef<ForOp>(loops),
                  [&](ForOp loop, Refusal &why) -> LogicalResult {
                    FailureOr<PersistentTasks> made =
                        persistTasks(rewriter, loop, getCount(),
                                     getClusterName(), getTileName(), why);
                    if (failed(made))
                      return failure();
                    clusters.push_back(made->cluster);
                    tiles.push_back(made->tiles);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getCluster()), clusters);
  results.set(cast<OpResult>(getTiles()), tiles);
  return DiagnosedSilenceableFailure::success();
}

void transform::PersistTasksOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  // Not consumed: handles to the body's statements stay valid (they move);
  // the erased task loops drop out of the handles that held them.
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// transform.exo.chain_rings
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::ChainRingsOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  SmallVector<ForOp> loops;
  DiagnosedSilenceableFailure got = getLoops(*this, state, getTarget(), loops);
  if (!got.succeeded())
    return got;
  std::string step;
  got = strOrParam(*this, state, getStepParam(), getStep(), "the loop name",
                   step);
  if (!got.succeeded())
    return got;
  return rewriteEach(*this, rewriter, ArrayRef<ForOp>(loops),
                     [&](ForOp loop, Refusal &why) -> LogicalResult {
                       return chainRings(rewriter, loop, step, why);
                     });
}

void transform::ChainRingsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::onlyReadsHandle(getStepParamMutable(), effects);
  transform::modifiesPayload(effects);
}

LogicalResult transform::ChainRingsOp::verify() {
  return verifyAttrOrParam(*this, static_cast<bool>(getStepParam()),
                           getStep().has_value(), "the loop name", "a string");
}

//===----------------------------------------------------------------------===//
// transform.exo.move_sync
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::MoveSyncOp::apply(transform::TransformRewriter &rewriter,
                             transform::TransformResults &results,
                             transform::TransformState &state) {
  SmallVector<Operation *> stmts(state.getPayloadOps(getStmt()));
  SmallVector<Operation *> places(state.getPayloadOps(getPlace()));
  if (stmts.size() != places.size())
    return emitSilenceableError()
           << "expected as many places as statements, got " << places.size()
           << " and " << stmts.size();
  SmallVector<Operation *> placed;
  DiagnosedSilenceableFailure done =
      rewriteEach(*this, rewriter, ArrayRef<Operation *>(stmts),
                  [&](Operation *stmt, Refusal &why) -> LogicalResult {
                    FailureOr<Operation *> moved =
                        moveSync(rewriter, stmt, places[placed.size()],
                                 getAfter(), getCopy(), why);
                    if (failed(moved))
                      return failure();
                    placed.push_back(*moved);
                    return success();
                  });
  if (!done.succeeded())
    return done;
  results.set(cast<OpResult>(getResult()), placed);
  return DiagnosedSilenceableFailure::success();
}

void transform::MoveSyncOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getStmtMutable(), effects);
  transform::onlyReadsHandle(getPlaceMutable(), effects);
  transform::producesHandle(getOperation()->getOpResults(), effects);
  transform::modifiesPayload(effects);
}

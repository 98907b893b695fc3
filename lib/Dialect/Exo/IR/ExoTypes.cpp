//===- ExoTypes.cpp - Types of the exo dialect ----------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoTypes.h"
#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace exo;

#define GET_TYPEDEF_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOpsTypes.cpp.inc"

void ExoDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ExoGPU/Dialect/Exo/IR/ExoOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type exo::getElementTypeOf(Type type) {
  return TypeSwitch<Type, Type>(type)
      .Case<exo::TensorType, WindowType>(
          [](auto t) { return t.getElementType(); })
      .Default([](Type) { return Type(); });
}

MemoryAttr exo::getMemoryOf(Type type) {
  return TypeSwitch<Type, MemoryAttr>(type)
      .Case<exo::TensorType, WindowType>([](auto t) { return t.getMemory(); })
      .Default([](Type) { return MemoryAttr(); });
}

ArrayRef<Attribute> exo::getDimsOf(Type type) {
  return TypeSwitch<Type, ArrayRef<Attribute>>(type)
      .Case<exo::TensorType, WindowType>([](auto t) { return t.getDims(); })
      .Default([](Type) { return ArrayRef<Attribute>(); });
}

bool exo::isShapedData(Type type) {
  return isa<exo::TensorType, WindowType>(type);
}

int64_t exo::getElementBytes(Type type) {
  if (type.isTF32())
    return 4;
  return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
}

bool exo::isValidElementType(Type type) {
  if (type.isF32() || type.isTF32() || type.isBF16() || type.isF16() ||
      type.isF64() || isa<Float8E4M3FNType, Float8E5M2Type>(type))
    return true;
  if (auto intTy = dyn_cast<IntegerType>(type))
    return intTy.isSignless() &&
           (intTy.getWidth() == 8 || intTy.getWidth() == 32);
  return false;
}

/// Parses `[d0, d1 ring 4, ...]`: integers or size names, each optionally a
/// ring dimension.
static ParseResult parseDimList(AsmParser &parser,
                                SmallVectorImpl<Attribute> &dims,
                                SmallVectorImpl<int64_t> &ringDepths) {
  MLIRContext *ctx = parser.getContext();
  bool anyRing = false;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t v;
            if (succeeded(parser.parseOptionalQuestion())) {
              dims.push_back(UnitAttr::get(ctx));
            } else if (OptionalParseResult intResult =
                           parser.parseOptionalInteger(v);
                       intResult.has_value()) {
              if (failed(*intResult))
                return failure();
              dims.push_back(IntegerAttr::get(IntegerType::get(ctx, 64), v));
            } else {
              StringRef name;
              if (failed(parser.parseOptionalKeyword(&name)))
                return parser.emitError(parser.getCurrentLocation(),
                                        "expected an integer, a size name or "
                                        "'?'");
              dims.push_back(StringAttr::get(ctx, name));
            }
            int64_t depth = 0;
            if (succeeded(parser.parseOptionalKeyword("ring"))) {
              SMLoc depthLoc = parser.getCurrentLocation();
              if (parser.parseInteger(depth))
                return failure();
              if (depth <= 0)
                return parser.emitError(depthLoc)
                       << "ring depth must be positive, got " << depth;
              anyRing = true;
            }
            ringDepths.push_back(depth);
            return success();
          }))
    return failure();
  if (!anyRing)
    ringDepths.clear();
  return success();
}

static void printDimList(AsmPrinter &printer, ArrayRef<Attribute> dims,
                         ArrayRef<int64_t> ringDepths) {
  printer << '[';
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i > 0)
      printer << ", ";
    if (auto intAttr = dyn_cast<IntegerAttr>(d))
      printer << intAttr.getInt();
    else if (auto name = dyn_cast<StringAttr>(d))
      printer << name.getValue();
    else
      printer << '?';
    if (!ringDepths.empty() && ringDepths[i] != 0)
      printer << " ring " << ringDepths[i];
  }
  printer << ']';
}

/// Checks dimension entries and ring depths shared by all shaped types.
static LogicalResult verifyDims(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<Attribute> dims,
                                ArrayRef<int64_t> ringDepths) {
  for (Attribute d : dims) {
    if (auto intAttr = dyn_cast<IntegerAttr>(d)) {
      if (intAttr.getInt() <= 0)
        return emitError() << "dimensions must be positive, got "
                           << intAttr.getInt();
      if (intAttr.getInt() > kMaxSize)
        return emitError() << "a dimension may be at most " << kMaxSize
                           << " (the largest size), got " << intAttr.getInt();
    } else if (auto name = dyn_cast<StringAttr>(d)) {
      if (name.getValue().empty())
        return emitError() << "a size name must not be empty";
    } else if (!isa<UnitAttr>(d)) {
      return emitError() << "a dimension must be an integer or a size name";
    }
  }
  for (auto [i, d] : llvm::enumerate(dims))
    if (isa<UnitAttr>(d) && (ringDepths.empty() || ringDepths[i] == 0))
      return emitError() << "only a ring dimension may have the unbounded "
                            "extent '?'";
  if (!ringDepths.empty()) {
    if (ringDepths.size() != dims.size())
      return emitError() << "expected one ring depth per dimension";
    unsigned numRings = 0;
    for (auto [d, depth] : llvm::zip_equal(dims, ringDepths)) {
      if (depth < 0)
        return emitError() << "ring depth must be positive, got " << depth;
      if (depth == 0)
        continue;
      if (depth > kMaxRingDepth)
        return emitError() << "ring depth " << depth << " exceeds "
                           << kMaxRingDepth << " slots";
      ++numRings;
      if (auto intAttr = dyn_cast<IntegerAttr>(d);
          intAttr && intAttr.getInt() < depth)
        return emitError() << "ring depth " << depth
                           << " exceeds the dimension's extent "
                           << intAttr.getInt();
    }
    if (numRings > 1)
      return emitError() << "at most one dimension may be a ring dimension";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// exo::TensorType and WindowType
//===----------------------------------------------------------------------===//

/// Extents of `dims` with ShapedType::kDynamic for non-constant dimensions.
static SmallVector<int64_t> staticShapeOrDynamic(ArrayRef<Attribute> dims) {
  return llvm::map_to_vector(dims, [](Attribute d) -> int64_t {
    auto i = dyn_cast<IntegerAttr>(d);
    return i ? i.getInt() : ShapedType::kDynamic;
  });
}

template <typename T> static Type parseShapedData(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> dims;
  SmallVector<int64_t> rings;
  Type elementType;
  if (parser.parseLess() || parseDimList(parser, dims, rings) ||
      parser.parseComma() || parser.parseType(elementType) ||
      parser.parseComma())
    return {};
  FailureOr<MemoryAttr> memory = MemoryAttr::parseBare(parser);
  if (failed(memory) || parser.parseGreater())
    return {};
  return T::getChecked([&] { return parser.emitError(loc); },
                       parser.getContext(), dims, rings, elementType, *memory);
}

template <typename T> static void printShapedData(T type, AsmPrinter &printer) {
  printer << '<';
  printDimList(printer, type.getDims(), type.getRingDepths());
  printer << ", " << type.getElementType() << ", ";
  type.getMemory().printBare(printer);
  printer << '>';
}

static LogicalResult
verifyShapedData(function_ref<InFlightDiagnostic()> emitError,
                 ArrayRef<Attribute> dims, ArrayRef<int64_t> ringDepths,
                 Type elementType, MemoryAttr memory) {
  if (failed(verifyDims(emitError, dims, ringDepths)))
    return failure();
  if (!isValidElementType(elementType))
    return emitError() << "unsupported element type " << elementType
                       << " (expected f32, tf32, bf16, f16, f8E4M3FN, f8E5M2, "
                          "f64, i32 or i8)";
  if (!memory)
    return emitError() << "expected a memory";
  if (llvm::any_of(ringDepths, [](int64_t d) { return d != 0; }) &&
      !memory.isShared())
    return emitError() << "only shared-memory tensors can have a ring "
                          "dimension";
  if (memory.needsStaticShape())
    for (Attribute d : dims)
      if (auto name = dyn_cast<StringAttr>(d))
        return emitError() << "a tensor in on-chip memory '"
                           << stringifyMemoryKind(memory.getKind())
                           << "' needs a constant shape, but dimension '"
                           << name.getValue() << "' is a size";
  return success();
}

Type exo::TensorType::parse(AsmParser &parser) {
  return parseShapedData<exo::TensorType>(parser);
}
void exo::TensorType::print(AsmPrinter &printer) const {
  printShapedData(*this, printer);
}
LogicalResult
exo::TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<Attribute> dims, ArrayRef<int64_t> ringDepths,
                        Type elementType, MemoryAttr memory) {
  if (memory && memory.getKind() == MemoryKind::TmaMap)
    return emitError() << "tma_map is the memory of windows, not of tensors";
  return verifyShapedData(emitError, dims, ringDepths, elementType, memory);
}
SmallVector<int64_t> exo::TensorType::getStaticShapeOrDynamic() const {
  return staticShapeOrDynamic(getDims());
}

Type WindowType::parse(AsmParser &parser) {
  return parseShapedData<WindowType>(parser);
}
void WindowType::print(AsmPrinter &printer) const {
  printShapedData(*this, printer);
}
LogicalResult WindowType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Attribute> dims,
                                 ArrayRef<int64_t> ringDepths, Type elementType,
                                 MemoryAttr memory) {
  return verifyShapedData(emitError, dims, ringDepths, elementType, memory);
}
SmallVector<int64_t> WindowType::getStaticShapeOrDynamic() const {
  return staticShapeOrDynamic(getDims());
}

//===----------------------------------------------------------------------===//
// BarrierType
//===----------------------------------------------------------------------===//

Type BarrierType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  StringRef keyword;
  SMLoc kindLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return {};
  std::optional<BarrierKind> kind = symbolizeBarrierKind(keyword);
  if (!kind) {
    parser.emitError(kindLoc)
        << "unknown barrier mechanism '" << keyword
        << "' (expected mbarrier, cp_async_group, bulk_group, wgmma_group or "
           "cluster_sync)";
    return {};
  }
  int64_t prearrive = 0;
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseKeyword("prearrive") || parser.parseInteger(prearrive) ||
        parser.parseRParen())
      return {};
  }
  SmallVector<Attribute> dims;
  SmallVector<int64_t> rings;
  if (succeeded(parser.parseOptionalComma()) &&
      parseDimList(parser, dims, rings))
    return {};
  if (parser.parseGreater())
    return {};
  return BarrierType::getChecked([&] { return parser.emitError(loc); },
                                 parser.getContext(), *kind, prearrive, dims,
                                 rings);
}

void BarrierType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyBarrierKind(getKind());
  if (getPrearrive() != 0)
    printer << "(prearrive " << getPrearrive() << ')';
  if (!getDims().empty()) {
    printer << ", ";
    printDimList(printer, getDims(), getRingDepths());
  }
  printer << '>';
}

LogicalResult BarrierType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  BarrierKind kind, int64_t prearrive,
                                  ArrayRef<Attribute> dims,
                                  ArrayRef<int64_t> ringDepths) {
  if (failed(verifyDims(emitError, dims, ringDepths)))
    return failure();
  if (prearrive < 0)
    return emitError() << "prearrive count must be non-negative, got "
                       << prearrive;
  if (prearrive != 0 && kind != BarrierKind::Mbarrier)
    return emitError() << "only mbarriers can be pre-arrived";
  bool hasRing = llvm::any_of(ringDepths, [](int64_t d) { return d != 0; });
  if (hasRing && kind != BarrierKind::Mbarrier)
    return emitError() << "only mbarriers can have a ring dimension";
  if (prearrive != 0 && !hasRing)
    return emitError() << "a pre-arrived mbarrier needs a ring dimension";
  if (hasRing) {
    for (auto [d, depth] : llvm::zip_equal(dims, ringDepths))
      if (depth != 0 && prearrive > depth)
        return emitError() << "prearrive count " << prearrive
                           << " exceeds the ring depth " << depth;
  }
  return success();
}

std::optional<int64_t> BarrierType::getLocalExtent(unsigned d) const {
  if (int64_t depth = getRingDepth(d))
    return depth;
  if (auto c = dyn_cast<IntegerAttr>(getDims()[d]))
    return c.getInt();
  return std::nullopt;
}

int BarrierType::getRingDim() const {
  for (auto [i, depth] : llvm::enumerate(getRingDepths()))
    if (depth != 0)
      return static_cast<int>(i);
  return -1;
}

//===- ExoAttrs.cpp - Attributes of the exo dialect -----------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoAttrs.h"
#include "ExoGPU/Dialect/Exo/IR/ExoDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace exo;

#include "ExoGPU/Dialect/Exo/IR/ExoOpsEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ExoGPU/Dialect/Exo/IR/ExoOpsAttrs.cpp.inc"

void ExoDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ExoGPU/Dialect/Exo/IR/ExoOpsAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Parses a keyword and maps it to an enum value with `symbolize`.
template <typename EnumT>
static FailureOr<EnumT> parseEnumKeyword(AsmParser &parser, StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return parser.emitError(loc)
           << "unknown " << what << " '" << keyword << "'";
  return *value;
}

/// Turns the null result of a failed `getChecked` (already diagnosed) into a
/// failure, so that callers do not report a second error.
template <typename AttrT> static FailureOr<AttrT> nonNull(AttrT attr) {
  if (!attr)
    return failure();
  return attr;
}

/// Parses `[i0, i1, ...]` of integers.
static ParseResult parseIntList(AsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          int64_t v;
                                          if (parser.parseInteger(v))
                                            return failure();
                                          values.push_back(v);
                                          return success();
                                        });
}

static void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

//===----------------------------------------------------------------------===//
// MemoryAttr
//===----------------------------------------------------------------------===//

FailureOr<MemoryAttr> MemoryAttr::parseBare(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<MemoryKind> kind = parseEnumKeyword<MemoryKind>(parser, "memory");
  if (failed(kind))
    return failure();
  int64_t param = 0;
  SmallVector<int64_t> box;
  switch (*kind) {
  case MemoryKind::SmemSwizzle:
  case MemoryKind::RegsUniform:
    if (parser.parseLess() || parser.parseInteger(param) ||
        parser.parseGreater())
      return failure();
    break;
  case MemoryKind::TmaMap:
    if (parser.parseLess() || parser.parseInteger(param) ||
        parser.parseComma() || parseIntList(parser, box) ||
        parser.parseGreater())
      return failure();
    break;
  default:
    break;
  }
  return nonNull(MemoryAttr::getChecked([&] { return parser.emitError(loc); },
                                        parser.getContext(), *kind, param,
                                        box));
}

void MemoryAttr::printBare(AsmPrinter &printer) const {
  printer << stringifyMemoryKind(getKind());
  switch (getKind()) {
  case MemoryKind::SmemSwizzle:
  case MemoryKind::RegsUniform:
    printer << '<' << getParam() << '>';
    break;
  case MemoryKind::TmaMap:
    printer << '<' << getParam() << ", ";
    printIntList(printer, getBox());
    printer << '>';
    break;
  default:
    break;
  }
}

Attribute MemoryAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<MemoryAttr> attr = parseBare(parser);
  if (failed(attr) || parser.parseGreater())
    return {};
  return *attr;
}

void MemoryAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printBare(printer);
  printer << '>';
}

LogicalResult MemoryAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 MemoryKind kind, int64_t param,
                                 ArrayRef<int64_t> box) {
  switch (kind) {
  case MemoryKind::SmemSwizzle:
    if (param != 32 && param != 64 && param != 128)
      return emitError() << "smem_swizzle expects a swizzle of 32, 64 or 128 "
                            "bytes, got "
                         << param;
    break;
  case MemoryKind::RegsUniform:
    if (param <= 0)
      return emitError() << "regs_uniform expects a positive thread count, got "
                         << param;
    break;
  case MemoryKind::TmaMap:
    if (param != 0 && param != 32 && param != 64 && param != 128)
      return emitError() << "tma_map expects a swizzle of 0, 32, 64 or 128 "
                            "bytes, got "
                         << param;
    if (box.empty() || box.size() > 5)
      return emitError() << "tma_map expects a box of rank 1 to 5, got rank "
                         << box.size();
    for (int64_t b : box)
      if (b <= 0 || b > 256)
        return emitError() << "tma_map box extents must be in [1, 256], got "
                           << b;
    break;
  default:
    if (param != 0 || !box.empty())
      return emitError() << "memory '" << stringifyMemoryKind(kind)
                         << "' takes no parameters";
    break;
  }
  return success();
}

bool MemoryAttr::isDistributed() const { return isShared() || isRegisters(); }

bool MemoryAttr::needsStaticShape() const { return isDistributed(); }

bool MemoryAttr::isDeviceAllocatable() const { return isDistributed(); }

//===----------------------------------------------------------------------===//
// CollUnitAttr
//===----------------------------------------------------------------------===//

static ParseResult parseSizeEntry(AsmParser &parser, int64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult intResult = parser.parseOptionalInteger(value);
  if (intResult.has_value()) {
    if (failed(*intResult))
      return failure();
    if (value <= 0)
      return parser.emitError(loc)
             << "domain and box entries must be positive, got " << value;
    return success();
  }
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  if (keyword == "clusterDim")
    value = CollUnitAttr::kClusterDim;
  else if (keyword == "blockDim")
    value = CollUnitAttr::kBlockDim;
  else if (keyword == "clusterThreads")
    value = CollUnitAttr::kClusterThreads;
  else
    return parser.emitError(loc)
           << "expected an integer, 'clusterDim', 'blockDim' or "
              "'clusterThreads', got '"
           << keyword << "'";
  return success();
}

static void printSizeEntry(raw_ostream &os, int64_t value) {
  switch (value) {
  case CollUnitAttr::kClusterDim:
    os << "clusterDim";
    return;
  case CollUnitAttr::kBlockDim:
    os << "blockDim";
    return;
  case CollUnitAttr::kClusterThreads:
    os << "clusterThreads";
    return;
  default:
    os << value;
  }
}

static ParseResult parseSizeList(AsmParser &parser,
                                 SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          int64_t v;
                                          if (parseSizeEntry(parser, v))
                                            return failure();
                                          values.push_back(v);
                                          return success();
                                        });
}

static void printSizeList(raw_ostream &os, ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os, [&](int64_t v) { printSizeEntry(os, v); });
  os << ']';
}

/// Number of integer parameters a named unit takes.
static unsigned getNumUnitParams(UnitKind kind) {
  switch (kind) {
  case UnitKind::CtaStrided:
  case UnitKind::WarpInClusterStrided:
    return 1;
  case UnitKind::ThreadsStrided:
    return 2;
  default:
    return 0;
  }
}

FailureOr<CollUnitAttr> CollUnitAttr::parseBare(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t scale = 1;
  OptionalParseResult scaleResult = parser.parseOptionalInteger(scale);
  if (scaleResult.has_value()) {
    if (failed(*scaleResult) || parser.parseStar())
      return failure();
  }
  FailureOr<UnitKind> kind =
      parseEnumKeyword<UnitKind>(parser, "collective unit");
  if (failed(kind))
    return failure();
  int64_t params[2] = {0, 0};
  SmallVector<int64_t> domain, box;
  int64_t scaleDim = -1;
  if (*kind == UnitKind::Custom) {
    if (parser.parseLess() || parseSizeList(parser, domain) ||
        parser.parseComma() || parseSizeList(parser, box))
      return failure();
    if (succeeded(parser.parseOptionalComma()) && parser.parseInteger(scaleDim))
      return failure();
    if (parser.parseGreater())
      return failure();
  } else if (unsigned n = getNumUnitParams(*kind)) {
    if (parser.parseLParen())
      return failure();
    for (unsigned i = 0; i < n; ++i) {
      if ((i > 0 && parser.parseComma()) || parser.parseInteger(params[i]))
        return failure();
    }
    if (parser.parseRParen())
      return failure();
  }
  return nonNull(CollUnitAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), *kind, scale,
      params[0], params[1], domain, box, scaleDim));
}

void CollUnitAttr::printBare(AsmPrinter &printer) const {
  if (getScale() != 1)
    printer << getScale() << " * ";
  printer << stringifyUnitKind(getKind());
  if (getKind() == UnitKind::Custom) {
    printer << '<';
    printSizeList(printer.getStream(), getCustomDomain());
    printer << ", ";
    printSizeList(printer.getStream(), getCustomBox());
    if (getCustomScaleDim() >= 0)
      printer << ", " << getCustomScaleDim();
    printer << '>';
    return;
  }
  unsigned n = getNumUnitParams(getKind());
  if (n == 1)
    printer << '(' << getParam0() << ')';
  else if (n == 2)
    printer << '(' << getParam0() << ", " << getParam1() << ')';
}

Attribute CollUnitAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<CollUnitAttr> attr = parseBare(parser);
  if (failed(attr) || parser.parseGreater())
    return {};
  return *attr;
}

void CollUnitAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printBare(printer);
  printer << '>';
}

/// The unscaled domain, box and scaling dimension of a unit.
static void getUnscaledShape(UnitKind kind, int64_t p0, int64_t p1,
                             ArrayRef<int64_t> customDomain,
                             ArrayRef<int64_t> customBox,
                             int64_t customScaleDim,
                             SmallVectorImpl<int64_t> &domain,
                             SmallVectorImpl<int64_t> &box, int64_t &scaleDim) {
  using U = CollUnitAttr;
  scaleDim = 0;
  switch (kind) {
  case UnitKind::Thread:
    domain.assign({U::kBlockDim});
    box.assign({1});
    return;
  case UnitKind::Quadpair:
    domain.assign({U::kBlockDim, 16});
    box.assign({2, 4});
    scaleDim = -1;
    return;
  case UnitKind::Warp:
    domain.assign({U::kBlockDim});
    box.assign({32});
    return;
  case UnitKind::Warpgroup:
    domain.assign({U::kBlockDim});
    box.assign({128});
    return;
  case UnitKind::Cta:
    domain.assign({U::kClusterThreads});
    box.assign({U::kBlockDim});
    return;
  case UnitKind::Cluster:
    domain.assign({U::kClusterThreads});
    box.assign({U::kClusterThreads});
    scaleDim = -1;
    return;
  case UnitKind::WarpInCluster:
    domain.assign({U::kClusterDim, U::kBlockDim});
    box.assign({1, 32});
    return;
  case UnitKind::CtaStrided:
    domain.assign({U::kClusterDim, p0, U::kBlockDim});
    box.assign({1, 1, U::kBlockDim});
    return;
  case UnitKind::WarpInClusterStrided:
    domain.assign({U::kClusterDim, p0, U::kBlockDim});
    box.assign({1, 1, 32});
    return;
  case UnitKind::ThreadsStrided:
    domain.assign({U::kBlockDim, p1});
    box.assign({1, p0});
    return;
  case UnitKind::Custom:
    domain.assign(customDomain.begin(), customDomain.end());
    box.assign(customBox.begin(), customBox.end());
    scaleDim = customScaleDim;
    return;
  }
}

LogicalResult CollUnitAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   UnitKind kind, int64_t scale, int64_t p0,
                                   int64_t p1, ArrayRef<int64_t> customDomain,
                                   ArrayRef<int64_t> customBox,
                                   int64_t customScaleDim) {
  unsigned n = getNumUnitParams(kind);
  if ((n >= 1 && p0 <= 0) || (n >= 2 && p1 <= 0))
    return emitError() << "unit '" << stringifyUnitKind(kind)
                       << "' expects positive parameters";
  if (n < 1 && p0 != 0)
    return emitError() << "unit '" << stringifyUnitKind(kind)
                       << "' takes no parameters";
  if (kind == UnitKind::Custom) {
    if (customDomain.empty() || customDomain.size() != customBox.size())
      return emitError() << "custom unit expects a non-empty domain and a box "
                            "of the same rank, got ranks "
                         << customDomain.size() << " and " << customBox.size();
    for (auto [d, b] : llvm::zip_equal(customDomain, customBox)) {
      if (d == 0 || d < kClusterThreads || b == 0 || b < kClusterThreads)
        return emitError() << "custom unit entries must be positive or a "
                              "symbol";
      if (d > 0 && b > 0 && b > d)
        return emitError() << "custom unit box entry " << b
                           << " exceeds its domain entry " << d;
    }
    if (customScaleDim < -1 ||
        customScaleDim >= static_cast<int64_t>(customBox.size()))
      return emitError() << "custom unit scaling dimension " << customScaleDim
                         << " is out of range";
  } else if (!customDomain.empty() || !customBox.empty()) {
    return emitError() << "only custom units take a domain and a box";
  }
  if (scale <= 0)
    return emitError() << "a unit can only be scaled by a positive integer, "
                          "got "
                       << scale;
  SmallVector<int64_t> domain, box;
  int64_t scaleDim;
  getUnscaledShape(kind, p0, p1, customDomain, customBox, customScaleDim,
                   domain, box, scaleDim);
  if (scale != 1) {
    if (scaleDim < 0)
      return emitError() << "unit '" << stringifyUnitKind(kind)
                         << "' is not scalable";
  }
  return success();
}

int64_t CollUnitAttr::getScaleDim() const {
  SmallVector<int64_t> domain, box;
  int64_t scaleDim;
  getUnscaledShape(getKind(), getParam0(), getParam1(), getCustomDomain(),
                   getCustomBox(), getCustomScaleDim(), domain, box, scaleDim);
  return scaleDim;
}

SmallVector<int64_t> CollUnitAttr::getDomain() const {
  SmallVector<int64_t> domain, box;
  int64_t scaleDim;
  getUnscaledShape(getKind(), getParam0(), getParam1(), getCustomDomain(),
                   getCustomBox(), getCustomScaleDim(), domain, box, scaleDim);
  return domain;
}

SmallVector<int64_t> CollUnitAttr::getBox() const {
  SmallVector<int64_t> domain, box;
  int64_t scaleDim;
  getUnscaledShape(getKind(), getParam0(), getParam1(), getCustomDomain(),
                   getCustomBox(), getCustomScaleDim(), domain, box, scaleDim);
  if (getScale() != 1 && scaleDim >= 0 && box[scaleDim] > 0)
    box[scaleDim] *= getScale();
  return box;
}

LogicalResult CollUnitAttr::concretize(int64_t blockDim, int64_t clusterDim,
                                       SmallVectorImpl<int64_t> &domain,
                                       SmallVectorImpl<int64_t> &box,
                                       std::string *why) const {
  auto fail = [&](const Twine &msg) {
    if (why)
      *why = msg.str();
    return failure();
  };
  auto symbolValue = [&](int64_t sym) -> int64_t {
    switch (sym) {
    case kClusterDim:
      return clusterDim;
    case kBlockDim:
      return blockDim;
    default:
      return clusterDim * blockDim;
    }
  };
  SmallVector<int64_t> symDomain = getDomain();
  SmallVector<int64_t> symBox = getBox();
  domain.assign(symDomain.size(), 0);
  // Integer entries divide the nearest symbolic entry to their left (or,
  // with none, to their right).
  SmallVector<int64_t> divisor(symDomain.size(), 1);
  int64_t lastSym = -1;
  for (auto [i, d] : llvm::enumerate(symDomain)) {
    if (d < 0) {
      lastSym = i;
      continue;
    }
    int64_t target = lastSym;
    if (target < 0) {
      for (size_t j = i + 1; j < symDomain.size(); ++j)
        if (symDomain[j] < 0) {
          target = j;
          break;
        }
    }
    if (target >= 0)
      divisor[target] *= d;
  }
  for (auto [i, d] : llvm::enumerate(symDomain)) {
    if (d > 0) {
      domain[i] = d;
      continue;
    }
    int64_t v = symbolValue(d);
    if (v % divisor[i] != 0)
      return fail("domain entry " + Twine(v) + " is not divisible by " +
                  Twine(divisor[i]));
    domain[i] = v / divisor[i];
  }
  box.clear();
  for (auto [i, b] : llvm::enumerate(symBox)) {
    int64_t v = b > 0 ? b : symbolValue(b);
    if (b < 0 && getScale() != 1 && static_cast<int64_t>(i) == getScaleDim())
      v *= getScale();
    if (v > domain[i] || domain[i] % v != 0)
      return fail("box entry " + Twine(v) + " does not tile domain entry " +
                  Twine(domain[i]));
    box.push_back(v);
  }
  return success();
}

FailureOr<int64_t> CollUnitAttr::getThreadCount(int64_t blockDim,
                                                int64_t clusterDim) const {
  SmallVector<int64_t> domain, box;
  if (failed(concretize(blockDim, clusterDim, domain, box)))
    return failure();
  int64_t n = 1;
  for (int64_t b : box)
    n *= b;
  return n;
}

//===----------------------------------------------------------------------===//
// LoopModeAttr
//===----------------------------------------------------------------------===//

FailureOr<LoopModeAttr> LoopModeAttr::parseBare(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<LoopModeKind> kind =
      parseEnumKeyword<LoopModeKind>(parser, "loop mode");
  if (failed(kind))
    return failure();
  CollUnitAttr unit;
  if (*kind == LoopModeKind::CudaThreads) {
    if (parser.parseLess())
      return failure();
    FailureOr<CollUnitAttr> parsed = CollUnitAttr::parseBare(parser);
    if (failed(parsed) || parser.parseGreater())
      return failure();
    unit = *parsed;
  }
  return nonNull(LoopModeAttr::getChecked([&] { return parser.emitError(loc); },
                                          parser.getContext(), *kind, unit));
}

void LoopModeAttr::printBare(AsmPrinter &printer) const {
  printer << stringifyLoopModeKind(getKind());
  if (getUnit()) {
    printer << '<';
    getUnit().printBare(printer);
    printer << '>';
  }
}

Attribute LoopModeAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<LoopModeAttr> attr = parseBare(parser);
  if (failed(attr) || parser.parseGreater())
    return {};
  return *attr;
}

void LoopModeAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printBare(printer);
  printer << '>';
}

LogicalResult LoopModeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   LoopModeKind kind, CollUnitAttr unit) {
  if ((kind == LoopModeKind::CudaThreads) != static_cast<bool>(unit))
    return emitError() << "a collective unit is expected with cuda_threads "
                          "and only there";
  return success();
}

//===----------------------------------------------------------------------===//
// WarpGroupAttr
//===----------------------------------------------------------------------===//

Attribute WarpGroupAttr::parse(AsmParser &parser, Type) {
  std::string name;
  int64_t count = 0, regs = 0;
  bool increase = false;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma() ||
      parser.parseInteger(count))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef dir;
    if (parser.parseKeyword(&dir))
      return {};
    if (dir != "inc" && dir != "dec") {
      parser.emitError(loc) << "expected 'inc' or 'dec', got '" << dir << "'";
      return {};
    }
    increase = dir == "inc";
    SMLoc regsLoc = parser.getCurrentLocation();
    if (parser.parseInteger(regs))
      return {};
    if (regs <= 0) {
      parser.emitError(regsLoc)
          << "setmaxnreg must be a positive register count, got " << regs;
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return WarpGroupAttr::get(parser.getContext(),
                            StringAttr::get(parser.getContext(), name), count,
                            regs, increase);
}

void WarpGroupAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printString(getName().getValue());
  printer << ", " << getCount();
  if (hasSetmaxnreg())
    printer << ", " << (getIncrease() ? "inc " : "dec ") << getSetmaxnreg();
  printer << '>';
}

//===----------------------------------------------------------------------===//
// InstrAttr
//===----------------------------------------------------------------------===//

Attribute InstrAttr::parse(AsmParser &parser, Type) {
  CollUnitAttr unit;
  std::optional<InstrTimeline> timeline;
  StringAttr lowering;
  std::optional<BarrierKind> barrier;
  SMLoc start = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  llvm::StringSet<> seen;
  auto parseField = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(loc) << "duplicate instr field '" << key << "'";
    if (key == "unit") {
      FailureOr<CollUnitAttr> u = CollUnitAttr::parseBare(parser);
      if (failed(u))
        return failure();
      unit = *u;
    } else if (key == "timeline") {
      FailureOr<InstrTimeline> tl =
          parseEnumKeyword<InstrTimeline>(parser, "instruction timeline");
      if (failed(tl))
        return failure();
      timeline = *tl;
    } else if (key == "lowering") {
      std::string name;
      if (parser.parseString(&name))
        return failure();
      lowering = StringAttr::get(parser.getContext(), name);
    } else if (key == "barrier") {
      FailureOr<BarrierKind> b =
          parseEnumKeyword<BarrierKind>(parser, "barrier mechanism");
      if (failed(b))
        return failure();
      barrier = *b;
    } else {
      return parser.emitError(loc)
             << "unknown instr field '" << key
             << "' (expected unit, timeline, lowering or barrier)";
    }
    return success();
  };
  if (parser.parseCommaSeparatedList(parseField) || parser.parseGreater())
    return {};
  if (!unit || !timeline || !lowering) {
    parser.emitError(start)
        << "instr expects the fields unit, timeline and lowering";
    return {};
  }
  return InstrAttr::get(parser.getContext(), unit, *timeline, lowering,
                        barrier);
}

void InstrAttr::print(AsmPrinter &printer) const {
  printer << "<unit = ";
  getUnit().printBare(printer);
  printer << ", timeline = " << stringifyInstrTimeline(getTimeline())
          << ", lowering = ";
  printer.printString(getLowering().getValue());
  if (getBarrier())
    printer << ", barrier = " << stringifyBarrierKind(*getBarrier());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// AccessAttr
//===----------------------------------------------------------------------===//

Attribute AccessAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  FailureOr<AccessMode> mode =
      parseEnumKeyword<AccessMode>(parser, "access mode");
  if (failed(mode))
    return {};
  bool ooo = false, atomic = false, oob = false;
  SmallVector<CollUnitAttr> distributed;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef flag;
    if (parser.parseKeyword(&flag))
      return {};
    if (!seen.insert(flag).second) {
      parser.emitError(loc) << "duplicate access flag '" << flag << "'";
      return {};
    }
    if (flag == "out_of_order") {
      ooo = true;
    } else if (flag == "atomic") {
      atomic = true;
    } else if (flag == "oob") {
      oob = true;
    } else if (flag == "distributed") {
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                FailureOr<CollUnitAttr> u = CollUnitAttr::parseBare(parser);
                if (failed(u))
                  return failure();
                distributed.push_back(*u);
                return success();
              }))
        return {};
    } else {
      parser.emitError(loc) << "unknown access flag '" << flag
                            << "' (expected out_of_order, atomic, oob or "
                               "distributed)";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return AccessAttr::get(parser.getContext(), *mode, ooo, atomic, oob,
                         distributed);
}

void AccessAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyAccessMode(getMode());
  if (getOutOfOrder())
    printer << ", out_of_order";
  if (getAtomic())
    printer << ", atomic";
  if (getOutOfBounds())
    printer << ", oob";
  if (!getDistributed().empty()) {
    printer << ", distributed [";
    llvm::interleaveComma(getDistributed(), printer,
                          [&](CollUnitAttr u) { u.printBare(printer); });
    printer << ']';
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Synchronization timelines
//===----------------------------------------------------------------------===//

SyncTimelineSets exo::getSyncTimelineSets(SyncTimeline tl) {
  using Q = QualTimeline;
  const QualTimelineSet inOrder =
      qualBit(Q::CudaRegs) | qualBit(Q::CudaRam) | qualBit(Q::Mbarrier);
  const QualTimelineSet temporal =
      inOrder | qualBit(Q::AsyncRetired) | qualBit(Q::WgmmaZero);
  const QualTimelineSet wgmmaRegs =
      qualBit(Q::WgmmaRegA) | qualBit(Q::WgmmaAccum);
  switch (tl) {
  case SyncTimeline::CudaInOrder:
    return {inOrder, temporal};
  case SyncTimeline::CudaTemporal:
    return {qualBit(Q::Mbarrier), temporal};
  case SyncTimeline::CudaGenericAndAsyncProxy:
    return {inOrder | qualBit(Q::AsyncRetired), temporal};
  case SyncTimeline::CpAsync:
    return {qualBit(Q::CpAsync) | qualBit(Q::Mbarrier), 0};
  case SyncTimeline::TmaToSmemAsync:
    return {qualBit(Q::TmaToSmem), 0};
  case SyncTimeline::TmaToGmemAsync:
    return {qualBit(Q::TmaToGmem), 0};
  case SyncTimeline::WgmmaAsync:
    return {wgmmaRegs | qualBit(Q::WgmmaSmem), 0};
  case SyncTimeline::WgmmaAsyncSmem:
    return {qualBit(Q::WgmmaSmem), 0};
  case SyncTimeline::WgmmaFence1:
    return {qualBit(Q::CudaRegs) | wgmmaRegs, 0};
  case SyncTimeline::WgmmaFence2:
    return {wgmmaRegs, 0};
  case SyncTimeline::CpuInOrder:
    return {qualBit(Q::Cpu), 0};
  case SyncTimeline::CudaStreamSync:
    return {inOrder | qualBit(Q::CudaStream) | qualBit(Q::AsyncRetired) |
                qualBit(Q::CpAsync) | qualBit(Q::TmaToSmem) |
                qualBit(Q::TmaToGmem) | wgmmaRegs | qualBit(Q::WgmmaSmem),
            0};
  }
  return {};
}

void exo::getAccessQualTimelines(InstrTimeline tl, MemoryKind mem,
                                 QualTimeline &initial,
                                 QualTimelineSet &extended) {
  using Q = QualTimeline;
  bool regs = isRegisterMemory(mem);
  auto set = [&](Q first, QualTimelineSet more = 0) {
    initial = first;
    extended = qualBit(first) | more;
  };
  switch (tl) {
  case InstrTimeline::CpuInOrder:
    return set(Q::Cpu);
  case InstrTimeline::CpuCudaStream:
    return set(Q::CudaStream);
  case InstrTimeline::CudaInOrder:
    // The zero-init's writes are plain register writes: in order with the
    // thread's later register accesses (of its own elements: the
    // collective analysis proves that an element access of an accumulator
    // runs in the thread that holds the element).
    if (regs)
      return set(Q::CudaRegs, qualBit(Q::WgmmaZero));
    return set(Q::CudaRam);
  case InstrTimeline::CpAsync:
    return set(Q::CpAsync, qualBit(Q::CudaRam));
  case InstrTimeline::TmaToSmem:
    return set(Q::TmaToSmem, qualBit(Q::AsyncRetired));
  case InstrTimeline::TmaToGmem:
    return set(Q::TmaToGmem, qualBit(Q::AsyncRetired));
  case InstrTimeline::Wgmma:
    if (mem == MemoryKind::WgmmaAccum)
      return set(Q::WgmmaAccum, qualBit(Q::WgmmaZero));
    if (regs)
      return set(Q::WgmmaRegA);
    return set(Q::WgmmaSmem, qualBit(Q::AsyncRetired));
  case InstrTimeline::WgmmaZero:
    // Plain register writes (then wgmma.fence): an earlier wgmma still
    // writing the accumulator must have been waited for, so its records are
    // not in order with this one. The thread's earlier plain register
    // accesses are.
    return set(Q::WgmmaZero, qualBit(Q::CudaRegs));
  }
}

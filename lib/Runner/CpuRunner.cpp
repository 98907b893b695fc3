//===- CpuRunner.cpp - Run exo procs on the CPU ---------------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Runner/CpuRunner.h"
#include "ExoGPU/Conversion/Passes.h"
#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace mlir;
using namespace exo;

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

static unsigned getByteWidth(Type t) {
  if (t.isTF32())
    return 4;
  return (t.getIntOrFloatBitWidth() + 7) / 8;
}

int64_t ArgValue::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The bits of `v` rounded (to nearest even) to the narrow format `sem`
/// (bf16, f16, the fp8 formats; the generator's values are in [-1, 1], far
/// inside all of them), and back.
static uint64_t toNarrowBits(double v, const llvm::fltSemantics &sem) {
  llvm::APFloat f(v);
  bool lost;
  f.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

static double fromNarrowBits(uint64_t bits, const llvm::fltSemantics &sem) {
  llvm::APFloat f(sem, llvm::APInt(llvm::APFloat::getSizeInBits(sem), bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

/// Reads an element of type `t` stored at `p`.
static double load(Type t, const uint8_t *p) {
  if (t.isF32() || t.isTF32()) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  if (t.isF64()) {
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  if (t.isF16() || t.isBF16()) {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return fromNarrowBits(bits, cast<FloatType>(t).getFloatSemantics());
  }
  if (isFp8Type(t))
    return fromNarrowBits(p[0], cast<FloatType>(t).getFloatSemantics());
  if (t.isInteger(32)) {
    int32_t i;
    std::memcpy(&i, p, 4);
    return i;
  }
  int8_t i;
  std::memcpy(&i, p, 1);
  return i;
}

/// Stores `v` as an element of type `t` at `p`.
static void store(Type t, uint8_t *p, double v) {
  if (t.isF32() || t.isTF32()) {
    float f = static_cast<float>(v);
    std::memcpy(p, &f, 4);
  } else if (t.isF64()) {
    std::memcpy(p, &v, 8);
  } else if (t.isF16() || t.isBF16()) {
    auto bits = static_cast<uint16_t>(
        toNarrowBits(v, cast<FloatType>(t).getFloatSemantics()));
    std::memcpy(p, &bits, 2);
  } else if (isFp8Type(t)) {
    p[0] = static_cast<uint8_t>(
        toNarrowBits(v, cast<FloatType>(t).getFloatSemantics()));
  } else if (t.isInteger(32)) {
    int32_t i = static_cast<int32_t>(v);
    std::memcpy(p, &i, 4);
  } else {
    int8_t i = static_cast<int8_t>(v);
    std::memcpy(p, &i, 1);
  }
}

double ArgValue::getElement(int64_t i) const {
  return load(type, bytes.data() + i * getByteWidth(type));
}

void ArgValue::setElement(int64_t i, double v) {
  store(type, bytes.data() + i * getByteWidth(type), v);
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// FNV-1a: a hash that is the same in every process (unlike llvm::hash_value).
/// The most bytes one call's array arguments may take: EXO_RUN_MAX_BYTES,
/// or 8 GiB.
static uint64_t maxArgumentBytes() {
  if (const char *env = std::getenv("EXO_RUN_MAX_BYTES")) {
    uint64_t v;
    if (!StringRef(env).getAsInteger(10, v))
      return v;
  }
  return uint64_t(8) << 30;
}

/// The bounds-checked program's reports (one run at a time).
static int64_t oobCount = 0, oobFirstSite = -1;

/// Called by the lowered program at an access outside its buffer.
extern "C" void exoRunnerOutOfBounds(int64_t site) {
  if (oobCount++ == 0)
    oobFirstSite = site;
}

static uint64_t stableHash(StringRef s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : s) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

/// A random value of type `t`: floats in [-1, 1), integers in [-8, 8).
static double randomValue(Type t, std::mt19937_64 &rng) {
  if (isa<IntegerType>(t))
    return static_cast<double>(static_cast<int64_t>(rng() % 16) - 8);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  return dist(rng);
}

FailureOr<ArgList> CpuRunner::makeArgs(ProcOp proc,
                                       const llvm::StringMap<int64_t> &sizes,
                                       uint64_t seed) {
  ArgList args;
  SmallVector<int64_t> sizeValues;
  for (auto [i, type] : llvm::enumerate(proc.getArgumentTypes())) {
    ArgValue arg;
    arg.name = proc.getArgName(i).str();
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull ^ stableHash(arg.name));
    if (type.isIndex()) {
      auto it = sizes.find(arg.name);
      if (it == sizes.end())
        return proc.emitError()
               << "size '" << arg.name << "' of @" << proc.getSymName()
               << " is not given (--size " << arg.name << "=...)";
      if (failed(checkSizeValue(arg.name, it->second,
                                [&] { return proc.emitError(); })))
        return failure();
      arg.kind = ArgValue::Kind::Index;
      arg.type = type;
      arg.index = it->second;
      sizeValues.push_back(it->second);
    } else if (isShapedData(type)) {
      arg.kind = ArgValue::Kind::Array;
      arg.type = getElementTypeOf(type);
      for (Attribute d : getDimsOf(type)) {
        if (auto c = dyn_cast<IntegerAttr>(d)) {
          arg.shape.push_back(c.getInt());
        } else if (auto name = dyn_cast<StringAttr>(d)) {
          auto it = sizes.find(name.getValue());
          if (it == sizes.end())
            return proc.emitError()
                   << "size '" << name.getValue() << "' is not given (--size "
                   << name.getValue() << "=...)";
          arg.shape.push_back(it->second);
        } else {
          return proc.emitError()
                 << "argument '" << arg.name
                 << "' has an unbounded ring dimension and cannot be "
                    "allocated";
        }
      }
    } else {
      arg.kind = ArgValue::Kind::Scalar;
      arg.type = type;
      arg.scalar = randomValue(type, rng);
    }
    args.push_back(std::move(arg));
  }
  // The proc's assertions on its sizes.
  if (std::optional<unsigned> c = proc.getViolatedAssertion(sizeValues))
    return proc.emitViolatedAssertion(*c, sizeValues);
  // Only then the arrays: each one's bytes counted without overflow, and
  // all of them within the limit, before anything is allocated.
  int64_t total = 0;
  for (ArgValue &arg : args) {
    if (arg.kind != ArgValue::Kind::Array)
      continue;
    int64_t bytes = getByteWidth(arg.type);
    for (int64_t d : arg.shape)
      if (d < 0 || llvm::MulOverflow(bytes, d, bytes))
        return proc.emitError()
               << "argument '" << arg.name << "' has "
               << (d < 0 ? "a negative extent" : "more bytes than int64 counts")
               << " at these sizes";
    if (llvm::AddOverflow(total, bytes, total) ||
        uint64_t(total) > maxArgumentBytes())
      return proc.emitError()
             << "the arguments of @" << proc.getSymName() << " need more than "
             << maxArgumentBytes() << " bytes at these sizes (argument '"
             << arg.name << "' alone " << bytes
             << "); set EXO_RUN_MAX_BYTES to allow more";
  }
  for (ArgValue &arg : args) {
    if (arg.kind != ArgValue::Kind::Array)
      continue;
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull ^ stableHash(arg.name));
    arg.bytes.resize(arg.getNumElements() * getByteWidth(arg.type));
    for (int64_t e = 0, n = arg.getNumElements(); e < n; ++e)
      arg.setElement(e, randomValue(arg.type, rng));
  }
  return args;
}

//===----------------------------------------------------------------------===//
// Lowering, JIT and calls
//===----------------------------------------------------------------------===//

FailureOr<std::unique_ptr<CpuRunner>> CpuRunner::create(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> clone = module.clone();
  PassManager lower(ctx);
  ExoLowerToCPUOptions lowerOptions;
  lowerOptions.checkBounds = true;
  lower.addPass(createExoLowerToCPU(lowerOptions));
  if (failed(lower.run(*clone)))
    return failure();
  std::vector<std::string> sites;
  if (auto list = (*clone)->getAttrOfType<ArrayAttr>("exo.oob_sites"))
    for (Attribute a : list)
      sites.push_back(cast<StringAttr>(a).getValue().str());
  // C wrappers take memrefs as descriptor pointers; the exo argument names
  // have no meaning for LLVM.
  for (auto fn : clone->getOps<func::FuncOp>()) {
    if (fn.isDeclaration()) // the runner's own hooks take plain C arguments
      continue;
    fn->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                UnitAttr::get(ctx));
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
      fn.removeArgAttr(i, "exo.name");
  }
  PassManager toLLVM(ctx);
  buildCPUToLLVMPipeline(toLLVM);
  if (failed(toLLVM.run(*clone)))
    return failure();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);
  // The options hold a reference to the transformer: keep it alive.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0, nullptr);
  ExecutionEngineOptions options;
  options.transformer = transformer;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(*clone, options);
  if (!engine) {
    std::string msg = llvm::toString(engine.takeError());
    return emitError(module.getLoc())
           << "cannot JIT-compile the program: " << msg;
  }
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    map[interner("exo_runner_out_of_bounds")] = {
        llvm::orc::ExecutorAddr::fromPtr(&exoRunnerOutOfBounds),
        llvm::JITSymbolFlags::Exported};
    return map;
  });
  auto runner = std::unique_ptr<CpuRunner>(new CpuRunner(std::move(*engine)));
  runner->oobSites = std::move(sites);
  return runner;
}

LogicalResult CpuRunner::run(ProcOp proc, ArgList &args) {
  // Storage for every argument as the C interface wants it: scalars by
  // value, arrays as pointers to strided memref descriptors
  // {base, aligned, offset, sizes[rank], strides[rank]}.
  std::vector<std::vector<int64_t>> storage(args.size());
  std::vector<void *> descriptors(args.size());
  std::vector<void *> packed;
  for (auto [i, arg] : llvm::enumerate(args)) {
    std::vector<int64_t> &s = storage[i];
    switch (arg.kind) {
    case ArgValue::Kind::Index:
      s = {arg.index};
      packed.push_back(s.data());
      break;
    case ArgValue::Kind::Scalar: {
      s.assign(1, 0);
      store(arg.type, reinterpret_cast<uint8_t *>(s.data()), arg.scalar);
      packed.push_back(s.data());
      break;
    }
    case ArgValue::Kind::Array: {
      size_t rank = arg.shape.size();
      s.assign(3 + 2 * rank, 0);
      auto base = reinterpret_cast<int64_t>(arg.bytes.data());
      s[0] = base;
      s[1] = base;
      int64_t stride = 1;
      for (size_t d = rank; d-- > 0;) {
        s[3 + d] = arg.shape[d];
        s[3 + rank + d] = stride;
        stride *= arg.shape[d];
      }
      descriptors[i] = s.data();
      packed.push_back(&descriptors[i]);
      break;
    }
    }
  }
  std::string name = ("_mlir_ciface_" + proc.getSymName()).str();
  oobCount = 0;
  oobFirstSite = -1;
  if (llvm::Error err = engine->invokePacked(name, packed))
    return proc.emitError() << "cannot call @" << proc.getSymName() << ": "
                            << llvm::toString(std::move(err));
  if (oobCount > 0) {
    std::string where =
        oobFirstSite >= 0 && size_t(oobFirstSite) < oobSites.size()
            ? oobSites[oobFirstSite]
            : std::string("an unknown statement");
    return proc.emitError()
           << "@" << proc.getSymName() << " accessed outside a tensor "
           << oobCount << " time(s) at these sizes (those accesses were "
           << "skipped), first at " << where;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

/// The unit roundoff of the narrowest floating-point format in `type`, or 0
/// for types that compute exactly.
static double getUnitRoundoff(Type type) {
  if (type.isTF32())
    return std::ldexp(1.0, -10); // tensor cores truncate to tf32
  if (isa<Float8E5M2Type>(type))
    return std::ldexp(1.0, -3);
  if (isa<Float8E4M3FNType>(type))
    return std::ldexp(1.0, -4);
  if (type.isBF16())
    return std::ldexp(1.0, -8);
  if (type.isF16())
    return std::ldexp(1.0, -11);
  if (type.isF32())
    return std::ldexp(1.0, -24);
  if (type.isF64())
    return std::ldexp(1.0, -53);
  return 0;
}

double CpuRunner::chooseTolerance(ProcOp a, ProcOp b, int64_t maxSize) {
  // Everything either proc runs: the procs and what they call.
  llvm::SetVector<Operation *> procs;
  procs.insert(a);
  procs.insert(b);
  for (size_t i = 0; i < procs.size(); ++i)
    procs[i]->walk([&](CallOp call) {
      if (auto callee = lookupCallee(call))
        procs.insert(callee);
    });
  double narrow = 0;
  bool anyFloat = false;
  auto consider = [&](Type t) {
    if (Type e = getElementTypeOf(t))
      t = e;
    double u = getUnitRoundoff(t);
    if (u > 0) {
      anyFloat = true;
      narrow = std::max(narrow, u);
    }
  };
  for (Operation *p : procs) {
    for (Type t : cast<ProcOp>(p).getArgumentTypes())
      consider(t);
    p->walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        consider(t);
    });
  }
  if (!anyFloat)
    return 0;
  // The device math either proc uses: the GPU computes each operation
  // within its bound of the CPU's libm (DeviceMath.h), and a result derived
  // from it (a sum, a product, a quotient) within a few times that.
  double math = 0;
  for (Operation *p : procs)
    p->walk([&](Operation *op) {
      if (std::optional<DeviceMathBound> bound = getDeviceMathBound(op))
        math = std::max(math, bound->relative + bound->absolute);
    });
  // Rounding to the narrow format, plus f32 accumulation in another order.
  double f32Sums =
      16 * std::ldexp(1.0, -24) *
      std::sqrt(static_cast<double>(std::max<int64_t>(maxSize, 1)));
  return (narrow > std::ldexp(1.0, -24) ? 8 * narrow : 0) + 4 * math + f32Sums;
}

std::vector<Comparison>
exo::compareArgs(const ArgList &ref, const ArgList &other, double tolerance) {
  std::vector<Comparison> result;
  for (const ArgValue &a : ref) {
    if (a.kind != ArgValue::Kind::Array)
      continue;
    const ArgValue *b = nullptr;
    for (const ArgValue &o : other)
      if (o.kind == ArgValue::Kind::Array && o.name == a.name)
        b = &o;
    if (!b || b->shape != a.shape)
      continue;
    Comparison c;
    c.name = a.name;
    c.tolerance = tolerance;
    for (int64_t i = 0, n = a.getNumElements(); i < n; ++i) {
      double x = a.getElement(i), y = b->getElement(i);
      if (std::isnan(x) || std::isnan(y)) {
        c.hasNaN = true;
        continue;
      }
      c.maxAbsDiff = std::max(c.maxAbsDiff, std::fabs(x - y));
      c.maxAbsRef = std::max(c.maxAbsRef, std::fabs(x));
    }
    c.error = c.maxAbsDiff / std::max(c.maxAbsRef, 1e-30);
    if (c.maxAbsDiff == 0)
      c.error = 0;
    result.push_back(c);
  }
  return result;
}

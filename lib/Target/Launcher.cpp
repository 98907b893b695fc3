//===- Launcher.cpp - PTX and C++ launchers from lowered kernels ----------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Target/Launcher.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

/// Refuses a module that is not the output of -exo-to-ptx: one with an op
/// at the top that is neither a gpu.binary nor of the gpu, llvm or nvvm
/// dialects (an exo.proc, a transform script, an amir.program, ...).
LogicalResult checkLowered(ModuleOp module) {
  for (Operation &op : module.getOps()) {
    if (isa<gpu::BinaryOp>(op) ||
        isa<gpu::GPUDialect, LLVM::LLVMDialect, NVVM::NVVMDialect>(
            op.getDialect()))
      continue;
    return op.emitError()
           << "'" << op.getName()
           << "' is not lowered: exo-gpu-translate reads the output of "
              "-exo-to-ptx; run `exo-gpu-opt FILE -exo-to-ptx -o "
              "FILE.ptx.mlir` first and translate that";
  }
  return success();
}

FailureOr<StringRef> findPTX(ModuleOp module) {
  if (failed(checkLowered(module)))
    return failure();
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return module.emitError()
           << "expected one gpu.binary (the output of -exo-to-ptx), found "
           << binaries.size();
  for (Attribute a : binaries.front().getObjects()) {
    auto object = dyn_cast<gpu::ObjectAttr>(a);
    if (object && object.getFormat() == gpu::CompilationTarget::Assembly)
      return object.getObject().getValue();
  }
  return binaries.front().emitError()
         << "holds no PTX assembly object (use the 'isa' format)";
}

/// C++ for an affine expression over the proc's sizes.
std::string cppExpr(AffineExpr e, ArrayRef<std::string> symbols) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return "int64_t(" + std::to_string(cast<AffineConstantExpr>(e).getValue()) +
           ")";
  case AffineExprKind::SymbolId:
    return symbols[cast<AffineSymbolExpr>(e).getPosition()];
  case AffineExprKind::DimId:
    return "0 /* unexpected dimension */";
  default:
    break;
  }
  auto bin = cast<AffineBinaryOpExpr>(e);
  std::string l = cppExpr(bin.getLHS(), symbols);
  std::string r = cppExpr(bin.getRHS(), symbols);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return "(" + l + " + " + r + ")";
  case AffineExprKind::Mul:
    return "(" + l + " * " + r + ")";
  case AffineExprKind::Mod:
    return "exo_rt::floorMod(" + l + ", " + r + ")";
  case AffineExprKind::FloorDiv:
    return "exo_rt::floorDiv(" + l + ", " + r + ")";
  case AffineExprKind::CeilDiv:
    return "exo_rt::ceilDiv(" + l + ", " + r + ")";
  default:
    return "0";
  }
}

FailureOr<StringRef> tensorMapType(ModuleOp module, Type t) {
  if (t.isF32() || t.isTF32())
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_FLOAT32");
  if (t.isBF16())
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_BFLOAT16");
  if (t.isF16())
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_FLOAT16");
  if (t.isInteger(32))
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_INT32");
  if (t.isInteger(8))
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_UINT8");
  return module.emitError() << "no tensor-map data type for " << t;
}

std::string cppDim(Attribute d) {
  if (auto i = dyn_cast<IntegerAttr>(d))
    return "int64_t(" + std::to_string(i.getInt()) + ")";
  return cast<StringAttr>(d).getValue().str();
}

/// Checks the shape of the `exo.kernels` launch description (it is user
/// input to this tool), so that the emitter can read it without checks.
LogicalResult verifyKernels(ModuleOp module, ArrayAttr kernels) {
  auto bad = [&](const Twine &what) {
    return module.emitError() << "malformed 'exo.kernels': " << what;
  };
  auto isIdentifier = [](StringRef name) {
    return !name.empty() && !llvm::isDigit(name.front()) &&
           llvm::all_of(name,
                        [](char c) { return llvm::isAlnum(c) || c == '_'; });
  };
  for (auto [k, a] : llvm::enumerate(kernels)) {
    auto kernel = dyn_cast<DictionaryAttr>(a);
    if (!kernel)
      return bad("entry " + Twine(k) + " is not a dictionary");
    auto name = kernel.getAs<StringAttr>("name");
    if (!name || !isIdentifier(name.getValue()))
      return bad("entry " + Twine(k) + " has no identifier 'name'");
    for (StringRef field :
         {"block_dim", "cluster_dim", "blocks_per_sm", "smem_bytes"}) {
      auto v = kernel.getAs<IntegerAttr>(field);
      if (!v || v.getInt() < 0 || v.getInt() > (int64_t(1) << 31))
        return bad("kernel '" + name.getValue() + "' has no valid '" + field +
                   "'");
    }
    if (kernel.get("requires") && !kernel.getAs<IntegerSetAttr>("requires"))
      return bad("kernel '" + name.getValue() +
                 "': 'requires' is not an integer set");
    auto params = kernel.getAs<ArrayAttr>("params");
    if (!params)
      return bad("kernel '" + name.getValue() + "' has no 'params' array");
    if (llvm::count_if(params, [](Attribute pa) {
          auto p = dyn_cast<DictionaryAttr>(pa);
          return p && p.get("cluster_count");
        }) > 1)
      return bad("kernel '" + name.getValue() +
                 "' marks more than one parameter 'cluster_count'");
    for (auto [i, pa] : llvm::enumerate(params)) {
      auto p = dyn_cast<DictionaryAttr>(pa);
      auto pname = p ? p.getAs<StringAttr>("name") : StringAttr();
      auto kind = p ? p.getAs<StringAttr>("kind") : StringAttr();
      if (!pname || !isIdentifier(pname.getValue()) || !kind)
        return bad("kernel '" + name.getValue() + "' parameter " + Twine(i) +
                   " needs an identifier 'name' and a 'kind'");
      StringRef kindName = kind.getValue();
      auto element = p.getAs<TypeAttr>("element");
      auto dims = p.getAs<ArrayAttr>("dims");
      bool dimsOk = dims && llvm::all_of(dims, [&](Attribute d) {
                      if (auto s = dyn_cast<StringAttr>(d))
                        return isIdentifier(s.getValue());
                      return isa<IntegerAttr>(d);
                    });
      bool elementOk = element && element.getValue().isIntOrFloat();
      if (p.get("cluster_count") &&
          (kindName != "index" || !isa<UnitAttr>(p.get("cluster_count"))))
        return bad("kernel '" + name.getValue() + "' parameter '" +
                   pname.getValue() +
                   "': only a size (kind 'index') takes 'cluster_count', a "
                   "unit attribute");
      if (p.get("align") && kindName != "gmem")
        return bad(
            "kernel '" + name.getValue() + "' parameter '" + pname.getValue() +
            "': only a gmem tensor takes 'align', not a '" + kindName + "'");
      if (kindName == "index")
        continue;
      if (kindName == "scalar" && element &&
          (element.getValue().isF32() || element.getValue().isInteger(32)))
        continue;
      if (kindName == "gmem" && elementOk && dimsOk) {
        Attribute align = p.get("align");
        auto bytes = dyn_cast_or_null<IntegerAttr>(align);
        if (align && (!bytes || bytes.getInt() < 1 || bytes.getInt() > 4096 ||
                      !llvm::isPowerOf2_64(bytes.getInt())))
          return bad("kernel '" + name.getValue() + "' parameter '" +
                     pname.getValue() +
                     "': 'align' must be a power of two from 1 to 4096");
        continue;
      }
      if (kindName == "tensor_map" && elementOk && dimsOk) {
        auto tensor = p.getAs<IntegerAttr>("tensor");
        auto box = p.getAs<DenseI64ArrayAttr>("box");
        auto swizzle = p.getAs<IntegerAttr>("swizzle");
        if (tensor && tensor.getInt() >= 0 &&
            tensor.getInt() < static_cast<int64_t>(params.size()) && box &&
            box.size() == static_cast<int64_t>(dims.size()) && swizzle)
          continue;
      }
      return bad("kernel '" + name.getValue() + "' parameter '" +
                 pname.getValue() + "' of kind '" + kindName +
                 "' lacks the fields that kind needs");
    }
    if (Attribute zeros = kernel.get("zero_before_launch")) {
      auto list = dyn_cast<DenseI64ArrayAttr>(zeros);
      if (!list || llvm::any_of(list.asArrayRef(), [&](int64_t i) {
            return i < 0 || i >= static_cast<int64_t>(params.size()) ||
                   cast<DictionaryAttr>(params[i])
                           .getAs<StringAttr>("kind")
                           .getValue() != "gmem";
          }))
        return bad("kernel '" + name.getValue() +
                   "': 'zero_before_launch' must list gmem parameters");
    }
  }
  return success();
}

} // namespace

LogicalResult exo::extractPTX(ModuleOp module, raw_ostream &os) {
  FailureOr<StringRef> ptx = findPTX(module);
  if (failed(ptx))
    return failure();
  os << *ptx;
  return success();
}

LogicalResult exo::emitLauncher(ModuleOp module, raw_ostream &os) {
  FailureOr<StringRef> ptx = findPTX(module);
  if (failed(ptx))
    return failure();
  auto kernels = module->getAttrOfType<ArrayAttr>("exo.kernels");
  if (!kernels)
    return module.emitError() << "has no 'exo.kernels' launch description "
                                 "(the output of -exo-to-ptx)";
  if (kernels.empty())
    return module.emitError() << "'exo.kernels' lists no kernel";
  if (failed(verifyKernels(module, kernels)))
    return failure();
  if (ptx->contains(")exo_ptx\""))
    return module.emitError() << "the PTX contains the raw-string delimiter";
  os << "// Generated by exo-gpu-translate --exo-emit-launcher. Do not edit.\n"
        "//\n"
        "// Compile with the Exo-GPU runtime (runtime/exo_gpu_runtime.cpp) "
        "and link\n// against the CUDA driver (-lcuda).\n\n"
        "#pragma once\n\n#include \"exo_gpu_runtime.h\"\n\n"
        "#include <cstdint>\n\n"
        "namespace exo_kernels {\nnamespace detail {\n";
  // One PTX array per generated header, named after its first kernel, so
  // that several headers can be included in one program.
  std::string ptxName = "kPtx_" + cast<DictionaryAttr>(kernels[0])
                                      .getAs<StringAttr>("name")
                                      .getValue()
                                      .str();
  os << "inline const char " << ptxName << "[] = R\"exo_ptx(";
  os << *ptx << ")exo_ptx\";\n} // namespace detail\n";

  for (Attribute a : kernels) {
    auto k = cast<DictionaryAttr>(a);
    StringRef name = k.getAs<StringAttr>("name").getValue();
    auto params = k.getAs<ArrayAttr>("params");
    SmallVector<std::string> sizes, signature, args, maps;
    std::optional<std::string> clusterCount;
    for (Attribute pa : params) {
      auto p = cast<DictionaryAttr>(pa);
      StringRef pname = p.getAs<StringAttr>("name").getValue();
      StringRef kind = p.getAs<StringAttr>("kind").getValue();
      if (kind == "index") {
        sizes.push_back(pname.str());
        // The launcher computes the cluster count; the caller does not
        // pass it.
        if (p.get("cluster_count"))
          clusterCount = pname.str();
        else
          signature.push_back("int64_t " + pname.str());
      } else if (kind == "gmem") {
        signature.push_back("CUdeviceptr " + pname.str());
      } else if (kind == "scalar") {
        Type t = p.getAs<TypeAttr>("element").getValue();
        signature.push_back((t.isF32() ? "float " : "int32_t ") + pname.str());
      }
      args.push_back("&" + pname.str());
    }
    os << "\n/// Launches kernel '" << name
       << "' (a persistent grid) on `stream`.\n"
          "/// Returns CUDA_SUCCESS, or an error with exo_rt::lastError() "
          "set.\n"
          "inline CUresult "
       << name << "(CUstream stream";
    for (const std::string &s : signature)
      os << ", " << s;
    os << ") {\n";
    auto emitInfo = [&] {
      os << "  static const exo_rt::KernelInfo info = {\"" << name
         << "\", detail::" << ptxName << ", "
         << k.getAs<IntegerAttr>("block_dim").getInt() << ", "
         << k.getAs<IntegerAttr>("cluster_dim").getInt() << ", "
         << k.getAs<IntegerAttr>("blocks_per_sm").getInt() << ", "
         << k.getAs<IntegerAttr>("smem_bytes").getInt() << "};\n";
    };
    // The cluster count comes first: the requirements may name it.
    if (clusterCount) {
      emitInfo();
      os << "  int64_t " << *clusterCount << ";\n"
         << "  if (CUresult r = exo_rt::persistentClusterCount(info, &"
         << *clusterCount << "); r != CUDA_SUCCESS)\n    return r;\n";
    }
    // Every size in [0, kMaxSize]: the range the compiler's index proofs
    // assume (IndexRanges.h).
    for (const std::string &size : sizes)
      os << "  if (!(" << size << " >= 0 && " << size << " <= " << kMaxSize
         << "))\n    return exo_rt::rejectLaunch(\"" << name << ": size "
         << size << " is outside [0, " << kMaxSize << "]\");\n";
    if (auto req = k.getAs<IntegerSetAttr>("requires")) {
      IntegerSet set = req.getValue();
      if (set.getNumSymbols() != sizes.size())
        return module.emitError() << "kernel '" << name << "': 'requires' has "
                                  << set.getNumSymbols() << " symbols for "
                                  << sizes.size() << " sizes";
      for (unsigned i = 0; i < set.getNumConstraints(); ++i) {
        std::string e = cppExpr(set.getConstraint(i), sizes);
        std::string text;
        llvm::raw_string_ostream(text) << set.getConstraint(i);
        for (unsigned s = sizes.size(); s-- > 0;)
          text =
              llvm::join(llvm::split(text, "s" + std::to_string(s)), sizes[s]);
        std::string cond = e + (set.isEq(i) ? " == 0" : " >= 0");
        os << "  if (!(" << cond << "))\n    return exo_rt::rejectLaunch(\""
           << name << ": the sizes violate the kernel's requirement " << text
           << (set.isEq(i) ? " == 0" : " >= 0") << "\");\n";
      }
    }
    for (Attribute pa : params) {
      auto p = cast<DictionaryAttr>(pa);
      auto align = p.getAs<IntegerAttr>("align");
      if (!align || align.getInt() == 1)
        continue;
      StringRef pname = p.getAs<StringAttr>("name").getValue();
      os << "  if (" << pname << " % " << align.getInt()
         << ")\n    return exo_rt::rejectLaunch(\"" << name << ": tensor "
         << pname << " is not " << align.getInt()
         << "-byte aligned, as the kernel's vector accesses need\");\n";
    }
    for (Attribute pa : params) {
      auto p = cast<DictionaryAttr>(pa);
      if (p.getAs<StringAttr>("kind").getValue() != "tensor_map")
        continue;
      StringRef pname = p.getAs<StringAttr>("name").getValue();
      int64_t tensor = p.getAs<IntegerAttr>("tensor").getInt();
      auto tp = cast<DictionaryAttr>(params[tensor]);
      StringRef tname = tp.getAs<StringAttr>("name").getValue();
      Type elem = p.getAs<TypeAttr>("element").getValue();
      FailureOr<StringRef> dtype = tensorMapType(module, elem);
      if (failed(dtype))
        return failure();
      int64_t bytes = elem.isTF32() ? 4 : elem.getIntOrFloatBitWidth() / 8;
      auto dims = p.getAs<ArrayAttr>("dims");
      ArrayRef<int64_t> box = p.getAs<DenseI64ArrayAttr>("box").asArrayRef();
      int64_t swizzle = p.getAs<IntegerAttr>("swizzle").getInt();
      size_t rank = dims.size();
      os << "  CUtensorMap " << pname
         << ";\n  {\n    const uint64_t dims[] = {";
      for (size_t i = 0; i < rank; ++i)
        os << (i ? ", " : "") << "uint64_t(" << cppDim(dims[i]) << ")";
      os << "};\n    const uint64_t strides[] = {";
      for (size_t i = 0; i + 1 < rank; ++i) {
        os << (i ? ", " : "") << "uint64_t(" << bytes;
        for (size_t j = i + 1; j < rank; ++j)
          os << " * " << cppDim(dims[j]);
        os << ")";
      }
      if (rank == 1)
        os << "0";
      os << "};\n    const uint32_t box[] = {";
      llvm::interleaveComma(box, os);
      os << "};\n    CUresult r = exo_rt::encodeTiled(&" << pname << ", "
         << *dtype << ", " << rank << ", " << tname << ", dims, strides, box, "
         << swizzle << ");\n    if (r != CUDA_SUCCESS)\n      return r;\n  }\n";
    }
    if (auto zeros = k.getAs<DenseI64ArrayAttr>("zero_before_launch")) {
      for (int64_t i : zeros.asArrayRef()) {
        auto p = cast<DictionaryAttr>(params[i]);
        Type elem = p.getAs<TypeAttr>("element").getValue();
        int64_t bytes = elem.isTF32() ? 4 : elem.getIntOrFloatBitWidth() / 8;
        os << "  if (CUresult r = exo_rt::zeroAsync("
           << p.getAs<StringAttr>("name").getValue() << ", size_t(" << bytes;
        for (Attribute d : p.getAs<ArrayAttr>("dims"))
          os << " * " << cppDim(d);
        os << "), stream); r != CUDA_SUCCESS)\n    return r;\n";
      }
    }
    if (!clusterCount)
      emitInfo();
    os << "  void *params[] = {" << llvm::join(args, ", ") << "};\n"
       << "  return exo_rt::launchPersistent(info, stream, params);\n}\n";
  }
  os << "\n} // namespace exo_kernels\n";
  return success();
}

void exo::registerExoTranslations(void (*inputDialects)(DialectRegistry &)) {
  auto dialects = [inputDialects](DialectRegistry &registry) {
    registry.insert<gpu::GPUDialect, LLVM::LLVMDialect, NVVM::NVVMDialect>();
    if (inputDialects)
      inputDialects(registry);
  };
  TranslateFromMLIRRegistration extract(
      "exo-extract-ptx", "Print the PTX of the output of -exo-to-ptx",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError() << "expected a builtin.module";
        return extractPTX(module, os);
      },
      dialects);
  TranslateFromMLIRRegistration launcher(
      "exo-emit-launcher",
      "Emit a C++ header with the PTX and one launcher per kernel",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError() << "expected a builtin.module";
        return emitLauncher(module, os);
      },
      dialects);
}

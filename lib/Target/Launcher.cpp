//===- Launcher.cpp - PTX and C++ launchers from lowered kernels ----------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Target/Launcher.h"
#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
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
  if (t.isInteger(8) || isa<Float8E4M3FNType, Float8E5M2Type>(t))
    return StringRef("CU_TENSOR_MAP_DATA_TYPE_UINT8");
  return module.emitError() << "no tensor-map data type for " << t;
}

std::string cppDim(Attribute d) {
  if (auto i = dyn_cast<IntegerAttr>(d))
    return "int64_t(" + std::to_string(i.getInt()) + ")";
  return cast<StringAttr>(d).getValue().str();
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
  auto list =
      module->getAttrOfType<ArrayAttr>(KernelAttr::getKernelsAttrName());
  if (!list)
    return module.emitError() << "has no 'exo.kernels' launch description "
                                 "(the output of -exo-to-ptx)";
  if (list.empty())
    return module.emitError() << "'exo.kernels' lists no kernel";
  SmallVector<KernelAttr> kernels;
  for (auto [i, a] : llvm::enumerate(list)) {
    auto kernel = dyn_cast<KernelAttr>(a);
    if (!kernel)
      return module.emitError()
             << "'exo.kernels' entry " << i << " is not a #exo.kernel: " << a;
    kernels.push_back(kernel);
  }
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
  std::string ptxName = "kPtx_" + kernels[0].getName().str();
  os << "inline const char " << ptxName << "[] = R\"exo_ptx(";
  os << *ptx << ")exo_ptx\";\n} // namespace detail\n";

  for (KernelAttr k : kernels) {
    StringRef name = k.getName();
    SmallVector<KernelParamAttr> params = k.getParamList();
    SmallVector<std::string> sizes, signature, args, maps;
    std::optional<std::string> clusterCount;
    for (KernelParamAttr p : params) {
      StringRef pname = p.getName();
      switch (p.getKind()) {
      case KernelParamKind::Index:
        sizes.push_back(pname.str());
        // The launcher computes the cluster count; the caller does not
        // pass it.
        if (p.getClusterCount())
          clusterCount = pname.str();
        else
          signature.push_back("int64_t " + pname.str());
        break;
      case KernelParamKind::Gmem:
        signature.push_back("CUdeviceptr " + pname.str());
        break;
      case KernelParamKind::Scalar:
        signature.push_back((p.getElement().isF32() ? "float " : "int32_t ") +
                            pname.str());
        break;
      case KernelParamKind::TensorMap:
        break;
      }
      args.push_back("&" + pname.str());
    }
    // The size checks: every size in [0, kMaxSize] (the range the
    // compiler's index proofs assume, IndexRanges.h), then the kernel's
    // requirements. Those that need no cluster count form NAME_rejects,
    // which a dispatcher asks before it picks a kernel; the launcher asks it
    // too, and checks the rest once it knows the cluster count.
    SmallVector<std::pair<std::string, std::string>> sizeChecks, launchChecks;
    for (unsigned s = 0; s < sizes.size(); ++s) {
      std::string check =
          sizes[s] + " >= 0 && " + sizes[s] + " <= " + std::to_string(kMaxSize);
      std::string why = (name + ": size " + sizes[s] + " is outside [0, " +
                         std::to_string(kMaxSize) + "]")
                            .str();
      (clusterCount && sizes[s] == *clusterCount ? launchChecks : sizeChecks)
          .emplace_back(check, why);
    }
    if (IntegerSetAttr req = k.getRequirements()) {
      // (The attribute's verifier holds one symbol per size.)
      IntegerSet set = req.getValue();
      std::optional<unsigned> clusterPos;
      if (clusterCount)
        clusterPos = llvm::find(sizes, *clusterCount) - sizes.begin();
      for (unsigned i = 0; i < set.getNumConstraints(); ++i) {
        AffineExpr c = set.getConstraint(i);
        std::string text;
        llvm::raw_string_ostream(text) << c;
        for (unsigned s = sizes.size(); s-- > 0;)
          text =
              llvm::join(llvm::split(text, "s" + std::to_string(s)), sizes[s]);
        const char *rel = set.isEq(i) ? " == 0" : " >= 0";
        bool needsCluster = clusterPos && c.isFunctionOfSymbol(*clusterPos);
        (needsCluster ? launchChecks : sizeChecks)
            .emplace_back(cppExpr(c, sizes) + rel,
                          (name +
                           ": the sizes violate the kernel's "
                           "requirement " +
                           text + rel)
                              .str());
      }
    }
    SmallVector<std::string> sizeParams, sizeArgs;
    for (const std::string &s : sizes) {
      if (clusterCount && s == *clusterCount)
        continue;
      sizeParams.push_back("int64_t " + s);
      sizeArgs.push_back(s);
    }
    os << "\n/// Why kernel '" << name
       << "' cannot run at these sizes, or nullptr when\n"
          "/// it can (the requirements that name the cluster count are "
          "checked at launch).\n"
          "inline const char *"
       << name << "_rejects(" << llvm::join(sizeParams, ", ") << ") {\n";
    for (auto &[check, why] : sizeChecks)
      os << "  if (!(" << check << "))\n    return \"" << why << "\";\n";
    os << "  return nullptr;\n}\n";

    AffineMapAttr gridTasks = k.getGridTasks();
    os << "\n/// Launches kernel '" << name << "' ("
       << (gridTasks ? "a cluster per task" : "a persistent grid")
       << ") on `stream`.\n"
          "/// Returns CUDA_SUCCESS, or an error with exo_rt::lastError() "
          "set.\n"
          "inline CUresult "
       << name << "(CUstream stream";
    for (const std::string &s : signature)
      os << ", " << s;
    os << ") {\n";
    os << "  if (const char *why = " << name << "_rejects("
       << llvm::join(sizeArgs, ", ") << "))\n"
       << "    return exo_rt::rejectLaunch(why);\n";
    auto emitInfo = [&] {
      os << "  static const exo_rt::KernelInfo info = {\"" << name
         << "\", detail::" << ptxName << ", " << k.getBlockDim() << ", "
         << k.getClusterDim() << ", " << k.getBlocksPerSm() << ", "
         << k.getSmemBytes() << "};\n";
    };
    if (clusterCount) {
      emitInfo();
      os << "  int64_t " << *clusterCount << ";\n"
         << "  if (CUresult r = exo_rt::persistentClusterCount(info, &"
         << *clusterCount << "); r != CUDA_SUCCESS)\n    return r;\n";
    }
    for (auto &[check, why] : launchChecks)
      os << "  if (!(" << check << "))\n    return exo_rt::rejectLaunch(\""
         << why << "\");\n";
    for (KernelParamAttr p : params) {
      int64_t align = p.getAlign();
      if (align <= 1)
        continue;
      StringRef pname = p.getName();
      os << "  if (" << pname << " % " << align
         << ")\n    return exo_rt::rejectLaunch(\"" << name << ": tensor "
         << pname << " is not " << align
         << "-byte aligned, as the kernel's vector accesses need\");\n";
    }
    for (KernelParamAttr p : params) {
      if (p.getKind() != KernelParamKind::TensorMap)
        continue;
      StringRef pname = p.getName();
      StringRef tname = params[p.getTensor()].getName();
      Type elem = p.getElement();
      FailureOr<StringRef> dtype = tensorMapType(module, elem);
      if (failed(dtype))
        return failure();
      int64_t bytes = p.getElementBytes();
      ArrayAttr dims = p.getDims();
      ArrayRef<int64_t> box = p.getBox().asArrayRef();
      int64_t swizzle = p.getSwizzle();
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
    if (DenseI64ArrayAttr zeros = k.getZeroBeforeLaunch()) {
      for (int64_t i : zeros.asArrayRef()) {
        KernelParamAttr p = params[i];
        os << "  if (CUresult r = exo_rt::zeroAsync(" << p.getName()
           << ", size_t(" << p.getElementBytes();
        for (Attribute d : p.getDims())
          os << " * " << cppDim(d);
        os << "), stream); r != CUDA_SUCCESS)\n    return r;\n";
      }
    }
    if (!clusterCount)
      emitInfo();
    os << "  void *params[] = {" << llvm::join(args, ", ") << "};\n";
    if (gridTasks) {
      SmallVector<std::string> trips;
      for (AffineExpr e : gridTasks.getValue().getResults())
        trips.push_back(cppExpr(e, sizes));
      os << "  const int64_t tasks[] = {" << llvm::join(trips, ", ") << "};\n"
         << "  return exo_rt::launchGrid(info, tasks, " << trips.size()
         << ", stream, params);\n}\n";
    } else {
      os << "  return exo_rt::launchPersistent(info, stream, params);\n}\n";
    }
  }
  os << "\n} // namespace exo_kernels\n";
  return success();
}

void exo::registerExoTranslations(void (*inputDialects)(DialectRegistry &)) {
  auto dialects = [inputDialects](DialectRegistry &registry) {
    registry.insert<ExoDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                    NVVM::NVVMDialect>();
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

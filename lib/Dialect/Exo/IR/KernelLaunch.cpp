//===- KernelLaunch.cpp - The kernel launch description -------------------===//
//
// Part of the Exo-GPU project.
//
// The verifiers of #exo.kernel and #exo.kernel_param, the typed launch
// description that -exo-lower-to-nvvm writes and the launcher emitter
// reads: what they accept is what the launcher can emit code for.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"

#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace exo;

/// Whether `name` can name a C++ variable of the launcher.
static bool isIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

LogicalResult KernelParamAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef name,
    KernelParamKind kind, Type element, ArrayAttr dims, int64_t align,
    bool clusterCount, int64_t tensor, DenseI64ArrayAttr box, int64_t swizzle) {
  if (!isIdentifier(name))
    return emitError() << "a kernel parameter's name must be a C++ "
                          "identifier, not '"
                       << name << "'";
  auto fail = [&]() {
    return emitError() << "kernel parameter '" << name << "' ("
                       << stringifyKernelParamKind(kind) << "): ";
  };
  bool array =
      kind == KernelParamKind::Gmem || kind == KernelParamKind::TensorMap;
  if (clusterCount && kind != KernelParamKind::Index)
    return fail() << "only a size takes 'cluster_count'";
  if (align && kind != KernelParamKind::Gmem)
    return fail() << "only a gmem tensor takes 'align'";
  if ((tensor != -1 || box || swizzle) && kind != KernelParamKind::TensorMap)
    return fail() << "only a tensor map takes 'tensor', 'box' and 'swizzle'";
  if (kind == KernelParamKind::Index && (element || dims))
    return fail() << "a size has no 'element' or 'dims'";
  if (kind == KernelParamKind::Scalar &&
      (dims || !element || !(element.isF32() || element.isInteger(32))))
    return fail() << "a scalar is an f32 or i32 'element', with no 'dims'";
  if (!array)
    return success();
  if (!element || !element.isIntOrFloat())
    return fail() << "needs an integer or floating-point 'element'";
  if (!dims || dims.empty() || dims.size() > 5)
    return fail() << "needs 'dims', one to five extents";
  for (Attribute d : dims) {
    auto size = dyn_cast<StringAttr>(d);
    auto extent = dyn_cast<IntegerAttr>(d);
    if (!(size && isIdentifier(size.getValue())) &&
        !(extent && extent.getInt() >= 0))
      return fail() << "each extent is a size's name or a non-negative "
                       "integer, not "
                    << d;
  }
  if (align && (align < 1 || align > 4096 || !llvm::isPowerOf2_64(align)))
    return fail() << "'align' must be a power of two from 1 to 4096";
  if (kind == KernelParamKind::Gmem)
    return success();
  if (tensor < 0)
    return fail() << "needs the number of its gmem parameter ('tensor')";
  if (!box || box.size() != static_cast<int64_t>(dims.size()) ||
      llvm::any_of(box.asArrayRef(),
                   [](int64_t e) { return e < 1 || e > 256; }))
    return fail() << "needs a 'box' of one extent from 1 to 256 per "
                     "dimension";
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return fail() << "'swizzle' is 0, 32, 64 or 128 bytes";
  return success();
}

int64_t KernelParamAttr::getElementBytes() const {
  return exo::getElementBytes(getElement());
}

SmallVector<KernelParamAttr> KernelAttr::getParamList() const {
  return llvm::map_to_vector(
      getParams(), [](Attribute a) { return cast<KernelParamAttr>(a); });
}

LogicalResult KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name, int64_t blockDim,
                                 int64_t clusterDim, int64_t blocksPerSm,
                                 int64_t smemBytes, ArrayAttr params,
                                 IntegerSetAttr requirements,
                                 DenseI64ArrayAttr zeroBeforeLaunch,
                                 AffineMapAttr gridTasks) {
  if (!isIdentifier(name))
    return emitError() << "a kernel's name must be a C++ identifier, not '"
                       << name << "'";
  auto fail = [&]() { return emitError() << "kernel '" << name << "': "; };
  if (blockDim < 1 || blockDim > 1024)
    return fail() << "'block_dim' is from 1 to 1024 threads, not " << blockDim;
  if (clusterDim < 1 || clusterDim > 16)
    return fail() << "'cluster_dim' is from 1 to 16 CTAs, not " << clusterDim;
  if (blocksPerSm < 1 || blocksPerSm > 32)
    return fail() << "'blocks_per_sm' is from 1 to 32, not " << blocksPerSm;
  if (smemBytes < 0 || smemBytes > 227 * 1024)
    return fail() << "'smem_bytes' is from 0 to 227 KiB, not " << smemBytes;
  SmallVector<KernelParamAttr> list;
  for (Attribute a : params) {
    auto p = dyn_cast<KernelParamAttr>(a);
    if (!p)
      return fail() << "each parameter is a #exo.kernel_param, not " << a;
    list.push_back(p);
  }
  int64_t sizes = llvm::count_if(list, [](KernelParamAttr p) {
    return p.getKind() == KernelParamKind::Index;
  });
  if (llvm::count_if(list,
                     [](KernelParamAttr p) { return p.getClusterCount(); }) > 1)
    return fail() << "more than one parameter is the 'cluster_count'";
  auto isGmem = [&](int64_t i) {
    return i >= 0 && i < static_cast<int64_t>(list.size()) &&
           list[i].getKind() == KernelParamKind::Gmem;
  };
  for (KernelParamAttr p : list)
    if (p.getKind() == KernelParamKind::TensorMap && !isGmem(p.getTensor()))
      return fail() << "tensor map '" << p.getName() << "' names parameter "
                    << p.getTensor() << ", which is not a gmem tensor";
  if (requirements && requirements.getValue().getNumSymbols() != sizes)
    return fail() << "'requirements' has "
                  << requirements.getValue().getNumSymbols() << " symbols for "
                  << sizes << " sizes";
  if (zeroBeforeLaunch && !llvm::all_of(zeroBeforeLaunch.asArrayRef(), isGmem))
    return fail() << "'zero_before_launch' must list gmem parameters";
  if (gridTasks) {
    AffineMap map = gridTasks.getValue();
    if (map.getNumDims() != 0 || map.getNumSymbols() != sizes ||
        map.getNumResults() == 0)
      return fail() << "'grid_tasks' maps the " << sizes
                    << " sizes (symbols, no dimensions) to at least one trip "
                       "count, not "
                    << gridTasks;
  }
  return success();
}

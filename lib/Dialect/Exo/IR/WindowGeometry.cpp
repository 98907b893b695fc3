//===- WindowGeometry.cpp - The layout rules of on-chip windows
//-------------===//
//
// Part of the Exo-GPU project.
//
// The geometry of a window of shared memory or registers as the exo IR
// states it (WindowGeometry), and the rules of the TMA instructions on their
// shared-memory boxes. The lowering emits what these rules accept and the
// collective analysis refuses what they refuse, so that a program the
// analyses accept is one the lowering can emit.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace exo;

std::optional<WindowGeometry> WindowGeometry::get(Value value,
                                                  unsigned numDistributed) {
  MemoryAttr memory = getMemoryOf(value.getType());
  SmallVector<WindowOp> chain;
  while (auto window = value.getDefiningOp<WindowOp>()) {
    chain.push_back(window);
    value = window.getSource();
  }
  auto type = dyn_cast<TensorType>(value.getType());
  if (!type || !memory ||
      !(value.getDefiningOp<AllocOp>() || isa<BlockArgument>(value)))
    return std::nullopt;
  WindowGeometry w;
  w.root = value;
  w.elemType = type.getElementType();
  w.memory = memory;
  w.numDistributed = std::min<unsigned>(numDistributed, type.getRank());
  SmallVector<SmallVector<OpFoldResult, 2>> offsets(type.getRank());
  SmallVector<int64_t> shape = type.getStaticShapeOrDynamic();
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t depth = type.getRingDepth(d);
    w.extents.push_back(depth ? depth : shape[d]);
    w.rings.push_back(depth);
    w.kept.push_back(d);
    w.sizes.push_back(depth ? ShapedType::kDynamic : shape[d]);
  }
  for (WindowOp window : llvm::reverse(chain)) {
    SmallVector<unsigned> kept;
    SmallVector<int64_t> sizes;
    for (auto [j, off, size] :
         llvm::enumerate(window.getMixedOffsets(), window.getStaticSizes())) {
      if (j >= w.kept.size())
        return std::nullopt;
      unsigned d = w.kept[j];
      offsets[d].push_back(off);
      if (size == WindowOp::kPoint)
        continue;
      kept.push_back(d);
      sizes.push_back(size == WindowOp::kFull ? w.sizes[j] : size);
    }
    w.kept = std::move(kept);
    w.sizes = std::move(sizes);
  }
  for (ArrayRef<OpFoldResult> terms : offsets)
    w.offsetDivisors.push_back(knownDivisorOfSum(terms));
  return w;
}

bool WindowGeometry::isDenseBox(unsigned first) const {
  unsigned rank = extents.size();
  unsigned dims = kept.size();
  if (first >= dims)
    return false;
  unsigned rowRoot = kept[first];
  if (rowRoot < numDistributed || rings[rowRoot])
    return false;
  unsigned j = first + 1;
  for (unsigned d = rowRoot + 1; d < rank; ++d) {
    if (j < dims && kept[j] == d) {
      if (rings[d] || sizes[j] != extents[d])
        return false;
      ++j;
    } else if (extents[d] != 1) {
      return false;
    }
  }
  return j == dims;
}

int64_t WindowGeometry::startDivisor(unsigned end) const {
  // The offset is the sum over dimensions of index * stride; a ring's
  // index is taken modulo its depth, which keeps no divisor.
  unsigned rank = extents.size();
  end = std::min(end, rank);
  uint64_t stride = getElementBytes(elemType), divisor = 0;
  for (unsigned d = rank; d-- > numDistributed;) {
    if (d < end) {
      uint64_t i = rings[d] ? 1 : offsetDivisors[d];
      divisor = std::gcd(divisor, productDivisor(i, stride, 62));
    }
    // From here on `stride` is a divisor of the true stride (exact unless
    // past 2^62), which is all the terms need.
    int64_t extent = extents[d];
    stride = ShapedType::isDynamic(extent) || extent <= 0
                 ? uint64_t(1) << llvm::countr_zero(stride)
                 : productDivisor(stride, extent, 62);
  }
  // The buffer's start is kBufferAlign-aligned: the address has the common
  // divisor of that and of the offset (an offset that is always 0 has
  // every divisor).
  return divisor
             ? static_cast<int64_t>(std::gcd(divisor, uint64_t(kBufferAlign)))
             : kBufferAlign;
}

int64_t WindowGeometry::tmaAlign() const {
  int64_t swizzle = memory ? memory.getSwizzle() : 0;
  return swizzle ? 8 * swizzle : 128;
}

bool WindowGeometry::isChunkedSwizzle(int64_t &spanElems) const {
  int64_t swizzle = memory ? memory.getSwizzle() : 0;
  unsigned rank = extents.size();
  if (!memory || !memory.isShared() || !swizzle || rank < 2 + numDistributed)
    return false;
  spanElems = swizzle / getElementBytes(elemType);
  return spanElems > 0 && extents.back() % spanElems == 0 &&
         rings[rank - 1] == 0 && rings[rank - 2] == 0;
}

/// Refuses a shared-memory swizzle other than the tensor map's.
static LogicalResult checkSameSwizzle(Operation *op, const WindowGeometry &w,
                                      int64_t mapSwizzle) {
  if (w.memory.getSwizzle() == mapSwizzle)
    return success();
  return op->emitOpError() << "the shared-memory swizzle ("
                           << w.memory.getSwizzle()
                           << ") differs from the tensor map's (" << mapSwizzle
                           << ")";
}

LogicalResult exo::checkTmaLoadDestination(Operation *op,
                                           const WindowGeometry &dst,
                                           int64_t mapSwizzle,
                                           unsigned sourceDims,
                                           int64_t sourceRows, int64_t issuers,
                                           unsigned &rowDim) {
  if (failed(checkSameSwizzle(op, dst, mapSwizzle)))
    return failure();
  int64_t bytes = getElementBytes(dst.elemType);
  if (int64_t swizzle = dst.memory.getSwizzle();
      swizzle && dst.extents.back() * bytes != swizzle)
    return op->emitOpError()
           << "a TMA load into swizzled shared memory needs rows of one "
              "swizzle span ("
           << swizzle << " bytes)";
  // The first window dimension that is not distributed holds the rows; the
  // destination's other dimensions follow the source's.
  rowDim = 0;
  while (rowDim < dst.kept.size() && dst.kept[rowDim] < dst.numDistributed)
    ++rowDim;
  if (dst.kept.size() - rowDim != sourceDims)
    return op->emitOpError()
           << "the destination has " << dst.kept.size() - rowDim
           << " dimensions after its distributed ones, the source window "
           << sourceDims;
  // The engine writes the box densely, row after row, from an address
  // aligned to the swizzle pattern; each issuing CTA's slice starts
  // `slice` rows further.
  if (!dst.isDenseBox(rowDim))
    return op->emitOpError()
           << "the shared-memory destination is not one dense box (after "
              "its distributed dimensions: no ring, all dimensions but the "
              "first whole, no other dimension after the first but of "
              "extent 1)";
  issuers = std::max<int64_t>(issuers, 1);
  int64_t align = dst.tmaAlign();
  int64_t sliceBytes = sourceRows / issuers * bytes;
  for (unsigned j = rowDim + 1; j < dst.kept.size(); ++j)
    sliceBytes *= dst.sizes[j];
  if (dst.startDivisor() % align || (issuers > 1 && sliceBytes % align))
    return op->emitOpError()
           << "the shared-memory destination must start at a multiple of "
           << align << " bytes (and so must each issuing CTA's slice of it)";
  return success();
}

LogicalResult exo::checkTmaStoreSource(Operation *op, const WindowGeometry &src,
                                       int64_t mapSwizzle, int64_t &span,
                                       int64_t &chunks, bool &chunked) {
  if (failed(checkSameSwizzle(op, src, mapSwizzle)))
    return failure();
  // Swizzled rows longer than one span are stored in column chunks: one box
  // of one span's columns per chunk, from a window of the tensor's last two
  // dimensions. Rows of one span are one dense box of any rank, as a load
  // writes it.
  span = 0;
  chunks = 1;
  chunked = false;
  unsigned rank = src.extents.size();
  if (src.memory.getSwizzle()) {
    bool lastTwo = src.kept.size() == 2 && src.kept[0] == rank - 2 &&
                   src.kept[1] == rank - 1;
    bool spans = src.isChunkedSwizzle(span);
    bool oneSpan =
        spans && src.extents.back() == span && src.kept.back() == rank - 1;
    if (!spans || (!lastTwo && !oneSpan) ||
        ShapedType::isDynamic(src.sizes.back()))
      return op->emitOpError()
             << "a TMA store from swizzled shared memory needs a window of "
                "a tensor whose rows are whole swizzle spans: of its last "
                "two dimensions, or, with rows of one span, of any of its "
                "dimensions";
    chunks = std::max<int64_t>(src.sizes.back() / span, 1);
    chunked = lastTwo;
  }
  // The source holds the box densely, in row-major order (in column chunks
  // of one span when swizzled), from an address aligned to the swizzle
  // pattern.
  if (!src.isDenseBox())
    return op->emitOpError()
           << "the shared-memory source is not one dense box (no ring, all "
              "dimensions but the first whole, no other dimension after the "
              "first but of extent 1)";
  int64_t align = src.tmaAlign();
  bool aligned = src.startDivisor() % align == 0;
  if (chunked) {
    // A row is `span` elements within its chunk, the window starts at a
    // chunk's first column, and chunk k starts k * rows * rowBytes further:
    // with several chunks, the rows of one must fill whole patterns.
    int64_t rowBytes = span * getElementBytes(src.elemType);
    aligned =
        src.startDivisor(rank - 2) % align == 0 &&
        (src.offsetDivisors[rank - 2] * rowBytes) % align == 0 &&
        (chunks == 1 || (src.extents[rank - 2] * rowBytes) % align == 0) &&
        src.offsetDivisors[rank - 1] % span == 0;
  }
  if (!aligned)
    return op->emitOpError()
           << "the shared-memory source must start at a multiple of " << align
           << " bytes";
  return success();
}

LogicalResult exo::checkCpAsyncOperands(Operation *op, int64_t bytes,
                                        const WindowGeometry &dst,
                                        const WindowGeometry &src) {
  // One run of `bytes` along the last dimension of the tensor.
  auto run = [&](const WindowGeometry &v) {
    return v.kept.size() == 1 && v.kept[0] == v.extents.size() - 1 &&
           v.sizes[0] * getElementBytes(v.elemType) == bytes;
  };
  if (!dst.memory.isShared() || dst.memory.getSwizzle() ||
      !src.memory.isGlobal() || src.memory.getKind() == MemoryKind::TmaMap ||
      !run(dst) || !run(src))
    return op->emitOpError()
           << "cp.async of " << bytes
           << " bytes needs a shared-memory destination and a global source, "
              "each one contiguous run of "
           << bytes << " bytes along its last dimension";
  // Both addresses are aligned to the copy's size: the shared one by its
  // offset in its buffer, the global one by its offset in rows whose
  // length is a multiple of the run (the launcher checks the tensor's
  // base).
  int64_t elems = bytes / getElementBytes(src.elemType);
  int64_t last = src.extents.size() > 1 ? lastExtentDivisorOf(src.root) : 0;
  if (dst.startDivisor() % bytes || src.offsetDivisors.back() % elems ||
      last % elems)
    return op->emitOpError()
           << "cp.async of " << bytes << " bytes needs both addresses provably "
           << bytes << "-byte aligned: each window must start at a multiple of "
           << elems << " elements of rows whose length is one";
  return success();
}

LogicalResult exo::checkVectorGlobalOperands(Operation *op, bool load,
                                             const WindowGeometry &regs,
                                             const WindowGeometry &mem) {
  int64_t bytes = getElementBytes(regs.elemType);
  int64_t width = bytes > 0 && 16 % bytes == 0 ? 16 / bytes : 0;
  // One run of the vector's elements along the last dimension.
  auto run = [&](const WindowGeometry &v) {
    return v.kept.size() == 1 && v.kept[0] + 1 == v.extents.size() &&
           v.sizes[0] == width;
  };
  MemoryKind kind = regs.memory.getKind();
  if (!width || (kind != MemoryKind::Regs && kind != MemoryKind::RegsUniform) ||
      !mem.memory.isGlobal() || mem.memory.getKind() == MemoryKind::TmaMap ||
      regs.elemType != mem.elemType || !run(regs) || !run(mem))
    return op->emitOpError()
           << "a 16-byte vector " << (load ? "load" : "store") << " moves "
           << width << " consecutive " << regs.elemType
           << " values between a thread's registers (not an instruction's "
              "fragment) and global memory";
  // The launcher checks the tensor's base; the window's start in it and
  // the length of its rows must be multiples of the run.
  int64_t last = mem.extents.size() > 1 ? lastExtentDivisorOf(mem.root) : 0;
  if (mem.offsetDivisors.back() % width == 0 && last % width == 0)
    return success();
  return op->emitOpError()
         << "a 16-byte vector " << (load ? "load" : "store")
         << " needs a provably 16-byte-aligned address: the window's first "
            "element must be a multiple of "
         << width
         << " (a constant multiple, or a product with one) and so must the "
            "tensor's last extent (a constant, or a size that the proc's "
            "`requires` makes one: `N mod "
         << width << " == 0`)";
}

/// The distance in elements between the rows of `v`'s tensor when it is a
/// positive constant (the last dimension is no ring), else 0.
static int64_t constantRowElements(const WindowGeometry &v) {
  if (v.extents.empty() || v.rings.back() || v.extents.back() <= 0)
    return 0;
  return v.extents.back();
}

LogicalResult exo::checkStmatrixDestination(Operation *op, int64_t n,
                                            const WindowGeometry &dst) {
  unsigned rank = dst.extents.size();
  int64_t row = constantRowElements(dst);
  if (dst.memory.isShared() && !dst.memory.getSwizzle() &&
      (dst.elemType.isBF16() || dst.elemType.isF16()) &&
      dst.sizes.size() == 2 && dst.sizes[0] == 64 && dst.sizes[1] == n &&
      dst.kept[1] + 1 == rank && row > 0 && row * 2 % 16 == 0 &&
      dst.offsetDivisors.back() % 8 == 0)
    return success();
  return op->emitOpError()
         << "stmatrix stores the accumulator as 16-bit values (an f32 one "
            "rounded to bf16 or f16): the destination must be a 64 x "
         << n
         << " window of unswizzled 16-bit shared memory whose rows are a "
            "multiple of 16 bytes apart, its first column a multiple of 8";
}

LogicalResult exo::checkMatrixWindow(Operation *op, StringRef what,
                                     int64_t rows, int64_t cols,
                                     const WindowGeometry &v) {
  unsigned rank = v.extents.size();
  int64_t bytes = getElementBytes(v.elemType);
  int64_t rowBytes = constantRowElements(v) * bytes;
  if (!v.memory.isShared() || v.memory.getSwizzle() || rank < 2 ||
      v.sizes.size() != 2 || v.sizes[0] != rows || v.sizes[1] != cols ||
      v.kept[1] + 1 != rank || rowBytes <= 0 || rowBytes % 16)
    return op->emitOpError()
           << what << " a " << rows << " x " << cols
           << " window of unswizzled shared memory whose rows are a multiple "
              "of 16 bytes apart (8 x 8 matrices of 16-bit values)";
  if (productDivisor(v.offsetDivisors.back(), bytes, 62) % 16)
    return op->emitOpError()
           << what.split(' ').first
           << " needs the window's first column at a multiple of 16 bytes (a "
              "sum of multiples of it)";
  return success();
}

/// The PTX name of a wgmma operand type ("tf32", "bf16", "f16", "e4m3",
/// "e5m2").
static StringRef wgmmaTypeName(Type dtype) {
  if (dtype.isTF32() || dtype.isF32())
    return "tf32";
  if (dtype.isBF16())
    return "bf16";
  if (isa<Float8E4M3FNType>(dtype))
    return "e4m3";
  if (isa<Float8E5M2Type>(dtype))
    return "e5m2";
  return "f16";
}

/// Whether an operand of `elem`s feeds a wgmma of `dtype` operands.
static bool wgmmaElementMatches(Type dtype, Type elem) {
  if (dtype.isTF32() || dtype.isF32())
    return elem.isF32() || elem.isTF32();
  return dtype == elem;
}

/// The K of one wgmma of `dtype`: 32 bytes of it.
static int64_t wgmmaK(Type dtype) {
  return dtype.isTF32() || dtype.isF32() ? 8 : 32 / getElementBytes(dtype);
}

LogicalResult exo::checkWgmmaOperand(Operation *op, Type dtype,
                                     const WindowGeometry &v, int64_t rows) {
  StringRef name = wgmmaTypeName(dtype);
  int64_t k = wgmmaK(dtype);
  bool typeOk = wgmmaElementMatches(dtype, v.elemType);
  int64_t swizzle = v.memory.getSwizzle();
  int64_t bytes = getElementBytes(v.elemType);
  unsigned rank = v.extents.size();
  if (v.memory.isShared() && !swizzle && typeOk) {
    // Core matrices: a [2, rows, 16 bytes] window of a tensor whose rows are
    // 16 bytes, the two 16-byte halves of K in its first dimension.
    if (v.sizes.size() != 3 || v.sizes[0] != 2 || v.sizes[1] != rows ||
        v.sizes[2] * bytes != 16 || rank < 3 ||
        v.extents.back() * bytes != 16 || v.kept[2] != rank - 1 ||
        v.kept[1] != rank - 2)
      return op->emitOpError()
             << "a wgmma " << name << " operand in unswizzled shared "
             << "memory must be a 2 x " << rows << " x " << 16 / bytes
             << " window (two columns of 8 x 16-byte core matrices) of a "
                "tensor whose rows are 16 bytes";
    return success();
  }
  if (!v.memory.isShared() || !swizzle || !typeOk || v.sizes.size() != 2 ||
      v.sizes[0] != rows || v.sizes[1] != k || rank < 2 ||
      v.kept[0] < v.numDistributed || v.kept[1] != rank - 1 ||
      v.rings[v.kept[0]] || v.rings[rank - 1] ||
      llvm::any_of(
          llvm::seq(v.kept[0] + 1, rank - 1),
          [&](unsigned d) { return v.extents[d] != 1; }) ||
      v.extents.back() * bytes != swizzle)
    return op->emitOpError()
           << "a wgmma " << name << " operand must be a " << rows << " x " << k
           << " window of swizzled shared memory (32, 64 or 128 bytes) whose "
              "K is the tensor's last dimension and whose rows are one "
              "swizzle span apart, of "
           << name;
  // The descriptor's base offset is 0: the window's first row starts a
  // swizzle pattern (8 rows of one span); its K offset within the row is
  // the address's low bits.
  if (v.startDivisor(rank - 1) % (8 * swizzle))
    return op->emitOpError()
           << "a wgmma " << name
           << " operand in swizzled shared memory must start at a multiple "
              "of 8 rows (a swizzle pattern of "
           << 8 * swizzle << " bytes)";
  return success();
}

LogicalResult exo::checkWgmmaNMajorB(Operation *op, Type dtype,
                                     const WindowGeometry &v, int64_t n) {
  StringRef name = wgmmaTypeName(dtype);
  int64_t k = wgmmaK(dtype);
  int64_t swizzle = v.memory.getSwizzle();
  int64_t bytes = getElementBytes(v.elemType);
  int64_t span = swizzle ? swizzle / bytes : 0;
  unsigned rank = v.extents.size();
  if (!v.memory.isShared() || !swizzle ||
      !wgmmaElementMatches(dtype, v.elemType) || v.sizes.size() != 3 ||
      v.sizes[0] != n / span || v.sizes[1] != k || v.sizes[2] != span ||
      rank < 3 || v.extents.back() != span || v.kept[2] != rank - 1 ||
      v.kept[1] != rank - 2 || v.kept[0] < v.numDistributed ||
      v.rings[v.kept[0]] || v.rings[rank - 2] || v.rings[rank - 1])
    return op->emitOpError()
           << "an N-major wgmma " << name << " B operand must be a "
           << (span ? n / span : 0) << " x " << k << " x " << span
           << " window (spans of columns, k rows, one span of columns) of "
              "swizzled shared memory whose last dimension is one swizzle "
              "span and whose k rows are consecutive";
  if (v.startDivisor(rank) % (8 * swizzle))
    return op->emitOpError()
           << "an N-major wgmma " << name
           << " B operand must start at a multiple of 8 k rows (a swizzle "
              "pattern of "
           << 8 * swizzle << " bytes)";
  return success();
}

LogicalResult exo::checkMmaFragment(Operation *op, StringRef what,
                                    const WindowGeometry &v, MemoryKind kind,
                                    int64_t rows, int64_t cols) {
  unsigned rank = v.extents.size();
  if (v.memory.getKind() == kind && rank >= 2 && v.sizes.size() == 2 &&
      v.kept[0] == rank - 2 && v.kept[1] == rank - 1 && v.sizes[0] == rows &&
      v.sizes[1] == cols && v.extents[rank - 2] == rows &&
      v.extents[rank - 1] == cols)
    return success();
  return op->emitOpError() << "needs " << what << ": a whole " << rows << " x "
                           << cols << " " << stringifyMemoryKind(kind)
                           << " fragment (a window keeping the last two "
                              "dimensions whole)";
}

LogicalResult exo::checkMmaFragments(
    CallOp call, MmaAttr mma,
    function_ref<std::optional<WindowGeometry>(unsigned)> geometry) {
  // Argument `i` as fragment `kind` of `rows` x `cols`.
  auto fragment = [&](unsigned i, StringRef what, MemoryKind kind, int64_t rows,
                      int64_t cols) -> LogicalResult {
    if (i >= call.getArgs().size())
      return success();
    std::optional<WindowGeometry> g = geometry(i);
    if (!g)
      return success();
    return checkMmaFragment(call, what, *g, kind, rows, cols);
  };
  auto isHalf = [](Type t) { return t.isBF16() || t.isF16(); };
  switch (mma.getPart()) {
  case MmaPart::Mma: {
    int64_t k = mma.getDtype().isTF32() ? 8 : 16;
    return success(
        succeeded(fragment(1, "an A fragment", MemoryKind::MmaA, 16, k)) &&
        succeeded(fragment(2, "a B fragment", MemoryKind::MmaB, 8, k)) &&
        succeeded(fragment(0, "an accumulator", MemoryKind::MmaC, 16, 8)));
  }
  case MmaPart::LoadA:
  case MmaPart::LoadB: {
    bool isA = mma.getPart() == MmaPart::LoadA;
    std::optional<WindowGeometry> g =
        call.getArgs().empty() ? std::nullopt : geometry(0);
    if (!g)
      return success();
    int64_t rows = isA ? 16 : 8, k = isHalf(g->elemType) ? 16 : 8;
    if (failed(checkMmaFragment(call, isA ? "an A fragment" : "a B fragment",
                                *g, isA ? MemoryKind::MmaA : MemoryKind::MmaB,
                                rows, k)))
      return failure();
    std::optional<WindowGeometry> src =
        call.getArgs().size() < 2 ? std::nullopt : geometry(1);
    return src ? checkMatrixWindow(call, "ldmatrix reads", rows, k, *src)
               : success();
  }
  case MmaPart::ZeroC:
    return fragment(0, "an accumulator", MemoryKind::MmaC, 16, 8);
  case MmaPart::StoreC: {
    if (failed(fragment(1, "an accumulator", MemoryKind::MmaC, 16, 8)))
      return failure();
    std::optional<WindowGeometry> dst = geometry(0), src = geometry(1);
    return dst && src ? checkMmaStoreDestination(call, *dst, src->elemType)
                      : success();
  }
  case MmaPart::StmatrixC: {
    if (failed(fragment(1, "an accumulator", MemoryKind::MmaC, 16, 8)))
      return failure();
    std::optional<WindowGeometry> dst = geometry(0);
    return dst ? checkMatrixWindow(call, "stmatrix writes", 16, 8, *dst)
               : success();
  }
  case MmaPart::ConvertC:
    return success(
        succeeded(fragment(0, "an accumulator", MemoryKind::MmaC, 16, 8)) &&
        succeeded(fragment(1, "an accumulator", MemoryKind::MmaC, 16, 8)));
  }
  return success();
}

LogicalResult exo::checkAccumulatorStoreDestination(Operation *op,
                                                    const WindowGeometry &dst,
                                                    int64_t n, bool oob,
                                                    int64_t &span) {
  unsigned rank = dst.extents.size();
  bool global =
      dst.memory.isGlobal() && dst.memory.getKind() != MemoryKind::TmaMap;
  bool swizzled = dst.memory.getSwizzle() != 0;
  span = 0;
  if ((!dst.memory.isShared() && !global) || dst.sizes.size() != 2 ||
      dst.sizes[0] != 64 || dst.sizes[1] != n ||
      (swizzled &&
       (!dst.isChunkedSwizzle(span) || dst.kept[0] != rank - 2 ||
        dst.kept[1] != rank - 1 || dst.offsetDivisors[rank - 1] % 2)))
    return op->emitOpError()
           << "the destination of an accumulator store must be a 64 x " << n
           << " window of global memory, of unswizzled shared memory, or of "
              "swizzled shared memory whose rows are whole swizzle spans "
              "(the window's last two dimensions, its first column even)";
  // A window that may reach past the end of its tensor (oob: the verifier
  // allows it on global memory) is stored element by element where each
  // lies inside: the window spans the tensor's last two dimensions, whose
  // extents bound the rows and columns.
  if (oob && (!global || rank < 2 || dst.kept.size() != 2 ||
              dst.kept[0] != rank - 2 || dst.kept[1] != rank - 1))
    return op->emitOpError()
           << "an accumulator store that may reach past the end of its "
              "tensor needs a 64 x "
           << n << " window of the last two dimensions of a global tensor";
  return success();
}

LogicalResult exo::checkTmaBox(Operation *op, const WindowGeometry &map,
                               int64_t split, int64_t chunks) {
  ArrayRef<int64_t> box = map.memory.getBox();
  unsigned rank = map.extents.size();
  if (box.size() != rank || box.size() > 5)
    return op->emitOpError()
           << "the tensor map's box has " << box.size()
           << " dimensions for a tensor of " << rank
           << "; TMA needs one box extent per dimension (at most 5)";
  split = std::max<int64_t>(split, 1);
  for (unsigned d = 0; d < rank; ++d) {
    const unsigned *it = llvm::find(map.kept, d);
    int64_t extent = 1;
    if (it != map.kept.end()) {
      unsigned j = it - map.kept.begin();
      extent = map.sizes[j];
      if (j + 1 == map.kept.size() && chunks > 1)
        extent /= chunks;
      if (j == 0) {
        if (extent % split)
          return op->emitOpError()
                 << "the window's " << extent << " rows do not split over "
                 << split << " issuing CTAs";
        extent /= split;
      }
    }
    if (extent != box[d])
      return op->emitOpError()
             << "moves " << extent << " elements along dimension " << d
             << " of the tensor map per issuing CTA, but its box has "
             << box[d];
  }
  // The engine moves boxes that start at a multiple of 16 bytes of the
  // tensor's innermost dimension. A multicast CTA's slice moves along the
  // innermost dimension only for a 1-D box, by whole boxes of a multiple of
  // 16 bytes (the family's verifier).
  return checkTmaBoxStart(op, map.offsetDivisors.back(), map.elemType);
}

LogicalResult exo::checkMmaStoreDestination(Operation *op,
                                            const WindowGeometry &dst,
                                            Type accumulator) {
  bool global =
      dst.memory.isGlobal() && dst.memory.getKind() != MemoryKind::TmaMap;
  if ((dst.memory.isShared() || global) && !dst.memory.getSwizzle() &&
      dst.sizes.size() == 2 && dst.sizes[0] == 16 && dst.sizes[1] == 8 &&
      dst.elemType == accumulator)
    return success();
  return op->emitOpError()
         << "the destination of an mma.sync accumulator store must be a "
            "16 x 8 window of unswizzled shared memory or of global memory "
            "of the accumulator's type";
}

LogicalResult exo::checkDeviceAllocation(AllocOp alloc,
                                         unsigned numDistributed) {
  if (auto bar = dyn_cast<BarrierType>(alloc.getType())) {
    // The elements of one CTA's part (8 bytes each for an mbarrier).
    int64_t elements = 1;
    bool overflow = false;
    for (unsigned d = numDistributed; d < bar.getRank(); ++d) {
      std::optional<int64_t> extent = bar.getLocalExtent(d);
      if (!extent)
        return alloc.emitOpError()
               << "barrier dimension " << d
               << " has no constant extent; on-chip barriers need one";
      overflow |= llvm::MulOverflow(elements, *extent, elements);
    }
    if (overflow || elements > (int64_t(1) << 60))
      return alloc.emitOpError()
             << "has more than 2^60 barrier elements in a CTA";
    return success();
  }
  auto tensor = dyn_cast<exo::TensorType>(alloc.getType());
  if (!tensor)
    return success();
  // The bytes of one CTA's or thread's part (its dimensions after the
  // distributed ones; a ring holds its depth).
  bool overflow = false;
  int64_t bytes = getElementBytes(tensor.getElementType());
  for (unsigned d = numDistributed; d < tensor.getRank(); ++d) {
    int64_t depth = tensor.getRingDepth(d);
    if (depth || tensor.isStaticDim(d))
      overflow |= llvm::MulOverflow(
          bytes, depth ? depth : tensor.getStaticDim(d), bytes);
  }
  if (overflow)
    return alloc.emitOpError()
           << "needs more than 2^63 bytes of on-chip memory";
  if (tensor.getMemory().isShared())
    return success();
  MemoryKind kind = tensor.getMemory().getKind();
  if (kind == MemoryKind::RegsUniform || !isRegisterMemory(kind))
    return alloc.emitOpError()
           << "allocates " << stringifyMemoryKind(kind)
           << " memory in device code, which has no GPU lowering; device "
              "code allocates smem, smem_swizzle, regs, wgmma_accum, "
              "wgmma_a, mma_a, mma_b and mma_c";
  // The last two dimensions, after the distributed ones: the tile one
  // fragment holds (-1: none, or not a constant).
  unsigned rank = tensor.getRank();
  auto dim = [&](unsigned fromEnd) -> int64_t {
    if (rank < numDistributed + 2)
      return -1;
    auto c = dyn_cast<IntegerAttr>(tensor.getDims()[rank - fromEnd]);
    return c ? c.getInt() : -1;
  };
  Type elem = tensor.getElementType();
  bool half = elem.isBF16() || elem.isF16();
  switch (kind) {
  case MemoryKind::WgmmaAccum:
    // One 64 x N tile per warpgroup, or an array of them.
    if (dim(2) == 64 && dim(1) > 0 && (elem.isF32() || elem.isF16()))
      return success();
    return alloc.emitOpError()
           << "a wgmma accumulator must end in a 64 x N f32 or f16 tile "
              "per warpgroup after its distributed dimensions";
  case MemoryKind::WgmmaA:
    // 32 bytes of K over a warpgroup.
    if (dim(2) == 64 && (elem.isF32() || half) &&
        dim(1) == (elem.isF32() ? 8 : 16))
      return success();
    return alloc.emitOpError()
           << "a wgmma A fragment must end in a 64 x 8 f32 (tf32) or "
              "64 x 16 bf16/f16 tile per warpgroup after its distributed "
              "dimensions";
  case MemoryKind::MmaA:
  case MemoryKind::MmaB:
  case MemoryKind::MmaC: {
    // Per warp: A 16 x K, B 8 x K (K = 8 tf32, 16 bf16/f16), C 16 x 8 (f32,
    // or 16-bit after a conversion).
    int64_t rows = kind == MemoryKind::MmaB ? 8 : 16;
    int64_t cols = kind == MemoryKind::MmaC ? 8 : (half ? 16 : 8);
    if (dim(2) == rows && dim(1) == cols && (elem.isF32() || half))
      return success();
    return alloc.emitOpError()
           << "an " << stringifyMemoryKind(kind) << " fragment must end in a "
           << rows << " x " << cols
           << (kind == MemoryKind::MmaC
                   ? " f32, bf16 or f16"
                   : " f32 (tf32), or " + std::to_string(rows) +
                         " x 16 bf16/f16")
           << " tile per warp after its distributed dimensions";
  }
  default:
    return success();
  }
}

LogicalResult exo::checkSwizzledElementAccess(Operation *op,
                                              const WindowGeometry &g) {
  int64_t span = 0;
  if (!g.memory || !g.memory.isShared() || !g.memory.getSwizzle() ||
      g.isChunkedSwizzle(span))
    return success();
  int64_t bytes = getElementBytes(g.elemType);
  return op->emitOpError()
         << "accesses " << stringifyMemoryKind(g.memory.getKind())
         << " memory element by element; only instructions may, unless the "
            "tensor has two dimensions or more after its distributed ones, "
            "the last a multiple of one swizzle span ("
         << (bytes ? g.memory.getSwizzle() / bytes : 0)
         << " elements), and neither of the last two is a ring";
}

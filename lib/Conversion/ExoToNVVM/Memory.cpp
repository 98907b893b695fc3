//===- Memory.cpp - Tensors, windows and scalar accesses
//--------------------===//
//
// Part of the Exo-GPU project.
//
// Allocations, windows and element accesses: views over global memory,
// shared memory (distributed dimensions stripped, ring dimensions taken
// modulo their depth) and per-thread registers.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "ExoGPU/Dialect/Exo/IR/DeviceMath.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerAlloc(AllocOp alloc) {
  auto type = dyn_cast<exo::TensorType>(alloc.getType());
  if (!type)
    return success(); // commit groups and cluster syncs have no storage
  View v;
  v.elemType = type.getElementType();
  v.memory = type.getMemory();
  v.numDistributed = ca.getNumDistributedDims(alloc).value_or(0);
  v.root = alloc;
  if (v.memory.isShared()) {
    v.kind = View::Shared;
    v.base = gepBytes(smemBase, c64(smemOffsets.lookup(alloc)));
  } else {
    v.kind = View::Regs;
    v.base = regAllocas.lookup(alloc);
    // A fresh allocation holds nothing: storing poison ends the previous
    // contents' live range here, so a register array that a guard skips
    // (another warpgroup's accumulator in a ping-pong kernel) is not kept
    // alive across the rest of the task.
    auto slot = v.base.getDefiningOp<LLVM::AllocaOp>();
    LLVM::StoreOp::create(
        b, loc, LLVM::PoisonOp::create(b, loc, slot.getElemType()), v.base);
  }
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t depth = type.getRingDepth(d);
    int64_t extent = depth ? depth : type.getStaticDim(d);
    v.extents.push_back(c64(extent));
    v.staticExtents.push_back(extent);
    v.rings.push_back(depth);
    v.offsets.push_back(c64(0));
    v.kept.push_back(d);
    v.sizes.push_back(depth ? ShapedType::kDynamic : type.getStaticDim(d));
  }
  views[alloc.getResult()] = v;
  return success();
}

LogicalResult KernelLowering::lowerWindow(WindowOp window) {
  auto it = views.find(window.getSource());
  if (it == views.end())
    return window.emitOpError() << "takes a window of an array that has no "
                                   "lowering in device code";
  View v = it->second;
  View w = v;
  w.kept.clear();
  w.sizes.clear();
  for (auto [j, off, size] :
       llvm::enumerate(window.getMixedOffsets(), window.getStaticSizes())) {
    unsigned d = v.kept[j];
    w.offsets[d] = add(v.offsets[d], index(off));
    if (size == WindowOp::kPoint)
      continue;
    w.kept.push_back(d);
    w.sizes.push_back(size == WindowOp::kFull ? v.sizes[j] : size);
  }
  views[window.getResult()] = w;
  return success();
}

SmallVector<Value> KernelLowering::rootIndices(const View &v,
                                               ArrayRef<Value> idx) {
  SmallVector<Value> root(v.offsets.begin(), v.offsets.end());
  for (auto [j, d] : llvm::enumerate(v.kept))
    root[d] = add(root[d], idx[j]);
  return root;
}

Value KernelLowering::insideTensor(const View &v, ArrayRef<Value> root) {
  Value in;
  for (auto [d, i] : llvm::enumerate(root)) {
    Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i,
                                        v.extents[d]);
    in = in ? andI(in, below) : below;
  }
  return in;
}

int64_t KernelLowering::lastExtentDivisor(const View &v) {
  Value last = v.extents.back();
  auto it = sizeDivisors.find(last);
  return std::lcm(it == sizeDivisors.end() ? 1 : it->second,
                  knownDivisor(last));
}

int64_t KernelLowering::lastExtentGroup(const View &v, int64_t cap) {
  if (v.extents.empty())
    return 1;
  uint64_t d = lastExtentDivisor(v);
  if (d == 0)
    return 1;
  // The largest power of 2 dividing d, at most cap.
  uint64_t g = d & (~d + 1);
  return static_cast<int64_t>(std::min<uint64_t>(g, std::max<int64_t>(cap, 1)));
}

Value KernelLowering::addressOrZeroPad(Value p, Value inside) {
  if (p.getType() != ptr(1))
    p = LLVM::AddrSpaceCastOp::create(b, loc, ptr(1), p);
  Value pad = LLVM::AddressOfOp::create(b, loc, ptr(1), kZeroPad);
  return LLVM::SelectOp::create(b, loc, inside, p, pad);
}

void KernelLowering::storeIfInside(Value v, Value p, Value inside) {
  auto vec = dyn_cast<VectorType>(v.getType());
  Type elem = vec ? vec.getElementType() : v.getType();
  int64_t lanes = vec ? vec.getNumElements() : 1;
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() != 32 ||
      (lanes != 1 && lanes != 2 && lanes != 4)) {
    (void)emitIf(inside, [&] {
      LLVM::StoreOp::create(b, loc, v, p);
      return success();
    });
    return;
  }
  if (p.getType() != ptr(1))
    p = LLVM::AddrSpaceCastOp::create(b, loc, ptr(1), p);
  SmallVector<Value> operands{p};
  std::string words;
  std::string constraints = "l";
  for (int64_t i = 0; i < lanes; ++i) {
    Value x =
        vec ? Value(LLVM::ExtractElementOp::create(b, loc, v, c32(i))) : v;
    if (!x.getType().isInteger(32))
      x = LLVM::BitcastOp::create(b, loc, i32(), x);
    operands.push_back(x);
    words += (i ? ", $" : "$") + std::to_string(i + 1);
    constraints += ",r";
  }
  operands.push_back(arith::ExtUIOp::create(b, loc, i32(), inside));
  constraints += ",r";
  std::string slot = "$" + std::to_string(lanes + 1);
  std::string shape =
      lanes == 1 ? "b32 [$0], " + words
                 : "v" + std::to_string(lanes) + ".b32 [$0], {" + words + "}";
  inlineAsm(Type(), operands,
            "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, " + slot +
                ", 0;\n\t@p st.global." + shape + ";\n\t}",
            constraints);
}

Value KernelLowering::elementOffset(const View &v, ArrayRef<Value> rootIdx) {
  Value offset = c64(0);
  for (unsigned d = v.numDistributed; d < rootIdx.size(); ++d) {
    Value i = rootIdx[d];
    if (v.rings[d])
      i = arith::RemUIOp::create(b, loc, i, c64(v.rings[d]));
    offset = add(mul(offset, v.extents[d]), i);
  }
  return offset;
}

Value KernelLowering::sharedAddress(const View &v, ArrayRef<Value> idx) {
  Value elems = elementOffset(v, rootIndices(v, idx));
  return gepBytes(v.base, mul(elems, c64(getElementBytes(v.elemType))));
}

FailureOr<WindowGeometry> KernelLowering::windowGeometry(CallOp call,
                                                         unsigned i) {
  Value arg = call.getArgs()[i];
  auto it = views.find(arg);
  std::optional<WindowGeometry> w =
      it == views.end() ? std::nullopt
                        : WindowGeometry::get(arg, it->second.numDistributed);
  if (!w)
    return call.emitOpError()
           << "argument " << i << " is not a window of a tensor";
  return *w;
}

Value KernelLowering::swizzledAddress(const View &v, ArrayRef<Value> idx,
                                      bool swizzle) {
  // The window's last two dimensions are chunked by the swizzle span
  // (WindowGeometry::isChunkedSwizzle, which the collective analysis asked
  // of every such access).
  int64_t span = v.memory.getSwizzle() / getElementBytes(v.elemType);
  assert(v.kind == View::Shared && span > 0 &&
         v.staticExtents.back() % span == 0 && "a chunked swizzled window");
  SmallVector<Value> root = rootIndices(v, idx);
  unsigned rank = root.size();
  int64_t rows = v.staticExtents[rank - 2];
  int64_t chunks = v.staticExtents[rank - 1] / span;
  // The dimensions before the last two, as elementOffset orders them.
  Value prefix = c64(0);
  for (unsigned d = v.numDistributed; d + 2 < rank; ++d) {
    Value i = root[d];
    if (v.rings[d])
      i = arith::RemUIOp::create(b, loc, i, c64(v.rings[d]));
    prefix = add(mul(prefix, v.extents[d]), i);
  }
  Value col = root[rank - 1];
  Value chunk = arith::DivUIOp::create(b, loc, col, c64(span));
  Value inChunk = arith::RemUIOp::create(b, loc, col, c64(span));
  Value elems =
      add(mul(add(mul(add(mul(prefix, c64(chunks)), chunk), c64(rows)),
                  root[rank - 2]),
              c64(span)),
          inChunk);
  // TMA's swizzle: the 16-byte unit (bits 4 and up) XOR the row within the
  // pattern (bits 7 and up), over log2(span / 16) bits. The allocation is
  // aligned to 1024 bytes, a whole pattern.
  Value bytes = mul(elems, c64(getElementBytes(v.elemType)));
  if (!swizzle)
    return gepBytes(v.base, bytes);
  int64_t mask = v.memory.getSwizzle() / 16 - 1;
  Value row = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bytes, c64(7)), c64(mask));
  Value swizzled = arith::XOrIOp::create(
      b, loc, bytes, arith::ShLIOp::create(b, loc, row, c64(4)));
  return gepBytes(v.base, swizzled);
}

LogicalResult KernelLowering::lowerScalarAccess(Operation *op, Value array,
                                                SmallVector<OpFoldResult> idx,
                                                Value stored, bool reduce) {
  auto it = views.find(array);
  if (it == views.end())
    return op->emitOpError() << "accesses an array with no device lowering";
  const View &v = it->second;
  // Fragments hold other threads' elements in their instruction's layout:
  // a wgmma accumulator's element is the owning thread's register (the
  // collective analysis proved that the thread owns it); other fragments
  // only their instructions access.
  bool accumulator = v.memory.getKind() == MemoryKind::WgmmaAccum;
  bool operandA = v.memory.getKind() == MemoryKind::WgmmaA;
  bool mmaC = v.memory.getKind() == MemoryKind::MmaC;
  bool fragment = v.memory.isRegisters() &&
                  v.memory.getKind() != MemoryKind::Regs &&
                  v.memory.getKind() != MemoryKind::RegsUniform &&
                  !accumulator && !operandA && !mmaC;
  if (v.kind == View::TmaMap || fragment)
    return op->emitOpError()
           << "accesses " << stringifyMemoryKind(v.memory.getKind())
           << " memory element by element; only instructions may";
  // Swizzled shared memory laid out in chunks of one span (what TMA and
  // wgmma use) is accessed at its swizzled address, the one TMA writes.
  bool swizzled = v.memory.getSwizzle() != 0;
  if (swizzled) {
    std::optional<WindowGeometry> g =
        WindowGeometry::get(array, v.numDistributed);
    if (!g || failed(checkSwizzledElementAccess(op, *g)))
      return failure();
  }
  // An access that may fall outside its tensor (oob, from a partial tile;
  // the verifier allows it on dram, gmem and tma_map arrays, and a tensor
  // map was refused above) happens only where its element lies inside:
  // outside, a read gives 0 and a write does nothing, as in the program's
  // meaning.
  bool oob = isOobAccess(op);
  SmallVector<Value> indices;
  for (OpFoldResult i : idx)
    indices.push_back(index(i));
  Type t = v.elemType;
  if (t.isTF32())
    t = b.getF32Type();
  // fp8 values are their bytes in the kernel.
  if (isFp8Type(t))
    t = b.getI8Type();
  int64_t bytes = getElementBytes(v.elemType);
  // Where the last extent of a global tensor is a multiple of a power of 2
  // g, an element lies inside exactly where the first of its aligned group
  // of g does (its last coordinate rounded down to a multiple of g): the
  // comparison the group's accesses share. A read addresses the group's
  // first element or the zero pad, and then its own element's offset in
  // the group (below the pad's length), so that the group's reads share
  // one selection and sit at constant offsets from it.
  Value inside, inGroup;
  SmallVector<Value> groupRoot;
  if (oob && v.kind == View::Global) {
    if (int64_t g = lastExtentGroup(v, kZeroPadBytes / bytes); g > 1) {
      groupRoot = rootIndices(v, indices);
      Value &last = groupRoot.back();
      if (!stored)
        inGroup = arith::AndIOp::create(b, loc, last, c64(g - 1));
      last = arith::AndIOp::create(b, loc, last, c64(-g));
      inside = insideTensor(v, groupRoot);
    }
  }
  if (inGroup && !stored) {
    Value first =
        gepBytes(v.base, mul(elementOffset(v, groupRoot), c64(bytes)));
    values[op->getResult(0)] = LLVM::LoadOp::create(
        b, loc, t,
        gepBytes(addressOrZeroPad(first, inside), mul(inGroup, c64(bytes))));
    return success();
  }
  Value p;
  if (mmaC) {
    // The lane's register of its mma.sync accumulator fragment, four per
    // 16 x 8 tile (FragmentLayout.h).
    SmallVector<Value> root = rootIndices(v, indices);
    unsigned rank = root.size();
    Value row = root[rank - 2], col = root[rank - 1];
    LayoutArith a = layoutArith();
    Value e = fragment::mmaAccumulatorRegister(a, row, col);
    Value slot = add(mul(fragmentTileIndex(v, root), c64(4)), e);
    p = gepBytes(v.base, mul(slot, c64(getElementBytes(v.elemType))));
  } else if (operandA || accumulator) {
    // The thread's element of its fragment, of the tile's last-dimension
    // / 2 elements (FragmentLayout.h: the accumulator's layout, which
    // 16-bit A operands share, or the tf32 A operand's, 64 x 8).
    SmallVector<Value> root = rootIndices(v, indices);
    unsigned rank = root.size();
    int64_t last = v.staticExtents[rank - 1];
    Value row = root[rank - 2], col = root[rank - 1];
    LayoutArith a = layoutArith();
    Value e = operandA && last == 8
                  ? fragment::wgmmaTf32ARegister(a, row, col)
                  : fragment::wgmmaAccumulatorRegister(a, row, col);
    Value tile = fragmentTileIndex(v, root);
    Value slot = add(mul(tile, c64(last / 2)), e);
    if ((operandA && last == 16) || (accumulator && v.elemType.isF16())) {
      // A 16-bit A fragment is four registers of two elements, the form
      // its wgmma reads, and an f16 accumulator n / 4 of them (the low half
      // the even column): the element is read from and written into its
      // register (element e mod 2 = col mod 2), so that the register is
      // packed where the elements are written (cvt.rn.bf16x2 of two
      // conversions), not where the wgmma reads it, after its fence.
      auto pairTy = VectorType::get({2}, v.elemType);
      Value q = gepBytes(v.base, mul(a.div(slot, 2), c64(4)));
      Value lane = a.rem(col, 2);
      Value pair = LLVM::LoadOp::create(b, loc, pairTy, q, /*alignment=*/4);
      if (!stored) {
        values[op->getResult(0)] =
            LLVM::ExtractElementOp::create(b, loc, pair, lane);
        return success();
      }
      if (reduce)
        stored = arith::AddFOp::create(
            b, loc, LLVM::ExtractElementOp::create(b, loc, pair, lane), stored);
      pair = LLVM::InsertElementOp::create(b, loc, pair, stored, lane);
      LLVM::StoreOp::create(b, loc, pair, q, /*alignment=*/4);
      return success();
    }
    p = gepBytes(v.base, mul(slot, c64(getElementBytes(v.elemType))));
  } else if (swizzled) {
    p = swizzledAddress(v, indices);
  } else {
    Value elems = elementOffset(v, rootIndices(v, indices));
    p = gepBytes(v.base, mul(elems, c64(getElementBytes(v.elemType))));
  }
  if (oob && !inside)
    inside = insideTensor(v, rootIndices(v, indices));
  if (!stored) {
    if (!oob) {
      values[op->getResult(0)] = LLVM::LoadOp::create(b, loc, t, p);
      return success();
    }
    values[op->getResult(0)] =
        LLVM::LoadOp::create(b, loc, t, addressOrZeroPad(p, inside));
    return success();
  }
  auto write = [&] {
    if (reduce) {
      Value old = LLVM::LoadOp::create(b, loc, t, p);
      stored = isa<FloatType>(t)
                   ? Value(arith::AddFOp::create(b, loc, old, stored))
                   : Value(arith::AddIOp::create(b, loc, old, stored));
    }
    LLVM::StoreOp::create(b, loc, stored, p);
    return success();
  };
  if (oob && !reduce) {
    storeIfInside(stored, p, inside);
    return success();
  }
  return oob ? emitIf(inside, write) : write();
}

} // namespace exo::nvvm

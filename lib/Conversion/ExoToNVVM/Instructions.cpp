//===- Instructions.cpp - The instruction library
//---------------------------===//
//
// Part of the Exo-GPU project.
//
// Calls of instruction procs, by their lowering name: TMA loads (multicast),
// stores and reductions, wgmma and its accumulator, cp.async, vector global
// accesses, atomics and warp shuffles. Each checks its arguments first.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <numeric>

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerCall(CallOp call) {
  auto callee = lookupCallee(call);
  if (!callee || !callee.isInstr())
    return call.emitOpError()
           << "calls a proc that is not an instruction; inline it first";
  for (Value a : call.getArgs())
    if (isShapedData(a.getType()) && !views.count(a))
      return call.emitOpError() << "passes an array with no device lowering";
  StringRef kind = callee.getInstrAttr().getLowering().getValue();
  // Each lowering name: the number of array arguments it reads by position,
  // and its emitter.
  struct Lowering {
    StringLiteral name;
    unsigned arrays;
    std::function<LogicalResult()> emit;
  };
  auto numberIn = [&] { return std::stoll(kind.rsplit('_').second.str()); };
  Lowering table[] = {
      {"tma_load_2d", 2, [&] { return emitTmaLoad(call, callee); }},
      {"tma_load_multicast_2d", 2, [&] { return emitTmaLoad(call, callee); }},
      {"tma_store_2d", 2, [&] { return emitTmaStore(call, false); }},
      {"tma_reduce_add_2d", 2, [&] { return emitTmaStore(call, true); }},
      {"red_global_add", 2, [&] { return emitRedGlobalAdd(call); }},
      {"ld_global_v4", 2, [&] { return emitVectorGlobal(call, true); }},
      {"st_global_v4", 2, [&] { return emitVectorGlobal(call, false); }},
      {"cp_async_4", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"cp_async_8", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"cp_async_16", 2, [&] { return emitCpAsync(call, numberIn()); }},
      {"shfl_xor_sum_1", 2, [&] { return emitShuffleXorSum(call, 1); }},
      {"shfl_xor_sum_2", 2, [&] { return emitShuffleXorSum(call, 2); }},
      {"shfl_xor_sum_4", 2, [&] { return emitShuffleXorSum(call, 4); }},
      {"shfl_xor_sum_8", 2, [&] { return emitShuffleXorSum(call, 8); }},
      {"shfl_xor_sum_16", 2, [&] { return emitShuffleXorSum(call, 16); }},
      {"wgmma_zero_scale_d", 1, [&] { return emitWgmmaZero(call); }},
      {"wgmma_load_a", 2, [&] { return emitWgmmaLoadA(call); }},
      {"wgmma_tf32", 3,
       [&] { return emitWgmma(call, NVVM::WGMMATypes::tf32); }},
      {"wgmma_bf16", 3,
       [&] { return emitWgmma(call, NVVM::WGMMATypes::bf16); }},
      {"wgmma_f16", 3, [&] { return emitWgmma(call, NVVM::WGMMATypes::f16); }},
      {"wgmma_store_d_smem", 2, [&] { return emitWgmmaStore(call); }},
      {"wgmma_store_d_gmem", 2, [&] { return emitWgmmaStore(call); }},
      {"wgmma_red_d_gmem", 2,
       [&] { return emitWgmmaStore(call, /*reduce=*/true); }},
      {"wgmma_stmatrix_d", 2, [&] { return emitWgmmaStMatrix(call); }},
      {"mma_zero_c", 1, [&] { return emitMmaZero(call); }},
      {"mma_load_a", 2, [&] { return emitMmaLoad(call, /*isA=*/true); }},
      {"mma_load_b", 2, [&] { return emitMmaLoad(call, /*isA=*/false); }},
      {"mma_tf32", 3, [&] { return emitMma(call, MmaType::Tf32); }},
      {"mma_bf16", 3, [&] { return emitMma(call, MmaType::Bf16); }},
      {"mma_f16", 3, [&] { return emitMma(call, MmaType::F16); }},
      {"mma_store_c", 2, [&] { return emitMmaStore(call); }},
      {"mma_stmatrix_c", 2, [&] { return emitMmaStMatrix(call); }},
      {"mma_convert_c", 2, [&] { return emitMmaConvert(call); }},
  };
  const Lowering *lowering =
      llvm::find_if(table, [&](const Lowering &l) { return l.name == kind; });
  if (lowering == std::end(table))
    return call.emitOpError() << "calls instruction @" << callee.getSymName()
                              << " whose lowering \"" << kind
                              << "\" is not implemented for the GPU";
  if (call.getArgs().size() != lowering->arrays ||
      !llvm::all_of(call.getArgs(),
                    [](Value a) { return isShapedData(a.getType()); }))
    return call.emitOpError()
           << "calls instruction @" << callee.getSymName() << " (lowering \""
           << kind << "\"), which takes " << lowering->arrays
           << " array arguments and nothing else, with "
           << call.getArgs().size() << " arguments";
  // TMA zero-fills and clips a box past the end of its tensor; the global
  // accumulator store skips the elements past it. Nothing else may see one.
  if (!kind.starts_with("tma_"))
    for (auto [i, a] : llvm::enumerate(call.getArgs()))
      if (isOobView(a) &&
          !((kind == "wgmma_store_d_gmem" || kind == "wgmma_red_d_gmem") &&
            i == 0))
        return call.emitOpError()
               << "passes an oob window (argument " << i << ") to @"
               << callee.getSymName() << ", whose lowering \"" << kind
               << "\" does not handle elements past the tensor (only TMA "
                  "and the global accumulator store's destination do)";
  if (failed(lowering->emit()))
    return failure();
  // The checkers read the callee's body while this emitted the hardware
  // instruction: a hand-written proc must state exactly what its family does.
  if (!call.getFamilyAttr() && failed(verifyHardwareInstruction(callee))) {
    call.emitRemark() << "the call that lowers @" << callee.getSymName()
                      << " to hardware";
    return failure();
  }
  return success();
}

LogicalResult KernelLowering::checkBox(CallOp call, const View &v,
                                       int64_t split) {
  ArrayRef<int64_t> box = v.memory.getBox();
  if (box.size() != v.offsets.size() || box.size() > 5)
    return call.emitOpError()
           << "the tensor map's box has " << box.size()
           << " dimensions for a tensor of " << v.offsets.size()
           << "; TMA needs one box extent per dimension (at most 5)";
  for (unsigned d = 0; d < box.size(); ++d) {
    const unsigned *it = llvm::find(v.kept, d);
    int64_t extent = 1;
    if (it != v.kept.end()) {
      unsigned j = it - v.kept.begin();
      extent = v.sizes[j];
      if (j == 0) {
        if (extent % split)
          return call.emitOpError()
                 << "the window's " << extent << " rows do not split over "
                 << split << " issuing CTAs";
        extent /= split;
      }
    }
    if (extent != box[d])
      return call.emitOpError()
             << "moves " << extent << " elements along dimension " << d
             << " of the tensor map per issuing CTA, but its box has "
             << box[d];
  }
  return success();
}

SmallVector<Value> KernelLowering::boxCoordinates(const View &v, Value rowOff) {
  SmallVector<Value> idx(v.kept.size(), c64(0));
  idx[0] = rowOff;
  SmallVector<Value> root = rootIndices(v, idx);
  SmallVector<Value> coords;
  for (Value x : llvm::reverse(root))
    coords.push_back(toI32(x));
  return coords;
}

LogicalResult KernelLowering::emitTmaLoad(CallOp call, ProcOp callee) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  if (dst.kind != View::Shared || src.kind != View::TmaMap)
    return call.emitOpError() << "a TMA load needs a shared-memory "
                                 "destination and a tensor-map source";
  if (!call.getTrailing())
    return call.emitOpError() << "a TMA load needs a trailing mbarrier";
  if (failed(sameElements(call, "a TMA load", dst, src)))
    return failure();
  FailureOr<AllocOp> bar = barrierAlloc(call, call.getTrailing());
  if (failed(bar))
    return failure();
  if (dst.memory.getSwizzle() != src.memory.getSwizzle())
    return call.emitOpError()
           << "the shared-memory swizzle (" << dst.memory.getSwizzle()
           << ") differs from the tensor map's (" << src.memory.getSwizzle()
           << ")";
  if (int64_t swizzle = dst.memory.getSwizzle();
      swizzle &&
      dst.staticExtents.back() * getElementBytes(dst.elemType) != swizzle)
    return call.emitOpError()
           << "a TMA load into swizzled shared memory needs rows of one "
              "swizzle span ("
           << swizzle << " bytes)";
  // Each issuing CTA loads its slice of the window's rows.
  int64_t issuers = 0;
  ArrayRef<CollectiveInstance> insts = ca.getInstances(call);
  std::vector<int64_t> rankOf(clusterDim, 0);
  for (const CollectiveInstance &inst : insts) {
    SmallVector<CtaPart> parts = partsOf(inst.threads);
    if (issuers && issuers != static_cast<int64_t>(parts.size()))
      return call.emitOpError() << "runs on different numbers of CTAs";
    issuers = parts.size();
    for (auto [r, p] : llvm::enumerate(parts))
      rankOf[p.cta] = r;
  }
  if (failed(checkBox(call, src, issuers)))
    return failure();
  // The first non-distributed window dimension of the destination holds
  // the rows; the destination's other dimensions follow the source's.
  unsigned rowDim = 0;
  while (rowDim < dst.kept.size() && dst.kept[rowDim] < dst.numDistributed)
    ++rowDim;
  if (dst.kept.size() - rowDim != src.kept.size())
    return call.emitOpError()
           << "the destination has " << dst.kept.size() - rowDim
           << " dimensions after its distributed ones, the source window "
           << src.kept.size();
  // The engine writes the box densely, row after row, from an address
  // aligned to the swizzle pattern (128 bytes without swizzle); each
  // issuing CTA's slice starts `slice` rows further.
  if (!isDenseBox(dst, rowDim))
    return call.emitOpError()
           << "the shared-memory destination is not one dense box (after "
              "its distributed dimensions: no ring, all dimensions but the "
              "first whole, no other dimension after the first but of "
              "extent 1)";
  int64_t slice = src.sizes[0] / issuers;
  int64_t align = tmaSmemAlign(dst);
  int64_t sliceBytes = slice * getElementBytes(dst.elemType);
  for (unsigned j = rowDim + 1; j < dst.kept.size(); ++j)
    sliceBytes *= dst.sizes[j];
  if (startDivisor(dst) % align || (issuers > 1 && sliceBytes % align))
    return call.emitOpError()
           << "the shared-memory destination must start at a multiple of "
           << align << " bytes (and so must each issuing CTA's slice of it)";
  FailureOr<Value> elected = electedThread(call, "a TMA load");
  if (failed(elected))
    return failure();
  ArrayRef<uint64_t> masks = ca.getMulticastMasks(call);
  std::vector<int64_t> maskByCta(clusterDim, 0);
  for (auto [i, inst] : llvm::enumerate(insts))
    for (const CtaPart &p : partsOf(inst.threads))
      maskByCta[p.cta] = i < masks.size() ? masks[i] : (1 << p.cta);
  bool multicast = llvm::any_of(maskByCta, [&](int64_t m) {
    return llvm::popcount(static_cast<uint64_t>(m)) > 1;
  });
  // A plain load writes the issuing CTA's shared memory and completes on
  // its mbarrier only; a multicast (':') trailing barrier would need the
  // box to land in every signalled CTA, which only a multicast instruction
  // describes (its destination spans those CTAs).
  if (multicast &&
      callee.getInstrAttr().getLowering().getValue() != "tma_load_multicast_2d")
    return call.emitOpError()
           << "signals the mbarriers of several CTAs (a ':' trailing "
              "coordinate), but @"
           << callee.getSymName()
           << " is a plain TMA load, whose box lands in the issuing CTA "
              "only; use a tma_load_multicast_2d instruction";
  return emitIf(*elected, [&]() -> LogicalResult {
    SmallVector<int64_t> rankVals(rankOf.begin(), rankOf.end());
    Value rank = toI64(selectByCta(rankVals, i32()));
    Value rowOff = mul(rank, c64(slice));
    SmallVector<Value> dIdx(dst.kept.size(), c64(0));
    dIdx[rowDim] = rowOff;
    Value dstPtr = sharedAddress(dst, dIdx);
    Value dst7 = LLVM::AddrSpaceCastOp::create(b, loc, ptr(7), dstPtr);
    SmallVector<OpFoldResult> tIdx;
    unsigned next = 0;
    for (int64_t s : call.getStaticTrailingIndices()) {
      if (ShapedType::isDynamic(s))
        tIdx.push_back(call.getTrailingIndices()[next++]);
      else
        tIdx.push_back(b.getIndexAttr(s == kMulticastIndex ? 0 : s));
    }
    Value mbar = mbarrierAddress(*bar, tIdx);
    Value mask;
    if (multicast) {
      SmallVector<int64_t> mv(maskByCta.begin(), maskByCta.end());
      mask = arith::TruncIOp::create(b, loc, b.getI16Type(),
                                     selectByCta(mv, i32()));
    }
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, dst7, src.base, boxCoordinates(src, rowOff), mbar, ValueRange{},
        mask, Value(), NVVM::TMALoadMode::TILE, false, NVVM::CTAGroupKindAttr(),
        Value());
    return success();
  });
}

LogicalResult KernelLowering::emitTmaStore(CallOp call, bool reduce) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  if (dst.kind != View::TmaMap || src.kind != View::Shared)
    return call.emitOpError() << "a TMA store needs a tensor-map destination "
                                 "and a shared-memory source";
  if (failed(sameElements(call, reduce ? "a TMA reduce-add" : "a TMA store",
                          dst, src)))
    return failure();
  if (src.memory.getSwizzle() != dst.memory.getSwizzle())
    return call.emitOpError()
           << "the shared-memory swizzle (" << src.memory.getSwizzle()
           << ") differs from the tensor map's (" << dst.memory.getSwizzle()
           << ")";
  // Swizzled rows longer than one span are stored in column chunks
  // (swizzledAddress): one box of one span's columns per chunk.
  int64_t span = 0, chunks = 1;
  if (src.memory.getSwizzle()) {
    unsigned rank = src.staticExtents.size();
    if (!isChunkedSwizzle(src, span) || src.kept.size() != 2 ||
        src.kept[0] != rank - 2 || src.kept[1] != rank - 1)
      return call.emitOpError()
             << "a TMA store from swizzled shared memory needs a window of "
                "the last two dimensions of a tensor whose rows are whole "
                "swizzle spans";
    chunks = src.sizes[1] / span;
  }
  View box = dst;
  box.sizes.back() /= chunks;
  if (failed(checkBox(call, box, 1)))
    return failure();
  // The source must hold the box densely, in row-major order (in column
  // chunks of one span when swizzled), from an address aligned to the
  // swizzle pattern (128 bytes without swizzle).
  if (!isDenseBox(src))
    return call.emitOpError()
           << "the shared-memory source is not one dense box (no ring, all "
              "dimensions but the first whole, no other dimension after the "
              "first but of extent 1)";
  int64_t align = tmaSmemAlign(src);
  bool aligned = startDivisor(src) % align == 0;
  if (span) {
    // Chunked: a row is `span` elements within its chunk, and the window
    // starts at a chunk's first column.
    unsigned rank = src.staticExtents.size();
    int64_t rowBytes = span * getElementBytes(src.elemType);
    aligned = startDivisor(src, rank - 2) % align == 0 &&
              (knownDivisor(src.offsets[rank - 2]) * rowBytes) % align == 0 &&
              (src.staticExtents[rank - 2] * rowBytes) % align == 0 &&
              knownDivisor(src.offsets[rank - 1]) % span == 0;
  }
  if (!aligned)
    return call.emitOpError()
           << "the shared-memory source must start at a multiple of " << align
           << " bytes";
  FailureOr<Value> elected =
      electedThread(call, reduce ? "a TMA reduction" : "a TMA store");
  if (failed(elected))
    return failure();
  return emitIf(*elected, [&] {
    for (int64_t k = 0; k < chunks; ++k) {
      SmallVector<Value> first(src.kept.size(), c64(0));
      Value srcPtr;
      if (span) {
        first.back() = c64(k * span);
        srcPtr = swizzledAddress(src, first, /*swizzle=*/false);
      } else {
        srcPtr = sharedAddress(src, first);
      }
      SmallVector<Value> coords = boxCoordinates(dst, c64(0));
      // (Coordinates are innermost first.)
      if (k)
        coords[0] = arith::AddIOp::create(b, loc, coords[0], c32(k * span));
      if (reduce)
        NVVM::CpAsyncBulkTensorReduceOp::create(
            b, loc, dst.base, srcPtr, NVVM::TMAReduxKind::ADD,
            NVVM::TMAStoreMode::TILE, coords, Value());
      else
        NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
            b, loc, dst.base, srcPtr, coords, Value(), NVVM::TMAStoreMode::TILE,
            Value());
    }
    return success();
  });
}

LogicalResult KernelLowering::emitRedGlobalAdd(CallOp call) {
  // red.global.add.f32: a relaxed atomic add whose result is unused; the
  // adds of different threads commute, and what orders them with later
  // readers is the program's synchronization (or the kernel's end).
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  auto one = [](const View &v) {
    return v.kept.size() == 1 && v.sizes[0] == 1 && v.elemType.isF32();
  };
  if (dst.kind != View::Global || !isPlainRegs(src) || !one(dst) || !one(src))
    return call.emitOpError() << "an atomic add moves one f32 from a "
                                 "thread's registers (not an instruction's "
                                 "fragment) into global memory";
  Value r = gepBytes(
      src.base, mul(elementOffset(src, rootIndices(src, {c64(0)})), c64(4)));
  Value g = gepBytes(
      dst.base, mul(elementOffset(dst, rootIndices(dst, {c64(0)})), c64(4)));
  Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), r);
  LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, g, v,
                            LLVM::AtomicOrdering::monotonic);
  return success();
}

LogicalResult KernelLowering::emitVectorGlobal(CallOp call, bool load) {
  // ld.global.v4 / st.global.v4 of 4 consecutive 32-bit values between a
  // thread's registers and global memory. The address must be 16-byte
  // aligned: the window must start at a multiple of 4 elements of a tensor
  // whose rows are too, and the launcher checks the base.
  const View &regs = views[call.getArgs()[load ? 0 : 1]];
  const View &mem = views[call.getArgs()[load ? 1 : 0]];
  auto four = [](const View &v) {
    return v.kept.size() == 1 && v.kept[0] == v.offsets.size() - 1 &&
           v.sizes[0] == 4 && getElementBytes(v.elemType) == 4;
  };
  if (!isPlainRegs(regs) || mem.kind != View::Global || !four(regs) ||
      !four(mem) || regs.elemType != mem.elemType)
    return call.emitOpError()
           << "a 16-byte vector " << (load ? "load" : "store")
           << " moves 4 consecutive 32-bit values between a thread's "
              "registers (not an instruction's fragment) and global memory";
  if (!alignedRuns(mem, 4))
    return call.emitOpError()
           << "a 16-byte vector " << (load ? "load" : "store")
           << " needs a provably 16-byte-aligned address: the window's first "
              "element must be a multiple of 4 (a constant multiple, or a "
              "product with one) and so must the tensor's last extent (a "
              "constant, or a size that the proc's `requires` makes one: `N "
              "mod 4 == 0`)";
  Value r = gepBytes(
      regs.base, mul(elementOffset(regs, rootIndices(regs, {c64(0)})), c64(4)));
  Value g = gepBytes(
      mem.base, mul(elementOffset(mem, rootIndices(mem, {c64(0)})), c64(4)));
  auto vec = VectorType::get({4}, regs.elemType);
  if (load) {
    Value v = LLVM::LoadOp::create(b, loc, vec, g, /*alignment=*/16);
    LLVM::StoreOp::create(b, loc, v, r, /*alignment=*/4);
  } else {
    Value v = LLVM::LoadOp::create(b, loc, vec, r, /*alignment=*/4);
    LLVM::StoreOp::create(b, loc, v, g, /*alignment=*/16);
  }
  return success();
}

LogicalResult KernelLowering::emitCpAsync(CallOp call, int64_t bytes) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  auto contiguous = [&](const View &v) {
    if (v.kept.size() != 1 || v.kept[0] != v.offsets.size() - 1 ||
        v.sizes[0] * getElementBytes(v.elemType) != bytes)
      return false;
    return true;
  };
  if (dst.kind != View::Shared || dst.memory.getSwizzle() ||
      src.kind != View::Global || !contiguous(dst) || !contiguous(src))
    return call.emitOpError()
           << "cp.async of " << bytes
           << " bytes needs a shared-memory destination and a global source, "
              "each one contiguous run of "
           << bytes << " bytes along its last dimension";
  if (failed(sameElements(call, "cp.async", dst, src)))
    return failure();
  // Both addresses must be aligned to the copy's size: the shared one by
  // its offset in its buffer, the global one by its offset (the launcher
  // then checks the tensor's base).
  int64_t elems = bytes / getElementBytes(src.elemType);
  if (startDivisor(dst) % bytes || !alignedRuns(src, elems))
    return call.emitOpError()
           << "cp.async of " << bytes << " bytes needs both addresses provably "
           << bytes << "-byte aligned: each window must start at a multiple of "
           << elems << " elements of rows whose length is one";
  Value d = sharedAddress(dst, {c64(0)});
  Value sIdx = elementOffset(src, rootIndices(src, {c64(0)}));
  Value sp = gepBytes(src.base, mul(sIdx, c64(getElementBytes(src.elemType))));
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  NVVM::CpAsyncOp::create(b, loc, d, sp, static_cast<uint32_t>(bytes),
                          bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                      : NVVM::LoadCacheModifierKind::CA,
                          Value());
  return success();
}

LogicalResult KernelLowering::emitShuffleXorSum(CallOp call, int64_t laneMask) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  for (const View *v : {&dst, &src})
    if (!isPlainRegs(*v) || v->kept.size() != 1 ||
        v->kept[0] >= v->numDistributed || !v->elemType.isF32())
      return call.emitOpError()
             << "a butterfly shuffle needs f32 register windows (not an "
                "instruction's fragment) whose only dimension is distributed "
                "over the exchanging threads";
  // Every lane of the warps involved must take part (full member mask).
  ThreadSet all(clusterDim * blockDim);
  for (const CollectiveInstance &inst : ca.getInstances(call))
    all |= inst.threads;
  for (const CtaPart &p : partsOf(all))
    if (!p.wholeWarps())
      return call.emitOpError() << "runs a warp shuffle on threads that are "
                                   "not whole warps ("
                                << ca.describe(all) << ")";
  // Each instance must be the pair of lanes (t, t ^ laneMask) the shuffle
  // exchanges.
  for (const CollectiveInstance &inst : ca.getInstances(call)) {
    SmallVector<CtaPart> parts = partsOf(inst.threads);
    int64_t first = parts.empty() ? -1 : parts.front().lo;
    if (parts.size() != 1 || parts.front().count != 2 ||
        !inst.threads.test(parts.front().cta * blockDim + (first ^ laneMask)))
      return call.emitOpError()
             << "a butterfly shuffle with lane mask " << laneMask
             << " exchanges lanes t and t ^ " << laneMask
             << ", but an instance of this call runs on "
             << ca.describe(inst.threads);
  }
  SmallVector<Value> zero{c64(0)};
  Value srcPtr = gepBytes(
      src.base, mul(elementOffset(src, rootIndices(src, zero)), c64(4)));
  Value dstPtr = gepBytes(
      dst.base, mul(elementOffset(dst, rootIndices(dst, zero)), c64(4)));
  Value v = LLVM::LoadOp::create(b, loc, b.getF32Type(), srcPtr);
  Value other = NVVM::ShflOp::create(
      b, loc, b.getF32Type(), c32(-1), v, c32(laneMask), c32(0x1f),
      NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly), UnitAttr());
  LLVM::StoreOp::create(b, loc, arith::AddFOp::create(b, loc, v, other),
                        dstPtr);
  return success();
}

Value KernelLowering::warpInWarpgroup() {
  Value t = arith::RemUIOp::create(b, loc, tid, c32(kWarpgroupSize));
  return toI64(arith::DivUIOp::create(b, loc, t, c32(kWarpSize)));
}

FailureOr<WgmmaTile> KernelLowering::accumulator(CallOp call, const View &v,
                                                 bool columnWindow) {
  unsigned rank = v.staticExtents.size();
  bool shape =
      v.kind == View::Regs && v.memory.getKind() == MemoryKind::WgmmaAccum &&
      v.sizes.size() == 2 && v.sizes[0] == 64 && v.kept[0] == rank - 2 &&
      v.kept[1] == rank - 1 && v.staticExtents[rank - 1] % 8 == 0 &&
      v.staticExtents[rank - 1] >= 8 && v.staticExtents[rank - 1] <= 256;
  if (!shape || v.sizes[1] != v.staticExtents[rank - 1]) {
    // A store may take a window of whole 8-column blocks at a constant
    // offset: the registers it reads are then known here.
    std::optional<int64_t> col0 =
        shape ? constantOf(v.offsets[rank - 1]) : std::nullopt;
    if (!columnWindow || !col0 || *col0 % 8 || v.sizes[1] % 8 ||
        v.sizes[1] == 0 || *col0 + v.sizes[1] > v.staticExtents[rank - 1])
      return call.emitOpError()
             << "needs a whole 64 x N wgmma accumulator tile (N a multiple of "
                "8 up to 256)"
             << (columnWindow ? ", or a window of it of whole 8-column "
                                "blocks at a constant column offset"
                              : "");
  }
  // The leading dimensions that are not distributed select one tile of
  // the warpgroup's array of accumulators.
  Value idx = c64(0);
  for (unsigned d = v.numDistributed; d + 2 < rank; ++d)
    idx = add(mul(idx, v.extents[d]), v.offsets[d]);
  SmallVector<Type> fields(v.staticExtents[rank - 1] / 2, b.getF32Type());
  auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
  WgmmaTile t;
  t.n = v.sizes[1];
  t.col0 = constantOf(v.offsets[rank - 1]).value_or(0);
  t.type = structTy;
  t.ptr = rank - v.numDistributed > 2
              ? Value(LLVM::GEPOp::create(b, loc, ptr(), structTy, v.base,
                                          ValueRange{idx}))
              : v.base;
  return t;
}

LogicalResult KernelLowering::emitWgmmaZero(CallOp call) {
  const View &d = views[call.getArgs()[0]];
  FailureOr<WgmmaTile> acc = accumulator(call, d);
  if (failed(acc))
    return failure();
  Value zero = LLVM::ZeroOp::create(b, loc, acc->type);
  LLVM::StoreOp::create(b, loc, zero, acc->ptr);
  // The zeros are ordinary register writes: wgmma.fence orders them before
  // the next wgmma of this warpgroup (what scale-d = 0 would do in the
  // instruction itself, which the program's semantics assume).
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  return success();
}

/// Row and column offsets of element `e` of a thread's wgmma A fragment,
/// from row 16 w + lane / 4 and column (lane % 4) * per, per = 1 for tf32
/// (4 elements: rows + 8 for e = 1, 3, columns + 4 for e = 2, 3) and 2 for
/// bf16/f16 (8 elements in pairs: columns + e % 2, rows + 8 for pairs 1, 3,
/// columns + 8 for pairs 2, 3).
static std::pair<int64_t, int64_t> fragmentA(int64_t e, bool half) {
  if (!half)
    return {(e % 2) * 8, (e / 2) * 4};
  int64_t pair = e / 2;
  return {(pair % 2) * 8, (pair / 2) * 8 + e % 2};
}

uint64_t productDivisor(uint64_t a, uint64_t b, unsigned capLog2) {
  unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  if (p <= (static_cast<unsigned __int128>(1) << capLog2))
    return static_cast<uint64_t>(p);
  unsigned twos = llvm::countr_zero(a) + llvm::countr_zero(b);
  return uint64_t(1) << std::min(twos, capLog2);
}

int64_t knownDivisor(Value v, int depth) {
  // A divisor of every value `v` can take. Zero is divisible by anything:
  // kAny, a power of two, stands for that, and every result stays at most
  // kAny while still dividing the value (a larger one is replaced by the
  // power of two in it, never by kAny itself).
  constexpr unsigned kAnyLog2 = 40;
  constexpr int64_t kAny = int64_t(1) << kAnyLog2;
  if (std::optional<int64_t> c = getConstantIntValue(v)) {
    if (*c == 0)
      return kAny;
    uint64_t u = static_cast<uint64_t>(*c);
    return productDivisor(*c < 0 ? ~u + 1 : u, 1, kAnyLog2);
  }
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || def->getNumOperands() != 2)
    return 1;
  int64_t x = knownDivisor(def->getOperand(0), depth + 1);
  int64_t y = knownDivisor(def->getOperand(1), depth + 1);
  if (isa<arith::MulIOp>(def))
    return productDivisor(x, y, kAnyLog2);
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::gcd(x, y);
  return 1;
}

std::optional<int64_t> constantOf(Value v, int depth) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16 || def->getNumOperands() != 2)
    return std::nullopt;
  std::optional<int64_t> x = constantOf(def->getOperand(0), depth + 1);
  std::optional<int64_t> y = constantOf(def->getOperand(1), depth + 1);
  if (!x || !y)
    return std::nullopt;
  if (isa<arith::AddIOp>(def))
    return *x + *y;
  if (isa<arith::MulIOp>(def))
    return *x * *y;
  if (isa<arith::SubIOp>(def))
    return *x - *y;
  return std::nullopt;
}

LogicalResult KernelLowering::emitWgmmaLoadA(CallOp call) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  bool half = src.elemType.isBF16() || src.elemType.isF16();
  int64_t k = half ? 16 : 8;
  if (dst.kind != View::Regs || dst.memory.getKind() != MemoryKind::WgmmaA ||
      dst.sizes.size() != 2 || dst.sizes[0] != 64 || dst.sizes[1] != k ||
      dst.elemType != src.elemType || src.kind != View::Shared ||
      src.memory.getSwizzle() || src.sizes.size() != 2 || src.sizes[0] != 64 ||
      src.sizes[1] != k || !(half || src.elemType.isF32()))
    return call.emitOpError()
           << "loads a wgmma A fragment: a whole 64 x 8 tf32 (64 x 16 "
              "bf16/f16) fragment from a window of that shape and type in "
              "unswizzled shared memory";
  Value w = warpInWarpgroup();
  Value l = toI64(lane);
  // 16-bit fragments are four 8 x 8 matrices per warp (rows 0-7 / 8-15 x
  // columns 0-7 / 8-15), exactly what ldmatrix.x4 delivers: lane l gives
  // the address of row l % 16, column 8 (l / 16), and receives its pairs in
  // fragment order. It needs 16-byte aligned rows: a row pitch and a column
  // offset that are multiples of 16 bytes.
  std::optional<int64_t> colOff = constantOf(src.offsets.back());
  if (half && src.kept.back() == src.staticExtents.size() - 1 &&
      src.staticExtents.back() * 2 % 16 == 0 && colOff && *colOff % 8 == 0) {
    Value row =
        add(mul(w, c64(16)), arith::RemUIOp::create(b, loc, l, c64(16)));
    Value col = mul(arith::DivUIOp::create(b, loc, l, c64(16)), c64(8));
    Value p = sharedAddress(src, {row, col});
    SmallVector<Type> regs(4, i32());
    auto resTy = LLVM::LLVMStructType::getLiteral(ctx, regs);
    Value m =
        NVVM::LdMatrixOp::create(b, loc, resTy, p, 4, NVVM::MMALayout::row,
                                 NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                                 NVVM::LdStMatrixEltType::B16);
    auto pair = VectorType::get({2}, src.elemType);
    for (int64_t i = 0; i < 4; ++i) {
      Value r = LLVM::ExtractValueOp::create(b, loc, m, i);
      Value v = LLVM::BitcastOp::create(b, loc, pair, r);
      Value q = LLVM::GEPOp::create(b, loc, ptr(), src.elemType, dst.base,
                                    ArrayRef<LLVM::GEPArg>{2 * i});
      LLVM::StoreOp::create(b, loc, v, q, /*alignment=*/4);
    }
    return success();
  }
  Value row0 = add(mul(w, c64(16)), arith::DivUIOp::create(b, loc, l, c64(4)));
  Value col0 =
      mul(arith::RemUIOp::create(b, loc, l, c64(4)), c64(half ? 2 : 1));
  for (int64_t e = 0; e < (half ? 8 : 4); ++e) {
    auto [dr, dc] = fragmentA(e, half);
    Value p = sharedAddress(src, {add(row0, c64(dr)), add(col0, c64(dc))});
    Value x = LLVM::LoadOp::create(b, loc, src.elemType, p);
    Value q = LLVM::GEPOp::create(b, loc, ptr(), src.elemType, dst.base,
                                  ArrayRef<LLVM::GEPArg>{e});
    LLVM::StoreOp::create(b, loc, x, q);
  }
  return success();
}

LogicalResult KernelLowering::emitWgmma(CallOp call, NVVM::WGMMATypes type) {
  const View &d = views[call.getArgs()[0]];
  const View &a = views[call.getArgs()[1]];
  const View &bv = views[call.getArgs()[2]];
  FailureOr<WgmmaTile> tile = accumulator(call, d);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  // One wgmma consumes 32 bytes of K: 8 tf32 or 16 bf16/f16 values.
  int64_t k = type == NVVM::WGMMATypes::tf32 ? 8 : 16;
  StringRef typeName = stringifyWGMMATypes(type);
  // Operands: K-major tiles (rows x k) in swizzled shared memory whose rows
  // are one swizzle span (32, 64 or 128 bytes) long, or, without swizzling,
  // as core matrices (8 rows of 16 bytes, 128 contiguous bytes): a window
  // [2, rows, 16 bytes] of a tensor whose rows are 16 bytes, the two
  // 16-byte halves of K (the core-matrix columns) in its first dimension.
  auto descriptor = [&](const View &v, int64_t rows) -> FailureOr<Value> {
    bool typeOk = type == NVVM::WGMMATypes::tf32
                      ? (v.elemType.isF32() || v.elemType.isTF32())
                      : (type == NVVM::WGMMATypes::bf16 ? v.elemType.isBF16()
                                                        : v.elemType.isF16());
    int64_t swizzle = v.memory.getSwizzle();
    int64_t bytes = getElementBytes(v.elemType);
    if (v.kind == View::Shared && !swizzle && typeOk) {
      unsigned rank = v.staticExtents.size();
      if (v.sizes.size() != 3 || v.sizes[0] != 2 || v.sizes[1] != rows ||
          v.sizes[2] * bytes != 16 || rank < 3 ||
          v.staticExtents.back() * bytes != 16 || v.kept[2] != rank - 1 ||
          v.kept[1] != rank - 2)
        return call.emitOpError()
               << "a wgmma " << typeName << " operand in unswizzled shared "
               << "memory must be a 2 x " << rows << " x " << 16 / bytes
               << " window (two columns of 8 x 16-byte core matrices) of a "
                  "tensor whose rows are 16 bytes";
      Value base = sharedAddress(v, {c64(0), c64(0), c64(0)});
      Value next = sharedAddress(v, {c64(1), c64(0), c64(0)});
      Value a64 = LLVM::PtrToIntOp::create(b, loc, i64(), base);
      Value n64 = LLVM::PtrToIntOp::create(b, loc, i64(), next);
      Value start = arith::ShRUIOp::create(
          b, loc, arith::AndIOp::create(b, loc, a64, c64(0x3FFFF)), c64(4));
      // Leading byte offset: from one core-matrix column (K) to the next;
      // stride byte offset: from one 8-row group to the next (128 bytes);
      // layout type 0 (no swizzle).
      Value lbo = arith::ShLIOp::create(
          b, loc,
          arith::AndIOp::create(
              b, loc,
              arith::ShRUIOp::create(
                  b, loc, arith::SubIOp::create(b, loc, n64, a64), c64(4)),
              c64(0x3FFF)),
          c64(16));
      Value desc = arith::OrIOp::create(b, loc, start, lbo);
      return arith::OrIOp::create(b, loc, desc, c64(int64_t(128 >> 4) << 32))
          .getResult();
    }
    unsigned rank = v.staticExtents.size();
    if (v.kind != View::Shared || !swizzle || !typeOk || v.sizes.size() != 2 ||
        v.sizes[0] != rows || v.sizes[1] != k || rank < 2 ||
        v.kept[0] < v.numDistributed || v.kept[1] != rank - 1 ||
        v.rings[v.kept[0]] || v.rings[rank - 1] ||
        llvm::any_of(
            llvm::seq(v.kept[0] + 1, rank - 1),
            [&](unsigned d) { return v.staticExtents[d] != 1; }) ||
        v.staticExtents.back() * getElementBytes(v.elemType) != swizzle)
      return call.emitOpError()
             << "a wgmma " << typeName << " operand must be a " << rows << " x "
             << k
             << " window of swizzled shared memory (32, 64 or 128 bytes) "
                "whose K is the tensor's last dimension and whose rows are "
                "one swizzle span apart, of "
             << typeName;
    // The descriptor's base offset is 0: the window's first row must start
    // a swizzle pattern (8 rows of one span); its K offset within the row
    // is the address's low bits.
    if (startDivisor(v, rank - 1) % (8 * swizzle))
      return call.emitOpError()
             << "a wgmma " << typeName
             << " operand in swizzled shared memory must start at a multiple "
                "of 8 rows (a swizzle pattern of "
             << 8 * swizzle << " bytes)";
    // The start address field is (addr & 0x3FFFF) >> 4. The address is
    // that of the window's first row (a multiple of 8 * swizzle bytes, just
    // checked) plus the K offset within the row (below one span): no carry
    // crosses from one into the other, so the field is the row's field plus
    // the K offset / 16. The row's part does not depend on the K slice, so
    // the wgmmas of one slot share it and each adds a constant (the
    // masked, shifted sum would cost three 64-bit operations per wgmma).
    View row = v;
    row.offsets[rank - 1] = c64(0);
    Value a64 = LLVM::PtrToIntOp::create(b, loc, i64(),
                                         sharedAddress(row, {c64(0), c64(0)}));
    Value rowStart = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, a64, c64(0x3FFFF)), c64(4));
    Value kStart = arith::ShRUIOp::create(
        b, loc, mul(v.offsets[rank - 1], c64(getElementBytes(v.elemType))),
        c64(4));
    // Leading byte offset 16 (unused with swizzling), stride byte offset
    // 8 rows, layout type 1/2/3 for 128/64/32-byte swizzles. The start
    // field is below 2^14 and these bits start at 16: or is add.
    int64_t layout = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
    int64_t hi = (int64_t(1) << 16) | (int64_t((8 * swizzle) >> 4) << 32) |
                 (layout << 62);
    return arith::AddIOp::create(
               b, loc, arith::OrIOp::create(b, loc, rowStart, c64(hi)), kStart)
        .getResult();
  };
  FailureOr<Value> descB = descriptor(bv, n);
  if (failed(descB))
    return failure();
  Type structTy = tile->type;
  if (a.kind == View::Regs) {
    // A from registers (the NVVM op takes descriptors only): inline PTX,
    // the accumulator's registers tied in and out.
    bool tf32 = type == NVVM::WGMMATypes::tf32;
    bool typeOk = tf32 ? a.elemType.isF32()
                       : (type == NVVM::WGMMATypes::bf16 ? a.elemType.isBF16()
                                                         : a.elemType.isF16());
    if (a.memory.getKind() != MemoryKind::WgmmaA || !typeOk ||
        a.sizes.size() != 2 || a.sizes[0] != 64 || a.sizes[1] != k)
      return call.emitOpError()
             << "a wgmma A operand in registers must be a whole 64 x " << k
             << " " << typeName << " wgmma_a fragment";
    int64_t nd = n / 2;
    std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, $" +
                       std::to_string(nd + 5) + ", 0;\nwgmma.mma_async.sync." +
                       "aligned.m64n" + std::to_string(n) + "k" +
                       std::to_string(k) + ".f32." + typeName.str() + "." +
                       typeName.str() + " {";
    std::string constraints;
    for (int64_t i = 0; i < nd; ++i) {
      text += (i ? ", $" : "$") + std::to_string(i);
      constraints += (i ? ",=f" : "=f");
    }
    text += "}, {$" + std::to_string(nd) + ", $" + std::to_string(nd + 1) +
            ", $" + std::to_string(nd + 2) + ", $" + std::to_string(nd + 3) +
            "}, $" + std::to_string(nd + 4) + ", p, 1, 1" +
            (tf32 ? "" : ", 0") + ";\n}";
    constraints += ",r,r,r,r,l,r";
    for (int64_t i = 0; i < nd; ++i)
      constraints += "," + std::to_string(i);
    SmallVector<Value> operands;
    // Four 32-bit registers: one tf32 each, or a pair of bf16/f16.
    Type reg =
        tf32 ? Type(b.getF32Type()) : Type(VectorType::get({2}, a.elemType));
    for (int64_t e = 0; e < 4; ++e) {
      Value q = LLVM::GEPOp::create(b, loc, ptr(), a.elemType, a.base,
                                    ArrayRef<LLVM::GEPArg>{tf32 ? e : 2 * e});
      Value x = LLVM::LoadOp::create(b, loc, reg, q, /*alignment=*/4);
      operands.push_back(LLVM::BitcastOp::create(b, loc, i32(), x));
    }
    operands.push_back(*descB);
    operands.push_back(c32(1));
    Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
    for (int64_t i = 0; i < nd; ++i)
      operands.push_back(LLVM::ExtractValueOp::create(b, loc, acc, i));
    Value result = inlineAsm(structTy, operands, text, constraints);
    LLVM::StoreOp::create(b, loc, result, tile->ptr);
    return success();
  }
  FailureOr<Value> descA = descriptor(a, 64);
  if (failed(descA))
    return failure();
  Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, n, k);
  Value result = NVVM::WgmmaMmaAsyncOp::create(
      b, loc, structTy, acc, *descA, *descB, shape, type, type,
      NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
      NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row, NVVM::MMALayout::col,
      NVVM::MMAIntOverflowAttr());
  LLVM::StoreOp::create(b, loc, result, tile->ptr);
  return success();
}

LogicalResult KernelLowering::sameElements(CallOp call, StringRef what,
                                           const View &dst, const View &src) {
  if (dst.elemType == src.elemType)
    return success();
  return call.emitOpError()
         << what
         << " copies bytes: its destination holds elements "
            "of type "
         << dst.elemType << ", its source of type " << src.elemType;
}

bool KernelLowering::runsAligned(const View &v, int64_t elems) {
  // The run is along the window's last dimension, which must be its
  // tensor's last (contiguous) one.
  if (v.offsets.empty() || v.kept.empty() ||
      v.kept.back() != v.offsets.size() - 1 ||
      knownDivisor(v.offsets.back()) % elems)
    return false;
  // Every dimension but the last has a stride that is a multiple of the
  // last extent.
  if (v.offsets.size() > 1) {
    int64_t last = v.staticExtents.back();
    if (ShapedType::isDynamic(last)) {
      auto it = sizeDivisors.find(v.extents.back());
      last = it == sizeDivisors.end() ? 1 : it->second;
    }
    if (last % elems)
      return false;
  }
  return true;
}

bool KernelLowering::alignedRuns(const View &v, int64_t elems) {
  auto arg = dyn_cast<BlockArgument>(v.base);
  if (v.kind != View::Global || !arg || !runsAligned(v, elems))
    return false;
  int64_t &align = gmemAlign[arg.getArgNumber()];
  align = std::max(align, elems * getElementBytes(v.elemType));
  return true;
}

LogicalResult KernelLowering::emitWgmmaStore(CallOp call, bool reduce) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  FailureOr<WgmmaTile> tile = accumulator(call, src, /*columnWindow=*/true);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  bool global = dst.kind == View::Global;
  if (reduce && (!global || !dst.elemType.isF32()))
    return call.emitOpError()
           << "an accumulator reduce-add adds f32 values into global memory "
              "(red.global.add): its destination must be a window of an f32 "
              "global tensor";
  if (reduce && ptxVersion < 81)
    return call.emitOpError()
           << "an accumulator reduce-add uses red.global.add.v2/.v4.f32, "
              "which needs PTX ISA 8.1 (features=+ptx81 or later; this "
              "target's features give "
           << ptxVersion / 10 << "." << ptxVersion % 10 << ")";
  // Swizzled shared memory: rows of whole spans stored in column chunks
  // (the layout of TMA boxes of one span's columns), which spreads a warp's
  // 8 rows over the banks.
  int64_t span = 0;
  unsigned rank = dst.staticExtents.size();
  bool swizzled = dst.memory.getSwizzle() != 0;
  // The f32 values are stored as they are: a destination of another type
  // would need a conversion (stmatrix rounds to bf16 or f16).
  if (!dst.elemType.isF32())
    return call.emitOpError()
           << "an accumulator store writes f32 values, but its destination "
              "holds "
           << dst.elemType;
  if ((dst.kind != View::Shared && !global) || dst.sizes.size() != 2 ||
      dst.sizes[0] != 64 || dst.sizes[1] != n ||
      (swizzled &&
       (!isChunkedSwizzle(dst, span) || dst.kept[0] != rank - 2 ||
        dst.kept[1] != rank - 1 || knownDivisor(dst.offsets[rank - 1]) % 2)))
    return call.emitOpError()
           << "the destination of an accumulator store must be a 64 x " << n
           << " window of global memory, of unswizzled shared memory, or of "
              "swizzled shared memory whose rows are whole swizzle spans "
              "(the window's last two dimensions, its first column even)";
  // Fragment layout of m64nNk8 f32: thread t of the warpgroup holds, for
  // each 8-column block j, rows 16 * warp + lane / 4 (+ 8) and columns
  // 8 * j + 2 * (lane % 4) (+ 1).
  Value w = warpInWarpgroup();
  Value l = toI64(lane);
  Value row0 = add(mul(w, c64(16)), arith::DivUIOp::create(b, loc, l, c64(4)));
  Value col0 = mul(arith::RemUIOp::create(b, loc, l, c64(4)), c64(2));
  // A window that may reach past the end of a global tensor (oob, from a
  // partial tile): each element is stored only where it lies inside.
  bool oob = isOobView(call.getArgs()[0]);
  if (oob && (!global || rank != 2 || dst.kept[0] != 0 || dst.kept[1] != 1))
    return call.emitOpError()
           << "an accumulator store that may reach past the end of its "
              "tensor needs a 64 x "
           << n << " window of a two-dimensional global tensor";
  Type structTy = tile->type;
  Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
  // Stores `v` (an f32, or a vector of 2 or 4) at `p`, or with `reduce`
  // adds it there: red.global.add (relaxed, gpu scope; the vector forms
  // are sm_90's), whose adds commute with the other CTAs'.
  auto put = [&](Value v, Value p, int64_t align) {
    if (!reduce) {
      LLVM::StoreOp::create(b, loc, v, p, align);
      return;
    }
    auto vec = dyn_cast<VectorType>(v.getType());
    if (!vec) {
      LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, p, v,
                                LLVM::AtomicOrdering::monotonic);
      return;
    }
    int64_t lanes = vec.getNumElements();
    SmallVector<Value> operands{
        LLVM::AddrSpaceCastOp::create(b, loc, ptr(1), p)};
    std::string text =
        "red.global.add.v" + std::to_string(lanes) + ".f32 [$0], {";
    std::string constraints = "l";
    for (int64_t i = 0; i < lanes; ++i) {
      operands.push_back(
          LLVM::ExtractElementOp::create(b, loc, v, c32(i)).getResult());
      text += (i ? ", $" : "$") + std::to_string(i + 1);
      constraints += ",f";
    }
    inlineAsm(Type(), operands, text + "};", constraints);
  };
  // Stores `v` at `p` when the element (row, col) of the window is inside
  // the tensor (always, unless oob).
  auto storeIf = [&](Value v, Value p, Value row, Value col, int64_t align) {
    if (!oob) {
      put(v, p, align);
      return;
    }
    auto inside = [&](unsigned d, Value i) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                   add(dst.offsets[d], i), dst.extents[d]);
    };
    auto ifOp = scf::IfOp::create(b, loc, andI(inside(0, row), inside(1, col)),
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    put(v, p, align);
  };
  auto field = [&](int64_t j, int64_t h, int64_t i) -> Value {
    return LLVM::ExtractValueOp::create(b, loc, acc,
                                        4 * (j + tile->col0 / 8) + 2 * h + i);
  };
  // Global memory: four adjacent columns per 16-byte store wherever every
  // run of four provably starts at a multiple of four elements. A lane and
  // its neighbour (lane ^ 1) swap one pair of each two column blocks j and
  // j + 1: the even lane then holds columns 8 * j + col0 .. + 3 (its own
  // pair, then its neighbour's), the odd lane columns 8 * j + col0 + 6 .. + 9
  // (its neighbour's pair of block j + 1, then its own), so a warp writes
  // 64 contiguous bytes of each of its 8 rows per store instead of 32.
  // Every lane runs the exchange; only the store is guarded.
  if (global && !swizzled && n % 16 == 0 && alignedRuns(dst, /*elems=*/4)) {
    Value odd = arith::TruncIOp::create(
        b, loc, b.getI1Type(), arith::AndIOp::create(b, loc, lane, c32(1)));
    Value colq =
        add(col0, arith::SelectOp::create(b, loc, odd, c64(6), c64(0)));
    auto pick = [&](Value ifOdd, Value ifEven) -> Value {
      return arith::SelectOp::create(b, loc, odd, ifOdd, ifEven);
    };
    for (int64_t j = 0; j < n / 8; j += 2)
      for (int64_t h = 0; h < 2; ++h) {
        Value own[2] = {field(j, h, 0), field(j, h, 1)};
        Value next[2] = {field(j + 1, h, 0), field(j + 1, h, 1)};
        Value got[2];
        for (int i = 0; i < 2; ++i)
          got[i] = NVVM::ShflOp::create(
              b, loc, b.getF32Type(), c32(-1), pick(own[i], next[i]), c32(1),
              c32(0x1f), NVVM::ShflKindAttr::get(ctx, NVVM::ShflKind::bfly),
              UnitAttr());
        Value quad = vectorOf({pick(got[0], own[0]), pick(got[1], own[1]),
                               pick(next[0], got[0]), pick(next[1], got[1])});
        Value row = add(row0, c64(8 * h));
        Value col = add(colq, c64(8 * j));
        // A run starts at a multiple of four elements of rows whose length
        // is one: it is inside or outside the tensor as a whole.
        storeIf(quad, sharedAddress(dst, {row, col}), row, col, /*align=*/16);
      }
    return success();
  }
  // A thread's two adjacent columns are one 8-byte store wherever they are
  // adjacent in memory (the window's columns are its tensor's last
  // dimension) and provably start at an even element (swizzled windows are
  // checked above).
  bool pairs = swizzled || pairsAligned(dst);
  for (int64_t j = 0; j < n / 8; ++j)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(row0, c64(8 * h));
      Value col = add(col0, c64(8 * j));
      Value p = swizzled ? swizzledAddress(dst, {row, col})
                         : sharedAddress(dst, {row, col});
      Value x = field(j, h, 0);
      Value y = field(j, h, 1);
      if (!pairs) {
        // Rows an odd number of elements apart, or columns that are not
        // adjacent: two 4-byte stores, each at its own element's address.
        Value col1 = add(col, c64(1));
        storeIf(x, p, row, col, /*align=*/4);
        storeIf(y, sharedAddress(dst, {row, col1}), row, col1, /*align=*/4);
        continue;
      }
      // A pair starts at an even element of rows of an even length: it is
      // inside or outside the tensor as a whole.
      storeIf(vectorOf({x, y}), p, row, col, /*align=*/8);
    }
  return success();
}

LogicalResult KernelLowering::emitWgmmaStMatrix(CallOp call) {
  const View &dst = views[call.getArgs()[0]];
  const View &src = views[call.getArgs()[1]];
  FailureOr<WgmmaTile> tile = accumulator(call, src);
  if (failed(tile))
    return failure();
  int64_t n = tile->n;
  Type half = dst.elemType;
  unsigned rank = dst.staticExtents.size();
  if (dst.kind != View::Shared || dst.memory.getSwizzle() ||
      !(half.isBF16() || half.isF16()) || dst.sizes.size() != 2 ||
      dst.sizes[0] != 64 || dst.sizes[1] != n || dst.kept[1] != rank - 1 ||
      dst.staticExtents.back() * 2 % 16 ||
      knownDivisor(dst.offsets[rank - 1]) % 8)
    return call.emitOpError()
           << "stmatrix stores the accumulator rounded to bf16 or f16: the "
              "destination must be a 64 x "
           << n
           << " window of unswizzled 16-bit shared memory whose rows are a "
              "multiple of 16 bytes apart, its first column a multiple of 8";
  // Each 8-column block of a warp's 16 rows is two 8 x 8 matrices (rows
  // 0-7, 8-15) whose lane layout is the accumulator's: register r of block
  // j packs elements 4 j + 2 r and 4 j + 2 r + 1. Two blocks per
  // stmatrix.x4; lane l gives the address of row l % 16 of block
  // j + l / 16.
  Value w = warpInWarpgroup();
  Value l = toI64(lane);
  Value row = add(mul(w, c64(16)), arith::RemUIOp::create(b, loc, l, c64(16)));
  Value colLane = mul(arith::DivUIOp::create(b, loc, l, c64(16)), c64(8));
  Type structTy = tile->type;
  Value acc = LLVM::LoadOp::create(b, loc, structTy, tile->ptr);
  auto pack = [&](int64_t e) {
    SmallVector<Value, 2> halves;
    for (int64_t i = 0; i < 2; ++i) {
      Value x = LLVM::ExtractValueOp::create(b, loc, acc, e + i);
      halves.push_back(arith::TruncFOp::create(b, loc, half, x));
    }
    return LLVM::BitcastOp::create(b, loc, i32(), vectorOf(halves)).getResult();
  };
  for (int64_t j = 0; j < n / 8; j += 2) {
    int64_t blocks = std::min<int64_t>(2, n / 8 - j);
    SmallVector<Value> regs;
    for (int64_t r = 0; r < 2 * blocks; ++r)
      regs.push_back(pack(4 * j + 2 * r));
    // With one block left (N / 8 odd), lanes 0-15 address its rows.
    Value col = blocks == 2 ? add(colLane, c64(8 * j)) : c64(8 * j);
    Value addr = sharedAddress(dst, {row, col});
    NVVM::StMatrixOp::create(b, loc, addr, regs, NVVM::MMALayout::row,
                             NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                             NVVM::LdStMatrixEltType::B16);
  }
  return success();
}

} // namespace exo::nvvm

//===- ExoToNVVM.cpp - Lower device functions to NVVM kernels -------------===//
//
// Part of the Exo-GPU project.
//
// Turns every exo proc that launches a device function into an `llvm.func`
// kernel (LLVM dialect + NVVM ops, scf for structure) inside one `gpu.module`
// targeting sm_90a; see ExoLowerToNVVM in Passes.td and docs/Lowering.md.
//
// The collective analysis gives every statement its threads; this file
// turns that concrete knowledge back into thread-index arithmetic:
//   - cuda_tasks nest -> a persistent loop over clusters;
//   - cuda_threads loops -> the iterator computed from the thread or CTA
//     index, plus a guard;
//   - named warp groups -> one branch per warpgroup with setmaxnreg, and
//     inside it one branch per named group (warp specialization);
//   - shared memory -> offsets in one dynamic buffer (a static allocator
//     that lets buffers with disjoint lifetimes alias), mbarriers first;
//   - synchronization and instructions -> NVVM ops or inline PTX.
// Anything without a lowering is an error at its location.
//
// The lowering is split by part (STYLE rule 9): this file holds the host
// side, the kernel signature, shared-memory planning and the pass;
// KernelLowering.h the shared state; Kernel.cpp, Memory.cpp, Barriers.cpp
// and Instructions.cpp the rest.
//
//===----------------------------------------------------------------------===//

#include "InstrEmitter.h"

#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>
#include <map>

namespace exo {
#define GEN_PASS_DEF_EXOLOWERTONVVM
#include "ExoGPU/Conversion/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace exo::nvvm {

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

Value KernelLowering::inRange(Value x, int64_t lo, int64_t hi) {
  Type t = x.getType();
  Value ge =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, x, cst(t, lo));
  Value lt =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, cst(t, hi));
  return andI(ge, lt);
}

Value KernelLowering::inlineAsm(Type result, ValueRange operands,
                                StringRef text, StringRef constraints) {
  return buildInlineAsm(b, loc, result, operands, text, constraints,
                        /*sideEffects=*/true);
}

void KernelLowering::clusterBarrier() {
  if (clusterDim > 1) {
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  } else {
    inlineAsm(Type(), {}, "barrier.sync 0;", "");
  }
}

Value KernelLowering::selectByCta(ArrayRef<int64_t> values, Type t) {
  Value result = cst(t, values.back());
  for (int64_t c = static_cast<int64_t>(values.size()) - 2; c >= 0; --c) {
    if (values[c] == values.back() && result.getDefiningOp() &&
        isa<arith::ConstantOp>(result.getDefiningOp()))
      continue;
    result = arith::SelectOp::create(b, loc, eq(cta, c32(c)), cst(t, values[c]),
                                     result);
  }
  return result;
}

Value KernelLowering::index(OpFoldResult ofr) {
  if (auto v = dyn_cast<Value>(ofr))
    return values.lookup(v);
  return c64(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
}

//===----------------------------------------------------------------------===//
// Host code, kernel signature, shared memory
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::checkHostCode() {
  for (Operation &op : proc.getBodyBlock()) {
    if (&op == device.getOperation())
      continue;
    if (isa<arith::ArithDialect>(op.getDialect()))
      continue;
    if (auto window = dyn_cast<WindowOp>(op)) {
      MemoryAttr mem = getMemoryOf(window.getType());
      auto arg = dyn_cast<BlockArgument>(window.getSource());
      if (mem.getKind() != MemoryKind::TmaMap || !arg ||
          arg.getOwner() != &proc.getBodyBlock())
        return window.emitOpError()
               << "in host code must encode a tensor map of a gmem argument "
                  "to be lowered";
      for (int64_t s : window.getStaticSizes())
        if (s != WindowOp::kFull)
          return window.emitOpError()
                 << "encodes a tensor map of part of a tensor; only whole "
                    "tensors (`[:, :]`) are lowered";
      tensorMaps.push_back({window, arg.getArgNumber()});
      continue;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      auto callee = lookupCallee(call);
      if (callee && callee.isInstr() &&
          callee.getInstrAttr().getLowering().getValue() == "cuda_memset0") {
        // The checkers read the callee's body; the launcher zeroes memory.
        if (!call.getFamilyAttr() && failed(verifyHardwareInstruction(callee)))
          return call.emitOpError()
                 << "calls @" << callee.getSymName()
                 << ", whose body is not what the launcher's memset does";
        if (!call->isBeforeInBlock(device))
          return call.emitOpError() << "zeroes memory after the device "
                                       "function; the launcher can only do "
                                       "it before the launch";
        SmallVector<Value> arrays;
        for (Value a : call.getArgs())
          if (isShapedData(a.getType()))
            arrays.push_back(a);
        auto arg = arrays.size() == 1 ? dyn_cast<BlockArgument>(arrays[0])
                                      : BlockArgument();
        if (!arg || arg.getOwner() != &proc.getBodyBlock() ||
            getMemoryOf(arg.getType()).getKind() != MemoryKind::Gmem)
          return call.emitOpError() << "must zero one whole gmem argument of "
                                       "the proc to be lowered (by the "
                                       "launcher, before the launch)";
        memsets.push_back(arg.getArgNumber());
        continue;
      }
    }
    return op.emitOpError() << "in host code has no GPU lowering (host code "
                               "may only compute sizes, encode tensor maps "
                               "and zero gmem arguments before the launch)";
  }
  return success();
}

/// Checks that every instance of `arrive` arrives in every phase it arrives
/// in at all, as one mbarrier.init count assumes: a guard whose condition
/// depends on a cuda_threads iterator is resolved per instance by the
/// collective analysis (the count includes only the instances that
/// arrive), but one that also depends on a value that changes at run time
/// (a sequential iterator, a size, data) is not.
static LogicalResult checkArriveGuards(ArriveOp arrive) {
  for (Operation *p = arrive->getParentOp(); p && !isa<DeviceFunctionOp>(p);
       p = p->getParentOp()) {
    auto guard = dyn_cast<IfOp>(p);
    if (!guard)
      continue;
    SmallVector<BlockArgument> leaves;
    bool dynamic = !collectArithLeaves(guard.getCondition(), leaves);
    ForOp threadsLoop;
    for (BlockArgument arg : leaves) {
      auto loop = dyn_cast<ForOp>(arg.getOwner()->getParentOp());
      if (loop && loop.getMode().isThreads())
        threadsLoop = loop;
      else
        dynamic = true;
    }
    if (threadsLoop && dynamic)
      return arrive.emitOpError()
             << "arrives on an mbarrier under a guard that depends on the "
                "cuda_threads iterator '"
             << threadsLoop.getIterName()
             << "' and on values that change at run time: the instances "
                "that skip a phase would leave it short of the "
                "mbarrier.init count, which counts every instance (a "
                "hang); guard it by values all instances share";
  }
  return success();
}

LogicalResult KernelLowering::computeBarrier(AllocOp alloc) {
  auto type = cast<BarrierType>(alloc.getType());
  BarrierInfo info;
  info.type = type;
  info.numDistributed = ca.getNumDistributedDims(alloc).value_or(0);
  // Each local dimension is a ring or a constant (checkDeviceAllocation,
  // which planSharedMemory asked first).
  for (unsigned d = info.numDistributed; d < type.getRank(); ++d) {
    info.localExtents.push_back(*type.getLocalExtent(d));
    info.numLocal *= info.localExtents.back();
  }
  if (type.getKind() != BarrierKind::Mbarrier) {
    barriers[alloc] = info;
    return success();
  }
  // Arrivals per phase: the init count the collective analysis derived,
  // which every instance of each arrive must bring to every phase it
  // arrives in. It has none for an mbarrier that nothing names (the
  // barrier usage rules of -exo-verify-collectives refuse it too).
  for (Operation *user : alloc.getResult().getUsers())
    if (auto arrive = dyn_cast<ArriveOp>(user);
        arrive && failed(checkArriveGuards(arrive)))
      return failure();
  std::optional<int64_t> count = ca.getMbarrierArrivals(alloc);
  if (!count)
    return alloc.emitOpError()
           << "is an mbarrier that nothing arrives on: no arrive and no "
              "trailing barrier names it";
  info.arrivals = *count;
  barriers[alloc] = info;
  return success();
}

LogicalResult KernelLowering::planSharedMemory() {
  // The buffers and mbarriers lie where the collective analysis planned
  // them (getSharedMemoryPlan, which also refused a plan that does not
  // fit).
  const CollectiveAnalysis::SharedMemoryPlan &plan = ca.getSharedMemoryPlan();
  WalkResult walk = device.walk([&](AllocOp alloc) -> WalkResult {
    unsigned nd = ca.getNumDistributedDims(alloc).value_or(0);
    if (failed(checkDeviceAllocation(alloc, nd)))
      return WalkResult::interrupt();
    if (isa<BarrierType>(alloc.getType())) {
      if (failed(computeBarrier(alloc)))
        return WalkResult::interrupt();
      BarrierInfo &info = barriers[alloc];
      if (info.type.getKind() == BarrierKind::Mbarrier)
        info.offset = plan.offsets.lookup(alloc);
      return WalkResult::advance();
    }
    auto tensor = cast<exo::TensorType>(alloc.getType());
    for (unsigned d = nd; d < tensor.getRank(); ++d)
      if (!tensor.getRingDepth(d) && !tensor.isStaticDim(d))
        return alloc.emitOpError() << "needs a constant extent for dimension "
                                   << d << " to be placed in on-chip memory";
    if (!tensor.getMemory().isShared())
      return WalkResult::advance();
    smemOffsets[alloc] = plan.offsets.lookup(alloc);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  smemBytes = plan.bytes;
  return success();
}

} // namespace exo::nvvm

using namespace exo::nvvm;

namespace {

/// The PTX ISA version (times ten) that NVVM target features such as
/// "+ptx81" enable: the largest `+ptxNN`, 80 (sm_90a's minimum) if none.
int ptxVersionOf(StringRef features) {
  int version = 80;
  SmallVector<StringRef> parts;
  features.split(parts, ',');
  for (StringRef f : parts) {
    int v = 0;
    StringRef t = f.trim();
    if (t.consume_front("+ptx") && !t.getAsInteger(10, v))
      version = std::max(version, v);
  }
  return version;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ExoLowerToNVVMPass : exo::impl::ExoLowerToNVVMBase<ExoLowerToNVVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerInstrEmitters(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A schedule that was applied (a nested module of transform named
    // sequences) is not part of the program.
    for (auto nested : llvm::make_early_inc_range(module.getOps<ModuleOp>()))
      if (nested->hasAttr("transform.with_named_sequence"))
        nested->erase();
    SmallVector<std::pair<ProcOp, DeviceFunctionOp>> kernels;
    for (ProcOp proc : module.getOps<ProcOp>()) {
      SmallVector<DeviceFunctionOp> devices;
      proc.walk([&](DeviceFunctionOp d) { devices.push_back(d); });
      if (devices.empty())
        continue;
      if (devices.size() > 1) {
        devices[1].emitOpError()
            << "is a second device function in @" << proc.getSymName()
            << "; a proc lowers to one kernel";
        return signalPassFailure();
      }
      if (devices.front()->getParentOp() != proc) {
        devices.front().emitOpError()
            << "must be at the top level of its proc to be lowered";
        return signalPassFailure();
      }
      kernels.push_back({proc, devices.front()});
    }
    if (kernels.empty())
      return;
    OpBuilder b(module.getContext());
    b.setInsertionPointToEnd(module.getBody());
    auto target =
        NVVM::NVVMTargetAttr::get(module.getContext(), /*optLevel=*/3,
                                  "nvptx64-nvidia-cuda", chip, features);
    auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), "exo_kernels",
                                              b.getArrayAttr({target}));
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
    b.setInsertionPointToStart(gpuModule.getBody());
    auto smem = LLVM::GlobalOp::create(
        b, module.getLoc(), LLVM::LLVMArrayType::get(b.getI8Type(), 0),
        /*isConstant=*/false, LLVM::Linkage::External, "exo_dynamic_smem",
        Attribute(), /*alignment=*/kSmemAlign, /*addrSpace=*/3);
    (void)smem;
    // The zero pad that reads past the end of a global tensor load from
    // (KernelLowering::addressOrZeroPad); unused, it is dropped with the
    // module's other dead globals.
    auto padType = LLVM::LLVMArrayType::get(b.getI8Type(), kZeroPadBytes);
    auto pad =
        LLVM::GlobalOp::create(b, module.getLoc(), padType, /*isConstant=*/true,
                               LLVM::Linkage::Internal, kZeroPad, Attribute(),
                               /*alignment=*/16, /*addrSpace=*/1);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&pad.getInitializerRegion().emplaceBlock());
      Value zero = LLVM::ZeroOp::create(b, module.getLoc(), padType);
      LLVM::ReturnOp::create(b, module.getLoc(), zero);
    }
    SmallVector<Attribute> infos;
    for (auto [proc, device] : kernels) {
      // The analysis the checks before this pass computed, if they ran.
      const FailureOr<CollectiveAnalysis> &analysis =
          getChildAnalysis<CollectiveAnalysisResult>(device).result;
      if (failed(analysis))
        return signalPassFailure();
      b.setInsertionPointToEnd(gpuModule.getBody());
      KernelLowering lowering(proc, device, *analysis, b);
      lowering.ptxVersion = ptxVersionOf(features);
      FailureOr<KernelAttr> info = lowering.run();
      if (failed(info))
        return signalPassFailure();
      infos.push_back(*info);
    }
    module->setAttr(KernelAttr::getKernelsAttrName(), b.getArrayAttr(infos));
    for (ProcOp proc : llvm::make_early_inc_range(module.getOps<ProcOp>()))
      proc.erase();
  }
};

} // namespace

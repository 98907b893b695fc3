//===- ExoEnums.td - Enumerations of the exo dialect -------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOENUMS_TD
#define EXOGPU_DIALECT_EXO_IR_EXOENUMS_TD

include "mlir/IR/EnumAttr.td"
include "ExoGPU/Dialect/Exo/IR/ExoDialect.td"

//===----------------------------------------------------------------------===//
// Memory kinds
//===----------------------------------------------------------------------===//

def Exo_MemoryKind : I32EnumAttr<"MemoryKind", "where a tensor lives", [
    I32EnumAttrCase<"Dram", 0, "dram">,
    I32EnumAttrCase<"Gmem", 1, "gmem">,
    I32EnumAttrCase<"GridConst", 2, "grid_const">,
    I32EnumAttrCase<"Smem", 3, "smem">,
    I32EnumAttrCase<"SmemSwizzle", 4, "smem_swizzle">,
    I32EnumAttrCase<"Regs", 5, "regs">,
    I32EnumAttrCase<"RegsUniform", 6, "regs_uniform">,
    I32EnumAttrCase<"WgmmaAccum", 7, "wgmma_accum">,
    I32EnumAttrCase<"WgmmaA", 8, "wgmma_a">,
    I32EnumAttrCase<"TmaMap", 9, "tma_map">,
    I32EnumAttrCase<"MmaA", 10, "mma_a">,
    I32EnumAttrCase<"MmaB", 11, "mma_b">,
    I32EnumAttrCase<"MmaC", 12, "mma_c">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Collective units
//===----------------------------------------------------------------------===//

def Exo_UnitKind : I32EnumAttr<"UnitKind", "named collective units", [
    I32EnumAttrCase<"Thread", 0, "thread">,
    I32EnumAttrCase<"Quadpair", 1, "quadpair">,
    I32EnumAttrCase<"Warp", 2, "warp">,
    I32EnumAttrCase<"Warpgroup", 3, "warpgroup">,
    I32EnumAttrCase<"Cta", 4, "cta">,
    I32EnumAttrCase<"Cluster", 5, "cluster">,
    I32EnumAttrCase<"WarpInCluster", 6, "warp_in_cluster">,
    I32EnumAttrCase<"CtaStrided", 7, "cta_strided">,
    I32EnumAttrCase<"WarpInClusterStrided", 8, "warp_in_cluster_strided">,
    I32EnumAttrCase<"ThreadsStrided", 9, "threads_strided">,
    I32EnumAttrCase<"Custom", 10, "custom">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_LoopModeKind : I32EnumAttr<"LoopModeKind", "loop modes", [
    I32EnumAttrCase<"Seq", 0, "seq">,
    I32EnumAttrCase<"CudaTasks", 1, "cuda_tasks">,
    I32EnumAttrCase<"CudaThreads", 2, "cuda_threads">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Timelines
//===----------------------------------------------------------------------===//

def Exo_InstrTimeline : I32EnumAttr<"InstrTimeline",
    "how an instruction executes", [
    I32EnumAttrCase<"CpuInOrder", 0, "cpu_in_order">,
    I32EnumAttrCase<"CpuCudaStream", 1, "cpu_cuda_stream">,
    I32EnumAttrCase<"CudaInOrder", 2, "cuda_in_order">,
    I32EnumAttrCase<"CpAsync", 3, "cp_async">,
    I32EnumAttrCase<"TmaToSmem", 4, "tma_to_smem">,
    I32EnumAttrCase<"TmaToGmem", 5, "tma_to_gmem">,
    I32EnumAttrCase<"Wgmma", 6, "wgmma">,
    I32EnumAttrCase<"WgmmaZero", 7, "wgmma_zero">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

/// Qualitative timelines: a lane of visibility for one kind of access. The
/// values are bit positions so that sets of them fit a 32-bit mask.
def Exo_QualTimeline : I32EnumAttr<"QualTimeline",
    "lanes of visibility (qualitative timelines)", [
    I32EnumAttrCase<"Cpu", 0, "cpu">,
    I32EnumAttrCase<"CudaStream", 1, "cuda_stream">,
    I32EnumAttrCase<"CudaRegs", 2, "cuda_regs">,
    I32EnumAttrCase<"CudaRam", 3, "cuda_ram">,
    I32EnumAttrCase<"Mbarrier", 4, "mbarrier">,
    I32EnumAttrCase<"CpAsync", 5, "cp_async">,
    I32EnumAttrCase<"TmaToSmem", 6, "tma_to_smem">,
    I32EnumAttrCase<"TmaToGmem", 7, "tma_to_gmem">,
    I32EnumAttrCase<"WgmmaRegA", 8, "wgmma_reg_a">,
    I32EnumAttrCase<"WgmmaAccum", 9, "wgmma_accum">,
    I32EnumAttrCase<"WgmmaSmem", 10, "wgmma_smem">,
    I32EnumAttrCase<"WgmmaZero", 11, "wgmma_zero">,
    I32EnumAttrCase<"AsyncRetired", 12, "async_retired">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

/// Named synchronization timelines. Each is a set of qualitative timelines,
/// split into a fully ordered part and a temporal-only part; see
/// `exo::getSyncTimelineSets`.
def Exo_SyncTimeline : I32EnumAttr<"SyncTimeline",
    "what a fence, arrive or await orders", [
    I32EnumAttrCase<"CudaInOrder", 0, "cuda_in_order">,
    I32EnumAttrCase<"CudaTemporal", 1, "cuda_temporal">,
    I32EnumAttrCase<"CudaGenericAndAsyncProxy", 2, "cuda_generic_and_async_proxy">,
    I32EnumAttrCase<"CpAsync", 3, "cp_async">,
    I32EnumAttrCase<"TmaToSmemAsync", 4, "tma_to_smem_async">,
    I32EnumAttrCase<"TmaToGmemAsync", 5, "tma_to_gmem_async">,
    I32EnumAttrCase<"WgmmaAsync", 6, "wgmma_async">,
    I32EnumAttrCase<"WgmmaAsyncSmem", 7, "wgmma_async_smem">,
    I32EnumAttrCase<"WgmmaFence1", 8, "wgmma_fence_1">,
    I32EnumAttrCase<"WgmmaFence2", 9, "wgmma_fence_2">,
    I32EnumAttrCase<"CpuInOrder", 10, "cpu_in_order">,
    I32EnumAttrCase<"CudaStreamSync", 11, "cuda_stream_sync">,
  ]> {
  let cppNamespace = "::exo";
  }

//===----------------------------------------------------------------------===//
// Barriers and accesses
//===----------------------------------------------------------------------===//

def Exo_BarrierKind : I32EnumAttr<"BarrierKind",
    "how a barrier completes (its mechanism)", [
    I32EnumAttrCase<"Mbarrier", 0, "mbarrier">,
    I32EnumAttrCase<"CpAsyncGroup", 1, "cp_async_group">,
    I32EnumAttrCase<"BulkGroup", 2, "bulk_group">,
    I32EnumAttrCase<"WgmmaGroup", 3, "wgmma_group">,
    I32EnumAttrCase<"ClusterSync", 4, "cluster_sync">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_AccessMode : I32EnumAttr<"AccessMode",
    "how an instruction accesses an argument", [
    I32EnumAttrCase<"Read", 0, "read">,
    I32EnumAttrCase<"Write", 1, "write">,
    I32EnumAttrCase<"ReadWrite", 2, "read_write">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOENUMS_TD

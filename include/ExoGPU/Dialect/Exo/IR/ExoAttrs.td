//===- ExoAttrs.td - Attributes of the exo dialect ---------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOATTRS_TD
#define EXOGPU_DIALECT_EXO_IR_EXOATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "ExoGPU/Dialect/Exo/IR/ExoDialect.td"
include "ExoGPU/Dialect/Exo/IR/ExoEnums.td"

class Exo_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Exo_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

/// A qualitative timeline as an attribute (`#exo.qual<cuda_ram>`), for the
/// records of the abstract machine IR.
def Exo_QualTimelineAttr : EnumAttr<Exo_Dialect, Exo_QualTimeline, "qual"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// MemoryAttr
//===----------------------------------------------------------------------===//

def Exo_MemoryAttr : Exo_Attr<"Memory", "mem"> {
  let summary = "where a tensor lives and how it is laid out";
  let description = [{
    A memory type. Inside tensor and window types it is written without the
    `#exo.mem<...>` wrapper.

    | syntax | meaning |
    |---|---|
    | `dram` | host memory (CPU code only) |
    | `gmem` | CUDA global memory, linear layout |
    | `grid_const` | a `__grid_constant__` kernel parameter, read-only in device code |
    | `smem` | shared memory, linear layout; distributed over CTAs |
    | `smem_swizzle<B>` | shared memory in the Hopper B-byte swizzle (B = 32, 64, 128) |
    | `regs` | registers, distributed over threads |
    | `regs_uniform<N>` | registers holding the same value in N threads |
    | `wgmma_accum` | a wgmma accumulator tile (D), distributed over warpgroups |
    | `wgmma_a` | a wgmma A operand held in registers |
    | `mma_a` | an `mma.sync` A fragment (16 x K), distributed over warps |
    | `mma_b` | an `mma.sync` B fragment (8 x K, rows are N), distributed over warps |
    | `mma_c` | an `mma.sync` accumulator fragment (16 x 8), distributed over warps |
    | `tma_map<B, [b0, b1, ...]>` | a window of a GMEM tensor encoded as a `CUtensorMap` with swizzle B (0, 32, 64, 128) and SMEM box `[b0, ...]` |

    ```mlir
    #exo.mem<smem_swizzle<128>>
    !exo.tensor<[4, 128, 32], f32, smem_swizzle<128>>
    !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
    ```
  }];
  let parameters = (ins
    "::exo::MemoryKind":$kind,
    DefaultValuedParameter<"int64_t", "0">:$param,
    OptionalArrayRefParameter<"int64_t">:$box);
  let builders = [
    AttrBuilder<(ins "::exo::MemoryKind":$kind), [{
      return $_get($_ctxt, kind, 0, ::llvm::ArrayRef<int64_t>{});
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Parses the memory syntax used inside types (without `#exo.mem<>`).
    static ::mlir::FailureOr<MemoryAttr> parseBare(::mlir::AsmParser &parser);
    /// Prints the memory syntax used inside types.
    void printBare(::mlir::AsmPrinter &printer) const;

    bool isHost() const { return getKind() == MemoryKind::Dram; }
    bool isGlobal() const {
      return getKind() == MemoryKind::Gmem ||
             getKind() == MemoryKind::GridConst ||
             getKind() == MemoryKind::TmaMap;
    }
    bool isShared() const {
      return getKind() == MemoryKind::Smem ||
             getKind() == MemoryKind::SmemSwizzle;
    }
    /// Register memories: plain registers and the instruction fragments
    /// (wgmma and mma.sync).
    bool isRegisters() const { return isRegisterMemory(getKind()); }
    /// Memories whose leading dimensions are distributed over threads,
    /// warps, warpgroups or CTAs.
    bool isDistributed() const;
    /// Memories that need a constant shape (on-chip memories).
    bool needsStaticShape() const;
    /// Memories that may be allocated by device code.
    bool isDeviceAllocatable() const;
    /// The swizzle in bytes for smem_swizzle and tma_map, 0 otherwise.
    int64_t getSwizzle() const {
      return getKind() == MemoryKind::SmemSwizzle ||
                     getKind() == MemoryKind::TmaMap
                 ? getParam()
                 : 0;
    }
  }];
}

//===----------------------------------------------------------------------===//
// CollUnitAttr
//===----------------------------------------------------------------------===//

def Exo_CollUnitAttr : Exo_Attr<"CollUnit", "unit"> {
  let summary = "a collective unit: a shape of threads";
  let description = [{
    A collective unit is a (domain, box) pair over the threads of a cluster.
    The domain factors the cluster's threads, outermost first; the box says
    how many consecutive coordinates one unit spans in each factor. Domain
    and box entries are integers or the symbols `clusterDim` (CTAs per
    cluster), `blockDim` (threads per CTA) and `clusterThreads`
    (clusterDim * blockDim). An integer entry divides the nearest symbolic
    entry to its left (or, with none, to its right): `[blockDim, 16]` means
    blockDim / 16 x 16.

    | unit | domain | box | scales dim |
    |---|---|---|---|
    | `thread` | `[blockDim]` | `[1]` | 0 |
    | `quadpair` | `[blockDim, 16]` | `[2, 4]` (threads 4q..4q+3 and 4q+16..4q+19) | - |
    | `warp` | `[blockDim]` | `[32]` | 0 |
    | `warpgroup` | `[blockDim]` | `[128]` | 0 |
    | `cta` | `[clusterThreads]` | `[blockDim]` | 0 |
    | `cluster` | `[clusterThreads]` | `[clusterThreads]` | - |
    | `warp_in_cluster` | `[clusterDim, blockDim]` | `[1, 32]` | 0 |
    | `cta_strided(s)` | `[clusterDim, s, blockDim]` | `[1, 1, blockDim]` | 0 |
    | `warp_in_cluster_strided(s)` | `[clusterDim, s, blockDim]` | `[1, 1, 32]` | 0 |
    | `threads_strided(n, s)` | `[blockDim, s]` | `[1, n]` | 0 |

    `k * unit` scales a scalable unit by a positive integer k along its
    scaling dimension: `4 * warp` is 4 consecutive warps, `2 * cta` a pair of
    CTAs, `2 * threads_strided(1, 4)` threads t and t + 4. User-defined units
    spell out domain and box and may name a scaling dimension:
    `custom<[blockDim, 8], [1, 4], 0>`.

    ```mlir
    #exo.unit<warpgroup>
    #exo.unit<2 * cta_strided(2)>
    #exo.unit<custom<[clusterDim, blockDim, 8], [1, 1, 4]>>
    ```
  }];
  let parameters = (ins
    "::exo::UnitKind":$kind,
    DefaultValuedParameter<"int64_t", "1">:$scale,
    DefaultValuedParameter<"int64_t", "0">:$param0,
    DefaultValuedParameter<"int64_t", "0">:$param1,
    OptionalArrayRefParameter<"int64_t">:$customDomain,
    OptionalArrayRefParameter<"int64_t">:$customBox,
    DefaultValuedParameter<"int64_t", "-1">:$customScaleDim);
  let builders = [
    AttrBuilder<(ins "::exo::UnitKind":$kind,
                     CArg<"int64_t", "1">:$scale,
                     CArg<"int64_t", "0">:$param0,
                     CArg<"int64_t", "0">:$param1), [{
      return $_get($_ctxt, kind, scale, param0, param1,
                   ::llvm::ArrayRef<int64_t>{}, ::llvm::ArrayRef<int64_t>{}, -1);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Symbolic entries of domains and boxes.
    static constexpr int64_t kClusterDim = -1;
    static constexpr int64_t kBlockDim = -2;
    static constexpr int64_t kClusterThreads = -3;

    /// Parses and prints the syntax without `#exo.unit<>`.
    static ::mlir::FailureOr<CollUnitAttr> parseBare(::mlir::AsmParser &parser);
    void printBare(::mlir::AsmPrinter &printer) const;

    /// The domain and box (symbolic entries as above), with the scale applied.
    ::llvm::SmallVector<int64_t> getDomain() const;
    ::llvm::SmallVector<int64_t> getBox() const;
    /// The box dimension that `k * unit` scales, or -1 if not scalable.
    int64_t getScaleDim() const;
    /// The domain and box with symbols replaced by concrete sizes, or failure
    /// (with a message) when they do not divide.
    ::mlir::LogicalResult concretize(int64_t blockDim, int64_t clusterDim,
                                     ::llvm::SmallVectorImpl<int64_t> &domain,
                                     ::llvm::SmallVectorImpl<int64_t> &box,
                                     std::string *why = nullptr) const;
    /// Threads in one unit for concrete sizes, or failure.
    ::mlir::FailureOr<int64_t> getThreadCount(int64_t blockDim,
                                              int64_t clusterDim) const;
  }];
}

//===----------------------------------------------------------------------===//
// LoopModeAttr
//===----------------------------------------------------------------------===//

def Exo_LoopModeAttr : Exo_Attr<"LoopMode", "mode"> {
  let summary = "the parallel meaning of a loop";
  let description = [{
    `seq` runs iterations in order; `cuda_tasks` distributes iterations to
    clusters (the innermost `cuda_tasks` body is a task);
    `cuda_threads<unit>` gives iteration `i` to the i-th `unit` of the
    current collective. Sequentially all three mean "in order".

    ```mlir
    #exo.mode<seq>
    #exo.mode<cuda_threads<warpgroup>>
    ```
  }];
  let parameters = (ins
    "::exo::LoopModeKind":$kind,
    OptionalParameter<"::exo::CollUnitAttr">:$unit);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static ::mlir::FailureOr<LoopModeAttr> parseBare(::mlir::AsmParser &parser);
    void printBare(::mlir::AsmPrinter &printer) const;
    bool isSeq() const { return getKind() == LoopModeKind::Seq; }
    bool isTasks() const { return getKind() == LoopModeKind::CudaTasks; }
    bool isThreads() const { return getKind() == LoopModeKind::CudaThreads; }
  }];
}

//===----------------------------------------------------------------------===//
// WarpGroupAttr
//===----------------------------------------------------------------------===//

def Exo_WarpGroupAttr : Exo_Attr<"WarpGroup", "warp_group"> {
  let summary = "a named range of warps of a device function";
  let description = [{
    Names `count` consecutive warps of every CTA (in declaration order) and
    optionally the register budget they move to at entry with `setmaxnreg`:
    `inc N` raises it (`setmaxnreg.inc.sync.aligned.u32 N`), `dec N` lowers
    it. The verifier of `exo.device_function` checks the budgets.

    ```mlir
    #exo.warp_group<"producer", 1, dec 40>
    #exo.warp_group<"consumer", 8, inc 232>
    #exo.warp_group<"unused", 3>
    ```
  }];
  let parameters = (ins
    "::mlir::StringAttr":$name,
    "int64_t":$count,
    DefaultValuedParameter<"int64_t", "0">:$setmaxnreg,
    DefaultValuedParameter<"bool", "false">:$increase);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    bool hasSetmaxnreg() const { return getSetmaxnreg() != 0; }
  }];
}

//===----------------------------------------------------------------------===//
// InstrAttr
//===----------------------------------------------------------------------===//

def Exo_InstrAttr : Exo_Attr<"Instr", "instr"> {
  let summary = "marks a proc as a hardware instruction";
  let description = [{
    An instruction proc's body is the instruction's sequential semantics in
    plain `exo` code. This attribute carries what the checks and the
    lowering need beyond it: the collective unit that must execute the
    instruction, its instruction timeline, the name of its lowering (a C++
    pattern), and the barrier mechanism it can signal as a trailing barrier
    (`exo.call ... >> %bar[...]`), if any.

    ```mlir
    #exo.instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_m64nNk8_tf32",
               barrier = wgmma_group>
    ```
  }];
  let parameters = (ins
    "::exo::CollUnitAttr":$unit,
    "::exo::InstrTimeline":$timeline,
    "::mlir::StringAttr":$lowering,
    OptionalParameter<"std::optional<::exo::BarrierKind>">:$barrier);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// AccessAttr
//===----------------------------------------------------------------------===//

def Exo_AccessAttr : Exo_Attr<"Access", "access"> {
  let summary = "how an instruction accesses one of its arguments";
  let description = [{
    Attached to the array arguments of instruction procs (as the argument
    attribute `exo.access`).

    - `read`, `write`, `read_write`: the access mode;
    - `out_of_order`: the access is asynchronous and completes only through a
      barrier mechanism (a trailing barrier or a commit group);
    - `atomic`: a reduction performed atomically (e.g. TMA reduce-add), so
      concurrent atomic accesses do not race with each other;
    - `oob`: the instruction tolerates out-of-bounds coordinates (TMA: reads
      fill zeros, writes are dropped);
    - `distributed [units]`: the leading dimensions of the argument are
      distributed over these units (e.g. the CTA dimension of a multicast
      destination).

    ```mlir
    #exo.access<read>
    #exo.access<write, out_of_order, oob>
    #exo.access<read_write, out_of_order, atomic>
    #exo.access<write, out_of_order, distributed [cta]>
    ```
  }];
  let parameters = (ins
    "::exo::AccessMode":$mode,
    DefaultValuedParameter<"bool", "false">:$outOfOrder,
    DefaultValuedParameter<"bool", "false">:$atomic,
    DefaultValuedParameter<"bool", "false">:$outOfBounds,
    OptionalArrayRefParameter<"::exo::CollUnitAttr">:$distributed);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    bool reads() const { return getMode() != AccessMode::Write; }
    bool writes() const { return getMode() != AccessMode::Read; }
  }];
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOATTRS_TD

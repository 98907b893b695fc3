//===- ExoOps.td - Operations of the exo dialect -----------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOOPS_TD
#define EXOGPU_DIALECT_EXO_IR_EXOOPS_TD

include "ExoGPU/Dialect/Exo/IR/ExoTypes.td"
include "ExoGPU/Dialect/Exo/IR/ExoFamilies.td"
include "ExoGPU/Dialect/Exo/IR/ExoLaunch.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// exo.proc
//===----------------------------------------------------------------------===//

def Exo_ProcOp : Exo_Op<"proc", [
    FunctionOpInterface, IsolatedFromAbove, SingleBlock, NoTerminator,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>
  ]> {
  let summary = "a procedure: a kernel's host code or an instruction's semantics";
  let description = [{
    A procedure with `index` arguments (sizes and indices), scalar arguments
    and tensor or window arguments. Dimensions of argument types may name
    earlier `index` arguments. Argument names are part of the program: types
    refer to them and diagnostics print them.

    `requires` states assertions on the sizes as an integer set whose symbols
    are the proc's `index` arguments in order; the checks may assume them and
    the runners refuse sizes that violate them.

    A proc marked `instr<...>` is a hardware instruction. Its body is the
    instruction's sequential semantics; each array argument carries an
    `exo.access` attribute.

    One size argument of a proc that launches a kernel may carry
    `{exo.cluster_count}`: the generated launcher does not take it but
    passes the number of clusters it launches (its persistent grid), so
    that a `cuda_tasks` loop over it has one task per cluster and a task
    can keep shared memory and barriers across the tiles it computes
    (examples/gemm/hopper_gemm_persistent.mlir). The checks and the CPU
    runner take it as a size like any other.

    ```mlir
    exo.proc @gemv(%M: index, %K: index,
                   %A: !exo.tensor<[M, K], f32, dram>,
                   %x: !exo.tensor<[K], f32, dram>,
                   %y: !exo.tensor<[M], f32, dram>)
        requires affine_set<()[s0, s1] : (s0 - 1 >= 0, s1 - 1 >= 0)> {
      ...
    }

    exo.proc @wgmma_m64n8k8(%d: !exo.window<[64, 8], f32, wgmma_accum> {exo.access = #exo.access<read_write, out_of_order>}, ...)
        instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> {
      ...
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    StrArrayAttr:$arg_names,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<Exo_InstrAttr>:$instr,
    OptionalAttr<IntegerSetAttr>:$assertions);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface and CallableOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }

    /// Whether this proc is a hardware instruction.
    bool isInstr() { return static_cast<bool>(getInstrAttr()); }
    /// The name of argument `i`.
    ::llvm::StringRef getArgName(unsigned i) {
      return ::llvm::cast<::mlir::StringAttr>(getArgNames()[i]).getValue();
    }
    /// The `index` argument called `name`, if any.
    ::mlir::BlockArgument lookupSizeArg(::llvm::StringRef name);
    /// The first constraint of `requires` that the sizes `values` (one per
    /// `index` argument, in order) violate; std::nullopt when they satisfy
    /// them all.
    std::optional<unsigned>
    getViolatedAssertion(::llvm::ArrayRef<int64_t> values);
    /// Emits "the sizes violate assertion C of @proc: CONSTRAINT with s0 =
    /// NAME = VALUE, ..." at the proc, for the sizes `values`.
    ::mlir::InFlightDiagnostic
    emitViolatedAssertion(unsigned c, ::llvm::ArrayRef<int64_t> values);
    /// The access attribute of array argument `i` (instruction procs).
    ::exo::AccessAttr getArgAccess(unsigned i);
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def Exo_ForOp : Exo_Op<"for", [
    Exo_Statement,
    SingleBlock, NoTerminator, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>
  ]> {
  let summary = "a loop over [lo, hi) with a loop mode";
  let description = [{
    Runs its body for each value of the iterator from `lo` (inclusive) to
    `hi` (exclusive), in order: that is the sequential meaning of every mode.
    The mode says how the loop runs in parallel: `seq` (in order),
    `cuda_tasks` (iterations are tasks spread over clusters) or
    `cuda_threads<unit>` (iteration i runs on the i-th `unit` of the
    current collective; no fork, no join, no sync). Bounds are `index`
    values or integer literals. The iterator's name is kept for schedules
    (`transform.exo.match_loop "k"`) and diagnostics.

    ```mlir
    exo.for %k = 0 to %K seq { ... }
    exo.for %m_task = 0 to %Mt cuda_tasks { ... }
    exo.for %wg = 0 to 2 cuda_threads<warpgroup> { ... }
    ```
  }];
  let arguments = (ins
    Variadic<Index>:$dynamic_bounds,
    DenseI64ArrayAttr:$static_bounds,
    Exo_LoopModeAttr:$mode,
    StrAttr:$iter_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::OpFoldResult":$lo, "::mlir::OpFoldResult":$hi,
                   "::exo::LoopModeAttr":$mode, "::llvm::StringRef":$iterName)>
  ];
  let extraClassDeclaration = [{
    ::mlir::OpFoldResult getLowerBound();
    ::mlir::OpFoldResult getUpperBound();
    ::mlir::BlockArgument getInductionVar() {
      return getBody().front().getArgument(0);
    }
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def Exo_IfOp : Exo_Op<"if", [Exo_Statement, NoTerminator,
                               RecursiveMemoryEffects]> {
  let summary = "a guard";
  let description = [{
    Runs `then` when the condition holds, else the optional `else` region.
    Conditions are `i1` values computed from control values.

    ```mlir
    %c = arith.cmpi ult, %i, %M : index
    exo.if %c { ... } else { ... }
    ```
  }];
  let arguments = (ins I1:$condition);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getThenBlock() { return getThenRegion().front(); }
    bool hasElse() { return !getElseRegion().empty(); }
  }];
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Exo_AllocOp : Exo_Op<"alloc", [
    Exo_Statement,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>
  ]> {
  let summary = "allocates a tensor or a barrier array for the enclosing block";
  let description = [{
    The lifetime of the allocation is the rest of the enclosing block. The
    name (taken from the SSA name when parsed) is kept for diagnostics.
    Device code may allocate on-chip memories and barriers only; host code
    may allocate `dram` and `gmem`. A tensor with a ring dimension is a
    managed ring buffer and names the barrier that guards it: a slot may be
    used once the guard's element for that iteration has been awaited, and is
    released by the arrive on it.

    ```mlir
    %war = exo.alloc : !exo.barrier<mbarrier(prearrive 4), [? ring 4]>
    %smem_A = exo.alloc guarded_by %war
        : !exo.tensor<[16 ring 4, 128, 32], f32, smem_swizzle<128>>,
          guard !exo.barrier<mbarrier(prearrive 4), [? ring 4]>
    ```
  }];
  let arguments = (ins StrAttr:$name, Optional<Exo_BarrierType>:$guard);
  let results = (outs AnyTypeOf<[Exo_TensorType, Exo_BarrierType]>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Exo_ReadOp : Exo_Op<"read", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    Exo_ElementAccessOpInterface
  ]> {
  let summary = "reads one element of a tensor or window";
  let description = [{
    Indices are `index` values or integer literals, one per dimension.

    With `oob` (global memory only), an index tuple outside the tensor reads
    0: the program reads a zero-extended tensor. Such reads come from
    `transform.exo.drop_bounds_guard`, which proves that the zeros never
    change a result.

    ```mlir
    %a = exo.read %A[%m, %k] : !exo.tensor<[M, K], f32, gmem>
    %b = exo.read oob %A[%m, %k] : !exo.tensor<[M, K], f32, dram>
    ```
  }];
  let arguments = (ins
    Exo_AnyShapedData:$source,
    Variadic<Index>:$indices,
    DenseI64ArrayAttr:$static_indices,
    UnitAttr:$oob);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    (`oob` $oob^)? $source `` custom<DynamicIndexList>($indices, $static_indices)
    attr-dict `:` type($source)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedIndices();

    // ElementAccessOpInterface
    ::mlir::Value getTensor() { return getSource(); }
    ::mlir::OpOperand &getTensorOperand() { return getSourceMutable(); }
    ::llvm::SmallVector<::mlir::OpFoldResult> getAccessIndices() {
      return getMixedIndices();
    }
    bool readsElement() { return true; }
    bool writesElement() { return false; }
    bool isReduction() { return false; }
    ::mlir::Value getStoredValue() { return {}; }
    bool isMarkedOob() { return getOob(); }
  }];
}

class Exo_WriteOp<string mnemonic, string sep, bit reduces>
    : Exo_Op<mnemonic, [
        Exo_Statement, Exo_ElementAccessOpInterface,
        TypesMatchWith<"value type matches the element type", "dest", "value",
                       "::exo::getElementTypeOf($_self)">]> {
  let arguments = (ins
    Exo_AnyShapedData:$dest,
    Variadic<Index>:$indices,
    DenseI64ArrayAttr:$static_indices,
    AnyType:$value,
    UnitAttr:$oob);
  let assemblyFormat = "(`oob` $oob^)? $dest `` custom<DynamicIndexList>($indices, $static_indices) `"
    # sep # "` $value attr-dict `:` type($dest)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedIndices();

    // ElementAccessOpInterface
    ::mlir::Value getTensor() { return getDest(); }
    ::mlir::OpOperand &getTensorOperand() { return getDestMutable(); }
    ::llvm::SmallVector<::mlir::OpFoldResult> getAccessIndices() {
      return getMixedIndices();
    }
    bool readsElement() { return isReduction(); }
    bool writesElement() { return true; }
    bool isReduction() { return }] # !if(reduces, "true", "false") # [{; }
    ::mlir::Value getStoredValue() { return getValue(); }
    bool isMarkedOob() { return getOob(); }
  }];
}

def Exo_AssignOp : Exo_WriteOp<"assign", "=", 0> {
  let summary = "writes one element of a tensor or window";
  let description = [{
    With `oob` (global memory only), a write to an index tuple outside the
    tensor does nothing.

    ```mlir
    exo.assign %C[%m, %n] = %v : !exo.tensor<[M, N], f32, gmem>
    exo.assign oob %C[%m, %n] = %v : !exo.tensor<[M, N], f32, dram>
    ```
  }];
}

def Exo_ReduceOp : Exo_WriteOp<"reduce", "+` `` `=", 1> {
  let summary = "adds a value to one element of a tensor or window";
  let description = [{
    `exo.reduce %C[i] += %v` means `C[i] = C[i] + v`. Reductions commute with
    each other, which scheduling rewrites may use. With `oob` (global memory
    only), a reduction into an index tuple outside the tensor does nothing.

    ```mlir
    exo.reduce %C[%m, %n] += %p : !exo.tensor<[M, N], f32, gmem>
    ```
  }];
}

def Exo_WindowOp : Exo_Op<"window", [Pure]> {
  let summary = "takes a strided view of part of a tensor or window";
  let description = [{
    Each coordinate is a point `i` (the dimension is dropped), an interval
    `lo :+ n` of constant length `n`, or `:` (the whole dimension). A window
    whose result memory is `tma_map<...>` over a `gmem` source encodes a
    tensor map; that is allowed in host code only.

    With `oob` (global memory or a tensor map only), the window may reach
    past the end of its source: it is a view of the zero-extended source,
    passed only to instruction parameters that declare `oob` access (TMA
    zero-fills the loads and clips the stores of such a box).

    ```mlir
    %w = exo.window %smem_A[%slot, %r :+ 64, :]
        : !exo.tensor<[4, 128, 32], f32, smem_swizzle<128>>
       -> !exo.window<[64, 32], f32, smem_swizzle<128>>
    %map = exo.window %A[:, :] : !exo.tensor<[M, K], f32, gmem>
                              -> !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
    ```
  }];
  let arguments = (ins
    Exo_AnyShapedData:$source,
    Variadic<Index>:$offsets,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    UnitAttr:$oob);
  let results = (outs Exo_WindowType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Entries of `static_sizes` that are not interval lengths.
    static constexpr int64_t kPoint = -1;
    static constexpr int64_t kFull = -2;
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
  }];
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

def Exo_CallOp : Exo_Op<"call", [
    Exo_Statement,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>
  ]> {
  let summary = "calls a proc or issues an instruction";
  let description = [{
    The callee is a proc (`@name`) or a hardware instruction named by its
    family and parameters (`#exo.wgmma<n = 128, dtype = tf32>`, see the
    instruction family attributes). An instruction call's `callee` is the
    name of the proc its family materializes as; that proc is built from the
    family wherever it is needed, and a module may hold it
    (`-exo-materialize-instructions`) but never defines another proc of that
    name.

    Arguments must match the callee's parameters: sizes and scalars by type,
    arrays by element type, memory and shape (a tensor or window may be
    passed for a window parameter). A call of an instruction that declares a
    barrier mechanism may name one trailing barrier with `>>`: the
    instruction signals it when its asynchronous accesses complete. `:`
    coordinates multicast the signal over CTA-distributed dimensions.
    Instructions of the host (timelines `cpu_in_order` and
    `cpu_cuda_stream`, as `#exo.memset0`) are called outside device
    functions.

    ```mlir
    exo.call #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>(%dst, %src) >> %full[%slot]
        : (!exo.window<[128, 32], f32, smem_swizzle<128>>,
           !exo.window<[128, 32], f32, tma_map<128, [128, 32]>>) >> !exo.barrier<mbarrier, [? ring 1]>
    exo.call @helper(%x) : (!exo.window<[128], f32, gmem>)
    ```
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    OptionalAttr<Exo_InstrFamilyAttrInterface>:$family,
    Variadic<AnyType>:$args,
    Optional<Exo_BarrierType>:$trailing,
    Variadic<Index>:$trailing_indices,
    DenseI64ArrayAttr:$static_trailing_indices);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GPU structure
//===----------------------------------------------------------------------===//

def Exo_DeviceFunctionOp : Exo_Op<"device_function", [
    Exo_Statement,
    SingleBlock, NoTerminator, RecursiveMemoryEffects
  ]> {
  let summary = "a CUDA kernel launch: the body runs on the device";
  let description = [{
    Everything inside runs on the GPU. The threads of a CTA are given by
    `blockDim` or by named warp groups (`warps = [...]`, in warp order, with
    optional `setmaxnreg` budgets for warp specialization; the budgets of
    the warpgroups add up to no more than the registers of the launch, or
    `setmaxnreg.inc` would wait forever). `clusterDim` is
    the number of CTAs per cluster; `blocksPerSM` how many CTAs share an SM
    (it sizes the persistent grid). The body is exactly one cuboid nest of
    `cuda_tasks` loops (index arithmetic may sit between them).

    `launch = grid` launches one cluster per task instead of the persistent
    grid (`launch = persistent`, the default): the hardware's block
    scheduler then hands the tasks out in order as SMs free up, which
    balances tasks of unequal length (a causal mask's tiles, longest
    first) better than the persistent grid's fixed round robin. The
    kernel's code is the same in both forms (each cluster runs tasks
    `c, c + G, ...` of the linearized nest), so any grid computes the same
    result; the trip counts of the task loops must be affine functions of
    the sizes, from which the launcher computes the grid.

    ```mlir
    exo.device_function(warps = [<"producer", 1, dec 40>, <"unused", 3, dec 40>,
                                 <"consumer", 8, inc 232>],
                        clusterDim = 2) {
      exo.for %mt = 0 to %Mt cuda_tasks {
        exo.for %nt = 0 to %Nt cuda_tasks { ... }
      }
    }
    ```
  }];
  let arguments = (ins
    OptionalAttr<I64Attr>:$block_dim,
    OptionalAttr<TypedArrayAttrBase<Exo_WarpGroupAttr, "warp groups">>:$warp_groups,
    DefaultValuedAttr<I64Attr, "1">:$cluster_dim,
    DefaultValuedAttr<I64Attr, "1">:$blocks_per_sm,
    UnitAttr:$grid_launch);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Threads per CTA (from blockDim or the warp groups).
    int64_t getNumThreads();
    /// The registers each thread has at launch: the 64K-register file
    /// shared by blocksPerSM CTAs of getNumThreads() threads, in multiples
    /// of 8, at most 248 (what the lowering's launch bounds give ptxas).
    int64_t getLaunchRegisters();
    /// The first warp of the group called `name`, and its warp count.
    ::mlir::FailureOr<std::pair<int64_t, int64_t>> lookupWarpGroup(::llvm::StringRef name);
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def Exo_WarpsOp : Exo_Op<"warps", [
    Exo_Statement,
    SingleBlock, NoTerminator, RecursiveMemoryEffects
  ]> {
  let summary = "narrows the current collective to a range of warps";
  let description = [{
    `exo.warps "name"` selects a warp group of the enclosing device function
    by name (warp specialization), optionally only its warps [lo, hi);
    `exo.warps lo to hi` selects warps [lo, hi) of the current collective.
    A named selection may not be nested in another `exo.warps`.

    ```mlir
    exo.warps "producer" { ... }
    exo.warps "producer" 0 to 1 { ... }
    exo.warps 0 to 4 { ... }
    ```
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$group,
    OptionalAttr<I64Attr>:$lo,
    OptionalAttr<I64Attr>:$hi);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

def Exo_FenceOp : Exo_Op<"fence", [Exo_Statement,
    DeclareOpInterfaceMethods<Exo_SyncOpInterface>]> {
  let summary = "orders what the collective did on one timeline before what it does on another";
  let description = [{
    `Fence(L1, L2)`: every access the executing collective witnessed on the
    first synchronization timeline becomes visible to it on the second. It
    takes no trailing barrier. `exo.fence(cuda_in_order, cuda_in_order)` by a
    CTA lowers to a CTA barrier, by consecutive whole warps of one CTA (a
    warp group's consumers, say) to a named barrier of those threads;
    `(wgmma_fence_1, wgmma_fence_2)` by a warpgroup lowers to
    `wgmma.fence.sync.aligned`;
    `(cuda_in_order, cuda_generic_and_async_proxy)` adds `fence.proxy.async`.
    These are the fences of device code: there, both timelines are among
    `cuda_in_order`, `cuda_temporal` and `cuda_generic_and_async_proxy`, or
    the fence is the wgmma fence.

    ```mlir
    exo.fence(cuda_in_order, cuda_in_order)
    ```
  }];
  let arguments = (ins Exo_SyncTimeline:$first, Exo_SyncTimeline:$second);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Exo_ArriveOp : Exo_Op<"arrive", [Exo_Statement,
    DeclareOpInterfaceMethods<Exo_SyncOpInterface>]> {
  let summary = "signals barriers when the collective's accesses on a timeline complete";
  let description = [{
    `Arrive(L1) >> bar[...]`: every access witnessed on `L1` gets a pending
    await on each named barrier element. Several `>>` targets (all of one
    barrier array) and `:` coordinates over CTA-distributed dimensions form a
    multicast: one arrive on the barrier of each of those CTAs.

    ```mlir
    exo.arrive(wgmma_async) >> %cg[%cm, %cn, %wg]
    exo.arrive(cuda_in_order) >> %war[%cm, :, %k] >> %war[:, %cn, %k]
    ```
  }];
  let arguments = (ins
    Exo_SyncTimeline:$timeline,
    Exo_BarrierType:$barrier,
    Variadic<Index>:$indices,
    DenseI64ArrayAttr:$static_indices,
    I64Attr:$num_targets);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The mixed indices of the `i`-th barrier expression; multicast
    /// coordinates have the value `kMulticast`.
    ::llvm::SmallVector<::mlir::OpFoldResult> getTargetIndices(unsigned i);
  }];
}

def Exo_AwaitOp : Exo_Op<"await", [Exo_Statement,
    DeclareOpInterfaceMethods<Exo_SyncOpInterface>]> {
  let summary = "waits until a barrier's arrivals are visible on a timeline";
  let description = [{
    `Await(bar[...], L2, N)`: accesses pending on the barrier element, except
    the last N arrivals, become visible to the collective on `L2`. N counts
    commit groups still in flight (`wait_group N`); it is 0 for mbarriers
    and cluster syncs. It takes no trailing barrier.

    ```mlir
    exo.await(%full[%slot], wgmma_async_smem, 0)
    exo.await(%wg, cuda_in_order, 1)
    ```
  }];
  let arguments = (ins
    Exo_BarrierType:$barrier,
    Variadic<Index>:$indices,
    DenseI64ArrayAttr:$static_indices,
    Exo_SyncTimeline:$timeline,
    I64Attr:$pending);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedIndices();
  }];
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOOPS_TD

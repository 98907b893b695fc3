//===- AmirOps.td - The abstract machine IR ----------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_AMIR_IR_AMIROPS_TD
#define EXOGPU_DIALECT_AMIR_IR_AMIROPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "ExoGPU/Dialect/Exo/IR/ExoAttrs.td"

def Amir_Dialect : Dialect {
  let name = "amir";
  let cppNamespace = "::exo::amir";
  let summary = "Exo-GPU's abstract machine IR: what the synchronization checker interprets";
  let description = [{
    An `amir` program keeps the control structure of an `exo` program
    (sizes, loops with their parallel meaning, guards) and replaces every
    data statement by the *record* of its effect on the abstract machine of
    SEMANTICS.md §3: reads and mutations of windows of variables with their
    qualitative timelines, fences, arrives and awaits. Data values are gone.
    The interpreter (`-amir-interpret`) runs it for concrete sizes and
    reports the first hazard.

    ```mlir
    amir.program @k(%N: index) {
      %x = amir.alloc "x" [%N] memory gmem
      amir.device clusterDim 1 blockDim 128 {
        amir.tasks_for %t = 0 to 1 {
          amir.threads_for %i = 0 to 128 unit #exo.unit<thread> {
            amir.mutate %x[%i] sizes [1] qual cuda_ram ext [cuda_ram]
          }
        }
      }
    }
    ```
  }];
  let dependentDialects = ["::exo::ExoDialect", "::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class Amir_Op<string mnemonic, list<Trait> traits = []>
    : Op<Amir_Dialect, mnemonic, traits>;

def Amir_VarType : TypeDef<Amir_Dialect, "Var"> {
  let mnemonic = "var";
  let summary = "a variable of the abstract machine (an array or a barrier)";
}

def Amir_QualArrayAttr : TypedArrayAttrBase<Exo_QualTimelineAttr,
    "qualitative timelines">;

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

def Amir_ProgramOp : Amir_Op<"program", [
    Symbol, IsolatedFromAbove, SingleBlock, NoTerminator,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>
  ]> {
  let summary = "an abstract-machine program with index arguments (sizes)";
  let description = [{
    The sizes are the only inputs: the interpreter runs the program for
    concrete values of them. `requires` repeats the exo proc's assertions.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrArrayAttr:$arg_names,
                       OptionalAttr<IntegerSetAttr>:$assertions);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Amir_DeviceOp : Amir_Op<"device", [SingleBlock, NoTerminator]> {
  let summary = "a kernel launch: a parallel block over the threads of each cluster";
  let description = [{
    Host records become visible to every device thread at entry; everything
    the device did becomes visible to the host at exit.
  }];
  let arguments = (ins I64Attr:$cluster_dim, I64Attr:$block_dim);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "`clusterDim` $cluster_dim `blockDim` $block_dim attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

class Amir_LoopOp<string mnemonic> : Amir_Op<mnemonic, [
    SingleBlock, NoTerminator,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let arguments = (ins Index:$lower, Index:$upper, StrAttr:$iter_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getInductionVar() {
      return getBody().front().getArgument(0);
    }
  }];
}

def Amir_SeqForOp : Amir_LoopOp<"seq_for"> {
  let summary = "runs its body for each iterator value, in order";
}

def Amir_TasksForOp : Amir_LoopOp<"tasks_for"> {
  let summary = "each iteration of the innermost tasks loop is a task on its own cluster";
  let description = [{
    Tasks run concurrently: each task gets fresh thread identities, so two
    tasks touching the same data without a barrier race.
  }];
}

def Amir_ThreadsForOp : Amir_Op<"threads_for", [
    SingleBlock, NoTerminator,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "iteration i runs on the i-th unit of the current collective";
  let arguments = (ins I64Attr:$count, Exo_CollUnitAttr:$unit,
                       StrAttr:$iter_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::BlockArgument getInductionVar() {
      return getBody().front().getArgument(0);
    }
  }];
}

def Amir_WarpsOp : Amir_Op<"warps", [SingleBlock, NoTerminator]> {
  let summary = "narrows the collective to warps [lo, hi)";
  let description = [{
    `absolute`: warps lo..hi of every CTA of the collective (a named warp
    group); otherwise warps lo..hi of the collective.
  }];
  let arguments = (ins UnitAttr:$absolute, I64Attr:$lo, I64Attr:$hi);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`absolute` $absolute^)? $lo `to` $hi attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def Amir_IfOp : Amir_Op<"if", [NoTerminator]> {
  let summary = "a guard on control values";
  let arguments = (ins I1:$condition);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

def Amir_AllocOp : Amir_Op<"alloc", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a variable: an array in a memory, or a barrier array";
  let description = [{
    Dimensions are index values or integers; `-1` is the unbounded extent of
    a ring dimension. Shared memory is freed at the end of the enclosing
    block; reusing it needs every user synchronized.

    A managed ring buffer (`guarded_by %bar ring D depth N`) has the
    unbounded logical dimension `D` stored in `N` physical slots (logical
    element `i` in slot `i mod N`); `%bar` is the mbarrier ring that guards
    it: logical element `i` may be used once an await of the guard's element
    `i` is ordered before the use (or `i` is pre-arrived), and its slot is
    released by an arrive on the guard's element `i + N`.

    ```mlir
    %a = amir.alloc "a" [-1, 128] memory <smem> guarded_by %war ring 0 depth 4
    ```

    An mbarrier array may carry `arrivals`: the arriving threads that
    complete one phase of each element, as the lowering's `mbarrier.init`
    counts them (every instance of the arrive statement).
    `-exo-check-sync` sets it from the collective analysis; the interpreter
    then reports an element whose phase received some but not all of them
    (it never completes: its waiters hang, and the next phase of the same
    mbarrier takes the missing arrivals).

    ```mlir
    %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 4]> {arrivals = 128 : i64}
    ```

    A memory variable may carry `element_bytes` (the bytes of one element,
    which `-convert-exo-to-amir` sets from the element type): the
    transaction bytes an instruction completing on an mbarrier delivers are
    those of the windows it writes asynchronously. A variable distributed
    over the CTAs of a cluster may carry `cta_dims` (its leading distributed
    dimensions) and `owners` (the CTA owning each element of them,
    row-major; -1 where undecided), which `-exo-check-sync` sets from the
    collective analysis: they tell the interpreter which CTA's barrier
    element the bytes written into a CTA's shared memory complete on.

    ```mlir
    %a = amir.alloc "a" [2, 128, 32] memory <smem> {element_bytes = 4 : i64, cta_dims = 1 : i64, owners = array<i64: 0, 1>}
    ```
  }];
  let arguments = (ins StrAttr:$name,
                       Variadic<Index>:$dims, DenseI64ArrayAttr:$static_dims,
                       OptionalAttr<Exo_MemoryAttr>:$memory,
                       OptionalAttr<TypeAttr>:$barrier,
                       UnitAttr:$host,
                       Optional<Amir_VarType>:$guard,
                       OptionalAttr<I64Attr>:$ring_dim,
                       OptionalAttr<I64Attr>:$ring_depth,
                       OptionalAttr<I64Attr>:$arrivals,
                       OptionalAttr<I64Attr>:$element_bytes,
                       OptionalAttr<I64Attr>:$cta_dims,
                       OptionalAttr<DenseI64ArrayAttr>:$owners);
  let results = (outs Amir_VarType:$result);
  let assemblyFormat = [{
    $name custom<DynamicIndexList>($dims, $static_dims)
    (`memory` $memory^)? (`barrier` $barrier^)? (`host` $host^)?
    (`guarded_by` $guard^ `ring` $ring_dim `depth` $ring_depth)? attr-dict
  }];
  let hasVerifier = 1;
}

class Amir_AccessOp<string mnemonic> : Amir_Op<mnemonic, [AttrSizedOperandSegments]> {
  let arguments = (ins Amir_VarType:$var,
                       Variadic<Index>:$offsets, DenseI64ArrayAttr:$static_offsets,
                       Variadic<Index>:$sizes, DenseI64ArrayAttr:$static_sizes,
                       Exo_QualTimelineAttr:$qual, Amir_QualArrayAttr:$ext,
                       UnitAttr:$out_of_order, UnitAttr:$atomic,
                       UnitAttr:$write_only, UnitAttr:$clip);
  let assemblyFormat = [{
    $var `` custom<DynamicIndexList>($offsets, $static_offsets)
    `sizes` custom<DynamicIndexList>($sizes, $static_sizes)
    `qual` $qual `ext` $ext
    (`out_of_order` $out_of_order^)? (`atomic` $atomic^)?
    (`write_only` $write_only^)? (`clip` $clip^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Amir_ReadOp : Amir_AccessOp<"read"> {
  let summary = "records a read of a window by the current collective";
}
def Amir_MutateOp : Amir_AccessOp<"mutate"> {
  let summary = "records a mutation of a window by the current collective";
}

def Amir_InstrOp : Amir_Op<"instr", [SingleBlock, NoTerminator,
                                     AttrSizedOperandSegments]> {
  let summary = "the accesses of one instruction: all checked, then all recorded";
  let description = [{
    With a trailing barrier, the out-of-order accesses complete on it (a
    pending await at the barrier element's next arrival).
  }];
  let arguments = (ins StrAttr:$callee, Optional<Amir_VarType>:$trailing,
                       Variadic<Index>:$indices,
                       DenseI64ArrayAttr:$static_indices);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Amir_FenceOp : Amir_Op<"fence"> {
  let summary = "Fence(L1, L2) by the current collective";
  let arguments = (ins Exo_SyncTimeline:$first, Exo_SyncTimeline:$second);
  let assemblyFormat = "$first `,` $second attr-dict";
}

def Amir_ArriveOp : Amir_Op<"arrive"> {
  let summary = "Arrive(L1) on barrier elements (several targets: multicast)";
  let description = [{
    On an mbarrier, `expect_tx` (set by `-exo-check-sync` from the collective
    analysis: what the lowering's `mbarrier.arrive.expect_tx` expects) holds
    the transaction bytes the arrive adds to its target elements:
    `expect_tx[p * C + d]` bytes from the arrive by CTA `p` to the element
    of CTA `d`, for a cluster of `C` CTAs. A phase completes when its
    arrivals and its bytes both reach their counts; the interpreter holds
    the bytes expected to the bytes the instructions completing on the
    element write.

    ```mlir
    amir.arrive cuda_temporal >> %full[%k] {expect_tx = array<i64: 16384>}
    ```
  }];
  let arguments = (ins Exo_SyncTimeline:$timeline, Amir_VarType:$barrier,
                       Variadic<Index>:$indices,
                       DenseI64ArrayAttr:$static_indices, I64Attr:$num_targets,
                       OptionalAttr<DenseI64ArrayAttr>:$expect_tx);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Amir_AwaitOp : Amir_Op<"await"> {
  let summary = "Await(bar[...], L2, N) by the current collective";
  let arguments = (ins Amir_VarType:$barrier, Variadic<Index>:$indices,
                       DenseI64ArrayAttr:$static_indices,
                       Exo_SyncTimeline:$timeline, I64Attr:$pending);
  let assemblyFormat = [{
    $barrier `` custom<DynamicIndexList>($indices, $static_indices) `,`
    $timeline `,` $pending attr-dict
  }];
  let hasVerifier = 1;
}

#endif // EXOGPU_DIALECT_AMIR_IR_AMIROPS_TD

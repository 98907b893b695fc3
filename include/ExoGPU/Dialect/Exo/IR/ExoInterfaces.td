//===- ExoInterfaces.td - Interfaces of the exo dialect ----*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOINTERFACES_TD
#define EXOGPU_DIALECT_EXO_IR_EXOINTERFACES_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"

def Exo_InstrFamilyAttrInterface : AttrInterface<"InstrFamilyAttr"> {
  let cppNamespace = "::exo";
  let description = [{
    An instruction family instance: one hardware instruction named by its
    family and parameters (`#exo.wgmma<n = 128, dtype = tf32>`). Everything
    the compiler knows about the instruction comes from this one
    definition: the instruction proc it materializes as (signature, access
    annotations, `instr<...>` attribute and sequential semantics), which the
    checkers, the CPU reference, `replace` and the lowering all read.
  }];
  let methods = [
    InterfaceMethod<[{
        The symbol name of the proc this instance materializes as. Names
        contain dots (`wgmma.m64n128k8.tf32`), which hand-written procs do
        not use by convention; a hand-written proc of that name is refused.
      }],
      "std::string", "getProcName">,
    InterfaceMethod<[{
        Builds the instruction proc at the builder's insertion point: its
        signature, the `exo.access` annotation of each array argument, the
        `instr<...>` attribute and the body, the instruction's semantics.
        Returns the `exo.proc` operation.
      }],
      "::mlir::Operation *", "buildProc",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc)>,
    InterfaceMethod<[{
        For an instruction that completes on an mbarrier's transaction
        count (a TMA load): the bytes that one issuing CTA's instruction
        delivers to each CTA it writes, which the mbarrier of each of those
        CTAs must expect (`mbarrier.arrive.expect_tx`). None for other
        instructions.
      }],
      "std::optional<int64_t>", "getTransactionBytes", (ins), "",
      "return std::nullopt;">,
  ];
}

def Exo_ElementAccessOpInterface : OpInterface<"ElementAccessOpInterface"> {
  let cppNamespace = "::exo";
  let description = [{
    An access of one element of a tensor or window: `exo.read`,
    `exo.assign` and `exo.reduce`. Analyses and rewrites that treat the
    three alike (dependences, collectives, the abstract machine, staging,
    replace) use this interface instead of a cast per op.
  }];
  let methods = [
    InterfaceMethod<"The tensor or window accessed.", "::mlir::Value",
                    "getTensor">,
    InterfaceMethod<"The element's indices (values or constants).",
                    "::llvm::SmallVector<::mlir::OpFoldResult>",
                    "getAccessIndices">,
    InterfaceMethod<"Whether the access reads the element (read, reduce).",
                    "bool", "readsElement">,
    InterfaceMethod<"Whether the access writes the element (assign, reduce).",
                    "bool", "writesElement">,
    InterfaceMethod<"Whether the access adds to the element (reduce).",
                    "bool", "isReduction">,
    InterfaceMethod<"The value written or added (null for a read).",
                    "::mlir::Value", "getStoredValue">,
    InterfaceMethod<"Whether the access is marked `oob`.", "bool",
                    "isMarkedOob">,
    InterfaceMethod<"The operand that holds the tensor or window.",
                    "::mlir::OpOperand &", "getTensorOperand">,
    InterfaceMethod<[{
        Makes the access touch element `indices` of `tensor` instead (the
        caller updates the op in place through its rewriter).
      }], "void", "retarget",
      (ins "::mlir::Value":$tensor,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$indices), "", [{
        ::llvm::SmallVector<::mlir::Value> dynamic;
        ::llvm::SmallVector<int64_t> fixed;
        ::mlir::dispatchIndexOpFoldResults(indices, dynamic, fixed);
        $_op.getTensorOperand().set(tensor);
        $_op.getIndicesMutable().assign(dynamic);
        $_op.setStaticIndices(fixed);
      }]>,
  ];
  let extraClassDeclaration = [{
    /// Whether the access may touch an element outside its tensor: it is
    /// marked `oob`, or its tensor is an out-of-bounds view (a parameter
    /// of an instruction that declares `oob` access).
    bool mayBeOutOfBounds();
  }];
}

/// Statements: the ops that make up a program's structure and effects, as
/// opposed to expressions (reads, windows, arith), which statements use.
/// Rewrites that move, match or count statements ask for this trait.
def Exo_Statement : NativeOpTrait<"Statement"> {
  let cppNamespace = "::exo";
}

/// What a call or `replace` names: a proc (`@name`) or an instruction family
/// instance.
def Exo_CalleeAttr : AnyAttrOf<[FlatSymbolRefAttr, Exo_InstrFamilyAttrInterface]>;

def Exo_SyncOpInterface : OpInterface<"SyncOpInterface"> {
  let cppNamespace = "::exo";
  let description = [{
    A synchronization statement: `exo.fence`, `exo.arrive` and
    `exo.await`. It has no sequential meaning (the CPU reference runs it as
    nothing) and orders the accesses of threads and timelines for the
    checkers and the lowering. Code that treats the three alike (the CPU
    lowering, the rewrites that move statements past them) uses this
    interface instead of a cast per op.
  }];
  let methods = [
    InterfaceMethod<"The barrier the statement arrives on or awaits (null "
                    "for a fence).", "::mlir::Value", "getSyncBarrier">,
  ];
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOINTERFACES_TD

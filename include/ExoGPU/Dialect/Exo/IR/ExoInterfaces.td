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
  ];
}

/// What a call or `replace` names: a proc (`@name`) or an instruction family
/// instance.
def Exo_CalleeAttr : AnyAttrOf<[FlatSymbolRefAttr, Exo_InstrFamilyAttrInterface]>;

#endif // EXOGPU_DIALECT_EXO_IR_EXOINTERFACES_TD

//===- InstrEmitterInterface.td - Emitters of instruction families -*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_CONVERSION_EXOTONVVM_INSTREMITTERINTERFACE_TD
#define EXOGPU_CONVERSION_EXOTONVVM_INSTREMITTERINTERFACE_TD

include "mlir/IR/OpBase.td"

def InstrEmitterAttrInterface : AttrInterface<"InstrEmitterAttrInterface"> {
  let cppNamespace = "::exo::nvvm";
  let description = [{
    The GPU emitter of an instruction family (an `InstrFamilyAttr`): what
    `-exo-lower-to-nvvm` emits for a call that issues one of its instances.
    Each family attaches it as an external model, in the file of
    Families/ that holds its emitter, so that the kernel lowering dispatches
    on the family and names none: adding a family adds a file there.
  }];
  let methods = [
    InterfaceMethod<[{
        Emits the instruction for `call` at the lowering's insertion point,
        after checking that its arguments are what the instruction can
        address (a diagnostic on `call` otherwise). The call's arguments
        are arrays with device views (`lowering.views`).
      }],
      "::mlir::LogicalResult", "emit",
      (ins "::exo::nvvm::KernelLowering &":$lowering, "::exo::CallOp":$call)>,
    InterfaceMethod<[{
        Whether argument `index` may be an `oob` window: the hardware
        handles its elements past the end of the tensor (TMA zero-fills and
        clips, the global accumulator store skips them).
      }],
      "bool", "acceptsOutOfBounds", (ins "unsigned":$index), "",
      "return false;">,
  ];
}

#endif // EXOGPU_CONVERSION_EXOTONVVM_INSTREMITTERINTERFACE_TD

//===- ExoTransformEnums.td - Enums of the transform.exo ops -*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
// The enums the transform.exo ops define for themselves, apart from
// ExoTransformOps.td, so that ExoTransformOps.td can include the exo
// dialect's enums (ExoEnums.td) without generating them a second time.
//
//===----------------------------------------------------------------------===//

#ifndef EXO_TRANSFORM_ENUMS
#define EXO_TRANSFORM_ENUMS

include "mlir/IR/EnumAttr.td"

def Exo_DivideTail : I32EnumAttr<"DivideTail",
    "what divide_loop does with the last, partial chunk", [
      I32EnumAttrCase<"Perfect", 0, "perfect">,
      I32EnumAttrCase<"Guard", 1, "guard">,
      I32EnumAttrCase<"Cut", 2, "cut">
    ]> {
  let cppNamespace = "::exo";
}

#endif // EXO_TRANSFORM_ENUMS

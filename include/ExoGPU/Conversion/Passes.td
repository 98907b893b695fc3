//===- Passes.td - Conversion passes of Exo-GPU ------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_CONVERSION_PASSES_TD
#define EXOGPU_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExoLowerToCPU : Pass<"exo-lower-to-cpu", "::mlir::ModuleOp"> {
  let summary = "Lower exo procs to their sequential meaning in func/scf/memref/arith";
  let description = [{
    Turns every `exo.proc` (at any stage of scheduling) into a `func.func`
    that computes the proc's sequential meaning: every loop mode becomes an
    `scf.for`, `exo.if` an `scf.if`, tensors and windows become strided
    memrefs (distributed dimensions are ordinary dimensions, every memory an
    ordinary buffer), windows become `memref.subview`s, calls become
    `func.call`s of the lowered callee (an instruction runs its semantics
    body), device functions and warp selections are inlined, and
    synchronization statements and barriers vanish. `tf32` values are held
    in `f32`; `arith.truncf` to `tf32` is emulated (round to nearest even, or
    truncation with `toward_zero`). Each function argument keeps its exo name
    in the `exo.name` argument attribute.

    ```
    exo-gpu-opt gemm.mlir -exo-lower-to-cpu
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // EXOGPU_CONVERSION_PASSES_TD

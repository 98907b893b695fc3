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

def ConvertExoToAMIR : Pass<"convert-exo-to-amir", "::mlir::ModuleOp"> {
  let summary = "Convert exo procs with device functions to abstract-machine programs";
  let description = [{
    Each `exo.proc` that launches a device function becomes an
    `amir.program` over its `index` arguments. Array arguments and
    allocations become `amir.alloc` variables; loops keep their parallel
    meaning (`amir.seq_for`, `amir.tasks_for`, `amir.threads_for` with the
    unit); warp selections become `amir.warps`; scalar reads and writes and
    every array argument of an instruction call become `amir.read` /
    `amir.mutate` records of windows of variables, with the qualitative
    timelines their instruction timeline and memory give
    (`exo::getAccessQualTimelines`); an instruction's accesses are grouped
    in `amir.instr` with its trailing barrier; fences, arrives and awaits
    are kept. Data values disappear; index arithmetic is kept. Instruction
    procs and procs without a device function are dropped.

    ```
    exo-gpu-opt kernel.mlir -convert-exo-to-amir
    ```
  }];
  let dependentDialects = [
    "::exo::amir::AmirDialect",
    "::mlir::arith::ArithDialect",
  ];
}

#endif // EXOGPU_CONVERSION_PASSES_TD

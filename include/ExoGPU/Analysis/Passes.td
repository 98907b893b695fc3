//===- Passes.td - Analysis passes of Exo-GPU --------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_ANALYSIS_PASSES_TD
#define EXOGPU_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExoSummary : Pass<"exo-summary", "::mlir::ModuleOp"> {
  let summary = "Print a structural summary of every exo.proc";
  let description = [{
    Prints, for every proc: its arguments (sizes, scalars, arrays with their
    memories), whether it is an instruction, and for every device function
    its launch configuration (threads, warp groups with setmaxnreg, cluster
    size, blocks per SM), the cuda_tasks nest, the cuda_threads loops with
    their units, the allocations by memory, the instruction calls by callee
    and the synchronization statements (fences, arrives, awaits, trailing
    barriers). The IR is not changed. This is the first step of the main job
    and a quick way to look at a kernel.

    ```
    exo-gpu-opt kernel.mlir --exo-summary -o /dev/null
    ```
  }];
  let options = [
    Option<"outputFile", "output", "std::string", /*default=*/"\"-\"",
           "Where to write the summary ('-' for stdout)">,
  ];
}

#endif // EXOGPU_ANALYSIS_PASSES_TD

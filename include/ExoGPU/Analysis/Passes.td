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

def ExoVerifyCollectives : Pass<"exo-verify-collectives", "::mlir::ModuleOp"> {
  let summary = "Collective analysis and distributed-memory deduction";
  let description = [{
    For every `exo.device_function`, computes the thread collective of every
    statement (SEMANTICS.md §1): the whole cluster at the task root, split by
    each `cuda_threads` loop into units (iteration i runs on the i-th unit of
    the current collective, in domain order) and narrowed by `exo.warps`.
    blockDim, clusterDim and cuda_threads trip counts are constants, so the
    analysis is concrete: one thread set per combination of enclosing
    cuda_threads iterations.

    It reports: loops whose collective cannot be tiled by their unit or holds
    too few units; warp selections that do not fit; instruction calls not
    issued by exactly one (aligned) unit of the instruction; scalar writes
    run by more than one thread; fences not at thread, warp, warpgroup, CTA
    or cluster scope nor on consecutive whole warps of one CTA (a named
    barrier; wgmma fences: warpgroup); arrives and awaits at the
    wrong unit for their mechanism (mbarrier: within one CTA; bulk group:
    warp; wgmma group: warpgroup; cluster sync: the whole cluster); shared
    memory or mbarriers allocated by partial CTAs.

    Distributed memory: for every allocation in registers, wgmma fragments,
    shared memory or barriers, the first access decides how many leading
    dimensions are distributed (the leading coordinates that are cuda_threads
    iterators, `:` dimensions an instruction distributes, or multicasts).
    Every access must index them with cuda_threads iterators (each once, with
    the loop's trip count as extent), every access must fit in one shard of
    the memory's native unit (thread, warpgroup, CTA, ...), and every
    element of the distributed dimensions must always be accessed by the
    same shard owner.

    Barrier usage: every barrier is arrived on (or used as a trailing
    barrier) and awaited; all Arrives on a barrier share their
    synchronization timeline and multicast pattern, all Awaits share their
    timeline; a multicast Arrive is not under a guard that depends on a
    cuda_threads iterator nor in a seq loop nested in a cuda_threads loop it
    indexes with; one commit group of a kind (and one cluster sync) is live
    at a time.

    With `remarks`, each statement reports its collectives as remarks (for
    tests and for looking at a kernel).
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Report the collective of each statement as a remark">,
  ];
}

def AmirInterpret : Pass<"amir-interpret", "::mlir::ModuleOp"> {
  let summary = "Run the abstract machine on every amir.program";
  let description = [{
    Interprets each `amir.program` for the given sizes (SEMANTICS.md §3)
    and reports the first hazard: RAW, WAR or WAW with the variable, the
    element, the values of the enclosing iterators, the conflicting access
    (note) and the last synchronization that ordered it (note);
    free_missing_sync (shared memory reused, or a task ended, before every
    access was ordered), use_before_alloc, use_after_free and
    free_missing_arrive (managed ring buffers), barrier misuse (one-shot
    mbarrier elements arrived or awaited twice, ring phases out of order, a
    trailing barrier after its arrive), accesses out of bounds, and awaits
    that can never complete (no forward progress). With `stats`, prints the
    number of statement instances, element accesses and tasks.

    A program with the unit attribute `exo.owned_registers` states that each
    element of its register variables is read and written by statements of
    one thread only (what the collective analysis proves before
    `-exo-check-sync` converts a kernel); the machine then keeps one record
    per statement and warp for those accesses (docs/SyncChecker.md,
    "Per-warp records"). Without it, each thread's accesses get records of
    their own, and a race between threads on a register element is found.

    Sizes are given by name, in `sizes` or bare. A name that no program
    takes is an error (a misspelt size would otherwise go unnoticed) unless
    `allow-unused-sizes` is set:

    ```
    exo-gpu-opt program.amir.mlir -amir-interpret="sizes=M=256,N=256,K=64"
    exo-gpu-opt program.amir.mlir -amir-interpret="M=256 N=256 K=64"
    ```
  }];
  let options = [
    ListOption<"sizes", "sizes", "std::string",
               "Sizes by name: NAME=VALUE">,
    Option<"stats", "stats", "bool", /*default=*/"false",
           "Print interpretation statistics as a remark">,
    Option<"progress", "progress", "bool", /*default=*/"false",
           "Report progress (tasks done) on stderr during long checks">,
    Option<"allowUnusedSizes", "allow-unused-sizes", "bool",
           /*default=*/"false",
           "Accept sizes that no program takes (for a file split into "
           "chunks that share one size list); otherwise they are an error">,
    Option<"maxInstances", "max-instances", "int64_t",
           /*default=*/"::exo::kDefaultMaxInstances",
           "Stop with an error after this many statement instances (0: no "
           "limit)">,
    Option<"taskSymmetry", "task-symmetry", "bool", /*default=*/"true",
           "Check the tasks of a nest that are translations of each other "
           "by running two of them (docs/SyncChecker.md, \"Task "
           "symmetry\"); false runs every task">,
    Option<"symbolic", "symbolic", "bool", /*default=*/"false",
           "Check every size requires allows, not given ones "
           "(docs/SymbolicChecking.md): a warning names the sizes the "
           "check cannot cover and the sizes it checked instead">,
    ListOption<"bounds", "bounds", "std::string",
               "With symbolic=true: bounds on sizes beyond requires, as "
               "NAME<=VALUE or NAME>=VALUE">,
  ];
  let dependentDialects = ["::exo::amir::AmirDialect"];
}

def ExoCheckSync : Pass<"exo-check-sync", "::mlir::ModuleOp"> {
  let summary = "Check synchronization: convert to AMIR and interpret for concrete sizes";
  let description = [{
    `-convert-exo-to-amir` on a copy of the module, then `-amir-interpret`
    with the same sizes. The IR is not changed. Run
    `-exo-verify-collectives` first: the abstract machine assumes the
    collectives and distributed memory it proved. A size that no proc with
    a device function takes is an error unless `allow-unused-sizes` is set.

    ```
    exo-gpu-opt kernel.mlir -exo-verify-collectives -exo-check-sync="sizes=M=256,N=256,K=64"
    exo-gpu-opt kernel.mlir -exo-verify-collectives -exo-check-sync="M=1024 N=1024 K=1024"
    ```

    With `symbolic=true` (and no sizes) it checks every size `requires`
    allows (docs/SymbolicChecking.md): it reads how each size reaches the
    program (the number of tasks, the trip count of one loop per task or
    per thread, partial tiles that round up to whole ones), checks a
    finite set of sizes computed from that concretely, and proves
    the others have their verdicts. A size it cannot cover gets a warning
    with the reason, and the sizes it checked instead. `stats=true` adds a
    remark with each size's role and bound. `bounds` narrows the sizes
    beyond `requires` (`bounds=K<=1024`); a size no role covers is checked
    at each of its values when it has at most 64.

    ```
    exo-gpu-opt kernel.mlir -exo-verify-collectives -exo-check-sync="symbolic=true stats=true"
    ```
  }];
  let options = [
    ListOption<"sizes", "sizes", "std::string",
               "Sizes by name: NAME=VALUE">,
    Option<"stats", "stats", "bool", /*default=*/"false",
           "Print interpretation statistics as a remark">,
    Option<"progress", "progress", "bool", /*default=*/"false",
           "Report progress (tasks done) on stderr during long checks">,
    Option<"allowUnusedSizes", "allow-unused-sizes", "bool",
           /*default=*/"false",
           "Accept sizes that no program takes (for a file split into "
           "chunks that share one size list); otherwise they are an error">,
    Option<"maxInstances", "max-instances", "int64_t",
           /*default=*/"::exo::kDefaultMaxInstances",
           "Stop with an error after this many statement instances (0: no "
           "limit)">,
    Option<"taskSymmetry", "task-symmetry", "bool", /*default=*/"true",
           "Check the tasks of a nest that are translations of each other "
           "by running two of them (docs/SyncChecker.md, \"Task "
           "symmetry\"); false runs every task">,
    Option<"symbolic", "symbolic", "bool", /*default=*/"false",
           "Check every size requires allows, not given ones "
           "(docs/SymbolicChecking.md): a warning names the sizes the "
           "check cannot cover and the sizes it checked instead">,
    ListOption<"bounds", "bounds", "std::string",
               "With symbolic=true: bounds on sizes beyond requires, as "
               "NAME<=VALUE or NAME>=VALUE">,
    Option<"warpRecords", "warp-records", "bool", /*default=*/"true",
           "Use what the collective analysis proves, that each thread "
           "accesses its own register elements only: one record per "
           "statement and warp for those accesses, and none for a thread's "
           "access of its own fragment registers that no unretired "
           "instruction record reaches (docs/SyncChecker.md, \"Per-warp "
           "records\"); false keeps one record per thread and access">,
  ];
  let dependentDialects = ["::exo::amir::AmirDialect"];
}

def ExoTestIndexExpr : Pass<"exo-test-index-expr", "::mlir::ModuleOp"> {
  let summary = "Print how index arithmetic reads as expressions";
  let description = [{
    A test of the readers of include/ExoGPU/Analysis/IndexExpr.h, the one
    table of what index arithmetic means to the dependence questions, the
    launch grid, the rewrites' offsets and the lowering's incremental
    remainders. The IR is not changed.

    In each `func.func`, the block arguments are the leaves (`d0`, `d1`,
    ... in the order of the arguments). Every integer operation of the
    arith dialect gets a remark: `affine: E` with `exo::readIndexOp`'s
    expression of its result (products of leaves allowed; a truncating or
    unsigned division read as a floor division and its remainder), or
    `affine: none`; and `linear: F` with `exo::readLinear`'s form over the
    leaves, or `linear: none` (a value it does not read through, or a
    coefficient that overflows 64 bits).

    ```
    exo-gpu-opt -exo-test-index-expr input.mlir
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ExoTestIndexEval : Pass<"exo-test-index-eval", "::mlir::ModuleOp"> {
  let summary = "Test the evaluator of integer arithmetic against arith's folders";
  let description = [{
    A test of `exo::evaluateIndexOp` (include/ExoGPU/Analysis/IndexEval.h),
    the one evaluator of control values that the abstract machine, the
    collective analysis and the lowering share. The IR is not changed.

    Every integer operation of the arith dialect whose operands are all
    `arith.constant`s gets a remark with the evaluator's verdict: its value,
    `overflows` or `is undefined`.

    With `exhaustive`, the pass also builds every binary operation and
    every `cmpi` predicate the evaluator knows on `i4` and evaluates it on
    every pair of operands (and on pairs of 64-bit edge values for `index`).
    Each result is compared with an exact computation in 128-bit integers
    (the value, or whether it overflows or is undefined) and, where that
    gives a value, with `Operation::fold`; every disagreement is an error
    and a final remark counts the cases.

    ```
    exo-gpu-opt -exo-test-index-eval=exhaustive=true input.mlir
    ```
  }];
  let options = [
    Option<"exhaustive", "exhaustive", "bool", /*default=*/"false",
           "Also compare every 4-bit operand pair and the 64-bit edge "
           "values with an exact computation and with the folders">,
    Option<"plantError", "plant-error", "bool", /*default=*/"false",
           "With exhaustive: evaluate `cmpi ult` as signed in the "
           "comparison, to show that the comparison finds a wrong "
           "evaluator">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // EXOGPU_ANALYSIS_PASSES_TD

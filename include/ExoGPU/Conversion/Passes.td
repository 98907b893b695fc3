//===- Passes.td - Conversion passes of Exo-GPU ------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_CONVERSION_PASSES_TD
#define EXOGPU_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExoMaterializeInstructions
    : Pass<"exo-materialize-instructions", "::mlir::ModuleOp"> {
  let summary = "Copy the instruction proc of every instruction family instance a module calls into it";
  let description = [{
    A call names an instruction by its family and parameters
    (`exo.call #exo.wgmma<n = 128, dtype = tf32>(...)`); the family builds
    the instruction's proc: its signature, access annotations, `instr<...>`
    attribute and semantics. This pass adds that proc to the module, under
    the name the call's callee holds (`@wgmma.m64n128k8.tf32`) and marked
    `exo.family`, once per instance. The calls keep naming the family.
    Reading it shows what a family instance means; `-exo-lower-to-cpu` does
    the same first, since its function calls need the symbols. Another
    symbol of one of those names is an error.

    ```
    exo-gpu-opt kernel.mlir -exo-materialize-instructions
    ```
  }];
}

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
    truncation with `toward_zero`), and so are the conversions to `bf16`
    (nearest even, subnormals kept, whatever the host's vector conversion
    does) and between `f32` and the fp8 types (DeviceMath.h). Each function argument keeps its exo name
    in the `exo.name` argument attribute. A managed ring buffer whose ring
    dimension is unbounded (`? ring d`) is stored in its `d` slots (index
    modulo `d`): its meaning when no element is used after its slot was
    reused, which the sync checker requires (use_after_free).

    With `check-bounds`, every access that is not `oob` and every window is
    checked against its buffer: outside it, the access is skipped (a read
    gives 0) and `@exo_runner_out_of_bounds(site)` is called, where `site`
    indexes the module's `exo.oob_sites` array of the statements' locations.
    exo-gpu-run uses it, so that a program that reaches past a tensor is
    reported, never run on corrupted memory.

    ```
    exo-gpu-opt gemm.mlir -exo-lower-to-cpu
    exo-gpu-opt gemm.mlir -exo-lower-to-cpu=check-bounds=true
    ```
  }];
  let options = [
    Option<"checkBounds", "check-bounds", "bool", /*default=*/"false",
           "Check every access and window against its buffer; report "
           "through @exo_runner_out_of_bounds">,
  ];
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

    The conversion trusts the instruction families' rules on the layout of
    their operands (ExoOps.h), which the collective analysis asks:
    `-exo-check-sync` runs the analysis first and converts only what it
    accepts.

    ```
    exo-gpu-opt kernel.mlir -convert-exo-to-amir
    ```
  }];
  let dependentDialects = [
    "::exo::amir::AmirDialect",
    "::mlir::arith::ArithDialect",
  ];
}

def ExoLowerToNVVM : Pass<"exo-lower-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower device functions to NVVM kernels for sm_90a";
  let description = [{
    Each `exo.proc` that launches a device function becomes an `llvm.func`
    kernel (`nvvm.kernel`, `nvvm.reqntid`, `nvvm.minctasm`,
    `nvvm.cluster_dim`) inside one `gpu.module @exo_kernels` that carries an
    `#nvvm.target`. The body is LLVM-dialect and NVVM ops with `scf`
    structure and `arith` integer arithmetic (`index` becomes `i64`); the
    `-exo-to-ptx` pipeline finishes the job. A nested module holding a
    transform schedule (`transform.with_named_sequence`), already applied by
    `-transform-interpreter`, is dropped.

    The collective analysis runs first; its concrete thread sets are turned
    back into thread-index arithmetic:
    - the `cuda_tasks` nest becomes a persistent loop: cluster `c` of `G`
      runs tasks `c, c + G, ...` of the linearized nest (the launcher sizes
      the grid to the clusters that fit on the GPU at once);
    - a `cuda_threads` loop computes its iterator as
      `(tid - base) / span` or `(ctarank - base) / span` and guards its
      body with the thread range it covers;
    - named warp groups become one branch per warpgroup, which first runs
      `setmaxnreg` with the group's budget, then one branch per named group
      (warp specialization); code outside `exo.warps` is in every branch;
    - shared memory comes from one dynamic buffer: mbarriers first, then
      every buffer at a 1024-byte aligned offset chosen first-fit among the
      buffers whose lifetimes overlap (buffers with disjoint lifetimes
      alias); distributed dimensions are stripped, ring dimensions taken
      modulo their depth;
    - register arrays become per-thread allocas (a wgmma accumulator holds
      the thread's N/2 values of a 64 x N tile);
    - data is computed with `arith` and the device math of DeviceMath.h
      (`math.exp`, `exp2`, `log`, `log2`, `tanh`, `rsqrt` on f32 as
      sequences of correctly rounded steps, or with the `afn` flag as the
      hardware's `ex2.approx`, `lg2.approx`, `tanh.approx`, `rsqrt.approx`;
      `sqrt`, `fma`, `absf` exactly; an `afn` division as `rcp.approx` or
      `div.full`), each within the bound docs/Lowering.md states;
    - mbarriers are initialized by thread 0 of each CTA with the number of
      arrivals per phase (one per warp for arrives by whole warps, one per
      thread otherwise), published with `fence.mbarrier_init` and a cluster
      (or CTA) barrier, and re-initialized behind a barrier when their
      allocation is inside a loop; awaits spin on
      `mbarrier.try_wait.parity` (acquire at cluster scope in clusters)
      with the parity of the ring phase; arrives are remote
      (`mapa` + `mbarrier.arrive[.expect_tx].shared::cluster`, CTA-scope
      release: see docs/Lowering.md) to every CTA
      of their multicast, with the transaction bytes of the TMA loads that
      name the barrier as trailing barrier earlier in the same loop body;
    - a one-warp warp group's loops of mbarrier waits, per-warp arrives and
      TMA loads run on its lane 0 alone (no election and warp barrier per
      instruction) when the group's threads reach no data access but TMA
      instructions anywhere;
    - fences by a cluster, a CTA, a set of warps or a warp become
      `barrier.cluster.arrive/wait`, `barrier.sync 0`, a named barrier, or
      `bar.warp.sync`, preceded by `fence.proxy.async` when the generic and
      async proxies meet; `(wgmma_fence_1, wgmma_fence_2)` becomes
      `wgmma.fence`; commit groups become the matching commit/wait.

    Instructions lower by their `lowering` name: `tma_load_2d` and
    `tma_load_multicast_2d` (each issuing CTA loads its slice of the rows,
    multicast to the CTAs of the trailing barrier), `tma_store_2d`,
    `tma_reduce_add_2d`, `wgmma_zero_scale_d` (zeroes the accumulator and
    fences it), `wgmma_tf32` (m64nNk8), `wgmma_bf16` and `wgmma_f16`
    (m64nNk16; K-major operands in 32-, 64- or 128-byte swizzled shared memory), `wgmma_store_d_smem`, `wgmma_store_d_gmem`,
    `wgmma_red_d_gmem` (the accumulator added into global memory with
    `red.global.add`, 16 bytes per lane where aligned), `cp_async_{4,8,16}`,
    `ld_global_v4`, `st_global_v4`, `red_global_add` and
    `shfl_xor_sum_N`. Anything else is an error at its
    location, as is every construct this lowering does not know.

    The module gets an `exo.kernels` attribute, one `#exo.kernel` per kernel
    describing its launch (block and cluster size, shared memory, its
    `#exo.kernel_param`s: sizes, gmem tensors with their alignment, scalars,
    tensor maps; the proc's `requires`), which `exo-gpu-translate
    --exo-emit-launcher` turns into a C++ launcher.

    ```
    exo-gpu-opt gemm.mlir -exo-lower-to-nvvm
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "The GPU architecture of the NVVM target">,
    Option<"features", "features", "std::string", /*default=*/"\"+ptx81\"",
           "PTX features of the NVVM target">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ExoIncrementalRemainders : Pass<"exo-incremental-remainders"> {
  let summary = "Carry ring slots and phases across loop iterations instead of dividing";
  let description = [{
    A ring buffer's slot is its index modulo the ring depth, an mbarrier's
    phase parity the index divided by it: `-exo-lower-to-nvvm` emits
    `arith.remui` and `arith.divui` by the depth. For a depth that is not a
    power of two the NVPTX back end makes each a 64-bit multiply-high chain,
    and in a pipelined K loop it sits on the path to every wait. This pass
    carries the remainder and the quotient from one iteration to the next.

    An i64 `arith.remui` / `arith.divui` by a constant `c > 1` that is not a
    power of two is rewritten when its dividend is, in the innermost
    enclosing `scf.for` whose induction variable it depends on,
    `a * iv + b` with a constant `a`, a constant step and `b` defined
    outside that loop (sums, differences and constant multiples of such
    values and constants). The loop gets two iteration arguments per
    distinct dividend: the floor quotient and remainder at the first
    iteration (computed once before the loop), stepped by `a * step` with
    an add, a compare and two selects. A remainder and a quotient of the
    same dividend share them. Anything else is left alone.

    Steps `a * step` and constant differences between dividends of 2^32 or
    more are left alone (such a dividend overflows within a few
    iterations). The counters follow the dividend as an integer: the rewrite
    keeps the value of every `remui` / `divui` whose dividend is in
    `[0, 2^63)` at the iteration that computes it, provided the loop's
    dividends do not overflow i64 (index arithmetic is integer arithmetic
    everywhere in the compiler: the rewrites' Presburger proofs assume the
    same). That covers every value the lowering uses (array and ring
    indices); a dividend below zero in an iteration whose result is not
    used, as `k - 1` behind `k >= 1`, is fine. `-exo-to-ptx` runs it right
    after `-exo-lower-to-nvvm`.

    ```
    exo-gpu-opt kernel.mlir -exo-lower-to-nvvm -exo-incremental-remainders
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // EXOGPU_CONVERSION_PASSES_TD

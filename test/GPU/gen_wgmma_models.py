#!/usr/bin/env python3
"""Writes the wgmma sweep's model kernels: one kernel per wgmma instance.

Usage: gen_wgmma_models.py OUT.mlir | OUT_DIR [--list]

"The model is the machine" (test/GPU/README.md) for the wgmma family
(#exo.wgmma) with both operands K-major in swizzled shared memory: every
operand type (tf32, bf16, f16, f8E4M3FN, f8E5M2), every swizzle (32, 64,
128 bytes) and widths n from 8 to 256 (8, 24, 40, 72, 120, 184, 248, 256:
one 8-column block, odd multiples of 8 and the extremes); and, for tf32,
bf16 and f16 at the same widths, both operands in unswizzled core matrices
(`sw0`) and A from registers loaded by #exo.wgmma_load_a (`rs`), B in
core matrices (one wgmma: K is their two 16-byte halves); and f16
accumulators (`acc = f16`, names ending `_acc16`) for the types that have
them (f16, f8E4M3FN, f8E5M2) with 128-byte swizzles and, for f16, A from
registers, at the same widths. Each kernel stages
a random 64 x W A and n x W B (W: one swizzle span of elements) into
swizzled shared memory with ordinary stores, runs one wgmma per K slice of
the span from a zeroed accumulator (so every descriptor start within the
pattern is used), and stores the accumulator to global memory
(#exo.wgmma_store, gmem). test/GPU/model_check.cu compares it with the
CPU run of the sequential meaning within the tensor cores' normwise
tolerance (gen_all.sh: 1e-6, and 2e-3 for fp8, whose sums the hardware
keeps with fewer bits; 1e-2 for f16 accumulators, whose CPU semantics
rounds each product and each partial sum to f16 where the hardware rounds
less often).

OUT.mlir receives all kernels (test/Examples/wgmma-sweep.test); OUT_DIR
one file per kernel, NAME.mlir (test/GPU/gen_all.sh). --list prints the
kernel names and their tolerance specs (NAME:DG=T) instead.
"""

import sys

from model_sweep import write_kernels

# Operand type: (the wgmma dtype, the array element type, bytes).
TYPES = {
    "tf32": ("tf32", "f32", 4),
    "bf16": ("bf16", "bf16", 2),
    "f16": ("f16", "f16", 2),
    "e4m3": ("f8E4M3FN", "f8E4M3FN", 1),
    "e5m2": ("f8E5M2", "f8E5M2", 1),
}
SWIZZLES = (32, 64, 128)
WIDTHS = (8, 24, 40, 72, 120, 184, 248, 256)


def tolerance(kernel):
    if kernel.acc == "f16":
        return "1e-2"
    return "2e-3" if kernel.tname in ("e4m3", "e5m2") else "1e-6"


def acc_param(acc):
    """The families' `acc` parameter for accumulator type `acc`."""
    return "" if acc == "f32" else f", acc = {acc}"


def start_mma(w, n, ty_dt, ty_d, acc):
    """After the staging: the proxy fence, the warpgroup, the zeroed
    accumulator %d."""
    w("      // The generic stores before the wgmma's reads (async proxy).")
    w("      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)")
    w("      exo.for %wg = 0 to 1 cuda_threads<warpgroup> {")
    w(f"        %d = exo.window %D[:, :] : {ty_dt} -> {ty_d}")
    w(f"        exo.call #exo.wgmma_zero<n = {n}{acc_param(acc)}>(%d) : ({ty_d})")


def finish_mma(w, n, ty_c, ty_cw, ty_d, acc):
    """After the wgmmas: their commit and wait, the store of %d to DG, and
    the closing braces."""
    store = "" if acc == "f32" else f", dtype = {acc}{acc_param(acc)}"
    w("        exo.arrive(wgmma_async) >> %cg : !exo.barrier<wgmma_group>")
    w("        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<wgmma_group>")
    w(f"        %g = exo.window %DG[:, :] : {ty_c} -> {ty_cw}")
    w(f"        exo.call #exo.wgmma_store<n = {n}, dst = gmem{store}>(%g, %d) : ({ty_cw}, {ty_d})")
    w("      }")
    w("    }")
    w("  }")
    w("}")


class Kernel:
    def __init__(self, tname, swizzle, n, form="", acc="f32"):
        """form: "" (both operands swizzled), "sw0" (both in unswizzled
        core matrices) or "rs" (A from registers, B in core matrices);
        acc: the accumulator's type (f32 or f16)."""
        self.tname, self.swizzle, self.n, self.form = tname, swizzle, n, form
        self.acc = acc
        self.name = f"model_wgmma_n{n}_{form or f'sw{swizzle}'}_{tname}"
        if acc != "f32":
            self.name += "_acc16"

    def text(self):
        if self.form:
            return self.core_text()
        dtype, elt, nbytes = TYPES[self.tname]
        s, n = self.swizzle, self.n
        span = s // nbytes      # elements of a row (one swizzle span)
        k = 32 // nbytes        # the K of one wgmma
        sm = f"smem_swizzle<{s}>"
        ty_ag = f"!exo.tensor<[64, {span}], {elt}, gmem>"
        ty_bg = f"!exo.tensor<[{n}, {span}], {elt}, gmem>"
        ty_as = f"!exo.tensor<[64, {span}], {elt}, {sm}>"
        ty_bs = f"!exo.tensor<[{n}, {span}], {elt}, {sm}>"
        ty_aw = f"!exo.window<[64, {k}], {elt}, {sm}>"
        ty_bw = f"!exo.window<[{n}, {k}], {elt}, {sm}>"
        ty_dt = f"!exo.tensor<[64, {n}], {self.acc}, wgmma_accum>"
        ty_d = f"!exo.window<[64, {n}], {self.acc}, wgmma_accum>"
        ty_c = f"!exo.tensor<[64, {n}], {self.acc}, gmem>"
        ty_cw = f"!exo.window<[64, {n}], {self.acc}, gmem>"
        lanes = min(32, span)
        out = []
        w = out.append
        w(f"exo.proc @{self.name}(%A: {ty_ag}, %B: {ty_bg}, %DG: {ty_c}) {{")
        w("  %c32 = arith.constant 32 : index")
        w(f"  %ck = arith.constant {k} : index")
        w("  exo.device_function(blockDim = 128, clusterDim = 1) {")
        w("    exo.for %task = 0 to 1 cuda_tasks {")
        w(f"      %A_smem = exo.alloc : {ty_as}")
        w(f"      %B_smem = exo.alloc : {ty_bs}")
        w(f"      %D = exo.alloc : {ty_dt}")
        w("      %cg = exo.alloc : !exo.barrier<wgmma_group>")
        w("      // Element [row, col] by lane col mod 32 of warp 0 (a span may")
        w("      // be narrower than a warp).")
        w("      exo.for %w = 0 to 1 cuda_threads<warp> {")
        w(f"        exo.for %l = 0 to {lanes} cuda_threads<thread> {{")
        for src, dst, rows, tg, ts in (("A", "A_smem", 64, ty_ag, ty_as),
                                       ("B", "B_smem", n, ty_bg, ty_bs)):
            w(f"          exo.for %row = 0 to {rows} seq {{")
            w(f"            exo.for %j = 0 to {max(1, span // 32)} seq {{")
            w("              %j32 = arith.muli %j, %c32 : index")
            w("              %col = arith.addi %j32, %l : index")
            w(f"              %v = exo.read %{src}[%row, %col] : {tg}")
            w(f"              exo.assign %{dst}[%row, %col] = %v : {ts}")
            w("            }")
            w("          }")
        w("        }")
        w("      }")
        start_mma(w, n, ty_dt, ty_d, self.acc)
        w("        exo.fence(wgmma_fence_1, wgmma_fence_2)")
        w(f"        exo.for %kk = 0 to {span // k} seq {{")
        w("          %k0 = arith.muli %kk, %ck : index")
        w(f"          %a = exo.window %A_smem[:, %k0 :+ {k}] : {ty_as} -> {ty_aw}")
        w(f"          %b = exo.window %B_smem[:, %k0 :+ {k}] : {ty_bs} -> {ty_bw}")
        lay = "" if s == 128 else f", a = sw{s}, b = sw{s}"
        w(f"          exo.call #exo.wgmma<n = {n}, dtype = {dtype}{lay}{acc_param(self.acc)}>(%d, %a, %b) : ({ty_d}, {ty_aw}, {ty_bw})")
        w("        }")
        finish_mma(w, n, ty_c, ty_cw, ty_d, self.acc)
        return "\n".join(out) + "\n"


    def core_text(self):
        """Operands in unswizzled core matrices: [2, rows, c] (c elements
        make 16 bytes, the two 16-byte halves of K in the first dimension);
        with "rs", A is [64, K] in shared memory, loaded into registers by
        #exo.wgmma_load_a."""
        dtype, elt, nbytes = TYPES[self.tname]
        n, c = self.n, 16 // nbytes
        k = 2 * c
        rs = self.form == "rs"
        ty_a = f"[64, {k}]" if rs else f"[2, 64, {c}]"
        ty_ag = f"!exo.tensor<{ty_a}, {elt}, gmem>"
        ty_as = f"!exo.tensor<{ty_a}, {elt}, smem>"
        ty_aw = f"!exo.window<{ty_a}, {elt}, smem>"
        ty_bg = f"!exo.tensor<[2, {n}, {c}], {elt}, gmem>"
        ty_bs = f"!exo.tensor<[2, {n}, {c}], {elt}, smem>"
        ty_bw = f"!exo.window<[2, {n}, {c}], {elt}, smem>"
        ty_rt = f"!exo.tensor<[64, {k}], {elt}, wgmma_a>"
        ty_rw = f"!exo.window<[64, {k}], {elt}, wgmma_a>"
        ty_dt = f"!exo.tensor<[64, {n}], {self.acc}, wgmma_accum>"
        ty_d = f"!exo.window<[64, {n}], {self.acc}, wgmma_accum>"
        ty_c = f"!exo.tensor<[64, {n}], {self.acc}, gmem>"
        ty_cw = f"!exo.window<[64, {n}], {self.acc}, gmem>"
        out = []
        w = out.append
        w(f"exo.proc @{self.name}(%A: {ty_ag}, %B: {ty_bg}, %DG: {ty_c}) {{")
        w("  exo.device_function(blockDim = 128, clusterDim = 1) {")
        w("    exo.for %task = 0 to 1 cuda_tasks {")
        w(f"      %A_smem = exo.alloc : {ty_as}")
        w(f"      %B_smem = exo.alloc : {ty_bs}")
        w(f"      %D = exo.alloc : {ty_dt}")
        w("      %cg = exo.alloc : !exo.barrier<wgmma_group>")
        w("      // Element [h, row, col] by lane col of warp 0.")
        w("      exo.for %w = 0 to 1 cuda_threads<warp> {")
        if rs:
            w(f"        exo.for %l = 0 to {k} cuda_threads<thread> {{")
            w("          exo.for %row = 0 to 64 seq {")
            w(f"            %v = exo.read %A[%row, %l] : {ty_ag}")
            w(f"            exo.assign %A_smem[%row, %l] = %v : {ty_as}")
            w("          }")
            w("        }")
        w(f"        exo.for %l = 0 to {c} cuda_threads<thread> {{")
        w("          exo.for %h = 0 to 2 seq {")
        for src, dst, rows, tg, ts in ((("A", "A_smem", 64, ty_ag, ty_as),)
                                       if not rs else ()) + \
                (("B", "B_smem", n, ty_bg, ty_bs),):
            w(f"            exo.for %row = 0 to {rows} seq {{")
            w(f"              %v = exo.read %{src}[%h, %row, %l] : {tg}")
            w(f"              exo.assign %{dst}[%h, %row, %l] = %v : {ts}")
            w("            }")
        w("          }")
        w("        }")
        w("      }")
        start_mma(w, n, ty_dt, ty_d, self.acc)
        dims_a = ":, :" if rs else ":, :, :"
        w(f"        %a_s = exo.window %A_smem[{dims_a}] : {ty_as} -> {ty_aw}")
        if rs:
            w(f"        %A_reg = exo.alloc : {ty_rt}")
            w(f"        %a = exo.window %A_reg[:, :] : {ty_rt} -> {ty_rw}")
            w(f"        exo.call #exo.wgmma_load_a<dtype = {dtype}>(%a, %a_s) : ({ty_rw}, {ty_aw})")
        w("        exo.fence(wgmma_fence_1, wgmma_fence_2)")
        w(f"        %b = exo.window %B_smem[:, :, :] : {ty_bs} -> {ty_bw}")
        a, ty_a_arg = ("%a", ty_rw) if rs else ("%a_s", ty_aw)
        layout_a = "regs" if rs else "interleave"
        w(f"        exo.call #exo.wgmma<n = {n}, dtype = {dtype}, a = {layout_a}, b = interleave{acc_param(self.acc)}>(%d, {a}, %b) : ({ty_d}, {ty_a_arg}, {ty_bw})")
        finish_mma(w, n, ty_c, ty_cw, ty_d, self.acc)
        return "\n".join(out) + "\n"


def kernels():
    ks = [Kernel(t, s, n) for t in TYPES for s in SWIZZLES for n in WIDTHS]
    # Unswizzled core matrices, and A from registers (not fp8: the hardware
    # reads fp8 operands from swizzled shared memory only).
    for form in ("sw0", "rs"):
        ks += [Kernel(t, 0, n, form) for t in ("tf32", "bf16", "f16")
               for n in WIDTHS]
    # f16 accumulators: the types PTX allows them with.
    ks += [Kernel(t, 128, n, acc="f16") for t in ("f16", "e4m3", "e5m2")
           for n in WIDTHS]
    ks += [Kernel("f16", 0, n, "rs", acc="f16") for n in WIDTHS]
    return ks


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, ks = sys.argv[1], kernels()
    if "--list" in sys.argv[2:]:
        for k in ks:
            print(f"{k.name}:DG={tolerance(k)}")
        return
    header = ("// Generated by test/GPU/gen_wgmma_models.py: the wgmma "
              "sweep's model kernels.\n\n")
    write_kernels(out, ks, header)
    print(f"{len(ks)} kernels", file=sys.stderr)


if __name__ == "__main__":
    main()

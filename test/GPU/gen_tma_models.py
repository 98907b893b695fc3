#!/usr/bin/env python3
"""Writes the TMA sweep's model kernels: one kernel per TMA instance class.

Usage: gen_tma_models.py OUT.mlir | OUT_DIR [--list]

"The model is the machine" (test/GPU/README.md) for the TMA family
(#exo.tma): every rank (1 to 5), every swizzle (0, 32, 64, 128 bytes) and
every element width (f32, bf16, f16, f8E4M3FN), each kernel running

  - a load of a box inside the tensor and a load of a box that reaches past
    its end in every dimension (oob: the engine zero-fills those elements),
    into two poisoned shared buffers (each box starts at a multiple of 16
    bytes in the innermost dimension, as the engine requires, and one
    element or 16 bytes in from the other edges);
  - stores of both buffers back, inside and past the end (the engine drops
    the elements outside), and, for the types the engine adds (f32, bf16,
    f16), reduce-adds of both;

and, in a cluster of two CTAs, the multicast loads of every rank from 2 to
5 and every swizzle (f32 and bf16), inside and past the end, each CTA
issuing half of the box's outer dimension and both receiving all of it;
and two kernels whose copies are issued by single threads (`thread =
true`): lanes 0 and 1 of a warp each load, store and reduce-add half of
each box, then the warp commits and waits for its bulk group (on the
hardware each lane's copies are in a group of its own).
Every shared buffer of every CTA is then copied to a global dump, and
test/GPU/model_check.cu compares every byte of every argument with the
CPU run of the kernel's sequential meaning (exo-gpu-run --dump-args).

Swizzled boxes have rows of one swizzle span, as many as one 1024-byte
pattern holds plus three (a second, partial pattern; twice as many, whole,
when two CTAs or lanes each move half); unswizzled rows are 48 bytes (three 16-byte units; 96 for rank
1). The two windows of a kernel are disjoint along the outermost dimension,
so the stores and reduce-adds of a kernel never touch one element twice.

OUT.mlir receives all kernels (for the checks of
test/Examples/tma-sweep.test); OUT_DIR one file per kernel, NAME.mlir
(for test/GPU/gen_all.sh: exo-gpu-run compiles the whole file it runs).
--list prints the kernel names, one per line, instead.
"""

import sys

from model_sweep import write_kernels

TYPES = {"f32": 4, "bf16": 2, "f16": 2, "f8E4M3FN": 1}
ADDS = ("f32", "bf16", "f16")  # the element types a TMA reduce-add adds
SWIZZLES = (0, 32, 64, 128)


def box_shape(rank, swizzle, dtype, multicast):
    """The box (outermost first) of one kernel."""
    nbytes = TYPES[dtype]
    if swizzle:
        inner = swizzle // nbytes
        # Rows: the 1024-byte pattern covers 1024 / swizzle of them.
        rows = 1024 // swizzle
        rows = 2 * rows if multicast else rows + 3
    else:
        inner = (96 if rank == 1 else 48) // nbytes
        # A multicast CTA's half starts at a multiple of 128 bytes.
        rows = 16 if multicast else 5
    if rank == 1:
        return [inner]
    outer = {2: [], 3: [3], 4: [2, 3], 5: [2, 1, 3]}[rank]
    if multicast and outer:
        outer[0] = 2  # each CTA of the pair issues one of them
    return outer + [rows, inner]


def extents(box, dtype):
    """The tensor's extents, and the offsets of the inner and the edge
    windows: disjoint along dimension 0, the edge window past the end of
    every dimension (one element; 16 bytes in the innermost, where a box
    starts at a multiple of 16 bytes)."""
    unit = 16 // TYPES[dtype]  # the elements of 16 bytes
    shape, inner, edge = [], [], []
    for d, b in enumerate(box):
        step = unit if d == len(box) - 1 else 1
        g = (2 * b if d == 0 else b) + (unit if step > 1 else 2)
        shape.append(g)
        inner.append(step)
        edge.append(g - b + step)
    return shape, inner, edge


def dims(xs):
    return ", ".join(str(x) for x in xs)


def window(offsets, box):
    return ", ".join(f"{o} :+ {b}" for o, b in zip(offsets, box))


def smem(swizzle):
    return f"smem_swizzle<{swizzle}>" if swizzle else "smem"


class Kernel:
    def __init__(self, rank, swizzle, dtype, multicast, thread=False):
        self.rank, self.swizzle, self.dtype = rank, swizzle, dtype
        self.multicast, self.thread = multicast, thread
        prefix = "model_tma_mc" if multicast else \
            "model_tma_thread" if thread else "model_tma"
        self.name = f"{prefix}_r{rank}_sw{swizzle}_{dtype}"
        self.box = box_shape(rank, swizzle, dtype, multicast or thread)
        self.shape, self.inner, self.edge = extents(self.box, dtype)
        self.reduce = not multicast and dtype in ADDS

    def bytes(self):
        """Bytes of the CPU run's inputs and results (gen_all.sh writes
        both): the tensors and the dumps."""
        n = 1
        for g in self.shape:
            n *= g
        tensors = 1 if self.multicast else (3 if self.reduce else 2)
        b = 1
        for x in self.box:
            b *= x
        dumps = 2 * b * (2 if self.multicast else 1)
        return 2 * (tensors * n + dumps) * TYPES[self.dtype]

    def text(self):
        r, t, s = self.rank, self.dtype, self.swizzle
        box, c = self.box, 2 if self.multicast else 1
        # Two CTAs of a multicast, or two lanes issuing `thread = true`
        # copies, each move half of the box's outer dimension.
        halves = self.multicast or self.thread
        mapbox = list(box)
        mapbox[0] //= 2 if halves else 1
        ty_x = f"!exo.tensor<[{dims(self.shape)}], {t}, gmem>"
        ty_map = f"!exo.window<[{dims(self.shape)}], {t}, tma_map<{s}, [{dims(mapbox)}]>>"
        ty_box = f"!exo.window<[{dims(box)}], {t}, tma_map<{s}, [{dims(mapbox)}]>>"
        lead = [c] if self.multicast else []
        ty_s = f"!exo.tensor<[{dims(lead + box)}], {t}, {smem(s)}>"
        ty_tile = f"!exo.window<[{dims(lead + box)}], {t}, {smem(s)}>"
        # A multicast kernel's dumps stack the CTAs' buffers along the box's
        # outer dimension (a launcher's tensors have at most 5 dimensions).
        dbox = [c * box[0]] + box[1:]
        ty_d = f"!exo.tensor<[{dims(dbox)}], {t}, gmem>"
        ty_full = f"!exo.barrier<mbarrier, [{c}]>"
        all_dims = ", ".join([":"] * r)
        all_s = ", ".join([":"] * (r + len(lead)))
        mc = f", multicast = {c}" if self.multicast else ""
        tma = lambda kind: (f"#exo.tma<kind = {kind}, shape = [{dims(box)}], "
                            f"dtype = {t}, swizzle = {s}{mc}>")
        h = box[0] // 2
        half = [h] + box[1:]
        ty_half_box = f"!exo.window<[{dims(half)}], {t}, tma_map<{s}, [{dims(mapbox)}]>>"
        ty_half_tile = f"!exo.window<[{dims(half)}], {t}, {smem(s)}>"
        rest = "".join(", :" for _ in box[1:])
        tma_half = lambda kind: (f"#exo.tma<kind = {kind}, shape = [{dims(half)}], "
                                 f"dtype = {t}, swizzle = {s}, thread = true>")

        def by_lanes(q, body):
            """body(q, buf, offs, oob, rows, first) for each buffer, run by
            lanes 0 and 1 of warp 0, each on its half: rows `rows` of the
            buffer, `first` the outer offset in the tensor."""
            w(f"{q}exo.for %l = 0 to 2 cuda_threads<thread> {{")
            w(f"{q}  %hr = arith.constant {h} : index")
            w(f"{q}  %r = arith.muli %l, %hr : index")
            for buf, offs, oob in (("SI", self.inner, ""),
                                   ("SE", self.edge, "oob ")):
                w(f"{q}  %o{buf}0 = arith.constant {offs[0]} : index")
                w(f"{q}  %o{buf} = arith.addi %o{buf}0, %r : index")
                rows = f"%r :+ {h}{rest}"
                first = ", ".join([f"%o{buf} :+ {h}"] +
                                  [f"{o} :+ {b}" for o, b in zip(offs[1:], box[1:])])
                body(q + "  ", buf, oob, rows, first)
        out = []
        w = out.append
        args = [f"%X: {ty_x}"]
        if not self.multicast:
            args.append(f"%Y: {ty_x}")
            if self.reduce:
                args.append(f"%W: {ty_x}")
        args += [f"%DI: {ty_d}", f"%DE: {ty_d}"]
        w(f"exo.proc @{self.name}({', '.join(args)}) {{")
        w("  %poison32 = arith.constant -3.0 : f32")
        maps = ["x"] + ([] if self.multicast else ["y"]) + \
            (["w"] if self.reduce else [])
        for m in maps:
            w(f"  %{m}_map = exo.window %{m.upper()}[{all_dims}] : {ty_x} -> {ty_map}")
        w(f"  exo.device_function(blockDim = 128, clusterDim = {c}) {{")
        w("    exo.for %task = 0 to 1 cuda_tasks {")
        w(f"      %SI = exo.alloc : {ty_s}")
        w(f"      %SE = exo.alloc : {ty_s}")
        w(f"      %full = exo.alloc : {ty_full}")
        ivs = [f"%i{d}" for d in range(r)]

        def one_thread(indent, body, cta):
            """body(indent) run by thread 0 of warp 0 of each CTA (`cta`:
            inside a loop over the cluster's CTAs)."""
            p = " " * indent
            if cta:
                w(f"{p}exo.for %cta = 0 to {c} cuda_threads<cta> {{")
                p += "  "
            w(f"{p}exo.for %w0 = 0 to 1 cuda_threads<warp> {{")
            w(f"{p}  exo.for %l0 = 0 to 1 cuda_threads<thread> {{")
            q = p + "    "
            for d in range(r):
                w(f"{q}exo.for {ivs[d]} = 0 to {box[d]} seq {{")
                q += "  "
            body(q)
            for d in reversed(range(r)):
                q = q[:-2]
                w(f"{q}}}")
            w(f"{p}  }}")
            w(f"{p}}}")
            if cta:
                w(f"{p[:-2]}}}")

        lead_idx = ["%cta"] if self.multicast else []
        idx = ", ".join(lead_idx + ivs)

        def poison(q):
            val = "%poison32"
            if t != "f32":
                w(f"{q}%p = arith.truncf %poison32 : f32 to {t}")
                val = "%p"
            for buf in ("SI", "SE"):
                w(f"{q}exo.assign %{buf}[{idx}] = {val} : {ty_s}")

        w("      // Poison every element of every CTA's buffers.")
        one_thread(6, poison, self.multicast)
        w("      // The poison (generic proxy) before the loads (async proxy).")
        w("      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)")
        w("      exo.warps 0 to 1 {")
        q = "        "
        if self.multicast:
            w(f"{q}exo.for %cn = 0 to 1 cuda_threads<{c} * cta_strided(1)> {{")
            q += "  "

        def load_half(q, buf, oob, rows, first):
            w(f"{q}%t{buf} = exo.window %{buf}[{rows}] : {ty_s} -> {ty_half_tile}")
            w(f"{q}%b{buf} = exo.window {oob}%x_map[{first}] : {ty_map} -> {ty_half_box}")
            w(f"{q}exo.call {tma_half('load')}(%t{buf}, %b{buf}) >> %full[0] : ({ty_half_tile}, {ty_half_box}) >> {ty_full}")

        if self.thread:
            by_lanes(q, load_half)
            w(f"{q}}}")
        for buf, offs, oob in () if self.thread else \
                (("SI", self.inner, ""), ("SE", self.edge, "oob ")):
            w(f"{q}%t{buf} = exo.window %{buf}[{all_s}] : {ty_s} -> {ty_tile}")
            w(f"{q}%b{buf} = exo.window {oob}%x_map[{window(offs, box)}] : {ty_map} -> {ty_box}")
            tgt = "%full[:]" if self.multicast else "%full[0]"
            w(f"{q}exo.call {tma('load')}(%t{buf}, %b{buf}) >> {tgt} : ({ty_tile}, {ty_box}) >> {ty_full}")
        if self.multicast:
            w(f"{q}exo.for %cta = 0 to {c} cuda_threads<cta> {{")
            w(f"{q}  exo.arrive(cuda_temporal) >> %full[:] : {ty_full}")
            w(f"{q}}}")
            w("        }")
        else:
            w(f"{q}exo.arrive(cuda_temporal) >> %full[0] : {ty_full}")
        w("      }")
        if not self.multicast:
            w(f"      exo.await(%full[0], cuda_generic_and_async_proxy, 0) : {ty_full}")
            w("      exo.warps 0 to 1 {")
            kinds = [("store", "y")] + ([("reduce_add", "w")] if self.reduce else [])
            if self.thread:
                def store_half(q, buf, oob, rows, first):
                    for kind, m in kinds:
                        w(f"{q}%s{m}{buf} = exo.window %{buf}[{rows}] : {ty_s} -> {ty_half_tile}")
                        w(f"{q}%{m}{buf} = exo.window {oob}%{m}_map[{first}] : {ty_map} -> {ty_half_box}")
                        w(f"{q}exo.call {tma_half(kind)}(%{m}{buf}, %s{m}{buf}) : ({ty_half_box}, {ty_half_tile})")
                by_lanes("        ", store_half)
                w("        }")
                kinds = []
            for kind, m in kinds:
                for buf, offs, oob in (("SI", self.inner, ""),
                                       ("SE", self.edge, "oob ")):
                    v = f"%{m}{buf}"
                    w(f"        %s{m}{buf} = exo.window %{buf}[{all_s}] : {ty_s} -> {ty_tile}")
                    w(f"        {v} = exo.window {oob}%{m}_map[{window(offs, box)}] : {ty_map} -> {ty_box}")
                    w(f"        exo.call {tma(kind)}({v}, %s{m}{buf}) : ({ty_box}, {ty_tile})")
            # The warp commits and waits: its group holds every lane's
            # copies (those of lanes 0 and 1 in a `thread = true` kernel).
            w("        %cg = exo.alloc : !exo.barrier<bulk_group>")
            w("        exo.arrive(tma_to_gmem_async) >> %cg : !exo.barrier<bulk_group>")
            w("        exo.await(%cg, cuda_in_order, 0) : !exo.barrier<bulk_group>")
            w("      }")

        def dump(q):
            didx = idx
            if self.multicast:
                w(f"{q}%cb = arith.constant {box[0]} : index")
                w(f"{q}%ro = arith.muli %cta, %cb : index")
                w(f"{q}%r = arith.addi %ro, %i0 : index")
                didx = ", ".join(["%r"] + ivs[1:])
            for buf, d in (("SI", "DI"), ("SE", "DE")):
                w(f"{q}%v{buf} = exo.read %{buf}[{idx}] : {ty_s}")
                w(f"{q}exo.assign %{d}[{didx}] = %v{buf} : {ty_d}")

        w("      // Dump every element of every CTA's buffers.")
        if self.multicast:
            w(f"      exo.for %cta = 0 to {c} cuda_threads<cta> {{")
            w(f"        exo.await(%full[%cta], cuda_in_order, 0) : {ty_full}")
            w("      }")
        one_thread(6, dump, self.multicast)
        w("    }")
        w("  }")
        w("}")
        return "\n".join(out) + "\n"


def kernels():
    ks = []
    for dtype in TYPES:
        for rank in range(1, 6):
            for s in SWIZZLES:
                if rank == 1 and s:
                    continue  # a swizzled box has rows: rank 2 and up
                ks.append(Kernel(rank, s, dtype, False))
    for dtype in ("f32", "bf16"):
        for rank in range(2, 6):
            for s in SWIZZLES:
                ks.append(Kernel(rank, s, dtype, True))
    # Copies issued by single threads (lanes 0 and 1 of a warp, each its
    # half), each committing and waiting for its own stores.
    ks.append(Kernel(2, 128, "f32", False, thread=True))
    ks.append(Kernel(3, 0, "bf16", False, thread=True))
    return ks


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, ks = sys.argv[1], kernels()
    if "--list" in sys.argv[2:]:
        for k in ks:
            print(k.name)
        return
    header = ("// Generated by test/GPU/gen_tma_models.py: the TMA sweep's "
              "model kernels.\n\n")
    write_kernels(out, ks, header)
    total = sum(k.bytes() for k in ks)
    print(f"{len(ks)} kernels, {total / 2**20:.1f} MiB of CPU-run data",
          file=sys.stderr)


if __name__ == "__main__":
    main()

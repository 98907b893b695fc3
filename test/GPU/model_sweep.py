"""Writing a sweep of generated model kernels (gen_tma_models.py,
gen_wgmma_models.py): all of them into one file OUT.mlir (the lit tests'
checks), or one file per kernel into a directory (test/GPU/gen_all.sh:
exo-gpu-run compiles the whole file it runs)."""

import os


def write_kernels(out, kernels, header):
    """Writes `kernels` (each with .name and .text()) to OUT.mlir or into
    the directory OUT, each file starting with `header`."""
    if out.endswith(".mlir"):
        with open(out, "w") as f:
            f.write(header + "\n".join(k.text() for k in kernels))
        return
    os.makedirs(out, exist_ok=True)
    for k in kernels:
        with open(os.path.join(out, k.name + ".mlir"), "w") as f:
            f.write(header + k.text())

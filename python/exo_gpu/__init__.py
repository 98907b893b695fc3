"""Exo-GPU's dispatched kernels as PyTorch operators: torch.ops.exo_gpu.*

    import exo_gpu
    exo_gpu.load("build/benchgen")       # the output of bench/gpu/gen.sh
    c = torch.ops.exo_gpu.gemm(a, b)     # a @ b, float32 (tf32) or bfloat16

load() builds the extension (torch.utils.cpp_extension, cached between
runs) from the generated operators and dispatcher of GEN_DIR, the hand-written
conveniences of csrc/ and the Exo-GPU runtime, and registers the operators.
docs/PyTorch.md lists them.
"""

import os

import torch
from torch.utils import cpp_extension

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load(gen_dir, build_dir=None, verbose=False):
    """Builds (once; later calls reuse the build) and loads the operators of
    gen_dir, a directory bench/gpu/gen.sh wrote; returns torch.ops.exo_gpu."""
    gen_dir = os.path.abspath(gen_dir)
    generated = os.path.join(gen_dir, "exo_torch_ops.cpp")
    if not os.path.isfile(generated):
        raise FileNotFoundError(
            f"{generated} does not exist: run bench/gpu/gen.sh {gen_dir}")
    if build_dir is None:
        build_dir = os.path.join(gen_dir, "torch-build")
    os.makedirs(build_dir, exist_ok=True)
    cuda = cpp_extension.CUDA_HOME or "/usr/local/cuda"
    cpp_extension.load(
        name="exo_gpu_torch",
        sources=[generated, os.path.join(HERE, "csrc", "conveniences.cpp"),
                 os.path.join(ROOT, "runtime", "exo_gpu_runtime.cpp")],
        extra_include_paths=[gen_dir, os.path.join(HERE, "csrc"),
                             os.path.join(ROOT, "runtime")],
        extra_cflags=["-O2"],
        # The launchers call the driver API; the stub resolves it at link
        # time, the driver's libcuda.so.1 at run time.
        extra_ldflags=[f"-L{cuda}/lib64/stubs", "-lcuda"],
        build_directory=build_dir, with_cuda=True,
        is_python_module=False, verbose=verbose)
    return torch.ops.exo_gpu

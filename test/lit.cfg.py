# -*- Python -*-
# lit configuration of the Exo-GPU regression tests.
import os
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "EXO-GPU"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.exo_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "fuzz"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%mlir_lib_dir", config.llvm_shlib_dir))
config.substitutions.append(("%exo_src_root", config.exo_src_root))
config.substitutions.append(("%exo_obj_root", config.exo_obj_root))
# The attention kernels are generated (kernels/registry.json names them as
# examples/attention/gen_attention_fwd.py's output): their directory.
generated = subprocess.run(
    [sys.executable, os.path.join(config.exo_src_root, "scripts", "registry.py"),
     "generate", "examples/attention/gen_attention_fwd.py"],
    capture_output=True, text=True)
if generated.returncode != 0:
    lit_config.fatal("cannot generate the attention kernels: " +
                     generated.stderr.strip())
config.substitutions.append(("%exo_attention", generated.stdout.strip()))
config.substitutions.append(
    ("%exo_plugin", os.path.join(config.exo_obj_root, "lib",
                                 "ExoGPUPlugin" + config.llvm_shlib_ext)))

exo_tools_dir = os.path.join(config.exo_obj_root, "bin")
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [exo_tools_dir, config.llvm_tools_dir]
tools = [
    "exo-gpu-opt",
    "exo-gpu-run",
    "exo-gpu-translate",
    "mlir-opt",
    "mlir-translate",
    "mlir-runner",
    "llc",
    ToolSubst("ptxas", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# A plugin cannot be loaded into an unsanitized mlir-opt from a sanitized build.
if not config.exo_sanitize:
    config.available_features.add("plugin")
    # An external project links libExoGPU.so (test/Embedding): not a
    # sanitized one.
    config.available_features.add("embedding")

# Optional CUDA toolchain for PTX assembly checks.
cuda_bin = "/usr/local/cuda/bin"
if os.path.exists(os.path.join(cuda_bin, "ptxas")):
    config.available_features.add("ptxas")
    llvm_config.with_environment("PATH", cuda_bin, append_path=True)
    if os.path.exists(os.path.join(cuda_bin, "cuobjdump")):
        config.available_features.add("cuobjdump")

# CUDA headers: generated launchers are compiled against them.
if os.path.exists("/usr/local/cuda/include/cuda.h"):
    config.available_features.add("cuda-headers")
    config.substitutions.append(("%cuda_include", "/usr/local/cuda/include"))

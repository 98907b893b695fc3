// RUN: exo-gpu-translate --exo-emit-launcher %s -split-input-file -verify-diagnostics
// RUN: not exo-gpu-translate --exo-extract-ptx %S/Inputs/no-binary.mlir 2>&1 | FileCheck %s

// The launcher emitter reads a module it did not necessarily produce: every
// malformed input is an error at the module, never a crash or bad C++.

// CHECK: error: expected one gpu.binary (the output of -exo-to-ptx), found 0

// No gpu.binary at all.
// expected-error @+1 {{expected one gpu.binary (the output of -exo-to-ptx), found 0}}
module attributes {gpu.container_module} {

}

// -----

// A binary without PTX text.
module attributes {gpu.container_module} {
  // expected-error @+1 {{holds no PTX assembly object (use the 'isa' format)}}
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, bin = "\00">]
}

// -----

// PTX but no launch description.
// expected-error @+1 {{has no 'exo.kernels' launch description (the output of -exo-to-ptx)}}
module attributes {gpu.container_module} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// An empty launch description.
// expected-error @+1 {{'exo.kernels' lists no kernel}}
module attributes {gpu.container_module, exo.kernels = []} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// PTX text that would end the raw string early.
// expected-error @+1 {{the PTX contains the raw-string delimiter}}
module attributes {gpu.container_module, exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = []>]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = "x )exo_ptx\" y">]
}

// -----

// A tensor map of an element type TMA does not have.
// expected-error @+1 {{no tensor-map data type for 'f64'}}
module attributes {gpu.container_module, exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "A", kind = gmem, element = f64, dims = [4]>, #exo.kernel_param<name = "A_map", kind = tensor_map, element = f64, dims = [4], tensor = 0, box = [4]>]>]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// An entry that is not a kernel's description (the attributes' verifiers
// check the rest: test/Dialect/Exo/invalid-kernel-launch.mlir).
// expected-error @+1 {{'exo.kernels' entry 0 is not a #exo.kernel: 1 : i64}}
module attributes {gpu.container_module, exo.kernels = [1]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

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
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = []}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = "x )exo_ptx\" y">]
}

// -----

// Malformed descriptions are refused, not trusted: an entry that is not a dictionary.
// expected-error @+1 {{malformed 'exo.kernels': entry 0 is not a dictionary}}
module attributes {gpu.container_module, exo.kernels = [1]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A kernel name that is not a C++ identifier.
// expected-error @+1 {{malformed 'exo.kernels': entry 0 has no identifier 'name'}}
module attributes {gpu.container_module, exo.kernels = [{name = "1k"}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A missing launch field.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' has no valid 'cluster_dim'}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// No parameter list.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' has no 'params' array}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// requires that is not an integer set.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k': 'requires' is not an integer set}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, requires = 3, params = []}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A parameter without a kind.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 0 needs an identifier 'name' and a 'kind'}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "A"}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A tensor map whose tensor index is out of range.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'A' of kind 'tensor_map' lacks the fields that kind needs}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "A", kind = "tensor_map", element = f32, dims = ["M"], box = array<i64: 4>, swizzle = 0 : i64, tensor = 7 : i64}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// Zeroing a parameter that is not a gmem tensor.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k': 'zero_before_launch' must list gmem parameters}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "x", kind = "index"}], zero_before_launch = array<i64: 0>}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// requires over more sizes than the kernel has.
// expected-error @+1 {{kernel 'k': 'requires' has 2 symbols for 1 sizes}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "M", kind = "index"}], requires = affine_set<()[s0, s1] : (s0 - s1 >= 0)>}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A tensor map of an element type TMA does not have.
// expected-error @+1 {{no tensor-map data type for 'f64'}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "A", kind = "gmem", element = f64, dims = [4]}, {name = "A_map", kind = "tensor_map", element = f64, dims = [4], box = array<i64: 4>, swizzle = 0 : i64, tensor = 0 : i64}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// Only a size can be the launch's cluster count.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'A': only a size (kind 'index') takes 'cluster_count', a unit attribute}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "A", kind = "gmem", element = f32, dims = [4], cluster_count}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// ... and the mark is a unit attribute.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'NC': only a size (kind 'index') takes 'cluster_count', a unit attribute}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "NC", kind = "index", cluster_count = 1 : i64}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// One launch has one cluster count.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' marks more than one parameter 'cluster_count'}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "NC", kind = "index", cluster_count}, {name = "ND", kind = "index", cluster_count}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// A base alignment is a power of two.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'C': 'align' must be a power of two from 1 to 4096}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "C", kind = "gmem", element = f32, dims = [4], align = 12 : i64}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// ... and an integer.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'C': 'align' must be a power of two from 1 to 4096}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "C", kind = "gmem", element = f32, dims = [4], align = "8"}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

// -----

// Only a gmem tensor's base has an alignment.
// expected-error @+1 {{malformed 'exo.kernels': kernel 'k' parameter 'M': only a gmem tensor takes 'align', not a 'index'}}
module attributes {gpu.container_module, exo.kernels = [{name = "k", block_dim = 32 : i64, cluster_dim = 1 : i64, blocks_per_sm = 1 : i64, smem_bytes = 0 : i64, params = [{name = "M", kind = "index", align = 8 : i64}]}]} {
  gpu.binary @exo_kernels [#gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0">]
}

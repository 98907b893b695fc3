// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// The launch description of a lowered module (#exo.kernel, #exo.kernel_param,
// in the module attribute exo.kernels): what the verifiers accept is what
// the launcher can emit code for. One case per refusal.

// A well-formed description (every kind of parameter) is accepted.
#req = affine_set<()[s0, s1] : (s0 mod 64 == 0, s1 - 1 >= 0)>
module attributes {exo.kernels = [#exo.kernel<name = "gemm", block_dim = 384, cluster_dim = 2, blocks_per_sm = 1, smem_bytes = 198656, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "NC", kind = index, cluster_count = true>, #exo.kernel_param<name = "a", kind = scalar, element = f32>, #exo.kernel_param<name = "A", kind = gmem, element = f32, dims = ["M", 64], align = 16>, #exo.kernel_param<name = "A_map", kind = tensor_map, element = f32, dims = ["M", 64], tensor = 3, box = [64, 32], swizzle = 128>], requirements = #req, zero_before_launch = [3]>]} {
}

// -----

// A parameter name that is not a C++ identifier.
// expected-error @+1 {{a kernel parameter's name must be a C++ identifier, not '1A'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "1A", kind = index>]} {
}

// -----

// Only a size is the cluster count.
// expected-error @+1 {{kernel parameter 'A' (gmem): only a size takes 'cluster_count'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A", kind = gmem, element = f32, dims = ["M"], cluster_count = true>]} {
}

// -----

// Only a gmem tensor has an alignment.
// expected-error @+1 {{kernel parameter 'M' (index): only a gmem tensor takes 'align'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "M", kind = index, align = 16>]} {
}

// -----

// Only a tensor map has a box.
// expected-error @+1 {{kernel parameter 'A' (gmem): only a tensor map takes 'tensor', 'box' and 'swizzle'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A", kind = gmem, element = f32, dims = ["M"], box = [64]>]} {
}

// -----

// A size with an element type.
// expected-error @+1 {{kernel parameter 'M' (index): a size has no 'element' or 'dims'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "M", kind = index, element = f32>]} {
}

// -----

// A scalar of a type the launcher cannot pass.
// expected-error @+1 {{kernel parameter 'a' (scalar): a scalar is an f32 or i32 'element', with no 'dims'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "a", kind = scalar, element = f64>]} {
}

// -----

// A gmem tensor without an element type.
// expected-error @+1 {{kernel parameter 'A' (gmem): needs an integer or floating-point 'element'}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A", kind = gmem, dims = ["M"]>]} {
}

// -----

// A gmem tensor of six dimensions.
// expected-error @+1 {{kernel parameter 'A' (gmem): needs 'dims', one to five extents}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A", kind = gmem, element = f32, dims = [1, 1, 1, 1, 1, 1]>]} {
}

// -----

// An extent that is neither a size nor a number.
// expected-error @+1 {{kernel parameter 'A' (gmem): each extent is a size's name or a non-negative integer, not -1}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A", kind = gmem, element = f32, dims = [-1]>]} {
}

// -----

// An alignment that is not a power of two.
// expected-error @+1 {{kernel parameter 'C' (gmem): 'align' must be a power of two from 1 to 4096}}
module attributes {exo.kernels = [#exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M"], align = 12>]} {
}

// -----

// A tensor map that names no tensor.
// expected-error @+1 {{kernel parameter 'A_map' (tensor_map): needs the number of its gmem parameter ('tensor')}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A_map", kind = tensor_map, element = f32, dims = ["M", "K"], box = [64, 32]>]} {
}

// -----

// A box of the wrong rank.
// expected-error @+1 {{kernel parameter 'A_map' (tensor_map): needs a 'box' of one extent from 1 to 256 per dimension}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A_map", kind = tensor_map, element = f32, dims = ["M", "K"], tensor = 0, box = [64]>]} {
}

// -----

// A swizzle TMA does not have.
// expected-error @+1 {{kernel parameter 'A_map' (tensor_map): 'swizzle' is 0, 32, 64 or 128 bytes}}
module attributes {exo.kernels = [#exo.kernel_param<name = "A_map", kind = tensor_map, element = f32, dims = ["M", "K"], tensor = 0, box = [64, 32], swizzle = 16>]} {
}

// -----

// A kernel name that is not a C++ identifier.
// expected-error @+1 {{a kernel's name must be a C++ identifier, not 'k-1'}}
module attributes {exo.kernels = [#exo.kernel<name = "k-1", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = []>]} {
}

// -----

// More threads than a CTA has.
// expected-error @+1 {{kernel 'k': 'block_dim' is from 1 to 1024 threads, not 2048}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 2048, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = []>]} {
}

// -----

// A cluster larger than Hopper's.
// expected-error @+1 {{kernel 'k': 'cluster_dim' is from 1 to 16 CTAs, not 32}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 32, blocks_per_sm = 1, smem_bytes = 0, params = []>]} {
}

// -----

// No CTA per SM.
// expected-error @+1 {{kernel 'k': 'blocks_per_sm' is from 1 to 32, not 0}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 0, smem_bytes = 0, params = []>]} {
}

// -----

// More shared memory than an SM has.
// expected-error @+1 {{kernel 'k': 'smem_bytes' is from 0 to 227 KiB, not 300000}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 300000, params = []>]} {
}

// -----

// A parameter that is not a kernel parameter.
// expected-error @+1 {{kernel 'k': each parameter is a #exo.kernel_param, not 1}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [1]>]} {
}

// -----

// Two cluster counts.
// expected-error @+1 {{kernel 'k': more than one parameter is the 'cluster_count'}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "A", kind = index, cluster_count = true>, #exo.kernel_param<name = "B", kind = index, cluster_count = true>]>]} {
}

// -----

// A tensor map of a size.
// expected-error @+1 {{kernel 'k': tensor map 'A_map' names parameter 0, which is not a gmem tensor}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "A_map", kind = tensor_map, element = f32, dims = ["M"], tensor = 0, box = [64]>]>]} {
}

// -----

// Requirements over more sizes than the kernel has.
#req2 = affine_set<()[s0, s1] : (s0 - s1 >= 0)>
// expected-error @+1 {{kernel 'k': 'requirements' has 2 symbols for 1 sizes}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "M", kind = index>], requirements = #req2>]} {
}

// -----

// Zeroing a size.
// expected-error @+1 {{kernel 'k': 'zero_before_launch' must list gmem parameters}}
module attributes {exo.kernels = [#exo.kernel<name = "k", block_dim = 32, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "M", kind = index>], zero_before_launch = [0]>]} {
}

//===- ExoLaunch.td - The kernel launch description --------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
// What -exo-lower-to-nvvm tells the launcher about each kernel it writes
// (the module attribute `exo.kernels`, an array of #exo.kernel), and what
// exo-gpu-translate --exo-emit-launcher reads: one typed definition that
// both sides share.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOLAUNCH_TD
#define EXOGPU_DIALECT_EXO_IR_EXOLAUNCH_TD

include "ExoGPU/Dialect/Exo/IR/ExoAttrs.td"

def Exo_KernelParamKind : I32EnumAttr<"KernelParamKind",
    "what a kernel parameter passes", [
  I32EnumAttrCase<"Index", 0, "index">,
  I32EnumAttrCase<"Gmem", 1, "gmem">,
  I32EnumAttrCase<"Scalar", 2, "scalar">,
  I32EnumAttrCase<"TensorMap", 3, "tensor_map">,
]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_KernelParamAttr : Exo_Attr<"KernelParam", "kernel_param"> {
  let summary = "one parameter of a kernel's launch";
  let description = [{
    A parameter of the kernel, in the order the kernel takes them: a size
    (`index`, an `int64_t` of the launcher; with `cluster_count` the
    launcher computes it: the number of clusters of the persistent grid), a
    global tensor (`gmem`: a `CUdeviceptr` of `element`s with extents
    `dims`, whose base the launcher checks against `align` bytes when the
    kernel's vector accesses assume it), a scalar (`scalar`: f32 or i32), or
    a tensor map the launcher encodes (`tensor_map`: of the gmem parameter
    number `tensor`, with its `element`, `dims`, `box` and `swizzle`).

    ```mlir
    #exo.kernel_param<name = "A", kind = gmem, element = f32, dims = ["M", "K"], align = 16>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the parameter's name (a C++ identifier)">:$name,
    "::exo::KernelParamKind":$kind,
    OptionalParameter<"::mlir::Type">:$element,
    OptionalParameter<"::mlir::ArrayAttr">:$dims,
    DefaultValuedParameter<"int64_t", "0">:$align,
    DefaultValuedParameter<"bool", "false">:$cluster_count,
    DefaultValuedParameter<"int64_t", "-1">:$tensor,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$box,
    DefaultValuedParameter<"int64_t", "0">:$swizzle);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The bytes of one element (tf32: 4).
    int64_t getElementBytes() const;
  }];
}

def Exo_KernelAttr : Exo_Attr<"Kernel", "kernel"> {
  let summary = "the launch description of one kernel";
  let description = [{
    A kernel of the module's `gpu.binary`: its name (the `llvm.func` and
    the launcher's), CTA size, cluster size, CTAs per SM, dynamic shared
    memory, parameters (`#exo.kernel_param`, in order), the proc's
    `requires` over its sizes, in the order of the `index` parameters
    (`requirements`, which the launcher checks before the launch), the gmem parameters the launcher zeroes first
    (`zero_before_launch`, by parameter number), and, for a device function
    with `launch = grid`, the trip counts of its task loops as functions of
    the sizes (`grid_tasks`, symbols as in `requirements`): the launcher
    launches one cluster per task, their product (the persistent grid where
    the product is not a valid grid: the kernel computes its tasks itself,
    so any grid gives the same result).

    ```mlir
    module attributes {exo.kernels = [#exo.kernel<name = "gemm", block_dim = 384,
        cluster_dim = 2, blocks_per_sm = 1, smem_bytes = 197632,
        params = [#exo.kernel_param<name = "M", kind = index>, ...]>]} { ... }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the kernel's name (a C++ identifier)">:$name,
    "int64_t":$block_dim,
    "int64_t":$cluster_dim,
    "int64_t":$blocks_per_sm,
    "int64_t":$smem_bytes,
    "::mlir::ArrayAttr":$params,
    OptionalParameter<"::mlir::IntegerSetAttr">:$requirements,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$zero_before_launch,
    OptionalParameter<"::mlir::AffineMapAttr">:$grid_tasks);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The parameters, typed.
    ::llvm::SmallVector<::exo::KernelParamAttr> getParamList() const;
    /// The module attribute that lists the kernels of a lowered module.
    static constexpr ::llvm::StringLiteral getKernelsAttrName() {
      return "exo.kernels";
    }
  }];
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOLAUNCH_TD

//===- ExoTypes.td - Types of the exo dialect --------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOTYPES_TD
#define EXOGPU_DIALECT_EXO_IR_EXOTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "ExoGPU/Dialect/Exo/IR/ExoAttrs.td"

class Exo_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Exo_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class Exo_ShapedDataType<string name, string typeMnemonic>
    : Exo_Type<name, typeMnemonic> {
  let parameters = (ins
    ArrayRefParameter<"::mlir::Attribute", "dimensions">:$dims,
    OptionalArrayRefParameter<"int64_t">:$ringDepths,
    "::mlir::Type":$elementType,
    "::exo::MemoryAttr":$memory);
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<::mlir::Attribute>":$dims,
                     "::mlir::Type":$elementType,
                     "::exo::MemoryAttr":$memory), [{
      return $_get($_ctxt, dims, ::llvm::ArrayRef<int64_t>{}, elementType,
                   memory);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getDims().size(); }
    /// Whether dimension `i` is a constant.
    bool isStaticDim(unsigned i) const {
      return ::llvm::isa<::mlir::IntegerAttr>(getDims()[i]);
    }
    bool hasStaticShape() const {
      return ::llvm::all_of(getDims(), [](::mlir::Attribute a) {
        return ::llvm::isa<::mlir::IntegerAttr>(a);
      });
    }
    /// The constant extent of dimension `i`; `isStaticDim(i)` must hold.
    int64_t getStaticDim(unsigned i) const {
      return ::llvm::cast<::mlir::IntegerAttr>(getDims()[i]).getInt();
    }
    /// The size argument naming dimension `i`, or null when the dimension
    /// is a constant or the unbounded extent `?` of a ring dimension.
    ::mlir::StringAttr getSymbolDim(unsigned i) const {
      return ::llvm::dyn_cast<::mlir::StringAttr>(getDims()[i]);
    }
    /// The ring depth of dimension `i`, 0 when it is not a ring dimension.
    int64_t getRingDepth(unsigned i) const {
      return getRingDepths().empty() ? 0 : getRingDepths()[i];
    }
    /// Extents with ShapedType::kDynamic for symbolic dimensions.
    ::llvm::SmallVector<int64_t> getStaticShapeOrDynamic() const;
  }];
}

def Exo_TensorType : Exo_ShapedDataType<"Tensor", "tensor"> {
  let summary = "a tensor: a dense array of scalars in one memory";
  let description = [{
    `!exo.tensor<[d0, d1, ...], element-type, memory>`. Each dimension is
    an integer or the name of an `index` argument of the enclosing proc
    (a size). `n ring d` marks a managed ring-buffer dimension: n logical
    slots stored in d physical ones (index modulo d); see `exo.alloc` for the
    barrier guarding it. Element types: `f32` (also holding tf32 values), `tf32`,
    `bf16`, `f16`, `i32`, `i8`. Memories: see `#exo.mem`.

    ```mlir
    !exo.tensor<[M, K], f32, gmem>
    !exo.tensor<[4, 128, 32], f32, smem_swizzle<128>>
    !exo.tensor<[2, 64, 256], f32, wgmma_accum>
    ```
  }];
}

def Exo_WindowType : Exo_ShapedDataType<"Window", "window"> {
  let summary = "a window: a strided view of part of a tensor";
  let description = [{
    `!exo.window<[d0, ...], element-type, memory>`: the type of `exo.window`
    results and of the array parameters of instruction procs. A window with
    memory `tma_map<...>` is a window of a GMEM tensor encoded as a
    `CUtensorMap` on the host.

    ```mlir
    !exo.window<[64, 8], f32, smem_swizzle<128>>
    !exo.window<[M, K], f32, tma_map<128, [128, 32]>>
    ```
  }];
}

def Exo_BarrierType : Exo_Type<"Barrier", "barrier"> {
  let summary = "an array of synchronization barriers";
  let description = [{
    `!exo.barrier<mechanism, [d0, ...]>`. Mechanisms: `mbarrier` (optionally
    `mbarrier(prearrive N)`: the first N elements along the ring dimension
    start already arrived once), `cp_async_group`, `bulk_group`,
    `wgmma_group` (commit groups: one queue per thread, warp or warpgroup)
    and `cluster_sync`. Leading dimensions may be distributed over CTAs or
    warpgroups like any tensor's. A dimension `n ring d` is indexed by the
    logical iteration (0 <= i < n) and stored in d physical barriers
    (i mod d); each logical mbarrier element is one-shot: one arrive and one
    await. Dimensions are integers or size names; a ring dimension's extent
    may be `?` (unbounded: as many iterations as the program runs).

    ```mlir
    !exo.barrier<mbarrier(prearrive 4), [2, 1, ? ring 4]>
    !exo.barrier<wgmma_group, [1, 1, 2]>
    !exo.barrier<bulk_group>
    !exo.barrier<cluster_sync>
    ```
  }];
  let parameters = (ins
    "::exo::BarrierKind":$kind,
    DefaultValuedParameter<"int64_t", "0">:$prearrive,
    OptionalArrayRefParameter<"::mlir::Attribute">:$dims,
    OptionalArrayRefParameter<"int64_t">:$ringDepths);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getDims().size(); }
    int64_t getRingDepth(unsigned i) const {
      return getRingDepths().empty() ? 0 : getRingDepths()[i];
    }
    /// The dimension that carries the ring, or -1.
    int getRingDim() const;
    /// The extent of dimension `d` in one CTA's (or thread's) part: a
    /// ring's depth, or the constant extent; none for a size.
    std::optional<int64_t> getLocalExtent(unsigned d) const;
    bool isCommitGroup() const {
      return getKind() == BarrierKind::CpAsyncGroup ||
             getKind() == BarrierKind::BulkGroup ||
             getKind() == BarrierKind::WgmmaGroup;
    }
  }];
}

def Exo_AnyShapedData : AnyTypeOf<[Exo_TensorType, Exo_WindowType],
    "exo tensor or window">;

#endif // EXOGPU_DIALECT_EXO_IR_EXOTYPES_TD

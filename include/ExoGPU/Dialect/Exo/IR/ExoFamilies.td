//===- ExoFamilies.td - Instruction families ---------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
// Each attribute below is one instruction family; an instance (the attribute
// with its parameters) names one hardware instruction. A kernel issues it
// with `exo.call #exo.<family><...>(...)`; the family builds the instruction
// proc (signature, access annotations, `instr<...>` and semantics) that the
// checkers, the CPU reference, `replace` and the lowering read.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXOFAMILIES_TD
#define EXOGPU_DIALECT_EXO_IR_EXOFAMILIES_TD

include "ExoGPU/Dialect/Exo/IR/ExoAttrs.td"
include "ExoGPU/Dialect/Exo/IR/ExoInterfaces.td"

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

def Exo_OperandLayout : I32EnumAttr<"OperandLayout",
    "where and how a wgmma A or B operand is laid out", [
    I32EnumAttrCase<"Sw128", 0, "sw128">,
    I32EnumAttrCase<"Sw64", 1, "sw64">,
    I32EnumAttrCase<"Sw32", 2, "sw32">,
    I32EnumAttrCase<"Interleave", 3, "interleave">,
    I32EnumAttrCase<"Regs", 4, "regs">,
    I32EnumAttrCase<"Sw128Mn", 5, "sw128_mn">,
    I32EnumAttrCase<"Sw64Mn", 6, "sw64_mn">,
    I32EnumAttrCase<"Sw32Mn", 7, "sw32_mn">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_TmaKind : I32EnumAttr<"TmaKind", "what a TMA instruction does", [
    I32EnumAttrCase<"Load", 0, "load">,
    I32EnumAttrCase<"Store", 1, "store">,
    I32EnumAttrCase<"ReduceAdd", 2, "reduce_add">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_MmaPart : I32EnumAttr<"MmaPart",
    "one instruction of the mma.sync family", [
    I32EnumAttrCase<"Mma", 0, "mma">,
    I32EnumAttrCase<"ZeroC", 1, "zero_c">,
    I32EnumAttrCase<"LoadA", 2, "load_a">,
    I32EnumAttrCase<"LoadB", 3, "load_b">,
    I32EnumAttrCase<"StoreC", 4, "store_c">,
    I32EnumAttrCase<"ConvertC", 5, "convert_c">,
    I32EnumAttrCase<"StmatrixC", 6, "stmatrix_c">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_ShflCombine : I32EnumAttr<"ShflCombine",
    "how a butterfly shuffle combines the two lanes' values", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

def Exo_GlobalAccessKind : I32EnumAttr<"GlobalAccessKind",
    "a per-thread global memory instruction", [
    I32EnumAttrCase<"Load", 0, "load">,
    I32EnumAttrCase<"Store", 1, "store">,
    I32EnumAttrCase<"RedAdd", 2, "red_add">,
  ]> {
  let cppNamespace = "::exo";
  let genSpecializedAttr = 0;
}

/// A memory written as inside types (`smem`, `smem_swizzle<128>`, `gmem`).
class Exo_BareMemoryParameterBase : AttrParameter<"::exo::MemoryAttr", "a memory"> {
  let parser = "::exo::MemoryAttr::parseBare($_parser)";
  let printer = "$_self.printBare($_printer)";
}
def Exo_BareMemoryParameter : Exo_BareMemoryParameterBase;

/// Linear shared memory unless stated.
def Exo_SmemDefaultParameter : Exo_BareMemoryParameterBase {
  let defaultValue = "::exo::MemoryAttr::get($_ctxt, ::exo::MemoryKind::Smem)";
}

/// A flag written `true` or `false`, false unless stated.
def Exo_FlagParameter : AttrParameter<"bool", "a flag"> {
  let parser = "::exo::parseFamilyFlag($_parser)";
  let printer = "$_printer << ($_self ? \"true\" : \"false\")";
  let defaultValue = "false";
}

/// A shape written `[64, 32]`.
class Exo_ShapeParameterBase : ArrayRefParameter<"int64_t", "a shape"> {
  let parser = "::exo::parseFamilyShape($_parser)";
  let printer = "::exo::printFamilyShape($_printer, $_self)";
}
def Exo_ShapeParameter : Exo_ShapeParameterBase;
def Exo_OptionalShapeParameter : OptionalArrayRefParameter<"int64_t", "a shape"> {
  let parser = "::exo::parseFamilyShape($_parser)";
  let printer = "::exo::printFamilyShape($_printer, $_self)";
}

class Exo_FamilyAttr<string name, string attrMnemonic>
    : Exo_Attr<name, attrMnemonic, [
        DeclareAttrInterfaceMethods<Exo_InstrFamilyAttrInterface>]> {
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

def Exo_WgmmaAttr : Exo_FamilyAttr<"Wgmma", "wgmma"> {
  let summary = "wgmma.mma_async: D[64, n] += A[64, k] * B[n, k]^T";
  let description = [{
    `wgmma.mma_async.sync.aligned.m64nNkK` with an accumulator in the
    warpgroup's registers (`wgmma_accum`; f32, or f16 with `acc`). `dtype` is `tf32` (f32 arrays
    whose operands the tensor core truncates toward zero, K = 8), `bf16` or
    `f16` (K = 16), or `f8E4M3FN` or `f8E5M2` (K = 32; both operands in
    swizzled shared memory; the products are exact in f32, the hardware's
    sum of them is not: examples/model/model_wgmma.mlir). `n` is a multiple
    of 8 from 8 to 256.

    `a` and `b` say where the operands are: `sw128`, `sw64`, `sw32` (shared
    memory in that swizzle, `[rows, K]`), `interleave` (unswizzled shared
    memory in core matrices: element (row, k) at `[k / c, row, k mod c]`
    where c elements make 16 bytes) or, for A only, `regs` (`wgmma_a`
    registers, `[64, K]`). Both default to `sw128`.

    B may also be N-major (`sw128_mn`, `sw64_mn`, `sw32_mn`; bf16 and f16
    only): the tile is stored with N contiguous, in spans of `s` elements
    (one swizzle span: 64, 32 or 16 of them) whose rows are the K values,
    the layout a TMA box of a row-major `[K, N]` matrix gives (attention's
    V in O += P V). The window is `[n / s, K, s]`, element (col, k) at
    `[col / s, k, col mod s]`; `n` is a multiple of `s`.

    `scale_d` is the instruction's scale-d: 1 (the default) accumulates,
    D += A * B^T; 0 overwrites, D = A * B^T, without reading D (the first
    K step of a tile, with no `wgmma_zero` before it).

    `acc` is the accumulator's type: `f32` (the default) or `f16`, which
    PTX allows with f16, f8E4M3FN and f8E5M2 operands. An f16 accumulator
    holds two elements per 32-bit register (n / 4 registers per thread), at
    the positions the f32 layout gives the same elements; its semantics
    adds each product, rounded to f16, to D in f16 (the hardware rounds
    less often; `--compare` states the tolerance).

    The instruction runs asynchronously: it reads A and B out of order and
    completes through a `wgmma_group` commit group.

    ```mlir
    exo.call #exo.wgmma<n = 128, dtype = tf32>(%d, %a, %b)
        : (!exo.window<[64, 128], f32, wgmma_accum>,
           !exo.window<[64, 8], f32, smem_swizzle<128>>,
           !exo.window<[128, 8], f32, smem_swizzle<128>>)
    ```
  }];
  let parameters = (ins
    "int64_t":$n,
    "::mlir::Type":$dtype,
    DefaultValuedParameter<"::exo::OperandLayout",
                           "::exo::OperandLayout::Sw128">:$a,
    DefaultValuedParameter<"::exo::OperandLayout",
                           "::exo::OperandLayout::Sw128">:$b,
    DefaultValuedParameter<"int64_t", "1">:$scale_d,
    DefaultValuedParameter<"::mlir::Type", "::mlir::Float32Type::get($_ctxt)">:$acc);
  let extraClassDeclaration = [{
    /// K: 32 bytes of operand elements (8 for tf32, 16 for bf16 and f16,
    /// 32 for fp8).
    int64_t getK() const;

    /// The accumulator's fragment layout (m64nN): element (row, col) of the
    /// 64 x N tile is held by thread `thread` of the warpgroup, as the
    /// `reg`-th of its N / 2 elements (f32: one per register; f16: two,
    /// element `reg` in half `reg` mod 2 of register `reg` / 2)
    /// (FragmentLayout.h, which the lowering's register addressing reads
    /// too). The collective analysis
    /// checks element accesses against it.
    struct FragmentSlot {
      int64_t thread;
      int64_t reg;
    };
    static FragmentSlot getAccumulatorSlot(int64_t row, int64_t col) {
      fragment::IntArith a;
      return {fragment::wgmmaAccumulatorThread(a, row, col),
              fragment::wgmmaAccumulatorRegister(a, row, col)};
    }
    /// The register-A operand's layout (`wgmma_a`, 64 x K): for 16-bit
    /// types (K = 16) the accumulator's; for tf32 (K = 8) its own
    /// (FragmentLayout.h).
    static FragmentSlot getOperandASlot(int64_t row, int64_t col,
                                        bool tf32) {
      if (!tf32)
        return getAccumulatorSlot(row, col);
      fragment::IntArith a;
      return {fragment::wgmmaTf32AThread(a, row, col),
              fragment::wgmmaTf32ARegister(a, row, col)};
    }
  }];
}

def Exo_WgmmaZeroAttr : Exo_FamilyAttr<"WgmmaZero", "wgmma_zero"> {
  let summary = "zeroes a wgmma accumulator";
  let description = [{
    D[64, n] = 0 for an `acc` accumulator (`f32`, the default, or `f16`).
    Each thread of the warpgroup sets its n / 2 (f16: n / 4) accumulator
    registers to 0 (one `mov.b32` each, in one
    volatile asm), then `wgmma.fence` orders those writes before the next
    wgmma. (The wgmma's scale-d = 0 form would zero the accumulator inside
    the instruction; the lowering does not use it.)

    ```mlir
    exo.call #exo.wgmma_zero<n = 256>(%d) : (!exo.window<[64, 256], f32, wgmma_accum>)
    ```
  }];
  let parameters = (ins "int64_t":$n,
    DefaultValuedParameter<"::mlir::Type", "::mlir::Float32Type::get($_ctxt)">:$acc);
}

def Exo_WgmmaStoreAttr : Exo_FamilyAttr<"WgmmaStore", "wgmma_store"> {
  let summary = "stores a wgmma accumulator tile to shared or global memory";
  let description = [{
    dst[64, n] = D (f32), or dst += D with `reduce` (global memory, atomic
    `red.global.add`). `dtype = bf16` or `f16` rounds to that type (to
    nearest even). An f16 accumulator (`acc = f16`) is stored as it is
    (`dtype = f16`, no `reduce`). The stores go
    into shared memory with `stmatrix`, into global memory with 16-byte
    stores after a transpose of words within each quad (or 4- and 2-byte
    stores where the window's alignment does not allow them). `dst` is
    `smem` or `gmem`; a global destination may reach past its tensor (`oob`
    windows): the elements past it are skipped.

    ```mlir
    exo.call #exo.wgmma_store<n = 128, dst = smem>(%c, %d)
        : (!exo.window<[64, 128], f32, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
    exo.call #exo.wgmma_store<n = 256, dst = gmem, reduce = true>(%c, %d) : ...
    ```
  }];
  let parameters = (ins
    "int64_t":$n,
    Exo_BareMemoryParameter:$dst,
    DefaultValuedParameter<"::mlir::Type", "::mlir::Float32Type::get($_ctxt)">:$dtype,
    Exo_FlagParameter:$reduce,
    DefaultValuedParameter<"::mlir::Type", "::mlir::Float32Type::get($_ctxt)">:$acc);
}

def Exo_WgmmaLoadAAttr : Exo_FamilyAttr<"WgmmaLoadA", "wgmma_load_a"> {
  let summary = "loads a wgmma A operand from shared memory into registers";
  let description = [{
    A[64, K] (`wgmma_a` registers) = src[64, K] (plain shared memory), K = 8
    for tf32 (f32 elements) and 16 for bf16 and f16.

    ```mlir
    exo.call #exo.wgmma_load_a<dtype = bf16>(%a, %src)
        : (!exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[64, 16], bf16, smem>)
    ```
  }];
  let parameters = (ins "::mlir::Type":$dtype);
  let extraClassDeclaration = [{
    int64_t getK() const;
  }];
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def Exo_TmaAttr : Exo_FamilyAttr<"Tma", "tma"> {
  let summary = "a TMA tensor copy: load (multicast), store or reduce-add";
  let description = [{
    `cp.async.bulk.tensor.Nd` between a global tensor (a `tma_map` window)
    and shared memory, for ranks 1 to 5. `shape` is the window one
    instruction moves; `swizzle` (0, 32, 64 or 128 bytes) is both the tensor
    map's and the shared memory's (`smem` for 0, `smem_swizzle<S>` else).
    `box` is the tensor map's box, one extent per dimension of the global
    tensor; by default the window's shape (rows split over a multicast
    group). Each issuing CTA moves exactly one box, except that a store
    from swizzled shared memory whose rows are longer than one swizzle span
    moves them as boxes of one span's columns; a box with more dimensions
    than the window has extent 1 in the dimensions the window fixes. The
    lowering refuses a window that is not so made of boxes.

    - `load`: smem = gmem, completing on a trailing `mbarrier` with the
      bytes it writes. With `multicast = c`, the c CTAs of a multicast group
      (`c * warp_in_cluster_strided(stride)`, CTAs `stride` apart) each load
      `shape[0] / c` rows (the map's box) and every CTA of the group
      receives the whole window: the destination is `[c, shape...]`,
      distributed over the CTAs.
    - `store`: gmem = smem, completing through a `bulk_group`.
    - `reduce_add`: gmem += smem, atomically, through a `bulk_group`.

    Reads past the end of the tensor load zeros; writes past it are dropped.
    A box starts at a multiple of 16 bytes of the tensor's innermost
    dimension: the lowering refuses a window whose start there it cannot
    prove so (the copy engine faults on it).

    A copy is issued for a warp (unit `warp`: its lane 0 issues it); with
    `thread = true`, by one thread (unit `thread`) of its own, whichever
    lane it is. A multicast load is issued by a warp of each CTA of its
    group.

    ```mlir
    exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>(%dst, %src) >> %full[%k]
        : (!exo.window<[64, 32], f32, smem_swizzle<128>>,
           !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>) >> !exo.barrier<mbarrier, [? ring 1]>
    ```
  }];
  let parameters = (ins
    "::exo::TmaKind":$kind,
    Exo_ShapeParameter:$shape,
    "::mlir::Type":$dtype,
    DefaultValuedParameter<"int64_t", "0">:$swizzle,
    DefaultValuedParameter<"int64_t", "0">:$multicast,
    DefaultValuedParameter<"int64_t", "1">:$stride,
    Exo_OptionalShapeParameter:$box,
    Exo_FlagParameter:$thread);
  let extraClassDeclaration = [{
    /// The tensor map's box: `box` when given, else the window's shape with
    /// its rows split over the multicast group.
    ::llvm::SmallVector<int64_t> getBoxOrDefault() const;
    /// A load's bytes per issuing CTA and receiving CTA: the window's, over
    /// the multicast group's CTAs (each issues its share of the rows, and
    /// every CTA of the group receives every share).
    std::optional<int64_t> getTransactionBytes() const;
  }];
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

def Exo_MmaAttr : Exo_FamilyAttr<"Mma", "mma"> {
  let summary = "the mma.sync family (m16n8k8 tf32, m16n8k16 bf16 and f16)";
  let description = [{
    Warp-level tensor core instructions on register fragments: `mma`
    (C[16, 8] += A[16, K] * B[8, K]^T), `zero_c`, `load_a` and `load_b`
    (`ldmatrix` or per-thread loads from shared memory), `store_c` (the f32
    accumulator to global or shared memory), `convert_c` (f32 to `dtype`
    fragments) and `stmatrix_c` (`dtype` fragments to shared memory). K = 8
    for tf32, 16 for bf16 and f16. `mem` is the memory of the non-fragment
    side of loads and stores (default `smem`).

    ```mlir
    exo.call #exo.mma<part = mma, dtype = bf16>(%c, %a, %b) : ...
    exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%g, %c) : ...
    ```
  }];
  let parameters = (ins
    "::exo::MmaPart":$part,
    "::mlir::Type":$dtype,
    Exo_SmemDefaultParameter:$mem);
  let extraClassDeclaration = [{
    int64_t getK() const;
    /// Where element (row, col) of a 16 x 8 accumulator fragment lives: the
    /// lane of the warp that holds it and its register among the lane's
    /// four (the PTX layout of mma.m16n8 C / D: c0, c1 in row lane / 4,
    /// c2, c3 eight rows below, columns 2 (lane mod 4) and the next;
    /// FragmentLayout.h).
    struct FragmentSlot {
      int64_t lane;
      int64_t reg;
    };
    static FragmentSlot getAccumulatorSlot(int64_t row, int64_t col) {
      fragment::IntArith a;
      return {fragment::mmaAccumulatorLane(a, row, col),
              fragment::mmaAccumulatorRegister(a, row, col)};
    }
  }];
}

//===----------------------------------------------------------------------===//
// Per-thread and warp instructions
//===----------------------------------------------------------------------===//

def Exo_GlobalAttr : Exo_FamilyAttr<"Global", "global"> {
  let summary = "per-thread global memory accesses: vector loads and stores, red.add";
  let description = [{
    `load` (`ld.global.v4`): regs[width] = gmem[width]; `store`
    (`st.global.v4`): gmem[width] = regs[width]; 16 bytes each, so `width`
    is 4 for f32, 8 for bf16 and f16, 16 for fp8; the global address must
    be 16-byte aligned. `red_add` (`red.global.add`, f32, width 1):
    gmem[0] += regs[0], atomically.

    ```mlir
    exo.call #exo.global<kind = load, width = 4, dtype = f32>(%r, %x)
        : (!exo.window<[4], f32, regs>, !exo.window<[4], f32, gmem>)
    ```
  }];
  let parameters = (ins
    "::exo::GlobalAccessKind":$kind,
    "int64_t":$width,
    "::mlir::Type":$dtype);
}

def Exo_ShflXorAttr : Exo_FamilyAttr<"ShflXor", "shfl_xor"> {
  let summary = "a butterfly step: two lanes `lane_mask` apart combine their values";
  let description = [{
    `shfl.sync.bfly` with `lane_mask` (1, 2, 4, 8 or 16) and an f32
    `combine` of the two values: `add`, `max` (`max.NaN`, NaN when either
    is) or `min` (`min.NaN`), as `arith.addf`, `arith.maximumf` and
    `arith.minimumf` compute them. The pair of threads t and t xor
    lane_mask (the unit `2 * threads_strided(1, lane_mask)`) each end with
    the combination of their two values. The argument is a `[2]` register
    window distributed over the pair (one element per thread), read and
    written in place. Steps with masks 2 and 1 reduce the four threads of a
    quad (a row of a wgmma accumulator), 16 .. 1 a whole warp.

    ```mlir
    exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%p, %p)
        : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
    ```
  }];
  let parameters = (ins "::exo::ShflCombine":$combine, "int64_t":$lane_mask,
                        "::mlir::Type":$dtype);
}

def Exo_CpAsyncAttr : Exo_FamilyAttr<"CpAsync", "cp_async"> {
  let summary = "cp.async: one thread copies 4, 8 or 16 bytes from global to shared memory";
  let description = [{
    `cp.async.ca.shared.global` (`cp.async.cg` for 16 bytes): smem[n] =
    gmem[n] for the `bytes / sizeof(dtype)` elements, asynchronously; it
    completes through a `cp_async_group` commit group.

    ```mlir
    exo.call #exo.cp_async<bytes = 16, dtype = f32>(%s, %g)
        : (!exo.window<[4], f32, smem>, !exo.window<[4], f32, gmem>)
    ```
  }];
  let parameters = (ins "int64_t":$bytes, "::mlir::Type":$dtype);
}

def Exo_Memset0Attr : Exo_FamilyAttr<"Memset0", "memset0"> {
  let summary = "cudaMemsetAsync to zero of a whole global tensor, from the host";
  let description = [{
    Zeroes a `rank`-dimensional global tensor of `dtype` on the kernel's
    stream (a host instruction on the `cpu_cuda_stream` timeline). Its
    sizes are its first arguments.

    ```mlir
    exo.call #exo.memset0<rank = 2, dtype = f32>(%M, %N, %C) : (index, index, !C)
    ```
  }];
  let parameters = (ins "int64_t":$rank, "::mlir::Type":$dtype);
}

#endif // EXOGPU_DIALECT_EXO_IR_EXOFAMILIES_TD

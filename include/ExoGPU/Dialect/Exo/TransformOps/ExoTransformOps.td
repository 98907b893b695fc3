//===- ExoTransformOps.td - Scheduling ops on exo programs -*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
// transform.exo.* ops: each is a thin wrapper over a rewrite in
// ExoGPU/Transforms/Rewrites.h that checks its precondition before touching
// the payload and keeps the sequential meaning of the program.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_TD
#define EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/IR/TransformTypes.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "ExoGPU/Dialect/Exo/IR/ExoEnums.td"
include "ExoGPU/Dialect/Exo/IR/ExoInterfaces.td"
include "ExoGPU/Dialect/Exo/TransformOps/ExoTransformEnums.td"

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// A loop mode of the exo dialect (`seq`, `cuda_tasks`,
// `cuda_threads<unit>`), written without its `#exo.mode<...>` wrapper.
def Exo_TransformLoopModeAttr
    : Attr<CPred<"::llvm::isa<::exo::LoopModeAttr>($_self)">, "a loop mode"> {
  let storageType = "::exo::LoopModeAttr";
  let returnType = "::exo::LoopModeAttr";
  let convertFromStorage = "$_self";
}

// A memory of the exo dialect, written as in types (`regs`, `smem`).
def Exo_TransformMemoryAttr
    : Attr<CPred<"::llvm::isa<::exo::MemoryAttr>($_self)">, "an exo memory"> {
  let storageType = "::exo::MemoryAttr";
  let returnType = "::exo::MemoryAttr";
  let convertFromStorage = "$_self";
}

// The C++ classes live in mlir::transform, next to upstream's transform ops.
// A class name that upstream also uses there (Linalg's ReplaceOp, FuseOp,
// SpecializeOp) would share its TypeID with the copy in libMLIR.so once the
// plugin is loaded into mlir-opt, and the op would silently not register:
// such ops get an `Exo` prefix (ExoReplaceOp, ...). Plugin/plugin-equivalence.test
// runs every transform test through the plugin to catch another clash.
class Exo_TransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "exo." # mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

def Exo_MatchProcOp : Exo_TransformOp<"match_proc", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the exo.proc with a given name";
  let description = [{
    Returns a handle to every `exo.proc` called `proc_name` nested in the
    target payload ops (a module usually holds one). Use it to schedule one
    proc of a file that also holds its specification.

    ```mlir
    %p = transform.exo.match_proc @gemm_sched in %root
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, naming the symbol, if no such proc is
    found. Only reads the target handle and the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       FlatSymbolRefAttr:$proc_name);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $proc_name `in` $target attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_MatchLoopOp : Exo_TransformOp<"match_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the exo.for loops whose iterator has a given name";
  let description = [{
    Returns a handle to every `exo.for` nested in the target payload ops whose
    `iter_name` is `iter_name`, in pre-order (outer loops before the loops
    they contain, then program order).

    ```mlir
    %i = transform.exo.match_loop "i" in %root
        : (!transform.any_op) -> !transform.any_op
    ```

    The name may come from a parameter holding a string, so that a named
    sequence serves programs whose loops are named differently (the K loop
    of a GEMV is `k`, that of its split-K form `kc`):

    ```mlir
    %k = transform.exo.match_loop %k_name in %root
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, with a note at each target, if no loop of
    that name is found. Only reads the target handle and the payload.
    Produces a definite failure if the parameter holds other than one
    string.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$iter_name_param,
                       OptionalAttr<StrAttr>:$iter_name);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    custom<StrOrParam>($iter_name_param, $iter_name) `in` $target attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_GetParentLoopOp : Exo_TransformOp<"get_parent_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the exo.for directly enclosing each target";
  let description = [{
    Returns a handle to the closest `exo.for` that encloses each target
    payload op (one loop per target, in target order, without duplicates).

    ```mlir
    %loop = transform.exo.get_parent_loop %stmt
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, with a note at the target, if a target is
    not inside any `exo.for`. Only reads the target handle and the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$parent);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def Exo_MatchAccessOp : Exo_TransformOp<"match_access", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the element accesses of a tensor";
  let description = [{
    Returns a handle to every `exo.read`, `exo.assign` and `exo.reduce`
    nested in the target payload ops that accesses the tensor called
    `tensor` (an allocation or proc argument of that name, also through
    windows of it), in program order. With `kind`, only reads (`"read"`),
    assignments (`"assign"`) or reductions (`"reduce"`).

    ```mlir
    %reads = transform.exo.match_access "A" kind "read" in %loop
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure if nothing matches. Only reads the target
    handle and the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, StrAttr:$tensor,
                       OptionalAttr<StrAttr>:$kind);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $tensor (`kind` $kind^)? `in` $target attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_GetSiblingStmtOp : Exo_TransformOp<"get_sibling_stmt", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the statement after or before each target";
  let description = [{
    For each target, returns the next (`offset` > 0) or previous (`offset` <
    0) statement `|offset|` statements away in its block. Statements are the
    exo ops that do something (loops, guards, allocations, writes, calls,
    syncs); index arithmetic, reads and windows are expressions and are
    skipped.

    ```mlir
    %next = transform.exo.get_sibling_stmt %loop offset 1
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure, with a note at the target, if there is
    no such statement. Only reads the target handle and the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$offset);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `offset` $offset attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_GetBodyOp : Exo_TransformOp<"get_body", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    NavigationTransformOpTrait, MemoryEffectsOpInterface
  ]> {
  let summary = "finds the statements of a loop's body";
  let description = [{
    Returns a handle to the statements (see `get_sibling_stmt`) directly in
    the body of each target `exo.for`, `exo.warps` or `exo.device_function`,
    in order.

    ```mlir
    %stmts = transform.exo.get_body %loop
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Produces a silenceable failure if a target has no body or its body has no
    statement. Only reads the target handle and the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Loop rewrites
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

def Exo_ExprOp : Exo_TransformOp<"expr", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    MemoryEffectsOpInterface,
    ParamProducerTransformOpTrait
  ]> {
  let summary = "builds an index expression from parameters";
  let description = [{
    Produces a parameter holding one string: `format` with each `{i}`
    replaced by the decimal value of the integer that argument `i` holds,
    or by the index expression (a string) it holds, as written (`{{` and
    `}}` stand for braces; a string argument is not parenthesized, so it
    fits where a sum of terms does). The string is an index expression for the
    ops that take one (`stage_mem`'s offsets), so that a named sequence can
    scale and extend its expressions by its parameters:

    ```mlir
    %kt = transform.param.constant 64 : i64 -> !transform.param<i64>
    %at = transform.exo.expr "{0} * ko" (%kt)
        : (!transform.param<i64>) -> !transform.any_param
    %n = transform.param.constant "256 * tn" -> !transform.any_param
    %q = transform.exo.expr "{0} + 64 * q" (%n)
        : (!transform.any_param) -> !transform.any_param
    ```

    #### Return modes

    Only reads its arguments. Produces a definite failure if an argument
    holds other than one integer or string, or `format` names an argument
    that does not exist or has an unmatched brace.
  }];
  let arguments = (ins StrAttr:$format,
                       Variadic<TransformParamTypeInterface>:$args);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = [{
    $format (`(` $args^ `)`)? attr-dict `:` functional-type($args, $result)
  }];
}

def Exo_DivideLoopOp : Exo_TransformOp<"divide_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]> {
  let summary = "splits a loop into an outer and an inner loop of Q iterations";
  let description = [{
    Rewrites each target `exo.for %i = lo to hi seq` into

    ```
    exo.for %io = 0 to N seq {
      exo.for %ii = 0 to Q seq {
        %i = lo + Q * io + ii ; the original body
      }
    }
    ```

    with the iterator names `outer_name` and `inner_name`. `tail` says what
    happens when Q does not divide the trip count `T = hi - lo`:

    - `perfect`: N = T / Q. The precondition is that Q divides T for every
      size allowed by the proc's `requires` set (and every value of the
      enclosing loop iterators), proved with the Presburger library.
    - `guard`: N = ceil(T / Q), and the body is wrapped in
      `exo.if (lo + Q * io + ii < hi)`.
    - `cut`: N = T / Q for the full chunks, followed by a tail loop
      `exo.for %ii = 0 to T mod Q` over the rest (omitted when T is a constant
      multiple of Q); the body is copied into it.

    All three run the body for the same values of `i` in the same order, so
    the sequential meaning is unchanged. Only `seq` loops are divided: set the
    parallel modes afterwards with `transform.exo.set_loop_mode`.

    ```mlir
    %io, %ii, %tail = transform.exo.divide_loop %i by 4 ["io", "ii"] tail = cut
        : (!transform.any_op)
       -> (!transform.any_op, !transform.any_op, !transform.any_op)
    ```

    Q is an integer or a parameter (`by %q`, a `!transform.param` holding
    one positive integer), so that a named sequence can take it as an
    argument; so may the names (parameters holding strings) and the tail
    (a parameter holding `"perfect"`, `"guard"` or `"cut"`).

    #### Return modes

    Consumes the target handle and produces three handles: the outer loops,
    the inner loops and the tail loops (empty unless `tail = cut`). Produces
    a silenceable failure, with a note at the offending payload op and the IR
    untouched, if a target is not an `exo.for`, is not a `seq` loop, the two
    names are empty or equal, or (`perfect`) divisibility cannot be proved;
    the note gives sizes that satisfy `requires` but not the divisibility
    when there are such sizes. All targets are checked before any is
    rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$factor_param,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$factor,
                       Optional<TransformParamTypeInterface>:$outer_name_param,
                       OptionalAttr<StrAttr>:$outer_name,
                       Optional<TransformParamTypeInterface>:$inner_name_param,
                       OptionalAttr<StrAttr>:$inner_name,
                       Optional<TransformParamTypeInterface>:$tail_param,
                       OptionalAttr<Exo_DivideTail>:$tail);
  let results = (outs TransformHandleTypeInterface:$outer,
                      TransformHandleTypeInterface:$inner,
                      TransformHandleTypeInterface:$tail_loop);
  let assemblyFormat = [{
    $target `by` custom<IntOrParam>($factor_param, $factor) ` `
    `[` custom<StrOrParam>($outer_name_param, $outer_name) `,`
    custom<StrOrParam>($inner_name_param, $inner_name) `]` `tail` `=`
    custom<TailOrParam>($tail_param, $tail)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_ReorderLoopsOp : Exo_TransformOp<"reorder_loops", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "swaps a loop with the loop nested directly in it";
  let description = [{
    Rewrites each target `exo.for %i { index arithmetic; exo.for %j { B } }`
    into `exo.for %j { exo.for %i { index arithmetic; B } }`; each loop keeps
    its bounds, mode and name.

    Preconditions:
    - the target's body holds exactly one `exo.for` and otherwise only
      side-effect-free index arithmetic (perfect nesting);
    - the inner loop's bounds do not depend on the outer iterator;
    - a `cuda_tasks` loop is not swapped with a loop of another mode;
    - no dependence is reversed. For every pair of accesses to the same
      tensor in the nest (write/write, write/read, read/write; two
      `exo.reduce` commute and form no dependence) whose indices are
      quasi-affine in the iterators and sizes, the Presburger relation
      `{(i, j, i', j') : bounds, requires, idx(i, j) == idx'(i', j'),
      (i, j) <lex (i', j'), (j', i') <lex (j, i)}` must be empty. An access
      whose indices are not quasi-affine, or an `exo.call` in the nest,
      cannot be analyzed and makes the rewrite refuse.

    ```mlir
    %j, %i2 = transform.exo.reorder_loops %i
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target handle and produces two handles: the new outer loops
    (the former inner loops) and the new inner loops. Produces a silenceable
    failure and leaves the IR untouched if a precondition does not hold: a
    reversed dependence is reported at one access, with a note at the other
    and an example of two iterations whose order would flip; other failures
    carry a note at the offending payload op. All targets are checked before
    any is rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$outer,
                      TransformHandleTypeInterface:$inner);
  let assemblyFormat = "$target attr-dict `:` functional-type(operands, results)";
}

def Exo_SetLoopModeOp : Exo_TransformOp<"set_loop_mode", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "sets the parallel mode of a loop";
  let description = [{
    Sets the mode of each target `exo.for` to `seq`, `cuda_tasks` or
    `cuda_threads<unit>`. Every mode means "in order" sequentially, so the
    sequential meaning is unchanged; whether the parallel program is correct
    is for the collective analysis and the sync checker to decide.

    The precondition is structural: the loop with its new mode must satisfy
    the `exo.for` verifier (GPU modes inside an `exo.device_function`,
    `cuda_threads` loops from 0 to a positive constant) and the enclosing
    device function must remain one nest of `cuda_tasks` loops.

    ```mlir
    transform.exo.set_loop_mode %ii cuda_threads<warp> : !transform.any_op
    ```

    The mode may come from a parameter holding a mode attribute
    (`transform.param.constant #exo.mode<cuda_threads<warp>>`):
    `set_loop_mode %ii %m : !transform.any_op, !transform.any_param`.

    #### Return modes

    Only reads the target handle; modifies the payload. Produces a
    silenceable failure, with a note at the offending loop and the IR
    untouched, if a target is not an `exo.for` or the new mode would be
    invalid there. All targets are checked before any is changed.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$mode_param,
                       OptionalAttr<Exo_TransformLoopModeAttr>:$mode);
  let results = (outs);
  let assemblyFormat = [{
    $target custom<LoopModeOrParam>($mode_param, $mode) attr-dict `:`
    type($target) (`,` type($mode_param)^)?
  }];
  let hasVerifier = 1;
}

def Exo_FissionOp : Exo_TransformOp<"fission", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "splits the loops around a statement after it";
  let description = [{
    Splits the `depth` loops (default 1) around each target statement after
    it: each of them is followed by a loop with the same bounds, mode and
    name that holds what followed the statement in it.

    ```
    exo.for %i { A; S; B }   -->   exo.for %i { A; S }
                                   exo.for %i { B }
    ```

    With `depth = 2`, `for i { C; for j { A; S; B }; D }` becomes
    `for i { C; for j { A; S } }; for i { for j { B }; D }`. The statement's
    ancestors up to that depth must be `exo.for` loops (not `cuda_tasks`:
    a device function keeps one task nest).

    Preconditions:
    - something follows the statement in the nest;
    - no SSA value defined in the first part is used in the second, unless
      it is side-effect-free arithmetic (index arithmetic, constants,
      windows) of values available there: it is then computed again at the
      start of the new loop;
    - no dependence is reversed. Every instance of the first part now runs
      before every instance of the second, so for each pair of accesses to
      the same tensor, `src` in the second part and `dst` in the first (at
      least one a write; two `exo.reduce` commute), the Presburger set of
      iterations where `src` ran first (the common loop iterators
      lexicographically smaller) and both touch the same element must be
      empty. An `exo.call` or an access that cannot be analyzed makes the
      rewrite refuse.

    ```mlir
    %first, %second = transform.exo.fission %stmt {depth = 1}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    The depth may come from a parameter holding a positive integer
    (`fission %stmt depth %d`), in place of the attribute.

    #### Return modes

    Only reads the target handle (the statement stays in the first loop)
    and produces two handles: the outermost split loops (the original ops)
    and the new loops after them. Produces a silenceable failure and leaves
    the IR untouched if a precondition does not hold: a reversed dependence
    is reported at the access of the second part, with a note at the other
    and an example of the two iterations; a value used across the split is
    named, with notes at its definition and use. All targets are checked
    before any is rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$depth,
                       Optional<TransformParamTypeInterface>:$depth_param);
  let results = (outs TransformHandleTypeInterface:$first,
                      TransformHandleTypeInterface:$second);
  let assemblyFormat = [{
    $target (`depth` $depth_param^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_UnrollOp : Exo_TransformOp<"unroll", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "fully unrolls a loop with constant bounds";
  let description = [{
    Replaces each target `exo.for %i = lo to hi seq` whose bounds are
    constants by `hi - lo` copies of its body, the k-th with `%i` replaced by
    the constant `lo + k`. The copies run in the loop's order, so the
    sequential meaning is unchanged. An allocation in the body is allocated
    once per copy.

    Preconditions: the loop is `seq` (the iterations of a `cuda_threads` or
    `cuda_tasks` loop run on different units: they are not a sequence to
    unroll), its bounds are constants, and it runs at most `max` times
    (default 64).

    ```mlir
    transform.exo.unroll %k {max = 128} : !transform.any_op
    ```

    #### Return modes

    Consumes the target handle and produces nothing. Produces a silenceable
    failure, with a note at the offending loop and the IR untouched, if a
    precondition does not hold. All targets are checked before any is
    rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DefaultValuedAttr<ConfinedAttr<I64Attr, [IntNonNegative]>,
                                         "64">:$max);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def Exo_CutLoopOp : Exo_TransformOp<"cut_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "splits a loop's range at a point";
  let description = [{
    Rewrites each target `exo.for %i = lo to hi seq` into a loop from `lo`
    to `cut` followed by a loop from `cut` to `hi`, both with the body (and
    the loop's name and mode).

    The precondition is that the two loops run the iterations of the
    original: `lo <= cut <= hi`, or `hi <= cut <= lo` (all three loops
    empty), for every size allowed by the proc's `requires` and every value
    of the enclosing loop iterators, proved with the Presburger library.
    Only `seq` loops are cut.

    ```mlir
    %lo, %hi = transform.exo.cut_loop %i at 4
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    The point may come from a parameter holding an integer
    (`cut_loop %i at %n : (!transform.any_op, !transform.param<i64>) -> ...`).

    #### Return modes

    Consumes the target handle and produces two handles: the loops over
    `[lo, cut)` and over `[cut, hi)`. Produces a silenceable failure, with
    the IR untouched, if a precondition does not hold; the note at the loop
    gives sizes for which `cut` is outside its range. All targets are
    checked before any is rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$cut_param,
                       OptionalAttr<I64Attr>:$cut);
  let results = (outs TransformHandleTypeInterface:$first,
                      TransformHandleTypeInterface:$second);
  let assemblyFormat = [{
    $target `at` custom<IntOrParam>($cut_param, $cut) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_JoinLoopsOp : Exo_TransformOp<"join_loops", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "joins two adjacent loops over touching ranges";
  let description = [{
    The inverse of `cut_loop`: `exo.for %i = lo to m seq { B }` followed by
    `exo.for %j = m' to hi seq { B' }` becomes `exo.for %i = lo to hi seq
    { B }`. The i-th payload op of `first` is joined with the i-th of
    `second`.

    Preconditions:
    - the second loop follows the first in the same block, with only
      side-effect-free ops between them;
    - both loops are `seq`;
    - the bodies are structurally equal up to the iterator (same ops,
      attributes and types; the same values from outside);
    - the ranges touch: `m == m'`, and `lo <= m <= hi` or `hi <= m <= lo`,
      for every size allowed by `requires` (Presburger).

    ```mlir
    %ij = transform.exo.join_loops %i0, %i1
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Consumes both handles and produces a handle to the joined loops.
    Produces a silenceable failure, with a note at the offending payload op
    (and sizes for which the ranges do not touch) and the IR untouched, if a
    precondition does not hold or the handles hold different numbers of
    ops. All pairs are checked before any is rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$first,
                       TransformHandleTypeInterface:$second);
  let results = (outs TransformHandleTypeInterface:$joined);
  let assemblyFormat = [{
    $first `,` $second attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_ShiftLoopOp : Exo_TransformOp<"shift_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "makes a loop start at a given value";
  let description = [{
    Rewrites each target `exo.for %i = lo to hi seq` into
    `exo.for %i' = N to N + (hi - lo) seq` with `%i = %i' - N + lo` in the
    body: the same iterations, in the same order. Only `seq` loops are
    shifted, and `N` must be non-negative (iterators stay non-negative,
    which the dependence analysis relies on).

    ```mlir
    %s = transform.exo.shift_loop %i to 0
        : (!transform.any_op) -> !transform.any_op
    ```

    `N` may come from a parameter holding an integer.

    #### Return modes

    Consumes the target handle and produces a handle to the shifted loops.
    Produces a silenceable failure, with the IR untouched, if a target is
    not a `seq` `exo.for` or `N` is negative.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$start_param,
                       OptionalAttr<I64Attr>:$start);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `to` custom<IntOrParam>($start_param, $start) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_LiftAllocOp : Exo_TransformOp<"lift_alloc", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "moves an allocation out of its enclosing loop";
  let description = [{
    Moves each target `exo.alloc` of a tensor from the body of its enclosing
    `seq` loop to just before the loop: one tensor for all iterations
    instead of a new one per iteration.

    The precondition is that no iteration can read a value an earlier one
    stored: for every write (or reduction) and read (or reduction) of the
    tensor in the loop, the Presburger set of iterations `i < i'` where the
    write at `i` and the read at `i'` touch the same element must be empty.
    Any other use of the tensor (an `exo.call`) makes the rewrite refuse. A
    guarded allocation's barrier must be defined outside the loop.

    A barrier array without a ring dimension is lifted as it is: barriers
    mean nothing sequentially, and whether one array for all iterations
    still synchronizes is for `-exo-check-sync`. A ring barrier array is
    refused (its phases would start again each iteration; see
    `transform.exo.chain_rings`).

    ```mlir
    transform.exo.lift_alloc %tile : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle (the allocation op moves). Produces a
    silenceable failure, with notes at the offending payload ops (and an
    example of a read that could see an earlier iteration's write) and the
    IR untouched, if a precondition does not hold. All targets are checked
    before any is moved.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def Exo_SinkAllocOp : Exo_TransformOp<"sink_alloc", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "moves an allocation into the only loop that uses it";
  let description = [{
    The inverse of `lift_alloc`: moves each target `exo.alloc` of a tensor
    to the start of the body of the `seq` loop that follows it in its block
    and holds all its uses: a new tensor per iteration. The precondition is
    `lift_alloc`'s for that loop: no iteration can read a value an earlier
    one stored (Presburger).

    ```mlir
    transform.exo.sink_alloc %tile : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle (the allocation op moves). Produces a
    silenceable failure, with notes at the offending payload ops and the IR
    untouched, if the allocation is used outside one loop, the loop is not
    `seq`, or a value could be carried across iterations. All targets are
    checked before any is moved.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

//===----------------------------------------------------------------------===//
// Tensor rewrites
//===----------------------------------------------------------------------===//

def Exo_StageMemOp : Exo_TransformOp<"stage_mem", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]> {
  let summary = "redirects a window of a tensor to a new tensor around statements";
  let description = [{
    The target handle holds consecutive statements of one block. Every read,
    write and reduction of the tensor `tensor` in them (found by name: an
    allocation before them or a proc argument) is redirected to a new tensor
    `new_name` in `memory`, of extents `sizes`, holding the window of
    `tensor` that starts at `offsets`. Offsets are linear index expressions
    (`"16 * io + 4"`) over the iterators of enclosing loops and the proc's
    sizes.

    Before the statements, a loop nest copies the window into the new tensor;
    after them, when they write it, another copies it back. When the
    statements only reduce into the tensor (an accumulator), the copy starts
    at zero and is added back instead, so that the statements' reductions
    can then run on registers. When the first statement assigns every
    element of the window without reading the tensor (a perfect nest of
    loops over the window's extents around one assign at offset plus
    iterators: an initialization), nothing is copied in.

    Preconditions, proved with the Presburger library for all sizes allowed
    by the proc's `requires` and all iterations (of the loops around the
    statements, where the guards around them hold): every access of the
    tensor in the statements touches an element of the window, and the
    window lies within the tensor. The tensor may only be used through element accesses
    in the statements (no window of it, no call), and `memory` must be
    allocatable there.

    ```mlir
    %acc, %in, %out = transform.exo.stage_mem %kloop, "C" at ["m", "n"]
        sizes [1, 1] as "acc" in regs
        : (!transform.any_op)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    ```

    An offset may be a parameter holding one string or integer (built, say,
    by `transform.exo.expr`) and an extent a parameter holding one positive
    integer: `at ["64 * tm", %k_offset] sizes [64, %kt]`; the memory a
    parameter holding one memory attribute: `in %mem`, with `%mem` from
    `transform.param.constant #exo.mem<smem_swizzle<64>>`.

    #### Return modes

    Returns handles to the new allocation, the copy-in loop nest (empty when
    the window is overwritten first) and the copy-out loop nest (empty when
    the statements only read). Produces a
    silenceable failure, with a note at the offending payload op and, for
    an access outside the window, an example of sizes, with the IR
    untouched, if a precondition does not hold.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       StrAttr:$tensor,
                       Variadic<TransformParamTypeInterface>:$offset_params,
                       StrArrayAttr:$offsets,
                       Variadic<TransformParamTypeInterface>:$size_params,
                       DenseI64ArrayAttr:$sizes,
                       StrAttr:$new_name,
                       Optional<TransformParamTypeInterface>:$memory_param,
                       OptionalAttr<Exo_TransformMemoryAttr>:$memory);
  let results = (outs TransformHandleTypeInterface:$alloc,
                      TransformHandleTypeInterface:$copy_in,
                      TransformHandleTypeInterface:$copy_out);
  let assemblyFormat = [{
    $target `,` $tensor `at` custom<StrList>($offset_params, $offsets)
    `sizes` custom<DynamicIndexList>($size_params, $sizes) `as` $new_name `in`
    custom<MemoryOrParam>($memory_param, $memory) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_ExpandDimOp : Exo_TransformOp<"expand_dim", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]> {
  let summary = "adds a leading dimension to an allocation";
  let description = [{
    Gives each target `exo.alloc` a new leading dimension of extent `size`,
    indexed in every access (and every window) by `index`, a linear index
    expression over the iterators of loops around the allocation and the
    proc's sizes. Since the index is the same throughout one instance of the
    allocation, every access touches the element it touched before. The
    precondition, proved with the Presburger library, is that the index lies
    in `[0, size)`. Typically followed by `lift_alloc`, which then sees that
    iterations use different elements, and by distributing the new dimension
    over threads.

    With `ring d guarded_by "bar"` instead of `size`, the new dimension is
    an unbounded ring of `d` physical slots (`? ring d`): one element per
    value of the index (proved non-negative), stored in slot `index mod d`,
    and the tensor becomes a managed ring buffer guarded by the mbarrier
    array `bar` (which needs a ring dimension). This is how a buffer staged
    in each iteration of a K loop becomes a multi-stage ring.

    ```mlir
    transform.exo.expand_dim %part size 8 index "t" : !transform.any_op
    transform.exo.expand_dim %a_smem ring 4 guarded_by "empty" index "ko"
        : !transform.any_op
    ```

    The size or the ring depth is an integer or a parameter holding one
    positive integer (`ring %stages ... : !transform.any_op,
    !transform.param<i64>`); the index is an expression or a parameter
    holding one string (`index %i`, built by `transform.exo.expr`).

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched, if the index can leave `[0, size)` (with an example), names
    something that is not an iterator around the allocation or a size, or
    the tensor has a use other than element accesses and windows.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$extent_param,
                       OptionalAttr<I64Attr>:$size, OptionalAttr<I64Attr>:$ring,
                       UnitAttr:$ring_from_param,
                       OptionalAttr<StrAttr>:$guard,
                       Optional<TransformParamTypeInterface>:$index_param,
                       OptionalAttr<StrAttr>:$index);
  let assemblyFormat = [{
    $target custom<SizeOrRing>($extent_param, $size, $ring, $ring_from_param)
    (`guarded_by` $guard^)?
    `index` custom<StrOrParam>($index_param, $index) attr-dict `:`
    type(operands)
  }];
  let hasVerifier = 1;
}

def Exo_DivideDimOp : Exo_TransformOp<"divide_dim", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "splits a dimension of an allocation in two";
  let description = [{
    Splits dimension `dim` of each target `exo.alloc`, of constant extent
    `n`, into two of extents `n / factor` and `factor`; index `i` becomes
    `(i / factor, i mod factor)` in every access and window (a bijection, so
    the program's meaning is unchanged). `factor` must divide `n`, and no
    window may take an interval of the dimension.

    ```mlir
    transform.exo.divide_dim %part dim 0 by 4 : !transform.any_op
    ```

    The factor may come from a parameter holding a positive integer:

    ```mlir
    transform.exo.divide_dim %part dim 0 by %f
        : !transform.any_op, !transform.param<i64>
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched, if a precondition does not hold.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$dim,
                       Optional<TransformParamTypeInterface>:$factor_param,
                       OptionalAttr<I64Attr>:$factor);
  let assemblyFormat = [{
    $target `dim` $dim `by` custom<IntOrParam>($factor_param, $factor)
    attr-dict `:` type($target) (`,` type($factor_param)^)?
  }];
  let hasVerifier = 1;
}

def Exo_RearrangeDimOp : Exo_TransformOp<"rearrange_dim", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "permutes the dimensions of an allocation";
  let description = [{
    New dimension `k` of each target `exo.alloc` is its old dimension
    `order[k]`; every access and window is permuted alike. A window's own
    dimensions (its intervals) must keep their relative order.

    ```mlir
    transform.exo.rearrange_dim %tile order [1, 0] : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched, if `order` is not a permutation of the dimensions or would
    reorder a window's dimensions.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       DenseI64ArrayAttr:$order);
  let assemblyFormat = [{
    $target `order` $order attr-dict `:` type($target)
  }];
}

def Exo_SetMemoryOp : Exo_TransformOp<"set_memory", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "moves a tensor to another memory";
  let description = [{
    Moves each target `exo.alloc` (or, with `arg`, the argument of that name
    of each target `exo.proc`) to `memory`, with the windows of it in the
    same memory. Memories are not part of the sequential meaning, so only
    structure is checked: an allocation's memory must be allocatable where it
    stands (on-chip memories in device code, `dram`/`gmem` in host code) and
    on-chip memories need constant extents; a proc whose argument moves must
    not be called; the tensor must not be passed to a call (whose parameter
    fixes its memory). Whether threads may then access it is the collective
    analysis's question.

    ```mlir
    transform.exo.set_memory %acc to regs : !transform.any_op
    transform.exo.set_memory %proc arg "A" to gmem : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched, if a precondition does not hold.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<StrAttr>:$arg,
                       Exo_TransformMemoryAttr:$memory);
  let assemblyFormat = [{
    $target (`arg` $arg^)? `to` custom<Memory>($memory) attr-dict `:` type($target)
  }];
}

def Exo_BindExprOp : Exo_TransformOp<"bind_expr", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "stores a scalar value in a new one-element tensor";
  let description = [{
    For each target op with one scalar data result (an `exo.read`, an
    `arith` operation), inserts right after it a new one-element tensor
    `new_name` in `memory`, an `exo.assign` of the value into it and an
    `exo.read` of it, and makes every use of the value use that read. The
    tensor is new, so the read returns the value: the meaning is unchanged.
    Used to give a value a place in a memory (a register) that later
    rewrites can stage, expand and distribute.

    ```mlir
    %t = transform.exo.bind_expr %read as "a_reg" in dram
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Returns a handle to the new allocations. Produces a silenceable failure,
    with the IR untouched, if a target's result is an index, a condition or
    unused, or `memory` cannot be allocated there.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       StrAttr:$new_name,
                       Exo_TransformMemoryAttr:$memory);
  let results = (outs TransformHandleTypeInterface:$alloc);
  let assemblyFormat = [{
    $target `as` $new_name `in` custom<Memory>($memory) attr-dict `:`
    functional-type(operands, results)
  }];
}

def Exo_ExoFuseOp : Exo_TransformOp<"fuse", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "merges two adjacent loops with equal bounds (inverse of fission)";
  let description = [{
    Merges the loop `first` with the loop `second` that follows it in the
    same block (only index arithmetic in between, which moves before them):
    one loop whose body runs `first`'s body then `second`'s. The bounds must
    be provably equal and the modes equal. The precondition is `fission`'s,
    on the fused loop: no dependence between an access of the second body
    at iteration `i` and one of the first body at a later iteration `j > i`
    (Presburger), since fusing runs the former first.

    ```mlir
    %l = transform.exo.fuse %a with %b
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Consumes both handles and returns the fused loop. Produces a silenceable
    failure, with the conflicting accesses and two iterations, and the IR
    restored, if a precondition does not hold.
  }];
  let arguments = (ins TransformHandleTypeInterface:$first,
                       TransformHandleTypeInterface:$second);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $first `with` $second attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_AddLoopOp : Exo_TransformOp<"add_loop", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "wraps a statement in a loop that runs it once";
  let description = [{
    Wraps each target statement in `for name in [0, hi): if name == 0 {...}`:
    the statement still runs exactly once, and the loop can then be fused
    with or distributed like other loops. `hi` is a linear index expression
    (a constant or sizes), proved to be at least 1 (Presburger, under the
    proc's `requires`).

    ```mlir
    %l = transform.exo.add_loop %init "k" to "K"
        : (!transform.any_op) -> !transform.any_op
    ```

    `hi` may come from a parameter holding one string (built, say, by
    `transform.exo.expr "{0} / 2" (%kt)`).

    #### Return modes

    Returns the new loops. Produces a silenceable failure, with the IR
    untouched, if `hi` can be below 1 (with example sizes) or names unknown
    values.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       StrAttr:$iter_name,
                       Optional<TransformParamTypeInterface>:$hi_param,
                       OptionalAttr<StrAttr>:$hi);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target $iter_name `to` custom<StrOrParam>($hi_param, $hi) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_ReduceTreeOp : Exo_TransformOp<"reduce_tree", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "turns a sum, maximum or minimum over bits into a butterfly";
  let description = [{
    The target is a nest `for b_{n-1} .. b_0 in [0, 2): y[I] += t[b_{n-1},
    .., b_0, c..]` (loops from 0 to 2, the iterators indexing the leading
    dimensions of a local tensor `t` in order, constants after; `I` free of
    the loops). It becomes n levels of pairwise sums, a butterfly: level j,
    for every setting of the other bits, adds the two elements that differ
    in bit `b_{n-1-j}` and stores the sum into both (`for c in [0, 2):
    dst[.., c, ..] = src[.., 0, ..] + src[.., 1, ..]`), reading from `t` and
    writing a new tensor named `name` of `t`'s type at even levels, the
    reverse at odd ones; then `y[I] +=` the final tensor at `[0, .., 0,
    c..]` (after the last level every element holds the total). A level's
    loops are named `<its bit>_<other bit>` and `<its bit>_pair`; the pair
    loop is a butterfly shuffle's semantics (shfl.sync.bfly plus an add),
    ready for `replace`.

    A maximum or minimum `y[I] = max(y[I], t[b_{n-1}, .., b_0, c..])`
    (`arith.maximumf` or `arith.minimumf`, either operand order) becomes
    the same butterfly of pairwise maxima (minima), the semantics of
    `#exo.shfl_xor<combine = max>` (`min`), and `y[I] = max(y[I], total)`;
    both are associative and commutative, so the result is equal bit for
    bit. The sum is re-associated, which the dependence analysis also allows
    when it reorders reductions: equal in real arithmetic, not bit for bit.
    `t`'s values are overwritten, so nothing may use `t` after the nest.

    ```mlir
    %levels, %final = transform.exo.reduce_tree %addback as "tmp"
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Consumes the target. Returns the levels (their outermost loops, in
    order) and the final reductions. Produces a silenceable failure, with a note and the IR
    untouched, if the nest does not have that form, `t` is not a local
    float tensor, the destination depends on the loops, or `t` is used
    after the nest.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, StrAttr:$name);
  let results = (outs TransformHandleTypeInterface:$levels,
                      TransformHandleTypeInterface:$final);
  let assemblyFormat = [{
    $target `as` $name attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_InlineOp : Exo_TransformOp<"inline", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "replaces a call of a proc by the proc's body";
  let description = [{
    Replaces each target `exo.call` of a proc (not an instruction) by a copy
    of the callee's body with the parameters replaced by the arguments: the
    meaning of a call is its body. Refused for instructions (use their calls
    as they are), calls with a trailing barrier, and a device function that
    would nest in another.

    ```mlir
    transform.exo.inline %call : !transform.any_op
    ```

    #### Return modes

    Consumes the target handle. Produces a silenceable failure, with the IR
    untouched, if a target cannot be inlined.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def Exo_ExoSpecializeOp : Exo_TransformOp<"specialize", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "duplicates a statement under a condition and its negation";
  let description = [{
    Replaces each target statement by `if cond { stmt } else { stmt }`, where
    `cond` compares two linear index expressions (`"N >= 128"`; `<`, `<=`,
    `>`, `>=`, `==`, `!=`). Both branches are the statement, so the meaning
    is unchanged; each copy can then be scheduled knowing the condition.

    ```mlir
    %if = transform.exo.specialize %loop if "N >= 4096"
        : (!transform.any_op) -> !transform.any_op
    ```

    The condition may come from a parameter holding one string, as
    `guard_sync`'s does.

    #### Return modes

    Consumes the target handle and returns the guards. Produces a
    silenceable failure, with the IR untouched, if the condition cannot be
    read.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$cond_param,
                       OptionalAttr<StrAttr>:$cond);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `if` custom<StrOrParam>($cond_param, $cond) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_SetPrecisionOp : Exo_TransformOp<"set_precision", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "changes the element type of a tensor (and so its results)";
  let description = [{
    Changes the element type of each target `exo.alloc` of a float tensor to
    `type` (f64, f32, bf16 or f16): every write converts the value
    (`arith.truncf`/`arith.extf`) and every read converts back. This is the
    one rewrite that changes results: values stored in the tensor are
    rounded to the new type. It is a deliberate numerical choice (e.g. a
    bf16 staging buffer), checked only for structure; compare schedules
    that use it with a tolerance.

    ```mlir
    transform.exo.set_precision %tmp to bf16 : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched, if a target is not a float tensor used only by element
    accesses.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       TypeAttr:$type);
  let assemblyFormat = "$target `to` $type attr-dict `:` type($target)";
}

def Exo_DropBoundsGuardOp : Exo_TransformOp<"drop_bounds_guard", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "runs a partial tile's guarded statements unguarded, oob";
  let description = [{
    The body of each target `exo.for` must be one `exo.if` without an else
    branch (and the index arithmetic of its condition), as `divide_loop ...
    tail = guard` leaves it. The guard goes; its statements run in every
    iteration, and each of their reads and writes that can fall outside its
    tensor where the condition is false becomes `oob`: such a read returns 0
    and such a write does nothing. Tiles of a fixed size then cover sizes
    that are not multiples of the tile, and TMA, which zero-fills loads and
    clips stores, implements the copies of the partial tiles.

    The rewrite proves, with the Presburger library and for all sizes that
    satisfy `requires`, that the extra iterations change nothing: where the
    condition is false, every write falls outside its tensor, or is a
    reduction of a product of reads that all fall outside theirs (0 * 0 is
    0: a single zero factor would not do, since 0 * inf is NaN). Only loops,
    guards, pure operations (arithmetic, device math), local arrays and
    element accesses of the proc's `dram` or `gmem` arguments (through no
    window) may be inside the guard. A local array allocated inside the
    guard lives and dies in each iteration: anything goes. One allocated
    outside it (the per-element accumulator of a fused epilogue's
    specification) outlives the extra iterations: their accesses of it must
    stay inside it, and a write of it must be a reduction of such a product
    (the extra K steps add 0 to the accumulator).

    ```mlir
    %mo, %mi, %t = transform.exo.divide_loop %m by 128 ["mo", "mi"] tail = guard
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.drop_bounds_guard %mi : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the IR
    untouched and a note at a statement that could change a result (with the
    sizes and iterators where it does), if the proof fails or the body is not
    such a guard.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

def Exo_DropOobOp : Exo_TransformOp<"drop_oob", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "unmarks the accesses of a tensor proved to stay inside it";
  let description = [{
    In each target statement, takes `oob` off every access of the tensor
    called `tensor` (a proc argument or allocation: its element reads,
    writes and reductions, and its windows) that is proved, with the
    Presburger library, to touch only elements inside the tensor wherever it
    runs: for all sizes that satisfy `requires` and every iteration of the
    loops around it where the guards around it hold. Such an access never
    reads the 0 or skips the write that `oob` provides for, so the meaning
    is unchanged; the lowering then addresses it with no bounds check. The
    accesses that are not proved keep `oob`.

    After `specialize` on a condition under which a partial tile is whole,
    the copy under the condition drops its bounds checks and the other keeps
    them:

    ```mlir
    %if = transform.exo.specialize %epilogue if "256 * tn + 256 <= N"
        : (!transform.any_op) -> !transform.any_op
    transform.exo.drop_oob "bias" in %if : (!transform.any_op) -> ()
    ```

    The tensor's name may come from a parameter holding one string, so that
    a named sequence serves specifications whose tensors are named
    differently.

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the
    IR untouched, if a target is not in a scheduled proc (an instruction's
    body is its semantics, and a parameter declared `oob` may itself reach
    past its tensor), has no access of the tensor marked `oob`, or none of
    them is proved inside (with a note at one, and the sizes and iterators
    where it reaches outside). Produces a definite failure if the parameter
    holds other than one string.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$tensor_param,
                       OptionalAttr<StrAttr>:$tensor);
  let assemblyFormat = [{
    custom<StrOrParam>($tensor_param, $tensor) `in` $target attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_SimplifyOp : Exo_TransformOp<"simplify", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "cleans up the index arithmetic of a proc";
  let description = [{
    In each target `exo.proc`: replaces a size that its `requires` pins
    (`causal == 0`, `2 * D - 128 == 0`) by its constant in index arithmetic
    and folds index arithmetic on constants (the proc never runs with
    another value of the size); hoists loop-invariant arithmetic (pure,
    speculatable `arith` operations whose operands are defined outside their
    enclosing loop, guard or block) out of it, repeatedly; merges equal
    computations (MLIR's common-subexpression elimination); erases unused
    arithmetic. Statements and data accesses do not move, so the meaning is
    unchanged. Rewrites such as `reorder_loops` need the bounds of the inner
    loop computed outside the outer one, which `divide_loop` does not do.

    ```mlir
    transform.exo.simplify %proc : !transform.any_op
    ```

    #### Return modes

    Only reads the target handle. Produces a silenceable failure if a target
    is not an `exo.proc` or is an instruction (whose body is its semantics).
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let assemblyFormat = "$target attr-dict `:` type($target)";
}

//===----------------------------------------------------------------------===//
// Procs
//===----------------------------------------------------------------------===//

def Exo_CloneProcOp : Exo_TransformOp<"clone_proc", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "copies a proc under a new name";
  let description = [{
    Inserts after the target `exo.proc` a copy of it called `new_name` and
    returns a handle to the copy. A file then holds one specification, and
    each variant its schedule derives starts as a copy of it:

    ```mlir
    %spec = transform.exo.match_proc @gemm in %root
        : (!transform.any_op) -> !transform.any_op
    %k = transform.exo.clone_proc %spec "gemm_sm90_tf32_derived_ws"
        : (!transform.any_op) -> !transform.any_op
    // or, the name from a parameter holding a string:
    %k2 = transform.exo.clone_proc %spec %name
        : (!transform.any_op, !transform.any_param) -> !transform.any_op
    ```

    The copy has the same meaning; what the schedule then does to it is
    checked as on any proc. The original is unchanged.

    #### Return modes

    Only reads the target handle; produces a handle to the copy. Produces a
    silenceable failure, with the IR untouched, if the handle holds other
    than one `exo.proc`, the proc is an instruction, or the symbol table
    that holds it already has a symbol `new_name` (noted there).
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$new_name_param,
                       OptionalAttr<StrAttr>:$new_name);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target custom<StrOrParam>($new_name_param, $new_name) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_AssumeOp : Exo_TransformOp<"assume", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "adds constraints on the sizes to a proc's requires";
  let description = [{
    Adds `conditions` to the `requires` of each target `exo.proc`: affine
    constraints over the names of its `index` arguments, separated by
    commas, as inside an `affine_set` (`"M mod 128 == 0, K >= 64"`). A
    variant of a general specification states this way the sizes it is
    derived for, and the rewrites after it may use them (a `divide_loop ...
    tail = perfect` needs the divisibility). The constraints come from an
    attribute or a parameter holding a string (built by
    `transform.exo.expr` from a named sequence's integer parameters):

    ```mlir
    %k = transform.exo.clone_proc %spec "gemm_tiled"
        : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.expr "M mod {0} == 0, N mod {1} == 0" (%tm, %tn)
        : (!transform.param<i64>, !transform.param<i64>) -> !transform.any_param
    transform.exo.assume %k %c : !transform.any_op, !transform.any_param
    ```

    A proc with narrower `requires` means the same on the sizes it still
    accepts; the launcher and the dispatcher refuse the others
    (docs/Dispatch.md). An old constraint that the new ones imply by
    themselves is dropped (`N mod 256 == 0` under `N mod 2048 == 0`), so no
    constraint is stated twice.

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with the
    IR untouched, if a target is not an `exo.proc`, is an instruction, is
    called by another proc (noted at each call: the call site might break
    the new constraints), the conditions do not parse as constraints over
    its sizes, or no sizes satisfy the old and new constraints together.
    Produces a definite failure if the parameter holds other than one
    string.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$conditions_param,
                       OptionalAttr<StrAttr>:$conditions);
  let assemblyFormat = [{
    $target custom<StrOrParam>($conditions_param, $conditions)
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

def Exo_ExoReplaceOp : Exo_TransformOp<"replace", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "replaces a statement by an instruction whose body it equals";
  let description = [{
    Unifies each target statement with the body of the instruction proc
    `instr` and replaces it by a call of the instruction on windows of the
    program's tensors. Unification is structural: loops match loops with the
    same constant trip count (both from 0), writes match writes, and
    expressions match expressions through their operands (same operations,
    same constants). Every access of an instruction parameter at index `i`
    must be an access of one tensor at `offset + i` in some of its dimensions
    (the window's) and at a fixed point in the others, with offsets that do
    not depend on the unified loops; all accesses of one parameter must agree
    on the window. The windows must lie within their tensors (Presburger) and
    be in the parameters' memories. A tensor parameter is bound to a whole
    tensor (every access at the same indices, the same extents), and an
    `index` parameter (a size) to the bound of the program loop that its
    loops unify with (loops bounded by sizes match loops with any bound
    computed outside the statement). Then the statement computes exactly
    what the call computes, which is the instruction's sequential meaning.

    Values a statement uses come from inside it, except constants and, for
    a single assignment or reduction, reads just before it in its block
    (only expressions in between, the value used by the statement alone):
    the instruction performs those reads, which are removed with it. When
    accesses leave a parameter's window ambiguous (dimensions the
    instruction indexes by constants only), the innermost choice that lies
    in its tensor is taken.

    `instr` is an instruction family instance in parentheses
    (`(#exo.tma<...>)`, see the instruction family attributes), an
    instruction proc of the module (`@name`), or a parameter holding one of
    these (`with %mma`, from `transform.param.constant` or a named sequence's
    argument).

    ```mlir
    %call = transform.exo.replace %copy
        with (#exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128>)
        : (!transform.any_op) -> !transform.any_op
    %mma = transform.exo.replace %nest with (#exo.wgmma<n = 128, dtype = tf32>)
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Returns the calls. Produces a silenceable failure, with a note at the
    first program op that does not unify and the IR untouched, if a target
    does not unify; all targets are checked before any is replaced.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$instr_param,
                       OptionalAttr<Exo_CalleeAttr>:$instr);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `with` custom<CalleeOrParam>($instr_param, $instr) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GPU structure and synchronization
//===----------------------------------------------------------------------===//

class Exo_GpuRewriteDoc {
  string returnModes = [{
    #### Return modes

    Sequentially these annotations mean nothing, so only structure is
    checked: the rewritten IR must verify (the verifier's message is
    attached as a note). Whether the parallel program then equals the
    sequential one is for `-exo-verify-collectives` and `-exo-check-sync` to
    prove. Produces a silenceable failure, with the IR restored, otherwise.
  }];
}

def Exo_InsertFenceOp : Exo_TransformOp<"insert_fence", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "inserts a fence before or after a statement";
  let description = [{
    Inserts `exo.fence(first, second)` before (or, with `after`, after) each
    target statement. `first` and `second` are synchronization timelines
    (`cuda_in_order`, `wgmma_async`, ...), written as keywords or strings; a
    name that is not one is a parse error. Returns the new fences.

    ```mlir
    %f = transform.exo.insert_fence %store after (cuda_in_order, cuda_in_order)
        : (!transform.any_op) -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, UnitAttr:$after,
                       Exo_SyncTimeline:$first, Exo_SyncTimeline:$second);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target (`after` $after^)? `(` $first `,` $second `)` attr-dict `:`
    functional-type(operands, results)
  }];
}

def Exo_InsertArriveOp : Exo_TransformOp<"insert_arrive", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "inserts an arrive on a barrier next to a statement";
  let description = [{
    Inserts `exo.arrive(timeline) >> barrier[coords]` before (or, with
    `after`, after) each target statement. The barrier is found by name (an
    allocation before the statement); coordinates are linear index
    expressions over enclosing iterators and sizes, or `":"` for a multicast
    over a CTA-distributed dimension. A coordinate may be a parameter
    holding a string or an integer (built, say, by `transform.exo.expr`).
    Returns the new arrives.

    ```mlir
    %a = transform.exo.insert_arrive %mma after timeline wgmma_async on "cg" at ["wg"]
        : (!transform.any_op) -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, UnitAttr:$after,
                       Exo_SyncTimeline:$timeline, StrAttr:$barrier,
                       Variadic<TransformParamTypeInterface>:$coord_params,
                       StrArrayAttr:$coords);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target (`after` $after^)? `timeline` $timeline `on` $barrier `at`
    custom<StrList>($coord_params, $coords)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_InsertAwaitOp : Exo_TransformOp<"insert_await", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]>, Exo_GpuRewriteDoc {
  let summary = "inserts an await of a barrier next to a statement";
  let description = [{
    Inserts `exo.await(barrier[coords], timeline, pending)` before (or, with
    `after`, after) each target statement; see `insert_arrive` for names and
    coordinates (no multicast). Returns the new awaits.

    ```mlir
    %w = transform.exo.insert_await %mma on "full" at ["k"] timeline wgmma_async_smem pending 0
        : (!transform.any_op) -> !transform.any_op
    ```

    The pending count is an integer or a parameter holding one (at least 0);
    a coordinate is an index expression or, as in `insert_arrive`, a
    parameter holding one (a string or an integer: `at [%kt]`).
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, UnitAttr:$after,
                       StrAttr:$barrier,
                       Variadic<TransformParamTypeInterface>:$coord_params,
                       StrArrayAttr:$coords,
                       Exo_SyncTimeline:$timeline,
                       Optional<TransformParamTypeInterface>:$pending_param,
                       OptionalAttr<I64Attr>:$pending);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target (`after` $after^)? `on` $barrier `at`
    custom<StrList>($coord_params, $coords) `timeline` $timeline
    `pending` custom<IntOrParam>($pending_param, $pending)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_GuardSyncOp : Exo_TransformOp<"guard_sync", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "runs a synchronization statement only under a condition";
  let description = [{
    Wraps each target `exo.fence`, `exo.arrive` or `exo.await` in
    `exo.if cond { ... }`, where `cond` compares two linear index
    expressions (as in `specialize`): e.g. a consumer that keeps one wgmma
    group in flight releases the previous iteration's slot only from the
    second iteration on. Data statements are refused: guarding them would
    change what the program computes. Returns the guards.

    ```mlir
    %g = transform.exo.guard_sync %release if "ko >= 1"
        : (!transform.any_op) -> !transform.any_op
    ```

    The condition may come from a parameter holding one string (built, say,
    by `transform.exo.expr "{0} * ko + {0} == K" (%kt)`).
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$cond_param,
                       OptionalAttr<StrAttr>:$cond);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `if` custom<StrOrParam>($cond_param, $cond) attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_InsertBarrierAllocOp : Exo_TransformOp<"insert_barrier_alloc", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]>, Exo_GpuRewriteDoc {
  let summary = "allocates a barrier array before a statement";
  let description = [{
    Inserts `%name = exo.alloc : type` (an `!exo.barrier`) before each target
    statement. Returns the new allocations.

    ```mlir
    %full = transform.exo.insert_barrier_alloc %kloop "full"
        : !exo.barrier<mbarrier, [? ring 4]>
        : (!transform.any_op) -> !transform.any_op
    ```

    In a schedule library the ring's depth and the pre-arrival count may
    come from parameters holding positive integers: `ring %n` replaces the
    depth of the type's ring dimension, `prearrive %n` its pre-arrival
    count (the type must then be an mbarrier with a ring dimension, and the
    count at most the depth):

    ```mlir
    %empty = transform.exo.insert_barrier_alloc %kloop "empty"
        : !exo.barrier<mbarrier(prearrive 4), [? ring 4]>
        ring %stages prearrive %stages
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, StrAttr:$name,
                       TypeAttr:$type,
                       Optional<TransformParamTypeInterface>:$ring_param,
                       Optional<TransformParamTypeInterface>:$prearrive_param);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target $name `:` $type (`ring` $ring_param^)?
    (`prearrive` $prearrive_param^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_SetTrailingBarrierOp : Exo_TransformOp<"set_trailing_barrier", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "makes an instruction call signal a barrier when it completes";
  let description = [{
    Gives each target `exo.call` of an instruction with a barrier mechanism
    the trailing barrier `barrier[coords]` (`>>`): the instruction signals it
    when its asynchronous accesses complete. Names and coordinates as in
    `insert_arrive` (a coordinate may be a parameter holding a string or an
    integer: `at [%cta, "k"] : !transform.any_op, !transform.any_param`).

    ```mlir
    transform.exo.set_trailing_barrier %tma on "full" at ["cta", "k"] : !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, StrAttr:$barrier,
                       Variadic<TransformParamTypeInterface>:$coord_params,
                       StrArrayAttr:$coords);
  let assemblyFormat = [{
    $target `on` $barrier `at` custom<StrList>($coord_params, $coords)
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def Exo_SetRingBufferOp : Exo_TransformOp<"set_ring_buffer", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "makes a dimension of an allocation a ring of physical slots";
  let description = [{
    Marks dimension `dim` of each target `exo.alloc` as a ring of `depth`
    physical slots (element `i` lives in slot `i mod depth`); with
    `unbounded`, its extent becomes `?` (one element per iteration, however
    many). A tensor becomes a managed ring buffer and must name the mbarrier
    array (with a ring dimension) that guards it; a barrier array takes no
    guard. `unbounded` is for barrier arrays only: on a tensor it would
    store elements `i` and `i + depth` in one slot, which changes what the
    program computes (`expand_dim ... ring` adds an unbounded ring dimension
    to a tensor, with that proof). A depth is at most 2^20.

    ```mlir
    transform.exo.set_ring_buffer %smem_A dim 0 depth 4 guarded_by "empty" : !transform.any_op
    transform.exo.set_ring_buffer %full dim 0 depth 4 : !transform.any_op
    ```

    The depth is an integer or a parameter holding one positive integer.
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target, I64Attr:$dim,
                       Optional<TransformParamTypeInterface>:$depth_param,
                       OptionalAttr<I64Attr>:$depth, UnitAttr:$unbounded,
                       OptionalAttr<StrAttr>:$guard);
  let assemblyFormat = [{
    $target `dim` $dim `depth` custom<IntOrParam>($depth_param, $depth)
    (`unbounded` $unbounded^)?
    (`guarded_by` $guard^)? attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def Exo_WrapWithWarpsOp : Exo_TransformOp<"wrap_with_warps", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]>, Exo_GpuRewriteDoc {
  let summary = "wraps statements in exo.warps";
  let description = [{
    Wraps the consecutive statements of the target handle in one
    `exo.warps`: a named warp group of the device function (`group`),
    optionally only its warps `[lo, hi)`, or warps `[lo, hi)` of the current
    collective. Returns the new op.

    ```mlir
    %p = transform.exo.wrap_with_warps %loads group "producer"
        : (!transform.any_op) -> !transform.any_op
    %w = transform.exo.wrap_with_warps %epilogue warps 0 to 4
        : (!transform.any_op) -> !transform.any_op
    ```

    The group's name and each end of the range may come from parameters
    (a string; integers of at least 0):

    ```mlir
    %w = transform.exo.wrap_with_warps %mma group %g warps %lo to %hi
        : (!transform.any_op, !transform.any_param, !transform.param<i64>,
           !transform.param<i64>) -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$group_param,
                       OptionalAttr<StrAttr>:$group,
                       Optional<TransformParamTypeInterface>:$lo_param,
                       OptionalAttr<I64Attr>:$lo,
                       Optional<TransformParamTypeInterface>:$hi_param,
                       OptionalAttr<I64Attr>:$hi);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target custom<WarpsSpec>($group_param, $group, $lo_param, $lo,
                              $hi_param, $hi)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_WrapDeviceFunctionOp : Exo_TransformOp<"wrap_device_function", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    AttrSizedOperandSegments
  ]>, Exo_GpuRewriteDoc {
  let summary = "wraps a loop nest in a device function (a kernel launch)";
  let description = [{
    Wraps the target loop nest in one `exo.device_function` with `block_dim`
    threads per CTA or the named warp groups `warps` (`#exo.warp_group`
    attributes), `cluster_dim` CTAs per cluster and `blocks_per_sm`. Its
    outermost `tasks` loops (perfectly nested, `seq`) become `cuda_tasks`:
    a device function's body is a nest of task loops. The proc's `dram`
    arguments that the nest uses move to `gmem` with their windows; refused
    when host code outside the nest also uses one, or the proc is called.

    With `host %stmts with @instr`, the host statements `%stmts` may use
    those arguments too: in the same rewrite each is replaced (as by
    `replace`) by a call of `@instr`, an instruction the host issues on the
    CUDA stream (timeline `cpu_cuda_stream`, e.g. cudaMemsetAsync), which
    then accesses them in global memory. Neither rewrite is possible alone
    (host code cannot access `gmem`; the nest cannot run on the device
    while host code uses the arguments in `dram`). `%stmts` is consumed.

    With `allocs %a to MEMORY`, the allocations `%a` inside the nest (in
    `dram`, the specification's memory for temporaries such as a per-element
    accumulator) move to the device memory MEMORY with their windows, as by
    `set_memory`, in the same rewrite: host code cannot allocate on-chip
    memory and device code cannot allocate `dram`, so neither rewrite is
    possible alone.

    ```mlir
    %k = transform.exo.wrap_device_function %mo tasks 1 block_dim 256
        cluster_dim 1 blocks_per_sm 4 : (!transform.any_op) -> !transform.any_op
    %s = transform.exo.wrap_device_function %nest tasks 3 block_dim 128
        cluster_dim 1 blocks_per_sm 1 host %zeroing with @cuda_memset0_2d_f32
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %g = transform.exo.wrap_device_function %tn tasks 2 block_dim 256
        cluster_dim 1 blocks_per_sm 1 allocs %acc to wgmma_accum
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    ```

    `launch_grid` makes the device function `launch = grid` (one cluster per
    task, launched in order; the default is the persistent grid).

    The number of task loops may come from a parameter holding a positive
    integer (`tasks %n`), so that a schedule library serves nests of two
    and three task loops; so may `blocks_per_sm`, and `warps` from a
    parameter holding the array of warp groups (`warps %w`), so that one
    schedule serves one CTA per SM and two (with fewer registers for its
    consumers):

    ```mlir
    %w = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>,
        #exo.warp_group<"unused", 3, dec 40>,
        #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %b = transform.param.constant 2 : i64 -> !transform.any_param
    %k = transform.exo.wrap_device_function %tn tasks 2 warps %w
        cluster_dim 1 blocks_per_sm %b
        : (!transform.any_op, !transform.any_param, !transform.any_param)
        -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$target,
                       OptionalAttr<I64Attr>:$block_dim,
                       OptionalAttr<ArrayAttr>:$warps,
                       Optional<TransformParamTypeInterface>:$warps_param,
                       OptionalAttr<I64Attr>:$cluster_dim,
                       Optional<TransformParamTypeInterface>:$cluster_dim_param,
                       OptionalAttr<I64Attr>:$blocks_per_sm,
                       Optional<TransformParamTypeInterface>:$blocks_per_sm_param,
                       OptionalAttr<I64Attr>:$tasks,
                       Optional<TransformParamTypeInterface>:$tasks_param,
                       Optional<TransformHandleTypeInterface>:$host,
                       OptionalAttr<Exo_CalleeAttr>:$host_instr,
                       Optional<TransformHandleTypeInterface>:$allocs,
                       OptionalAttr<Exo_TransformMemoryAttr>:$alloc_memory,
                       UnitAttr:$launch_grid);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $target `tasks` custom<IntOrParam>($tasks_param, $tasks)
    (`block_dim` $block_dim^)? (`warps` custom<ArrayOrParam>($warps_param, $warps)^)?
    `cluster_dim` custom<IntOrParam>($cluster_dim_param, $cluster_dim)
    `blocks_per_sm` custom<IntOrParam>($blocks_per_sm_param, $blocks_per_sm)
    (`launch_grid` $launch_grid^)?
    (`host` $host^ `with` custom<Callee>($host_instr))?
    (`allocs` $allocs^ `to` custom<Memory>($alloc_memory))? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Exo_PersistTasksOp : Exo_TransformOp<"persist_tasks", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "makes a device function's tasks persistent: one per cluster";
  let description = [{
    Rewrites the `cuda_tasks` nest whose outermost loop is the target (loops
    from 0 with extents `E1 .. En` that do not depend on each other) into
    one task per cluster:

    ```
    exo.for %c = 0 to %NC cuda_tasks {
      exo.for %t = 0 to ceil((E1 * .. * En - c) / NC) seq {
        (i1, .., in) = the mixed-radix digits of c + t * NC, in fastest
        the original body
      }
    }
    ```

    `NC` (the name `count`) is a new size argument of the proc, after its
    last size, marked `{exo.cluster_count}` (the generated launcher passes
    the number of clusters of its persistent grid) and required to be at
    least 1; the loops are named `cluster_name` and `tile_name`. Task `c`
    computes the tiles `c, c + NC, c + 2 NC, ...`, so shared memory and
    barriers allocated in it (outside the tile loop, see
    `transform.exo.chain_rings`) live across its tiles.

    Sequentially every iteration of the old nest still runs exactly once,
    for every `NC >= 1`, but in another order: the precondition is that
    distinct iterations are independent, proved with the Presburger library
    one lexicographic level at a time: no two iterations touch the same
    element where one writes (two reductions commute, as for
    `reorder_loops`). The checker cannot stand in for this proof: at
    `NC = 1` it sees the tiles in sequence, where a conflict between tiles is
    no hazard. Statements between the task loops must be index arithmetic;
    the proc may not be called (its signature changes).

    ```mlir
    %c, %t = transform.exo.persist_tasks %tn as "NC" ["pc", "pi"]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    ```

    #### Return modes

    Only reads the target handle: the old task loops are erased (and drop
    out of every handle), while handles to the statements of the body stay
    valid, since the statements move. Produces the cluster loops and the
    tile loops. Produces a silenceable failure, with
    notes at the offending payload ops (for dependent iterations, both
    accesses and example iterations and sizes) and the IR untouched, if a
    precondition does not hold or the result would not verify.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       StrAttr:$count,
                       StrAttr:$cluster_name,
                       StrAttr:$tile_name);
  let results = (outs TransformHandleTypeInterface:$cluster,
                      TransformHandleTypeInterface:$tiles);
  let assemblyFormat = [{
    $target `as` $count ` ` `[` $cluster_name `,` $tile_name `]`
    attr-dict `:` functional-type(operands, results)
  }];
}

def Exo_ChainRingsOp : Exo_TransformOp<"chain_rings", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "lets a loop's rings run on from one iteration to the next";
  let description = [{
    Lifts every ring buffer and ring barrier array (an allocation with a
    `? ring d` dimension) allocated directly in the body of the target `seq`
    loop `t` out of it, and chains their logical elements: where iteration
    `t` used element `i`, it now uses `t * S + i`, `S` being the trip count
    of the loop named `step` inside the target (from 0, computed outside
    the target). The target must start at 0 too: an iteration below 0 would
    use negative elements, which an unbounded ring does not have. In a
    persistent task (`transform.exo.persist_tasks`) the rings then live
    across the tiles: no barrier is initialized again, and
    the producer can load the next tile's first slots while the consumers
    finish the last one.

    The precondition for the sequential meaning is on the tensors: each is
    indexed within `[0, S)` along its ring dimension in every iteration
    (Presburger), so distinct iterations use distinct elements of the
    chained ring and no value flows between them. A ring buffer's guard
    must be allocated in the loop too (it is chained with it). Barrier
    coordinates are shifted alike and mean nothing sequentially; whether
    the protocol still holds across iterations (e.g. the release of a
    tile's last slot) is for `-exo-check-sync`.

    ```mlir
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    ```

    The loop's name may come from a parameter holding a string
    (`over %k : !transform.any_op, !transform.any_param`).

    #### Return modes

    Only reads the target handle. Produces a silenceable failure, with
    notes at the offending payload ops (and an example of an element outside
    `[0, S)`) and the IR untouched, if a precondition does not hold. All
    targets are checked before any is rewritten.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       Optional<TransformParamTypeInterface>:$step_param,
                       OptionalAttr<StrAttr>:$step);
  let results = (outs);
  let assemblyFormat = [{
    $target `over` custom<StrOrParam>($step_param, $step) attr-dict `:`
    type($target) (`,` type($step_param)^)?
  }];
  let hasVerifier = 1;
}

def Exo_MoveSyncOp : Exo_TransformOp<"move_sync", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]>, Exo_GpuRewriteDoc {
  let summary = "moves or copies a synchronization statement";
  let description = [{
    Moves the statement `stmt` before (or, with `after`, after) the
    statement `place`; with `copy`, a copy goes there and the statement
    stays. `stmt` must be synchronization only: fences, arrives and awaits,
    with the loops, `exo.warps` and guards around them and their index
    arithmetic (so that, e.g., each warp's wait for its bulk group, a loop
    over warps, can move ahead of the store that reuses the buffer, or be
    repeated after a task's tile loop). Every value it uses from outside
    must be available at the new place. Returns the moved or copied
    statements.

    ```mlir
    %w = transform.exo.move_sync %waits before %fence
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %w2 = transform.exo.move_sync %waits copy after %tile_loop
        : (!transform.any_op, !transform.any_op) -> !transform.any_op
    ```
  }] # returnModes;
  let arguments = (ins TransformHandleTypeInterface:$stmt,
                       TransformHandleTypeInterface:$place, UnitAttr:$copy,
                       UnitAttr:$after);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat = [{
    $stmt (`copy` $copy^)? (`after` $after^):(`before`)? $place attr-dict `:`
    functional-type(operands, results)
  }];
}

#endif // EXOGPU_DIALECT_EXO_TRANSFORMOPS_EXOTRANSFORMOPS_TD

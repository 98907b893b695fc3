//===- ProcRewrites.cpp - clone_proc and assume ---------------------------===//
//
// Part of the Exo-GPU project.
//
// Rewrites of whole procs: a copy under a new name (one specification, many
// derived variants) and added size assumptions (a variant's `requires`).
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Transforms/Rewrites.h"
#include "RewriteUtils.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace exo {

FailureOr<ProcOp> cloneProc(RewriterBase &rewriter, ProcOp proc, StringRef name,
                            Refusal &why) {
  if (proc.isInstr())
    return why.fail("@" + proc.getSymName() +
                    " is an instruction; clone_proc copies kernels and "
                    "specifications");
  if (failed(refuseNonIdentifier(name, "the new name", why)))
    return failure();
  Operation *table = SymbolTable::getNearestSymbolTable(proc->getParentOp());
  if (!table)
    return why.fail("@" + proc.getSymName() + " is in no symbol table");
  if (Operation *existing = SymbolTable::lookupSymbolIn(table, name)) {
    why.note(existing->getLoc(), "the symbol @" + name.str() + " is here");
    return why.fail("the module already has a symbol @" + name);
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(proc);
  auto copy = cast<ProcOp>(rewriter.clone(*proc));
  rewriter.modifyOpInPlace(copy, [&] { copy.setSymName(name); });
  return copy;
}

/// The calls of `proc` in the symbol table that holds it. (Not
/// SymbolTable::getSymbolUses: the transform script that runs `assume` often
/// lives in the same module and names the proc in its match_proc ops.)
static SmallVector<CallOp> callsOf(ProcOp proc) {
  SmallVector<CallOp> calls;
  Operation *table = SymbolTable::getNearestSymbolTable(proc->getParentOp());
  if (!table)
    return calls;
  table->walk([&](CallOp call) {
    if (call.getCallee() == proc.getSymName())
      calls.push_back(call);
  });
  return calls;
}

LogicalResult assumeRequires(RewriterBase &rewriter, ProcOp proc,
                             StringRef conditions, Refusal &why) {
  MLIRContext *ctx = proc.getContext();
  if (proc.isInstr())
    return why.fail("@" + proc.getSymName() +
                    " is an instruction; its requirements are the hardware's");
  SmallVector<CallOp> calls = callsOf(proc);
  if (!calls.empty()) {
    for (CallOp call : calls)
      why.note(call.getLoc(), "a call of @" + proc.getSymName().str());
    return why.fail("@" + proc.getSymName() +
                    " is called, and a call site might break the new "
                    "requirement; assume on a proc nothing calls (a "
                    "clone_proc copy)");
  }
  // The constraints, read by MLIR's affine-set parser over the sizes'
  // names as symbols.
  std::string names;
  for (BlockArgument arg : proc.getBodyBlock().getArguments())
    if (arg.getType().isIndex())
      names += (names.empty() ? "" : ", ") +
               proc.getArgName(arg.getArgNumber()).str();
  std::string text =
      "affine_set<()[" + names + "] : (" + conditions.str() + ")>";
  std::string parseError;
  Attribute parsed;
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (parseError.empty())
        parseError = diag.str();
      return success();
    });
    parsed = parseAttribute(text, ctx);
  }
  auto added = dyn_cast_or_null<IntegerSetAttr>(parsed);
  if (!added)
    return why.fail("cannot read \"" + conditions +
                    "\" as constraints over the sizes (" + names + ")" +
                    (parseError.empty() ? "" : ": " + parseError));
  IntegerSet set = added.getValue();
  unsigned numSyms = set.getNumSymbols();
  // An old constraint that the new ones imply by themselves goes (N mod 256
  // == 0 under a new N mod 2048 == 0); one the proc has already is not added
  // again.
  auto admits = [&](ArrayRef<AffineExpr> cs, ArrayRef<bool> eq) {
    return FlatLinearValueConstraints(IntegerSet::get(0, numSyms, cs, eq))
        .findIntegerSample()
        .has_value();
  };
  auto impliedByNew = [&](AffineExpr c, bool isEq) {
    SmallVector<AffineExpr> cs(set.getConstraints());
    SmallVector<bool> eq(set.getEqFlags());
    // c fails: c <= -1, or (an equality) c >= 1.
    cs.push_back(-c - 1);
    eq.push_back(false);
    if (admits(cs, eq))
      return false;
    if (!isEq)
      return true;
    cs.back() = c - 1;
    return !admits(cs, eq);
  };
  SmallVector<AffineExpr> cs;
  SmallVector<bool> eq;
  if (IntegerSetAttr old = proc.getAssertionsAttr()) {
    IntegerSet o = old.getValue();
    if (o.getNumSymbols() != numSyms || o.getNumDims() != 0)
      return why.fail("the proc's requires does not have one symbol per size");
    for (unsigned i = 0, e = o.getNumConstraints(); i < e; ++i)
      if (!impliedByNew(o.getConstraint(i), o.isEq(i))) {
        cs.push_back(o.getConstraint(i));
        eq.push_back(o.isEq(i));
      }
  }
  for (unsigned i = 0, e = set.getNumConstraints(); i < e; ++i) {
    AffineExpr c = set.getConstraint(i);
    bool isEq = set.isEq(i);
    bool known = false;
    for (unsigned j = 0; j < cs.size(); ++j)
      known |= cs[j] == c && eq[j] == isEq;
    if (!known) {
      cs.push_back(c);
      eq.push_back(isEq);
    }
  }
  IntegerSet all = IntegerSet::get(0, numSyms, cs, eq);
  FlatLinearValueConstraints space(all);
  if (!space.findIntegerSample())
    return why.fail("with \"" + conditions +
                    "\" the requirements admit no sizes at all");
  rewriter.modifyOpInPlace(
      proc, [&] { proc.setAssertionsAttr(IntegerSetAttr::get(all)); });
  return success();
}

} // namespace exo

//===- RewriteUtils.cpp - Helpers shared by the rewrites ------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "RewriteUtils.h"
#include "ExoGPU/Analysis/IndexExpr.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace exo;

//===----------------------------------------------------------------------===//
// Linear index expressions
//===----------------------------------------------------------------------===//

FailureOr<LinearIndex> exo::parseLinearIndex(StringRef text, std::string &why) {
  LinearIndex result;
  StringRef rest = text.trim();
  if (rest.empty()) {
    why = "an empty index expression";
    return failure();
  }
  auto fail = [&](const Twine &msg) -> FailureOr<LinearIndex> {
    why = ("cannot read the index expression '" + text + "': " + msg).str();
    return failure();
  };
  // One factor: an integer or a name.
  auto factor = [&](int64_t &value, std::string &name) -> bool {
    rest = rest.ltrim();
    size_t n = 0;
    while (n < rest.size() && llvm::isDigit(rest[n]))
      ++n;
    if (n > 0) {
      if (rest.take_front(n).getAsInteger(10, value))
        return false;
      rest = rest.drop_front(n);
      return true;
    }
    while (n < rest.size() && (llvm::isAlnum(rest[n]) || rest[n] == '_'))
      ++n;
    if (n == 0 || llvm::isDigit(rest[0]))
      return false;
    name = rest.take_front(n).str();
    rest = rest.drop_front(n);
    return true;
  };
  int64_t sign = 1;
  while (true) {
    int64_t coef = 1, value = 0;
    std::string name, name2;
    rest = rest.ltrim();
    // A term may be negated: `-1 + K`, `ko + -3` (what an integer
    // parameter below zero writes).
    if (rest.consume_front("-")) {
      sign = -sign;
      rest = rest.ltrim();
    }
    // A parenthesized numerator: `(K + 31) / 32`.
    if (rest.consume_front("(")) {
      size_t close = rest.find(')');
      if (close == StringRef::npos)
        return fail("expected ')'");
      std::string innerWhy;
      FailureOr<LinearIndex> inner =
          parseLinearIndex(rest.take_front(close), innerWhy);
      if (failed(inner) || !inner->quotients.empty())
        return fail("expected a linear expression in parentheses");
      rest = rest.drop_front(close + 1).ltrim();
      int64_t divisor = 0;
      std::string none;
      if (!rest.consume_front("/") || !factor(divisor, none) || !none.empty() ||
          divisor <= 0)
        return fail("a parenthesized expression must be divided by a "
                    "positive integer");
      result.quotients.push_back(
          {inner->terms, inner->constant, divisor, sign});
    } else {
      if (!factor(value, name))
        return fail("expected an integer or a name at '" + rest + "'");
      if (name.empty())
        coef = value;
      rest = rest.ltrim();
      if (rest.consume_front("*")) {
        int64_t value2 = 0;
        if (!factor(value2, name2))
          return fail("expected an integer or a name at '" + rest + "'");
        if (!name.empty() && !name2.empty())
          return fail("a product of two names is not linear");
        if (name.empty() && name2.empty())
          coef = value * value2;
        else if (name.empty())
          name = name2;
        else
          coef = value2;
      }
      rest = rest.ltrim();
      if (rest.consume_front("/")) {
        int64_t divisor = 0;
        std::string none;
        if (name.empty() || !factor(divisor, none) || !none.empty() ||
            divisor <= 0)
          return fail("a quotient is a name divided by a positive integer");
        result.quotients.push_back({{{name, coef}}, 0, divisor, sign});
      } else if (name.empty()) {
        result.constant += sign * coef;
      } else {
        result.terms.push_back({name, sign * coef});
      }
    }
    rest = rest.ltrim();
    if (rest.empty())
      return result;
    if (rest.consume_front("+"))
      sign = 1;
    else if (rest.consume_front("-"))
      sign = -1;
    else
      return fail("expected '+', '-' or '*' at '" + rest + "'");
  }
}

LogicalResult exo::refuseNonIdentifier(StringRef name, const Twine &what,
                                       Refusal &why) {
  bool ok =
      !name.empty() && !llvm::isDigit(name.front()) &&
      llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
  if (ok)
    return success();
  return why.fail(what + " '" + name +
                  "' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)");
}

/// The name an op gives to a value a program can refer to by name: a
/// loop's iterator or an allocation.
static StringRef definedName(Operation *op) {
  if (auto loop = dyn_cast<ForOp>(op))
    return loop.getIterName();
  if (auto alloc = dyn_cast<AllocOp>(op))
    return alloc.getName();
  return {};
}

LogicalResult exo::refuseNewName(StringRef name, Operation *at,
                                 NewNameKind kind, const Twine &what,
                                 Refusal &why, bool replaced) {
  if (failed(refuseNonIdentifier(name, what, why)))
    return failure();
  auto proc = at ? at->getParentOfType<ProcOp>() : ProcOp();
  if (!proc)
    return success();
  for (unsigned i = 0, e = proc.getNumArguments(); i < e; ++i)
    if (proc.getArgName(i) == name)
      return why.fail(what + " '" + name + "' is the name of argument " +
                      Twine(i) + " of @" + proc.getSymName() +
                      " (a size or tensor keeps its one name)");
  auto taken = [&](Operation *op, StringRef where) {
    why.note(op->getLoc(),
             ("this " + where + " is called '" + name + "'").str());
    return why.fail(what + " '" + name +
                    "' is taken in its scope (the printer would rename one of "
                    "the two)");
  };
  // The loops around it and the allocations of the blocks around it.
  for (Operation *op = at; op && op != proc.getOperation();
       op = op->getParentOp()) {
    if (op != at && isa<ForOp>(op) && definedName(op) == name)
      return taken(op, "loop");
    for (Operation &sibling : *op->getBlock())
      if (isa<AllocOp>(sibling) && definedName(&sibling) == name &&
          &sibling != at)
        return taken(&sibling, "allocation");
  }
  // Inside its scope.
  Operation *clash = nullptr;
  auto scan = [&](Operation *root) {
    root->walk([&](Operation *op) {
      if (!clash && !(replaced && op == at) && definedName(op) == name &&
          (isa<ForOp>(op) || isa<AllocOp>(op)))
        clash = op;
    });
  };
  if (kind == NewNameKind::Loop)
    scan(at);
  else
    for (Operation &op : *at->getBlock())
      scan(&op);
  if (clash)
    return taken(clash, isa<ForOp>(clash) ? "loop" : "allocation");
  return success();
}

LogicalResult exo::refuseTaskLoop(Operation *stmt, const Twine &header,
                                  Refusal &why) {
  auto loop = dyn_cast<ForOp>(stmt);
  if (!loop || !loop.getMode().isTasks())
    return success();
  why.note(loop.getLoc(), "this loop is cuda_tasks");
  return why.fail(header + ": the device function's task nest would not be a "
                           "nest of task loops any more");
}

std::string exo::modeString(LoopModeAttr mode) {
  std::string s;
  llvm::raw_string_ostream(s) << mode;
  StringRef bare(s);
  if (bare.consume_front("#exo.mode<") && bare.consume_back(">"))
    return bare.str();
  return s;
}

FailureOr<LinearValue> exo::resolveLinearIndex(Operation *at,
                                               const LinearIndex &index,
                                               std::string &why,
                                               bool allowQuotients) {
  LinearValue result;
  result.constant = index.constant;
  if (!index.quotients.empty() && !allowQuotients) {
    why = "a quotient (a division by " +
          std::to_string(index.quotients.front().divisor) +
          ") is only allowed in barrier coordinates";
    return failure();
  }
  for (const LinearIndex::Quotient &q : index.quotients) {
    LinearValue::Quotient resolved;
    resolved.constant = q.constant;
    resolved.divisor = q.divisor;
    resolved.sign = q.sign;
    for (const auto &[name, coef] : q.terms) {
      Value v = lookupIndexName(at, name);
      if (!v) {
        why = "'" + name +
              "' is neither an enclosing loop's iterator nor a "
              "size of the proc";
        return failure();
      }
      resolved.terms.push_back({v, coef});
    }
    result.quotients.push_back(std::move(resolved));
  }
  for (const auto &[name, coef] : index.terms) {
    Value v = lookupIndexName(at, name);
    if (!v) {
      why = "'" + name +
            "' is neither an enclosing loop's iterator nor a size of the proc";
      return failure();
    }
    result.terms.push_back({v, coef});
  }
  return result;
}

OpFoldResult exo::buildLinearValue(IndexBuilder &b, const LinearValue &value) {
  OpFoldResult sum = b.constant(value.constant);
  for (auto [v, coef] : value.terms)
    sum = b.add(sum, b.mul(v, coef));
  for (const LinearValue::Quotient &q : value.quotients) {
    OpFoldResult num = b.constant(q.constant);
    for (auto [v, coef] : q.terms)
      num = b.add(num, b.mul(v, coef));
    sum = b.add(sum, b.mul(b.div(num, q.divisor), q.sign));
  }
  return sum;
}

//===----------------------------------------------------------------------===//
// Linear values
//===----------------------------------------------------------------------===//

LinearValue exo::decomposeLinear(OpFoldResult ofr) {
  auto value = dyn_cast<Value>(ofr);
  if (!value)
    return LinearValue::of(ofr);
  // Every value readLinear cannot read through is a term; a coefficient
  // that overflows leaves the value whole.
  DenseMap<Value, std::optional<LinearForm>> memo;
  std::optional<LinearForm> form = readLinear(
      value, [](Value v) { return !isLinearIndexOp(v.getDefiningOp()); }, memo);
  if (!form)
    return LinearValue::of(ofr);
  LinearValue result;
  // The terms from the right operands' first: the order the rewrites have
  // always built sums in (their output, and the PTX, stay the same).
  result.terms.assign(form->terms.rbegin(), form->terms.rend());
  result.constant = form->constant;
  return result;
}

LinearValue exo::subtractLinear(const LinearValue &a, const LinearValue &b) {
  LinearValue result;
  result.constant = a.constant - b.constant;
  auto addTerm = [&](Value v, int64_t coef) {
    for (auto &term : result.terms)
      if (term.first == v) {
        term.second += coef;
        return;
      }
    result.terms.push_back({v, coef});
  };
  for (auto [v, coef] : a.terms)
    addTerm(v, coef);
  for (auto [v, coef] : b.terms)
    addTerm(v, -coef);
  llvm::erase_if(result.terms, [](auto &term) { return term.second == 0; });
  return result;
}

//===----------------------------------------------------------------------===//
// Tensors and accesses
//===----------------------------------------------------------------------===//

Value exo::lookupTensorName(Operation *at, StringRef name) {
  for (Operation *op = at; op; op = op->getParentOp()) {
    if (auto proc = dyn_cast<ProcOp>(op)) {
      for (BlockArgument arg : proc.getBodyBlock().getArguments())
        if (isa<exo::TensorType, WindowType>(arg.getType()) &&
            proc.getArgName(arg.getArgNumber()) == name)
          return arg;
      return Value();
    }
    if (!op->getBlock())
      return Value();
    // Allocations before `op` in its block, nearest first.
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
      if (auto alloc = dyn_cast<AllocOp>(prev);
          alloc && alloc.getName() == name &&
          isa<exo::TensorType>(alloc.getType()))
        return alloc.getResult();
  }
  return Value();
}

Value exo::lookupBarrierName(Operation *at, StringRef name) {
  for (Operation *op = at; op && op->getBlock(); op = op->getParentOp())
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode())
      if (auto alloc = dyn_cast<AllocOp>(prev);
          alloc && alloc.getName() == name && isa<BarrierType>(alloc.getType()))
        return alloc.getResult();
  return Value();
}

Value exo::createRead(RewriterBase &rewriter, Location loc, Value source,
                      ArrayRef<OpFoldResult> indices, bool oob) {
  SmallVector<Value> dynamic;
  SmallVector<int64_t> fixed;
  dispatchIndexOpFoldResults(indices, dynamic, fixed);
  return ReadOp::create(rewriter, loc, source, dynamic,
                        rewriter.getDenseI64ArrayAttr(fixed), oob);
}

Operation *exo::createWrite(RewriterBase &rewriter, Location loc, bool reduce,
                            Value dest, ArrayRef<OpFoldResult> indices,
                            Value value, bool oob) {
  SmallVector<Value> dynamic;
  SmallVector<int64_t> fixed;
  dispatchIndexOpFoldResults(indices, dynamic, fixed);
  DenseI64ArrayAttr attr = rewriter.getDenseI64ArrayAttr(fixed);
  if (reduce)
    return ReduceOp::create(rewriter, loc, dest, dynamic, attr, value, oob);
  return AssignOp::create(rewriter, loc, dest, dynamic, attr, value, oob);
}

void exo::retargetAccess(RewriterBase &rewriter, Operation *access,
                         Value source, ArrayRef<OpFoldResult> indices,
                         bool inBounds) {
  rewriter.modifyOpInPlace(access, [&] {
    if (inBounds)
      access->removeAttr("oob");
    cast<ElementAccessOpInterface>(access).retarget(source, indices);
  });
}

FailureOr<LinearValue> exo::resolveLinearText(Operation *at, StringRef text,
                                              std::string &why,
                                              bool allowQuotients) {
  FailureOr<LinearIndex> parsed = parseLinearIndex(text, why);
  if (failed(parsed))
    return failure();
  return resolveLinearIndex(at, *parsed, why, allowQuotients);
}

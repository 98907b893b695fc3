//===- FirstTask.cpp - Tasks that differ only in their trip counts --------===//
//
// Part of the Exo-GPU project.
//
// See FirstTask.h and docs/SymbolicChecking.md, "Tasks reduced to the
// first".
//
//===----------------------------------------------------------------------===//

#include "FirstTask.h"
#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Analysis/IndexExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace exo;

namespace {

/// The offsets and static sizes of an access.
void windowOf(Operation *op, SmallVectorImpl<OpFoldResult> &offsets,
              ArrayRef<int64_t> &sizes, ValueRange &dynSizes) {
  OpBuilder b(op->getContext());
  if (auto read = dyn_cast<amir::ReadOp>(op)) {
    offsets = getMixedValues(read.getStaticOffsets(), read.getOffsets(), b);
    sizes = read.getStaticSizes();
    dynSizes = read.getSizes();
    return;
  }
  auto mutate = cast<amir::MutateOp>(op);
  offsets = getMixedValues(mutate.getStaticOffsets(), mutate.getOffsets(), b);
  sizes = mutate.getStaticSizes();
  dynSizes = mutate.getSizes();
}

/// One dimension of one access, read for the separation of tasks: the
/// coefficient of each task index, the least and the largest value of the
/// rest over the inner loops' iterators, plus the window's size, and the
/// coefficients of the values the tasks share (sizes, counts).
struct DimRead {
  SmallVector<int64_t> task;
  __int128 lo = 0, hi = 0;
  SmallVector<std::pair<Value, int64_t>> shared;
};

} // namespace

std::optional<FirstTaskProgram>
exo::restrictToFirstTask(amir::ProgramOp program) {
  amir::DeviceOp device;
  int devices = 0;
  program.walk([&](amir::DeviceOp d) {
    device = d;
    ++devices;
  });
  if (devices != 1 || device.getClusterDim() != 1)
    return std::nullopt;
  // The task nest: a chain of task loops, the device's only statements
  // (besides index arithmetic), each the only statement of the one around
  // it (besides index arithmetic).
  SmallVector<amir::TasksForOp> nest;
  Block *body = &device.getBody().front();
  while (true) {
    Operation *next = nullptr;
    for (Operation &op : *body) {
      if (isa_and_nonnull<arith::ArithDialect>(op.getDialect()))
        continue;
      if (next || !isa<amir::TasksForOp>(op)) {
        next = nullptr;
        break;
      }
      next = &op;
    }
    if (!next) {
      if (nest.empty() || body != &nest.back().getBody().front())
        return std::nullopt;
      break;
    }
    nest.push_back(cast<amir::TasksForOp>(next));
    body = &nest.back().getBody().front();
    // (The innermost body holds the task's statements.)
    if (llvm::none_of(*body,
                      [](Operation &op) { return isa<amir::TasksForOp>(op); }))
      break;
  }
  // Every variable of the device in the innermost task body.
  WalkResult shared = device.walk([&](amir::AllocOp a) {
    return a->getBlock() == body ? WalkResult::advance()
                                 : WalkResult::interrupt();
  });
  if (shared.wasInterrupted())
    return std::nullopt;

  // The values of the iterators of the loops of constant bounds in a task.
  DenseMap<Value, std::pair<int64_t, int64_t>> ranges;
  body->walk([&](Operation *op) {
    if (auto t = dyn_cast<amir::ThreadsForOp>(op))
      ranges[t.getBody().front().getArgument(0)] = {0, t.getCount() - 1};
    if (auto l = dyn_cast<amir::SeqForOp>(op)) {
      std::optional<int64_t> lo = getConstantIntValue(l.getLower());
      std::optional<int64_t> hi = getConstantIntValue(l.getUpper());
      if (lo && hi && *hi > *lo)
        ranges[l.getInductionVar()] = {*lo, *hi - 1};
    }
  });

  // The task loop: its index used only in x - tq, x = count - c, or in
  // select(c, x - tq, tq) with x = count - 1, c computed from the sizes and
  // other task indices (selectors), which reach nothing else but offsets
  // of variables outside the device, and which select x - tq where they
  // are 0 (a head's tiles in one order or the other by its parity).
  std::optional<FirstTaskProgram> out;
  for (amir::TasksForOp loop : nest) {
    Value tq = loop.getInductionVar(), count = loop.getUpper();
    if (!matchPattern(loop.getLower(), m_Zero()))
      continue;
    SmallVector<Operation *> users(tq.getUsers().begin(), tq.getUsers().end());
    arith::SubIOp sub;
    arith::SelectOp sel;
    bool other = false;
    for (Operation *u : users) {
      if (auto su = dyn_cast<arith::SubIOp>(u);
          su && !sub && su.getRhs() == tq && su.getLhs() != tq)
        sub = su;
      else if (auto se = dyn_cast<arith::SelectOp>(u); se && !sel)
        sel = se;
      else
        other = true;
    }
    if (!sub || other || users.size() != (sel ? 2u : 1u))
      continue;
    DenseSet<Operation *> condCone;
    SmallVector<Value> selectors;
    if (sel) {
      bool subFirst =
          sel.getTrueValue() == sub.getResult() && sel.getFalseValue() == tq;
      bool tqFirst =
          sel.getTrueValue() == tq && sel.getFalseValue() == sub.getResult();
      if ((!subFirst && !tqFirst) || !sub->hasOneUse())
        continue;
      // c's computation: sizes, constants and other task indices.
      auto sizeOrSelector = [&](BlockArgument arg) {
        if (arg.getOwner() == &program.getBody().front())
          return true;
        if (arg == tq || llvm::none_of(nest, [&](amir::TasksForOp t) {
              return t.getInductionVar() == arg;
            }))
          return false;
        if (!llvm::is_contained(selectors, arg))
          selectors.push_back(arg);
        return true;
      };
      if (!isArithOf(sel.getCondition(), condCone, sizeOrSelector))
        continue;
      // Its values used only there.
      DenseSet<Operation *> inCond = condCone;
      inCond.insert(sel);
      if (!llvm::all_of(condCone, [&](Operation *op) {
            return matchPattern(op->getResult(0), m_Constant()) ||
                   llvm::all_of(op->getResult(0).getUsers(), [&](Operation *u) {
                     return inCond.contains(u);
                   });
          }))
        continue;
      // The selectors reach nothing else but offsets of variables outside
      // the device (through index arithmetic).
      std::function<bool(Value)> offsetsOnly = [&](Value v) -> bool {
        return llvm::all_of(v.getUsers(), [&](Operation *u) {
          if (condCone.contains(u))
            return true;
          if (isLinearIndexOp(u))
            return offsetsOnly(u->getResult(0));
          // (An offset, not a window size.)
          auto read = dyn_cast<amir::ReadOp>(u);
          auto mutate = dyn_cast<amir::MutateOp>(u);
          if (!read && !mutate)
            return false;
          ValueRange offsets = read ? read.getOffsets() : mutate.getOffsets();
          ValueRange sizes = read ? read.getSizes() : mutate.getSizes();
          if (!llvm::is_contained(offsets, v) || llvm::is_contained(sizes, v))
            return false;
          amir::AllocOp a = u->getOperand(0).getDefiningOp<amir::AllocOp>();
          return a && !device->isProperAncestor(a);
        });
      };
      if (!llvm::all_of(selectors, offsetsOnly))
        continue;
      // Where every selector is 0, c selects x - tq.
      DenseMap<Value, int64_t> zero;
      for (Value v : selectors)
        zero[v] = 0;
      DenseMap<Value, int64_t> memo;
      std::optional<int64_t> c = evaluateFrom(
          sel.getCondition(),
          [&](Value v) -> std::optional<int64_t> {
            if (auto it = zero.find(v); it != zero.end())
              return it->second;
            return std::nullopt;
          },
          memo, /*zeroProducts=*/true);
      if (!c || (*c != 0) != subFirst)
        continue;
    }
    Value x = sub.getLhs();
    DenseMap<Value, std::optional<LinearForm>> memo;
    std::optional<LinearForm> fx = readLinear(
        x,
        [&](Value v) {
          return v == count || !isLinearIndexOp(v.getDefiningOp());
        },
        memo);
    if (!fx || fx->terms.size() != 1 || fx->terms[0].first != count ||
        fx->terms[0].second != 1 || (sel && fx->constant != -1))
      continue;
    // x's computation from count, used nowhere else.
    DenseSet<Operation *> chain;
    for (Value v = x; v != count;) {
      Operation *op = v.getDefiningOp();
      chain.insert(op);
      Value next;
      for (Value o : op->getOperands())
        if (!matchPattern(o, m_Constant()))
          next = o;
      if (!next)
        break;
      v = next;
    }
    auto usedIn = [&](Value v, const DenseSet<Operation *> &ok) {
      return llvm::all_of(v.getUsers(),
                          [&](Operation *u) { return ok.contains(u); });
    };
    DenseSet<Operation *> xUsers = chain;
    xUsers.insert(sub);
    if (sel)
      xUsers.insert(sel);
    if (!llvm::all_of(chain, [&](Operation *op) {
          return usedIn(op->getResult(0), xUsers);
        }))
      continue;
    xUsers.insert(loop);
    if (!usedIn(count, xUsers))
      continue;
    // count = (s + b) / d.
    Operation *div = count.getDefiningOp();
    if (!div || !isa<arith::DivUIOp, arith::DivSIOp, arith::FloorDivSIOp,
                     arith::CeilDivSIOp, arith::CeilDivUIOp>(div))
      continue;
    std::optional<int64_t> d = getConstantIntValue(div->getOperand(1));
    DenseSet<Operation *> cone;
    DenseSet<unsigned> sizes;
    auto sizeLeaf = [&](BlockArgument arg) {
      if (arg.getOwner() != &program.getBody().front())
        return false;
      sizes.insert(arg.getArgNumber());
      return true;
    };
    if (!d || *d < 1 || !isArithOf(count, cone, sizeLeaf) || sizes.size() != 1)
      continue;
    unsigned s = *sizes.begin();
    Value size = program.getBody().front().getArgument(s);
    DenseMap<Value, std::optional<LinearForm>> sizeMemo;
    std::optional<LinearForm> fd = readLinear(
        div->getOperand(0), [&](Value v) { return v == size; }, sizeMemo);
    if (!fd || fd->terms.size() != 1 || fd->terms[0].second != 1)
      continue;
    // The size reaches nothing else: count's computation, and extents of
    // variables outside the device that the host does not access.
    cone.erase(div);
    bool clipsAbove = false;
    bool alone = usedIn(div->getResult(0), xUsers);
    DenseSet<Operation *> coneUsers = cone;
    coneUsers.insert(div);
    for (Operation *op : cone)
      alone &= matchPattern(op->getResult(0), m_Constant()) ||
               usedIn(op->getResult(0), coneUsers);
    for (Operation *u : size.getUsers()) {
      if (coneUsers.contains(u))
        continue;
      auto alloc = dyn_cast<amir::AllocOp>(u);
      if (!alloc || device->isProperAncestor(alloc)) {
        alone = false;
        break;
      }
      // An access that clips: of a variable nothing mutates (whose reads
      // make no record), or ending, in the first task, at d count at most
      // along the dimensions of extent s (`clipsAbove`), so that it clips
      // nothing at the sizes d count the check runs.
      bool input = llvm::none_of(alloc->getUsers(), [](Operation *a) {
        return isa<amir::MutateOp>(a);
      });
      for (Operation *a : alloc->getUsers()) {
        auto read = dyn_cast<amir::ReadOp>(a);
        auto mutate = dyn_cast<amir::MutateOp>(a);
        alone &= (read || mutate) && device->isProperAncestor(a);
        if (!alone || !(read ? read.getClip() : mutate.getClip()) || input)
          continue;
        clipsAbove = true;
        SmallVector<OpFoldResult> offsets;
        ArrayRef<int64_t> sizes;
        ValueRange dynSizes;
        windowOf(a, offsets, sizes, dynSizes);
        OpBuilder ob(a->getContext());
        SmallVector<OpFoldResult> extents =
            getMixedValues(alloc.getStaticDims(), alloc.getDims(), ob);
        for (auto [i, ofr] : llvm::enumerate(offsets)) {
          if (extents.size() <= i || extents[i] != OpFoldResult(size))
            continue;
          auto v = dyn_cast<Value>(ofr);
          std::optional<LinearForm> f;
          DenseMap<Value, std::optional<LinearForm>> offsetMemo;
          if (v && !ShapedType::isDynamic(sizes[i]))
            f = readLinear(
                v, [&](Value x) { return !isLinearIndexOp(x.getDefiningOp()); },
                offsetMemo);
          // (In the first task, at selectors 0, the selected value is
          // x - tq = count - 1 - tq.)
          __int128 k = f && sel ? f->coefficientOf(sel.getResult()) : 0;
          bool ok = f && f->coefficientOf(count) + k == *d &&
                    f->coefficientOf(tq) - k == -static_cast<__int128>(*d);
          __int128 end = f ? f->constant + k * fx->constant + sizes[i] : 0;
          for (const auto &term : f ? f->terms : decltype(f->terms)()) {
            if (term.first == count || term.first == tq ||
                (sel && term.first == sel.getResult()))
              continue;
            auto range = ranges.find(term.first);
            ok &= range != ranges.end();
            if (range != ranges.end())
              end += std::max(
                  static_cast<__int128>(term.second) * range->second.first,
                  static_cast<__int128>(term.second) * range->second.second);
          }
          alone &= ok && end <= 0;
        }
      }
    }
    if (!alone)
      continue;
    out.emplace();
    out->clipsAbove = clipsAbove;
    out->loop = loop;
    out->size = s;
    out->divisor = *d;
    for (Value v : selectors)
      out->selectors.push_back(v.getParentBlock()->getParentOp());
    if (sel)
      out->selected = sel.getResult();
    break;
  }
  if (!out)
    return std::nullopt;

  // Tasks apart: each variable outside the device that the device mutates.
  for (amir::AllocOp alloc :
       program.getBody().front().getOps<amir::AllocOp>()) {
    bool mutated = llvm::any_of(
        alloc->getUsers(), [](Operation *u) { return isa<amir::MutateOp>(u); });
    if (!mutated)
      continue;
    SmallVector<SmallVector<DimRead>> accesses;
    for (Operation *u : alloc->getUsers()) {
      if (!isa<amir::ReadOp, amir::MutateOp>(u) ||
          !body->getParentOp()->isProperAncestor(u))
        return std::nullopt;
      SmallVector<OpFoldResult> offsets;
      ArrayRef<int64_t> sizes;
      ValueRange dynSizes;
      windowOf(u, offsets, sizes, dynSizes);
      SmallVector<DimRead> dims;
      for (auto [i, ofr] : llvm::enumerate(offsets)) {
        DimRead r;
        r.task.assign(nest.size(), 0);
        if (ShapedType::isDynamic(sizes[i]))
          return std::nullopt;
        std::optional<LinearForm> f;
        if (auto c = getConstantIntValue(ofr)) {
          f.emplace();
          f->constant = *c;
        } else {
          DenseMap<Value, std::optional<LinearForm>> memo;
          f = readLinear(
              cast<Value>(ofr),
              [&](Value v) { return !isLinearIndexOp(v.getDefiningOp()); },
              memo);
        }
        if (!f)
          return std::nullopt;
        r.lo = r.hi = f->constant;
        for (const auto &term : f->terms) {
          Value v = term.first;
          int64_t k = term.second;
          // (The selected value stands for loop tq's index: for given
          // selectors it takes a distinct value in each task.)
          auto it = llvm::find_if(nest, [&](amir::TasksForOp t) {
            return t.getInductionVar() == v ||
                   (t == out->loop && out->selected == v);
          });
          if (it != nest.end()) {
            r.task[it - nest.begin()] = k;
          } else if (auto range = ranges.find(v); range != ranges.end()) {
            __int128 a = static_cast<__int128>(k) * range->second.first,
                     b = static_cast<__int128>(k) * range->second.second;
            r.lo += std::min(a, b);
            r.hi += std::max(a, b);
          } else if (!device->isProperAncestor(
                         v.getParentBlock()->getParentOp()) &&
                     v.getParentBlock()->getParentOp() != device) {
            r.shared.push_back({v, k});
          } else {
            return std::nullopt;
          }
        }
        r.hi += sizes[i];
        llvm::sort(r.shared, [](auto a, auto b) {
          return a.first.getAsOpaquePointer() < b.first.getAsOpaquePointer();
        });
        dims.push_back(std::move(r));
      }
      accesses.push_back(std::move(dims));
    }
    if (accesses.empty())
      continue;
    size_t rank = accesses.front().size();
    for (size_t t = 0; t < nest.size(); ++t) {
      bool apart = false;
      for (size_t d = 0; d < rank && !apart; ++d) {
        const DimRead &first = accesses.front()[d];
        int64_t alpha = first.task[t];
        if (!alpha)
          continue;
        __int128 lo = first.lo, hi = first.hi;
        bool ok = true;
        for (const SmallVector<DimRead> &a : accesses) {
          const DimRead &r = a[d];
          for (size_t o = 0; o < nest.size(); ++o)
            ok &= r.task[o] == (o == t ? alpha : 0);
          ok &= r.shared == first.shared;
          lo = std::min(lo, r.lo);
          hi = std::max(hi, r.hi);
        }
        apart = ok && hi - lo <= (alpha < 0 ? -static_cast<__int128>(alpha)
                                            : static_cast<__int128>(alpha));
      }
      if (!apart)
        return std::nullopt;
    }
  }

  // The copy: the task loop runs its first task, its index 0.
  OpBuilder b(program.getContext());
  out->module = ModuleOp::create(program.getLoc());
  IRMapping mapping;
  out->program = cast<amir::ProgramOp>(program->clone(mapping));
  out->module->push_back(out->program);
  SmallVector<amir::TasksForOp> original, copied;
  program.walk([&](amir::TasksForOp t) { original.push_back(t); });
  out->program.walk([&](amir::TasksForOp t) { copied.push_back(t); });
  SmallVector<Operation *> first = out->selectors;
  first.push_back(out->loop);
  for (Operation *o : first) {
    amir::TasksForOp loop =
        copied[llvm::find(original, amir::TasksForOp(o)) - original.begin()];
    b.setInsertionPoint(loop);
    loop.getUpperMutable().assign(
        arith::ConstantIndexOp::create(b, loop.getLoc(), 1));
    b.setInsertionPointToStart(&loop.getBody().front());
    loop.getInductionVar().replaceAllUsesWith(
        arith::ConstantIndexOp::create(b, loop.getLoc(), 0));
  }
  // There the selectors are 0: the selection is x - tq.
  if (out->selected) {
    auto sel =
        cast<arith::SelectOp>(mapping.lookup(out->selected).getDefiningOp());
    Value sub = sel.getTrueValue().getDefiningOp<arith::SubIOp>()
                    ? sel.getTrueValue()
                    : sel.getFalseValue();
    sel.getResult().replaceAllUsesWith(sub);
    sel.erase();
  }
  return out;
}

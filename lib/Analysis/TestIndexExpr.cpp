//===- TestIndexExpr.cpp - Print how index arithmetic reads ---------------===//
//
// Part of the Exo-GPU project.
//
// -exo-test-index-expr: remarks with what exo::readIndexOp and
// exo::readLinear read each integer operation of a function as, over the
// function's arguments.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/IndexExpr.h"
#include "ExoGPU/Analysis/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace exo {
#define GEN_PASS_DEF_EXOTESTINDEXEXPR
#include "ExoGPU/Analysis/Passes.h.inc"
} // namespace exo

using namespace mlir;
using namespace exo;

namespace {

class TestIndexExprPass
    : public exo::impl::ExoTestIndexExprBase<TestIndexExprPass> {
public:
  void runOnOperation() override {
    getOperation()->walk([&](func::FuncOp f) {
      DenseMap<Value, AffineExpr> exprs;
      for (BlockArgument a : f.getArguments())
        exprs[a] = getAffineDimExpr(a.getArgNumber(), &getContext());
      DenseMap<Value, std::optional<LinearForm>> memo;
      auto isLeaf = [](Value v) { return isa<BlockArgument>(v); };
      f.walk([&](Operation *op) {
        if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
            op->getNumResults() != 1 || isa<arith::ConstantOp>(op))
          return;
        Value r = op->getResult(0);
        InFlightDiagnostic d = op->emitRemark() << "affine: ";
        SmallVector<AffineExpr> operands;
        for (Value x : op->getOperands()) {
          auto it = exprs.find(x);
          if (it != exprs.end()) {
            operands.push_back(it->second);
            continue;
          }
          if (auto c = x.getDefiningOp<arith::ConstantOp>())
            if (FailureOr<AffineExpr> e =
                    readIndexOp(c, {}, {}, /*products=*/true);
                succeeded(e)) {
              operands.push_back(*e);
              continue;
            }
          break;
        }
        FailureOr<AffineExpr> e = readIndexOp(op, operands, floorDivision,
                                              /*products=*/true);
        if (succeeded(e)) {
          exprs[r] = *e;
          std::string text;
          llvm::raw_string_ostream(text) << *e;
          d << text;
        } else {
          d << "none";
        }
        d << ", linear: ";
        std::optional<LinearForm> form = readLinear(r, isLeaf, memo);
        if (!form) {
          d << "none";
          return;
        }
        for (auto [v, k] : form->terms)
          d << k << " * d" << cast<BlockArgument>(v).getArgNumber() << " + ";
        d << form->constant;
      });
    });
  }
};

} // namespace

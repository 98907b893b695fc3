//===- ExoDialect.td - The exo dialect (GPU IR) ------------*- tablegen -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_DIALECT_EXO_IR_EXODIALECT_TD
#define EXOGPU_DIALECT_EXO_IR_EXODIALECT_TD

include "mlir/IR/OpBase.td"

def Exo_Dialect : Dialect {
  let name = "exo";
  let cppNamespace = "::exo";
  let summary = "Exo-GPU's GPU IR: sequential programs annotated with parallelism and synchronization";
  let description = [{
    The `exo` dialect expresses a kernel as a *sequential* program: loops,
    scalar reads and writes of tensors, windows and calls. That program is the
    specification. Parallelism (`cuda_tasks` and `cuda_threads` loop modes,
    `exo.warps`), memory placement (memory attributes on tensor types) and
    synchronization (`exo.fence`, `exo.arrive`, `exo.await`, trailing
    barriers on instruction calls) are *annotations*: read sequentially, they
    change nothing. The checking passes prove that the parallel execution of
    an annotated program computes what its sequential reading computes.

    Control values are `index` SSA values built with `arith` (quasi-affine
    expressions); data values are `arith`/`math` scalars.

    ```mlir
    exo.proc @gemm(%M: index, %N: index, %K: index,
                   %A: !exo.tensor<[M, K], f32, gmem>,
                   %B: !exo.tensor<[N, K], f32, gmem>,
                   %C: !exo.tensor<[M, N], f32, gmem>) {
      exo.for %m = 0 to %M seq {
        exo.for %n = 0 to %N seq {
          exo.for %k = 0 to %K seq {
            %a = exo.read %A[%m, %k] : !exo.tensor<[M, K], f32, gmem>
            %b = exo.read %B[%n, %k] : !exo.tensor<[N, K], f32, gmem>
            %p = arith.mulf %a, %b : f32
            exo.reduce %C[%m, %n] += %p : !exo.tensor<[M, N], f32, gmem>
          }
        }
      }
    }
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();

    /// The instruction proc of an instruction family instance (an
    /// `InstrFamilyAttr`), built on first use and kept for the life of the
    /// context in a module of the dialect's own: it is the same proc for every
    /// module and pass, and nobody mutates it.
    ::mlir::Operation *getFamilyProc(::mlir::Attribute family);
    ::exo::detail::FamilyProcCache familyProcs;

    /// On a proc that `-exo-materialize-instructions` copied into a module:
    /// the instruction family instance it is.
    static constexpr ::llvm::StringLiteral getFamilyAttrName() {
      return "exo.family";
    }

    /// Attribute names used on ops of several kinds.
    static constexpr ::llvm::StringLiteral getAccessAttrName() {
      return "exo.access";
    }
    /// On a size argument of a proc that launches a kernel: the number of
    /// clusters the launch runs, which the generated launcher passes itself.
    static constexpr ::llvm::StringLiteral getClusterCountAttrName() {
      return "exo.cluster_count";
    }
    /// On an mbarrier allocation, set by -exo-check-sync on its copy of the
    /// module: the arriving threads per phase of each element (the
    /// collective analysis's count, which the lowering's mbarrier.init uses).
    static constexpr ::llvm::StringLiteral getArrivalsAttrName() {
      return "exo.arrivals";
    }
    /// On an allocation, set by -exo-check-sync on its copy of the module:
    /// the number of its leading CTA-distributed dimensions, and the CTA
    /// owning each element of them (row-major; -1 where no access decided).
    static constexpr ::llvm::StringLiteral getCtaDimsAttrName() {
      return "exo.cta_dims";
    }
    static constexpr ::llvm::StringLiteral getOwnersAttrName() {
      return "exo.owners";
    }
    /// On an mbarrier arrive, set by -exo-check-sync on its copy of the
    /// module: the transaction bytes it expects, as the lowering's
    /// expect_tx sets them (CollectiveAnalysis::getExpectedTransactions).
    static constexpr ::llvm::StringLiteral getExpectTxAttrName() {
      return "exo.expect_tx";
    }
  }];
}

class Exo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Exo_Dialect, mnemonic, traits>;

#endif // EXOGPU_DIALECT_EXO_IR_EXODIALECT_TD

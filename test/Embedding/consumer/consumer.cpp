//===- consumer.cpp - Exo-GPU through its C++ API
//---------------------------===//
//
// Part of the Exo-GPU project.
//
// Usage: consumer-cpp KERNEL.mlir SIZES...
//        consumer-cpp --list-passes
//        consumer-cpp --list-transform-ops
//
// Registers Exo-GPU's dialects in its own registry, parses KERNEL, checks it
// at SIZES (NAME=VALUE) with buildCheckPipeline, and prints "checked"; checks
// it for every size (CheckOptions::symbolic) and prints "checked every size";
// checks it again with an unknown size and prints "refused" with the
// diagnostic;
// lowers it with buildPTXPipeline and prints the PTX's .entry lines and the
// launcher's signature lines. With --list-passes, registers the passes
// through the API and prints them as exo-gpu-opt --help does, then the
// pipelines it finds. With --list-transform-ops, prints the transform.exo
// ops that the API's registry provides, one per line.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Pipelines.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

int main(int argc, char **argv) {
  if (argc == 2 && llvm::StringRef(argv[1]) == "--list-passes") {
    exo::registerAllPasses();
    mlir::printRegisteredPasses();
    for (const char *name : {"exo-to-cpu", "exo-to-ptx"})
      if (mlir::PassPipelineInfo::lookup(name))
        llvm::outs() << "pipeline " << name << "\n";
    return 0;
  }
  if (argc == 2 && llvm::StringRef(argv[1]) == "--list-transform-ops") {
    mlir::DialectRegistry registry;
    exo::registerAllDialects(registry);
    mlir::MLIRContext context(registry);
    context.getOrLoadDialect<mlir::transform::TransformDialect>();
    for (mlir::RegisteredOperationName op : context.getRegisteredOperations())
      if (op.getStringRef().starts_with("transform.exo."))
        llvm::outs() << op.getStringRef() << "\n";
    return 0;
  }
  if (argc < 2) {
    llvm::errs() << "usage: consumer-cpp KERNEL.mlir SIZES...\n";
    return 1;
  }
  mlir::DialectRegistry registry;
  exo::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  exo::CheckOptions options;
  for (int i = 2; i < argc; ++i)
    options.sizes.push_back(argv[i]);
  mlir::PassManager check(&context);
  exo::buildCheckPipeline(check, options);
  if (mlir::failed(check.run(*module)))
    return 2;
  llvm::outs() << "checked\n";

  // Every size requires allows, no sizes given.
  exo::CheckOptions every;
  every.symbolic = true;
  mlir::PassManager symbolic(&context);
  exo::buildCheckPipeline(symbolic, every);
  if (mlir::failed(symbolic.run(*module)))
    return 2;
  llvm::outs() << "checked every size\n";

  // A size the kernel does not take: the check fails with a diagnostic.
  std::string diagnostic;
  {
    mlir::ScopedDiagnosticHandler capture(&context, [&](mlir::Diagnostic &d) {
      diagnostic = d.str();
      return mlir::success();
    });
    exo::CheckOptions bad = options;
    bad.sizes.push_back("NOT_A_SIZE=1");
    mlir::PassManager refuse(&context);
    exo::buildCheckPipeline(refuse, bad);
    if (mlir::succeeded(refuse.run(*module)))
      return 3;
  }
  llvm::outs() << "refused: " << diagnostic << "\n";

  mlir::PassManager ptx(&context);
  exo::buildPTXPipeline(ptx, exo::PTXOptions());
  if (mlir::failed(ptx.run(*module)))
    return 4;
  std::string text, header;
  llvm::raw_string_ostream textOs(text), headerOs(header);
  if (mlir::failed(exo::extractPTX(*module, textOs)) ||
      mlir::failed(exo::emitLauncher(*module, headerOs)))
    return 5;
  for (llvm::StringRef s : {llvm::StringRef(text), llvm::StringRef(header)}) {
    llvm::SmallVector<llvm::StringRef> lines;
    s.split(lines, '\n');
    for (llvm::StringRef line : lines)
      if (line.contains(".entry") || line.contains("inline CUresult"))
        llvm::outs() << line.trim() << "\n";
  }
  return 0;
}

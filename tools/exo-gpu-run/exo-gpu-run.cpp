//===- exo-gpu-run.cpp - Run exo procs on the CPU -------------------------===//
//
// Part of the Exo-GPU project.
//
// exo-gpu-run FILE --entry=P [--compare=Q [--compare-file=F]]
//             --size=M=256,N=256 [--seed=S] [--print] [--tolerance=T] [--time]
//             [--dump-args=DIR]
//
// Runs proc P (its sequential meaning, JIT-compiled) on inputs drawn from a
// generator seeded with S; with --compare, also runs Q on the same inputs
// (arguments are matched by name) and compares every array within a
// normwise tolerance chosen from the floating-point formats involved.
// With --dump-args, writes P's arguments into DIR (created if needed):
// DIR/args.txt lists them in P's order, one a line,
//   size NAME VALUE
//   scalar NAME TYPE VALUE
//   array NAME TYPE ELEMENT_BYTES EXTENT...
// and each array NAME's bytes (row-major, little-endian, as the GPU holds
// them) go to DIR/NAME.in before P runs and DIR/NAME.out after it: what a
// GPU harness uploads, and what the GPU run must leave (test/GPU/model).
// Exit status: 0 on success, 1 on an error or a mismatch.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/InitAll.h"
#include "ExoGPU/Runner/CpuRunner.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace exo;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::Required);
static cl::opt<std::string> entry("entry", cl::desc("The proc to run"),
                                  cl::Required);
static cl::opt<std::string>
    compare("compare",
            cl::desc("A proc to run on the same inputs and compare"));
static cl::opt<std::string> compareFile(
    "compare-file",
    cl::desc("A file whose procs are added to the input's (for --compare)"));
static cl::list<std::string>
    sizeArgs("size",
             cl::desc("Sizes: NAME=VALUE (repeatable, or comma "
                      "separated)"),
             cl::CommaSeparated);
static cl::opt<uint64_t> seed("seed", cl::desc("Random seed"), cl::init(1));
static cl::opt<bool> printOutputs("print",
                                  cl::desc("Print every array after the run"));
static cl::opt<double> tolerance(
    "tolerance",
    cl::desc("Normwise tolerance for --compare (default: from the formats)"),
    cl::init(-1));
static cl::opt<bool> timeRuns("time", cl::desc("Print the time of each call"));
static cl::opt<std::string>
    dumpArgs("dump-args",
             cl::desc("Write the entry's arguments (a list, each array's bytes "
                      "before and after the run) into this directory"));

static void printArray(const ArgValue &a) {
  llvm::outs() << a.name << " [";
  llvm::interleaveComma(a.shape, llvm::outs());
  llvm::outs() << "] =";
  for (int64_t i = 0, n = a.getNumElements(); i < n; ++i)
    llvm::outs() << ' ' << llvm::format("%g", a.getElement(i));
  llvm::outs() << '\n';
}

/// Writes `bytes` to DIR/NAME (the file is kept only when all is written).
static LogicalResult writeFile(MLIRContext &ctx, StringRef dir, StringRef name,
                               StringRef bytes) {
  SmallString<128> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    out.os() << bytes;
    out.os().flush();
    ec = out.os().error();
  }
  if (ec) {
    out.os().clear_error();
    return emitError(UnknownLoc::get(&ctx))
           << "--dump-args: cannot write " << path << ": " << ec.message();
  }
  out.keep();
  return success();
}

static StringRef asBytes(const ArgValue &a) {
  return StringRef(reinterpret_cast<const char *>(a.bytes.data()),
                   a.bytes.size());
}

/// The list of `args` (DIR/args.txt) and the arrays' bytes before the run
/// (DIR/NAME.in). Array names must make plain file names.
static LogicalResult dumpArgsBefore(MLIRContext &ctx, ProcOp proc,
                                    const ArgList &args) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dumpArgs))
    return emitError(UnknownLoc::get(&ctx))
           << "--dump-args: cannot create directory " << dumpArgs << ": "
           << ec.message();
  std::string list;
  llvm::raw_string_ostream os(list);
  os << "# exo-gpu-run --dump-args: the arguments of @" << proc.getSymName()
     << ", in order\n";
  for (const ArgValue &a : args) {
    switch (a.kind) {
    case ArgValue::Kind::Index:
      os << "size " << a.name << ' ' << a.index << '\n';
      break;
    case ArgValue::Kind::Scalar:
      os << "scalar " << a.name << ' ' << a.type << ' '
         << llvm::format("%.17g", a.scalar) << '\n';
      break;
    case ArgValue::Kind::Array:
      os << "array " << a.name << ' ' << a.type << ' '
         << (a.type.isTF32() ? 4 : (a.type.getIntOrFloatBitWidth() + 7) / 8);
      for (int64_t d : a.shape)
        os << ' ' << d;
      os << '\n';
      if (failed(writeFile(ctx, dumpArgs, a.name + ".in", asBytes(a))))
        return failure();
      break;
    }
  }
  return writeFile(ctx, dumpArgs, "args.txt", list);
}

/// The arrays' bytes after the run (DIR/NAME.out).
static LogicalResult dumpArgsAfter(MLIRContext &ctx, const ArgList &args) {
  for (const ArgValue &a : args)
    if (a.kind == ArgValue::Kind::Array &&
        failed(writeFile(ctx, dumpArgs, a.name + ".out", asBytes(a))))
      return failure();
  return success();
}

/// Runs `proc` and reports the time when asked.
static LogicalResult runTimed(CpuRunner &runner, ProcOp proc, ArgList &args) {
  auto start = std::chrono::steady_clock::now();
  if (failed(runner.run(proc, args)))
    return failure();
  if (timeRuns) {
    double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    llvm::outs() << "time @" << proc.getSymName() << ": "
                 << llvm::format("%.6f", s) << " s\n";
  }
  return success();
}

/// Adds the procs of `other` to `module`; an equal name must mean an equal
/// proc.
static LogicalResult mergeModules(ModuleOp module, ModuleOp other) {
  SymbolTable table(module);
  for (Operation &op :
       llvm::make_early_inc_range(other.getBody()->getOperations())) {
    auto proc = dyn_cast<ProcOp>(op);
    if (!proc)
      continue;
    if (Operation *existing = table.lookup(proc.getSymName())) {
      std::string a, b;
      llvm::raw_string_ostream(a) << *existing;
      llvm::raw_string_ostream(b) << op;
      if (a != b)
        return proc.emitError() << "@" << proc.getSymName()
                                << " is defined differently in both files";
      continue;
    }
    op.remove();
    table.insert(&op);
  }
  return success();
}

static LogicalResult runMain(MLIRContext &ctx) {
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, ParserConfig(&ctx));
  if (!module)
    return failure();
  llvm::SourceMgr otherSourceMgr;
  if (!compareFile.empty()) {
    // A second buffer needs its own source manager (the parser reads the
    // main buffer only); its handler reports errors while it is parsed.
    SourceMgrDiagnosticHandler otherHandler(otherSourceMgr, &ctx);
    OwningOpRef<ModuleOp> other = parseSourceFile<ModuleOp>(
        compareFile, otherSourceMgr, ParserConfig(&ctx));
    if (!other || failed(mergeModules(*module, *other)))
      return failure();
  }

  llvm::StringMap<int64_t> sizes;
  for (const std::string &s : sizeArgs) {
    StringRef name, value;
    std::tie(name, value) = StringRef(s).split('=');
    int64_t v;
    if (name.empty() || value.getAsInteger(10, v))
      return emitError(UnknownLoc::get(&ctx))
             << "expected --size NAME=INTEGER, got '" << s << "'";
    if (!sizes.try_emplace(name, v).second)
      return emitError(UnknownLoc::get(&ctx))
             << "--size " << name << " is given twice";
  }

  SymbolTable table(*module);
  auto lookup = [&](StringRef name) -> ProcOp {
    auto proc = table.lookup<ProcOp>(name);
    if (!proc)
      emitError(module->getLoc()) << "no exo.proc named '" << name << "'";
    return proc;
  };
  ProcOp ref = lookup(entry);
  if (!ref)
    return failure();
  ProcOp other;
  if (!compare.empty() && !(other = lookup(compare)))
    return failure();

  // Arguments first: nothing runs when a size is missing or violates an
  // assertion, or when the two procs' arguments do not correspond.
  FailureOr<ArgList> refArgs = CpuRunner::makeArgs(ref, sizes, seed);
  if (failed(refArgs))
    return failure();
  FailureOr<ArgList> otherArgs;
  if (other) {
    otherArgs = CpuRunner::makeArgs(other, sizes, seed);
    if (failed(otherArgs))
      return failure();
    for (const ArgValue &a : *refArgs) {
      if (a.kind != ArgValue::Kind::Array)
        continue;
      auto it = llvm::find_if(
          *otherArgs, [&](const ArgValue &b) { return b.name == a.name; });
      if (it == otherArgs->end())
        return other.emitError()
               << "@" << other.getSymName() << " has no argument '" << a.name
               << "' to compare with @" << ref.getSymName();
      if (it->kind != ArgValue::Kind::Array || it->shape != a.shape ||
          it->type != a.type)
        return other.emitError()
               << "argument '" << a.name << "' of @" << other.getSymName()
               << " does not match the shape or element "
                  "type of @"
               << ref.getSymName() << "'s";
    }
    for (const ArgValue &b : *otherArgs)
      if (b.kind == ArgValue::Kind::Array &&
          llvm::none_of(*refArgs,
                        [&](const ArgValue &a) { return a.name == b.name; }))
        return ref.emitError()
               << "@" << ref.getSymName() << " has no argument '" << b.name
               << "' to compare with @" << other.getSymName();
  }

  FailureOr<std::unique_ptr<CpuRunner>> runner = CpuRunner::create(*module);
  if (failed(runner))
    return failure();
  if (!dumpArgs.empty() && failed(dumpArgsBefore(ctx, ref, *refArgs)))
    return failure();
  if (failed(runTimed(**runner, ref, *refArgs)))
    return failure();
  if (!dumpArgs.empty() && failed(dumpArgsAfter(ctx, *refArgs)))
    return failure();
  if (printOutputs)
    for (const ArgValue &a : *refArgs)
      if (a.kind == ArgValue::Kind::Array)
        printArray(a);
  if (!other)
    return success();
  if (failed(runTimed(**runner, other, *otherArgs)))
    return failure();

  int64_t maxSize = 1;
  for (auto &[name, v] : sizes)
    maxSize = std::max(maxSize, v);
  double tol = tolerance >= 0 ? tolerance
                              : CpuRunner::chooseTolerance(ref, other, maxSize);
  bool ok = true;
  for (const Comparison &c : compareArgs(*refArgs, *otherArgs, tol)) {
    llvm::outs() << "compare " << c.name << ": max |diff| "
                 << llvm::format("%.3e", c.maxAbsDiff) << ", max |ref| "
                 << llvm::format("%.3e", c.maxAbsRef) << ", normwise error "
                 << llvm::format("%.3e", c.error) << " (tolerance "
                 << llvm::format("%.3e", c.tolerance) << ")"
                 << (c.hasNaN ? ", NaN" : "")
                 << (c.ok() ? ": ok" : ": MISMATCH") << '\n';
    ok &= c.ok();
  }
  llvm::outs() << (ok ? "EQUIVALENT" : "NOT EQUIVALENT") << " @"
               << ref.getSymName() << " @" << other.getSymName() << '\n';
  return success(ok);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  cl::ParseCommandLineOptions(argc, argv,
                              "exo-gpu-run: run exo procs on the CPU\n");
  DialectRegistry registry;
  exo::registerAllDialects(registry);
  MLIRContext ctx(registry);
  // Diagnostics point at the source; do not dump whole procs with them.
  ctx.printOpOnDiagnostic(false);
  return failed(runMain(ctx)) ? 1 : 0;
}

//===- fuzz-transforms.cpp - libFuzzer target: random schedules -----------===//
//
// Part of the Exo-GPU project.
//
// Applies random sequences of transform.exo rewrites, through the transform
// interpreter, to small procs: four sequential ones (a running sum with a
// carried dependence, a matrix product, a stencil, two loops in sequence)
// and a synchronized device function (a tile loop around a 2-slot ring
// filled by an asynchronous load under full/empty mbarriers, as in the GEMM
// derivations before `chain_rings`). Each 3-byte group of the input is one
// step: a rewrite (divide_loop with each tail strategy, reorder_loops,
// unroll, cut_loop, shift_loop, join_loops, fuse, add_loop, specialize,
// simplify, stage_mem, bind_expr, expand_dim, divide_dim, rearrange_dim,
// lift_alloc, replace by one of four small instructions (one with an oob
// parameter), reduce_tree, drop_bounds_guard, wrap_device_function and
// persist_tasks, whose proof that the tasks are independent the CPU
// comparison then checks at two cluster counts, chain_rings, and move_sync
// of one of a loop's synchronization statements, moved or copied next to a
// sibling or around its loop), the loop or tensor it applies to (by name,
// among those the proc has now) and a parameter (the factor, cut point,
// shift or specialization bound: small, or, for the top 16 parameter bytes,
// a value near the limits of int64 or of the sizes, where index arithmetic
// proved over unbounded integers would wrap).
//
// Oracles, besides the sanitizers and crash/hang detection:
//   - a refused rewrite leaves the IR untouched (the proc prints the same),
//     and an applied one leaves IR that verifies (the proc verifier proves
//     its index arithmetic within int64);
//   - after the steps, the rewritten proc computes what the original
//     computes on the CPU, on random inputs at two sets of sizes (the
//     CpuRunner of exo-gpu-run); a mismatch aborts;
//   - the device function's result goes through the collective analysis
//     and the synchronization checker (which must not crash); the original
//     passes both, and when every step that applied was chain_rings, so
//     must the result.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Dialect/Exo/IR/ExoOps.h"
#include "ExoGPU/Runner/CpuRunner.h"
#include "FuzzCommon.h"

#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {

/// The payloads: one proc each, named @P (renamed @ref and @work), and the
/// sizes to compare them at.
struct Payload {
  const char *text;
  const char *sizes1[3];
  int64_t values1[3], values2[3];
  /// Whether the proc is a device function for the checkers.
  bool synchronized = false;
};

const Payload kPayloads[] = {
    {R"(
exo.proc @P(%N: index, %x: !exo.tensor<[N], f32, dram>,
            %y: !exo.tensor<[N], f32, dram>)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c1 = arith.constant 1 : index
  %a0 = exo.read %x[0] : !exo.tensor<[N], f32, dram>
  exo.assign %y[0] = %a0 : !exo.tensor<[N], f32, dram>
  exo.for %i = 1 to %N seq {
    %im = arith.subi %i, %c1 : index
    %p = exo.read %y[%im] : !exo.tensor<[N], f32, dram>
    %a = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %s = arith.addf %p, %a : f32
    exo.assign %y[%i] = %s : !exo.tensor<[N], f32, dram>
  }
})",
     {"N"},
     {9},
     {16}},
    {R"(
exo.proc @P(%M: index, %N: index, %K: index,
            %A: !exo.tensor<[M, K], f32, dram>,
            %B: !exo.tensor<[K, N], f32, dram>,
            %C: !exo.tensor<[M, N], f32, dram>) {
  %z = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      exo.assign %C[%m, %n] = %z : !exo.tensor<[M, N], f32, dram>
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !exo.tensor<[M, K], f32, dram>
        %b = exo.read %B[%k, %n] : !exo.tensor<[K, N], f32, dram>
        %p = arith.mulf %a, %b : f32
        exo.reduce %C[%m, %n] += %p : !exo.tensor<[M, N], f32, dram>
      }
    }
  }
})",
     {"M", "N", "K"},
     {5, 7, 3},
     {8, 4, 9}},
    {R"(
exo.proc @P(%N: index, %x: !exo.tensor<[N], f32, dram>,
            %y: !exo.tensor<[N], f32, dram>)
    requires affine_set<()[N] : (N - 2 >= 0)> {
  %c1 = arith.constant 1 : index
  %n1 = arith.subi %N, %c1 : index
  exo.for %i = 1 to %n1 seq {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %a = exo.read %x[%im] : !exo.tensor<[N], f32, dram>
    %b = exo.read %x[%ip] : !exo.tensor<[N], f32, dram>
    %s = arith.addf %a, %b : f32
    exo.assign %y[%i] = %s : !exo.tensor<[N], f32, dram>
  }
})",
     {"N"},
     {10},
     {7}},
    {R"(
exo.proc @P(%N: index, %x: !exo.tensor<[N], f32, dram>,
            %y: !exo.tensor<[N], f32, dram>,
            %z: !exo.tensor<[N], f32, dram>) {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to %N seq {
    %a = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %b = arith.mulf %a, %two : f32
    exo.assign %y[%i] = %b : !exo.tensor<[N], f32, dram>
  }
  exo.for %j = 0 to %N seq {
    %a = exo.read %y[%j] : !exo.tensor<[N], f32, dram>
    %b = arith.addf %a, %two : f32
    exo.assign %z[%j] = %b : !exo.tensor<[N], f32, dram>
  }
})",
     {"N"},
     {6},
     {13}},
    // A tile loop (pi) around a 2-slot ring: each K step (ko) waits for an
    // empty slot, loads 4 values into it asynchronously (completing on the
    // full barrier), waits for them, writes their sum and releases the slot
    // two steps ahead; the fence orders the tile's last reads before the
    // next tile's allocation.
    {R"(
exo.proc @P(%T: index, %KT: index, %x: !exo.tensor<[T, KT, 4], f32, gmem>,
            %y: !exo.tensor<[T, KT], f32, gmem>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to %T seq {
        %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
        %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        %buf = exo.alloc guarded_by %empty : !exo.tensor<[? ring 2, 4], f32, smem>, guard !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        exo.for %ko = 0 to %KT seq {
          exo.await(%empty[%ko], cuda_in_order, 0) : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
          exo.for %p = 0 to 1 cuda_threads<thread> {
            %w = exo.window %buf[%ko, 0 :+ 4] : !exo.tensor<[? ring 2, 4], f32, smem> -> !exo.window<[4], f32, smem>
            %s = exo.window %x[%pi, %ko, 0 :+ 4] : !exo.tensor<[T, KT, 4], f32, gmem> -> !exo.window<[4], f32, gmem>
            exo.call @load4(%w, %s) >> %full[%ko] : (!exo.window<[4], f32, smem>, !exo.window<[4], f32, gmem>) >> !exo.barrier<mbarrier, [? ring 2]>
          }
          exo.arrive(cuda_temporal) >> %full[%ko] : !exo.barrier<mbarrier, [? ring 2]>
          exo.await(%full[%ko], cuda_generic_and_async_proxy, 0) : !exo.barrier<mbarrier, [? ring 2]>
          exo.for %q = 0 to 1 cuda_threads<thread> {
            %a = exo.read %buf[%ko, %c0] : !exo.tensor<[? ring 2, 4], f32, smem>
            %b = exo.read %buf[%ko, %c3] : !exo.tensor<[? ring 2, 4], f32, smem>
            %sum = arith.addf %a, %b : f32
            exo.assign %y[%pi, %ko] = %sum : !exo.tensor<[T, KT], f32, gmem>
          }
          %r = arith.addi %ko, %c2 : index
          exo.arrive(cuda_in_order) >> %empty[%r] : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
        }
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
})",
     {"T", "KT"},
     {3, 5},
     {2, 8},
     /*synchronized=*/true},
};
constexpr size_t kNumPayloads = sizeof(kPayloads) / sizeof(kPayloads[0]);

/// Instructions `replace` may put in place of a loop or statement (their
/// bodies are their meaning): a copy of 4 values, a sum of 4 values into
/// one, and an add of one value (a single statement with its read).
const char *kInstrs = R"(
exo.proc @copy4_oob(%dst: !exo.window<[4], f32, dram> {exo.access = #exo.access<write>},
                    %src: !exo.window<[4], f32, dram> {exo.access = #exo.access<read, oob>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !exo.window<[4], f32, dram>
    exo.assign %dst[%i] = %v : !exo.window<[4], f32, dram>
  }
}
exo.proc @copy4(%dst: !exo.window<[4], f32, dram> {exo.access = #exo.access<write>},
                %src: !exo.window<[4], f32, dram> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !exo.window<[4], f32, dram>
    exo.assign %dst[%i] = %v : !exo.window<[4], f32, dram>
  }
}
exo.proc @sum4(%dst: !exo.window<[1], f32, dram> {exo.access = #exo.access<read_write>},
               %src: !exo.window<[4], f32, dram> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !exo.window<[4], f32, dram>
    exo.reduce %dst[0] += %v : !exo.window<[1], f32, dram>
  }
}
exo.proc @add1(%dst: !exo.window<[1], f32, dram> {exo.access = #exo.access<read_write>},
               %src: !exo.window<[1], f32, dram> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cpu_in_order, lowering = "none"> {
  %v = exo.read %src[0] : !exo.window<[1], f32, dram>
  exo.reduce %dst[0] += %v : !exo.window<[1], f32, dram>
}
exo.proc @load4(%dst: !exo.window<[4], f32, smem> {exo.access = #exo.access<write, out_of_order>},
                %src: !exo.window<[4], f32, gmem> {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "none", barrier = mbarrier> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !exo.window<[4], f32, gmem>
    exo.assign %dst[%i] = %v : !exo.window<[4], f32, smem>
  }
}
)";

/// The JIT of the CPU reference needs the native target.
struct Setup {
  Setup() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  }
};

std::string printed(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->print(os);
  return s;
}

/// The rewrite a step's first byte selects. Bytes 232 and above select the
/// synchronization rewrites (24: chain_rings, 25: move_sync), so that the
/// seeds written before them keep their meaning.
constexpr unsigned kChainRings = 24, kMoveSync = 25;
unsigned rewriteOf(uint8_t kind) {
  return kind >= 232 ? kChainRings + (kind - 232) % 2 : kind % 24;
}

/// A size or offset parameter: `small` for most bytes; for the top 16
/// values of `arg`, one near the limits of the index arithmetic, where a
/// rewrite proved over unbounded integers would emit i64 arithmetic that
/// wraps (it must refuse, or its result must verify and compute the same).
int64_t edgeOr(uint8_t arg, int64_t small) {
  static const int64_t edges[] = {
      INT32_MAX,        int64_t(1) << 31, int64_t(1) << 32, int64_t(1) << 40,
      int64_t(1) << 62, INT64_MAX - 3,    INT64_MAX - 1,    INT64_MAX};
  return arg >= 240 ? edges[arg % 8] : small;
}

/// A loop-division factor: like edgeOr, but the edge values all exceed the
/// largest size (divide_loop must refuse them; a factor up to it is a legal
/// inner extent, which a guarded tail would run to the end).
int64_t factorOr(uint8_t arg, int64_t small) {
  static const int64_t edges[] = {int64_t(1) << 31, (int64_t(1) << 31) + 1,
                                  int64_t(1) << 32, int64_t(1) << 40,
                                  int64_t(1) << 62, INT64_MAX - 3,
                                  INT64_MAX - 1,    INT64_MAX};
  return arg >= 240 ? edges[arg % 8] : small;
}

/// The transform script of one step. `tensor` is a tensor of the proc (an
/// argument or allocation), `size` one of its sizes.
std::string scriptFor(uint8_t kind, StringRef loop, StringRef other,
                      StringRef parent, StringRef tensor, StringRef size,
                      uint8_t arg, int step, unsigned numSyncs) {
  std::string body;
  auto match = [](StringRef handle, StringRef name) {
    return llvm::formatv("    {0} = transform.exo.match_loop \"{1}\" in %p : "
                         "(!transform.any_op) -> !transform.any_op\n",
                         handle, name)
        .str();
  };
  body += match("%l", loop);
  const char *allocs = "    %al = transform.collect_matching @alloc in %p : "
                       "(!transform.any_op) -> !transform.any_op\n";
  unsigned op = rewriteOf(kind);
  switch (op) {
  case 0:
  case 1:
  case 2: {
    const char *tails[] = {"perfect", "guard", "cut"};
    body += llvm::formatv("    %o, %in, %t = transform.exo.divide_loop %l by "
                          "{0} [\"o{1}\", \"i{1}\"] tail = {2} : "
                          "(!transform.any_op) -> (!transform.any_op, "
                          "!transform.any_op, !transform.any_op)\n",
                          factorOr(arg, 2 + arg % 4), step, tails[op])
                .str();
    break;
  }
  case 3:
    body += "    %o, %in = transform.exo.reorder_loops %l : "
            "(!transform.any_op) -> (!transform.any_op, !transform.any_op)\n";
    break;
  case 4:
    body += "    transform.exo.unroll %l : !transform.any_op\n";
    break;
  case 5:
    body += llvm::formatv("    %a, %b = transform.exo.cut_loop %l at {0} : "
                          "(!transform.any_op) -> (!transform.any_op, "
                          "!transform.any_op)\n",
                          edgeOr(arg, arg % 6))
                .str();
    break;
  case 6:
    body += llvm::formatv("    %s = transform.exo.shift_loop %l to {0} : "
                          "(!transform.any_op) -> !transform.any_op\n",
                          edgeOr(arg, arg % 3))
                .str();
    break;
  case 7:
    body += match("%m", other);
    body += "    %j = transform.exo.join_loops %l, %m : (!transform.any_op, "
            "!transform.any_op) -> !transform.any_op\n";
    break;
  case 8:
    body += match("%m", other);
    body += "    %f = transform.exo.fuse %l with %m : (!transform.any_op, "
            "!transform.any_op) -> !transform.any_op\n";
    break;
  case 9:
    body += llvm::formatv("    %a = transform.exo.add_loop %l \"a{0}\" to "
                          "\"{1}\" : (!transform.any_op) -> "
                          "!transform.any_op\n",
                          step, arg % 2 ? std::to_string(arg % 3) : size.str())
                .str();
    break;
  case 10:
    body += llvm::formatv("    %s = transform.exo.specialize %l if \"{0} >= "
                          "{1}\" : (!transform.any_op) -> !transform.any_op\n",
                          size, edgeOr(arg, arg % 8))
                .str();
    break;
  case 11:
    body += "    transform.exo.simplify %p : !transform.any_op\n";
    break;
  case 12:
  case 13: {
    // A window at the loop's iterator (or 0) of one or a few elements; or,
    // around a loop of a divided one, the tile F * parent of F elements
    // (after a guard tail and drop_bounds_guard, a partial tile: oob
    // copies).
    std::string offset = arg % 2 ? loop.str() : "0";
    int64_t extent = 1 + arg % 4;
    if (arg % 4 == 3 && !parent.empty()) {
      extent = 2 + (arg / 4) % 4;
      offset = std::to_string(extent) + " * " + parent.str();
    }
    body += llvm::formatv("    %t, %ti, %to = transform.exo.stage_mem %l, "
                          "\"{0}\" at [\"{1}\"] sizes [{2}] as \"s{3}\" in "
                          "dram : (!transform.any_op) -> (!transform.any_op, "
                          "!transform.any_op, !transform.any_op)\n",
                          tensor, offset, extent, step)
                .str();
    break;
  }
  case 14:
    body += llvm::formatv("    %r = transform.exo.match_access \"{0}\" kind "
                          "\"read\" in %l : (!transform.any_op) -> "
                          "!transform.any_op\n"
                          "    %b = transform.exo.bind_expr %r as \"b{1}\" in "
                          "dram : (!transform.any_op) -> !transform.any_op\n",
                          tensor, step)
                .str();
    break;
  case 15:
    body += allocs;
    body += llvm::formatv("    transform.exo.expand_dim %al size {0} index "
                          "\"{1}\" : !transform.any_op\n",
                          1 + arg % 4, arg % 2 ? "0" : loop.str())
                .str();
    break;
  case 16:
    body += allocs;
    body += llvm::formatv("    transform.exo.divide_dim %al dim {0} by {1} : "
                          "!transform.any_op\n",
                          arg % 2, 1 + (arg / 2) % 4)
                .str();
    break;
  case 17:
    body += allocs;
    body += arg % 2 ? "    transform.exo.lift_alloc %al : !transform.any_op\n"
                    : "    transform.exo.rearrange_dim %al order [1, 0] : "
                      "!transform.any_op\n";
    break;
  case 18: {
    // The loop, or (for add1) the loop body's first reduction.
    const char *instrs[] = {"copy4", "sum4", "add1", "copy4_oob"};
    const char *instr = arg % 3 == 0 && arg % 2 ? instrs[3] : instrs[arg % 3];
    if (arg % 3 == 2)
      body += "    %st = transform.collect_matching @reduce in %l : "
              "(!transform.any_op) -> !transform.any_op\n";
    body += llvm::formatv("    %c = transform.exo.replace {0} with @{1} : "
                          "(!transform.any_op) -> !transform.any_op\n",
                          arg % 3 == 2 ? "%st" : "%l", instr)
                .str();
    break;
  }
  case 19:
    body += llvm::formatv("    %lv, %fin = transform.exo.reduce_tree %l as "
                          "\"rt{0}\" : (!transform.any_op) -> "
                          "(!transform.any_op, !transform.any_op)\n",
                          step)
                .str();
    break;
  case 21:
    // After a guard-tailed divide_loop, the inner loop's body is its guard.
    body += "    transform.exo.drop_bounds_guard %l : !transform.any_op\n";
    break;
  case 22:
    // A device function whose outermost 1 or 2 loops are tasks (refused when
    // host code also uses what it accesses).
    body += llvm::formatv("    %d = transform.exo.wrap_device_function %l "
                          "tasks {0} block_dim 32 cluster_dim 1 "
                          "blocks_per_sm 1 : (!transform.any_op) -> "
                          "!transform.any_op\n",
                          1 + arg % 2)
                .str();
    break;
  case 23:
    // One task per "cluster" over the tiles: proved independent, or refused.
    body += llvm::formatv("    %pc, %pi = transform.exo.persist_tasks %l as "
                          "\"NC\" [\"pc{0}\", \"pi{0}\"] : "
                          "(!transform.any_op) -> (!transform.any_op, "
                          "!transform.any_op)\n",
                          step)
                .str();
    break;
  case kChainRings:
    // The rings and barriers allocated in the loop live across it.
    body += llvm::formatv("    transform.exo.chain_rings %l over \"{0}\" : "
                          "!transform.any_op\n",
                          other)
                .str();
    break;
  case kMoveSync: {
    // One of the loop's synchronization statements (`numSyncs` of them, as
    // the fuzzer counted), moved or copied before or after a sibling one or
    // two statements away, or around its own loop. The handle is split into
    // exactly `numSyncs` results: upstream split_handle with an
    // overflow_result and fewer payload ops than results reserves a
    // negative capacity and aborts (LLVM 22). Without a synchronization
    // statement, the loop itself is offered to move_sync, which refuses it.
    if (numSyncs == 0) {
      body += "    %mv = transform.exo.move_sync %l before %l : "
              "(!transform.any_op, !transform.any_op) -> !transform.any_op\n";
      break;
    }
    unsigned nth = arg % numSyncs;
    std::string results = "%s0", types = "!transform.any_op";
    for (unsigned i = 1; i < numSyncs; ++i) {
      results += ", %s" + std::to_string(i);
      types += ", !transform.any_op";
    }
    body += "    %syncs = transform.collect_matching @sync in %l : "
            "(!transform.any_op) -> !transform.any_op\n";
    body += llvm::formatv("    {0} = transform.split_handle %syncs : "
                          "(!transform.any_op) -> ({1})\n",
                          results, types)
                .str();
    std::string stmt = "%s" + std::to_string(nth);
    int offsets[] = {1, -1, 2, -2};
    if ((arg / 3) % 5 == 4)
      body += llvm::formatv("    %at = transform.exo.get_parent_loop {0} : "
                            "(!transform.any_op) -> !transform.any_op\n",
                            stmt)
                  .str();
    else
      body += llvm::formatv("    %at = transform.exo.get_sibling_stmt {0} "
                            "offset {1} : (!transform.any_op) -> "
                            "!transform.any_op\n",
                            stmt, offsets[(arg / 3) % 5])
                  .str();
    body += llvm::formatv("    %mv = transform.exo.move_sync {0} {1}{2} %at "
                          ": (!transform.any_op, !transform.any_op) -> "
                          "!transform.any_op\n",
                          stmt, (arg / 15) % 2 ? "copy " : "",
                          (arg / 30) % 2 ? "after" : "before")
                .str();
    break;
  }
  case 20:
    body += llvm::formatv("    %o, %in, %t = transform.exo.divide_loop %l by "
                          "{0} [\"o{1}\", \"i{1}\"] tail = cut : "
                          "(!transform.any_op) -> (!transform.any_op, "
                          "!transform.any_op, !transform.any_op)\n",
                          arg % 2 ? 4 : 2, step)
                .str();
    break;
  }
  return "module attributes {transform.with_named_sequence} {\n"
         "  transform.named_sequence @alloc(%op: !transform.any_op "
         "{transform.readonly}) -> !transform.any_op {\n"
         "    transform.match.operation_name %op [\"exo.alloc\"] : "
         "!transform.any_op\n"
         "    transform.yield %op : !transform.any_op\n  }\n"
         "  transform.named_sequence @reduce(%op: !transform.any_op "
         "{transform.readonly}) -> !transform.any_op {\n"
         "    transform.match.operation_name %op [\"exo.reduce\"] : "
         "!transform.any_op\n"
         "    transform.yield %op : !transform.any_op\n  }\n"
         "  transform.named_sequence @sync(%op: !transform.any_op "
         "{transform.readonly}) -> !transform.any_op {\n"
         "    transform.match.operation_name %op [\"exo.arrive\", "
         "\"exo.await\", \"exo.fence\"] : !transform.any_op\n"
         "    transform.yield %op : !transform.any_op\n  }\n"
         "  transform.named_sequence @__transform_main(%root: "
         "!transform.any_op {transform.readonly}) {\n"
         "    %p = transform.exo.match_proc @work in %root : "
         "(!transform.any_op) -> !transform.any_op\n" +
         body + "    transform.yield\n  }\n}\n";
}

/// Runs the collective analysis and the synchronization checker on @work
/// (@ref, the payload as written, is dropped first) at the payload's first
/// sizes. Their verdict is free, except that chain_rings alone must keep an
/// accepted program accepted: it only lets the rings' phases run on across
/// the loop, which the payload's protocol (each slot released two steps
/// ahead, the tile ends with a fence) allows.
void checkSynchronization(ModuleOp module, const Payload &payload,
                          bool onlyChainRings) {
  if (auto ref = SymbolTable::lookupSymbolIn(module, "ref"))
    ref->erase();
  std::string sizes;
  for (int i = 0; i < 3 && payload.sizes1[i]; ++i)
    sizes += llvm::formatv("{0}={1} ", payload.sizes1[i], payload.values1[i]);
  sizes += "NC=2 allow-unused-sizes=true";
  PassManager pm(module.getContext());
  if (failed(parsePassPipeline(
          "exo-verify-collectives,exo-check-sync{" + sizes + "}", pm)))
    abort();
  if (failed(pm.run(module)) && onlyChainRings) {
    llvm::errs() << "fuzz-transforms: the checkers reject the payload after "
                    "chain_rings alone\n";
    module.print(llvm::errs());
    abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Setup setup;
  if (size < 1)
    return 0;
  exo::fuzz::Context fuzz;
  MLIRContext &context = fuzz.context;
  // First bytes 240 and above select the synchronized payload (the last),
  // the others one of the sequential ones as before it was added.
  const Payload &payload =
      kPayloads[data[0] >= 240 ? kNumPayloads - 1
                               : data[0] % (kNumPayloads - 1)];
  std::string text = payload.text;
  std::string both = StringRef(text).str();
  std::string ref = both, work = both;
  ref.replace(ref.find("@P("), 3, "@ref(");
  work.replace(work.find("@P("), 3, "@work(");
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(ref + work + kInstrs, &context);
  if (!module)
    abort(); // the payloads must parse

  static const bool verbose = getenv("EXO_FUZZ_VERBOSE") != nullptr;
  int applied = 0;
  bool onlyChainRings = true;
  for (size_t at = 1, step = 0; at + 3 <= size && step < 4; at += 3, ++step) {
    // The loops of @work, by name, as they are now.
    auto workProc = dyn_cast_or_null<exo::ProcOp>(
        SymbolTable::lookupSymbolIn(*module, "work"));
    if (!workProc)
      abort();
    SmallVector<std::string> names, tensors;
    workProc.walk(
        [&](exo::ForOp loop) { names.push_back(loop.getIterName().str()); });
    if (names.empty())
      break;
    for (BlockArgument arg : workProc.getBodyBlock().getArguments())
      if (isa<exo::TensorType>(arg.getType()))
        tensors.push_back(workProc.getArgName(arg.getArgNumber()).str());
    workProc.walk(
        [&](exo::AllocOp alloc) { tensors.push_back(alloc.getName().str()); });
    std::string loop = names[data[at + 1] % names.size()];
    // The loop directly around it, if any (for tile offsets).
    std::string parent;
    workProc.walk([&](exo::ForOp l) {
      if (l.getIterName() == loop)
        if (auto up = l->getParentOfType<exo::ForOp>(); up && parent.empty())
          parent = up.getIterName().str();
    });
    std::string other = names[(data[at + 1] / 16) % names.size()];
    // The synchronization statements in the loops of that name (what
    // move_sync's script collects).
    unsigned numSyncs = 0;
    workProc.walk([&](exo::ForOp l) {
      if (l.getIterName() == loop)
        l.walk([&](Operation *op) {
          numSyncs += isa<exo::ArriveOp, exo::AwaitOp, exo::FenceOp>(op);
        });
    });
    std::string tensor = tensors[data[at + 2] % tensors.size()];
    std::string script =
        scriptFor(data[at], loop, other, parent, tensor, payload.sizes1[0],
                  data[at + 2], static_cast<int>(step), numSyncs);
    OwningOpRef<ModuleOp> transform =
        parseSourceString<ModuleOp>(script, &context);
    if (!transform)
      abort(); // the scripts this target writes must parse
    Operation *entry =
        SymbolTable::lookupSymbolIn(*transform, "__transform_main");
    std::string before = printed(workProc);
    bool refused = failed(transform::applyTransformNamedSequence(
        *module, entry, *transform, transform::TransformOptions()));
    if (verbose)
      llvm::errs() << "fuzz-transforms: step " << step
                   << (refused ? " refused" : " applied") << ":\n"
                   << script;
    if (refused) {
      // Refused (or matched several loops): nothing may have changed.
      auto after = dyn_cast_or_null<exo::ProcOp>(
          SymbolTable::lookupSymbolIn(*module, "work"));
      if (!after || printed(after) != before) {
        llvm::errs() << "fuzz-transforms: a failed rewrite changed the IR\n"
                     << script;
        abort();
      }
      continue;
    }
    if (failed(verify(*module))) {
      llvm::errs() << "fuzz-transforms: a rewrite produced invalid IR\n"
                   << script;
      abort();
    }
    ++applied;
    onlyChainRings &= rewriteOf(data[at]) == kChainRings;
  }
  if (verbose)
    llvm::errs() << "fuzz-transforms: " << applied << " step(s) applied\n";
  if (!applied)
    return 0;

  FailureOr<std::unique_ptr<exo::CpuRunner>> runner =
      exo::CpuRunner::create(*module);
  if (failed(runner)) {
    llvm::errs() << "fuzz-transforms: the rewritten module does not lower\n";
    module->print(llvm::errs());
    abort();
  }
  auto refProc = cast<exo::ProcOp>(SymbolTable::lookupSymbolIn(*module, "ref"));
  auto workProc =
      cast<exo::ProcOp>(SymbolTable::lookupSymbolIn(*module, "work"));
  for (const int64_t *values : {payload.values1, payload.values2}) {
    llvm::StringMap<int64_t> sizes;
    for (int i = 0; i < 3 && payload.sizes1[i]; ++i)
      sizes[payload.sizes1[i]] = values[i];
    // The cluster count persist_tasks adds (fewer, as many and more
    // clusters than tasks over the two runs).
    sizes["NC"] = values == payload.values1 ? 2 : 5;
    FailureOr<exo::ArgList> a = exo::CpuRunner::makeArgs(refProc, sizes, 7);
    FailureOr<exo::ArgList> b = exo::CpuRunner::makeArgs(workProc, sizes, 7);
    if (failed(a) || failed(b) || failed((*runner)->run(refProc, *a)) ||
        failed((*runner)->run(workProc, *b)))
      abort();
    double tol = exo::CpuRunner::chooseTolerance(refProc, workProc, 16);
    for (const exo::Comparison &c : exo::compareArgs(*a, *b, tol))
      if (!c.ok()) {
        llvm::errs() << "fuzz-transforms: the rewritten proc computes "
                        "something else ('"
                     << c.name << "', error " << c.error << ")\n";
        module->print(llvm::errs());
        abort();
      }
  }
  if (verbose)
    llvm::errs() << "fuzz-transforms: equivalent on the CPU\n";
  if (payload.synchronized)
    checkSynchronization(*module, payload, onlyChainRings);
  return 0;
}

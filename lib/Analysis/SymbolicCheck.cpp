//===- SymbolicCheck.cpp - The synchronization check for all sizes -------===//
//
// Part of the Exo-GPU project.
//
// The driver of the symbolic check (docs/SymbolicChecking.md): reads the
// sizes' roles (SizeRoles.h), chooses the finite set of sizes that stands
// for all of them, and runs the abstract machine at each, with the pumped
// loop's state compared from iteration to iteration where there is one.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/SymbolicCheck.h"
#include "ExoGPU/Analysis/AbstractMachine.h"
#include "FirstTask.h"
#include "SizeRoles.h"
#include <map>

#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <numeric>

using namespace mlir;
using namespace exo;

namespace {

/// Grid sizes are checked up to the first lattice point where each task
/// loop they set runs this many tasks (two representatives and one they
/// cover, so that the run proves the others translations of them).
constexpr int64_t kGridTasks = 3;
/// The largest lattice coordinate a bound may need, and the most runs a
/// check makes.
constexpr int64_t kMaxCoordinate = 64;
constexpr int64_t kMaxRuns = 4096;
/// A size with at most this many legal values is checked at each of them
/// when its role does not cover it.
constexpr int64_t kExhaustive = 64;
/// The least lengths of the pump's short and long runs (iterations of the
/// pumped loop, at least 4 and 8 periods).
constexpr int64_t kPumpShort = 24, kPumpLong = 64;
/// Persistent tasks: the lattice coordinates searched for sizes whose
/// tasks run each tile count, and the most tiles a task of the check runs
/// to show the tile loop's state repeating.
constexpr int64_t kTileSearch = 31, kMaxTileSpan = 48, kTileProbe = 16;

std::string sizesText(const SizeRoles &roles, ArrayRef<int64_t> values) {
  std::string s;
  for (auto [i, size] : llvm::enumerate(roles.sizes))
    s += (i ? " " : "") + size.name + "=" + std::to_string(values[i]);
  return s;
}

class SymbolicChecker {
public:
  SymbolicChecker(amir::ProgramOp program, const SizeLimits &limits,
                  int64_t maxInstances, SymbolicCheckResult &result)
      : program(program), maxInstances(maxInstances), result(result),
        roles(analyzeSizeRoles(program)) {
    // The user's bounds narrow the lattices (the roles read only their
    // steps).
    for (SizeRoles::Size &s : roles.sizes) {
      auto it = limits.find(s.name);
      if (it == limits.end())
        continue;
      bounded.insert(s.name);
      SizeLattice &l = s.legal;
      auto [least, most] = it->second;
      if (least > l.least)
        l.least += llvm::divideCeilSigned(least - l.least, l.step) * l.step;
      if (most < l.most)
        l.most =
            l.least + llvm::divideFloorSigned(most - l.least, l.step) * l.step;
      s.lattice = roundUp(s.legal, s.rounding);
    }
    // A size other than the trip size with few values is checked at each
    // (the trip size keeps its role: its pump is tried first).
    for (SizeRoles::Size &s : roles.sizes)
      if ((s.role == SizeRoles::Role::Grid ||
           s.role == SizeRoles::Role::Uncovered) &&
          fewValues(s))
        s.role = SizeRoles::Role::Each;
    // Persistent tasks are covered only when every other size is (a size
    // checked at each of its values is).
    if (llvm::any_of(roles.sizes, [](const SizeRoles::Size &s) {
          return s.role == SizeRoles::Role::Uncovered;
        }))
      for (SizeRoles::Size &s : roles.sizes)
        if (s.role == SizeRoles::Role::Tiles) {
          s.role = SizeRoles::Role::Uncovered;
          s.why = "it sets the number of tiles each persistent task runs, "
                  "which is covered only when every other size is";
          roles.tiles.reset();
        }
  }
  LogicalResult run();

private:
  /// The verdict from the gaps, with the warning that names them.
  LogicalResult finish();
  amir::ProgramOp program;
  int64_t maxInstances;
  SymbolicCheckResult &result;
  SizeRoles roles;
  /// Sizes whose role does not cover them, with why.
  SmallVector<std::string> gaps;
  /// The sizes the user's bounds narrow.
  llvm::StringSet<> bounded;
  /// The statistics of the last run.
  AbstractMachineStats lastStats;
  /// Some run with a pump plan saw a task start from another state than
  /// the first (PumpObservation::tasksDiffer).
  bool tasksDiffered = false;
  /// The values a size may take, and whether they are few enough to check
  /// each (bounds a user states can make them so).
  static int64_t values(const SizeRoles::Size &s) {
    return (s.lattice.most - s.lattice.least) / s.lattice.step + 1;
  }
  static bool fewValues(const SizeRoles::Size &s) {
    return values(s) <= kExhaustive;
  }
  static std::string eachValue(const SizeRoles::Size &s) {
    return s.name + ": each of its " + std::to_string(values(s)) +
           " values checked";
  }
  /// Over the points of the box: the latest iteration the pumped loop's
  /// repetition starts from, and the most iterations at its end that
  /// differ.
  int64_t latestStart = 0, longestTail = 0;

  /// Whether `requires` allows `values` (the lattices of single sizes may
  /// allow more when it relates sizes).
  bool allowed(ArrayRef<int64_t> values);
  /// One concrete run; on a hazard, a note names the sizes.
  LogicalResult runAt(ArrayRef<int64_t> values, const PumpPlan *plan,
                      PumpObservation *obs);
  /// The lattice coordinates to check for each size but the trip size.
  SmallVector<SmallVector<int64_t>> boxes();
  /// The trip size's coordinates to check at one point of the other
  /// sizes' box (its first entry is filled in), proving the rest by the
  /// pumped loop's repetition; none when that fails (then `why`).
  /// Whether the trip size has few values (fewValues) and the pumped
  /// loop runs at least kPumpLong iterations at the least of them, with
  /// the other sizes at `point`: then each value is checked.
  bool checkEachTrip(SmallVector<int64_t> point);
  /// The pumped loop's trip count (at least 0) with its size at the least
  /// of its lattice (set in `point`) and the other sizes at `point`; none
  /// when the bounds are not computed from the sizes alone.
  std::optional<int64_t> leastTrip(SmallVector<int64_t> &point);
  /// The least coordinate of the trip size from which every comparison of
  /// PumpPlan::sizeComparisons keeps its value; none (with `why`) when one
  /// does not.
  std::optional<int64_t> settledFrom(std::string &why);

public:
  /// For the program restricted to its first task (FirstTask.h): where the
  /// lattice of the size that sets the task count gives every count from
  /// 1 on, one step at a time (and the size does not round up), the note
  /// that says what the restriction stands for; none otherwise.
  std::optional<std::string> reachesEveryCount(const FirstTaskProgram &first,
                                               amir::ProgramOp original);

private:
  LogicalResult tripPoints(SmallVector<int64_t> &point,
                           SmallVector<int64_t> &out, std::string &why);
  /// Persistent tasks (docs/SymbolicChecking.md, "Tile counts"): a point
  /// of the sizes with role Tiles (the others at their least) and the
  /// tile iterations its run makes.
  struct TilePoint {
    SmallVector<int64_t> values;
    int64_t cost = 0;
  };
  /// For each tile count up to `span`, the cheapest point with a task of
  /// that many tiles (none where the search finds none; `exhaustive` when
  /// it saw every legal point). Where the trip size also sets the number
  /// of tiles, it stays at its coordinate `trip`.
  std::vector<TilePoint> tilePoints(int64_t span, bool &exhaustive,
                                    int64_t trip = 0);
  /// The check of a program with persistent tasks whose tile counts sizes
  /// set: tasks of every count up to the span that the tile loop's
  /// repetition needs, at every trip count the pump needs.
  LogicalResult runTiles();
};

bool SymbolicChecker::allowed(ArrayRef<int64_t> values) {
  IntegerSetAttr set = program.getAssertionsAttr();
  return !set || !getViolatedConstraint(set.getValue(), values);
}

LogicalResult SymbolicChecker::runAt(ArrayRef<int64_t> values,
                                     const PumpPlan *plan,
                                     PumpObservation *obs) {
  if (++result.runs > kMaxRuns)
    return mlir::emitError(program.getLoc())
           << "the symbolic check stops after " << kMaxRuns << " runs";
  llvm::StringMap<int64_t> sizes;
  for (auto [size, v] : llvm::zip_equal(roles.sizes, values))
    sizes[size.name] = v;
  AbstractMachineStats stats;
  LogicalResult r =
      plan ? interpretPumped(program, sizes, stats, maxInstances, *plan, *obs)
           : interpretProgram(program, sizes, &stats, /*progress=*/false,
                              maxInstances, /*taskSymmetry=*/true);
  if (failed(r))
    return mlir::emitError(program.getLoc())
           << "the symbolic check found the error above at "
           << sizesText(roles, values);
  lastStats = stats;
  if (obs)
    tasksDiffered |= obs->tasksDiffer;
  return success();
}

SmallVector<SmallVector<int64_t>> SymbolicChecker::boxes() {
  SmallVector<SmallVector<int64_t>> box;
  SmallVector<int64_t> least;
  for (const SizeRoles::Size &s : roles.sizes)
    least.push_back(s.lattice.least);
  for (auto [i, s] : llvm::enumerate(roles.sizes)) {
    SmallVector<int64_t> js;
    int64_t most = (s.lattice.most - s.lattice.least) / s.lattice.step;
    if (most == 0) {
      box.push_back({0}); // one legal value
      continue;
    }
    switch (s.role) {
    case SizeRoles::Role::Each:
      for (int64_t j = 0; j <= most; ++j)
        js.push_back(j); // each value: no argument needed
      break;
    case SizeRoles::Role::Unused:
      // A size no statement reads still meets the others in `requires`:
      // each of its values when there are few.
      for (int64_t j = 0; j <= (fewValues(s) ? most : 0); ++j)
        js.push_back(j);
      break;
    case SizeRoles::Role::Trip:
    case SizeRoles::Role::Tiles: // the points of tilePoints()
      js = {0};
      break;
    case SizeRoles::Role::Grid: {
      // Up to the first point where every task loop it sets runs
      // kGridTasks tasks (the other sizes at their least).
      int64_t bound = -1;
      for (int64_t j = 0; j <= std::min(most, kMaxCoordinate); ++j) {
        SmallVector<int64_t> at = least;
        at[i] = s.lattice.at(j);
        DenseMap<Value, int64_t> memo;
        bool enough = true;
        program.walk([&](amir::TasksForOp t) {
          std::optional<int64_t> lo = evaluateFromSizes(t.getLower(), at,
                                                        program, memo),
                                 hi = evaluateFromSizes(t.getUpper(), at,
                                                        program, memo);
          DenseMap<Value, int64_t> memo0;
          std::optional<int64_t> hi0 =
              evaluateFromSizes(t.getUpper(), least, program, memo0);
          if (!lo || !hi || !hi0)
            return;
          if (*hi != *hi0 && *hi - *lo < kGridTasks)
            enough = false;
        });
        if (enough && j > 0) {
          bound = j;
          break;
        }
      }
      if (bound < 0) {
        bound = std::min<int64_t>(most, 2);
        gaps.push_back(s.name + ": its task loops do not reach " +
                       std::to_string(kGridTasks) + " tasks by " + s.name +
                       " = " +
                       std::to_string(s.lattice.at(
                           std::min<int64_t>(most, kMaxCoordinate))));
      }
      for (int64_t j = 0; j <= bound; ++j)
        js.push_back(j);
      break;
    }
    case SizeRoles::Role::Uncovered:
      for (int64_t j = 0; j <= std::min<int64_t>(most, 2); ++j)
        js.push_back(j);
      break;
    }
    box.push_back(js);
  }
  return box;
}

bool SymbolicChecker::checkEachTrip(SmallVector<int64_t> point) {
  const PumpPlan &plan = *roles.pump;
  const SizeRoles::Size &trip = roles.sizes[plan.size];
  if (!fewValues(trip))
    return false;
  if (values(trip) == 1)
    return true;
  std::optional<int64_t> least = leastTrip(point);
  return least && *least >= std::max<int64_t>(kPumpLong, 8 * plan.period);
}

std::optional<int64_t> SymbolicChecker::settledFrom(std::string &why) {
  const PumpPlan &plan = *roles.pump;
  const SizeLattice &lat = roles.sizes[plan.size].lattice;
  int64_t most = (lat.most - lat.least) / lat.step;
  if (most == 0)
    return 0; // one value: nothing moves
  SmallVector<int64_t> at;
  for (const SizeRoles::Size &s : roles.sizes)
    at.push_back(s.lattice.least);
  // g(j) = c + a j, its value at the coordinates 0 and 1 (the comparisons'
  // sides are affine in j, computed from the trip size alone).
  auto affine = [&](Value v) -> std::optional<std::pair<__int128, __int128>> {
    std::optional<int64_t> g[2];
    for (int64_t j : {0, 1}) {
      at[plan.size] = lat.at(j);
      DenseMap<Value, int64_t> memo;
      g[j] = evaluateFromSizes(v, at, program, memo);
    }
    if (!g[0] || !g[1])
      return std::nullopt;
    return std::make_pair(static_cast<__int128>(*g[0]),
                          static_cast<__int128>(*g[1]) - *g[0]);
  };
  // The least j >= 0 from which c + a j is positive (above = true) or
  // negative for good, strictly; none when it never is.
  auto settles = [](__int128 c, __int128 a,
                    bool above) -> std::optional<__int128> {
    if (!above) {
      c = -c;
      a = -a;
    }
    if (c > 0 && a >= 0)
      return 0;
    if (a <= 0)
      return std::nullopt;
    return (c > 0 ? 0 : -c / a + 1);
  };
  __int128 from = 0;
  for (Operation *op : plan.sizeComparisons) {
    auto cmp = cast<arith::CmpIOp>(op);
    auto l = affine(cmp.getLhs()), r = affine(cmp.getRhs());
    std::optional<__int128> j0;
    if (l && r) {
      __int128 c = l->first - r->first, a = l->second - r->second;
      if (a)
        j0 = settles(c, a, a > 0);
      // An unsigned comparison reads both sides as at least 0.
      using P = arith::CmpIPredicate;
      P pred = cmp.getPredicate();
      if (j0 && (pred == P::ult || pred == P::ule || pred == P::ugt ||
                 pred == P::uge))
        for (auto side : {*l, *r}) {
          if (side.first >= 0 && side.second >= 0)
            continue;
          std::optional<__int128> s = settles(side.first + 1, side.second,
                                              /*above=*/true);
          j0 = s ? std::optional<__int128>(std::max(*j0, *s)) : std::nullopt;
          if (!j0)
            break;
        }
    }
    if (!j0) {
      why = "a comparison of values computed from " +
            roles.sizes[plan.size].name +
            " alone does not keep its value as it grows";
      return std::nullopt;
    }
    from = std::max(from, *j0);
  }
  return static_cast<int64_t>(std::min<__int128>(from, most + 1));
}

std::optional<std::string>
SymbolicChecker::reachesEveryCount(const FirstTaskProgram &first,
                                   amir::ProgramOp original) {
  const SizeRoles::Size &size = roles.sizes[first.size];
  const SizeLattice &l = size.lattice;
  if (l.empty() || l.step > first.divisor)
    return std::nullopt;
  // With accesses that clip, the sizes must be d count (d, 2 d, ...), where
  // they clip nothing in the first task (after rounding up, where the size
  // rounds up by d).
  if (first.clipsAbove && (l.step != first.divisor || l.least != first.divisor))
    return std::nullopt;
  // Steps of at most d move (s + b) / d by at most 1: every count from
  // the least one's on is reached; the least must be at most 1.
  SmallVector<int64_t> least;
  for (const SizeRoles::Size &s : roles.sizes)
    least.push_back(s.lattice.least);
  DenseMap<Value, int64_t> memo;
  std::optional<int64_t> count = evaluateFromSizes(
      amir::TasksForOp(first.loop).getUpper(), least, original, memo);
  if (!count || *count > 1)
    return std::nullopt;
  std::string loops;
  for (Operation *o : first.selectors)
    loops += (loops.empty() ? "'" : ", '") +
             amir::TasksForOp(o).getIterName().str() + "'";
  return "tasks of loop '" + amir::TasksForOp(first.loop).getIterName().str() +
         "': task t runs as the first does where " + size.name +
         " gives t fewer" +
         (loops.empty() ? std::string()
                        : " (in the order loops " + loops +
                              " select: each task a translation of one "
                              "where they are 0)") +
         ", the tasks' writes apart; the first task checked alone";
}

std::optional<int64_t> SymbolicChecker::leastTrip(SmallVector<int64_t> &point) {
  const PumpPlan &plan = *roles.pump;
  DenseMap<Value, int64_t> memo;
  point[plan.size] = roles.sizes[plan.size].lattice.least;
  amir::SeqForOp loop = plan.loop;
  std::optional<int64_t> lo =
      evaluateFromSizes(loop.getLower(), point, program, memo);
  std::optional<int64_t> hi =
      evaluateFromSizes(loop.getUpper(), point, program, memo);
  if (!lo || !hi)
    return std::nullopt;
  return std::max<int64_t>(*hi - *lo, 0);
}

LogicalResult SymbolicChecker::tripPoints(SmallVector<int64_t> &point,
                                          SmallVector<int64_t> &out,
                                          std::string &why) {
  const PumpPlan &plan = *roles.pump;
  amir::SeqForOp loop = plan.loop;
  const SizeLattice &lat = roles.sizes[plan.size].lattice;
  int64_t most = (lat.most - lat.least) / lat.step;
  // The trip count at coordinate j is alpha * j + beta.
  std::optional<int64_t> least = leastTrip(point);
  if (!least) {
    why = "the trip count of loop '" + loop.getIterName().str() +
          "' is not computed from the sizes alone";
    return failure();
  }
  int64_t beta = *least;
  // A run long enough to show the repetition: a short one first, then a
  // long one if the short one does not show it. With several executions
  // (an execution loop, or sibling loops), an execution starts where the
  // one before ended, which depends on the trip count modulo the period:
  // one run per residue (a run stands for the trip counts of its residue
  // only).
  std::optional<int64_t> settled = settledFrom(why);
  if (!settled)
    return failure();
  int64_t start = beta, tail = 0, from = 0;
  int64_t residues =
      plan.outer || !plan.later.empty() ? plan.period / plan.alpha : 1;
  for (int64_t length : {std::max<int64_t>(kPumpShort, 4 * plan.period),
                         std::max<int64_t>(kPumpLong, 8 * plan.period)}) {
    why.clear(); // (a failed run below is a hazard, already reported)
    // (The long runs are made where the size comparisons have settled.)
    int64_t jFirst =
        std::max(llvm::divideCeilSigned(length, plan.alpha), *settled);
    if (jFirst + residues - 1 > most) {
      if (residues > 1) {
        why = "requires bounds the trip count of loop '" +
              loop.getIterName().str() + "' below " +
              std::to_string((jFirst + residues - 1) * plan.alpha + beta) +
              ", the longest run its executions need";
        return failure();
      }
      jFirst = most;
    }
    start = *settled * plan.alpha + beta;
    tail = 0;
    from = 0;
    for (int64_t r = 0; r < residues && why.empty(); ++r) {
      int64_t jCert = jFirst + r;
      int64_t trip = jCert * plan.alpha + beta;
      if (trip < 2 * plan.period) {
        why = "requires bounds the trip count of loop '" +
              loop.getIterName().str() + "' below two periods";
        return failure();
      }
      SmallVector<int64_t> cert = point;
      cert[plan.size] = lat.at(jCert);
      PumpObservation floors;
      if (failed(runAt(cert, &plan, &floors)))
        return failure();
      PumpObservation compare;
      compare.compare = true;
      compare.floors = floors.floors;
      if (failed(runAt(cert, &plan, &compare)))
        return failure();
      if (compare.executions.empty()) {
        why = "loop '" + loop.getIterName().str() + "' never ran at " +
              sizesText(roles, cert);
        return failure();
      }
      for (const PumpObservation::Execution &e : compare.executions) {
        if (!e.start) {
          why = e.why + " at " + sizesText(roles, cert);
          break;
        }
        start = std::max(start, *e.start);
        tail = std::max(tail, e.tail);
      }
      // A run with n iterations repeats the first start + period
      // iterations of the long one when its tail comparisons have their
      // limits there, that is from n = start + period + tail on; each such
      // n is then n - period pumped. Check the trip counts below.
      from = start + plan.period + tail;
      if (why.empty() && from > trip)
        why = "the iterations near the end of loop '" +
              loop.getIterName().str() + "' differ from the others as far as " +
              std::to_string(tail) + " iterations from the end, more than " +
              "the run at " + sizesText(roles, cert) + " shows";
    }
    if (why.empty())
      break;
  }
  if (!why.empty())
    return failure();
  for (int64_t j = 0; j <= most && j * plan.alpha + beta < from; ++j)
    out.push_back(j);
  if (out.size() > static_cast<size_t>(kMaxCoordinate)) {
    why = "the state of loop '" + loop.getIterName().str() +
          "' repeats only from iteration " + std::to_string(start);
    out.clear();
    return failure();
  }
  latestStart = std::max(latestStart, start);
  longestTail = std::max(longestTail, tail);
  return success();
}

std::vector<SymbolicChecker::TilePoint>
SymbolicChecker::tilePoints(int64_t span, bool &exhaustive, int64_t trip) {
  const SizeRoles::TileCounts &tc = *roles.tiles;
  SmallVector<unsigned> radixSizes;
  for (auto [i, s] : llvm::enumerate(roles.sizes))
    if (s.role == SizeRoles::Role::Tiles && i != tc.clusters)
      radixSizes.push_back(i);
  SmallVector<int64_t> least;
  for (const SizeRoles::Size &s : roles.sizes)
    least.push_back(s.lattice.least);
  if (tc.tripSets)
    least[roles.pump->size] = roles.sizes[roles.pump->size].lattice.at(trip);
  // Every point of the radix sizes' lattices up to kTileSearch coordinates
  // each. For T tiles, a task runs c of them with NC = floor(T / c)
  // clusters (c = floor(T / NC)) or ceil(T / c) (c = ceil(T / NC)), if any
  // NC does, and none with NC = T + 1: those NC are tried.
  const SizeRoles::Size &clusters = roles.sizes[tc.clusters];
  exhaustive = clusters.lattice.step == 1;
  SmallVector<int64_t> most;
  for (unsigned s : radixSizes) {
    int64_t m = values(roles.sizes[s]) - 1;
    exhaustive &= m <= kTileSearch;
    most.push_back(std::min(m, kTileSearch));
  }
  std::vector<TilePoint> best(span + 1);
  SmallVector<int64_t> at(radixSizes.size(), 0);
  while (true) {
    SmallVector<int64_t> point = least;
    for (auto [k, s] : llvm::enumerate(radixSizes))
      point[s] = roles.sizes[s].lattice.at(at[k]);
    DenseMap<Value, int64_t> memo;
    std::optional<int64_t> total =
        evaluateFromSizes(tc.total, point, program, memo);
    SmallVector<int64_t> tried;
    for (int64_t c = 1; total && *total >= 0 && c <= span + 1; ++c)
      for (int64_t nc : {*total / c, llvm::divideCeilSigned(*total, c)})
        tried.push_back(nc);
    if (total)
      tried.push_back(*total + 1);
    for (int64_t nc : tried) {
      if (nc < clusters.lattice.least || nc > clusters.lattice.most ||
          (nc - clusters.lattice.least) % clusters.lattice.step)
        continue;
      point[tc.clusters] = nc;
      if (!allowed(point))
        continue;
      int64_t q = *total / nc, r = *total % nc;
      // The machine runs the first two tasks of each tile count.
      int64_t cost = std::min<int64_t>(r, 2) * (q + 1) +
                     std::min<int64_t>(nc - r, 2) * q + *total / 64;
      for (int64_t c : {q + 1, q}) {
        if ((c == q + 1 && r == 0) || c > span)
          continue;
        TilePoint &b = best[c];
        if (b.values.empty() || cost < b.cost)
          b = TilePoint{point, cost};
      }
    }
    size_t d = 0;
    while (d < at.size() && ++at[d] > most[d])
      at[d++] = 0;
    if (d == at.size())
      break;
  }
  return best;
}

LogicalResult SymbolicChecker::runTiles() {
  const SizeRoles::TileCounts &tc = *roles.tiles;
  const PumpPlan *trip = roles.pump ? &*roles.pump : nullptr;
  PumpPlan plan;
  if (trip)
    plan = *trip;
  plan.tileLoop = tc.loop;
  plan.tileRates = tc.rates;
  plan.tileHead = tc.head;
  plan.tilePeriodMultiple = tc.periodMultiple;
  plan.tileGroup = tc.group;
  plan.tileCount = tc.tiles;
  std::string loopName =
      "loop '" + amir::SeqForOp(tc.loop).getIterName().str() + "'";
  // The other sizes' points: each value of a size checked at each, the
  // least of an unused one (no other role comes with persistent tasks).
  SmallVector<SmallVector<int64_t>> box = boxes();
  bool uncoveredOther = false;
  for (const SizeRoles::Size &s : roles.sizes)
    if (s.role != SizeRoles::Role::Tiles && s.role != SizeRoles::Role::Trip &&
        s.role != SizeRoles::Role::Unused && s.role != SizeRoles::Role::Each) {
      gaps.push_back(s.name + ": " + s.why);
      uncoveredOther = true;
    }
  bool exhaustive = false;
  // The points of each tile count, per coordinate of the trip size where
  // it also sets the number of tiles (one search otherwise).
  std::map<int64_t, std::vector<TilePoint>> searched;
  searched[0] = tilePoints(kMaxTileSpan, exhaustive);
  auto foundAt = [&](int64_t j) -> const std::vector<TilePoint> & {
    if (!tc.tripSets)
      j = 0;
    auto it = searched.find(j);
    if (it == searched.end()) {
      bool all = false;
      it = searched.emplace(j, tilePoints(kMaxTileSpan, all, j)).first;
    }
    return it->second;
  };
  // Where a gap stops the argument before any run: the concrete check at
  // the sizes of tasks of 1 to 3 tiles the search found (and at the least
  // sizes), at the trip size's first two values, so that what the gap
  // leaves unproved is still checked at some sizes.
  auto fallback = [&]() -> LogicalResult {
    if (result.runs > 0)
      return success();
    SmallVector<int64_t> least;
    for (const SizeRoles::Size &s : roles.sizes)
      least.push_back(s.lattice.least);
    const PumpPlan *tripPlan = roles.pump ? &*roles.pump : nullptr;
    for (int64_t j = 0; j < (tripPlan ? 2 : 1); ++j) {
      if (tripPlan && j >= values(roles.sizes[tripPlan->size]))
        break;
      const std::vector<TilePoint> &found = foundAt(j);
      SmallVector<SmallVector<int64_t>> points = {least};
      for (int64_t c = 1; c <= 3 && c < static_cast<int64_t>(found.size()); ++c)
        if (!found[c].values.empty())
          points.push_back(found[c].values);
      for (SmallVector<int64_t> v : points) {
        if (tripPlan)
          v[tripPlan->size] = roles.sizes[tripPlan->size].lattice.at(j);
        if (allowed(v) && failed(runAt(v, nullptr, nullptr)))
          return failure();
      }
    }
    return success();
  };
  if (uncoveredOther)
    return fallback();
  // The points with tasks of every count up to `span` (with the other
  // sizes' points); false when the search found none for some count that
  // a size beyond it may run.
  // Where the sizes allow tasks of few tiles only (bounds a user states),
  // every count is checked, and the tile loop's state need not repeat.
  std::optional<int64_t> mostTiles;
  auto pointsUpTo = [&](int64_t span, int64_t j,
                        SmallVector<SmallVector<int64_t>> &out) -> bool {
    out.clear();
    const std::vector<TilePoint> &found = foundAt(j);
    for (int64_t c = 0; c <= span; ++c) {
      const TilePoint &p = found[c];
      if (p.values.empty()) {
        // No legal size runs one. (Where the trip size sets the number of
        // tiles, larger counts may exist at this trip value and reduce to
        // this one, whose verdict would then be unchecked: unless every
        // count the sizes allow is checked directly.)
        if (exhaustive && (!tc.tripSets || mostTiles))
          continue;
        gaps.push_back("the tile counts: no size of the search runs a task "
                       "of " +
                       std::to_string(c) + " tiles");
        return false;
      }
      SmallVector<size_t> at(box.size(), 0);
      while (true) {
        SmallVector<int64_t> v = p.values;
        for (auto [i, js] : llvm::enumerate(box))
          if (roles.sizes[i].role != SizeRoles::Role::Tiles &&
              (!trip || i != trip->size))
            v[i] = roles.sizes[i].lattice.at(js[at[i]]);
        if (!llvm::is_contained(out, v))
          out.push_back(v);
        size_t d = 0;
        while (d < box.size() && ++at[d] == box[d].size())
          at[d++] = 0;
        if (d == box.size())
          break;
      }
    }
    return true;
  };
  if (trip && trip->outer != tc.loop) {
    gaps.push_back(roles.sizes[trip->size].name + ": loop '" +
                   amir::SeqForOp(trip->loop).getIterName().str() +
                   "' does not run once per tile");
    return fallback();
  }
  const SizeLattice *tripLat =
      trip ? &roles.sizes[trip->size].lattice : nullptr;
  int64_t tripMost = trip ? values(roles.sizes[trip->size]) - 1 : 0;
  // A trip size with few values (bounds a user states) is checked at each.
  bool eachTrip = trip && fewValues(roles.sizes[trip->size]);
  tasksDiffered = false;
  int64_t tileFrom = 0, tilePeriod = 1, widest = 0;
  // The least from + period the tasks of a run show (0: none shows it).
  auto tileSpan = [&](const PumpObservation &o) {
    int64_t best = 0;
    for (const PumpObservation::Task &t : o.tasks) {
      // (In tiles: a task of n >= w (from + period) tiles has the verdict
      // of one of n - w period.)
      if (t.from && (!best || tc.group * (*t.from + t.period) < best)) {
        best = tc.group * (*t.from + t.period);
        tileFrom = std::max(tileFrom, *t.from);
        tilePeriod = std::max(tilePeriod, t.period);
      }
    }
    return best;
  };
  // One run (the trip size at coordinate j); with `compare`, one with
  // floors first, then one comparing the tiles' states (and the
  // iterations' with `iterations`).
  // A probe's floors, by the trip size's coordinate and the other sizes
  // but the tile counts': a task of fewer tiles runs a prefix of the
  // probe's groups, then part of one and what follows the tile loop (the
  // same statements, at the same distance from the end), so it touches no
  // coordinate below them, and it may compare its states with them (an
  // element it would have dropped is kept: the comparison is only
  // stricter).
  std::map<SmallVector<int64_t>,
           DenseMap<std::pair<Operation *, unsigned>, int64_t>>
      probeFloors;
  auto floorKey = [&](ArrayRef<int64_t> v) {
    SmallVector<int64_t> key;
    for (auto [i, x] : llvm::enumerate(v))
      key.push_back(roles.sizes[i].role == SizeRoles::Role::Tiles ? -1 : x);
    return key;
  };
  auto runOnce = [&](SmallVector<int64_t> v, int64_t j, bool compare,
                     bool iterations,
                     bool probing = false) -> FailureOr<PumpObservation> {
    if (trip)
      v[trip->size] = tripLat->at(j);
    PumpObservation floors;
    auto known = probeFloors.find(floorKey(v));
    if (!compare || probing || known == probeFloors.end()) {
      if (failed(runAt(v, &plan, &floors)))
        return failure();
    } else {
      floors.floors = known->second;
    }
    if (probing)
      probeFloors[floorKey(v)] = floors.floors;
    if (!compare)
      return floors;
    PumpObservation o;
    o.compare = iterations;
    o.compareTiles = true;
    o.floors = floors.floors;
    if (failed(runAt(v, &plan, &o)))
      return failure();
    return o;
  };
  // The span the tasks need at the trip size's coordinate j: the least
  // from + period that a task of many tiles shows (0: none within the
  // most tiles the check runs).
  if (exhaustive) {
    SmallVector<int64_t> top;
    for (const SizeRoles::Size &s : roles.sizes)
      top.push_back(s.lattice.most);
    top[tc.clusters] = roles.sizes[tc.clusters].lattice.least;
    DenseMap<Value, int64_t> memo;
    std::optional<int64_t> t = evaluateFromSizes(tc.total, top, program, memo);
    if (t && top[tc.clusters] > 0 &&
        llvm::divideCeilSigned(*t, top[tc.clusters]) <= kMaxTileSpan)
      mostTiles = llvm::divideCeilSigned(*t, top[tc.clusters]);
  }
  // (A ring element stays in the compared state for two ring depths D
  // past the floor, a trip count n moving the ring by n per tile, and the
  // ring's slots return after D tiles at most: the first task is about
  // (2 D + 4) / n + D + 1 tiles long, and twice as long if that does not
  // show the repetition.)
  int64_t depth = 1;
  for (const auto &[allocOp, rates] : plan.rates) {
    auto alloc = cast<amir::AllocOp>(allocOp);
    for (auto [d, rate] : llvm::enumerate(rates)) {
      if (!rate)
        continue;
      if (TypeAttr bar = alloc.getBarrierAttr()) {
        auto bt = cast<BarrierType>(bar.getValue());
        if (bt.getRingDim() == int(d))
          depth = std::max<int64_t>(depth, bt.getRingDepth(d));
      } else if (alloc.getRingDim() && *alloc.getRingDim() == d) {
        depth = std::max<int64_t>(depth, alloc.getRingDepth().value_or(1));
      }
    }
  }
  int64_t beta = 0;
  // With `executions`, the probe compares the iterations of the pumped
  // loop's executions too, and leaves them there.
  auto probe = [&](int64_t j,
                   SmallVectorImpl<PumpObservation::Execution> *executions =
                       nullptr) -> FailureOr<int64_t> {
    if (mostTiles)
      return *mostTiles;
    int64_t n = trip ? std::max<int64_t>(1, j * trip->alpha + beta) : 0;
    int64_t first =
        n ? std::clamp<int64_t>(llvm::divideCeil(2 * depth + 4, n) + depth + 1,
                                2, kMaxTileSpan)
          : kTileProbe;
    const std::vector<TilePoint> &found = foundAt(j);
    for (int64_t count = first;;
         count = std::min<int64_t>(2 * count, kMaxTileSpan)) {
      int64_t at = count;
      while (at > 0 && found[at].values.empty())
        --at;
      // (None at or below it: the least count above it, where the trip
      // size sets the number of tiles and the tasks are long at this
      // value.)
      for (at = at ? at : count + 1;
           at < static_cast<int64_t>(found.size()) && found[at].values.empty();
           ++at)
        ;
      if (at >= static_cast<int64_t>(found.size()))
        return int64_t(-1); // no size of the search runs a task of tiles
      SmallVector<int64_t> v = found[at].values;
      for (auto [i, js] : llvm::enumerate(box))
        if (roles.sizes[i].role != SizeRoles::Role::Tiles &&
            (!trip || i != trip->size))
          v[i] = roles.sizes[i].lattice.at(js[0]);
      FailureOr<PumpObservation> o =
          runOnce(v, j, true, executions != nullptr, true);
      if (failed(o))
        return failure();
      if (int64_t s = tileSpan(*o)) {
        if (executions)
          executions->assign(o->executions.begin(), o->executions.end());
        return s;
      }
      if (count == kMaxTileSpan)
        return int64_t(0);
    }
  };
  // The gap where the probe at the trip size's coordinate j found no
  // span: no size of the search runs a task of tiles (`none`), or the
  // tile loop's state does not repeat as the check looks for it.
  auto noRepetition = [&](int64_t j, bool none) {
    std::string at = trip ? " at " + roles.sizes[trip->size].name + " = " +
                                std::to_string(tripLat->at(j))
                          : std::string();
    if (none)
      gaps.push_back("the tile counts: no size of the search runs a task of "
                     "one tile or more" +
                     at);
    else
      gaps.push_back("the tile counts: the state of " + loopName +
                     " does not repeat with a period of at most " +
                     std::to_string(PumpObservation::kTilePeriods) +
                     " tiles within the " + std::to_string(kMaxTileSpan) +
                     " tiles of a task the check runs" + at);
  };
  // Long runs, one per residue of the trip size's period: the span each
  // needs, then the pump's argument at the points of every count up to
  // it, comparing the tiles' states too.
  SmallVector<int64_t> trips = {0};
  if (eachTrip) {
    trips.clear();
    for (int64_t j = 0; j <= tripMost; ++j)
      trips.push_back(j);
  } else if (trip) {
    int64_t residues =
        trip->outer || !trip->later.empty() ? trip->period / trip->alpha : 1;
    SmallVector<SmallVector<int64_t>> points;
    if (!pointsUpTo(0, 0, points))
      return fallback();
    SmallVector<int64_t> p0 = points.front();
    std::optional<int64_t> l = leastTrip(p0);
    if (!l) {
      gaps.push_back(roles.sizes[trip->size].name +
                     ": the trip count of loop '" +
                     amir::SeqForOp(trip->loop).getIterName().str() +
                     "' is not computed from the sizes alone");
      return fallback();
    }
    beta = *l;
    int64_t from = 0;
    std::string tripWhy;
    std::optional<int64_t> settled = settledFrom(tripWhy);
    if (!settled) {
      gaps.push_back(roles.sizes[trip->size].name + ": " + tripWhy);
      return fallback();
    }
    // The long runs' length: the short one first; where its repetition
    // started too late for its iterations, the least length that leaves
    // room for it (each residue's run checks that again), then the long
    // one. (Where the trip size also sets the number of tiles, each tile
    // of the long run's tasks runs that long: the short one is halved.)
    SmallVector<int64_t, 3> lengths = {
        std::max<int64_t>(tc.tripSets ? kPumpShort / 2 : kPumpShort,
                          4 * trip->period),
        std::max<int64_t>(kPumpLong, 8 * trip->period)};
    // After the first try, a length between the two that leaves `room`.
    auto tryLength = [&](size_t attempt, int64_t room) {
      if (attempt == 0 && room < lengths.back() && room > lengths.front())
        lengths.insert(lengths.begin() + 1, room);
    };
    for (size_t attempt = 0; attempt < lengths.size(); ++attempt) {
      int64_t length = lengths[attempt];
      tripWhy.clear();
      int64_t jFirst =
          std::max(llvm::divideCeilSigned(length, trip->alpha), *settled);
      if (jFirst + residues - 1 > tripMost) {
        tripWhy = "requires bounds the trip count of loop '" +
                  amir::SeqForOp(trip->loop).getIterName().str() + "' below " +
                  std::to_string((jFirst + residues - 1) * trip->alpha + beta) +
                  ", the longest run its executions need";
        break;
      }
      int64_t start = *settled * trip->alpha + beta, tail = 0;
      for (int64_t r = 0; r < residues && tripWhy.empty(); ++r) {
        // The probe compares the executions' iterations: a task of fewer
        // tiles runs its executions as the probe's first ones (from the
        // state each task starts from, the same statements group by group:
        // a partial last group runs its first tile's as a whole one does),
        // so their repetitions are the probe's; the points of every count
        // up to the span then run for their verdicts.
        SmallVector<PumpObservation::Execution> probed;
        FailureOr<int64_t> need = probe(jFirst + r, &probed);
        if (failed(need))
          return failure();
        if (*need <= 0) {
          noRepetition(jFirst + r, *need < 0);
          return fallback();
        }
        widest = std::max(widest, *need);
        for (const PumpObservation::Execution &e : probed) {
          if (!e.start) {
            tripWhy = e.why;
            // (A repetition from its least start would need two periods
            // more.)
            int64_t room = std::max(start, e.least) + 2 * trip->period +
                           std::max(tail, e.tail) - beta;
            tryLength(attempt, room);
            break;
          }
          start = std::max(start, *e.start);
          tail = std::max(tail, e.tail);
        }
        if (!tripWhy.empty())
          break;
        if (start + trip->period + tail > (jFirst + r) * trip->alpha + beta) {
          tripWhy = "the iterations near the end of loop '" +
                    amir::SeqForOp(trip->loop).getIterName().str() +
                    "' differ from the others as far as " +
                    std::to_string(tail) + " iterations from the end";
          int64_t room = start + trip->period + tail - beta;
          tryLength(attempt, room);
        }
        if (!tripWhy.empty())
          break;
        if (!pointsUpTo(*need, jFirst + r, points))
          return fallback();
        for (const SmallVector<int64_t> &v : points)
          if (failed(runOnce(v, jFirst + r, false, false)))
            return failure();
      }
      if (tripWhy.empty()) {
        from = start + trip->period + tail;
        latestStart = std::max(latestStart, start);
        longestTail = std::max(longestTail, tail);
        break;
      }
    }
    if (!tripWhy.empty()) {
      gaps.push_back(roles.sizes[trip->size].name + ": " + tripWhy);
      return fallback();
    }
    trips.clear();
    for (int64_t j = 0; j <= tripMost && j * trip->alpha + beta < from; ++j)
      trips.push_back(j);
  }
  // Each shorter trip count (or the only run without one): a long task
  // shows the span it needs, then the points of every count up to it run.
  for (int64_t j : trips) {
    FailureOr<int64_t> need = probe(j);
    if (failed(need))
      return failure();
    if (*need <= 0) {
      noRepetition(j, *need < 0);
      return fallback();
    }
    widest = std::max(widest, *need);
    SmallVector<SmallVector<int64_t>> points;
    if (!pointsUpTo(*need, j, points))
      return fallback();
    for (const SmallVector<int64_t> &v : points)
      if (failed(runOnce(v, j, false, false)))
        return failure();
  }
  if (tasksDiffered) {
    gaps.push_back("the tile counts: a task leaves state that the next task "
                   "sees, so that the tasks are not checked one by one");
    return fallback();
  }
  std::string names;
  for (auto [i, s] : llvm::enumerate(roles.sizes))
    if (s.role == SizeRoles::Role::Tiles || (tc.tripSets && i == trip->size))
      names += (names.empty() ? "" : ", ") + s.name;
  // (With groups of tiles, the state compared is an iteration's.)
  std::string unit = tc.group > 1 ? "iteration" : "tile";
  result.summary.push_back(
      names + ": set the tile counts of persistent tasks (" + loopName +
      (tc.group > 1 ? ", " + std::to_string(tc.group) + " tiles per iteration"
                    : std::string()) +
      "), tasks of 0 to " + std::to_string(widest) + " tiles checked, " +
      (mostTiles ? std::string("every count the sizes allow")
                 : "the state of " + std::string(tc.group > 1 ? "an " : "a ") +
                       unit + " repeating every " + std::to_string(tilePeriod) +
                       " " + unit + "s from " + unit + " " +
                       std::to_string(tileFrom) + " at most"));
  if (eachTrip)
    result.summary.push_back(eachValue(roles.sizes[trip->size]));
  else if (trip)
    result.summary.push_back(
        roles.sizes[trip->size].name + ": trip size of loop '" +
        amir::SeqForOp(trip->loop).getIterName().str() + "' (in each tile), " +
        "its state repeating every " + std::to_string(trip->period) +
        " iterations from iteration " + std::to_string(latestStart) +
        (longestTail ? " (but in the last " + std::to_string(longestTail) + ")"
                     : std::string()));
  return success();
}

LogicalResult SymbolicChecker::run() {
  for (const SizeRoles::Size &s : roles.sizes) {
    if (s.rounding && !s.lattice.empty())
      result.summary.push_back(
          s.name + ": partial tiles, each size checked as the multiple of " +
          std::to_string(s.rounding) + " at or above it");
    switch (s.role) {
    case SizeRoles::Role::Unused:
      result.summary.push_back(
          s.name + (s.extentsOnly
                        ? ": sets only extents that the windows of their "
                          "variables stay inside"
                        : ": reaches no statement"));
      break;
    case SizeRoles::Role::Grid:
    case SizeRoles::Role::Trip:
    case SizeRoles::Role::Tiles:
      break;
    case SizeRoles::Role::Each:
      result.summary.push_back(eachValue(s));
      break;
    case SizeRoles::Role::Uncovered:
      gaps.push_back(s.name + ": " + s.why +
                     (s.roundWhy.empty()
                          ? std::string()
                          : " (it does not round up: " + s.roundWhy + ")"));
      break;
    }
    if (s.lattice.empty() && bounded.contains(s.name))
      return mlir::emitError(program.getLoc())
             << "the bounds leave no value of " << s.name << " that the "
             << "requires clause of @" << program.getSymName() << " allows";
    if (s.lattice.empty())
      return success(); // no size satisfies requires: nothing to check
  }
  if (roles.tiles && roles.why.empty()) {
    if (failed(runTiles()))
      return failure();
    return finish();
  }
  SmallVector<SmallVector<int64_t>> box = boxes();
  for (auto [s, js] : llvm::zip_equal(roles.sizes, box))
    if (s.role == SizeRoles::Role::Grid)
      result.summary.push_back(s.name + ": grid size, checked up to " + s.name +
                               " = " + std::to_string(s.lattice.at(js.back())));
  // Every point of the box, the trip size's coordinates per point. With
  // a size uncovered nothing is proved: the trip size's repetition is shown
  // at the first point only (what the summary says of it), and the other
  // points run its first lattice points.
  bool uncovered = llvm::any_of(roles.sizes, [](const SizeRoles::Size &s) {
    return s.role == SizeRoles::Role::Uncovered;
  });
  // Tasks one by one (docs/SymbolicChecking.md, "The grid direction"):
  // where the box's points differ in grid sizes only, and every task
  // starts from the state the first one starts from, the trip size's runs
  // at the first point stand for every point, the others running one trip
  // count for the task symmetry's proofs. Where a task starts from another
  // state, every point runs them all.
  bool oneByOne = !uncovered && roles.pump && roles.why.empty() &&
                  llvm::any_of(roles.sizes,
                               [](const SizeRoles::Size &s) {
                                 return s.role == SizeRoles::Role::Grid;
                               }) &&
                  llvm::all_of(llvm::enumerate(roles.sizes), [&](auto e) {
                    return e.value().role == SizeRoles::Role::Grid ||
                           e.index() == roles.pump->size ||
                           box[e.index()].size() == 1;
                  });
  SmallVector<size_t> at(box.size(), 0);
  bool tripCovered = true, firstPoint = true;
  SmallVector<int64_t> firstPointValues;
  if (oneByOne)
    roles.pump->observeTasks = true;
  tasksDiffered = false;
  while (true) {
    SmallVector<int64_t> point;
    for (auto [i, js] : llvm::enumerate(box))
      point.push_back(roles.sizes[i].lattice.at(js[at[i]]));
    SmallVector<int64_t> trips = {0};
    bool pumpHere = (!uncovered && !oneByOne) || firstPoint;
    bool observe = oneByOne && firstPoint;
    if (firstPoint)
      firstPointValues = point;
    firstPoint = false;
    bool each = roles.pump && roles.why.empty() && checkEachTrip(point);
    bool pumped = roles.pump && roles.why.empty() && !each && pumpHere;
    if (each) {
      // Few trip counts, none short: each is checked by one run, cheaper
      // than the pump's runs, which are at least as long and compare the
      // states of every iteration.
      const SizeRoles::Size &trip = roles.sizes[roles.pump->size];
      if (tripCovered)
        result.summary.push_back(eachValue(trip));
      tripCovered = false;
      trips.clear();
      for (int64_t j = 0; j < values(trip); ++j)
        trips.push_back(j);
    } else if (pumped) {
      std::string why;
      SmallVector<int64_t> found;
      const SizeRoles::Size &trip = roles.sizes[roles.pump->size];
      if (failed(tripPoints(point, found, why))) {
        if (why.empty())
          return failure(); // a hazard, reported
        if (tripCovered && !fewValues(trip))
          gaps.push_back(trip.name + ": " + why);
        if (tripCovered && fewValues(trip))
          result.summary.push_back(eachValue(trip));
        tripCovered = false;
        int64_t most = values(trip) - 1;
        trips.clear();
        for (int64_t j = 0;
             j <= std::min<int64_t>(most, fewValues(trip) ? most : 3); ++j)
          trips.push_back(j);
      } else {
        trips = found;
      }
    } else if (roles.pump && oneByOne) {
      // Its least value, for the proofs of the task symmetry.
    } else if (roles.pump) {
      // The trip size's first values (each one when few): its role failed,
      // or another size's did, so that nothing is proved.
      const SizeRoles::Size &trip = roles.sizes[roles.pump->size];
      int64_t most = values(trip) - 1;
      trips.clear();
      for (int64_t j = 0;
           j <= std::min<int64_t>(most, fewValues(trip) ? most : 3); ++j)
        trips.push_back(j);
    }
    bool expanded = false;
    for (size_t ti = 0; ti < trips.size(); ++ti) {
      int64_t j = trips[ti];
      if (roles.pump)
        point[roles.pump->size] = roles.sizes[roles.pump->size].lattice.at(j);
      if (!allowed(point))
        continue;
      PumpObservation seen;
      if (failed(observe ? runAt(point, &*roles.pump, &seen)
                         : runAt(point, nullptr, nullptr)))
        return failure();
      // On the faces of the box, the grid argument needs the tasks proved
      // translations of the first two, all in bounds.
      for (auto [i, s] : llvm::enumerate(roles.sizes))
        if (s.role == SizeRoles::Role::Grid && at[i] + 1 == box[i].size() &&
            !(lastStats.symmetryDecided && lastStats.allInterior)) {
          std::string g =
              s.name + ": at " + sizesText(roles, point) +
              " the tasks were not proved translations of the "
              "first two, all in bounds" +
              (lastStats.symmetry.empty() ? std::string()
                                          : " (" + lastStats.symmetry + ")");
          if (!llvm::is_contained(gaps, g))
            gaps.push_back(g);
        }
      // The first point's trip counts stand for this one only where its
      // tasks are proved translations of the first two, all in bounds:
      // else all of its own run.
      if (oneByOne && !observe && !expanded && roles.pump &&
          !(lastStats.symmetryDecided && lastStats.allInterior)) {
        expanded = true;
        SmallVector<int64_t> more, p = point;
        std::string why;
        if (failed(tripPoints(p, more, why))) {
          if (why.empty())
            return failure(); // a hazard, reported
          gaps.push_back(roles.sizes[roles.pump->size].name + ": " + why);
        }
        for (int64_t m : more)
          if (m != j)
            trips.push_back(m);
      }
    }
    size_t d = 0;
    while (d < box.size() && ++at[d] == box[d].size())
      at[d++] = 0;
    if (observe && tasksDiffered) {
      // A task starts from another state: the other points run all the
      // trip counts (the first one did).
      oneByOne = false;
      roles.pump->observeTasks = false;
    }
    if (d == box.size())
      break;
  }
  if (oneByOne) {
    std::string at;
    for (auto [i, size] : llvm::enumerate(roles.sizes))
      if (i != roles.pump->size)
        at += (at.empty() ? "" : " ") + size.name + "=" +
              std::to_string(firstPointValues[i]);
    result.summary.push_back(
        "every task starts from the state the first one starts from: the "
        "runs of " +
        roles.sizes[roles.pump->size].name + " at " + at +
        " stand for every grid point");
  }
  if (roles.pump && tripCovered && roles.why.empty()) {
    const PumpPlan &plan = *roles.pump;
    amir::SeqForOp loop = plan.loop;
    if (uncovered) {
      std::string others;
      for (auto [i, size] : llvm::enumerate(roles.sizes))
        if (i != plan.size)
          others += (others.empty() ? "" : " ") + size.name + "=" +
                    std::to_string(firstPointValues[i]);
      result.summary.push_back(
          roles.sizes[plan.size].name + ": its repetition shown at " + others +
          " only, since another size is not covered (the other points run "
          "its first values)");
    }
    result.summary.push_back(
        roles.sizes[plan.size].name + ": trip size of loop '" +
        loop.getIterName().str() + "'" +
        (plan.outer ? " (in each iteration of loop '" +
                          amir::SeqForOp(plan.outer).getIterName().str() + "')"
         : plan.later.empty()
             ? std::string()
             : " (and " + std::to_string(plan.later.size()) + " sibling loop" +
                   (plan.later.size() > 1 ? "s" : "") + " after it)") +
        ", its state repeating every " + std::to_string(plan.period) +
        " iterations from iteration " + std::to_string(latestStart) +
        (longestTail ? " (but in the last " + std::to_string(longestTail) + ")"
                     : std::string()));
  }
  return finish();
}

LogicalResult SymbolicChecker::finish() {
  result.proved = gaps.empty() && roles.why.empty();
  if (!roles.why.empty())
    gaps.insert(gaps.begin(), "every size: " + roles.why);
  if (!result.proved) {
    InFlightDiagnostic w = mlir::emitWarning(program.getLoc())
                           << "the symbolic check does not cover every size "
                              "of @"
                           << program.getSymName() << "; checked "
                           << result.runs << " sizes concretely instead";
    for (const std::string &g : gaps)
      w.attachNote(program.getLoc()) << g;
  }
  return success();
}

} // namespace

std::string exo::parseSizeLimits(ArrayRef<std::string> entries,
                                 SizeLimits &limits) {
  for (const std::string &e : entries) {
    StringRef text(e);
    bool upper = text.contains("<=");
    auto [name, value] = text.split(upper ? "<=" : ">=");
    int64_t v;
    if (name.empty() || value.getAsInteger(10, v) ||
        (!upper && !text.contains(">=")))
      return "expected bounds as NAME<=VALUE or NAME>=VALUE, got '" + e + "'";
    auto [it, fresh] =
        limits.try_emplace(name, std::make_pair(int64_t(0), kMaxSize));
    if (upper)
      it->second.second = std::min(it->second.second, v);
    else
      it->second.first = std::max(it->second.first, v);
  }
  return "";
}

LogicalResult exo::checkSymbolically(amir::ProgramOp program,
                                     const SizeLimits &limits,
                                     int64_t maxInstances,
                                     SymbolicCheckResult &result) {
  // Tasks that run as the first task at smaller sizes
  // (docs/SymbolicChecking.md, "Tasks reduced to the first"): the program
  // restricted to that task is checked instead, where the size's lattice
  // reaches every task count from 1 on.
  if (std::optional<FirstTaskProgram> first = restrictToFirstTask(program)) {
    SymbolicChecker restricted(first->program, limits, maxInstances, result);
    if (std::optional<std::string> note =
            restricted.reachesEveryCount(*first, program)) {
      result.summary.push_back(*note);
      return restricted.run();
    }
  }
  return SymbolicChecker(program, limits, maxInstances, result).run();
}

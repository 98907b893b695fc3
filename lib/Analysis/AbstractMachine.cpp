//===- AbstractMachine.cpp - The synchronization checker ------------------===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#include "ExoGPU/Analysis/AbstractMachine.h"
#include "ExoGPU/Analysis/CollectiveAnalysis.h"
#include "ExoGPU/Analysis/IndexEval.h"
#include "ExoGPU/Dialect/Exo/IR/IndexRanges.h"

#include "SizeRoles.h"
#include "TaskSymmetry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

using namespace mlir;
using namespace exo;

namespace {

//===----------------------------------------------------------------------===//
// Thread sets: sorted disjoint intervals of global thread ids. Thread 0 is
// the host; task t's threads are 1 + t * clusterThreads + local.
//===----------------------------------------------------------------------===//

using Tid = int64_t;
constexpr Tid kAllDevice = INT64_MAX;

/// The lanes of memory writes made through the generic proxy (in-order
/// stores, cp.async), and those through which the async proxy (TMA, wgmma
/// reading shared memory) sees memory.
constexpr QualTimelineSet kGenericWrites =
    qualBit(QualTimeline::CudaRam) | qualBit(QualTimeline::CpAsync);
constexpr QualTimelineSet kAsyncProxy =
    qualBit(QualTimeline::AsyncRetired) | qualBit(QualTimeline::WgmmaSmem);
/// The lanes on which a thread's register accesses are retired: in-order
/// instructions (the zero-init's plain writes included), or a wgmma whose
/// group has been awaited. A wgmma's own accumulator lane (WgmmaAccum) is
/// in order only with later wgmmas: the registers may still be written.
constexpr QualTimelineSet kRetiredRegs =
    qualBit(QualTimeline::CudaRegs) | qualBit(QualTimeline::WgmmaZero);

struct Threads {
  SmallVector<std::pair<Tid, Tid>, 2> ranges; // [lo, hi)

  static Threads single(Tid t) {
    Threads s;
    s.ranges.push_back({t, t + 1});
    return s;
  }
  static Threads fromBits(const llvm::BitVector &bits, Tid base) {
    Threads s;
    int n = bits.size();
    for (int t = bits.find_first(); t >= 0;) {
      int end = bits.find_next_unset(t);
      if (end < 0)
        end = n;
      s.ranges.push_back({base + t, base + end});
      t = end < n ? bits.find_next(end) : -1;
    }
    return s;
  }
  bool intersects(const Threads &o) const {
    for (auto [a, b] : ranges)
      for (auto [c, d] : o.ranges)
        if (a < d && c < b)
          return true;
    return false;
  }
  /// Whether the union of `parts` covers this set.
  bool coveredBy(ArrayRef<const Threads *> parts) const {
    // Usually each range lies in one range of one part.
    auto inOne = [&](std::pair<Tid, Tid> r) {
      for (const Threads *p : parts)
        for (auto [c, d] : p->ranges)
          if (c <= r.first && r.second <= d)
            return true;
      return false;
    };
    if (llvm::all_of(ranges, inOne))
      return true;
    SmallVector<std::pair<Tid, Tid>> all;
    for (const Threads *p : parts)
      all.append(p->ranges.begin(), p->ranges.end());
    llvm::sort(all);
    for (auto [lo, hi] : ranges) {
      Tid at = lo;
      for (auto [c, d] : all) {
        if (c > at)
          break;
        at = std::max(at, d);
        if (at >= hi)
          break;
      }
      if (at < hi)
        return false;
    }
    return true;
  }
  bool isSingle() const {
    return ranges.size() == 1 && ranges[0].second - ranges[0].first == 1;
  }
  int64_t count() const {
    int64_t n = 0;
    for (auto [lo, hi] : ranges)
      n += hi - lo;
    return n;
  }
  void unite(const Threads &o) {
    ranges.append(o.ranges.begin(), o.ranges.end());
    llvm::sort(ranges);
    SmallVector<std::pair<Tid, Tid>, 2> merged;
    for (auto r : ranges) {
      if (!merged.empty() && r.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, r.second);
      else
        merged.push_back(r);
    }
    ranges = std::move(merged);
  }
};

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

struct Vis {
  Threads threads;
  QualTimelineSet full = 0, temporal = 0; // temporal includes full
};

struct Pending {
  int64_t barrier; // barrier element id
  int64_t count;   // arrivals on it when the record was attached
};

struct Record {
  Threads accessor;
  QualTimelineSet qual = 0;
  bool outOfOrder = false, atomic = false, mutate = false;
  /// Visibility granted by syncs (and by the access itself to a single
  /// thread).
  SmallVector<Vis, 2> vis;
  /// The accessors' own in-order view of an access by several threads:
  /// each orders its own share on `qual`, which a later access by the same
  /// collective relies on, but no thread has seen the others' shares, so
  /// it does not let a sync by some of them witness the whole record.
  QualTimelineSet selfQual = 0;
  SmallVector<Pending, 1> pending;
  /// The size of `pending` at which Machine::prunePending looks again.
  uint32_t pendingPruneAt = 16;
  Operation *op = nullptr;
  /// The values of the enclosing iterators when it was made (their names
  /// are those of `op`'s enclosing loops: see Machine::contextOf).
  SmallVector<int64_t, 10> context;
  Operation *lastSync = nullptr;
  /// Whether later instances of `op` by the same thread share the record
  /// (Machine::access: register accesses with no sync between them).
  bool coalesced = false;
  /// Made by the accesses of one statement by the threads of one warp
  /// between two statements that may change records (Machine::warpShared):
  /// `accessor` is the warp's threads, each of which touched only elements
  /// it owns.
  bool convergent = false;

  /// Whether a sync by `g` on `lanes` covers the record: every thread that
  /// made it takes part (a sync by some of a collective's threads orders
  /// only their share of its accesses), or some thread that already sees all
  /// of it does (cumulativity).
  bool witnessedBy(const Threads &g, QualTimelineSet lanes) const {
    if ((qual & lanes) && accessor.coveredBy({&g}))
      return true;
    for (const Vis &v : vis)
      if ((v.temporal & lanes) && v.threads.intersects(g))
        return true;
    return false;
  }
  void grant(const Threads &g, QualTimelineSet full, QualTimelineSet temporal) {
    for (Vis &v : vis)
      if (v.full == full && v.temporal == temporal) {
        v.threads.unite(g);
        return;
      }
    vis.push_back({g, full, temporal});
  }
  /// Whether every thread of `g` sees the record on a lane of `lanes`
  /// (fully, or at least temporally).
  bool visibleTo(const Threads &g, QualTimelineSet lanes,
                 bool temporalOnly) const {
    SmallVector<const Threads *> parts;
    if (selfQual & lanes)
      parts.push_back(&accessor);
    for (const Vis &v : vis)
      if ((temporalOnly ? v.temporal : v.full) & lanes)
        parts.push_back(&v.threads);
    return g.coveredBy(parts);
  }
};
using RecordRef = std::shared_ptr<Record>;

/// Variables of at most this many elements keep their per-element
/// bookkeeping in vectors (ElementMutations, ElementReads).
static constexpr int64_t kDenseElements = int64_t(1) << 16;
/// The register loop effects kept before they are dropped (each is a key
/// of a few values and the effect).
static constexpr size_t kRegisterLoopEffects = size_t(1) << 18;

/// What an access of wgmma registers does to its thread's wgmma fence
/// state: the zero-init leaves it fenced (its lowering executes
/// wgmma.fence), any other access but a wgmma's unfences it.
enum class FenceEffect : uint8_t { None, Fenced, Unfenced };
static FenceEffect fenceEffectOf(QualTimeline qual) {
  if (qual == QualTimeline::WgmmaZero)
    return FenceEffect::Fenced;
  if (qual != QualTimeline::WgmmaAccum && qual != QualTimeline::WgmmaRegA)
    return FenceEffect::Unfenced;
  return FenceEffect::None;
}

/// The last mutation of each element of a variable (flattened, row-major;
/// none before the first): runs of consecutive elements that share it, so a
/// tile written by one instruction is one run however many elements it has.
/// A variable of at most kDenseElements elements that allows it (registers)
/// keeps one entry per element instead once an access touches a single element:
/// per-thread accesses to a fragment would otherwise split the runs into
/// pieces of one or two elements and walk a tree of them at every access.
class ElementMutations {
public:
  ElementMutations() = default;
  // (A copy's `hint` would point into the original's map.)
  ElementMutations(const ElementMutations &) = delete;
  ElementMutations &operator=(const ElementMutations &) = delete;
  void init(int64_t count, bool denseAllowed) {
    elements = count;
    mayDense = denseAllowed && count <= kDenseElements;
    if (count > 0)
      runs.emplace(0, Run{count, nullptr});
    hint = runs.end();
  }
  /// Forgets every element's last mutation.
  void clear() {
    runs.clear();
    dense.clear();
    init(elements, mayDense);
  }
  bool empty() const { return elements == 0; }
  /// Calls `fn(at, record)` on each maximal part of [start, stop) whose
  /// elements share their last mutation `record` (null: none), in order,
  /// until it returns true; returns whether it did.
  bool findIn(int64_t start, int64_t stop,
              function_ref<bool(int64_t, const RecordRef &)> fn) {
    if (stop - start == 1)
      makeDense();
    if (!dense.empty()) {
      for (int64_t i = start; i < stop;) {
        const RecordRef &r = dense[i];
        int64_t at = i;
        while (++i < stop && dense[i] == r) {
        }
        if (fn(at, r))
          return true;
      }
      return false;
    }
    // Consecutive rows of a window usually fall in the same run.
    auto it =
        hint != runs.end() && hint->first <= start && start < hint->second.end
            ? hint
            : std::prev(runs.upper_bound(start));
    for (; it != runs.end() && it->first < stop; ++it) {
      hint = it;
      if (fn(std::max(start, it->first), it->second.record))
        return true;
      if (it->second.end >= stop)
        break;
    }
    return false;
  }
  /// Makes `record` the last mutation of the elements of [start, stop).
  void assign(int64_t start, int64_t stop, const RecordRef &record) {
    if (stop - start == 1)
      makeDense();
    if (!dense.empty()) {
      std::fill(dense.begin() + start, dense.begin() + stop, record);
      return;
    }
    hint = runs.end();
    auto first = splitAt(start);
    if (stop < runs.rbegin()->second.end)
      splitAt(stop);
    for (auto it = first; it != runs.end() && it->first < stop; ++it)
      it->second.record = record;
    // Merge the runs of [start, stop) (and their neighbours) that now hold
    // the same record (a mutation makes the whole window one run).
    auto it = first == runs.begin() ? first : std::prev(first);
    while (it != runs.end()) {
      auto next = std::next(it);
      if (next == runs.end() || it->first > stop)
        break;
      if (it->second.end == next->first &&
          it->second.record == next->second.record) {
        it->second.end = next->second.end;
        runs.erase(next);
        continue;
      }
      it = next;
    }
  }
  /// Calls `fn(start, end, record)` on each maximal run of elements that
  /// share their last mutation, in order (the same runs in either form).
  void
  forEachRun(function_ref<void(int64_t, int64_t, const RecordRef &)> fn) const {
    if (dense.empty()) {
      for (const auto &[start, run] : runs)
        fn(start, run.end, run.record);
      return;
    }
    for (int64_t i = 0; i < elements;) {
      int64_t at = i;
      while (++i < elements && dense[i] == dense[at]) {
      }
      fn(at, i, dense[at]);
    }
  }

private:
  struct Run {
    int64_t end; // the run is [key, end)
    RecordRef record;
  };
  using RunMap = std::map<int64_t, Run>;
  /// Splits the run containing `at` so that a run starts at `at`.
  RunMap::iterator splitAt(int64_t at) {
    auto it = std::prev(runs.upper_bound(at)); // runs cover [0, elements)
    if (it->first == at)
      return it;
    Run tail = it->second;
    it->second.end = at;
    return runs.emplace_hint(std::next(it), at, std::move(tail));
  }
  void makeDense() {
    if (!mayDense || !dense.empty())
      return;
    dense.resize(elements);
    for (const auto &[start, run] : runs)
      std::fill(dense.begin() + start, dense.begin() + run.end, run.record);
    runs.clear();
    hint = runs.end();
  }
  int64_t elements = 0;
  bool mayDense = false;
  RunMap runs;
  RunMap::iterator hint = runs.end();
  std::vector<RecordRef> dense;
};

/// The control values of a run, one slot per SSA value of the program
/// (numbered once at the start): a statement reads and writes its operands
/// by index (Machine::BlockPlan) instead of hashing values at every
/// instance.
class ValueStore {
public:
  void number(Operation *root) {
    auto add = [&](Value v) { slots.try_emplace(v, slots.size()); };
    root->walk([&](Operation *op) {
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            add(a);
      for (Value v : op->getResults())
        add(v);
    });
    vals.assign(slots.size(), 0);
    known.resize(slots.size());
  }
  /// The slot of `v` (~0u: not a value of the program).
  unsigned slot(Value v) const {
    auto it = slots.find(v);
    return it == slots.end() ? ~0u : it->second;
  }
  void set(Value v, int64_t x) { setSlot(slot(v), x); }
  void setSlot(unsigned s, int64_t x) {
    vals[s] = x;
    known.set(s);
  }
  bool isKnown(unsigned s) const { return s != ~0u && known.test(s); }
  int64_t at(unsigned s) const { return vals[s]; }
  /// The value of `v`, 0 before it is computed.
  int64_t lookup(Value v) const {
    unsigned s = slot(v);
    return isKnown(s) ? vals[s] : 0;
  }

private:
  DenseMap<Value, unsigned> slots;
  std::vector<int64_t> vals;
  llvm::BitVector known;
};

struct BarrierElement {
  int64_t id;
  int64_t arrives = 0;
  /// Cluster barriers: the awaits so far. The collective analysis makes
  /// every arrive and await run on the whole cluster, so the hardware
  /// barrier alternates: arrive, wait, arrive, wait.
  int64_t awaits = 0;
  /// mbarriers are one-shot per logical element: the threads that arrived
  /// (every thread, for a pre-arrived element) and that awaited.
  Threads arrivedBy, awaitedBy;
  /// mbarriers: the threads that arrived on this element's phase (counted
  /// per arrival; -1 for a pre-arrived element).
  int64_t arrivedThreads = 0;
  Operation *arriveOp = nullptr, *awaitOp = nullptr;
  /// mbarriers: the transaction bytes its phase expects (the expect_tx of
  /// the arrives on it) and those the instructions completing on it write;
  /// the phase completes when both these and the arrivals reach their
  /// counts. `txClosed`: an await has seen the phase complete, so later
  /// bytes (or expectations) would count toward the next phase.
  int64_t expectedBytes = 0, deliveredBytes = 0;
  Operation *expectOp = nullptr, *deliverOp = nullptr;
  bool txClosed = false;
  /// Some bytes on it could not be attributed (Machine::unattributed).
  bool txUnknown = false;
  /// mbarriers: the values of the sequential loops around `arriveOp` when
  /// it arrived (its instances in one execution share them).
  SmallVector<int64_t, 4> arriveSeq;
  /// Ring mbarriers: "this element's phase has completed", a record made by
  /// each Await of it (on the mbarrier lane, visible to the awaiters and,
  /// through later syncs, to others). An Await of the element one ring
  /// depth later must be ordered after it (see the Await rule).
  SmallVector<RecordRef, 1> completions;

  /// Adds to `parts` the threads that know this element's phase completed
  /// (fully ordered after one of its awaits on the mbarrier lane).
  void completionSeenBy(SmallVectorImpl<const Threads *> &parts) const {
    for (const RecordRef &done : completions) {
      if (done->selfQual & qualBit(QualTimeline::Mbarrier))
        parts.push_back(&done->accessor);
      for (const Vis &v : done->vis)
        if (v.full & qualBit(QualTimeline::Mbarrier))
          parts.push_back(&v.threads);
    }
  }
};

/// The reads of single elements of a variable, by flat element index: a
/// vector for a variable of at most kDenseElements elements (registers, shared
/// memory tiles: a lookup is an index), made at its first single-element
/// read (most variables have none: a tile read by instructions, one per
/// task, would otherwise hold a vector per task), a map for larger ones
/// (global tensors).
class ElementReads {
public:
  using Reads = SmallVector<RecordRef, 1>;
  void init(int64_t count) { elements = count; }
  /// The reads of element `flat` (created empty).
  Reads &at(int64_t flat) {
    if (dense.empty() && elements > 0 && elements <= kDenseElements)
      dense.resize(elements);
    if (dense.empty())
      return sparse[flat];
    first = std::min(first, flat);
    last = std::max(last, flat);
    return dense[flat];
  }
  /// Calls `fn(flat, reads)` on the elements in [lo, hi] with reads, in
  /// order, until it returns true; returns whether it did.
  bool findIn(int64_t lo, int64_t hi, function_ref<bool(int64_t, Reads &)> fn) {
    if (dense.empty()) {
      for (auto it = sparse.lower_bound(lo), end = sparse.upper_bound(hi);
           it != end; ++it)
        if (fn(it->first, it->second))
          return true;
      return false;
    }
    for (int64_t i = std::max(lo, first), e = std::min(hi, last); i <= e; ++i)
      if (!dense[i].empty() && fn(i, dense[i]))
        return true;
    return false;
  }
  /// Forgets the reads of the elements in [lo, hi] that `pred` selects.
  void eraseIn(int64_t lo, int64_t hi, function_ref<bool(int64_t)> pred) {
    if (dense.empty()) {
      for (auto it = sparse.lower_bound(lo), end = sparse.upper_bound(hi);
           it != end;)
        it = pred(it->first) ? sparse.erase(it) : std::next(it);
      return;
    }
    for (int64_t i = std::max(lo, first), e = std::min(hi, last); i <= e; ++i)
      if (!dense[i].empty() && pred(i))
        dense[i].clear();
  }
  /// Forgets every read.
  void clear() {
    sparse.clear();
    dense.clear();
    first = std::numeric_limits<int64_t>::max();
    last = -1;
  }
  /// Calls `fn(flat, reads)` on every element with reads, in order.
  void forEach(function_ref<void(int64_t, ArrayRef<RecordRef>)> fn) const {
    if (dense.empty()) {
      for (const auto &[flat, reads] : sparse)
        fn(flat, reads);
      return;
    }
    for (int64_t i = first; i <= last; ++i)
      if (!dense[i].empty())
        fn(i, dense[i]);
  }

private:
  int64_t elements = 0;
  std::map<int64_t, Reads> sparse;
  std::vector<Reads> dense;
  /// The least and greatest dense index ever read (bounds of the scans).
  int64_t first = std::numeric_limits<int64_t>::max(), last = -1;
};

struct Variable {
  std::string name;
  Operation *alloc = nullptr;
  size_t owned = 0;        // its index in Machine::ownedVars
  bool shared = false;     // shared memory, reused once dead
  bool scopeEnded = false; // the block that allocated it has finished
  bool registers = false;  // registers (plain, wgmma and mma.sync fragments)
  bool wgmmaRegs = false;  // registers a wgmma reads or writes (D, A)
  /// Fragment registers whose elements ordinary statements may access
  /// (wgmma D and A, mma.sync C): each element belongs to one thread.
  bool fragmentRegs = false;
  /// Registers: the records of accesses by more than one thread
  /// (instructions) and the out-of-order or atomic ones, for
  /// Machine::ownRegisterAccess.
  std::vector<std::weak_ptr<Record>> collectiveRecords;
  /// Shared memory: the generic-proxy writes of dead variables whose memory
  /// this one may reuse are Machine::deadGeneric[0, proxyDebtEnd).
  size_t proxyDebtEnd = 0;
  SmallVector<int64_t> dims;
  /// Memory: the bytes of one element (0: unknown).
  int64_t elementBytes = 0;
  /// Variables distributed over the CTAs of a cluster: the number of
  /// leading distributed dimensions (-1: unknown) and the CTA owning each
  /// element of them, row-major (-1: undecided).
  int ctaDims = -1;
  SmallVector<int64_t> owners;
  /// The CTA owning the element at `coords` (its leading ctaDims
  /// coordinates), if known.
  std::optional<int64_t> ownerCta(ArrayRef<int64_t> coords) const {
    if (ctaDims < 0 || coords.size() < static_cast<size_t>(ctaDims))
      return std::nullopt;
    int64_t flat = 0;
    for (int d = 0; d < ctaDims; ++d) {
      if (coords[d] < 0 || coords[d] >= dims[d])
        return std::nullopt;
      flat = flat * dims[d] + coords[d];
    }
    if (flat >= static_cast<int64_t>(owners.size()) || owners[flat] < 0)
      return std::nullopt;
    return owners[flat];
  }
  bool isBarrier = false;
  BarrierType barrierType;
  /// mbarriers: the arriving threads that complete a phase of an element
  /// (the lowering's mbarrier.init count; 0 when the program does not say).
  int64_t arrivals = 0;
  /// Managed ring buffers: the logical ring dimension (stored in
  /// `ringDepth` slots; `dims` holds the physical extents), its logical
  /// extent (-1: unbounded), the guarding mbarrier ring, and the logical
  /// element each (outer coordinates, slot) holds.
  int ringDim = -1;
  int64_t ringDepth = 0, ringExtent = -1;
  Variable *guard = nullptr;
  std::map<SmallVector<int64_t>, int64_t> occupant;
  ElementMutations elements;
  /// Reads, as the boxes they read: a read of a 64 x 8 window is one entry,
  /// whatever the layout. A mutation that covers a box retires it.
  struct BoxRead {
    SmallVector<int64_t> lo, size;
    RecordRef record;
    /// The elements (row-major in the box) that mutations have retired, for
    /// a box of at most kMaxHoledBox elements that a mutation covered in
    /// part (empty before): a pass that overwrites a read fragment element
    /// by element keeps one entry rather than splitting the box at every
    /// element.
    llvm::BitVector retired;
    int64_t retiredCount = 0;
    int64_t volume() const {
      int64_t v = 1;
      for (int64_t n : size)
        v *= n;
      return v;
    }
    /// The index in `retired` of absolute coordinates `at` inside the box.
    int64_t offsetOf(ArrayRef<int64_t> at) const {
      int64_t flat = 0;
      for (auto [x, l, n] : llvm::zip_equal(at, lo, size))
        flat = flat * n + (x - l);
      return flat;
    }
  };
  static constexpr int64_t kMaxHoledBox = 4096;
  std::vector<BoxRead> boxReads;
  /// Reads of single elements (element accesses to registers, say), by
  /// flat element index: a mutation looks up the elements of its window
  /// instead of scanning every read, so an element-by-element pass over a
  /// fragment that reads and then overwrites each element stays linear.
  ElementReads elementReads;
  std::map<SmallVector<int64_t>, BarrierElement> barrierElements;
  /// The keys of barrierElements by their ring coordinate (for a barrier
  /// with a ring dimension): a ring slot's reuse looks up the guard's
  /// elements of one ring index without scanning every element of a long
  /// ring.
  DenseMap<int64_t, SmallVector<SmallVector<int64_t>, 1>> barrierKeysByRing;

  /// Every record of an access to this variable still kept (the mutations
  /// of its elements and the box reads), each once.
  SmallVector<RecordRef> allRecords() const {
    SmallPtrSet<Record *, 16> seen;
    SmallVector<RecordRef> records;
    auto add = [&](const RecordRef &r) {
      if (seen.insert(r.get()).second)
        records.push_back(r);
    };
    elements.forEachRun([&](int64_t, int64_t, const RecordRef &r) {
      if (r)
        add(r);
    });
    for (const BoxRead &b : boxReads)
      add(b.record);
    elementReads.forEach([&](int64_t, ArrayRef<RecordRef> reads) {
      for (const RecordRef &r : reads)
        add(r);
    });
    return records;
  }
};

/// Calls `fn(coordinates, offset in b.retired)` on each element, row-major,
/// of the intersection of box `b` with the window at `lo` of `size` (which
/// overlaps it), until `fn` returns true; returns whether it did.
static bool
findInIntersection(const Variable::BoxRead &b, ArrayRef<int64_t> lo,
                   ArrayRef<int64_t> size,
                   function_ref<bool(ArrayRef<int64_t>, int64_t)> fn) {
  int rank = static_cast<int>(lo.size());
  SmallVector<int64_t> from(rank), to(rank);
  for (int d = 0; d < rank; ++d) {
    from[d] = std::max(lo[d], b.lo[d]);
    to[d] = std::min(lo[d] + size[d], b.lo[d] + b.size[d]);
    if (from[d] >= to[d])
      return false;
  }
  SmallVector<int64_t> x = from;
  while (true) {
    if (fn(x, b.offsetOf(x)))
      return true;
    int d = rank - 1;
    for (; d >= 0; --d) {
      if (++x[d] < to[d])
        break;
      x[d] = from[d];
    }
    if (d < 0)
      return false;
  }
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

/// The extents a symmetric run's representatives accessed in a shared
/// variable, per dimension (the smallest offset and the largest end, less
/// the translation).
using SymmetricExtents = SmallVector<std::pair<__int128, __int128>>;

/// What Machine::noteSymmetricAccess needs of an access statement in the
/// symmetric run of its nest, looked up once per run: its class's
/// coefficients and its extents (null where the variable is not shared by
/// the tasks).
struct SymmetricNote {
  const SmallVector<SmallVector<int64_t>> *coefficients = nullptr;
  unsigned cls = 0;
  /// Made at the first access with no empty dimension.
  SymmetricExtents *extents = nullptr;
};

class Machine {
public:
  Machine(amir::ProgramOp program, AbstractMachineStats &stats, bool progress,
          int64_t maxInstances, bool taskSymmetry)
      : program(program), stats(stats), progress(progress),
        maxInstances(maxInstances), taskSymmetry(taskSymmetry) {}
  LogicalResult run(const llvm::StringMap<int64_t> &sizes);

private:
  struct Collective {
    llvm::BitVector local; // threads of the cluster (device only)
    int64_t task = -1;     // -1: the host
    /// The global thread ids (computed once per collective).
    const Threads &global() const {
      if (!cached) {
        cached = task < 0 ? Threads::single(0)
                          : Threads::fromBits(local, 1 + task * clusterThreads);
      }
      return *cached;
    }
    /// Forgets the cached ids after `local` or `task` changed.
    void changed() { cached.reset(); }
    mutable std::optional<Threads> cached;
    int64_t clusterThreads = 0;
  };

  LogicalResult execBlock(Block &block, Collective &g);
  /// tileThreads, memoized: a kernel splits the same few collectives by the
  /// same units over and over (once per loop iteration and task).
  const SmallVector<ThreadSet> *tile(const ThreadSet &threads,
                                     CollUnitAttr unit, TileMode mode,
                                     std::string &why);
  LogicalResult execOp(Operation &op, Collective &g);
  // One per statement of the abstract machine IR (execOp dispatches).
  LogicalResult exec(amir::AllocOp alloc, Collective &g);
  LogicalResult exec(amir::SeqForOp loop, Collective &g);
  LogicalResult exec(amir::TasksForOp loop, Collective &g);
  LogicalResult exec(amir::ThreadsForOp loop, Collective &g);
  LogicalResult exec(amir::WarpsOp warps, Collective &g);
  LogicalResult exec(amir::IfOp ifOp, Collective &g);
  LogicalResult exec(amir::DeviceOp device, Collective &g);
  LogicalResult execAccess(Operation &op, Collective &g);
  LogicalResult exec(amir::InstrOp instr, Collective &g);
  LogicalResult exec(amir::FenceOp fence, Collective &g);
  /// Fence(first, second) by g at op: the effect of an amir.fence, also of
  /// the wgmma.fence a zero-init instruction executes after its zeros.
  void applyFence(SyncTimeline first, SyncTimeline second, Collective &g,
                  Operation &op);
  LogicalResult exec(amir::ArriveOp arrive, Collective &g);
  LogicalResult exec(amir::AwaitOp await, Collective &g);
  /// Runs iteration `i` of the body of `loop` (a seq, tasks or threads loop)
  /// under `g`, naming the iterator in diagnostics.
  template <typename LoopOp>
  LogicalResult execIteration(LoopOp loop, int64_t i, Collective &g) {
    values.set(loop.getInductionVar(), i);
    iterators.push_back({loop.getIterName(), i});
    LogicalResult r = execBlock(loop.getBody().front(), g);
    iterators.pop_back();
    return r;
  }
  FailureOr<int64_t> eval(Value v);
  LogicalResult evalArith(Operation &op);
  /// The accesses of an instruction (possibly split over threads).
  LogicalResult instrAccesses(Block &block, Collective &g, bool record,
                              SmallVectorImpl<RecordRef> &made);
  /// Shared memory whose last use precedes `alloc` is reused by it: every
  /// access of the dead variable must be ordered before the allocation.
  LogicalResult reuseShared(amir::AllocOp alloc, Collective &g);
  /// The end of task `task` of a persistent cluster: the next task on the
  /// cluster reuses its shared memory and its threads' registers, so every
  /// access to the task's shared memory must be ordered before the end for
  /// every thread of the cluster, and every register access (a wgmma still
  /// writing an accumulator) retired for its own threads (free_missing_sync).
  LogicalResult endTask(amir::TasksForOp loop, const Collective &task,
                        size_t firstVar);
  LogicalResult access(Operation *op, Collective &g, bool record,
                       SmallVectorImpl<RecordRef> *made);
  /// The guard rules of a managed ring buffer for an access of logical
  /// element lo[ringDim] (SEMANTICS.md §3 lifetimes): use_after_free,
  /// free_missing_arrive, use_before_alloc. Moves the slot's occupant.
  LogicalResult useRingSlot(Operation *op, Variable &var, ArrayRef<int64_t> lo,
                            ArrayRef<int64_t> size, const Collective &g);
  FailureOr<SmallVector<SmallVector<int64_t>>>
  barrierTargets(Operation *op, Variable &var, ArrayRef<int64_t> statics,
                 ValueRange dynamics, size_t first, size_t count);
  BarrierElement &barrierElement(Variable &var,
                                 const SmallVector<int64_t> &key);
  /// A parity wait on a ring mbarrier element cannot tell its phase from the
  /// phase two uses earlier: the awaiting threads must be ordered after the
  /// completion of the element one ring depth before (an Await of it by
  /// them, or by others whose Await reaches them through syncs).
  LogicalResult checkPhaseOrder(Operation *await, Variable &var,
                                ArrayRef<int64_t> key, const Collective &g);
  /// An arrive on (or an asynchronous completion into) a ring mbarrier
  /// element starts the next phase of its mbarrier: the signalling threads
  /// must be ordered after every await of the element one ring depth before,
  /// or the signal could count toward that phase or be missed by its
  /// waiters.
  LogicalResult checkNextPhase(Operation *op, Variable &var,
                               ArrayRef<int64_t> key, const Collective &g);
  /// At the end of the kernel: every mbarrier element that was arrived on
  /// received exactly the arrivals its phase counts. An element short of
  /// them never completes (its waiters hang), and on the hardware the next
  /// phase of the same mbarrier would take the missing arrivals. (Checked
  /// once every statement has run: threads loops are interpreted one
  /// instance after the other, so an element can legitimately be short
  /// while later instances have yet to arrive.)
  LogicalResult checkPhasesComplete();
  /// Transaction accounting (mbarriers): an instruction with a trailing
  /// mbarrier delivers the bytes of the windows it writes asynchronously to
  /// the element of the CTA whose memory each lands in; an arrive with
  /// expect_tx adds its bytes to each target's expected count; an await
  /// (and the end of the kernel) holds the two equal.
  struct AsyncWrite {
    Variable *var;
    SmallVector<int64_t> lo, size;
  };
  LogicalResult deliverBytes(amir::InstrOp instr, Variable &bar,
                             ArrayRef<SmallVector<int64_t>> keys,
                             ArrayRef<AsyncWrite> writes, const Collective &g);
  LogicalResult expectBytes(amir::ArriveOp arrive, Variable &bar,
                            ArrayRef<int64_t> key, BarrierElement &el,
                            const Collective &g);
  LogicalResult checkBytes(Operation *at, Variable &bar, ArrayRef<int64_t> key,
                           BarrierElement &el, bool atEnd);
  /// Set while an instruction's accesses are recorded: its asynchronous
  /// writes, as windows.
  SmallVector<AsyncWrite> *asyncWrites = nullptr;
  /// The first transaction whose barrier element could not be told (a
  /// CTA owner the collective analysis left undecided), reported when the
  /// run ends without another error: such a program usually lacks the
  /// access that decides the owner, and the hazard that access's absence
  /// causes is the better report. Its elements' bytes are not compared.
  std::optional<std::pair<Operation *, std::string>> unattributed;
  /// Where the lowering emits a cluster barrier of its own
  /// (barrier.cluster.arrive and .wait: a fence by the whole cluster, the
  /// initialization of mbarriers, the end of a task; `what` names it): no
  /// arrive on a cluster_sync may be waiting for its wait there. The
  /// hardware has one cluster barrier per thread, so the two would pair up
  /// wrongly. (A cluster of one CTA gets bar.sync instead.)
  LogicalResult checkNoOpenClusterArrive(Operation *op, StringRef what);
  std::string context();
  /// Formats the iterator values a record saved, naming them after the
  /// loops that enclose its statement.
  std::string contextOf(const Record &r);
  std::string describe(const Threads &t);
  /// Starts the report of a hazard of `kind` at `loc` (its title, which the
  /// caller continues) and records the kind in the statistics.
  InFlightDiagnostic emitHazard(Location loc, HazardKind kind) {
    stats.hazard = kind;
    return mlir::emitError(loc) << getHazardTitle(kind);
  }
  InFlightDiagnostic hazard(Operation *op, HazardKind kind, Variable &var,
                            ArrayRef<int64_t> index, const Collective &g,
                            const Record &other);
  /// Calls `fn` on every live record a collective of `task` may witness:
  /// the host's records and the task's own (tasks never synchronize with
  /// each other). `task` < -1 means every record.
  void forEachLive(int64_t task, function_ref<void(Record &)> fn);
  /// A new record of `op` by `g` on `qual`, live, with the current
  /// iterators; in-order records are visible to their accessor at once.
  RecordRef newRecord(Operation *op, const Collective &g, QualTimelineSet qual,
                      bool mutate, bool outOfOrder, bool atomic);
  /// Adds a record to its task's live list, dropping dead entries whenever
  /// the list has doubled since it was last pruned (amortized O(1)).
  void addLive(int64_t task, const RecordRef &r);

  amir::ProgramOp program;
  AbstractMachineStats &stats;
  bool progress;
  int64_t maxInstances;
  int64_t totalTasks = -1; // known once the first task starts
  ValueStore values;
  /// The statements of a block as Machine::execBlock runs them: index
  /// arithmetic with its operands' slots, anything else by execOp.
  struct Step {
    enum Kind : uint8_t { Other, Constant, Arith };
    Operation *op = nullptr;
    Kind kind = Other;
    unsigned out = 0;
    int64_t constant = 0;
    SmallVector<unsigned, 2> in;
  };
  struct BlockPlan {
    std::vector<Step> steps;
    SmallVector<Value, 4> allocs;
  };
  const BlockPlan &planOf(Block &block);
  /// What Machine::access reads of an amir.read or amir.mutate, decoded
  /// once per statement.
  struct AccessPlan {
    Value var;
    bool isRead = false, ooo = false, atomic = false, writeOnly = false,
         clip = false;
    QualTimeline qual = QualTimeline::Cpu;
    QualTimelineSet extended = 0;
    /// No statement of the program mutates `var` (Machine::mutated).
    bool inputVar = false;
    /// The variable `var` named when `varsVersion` was `varsSeen` (the
    /// lookup is cached: an allocation executed again makes a new one).
    Variable *varSeen = nullptr;
    uint64_t varsSeen = ~uint64_t(0);
    /// The task symmetry's note of this statement in the symmetric run
    /// numbered `symmetricSeen`.
    SymmetricNote symmetric;
    uint64_t symmetricSeen = 0;
    /// The static offsets and sizes (dynamic ones filled in from
    /// `dynamic`: (dimension, value, slot) of an offset, or (~dimension,
    /// value, slot) of a size).
    SmallVector<int64_t, 6> offsets, sizes;
    SmallVector<std::tuple<int, Value, unsigned>, 4> dynamic;
  };
  AccessPlan &accessPlanOf(Operation *op) {
    std::unique_ptr<AccessPlan> &plan = accessPlans[op];
    return LLVM_LIKELY(plan) ? *plan : makeAccessPlan(op, plan);
  }
  AccessPlan &makeAccessPlan(Operation *op, std::unique_ptr<AccessPlan> &plan);
  DenseMap<Operation *, std::unique_ptr<AccessPlan>> accessPlans;
  DenseMap<Block *, std::unique_ptr<BlockPlan>> plans;
  /// Counts `count` statement instances at `op` against max-instances.
  LogicalResult countInstance(Operation &op, int64_t count = 1);
  /// Index arithmetic `op` on operand values `in`, into slot `out`.
  LogicalResult evalArith(Operation &op, ArrayRef<int64_t> in, unsigned out);
  DenseMap<Value, Variable *> vars;
  /// Counts the changes of `vars` (AccessPlan::varsSeen).
  uint64_t varsVersion = 0;
  std::vector<std::unique_ptr<Variable>> ownedVars;
  /// Threads whose last access to wgmma registers (accumulators, A
  /// fragments) was followed by a wgmma.fence (Fence(wgmma_fence_1,
  /// wgmma_fence_2), or the zero-init instruction, which ends with one), or
  /// that have only accessed them through wgmma since:
  /// PTX requires wgmma.fence before a wgmma that accesses registers any
  /// other instruction accessed before (and before a thread's first wgmma,
  /// which, tasks being new threads here, is a task's first).
  llvm::DenseSet<Tid> wgmmaFenced;
  /// The first signal of a slot's next phase while its pre-arrived phase
  /// was never awaited ("Missing wait" for the hardware's synccheck).
  /// Reported at the end of the task (or kernel), so that a data hazard
  /// the missing await causes is reported first.
  struct MissingWait {
    Location loc, barrier;
    std::string message;
  };
  std::optional<MissingWait> missingWait;
  LogicalResult reportMissingWait() {
    if (!missingWait)
      return success();
    InFlightDiagnostic diag =
        emitHazard(missingWait->loc, HazardKind::BarrierMisuse);
    diag << missingWait->message;
    diag.attachNote(missingWait->barrier) << "the barrier";
    return failure();
  }
  /// Where each thread last accessed wgmma registers other than by wgmma.
  llvm::DenseMap<Tid, Operation *> wgmmaRegsTouched;
  /// Register loops (docs/SyncChecker.md, "Register loops"): a sequential
  /// loop whose body only computes indices and accesses elements of the
  /// registers of the one thread running it makes no record. Its
  /// run changes only the counts and the thread's wgmma fence state, as a
  /// function of the values it reads from outside and of the extents of
  /// the variables it accesses: the first run with such a key is
  /// interpreted, the later ones replay its effect.
  struct RegisterLoop {
    bool eligible = false;
    /// The slots of the values the loop reads from outside it, integer
    /// constants aside.
    SmallVector<unsigned, 8> freeSlots;
    /// The variables it accesses, and each with the extended qualifiers of
    /// its accesses (Machine::ownRegisterAccess).
    SmallVector<Value, 2> vars;
    SmallVector<std::pair<Value, QualTimelineSet>, 2> uses;
    /// Whether none of `vars` is shared data of the symmetric run
    /// `symmetricSeen` (whose accesses the task symmetry notes).
    uint64_t symmetricSeen = 0;
    bool symmetricOk = false;
  };
  struct RegisterLoopEffect {
    int64_t statements = 0, accesses = 0;
    /// The thread's wgmma fence state after the loop, and its last access
    /// other than by a wgmma (null: none in the loop).
    FenceEffect fence = FenceEffect::None;
    Operation *touched = nullptr;
  };
  /// The run of a register loop being interpreted for its effect.
  struct RegisterLoopCapture {
    Tid thread = 0;
    FenceEffect fence = FenceEffect::None;
    Operation *touched = nullptr;
    bool valid = true;
  };
  RegisterLoop &registerLoopOf(amir::SeqForOp loop);
  /// The loop run as a register loop when it is one at this point; nullopt
  /// where it must be interpreted as any other.
  std::optional<LogicalResult>
  execRegisterLoop(amir::SeqForOp loop, Collective &g, int64_t lo, int64_t hi);
  DenseMap<Operation *, std::unique_ptr<RegisterLoop>> registerLoops;
  std::map<SmallVector<int64_t, 12>, RegisterLoopEffect> registerLoopEffects;
  RegisterLoopCapture *capturing = nullptr;
  /// The accesses of an instruction without a trailing barrier are being
  /// checked: a thread's synchronous access of its own registers there
  /// needs no record either (Machine::access).
  bool synchronousInstr = false;
  /// Counts the records made (a register loop's run must make none).
  uint64_t recordsMade = 0;
  /// Counts the statements that may change records (syncs, allocations,
  /// instructions, task and kernel boundaries): between two of them, a
  /// thread's accesses of a register variable by one statement share one
  /// record (`lastRegisterRecord`), which a new record would equal in
  /// everything but its iteration. That keeps an epilogue on a fragment,
  /// 128 element accesses per thread, from making 128 live records per
  /// thread for every later sync to scan.
  uint64_t recordEpoch = 0;
  struct RegisterRecord {
    std::weak_ptr<Record> record;
    uint64_t epoch = 0;
  };
  /// Per-warp records (kOwnedRegistersAttr): while a threads loop whose
  /// iterations each run within one warp executes, the register accesses of
  /// one statement by the threads of one warp, between two statements that
  /// may change records, share one record whose accessor is those threads
  /// (`warpShared`, by statement and warp; `warpThreads`, the threads of
  /// each warp in the loop's collective). Sound where every register
  /// element is accessed by one thread only, which the collective analysis
  /// proves for exo programs: a record is then checked, as the per-thread
  /// records it replaces, against later accesses of its elements by their
  /// owners (whose program order it follows) and by instructions of
  /// collectives containing the warp (fragment registers: `observers` in
  /// Machine::access); a synchronization witnesses it only if the whole
  /// warp takes part, which is stricter. It keeps an element's runs whole
  /// and makes one record where a warp made 32.
  bool ownedRegisters = false;
  /// A thread's synchronous accesses of its own registers make no record
  /// where nothing can conflict with them (Machine::access): with
  /// ownedRegisters, unless kRecordOwnRegistersAttr says otherwise.
  bool ownRegisters = false;
  bool inWarpScope = false;
  DenseMap<std::pair<Operation *, int64_t>, RegisterRecord> warpShared;
  DenseMap<int64_t, Collective> warpThreads;
  /// A thread's synchronous access of its own registers (in a statement, or
  /// its part of an instruction without a trailing barrier), in a program
  /// whose registers the collective analysis proved owned
  /// (ownedRegisters): every earlier access of the element is its own
  /// (ordered by program order) or one of an instruction of a collective
  /// containing it, and every later one likewise, which checks the
  /// ordering against this access through the wgmma fence rule
  /// (wgmmaFenced) or finds it visible to its owner (`observers` in
  /// Machine::access). So where every record of the variable by more than
  /// one thread, or out of order, or atomic, that contains the thread is
  /// visible to it (in the access's timelines, in time and in full), the
  /// access can neither conflict nor be needed later, and it makes no
  /// record. Whether that holds is kept
  /// per variable, thread and timelines until the next statement that may
  /// change records (recordEpoch + 1; 0: not known).
  DenseMap<std::tuple<const Variable *, Tid, QualTimelineSet>, uint64_t>
      ownRegisterClear;
  bool ownRegisterAccess(Variable &var, const Threads &who,
                         QualTimelineSet extended);
  /// Set by the check pass of such an access, which did what its record
  /// pass would (execAccess).
  bool recordPassDone = false;
  /// The wgmma fence rule's bookkeeping for thread t's access of wgmma
  /// registers by op (fenceEffectOf).
  LLVM_ATTRIBUTE_ALWAYS_INLINE void
  noteWgmmaRegsAccess(Operation *op, QualTimeline qual, Tid t) {
    FenceEffect e = fenceEffectOf(qual);
    Operation *touched = e == FenceEffect::Unfenced ? op : nullptr;
    if (LLVM_UNLIKELY(capturing))
      captureFenceEffect(e, touched, t);
    applyFenceEffect(e, touched, t);
  }
  /// Thread t's wgmma fence state after an access's effect `e`, and its
  /// last access other than by a wgmma, `touched` (when not null).
  LLVM_ATTRIBUTE_ALWAYS_INLINE void
  applyFenceEffect(FenceEffect e, Operation *touched, Tid t) {
    if (touched)
      wgmmaRegsTouched[t] = touched;
    if (e == FenceEffect::Fenced)
      wgmmaFenced.insert(t);
    else if (e == FenceEffect::Unfenced)
      wgmmaFenced.erase(t);
  }
  /// What noteWgmmaRegsAccess leaves, for the register loop being captured.
  LLVM_ATTRIBUTE_NOINLINE void captureFenceEffect(FenceEffect e,
                                                  Operation *touched, Tid t) {
    if (t != capturing->thread)
      capturing->valid = false;
    if (e != FenceEffect::None)
      capturing->fence = e;
    if (touched)
      capturing->touched = touched;
  }
  llvm::DenseMap<std::tuple<const void *, Tid, Operation *>, RegisterRecord>
      lastRegisterRecord;
  /// Live records by the task of their accessor (-1: the host).
  struct LiveList {
    std::vector<std::weak_ptr<Record>> records;
    size_t pruneAt = 1024; // prune when the list reaches this size
  };
  std::map<int64_t, LiveList> live;
  /// Shared-memory variables of the current task that are still allocated.
  SmallVector<Variable *> liveShared;
  /// Generic-proxy writes to shared-memory variables of the current task
  /// that have died: a later variable may reuse their memory, and an
  /// async-proxy write to it (a TMA load) must be ordered after them by a
  /// proxy fence, as an overwrite of the same variable must (cross-proxy
  /// WAW).
  std::vector<RecordRef> deadGeneric;
  /// A generic-proxy write to shared memory by an earlier task that no proxy
  /// fence ordered before the end of its task. The next tasks of a
  /// persistent cluster reuse that memory: their TMA loads into shared
  /// memory must be issued by threads that have run a proxy fence
  /// (`proxyFenced`) since their task began.
  RecordRef carriedProxyDebt;
  Threads proxyFenced;
  /// The latest instance of each register allocation: a sequential loop
  /// that allocates registers reuses them in its next iteration.
  DenseMap<Operation *, Variable *> lastRegisterInstance;
  /// A register allocation executed again: every access to its previous
  /// instance must be retired for its own threads (a wgmma still reading or
  /// writing the registers would race with the new instance's accesses).
  LogicalResult reuseRegisters(amir::AllocOp alloc, Variable &previous);
  /// The async-proxy write `op` by `who` to shared variable `var`: the
  /// generic-proxy writes to memory it may reuse must be ordered before it
  /// by a proxy fence.
  LogicalResult checkProxyDebt(Operation *op, Variable &var,
                               const Threads &who);
  /// Program order of the program's statements.
  DenseMap<Operation *, unsigned> order;
  /// The last statement (in program order) that uses each variable.
  DenseMap<Value, unsigned> lastUse;
  /// Variables some statement mutates: reads of the others can never race.
  DenseSet<Value> mutated;
  /// Ring mbarrier elements two phases behind an awaited one: no later await
  /// of them can be correct (it comes after the arrive on the next phase of
  /// the same mbarrier), so records' pending entries on them are dropped.
  DenseSet<int64_t> retiredBarriers;
  /// Commit groups (per-thread queues, awaited by the threads that commit
  /// them): the largest count an await of the element has covered. Entries
  /// up to it have been applied to those threads, and no other threads can
  /// await the element.
  DenseMap<int64_t, int64_t> commitAwaitedUpTo;
  /// Drops `r`'s pending entries that no await can use any more (on retired
  /// ring elements, or already applied on commit groups) whenever their
  /// number has doubled since the last look (amortized constant time per
  /// entry): a persistent task's long-lived records (its stores of C, its
  /// accumulators) would otherwise collect an entry per arrive of the whole
  /// task, which every await then scans.
  void prunePending(Record &r) {
    if (r.pending.size() < r.pendingPruneAt)
      return;
    llvm::erase_if(r.pending, [&](const Pending &p) {
      if (retiredBarriers.contains(p.barrier))
        return true;
      auto it = commitAwaitedUpTo.find(p.barrier);
      return it != commitAwaitedUpTo.end() && p.count <= it->second;
    });
    r.pendingPruneAt =
        std::max<uint32_t>(16, 2 * static_cast<uint32_t>(r.pending.size()));
  }
  SmallVector<std::pair<StringRef, int64_t>> iterators;
  struct Tiling {
    bool ok;
    std::string why;
    SmallVector<ThreadSet> parts;
  };
  std::map<std::tuple<const void *, int, SmallVector<uintptr_t>>, Tiling>
      tilings;
  int64_t blockDim = 0, clusterDim = 0, nextTask = 0, nextBarrierId = 0;

  /// Task symmetry (TaskSymmetry.h, docs/SyncChecker.md): the analysis of
  /// each outermost tasks loop, and the run of the nest in progress whose
  /// tasks are translations of each other: the extents its first tasks
  /// accessed in each variable the tasks share, less the translation (per
  /// dimension, the smallest offset and the largest end).
  bool taskSymmetry;
  DenseMap<Operation *, std::unique_ptr<TaskSymmetry>> symmetries;
  struct SymmetricRun {
    const TaskSymmetry *symmetry = nullptr;
    /// The task indices of the representative tasks run so far.
    SmallVector<SmallVector<int64_t>> representatives;
    /// The proofs hold: a task whose windows all lie in bounds (an interior
    /// task) is not run; an edge task is, and so is the task after it.
    bool decided = false;
    /// Every task is interior: the nest ends after the representatives.
    bool allInterior = false;
    bool runNext = false;
    /// Per variable and class (TaskSymmetry::SharedVar::classes); each
    /// entry's vector lives as long as the run (AccessPlan::symmetric
    /// points into them).
    using Extents = SymmetricExtents;
    DenseMap<std::pair<Value, unsigned>, std::unique_ptr<Extents>> extents;
    /// Numbers the runs (AccessPlan::symmetricSeen).
    uint64_t id = 0;
    /// The value slots of the task indices, then of the atoms (the basis
    /// of the translations), looked up once.
    SmallVector<unsigned> basisSlots;
    /// The extents of (var, cls), null where no representative accessed it.
    const Extents *extentsOf(Value var, unsigned cls) const {
      auto it = extents.find({var, cls});
      return it == extents.end() ? nullptr : it->second.get();
    }
    /// Persistent tasks (TaskSymmetry::persistent): whether each task of
    /// the nest, from its lower bound on, runs.
    SmallVector<bool> mustRun;
  };
  std::optional<SymmetricRun> symmetricRun;
  /// The tasks of a symmetric nest run before the rest is judged: two, so
  /// that what one task leaves to the next (a generic-proxy write the next
  /// task's TMA must be fenced from) is checked too.
  static constexpr int64_t kRepresentativeTasks = 2;
  /// Records the extents of an access to a shared variable by a
  /// representative task.
  void noteSymmetricAccess(Operation *op, AccessPlan &plan,
                           ArrayRef<int64_t> lo, ArrayRef<int64_t> size);
  uint64_t symmetricRuns = 0;
  /// The task indices of the nest being run, with `i` for the innermost.
  SmallVector<int64_t> taskIndices(int64_t i);
  /// Whether every window of the task at `t`, translated from the
  /// representatives', lies in bounds.
  bool isInterior(ArrayRef<int64_t> t);
  /// After the representative tasks: whether no two tasks of the nest touch
  /// one element (one of them mutating it) and the representatives are
  /// interior. Then the other interior tasks are translations of a checked
  /// one and are not run; otherwise the check goes on with every task
  /// (`why` says why).
  bool othersAreTranslations(std::string &why);
  /// othersAreTranslations for persistent tasks: computes every task's
  /// tiles from the index arithmetic of TaskSymmetry::slice, proves them in
  /// bounds and pairwise disjoint where mutated, and fills `mustRun`.
  bool persistentTasksCovered(std::string &why);
  /// The values of the task indices, then of the atoms, now.
  SmallVector<int64_t> basisValues();

public:
  /// The symbolic check's pumped loop (SizeRoles.h), if any, and what its
  /// executions show.
  const PumpPlan *pump = nullptr;
  PumpObservation *pumpObs = nullptr;

private:
  /// The execution of the pumped loop in progress: `active` from its start
  /// to the end of its task, `inLoop` while its iterations run; `iter` is
  /// the iteration (from the lower bound), then the trip count.
  struct PumpExecution {
    bool active = false, inLoop = false;
    int64_t iter = 0;
    /// The iterations of the earlier executions of the plan's execution
    /// loop (its iterator times the trip count), or of the earlier sibling
    /// loops (their count times the trip count); 0 without either.
    int64_t base = 0;
    /// The pumped loop (or sibling) of this execution.
    amir::SeqForOp loop;
    int64_t lastOffLimit = -1, lastClip = -1;
    int64_t trip = 0, maxTail = 0;
    std::vector<std::string> states;
  } pumpExec;
  /// The first of the current task's variables in ownedVars, and the
  /// current task's threads.
  size_t taskFirstVar = 0;
  Threads taskThreads;
  /// Pump units so far in the current execution, and in the earlier ones
  /// of the plan's execution loop ((base + iterations) / alpha).
  int64_t pumpUnits() const {
    return llvm::divideFloorSigned(pumpExec.base + pumpExec.iter, pump->alpha);
  }
  /// The plan's rate of `var`'s dimension `d` (0 when it does not move).
  /// Only the current task's variables and those of the host move with
  /// the pumped loop's execution; an earlier task's are left as they were.
  bool pumpMoves(const Variable &var) const {
    return var.owned >= taskFirstVar || !var.alloc ||
           !var.alloc->getParentOfType<amir::DeviceOp>();
  }
  int64_t pumpRate(const Variable &var, unsigned d) const {
    return rateIn(pump->rates, var, d);
  }
  /// The plan's tile rate of `var`'s dimension `d` (PumpPlan::tileRates).
  int64_t tileRate(const Variable &var, unsigned d) const {
    return rateIn(pump->tileRates, var, d);
  }
  int64_t rateIn(const DenseMap<Operation *, SmallVector<int64_t>> &rates,
                 const Variable &var, unsigned d) const {
    if (!pumpMoves(var))
      return 0;
    auto it = rates.find(var.alloc);
    if (it == rates.end() || d >= it->second.size())
      return 0;
    return it->second[d];
  }
  /// How far `var`'s dimension `d` has moved, with `units` pump units so
  /// far, in the current tile: the state writes its coordinates less this.
  int64_t pumpShift(const Variable &var, unsigned d, int64_t units) const {
    return pumpRate(var, d) * units +
           (tilesActive ? tileRate(var, d) * tileCurrent : 0);
  }
  /// Notes a coordinate touched from the pumped loop on (PumpObservation::
  /// floors).
  void notePumpTouch(const Variable &var, ArrayRef<int64_t> key);
  /// The state, with every coordinate that moves with the pumped loop
  /// shifted back by its rate per pump unit, and without what no statement
  /// can touch again: equal strings, equal futures (docs/SymbolicChecking.md).
  std::string pumpState();
  LogicalResult execPumped(amir::SeqForOp loop, Collective &g, int64_t lo,
                           int64_t hi);
  /// How pumpState writes the state: as the pumped loop's iterations
  /// compare it; at the start of a tile of persistent tasks (without the
  /// records of variables allocated outside the device, which only the
  /// tile's own accesses touch, and with the tile loop's iterator of an
  /// arrive relative to the current tile); or at the start of a task,
  /// without the earlier tasks' variables and threads either.
  enum class StateMode { Pump, Tile, TaskEntry } stateMode = StateMode::Pump;
  /// The tile loop's current iteration (from its lower bound), while
  /// `tilesActive` (the plan's tile loop is running).
  int64_t tileCurrent = 0;
  bool tilesActive = false;
  std::string stateAs(StateMode mode) {
    stateMode = mode;
    std::string s = pumpState();
    stateMode = StateMode::Pump;
    return s;
  }
  /// Notes the state a task starts from (PumpObservation::taskEntry).
  void noteTaskEntry();
  /// At the start of a tile of persistent tasks whose tiles are proved
  /// apart for every size (SizeRoles::tiles): no statement touches the
  /// elements of variables allocated outside the device that the earlier
  /// tiles accessed, so their records go (a task's run then costs the
  /// same per tile, however many tiles came before).
  void forgetEarlierTiles();
  LogicalResult execTiles(amir::SeqForOp loop, Collective &g, int64_t lo,
                          int64_t hi);
};

/// Names one element of a variable in diagnostics: `'name'[i, j]`.
static std::string elementName(const Variable &var, ArrayRef<int64_t> index) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'" << var.name << "'[";
  llvm::interleaveComma(index, os);
  os << "]";
  return s;
}

std::string Machine::context() {
  if (iterators.empty())
    return "the top level";
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(
      iterators, os, [&](auto &it) { os << it.first << " = " << it.second; });
  return s;
}

std::string Machine::contextOf(const Record &r) {
  // The iterators pushed while `r.op` ran: its enclosing seq, tasks and
  // threads loops outside any instruction body (instruction-internal loops
  // do not name iterators).
  SmallVector<StringRef> names;
  for (Operation *p = r.op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<amir::InstrOp>(p))
      names.clear();
    else if (auto l = dyn_cast<amir::SeqForOp>(p))
      names.push_back(l.getIterName());
    else if (auto l = dyn_cast<amir::TasksForOp>(p))
      names.push_back(l.getIterName());
    else if (auto l = dyn_cast<amir::ThreadsForOp>(p))
      names.push_back(l.getIterName());
  }
  std::reverse(names.begin(), names.end());
  std::string s;
  llvm::raw_string_ostream os(s);
  for (auto [i, v] : llvm::enumerate(r.context))
    os << (i ? ", " : "") << (i < names.size() ? names[i] : "?") << " = " << v;
  return s;
}

std::string Machine::describe(const Threads &t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  bool first = true;
  int64_t ct = blockDim * clusterDim;
  auto sep = [&]() {
    os << (first ? "" : ", ");
    first = false;
  };
  for (auto [lo, hi] : t.ranges) {
    if (lo == 0) {
      sep();
      os << "the host";
      if (hi == 1)
        continue;
      lo = 1;
    }
    if (hi == kAllDevice) {
      sep();
      os << "every device thread";
      continue;
    }
    // Split the range at task and CTA boundaries.
    for (Tid at = lo; at < hi;) {
      int64_t task = (at - 1) / ct, local = (at - 1) % ct;
      int64_t cta = local / blockDim;
      Tid ctaEnd = 1 + task * ct + (cta + 1) * blockDim;
      Tid end = std::min(hi, ctaEnd);
      sep();
      os << "task " << task;
      if (clusterDim > 1)
        os << " CTA " << cta;
      int64_t first = local % blockDim, last = first + (end - at) - 1;
      if (first == last)
        os << " thread " << first;
      else
        os << " threads " << first << '-' << last;
      at = end;
    }
  }
  return s;
}

/// Drops the dead entries of `list`, calling `fn` (if any) on the others.
static void scanLive(std::vector<std::weak_ptr<Record>> &list,
                     function_ref<void(Record &)> fn) {
  size_t kept = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    if (RecordRef r = list[i].lock()) {
      if (fn)
        fn(*r);
      if (kept != i) // a self-move would empty the reference
        list[kept] = std::move(list[i]);
      ++kept;
    }
  }
  list.resize(kept);
}

RecordRef Machine::newRecord(Operation *op, const Collective &g,
                             QualTimelineSet qual, bool mutate, bool outOfOrder,
                             bool atomic) {
  // Not make_shared: the live lists hold weak references, which would keep
  // a make_shared record's memory until the list is pruned.
  ++recordsMade;
  RecordRef rec(new Record());
  rec->accessor = g.global();
  rec->qual = qual;
  rec->outOfOrder = outOfOrder;
  rec->atomic = atomic;
  rec->mutate = mutate;
  rec->op = op;
  for (auto &it : iterators)
    rec->context.push_back(it.second);
  if (!outOfOrder) {
    // One thread sees all of its own access; several threads each see
    // only their share (Record::selfQual).
    if (rec->accessor.isSingle())
      rec->grant(rec->accessor, qual, qual);
    else
      rec->selfQual = qual;
  }
  addLive(g.task, rec);
  return rec;
}

void Machine::addLive(int64_t task, const RecordRef &r) {
  LiveList &l = live[task];
  l.records.push_back(r);
  if (l.records.size() >= l.pruneAt) {
    scanLive(l.records, nullptr);
    l.pruneAt = std::max<size_t>(1024, 2 * l.records.size());
  }
}

void Machine::forEachLive(int64_t task, function_ref<void(Record &)> fn) {
  auto scan = [&](LiveList &l) { scanLive(l.records, fn); };
  if (task < -1) {
    for (auto &[t, list] : live)
      scan(list);
    return;
  }
  scan(live[-1]);
  if (task >= 0)
    scan(live[task]);
}

FailureOr<int64_t> Machine::eval(Value v) {
  unsigned s = values.slot(v);
  if (!values.isKnown(s))
    return emitError(v.getLoc()) << "the abstract machine has no value for "
                                    "this control value";
  return values.at(s);
}

LogicalResult Machine::evalArith(Operation &op) {
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    if (!isa<IntegerAttr>(c.getValue()))
      return success(); // a data constant: no control meaning
  SmallVector<int64_t> in;
  for (Value v : op.getOperands()) {
    FailureOr<int64_t> x = eval(v);
    if (failed(x))
      return failure();
    in.push_back(*x);
  }
  return evalArith(op, in, values.slot(op.getResult(0)));
}

LogicalResult Machine::evalArith(Operation &op, ArrayRef<int64_t> in,
                                 unsigned out) {
  // Index arithmetic is exact or refused: a result beyond 64 bits (sizes
  // near 2^31 multiplied together, say) would otherwise wrap.
  IndexEvalResult r = evaluateIndexOp(&op, in);
  if (r) {
    values.setSlot(out, *r);
    if (pump && pumpExec.inLoop && isa<arith::CmpIOp>(op)) {
      // Off its limit until the difference has, strictly, the sign it
      // keeps (an equality is settled only past its one true point).
      __int128 diff = static_cast<__int128>(in[0]) - in[1];
      auto off = [&](bool grows) { return grows ? diff <= 0 : diff >= 0; };
      if (auto it = pump->headComparisons.find(&op);
          it != pump->headComparisons.end() && off(it->second))
        pumpExec.lastOffLimit = pumpExec.iter;
      if (auto it = pump->tailComparisons.find(&op);
          it != pump->tailComparisons.end() && off(it->second))
        pumpExec.maxTail =
            std::max(pumpExec.maxTail, pumpExec.trip - pumpExec.iter);
    }
    return success();
  }
  switch (r.getFailure()) {
  case IndexEvalFailure::Overflow: {
    InFlightDiagnostic d = mlir::emitError(op.getLoc());
    Type t = op.getOperand(0).getType();
    d << "overflows " << (t.isIndex() ? 64 : t.getIntOrFloatBitWidth())
      << "-bit index arithmetic in the abstract machine (";
    llvm::interleave(in, d, " and ");
    return d << ")";
  }
  case IndexEvalFailure::Undefined:
    if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
      return mlir::emitError(op.getLoc())
             << "shifts by " << in[1]
             << " bits, the width or more, in the abstract machine";
    return mlir::emitError(op.getLoc())
           << "divides by zero in the abstract machine";
  case IndexEvalFailure::Unsupported:
    break;
  }
  return mlir::emitError(op.getLoc())
         << "is not a control-value operation the abstract "
            "machine evaluates";
}

BarrierElement &Machine::barrierElement(Variable &var,
                                        const SmallVector<int64_t> &key) {
  if (pump && (pumpExec.active || tilesActive))
    notePumpTouch(var, key);
  auto [it, inserted] = var.barrierElements.try_emplace(key);
  if (inserted) {
    it->second.id = nextBarrierId++;
    // Pre-arrived elements: the first `prearrive` along the ring.
    int ringDim = var.barrierType.getRingDim();
    if (ringDim >= 0)
      var.barrierKeysByRing[key[ringDim]].push_back(key);
    if (ringDim >= 0 && key[ringDim] < var.barrierType.getPrearrive()) {
      it->second.arrives = 1;
      it->second.arrivedThreads = -1;
      it->second.arrivedBy.ranges.push_back({0, kAllDevice});
    }
  }
  return it->second;
}

/// The element one ring depth before `key`, which shares its mbarrier; none
/// without a ring, before the first use of the slot, or (unless
/// `prearrived`) when that phase is the pre-arrival at initialization.
static std::optional<SmallVector<int64_t>>
previousPhase(const Variable &var, ArrayRef<int64_t> key,
              bool prearrived = false) {
  int ringDim = var.barrierType.getRingDim();
  if (ringDim < 0)
    return std::nullopt;
  int64_t prev = key[ringDim] - var.barrierType.getRingDepth(ringDim);
  if (prev < 0 || (!prearrived && prev < var.barrierType.getPrearrive()))
    return std::nullopt;
  SmallVector<int64_t> prevKey(key.begin(), key.end());
  prevKey[ringDim] = prev;
  return prevKey;
}

LogicalResult Machine::checkNoOpenClusterArrive(Operation *op, StringRef what) {
  if (clusterDim <= 1)
    return success();
  for (const std::unique_ptr<Variable> &var : ownedVars) {
    // (Dead variables too: an arrive never waited for would pair with the
    // next cluster wait of any kind.)
    if (!var || !var->isBarrier ||
        var->barrierType.getKind() != BarrierKind::ClusterSync)
      continue;
    for (auto &[key, el] : var->barrierElements) {
      if (el.arrives == el.awaits)
        continue;
      InFlightDiagnostic diag =
          emitHazard(op->getLoc(), HazardKind::BarrierMisuse);
      diag << ": " << what
           << " lowers to barrier.cluster.arrive and barrier.cluster.wait "
              "at "
           << context() << ", between the arrive on the cluster barrier "
           << elementName(*var, key)
           << " and its wait; the hardware has one cluster barrier per "
              "thread, so the arrives and waits would pair up wrongly";
      if (el.arriveOp)
        diag.attachNote(el.arriveOp->getLoc()) << "the open arrive";
      return failure();
    }
  }
  return success();
}

LogicalResult Machine::checkPhasesComplete() {
  for (const std::unique_ptr<Variable> &var : ownedVars)
    if (var && var->isBarrier &&
        var->barrierType.getKind() == BarrierKind::Mbarrier)
      for (auto &[key, el] : var->barrierElements)
        if (failed(checkBytes(el.arriveOp ? el.arriveOp : el.deliverOp, *var,
                              key, el, /*atEnd=*/true)))
          return failure();
  for (const std::unique_ptr<Variable> &var : ownedVars) {
    if (!var || !var->isBarrier || var->arrivals <= 0)
      continue;
    for (auto &[key, el] : var->barrierElements) {
      if (el.arrivedThreads <= 0 || el.arrivedThreads == var->arrivals)
        continue;
      InFlightDiagnostic diag =
          emitHazard(el.arriveOp->getLoc(), HazardKind::BarrierMisuse);
      diag << ": the phase of " << elementName(*var, key) << " received "
           << el.arrivedThreads << " arriving thread"
           << (el.arrivedThreads == 1 ? "" : "s") << " ("
           << describe(el.arrivedBy) << "), but its mbarrier.init counts "
           << var->arrivals
           << " (every instance of the arrive statements on it): ";
      if (el.arrivedThreads < var->arrivals)
        diag << "the phase never completes, so its waiters hang and the "
                "next phase of the same mbarrier takes the missing arrivals";
      else
        diag << "the surplus arrivals complete the next phase of the same "
                "mbarrier early";
      return failure();
    }
  }
  return success();
}

LogicalResult Machine::deliverBytes(amir::InstrOp instr, Variable &bar,
                                    ArrayRef<SmallVector<int64_t>> keys,
                                    ArrayRef<AsyncWrite> writes,
                                    const Collective &g) {
  auto tooMany = [&]() {
    return mlir::emitError(instr.getLoc())
           << "this instruction delivers more than " << kMaxTransactionBytes
           << " transaction bytes to one element of '" << bar.name << "' at "
           << context() << ", more than an mbarrier phase counts";
  };
  SmallVector<int64_t> bytes(keys.size(), 0);
  for (const AsyncWrite &w : writes) {
    Variable &v = *w.var;
    if (v.elementBytes <= 0)
      return mlir::emitError(instr.getLoc())
             << "cannot count the transaction bytes this instruction "
                "delivers to '"
             << bar.name << "': '" << v.name
             << "', which it writes, has no element size (element_bytes)";
    // The bytes of the window in each element of its distributed
    // dimensions: those land in that element's CTA.
    size_t m = std::max(v.ctaDims, 0);
    int64_t inner = v.elementBytes;
    for (size_t d = m; d < w.size.size(); ++d)
      if (llvm::MulOverflow(inner, w.size[d], inner) ||
          inner > kMaxTransactionBytes)
        return tooMany();
    if (inner == 0 || llvm::any_of(ArrayRef<int64_t>(w.size).take_front(m),
                                   [](int64_t n) { return n <= 0; }))
      continue;
    SmallVector<int64_t> at(w.lo.begin(), w.lo.begin() + m);
    while (true) {
      std::optional<int64_t> cta = v.ownerCta(at);
      int64_t found = -1;
      if (cta)
        for (auto [k, key] : llvm::enumerate(keys))
          if (bar.ownerCta(key) == cta) {
            found = k;
            break;
          }
      if (found < 0 && keys.size() == 1 && (!cta || !bar.ownerCta(keys[0])))
        found = 0;
      if (found < 0) {
        if (!unattributed) {
          std::string text;
          llvm::raw_string_ostream os(text);
          if (cta)
            os << "this instruction by " << describe(g.global()) << " at "
               << context() << " writes '" << v.name
               << "' in the shared memory of CTA " << *cta
               << ", but no element of '" << bar.name
               << "' that its trailing barrier names is known to be that "
                  "CTA's: the bytes would complete on a phase the checker "
                  "does not follow";
          else
            os << "cannot tell which of the " << keys.size() << " elements of '"
               << bar.name
               << "' named by the trailing barrier the bytes this "
                  "instruction writes into '"
               << v.name
               << "' complete on: the variables carry no CTA owners "
                  "(cta_dims and owners)";
          unattributed.emplace(instr, std::move(text));
        }
        for (const SmallVector<int64_t> &key : keys)
          barrierElement(bar, key).txUnknown = true;
        return success();
      }
      bytes[found] += inner;
      if (bytes[found] > kMaxTransactionBytes)
        return tooMany();
      int d = static_cast<int>(m) - 1;
      for (; d >= 0; --d) {
        if (++at[d] < w.lo[d] + w.size[d])
          break;
        at[d] = w.lo[d];
      }
      if (d < 0)
        break;
    }
  }
  for (auto [k, key] : llvm::enumerate(keys)) {
    if (!bytes[k])
      continue;
    BarrierElement &el = barrierElement(bar, key);
    if (el.txClosed) {
      InFlightDiagnostic diag =
          emitHazard(instr.getLoc(), HazardKind::TransactionBytes);
      diag << " on " << elementName(bar, key) << ": this instruction by "
           << describe(g.global()) << " at " << context() << " delivers "
           << bytes[k]
           << " bytes to it after an await saw its phase complete; they "
              "would count toward the next phase of the same mbarrier";
      diag.attachNote(el.awaitOp->getLoc()) << "the await";
      return failure();
    }
    el.deliveredBytes += bytes[k];
    if (el.deliveredBytes > kMaxTransactionBytes)
      return tooMany();
    el.deliverOp = instr;
  }
  return success();
}

LogicalResult Machine::expectBytes(amir::ArriveOp arrive, Variable &bar,
                                   ArrayRef<int64_t> key, BarrierElement &el,
                                   const Collective &g) {
  std::optional<ArrayRef<int64_t>> tx = arrive.getExpectTx();
  if (!tx)
    return success();
  int64_t d = 0;
  if (std::optional<int64_t> cta = bar.ownerCta(key)) {
    d = *cta;
  } else if (clusterDim > 1) {
    if (!unattributed)
      unattributed.emplace(
          arrive, "cannot tell which CTA's element " + elementName(bar, key) +
                      " is, so the transaction bytes this arrive expects on "
                      "it are unknown: no CTA owner of it is known");
    el.txUnknown = true;
    return success();
  }
  int64_t sum = 0;
  for (int64_t p = 0; p < clusterDim; ++p)
    if (g.local.find_first_in(p * blockDim, (p + 1) * blockDim) >= 0)
      sum += (*tx)[p * clusterDim + d];
  if (!sum)
    return success();
  if (el.txClosed) {
    InFlightDiagnostic diag =
        emitHazard(arrive.getLoc(), HazardKind::TransactionBytes);
    diag << " on " << elementName(bar, key) << ": this arrive by "
         << describe(g.global()) << " at " << context() << " expects " << sum
         << " bytes on it after an await saw its phase complete";
    diag.attachNote(el.awaitOp->getLoc()) << "the await";
    return failure();
  }
  el.expectedBytes += sum;
  if (el.expectedBytes > kMaxTransactionBytes)
    return mlir::emitError(arrive.getLoc())
           << "the arrives on " << elementName(bar, key) << " expect "
           << el.expectedBytes << " transaction bytes in one phase at "
           << context() << ", more than an mbarrier phase counts ("
           << kMaxTransactionBytes << ")";
  el.expectOp = arrive;
  return success();
}

LogicalResult Machine::checkBytes(Operation *at, Variable &bar,
                                  ArrayRef<int64_t> key, BarrierElement &el,
                                  bool atEnd) {
  if (el.txClosed || el.txUnknown ||
      (el.expectedBytes == 0 && el.deliveredBytes == 0))
    return success();
  if (!atEnd)
    el.txClosed = true;
  int64_t want = el.expectedBytes, got = el.deliveredBytes;
  if (want == got)
    return success();
  InFlightDiagnostic diag =
      emitHazard(at->getLoc(), HazardKind::TransactionBytes);
  diag << " on " << elementName(bar, key) << " (";
  if (atEnd)
    diag << "never awaited";
  else
    diag << "awaited at " << context();
  diag << "): ";
  if (want == 0)
    diag << "its phase expects no transaction bytes, but the instructions "
            "completing on it deliver "
         << got
         << ": the phase can complete on its arrivals alone, before the "
            "data lands";
  else if (want < got)
    diag << "its phase expects " << want
         << " transaction bytes, but the instructions completing on it "
            "deliver "
         << got << ": the phase can complete before " << got - want
         << " of them land, and the late bytes count toward the next phase";
  else
    diag << "its phase expects " << want
         << " transaction bytes, but the instructions completing on it "
            "deliver only "
         << got << ": the phase never completes, so its waiters hang";
  if (el.expectOp)
    diag.attachNote(el.expectOp->getLoc())
        << "the arrive that sets the expected bytes (the lowering's "
           "expect_tx)";
  if (el.deliverOp)
    diag.attachNote(el.deliverOp->getLoc())
        << "an instruction that completes on it";
  return failure();
}

LogicalResult Machine::checkPhaseOrder(Operation *await, Variable &var,
                                       ArrayRef<int64_t> key,
                                       const Collective &g) {
  std::optional<SmallVector<int64_t>> prevKey = previousPhase(var, key);
  if (!prevKey)
    return success();
  int64_t depth = var.barrierType.getRingDepth(var.barrierType.getRingDim());
  auto it = var.barrierElements.find(*prevKey);
  const Threads &who = g.global();
  SmallVector<const Threads *> parts;
  if (it != var.barrierElements.end())
    it->second.completionSeenBy(parts);
  if (who.coveredBy(parts))
    return success();
  InFlightDiagnostic diag =
      emitHazard(await->getLoc(), HazardKind::BarrierMisuse);
  diag << ": the await on " << elementName(var, key) << " by " << describe(who)
       << " at " << context() << " is not ordered after the completion of "
       << elementName(var, *prevKey) << ", the previous phase of the same "
       << "mbarrier (ring depth " << depth
       << "): a parity wait could return on the phase before it";
  if (it != var.barrierElements.end() && it->second.awaitOp)
    diag.attachNote(it->second.awaitOp->getLoc())
        << "the earlier phase is awaited here, by "
        << describe(it->second.awaitedBy) << "; await it first, or order "
        << "this await after that one with a synchronization";
  else
    diag.attachNote(var.alloc->getLoc())
        << "no thread awaited the earlier phase";
  return failure();
}

LogicalResult Machine::checkNextPhase(Operation *op, Variable &var,
                                      ArrayRef<int64_t> key,
                                      const Collective &g) {
  if (var.barrierType.getKind() != BarrierKind::Mbarrier)
    return success();
  // A pre-arrived phase too must be awaited before the slot's next phase
  // completes: the signal cannot count toward it (it completed at
  // initialization), but the hardware's synccheck reports a phase that
  // completed unobserved ("Missing wait") when the next one completes.
  std::optional<SmallVector<int64_t>> prevKey =
      previousPhase(var, key, /*prearrived=*/true);
  if (!prevKey)
    return success();
  int ringDim = var.barrierType.getRingDim();
  int64_t depth = var.barrierType.getRingDepth(ringDim);
  bool prearrivedPhase = (*prevKey)[ringDim] < var.barrierType.getPrearrive();
  auto it = var.barrierElements.find(*prevKey);
  const Threads &who = g.global();
  const RecordRef *unordered = nullptr;
  bool awaited =
      it != var.barrierElements.end() && !it->second.completions.empty();
  if (awaited)
    for (const RecordRef &done : it->second.completions)
      if (!done->visibleTo(who, qualBit(QualTimeline::Mbarrier),
                           /*temporalOnly=*/true)) {
        unordered = &done;
        break;
      }
  if (awaited && !unordered)
    return success();
  if (!awaited && prearrivedPhase) {
    if (!missingWait) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << ": " << describe(who) << " at " << context() << " signals "
         << elementName(var, key) << ", the next phase of the mbarrier of "
         << elementName(var, *prevKey) << " (ring depth " << depth
         << "), but no thread awaited " << elementName(var, *prevKey)
         << ", its pre-arrived phase: a phase must be observed before the "
            "next one completes (compute-sanitizer's synccheck reports "
            "\"Missing wait\"); await the pre-arrived element before "
            "reusing its slot";
      missingWait = MissingWait{op->getLoc(), var.alloc->getLoc(), message};
    }
    return success();
  }
  InFlightDiagnostic diag = emitHazard(op->getLoc(), HazardKind::BarrierMisuse);
  diag << ": " << describe(who) << " at " << context() << " signals "
       << elementName(var, key) << ", the next phase of the "
       << "mbarrier of " << elementName(var, *prevKey) << " (ring depth "
       << depth << "), ";
  if (!awaited) {
    diag << "but no thread has awaited " << elementName(var, *prevKey)
         << " yet: the signal could count toward that phase";
    diag.attachNote(var.alloc->getLoc()) << "the barrier";
  } else {
    diag << "but is not ordered after the await of it by "
         << describe((*unordered)->accessor)
         << ": the signal could count toward that phase or be missed by "
            "its waiters";
    diag.attachNote((*unordered)->op->getLoc())
        << "the await (at " << contextOf(**unordered) << ")";
  }
  return failure();
}

FailureOr<SmallVector<SmallVector<int64_t>>>
Machine::barrierTargets(Operation *op, Variable &var, ArrayRef<int64_t> statics,
                        ValueRange dynamics, size_t first, size_t count) {
  SmallVector<SmallVector<int64_t>> keys = {{}};
  unsigned next = 0;
  for (size_t i = 0; i < first; ++i)
    if (ShapedType::isDynamic(statics[i]))
      ++next;
  for (size_t d = 0; d < count; ++d) {
    int64_t s = statics[first + d];
    SmallVector<int64_t> options;
    if (s == kMulticastIndex) {
      for (int64_t v = 0; v < var.dims[d]; ++v)
        options.push_back(v);
    } else {
      int64_t v = s;
      if (ShapedType::isDynamic(s)) {
        FailureOr<int64_t> x = eval(dynamics[next++]);
        if (failed(x))
          return failure();
        v = *x;
      }
      if (v < 0 || (var.dims[d] >= 0 && v >= var.dims[d]))
        return mlir::emitError(op->getLoc())
               << "out of bounds: index " << v << " of dimension " << d
               << " of barrier '" << var.name << "' (extent " << var.dims[d]
               << ") at " << context();
      options.push_back(v);
    }
    SmallVector<SmallVector<int64_t>> grown;
    for (auto &k : keys)
      for (int64_t v : options) {
        auto g = k;
        g.push_back(v);
        grown.push_back(g);
      }
    keys = std::move(grown);
  }
  return keys;
}

InFlightDiagnostic Machine::hazard(Operation *op, HazardKind kind,
                                   Variable &var, ArrayRef<int64_t> index,
                                   const Collective &g, const Record &other) {
  InFlightDiagnostic diag = emitHazard(op->getLoc(), kind);
  diag << " on " << elementName(var, index) << ": "
       << (isa<amir::ReadOp>(op) ? "read" : "mutation") << " by "
       << describe(g.global()) << " at " << context()
       << " is not ordered after the " << (other.mutate ? "mutation" : "read")
       << " by " << describe(other.accessor);
  diag.attachNote(other.op->getLoc())
      << "the conflicting " << (other.mutate ? "mutation" : "read") << " (at "
      << contextOf(other)
      << (other.convergent
              ? ", or another instance of this statement by a thread of the "
                "same warp before any synchronization"
          : other.coalesced ? ", or a later iteration of this statement by "
                              "the same thread before any synchronization"
                            : "")
      << ")";
  if (other.lastSync)
    diag.attachNote(other.lastSync->getLoc())
        << "the last synchronization that touched it";
  else
    diag.attachNote(other.op->getLoc())
        << "no synchronization ordered it for these threads";
  return diag;
}

LogicalResult Machine::useRingSlot(Operation *op, Variable &var,
                                   ArrayRef<int64_t> lo, ArrayRef<int64_t> size,
                                   const Collective &g) {
  int rd = var.ringDim;
  int64_t i = lo[rd], depth = var.ringDepth;
  Variable &guard = *var.guard;
  const Threads &who = g.global();
  // The guard's elements of ring index `r`.
  auto guardElements = [&](int64_t r) {
    SmallVector<BarrierElement *> found;
    auto keys = guard.barrierKeysByRing.find(r);
    if (keys == guard.barrierKeysByRing.end())
      return found;
    for (const SmallVector<int64_t> &key : keys->second)
      found.push_back(&guard.barrierElements.find(key)->second);
    return found;
  };
  // Every combination of the outer coordinates the window covers.
  SmallVector<SmallVector<int64_t>> outers = {{}};
  for (int d = 0; d < rd; ++d) {
    SmallVector<SmallVector<int64_t>> grown;
    for (auto &o : outers)
      for (int64_t x = lo[d]; x < lo[d] + size[d]; ++x) {
        auto n = o;
        n.push_back(x);
        grown.push_back(n);
      }
    outers = std::move(grown);
  }
  for (SmallVector<int64_t> key : outers) {
    key.push_back(i % depth);
    auto [it, fresh] = var.occupant.try_emplace(key, -1);
    int64_t occ = it->second;
    if (i == occ)
      continue;
    if (i < occ)
      return emitHazard(op->getLoc(), HazardKind::UseAfterFree)
             << " on '" << var.name << "': element " << i
             << " of its ring dimension is used by " << describe(who) << " at "
             << context() << ", but its slot " << i % depth
             << " already holds element " << occ;
    // A new element in the slot: the previous one must have been released.
    if (occ >= 0 &&
        llvm::none_of(guardElements(occ + depth),
                      [](BarrierElement *el) { return el->arriveOp; })) {
      InFlightDiagnostic diag =
          emitHazard(op->getLoc(), HazardKind::FreeMissingArrive);
      diag << " on '" << var.name << "': slot " << i % depth
           << " is reused for element " << i << " at " << context()
           << ", but element " << occ
           << " was never released (no arrive on element " << occ + depth
           << " of its guard '" << guard.name << "')";
      diag.attachNote(guard.alloc->getLoc()) << "the guard";
      return failure();
    }
    // ... and an await of the guard's element i must be ordered before.
    if (i >= guard.barrierType.getPrearrive()) {
      SmallVector<const Threads *> parts;
      for (BarrierElement *el : guardElements(i))
        el->completionSeenBy(parts);
      if (!who.coveredBy(parts)) {
        InFlightDiagnostic diag =
            emitHazard(op->getLoc(), HazardKind::UseBeforeAlloc);
        diag << " on '" << var.name << "': element " << i
             << " of its ring dimension is used by " << describe(who) << " at "
             << context() << " before its slot is allocated: no "
             << "await of element " << i << " of its guard '" << guard.name
             << "' is ordered before the use";
        diag.attachNote(guard.alloc->getLoc()) << "the guard";
        return failure();
      }
    }
    it->second = i;
  }
  return success();
}

Machine::AccessPlan &
Machine::makeAccessPlan(Operation *op, std::unique_ptr<AccessPlan> &plan) {
  plan = std::make_unique<AccessPlan>();
  auto fill = [&](auto acc) {
    plan->var = acc.getVar();
    plan->inputVar = !mutated.contains(plan->var);
    plan->qual = acc.getQual();
    for (Attribute a : acc.getExt())
      plan->extended |= qualBit(cast<QualTimelineAttr>(a).getValue());
    plan->ooo = acc.getOutOfOrder();
    plan->atomic = acc.getAtomic();
    plan->writeOnly = acc.getWriteOnly();
    plan->clip = acc.getClip();
    unsigned nextOff = 0, nextSize = 0;
    for (auto [d, so, ss] :
         llvm::enumerate(acc.getStaticOffsets(), acc.getStaticSizes())) {
      plan->offsets.push_back(so);
      plan->sizes.push_back(ss);
      if (ShapedType::isDynamic(so)) {
        Value v = acc.getOffsets()[nextOff++];
        plan->dynamic.push_back({static_cast<int>(d), v, values.slot(v)});
      }
      if (ShapedType::isDynamic(ss)) {
        Value v = acc.getSizes()[nextSize++];
        plan->dynamic.push_back({~static_cast<int>(d), v, values.slot(v)});
      }
    }
  };
  plan->isRead = isa<amir::ReadOp>(op);
  if (plan->isRead)
    fill(cast<amir::ReadOp>(op));
  else
    fill(cast<amir::MutateOp>(op));
  return *plan;
}

LogicalResult Machine::access(Operation *op, Collective &g, bool record,
                              SmallVectorImpl<RecordRef> *made) {
  AccessPlan &plan = accessPlanOf(op);
  bool isRead = plan.isRead;
  Value varValue = plan.var;
  QualTimeline qual = plan.qual;
  QualTimelineSet extended = plan.extended;
  bool ooo = plan.ooo, atomic = plan.atomic, writeOnly = plan.writeOnly,
       clip = plan.clip;
  if (plan.varsSeen != varsVersion) {
    plan.varSeen = vars.lookup(varValue);
    plan.varsSeen = varsVersion;
  }
  Variable &var = *plan.varSeen;
  // The window.
  SmallVector<int64_t> lo(plan.offsets), size(plan.sizes);
  for (auto [d, v, s] : plan.dynamic) {
    if (!values.isKnown(s)) {
      (void)eval(v); // the error
      return failure();
    }
    (d < 0 ? size[~d] : lo[d]) = values.at(s);
  }
  if (lo.size() != var.dims.size())
    return mlir::emitError(op->getLoc())
           << "expected " << var.dims.size() << " coordinates for '" << var.name
           << "'";
  // A plain read of an input (nothing mutates it) makes no record: its
  // record pass would only note it for the task symmetry, which the check
  // pass does instead (execAccess then skips that pass).
  bool inputRead =
      isRead && plan.inputVar && !made && !var.wgmmaRegs && var.ringDim < 0;
  if (symmetricRun && !symmetricRun->decided && (record || inputRead))
    noteSymmetricAccess(op, plan, lo, size);
  if (var.ringDim >= 0) {
    // A logical slot of a managed ring buffer: checked against its guard,
    // then stored in its physical slot.
    if (size[var.ringDim] != 1)
      return mlir::emitError(op->getLoc())
             << "a window of the ring buffer '" << var.name
             << "' must select one element of its ring dimension (dimension "
             << var.ringDim << "), not " << size[var.ringDim];
    int64_t i = lo[var.ringDim];
    if (i < 0 || (var.ringExtent >= 0 && i >= var.ringExtent))
      return mlir::emitError(op->getLoc())
             << "out of bounds: element " << i << " of the ring dimension of '"
             << var.name << "' (extent " << var.ringExtent << ") at "
             << context();
    if (!record && pump && (pumpExec.active || tilesActive))
      notePumpTouch(var, lo);
    if (!record && failed(useRingSlot(op, var, lo, size, g)))
      return failure();
    lo[var.ringDim] = i % var.ringDepth;
  }
  // An oob access (a TMA box past the end of its tensor, an oob element
  // access) touches only the part inside the variable; nothing if none.
  if (clip && var.ringDim < 0)
    for (size_t d = 0; d < lo.size(); ++d) {
      int64_t dim = std::max<int64_t>(var.dims[d], 0);
      int64_t from = std::clamp<int64_t>(lo[d], 0, dim);
      __int128 end = static_cast<__int128>(lo[d]) + size[d];
      if (pump && pumpExec.inLoop && (from != lo[d] || end > dim)) {
        if (pump->headClipped.contains(op))
          pumpExec.lastClip = pumpExec.iter;
        if (pump->tailClipped.contains(op))
          pumpExec.maxTail =
              std::max(pumpExec.maxTail, pumpExec.trip - pumpExec.iter);
      }
      lo[d] = from;
      size[d] =
          static_cast<int64_t>(std::clamp<__int128>(end, from, dim)) - from;
    }
  for (auto [d, o, n] : llvm::enumerate(lo, size))
    if (o < 0 || n < 0 || o > var.dims[d] - n) {
      // The end in 128 bits: o + n may not fit in 64 (sizes are user input).
      llvm::APInt end(128, static_cast<uint64_t>(o), /*isSigned=*/true);
      end += llvm::APInt(128, static_cast<uint64_t>(n), /*isSigned=*/true);
      return mlir::emitError(op->getLoc())
             << "out of bounds: [" << o << ", "
             << llvm::toString(end, 10, /*Signed=*/true) << ") of dimension "
             << d << " of '" << var.name << "' (extent " << var.dims[d]
             << ") at " << context();
    }
  // wgmma.fence: a wgmma's register accesses need every thread fenced since
  // the registers were last accessed otherwise; other accesses unfence.
  if (var.wgmmaRegs) {
    bool byWgmma =
        qual == QualTimeline::WgmmaAccum || qual == QualTimeline::WgmmaRegA;
    const Threads &who = g.global();
    for (auto [lo, hi] : who.ranges)
      for (Tid t = lo; t < hi; ++t) {
        if (byWgmma && !record && !wgmmaFenced.contains(t)) {
          InFlightDiagnostic diag =
              emitHazard(op->getLoc(), HazardKind::MissingWgmmaFence);
          diag << ": the wgmma by " << describe(who) << " at " << context()
               << " accesses the registers of '" << var.name << "', but "
               << describe(Threads::single(t))
               << " has not executed Fence(wgmma_fence_1, wgmma_fence_2) "
               << "since it last accessed them otherwise (or since its task "
               << "began)";
          if (Operation *last = wgmmaRegsTouched.lookup(t))
            diag.attachNote(last->getLoc()) << "the last such access";
          return diag;
        }
        if (record)
          noteWgmmaRegsAccess(op, qual, t);
      }
  }
  // Reads of a variable nothing mutates (an input) cannot race.
  if (isRead && plan.inputVar) {
    recordPassDone |= inputRead && !record;
    return success();
  }
  const Threads &who = g.global();
  // A thread's access of its own registers (ownRegisterAccess); in an
  // instruction, its part of one without a trailing barrier, but the
  // zero-init's writes, whose records exec(InstrOp) fences.
  if (ownRegisters && var.registers && !ooo && !atomic &&
      (!made || (synchronousInstr && qual != QualTimeline::WgmmaZero)) &&
      who.isSingle() && ownRegisterAccess(var, who, extended)) {
    if (record)
      return success();
    int64_t volume = 1;
    for (int64_t n : size)
      volume *= n;
    stats.accesses += volume;
    // What the record pass would do, so that execAccess skips it: note
    // the access for the task symmetry (the window is as written: no ring,
    // no clip) and unfence the thread for the wgmma fence rule. (An
    // instruction's record pass, which always runs, does both above.)
    if (!clip && !made) {
      if (symmetricRun && !symmetricRun->decided)
        noteSymmetricAccess(op, plan, lo, size);
      if (var.wgmmaRegs)
        noteWgmmaRegsAccess(op, qual, who.ranges[0].first);
      recordPassDone = true;
    }
    return success();
  }
  // TMA writes (loads into shared memory, stores and reductions to global
  // memory) go through the async proxy.
  bool asyncProxyWrite = !isRead && (qual == QualTimeline::TmaToSmem ||
                                     qual == QualTimeline::TmaToGmem);
  if (asyncProxyWrite && !record && var.shared &&
      failed(checkProxyDebt(op, var, who)))
    return failure();
  RecordRef rec;
  if (record) {
    // A register access by one thread, by the same statement as its last
    // one since the last statement that may change records: the same
    // record serves (recordEpoch).
    bool coalesce = var.registers && !made && !ooo && !atomic && who.isSingle();
    RegisterRecord *last = nullptr;
    if (coalesce && inWarpScope) {
      int64_t warp = g.local.find_first() / 32;
      auto threads = warpThreads.find(warp);
      if (threads != warpThreads.end()) {
        coalesce = false;
        RegisterRecord &shared = warpShared[{op, warp}];
        if (shared.epoch == recordEpoch)
          if (RecordRef r = shared.record.lock();
              r && r->qual == qualBit(qual) && r->mutate == !isRead)
            rec = r;
        if (!rec) {
          rec = newRecord(op, threads->second, qualBit(qual), !isRead, ooo,
                          atomic);
          rec->convergent = true;
          shared = {rec, recordEpoch};
        }
      }
    }
    if (coalesce) {
      last = &lastRegisterRecord[{&var, who.ranges[0].first, op}];
      if (last->epoch == recordEpoch)
        if (RecordRef r = last->record.lock();
            r && r->qual == qualBit(qual) && r->mutate == !isRead) {
          r->coalesced = true;
          rec = r;
        }
    }
    if (!rec) {
      rec = newRecord(op, g, qualBit(qual), !isRead, ooo, atomic);
      if (last)
        *last = {rec, recordEpoch};
    }
    if (made)
      made->push_back(rec);
    if (var.registers && (!who.isSingle() || ooo || atomic) &&
        (var.collectiveRecords.empty() ||
         var.collectiveRecords.back().lock() != rec)) {
      var.collectiveRecords.push_back(rec);
      // A new such record (a collective's plain access does not start an
      // epoch of its own) may not be visible to the threads whose own
      // accesses were found clear.
      ++recordEpoch;
    }
    if (!isRead && ooo && asyncWrites)
      asyncWrites->push_back({&var, lo, size});
  }
  // The window as runs of consecutive elements: trailing dimensions the
  // window covers whole fold into the run.
  int rank = static_cast<int>(lo.size());
  int runDim = rank - 1;
  int64_t runLen = rank ? size[runDim] : 1;
  while (runDim > 0 && lo[runDim] == 0 && size[runDim] == var.dims[runDim]) {
    --runDim;
    runLen *= size[runDim];
  }
  int64_t inner = 1; // elements per step of dimension runDim
  for (int d = runDim + 1; d < rank; ++d)
    inner *= var.dims[d];
  auto unflatten = [&](int64_t flat) {
    SmallVector<int64_t> index(rank);
    for (int d = rank - 1; d >= 0; --d) {
      index[d] = flat % var.dims[d];
      flat /= var.dims[d];
    }
    return index;
  };
  SmallVector<int64_t> outer(lo.begin(), lo.begin() + std::max(runDim, 0));
  int64_t runs = 1;
  for (int d = 0; d < runDim; ++d)
    runs *= size[d];
  // One run: the window is the whole flat range from its first element to
  // its last.
  bool contiguous = runs == 1;
  if (runLen == 0 || var.elements.empty())
    runs = 0;
  SmallPtrSet<Record *, 8> checked;
  // Fragment registers (wgmma accumulators and A operands, mma.sync
  // accumulators) belong to single threads: an instruction of the
  // warpgroup (warp) touches each element in the thread that holds it, and
  // the collective analysis proves that an element access runs in that
  // thread (checkFragmentAccess). An earlier
  // access of a single thread of this collective therefore needs to be
  // seen by that thread alone, not by the whole collective: per-thread
  // records without one record per element. (An instruction of one thread
  // on fragment registers has no such proof; the lowering refuses it.)
  auto observers = [&](const Record &m) -> const Threads & {
    if (var.fragmentRegs && !who.isSingle() &&
        (m.accessor.isSingle() || m.convergent) &&
        m.accessor.coveredBy({&who}) && m.op &&
        !m.op->getParentOfType<amir::InstrOp>())
      return m.accessor;
    return who;
  };
  // Reads the window overlaps: WAR for a mutation; a mutation that covers a
  // read's box retires it.
  auto overlap = [&](const Variable::BoxRead &b, SmallVectorImpl<int64_t> &at) {
    at.clear();
    for (int d = 0; d < rank; ++d) {
      int64_t x = std::max(lo[d], b.lo[d]);
      if (x >= std::min(lo[d] + size[d], b.lo[d] + b.size[d]))
        return false;
      at.push_back(x);
    }
    return true;
  };
  // The first element, row-major, of the window's intersection with box `b`
  // that no mutation has retired (into `at`); false if there is none.
  auto firstLive = [&](const Variable::BoxRead &b,
                       SmallVectorImpl<int64_t> &at) {
    return findInIntersection(b, lo, size,
                              [&](ArrayRef<int64_t> x, int64_t offset) {
                                if (b.retired.test(offset))
                                  return false;
                                at.assign(x.begin(), x.end());
                                return true;
                              });
  };
  // The flat index of an element, and the window's flat range: the single
  // element reads inside the window are among those of the range.
  SmallVector<int64_t> strides(rank, 1);
  for (int d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * var.dims[d + 1];
  bool inside = true;
  int64_t flatLo = 0, flatHi = 0;
  for (int d = 0; d < rank; ++d) {
    inside &= lo[d] >= 0 && size[d] >= 1 && lo[d] + size[d] <= var.dims[d];
    flatLo += lo[d] * strides[d];
    flatHi += (lo[d] + size[d] - 1) * strides[d];
  }
  auto inWindow = [&](int64_t flat) {
    if (contiguous)
      return true;
    for (int d = 0; d < rank; ++d) {
      int64_t i = flat / strides[d] % var.dims[d];
      if (i < lo[d] || i >= lo[d] + size[d])
        return false;
    }
    return true;
  };
  if (!isRead && !record) {
    SmallVector<int64_t> at;
    for (Variable::BoxRead &b : var.boxReads) {
      Record &rd = *b.record;
      if ((rd.atomic && atomic) || !overlap(b, at) ||
          (b.retiredCount && !firstLive(b, at)) || !checked.insert(&rd).second)
        continue;
      if (!rd.visibleTo(observers(rd), extended, /*temporalOnly=*/true))
        return hazard(op, HazardKind::WAR, var, at, g, rd), failure();
    }
    if (inside) {
      const Record *war = nullptr;
      int64_t warAt = 0;
      var.elementReads.findIn(
          flatLo, flatHi, [&](int64_t flat, ElementReads::Reads &reads) {
            if (!inWindow(flat))
              return false;
            for (RecordRef &r : reads) {
              Record &rd = *r;
              if ((rd.atomic && atomic) || !checked.insert(&rd).second)
                continue;
              if (!rd.visibleTo(observers(rd), extended,
                                /*temporalOnly=*/true)) {
                war = &rd;
                warAt = flat;
                return true;
              }
            }
            return false;
          });
      if (war)
        return hazard(op, HazardKind::WAR, var, unflatten(warAt), g, *war),
               failure();
    }
  }
  if (record) {
    if (isRead) {
      if (inside && flatLo == flatHi) {
        ElementReads::Reads &reads = var.elementReads.at(flatLo);
        if (reads.empty() || reads.back() != rec)
          reads.push_back(rec);
      } else {
        var.boxReads.push_back({lo, size, rec, {}, 0});
      }
      return success();
    }
    // A mutation retires what it covers of each read box (it was checked
    // to be ordered after the read): a box it covers goes; one it covers in
    // part marks those elements retired and goes once all are, or, with
    // more than kMaxHoledBox elements, keeps the rest as at most two boxes
    // per dimension. (Keeping a box two writes cover between them would
    // keep every such read of a loop, each iteration's.)
    std::vector<Variable::BoxRead> &boxes = var.boxReads;
    SmallVector<Variable::BoxRead, 4> pieces;
    size_t kept = 0;
    for (size_t j = 0, e = boxes.size(); j < e; ++j) {
      Variable::BoxRead &b = boxes[j];
      bool disjoint = false, covered = true;
      for (int d = 0; d < rank; ++d) {
        int64_t bEnd = b.lo[d] + b.size[d], mEnd = lo[d] + size[d];
        disjoint |= bEnd <= lo[d] || mEnd <= b.lo[d];
        covered &= lo[d] <= b.lo[d] && bEnd <= mEnd;
      }
      auto keep = [&]() {
        if (kept != j)
          boxes[kept] = std::move(b);
        ++kept;
      };
      if (disjoint) {
        keep();
        continue;
      }
      if (covered)
        continue;
      if (int64_t volume = b.volume(); volume == 0) {
        continue; // reads nothing
      } else if (volume <= Variable::kMaxHoledBox) {
        if (b.retired.empty())
          b.retired.resize(volume);
        findInIntersection(b, lo, size, [&](ArrayRef<int64_t>, int64_t offset) {
          if (!b.retired.test(offset)) {
            b.retired.set(offset);
            ++b.retiredCount;
          }
          return false;
        });
        if (b.retiredCount < volume)
          keep();
        continue;
      }
      // A larger box: the parts of b outside the window, in dimension d
      // below and above it, with the dimensions before d cut to the window
      // (after the other boxes).
      SmallVector<int64_t> partLo = b.lo, partSize = b.size;
      for (int d = 0; d < rank; ++d) {
        int64_t bEnd = b.lo[d] + b.size[d], mEnd = lo[d] + size[d];
        if (b.lo[d] < lo[d]) {
          Variable::BoxRead below{partLo, partSize, b.record, {}, 0};
          below.size[d] = lo[d] - b.lo[d];
          pieces.push_back(std::move(below));
        }
        if (mEnd < bEnd) {
          Variable::BoxRead above{partLo, partSize, b.record, {}, 0};
          above.lo[d] = mEnd;
          above.size[d] = bEnd - mEnd;
          pieces.push_back(std::move(above));
        }
        partLo[d] = std::max(b.lo[d], lo[d]);
        partSize[d] = std::min(bEnd, mEnd) - partLo[d];
      }
    }
    boxes.erase(boxes.begin() + kept, boxes.end());
    for (Variable::BoxRead &p : pieces)
      boxes.push_back(std::move(p));
    if (inside)
      var.elementReads.eraseIn(flatLo, flatHi, inWindow);
  }
  // The checks of one earlier mutation against this access (true: a
  // hazard, reported).
  auto conflicts = [&](int64_t at, const RecordRef &ref) {
    Record *m = ref.get();
    if (!m || !checked.insert(m).second)
      return false;
    // Atomic reductions commute with each other.
    if (m->atomic && atomic)
      return false;
    if (isRead) {
      if (!m->visibleTo(observers(*m), extended, /*temporalOnly=*/false))
        return hazard(op, HazardKind::RAW, var, unflatten(at), g, *m), true;
    } else if (asyncProxyWrite && (m->qual & kGenericWrites)) {
      // An overwrite through the async proxy of a generic write: only a
      // proxy fence orders the two (SEMANTICS.md §5), so the earlier write
      // must be visible to the async proxy, not just ordered in time.
      if (!m->visibleTo(who, qualBit(QualTimeline::AsyncRetired),
                        /*temporalOnly=*/false)) {
        InFlightDiagnostic diag =
            hazard(op, HazardKind::WAW, var, unflatten(at), g, *m);
        diag.attachNote(op->getLoc())
            << "this write goes through the async proxy and the "
               "earlier one through the generic proxy: a "
               "Fence(cuda_in_order, cuda_generic_and_async_proxy) "
               "must order them";
        return true;
      }
    } else if (!m->visibleTo(observers(*m), extended,
                             /*temporalOnly=*/writeOnly)) {
      return hazard(op, HazardKind::WAW, var, unflatten(at), g, *m), true;
    }
    return false;
  };
  for (int64_t r = 0; r < runs; ++r) {
    int64_t start = 0;
    for (int d = 0; d < runDim; ++d)
      start = start * var.dims[d] + outer[d];
    if (rank)
      start = (start * var.dims[runDim] + lo[runDim]) * inner;
    int64_t stop = rank ? start + runLen : 1;
    if (!record) {
      stats.accesses += stop - start;
      if (var.elements.findIn(start, stop, conflicts))
        return failure();
    } else {
      var.elements.assign(start, stop, rec);
    }
    // Next run: the outer index, row-major.
    for (int d = runDim - 1; d >= 0; --d) {
      if (++outer[d] < lo[d] + size[d])
        break;
      outer[d] = lo[d];
    }
  }
  return success();
}

bool Machine::ownRegisterAccess(Variable &var, const Threads &who,
                                QualTimelineSet extended) {
  uint64_t &known = ownRegisterClear[{&var, who.ranges[0].first, extended}];
  if (known == recordEpoch + 1)
    return true;
  llvm::erase_if(var.collectiveRecords,
                 [](const std::weak_ptr<Record> &w) { return w.expired(); });
  for (const std::weak_ptr<Record> &w : var.collectiveRecords) {
    RecordRef r = w.lock();
    if (!who.coveredBy({&r->accessor}))
      continue; // another warpgroup's or warp's: not this thread's elements
    if (!r->visibleTo(who, extended, /*temporalOnly=*/true) ||
        !r->visibleTo(who, extended, /*temporalOnly=*/false))
      return false;
  }
  known = recordEpoch + 1;
  return true;
}

const SmallVector<ThreadSet> *Machine::tile(const ThreadSet &threads,
                                            CollUnitAttr unit, TileMode mode,
                                            std::string &why) {
  ArrayRef<uintptr_t> words = threads.getData();
  auto key =
      std::make_tuple(unit.getAsOpaquePointer(), static_cast<int>(mode),
                      SmallVector<uintptr_t>(words.begin(), words.end()));
  auto it = tilings.find(key);
  if (it == tilings.end()) {
    Tiling t;
    t.ok = succeeded(
        tileThreads(threads, unit, blockDim, clusterDim, mode, t.parts, t.why));
    it = tilings.emplace(std::move(key), std::move(t)).first;
  }
  if (!it->second.ok) {
    why = it->second.why;
    return nullptr;
  }
  return &it->second.parts;
}

LogicalResult Machine::instrAccesses(Block &block, Collective &g, bool record,
                                     SmallVectorImpl<RecordRef> &made) {
  for (Operation &a : block) {
    if (auto loop = dyn_cast<amir::ThreadsForOp>(a)) {
      std::string why;
      const SmallVector<ThreadSet> *tiled =
          tile(g.local, loop.getUnit(), TileMode::Any, why);
      if (!tiled || static_cast<int64_t>(tiled->size()) !=
                        static_cast<int64_t>(loop.getCount()))
        return mlir::emitError(loop.getLoc())
               << "cannot split the instruction's collective into "
               << loop.getCount() << " parts";
      for (int64_t i = 0, e = loop.getCount(); i < e; ++i) {
        values.set(loop.getInductionVar(), i);
        Collective inner = g;
        inner.local = (*tiled)[i];
        inner.changed();
        if (failed(instrAccesses(loop.getBody().front(), inner, record, made)))
          return failure();
      }
      continue;
    }
    if (isa_and_nonnull<arith::ArithDialect>(a.getDialect())) {
      if (failed(evalArith(a)))
        return failure();
      continue;
    }
    if (failed(access(&a, g, record, &made)))
      return failure();
  }
  return success();
}

LogicalResult Machine::reuseShared(amir::AllocOp alloc, Collective &g) {
  unsigned here = order.lookup(alloc);
  const Threads &who = g.global();
  SmallVector<Variable *> stillLive;
  for (Variable *dead : liveShared) {
    if (!dead->scopeEnded && lastUse.lookup(dead->alloc->getResult(0)) > here) {
      stillLive.push_back(dead);
      continue;
    }
    SmallVector<RecordRef> records = dead->allRecords();
    for (RecordRef &r : records) {
      if (r->visibleTo(who, ~0u, /*temporalOnly=*/true))
        continue;
      InFlightDiagnostic diag =
          emitHazard(alloc.getLoc(), HazardKind::FreeMissingSync);
      diag << ": '" << alloc.getName() << "' reuses the shared memory of '"
           << dead->name << "', but its " << (r->mutate ? "mutation" : "read")
           << " by " << describe(r->accessor)
           << " is not ordered before the allocation by " << describe(who)
           << " at " << context();
      diag.attachNote(r->op->getLoc())
          << "the unordered access (at " << contextOf(*r) << ")";
      return failure();
    }
    for (RecordRef &r : records)
      if (r->mutate && (r->qual & kGenericWrites))
        deadGeneric.push_back(r);
  }
  liveShared = std::move(stillLive);
  return success();
}

LogicalResult Machine::checkProxyDebt(Operation *op, Variable &var,
                                      const Threads &who) {
  const QualTimelineSet retired = qualBit(QualTimeline::AsyncRetired);
  for (size_t i = 0; i < var.proxyDebtEnd; ++i) {
    const Record &r = *deadGeneric[i];
    if (r.visibleTo(who, retired, /*temporalOnly=*/false))
      continue;
    InFlightDiagnostic diag = emitHazard(op->getLoc(), HazardKind::WAW);
    diag << " on '" << var.name << "': the async-proxy write by "
         << describe(who) << " at " << context()
         << " may overwrite shared memory that a dead variable wrote through "
            "the generic proxy (mutation by "
         << describe(r.accessor)
         << "), and no Fence(cuda_in_order, cuda_generic_and_async_proxy) "
            "orders that write before it";
    diag.attachNote(r.op->getLoc())
        << "the generic write (at " << contextOf(r) << ")";
    return diag;
  }
  if (carriedProxyDebt && !who.coveredBy({&proxyFenced})) {
    InFlightDiagnostic diag = emitHazard(op->getLoc(), HazardKind::WAW);
    diag << " on '" << var.name << "': the async-proxy write by "
         << describe(who) << " at " << context()
         << " may overwrite shared memory that an earlier task of the "
            "persistent cluster wrote through the generic proxy, with no "
            "proxy fence before the end of that task; these threads must "
            "run Fence(cuda_in_order, cuda_generic_and_async_proxy) first";
    diag.attachNote(carriedProxyDebt->op->getLoc())
        << "the generic write (at " << contextOf(*carriedProxyDebt) << ")";
    return diag;
  }
  return success();
}

LogicalResult Machine::reuseRegisters(amir::AllocOp alloc, Variable &previous) {
  for (RecordRef &r : previous.allRecords()) {
    if (r->visibleTo(r->accessor, kRetiredRegs, /*temporalOnly=*/true))
      continue;
    InFlightDiagnostic diag =
        emitHazard(alloc.getLoc(), HazardKind::FreeMissingSync);
    diag << ": '" << alloc.getName() << "' is allocated again at " << context()
         << " and reuses the registers of its previous instance, but its "
         << (r->mutate ? "mutation" : "read") << " by " << describe(r->accessor)
         << " is not retired for those threads (an asynchronous access "
            "must be awaited first)";
    diag.attachNote(r->op->getLoc())
        << "the unretired access (at " << contextOf(*r) << ")";
    return diag;
  }
  return success();
}

LogicalResult Machine::endTask(amir::TasksForOp loop, const Collective &task,
                               size_t firstVar) {
  Threads cluster;
  cluster.ranges.push_back({1 + task.task * task.clusterThreads,
                            1 + (task.task + 1) * task.clusterThreads});
  // The end of a task is a cluster-wide Fence(cuda_in_order, cuda_in_order)
  // (the lowering emits a cluster barrier): what the task's threads did in
  // order becomes visible to all of them; asynchronous accesses must have
  // been retired by the program.
  if (failed(checkNoOpenClusterArrive(loop, "the end of a task")) ||
      failed(reportMissingWait()))
    return failure();
  SyncTimelineSets inOrder = getSyncTimelineSets(SyncTimeline::CudaInOrder);
  forEachLive(task.task, [&](Record &r) {
    if (r.witnessedBy(cluster, inOrder.full | inOrder.temporal))
      r.grant(cluster, inOrder.full, inOrder.full | inOrder.temporal);
  });
  // The next task of a persistent cluster reuses this one's shared memory:
  // a generic-proxy write to it that its writers did not fence toward the
  // async proxy stays a debt for the next tasks' TMA loads (an earlier debt
  // is paid once every thread of the cluster has fenced).
  if (carriedProxyDebt && cluster.coveredBy({&proxyFenced}))
    carriedProxyDebt.reset();
  for (size_t v = firstVar; v < ownedVars.size(); ++v) {
    if (!ownedVars[v])
      continue; // registers reused (and checked) by a later instance
    Variable &var = *ownedVars[v];
    if (!var.shared && !var.registers)
      continue;
    for (RecordRef &r : var.allRecords()) {
      if (var.shared && !carriedProxyDebt && r->mutate &&
          (r->qual & kGenericWrites) &&
          !r->visibleTo(r->accessor, qualBit(QualTimeline::AsyncRetired),
                        /*temporalOnly=*/false))
        carriedProxyDebt = r;
      const Threads &who = var.shared ? cluster : r->accessor;
      if (r->visibleTo(who, var.shared ? ~0u : kRetiredRegs,
                       /*temporalOnly=*/true))
        continue;
      InFlightDiagnostic diag =
          emitHazard(loop.getLoc(), HazardKind::FreeMissingSync);
      diag << ": the next task of this persistent "
           << "cluster reuses "
           << (var.shared ? "the shared memory"
                          : "the "
                            "registers")
           << " of '" << var.name << "', but its "
           << (r->mutate ? "mutation" : "read") << " by "
           << describe(r->accessor) << " is not ordered before the end of "
           << "task " << task.task << " for "
           << (var.shared ? "every thread of the cluster" : "those threads")
           << " (at " << context() << ")";
      diag.attachNote(r->op->getLoc())
          << "the unordered access (at " << contextOf(*r) << ")";
      if (r->lastSync)
        diag.attachNote(r->lastSync->getLoc())
            << "the last synchronization that touched it";
      return failure();
    }
  }
  return success();
}

const Machine::BlockPlan &Machine::planOf(Block &block) {
  std::unique_ptr<BlockPlan> &plan = plans[&block];
  if (plan)
    return *plan;
  plan = std::make_unique<BlockPlan>();
  for (Operation &op : block) {
    Step step;
    step.op = &op;
    if (auto alloc = dyn_cast<amir::AllocOp>(op))
      plan->allocs.push_back(alloc.getResult());
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      // An integer constant as the evaluator reads it (in its type's
      // width); a data constant, or one it refuses, runs by execOp.
      if (isa<IntegerAttr>(c.getValue()))
        if (IndexEvalResult r = evaluateIndexOp(&op, {})) {
          step.kind = Step::Constant;
          step.out = values.slot(c.getResult());
          step.constant = *r;
        }
    } else if (isa_and_nonnull<arith::ArithDialect>(op.getDialect()) &&
               op.getNumResults() == 1) {
      step.kind = Step::Arith;
      step.out = values.slot(op.getResult(0));
      for (Value v : op.getOperands())
        step.in.push_back(values.slot(v));
    }
    plan->steps.push_back(std::move(step));
  }
  return *plan;
}

LogicalResult Machine::countInstance(Operation &op, int64_t count) {
  stats.statements += count;
  if (stats.statements > maxInstances && maxInstances > 0)
    return mlir::emitError(op.getLoc())
           << "the check stops after " << maxInstances
           << " statement instances (" << stats.tasks
           << " tasks so far): check smaller sizes, or raise max-instances";
  return success();
}

LogicalResult Machine::execBlock(Block &block, Collective &g) {
  const BlockPlan &plan = planOf(block);
  SmallVector<int64_t, 4> in;
  for (const Step &step : plan.steps) {
    switch (step.kind) {
    case Step::Other:
      if (failed(execOp(*step.op, g)))
        return failure();
      continue;
    case Step::Constant:
      if (failed(countInstance(*step.op)))
        return failure();
      values.setSlot(step.out, step.constant);
      continue;
    case Step::Arith:
      if (failed(countInstance(*step.op)))
        return failure();
      in.clear();
      for (unsigned s : step.in) {
        if (!values.isKnown(s)) {
          (void)eval(step.op->getOperand(in.size())); // the error
          return failure();
        }
        in.push_back(values.at(s));
      }
      if (failed(evalArith(*step.op, in, step.out)))
        return failure();
      continue;
    }
  }
  // The block's allocations are dead once it has run (e.g. at the end of a
  // loop iteration), whatever the order of their last uses says: the next
  // iteration's allocations reuse their shared memory.
  for (Value alloc : plan.allocs)
    if (Variable *var = vars.lookup(alloc))
      var->scopeEnded = true;
  return success();
}

LogicalResult Machine::execOp(Operation &op, Collective &g) {
  if (failed(countInstance(op)))
    return failure();
  if (isa_and_nonnull<arith::ArithDialect>(op.getDialect()))
    return evalArith(op);
  if (!isa<amir::ReadOp, amir::MutateOp, amir::SeqForOp, amir::ThreadsForOp,
           amir::WarpsOp, amir::IfOp>(op))
    ++recordEpoch;
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case<amir::AllocOp, amir::SeqForOp, amir::TasksForOp, amir::ThreadsForOp,
            amir::WarpsOp, amir::IfOp, amir::DeviceOp, amir::InstrOp,
            amir::FenceOp, amir::ArriveOp, amir::AwaitOp>(
          [&](auto x) { return exec(x, g); })
      .Case<amir::ReadOp, amir::MutateOp>(
          [&](Operation *o) { return execAccess(*o, g); })
      .Default([&](Operation *) -> LogicalResult {
        return mlir::emitError(op.getLoc())
               << "is not interpreted by the abstract machine";
      });
}

LogicalResult Machine::exec(amir::AllocOp alloc, Collective &g) {
  auto var = std::make_unique<Variable>();
  var->name = alloc.getName().str();
  unsigned next = 0;
  int64_t count = 1;
  for (int64_t s : alloc.getStaticDims()) {
    int64_t v = s;
    if (ShapedType::isDynamic(s)) {
      FailureOr<int64_t> x = eval(alloc.getDims()[next++]);
      if (failed(x))
        return failure();
      v = *x;
    }
    var->dims.push_back(v);
  }
  // The element count, checked: an overflowing product would slip under
  // the limit below and leave the variable's accesses unchecked.
  auto countElements = [&](ArrayRef<int64_t> dims) -> LogicalResult {
    count = 1;
    for (int64_t v : dims) {
      // A negative extent is an unbounded ring dimension (its storage is
      // the ring's depth, counted below).
      if (v < 0)
        continue;
      if (llvm::MulOverflow(count, v, count))
        return mlir::emitError(alloc.getLoc())
               << "'" << alloc.getName()
               << "' has more elements than int64 counts at these sizes; "
                  "too many to check";
    }
    return success();
  };
  if (failed(countElements(var->dims)))
    return failure();
  var->alloc = alloc;
  var->elementBytes = alloc.getElementBytes().value_or(0);
  if (std::optional<int64_t> m = alloc.getCtaDims()) {
    var->ctaDims = static_cast<int>(*m);
    var->owners.assign(alloc.getOwners()->begin(), alloc.getOwners()->end());
  }
  if (Value guard = alloc.getGuard()) {
    var->ringDim = static_cast<int>(*alloc.getRingDim());
    var->ringDepth = *alloc.getRingDepth();
    var->ringExtent = var->dims[var->ringDim];
    var->guard = vars.lookup(guard);
    if (!var->guard || !var->guard->isBarrier ||
        var->guard->barrierType.getKind() != BarrierKind::Mbarrier ||
        var->guard->barrierType.getRingDim() < 0)
      return mlir::emitError(alloc.getLoc())
             << "the guard of ring buffer '" << var->name
             << "' must be an mbarrier array with a ring dimension";
    // Storage: the physical slots.
    var->dims[var->ringDim] = var->ringDepth;
    if (failed(countElements(var->dims)))
      return failure();
  }
  if (TypeAttr bar = alloc.getBarrierAttr()) {
    var->isBarrier = true;
    var->barrierType = cast<BarrierType>(bar.getValue());
    if (var->barrierType.getKind() == BarrierKind::Mbarrier &&
        failed(checkNoOpenClusterArrive(
            alloc, "the initialization of these mbarriers")))
      return failure();
    var->arrivals = alloc.getArrivals().value_or(0);
  } else {
    var->shared = alloc.getMemoryAttr() && alloc.getMemoryAttr().isShared();
    var->registers =
        alloc.getMemoryAttr() && alloc.getMemoryAttr().isRegisters();
    var->wgmmaRegs =
        alloc.getMemoryAttr() &&
        (alloc.getMemoryAttr().getKind() == MemoryKind::WgmmaAccum ||
         alloc.getMemoryAttr().getKind() == MemoryKind::WgmmaA);
    var->fragmentRegs =
        var->wgmmaRegs || (alloc.getMemoryAttr() &&
                           alloc.getMemoryAttr().getKind() == MemoryKind::MmaC);
    if (var->shared && failed(reuseShared(alloc, g)))
      return failure();
    var->proxyDebtEnd = deadGeneric.size();
    if (var->registers) {
      Variable *&previous = lastRegisterInstance[alloc];
      if (previous) {
        if (failed(reuseRegisters(alloc, *previous)))
          return failure();
        // The previous instance is dead (its block has ended before the
        // allocation runs again) and its records are retired: the check at
        // the end of the task would pass for them too, as visibility only
        // grows. Freeing it keeps a loop that allocates registers in each
        // iteration (a per-thread GEMV: a million instances per task) from
        // holding every instance until the task ends.
        ownedVars[previous->owned].reset();
      }
      previous = var.get();
    }
    if (count > (int64_t(1) << 28))
      return mlir::emitError(alloc.getLoc())
             << "'" << var->name << "' has " << count
             << " elements; too many to check";
    var->elements.init(count, var->registers);
    var->elementReads.init(count);
  }
  vars[alloc.getResult()] = var.get();
  ++varsVersion;
  if (var->shared)
    liveShared.push_back(var.get());
  var->owned = ownedVars.size();
  ownedVars.push_back(std::move(var));
  return success();
}

LogicalResult Machine::exec(amir::SeqForOp loop, Collective &g) {
  FailureOr<int64_t> lo = eval(loop.getLower()), hi = eval(loop.getUpper());
  if (failed(lo) || failed(hi))
    return failure();
  if (pump && pump->isPumped(loop))
    return execPumped(loop, g, *lo, *hi);
  if (pump && pumpObs->compareTiles && loop == pump->tileLoop)
    return execTiles(loop, g, *lo, *hi);
  bool tiles = pump && loop == pump->tileLoop;
  if (!tiles)
    if (std::optional<LogicalResult> r = execRegisterLoop(loop, g, *lo, *hi))
      return *r;
  for (int64_t i = *lo; i < *hi; ++i) {
    if (tiles) {
      forgetEarlierTiles();
      tilesActive = true;
      tileCurrent = i - *lo;
    }
    if (failed(execIteration(loop, i, g)))
      return failure();
  }
  if (tiles)
    tilesActive = false;
  return success();
}

Machine::RegisterLoop &Machine::registerLoopOf(amir::SeqForOp loop) {
  std::unique_ptr<RegisterLoop> &known = registerLoops[loop];
  if (known)
    return *known;
  known = std::make_unique<RegisterLoop>();
  RegisterLoop &rl = *known;
  auto outside = [&](Value v) {
    Operation *parent = v.getParentRegion()->getParentOp();
    return parent != loop && !loop->isProperAncestor(parent);
  };
  auto noteFree = [&](Value v) {
    if (!outside(v))
      return;
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (isa<IntegerAttr>(c.getValue()))
        return; // the same value whenever the loop runs
    unsigned slot = values.slot(v);
    if (!llvm::is_contained(rl.freeSlots, slot))
      rl.freeSlots.push_back(slot);
  };
  for (Value v : loop->getOperands())
    noteFree(v);
  bool eligible = true;
  loop.getBody().walk([&](Operation *op) {
    if (auto inner = dyn_cast<amir::SeqForOp>(op)) {
      if (pump && (pump->isPumped(inner) || inner == pump->tileLoop))
        eligible = false;
    } else if (isa<amir::ReadOp, amir::MutateOp>(op)) {
      AccessPlan &plan = accessPlanOf(op);
      if (plan.ooo || plan.atomic || plan.clip ||
          plan.qual == QualTimeline::WgmmaAccum ||
          plan.qual == QualTimeline::WgmmaRegA ||
          !plan.var.getDefiningOp<amir::AllocOp>() || !outside(plan.var)) {
        eligible = false;
      } else {
        if (!llvm::is_contained(rl.vars, plan.var))
          rl.vars.push_back(plan.var);
        std::pair<Value, QualTimelineSet> use = {plan.var, plan.extended};
        if (!llvm::is_contained(rl.uses, use))
          rl.uses.push_back(use);
      }
    } else if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect())) {
      eligible = false;
    }
    if (!eligible)
      return WalkResult::interrupt();
    for (Value v : op->getOperands())
      if (!llvm::is_contained(rl.vars, v) &&
          !(isa<amir::ReadOp, amir::MutateOp>(op) && v == accessPlanOf(op).var))
        noteFree(v);
    return WalkResult::advance();
  });
  rl.eligible = eligible && !rl.vars.empty();
  return rl;
}

std::optional<LogicalResult> Machine::execRegisterLoop(amir::SeqForOp loop,
                                                       Collective &g,
                                                       int64_t lo, int64_t hi) {
  if (!ownRegisters || capturing || lo >= hi)
    return std::nullopt;
  RegisterLoop &rl = registerLoopOf(loop);
  if (!rl.eligible)
    return std::nullopt;
  const Threads &who = g.global();
  if (!who.isSingle())
    return std::nullopt;
  if (symmetricRun && !symmetricRun->decided) {
    if (rl.symmetricSeen != symmetricRun->id) {
      rl.symmetricSeen = symmetricRun->id;
      rl.symmetricOk = llvm::none_of(rl.vars, [&](Value v) {
        return symmetricRun->symmetry->shared.count(v) != 0;
      });
    }
    if (!rl.symmetricOk)
      return std::nullopt;
  }
  // Every access takes Machine::access's path of a thread's own registers:
  // no record, no hazard but an out-of-bounds element, whose window the
  // key decides.
  SmallVector<int64_t, 12> key = {
      reinterpret_cast<intptr_t>(loop.getOperation())};
  for (unsigned slot : rl.freeSlots) {
    if (!values.isKnown(slot))
      return std::nullopt;
    key.push_back(values.at(slot));
  }
  for (Value v : rl.vars) {
    Variable *var = vars.lookup(v);
    if (!var || !var->registers || var->ringDim >= 0)
      return std::nullopt;
    key.push_back(var->wgmmaRegs);
    key.push_back(static_cast<int64_t>(var->dims.size()));
    key.append(var->dims.begin(), var->dims.end());
  }
  for (auto [v, extended] : rl.uses)
    if (!ownRegisterAccess(*vars.lookup(v), who, extended))
      return std::nullopt;
  Tid t = who.ranges[0].first;
  auto known = registerLoopEffects.find(key);
  if (known != registerLoopEffects.end()) {
    const RegisterLoopEffect &e = known->second;
    if (failed(countInstance(*loop, e.statements)))
      return failure();
    ++stats.loopsReplayed;
    stats.accesses += e.accesses;
    applyFenceEffect(e.fence, e.touched, t);
    return success();
  }
  RegisterLoopCapture capture;
  capture.thread = t;
  int64_t statements = stats.statements, accesses = stats.accesses;
  uint64_t records = recordsMade, epoch = recordEpoch;
  capturing = &capture;
  LogicalResult r = success();
  for (int64_t i = lo; i < hi && succeeded(r); ++i)
    r = execIteration(loop, i, g);
  capturing = nullptr;
  if (failed(r))
    return r;
  if (capture.valid && records == recordsMade && epoch == recordEpoch) {
    if (registerLoopEffects.size() >= kRegisterLoopEffects)
      registerLoopEffects.clear();
    registerLoopEffects[key] = {stats.statements - statements,
                                stats.accesses - accesses, capture.fence,
                                capture.touched};
  }
  return r;
}

LogicalResult Machine::exec(amir::TasksForOp loop, Collective &g) {
  FailureOr<int64_t> lo = eval(loop.getLower()), hi = eval(loop.getUpper());
  if (failed(lo) || failed(hi))
    return failure();
  bool innermost = true;
  loop.getBody().walk([&](amir::TasksForOp) { innermost = false; });
  bool root = isa<amir::DeviceOp>(loop->getParentOp());
  if (root && taskSymmetry) {
    std::unique_ptr<TaskSymmetry> &sym = symmetries[loop];
    if (!sym)
      sym = std::make_unique<TaskSymmetry>(analyzeTaskSymmetry(loop));
    if (sym->symmetric()) {
      symmetricRun.emplace();
      symmetricRun->symmetry = sym.get();
      symmetricRun->id = ++symmetricRuns;
    } else if (stats.symmetry.empty())
      stats.symmetry = sym->why;
  }
  for (int64_t i = *lo; i < *hi; ++i) {
    bool interior = false;
    if (innermost && symmetricRun && symmetricRun->decided &&
        !symmetricRun->mustRun.empty()) {
      if (!symmetricRun->mustRun[i - *lo]) {
        ++stats.tasksCovered;
        continue;
      }
    } else if (innermost && symmetricRun && symmetricRun->decided) {
      interior = isInterior(taskIndices(i));
      if (interior && !symmetricRun->runNext) {
        ++stats.tasksCovered;
        continue;
      }
    }
    Collective task = g;
    if (innermost) {
      if (progress) {
        if (totalTasks < 0) {
          // The task nest is a cuboid: its size is the product of the
          // trip counts of the enclosing tasks loops.
          totalTasks = *hi - *lo;
          for (Operation *p = loop->getParentOp(); p; p = p->getParentOp())
            if (auto outer = dyn_cast<amir::TasksForOp>(p))
              totalTasks *= values.lookup(outer.getUpper()) -
                            values.lookup(outer.getLower());
        }
        int64_t step = std::max<int64_t>(1, totalTasks / 100);
        if (nextTask % step == 0)
          llvm::errs() << "sync check: task " << nextTask << " of "
                       << totalTasks << " ("
                       << (totalTasks ? 100 * nextTask / totalTasks : 100)
                       << "%), " << stats.statements
                       << " statement instances so far\n";
      }
      task.task = nextTask++;
      task.changed();
      // Each task keeps records of its own (about 100 bytes): the tasks
      // are capped with the statement instances.
      if (++stats.tasks > maxInstances / 64 && maxInstances > 0)
        return mlir::emitError(loop.getLoc())
               << "the check stops after " << maxInstances / 64
               << " tasks (max-instances / 64): check smaller sizes, or "
                  "raise max-instances";
      liveShared.clear(); // a task's shared memory is its own
      deadGeneric.clear();
      proxyFenced = Threads();
    }
    size_t firstVar = ownedVars.size();
    if (innermost) {
      taskFirstVar = firstVar;
      taskThreads = Threads();
      taskThreads.ranges.push_back({1 + task.task * task.clusterThreads,
                                    1 + (task.task + 1) * task.clusterThreads});
    }
    if (innermost && pump && (pump->tileLoop || pump->observeTasks))
      noteTaskEntry();
    if (failed(execIteration(loop, i, task)))
      return failure();
    if (innermost) {
      iterators.push_back({loop.getIterName(), i});
      LogicalResult ended = endTask(loop, task, firstVar);
      iterators.pop_back();
      pumpExec.active = false;
      if (failed(ended))
        return failure();
      if (symmetricRun && symmetricRun->decided) {
        symmetricRun->runNext = !interior;
      } else if (symmetricRun) {
        symmetricRun->representatives.push_back(taskIndices(i));
        if (symmetricRun->representatives.size() == kRepresentativeTasks) {
          std::string why;
          if (othersAreTranslations(why)) {
            symmetricRun->decided = true;
            stats.symmetryDecided = true;
            stats.allInterior = symmetricRun->allInterior;
            if (progress && !symmetricRun->mustRun.empty())
              llvm::errs() << "sync check: tasks with the same number of "
                              "tiles repeat each other, translated; the "
                              "first two of each number run, and edge "
                              "tasks (and the task after each)\n";
            else if (progress)
              llvm::errs() << "sync check: the other tasks are translations "
                              "of the first two; "
                           << (symmetricRun->allInterior
                                   ? "none runs\n"
                                   : "only edge tasks (and the task after "
                                     "each) run\n");
          } else {
            if (stats.symmetry.empty())
              stats.symmetry = why;
            symmetricRun.reset();
          }
        }
      }
    }
    if (symmetricRun && symmetricRun->allInterior)
      break;
  }
  if (innermost && pump && (pump->tileLoop || pump->observeTasks)) {
    // What the tasks leave to the code after them.
    taskFirstVar = ownedVars.size();
    taskThreads = Threads();
    noteTaskEntry();
  }
  if (root)
    symmetricRun.reset();
  return success();
}

void Machine::noteSymmetricAccess(Operation *op, AccessPlan &plan,
                                  ArrayRef<int64_t> lo,
                                  ArrayRef<int64_t> size) {
  // Looked up once per statement and run: an epilogue makes one access per
  // element, and the hash lookups each made were a sixth of a check's time.
  SymmetricNote &n = plan.symmetric;
  if (plan.symmetricSeen != symmetricRun->id) {
    plan.symmetricSeen = symmetricRun->id;
    n = SymmetricNote();
    const TaskSymmetry &sym = *symmetricRun->symmetry;
    auto it = sym.shared.find(plan.var);
    if (it != sym.shared.end()) {
      n.cls = sym.accessClass.lookup(op);
      n.coefficients = &it->second.classes[n.cls].coefficients;
    }
  }
  if (!n.coefficients || llvm::is_contained(size, 0))
    return;
  if (!n.extents) {
    std::unique_ptr<SymmetricRun::Extents> &e =
        symmetricRun->extents[{plan.var, n.cls}];
    if (!e)
      e = std::make_unique<SymmetricRun::Extents>();
    n.extents = e.get();
  }
  SmallVector<int64_t> basis = basisValues();
  SymmetricRun::Extents &ext = *n.extents;
  for (auto [d, coefficients] : llvm::enumerate(*n.coefficients)) {
    // The translation of this task in dimension d, sum c_i * t_i over the
    // task indices and atoms, in 128 bits: the coefficients are any 64-bit
    // constants.
    __int128 shift = 0;
    for (auto [c, x] : llvm::zip_equal(coefficients, basis))
      shift += static_cast<__int128>(c) * x;
    __int128 begin = lo[d]; // in 128 bits too: an offset may be near 2^63
    std::pair<__int128, __int128> e = {begin - shift, begin + size[d] - shift};
    if (ext.size() <= d)
      ext.push_back(e);
    else
      ext[d] = {std::min(ext[d].first, e.first),
                std::max(ext[d].second, e.second)};
  }
}

/// Whether accesses of `var` move with the task although it is not in
/// global memory (each task's shared memory, registers and barriers are its
/// own: a translation there is not one of the shared data).
static bool movesOutsideGlobalMemory(const TaskSymmetry::SharedVar &use,
                                     const Variable &var) {
  bool moves = false;
  for (size_t d = 0; d < var.dims.size() && !moves; ++d)
    moves = use.movesAlong(d);
  return moves &&
         (var.shared || var.registers || var.isBarrier || var.ringDim >= 0);
}

SmallVector<int64_t> Machine::basisValues() {
  SmallVector<unsigned> &slots = symmetricRun->basisSlots;
  if (slots.empty()) {
    const TaskSymmetry &sym = *symmetricRun->symmetry;
    for (amir::TasksForOp loop : sym.nest)
      slots.push_back(values.slot(loop.getInductionVar()));
    for (Value atom : sym.atoms)
      slots.push_back(values.slot(atom));
  }
  SmallVector<int64_t> basis;
  for (unsigned s : slots)
    basis.push_back(values.isKnown(s) ? values.at(s) : 0);
  return basis;
}

bool Machine::persistentTasksCovered(std::string &why) {
  const TaskSymmetry &sym = *symmetricRun->symmetry;
  amir::TasksForOp loop = sym.nest.front();
  amir::SeqForOp tileLoop = sym.tileLoop;
  int64_t lo = values.lookup(loop.getLower()),
          hi = values.lookup(loop.getUpper());
  if (hi - lo <= kRepresentativeTasks)
    return false; // nothing left to skip
  // Each tile guard's enclosing tile guard (-1: none): a guard nested in
  // another is taken only where that one is.
  DenseMap<Operation *, int> guardIndex;
  for (auto [i, g] : llvm::enumerate(sym.tileGuards))
    guardIndex[g] = static_cast<int>(i);
  SmallVector<int> parentGuard;
  for (amir::IfOp g : sym.tileGuards) {
    int parent = -1;
    for (Operation *p = g->getParentOp(); p && parent < 0; p = p->getParentOp())
      parent = guardIndex.lookup_or(p, -1);
    parentGuard.push_back(parent);
  }
  // Every task's tiles (its instances): the task index, the atoms and the
  // tile guards taken in each iteration of its tile loop, from the index
  // arithmetic alone.
  constexpr size_t kMaxInstances = 1 << 20;
  struct Instance {
    int64_t task, iteration;
    SmallVector<int64_t> basis;
    SmallVector<bool> taken; // per tile guard
  };
  std::vector<Instance> instances;
  // Each task's iterations of its tile loop, [first, last), and the
  // guards taken in each: tasks with equal ones run the same statements.
  using Key = std::pair<std::pair<int64_t, int64_t>, std::vector<bool>>;
  std::vector<Key> keys;
  DenseMap<Value, int64_t> env;
  auto lookup = [&](Value v) {
    auto it = env.find(v);
    return it != env.end() ? it->second : values.lookup(v);
  };
  auto evalOps = [&](ArrayRef<Operation *> ops) {
    for (Operation *op : ops) {
      SmallVector<int64_t, 3> in;
      for (Value v : op->getOperands())
        in.push_back(lookup(v));
      IndexEvalResult r = evaluateIndexOp(op, in);
      if (!r)
        return false;
      env[op->getResult(0)] = *r;
    }
    return true;
  };
  ArrayRef<Operation *> taskLevel =
      ArrayRef(sym.slice).take_front(sym.sliceTaskLevel);
  ArrayRef<Operation *> tileLevel =
      ArrayRef(sym.slice).drop_front(sym.sliceTaskLevel);
  for (int64_t t = lo; t < hi; ++t) {
    env.clear();
    env[loop.getInductionVar()] = t;
    int64_t first = 0, last = 1;
    if (!evalOps(taskLevel))
      return why = "the tile coordinates of a task overflow", false;
    if (tileLoop) {
      first = lookup(tileLoop.getLower());
      last = lookup(tileLoop.getUpper());
    }
    // (Tasks without a tile are alike, wherever their empty range starts.)
    Key key = {first < last ? std::make_pair(first, last)
                            : std::make_pair<int64_t, int64_t>(0, 0),
               {}};
    for (int64_t pi = first; pi < last; ++pi) {
      if (tileLoop)
        env[tileLoop.getInductionVar()] = pi;
      if (!evalOps(tileLevel))
        return why = "the tile coordinates of a task overflow", false;
      Instance inst{t, pi, {t}, {}};
      for (Value atom : sym.atoms)
        inst.basis.push_back(lookup(atom));
      for (auto [i, g] : llvm::enumerate(sym.tileGuards)) {
        int parent = parentGuard[i];
        inst.taken.push_back((parent < 0 || inst.taken[parent]) &&
                             lookup(amir::IfOp(g).getCondition()) != 0);
      }
      llvm::append_range(key.second, inst.taken);
      instances.push_back(std::move(inst));
      if (instances.size() > kMaxInstances)
        return why = "more tiles than the machine compares", false;
    }
    keys.push_back(std::move(key));
  }
  auto active = [&](const Instance &inst,
                    const TaskSymmetry::SharedVar::Class &c) {
    return !c.guard || inst.taken[guardIndex.lookup(c.guard)];
  };
  // The representatives (the first two tasks) ran, in each iteration of
  // the tile loop that any task runs, every class of accesses any task
  // runs there: their windows, less each tile's translation (which depends
  // on the iteration only through the atoms), cover every tile's.
  std::set<std::tuple<int64_t, unsigned, unsigned>> ranByRepresentatives;
  for (const Instance &inst : instances) {
    if (inst.task >= lo + kRepresentativeTasks)
      break;
    for (auto [v, entry] : llvm::enumerate(sym.shared))
      for (auto [cls, c] : llvm::enumerate(entry.second.classes))
        if (active(inst, c))
          ranByRepresentatives.insert({inst.iteration, v, cls});
  }
  for (const Instance &inst : instances)
    for (auto [v, entry] : llvm::enumerate(sym.shared))
      for (auto [cls, c] : llvm::enumerate(entry.second.classes))
        if (active(inst, c) &&
            !ranByRepresentatives.count({inst.iteration, v, cls}))
          return why = "the first two tasks do not run every tile iteration "
                       "of the others",
                 false;
  SmallVector<bool> interior(hi - lo, true);
  for (const auto &[value, use] : sym.shared) {
    bool accessed = false;
    for (unsigned cls = 0; cls < use.classes.size(); ++cls)
      accessed |= symmetricRun->extentsOf(value, cls) != nullptr;
    if (!accessed)
      continue; // no task accesses it at these sizes
    Variable &var = *vars.lookup(value);
    if (movesOutsideGlobalMemory(use, var))
      return why = "the task index selects elements of '" + var.name +
                   "', which is not in global memory",
             false;
    size_t dims = var.dims.size();
    // Each tile's window of each class it runs: its first element and
    // its extent in every dimension.
    struct Window {
      SmallVector<__int128> start, size;
    };
    std::vector<Window> windows;
    for (auto [cls, c] : llvm::enumerate(use.classes)) {
      const SymmetricRun::Extents *ext = symmetricRun->extentsOf(value, cls);
      if (!ext)
        continue; // no task accesses it at these sizes
      for (const Instance &inst : instances) {
        if (!active(inst, c))
          continue;
        Window w;
        for (size_t d = 0; d < dims; ++d) {
          __int128 shift = 0;
          for (auto [k, x] : llvm::zip_equal(c.coefficients[d], inst.basis))
            shift += static_cast<__int128>(k) * x;
          w.start.push_back((*ext)[d].first + shift);
          w.size.push_back((*ext)[d].second - (*ext)[d].first);
          bool zero =
              llvm::all_of(c.coefficients[d], [](int64_t k) { return k == 0; });
          if (!zero && (w.start[d] < 0 || w.start[d] + w.size[d] > var.dims[d]))
            interior[inst.task - lo] = false;
        }
        windows.push_back(std::move(w));
      }
    }
    if (!use.mutated || !use.plainAccess)
      continue; // read only, or atomic reductions only: they commute
    // No two windows of different tiles, or of different classes of one
    // tile, share an element: they are apart in some dimension. Windows go
    // into the cells of a grid whose cells are, in each dimension that
    // moves, as wide as the widest window: two windows that overlap lie in
    // the same or adjacent cells, so each is compared with the windows of
    // the 3^k cells around it (k the dimensions that move), a few each.
    SmallVector<size_t> movingDims;
    SmallVector<__int128> cellSize(dims, 1);
    for (size_t d = 0; d < dims; ++d) {
      if (!use.movesAlong(d))
        continue;
      movingDims.push_back(d);
      for (const Window &w : windows)
        cellSize[d] = std::max(cellSize[d], w.size[d]);
    }
    auto cellOf = [&](const Window &w) {
      std::vector<__int128> cell;
      for (size_t d : movingDims) {
        __int128 q = w.start[d] / cellSize[d];
        if (w.start[d] % cellSize[d] != 0 && w.start[d] < 0)
          --q; // floor
        cell.push_back(q);
      }
      return cell;
    };
    auto apart = [&](const Window &a, const Window &b) {
      for (size_t d = 0; d < dims; ++d)
        if (a.start[d] + a.size[d] <= b.start[d] ||
            b.start[d] + b.size[d] <= a.start[d])
          return true;
      return false;
    };
    std::map<std::vector<__int128>, SmallVector<size_t, 1>> cells;
    size_t neighbours = 1;
    for (size_t i = 0; i < movingDims.size(); ++i)
      neighbours *= 3;
    for (size_t n = 0; n < windows.size(); ++n) {
      std::vector<__int128> cell = cellOf(windows[n]);
      for (size_t k = 0; k < neighbours; ++k) {
        std::vector<__int128> probe = cell;
        for (size_t i = 0, r = k; i < probe.size(); ++i, r /= 3)
          probe[i] += static_cast<__int128>(r % 3) - 1;
        auto it = cells.find(probe);
        if (it == cells.end())
          continue;
        for (size_t other : it->second)
          if (!apart(windows[n], windows[other]))
            return why = "two tiles may touch the same element of '" +
                         var.name + "'",
                   false;
      }
      cells[std::move(cell)].push_back(n);
    }
  }
  if (!interior[0] || !interior[1])
    return why = "a window of the first tasks reaches past the bounds of "
                 "its variable",
           false;
  // Tasks with the same iterations of the tile loop (the same number of
  // tiles, from 0) and the same tile guards taken in each run the same
  // statements: the first two of each run, and so does every task with a
  // tile past the bounds (its clipped boxes deliver other bytes), with the
  // task after it.
  symmetricRun->mustRun.assign(hi - lo, false);
  std::map<Key, int> runsOfKey;
  for (int64_t t = 0; t < hi - lo; ++t) {
    bool rep = runsOfKey[keys[t]]++ < kRepresentativeTasks;
    symmetricRun->mustRun[t] =
        rep || !interior[t] || (t > 0 && !interior[t - 1]);
  }
  if (llvm::all_of(symmetricRun->mustRun, [](bool run) { return run; }))
    return why = "each task is one of the first two of its kind (the same "
                 "tiles and tile guards) or has a tile past the bounds, or "
                 "follows one",
           false;
  symmetricRun->allInterior = false;
  return true;
}

bool Machine::othersAreTranslations(std::string &why) {
  const TaskSymmetry &sym = *symmetricRun->symmetry;
  if (sym.persistent())
    return persistentTasksCovered(why);
  SmallVector<std::pair<int64_t, int64_t>> box; // [lo, hi) of each index
  __int128 total = 1;
  for (amir::TasksForOp loop : sym.nest) {
    int64_t lo = values.lookup(loop.getLower()),
            hi = values.lookup(loop.getUpper());
    box.push_back({lo, hi});
    total *= std::max<int64_t>(0, hi - lo); // each at most 2^31
  }
  if (total <= kRepresentativeTasks)
    return false; // nothing left to skip
  bool allInBounds = true;
  for (const auto &[value, use] : sym.shared) {
    const SymmetricRun::Extents *ext = symmetricRun->extentsOf(value, 0);
    if (!ext)
      continue; // no task accesses it at these sizes
    Variable &var = *vars.lookup(value);
    if (movesOutsideGlobalMemory(use, var)) {
      why = "the task index selects elements of '" + var.name +
            "', which is not in global memory";
      return false;
    }
    // Every task in bounds: the translations reach their extremes at the
    // corners of the box of task indices.
    for (auto [d, coefficients] : llvm::enumerate(use.only().coefficients)) {
      if (llvm::all_of(coefficients, [](int64_t c) { return c == 0; }))
        continue; // see isInterior
      __int128 least = (*ext)[d].first, most = (*ext)[d].second;
      for (auto [c, range] : llvm::zip_equal(coefficients, box)) {
        __int128 a = static_cast<__int128>(c) * range.first,
                 b = static_cast<__int128>(c) * (range.second - 1);
        least += std::min(a, b);
        most += std::max(a, b);
      }
      allInBounds &= least >= 0 && most <= var.dims[d];
    }
    // Tasks a and b touch no element in common when, for each task index
    // i that varies, some dimension d separates the tasks that differ in
    // i: the indices that move d (those that vary), in order of the
    // magnitude of their coefficients, each step at least as far as the
    // smaller ones reach plus the extent the accesses of one task span in
    // d (mixed radix, as a raster order's tile column 2048 tno + 256 tni
    // with tni < 8). Then two tasks that differ in one of them, the
    // largest such, are at least that extent apart in d: their windows
    // there are disjoint. (One index alone: a coefficient of magnitude at
    // least the extent.)
    if (!use.mutated || !use.plainAccess)
      continue; // read only, or atomic reductions only: they commute
    const auto &coefficients = use.only().coefficients;
    SmallVector<bool> separates(box.size(), false);
    for (auto [d, row] : llvm::enumerate(coefficients)) {
      // The digits that take more than one value here.
      SmallVector<std::pair<uint64_t, size_t>> moving = radixDigits(row);
      llvm::erase_if(moving, [&](const std::pair<uint64_t, size_t> &digit) {
        return box[digit.second].second - box[digit.second].first <= 1;
      });
      __int128 reach = (*ext)[d].second - (*ext)[d].first;
      bool radix = !moving.empty();
      for (auto [step, i] : moving) {
        if (static_cast<__int128>(step) < reach) {
          radix = false;
          break;
        }
        reach +=
            static_cast<__int128>(step) * (box[i].second - box[i].first - 1);
      }
      if (radix)
        for (auto [step, i] : moving)
          separates[i] = true;
    }
    for (auto [i, range] : llvm::enumerate(box)) {
      if (range.second - range.first > 1 && !separates[i]) {
        why = "tasks that differ in '" +
              amir::TasksForOp(sym.nest[i]).getIterName().str() +
              "' may touch the same element of '" + var.name + "'";
        return false;
      }
    }
  }
  // The representatives stand for interior tasks only if they are
  // interior themselves (an edge task's clipped boxes deliver other bytes).
  for (ArrayRef<int64_t> t : symmetricRun->representatives) {
    if (!isInterior(t)) {
      why = "a window of the first tasks reaches past the bounds of its "
            "variable";
      return false;
    }
  }
  symmetricRun->allInterior = allInBounds;
  if (allInBounds)
    stats.tasksCovered += static_cast<int64_t>(total) - kRepresentativeTasks;
  return true;
}

SmallVector<int64_t> Machine::taskIndices(int64_t i) {
  SmallVector<int64_t> t;
  for (amir::TasksForOp loop : symmetricRun->symmetry->nest)
    t.push_back(values.lookup(loop.getInductionVar()));
  t.back() = i;
  return t;
}

bool Machine::isInterior(ArrayRef<int64_t> t) {
  for (const auto &[value, use] : symmetricRun->symmetry->shared) {
    const SymmetricRun::Extents *ext = symmetricRun->extentsOf(value, 0);
    if (!ext)
      continue;
    const Variable &var = *vars.lookup(value);
    for (auto [d, coefficients] : llvm::enumerate(use.only().coefficients)) {
      // A dimension that does not move is accessed alike by every task
      // (a box clipped there is clipped the same way in all of them).
      if (llvm::all_of(coefficients, [](int64_t c) { return c == 0; }))
        continue;
      __int128 shift = 0;
      for (auto [c, x] : llvm::zip_equal(coefficients, t))
        shift += static_cast<__int128>(c) * x;
      if ((*ext)[d].first + shift < 0 || (*ext)[d].second + shift > var.dims[d])
        return false;
    }
  }
  return true;
}

LogicalResult Machine::exec(amir::ThreadsForOp loop, Collective &g) {
  std::string why;
  const SmallVector<ThreadSet> *tiled =
      tile(g.local, loop.getUnit(), TileMode::Uniform, why);
  if (!tiled)
    return mlir::emitError(loop.getLoc())
           << "cannot split the collective: " << why;
  if (static_cast<int64_t>(tiled->size()) <
      static_cast<int64_t>(loop.getCount()))
    return mlir::emitError(loop.getLoc())
           << "cannot split the collective into " << loop.getCount()
           << " parts: it holds only " << tiled->size();
  // Per-warp records (warpShared): from the outermost threads loop whose
  // iterations each run within one warp.
  bool scope =
      ownedRegisters && !inWarpScope &&
      llvm::all_of(ArrayRef(*tiled).take_front(loop.getCount()),
                   [](const ThreadSet &t) {
                     int first = t.find_first();
                     return first < 0 || first / 32 == t.find_last() / 32;
                   });
  if (scope) {
    inWarpScope = true;
    warpShared.clear();
    warpThreads.clear();
    for (const ThreadSet &t : ArrayRef(*tiled).take_front(loop.getCount())) {
      if (t.none())
        continue;
      auto [it, fresh] = warpThreads.try_emplace(t.find_first() / 32, g);
      if (fresh)
        it->second.local.reset();
      it->second.local |= t;
      it->second.changed();
    }
  }
  LogicalResult result = success();
  for (int64_t i = 0, e = loop.getCount(); i < e && succeeded(result); ++i) {
    Collective inner = g;
    inner.local = (*tiled)[i];
    inner.changed();
    result = execIteration(loop, i, inner);
  }
  if (scope) {
    inWarpScope = false;
    warpShared.clear();
    warpThreads.clear();
  }
  return result;
}

LogicalResult Machine::exec(amir::WarpsOp warps, Collective &g) {
  Collective inner = g;
  inner.local.reset();
  inner.changed();
  for (int64_t cta = 0; cta < clusterDim; ++cta) {
    // The warps of this CTA in the collective, in order.
    SmallVector<int64_t> present;
    for (int64_t w = 0; w < blockDim / 32; ++w)
      if (g.local.test(cta * blockDim + w * 32))
        present.push_back(w);
    if (present.empty())
      continue;
    for (int64_t w = warps.getLo(), e = warps.getHi(); w < e; ++w) {
      int64_t warp = warps.getAbsolute()                        ? w
                     : w < static_cast<int64_t>(present.size()) ? present[w]
                                                                : -1;
      if (warp < 0 || warp >= blockDim / 32)
        return mlir::emitError(warps.getLoc())
               << "selects a warp that does not exist";
      inner.local.set(cta * blockDim + warp * 32,
                      cta * blockDim + warp * 32 + 32);
    }
  }
  return execBlock(warps.getBody().front(), inner);
}

LogicalResult Machine::exec(amir::IfOp ifOp, Collective &g) {
  FailureOr<int64_t> c = eval(ifOp.getCondition());
  if (failed(c))
    return failure();
  if (*c)
    return execBlock(ifOp.getThenRegion().front(), g);
  if (!ifOp.getElseRegion().empty())
    return execBlock(ifOp.getElseRegion().front(), g);
  return success();
}

LogicalResult Machine::exec(amir::DeviceOp device, Collective &g) {
  blockDim = device.getBlockDim();
  clusterDim = device.getClusterDim();
  // The launch orders everything the host did before every device thread.
  Threads all;
  all.ranges.push_back({1, kAllDevice});
  forEachLive(-2, [&](Record &r) { r.grant(all, ~0u, ~0u); });
  Collective cluster;
  cluster.local = llvm::BitVector(blockDim * clusterDim, true);
  cluster.clusterThreads = blockDim * clusterDim;
  cluster.task = nextTask; // the root of the task nest
  if (failed(execBlock(device.getBody().front(), cluster)))
    return failure();
  if (unattributed)
    return mlir::emitError(unattributed->first->getLoc())
           << unattributed->second;
  if (failed(checkPhasesComplete()) || failed(reportMissingWait()))
    return failure();
  // The end of the kernel makes everything visible to the host.
  Threads host = Threads::single(0);
  forEachLive(-2, [&](Record &r) { r.grant(host, ~0u, ~0u); });
  return success();
}

LogicalResult Machine::execAccess(Operation &op, Collective &g) {
  recordPassDone = false;
  if (failed(access(&op, g, /*record=*/false, nullptr)))
    return failure();
  if (recordPassDone)
    return success();
  return access(&op, g, /*record=*/true, nullptr);
}

LogicalResult Machine::exec(amir::InstrOp instr, Collective &g) {
  // Check every argument, then record every argument.
  SmallVector<RecordRef> made;
  SmallVector<AsyncWrite> writes;
  for (bool record : {false, true}) {
    asyncWrites = record ? &writes : nullptr;
    synchronousInstr = !instr.getTrailing();
    LogicalResult r = instrAccesses(instr.getBody().front(), g, record, made);
    synchronousInstr = false;
    asyncWrites = nullptr;
    if (failed(r))
      return failure();
  }
  // The accumulator zero-init writes its zeros, then executes wgmma.fence
  // (its lowering): the fence orders its writes and the threads' earlier
  // register accesses before the next wgmma, as an explicit
  // Fence(wgmma_fence_1, wgmma_fence_2) there would.
  if (llvm::any_of(made, [](const RecordRef &r) {
        return r->qual == qualBit(QualTimeline::WgmmaZero);
      }))
    applyFence(SyncTimeline::WgmmaFence1, SyncTimeline::WgmmaFence2, g, *instr);
  if (Value bar = instr.getTrailing()) {
    Variable &var = *vars.lookup(bar);
    FailureOr<SmallVector<SmallVector<int64_t>>> keys =
        barrierTargets(instr, var, instr.getStaticIndices(), instr.getIndices(),
                       0, instr.getStaticIndices().size());
    if (failed(keys))
      return failure();
    if (var.barrierType.getKind() == BarrierKind::Mbarrier &&
        failed(deliverBytes(instr, var, *keys, writes, g)))
      return failure();
    for (auto &key : *keys) {
      if (failed(checkNextPhase(instr, var, key, g)))
        return failure();
      BarrierElement &el = barrierElement(var, key);
      // A one-shot element the issuing threads already arrived on: its
      // phase may be over before this instruction completes into it.
      if (var.barrierType.getKind() == BarrierKind::Mbarrier && el.arriveOp &&
          el.arrivedBy.intersects(g.global())) {
        InFlightDiagnostic diag =
            emitHazard(instr.getLoc(), HazardKind::BarrierMisuse);
        diag << ": " << elementName(var, key)
             << " is the trailing barrier of this instruction by "
             << describe(g.global()) << " at " << context()
             << ", but these threads already arrived on it";
        diag.attachNote(el.arriveOp->getLoc()) << "the arrive";
        return failure();
      }
      for (RecordRef &r : made)
        if (r->outOfOrder)
          r->pending.push_back({el.id, el.arrives});
    }
  }
  return success();
}

LogicalResult Machine::exec(amir::FenceOp fence, Collective &g) {
  Operation &op = *fence;
  if (g.local.all() &&
      failed(checkNoOpenClusterArrive(fence, "this fence by the whole "
                                             "cluster")))
    return failure();
  applyFence(fence.getFirst(), fence.getSecond(), g, op);
  return success();
}

void Machine::applyFence(SyncTimeline first, SyncTimeline second, Collective &g,
                         Operation &op) {
  SyncTimelineSets l1 = getSyncTimelineSets(first);
  SyncTimelineSets l2 = getSyncTimelineSets(second);
  const Threads &who = g.global();
  if (first == SyncTimeline::WgmmaFence1)
    for (auto [lo, hi] : who.ranges)
      for (Tid t = lo; t < hi; ++t)
        wgmmaFenced.insert(t);
  QualTimelineSet l1All = l1.full | l1.temporal;
  if (l2.full & qualBit(QualTimeline::AsyncRetired))
    proxyFenced.unite(who);
  forEachLive(g.task, [&](Record &r) {
    if (r.witnessedBy(who, l1All)) {
      r.grant(who, l2.full, l2.full | l2.temporal);
      r.lastSync = &op;
    }
  });
}

LogicalResult Machine::exec(amir::ArriveOp arrive, Collective &g) {
  Operation &op = *arrive;
  Variable &var = *vars.lookup(arrive.getBarrier());
  size_t rank = var.dims.size();
  std::set<SmallVector<int64_t>> targets;
  for (int64_t t = 0; t < static_cast<int64_t>(arrive.getNumTargets()); ++t) {
    FailureOr<SmallVector<SmallVector<int64_t>>> keys =
        barrierTargets(arrive, var, arrive.getStaticIndices(),
                       arrive.getIndices(), t * rank, rank);
    if (failed(keys))
      return failure();
    targets.insert(keys->begin(), keys->end());
  }
  SyncTimelineSets l1 = getSyncTimelineSets(arrive.getTimeline());
  const Threads &who = g.global();
  SmallVector<BarrierElement *> elements;
  bool oneShot = var.barrierType.getKind() == BarrierKind::Mbarrier;
  for (const auto &key : targets) {
    if (failed(checkNextPhase(arrive, var, key, g)))
      return failure();
    BarrierElement &el = barrierElement(var, key);
    if (oneShot && el.arrivedBy.intersects(who)) {
      InFlightDiagnostic diag = mlir::emitError(arrive.getLoc());
      diag << "arrived twice on the one-shot mbarrier element "
           << elementName(var, key) << " by " << describe(who) << " at "
           << context();
      if (el.arriveOp)
        diag.attachNote(el.arriveOp->getLoc()) << "the earlier arrive";
      else
        diag.attachNote(var.alloc->getLoc())
            << "the element is pre-arrived by its allocation";
      return failure();
    }
    // The lowering gives mbarrier.init the arrivals of one statement's
    // instances: a phase that two statements arrive on would complete on
    // the first statement's arrivals alone.
    if (oneShot && el.arriveOp && el.arriveOp != arrive.getOperation()) {
      InFlightDiagnostic diag =
          emitHazard(arrive.getLoc(), HazardKind::BarrierMisuse);
      diag << ": two arrive statements arrive on the one-shot "
              "mbarrier element "
           << elementName(var, key) << " (this one by " << describe(who)
           << " at " << context()
           << "); one arrive statement (all its instances) must complete "
              "a phase, since the lowering's mbarrier.init counts the "
              "arrivals of one statement";
      diag.attachNote(el.arriveOp->getLoc()) << "the other arrive";
      return failure();
    }
    if (var.barrierType.getKind() == BarrierKind::ClusterSync &&
        el.arrives != el.awaits) {
      InFlightDiagnostic diag =
          emitHazard(arrive.getLoc(), HazardKind::BarrierMisuse);
      diag << ": arrive on the cluster barrier " << elementName(var, key)
           << " at " << context() << " before the wait for the previous arrive";
      if (el.arriveOp)
        diag.attachNote(el.arriveOp->getLoc()) << "the previous arrive";
      return failure();
    }
    // ... and so must one execution of it: the same statement repeated by
    // a sequential loop would add its arrivals again.
    SmallVector<int64_t, 4> seq;
    if (oneShot)
      for (Operation *p = arrive->getParentOp(); p; p = p->getParentOp())
        if (auto loop = dyn_cast<amir::SeqForOp>(p))
          seq.push_back(values.lookup(loop.getInductionVar()));
    if (oneShot && el.arriveOp == arrive.getOperation() &&
        el.arriveSeq != seq) {
      InFlightDiagnostic diag =
          emitHazard(arrive.getLoc(), HazardKind::BarrierMisuse);
      diag << ": this arrive statement arrives on the "
              "one-shot mbarrier element "
           << elementName(var, key) << " again in another iteration of a "
           << "sequential loop (by " << describe(who) << " at " << context()
           << "); one execution of one statement must complete a phase, "
              "since the lowering's mbarrier.init counts its arrivals";
      return failure();
    }
    if (oneShot && failed(expectBytes(arrive, var, key, el, g)))
      return failure();
    el.arrivedBy.unite(who);
    if (el.arrivedThreads >= 0)
      el.arrivedThreads += who.count();
    el.arriveOp = arrive;
    el.arriveSeq = std::move(seq);
    elements.push_back(&el);
  }
  forEachLive(g.task, [&](Record &r) {
    if (!r.witnessedBy(who, l1.full | l1.temporal))
      return;
    prunePending(r);
    for (BarrierElement *el : elements)
      r.pending.push_back({el->id, el->arrives});
    r.lastSync = &op;
  });
  for (BarrierElement *el : elements)
    ++el->arrives;
  return success();
}

LogicalResult Machine::exec(amir::AwaitOp await, Collective &g) {
  Operation &op = *await;
  Variable &var = *vars.lookup(await.getBarrier());
  FailureOr<SmallVector<SmallVector<int64_t>>> keys =
      barrierTargets(await, var, await.getStaticIndices(), await.getIndices(),
                     0, var.dims.size());
  if (failed(keys))
    return failure();
  BarrierElement &el = barrierElement(var, keys->front());
  bool mbarrier = var.barrierType.getKind() == BarrierKind::Mbarrier ||
                  var.barrierType.getKind() == BarrierKind::ClusterSync;
  if (mbarrier && el.arrives == 0) {
    return emitHazard(await.getLoc(), HazardKind::NoForwardProgress)
           << ": the await on " << elementName(var, keys->front()) << " at "
           << context() << " waits for an arrive that has not happened";
  }
  SyncTimelineSets l2 = getSyncTimelineSets(await.getTimeline());
  if (var.barrierType.getKind() == BarrierKind::ClusterSync &&
      el.awaits++ != el.arrives - 1)
    return emitHazard(await.getLoc(), HazardKind::BarrierMisuse)
           << ": wait on the cluster barrier "
           << elementName(var, keys->front()) << " at " << context()
           << " with no arrive since the previous wait";
  if (var.barrierType.getKind() == BarrierKind::Mbarrier) {
    if (el.awaitedBy.intersects(g.global())) {
      InFlightDiagnostic diag = mlir::emitError(await.getLoc());
      diag << "awaited twice on the one-shot mbarrier element "
           << elementName(var, keys->front()) << " by " << describe(g.global())
           << " at " << context();
      diag.attachNote(el.awaitOp->getLoc()) << "the earlier await";
      return failure();
    }
    if (failed(checkBytes(await, var, keys->front(), el, /*atEnd=*/false)))
      return failure();
    el.awaitedBy.unite(g.global());
    el.awaitOp = await;
    if (var.barrierType.getRingDim() >= 0) {
      el.completions.push_back(
          newRecord(await, g, qualBit(QualTimeline::Mbarrier), /*mutate=*/true,
                    /*outOfOrder=*/false, /*atomic=*/false));
      // Two phases on, the completions of element i - 2 * depth can no
      // longer be needed: a later signal or await of element i - depth
      // would be misuse on its own (the third phase-order rule). Dropping
      // them keeps the records of a long ring bounded.
      int ringDim = var.barrierType.getRingDim();
      SmallVector<int64_t> oldKey = keys->front();
      oldKey[ringDim] -= 2 * var.barrierType.getRingDepth(ringDim);
      if (oldKey[ringDim] >= 0) {
        auto old = var.barrierElements.find(oldKey);
        if (old != var.barrierElements.end()) {
          old->second.completions.clear();
          retiredBarriers.insert(old->second.id);
        }
      }
    }
  }
  if (failed(checkPhaseOrder(await, var, keys->front(), g)))
    return failure();
  if (int ringDim = var.barrierType.getRingDim();
      ringDim >= 0 && var.barrierType.getKind() == BarrierKind::Mbarrier) {
    SmallVector<int64_t> nextKey = keys->front();
    nextKey[ringDim] += var.barrierType.getRingDepth(ringDim);
    auto next = var.barrierElements.find(nextKey);
    if (next != var.barrierElements.end() && next->second.arriveOp) {
      InFlightDiagnostic diag =
          emitHazard(await.getLoc(), HazardKind::BarrierMisuse);
      diag << ": the await on " << elementName(var, keys->front()) << " by "
           << describe(g.global()) << " at " << context()
           << " comes after the arrive on " << elementName(var, nextKey)
           << ", the next phase of the same mbarrier: the wait could miss "
              "its phase";
      diag.attachNote(next->second.arriveOp->getLoc())
          << "the arrive on the next phase";
      return failure();
    }
  }
  int64_t limit = el.arrives - 1 - static_cast<int64_t>(await.getPending());
  if (var.barrierType.isCommitGroup()) {
    int64_t &upTo = commitAwaitedUpTo.try_emplace(el.id, limit).first->second;
    upTo = std::max(upTo, limit);
  }
  const Threads &who = g.global();
  // An await lowers to a wait (acquire) and fences no proxies: a generic
  // write released through the barrier becomes visible to the awaiters'
  // own accesses, not to their asynchronous-proxy operations (TMA, wgmma
  // reading shared memory). Those need a Fence(_,
  // cuda_generic_and_async_proxy) after the write, which lowers to
  // fence.proxy.async by the writers.
  forEachLive(g.task, [&](Record &r) {
    for (const Pending &p : r.pending)
      if (p.barrier == el.id && p.count <= limit) {
        QualTimelineSet full = l2.full;
        if (r.mutate && (r.qual & kGenericWrites))
          full &= ~kAsyncProxy;
        r.grant(who, full, l2.full | l2.temporal);
        r.lastSync = &op;
        return;
      }
  });
  return success();
}

//===----------------------------------------------------------------------===//
// The pumped loop (the symbolic check: docs/SymbolicChecking.md)
//===----------------------------------------------------------------------===//

void Machine::notePumpTouch(const Variable &var, ArrayRef<int64_t> key) {
  int64_t units = pumpUnits();
  for (auto [d, x] : llvm::enumerate(key)) {
    // A dimension that the pumped loop moves counts from its start; one
    // that the tile loop moves from the tile loop's.
    bool moves = pumpExec.active ? pumpRate(var, d) || tileRate(var, d)
                                 : tileRate(var, d) && tilesActive;
    if (!moves || !var.alloc)
      continue;
    int64_t norm = x - pumpShift(var, d, units);
    auto [it, fresh] =
        pumpObs->floors.try_emplace({var.alloc, unsigned(d)}, norm);
    if (!fresh)
      it->second = std::min(it->second, norm);
  }
}

std::string Machine::pumpState() {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool entry = stateMode == StateMode::TaskEntry;
  int64_t units = entry ? 0 : pumpUnits();
  // Variables allocated outside the device (global memory): at the start
  // of a tile or of a task their records are left out, since only the
  // tile that made them touches their elements (the tiles' separation,
  // SizeRoles.cpp); the records a barrier completes are still written.
  auto global = [](const Variable &v) {
    return !v.alloc || !v.alloc->getParentOfType<amir::DeviceOp>();
  };
  // At the start of a task, the earlier tasks' variables are dead: no
  // statement of it touches them.
  auto earlierTask = [&](const Variable &v) {
    return entry && !global(v) && v.owned < taskFirstVar;
  };
  // Barrier elements below the floor of a moving dimension (less two ring
  // depths, how far the phase rules look back) are never touched again.
  auto dropped = [&](const Variable &var, ArrayRef<int64_t> key) {
    for (auto [d, x] : llvm::enumerate(key)) {
      if (!pumpRate(var, d) && !tileRate(var, d))
        continue;
      auto f = pumpObs->floors.find({var.alloc, unsigned(d)});
      if (f == pumpObs->floors.end())
        continue;
      int64_t depth = var.barrierType.getRingDim() == int(d)
                          ? var.barrierType.getRingDepth(d)
                          : 0;
      if (x - pumpShift(var, d, units) < f->second - 2 * depth)
        return true;
    }
    return false;
  };
  // A barrier element as its variable's coordinates less the shift.
  auto keyText = [&](const Variable &var, ArrayRef<int64_t> key) {
    std::string k = "[";
    for (auto [d, x] : llvm::enumerate(key))
      k += std::to_string(x - pumpShift(var, d, units)) + ",";
    return k + "]";
  };
  auto printThreads = [&](const Threads &t) {
    os << '{';
    for (auto [lo, hi] : t.ranges)
      os << lo << '-' << hi << ',';
    os << '}';
  };
  // Barrier ids to their elements.
  DenseMap<int64_t, std::pair<const Variable *, const BarrierElement *>> ids;
  DenseMap<int64_t, SmallVector<int64_t>> idKeys;
  for (const std::unique_ptr<Variable> &v : ownedVars)
    if (v && v->isBarrier)
      for (const auto &[key, el] : v->barrierElements) {
        ids[el.id] = {v.get(), &el};
        idKeys[el.id] = key;
      }
  // Records by first reference.
  DenseMap<const Record *, unsigned> recordIds;
  std::vector<const Record *> records;
  auto rid = [&](const RecordRef &r) {
    if (!r) {
      os << "r0";
      return;
    }
    auto [it, fresh] = recordIds.try_emplace(r.get(), recordIds.size() + 1);
    if (fresh)
      records.push_back(r.get());
    os << 'r' << it->second;
  };
  // A dead shared variable of this task that no later allocation checks
  // any more, whose accesses are all ordered before the end of the task
  // for every thread of it, and whose generic writes are fenced toward the
  // async proxy, can change no verdict: it is left out (a loop that
  // allocates shared memory in each iteration leaves one per iteration).
  DenseSet<const Variable *> stillChecked(liveShared.begin(), liveShared.end());
  auto settled = [&](const Variable &v) {
    if (!v.shared || !v.scopeEnded || stillChecked.contains(&v) ||
        v.owned < taskFirstVar)
      return false;
    for (const RecordRef &r : v.allRecords()) {
      if (!r->visibleTo(taskThreads, ~0u, /*temporalOnly=*/true))
        return false;
      if (r->mutate && (r->qual & kGenericWrites) &&
          !r->visibleTo(r->accessor, qualBit(QualTimeline::AsyncRetired),
                        /*temporalOnly=*/false))
        return false;
    }
    return true;
  };
  // A barrier whose block has ended (a loop that allocates one per
  // iteration) is touched by no later statement; where each of its
  // elements would also pass the checks that look at dead barriers (the
  // phases complete, the transaction bytes delivered, no open cluster
  // arrive), it can change no verdict, and it is left out with the awaits
  // still pending on it (none can complete).
  auto frozen = [&](const Variable &v) {
    if (!v.isBarrier || !v.scopeEnded)
      return false;
    BarrierKind kind = v.barrierType.getKind();
    for (const auto &[key, el] : v.barrierElements) {
      if (kind == BarrierKind::ClusterSync && el.arrives != el.awaits)
        return false;
      if (kind == BarrierKind::Mbarrier && !el.txClosed && !el.txUnknown &&
          el.expectedBytes != el.deliveredBytes)
        return false;
      if (v.arrivals > 0 && el.arrivedThreads > 0 &&
          el.arrivedThreads != v.arrivals)
        return false;
    }
    return true;
  };
  DenseMap<const Variable *, unsigned> varIds;
  for (const std::unique_ptr<Variable> &v : ownedVars)
    if (v && !settled(*v) && !earlierTask(*v) && !frozen(*v))
      varIds.try_emplace(v.get(), varIds.size() + 1);
  auto vid = [&](const Variable *v) { os << 'v' << varIds.lookup(v); };
  // A pending await entry, as its element (relative count on a commit
  // group); dead entries (dropped or retired elements, applied commit
  // counts) are left out.
  auto pendingText = [&](const Pending &p) -> std::optional<std::string> {
    auto it = ids.find(p.barrier);
    if (it == ids.end())
      return std::nullopt;
    const Variable &v = *it->second.first;
    const BarrierElement &el = *it->second.second;
    const SmallVector<int64_t> &key = idKeys[p.barrier];
    if (dropped(v, key) || retiredBarriers.contains(p.barrier) ||
        !varIds.count(&v))
      return std::nullopt;
    int64_t count = p.count;
    if (v.barrierType.isCommitGroup()) {
      auto up = commitAwaitedUpTo.find(p.barrier);
      if (up != commitAwaitedUpTo.end() && p.count <= up->second)
        return std::nullopt;
      count -= el.arrives;
    }
    return "v" + std::to_string(varIds.lookup(&v)) + keyText(v, key) + "#" +
           std::to_string(count);
  };
  // The records a register access may still share (in this epoch).
  DenseSet<const Record *> sharable;
  for (const auto &[key, rr] : lastRegisterRecord)
    if (RecordRef r = rr.record.lock(); r && rr.epoch == recordEpoch)
      sharable.insert(r.get());
  for (const auto &[key, rr] : warpShared)
    if (RecordRef r = rr.record.lock(); r && rr.epoch == recordEpoch)
      sharable.insert(r.get());
  // A record as the state writes it: its accessors, lanes, flags,
  // statement, visibility and pending awaits (not its identity: records of
  // equal text take part in every later rule alike).
  auto recordText = [&](const Record &r) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << '{';
    for (auto [lo, hi] : r.accessor.ranges)
      os << lo << '-' << hi << ',';
    os << '}' << r.qual << ',' << r.outOfOrder << r.atomic << r.mutate
       << r.coalesced << r.convergent << ',' << r.selfQual << ',' << r.op
       << " vis";
    SmallVector<std::string> vis;
    for (const Vis &v : r.vis) {
      std::string s;
      llvm::raw_string_ostream vs(s);
      vs << v.full << '/' << v.temporal << '{';
      for (auto [lo, hi] : v.threads.ranges)
        vs << lo << '-' << hi << ',';
      vs << '}';
      vis.push_back(s);
    }
    llvm::sort(vis);
    for (const std::string &v : vis)
      os << ' ' << v;
    os << " pending";
    SmallVector<std::string> pend;
    for (const Pending &p : r.pending)
      if (std::optional<std::string> t = pendingText(p))
        pend.push_back(*t);
    llvm::sort(pend);
    pend.erase(std::unique(pend.begin(), pend.end()), pend.end());
    for (const std::string &p : pend)
      os << ' ' << p;
    return text;
  };
  DenseMap<const Record *, std::string> texts;
  auto textOf = [&](const Record &r) -> const std::string & {
    auto [it, fresh] = texts.try_emplace(&r);
    if (fresh)
      it->second = recordText(r);
    return it->second;
  };
  // The loop's entry in a statement's sequential loops (innermost first).
  auto seqIndexOf = [&](Operation *op, Operation *loop) -> int {
    int i = 0;
    for (Operation *p = op ? op->getParentOp() : nullptr; p;
         p = p->getParentOp())
      if (auto l = dyn_cast<amir::SeqForOp>(p)) {
        if (l == loop)
          return i;
        ++i;
      }
    return -1;
  };
  // The entry of the current execution's loop in the sequential loops of
  // an arrive (innermost first) when it happened in this execution: its
  // iteration is then written relative to the current one. An arrive of an
  // earlier execution (an earlier sibling loop, or an earlier iteration of
  // the execution loop) keeps its iterations as they were: they stay the
  // same while this execution runs.
  int64_t outerValue =
      pump->outer ? values.lookup(amir::SeqForOp(pump->outer).getInductionVar())
                  : 0;
  auto currentIndex = [&](const BarrierElement &el) -> int {
    int at = seqIndexOf(el.arriveOp, pumpExec.loop);
    if (at < 0 || !pump->outer)
      return at;
    int e = seqIndexOf(el.arriveOp, pump->outer);
    return e >= 0 && e < static_cast<int>(el.arriveSeq.size()) &&
                   el.arriveSeq[e] == outerValue
               ? at
               : -1;
  };
  int64_t loopValue =
      (pumpExec.loop ? values.lookup(pumpExec.loop.getLower()) : 0) +
      (pumpExec.inLoop ? pumpExec.iter : 0);
  // Dead generic writes that every thread of the task sees on the async
  // proxy's lane fail no later TMA write.
  SmallVector<size_t> keptGenericBefore(deadGeneric.size() + 1, 0);
  SmallVector<const RecordRef *> keptGeneric;
  for (size_t i = 0; i < deadGeneric.size(); ++i) {
    bool kept = !deadGeneric[i]->visibleTo(taskThreads,
                                           qualBit(QualTimeline::AsyncRetired),
                                           /*temporalOnly=*/false);
    keptGenericBefore[i + 1] = keptGenericBefore[i] + kept;
    if (kept)
      keptGeneric.push_back(&deadGeneric[i]);
  }
  for (const std::unique_ptr<Variable> &vp : ownedVars) {
    if (!vp || !varIds.count(vp.get()))
      continue;
    const Variable &v = *vp;
    vid(&v);
    os << ':' << v.alloc << ',' << v.shared << v.scopeEnded << v.registers
       << v.wgmmaRegs << v.fragmentRegs << ','
       << keptGenericBefore[std::min(v.proxyDebtEnd, deadGeneric.size())] << ','
       << v.ringDim << ',' << v.ringDepth << ',' << v.ringExtent << ',';
    vid(v.guard);
    for (int64_t d : v.dims)
      os << ',' << d;
    if (stateMode != StateMode::Pump && global(v)) {
      os << '\n';
      continue;
    }
    // A managed ring buffer's slots rotated back by the shift of its
    // logical elements: every rule compares slots for equality only, and
    // logical element i + s lives in the slot of i rotated by s, so a state
    // whose slots are those of another rotated by its shift has its future,
    // shifted (the ring's phase need not return to the same slots).
    int64_t rotation = 0, inner = 1, depth = 1;
    if (v.ringDim >= 0 && !v.isBarrier && v.ringDepth > 0) {
      depth = v.ringDepth;
      rotation = pumpShift(v, v.ringDim, units) % depth;
      if (rotation < 0)
        rotation += depth;
      for (size_t d = v.ringDim + 1; d < v.dims.size(); ++d)
        inner *= v.dims[d];
    }
    auto rotateFlat = [&](int64_t flat) {
      int64_t off = flat % inner, slot = (flat / inner) % depth,
              outer = flat / (inner * depth);
      int64_t turned = (slot - rotation + depth) % depth;
      return (outer * depth + turned) * inner + off;
    };
    os << "\n E";
    if (!rotation) {
      v.elements.forEachRun(
          [&](int64_t start, int64_t end, const RecordRef &r) {
            os << ' ' << start << '-' << end;
            if (r)
              rid(r);
          });
    } else {
      // The runs cut at the slots' bounds, rotated, in order, and merged.
      std::vector<std::tuple<int64_t, int64_t, const Record *, RecordRef>>
          pieces;
      v.elements.forEachRun(
          [&](int64_t start, int64_t end, const RecordRef &r) {
            for (int64_t a = start; a < end;) {
              int64_t b = std::min(end, (a / inner + 1) * inner);
              int64_t at = rotateFlat(a);
              pieces.push_back({at, at + (b - a), r.get(), r});
              a = b;
            }
          });
      llvm::sort(pieces, [](const auto &x, const auto &y) {
        return std::get<0>(x) < std::get<0>(y);
      });
      for (size_t i = 0; i < pieces.size();) {
        auto [start, end, key, r] = pieces[i];
        size_t j = i + 1;
        while (j < pieces.size() && std::get<0>(pieces[j]) == end &&
               std::get<2>(pieces[j]) == key)
          end = std::get<1>(pieces[j++]);
        os << ' ' << start << '-' << end;
        if (r)
          rid(r);
        i = j;
      }
    }
    os << "\n B";
    // A read box equal to an earlier one, with a record of equal text, is
    // written once: the two take part in every later rule alike (a loop
    // that reads the same box in each iteration, which no write retires
    // in between, keeps one read per iteration).
    // (A record a register access may still share, which would change it
    // and not its twin, is never merged.)
    // (Boxes are compared first; record texts only among equal boxes.)
    std::vector<bool> twin(v.boxReads.size(), false);
    {
      std::map<SmallVector<int64_t, 16>, SmallVector<size_t, 2>> byBox;
      for (auto [i, b] : llvm::enumerate(v.boxReads)) {
        SmallVector<int64_t, 16> key(b.lo.begin(), b.lo.end());
        key.append(b.size.begin(), b.size.end());
        if (b.retiredCount)
          for (int x = b.retired.find_first(); x >= 0;
               x = b.retired.find_next(x))
            key.push_back(x);
        byBox[key].push_back(i);
      }
      for (auto &[key, same] : byBox) {
        if (same.size() < 2)
          continue;
        std::set<std::string> texts;
        for (size_t i : same) {
          const RecordRef &r = v.boxReads[i].record;
          std::string text =
              !r ? std::string()
              : sharable.contains(r.get())
                  ? "@" + std::to_string(reinterpret_cast<uintptr_t>(r.get()))
                  : textOf(*r);
          twin[i] = !texts.insert(text).second;
        }
      }
    }
    for (auto [i, b] : llvm::enumerate(v.boxReads)) {
      if (twin[i])
        continue;
      os << ' ';
      for (auto [d, l, n] : llvm::enumerate(b.lo, b.size))
        os << (rotation && int(d) == v.ringDim ? (l - rotation + depth) % depth
                                               : l)
           << '+' << n << ',';
      if (b.retiredCount) {
        os << "-[";
        for (int i = b.retired.find_first(); i >= 0;) {
          int end = b.retired.find_next_unset(i);
          if (end < 0)
            end = b.retired.size();
          os << i << ':' << end << ',';
          i = end < static_cast<int>(b.retired.size())
                  ? b.retired.find_next(end)
                  : -1;
        }
        os << ']';
      }
      rid(b.record);
    }
    os << "\n R";
    if (!rotation) {
      v.elementReads.forEach([&](int64_t flat, ArrayRef<RecordRef> reads) {
        os << ' ' << flat << ':';
        for (const RecordRef &r : reads)
          rid(r);
      });
    } else {
      std::vector<std::pair<int64_t, SmallVector<RecordRef, 2>>> reads;
      v.elementReads.forEach([&](int64_t flat, ArrayRef<RecordRef> rs) {
        reads.push_back({rotateFlat(flat), SmallVector<RecordRef, 2>(rs)});
      });
      llvm::sort(reads, [](const auto &x, const auto &y) {
        return x.first < y.first;
      });
      for (const auto &[flat, rs] : reads) {
        os << ' ' << flat << ':';
        for (const RecordRef &r : rs)
          rid(r);
      }
    }
    os << "\n O";
    std::map<SmallVector<int64_t>, int64_t> occupants;
    for (const auto &[key, occ] : v.occupant) {
      SmallVector<int64_t> turned = key;
      if (rotation && !turned.empty())
        turned.back() = (turned.back() - rotation + depth) % depth;
      occupants[turned] = occ;
    }
    for (const auto &[key, occ] : occupants) {
      os << ' ';
      for (int64_t x : key)
        os << x << ',';
      os << (occ < 0 ? std::string("free")
                     : std::to_string(occ - pumpShift(v, v.ringDim, units)));
    }
    if (!v.isBarrier) {
      os << '\n';
      continue;
    }
    BarrierKind kind = v.barrierType.getKind();
    os << "\n K" << static_cast<int>(kind) << ',' << v.arrivals;
    for (const auto &[key, el] : v.barrierElements) {
      if (dropped(v, key))
        continue;
      os << "\n  " << keyText(v, key);
      printThreads(el.arrivedBy);
      printThreads(el.awaitedBy);
      os << el.arriveOp << ',' << el.awaitOp;
      if (v.barrierType.isCommitGroup()) {
        // Counts matter only relative to the arrivals so far.
      } else if (kind == BarrierKind::ClusterSync) {
        os << ',' << el.arrives - el.awaits;
      } else {
        os << ',' << el.arrives << ',' << el.arrivedThreads << ','
           << el.expectedBytes << ',' << el.deliveredBytes << ',' << el.expectOp
           << ',' << el.deliverOp << ',' << el.txClosed << el.txUnknown << ',';
        int at = pumpMoves(v) ? currentIndex(el) : -1;
        int tile = stateMode == StateMode::Tile
                       ? seqIndexOf(el.arriveOp, pump->tileLoop)
                       : -1;
        for (auto [i, x] : llvm::enumerate(el.arriveSeq))
          os << (int(i) == at     ? x - loopValue
                 : int(i) == tile ? x - tileCurrent
                                  : x)
             << ';';
        for (const RecordRef &r : el.completions)
          rid(r);
      }
    }
    os << '\n';
  }
  os << "M ";
  // (At the start of a task only its own threads: none has run yet.)
  SmallVector<Tid> fenced(wgmmaFenced.begin(), wgmmaFenced.end());
  llvm::sort(fenced);
  for (Tid t : fenced)
    if (!entry)
      os << t << ',';
  os << ' ' << missingWait.has_value() << unattributed.has_value() << ' ';
  rid(carriedProxyDebt);
  if (!entry)
    printThreads(proxyFenced);
  SmallVector<std::pair<Operation *, Variable *>> instances(
      lastRegisterInstance.begin(), lastRegisterInstance.end());
  llvm::sort(instances, [&](auto &a, auto &b) {
    return order.lookup(a.first) < order.lookup(b.first);
  });
  for (auto [alloc, var] : instances) {
    // An ended task's registers passed its end's check, as a reuse would.
    if (!varIds.count(var))
      continue;
    os << ' ' << alloc << '=';
    vid(var);
  }
  // A task's live shared memory and dead generic writes are its own.
  os << "\n S";
  for (Variable *v : liveShared)
    if (!entry)
      vid(v);
  os << "\n G";
  for (const RecordRef *r : keptGeneric)
    if (!entry)
      rid(*r);
  os << "\n T";
  SmallVector<std::string> retired;
  for (int64_t id : retiredBarriers) {
    auto it = ids.find(id);
    if (it == ids.end() || !varIds.count(it->second.first) ||
        dropped(*it->second.first, idKeys[id]))
      continue;
    retired.push_back("v" + std::to_string(varIds.lookup(it->second.first)) +
                      keyText(*it->second.first, idKeys[id]));
  }
  llvm::sort(retired);
  for (const std::string &r : retired)
    os << ' ' << r;
  os << "\n U";
  SmallVector<std::string> upTo;
  for (auto [id, count] : commitAwaitedUpTo) {
    auto it = ids.find(id);
    if (it == ids.end() || !varIds.count(it->second.first))
      continue;
    upTo.push_back("v" + std::to_string(varIds.lookup(it->second.first)) + "#" +
                   std::to_string(count - it->second.second->arrives));
  }
  llvm::sort(upTo);
  for (const std::string &u : upTo)
    os << ' ' << u;
  os << "\n L";
  SmallVector<std::tuple<unsigned, Tid, unsigned, const Record *>> shared;
  for (const auto &[key, rr] : lastRegisterRecord) {
    if (rr.epoch != recordEpoch)
      continue;
    RecordRef r = rr.record.lock();
    if (!r)
      continue;
    auto [varPtr, tid, op] = key;
    shared.push_back({varIds.lookup(static_cast<const Variable *>(varPtr)), tid,
                      order.lookup(op), r.get()});
  }
  llvm::sort(shared);
  for (auto &[v, t, o, r] : shared) {
    os << " v" << v << ',' << t << ',' << o << '=';
    auto [it, fresh] = recordIds.try_emplace(r, recordIds.size() + 1);
    if (fresh)
      records.push_back(r);
    os << 'r' << it->second;
  }
  // The per-warp records statements may still share.
  SmallVector<std::tuple<unsigned, int64_t, const Record *>> warps;
  for (const auto &[key, rr] : warpShared) {
    if (rr.epoch != recordEpoch)
      continue;
    if (RecordRef r = rr.record.lock())
      warps.push_back({order.lookup(key.first), key.second, r.get()});
  }
  llvm::sort(warps);
  os << "\n W" << inWarpScope;
  for (auto &[o, w, r] : warps) {
    os << ' ' << o << ',' << w << '=';
    auto [it, fresh] = recordIds.try_emplace(r, recordIds.size() + 1);
    if (fresh)
      records.push_back(r);
    os << 'r' << it->second;
  }
  // (The task symmetry's extents decide which tasks a run covers, which
  // the tile counts' argument, task by task, does not use.)
  if (symmetricRun && stateMode == StateMode::Pump) {
    os << "\n Y" << symmetricRun->decided << symmetricRun->allInterior
       << symmetricRun->runNext;
    for (const auto &t : symmetricRun->representatives) {
      os << " (";
      for (int64_t x : t)
        os << x << ',';
      os << ')';
    }
    for (const auto &[value, use] : symmetricRun->symmetry->shared) {
      for (auto [cls, c] : llvm::enumerate(use.classes)) {
        const SymmetricRun::Extents *ext = symmetricRun->extentsOf(value, cls);
        if (!ext)
          continue;
        os << ' ' << order.lookup(value.getDefiningOp()) << '.' << cls << ':';
        for (auto [d, coefficients] : llvm::enumerate(c.coefficients)) {
          // Only the dimensions that move with the task enter the proofs.
          if (d >= ext->size() ||
              llvm::all_of(coefficients, [](int64_t x) { return x == 0; }))
            continue;
          os << d << '=' << static_cast<int64_t>((*ext)[d].first) << '-'
             << static_cast<int64_t>((*ext)[d].second) << ',';
        }
      }
    }
  }
  // The records, in order of first reference.
  os << "\nrecords\n";
  for (size_t i = 0; i < records.size(); ++i)
    os << textOf(*records[i]) << '\n';
  return text;
}

/// The depth and the pre-arrivals of dimension `d` of `alloc` where it is
/// a ring: a barrier's own, or a ring buffer's depth and its guard's
/// pre-arrivals; zeros elsewhere.
static std::pair<int64_t, int64_t> ringDepthAndPrearrival(amir::AllocOp alloc,
                                                          unsigned d) {
  if (TypeAttr bar = alloc.getBarrierAttr()) {
    auto bt = cast<BarrierType>(bar.getValue());
    if (bt.getRingDim() != int(d))
      return {0, 0};
    return {bt.getRingDepth(d), bt.getPrearrive()};
  }
  if (!alloc.getRingDepth())
    return {0, 0};
  int64_t prearrive = 0;
  if (Value g = alloc.getGuard())
    if (auto ga = g.getDefiningOp<amir::AllocOp>())
      prearrive =
          cast<BarrierType>(ga.getBarrierAttr().getValue()).getPrearrive();
  return {*alloc.getRingDepth(), prearrive};
}

LogicalResult Machine::execPumped(amir::SeqForOp loop, Collective &g,
                                  int64_t lo, int64_t hi) {
  pumpExec = PumpExecution();
  pumpExec.active = true;
  pumpExec.inLoop = true;
  pumpExec.trip = std::max<int64_t>(hi - lo, 0);
  pumpExec.loop = loop;
  // The executions before this one: the execution loop's iterator, or
  // this sibling's place among the pumped loops.
  int64_t before = 0, place = 0;
  if (auto it = llvm::find(pump->later, loop); it != pump->later.end())
    place = 1 + (it - pump->later.begin());
  if (amir::SeqForOp outer = pump->outer) {
    // w executions per iteration of the execution loop.
    int64_t w = 1 + static_cast<int64_t>(pump->later.size());
    before = values.lookup(outer.getInductionVar()) * w + place;
  } else {
    before = place;
  }
  int64_t stride = pump->stride ? values.lookup(pump->stride) : pumpExec.trip;
  if (llvm::MulOverflow(before, stride, pumpExec.base))
    return mlir::emitError(loop.getLoc())
           << "the iterations of loop '" << loop.getIterName()
           << "' overflow 64 bits";
  for (int64_t i = lo; i < hi; ++i) {
    pumpExec.iter = i - lo;
    if (pumpObs->compare)
      pumpExec.states.push_back(pumpState());
    if (failed(execIteration(loop, i, g)))
      return failure();
  }
  pumpExec.iter = std::max<int64_t>(hi - lo, 0);
  if (pumpObs->compare)
    pumpExec.states.push_back(pumpState());
  pumpExec.inLoop = false;
  PumpObservation::Execution e;
  e.trip = pumpExec.iter;
  e.tail = pumpExec.maxTail;
  if (pumpObs->compare) {
    // The repetition counts from an iteration where every head comparison
    // has its limit, no head-bounded access clips, and every moving ring
    // coordinate touched is far enough from 0 that the pre-arrived phases
    // and the rules that look back two ring depths see it alike in every
    // run.
    int64_t from = std::max(pumpExec.lastOffLimit, pumpExec.lastClip) + 1;
    for (const auto &[key, floor] : pumpObs->floors) {
      auto [allocOp, d] = key;
      auto alloc = cast<amir::AllocOp>(allocOp);
      auto rates = pump->rates.find(allocOp);
      int64_t rate = rates != pump->rates.end() && d < rates->second.size()
                         ? rates->second[d]
                         : 0; // (a dimension the tile loop moves)
      auto [depth, prearrive] = ringDepthAndPrearrival(alloc, d);
      // floor + rate * units(a) - 2 depth >= max(0, prearrive), units(a)
      // counting the earlier executions' iterations too.
      int64_t need = std::max<int64_t>(0, prearrive) + 2 * depth - floor;
      if (need > 0 && rate > 0)
        from = std::max(from, llvm::divideCeilSigned(need, rate) * pump->alpha -
                                  pumpExec.base);
    }
    int64_t p = pump->period;
    e.least = from;
    for (int64_t a = from; a + p < static_cast<int64_t>(pumpExec.states.size());
         ++a)
      if (pumpExec.states[a] == pumpExec.states[a + p]) {
        e.start = a;
        break;
      }
    if (!e.start)
      e.why = "the state of loop '" + loop.getIterName().str() +
              "' did not repeat within " + std::to_string(e.trip) +
              " iterations (period " + std::to_string(p) + ", from iteration " +
              std::to_string(from) + ")";
    pumpExec.states.clear();
  }
  pumpObs->executions.push_back(std::move(e));
  return success();
}

void Machine::forgetEarlierTiles() {
  for (const std::unique_ptr<Variable> &v : ownedVars)
    if (v && v->alloc && !v->alloc->getParentOfType<amir::DeviceOp>()) {
      v->elements.clear();
      v->boxReads.clear();
      v->elementReads.clear();
    }
}

void Machine::noteTaskEntry() {
  std::string state = stateAs(StateMode::TaskEntry);
  if (pumpObs->taskEntry.empty())
    pumpObs->taskEntry = std::move(state);
  else if (state != pumpObs->taskEntry)
    pumpObs->tasksDiffer = true;
}

LogicalResult Machine::execTiles(amir::SeqForOp loop, Collective &g, int64_t lo,
                                 int64_t hi) {
  // The tiles so far are the executions of the pumped loop so far: a new
  // task starts from none.
  pumpExec = PumpExecution();
  std::vector<std::string> states;
  tilesActive = true;
  for (int64_t i = lo; i < hi; ++i) {
    tileCurrent = i - lo;
    forgetEarlierTiles();
    states.push_back(stateAs(StateMode::Tile));
    if (failed(execIteration(loop, i, g)))
      return failure();
  }
  tileCurrent = std::max<int64_t>(hi - lo, 0);
  states.push_back(stateAs(StateMode::Tile));
  tilesActive = false;
  // The repetition counts from a tile where every comparison of the tile
  // iterator has its final value and every barrier coordinate that the
  // tile loop moves is far enough from 0 that the pre-arrived phases and
  // the rules that look back two ring depths see it alike in every task.
  int64_t least = pump->tileHead;
  for (const auto &[key, floor] : pumpObs->floors) {
    auto [allocOp, d] = key;
    auto rates = pump->tileRates.find(allocOp);
    if (rates == pump->tileRates.end() || d >= rates->second.size() ||
        rates->second[d] <= 0)
      continue;
    auto alloc = cast<amir::AllocOp>(allocOp);
    auto [depth, prearrive] = ringDepthAndPrearrival(alloc, d);
    int64_t need = std::max<int64_t>(0, prearrive) + 2 * depth - floor;
    if (need > 0)
      least = std::max(least, llvm::divideCeilSigned(need, rates->second[d]));
  }
  PumpObservation::Task task;
  // The least from + period: the tasks with fewer tiles than that are
  // checked one by one, and one with that many shows the repetition. The
  // period is a multiple of PumpPlan::tilePeriodMultiple.
  int64_t step = std::max<int64_t>(1, pump->tilePeriodMultiple);
  // Only the iterations whose group of tiles ran whole are compared.
  int64_t whole = static_cast<int64_t>(states.size()) - 1;
  if (pump->tileGroup > 1)
    whole = std::min(whole, values.lookup(pump->tileCount) / pump->tileGroup);
  for (int64_t end = 1; end <= whole && !task.from; ++end)
    for (int64_t p = step; p <= std::min(end, PumpObservation::kTilePeriods);
         p += step)
      if (end - p >= least && states[end - p] == states[end]) {
        task.from = end - p;
        task.period = p;
        break;
      }
  pumpObs->tasks.push_back(task);
  return success();
}

LogicalResult Machine::run(const llvm::StringMap<int64_t> &sizes) {
  Block &body = program.getBody().front();
  ownedRegisters = program->hasAttr(kOwnedRegistersAttr);
  ownRegisters = ownedRegisters && !program->hasAttr(kRecordOwnRegistersAttr);
  values.number(program);
  program.walk([&](amir::MutateOp m) { mutated.insert(m.getVar()); });
  program.walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned index = order.size();
    order[op] = index;
  });
  // A value is live until the end of the statement of its own block that
  // holds its last use: a use inside a loop is repeated until the loop ends
  // (the lowering's shared-memory allocator uses the same lifetimes).
  DenseMap<Operation *, unsigned> subtreeEnd;
  program.walk<WalkOrder::PostOrder>([&](Operation *op) {
    unsigned end = order.lookup(op);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Operation &child : b)
          end = std::max(end, subtreeEnd.lookup(&child));
    subtreeEnd[op] = end;
  });
  program.walk([&](Operation *op) {
    for (Value v : op->getOperands()) {
      Operation *stmt = v.getParentBlock()->findAncestorOpInBlock(*op);
      unsigned end = stmt ? subtreeEnd.lookup(stmt) : order.lookup(op);
      lastUse[v] = std::max(lastUse.lookup(v), end);
    }
  });
  SmallVector<int64_t> args;
  for (auto [arg, name] :
       llvm::zip_equal(body.getArguments(), program.getArgNames())) {
    StringRef n = cast<StringAttr>(name).getValue();
    auto it = sizes.find(n);
    if (it == sizes.end())
      return program.emitError()
             << "size '" << n << "' of @" << program.getSymName()
             << " is not given (sizes=" << n << "=...)";
    values.set(arg, it->second);
    args.push_back(it->second);
  }
  if (IntegerSetAttr set = program.getAssertionsAttr()) {
    if (std::optional<unsigned> c =
            getViolatedConstraint(set.getValue(), args)) {
      SmallVector<StringRef> names;
      for (Attribute name : program.getArgNames())
        names.push_back(cast<StringAttr>(name).getValue());
      return emitViolatedAssertion(program, program.getSymName(),
                                   set.getValue(), *c, names, args);
    }
  }
  Collective host;
  return execBlock(body, host);
}

} // namespace

StringRef exo::getHazardTitle(HazardKind kind) {
  switch (kind) {
  case HazardKind::RAW:
    return "RAW hazard";
  case HazardKind::WAR:
    return "WAR hazard";
  case HazardKind::WAW:
    return "WAW hazard";
  case HazardKind::UseBeforeAlloc:
    return "use_before_alloc hazard";
  case HazardKind::UseAfterFree:
    return "use_after_free hazard";
  case HazardKind::FreeMissingArrive:
    return "free_missing_arrive hazard";
  case HazardKind::FreeMissingSync:
    return "free_missing_sync hazard";
  case HazardKind::TransactionBytes:
    return "transaction bytes hazard";
  case HazardKind::BarrierMisuse:
    return "barrier misuse";
  case HazardKind::MissingWgmmaFence:
    return "missing wgmma fence";
  case HazardKind::NoForwardProgress:
    return "no forward progress";
  }
  llvm_unreachable("a hazard kind");
}

LogicalResult exo::interpretProgram(amir::ProgramOp program,
                                    const llvm::StringMap<int64_t> &sizes,
                                    AbstractMachineStats *stats, bool progress,
                                    int64_t maxInstances, bool taskSymmetry) {
  AbstractMachineStats local;
  Machine machine(program, stats ? *stats : local, progress, maxInstances,
                  taskSymmetry);
  return machine.run(sizes);
}

LogicalResult exo::interpretPumped(amir::ProgramOp program,
                                   const llvm::StringMap<int64_t> &sizes,
                                   AbstractMachineStats &stats,
                                   int64_t maxInstances, const PumpPlan &plan,
                                   PumpObservation &observation) {
  Machine machine(program, stats, /*progress=*/false, maxInstances,
                  /*taskSymmetry=*/true);
  machine.pump = &plan;
  machine.pumpObs = &observation;
  return machine.run(sizes);
}

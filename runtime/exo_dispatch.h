//===- exo_dispatch.h - Choosing a kernel variant per shape ------*- C++
//-*-===//
//
// Part of the Exo-GPU project.
//
// The choice the generated dispatcher (scripts/registry.py dispatcher) makes
// for every call: given the sizes of a call, the variants of one function
// (which accept those sizes, as their launchers' NAME_rejects say) and the
// tuning table (for each tuned shape, its variants from fastest to slowest),
// which variant runs.
//
//   1. The tuned shape nearest to the call's sizes, by the sum over the sizes
//      of |log2(size / tuned size)|, decides: its fastest variant that
//      accepts the call's sizes runs. A tuned shape none of whose variants
//      accepts them is passed over for the next nearest. Where the call's
//      sizes are not a tuned shape, that shape and the next nearest one with
//      an accepting variant decide together: of the accepting variants both
//      timed, the one with the least weighted mean of the logs of its times
//      relative to each shape's fastest (each shape weighted by the other's
//      distance, so that the nearer counts more) runs; without such a
//      variant, the nearest shape decides alone.
//   2. With no tuned shape left, the first variant in the registry's
//      preference order that accepts the sizes and prefers them (its
//      `prefer` condition holds) runs, else the first that accepts them.
//   3. Otherwise none runs: the dispatcher reports each variant's reason.
//
// Host code only, without CUDA, so that its tests run without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef EXO_GPU_RUNTIME_EXO_DISPATCH_H
#define EXO_GPU_RUNTIME_EXO_DISPATCH_H

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace exo_dispatch {

/// The most sizes a dispatched function has (a GEMM has M, N, K).
constexpr int kMaxSizes = 4;

/// One row of the tuning table: a shape and its variants, fastest first,
/// ended by -1, with each one's time relative to the fastest (null: not
/// known; then the shape decides alone).
struct TunedShape {
  int64_t sizes[kMaxSizes];
  const int16_t *ranking;
  const float *slowdown = nullptr;
};

/// Times within this factor of the least count as ties, which the nearer
/// shape's ranking breaks (as the table's ranking treats times within 1 %).
constexpr double kTie = 1.01;

/// log2 of a size, with sizes below 1 counted as 1.
inline double logSize(int64_t size) {
  return std::log2(double(size < 1 ? 1 : size));
}

/// How far the tuned shape is from `sizes` (the first `numSizes`).
inline double distance(const TunedShape &tuned, const int64_t *sizes,
                       int numSizes) {
  double d = 0;
  for (int i = 0; i < numSizes; ++i)
    d += std::fabs(logSize(sizes[i]) - logSize(tuned.sizes[i]));
  return d;
}

/// The first variant of `ranking` (ended by -1) that `accepts`, or -1.
template <typename Accepts>
int firstAccepted(const int16_t *ranking, Accepts accepts) {
  for (; *ranking >= 0; ++ranking)
    if (accepts(int(*ranking)))
      return *ranking;
  return -1;
}

/// The slowdown of variant `v` at `tuned`, or a negative number when the
/// shape did not time it.
inline double slowdownOf(const TunedShape &tuned, int v) {
  for (int k = 0; tuned.ranking[k] >= 0; ++k)
    if (tuned.ranking[k] == v)
      return tuned.slowdown[k];
  return -1;
}

/// Rule 1 for sizes between two tuned shapes, `near` at distance dNear and
/// `far` at dFar > 0: the variant, accepted and timed at both, with the
/// least dFar * log(slowdown at near) + dNear * log(slowdown at far), ties
/// within kTie going to the earlier one in near's ranking; -1 when no
/// variant is timed at both.
template <typename Accepts>
int chooseBetween(const TunedShape &near, double dNear, const TunedShape &far,
                  double dFar, Accepts accepts) {
  if (!near.slowdown || !far.slowdown)
    return -1;
  // The score of near's k-th variant (NAN: not timed at far, or rejects
  // the sizes).
  auto score = [&](int k) {
    int v = near.ranking[k];
    double other = slowdownOf(far, v);
    if (other <= 0 || !accepts(v))
      return double(NAN);
    return (dFar * std::log(double(near.slowdown[k])) +
            dNear * std::log(other)) /
           (dNear + dFar);
  };
  double least = INFINITY;
  for (int k = 0; near.ranking[k] >= 0; ++k)
    if (double x = score(k); x < least)
      least = x;
  for (int k = 0; near.ranking[k] >= 0; ++k)
    if (score(k) <= least + std::log(kTie))
      return near.ranking[k];
  return -1;
}

/// The variant to run at `sizes` (rules 1 to 3 above), or -1 when none
/// accepts them. `accepts(i)` says whether variant i accepts the sizes;
/// `preference` lists every variant, most preferred first, ended by -1.
/// `prefers(i)` says whether variant i's registry entry prefers these sizes
/// (its `prefer` condition): rule 2 tries those variants first.
template <typename Accepts, typename Prefers>
int choose(const TunedShape *tuned, size_t numTuned, const int16_t *preference,
           const int64_t *sizes, int numSizes, Accepts accepts,
           Prefers prefers) {
  // Rule 1: the tuned shapes in order of (distance, position in the
  // table), until one has an accepting variant. The table is small (a
  // hundred shapes) and the first shape usually decides, so each step scans
  // it for the next shape in that order instead of sorting it.
  double lastDistance = -1;
  size_t lastIndex = 0;
  // The next tuned shape in that order with an accepting variant, and its
  // distance; numTuned when none is left.
  auto nextAccepting = [&](double &at) {
    while (true) {
      size_t next = numTuned;
      for (size_t i = 0; i < numTuned; ++i) {
        double d = distance(tuned[i], sizes, numSizes);
        bool after = d > lastDistance || (d == lastDistance && i > lastIndex);
        if (after && (next == numTuned || d < at)) {
          next = i;
          at = d;
        }
      }
      if (next == numTuned)
        return next;
      lastDistance = at;
      lastIndex = next;
      if (firstAccepted(tuned[next].ranking, accepts) >= 0)
        return next;
    }
  };
  double nearDistance = 0, farDistance = 0;
  size_t near = nextAccepting(nearDistance);
  if (near < numTuned) {
    int chosen = firstAccepted(tuned[near].ranking, accepts);
    if (nearDistance == 0)
      return chosen;
    // The next nearest shape with an accepting variant decides with it.
    size_t far = nextAccepting(farDistance);
    if (far == numTuned)
      return chosen;
    int between = chooseBetween(tuned[near], nearDistance, tuned[far],
                                farDistance, accepts);
    return between >= 0 ? between : chosen;
  }
  // Rule 2: the preference order, the variants that prefer the sizes first.
  int preferred = firstAccepted(
      preference, [&](int i) { return prefers(i) && accepts(i); });
  return preferred >= 0 ? preferred : firstAccepted(preference, accepts);
}

/// choose() with no variant preferring any sizes.
template <typename Accepts>
int choose(const TunedShape *tuned, size_t numTuned, const int16_t *preference,
           const int64_t *sizes, int numSizes, Accepts accepts) {
  return choose(tuned, numTuned, preference, sizes, numSizes, accepts,
                [](int) { return false; });
}

/// The sizes and the choice of the last call, so that calls at the same
/// sizes skip the scan.
struct LastChoice {
  int64_t sizes[kMaxSizes] = {-1, -1, -1, -1};
  int choice = -1;

  template <typename Choose>
  int get(const int64_t *callSizes, int numSizes, Choose choose) {
    bool same = true;
    for (int i = 0; i < numSizes; ++i)
      same = same && sizes[i] == callSizes[i];
    if (!same) {
      choice = choose();
      for (int i = 0; i < numSizes; ++i)
        sizes[i] = callSizes[i];
    }
    return choice;
  }
};

} // namespace exo_dispatch

#endif // EXO_GPU_RUNTIME_EXO_DISPATCH_H

// The choice rules of runtime/exo_dispatch.h on a made-up function with
// three variants: 0 accepts M a multiple of 256, 1 M a multiple of 128, 2
// every M. Prints the chosen variant per case; choose.test checks them.
#include "exo_dispatch.h"

#include <cstdio>
#include <initializer_list>

namespace {

bool accepts(int variant, int64_t m) {
  switch (variant) {
  case 0:
    return m % 256 == 0;
  case 1:
    return m % 128 == 0;
  default:
    return true;
  }
}

const int16_t kPreference[] = {0, 1, 2, -1};
// Tuned at M = 1024 (1 fastest, then 0, then 2) and at M = 4096 (0 only:
// the autotune measured the others slower, or they failed there).
const int16_t kRank1024[] = {1, 0, 2, -1};
const int16_t kRank4096[] = {0, -1};
const exo_dispatch::TunedShape kTuned[] = {{{1024, 64, 1, 1}, kRank1024},
                                           {{4096, 64, 1, 1}, kRank4096}};

void show(const char *what, const exo_dispatch::TunedShape *tuned,
          size_t numTuned, int64_t m) {
  const int64_t sizes[] = {m, 64};
  int chosen = exo_dispatch::choose(tuned, numTuned, kPreference, sizes, 2,
                                    [&](int i) { return accepts(i, m); });
  printf("%s M=%lld: %d\n", what, (long long)m, chosen);
}

} // namespace

int main() {
  // A tuned shape: its fastest variant.
  show("tuned", kTuned, 2, 1024);
  show("tuned", kTuned, 2, 4096);
  // Nearer 1024 than 4096 (log2 distance 0.585 against 1.415).
  show("near-1024", kTuned, 2, 1536);
  // Nearer 4096: variant 0, which accepts 3840 = 15 * 256.
  show("near-4096", kTuned, 2, 3840);
  // Nearer 4096, whose only variant rejects 3968 = 31 * 128: the next
  // nearest shape (1024) decides, and its fastest is variant 1.
  show("passed-over", kTuned, 2, 3968);
  // Nearer 4096 again; neither tuned shape has a variant accepting 4000
  // except 1024's variant 2.
  show("last-ranked", kTuned, 2, 4000);
  // No tuning table: the preference order.
  show("untuned", nullptr, 0, 512);
  show("untuned", nullptr, 0, 384);
  show("untuned", nullptr, 0, 100);
  // Equal distances (2048 is 1 from each in log2): the first in the table.
  show("tie", kTuned, 2, 2048);
  // Variant 2 prefers M >= 8192 (a registry `prefer` condition): without a
  // tuned shape it goes first where that holds, the preference order
  // decides elsewhere, and a preferring variant that rejects the sizes
  // leaves the choice to the preference order.
  auto prefers = [](int i, int64_t m) { return i == 2 && m >= 8192; };
  for (int64_t m : {int64_t(512), int64_t(8192), int64_t(16384)}) {
    const int64_t sizes[] = {m, 64};
    int chosen = exo_dispatch::choose(
        nullptr, 0, kPreference, sizes, 2,
        [&](int i) { return accepts(i, m); },
        [&](int i) { return prefers(i, m); });
    printf("prefer M=%lld: %d\n", (long long)m, chosen);
  }
  {
    const int64_t sizes[] = {8192, 64};
    int chosen = exo_dispatch::choose(
        nullptr, 0, kPreference, sizes, 2,
        [&](int i) { return i != 2 && accepts(i, 8192); },
        [&](int i) { return prefers(i, 8192); });
    printf("prefer-rejected M=8192: %d\n", chosen);
  }
  // A tuned shape decides before any preference.
  {
    const int64_t sizes[] = {4096, 64};
    int chosen = exo_dispatch::choose(
        kTuned, 2, kPreference, sizes, 2,
        [&](int i) { return accepts(i, 4096); },
        [&](int i) { return i == 2; });
    printf("prefer-tuned M=4096: %d\n", chosen);
  }
  // Two tuned shapes with their times: at M = 2048 variant 2 is fastest and
  // 1 takes 1.30 times as long; at M = 3072 variant 1 is fastest and 2 takes
  // 1.15 times as long. Between them the two decide, each weighted by the
  // other's distance: at 2560 (0.32 from 2048, 0.26 from 3072) variant 2
  // (weighted mean 0.063 of the logs, against 0.118 for variant 1), at 2944
  // (0.06 from 3072) variant 1; at the tuned shapes each shape's own
  // fastest; where the nearer shape's only timed variant is not timed at the
  // other, the nearer decides alone.
  {
    const int16_t rank2048[] = {2, 1, -1}, rank3072[] = {1, 2, -1},
                  rank3072only[] = {1, -1};
    const float slow2048[] = {1.0f, 1.30f}, slow3072[] = {1.0f, 1.15f},
                slow3072only[] = {1.0f};
    const exo_dispatch::TunedShape timed[] = {
        {{2048, 64, 1, 1}, rank2048, slow2048},
        {{3072, 64, 1, 1}, rank3072, slow3072}};
    const exo_dispatch::TunedShape partial[] = {
        {{2048, 64, 1, 1}, rank2048, slow2048},
        {{3072, 64, 1, 1}, rank3072only, slow3072only}};
    for (int64_t m : {int64_t(2048), int64_t(2560), int64_t(2944),
                      int64_t(3072)})
      show("between", timed, 2, m);
    const exo_dispatch::TunedShape untimed[] = {
        {{2048, 64, 1, 1}, rank2048}, {{3072, 64, 1, 1}, rank3072}};
    show("between-untimed", untimed, 2, 2560);
    show("between-partial", partial, 2, 2560);
  }
  // LastChoice: the scan runs once per new sizes.
  exo_dispatch::LastChoice last;
  int scans = 0;
  const int64_t a[] = {1024, 64}, b[] = {4096, 64};
  for (const int64_t *sizes : {a, a, b, b, a}) {
    int chosen = last.get(sizes, 2, [&] {
      ++scans;
      return exo_dispatch::choose(kTuned, 2, kPreference, sizes, 2,
                                  [&](int i) { return accepts(i, sizes[0]); });
    });
    printf("last M=%lld: %d after %d scans\n", (long long)sizes[0], chosen,
           scans);
  }
  return 0;
}

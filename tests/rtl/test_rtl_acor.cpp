// ACOR-Switch's level block (rtl/hiradix_acor_level.v), Verilated, against the C++ model's
// AcorSwitchLevel (router/routing/acor_level.h) cycle by cycle, and against a hand-worked sequence.
// The parameter sets are those of tests/rtl/CMakeLists.txt (Vacor_*).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "Vacor_l2_hi1.h"
#include "Vacor_l3.h"
#include "Vacor_low_it2.h"
#include "Vacor_table.h"
#include "router/common/rng.h"
#include "router/routing/acor_level.h"
#include "verilated_bits.h"

using namespace hiradix;
using namespace hiradix::rtltest;

namespace {

// Drives `cycles` cycles of random recomputation counts (0 .. e per cycle, in bursts so that levels rise and
// fall) into both, and returns the first difference, or "" if none. Per cycle: the level the cycle's
// decisions read (`level_now`), then, after the events, the registered level and blocked count.
template <typename M>
std::string compare(int levels, const AcorThresholds& th, int e, int cycles, std::uint64_t seed) {
  M m;
  reset(m);
  AcorSwitchLevel ref(levels, th);
  Rng rng(seed, 11);
  int moves = 0, last = 0;
  for (int t = 0; t < cycles; ++t) {
    // Phases of 3 intervals: busy (up to e per cycle), sparse, silent.
    const int phase = static_cast<int>((static_cast<Cycle>(t) / (3 * th.interval)) % 3);
    int n = 0;
    if (phase == 0) n = static_cast<int>(rng.below(static_cast<std::uint32_t>(e + 1)));
    else if (phase == 1 && rng.below(4) == 0) n = 1;
    m.events = static_cast<std::uint8_t>(n);
    m.eval();
    const int now = ref.level(static_cast<Cycle>(t));
    if (static_cast<int>(m.level_now) != now)
      return "cycle " + std::to_string(t) + ": level_now RTL " + std::to_string(m.level_now) + ", C++ " + std::to_string(now);
    for (int k = 0; k < n; ++k) ref.blocked(static_cast<Cycle>(t));
    clock(m);
    if (static_cast<int>(m.level) != ref.level(static_cast<Cycle>(t)) ||
        static_cast<int>(m.blocked) != ref.blocked_in_interval())
      return "cycle " + std::to_string(t) + " after " + std::to_string(n) + " events: RTL level " + std::to_string(m.level) +
             " blocked " + std::to_string(m.blocked) + ", C++ level " + std::to_string(ref.level(static_cast<Cycle>(t))) +
             " blocked " + std::to_string(ref.blocked_in_interval());
    moves += m.level != last;
    last = m.level;
  }
  // The comparison saw the level move (else it would prove little).
  return moves >= 10 ? "" : "only " + std::to_string(moves) + " level changes";
}

// Parameters of Vacor_l3: 3 levels, IT 3 / 6, DT 2 / 4, HI 10, up to 4 events per cycle.
constexpr AcorThresholds kL3{{3, 6}, {2, 4}, 10};

TEST(RtlAcorLevel, MatchesTheModelThreeLevels) {
  EXPECT_EQ(compare<Vacor_l3>(3, kL3, 4, 20000, 1), "");
}

// Two levels (IT_1 and DT_1 only) and an interval of one cycle: every cycle after cycle 0 ends one.
TEST(RtlAcorLevel, MatchesTheModelTwoLevelsOneCycleIntervals) {
  EXPECT_EQ(compare<Vacor_l2_hi1>(2, AcorThresholds{{2, 0}, {1, 0}, 1}, 3, 20000, 2), "");
}

// Table 5-3's defaults for ACOR (IT 15 / 500, DT 5 / 15, HI 500) with 4 injection heads.
TEST(RtlAcorLevel, MatchesTheModelTable53) {
  EXPECT_EQ(compare<Vacor_table>(3, AcorThresholds{{15, 500}, {5, 15}, 500}, 4, 60000, 3), "");
}

// IT_2 below IT_1 (the keys allow it): once the level reaches 1, the next event of the same cycle raises it
// again. Covers the second rise within one cycle, which IT_2 > IT_1 alone hides.
TEST(RtlAcorLevel, MatchesTheModelWhenIt2IsBelowIt1) {
  EXPECT_EQ(compare<Vacor_low_it2>(3, AcorThresholds{{5, 2}, {3, 1}, 8}, 4, 20000, 4), "");
}

// The comparison can fail: the same RTL against a model whose DT_1 differs by one.
TEST(RtlAcorLevel, ComparisonDetectsAnotherThreshold) {
  EXPECT_NE(compare<Vacor_l3>(3, AcorThresholds{{3, 6}, {3, 4}, 10}, 4, 20000, 1), "");
}

// By hand (Vacor_l3): 4 events in cycle 0 pass IT_1 = 3 at the 4th (level 1); 3 more in cycle 1 make
// blocked 7 > IT_2 = 6 (level 2). At cycle 10 (the first interval end) blocked 7 is not below DT_2 = 4:
// level 2 stays, blocked 0. Nothing until cycle 20: 0 < 4, level 1; cycle 30: 0 < 2, level 0.
TEST(RtlAcorLevel, HandWorkedSequence) {
  Vacor_l3 m;
  reset(m);
  auto cycle = [&](int events) {
    m.events = static_cast<std::uint8_t>(events);
    m.eval();
    const int now = m.level_now;
    clock(m);
    return now;
  };
  EXPECT_EQ(cycle(4), 0);
  EXPECT_EQ(m.level, 1);
  EXPECT_EQ(cycle(3), 1);
  EXPECT_EQ(m.level, 2);
  EXPECT_EQ(m.blocked, 7);
  for (int t = 2; t < 10; ++t) cycle(0);
  EXPECT_EQ(cycle(0), 2);  // cycle 10: interval end, 7 >= DT_2
  EXPECT_EQ(m.blocked, 0);
  for (int t = 11; t < 20; ++t) cycle(0);
  EXPECT_EQ(cycle(0), 1);  // cycle 20
  for (int t = 21; t < 30; ++t) cycle(0);
  EXPECT_EQ(cycle(0), 0);  // cycle 30
}

}  // namespace

// ACOR-Switch's level block (rtl/hiradix_acor_level.v), Verilated, against the C++ model's
// AcorSwitchLevel (router/routing/acor_level.h) cycle by cycle, and against a hand-worked sequence.
// The sequence, thresholds and interval are the block's configuration inputs: one model per size
// (tests/rtl/CMakeLists.txt, Vacor_*) runs several configurations, each after a reset.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "Vacor_e3_hi1.h"
#include "Vacor_e4.h"
#include "router/common/rng.h"
#include "router/routing/acor_level.h"
#include "rtl_fields.h"
#include "router/rtl/verilated_bits.h"

using namespace hiradix;
using namespace hiradix::verilated;

namespace {

// The sizes of the models (tests/rtl/CMakeLists.txt): E recomputations per cycle, intervals up to HI_MAX.
constexpr int kE4 = 4, kE4MaxInterval = 500;
constexpr int kE3 = 3;

struct AcorConfig {
  int levels;  // 3: sequence 3l; 2: 2l-a
  AcorThresholds th;
};

// Drives the configuration into the inputs and resets (the inputs must be constant from reset on).
template <typename M>
void configure(M& m, const AcorConfig& c) {
  m.cfg_acor_sequence = static_cast<std::uint8_t>(c.levels == 3 ? rtl::ACOR_SEQ_3L : rtl::ACOR_SEQ_2LA);
  assign(m.cfg_it1, static_cast<std::uint64_t>(c.th.increase[0]));
  assign(m.cfg_it2, static_cast<std::uint64_t>(c.th.increase[1]));
  assign(m.cfg_dt1, static_cast<std::uint64_t>(c.th.decrease[0]));
  assign(m.cfg_dt2, static_cast<std::uint64_t>(c.th.decrease[1]));
  assign(m.cfg_interval, static_cast<std::uint64_t>(c.th.interval));
  reset(m);
}

// Configures `m` with `rtl_config`, then drives `cycles` cycles of random recomputation counts (0 .. e per
// cycle, in bursts so that levels rise and fall) into it and into a C++ model of `model_config`, and
// returns the first difference, or "" if none. Per cycle: the level the cycle's decisions read
// (`level_now`), then, after the events, the registered level and blocked count.
template <typename M>
std::string compare(M& m, const AcorConfig& rtl_config, const AcorConfig& model_config, int e, int cycles,
                    std::uint64_t seed) {
  configure(m, rtl_config);
  AcorSwitchLevel ref(model_config.levels, model_config.th);
  const Cycle interval = model_config.th.interval;
  Rng rng(seed, 11);
  int moves = 0, last = 0;
  for (int t = 0; t < cycles; ++t) {
    // Phases of 3 intervals: busy (up to e per cycle), sparse, silent.
    const int phase = static_cast<int>((static_cast<Cycle>(t) / (3 * interval)) % 3);
    int n = 0;
    if (phase == 0) n = static_cast<int>(rng.below(static_cast<std::uint32_t>(e + 1)));
    else if (phase == 1 && rng.below(4) == 0) n = 1;
    m.events = static_cast<std::uint8_t>(n);
    m.eval();
    const int now = ref.level(static_cast<Cycle>(t));
    if (static_cast<int>(m.level_now) != now)
      return "cycle " + std::to_string(t) + ": level_now RTL " + std::to_string(m.level_now) + ", C++ " + std::to_string(now);
    for (int k = 0; k < n; ++k) ref.blocked(static_cast<Cycle>(t));
    if (static_cast<int>(m.level_next) != ref.level(static_cast<Cycle>(t)))
      return "cycle " + std::to_string(t) + " after " + std::to_string(n) + " events: level_next RTL " +
             std::to_string(m.level_next) + ", C++ " + std::to_string(ref.level(static_cast<Cycle>(t)));
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

template <typename M>
std::string compare(M& m, const AcorConfig& c, int e, int cycles, std::uint64_t seed) {
  return compare(m, c, c, e, cycles, seed);
}

// 3 levels, IT 3 / 6, DT 2 / 4, HI 10.
constexpr AcorConfig kL3{3, {{3, 6}, {2, 4}, 10}};
// Table 5-3's defaults for ACOR: IT 15 / 500, DT 5 / 15, HI 500.
constexpr AcorConfig kTable53{3, {{15, 500}, {5, 15}, 500}};
// IT_2 below IT_1 (the keys allow it): once the level reaches 1, the next event of the same cycle raises it
// again. Covers the second rise within one cycle, which IT_2 > IT_1 alone hides.
constexpr AcorConfig kLowIt2{3, {{5, 2}, {3, 1}, 8}};
// Two levels (IT_1 and DT_1 only; IT_2 and DT_2 set to values that would move a third level) and an
// interval of one cycle: every cycle after cycle 0 ends one.
constexpr AcorConfig kL2Hi1{2, {{2, 0}, {1, 0}, 1}};

TEST(RtlAcorLevel, MatchesTheModelThreeLevels) {
  Vacor_e4 m;
  EXPECT_EQ(compare(m, kL3, kE4, 20000, 1), "");
}

TEST(RtlAcorLevel, MatchesTheModelTwoLevelsOneCycleIntervals) {
  Vacor_e3_hi1 m;
  EXPECT_EQ(compare(m, kL2Hi1, kE3, 20000, 2), "");
}

TEST(RtlAcorLevel, MatchesTheModelTable53) {
  Vacor_e4 m;
  EXPECT_EQ(compare(m, kTable53, kE4, 60000, 3), "");
}

TEST(RtlAcorLevel, MatchesTheModelWhenIt2IsBelowIt1) {
  Vacor_e4 m;
  EXPECT_EQ(compare(m, kLowIt2, kE4, 20000, 4), "");
}

// One model (E = 4, HI_MAX = 500) runs every configuration in turn, each after a reset of the same
// instance: Table 5-3 for ACOR and for PB-ACOR (IT_2 50), the short ones above, two levels with a
// one-cycle interval, the longest interval, and thresholds above anything blocked (the 20-bit inputs'
// largest value: the level never rises). What one configuration leaves in the registers must not leak
// into the next.
TEST(RtlAcorLevel, OneModelServesManyConfigurations) {
  const std::vector<AcorConfig> configs = {
      kTable53, kL3, {3, {{15, 50}, {5, 15}, 500}}, kLowIt2, kL2Hi1, {2, {{7, 3}, {4, 9}, 37}}, {3, {{40, 90}, {30, 60}, 500}}};
  Vacor_e4 m;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const AcorConfig& c = configs[i];
    ASSERT_LE(c.th.interval, kE4MaxInterval);
    EXPECT_EQ(compare(m, c, kE4, c.th.interval >= 100 ? 60000 : 20000, 10 + i), "") << "configuration " << i;
  }
  // Thresholds nothing reaches: IT_1 = 2^20 - 1, above E * HI_MAX = 2,000 blocked heads.
  AcorConfig never = kTable53;
  never.th.increase[0] = never.th.increase[1] = (1 << 20) - 1;
  configure(m, never);
  AcorSwitchLevel ref(never.levels, never.th);
  for (int t = 0; t < 3000; ++t) {
    m.events = kE4;
    m.eval();
    for (int k = 0; k < kE4; ++k) ref.blocked(static_cast<Cycle>(t));
    clock(m);
    ASSERT_EQ(static_cast<int>(m.level), ref.level(static_cast<Cycle>(t))) << "cycle " << t;
    ASSERT_EQ(static_cast<int>(m.blocked), ref.blocked_in_interval()) << "cycle " << t;
  }
  EXPECT_EQ(m.level, 0);
}

// The comparison can fail: the same RTL against a model whose DT_1 differs by one, or whose interval is
// one cycle longer.
TEST(RtlAcorLevel, ComparisonDetectsAnotherThreshold) {
  Vacor_e4 m;
  AcorConfig other = kL3;
  other.th.decrease[0] = 3;
  EXPECT_NE(compare(m, kL3, other, kE4, 20000, 1), "");
  other = kL3;
  other.th.interval = 11;
  EXPECT_NE(compare(m, kL3, other, kE4, 20000, 1), "");
  other = kL3;
  other.levels = 2;
  EXPECT_NE(compare(m, kL3, other, kE4, 20000, 1), "");
}

// By hand (3 levels, IT 3 / 6, DT 2 / 4, HI 10): 4 events in cycle 0 pass IT_1 = 3 at the 4th (level 1);
// 3 more in cycle 1 make blocked 7 > IT_2 = 6 (level 2). At cycle 10 (the first interval end) blocked 7 is
// not below DT_2 = 4: level 2 stays, blocked 0. Nothing until cycle 20: 0 < 4, level 1; cycle 30: 0 < 2,
// level 0.
TEST(RtlAcorLevel, HandWorkedSequence) {
  Vacor_e4 m;
  configure(m, kL3);
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

// TPR's windowed counters (rtl/hiradix_tpr_window.v) and LIAN's counters with their readings
// (rtl/hiradix_lian_state.v), Verilated, against the C++ model cycle by cycle: TprCounters
// (router/routing/tpr_counters.h), and LianCounters read by LianRouting::read_counters
// (router/routing/lian_routing.cpp), the code the simulator's routing decisions use. The window, w and
// GCSth are the blocks' configuration inputs: one model per size (tests/rtl/CMakeLists.txt, Vtpr_*,
// Vlian_*) runs several configurations, each after a reset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "Vlian_h2.h"
#include "Vlian_h4.h"
#include "Vtpr_g33.h"
#include "Vtpr_g3_w1.h"
#include "Vtpr_g9.h"
#include "router/common/rng.h"
#include "router/routing/lian_routing.h"
#include "router/routing/tpr_counters.h"
#include "topology/dragonfly.h"
#include "router/rtl/verilated_bits.h"

using namespace hiradix;
using namespace hiradix::verilated;

namespace {

// The sizes of the models (tests/rtl/CMakeLists.txt): groups, the longest window W_MAX, forwards per cycle.
struct TprSize {
  int groups, w_max, e;
};
constexpr TprSize kG9{9, 16, 4}, kG3W1{3, 1, 2}, kG33{33, 200, 8};

// A cycle's group for one event: in bursts of 500 cycles, half the events go to one "hot" group (so that
// counts rise past the routing unit's 8-bit saturation with a long window), the rest are uniform.
struct GroupDraw {
  int groups, own;
  int operator()(Rng& rng, int t) const {
    const int hot = (t / 500 * 7 + 1) % groups;
    int g = (hot != own && rng.below(2) == 0) ? hot : static_cast<int>(rng.below(static_cast<std::uint32_t>(groups)));
    return g == own ? (g + 1) % groups : g;  // the router counts remote groups only
  }
};

// Forwards towards every group for `cycles` cycles, then a reset: the delay line keeps what it held (it
// is not cleared, as an SRAM would not be), and what follows must not see it. The configuration inputs
// are set before the call and stay.
template <typename M>
void busy_then_reset(M& m, int e, int gw, int cycles) {
  for (int t = 0; t < cycles; ++t) {
    m.fwd = static_cast<std::uint8_t>((1u << e) - 1);
    for (int k = 0; k < e; ++k) set_bits(m.fwd_group, k * gw, gw, static_cast<std::uint64_t>((t + k) % (1 << gw)));
    clock(m);
  }
  m.fwd = 0;
  reset(m);
}

// ---------------------------------------------------------------------------------------------------------
// TPR: every group's count each cycle, and the lookup port for a random group (one beyond G reads 0).
// The RTL runs window `rtl_window`, the C++ model `window`.
template <typename M>
std::string compare_tpr(M& m, const TprSize& size, int rtl_window, Cycle window, int cycles, std::uint64_t seed) {
  const int groups = size.groups, e = size.e;
  if (rtl_window > size.w_max) return "window beyond the model's size";
  assign(m.cfg_window, static_cast<std::uint64_t>(rtl_window));
  busy_then_reset(m, e, bits_for(groups), size.w_max + 3);  // the whole line full
  TprCounters ref(groups, window, e);
  const int gw = bits_for(groups), cw = bits_for(size.w_max * e + 1);
  const GroupDraw draw{groups, 0};
  Rng rng(seed, 21);
  std::uint32_t most = 0;
  for (int t = 0; t < cycles; ++t) {
    const Cycle now = static_cast<Cycle>(t);
    for (int g = 0; g < groups; ++g) {
      const std::uint64_t rtl = get_bits(m.count, g * cw, cw), cpp = ref.count(g, now);
      if (rtl != cpp)
        return "cycle " + std::to_string(t) + " group " + std::to_string(g) + ": RTL " + std::to_string(rtl) + ", C++ " + std::to_string(cpp);
      most = std::max(most, static_cast<std::uint32_t>(cpp));
    }
    const int look = static_cast<int>(rng.below(static_cast<std::uint32_t>(1 << gw)));
    assign(m.lookup_group, static_cast<std::uint64_t>(look));
    m.fwd = 0;
    // Busy and quiet stretches, so that counts also fall to 0.
    const int n = (t / (3 * static_cast<int>(window) + 7)) % 2 == 0 ? static_cast<int>(rng.below(static_cast<std::uint32_t>(e + 1))) : 0;
    for (int k = 0; k < n; ++k) {
      const int g = draw(rng, t);
      set_bits(m.fwd, k, 1, 1);
      set_bits(m.fwd_group, k * gw, gw, static_cast<std::uint64_t>(g));
      ref.forwarded(g, now);
    }
    m.eval();
    const std::uint64_t want = look < groups ? ref.count(look, now) : 0;
    if (m.lookup_count != want)
      return "cycle " + std::to_string(t) + " lookup " + std::to_string(look) + ": RTL " + std::to_string(m.lookup_count) + ", C++ " + std::to_string(want);
    clock(m);
  }
  // The comparison saw counts above a handful (else it would prove little).
  return most >= std::min<std::uint32_t>(3, static_cast<std::uint32_t>(window) * static_cast<std::uint32_t>(e))
             ? "" : "counts never above " + std::to_string(most);
}

template <typename M>
std::string compare_tpr(M& m, const TprSize& size, int window, int cycles, std::uint64_t seed) {
  return compare_tpr(m, size, window, static_cast<Cycle>(window), cycles, seed);
}

// 9 groups, a 10-cycle window (of at most 16), 4 forwards per cycle.
TEST(RtlTprWindow, MatchesTheModelShortWindow) {
  Vtpr_g9 m;
  EXPECT_EQ(compare_tpr(m, kG9, 10, 20000, 1), "");
}

// A window of one cycle in a model of one stage: a count is the previous cycle's forwards only.
TEST(RtlTprWindow, MatchesTheModelOneCycleWindow) {
  Vtpr_g3_w1 m;
  EXPECT_EQ(compare_tpr(m, kG3W1, 1, 5000, 2), "");
}

// Table 6-1's HW = 200 at h = 4 (33 groups, 4 terminals x speed-up 2 = 8 forwards per cycle).
TEST(RtlTprWindow, MatchesTheModelTable61) {
  Vtpr_g33 m;
  EXPECT_EQ(compare_tpr(m, kG33, 200, 20000, 3), "");
}

// One model per size runs several windows in turn, each after a reset of the same instance (the delay
// line full of the previous run's forwards): at h = 4 Table 6-1's 200, a short one, one cycle and one
// that is no divisor of anything; with 9 groups every window up to the model's 16 stages.
TEST(RtlTprWindow, OneModelServesManyWindows) {
  Vtpr_g33 big;
  int run = 0;
  for (int w : {200, 10, 1, 137}) EXPECT_EQ(compare_tpr(big, kG33, w, 6000, 30 + run++), "") << "window " << w;
  Vtpr_g9 small;
  for (int w = 1; w <= kG9.w_max; ++w) EXPECT_EQ(compare_tpr(small, kG9, w, 3000, 40 + w), "") << "window " << w;
}

// The comparison can fail: the same RTL against a model with a window one cycle longer or shorter.
TEST(RtlTprWindow, ComparisonDetectsAnotherWindow) {
  Vtpr_g9 m;
  EXPECT_NE(compare_tpr(m, kG9, 10, 11, 20000, 1), "");
  EXPECT_NE(compare_tpr(m, kG9, 10, 9, 20000, 1), "");
  Vtpr_g33 big;
  EXPECT_NE(compare_tpr(big, kG33, 200, 199, 6000, 1), "");
}

// By hand (Vtpr_g9, window 10): two forwards towards group 5 in cycle 0 and one in cycle 3 are seen from
// cycle 1 and 4, and leave the window [t - 10, t - 1] at cycles 11 and 14.
TEST(RtlTprWindow, HandWorkedWindow) {
  Vtpr_g9 m;
  assign(m.cfg_window, 10);
  reset(m);
  auto count5 = [&] { return get_bits(m.count, 5 * 7, 7); };  // CW = clog2(16 * 4 + 1) = 7
  auto cycle = [&](int forwards) {
    m.fwd = 0;
    for (int k = 0; k < forwards; ++k) {
      set_bits(m.fwd, k, 1, 1);
      set_bits(m.fwd_group, k * 4, 4, 5);
    }
    const std::uint64_t before = count5();
    clock(m);
    return before;
  };
  EXPECT_EQ(cycle(2), 0u);  // cycle 0
  EXPECT_EQ(cycle(0), 2u);  // cycle 1
  EXPECT_EQ(cycle(0), 2u);  // cycle 2
  EXPECT_EQ(cycle(1), 2u);  // cycle 3
  for (int t = 4; t <= 10; ++t) EXPECT_EQ(cycle(0), 3u) << "cycle " << t;
  EXPECT_EQ(cycle(0), 1u);  // cycle 11: cycle 0's two have left
  EXPECT_EQ(cycle(0), 1u);  // cycle 12
  EXPECT_EQ(cycle(0), 1u);  // cycle 13
  EXPECT_EQ(cycle(0), 0u);  // cycle 14
}

// ---------------------------------------------------------------------------------------------------------
// LIAN: the three readings for every destination group, each cycle, against LianRouting::read_counters on
// the state of one router of a palmtree Dragonfly with a = 2h.

// The sizes of the models (tests/rtl/CMakeLists.txt): h, the longest window W_MAX, forwards and arrivals
// per cycle, the largest w in percent WP_MAX.
struct LianSize {
  int h, w_max, e, p, wp_max;
};
constexpr LianSize kLianH2{2, 16, 4, 2, 100}, kLianH4{4, 200, 8, 4, 10000};

// What the configuration inputs carry: routing.tpr_window, lian_w_percent, lian_gcs.
struct LianConfig {
  int window, w_percent, gcs;
};

// Router `router`'s readings with the RTL configured by `rtl_config` and the C++ model by `model_config`.
template <typename M>
std::string compare_lian(M& m, const LianSize& size, const LianConfig& rtl_config, const LianConfig& model_config,
                         int router, int cycles, std::uint64_t seed) {
  const LianSize& lp = size;
  if (rtl_config.window > lp.w_max || rtl_config.w_percent > lp.wp_max) return "configuration beyond the model's size";
  const Dragonfly topo(lp.p, 2 * lp.h, lp.h, Arrangement::kPalmtree);
  const LianThresholds th{model_config.gcs, 3, 20};
  const Cycle window = static_cast<Cycle>(model_config.window);
  const LianRouting routing(topo, TprRegions{}, th, window, model_config.w_percent);
  LianState state(topo, router, window, lp.e, model_config.w_percent);
  const int groups = topo.groups(), gw = bits_for(groups), own = state.group();
  assign(m.cfg_window, static_cast<std::uint64_t>(rtl_config.window));
  assign(m.cfg_w_percent, static_cast<std::uint64_t>(rtl_config.w_percent));
  assign(m.cfg_gcs, static_cast<std::uint64_t>(rtl_config.gcs));
  m.arr = 0;
  busy_then_reset(m, lp.e, gw, lp.w_max + 3);  // the whole line full
  assign(m.own_group, static_cast<std::uint64_t>(own));
  for (int k = 0; k < lp.h; ++k) set_bits(m.global_group, k * gw, gw, static_cast<std::uint64_t>(state.global_groups()[static_cast<std::size_t>(k)]));
  const GroupDraw draw{groups, own};
  Rng rng(seed, 23);
  std::deque<int> waiting;  // groups of the packets in the injection buffers, arrived before this cycle
  int most_il = 0, most_count = 0, most_saturated = 0;
  for (int t = 0; t < cycles; ++t) {
    const Cycle now = static_cast<Cycle>(t);
    m.fwd = m.arr = 0;
    m.eval();
    for (int dst = 0; dst < groups; ++dst) {
      assign(m.dst_group, static_cast<std::uint64_t>(dst));
      m.eval();
      RoutingContext ctx;
      routing.read_counters(state, dst, now, ctx);
      if (m.tpr_count != tpr_count(ctx) || m.lian_saturated != lian_saturated(ctx) || m.lian_il != lian_il(ctx))
        return "cycle " + std::to_string(t) + " destination group " + std::to_string(dst) + ": RTL count " +
               std::to_string(m.tpr_count) + " saturated " + std::to_string(m.lian_saturated) + " IL " + std::to_string(m.lian_il) +
               ", C++ " + std::to_string(tpr_count(ctx)) + " / " + std::to_string(lian_saturated(ctx)) + " / " + std::to_string(lian_il(ctx));
      most_il = std::max(most_il, lian_il(ctx));
      most_count = std::max(most_count, tpr_count(ctx));
      most_saturated = std::max(most_saturated, lian_saturated(ctx));
    }
    // This cycle's events: forwards of waiting packets (oldest first), then arrivals. Stretches where
    // forwards stall, and quiet ones, so that the buffers (at most kBuffered packets) fill and drain.
    constexpr std::size_t kBuffered = 200;
    const bool busy = (t / 1500) % 3 != 2 && waiting.size() + static_cast<std::size_t>(lp.p) <= kBuffered;
    const int most_fwd = (t / 700) % 2 == 1 ? 1 : lp.e;
    const int fwd = static_cast<int>(std::min<std::size_t>(waiting.size(), rng.below(static_cast<std::uint32_t>(most_fwd + 1))));
    for (int k = 0; k < fwd; ++k) {
      const int g = waiting.front();
      waiting.pop_front();
      set_bits(m.fwd, k, 1, 1);
      set_bits(m.fwd_group, k * gw, gw, static_cast<std::uint64_t>(g));
      state.counters().forwarded(g, now);
    }
    const int arr = busy ? static_cast<int>(rng.below(static_cast<std::uint32_t>(lp.p + 1))) : 0;
    std::vector<int> arrived;
    for (int k = 0; k < arr; ++k) {
      const int g = draw(rng, t);
      set_bits(m.arr, k, 1, 1);
      set_bits(m.arr_group, k * gw, gw, static_cast<std::uint64_t>(g));
      state.counters().arrived(g, now);
      arrived.push_back(g);
    }
    clock(m);
    waiting.insert(waiting.end(), arrived.begin(), arrived.end());
  }
  // The comparison saw every reading move (else it would prove little).
  if (most_il < 2 || most_count < 2 || most_saturated < 1)
    return "readings barely moved: IL " + std::to_string(most_il) + ", count " + std::to_string(most_count) +
           ", saturated " + std::to_string(most_saturated);
  return "";
}

template <typename M>
std::string compare_lian(M& m, const LianSize& size, const LianConfig& c, int router, int cycles, std::uint64_t seed) {
  return compare_lian(m, size, c, c, router, cycles, seed);
}

// h = 2 (9 groups), a 12-cycle window (of at most 16), 4 forwards and 2 arrivals per cycle, w 10 %,
// GCSth 1; router 13 is in group 3.
constexpr LianConfig kH2Config{12, 10, 1};
constexpr int kH2Router = 13;
TEST(RtlLianState, MatchesTheModelH2) {
  Vlian_h2 m;
  EXPECT_EQ(compare_lian(m, kLianH2, kH2Config, kH2Router, 20000, 1), "");
}

// Table 6-1's window, w and GCSth at h = 4 (33 groups, 8 forwards and 4 arrivals per cycle); router 165
// is in group 20, so offsets wrap on both sides. The readings saturate at 255 under the hot groups.
constexpr LianConfig kTable61{200, 10, 5};
constexpr int kH4Router = 165;
TEST(RtlLianState, MatchesTheModelTable61) {
  Vlian_h4 m;
  EXPECT_EQ(compare_lian(m, kLianH4, kTable61, kH4Router, 12000, 2), "");
}

// One model per size runs several configurations in turn, each after a reset of the same instance: at
// h = 4 Table 6-1, a shorter window with w 0.25 and GCSth 2, and the key's largest w (100: a waiting packet
// weighs 100 forwarded ones); at h = 2 its configuration above, the longest window with w 0.5, a one-cycle
// window with w 0 (G is the injected count alone) and GCSth 0, and w 1.
TEST(RtlLianState, OneModelServesManyConfigurations) {
  Vlian_h4 big;
  int run = 0;
  for (const LianConfig& c : {kTable61, LianConfig{37, 25, 2}, LianConfig{200, 10000, 50}})
    EXPECT_EQ(compare_lian(big, kLianH4, c, kH4Router, 6000, 50 + run++), "") << "window " << c.window << " w " << c.w_percent;
  Vlian_h2 small;
  for (const LianConfig& c : {kH2Config, LianConfig{16, 50, 3}, LianConfig{1, 0, 0}, LianConfig{5, 100, 2}})
    EXPECT_EQ(compare_lian(small, kLianH2, c, kH2Router, 8000, 60 + run++), "") << "window " << c.window << " w " << c.w_percent;
}

// The comparison can fail: the same RTL against a model with another w, GCSth or window.
TEST(RtlLianState, ComparisonDetectsAnotherConfiguration) {
  Vlian_h2 m;
  for (const LianConfig& other : {LianConfig{12, 20, 1}, LianConfig{12, 10, 2}, LianConfig{13, 10, 1}})
    EXPECT_NE(compare_lian(m, kLianH2, kH2Config, other, kH2Router, 20000, 1), "")
        << "window " << other.window << " w " << other.w_percent << " GCSth " << other.gcs;
}

}  // namespace

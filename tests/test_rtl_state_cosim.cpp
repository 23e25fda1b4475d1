// The co-simulated state blocks' drivers (router/rtl/rtl_state_block.h) against the routings' C++ states,
// fed the same events through the hook the network attaches (RoutingState::attach_block_events): sparse
// events with long quiet stretches, so that the drivers' lazy clocking and their skips over settled
// cycles are exercised, and readings at random cycles for every destination group. The comparison can
// fail: a block configured one cycle longer, or one threshold higher, than the C++ state differs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "config/schema/config_error.h"
#include "router/common/rng.h"
#include "router/routing/acor_routing.h"
#include "router/routing/lian_routing.h"
#include "router/routing/routing_registry.h"
#include "router/routing/tpr_routing.h"
#include "router/rtl/rtl_bus.h"
#include "router/rtl/rtl_state_blocks.h"

namespace hiradix {
namespace {

struct Comparison {
  std::string first_difference;  // "" if none
  int reads = 0, moved = 0;      // readings compared, and those with a nonzero value
};

// Routing `o` at router `router` of the canonical h = 2 Dragonfly (p 2, a 4, 9 groups), its C++ state and
// the RTL block built from `rtl_options` (the same routing with other keys for the can-fail cases).
// `event(state, dst, now)` puts one event on the C++ state; `read(state, group, now, ctx)` the C++ readings.
template <class Event, class Read>
Comparison compare(const RoutingOptions& o, const RoutingOptions& rtl_options, int router, std::uint64_t seed, Event&& event,
            Read&& read) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  RoutingOptions resolved = o;
  resolve_routing_options(resolved, topo);
  const std::unique_ptr<RoutingAlgorithm> routing = make_routing(resolved, topo);
  RouterParams params;
  const int vcs = 2;
  std::unique_ptr<RoutingState> state = routing->make_state(router, params, vcs, topo.radix());
  std::vector<std::unique_ptr<RtlStateBlock>> blocks = make_rtl_state_blocks(*routing, rtl_options, topo, params, {vcs, vcs, vcs}, router + 1);
  RtlStateBlock& block = *blocks.at(static_cast<std::size_t>(router));
  state->attach_block_events(&block);
  Rng rng(seed, 5);
  Comparison run;
  Cycle now = 0;
  for (int burst = 0; burst < 60; ++burst) {
    // A busy stretch of up to 300 cycles, then silence of up to 600 (beyond the 200-cycle windows).
    const Cycle busy_end = now + 1 + rng.below(300);
    for (; now < busy_end; ++now) {
      const int events = static_cast<int>(rng.below(3));
      for (int k = 0; k < events; ++k) event(*state, static_cast<int>(rng.below(static_cast<std::uint32_t>(topo.terminals()))), now);
      if (rng.below(4) != 0) continue;
      for (int g = 0; g < topo.groups(); ++g) {
        RoutingContext ctx;
        read(*routing, *state, g, now, ctx);
        std::uint32_t rtl[3] = {};
        block.read(now, g, rtl);
        for (std::size_t i = 0; i < block.feeds().size(); ++i) {
          const std::uint32_t model = static_cast<std::uint32_t>(ctx.own[rtl_bus().find(rtl_bus().inputs, block.feeds()[i])->own]);
          ++run.reads;
          run.moved += model != 0;
          if (model != rtl[i] && run.first_difference.empty())
            run.first_difference = "cycle " + std::to_string(now) + " group " + std::to_string(g) + " " + block.feeds()[i] +
                                   ": C++ " + std::to_string(model) + ", RTL " + std::to_string(rtl[i]);
        }
      }
    }
    now += rng.below(600);
  }
  return run;
}

RoutingOptions options(const char* algorithm, const std::vector<std::pair<const char*, long long>>& keys = {}) {
  RoutingOptions o;
  o.algorithm = algorithm;
  for (const auto& [key, value] : keys) o.set(key, value);
  return o;
}

// ACOR-Switch: recomputations at injection raise the level; a decision reads it after its cycle's events.
Comparison acor(const RoutingOptions& o, const RoutingOptions& rtl, std::uint64_t seed) {
  return compare(
      o, rtl, 3, seed, [](RoutingState& s, int, Cycle now) { static_cast<AcorState&>(s).blocked(now); },
      [](const RoutingAlgorithm&, RoutingState& s, int, Cycle now, RoutingContext& ctx) { acor_level(ctx) = s.level(now); });
}

// TPR and LIAN: packets arrive in the injection buffers (reported up to 3 cycles ahead, as a link does)
// and are forwarded from them in order, once arrived; the own group's are not counted (the C++ state
// drops them, and so never reports them to the block).
template <class Read>
Comparison counters(const RoutingOptions& o, const RoutingOptions& rtl, std::uint64_t seed, Read&& read) {
  std::deque<std::pair<Packet, Cycle>> waiting;  // arrived (or arriving), not forwarded
  return compare(
      o, rtl, 5, seed,
      [&waiting](RoutingState& s, int dst, Cycle now) {
        if (dst % 2 == 0 && !waiting.empty() && waiting.front().second < now) {
          s.injection_forwarded(waiting.front().first, now);
          waiting.pop_front();
          return;
        }
        Packet pkt;
        pkt.dst = static_cast<decltype(pkt.dst)>(dst);
        const Cycle at = now + static_cast<Cycle>(dst % 4);
        if (s.events() & kInjectionArrived) s.injection_arrived(pkt, at);
        waiting.push_back({pkt, at});
      },
      read);
}

Comparison tpr(const RoutingOptions& o, const RoutingOptions& rtl, std::uint64_t seed) {
  return counters(o, rtl, seed, [](const RoutingAlgorithm&, RoutingState& s, int g, Cycle now, RoutingContext& ctx) {
    tpr_count(ctx) = static_cast<int>(std::min<std::uint32_t>(static_cast<TprState&>(s).counters().count(g, now), 255));
  });
}

Comparison lian(const RoutingOptions& o, const RoutingOptions& rtl, std::uint64_t seed) {
  return counters(o, rtl, seed, [](const RoutingAlgorithm& r, RoutingState& s, int g, Cycle now, RoutingContext& ctx) {
    static_cast<const LianRouting&>(r).read_counters(static_cast<LianState&>(s), g, now, ctx);
  });
}

TEST(StateBlockCoSim, AcorLevelFollowsTheModel) {
  const RoutingOptions o = options("acor", {{"routing.acor_increase_1", 6}, {"routing.acor_increase_2", 12},
                                            {"routing.acor_decrease_1", 3}, {"routing.acor_decrease_2", 6},
                                            {"routing.acor_interval", 40}});
  const Comparison run = acor(o, o, 1);
  EXPECT_EQ(run.first_difference, "");
  EXPECT_GT(run.moved, 100) << "the level must move for the comparison to prove something";
  // A block whose interval is one cycle longer differs.
  RoutingOptions other = o;
  other.set("routing.acor_interval", 41);
  EXPECT_NE(acor(o, other, 1).first_difference, "");
}

TEST(StateBlockCoSim, TprCountsFollowTheModel) {
  const RoutingOptions o = options("tpr", {{"routing.tpr_window", 50}});
  const Comparison run = tpr(o, o, 2);
  EXPECT_EQ(run.first_difference, "");
  EXPECT_GT(run.moved, 1000);
  RoutingOptions other = o;
  other.set("routing.tpr_window", 51);
  EXPECT_NE(tpr(o, other, 2).first_difference, "");
}

TEST(StateBlockCoSim, LianReadingsFollowTheModel) {
  const RoutingOptions o = options("lian", {{"routing.tpr_window", 30}, {"routing.lian_gcs", 1}, {"routing.lian_w_percent", 50}});
  const Comparison run = lian(o, o, 3);
  EXPECT_EQ(run.first_difference, "");
  EXPECT_GT(run.moved, 1000);
  RoutingOptions other = o;
  other.set("routing.lian_gcs", 2);
  EXPECT_NE(lian(o, other, 3).first_difference, "");
}

// Beyond the models' sizes: a clear error naming the key.
TEST(StateBlockCoSim, NetworksBeyondTheModelsAreRefusedNamingTheKey) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  RouterParams params;
  const auto refused = [&](const RoutingOptions& o, const Topology& t, const std::string& key) {
    const std::unique_ptr<RoutingAlgorithm> r = make_routing(o, t);
    try {
      make_rtl_state_blocks(*r, o, t, params, {2, 2, 2}, 1);
    } catch (const ConfigError& e) {
      return std::string(e.what()).find(key) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused(options("tpr", {{"routing.tpr_window", 201}}), topo, "routing.tpr_window"));
  EXPECT_TRUE(refused(options("acor", {{"routing.acor_interval", 5000}}), topo, "routing.acor_interval"));
  EXPECT_TRUE(refused(options("lian", {{"routing.lian_w_percent", 101}}), topo, "routing.lian_w_percent"));
  EXPECT_TRUE(refused(options("lian"), Dragonfly(3, 6, 3, Arrangement::kPalmtree), "topology.h"));
  // Routings without a co-simulated block get none.
  const std::unique_ptr<RoutingAlgorithm> pb = make_routing(options("pb"), topo);
  EXPECT_TRUE(make_rtl_state_blocks(*pb, options("pb"), topo, params, {2, 2, 2}).empty());
}

}  // namespace
}  // namespace hiradix

// TPR (seed-000 §3.12, router/routing/tpr_routing.h): the sliding window of the traffic counters by hand
// (expiry after HW = 200 cycles), the T regions at their boundaries, the decision = UGAL-L lgl with the
// region's T, and whole runs whose behaviour follows from the mechanism.
#include <gtest/gtest.h>

#include <string>

#include "router/common/rng.h"
#include "router/routing/routing_registry.h"
#include "router/routing/tpr_routing.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// ---- the counters ----

// HW = 200. A decision at cycle t sees the packets forwarded in cycles t-200 .. t-1.
TEST(TprCounters, HandWorkedWindowWithExpiry) {
  TprCounters c(4, 200, 2);
  c.forwarded(1, 5);
  c.forwarded(1, 5);
  EXPECT_EQ(c.count(1, 5), 0u) << "packets of the current cycle are not seen yet";
  c.forwarded(2, 7);
  EXPECT_EQ(c.count(1, 6), 2u);
  EXPECT_EQ(c.count(2, 7), 0u);
  EXPECT_EQ(c.count(2, 8), 1u);
  c.forwarded(1, 100);
  EXPECT_EQ(c.count(1, 101), 3u);
  EXPECT_EQ(c.count(1, 205), 3u);  // window 5..204: cycle 5 still in
  EXPECT_EQ(c.count(1, 206), 1u);  // window 6..205: both packets of cycle 5 expired
  EXPECT_EQ(c.count(2, 207), 1u);  // 7..206
  EXPECT_EQ(c.count(2, 208), 0u);  // 8..207: expired
  EXPECT_EQ(c.count(1, 300), 1u);  // 100..299
  EXPECT_EQ(c.count(1, 301), 0u);
  EXPECT_EQ(c.count(0, 301), 0u);
  EXPECT_EQ(c.count(3, 301), 0u);
}

// Reads may be far apart (an idle router is not stepped): the counts are caught up lazily, and writes
// after a long gap reuse the ring.
TEST(TprCounters, LazyCatchUpAndRingReuse) {
  TprCounters c(3, 10, 1);  // ring of 11 events
  for (Cycle t = 0; t < 11; ++t) c.forwarded(static_cast<int>(t % 3), t);
  EXPECT_EQ(c.count(0, 11), 3u);  // cycles 1..10: 3, 6, 9
  EXPECT_EQ(c.count(1, 11), 4u);  // 1, 4, 7, 10
  EXPECT_EQ(c.count(2, 11), 3u);  // 2, 5, 8
  for (Cycle t = 1000; t < 1011; ++t) c.forwarded(1, t);  // the ring is full again, all old ones gone
  EXPECT_EQ(c.count(0, 1011), 0u);
  EXPECT_EQ(c.count(1, 1011), 10u);  // 1001..1010
  EXPECT_EQ(c.count(1, 1000000), 0u);
}

// ---- the regions (seed-000 Table 6-1: LI_l = 3, LI_h = 5; T = 150, -30, -150) ----

TEST(TprRegions, BoundariesAsWritten) {
  const TprRegions r;
  EXPECT_EQ(r.threshold(0), 150);
  EXPECT_EQ(r.threshold(2), 150);   // count < LI_l: benign
  EXPECT_EQ(r.threshold(3), -30);   // LI_l <= count: mix
  EXPECT_EQ(r.threshold(4), -30);   // count < LI_h
  EXPECT_EQ(r.threshold(5), -150);  // count >= LI_h: adversarial
  EXPECT_EQ(r.threshold(255), -150);
  const TprRegions inverted{6, 4, 1, 2, 3};  // LI_l > LI_h: no mix region
  EXPECT_EQ(inverted.threshold(3), 1);
  EXPECT_EQ(inverted.threshold(4), 3);
  EXPECT_EQ(inverted.threshold(7), 3);
}

std::unique_ptr<RoutingAlgorithm> routing(const Dragonfly& topo, const std::string& algorithm, int ugal_t = 0) {
  RoutingOptions o;
  o.algorithm = algorithm;
  o.set("routing.ugal_threshold", ugal_t);
  return make_routing(o, topo);
}

// The decision at injection is UGAL-L with phase A lgl and T = the region's, whatever routing.phase_a says.
TEST(TprRouting, DecidesAsUgalLglWithTheRegionsThreshold) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto tpr = routing(topo, "tpr");
  Rng rng(7);
  std::uint16_t loads[64] = {};
  int minimal = 0, non_minimal = 0;
  for (int i = 0; i < 3000; ++i) {
    for (int p = 0; p < topo.radix(); ++p) loads[p] = static_cast<std::uint16_t>(rng.below(120));
    const int src = static_cast<int>(rng.below(static_cast<std::uint32_t>(topo.terminals())));
    RoutingContext ctx;
    ctx.router = topo.router_of_terminal(src);
    ctx.in_port = topo.port_of_terminal(src);
    ctx.random = rng.next();
    ctx.port_load = loads;
    tpr_count(ctx) = static_cast<int>(rng.below(8));
    Packet a, b;
    a.dst = b.dst = rng.below(static_cast<std::uint32_t>(topo.terminals()));
    const auto ugal = routing(topo, "ugal", TprRegions{}.threshold(tpr_count(ctx)));
    const RoutingDecision da = tpr->route(ctx, a), db = ugal->route(ctx, b);
    ASSERT_EQ(da.out_port, db.out_port) << i;
    ASSERT_EQ(da.out_vc, db.out_vc) << i;
    ASSERT_EQ(a.route.intermediate, b.route.intermediate) << i;
    ASSERT_EQ(a.route.phase, b.route.phase) << i;
    (a.route.phase == 1 ? minimal : non_minimal)++;
  }
  EXPECT_GT(minimal, 300);
  EXPECT_GT(non_minimal, 300);
}

// The state counts only packets towards other groups, from the hook the router calls at the grant.
TEST(TprRouting, StateCountsInterGroupPacketsOnly) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);  // 9 groups of 4 routers, 2 terminals each
  const auto tpr = routing(topo, "tpr");
  const auto state = tpr->make_state(0, RouterParams{}, 1, topo.radix());
  ASSERT_NE(state, nullptr);
  Packet own, far;
  own.dst = 3;   // router 1, group 0: the router's own group
  far.dst = 17;  // router 8, group 2
  state->injection_forwarded(own, 10);
  state->injection_forwarded(far, 10);
  state->injection_forwarded(far, 11);
  TprCounters& c = static_cast<TprState&>(*state).counters();
  EXPECT_EQ(c.count(0, 12), 0u);
  EXPECT_EQ(c.count(2, 12), 2u);
  EXPECT_EQ(c.count(2, 211), 1u);
}

TEST(TprRouting, KeysOfOtherReadersAreRefused) {
  try {
    load_config("", {{"routing.algorithm", "ugal"}, {"routing.tpr_low", "2"}});
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("routing.tpr_low: is read only by routing.algorithm tpr, lian;"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(load_config("", {{"routing.algorithm", "tpr"}, {"routing.source_decision", "once"}}));
}

// ---- whole runs ----

json run_ok(const Overrides& o) {
  int code = -1;
  const json r = simulate(with({{"topology.h", "2"}, {"sim.warmup", "1000"}, {"sim.measure", "3000"}}, o), &code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r.value("status", ""), "ok");
  return r;
}

double minimal_share(const json& r) { return r["path_types"].value("min", 0.0); }

// ADV+1: each router sends all its packets to the next group; at load 0.3 with p = 2 and 8-phit packets
// that is ~15 packets per 200 cycles >= LI_h, so T = -150: far fewer minimal paths than with every count
// benign (LI_l = LI_h = 255), and with a huge adversarial T almost none. UN at load 0.05: ~2.5 packets per
// window over 8 remote groups, benign, T = 150: almost all minimal. (Q counts uncredited phits, so a path
// whose first hop is a loaded global port can still lose to MIN at T = -150.)
TEST(TprRuns, RegionsFollowTheTraffic) {
  const Overrides adv1 = {{"routing.algorithm", "tpr"}, {"traffic.pattern", "adv"}, {"traffic.offset", "1"}, {"traffic.load", "0.3"}};
  const json adv = run_ok(adv1);
  const json blind = run_ok(with(adv1, {{"routing.tpr_low", "255"}, {"routing.tpr_high", "255"}}));
  const json harsh = run_ok(with(adv1, {{"routing.tpr_t_adv", "-30000"}}));
  EXPECT_LT(minimal_share(adv), 0.25) << adv["path_types"].dump();
  EXPECT_LT(minimal_share(adv), 0.5 * minimal_share(blind)) << blind["path_types"].dump();
  EXPECT_LT(minimal_share(harsh), 0.1) << harsh["path_types"].dump();
  const json un = run_ok({{"routing.algorithm", "tpr"}, {"traffic.pattern", "un"}, {"traffic.load", "0.05"}});
  EXPECT_GT(minimal_share(un), 0.95) << un["path_types"].dump();
}

}  // namespace

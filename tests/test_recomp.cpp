// Recomputation, VLB-Recomp / PB-Recomp (seed-000 §3.4, `routing.recomp`): a head blocked at its injection
// port goes through RC again, so the routing draws again; once the packet has left, its path is fixed.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "router/routing/routing_registry.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// h = 2 ADV+1 at `load` for 2,000 cycles, then no new traffic for 6,000 more: every packet is delivered
// inside the window (warm-up 0), so the window's packets and hops account for the whole run.
Overrides drained(const Overrides& routing, const std::string& load) {
  return with({{"topology.h", "2"},       {"traffic.pattern", "adv"},     {"traffic.load", load},
               {"sim.warmup", "0"},       {"sim.measure", "8000"},        {"traffic.change.at", "2000"},
               {"traffic.change.load", "0"}, {"router.rc_mode", "lockstep"}},
              routing);
}

json run_ok(const Overrides& o) {
  int code = -1;
  const json r = simulate(o, &code);
  EXPECT_FALSE(r.is_null());
  if (r.is_null()) return r;
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r["status"], "ok") << r.value("deadlock", json()).dump();
  EXPECT_TRUE(r["conservation"]["ok"].get<bool>());
  return r;
}

std::string describe(const Overrides& o) {
  std::string s;
  for (const auto& [k, v] : o) s += k + "=" + v + " ";
  return s;
}

// Routing decisions made = one per router a delivered packet passed (hops + 1, the last one ejects) plus
// one per recomputation: each recomputation is exactly one extra RC pass, and no other decision is
// repeated. The RTL routing unit takes every decision in lockstep, the recomputed ones included. Which
// configs recompute: routing.recomp on the Valiant family and PB, routing.source_decision: every_attempt
// (the default) on UGAL, PB and TPR, and ACOR and PB-ACOR always.
TEST(Recomp, EveryRecomputationIsOneMoreDecisionAndTheRtlAgreesWithEach) {
  const std::vector<std::pair<Overrides, bool>> cases = {
      {{{"routing.algorithm", "valiant"}}, false},
      {{{"routing.algorithm", "valiant"}, {"routing.recomp", "true"}}, true},
      {{{"routing.algorithm", "rvlb"}, {"routing.recomp", "true"}}, true},
      {{{"routing.algorithm", "ugal"}, {"routing.source_decision", "once"}}, false},
      {{{"routing.algorithm", "ugal"}}, true},
      {{{"routing.algorithm", "pb"}, {"routing.source_decision", "once"}}, false},
      {{{"routing.algorithm", "pb"}, {"routing.source_decision", "once"}, {"routing.recomp", "true"}}, true},
      {{{"routing.algorithm", "pb"}}, true},
      {{{"routing.algorithm", "rpb"}}, true},
      {{{"routing.algorithm", "acor"}}, true},
      {{{"routing.algorithm", "acor"}, {"routing.acor_mode", "packet"}}, true},
      {{{"routing.algorithm", "pb_acor"}}, true},
      {{{"routing.algorithm", "tpr"}, {"routing.source_decision", "once"}}, false},
      {{{"routing.algorithm", "tpr"}}, true},
  };
  for (const auto& [routing, recomputes] : cases) {
    const std::string what = describe(routing);
    const json r = run_ok(drained(routing, "0.45"));
    if (r.is_null()) continue;
    ASSERT_EQ(r["conservation"]["in_flight"].get<std::uint64_t>(), 0u) << what << ": the run must drain";
    const auto packets = r["packets"].get<std::uint64_t>();
    ASSERT_EQ(packets, r["conservation"]["created"].get<std::uint64_t>()) << what;
    const double hops = r["average_hops"].get<double>() * static_cast<double>(packets);
    EXPECT_EQ(r.contains("recomputation"), recomputes) << what;
    const std::uint64_t recomputed = recomputes ? r["recomputation"]["count"].get<std::uint64_t>() : 0;
    if (recomputes) {
      EXPECT_GT(recomputed, 50u) << what << ": ADV+1 at 0.45 blocks heads at injection";
    }
    EXPECT_DOUBLE_EQ(r["rtl"]["decisions"].get<double>(), hops + static_cast<double>(packets + recomputed)) << what;
    EXPECT_EQ(r["rtl"]["mismatches"].get<int>(), 0) << what;
  }
}

// routing.source_decision: every_attempt: UGAL decides again only while its choice is minimal (the
// seeds' simulator keeps a non-minimal choice once made), and so does TPR; PB decides again both ways.
TEST(Recomp, UgalKeepsANonMinimalChoicePbDecidesAgainBothWays) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  RouteState minimal, non_minimal;
  minimal.phase = 1;
  non_minimal.phase = 0;
  for (const std::string algorithm : {"ugal", "pb", "rpb", "tpr"}) {
    RoutingOptions o;
    o.algorithm = algorithm;
    const auto routing = make_routing(o, topo);
    EXPECT_TRUE(routing->recomputes_at_injection()) << algorithm << ": every_attempt is the default";
    EXPECT_TRUE(routing->recomputes(minimal)) << algorithm;
    EXPECT_EQ(routing->recomputes(non_minimal), algorithm != "ugal" && algorithm != "tpr") << algorithm;
    o.set("routing.source_decision", "once");
    EXPECT_FALSE(make_routing(o, topo)->recomputes_at_injection()) << algorithm;
  }
}

// seed-000 §5.5.3 (S15): recomputation lowers VLB's latency under adversarial traffic below saturation
// (-11.4% at h = 6, ADV+1 at 40%): a blocked head takes another intermediate router instead of waiting.
TEST(Recomp, LowersValiantsLatencyUnderAdversarialLoad) {
  const Overrides o = {{"topology.h", "2"},     {"routing.algorithm", "valiant"}, {"traffic.pattern", "adv"},
                       {"traffic.load", "0.4"}, {"sim.warmup", "2000"},           {"sim.measure", "6000"}};
  const json plain = run_ok(with(o, {{"routing.recomp", "false"}}));
  const json recomp = run_ok(with(o, {{"routing.recomp", "true"}}));
  ASSERT_FALSE(plain.is_null() || recomp.is_null());
  const double before = plain["latency"]["total"]["average"].get<double>();
  const double after = recomp["latency"]["total"]["average"].get<double>();
  EXPECT_LT(after, 0.97 * before) << "VLB " << before << " cycles, VLB-Recomp " << after;
  EXPECT_NEAR(recomp["accepted_load"].get<double>(), plain["accepted_load"].get<double>(), 0.01) << "both below saturation";
}

// At full load the recomputing routings keep delivering: a redraw changes only the path of a packet still
// in its source router, so the paths, and the channel dependency graph, are those of the routing without it.
TEST(Recomp, FullLoadRunsEndOkAndKeepDelivering) {
  const std::vector<std::pair<Overrides, double>> cases = {  // and the accepted load each must sustain
      {{{"routing.algorithm", "valiant"}, {"routing.recomp", "true"}}, 0.3},
      {{{"routing.algorithm", "rvlb"}, {"routing.recomp", "true"}}, 0.3},
      {{{"routing.algorithm", "pb"}, {"routing.recomp", "true"}}, 0.3},
      {{{"routing.algorithm", "rpb"}}, 0.3},
      {{{"routing.algorithm", "ugal"}}, 0.15}};
  for (const auto& [routing, floor] : cases) {
    const json r = run_ok(with({{"topology.h", "2"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}, {"sim.warmup", "1000"},
                                {"sim.measure", "4000"}, {"sim.watchdog", "1000"}},
                               routing));
    if (r.is_null()) continue;
    EXPECT_GT(r["accepted_load"].get<double>(), floor) << describe(routing);
    EXPECT_GT(r["recomputation"]["per_injected_packet"].get<double>(), 0.5) << describe(routing) << ": saturated, heads wait";
  }
}

TEST(Recomp, OtherRoutingsRefuseTheKeyNamingItsReaders) {
  try {
    load_config("", {{"routing.algorithm", "ugal"}, {"routing.recomp", "true"}});
    FAIL() << "ugal with routing.recomp accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("routing.recomp: is read only by routing.algorithm valiant, rvlb, pb, rpb"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace

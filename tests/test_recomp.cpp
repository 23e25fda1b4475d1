// Recomputation, VLB-Recomp / PB-Recomp (seed-000 §3.4, `routing.recomp`): a head blocked at its injection
// port goes through RC again, so the routing draws again; once the packet has left, its path is fixed.
#include <gtest/gtest.h>

#include <string>

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// h = 2 ADV+1 at `load` for 2,000 cycles, then no new traffic for 2,000 more: every packet is delivered
// inside the window (warm-up 0), so the window's packets and hops account for the whole run.
Overrides drained(const std::string& algorithm, const std::string& recomp, const std::string& load) {
  return {{"topology.h", "2"},        {"routing.algorithm", algorithm}, {"routing.recomp", recomp},
          {"traffic.pattern", "adv"}, {"traffic.load", load},           {"sim.warmup", "0"},
          {"sim.measure", "4000"},    {"traffic.change.at", "2000"},    {"traffic.change.load", "0"},
          {"router.rc_mode", "lockstep"}};
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

// Routing decisions made = one per router a delivered packet passed (hops + 1, the last one ejects) plus
// one per recomputation: each recomputation is exactly one extra RC pass, and no other decision is
// repeated. The RTL routing unit takes every decision in lockstep, the recomputed ones included.
TEST(Recomp, EveryRecomputationIsOneMoreDecisionAndTheRtlAgreesWithEach) {
  for (const std::string algorithm : {"valiant", "rvlb", "pb", "rpb"}) {
    for (const std::string recomp : {"false", "true"}) {
      const json r = run_ok(drained(algorithm, recomp, "0.45"));
      if (r.is_null()) continue;
      ASSERT_EQ(r["conservation"]["in_flight"].get<std::uint64_t>(), 0u) << "the run must drain";
      const auto packets = r["packets"].get<std::uint64_t>();
      ASSERT_EQ(packets, r["conservation"]["created"].get<std::uint64_t>());
      const double hops = r["average_hops"].get<double>() * static_cast<double>(packets);
      const std::uint64_t recomputed = recomp == "true" ? r["recomputation"]["count"].get<std::uint64_t>() : 0;
      EXPECT_EQ(r.contains("recomputation"), recomp == "true") << algorithm;
      if (recomp == "true") {
        EXPECT_GT(recomputed, 100u) << algorithm << ": ADV+1 at 0.45 blocks heads at injection";
      }
      EXPECT_DOUBLE_EQ(r["rtl"]["decisions"].get<double>(), hops + static_cast<double>(packets + recomputed))
          << algorithm << " recomp " << recomp;
      EXPECT_EQ(r["rtl"]["mismatches"].get<int>(), 0) << algorithm;
    }
  }
}

// seed-000 §5.5.3 (S15): recomputation lowers VLB's latency under adversarial traffic below saturation
// (-11.4% at h = 6, ADV+1 at 40%): a blocked head takes another intermediate router instead of waiting.
TEST(Recomp, LowersValiantsLatencyUnderAdversarialLoad) {
  Overrides o = {{"topology.h", "2"},         {"routing.algorithm", "valiant"}, {"traffic.pattern", "adv"},
                 {"traffic.load", "0.4"},     {"sim.warmup", "2000"},           {"sim.measure", "6000"}};
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
  for (const std::string algorithm : {"valiant", "rvlb", "pb", "rpb"}) {
    const json r = run_ok({{"topology.h", "2"}, {"routing.algorithm", algorithm}, {"routing.recomp", "true"},
                           {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}, {"sim.warmup", "1000"},
                           {"sim.measure", "4000"}, {"sim.watchdog", "1000"}});
    if (r.is_null()) continue;
    EXPECT_GT(r["accepted_load"].get<double>(), 0.3) << algorithm;
    EXPECT_GT(r["recomputation"]["per_injected_packet"].get<double>(), 1.0) << algorithm << ": saturated, heads wait";
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

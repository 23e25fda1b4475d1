// Hot-spot traffic as seed 001 runs it (traffic.hotspot_mode sources, §4.2 and §6.8; issue 28): the hot
// sources counted by hand and drawn uniformly, each source's destinations (hot sources only to the hot
// nodes, the others never), result.json's `hotspot` split summing to accepted_load, the hot node's ejection
// link and the sources' injection links bounding it, and the head-of-line blocking that band-based queues
// are for (DBBQ and BBQ against the single queue).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/skewed_patterns.h"
#include "sim_helpers.h"
#include "testbench/traffic.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::unique_ptr<Topology> dragonfly() {  // h = 2: 72 nodes
  TopologyOptions o;
  o.type = "dragonfly";
  o.set("topology.h", 2);
  return make_topology(o);
}

TrafficSchedule by_sources(const std::vector<int>& hot, double fraction) {
  TrafficSchedule s;
  s.initial.components = {{PatternKind::kHotspot, 1, 1.0}};
  s.hotspot_nodes = hot;
  s.hotspot_fraction = fraction;
  s.hotspot_by_source = true;
  return s;
}

// `draws` destinations of every node under `schedule`, through the NIC's path (pick_destination):
// count[source][destination].
std::vector<std::vector<long>> histograms(const TrafficSchedule& schedule, const Topology& topo, long draws, std::uint64_t seed) {
  const PermutationTables tables(schedule, topo, seed);
  std::vector<std::vector<long>> count(static_cast<std::size_t>(topo.nodes()), std::vector<long>(static_cast<std::size_t>(topo.nodes()), 0));
  for (int src = 0; src < topo.nodes(); ++src) {
    const TrafficSource source(topo, src, &tables);
    Rng rng(seed, static_cast<std::uint64_t>(src));
    for (long i = 0; i < draws; ++i) ++count[static_cast<std::size_t>(src)][static_cast<std::size_t>(pick_destination(schedule.initial, topo, source, rng))];
  }
  return count;
}

}  // namespace

// ---- which nodes are hot sources ----

// round(f × (N − |H|)), half-way up, counted by hand: 72 nodes of which 1 hot: 0.25 × 71 = 17.75 -> 18; 2 hot:
// 0.25 × 70 = 17.5 -> 18; 0.1 × 70 = 7; f = 1: all 70; f = 0: none. Never a hot node, each once, ascending,
// the same for the same seed and not for another.
TEST(HotspotSources, CountIsTheRoundedShareOfTheNonHotNodes) {
  const auto t = dragonfly();
  struct Case {
    std::vector<int> hot;
    double fraction;
    std::size_t expected;
  };
  for (const Case& c : {Case{{40}, 0.25, 18}, Case{{3, 17}, 0.25, 18}, Case{{3, 17}, 0.1, 7}, Case{{3, 17}, 1.0, 70}, Case{{3, 17}, 0.0, 0}}) {
    const PermutationTables tables(by_sources(c.hot, c.fraction), *t, 5);
    const std::vector<int>& sources = tables.hot_sources();
    EXPECT_EQ(sources.size(), c.expected) << c.fraction;
    EXPECT_TRUE(std::is_sorted(sources.begin(), sources.end()));
    EXPECT_EQ(std::set<int>(sources.begin(), sources.end()).size(), sources.size());
    for (int s : sources) {
      EXPECT_EQ(std::count(c.hot.begin(), c.hot.end(), s), 0) << "hot node " << s << " drawn as a source";
      EXPECT_GE(s, 0);
      EXPECT_LT(s, t->nodes());
    }
  }
  const PermutationTables a(by_sources({40}, 0.25), *t, 5), b(by_sources({40}, 0.25), *t, 5), other(by_sources({40}, 0.25), *t, 6);
  EXPECT_EQ(a.hot_sources(), b.hot_sources());
  EXPECT_NE(a.hot_sources(), other.hot_sources());
}

// Over many seeds each non-hot node is a hot source k / (N − |H|) of the time (18 / 71 here), by Pearson's
// chi-square against that uniform share; drawing without replacement only lowers the statistic's variance,
// so the 1e-4 bound of a chi-square of 70 degrees of freedom (~ 120) is a looser test, never a spurious failure.
TEST(HotspotSources, EveryNonHotNodeIsEquallyLikelyASource) {
  std::vector<int> cold;
  for (int n = 0; n < 72; ++n)
    if (n != 40) cold.push_back(n);
  const int seeds = 4000;
  std::vector<long> times(72, 0);
  for (int seed = 0; seed < seeds; ++seed)
    for (int s : hotspot_sources(cold, 0.25, static_cast<std::uint64_t>(seed))) ++times[static_cast<std::size_t>(s)];
  EXPECT_EQ(times[40], 0);
  const double expected = seeds * 18.0 / 71.0;
  double stat = 0;
  for (int n : cold) stat += (times[static_cast<std::size_t>(n)] - expected) * (times[static_cast<std::size_t>(n)] - expected) / expected;
  EXPECT_LT(stat, 120.0);
  EXPECT_GT(stat, 20.0);  // ... and random: a chi-square of 70 df is below 20 with probability ~1e-10
}

// ---- where each source sends ----

// With a fixed seed, 4,000 packets of every node: a hot source sends only to the hot nodes, each of two
// about half the time; every other node, hot ones included, never to a hot node nor itself and to each of
// the cold nodes (1 / |cold \ {s}| each, within 5 standard deviations).
TEST(HotspotSources, HotSourcesSendOnlyToTheHotNodesAndTheOthersNever) {
  const auto t = dragonfly();
  const int n = t->nodes();
  const std::vector<int> hot = {3, 17};
  const TrafficSchedule s = by_sources(hot, 0.25);
  const PermutationTables tables(s, *t, 9);
  const std::set<int> sources(tables.hot_sources().begin(), tables.hot_sources().end());
  ASSERT_EQ(sources.size(), 18u);
  const long draws = 4000;
  const auto count = histograms(s, *t, draws, 9);
  int seen_sources = 0;
  for (int src = 0; src < n; ++src) {
    const std::vector<long>& c = count[static_cast<std::size_t>(src)];
    EXPECT_EQ(c[static_cast<std::size_t>(src)], 0) << "source " << src << " sent to itself";
    const long to_hot = c[3] + c[17];
    if (sources.count(src)) {
      ++seen_sources;
      EXPECT_EQ(to_hot, draws) << "hot source " << src;
      for (int h : hot) EXPECT_NEAR(c[static_cast<std::size_t>(h)], draws / 2.0, 5 * std::sqrt(draws * 0.25)) << src;
    } else {
      EXPECT_EQ(to_hot, 0) << "source " << src << " is not a hot source";
      const int others = n - 2 - (src == 3 || src == 17 ? 0 : 1);
      const double p = 1.0 / others;
      for (int d = 0; d < n; ++d) {
        if (d == src || d == 3 || d == 17) continue;
        EXPECT_NEAR(c[static_cast<std::size_t>(d)], draws * p, 5 * std::sqrt(draws * p * (1 - p))) << src << " -> " << d;
      }
    }
  }
  EXPECT_EQ(seen_sources, 18);
}

// ---- config ----

// The mode is checked against its choices whatever the pattern (as traffic.hotspot_fraction against its
// range), and otherwise unused without hotspot (as traffic.hotspot_nodes).
TEST(HotspotSourcesConfig, ModeIsAChoiceNamedInItsError) {
  const Overrides hot{{"topology.type", "mesh"}, {"topology.dims", "[4,4]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", "hotspot"}};
  EXPECT_EQ(config_error(with(hot, {{"traffic.hotspot_mode", "sources"}})), "accepted");
  EXPECT_EQ(config_error(with(hot, {{"traffic.hotspot_mode", "packets"}})), "accepted");
  EXPECT_EQ(config_error(with(hot, {{"traffic.pattern", "un"}, {"traffic.hotspot_mode", "sources"}})), "accepted");
  const std::string bad = config_error(with(hot, {{"traffic.hotspot_mode", "nodes"}}));
  EXPECT_EQ(bad.rfind("config error: traffic.hotspot_mode: ", 0), 0u) << bad;
  EXPECT_NE(bad.find("sources"), std::string::npos) << bad;  // the choices are listed
  EXPECT_EQ(config_error(with(hot, {{"traffic.pattern", "un"}, {"traffic.hotspot_mode", "nodes"}})), bad);
  const Config packets = load_config("", hot);
  EXPECT_FALSE(packets.traffic.hotspot_by_source);
  EXPECT_EQ(packets.resolved["traffic"]["hotspot_mode"], "packets");
  const Config sources = load_config("", with(hot, {{"traffic.hotspot_mode", "sources"}}));
  EXPECT_TRUE(sources.traffic.hotspot_by_source);
  EXPECT_EQ(sources.resolved["traffic"]["hotspot_mode"], "sources");
}

// ---- network runs: result.json's hotspot ----

namespace {

Overrides mesh4_sources(const char* load) {
  return {{"topology.type", "mesh"}, {"topology.dims", "[4,4]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", "hotspot"},
          {"traffic.hotspot_mode", "sources"}, {"traffic.load", load}, {"sim.warmup", "1000"}, {"sim.measure", "6000"}};
}

double field(const json& r, const char* key) { return r["hotspot"][key].get<double>(); }

}  // namespace

// The split is by each delivered packet's destination over the same window and nodes as accepted_load, so
// the two parts sum to it (the same integer phits, two divisions); below saturation it is what is offered:
// 4 of the 15 non-hot nodes send to hot node 0 (round(0.25 × 15)), hot = 4 × 0.2 / 16 = 0.05, cold = 12 ×
// 0.2 / 16 = 0.15. Other patterns write no `hotspot`.
TEST(HotspotSourcesRun, ColdAndHotSumToTheAcceptedLoad) {
  for (const char* mode : {"sources", "packets"}) {
    const json r = run_sane(with(mesh4_sources("0.2"), {{"traffic.hotspot_mode", mode}}));
    ASSERT_FALSE(r.is_null());
    ASSERT_TRUE(r.contains("hotspot")) << mode;
    EXPECT_NEAR(field(r, "cold_accepted_load") + field(r, "hot_accepted_load"), r["accepted_load"].get<double>(), 1e-12) << mode;
    EXPECT_GT(r["hotspot"]["cold_packets"].get<std::uint64_t>(), 0u);
    EXPECT_LE(r["hotspot"]["cold_packets"].get<std::uint64_t>(), r["packets"].get<std::uint64_t>());
    EXPECT_GT(field(r, "cold_latency"), 0.0);
    if (std::string(mode) == "sources") {
      EXPECT_NEAR(field(r, "hot_accepted_load"), 4 * 0.2 / 16, 0.006);
      EXPECT_NEAR(field(r, "cold_accepted_load"), 12 * 0.2 / 16, 0.01);
    }
  }
  const json un = run_sane(with(mesh4_sources("0.2"), {{"traffic.pattern", "un"}}));
  ASSERT_FALSE(un.is_null());
  EXPECT_FALSE(un.contains("hotspot"));
}

// Seed 001's absorbable load on a 4 × 4 mesh with DOR, hot node 0, fraction 0.25, offered 1.0: 4 hot
// sources offer node 0 four phits a cycle and its ejection link takes one, so hot_accepted_load <= 1 / 16
// (per node over the 16), plus one packet's 8 phits whose tail ends in the window's first cycles (8 / (6000
// × 16)). Cold packets come only from the 11 other non-hot nodes and the hot node, whose injection links
// take one phit a cycle each: cold_accepted_load <= 12 / 16 = 0.75, plus the same packet's slack per node
// (12 × 8 / (6000 × 16)). Both links saturated, the hot one is kept busy: at least half of 1 / 16.
TEST(HotspotSourcesRun, TheHotEjectionAndTheColdInjectionLinksBoundTheLoads) {
  const json r = run_sane(mesh4_sources("1.0"));
  ASSERT_FALSE(r.is_null());
  const double slack = 8.0 / (6000 * 16);
  EXPECT_LE(field(r, "hot_accepted_load"), 1.0 / 16 + slack);
  EXPECT_GT(field(r, "hot_accepted_load"), 0.5 / 16);
  EXPECT_LE(field(r, "cold_accepted_load"), 12.0 / 16 + 12 * slack);
  EXPECT_GT(field(r, "cold_accepted_load"), 0.0);
}

// ---- head-of-line blocking: what band-based queues are for (seed 001 §2.3, §6.8) ----

namespace {

// An 8 × 8 mesh under OSHA, seed 001's hot-spot scenario with hot node 27 (router (3, 3), mid-mesh): 16 of
// the 63 others (round(0.25 × 63)) send everything there, 16 × load phits a cycle into a link of 1, so from
// load 1/16 on the hot flows fill the queues on their way and block the cold packets behind them.
Overrides mesh8_hotspot(const char* load) {
  return {{"topology.type", "mesh"},           {"topology.dims", "[8, 8]"}, {"topology.p", "1"},
          {"routing.algorithm", "osha"},       {"traffic.pattern", "hotspot"}, {"traffic.hotspot_mode", "sources"},
          {"traffic.hotspot_nodes", "[27]"},   {"traffic.load", load},       {"sim.warmup", "2000"},
          {"sim.measure", "5000"}};
}

}  // namespace

// Under hot-spot traffic, DBBQ keeps the throughput of the flows that do not go to the hot spot well above
// the single-queue scheme's (issue 28). The cold flows offer 48 / 64 × load (47 cold nodes and the hot
// one), 0.225 / 0.375 / 0.6, and no scheme reaches it. cold_accepted_load measured (seed 1; loads 0.3 / 0.5 / 0.8):
//   vc (OSHA's one VC per VN)             0.129 / 0.181 / 0.212
//   vc with 4 VCs (2 per VN, dbbq 2's)    0.126 / 0.188 / 0.219
//   dbbq, 2 bands                         0.141 / 0.216 / 0.262
//   dbbq, 4 bands                         0.171 / 0.259 / 0.304
// Over seeds 1-4 at these loads and seed 5 at 0.5 (another set of hot sources each) dbbq 4 gave 1.24 to
// 1.71 times vc's cold load, dbbq 2 1.09 to 1.48 times, and dbbq 2 1.11 to 1.20 times the 4-VC vc at load
// 0.5: the margins asserted at seed 1, 1.2, 1.05 and 1.05, are below every seed's, so they test the
// mechanism rather than one seed's luck. The 4-VC vc has dbbq 2's VCs and buffers, distributed by OSHA
// rather than by band: the gain is the banding, not the space. The hot link stays saturated (1 phit a cycle:
// 1/64 per node) in every scheme, so the cold flows gain without taking from the hot one.
TEST(HotspotHeadOfLine, DbbqKeepsTheColdFlowsWellAboveTheSingleQueue) {
  const auto cold = [](const json& r) { return r["hotspot"]["cold_accepted_load"].get<double>(); };
  for (const char* load : {"0.3", "0.5", "0.8"}) {
    const json vc = run_sane(mesh8_hotspot(load));
    const json dbbq2 = run_sane(with(mesh8_hotspot(load), {{"router.queues", "dbbq"}, {"router.bands", "2"}}));
    const json dbbq4 = run_sane(with(mesh8_hotspot(load), {{"router.queues", "dbbq"}, {"router.bands", "4"}}));
    ASSERT_FALSE(vc.is_null() || dbbq2.is_null() || dbbq4.is_null()) << load;
    for (const json* r : {&vc, &dbbq2, &dbbq4}) EXPECT_NEAR(field(*r, "hot_accepted_load"), 1.0 / 64, 0.001) << load;
    EXPECT_GT(cold(dbbq4), 1.2 * cold(vc)) << "load " << load;
    EXPECT_GT(cold(dbbq2), 1.05 * cold(vc)) << "load " << load;
    EXPECT_LT(field(dbbq4, "cold_latency"), field(vc, "cold_latency")) << "load " << load;
  }
  const json vc4 = run_sane(with(mesh8_hotspot("0.5"), {{"router.vcs.network", "4"}, {"router.vcs.injection", "4"}}));
  const json dbbq2 = run_sane(with(mesh8_hotspot("0.5"), {{"router.queues", "dbbq"}, {"router.bands", "2"}}));
  ASSERT_FALSE(vc4.is_null() || dbbq2.is_null());
  EXPECT_GT(cold(dbbq2), 1.05 * cold(vc4));
}

// The same with BBQ under DOR (one VC: one queue per port without bands), load 0.5: cold_accepted_load 0.122
// with the one queue, 0.169 with 2 bands, 0.212 with 4; 4 bands gave 1.45 to 1.73 times the one queue's over
// seeds 1-5, hence the margin 1.3.
TEST(HotspotHeadOfLine, BbqDoesTheSameUnderDor) {
  const Overrides dor = with(mesh8_hotspot("0.5"), {{"routing.algorithm", "dor"}});
  const json one = run_sane(dor);
  const json bbq4 = run_sane(with(dor, {{"router.queues", "bbq"}, {"router.bands", "4"}}));
  ASSERT_FALSE(one.is_null() || bbq4.is_null());
  EXPECT_GT(field(bbq4, "cold_accepted_load"), 1.3 * field(one, "cold_accepted_load"));
}

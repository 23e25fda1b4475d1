// LIAN (seed-000 §3.13, router/routing/lian_routing.h): the counters of Eq. 6-1 by hand (window, waiting
// packets weighted by w, events seen from the next cycle), Eq. 6-2 against the thesis' worked examples,
// the counters that a destination's offset reads, the readings and the policy table, and whole runs whose
// path types follow from the thresholds.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "router/routing/lian_routing.h"
#include "router/routing/routing_registry.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// ---- Eq. 6-1 ----

TEST(LianCounters, HandWorkedExtendedCounter) {
  LianCounters c(5, 200, 4, 10);  // w = 0.1
  c.arrived(2, 10);
  c.arrived(2, 12);
  c.arrived(3, 11);
  EXPECT_EQ(c.stored(2, 10), 0u) << "an arrival is seen from the next cycle";
  EXPECT_EQ(c.stored(2, 11), 1u);
  EXPECT_EQ(c.stored(2, 13), 2u);
  EXPECT_EQ(c.stored(3, 12), 1u);
  c.forwarded(2, 15);
  EXPECT_EQ(c.stored(2, 15), 2u);
  EXPECT_EQ(c.injected(2, 15), 0u);
  EXPECT_EQ(c.stored(2, 16), 1u);
  EXPECT_EQ(c.injected(2, 16), 1u);
  EXPECT_EQ(c.extended(2, 16), 100u + 10u);  // 1 injected + 0.1 * 1 waiting, in hundredths
  EXPECT_EQ(c.extended(3, 16), 10u);
  EXPECT_EQ(c.extended(2, 215), 110u);  // window 15..214
  EXPECT_EQ(c.extended(2, 216), 10u);   // 16..215: the forward of cycle 15 expired, the packet still waits
  c.arrived(4, 300);                     // delivered early, stamped with its arrival
  EXPECT_EQ(c.stored(4, 250), 0u);
  EXPECT_EQ(c.stored(4, 301), 1u);
  LianCounters heavy(5, 200, 4, 250);  // w = 2.5
  heavy.arrived(1, 0);
  heavy.arrived(1, 0);
  EXPECT_EQ(heavy.extended(1, 1), 500u);
}

// ---- Eq. 6-2 ----

// G = 1 packet (100) at one offset: lian_il_scaled is that offset's weight (h - |j|) times 100.
std::map<int, std::uint64_t> weights(int h, int signed_k) {
  std::map<int, std::uint64_t> w;
  const int groups = 2 * h * h + 1;
  for (int o = -h * h; o <= h * h; ++o) {
    if (o == 0) continue;
    const std::uint64_t x = lian_il_scaled(h, signed_k, [&](int offset) {
      const int norm = ((offset % groups) + groups) % groups, want = ((o % groups) + groups) % groups;
      return norm == want ? std::uint64_t{100} : 0;
    });
    if (x) w[o] = x / 100;
  }
  return w;
}

// h = 4: IL_{-3} = 1/4 G9 + 1/2 G10 + 3/4 G11 + G12 + 3/4 G13 + 1/2 G14 + 1/4 G15 (the thesis, §6.2.3.2).
TEST(LianIl, ThesisWorkedExampleH4) {
  EXPECT_EQ(weights(4, -3), (std::map<int, std::uint64_t>{{9, 1}, {10, 2}, {11, 3}, {12, 4}, {13, 3}, {14, 2}, {15, 1}}));
  // The mirror IL_{+3} reads the negative offsets with the same weights.
  EXPECT_EQ(weights(4, +3), (std::map<int, std::uint64_t>{{-9, 1}, {-10, 2}, {-11, 3}, {-12, 4}, {-13, 3}, {-14, 2}, {-15, 1}}));
  // IL_{-4} reaches past h^2 = 16: offsets 17..19 are -16..-14 (mod 33); offset 16 and -16 both load l_{-4}.
  EXPECT_EQ(weights(4, -4), (std::map<int, std::uint64_t>{{13, 1}, {14, 2}, {15, 3}, {16, 4}, {-16, 3}, {-15, 2}, {-14, 1}}));
}

// h = 6 mixes: (+2, +4) IL_{-1} = 2/6 G2 + 4/6 G4; (+3, +9) IL_{-1} = 3/6 G3 + 3/6 G9; (+9, +11)
// IL_{-1} = 3/6 G9 + 1/6 G11 and IL_{-2} = 3/6 G9 + 5/6 G11.
TEST(LianIl, ThesisMixesH6) {
  const auto il = [](int signed_k, std::map<int, std::uint64_t> g) {
    return lian_il_scaled(6, signed_k, [&](int offset) { return g.count(offset) ? g[offset] : 0; });
  };
  EXPECT_EQ(il(-1, {{2, 600}, {4, 600}}), (2 + 4) * 600u);
  EXPECT_EQ(il(-1, {{3, 600}, {9, 600}}), (3 + 3) * 600u);
  EXPECT_EQ(il(-1, {{9, 600}, {11, 600}}), (3 + 1) * 600u);
  EXPECT_EQ(il(-2, {{9, 600}, {11, 600}}), (3 + 5) * 600u);
}

TEST(LianIl, RelevantCountersOfAnOffset) {
  const auto relevant = [](int h, int d) {
    int out[2] = {0, 0};
    const int n = lian_relevant_il(h, d, out);
    return std::vector<int>(out, out + n);
  };
  EXPECT_EQ(relevant(4, 9), (std::vector<int>{-2, -3}));  // 9 = 2*4 + 1
  EXPECT_EQ(relevant(4, 8), (std::vector<int>{-2}));      // m = 0: one counter
  EXPECT_EQ(relevant(4, -8), (std::vector<int>{2}));
  EXPECT_EQ(relevant(4, -11), (std::vector<int>{2, 3}));
  EXPECT_EQ(relevant(4, 3), (std::vector<int>{-1}));      // k = 0: only IL_{-(k+1)}
  EXPECT_EQ(relevant(4, 16), (std::vector<int>{-4}));     // h^2
  EXPECT_EQ(relevant(6, 11), (std::vector<int>{-1, -2}));
}

// ---- the readings and the policy ----

std::unique_ptr<RoutingAlgorithm> lian(const Dragonfly& topo, const Overrides& keys = {}) {
  RoutingOptions o;
  o.algorithm = "lian";
  for (const auto& [k, v] : keys) o.set(k, std::stoll(v));
  return make_routing(o, topo);
}

// h = 2 (9 groups, offsets -4..4), router 0 of group 0, defaults GCSth 5, w 0.1.
TEST(LianRouting, ReadingsByHand) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = lian(topo);
  const auto& routing = dynamic_cast<const LianRouting&>(*r);
  {  // l1: 6 packets towards the first global link's group (G = 6 > 5), 5 towards the second (not > 5)
    auto s = r->make_state(0, RouterParams{}, 1, topo.radix());
    auto& st = static_cast<LianState&>(*s);
    for (int k = 0; k < 2; ++k)
      for (int i = 0; i < 6 - k; ++i) {
        st.counters().arrived(st.global_groups()[static_cast<std::size_t>(k)], 9);
        st.counters().forwarded(st.global_groups()[static_cast<std::size_t>(k)], 10);
      }
    RoutingContext ctx;
    routing.read_counters(st, 0, 11, ctx);  // a destination in the own group: only l1's reading
    EXPECT_EQ(lian_saturated(ctx), 1);
    EXPECT_EQ(tpr_count(ctx), 0);
    EXPECT_EQ(lian_il(ctx), 0);
    RoutingContext later;
    routing.read_counters(st, 0, 211, later);  // the window 11..210 no longer holds cycle 10
    EXPECT_EQ(lian_saturated(later), 0);
  }
  // IL and T: 2 packets forwarded towards group 3 (G3 = 2), 41 waiting for group 4 (G4 = 4.1).
  auto s = r->make_state(0, RouterParams{}, 1, topo.radix());
  auto& st = static_cast<LianState&>(*s);
  st.counters().arrived(3, 4);
  st.counters().arrived(3, 4);
  for (int i = 0; i < 41; ++i) st.counters().arrived(4, 5);
  st.counters().forwarded(3, 6);
  st.counters().forwarded(3, 6);
  const auto read = [&](int dst_group, Cycle now) {
    RoutingContext ctx;
    routing.read_counters(st, dst_group, now, ctx);
    return std::make_pair(tpr_count(ctx), lian_il(ctx));
  };
  // Reads in cycle order (the counters catch up lazily). Offset +3 = 1*2 + 1 reads IL_{-1} = (G1 + 2 G2 +
  // G3) / 2 and IL_{-2} = (G3 + 2 G4 + G5) / 2. At cycle 6 the forwards of cycle 6 are not seen yet:
  // G3 = 0.2 (2 waiting), G4 = 4.1, so IL_{-2} = 4.2 -> 5.
  EXPECT_EQ(read(3, 6), std::make_pair(0, 5));
  // At 7: G3 = 2 (forwarded), IL_{-1} = 1, IL_{-2} = 5.1 -> 6.
  EXPECT_EQ(read(3, 7), std::make_pair(2, 6));
  // Offset +2 = 1*2: IL_{-1} only, exactly 1 (no rounding up of an integer).
  EXPECT_EQ(read(2, 7), std::make_pair(0, 1));
  // Offset -3 (group 6): IL_{+1} (groups 8, 7, 6: empty) and IL_{+2} = (G6 + 2 G5 + G4) / 2 = 2.05 -> 3.
  EXPECT_EQ(read(6, 7), std::make_pair(0, 3));
}

TEST(LianRouting, PolicyTable) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = lian(topo);
  const auto& routing = dynamic_cast<const LianRouting&>(*r);
  const auto policy = [&](int saturated, int il) {
    RoutingContext ctx;
    lian_saturated(ctx) = saturated;
    lian_il(ctx) = il;
    return routing.policy(ctx);
  };
  // SGCth 3, ILCth 20, both strict.
  EXPECT_EQ(policy(3, 20), PhaseA::kG);
  EXPECT_EQ(policy(3, 21), PhaseA::kGl);
  EXPECT_EQ(policy(4, 20), PhaseA::kLg);
  EXPECT_EQ(policy(4, 21), PhaseA::kLgl);
}

TEST(LianRouting, NeedsTheBalancedPalmtree) {
  for (const Overrides& o : {Overrides{{"topology.h", "2"}, {"topology.arrangement", "consecutive"}},
                             Overrides{{"topology.p", "3"}, {"topology.a", "3"}, {"topology.h", "2"}}}) {
    try {
      const Config c = load_config("", with(o, {{"routing.algorithm", "lian"}}));
      make_routing(c.routing, *make_topology(c));
      ADD_FAILURE() << "accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("routing.algorithm: lian needs the palmtree arrangement with topology.a = 2 * topology.h"),
                std::string::npos)
          << e.what();
    }
  }
}

// ---- whole runs ----

json run_ok(const Overrides& o) {
  int code = -1;
  const json r = simulate(with({{"topology.h", "2"}, {"sim.warmup", "1000"}, {"sim.measure", "3000"}, {"routing.algorithm", "lian"}}, o), &code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r.value("status", ""), "ok");
  EXPECT_TRUE(r["conservation"].value("ok", false));
  return r;
}
double share(const json& r, const char* type) { return r["path_types"].value(type, 0.0); }

// The thresholds decide the non-minimal shapes, as exclusions. A path's shape is the hops it took, so a
// policy also gives the shorter shapes its draw can degenerate to (-gl's R_ROOT may be the far end of the
// global link: shape -g-), but never a longer one: lgl only under lgl, lg- only under lg- or lgl, -gl
// only under -gl or lgl. ADV+1 at h = 2: a destination at offset +1 reads IL_{-1}, which holds its own
// group's G, so ILCth 0 always takes l2; GCSth 0 and SGCth 0 take l1 at the routers whose global links
// reach a group they send to; unreachable thresholds take neither.
TEST(LianRuns, PathShapesFollowTheThresholds) {
  const Overrides adv = {{"traffic.pattern", "adv"}, {"traffic.load", "0.3"}};
  const auto shares = [](const json& r) { return r["path_types"].dump(); };
  const json plain = run_ok(with(adv, {{"routing.lian_sgc", "63"}, {"routing.lian_ilc", "254"}}));
  EXPECT_GT(share(plain, "-g-"), 0.3) << shares(plain);
  EXPECT_EQ(share(plain, "lgl") + share(plain, "lg-") + share(plain, "-gl"), 0.0) << shares(plain);
  const json l1 = run_ok(with(adv, {{"routing.lian_sgc", "0"}, {"routing.lian_gcs", "0"}, {"routing.lian_ilc", "254"}}));
  EXPECT_GT(share(l1, "lg-"), 0.1) << shares(l1);
  EXPECT_EQ(share(l1, "lgl") + share(l1, "-gl"), 0.0) << shares(l1);
  const json l2 = run_ok(with(adv, {{"routing.lian_sgc", "63"}, {"routing.lian_ilc", "0"}}));
  EXPECT_GT(share(l2, "-gl"), 0.1) << shares(l2);
  EXPECT_EQ(share(l2, "lgl") + share(l2, "lg-"), 0.0) << shares(l2);
  const json both = run_ok(with(adv, {{"routing.lian_sgc", "0"}, {"routing.lian_gcs", "0"}, {"routing.lian_ilc", "0"}}));
  EXPECT_GT(share(both, "lgl"), 0.1) << shares(both);
  // UN at low load: every count stays in the benign region, T = 150: nearly all minimal.
  const json un = run_ok({{"traffic.pattern", "un"}, {"traffic.load", "0.05"}});
  EXPECT_GT(share(un, "min"), 0.95) << shares(un);
}

// trace.lian writes a row per injection decision at trace.router, with the readings and the policy they
// pick by the table of §3.13 (UN with SGCth 0, ILCth 2, so that several policies occur), in cycle order; it is
// refused without trace.router or with another routing.
TEST(LianRuns, TraceHasEveryDecisionsReadingsAndPolicy) {
  const std::filesystem::path dir = make_temp_dir("hiradix_lian_trace");
  const std::string csv = (dir / "lian.csv").string();
  const json r = run_ok({{"traffic.pattern", "un"}, {"traffic.load", "0.4"}, {"routing.lian_sgc", "0"}, {"routing.lian_gcs", "1"},
                         {"routing.lian_ilc", "2"}, {"trace.router", "0"}, {"trace.vcd", "''"}, {"trace.lian", csv}});
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "cycle,dst_offset,g_dst,saturated,il,policy");
  std::map<std::string, int> policies;
  long long last = -1, rows = 0;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string field[6];
    for (std::string& f : field) std::getline(row, f, ',');
    const long long cycle = std::stoll(field[0]);
    const int offset = std::stoi(field[1]), saturated = std::stoi(field[3]), il = std::stoi(field[4]);
    EXPECT_GE(cycle, last);
    last = cycle;
    EXPECT_LE(std::abs(offset), 4) << line;  // h = 2: offsets -4 .. 4
    EXPECT_LE(saturated, 2) << line;          // h = 2 global links
    const std::string want = saturated > 0 ? (il > 2 ? "lgl" : "lg-") : (il > 2 ? "-gl" : "-g-");
    EXPECT_EQ(field[5], want) << line;
    ++policies[field[5]];
    ++rows;
  }
  EXPECT_GT(rows, 100);
  EXPECT_GE(policies.size(), 3u);
  for (const Overrides& bad : {Overrides{{"trace.lian", csv}}, Overrides{{"trace.router", "0"}, {"trace.lian", csv}, {"routing.algorithm", "tpr"}}}) {
    try {
      load_config("", with({{"topology.h", "2"}, {"routing.algorithm", "lian"}}, bad));
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("trace.lian"), std::string::npos) << e.what();
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace

// ACOR (seed-000 §3.10, router/routing/acor_routing.h): the switch level's hysteresis by hand, the draw of
// each level, the VC slots every level shares, ACOR-Packet's per-packet level, and whole runs whose path
// mix follows from the thresholds.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "router/common/rng.h"
#include "router/routing/acor_routing.h"
#include "router/routing/routing_registry.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// ---- ACOR-Switch's level ----

// IT = (2, 4), DT = (1, 3), HI = 10: a hand-worked sequence of blocked events.
TEST(AcorSwitchLevel, RisesAtOnceAndFallsOnlyAtIntervalEnds) {
  AcorSwitchLevel s(3, AcorThresholds{{2, 4}, {1, 3}, 10});
  EXPECT_EQ(s.level(0), 0);
  s.blocked(1);
  s.blocked(2);
  EXPECT_EQ(s.level(2), 0);  // 2 events: not more than IT_1 = 2
  s.blocked(3);
  EXPECT_EQ(s.level(3), 1);  // the third rises at once, mid-interval
  s.blocked(4);
  s.blocked(5);
  EXPECT_EQ(s.level(5), 2);  // 5 > IT_2 = 4: blocked is not reset by the first rise
  s.blocked(5);
  EXPECT_EQ(s.level(9), 2);  // the top: no further rise
  EXPECT_EQ(s.blocked_in_interval(), 6);
  // Interval [10, 20): 2 events < DT_2 = 3, so at its end (cycle 20) the level falls to 1.
  s.blocked(12);
  s.blocked(13);
  EXPECT_EQ(s.level(19), 2);  // 6 >= DT_2 at the end of the first interval (cycle 10): it stayed
  EXPECT_EQ(s.level(20), 1);
  EXPECT_EQ(s.blocked_in_interval(), 0);
  // Interval [20, 30): one event, not < DT_1 = 1: stays at 1; then an empty interval [30, 40) lowers it.
  s.blocked(25);
  EXPECT_EQ(s.level(30), 1);
  EXPECT_EQ(s.level(39), 1);
  EXPECT_EQ(s.level(40), 0);
}

TEST(AcorSwitchLevel, AnIdleStretchIsCaughtUpLazily) {
  AcorSwitchLevel s(3, AcorThresholds{{0, 0}, {1, 1}, 100});
  s.blocked(7);
  s.blocked(8);
  EXPECT_EQ(s.level(8), 2);
  // 1,000 intervals later: the first end keeps it (2 events >= DT), every empty one lowers it by one.
  EXPECT_EQ(s.level(100000), 0);
  // Decrease thresholds 0 never lower it (blocked < 0 is never true).
  AcorSwitchLevel sticky(2, AcorThresholds{{0, 0}, {0, 0}, 100});
  sticky.blocked(1);
  EXPECT_EQ(sticky.level(1000000), 1);
}

// ---- the routing ----

TEST(AcorRouting, SequencesOfTable5_2) {
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k2LA, 0), PhaseA::kG);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k2LA, 1), PhaseA::kLgl);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k2LB, 0), PhaseA::kGl);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k2LB, 1), PhaseA::kLgl);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k3L, 0), PhaseA::kG);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k3L, 1), PhaseA::kGl);
  EXPECT_EQ(AcorRouting::policy_at(AcorSequence::k3L, 2), PhaseA::kLgl);
}

std::unique_ptr<RoutingAlgorithm> acor(const Dragonfly& topo, const char* mode = "switch") {
  RoutingOptions o;
  o.algorithm = "acor";
  o.set("routing.acor_mode", mode);
  return make_routing(o, topo);
}

struct Hop {
  PortClass cls;
  int vc;
};

// Injects a packet from terminal `src` to `dst` at `level` with LFSR state `random` and walks its path.
std::vector<Hop> walk(const Dragonfly& topo, const RoutingAlgorithm& r, int src, int dst, int level, std::uint64_t random,
                      int* root = nullptr) {
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst);
  int router = topo.router_of_terminal(src), in_port = topo.port_of_terminal(src);
  std::vector<Hop> hops;
  for (int step = 0; step < 12; ++step) {
    RoutingContext ctx;
    ctx.router = router;
    ctx.in_port = in_port;
    ctx.random = random;
    acor_level(ctx) = level;
    const RoutingDecision d = r.route(ctx, pkt);
    EXPECT_FALSE(d.no_slot);
    if (step == 0 && root) *root = static_cast<int>(pkt.route.intermediate);
    if (topo.port_class(d.out_port) == PortClass::kTerminal) break;
    hops.push_back({topo.port_class(d.out_port), d.out_vc});
    const PortEnd next = topo.peer(router, d.out_port);
    router = next.router;
    in_port = next.port;
  }
  EXPECT_EQ(router, topo.router_of_terminal(dst));
  return hops;
}

// Level 1 (-g-) draws the far end of one of the source router's own global links; level 2 (-gl) any router
// of such a group; level 3 (lgl) any router. Destinations in the source group stay in it (RVLB).
TEST(AcorRouting, EachLevelDrawsFromItsPolicysCandidates) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = acor(topo);
  Rng rng(3, 1);
  const int src = 5, router = topo.router_of_terminal(src);
  std::set<int> peers, peer_groups, seen[3];
  for (int k = 0; k < topo.h(); ++k) {
    const int peer = topo.peer(router, topo.global_port(k)).router;
    peers.insert(peer);
    peer_groups.insert(topo.group_of(peer));
  }
  const int far_dst = topo.terminals() - 1;  // in another group
  ASSERT_NE(topo.group_of(topo.router_of_terminal(far_dst)), topo.group_of(router));
  for (int i = 0; i < 2000; ++i)
    for (int level = 0; level < 3; ++level) {
      int root = -1;
      walk(topo, *r, src, far_dst, level, rng.next(), &root);
      seen[level].insert(root);
      if (level == 0) {
        EXPECT_TRUE(peers.count(root)) << root;
      } else if (level == 1) {
        EXPECT_TRUE(peer_groups.count(topo.group_of(root))) << root;
      }
      int in_group = -1;
      walk(topo, *r, src, src ^ 2, level, rng.next(), &in_group);  // a terminal of another router of the group
      EXPECT_EQ(topo.group_of(in_group), topo.group_of(router));
    }
  EXPECT_EQ(seen[0], peers);
  EXPECT_EQ(static_cast<int>(seen[1].size()), topo.h() * topo.a());
  EXPECT_EQ(static_cast<int>(seen[2].size()), topo.routers());
}

// Every level's path takes lgl's slots (l1 g1 l2 - l3 g2 l4 -> L0 G0 L1 - L2 G1 L3): VCs never go down
// along the path in that order, whatever the level, so all levels share one deadlock-free order.
TEST(AcorRouting, EveryLevelTakesLglsSlots) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = acor(topo);
  Rng rng(4, 2);
  // Position of each (class, VC) in lgl's canonical order L0 G0 L1 L2 G1 L3.
  const auto order = [](const Hop& h) {
    static const int local[] = {0, 2, 3, 5}, global[] = {1, 4};
    return h.cls == PortClass::kGlobal ? global[h.vc] : local[h.vc];
  };
  int g_first_local_vc2 = 0;
  for (int i = 0; i < 3000; ++i) {
    const int src = static_cast<int>(rng.below(static_cast<std::uint32_t>(topo.terminals())));
    const int dst = static_cast<int>(rng.below(static_cast<std::uint32_t>(topo.terminals())));
    const int level = static_cast<int>(rng.below(3));
    const std::vector<Hop> hops = walk(topo, *r, src, dst, level, rng.next());
    for (std::size_t k = 1; k < hops.size(); ++k) EXPECT_LT(order(hops[k - 1]), order(hops[k])) << "level " << level;
    // -g- with phase B l g l: G0 then L2 G1 L3 (plain Valiant -g- would use L0 G1 L1).
    if (level == 0 && hops.size() == 4 && hops[0].cls == PortClass::kGlobal && hops[1].cls == PortClass::kLocal) {
      EXPECT_EQ(hops[1].vc, 2);
      ++g_first_local_vc2;
    }
  }
  EXPECT_GT(g_first_local_vc2, 10);
  EXPECT_EQ(r->vcs_needed()[static_cast<int>(PortClass::kLocal)], 4);
  EXPECT_EQ(r->vcs_needed()[static_cast<int>(PortClass::kGlobal)], 2);
}

// ACOR-Packet: each recomputation raises the packet's own level by one, up to the top; ACOR-Switch moves the
// router's level instead and leaves the header alone.
TEST(AcorRouting, PacketLevelRisesPerRecomputationUpToTheTop) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto packet = acor(topo, "packet");
  RouteState header, decided;
  for (int i = 0; i < 5; ++i) packet->recomputing(decided, header, nullptr, 0);
  EXPECT_EQ(header.flags & AcorRouting::kLevelMask, 2);
  RouteState once;
  packet->recomputing(decided, once, nullptr, 0);
  EXPECT_EQ(once.flags, 1);

  const auto per_switch = acor(topo, "switch");
  RouterParams params;
  const auto state = per_switch->make_state(0, params, 1, topo.radix());
  ASSERT_NE(state, nullptr);
  RouteState untouched;
  for (int i = 0; i < 16; ++i) per_switch->recomputing(decided, untouched, state.get(), 3);
  EXPECT_EQ(untouched.flags, 0);
  EXPECT_EQ(static_cast<AcorState&>(*state).level().level(3), 1);  // 16 > IT_1 = 15
  EXPECT_EQ(packet->make_state(0, params, 1, topo.radix()), nullptr);
}

// PB-ACOR: only heads blocked on a non-minimal decision move the router's level (seed-000 §3.11).
TEST(PbAcorRouting, HeadsBlockedOnAMinimalDecisionDoNotCount) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  RoutingOptions o;
  o.algorithm = "pb_acor";
  o.set("routing.acor_increase_1", 1);
  const auto r = make_routing(o, topo);
  RouterParams params;
  params.broadcast.entries = topo.h();  // PB's flags, one bit per global link (as the network sets it)
  params.broadcast.period = 10;
  const auto state = r->make_state(0, params, 1, topo.radix());
  ASSERT_NE(state, nullptr);
  EXPECT_NE(state->broadcast(), nullptr) << "PB's flags are still broadcast";
  AcorSwitchLevel& level = static_cast<AcorState&>(*state).level();
  RouteState minimal, non_minimal, header;
  minimal.phase = 1;
  non_minimal.phase = 0;
  for (int i = 0; i < 10; ++i) r->recomputing(minimal, header, state.get(), 5);
  EXPECT_EQ(level.blocked_in_interval(), 0);
  EXPECT_EQ(level.level(5), 0);
  r->recomputing(non_minimal, header, state.get(), 5);
  r->recomputing(non_minimal, header, state.get(), 5);
  EXPECT_EQ(level.level(5), 1);  // 2 > IT_1 = 1
}

// IT_2's default is the routing's Table 5-3 value; given, it is taken as is.
TEST(PbAcorRouting, SecondIncreaseThresholdDefaultsPerRouting) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  for (const auto& [algorithm, it2] : std::vector<std::pair<std::string, int>>{{"acor", 500}, {"pb_acor", 50}}) {
    RoutingOptions o;
    o.algorithm = algorithm;
    resolve_routing_options(o, topo);
    EXPECT_EQ(o.integer("routing.acor_increase_2"), it2) << algorithm;
    o.set("routing.acor_increase_2", 7);
    resolve_routing_options(o, topo);
    EXPECT_EQ(o.integer("routing.acor_increase_2"), 7) << algorithm;
  }
}

// The keys are refused with routings that do not read them, and the resolved config records IT_2's value.
TEST(PbAcorRouting, KeysOfOtherReadersAreRefusedAndIt2IsResolved) {
  const auto refused = [](const Overrides& o, const std::string& want) {
    try {
      load_config("", o);
      ADD_FAILURE() << want << ": accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  };
  refused({{"routing.algorithm", "pb_acor"}, {"routing.acor_mode", "packet"}}, "routing.acor_mode: is read only by routing.algorithm acor;");
  refused({{"routing.algorithm", "pb"}, {"routing.acor_increase_2", "9"}}, "routing.acor_increase_2: is read only by routing.algorithm acor, pb_acor;");
  EXPECT_EQ(load_config("", {{"topology.h", "2"}, {"routing.algorithm", "pb_acor"}}).resolved["routing"]["acor_increase_2"], 50);
  EXPECT_EQ(load_config("", {{"topology.h", "2"}, {"routing.algorithm", "acor"}}).resolved["routing"]["acor_increase_2"], 500);
}

// ---- whole runs ----

Overrides drained(const Overrides& more) {
  return with({{"topology.h", "2"}, {"routing.algorithm", "acor"}, {"traffic.pattern", "adv"}, {"sim.warmup", "0"},
               {"sim.measure", "8000"}, {"traffic.change.at", "2000"}, {"traffic.change.load", "0"}},
              more);
}

json run_ok(const Overrides& o) {
  int code = -1;
  const json r = simulate(o, &code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r.value("status", ""), "ok");
  EXPECT_TRUE(r["conservation"]["ok"].get<bool>());
  EXPECT_EQ(r["conservation"]["in_flight"].get<int>(), 0);
  return r;
}

double share(const json& r, std::initializer_list<const char*> types) {
  double s = 0;
  for (const char* t : types) s += r["path_types"].value(t, 0.0);
  return s;
}

// A switch whose thresholds are never passed stays at level 1 (-g-: every inter-group path is -g-); with
// thresholds 0 the first blocked heads take it to the top (lgl), and decrease thresholds 0 keep it there.
TEST(AcorRuns, TheSwitchLevelFollowsItsThresholds) {
  const json low = run_ok(drained({{"traffic.load", "0.8"}, {"routing.acor_increase_1", "1000000"}}));
  EXPECT_GT(low["recomputation"]["count"].get<double>(), 100) << "heads were blocked, and the level did not move";
  EXPECT_DOUBLE_EQ(share(low, {"-g-", "min", "l--"}), 1.0) << low["path_types"].dump();
  const json top = run_ok(drained({{"traffic.load", "0.8"}, {"routing.acor_increase_1", "0"}, {"routing.acor_increase_2", "0"},
                                   {"routing.acor_decrease_1", "0"}, {"routing.acor_decrease_2", "0"}}));
  // lgl's draws name their paths lgl, lg-, -gl or -g- by where R_ROOT falls: the share of -g- drops to
  // what any router's draw gives.
  EXPECT_LT(share(top, {"-g-"}), 0.5 * share(low, {"-g-"})) << top["path_types"].dump();
  EXPECT_GT(share(top, {"lgl"}), 0.3) << top["path_types"].dump();
}

// PB-ACOR whose level never rises draws every non-minimal candidate under -g-; with thresholds 0 it reaches lgl.
TEST(AcorRuns, PbAcorDrawsUnderTheRoutersLevel) {
  const json low = run_ok(drained({{"routing.algorithm", "pb_acor"}, {"traffic.load", "0.8"},
                                   {"routing.acor_increase_1", "1000000"}}));
  EXPECT_DOUBLE_EQ(share(low, {"-g-", "min", "l--"}), 1.0) << low["path_types"].dump();
  EXPECT_GT(share(low, {"-g-"}), 0.2) << low["path_types"].dump();
  const json top = run_ok(drained({{"routing.algorithm", "pb_acor"}, {"traffic.load", "0.8"}, {"routing.acor_increase_1", "0"},
                                   {"routing.acor_increase_2", "0"}, {"routing.acor_decrease_1", "0"},
                                   {"routing.acor_decrease_2", "0"}}));
  EXPECT_GT(share(top, {"lgl"}), 0.1) << top["path_types"].dump();
}

// ACOR-Packet 2L-A: a packet leaves -g- only after a recomputation, so the packets on other non-minimal
// paths are at most the recomputations; at a load that blocks nothing, every path is -g-.
TEST(AcorRuns, APacketLeavesItsFirstLevelOnlyWhenRecomputed) {
  for (const char* load : {"0.05", "0.8"}) {
    const json r = run_ok(drained({{"routing.acor_mode", "packet"}, {"routing.acor_sequence", "2l-a"}, {"traffic.load", load}}));
    const double packets = r["packets"].get<double>();
    const double recomputed = r.contains("recomputation") ? r["recomputation"]["count"].get<double>() : 0;
    const double other = (1.0 - share(r, {"-g-", "min", "l--"})) * packets;
    EXPECT_LE(other, recomputed + 1e-6) << load << " " << r["path_types"].dump();
    if (std::string(load) == "0.8") {
      EXPECT_GT(other, 0.0);
    }
  }
}

// A transient's time series reports every ACOR-Switch router's level at each bin's end and the path types
// of the packets generated in the bin: UN at 0.2 keeps every router at the lowest level (-g- paths); after
// the change to ADV+1 at 0.5 the blocked heads raise the levels and the longer paths appear. The levels
// count every router in every bin, and each bin's path shares add up to 1.
TEST(AcorRuns, TimeSeriesShowsTheLevelsAndPathsOfATransient) {
  int code = -1;
  const json r = simulate({{"topology.h", "2"}, {"routing.algorithm", "acor"}, {"traffic.load", "0.2"}, {"sim.warmup", "1000"},
                           {"sim.measure", "2500"}, {"traffic.change.at", "1500"}, {"traffic.change.pattern", "adv"},
                           {"traffic.change.load", "0.5"}, {"routing.acor_interval", "100"}, {"routing.acor_increase_1", "2"},
                           {"routing.acor_increase_2", "5"}},
                          &code);
  ASSERT_EQ(code, 0);
  const json& bins = r["time_series"];
  ASSERT_GE(bins.size(), 20u);
  const int routers = r["simulation"]["routers"].get<int>();
  int raised_before = 0, raised_after = 0, after = 0;
  double max_lgl = 0;
  for (const json& b : bins) {
    const auto levels = b["routers_at_level"].get<std::vector<int>>();
    ASSERT_EQ(levels.size(), 4u);
    EXPECT_EQ(levels[0] + levels[1] + levels[2] + levels[3], routers) << b.dump();
    EXPECT_EQ(levels[3], 0) << "3l has levels 0 to 2";
    double shares = 0;
    for (const auto& [type, share] : b["generated_path_types"].items()) shares += share.get<double>();
    if (b["generated_packets"].get<int>() > 0) {
      EXPECT_NEAR(shares, 1.0, 1e-9) << b.dump();
    }
    const bool before = b["cycle"].get<int>() + 100 <= 2500;
    (before ? raised_before : raised_after) += routers - levels[0];
    after += !before;
    if (before) {
      EXPECT_FALSE(b["generated_path_types"].contains("lgl")) << b.dump();
    } else {
      max_lgl = std::max(max_lgl, b["generated_path_types"].value("lgl", 0.0));
    }
  }
  const int before = static_cast<int>(bins.size()) - after;
  EXPECT_LT(raised_before, before * routers / 10) << "UN at 0.2 rarely blocks a head";
  EXPECT_GT(raised_after, after * routers / 2) << "most routers above the lowest level after the change";
  EXPECT_GT(max_lgl, 0.1);
}

}  // namespace

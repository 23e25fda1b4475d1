// Virtual networks (routing.vns, routing.vn_select; seed 001 §1.3; issue 27): the source NIC's choice of VN
// (round robin alternates, random is deterministic per seed), each hop's VC = the routing's VC inside the VN
// + the VN's offset on a mesh and a Dragonfly, injection into the VN's injection VCs, the deadlock check over
// every VN's copy, conservation under 2 and 3 VNs, the per-VN statistics, and the bad configs' errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/routing_registry.h"
#include "platform_writer.h"
#include "sim_helpers.h"
#include "testbench/deadlock_check.h"
#include "testbench/platform.h"
#include "testbench/vn_choice.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using test::config_error;

namespace {

// ---- The choice at the source ----

TEST(VnChoice, RoundRobinTakesTheVnsInTurn) {
  Rng rng(1, 0);
  VnChoice two(2, VnSelect::kRoundRobin), three(3, VnSelect::kRoundRobin);
  std::vector<int> got2, got3;
  for (int i = 0; i < 6; ++i) {
    got2.push_back(two.next(rng));
    got3.push_back(three.next(rng));
  }
  EXPECT_EQ(got2, (std::vector<int>{0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(got3, (std::vector<int>{0, 1, 2, 0, 1, 2}));
  // Round robin draws nothing: the stream is where it was.
  Rng fresh(1, 0);
  EXPECT_EQ(rng.next(), fresh.next());
}

TEST(VnChoice, OneVnDrawsNothing) {
  Rng rng(7, 3), fresh(7, 3);
  VnChoice one(1, VnSelect::kRandom);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(one.next(rng), 0);
  EXPECT_EQ(rng.next(), fresh.next());
}

TEST(VnChoice, RandomIsTheNicsStreamAndCoversEveryVn) {
  const auto draws = [](std::uint64_t seed) {
    Rng rng(seed, 5);
    VnChoice c(3, VnSelect::kRandom);
    std::vector<int> v;
    for (int i = 0; i < 300; ++i) v.push_back(c.next(rng));
    return v;
  };
  const std::vector<int> a = draws(1), b = draws(1), other = draws(2);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, other);
  int count[3] = {};
  for (int vn : a) {
    ASSERT_GE(vn, 0);
    ASSERT_LT(vn, 3);
    ++count[vn];
  }
  for (int n : count) EXPECT_GT(n, 60) << "300 uniform draws over 3 VNs";
  // The draw is Rng::below on the NIC's stream, nothing else.
  Rng rng(1, 5);
  EXPECT_EQ(a[0], static_cast<int>(rng.below(3)));
}

// ---- Each hop's VC: the routing's inside the VN, plus the VN's offset ----

// Node 0 writes to node `dst` eight times, one transaction after the other through the SystemC platform face
// (platform_writer.h); the requests' VNs alternate (round robin).
// `expected`: per hop of node 0's request path, the VC of VN 0 and the VCs per VN of its class (so VN 1's is
// vc + per_vn). The run checks that at each hop's downstream input port the VN 0 VC and the VN 1 VC took four
// requests' phits each and every other VC none, and likewise the injection VCs 0 and 1 of node 0's router.
struct ExpectedHop {
  int vc, per_vn;
};

std::string run_alternating(const Overrides& o, int dst, const std::vector<ExpectedHop>& expected) {
  return test::in_child([&]() -> std::string {
    const Config c = load_config("", test::with(o, {{"traffic.load", "0"}, {"sim.warmup", "0"}, {"routing.vns", "2"}}));
    std::string failure;
    PlatformNetwork& net = test::run_writes_from_node0(c, dst, 8, failure);
    std::string out = failure.empty() ? "" : failure + "; ";
    const Topology& t = net.network().topology();
    const auto phits = [&](int r, int port, int vc) {
      Router& router = net.network().router(r);
      return router.inputs().vc(router.inputs().vc_index(port, vc)).phits_in;
    };
    const auto check = [&](const std::string& where, int r, int port, int vn0, int vn1, int vcs) {
      const std::uint64_t a = phits(r, port, vn0), b = phits(r, port, vn1);
      if (a == 0 || a != b || a % 4 != 0)
        out += where + ": VN 0 VC " + std::to_string(vn0) + " " + std::to_string(a) + " phits, VN 1 VC " +
               std::to_string(vn1) + " " + std::to_string(b) + "; ";
      for (int vc = 0; vc < vcs; ++vc)
        if (vc != vn0 && vc != vn1 && phits(r, port, vc) != 0) out += where + ": VC " + std::to_string(vc) + " used; ";
    };
    const PortEnd source = t.nic_port(0, 0);
    check("injection", source.router, source.port, 0, 1, 2);
    const std::unique_ptr<RoutingAlgorithm> inner = make_routing(c.routing, t);
    const std::vector<test::Hop> hops = test::walk(t, *inner, source.router, dst);
    if (hops.size() != expected.size()) return out + "path of " + std::to_string(hops.size()) + " hops";
    for (std::size_t i = 0; i < hops.size(); ++i) {
      const test::Hop& h = hops[i];
      if (h.vc != expected[i].vc) out += "hop " + std::to_string(i) + " VN-local VC " + std::to_string(h.vc) + "; ";
      const PortEnd e = t.peer(h.router, h.port);
      check("hop " + std::to_string(i), e.router, e.port, expected[i].vc, expected[i].vc + expected[i].per_vn,
            2 * expected[i].per_vn);
    }
    return out;
  });
}

// A 2 x 2 mesh, DOR (xy): node 0 -> node 3 goes router 0 -> 1 -> 3 on VN-local VC 0; with 2 VNs the network
// class has 2 VCs (1 per VN): VN 0 takes VC 0, VN 1 VC 1 at both hops.
TEST(VnRun, MeshRequestsAlternateVnsAndTakeTheirVcsAtEveryHop) {
  EXPECT_EQ(run_alternating({{"topology.type", "mesh"}, {"topology.dims", "[2, 2]"}, {"routing.algorithm", "dor"}}, 3,
                            {{0, 1}, {0, 1}}),
            "");
}

// A torus ring of 6 (DOR's dateline pair: 2 VCs per VN, 4 in all): node 0 -> node 2 takes two hops on VC 0;
// VN 1 takes VC 2.
TEST(VnRun, TorusRequestsTakeTheVnsDatelinePair) {
  EXPECT_EQ(run_alternating({{"topology.type", "torus"}, {"topology.dims", "[6]"}, {"routing.algorithm", "dor"}}, 2,
                            {{0, 2}, {0, 2}}),
            "");
}

// A Dragonfly h = 1 (p = 1, a = 2, 3 groups), MIN: local VCs 2 per VN (4), global 1 per VN (2). Node 0's
// request to node 3 (group 1) takes local VC 0, global VC 0, local VC 1 (seed-000 §1.6's slots) in VN 0, and
// local 2, global 1, local 3 in VN 1.
TEST(VnRun, DragonflyRequestsTakeTheirVnsSlotsAtEveryHop) {
  // Which node of another group is three hops away depends on the global wiring: the walk says; the VCs are
  // the slots of l-g-l.
  const Config c = load_config("", {{"topology.h", "1"}, {"routing.vns", "2"}});
  EXPECT_EQ(c.link("local").vcs, 4);
  EXPECT_EQ(c.link("global").vcs, 2);
  EXPECT_EQ(c.link("terminal").vcs, 2);
  const std::unique_ptr<Topology> t = make_topology(c);
  const std::unique_ptr<RoutingAlgorithm> r = make_routing(c.routing, *t);
  int dst = -1;
  for (int n = 1; n < t->nodes() && dst < 0; ++n)
    if (test::walk(*t, *r, t->nic_port(0, 0).router, n).size() == 3) dst = n;
  ASSERT_GE(dst, 0);
  EXPECT_EQ(run_alternating({{"topology.h", "1"}}, dst, {{0, 2}, {0, 1}, {1, 2}}), "");
}

// ---- Runs: conservation, per-VN statistics, the deadlock check ----

Overrides dragonfly(const char* algorithm, int vns) {
  return {{"topology.h", "2"}, {"routing.algorithm", algorithm}, {"routing.vns", std::to_string(vns)},
          {"traffic.pattern", "un"}, {"traffic.load", "0.5"}, {"sim.warmup", "300"}, {"sim.measure", "1200"}};
}

Overrides torus(int vns) {
  return {{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"},
          {"routing.vns", std::to_string(vns)}, {"traffic.pattern", "un"}, {"traffic.load", "0.5"},
          {"sim.warmup", "300"}, {"sim.measure", "1200"}};
}

TEST(VnRun, ConservationAndPerVnCountsUnderTwoAndThreeVns) {
  std::vector<Overrides> cases;
  for (int vns : {2, 3}) {
    for (const char* algorithm : {"min", "valiant", "ugal"}) cases.push_back(dragonfly(algorithm, vns));
    cases.push_back(torus(vns));
    cases.push_back(test::with(torus(vns), {{"routing.vn_select", "random"}}));
  }
  for (const Overrides& o : cases) {
    const nlohmann::json r = test::run_sane(o);
    ASSERT_FALSE(r.is_null());
    const nlohmann::json& per_vn = r["accepted_packets_per_vn"];
    const Config c = load_config("", o);
    ASSERT_EQ(per_vn.size(), static_cast<std::size_t>(c.router.vns)) << r.dump();
    long long sum = 0;
    for (const auto& n : per_vn) {
      EXPECT_GT(n.get<long long>(), r["packets"].get<long long>() / (2 * c.router.vns)) << per_vn.dump();
      sum += n.get<long long>();
    }
    EXPECT_EQ(sum, r["packets"].get<long long>());
    ASSERT_EQ(r["accepted_load_per_vn"].size(), per_vn.size());
  }
}

// Deadlock freedom under saturation with two VNs (offered 1.0, past every routing's saturation): the runs
// end with every packet delivered or in flight, no stall, and both VNs keep delivering, on the Dragonfly, the
// torus (dor's dateline pair per VN), the mesh (generic min, valiant, ugal and rvlb) and the FB.
TEST(VnRun, SaturatedRunsEndCleanlyUnderTwoVns) {
  const auto saturated = [](Overrides o) { return test::with(std::move(o), {{"traffic.load", "1.0"}}); };
  std::vector<Overrides> cases;
  for (const char* algorithm : {"min", "valiant", "ugal"}) cases.push_back(saturated(dragonfly(algorithm, 2)));
  cases.push_back(saturated(torus(2)));
  for (const char* algorithm : {"min", "valiant", "ugal", "rvlb"})
    cases.push_back(saturated(test::with(torus(2), {{"topology.type", "mesh"}, {"routing.algorithm", algorithm}})));
  for (const char* algorithm : {"min", "valiant", "ugal", "rvlb"})
    cases.push_back(saturated(test::with(torus(2), {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3]"},
                                                    {"routing.algorithm", algorithm}})));
  for (const Overrides& o : cases) {
    std::string name;
    for (const auto& [key, value] : o)
      if (key == "routing.algorithm" || key == "topology.type") name += value + " ";
    SCOPED_TRACE(name);
    const nlohmann::json r = test::run_sane(o);
    ASSERT_FALSE(r.is_null());
    EXPECT_GT(r["accepted_load"].get<double>(), 0.1);
    std::cout << "  " << name << "vns 2 saturated: accepted " << r["accepted_load"].get<double>() << ", per VN " << r["accepted_packets_per_vn"].dump() << "\n";
    for (const auto& n : r["accepted_packets_per_vn"]) EXPECT_GT(n.get<long long>(), r["packets"].get<long long>() / 4);
  }
}

TEST(VnRun, OneVnWritesNoPerVnFields) {
  const nlohmann::json r = test::run_sane(dragonfly("min", 1));
  ASSERT_FALSE(r.is_null());
  EXPECT_FALSE(r.contains("accepted_packets_per_vn"));
  EXPECT_FALSE(r.contains("accepted_load_per_vn"));
}

TEST(VnRun, RandomSelectionIsDeterministicPerSeed) {
  const Overrides o = test::with(torus(2), {{"routing.vn_select", "random"}});
  const nlohmann::json a = test::run_sane(o), b = test::run_sane(o), c = test::run_sane(test::with(o, {{"sim.seed", "2"}}));
  ASSERT_FALSE(a.is_null() || b.is_null() || c.is_null());
  EXPECT_EQ(a["accepted_packets_per_vn"], b["accepted_packets_per_vn"]);
  EXPECT_EQ(a["latency"], b["latency"]);
  EXPECT_NE(a["accepted_packets_per_vn"], c["accepted_packets_per_vn"]);
  // Random is not round robin: the split differs from the round-robin run's.
  const nlohmann::json rr = test::run_sane(torus(2));
  EXPECT_NE(a["accepted_packets_per_vn"], rr["accepted_packets_per_vn"]);
}

// The graph under VNs is one VN's graph copied onto each VN's VCs: vns times the edges, acyclic, and the copy
// of VN v holds exactly VN 0's edges moved by v * n_c.
TEST(VnDeadlock, EveryVnsCopyIsEnumeratedAndAcyclic) {
  std::vector<Overrides> cases;
  for (int vns : {2, 3}) {
    for (const char* algorithm : {"min", "valiant", "ugal"}) cases.push_back(dragonfly(algorithm, vns));
    cases.push_back(torus(vns));
  }
  for (const Overrides& o : cases) {
    const Config c = load_config("", o);
    const int vns = c.router.vns;
    const std::unique_ptr<Topology> t = make_topology(c);
    const std::unique_ptr<RoutingAlgorithm> r = make_routing(c.routing, *t);
    std::vector<int> vcs, per_vn;
    for (const LinkClassParams& p : c.links) {
      vcs.push_back(p.vcs);
      per_vn.push_back(p.vcs / vns);
    }
    const ChannelGraph one = channel_dependencies(*t, *r, per_vn);
    const ChannelGraph all = channel_dependencies(*t, *r, vcs, CdgMethod::kReduced, vns);
    EXPECT_EQ(all.edges(), vns * one.edges()) << c.routing.algorithm;
    EXPECT_GT(one.edges(), 0u);
    EXPECT_TRUE(all.find_cycle().empty()) << c.routing.algorithm << ": " << all.describe(all.find_cycle());
    // Spot-check the copies: every edge of VN 0 between router channels, moved into VN v.
    int checked = 0;
    for (int router = 0; router < t->routers() && checked < 50; ++router)
      for (int port = 0; port < t->radix(router); ++port) {
        const int cls = t->port_class(router, port);
        if (cls == 0) continue;
        const PortEnd e = t->peer(router, port);
        for (int vc = 0; vc < per_vn[static_cast<std::size_t>(cls)]; ++vc)
          for (int p2 = 0; p2 < t->radix(e.router); ++p2) {
            const int cls2 = t->port_class(e.router, p2);
            if (cls2 == 0) continue;
            for (int vc2 = 0; vc2 < per_vn[static_cast<std::size_t>(cls2)]; ++vc2) {
              if (!one.has(one.id(router, port, vc), one.id(e.router, p2, vc2))) continue;
              ++checked;
              for (int v = 0; v < vns; ++v)
                EXPECT_TRUE(all.has(all.id(router, port, vc + v * per_vn[static_cast<std::size_t>(cls)]),
                                    all.id(e.router, p2, vc2 + v * per_vn[static_cast<std::size_t>(cls2)])));
            }
          }
      }
    EXPECT_GT(checked, 0);
    // The check before every run sees the same.
    EXPECT_EQ(deadlock_analysis(c).verdict, DeadlockAnalysis::Verdict::kAcyclic) << deadlock_analysis(c).cycle;
    EXPECT_EQ(deadlock_analysis(c).edges, all.edges());
  }
}

// A cyclic routing stays cyclic in every VN: the hop-count VC reading (seed-000 §1.6's deadlock) under 2 VNs.
TEST(VnDeadlock, ACycleInOneVnIsFound) {
  const Config c = load_config("", test::with(dragonfly("valiant", 2), {{"routing.vc_scheme", "hop_count"},
                                                                       {"sim.allow_deadlock", "true"}}));
  const DeadlockAnalysis& a = deadlock_analysis(c);
  EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kCyclic);
}

// ---- Config ----

TEST(VnConfig, AutoVcsAreVnsTimesTheNeed) {
  const Config one = load_config("", {{"routing.algorithm", "ugal"}});
  const Config three = load_config("", {{"routing.algorithm", "ugal"}, {"routing.vns", "3"}});
  for (const char* cls : {"terminal", "local", "global"}) EXPECT_EQ(three.link(cls).vcs, 3 * one.link(cls).vcs) << cls;
  EXPECT_EQ(three.router.vns, 3);
  EXPECT_EQ(load_config("", {{"routing.vns", "2"}, {"router.vcs.local", "6"}}).link("local").vcs, 6);
}

TEST(VnConfig, BadValuesNameTheirKey) {
  const auto starts = [](const std::string& e, const std::string& prefix) { return e.rfind(prefix, 0) == 0; };
  for (const char* bad : {"0", "-1", "9"}) {
    const std::string e = config_error({{"routing.vns", bad}});
    EXPECT_TRUE(starts(e, "config error: routing.vns: ")) << bad << ": " << e;
  }
  const std::string select = config_error({{"routing.vn_select", "adaptive"}});
  EXPECT_TRUE(starts(select, "config error: routing.vn_select: ")) << select;
  const std::string odd = config_error({{"routing.vns", "2"}, {"router.vcs.local", "5"}});
  EXPECT_TRUE(starts(odd, "config error: router.vcs.local: must be a multiple of routing.vns = 2")) << odd;
  const std::string few = config_error({{"routing.vns", "2"}, {"router.vcs.local", "2"}});
  EXPECT_TRUE(starts(few, "config error: router.vcs.local: min needs at least 4 local VCs for deadlock freedom (2 in each of "
                          "routing.vns = 2 virtual networks)"))
      << few;
  const std::string injection = config_error({{"routing.vns", "3"}, {"router.vcs.injection", "4"}});
  EXPECT_TRUE(starts(injection, "config error: router.vcs.injection: must be a multiple of routing.vns = 3")) << injection;
  const std::string osha =
      config_error({{"topology.type", "mesh"}, {"routing.algorithm", "osha"}, {"routing.vns", "2"}});
  EXPECT_TRUE(starts(osha, "config error: routing.vns: osha has its own two virtual networks")) << osha;
  for (const char* algorithm : {"base", "olm"}) {
    const std::string e = config_error({{"routing.vns", "2"}, {"routing.algorithm", algorithm}});
    EXPECT_TRUE(starts(e, "config error: routing.vns: ")) << e;
  }
  const std::string vc_load = config_error({{"routing.vns", "2"}, {"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}});
  EXPECT_TRUE(starts(vc_load, "config error: routing.vns: routing.ugal_load: vc")) << vc_load;
  // One VN: the same config, VCs and errors as before VNs.
  EXPECT_EQ(config_error({{"routing.vns", "1"}, {"router.vcs.local", "3"}}), "accepted");
}

// ---- The RTL routing unit under VNs ----

// The unit decides inside the VN as the model's routing does (no routing allowed with VNs reads the input VC
// or per-VC state), and the router adds the VN's offset after either: lockstep runs have no mismatch, every
// VN carries traffic, and the model's, the RTL's and the lockstep run's results are the same.
class VnLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(VnLockstep, ZeroMismatchesAndTheModelsResults) {
  const Overrides run = test::with({{"sim.warmup", "1000"}, {"sim.measure", "2000"}, {"sim.watchdog", "1000"},
                                    {"router.rc_mode", "lockstep"}, {"routing.vns", "2"}},
                                   GetParam());
  const nlohmann::json r = test::run_sane(run);
  ASSERT_FALSE(r.is_null());
  ASSERT_TRUE(r.contains("rtl"));
  EXPECT_EQ(r["rtl"]["mismatches"], 0);
  EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
  for (const auto& per_vn : r["accepted_packets_per_vn"]) EXPECT_GT(per_vn.get<long long>(), 50) << r["accepted_packets_per_vn"];
  const nlohmann::json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
  const nlohmann::json rtl = test::simulate(test::with(run, {{"router.rc_mode", "rtl"}}));
  EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  EXPECT_EQ(test::without_rc_mode(rtl), test::without_rc_mode(model));
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, VnLockstep,
    ::testing::Values(
        Overrides{{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.h", "2"}, {"routing.algorithm", "valiant"}, {"routing.vns", "3"},
                  {"routing.vn_select", "random"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3]"}, {"routing.algorithm", "hybrid_dor"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "min"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.6"}}));

}  // namespace

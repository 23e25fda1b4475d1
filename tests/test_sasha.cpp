// SASHA on meshes and tori (routing.algorithm sasha; router/routing/osha_routing.h, router/routing/sasha_routing.cpp,
// testbench/vn_choice.h, testbench/xmit_wait.h; seed 001 §1.4, §4; issue 30): the NIC's adaptive choice by hand
// (least load, the tie rules), the XmitWait counter's intervals by hand, config errors naming their key, runs
// that conserve every packet and end cleanly at saturation on a mesh and a torus, determinism, lockstep
// against the RTL unit and the NICs' RTL VN select (and that its checker can fail), and a run where one VN
// is congested and SASHA sends most packets on the other.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/rc_cosim.h"
#include "router/rtl/rc_interface.h"
#include "sim_helpers.h"
#include "testbench/vn_choice.h"
#include "testbench/xmit_wait.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using test::config_error;

namespace {

// ---- The choice (VnChoice, adaptive) ----

TEST(SashaChoice, TheLeastLoadedVnAndTheTieRules) {
  VnChoice rr(2, VnSelect::kAdaptive, VnTie::kRoundRobin);
  EXPECT_TRUE(rr.adaptive());
  const std::uint32_t vn1_less[2] = {5, 3}, vn0_less[2] = {3, 5}, tie[2] = {4, 4};
  EXPECT_EQ(rr.least_loaded(vn1_less), 1);
  EXPECT_EQ(rr.least_loaded(vn0_less), 0);
  EXPECT_EQ(rr.least_loaded(tie), 0);  // the pointer starts at VN 0
  EXPECT_EQ(rr.least_loaded(tie), 0);  // asking again moves nothing (a waiting head asks each time)
  rr.taken(0);
  EXPECT_EQ(rr.least_loaded(tie), 1);  // past the VN that left
  EXPECT_EQ(rr.least_loaded(vn0_less), 0);  // a smaller load wins wherever the pointer is
  rr.taken(1);
  EXPECT_EQ(rr.least_loaded(tie), 0);
  rr.taken(0);
  rr.taken(0);
  EXPECT_EQ(rr.least_loaded(tie), 1);
  // vn0: a tie is always VN 0 (XY).
  VnChoice first(2, VnSelect::kAdaptive, VnTie::kFirst);
  first.taken(0);
  EXPECT_EQ(first.least_loaded(tie), 0);
  EXPECT_EQ(first.least_loaded(vn1_less), 1);
  // Three VNs: the first least from the pointer, wrapping.
  VnChoice three(3, VnSelect::kAdaptive, VnTie::kRoundRobin);
  const std::uint32_t two_least[3] = {1, 4, 1};
  EXPECT_EQ(three.least_loaded(two_least), 0);
  three.taken(0);
  EXPECT_EQ(three.least_loaded(two_least), 2);
  three.taken(2);
  EXPECT_EQ(three.least_loaded(two_least), 0);
  // The oblivious draw of an adaptive choice is a placeholder and takes nothing from the stream.
  Rng a(1, 2), b(1, 2);
  EXPECT_EQ(rr.next(a), 0);
  EXPECT_EQ(a.below(1000), b.below(1000));
}

// ---- The XmitWait counter, by hand (interval 10: windows [0,10), [10,20), ...) ----

TEST(SashaXmitWait, CountsWaitCyclesPerVnAndReadsTheLastCompleteInterval) {
  XmitWaitCounter x(10);
  x.blocked(0, 3);
  x.blocked(0, 5);  // the same wait goes on
  x.sent(7);        // cycles 3-6 waited
  EXPECT_EQ(x.current(0, 8), 4u);
  EXPECT_EQ(x.value(0, 9), 0u);   // no complete interval yet
  EXPECT_EQ(x.value(0, 10), 4u);  // window 0 is complete at 10
  EXPECT_EQ(x.value(1, 10), 0u);
  EXPECT_EQ(x.current(0, 10), 0u);
  // A wait across the roll-over: 15-19 in window 1, 20-26 in window 2.
  x.blocked(1, 15);
  EXPECT_EQ(x.current(1, 19), 4u);
  EXPECT_EQ(x.value(1, 19), 0u);
  EXPECT_EQ(x.value(0, 19), 4u);
  EXPECT_EQ(x.value(1, 25), 5u);
  EXPECT_EQ(x.value(0, 25), 0u);  // window 0's count is gone once window 1 is the last complete one
  EXPECT_EQ(x.current(1, 25), 5u);
  x.sent(27);
  EXPECT_EQ(x.current(1, 29), 7u);
  EXPECT_EQ(x.value(1, 30), 7u);
  // A wait that changes VN: the first VN's part ends where the second's starts.
  x.blocked(0, 31);
  x.blocked(1, 34);
  x.sent(36);
  EXPECT_EQ(x.value(0, 40), 3u);
  EXPECT_EQ(x.value(1, 40), 2u);
  // A wait across whole intervals (the NIC sleeps meanwhile): each complete one counts all its cycles.
  x.blocked(0, 42);
  EXPECT_EQ(x.value(0, 65), 10u);  // window 5 = [50, 60), all waited
  EXPECT_EQ(x.value(1, 65), 0u);
  EXPECT_EQ(x.value(0, 70), 10u);
  x.sent(72);
  EXPECT_EQ(x.value(0, 80), 2u);
  EXPECT_EQ(x.value(0, 95), 0u);  // skipped windows without a wait: 0
  // Skipping from an open wait's window straight past the next: window 11 was all waited.
  XmitWaitCounter y(10);
  y.blocked(1, 104);
  EXPECT_EQ(y.value(1, 125), 10u);
  y.sent(126);
  EXPECT_EQ(y.value(1, 130), 6u);
}

// ---- Config ----

const Overrides kMesh = {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "sasha"}};

TEST(SashaConfig, VcsAreOshasWithAnInjectionVcPerVn) {
  EXPECT_EQ(config_error(kMesh), "accepted");
  const Config mesh = load_config("", kMesh);
  EXPECT_EQ(mesh.link("network").vcs, 2);
  EXPECT_EQ(mesh.links[0].vcs, 2);
  EXPECT_EQ(load_config("", test::with(kMesh, {{"topology.type", "torus"}})).link("network").vcs, 4);
  const Config dbbq = load_config("", test::with(kMesh, {{"router.queues", "dbbq"}}));
  EXPECT_EQ(dbbq.links[0].vcs, 4);
  EXPECT_EQ(dbbq.link("network").vcs, 4);
  for (const char* q : {"vc", "voq_sw", "bbq", "bbq_voq_sw", "dbbq", "dbbq_voq_sw", "voq_net"})
    EXPECT_EQ(config_error(test::with(kMesh, {{"router.queues", q}})), "accepted") << q;
  EXPECT_EQ(config_error(test::with(kMesh, {{"routing.sasha_metric", "xmit_wait"}, {"routing.sasha_interval", "16"},
                                            {"routing.sasha_tie", "vn0"}, {"routing.osha_order", "yx"}})),
            "accepted");
}

TEST(SashaConfig, BadInputNamesTheKey) {
  const auto starts = [](const Overrides& o, const std::string& key) {
    const std::string e = config_error(o);
    EXPECT_EQ(e.rfind("config error: " + key + ": ", 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  };
  starts(test::with(kMesh, {{"routing.sasha_metric", "bytes"}}), "routing.sasha_metric");
  starts(test::with(kMesh, {{"routing.sasha_interval", "0"}}), "routing.sasha_interval");
  starts(test::with(kMesh, {{"routing.sasha_tie", "random"}}), "routing.sasha_tie");
  starts(test::with(kMesh, {{"routing.vns", "2"}}), "routing.vns");
  starts(test::with(kMesh, {{"routing.vn_select", "random"}}), "routing.vn_select");
  starts(test::with(kMesh, {{"topology.dims", "[8]"}}), "topology.dims");
  starts(test::with(kMesh, {{"routing.osha_order", "xyz"}}), "routing.osha_order");
  starts(test::with(kMesh, {{"router.vcs.injection", "1"}}), "router.vcs.injection");
  starts(test::with(kMesh, {{"router.vcs.injection", "3"}}), "router.vcs.injection");
  const Overrides pause = test::with(kMesh, {{"router.flow_control", "pause"}, {"router.buffers.network", "128"},
                                             {"router.buffers.injection", "128"}});
  starts(pause, "routing.sasha_metric");
  EXPECT_EQ(config_error(test::with(pause, {{"routing.sasha_metric", "xmit_wait"}})), "accepted");
  // Its keys with another routing, and sasha off meshes, tori and KNS (tests/test_kns_osha.cpp).
  starts({{"topology.type", "mesh"}, {"routing.algorithm", "osha"}, {"routing.sasha_metric", "xmit_wait"}},
         "routing.sasha_metric");
  starts({{"routing.algorithm", "sasha"}}, "routing.algorithm");
  starts({{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3]"}, {"routing.algorithm", "sasha"}}, "routing.algorithm");
}

// ---- Deadlock freedom: OSHA's graph, each VN's DOR on its own VCs ----

TEST(Sasha, TheChannelDependencyGraphIsOshasAndAcyclic) {
  for (const char* type : {"mesh", "torus"}) {
    TopologyOptions to;
    to.type = type;
    to.set("topology.dims", "[4,3]");
    const auto t = make_topology(to);
    RoutingOptions so, oo;
    so.algorithm = "sasha";
    oo.algorithm = "osha";
    const auto s = make_routing(so, *t), o = make_routing(oo, *t);
    EXPECT_EQ(s->name(), "sasha");
    EXPECT_EQ(s->source_virtual_networks(), 2);
    EXPECT_EQ(o->source_virtual_networks(), 1);
    const std::vector<int> vcs = s->vcs_needed().per_class;
    EXPECT_EQ(vcs[0], 2);
    const DeadlockAnalysis a = analyse_deadlock(*t, *s, vcs);
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << type << ": " << a.cycle << a.reason;
    std::vector<int> ovcs = o->vcs_needed().per_class;
    EXPECT_TRUE(channel_dependencies(*t, *s, vcs, CdgMethod::kFull) == channel_dependencies(*t, *o, vcs, CdgMethod::kFull)) << type;
  }
}

// ---- Runs ----

Overrides run_of(Overrides o) {
  return test::with(test::with(kMesh, {{"traffic.pattern", "un"}, {"sim.warmup", "500"}, {"sim.measure", "2000"}}), o);
}

long long per_vn_sum(const nlohmann::json& r) {
  long long sum = 0;
  for (const auto& n : r["accepted_packets_per_vn"]) sum += n.get<long long>();
  return sum;
}

// Conservation, and saturated runs (offered 1.0) that end with every packet delivered or in flight and no
// stall, on a mesh and a torus, under both metrics and the queue schemes OSHA takes; both VNs carry traffic.
TEST(SashaRun, SaturatedMeshesAndToriConserveAndEndCleanly) {
  std::vector<Overrides> cases;
  for (const char* metric : {"occupancy", "xmit_wait"}) {
    cases.push_back(run_of({{"routing.sasha_metric", metric}, {"traffic.load", "1.0"}}));
    cases.push_back(run_of({{"routing.sasha_metric", metric}, {"topology.type", "torus"}, {"topology.dims", "[5, 4]"},
                            {"traffic.load", "1.0"}}));
  }
  for (const char* q : {"dbbq", "voq_sw", "bbq_voq_sw"})
    cases.push_back(run_of({{"router.queues", q}, {"topology.type", "torus"}, {"traffic.load", "1.0"}}));
  cases.push_back(run_of({{"topology.dims", "[3, 3, 2]"}, {"topology.p", "2"}, {"traffic.load", "0.7"},
                          {"routing.sasha_tie", "vn0"}}));
  for (const Overrides& o : cases) {
    std::string name;
    for (const auto& [k, v] : o) name += k + "=" + v + " ";
    SCOPED_TRACE(name);
    const nlohmann::json r = test::run_sane(o);
    ASSERT_FALSE(r.is_null());
    EXPECT_GT(r["accepted_load"].get<double>(), 0.1);
    EXPECT_EQ(r["misrouted_fraction"], 0.0);
    ASSERT_EQ(r["accepted_packets_per_vn"].size(), 2u);
    EXPECT_EQ(per_vn_sum(r), r["packets"].get<long long>());
    for (const auto& n : r["accepted_packets_per_vn"]) EXPECT_GT(n.get<long long>(), r["packets"].get<long long>() / 10);
  }
}

TEST(SashaRun, SameSeedSameResult) {
  for (const char* metric : {"occupancy", "xmit_wait"}) {
    const Overrides o = run_of({{"routing.sasha_metric", metric}, {"traffic.load", "0.8"}});
    const nlohmann::json a = test::run_sane(o), b = test::run_sane(o), c = test::run_sane(test::with(o, {{"sim.seed", "7"}}));
    ASSERT_FALSE(a.is_null() || b.is_null() || c.is_null());
    EXPECT_EQ(test::without_rc_mode(a), test::without_rc_mode(b)) << metric;  // all but the timing
    EXPECT_NE(a["accepted_packets_per_vn"], c["accepted_packets_per_vn"]) << metric;
  }
}

// The RTL unit decides SASHA's hops as OSHA's submodule with the NIC's VN as osha_vn: no mismatch, and the
// model's, the RTL's and the lockstep run's results are the same.
TEST(SashaRun, LockstepAgreesWithTheModel) {
  for (const Overrides& shape : {Overrides{{"traffic.load", "0.6"}},
                                 Overrides{{"topology.type", "torus"}, {"router.queues", "dbbq"}, {"traffic.load", "0.8"},
                                           {"routing.sasha_metric", "xmit_wait"}}}) {
    const Overrides run = test::with(run_of(shape), {{"router.rc_mode", "lockstep"}, {"sim.measure", "1500"}});
    const nlohmann::json r = test::run_sane(run);
    ASSERT_FALSE(r.is_null());
    ASSERT_TRUE(r.contains("rtl"));
    EXPECT_EQ(r["rtl"]["mismatches"], 0);
    EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
    const nlohmann::json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
    EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  }
}

// The NICs' choice in RTL (rtl/hiradix_vn_select.v, router/rtl/rtl_vn_select.h; issue 30): in lockstep each
// NIC link's RTL unit makes every adaptive choice too, on the loads the NIC computed, with no mismatch, under
// both metrics and both tie rules; in rtl mode the RTL's choice is the one taken, and the run is the model's.
TEST(SashaRun, TheRtlVnSelectAgreesInLockstepAndDecidesInRtlMode) {
  for (const Overrides& shape :
       {Overrides{{"topology.type", "torus"}, {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "torus"}, {"traffic.load", "0.7"}, {"routing.sasha_metric", "xmit_wait"},
                  {"routing.sasha_interval", "16"}},
        Overrides{{"traffic.load", "0.7"}, {"routing.sasha_tie", "vn0"}}}) {
    std::string name;
    for (const auto& [k, v] : shape) name += k + "=" + v + " ";
    SCOPED_TRACE(name);
    const Overrides run = test::with(run_of(shape), {{"sim.measure", "1500"}});
    const nlohmann::json lockstep = test::run_sane(test::with(run, {{"router.rc_mode", "lockstep"}}));
    ASSERT_FALSE(lockstep.is_null());
    EXPECT_EQ(lockstep["rtl"]["mismatches"], 0);
    EXPECT_GT(lockstep["rtl"]["vn_selects"].get<long long>(), 1000);
    const nlohmann::json rtl = test::simulate(test::with(run, {{"router.rc_mode", "rtl"}}));
    const nlohmann::json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
    ASSERT_FALSE(rtl.is_null() || model.is_null());
    EXPECT_EQ(rtl["rtl"]["vn_selects"], lockstep["rtl"]["vn_selects"]);
    EXPECT_FALSE(model.contains("rtl"));
    EXPECT_EQ(test::without_rc_mode(rtl), test::without_rc_mode(model));
  }
}

// The VN select's checker can fail: a model choice other than the RTL's is a mismatch that stops the run,
// recorded with the NIC, its loads and both choices, and the RTL's choice is the one returned. (The run's
// mismatch injection, rtl.inject_mismatch_at, corrupts routing decisions; here the checker is fed a wrong
// choice directly, in a child since it stops SystemC.)
TEST(SashaRun, AVnChoiceOtherThanTheRtlsIsAMismatch) {
  const std::string failure = test::in_child([] {
    const Config c = load_config("", test::with(kMesh, {{"router.rc_mode", "lockstep"}}));
    const std::unique_ptr<Topology> topo = make_topology(c);
    const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *topo);
    RcCoSim cosim(c.rc, *routing, rc_config(c.routing, *topo), *topo);
    cosim.attach_vn_selects(topo->nodes(), 2, false);
    const std::uint32_t load[2] = {3, 1};
    if (cosim.vn_select(10, 5, load, 1) != 1 || cosim.stopped()) return std::string("an agreeing choice was refused");
    if (cosim.vn_select(11, 6, load, 0) != 1) return std::string("the RTL's choice was not returned");
    if (!cosim.stopped() || cosim.mismatches() != 1) return std::string("a differing choice did not stop the run");
    const nlohmann::json& m = cosim.mismatch();
    const nlohmann::json expected = {{"cycle", 11}, {"node", 6}, {"nic", 0}, {"block", "vn_select"}, {"model", 0}, {"rtl", 1}};
    for (const auto& [k, v] : expected.items())
      if (m.value(k, nlohmann::json()) != v) return "record " + k + ": " + m.dump();
    if (m["inputs"]["load"] != nlohmann::json::array({3, 1})) return "record loads: " + m.dump();
    if (cosim.to_json()["vn_selects"] != 2) return "vn_selects: " + cosim.to_json().dump();
    return std::string();
  });
  EXPECT_EQ(failure, "");
}

// One VN congested: a hot spot on a 6 x 6 mesh (node 14, router (2, 2); seed 001 §4.2's sources mode, 25 % of
// the cold nodes sending all their packets there). OSHA's per-source toggle splits each source's packets
// half and half whatever the network does (OshaRun.ConsecutivePacketsOfASourceAlternateVns); SASHA's NICs,
// seeing one VN's injection queue fuller, send clearly more on the other, under either metric. At a low load
// both queues drain between packets, every choice is a tie, and the round-robin tie rule makes it OSHA's
// alternation (half and half within a packet per source).
TEST(SashaRun, ACongestedVnGetsFewerPacketsThanOshasHalf) {
  const Overrides hot = run_of({{"topology.dims", "[6, 6]"}, {"traffic.pattern", "hotspot"}, {"traffic.hotspot_mode", "sources"},
                                {"traffic.hotspot_nodes", "[14]"}, {"sim.warmup", "1000"}, {"sim.measure", "3000"}});
  const auto share_of_vn1 = [](const nlohmann::json& r) {
    return r["accepted_packets_per_vn"][1].get<double>() / r["packets"].get<double>();
  };
  for (const char* metric : {"occupancy", "xmit_wait"}) {
    const nlohmann::json loaded = test::run_sane(test::with(hot, {{"routing.sasha_metric", metric}, {"traffic.load", "0.5"}}));
    ASSERT_FALSE(loaded.is_null());
    std::cout << "  hot spot 6x6 at 0.5, " << metric << ": per VN " << loaded["accepted_packets_per_vn"].dump() << "\n";
    EXPECT_GT(share_of_vn1(loaded), 0.55) << metric << ": " << loaded["accepted_packets_per_vn"].dump();
    const nlohmann::json light = test::run_sane(test::with(hot, {{"routing.sasha_metric", metric}, {"traffic.load", "0.1"}}));
    ASSERT_FALSE(light.is_null());
    EXPECT_NEAR(share_of_vn1(light), 0.5, 36.0 / light["packets"].get<double>()) << metric << ": " << light["accepted_packets_per_vn"].dump();
  }
}

}  // namespace

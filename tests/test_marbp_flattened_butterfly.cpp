// MAR-bP and QCN-Switch on a Flattened Butterfly (router/routing/generic_marbp_routing.h; seed-000
// §4.5.2-4.5.3; issue 29): the rows are the groups. Decisions by hand on a 4 x 4 (4 nodes per router): the
// minimal rule, leaving the row first, while its VC may send, else the host port's alternative out of the row
// (hosts 0-2 on the 3 ports of dimension 1, host 3 sharing host 0's); in-row and in-transit packets minimal;
// the OpenFlow rule table against Eq. 4-1 and against every decision; no deadlock with valiant's VCs; whole
// runs under pause; both in lockstep with the RTL routing unit (valiant's submodule) and in rc_mode rtl.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "router/routing/channel_dependencies.h"
#include "router/routing/generic_marbp_routing.h"
#include "router/routing/openflow_table.h"
#include "router/routing/routing_registry.h"
#include "topology/flattened_butterfly.h"
#include "topology/topology_registry.h"

#include "marbp_decisions.h"
#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

std::unique_ptr<Topology> fb4x4() {
  TopologyOptions o;
  o.type = "flattened_butterfly";
  o.set("topology.dims", "[4,4]").set("topology.p", 4);
  return make_topology(o);
}

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm) {
  RoutingOptions o;
  o.algorithm = algorithm;
  return make_routing(o, t);
}

// Router r = x + 4 y, row y. Router 0's ports: 0-3 hosts, 4-6 dimension 0 (x = 1, 2, 3), 7-9 dimension 1
// (y = 1, 2, 3). Valiant's VCs: a minimal path takes at most 2 hops, so phase 0 is VCs 0-1, phase 1 VCs 2-3.
TEST(MarbpFlattenedButterfly, MinimalLeavingTheRowFirstUnlessHeldThenTheHostsPortOutOfTheRow) {
  const auto topo = fb4x4();
  const auto& fb = topology_as<FlattenedButterfly>(*topo, "the test");
  ASSERT_EQ(fb.first_port(0), 4);
  ASSERT_EQ(fb.first_port(1), 7);
  const auto r = routing(*topo, "marbp");
  EXPECT_EQ(r->vcs_needed().per_class, (std::vector<int>{1, 4}));
  // To node 20 on router 5 = (1, 1): out of the row first (dimension 1, port 7), phase 1's first VC.
  Packet pkt;
  RoutingDecision d = inject(*r, 0, 1, 20, FlowReady(), pkt);
  EXPECT_EQ(d.out_port, 7);
  EXPECT_EQ(d.out_vc, 2);
  EXPECT_EQ(pkt.route.phase, 1);
  // That VC held: host h leaves the row by dimension 1's port h mod 3 (host 3 shares host 0's: port 7 again,
  // on phase 0's VC), towards router (0, 1 + h mod 3).
  for (const auto& [host, port, far] : std::vector<std::array<int, 3>>{{0, 7, 4}, {1, 8, 8}, {2, 9, 12}, {3, 7, 4}}) {
    pkt = Packet();
    d = inject(*r, 0, host, 20, FlowReady().hold(7, 2), pkt);
    EXPECT_EQ(d.out_port, port) << "host " << host;
    EXPECT_EQ(d.out_vc, 0) << "host " << host;
    EXPECT_EQ(pkt.route.phase, 0) << "host " << host;
    EXPECT_EQ(pkt.route.intermediate, static_cast<std::uint32_t>(far)) << "host " << host;
  }
  // Another VC of the minimal port held: still minimal.
  pkt = Packet();
  EXPECT_EQ(inject(*r, 0, 1, 20, FlowReady().hold(7, 0), pkt).out_port, 7);
  // The alternative's far end is the destination's router (node 16 on router 4): straight there, phase 1.
  pkt = Packet();
  d = inject(*r, 0, 0, 16, FlowReady().hold(7, 2), pkt);
  EXPECT_EQ(d.out_port, 7);
  EXPECT_EQ(pkt.route.phase, 1);
  // In the source row (node 8 on router 2): minimal whatever is held.
  pkt = Packet();
  EXPECT_EQ(inject(*r, 0, 1, 8, FlowReady().hold(5, 2).hold(5, 0), pkt).out_port, 5);
  // In transit the header is followed: at router 8 = (0, 2), the far end of host 1's port, towards router 5,
  // minimal: row 1 first.
  Packet transit;
  transit.dst = 20;
  transit.route.phase = 0;
  transit.route.intermediate = 8;
  RoutingContext ctx;
  ctx.router = 8;
  ctx.in_port = 7;  // from router 0 over dimension 1
  d = r->route(ctx, transit);
  EXPECT_EQ(transit.route.phase, 1);
  EXPECT_EQ(d.out_port, fb.port_towards(8, 1, 1));
}

// Its OpenFlow rules (openflow_table.h), rows as groups: Eq. 4-1's R = (G - 1) + (S - 1) + I minimal rules
// with G = 4 rows, S = 4 switches a row, I = 4 hosts, 3 of them conditional, plus I alternatives; and a
// TCAM-style lookup of the table takes every decision the routing takes, paused or not.
TEST(MarbpFlattenedButterfly, TheRuleTableFollowsEquation4_1AndDecidesAsTheRouting) {
  const auto topo = fb4x4();
  const auto& fb = topology_as<FlattenedButterfly>(*topo, "the test");
  const auto r = routing(*topo, "marbp");
  const auto& marbp = dynamic_cast<const GenericMarbpRouting&>(*r);
  for (int router = 0; router < fb.routers(); ++router) {
    const std::optional<RuleCounts> c = r->rule_counts(router);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->ordinary, 3 + 4);
    EXPECT_EQ(c->conditional, 3);
    EXPECT_EQ(c->alternative, 4);
    const OpenFlowTable table(fb, router, [&](int dst) { return marbp.rule_port(router, dst); },
                              [&](int host) { return marbp.host_port(router, host); });
    for (int dst = 0; dst < fb.nodes(); ++dst)
      for (int host = 0; host < fb.p(); ++host)
        for (const bool paused : {false, true}) {
          Packet pkt;
          FlowReady ready;
          const int minimal = table.lookup(dst, host, [](int) { return true; }).out_port;
          if (paused) ready.hold(minimal, 2);
          const RoutingDecision d = inject(*r, router, host, dst, ready, pkt);
          const OpenFlowRule& rule = table.lookup(dst, host, [&](int) { return !paused; });
          if (dst / fb.p() == router) continue;  // ejection: the host rule's port, VC 0
          EXPECT_EQ(d.out_port, rule.out_port) << router << " -> " << dst << " host " << host << (paused ? " paused" : "");
        }
  }
}

TEST(MarbpFlattenedButterfly, NoDeadlockWithValiantsVcs) {
  const auto topo = fb4x4();
  for (const char* algorithm : {"marbp", "qcn_switch"}) {
    const auto r = routing(*topo, algorithm);
    const DeadlockAnalysis a = analyse_deadlock(*topo, *r, r->vcs_needed().per_class);
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << algorithm << ": " << a.cycle;
  }
  for (const char* algorithm : {"marbp", "qcn_switch"}) EXPECT_EQ(routing(*topo, algorithm)->rtl_refusal(), "") << algorithm;
}

Overrides ethernet_fb(const char* algorithm, const char* pattern, const char* load) {
  return {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", algorithm},
          {"router.flow_control", "pause"},        {"router.queues", "voq_sw"},  {"router.buffers.network", "512"},
          {"router.buffers.injection", "512"},     {"traffic.pattern", pattern},  {"traffic.offset", "1"},
          {"traffic.load", load},                  {"sim.warmup", "2000"},        {"sim.measure", "4000"}};
}

// ADV+1 at 0.4 (every node sends to a node of the next row): MIN carries 1/4 (a row's 16 nodes share the 4
// links to the next row). MAR-bP's minimal rule leaves the row first, on the source switch's own link, and the
// next row's switch drains that link at once: no pause comes back, so MAR-bP stays minimal (seed 002's S_out
// case: a switch does not see its own congested link by pauses), where QCN-Switch, whose congestion points
// sit at the output queues, leaves it (next test).
TEST(MarbpFlattenedButterflyRuns, NoPauseReachesTheSourceWhoseOwnLinkIsCongested) {
  const json min = run_sane(ethernet_fb("min", "adv", "0.4"));
  const json marbp = run_sane(ethernet_fb("marbp", "adv", "0.4"));
  ASSERT_FALSE(min.is_null());
  ASSERT_FALSE(marbp.is_null());
  EXPECT_NEAR(min["accepted_load"].get<double>(), 0.25, 0.01);
  EXPECT_NEAR(marbp["accepted_load"].get<double>(), min["accepted_load"].get<double>(), 0.01);
  EXPECT_EQ(marbp["path_types"]["min"].get<double>(), 1.0);
  EXPECT_EQ(marbp["openflow"]["rules"]["total"]["max_per_switch"], 14);  // 3 + 3 + 4 minimal, 4 alternative
}

// QCN-Switch (QCN at every output queue, 128 phits, a sample every 10 packets): under UN at 0.8 the
// comparison keeps more traffic minimal than base, which sends most of it away and loses throughput (seed 1:
// compare 0.646, 52 % minimal; base 0.590, 32 %); under ADV+1 at 0.4 base leaves the congested path (0.377,
// 13 % minimal; MIN 0.25). The run is the same under polling and CNMs are conserved.
TEST(QcnSwitchFlattenedButterflyRuns, TheComparisonKeepsUniformTrafficMinimalAndPollingAgrees) {
  const Overrides qcn = {{"qcn.sampling", "output"}, {"qcn.reaction", "off"}, {"qcn.cpc", "10"}, {"router.output_queue", "128"}};
  const json base_un = run_sane(with(with(ethernet_fb("qcn_switch", "un", "0.8"), qcn), {{"routing.qcn_variant", "base"}}));
  const json compare_un = run_sane(with(ethernet_fb("qcn_switch", "un", "0.8"), qcn));
  const json base_adv = run_sane(with(with(ethernet_fb("qcn_switch", "adv", "0.4"), qcn), {{"routing.qcn_variant", "base"}}));
  ASSERT_FALSE(base_un.is_null());
  ASSERT_FALSE(compare_un.is_null());
  ASSERT_FALSE(base_adv.is_null());
  EXPECT_GT(compare_un["accepted_load"].get<double>(), base_un["accepted_load"].get<double>() + 0.03);
  EXPECT_GT(compare_un["path_types"]["min"].get<double>(), base_un["path_types"]["min"].get<double>());
  EXPECT_GT(base_adv["accepted_load"].get<double>(), 0.35);
  EXPECT_LT(base_adv["path_types"]["min"].get<double>(), 0.5);
  for (const json* r : {&base_un, &compare_un, &base_adv}) EXPECT_TRUE((*r)["qcn"]["conservation"]["ok"].get<bool>());
  const json poll = run_sane(with(with(ethernet_fb("qcn_switch", "un", "0.8"), qcn), {{"sim.scheduling", "poll"}}));
  EXPECT_EQ(without_scheduling(compare_un), without_scheduling(poll));
}

// The RTL unit (valiant's submodule, codes generic_marbp and generic_qcn_switch) decides every hop in lockstep
// with the model, both rules taken, and alone (rc_mode rtl) gives the model's run.
void expect_rtl_agrees(const Overrides& o) {
  const json model = run_sane(o);
  const json lock = run_sane(with(o, {{"router.rc_mode", "lockstep"}}));
  const json rtl = run_sane(with(o, {{"router.rc_mode", "rtl"}}));
  ASSERT_FALSE(model.is_null());
  ASSERT_FALSE(lock.is_null());
  ASSERT_FALSE(rtl.is_null());
  EXPECT_EQ(lock["rtl"]["mismatches"], 0) << lock["rtl"].dump();
  EXPECT_GT(lock["rtl"]["decisions"].get<long long>(), 10000);
  const double minimal = model["path_types"].value("min", 0.0);
  EXPECT_GT(minimal, 0.05);  // both rules taken
  EXPECT_LT(minimal, 0.95);
  EXPECT_EQ(without_rc_mode(model), without_rc_mode(lock));
  EXPECT_EQ(without_rc_mode(model), without_rc_mode(rtl));
}

// ADV+1 at 0.4 with 80-phit network buffers: pauses come back to the source, and 42 % of the packets take the
// host port's alternative (seed 1: 0.337 accepted, MIN 0.25; 34,777 decisions).
TEST(MarbpFlattenedButterflyRuns, LockstepAndRtlWithTheRoutingUnit) {
  expect_rtl_agrees(with(ethernet_fb("marbp", "adv", "0.4"), {{"router.buffers.network", "80"}, {"sim.measure", "2000"}}));
}

// QCN-Switch under ADV+1 at 0.4, its draw from the same LFSR bits in the unit and P (qcn_p) from the
// table's RTL block (rtl/hiradix_qcn_switch_table.v, 6 transit ports), fed every event the C++ table takes:
// every variant (base: 13 % minimal, seed 1; 40,505 decisions). Output sampling: the congestion of ADV+1 is
// at the source switch's own output queue (input sampling sees none here, as MAR-bP sees no pause).
TEST(QcnSwitchFlattenedButterflyRuns, LockstepAndRtlWithTheRoutingUnitAndTheTable) {
  for (const char* variant : {"base", "source", "compare"}) {
    SCOPED_TRACE(variant);
    const Overrides o = with(ethernet_fb("qcn_switch", "adv", "0.4"),
                             {{"qcn.sampling", "output"}, {"qcn.reaction", "off"}, {"qcn.cpc", "10"},
                              {"router.output_queue", "128"}, {"routing.qcn_variant", variant}, {"sim.measure", "2000"}});
    expect_rtl_agrees(o);
    const json lock = run_sane(with(o, {{"router.rc_mode", "lockstep"}}));
    EXPECT_EQ(lock["rtl"]["state_block"], "qcn_switch_table");
    EXPECT_GT(lock["rtl"]["state_block_reads"].get<long long>(), 10000);
  }
}

}  // namespace

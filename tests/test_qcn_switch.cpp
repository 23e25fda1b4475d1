// QCN-Switch (routing.algorithm: qcn_switch; seed 002, seed-000 §4.6; issue 29): the decision at injection by
// hand (the minimal rule iff the draw N <= P of the minimal port, else MAR-bP's host port), the switch's
// state moved by the CNMs it intercepts, makes and the packets it sends, in each variant, the configuration
// it needs, and whole runs under adversarial and uniform traffic, in lockstep with the RTL unit.
#include <gtest/gtest.h>

#include <string>

#include "router/routing/qcn_switch_routing.h"
#include "router/routing/qcn_switch_state.h"
#include "router/routing/routing_registry.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

std::unique_ptr<RoutingAlgorithm> qcn_switch(const Dragonfly& topo, const char* variant = "compare") {
  RoutingOptions o;
  o.algorithm = "qcn_switch";
  o.set("routing.qcn_variant", variant);
  return make_routing(o, topo);
}

RoutingDecision inject(const RoutingAlgorithm& r, int router, int host, int dst, int p_percent, std::uint32_t random, Packet& pkt) {
  RoutingContext ctx;
  ctx.router = router;
  ctx.in_port = host;
  ctx.random = random;
  qcn_p(ctx) = p_percent;
  pkt.dst = static_cast<std::uint32_t>(dst);
  return r.route(ctx, pkt);
}

// The random bits 0..31 whose draw is N: the least r with 1 + floor(r 100 / 2^32) = N.
std::uint32_t bits_for(int n) {
  const std::uint64_t r = ((static_cast<std::uint64_t>(n - 1) << 32) + 99) / 100;
  EXPECT_EQ(QcnSwitchProbabilities::draw_n(static_cast<std::uint32_t>(r)), n);
  return static_cast<std::uint32_t>(r);
}

// The network of test_marbp.cpp: p = 2, a = 4, h = 2, palmtree; router 0's host 1 towards node 40 (group 5):
// minimal through local port 2, the host's rule through global port 1 (port 6) to router 35.
TEST(QcnSwitchRouting, MinimalIffTheDrawIsAtMostTheMinimalPortsProbability) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = qcn_switch(topo);
  Packet pkt;
  EXPECT_EQ(inject(*r, 0, 1, 40, 100, 0xFFFFFFFFu, pkt).out_port, 2) << "P = 100 %: N <= 100 always";
  pkt = Packet();
  RoutingDecision d = inject(*r, 0, 1, 40, 0, 0, pkt);
  EXPECT_EQ(d.out_port, 6) << "P = 0: N >= 1 never";
  EXPECT_EQ(pkt.route.intermediate, 35u);
  for (const auto& [n, port] : {std::pair{50, 2}, std::pair{51, 6}, std::pair{1, 2}, std::pair{100, 6}}) {
    pkt = Packet();
    EXPECT_EQ(inject(*r, 0, 1, 40, 50, bits_for(n), pkt).out_port, port) << "N = " << n << ", P = 50";
  }
  // In the source group (node 4, router 2): minimal whatever P and N.
  pkt = Packet();
  EXPECT_EQ(inject(*r, 0, 1, 4, 0, 0xFFFFFFFFu, pkt).out_port, topo.min_port(0, 2));
}

// gather() reads the probability of topo.min_port towards the destination: the port the minimal rule takes.
TEST(QcnSwitchRouting, TheMinimalRuleLeavesByTheTopologysMinimalPort) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto r = qcn_switch(topo);
  for (int router = 0; router < topo.routers(); ++router)
    for (int dst = 0; dst < topo.routers(); ++dst) {
      if (topo.group_of(dst) == topo.group_of(router)) continue;
      Packet pkt;
      EXPECT_EQ(inject(*r, router, 0, dst * topo.p(), 100, 0, pkt).out_port, topo.min_port(router, dst)) << router << " -> " << dst;
    }
}

// The state's events by hand (L_f = 1/64, PI = 1 %, PC_l = 100 by default; P in 1/512 %): router 0, node 0
// and 1 its own; port 2 local, port 5 global.
TEST(QcnSwitchState, CnmsThroughAPortAndThoseItMakesForItsNodesLowerThatPort) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const auto base = qcn_switch(topo, "base");
  auto s = base->make_state(0, RouterParams{}, 0, topo.radix());
  auto& q = *static_cast<QcnSwitchState*>(s.get());
  ASSERT_EQ(s->events(), kQcnEvents);
  s->cnm_passing(2, 32);  // P <- P (1 - 32/64)
  EXPECT_EQ(q.table().probability(2), kQcnFullProbability / 2);
  s->cnm_made(5, QcnCpSite::kOutput, 16, /*src*/ 1, /*dst*/ 40);  // its own node 1's packet: as one through port 5, P (1 - 1/4)
  EXPECT_EQ(q.table().probability(5), kQcnFullProbability * 3 / 4);
  s->cnm_made(5, QcnCpSite::kOutput, 16, /*src*/ 9, /*dst*/ 40);  // another switch's node's: base leaves it to that switch
  EXPECT_EQ(q.table().probability(5), kQcnFullProbability * 3 / 4);
  s->cnm_made(0, QcnCpSite::kOutput, 16, 1, 40);  // an ejection queue's: no probability
  for (int i = 0; i < 99; ++i) s->packet_sent(2);
  EXPECT_EQ(q.table().probability(2), kQcnFullProbability / 2);
  s->packet_sent(2);  // the 100th with no CNM: +1 %
  EXPECT_EQ(q.table().probability(2), kQcnFullProbability / 2 + kQcnOnePercent);

  // Source processing: the CNMs it makes about packets towards other groups count too, not in-group ones.
  const auto source = qcn_switch(topo, "source");
  auto t = source->make_state(0, RouterParams{}, 0, topo.radix());
  auto& u = *static_cast<QcnSwitchState*>(t.get());
  t->cnm_made(5, QcnCpSite::kOutput, 16, 9, 40);
  EXPECT_EQ(u.table().probability(5), kQcnFullProbability * 3 / 4);
  t->cnm_made(2, QcnCpSite::kOutput, 16, 9, 5);  // node 5 is on router 2, group 0
  EXPECT_EQ(u.table().probability(2), kQcnFullProbability);
}

// Input sampling: a CNM made at input port x about a packet from another switch's node falls, under source
// processing, on the packet's minimal output (seed-002 §1.6, [F5]'s minOut(victim.dst)), not on x; about one
// of the switch's own nodes, on x (as one arriving through it); under base, only the latter.
TEST(QcnSwitchState, InputSamplingLowersTheVictimsMinimalOutput) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const int towards_node_40 = topo.min_port(0, topo.router_of_terminal(40));  // local port 2, to router 1
  ASSERT_EQ(towards_node_40, 2);
  const auto source = qcn_switch(topo, "source");
  auto t = source->make_state(0, RouterParams{}, 0, topo.radix());
  auto& u = *static_cast<QcnSwitchState*>(t.get());
  t->cnm_made(4, QcnCpSite::kInput, 16, /*src*/ 9, /*dst*/ 40);  // arrived by local port 4, leaves by port 2
  EXPECT_EQ(u.table().probability(2), kQcnFullProbability * 3 / 4);
  EXPECT_EQ(u.table().probability(4), kQcnFullProbability);
  t->cnm_made(4, QcnCpSite::kInput, 16, 9, 5);  // towards its own group: nothing
  EXPECT_EQ(u.table().probability(topo.min_port(0, 2)), kQcnFullProbability);
  EXPECT_EQ(u.table().probability(2), kQcnFullProbability * 3 / 4);
  t->cnm_made(3, QcnCpSite::kInput, 16, /*src*/ 1, 40);  // its own node's: as if through port 3
  EXPECT_EQ(u.table().probability(3), kQcnFullProbability * 3 / 4);

  const auto base = qcn_switch(topo, "base");
  auto s = base->make_state(0, RouterParams{}, 0, topo.radix());
  auto& q = *static_cast<QcnSwitchState*>(s.get());
  s->cnm_made(2, QcnCpSite::kInput, 16, 9, 40);
  for (int port = 0; port < topo.radix(); ++port)
    if (topo.port_class(port) != PortClass::kTerminal) {
      EXPECT_EQ(q.table().probability(port), kQcnFullProbability) << port;
    }
}

TEST(QcnSwitchConfig, RefusalsNameTheKey) {
  const Overrides ok = {{"topology.h", "2"}, {"routing.algorithm", "qcn_switch"}, {"qcn.sampling", "output"}, {"qcn.reaction", "off"}};
  EXPECT_EQ(config_error(ok), "accepted");
  EXPECT_NE(config_error(test::with(ok, {{"qcn.sampling", "off"}})).find("qcn.sampling"), std::string::npos);
  EXPECT_NE(config_error(test::with(ok, {{"qcn.reaction", "on"}})).find("qcn.reaction"), std::string::npos);
  EXPECT_NE(config_error(test::with(ok, {{"routing.qcn_th1", "31"}})).find("routing.qcn_th1"), std::string::npos);
  EXPECT_NE(config_error(test::with(ok, {{"routing.qcn_variant", "both"}})).find("routing.qcn_variant"), std::string::npos);
  EXPECT_NE(config_error({{"routing.algorithm", "min"}, {"routing.qcn_pc_l", "10"}}).find("routing.qcn_pc_l"), std::string::npos);
  EXPECT_NE(config_error({{"routing.algorithm", "qcn_switch"}, {"qcn.sampling", "output"}, {"qcn.reaction", "off"},
                          {"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}})
                .find("qcn_switch"),
            std::string::npos);
}

// ---- whole runs (h = 2: 9 groups of 4 routers, 2 nodes each) ----

// MAR-bP's Ethernet switch (test_marbp.cpp: pause, per-output VOQs, 512-phit buffers) with a 128-phit output
// queue (Q_eq 25 phits) and QCN at every output queue, sampling every 10th packet (the seeds' 100 is for their
// larger queues).
Overrides ethernet(const char* pattern, const char* load, const char* variant = "compare") {
  return {{"topology.h", "2"},          {"routing.algorithm", "qcn_switch"}, {"routing.qcn_variant", variant},
          {"router.flow_control", "pause"}, {"router.queues", "voq_sw"},    {"router.buffers.local", "512"},
          {"router.buffers.global", "512"}, {"router.buffers.injection", "512"}, {"router.output_queue", "128"},
          {"qcn.sampling", "output"},
          {"qcn.reaction", "off"},       {"qcn.cpc", "10"},                  {"traffic.pattern", pattern},
          {"traffic.load", load},        {"sim.warmup", "4000"},             {"sim.measure", "4000"}};
}

// ADV+1 at 0.4: MIN carries at most 1/(a p) = 0.125; QCN-Switch's CNMs drive the minimal ports' P down and
// most packets take their host's global link (seed 1: 10 % minimal, 0.427 accepted, P 70 % on average at the
// end, the congested ports' near 0). CNMs are conserved; the routing's P per port is in result.json.
TEST(QcnSwitchRuns, AdversarialTrafficLeavesTheCongestedMinimalPath) {
  const json adv = run_sane(ethernet("adv", "0.4"));
  ASSERT_FALSE(adv.is_null());
  EXPECT_LT(adv["path_types"].value("min", 0.0), 0.3) << adv["path_types"].dump();
  EXPECT_GT(adv["accepted_load"].get<double>(), 0.3);
  EXPECT_TRUE(adv["qcn"]["conservation"]["ok"].get<bool>());
  const json& p = adv["port_readings"]["minimal_probability_percent"];
  EXPECT_EQ(p["ports"], 36 * 5) << "3 local and 2 global ports per switch";
  EXPECT_LT(p["min"].get<double>(), 1.0);
  EXPECT_EQ(p["max"].get<double>(), 100.0);
}

// Seed 002's Q5 (seed-000 §4.7): under uniform traffic past saturation the base variant (and +source) sends
// most packets non-minimally, every port reporting CNMs, and loses throughput; the feedback comparison sees
// that no port stands out and keeps most of them minimal. Seed 1, UN at 0.8: base 0.600 accepted, 16 %
// minimal, P 2 % on average; compare 0.772, 76 % and 74 % (MIN carries 0.80 here).
TEST(QcnSwitchRuns, UnderUniformSaturationTheComparisonKeepsTrafficMinimal) {
  const json base = run_sane(ethernet("un", "0.8", "base"));
  const json compare = run_sane(ethernet("un", "0.8", "compare"));
  ASSERT_FALSE(base.is_null());
  ASSERT_FALSE(compare.is_null());
  EXPECT_LT(base["path_types"].value("min", 0.0), 0.3);
  EXPECT_GT(compare["path_types"].value("min", 0.0), 0.6);
  EXPECT_GT(compare["accepted_load"].get<double>(), base["accepted_load"].get<double>() + 0.08);
  EXPECT_GT(compare["port_readings"]["minimal_probability_percent"]["mean"].get<double>(),
            5 * base["port_readings"]["minimal_probability_percent"]["mean"].get<double>());
}

// Polling every router every cycle gives the same run; the RTL unit decides every hop in lockstep (both
// rules taken, the draw from the same LFSR bits), with results identical.
TEST(QcnSwitchRuns, PollingAndLockstepWithTheRtlUnitAgree) {
  const Overrides o = test::with(ethernet("adv", "0.4", "source"), {{"sim.measure", "2000"}});
  const json model = run_sane(o);
  ASSERT_FALSE(model.is_null());
  const json poll = run_sane(test::with(o, {{"sim.scheduling", "poll"}}));
  EXPECT_EQ(without_scheduling(model), without_scheduling(poll));
  const json lock = run_sane(test::with(o, {{"router.rc_mode", "lockstep"}}));
  ASSERT_FALSE(lock.is_null());
  EXPECT_EQ(lock["rtl"]["mismatches"], 0) << lock["rtl"].dump();
  EXPECT_GT(lock["rtl"]["decisions"].get<long long>(), 1000);
  EXPECT_EQ(without_rc_mode(model), without_rc_mode(lock));
  // The table itself in the RTL (rtl/hiradix_qcn_switch_table.v): every P the unit reads is the block's,
  // compared with the C++ table's at each decision towards another group.
  EXPECT_EQ(lock["rtl"]["state_block"], "qcn_switch_table");
  EXPECT_GT(lock["rtl"]["state_block_reads"].get<long long>(), 500);
}

// The RTL table under every variant, with the congestion points at the outputs and at the inputs (whose
// CNMs the switch processes for the victim's minimal port under source), against the C++ table at every
// read; P moved in each run. L_f must be a power of two there (a shift), else refused naming the key.
TEST(QcnSwitchRuns, TheRtlTableAgreesUnderEveryVariantAndSampling) {
  for (const char* variant : {"base", "source", "compare"})
    for (const char* site : {"output", "input"}) {
      const json r = run_sane(test::with(ethernet("adv", "0.4", variant), {{"qcn.sampling", site}, {"sim.measure", "2000"},
                                                                        {"router.rc_mode", "lockstep"}}));
      ASSERT_FALSE(r.is_null()) << variant << " " << site;
      EXPECT_EQ(r["rtl"]["mismatches"], 0) << variant << " " << site << ": " << r["rtl"].dump();
      EXPECT_GT(r["rtl"]["state_block_reads"].get<long long>(), 500) << variant << " " << site;
      EXPECT_LT(r["port_readings"]["minimal_probability_percent"]["mean"].get<double>(), 100.0) << variant << " " << site;
    }
  const std::string refused = config_error(test::with(ethernet("adv", "0.4"), {{"routing.qcn_lf_inverse", "100"},
                                                                               {"router.rc_mode", "lockstep"}}));
  EXPECT_EQ(refused.rfind("config error: routing.qcn_lf_inverse:", 0), 0u) << refused;
}

}  // namespace

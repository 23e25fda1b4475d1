// The fully connected topology (topology/fully_connected.h), the routings defined on any topology
// (router/routing/generic_*) and nodes with several NICs: the geometry, the registry's choice of routing
// class per topology, deadlock freedom, conservation and hand-computed zero-load latency and hop counts.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <utility>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/generic_min_routing.h"
#include "router/routing/generic_valiant_routing.h"
#include "router/routing/min_routing.h"
#include "router/routing/routing_registry.h"
#include "router/routing/valiant_routing.h"
#include "sim_helpers.h"
#include "topology/fully_connected.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using nlohmann::json;
using test::simulate;
using test::run_sane;
using test::with;

namespace {

std::unique_ptr<Topology> fully_connected(int routers, int p, int nics) {
  TopologyOptions o;
  o.type = "fully_connected";
  o.set("topology.routers", routers).set("topology.p", p).set("topology.nics", nics);
  return make_topology(o);
}

const std::pair<int, int> kShapes[][1] = {{{4, 1}}, {{5, 2}}, {{3, 3}}, {{6, 4}}};  // (routers, p) with nics below
const int kNics[] = {1, 2, 3, 2};

TEST(FullyConnected, PortsAndPeersAreSymmetric) {
  for (int i = 0; i < 4; ++i) {
    const auto [routers, p] = kShapes[i][0];
    const auto t = fully_connected(routers, p, kNics[i]);
    ASSERT_EQ(t->link_classes(), (std::vector<std::string>{"terminal", "network"}));
    for (int r = 0; r < t->routers(); ++r) {
      ASSERT_EQ(t->radix(r), p + routers - 1);
      std::set<int> reached;
      for (int port = 0; port < t->radix(r); ++port) {
        if (t->port_class(r, port) == 0) continue;
        const PortEnd e = t->peer(r, port);
        EXPECT_NE(e.router, r);
        EXPECT_EQ(t->port_class(e.router, e.port), 1);
        const PortEnd back = t->peer(e.router, e.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        reached.insert(e.router);
      }
      EXPECT_EQ(static_cast<int>(reached.size()), routers - 1) << "one link to every other router";
    }
  }
}

TEST(FullyConnected, MinimalPortsReachEveryRouterInDistanceHops) {
  const auto t = fully_connected(7, 2, 1);
  int ports[kMaxRadix];
  for (int s = 0; s < t->routers(); ++s)
    for (int d = 0; d < t->routers(); ++d) {
      EXPECT_EQ(t->distance(s, d), s == d ? 0 : 1);
      int r = s, hops = 0;
      while (r != d) {
        ASSERT_EQ(t->min_ports(r, d, ports), 1);
        r = t->peer(r, ports[0]).router;
        ASSERT_LE(++hops, t->distance(s, d));
      }
      EXPECT_EQ(hops, t->distance(s, d));
    }
}

TEST(FullyConnected, EveryTerminalPortServesOneNicOfOneNodeAndANodesNicsAreOnDistinctRouters) {
  for (int i = 0; i < 4; ++i) {
    const auto [routers, p] = kShapes[i][0];
    const int nics = kNics[i];
    const auto t = fully_connected(routers, p, nics);
    ASSERT_EQ(t->nics_per_node(), nics);
    ASSERT_EQ(t->nodes(), routers * p / nics);
    std::set<std::pair<int, int>> ports;
    for (int n = 0; n < t->nodes(); ++n) {
      std::set<int> at;
      for (int k = 0; k < nics; ++k) {
        const PortEnd e = t->nic_port(n, k);
        EXPECT_EQ(t->port_class(e.router, e.port), 0);
        EXPECT_EQ(t->node_at(e.router, e.port), n);
        EXPECT_TRUE(ports.insert({e.router, e.port}).second) << "two NICs on one port";
        at.insert(e.router);
      }
      EXPECT_EQ(static_cast<int>(at.size()), nics);
      EXPECT_EQ(t->nic_port(n, 0).router, n / t->nodes_per_router()) << "NIC 0 at the node's home router";
    }
    EXPECT_EQ(static_cast<int>(ports.size()), routers * p) << "every terminal port used";
  }
}

TEST(FullyConnected, DomainsPartitionTheRouters) {
  const auto t = fully_connected(5, 1, 1);
  std::set<int> seen;
  for (int d = 0; d < t->domains(); ++d)
    for (int i = 0; i < t->domain_size(); ++i) {
      const int r = t->router_in_domain(d, i);
      EXPECT_EQ(t->domain_of(r), d);
      EXPECT_EQ(t->index_in_domain(r), i);
      EXPECT_TRUE(seen.insert(r).second);
    }
  EXPECT_EQ(static_cast<int>(seen.size()), t->routers());
}

TEST(FullyConnected, InconsistentShapesAreRefusedNamingTheKey) {
  const Overrides fc = {{"topology.type", "fully_connected"}};
  EXPECT_NE(test::config_error(with(fc, {{"topology.p", "3"}, {"topology.nics", "2"}})).find("topology.p"), std::string::npos);
  EXPECT_NE(test::config_error(with(fc, {{"topology.routers", "2"}, {"topology.nics", "3"}, {"topology.p", "3"}})).find("topology.nics"),
            std::string::npos);
  EXPECT_NE(test::config_error(with(fc, {{"topology.routers", "1"}})).find("topology.routers"), std::string::npos);
  EXPECT_NE(test::config_error(with(fc, {{"topology.routers", "64"}, {"topology.p", "2"}})).find("topology.routers"), std::string::npos);
  EXPECT_NE(test::config_error({{"topology.nics", "2"}}).find("topology.nics"), std::string::npos) << "not a Dragonfly key";
}

// ---- The routings: which class the registry builds, their VCs, the refusals ----

TEST(GenericRouting, MinAndValiantAreTheDragonflysOwnOnTheDragonflyAndGenericElsewhere) {
  TopologyOptions df;
  df.set("topology.h", 2);
  const auto dragonfly = make_topology(df);
  const auto fc = fully_connected(4, 1, 1);
  RoutingOptions o;
  o.algorithm = "min";
  EXPECT_NE(dynamic_cast<const MinRouting*>(make_routing(o, *dragonfly).get()), nullptr);
  EXPECT_NE(dynamic_cast<const GenericMinRouting*>(make_routing(o, *fc).get()), nullptr);
  o.algorithm = "valiant";
  EXPECT_NE(dynamic_cast<const ValiantRouting*>(make_routing(o, *dragonfly).get()), nullptr);
  EXPECT_NE(dynamic_cast<const GenericValiantRouting*>(make_routing(o, *fc).get()), nullptr);
}

TEST(GenericRouting, VcNeedsAreTheHopsPerPhaseOnEachClass) {
  const auto fc = fully_connected(4, 1, 1);
  RoutingOptions o;
  o.algorithm = "min";
  EXPECT_EQ(make_routing(o, *fc)->vcs_needed().per_class, (std::vector<int>{1, 1}));  // one network hop
  o.algorithm = "valiant";
  EXPECT_EQ(make_routing(o, *fc)->vcs_needed().per_class, (std::vector<int>{1, 2}));  // one per phase
}

TEST(GenericRouting, OtherRoutingsRefuseAnotherTopologyNamingRoutingAlgorithm) {
  for (const RoutingEntry& e : routing_registry()) {
    if (e.name == "min" || e.name == "valiant" || e.name == "ugal") continue;
    const std::string error = test::config_error({{"topology.type", "fully_connected"}, {"routing.algorithm", e.name}});
    EXPECT_NE(error.find("routing.algorithm"), std::string::npos) << e.name << ": " << error;
    EXPECT_NE(error.find("fully_connected"), std::string::npos) << e.name << ": " << error;
  }
}

// min, valiant and ugal run on the RTL routing unit (router/rtl/fully_connected_unit_geometry.cpp; lockstep:
// Shapes/GenericMinLockstep, Shapes/GenericVlbLockstep) with one NIC per node and with several: the header
// then addresses the NIC the packet is delivered at (RcInputs::dst).
TEST(GenericRouting, TheRtlRoutingUnitRunsNodesWithOneNicOrSeveral) {
  for (const char* mode : {"rtl", "lockstep"})
    for (const char* alg : {"min", "valiant", "ugal"})
      for (const char* nics : {"1", "2"})
        EXPECT_NO_THROW(load_config("", {{"topology.type", "fully_connected"}, {"topology.routers", "8"}, {"topology.p", "2"},
                                         {"topology.nics", nics}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}))
            << alg << " " << mode << " nics " << nics;
}

// A walk of route() from injection: each hop's class and VC, until the ejection.
TEST(GenericRouting, ValiantTakesPhaseZeroVcsThenPhaseOneVcs) {
  const auto fc = fully_connected(4, 1, 1);
  RoutingOptions o;
  o.algorithm = "valiant";
  const auto v = make_routing(o, *fc);
  std::set<int> roots;
  for (std::uint32_t draw = 0; draw < 4; ++draw) {
    Packet pkt;
    pkt.dst = 2;  // node 2 at router 2, from router 0
    RoutingContext ctx;
    ctx.router = 0;
    ctx.in_port = 0;
    ctx.random = std::uint64_t{draw} << 30;  // lfsr_draw: root = draw
    std::vector<int> vcs;
    for (int step = 0; step < 4; ++step) {
      const RoutingDecision d = v->route(ctx, pkt);
      if (fc->port_class(ctx.router, d.out_port) == 0) break;
      vcs.push_back(d.out_vc);
      const PortEnd e = fc->peer(ctx.router, d.out_port);
      ctx.router = e.router;
      ctx.in_port = e.port;
    }
    roots.insert(static_cast<int>(pkt.route.intermediate));
    if (draw == 0 || draw == 2) EXPECT_EQ(vcs, (std::vector<int>{1})) << "degenerate draw " << draw << ": minimal, phase 1 VC";
    else EXPECT_EQ(vcs, (std::vector<int>{0, 1})) << "through router " << draw;
  }
  EXPECT_EQ(roots.size(), 4u);
}

// ---- Deadlock check ----

std::vector<int> vcs_of(const RoutingAlgorithm& r) { return r.vcs_needed().per_class; }

TEST(GenericRouting, DeadlockCheckPassesWithTheVcsTheRoutingNeedsAndRefusesFewer) {
  for (const int nics : {1, 2}) {
    const auto fc = fully_connected(5, 2, nics);
    for (const char* algorithm : {"min", "valiant", "ugal"}) {
      RoutingOptions o;
      o.algorithm = algorithm;
      const auto r = make_routing(o, *fc);
      const DeadlockAnalysis a = analyse_deadlock(*fc, *r, vcs_of(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << algorithm << " nics " << nics << ": " << a.cycle << a.reason;
      // min crosses one link, so no channel waits for another; valiant's phase 0 waits for phase 1.
      if (std::string(algorithm) == "min") EXPECT_EQ(a.edges, 0u);
      else EXPECT_GT(a.edges, 0u);
    }
  }
  // Valiant's phase-1 hops on VC 1 depend on phase-0 hops on VC 0: 5 * 4 channels each way.
  const auto fc = fully_connected(5, 1, 1);
  RoutingOptions o;
  o.algorithm = "valiant";
  const auto v = make_routing(o, *fc);
  const ChannelGraph g = channel_dependencies(*fc, *v, {1, 2});
  EXPECT_EQ(g.channels_with_edges(), 20u);  // every VC 0 channel waits for some VC 1 channel
  // ... at its far end x, towards every router but x (the source's own too: a node to another node of its
  // router may go out to x and back).
  EXPECT_EQ(g.edges(), 20u * 4u);
  EXPECT_THROW(channel_dependencies(*fc, *v, {1, 1}), std::logic_error);  // phase 1 needs VC 1
}

// ---- End to end: conservation and zero-load figures ----

// Zero-load latency with the default latencies: 2 L_inj + (H + 1)(rc + va + sa + st) + H L_net + (size - 1)
// = 2 + 5 (H + 1) + 10 H + 7 = 14 + 15 H (tests/test_network.cpp's formula, the network class's latency 10).
double zero_load(double hops) { return 14 + 15 * hops; }

// The zero-load latency is linear in the hops, so a run whose packets all met no other packet has the mean
// latency of its mean hops. At offered load 0.001 a few packets still meet one at an ejection port or a link
// (uniform traffic): they can only come later, by at most a packet's time each, so the mean may exceed the
// formula by a little and never fall short of it.
void expect_zero_load(const json& r, double hops) {
  const double average = r["latency"]["total"]["average"].get<double>();
  EXPECT_GE(average, zero_load(hops) - 1e-9);
  EXPECT_LT(average, zero_load(hops) + 0.01);
}

Overrides fc_run(int routers, int p, int nics, const char* algorithm) {
  return {{"topology.type", "fully_connected"},
          {"topology.routers", std::to_string(routers)},
          {"topology.p", std::to_string(p)},
          {"topology.nics", std::to_string(nics)},
          {"routing.algorithm", algorithm},
          {"traffic.pattern", "un"},
          {"traffic.load", "0.001"},
          {"sim.warmup", "1000"},
          {"sim.measure", "1000000"}};
}


// Uniform traffic with one node per router: every packet crosses exactly one link.
TEST(GenericNetwork, MinTakesOneHopAtTheZeroLoadLatency) {
  const json r = run_sane(fc_run(16, 1, 1, "min"));
  ASSERT_FALSE(r.is_null());
  ASSERT_GT(r["packets"].get<int>(), 1000);
  EXPECT_DOUBLE_EQ(r["average_hops"].get<double>(), 1.0);
  EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), zero_load(1));
  EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), zero_load(1));
  expect_zero_load(r, 1.0);
}

// Valiant draws the intermediate router uniformly among the R routers: the source's or the destination's
// (probability 2/R) is the minimal path, 1 hop; any other, 2 hops. E[H] = 2/R + 2 (R - 2)/R = 2 - 2/R.
TEST(GenericNetwork, ValiantTakesTwoMinusTwoOverRHopsOnAverageAtTheZeroLoadLatency) {
  const int routers = 16;
  const json r = run_sane(fc_run(routers, 1, 1, "valiant"));
  ASSERT_FALSE(r.is_null());
  const double packets = r["packets"].get<double>();
  ASSERT_GT(packets, 1000);
  const double hops = r["average_hops"].get<double>();
  const double expected = 2.0 - 2.0 / routers;
  // H - 1 is a Bernoulli variable with p = (R - 2)/R: four standard errors of its mean.
  const double p = (routers - 2.0) / routers;
  EXPECT_NEAR(hops, expected, 4 * std::sqrt(p * (1 - p) / packets));
  expect_zero_load(r, hops);
  EXPECT_NEAR(r["path_types"]["min"].get<double>(), 1 - p, 4 * std::sqrt(p * (1 - p) / packets));  // a fraction
}

// Two NICs per node on consecutive routers (4 routers, p = 2: node n's NICs at routers n and n + 1). From
// node n, nodes n + 1 and n - 1 share a router with it (0 hops: n + 1 at n's NIC 1, n - 1 at n's NIC 0),
// node n + 2 is one hop away: under uniform traffic E[H] = 1/3.
TEST(GenericNetwork, TwoNicsPerNodeDeliverAtTheNearestNic) {
  for (const char* algorithm : {"min", "valiant"}) {
    const json r = run_sane(fc_run(4, 2, 2, algorithm));
    ASSERT_FALSE(r.is_null());
    const double packets = r["packets"].get<double>();
    ASSERT_GT(packets, 200);
    const double hops = r["average_hops"].get<double>();
    if (std::string(algorithm) == "min") {
      EXPECT_NEAR(hops, 1.0 / 3, 4 * std::sqrt(2.0 / 9 / packets));  // H is Bernoulli(1/3)
    } else {
      // Valiant between the two nearest NICs: on one router (2/3), a draw of that router (1/4) is the 0-hop
      // path, any other goes out and back, 2 hops; one hop apart (1/3), as above 1 or 2 hops, 1/2 each.
      // E[H] = 2/3 * 3/4 * 2 + 1/3 * 3/2 = 3/2; E[H^2] = 2/3 * 3 + 1/3 * 5/2 = 17/6.
      EXPECT_NEAR(hops, 1.5, 4 * std::sqrt((17.0 / 6 - 2.25) / packets));
    }
    expect_zero_load(r, hops);
  }
}

}  // namespace

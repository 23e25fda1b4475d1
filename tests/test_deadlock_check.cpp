// The pre-run deadlock check (issue 13, "Deadlock-prone configs"): the channel dependency graph of the
// configured network, routing and VCs (router/routing/channel_dependencies.h) and the guard of `hiradix run`
// and `sweep` (testbench/deadlock_check.h). The reduced enumeration is compared with walking every path
// whole, the graph with sampled walks of the real routing (tests/test_routing.cpp), a cycle with one worked
// out by hand, and the command line's refusal (exit code 2) with sim.allow_deadlock's way around it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "router/routing/channel_dependencies.h"
#include "router/routing/min_routing.h"
#include "router/routing/routing_registry.h"
#include "router/routing/valiant_routing.h"
#include "sim_helpers.h"
#include "config/config.h"
#include "testbench/deadlock_check.h"
#include "router/routing/acor_routing.h"
#include "router/routing/lian_routing.h"
#include "topology/dragonfly.h"
#include "topology/fully_connected.h"
#include "topology/topology_registry.h"

using namespace hiradix;

namespace {

const std::vector<std::string> kPolicies = {"lgl", "lg-", "-gl", "-g-"};

// The routings defined on the Dragonfly (dor is the mesh's and the torus's: tests/test_mesh.cpp).
std::vector<std::string> routings() {
  std::vector<std::string> names;
  TopologyOptions t;
  t.set("topology.h", 2);
  const std::unique_ptr<Topology> dragonfly = make_topology(t);
  for (const RoutingEntry& e : routing_registry()) {
    RoutingOptions o;
    o.algorithm = e.name;
    try {
      make_routing(o, *dragonfly);
    } catch (const std::invalid_argument&) {
      continue;
    }
    names.push_back(e.name);
  }
  return names;
}

// The VCs a config gives each link class.
std::vector<int> vcs_of(const Config& c) {
  std::vector<int> v;
  for (const LinkClassParams& p : c.links) v.push_back(p.vcs);
  return v;
}

// LIAN is defined on the balanced palmtree Dragonfly only (router/routing/lian_routing.h).
bool defined_on(const std::string& alg, const Overrides& net) {
  if (alg != "lian") return true;
  const std::unique_ptr<Topology> topo = make_topology(load_config("", net));
  const Dragonfly& t = topology_as<Dragonfly>(*topo, "the test");
  return t.arrangement() == Arrangement::kPalmtree && t.a() == 2 * t.h();
}

// What a routing needs of the config beyond the network: QCN-Switch (takes_cnms) QCN's congestion points and
// the NICs' reaction points off.
Overrides with_needs(Overrides o) {
  for (const auto& [key, value] : Overrides(o)) {
    if (key != "routing.algorithm") continue;
    RoutingOptions r;
    r.algorithm = value;
    TopologyOptions t;
    t.set("topology.h", 2);
    if (make_routing(r, *make_topology(t))->takes_cnms()) o.insert(o.end(), {{"qcn.sampling", "output"}, {"qcn.reaction", "off"}});
  }
  return o;
}

struct Built {
  Config config;
  std::unique_ptr<Topology> topo;
  std::unique_ptr<RoutingAlgorithm> routing;
  explicit Built(const Overrides& o)
      : config(load_config("", with_needs(o))), topo(make_topology(config)), routing(make_routing(config.routing, *topo)) {}
  ChannelGraph graph(CdgMethod m = CdgMethod::kReduced) const { return channel_dependencies(*topo, *routing, vcs_of(config), m); }
};

std::string describe(const Overrides& o) {
  std::string s;
  for (const auto& [k, v] : o) s += k + "=" + v + " ";
  return s;
}

// Small networks: balanced h = 2 and 3, an unbalanced one, a tiny one, each in both arrangements.
std::vector<Overrides> small_networks() {
  std::vector<Overrides> nets;
  for (const char* arr : {"palmtree", "consecutive"}) {
    nets.push_back({{"topology.h", "2"}, {"topology.arrangement", arr}});
    nets.push_back({{"topology.h", "3"}, {"topology.arrangement", arr}});
    nets.push_back({{"topology.p", "3"}, {"topology.a", "3"}, {"topology.h", "2"}, {"topology.arrangement", arr}});
    nets.push_back({{"topology.p", "1"}, {"topology.a", "2"}, {"topology.h", "1"}, {"topology.arrangement", arr}});
  }
  return nets;
}

// ---- the default configs are deadlock-free ----

TEST(DeadlockCheck, EveryRoutingPolicyAndArrangementIsAcyclicAsConfigured) {
  for (const Overrides& net : small_networks())
    for (const std::string& alg : routings())
      for (const std::string& policy : kPolicies) {
        if (!defined_on(alg, net)) continue;
        Overrides o = net;
        o.insert(o.end(), {{"routing.algorithm", alg}, {"routing.phase_a", policy}});
        const Built b(o);
        const DeadlockAnalysis a = analyse_deadlock(*b.topo, *b.routing, vcs_of(b.config));
        EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << describe(o) << a.cycle << a.reason;
        EXPECT_GT(a.edges, 0u) << describe(o);
        EXPECT_EQ(a.graph, b.routing->reroutes_blocked_heads() ? "escape channels" : "paths");
      }
}

#ifdef HIRADIX_CONFIGS
TEST(DeadlockCheck, EveryExampleConfigPasses) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(HIRADIX_CONFIGS)) {
    if (entry.path().extension() != ".yaml") continue;
    ++count;
    const Config c = load_config(entry.path().string(), {});
    const std::unique_ptr<Topology> topo = make_topology(c);
    const DeadlockAnalysis a = analyse_deadlock(*topo, *make_routing(c.routing, *topo), vcs_of(c));
    const double s = a.seconds;
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << entry.path() << ": " << a.cycle << a.reason;
    std::ostringstream warn;
    EXPECT_NO_THROW(check_deadlock_freedom(c, warn)) << entry.path();
    EXPECT_EQ(warn.str(), "") << entry.path();
    std::cout << "  " << entry.path().filename().string() << ": " << a.edges << " dependencies, " << s << " s\n";
  }
  EXPECT_GE(count, 20);
}
#endif

// The schema's defaults are the h = 8 network (2,064 routers, 16,512 nodes): every routing and policy is
// checked there, each within a few seconds (the times are printed; docs/decisions.md records them).
TEST(DeadlockCheck, DefaultNetworkEveryRoutingIsAcyclic) {
  for (const std::string& alg : routings())
    for (const std::string& policy : kPolicies) {
      const bool valiant_family = alg == "valiant" || alg == "ugal" || alg == "pb" || alg == "rvlb" || alg == "rpb";
      if (!valiant_family && policy != "lgl") continue;  // the others do not read routing.phase_a
      const Overrides o = {{"routing.algorithm", alg}, {"routing.phase_a", policy}};
      const Built b(o);
      const DeadlockAnalysis a = analyse_deadlock(*b.topo, *b.routing, vcs_of(b.config));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << describe(o) << a.cycle << a.reason;
      EXPECT_LT(a.seconds, 60.0) << describe(o);
      std::cout << "  h = 8 " << alg << " " << policy << ": " << a.channels << " channels, " << a.edges << " dependencies, "
                << a.seconds << " s\n";
    }
}

// ---- the reduction is exact ----

// The reduced enumeration (segments joined at R_ROOT, and on the palmtree only what starts in group 0,
// closed under the rotation of the groups) gives the same graph as walking every path whole from every
// source, for every routing, policy and VC scheme, on small networks of both arrangements.
class ReducedGraph : public ::testing::TestWithParam<Overrides> {};

TEST_P(ReducedGraph, EqualsTheFullOne) {
  int compared = 0, expected = 0;
  for (const std::string& alg : routings())
    for (const std::string& policy : kPolicies)
      for (const char* scheme : {"slot", "hop_count"}) {
        if (!defined_on(alg, GetParam())) continue;
        ++expected;
        Overrides o = GetParam();
        o.insert(o.end(), {{"routing.algorithm", alg}, {"routing.phase_a", policy}, {"routing.vc_scheme", scheme}});
        const Built b(o);
        const ChannelGraph reduced = b.graph(CdgMethod::kReduced), full = b.graph(CdgMethod::kFull);
        EXPECT_TRUE(reduced == full) << describe(o) << ": reduced " << reduced.edges() << " dependencies, full "
                                     << full.edges();
        ++compared;
      }
  EXPECT_EQ(compared, expected);
  EXPECT_GE(compared, static_cast<int>((routings().size() - 1) * 4 * 2));
}

INSTANTIATE_TEST_SUITE_P(SmallNetworks, ReducedGraph, ::testing::ValuesIn(small_networks()), [](const auto& info) {
  std::string name;
  for (const auto& [k, v] : info.param) name += k.substr(k.rfind('.') + 1).substr(0, 1) + v.substr(0, 4);
  return name;
});

// RVLB's intra-group path l - l (local VC 0, then local VC 1 at an R_ROOT of the same group) is walked
// too: under -g-, where Valiant never draws an R_ROOT in the source group, RVLB's graph has dependencies
// Valiant's lacks, and stays acyclic.
TEST(DeadlockCheck, RvlbIntraGroupPathsAreInTheGraph) {
  for (const char* arr : {"palmtree", "consecutive"}) {
    const Overrides base = {{"topology.h", "2"}, {"topology.arrangement", arr}, {"routing.phase_a", "-g-"}};
    Overrides valiant = base, rvlb = base;
    valiant.emplace_back("routing.algorithm", "valiant");
    rvlb.emplace_back("routing.algorithm", "rvlb");
    const Built v(valiant), r(rvlb);
    // h = 2 (p = 2, a = 4): local port 2 of R0 leads to R1, local port 2 of R1 to R2. The packet R0 -> R2
    // through R_ROOT = R1 holds R0's port 2 on local VC 0 and asks for R1's port 2 on local VC 1.
    const ChannelGraph rg = r.graph(CdgMethod::kReduced), vg = v.graph(CdgMethod::kReduced);
    EXPECT_TRUE(rg.has(rg.id(0, 2, 0), rg.id(1, 2, 1))) << arr;
    EXPECT_FALSE(vg.has(vg.id(0, 2, 0), vg.id(1, 2, 1))) << arr;
    // The enumeration is exact (RvlbGraphEqualsEveryRealInjection): the dependencies only Valiant's detours
    // of intra-group packets out of their group make are not in RVLB's graph.
    EXPECT_FALSE(rg.contains(vg)) << arr;
    EXPECT_EQ(analyse_deadlock(*r.topo, *r.routing, vcs_of(r.config)).verdict, DeadlockAnalysis::Verdict::kAcyclic) << arr;
  }
}

TEST(DeadlockCheck, OnlyThePalmtreeIsRotationSymmetric) {
  EXPECT_TRUE(rotation_symmetric(Dragonfly(2, 4, 2, Arrangement::kPalmtree)));
  EXPECT_TRUE(rotation_symmetric(Dragonfly(3, 3, 2, Arrangement::kPalmtree)));
  EXPECT_FALSE(rotation_symmetric(Dragonfly(2, 4, 2, Arrangement::kConsecutive)));
  EXPECT_FALSE(rotation_symmetric(Dragonfly(3, 3, 2, Arrangement::kConsecutive)));
}

// One real injection: the packet from router s to router d drawn with `random` (which draws `root`), walked
// with route() hop by hop, its dependencies added to `real`.
// (`root` -1: not checked; `acor_level`: ACOR's level of the decision).
void inject(const ValiantRouting& v, const Topology& t, int s, int d, int root, std::uint64_t random, ChannelGraph& real,
            RoutingContext ctx = {}) {
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(d * t.nodes_per_router());
  int r = s, in = t.nic_port(s * t.nodes_per_router(), 0).port;
  long prev = -1;
  for (int hop = 0; hop < 16; ++hop) {
    ctx.router = r;
    ctx.in_port = in;
    ctx.random = random;
    const RoutingDecision dec = v.route(ctx, pkt);
    if (hop == 0 && root >= 0) {
      ASSERT_TRUE(pkt.route.phase == 1 || static_cast<int>(pkt.route.intermediate) == root);
    }
    if (t.port_class(r, dec.out_port) == 0) break;
    if (prev >= 0) real.add(prev, dec.out_port, dec.out_vc);
    prev = real.id(r, dec.out_port, dec.out_vc);
    const PortEnd e = t.peer(r, dec.out_port);
    r = e.router;
    in = e.port;
  }
  ASSERT_EQ(r, d);
}

// Plain Valiant, exactly: the graph equals the one of every injection the real route() makes, at every
// source towards every destination with every draw of R_ROOT (intermediate_draws' random values).
TEST(DeadlockCheck, ValiantGraphEqualsEveryRealInjection) {
  for (const char* arr : {"palmtree", "consecutive"})
    for (const std::string& policy : kPolicies)
      for (const char* scheme : {"slot", "hop_count"}) {
        const Overrides o = {{"topology.h", "2"}, {"topology.arrangement", arr}, {"routing.algorithm", "valiant"},
                             {"routing.phase_a", policy}, {"routing.vc_scheme", scheme}};
        const Built b(o);
        const auto& v = dynamic_cast<const ValiantRouting&>(*b.routing);
        const Topology& t = *b.topo;
        ChannelGraph real(t, vcs_of(b.config));
        int draws = 0;
        for (int s = 0; s < t.routers(); ++s)
          for (const auto& [root, random] : v.intermediate_draws(s)) {
            ++draws;
            for (int d = 0; d < t.routers(); ++d) {
              inject(v, t, s, d, root, random, real);
            }
          }
        EXPECT_TRUE(real == b.graph()) << describe(o) << ": real " << real.edges() << ", enumerated " << b.graph().edges();
        EXPECT_GT(draws, t.routers());
      }
}

// RVLB (seed-000 §3.3), exactly too: its draws depend on the destination (inside the source's group for a
// destination there), so the real injections take intermediate_draws(s, d) per pair.
TEST(DeadlockCheck, RvlbGraphEqualsEveryRealInjection) {
  for (const char* arr : {"palmtree", "consecutive"})
    for (const std::string& policy : kPolicies)
      for (const char* scheme : {"slot", "hop_count"}) {
        const Overrides o = {{"topology.h", "2"}, {"topology.arrangement", arr}, {"routing.algorithm", "rvlb"},
                             {"routing.phase_a", policy}, {"routing.vc_scheme", scheme}};
        const Built b(o);
        const auto& v = dynamic_cast<const ValiantRouting&>(*b.routing);
        ASSERT_TRUE(v.restricted());
        const Topology& t = *b.topo;
        ChannelGraph real(t, vcs_of(b.config));
        int intra = 0;
        for (int s = 0; s < t.routers(); ++s)
          for (int d = 0; d < t.routers(); ++d)
            for (const auto& [root, random] : v.intermediate_draws(s, d)) {
              if (t.domain_of(d) == t.domain_of(s)) {
                ASSERT_EQ(t.domain_of(root), t.domain_of(s));
                ++intra;
              }
              inject(v, t, s, d, root, random, real);
            }
        EXPECT_GT(intra, 0);
        EXPECT_TRUE(real == b.graph()) << describe(o) << ": real " << real.edges() << ", enumerated " << b.graph().edges();
        EXPECT_TRUE(real == b.graph(CdgMethod::kFull)) << describe(o);
      }
}

// ACOR (seed-000 §3.10) draws under its level's policy: the graph, built from the draws of every policy of
// its sequence, equals the one of every real injection at every level, and is acyclic with lgl's VCs.
TEST(DeadlockCheck, AcorGraphEqualsEveryRealInjectionAtEveryLevel) {
  for (const char* arr : {"palmtree", "consecutive"})
    for (const char* sequence : {"3l", "2l-a", "2l-b"}) {
      const Overrides o = {{"topology.h", "2"}, {"topology.arrangement", arr}, {"routing.algorithm", "acor"},
                           {"routing.acor_sequence", sequence}};
      const Built b(o);
      const auto& v = dynamic_cast<const AcorRouting&>(*b.routing);
      const Topology& t = *b.topo;
      ChannelGraph real(t, vcs_of(b.config));
      for (int s = 0; s < t.routers(); ++s)
        for (int d = 0; d < t.routers(); ++d)
          for (const auto& draw : v.intermediate_draws(s, d))
            for (int level = 0; level < v.levels(); ++level) {
              RoutingContext ctx;
              acor_level(ctx) = level;
              inject(v, t, s, d, -1, draw.second, real, ctx);
            }
      EXPECT_TRUE(real == b.graph()) << describe(o) << ": real " << real.edges() << ", enumerated " << b.graph().edges();
      EXPECT_TRUE(real == b.graph(CdgMethod::kFull)) << describe(o);
      EXPECT_EQ(analyse_deadlock(t, v, vcs_of(b.config)).verdict, DeadlockAnalysis::Verdict::kAcyclic) << describe(o);
    }
}

// LIAN (seed-000 §3.13) draws under the policy its counters pick: with every reading that picks each of the
// four policies, and T adversarial over zero loads (so Eq. 2-1 always keeps the drawn path), the graph of
// every real injection equals the enumerated one and is acyclic with lgl's VCs.
TEST(DeadlockCheck, LianGraphEqualsEveryRealInjectionUnderEveryPolicy) {
  for (const char* h : {"2", "3"}) {
    const Overrides o = {{"topology.h", h}, {"routing.algorithm", "lian"}, {"routing.lian_sgc", "0"}, {"routing.lian_ilc", "0"}};
    const Built b(o);
    const auto& v = dynamic_cast<const LianRouting&>(*b.routing);
    const Topology& t = *b.topo;
    ChannelGraph real(t, vcs_of(b.config));
    static const std::uint16_t kZeroLoads[64] = {};
    std::set<PhaseA> policies;
    for (int s = 0; s < t.routers(); ++s)
      for (int d = 0; d < t.routers(); ++d)
        for (const auto& draw : v.intermediate_draws(s, d))
          for (const int saturated : {0, 1})
            for (const int il : {0, 1}) {
              RoutingContext ctx;
              ctx.port_load = kZeroLoads;
              tpr_count(ctx) = 255;  // adversarial: T = -150
              lian_saturated(ctx) = saturated;
              lian_il(ctx) = il;
              policies.insert(v.policy(ctx));
              inject(v, t, s, d, -1, draw.second, real, ctx);
            }
    EXPECT_EQ(policies.size(), 4u);
    EXPECT_TRUE(real == b.graph()) << describe(o) << ": real " << real.edges() << ", enumerated " << b.graph().edges();
    EXPECT_TRUE(real == b.graph(CdgMethod::kFull)) << describe(o);
    EXPECT_EQ(analyse_deadlock(t, v, vcs_of(b.config)).verdict, DeadlockAnalysis::Verdict::kAcyclic) << describe(o);
  }
}

// intermediate_draws covers choose_intermediate: every root a random value draws is among them, and each
// draw's random value gives its root.
TEST(DeadlockCheck, IntermediateDrawsCoverEveryRandomDraw) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  for (const std::string& policy : kPolicies) {
    const ValiantRouting v(t, parse_phase_a(policy));
    for (int s = 0; s < t.routers(); ++s) {
      std::set<int> roots;
      for (const auto& [root, random] : v.intermediate_draws(s)) {
        EXPECT_EQ(v.choose_intermediate(s, random), root);
        roots.insert(root);
      }
      std::uint64_t x = 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(s + 1);
      for (int k = 0; k < 2000; ++k) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        EXPECT_TRUE(roots.count(v.choose_intermediate(s, x))) << policy << " at " << s;
      }
      const std::size_t expected = policy == "lgl" ? 36u : policy == "-g-" ? 2u : 8u;
      EXPECT_EQ(roots.size(), expected) << policy;
    }
  }
}

// ---- what hop_count does ----

// routing.vc_scheme: hop_count (the count-based VC reading) makes every source routing cyclic, on every
// network with local links and both arrangements; the in-transit routings keep their own VC rule and ignore it.
// One exception, worked out by hand: RVLB with -g- or -gl on p1 a2 h1. With h = 1 an R_ROOT r is drawn
// (-g-, -gl) only by sources of the one group r's global link reaches; the hop_count cycle there
// (R0 local VC0 -> R1 global VC1 -> R2 local VC0 -> ... around the three groups) needs phase B of a packet
// from that group through r back into it, an intra-group pair, which RVLB routes l - l instead; and no
// RVLB path starts l-g (inter-group paths start with the global hop, intra-group ones stay local).
TEST(DeadlockCheck, HopCountIsCyclicForEverySourceRouting) {
  for (const Overrides& net : small_networks())
    for (const std::string& alg : routings())
      for (const std::string& policy : kPolicies) {
        if (!defined_on(alg, net)) continue;
        Overrides o = net;
        o.insert(o.end(), {{"routing.algorithm", alg}, {"routing.phase_a", policy}, {"routing.vc_scheme", "hop_count"}});
        const Built b(o);
        const DeadlockAnalysis a = analyse_deadlock(*b.topo, *b.routing, vcs_of(b.config));
        const bool in_transit = b.routing->reroutes_blocked_heads();
        const bool h1 = std::find(net.begin(), net.end(), std::pair<std::string, std::string>{"topology.h", "1"}) != net.end();
        const bool rvlb_exception = alg == "rvlb" && (policy == "-g-" || policy == "-gl") && h1;
        EXPECT_EQ(a.verdict, in_transit || rvlb_exception ? DeadlockAnalysis::Verdict::kAcyclic : DeadlockAnalysis::Verdict::kCyclic)
            << describe(o) << a.cycle;
      }
  // Without local links (a = 1) a path is global hops only, whose counts only grow: no cycle.
  for (const std::string& alg : routings()) {
    if (alg == "lian") continue;  // a = 1: not the balanced Dragonfly LIAN needs
    const Built b({{"topology.p", "2"}, {"topology.a", "1"}, {"topology.h", "3"}, {"routing.algorithm", alg},
                   {"routing.vc_scheme", "hop_count"}});
    EXPECT_EQ(analyse_deadlock(*b.topo, *b.routing, vcs_of(b.config)).verdict, DeadlockAnalysis::Verdict::kAcyclic) << alg;
  }
}

// Worked out by hand on the smallest Dragonfly, p = 1, a = 2, h = 1 (3 groups of 2 routers, router 2g + x):
// port 1 is the local link to the other router of the group, port 2 the global one; in the palmtree,
// router (g, 1) links to group g + 1 and arrives at router (g + 1, 0). MIN with hop_count: the l-g path
// from (g, 0) to group g + 1 holds local VC 0 and waits for the global link's VC 0; the g-l path from
// (g, 1) to (g + 1, 1) takes its local hop on VC 0 (no local hop before it). Around the three groups:
//   R0 p1 local VC0 -> R1 p2 global VC0 -> R2 p1 local VC0 -> R3 p2 global VC0 -> R4 p1 local VC0
//   -> R5 p2 global VC0 -> R0 p1 local VC0
// With slots, the g-l path's local hop is l2 = local VC 1, and there is no cycle.
TEST(DeadlockCheck, HandCheckedCycleOnTheSmallestDragonfly) {
  const Dragonfly t(1, 2, 1, Arrangement::kPalmtree);
  const std::vector<int> vcs = {1, 2, 1};
  const MinRouting hop(t, /*hop_count_vcs=*/true), slot(t);
  const ChannelGraph g = channel_dependencies(t, hop, vcs);
  for (int grp = 0; grp < 3; ++grp) {
    const int x0 = 2 * grp, x1 = 2 * grp + 1, next0 = 2 * ((grp + 1) % 3);
    EXPECT_TRUE(g.has(g.id(x0, 1, 0), g.id(x1, 2, 0))) << "l-g from router " << x0;
    EXPECT_TRUE(g.has(g.id(x1, 2, 0), g.id(next0, 1, 0))) << "g-l from router " << x1 << " on local VC 0";
  }
  const std::string expected =
      "R0 p1 local VC0 -> R1 p2 global VC0 -> R2 p1 local VC0 -> R3 p2 global VC0 -> R4 p1 local VC0 -> "
      "R5 p2 global VC0 -> R0 p1 local VC0";
  const std::string other =  // the same cycle the other way round the groups
      "R1 p1 local VC0 -> R0 p2 global VC0 -> R5 p1 local VC0 -> R4 p2 global VC0 -> R3 p1 local VC0 -> "
      "R2 p2 global VC0 -> R1 p1 local VC0";
  const std::string found = g.describe(g.find_cycle());
  EXPECT_TRUE(found == expected || found == other) << found;
  const ChannelGraph s = channel_dependencies(t, slot, vcs);
  EXPECT_TRUE(s.find_cycle().empty()) << s.describe(s.find_cycle());
  EXPECT_TRUE(s.has(s.id(1, 2, 0), s.id(2, 1, 1))) << "the g-l path's local hop on VC 1 with slots";
}

// The cycle reported is one: every step is a dependency of the graph, and it is a shortest one through
// its channels (no chord back to its start).
TEST(DeadlockCheck, ReportedCycleIsACycleOfTheGraph) {
  for (const char* arr : {"palmtree", "consecutive"}) {
    const Built b({{"topology.h", "2"}, {"topology.arrangement", arr}, {"routing.algorithm", "valiant"},
                   {"routing.vc_scheme", "hop_count"}});
    const ChannelGraph g = b.graph();
    const std::vector<long> cycle = g.find_cycle();
    ASSERT_GE(cycle.size(), 2u);
    for (std::size_t i = 0; i < cycle.size(); ++i) EXPECT_TRUE(g.has(cycle[i], cycle[(i + 1) % cycle.size()])) << i;
    for (std::size_t i = 0; i + 1 < cycle.size(); ++i) EXPECT_FALSE(g.has(cycle[i], cycle[0])) << "a shorter cycle at " << i;
  }
}

// ---- the guard ----

#ifdef HIRADIX_CONFIGS
const std::string kConfigs = HIRADIX_CONFIGS;
const Overrides kHopCount = {{"routing.vc_scheme", "hop_count"}, {"traffic.load", "0.5"}};

TEST(DeadlockGuard, TheHopCountDemonstrationIsRefusedNamingTheCycle) {
  const Config c = load_config(kConfigs + "/h2_adv1_min.yaml", kHopCount);
  EXPECT_FALSE(allow_deadlock(c));
  std::ostringstream warn;
  try {
    check_deadlock_freedom(c, warn);
    FAIL() << "not refused";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              "config error: routing.vc_scheme: hop_count gives routing min a cyclic channel dependency graph on dragonfly "
              "p=2 a=4 h=2 (palmtree), so it can deadlock (set sim.allow_deadlock: true to run it anyway); cycle: "
              "R0 p2 local VC0 -> R1 p5 global VC0 -> R22 p2 local VC0 -> R23 p6 global VC0 -> R28 p4 local VC0 -> "
              "R31 p6 global VC0 -> R0 p2 local VC0");
  }
  EXPECT_EQ(warn.str(), "");
}

TEST(DeadlockGuard, AllowDeadlockWarnsOnceInstead) {
  Overrides o = kHopCount;
  o.emplace_back("sim.allow_deadlock", "true");
  o.emplace_back("routing.algorithm", "valiant");
  const Config c = load_config(kConfigs + "/h2_adv1_min.yaml", o);
  EXPECT_TRUE(allow_deadlock(c));
  EXPECT_EQ(c.resolved["sim"]["allow_deadlock"], "true");
  std::ostringstream warn;
  EXPECT_NO_THROW(check_deadlock_freedom(c, warn));
  const std::string text = warn.str();
  EXPECT_NE(text.find("hiradix: warning: routing.vc_scheme: hop_count gives routing valiant a cyclic channel"),
            std::string::npos) << text;
  EXPECT_NE(text.find("running anyway: sim.allow_deadlock is true); cycle: R"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
  std::ostringstream again;
  check_deadlock_freedom(c, again);
  EXPECT_EQ(again.str(), "") << "one warning per network and routing in a process (a sweep's points)";
}

TEST(DeadlockGuard, KeyIsABooleanWord) {
  EXPECT_EQ(load_config("", {}).resolved["sim"]["allow_deadlock"], "false");
  try {
    load_config("", {{"sim.allow_deadlock", "yes"}});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), "config error: sim.allow_deadlock: 'yes' is not one of: false, true");
  }
}
#endif

#if defined(HIRADIX_BIN) && defined(HIRADIX_CONFIGS)
struct Cli {
  int code;
  std::string out, err;
};

Cli cli(const test::TempDir& dir, const std::string& args) {
  const std::string out = dir.file("stdout.txt"), err = dir.file("stderr.txt");
  const int code = test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " +
                                   args + " >" + test::shell_quote(out) + " 2>" + test::shell_quote(err));
  return {code, test::read_text(out), test::read_text(err)};
}

const std::string kDemo = test::shell_quote(kConfigs + "/h2_adv1_min.yaml") +
                          " --set routing.vc_scheme=hop_count --set traffic.load=0.5 --set sim.warmup=1000"
                          " --set sim.measure=4000 --set sim.watchdog=1000";

TEST(DeadlockGuard, RunExitsWith2AndOneLine) {
  test::TempDir dir;
  const Cli r = cli(dir, "run " + kDemo + " --out res -q");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("config error: routing.vc_scheme: hop_count gives routing min a cyclic channel dependency graph", 0), 0u)
      << r.err;
  EXPECT_NE(r.err.find("; cycle: R0 p2 local VC0 -> "), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path / "res" / "result.json")) << "refused before running";
}

TEST(DeadlockGuard, AllowDeadlockRunsItWithAWarning) {
  test::TempDir dir;
  const Cli r = cli(dir, "run " + kDemo + " --set sim.allow_deadlock=true --out res -q");
  EXPECT_EQ(r.code, 3) << r.err;  // it does deadlock
  EXPECT_EQ(r.err.rfind("hiradix: warning: routing.vc_scheme: hop_count gives routing min a cyclic", 0), 0u) << r.err;
  const nlohmann::json res = nlohmann::json::parse(test::read_text((dir.path / "res" / "result.json").string()));
  EXPECT_EQ(res["status"], "deadlock");
  EXPECT_EQ(res["config"]["sim"]["allow_deadlock"], "true");
}

TEST(DeadlockGuard, SweepRefusesBeforeAnyPointRuns) {
  test::TempDir dir;
  const Cli r = cli(dir, "sweep " + kDemo + " --vary traffic.load=0.1,0.2 --out sw -q");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("config error: routing.vc_scheme: hop_count", 0), 0u) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path / "sw" / "points" / "0000.json"));
  // A sweep over the VC scheme: the slot points are fine, the hop_count ones refused, so nothing runs.
  const Cli mixed = cli(dir, "sweep " + test::shell_quote(kConfigs + "/h2_adv1_min.yaml") +
                                 " --vary routing.vc_scheme=slot,hop_count --out sw2 -q");
  EXPECT_EQ(mixed.code, 2) << mixed.err;
}
#endif

}  // namespace

namespace {

// A routing that enumerates what it is told to: nothing (no enumeration to offer), or a two-channel cycle
// between routers 0 and 1 of a fully connected network.
class ScriptedRouting : public RoutingAlgorithm {
 public:
  explicit ScriptedRouting(bool offers) : offers_(offers) {}
  std::string name() const override { return "scripted"; }
  VcRequirement vcs_needed() const override { return {{1, 1}}; }
  RoutingDecision route(const RoutingContext&, Packet&) const override { return {}; }
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod) const override {
    if (!offers_) return false;
    const FullyConnected& t = topology_as<FullyConnected>(g.topology(), "the test");
    const int to1 = t.port_to(0, 1), to0 = t.port_to(1, 0);
    g.add(g.id(0, to1, 0), to0, 0);  // 0 -> 1 waits for 1 -> 0 ...
    g.add(g.id(1, to0, 0), to1, 0);  // ... which waits for 0 -> 1
    return true;
  }

 private:
  bool offers_;
};

}  // namespace

// The check reads each routing's own enumeration (RoutingAlgorithm::enumerate_dependencies): what it adds
// is the graph searched, and a routing that offers none is left unchecked with the reason naming it.
TEST(DeadlockCheck, TheGraphIsTheRoutingsOwnEnumeration) {
  const FullyConnected topo(3, 1, 1);
  const DeadlockAnalysis cyclic = analyse_deadlock(topo, ScriptedRouting(true), {1, 1});
  EXPECT_EQ(cyclic.verdict, DeadlockAnalysis::Verdict::kCyclic);
  EXPECT_EQ(cyclic.edges, 2u);
  EXPECT_EQ(cyclic.cycle, "R0 p1 network VC0 -> R1 p2 network VC0 -> R0 p1 network VC0");
  const DeadlockAnalysis none = analyse_deadlock(topo, ScriptedRouting(false), {1, 1});
  EXPECT_EQ(none.verdict, DeadlockAnalysis::Verdict::kUnchecked);
  EXPECT_NE(none.reason.find("routing scripted"), std::string::npos) << none.reason;
}

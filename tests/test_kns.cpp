// The KNS (topology/kns.h) and Hybrid-DOR (router/routing/hybrid_dor_routing.h), issue 27: the wiring
// invariants against a breadth-first search, the config keys and their refusals, hybrid_dor's paths, the
// deadlock check (hybrid_dor on one VC, generic min and valiant with theirs), the analytical hop count, a
// tiny run checked against values computed by hand, what topology.node_latency and topology.node_buffer
// change, and conservation at saturation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include "config/config.h"
#include "config/permutation_patterns.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/hybrid_dor_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "topology/kns.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::unique_ptr<Topology> make(int k, int n, int p = 1) {
  TopologyOptions o;
  o.type = "kns";
  std::string dims = "[";
  for (int d = 0; d < n; ++d) dims += (d ? "," : "") + std::to_string(k);
  o.set("topology.dims", dims + "]").set("topology.p", p);
  return make_topology(o);
}

const Kns& kns_of(const Topology& t) { return topology_as<Kns>(t, "the test"); }

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm, const char* order = "") {
  RoutingOptions o;
  o.algorithm = algorithm;
  if (*order) o.set("routing.dor_order", order);
  return make_routing(o, t);
}

std::vector<int> vcs_needed(const RoutingAlgorithm& r) { return r.vcs_needed().per_class; }

struct Shape {
  int k, n, p;
};
const Shape kShapes[] = {{2, 2, 1}, {4, 2, 1}, {3, 2, 2}, {2, 3, 1}, {3, 3, 1}, {5, 1, 1}, {2, 4, 1}};

// ---- Wiring invariants ----

TEST(KnsTopology, PortsPeersLinksSwitchesAndDiameter) {
  for (const Shape& s : kShapes) {
    const auto t = make(s.k, s.n, s.p);
    const Kns& g = kns_of(*t);
    SCOPED_TRACE(t->describe());
    ASSERT_EQ(t->link_classes(), (std::vector<std::string>{"terminal", "network"}));
    const int nodes = static_cast<int>(std::lround(std::pow(s.k, s.n)));
    const int switches = nodes * s.n / s.k;  // S = N n / k (seed-001 §2.1)
    ASSERT_EQ(g.end_nodes(), nodes);
    ASSERT_EQ(g.switches(), switches);
    ASSERT_EQ(t->routers(), nodes + switches);
    ASSERT_EQ(t->nodes(), nodes * s.p);
    ASSERT_EQ(t->nodes_per_router(), s.p);
    EXPECT_EQ(t->grid(), std::vector<int>(static_cast<std::size_t>(s.n), s.k));
    std::set<std::pair<int, int>> ends;  // every router-to-router port end, once
    for (int r = 0; r < t->routers(); ++r) {
      if (!g.is_switch(r)) {
        // An end node: row-major coordinates, p terminals, then one port per dimension to that line's switch.
        int rest = r;
        for (int d = 0; d < s.n; ++d, rest /= s.k) EXPECT_EQ(g.coordinate(r, d), rest % s.k);
        ASSERT_EQ(t->radix(r), s.p + s.n);
        for (int port = 0; port < s.p; ++port) {
          EXPECT_EQ(t->port_class(r, port), 0);
          EXPECT_EQ(t->node_at(r, port), r * s.p + port);
          EXPECT_EQ(t->nic_port(r * s.p + port, 0).router, r);
          EXPECT_EQ(t->nic_port(r * s.p + port, 0).port, port);
        }
        for (int d = 0; d < s.n; ++d) {
          const PortEnd e = t->peer(r, s.p + d);
          EXPECT_TRUE(g.is_switch(e.router));
          EXPECT_EQ(g.switch_dimension(e.router), d);
          EXPECT_EQ(e.port, g.coordinate(r, d)) << "at the switch's port of its coordinate in d";
        }
      } else {
        // A switch: k ports to the k end nodes of its line, which differ in its dimension only.
        ASSERT_EQ(t->radix(r), s.k);
        const int d = g.switch_dimension(r);
        const int first = t->peer(r, 0).router;
        for (int c = 0; c < s.k; ++c) {
          EXPECT_EQ(t->port_class(r, c), 1);
          const int node = t->peer(r, c).router;
          ASSERT_FALSE(g.is_switch(node));
          EXPECT_EQ(g.coordinate(node, d), c);
          for (int e = 0; e < s.n; ++e)
            if (e != d) {
              EXPECT_EQ(g.coordinate(node, e), g.coordinate(first, e));
            }
        }
      }
      for (int port = 0; port < t->radix(r); ++port) {
        if (t->port_class(r, port) == 0) continue;
        const PortEnd e = t->peer(r, port);
        ASSERT_LT(e.port, t->radix(e.router));
        EXPECT_NE(g.is_switch(r), g.is_switch(e.router)) << "every link joins an end node and a switch";
        const PortEnd back = t->peer(e.router, e.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        EXPECT_TRUE(ends.insert({r, port}).second);
      }
    }
    // Each end node's n links and each switch's k, every one counted at both ends: 2 N n ends, N n links.
    EXPECT_EQ(static_cast<long>(ends.size()), 2L * nodes * s.n);
    EXPECT_EQ(t->links(1), static_cast<long>(nodes) * s.n);
    EXPECT_EQ(t->links(0), static_cast<long>(nodes) * s.p);
    // Distances against a BFS, minimal ports = the ports one hop closer; node pairs 2 * (differing coordinates).
    std::vector<std::vector<int>> hops;
    for (int r = 0; r < t->routers(); ++r) hops.push_back(test::bfs_hops(*t, r));
    int ports[kMaxRadix], diameter = 0, node_diameter = 0;
    for (int r = 0; r < t->routers(); ++r)
      for (int x = 0; x < t->routers(); ++x) {
        const int h = hops[static_cast<std::size_t>(r)][static_cast<std::size_t>(x)];
        ASSERT_EQ(t->distance(r, x), h) << r << " -> " << x;
        diameter = std::max(diameter, h);
        if (!g.is_switch(r) && !g.is_switch(x)) {
          int differing = 0;
          for (int d = 0; d < s.n; ++d) differing += g.coordinate(r, d) != g.coordinate(x, d);
          EXPECT_EQ(h, 2 * differing);
          node_diameter = std::max(node_diameter, h);
        }
        const int n = t->min_ports(r, x, ports);
        std::set<int> closer;
        for (int port = 0; port < t->radix(r); ++port)
          if (t->port_class(r, port) != 0 && hops[static_cast<std::size_t>(t->peer(r, port).router)][static_cast<std::size_t>(x)] == h - 1)
            closer.insert(port);
        EXPECT_EQ(std::set<int>(ports, ports + n), closer) << r << " -> " << x;
        EXPECT_EQ(static_cast<std::size_t>(n), closer.size()) << "no port twice";
      }
    EXPECT_EQ(node_diameter, 2 * s.n) << "end node to end node: node -> switch -> node per dimension";
    EXPECT_EQ(diameter, 2 * s.n) << "with the switches: two switches of one dimension are 2n apart too";
    // Domains (rows: k end nodes, then one switch per dimension) partition the routers; the nodes of domain
    // d are nodes_per_domain() consecutive numbers.
    std::set<int> seen;
    ASSERT_EQ(t->domains() * t->domain_size(), t->routers());
    for (int dom = 0; dom < t->domains(); ++dom)
      for (int i = 0; i < t->domain_size(); ++i) {
        const int r = t->router_in_domain(dom, i);
        EXPECT_EQ(t->domain_of(r), dom);
        EXPECT_EQ(t->index_in_domain(r), i);
        EXPECT_EQ(g.is_switch(r), i >= s.k) << "a domain lists its end nodes first";
        if (i < s.k) {
          EXPECT_EQ(t->nic_port(dom * t->nodes_per_domain() + i * s.p, 0).router, r);
        }
        seen.insert(r);
      }
    EXPECT_EQ(static_cast<int>(seen.size()), t->routers());
  }
}

// The paper's 16-node example (seed-001 Fig. 1): 8 four-port switches, row switches X_y then column
// switches Y_x; node 3 = (3, 0) forwards 0 -> 15 on the XY path.
TEST(KnsTopology, SixteenNodeExampleNamesAndSwitches) {
  const auto t = make(4, 2);
  const Kns& g = kns_of(*t);
  EXPECT_EQ(t->describe(), "kns 4x4 p=1");
  EXPECT_EQ(t->title(), "KNS 4-ary 2-direct 1-indirect (p = 1)");
  EXPECT_EQ(g.switches(), 8);
  EXPECT_EQ(t->min_radix(), 3);
  EXPECT_EQ(t->max_radix(), 4);
  EXPECT_EQ(t->peer(6, 1).router, 16 + 1) << "node 6 = (2, 1): row switch X_1";
  EXPECT_EQ(t->peer(6, 2).router, 16 + 4 + 2) << "node 6 = (2, 1): column switch Y_2";
  const auto r = routing(*t, "hybrid_dor");
  Packet pkt;
  pkt.dst = 15;
  RoutingContext ctx;
  ctx.router = 0;
  ctx.in_port = 0;
  std::vector<int> routers = {0};
  for (int step = 0; step < 8; ++step) {
    const RoutingDecision d = r->route(ctx, pkt);
    if (t->port_class(ctx.router, d.out_port) == 0) break;
    const PortEnd e = t->peer(ctx.router, d.out_port);
    ctx.router = e.router;
    ctx.in_port = e.port;
    routers.push_back(e.router);
  }
  EXPECT_EQ(routers, (std::vector<int>{0, 16, 3, 23, 15})) << "0 -> X_0 -> 3 -> Y_3 -> 15";
  EXPECT_EQ(pkt.route.hops[1], 4);
}

// The end nodes are the grid (Topology::grid), numbered as a mesh's routers: the coordinate permutations
// are the 4 x 4 mesh's, node for node, with p = 2 too (a node keeps its terminal index).
TEST(KnsTopology, CoordinatePermutationsAreTheMeshs) {
  for (const int p : {1, 2}) {
    const auto kns = make(4, 2, p);
    TopologyOptions o;
    o.type = "mesh";
    o.set("topology.dims", "[4,4]").set("topology.p", p);
    const auto mesh = make_topology(o);
    ASSERT_EQ(kns->grid(), mesh->grid());
    for (const PatternKind k : {PatternKind::kTranspose, PatternKind::kTornado, PatternKind::kNeighbor})
      EXPECT_EQ(permutation_table(k, *kns, 0), permutation_table(k, *mesh, 0)) << p;
  }
}

// ---- Config ----

TEST(KnsConfig, KeysFromSetAndDefaults) {
  const Config c = load_config("", {{"topology.type", "kns"}, {"routing.algorithm", "hybrid_dor"}});
  EXPECT_EQ(make_topology(c)->describe(), "kns 4x4 p=1");
  EXPECT_EQ(c.resolved["topology"]["p"], 1) << "0 = one node per end node";
  EXPECT_EQ(c.resolved["topology"]["node_latency"], 0);
  EXPECT_EQ(c.resolved["topology"]["node_buffer"], 0);
  EXPECT_EQ(c.link("network").vcs, 1) << "hybrid_dor: one VC";
  EXPECT_EQ(topology_of(c.resolved)->describe(), "kns 4x4 p=1");
  const Overrides kns = {{"topology.type", "kns"}, {"topology.dims", "[3,3,3]"}};
  EXPECT_EQ(load_config("", kns).link("network").vcs, 6) << "min: the most hops of a minimal path, 2n";
  EXPECT_EQ(load_config("", with(kns, {{"routing.algorithm", "valiant"}})).link("network").vcs, 12);
  const Config y = load_config("", with(kns, {{"routing.algorithm", "hybrid_dor"}, {"routing.dor_order", "zyx"}}));
  EXPECT_EQ(y.resolved["routing"]["dor_order"], "zyx");
}

TEST(KnsConfig, BadKeysAreRefusedNamingTheKey) {
  const Overrides kns = {{"topology.type", "kns"}, {"routing.algorithm", "hybrid_dor"}};
  const auto refused = [&](const Overrides& more, const std::string& prefix) {
    const std::string e = config_error(with(kns, more));
    EXPECT_EQ(e.rfind("config error: " + prefix, 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;
  };
  refused({{"topology.dims", "[4,3]"}}, "topology.dims: kns: every dimension needs the same size k");
  refused({{"topology.dims", "[1,1]"}}, "topology.dims");  // the schema's bound, naming topology.dims[0]
  refused({{"topology.dims", "[2,2,2,2,2,2,2]"}}, "topology.dims: kns: 7 dimensions; 1 to 6");
  refused({{"topology.dims", "[65,65]"}}, "topology.dims: kns: a switch has k = 65 ports");
  refused({{"topology.dims", "[64,64,64,64]"}}, "topology.dims: kns: [64, 64, 64, 64] has more than");
  refused({{"topology.p", "63"}}, "topology.p: kns: end node radix p + dimensions = 65");
  refused({{"topology.node_buffer", "4"}}, "topology.node_buffer: must hold at least one packet");
  refused({{"topology.node_latency", "-1"}}, "topology.node_latency");
  refused({{"topology.node_latency", "65"}}, "topology.node_latency");
  refused({{"routing.dor_order", "xz"}}, "routing.dor_order");
  refused({{"topology.h", "3"}}, "topology.h: is not a key of topology.type kns");
  // The KNS keys on another topology, and hybrid_dor elsewhere, dor here.
  const std::string other = config_error({{"topology.node_latency", "2"}});
  EXPECT_EQ(other.rfind("config error: topology.node_latency", 0), 0u) << other;
  for (const char* type : {"mesh", "dragonfly", "flattened_butterfly"}) {
    const std::string e = config_error({{"topology.type", type}, {"routing.algorithm", "hybrid_dor"}});
    EXPECT_NE(e.find("routing.algorithm"), std::string::npos) << e;
    EXPECT_NE(e.find(type), std::string::npos) << e;
  }
  const std::string dor = config_error({{"topology.type", "kns"}, {"routing.algorithm", "dor"}});
  EXPECT_NE(dor.find("routing.algorithm dor is not defined on a kns topology"), std::string::npos) << dor;
  // hybrid_dor, min, valiant and ugal have RTL (Shapes/KnsLockstep, Shapes/GenericMinLockstep,
  // Shapes/GenericVlbLockstep); valiant's and ugal's path, two minimal paths of 2n hops, fits the header's
  // hop counter (31) on every KNS of up to MESH_DIMS = 3 dimensions.
  for (const char* mode : {"rtl", "lockstep"}) {
    EXPECT_NO_THROW(load_config("", with(kns, {{"routing.algorithm", "hybrid_dor"}, {"router.rc_mode", mode}}))) << mode;
    EXPECT_NO_THROW(load_config("", with(kns, {{"routing.algorithm", "min"}, {"router.rc_mode", mode}}))) << mode;
    for (const char* alg : {"valiant", "ugal"}) {
      EXPECT_NO_THROW(load_config("", with(kns, {{"topology.dims", "[4]"}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}))) << mode;
      EXPECT_NO_THROW(load_config("", with(kns, {{"routing.algorithm", alg}, {"router.rc_mode", mode}}))) << mode;
      EXPECT_NO_THROW(load_config("", with(kns, {{"topology.dims", "[3, 3, 3]"}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}))) << mode;
    }
  }
  // Seed 001's 3-D KNS at k = 24 (13,824 nodes, 15,552 routers) fits ROUTER_W = 14 bits; k = 25 (17,500
  // routers) is refused naming the width.
  EXPECT_NO_THROW(load_config("", with(kns, {{"topology.dims", "[24, 24, 24]"}, {"routing.algorithm", "hybrid_dor"}, {"router.rc_mode", "rtl"}})));
  const std::string big = config_error(with(kns, {{"topology.dims", "[25, 25, 25]"}, {"router.rc_mode", "rtl"}}));
  EXPECT_NE(big.find("routers = 17499 does not fit the RTL's 14-bit field"), std::string::npos) << big;
  EXPECT_EQ(big.find('\n'), std::string::npos) << big;
}

// ---- Paths ----

// Every end node pair, every order: 2 * (differing coordinates) hops, up to a switch and down again per
// dimension, the dimensions in the order, on VC 0; at most n switch crossings.
TEST(HybridDor, PathsCorrectOneDimensionPerSwitchInOrder) {
  for (const Shape& s : kShapes) {
    if (s.p != 1) continue;
    const auto t = make(s.k, s.n);
    const Kns& g = kns_of(*t);
    std::vector<std::string> orders = {""};
    if (s.n == 2) orders.push_back("yx");
    if (s.n == 3) orders.insert(orders.end(), {"zyx", "yzx"});
    for (const std::string& order : orders) {
      const auto r = routing(*t, "hybrid_dor", order.c_str());
      std::vector<int> dims;
      for (int d = 0; d < s.n; ++d) dims.push_back(order.empty() ? d : order[static_cast<std::size_t>(d)] - 'x');
      for (int a = 0; a < g.end_nodes(); ++a)
        for (int b = 0; b < g.end_nodes(); ++b) {
          Packet pkt;
          pkt.dst = static_cast<std::uint32_t>(b);
          RoutingContext ctx;
          ctx.router = a;
          ctx.in_port = 0;
          int hops = 0, switches = 0;
          std::size_t rank = 0;
          for (;; ++hops) {
            ASSERT_LT(hops, 4 * s.n) << "no ejection";
            const RoutingDecision d = r->route(ctx, pkt);
            EXPECT_EQ(d.out_vc, 0);
            if (t->port_class(ctx.router, d.out_port) == 0) {
              EXPECT_EQ(ctx.router, b);
              break;
            }
            const PortEnd e = t->peer(ctx.router, d.out_port);
            if (g.is_switch(e.router)) {
              ++switches;
              const int dim = g.switch_dimension(e.router);
              while (rank < dims.size() && dims[rank] != dim) ++rank;
              ASSERT_LT(rank, dims.size()) << "dimension " << dim << " after a later one, " << a << " -> " << b << " order " << order;
              ++rank;
            } else {
              EXPECT_EQ(g.coordinate(e.router, g.switch_dimension(ctx.router)), g.coordinate(b, g.switch_dimension(ctx.router)));
            }
            ctx.router = e.router;
            ctx.in_port = e.port;
          }
          EXPECT_EQ(hops, t->distance(a, b)) << a << " -> " << b;
          EXPECT_LE(switches, s.n);
        }
    }
  }
}

// ---- Deadlock freedom ----

TEST(KnsDeadlock, HybridDorOnOneVcMinAndValiantAreAcyclic) {
  for (const Shape& s : kShapes) {
    const auto t = make(s.k, s.n, s.p);
    for (const char* alg : {"hybrid_dor", "min", "valiant"}) {
      const auto r = routing(*t, alg);
      const int expected = std::string(alg) == "hybrid_dor" ? 1 : std::string(alg) == "min" ? 2 * s.n : 4 * s.n;
      EXPECT_EQ(r->vcs_needed()[1], expected) << t->describe() << " " << alg;
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << alg << ": " << a.cycle << a.reason;
      EXPECT_GT(a.edges, 0u);
    }
  }
}

TEST(KnsDeadlock, HybridDorReducedGraphEqualsTheFullOne) {
  for (const Shape& s : kShapes)
    for (const char* order : {"", "rev"}) {
      const auto t = make(s.k, s.n, s.p);
      std::string o;
      if (std::string(order) == "rev")
        for (int d = s.n; d-- > 0;) o += std::to_string(d);
      const auto r = routing(*t, "hybrid_dor", o.c_str());
      const ChannelGraph reduced = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kReduced);
      const ChannelGraph full = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kFull);
      EXPECT_TRUE(reduced == full) << t->describe() << " " << o << ": reduced " << reduced.edges() << ", full " << full.edges();
      EXPECT_GT(full.edges(), 0u);
    }
}

// The check finds the cycle when it is there: min's hop-count VCs on one VC (a switch -> node hop that
// needs VC 1) are refused, as on the other topologies.
TEST(KnsDeadlock, MinWithOneVcIsRefused) {
  const auto t = make(3, 2);
  EXPECT_THROW(channel_dependencies(*t, *routing(*t, "min"), {1, 1}), std::logic_error);
  const std::string e = config_error({{"topology.type", "kns"}, {"topology.dims", "[3,3]"}, {"router.vcs.network", "1"}});
  EXPECT_EQ(e.rfind("config error: router.vcs.network: min needs at least 4 network VCs", 0), 0u) << e;
}

// ---- Analytical hop count ----

// Uniform traffic on a KNS of n dimensions of k end nodes, p nodes each, N = p k^n nodes. A destination drawn
// uniformly among all N nodes (the source's own included) sits at an end node whose coordinates are
// independent and each differs from the source's with probability (k - 1) / k; each differing coordinate
// costs Hybrid-DOR two hops (node -> switch -> node), so E[H] = 2 n (k - 1) / k. The pattern draws among the
// N - 1 other nodes and the source contributed 0 hops, so the mean over distinct nodes is
// 2 n (k - 1) / k * N / (N - 1).
double kns_hops(int n, int k, int p) {
  const double nodes = p * std::pow(k, n);
  return 2 * n * (k - 1.0) / k * nodes / (nodes - 1);
}

// Mean and variance of the hops between the end nodes of two distinct nodes, by enumeration.
std::pair<double, double> hops_over_nodes(const Kns& t) {
  double sum = 0, sq = 0, pairs = 0;
  const int p = t.p();
  for (int a = 0; a < t.end_nodes(); ++a)
    for (int b = 0; b < t.end_nodes(); ++b) {
      const double d = t.distance(a, b), n = a == b ? p * (p - 1.0) : 1.0 * p * p;
      sum += n * d, sq += n * d * d, pairs += n;
    }
  const double mean = sum / pairs;
  return {mean, sq / pairs - mean * mean};
}

TEST(KnsHops, EnumerationEqualsTheAnalyticalMean) {
  for (const Shape& s : kShapes) {
    const auto t = make(s.k, s.n, s.p);
    EXPECT_NEAR(hops_over_nodes(kns_of(*t)).first, kns_hops(s.n, s.k, s.p), 1e-12) << t->describe();
  }
  EXPECT_NEAR(kns_hops(2, 4, 1), 3.2, 1e-12);  // 2 * 2 * 3/4 * 16/15
  EXPECT_NEAR(kns_hops(2, 2, 1), 8.0 / 3, 1e-12);
}

// ---- Simulations ----

Overrides run(const char* dims, const char* algorithm, const char* load, const char* measure) {
  return {{"topology.type", "kns"},  {"topology.dims", dims},  {"routing.algorithm", algorithm}, {"traffic.pattern", "un"},
          {"traffic.load", load},    {"sim.warmup", "1000"},   {"sim.measure", measure}};
}

// The 2-D KNS with k = 2 (4 end nodes, 4 two-port switches), p = 1, hybrid_dor, uniform traffic at 0.001
// phits per node per cycle, default latencies (router.latency rc 1 + va 1 + sa 1 + st 2 = 5 cycles per
// router, links.injection_latency 1, links.network_latency 10, 8-phit packets). By hand:
//  - from node 0 = (0, 0) the others are 1 = (1, 0) and 2 = (0, 1), one coordinate apart: H = 2 hops
//    (node -> switch -> node), and 3 = (1, 1), both apart: H = 4. Uniform over the three: E[H] = 8/3, and
//    H/2 - 1 is Bernoulli(1/3), so the standard deviation of H is 2 sqrt(2/9);
//  - a packet alone in the network takes 1 (injection link) + 5 per router on its path (H + 1 routers:
//    source node, then per dimension a switch and a node) + 10 per router-to-router hop + 1 (ejection link)
//    + 7 (the tail's 7 phits after the head) = 14 + 15 H: 44 cycles for H = 2, 74 for H = 4. Two thirds of the
//    packets take 44, so p50 = 44 and p99 = 74, and the mean is 14 + 15 E[H] plus what rare contention adds;
//  - with topology.node_latency 3 the H/2 + 1 end nodes on a path each add 3: 44 + 6 = 50, 74 + 9 = 83;
//  - the accepted load is the offered 0.001 (nothing is lost): 4 nodes x 10^6 cycles x 0.001 / 8 phits =
//    500 packets expected, so within 4 standard errors 4 / sqrt(500) of it;
//  - the size: 8 routers, 4 nodes, radix 2 (switch) to 3 (end node), 4 terminal and 8 network links.
TEST(KnsNetwork, TwoAryTwoDirectHopsLatenciesAndLoadByHand) {
  for (const char* node_latency : {"0", "3"}) {
    SCOPED_TRACE(std::string("node_latency ") + node_latency);
    const json r = run_sane(with(run("[2,2]", "hybrid_dor", "0.001", "1000000"), {{"topology.node_latency", node_latency}}));
    ASSERT_FALSE(r.is_null());
    const double packets = r["packets"].get<double>();
    ASSERT_GT(packets, 300);
    const double hops = r["average_hops"].get<double>();
    EXPECT_NEAR(hops, 8.0 / 3, 4 * 2 * std::sqrt(2.0 / 9 / packets));
    const bool slow = std::string(node_latency) == "3";
    EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), slow ? 50 : 44);
    EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), slow ? 83 : 74);
    const double zero_load = 14 + 15 * hops + (slow ? 3 * (hops / 2 + 1) : 0);
    const double average = r["latency"]["total"]["average"].get<double>();
    EXPECT_GE(average, zero_load - 1e-9);
    EXPECT_LT(average, zero_load + 0.05);
    const double accepted = r["accepted_load"].get<double>();
    EXPECT_NEAR(accepted, 0.001, 0.001 * 4 / std::sqrt(500.0));
    // Per node, not per router (4 nodes, 8 routers): the window's packets x 8 phits / (10^6 cycles x 4 nodes),
    // and what was generated in it, but for the few packets in flight at its edges (one per node at most).
    EXPECT_DOUBLE_EQ(accepted, packets * 8 / (1e6 * 4));
    EXPECT_NEAR(accepted, r["offered_load"].get<double>(), 4 * 8 / (1e6 * 4));
    EXPECT_EQ(r["simulation"]["network"], json::parse(R"({"routers": 8, "nodes": 4, "radix_min": 2, "radix_max": 3,
                                                          "links": {"terminal": 4, "network": 8}})"));
  }
}

// The same network under bit_complement (node i -> 3 - i: (x, y) -> (1 - x, 1 - y)): every packet crosses
// both dimensions, H = 4 exactly, 74 cycles. The four paths (0 -> X_0 -> 1 -> Y_1 -> 3, 1 -> X_0 -> 0 -> Y_0
// -> 2, 2 -> X_1 -> 3 -> Y_1 -> 1, 3 -> X_1 -> 2 -> Y_0 -> 0) use each directed link once and never share an
// output port (a node forwards on its Y port and injects on its X port), so packets meet only their own
// flow's predecessors: p50 = p99 = 74, the mean a hair above.
TEST(KnsNetwork, TwoAryTwoDirectBitComplementEveryPacketFourHopsIn74Cycles) {
  const json r = run_sane(with(run("[2,2]", "hybrid_dor", "0.001", "1000000"), {{"traffic.pattern", "bit_complement"}}));
  ASSERT_FALSE(r.is_null());
  ASSERT_GT(r["packets"].get<int>(), 300);
  EXPECT_DOUBLE_EQ(r["average_hops"].get<double>(), 4.0);
  EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), 74);
  EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), 74);
  EXPECT_GE(r["latency"]["total"]["average"].get<double>(), 74.0);
  EXPECT_LT(r["latency"]["total"]["average"].get<double>(), 74.05);
  EXPECT_EQ(r["latency"]["network"]["p99"].get<int>(), 74) << "no packet waits inside the network";
}

// 4 x 4 KNS (the paper's 16-node example) under uniform traffic at a low load: hybrid_dor's and generic
// min's mean hops equal the analytical 2 n (k - 1) / k * N / (N - 1) = 3.2 within four standard errors.
TEST(KnsNetwork, UniformHopsEqualTheAnalyticalMean) {
  const auto t = make(4, 2);
  const auto [mean, variance] = hops_over_nodes(kns_of(*t));
  ASSERT_NEAR(mean, 3.2, 1e-12);
  for (const char* alg : {"hybrid_dor", "min"}) {
    const json r = run_sane(run("[4,4]", alg, "0.005", "200000"));
    ASSERT_FALSE(r.is_null());
    const double packets = r["packets"].get<double>();
    ASSERT_GT(packets, 1500);
    EXPECT_NEAR(r["average_hops"].get<double>(), mean, 4 * std::sqrt(variance / packets)) << alg;
  }
}

// topology.node_buffer sets the end nodes' forwarding buffers only: at saturation, one packet (8 phits) per
// VC at the end nodes' dimension ports cannot cover the credit round trip of a 10-cycle link, so the network
// accepts clearly less than with the default 32 phits there.
TEST(KnsNetwork, NodeBufferLimitsForwardingThroughput) {
  const json wide = run_sane(run("[4,4]", "hybrid_dor", "1.0", "4000"));
  const json narrow = run_sane(with(run("[4,4]", "hybrid_dor", "1.0", "4000"), {{"topology.node_buffer", "8"}}));
  ASSERT_FALSE(wide.is_null());
  ASSERT_FALSE(narrow.is_null());
  const double w = wide["accepted_load"].get<double>(), n = narrow["accepted_load"].get<double>();
  EXPECT_LT(n, 0.8 * w);
  std::cout << "  kns 4x4 hybrid_dor saturation: accepted " << w << " (node buffers 32 phits), " << n << " (8 phits)\n";
}

// Saturation under uniform traffic, every routing defined on the KNS: the run ends, every packet is
// accounted for (run_sane), and the deadlock check passed before it. p = 2 and a 3-D KNS too.
TEST(KnsNetwork, SaturationRunsEndWithConservation) {
  for (const char* dims : {"[4,4]", "[3,3,3]"})
    for (const char* alg : {"hybrid_dor", "min", "valiant", "ugal"}) {
      SCOPED_TRACE(std::string(dims) + " " + alg);
      const json r = run_sane(with(run(dims, alg, "1.0", "3000"), {{"topology.p", "2"}}));
      ASSERT_FALSE(r.is_null());
      EXPECT_GT(r["accepted_load"].get<double>(), 0.05);
      std::cout << "  kns " << dims << " p=2 " << alg << " saturation: accepted " << r["accepted_load"].get<double>() << "\n";
    }
}

// The adversarial patterns address the end nodes only: advl (the next end node of the row) and adv+1 run.
TEST(KnsNetwork, AdversarialPatternsTargetEndNodes) {
  for (const char* pattern : {"advl", "adv"}) {
    const json r = run_sane(with(run("[4,4]", "hybrid_dor", "0.05", "3000"), {{"traffic.pattern", pattern}, {"traffic.offset", "1"}}));
    ASSERT_FALSE(r.is_null()) << pattern;
    EXPECT_NEAR(r["accepted_load"].get<double>(), 0.05, 0.01) << pattern;
  }
}

#if defined(HIRADIX_BIN) && defined(HIRADIX_CONFIGS)
// End to end: `hiradix run` on the example config prints the network's size.
TEST(KnsCli, RunPrintsTheSize) {
  test::TempDir dir;
  const std::string config = test::shell_quote(std::string(HIRADIX_CONFIGS) + "/kns4x4_hybrid_dor.yaml");
  const std::string out = dir.file("out.txt"), err = dir.file("err.txt");
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " run " + config +
                            " --set sim.warmup=500 --set sim.measure=1000 >" + test::shell_quote(out) + " 2>" + test::shell_quote(err)),
            0)
      << test::read_text(err);
  const std::string text = test::read_text(out);
  EXPECT_NE(text.find("hiradix: kns 4x4 p=1, 24 routers, routing hybrid_dor (Hybrid-DOR)"), std::string::npos) << text;
  EXPECT_NE(text.find("  network      24 routers, 16 nodes, radix 3-4, links: terminal 16, network 32"), std::string::npos) << text;
}
#endif

}  // namespace

// The Flattened Butterfly / HyperX (topology/flattened_butterfly.h) and the routings on it, issue 27: the
// wiring invariants against a breadth-first search, the config keys (topology.dims, balanced topology.p,
// refused shapes), dor on it (flattened_butterfly_dor_routing.h), generic min, valiant and ugal
// (generic_ugal_routing.h), the deadlock check, hand-computed tiny runs, analytical hop counts, UGAL's
// choice at low load and under adversarial traffic, and conservation at saturation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <set>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/dor_routing.h"
#include "router/routing/flattened_butterfly_dor_routing.h"
#include "router/routing/generic_min_routing.h"
#include "router/routing/generic_ugal_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "topology_helpers.h"
#include "topology/flattened_butterfly.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::string list(const std::vector<int>& dims) {
  std::string s = "[";
  for (std::size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

// p = 0: balanced (the smallest size).
std::unique_ptr<Topology> make(const std::vector<int>& dims, int p = 0, int trunk = 1) {
  TopologyOptions o;
  o.type = "flattened_butterfly";
  o.set("topology.dims", list(dims)).set("topology.p", p).set("topology.trunk", trunk);
  return make_topology(o);
}

const FlattenedButterfly& fb_of(const Topology& t) { return topology_as<FlattenedButterfly>(t, "the test"); }

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm, const char* order = "") {
  RoutingOptions o;
  o.algorithm = algorithm;
  if (*order) o.set("routing.dor_order", order);
  return make_routing(o, t);
}

std::vector<int> vcs_needed(const RoutingAlgorithm& r) { return r.vcs_needed().per_class; }

struct Shape {
  std::vector<int> dims;
  int p;  // 0: balanced
  int expected_p;
  int trunk = 1;
};
const Shape kShapes[] = {
    {{2, 2}, 1, 1}, {{3, 4}, 0, 3},    {{4, 4, 4}, 0, 4},    {{4, 4}, 2, 2},       {{2, 3, 2}, 1, 1},
    {{5, 3}, 2, 2}, {{2, 2, 2, 2}, 1, 1}, {{2, 2}, 1, 1, 2}, {{3, 4}, 0, 3, 2}, {{2, 3, 2}, 1, 1, 3},
};

// ---- Wiring invariants ----

TEST(FlattenedButterflyTopology, PortsPeersLinksAndDiameter) {
  for (const Shape& s : kShapes) {
    const auto t = make(s.dims, s.p, s.trunk);
    const FlattenedButterfly& fb = fb_of(*t);
    SCOPED_TRACE(t->describe());
    ASSERT_EQ(t->link_classes(), (std::vector<std::string>{"terminal", "network"}));
    ASSERT_EQ(fb.p(), s.expected_p);
    ASSERT_EQ(fb.trunk(), s.trunk);
    const int p = s.expected_p, trunk = s.trunk;
    int routers = 1, network_ports = 0;  // per router, T ports per neighbour
    for (const int k : s.dims) routers *= k, network_ports += (k - 1) * trunk;
    ASSERT_EQ(t->routers(), routers);
    ASSERT_EQ(t->nodes(), routers * p);
    std::set<std::pair<int, int>> ends;  // every router-to-router port end, once
    for (int r = 0; r < t->routers(); ++r) {
      // Row-major, dimension 0 fastest: coordinates from the ID.
      std::vector<int> c;
      for (int rest = r, d = 0; d < fb.dims(); rest /= s.dims[static_cast<std::size_t>(d)], ++d) {
        c.push_back(rest % s.dims[static_cast<std::size_t>(d)]);
        EXPECT_EQ(fb.coordinate(r, d), c.back());
      }
      ASSERT_EQ(t->radix(r), p + network_ports) << "router " << r;
      for (int port = 0; port < t->radix(r); ++port) {
        if (port < p) {
          EXPECT_EQ(t->port_class(r, port), 0);
          EXPECT_EQ(t->node_at(r, port), r * p + port);
          const PortEnd e = t->nic_port(r * p + port, 0);
          EXPECT_EQ(e.router, r);
          EXPECT_EQ(e.port, port);
          continue;
        }
        ASSERT_EQ(t->port_class(r, port), 1);
        const PortEnd e = t->peer(r, port);
        ASSERT_GE(e.port, p);
        ASSERT_LT(e.port, t->radix(e.router));
        const PortEnd back = t->peer(e.router, e.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        EXPECT_TRUE(ends.insert({r, port}).second);
        // The peer differs in the port's dimension only; the ports of a dimension follow the coordinates.
        const int d = fb.port_dimension(port);
        int differing = 0;
        for (int e2 = 0; e2 < fb.dims(); ++e2) differing += fb.coordinate(e.router, e2) != fb.coordinate(r, e2);
        EXPECT_EQ(differing, 1);
        EXPECT_NE(fb.coordinate(e.router, d), fb.coordinate(r, d));
        // Link j of a trunk leads to link j of the neighbour's trunk back.
        EXPECT_EQ(fb.port_towards(r, d, fb.coordinate(e.router, d), fb.port_link(port)), port);
        EXPECT_EQ(fb.port_link(e.port), fb.port_link(port));
        EXPECT_EQ(fb.port_coordinate(r, port), fb.coordinate(e.router, d));
        if (port - trunk >= fb.first_port(d)) {
          EXPECT_LT(fb.coordinate(t->peer(r, port - trunk).router, d), fb.coordinate(e.router, d)) << "coordinate order";
        }
        if (fb.port_link(port) > 0) {
          EXPECT_EQ(t->peer(r, port - 1).router, e.router) << "a trunk's links reach one neighbour";
        }
      }
    }
    // Every pair of routers that differ in one coordinate is linked, T times: routers * T sum (S_d - 1) ends.
    EXPECT_EQ(static_cast<long>(ends.size()), static_cast<long>(routers) * network_ports) << "every link once, both ways";
    EXPECT_EQ(t->links(1), static_cast<long>(routers) * network_ports / 2);
    EXPECT_EQ(t->links(0), t->nodes());
    // Distances against a BFS; minimal ports lead one hop closer and are all the ports that do.
    int diameter = 0;
    int ports[kMaxRadix];
    std::vector<std::vector<int>> hops;  // hops[r][x], by BFS
    for (int r = 0; r < t->routers(); ++r) hops.push_back(test::bfs_hops(*t, r));
    const auto hops_between = [&hops](int r, int x) { return hops[static_cast<std::size_t>(r)][static_cast<std::size_t>(x)]; };
    for (int r = 0; r < t->routers(); ++r)
      for (int x = 0; x < t->routers(); ++x) {
        ASSERT_EQ(t->distance(r, x), hops_between(r, x));
        diameter = std::max(diameter, hops_between(r, x));
        const int n = t->min_ports(r, x, ports);
        EXPECT_EQ(n, t->distance(r, x) * trunk) << "the trunk's ports per differing dimension";
        std::set<int> closer;
        for (int port = p; port < t->radix(r); ++port)
          if (hops_between(t->peer(r, port).router, x) == hops_between(r, x) - 1) closer.insert(port);
        EXPECT_EQ(std::set<int>(ports, ports + n), closer) << r << " -> " << x;
      }
    EXPECT_EQ(diameter, fb.dims()) << "diameter = the number of dimensions";
    // Domains (rows along dimension 0) partition the routers.
    std::set<int> seen;
    for (int dom = 0; dom < t->domains(); ++dom)
      for (int i = 0; i < t->domain_size(); ++i) {
        const int r = t->router_in_domain(dom, i);
        EXPECT_EQ(t->domain_of(r), dom);
        EXPECT_EQ(t->index_in_domain(r), i);
        seen.insert(r);
      }
    EXPECT_EQ(static_cast<int>(seen.size()), t->routers());
  }
}

TEST(FlattenedButterflyTopology, NamesAndTitles) {
  EXPECT_EQ(make({4, 4})->describe(), "flattened_butterfly 4x4 p=4");
  EXPECT_EQ(make({4, 4})->title(), "Flattened Butterfly 4 × 4 (p = 4)");
  EXPECT_EQ(make({3, 4}, 2)->title(), "HyperX 3 × 4 (p = 2)");
  // A port of router (1, 2) of a 3 x 4 HyperX with p = 3: dimension 0's ports 3, 4 lead to x = 0, 2;
  // dimension 1's 5, 6, 7 to y = 0, 1, 3.
  const auto t = make({3, 4});
  const int r = 1 + 3 * 2;
  EXPECT_EQ(t->peer(r, 3).router, 0 + 3 * 2);
  EXPECT_EQ(t->peer(r, 4).router, 2 + 3 * 2);
  EXPECT_EQ(t->peer(r, 5).router, 1 + 3 * 0);
  EXPECT_EQ(t->peer(r, 6).router, 1 + 3 * 1);
  EXPECT_EQ(t->peer(r, 7).router, 1 + 3 * 3);
  EXPECT_EQ(t->peer(r, 7).port, 5 + 2) << "(1, 3)'s port towards y = 2, the third of dimension 1";
  // Trunked (T = 2), p = 3: dimension 0's ports 3, 4 lead to x = 0 and 5, 6 to x = 2; dimension 1's 7-12 to
  // y = 0, 1, 3 in pairs; link j of a pair lands on link j of the neighbour's pair back.
  const auto trunked = make({3, 4}, 3, 2);
  EXPECT_EQ(trunked->describe(), "flattened_butterfly 3x4 p=3 trunk=2");
  EXPECT_EQ(trunked->title(), "HyperX 3 × 4 (p = 3, trunk 2)");
  EXPECT_EQ(trunked->radix(r), 3 + 2 * (2 + 3));
  EXPECT_EQ(trunked->peer(r, 4).router, 0 + 3 * 2);
  EXPECT_EQ(trunked->peer(r, 4).port, 3 + 2 * 0 + 1) << "(0, 2)'s second link towards x = 1";
  EXPECT_EQ(trunked->peer(r, 12).router, 1 + 3 * 3);
  EXPECT_EQ(trunked->peer(r, 12).port, 7 + 2 * 2 + 1) << "(1, 3)'s second link towards y = 2";
}

// ---- Config ----

TEST(FlattenedButterflyConfig, DimsAndBalancedPFromSetAndYaml) {
  const Config c = load_config("", {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4,4]"}});
  EXPECT_EQ(make_topology(c)->describe(), "flattened_butterfly 4x4 p=4");
  EXPECT_EQ(c.resolved["topology"]["p"], 4) << "0 = balanced";
  EXPECT_EQ(topology_of(c.resolved)->describe(), "flattened_butterfly 4x4 p=4");
  EXPECT_EQ(c.link("network").vcs, 2) << "min: one VC per dimension";
  const Overrides fb = {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3,5,4]"}};
  EXPECT_EQ(make_topology(load_config("", fb))->describe(), "flattened_butterfly 3x5x4 p=3") << "HyperX: the smallest size";
  EXPECT_EQ(load_config("", with(fb, {{"routing.algorithm", "valiant"}})).link("network").vcs, 6);
  EXPECT_EQ(load_config("", with(fb, {{"routing.algorithm", "ugal"}})).link("network").vcs, 6);
  EXPECT_EQ(load_config("", with(fb, {{"routing.algorithm", "dor"}})).link("network").vcs, 1);
  test::TempDir dir;
  {
    std::ofstream f(dir.file("fb.yaml"));
    f << "topology:\n  type: flattened_butterfly\n  dims: [2, 3]\n  p: 1\nrouting:\n  algorithm: dor\n  dor_order: yx\n";
  }
  const Config y = load_config(dir.file("fb.yaml"), {});
  EXPECT_EQ(make_topology(y)->describe(), "flattened_butterfly 2x3 p=1");
  EXPECT_EQ(y.resolved["routing"]["dor_order"], "yx");
}

TEST(FlattenedButterflyConfig, BadShapesAreRefusedNamingTheKey) {
  const Overrides fb = {{"topology.type", "flattened_butterfly"}};
  const auto refused = [&](const Overrides& more, const std::string& prefix) {
    const std::string e = config_error(with(fb, more));
    EXPECT_EQ(e.rfind("config error: " + prefix, 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;
  };
  refused({{"topology.dims", "[8]"}}, "topology.dims: flattened_butterfly: 1 dimensions; 2 to 6");
  refused({{"topology.dims", "[2,2,2,2,2,2,2]"}}, "topology.dims: flattened_butterfly: 7 dimensions");
  refused({{"topology.dims", "[1,4]"}}, "topology.dims");
  refused({{"topology.dims", "[4096,4096]"}}, "topology.dims");
  refused({{"topology.dims", "[33,33]"}}, "topology.dims: flattened_butterfly: router radix");  // balanced: 33 + 64
  refused({{"topology.dims", "[16,16]"}, {"topology.p", "40"}},
          "topology.p: flattened_butterfly: router radix p + trunk * sum of (S_d - 1) = 40 + 1 * 30");
  refused({{"topology.dims", "[8,8]"}, {"topology.trunk", "5"}},
          "topology.trunk: flattened_butterfly: router radix p + trunk * sum of (S_d - 1) = 8 + 5 * 14");
  refused({{"topology.trunk", "0"}}, "topology.trunk");
  refused({{"topology.trunk", "2"}, {"routing.algorithm", "dor"}}, "topology.trunk: dor takes one port per neighbour");
  EXPECT_EQ(config_error({{"topology.type", "mesh"}, {"topology.trunk", "2"}}).rfind("config error: topology.trunk: is not a key", 0), 0u);
  refused({{"topology.dims", "[23,23,23]"}, {"topology.p", "1"}}, "topology.dims: flattened_butterfly: router radix");  // 66 network ports
  refused({{"topology.h", "3"}}, "topology.h: is not a key of topology.type flattened_butterfly");
}

TEST(FlattenedButterflyConfig, TheRtlSynthAndDragonflyOnlyKeysAreRefused) {
  const Overrides fb = {{"topology.type", "flattened_butterfly"}};
  // dor, min, valiant, ugal and rvlb have RTL on a FB (Shapes/FbLockstep, Shapes/GenericMinLockstep,
  // Shapes/GenericVlbLockstep, Shapes/GridRvlbLockstep); valiant's, ugal's and rvlb's path, 2 x dimensions
  // hops, fits the header's hop counter (31) on every FB the RTL's geometry takes (3-D at most): a 4-D FB is
  // refused for its MESH_DIMS first.
  for (const char* alg : {"valiant", "ugal", "rvlb"})
    for (const char* mode : {"rtl", "lockstep"}) {
      EXPECT_NO_THROW(load_config("", with(fb, {{"routing.algorithm", "min"}, {"router.rc_mode", mode}}))) << mode;
      EXPECT_NO_THROW(load_config("", with(fb, {{"routing.algorithm", alg}, {"router.rc_mode", mode}}))) << mode;
      EXPECT_NO_THROW(load_config("", with(fb, {{"topology.dims", "[3, 3, 3]"}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}))) << mode;
      const std::string r = config_error(with(fb, {{"topology.dims", "[2, 2, 2, 2]"}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}));
      EXPECT_EQ(r, "config error: router.rc_mode: the RTL routing unit cannot run this network: topology.dims: 4 dimensions exceed "
                   "the RTL's 3 (rtl/hiradix_fields.vh MESH_DIMS)")
          << r;
    }
  const std::string e = config_error(with(fb, {{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}}));
  EXPECT_EQ(e.rfind("config error: routing.ugal_info: ", 0), 0u) << e;
  EXPECT_EQ(config_error(with(fb, {{"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}})).rfind("config error: routing.ugal_load: ", 0), 0u);
  EXPECT_EQ(config_error(with(fb, {{"routing.algorithm", "ugal"}, {"routing.phase_a", "-g-"}})).rfind("config error: routing.phase_a: ", 0), 0u);
  EXPECT_EQ(config_error(with(fb, {{"routing.algorithm", "ugal"}, {"routing.ugal_threshold", "-20"}})), "accepted");
  EXPECT_EQ(config_error(with(fb, {{"routing.algorithm", "ugal"}, {"routing.source_decision", "once"}})), "accepted");
  // Routings written for the Dragonfly.
  const std::string pb = config_error(with(fb, {{"routing.algorithm", "pb"}}));
  EXPECT_NE(pb.find("routing.algorithm"), std::string::npos) << pb;
  EXPECT_NE(pb.find("flattened_butterfly"), std::string::npos) << pb;
}

// ---- Paths ----

using test::Hop;
using test::walk;

TEST(FlattenedButterflyDor, PathsAreMinimalOneHopPerDimensionInOrder) {
  for (const Shape& s : kShapes) {
    if (s.expected_p != 1) continue;
    const auto t = make(s.dims, 1);
    const FlattenedButterfly& fb = fb_of(*t);
    std::vector<std::string> orders = {""};
    if (s.dims.size() == 2) orders.push_back("yx");
    if (s.dims.size() == 3) orders.insert(orders.end(), {"zyx", "yzx"});
    for (const std::string& order : orders) {
      const auto r = routing(*t, "dor", order.c_str());
      ASSERT_NE(dynamic_cast<const FlattenedButterflyDorRouting*>(r.get()), nullptr);
      const std::vector<int> dims = DorRouting::parse_order(order, fb.dims());
      for (int a = 0; a < t->routers(); ++a)
        for (int b = 0; b < t->routers(); ++b) {
          const std::vector<Hop> hops = walk(*t, *r, a, b);
          ASSERT_EQ(static_cast<int>(hops.size()), t->distance(a, b)) << a << " -> " << b;
          std::size_t rank = 0;
          for (const Hop& h : hops) {
            const int d = fb.port_dimension(h.port);
            while (rank < dims.size() && dims[rank] != d) ++rank;
            ASSERT_LT(rank, dims.size()) << "dimension " << d << " after a later one, " << a << " -> " << b << " order " << order;
            EXPECT_EQ(fb.port_coordinate(h.router, h.port), fb.coordinate(b, d)) << "straight to the destination's coordinate";
            EXPECT_EQ(h.vc, 0);
            ++rank;  // one hop per dimension
          }
        }
    }
  }
}

// routing.min_paths: dimension_order (issue 27): min corrects the differing dimensions lowest first, one hop
// each, so every hop's dimension is strictly higher than the previous hop's, on a FB and a HyperX; its
// forwarding table's row (what the RTL reads) marks exactly the port route() takes; the hop-count VCs stay.
std::unique_ptr<RoutingAlgorithm> dim_ordered(const Topology& t, const char* algorithm) {
  RoutingOptions o;
  o.algorithm = algorithm;
  o.set("routing.min_paths", "dimension_order");
  return make_routing(o, t);
}

TEST(FlattenedButterflyMinPaths, DimensionOrderCorrectsTheLowestDifferingDimensionFirst) {
  // With a trunk (T = 2 on the last shape) a row holds the T links towards the one neighbour.
  for (const auto& [dims, trunk] : {std::pair{std::vector<int>{4, 4}, 1}, std::pair{std::vector<int>{3, 3, 3}, 1},
                                    std::pair{std::vector<int>{2, 3, 4}, 1}, std::pair{std::vector<int>{3, 4}, 2}}) {
    const auto t = make(dims, 1, trunk);
    const FlattenedButterfly& fb = fb_of(*t);
    const auto r = dim_ordered(*t, "min");
    const auto* min = dynamic_cast<const GenericMinRouting*>(r.get());
    ASSERT_NE(min, nullptr);
    EXPECT_EQ(min->min_paths(), MinPaths::kDimensionOrder);
    EXPECT_EQ(vcs_needed(*r)[1], fb.dims()) << "hop-count VCs, n per phase";
    for (int a = 0; a < t->routers(); ++a)
      for (int b = 0; b < t->routers(); ++b) {
        const std::vector<Hop> hops = walk(*t, *r, a, b);
        ASSERT_EQ(static_cast<int>(hops.size()), t->distance(a, b)) << t->describe() << " " << a << " -> " << b;
        int previous = -1;
        for (std::size_t i = 0; i < hops.size(); ++i) {
          const Hop& h = hops[i];
          const int d = fb.port_dimension(h.port);
          ASSERT_GT(d, previous) << t->describe() << " " << a << " -> " << b;
          for (int lower = 0; lower < d; ++lower) EXPECT_EQ(fb.coordinate(h.router, lower), fb.coordinate(b, lower));
          EXPECT_EQ(fb.port_coordinate(h.router, h.port), fb.coordinate(b, d));
          EXPECT_EQ(h.vc, static_cast<int>(i));
          const std::uint8_t* row = min->table().row(h.router, b);
          const auto towards = [&](int port) { return fb.port_dimension(port) == d && t->peer(h.router, port).router == t->peer(h.router, h.port).router; };
          for (int port = 0; port < t->max_radix(); ++port)
            EXPECT_EQ(row[port], port >= fb.p() && towards(port) ? 1 : 0) << h.router << " -> " << b;
          previous = d;
        }
      }
  }
}

// With dimension_order, min, valiant, ugal and rvlb pass the channel-dependency check with the VCs they ask
// (n for min, 2n for the others), and valiant's reduced graph still equals the full one.
TEST(FlattenedButterflyMinPaths, DimensionOrderIsAcyclicAndValiantsReducedGraphIsTheFullOne) {
  for (const std::vector<int>& dims : {std::vector<int>{4, 4}, std::vector<int>{3, 3, 3}, std::vector<int>{2, 3, 4}})
    for (const char* alg : {"min", "valiant", "ugal", "rvlb"}) {
      const auto t = make(dims, 0);
      const auto r = dim_ordered(*t, alg);
      const int n = fb_of(*t).dims();
      EXPECT_EQ(r->vcs_needed()[1], std::string(alg) == "min" ? n : 2 * n) << t->describe() << " " << alg;
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << alg << ": " << a.cycle << a.reason;
      if (std::string(alg) == "valiant") {
        const ChannelGraph reduced = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kReduced);
        const ChannelGraph full = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kFull);
        EXPECT_TRUE(reduced == full) << t->describe();
        // Fewer dependencies than adaptive's: the dimension-ordered paths are a subset.
        const auto adaptive = routing(*t, alg);
        EXPECT_LT(full.edges(), channel_dependencies(*t, *adaptive, vcs_needed(*adaptive), CdgMethod::kFull).edges()) << t->describe();
      }
    }
}

// The key's non-default value is refused, naming it, where no dimensions order the ports (and by the
// routings that do not read it); adaptive, the default, is accepted everywhere.
TEST(FlattenedButterflyMinPaths, DimensionOrderIsRefusedWithoutDimensionsNamingTheKey) {
  const Overrides dim = {{"routing.min_paths", "dimension_order"}};
  for (const char* alg : {"min", "valiant", "ugal"}) {
    const Overrides a = with(dim, {{"routing.algorithm", alg}});
    for (const Overrides& topo : {Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3]"}},
                                  Overrides{{"topology.type", "fully_connected"}, {"topology.routers", "6"}},
                                  Overrides{{"topology.type", "dragonfly"}, {"topology.h", "2"}}}) {
      const std::string e = config_error(with(topo, a));
      EXPECT_EQ(e.rfind("config error: routing.min_paths: dimension_order needs a router grid", 0), 0u) << alg << ": " << e;
      EXPECT_EQ(e.find('\n'), std::string::npos) << e;
      EXPECT_EQ(config_error(with(topo, {{"routing.algorithm", alg}, {"routing.min_paths", "adaptive"}})), "accepted") << alg;
    }
    for (const char* type : {"flattened_butterfly", "mesh", "torus"})
      EXPECT_EQ(config_error(with(a, {{"topology.type", type}})), "accepted") << alg << " " << type;
  }
  const std::string dor = config_error(with(dim, {{"topology.type", "flattened_butterfly"}, {"routing.algorithm", "dor"}}));
  EXPECT_EQ(dor.rfind("config error: routing.min_paths: is read only by routing.algorithm min, valiant, ugal, rvlb", 0), 0u) << dor;
  const std::string bad = config_error(with(dim, {{"topology.type", "flattened_butterfly"}, {"routing.min_paths", "dim"}}));
  EXPECT_EQ(bad.rfind("config error: routing.min_paths: ", 0), 0u) << bad;
}

// UGAL with every port idle: Q_min * H_min = 0 <= Q_vlb * H_vlb + 0, the minimal path whatever the draw;
// with T = -1 (Valiant preferred on a tie), the drawn intermediate router's path.
TEST(FlattenedButterflyUgal, IdlePortsTakeTheMinimalPathANegativeThresholdValiants) {
  const auto t = make({3, 3}, 1);
  const auto ugal = routing(*t, "ugal");
  ASSERT_NE(dynamic_cast<const GenericUgalRouting*>(ugal.get()), nullptr);
  for (std::uint64_t draw = 0; draw < 9; ++draw) {
    const std::uint64_t random = (draw << 32) / 9 + 1;  // lfsr_draw(low word, 9) = draw
    EXPECT_EQ(static_cast<int>(walk(*t, *ugal, 0, 8, random).size()), 2) << draw;
  }
  RoutingOptions o;
  o.algorithm = "ugal";
  o.set("routing.ugal_threshold", "-1");
  const auto eager = make_routing(o, *t);
  // Draw router 4 = (1, 1) from 0 = (0, 0) to 5 = (2, 1): 2 + 1 hops instead of 2.
  const std::vector<Hop> h = walk(*t, *eager, 0, 5, (std::uint64_t{4} << 32) / 9 + 1);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[0].vc, 0);
  EXPECT_EQ(h[1].vc, 1);
  EXPECT_EQ(h[2].vc, 2) << "phase 1 starts at VC H = 2";
}

// ---- Deadlock freedom ----

TEST(FlattenedButterflyDeadlock, EveryRoutingIsAcyclicWithTheVcsItAsks) {
  for (const Shape& s : kShapes)
    for (const char* alg : {"min", "valiant", "ugal", "dor"}) {
      const auto t = make(s.dims, s.p);
      const auto r = routing(*t, alg);
      const int n = fb_of(*t).dims();
      const int expected = std::string(alg) == "dor" ? 1 : std::string(alg) == "min" ? n : 2 * n;
      EXPECT_EQ(r->vcs_needed()[1], expected) << t->describe() << " " << alg;
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << alg << ": " << a.cycle << a.reason;
    }
}

TEST(FlattenedButterflyDeadlock, DorReducedGraphEqualsTheFullOne) {
  for (const Shape& s : kShapes)
    for (const char* order : {"", "rev"}) {
      const auto t = make(s.dims, s.p);
      std::string o;
      if (std::string(order) == "rev")
        for (std::size_t d = s.dims.size(); d-- > 0;) o += std::to_string(d);
      const auto r = routing(*t, "dor", o.c_str());
      const ChannelGraph reduced = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kReduced);
      const ChannelGraph full = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kFull);
      EXPECT_TRUE(reduced == full) << t->describe() << " " << o << ": reduced " << reduced.edges() << ", full " << full.edges();
      EXPECT_GT(full.edges(), 0u);
    }
}

// Generic valiant's (and so ugal's) reduced enumeration, composed from the phase-0 and phase-1 walks and
// their junctions, makes the graph of every (source, intermediate, destination) walk: on Flattened
// Butterflies, HyperX, meshes, tori and a fully connected network with two NICs per node.
TEST(FlattenedButterflyDeadlock, ValiantReducedGraphEqualsTheFullOne) {
  std::vector<std::unique_ptr<Topology>> topologies;
  for (const Shape& s : kShapes) topologies.push_back(make(s.dims, s.p));
  for (const auto& [type, dims] : std::vector<std::pair<const char*, const char*>>{{"mesh", "[4,3]"}, {"torus", "[5,4]"}, {"mesh", "[3,2,2]"}, {"torus", "[3,3,3]"}}) {
    TopologyOptions o;
    o.type = type;
    o.set("topology.dims", dims);
    topologies.push_back(make_topology(o));
  }
  TopologyOptions fc;
  fc.type = "fully_connected";
  fc.set("topology.routers", 5).set("topology.p", 2).set("topology.nics", 2);
  topologies.push_back(make_topology(fc));
  for (const auto& t : topologies)
    for (const char* alg : {"valiant", "ugal"}) {
      const auto r = routing(*t, alg);
      const ChannelGraph reduced = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kReduced);
      const ChannelGraph full = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kFull);
      EXPECT_TRUE(reduced == full) << t->describe() << " " << alg << ": reduced " << reduced.edges() << ", full " << full.edges();
      EXPECT_GT(full.edges(), 0u);
    }
}

// Fully adaptive minimal routing with fewer VCs than dimensions (seed-000 §4.5.4: D VCs for D dimensions):
// min on one VC of a 3 x 3 FB is refused by the check (hop-count VC 1 is out of range).
TEST(FlattenedButterflyDeadlock, MinWithOneVcIsRefused) {
  const auto t = make({3, 3}, 1);
  EXPECT_THROW(channel_dependencies(*t, *routing(*t, "min"), {1, 1}), std::logic_error);
  const std::string e = config_error({{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3,3]"}, {"router.vcs.network", "1"}});
  EXPECT_EQ(e.rfind("config error: router.vcs.network: min needs at least 2 network VCs", 0), 0u) << e;
}

// ---- Analytical hop counts ----

// Mean and variance of the router hops of a minimal path between the routers of two distinct nodes, by
// enumeration over every ordered pair of distinct nodes.
std::pair<double, double> min_hops_over_nodes(const Topology& t) {
  double sum = 0, sq = 0, pairs = 0;
  const int p = t.nodes_per_router();
  for (int a = 0; a < t.routers(); ++a)
    for (int b = 0; b < t.routers(); ++b) {
      const double d = t.distance(a, b), n = a == b ? p * (p - 1.0) : 1.0 * p * p;
      sum += n * d, sq += n * d * d, pairs += n;
    }
  const double mean = sum / pairs;
  return {mean, sq / pairs - mean * mean};
}

// Uniform traffic on an FB of n dimensions of k routers, p nodes per router, N = p k^n nodes. A destination
// drawn uniformly among all N nodes (the source's own included) sits at a router uniform among the k^n
// routers, whose coordinates are independent and each differs from the source router's with probability
// (k - 1) / k; a minimal path corrects each differing coordinate with one hop, so E[H] = n (k - 1) / k. The
// pattern draws among the N - 1 other nodes; the source itself contributed 0 hops to the sum, so the mean
// over distinct nodes is n (k - 1) / k * N / (N - 1).
double fb_min_hops(int n, int k, int p) {
  const double nodes = p * std::pow(k, n);
  return n * (k - 1.0) / k * nodes / (nodes - 1);
}

// Generic valiant's mean hops: the intermediate router uniform among all; a draw of the source or the
// destination router is the minimal path, any other d(s, m) + d(m, t). By enumeration.
double valiant_hops_over_nodes(const Topology& t) {
  double sum = 0, pairs = 0;
  const int p = t.nodes_per_router();
  for (int a = 0; a < t.routers(); ++a)
    for (int b = 0; b < t.routers(); ++b) {
      double paths = 0;
      for (int m = 0; m < t.routers(); ++m) paths += m == a || m == b ? t.distance(a, b) : t.distance(a, m) + t.distance(m, b);
      const double n = a == b ? p * (p - 1.0) : 1.0 * p * p;
      sum += n * paths / t.routers(), pairs += n;
    }
  return sum / pairs;
}

TEST(FlattenedButterflyHops, EnumerationEqualsTheAnalyticalMean) {
  for (const auto& [n, k, p] : std::vector<std::tuple<int, int, int>>{{2, 4, 4}, {2, 4, 1}, {3, 4, 4}, {2, 8, 2}, {4, 2, 1}}) {
    const auto t = make(std::vector<int>(static_cast<std::size_t>(n), k), p);
    EXPECT_NEAR(min_hops_over_nodes(*t).first, fb_min_hops(n, k, p), 1e-12) << t->describe();
  }
  EXPECT_NEAR(fb_min_hops(2, 4, 4), 1.5 * 64 / 63, 1e-12);
}

// ---- Simulations ----

// Zero-load latency with the default latencies (tests/test_generic_topology.cpp): 2 L_inj + (H + 1)(rc + va
// + sa + st) + H L_net + (size - 1) = 2 + 5 (H + 1) + 10 H + 7 = 14 + 15 H.
double zero_load(double hops) { return 14 + 15 * hops; }

Overrides run(const char* dims, const char* algorithm, const char* load, const char* measure, const char* p = "0") {
  return {{"topology.type", "flattened_butterfly"}, {"topology.dims", dims},  {"topology.p", p},    {"routing.algorithm", algorithm},
          {"traffic.pattern", "un"},                {"traffic.load", load},   {"sim.warmup", "1000"}, {"sim.measure", measure}};
}

// A 2 x 2 HyperX, p = 1: from each node two others are 1 hop away (29 cycles) and one is 2 hops (44
// cycles, either minimal port): E[H] = 4/3, p50 = 29, p99 = 44, and the mean latency is that of the mean
// hops. A 2 x 3 HyperX, p = 1: of a node's 5 others, 1 + 2 are 1 hop away and 2 are 2 hops: E[H] = 7/5.
TEST(FlattenedButterflyNetwork, TinyHyperXHopsAndLatenciesByHand) {
  struct Tiny {
    const char* dims;
    double hops, other_fraction;  // E[H]; the fraction of pairs 2 hops apart
    const char* size;
  };
  for (const Tiny& tiny : {Tiny{"[2,2]", 4.0 / 3, 1.0 / 3, R"({"routers": 4, "nodes": 4, "radix_min": 3, "radix_max": 3, "links": {"terminal": 4, "network": 4}})"},
                           Tiny{"[2,3]", 7.0 / 5, 2.0 / 5, R"({"routers": 6, "nodes": 6, "radix_min": 4, "radix_max": 4, "links": {"terminal": 6, "network": 9}})"}})
    for (const char* alg : {"min", "dor"}) {
      SCOPED_TRACE(std::string(tiny.dims) + " " + alg);
      const json r = run_sane(run(tiny.dims, alg, "0.001", "1000000", "1"));
      ASSERT_FALSE(r.is_null());
      const double packets = r["packets"].get<double>();
      ASSERT_GT(packets, 300);
      const double hops = r["average_hops"].get<double>();
      const double q = tiny.other_fraction;
      EXPECT_NEAR(hops, tiny.hops, 4 * std::sqrt(q * (1 - q) / packets));  // H - 1 is Bernoulli(q)
      EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), 29);
      EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), 44);
      const double average = r["latency"]["total"]["average"].get<double>();
      EXPECT_GE(average, zero_load(hops) - 1e-9);
      EXPECT_LT(average, zero_load(hops) + 0.05);
      EXPECT_EQ(r["simulation"]["network"], json::parse(tiny.size));
    }
}

// 4 x 4 FB, p = 4 (balanced), uniform traffic at a low load: min's mean hops equal the analytical
// n (k - 1) / k * N / (N - 1) within four standard errors; valiant's about twice that (the enumerated mean,
// which the degenerate draws keep a little under twice); ugal at this load takes (almost) only minimal paths.
TEST(FlattenedButterflyNetwork, UniformHopsMinValiantUgal) {
  const auto t = make({4, 4});
  const auto [mean, variance] = min_hops_over_nodes(*t);
  ASSERT_NEAR(mean, fb_min_hops(2, 4, 4), 1e-12);
  const double valiant = valiant_hops_over_nodes(*t);
  const json m = run_sane(run("[4,4]", "min", "0.01", "100000"));
  ASSERT_FALSE(m.is_null());
  const double packets = m["packets"].get<double>();
  ASSERT_GT(packets, 5000);
  const double hops = m["average_hops"].get<double>();
  EXPECT_NEAR(hops, mean, 4 * std::sqrt(variance / packets));
  EXPECT_LT(m["latency"]["total"]["average"].get<double>(), zero_load(hops) + 0.5);
  const json v = run_sane(run("[4,4]", "valiant", "0.01", "100000"));
  ASSERT_FALSE(v.is_null());
  const double vhops = v["average_hops"].get<double>();
  EXPECT_NEAR(vhops, valiant, 0.05);
  EXPECT_GT(vhops / hops, 1.7);
  EXPECT_LT(vhops / hops, 2.05);
  const json u = run_sane(run("[4,4]", "ugal", "0.01", "100000"));
  ASSERT_FALSE(u.is_null());
  const double uhops = u["average_hops"].get<double>();
  const double minimal = u["path_types"]["min"].get<double>();
  EXPECT_GT(minimal, 0.97);
  EXPECT_LT(uhops, mean * 1.05);
  std::cout << "  fb 4x4 p=4 UN 0.01: min hops " << hops << " (analytical " << mean << "), valiant " << vhops << " (enumerated "
            << valiant << "), ugal " << uhops << " (minimal " << minimal << ")\n";
}

// ADV+1 (every node of a row sends to the next row) on the 4 x 4 FB, p = 4: the minimal paths of a row's 16
// nodes all cross the 4 links between the two rows, so min accepts at most 4 / 16 = 0.25. Offered 0.5, ugal
// routes non-minimally and accepts clearly more.
TEST(FlattenedButterflyNetwork, UgalBeatsMinUnderAdversarialTraffic) {
  const Overrides adv = {{"traffic.pattern", "adv"}, {"traffic.offset", "1"}};
  const json m = run_sane(with(run("[4,4]", "min", "0.5", "4000"), adv));
  const json u = run_sane(with(run("[4,4]", "ugal", "0.5", "4000"), adv));
  ASSERT_FALSE(m.is_null());
  ASSERT_FALSE(u.is_null());
  const double min_accepted = m["accepted_load"].get<double>(), ugal_accepted = u["accepted_load"].get<double>();
  EXPECT_LT(min_accepted, 0.25 + 0.01);
  EXPECT_GT(ugal_accepted, 1.3 * min_accepted);
  const double non_minimal = 1 - u["path_types"]["min"].get<double>();
  EXPECT_GT(non_minimal, 0.3);
  std::cout << "  fb 4x4 p=4 ADV+1 offered 0.5: min accepts " << min_accepted << ", ugal " << ugal_accepted << " (non-minimal "
            << non_minimal << ")\n";
}

// Trunking (topology.trunk): under ADV+1 every packet of a row goes to the next row, whose S0 = 4 routers
// it reaches over their 4 dimension-1 neighbours' links, T each, from 16 nodes: MIN accepts at most
// 4 T / 16 = T / 4 phits per node and cycle, and reaches it with a trunk as without (T = 1: 0.25, T = 2: 0.5).
TEST(FlattenedButterflyNetwork, TrunkingMultipliesMinsBoundUnderAdversarialTraffic) {
  const Overrides adv = {{"traffic.pattern", "adv"}, {"traffic.offset", "1"}};
  for (const int trunk : {1, 2}) {
    const json m = run_sane(with(run("[4,4]", "min", "0.9", "4000"), with(adv, {{"topology.trunk", std::to_string(trunk)}})));
    ASSERT_FALSE(m.is_null());
    const double accepted = m["accepted_load"].get<double>(), bound = trunk / 4.0;
    EXPECT_LT(accepted, bound + 0.01) << "trunk " << trunk;
    EXPECT_GT(accepted, 0.95 * bound) << "trunk " << trunk;
    std::cout << "  fb 4x4 p=4 trunk " << trunk << " ADV+1 offered 0.9: min accepts " << accepted << " (bound " << bound << ")\n";
  }
}

// Saturation (offered 1.0) under uniform traffic, every routing on the FB: the run ends, every packet is
// accounted for (run_sane), and the deadlock check passed before it.
TEST(FlattenedButterflyNetwork, SaturationRunsEndWithConservation) {
  for (const char* dims : {"[4,4]", "[3,2,2]"})
    for (const char* alg : {"min", "valiant", "ugal", "dor"}) {
      SCOPED_TRACE(std::string(dims) + " " + alg);
      const json r = run_sane(run(dims, alg, "1.0", "3000"));
      ASSERT_FALSE(r.is_null());
      EXPECT_GT(r["accepted_load"].get<double>(), 0.2);
      std::cout << "  fb " << dims << " " << alg << " saturation: accepted " << r["accepted_load"].get<double>() << "\n";
    }
}

#if defined(HIRADIX_BIN) && defined(HIRADIX_CONFIGS)
// End to end: `hiradix run` on the example config prints the network's size; RVLB's grid restriction runs in
// the RTL (lockstep, zero mismatches; every FB routing now has RTL), and `hiradix synth` refuses a FB the RTL
// cannot express (4 dimensions, beyond MESH_DIMS) with one config error (exit code 2) naming topology.dims,
// before any block is synthesized.
TEST(FlattenedButterflyCli, RunPrintsTheSizeRvlbRunsInLockstepAndSynthIsRefusedBeyondTheRtl) {
  test::TempDir dir;
  const std::string config = test::shell_quote(std::string(HIRADIX_CONFIGS) + "/fb4x4_un_ugal.yaml");
  const std::string out = dir.file("out.txt"), err = dir.file("err.txt");
  const auto cli = [&](const std::string& args) {
    return test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " + args + " >" +
                           test::shell_quote(out) + " 2>" + test::shell_quote(err));
  };
  ASSERT_EQ(cli("run " + config + " --set sim.warmup=500 --set sim.measure=1000"), 0);
  const std::string text = test::read_text(out);
  EXPECT_NE(text.find("hiradix: flattened_butterfly 4x4 p=4, 16 routers, routing ugal (UGAL-L)"), std::string::npos) << text;
  EXPECT_NE(text.find("  network      16 routers, 64 nodes, radix 10, links: terminal 64, network 48"), std::string::npos) << text;
  ASSERT_EQ(cli("run " + config + " -q --set sim.warmup=500 --set sim.measure=1000 --set routing.algorithm=rvlb --set router.rc_mode=lockstep"), 0)
      << test::read_text(err);
  const json l = json::parse(test::read_text(dir.file("out/result.json")));
  EXPECT_EQ(l["rtl"]["mismatches"], 0);
  EXPECT_GT(l["rtl"]["decisions"].get<long long>(), 1000);
  EXPECT_EQ(cli("synth " + config + " --set routing.algorithm=rvlb --set topology.dims=[2,2,2,2]"), 2);
  const std::string e = test::read_text(err);
  EXPECT_EQ(e.rfind("config error: topology.type: ", 0), 0u) << e;
  EXPECT_NE(e.find("topology.dims: 4 dimensions exceed the RTL's"), std::string::npos) << e;
  EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
}
#endif

}  // namespace

// Meshes and tori (topology/mesh.h) and dimension-order routing (router/routing/dor_routing.h), issue 27:
// the wiring invariants, the config keys topology.dims and routing.dor_order, DOR's paths and dateline VCs,
// the deadlock check, analytical hop counts (exact enumeration and simulation), hand-computed tiny runs,
// conservation, and saturation against the bisection bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <set>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/dor_routing.h"
#include "router/routing/generic_min_routing.h"
#include "router/routing/generic_valiant_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "topology_helpers.h"
#include "topology/mesh.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using nlohmann::json;
using test::simulate;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::string list(const std::vector<int>& dims) {
  std::string s = "[";
  for (std::size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

std::unique_ptr<Topology> make(const char* type, const std::vector<int>& dims, int p = 1) {
  TopologyOptions o;
  o.type = type;
  o.set("topology.dims", list(dims)).set("topology.p", p);
  return make_topology(o);
}

const Mesh& mesh_of(const Topology& t) { return topology_as<Mesh>(t, "the test"); }

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm, const char* order = "") {
  RoutingOptions o;
  o.algorithm = algorithm;
  if (*order) o.set("routing.dor_order", order);
  return make_routing(o, t);
}

struct Shape {
  const char* type;
  std::vector<int> dims;
  int p;
};
const Shape kShapes[] = {
    {"mesh", {2, 2}, 1}, {"mesh", {5}, 1},     {"mesh", {4, 3}, 2},    {"mesh", {3, 3, 2}, 1}, {"mesh", {8, 8}, 1},
    {"torus", {3}, 1},   {"torus", {2, 2}, 1}, {"torus", {4, 4}, 1},   {"torus", {5, 3}, 2},   {"torus", {3, 4, 2}, 1},
    {"torus", {8, 8}, 1}, {"torus", {2, 5}, 1}, {"mesh", {2, 3, 4, 2}, 1},
};

// ---- Wiring invariants ----

TEST(MeshTopology, PortsPeersLinksAndDiameter) {
  for (const Shape& s : kShapes) {
    const auto t = make(s.type, s.dims, s.p);
    const Mesh& m = mesh_of(*t);
    const bool torus = std::string(s.type) == "torus";
    SCOPED_TRACE(t->describe());
    ASSERT_EQ(t->link_classes(), (std::vector<std::string>{"terminal", "network"}));
    int routers = 1;
    for (const int k : s.dims) routers *= k;
    ASSERT_EQ(t->routers(), routers);
    ASSERT_EQ(t->nodes(), routers * s.p);
    std::set<std::pair<int, int>> ends;  // every router-to-router port end, once
    long expected_links = 0;
    for (std::size_t d = 0; d < s.dims.size(); ++d) {
      const int k = s.dims[d];
      expected_links += torus && k >= 3 ? routers : static_cast<long>(routers / k) * (k - 1);
    }
    for (int r = 0; r < t->routers(); ++r) {
      // Row-major, X fastest: coordinates from the ID.
      int rest = r, expected_ports = s.p;
      for (std::size_t d = 0; d < s.dims.size(); ++d) {
        const int k = s.dims[d], c = rest % k;
        rest /= k;
        EXPECT_EQ(m.coordinate(r, static_cast<int>(d)), c);
        expected_ports += torus && k >= 3 ? 2 : (c > 0) + (c < k - 1);
      }
      ASSERT_EQ(t->radix(r), expected_ports) << "router " << r;
      for (int port = 0; port < t->radix(r); ++port) {
        if (port < s.p) {
          EXPECT_EQ(t->port_class(r, port), 0);
          EXPECT_EQ(t->node_at(r, port), r * s.p + port);
          const PortEnd e = t->nic_port(r * s.p + port, 0);
          EXPECT_EQ(e.router, r);
          EXPECT_EQ(e.port, port);
          continue;
        }
        ASSERT_EQ(t->port_class(r, port), 1);
        const PortEnd e = t->peer(r, port);
        ASSERT_GE(e.port, s.p);
        ASSERT_LT(e.port, t->radix(e.router));
        const PortEnd back = t->peer(e.router, e.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        EXPECT_NE(e.router, r);
        EXPECT_TRUE(ends.insert({r, port}).second);
        // The neighbour differs in the port's dimension only, by one (mod k on a ring).
        const int d = m.port_dimension(r, port), k = m.size(d);
        const int step = m.port_direction(r, port) == Mesh::kPlus ? 1 : k - 1;
        EXPECT_EQ(m.coordinate(e.router, d), (m.coordinate(r, d) + step) % k);
        EXPECT_EQ(m.port(r, d, m.port_direction(r, port)), port);
        EXPECT_EQ(m.wraps(r, port), m.ring(d) && m.coordinate(e.router, d) != m.coordinate(r, d) + (step == 1 ? 1 : -1));
      }
    }
    EXPECT_EQ(static_cast<long>(ends.size()), 2 * expected_links) << "every link once, both ways";
    EXPECT_EQ(t->links(1), expected_links);
    EXPECT_EQ(t->links(0), t->nodes());
    // Distances against a BFS; minimal ports lead one hop closer and are all the ports that do.
    int diameter = 0, expected_diameter = 0;
    for (const int k : s.dims) expected_diameter += torus ? k / 2 : k - 1;
    int ports[kMaxRadix];
    for (int r = 0; r < t->routers(); ++r) {
      const std::vector<int> d = test::bfs_hops(*t, r);
      for (int x = 0; x < t->routers(); ++x) {
        ASSERT_EQ(t->distance(r, x), d[static_cast<std::size_t>(x)]);
        diameter = std::max(diameter, d[static_cast<std::size_t>(x)]);
        const int n = t->min_ports(r, x, ports);
        std::set<int> closer;
        for (int port = s.p; port < t->radix(r); ++port)
          if (t->distance(t->peer(r, port).router, x) == t->distance(r, x) - 1) closer.insert(port);
        EXPECT_EQ(std::set<int>(ports, ports + n), closer) << r << " -> " << x;
      }
    }
    EXPECT_EQ(diameter, expected_diameter);
    // Domains (rows along X) partition the routers.
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

TEST(MeshTopology, TwoAryTorusDimensionIsOneLinkNotTwo) {
  const auto t = make("torus", {2, 2});
  for (int r = 0; r < 4; ++r) EXPECT_EQ(t->radix(r), 1 + 2) << "one port per dimension";
  EXPECT_EQ(t->links(1), 4);
  EXPECT_EQ(make("mesh", {2, 2})->links(1), 4);
  for (int r = 0; r < 4; ++r)
    for (int port = 1; port < 3; ++port) EXPECT_FALSE(mesh_of(*t).wraps(r, port));
}

// ---- Config: topology.dims (a list of integers) and routing.dor_order ----

TEST(MeshConfig, DimsIsAListOfIntegersFromSetAndYaml) {
  const Config c = load_config("", {{"topology.type", "torus"}, {"topology.dims", "[8,4]"}, {"routing.algorithm", "dor"}});
  const auto t = make_topology(c);
  EXPECT_EQ(t->describe(), "torus 8x4 p=1");
  EXPECT_EQ(c.resolved["topology"]["dims"], json::array({8, 4}));
  EXPECT_EQ(c.link("network").vcs, 2) << "dateline VCs on a torus";
  EXPECT_EQ(load_config("", {{"topology.type", "mesh"}, {"routing.algorithm", "dor"}}).link("network").vcs, 1);
  // The resolved config builds the same network again (result.json -> figure titles, summaries).
  EXPECT_EQ(topology_of(c.resolved)->describe(), "torus 8x4 p=1");
  test::TempDir dir;
  {
    std::ofstream f(dir.file("m.yaml"));
    f << "topology:\n  type: mesh\n  dims: [3, 5, 2]\n  p: 2\nrouting:\n  algorithm: dor\n  dor_order: zyx\n";
  }
  const Config y = load_config(dir.file("m.yaml"), {});
  EXPECT_EQ(make_topology(y)->describe(), "mesh 3x5x2 p=2");
  EXPECT_EQ(y.resolved["routing"]["dor_order"], "zyx");
}

TEST(MeshConfig, BadDimsAreRefusedNamingTheKey) {
  const Overrides mesh = {{"topology.type", "mesh"}};
  for (const char* bad : {"8", "[]", "[8, x]", "[1, 4]", "[8, [2]]", "{a: 1}"}) {
    const std::string e = config_error(with(mesh, {{"topology.dims", bad}}));
    EXPECT_NE(e.find("topology.dims"), std::string::npos) << bad << ": " << e;
  }
  EXPECT_NE(config_error(with(mesh, {{"topology.dims", "[2,2,2,2,2,2,2]"}})).find("topology.dims: mesh: 7 dimensions"), std::string::npos);
  EXPECT_NE(config_error(with(mesh, {{"topology.dims", "[4096,4096]"}})).find("topology.dims"), std::string::npos);
  EXPECT_NE(config_error(with(mesh, {{"topology.p", "60"}, {"topology.dims", "[2,2,2]"}})).find("topology.p"), std::string::npos);
  // A mesh key on the Dragonfly, a Dragonfly key on a mesh.
  EXPECT_NE(config_error({{"topology.dims", "[8,8]"}}).find("topology.dims: is not a key of topology.type dragonfly"), std::string::npos);
  EXPECT_NE(config_error(with(mesh, {{"topology.h", "3"}})).find("topology.h: is not a key of topology.type mesh"), std::string::npos);
}

// A one-row mesh has one domain: ADVC's next rows would be its own (uniform traffic, the source included),
// so it is refused as ADV+i and ADVL are where they cannot be.
TEST(MeshConfig, AdvcOnOneRowIsRefused) {
  EXPECT_EQ(config_error({{"topology.type", "mesh"}, {"topology.dims", "[8]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", "advc"}}),
            "config error: traffic.pattern: advc needs at least 2 rows; mesh 8 p=1 has 1");
  EXPECT_EQ(config_error({{"topology.type", "mesh"}, {"topology.dims", "[8,2]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", "advc"}}),
            "accepted");
}

TEST(MeshConfig, DorOrderIsAPermutationOfTheDimensions) {
  const Overrides dor = {{"topology.type", "mesh"}, {"routing.algorithm", "dor"}};
  EXPECT_EQ(config_error(with(dor, {{"routing.dor_order", "yx"}})), "accepted");
  EXPECT_EQ(config_error(with(dor, {{"routing.dor_order", "10"}})), "accepted");
  EXPECT_EQ(config_error(with(dor, {{"topology.dims", "[3,3,3]"}, {"routing.dor_order", "zxy"}})), "accepted");
  for (const char* bad : {"xyz", "x", "xx", "xw", "02", "yy"}) {
    const std::string e = config_error(with(dor, {{"routing.dor_order", bad}}));
    EXPECT_EQ(e.rfind("config error: routing.dor_order: ", 0), 0u) << bad << ": " << e;
  }
  EXPECT_EQ(DorRouting::parse_order("", 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(DorRouting::parse_order("zyx", 3), (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(DorRouting::parse_order("102", 3), (std::vector<int>{1, 0, 2}));
  // Another routing's key, and dor on another topology.
  EXPECT_NE(config_error({{"topology.type", "mesh"}, {"routing.dor_order", "yx"}}).find("routing.dor_order: is read only by routing.algorithm dor"),
            std::string::npos);
  const std::string e = config_error({{"routing.algorithm", "dor"}, {"topology.h", "2"}});
  EXPECT_NE(e.find("routing.algorithm"), std::string::npos) << e;
  EXPECT_NE(e.find("dragonfly"), std::string::npos) << e;
}

TEST(MeshConfig, TooFewVcsAreRefused) {
  const Overrides torus = {{"topology.type", "torus"}, {"routing.algorithm", "dor"}};
  const std::string e = config_error(with(torus, {{"router.vcs.network", "1"}}));
  EXPECT_EQ(e.rfind("config error: router.vcs.network: dor needs at least 2 network VCs", 0), 0u) << e;
}

// dor has an RTL half (rtl/routing/hiradix_route_dor.v, issue 27), and so has min (GenericMinRouting,
// rtl/routing/hiradix_route_generic_min.v) while its longest minimal path fits the header's hop counter
// (HOPS_W = 5: 31 hops, so VCs 0..30), and so have valiant and ugal (rtl/routing/hiradix_route_generic_valiant.v)
// while their two-phase path fits it, and rvlb on the same unit; min on a 17 x 17 mesh (32 hops) or a 33 x 33
// torus (32), valiant, ugal and rvlb on a 9 x 9 mesh (2 x 16 hops) or a 16 x 16 torus (2 x 16), and a network
// beyond the RTL's MESH_DIMS or COORD_W are refused naming the key.
TEST(MeshConfig, TheRtlRunsDorAndRefusesWhatItCannot) {
  for (const char* type : {"mesh", "torus"})
    for (const char* mode : {"rtl", "lockstep"}) {
      EXPECT_NO_THROW(load_config("", {{"topology.type", type}, {"routing.algorithm", "dor"}, {"router.rc_mode", mode}}));
      EXPECT_NO_THROW(load_config("", {{"topology.type", type}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "min"},
                                       {"router.rc_mode", mode}}));
      const bool mesh = std::string(type) == "mesh";
      // valiant and ugal (rtl/routing/hiradix_route_generic_valiant.v) while their path, two minimal paths of
      // H hops, fits the header's hop counter: an 8 x 8 (H = 14 on the mesh, 8 on the torus) does, a 9 x 9
      // mesh (H = 16) or a 16 x 16 torus (H = 16) does not; rvlb's grid restriction on the same unit (code 20) likewise.
      for (const char* alg : {"valiant", "ugal", "rvlb"}) {
        EXPECT_NO_THROW(load_config("", {{"topology.type", type}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", alg}, {"router.rc_mode", mode}}));
        const std::string big = mesh ? "9x9" : "16x16";
        const std::string r = config_error({{"topology.type", type}, {"topology.dims", mesh ? "[9, 9]" : "[16, 16]"},
                                            {"routing.algorithm", alg}, {"router.rc_mode", mode}});
        EXPECT_EQ(r.rfind("config error: router.rc_mode: the RTL routing unit cannot run this network: topology.dims: " + std::string(alg) +
                              "'s longest path on " + type + " " + big + " p=1 takes 2 x 16 = 32 network hops", 0), 0u) << r;
        EXPECT_NE(r.find("the RTL's header counts at most 31 (rtl/hiradix_fields.vh HOPS_W)"), std::string::npos) << r;
      }
      // min while its longest minimal path fits: seed 004's 8 x 8 mesh (14 hops) does; 17 x 17 and a 33 x 33
      // torus (32 hops) do not.
      EXPECT_NO_THROW(load_config("", {{"topology.type", type}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "min"}, {"router.rc_mode", mode}}));
      const std::string h = config_error({{"topology.type", type}, {"topology.dims", mesh ? "[17, 17]" : "[33, 33]"}, {"routing.algorithm", "min"},
                                          {"router.rc_mode", mode}});
      EXPECT_EQ(h.rfind("config error: router.rc_mode: the RTL routing unit cannot run this network: topology.dims: ", 0), 0u) << h;
      EXPECT_NE(h.find("takes 32 network hops"), std::string::npos) << h;
      EXPECT_NO_THROW(load_config("", {{"topology.type", type}, {"topology.dims", mesh ? "[17, 17]" : "[33, 33]"}, {"routing.algorithm", "min"}}));  // the model has no such limit
      const std::string d = config_error({{"topology.type", type}, {"topology.dims", "[2, 2, 2, 2]"}, {"routing.algorithm", "dor"},
                                          {"router.rc_mode", mode}});
      EXPECT_NE(d.find("topology.dims"), std::string::npos) << d;
      const std::string k = config_error({{"topology.type", type}, {"topology.dims", "[64, 2]"}, {"routing.algorithm", "dor"},
                                          {"router.rc_mode", mode}});
      EXPECT_NE(k.find("topology.dims[0]"), std::string::npos) << k;
      const std::string o = config_error({{"topology.type", type}, {"routing.dor_order", "10"}, {"routing.algorithm", "dor"},
                                          {"router.rc_mode", mode}});
      EXPECT_NE(o.find("routing.dor_order"), std::string::npos) << o;
    }
}

// ---- DOR's paths ----

using test::Hop;
using test::walk;

TEST(Dor, PathsAreMinimalAndInDimensionOrder) {
  for (const Shape& s : kShapes) {
    if (s.p != 1) continue;
    const auto t = make(s.type, s.dims);
    const Mesh& m = mesh_of(*t);
    std::vector<std::string> orders = {""};
    if (s.dims.size() == 2) orders.push_back("yx");
    if (s.dims.size() == 3) orders.insert(orders.end(), {"zyx", "yzx"});
    for (const std::string& order : orders) {
      const auto r = routing(*t, "dor", order.c_str());
      const std::vector<int> dims = DorRouting::parse_order(order, m.dims());
      for (int a = 0; a < t->routers(); ++a)
        for (int b = 0; b < t->routers(); ++b) {
          const std::vector<Hop> hops = walk(*t, *r, a, b);
          ASSERT_EQ(static_cast<int>(hops.size()), t->distance(a, b)) << a << " -> " << b;
          std::size_t rank = 0;  // position in the order of the dimension being corrected
          for (const Hop& h : hops) {
            const int d = m.port_dimension(h.router, h.port);
            while (rank < dims.size() && dims[rank] != d) ++rank;
            ASSERT_LT(rank, dims.size()) << "dimension " << d << " after a later one, " << a << " -> " << b << " order " << order;
            if (!m.torus()) {
              EXPECT_EQ(h.vc, 0);
            }
          }
        }
    }
  }
}

// On a 7-ring, 5 -> 1 goes plus over the wrap-around link 6 -> 0: VC 0 up to and over it, VC 1 after.
// In 2D the next dimension starts on VC 0 again.
TEST(Dor, DatelineVcsOnTheTorus) {
  const auto ring = make("torus", {7});
  const auto r = routing(*ring, "dor");
  const std::vector<Hop> h = walk(*ring, *r, 5, 1);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[0].router, 5);
  EXPECT_EQ(h[0].vc, 0);
  EXPECT_EQ(h[1].router, 6);
  EXPECT_TRUE(mesh_of(*ring).wraps(6, h[1].port));
  EXPECT_EQ(h[1].vc, 0);
  EXPECT_EQ(h[2].vc, 1);
  // On a 5-ring 1 -> 4 goes minus over 0 -> 4: 1 -> 0 VC 0, 0 -> 4 (the wrap) VC 0; nothing after it.
  const auto five = make("torus", {5});
  const std::vector<Hop> back = walk(*five, *routing(*five, "dor"), 1, 4);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].vc, 0);
  EXPECT_EQ(back[1].vc, 0);
  EXPECT_EQ(mesh_of(*five).port_direction(0, back[1].port), Mesh::kMinus);
  EXPECT_TRUE(mesh_of(*five).wraps(0, back[1].port));
  // 5 x 5: (4, 0) -> (1, 3): X plus over the wrap 4 -> 0 (VC 0) and 0 -> 1 (VC 1), then Y 0 -> 3 minus over
  // the wrap 0 -> 4 (VC 0 again: a new dimension) and 4 -> 3 (VC 1).
  const auto t = make("torus", {5, 5});
  const auto r2 = routing(*t, "dor");
  std::vector<int> vcs;
  for (const Hop& x : walk(*t, *r2, 4, 1 + 5 * 3)) vcs.push_back(x.vc);
  EXPECT_EQ(vcs, (std::vector<int>{0, 1, 0, 1}));
  // An 8-ring's ties (4 apart) go plus from an even coordinate, minus from an odd one.
  const auto eight = make("torus", {8});
  const auto r8 = routing(*eight, "dor");
  EXPECT_EQ(mesh_of(*eight).port_direction(2, walk(*eight, *r8, 2, 6)[0].port), Mesh::kPlus);
  EXPECT_EQ(mesh_of(*eight).port_direction(3, walk(*eight, *r8, 3, 7)[0].port), Mesh::kMinus);
}

// ---- Deadlock freedom: the channel-dependency check ----

std::vector<int> vcs_needed(const RoutingAlgorithm& r) { return r.vcs_needed().per_class; }

// routing.dor_order: "" (ascending) or "rev", the dimensions in descending order ("10", "210").
std::string order_text(const std::string& order, std::size_t dims) {
  if (order != "rev") return order;
  std::string o;
  for (std::size_t d = dims; d-- > 0;) o += std::to_string(d);
  return o;
}

TEST(Dor, ChannelDependencyGraphIsAcyclicOnMeshesAndTori) {
  for (const Shape& s : kShapes)
    for (const char* order : {"", "rev"}) {
      const auto t = make(s.type, s.dims, s.p);
      const std::string o = order_text(order, s.dims.size());
      const auto r = routing(*t, "dor", o.c_str());
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << o << ": " << a.cycle << a.reason;
      int diameter = 0;
      for (const int k : s.dims) diameter += std::string(s.type) == "torus" ? k / 2 : k - 1;
      if (diameter > 1) {
        EXPECT_GT(a.edges, 0u) << t->describe();
      }
    }
}

// The reduced enumeration (pairs differing in one or two dimensions) makes the graph of every path.
TEST(Dor, ReducedGraphEqualsTheFullOne) {
  for (const Shape& s : kShapes)
    for (const char* order : {"", "rev"}) {
      const auto t = make(s.type, s.dims, s.p);
      const std::string o = order_text(order, s.dims.size());
      const auto r = routing(*t, "dor", o.c_str());
      const ChannelGraph reduced = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kReduced);
      const ChannelGraph full = channel_dependencies(*t, *r, vcs_needed(*r), CdgMethod::kFull);
      EXPECT_TRUE(reduced == full) << t->describe() << " " << o << ": reduced " << reduced.edges() << ", full " << full.edges();
    }
}

// DOR without its dateline (every hop on VC 0) on a ring of 5 or more: the check finds the ring's cycle. (A
// 3-ring's paths are single hops, and a 4-ring's two-hop paths, the ties, leave from even coordinates going
// plus and odd ones going minus, so neither closes a cycle: there DOR never takes VC 1.)
class DorWithoutDateline final : public RoutingAlgorithm {
 public:
  explicit DorWithoutDateline(const Mesh& t) : dor_(t, DorRouting::parse_order("", t.dims())) {}
  std::string name() const override { return "dor-no-dateline"; }
  VcRequirement vcs_needed() const override { return {{1, 1}}; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    RoutingDecision d = dor_.route(ctx, pkt);
    d.out_vc = 0;
    return d;
  }
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod) const override {
    enumerate_route_paths(*this, g, CdgMethod::kFull);
    return true;
  }

 private:
  DorRouting dor_;
};

TEST(Dor, TheCheckRefusesTheTorusWithoutDatelineVcs) {
  for (const std::vector<int>& dims : {std::vector<int>{5}, std::vector<int>{5, 5}, std::vector<int>{6, 3, 2}}) {
    const auto t = make("torus", dims);
    const DorWithoutDateline r(mesh_of(*t));
    const DeadlockAnalysis a = analyse_deadlock(*t, r, {1, 1});
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kCyclic) << t->describe();
    EXPECT_NE(a.cycle, "");
  }
  // A 2-ary torus has no ring: acyclic with one VC.
  const auto two = make("torus", {2, 2});
  EXPECT_EQ(analyse_deadlock(*two, DorWithoutDateline(mesh_of(*two)), {1, 1}).verdict, DeadlockAnalysis::Verdict::kAcyclic);
  // And the torus with one VC given is refused before the run (the routing's VC needs).
  const auto t = make("torus", {5, 5});
  EXPECT_THROW(channel_dependencies(*t, *routing(*t, "dor"), {1, 1}), std::logic_error);
}

TEST(GenericOnMesh, MinAndValiantRunOnMeshesAndToriDeadlockFree) {
  for (const Shape& s : kShapes)
    for (const char* alg : {"min", "valiant", "ugal"}) {  // ugal: generic_ugal_routing.h, valiant's VCs
      const auto t = make(s.type, s.dims, s.p);
      const auto r = routing(*t, alg);
      EXPECT_NE(dynamic_cast<const GenericRouting*>(r.get()), nullptr);
      int diameter = 0;
      for (const int k : s.dims) diameter += std::string(s.type) == "torus" ? k / 2 : k - 1;
      EXPECT_EQ(r->vcs_needed()[1], std::string(alg) == "min" ? diameter : 2 * diameter) << t->describe() << " " << alg;
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << alg << ": " << a.cycle;
    }
}

// routing.min_paths: dimension_order (issue 27): generic min takes only the port of the lowest dimension in
// which the router and the destination differ, so the dimensions of a path never go down (a mesh corrects
// a dimension in several hops), the path is minimal, it is DOR's ascending path hop for hop (on a torus with
// an even ring's tie too: dor's rule, plus from an even coordinate), and the forwarding table's row (the
// RTL's fwd_row) marks exactly that port. VCs stay min's hop-count VCs.
TEST(GenericOnMesh, MinInDimensionOrderIsDorsPathOnHopCountVcs) {
  for (const Shape& s : {Shape{"mesh", {4, 4}, 1}, Shape{"torus", {4, 4}, 1}, Shape{"torus", {6, 4}, 1}, Shape{"mesh", {3, 3, 2}, 1},
                         Shape{"torus", {3, 4, 2}, 1}}) {
    const auto t = make(s.type, s.dims, s.p);
    const Mesh& m = mesh_of(*t);
    RoutingOptions o;
    o.algorithm = "min";
    o.set("routing.min_paths", "dimension_order");
    const auto r = make_routing(o, *t);
    const auto* min = dynamic_cast<const GenericMinRouting*>(r.get());
    ASSERT_NE(min, nullptr);
    const auto dor = routing(*t, "dor");
    for (int a = 0; a < t->routers(); ++a)
      for (int b = 0; b < t->routers(); ++b) {
        const std::vector<Hop> hops = walk(*t, *r, a, b), dor_hops = walk(*t, *dor, a, b);
        ASSERT_EQ(static_cast<int>(hops.size()), t->distance(a, b)) << t->describe() << " " << a << " -> " << b;
        ASSERT_EQ(hops.size(), dor_hops.size());
        int previous = -1;
        for (std::size_t i = 0; i < hops.size(); ++i) {
          const Hop& h = hops[i];
          const int d = m.port_dimension(h.router, h.port);
          ASSERT_GE(d, previous) << t->describe() << " " << a << " -> " << b;
          EXPECT_EQ(h.port, dor_hops[i].port) << t->describe() << " " << a << " -> " << b << " hop " << i;
          EXPECT_EQ(h.vc, static_cast<int>(i)) << "hop-count VCs";
          const std::uint8_t* row = min->table().row(h.router, b);
          for (int port = 0; port < t->max_radix(); ++port) EXPECT_EQ(row[port], port == h.port ? 1 : 0);
          previous = d;
        }
      }
  }
}

TEST(GenericOnMesh, DimensionOrderedMinValiantUgalAreDeadlockFree) {
  for (const Shape& s : kShapes)
    for (const char* alg : {"min", "valiant", "ugal", "rvlb"}) {
      const auto t = make(s.type, s.dims, s.p);
      RoutingOptions o;
      o.algorithm = alg;
      o.set("routing.min_paths", "dimension_order");
      const auto r = make_routing(o, *t);
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs_needed(*r));
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << alg << ": " << a.cycle;
    }
}

// ---- Analytical hop counts, by exact enumeration ----

// Mean router-to-router distance over distinct pairs, and its variance.
std::pair<double, double> mean_distance(const Topology& t) {
  double sum = 0, sq = 0;
  const double pairs = static_cast<double>(t.routers()) * (t.routers() - 1);
  for (int a = 0; a < t.routers(); ++a)
    for (int b = 0; b < t.routers(); ++b) {
      const double d = t.distance(a, b);
      sum += d;
      sq += d * d;
    }
  const double mean = sum / pairs;
  return {mean, sq / pairs - mean * mean};
}

// k x k mesh: per dimension E|x - y| = (k^2 - 1) / (3k) over all k^2 ordered pairs of coordinates, so over
// all N^2 pairs 2 (k^2 - 1) / (3k); over the N (N - 1) distinct pairs (same sum) times N / (N - 1).
double mesh_hops(int k) {
  const double n = k * k;
  return 2.0 * (k * k - 1) / (3.0 * k) * n / (n - 1);
}
// k-ary 2D torus, k even: per dimension the mean ring distance is k/4 (0, 1, ..., k/2, ..., 1 over k offsets).
double torus_hops(int k) {
  const double n = k * k;
  return 2.0 * k / 4.0 * n / (n - 1);
}

TEST(MeshHops, ExactEnumerationEqualsTheAnalyticalMeans) {
  for (const int k : {2, 3, 4, 5, 8, 16}) {
    const auto t = make("mesh", {k, k});
    EXPECT_NEAR(mean_distance(*t).first, mesh_hops(k), 1e-12) << k;
    // DOR's paths have exactly those lengths (Dor.PathsAreMinimalAndInDimensionOrder), so its mean is this.
  }
  for (const int k : {2, 4, 6, 8, 16}) {
    const auto t = make("torus", {k, k});
    EXPECT_NEAR(mean_distance(*t).first, torus_hops(k), 1e-12) << k;
  }
  EXPECT_NEAR(mesh_hops(8), 16.0 / 3, 1e-12);   // 5.25 * 64 / 63
  EXPECT_NEAR(torus_hops(8), 256.0 / 63, 1e-12);  // 4 * 64 / 63
}

// ---- Simulations ----

// Zero-load latency with the default latencies (tests/test_generic_topology.cpp): 2 L_inj + (H + 1)(rc + va
// + sa + st) + H L_net + (size - 1) = 2 + 5 (H + 1) + 10 H + 7 = 14 + 15 H.
double zero_load(double hops) { return 14 + 15 * hops; }

Overrides run(const char* type, const char* dims, const char* algorithm, const char* load, const char* measure) {
  return {{"topology.type", type}, {"topology.dims", dims},   {"routing.algorithm", algorithm}, {"traffic.pattern", "un"},
          {"traffic.load", load},  {"sim.warmup", "1000"},    {"sim.measure", measure}};
}


// A ring of 3 routers (torus [3], p = 1): every other node is one hop away, so every packet takes exactly
// 1 hop and, meeting no other, 14 + 15 = 29 cycles.
TEST(MeshNetwork, ThreeRingTorusEveryPacketOneHopIn29Cycles) {
  const json r = run_sane(run("torus", "[3]", "dor", "0.001", "400000"));
  ASSERT_FALSE(r.is_null());
  ASSERT_GT(r["packets"].get<int>(), 100);
  EXPECT_DOUBLE_EQ(r["average_hops"].get<double>(), 1.0);
  EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), 29);
  EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), 29);
  EXPECT_EQ(r["simulation"]["network"], json::parse(R"({"routers": 3, "nodes": 3, "radix_min": 3, "radix_max": 3,
                                                         "links": {"terminal": 3, "network": 3}})"));
}

// A 2 x 2 mesh: from each node two others are 1 hop away (29 cycles) and one is 2 hops (44 cycles):
// E[H] = 4/3, p50 = 29, p99 = 44, and the mean latency is that of the mean hops.
TEST(MeshNetwork, TwoByTwoMeshHopsAndLatenciesByHand) {
  const json r = run_sane(run("mesh", "[2,2]", "dor", "0.001", "1000000"));
  ASSERT_FALSE(r.is_null());
  const double packets = r["packets"].get<double>();
  ASSERT_GT(packets, 300);
  const double hops = r["average_hops"].get<double>();
  EXPECT_NEAR(hops, 4.0 / 3, 4 * std::sqrt(2.0 / 9 / packets));  // H - 1 is Bernoulli(1/3)
  EXPECT_EQ(r["latency"]["total"]["p50"].get<int>(), 29);
  EXPECT_EQ(r["latency"]["total"]["p99"].get<int>(), 44);
  const double average = r["latency"]["total"]["average"].get<double>();
  EXPECT_GE(average, zero_load(hops) - 1e-9);
  EXPECT_LT(average, zero_load(hops) + 0.05);
}

// 8 x 8 mesh and torus under uniform traffic: the simulated mean hops equal the analytical mean within four
// standard errors (the variance from the enumeration), and at load 0.002 the mean latency is the zero-load
// latency of the mean hops (contention can only add a little).
TEST(MeshNetwork, EightByEightHopsAndZeroLoadLatencyMatchTheAnalyticalValues) {
  for (const char* type : {"mesh", "torus"}) {
    const auto t = make(type, {8, 8});
    const auto [mean, variance] = mean_distance(*t);
    EXPECT_NEAR(mean, std::string(type) == "mesh" ? mesh_hops(8) : torus_hops(8), 1e-12);
    const json r = run_sane(run(type, "[8,8]", "dor", "0.002", "300000"));
    ASSERT_FALSE(r.is_null());
    const double packets = r["packets"].get<double>();
    ASSERT_GT(packets, 3000);
    const double hops = r["average_hops"].get<double>();
    EXPECT_NEAR(hops, mean, 4 * std::sqrt(variance / packets)) << type;
    const double average = r["latency"]["total"]["average"].get<double>();
    EXPECT_GE(average, zero_load(hops) - 1e-9) << type;
    EXPECT_LT(average, zero_load(hops) + 0.5) << type;
    std::cout << "  " << type << " 8x8 DOR: mean hops " << hops << " (analytical " << mean << "), latency " << average
              << " (zero-load " << zero_load(hops) << ")\n";
  }
}

// Conservation at a moderate load (below every routing's saturation: Valiant's doubled path lengths at p = 2
// saturate a 4 x 4 mesh near 0.12), every routing defined on meshes and tori, 2D and 3D, p = 2.
TEST(MeshNetwork, ConservationAtModerateLoad) {
  for (const char* type : {"mesh", "torus"})
    for (const char* dims : {"[4,4]", "[3,3,2]"})
      for (const char* alg : {"dor", "min", "valiant", "ugal"}) {
        SCOPED_TRACE(std::string(type) + dims + alg);
        const json r = run_sane(with(run(type, dims, alg, "0.08", "6000"), {{"topology.p", "2"}}));
        ASSERT_FALSE(r.is_null());
        EXPECT_GT(r["packets"].get<int>(), 300);
        EXPECT_NEAR(r["accepted_load"].get<double>(), 0.08, 0.01);
      }
}

// Saturation under uniform traffic (offered 1.0) against the bisection bound (README, "Meshes and tori"):
// k x k, p = 1, N = k^2 nodes, links of 1 phit per cycle each way. Cutting the network into two halves of
// N/2 nodes, each node sends the fraction (N/2)/(N - 1) of its load across; the cut has k links each way in
// a mesh, 2k in a torus. So accepted load <= k (N - 1) / (N/2)^2 = 4 (k^2 - 1) / k^3 in the mesh (0.492 at
// k = 8) and twice that in the torus (0.984). Measured at the defaults (10-cycle links, 32 phits per VC):
// mesh 0.360 (73 %), torus 0.551 (56 %; 0.716 with 128-phit buffers): asserted between half the bound and it.
TEST(MeshNetwork, SaturationUnderUniformTrafficIsBelowTheBisectionBound) {
  for (const char* type : {"mesh", "torus"}) {
    const double k = 8, n = k * k;
    const double bound = (std::string(type) == "mesh" ? 1 : 2) * 4 * (n - 1) / (k * k * k);
    const json r = run_sane(run(type, "[8,8]", "dor", "1.0", "6000"));
    ASSERT_FALSE(r.is_null());
    const double accepted = r["accepted_load"].get<double>();
    EXPECT_LT(accepted, bound) << type;
    EXPECT_GT(accepted, 0.5 * bound) << type;
    std::cout << "  " << type << " 8x8 DOR saturation: accepted " << accepted << " phits/node/cycle, bound " << bound << " ("
              << 100 * accepted / bound << " %)\n";
  }
}

#if defined(HIRADIX_BIN) && defined(HIRADIX_CONFIGS)
// End to end through the command line: `hiradix run` on the example config prints the network's size;
// every mesh routing now has RTL, rvlb the last (lockstep on a 3 x 2 mesh: zero mismatches), and `hiradix
// synth` refuses a mesh the RTL cannot express (4 dimensions, beyond MESH_DIMS) with one config error (exit
// code 2) naming topology.dims (tests/rtl/test_synth.cpp synthesizes dor's and rvlb's routing units).
TEST(MeshCli, RunPrintsTheSizeRvlbRunsInLockstepAndSynthRefusesAMeshBeyondTheRtl) {
  test::TempDir dir;
  const std::string config = test::shell_quote(std::string(HIRADIX_CONFIGS) + "/mesh8x8_un_dor.yaml");
  const std::string out = dir.file("out.txt"), err = dir.file("err.txt");
  const auto cli = [&](const std::string& args) {
    return test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " + args + " >" +
                           test::shell_quote(out) + " 2>" + test::shell_quote(err));
  };
  ASSERT_EQ(cli("run " + config + " --set sim.warmup=500 --set sim.measure=1000 --set topology.type=torus"), 0);
  const std::string text = test::read_text(out);
  EXPECT_NE(text.find("hiradix: torus 8x8 p=1, 64 routers, routing dor (DOR)"), std::string::npos) << text;
  EXPECT_NE(text.find("  network      64 routers, 64 nodes, radix 5, links: terminal 64, network 128"), std::string::npos) << text;
  ASSERT_EQ(cli("run " + config + " -q --set sim.warmup=500 --set sim.measure=1000"), 0);
  const json r = json::parse(test::read_text(dir.file("out/result.json")));
  EXPECT_EQ(r["simulation"]["network"]["links"]["network"], 112);  // 2 * 8 * 7
  EXPECT_EQ(r["simulation"]["network"]["radix_min"], 3);
  EXPECT_EQ(r["simulation"]["network"]["radix_max"], 5);
  // RVLB's grid restriction in the RTL (generic valiant's unit, code 20), where its path fits the header.
  ASSERT_EQ(cli("run " + config + " -q --set sim.warmup=500 --set sim.measure=1000 --set routing.algorithm=rvlb --set topology.dims=[3,2] "
                "--set traffic.load=0.5 --set router.rc_mode=lockstep"),
            0)
      << test::read_text(err);
  const json l = json::parse(test::read_text(dir.file("out/result.json")));
  EXPECT_EQ(l["rtl"]["mismatches"], 0);
  EXPECT_GT(l["rtl"]["decisions"].get<long long>(), 1000);
  EXPECT_EQ(cli("synth " + config + " --set routing.algorithm=rvlb --set topology.dims=[2,2,2,2] --blocks routing_unit"), 2);
  const std::string e = test::read_text(err);
  EXPECT_EQ(e.rfind("config error: topology.type: the RTL routing unit cannot express this network: topology.dims: 4 dimensions exceed the RTL's", 0), 0u) << e;
  EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  // A path beyond the header's hop counter (valiant on a 9 x 9 mesh: 2 x 16 hops): no unit to synthesize,
  // as `router.rc_mode: rtl` has none to run.
  EXPECT_EQ(cli("synth " + config + " --set routing.algorithm=valiant --set topology.dims=[9,9] --blocks routing_unit"), 2);
  const std::string hops = test::read_text(err);
  EXPECT_NE(hops.find("the RTL routing unit cannot express this network: topology.dims: valiant's longest path on mesh 9x9 p=1 "
                      "takes 2 x 16 = 32 network hops"),
            std::string::npos)
      << hops;
}
#endif

}  // namespace

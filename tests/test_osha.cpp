// OSHA on meshes and tori (router/routing/osha_routing.h; seed 001 §1.3-§1.4; issues 26, 27, 30): each VN's
// paths are DOR's in its own order on its own VCs, the VN is the source's toggle at injection and the
// header's after, the toggles alternate, consecutive packets of a source alternate VNs in a real run, the
// deadlock check passes (and would not with both orders on one VC set), and bad configs name their key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"
#include "platform_writer.h"
#include "sim_helpers.h"
#include "testbench/platform.h"
#include "topology/mesh.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using test::config_error;
using test::Hop;
using test::walk;

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

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm, const std::string& order = "") {
  RoutingOptions o;
  o.algorithm = algorithm;
  if (!order.empty()) o.set(std::string("routing.") + algorithm + "_order", order);
  return make_routing(o, t);
}

const OshaRouting& osha_of(const RoutingAlgorithm& r) { return dynamic_cast<const OshaRouting&>(r); }

// An order as routing.dor_order's digits ("10" for yx).
std::string digits(const DimensionOrder& order, int dims) {
  std::string s;
  for (int i = 0; i < dims; ++i) s += static_cast<char>('0' + order[static_cast<std::size_t>(i)]);
  return s;
}

struct Shape {
  const char* type;
  std::vector<int> dims;
  int p;
  std::vector<std::string> orders;
};
const Shape kShapes[] = {
    {"mesh", {2, 2}, 1, {"", "yx"}},        {"mesh", {4, 3}, 2, {"", "yx"}},           {"mesh", {3, 3, 2}, 1, {"", "zyx", "xzy"}},
    {"torus", {5, 4}, 1, {"", "yx"}},       {"torus", {4, 3, 3}, 1, {"", "zxy"}},      {"torus", {2, 2}, 1, {""}},
    {"torus", {6, 3}, 2, {"yx"}},           {"mesh", {2, 3, 2, 2}, 1, {"", "3210"}},
};

// ---- Paths: each VN is DOR in its order, on its VCs ----

// VN 1's order is VN 0's with its first two dimensions swapped (the paper's XY / YX, XYZ / YXZ pairs).
TEST(Osha, VnOneSwapsTheFirstTwoDimensions) {
  const auto t2 = make("mesh", {4, 4});
  EXPECT_EQ(digits(osha_of(*routing(*t2, "osha")).order(0), 2), "01");
  EXPECT_EQ(digits(osha_of(*routing(*t2, "osha")).order(1), 2), "10");
  EXPECT_EQ(digits(osha_of(*routing(*t2, "osha", "yx")).order(1), 2), "01");
  const auto t3 = make("torus", {3, 3, 3});
  EXPECT_EQ(digits(osha_of(*routing(*t3, "osha")).order(1), 3), "102");      // xyz -> yxz
  EXPECT_EQ(digits(osha_of(*routing(*t3, "osha", "zyx")).order(1), 3), "120");  // zyx -> yzx
}

// Every pair, both VNs: the hops are DOR's in that VN's order (the same ports, and the same dateline VC
// shifted to the VN's set), minimal, and each VN's VCs are its own: [vn * n, vn * n + n).
TEST(Osha, EachVnRoutesAsDorInItsOrderOnItsOwnVcs) {
  for (const Shape& s : kShapes)
    for (const std::string& order : s.orders) {
      const auto t = make(s.type, s.dims, s.p);
      const Mesh& m = topology_as<Mesh>(*t, "the test");
      const auto r = routing(*t, "osha", order);
      const OshaRouting& o = osha_of(*r);
      const int n = o.vcs_per_vn();
      bool ring = false;
      for (int d = 0; d < m.dims(); ++d) ring = ring || m.ring(d);
      ASSERT_EQ(n, ring ? 2 : 1) << t->describe();
      EXPECT_EQ(r->vcs_needed().per_class, (std::vector<int>{1, 2 * n})) << t->describe();
      for (const int vn : {0, 1}) {
        const auto on = o.on_vn(vn);
        const auto dor = routing(*t, "dor", digits(o.order(vn), m.dims()));
        for (int a = 0; a < t->routers(); ++a)
          for (int b = 0; b < t->routers(); ++b) {
            const int dst = b * s.p + s.p - 1;  // the last terminal of router b
            const std::vector<Hop> hops = walk(*t, *on, a, dst);
            const std::vector<Hop> ref = walk(*t, *dor, a, dst);
            ASSERT_EQ(static_cast<int>(hops.size()), t->distance(a, b)) << t->describe() << " " << a << " -> " << b;
            ASSERT_EQ(hops.size(), ref.size());
            for (std::size_t i = 0; i < hops.size(); ++i) {
              EXPECT_EQ(hops[i].router, ref[i].router);
              EXPECT_EQ(hops[i].port, ref[i].port);
              EXPECT_EQ(hops[i].vc, vn * n + ref[i].vc) << t->describe() << " VN " << vn << " " << a << " -> " << b;
              EXPECT_GE(hops[i].vc, vn * n);
              EXPECT_LT(hops[i].vc, vn * n + n);
            }
          }
      }
    }
}

// The VN is the toggle's (osha_vn) at an injection port only; at any other input port it is the header's
// (flags bit 6), whatever osha_vn says, and every hop writes it back, so it never changes in flight.
TEST(Osha, TheVnIsChosenAtInjectionAndKeptInTheHeader) {
  const auto t = make("torus", {5, 5});
  const auto r = routing(*t, "osha");
  const Mesh& m = topology_as<Mesh>(*t, "the test");
  const int dst = 3 + 5 * 3;  // router (3, 3) from (0, 0)
  // At injection (in_port 0 < p): osha_vn = 1 wins over a header that says VN 0.
  Packet pkt;
  pkt.dst = dst;
  RoutingContext ctx;
  ctx.router = 0;
  ctx.in_port = 0;
  osha_vn(ctx) = 1;
  RoutingDecision d = r->route(ctx, pkt);
  EXPECT_EQ(m.port_dimension(0, d.out_port), 1);  // VN 1: yx, Y first
  EXPECT_EQ(d.out_vc, 2);
  EXPECT_EQ(pkt.route.flags & OshaRouting::kVnBit, OshaRouting::kVnBit);
  // The next hop, in from a network port, with osha_vn = 0: still VN 1 (the header).
  const PortEnd next = t->peer(0, d.out_port);
  ctx.router = next.router;
  ctx.in_port = next.port;
  osha_vn(ctx) = 0;
  d = r->route(ctx, pkt);
  EXPECT_GE(d.out_vc, 2);
  EXPECT_EQ(pkt.route.flags & OshaRouting::kVnBit, OshaRouting::kVnBit);
  // A header of VN 0 in transit, with osha_vn = 1: VN 0.
  Packet zero;
  zero.dst = dst;
  zero.route.flags = 0;
  ctx.router = 1;
  ctx.in_port = m.port(1, 0, Mesh::kMinus);  // arrived from router 0 going plus in X
  osha_vn(ctx) = 1;
  d = r->route(ctx, zero);
  EXPECT_LT(d.out_vc, 2);
  EXPECT_EQ(zero.route.flags & OshaRouting::kVnBit, 0);
  // Turning from X into Y (the step rewrites the flags) keeps VN 1's bit.
  Packet turn;
  turn.dst = 1 + 5 * 2;  // (1, 2) from (1, 0): Y only
  turn.route.flags = static_cast<std::uint8_t>(OshaRouting::kVnBit | 1);  // VN 1, last hop in X
  ctx.router = 1;
  d = r->route(ctx, turn);
  EXPECT_EQ(m.port_dimension(1, d.out_port), 1);
  EXPECT_EQ(turn.route.flags, OshaRouting::kVnBit | 2);
  EXPECT_EQ(d.out_vc, 2);
}

// ---- The round robin ----

TEST(OshaToggles, AlternateAndSeeOnlyEarlierCycles) {
  OshaToggles t(2);
  EXPECT_EQ(t.vn(0, 0), 0);
  t.flip(0, 5);
  EXPECT_EQ(t.vn(0, 5), 0);  // a departure in cycle 5 is seen from cycle 6
  EXPECT_EQ(t.vn(0, 6), 1);
  EXPECT_EQ(t.vn(1, 6), 0);  // terminals apart
  t.flip(0, 7);
  t.flip(0, 7);  // two in one cycle (speed-up): back to the same VN
  EXPECT_EQ(t.vn(0, 8), 1);
  t.flip(0, 9);
  EXPECT_EQ(t.vn(0, 9), 1);
  EXPECT_EQ(t.vn(0, 10), 0);
  // A decision repeated at injection before the packet leaves reads the same VN.
  EXPECT_EQ(t.vn(0, 11), 0);
  EXPECT_EQ(t.vn(0, 12), 0);
}

// The router's state maps pkt.src to its terminal port (src mod p on the mesh).
TEST(OshaToggles, TheStateFlipsTheSourcesTerminal) {
  const auto t = make("mesh", {3, 3}, 2);
  const auto r = routing(*t, "osha");
  const auto state = r->make_state(4, RouterParams{}, 0, 0);
  auto& s = dynamic_cast<OshaState&>(*state);
  EXPECT_EQ(s.events(), kInjectionForwarded);
  Packet a, b;
  a.src = 9;  // router 4, terminal 1
  b.src = 8;  // router 4, terminal 0
  s.injection_forwarded(a, 10);
  EXPECT_EQ(s.vn(a, 11), 1);
  EXPECT_EQ(s.vn(b, 11), 0);
  s.injection_forwarded(a, 12);
  s.injection_forwarded(b, 12);
  EXPECT_EQ(s.vn(a, 13), 0);
  EXPECT_EQ(s.vn(b, 13), 1);
}

// A real run: node 0 of a 2 x 2 mesh writes to node 3 (the opposite corner) eight times, one transaction
// after the other through the SystemC platform face. Its requests alternate VNs: VN 0 (XY) leaves router 0
// for router 1 on VC 0, VN 1 (YX) for router 2 on VC 1 -- four each, and nothing else enters those ports.
TEST(OshaRun, ConsecutivePacketsOfASourceAlternateVns) {
  const std::string err = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[2, 2]"}, {"routing.algorithm", "osha"},
                                      {"traffic.load", "0"}, {"sim.warmup", "0"}});
    auto* net = new PlatformNetwork("net", c);
    auto* w = new test::Writer("writer");
    auto* sink = new test::Sink("sink");
    w->writes = 8;
    w->address = PlatformNetwork::address(3, 0x40);
    w->socket.bind(net->target_socket(0));
    net->initiator_socket(3).bind(sink->socket);
    sc_core::sc_start();
    std::string out;
    if (w->ok != 8 || sink->calls != 8) out += "writes " + std::to_string(w->ok) + "/" + std::to_string(sink->calls) + "; ";
    const Mesh& m = topology_as<Mesh>(net->network().topology(), "the test");
    // Phits written into input VC `vc` of router `r`'s port from router 0.
    const auto phits = [&](int r, int dim, int vc) {
      Router& router = net->network().router(r);
      return router.inputs().vc(router.inputs().vc_index(m.port(r, dim, Mesh::kMinus), vc)).phits_in;
    };
    const std::uint64_t vn0 = phits(1, 0, 0), vn1 = phits(2, 1, 1);
    if (vn0 == 0 || vn0 != vn1) out += "VN 0 phits " + std::to_string(vn0) + ", VN 1 phits " + std::to_string(vn1) + "; ";
    if (vn0 % 4 != 0) out += "VN 0 phits not four packets' worth; ";
    if (phits(1, 0, 1) != 0 || phits(2, 1, 0) != 0) out += "a request on the other VN's VC; ";
    return out;
  });
  EXPECT_EQ(err, "");
}

// Runs on meshes and tori: every packet delivered, nothing stuck, at loads up to saturation.
TEST(OshaRun, MeshesAndToriRunCleanly) {
  for (const Overrides& o :
       {Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"traffic.load", "0.9"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[5, 4]"}, {"routing.osha_order", "yx"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 3, 2]"}, {"topology.p", "2"}, {"traffic.load", "0.6"}}}) {
    const nlohmann::json r = test::run_sane(test::with(o, {{"routing.algorithm", "osha"}, {"traffic.pattern", "un"},
                                                          {"sim.warmup", "500"}, {"sim.measure", "2000"}}));
    ASSERT_FALSE(r.is_null());
    EXPECT_GT(r["packets"].get<long long>(), 100);
    EXPECT_EQ(r["misrouted_fraction"], 0.0);
  }
}

// ---- Deadlock freedom ----

TEST(Osha, TheChannelDependencyGraphIsAcyclicAndTheReducedOneIsExact) {
  for (const Shape& s : kShapes)
    for (const std::string& order : s.orders) {
      const auto t = make(s.type, s.dims, s.p);
      const auto r = routing(*t, "osha", order);
      const std::vector<int> vcs = r->vcs_needed().per_class;
      const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs);
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << t->describe() << " " << order << ": " << a.cycle << a.reason;
      EXPECT_GT(a.edges, 0u) << t->describe();
      const ChannelGraph reduced = channel_dependencies(*t, *r, vcs, CdgMethod::kReduced);
      const ChannelGraph full = channel_dependencies(*t, *r, vcs, CdgMethod::kFull);
      EXPECT_TRUE(reduced == full) << t->describe() << " " << order;
    }
}

// Why two VNs (seed 001 §1.3, Fig. 2): both orders' paths on ONE VC set close a cycle on a 2-D mesh, while
// each order alone is acyclic.
class OneVcSet final : public RoutingAlgorithm {
 public:
  OneVcSet(const RoutingAlgorithm& vn, int n) : vn_(vn), n_(n) {}
  std::string name() const override { return "osha on one VC set"; }
  VcRequirement vcs_needed() const override { return {{1, n_}}; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    RoutingDecision d = vn_.route(ctx, pkt);
    d.out_vc = static_cast<std::uint8_t>(d.out_vc % n_);
    return d;
  }

 private:
  const RoutingAlgorithm& vn_;
  int n_;
};

TEST(Osha, BothOrdersOnOneVcSetMakeACycle) {
  const auto t = make("mesh", {3, 3});
  const auto r = routing(*t, "osha");
  const OshaRouting& o = osha_of(*r);
  const auto vn0 = o.on_vn(0), vn1 = o.on_vn(1);
  ChannelGraph both(*t, {1, 1});
  for (const RoutingAlgorithm* vn : {vn0.get(), vn1.get()}) {
    const OneVcSet one(*vn, 1);
    ChannelGraph alone(*t, {1, 1});
    enumerate_route_paths(one, alone, CdgMethod::kFull);
    EXPECT_TRUE(alone.find_cycle().empty());
    enumerate_route_paths(one, both, CdgMethod::kFull);
  }
  const std::vector<long> cycle = both.find_cycle();
  EXPECT_FALSE(cycle.empty());
}

// ---- Config ----

TEST(OshaConfig, BadInputNamesTheKey) {
  const Overrides mesh = {{"topology.type", "mesh"}, {"routing.algorithm", "osha"}};
  EXPECT_EQ(config_error(mesh), "accepted");
  EXPECT_EQ(load_config("", mesh).link("network").vcs, 2);
  EXPECT_EQ(load_config("", test::with(mesh, {{"topology.type", "torus"}})).link("network").vcs, 4);
  const std::string one = config_error(test::with(mesh, {{"topology.dims", "[8]"}}));
  EXPECT_EQ(one.rfind("config error: topology.dims: ", 0), 0u) << one;
  for (const char* bad : {"x", "xx", "xw", "xyz"}) {
    const std::string e = config_error(test::with(mesh, {{"routing.osha_order", bad}}));
    EXPECT_EQ(e.rfind("config error: routing.osha_order: ", 0), 0u) << bad << ": " << e;
  }
  const std::string other = config_error({{"topology.type", "mesh"}, {"routing.algorithm", "dor"}, {"routing.osha_order", "yx"}});
  EXPECT_NE(other.find("routing.osha_order"), std::string::npos) << other;
  const std::string dragonfly = config_error({{"routing.algorithm", "osha"}});
  EXPECT_NE(dragonfly.find("routing.algorithm"), std::string::npos) << dragonfly;
  const std::string vcs = config_error(test::with(mesh, {{"topology.type", "torus"}, {"router.vcs.network", "3"}}));
  EXPECT_EQ(vcs.rfind("config error: router.vcs.network: osha needs at least 4 network VCs", 0), 0u) << vcs;
  // The RTL takes it on meshes and tori; its digit spellings have no code there.
  for (const char* mode : {"rtl", "lockstep"}) {
    EXPECT_EQ(config_error(test::with(mesh, {{"router.rc_mode", mode}})), "accepted");
    const std::string d = config_error(test::with(mesh, {{"router.rc_mode", mode}, {"routing.osha_order", "10"}}));
    EXPECT_NE(d.find("routing.osha_order"), std::string::npos) << d;
  }
}

}  // namespace

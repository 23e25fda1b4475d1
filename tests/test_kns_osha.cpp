// OSHA and SASHA on the KNS (router/routing/kns_osha_routing.h; seed 001 §1.3-§1.4, §2.1; issue 30): each VN's
// paths by hand on the paper's 16-node 2D KNS, the VN chosen at injection and kept in the header (a switch's
// low ports are not injection ports), the deadlock check (acyclic with two VNs; the paper's Fig. 2 cycle
// with both orders in one VN), a source's round robin alternating VNs, SASHA leaving a VN whose first hop is
// congested, DBBQ's bands, every queue scheme running clean, determinism, lockstep against the RTL unit,
// and bad configs naming their key.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/kns_osha_routing.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"
#include "platform_writer.h"
#include "sim_helpers.h"
#include "testbench/network.h"
#include "topology/kns.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using test::config_error;
using test::Hop;

namespace {

std::unique_ptr<Topology> kns(const std::string& dims, int p = 1) {
  TopologyOptions o;
  o.type = "kns";
  o.set("topology.dims", dims).set("topology.p", p);
  return make_topology(o);
}

std::unique_ptr<RoutingAlgorithm> routing(const Topology& t, const char* algorithm, const std::string& order = "") {
  RoutingOptions o;
  o.algorithm = algorithm;
  if (!order.empty()) o.set("routing.osha_order", order);
  return make_routing(o, t);
}

const KnsOshaRouting& osha_of(const RoutingAlgorithm& r) { return dynamic_cast<const KnsOshaRouting&>(r); }

bool same(const std::vector<Hop>& a, const std::vector<Hop>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].router != b[i].router || a[i].port != b[i].port || a[i].vc != b[i].vc) return false;
  return true;
}

std::string text(const std::vector<Hop>& hops) {
  std::string s;
  for (const Hop& h : hops) s += "(" + std::to_string(h.router) + "," + std::to_string(h.port) + "," + std::to_string(h.vc) + ")";
  return s;
}

// ---- Paths by hand on the 16-node 2D KNS (p = 1): end nodes 0-15 (x + 4y), X switches 16-19 (row y), Y
// switches 20-23 (column x); an end node's port 1 leads to its X switch, port 2 to its Y switch; a switch's
// port c to the node of its line with coordinate c ----

TEST(KnsOsha, EachVnsPathsByHandOnThe16NodeKns) {
  const auto t = kns("[4,4]");
  const auto r = routing(*t, "osha");
  const KnsOshaRouting& o = osha_of(*r);
  EXPECT_EQ(r->vcs_needed().per_class, (std::vector<int>{1, 2}));
  const auto xy = o.on_vn(0), yx = o.on_vn(1);
  // 0 -> 15 (Fig. 1): XY turns at node 3, YX at node 12; VN 0 on VC 0, VN 1 on VC 1.
  const std::vector<Hop> xy_0_15 = {{0, 1, 0}, {16, 3, 0}, {3, 2, 0}, {23, 3, 0}};
  const std::vector<Hop> yx_0_15 = {{0, 2, 1}, {20, 3, 1}, {12, 1, 1}, {19, 3, 1}};
  EXPECT_TRUE(same(test::walk(*t, *xy, 0, 15), xy_0_15)) << text(test::walk(*t, *xy, 0, 15));
  EXPECT_TRUE(same(test::walk(*t, *yx, 0, 15), yx_0_15)) << text(test::walk(*t, *yx, 0, 15));
  // Fig. 2's flows: 1 -> 4 in YX turns at node 5; 5 -> 0 in XY turns at node 4.
  const std::vector<Hop> yx_1_4 = {{1, 2, 1}, {21, 1, 1}, {5, 1, 1}, {17, 0, 1}};
  const std::vector<Hop> xy_5_0 = {{5, 1, 0}, {17, 0, 0}, {4, 2, 0}, {20, 0, 0}};
  EXPECT_TRUE(same(test::walk(*t, *yx, 1, 4), yx_1_4)) << text(test::walk(*t, *yx, 1, 4));
  EXPECT_TRUE(same(test::walk(*t, *xy, 5, 0), xy_5_0)) << text(test::walk(*t, *xy, 5, 0));
  // Sharing a row or a column: one switch, in either VN (a YX packet leaves by its X port when y agrees).
  const std::vector<Hop> yx_0_2 = {{0, 1, 1}, {16, 2, 1}}, xy_0_8 = {{0, 2, 0}, {20, 2, 0}};
  EXPECT_TRUE(same(test::walk(*t, *yx, 0, 2), yx_0_2)) << text(test::walk(*t, *yx, 0, 2));
  EXPECT_TRUE(same(test::walk(*t, *xy, 0, 8), xy_0_8)) << text(test::walk(*t, *xy, 0, 8));
  // routing.osha_order yx: VN 0 is YX, VN 1 XY.
  const auto swapped = routing(*t, "osha", "yx");
  EXPECT_TRUE(same(test::walk(*t, *osha_of(*swapped).on_vn(0), 0, 15),
                   std::vector<Hop>{{0, 2, 0}, {20, 3, 0}, {12, 1, 0}, {19, 3, 0}}));
}

// Every pair of end nodes, both VNs, on 4 x 4 (xy / yx) and 3 x 3 x 3 (xyz / yxz), with 1 and 2 nodes per end
// node: 2 hops per differing coordinate (minimal), the VN's VC at every hop, and the first hop up the first
// differing dimension of the VN's order.
TEST(KnsOsha, EveryPathIsMinimalOnItsVnsVcAndStartsInItsVnsFirstDimension) {
  for (const std::string& dims : {std::string("[4,4]"), std::string("[3,3,3]")})
    for (const int p : {1, 2}) {
      const auto t = kns(dims, p);
      const Kns& k = topology_as<Kns>(*t, "the test");
      const auto r = routing(*t, "osha");
      const KnsOshaRouting& o = osha_of(*r);
      for (const int vn : {0, 1}) {
        const auto on = o.on_vn(vn);
        const int first = vn == 0 ? 0 : 1, second = vn == 0 ? 1 : 0;  // xy(z) and yx(z)
        for (int a = 0; a < k.end_nodes(); ++a)
          for (int b = 0; b < k.end_nodes(); ++b) {
            const std::vector<Hop> hops = test::walk(*t, *on, a, b * p + p - 1);
            int differing = 0;
            for (int d = 0; d < k.dims(); ++d) differing += k.coordinate(a, d) != k.coordinate(b, d);
            ASSERT_EQ(static_cast<int>(hops.size()), 2 * differing) << dims << " VN " << vn << " " << a << " -> " << b;
            for (const Hop& h : hops) EXPECT_EQ(h.vc, vn);
            if (hops.empty()) continue;
            const int want = k.coordinate(a, first) != k.coordinate(b, first) ? first
                             : k.coordinate(a, second) != k.coordinate(b, second) ? second : 2;
            EXPECT_EQ(hops[0].port, k.dimension_port(want)) << dims << " VN " << vn << " " << a << " -> " << b;
          }
      }
    }
}

// The VN is the injection decision's (osha_vn) at an end node's terminal port only; at a switch -- whose
// port 0 is below p = 1 -- and at an end node's dimension ports it is the header's, and every hop keeps it.
TEST(KnsOsha, TheVnIsChosenAtInjectionAndKeptInTheHeader) {
  const auto t = kns("[4,4]");
  const auto r = routing(*t, "osha");
  Packet pkt;
  pkt.dst = 15;
  RoutingContext ctx;
  ctx.router = 0;
  ctx.in_port = 0;  // node 0's terminal port
  osha_vn(ctx) = 1;
  RoutingDecision d = r->route(ctx, pkt);
  EXPECT_EQ(d.out_port, 2);  // VN 1, YX: up the Y port
  EXPECT_EQ(d.out_vc, 1);
  EXPECT_EQ(pkt.route.flags & KnsOshaRouting::kVnBit, KnsOshaRouting::kVnBit);
  // At switch 20 (Y, column 0), in at port 0 (< p) with osha_vn 0: still VN 1.
  ctx.router = 20;
  ctx.in_port = 0;
  osha_vn(ctx) = 0;
  d = r->route(ctx, pkt);
  EXPECT_EQ(d.out_port, 3);
  EXPECT_EQ(d.out_vc, 1);
  // At node 12, in from its Y port: VN 1 goes X now.
  ctx.router = 12;
  ctx.in_port = 2;
  d = r->route(ctx, pkt);
  EXPECT_EQ(d.out_port, 1);
  EXPECT_EQ(d.out_vc, 1);
  EXPECT_EQ(pkt.route.hops[1], 3);
  // A VN 0 header at switch 16's port 0 with osha_vn 1: VN 0.
  Packet zero;
  zero.dst = 15;
  ctx.router = 16;
  ctx.in_port = 0;
  osha_vn(ctx) = 1;
  d = r->route(ctx, zero);
  EXPECT_EQ(d.out_port, 3);
  EXPECT_EQ(d.out_vc, 0);
  EXPECT_EQ(zero.route.flags & KnsOshaRouting::kVnBit, 0);
}

// ---- Deadlock freedom ----

TEST(KnsOsha, TheChannelDependencyGraphIsAcyclicAndTheReducedOneIsExact) {
  for (const char* algorithm : {"osha", "sasha"})
    for (const std::string& dims : {std::string("[4,4]"), std::string("[3,3,3]"), std::string("[2,2]")})
      for (const std::string& order : {std::string(""), std::string(dims == "[3,3,3]" ? "zxy" : "yx")}) {
        const auto t = kns(dims);
        const auto r = routing(*t, algorithm, order);
        const std::vector<int> vcs = r->vcs_needed().per_class;
        const DeadlockAnalysis a = analyse_deadlock(*t, *r, vcs);
        EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << algorithm << " " << dims << " " << order << ": " << a.cycle << a.reason;
        EXPECT_GT(a.edges, 0u);
        EXPECT_TRUE(channel_dependencies(*t, *r, vcs, CdgMethod::kReduced) == channel_dependencies(*t, *r, vcs, CdgMethod::kFull))
            << algorithm << " " << dims << " " << order;
      }
}

// Both VNs' paths with every VC mapped to VC 0: one VN holding both orders.
class OneVn final : public RoutingAlgorithm {
 public:
  explicit OneVn(const RoutingAlgorithm& vn) : vn_(vn) {}
  std::string name() const override { return "both orders in one VN"; }
  VcRequirement vcs_needed() const override { return {{1, 1}}; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    RoutingDecision d = vn_.route(ctx, pkt);
    d.out_vc = 0;
    return d;
  }

 private:
  const RoutingAlgorithm& vn_;
};

// The paper's Fig. 2 (seed 001 §1.3) on the 16-node 2D KNS: F1 0 -> 5 XY, F2 1 -> 4 YX, F3 5 -> 0 XY, F4 4 -> 1
// YX close a cycle of eight channels when XY and YX share one VC set, and none on OSHA's two VNs.
TEST(KnsOsha, Fig2FlowsCloseACycleInOneVnAndNoneInTwo) {
  const auto t = kns("[4,4]");
  const auto r = routing(*t, "osha");
  const KnsOshaRouting& o = osha_of(*r);
  const auto xy = o.on_vn(0), yx = o.on_vn(1);
  const OneVn xy_one(*xy), yx_one(*yx);
  const auto flows = [](const RoutingAlgorithm& x, const RoutingAlgorithm& y, ChannelGraph& g) {
    enumerate_route_pairs(x, g, [](const std::function<void(int, int)>& w) {
      w(0, 5);  // F1
      w(5, 0);  // F3
    });
    enumerate_route_pairs(y, g, [](const std::function<void(int, int)>& w) {
      w(1, 4);  // F2
      w(4, 1);  // F4
    });
  };
  ChannelGraph one(*t, {1, 1});
  flows(xy_one, yx_one, one);
  const std::vector<long> cycle = one.find_cycle();
  ASSERT_EQ(cycle.size(), 8u) << one.describe(cycle);
  // The cycle by hand: node 0 X up, switch 16 to node 1, node 1 Y up, switch 21 to node 5, node 5 X up,
  // switch 17 to node 4, node 4 Y up, switch 20 to node 0.
  const std::vector<long> want = {one.id(0, 1, 0), one.id(16, 1, 0), one.id(1, 2, 0), one.id(21, 1, 0),
                                  one.id(5, 1, 0), one.id(17, 0, 0), one.id(4, 2, 0), one.id(20, 0, 0)};
  for (const long c : want) EXPECT_NE(std::find(cycle.begin(), cycle.end(), c), cycle.end()) << one.name(c);
  ChannelGraph two(*t, {1, 2});
  flows(*xy, *yx, two);
  EXPECT_TRUE(two.find_cycle().empty()) << two.describe(two.find_cycle());
  // Every pair in both orders on one VC: cyclic too; each order alone: acyclic.
  ChannelGraph all(*t, {1, 1});
  for (const RoutingAlgorithm* vn : {static_cast<const RoutingAlgorithm*>(&xy_one), static_cast<const RoutingAlgorithm*>(&yx_one)}) {
    ChannelGraph alone(*t, {1, 1});
    const auto every = [](const std::function<void(int, int)>& w) {
      for (int s = 0; s < 16; ++s)
        for (int d = 0; d < 16; ++d) w(s, d);
    };
    enumerate_route_pairs(*vn, alone, every);
    EXPECT_TRUE(alone.find_cycle().empty());
    enumerate_route_pairs(*vn, all, every);
  }
  EXPECT_FALSE(all.find_cycle().empty());
}

// ---- Bands ----

// DBBQ on the KNS: VN 0 by Eq. 2 (rows: floor(dst * Q / N)), VN 1 by Eq. 3 (columns: the destination end
// node's x, dst / p mod k), with p = 2 nodes per end node.
TEST(KnsOshaBands, DbbqBandsRowsInVn0AndColumnsInVn1) {
  const Config c = load_config("", {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"topology.p", "2"},
                                    {"routing.algorithm", "osha"}, {"router.queues", "dbbq"}});
  const BandMap& b = c.router.bands;
  EXPECT_EQ(c.link("network").vcs, 4);  // 2 VNs x 2 bands
  // Node 13: end node 6 = (2, 1). Row band floor(13 * 2 / 32) = 0; column band floor(2 * 2 / 4) = 1.
  EXPECT_EQ(b.band(13, 0), 0);
  EXPECT_EQ(b.band(13, 1), 1);
  // Node 17: end node 8 = (0, 2): row band 1, column band 0.
  EXPECT_EQ(b.band(17, 0), 1);
  EXPECT_EQ(b.band(17, 1), 0);
}

// ---- Runs ----

const Overrides kKns = {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"},
                        {"sim.warmup", "500"}, {"sim.measure", "2000"}};

long long per_vn_sum(const nlohmann::json& r) {
  long long sum = 0;
  for (const auto& n : r["accepted_packets_per_vn"]) sum += n.get<long long>();
  return sum;
}

// Node 0 of the 4 x 4 KNS writes to node 15 eight times, one after the other (the platform face): OSHA's
// toggle alternates, so four requests go XY (up node 0's X port into switch 16 on VC 0) and four YX (up
// its Y port into switch 20 on VC 1), and nothing else enters those ports.
TEST(KnsOshaRun, ASourcesPacketsAlternateVnsHalfAndHalf) {
  const test::PortCounts phits = test::queue_counts_after_writes(
      test::with(kKns, {{"routing.algorithm", "osha"}}), 15, &InputVc::phits_in);
  ASSERT_FALSE(phits.empty());
  const std::vector<std::uint64_t> x = phits.at({16, 0}), y = phits.at({20, 0});
  ASSERT_EQ(x.size(), 2u);
  EXPECT_EQ(x[0], 4u * 8u);  // four packets of 8 phits
  EXPECT_EQ(x[1], 0u);
  EXPECT_EQ(y[0], 0u);
  EXPECT_EQ(y[1], 4u * 8u);
}

// A congested VN (SASHA's reaction, seed 001 §3.2): on an 8 x 8 KNS nodes 2-7 send to node 1 at 1.0 each,
// overloading the row-0 switch's (router 64's) port to node 1; node 0 sends to node 9 = (1, 1) at 0.5. Node
// 0's XY packets queue for that port among seven inputs (its first hop: router 64's input from node 0, VC
// 0); its YX packets go up its Y port through the column-0 switch (router 72) and node 8, which nothing else
// uses. OSHA still alternates (half and half, to a packet); SASHA's NIC sees VN 0's injection queue fuller
// and sends most of node 0's packets on VN 1, under either metric. Node 0's packets per VN are read from the
// two first hops (only its own traffic enters there).
std::string probe_split(const Overrides& o) {
  return test::in_child([&]() -> std::string {
    test::TempDir dir("kns_osha_trace");
    const std::string path = dir.file("congested.trace");
    {
      std::ofstream f(path);
      for (int cycle = 0; cycle < 4000; cycle += 40)
        for (int aggressor = 2; aggressor < 8; ++aggressor) f << cycle << " " << aggressor << " 1 5\n";
      for (int cycle = 0; cycle < 4000; cycle += 16) f << cycle << " 0 9 1\n";
    }
    const Config c = load_config("", test::with(test::with(kKns, o), {{"topology.dims", "[8, 8]"}, {"traffic.pattern", "trace"},
                                                                     {"traffic.trace_file", path}, {"sim.warmup", "0"},
                                                                     {"sim.measure", "4000"}}));
    Network net("net", c);
    sc_core::sc_start(cycles_to_time(c.warmup + c.measure));
    const auto phits = [&](int r, int vc) {
      Router& router = net.router(r);
      return router.inputs().vc(router.inputs().vc_index(0, vc)).phits_in;
    };
    if (phits(64, 1) != 0 || phits(72, 0) != 0) return std::string("node 0's packets on the other VN's VC");
    return std::to_string(phits(64, 0) / 8) + " " + std::to_string(phits(72, 1) / 8);
  });
}

TEST(KnsOshaRun, SashaLeavesTheCongestedVnWhereOshaAlternates) {
  const auto split = [](const std::string& s, long& vn0, long& vn1) {
    return std::sscanf(s.c_str(), "%ld %ld", &vn0, &vn1) == 2;
  };
  long vn0 = 0, vn1 = 0;
  const std::string osha = probe_split({{"routing.algorithm", "osha"}});
  ASSERT_TRUE(split(osha, vn0, vn1)) << osha;
  std::cout << "  node 0's packets per VN, osha: " << osha << "\n";
  EXPECT_GT(vn0 + vn1, 100);
  EXPECT_LE(std::labs(vn0 - vn1), 1) << osha;
  for (const char* metric : {"occupancy", "xmit_wait"}) {
    const std::string sasha = probe_split({{"routing.algorithm", "sasha"}, {"routing.sasha_metric", metric},
                                           {"routing.sasha_interval", "32"}});
    ASSERT_TRUE(split(sasha, vn0, vn1)) << sasha;
    std::cout << "  node 0's packets per VN, sasha " << metric << ": " << sasha << "\n";
    EXPECT_GT(vn0 + vn1, 100);
    EXPECT_GT(vn1, 2 * vn0) << metric << ": " << sasha;
  }
}

// Every queue scheme OSHA takes on meshes, inside each VN on the KNS, for both routings: clean runs at a
// load past the knee (conservation, no stall: run_sane), minimal paths, both VNs used by SASHA.
TEST(KnsOshaRun, EveryQueueSchemeRunsCleanly) {
  for (const char* algorithm : {"osha", "sasha"})
    for (const char* q : {"vc", "voq_sw", "bbq", "bbq_voq_sw", "dbbq", "dbbq_voq_sw", "voq_net"}) {
      SCOPED_TRACE(std::string(algorithm) + " " + q);
      const nlohmann::json r = test::run_sane(test::with(kKns, {{"routing.algorithm", algorithm}, {"router.queues", q},
                                                                {"traffic.load", "0.7"}}));
      ASSERT_FALSE(r.is_null());
      EXPECT_GT(r["accepted_load"].get<double>(), 0.3);
      EXPECT_EQ(r["misrouted_fraction"], 0.0);
      if (std::string(algorithm) == "sasha") {
        ASSERT_EQ(r["accepted_packets_per_vn"].size(), 2u);
        EXPECT_EQ(per_vn_sum(r), r["packets"].get<long long>());
        for (const auto& n : r["accepted_packets_per_vn"]) EXPECT_GT(n.get<long long>(), r["packets"].get<long long>() / 10);
      }
    }
}

// Same seed, same result.json (less the timing); another seed, another.
TEST(KnsOshaRun, SameSeedSameResult) {
  for (const char* algorithm : {"osha", "sasha"}) {
    const Overrides o = test::with(kKns, {{"routing.algorithm", algorithm}, {"topology.dims", "[8, 8]"}, {"traffic.load", "0.6"}});
    const nlohmann::json a = test::run_sane(o), b = test::run_sane(o), c = test::run_sane(test::with(o, {{"sim.seed", "7"}}));
    ASSERT_FALSE(a.is_null() || b.is_null() || c.is_null());
    nlohmann::json ta = a, tb = b;
    ta.erase("simulation");
    tb.erase("simulation");
    EXPECT_EQ(ta, tb) << algorithm;
    EXPECT_NE(a["packets"], c["packets"]) << algorithm;
  }
}

// The RTL unit (OSHA's submodule, on the KNS's geometry) decides every hop as the model: zero mismatches and
// the model's results, for OSHA and SASHA, with one VC per VN and with DBBQ's bands.
TEST(KnsOshaRun, LockstepAgreesWithTheModel) {
  for (const Overrides& shape :
       {Overrides{{"routing.algorithm", "osha"}, {"traffic.load", "0.6"}},
        Overrides{{"routing.algorithm", "sasha"}, {"router.queues", "dbbq"}, {"traffic.load", "0.8"}},
        Overrides{{"routing.algorithm", "osha"}, {"topology.dims", "[3, 3, 3]"}, {"routing.osha_order", "zxy"}, {"traffic.load", "0.5"}},
        Overrides{{"routing.algorithm", "sasha"}, {"topology.p", "2"}, {"routing.sasha_metric", "xmit_wait"}, {"traffic.load", "0.7"}}}) {
    const Overrides run = test::with(test::with(kKns, shape), {{"router.rc_mode", "lockstep"}, {"sim.measure", "1500"}});
    const nlohmann::json r = test::run_sane(run);
    ASSERT_FALSE(r.is_null());
    ASSERT_TRUE(r.contains("rtl"));
    EXPECT_EQ(r["rtl"]["mismatches"], 0);
    EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
    const nlohmann::json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
    EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  }
}

// ---- Config ----

TEST(KnsOshaConfig, VcsAndErrorsNameTheKey) {
  const Overrides osha = {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "osha"}};
  const Overrides sasha = test::with(osha, {{"routing.algorithm", "sasha"}});
  EXPECT_EQ(config_error(osha), "accepted");
  EXPECT_EQ(config_error(sasha), "accepted");
  EXPECT_EQ(load_config("", osha).link("network").vcs, 2);
  EXPECT_EQ(load_config("", osha).links[0].vcs, 1);
  EXPECT_EQ(load_config("", sasha).links[0].vcs, 2);
  const auto starts = [](const Overrides& o, const std::string& key) {
    const std::string e = config_error(o);
    EXPECT_EQ(e.rfind("config error: " + key + ": ", 0), 0u) << e;
  };
  starts(test::with(osha, {{"routing.vns", "2"}}), "routing.vns");
  starts(test::with(sasha, {{"routing.vns", "2"}}), "routing.vns");
  starts(test::with(osha, {{"topology.dims", "[4]"}}), "topology.dims");
  starts(test::with(sasha, {{"topology.dims", "[4]"}}), "topology.dims");
  starts(test::with(osha, {{"routing.osha_order", "xyz"}}), "routing.osha_order");
  starts(test::with(osha, {{"router.vcs.network", "1"}}), "router.vcs.network");
  for (const char* mode : {"rtl", "lockstep"}) EXPECT_EQ(config_error(test::with(sasha, {{"router.rc_mode", mode}})), "accepted");
}

}  // namespace

// Band-based queues (router.queues bbq and dbbq; seed 001 Eq. 1-3; issue 28): the band of hand-computed
// destinations under each formula (the seed's 16-node KNS, a size its bands do not divide, several nodes per
// router), the VC each packet takes at its NIC and at every hop of a run, one band being the VC scheme
// exactly, conservation and the deadlock check under bands, and the configs refused naming their key.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "platform_writer.h"
#include "router/common/band_map.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "testbench/network.h"
#include "testbench/platform.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using test::config_error;
using nlohmann::json;

namespace {

// ---- The band of a destination, by hand ----

BandMap map(int count, int nodes, int columns = 1, int nodes_per_router = 1) {
  BandMap m;
  m.count = count;
  m.nodes = nodes;
  m.by_column = columns > 1;
  m.columns = columns;
  m.nodes_per_router = nodes_per_router;
  return m;
}

// Eq. 1, floor(dst * Q / N): 4 bands of 64 nodes are 16 consecutive nodes each; the VN does not matter.
TEST(BandMap, BbqIsEquationOneWithFloorDivision) {
  const BandMap m = map(4, 64);
  const std::map<int, int> expected = {{0, 0}, {15, 0}, {16, 1}, {31, 1}, {32, 2}, {47, 2}, {48, 3}, {63, 3}};
  for (const auto& [dst, band] : expected) {
    EXPECT_EQ(m.band(static_cast<std::uint32_t>(dst), 0), band) << dst;
    EXPECT_EQ(m.band(static_cast<std::uint32_t>(dst), 1), band) << dst;
  }
  // Seed 001's configuration #1 (2,304 nodes), 2 bands: the first 1,152 nodes and the rest.
  const BandMap big = map(2, 2304);
  EXPECT_EQ(big.band(1151, 0), 0);
  EXPECT_EQ(big.band(1152, 0), 1);
}

// The seed's 16-node 2D KNS (k = 4) with 2 queues per VN (§3.3): VN 1 (Eq. 2) bands rows 0-1 and 2-3, VN 2
// (Eq. 3) columns 0-1 and 2-3; node IDs x + 4 y.
TEST(BandMap, DbbqBandsRowsInTheFirstVnAndColumnsInTheSecond) {
  const BandMap m = map(2, 16, 4);
  for (int dst = 0; dst < 16; ++dst) {
    const int x = dst % 4, y = dst / 4;
    EXPECT_EQ(m.band(static_cast<std::uint32_t>(dst), 0), y / 2) << dst;
    EXPECT_EQ(m.band(static_cast<std::uint32_t>(dst), 1), x / 2) << dst;
  }
}

// k = 5, 2 bands: Eq. 2 taken literally is not a function of the row (the spec's example): in row 2 (nodes
// 10-14) floor(dst * 2 / 25) is 0 for 10, 11, 12 and 1 for 13, 14.
TEST(BandMap, DbbqIsTheLiteralFormulaWhenTheBandsDoNotDivideTheRows) {
  const BandMap m = map(2, 25, 5);
  const std::vector<int> row_two = {0, 0, 0, 1, 1};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(m.band(static_cast<std::uint32_t>(10 + i), 0), row_two[i]) << 10 + i;
  // Eq. 3: columns 0, 1, 2 -> floor(c * 2 / 5) = 0, 0, 0; columns 3, 4 -> 1.
  const std::vector<int> columns = {0, 0, 0, 1, 1};
  for (int c = 0; c < 5; ++c) EXPECT_EQ(m.band(static_cast<std::uint32_t>(15 + c), 1), columns[c]) << c;
}

// Two nodes per router on a 4-wide grid: the column is the router's, dst / 2 % 4.
TEST(BandMap, TheColumnIsTheRoutersWithSeveralNodesPerRouter) {
  const BandMap m = map(2, 32, 4, 2);
  const std::map<int, int> expected = {{0, 0}, {3, 0}, {4, 1}, {7, 1}, {8, 0}, {13, 1}, {31, 1}};
  for (const auto& [dst, band] : expected) EXPECT_EQ(m.band(static_cast<std::uint32_t>(dst), 1), band) << dst;
}

// ---- The VC of each packet in a run ----

// The phits each VC of each input port took after node 0's eight writes to `dst`, by (router, port).
using PortPhits = test::PortCounts;

PortPhits run_writes(const Overrides& o, int dst) { return test::queue_counts_after_writes(o, dst, &InputVc::phits_in); }

// The VCs of `port` that took phits.
std::vector<int> used(const PortPhits& phits, int router, int port) {
  std::vector<int> vcs;
  const std::vector<std::uint64_t>& p = phits.at({router, port});
  for (std::size_t vc = 0; vc < p.size(); ++vc)
    if (p[vc]) vcs.push_back(static_cast<int>(vc));
  return vcs;
}

Overrides mesh4(const char* routing, const char* queues) {
  return {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", routing}, {"router.queues", queues}};
}

// bbq, 2 bands on a 4 x 4 mesh with DOR (one VC, so two): node 12 is in band floor(12 * 2 / 16) = 1, node 3 in
// band 0. Every request to 12 goes into injection VC 1 and takes VC 1 at each of its three hops (0 -> 4 -> 8
// -> 12); those to 3 take VC 0.
TEST(BandRun, BbqPacketsTakeTheirDestinationsBandAtTheNicAndEveryHop) {
  const Config c = load_config("", mesh4("dor", "bbq"));
  EXPECT_EQ(c.link("network").vcs, 2);
  EXPECT_EQ(c.link("terminal").vcs, 2);
  const std::unique_ptr<Topology> t = make_topology(c);
  const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *t);
  for (const auto& [dst, band] : std::map<int, int>{{12, 1}, {3, 0}}) {
    const PortPhits phits = run_writes(mesh4("dor", "bbq"), dst);
    ASSERT_FALSE(phits.empty());
    const PortEnd source = t->nic_port(0, 0);
    EXPECT_EQ(used(phits, source.router, source.port), std::vector<int>{band}) << "injection, dst " << dst;
    const std::vector<test::Hop> hops = test::walk(*t, *routing, source.router, dst);
    ASSERT_EQ(hops.size(), 3u);
    for (const test::Hop& h : hops) {
      const PortEnd e = t->peer(h.router, h.port);
      EXPECT_EQ(used(phits, e.router, e.port), std::vector<int>{band}) << "router " << e.router << ", dst " << dst;
    }
  }
}

// dbbq with OSHA (its two VNs, one VC each on a mesh, so 4 network VCs): the source alternates its packets
// between the VNs. Node 9 (x 1, y 2) is in row band floor(9 * 2 / 16) = 1 (VN 0: VC 0 * 2 + 1 = 1) and column
// band floor(1 * 2 / 4) = 0 (VN 1: VC 1 * 2 + 0 = 2). VN 0 goes x first (0 -> 1 -> 5 -> 9), VN 1 y first
// (0 -> 4 -> 8 -> 9). At the NIC the VN is not chosen yet (OSHA picks it at the source router): the
// injection VC is VN 0's band, 1.
TEST(BandRun, DbbqPacketsTakeTheirVnsBandAtEveryHop) {
  const Overrides o = mesh4("osha", "dbbq");
  const Config c = load_config("", o);
  EXPECT_EQ(c.link("network").vcs, 4);
  const std::unique_ptr<Topology> t = make_topology(c);
  const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *t);
  const auto& osha = dynamic_cast<const OshaRouting&>(*routing);
  const PortPhits phits = run_writes(o, 9);
  ASSERT_FALSE(phits.empty());
  const PortEnd source = t->nic_port(0, 0);
  EXPECT_EQ(used(phits, source.router, source.port), std::vector<int>{1});
  for (int vn = 0; vn < 2; ++vn) {
    const std::vector<test::Hop> hops = test::walk(*t, *osha.on_vn(vn), source.router, 9);
    ASSERT_EQ(hops.size(), 3u);
    for (const test::Hop& h : hops) {
      const PortEnd e = t->peer(h.router, h.port);
      EXPECT_EQ(used(phits, e.router, e.port), std::vector<int>{vn == 0 ? 1 : 2}) << "VN " << vn << ", router " << e.router;
    }
  }
}

// The seed's Fig. 4 argument, on its 16-node example size (a 4 x 4 mesh, OSHA, 2 bands per VN): a packet of
// the second VN (YX) moves along X only in its destination's row, so at every X-direction input port (24:
// 6 per row) BBQ's row bands put all of that VN's packets into one queue. DBBQ bands them by destination
// column (0-1, 2-3): an input port whose packets go on to both column bands keeps them apart. By hand, per
// row: eastward into x = 1 (destinations x = 1..3) and westward into x = 2 (x = 0..2); the other four see
// one band only. So DBBQ uses both queues at 8 ports, where BBQ mixes the two bands' packets in one.
// Uniform traffic; phits per VC of every X-direction input port after the run: "<both used> <one used>".
std::string second_vn_queues_at_x_ports(const char* queues) {
  return test::in_child([&]() -> std::string {
    const Config c = load_config("", test::with(mesh4("osha", queues), {{"traffic.pattern", "un"}, {"traffic.load", "0.15"},
                                                                         {"sim.warmup", "0"}, {"sim.measure", "4000"}}));
    Network net("net", c);
    sc_core::sc_start(cycles_to_time(c.warmup + c.measure));  // the NICs generate for ever: run the window only
    const Topology& t = net.topology();
    std::string out;
    int both = 0, one = 0;
    for (int r = 0; r < t.routers(); ++r)
      for (int p = 0; p < t.radix(r); ++p) {
        if (t.port_class(r, p) == 0) continue;
        const PortEnd e = t.peer(r, p);
        if (e.router / 4 != r / 4) continue;  // a Y link: the rows differ
        Router& router = net.router(e.router);
        const auto phits = [&](int vc) { return router.inputs().vc(router.inputs().vc_index(e.port, vc)).phits_in; };
        if (phits(2) + phits(3) == 0) out += "no VN 1 traffic into router " + std::to_string(e.router) + "; ";
        (phits(2) && phits(3) ? both : one) += 1;
      }
    return out + std::to_string(both) + " " + std::to_string(one);
  });
}

TEST(BandRun, DbbqSeparatesTheSecondVnsColumnBandsWhereBbqMixesThem) {
  const std::string bbq = second_vn_queues_at_x_ports("bbq");
  EXPECT_EQ(bbq, "0 24") << "every X input port of the 4 x 4 mesh (24) holds VN 1 in one band under BBQ";
  const std::string dbbq = second_vn_queues_at_x_ports("dbbq");
  EXPECT_EQ(dbbq, "8 16") << "and in both under DBBQ where both column bands pass";
}

// ---- Runs ----

json without_queues(json r) {
  r.erase("simulation");
  r["config"]["router"].erase("queues");
  r["config"]["router"].erase("bands");
  return r;
}

// One band per VC is the VC scheme: the same VCs, the same choices, the same result.
TEST(BandRun, OneBandIsTheVcSchemeExactly) {
  const Overrides run = {{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"traffic.pattern", "un"},
                         {"traffic.load", "0.6"}, {"sim.warmup", "500"}, {"sim.measure", "1500"}};
  const json vc = test::run_sane(run);
  const json bbq = test::run_sane(test::with(run, {{"router.queues", "bbq"}, {"router.bands", "1"}}));
  ASSERT_FALSE(vc.is_null());
  ASSERT_FALSE(bbq.is_null());
  EXPECT_EQ(without_queues(vc), without_queues(bbq));
}

// Conservation (run_sane) and the deadlock check (a run refuses a network it finds cyclic) under bands, on
// every topology family, loaded past saturation; the bands multiply the routing's VCs.
TEST(BandRun, ConservationOnEveryFamilyUnderBands) {
  const std::vector<Overrides> cases = {
      test::with(mesh4("osha", "dbbq"), {{"traffic.pattern", "hotspot"}}),
      {{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "osha"}, {"router.queues", "dbbq"}},
      {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "hybrid_dor"}, {"routing.vns", "2"},
       {"router.queues", "dbbq"}},
      {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "valiant"},
       {"router.queues", "bbq"}, {"router.bands", "3"}},
      {{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"router.queues", "bbq"}, {"routing.vns", "2"}},
  };
  for (const Overrides& o : cases) {
    const json r = test::run_sane(test::with({{"traffic.load", "0.9"}, {"sim.warmup", "500"}, {"sim.measure", "1500"}}, o));
    ASSERT_FALSE(r.is_null()) << o.begin()->second;
    EXPECT_GT(r["accepted_load"].get<double>(), 0.1) << r["config"]["topology"];
  }
  const Config kns = load_config("", cases[2]);
  EXPECT_EQ(kns.link("network").vcs, 4);  // hybrid_dor's 1, times 2 VNs, times 2 bands
}

// ---- The RTL queue select in the loop ----

// In lockstep every band the VA stage takes is the RTL queue select's (rtl/hiradix_band_select.v) and the
// model's, compared: no mismatch, and the model's, the RTL's and the lockstep run's results are the same.
class BandLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(BandLockstep, ZeroMismatchesAndTheModelsResults) {
  const Overrides run = test::with({{"sim.warmup", "1000"}, {"sim.measure", "2000"}, {"traffic.pattern", "un"},
                                    {"traffic.load", "0.6"}, {"router.rc_mode", "lockstep"}},
                                   GetParam());
  const json r = test::run_sane(run);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["rtl"]["mismatches"], 0);
  EXPECT_GT(r["rtl"]["band_selects"].get<long long>(), 1000);
  const json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
  const json rtl = test::simulate(test::with(run, {{"router.rc_mode", "rtl"}}));
  EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  EXPECT_EQ(test::without_rc_mode(rtl), test::without_rc_mode(model));
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, BandLockstep,
    ::testing::Values(test::with(mesh4("osha", "dbbq"), {{"router.bands", "3"}}),
                      Overrides{{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "hybrid_dor"},
                                {"routing.vns", "2"}, {"router.queues", "dbbq"}},
                      Overrides{{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"router.queues", "bbq"}, {"router.bands", "3"}}));

// ---- Config ----

TEST(BandConfig, BadValuesNameTheirKey) {
  const auto starts = [](const std::string& e, const std::string& prefix) { return e.rfind(prefix, 0) == 0; };
  const std::string one_vn = config_error(mesh4("dor", "dbbq"));
  EXPECT_TRUE(starts(one_vn, "config error: router.queues: dbbq bands two virtual networks")) << one_vn;
  const std::string no_grid = config_error({{"router.queues", "dbbq"}, {"routing.vns", "2"}});
  EXPECT_TRUE(starts(no_grid, "config error: router.queues: dbbq bands its second virtual network by the column")) << no_grid;
  const std::string bands = config_error({{"router.bands", "4"}});
  EXPECT_TRUE(starts(bands, "config error: router.bands: is read only by router.queues bbq and dbbq")) << bands;
  const std::string odd = config_error(test::with(mesh4("dor", "bbq"), {{"router.vcs.network", "3"}}));
  EXPECT_TRUE(starts(odd, "config error: router.vcs.network: must be a multiple of router.bands = 2")) << odd;
  const std::string many = config_error({{"router.queues", "bbq"}, {"router.bands", "32"}, {"routing.algorithm", "valiant"}});
  EXPECT_TRUE(starts(many, "config error: router.vcs.local: ")) << many;
  EXPECT_NE(many.find("more than the 64 a port has"), std::string::npos) << many;
  const std::string olm = config_error({{"router.queues", "bbq"}, {"routing.algorithm", "olm"}});
  EXPECT_TRUE(starts(olm, "config error: router.queues: routing.algorithm olm reads ")) << olm;
  const std::string fogsim = config_error({{"router.queues", "bbq"}, {"nic.injection_vc", "destination"}});
  EXPECT_TRUE(starts(fogsim, "config error: nic.injection_vc: ")) << fogsim;
  EXPECT_EQ(config_error({{"router.queues", "bbq"}, {"router.bands", "4"}}), "accepted");
}

}  // namespace

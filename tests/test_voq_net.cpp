// Per-destination queues (router.queues voq_net, seed 001's VOQnet; issue 28): the queue each packet takes at
// its NIC and at every hop (its destination's, in its VC), the cold flows of a hot spot against one queue of
// the same space, the NIC passing a packet whose queue is full, conservation and the deadlock check on every
// topology family, lockstep with the RTL routing unit, and the configs refused naming their key.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "platform_writer.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "topology/topology_registry.h"
#include "topology_helpers.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;

namespace {

Overrides mesh4(const char* routing) {
  return {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", routing}, {"router.queues", "voq_net"}};
}

// The VCs of (router, port) that took phits after node 0's eight writes to `dst`.
std::vector<int> used(const test::PortCounts& phits, int router, int port) {
  std::vector<int> vcs;
  const std::vector<std::uint64_t>& p = phits.at({router, port});
  for (std::size_t vc = 0; vc < p.size(); ++vc)
    if (p[vc]) vcs.push_back(static_cast<int>(vc));
  return vcs;
}

// ---- The queue of each packet ----

// DOR on a 4 x 4 mesh has one VC, so 16 queues per port, one per node: every write to node 12 goes into
// queue 12 at the NIC and at each of its three hops (0 -> 4 -> 8 -> 12), every write to node 3 into queue 3
// (0 -> 1 -> 2 -> 3).
TEST(VoqNetRun, EachPacketTakesItsDestinationsQueueAtTheNicAndEveryHop) {
  const Config c = load_config("", mesh4("dor"));
  EXPECT_EQ(c.link("network").vcs, 16);
  EXPECT_EQ(c.link("terminal").vcs, 16);
  const std::unique_ptr<Topology> t = make_topology(c);
  const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *t);
  for (const int dst : {12, 3}) {
    const test::PortCounts phits = test::queue_counts_after_writes(mesh4("dor"), dst, &InputVc::phits_in);
    ASSERT_FALSE(phits.empty());
    const PortEnd source = t->nic_port(0, 0);
    EXPECT_EQ(used(phits, source.router, source.port), std::vector<int>{dst}) << "injection";
    const std::vector<test::Hop> hops = test::walk(*t, *routing, source.router, dst);
    ASSERT_EQ(hops.size(), 3u);
    for (const test::Hop& h : hops) {
      const PortEnd e = t->peer(h.router, h.port);
      EXPECT_EQ(used(phits, e.router, e.port), std::vector<int>{dst}) << "router " << e.router << ", dst " << dst;
    }
  }
}

// OSHA's two VNs (one VC each on a mesh) are 2 x 16 queues: a packet to node 9 in VN 0 (x first: 0 -> 1 -> 5
// -> 9) takes queue 0 * 16 + 9 = 9, in VN 1 (y first: 0 -> 4 -> 8 -> 9) queue 1 * 16 + 9 = 25. The source
// alternates its packets between the VNs; at the NIC the VN is not chosen yet (OSHA picks it at the source
// router), so the injection queue is VN 0's, 9.
TEST(VoqNetRun, EachVnHasAQueuePerDestination) {
  const Config c = load_config("", mesh4("osha"));
  EXPECT_EQ(c.link("network").vcs, 32);
  const std::unique_ptr<Topology> t = make_topology(c);
  const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *t);
  const auto& osha = dynamic_cast<const OshaRouting&>(*routing);
  const test::PortCounts phits = test::queue_counts_after_writes(mesh4("osha"), 9, &InputVc::phits_in);
  ASSERT_FALSE(phits.empty());
  const PortEnd source = t->nic_port(0, 0);
  EXPECT_EQ(used(phits, source.router, source.port), std::vector<int>{9});
  for (int vn = 0; vn < 2; ++vn) {
    const std::vector<test::Hop> hops = test::walk(*t, *osha.on_vn(vn), source.router, 9);
    ASSERT_EQ(hops.size(), 3u);
    for (const test::Hop& h : hops) {
      const PortEnd e = t->peer(h.router, h.port);
      EXPECT_EQ(used(phits, e.router, e.port), std::vector<int>{vn * 16 + 9}) << "VN " << vn << ", router " << e.router;
    }
  }
}

// ---- Head-of-line blocking ----

// Seed 001's hot spot on an 8 x 8 mesh with DOR: a quarter of the other nodes send only to node 27 (hot
// sources); the cold flows offer 48 / 64 x load. One queue per port (vc) holds cold packets behind hot ones
// at every router on the hot tree; a queue per destination never does. The same space per port: 512 phits,
// one queue of 64 packets (vc) or 64 queues of one packet (voq_net). cold_accepted_load at load 0.5 over
// seeds 1-5: vc 0.120 / 0.156 / 0.145 / 0.180 / 0.192, voq_net 0.350 / 0.342 / 0.344 / 0.342 / 0.340 (0.91
// to 0.93 of the 0.375 offered); asserted at seed 1, below every seed's margin (1.77 times at least).
TEST(VoqNetHeadOfLine, TheColdFlowsOfAHotSpotGetAlmostAllTheyOffer) {
  const Overrides hot = {{"topology.type", "mesh"},        {"topology.dims", "[8, 8]"},        {"routing.algorithm", "dor"},
                         {"traffic.pattern", "hotspot"},   {"traffic.hotspot_mode", "sources"}, {"traffic.hotspot_nodes", "[27]"},
                         {"traffic.load", "0.5"},          {"sim.warmup", "2000"},              {"sim.measure", "5000"}};
  const json one = test::run_sane(test::with(hot, {{"router.buffers.network", "512"}, {"router.buffers.injection", "512"}}));
  const json per_destination = test::run_sane(
      test::with(hot, {{"router.queues", "voq_net"}, {"router.buffers.network", "8"}, {"router.buffers.injection", "8"}}));
  ASSERT_FALSE(one.is_null() || per_destination.is_null());
  const auto cold = [](const json& r) { return r["hotspot"]["cold_accepted_load"].get<double>(); };
  EXPECT_GT(cold(per_destination), 0.85 * 0.375);
  EXPECT_GT(cold(per_destination), 1.5 * cold(one));
  for (const json* r : {&one, &per_destination}) EXPECT_NEAR((*r)["hotspot"]["hot_accepted_load"].get<double>(), 1.0 / 64, 0.001);
}

// Every source sends a quarter of its packets to node 27 (hotspot_mode packets): the NIC's waiting packets
// are then the destinations' admittance queues, and a cold packet passes a hot one whose queue is full. The
// cold flows offer 0.75 x 0.3 = 0.225; voq_net carries 0.221 to 0.226 of it over seeds 1-5, vc 0.050 to 0.054
// (each NIC's one queue waits behind its hot packets, which leave at the hot node's pace).
TEST(VoqNetHeadOfLine, TheNicPassesAPacketWhoseQueueIsFull) {
  const Overrides hot = {{"topology.type", "mesh"},       {"topology.dims", "[8, 8]"},          {"routing.algorithm", "dor"},
                         {"traffic.pattern", "hotspot"},  {"traffic.hotspot_fraction", "0.25"}, {"traffic.hotspot_nodes", "[27]"},
                         {"traffic.load", "0.3"},         {"sim.warmup", "2000"},               {"sim.measure", "5000"}};
  const json one = test::run_sane(hot);
  const json per_destination = test::run_sane(test::with(hot, {{"router.queues", "voq_net"}}));
  ASSERT_FALSE(one.is_null() || per_destination.is_null());
  const auto cold = [](const json& r) { return r["hotspot"]["cold_accepted_load"].get<double>(); };
  EXPECT_GT(cold(per_destination), 0.95 * 0.225);
  EXPECT_GT(cold(per_destination), 3 * cold(one));
}

// ---- Runs ----

// Conservation (run_sane) and the deadlock check (a run refuses a network it finds cyclic: per-destination
// queues are disjoint copies of the routing's VCs) on every topology family, loaded past saturation.
TEST(VoqNetRun, ConservationOnEveryFamily) {
  const std::vector<Overrides> cases = {
      test::with(mesh4("osha"), {{"traffic.pattern", "hotspot"}}),
      {{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"}, {"router.queues", "voq_net"}},
      {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "hybrid_dor"}, {"routing.vns", "2"},
       {"router.queues", "voq_net"}},
      {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "1"},
       {"routing.algorithm", "valiant"}, {"router.queues", "voq_net"}},
      {{"topology.h", "1"}, {"routing.algorithm", "ugal"}, {"routing.source_decision", "once"}, {"router.queues", "voq_net"}},
  };
  for (const Overrides& o : cases) {
    const json r = test::run_sane(test::with({{"traffic.load", "0.9"}, {"sim.warmup", "500"}, {"sim.measure", "1500"}}, o));
    ASSERT_FALSE(r.is_null()) << o.begin()->second;
    EXPECT_GT(r["accepted_load"].get<double>(), 0.1) << r["config"]["topology"];
  }
  EXPECT_EQ(load_config("", cases[1]).link("network").vcs, 32);  // the dateline pair, times 16 nodes
}

// With the RTL routing unit deciding (lockstep): no mismatch and the model's result. The queue is the
// destination's number, so there is no RTL select to compare (rtl.band_selects stays 0).
TEST(VoqNetRun, LockstepWithTheRtlRoutingUnit) {
  const Overrides run = {{"topology.type", "kns"},   {"topology.dims", "[4, 4]"}, {"routing.algorithm", "hybrid_dor"},
                         {"routing.vns", "2"},       {"router.queues", "voq_net"}, {"traffic.load", "0.6"},
                         {"sim.warmup", "1000"},     {"sim.measure", "2000"},      {"router.rc_mode", "lockstep"}};
  const json r = test::run_sane(run);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["rtl"]["mismatches"], 0);
  EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
  EXPECT_EQ(r["rtl"].value("band_selects", 0), 0);
  const json model = test::simulate(test::with(run, {{"router.rc_mode", "model"}}));
  EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
}

// ---- Config ----

TEST(VoqNetConfig, BadValuesNameTheirKey) {
  const auto starts = [](const std::string& e, const std::string& prefix) { return e.rfind(prefix, 0) == 0; };
  const Overrides mesh8 = {{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"router.queues", "voq_net"}};
  EXPECT_EQ(config_error(test::with(mesh8, {{"routing.algorithm", "dor"}})), "accepted");  // 64 x 1 = 64 queues
  const std::string two_vns = config_error(test::with(mesh8, {{"routing.algorithm", "osha"}}));
  EXPECT_EQ(two_vns, "config error: router.voq_max_queues: router.queues voq_net needs a queue per destination in each of "
                     "the 2 network VCs: 64 nodes x 2 = 128 queues per port, more than router.voq_max_queues = 64 (a queue "
                     "per destination grows with the network, as seed 001 says of VOQnet): a smaller network or fewer VCs");
  const std::string budget = config_error(test::with(mesh8, {{"routing.algorithm", "dor"}, {"router.voq_max_queues", "32"}}));
  EXPECT_TRUE(starts(budget, "config error: router.voq_max_queues: ")) << budget;
  EXPECT_NE(budget.find("or raise the key (at most 64)"), std::string::npos) << budget;
  const std::string elsewhere = config_error({{"router.voq_max_queues", "32"}});
  EXPECT_EQ(elsewhere, "config error: router.voq_max_queues: is read only by router.queues voq_net; router.queues is vc");
  const std::string bands = config_error(test::with(mesh4("dor"), {{"router.bands", "4"}}));
  EXPECT_TRUE(starts(bands, "config error: router.bands: is read only by router.queues bbq and dbbq")) << bands;
  const std::string odd = config_error(test::with(mesh4("dor"), {{"router.vcs.network", "24"}}));
  EXPECT_TRUE(starts(odd, "config error: router.vcs.network: must be a multiple of 16 destinations of router.queues voq_net")) << odd;
  const std::string olm = config_error({{"topology.h", "1"}, {"router.queues", "voq_net"}, {"routing.algorithm", "olm"}});
  EXPECT_TRUE(starts(olm, "config error: router.queues: routing.algorithm olm reads ")) << olm;
  EXPECT_NE(olm.find("per-destination queues"), std::string::npos) << olm;
  const std::string fogsim = config_error(test::with(mesh4("dor"), {{"nic.injection_vc", "destination"}}));
  EXPECT_TRUE(starts(fogsim, "config error: nic.injection_vc: destination picks the injection VC by destination, as "
                             "router.queues voq_net does already")) << fogsim;
}

}  // namespace

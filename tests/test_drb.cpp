// DRB and PR-DRB (routing.algorithm drb, prdrb; seed 004; issue 30): the routing's three DOR segments through
// the header's waypoints by hand, its deadlock check, the source's MetaPath controller by hand (candidates,
// Eq. 8's shares, opening and closing by the thresholds, PR-DRB's database), and runs: the routers' waits in
// the header equal each packet's latency beyond the zero-load formula (an idle network's latencies are that
// formula exactly), every delivered packet is acknowledged and every ACK accounted for, events = polling,
// and bad configs name their key.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "config/config.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/drb_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "testbench/metapath.h"
#include "topology/mesh.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::unique_ptr<RoutingAlgorithm> drb_on(const Mesh& mesh, const char* algorithm = "drb") {
  RoutingOptions o;
  o.algorithm = algorithm;
  return make_routing(o, mesh);
}

struct Step {
  int router, vc;
};

// The routers a packet from node `src` to node `dst` with waypoints (in1, in2) leaves, each with its VC,
// following route() over the mesh's links from its injection.
std::vector<Step> walk(const Mesh& mesh, const RoutingAlgorithm& r, int src, int dst, int in1, int in2) {
  Packet pkt;
  pkt.src = static_cast<std::uint32_t>(src);
  pkt.dst = static_cast<std::uint32_t>(dst);
  pkt.route.intermediate = pack_waypoints(in1, in2);
  pkt.route.phase = 0;
  RoutingContext ctx;
  ctx.router = mesh.nic_port(src, 0).router;
  ctx.in_port = 0;
  std::vector<Step> steps;
  for (int hop = 0; hop < 64; ++hop) {
    const RoutingDecision d = r.route(ctx, pkt);
    if (mesh.port_class(ctx.router, d.out_port) == 0) {
      EXPECT_EQ(ctx.router, mesh.nic_port(dst, 0).router);
      return steps;
    }
    steps.push_back({ctx.router, d.out_vc});
    const PortEnd next = mesh.peer(ctx.router, d.out_port);
    ctx.router = next.router;
    ctx.in_port = next.port;
  }
  ADD_FAILURE() << "no ejection within 64 hops";
  return steps;
}

std::string text(const std::vector<Step>& steps) {
  std::string s;
  for (const Step& st : steps) s += std::to_string(st.router) + ":" + std::to_string(st.vc) + " ";
  return s;
}

}  // namespace

// ---- The routing ----

// On a 4 x 4 mesh (router = x + 4 y), 0 -> 15 through IN1 = 5 and IN2 = 10: XY to 5 on VC 0 (0, 1), XY to 10
// on VC 1 (5, 6), XY to 15 on VC 2 (10, 11). A waypoint where the packet is is passed at once: the original
// path (IN1 = source router, IN2 = destination router) is plain XY on segment 1's VC, and through 12 twice
// the packet goes on to the destination from 12 on segment 2's.
TEST(DrbRouting, SegmentsFollowTheWaypointsByHand) {
  const Mesh mesh({4, 4}, 1, false);
  const auto r = drb_on(mesh);
  EXPECT_EQ(text(walk(mesh, *r, 0, 15, 5, 10)), "0:0 1:0 5:1 6:1 10:2 11:2 ");
  EXPECT_EQ(text(walk(mesh, *r, 0, 15, 0, 15)), "0:1 1:1 2:1 3:1 7:1 11:1 ");
  EXPECT_EQ(text(walk(mesh, *r, 0, 15, 12, 12)), "0:0 4:0 8:0 12:2 13:2 14:2 ");  // IN2 = IN1: straight on
  EXPECT_EQ(r->vcs_needed()[1], 3);
  const Mesh torus({4, 4}, 1, true);
  EXPECT_EQ(drb_on(torus)->vcs_needed()[1], 6);  // a dateline pair per segment
}

// Every segment is DOR on its own VCs and segments only grow: no cycle on meshes and tori, and the reduced
// graph (segments and every join) holds every dependency of the paths through every pair of waypoints.
TEST(DrbRouting, NoDeadlockAndTheReducedGraphCoversEveryPath) {
  for (const bool torus : {false, true}) {
    const Mesh mesh({4, 3}, 1, torus);
    const auto r = drb_on(mesh);
    std::vector<int> vcs = {1, r->vcs_needed()[1]};
    const DeadlockAnalysis a = analyse_deadlock(mesh, *r, vcs);
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << a.cycle;
    const ChannelGraph full = channel_dependencies(mesh, *r, vcs, CdgMethod::kFull);
    const ChannelGraph reduced = channel_dependencies(mesh, *r, vcs, CdgMethod::kReduced);
    EXPECT_TRUE(reduced.contains(full)) << (torus ? "torus" : "mesh");
    EXPECT_TRUE(full.find_cycle().empty());
    EXPECT_GT(full.edges(), 0u);
  }
}

// ---- The source's MetaPath controller ----

namespace {

MetaPathParams params(bool predictive = false) {
  MetaPathParams p;
  p.high = 150;
  p.low = 115;
  p.max_paths = 4;
  p.supernode = 1;
  p.predictive = predictive;
  p.flows = 2;
  p.solutions = 4;
  return p;
}

constexpr PathTiming kTiming{5, 1, 10};  // the default mesh's: 5-cycle routers, 1- and 10-cycle links
constexpr int kPacket = 8;

PathHeader ack(std::uint32_t msp, double latency, std::vector<ContendingFlow> flows = {}) {
  PathHeader h;
  h.msp = msp;
  h.latency = static_cast<std::uint32_t>(latency);
  for (const ContendingFlow& f : flows) h.flow[h.flows++] = f;
  return h;
}

double zero(int hops) { return static_cast<double>(kTiming.latency(hops, kPacket)); }

}  // namespace

// Node 0 -> node 15 of a 4 x 4 mesh, supernodes of radius 1: IN1 in {0, 1, 4}, IN2 in {15, 14, 11}; the XY path
// visits 0, 1, 2, 3, 7, 11, 15, so (0, 15), (0, 11), (1, 15), (1, 11) are the original path and skipped; the
// other five pairs all make 6-hop MSPs (Eq. 1), taken by IN1 then IN2: (0, 14), (1, 14), (4, 11), (4, 14), (4, 15).
// Each opens when L(MP) exceeds 150 % of L0(MP), one at a time (not again before the newest has had an ACK).
TEST(MetaPath, OpensTheCandidatesInOrderOneAtATime) {
  const Mesh mesh({4, 4}, 1, false);
  MetaPathSource m(params(), kTiming, kPacket, mesh, 0, 1);
  bool original = false;
  const std::uint32_t p0 = m.choose(15, original);
  EXPECT_TRUE(original);
  EXPECT_EQ(p0, pack_waypoints(0, 15));
  m.acknowledge(15, ack(p0, 1.4 * zero(6)));  // 140 %: nothing
  EXPECT_EQ(m.paths(15).size(), 1u);
  m.acknowledge(15, ack(p0, 166));  // 166 / 104 = 160 %: the first candidate
  ASSERT_EQ(m.paths(15).size(), 2u);
  EXPECT_EQ(m.paths(15)[1].first, pack_waypoints(0, 14));
  EXPECT_DOUBLE_EQ(m.paths(15)[1].second, 166.0);  // its zero-load latency (104) times the MetaPath's ratio
  m.acknowledge(15, ack(p0, 3 * zero(6)));  // the new path has had no ACK yet: no second opening
  EXPECT_EQ(m.paths(15).size(), 2u);
  m.acknowledge(15, ack(pack_waypoints(0, 14), 3 * zero(6)));  // both at 300 %: the next one
  ASSERT_EQ(m.paths(15).size(), 3u);
  EXPECT_EQ(m.paths(15)[2].first, pack_waypoints(1, 14));
  EXPECT_EQ(m.counts().opened, 2u);
  // (1, 14) starts at 312 (300 %). p0 at 104: 3 / (1 + 1/3 + 1/3) = 180 %, but (1, 14) has had no ACK; (1, 14)
  // at 104: 3 / (1 + 1 + 1/3) = 129 %, between the thresholds; (0, 14) at 124: 3 / (2 + 104/124) = 106 %, below
  // 115 %: the slowest path other than the original, (0, 14), closes.
  m.acknowledge(15, ack(p0, zero(6)));
  EXPECT_EQ(m.paths(15).size(), 3u);
  m.acknowledge(15, ack(pack_waypoints(1, 14), zero(6)));
  EXPECT_EQ(m.paths(15).size(), 3u);
  m.acknowledge(15, ack(pack_waypoints(0, 14), 124));
  ASSERT_EQ(m.paths(15).size(), 2u);
  EXPECT_EQ(m.paths(15)[1].first, pack_waypoints(1, 14));  // (0, 14) was the slowest
  EXPECT_EQ(m.counts().closed, 1u);
}

// Eq. 8: two paths of latencies 100 and 300 take 3/4 and 1/4 of the messages; over 40,000 draws each share is
// within 5 standard deviations (0.011) of that.
TEST(MetaPath, SpreadsMessagesInInverseProportionToLatency) {
  const Mesh mesh({4, 4}, 1, false);
  MetaPathSource m(params(), kTiming, kPacket, mesh, 0, 7);
  bool original = false;
  m.choose(15, original);
  m.acknowledge(15, ack(pack_waypoints(0, 15), 2 * zero(6)));  // opens (0, 14), at 208
  m.acknowledge(15, ack(pack_waypoints(0, 15), 100));  // 130 %
  m.acknowledge(15, ack(pack_waypoints(0, 14), 300));  // 144 %: nothing opens or closes
  ASSERT_EQ(m.paths(15).size(), 2u);
  int on_original = 0;
  constexpr int kDraws = 40000;
  for (int i = 0; i < kDraws; ++i) {
    m.choose(15, original);
    on_original += original;
  }
  EXPECT_NEAR(static_cast<double>(on_original) / kDraws, 0.75, 5 * std::sqrt(0.75 * 0.25 / kDraws));
}

// PR-DRB: a congestion reported with flows {(3, 12)} grows the MetaPath; when it contracts the paths are saved
// under that pattern; a later congestion whose flows share (3, 12) installs them at once (a database hit),
// one whose flows share none finds nothing (a miss) and opens one path as DRB does.
TEST(MetaPath, PredictiveSavesOnContractionAndInstallsOnRecurrence) {
  const Mesh mesh({4, 4}, 1, false);
  MetaPathSource m(params(true), kTiming, kPacket, mesh, 0, 1);
  bool original = false;
  const std::uint32_t p0 = m.choose(15, original);
  const ContendingFlow a{3, 12}, b{5, 9}, c{6, 10};
  m.acknowledge(15, ack(p0, 2 * zero(6), {a}));  // no solution yet: a miss, then DRB's opening
  EXPECT_EQ(m.counts().misses, 1u);
  m.acknowledge(15, ack(pack_waypoints(0, 14), 2 * zero(6)));  // 200 %: opens (1, 14)
  ASSERT_EQ(m.paths(15).size(), 3u);
  const auto grown = m.paths(15);
  m.acknowledge(15, ack(p0, zero(6)));                        // 150 %: not above it
  m.acknowledge(15, ack(pack_waypoints(0, 14), zero(6)));     // 120 %
  EXPECT_EQ(m.counts().saved, 0u);
  m.acknowledge(15, ack(pack_waypoints(1, 14), zero(6)));     // 100 %: saved, then one closes
  EXPECT_EQ(m.counts().saved, 1u);
  EXPECT_EQ(m.paths(15).size(), 2u);
  m.acknowledge(15, ack(p0, zero(6)));                        // closes the last (not saved again: it has not grown)
  EXPECT_EQ(m.counts().saved, 1u);
  ASSERT_EQ(m.paths(15).size(), 1u);  // back to the original path: the congestion is over
  m.acknowledge(15, ack(p0, 2 * zero(6), {b, a}));  // shares a: installed whole
  EXPECT_EQ(m.counts().installed, 1u);
  ASSERT_EQ(m.paths(15).size(), grown.size());
  for (std::size_t i = 0; i < grown.size(); ++i) EXPECT_EQ(m.paths(15)[i].first, grown[i].first);
  // Contract to the original again (the installed set is not saved over itself until it grows again).
  for (int k = 0; k < 4; ++k)
    for (const auto& [w, l] : m.paths(15)) m.acknowledge(15, ack(w, zero(6)));
  ASSERT_EQ(m.paths(15).size(), 1u);
  const std::uint64_t opened = m.counts().opened;
  m.acknowledge(15, ack(p0, 2 * zero(6), {c}));  // nothing saved for c
  EXPECT_EQ(m.counts().installed, 1u);
  EXPECT_EQ(m.counts().misses, 2u);
  EXPECT_EQ(m.counts().opened, opened + 1);
}

namespace {

// A congestion with flows {f} to node 15 that opens one path, then its relief: saved under {f}, back to one path.
void congest_and_relieve(MetaPathSource& m, const ContendingFlow& f) {
  m.acknowledge(15, ack(pack_waypoints(0, 15), 2 * zero(6), {f}));
  for (int k = 0; k < 4 && m.paths(15).size() > 1; ++k)
    for (const auto& [w, l] : m.paths(15)) m.acknowledge(15, ack(w, zero(6)));
  ASSERT_EQ(m.paths(15).size(), 1u);
}

}  // namespace

// A full database of 2 takes a third solution: under lru it replaces the least recently used (B: A was
// installed again since), under fifo the first saved (A). A's pattern then finds its solution under lru only.
TEST(MetaPath, AFullDatabaseReplacesByItsPolicy) {
  const Mesh mesh({4, 4}, 1, false);
  const ContendingFlow a{3, 12}, b{5, 9}, c{6, 10};
  for (const bool lru : {true, false}) {
    MetaPathParams p = params(true);
    p.solutions = 2;
    p.replace_least_recently_used = lru;
    MetaPathSource m(p, kTiming, kPacket, mesh, 0, 1);
    bool original = false;
    m.choose(15, original);
    congest_and_relieve(m, a);
    congest_and_relieve(m, b);
    EXPECT_EQ(m.counts().saved, 2u);
    congest_and_relieve(m, a);  // installed from the database: a use of A
    EXPECT_EQ(m.counts().installed, 1u);
    congest_and_relieve(m, c);  // a miss, then saved: the database is full
    const std::uint64_t installed = m.counts().installed;
    m.acknowledge(15, ack(pack_waypoints(0, 15), 2 * zero(6), {a}));
    EXPECT_EQ(m.counts().installed, installed + (lru ? 1 : 0)) << (lru ? "lru" : "fifo");
  }
}

// ---- Runs ----

namespace {

Overrides mesh8(const char* algorithm, const char* load) {
  return {{"topology.type", "mesh"}, {"topology.dims", "[8,8]"}, {"routing.algorithm", algorithm}, {"traffic.load", load},
          {"sim.warmup", "1000"},    {"sim.measure", "8000"}};
}

}  // namespace

// On an idle network the packets' latencies are the zero-load formula (PathTiming) exactly, never below; loaded, the waits the routers wrote hop by hop into each header add up to exactly its latency beyond
// that formula (two computations: one from the arrivals at every hop, one end to end). Every delivered packet
// is acknowledged, and every ACK is taken by its source or still on its way.
TEST(DrbRuns, HeaderWaitsAreTheLatencyBeyondZeroLoadAndEveryPacketIsAcknowledged) {
  const json idle = run_sane(with(mesh8("drb", "0.002"), {{"sim.measure", "20000"}}));
  EXPECT_EQ(idle["drb"]["latency_below_zero_load"], 0);
  // Excesses are whole cycles, so a mean below 0.05 leaves at least 95 % of the packets exactly at the formula.
  EXPECT_LT(idle["drb"]["latency_above_zero_load_mean"].get<double>(), 0.05);
  EXPECT_DOUBLE_EQ(idle["drb"]["wait_mean"].get<double>(), idle["drb"]["latency_above_zero_load_mean"].get<double>());
  EXPECT_EQ(idle["drb"]["paths_opened"], 0);
  for (const char* algorithm : {"drb", "prdrb"}) {
    const json r = run_sane(mesh8(algorithm, "0.25"));
    const json& d = r["drb"];
    EXPECT_EQ(d["latency_below_zero_load"], 0);
    EXPECT_GT(d["wait_mean"].get<double>(), 5.0) << algorithm;
    EXPECT_DOUBLE_EQ(d["wait_mean"].get<double>(), d["latency_above_zero_load_mean"].get<double>());
    EXPECT_GT(d["paths_opened"].get<long long>(), 0);
    EXPECT_TRUE(d["acks"]["ok"].get<bool>()) << d.dump();
    // One ACK per delivered packet: at least the packets delivered in the run, at most those created.
    const std::uint64_t made = d["acks"]["made"].get<std::uint64_t>();
    EXPECT_GE(made, r["conservation"]["delivered"].get<std::uint64_t>());
    EXPECT_LE(made, r["conservation"]["created"].get<std::uint64_t>());
    EXPECT_GT(r["path_types"]["msp"].get<double>(), 0.0) << algorithm;  // a share of the packets
  }
}

// The per-router latency map (seed 004 §5.5): every data head is counted once at each router it passes, its
// wait there measured by the next router or the NIC, so the heads add up to the packets' routers visited
// (hops + 1, from the statistics' own hop counts) and the waits to what the ACKs brought back (their mean
// per ACK, every packet acknowledged and taken). A lone packet waits nowhere.
TEST(DrbRuns, TheRouterLatencyMapAddsUpToTheHeadersWaits) {
  test::TempDir dir("hiradix_drb_map");
  std::string all_to_all;
  for (int k = 1; k < 16; ++k)
    for (int s = 0; s < 16; ++s) all_to_all += std::to_string(100 + 20 * k) + " " + std::to_string(s) + " " + std::to_string((s + k) % 16) + " 2\n";
  std::ofstream(dir.file("a2a.trace")) << all_to_all;
  std::ofstream(dir.file("one.trace")) << "100 0 15 1\n";
  const auto run = [&](const std::string& trace) {
    return run_sane({{"topology.type", "mesh"}, {"topology.dims", "[4,4]"}, {"routing.algorithm", "drb"}, {"routing.drb_acks", "free"},
                     {"traffic.pattern", "trace"}, {"traffic.trace_file", dir.file(trace)}, {"sim.warmup", "0"}, {"sim.measure", "20000"}});
  };
  const json r = run("a2a.trace");
  ASSERT_TRUE(r["trace"]["complete"].get<bool>());
  const json& d = r["drb"];
  ASSERT_EQ(d["router_wait_mean"].size(), 16u);
  double heads = 0, waited = 0;
  for (std::size_t i = 0; i < 16; ++i) {
    heads += d["router_heads"][i].get<double>();
    waited += d["router_heads"][i].get<double>() * d["router_wait_mean"][i].get<double>();
  }
  const double packets = r["packets"].get<double>();
  EXPECT_EQ(packets, 480);
  EXPECT_NEAR(heads, packets * (r["average_hops"].get<double>() + 1), 1e-6);
  EXPECT_EQ(d["acks"]["taken"], 480);
  EXPECT_NEAR(waited, d["wait_mean"].get<double>() * 480, 1e-6);
  EXPECT_GT(waited, 0);

  const json one = run("one.trace");
  int visited = 0;
  for (std::size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(one["drb"]["router_wait_mean"][i], 0.0) << i;
    visited += one["drb"]["router_heads"][i].get<int>();
  }
  EXPECT_EQ(visited, 7);  // XY from router 0 to 15: six hops
}

// The event-driven run is the polled one, under network and free ACKs, for both routings.
TEST(DrbRuns, EventsArePolling) {
  for (const char* algorithm : {"drb", "prdrb"})
    for (const char* acks : {"network", "free"}) {
      const Overrides o = with(mesh8(algorithm, "0.3"), {{"routing.drb_acks", acks}, {"sim.measure", "3000"}});
      const json event = run_sane(o), poll = run_sane(with(o, {{"sim.scheduling", "poll"}}));
      EXPECT_EQ(test::without_scheduling(event), test::without_scheduling(poll)) << algorithm << " " << acks;
    }
}

// Free ACKs use no link: the ACKs are taken all the same (and conserved), and at a load the network ACKs'
// own traffic saturates, the data's accepted load is higher without them.
TEST(DrbRuns, FreeAcksCarryTheSameNotificationsWithoutLoad) {
  const json network = run_sane(mesh8("drb", "0.45")), free = run_sane(with(mesh8("drb", "0.45"), {{"routing.drb_acks", "free"}}));
  EXPECT_TRUE(free["drb"]["acks"]["ok"].get<bool>());
  EXPECT_GT(free["drb"]["acks"]["taken"].get<std::uint64_t>(), 0u);
  EXPECT_GT(free["accepted_load"].get<double>(), network["accepted_load"].get<double>() + 0.02);
}

// Bursty repetitive traffic: result.json's bursts count the packets created in each burst (senders x load / size
// x burst cycles on average: bit reversal leaves the 8 palindromes of 6 bits silent, so 56 x 0.15 / 8 x 500 =
// 525, within 5 standard deviations of a Poisson count).
TEST(DrbRuns, BurstsReportEachBurstsPackets) {
  const json r = run_sane(with(mesh8("prdrb", "0.05"), {{"traffic.change.at", "0"}, {"traffic.change.pattern", "bit_reverse"},
                                                        {"traffic.change.load", "0.15"}, {"traffic.change.period", "2000"},
                                                        {"traffic.change.burst", "500"}, {"stats.bin", "500"}}));
  ASSERT_EQ(r["bursts"].size(), 4u);  // 8,000 cycles of measurement: 4 periods
  for (const json& b : r["bursts"]) {
    EXPECT_NEAR(b["packets"].get<double>(), 525.0, 5 * std::sqrt(525.0)) << b.dump();
    EXPECT_GE(b["latency_mean"].get<double>(), b["network_latency_mean"].get<double>());
  }
  EXPECT_TRUE(r["time_series"][0].contains("msps_per_flow"));
  EXPECT_GE(r["time_series"][0]["msps_per_flow"].get<double>(), 1.0);
}

// PR-DRB's database is fed by the routers' recording: under repeated bursts of bit reversal the sources save
// solutions and install them again; with a recording threshold no wait reaches, no header carries flows, so
// nothing is saved, installed or looked up (and PR-DRB searches as DRB does).
TEST(DrbRuns, TheRoutersRecordingFeedsTheDatabase) {
  const Overrides bursts = with(mesh8("prdrb", "0.1"), {{"traffic.change.at", "0"}, {"traffic.change.pattern", "bit_reverse"},
                                                       {"traffic.change.load", "0.3"}, {"traffic.change.period", "8000"},
                                                       {"traffic.change.burst", "2000"}, {"sim.measure", "40000"},
                                                       {"routing.drb_acks", "free"}});
  const json recorded = run_sane(bursts);
  EXPECT_GT(recorded["drb"]["solutions"]["saved"].get<long long>(), 0);
  EXPECT_GT(recorded["drb"]["solutions"]["installed"].get<long long>(), 0);
  const json never = run_sane(with(bursts, {{"routing.prdrb_record_wait", "1000000"}}));
  EXPECT_EQ(never["drb"]["solutions"]["saved"], 0);
  EXPECT_EQ(never["drb"]["solutions"]["installed"], 0);
  EXPECT_EQ(never["drb"]["solutions"]["misses"], 0);
  EXPECT_GT(never["drb"]["paths_opened"].get<long long>(), 0);
}

TEST(DrbConfig, BadConfigsNameTheirKey) {
  EXPECT_NE(config_error({{"routing.algorithm", "drb"}}).find("topology"), std::string::npos);  // the Dragonfly
  const Overrides mesh = {{"topology.type", "mesh"}, {"topology.dims", "[4,4]"}, {"routing.algorithm", "drb"}};
  EXPECT_NE(config_error(with(mesh, {{"routing.drb_low", "150"}})).find("routing.drb_low"), std::string::npos);
  EXPECT_NE(config_error(with(mesh, {{"routing.vns", "2"}})).find("routing.vns"), std::string::npos);
  EXPECT_NE(config_error(with(mesh, {{"routing.prdrb_flows", "3"}})).find("routing.prdrb_flows"), std::string::npos);  // prdrb's only
  EXPECT_NE(config_error(with(mesh, {{"routing.drb_paths", "9"}})).find("routing.drb_paths"), std::string::npos);
  EXPECT_EQ(config_error(with(mesh, {{"routing.algorithm", "prdrb"}, {"routing.prdrb_flows", "4"}})), "accepted");
  EXPECT_NE(config_error(with(mesh, {{"routing.algorithm", "prdrb"}, {"routing.prdrb_replacement", "random"}})).find("routing.prdrb_replacement"),
            std::string::npos);
}

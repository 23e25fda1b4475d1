// QCN in the network (qcn.sampling: output; router/flow/qcn_params.h; issue 29): congestion points on the
// switches' output queues make CNMs, packets on VCs of their own that reach the source of their victim, whose
// NIC's reaction point slows it. The dumbbell N -> 1: the congested queue settles near Q_eq and the N sources
// share the bottleneck fairly; CNMs are conserved and delivered where they are addressed; runs are the same
// under events and polling; bad configurations are refused naming the key.
#include <gtest/gtest.h>

#include <string>

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// 8 sources, each on a router of its own, send all their packets to node 8 at 0.5 each: 4 times what its
// ejection link carries. The ejection queue (router 8, port 0; 256 phits) is the one bottleneck: each
// source's router reaches router 8 by a link of its own, and router 8's allocator serves its inputs round
// robin. QCN's time constants are scaled to the run (a cycle is 25 ns: the timer 0.02 ms = 800 cycles, the
// byte counter 8,000 bytes = 8 packets), w = 2 (802.1Qau), a sample every 10 packets, each with Fb > 0 a CNM.
Overrides dumbbell(const char* reaction) {
  return {{"topology.type", "fully_connected"}, {"topology.routers", "9"}, {"topology.p", "1"},
          {"traffic.pattern", "hotspot"},       {"traffic.hotspot_fraction", "1.0"}, {"traffic.hotspot_nodes", "[8]"},
          {"traffic.load", "0.5"},              {"router.output_queue", "256"},   {"qcn.sampling", "output"},
          {"qcn.reaction", reaction},           {"qcn.w", "2"},                   {"qcn.cpc", "10"},
          {"qcn.cnm_percent", "100"},           {"qcn.timer_ms", "0.02"},         {"qcn.byte_counter", "8000"},
          {"sim.warmup", "20000"},              {"sim.measure", "200000"}};
}

void expect_cnms_conserved(const json& r) {
  const json& c = r["qcn"]["conservation"];
  EXPECT_TRUE(c["ok"].get<bool>()) << c.dump();
  EXPECT_GT(c["made"].get<long long>(), 0);
  EXPECT_EQ(r["conservation"]["misdelivered"], 0) << "every CNM reaches the node it is addressed to";
}

// Without reaction points the bottleneck queue stays full (the sources send as fast as credits allow) and
// round robin shares it evenly. With them (seed 1): the queue averages 43.3 phits against Q_eq = 51 (20 % of
// 256), the bottleneck stays busy (0.1654 against 0.1666 per node) and Jain's index is 0.991.
TEST(QcnNetwork, DumbbellQueueSettlesNearQeqAndTheSourcesShareTheBottleneck) {
  const json off = run_sane(dumbbell("off"));
  const json on = run_sane(dumbbell("on"));
  ASSERT_FALSE(off.is_null());
  ASSERT_FALSE(on.is_null());
  const json& hot_off = off["qcn"]["busiest_queue"];
  const json& hot_on = on["qcn"]["busiest_queue"];
  EXPECT_EQ(hot_off["router"], 8);
  EXPECT_EQ(hot_off["port"], 0);
  EXPECT_GT(hot_off["mean_phits"].get<double>(), 0.9 * 256);
  EXPECT_EQ(hot_on["router"], 8);
  const double q_eq = on["config"]["qcn"]["q_eq"].get<double>();
  EXPECT_EQ(q_eq, 51);
  EXPECT_GT(hot_on["mean_phits"].get<double>(), 0.5 * q_eq) << hot_on.dump();
  EXPECT_LT(hot_on["mean_phits"].get<double>(), 1.5 * q_eq) << hot_on.dump();
  EXPECT_GT(on["accepted_load"].get<double>(), 0.97 * off["accepted_load"].get<double>());
  EXPECT_EQ(on["fairness"]["sources"], 8);
  EXPECT_GT(on["fairness"]["jain_index"].get<double>(), 0.95) << on["fairness"].dump();
  EXPECT_GT(off["fairness"]["jain_index"].get<double>(), 0.99);
  expect_cnms_conserved(on);
  expect_cnms_conserved(off);
}

// On a Dragonfly (h = 2) under ADV+1, CNMs cross local and global links on their VCs above the routing's:
// min needs 2 local and 1 global VC, so MIN's 2 and 1 become 4 and 2. The run is the same under polling.
TEST(QcnNetwork, CnmsCrossTheDragonflyOnVcsOfTheirOwnAndPollingAgrees) {
  const Overrides o = {{"topology.h", "2"}, {"traffic.pattern", "adv"}, {"traffic.offset", "1"}, {"traffic.load", "0.4"},
                       {"qcn.sampling", "output"}, {"qcn.timer_ms", "0.02"}, {"qcn.byte_counter", "8000"},
                       {"sim.warmup", "2000"}, {"sim.measure", "6000"}};
  const json r = run_sane(o);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["config"]["router"]["vcs"]["local"], 4);
  EXPECT_EQ(r["config"]["router"]["vcs"]["global"], 2);
  EXPECT_EQ(r["config"]["router"]["vcs"]["injection"], 1);
  expect_cnms_conserved(r);
  EXPECT_GT(r["qcn"]["cnm_share_of_link_capacity"].get<double>(), 0.0);
  EXPECT_LT(r["qcn"]["cnm_share_of_link_capacity"].get<double>(), 0.02);
  const json poll = run_sane(with(o, {{"sim.scheduling", "poll"}}));
  EXPECT_EQ(without_scheduling(r), without_scheduling(poll));
}

TEST(QcnConfig, RefusalsNameTheKey) {
  const Overrides qcn = {{"qcn.sampling", "output"}};
  EXPECT_EQ(config_error(with(qcn, {{"router.switching", "wormhole"}, {"packet.flit", "2"}})).rfind("config error: qcn.sampling:", 0), 0u);
  EXPECT_EQ(config_error(with(qcn, {{"routing.vns", "2"}})).rfind("config error: qcn.sampling:", 0), 0u);
  EXPECT_EQ(config_error(with(qcn, {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"},
                                    {"router.queues", "bbq"}})).rfind("config error: qcn.sampling:", 0), 0u);
  const std::string vcs = config_error(with(qcn, {{"router.vcs.local", "2"}}));
  EXPECT_EQ(vcs.rfind("config error: router.vcs.local:", 0), 0u) << vcs;
  EXPECT_NE(vcs.find("for QCN's CNMs"), std::string::npos) << vcs;
  EXPECT_EQ(config_error(with(qcn, {{"qcn.min_rate_mbps", "50000"}})).rfind("config error: qcn.min_rate_mbps:", 0), 0u);
  EXPECT_EQ(config_error(qcn), "accepted");
}

}  // namespace

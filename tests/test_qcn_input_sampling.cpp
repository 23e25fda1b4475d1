// QCN's congestion points at the switches' input ports (qcn.sampling: input, seed 002's placement;
// router/congestion_notifier.h, Router::sample_inputs; issue 29). A head arriving at a router-to-router
// input counts towards its port's sample, taken at the head's arrival cycle with the port's data VCs as they
// are in that cycle, so events and polling agree; Q_eq defaults to 20 % of each port's data VCs. The
// dumbbell N -> 1: each source's packets wait at the bottleneck switch on an input port of their own, whose
// buffer the reaction points hold near its Q_eq.
#include <gtest/gtest.h>

#include <string>

#include "router/congestion_notifier.h"
#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// Three router-to-router ports of 3 VCs of 50 phits, the top one the CNMs': Q_eq = 20 % of 2 x 50 = 20.
TEST(QcnInputSampling, SamplesAreTakenAtTheirArrivalCycleInCycleAndPortOrder) {
  QcnParams params;
  params.sampling = true;
  params.site = QcnCpSite::kInput;
  params.cp.cpc = 2;
  params.cnm_vc_base[1] = 2;
  PortSpec port;
  port.link_class = 1;
  port.in_vcs = 3;
  port.in_depth = 50;
  CongestionNotifier cn(params, {port, port, port}, 1, 0);
  EXPECT_EQ(cn.q_eq(0), 20);
  EXPECT_EQ(cn.next_input_sample(), kNever);
  for (const auto& [p, at] : std::vector<std::pair<int, Cycle>>{{2, 10}, {1, 11}, {0, 8}, {2, 14}, {1, 12}, {0, 10}})
    cn.head_arriving(p, at);  // the second head of each port is its sample (CPC 2)
  EXPECT_EQ(cn.next_input_sample(), 10);
  EXPECT_TRUE(cn.take_due_samples(9).empty());
  const auto due = cn.take_due_samples(12);
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].at, 10);
  EXPECT_EQ(due[0].port, 0);
  EXPECT_EQ(due[1].at, 12);
  EXPECT_EQ(due[1].port, 1);
  EXPECT_EQ(cn.next_input_sample(), 14);
  ASSERT_EQ(cn.take_due_samples(14).size(), 1u);
  EXPECT_EQ(cn.next_input_sample(), kNever);
}

// tests/test_qcn_network.cpp's dumbbell (8 sources -> node 8 at 0.5 each, four times its ejection link) with
// the congestion points at the inputs: router 8's ejection queue stays full, and each source's packets wait
// behind it in router 8's input port from that source's router, of 256 phits (Q_eq 51). (With the default
// 32, Q_eq is 6 phits, below one 8-phit packet: the sources are held far below the bottleneck.)
Overrides dumbbell(const char* reaction) {
  return {{"topology.type", "fully_connected"}, {"topology.routers", "9"}, {"topology.p", "1"},
          {"traffic.pattern", "hotspot"},       {"traffic.hotspot_fraction", "1.0"}, {"traffic.hotspot_nodes", "[8]"},
          {"traffic.load", "0.5"},              {"router.output_queue", "256"},   {"router.buffers.network", "256"},
          {"qcn.sampling", "input"},
          {"qcn.reaction", reaction},           {"qcn.w", "2"},                   {"qcn.cpc", "10"},
          {"qcn.cnm_percent", "100"},           {"qcn.timer_ms", "0.02"},         {"qcn.byte_counter", "8000"},
          {"sim.warmup", "20000"},              {"sim.measure", "200000"}};
}

TEST(QcnInputSampling, DumbbellInputBuffersSettleNearTheirQeqAndTheSourcesShareTheBottleneck) {
  const json off = run_sane(dumbbell("off"));
  const json on = run_sane(dumbbell("on"));
  ASSERT_FALSE(off.is_null());
  ASSERT_FALSE(on.is_null());
  EXPECT_EQ(on["qcn"]["sampled_buffers"], "input");
  const json& hot_off = off["qcn"]["busiest_queue"];
  const json& hot_on = on["qcn"]["busiest_queue"];
  EXPECT_EQ(hot_off["router"], 8);
  EXPECT_EQ(hot_on["router"], 8);
  // Q_eq is 20 % of the port's data VCs: the routing's VCs of the class (the CNMs' are above them).
  const json& router = on["config"]["router"];
  const std::string cls = "network";
  const long long data_vcs = router["vcs"][cls].get<long long>() - 1;  // min needs one VC on a fully connected net
  const long long capacity = data_vcs * router["buffers"][cls].get<long long>();
  const double q_eq = hot_on["q_eq_phits"].get<double>();
  EXPECT_EQ(q_eq, std::max(1LL, capacity / 5));
  EXPECT_GT(hot_off["mean_phits"].get<double>(), 0.9 * static_cast<double>(capacity)) << "no reaction: the input fills";
  EXPECT_LE(hot_off["mean_phits"].get<double>(), static_cast<double>(capacity));
  EXPECT_GT(hot_on["mean_phits"].get<double>(), 0.5 * q_eq) << hot_on.dump();
  EXPECT_LT(hot_on["mean_phits"].get<double>(), 1.5 * q_eq) << hot_on.dump();
  EXPECT_GT(on["accepted_load"].get<double>(), 0.97 * off["accepted_load"].get<double>());
  EXPECT_GT(on["fairness"]["jain_index"].get<double>(), 0.95) << on["fairness"].dump();
  EXPECT_TRUE(on["qcn"]["conservation"]["ok"].get<bool>());
  EXPECT_GT(on["qcn"]["cnms_made"].get<long long>(), 0);
  EXPECT_EQ(on["conservation"]["misdelivered"], 0);
}

// Under events a head behind others in its VC does not wake its router at its arrival: the sample's cycle
// must (Router::qcn_step). Here that mattered: without it 7 of 1,341 CNMs differed from the polled run.
TEST(QcnInputSampling, DumbbellIsTheSameUnderPolling) {
  const json event = run_sane(with(dumbbell("on"), {{"sim.measure", "40000"}}));
  const json poll = run_sane(with(dumbbell("on"), {{"sim.measure", "40000"}, {"sim.scheduling", "poll"}}));
  ASSERT_FALSE(event.is_null());
  EXPECT_EQ(without_scheduling(event), without_scheduling(poll));
}

// A Dragonfly (h = 2) under ADV+1: samples at the inputs with per-VC FIFOs and with per-output VOQs (whose
// moves reorder the buffer: the victim is drawn in arrival order), and QCN-Switch's source processing moved by
// them. Each run is the same under polling, and its CNMs are conserved.
TEST(QcnInputSampling, PollingAgreesWithEventsWithVcFifosVoqsAndQcnSwitch) {
  const Overrides adv = {{"topology.h", "2"}, {"traffic.pattern", "adv"}, {"traffic.offset", "1"}, {"traffic.load", "0.4"},
                         {"qcn.sampling", "input"}, {"qcn.cpc", "10"}, {"qcn.timer_ms", "0.02"}, {"qcn.byte_counter", "8000"},
                         {"sim.warmup", "2000"}, {"sim.measure", "4000"}};
  const Overrides qcn_switch = {{"routing.algorithm", "qcn_switch"}, {"routing.qcn_variant", "source"}, {"qcn.reaction", "off"},
                                {"router.flow_control", "pause"}, {"router.queues", "voq_sw"}, {"router.buffers.local", "512"},
                                {"router.buffers.global", "512"}, {"router.buffers.injection", "512"}};
  for (const Overrides& o : {adv, with(adv, {{"router.queues", "voq_sw"}}), with(adv, qcn_switch)}) {
    const json event = run_sane(o);
    ASSERT_FALSE(event.is_null());
    EXPECT_TRUE(event["qcn"]["conservation"]["ok"].get<bool>());
    EXPECT_GT(event["qcn"]["cnms_made"].get<long long>(), 0) << o.back().first;
    EXPECT_EQ(without_scheduling(event), without_scheduling(run_sane(with(o, {{"sim.scheduling", "poll"}})))) << o.back().first;
  }
}

}  // namespace
